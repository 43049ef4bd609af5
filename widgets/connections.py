"""The server's connections, bounded per client and in total below the process's file-descriptor limit (issue 42).

Under a 1,024-descriptor limit one client's 1,100 half-sent requests used every descriptor: the file list timed
out, and Tornado's accept loop spun on "Too many open files", logging a traceback per try (297 MB in 4.5 minutes).
Here:
- at start the soft descriptor limit is raised toward the hard one (`raise_descriptor_limit`);
- `Gate` counts the open connections of each client (IP address) and in all: a connection past either bound is
  closed as soon as it is accepted, quietly, with one log line per burst of refusals;
- `BoundedHTTPServer` applies the gate, and accepts with `guarded_accept_handler`: if accepting fails all the
  same (descriptors taken by kernels), it stops accepting for a moment, with one log line, instead of spinning;
- half-sent requests are dropped by Tornado's own header and body timeouts (`HenchVoila.header_timeout`,
  `body_timeout`, given to the server by widgets.serve).
"""

from __future__ import annotations

import errno
import logging
import resource
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop
from tornado.iostream import IOStream

log: Any = logging.getLogger("hench.serve")  # widgets.serve puts the server's own log here

DESCRIPTORS_WANTED = 65536  # the soft limit asked for at start, if the hard limit allows it
SERVER_RESERVE = 96  # descriptors kept for the server's own files, listening sockets and logs
PER_KERNEL = 24  # descriptors a kernel holds in the server: its ZeroMQ channels, their pipes, its process
BURST_S = 10.0  # refusals less than this far apart are one burst (one log line)
PER_CLIENT_DEFAULT = 1024  # a browser holds up to 6 connections and a websocket per page: a class of 100 behind one address
PAUSE_S = 0.5  # how long accepting pauses when the process is out of descriptors


def raise_descriptor_limit(wanted: int = DESCRIPTORS_WANTED) -> int:
    """Raise the soft limit on open files toward min(`wanted`, hard limit); returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft


def connection_bounds(descriptor_limit: int, kernels: int, total: int = 0, per_client: int = 0) -> tuple[int, int]:
    """(connections in all, connections per client). In all: `total` if given, else what the descriptors leave
    once the server and `kernels` kernels have theirs (at least 16). Per client: `per_client` if given, else half
    of the total up to PER_CLIENT_DEFAULT; never above the total."""
    total = total if total > 0 else max(16, descriptor_limit - SERVER_RESERVE - PER_KERNEL * kernels)
    return total, min(total, per_client) if per_client > 0 else max(8, min(total // 2, PER_CLIENT_DEFAULT))


@dataclass
class Gate:
    """Open connections counted per client and in all; `admit` says whether one more may stay open."""

    total: int
    per_client: int
    open: dict[str, int] = field(default_factory=dict)
    refused: int = 0  # refusals since the server started
    _burst_ends: float = 0.0

    def in_use(self) -> int:
        return sum(self.open.values())

    def admit(self, client: str, now: float) -> bool:
        mine = self.open.get(client, 0)
        if mine < self.per_client and self.in_use() < self.total:
            self.open[client] = mine + 1
            return True
        self.refused += 1
        if now >= self._burst_ends:
            why = (f"{mine} are open from it (at most {self.per_client} from one address)" if mine >= self.per_client
                   else f"{self.in_use()} are open in all (at most {self.total})")
            log.warning("Refusing connections from %s: %s; further refusals in this burst are not logged", client, why)
        self._burst_ends = now + BURST_S
        return False

    def release(self, client: str) -> None:
        left = self.open.get(client, 0) - 1
        if left > 0:
            self.open[client] = left
        else:
            self.open.pop(client, None)


def client_of(address: Any) -> str:
    return str(address[0]) if isinstance(address, tuple) and address else "unix"


class BoundedHTTPServer(HTTPServer):
    """Tornado's HTTP server with its connections admitted by a `Gate` (set `gate` before it listens)."""

    gate: Gate | None = None

    def handle_stream(self, stream: IOStream, address: tuple) -> None:
        gate, client = self.gate, client_of(address)
        if gate is None:
            return super().handle_stream(stream, address)
        if not gate.admit(client, IOLoop.current().time()):
            stream.close()
            return None
        close_fd = stream.close_fd

        def counted_close_fd() -> None:  # IOStream.close calls it once, whatever closes the stream
            gate.release(client)
            close_fd()

        stream.close_fd = counted_close_fd  # type: ignore[method-assign]
        return super().handle_stream(stream, address)

    def add_sockets(self, sockets: Any) -> None:
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = guarded_accept_handler(sock, self._handle_connection)


OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def guarded_accept_handler(sock: socket.socket, callback: Callable[[socket.socket, Any], None]) -> Callable[[], None]:
    """tornado.netutil.add_accept_handler, except that when the process is out of descriptors it stops accepting
    for PAUSE_S seconds (the waiting connections stay in the listen queue) with one log line per burst, instead of
    retrying at once and logging a traceback each time. Returns the function that stops accepting."""
    loop = IOLoop.current()
    state = {"removed": False, "paused": False, "burst_ends": 0.0}

    def resume() -> None:
        state["paused"] = False
        if not state["removed"]:
            loop.add_handler(sock, accept, IOLoop.READ)

    def out_of_descriptors(exc: OSError) -> None:
        now = loop.time()
        if now >= state["burst_ends"]:
            log.warning("Out of file descriptors (%s): not accepting connections for a moment", exc.strerror)
        state["burst_ends"] = now + BURST_S
        state["paused"] = True
        loop.remove_handler(sock)
        loop.call_later(PAUSE_S, resume)

    def accept(_fd: Any, _events: int) -> None:
        for _ in range(128):
            if state["removed"] or state["paused"]:
                return
            try:
                connection, address = sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:
                continue
            except OSError as exc:
                if exc.errno in OUT_OF_DESCRIPTORS:
                    return out_of_descriptors(exc)
                raise
            callback(connection, address)

    def remove() -> None:
        if not state["paused"]:
            loop.remove_handler(sock)
        state["removed"] = True

    loop.add_handler(sock, accept, IOLoop.READ)
    return remove
