"""Widget round trip in the browser: from an input (a key press on a slider) to the chart redrawn.

For each odds app: focus the slider, press an arrow key, and time until the Plotly chart's SVG changes.
Prints a short table (--json: one JSON object) with every sample and the median, in milliseconds.
    python bench/widget_roundtrip.py [--json]
"""

from __future__ import annotations

import argparse
import statistics
import time

from _apps import browser, leave, served, time_to_widget
from _table import quiet, report

# (notebook, slider container, chart container): the first slider of the container drives the chart
APPS = [
    ("henchmania/02-odds.ipynb", ".hench-duel-odds", ".hench-duel-odds .js-plotly-plot"),
    ("huns/02-odds.ipynb", ".hench-draft-odds", ".hench-draft-odds .js-plotly-plot"),
]
CHART_STATE = "sel => { const el = document.querySelector(sel); return el ? Array.from(el.querySelectorAll('svg')).map(s => s.innerHTML).join('') : ''; }"


def samples(page, slider_box: str, chart: str, presses: int = 6) -> list[float]:
    page.wait_for_selector(chart + " svg.main-svg", timeout=120_000)
    handle = page.locator(f"{slider_box} .noUi-handle").first
    out = []
    for i in range(presses):
        before = page.evaluate(CHART_STATE, chart)
        handle.focus()
        t = time.perf_counter()
        page.keyboard.press("ArrowLeft" if i % 2 else "ArrowRight")
        page.wait_for_function(f"([sel, old]) => ({CHART_STATE})(sel) !== old", arg=[chart, before], timeout=30_000)
        out.append((time.perf_counter() - t) * 1000)
        page.wait_for_timeout(300)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    results = {}
    with served() as (base, _), browser() as b:
        for notebook, slider_box, chart in APPS:
            page = b.new_page(viewport={"width": 1280, "height": 1400})
            time_to_widget(page, f"{base}/voila/render/{notebook}")
            ms = samples(page, slider_box, chart)
            results[notebook] = {"ms": [round(x, 1) for x in ms], "median_ms": round(statistics.median(ms), 1)}
            leave(page)
    report(args.json, {"benchmark": "widget round trip: slider key press to chart redrawn", "apps": results},
           "Widget round trip: slider key press to chart redrawn", ["app", "median ms", "samples ms"],
           [[nb, r["median_ms"], " ".join(map(str, r["ms"]))] for nb, r in results.items()])


if __name__ == "__main__":
    main()
