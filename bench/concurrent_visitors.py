"""A class arriving at once: N visitors open the apps at the same moment (N = 10, 20, 30 by default).

Each visitor is a fresh browser context in one headless Chromium, opening one app (visitor i opens the
i-th app of the shelf's list, round robin, the shelf included). A visitor is served when the page works:
its first widget is drawn and, for an app, a control answered by the kernel (a button or a choice is
used and the kernel sends a message back). The wait is from navigation to that answer. A visitor shown
the "busy, retrying" page waits on it (it reloads itself) and is counted as served if it gets through
before the time limit.

The server is the one `make run` starts, with voila.json's settings (every app preheated), started fresh
for each N and given time to fill its pools first (/hench/status), as a teacher starts it before the
class. All visitors come from this machine's one address, so the per-client bound on pages opening at
once is lifted for the run (in a class each student has their own).

Here the visitors' browsers run on the server's own cores, which a class never does: each student's
computer loads and compiles the page scripts itself. So each N is run three ways: with a separate browser
cache per visitor (every visitor's Chromium compiles the scripts: the browsers compete with the server),
with one shared cache (the scripts compiled once), and with no browser at all (each visitor asks the
server for what a page asks for: the page, the files it loads, every widget's state and one control;
this is the server's share of a class). Each row also says the CPU seconds per visitor the server (its
process and the kernels) and this benchmark's browsers spent. A fourth run, "floor", is the first done
again with every visitor opening their app's floor instead (an empty notebook with the app's imports and
one widget, served when that widget is drawn; the floors get a preheated kernel for every visitor, and
never fewer than voila.json's default pool): what the same class costs with pages that do nothing, so
the figures of the apps can be read against what Voila and the browsers cost on this machine anyway.

Two more runs (--run) try the server where a class meets it (issue 31). "cull-tick": the server is started
with a short idle cull (60 s, checked every 5 s), its pools filled, then the class waits until every pool
kernel is older than the cull timeout and arrives one second before a cull tick (found from the time the
server's log says the culler started); the row's note says how many kernels the culler shut during the
burst. "one-address": every visitor comes from this machine's one address, as a class behind one school
address does, with voila.json's per-address bounds on (pages opening and pages open per address, the latter
set to the whole server as for such a class): a visitor shown the busy page waits on it and is served if it
gets through in time. Every run gives the server 2N places and one per app (HenchVoila.max_kernels), as
docs/serving.md tells a teacher to set them for a class of N.
    python bench/concurrent_visitors.py [--visitors 10,20,30] [--browsers all] [--run fresh] [--timeout 120] [--json]
Prints one row per N and browser mode (--json: one JSON object).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import re
import statistics
import tempfile
import threading
import time
import uuid
from pathlib import Path

import psutil
import requests
from _apps import FIRST_WIDGET, floor_of, served
from _table import quiet, report

from widgets.serve import BUSY_RETRY_S, CHROMIUM, CHROMIUM_ARGS, NOTEBOOKS, WIDGET_SELECTOR, notebook_paths

PREFERRED = ["Next ▶", "Deal a new game", "New game", "Undo"]
POOLS = json.loads((NOTEBOOKS.parent / "voila.json").read_text())["VoilaKernelManager"]["kernel_pools_config"]
CULL_TIMEOUT_S, CULL_INTERVAL_S = 60, 5  # the "cull-tick" run's idle cull
LIFTED = ("--HenchVoila.max_pending_per_client=0", "--HenchVoila.max_pages_per_client=0")  # one address, not a class's 30
RUNS = {"fresh": LIFTED,
        "cull-tick": (*LIFTED, f"--MappingKernelManager.cull_idle_timeout={CULL_TIMEOUT_S}",
                      f"--MappingKernelManager.cull_interval={CULL_INTERVAL_S}",
                      # the log says, to the millisecond, when the culler started (its ticks follow every interval)
                      "--Voila.log_level=INFO", "--Voila.log_format=%(asctime)s.%(msecs)03d [%(name)s]%(highlevel)s %(message)s"),
        # voila.json's per-address bounds, as a class behind one school address meets them, with the whole server
        # given to that one address (HenchVoila.client_share=1, as README says to set for such a class)
        "one-address": ("--HenchVoila.client_share=1",)}
LOG_TIME = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\.(\d{3}) ")


def culler_started(log: Path) -> float:
    """When the server's idle culler started (time.time()), from its log line; its ticks come every interval."""
    for line in log.read_text(errors="replace").splitlines():
        if "Culling kernels with idle durations" in line and (m := LOG_TIME.search(line)):
            return datetime.datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S").timestamp() + int(m.group(2)) / 1000
    raise RuntimeError("the server's log does not say when its culler started")


