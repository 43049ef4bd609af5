"""No student can enter another's server on the hub (issue 31), tried as a student would: with their own
cookies, by URL and by API, against a classmate's server, kernels and terminals; by guessing passwords; from
their own server's processes, against the hub's secrets. deploy/README.md ("Signing the class in") says what
the hub does about each.

Every refusal is paired with the same request by the owner, which succeeds: a refusal is not a broken URL."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import shutil
import subprocess
import time
import uuid

import pytest
import requests
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.ioloop import IOLoop
from tornado.websocket import websocket_connect

from tests.deploy.hub import READY, TEACHER, Hub, xsrf_header

pytestmark = [pytest.mark.server, pytest.mark.slow]


@pytest.fixture(scope="module")
def classmates(hub: Hub) -> dict:
    """Two approved students, each signed in with a server running and the shelf open (so with a kernel)."""
    out = {}
    for name in ("ana", "ben"):
        session, password = hub.student(name)
        hub.start_server(session, name)
        kernels = session.get(f"{hub.base}/user/{name}/api/kernels", timeout=60).json()
        assert kernels, f"{name}'s shelf has no kernel"
        out[name] = {"session": session, "password": password, "kernel": kernels[0]["id"]}
    return out


def _refused(answer: requests.Response, owner: str) -> bool:
    """The hub or the server said no: an error status, or a redirect that ends anywhere but in `owner`'s server."""
    landed = answer.url.split("?")[0]
    return answer.status_code in (401, 403, 404, 405) or (
        answer.status_code < 400 and f"/user/{owner}/" not in landed and "/hub/login" in landed)


def _websocket(url: str, cookies: dict) -> str:
    """Open a kernel's websocket with these cookies: 'open', or the HTTP status it was refused with."""
    async def connect() -> str:
        header = "; ".join(f"{k}={v}" for k, v in cookies.items())
        try:
            socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": header}, follow_redirects=False,
                                                         connect_timeout=60, request_timeout=READY))
        except HTTPClientError as refused:
            return str(refused.code)
        socket.close()
        return "open"

    return IOLoop.current().run_sync(connect, timeout=READY)


def _cookies(session: requests.Session) -> dict:
    return {c.name: c.value for c in session.cookies}


def test_a_student_cannot_enter_a_classmates_server_kernels_or_terminals(hub, classmates):
    ana, ben = classmates["ana"], classmates["ben"]
    mine, theirs = ana["session"], f"{hub.base}/user/ben"
    kernel = ben["kernel"]
    pages = ["/", "/voila/render/index.ipynb", "/voila/render/huns/03-play.ipynb", "/lab", "/tree",
             "/api/contents", "/api/kernels", f"/api/kernels/{kernel}", "/api/sessions", "/api/terminals"]
    # by URL, with ana's cookies: every page and API of ben's server refused
    for path in pages:
        answer = mine.get(theirs + path, timeout=READY)
        assert _refused(answer, "ana"), f"ana reached ben's {path}: {answer.status_code} {answer.url}"
    assert not any(c.name == "jupyterhub-user-ben" for c in mine.cookies), "ana was handed ben's server cookie"
    # by API, with ana's cookies and her xsrf token: nothing started, stopped or changed in ben's server
    headers = xsrf_header(mine, "/user/ana/")
    for method, path in [("POST", "/api/kernels"), ("POST", "/api/terminals"), ("DELETE", f"/api/kernels/{kernel}"),
                         ("POST", f"/api/kernels/{kernel}/restart"), ("POST", f"/api/kernels/{kernel}/interrupt"),
                         ("PUT", "/api/contents/x.ipynb")]:
        answer = mine.request(method, theirs + path, headers=headers, json={}, timeout=READY, allow_redirects=False)
        assert answer.status_code in (401, 403, 404, 405), f"ana's {method} {path} in ben's server: {answer.status_code}"
    # ana's own server cookie, renamed for ben's server: refused (it is signed for hers)
    forged = {**_cookies(mine), "jupyterhub-user-ben": mine.cookies.get("jupyterhub-user-ana", path="/user/ana/")}
    answer = requests.get(theirs + "/api/kernels", cookies=forged, timeout=READY, allow_redirects=False)
    assert answer.status_code in (401, 403), f"ana's cookie renamed for ben's server: {answer.status_code}"
    # ben's kernel's websocket: refused to ana, open to ben
    socket = theirs.replace("http://", "ws://") + f"/api/kernels/{kernel}/channels"
    assert _websocket(socket, forged) in ("401", "403"), "ana opened ben's kernel's websocket"
    assert _websocket(socket, _cookies(mine)) in ("302", "401", "403"), "ana opened ben's kernel's websocket"
    assert _websocket(socket, _cookies(ben["session"])) == "open", "ben cannot open his own kernel's websocket"
    # through the hub: ben's server cannot be started, stopped, tokened or read by ana; the teacher's pages are closed
    hub_api = f"{hub.base}/hub/api/users/ben"
    hub_headers = xsrf_header(mine, "/hub/")
    for method, url in [("GET", hub_api), ("POST", hub_api + "/server"), ("DELETE", hub_api + "/server"),
                        ("POST", hub_api + "/tokens"), ("GET", hub_api + "/tokens")]:
        answer = mine.request(method, url, headers=hub_headers, json={}, timeout=60, allow_redirects=False)
        assert answer.status_code in (403, 404), f"ana's {method} {url}: {answer.status_code}"
    for path in ["/hub/authorize", "/hub/authorize/ben", "/hub/change-password/ben", "/hub/admin", "/hub/spawn/ben"]:
        answer = mine.get(hub.base + path, timeout=60, allow_redirects=False)
        assert answer.status_code in (403, 404), f"ana reached {path}: {answer.status_code}"
    # ...and ben still has all of it
    own = ben["session"]
    assert own.get(theirs + f"/api/kernels/{kernel}", timeout=60).status_code == 200
    assert own.get(theirs + "/voila/render/index.ipynb", timeout=READY).status_code == 200
    # ben's name is his: nobody signs up under it again, nor signs in with another's password
    assert "already in use" in hub.sign_up("ben", "another-password-1")
    assert hub.sign_in("ben", ana["password"])[1].status_code != 302
    assert hub.sign_in(TEACHER, ana["password"])[1].status_code != 302


