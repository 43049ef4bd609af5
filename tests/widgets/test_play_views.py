"""The generic table and simulation views, driven as a visitor would (on the tiny fixture game)."""

from __future__ import annotations

from tests.fixtures.tinypig import PHASES
from widgets.play import GameView, TableConfig, rules_line
from widgets.simulate import SimulationView, simulate

PIG = TableConfig("tinypig", phases=PHASES,
                  clock=lambda s: sum(s.banked), clock_label="point")


def test_moves_dice_and_log(no_callback_errors):
    view = GameView(PIG, players=2, seed=3)
    assert view.moves.labels == ["roll"]
    view.moves.click(0)
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


PIG_ROLLER = TableConfig("tinypig", phases=PHASES, roll_seats=lambda s: (s.seat,))  # the seat whose turn it is rolls


def _to_my_hold(view) -> None:
    """Roll (the dice rolling or being rolled) until 'hold' is open at my turn, then hold: the bot is next."""
    for _ in range(50):
        if view.state.current_player == 0 and "hold" in [str(a) for a in view.state.legal_actions()]:
            view.play("hold")
            return
        if view.learner_rolls():
            view.roll.click()
        else:
            view.play("roll")
    raise AssertionError("never could hold")


def test_watch_the_bots_one_move_at_a_time(no_callback_errors):
    view = GameView(PIG, players=2, seed=3, auto_dice=True, watch_bots=True)
    assert view.watch.value and view.watch_row.layout.display != "none"
    _to_my_hold(view)
    assert view.state.current_player == 1 and view.bot_pending(), "the bot waits for 'Next bot move'"
    assert not view.bot_step.disabled and "Next bot move" in view.explain.value
    clicks = said = 0
    while view.bot_pending():
        before = len(view.session)
        view.bot_step.click()
        clicks += 1
        assert len(view.session) == before + 1, "exactly one bot move (or roll) a click"
        step = view.session.history[-1]
        assert step.player in (1, -1) and f"{step.text}" in view.messages.text
        assert all(line in view.messages.text for line in view.consequences(step)), "shown with what it did"
        said += len(view.consequences(step))
        newest = view.log_view.value.split("hench-log-entry")[1]
        assert f">{step.index + 1}.<" in newest and step.text in newest, "the bot's move tops the log"
    assert clicks >= 2 and said >= 1 and (view.state.is_terminal or view.state.current_player == 0)
    assert view.bot_step.disabled
    before = len(view.session)
    view.bot_step.click()  # no bot is waiting: refused, nothing moves
    assert len(view.session) == before and view.messages.kind == "error" and "your move" in view.messages.text


def test_unticking_watch_lets_the_bots_go_on_and_it_is_off_by_default(no_callback_errors):
    view = GameView(PIG, players=2, seed=3, auto_dice=True, watch_bots=True)
    _to_my_hold(view)
    assert view.bot_pending()
    view.watch.value = False
    assert not view.bot_pending() and (view.state.is_terminal or view.state.current_player == 0)
    plain = GameView(PIG, players=2, seed=3, auto_dice=True)
    assert not plain.watch.value
    _to_my_hold(plain)
    assert not plain.bot_pending() and plain.bot_step.disabled, "off by default: the bots play on at once"


def test_bots_dice_roll_by_themselves_the_learners_wait(no_callback_errors):
    view = GameView(PIG_ROLLER, players=2, seed=3, auto_dice=False)
    view.play("roll")
    assert view.learner_rolls() and view.dice_box.layout.display == "flex", "my own roll waits for me"
    view.dice_outcomes.value = next(a for _, a in view.dice_outcomes.options if str(a) == "die 6")
    view.set_dice.click()
    mark = len(view.session)
    view.play("hold")
    bot_rolls = [s for s in view.session.history[mark:] if s.player == -1]
    assert bot_rolls, "the bot's dice rolled by themselves though 'roll the dice for me' is off"
    assert all(s.before.seat == 1 for s in bot_rolls)
    assert view.state.is_terminal or view.state.current_player == 0
    # without the hook every roll concerns the learner: the bot's first roll waits
    old = GameView(PIG, players=2, seed=3, auto_dice=False)
    old.play("roll")
    old.dice_outcomes.value = next(a for _, a in old.dice_outcomes.options if str(a) == "die 6")
    old.set_dice.click()
    old.play("hold")
    assert old.learner_rolls() and old.state.seat == 1


