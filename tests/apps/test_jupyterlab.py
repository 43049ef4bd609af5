"""Issue 31: JupyterLab (`make lab`, the way people exploring the odds use the kit), tested in a real browser.

JupyterLab is started on a copy of notebooks/ (nothing written into the project), each game's Play notebook
and one Odds notebook are opened and run with Run All, and the test waits until the kernel is idle and the
widgets are drawn, with no error output in any cell. Every wait is on the page's own state.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from widgets.serve import NOTEBOOKS, free_port

from .server import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.server, pytest.mark.slow]
RUN = ["hemloch/03-play.ipynb", "henchmania/03-play.ipynb", "huns/03-play.ipynb", "lancaster/03-play.ipynb",
       "maniacal/03-play.ipynb", "huns/02-odds.ipynb"]
WAIT_MS = 300_000
SHOTS = ARTIFACTS / "jupyterlab"


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab") / "notebooks"
    shutil.copytree(NOTEBOOKS, root)
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / f"jupyterlab-{port}.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
                             "--ServerApp.token=", "--ServerApp.password=", "--LabApp.expose_app_in_browser=True",
                             "--ServerApp.disable_check_xsrf=False", f"--ServerApp.root_dir={root}",
                             *(["--allow-root"] if os.geteuid() == 0 else [])],  # CI runs as root
                            stdout=log, stderr=subprocess.STDOUT, cwd=str(Path(__file__).resolve().parents[2]))
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{base}/api/status", timeout=5).status_code == 200:
                    break
            except requests.RequestException:
                pass
            if proc.poll() is not None:
                raise RuntimeError(f"JupyterLab stopped at start-up (exit {proc.returncode}); see {log.name}")
            time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


@pytest.mark.parametrize("notebook", RUN)
def test_a_notebook_runs_all_in_jupyterlab_and_draws_its_widgets(browser, lab, notebook):
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        workspace = notebook.replace("/", "-").replace(".", "-")  # a fresh workspace: no tab of another test reopens
        page.goto(f"{lab}/lab/workspaces/{workspace}/tree/{notebook}", timeout=WAIT_MS)
        page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-Notebook .jp-Cell')", timeout=WAIT_MS)
        page.wait_for_timeout(2000)  # the kernel session settles (the notebook opened and its kernel started)
        chooser = page.locator(".jp-Dialog", has_text="Select Kernel")
        if chooser.count():  # the notebooks are stored without a kernel of their own: the default one, as a person would
            chooser.get_by_role("button", name="Select").click()
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); return true; }")  # not awaited
        page.wait_for_selector(".jp-OutputArea .jupyter-widgets, .jp-OutputArea .widget-vbox", timeout=WAIT_MS)
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.jp-InputArea-prompt')).every(p => !p.textContent.includes('*'))"
            " && document.querySelectorAll('.jp-InputArea-prompt').length > 0", timeout=WAIT_MS)  # every cell has run
        failed = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        tracebacks = [t for t in (failed.all_inner_texts() if failed.count() else []) if "Error" in t or "Traceback" in t]
        assert not tracebacks, f"{notebook}: error output in JupyterLab: {tracebacks[:2]}"
        assert page.locator(".jp-OutputArea .jupyter-widgets").count() >= 1, f"{notebook}: no widget drawn"
        assert not [e for e in errors if "widget" in e.lower()], errors
    finally:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{notebook.replace('/', '__')}.png"))
        page.close()
