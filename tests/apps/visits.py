"""What the browser test does in each app: use its main controls and check the page responds."""

from __future__ import annotations

import re

import widgets.huns as huns_widgets


def text_of(page, selector: str, index: int = 0) -> str:
    return page.locator(selector).nth(index).inner_text()


def wait_change(page, selector: str, before: str, index: int = 0, timeout_ms: int = 120_000) -> str:
    """Wait until the text of `selector` differs from `before`; return the new text."""
    page.wait_for_function("([sel, i, old]) => { const el = document.querySelectorAll(sel)[i]; return el && el.innerText !== old; }",
                           arg=[selector, index, before], timeout=timeout_ms)
    return text_of(page, selector, index)


SVG = "sel => { const el = document.querySelector(sel); return el ? Array.from(el.querySelectorAll('svg')).map(s => s.innerHTML).join('') : ''; }"


def chart_svg(page, selector: str) -> str:
    return page.evaluate(SVG, selector)


def drawn(page, selector: str, timeout_ms: int = 120_000) -> int:
    """How many `selector` a chart shows, once it has drawn: charts draw once the page is idle."""
    page.locator(selector).first.wait_for(timeout=timeout_ms)
    return page.locator(selector).count()


def wait_chart_change(page, selector: str, before: str, timeout_ms: int = 120_000) -> None:
    """The chart redrew (a FigureWidget update reached the browser). Generous: CI machines are busy."""
    try:
        page.wait_for_function(f"([sel, old]) => ({SVG})(sel) !== old", arg=[selector, before], timeout=timeout_ms)
    except Exception as e:  # say what the page showed, for the CI log
        now = chart_svg(page, selector)
        plots = page.locator(selector).count()
        raise AssertionError(f"chart {selector!r} did not redraw in {timeout_ms} ms: {plots} plot(s) on the page, "
                             f"svg {len(before)} -> {len(now)} characters, identical={now == before}") from e


def open_lessons(page, tables: int, timeout_ms: int = 120_000) -> None:
    """Scroll to each lesson in turn and wait for its live table: a lesson's table is set up when the
    learner reaches it (widgets.core.Deferred), not at load. Then the page has `tables` live tables; then
    the references at the bottom of the page are opened too (open_references)."""
    lessons = page.locator(".hench-deferred")
    assert lessons.count() == tables - 1, "one deferred table per lesson, besides the tour's"
    for i in range(lessons.count()):
        lessons.nth(i).scroll_into_view_if_needed()
        lessons.nth(i).locator(".hench-game").wait_for(timeout=timeout_ms)
    assert page.locator(".hench-game").count() == tables, "the tour's table and one live table per lesson"
    open_references(page, timeout_ms)


def open_references(page, timeout_ms: int = 120_000) -> None:
    """Scroll to the references at the bottom of a Learn page (the card gallery, the assumptions table) and
    wait for each: they are built when the reader reaches them (widgets.core.later), not at load."""
    parts = page.locator(".hench-later")
    assert parts.count() == 2, "a Learn page ends with its card gallery and its assumptions table"
    for i in range(parts.count()):
        parts.nth(i).scroll_into_view_if_needed()
        parts.nth(i).locator(".hench-gallery, .hench-assumptions").first.wait_for(timeout=timeout_ms)
        assert not parts.nth(i).locator(".hench-deferred-intro").count(), "the placeholder made way for it"


def click_move(page, table: int, label: str) -> None:
    page.locator(".hench-game").nth(table).get_by_role("button", name=label, exact=True).first.click()


def answer_question(page, right: str, wrong: str) -> None:
    """Answer the tour step's self-check question wrongly, then rightly, reading the verdicts."""
    quiz = page.locator(".hench-tour .hench-question")
    quiz.get_by_role("radio", name=wrong, exact=True).check()
    quiz.get_by_role("button", name="Check").click()
    quiz.locator(".hench-wrong").wait_for(timeout=90_000)
    assert right in quiz.locator(".hench-verdict").inner_text()
    quiz.get_by_role("radio", name=right, exact=True).check()
    quiz.get_by_role("button", name="Check").click()
    quiz.locator(".hench-right").wait_for(timeout=90_000)


