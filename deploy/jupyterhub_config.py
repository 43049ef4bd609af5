# JupyterHub on one machine, serving the apps to signed-in students: what tests/deploy/test_jupyterhub.py runs.
#
#     HENCH_TEACHER_PASSWORD=... .venv/bin/jupyterhub -f deploy/jupyterhub_config.py
#
# The same sign-in and single-user server as on the cluster: the sign-in (NativeAuthenticator, the teacher's
# account, the lockout, the students' tools off) is read from deploy/values.yaml's hub.config and
# hub.extraConfig, and each server is `jupyterhub-singleuser` with the hench serving mode (deploy/singleuser/),
# opening on the shelf. Here the servers are local processes instead of Kubernetes pods, and the proxy is the
# Python port of configurable-http-proxy (PyPI). Run as root (as the tests and CI do), the hub starts each
# student's server as a user of its own (uid HENCH_HUB_UID_BASE + the student's number), never root, with a
# home folder only it can open, and keeps its own files (database, cookie secret) readable by root only.
#
# Settings from the environment (all optional but the first): HENCH_TEACHER_PASSWORD (the teacher's
# password, 10+ characters, used when the teacher's account does not exist yet), HENCH_HUB_IP (127.0.0.1),
# HENCH_HUB_PORT (8000), HENCH_HUB_API_PORT (8081), HENCH_PROXY_API_PORT (8001), HENCH_HUB_STATE (where the hub
# keeps its database, cookie secret and the students' home folders; .jupyterhub/ in the repository by
# default), HENCH_HUB_UID_BASE (200000), HENCH_STUDENT_TOOLS (1: students also get JupyterLab, the file
# browser and terminals).
import ctypes
import os
import pwd
import sys
from pathlib import Path

import yaml
from jupyterhub.spawner import SimpleLocalProcessSpawner

c = get_config()  # noqa: F821 - provided by JupyterHub when it loads this file

DEPLOY = Path(__file__).resolve().parent
ROOT = DEPLOY.parent
BIN = Path(sys.executable).parent  # the venv JupyterHub runs from: the proxy and the single-user server are there too
STATE = Path(os.environ.get("HENCH_HUB_STATE", ROOT / ".jupyterhub")).resolve()  # git-ignored
HOMES = STATE / "home"
SHELF = "/voila/render/index.ipynb"  # the same default URL as singleuser.defaultUrl in values.yaml
AS_ROOT = os.geteuid() == 0
UID_BASE = int(os.environ.get("HENCH_HUB_UID_BASE", "200000"))
STUDENT_TOOLS = os.environ.get("HENCH_STUDENT_TOOLS", "") == "1"


def keep_private(state: Path) -> None:
    """The hub's files readable by the hub's user only: what it creates from now on (umask) and what an earlier
    run left (the database, its journal, the cookie secret, the pid files). When the hub is root, the folder
    itself may be crossed (not listed) by the students' users, to reach their home folders inside it."""
    os.umask(0o077)
    state.mkdir(parents=True, exist_ok=True)
    for path in state.iterdir():
        if path.is_file():
            path.chmod(0o600)
    state.chmod(0o711 if AS_ROOT else 0o700)
    HOMES.mkdir(exist_ok=True)
    HOMES.chmod(0o711 if AS_ROOT else 0o700)
    if AS_ROOT:
        closed = [str(p) for p in (HOMES, *HOMES.parents) if not p.stat().st_mode & 0o001]
        if closed:
            raise SystemExit(f"the students' users cannot reach their home folders in {HOMES}: {closed} may not be "
                             "crossed by other users (choose HENCH_HUB_STATE elsewhere, e.g. in /srv or /tmp)")


keep_private(STATE)


def closed_ancestor(path: Path) -> tuple[Path, Path] | None:
    """The first folder on the way to `path` that other users may not cross, and its child on that way
    (e.g. /root and /root/.pyenv for a Python installed by pyenv as root); None if they may reach it."""
    folders = list(reversed(path.parents))
    for folder, child in zip(folders, [*folders[1:], path]):
        if not folder.stat().st_mode & 0o001:
            return folder, child
    return None


PYTHON = Path(os.path.realpath(sys.executable))
HIDDEN_PYTHON = closed_ancestor(PYTHON) if AS_ROOT else None
if AS_ROOT:  # what else a student's server reads: the venv, the apps, the serving mode
    for needed in (BIN, ROOT / "notebooks", DEPLOY / "singleuser"):
        closed = closed_ancestor(needed.resolve())
        if closed and not (HIDDEN_PYTHON and needed.resolve().is_relative_to(HIDDEN_PYTHON[1])):
            raise SystemExit(f"the students' users cannot reach {needed}: {closed[0]} may not be crossed by other users")


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.mount(source and source.encode(), target.encode(), fstype and fstype.encode(), ctypes.c_ulong(flags),
                  data and data.encode()) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"mount {target}: {os.strerror(error)}")


