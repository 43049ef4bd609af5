"""Places for visitors (widgets.serve.Seats): a full server answers with a "busy, retrying" page, not a
hang; a page whose browser never connects has its kernel shut; /hench/status says when the pools are ready.

Real servers on free ports, driven over HTTP (and one browser visit); generous bounds, no fixed waits.
"""

from __future__ import annotations

import time

import pytest
import requests

from .server import kernel_processes, voila_server
from .test_browser import WIDGET, open_app

pytestmark = [pytest.mark.server, pytest.mark.slow]
NO_POOLS = "--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}}"
APP_A, APP_B = "huns/02-odds.ipynb", "henchmania/02-odds.ipynb"


def status(base: str) -> dict:
    return requests.get(base + "/hench/status", timeout=30).json()


def wait_for(what, timeout: float, every: float = 0.5) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if what():
            return True
        time.sleep(every)
    return bool(what())


def test_a_full_server_says_busy_and_retries_and_an_unconnected_page_frees_its_place():
    with voila_server(NO_POOLS, "--HenchVoila.max_kernels=1", "--HenchVoila.pending_timeout=15") as (base, proc):
        first = requests.get(f"{base}/voila/render/{APP_A}", timeout=300)
        assert first.status_code == 200 and "jupyter-widget" in first.text
        assert status(base)["in_use"] == 1 and len(kernel_processes(proc)) == 1

        busy = requests.get(f"{base}/voila/render/{APP_B}", timeout=60)
        assert busy.status_code == 503
        assert busy.headers["Retry-After"] == "10"
        assert "The class server is busy" in busy.text and "tries again by itself" in busy.text
        assert 'http-equiv="refresh"' in busy.text, "the busy page must retry by itself"
        assert "Traceback" not in busy.text
        assert len(kernel_processes(proc)) == 1, "a refused visitor must not start a kernel"

        # Nobody connected to the first page's kernel (a plain GET): it is shut after pending_timeout.
        assert wait_for(lambda: kernel_processes(proc) == [], 120), "an unconnected page kept its kernel"
        # the process goes first; the kernel manager lists the kernel until its shutdown has finished
        assert wait_for(lambda: status(base)["in_use"] == 0, 60), "the place of a shut kernel was not freed"
        again = requests.get(f"{base}/voila/render/{APP_B}", timeout=300)
        assert again.status_code == 200 and "jupyter-widget" in again.text


def kernel_of(page_html: str) -> str:
    import re

    found = re.search(r'"kernelId": "([0-9a-f-]+)"', page_html)
    assert found, "the page names its kernel"
    return found.group(1)


def touch(base: str, kernel_id: str, seconds: float) -> None:
    """Connect to a page's kernel as its browser does, hold the connection `seconds`, and drop it."""
    import asyncio

    from tornado.websocket import websocket_connect

    async def go() -> None:
        ws = await websocket_connect(f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel_id}/channels?session_id=t")
        await asyncio.sleep(seconds)
        ws.close()

    asyncio.run(go())


def test_a_page_that_connected_and_left_frees_its_place():
    """Issue 31: a client that touches each page's websocket for half a second and goes took every place until the
    idle cull; a page that had a connection and lost it is shut once it has not come back for pending_timeout."""
    with voila_server(NO_POOLS, "--HenchVoila.max_kernels=2", "--HenchVoila.pending_timeout=8") as (base, proc):
        for app in (APP_A, APP_B):
            page = requests.get(f"{base}/voila/render/{app}", timeout=300)
            assert page.status_code == 200
            touch(base, kernel_of(page.text), 0.5)
        assert status(base)["in_use"] == 2
        assert requests.get(f"{base}/voila/render/{APP_A}", timeout=60).status_code == 503, "the server is full"
        assert wait_for(lambda: kernel_processes(proc) == [] and status(base)["in_use"] == 0, 120), "the left pages kept their places"
        assert requests.get(f"{base}/voila/render/{APP_A}", timeout=300).status_code == 200, "a place for the next visitor"


