"""deploy/values.yaml (the Zero to JupyterHub chart's values) agrees with the single-user server that
tests/deploy/test_jupyterhub.py runs: the same default URL, configuration paths that exist in the image,
and per-visitor resources that hold what was measured (deploy/README.md); and it keeps a class apart (issue 31):
a sign-in no student can take over, a lockout, servers that are never root, the students' tools off, HTTPS,
and a bound on what a server may write to the node's disk."""

from __future__ import annotations

import json
import re

import pytest

from tests.apps.server import ROOT

yaml = pytest.importorskip("yaml")

DEPLOY = ROOT / "deploy"
REPO_DIR = "/home/jovyan"  # where repo2docker puts the repository in the image


@pytest.fixture(scope="module")
def values() -> dict:
    return yaml.safe_load((DEPLOY / "values.yaml").read_text())


def _bytes(quantity: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)\s*([KMGT]i?)?", str(quantity)).groups()
    # KubeSpawner's ByteSpecification reads K, M, G and T as powers of 1024
    scale = {None: 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40}[unit]
    return float(number) * scale


def test_the_hub_opens_on_the_shelf_here_and_on_the_cluster(values):
    local = (DEPLOY / "jupyterhub_config.py").read_text()
    shelf = re.search(r'^SHELF = "([^"]+)"', local, re.M).group(1)
    assert values["singleuser"]["defaultUrl"] == shelf == "/voila/render/index.ipynb"
    assert (ROOT / "notebooks" / "index.ipynb").exists()


def test_the_image_paths_exist_in_the_repository(values):
    env = values["singleuser"]["extraEnv"]
    for name in ("JUPYTER_CONFIG_PATH", "PYTHONPATH"):
        for path in env[name].split(":"):
            assert path.startswith(REPO_DIR), (name, path)
            assert (ROOT / path.removeprefix(REPO_DIR).lstrip("/")).is_dir(), (name, path)
    assert (ROOT / "voila.json").exists()  # read from /home/jovyan, the server's working directory
    assert "-e ." in (ROOT / "binder" / "requirements.txt").read_text().split("\n"), "the image must install the kit itself"


def test_the_single_user_server_loads_the_hench_mode_instead_of_plain_voila():
    config = json.loads((DEPLOY / "singleuser" / "jupyter_server_config.json").read_text())
    extensions = config["ServerApp"]["jpserver_extensions"]
    assert extensions == {"voila.server_extension": False, "voila": False, "hench_hub": True}
    assert config["VoilaConfiguration"]["template"] == "hench"
    assert (DEPLOY / "singleuser" / "hench_hub.py").exists()


def test_visitors_get_the_resources_measured_and_leave_nothing_behind(values):
    user = values["singleuser"]
    guarantee, limit = _bytes(user["memory"]["guarantee"]), _bytes(user["memory"]["limit"])
    # measured: a Jupyter server of 165-190 MiB and a kernel of 57-92 MiB per open page (deploy/README.md);
    # the guarantee holds the server and two kernels (a visitor switching apps), the limit several pages
    assert (190 + 2 * 92) * 2**20 <= guarantee <= limit
    assert limit >= (190 + 5 * 92) * 2**20
    assert 0 < user["cpu"]["guarantee"] <= user["cpu"]["limit"] <= 2
    assert user["storage"]["type"] == "none", "a home volume would hide the repository at /home/jovyan"
    assert user["cmd"] == "jupyterhub-singleuser"
    assert values["cull"]["enabled"] and values["cull"]["timeout"] > 0
    assert _bytes(user["extraResource"]["limits"]["ephemeral-storage"]) <= 2 * 2**30, "a server may fill the node's disk"
    assert 0 < _bytes(user["extraResource"]["guarantees"]["ephemeral-storage"]) <= _bytes(
        user["extraResource"]["limits"]["ephemeral-storage"])


class _Section(dict):
    def __getattr__(self, name):
        return self.get(name)

    def __setattr__(self, name, value):
        self[name] = value


class _Config(dict):
    """Enough of a traitlets config to run the extraConfig code: c.Section.name = value."""

    def __getattr__(self, name):
        return self.setdefault(name, _Section())


