"""Serve the notebooks as Voila apps, opening on the shelf.

    python -m widgets.serve [--port 8866] [--Voila.ip=127.0.0.1] ...

It is plain Voila serving notebooks/ (the settings come from voila.json in the working
directory), except that "/" goes straight to the shelf; the file list stays at /voila/tree.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import html
import os
import re
import subprocess
import sys
import time
import weakref
from contextlib import contextmanager
from pathlib import Path

import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server.base.handlers import FileFindHandler
from tornado.ioloop import IOLoop
from traitlets import Bool, Float, Integer
from voila.app import Voila
from voila.static_file_handler import MultiStaticFileHandler, TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import assets
from .patches import patch_anywidget_init, patch_get_model

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SHELF = "voila/render/index.ipynb"
TEMPLATES = Path(__file__).resolve().parent / "share"  # voila/templates/hench: the lab page, nothing from a CDN




@functools.lru_cache(maxsize=32)
def _patched_script(abspath: str, _mtime_ns: int) -> bytes | None:
    """A widget script with its fix, read and patched once per file version (every page asks for it)."""
    if "jupyterlab-manager" in abspath:
        marker, fix = b"widget model not found", patch_get_model
    else:
        marker, fix = b"Failed to initialize model", patch_anywidget_init
    raw = Path(abspath).read_bytes()
    return fix(raw.decode("utf-8")).encode("utf-8") if marker in raw else None


class LabextensionHandler(assets.PackedStatic, FileFindHandler):
    """Voila's labextension files, with two page-side timeouts made patient (patch_get_model, widgets.patches),
    gzipped and cached by the browser (assets.PackedStatic)."""

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


class Seats:
    """The server's places for visitors: how many app kernels it holds at once, and how many pages one
    client may have waiting for their first connection.

    A kernel counts from the moment a page is given one (from the preheated pool or started for it). A page
    whose browser never connects to its kernel (a plain GET, a tab closed while loading) has its kernel shut
    after `pending_timeout` seconds; a page that connected keeps its kernel until the tab closes (the page's
    shutdown request) or the idle cull. Kernels waiting in the preheated pools are not visitors and do not
    count.
    """

    def __init__(self, max_kernels: int, max_pending_per_client: int, pending_timeout: float) -> None:
        self.max_kernels, self.max_pending_per_client, self.pending_timeout = max_kernels, max_pending_per_client, pending_timeout
        self.owner: dict[str, str] = {}  # kernel id -> client, for kernels given to pages
        self.connected: set[str] = set()  # kernel ids a page has connected to at least once
        self.km = None

    def attach(self, km) -> None:
        """Follow the kernel manager's connections (to know which pages reached their kernel)."""
        self.km = km
        notify = km.notify_connect

        def notify_connect(kernel_id: str) -> None:
            self.connected.add(kernel_id)
            notify(kernel_id)

        km.notify_connect = notify_connect

    def _live(self) -> set[str]:
        live: set[str] = set(self.km.list_kernel_ids()) if self.km is not None else set()
        for kid in [k for k in self.owner if k not in live]:
            del self.owner[kid]
            self.connected.discard(kid)
        return live

    def in_use(self) -> int:
        """Kernels given to visitors and still running."""
        self._live()
        return len(self.owner)

    def pending(self, client: str) -> int:
        """Pages of `client` whose kernel is still waiting for the browser to connect."""
        self._live()
        return sum(1 for kid, who in self.owner.items() if who == client and kid not in self.connected)

    def opening(self) -> int:
        """Pages of every client whose kernel is still waiting for the browser to connect."""
        self._live()
        return sum(1 for kid in self.owner if kid not in self.connected)

    def refusal(self, client: str) -> str | None:
        """Why a new page for `client` cannot have a kernel now, or None."""
        if self.max_kernels and self.in_use() >= self.max_kernels:
            return f"every place on this server is taken ({self.max_kernels} apps are open)"
        if self.max_pending_per_client and self.pending(client) >= self.max_pending_per_client:
            return f"{self.max_pending_per_client} of your pages are still opening"
        return None

    def given(self, kernel_id: str, client: str) -> None:
        """A page got `kernel_id`: count it, and shut it if its browser never connects."""
        self.owner[kernel_id] = client
        if self.pending_timeout > 0:
            IOLoop.current().call_later(self.pending_timeout, lambda: asyncio.ensure_future(self._reap(kernel_id)))

    async def _reap(self, kernel_id: str) -> None:
        km = self.km
        if km is None or kernel_id in self.connected or kernel_id not in km:
            return
        km.log.info("Shutting kernel %s: its page never connected in %g s", kernel_id, self.pending_timeout)
        try:
            await ensure_async(km.shutdown_kernel(kernel_id))
        except Exception:  # already gone
            pass