def test_one_address_holds_at_most_its_share_of_a_small_server_connected_or_not():
    """Issue 31: the per-address bound counts a page until it leaves, connected or not. Issue 42: with
    `max_kernels=8` one address took 8 of 8 places (the bound was 40 pages whatever the server's size): by default
    one address holds half the places, and another address still gets one."""
    import threading

    with voila_server(NO_POOLS, "--HenchVoila.max_kernels=4", "--HenchVoila.pending_timeout=600",
                      "--HenchVoila.client_share=0.5") as (base, _proc):
        assert status(base)["max_pages_per_client"] == 2
        held = []
        for app in (APP_A, APP_B):
            page = requests.get(f"{base}/voila/render/{app}", timeout=300)
            assert page.status_code == 200
            worker = threading.Thread(target=touch, args=(base, kernel_of(page.text), 20), daemon=True)
            worker.start()  # the page stays connected
            held.append(worker)
        time.sleep(2)
        refused = requests.get(f"{base}/voila/render/{APP_A}", timeout=60)
        assert refused.status_code == 503
        assert "2 pages are already open from your address (the most one address may hold here)" in refused.text
        code, text, _ = get_from("127.0.0.2", base, f"/voila/render/{APP_A}", timeout=300)
        assert code == 200 and "jupyter-widget" in text, "another address still gets a place"
        assert status(base)["in_use"] == 3
        for worker in held:
            worker.join()


def test_a_class_behind_one_address_can_be_given_every_place():
    with voila_server(NO_POOLS, "--HenchVoila.max_kernels=6", "--HenchVoila.client_share=1") as (base, _proc):
        assert status(base)["max_pages_per_client"] == 6
    with voila_server(NO_POOLS, "--HenchVoila.max_kernels=6", "--HenchVoila.max_pages_per_client=5") as (base, _proc):
        assert status(base)["max_pages_per_client"] == 5


def test_one_client_cannot_open_pages_without_bound_and_the_status_shows_the_pools():
    pools = "--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}, 'huns/02-odds.ipynb': {'pool_size': 1}}"
    with voila_server(pools, "--HenchVoila.max_pending_per_client=1", "--HenchVoila.pending_timeout=600") as (base, _proc):
        assert wait_for(lambda: status(base)["ready"], 300, every=1), status(base)
        st = status(base)
        assert st["pools"] == {APP_A: {"ready": 1, "warming": 0}}
        assert st["in_use"] == 0 and st["max_kernels"] >= 4
        served = requests.get(f"{base}/voila/render/{APP_A}", timeout=300)  # from the preheated pool
        assert served.status_code == 200 and "jupyter-widget" in served.text
        refused = requests.get(f"{base}/voila/render/{APP_B}", timeout=60)
        assert refused.status_code == 503 and "1 of your pages is still opening" in refused.text
        assert status(base)["in_use"] == 1
        # the pool refills for the next visitor
        assert wait_for(lambda: status(base)["pools"][APP_A]["ready"] == 1, 300, every=1)


@pytest.mark.browser
def test_the_busy_page_gets_through_once_a_place_frees(browser):
    """A visitor on the busy page is let in by its own retry when another visitor leaves."""
    with voila_server(NO_POOLS, "--HenchVoila.max_kernels=1") as (base, _proc):
        first, _ = open_app(browser, base, "index.ipynb")
        second = browser.new_page()
        try:
            second.goto(f"{base}/voila/render/index.ipynb", wait_until="domcontentloaded", timeout=120_000)
            assert "The class server is busy" in second.inner_text("body")
            first.goto("about:blank")  # the first visitor leaves: their kernel is shut at once
            second.wait_for_selector(WIDGET, state="visible", timeout=180_000)  # the busy page reloaded itself
            assert "busy" not in second.inner_text("body").lower()
        finally:
            first.close()
            second.close()



def test_a_request_body_is_bounded_to_what_the_apps_need():
    """Issue 31: each connection could make the server buffer a body of up to 100 MB (Tornado's default)."""
    with voila_server(NO_POOLS) as (base, _proc):
        small = requests.post(f"{base}/voila/render/index.ipynb", data=b"x" * 1000, timeout=60)
        assert small.status_code != 413, "a small body is read (and refused by the handler, not by its size)"
        try:
            big = requests.post(f"{base}/voila/render/index.ipynb", data=b"x" * (8 * 1024 * 1024), timeout=60)
            assert big.status_code in (400, 413), big.status_code
        except requests.ConnectionError:
            pass  # the server closed the connection on the oversized body: just as good
        assert requests.get(f"{base}/hench/status", timeout=30).status_code == 200, "the server is still up"