def test_students_sign_up_with_their_own_password_and_the_teacher_approves(values):
    config = values["hub"]["config"]
    assert config["JupyterHub"]["authenticator_class"] == "native"
    native = config["NativeAuthenticator"]
    assert native["open_signup"] is False, "every sign-up waits for the teacher"
    assert native["minimum_password_length"] >= 8 and native["check_common_password"] is True
    assert 0 < native["allowed_failed_logins"] <= 10 and native["seconds_before_next_try"] >= 60
    assert config["Authenticator"]["admin_users"] == [], "no admin: an admin could act as any student"
    assert "SharedPasswordAuthenticator" not in config
    # the teacher's account is made at the hub's start, from a password given at install time, not in git
    code = values["hub"]["extraConfig"]["hench-sign-in"]
    compile(code, "hench-sign-in", "exec")
    assert "HENCH_TEACHER_PASSWORD" in code and "HENCH_TEACHER_PASSWORD" not in str(values["hub"].get("extraEnv", {}))
    # the teacher's role: sign-ups, passwords, servers started and stopped; never a student's server opened
    namespace = {"c": _Config()}
    exec(compile(code, "hench-sign-in", "exec"), namespace)
    (role,) = namespace["c"].JupyterHub.load_roles
    assert role["users"] == ["teacher"] and "admin:users" in role["scopes"]
    assert not {"admin", "access:servers", "servers", "tokens", "admin:auth_state"} & set(role["scopes"])
    local = (DEPLOY / "jupyterhub_config.py").read_text()
    assert 'HUB["config"]' in local and 'HUB.get("extraConfig"' in local, "the local hub must use the cluster's sign-in"


def test_student_servers_are_never_root_and_have_no_tools(values):
    user = values["singleuser"]
    assert user["uid"] not in (0, None) and user["allowPrivilegeEscalation"] is False
    context = values["hub"]["config"]["KubeSpawner"]["container_security_context"]
    assert context["runAsNonRoot"] is True and context["capabilities"]["drop"] == ["ALL"]
    args = values["hub"]["config"]["Spawner"]["args"]
    assert "--ServerApp.terminals_enabled=False" in args
    for extension in ("jupyterlab", "notebook", "jupyter_server_terminals"):
        assert f"--ServerApp.jpserver_extensions={extension}=False" in args


def test_the_class_signs_in_over_https(values):
    https = values["proxy"]["https"]
    assert https["enabled"] is True and https["type"] in ("letsencrypt", "secret", "manual")
    readme = (DEPLOY / "README.md").read_text()
    assert "proxy.https.hosts" in readme and "type: secret" in readme, "deploy/README.md must say how to set HTTPS up"


def _sign_in_code(values) -> dict:
    namespace = {"c": _Config()}
    exec(compile(values["hub"]["extraConfig"]["hench-sign-in"], "hench-sign-in", "exec"), namespace)
    return namespace


def test_a_names_lockout_does_not_grow_with_tries_made_during_it(values):
    """Issue 42: one wrong password inside (or just after) a lockout locked the classmate again, for good. A try
    during the lock leaves its end where it was; once it is over the name's count starts afresh."""
    from datetime import datetime, timedelta

    pytest.importorskip("nativeauthenticator")
    auth_class = _sign_in_code(values)["ClassAuthenticator"]
    auth = auth_class.__new__(auth_class)  # the lockout's bookkeeping only: no database
    auth.allowed_failed_logins, auth.seconds_before_next_try, auth.login_attempts = 5, 120, {}
    for _ in range(5):
        auth.add_login_attempt("cleo")
    assert auth.is_blocked("cleo")
    locked_at = auth.login_attempts["cleo"]["time"] = datetime.now() - timedelta(seconds=100)
    auth.add_login_attempt("cleo")  # a wrong try during the lock
    assert auth.login_attempts["cleo"] == {"count": 5, "time": locked_at}, "the lock was extended"
    auth.login_attempts["cleo"]["time"] = datetime.now() - timedelta(seconds=121)
    assert not auth.is_blocked("cleo")
    auth.add_login_attempt("cleo")  # one wrong try after the lock
    assert not auth.is_blocked("cleo") and auth.login_attempts["cleo"]["count"] == 1, "one wrong try locked it again"


def test_failures_per_address_lock_it_without_growing(values, monkeypatch):
    """Issue 42: failed sign-ins are limited per address too, and a try while locked does not lengthen the lock."""
    per_address = _sign_in_code(values)["PerAddress"]
    clock = [1000.0]
    monkeypatch.setattr("time.monotonic", lambda: clock[0])
    failures = per_address(limit=3, window_s=600)
    for _ in range(3):
        assert not failures.locked_for("10.0.0.1")
        failures.add("10.0.0.1")
        clock[0] += 10
    assert failures.locked_for("10.0.0.1") == 600 - 30 and not failures.locked_for("10.0.0.2")
    clock[0] += 100
    failures.add("10.0.0.1")  # while locked: not counted, the lock does not grow
    assert failures.locked_for("10.0.0.1") == 600 - 130
    clock[0] += 600 - 130 + 1
    assert not failures.locked_for("10.0.0.1"), "the lock ended when its window's first failure was 10 minutes old"
    assert len(failures.events["10.0.0.1"]) == 2, "a sliding window: at most 3 failures in any 10 minutes"
    clock[0] += 600
    assert not failures.locked_for("10.0.0.1") and "10.0.0.1" not in failures.events