def before_next_tick(log: Path, least_s: float, lead_s: float = 1.0) -> float:
    """Seconds to wait (at least least_s) to arrive lead_s before one of the culler's ticks."""
    start, now = culler_started(log), time.time()
    ticks = (now + least_s + lead_s - start) // CULL_INTERVAL_S + 1
    return start + ticks * CULL_INTERVAL_S - lead_s - now


def culled(log: Path, since: int) -> int:
    """Kernels the idle culler shut after byte `since` of the server's log."""
    with open(log, "rb") as f:
        f.seek(since)
        return sum(1 for line in f.read().decode(errors="replace").splitlines() if "Culling '" in line)


async def arrive(start: asyncio.Event, least_s: float, log: Path | None) -> None:
    """Let the class in: after least_s, or (cull-tick run, log given) one second before the next cull tick."""
    await asyncio.sleep(before_next_tick(log, least_s) if log else least_s)
    start.set()


class CpuMeter:
    """CPU seconds spent during the burst by the server (its process and every kernel it started) and by the
    browsers (every Chromium process), sampled twice a second so kernels that exit are still counted."""

    def __init__(self, server_pid: int) -> None:
        self.server_pid = server_pid
        self.first: dict[int, float] = {}
        self.last: dict[tuple[str, int], float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _sample(self) -> None:
        try:
            server = psutil.Process(self.server_pid)
            tree = [server, *server.children(recursive=True)]
        except psutil.Error:
            tree = []
        try:  # this benchmark's own Chromium (the driver's children), not another program's
            mine = psutil.Process().children(recursive=True)
        except psutil.Error:
            mine = []
        browsers = []
        for p in mine:
            try:
                if "chrom" in p.name().lower():
                    browsers.append(p)
            except psutil.Error:  # a browser process that just exited
                continue
        for side, procs in (("server", tree), ("browser", browsers)):
            for p in procs:
                try:
                    t = p.cpu_times()
                except psutil.Error:
                    continue
                cpu = t.user + t.system
                self.first.setdefault(p.pid, cpu)
                self.last[(side, p.pid)] = cpu

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            self._stop.wait(0.5)

    def __enter__(self) -> CpuMeter:
        self._sample()
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()
        self._sample()

    def seconds(self, side: str) -> float:
        return sum(cpu - self.first.get(pid, 0.0) for (s, pid), cpu in self.last.items() if s == side)


def wait_ready(base: str, timeout: float = 600) -> float:
    """Wait until every preheated pool has its kernels ready; returns the seconds waited."""
    t = time.perf_counter()
    while time.perf_counter() - t < timeout:
        try:
            if requests.get(base + "/hench/status", timeout=5).json().get("ready"):
                return time.perf_counter() - t
        except (requests.RequestException, ValueError):
            pass
        time.sleep(1)
    raise RuntimeError("the preheated pools did not fill in time")


async def use_a_control(page, timeout_ms: float) -> str:
    """Use one control of the app and return its name; the caller waits for the kernel's answer."""
    for name in PREFERRED:
        button = page.locator("button.jupyter-button:not([disabled])", has_text=name).first
        if await button.count():
            await button.click(timeout=timeout_ms)
            return f"button {name!r}"
    select = page.locator(".widget-dropdown select").first
    if await select.count():
        values = await select.locator("option").evaluate_all("os => os.map(o => o.value)")
        current = await select.input_value(timeout=timeout_ms)
        other = [v for v in values if v != current]
        if other:  # a different choice: choosing the one shown sends the kernel nothing
            await select.select_option(other[0], timeout=timeout_ms)
            return "a choice"
    button = page.locator("button.jupyter-button:not([disabled])").first
    await button.click(timeout=timeout_ms)
    return "the first button"


async def visitor(browser, url: str, shelf: bool, start: asyncio.Event, timeout_s: float, shared=None) -> dict:
    context = shared or await browser.new_context()
    page = await context.new_page()
    frames: list[float] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda _payload: frames.append(time.perf_counter())))
    busy = 0

    def count_busy(response) -> None:
        nonlocal busy
        if response.status == 503 and "/voila/render/" in response.url:
            busy += 1

    page.on("response", count_busy)
    await start.wait()
    t = time.perf_counter()
    ms = timeout_s * 1000
    try:
        await page.goto(url, wait_until="commit", timeout=ms)
        # looked for every 100 ms (Playwright's wait_for_selector looks only every 500 ms after its first
        # 0.3 s); timed by this clock, not the page's, which restarts when a busy page reloads itself
        await page.wait_for_function(FIRST_WIDGET, arg=WIDGET_SELECTOR, polling=100, timeout=ms - 1000 * (time.perf_counter() - t))
        drawn = time.perf_counter() - t
        used = "none (the shelf has links only)"
        if not shelf:
            await page.wait_for_function("() => !document.querySelector('.voila-spinner, #loading')", timeout=max(1000, ms - 1000 * (time.perf_counter() - t)))
            clicked = time.perf_counter()
            used = await use_a_control(page, max(1000, ms - 1000 * (clicked - t)))
            while not any(f > clicked for f in frames):
                if time.perf_counter() - t > timeout_s:
                    raise TimeoutError("the kernel never answered the control")
                await asyncio.sleep(0.05)
        return {"ok": True, "wait_s": round(time.perf_counter() - t, 2), "first_widget_s": round(drawn, 2), "control": used,
                "busy_pages": busy}
    except Exception as exc:  # a visitor not served is a figure here, not a crash
        return {"ok": False, "error": f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}", "busy_pages": busy}
    finally:
        try:  # leave as a visitor does: the page's unload handler asks the server to shut its kernel
            await page.goto("about:blank", timeout=60_000)
        except Exception:  # the page or its browser is gone: its kernel waits for the idle cull
            pass
        await (page.close() if shared else context.close())


