"""A JupyterHub running deploy/jupyterhub_config.py on this machine, and a class using it: the teacher, who
approves sign-ups, and students who sign up, sign in and start their servers (over HTTP, as a browser would).

The hub keeps its state in a fresh folder under the system's temporary folder (not under pytest's, which
other users may not cross: when the hub runs as root each student's server runs as a user of its own, whose
home folder is inside the state folder)."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

from tests.apps.server import ARTIFACTS, ROOT, free_port

CONFIG = ROOT / "deploy" / "jupyterhub_config.py"
BIN = Path(sys.executable).parent
READY = 180  # seconds: a loaded 2-core machine starts a hub, a Jupyter server and a kernel slowly
TEACHER = "teacher"  # the account with the teacher's role (hub.extraConfig in deploy/values.yaml)


def tree(pid: int) -> list:
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def command_line(proc) -> str:
    try:
        return " ".join(proc.cmdline())
    except Exception:
        return ""


def wait_for(check, what: str, timeout: float = READY, every: float = 0.5):
    """Poll `check()` until it returns something true; that value, or an AssertionError naming `what`."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(every)


def form_token(session: requests.Session, url: str) -> str:
    """The `_xsrf` token of the form on the page at `url` (and the cookie that goes with it)."""
    page = session.get(url, timeout=60)
    page.raise_for_status()
    return re.search(r'name="_xsrf" value="([^"]+)"', page.text).group(1)


class _FromAddress(requests.adapters.HTTPAdapter):
    def __init__(self, source: str) -> None:
        self.source = source
        super().__init__()

    def init_poolmanager(self, *args, **kwargs) -> None:
        kwargs["source_address"] = (self.source, 0)
        super().init_poolmanager(*args, **kwargs)


def session_from(source: str | None = None) -> requests.Session:
    """A browser session; with `source` (any 127.x.y.z is this machine), its requests come from that address,
    as another client's would (the hub's per-address limits see it)."""
    session = requests.Session()
    if source is not None:
        session.mount("http://", _FromAddress(source))
    return session


def xsrf_header(session: requests.Session, path: str) -> dict:
    """The X-XSRFToken header for an API call under `path` (the `_xsrf` cookie that server set)."""
    tokens = [c.value for c in session.cookies if c.name == "_xsrf" and path.startswith(c.path.rstrip("/"))]
    return {"X-XSRFToken": tokens[-1]} if tokens else {}


