"""Every patch of a Voila, Jupyter server, Tornado, ipywidgets or anywidget internal that the serving mode
needs, in one place, with the versions each was written for.

`check_versions()` runs when a server starts (`python -m widgets.serve`, the JupyterHub extension in
deploy/singleuser/): on any version outside `WRITTEN_FOR` it stops with a clear error naming the package, the
version found and the range the patches were checked against, before anything is patched. pyproject.toml
bounds the same packages the same way (tests/widgets/test_patch_versions.py checks that the two agree).

What is patched, section by section:
- page scripts: two page-side timeouts of ipywidgets' and anywidget's scripts, made patient as they are
  served (the files on disk are untouched; a script that does not match is served as it is);
- Voila's kernel manager: preheated kernels warmed a few at a time, refills paced, failed ones never offered;
- Voila's handlers, subclassed: the page (places for visitors, the `_xsrf` cookie, the preheated pool whatever
  `?template=`/`?theme=` says, 404 for control characters), its static files (gzipped, versioned), template
  files and allow-listed files (404 for bad paths), the file list (no CDN), the contents API (404);
- the one handler-swap map (`SWAPS`, `replacement`) that `widgets.serve` applies to its handler list and the
  JupyterHub extension to its routers;
- the kernel manager's connection hook (which pages reached their kernel).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import html
import importlib.metadata
import os
import re
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server.base.handlers import FileFindHandler
from tornado.routing import RuleRouter
from voila.static_file_handler import AllowListFileHandler, MultiStaticFileHandler, TemplateStaticFileHandler
from voila.tornado.contentshandler import VoilaContentsHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import assets
from .places import BUSY_PAGE, BUSY_RETRY_S, Seats

# -- the versions the patches were written for ----------------------------------------------------------------------

WRITTEN_FOR: dict[str, tuple[str, str]] = {  # package: (lowest version checked, first version not checked)
    "voila": ("0.5.13", "0.6"),
    "jupyter_server": ("2.10", "3"),
    "tornado": ("6.2", "7"),
    "ipywidgets": ("8.1", "8.2"),
    "jupyterlab_widgets": ("3.0", "3.1"),  # ships the widget manager script patched below
    "anywidget": ("0.9", "0.12"),
}


class UnsupportedVersionError(RuntimeError):
    """A package the serving mode patches is at a version its patches were not written for."""


def version_key(version: str) -> tuple[int, ...]:
    """"6.6.1" -> (6, 6, 1); a pre-release or local tag counts by its leading numbers ("0.6.0a1" -> (0, 6, 0))."""
    parts = []
    for part in version.split("."):
        digits = re.match(r"\d+", part)
        if digits is None:
            break
        parts.append(int(digits.group()))
        if digits.group() != part:
            break
    return tuple(parts)


def installed_version(package: str) -> str | None:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None


def version_problems(versions: Callable[[str], str | None] | None = None) -> list[str]:
    """Each package of WRITTEN_FOR installed at a version outside its range, in words (`versions`: what is
    installed, by package name; the installed distributions by default)."""
    out = []
    for package, (low, high) in WRITTEN_FOR.items():
        found = (versions or installed_version)(package)
        if found is not None and not version_key(low) <= version_key(found) < version_key(high):
            out.append(f"{package} {found} is installed; the patches were written for {package} >={low},<{high}")
    return out


def check_versions(versions: Callable[[str], str | None] | None = None) -> None:
    """Stop at start-up if a patched package is at a version the patches were not checked against."""
    problems = version_problems(versions)
    if problems:
        raise UnsupportedVersionError(
            "hench's serving mode patches internals of these packages (widgets/patches.py), and these versions were "
            "never checked: " + "; ".join(problems) + ". Install the versions in pyproject.toml (pip install -e "
            "'.[serve]'), or check each patch in widgets/patches.py against the new version and then widen "
            "WRITTEN_FOR there and the bounds in pyproject.toml.")


# -- page scripts: served patched ---------------------------------------------------------------------------------

# anywidget 0.11 gives a widget's page-side runtime 2 s to start (load the widget's script, run its
# `initialize`), then fails it for good with "[anywidget] Failed to initialize model." On a busy
# server the page's main thread is starved for longer than that while a whole app restores at once, and
# the board never draws (seen in CI on the Lancaster Play app). A minute is still a bound.
_ANYWIDGET_INIT = re.compile(r'AbortSignal\.timeout\(2000\)(\.addEventListener\("abort",\s*function\(\)\s*\{\s*'
                             r'\w+\.reject\(new Error\("\[anywidget\] Failed to initialize model\."\)\))')


def patch_anywidget_init(script: str) -> str:
    """anywidget's runtime with a 60 s start-up bound instead of 2 s."""
    return _ANYWIDGET_INIT.sub(r"AbortSignal.timeout(60000)\1", script)


