"""Shared pieces of the app benchmarks: a served copy of the notebooks (plus a floor notebook) and a browser."""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import requests

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
def served(*extra: str, log_path: Path | None = None, extra_notebooks: dict[str, str] | None = None):
    """Serve a temporary copy of notebooks/ with the floor notebooks added: each app's imports, one widget;
    and `extra_notebooks` (name: the source of its one cell), if given. The server's log goes to log_path, if given."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "notebooks"
        shutil.copytree(NOTEBOOKS, root)
        for name, source in {**FLOORS, **(extra_notebooks or {})}.items():
            cell = {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
            (root / name).write_text(json.dumps({"cells": [cell], "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
                                                 "nbformat": 4, "nbformat_minor": 5}))
        with running_server(*extra, notebooks=root, log_path=log_path) as (base, proc):
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


def _frame(frame) -> str:
    """A kernel websocket frame (the v1 binary protocol) in short: size, channel, message type, a comm's method."""
    try:
        raw = frame if isinstance(frame, bytes) else frame.encode()
        n = int.from_bytes(raw[:8], "little")
        offsets = [int.from_bytes(raw[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
        parts = [raw[a:b] for a, b in zip(offsets, [*offsets[1:], len(raw)])]
        header, content = json.loads(parts[1]), json.loads(parts[4]) if len(parts) > 4 else {}
        data = content.get("data") or {}
        extra = data.get("method", "") if isinstance(data, dict) else ""
        extra += f" {content['execution_state']}" if "execution_state" in content else ""
        return f"{len(raw)} {parts[0].decode()} {header.get('msg_type')} {extra}".rstrip()
    except Exception:  # not the v1 protocol: its start
        return f"{len(frame)} {str(frame)[:120]}"


class Trace:
    """What one visit's page did, with seconds since navigation: requests and their answers, failures,
    console lines and websocket frames (size and start). Also the span of the server's log the visit
    covers. For a visit far slower than its fellows, to see where the time went."""

    def __init__(self, page, log_path: Path | None = None):
        self.t0 = time.perf_counter()
        self.lines: list[str] = []
        self.stopped = False
        self.log_path = log_path
        self.log_from = self.log_to = self._log_size()
        page.on("request", lambda r: self.add("request", f"{r.method} {r.url}"))
        page.on("response", lambda r: self.add("response", f"{r.status} {r.url}"))
        page.on("requestfailed", lambda r: self.add("failed", f"{r.url} {r.failure}"))
        page.on("console", lambda m: self.add("console", f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.add("pageerror", str(e)))
        page.on("websocket", self._websocket)

    def _log_size(self) -> int:
        return self.log_path.stat().st_size if self.log_path and self.log_path.exists() else 0

    def stop(self) -> None:
        """The visit is over: later events and log lines are not its own."""
        self.add("stop", "the visit's end")
        self.log_to = self._log_size()
        self.stopped = True

    def add(self, kind: str, text: str) -> None:
        if not self.stopped:
            self.lines.append(f"{time.perf_counter() - self.t0:8.3f} {kind:9} {text[:300]}")

    def _websocket(self, ws) -> None:
        self.add("websocket", ws.url)
        ws.on("framesent", lambda f: self.add("sent", _frame(f)))
        ws.on("framereceived", lambda f: self.add("received", _frame(f)))
        ws.on("close", lambda _: self.add("ws-close", ws.url))

    def write(self, path: Path, title: str) -> None:
        """The page's events, then the server's log lines written during the visit."""
        log = ""
        if self.log_path and self.log_path.exists():
            with open(self.log_path, "rb") as f:
                f.seek(self.log_from)
                log = f.read(self.log_to - self.log_from).decode(errors="replace")
        path.write_text(f"{title}\n\n== page\n" + "\n".join(self.lines) + "\n\n== server log during the visit\n" + log)


def leave(page) -> None:
    """Leave the page as a visitor does (the page's unload handler asks the server to shut its kernel),
    then close the tab. A bare `page.close()` is a tab that crashed: its kernel keeps its place until the
    10-minute idle cull, and a long run of such visits fills every place on the server (busy pages)."""
    try:
        page.goto("about:blank", timeout=60_000)
    finally:
        page.close()


FIRST_WIDGET = """sel => {
  const e = document.querySelector(sel), box = e && e.getBoundingClientRect();
  return e && box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden' ? performance.now() : 0;
}"""  # Playwright's test for "visible", on the first element found: the time by the page's own clock, or 0


def time_to_widget(page, url: str, timeout_ms: int = 180_000) -> float:
    """Seconds from the navigation's start to the first widget on screen, by the page's own clock, checked at
    every animation frame. (Playwright's wait_for_selector looks at 0, 20, 70, 170 and 270 ms and then only
    every 500 ms: a widget drawn at 1.3 s was seen at about 1.77 s, and one drawn at 1.8 s at 2.27 s, which
    put every visit in 0.5 s steps.)"""
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    drawn = page.wait_for_function(FIRST_WIDGET, arg=WIDGET_SELECTOR, polling="raf", timeout=timeout_ms)
    return drawn.json_value() / 1000


def status(base: str) -> dict:
    return requests.get(base + "/hench/status", timeout=10).json()


def pools(now: dict) -> dict[str, int]:
    """Kernels ready in each preheated pool, from a /hench/status answer."""
    return {nb: p["ready"] for nb, p in now["pools"].items()}


def wait_full(base: str, full: dict[str, int], timeout: float = 600) -> None:
    """Until every pool is back to full, the last visitor's kernel is shut and the machine has settled: each
    visit meets a ready server, not one still refilling the pool the last visit took from (a refill runs a
    whole notebook)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        now = status(base)
        ready = pools(now)
        if all(ready.get(nb, 0) >= n for nb, n in full.items()) and not now.get("in_use"):
            time.sleep(1)
            return
        time.sleep(0.5)
    raise RuntimeError(f"the pools did not refill in {timeout:g} s")


def wait_filled(base: str, timeout: float = 900) -> dict[str, int]:
    """Until the pools first fill (no kernel warming) and stay so for 5 s; returns their sizes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if status(base)["ready"]:
            time.sleep(5)
            if (again := status(base))["ready"]:
                return pools(again)
        time.sleep(1)
    raise RuntimeError(f"the pools did not fill in {timeout:g} s")
