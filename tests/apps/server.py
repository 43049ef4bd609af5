"""The app tests' view of the launcher: one shared way to start a real server (widgets.serve)."""

from __future__ import annotations

import itertools
import os
import time
from contextlib import contextmanager
from pathlib import Path

from widgets.serve import CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, WIDGET_SELECTOR, free_port, kernel_processes, running_server
from widgets.serve import notebook_paths as all_notebooks

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
__all__ = ["ARTIFACTS", "CHROMIUM", "CHROMIUM_ARGS", "NOTEBOOKS", "ROOT", "WIDGET_SELECTOR", "all_notebooks", "free_port",
           "have_chromium", "kernel_processes", "voila_server"]


_COUNTER = itertools.count()


@contextmanager
def voila_server(*extra: str, descriptors: int | None = None):
    """A real server with voila.json's settings. Every request of a test comes from this machine's one
    address, and tests fetch many pages without a browser, so the per-client bounds on pages open and
    still opening (and the share of the places one address may hold) are lifted unless a test sets them (tests/apps/test_serving_limits.py does). The pools hold one
    kernel per app unless a test sets them: a test is one visitor at a time, not a class, and warming the
    class-sized pools of voila.json (35 kernels) would take the cores the tests need."""
    if not any("max_pending_per_client" in a for a in extra):
        extra = ("--HenchVoila.max_pending_per_client=0", *extra)
    if not any("max_pages_per_client" in a or "client_share" in a for a in extra):
        extra = ("--HenchVoila.max_pages_per_client=0", *extra)
    if not any("kernel_pools_config" in a for a in extra):
        extra = ("--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 1}}", *extra)
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / f"voila-{time.strftime('%H%M%S')}-{os.getpid()}-{next(_COUNTER)}.log"
    with running_server(*extra, log_path=log, descriptors=descriptors) as served:
        yield served


def have_chromium() -> bool:
    return Path(CHROMIUM).exists()