class Hub:
    """A running JupyterHub: its base URL, process, log and state folder."""

    def __init__(self):
        self.state = Path(tempfile.mkdtemp(prefix="hench-hub-"))
        self.teacher_password = secrets.token_urlsafe(12)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = ARTIFACTS / f"jupyterhub-{time.strftime('%H%M%S')}-{os.getpid()}.log"
        self.proc: subprocess.Popen | None = None
        self._teacher: requests.Session | None = None

    # -- the hub's life -------------------------------------------------------------------------------------
    def start(self) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "HENCH_TEACHER_PASSWORD": self.teacher_password,
               "HENCH_HUB_STATE": str(self.state), "HENCH_HUB_PORT": str(self.port),
               "HENCH_HUB_API_PORT": str(free_port()), "HENCH_PROXY_API_PORT": str(free_port())}
        for name in ("CONFIGPROXY_AUTH_TOKEN", "HENCH_STUDENT_TOOLS"):
            env.pop(name, None)
        self.log = open(self.log_path, "w")
        self.proc = subprocess.Popen([str(BIN / "jupyterhub"), "-f", str(CONFIG)], cwd=self.state, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)

        def up() -> bool:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterHub exited with code {self.proc.poll()}")
            try:
                return requests.get(self.base + "/hub/login", timeout=10).status_code == 200
            except requests.RequestException:
                return False

        wait_for(up, "JupyterHub's sign-in page")

    def stop(self) -> list[str]:
        """Stop the hub (it stops the proxy and the users' servers), then anything of it still running.
        Returns what had to be killed by hand."""
        import psutil

        if self.proc is None:
            return []
        left = tree(self.proc.pid)
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(90)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        killed = []
        _gone, alive = psutil.wait_procs(left, timeout=20)
        for p in alive:
            killed.append(command_line(p)[:120])
            try:
                p.kill()
            except psutil.Error:
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # the session the hub started in, if anything is left
        except (ProcessLookupError, PermissionError):
            pass
        self.log.close()
        shutil.rmtree(self.state, ignore_errors=True)
        return killed

    def log_tail(self, lines: int = 150) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    # -- processes ------------------------------------------------------------------------------------------
    def processes(self, user: str | None = None) -> dict[str, list]:
        """The hub's descendants by role (proxy, single-user servers, kernels); with `user`, only that user's
        server (the one started in their home folder) and its kernels."""
        out: dict[str, list] = {"proxy": [], "server": [], "kernel": []}
        for p in tree(self.proc.pid) if self.proc else []:
            cmd = command_line(p)
            if "configurable-http-proxy" in cmd:
                out["proxy"].append(p)
            elif "jupyterhub-singleuser" in cmd and (user is None or self._cwd(p) == self.home(user)):
                out["server"].append(p)
        for server in out["server"]:
            out["kernel"] += [k for k in tree(server.pid) if "ipykernel_launcher" in command_line(k)]
        return out

    @staticmethod
    def _cwd(proc) -> Path | None:
        try:
            return Path(proc.cwd())
        except Exception:
            return None

    def home(self, user: str) -> Path:
        return self.state / "home" / user

    # -- the class --------------------------------------------------------------------------------------------
    def sign_up(self, name: str, password: str, source: str | None = None) -> str:
        """Sign up at /hub/signup (from the address `source`, or 127.0.0.1); returns the page's message."""
        session = session_from(source)
        token = form_token(session, self.base + "/hub/signup")
        page = session.post(self.base + "/hub/signup", timeout=60, data={
            "_xsrf": token, "username": name, "signup_password": password,
            "signup_password_confirmation": password, "email": ""})
        page.raise_for_status()
        return " ".join(re.sub(r"<[^>]+>", " ", page.text).split())

    def sign_in(self, name: str, password: str, source: str | None = None) -> tuple[requests.Session, requests.Response]:
        """Post the sign-in form (from the address `source`, or 127.0.0.1); the session (with its cookies) and the
        hub's answer (not followed)."""
        session = session_from(source)
        token = form_token(session, self.base + "/hub/login")
        answer = session.post(self.base + "/hub/login", timeout=60, allow_redirects=False,
                              data={"_xsrf": token, "username": name, "password": password})
        return session, answer

    def signed_in(self, name: str, password: str) -> requests.Session:
        session, answer = self.sign_in(name, password)
        assert answer.status_code == 302 and "jupyterhub-hub-login" in session.cookies, \
            f"{name} could not sign in: {answer.status_code}"
        return session

    def teacher(self) -> requests.Session:
        if self._teacher is None:
            self._teacher = self.signed_in(TEACHER, self.teacher_password)
        return self._teacher

    def approve(self, name: str) -> None:
        """The teacher approves `name`'s sign-up (the toggle on /hub/authorize)."""
        for number in range(1, 100):  # the approval page is paged (25 sign-ups a page)
            page = self.teacher().get(f"{self.base}/hub/authorize?page={number}", timeout=60)
            assert page.status_code == 200
            if f"id={name}>" in page.text or f"Page {number} of {number}" in page.text:
                break
        assert f"id={name}>" in page.text, f"{name} is not waiting for approval"
        url = f"{self.base}/hub/authorize/{name}"  # a confirmation form: a GET changes nothing
        token = form_token(self.teacher(), url)
        assert self.teacher().post(url, data={"_xsrf": token}, timeout=60).status_code == 200

    def student(self, name: str) -> tuple[requests.Session, str]:
        """A student who signed up with a password of their own and was approved, signed in: (session, password)."""
        password = secrets.token_urlsafe(12)
        assert "sent to the admin" in self.sign_up(name, password)
        self.approve(name)
        return self.signed_in(name, password), password

    def start_server(self, session: requests.Session, name: str) -> None:
        """Start `name`'s server as the browser does after signing in (/hub/spawn) and wait until it is ready;
        then open the shelf in it, so the session holds the server's own cookie (the OAuth hand-over) and the
        server has a kernel (the shelf's)."""
        session.get(f"{self.base}/hub/spawn", timeout=READY)

        def ready() -> bool:
            model = session.get(f"{self.base}/hub/api/users/{name}", timeout=60).json()
            server = model.get("servers", {}).get("")
            if not server and not model.get("pending"):
                raise AssertionError(f"{name}'s server stopped while starting:\n{self.log_tail(60)}")
            return bool(server and server.get("ready"))

        wait_for(ready, f"{name}'s server to start", timeout=2 * READY, every=1)
        shelf = session.get(f"{self.base}/user/{name}/", timeout=READY)
        assert shelf.status_code == 200 and f"/user/{name}/voila/render/index.ipynb" in shelf.url, shelf.url
        answer = session.get(f"{self.base}/user/{name}/api/kernels", timeout=READY)
        assert answer.status_code == 200, f"{name} cannot reach their own server: {answer.status_code}"