def _message(msg_type: str, content: dict, session: str, version: str = "2.1.0") -> dict:
    """A Jupyter message as a page sends it (version: the widget protocol's, or the control comm's 1.0.0)."""
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session, "username": "bench",
                       "version": "5.3", "date": datetime.datetime.now(datetime.UTC).isoformat()},
            "parent_header": {}, "metadata": {"version": version}, "content": content, "channel": "shell", "buffers": []}


async def page_assets(base: str, apps: list[str], timeout_s: float) -> list[str]:
    """Every script, style sheet and font the pages load from the server (recorded once in Chromium, from a
    page of each kind): a visitor without a browser fetches them all, as a student's browser does once."""
    from playwright.async_api import async_playwright

    kinds = ["index.ipynb", *[next(a for a in apps if a.endswith(k)) for k in ("01-learn.ipynb", "02-odds.ipynb", "03-play.ipynb")]]
    seen: set[str] = set()
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for app in kinds:
                context = await browser.new_context()
                page = await context.new_page()
                page.on("requestfinished", lambda r: seen.add(r.url) if r.method == "GET" and "/voila/render/" not in r.url
                        and "/api/" not in r.url and r.url.startswith(base) else None)
                await page.goto(f"{base}/voila/render/{app}", timeout=timeout_s * 1000)
                await page.wait_for_function("() => !document.querySelector('.voila-spinner, #loading')", timeout=timeout_s * 1000)
                await page.wait_for_timeout(3000)  # the charts' plotly.js comes once the page is idle
                await context.close()
        finally:
            await browser.close()
    return sorted(seen)