def tour_next(page, step: int, total: int) -> None:
    page.locator(".hench-tour").get_by_role("button", name="Next ▶").click()
    page.locator(".hench-tour .hench-tour-step", has_text=f"Step {step} of {total}").wait_for(timeout=90_000)


def henchmania_tour(page) -> None:
    """Walk the first steps of the tour: read, answer, make the move asked for, read what happened."""
    tour = page.locator(".hench-tour")
    tour.locator(".hench-tour-step", has_text="Step 1 of 11").wait_for(timeout=90_000)
    answer_question(page, "5", "8")  # every Lord starts at 5 points (HM-009)
    tour_next(page, 2, 11)
    assert "Waiting for your move" in tour.locator(".hench-tour-status").inner_text()
    tour.locator(".hench-board [data-action='place Tavern']").click()  # click the site on the tour's board
    tour.locator(".hench-done").wait_for(timeout=90_000)
    done = tour.locator(".hench-done").inner_text()
    assert "You put a pawn on the Tavern and drew" in done and "place Tavern" in done
    answer_question(page, "5", "4")  # 5 spots a site with 3 players (HM-020)
    tour_next(page, 3, 11)  # domination: the tour's deal has Player 1 dominate a site (HM-021, HM-022)
    take = tour.locator(".hench-game").get_by_role("button", name=re.compile(r"^take extra "))
    assert "draw one extra card" in take.get_attribute("title")  # the move button says what it does
    site = take.inner_text().removeprefix("take extra ").strip()
    take.click()
    tour.locator(".hench-done").wait_for(timeout=90_000)
    assert f"You dominated the {site}" in tour.locator(".hench-done").inner_text()
    tour.locator(".hench-tour-jump select").select_option(label="5. A duel")  # the game plays on to it
    tour.locator(".hench-tour-step", has_text="Step 5 of 11").wait_for(timeout=90_000)
    glove = tour.locator(".hench-game").get_by_role("button", name="play Glove on Player 2", exact=True)
    assert glove.get_attribute("title").startswith("Glove (")  # a card's button: the card's text (issue 9)
    glove.click()
    tour.get_by_role("button", name="fight bare-handed", exact=True).wait_for(timeout=90_000)


def henchmania_learn(page) -> None:
    open_lessons(page, 5)
    henchmania_tour(page)
    log_before = text_of(page, ".hench-game", 1)
    page.locator(".hench-game").nth(1).locator(".hench-board [data-action='place Tavern']").click()  # click the site
    after = wait_change(page, ".hench-game", log_before, 1)
    assert "place Tavern" in after and "Player 2" in after
    click_move(page, 3, "play Glove on Player 2")  # the duel lesson
    page.locator(".hench-game").nth(3).get_by_role("button", name="fight bare-handed", exact=True).wait_for(timeout=90_000)
    assert "HM-054" in text_of(page, ".hench-game", 3)


def henchmania_odds(page) -> None:
    answer, chart = ".hench-duel-odds .hench-answer", ".hench-duel-odds .js-plotly-plot"
    before = text_of(page, answer)
    assert "42.1%" in before and "91/216" not in before, "a percentage on screen, the exact fraction in its hover"
    assert drawn(page, f"{chart} .hm image, {chart} .heatmaplayer image") >= 1, "the heatmap is drawn"
    svg = chart_svg(page, chart)
    page.locator(".hench-duel-odds .noUi-handle").first.focus()
    page.keyboard.press("ArrowRight")  # Attack 4 -> 5
    after = wait_change(page, answer, before)
    assert "29.8%" in after
    wait_chart_change(page, chart, svg)
    page.locator(".hench-duel-odds").get_by_role("button", name="Check by simulation").click()  # the tie-break has its own
    page.wait_for_selector(".hench-duel-odds .hench-mc", timeout=60_000)
    assert "agrees with" in text_of(page, ".hench-duel-odds .hench-mc")