def test_ticking_roll_for_me_resumes_a_pending_roll(no_callback_errors):
    view = GameView(PIG, players=2, seed=3, auto_dice=False)
    _to_my_hold(view)
    assert view.learner_rolls(), "the bot's roll waits (no hook: it concerns everyone)"
    before = len(view.session)
    view.auto_dice.value = True
    assert not view.learner_rolls() and len(view.session) > before and "Dice:" in view.messages.text
    assert view.state.is_terminal or view.state.current_player == 0, "rolled, and the bot went on to my turn"
    assert view.dice_box.layout.display == "none"


def test_score_chart_titles_and_whole_ticks(no_callback_errors):
    view = GameView(PIG, players=2, seed=5, auto_dice=True)
    view.bots_go.click()
    layout = view.fig.layout
    assert "Points of each player" in layout.title.text and layout.yaxis.title.text == "Points"
    assert layout.xaxis.title.text == "Point of the game" and layout.xaxis.dtick == 1 and layout.xaxis.tickmode == "linear"
    early = GameView(PIG, players=2, seed=5, auto_dice=True)  # scores all 0 so far: ticks one point apart, none halfway
    assert early.fig.layout.yaxis.dtick == 1 and early.fig.layout.yaxis.tickmode == "linear"
    xs, _ = view.score_history()
    assert tuple(layout.xaxis.range) == (xs[0] - 0.2, xs[-1] + 0.2), "the axis spans the points played, no tick before them"


def full_score_history(view) -> tuple[list[int], list[list[int]]]:
    """The chart's points worked out from scratch: every state of the session scored again."""
    marks = {PIG.clock(st): st.scores() for st in view.session.states}
    xs = sorted(marks)
    return xs, [[marks[x][seat] for x in xs] for seat in range(view.state.num_players)]


def test_the_log_builds_each_row_once_and_the_chart_appends(no_callback_errors, monkeypatch):
    view = GameView(PIG, players=3, seed=5, auto_dice=True)
    built = []
    row = view._log_row
    monkeypatch.setattr(view, "_log_row", lambda step, seat: built.append(step) or row(step, seat))
    for _ in range(6):
        view.bots_go.click()
        assert len(built) == len(set(map(id, built))), "no row is built twice"
        assert view.score_history() == full_score_history(view)
    assert len(view.session) > 10 and view.log_view.value.count("hench-log-entry") == min(len(view.session), 60)
    steps = len(built)
    view.undo_button.click()
    assert view.score_history() == full_score_history(view) and len(built) == steps, "an undo drops rows, builds none"
    view.redo_button.click()
    assert view.score_history() == full_score_history(view)
    assert built[steps:] == [view.session.last], "a redo builds the row of the step it puts back, and only it"
    view.new_button.click()
    assert view.score_history() == full_score_history(view)
    assert view.log_view.value.count("hench-log-entry") == len(view.session)


def test_the_log_rows_are_each_viewers_own():
    view = GameView(PIG, players=2, seed=5, auto_dice=True, human_seats=(0, 1))  # two learners at one table
    for _ in range(4):
        view.moves.click(0)
    assert set(view._log_rows) == {(0, (0, 1)), (1, (0, 1))}, "a log for each seat that looked at the table"
    for (seat, _), rows in view._log_rows.items():
        shown = [value for value in rows.values if value is not None]
        assert shown == [view._log_row(step, seat) for step, value in zip(rows.steps, rows.values) if value is not None]
