"""A real headless Chromium opens every app, waits for its widgets, uses a control, sees the page respond.

Screenshots are saved to artifacts/screenshots/. In CI a skipped test here fails the run (see conftest).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from . import visits
from .server import (
    ARTIFACTS,
    NOTEBOOKS,
    WIDGET_SELECTOR,
    all_notebooks,
    kernel_processes,
    voila_server,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SHOTS = ARTIFACTS / "screenshots"
NOISE = ("Unsatisfied version", "No satisfying version", "ERR_NAME_NOT_RESOLVED")  # harmless console lines
WIDGET = WIDGET_SELECTOR


@pytest.fixture(scope="module")
def server():
    with voila_server() as (base, proc):
        yield base, proc


def open_app(browser, base: str, notebook: str):
    page = browser.new_page(viewport={"width": 1280, "height": 1600})
    page.set_default_timeout(120_000)  # every click and wait: generous, CI machines are busy (a 30 s click timed out)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.console_lines = []  # what the page logged: shown when a visit fails
    page.outside = []  # requests that leave the machine: there must be none
    page.on("request", lambda r: None if r.url.startswith((base, "data:", "blob:", "about:")) else page.outside.append(r.url))

    def log(msg) -> None:
        text = msg.text
        if msg.type in ("error", "warning") and not any(n in text for n in NOISE):
            page.console_lines.append(f"{time.strftime('%H:%M:%S')} {msg.type}: {text[:400]}")
    page.on("console", log)
    page.goto(f"{base}/voila/render/{notebook}", wait_until="domcontentloaded", timeout=180_000)
    page.wait_for_selector(WIDGET, timeout=180_000)
    page.wait_for_timeout(800)
    return page, errors


# No element but the page itself scrolls the content: Voila's lab layout scrolled #rendered_cells.
SCROLLS_AS_A_PAGE = """() => {
  const cells = document.getElementById('rendered_cells');
  const inner = cells && cells.scrollHeight > cells.clientHeight + 2 && getComputedStyle(cells).overflowY !== 'visible';
  return !inner && document.scrollingElement.scrollHeight + 2 >= (cells ? cells.getBoundingClientRect().height : 0);
}"""


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name.replace('/', '__')}.png"), full_page=True)


# -- what to do in each app: one function per notebook ------------------------------------------------

def use_shelf(page) -> None:
    import hench.shelf

    entries = hench.shelf.entries()
    assert page.locator(".hench-card").count() == len(entries) == 5
    page.fill(".hench-rules input[type=text]", "duel")
    page.wait_for_selector(".hench-rule-results >> text=HM-052", timeout=90_000)
    for entry in entries:  # a game with apps links to each; a game without says so
        built = [label for label, path in entry.notebooks if (NOTEBOOKS / path).exists()]
        card = page.locator(f".hench-card[data-game={entry.id}]")
        links = card.locator("a.hench-open")
        assert [links.nth(i).inner_text() for i in range(links.count())] == built
        assert ("Coming soon" in card.inner_text()) == (not built)
    shelf_files = set(dict(page.evaluate(STATIC_FILES)))
    page.locator(".hench-card[data-game=huns] a.hench-open", has_text="Odds").click()
    page.wait_for_url("**/voila/render/huns/02-odds.ipynb", timeout=60_000)
    page.wait_for_selector(".hench-draft-odds", timeout=180_000)
    # The app's scripts that the shelf loaded too come from the browser's cache without a request, not even a
    # revalidation (widgets.assets.PackedStatic and serve.versioned_static_hook): the next app opens sooner.
    again = dict(page.evaluate(STATIC_FILES))
    shared = shelf_files & set(again)
    fetched = sorted(name for name in shared if again[name] > 0)
    assert len(shared) > 50 and not fetched, f"{len(fetched)} of {len(shared)} files the shelf had were asked for again: {fetched[:4]}"


STATIC_FILES = """() => performance.getEntriesByType('resource')
    .filter(e => e.name.includes('/voila/static/') || e.name.includes('/voila/labextensions/'))
    .map(e => [e.name, e.transferSize])"""  # Voila's and the widget extensions' files: address, bytes on the wire


def icons_drawn(page) -> bool:
    """The Font Awesome icon font is loaded (served by the server itself) and used by the buttons' icons."""
    return page.evaluate("""async () => { await document.fonts.ready;
        const family = getComputedStyle(document.querySelector('i.fa'), '::before').fontFamily.replaceAll('"', '');
        return family.includes('Font Awesome') &&
               [...document.fonts].some(f => f.family.replaceAll('"', '') === family && f.status === 'loaded'); }""")


def use_generic(page) -> None:
    """For apps without a scripted visit: click the first enabled button and see the page change."""
    before = page.inner_text("body")
    page.locator("button:not([disabled])").first.click()
    page.wait_for_timeout(1500)
    assert page.inner_text("body") != before, "clicking the first button changed nothing on the page"


