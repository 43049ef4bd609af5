"""Issue 29 in a real browser: on a Learn page, search a rule, press its "show me", make the move, and see the
rule's ID in what the move did."""

from __future__ import annotations

import pytest

from hench.core.showme import show_me

from .server import ARTIFACTS, WIDGET_SELECTOR, voila_server

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_show_me_from_the_rule_search_on_a_learn_page(browser):
    show = show_me("henchmania", "HM-052")
    with voila_server() as (base, _proc):
        page = browser.new_page(viewport={"width": 1280, "height": 1600})
        page.set_default_timeout(120_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/voila/render/henchmania/01-learn.ipynb", wait_until="domcontentloaded", timeout=180_000)
        page.wait_for_selector(WIDGET_SELECTOR, timeout=180_000)
        rules = page.locator(".hench-rules").last
        rules.locator("input[type=text]").first.fill("HM-052")
        rules.locator(".hench-show-me-button", has_text="HM-052").click()
        table = rules.locator(".hench-show-me")
        table.locator(".hench-show-me-sentence", has_text=show.move_text).wait_for()
        table.locator("input[placeholder='or type a move and press Enter']").fill(show.move_text)
        table.locator("input[placeholder='or type a move and press Enter']").press("Enter")
        table.locator(".hench-show-me-log .hench-rule-shown", has_text="HM-052").first.wait_for()
        (ARTIFACTS / "screenshots").mkdir(parents=True, exist_ok=True)
        table.screenshot(path=str(ARTIFACTS / "screenshots" / "show_me_HM-052.png"))
        assert not errors, errors
