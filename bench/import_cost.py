"""What `import hench` costs, and import + Henchmania's whole 36-cell duel table in a fresh process,
beside icepool computing the same table in a fresh process in the same run.

Prints a short table (--json: one JSON object). Times exclude the interpreter's own start-up (measured from the first line
of each fresh process). Goals (issue "One shape for every game"): hench's own import under 30 ms;
import + table at most a tenth of icepool's.
    python bench/import_cost.py [--runs 7] [--json]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys

from _table import quiet, report

HENCH = """
import time; t0 = time.perf_counter()
import hench
from hench.henchmania import odds
table = odds.win_table()
assert len(table) == 36
print((time.perf_counter() - t0) * 1000)
"""

ICEPOOL = """
import time; t0 = time.perf_counter()
import icepool
table = {}
for a in range(1, 7):
    for d in range(1, 7):
        hits = icepool.d6.pool(3).expand().map(lambda roll: sum(x >= a for x in roll))
        wounds = hits.map(lambda h: h - (h @ (icepool.d6 >= d)) if h else 0)
        table[a, d] = wounds.probability(">=", 1)
assert len(table) == 36
print((time.perf_counter() - t0) * 1000)
"""


def fresh_ms(code: str) -> float:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def import_hench_ms() -> float:
    """hench's cumulative import time as `python -X importtime` reports it (microseconds -> ms)."""
    err = subprocess.run([sys.executable, "-X", "importtime", "-c", "import hench"], capture_output=True, text=True, check=True).stderr
    line = [row for row in err.splitlines() if re.search(r"\|\s*hench$", row)][-1]
    return int(line.split("|")[1]) / 1000


def figures(values: list[float]) -> dict:
    return {"min_ms": round(min(values), 2), "median_ms": round(statistics.median(values), 2), "max_ms": round(max(values), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    imports, ours, theirs = [], [], []
    for _ in range(args.runs):  # interleaved, so both see the same machine load
        imports.append(import_hench_ms())
        ours.append(fresh_ms(HENCH))
        theirs.append(fresh_ms(ICEPOOL))
    out = {
        "benchmark": "import cost and the duel table in a fresh process",
        "import_hench": figures(imports),
        "hench_import_and_duel_table": figures(ours),
        "icepool_import_and_duel_table": figures(theirs),
        "ratio_hench_to_icepool_median": round(statistics.median(ours) / statistics.median(theirs), 3),
    }
    rows = [[name, f["min_ms"], f["median_ms"], f["max_ms"]] for name, f in (
        ("import hench (-X importtime, cumulative)", out["import_hench"]),
        ("hench: import + Henchmania duel table (36)", out["hench_import_and_duel_table"]),
        ("icepool: import + the same table", out["icepool_import_and_duel_table"]))]
    report(args.json, out, f"Import cost in fresh processes ({args.runs} runs, interleaved)",
           ["measurement", "min ms", "median ms", "max ms"], rows,
           [f"hench/icepool median ratio: {out['ratio_hench_to_icepool_median']} (target <= 0.1); "
            f"import hench target < 30 ms"])


if __name__ == "__main__":
    main()
