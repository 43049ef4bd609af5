"""What the browser test does in the Hemloch apps: use their main controls and check the page responds.
The answers the page must show come from hench itself (the tour's deal and the odds are deterministic)."""

from __future__ import annotations

from hench.hemloch import odds
from widgets.odds import percent

from .visits import answer_question, chart_svg, drawn, open_lessons, tour_next, wait_change, wait_chart_change

WAIT = 120_000


def _festival_answer() -> tuple[str, str]:
    """The tour's step-2 question (where could you not play?): the right Location and a wrong one, from the engine."""
    from widgets import hemloch as hl

    view = hl.tour(step=2)
    right = hl.TOUR[1].question.answer(view.start)
    wrong = next(loc.name for loc in view.start.data.locations if loc.name != right)
    return right, wrong


def hemloch_tour(page) -> None:
    """Read step 1 and answer; in step 2 spend both Actions by clicking the board; read what happened."""
    right, wrong = _festival_answer()
    tour = page.locator(".hench-tour")
    total = len(hl_tour_steps())
    tour.locator(".hench-tour-step", has_text=f"Step 1 of {total}").wait_for(timeout=WAIT)
    answer_question(page, "5", "4")  # the opening hand (HL-010)
    tour_next(page, 2, total)
    assert "Waiting for your move" in tour.locator(".hench-tour-status").inner_text()
    for _ in range(6):  # two Actions (an ability may ask for one more choice)
        # the step's status or a clickable board, whichever the page draws next (the log may change first)
        page.wait_for_selector(".hench-tour .hench-done, .hench-tour .hench-board [data-action]", timeout=WAIT)
        if tour.locator(".hench-done").count():
            break
        log = tour.locator(".hench-log").inner_text()
        tour.locator(".hench-board [data-action]").first.click()
        wait_change(page, ".hench-tour .hench-log", log)
    tour.locator(".hench-done").wait_for(timeout=WAIT)
    assert "Your turn is over" in tour.locator(".hench-done").inner_text()
    answer_question(page, right, wrong)  # the Festival's Location (HL-039)


def hl_tour_steps() -> list:
    from widgets import hemloch as hl

    return list(hl.TOUR)


def hemloch_learn(page) -> None:
    open_lessons(page, 1)  # the tour's table; the lessons' one table opens when a lesson is picked
    hemloch_tour(page)
    lessons = page.locator(".hench-lessons")
    lessons.locator("select").select_option(label="A move: Move the Festival")
    table = lessons.locator(".hench-game")
    table.locator(".hench-board [data-action^='festival']").first.wait_for(timeout=WAIT)
    lessons.get_by_text("good player").first.wait_for(timeout=WAIT)  # the lesson's words, drawn with its table
    before = table.inner_text()
    chip = table.locator(".hench-board [data-action^='festival']").first
    move = chip.get_attribute("data-action")
    chip.click()
    assert move in wait_change(page, ".hench-lessons .hench-game", before)
    page.locator(".hench-gallery .hench-card-tile").nth(20).wait_for(timeout=WAIT)  # the gallery lists every card (built
    # when the reader reaches it: on a busy machine, after the lesson)


def hemloch_odds(page) -> None:
    answer, chart = ".hench-draw-odds .hench-answer", ".hench-draw-odds .js-plotly-plot"
    before = page.locator(answer).inner_text()
    assert percent(odds.opening_hand(2)) in before and percent(odds.dig(2, 2)) in before  # percentages on screen
    assert drawn(page, f"{chart} .barlayer .point") == 11, "one bar per number of Draw actions, 0 to 10"
    svg = chart_svg(page, chart)
    page.locator(".hench-draw-odds .noUi-handle").first.focus()
    page.keyboard.press("ArrowRight")  # copies 2 -> 3
    assert percent(odds.dig(3, 2)) in wait_change(page, answer, before)
    wait_chart_change(page, chart, svg)
    page.locator(".hench-draw-odds").get_by_role("button", name="Check by simulation").click()
    page.wait_for_selector(".hench-draw-odds .hench-mc", timeout=WAIT)
    assert "agrees with" in page.locator(".hench-draw-odds .hench-mc").inner_text()
    assert percent(odds.duel(None, 0)["win"]) in page.locator(".hench-duel-odds .hench-answer").inner_text()


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
