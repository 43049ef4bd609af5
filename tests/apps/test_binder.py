"""As Binder would: install binder/requirements.txt into a fresh venv, run binder/postBuild, and serve the
shelf through `jupyter server` at /voila/render/notebooks/index.ipynb."""

from __future__ import annotations

import os
import subprocess
import time
import venv

import pytest
import requests

from .server import ARTIFACTS, ROOT, free_port
from .test_voila_render import ERROR_SIGNS

pytestmark = [pytest.mark.server, pytest.mark.slow]


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    env_dir = tmp_path_factory.mktemp("binder") / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    result = subprocess.run([str(py), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
                            cwd=ROOT, capture_output=True, text=True, timeout=1500)
    assert result.returncode == 0, f"binder/requirements.txt did not install:\n{result.stderr[-3000:]}"
    env = {**os.environ, "PATH": f"{env_dir / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    post = subprocess.run(["bash", "binder/postBuild"], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert post.returncode == 0, f"binder/postBuild failed:\n{post.stderr[-3000:]}"
    return env_dir


def test_binder_serves_the_shelf(binder_env):
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / "binder-jupyter-server.log", "w")
    cmd = [str(binder_env / "bin" / "jupyter"), "server", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           "--IdentityProvider.token=", "--ServerApp.password=", f"--ServerApp.root_dir={ROOT}"]
    if os.geteuid() == 0:  # Binder runs as a user; this machine's CI runs as root
        cmd.append("--allow-root")
    env = {**os.environ, "PATH": f"{binder_env / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}/voila/render/notebooks/index.ipynb"
    try:
        deadline, r = time.monotonic() + 240, None
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                r = requests.get(url, timeout=180)
                if r.status_code == 200:
                    break
            except requests.ConnectionError:
                time.sleep(0.5)
        assert r is not None and r.status_code == 200, f"the shelf was not served; see {log.name}"
        assert "application/vnd.jupyter.widget-view+json" in r.text
        assert not [s for s in ERROR_SIGNS if s in r.text]
        assert "from widgets import" not in r.text, "voila.json (strip_sources) was not applied"
        chart_js = requests.get(f"http://127.0.0.1:{port}/hench/plotly/plotly.min.js", timeout=60)
        assert chart_js.status_code == 200 and b"plotly.js" in chart_js.content[:300], \
            "the charts' plotly.js is served (the widgets.assets server extension, enabled by the kit's install)"
    finally:
        proc.terminate()
        proc.wait(20)
        log.close()
