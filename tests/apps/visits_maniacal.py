"""What the browser test does in Maniacal's three apps: use the main controls and check the page responds."""

from __future__ import annotations

from .visits import answer_question, chart_svg, drawn, open_lessons, text_of, tour_next, wait_change, wait_chart_change


def maniacal_learn(page) -> None:
    from widgets.maniacal import LESSONS
    from widgets.maniacal_tour import TOUR

    open_lessons(page, 1 + len(LESSONS) - 1)  # the tour's table and one per lesson shown (not the "setup" one)
    tour, total = page.locator(".hench-tour"), len(TOUR)
    tour.locator(".hench-tour-step", has_text=f"Step 1 of {total}").wait_for(timeout=120_000)
    assert "Supervillain abilities" in tour.inner_text(), "the MA-021 assumption is said on screen"
    answer_question(page, "9", "8")  # Player 1 of the tour's deal starts with $9 (MA-028)
    tour_next(page, 2, total)
    assert "Waiting for your move" in tour.locator(".hench-tour-status").inner_text()
    for pick in range(3):  # three build-or-sell picks, each a click on the board; the hand passes in between
        before = text_of(page, ".hench-tour .hench-board")
        tour.locator(".hench-board [data-action^='sell']").first.click()  # sell a Room of the hand, on the board
        if pick < 2:
            wait_change(page, ".hench-tour .hench-board", before)
    tour.locator(".hench-done").wait_for(timeout=120_000)
    assert "Player 1 sells" in tour.locator(".hench-done").inner_text()
    answer_question(page, "5", "4")  # a hand of 5 Rooms (MA-040)
    before = text_of(page, ".hench-game", 1)
    page.locator(".hench-game").nth(1).locator(".hench-board [data-action^='sell']").first.click()  # the draft lesson
    assert "sell" in wait_change(page, ".hench-game", before, 1)
    gallery = page.locator(".hench-gallery")
    shown = gallery.locator(".hench-card-grid").inner_text()
    gallery.locator("select").first.select_option(label="Scheme")  # the kind filter (the second is the show-me card chooser)
    assert "Scheme “Target +2 / reroll 3 dice”" in wait_change(page, ".hench-card-grid", shown)


def maniacal_odds(page) -> None:
    view = ".hench-contract-odds"
    answer, chart = f"{view} .hench-answer", f"{view} .js-plotly-plot"
    before = text_of(page, answer)
    assert "83.3%" in before  # 5/6, the exact fraction on hover
    assert drawn(page, f"{chart} .hm image, {chart} .heatmaplayer image") >= 1, "the heatmap is drawn"
    svg = chart_svg(page, chart)
    page.locator(view).locator("select").nth(1).select_option(label="Player 2")
    page.locator(answer, has_text="86.5%").wait_for(timeout=120_000)  # Player 2's strongest team: 83/96
    wait_chart_change(page, chart, svg)
    page.locator(view).get_by_role("button", name="Check by simulation").click()
    page.wait_for_selector(".hench-mc", timeout=120_000)
    assert "agrees with" in text_of(page, ".hench-mc")


def maniacal_play(page) -> None:
    table = text_of(page, ".hench-game")
    chart = ".hench-infamy .js-plotly-plot"
    page.locator(chart).first.wait_for(timeout=120_000)
    assert drawn(page, f"{chart} .scatterlayer .trace") == 3, "one Infamy line per player"
    page.locator(".hench-game .hench-move").first.click()
    wait_change(page, ".hench-game", table)
    page.get_by_role("button", name="Simulate").click()
    page.wait_for_selector(".hench-sim-summary", timeout=300_000)
    assert "win rate" in text_of(page, ".hench-simulation")


VISITS = {
    "maniacal/01-learn.ipynb": maniacal_learn,
    "maniacal/02-odds.ipynb": maniacal_odds,
    "maniacal/03-play.ipynb": maniacal_play,
}
