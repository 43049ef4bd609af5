"""The server's places for visitors: how many app kernels it gives out at once, and what a visitor sees when
it is full. Serving policy only; widgets.patches applies it to Voila's page handler.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from jupyter_core.utils import ensure_async
from tornado.ioloop import IOLoop, PeriodicCallback


class Seats:
    """The server's places for visitors: how many app kernels it holds at once, how many pages one client
    (address) may have open, and how many of those may still be opening.

    A kernel counts from the moment a page is given one (from the preheated pool or started for it) until its
    page leaves, connected or not (issue 31: a client that touched each page's websocket for half a second
    used to hold every place until the 10-minute idle cull). A page has left when its tab asks for the
    kernel's shutdown, or when its browser has had no connection to the kernel for `pending_timeout` seconds:
    never connected (a plain GET, a tab closed while loading), or connected and gone without coming back
    (a crashed tab, a client that dropped its websocket). The kernel is then shut, which also stops any
    work it was still doing for that page. Kernels waiting in the preheated pools are not visitors and do
    not count.
    """

    SWEEP_S = 5.0  # how often the places check for pages that have gone

    def __init__(self, max_kernels: int, max_pending_per_client: int, pending_timeout: float,
                 max_pages_per_client: int = 0) -> None:
        self.max_kernels, self.max_pending_per_client, self.pending_timeout = max_kernels, max_pending_per_client, pending_timeout
        self.max_pages_per_client = max_pages_per_client
        self.owner: dict[str, str] = {}  # kernel id -> client, for kernels given to pages
        self.connected: set[str] = set()  # kernel ids a page has connected to at least once
        self.gone_since: dict[str, float] = {}  # kernel id -> when its page was last seen with no connection
        self.km = None
        self._sweeping = False

    def attach(self, km) -> None:
        """Count the kernels of this kernel manager (`connected` is kept by widgets.patches.follow_connections)."""
        self.km = km

    def _live(self) -> set[str]:
        live: set[str] = set(self.km.list_kernel_ids()) if self.km is not None else set()
        for kid in [k for k in self.owner if k not in live]:
            del self.owner[kid]
            self.connected.discard(kid)
            self.gone_since.pop(kid, None)
        return live

    def in_use(self) -> int:
        """Kernels given to visitors and still running."""
        self._live()
        return len(self.owner)

    def pending(self, client: str) -> int:
        """Pages of `client` whose kernel is still waiting for the browser to connect."""
        self._live()
        return sum(1 for kid, who in self.owner.items() if who == client and kid not in self.connected)

    def pages(self, client: str) -> int:
        """Pages of `client` that hold a kernel, connected or not, until they leave."""
        self._live()
        return sum(1 for who in self.owner.values() if who == client)

    def opening(self) -> int:
        """Pages of every client whose kernel is still waiting for the browser to connect."""
        self._live()
        return sum(1 for kid in self.owner if kid not in self.connected)

    def refusal(self, client: str) -> str | None:
        """Why a new page for `client` cannot have a kernel now, or None."""
        if self.max_kernels and self.in_use() >= self.max_kernels:
            return f"every place on this server is taken ({self.max_kernels} apps are open)"
        if self.max_pages_per_client and self.pages(client) >= self.max_pages_per_client:
            held = self.max_pages_per_client
            return (f"{held} {'page is' if held == 1 else 'pages are'} already open from your address "
                    "(the most one address may hold here); close one you no longer use")
        if self.max_pending_per_client and self.pending(client) >= self.max_pending_per_client:
            opening = self.max_pending_per_client
            return f"{opening} of your pages {'is' if opening == 1 else 'are'} still opening"
        return None

    def given(self, kernel_id: str, client: str) -> None:
        """A page got `kernel_id`: count it, and shut it once its page has gone (see the class)."""
        self.owner[kernel_id] = client
        self.gone_since[kernel_id] = IOLoop.current().time()  # not connected yet
        if self.pending_timeout > 0 and not self._sweeping:
            self._sweeping = True
            PeriodicCallback(lambda: asyncio.ensure_future(self.sweep()), self.SWEEP_S * 1000).start()

    def connections(self, kernel_id: str) -> int:
        return int(getattr(self.km, "_kernel_connections", {}).get(kernel_id, 0))

    async def sweep(self) -> None:
        """Shut the kernels whose page has had no connection for `pending_timeout` seconds."""
        now = IOLoop.current().time()
        self._live()
        for kid in list(self.owner):
            if self.connections(kid) > 0:
                self.gone_since.pop(kid, None)
                continue
            since = self.gone_since.setdefault(kid, now)
            if now - since >= self.pending_timeout:
                await self._reap(kid)

    async def _reap(self, kernel_id: str) -> None:
        km = self.km
        if km is None or kernel_id not in km:
            return
        why = "its page left" if kernel_id in self.connected else "its page never connected"
        km.log.info("Shutting kernel %s: %s (no connection for %g s)", kernel_id, why, self.pending_timeout)
        self.gone_since.pop(kernel_id, None)
        try:
            await ensure_async(km.shutdown_kernel(kernel_id))
        except Exception:  # already gone
            pass


def available_mib() -> int | None:
    """The machine's available memory (Linux /proc/meminfo), or None where it cannot be read."""
    try:
        with open("/proc/meminfo") as f:
            info = {line.split(":")[0]: int(line.split()[1]) for line in f if line.split()[1:]}
    except (OSError, ValueError, IndexError):
        return None
    found = info.get("MemAvailable", info.get("MemTotal"))
    return None if found is None else found // 1024


