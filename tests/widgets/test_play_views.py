"""The generic table and simulation views, driven as a visitor would (on the tiny fixture game)."""

from __future__ import annotations

from widgets.play import GameView, TableConfig, rules_line
from widgets.simulate import SimulationView, simulate

from tests.fixtures.tinypig import PHASES

PIG = TableConfig("tinypig", phases=PHASES,
                  clock=lambda s: sum(s.banked), clock_label="point")


def test_moves_dice_and_log(no_callback_errors):
    view = GameView(PIG, players=2, seed=3)
    assert [b.description for b in view.moves.children] == ["roll"]
    view.moves.children[0].click()
    assert view.state.phase == "roll" and view.dice_box.layout.display == "flex"
    assert view.move_box.layout.display == "none"
    view.dice_outcomes.value = next(a for _, a in view.dice_outcomes.options if str(a) == "die 6")
    view.set_dice.click()
    assert view.state.turn_points == 6 and "die 6" in view.log_view.value
    assert "Dice: die 6" in view.messages.text


def test_illegal_typed_move_is_explained_and_changes_nothing(no_callback_errors):
    view = GameView(PIG, players=2, seed=3)
    view.typed.value = "hold"  # what pressing Enter in the box does
    assert view.messages.kind == "error" and "TP-002" in view.messages.text and "no points" in view.messages.text
    assert len(view.session) == 0


def test_bots_play_and_undo_returns_to_my_turn(no_callback_errors):
    view = GameView(PIG, players=2, seed=3, auto_dice=True)
    view.play("roll")  # the dice roll themselves, then it is my turn again (or the bot's after a 1)
    view.bots_go.click()
    assert len(view.session) > 2
    view.undo_button.click()
    assert view.state.current_player == 0, "undo steps back over the bots to my last decision"


def test_new_game_and_chart(no_callback_errors):
    view = GameView(PIG, players=3, seed=5, auto_dice=True)
    view.bots_go.click()
    xs, per_seat = view.score_history()
    assert len(per_seat) == 3 and all(len(ys) == len(xs) for ys in per_seat)
    assert len(view.fig.data) == 3
    view.new_button.click()
    assert "New game" in view.messages.text and view.seed_box.value.isdigit()
    assert all(step.player != 0 for step in view.session.history), "a new game starts at my first decision"


def test_choose_players_seat_and_seed(no_callback_errors):
    view = GameView(PIG, players=3, seed=5, auto_dice=True, setup=True)
    view.players_pick.value = 2
    assert [v for _, v in view.seat_pick.options] == [0, 1]
    view.seat_pick.value, view.seed_box.value = 1, "42"
    view.start_button.click()
    assert view.state.num_players == 2 and view.human_seats == (1,) and "seed 42" in view.messages.text
    first = view.session.initial.to_json()
    view.bots_go.click()
    view.seed_box.value = "42"
    view.start_button.click()
    assert view.session.initial.to_json() == first, "the same seed deals the same game"
    view.seed_box.value = "4x2"
    view.start_button.click()
    assert view.messages.kind == "error" and "whole number" in view.messages.text


def test_log_says_what_each_move_did(no_callback_errors):
    view = GameView(PIG, players=2, seed=5, auto_dice=True)
    view.bots_go.click()
    assert "hench-log-entry" in view.log_view.value
    changed = [step for step in view.session.history if step.before.scores() != step.after.scores()]
    assert changed, "some move in a whole game changes a score"
    lines = view.consequences(changed[0])
    assert any(line.startswith("Scores: ") for line in lines)


def test_phase_rules_are_shown():
    view = GameView(PIG, players=2, seed=3)
    assert "TP-001" in view.rule_chips.value and "hench-phase-current" in view.stepper.value
    assert rules_line(["HM-020"]).count("hench-rule-chip") == 1


def test_simulation_counts_and_progress(no_callback_errors):
    result = simulate(PIG, players=2, games=30)
    assert len(result.rows) == 30 and abs(sum(result.win_rates()) - 1) < 1e-9
    view = SimulationView(PIG, games=25)
    view.run_button.click()
    assert view.bar.value == 25 and view.bar.bar_style == "success" and "win rate" in view.summary.value
    view.games.set_state({"value": 10**9})  # out of range from the browser: clamped or refused, never run
    assert view.games.value <= 20_000
