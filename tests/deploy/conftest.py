"""The JupyterHub of deploy/jupyterhub_config.py, started once for the hub tests of this folder (tests/deploy/hub.py)."""

from __future__ import annotations

import pytest

from tests.apps.server import ARTIFACTS
from tests.deploy.hub import BIN, Hub


@pytest.fixture(scope="package")
def hub():
    pytest.importorskip("jupyterhub", reason="pip install -e '.[test]' (jupyterhub and configurable-http-proxy)")
    pytest.importorskip("nativeauthenticator", reason="pip install -e '.[test]' (jupyterhub-nativeauthenticator)")
    if not (BIN / "configurable-http-proxy").exists():
        pytest.skip("configurable-http-proxy is not installed in this venv (pip install -e '.[test]')")
    ARTIFACTS.mkdir(exist_ok=True)
    running = Hub()
    failed = False
    try:
        running.start()
        yield running
    except BaseException:
        failed = True
        raise
    finally:
        killed = running.stop()
        if failed or killed:
            print(f"JupyterHub's log ({running.log_path}):\n{running.log_tail()}")
        assert not killed, f"stopping the hub left processes running: {killed}"
