"""Every notebook rendered by a real Voila server, with no error cell; "/" opens on the shelf."""

from __future__ import annotations

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


def _widget_manager_scripts() -> list:
    from jupyter_core.paths import jupyter_path

    found = []
    for root in jupyter_path("labextensions"):
        static = Path(root) / "@jupyter-widgets" / "jupyterlab-manager" / "static"
        found += [p for p in static.glob("*.js") if "widget model not found" in p.read_text(errors="replace")]
    return found


def test_served_widget_manager_waits_for_late_models(server):
    """The page-side get_model gets a longer wait and a last look (see widgets.serve.patch_get_model)."""
    scripts = _widget_manager_scripts()
    assert scripts, "the installed jupyterlab-manager has no get_model to patch"
    for script in scripts:
        if "async get_model(" not in script.read_text():
            continue
        r = requests.get(f"{server}/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/{script.name}", timeout=60)
        assert r.status_code == 200
        body = r.text
        start = body.index("async get_model(")
        get_model = body[start:body.index("has_model(", start)]
        assert "<3e4;" in get_model and get_model.count("this._models[") == 3, get_model
        assert len(body.encode()) == int(r.headers["Content-Length"])


def test_served_anywidget_runtime_gets_a_minute_to_start(server):
    """anywidget's 2 s start-up bound is served as 60 s (see widgets/patches.py)."""
    from jupyter_core.paths import jupyter_path

    scripts = [p for root in jupyter_path("labextensions") for p in (Path(root) / "anywidget" / "static").glob("*.js")
               if "Failed to initialize model" in p.read_text(errors="replace")]
    assert scripts
    for script in scripts:
        r = requests.get(f"{server}/voila/labextensions/anywidget/static/{script.name}", timeout=60)
        assert r.status_code == 200 and "AbortSignal.timeout(60000)" in r.text and "timeout(2000)" not in r.text
