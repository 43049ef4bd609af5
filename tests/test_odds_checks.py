"""Every game's simulated checks (`<game>.montecarlo.CHECKS`): one shape for all, and each simulation
estimates the very Fraction its exact function returns, from the same question."""

from __future__ import annotations

import importlib
import inspect
from fractions import Fraction

import pytest

from hench.core.montecarlo import Check, Estimate

GAMES = ("henchmania", "huns", "hemloch", "maniacal", "lancaster")
CHECKS = [(game, name, check) for game in GAMES
          for name, check in importlib.import_module(f"hench.{game}.montecarlo").CHECKS.items()]


def test_every_game_has_checks():
    assert {game for game, _, _ in CHECKS} == set(GAMES)
    assert all(isinstance(check, Check) and check.what for _, _, check in CHECKS)
    assert all("{" not in check.says(**check.example) for _, _, check in CHECKS), "every name in `what` is an argument"


@pytest.mark.parametrize(("game", "name", "check"), CHECKS, ids=[f"{g}-{n}" for g, n, _ in CHECKS])
def test_simulation_takes_the_exact_question_and_agrees(game, name, check):
    exact_args = set(inspect.signature(check.exact).parameters)
    simulated_args = set(inspect.signature(check.simulate).parameters)
    assert set(check.example) <= exact_args & simulated_args
    assert {"trials", "seed", "progress"} <= simulated_args
    exact = check.answer(**check.example)
    assert isinstance(exact, Fraction) and 0 < exact < 1, "an example whose answer a simulation can miss"
    seen: list[int] = []
    est = check.estimate(4000, seen.append, seed=3, **check.example)
    assert isinstance(est, Estimate) and est.trials == 4000 and seen[-1] == 4000
    assert est.agrees_with(exact), f"{game} {name}: {est} against {exact}"


def test_a_check_tells_a_wrong_answer_apart():
    """The agreement test can fail: the same simulation against another exact answer is far from it."""
    check = importlib.import_module("hench.henchmania.montecarlo").CHECKS["duel"]
    est = check.estimate(4000, **check.example)
    assert not est.agrees_with(check.answer(**check.example) + Fraction(1, 10))
