"""Security at the edge, against a real server: no traceback or Python error text reaches a page by any
route, and the odd routes answer plainly (issue 13).

The test talks to an app's kernel as its page does: the kernel id from the rendered page's
`jupyter-config-data`, then /api/kernels/<id>/channels (JSON messages), the widget models from the
`jupyter.widget.control` comm, then crafted comm messages a browser could send.
"""

from __future__ import annotations

import json
import re
import time
import uuid

import pytest
import requests

from .server import voila_server

websocket = pytest.importorskip("websocket")

pytestmark = [pytest.mark.server, pytest.mark.slow]

PLAY_APP = "huns/03-play.ipynb"  # a board, an unprotected checkbox ("roll the dice for me")
PYTHON_SIGNS = ("Traceback", "TraitError", "invalid literal", "site-packages", '.py"', ".py:", "Exception",
                "ValueError", "TypeError", "KeyError")


@pytest.fixture(scope="module")
def server():
    with voila_server() as (base, _proc):
        yield base


class PageKernel:
    """One app page's kernel, reached over its websocket as the page reaches it."""

    def __init__(self, base: str, notebook: str):
        page = requests.get(f"{base}/voila/render/{notebook}", timeout=240)
        assert page.status_code == 200
        found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page.text, re.S)
        assert found, "the page has no jupyter-config-data"
        self.kernel_id = json.loads(found.group(1))["kernelId"]
        url = base.replace("http", "ws", 1) + f"/api/kernels/{self.kernel_id}/channels?session_id={uuid.uuid4().hex}"
        self.ws = websocket.create_connection(url, timeout=120)
        self.session = uuid.uuid4().hex
        self.seen: list[dict] = []
        self.states = self._widget_states()

    def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "", "session": self.session,
                  "date": "", "version": "5.3"}
        self.ws.send(json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                                 "buffers": [], "channel": "shell"}))

    def receive(self, until, timeout: float = 120) -> bool:
        """Read messages (kept in `seen`) until `until(msg)` is true; False at the deadline."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.5, deadline - time.monotonic()))
            try:
                msg = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                return False
            self.seen.append(msg)
            if until(msg):
                return True
        return False

    def settle(self, seconds: float = 3.0) -> None:
        """Keep reading until nothing has come for `seconds`."""
        while self.receive(lambda _m: True, timeout=seconds):
            pass

    def _widget_states(self) -> dict:
        control = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                  metadata={"version": "1.0.0"})
        self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        box: dict = {}

        def states(msg: dict) -> bool:
            data = msg.get("content", {}).get("data") or {}
            if msg["msg_type"] == "comm_msg" and data.get("method") == "update_states":
                box.update(data["states"])
                return True
            return False

        assert self.receive(states), "the kernel never sent its widget states"
        return box

    def models(self, test) -> list[str]:
        return [mid for mid, s in self.states.items() if test(s)]

    def comm(self, comm_id: str, data: dict) -> None:
        self.send("comm_msg", {"comm_id": comm_id, "data": data})

    def close(self) -> None:
        self.ws.close()


def shows_error_message(msg: dict) -> bool:
    data = msg.get("content", {}).get("data") or {}
    return msg["msg_type"] == "comm_msg" and "hench-msg-error" in str((data.get("state") or {}).get("value", ""))


def assert_no_python_text(messages: list[dict]) -> None:
    for msg in messages:
        assert msg["msg_type"] not in ("error", "stream"), f"{msg['msg_type']} sent to the page: {str(msg['content'])[:300]}"
        text = json.dumps(msg["content"])
        for sign in PYTHON_SIGNS:
            assert sign not in text, f"{sign!r} reached the page in a {msg['msg_type']}: {text[:300]}"


@pytest.fixture(scope="module")
def play(server):
    kernel = PageKernel(server, PLAY_APP)
    yield kernel
    kernel.close()


def test_a_wrong_typed_value_sends_no_traceback(play):
    boxes = play.models(lambda s: s["model_name"] == "CheckboxModel")
    assert boxes, "the play app has no checkbox to send a wrong value to"
    play.seen.clear()
    play.comm(boxes[0], {"method": "update", "state": {"value": "x"}, "buffer_paths": []})
    play.comm(boxes[0], {"method": "update", "state": {"value": {"nested": [1, 2]}, "description": 7}, "buffer_paths": []})
    play.comm(boxes[0], {"method": "no such method"})
    assert play.receive(shows_error_message), "no plain message was shown for the refused value"
    play.settle()
    assert_no_python_text(play.seen)
    restored = [m for m in play.seen if m["msg_type"] == "comm_msg" and m["content"]["comm_id"] == boxes[0]
                and m["content"]["data"].get("method") == "update"
                and isinstance(m["content"]["data"]["state"].get("value"), bool)]
    assert restored, "the pages were not put back in step after the refused value"
    said = [m["content"]["data"]["state"]["value"] for m in play.seen if shows_error_message(m)]
    assert any("not accepted" in s for s in said)


@pytest.mark.parametrize("action", ["\x00", "1\u00e9", "place 1x", "take 9999999999999999999999", "%d%s{0}", "x" * 199,
                                    "\u202e\u0000\ufffd"])
def test_an_odd_board_click_sends_no_traceback(play, action):
    boards = play.models(lambda s: "hench-board" in str(s["state"].get("_esm", "")))
    assert boards, "the play app has no clickable board"
    play.seen.clear()
    version = play.states[boards[0]]["state"].get("version", 0)  # as the page sends it: the board's version
    play.comm(boards[0], {"method": "custom", "content": {"action": action, "version": version}})
    assert play.receive(shows_error_message), f"no plain message for the click {action!r}"
    play.settle()
    assert_no_python_text(play.seen)


def test_malformed_custom_messages_are_ignored_quietly(play):
    boards = play.models(lambda s: "hench-board" in str(s["state"].get("_esm", "")))
    play.seen.clear()
    for content in ({"action": ["a", "list"]}, {"action": None}, ["not", "a", "dict"], {"action": "x" * 5000}):
        play.comm(boards[0], {"method": "custom", "content": content})
    play.comm(boards[0], {"method": "custom"})
    play.settle()
    assert_no_python_text(play.seen)


def test_crafted_move_clicks_and_updates_send_no_traceback(play):
    """The row of move buttons takes only a click naming a button of its current list; anything else the
    page sends (odd clicks, a new list or version) changes nothing and sends no Python text."""
    rows = play.models(lambda s: "hench-moves" in str(s["state"].get("_esm", "")))
    assert rows, "the play app has no row of move buttons"
    play.seen.clear()
    play.comm(rows[0], {"method": "update", "state": {"buttons": [["win now", "a move that is not open"]]}, "buffer_paths": []})
    play.settle()
    put_back = [m["content"]["data"]["state"] for m in play.seen if m["msg_type"] == "comm_msg"
                and m["content"]["comm_id"] == rows[0] and m["content"]["data"].get("method") == "update"]
    assert put_back and all(["win now", "a move that is not open"] not in s.get("buttons", []) for s in put_back), \
        "the page's list was put back, never taken"
    for content in ({"pick": "0", "version": 1}, {"pick": 10**30, "version": 10**30}, {"pick": None}, ["x"],
                    {"pick": -1, "version": -1}, {"pick": 0.5, "version": 1.5}, {}):
        play.comm(rows[0], {"method": "custom", "content": content})
    play.comm(rows[0], {"method": "update", "state": {"buttons": "x", "version": "y"}, "buffer_paths": []})
    play.settle()
    assert_no_python_text(play.seen)


def test_odd_routes_answer_plainly(server):
    r = requests.get(server + "/logout", allow_redirects=False, timeout=60)
    assert r.status_code in (301, 302) and r.headers["Location"].endswith("/voila/render/index.ipynb")
    for path in ("/voila/templates/x", "/voila/templates/lab/x", "/voila/templates/lab/static/../../x",
                 "/voila/templates/hench/static/nothing.css", "/voila/api/contents", "/voila/api/contents/henchmania"):
        r = requests.get(server + path, allow_redirects=False, timeout=60)
        assert r.status_code == 404, f"{path}: {r.status_code}"
        assert "Traceback" not in r.text


def test_the_file_list_and_shelf_still_work_without_the_contents_api(server):
    tree = requests.get(server + "/voila/tree", timeout=60)
    assert tree.status_code == 200 and "/voila/tree/henchmania" in tree.text and "/voila/render/index.ipynb" in tree.text
    assert "cdn.jsdelivr.net" not in tree.text, "the file list's icons come from this server"
    assert requests.get(server + "/voila/tree?classic-tree=false", timeout=60).status_code == 200
    shelf = requests.get(server + "/voila/render/index.ipynb", timeout=240)
    assert shelf.status_code == 200 and "application/vnd.jupyter.widget-view+json" in shelf.text


CONTROL_PATHS = ("/voila/render/index%00.js", "/voila/render/index.ipynb%00.js", "/voila/render/x%0d%0a.png",
                 "/voila/render/huns%00.png", "/voila/render/a%0a.js", "/voila/render/henchmania/b%7f.css",
                 "/voila/files/x%00.js", "/voila/files/huns/x%0d%0a.png")


def test_control_characters_in_paths_answer_404_and_template_values_take_the_preheated_kernel():
    """Issue 42: `%00` or CRLF before `.js`/`.png` in a render path answered 500 with a 25-line traceback in the log,
    and any `?template=`/`?theme=` value skipped the preheated kernels (2-5 s) though the page ignores it."""
    import os

    from .server import ARTIFACTS

    app = "huns/02-odds.ipynb"
    pools = f"--VoilaKernelManager.kernel_pools_config={{'default': {{'pool_size': 0}}, '{app}': {{'pool_size': 1}}}}"
    with voila_server(pools) as (base, _proc):
        for path in CONTROL_PATHS:
            r = requests.get(base + path, allow_redirects=False, timeout=60)
            assert r.status_code == 404, f"{path}: {r.status_code}"
            assert "Traceback" not in r.text
        deadline = time.monotonic() + 300
        while requests.get(base + "/hench/status", timeout=30).json()["pools"][app]["ready"] < 1:
            assert time.monotonic() < deadline, "the pool never warmed"
            time.sleep(1)
        page = requests.get(f"{base}/voila/render/{app}?template=lab&theme=dark", timeout=240)
        assert page.status_code == 200 and "jupyter-widget" in page.text
        assert requests.get(base + "/hench/status", timeout=30).json()["pools"][app]["ready"] == 0, \
            "the page was not given the preheated kernel"
        assert "/voila/templates/hench/" in page.text or "hench" in page.text
        log = sorted(ARTIFACTS.glob(f"voila-*-{os.getpid()}-*.log"), key=lambda p: p.stat().st_mtime)[-1].read_text()
    assert "Traceback" not in log and "Unsafe header value" not in log


def settled(page, quiet_s: float = 3.0, timeout_s: float = 120.0) -> None:
    """Wait until the page has asked for no new resource for `quiet_s` seconds (its websocket keeps the network
    busy for good, so Playwright's "networkidle" never comes)."""
    count, since, deadline = -1, time.monotonic(), time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        now = page.evaluate("() => performance.getEntriesByType('resource').length")
        if now != count:
            count, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"the page kept loading for {timeout_s} s")


