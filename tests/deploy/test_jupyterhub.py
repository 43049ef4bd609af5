"""JupyterHub itself on this machine (deploy/jupyterhub_config.py): a student signs up, waits for the
teacher's approval, signs in through the hub's proxy, is sent to the Voila shelf, and the shelf is drawn; then
they open an app from it.

The hub runs with a local spawner (each student's Jupyter server is a process here, not a pod; as a user of its
own when the hub is root) and the Python port of configurable-http-proxy, with the same sign-in and single-user
server as the Kubernetes chart's values (deploy/values.yaml): jupyterhub-singleuser with the hench serving mode
of deploy/singleuser/. The hub is started once for the folder (tests/deploy/conftest.py, tests/deploy/hub.py).

The per-visitor memory and CPU that size a cluster (deploy/README.md) are measured here and written to
artifacts/deploy-visitor.json: resident memory (RSS, psutil) of the visitor's Jupyter server and its kernels,
the CPU seconds they have spent, and their CPU use over 5 idle seconds, with the shelf open and then with an
app open.
"""

from __future__ import annotations

import json
import secrets
import time

import pytest

from tests.apps.server import ARTIFACTS, WIDGET_SELECTOR
from tests.deploy.hub import READY, Hub, command_line

pytestmark = [pytest.mark.browser, pytest.mark.server, pytest.mark.slow]

USER = "visitor1"
MiB = 1024 * 1024


def _usage(procs: list) -> dict:
    """Resident memory (MiB) and CPU seconds (user + system) of these processes."""
    rss = cpu = 0.0
    for p in procs:
        try:
            rss += p.memory_info().rss / MiB
            t = p.cpu_times()
            cpu += t.user + t.system
        except Exception:
            pass
    return {"rss_mib": round(rss, 1), "cpu_s": round(cpu, 2)}


def _idle_cpu_percent(procs: list, seconds: float = 5.0) -> float:
    """The share of one core these processes use while the visitor does nothing (percent)."""
    before = _usage(procs)["cpu_s"]
    time.sleep(seconds)  # a measuring window, not a wait for readiness
    return round(100 * (_usage(procs)["cpu_s"] - before) / seconds, 1)


def _figures(hub: Hub, stage: str) -> dict:
    procs = hub.processes(USER)
    assert len(procs["server"]) == 1, f"expected one single-user server, found {[command_line(p) for p in procs['server']]}"
    server, kernels = _usage(procs["server"]), _usage(procs["kernel"])
    return {"stage": stage, "kernels": len(procs["kernel"]), "server_rss_mib": server["rss_mib"],
            "kernels_rss_mib": kernels["rss_mib"], "visitor_rss_mib": round(server["rss_mib"] + kernels["rss_mib"], 1),
            "server_cpu_s": server["cpu_s"], "kernels_cpu_s": kernels["cpu_s"],
            "idle_cpu_percent": _idle_cpu_percent(procs["server"] + procs["kernel"])}


