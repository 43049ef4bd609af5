"""Issue 30 at the table: Hint (the coach's move, its win chance and expected points beside the learner's selected
move, and why), Review my game (the costliest decisions, each reopened), and the bots' level."""

from __future__ import annotations

import importlib

import pytest

import hench
from hench.core.coach import Coach
from widgets import coach as coach_view

GAMES = sorted(g for g in hench.GAMES if g != "tinypig")  # the five games (tinypig is a test fixture)


def _play_table(game: str):
    view = importlib.import_module(f"widgets.{game}").play_table(players=2 if game != "henchmania" else 3)
    view = getattr(view, "view", view)  # Lancaster's Play app wraps its table in a module picker
    view.coach_panel.coach = Coach(view.game, seed=1, iterations=24)  # fast and reproducible
    return view


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_names_a_legal_move_with_its_figures_and_why(game, no_callback_errors):
    view = _play_table(game)
    panel = view.coach_panel
    assert not panel.hint_button.disabled and panel.play_button.disabled
    legal = view.state.legal_actions()
    view.move_list.value = legal[-1]
    panel.hint_button.click()
    advice = panel.advice
    assert advice is not None and advice.best.action in legal, panel.messages.text
    assert f"The coach suggests: {advice.best.text}" in panel.out.value.replace("&#x27;", "'")
    assert f"{100 * advice.best.win_chance:.0f}%" in panel.out.value and f"{advice.best.expected_points:.1f}" in panel.out.value
    if legal[-1] != advice.best.action and len(legal) > 1:
        assert "(your selected move)" in panel.out.value
        mine = next(m for m in advice.moves if m.action == legal[-1])
        assert advice.why[1].startswith(f"Against {mine.text} ("), "the why sets the coach's move beside the selected one"
        assert "Where the points come from" in panel.out.value, "the score-sheet lines of both moves, side by side"
    assert advice.why and all(line in panel.out.value.replace("&#x27;", "'") for line in advice.why)
    before = len(view.session)
    panel.play_button.click()
    assert len(view.session) > before and view.session.history[before].action == advice.best.action
    assert panel.out.value == "" and panel.play_button.disabled, "the old hint goes when the position moves on"


def test_no_hint_when_it_is_not_the_learners_turn(no_callback_errors):
    view = _play_table("henchmania")
    view.auto_dice.value = True
    while not view.state.is_terminal:
        view.bots_go.click()
    assert view.coach_panel.hint_button.disabled
    view.coach_panel.hint()
    assert view.coach_panel.messages.kind == "error" and "not your turn" in view.coach_panel.messages.text


def test_the_review_shows_the_costliest_decisions_and_reopens_each(monkeypatch, no_callback_errors):
    monkeypatch.setattr(coach_view, "REVIEW_SECONDS", 3.0)
    view = _play_table("henchmania")
    panel = view.coach_panel
    assert panel.review_button.layout.display == "none", "no review before the end"
    view.auto_dice.value = True
    while not view.state.is_terminal:
        view.bots_go.click()
    assert panel.review_button.layout.display is None
    panel.review_button.click()
    boxes = panel.review_box.children[1:]
    assert 1 <= len(boxes) <= 5, panel.messages.text
    first = boxes[0]
    assert "you played" in first.children[0].value and "the coach prefers" in first.children[0].value
    length = len(view.session)
    first.children[1].click()  # Try again from here
    assert len(view.session) < length and not view.state.is_terminal
    assert view.state.current_player in view.human_seats, "the learner's decision, reopened"
    assert "Redo puts the game back" in panel.messages.text
    assert panel.review_box.children == (), "the review goes with the finished game"
    view.redo_button.click()


def test_the_bots_level_is_chosen_and_kept_for_a_new_deal(no_callback_errors):
    from hench.core.bots import RandomBot

    view = _play_table("huns")
    view.coach_panel.level.value = "easy"
    assert all(isinstance(b, RandomBot) for b in view.bots)
    view.start_button.click()
    assert all(isinstance(b, RandomBot) for b in view.bots), "the learner's level stays for the next game"
    view.coach_panel.level.value = "hard"
    assert type(view.bots[1]).__name__ == "CoachBot"


def test_the_coach_names_moves_as_the_table_does(no_callback_errors):
    """Maniacal's buttons say "build Scientist Room 4 (pay $3)" where the engine's notation says "build R26": the
    hint and its why use the table's words, never the notation's ids."""
    view = _play_table("maniacal")
    view.coach_panel.hint_button.click()
    advice = view.coach_panel.advice
    assert advice.best.text in view.moves.labels
    notation = view.game.format_action(advice.best.action)
    assert notation != advice.best.text and notation not in " ".join(advice.why)