# ipywidgets 8.1's page-side `get_model` waits up to 2 s for a widget model, then gives up without looking
# one last time. On a busy server the models arrive (a whole page restores at once) while the waiting
# loop's timer is late: the model is there, the loop's clock has run out, and the page shows "Error
# displaying widget: model not found" for good. Reproduced with four busy loops on two cores (about one
# cold page load in twelve) and seen in CI. The served script gets a longer wait and a last look; the
# file on disk is untouched, and a script that does not match is served as it is.
_GET_MODEL = re.compile(r'async get_model\((\w)\)\{let (\w)=this\._models\[\1\];if\(void 0===\2\)\{let (\w)=Date\.now\(\);'
                        r'for\(;Date\.now\(\)-\3<2e3;\)(\{.*?\})throw Error\("widget model not found"\)\}return \2\}')


def patch_get_model(script: str) -> str:
    """The widget manager's script with a 30 s wait and a last look before "model not found"."""
    def fixed(m: re.Match) -> str:
        e, t, o, body = m.groups()
        return (f"async get_model({e}){{let {t}=this._models[{e}];if(void 0==={t}){{let {o}=Date.now();"
                f"for(;Date.now()-{o}<3e4;){body}if(void 0!==({t}=this._models[{e}]))return {t};"
                f'throw Error("widget model not found")}}return {t}}}')
    return _GET_MODEL.sub(fixed, script, count=1)


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
    """Voila's labextension files, with two page-side timeouts made patient (patch_get_model),
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


# -- the kernel manager's connections ---------------------------------------------------------------------------------

def follow_connections(km: Any, connected: Callable[[str], None]) -> None:
    """Call `connected(kernel_id)` whenever a page connects to a kernel (jupyter_server's notify_connect, wrapped)."""
    notify = km.notify_connect

    def notify_connect(kernel_id: str) -> None:
        connected(kernel_id)
        notify(kernel_id)

    km.notify_connect = notify_connect



# -- Voila's kernel manager: preheated kernels warmed a few at a time ---------------------------------------------------

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
            rendered = await super().get_rendered_notebook(notebook_name, *args, **kwargs)
            self._idle_clock_starts(rendered[2])  # handed to a visitor: idle from now, not from its preheating
            return rendered

        def _idle_clock_starts(self, kernel_id: str) -> None:
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = _utcnow()

        def _pooled_kernel_ids(self) -> set[str]:
            return {item.result()["kernel_id"] for pool in self._pools.values() for item in pool
                    if item.done() and not item.cancelled() and item.exception() is None}

        def start_buffering(self, kernel_id: str, session_key: str, channels: dict) -> None:
            """jupyter_server keeps every message meant for a page whose connection dropped, with no bound (a
            widget-heavy page gone: +202 MiB until the cull). Kept in a bounded buffer instead (issue 31)."""
            super().start_buffering(kernel_id, session_key, channels)
            info = self._kernel_buffers.get(kernel_id)
            if info is not None and "buffer" in info:
                info["buffer"] = BoundedBuffer()

        async def cull_kernel_if_idle(self, kernel_id: str):
            """A kernel waiting in a pool is never culled: nobody has it yet, so it cannot be idle. Its idle
            clock starts when a visitor is handed it. (Culled in the pool, or culled seconds after a visitor got
            it because its clock had run since its preheating, the visitor's page died: issue 31.)"""
            if kernel_id in self._pooled_kernel_ids():
                self._idle_clock_starts(kernel_id)
                return None
            return await super().cull_kernel_if_idle(kernel_id)

    return ThrottledKernelManager


# What a page's kernel accepts from its page over the websocket: widget messages, never code (Voila standalone sets
# the same list; hench_hub.py sets it on a hub's single-user server when the students have no JupyterLab).
PAGE_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request", "shutdown_request"]


class BoundedBuffer(list):
    """The messages kept for a disconnected page, up to `limit_bytes`: past it the rest are dropped (a page that
    comes back after so much has been missed is stale anyway and reloads), and `dropped` counts them."""

    limit_bytes = 8 * 1024 * 1024

    def __init__(self) -> None:
        super().__init__()
        self.size = 0
        self.dropped = 0

    def append(self, item) -> None:
        _channel, parts = item
        size = sum(len(p) for p in parts) if isinstance(parts, (list, tuple)) else len(parts)
        if self.size + size > self.limit_bytes:
            self.dropped += 1
            return
        self.size += size
        super().append(item)


def _utcnow():
    from jupyter_server._tz import utcnow

    return utcnow()


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




def install_kernel_manager() -> None:
    """Standalone Voila builds its kernel manager from `voila.app.voila_kernel_manager_factory`: ours instead."""
    import voila.app

    voila.app.voila_kernel_manager_factory = throttled_kernel_manager

def pool_status(km) -> dict[str, dict[str, int]]:
    """Each preheated app's pool: kernels ready (notebook run, waiting for a visitor) and warming up."""
    out: dict[str, dict[str, int]] = {}
    for name, pool in sorted(getattr(km, "_pools", {}).items()):
        if not pool:  # not preheated (pool size 0)
            continue
        ready = sum(1 for item in pool if item.done() and _pool_item_usable(item) and item.result()["task"].done())
        out[name] = {"ready": ready, "warming": len(pool) - ready}
    return out


# -- Voila's handlers, subclassed ------------------------------------------------------------------------------------

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

    def should_use_rendered_notebook(self, notebook_data: dict, pool_size: int, template_name: str | None,
                                     theme: str | None, request_args: dict) -> bool:
        """A preheated kernel serves any `?template=`/`?theme=` the page may not use (issue 42: such a value, ignored
        when the page is rendered, sent the visitor past the pool to a kernel started for them, 2-5 s)."""
        config = self.voila_configuration
        template_name = template_name if config.allow_template_override == "YES" else None
        theme = theme if config.allow_theme_override == "YES" else None
        return bool(super().should_use_rendered_notebook(notebook_data, pool_size, template_name, theme, request_args))

    async def get(self, path: str | None = None) -> None:
        if path and has_control_character(path):  # Voila would redirect it to /voila/files/, an unsafe header: a 500
            raise tornado.web.HTTPError(404)
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


def has_control_character(path: str) -> bool:
    """A NUL, CR, LF or other control character: no file or notebook is named so (issue 42: such render paths
    answered 500 with a traceback in the log)."""
    return any(ord(ch) < 32 or ord(ch) == 127 for ch in path)


class FilesHandler(AllowListFileHandler):
    """Voila's allow-listed files (`/voila/files/...`), where a path with a control character is a 404 (a NUL
    failed in the path's resolution with a 500)."""

    def get_absolute_path(self, root: str, path: str) -> str:
        if has_control_character(path):
            raise tornado.web.HTTPError(404)
        return super().get_absolute_path(root, path)


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
    """A plain 404 for routes the apps do not need (the notebook listing API). It takes the place of a Voila
    handler, whose settings (`voila_configuration`...) it is handed and ignores."""

    def initialize(self, **_settings: Any) -> None:
        pass

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


# -- the one handler-swap map -------------------------------------------------------------------------------------

SWAPS: dict[type, type] = {  # Voila's handler class -> ours, wherever it is mounted
    TornadoVoilaHandler: PageHandler,
    TemplateStaticFileHandler: TemplateFileHandler,
    MultiStaticFileHandler: VoilaStaticHandler,  # Voila's scripts, gzipped and versioned
    VoilaContentsHandler: NotFoundHandler,
    TornadoVoilaTreeHandler: TreeHandler,
    AllowListFileHandler: FilesHandler,
}


def replacement(cls: Any, pattern: str) -> type | None:
    """Our handler for Voila's `cls` mounted at `pattern`, or None to keep Voila's (FileFindHandler serves many
    routes: only the widget extensions' scripts are ours)."""
    if cls is FileFindHandler:
        return LabextensionHandler if "/voila/labextensions/" in pattern else None
    return SWAPS.get(cls) if isinstance(cls, type) else None


def swap_handlers(handlers: list) -> list:
    """A Tornado handler list (pattern, class, ...) with Voila's classes replaced (standalone Voila)."""
    out = []
    for handler in handlers:
        new = replacement(handler[1], handler[0])
        out.append(handler if new is None else (handler[0], new, *handler[2:]))
    return out


def swap_routes(router: RuleRouter) -> int:
    """Replace Voila's handler classes in every rule of a Jupyter server's `router` (the hub's single-user server,
    where Voila is a server extension); returns how many."""
    count = 0
    for rule in router.rules:
        target = rule.target
        if isinstance(target, RuleRouter):
            count += swap_routes(target)
            continue
        pattern = getattr(rule.matcher, "regex", None)
        new = replacement(target, pattern.pattern if pattern is not None else "")
        if new is not None:
            rule.target = new
            count += 1
    return count
