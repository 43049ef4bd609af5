"""Voila time to first widget per notebook, beside an empty notebook with the same imports (the floor).

Each notebook is opened twice in fresh tabs; the first notebook visit includes any kernel start.
Prints one JSON object.
"""

from __future__ import annotations

import json
import statistics

from _apps import FLOOR, browser, notebooks, served, time_to_widget


def main() -> None:
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
    for nb, r in results.items():
        r["vs_floor"] = round(r["median_s"] / floor, 2)
    print(json.dumps({"benchmark": "voila time to first widget", "floor": FLOOR,
                      "note": "index.ipynb uses a preheated kernel (voila.json); the others start one per visit",
                      "notebooks": results}, indent=1))


if __name__ == "__main__":
    main()
