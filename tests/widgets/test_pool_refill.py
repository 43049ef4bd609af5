"""Preheated pools during a class's arrival: refills wait for the class to settle in, and a visitor never
queues behind a refill that has not started (widgets.serve: _Arrivals, throttled_kernel_manager)."""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from widgets import serve


def test_a_refill_waits_while_pages_are_asked_for(monkeypatch):
    monkeypatch.setattr(serve._Arrivals, "settle_s", 0.4)
    monkeypatch.setattr(serve._Arrivals, "patience_s", 5.0)
    monkeypatch.setattr(serve.PageHandler, "seats", None)
    serve._Arrivals.page()
    assert serve._Arrivals.arriving()
    t = time.monotonic()
    asyncio.run(serve._Arrivals.quiet())
    waited = time.monotonic() - t
    assert 0.3 <= waited < 3, waited
    assert not serve._Arrivals.arriving()


def test_a_refill_waits_at_most_its_patience(monkeypatch):
    monkeypatch.setattr(serve._Arrivals, "settle_s", 60.0)
    monkeypatch.setattr(serve._Arrivals, "patience_s", 0.5)
    monkeypatch.setattr(serve.PageHandler, "seats", None)
    serve._Arrivals.page()
    t = time.monotonic()
    asyncio.run(serve._Arrivals.quiet())
    assert 0.4 <= time.monotonic() - t < 3


def test_a_page_not_yet_connected_counts_as_arriving(monkeypatch):
    seats = serve.Seats(10, 10, 0)
    seats.km = SimpleNamespace(list_kernel_ids=lambda: ["k1"])
    seats.owner["k1"] = "10.0.0.1"
    monkeypatch.setattr(serve.PageHandler, "seats", seats)
    monkeypatch.setattr(serve._Arrivals, "last_page", 0.0)
    assert serve._Arrivals.arriving()
    seats.connected.add("k1")
    assert not serve._Arrivals.arriving()
    seats.connected.discard("k1")
    seats.km = SimpleNamespace(list_kernel_ids=lambda: [])  # the kernel is gone: nobody is arriving
    assert not serve._Arrivals.arriving()


def test_a_visitor_takes_only_pool_kernels_that_started():
    manager = serve.throttled_kernel_manager(AsyncMappingKernelManager, True, 1)

    async def check() -> None:
        loop = asyncio.get_running_loop()
        ready = loop.create_future()
        ready.set_result({"kernel_id": "k-ready"})
        warming = asyncio.ensure_future(asyncio.sleep(30))
        queued = asyncio.ensure_future(asyncio.sleep(30))
        serve._Warming.started.add(warming)
        fake = SimpleNamespace(_pools={"a.ipynb": [queued, warming, ready]})
        try:
            assert manager.get_pool_size(fake, "a.ipynb") == 2  # the queued refill is not offered
            assert manager.get_pool_size(fake, "b.ipynb") == 0
            fake._pools["a.ipynb"] = [queued]
            assert manager.get_pool_size(fake, "a.ipynb") == 0  # so the page starts its own kernel at once
            died = loop.create_future()
            died.set_exception(RuntimeError("Kernel died before replying to kernel_info"))
            render = loop.create_future()  # the kernel started, but running its notebook failed
            render.set_exception(RuntimeError("Kernel died before replying to kernel_info"))
            broken = loop.create_future()
            broken.set_result({"kernel_id": "k-broken", "task": render})
            fake._pools["a.ipynb"] = [died, broken, ready]
            assert manager.get_pool_size(fake, "a.ipynb") == 1, "a kernel that failed is never offered to a visitor"
            died.exception(), render.exception()  # retrieved: no "never retrieved" warning
        finally:
            warming.cancel()
            queued.cancel()

    asyncio.run(check())


def test_a_pooled_kernel_is_never_culled_and_its_idle_clock_starts_when_handed_out():
    """Issue 31: the culler passes over kernels still in a pool (nobody has them yet) and restarts their clock."""
    from datetime import timedelta

    from jupyter_server._tz import utcnow

    manager = serve.throttled_kernel_manager(AsyncMappingKernelManager, True, 1)

    async def check() -> None:
        loop = asyncio.get_running_loop()
        pooled = loop.create_future()
        pooled.set_result({"kernel_id": "k-pool"})
        old = utcnow() - timedelta(hours=1)
        kernels = {"k-pool": SimpleNamespace(last_activity=old), "k-given": SimpleNamespace(last_activity=old)}
        fake = SimpleNamespace(_pools={"a.ipynb": [pooled]}, _kernels=kernels)
        fake._pooled_kernel_ids = lambda: manager._pooled_kernel_ids(fake)
        fake._idle_clock_starts = lambda kid: manager._idle_clock_starts(fake, kid)
        assert await manager.cull_kernel_if_idle(fake, "k-pool") is None
        assert utcnow() - kernels["k-pool"].last_activity < timedelta(seconds=5), "its clock restarted, not culled"
        manager._idle_clock_starts(fake, "k-given")  # what get_rendered_notebook does for the kernel it hands out
        assert utcnow() - kernels["k-given"].last_activity < timedelta(seconds=5)

    asyncio.run(check())


def test_messages_kept_for_a_gone_page_are_bounded():
    from widgets.patches import BoundedBuffer

    buffer = BoundedBuffer()
    frame = [b"x" * 1024 * 1024]
    for _ in range(20):
        buffer.append(("iopub", frame))
    assert len(buffer) == 8 and buffer.size <= BoundedBuffer.limit_bytes and buffer.dropped == 12
