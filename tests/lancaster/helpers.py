"""Scenario helpers: a fresh game, then the "Given" part set directly on the state's fields."""

from __future__ import annotations

import pytest

from hench.core import IllegalActionError
from hench.lancaster import GAME
from hench.lancaster.state import LancasterState


def new(players: int = 3, modules: str = "KC+KR", parliament: bool = False, seed: int = 1) -> LancasterState:
    return GAME.new_game(players=players, seed=seed, modules=modules, parliament=parliament, first_player=0)


def at_turn(s: LancasterState, seat: int) -> LancasterState:
    s = s.clone()
    s.turn = seat
    return s


def refused(s: LancasterState, move, rule: str) -> IllegalActionError:
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(move)
    assert err.value.rule_id == rule, str(err.value)
    assert s.to_json() == before
    return err.value


def res(s: LancasterState, seat: int) -> dict:
    return s.res[seat]


def give_knights(s: LancasterState, seat: int, strengths: list[int]) -> None:
    s.knights[seat] = [[k, "court"] for k in strengths]
