"""Long work a visitor can start is bounded: the Simulate box and every "Check by simulation"
(issue 13: 20,000 games were about four minutes of a core per click)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from hench.core.errors import HenchError
from hench.core.montecarlo import estimate
from tests.fixtures.tinypig import PHASES
from widgets.core import MAX_TRIALS, SERVED_MAX_TRIALS, MonteCarloCheck, friendly
from widgets.play import TableConfig
from widgets.simulate import MAX_GAMES, SERVED_MAX_GAMES, SimulationView, max_games, simulate

PIG = TableConfig("tinypig", phases=PHASES, clock=lambda s: sum(s.banked), clock_label="point")


def ticking(step: float = 1.0):
    """A fake clock: each reading is `step` seconds after the last."""
    counter = itertools.count()
    return lambda: next(counter) * step


@pytest.fixture
def served(monkeypatch):
    monkeypatch.delenv("HENCH_SHOW_TRACEBACKS", raising=False)
    monkeypatch.setenv("HENCH_SERVED", "1")


@pytest.fixture
def notebook(monkeypatch):
    for name in ("HENCH_SERVED", "VOILA_BASE_URL", "VOILA_SERVER_URL"):
        monkeypatch.delenv(name, raising=False)


def test_a_time_budget_stops_a_simulation_early_and_says_when():
    result = simulate(PIG, players=2, games=500, budget=5, clock=ticking(1.0))
    assert 1 <= len(result.rows) < 500 and result.asked == 500
    assert result.stopped_after is not None and result.stopped_after >= 5
    whole = simulate(PIG, players=2, games=20, budget=10_000, clock=ticking(1.0))
    assert len(whole.rows) == 20 and whole.stopped_after is None


def test_a_budget_of_nothing_still_plays_one_game():
    result = simulate(PIG, players=2, games=50, budget=0)
    assert len(result.rows) == 1 and result.stopped_after is not None


def test_served_apps_take_fewer_games(served):
    assert max_games() == SERVED_MAX_GAMES < MAX_GAMES
    view = SimulationView(PIG, games=200)
    assert view.games.max == SERVED_MAX_GAMES
    view.games.set_state({"value": 20_000})  # what the box allowed before: refused or clamped, never run
    assert view.games.value <= SERVED_MAX_GAMES
    big = SimulationView(PIG, games=10**6)
    assert big.games.value == SERVED_MAX_GAMES


def test_notebooks_keep_the_larger_cap(notebook):
    assert max_games() == MAX_GAMES
    assert SimulationView(PIG).games.max == MAX_GAMES


def test_the_view_says_how_many_games_the_time_allowed(no_callback_errors):
    view = SimulationView(PIG, games=300)
    view.budget = 0  # spent at once: one game, then stop
    view.run_button.click()
    assert len(view.result.rows) == 1
    assert view.messages.kind == "info" and view.messages.text.startswith("Stopped after")
    assert "1 of 300 games" in view.messages.text and view.bar.bar_style == "warning"
    assert "1 games" in view.summary.value and not view.run_button.disabled
    view.budget = 10_000
    view.games.value = 12
    view.run_button.click()
    assert len(view.result.rows) == 12 and view.bar.bar_style == "success" and view.messages.kind == ""


def _coin_check(**kw) -> MonteCarloCheck:
    return MonteCarloCheck(lambda n, progress: estimate(lambda rng: rng.randrange(2) == 0, n, progress=progress),
                           lambda: Fraction(1, 2), "heads", **kw)


def test_check_by_simulation_is_capped_when_served(served):
    mc = _coin_check(trials=10**6)
    assert mc.limit == SERVED_MAX_TRIALS < MAX_TRIALS and mc.trials.max == SERVED_MAX_TRIALS
    assert mc.trials.value == SERVED_MAX_TRIALS


def test_check_by_simulation_stops_at_its_time_budget(no_callback_errors):
    mc = _coin_check(trials=20_000)
    mc._clock = ticking(1.0)
    mc.budget = 3
    mc.button.click()
    assert mc.result.value == "" and mc.messages.text.startswith("Stopped after")
    assert "of 20000 trials" in mc.messages.text and "try fewer" in mc.messages.text
    mc.budget = 10**9
    mc.button.click()
    assert "agrees with" in mc.result.value and mc.messages.kind == ""


def test_messages_carry_no_python_error_text():
    try:
        int("x")
    except ValueError as exc:
        said = friendly(exc)
    assert "invalid literal" not in said and "base 10" not in said and "not accepted" in said
    try:
        try:
            int("1x")
        except ValueError as inner:
            raise HenchError(f"not a saved game ({inner})") from None
    except HenchError as exc:
        said = friendly(exc)
    assert said.startswith("not a saved game") and "invalid literal" not in said


def test_clicks_queued_behind_a_long_task_are_dropped_not_run_one_after_another(monkeypatch):
    """Issue 31: crafted Simulate clicks sent while a simulation runs wait in the kernel's queue; they are
    dropped when they reach the handler straight after it (a flood whole), and a later click runs."""
    from widgets import core

    clock = [100.0]
    monkeypatch.setenv("HENCH_SERVED", "1")
    monkeypatch.setattr(core._LongTasks, "ended", float("-inf"))
    monkeypatch.setattr(core, "time", type("Clock", (), {"monotonic": staticmethod(lambda: clock[0])}))
    ran = []

    class View:
        @core.long_task
        def run(self) -> None:
            ran.append(clock[0])
            clock[0] += 20.0  # a 20 s simulation

    view, dropped = View(), core._LongTasks.dropped
    view.run()
    for _ in range(50):  # the queued clicks, handled one after another right after it
        clock[0] += 0.01
        view.run()
    assert len(ran) == 1 and core._LongTasks.dropped == dropped + 50
    clock[0] += 2.0  # the page shows the result; the person clicks again
    view.run()
    assert len(ran) == 2
    monkeypatch.delenv("HENCH_SERVED")
    view.run()  # in a notebook of one's own, nothing is dropped
    assert len(ran) == 3
