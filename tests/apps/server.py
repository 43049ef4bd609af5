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
def voila_server(*extra: str):
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / f"voila-{time.strftime('%H%M%S')}-{os.getpid()}-{next(_COUNTER)}.log"
    with running_server(*extra, log_path=log) as served:
        yield served


def have_chromium() -> bool:
    return Path(CHROMIUM).exists()
