"""Issues 30 and 39, "Done means": in every Play app, in a real browser, the Hint names legal moves with its table
(win chance with intervals, games), and at the end of a game the Review answers.

The learner's moves are played by "Let the bots play" (one of the learner's moves a click), so since issue 39 none of
them is the learner's own decision and the review says so; the review's "Try again from here" is exercised in
tests/widgets/test_coach_views.py, where the learner's moves are made at the table. The server's review budget is short (HENCH_REVIEW_SECONDS) so that a
whole game's review takes seconds here; every wait is on the page's own state, with generous limits.
"""

from __future__ import annotations

import os
import re

import pytest

from .server import ARTIFACTS, voila_server
from .test_browser import open_app
from .visits import text_of, wait_change

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PLAYS = ["hemloch/03-play.ipynb", "henchmania/03-play.ipynb", "huns/03-play.ipynb", "lancaster/03-play.ipynb",
         "maniacal/03-play.ipynb"]
WAIT_MS = 180_000
SHOTS = ARTIFACTS / "coach"


@pytest.fixture(scope="module")
def coach_server():
    before = os.environ.get("HENCH_REVIEW_SECONDS")
    os.environ["HENCH_REVIEW_SECONDS"] = "4"  # the kernels inherit it
    try:
        with voila_server("--VoilaKernelManager.kernel_pools_config={'default': {'pool_size': 0}}") as (base, _proc):
            yield base
    finally:
        if before is None:
            os.environ.pop("HENCH_REVIEW_SECONDS", None)
        else:
            os.environ["HENCH_REVIEW_SECONDS"] = before


@pytest.mark.parametrize("notebook", PLAYS)
def test_hint_and_review_in_the_play_app(browser, coach_server, notebook):
    page, errors = open_app(browser, coach_server, notebook)
    table = page.locator(".hench-game").first
    try:
        moves = [t.strip() for t in table.locator(".hench-moves button").all_inner_texts()]
        table.locator(".hench-coach button", has_text="Hint").click()
        hint = table.locator(".hench-hint")
        hint.wait_for(timeout=WAIT_MS)
        text = hint.inner_text()
        head = re.search(r"(The coach suggests|The coach's best guess|Your only move|The coach: any of these is fine): "
                         r"(.+)", text)
        assert head, text
        named = re.split(r", | or ", head.group(2).strip()) if head.group(1).endswith("fine") else [head.group(2).strip()]
        if moves:  # the move buttons of the position (a long list is offered as a drop-down instead)
            assert all(m in moves for m in named), f"the hint names legal moves: {named!r} not among {moves[:8]}"
        assert "win chance (95% interval)" in text and re.search(r"\b\d+\b", text), "the table and its games"
        page.screenshot(path=str(_shot(notebook, "hint")), full_page=True)

        over = table.locator("text=/The game is over\\. Winner/")  # the table's status line, not a lesson's words
        for _ in range(600):  # one of the learner's moves a click, the bots' replies with it
            if over.count():
                break
            before = text_of(page, ".hench-game .hench-log")
            table.get_by_role("button", name="Let the bots play").click()
            wait_change(page, ".hench-game .hench-log", before, timeout_ms=WAIT_MS)
        over.wait_for(timeout=WAIT_MS)
        table.get_by_role("button", name="Review my game").click()
        review = table.locator(".hench-review")
        review.locator(".hench-try-again, p").first.wait_for(timeout=WAIT_MS)
        again = table.locator(".hench-try-again").first
        if again.count():
            assert "the coach prefers" in review.inner_text()
            again.click()
            over.wait_for(state="detached", timeout=WAIT_MS)  # the reviewed position is open again: the game goes on
            table.locator(".hench-coach").get_by_text("Redo puts the game back").wait_for(timeout=WAIT_MS)
        else:  # "Let the bots play" made every move here: none is the learner's to judge (issue 39)
            assert "none with a choice in this game" in review.inner_text()
        assert not errors, errors
    finally:
        page.screenshot(path=str(_shot(notebook, "review")), full_page=True)
        page.close()


def _shot(notebook: str, what: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS / f"{notebook.replace('/', '__')}-{what}.png"