def show_python_only(closed: Path, kept: Path) -> None:
    """In a mount namespace of the student's server only: `closed` (a folder other users may not cross, such as
    /root) replaced by an empty folder they may cross, holding only `kept` (the Python installation), read-only.
    Run as root, before the user is dropped; the hub's own view of the machine is unchanged."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(0x00020000) != 0:  # CLONE_NEWNS
        raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWNS)")
    _mount(None, "/", None, 0x4000 | 0x40000)  # MS_REC | MS_PRIVATE: nothing below leaks to the host
    held = os.open(kept, os.O_RDONLY | os.O_DIRECTORY)  # still reachable once `closed` is covered
    try:
        _mount("tmpfs", str(closed), "tmpfs", 0, "mode=0755,size=64k")
        os.mkdir(kept)
        _mount(f"/proc/self/fd/{held}", str(kept), None, 0x1000 | 0x4000)  # MS_BIND | MS_REC
        _mount(None, str(kept), None, 0x20 | 0x1000 | 0x1)  # MS_REMOUNT | MS_BIND | MS_RDONLY
    finally:
        os.close(held)

ip = os.environ.get("HENCH_HUB_IP", "127.0.0.1")
c.JupyterHub.ip = ip
c.JupyterHub.port = int(os.environ.get("HENCH_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = ip
c.JupyterHub.hub_port = int(os.environ.get("HENCH_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://{ip}:{os.environ.get('HENCH_PROXY_API_PORT', '8001')}"
# The Python port buffers each response whole and gives up on a target after 20 s by default: the hub's spawn
# progress stream (and a Voila page) on a busy machine takes longer, so its patience is raised to 10 minutes.
# It is for trying the hub on one machine; the cluster's chart runs the usual (Node) configurable-http-proxy.
c.ConfigurableHTTPProxy.command = [str(BIN / "configurable-http-proxy"), "--proxy-timeout", "600000"]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops the users' servers and the proxy
c.JupyterHub.cleanup_proxy = True

# Sign-in and the students' tools: exactly the cluster's (values.yaml), applied as the chart applies them.
HUB = yaml.safe_load((DEPLOY / "values.yaml").read_text())["hub"]
for section, settings in HUB["config"].items():
    if section != "KubeSpawner":
        c[section].update(settings)
for name, code in sorted(HUB.get("extraConfig", {}).items()):
    exec(compile(code, f"values.yaml: hub.extraConfig.{name}", "exec"), {"c": c})
if STUDENT_TOOLS:
    c.Spawner.args = []


class StudentSpawner(SimpleLocalProcessSpawner):
    """Each student's server as a local process; when the hub is root, as a user of the student's own (a uid
    with no account, HENCH_HUB_UID_BASE + the student's number in the hub), never root, in a home folder only
    that user may open. A uid that belongs to an account of this machine is refused."""

    def student_uid(self) -> int:
        uid = UID_BASE + self.user.id
        try:
            pwd.getpwuid(uid)
        except KeyError:
            return uid
        raise RuntimeError(f"uid {uid} belongs to an account of this machine: choose another HENCH_HUB_UID_BASE")

    async def start(self):
        home = Path(self.home_dir)
        home.mkdir(mode=0o700, exist_ok=True)
        if AS_ROOT:
            uid = self.student_uid()
            os.chown(home, uid, uid)
        home.chmod(0o700)
        return await super().start()

    def make_preexec_fn(self, name):
        home = self.home_dir
        uid = self.student_uid() if AS_ROOT else None

        def preexec() -> None:
            if uid is not None and HIDDEN_PYTHON:  # e.g. Python under /root (pyenv): the student may run it
                show_python_only(*HIDDEN_PYTHON)
            if uid is not None:  # the order matters: groups and group while still root, then the user
                os.setgroups([])
                os.setgid(uid)
                os.setuid(uid)
            os.chdir(home)

        return preexec


c.JupyterHub.spawner_class = StudentSpawner
c.StudentSpawner.home_dir_template = str(HOMES / "{username}")
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(ROOT / "notebooks")
c.Spawner.default_url = SHELF
c.Spawner.environment = {
    # the hench serving mode (jupyter_server_config.json + hench_hub.py) and the repository's voila.json
    "JUPYTER_CONFIG_PATH": os.pathsep.join([str(DEPLOY / "singleuser"), str(ROOT)]),
    # hench_hub.py, and this checkout's hench and widgets (as `python -m widgets.serve` serves the checkout it runs
    # from), whatever copy of the kit the venv has installed
    "PYTHONPATH": os.pathsep.join([str(DEPLOY / "singleuser"), str(ROOT)]),
    "PYTHONUNBUFFERED": "1",
    "PYTHONDONTWRITEBYTECODE": "1",  # the student's user may not write into the repository
}
c.Spawner.start_timeout = 180  # a loaded 2-core machine can take a while to start a Jupyter server
c.Spawner.http_timeout = 180
# The same guarantees as the cluster's (values.yaml); a local spawner does not enforce them.
c.Spawner.mem_limit = "1G"
c.Spawner.mem_guarantee = "384M"
