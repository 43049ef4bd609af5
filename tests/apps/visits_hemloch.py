"""What the browser test does in the Hemloch apps: use their main controls and check the page responds.
The answers the page must show come from hench itself (the tour's deal and the odds are deterministic)."""

from __future__ import annotations

from hench.core import format_probability
from hench.hemloch import odds

from .visits import answer_question, chart_svg, drawn, open_lessons, tour_next, wait_change, wait_chart_change

WAIT = 120_000


def _festival_answer() -> tuple[str, str]:
    """The tour's step-2 question (where may you not play?): the right Location and a wrong one, from the engine."""
    from widgets import hemloch as hl

    view = hl.tour(step=2)
    right = hl.TOUR[1].question.answer(view.start)
    wrong = next(loc.name for loc in view.start.data.locations if loc.name != right)
    return right, wrong


def hemloch_tour(page) -> None:
    """Read step 1 and answer; in step 2 spend both Actions by clicking the board; read what happened."""
    right, wrong = _festival_answer()
    tour = page.locator(".hench-tour")
    tour.locator(".hench-tour-step", has_text="Step 1 of 7").wait_for(timeout=WAIT)
    answer_question(page, "5", "4")  # the opening hand (HL-010)
    tour_next(page, 2, 7)
    assert "Waiting for your move" in tour.locator(".hench-tour-status").inner_text()
    for _ in range(6):  # two Actions (an ability may ask for one more choice)
        if tour.locator(".hench-done").count():
            break
        log = tour.locator(".hench-log").inner_text()
        tour.locator(".hench-board [data-action]").first.click()
        wait_change(page, ".hench-tour .hench-log", log)
    tour.locator(".hench-done").wait_for(timeout=WAIT)
    assert "Your turn is over" in tour.locator(".hench-done").inner_text()
    answer_question(page, right, wrong)  # the Festival's Location (HL-039)


def hemloch_learn(page) -> None:
    open_lessons(page, 6)
    hemloch_tour(page)
    table = page.locator(".hench-game").nth(4)  # the Influence Check lesson
    before = table.inner_text()
    square = table.locator(".hench-board [data-action^='mark']").first
    move = square.get_attribute("data-action")
    square.click()
    assert move in wait_change(page, ".hench-game", before, 4)
    assert page.locator(".hench-gallery .hench-card-tile").count() > 20, "the card gallery lists every card"


def hemloch_odds(page) -> None:
    answer, chart = ".hench-draw-odds .hench-answer", ".hench-draw-odds .js-plotly-plot"
    before = page.locator(answer).inner_text()
    assert format_probability(odds.opening_hand(2)).split(" ")[0] in before and str(odds.dig(2, 2)) in before
    assert drawn(page, f"{chart} .barlayer .point") == 11, "one bar per number of Draw actions, 0 to 10"
    svg = chart_svg(page, chart)
    page.locator(".hench-draw-odds .noUi-handle").first.focus()
    page.keyboard.press("ArrowRight")  # copies 2 -> 3
    assert str(odds.dig(3, 2)) in wait_change(page, answer, before)
    wait_chart_change(page, chart, svg)
    page.locator(".hench-draw-odds").get_by_role("button", name="Check by simulation").click()
    page.wait_for_selector(".hench-draw-odds .hench-mc", timeout=WAIT)
    assert "agrees with" in page.locator(".hench-draw-odds .hench-mc").inner_text()
    assert str(odds.duel(None, 0)["win"]) in page.locator(".hench-duel-odds .hench-answer").inner_text()


def hemloch_play(page) -> None:
    table, chart = page.locator(".hench-game").inner_text(), ".hench-game .js-plotly-plot"
    assert drawn(page, f"{chart} .scatterlayer .trace") >= 2, "one score line per player"
    page.locator(".hench-game .hench-move").first.click()
    wait_change(page, ".hench-game", table)
    page.get_by_role("button", name="Simulate").click()
    page.wait_for_selector(".hench-sim-summary", timeout=180_000)
    assert "win rate" in page.locator(".hench-simulation").inner_text()


VISITS = {
    "hemloch/01-learn.ipynb": hemloch_learn,
    "hemloch/02-odds.ipynb": hemloch_odds,
    "hemloch/03-play.ipynb": hemloch_play,
}
