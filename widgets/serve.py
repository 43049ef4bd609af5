"""Serve the notebooks as Voila apps, opening on the shelf.

    python -m widgets.serve [--port 8866] [--Voila.ip=127.0.0.1] ...

It is plain Voila serving notebooks/ (the settings come from voila.json in the working
directory), except that "/" goes straight to the shelf; the file list stays at /voila/tree.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import tornado.web
from jupyter_server.base.handlers import FileFindHandler
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from .patches import patch_anywidget_init, patch_get_model

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SHELF = "voila/render/index.ipynb"
TEMPLATES = Path(__file__).resolve().parent / "share"  # voila/templates/hench: the lab page, nothing from a CDN


def fontawesome_dir() -> Path:
    """Font Awesome's CSS and fonts from the `fontawesomefree` package (the page used to load them from a CDN)."""
    import fontawesomefree

    return Path(fontawesomefree.__file__).resolve().parent / "static" / "fontawesomefree"


@functools.lru_cache(maxsize=32)
def _patched_script(abspath: str, _mtime_ns: int) -> bytes | None:
    """A widget script with its fix, read and patched once per file version (every page asks for it)."""
    if "jupyterlab-manager" in abspath:
        marker, fix = b"widget model not found", patch_get_model
    else:
        marker, fix = b"Failed to initialize model", patch_anywidget_init
    raw = Path(abspath).read_bytes()
    return fix(raw.decode("utf-8")).encode("utf-8") if marker in raw else None


class LabextensionHandler(FileFindHandler):
    """Voila's labextension files, with two page-side timeouts made patient (patch_get_model, widgets.patches)."""

    @classmethod
    def _patched(cls, abspath: str) -> bytes | None:
        """The script with its fix (see widgets.patches), or None to send it as it is."""
        if not abspath.endswith(".js") or not ("jupyterlab-manager" in abspath or "anywidget" in abspath):
            return None
        return _patched_script(abspath, os.stat(abspath).st_mtime_ns)

    @classmethod
    def get_content(cls, abspath: str, start: int | None = None, end: int | None = None):
        patched = cls._patched(abspath)
        if patched is None:
            return super().get_content(abspath, start, end)
        return patched[start:end]

    def get_content_size(self) -> int:
        patched = self._patched(self.absolute_path) if self.absolute_path else None
        return super().get_content_size() if patched is None else len(patched)


class PageHandler(TornadoVoilaHandler):
    """Voila's app page, which also sets the `_xsrf` cookie: the page's "tab closed" request sends it
    back, and without it the server refused the request (403) and kept the kernel until the idle cull."""

    async def prepare(self) -> None:
        result = super().prepare()
        if result is not None:
            await result
        self.xsrf_token  # noqa: B018 - reading it sets the cookie


class TemplateFileHandler(TemplateStaticFileHandler):
    """Voila's template static files, where a path that is not `<template>/static/<file>` (or climbs out of
    it) is a 404; Voila's own handler failed on such paths with a 500."""

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/", 2)
        norm = os.path.normpath(path).split(os.path.sep, 2) if path else []
        if (len(parts) != 3 or parts[1] != "static" or not parts[0] or not parts[2] or len(norm) != 3
                or norm[1] != "static" or ".." in norm[2].split(os.path.sep) or norm[0] != parts[0]):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)


FONTAWESOME_CDN = "https://cdn.jsdelivr.net/npm/font-awesome@4.5.0/css/font-awesome.min.css"


class TreeHandler(TornadoVoilaTreeHandler):
    """Voila's file list, always the server-rendered one (it needs no contents API), with its icons from
    this server instead of a CDN."""

    def get_argument(self, name: str, *args, **kwargs):
        if name == "classic-tree":
            return "true"
        return super().get_argument(name, *args, **kwargs)

    def render_template(self, name: str, **ns) -> str:
        page = super().render_template(name, **ns)
        local = self.base_url.rstrip("/") + "/hench/fontawesome/css/all.min.css"
        return page.replace(FONTAWESOME_CDN, local)