def test_students_get_the_apps_but_no_terminal_lab_or_file_browser(hub, classmates):
    session = classmates["ana"]["session"]
    own = f"{hub.base}/user/ana"
    assert session.get(own + "/voila/render/index.ipynb", timeout=READY).status_code == 200
    answer = session.post(own + "/api/terminals", headers=xsrf_header(session, "/user/ana/"), timeout=60)
    assert answer.status_code == 404, f"a terminal for a student: {answer.status_code} {answer.text[:200]}"
    for path in ["/lab", "/tree", "/terminals/1", "/api/terminals", "/lsp/status"]:
        answer = session.get(own + path, timeout=60)
        assert answer.status_code == 404, f"{path} served to a student: {answer.status_code}"


def test_failed_sign_ins_lock_the_name(hub):
    """NativeAuthenticator's lockout (hub.config.NativeAuthenticator in values.yaml): after 5 wrong passwords
    a name is locked, even against its right password; other names are not."""
    _session, password = hub.student("cleo")
    started = time.monotonic()
    for attempt in range(20):
        _session, answer = hub.sign_in("cleo", f"wrong-guess-{attempt}")
        assert answer.status_code == 200 and "Invalid username or password" in answer.text
    took = time.monotonic() - started
    started = time.monotonic()
    _session, answer = hub.sign_in("cleo", password)
    locked = time.monotonic() - started
    assert answer.status_code == 200 and "jupyterhub-hub-login" not in _session.cookies, \
        "the right password let the name in right after 20 wrong ones"
    hub.signed_in(TEACHER, hub.teacher_password)  # another name is not locked
    print(f"20 wrong passwords took {took:.1f} s; the right one was then refused in {locked:.2f} s")


def test_a_locked_name_tells_nothing_about_its_password(hub):
    """A signed-up name not approved yet answers "not authorized yet" to its right password: once the name is
    locked it must not, or the lockout could be walked round before the teacher approves the name."""
    password = "dora-" + "x7Kq2pLm9"
    assert "sent to the admin" in hub.sign_up("dora", password)
    assert "has not been authorized" in hub.sign_in("dora", password)[1].text
    for attempt in range(5):
        assert "Invalid username or password" in hub.sign_in("dora", f"wrong-guess-{attempt}")[1].text
    answer = hub.sign_in("dora", password)[1]
    assert "has not been authorized" not in answer.text and "Invalid username or password" in answer.text