async def protocol_visitor(base: str, app: str, shelf: bool, start: asyncio.Event, timeout_s: float,
                           assets: list[str] = ()) -> dict:
    """A visitor without a browser: what a page asks of the server, and nothing of a browser's own work.
    It fetches the page and the files a page loads (six at a time, as a browser does), connects to its
    kernel, asks for every widget's state (as the page's widget manager does), then uses a control of the
    app and waits for the kernel to finish."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    await start.wait()
    t = time.perf_counter()
    busy, deadline = 0, t + timeout_s
    try:
        while True:
            r = await AsyncHTTPClient().fetch(f"{base}/voila/render/{app}", raise_error=False, request_timeout=timeout_s,
                                              connect_timeout=timeout_s)
            if r.code != 503:
                break
            busy += 1
            await asyncio.sleep(BUSY_RETRY_S)
        if r.code != 200:
            raise RuntimeError(f"HTTP {r.code}")
        queue = list(assets)

        async def fetch_some() -> None:
            while queue:
                got = await AsyncHTTPClient().fetch(queue.pop(), raise_error=False, request_timeout=timeout_s, connect_timeout=timeout_s,
                                                    headers={"Accept-Encoding": "gzip"})
                if got.code != 200:
                    raise RuntimeError(f"HTTP {got.code} for {got.effective_url}")

        await asyncio.gather(*(fetch_some() for _ in range(6)))
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', r.body.decode())
        if kernel is None:
            raise RuntimeError("no kernel id in the page")
        session = uuid.uuid4().hex
        ws = await websocket_connect(HTTPRequest(f"{base.replace('http', 'ws', 1)}/api/kernels/{kernel.group(1)}/channels?session_id={session}",
                                                 request_timeout=timeout_s, connect_timeout=timeout_s))

        async def until(match) -> dict:
            while True:
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise TimeoutError("the kernel did not answer in time")
                raw = await asyncio.wait_for(ws.read_message(), left)
                if raw is None:
                    raise RuntimeError("the kernel connection closed")
                msg = json.loads(raw)
                if match(msg):
                    return msg

        control = uuid.uuid4().hex
        ws.write_message(json.dumps(_message("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}, session, "1.0.0")))
        ask = _message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, session, "1.0.0")
        ws.write_message(json.dumps(ask))
        got = await until(lambda m: m.get("msg_type") == "comm_msg" and m["content"].get("comm_id") == control)
        states = got["content"]["data"].get("states", {})
        drawn = time.perf_counter() - t
        used = "none (the shelf has links only)"
        if not shelf:
            def kind(name: str) -> list[tuple[str, dict]]:
                return [(mid, st["state"]) for mid, st in states.items()
                        if st.get("state", {}).get("_model_name") == name and not st["state"].get("disabled")]

            # the same choice of control as a browser visitor's (use_a_control): a preferred button, else a
            # different option of a list, else the first button
            preferred = [b for name in PREFERRED for b in kind("ButtonModel") if b[1].get("description") == name]
            lists = [d for d in kind("DropdownModel") if len(d[1].get("_options_labels", ())) > 1]
            if preferred or not lists:
                mid, st = (preferred or kind("ButtonModel") or [(None, {})])[0]
                if mid is None:
                    raise RuntimeError(f"no control among {len(states)} widgets")
                data = {"method": "custom", "content": {"event": "click"}}
                used = f"button {st.get('description', '')!r}"
            else:
                mid, st = lists[0]
                data = {"method": "update", "state": {"index": 1 if st.get("index") != 1 else 0}, "buffer_paths": []}
                used = "a choice"
            act = _message("comm_msg", {"comm_id": mid, "data": data}, session)
            ws.write_message(json.dumps(act))
            await until(lambda m: m.get("msg_type") == "status" and m["content"].get("execution_state") == "idle"
                        and m.get("parent_header", {}).get("msg_id") == act["header"]["msg_id"])
        ws.close()
        return {"ok": True, "wait_s": round(time.perf_counter() - t, 2), "first_widget_s": round(drawn, 2), "control": used,
                "busy_pages": busy, "widgets": len(states), "files": len(assets)}
    except Exception as exc:
        return {"ok": False, "error": f"{type(exc).__name__}: {str(exc).splitlines()[0][:160] if str(exc) else ''}", "busy_pages": busy}


async def protocol_burst(base: str, apps: list[str], n: int, timeout_s: float, assets: list[str], tick_log: Path | None = None) -> list[dict]:
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=6 * n)  # each visitor's own six connections
    start = asyncio.Event()
    jobs = [asyncio.create_task(protocol_visitor(base, apps[i % len(apps)], apps[i % len(apps)] == "index.ipynb", start, timeout_s, assets))
            for i in range(n)]
    await arrive(start, 0.5, tick_log)
    results = await asyncio.gather(*jobs)
    for i, r in enumerate(results):
        r["app"] = apps[i % len(apps)]
    return list(results)


async def burst(base: str, apps: list[str], n: int, timeout_s: float, shared_cache: bool = False, floor: bool = False,
                tick_log: Path | None = None) -> list[dict]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            shared = None
            if shared_cache:  # the page scripts fetched and compiled once, as if each visitor's browser had them
                shared = await browser.new_context()
                warm = await shared.new_page()
                await warm.goto(f"{base}/voila/render/_floor.ipynb", timeout=timeout_s * 1000)
                await warm.wait_for_selector(WIDGET_SELECTOR, state="visible", timeout=timeout_s * 1000)
                await warm.close()
            start = asyncio.Event()
            pages = [floor_of(apps[i % len(apps)]) if floor else apps[i % len(apps)] for i in range(n)]
            jobs = [asyncio.create_task(visitor(browser, f"{base}/voila/render/{page}", floor or page == "index.ipynb",
                                                start, timeout_s, shared)) for page in pages]
            await arrive(start, 2, tick_log)
            results = await asyncio.gather(*jobs)
        finally:
            await browser.close()
    for i, r in enumerate(results):
        r["app"] = pages[i]
    return list(results)


def one_run(run: str, mode: str, n: int, apps: list[str], timeout_s: float, log: Path) -> dict:
    """Serve the apps fresh for one class of n (see the module's text for `run` and `mode`) and let it arrive."""
    pools = []
    if mode == "floor":  # a preheated floor kernel for every visitor, so the floors are no worse served than the apps
        floors = {floor_of(a) for a in apps}
        size = max(POOLS["default"]["pool_size"], -(-n // len(floors)))
        config = {**POOLS, **{floor: {"pool_size": size} for floor in floors}}
        pools = [f"--VoilaKernelManager.kernel_pools_config={json.dumps(config)}"]
    tick_log = log if run == "cull-tick" else None
    # places for the class, as docs/serving.md tells a teacher to set them: two per student (a student keeps the shelf
    # and an app open), plus one per app and four for pages still closing (this bench opens four itself first, to
    # record the files). The server's own sizing (kernels at their 512 MiB cap: 34 places here) served 27 of 30 from
    # one address; 80 places (this rule for 30) served 30 of 30.
    places = f"--HenchVoila.max_kernels={2 * n + len(set(apps)) + 4}"
    with served(*RUNS[run], *pools, places, log_path=log) as (base, proc):
        warm = wait_ready(base)
        if tick_log:
            culler_started(tick_log)  # now, not after the wait: the log must say it
        assets: list[str] = []
        if mode == "none":  # the files a page loads, recorded before the class arrives (then the pools refill)
            assets = asyncio.run(page_assets(base, apps, timeout_s))
            time.sleep(5)
            warm += wait_ready(base)
        if tick_log:  # every pool kernel older than the cull timeout (the last filled just now) before the class comes
            time.sleep(CULL_TIMEOUT_S + CULL_INTERVAL_S)
        since = log.stat().st_size
        with CpuMeter(proc.pid) as cpu:
            results = asyncio.run(protocol_burst(base, apps, n, timeout_s, assets, tick_log) if mode == "none" else
                                  burst(base, apps, n, timeout_s, shared_cache=mode == "shared", floor=mode == "floor",
                                        tick_log=tick_log))
        shut = culled(log, since)
    waits = [r["wait_s"] for r in results if r["ok"]]
    return {"run": run, "visitors": n, "browser_cache": mode, "served": len(waits), "pools_filled_in_s": round(warm, 1),
            "median_wait_s": round(statistics.median(waits), 1) if waits else None, "worst_wait_s": max(waits, default=None),
            "saw_busy_page": sum(1 for r in results if r["busy_pages"]), "culled_during_burst": shut,
            "server_cpu_s_per_visitor": round(cpu.seconds("server") / n, 2),
            "browser_cpu_s_per_visitor": round(cpu.seconds("browser") / n, 2), "each": results}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--visitors", default="10,20,30", help="class sizes, comma-separated (default 10,20,30)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds each visitor waits at most (default 120)")
    parser.add_argument("--browsers", choices=("separate", "shared", "none", "floor", "all"), default="all",
                        help="each visitor's own browser cache (separate), one cache for all (shared: the page scripts "
                             "compiled once), no browser at all (none: the page's requests to the server only, as when "
                             "every student's own computer does the browser's work), the floor (separate caches, every "
                             "visitor opening their app's empty floor notebook), or all four (default)")
    parser.add_argument("--run", choices=(*RUNS, "all"), default="fresh",
                        help="fresh: a fresh server, the per-address bounds lifted (default); cull-tick: the class arrives "
                             "just before an idle-cull tick, every pool kernel older than the cull timeout; one-address: "
                             "voila.json's per-address bounds on, every visitor from this one address; all: the three")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args()
    quiet()
    apps = notebook_paths()
    out: dict = {"benchmark": "a class arriving at once", "apps": apps, "timeout_s": args.timeout, "runs": {}}
    rows, notes = [], []
    modes = ("separate", "floor", "shared", "none") if args.browsers == "all" else (args.browsers,)
    with tempfile.TemporaryDirectory() as tmp:
        for run in RUNS if args.run == "all" else (args.run,):
            for mode in modes:
                for n in [int(x) for x in args.visitors.split(",") if x.strip()]:
                    load = psutil.getloadavg()[0]
                    result = one_run(run, mode, n, apps, args.timeout, Path(tmp) / f"{run}-{mode}-{n}.log")
                    result["load_before"] = round(load, 1)
                    out["runs"][f"{run}-{mode}-{n}"] = result
                    rows.append([run, n, mode, f"{result['served']} of {n}", result["median_wait_s"], result["worst_wait_s"],
                                 result["saw_busy_page"], result["culled_during_burst"] if run == "cull-tick" else "-",
                                 result["server_cpu_s_per_visitor"], result["browser_cpu_s_per_visitor"],
                                 result["pools_filled_in_s"], result["load_before"]])
                    notes += [f"{run}, N={n} ({mode}): {r['app']}: {r['error']}" for r in result["each"] if not r["ok"]][:3]
    report(args.json, out, "A class arriving at once: visitors served (first widget drawn and a control answered)",
           ["run", "visitors", "browser cache", "served", "median wait s", "worst wait s", "saw busy page", "culled in burst",
            "server CPU s/visitor", "browser CPU s/visitor", "pools filled in s", "load avg before"], rows,
           notes + ["goal on a 2-core machine: 30 of 30 served, worst wait under 15 s",
                    "floor: every visitor opens their app's floor (an empty notebook with its imports and one widget), separate caches",
                    f"cull-tick: idle cull {CULL_TIMEOUT_S} s every {CULL_INTERVAL_S} s, every pool kernel older than "
                    f"{CULL_TIMEOUT_S} s, the class arriving 1 s before a tick; culled in burst: kernels the culler shut meanwhile"])


if __name__ == "__main__":
    main()