class NotFoundHandler(tornado.web.RequestHandler):
    """A plain 404 for routes the apps do not need (the notebook listing API)."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


class HenchVoila(Voila):
    """Voila with "/" redirected to the shelf app, and the widget manager's model wait made patient.

    At the edge: `/logout` is a redirect to the shelf (there is no login; it answered 500), a bad
    `/voila/templates/...` path is a 404 (it answered 500), and `/voila/api/contents` (notebook names,
    sizes and dates, used only by the JavaScript file browser) is a 404: the file list at /voila/tree is
    the server-rendered one, which needs no API.
    """

    def init_handlers(self) -> list:
        self.voila_configuration.classic_tree = True  # the server-rendered list: no contents API needed
        handlers = super().init_handlers()
        root = self.server_url.rstrip("/") + "/"
        out: list = [(root + "hench/fontawesome/(.*)", tornado.web.StaticFileHandler, {"path": str(fontawesome_dir())})]
        for handler in handlers:
            pattern, cls = handler[0], handler[1]
            if cls is TornadoVoilaTreeHandler and pattern.rstrip("/") + "/" == root:
                out.append((pattern, tornado.web.RedirectHandler, {"url": root + SHELF}))
            elif cls is TornadoVoilaTreeHandler:
                out.append((pattern, TreeHandler, *handler[2:]))
            elif cls is TemplateStaticFileHandler:
                out.append((pattern, TemplateFileHandler, *handler[2:]))
            elif cls is VoilaContentsHandler:
                out.append((pattern, NotFoundHandler))
            elif pattern.rstrip("$").endswith("/logout"):
                out.append((pattern, tornado.web.RedirectHandler, {"url": root + SHELF}))
            elif cls is TornadoVoilaHandler:
                out.append((pattern, PageHandler, *handler[2:]))
            elif cls is FileFindHandler and "/voila/labextensions/" in pattern:
                out.append((pattern, LabextensionHandler, *handler[2:]))
            else:
                out.append(handler)
        return out


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not any(not a.startswith("-") for a in argv):
        argv.append(str(NOTEBOOKS))
    if not any(a.startswith(("--template", "--VoilaConfiguration.template")) for a in argv):
        argv.insert(0, "--template=hench")
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATES), os.environ.get("JUPYTER_PATH", "")]))
    HenchVoila.launch_instance(argv=argv)


# -- running a server from code (tests and benchmarks) ----------------------------------------------

def notebook_paths(root: Path = NOTEBOOKS) -> list[str]:
    """The apps: notebook paths relative to `root`, the shelf first."""
    found = sorted(str(p.relative_to(root)) for p in root.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    return sorted(found, key=lambda p: (p != "index.ipynb", p))


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running_server(*extra: str, notebooks: Path = NOTEBOOKS, log_path: Path | None = None, timeout: float = 90):
    """Start this launcher (as `make run` does) on a free port; yield (base_url, process)."""
    import requests

    root = Path(__file__).resolve().parent.parent
    port = free_port()
    log = open(log_path, "w") if log_path else subprocess.DEVNULL
    cmd = [sys.executable, "-m", "widgets.serve", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}", *extra, str(notebooks)]
    proc = subprocess.Popen(cmd, cwd=root, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                if requests.get(base + "/voila/tree", timeout=2).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Voila did not start (log: {log_path})")
            time.sleep(0.3)
        yield base, proc
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        if not isinstance(log, int):
            log.close()


def kernel_processes(proc: subprocess.Popen) -> list:
    """The kernel processes a server started (psutil.Process objects)."""
    import psutil

    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for child in children:
        try:
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                out.append(child)
        except psutil.Error:
            pass
    return out


CHROMIUM = os.environ.get("HENCH_CHROMIUM", "/usr/bin/chromium")  # Debian's chromium
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
WIDGET_SELECTOR = ".jupyter-widgets, .widget-box, .widget-html"


if __name__ == "__main__":
    main()