@pytest.mark.browser
def test_no_page_asks_anything_of_another_machine(browser, server):
    """Issue 42: every page (the file list, the shelf and every app) works offline. Each request that would leave
    this machine is blocked and recorded, for the page's load, its widgets, the charts' script and everything below
    the fold."""
    from .server import WIDGET_SELECTOR, all_notebooks

    local = (server, "data:", "blob:", "about:")
    context = browser.new_context(viewport={"width": 1280, "height": 1600})
    attempts: list[str] = []

    def guard(route) -> None:
        url = route.request.url
        if url.startswith(local):
            route.continue_()
        else:
            attempts.append(f"{current[0]}: {url}")
            route.abort()

    current = [""]
    context.route("**/*", guard)
    try:
        pages = ["/voila/tree", *(f"/voila/render/{notebook}" for notebook in all_notebooks())]
        assert len(pages) >= 17, pages  # the file list, the shelf and the 15 apps at least
        for path in pages:
            current[0] = path
            page = context.new_page()
            page.goto(server + path, wait_until="domcontentloaded", timeout=240_000)
            page.wait_for_selector(WIDGET_SELECTOR if "/render/" in path else "a[href*='/voila/render/']", timeout=240_000)
            for _ in range(12):  # down the whole page: what loads as it comes into view
                page.mouse.wheel(0, 1200)
                page.wait_for_timeout(150)
            settled(page)
            page.close()
    finally:
        context.close()
    assert not attempts, f"requests that would have left the machine: {attempts}"
