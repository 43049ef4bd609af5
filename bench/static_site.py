"""The static site (make site) beside Voila: time to first widget and bytes per visit, for three apps.

The static site runs each app in the visitor's browser (Pyodide): the first visit downloads Python and the
packages, a repeat visit comes from the browser's cache. Voila runs each app in a kernel on the server: the
page is small, the work is the server's (its websocket messages are not counted here).
The site is built into a temporary folder first (downloads cached in .cache/site), or taken from --site.
Prints a short table (--json: one JSON object).
    python bench/static_site.py [--site ../site] [--json]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from _apps import browser, served
from _table import quiet, report

from widgets.serve import WIDGET_SELECTOR

ROOT = Path(__file__).resolve().parents[1]
APPS = ["index.ipynb", "huns/02-odds.ipynb", "hemloch/03-play.ipynb"]  # the shelf, an odds app, a play app
TIMEOUT_MS = 180_000


class _Counting(http.server.SimpleHTTPRequestHandler):
    """A static file server that counts what it sends: the static site's downloads come from a web worker too
    (Pyodide and the wheels), which the page's own request events do not see."""

    sent = [0, 0]  # bytes of response bodies, responses

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            type(self).sent[0] += int(value)
        super().send_header(keyword, value)

    def log_request(self, code="-", size="-") -> None:
        type(self).sent[1] += 1

    def log_message(self, *args) -> None:
        pass


@contextmanager
def static_server(site: Path):
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Counting, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextmanager
def built_site(given: Path | None):
    if given is not None:
        yield given
        return
    sys.path.insert(0, str(ROOT))
    from tools.site import build

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        build.main(["--output", str(out)])
        yield out


def visit(context, url: str, counted: list[int] | None = None) -> tuple[float | None, int, int]:
    """Seconds to the first widget on screen (None: not within TIMEOUT_MS), then bytes and responses of the
    whole visit until the page is quiet: as the server counted them (`counted`, the static site), or as the
    page saw them (Voila: every response body, as received; its websocket messages are not counted)."""
    page = context.new_page()
    sizes: list[int] = []

    def done(request) -> None:
        try:
            sizes.append(max(0, request.sizes()["responseBodySize"]))  # from the browser's cache: nothing came
        except Exception:  # the page closed under it
            pass

    page.on("requestfinished", done)
    before = list(counted) if counted is not None else None
    t = time.perf_counter()
    seconds: float | None = None
    try:
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_selector(WIDGET_SELECTOR, state="visible", timeout=TIMEOUT_MS)
        seconds = time.perf_counter() - t
    except Exception:  # no widget within the bound: shown as "-" in the table
        pass
    try:
        page.wait_for_load_state("networkidle", timeout=30_000)
    except Exception:  # a page that keeps talking: take what came so far
        pass
    page.close()
    if counted is not None and before is not None:
        return seconds, counted[0] - before[0], counted[1] - before[1]
    return seconds, sum(sizes), len(sizes)


def secs(s: float | None) -> str:
    return "-" if s is None else f"{s:.1f}"


def mib(n: int) -> str:
    return f"{n / 2**20:.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built by `make site` (default: build one now)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    results: dict[str, dict] = {}
    with built_site(args.site) as site, static_server(site) as base, browser() as b:
        for nb in APPS:
            page = "voici/render/" + nb.removesuffix(".ipynb") + ".html"
            context = b.new_context()  # a new visitor: empty cache
            first = visit(context, f"{base}/{page}", _Counting.sent)
            again = visit(context, f"{base}/{page}", _Counting.sent)  # the same visitor again: the browser's cache
            context.close()
            results.setdefault(nb, {})["static"] = {"first": first, "repeat": again}
    with served() as (base, _), browser() as b:
        for nb in APPS:
            context = b.new_context()
            first = visit(context, f"{base}/voila/render/{nb}")
            again = visit(context, f"{base}/voila/render/{nb}")
            context.close()
            results[nb]["voila"] = {"first": first, "repeat": again}
    rows = []
    for nb, r in results.items():
        for kind in ("static", "voila"):
            first, again = r[kind]["first"], r[kind]["repeat"]
            rows.append([nb if kind == "static" else "", "static site" if kind == "static" else "Voila",
                         secs(first[0]), secs(again[0]), mib(first[1]), mib(again[1]), first[2]])
    data = {"benchmark": "static site vs Voila", "apps": {
        nb: {kind: {when: {"seconds": None if v[0] is None else round(v[0], 2), "bytes": v[1], "requests": v[2]} for when, v in r[kind].items()}
             for kind in r} for nb, r in results.items()}}
    report(args.json, data, "Static site (Pyodide in the browser) vs Voila (a kernel on the server): one visitor",
           ["app", "served by", "first s", "repeat s", "first MiB", "repeat MiB", "responses"], rows,
           ["first: a new visitor (empty browser cache); repeat: the same visitor again; s: seconds to the first widget",
            "MiB: response bodies sent (static: counted by the server; Voila: seen by the page, websocket messages not counted)",
            "the static site's work runs on the visitor's CPU; Voila's on the server's, one kernel per open app",
            f"-: no widget within {TIMEOUT_MS // 1000} s"])


if __name__ == "__main__":
    main()
