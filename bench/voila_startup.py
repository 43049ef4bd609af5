"""Voila time to first widget per notebook, beside an empty notebook with the same imports (the floor).

Every notebook is preheated (voila.json), the floor too. Each is opened --visits times (default 5) in
fresh tabs, each time once its pool has a kernel ready (/hench/status), as a visitor who arrives at a
server that is ready for the class. The visits go round the notebooks (floors and apps in turn), so a
change in the machine's load falls on apps and floors alike; the figure is the median. Prints a short
table (--json: one JSON object).
    python bench/voila_startup.py [--visits 5] [--json]
"""

from __future__ import annotations

import argparse
import statistics
import time

import requests
from _apps import FLOORS, browser, floor_of, notebooks, served, time_to_widget
from _table import quiet, report


def wait_pool(base: str, notebook: str, timeout: float = 600) -> None:
    """Until the notebook's preheated pool has a kernel whose notebook has run."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pools = requests.get(base + "/hench/status", timeout=10).json()["pools"]
        if pools.get(notebook, {}).get("ready", 0) >= 1:
            return
        time.sleep(0.5)
    raise RuntimeError(f"{notebook}: no preheated kernel in {timeout:g} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--visits", type=int, default=5, help="visits per notebook (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    every = [*FLOORS, *notebooks()]
    times: dict[str, list[float]] = {nb: [] for nb in every}
    with served() as (base, _), browser() as b:
        for _ in range(args.visits):
            for nb in every:
                wait_pool(base, nb)
                page = b.new_page()
                times[nb].append(time_to_widget(page, f"{base}/voila/render/{nb}"))
                page.close()
    results = {nb: {"seconds": [round(t, 2) for t in ts], "median_s": round(statistics.median(ts), 2)} for nb, ts in times.items()}
    for nb, r in results.items():
        r["floor"] = floor_of(nb)
        r["vs_floor"] = round(r["median_s"] / results[floor_of(nb)]["median_s"], 2)
    worst = max(r["vs_floor"] for nb, r in results.items() if nb not in FLOORS)
    note = "every notebook is served from its preheated pool (voila.json), the floor too"
    rows = [[nb, f"{min(r['seconds'])}-{max(r['seconds'])}", r["median_s"], r["floor"], r["vs_floor"]] for nb, r in results.items()]
    report(args.json, {"benchmark": "voila time to first widget", "note": note, "notebooks": results},
           f"Voila time to first widget ({args.visits} visits each, median)", ["notebook", "range s", "median s", "floor", "vs floor"], rows,
           [f"floor: an empty notebook with the app's imports and one widget; {note}; worst app {worst}x its floor (goal <= 1.2x)"])


if __name__ == "__main__":
    main()
