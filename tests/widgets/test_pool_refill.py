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
