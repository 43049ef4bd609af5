"""Voila time to first widget per notebook, beside an empty notebook with the same imports (the floor).

Each notebook is opened twice in fresh tabs; the first notebook visit includes any kernel start.
Prints a short table (--json: one JSON object).
    python bench/voila_startup.py [--json]
"""

from __future__ import annotations

import argparse
import statistics

from _apps import FLOOR, browser, notebooks, served, time_to_widget
from _table import quiet, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    results = {}
    with served() as (base, _), browser() as b:
        for nb in [FLOOR, *notebooks()]:
            times = []
            for _ in range(2):
                page = b.new_page()
                times.append(time_to_widget(page, f"{base}/voila/render/{nb}"))
                page.close()
            results[nb] = {"seconds": [round(t, 2) for t in times], "median_s": round(statistics.median(times), 2)}
    floor = results[FLOOR]["median_s"]
    for r in results.values():
        r["vs_floor"] = round(r["median_s"] / floor, 2)
    note = "index.ipynb uses a preheated kernel (voila.json); the others start one per visit"
    rows = [[nb, " / ".join(map(str, r["seconds"])), r["median_s"], r["vs_floor"]] for nb, r in results.items()]
    report(args.json, {"benchmark": "voila time to first widget", "floor": FLOOR, "note": note, "notebooks": results},
           "Voila time to first widget (two visits each)", ["notebook", "seconds", "median s", "vs floor"], rows,
           [f"floor: {FLOOR}, the same imports and one widget; {note}"])


if __name__ == "__main__":
    main()