def auto_max_kernels(per_kernel_mib: int = 200, reserve_mib: int = 1024) -> int:
    """How many app kernels fit in this machine's available memory (a kernel holds about 130-160 MiB)."""
    try:
        with open("/proc/meminfo") as f:
            info = {line.split(":")[0]: int(line.split()[1]) for line in f if line.split()[1:]}
        avail_mib = info.get("MemAvailable", info.get("MemTotal", 0)) // 1024
    except (OSError, ValueError, IndexError):
        return 50
    return max(4, min(500, (avail_mib - reserve_mib) // per_kernel_mib))


BUSY_RETRY_S = 10
BUSY_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Busy: retrying</title>
<meta http-equiv="refresh" content="{retry}">
<style>body{{font-family:system-ui,sans-serif;max-width:560px;margin:12vh auto;color:#223;line-height:1.5}}
.hench-busy{{border-left:5px solid #c47f00;background:#fff8e8;padding:14px 18px;border-radius:6px}}</style></head>
<body><div class="hench-busy"><h2 style="margin-top:0">The class server is busy</h2>
<p>{why}, so this app cannot open for you yet. Nothing is wrong with your computer.</p>
<p><b>This page tries again by itself in <span id="n">{retry}</span> seconds</b>: keep it open.</p></div>
<script>let n={retry};setInterval(()=>{{n=Math.max(0,n-1);document.getElementById('n').textContent=n;if(n===0)location.reload();}},1000);</script>
</body></html>"""


class _Warming:
    """How many preheated kernels start and run their notebook at once (see throttled_kernel_manager)."""

    limit = max(1, os.cpu_count() or 1)
    _semaphore: asyncio.Semaphore | None = None
    started: weakref.WeakSet = weakref.WeakSet()  # pool items that have begun warming

    @classmethod
    def semaphore(cls) -> asyncio.Semaphore:
        if cls._semaphore is None:
            cls._semaphore = asyncio.Semaphore(cls.limit)
        return cls._semaphore


class _Arrivals:
    """Visitors arriving: pool refills wait until the class has settled in.

    Refilling the pools while a class arrives spends the cores the visitors' pages need (a refill is a
    kernel start and a whole notebook run). So a refill waits while pages are opening (a page was asked
    for in the last `settle_s` seconds, or a page has not yet connected to its kernel), at most `patience_s`;
    a visitor who finds a pool empty meanwhile gets a kernel started at once, as without a pool."""

    settle_s = 3.0
    patience_s = 45.0
    last_page = 0.0

    @classmethod
    def page(cls) -> None:
        cls.last_page = time.monotonic()

    @classmethod
    def arriving(cls) -> bool:
        seats = PageHandler.seats
        return (seats is not None and seats.opening() > 0) or time.monotonic() - cls.last_page < cls.settle_s

    @classmethod
    async def quiet(cls) -> None:
        deadline = time.monotonic() + cls.patience_s
        while cls.arriving() and time.monotonic() < deadline:
            await asyncio.sleep(0.5)


def throttled_kernel_manager(*args, **kwargs):
    """Voila's kernel manager class, with at most `_Warming.limit` pool kernels warming up at once.

    Voila fills every app's pool at the same moment (at start-up, and again after a burst of visitors):
    on a small machine a dozen kernels importing and running their notebooks together each take many
    times longer, and the first visitors wait for all of them. Warming a few at a time, in order, serves
    the first pools sooner and leaves a core for the visitors' clicks. A pool kernel's place is released
    when its notebook has run, or when a visitor takes it (the rest of its notebook then runs for that
    visitor's page)."""
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    base = voila_kernel_manager_factory(*args, **kwargs)
    if not hasattr(base, "_initialize"):
        return base

    class ThrottledKernelManager(base):  # type: ignore[misc, valid-type]
        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kw):
            me = asyncio.current_task()
            if kernel_id is None:  # a pool kernel: wait while a class is arriving, then for a warming place
                await _Arrivals.quiet()
            semaphore = _Warming.semaphore()
            await semaphore.acquire()
            if me is not None:
                _Warming.started.add(me)
            try:
                content = await super()._initialize(notebook_path, kernel_id, **kw)
            except BaseException:
                semaphore.release()
                raise
            content["task"].add_done_callback(lambda _task: semaphore.release())
            return content

        def get_pool_size(self, notebook_name: str) -> int:
            """Pool kernels a visitor may take: warming or ready. A refill still waiting for its turn does
            not count (the visitor's own kernel starts at once instead of queueing behind it), nor does a
            kernel that failed (one that died at start-up would give the visitor a page that never draws)."""
            return sum(1 for item in self._pools.get(notebook_name, []) if _pool_item_usable(item))

        async def get_rendered_notebook(self, notebook_name: str, *args, **kwargs):
            pool = self._pools.get(notebook_name, [])
            for item in [i for i in pool if i.done() and not _pool_item_usable(i)]:  # failed: out, and refilled below
                pool.remove(item)
                kernel_id = None if item.cancelled() or item.exception() is not None else item.result().get("kernel_id")
                if kernel_id is not None:
                    task = asyncio.ensure_future(_quietly(self.shutdown_kernel(kernel_id)))
                    _BACKGROUND.add(task)
                    task.add_done_callback(_BACKGROUND.discard)
            pool.sort(key=lambda item: (not _pool_item_usable(item), not item.done(), item not in _Warming.started))  # readiest first
            return await super().get_rendered_notebook(notebook_name, *args, **kwargs)

    return ThrottledKernelManager


def _pool_item_usable(item) -> bool:
    """A pool item a visitor may be given: warming (begun), or started with a notebook run that has not failed."""
    if not item.done():
        return item in _Warming.started
    if item.cancelled() or item.exception() is not None:
        return False
    task = item.result().get("task")
    return task is None or not task.done() or (not task.cancelled() and task.exception() is None)


_BACKGROUND: set = set()  # shutdowns under way (a reference keeps each task alive until it ends)


async def _quietly(awaitable) -> None:
    try:
        await awaitable
    except Exception:  # a kernel that died may be gone already
        pass


class _Recording:
    """The kernel manager as one page's handler sees it: notes which kernel the page was given."""

    def __init__(self, km, found) -> None:
        self._km, self._found = km, found

    def __getattr__(self, name: str):
        return getattr(self._km, name)

    async def get_rendered_notebook(self, *args, **kwargs):
        out = await self._km.get_rendered_notebook(*args, **kwargs)
        self._found(out[2])
        return out

    async def start_kernel(self, *args, **kwargs):
        kernel_id = await ensure_async(self._km.start_kernel(*args, **kwargs))
        self._found(kernel_id)
        return kernel_id


class PageHandler(TornadoVoilaHandler):
    """Voila's app page, with a place counted for each visitor (see Seats): when the server is full, the
    visitor gets a short "busy, retrying" page (503) that reloads itself, not a page that hangs.

    It also sets the `_xsrf` cookie: the page's "tab closed" request sends it back, and without it the
    server refused the request (403) and kept the kernel until the idle cull."""

    seats: Seats | None = None

    async def prepare(self) -> None:
        result = super().prepare()
        if result is not None:
            await result
        self.xsrf_token  # noqa: B018 - reading it sets the cookie

    @property
    def kernel_manager(self):
        km = self.settings["kernel_manager"]
        seats = self.seats
        if seats is None or not getattr(self, "_counting", False):
            return km
        return _Recording(km, lambda kernel_id: seats.given(kernel_id, self.request.remote_ip or "?"))

    async def get(self, path: str | None = None) -> None:
        seats = self.seats
        why = seats.refusal(self.request.remote_ip or "?") if seats is not None else None
        if why is not None:
            self.log.warning("Busy page for %s: %s", self.request.remote_ip, why)
            self.set_status(503)
            self.set_header("Retry-After", str(BUSY_RETRY_S))
            self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
            self.finish(BUSY_PAGE.format(why=html.escape(why[0].upper() + why[1:]), retry=BUSY_RETRY_S))
            return
        self._counting = True
        _Arrivals.page()
        result = super().get(path)  # None when Voila's login check redirected instead of serving
        if result is not None:
            await result


@functools.lru_cache(maxsize=8)
def static_version(paths: tuple[str, ...]) -> str:
    """A short hash of Voila's static files (names, sizes, dates): it changes when Voila is upgraded."""
    digest = hashlib.sha1(usedforsecurity=False)
    for root in map(Path, paths):
        for path in sorted(root.rglob("*")) if root.is_dir() else ():
            if path.is_file():
                stat = path.stat()
                digest.update(f"{path.relative_to(root)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:12]


STATIC_VERSION = re.compile(r"v-([0-9a-f]{12})/")


def versioned_static_hook(paths: list[str], then=None):
    """A Voila `page_config_hook` that puts the static files' version in their address: the page loads
    `voila/static/v-<version>/voila.js`, and Voila's script loads its ~90 chunks from beside it (webpack's
    public path is the page's `fullStaticUrl`). The chunks are named by number, not by content, so without
    the version a browser must ask again for each on every page; with it, a student's second app takes them
    from the browser's cache. `then`: a hook set in the configuration, run first."""
    version = static_version(tuple(paths))

    def hook(page_config: dict, **kwargs) -> dict:
        if then is not None:
            page_config = then(page_config, **kwargs)
        if page_config.get("fullStaticUrl", "").rstrip("/").endswith("voila/static"):
            page_config = {**page_config, "fullStaticUrl": page_config["fullStaticUrl"].rstrip("/") + f"/v-{version}"}
        return page_config

    return hook


class VoilaStaticHandler(assets.PackedStatic, MultiStaticFileHandler):
    """Voila's own scripts, gzipped (assets.PackedStatic); under `v-<version>/` (versioned_static_hook) the
    files of this version, kept by the browser for good. An address with another version (a page opened
    before an upgrade) gets today's file, revalidated."""

    def initialize(self, paths, default_filename=None) -> None:  # type: ignore[override]
        super().initialize(paths, default_filename)
        self.version = static_version(tuple(paths))
        self.current = False

    def parse_url_path(self, url_path: str) -> str:
        found = STATIC_VERSION.match(url_path)
        if found:
            self.current = found.group(1) == self.version
            url_path = url_path[found.end():]
        return super().parse_url_path(url_path)

    def _versioned(self) -> bool:
        return self.current


class TemplateFileHandler(assets.PackedStatic, TemplateStaticFileHandler):
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


def pool_status(km) -> dict[str, dict[str, int]]:
    """Each preheated app's pool: kernels ready (notebook run, waiting for a visitor) and warming up."""
    out: dict[str, dict[str, int]] = {}
    for name, pool in sorted(getattr(km, "_pools", {}).items()):
        if not pool:  # not preheated (pool size 0)
            continue
        ready = sum(1 for item in pool if item.done() and _pool_item_usable(item) and item.result()["task"].done())
        out[name] = {"ready": ready, "warming": len(pool) - ready}
    return out


class StatusHandler(tornado.web.RequestHandler):
    """`/hench/status`: is the server ready for a class? The preheated pools and the places in use (JSON).
    A teacher (or a benchmark) waits until every pool is ready before the visitors arrive."""

    def get(self) -> None:
        km = self.settings["kernel_manager"]
        seats = PageHandler.seats
        pools = pool_status(km)
        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        self.finish({"ready": all(p["warming"] == 0 for p in pools.values()), "pools": pools,
                     "in_use": seats.in_use() if seats else None, "max_kernels": seats.max_kernels if seats else None})


class NotFoundHandler(tornado.web.RequestHandler):
    """A plain 404 for routes the apps do not need (the notebook listing API)."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


class HenchVoila(Voila):
    """Voila with "/" redirected to the shelf app, and the widget manager's model wait made patient.

    Places for visitors (see Seats; set them in voila.json under "HenchVoila" or on the command line):
    `max_kernels` app kernels at once (0: as many as the available memory holds), at most
    `max_pending_per_client` pages per client still opening, and a page's kernel shut when its browser has
    not connected after `pending_timeout` seconds.

    On the wire (`pack_static`, on by default): scripts and styles go gzipped, and the files whose address
    names their version are kept by the browser, Voila's own under `voila/static/v-<version>/`
    (assets.PackedStatic, versioned_static_hook): a page's 6 MB of files is about 1.5 MB over a class's
    network, and a student's next app asks for none of the files the last one loaded.

    At the edge: `/logout` is a redirect to the shelf (there is no login; it answered 500), a bad
    `/voila/templates/...` path is a 404 (it answered 500), and `/voila/api/contents` (notebook names,
    sizes and dates, used only by the JavaScript file browser) is a 404: the file list at /voila/tree is
    the server-rendered one, which needs no API.
    """

    max_kernels = Integer(0, config=True, help="App kernels given to visitors at once (0: what the available memory holds)")
    max_pending_per_client = Integer(10, config=True, help="Pages one client (IP address) may have opening at once (0: no bound)")
    pending_timeout = Float(120.0, config=True, help="Seconds a page's kernel waits for its browser to connect before it is shut")
    warming_at_once = Integer(0, config=True, help="Preheated kernels warming up at once (0: one per core)")
    pack_static = Bool(True, config=True, help="Send scripts and styles gzipped, and let browsers keep the versioned ones (assets.PackedStatic)")

    def init_settings(self) -> dict:
        if self.pack_static:  # before Voila builds the kernel manager, which renders the preheated pages
            self.voila_configuration.page_config_hook = versioned_static_hook(
                self.static_paths, self.voila_configuration.page_config_hook)
        return {**super().init_settings(), "hench_pack_static": self.pack_static}

    def init_handlers(self) -> list:
        _Warming.limit = self.warming_at_once or _Warming.limit
        seats = Seats(self.max_kernels or auto_max_kernels(), self.max_pending_per_client, self.pending_timeout)
        seats.attach(self.kernel_manager)
        PageHandler.seats = seats
        self.log.info("Places for visitors: %d app kernels at once, %d opening pages per client, %g s to connect",
                      seats.max_kernels, seats.max_pending_per_client, seats.pending_timeout)
        self.voila_configuration.classic_tree = True  # the server-rendered list: no contents API needed
        handlers = super().init_handlers()
        root = self.server_url.rstrip("/") + "/"
        out: list = [*assets.handlers(root), (root + "hench/status", StatusHandler)]
        for handler in handlers:
            pattern, cls = handler[0], handler[1]
            if cls is TornadoVoilaTreeHandler and pattern.rstrip("/") + "/" == root:
                out.append((pattern, tornado.web.RedirectHandler, {"url": root + SHELF}))
            elif cls is TornadoVoilaTreeHandler:
                out.append((pattern, TreeHandler, *handler[2:]))
            elif cls is TemplateStaticFileHandler:
                out.append((pattern, TemplateFileHandler, *handler[2:]))
            elif cls is MultiStaticFileHandler:
                out.append((pattern, VoilaStaticHandler, *handler[2:]))
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
    import voila.app

    voila.app.voila_kernel_manager_factory = throttled_kernel_manager
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
                if requests.get(base + "/voila/tree", timeout=10).status_code == 200:
                    break
            except (requests.ConnectionError, requests.Timeout):  # not listening yet, or too busy to answer
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
