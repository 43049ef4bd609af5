"""Every notebook rendered by a real Voila server, with no error cell; "/" opens on the shelf."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
import requests

from .server import all_notebooks, voila_server

pytestmark = [pytest.mark.server, pytest.mark.slow]

ERROR_SIGNS = ("There was an error when executing cell", "Traceback (most recent call last)",
               'data-mime-type="application/vnd.jupyter.stderr"', "jp-OutputArea-output jp-mod-error")


@pytest.fixture(scope="module")
def server():
    with voila_server() as (base, _proc):
        yield base


def test_root_opens_on_the_shelf(server):
    r = requests.get(server + "/", allow_redirects=False, timeout=30)
    assert r.status_code in (301, 302) and r.headers["Location"].endswith("/voila/render/index.ipynb")


@pytest.mark.parametrize("notebook", all_notebooks())
def test_notebook_renders_without_error(server, notebook):
    r = requests.get(f"{server}/voila/render/{notebook}", timeout=180)
    assert r.status_code == 200
    for sign in ERROR_SIGNS:
        assert sign not in r.text, f"{notebook}: {sign!r} in the rendered page"
    assert re.search(r"application/vnd\.jupyter\.widget-view\+json", r.text), f"{notebook} shows no widget"
    assert "from widgets import" not in r.text, "strip_sources should hide the code"


def test_voila_settings_come_from_voila_json():
    import json
    from pathlib import Path

    cfg = json.loads((Path(__file__).resolve().parents[2] / "voila.json").read_text())
    assert cfg["VoilaConfiguration"]["strip_sources"] is True
    assert cfg["VoilaConfiguration"]["show_tracebacks"] is False
    assert cfg["MappingKernelManager"]["cull_idle_timeout"] > 0
    pools = cfg["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["index.ipynb"]["pool_size"] >= 1
    assert pools["default"]["pool_size"] >= 1, "every app is preheated (issue 13)"
    assert cfg["HenchVoila"]["pending_timeout"] >= 60, "a page slow to load under load must keep its kernel"
    # nbclient's default 4 s wait for a cell's output dropped outputs on a busy server: incomplete pages, no error
    assert cfg["VoilaExecutor"]["iopub_timeout"] >= 30
    assert "@voila-dashboards/widgets-manager8" in cfg["VoilaConfiguration"]["extension_allowlist"]
    assert cfg["HenchVoila"]["pack_static"] is True, "a class's network carries a page's files gzipped"


def _widget_manager_scripts() -> list:
    from jupyter_core.paths import jupyter_path

    found = []
    for root in jupyter_path("labextensions"):
        static = Path(root) / "@jupyter-widgets" / "jupyterlab-manager" / "static"
        found += [p for p in static.glob("*.js") if "widget model not found" in p.read_text(errors="replace")]
    return found


def test_served_widget_manager_waits_for_late_models(server):
    """The page-side get_model gets a longer wait and a last look (see widgets.patches.patch_get_model)."""
    scripts = _widget_manager_scripts()
    assert scripts, "the installed jupyterlab-manager has no get_model to patch"
    for script in scripts:
        if "async get_model(" not in script.read_text():
            continue
        url = f"{server}/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/{script.name}"
        r = requests.get(url, headers={"Accept-Encoding": "identity"}, timeout=60)
        assert r.status_code == 200 and "Content-Encoding" not in r.headers
        body = r.text
        start = body.index("async get_model(")
        get_model = body[start:body.index("has_model(", start)]
        assert "<3e4;" in get_model and get_model.count("this._models[") == 3, get_model
        assert len(body.encode()) == int(r.headers["Content-Length"])
        zipped = requests.get(url, headers={"Accept-Encoding": "gzip"}, timeout=60)  # the patched script, gzipped
        assert zipped.headers["Content-Encoding"] == "gzip" and zipped.text == body
        assert int(zipped.headers["Content-Length"]) < len(body.encode()) / 2


def test_served_anywidget_runtime_gets_a_minute_to_start(server):
    """anywidget's 2 s start-up bound is served as 60 s (see widgets/patches.py)."""
    from jupyter_core.paths import jupyter_path

    scripts = [p for root in jupyter_path("labextensions") for p in (Path(root) / "anywidget" / "static").glob("*.js")
               if "Failed to initialize model" in p.read_text(errors="replace")]
    assert scripts
    for script in scripts:
        r = requests.get(f"{server}/voila/labextensions/anywidget/static/{script.name}", timeout=60)
        assert r.status_code == 200 and "AbortSignal.timeout(60000)" in r.text and "timeout(2000)" not in r.text


def test_the_pages_files_go_gzipped_and_the_versioned_ones_stay_in_the_browser(server):
    """Every script and style the shelf loads is sent gzipped (the same file, a quarter of the bytes), and the
    widget extensions' entry scripts, named by their content, and Voila's scripts, under their version, are
    cached for good (widgets.assets.PackedStatic, widgets.serve.versioned_static_hook)."""
    import json

    page = requests.get(f"{server}/voila/render/index.ipynb", timeout=180).text
    files = re.findall(r'(?:src|href)="(/(?:voila|hench)/[^"]+\.(?:js|css)(?:\?v=[0-9a-f]+)?)"', page)
    config = json.loads(re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page, re.S).group(1))
    entries = [f"/voila/labextensions/{e['name']}/{e['load'].removeprefix('./')}" for e in config["federated_extensions"]]
    assert len(files) >= 4 and len(entries) == 3, (files, entries)
    assert any(re.fullmatch(r"/voila/static/v-[0-9a-f]{12}/voila\.js", url) for url in files), files  # versioned: kept
    for url in files + entries:
        plain = requests.get(server + url, headers={"Accept-Encoding": "identity"}, timeout=60)
        zipped = requests.get(server + url, headers={"Accept-Encoding": "gzip"}, stream=True, timeout=60)
        wire = zipped.raw.read(decode_content=False)
        assert plain.status_code == zipped.status_code == 200 and zipped.headers["Content-Encoding"] == "gzip", url
        assert gzip.decompress(wire) == plain.content and len(wire) < len(plain.content) / 2, url
        versioned = "?v=" in url or url in entries or "/voila/static/v-" in url
        assert ("immutable" in zipped.headers["Cache-Control"]) == versioned, (url, zipped.headers["Cache-Control"])


@pytest.mark.parametrize("query", ["template=classic", "template=lab", "template=../../../etc", "theme=dark",
                                   "theme=../../x", "template=reveal&theme=dark"])
def test_the_query_cannot_pick_another_template_or_theme(server, query):
    """Issue 31: every page is rendered with the project's template (no CDN links, no traceback) whatever the
    query says; voila.json sets allow_template_override and allow_theme_override to NO."""
    plain = requests.get(f"{server}/voila/render/index.ipynb", timeout=180)
    r = requests.get(f"{server}/voila/render/index.ipynb?{query}", timeout=180)
    assert r.status_code == 200, query
    assert "cdn.jsdelivr.net" not in r.text and "Traceback" not in r.text, query
    assert "hench/fontawesome/css/" in r.text and "hench/fontawesome/css/" in plain.text, "the project's template"
    assert 'data-jp-theme-name="JupyterLab Light"' in r.text or "theme-light" in r.text, "the light theme"
