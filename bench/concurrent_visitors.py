"""N visitors (default 10) open an app at the same moment: how long each waits for its first widget, and failures.

    python bench/concurrent_visitors.py [--visitors 10] [--notebook index.ipynb] [--json]
Prints a short table (--json: one JSON object).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from _apps import served
from _table import quiet, report

from widgets.serve import CHROMIUM, CHROMIUM_ARGS, WIDGET_SELECTOR


def visitor(url: str, results: list, i: int, start: threading.Event, timeout_ms: float) -> None:
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = b.new_page()
            start.wait()
            t = time.perf_counter()
            page.goto(url, wait_until="commit", timeout=timeout_ms)
            page.wait_for_selector(WIDGET_SELECTOR, state="visible", timeout=timeout_ms)
            results[i] = {"ok": True, "wait_s": round(time.perf_counter() - t, 2)}
            b.close()
    except Exception as exc:  # a failure is a figure here, not a crash
        results[i] = {"ok": False, "error": f"{type(exc).__name__}: {str(exc)[:200]}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--visitors", type=int, default=10)
    parser.add_argument("--notebook", default="index.ipynb")
    parser.add_argument("--timeout", type=float, default=300, help="seconds each visitor waits at most")
    parser.add_argument("--no-preheat", action="store_true", help="serve without the preheated kernel pool")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    extra = ["--VoilaConfiguration.preheat_kernel=False"] if args.no_preheat else []
    results: list = [None] * args.visitors
    with served(*extra) as (base, _):
        start = threading.Event()
        url = f"{base}/voila/render/{args.notebook}"
        threads = [threading.Thread(target=visitor, args=(url, results, i, start, args.timeout * 1000)) for i in range(args.visitors)]
        for t in threads:
            t.start()
        time.sleep(5)  # let every browser start before the visitors arrive together
        start.set()
        for t in threads:
            t.join()
    waits = [r["wait_s"] for r in results if r and r.get("ok")]
    failed = [r for r in results if not (r and r.get("ok"))]
    wait = {"min": min(waits, default=None), "median": statistics.median(waits) if waits else None, "max": max(waits, default=None)}
    out = {"benchmark": "concurrent visitors", "notebook": args.notebook, "visitors": args.visitors,
           "preheated_pool": not args.no_preheat, "succeeded": len(waits), "failed": failed, "wait_s": wait, "each": results}
    notes = [f"failed: {(r or {}).get('error', 'no result')}" for r in failed[:3]]
    report(args.json, out, f"{args.visitors} visitors open {args.notebook} at once"
           + ("" if not args.no_preheat else " (no preheated kernels)"),
           ["succeeded", "failed", "min wait s", "median wait s", "max wait s"],
           [[len(waits), len(failed), wait["min"], wait["median"], wait["max"]]], notes)


if __name__ == "__main__":
    main()
