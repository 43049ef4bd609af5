"""Huns views driven as a visitor would."""

from __future__ import annotations

import pytest

import widgets.huns as hu
from hench.core import CHANCE
from hench.huns import odds


@pytest.mark.rule("HU-032", "HU-033")
def test_learner_sets_the_dice_and_takes_one(no_callback_errors):
    view = hu.learn_table(players=3)
    view.fast_forward(lambda s: True)
    while view.state.current_player == CHANCE:  # the five coloured dice, set one by one
        view.dice_outcomes.value = view.dice_outcomes.options[-1][1]
        view.set_dice.click()
    takes = view.moves.labels
    assert takes and all(t.startswith("take ") for t in takes)
    view.play(takes[0])
    assert view.messages.kind == "ok" and takes[0] in view.log_view.value


@pytest.mark.rule("HU-057")
def test_pillage_lesson_places_a_cube(no_callback_errors):
    view = hu.lesson_table("pillage")
    move = next(label for label in view.moves.labels if label.startswith("place"))
    view.play(move)
    assert view.messages.kind == "ok" and len(view.session) >= 1


@pytest.mark.rule("HU-094")
def test_curse_lesson_offers_flee(no_callback_errors):
    view = hu.lesson_table("curse")
    moves = view.moves.labels
    assert "flee" in moves
    view.play("flee")
    assert view.messages.kind == "ok"


def test_wrong_move_is_explained(no_callback_errors):
    view = hu.lesson_table("the draft")
    view.play("flee")
    assert view.messages.kind == "error" and len(view.session) == 0


def test_draft_odds_view(no_callback_errors):
    view = hu.DraftOddsView(picker=3)
    exact = odds.value_left_to_picker(3, "highest")
    assert str(exact.probability(3)) in view.answer.value
    view.earlier.value = "colour"
    assert str(odds.value_left_to_picker(3, "colour").probability(3)) in view.answer.value
    assert [float(y) for y in view.fig.data[0].y] == [float(p) for p in odds.value_left_to_picker(3, "colour").probabilities().values()]
    view.mc.trials.value = 2000
    view.mc.button.click()
    assert "agrees with" in view.mc.result.value


def test_wagon_odds_view(no_callback_errors):
    view = hu.WagonOddsView()
    assert str(odds.wagon_fill_chance({"green": 2})) in view.answer.value
    view.missing["blue"].value = 1
    assert "0 (0.0%)" in view.answer.value  # two colours missing, one turn
    view.turns.value = 2
    assert str(odds.wagon_fill_chance({"green": 2, "blue": 1}, 2)) in view.answer.value


def test_scoring_sheet_and_simulation(no_callback_errors):
    sheet = hu.finished_game_sheet(players=2)
    assert "hench-scoring-sheet" in sheet.value and "Raids" in sheet.value and "Wagon-type bonus" in sheet.value
    sim = hu.simulation(games=8, players=2)
    sim.run_button.click()
    assert sim.bar.value == 8 and "rounds" in sim.summary.value


def test_play_table_starts_at_my_decision(no_callback_errors):
    """In a 3-player game the third seat's catch-up comes first: the bots play it before I see the table."""
    view = hu.play_table(players=3)
    assert view.state.current_player == 0 and view.moves.labels


def test_card_moves_show_card_names(no_callback_errors):
    view = hu.lesson_table("draw cards")
    labels = view.moves.labels
    names = {c.name for c in view.state.data.cards}
    assert labels and all(any(n in label for n in names) for label in labels if label.startswith("play"))
    view.moves.click(0)
    assert view.messages.kind == "ok"


@pytest.mark.rule("HU-031")
def test_the_round_dice_wait_only_when_the_learner_rolls_them(no_callback_errors):
    from widgets.play import GameView

    view = GameView(hu.CONFIG, players=3, seed=1, auto_dice=False, chart=False)
    asked = []
    while view.state.round <= 3 and not view.state.is_terminal:
        st = view.state
        if view.learner_rolls():
            asked.append((st.phase, st.first, st.active))
            view.roll.click()
        else:
            assert st.current_player == 0
            view._click(view.bots[0].choose(st))
    assert asked and all(first == 0 for phase, first, _ in asked if phase == "round_roll_dice"), "my rounds: I roll"
    by_bots = [s for s in view.session.history if s.player == CHANCE and s.before.first != 0]
    assert by_bots, "a bot's round dice rolled by themselves though 'roll the dice for me' is off"


@pytest.mark.rule("HU-057", "HU-060")
def test_what_just_happened_says_what_each_move_did(no_callback_errors):
    """The log shows the engine's own lines (state.narration, issue 26): cubes loaded, Wagons dispatched, cards
    into a Camp; the table no longer diffs states (no `describe`)."""
    from widgets.play import GameView

    assert not hasattr(hu.CONFIG, "describe"), "no view diffs states: the engine narrates"
    view = GameView(hu.CONFIG, players=3, seed=1, auto_dice=True, chart=False)
    view.bots_go.click()
    while not view.state.is_terminal and view.state.round <= 4:
        view.bots_go.click()
    said = [line for s in view.session.history for line in view.consequences(s)]
    assert any(" loads a " in line and "onto Wagon" in line for line in said)
    assert any("into their Camp" in line for line in said)
    assert any("is full and dispatched" in line for line in said)
    for s in view.session.history:
        assert [line.text for line in s.after.narration(view.viewer)] == view.consequences(s)[:len(s.after.narration(view.viewer))]
    assert "hench-log-effect" in view.log_view.value
