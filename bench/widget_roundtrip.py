"""Widget round trips in the browser: from an input to the page redrawn.

- Odds apps: focus the slider, press an arrow key, and time until the Plotly chart's SVG changes.
- Play apps: press a move (the first move button, or "Play this move" when the moves are a list, or
  "Roll the dice"), and time until the table's log shows it: the kernel has played it, the bots have
  answered, and the board, the moves open now and the log are redrawn on the page.
Prints a short table (--json: one JSON object) with every sample and the median, in milliseconds.
    python bench/widget_roundtrip.py [--json] [--moves N]
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


PLAY_APPS = [f"{game}/03-play.ipynb" for game in ("henchmania", "huns", "hemloch", "maniacal", "lancaster")]
NEWEST_LOG = "() => { const e = document.querySelector('.hench-game .hench-log .hench-log-entry'); return e ? e.innerText : ''; }"


def move_samples(page, moves: int) -> list[tuple[float, int]]:
    """(ms, buttons offered before the press) for each of `moves` presses; stops early at the game's end."""
    game = page.locator(".hench-game").first
    game.wait_for(timeout=120_000)
    out = []
    for _ in range(moves):
        page.wait_for_timeout(300)
        buttons = game.locator(".hench-move")
        offered = buttons.count()
        listed = game.get_by_role("button", name="Play this move")
        for target in (buttons.first, listed, game.get_by_role("button", name="Roll the dice")):
            if target.count() and target.is_visible() and target.is_enabled():
                break
        else:
            break  # nothing to press: the game is over
        if target is listed:  # too many moves for buttons: choose the list's first, then press
            offered = 0
            game.get_by_label("Move", exact=True).select_option(index=0)
            page.wait_for_timeout(300)
        before = page.evaluate(NEWEST_LOG)
        t = time.perf_counter()
        target.click()
        page.wait_for_function(f"old => ({NEWEST_LOG})() !== old", arg=before, timeout=60_000)
        out.append(((time.perf_counter() - t) * 1000, offered))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--moves", type=int, default=8, help="moves pressed in each Play app (default 8)")
    args = parser.parse_args()
    quiet()
    results, moves = {}, {}
    with served() as (base, _), browser() as b:
        for notebook, slider_box, chart in APPS:
            page = b.new_page(viewport={"width": 1280, "height": 1400})
            time_to_widget(page, f"{base}/voila/render/{notebook}")
            ms = samples(page, slider_box, chart)
            results[notebook] = {"ms": [round(x, 1) for x in ms], "median_ms": round(statistics.median(ms), 1)}
            leave(page)
        for notebook in PLAY_APPS:
            page = b.new_page(viewport={"width": 1280, "height": 1400})
            time_to_widget(page, f"{base}/voila/render/{notebook}")
            got = move_samples(page, args.moves)
            ms = [m for m, _ in got]
            moves[notebook] = {"ms": [round(m, 1) for m in ms], "buttons": [n for _, n in got],
                               "median_ms": round(statistics.median(ms), 1) if ms else None}
            leave(page)
    if args.json:
        report(True, {"benchmark": "widget round trips", "slider_to_chart": results, "move_to_table": moves}, "", [], [])
        return
    report(False, {}, "Widget round trip: slider key press to chart redrawn", ["app", "median ms", "samples ms"],
           [[nb, r["median_ms"], " ".join(map(str, r["ms"]))] for nb, r in results.items()])
    print()
    report(False, {}, "Move round trip: a move pressed to the table redrawn (the bots' replies included)",
           ["app", "median ms", "samples ms", "buttons offered"],
           [[nb, r["median_ms"], " ".join(map(str, r["ms"])), " ".join(map(str, r["buttons"]))] for nb, r in moves.items()])


if __name__ == "__main__":
    main()
