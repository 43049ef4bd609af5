"""Kernel memory per visitor: the resident memory of the kernel behind each app after it has loaded.

Prints a short table (--json: one JSON object); MiB, unique set size where the OS reports it, else RSS.
    python bench/kernel_memory.py [--json]
"""

from __future__ import annotations

import argparse
import time

from _apps import FLOORS, browser, floor_of, leave, notebooks, served, time_to_widget
from _table import quiet, report

from widgets.serve import kernel_processes


def memory_mib(proc) -> float:
    try:
        info = proc.memory_full_info()
        return round(getattr(info, "uss", info.rss) / 2**20, 1)
    except Exception:
        return round(proc.memory_info().rss / 2**20, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    out = {}
    with served("--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}}") as (base, proc), browser() as b:
        for nb in [*FLOORS, *notebooks()]:
            before = {k.pid for k in kernel_processes(proc)}
            page = b.new_page()
            time_to_widget(page, f"{base}/voila/render/{nb}")
            time.sleep(1.0)
            new = [k for k in kernel_processes(proc) if k.pid not in before]
            out[nb] = {"kernel_mib": memory_mib(new[0]) if new else None}
            leave(page)
    for nb, r in out.items():
        floor = out.get(floor_of(nb), {}).get("kernel_mib")
        r["floor"] = floor_of(nb)
        r["vs_floor"] = round(r["kernel_mib"] / floor, 2) if floor and r["kernel_mib"] else None
    apps = {nb: r for nb, r in out.items() if nb not in FLOORS}
    worst = max((r["vs_floor"] for r in apps.values() if r["vs_floor"]), default=None)
    report(args.json, {"benchmark": "kernel memory per visitor", "notebooks": out}, "Kernel memory per visitor",
           ["notebook", "kernel MiB", "floor", "vs floor"], [[nb, r["kernel_mib"], r["floor"], r["vs_floor"]] for nb, r in out.items()],
           [f"floor: an empty notebook with the app's imports and one widget; worst app {worst}x its floor (goal <= 1.15x)"])


if __name__ == "__main__":
    main()
