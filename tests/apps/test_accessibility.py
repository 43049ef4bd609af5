"""Every learner (issue 31): axe-core audits every app as it opens and after a first move, with no serious or
critical violation; a board's clickable sites are reached with Tab and played with Enter.

axe-core comes bundled by axe-playwright-python (the test extra). The counts per app (violations' nodes by
impact, at load and after the move) are printed at the end of the module's run; bench/accessibility.py prints
the same audit with every failing node.
"""

from __future__ import annotations

from collections import Counter

import pytest

from .server import all_notebooks, voila_server
from .test_browser import open_app, shot

pytestmark = [pytest.mark.browser, pytest.mark.slow]
IMPACTS = ("critical", "serious", "moderate", "minor")
BLOCKING = ("critical", "serious")


@pytest.fixture(scope="module")
def server():
    """No preheated kernels: each page starts its own (warming a pool per app would take the cores the pages need)."""
    with voila_server("--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}}") as served:
        yield served


@pytest.fixture(scope="module")
def counts(request):
    """The audit's counts per app, printed once every app of the module was audited."""
    table: dict[str, dict[str, Counter]] = {}
    yield table
    if not table:
        return
    lines = ["", "accessibility audit (axe-core): failing nodes by impact, per app",
             f"{'app':30} {'when':10} " + " ".join(f"{i:>8}" for i in IMPACTS)]
    lines += [f"{app:30} {when:10} " + " ".join(f"{found[i]:>8}" for i in IMPACTS)
              for app, whens in table.items() for when, found in whens.items()]
    with request.config.pluginmanager.get_plugin("capturemanager").global_and_fixture_disabled():
        print("\n".join(lines), flush=True)


def audit(page) -> list[dict]:
    """axe-core's violations on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    return list(Axe().run(page).response["violations"])


def blocking(violations: list[dict]) -> list[str]:
    """The serious and critical violations, each with the first nodes it failed on (selector and html)."""
    out = []
    for v in violations:
        if v.get("impact") in BLOCKING:
            nodes = "; ".join(f"{' '.join(map(str, n.get('target', [])))} {n.get('html', '')[:120]}" for n in v["nodes"][:3])
            out.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {nodes}")
    return out


def by_impact(violations: list[dict]) -> Counter:
    found: Counter = Counter()
    for v in violations:
        found[v.get("impact") or "minor"] += len(v.get("nodes", []))
    return found


def first_move(page) -> None:
    """Press the first move button of the page's first table (else the page's first enabled button not already
    pressed; on a page without buttons, the shelf, search its rules) and wait until the page shows something new."""
    buttons = page.locator(".hench-game .hench-moves button:visible")
    if not buttons.count():
        buttons = page.locator(".jupyter-widgets button:not([disabled]):not(.mod-active):visible")
    before = page.inner_text("body")
    if buttons.count():
        buttons.first.click()
    else:
        page.fill(".jupyter-widgets input[type=text]", "duel")
    page.wait_for_function("old => document.body.innerText !== old", arg=before, timeout=90_000)
    page.wait_for_timeout(800)


@pytest.mark.parametrize("notebook", all_notebooks())
def test_no_serious_or_critical_violation_at_load_and_after_a_move(browser, server, counts, notebook):
    base, _proc = server
    page, _errors = open_app(browser, base, notebook)
    try:
        page.wait_for_timeout(1500)
        at_load = audit(page)
        first_move(page)
        after = audit(page)
        counts[notebook] = {"load": by_impact(at_load), "after move": by_impact(after)}
        if blocking(at_load) or blocking(after):
            shot(page, f"a11y-{notebook}")
    finally:
        page.close()
    assert not blocking(at_load), f"{notebook} as it opens:\n" + "\n".join(blocking(at_load))
    assert not blocking(after), f"{notebook} after a move:\n" + "\n".join(blocking(after))


FOCUSED_SITE = "() => { const el = document.activeElement; return el && el.matches('.hench-board [data-action]') ? el.dataset.action : null; }"


def test_a_board_site_is_reached_with_tab_and_played_with_enter(browser, server):
    """In Henchmania's Play app the first moves are pawns placed on sites: Tab from the top of the page reaches a
    site of the board (a button for the keyboard), Enter plays it, and the log shows the move."""
    base, _proc = server
    page, errors = open_app(browser, base, "henchmania/03-play.ipynb")
    try:
        page.wait_for_selector(".hench-board [data-action]", timeout=120_000)
        site = page.locator(".hench-board [data-action]").first
        assert site.get_attribute("role") == "button" and site.get_attribute("tabindex") == "0", site.evaluate("el => el.outerHTML.slice(0, 300)")
        page.locator("h1").first.click()  # start from the top of the page, as a keyboard user would
        action = None
        for _ in range(200):
            page.keyboard.press("Tab")
            action = page.evaluate(FOCUSED_SITE)
            if action:
                break
        assert action, "200 presses of Tab never reached a site of the board"
        entries = page.locator(".hench-log-entry").count()
        page.keyboard.press("Enter")
        page.wait_for_function("n => document.querySelectorAll('.hench-log-entry').length > n", arg=entries, timeout=60_000)
        log = page.inner_text(".hench-log")
        assert action.split()[-1] in log, f"the log does not show the move {action!r}: {log[:300]}"
        assert not errors, errors
    finally:
        page.close()