def test_a_visitor_logs_in_and_gets_the_shelf_then_an_app(hub, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 1600})
    page.set_default_timeout(READY * 1000)
    outside: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: None if r.url.startswith((hub.base, "data:", "blob:", "about:")) else outside.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    console: list[str] = []  # the page's errors, shown when the test fails (e.g. a widget plugin that failed to activate)
    page.on("console", lambda m: console.append(f"{m.type}: {m.text[:300]}") if m.type == "error" else None)
    figures: list[dict] = []
    scripts: list[tuple[str, str]] = []  # (address, Cache-Control) of every Voila script the apps' server sent
    page.on("response", lambda r: scripts.append((r.url, r.headers.get("cache-control", "")))
            if r.status == 200 and f"/user/{USER}/voila/static/" in r.url else None)
    try:
        # Not signed in: the hub asks for a sign-in first. A new student signs up with a password of their own.
        password = secrets.token_urlsafe(12)
        page.goto(hub.base + "/", wait_until="domcontentloaded")
        page.wait_for_url("**/hub/login**")
        page.click("a[href$='signup']")
        page.wait_for_url("**/hub/signup")
        page.fill("#username_input", USER)
        page.fill("#password_input", password)
        page.fill("#password_confirmation_input", password)
        page.click("#signup_submit")
        page.wait_for_selector("text=Your information has been sent to the admin")
        # Until the teacher approves the sign-up, the right password does not let them in.
        page.goto(hub.base + "/hub/login", wait_until="domcontentloaded")
        page.fill("#username_input", USER)
        page.fill("#password_input", password)
        page.click("#login_submit")
        page.wait_for_selector(f"text=User {USER} has not been authorized by an administrator yet")
        hub.approve(USER)
        page.fill("#username_input", USER)
        page.fill("#password_input", "not the password")
        page.click("#login_submit")
        page.wait_for_selector("text=Invalid username or password")
        assert not hub.processes(USER)["server"], "a wrong password started a server"

        # Their own password, once approved: the hub starts the student's server and sends them to the shelf.
        started = time.monotonic()
        page.fill("#username_input", USER)
        page.fill("#password_input", password)
        page.click("#login_submit")
        # two stages, each bounded by READY: the hub starts the server (Spawner.start_timeout), then the page
        page.wait_for_url(f"**/user/{USER}/voila/render/index.ipynb**", timeout=2 * READY * 1000)
        page.wait_for_selector(WIDGET_SELECTOR, timeout=READY * 1000)
        page.wait_for_selector(".hench-card", timeout=READY * 1000)
        to_shelf = time.monotonic() - started
        assert page.url.startswith(f"{hub.base}/user/{USER}/"), "the shelf was not served through the hub's proxy"
        import hench.shelf

        assert page.locator(".hench-card").count() == len(hench.shelf.entries()) == 5
        # The shelf's rule search answers: the kernel behind the page works.
        page.fill(".hench-rules input[type=text]", "duel")
        page.wait_for_selector(".hench-rule-results >> text=HM-052", timeout=READY * 1000)
        assert "from widgets import" not in page.content(), "the notebook's source reached the page (voila.json not applied)"
        assert page.evaluate("document.cookie").count("_xsrf=") >= 1
        figures.append({**_figures(hub, "shelf open"), "login_to_shelf_s": round(to_shelf, 1)})

        # An app from the shelf, in the same server; the shelf's kernel is shut down as the page is left.
        page.locator(".hench-card[data-game=huns] a.hench-open", has_text="Odds").click()
        page.wait_for_url(f"**/user/{USER}/voila/render/huns/02-odds.ipynb", timeout=READY * 1000)
        page.wait_for_selector(".hench-draft-odds", timeout=READY * 1000)
        deadline = time.monotonic() + 120
        while len(hub.processes(USER)["kernel"]) > 1 and time.monotonic() < deadline:
            time.sleep(0.5)
        assert len(hub.processes(USER)["kernel"]) == 1, "the shelf's kernel was not shut down when its page was left"
        figures.append(_figures(hub, "Huns Odds app open"))

        assert not errors, f"JavaScript errors: {errors}"
        # Voila's scripts under their version, kept by the browser for good (gzipped too, but this local hub's
        # Python proxy unpacks every answer; the cluster's Node proxy passes them on as they are)
        unkept = [url for url, cache in scripts if "/voila/static/v-" not in url or "immutable" not in cache]
        assert len(scripts) > 50 and not unkept, f"Voila's scripts not versioned through the hub: {unkept[:5]}"
        assert not outside, f"requests left the machine: {outside}"
        for row in figures:
            assert row["kernels"] == 1
            assert 30 < row["kernels_rss_mib"] < 600, row  # a kernel with the shelf or an app: 57-92 MiB measured
            assert row["visitor_rss_mib"] < 900, f"a visitor takes more memory than values.yaml's 1 GiB limit allows: {row}"
    except Exception:
        print("The page's console errors:", *console, sep="\n  ")
        print(f"JupyterHub's log ({hub.log_path}):\n{hub.log_tail()}")
        raise
    finally:
        (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "screenshots" / "jupyterhub-visitor.png"), full_page=True)
        page.close()
        if figures:
            (ARTIFACTS / "deploy-visitor.json").write_text(json.dumps(figures, indent=1) + "\n")
            print("per visitor:", *figures, sep="\n  ")
