"""Bad Maniacal saves (issue 14): each edit that breaks an invariant the engine relies on is refused with
InvalidStateError naming the field (hench/maniacal/validate.py), and the engine's own saves along a game
all load."""

from __future__ import annotations

import json

import pytest

import hench
from hench.core import InvalidStateError

from ..test_conformance import walk


def first(pred, players: int = 3):
    for seed in range(1, 40):
        for state, _, _ in walk("maniacal", players, seed):
            if pred(state):
                return json.loads(state.to_json())
    raise AssertionError("no such state in 40 games")


def refusal(doc: dict) -> str:
    with pytest.raises(InvalidStateError) as err:
        hench.state_from_json(json.dumps(doc))
    return str(err.value)


@pytest.mark.rule("MA-087")
def test_the_next_rounds_order_is_empty_in_the_draft_and_whole_in_cleanup():
    doc = first(lambda s: s.step == "draft")
    doc["state"]["next_order"] = [1]
    assert refusal(doc).startswith("state.next_order is empty until a Time token leaves the Time track")
    doc = first(lambda s: s.step in ("salaries", "firing"))
    doc["state"]["next_order"].pop()
    assert refusal(doc).startswith("state.next_order should list every seat 0..2 once in Clean-up")
    doc = first(lambda s: s.step == "contract_action" and s.next_order)
    doc["state"]["next_order"][0] = 7
    assert refusal(doc).startswith("state.next_order[0] is 7; expected 0..2")


@pytest.mark.rule("MA-107")
def test_a_contract_the_team_cannot_be_completed_for_is_refused():
    doc = first(lambda s: s.step == "assign")
    st = doc["state"]
    seat = st["attempt"]["seat"]
    crew = st["lairs"][seat]["crew"]
    big = max(range(6), key=lambda k: hench.get_game("maniacal").load_state(st).data.cards[st["map"][k]].team)
    for m in crew:
        m["ready"] = False  # nobody free to join
    st["attempt"]["team"], st["attempt"]["slot"] = [], big
    assert refusal(doc).startswith("state.attempt.slot names a contract for")


def test_a_card_in_two_places_names_both():
    doc = first(lambda s: s.step == "contract_action")
    st = doc["state"]
    deck = {"E": "easy", "H": "hard", "L": "legendary"}[st["map"][0][0]]
    st["decks"][deck].append(st["map"][0])
    message = refusal(doc)
    assert "is in two places" in message and message.startswith("state."), message


def test_every_save_along_a_game_loads_whole():
    for state, _, _ in walk("maniacal", 4, 12):
        text = state.to_json()
        assert hench.state_from_json(text).to_json() == text