def _as_student(pid: int, code: str) -> subprocess.CompletedProcess:
    """Run Python code with the credentials and the view of the files of the process `pid` (a student's server
    or kernel): its user, its groups, its mount namespace."""
    import psutil

    proc = psutil.Process(pid)
    uid, gid = proc.uids().effective, proc.gids().effective
    python = os.path.realpath(proc.exe())
    return subprocess.run(["nsenter", f"--target={pid}", "--mount", f"--setuid={uid}", f"--setgid={gid}",
                           python, "-c", code], capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(os.geteuid() != 0, reason="the hub drops the students' servers to users of their own only as root")
@pytest.mark.skipif(shutil.which("nsenter") is None, reason="nsenter (util-linux) is needed to act as the student")
def test_student_servers_are_not_root_and_cannot_read_the_hubs_secrets(hub, classmates):

    ana = classmates["ana"]["session"]
    started = ana.post(f"{hub.base}/user/ana/api/kernels", headers=xsrf_header(ana, "/user/ana/"), json={}, timeout=READY)
    assert started.status_code == 201, started.text
    processes = {name: hub.processes(name) for name in ("ana", "ben")}
    uids = {}
    for name, procs in processes.items():
        assert len(procs["server"]) == 1 and procs["kernel"], f"{name}: {procs}"
        for proc in procs["server"] + procs["kernel"]:
            ids = set(proc.uids()) | set(proc.gids())
            assert 0 not in ids and os.getuid() not in ids, f"{name}'s {proc.name()} runs as {ids}"
            uids.setdefault(name, set()).update(proc.uids())
    assert uids["ana"].isdisjoint(uids["ben"]), f"two students share a user: {uids}"
    secrets_ = [hub.state / "jupyterhub_cookie_secret", hub.state / "jupyterhub.sqlite"]
    for path in secrets_:
        info = path.stat()
        assert info.st_uid == os.getuid() and info.st_mode & 0o777 == 0o600, f"{path}: {oct(info.st_mode)}"
    kernel = processes["ana"]["kernel"][-1].pid
    probe = (
        "import os, sys\n"
        f"for path in {[str(p) for p in secrets_]!r}:\n"
        "    try:\n"
        "        open(path, 'rb').read(1); print('READ', path)\n"
        "    except PermissionError:\n"
        "        print('refused', path)\n"
        f"for folder in {[str(hub.state), str(hub.home('ben'))]!r}:\n"
        "    try:\n"
        "        os.listdir(folder); print('LISTED', folder)\n"
        "    except PermissionError:\n"
        "        print('refused', folder)\n"
        f"print('own home', os.access({str(hub.home('ana'))!r}, os.W_OK))\n"
    )
    result = _as_student(kernel, probe)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines.count("own home True") == 1, result.stdout  # the probe ran as ana, in her home
    assert not [line for line in lines if line.startswith(("READ", "LISTED"))], result.stdout
    assert len([line for line in lines if line.startswith("refused")]) == 4, result.stdout


def _answered(url: str, cookies: dict, msg_type: str, content: dict) -> bool:
    """Send a shell message over a kernel's websocket: whether the kernel answers it within 20 s."""
    async def attempt() -> bool:
        header = "; ".join(f"{k}={v}" for k, v in cookies.items())
        socket = await websocket_connect(HTTPRequest(url, headers={"Cookie": header}, connect_timeout=60,
                                                     request_timeout=READY))
        msg_id = uuid.uuid4().hex
        socket.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": msg_type, "username": "x", "session": uuid.uuid4().hex,
                       "date": "", "version": "5.3"},
            "parent_header": {}, "metadata": {}, "channel": "shell", "content": content}))
        deadline = time.monotonic() + 20
        try:
            while time.monotonic() < deadline:
                try:
                    raw = await asyncio.wait_for(socket.read_message(), timeout=max(0.1, deadline - time.monotonic()))
                except TimeoutError:
                    return False
                if raw is None:
                    return False
                if isinstance(raw, str) and json.loads(raw).get("parent_header", {}).get("msg_id") == msg_id:
                    return True
            return False
        finally:
            socket.close()

    return IOLoop.current().run_sync(attempt, timeout=READY)


def test_a_page_kernel_takes_widget_messages_only(hub, classmates):
    """Issue 31: as under `make run`, a student's page kernel does not run code sent over its websocket."""
    ana = classmates["ana"]
    socket = f"{hub.base}/user/ana".replace("http://", "ws://") + f"/api/kernels/{ana['kernel']}/channels"
    cookies = _cookies(ana["session"])
    assert _answered(socket, cookies, "kernel_info_request", {}), "the page's own messages reach its kernel"
    code = {"code": "1 + 1", "silent": False, "store_history": False, "user_expressions": {}, "allow_stdin": False,
            "stop_on_error": True}
    assert not _answered(socket, cookies, "execute_request", code), "ana's page kernel ran code sent over its websocket"


def test_the_teacher_approves_by_post_and_cannot_open_a_students_server(hub, classmates):
    """Issue 31: the teacher is no admin (an admin could act as any student), and a link or an image that opens
    /hub/authorize/<name> in the teacher's browser changes nothing: approving takes the form's POST."""
    teacher, ana = hub.teacher(), classmates["ana"]
    for path in ["/api/kernels", f"/api/kernels/{ana['kernel']}", "/voila/render/index.ipynb", "/api/contents"]:
        answer = teacher.get(f"{hub.base}/user/ana{path}", timeout=READY)
        assert _refused(answer, "teacher"), f"the teacher reached ana's {path}: {answer.status_code} {answer.url}"
    answer = teacher.post(f"{hub.base}/hub/api/users/ana/tokens", headers=xsrf_header(teacher, "/hub/"), json={},
                          timeout=60, allow_redirects=False)
    assert answer.status_code in (403, 404), f"the teacher made a token for ana: {answer.status_code}"
    password = secrets.token_urlsafe(12)
    said = hub.sign_up("eli", password)
    assert "sent to the admin" in said, said[-400:]
    page = teacher.get(f"{hub.base}/hub/authorize/eli", timeout=60)  # what a forged link or image does
    assert page.status_code == 200 and "<form method='post'>" in page.text
    assert hub.sign_in("eli", password)[1].status_code != 302, "a GET approved eli"
    hub.approve("eli")  # the form's POST
    assert hub.signed_in("eli", password)
