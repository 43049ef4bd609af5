"""Bad Hemloch saves (issue 14): each edit that breaks an invariant the engine relies on is refused with
InvalidStateError naming the field (hench/hemloch/validate.py, HemlochState.from_dict), and the engine's
own saves along a game all load."""

from __future__ import annotations

import json

import pytest

import hench
from hench.core import InvalidStateError

from ..test_conformance import walk


def first(pred):
    for seed in range(1, 40):
        for state, _, _ in walk("hemloch", 2, seed):
            if pred(state):
                return json.loads(state.to_json())
    raise AssertionError("no such state in 40 games")


def refusal(doc: dict) -> str:
    with pytest.raises(InvalidStateError) as err:
        hench.state_from_json(json.dumps(doc))
    return str(err.value)


@pytest.mark.rule("HL-056", "HL-058")
def test_more_actions_than_a_turn_has_are_refused():
    doc = first(lambda s: s.stage == "turn" and not s.tasks and s.played and not s.item_used)
    st = doc["state"]
    st["actions"] = hench.get_game("hemloch").load_state(st).data.actions  # as if nothing were played yet
    assert refusal(doc).startswith(f"state.actions is {st['actions']} after {len(st['played'])} Minions played")


@pytest.mark.rule("HL-006")
def test_more_markers_than_a_player_has_are_refused():
    doc = first(lambda s: s.stage == "turn")
    for row in doc["state"]["spaces"]:
        row[:] = [0] * len(row)
    assert refusal(doc).startswith("state.spaces: Player 1 has more than")


def test_a_week_card_in_two_places_is_refused():
    doc = first(lambda s: s.stage == "turn" and s.revealed)
    st = doc["state"]
    st["boxed"].append(st["revealed"][0])
    assert refusal(doc).startswith("state.week_deck/revealed/day_supply/boxed")


def test_a_field_of_the_wrong_kind_is_named():
    doc = first(lambda s: True)
    doc["state"]["hands"][1] = [0, "x"]
    assert refusal(doc).startswith("state.hands[1][1] should be a whole number")


def test_every_save_along_a_game_loads_whole():
    for state, _, _ in walk("hemloch", 2, 13):
        text = state.to_json()
        assert hench.state_from_json(text).to_json() == text
