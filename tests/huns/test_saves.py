"""Bad saves (issue 14): every refusal names the field by its path in the save (`state.camps[1].stash[2]`)
and says what is allowed there. One representative mutation of each kind: wrong type, out of range,
unknown id, inconsistent counts, and fields that contradict the phase."""

from __future__ import annotations

import json

import pytest

import hench
from hench.core import InvalidStateError

from .helpers import play, start


def _doc(state) -> dict:
    return json.loads(state.to_json())


def _refusal(doc: dict) -> str:
    with pytest.raises(InvalidStateError) as err:
        hench.state_from_json(json.dumps(doc))
    return str(err.value)


def _set(doc: dict, path: tuple, value) -> dict:
    node = doc["state"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return doc


@pytest.fixture(scope="module")
def turn():
    """Player 1's first turn of a 3-player game, dice rolled, die not taken yet."""
    return start(3, seed=3, dice=(1, 2, 3, 1, 2))


WRONG_TYPE = [
    (("turn_state", "holding", 1), "x", "state.turn_state.holding[1]", "whole number"),
    (("camps", 1, "stash"), 7, "state.camps[1].stash", "should be a list"),
    (("options", "raid_same_turn"), "yes", "state.options.raid_same_turn", "true or false"),
    (("camps", 2, "wagons", 0), [0], "state.camps[2].wagons[0]", "should be an object"),
]
OUT_OF_RANGE = [
    (("reserve", 2), 99, "state.reserve[2]", "expected 0..24"),
    (("taken", 0), 9, "state.taken[0]", "expected 0..2"),
    (("turn",), 7, "state.turn", "expected 0..4"),
    (("phase",), "lunch", "state.phase", "expected one of"),
    (("dice", 0), 5, "state.dice", "faces [1, 2, 3]"),
]
UNKNOWN_ID = [
    (("decks", "blue", 0), "ZZ-01", "state.decks.blue[0]", "card ids of the save's data"),
    (("camps", 0, "wagons", 0, "id"), "W99", "state.camps[0].wagons[0].id", "wagon ids of the save's data"),
    (("camps", 1, "cards"), ["NOPE"], "state.camps[1].cards[0]", "card ids"),
    (("camps", 1, "cubes"), {"NOPE": "B"}, "state.camps[1].cubes", "card ids"),
]


@pytest.mark.rule("HU-019")
@pytest.mark.parametrize("path,value,where,allowed", WRONG_TYPE + OUT_OF_RANGE + UNKNOWN_ID)
def test_a_bad_field_is_refused_naming_its_path_and_what_is_allowed(turn, path, value, where, allowed):
    message = _refusal(_set(_doc(turn), path, value))
    assert message.startswith(where) and allowed in message, message


@pytest.mark.rule("HU-019", "HU-020")
def test_cubes_that_do_not_add_up_name_the_pile(turn):
    doc = _doc(turn)
    doc["state"]["camps"][0]["stash"][2] += 1  # a green cube out of nowhere
    message = _refusal(doc)
    assert message.startswith("state.reserve[2] (green)") and "state.camps[i].stash" in message and "add up to 22" in message


@pytest.mark.rule("HU-011")
def test_a_card_twice_or_missing_or_in_the_wrong_deck_names_where(turn):
    doc = _doc(turn)
    blue = doc["state"]["decks"]["blue"]
    blue[1] = blue[0]
    assert _refusal(doc).startswith(f"state.decks.blue[1] is card {blue[0]}, which is already at state.decks.blue[0]")
    doc = _doc(turn)
    gone = doc["state"]["decks"]["blue"].pop()
    message = _refusal(doc)
    assert message.startswith(f"card {gone} is nowhere in the save") and "state.decks" in message
    doc = _doc(turn)
    decks = doc["state"]["decks"]
    decks["blue"][0], decks["red"][0] = decks["red"][0], decks["blue"][0]
    assert _refusal(doc).startswith(f"state.decks.blue[0] is {decks['blue'][0]}, a red card; the blue deck holds only blue cards")


@pytest.mark.rule("HU-021")
def test_a_wagon_in_two_places_names_both(turn):
    doc = _doc(turn)
    doc["state"]["display"][0] = doc["state"]["wagon_deck"][0]
    message = _refusal(doc)
    assert message.startswith("state.display[0] is Wagon") and "already at state.wagon_deck[0]" in message


@pytest.mark.rule("HU-041", "HU-033", "HU-094", "HU-072")
def test_turn_fields_that_contradict_the_phase_name_the_field(turn):
    assert _refusal(_set(_doc(turn), ("turn_state", "action_done"), True)).startswith("state.turn_state.action_done does not fit")
    taken = play(turn, "take red")
    assert _refusal(_set(_doc(taken), ("taken", 1), 2)).startswith("state.taken does not fit state.phase 'turn_choose_action'")
    doc = _set(_doc(turn), ("camps", 0, "fled"), ["CU-01"])
    assert _refusal(doc).startswith("state.camps[0].fled[0] is CU-01, which is not in state.camps[0].cards")
    doc = _doc(turn)
    doc["state"]["reserve"][1] -= 1
    doc["state"]["turn_state"]["paused"] = [0, 1, 0, 0, 0]  # cubes set aside with no Raid interrupting a Pillage
    assert _refusal(doc).startswith("state.turn_state.paused does not fit")


def test_paused_is_saved_only_while_a_raid_interrupts_a_pillage(turn):
    assert "paused" not in _doc(turn)["state"]["turn_state"]  # saves from before mid-Pillage Raids read back whole
    doc = _doc(turn)
    doc["state"]["turn_state"]["paused"] = [0, 0, 0, 0, 0]
    assert _refusal(doc).startswith("state.turn_state.paused is written only while a Raid interrupts a Pillage")