# -- connections (issue 42): bounded per client and in all, below the descriptor limit -------------------------------

def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def get_from(source: str, base: str, path: str, timeout: float = 60) -> tuple[int, str, float]:
    """GET `path` from the client address `source` (any 127.x.y.z is this machine): status, body, seconds."""
    import http.client

    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port_of(base), timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", path)
        reply = conn.getresponse()
        return reply.status, reply.read().decode("utf-8", "replace"), time.monotonic() - start
    finally:
        conn.close()


def half_sent(base: str, count: int) -> list:
    """`count` connections from 127.0.0.1, each with a request whose headers never end."""
    import socket

    socks = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", port_of(base)), timeout=10)
        try:
            sock.sendall(b"GET /voila/tree HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        except OSError:  # already refused and closed
            pass
        socks.append(sock)
    return socks


def closed_by_server(sock, wait: float) -> bool:
    sock.settimeout(wait)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:  # reset by the server
        return True


def newest_log() -> str:
    """The log of the server this test process started last."""
    import os

    from .server import ARTIFACTS

    logs = sorted(ARTIFACTS.glob(f"voila-*-{os.getpid()}-*.log"), key=lambda p: p.stat().st_mtime)
    return logs[-1].read_text(errors="replace")


def test_one_client_cannot_take_the_connections_and_half_sent_requests_are_dropped():
    """Issue 42: under a 1,024-descriptor limit, 1,100 half-sent requests from one client took every descriptor (the
    file list timed out, the accept loop logged a traceback per try). Here, under a 256 limit, 400 of them: the
    client's share is refused at once and quietly, another client gets the file list and an app, and the
    half-sent ones are dropped after the header timeout."""
    with voila_server(NO_POOLS, "--HenchVoila.max_kernels=2", "--HenchVoila.header_timeout=10", descriptors=256) as (base, _proc):
        bounds = status(base)["connections"]
        assert bounds["max"] < 256 and bounds["max_per_client"] <= bounds["max"] // 2, bounds
        socks = half_sent(base, 400)
        try:
            refused = sum(closed_by_server(s, 0.05) for s in socks)
            assert refused >= 400 - bounds["max_per_client"], f"only {refused} of 400 refused"
            code, text, seconds = get_from("127.0.0.2", base, "/voila/tree", timeout=30)
            assert code == 200 and "/voila/tree/henchmania" in text and seconds < 5, (code, seconds)
            code, text, _ = get_from("127.0.0.2", base, f"/voila/render/{APP_A}", timeout=300)
            assert code == 200 and "jupyter-widget" in text
            held = [s for s in socks if not closed_by_server(s, 0.01)]
            assert held, "some half-sent requests were held for their header timeout"
            assert all(closed_by_server(s, 20) for s in held), "a half-sent request outlived the header timeout"
        finally:
            for sock in socks:
                sock.close()
        code, _, _ = get_from("127.0.0.1", base, "/hench/status")
        assert code == 200, "the flooding address is served again once its connections are gone"
        after = get_from("127.0.0.2", base, "/hench/status")[1]
        assert '"refused": ' in after
        log = newest_log()
    assert "Traceback" not in log and "Too many open files" not in log
    assert log.count("Refusing connections") <= 3, "one log line per burst of refusals"
    assert len(log) < 20_000, f"the log grew to {len(log)} characters"


def test_out_of_descriptors_pauses_accepting_without_a_traceback_per_try():
    """Bounds set above the descriptor limit (a misconfiguration, or descriptors held elsewhere): accepting fails
    with "Too many open files"; the server pauses accepting with one log line per burst, and recovers."""
    with voila_server(NO_POOLS, "--HenchVoila.max_kernels=1", "--HenchVoila.max_connections=5000",
                      "--HenchVoila.max_connections_per_client=5000", "--HenchVoila.header_timeout=5",
                      descriptors=200) as (base, _proc):
        socks = half_sent(base, 300)
        time.sleep(3)
        for sock in socks:
            sock.close()
        assert wait_for(lambda: get_from("127.0.0.2", base, "/voila/tree", timeout=10)[0] == 200, 60)
        log = newest_log()
    assert "Out of file descriptors" in log, "the server did run out (the test's premise)"
    assert "Traceback" not in log
    assert log.count("Out of file descriptors") <= 3 and len(log) < 20_000, len(log)