VISITS: dict[str, Callable] = {"index.ipynb": use_shelf, **visits.VISITS}


def visit_for(notebook: str) -> Callable:
    return VISITS.get(notebook, use_generic)


@pytest.mark.parametrize("notebook", all_notebooks())
def test_app_responds(browser, server, notebook):
    base, _ = server
    page, errors = open_app(browser, base, notebook)
    try:
        visit_for(notebook)(page)
        assert not page.locator("text=There was an error when executing cell").count()
        assert not errors, f"JavaScript errors: {errors}"
        assert not page.outside, f"requests left the machine: {page.outside}"
        if page.locator("i.fa").count():
            assert icons_drawn(page), "the buttons' icons have no font (Font Awesome not served?)"
        assert page.evaluate(SCROLLS_AS_A_PAGE), "the page scrolls as a page, not inside an inner panel (issue 29)"
    except Exception:
        print("The page's console:", *page.console_lines, sep="\n  ")
        raise
    finally:
        shot(page, notebook)
        page.close()


def test_out_of_range_value_from_the_browser_is_explained(browser, server):
    """A visitor who forces a value the control does not allow gets a message, not a crash."""
    base, _ = server
    page, _ = open_app(browser, base, "index.ipynb")
    try:
        # A crafted page adds an option the kernel never offered and picks it: the widget sends an index
        # out of range over the widget protocol.
        select = page.locator(".hench-rules select")
        select.evaluate("el => { const o = document.createElement('option'); o.value = 'chess'; o.text = 'chess'; el.appendChild(o); }")
        select.select_option("chess")
        page.wait_for_selector(".hench-rules .hench-msg-error", timeout=90_000)
        assert "not accepted" in page.inner_text(".hench-rules .hench-msg-error")
        # ... and the panel still works afterwards
        page.fill(".hench-rules input[type=text]", "wagon")
        page.wait_for_selector(".hench-rule-results >> text=HU-", timeout=90_000)
    finally:
        shot(page, "out-of-range")
        page.close()


def test_closing_a_tab_frees_its_kernel(browser):
    """Idle-kernel culling: with a short timeout, the kernel of a closed tab is gone soon after."""
    # The cull must leave a loading page time to connect: until its websocket is open the kernel counts
    # as idle and unconnected, and a 4 s cull took it from under a page that was slow to load (CI, busy).
    with voila_server("--MappingKernelManager.cull_idle_timeout=30", "--MappingKernelManager.cull_interval=2",
                      "--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}}") as (base, proc):
        assert kernel_processes(proc) == []
        page, _ = open_app(browser, base, "index.ipynb")
        assert len(kernel_processes(proc)) == 1
        page.close()  # no unload request: a tab that crashed, or a browser that died
        deadline = time.monotonic() + 150
        while kernel_processes(proc) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert kernel_processes(proc) == [], "the closed tab's kernel is still running"


def test_a_left_page_shuts_its_kernel_at_once(browser):
    """The page asks for its kernel's shutdown as the visitor leaves; the server accepts it (it used to
    refuse it for want of the _xsrf cookie, and the kernel lived until the 10-minute idle cull)."""
    with voila_server("--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}}") as (base, proc):
        page, _ = open_app(browser, base, "index.ipynb")
        assert len(kernel_processes(proc)) == 1
        assert "_xsrf=" in page.evaluate("document.cookie")
        page.goto("about:blank")  # the visitor leaves: the page's unload handler asks for the shutdown
        deadline = time.monotonic() + 60
        while kernel_processes(proc) and time.monotonic() < deadline:
            time.sleep(0.5)
        page.close()
        assert kernel_processes(proc) == [], "the left page's kernel is still running (is the shutdown request refused?)"


def test_a_pool_kernel_older_than_the_cull_timeout_lives_on_for_its_visitor(browser):
    """Issue 31: a preheated kernel waits in its pool longer than the idle timeout; it is not culled there, and
    once handed to a visitor its idle clock starts then (it used to keep its preheating's time and was culled
    at the next tick, seconds after the page was served: the page was dead)."""
    import requests

    with voila_server("--MappingKernelManager.cull_idle_timeout=15", "--MappingKernelManager.cull_interval=1",
                      "--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}, 'index.ipynb': {'pool_size': 1}}"
                      ) as (base, proc):
        deadline = time.monotonic() + 600
        while not requests.get(f"{base}/hench/status", timeout=10).json().get("ready") and time.monotonic() < deadline:
            time.sleep(1)  # the pool's kernel has run its notebook
        time.sleep(20)  # ... and then waits in the pool past the idle timeout, through twenty cull ticks
        assert len(kernel_processes(proc)) == 1, "the pool kernel was culled while it waited for a visitor"
        page, errors = open_app(browser, base, "index.ipynb")
        try:
            time.sleep(5)  # cull ticks after the hand-out
            use_shelf(page)  # the page still talks to its kernel
            assert not errors, errors
        finally:
            page.close()
