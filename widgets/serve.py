"""Serve the notebooks as Voila apps, opening on the shelf.

    python -m widgets.serve [--port 8866] [--Voila.ip=127.0.0.1] ...

It is plain Voila serving notebooks/ (the settings come from voila.json in the working
directory), except that "/" goes straight to the shelf; the file list stays at /voila/tree.
Every change to Voila's own classes is in widgets.patches (checked against the installed versions at start);
the places for visitors are in widgets.places.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import tornado.web
from traitlets import Bool, Float, Integer
from voila.app import Voila
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from . import assets, connections
from .connections import BoundedHTTPServer, Gate, connection_bounds, raise_descriptor_limit
from .memory import cap_mib
from .patches import (  # noqa: F401  (re-exported: the tests and the hub extension name them from here)
    LabextensionHandler,
    NotFoundHandler,
    PageHandler,
    TemplateFileHandler,
    TreeHandler,
    UnsupportedVersionError,
    VoilaStaticHandler,
    _Arrivals,
    _pool_item_usable,
    _Warming,
    check_versions,
    follow_connections,
    install_kernel_manager,
    patch_anywidget_init,
    patch_get_model,
    pool_status,
    static_version,
    swap_handlers,
    throttled_kernel_manager,
    versioned_static_hook,
)
from .places import BUSY_PAGE, BUSY_RETRY_S, Seats, memory_plan, pages_per_client, plural  # noqa: F401

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SHELF = "voila/render/index.ipynb"
TEMPLATES = Path(__file__).resolve().parent / "share"  # voila/templates/hench: the lab page, nothing from a CDN


class StatusHandler(tornado.web.RequestHandler):
    """`/hench/status`: is the server ready for a class? The preheated pools and the places in use (JSON).
    A teacher (or a benchmark) waits until every pool is ready before the visitors arrive."""

    def get(self) -> None:
        km = self.settings["kernel_manager"]
        seats = PageHandler.seats
        pools = pool_status(km)
        gate = self.settings.get("hench_gate")
        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        self.finish({"ready": all(p["warming"] == 0 for p in pools.values()), "pools": pools,
                     "in_use": seats.in_use() if seats else None, "max_kernels": seats.max_kernels if seats else None,
                     "max_pages_per_client": seats.max_pages_per_client if seats else None,
                     "connections": {"open": gate.in_use(), "refused": gate.refused, "max": gate.total,
                                     "max_per_client": gate.per_client} if gate else None})


class HenchVoila(Voila):
    """Voila with "/" redirected to the shelf app, and the widget manager's model wait made patient.

    Places for visitors (see Seats; set them in voila.json under "HenchVoila" or on the command line):
    `max_kernels` app kernels at once (0: as many as the available memory holds with every kernel at its memory
    cap, places.memory_plan), at most `max_pages_per_client` pages per client open (connected or not; by
    default `client_share` of the places) and `max_pending_per_client` of them still opening, and a page's
    kernel shut when its browser has had no connection to it for `pending_timeout` seconds (never connected, or
    gone).

    Connections (widgets.connections): at most `max_connections` open at once and `max_connections_per_client`
    from one address (0: from the process's file-descriptor limit, raised at start as far as allowed); one
    past either is closed at once. A request whose headers are not in within `header_timeout` seconds, or its
    body within `body_timeout`, is dropped.

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
    max_pages_per_client = Integer(None, allow_none=True, config=True,
                                   help="Pages one client (IP address) may have open at once, connected or not, until they leave "
                                   "(0: no bound; unset: `client_share` of max_kernels). A class behind one school address "
                                   "shares it: set it to the class's size with room (or client_share to 1)")
    client_share = Float(0.5, config=True, help="The share of the places one address may hold when max_pages_per_client "
                         "is unset (at least one place)")
    max_connections = Integer(0, config=True, help="Connections open at once (0: what the file-descriptor limit leaves "
                              "once the kernels have theirs)")
    max_connections_per_client = Integer(0, config=True, help="Connections one client (IP address) may have open "
                                         "(0: half of max_connections, at most 1024)")
    header_timeout = Float(20.0, config=True, help="Seconds a request's headers may take to arrive (and a kept-alive "
                           "connection may stay idle) before the connection is dropped")
    body_timeout = Float(60.0, config=True, help="Seconds a request's body may take to arrive")
    pending_timeout = Float(120.0, config=True, help="Seconds a page's kernel waits for its browser to connect before it is shut")
    warming_at_once = Integer(0, config=True, help="Preheated kernels warming up at once (0: one per core)")
    pack_static = Bool(True, config=True, help="Send scripts and styles gzipped, and let browsers keep the versioned ones (assets.PackedStatic)")
    max_request_bytes = Integer(1024 * 1024, config=True, help="The largest request body, and the largest message a page may send "
                                "over its websocket (bytes). The apps send a few kilobytes at most; Tornado's default let each "
                                "connection make the server buffer 100 MB (issue 31)")

    def init_settings(self) -> dict:
        if self.pack_static:  # before Voila builds the kernel manager, which renders the preheated pages
            self.voila_configuration.page_config_hook = versioned_static_hook(
                self.static_paths, self.voila_configuration.page_config_hook)
        return {**super().init_settings(), "hench_pack_static": self.pack_static,
                "websocket_max_message_size": self.max_request_bytes}

    def listen(self) -> None:
        """Voila's listen, on a server whose connections are bounded (widgets.connections), with request bodies
        bounded by `max_request_bytes` and half-sent requests by `header_timeout` and `body_timeout`."""
        app = self.app
        listen = app.listen
        gate = self.connection_gate()
        app.settings["hench_gate"] = gate

        def bounded(port: int, address: str = "", **kwargs: Any) -> Any:
            kwargs.setdefault("max_body_size", self.max_request_bytes)
            kwargs.setdefault("max_buffer_size", self.max_request_bytes)
            kwargs.setdefault("idle_connection_timeout", self.header_timeout)
            kwargs.setdefault("body_timeout", self.body_timeout)
            server = BoundedHTTPServer(app, **kwargs)
            server.gate = gate
            server.listen(port, address)
            return server

        app.listen = bounded
        try:
            super().listen()
        finally:
            app.listen = listen

    def connection_gate(self) -> Gate:
        connections.log = self.log
        limit = raise_descriptor_limit()
        seats = PageHandler.seats
        kernels = (seats.max_kernels if seats else 0) + self.pooled_kernels()
        total, per_client = connection_bounds(limit, kernels, self.max_connections, self.max_connections_per_client)
        if total > limit:
            self.log.warning("Connections: the bound of %d is above the file-descriptor limit of %d", total, limit)
        self.log.info("Connections: at most %d open, %d from one address (file-descriptor limit %d, %d kernels); "
                      "headers within %g s, bodies within %g s", total, per_client, limit, kernels,
                      self.header_timeout, self.body_timeout)
        return Gate(total, per_client)

    def pooled_kernels(self) -> int:
        """Kernels the preheated pools hold when full (VoilaKernelManager.kernel_pools_config, every app)."""
        if not self.voila_configuration.preheat_kernel:
            return 0
        pools = getattr(self.kernel_manager, "kernel_pools_config", {}) or {}
        default = pools.get("default", {}).get("pool_size", 1)
        return sum(int(pools.get(name, {}).get("pool_size", default)) for name in notebook_paths(Path(self.root_dir)))

    def init_handlers(self) -> list:
        _Warming.limit = self.warming_at_once or _Warming.limit
        plan = memory_plan(cap_mib(), self.pooled_kernels(), fixed=self.max_kernels)
        per_client = (pages_per_client(plan.places, self.client_share) if self.max_pages_per_client is None
                      else self.max_pages_per_client)
        seats = Seats(plan.places, self.max_pending_per_client, self.pending_timeout, per_client)
        seats.attach(self.kernel_manager)
        follow_connections(self.kernel_manager, seats.connected.add)
        PageHandler.seats = seats
        (self.log.warning if plan.worst_mib > plan.available_mib else self.log.info)("%s", plan.statement())
        self.log.info("Places for visitors: %s at once, %s per client (%s opening; 0: no bound), %g s to connect or "
                      "come back", plural(seats.max_kernels, "app kernel"), plural(seats.max_pages_per_client, "page"),
                      seats.max_pending_per_client, seats.pending_timeout)
        self.voila_configuration.classic_tree = True  # the server-rendered list: no contents API needed
        root = self.server_url.rstrip("/") + "/"
        out: list = [*assets.handlers(root), (root + "hench/status", StatusHandler)]
        for handler in super().init_handlers():
            pattern, cls = handler[0], handler[1]
            if (cls is TornadoVoilaTreeHandler and pattern.rstrip("/") + "/" == root) or pattern.rstrip("$").endswith("/logout"):
                out.append((pattern, tornado.web.RedirectHandler, {"url": root + SHELF}))
            else:
                out.append(handler)
        return swap_handlers(out)


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        check_versions()  # before anything is patched: a clear error, not a page that half works
    except UnsupportedVersionError as exc:
        sys.exit(f"widgets.serve cannot start: {exc}")
    if not any(not a.startswith("-") for a in argv):
        argv.append(str(NOTEBOOKS))
    if not any(a.startswith(("--template", "--VoilaConfiguration.template")) for a in argv):
        argv.insert(0, "--template=hench")
    os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATES), os.environ.get("JUPYTER_PATH", "")]))
    install_kernel_manager()
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
def running_server(*extra: str, notebooks: Path = NOTEBOOKS, log_path: Path | None = None, timeout: float = 90,
                   descriptors: int | None = None):
    """Start this launcher (as `make run` does) on a free port; yield (base_url, process). `descriptors`: the
    server's limit on open files, soft and hard (as under `ulimit -n`), or the inherited one."""
    import requests

    root = Path(__file__).resolve().parent.parent
    port = free_port()
    log = open(log_path, "w") if log_path else subprocess.DEVNULL
    cmd = [sys.executable, "-m", "widgets.serve", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}", *extra, str(notebooks)]
    proc = subprocess.Popen(cmd, cwd=root, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=None if descriptors is None else lambda: _limit_descriptors(descriptors))
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


def _limit_descriptors(limit: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


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
