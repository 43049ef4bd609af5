"""What an app page weighs on the wire, and how long it takes to open over a class's network.

A class shares one network: when 30 students open an app together, each gets a slice of the Wi-Fi, and a
page's ~90 scripts and styles (about 6.5 MB as files) are what they wait for. This opens a few apps in
headless Chromium, once in a fresh browser ("first visit") and once after the shelf in the same tab, as
a student arrives from the shelf ("from the shelf": the browser has the shelf's files). Each visit runs
on the machine itself and again over an emulated class network (Chromium's network throttling), on the
server as it is and on one started with `--HenchVoila.pack_static=False` (files sent as they are, the
widget extensions' revalidated on every page: Voila's defaults).

Prints, per page and visit: the bytes over the wire (headers included, to the page's last request),
the requests that reached the server, and the time to the first widget (median of --visits).

The class network is an assumption, not a measurement: 4 Mbit/s down, 2 Mbit/s up and 20 ms more delay
per request, one student's share when 30 open an app together on school Wi-Fi giving the class about
120 Mbit/s. Change it with --mbps and --latency-ms.
"""

from __future__ import annotations

import argparse
import statistics

from _apps import browser, leave, served, time_to_widget, wait_filled, wait_full
from _table import quiet, report

PAGES = ["index.ipynb", "henchmania/01-learn.ipynb", "henchmania/02-odds.ipynb", "lancaster/03-play.ipynb"]
SHELF = "index.ipynb"
SETUPS = {"packed": (), "plain": ("--HenchVoila.pack_static=False",)}

PAGE_BYTES = """() => {
  const all = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  return {wire: all.reduce((s, e) => s + e.transferSize, 0), sent: all.filter(e => e.transferSize > 0).length,
          files: all.reduce((s, e) => s + e.decodedBodySize, 0)};
}"""


def throttle(page, mbps: float | None, latency_ms: float) -> None:
    """Chromium's own network emulation for this tab (None: the machine's loopback, as it is)."""
    if mbps is None:
        return
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency_ms,
                                                   "downloadThroughput": mbps * 1e6 / 8, "uploadThroughput": mbps * 1e6 / 16})


def open_page(page, url: str) -> tuple[float, dict]:
    """Seconds from the navigation's start to the first widget (time_to_widget), then the page's bytes once
    its requests are done (charts load late)."""
    seconds = time_to_widget(page, url, timeout_ms=300_000)
    page.wait_for_load_state("networkidle", timeout=300_000)
    return seconds, page.evaluate(PAGE_BYTES)


def visit(b, base: str, nb: str, from_shelf: bool, mbps: float | None, latency_ms: float) -> tuple[float, dict]:
    context = b.new_context()  # its own cache, empty
    page = context.new_page()
    try:
        throttle(page, mbps, latency_ms)
        if from_shelf:
            open_page(page, f"{base}/voila/render/{SHELF}")
        return open_page(page, f"{base}/voila/render/{nb}")
    finally:
        leave(page)  # the page's kernel is shut as a closed tab's is
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--visits", type=int, default=2, help="visits per page, visit kind and network (default 2)")
    parser.add_argument("--mbps", type=float, default=4.0, help="the class network's download speed per student (default 4)")
    parser.add_argument("--latency-ms", type=float, default=20.0, help="its added delay per request (default 20)")
    parser.add_argument("--only", default="", help="only the pages whose path contains this")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    pages = [nb for nb in PAGES if args.only in nb]
    if not pages:
        parser.error(f"no page's path contains {args.only!r}; the pages: {', '.join(PAGES)}")
    slow = f"{args.mbps:g} Mbit/s"
    networks = {"machine": None, slow: args.mbps}
    results: dict = {}
    for setup, extra in SETUPS.items():
        with served(*extra) as (base, _), browser() as b:
            full = wait_filled(base)
            for nb in pages:
                for kind in ("first visit", "from the shelf"):
                    for net, mbps in networks.items():
                        runs = []
                        for _ in range(args.visits):
                            wait_full(base, full)
                            runs.append(visit(b, base, nb, kind == "from the shelf", mbps, args.latency_ms))
                        results.setdefault(nb, {}).setdefault(kind, {}).setdefault(setup, {})[net] = {
                            "seconds": [round(s, 2) for s, _ in runs], "median_s": round(statistics.median(s for s, _ in runs), 2),
                            "wire_kb": round(statistics.median(w["wire"] for _, w in runs) / 1024),
                            "files_kb": round(statistics.median(w["files"] for _, w in runs) / 1024),
                            "requests": round(statistics.median(w["sent"] for _, w in runs))}
    rows = []
    for nb, kinds in results.items():
        for kind, setups in kinds.items():
            p, q = setups["packed"], setups["plain"]
            rows.append([nb, kind, f"{p['machine']['wire_kb']} / {q['machine']['wire_kb']}",
                         f"{p['machine']['requests']} / {q['machine']['requests']}",
                         f"{p['machine']['median_s']} / {q['machine']['median_s']}",
                         f"{p[slow]['median_s']} / {q[slow]['median_s']}"])
    note = (f"class network (assumed, not measured): {args.mbps:g} Mbit/s down, {args.mbps / 2:g} up, {args.latency_ms:g} ms "
            "added per request: one student's share when 30 open an app at once on about 120 Mbit/s of school Wi-Fi")
    report(args.json, {"benchmark": "page weight over a class network", "note": note, "pages": results},
           f"Page weight and time to first widget, packed / plain ({args.visits} visits each, median)",
           ["page", "visit", "KiB on the wire", "requests", "s, machine", f"s, {slow}"], rows,
           ["packed: this server (scripts and styles gzipped, versioned files kept by the browser); "
            "plain: --HenchVoila.pack_static=False, Voila's way",
            "from the shelf: the page opened in the same tab after the shelf; KiB and requests: to the page's last request",
            note])


if __name__ == "__main__":
    main()
