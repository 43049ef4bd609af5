"""Voila time to first widget per notebook, beside an empty notebook with the same imports (the floor).

Every notebook is preheated (voila.json), the floor too. Each app is opened --visits times (default 5) in
fresh tabs, each time right beside a visit of its floor (floor then app, or app then floor, in turn), and
each visit once every pool is full again (/hench/status) and the machine has settled, as a visitor who
arrives at a server that is ready for the class (a pool refilling beside the visit runs a whole notebook
and would be measured with it).

The time is the page's own, from the navigation's start to the first widget on screen, checked at every
animation frame (_apps.time_to_widget). Each app's figure is its paired ratio, the median over its visits
of app time / the floor visit beside it (neighbouring visits share the machine's state of the moment),
with a 90% bootstrap interval over the pairs (paired_interval); the ratio of the two medians (unpaired,
each floor's visits pooled) is printed beside it. Prints a short table (--json: one JSON object).
With --trace-slow DIR, every visit is traced (bench/_apps.py Trace) and a visit much slower than its
notebook's median is written to DIR beside the fastest visit of the same notebook, with the server's log.
    python bench/voila_startup.py [--visits 5] [--only huns/] [--json] [--trace-slow DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from _apps import Trace, browser, floor_of, leave, notebooks, served, time_to_widget, wait_filled, wait_full
from _table import quiet, report


def ratio_interval(app: list[float], floor: list[float], rounds: int = 4000, seed: int = 0) -> tuple[float, float]:
    """A 90% bootstrap interval for median(app) / median(floor): where the ratio could as well have landed
    with other visits of the same pages. A floor alone spreads over about 0.8 s on this machine (1.2-2.1 s),
    so at 9 visits a median ratio moves by about 0.1 either way, as much as the goal's margin."""
    rng = random.Random(seed)
    ratios = sorted(statistics.median(rng.choices(app, k=len(app))) / statistics.median(rng.choices(floor, k=len(floor)))
                    for _ in range(rounds))
    return round(ratios[int(0.05 * rounds)], 2), round(ratios[int(0.95 * rounds) - 1], 2)


def paired_interval(ratios: list[float], rounds: int = 4000, seed: int = 0) -> tuple[float, float]:
    """A 90% bootstrap interval for the median of an app's paired ratios (app / the floor visit beside it)."""
    rng = random.Random(seed)
    medians = sorted(statistics.median(rng.choices(ratios, k=len(ratios))) for _ in range(rounds))
    return round(medians[int(0.05 * rounds)], 2), round(medians[int(0.95 * rounds) - 1], 2)


def write_slow(folder: Path, times: dict[str, list[float]], traces: dict[str, list]) -> None:
    """Each visit over 1.5x (and 1 s over) its notebook's median, beside that notebook's fastest visit."""
    for nb, ts in times.items():
        median = statistics.median(ts)
        slow = [i for i, t in enumerate(ts) if t > max(1.5 * median, median + 1)]
        if not slow:
            continue
        name = nb.replace("/", "_").removesuffix(".ipynb")
        fastest = min(range(len(ts)), key=ts.__getitem__)
        traces[nb][fastest].write(folder / f"{name}-fastest.txt", f"{nb}: visit {fastest + 1}, {ts[fastest]:.2f} s (fastest)")
        for i in slow:
            traces[nb][i].write(folder / f"{name}-slow-{i + 1}.txt", f"{nb}: visit {i + 1}, {ts[i]:.2f} s (median {median:.2f} s)")
            print(f"slow visit traced: {folder / f'{name}-slow-{i + 1}.txt'}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--visits", type=int, default=5, help="visits per notebook (default 5)")
    parser.add_argument("--only", default="", help="only the apps whose path contains this (and their floors), e.g. huns/")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--trace-slow", type=Path, metavar="DIR", help="write the trace of every slow visit to DIR")
    args = parser.parse_args()
    log_path = None
    if args.trace_slow:
        args.trace_slow.mkdir(parents=True, exist_ok=True)
        log_path = args.trace_slow / "server.log"
    quiet()
    apps = [nb for nb in notebooks() if args.only in nb]
    if not apps:
        parser.error(f"no notebook's path contains {args.only!r}")
    every = [*dict.fromkeys(floor_of(nb) for nb in apps), *apps]
    times: dict[str, list[float]] = {nb: [] for nb in every}
    traces: dict[str, list[Trace]] = {nb: [] for nb in every}
    pairs: dict[str, list[float]] = {nb: [] for nb in apps}  # app time / the floor visit beside it
    with served(log_path=log_path) as (base, _), browser() as b:
        full = wait_filled(base)

        def visit(nb: str) -> float:
            wait_full(base, full)
            page = b.new_page()
            trace = Trace(page, log_path) if log_path else None
            seconds = time_to_widget(page, f"{base}/voila/render/{nb}")
            times[nb].append(seconds)
            if trace:
                trace.stop()
                traces[nb].append(trace)
            leave(page)
            return seconds

        for round_ in range(args.visits):
            for nb in apps:
                first, second = (floor_of(nb), nb) if round_ % 2 == 0 else (nb, floor_of(nb))
                t_first, t_second = visit(first), visit(second)
                app_s, floor_s = (t_first, t_second) if first == nb else (t_second, t_first)
                pairs[nb].append(app_s / floor_s)
    if args.trace_slow:
        write_slow(args.trace_slow, times, traces)
    results = {nb: {"seconds": [round(t, 2) for t in ts], "median_s": round(statistics.median(ts), 2)} for nb, ts in times.items()}
    for nb in apps:
        r = results[nb]
        r["floor"] = floor_of(nb)
        r["vs_floor"] = round(r["median_s"] / results[floor_of(nb)]["median_s"], 2)
        r["vs_floor_90"] = ratio_interval(times[nb], times[floor_of(nb)])
        r["paired"] = round(statistics.median(pairs[nb]), 2)
        r["paired_90"] = paired_interval(pairs[nb])
        r["pair_ratios"] = [round(x, 3) for x in pairs[nb]]
    apps_only = {nb: results[nb] for nb in apps}
    worst = max(r["paired"] for r in apps_only.values())
    under = sum(r["paired_90"][1] <= 1.2 for r in apps_only.values())
    over = sum(r["paired_90"][0] > 1.2 for r in apps_only.values())
    note = "every notebook is served from its preheated pool (voila.json), the floor too"
    rows = [[nb, f"{min(r['seconds'])}-{max(r['seconds'])}", r["median_s"], *(
             ["-", "-", "-", "-"] if nb not in apps else
             [r["floor"], r["paired"], "{}-{}".format(*r["paired_90"]), r["vs_floor"]])] for nb, r in results.items()]
    report(args.json, {"benchmark": "voila time to first widget", "note": note, "notebooks": results},
           f"Voila time to first widget ({args.visits} visits of each app, each beside a visit of its floor)",
           ["notebook", "range s", "median s", "floor", "vs floor, paired", "90% interval", "vs floor, medians"], rows,
           [f"floor: an empty notebook with the app's imports and one widget; {note}",
            "vs floor, paired: the median of app time / the floor visit beside it; medians: the ratio of the medians",
            f"worst app {worst}x its floor, paired (goal <= 1.2x); {len(apps_only)} apps: {under} within 1.2x over their whole "
            f"90% interval, {over} over 1.2x over it, {len(apps_only) - under - over} undecided at {args.visits} visits"])


if __name__ == "__main__":
    main()
