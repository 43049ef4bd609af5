"""Hemloch's tour is ONE game from the set-up to the end (issue 29): walked step by step as a learner would,
every step's position comes up in that game (no fall-back to the tour's own deal), each step shows what it
says, the questions are about the step's start and say so, and no answer is printed on the board."""

from __future__ import annotations

import html
import re

import pytest

from hench.core import CHANCE
from widgets import hemloch as hl
from widgets import hemloch_tour as ht

from .test_tours import walk_step


def _walked():
    """The tour walked from step 1 to the last: (tour, [(step, start state, board html at the start), ...])."""
    tour = hl.tour()
    seen = []
    for i, step in enumerate(hl.TOUR):
        if i:
            tour.next.click()
        assert tour.index == i, tour.messages.text
        seen.append((step, tour.start, tour.view.board.html))
        if step.done is not None:
            walk_step(tour)
    return tour, seen


@pytest.fixture(scope="module")
def walked():
    return _walked()


def test_the_tour_is_one_game_from_the_setup_to_the_end_without_falling_back(walked):
    tour, seen = walked
    assert not any(tour.fell_back), [s.title for s, fell in zip(hl.TOUR, tour.fell_back) if fell]
    assert tour.view.state.is_terminal and hl.TOUR[-1].reach(tour.view.state)
    assert "Final score sheet" in tour.view.sheet.value, "the last step shows the score sheet"
    starts = [start for _, start, _ in seen]
    history = [s.after for s in tour.view.session.history]
    positions = [start for start in starts[1:]]
    assert all(any(p is h for h in history) for p in positions), "every step's start is a position of the one game"
    weeks = [start.week for start in starts]
    assert weeks == sorted(weeks), f"the steps go forward in time: {weeks}"


def test_each_step_shows_what_it_says(walked):
    _, seen = walked
    by = {step.title: start for step, start, _ in seen}
    night = by["A Night: the Festival and your two Actions"]
    assert night.revealed and not night.data.is_day(night.revealed[-1]) and night.festival >= 0
    assert by["Abilities: a Minion places a Marker"].phase == "ability_mark"
    check = by["Week's End: the Influence Check"]
    assert check.stage == "weeks_end_check" and check.tasks[0].name == "mark" and check.tasks[0].seat == 0
    retreat = by["Week's End: retreat half, draw, a Night becomes a Day"]
    assert retreat.phase == "weeks_end_retreat" and retreat.current_player == 0 and retreat.start == 0, "you retreat and swap"
    items = by["Items: Potions, Scepters and Trinkets"]
    assert any(up for up, _ in items.items[0]) and any(str(a).startswith("use") for a in items.legal_actions())
    day = by["A Day and its Influence Check"]
    assert day.stage == "day_check" and day.data.is_day(day.revealed[-1]), "a Day step shows a Day"
    assert by["The final score"].is_terminal


def test_no_step_says_the_game_ends_at_once():
    """The end conditions are checked at the end of a Day or Night (HL-042), not the moment they hold (issue 29)."""
    words = " ".join(step.text for step in hl.TOUR)
    assert "at once" not in words and "at the end of the Day or Night" in words


@pytest.mark.rule("HL-039")
def test_the_festival_feedback_speaks_of_the_steps_start_not_of_now(no_callback_errors):
    """The question is checked against the position the step began at; the game moves on while the learner
    answers (a Minion may move the Festival), so the feedback says when, and names no other place as 'now'."""
    tour = hl.tour(step=2)
    start = tour.start
    walk_step(tour)
    q = tour.question
    q.pick.value = next(o for o in q.pick.options if o != q.question.answer(q.state))
    q.check_button.click()
    verdict = html.unescape(q.verdict.value)
    assert "When this step began" in verdict and start.data.locations[start.festival].name in verdict
    now = tour.view.state
    for place in re.findall(r"The Festival is at ([A-Z][\w ]+?)[:.,]", verdict):
        assert place == now.data.locations[now.festival].name, "the feedback names the Festival's place as now"


def test_no_question_is_answered_on_the_board(walked):
    """The board prints each player's points and each Location's Influence: no question asks for those (the old
    last step asked for the points the board showed, issue 29)."""
    _, seen = walked
    for step, start, board in seen:
        if step.question is None:
            continue
        answer = step.question.answer(start)
        text = html.unescape(re.sub(r"<[^>]+>", " ", board))
        if answer.isdigit():
            assert not re.search(rf"= +{answer}\b", text), f"{step.title}: the points on the board give the answer"
            assert not re.search(rf"Player 1 +{answer} +vs", text), f"{step.title}: the Influence on the board gives it"
        assert "if the game ended now" not in step.question.prompt.lower()


def test_the_learner_turns_over_the_week_card_in_the_games_words(walked):
    tour, _ = walked
    reveals = [s for s in tour.view.session.history if s.player == CHANCE]
    assert reveals and all(tour.view.move_text(s).startswith("reveal") for s in reveals)
    assert "Dice" not in tour.status.value and "dice" not in tour.status.value


def test_the_game_end_is_said_in_words(walked):
    tour, _ = walked
    said = ht.TOUR[-2].after(tour.marks[-2].state, tour.view.state)
    assert any(ht.ENDED[rule] in said for rule in tour.view.state.ended) and "HL-04" not in said.split("(HL-042)")[0]