POOLED_KERNEL_MIB = 160  # a preheated kernel nobody has taken yet (130-160 MiB): it has run its notebook, and grows no further
SERVER_RESERVE_MIB = 1024  # the server itself and the machine's other work


@dataclass(frozen=True)
class MemoryPlan:
    """How many places for visitors the memory holds when every visitor's kernel may grow to its cap (issue 42:
    sized at 200 MiB a kernel, a server with a 768 MiB cap could promise 62 GiB on a 23.5 GiB machine)."""

    available_mib: int
    cap_mib: int
    pooled: int  # preheated kernels waiting in the pools
    places: int

    @property
    def worst_mib(self) -> int:
        """Memory the places and the pools may take at most."""
        return self.places * self.cap_mib + self.pooled * POOLED_KERNEL_MIB

    def statement(self) -> str:
        return (f"Memory: {gib(self.available_mib)} available; {plural(self.places, 'place')} for visitors at up to "
                f"{self.cap_mib} MiB a kernel, with {plural(self.pooled, 'preheated kernel')} at about "
                f"{POOLED_KERNEL_MIB} MiB, take at most {gib(self.worst_mib)} (+{gib(SERVER_RESERVE_MIB)} kept for the server)")


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def gib(mib: int) -> str:
    return f"{mib / 1024:.1f} GiB"


def memory_plan(cap_mib: int, pooled: int, available: int | None = None, fixed: int = 0) -> MemoryPlan:
    """The places (`fixed` if given, else what the available memory holds, at least 1) for kernels of up to
    `cap_mib` each, beside `pooled` preheated kernels and the server's reserve."""
    avail = available_mib() if available is None else available
    if avail is None:
        avail = 16 * 1024  # not Linux: a modest machine
    room = avail - SERVER_RESERVE_MIB - pooled * POOLED_KERNEL_MIB
    places = fixed if fixed > 0 else max(1, min(500, room // max(1, cap_mib)))
    return MemoryPlan(avail, cap_mib, pooled, places)


def pages_per_client(max_kernels: int, share: float) -> int:
    """Places one address may hold: `share` of the server's, at least 1 (issue 42: one address took 8 of 8)."""
    return max(1, int(max_kernels * share))


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
