"""Exact odds query latency: how long one exact answer takes, cold (caches cleared) and warm.

Prints a short table (--json: one JSON object).
    python bench/odds_latency.py [--json]
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable

from _table import quiet, report

import hench  # noqa: F401  (registers the games)
from hench.henchmania import odds as hm
from hench.huns import odds as hu


def clear_caches(*modules) -> None:
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


def timed(call: Callable[[], object], repeat: int = 30) -> dict:
    cold, warm = [], []
    for _ in range(repeat):
        clear_caches(hm, hu)
        t = time.perf_counter()
        call()
        cold.append(time.perf_counter() - t)
        t = time.perf_counter()
        call()
        warm.append(time.perf_counter() - t)

    def ms(xs: list[float]) -> float:
        return round(statistics.median(xs) * 1000, 3)

    return {"cold_ms_median": ms(cold), "warm_ms_median": ms(warm), "cold_ms_max": round(max(cold) * 1000, 3)}


QUERIES: dict[str, Callable[[], object]] = {
    "henchmania duel_win_probability(4, 3)": lambda: hm.duel_win_probability(4, 3),
    "henchmania duel_win_probability(4, 3, apothecary)": lambda: hm.duel_win_probability(4, 3, apothecary=True),
    "henchmania win_table (all 36)": lambda: hm.win_table(),
    "henchmania expected_points(3, 4)": lambda: hm.expected_points(3, 4),
    "henchmania tiebreak_win_probability(4, 3, 4, 3)": lambda: hm.tiebreak_win_probability(4, 3, 4, 3),
    "huns best_die_left(3)": lambda: hu.best_die_left(3),
    "huns value_left_to_picker(5)": lambda: hu.value_left_to_picker(5),
    "huns wagon_fill_chance('red:2,blue:1', turns=2)": lambda: hu.wagon_fill_chance({"red": 2, "blue": 1}, turns=2),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    queries = {k: timed(f) for k, f in QUERIES.items()}
    rows = [[k, q["cold_ms_median"], q["warm_ms_median"], q["cold_ms_max"]] for k, q in queries.items()]
    report(args.json, {"benchmark": "exact odds query latency", "queries": queries}, "Exact odds query latency (30 runs each)",
           ["query", "cold ms (median)", "warm ms (median)", "cold ms (max)"], rows)


if __name__ == "__main__":
    main()
