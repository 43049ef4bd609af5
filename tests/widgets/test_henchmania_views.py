"""Henchmania's views driven as a visitor would."""

from __future__ import annotations

import pytest

import widgets.henchmania as hm
from hench.core import CHANCE
from hench.henchmania import odds


@pytest.mark.rule("HM-016", "HM-020")
def test_learner_places_a_pawn_and_bots_answer(no_callback_errors):
    view = hm.lesson_table("phase 1")
    assert view.moves.labels[:1] == ["place Tavern"]
    view.moves.click(0)
    assert view.state.current_player == 0, "the bots answered and it is my turn again"
    assert [s.player for s in view.session.history] == [0, 1, 2]
    assert "HM-016" in view.rule_chips.value


@pytest.mark.rule("HM-052", "HM-057", "HM-063", "HM-067", "HM-068")
def test_duel_walkthrough_with_dice_set_by_the_learner(no_callback_errors):
    view = hm.lesson_table("duel")
    view.play("play Glove on Player 2")
    weapon = next(label for label in view.moves.labels if label.startswith("fight"))
    view.play(weapon)
    assert view.state.current_player == CHANCE and "probability" in view.explain.value
    before = view.state.scores()
    view.dice_outcomes.value = next(a for a in view.dice_outcomes.options if str(a[1]) == "roll 1 1 1")[1]
    view.set_dice.click()
    assert "Dice: roll 1 1 1" in view.messages.text
    after = next(s for s in view.session.history if s.who == "the dice").after.scores()  # no hit: the Defender wins
    assert after[0] == before[0] - 1 and after[1] == before[1] + 2


def test_illegal_move_is_explained_with_its_rule(no_callback_errors):
    view = hm.lesson_table("phase 1")
    view.play("play Glove on Player 2")  # not in phase 1
    assert view.messages.kind == "error" and len(view.session) == 0
    assert "HM-016" in view.messages.text and "Phase 1" in view.messages.text and "place Tavern" in view.messages.text


def test_duel_odds_view(no_callback_errors):
    view = hm.DuelOddsView(attack=4, defense=3)
    assert "91/216 (42.1%)" in view.answer.value
    view.apothecary.value = True
    assert "2/27" in view.answer.value
    assert list(view.fig.data[1].x) == [3] and list(view.fig.data[1].y) == [4]
    view.attack.value = 6
    assert list(view.fig.data[1].y) == [6] and str(odds.duel_win_probability(6, 3, apothecary=True)) in view.answer.value
    view.mc.trials.value = 2000
    view.mc.button.click()
    assert "agrees with" in view.mc.result.value and view.mc.bar.value == 2000
    view.attack.value = 3
    view.attack.set_state({"value": 99})  # out of range from the browser: clamped to the slider's maximum
    assert view.attack.value == 6 and str(odds.duel_win_probability(6, 3, apothecary=True)) in view.answer.value


def test_bare_hands_button_uses_the_assumed_values(no_callback_errors):
    view = hm.DuelOddsView()
    view.bare_button.click()
    assert (view.attack.value, view.defense.value) == view.bare and "assumed" in view.messages.text


def test_play_table_and_simulation(no_callback_errors):
    view = hm.play_table(players=2)
    view.play(str(view.state.legal_actions()[0]))
    assert view.state.current_player == 0 and len(view.fig.data) == 2
    sim = hm.simulation(games=10, players=2)
    sim.run_button.click()
    assert sim.bar.value == 10 and "win rate" in sim.summary.value


def test_assumptions_are_shown_as_assumed():
    table = hm.assumptions_in_force()
    assert "assumed" in table.value and "bare hands attack" in table.value


def _play_out_as_learner(view, limit: int = 3000) -> list:
    """Play seat 0 with its bot's choices, rolling whenever the view asks the learner; returns the duels
    (attacker, defender) at which it asked."""
    asked = []
    for _ in range(limit):
        st = view.state
        if st.is_terminal:
            return asked
        if view.learner_rolls():
            assert view.dice_box.layout.display == "flex"
            asked.append((st.duel["att"], st.duel["dfn"]))
            view.roll.click()
        else:
            assert st.current_player == 0, "the view stops only at my move or at my own duel's dice"
            view._click(view.bots[0].choose(st))
    raise AssertionError("the game did not end")


@pytest.mark.rule("HM-057", "HM-060")
def test_dice_of_duels_between_bots_roll_by_themselves(no_callback_errors):
    from widgets.play import GameView

    view = GameView(hm.CONFIG, players=3, seed=5, auto_dice=False, chart=False)
    asked = _play_out_as_learner(view)
    assert asked and all(0 in duel for duel in asked), "the learner rolls only in the duels they fight"
    rolled = [(s.before.duel["att"], s.before.duel["dfn"]) for s in view.session.history if s.player == CHANCE]
    bots_only = [duel for duel in rolled if 0 not in duel]
    assert bots_only, "bots dueled each other and their dice rolled though 'roll the dice for me' is off"
    assert len(rolled) == len(asked) + len(bots_only)
