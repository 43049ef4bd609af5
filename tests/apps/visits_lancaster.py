"""What the browser test does in each Lancaster app: use its main controls and check the page responds."""

from __future__ import annotations

from hench.lancaster.data import in_words

from .visits import answer_question, chart_svg, drawn, open_lessons, text_of, tour_next, wait_change, wait_chart_change


def lancaster_tour(page) -> None:
    """The first steps of the one-game tour: where the rules come from, the set-up's castle extension, a knight placed
    in a county by a click on the board, a question, then the lord's step reached by Next in the same game."""
    total = len(__import__("widgets.lancaster", fromlist=["TOUR"]).TOUR)
    tour = page.locator(".hench-tour")
    tour.locator(".hench-tour-step", has_text=f"Step 1 of {total}").wait_for(timeout=90_000)
    assert "base game rules: the publisher's" in tour.inner_text().lower()
    assert "Waiting for your move" in tour.locator(".hench-tour-status").inner_text()
    tour.locator(".hench-board [data-action^='extension']").first.click()  # the set-up: the castle's first extension
    tour.locator(".hench-done").wait_for(timeout=90_000)
    assert "is in your castle" in tour.locator(".hench-done").inner_text()
    tour_next(page, 2, total)
    tour.locator(".hench-board .hench-county [data-action^='knight']").first.click()  # a K chip on a county
    tour.locator(".hench-done").wait_for(timeout=90_000)
    assert "Your knight holds County" in tour.locator(".hench-done").inner_text()
    answer_question(page, "1", "2")  # one piece per placement turn (LB-017)
    tour_next(page, 3, total)
    assert "Regal board" in tour.locator(".hench-lancaster").inner_text()
    answer_question(page, "4", "3")  # lord 1 + knights 1 and 2 (LH-021)


def lancaster_learn(page) -> None:
    open_lessons(page, 14)  # the tour's table, 8 lessons and 5 practice tables
    lancaster_tour(page)
    before = text_of(page, ".hench-game", 1)
    chip = page.locator(".hench-game").nth(1).locator(".hench-board [data-action^='knight']").first
    label = chip.get_attribute("data-action")
    chip.click()
    wait_change(page, ".hench-game", before, 1)
    page.locator(".hench-game").nth(1).locator(".hench-log", has_text=in_words(label)).wait_for(timeout=120_000)  # in the game's words
    assert page.locator(".hench-gallery .hench-card-tile").count() > 40


def lancaster_odds(page) -> None:
    answer, chart = ".hench-law-odds .hench-answer", ".hench-law-odds .js-plotly-plot"
    assert "the publisher's" in page.inner_text("body")
    before = text_of(page, answer)
    assert "75.0%" in before  # a Law of the King of group 2: round 2 with probability 3/4 (the fraction on hover)
    svg = chart_svg(page, chart)
    page.locator(".hench-law-odds select").select_option(label="group 4")
    after = wait_change(page, answer, before)
    assert "Law " in after and "BL-" not in after  # a base law, by its name
    wait_chart_change(page, chart, svg)
    page.locator(".hench-law-odds").get_by_role("button", name="Check by simulation").click()
    page.wait_for_selector(".hench-law-odds .hench-mc", timeout=120_000)
    assert "agrees with" in text_of(page, ".hench-law-odds .hench-mc")
    assert drawn(page, ".hench-conflict-odds .js-plotly-plot .scatterlayer .trace") >= 1


def lancaster_play(page) -> None:
    table, board = ".hench-lancaster-table", ".hench-lancaster-table .hench-lancaster"
    assert "Regal board" in text_of(page, board) and "the publisher's" in text_of(page, table).lower()
    assert drawn(page, ".hench-game .js-plotly-plot .scatterlayer .trace") >= 3, "one PP line per player"
    page.locator(f"{table} select").first.select_option(label="The King's Resentment (KR) alone")
    before = text_of(page, board)
    page.get_by_role("button", name="Deal with these modules").click()
    after = wait_change(page, board, before)
    assert "Tower" in after and "Regal board" not in after
    extension = page.locator(".hench-game .hench-board [data-action^='extension']")
    if extension.count():  # a new game opens with each player's first castle extension (LB-009)
        extension.first.click()
        page.locator(".hench-game .hench-board [data-action^='knight']").first.wait_for(timeout=120_000)
    before = text_of(page, ".hench-game")
    chip = page.locator(".hench-game .hench-board [data-action^='knight']").first
    label = chip.get_attribute("data-action")
    chip.click()
    wait_change(page, ".hench-game", before)
    page.locator(".hench-game .hench-log", has_text=in_words(label)).wait_for(timeout=120_000)  # in the game's words
    page.get_by_role("button", name="Simulate").click()
    page.wait_for_selector(".hench-sim-summary", timeout=240_000)
    assert "win rate" in text_of(page, ".hench-simulation")


VISITS = {
    "lancaster/01-learn.ipynb": lancaster_learn,
    "lancaster/02-odds.ipynb": lancaster_odds,
    "lancaster/03-play.ipynb": lancaster_play,
}
