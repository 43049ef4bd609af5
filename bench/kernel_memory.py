"""Kernel memory per visitor: the resident memory of the kernel behind each app after it has loaded.

Prints one JSON object (MiB, unique set size where the OS reports it, else RSS).
"""

from __future__ import annotations

import json
import time

from _apps import FLOOR, browser, notebooks, served, time_to_widget
from widgets.serve import kernel_processes


def memory_mib(proc) -> float:
    try:
        info = proc.memory_full_info()
        return round(getattr(info, "uss", info.rss) / 2**20, 1)
    except Exception:
        return round(proc.memory_info().rss / 2**20, 1)


def main() -> None:
    out = {}
    with served("--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}}") as (base, proc), browser() as b:
        for nb in [FLOOR, *notebooks()]:
            before = {k.pid for k in kernel_processes(proc)}
            page = b.new_page()
            time_to_widget(page, f"{base}/voila/render/{nb}")
            time.sleep(1.0)
            new = [k for k in kernel_processes(proc) if k.pid not in before]
            out[nb] = {"kernel_mib": memory_mib(new[0]) if new else None}
            page.close()
    print(json.dumps({"benchmark": "kernel memory per visitor", "notebooks": out}, indent=1))


if __name__ == "__main__":
    main()
