"""Shared pieces of the app benchmarks: a served copy of the notebooks (plus a floor notebook) and a browser."""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from widgets.serve import CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, WIDGET_SELECTOR, running_server
from widgets.serve import notebook_paths as notebooks  # noqa: F401  (used by the bench scripts)

FLOOR = "_floor.ipynb"  # the shelf's floor; a game's apps have "_floor_<game>.ipynb"
GAMES = ("hemloch", "henchmania", "huns", "lancaster", "maniacal")


def floor_of(notebook: str) -> str:
    """The floor for an app: an empty notebook with the same imports as the app, and one widget."""
    game = notebook.split("/")[0] if "/" in notebook else ""
    return f"_floor_{game}.ipynb" if game in GAMES else FLOOR


def _floor_source(game: str) -> str:
    imports = f"from widgets import {game}\n" if game else "from widgets import ShelfView\n"
    return "import hench, widgets, ipywidgets as ipw\n" + imports + "ipw.HTML('ready')"


FLOORS = {FLOOR: _floor_source(""), **{f"_floor_{g}.ipynb": _floor_source(g) for g in GAMES}}


@contextmanager
def served(*extra: str):
    """Serve a temporary copy of notebooks/ with the floor notebooks added: each app's imports, one widget."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "notebooks"
        shutil.copytree(NOTEBOOKS, root)
        for name, source in FLOORS.items():
            cell = {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
            (root / name).write_text(json.dumps({"cells": [cell], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                                                 "nbformat": 4, "nbformat_minor": 5}))
        with running_server(*extra, notebooks=root) as (base, proc):
            yield base, proc


@contextmanager
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def time_to_widget(page, url: str, timeout_ms: int = 180_000) -> float:
    """Seconds from navigation to the first widget on screen."""
    t = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    page.wait_for_selector(WIDGET_SELECTOR, state="visible", timeout=timeout_ms)
    return time.perf_counter() - t
