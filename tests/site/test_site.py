"""The static site (make site): built, served by Python's http.server on 127.0.0.1, opened in headless Chromium.

The shelf and one app of each game run in the browser's own Python (Pyodide); each visit uses the app's
controls and checks the page's answer, with the same visits as the Voila browser test (tests/apps/visits*.py).
Any request that leaves the machine fails the test, and so does any request the site cannot answer.
Screenshots go to artifacts/site/. In CI a skipped test here fails the run (see tests/conftest.py).
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest

import hench.shelf

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "site"
CHROMIUM = os.environ.get("HENCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WIDGET = ".jupyter-widgets, .widget-box, .widget-html"
READY_MS = 180_000  # Pyodide starts in about 15 s on an idle machine; a loaded CI machine is far slower

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# One app of each game, between them the tour, the odds charts and play against the bots.
APPS = {
    "huns/01-learn": ".hench-tour",
    "henchmania/02-odds": ".hench-duel-odds",
    "hemloch/03-play": ".hench-simulation",
    "lancaster/02-odds": ".hench-law-odds",
    "maniacal/03-play": ".hench-simulation",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built once for this run (downloads come from the cache in .cache/site)."""
    from tools.site import build

    out = tmp_path_factory.mktemp("site") / "site"
    build.main(["--output", str(out)])
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def server(site):
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def context(server, browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 1600})
    ctx.outside, ctx.failed = [], []  # requests that left the machine; requests the site could not answer

    def route(r) -> None:  # every request of every page and worker: only the site itself may answer
        if r.request.url.startswith((server + "/", "data:", "blob:")):
            r.continue_()
        else:
            ctx.outside.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    ctx.on("response", lambda resp: ctx.failed.append(f"{resp.status} {resp.url}") if resp.status >= 400 else None)
    ctx.on("requestfailed", lambda req: ctx.failed.append(f"failed {req.url}") if req.url.startswith(server) else None)
    yield ctx
    ctx.close()


def open_page(context, server: str, path: str, ready: str):
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    started = time.monotonic()
    page.goto(f"{server}/{path}", wait_until="domcontentloaded", timeout=READY_MS)
    page.wait_for_selector(WIDGET, timeout=READY_MS)
    page.wait_for_selector(ready, timeout=READY_MS)
    page.first_widget_s = time.monotonic() - started
    return page


def screenshot(page, name: str) -> None:
    """The whole app: Voici's page scrolls inside #rendered_cells, so the window is made as tall as that first."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    tall = page.evaluate("(document.getElementById('rendered_cells') || document.documentElement).scrollHeight")
    page.set_viewport_size({"width": 1280, "height": max(1600, min(int(tall) + 40, 16_000))})
    page.wait_for_timeout(300)  # one frame to lay out again at the new size (not a readiness wait)
    page.screenshot(path=str(ARTIFACTS / f"{name.replace('/', '__')}.png"), full_page=True)


def finish(context, page, name: str) -> None:
    screenshot(page, name)
    assert not context.outside, f"requests left the machine: {context.outside[:5]}"
    assert not context.failed, f"requests the site could not answer: {context.failed[:5]}"
    assert not page.errors, f"errors on the page: {page.errors[:3]}"
    page.close()


def test_voila_environment_has_no_jupyterlite_kernel_extension():
    """The build takes the Pyodide kernel's extension from a wheel (tools/site/requirements-kernel.txt): installed
    in this environment, Voila's pages load it too and then show no widgets at all."""
    installed = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
    assert not installed.exists(), f"{installed}: pip uninstall jupyterlite-pyodide-kernel (it breaks Voila's pages)"


def test_the_site_names_only_files_it_holds(site):
    """Pyodide's lock file lists exactly the wheels in the site, hench among them; the kernel loads nothing else."""
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    missing = [p["file_name"] for p in lock["packages"].values() if not (pyodide / p["file_name"]).is_file()]
    assert not missing
    assert {"hench", "ipywidgets", "anywidget", "ipython"} <= set(lock["packages"])
    assert not {"pandas", "numpy", "plotly", "narwhals"} & set(lock["packages"]), "the browser needs no plotly package"
    assert not (site / "extensions" / "jupyterlab-plotly").exists(), "nor plotly's page renderer (the charts load plotly.js)"
    from widgets.assets import PLOTLY_ROUTE, plotly_js

    assert (site / PLOTLY_ROUTE).read_bytes() == plotly_js().read_bytes(), "the charts' plotly.js, where the pages look for it"
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js" and kernel["disablePyPIFallback"] is True
    pages = sorted(p.relative_to(site / "voici" / "render").as_posix() for p in (site / "voici" / "render").rglob("*.html"))
    notebooks = sorted(p.relative_to(ROOT / "notebooks").with_suffix(".html").as_posix()
                       for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    assert pages == notebooks
    for page in (site / "voici" / "render").rglob("*.html"):
        assert "cdn.jsdelivr" not in page.read_text(encoding="utf-8"), page


def test_the_shelf_opens_and_links_to_the_apps(context, server):
    page = open_page(context, server, "index.html", ".hench-card")  # the front door redirects to the shelf
    assert page.url.endswith("/voici/render/index.html")
    entries = hench.shelf.entries()
    assert page.locator(".hench-card").count() == len(entries) == 5
    for entry in entries:
        links = page.locator(f".hench-card[data-game={entry.id}] a.hench-open")
        assert [links.nth(i).inner_text() for i in range(links.count())] == [label for label, _ in entry.notebooks]
    page.fill(".hench-rules input[type=text]", "duel")  # a control: the rules search answers from the browser's Python
    page.wait_for_selector(".hench-rule-results >> text=HM-052", timeout=READY_MS)
    finish(context, page, "index")
    page = open_page(context, server, "voici/render/index.html", ".hench-card")
    page.locator(".hench-card[data-game=huns] a.hench-open", has_text="Odds").click()  # .ipynb link -> the .html page
    page.wait_for_url("**/voici/render/huns/02-odds.html", timeout=60_000)
    page.wait_for_selector(".hench-draft-odds .hench-answer", timeout=READY_MS)
    answer = page.locator(".hench-draft-odds .hench-answer")
    assert "21.0%" in answer.inner_text() and answer.locator("[title='exactly 17/81']").count() == 1  # the fraction on hover
    finish(context, page, "huns__02-odds-from-shelf")


@pytest.mark.parametrize("app", list(APPS))
def test_app_runs_in_the_browser(context, server, app):
    from tests.apps.visits import VISITS

    page = open_page(context, server, f"voici/render/{app}.html", APPS[app])
    print(f"{app}: first widget after {page.first_widget_s:.0f} s")
    try:
        VISITS[f"{app}.ipynb"](page)  # the same visit as under Voila: use the controls, check the answers
    except Exception:
        screenshot(page, app + "-failed")
        raise
    finish(context, page, app)