def henchmania_play(page) -> None:
    table, chart = text_of(page, ".hench-game"), ".hench-game .js-plotly-plot"
    assert drawn(page, f"{chart} .scatterlayer .trace") >= 2, "one score line per player"
    page.locator(".hench-game .hench-move").first.click()
    wait_change(page, ".hench-game", table)
    page.get_by_role("button", name="Simulate").click()
    page.wait_for_selector(".hench-sim-summary", timeout=180_000)
    assert "win rate" in text_of(page, ".hench-simulation")


def huns_tour(page) -> None:
    tour = page.locator(".hench-tour")
    steps = len(huns_widgets.TOUR)
    tour.locator(".hench-tour-step", has_text=f"Step 1 of {steps}").wait_for(timeout=90_000)
    answer_question(page, "Player 3", "Player 2")  # the third seat takes a catch-up Valuable (HU-028)
    tour_next(page, 2, steps)
    take = tour.locator(".hench-game").get_by_role("button", name="take", exact=False).first
    assert "use it at once" in take.get_attribute("title")  # the move button says what it does
    tour.locator(".hench-board [data-action^='take']").first.click()  # take a die
    tour.locator(".hench-done").wait_for(timeout=90_000)
    assert "You took the" in tour.locator(".hench-done").inner_text()
    answer_question(page, "2", "1")  # the first of 3 players takes 2 dice (HU-036)


def huns_learn(page) -> None:
    open_lessons(page, 1 + len(huns_widgets.LESSONS))
    huns_tour(page)
    before = text_of(page, ".hench-game", 2)
    die = page.locator(".hench-game").nth(2).locator(".hench-board [data-action^='take']").first  # click a die
    label = die.get_attribute("data-action")
    die.click()
    assert label in wait_change(page, ".hench-game", before, 2)
    curse = page.locator(".hench-game").nth(5)
    curse.get_by_role("button", name="flee", exact=True).click()
    curse.get_by_text("Player 1 (you)").first.wait_for(timeout=90_000)
    assert "flee" in text_of(page, ".hench-game", 5)


def huns_odds(page) -> None:
    answer, chart = ".hench-draft-odds .hench-answer", ".hench-draft-odds .js-plotly-plot"
    before = text_of(page, answer)
    assert "21.0%" in before and "17/81" not in before  # a percentage on screen, the exact 17/81 in its hover
    assert page.locator(f"{answer} b[title='exactly 17/81']").count() == 1
    assert drawn(page, f"{chart} .barlayer .point") == 3, "three bars: values 1, 2, 3"
    svg = chart_svg(page, chart)
    page.get_by_role("button", name="earlier players pick by colour").click()
    assert "70.4%" in wait_change(page, answer, before)  # exactly 19/27
    wait_chart_change(page, chart, svg)
    page.locator(".hench-draft-odds").get_by_role("button", name="Check by simulation").click()
    page.wait_for_selector(".hench-mc", timeout=60_000)
    assert "agrees with" in text_of(page, ".hench-mc")


VISITS = {
    "huns/01-learn.ipynb": huns_learn,
    "huns/02-odds.ipynb": huns_odds,
    "huns/03-play.ipynb": henchmania_play,  # same controls: a move on the table, then a simulation
    "henchmania/01-learn.ipynb": henchmania_learn,
    "henchmania/02-odds.ipynb": henchmania_odds,
    "henchmania/03-play.ipynb": henchmania_play,
}


def _more_visits() -> dict:
    """Each game's visits may live in its own module, tests/apps/visits_<game>.py, with a VISITS dict."""
    import importlib
    from pathlib import Path

    found: dict = {}
    for path in sorted(Path(__file__).parent.glob("visits_*.py")):
        found.update(importlib.import_module(f"{__package__}.{path.stem}").VISITS)
    return found


VISITS.update(_more_visits())
