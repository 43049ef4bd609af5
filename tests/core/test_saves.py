"""Issue 14, in hench/core for every game: a save the game's own reader cannot name the fault of is still
refused with InvalidStateError naming the field (hench.core.saves), never with a raw error, and never
half-loaded.

The game here is deliberately sloppy: its reader indexes the save directly (no schema.Reader), clamps
negative scores and ignores fields it does not know, so every refusal below comes from Game.load_state.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from hench.core import Game, InvalidStateError, State
from hench.core.saves import first_difference, key_path, locate_failure


class Sloppy(State):
    phase = "play"

    def __init__(self, players: list[dict[str, Any]], turn: int, rng: int = 0):
        self.players, self.turn, self.rng = players, turn, rng

    @property
    def current_player(self) -> int | None:  # type: ignore[override]
        return None if self.turn < 0 else self.turn

    def clone(self) -> Sloppy:
        return Sloppy(copy.deepcopy(self.players), self.turn, self.rng)

    def to_dict(self) -> dict[str, Any]:
        return {"players": [dict(p) for p in self.players], "turn": self.turn, "rng": self.rng}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Sloppy:
        players = [{"name": p["name"], "score": max(0, p["score"] + 0)} for p in data["players"]]
        return cls(players, data["turn"] + 0, data.get("rng", 0))

    def scores(self) -> list[int]:
        return [p["score"] for p in self.players]


def _legal(state: Sloppy) -> list[str]:
    return [] if state.players[state.turn]["score"] >= 50 else ["score"]


def _validate(state: Sloppy) -> None:
    if state.turn == 7:
        {}["seven"]  # a validator with a raw bug of its own


SLOPPY = Game(id="sloppy", title="Sloppy", min_players=2, max_players=2, state_class=Sloppy,
              start=lambda players, seed: Sloppy([{"name": f"P{i + 1}", "score": 0} for i in range(players)], 0),
              legal=_legal, validate_state=_validate)


def save(**changes: Any) -> dict[str, Any]:
    doc = {"players": [{"name": "P1", "score": 3}, {"name": "P2", "score": 4}], "turn": 1, "rng": 5}
    doc.update(changes)
    return doc


def refusal(doc: Any) -> str:
    with pytest.raises(InvalidStateError) as err:
        SLOPPY.load_state(doc)
    return str(err.value)


def test_a_good_save_loads_whole():
    state = SLOPPY.load_state(save())
    assert state.to_dict() == save() and state.legal_actions() == ["score"]


def test_a_missing_field_is_named_by_its_path():
    doc = save()
    del doc["players"][1]["score"]
    assert refusal(doc).startswith("state.players[1].score is missing")
    doc = save()
    del doc["turn"]
    assert refusal(doc).startswith("state.turn is missing")


def test_a_wrong_type_is_named_by_its_path_and_value():
    message = refusal(save(players=[{"name": "P1", "score": 3}, 5]))
    assert message.startswith("state.players[1] (5, a whole number) is not what this game reads there"), message
    assert "TypeError" in message
    message = refusal(save(turn="1"))
    assert message.startswith('state.turn ("1", a string)'), message


def test_a_value_the_reader_changes_is_named_with_both_values():
    doc = save()
    doc["players"][1]["score"] = -3
    assert refusal(doc).startswith("state.players[1].score: saved -3, reads back as 0")


def test_true_is_not_one_and_one_point_oh_is_not_one():
    doc = save()
    doc["players"][0]["score"] = True  # Python's True == 1 would pass a plain comparison
    assert refusal(doc).startswith("state.players[0].score: saved true (a true/false), reads back as 1 (a whole number)")
    message = refusal(save(turn=1.0))  # found by comparing with a fresh game: the reader kept 1.0, then it broke a lookup
    assert message.startswith("state.turn should be a whole number, got 1.0") and "TypeError" in message, message


def test_unknown_and_dropped_fields_are_named():
    assert refusal(save(colour="red")).startswith('state.colour is not a field of this game\'s saves (saved "red")')
    doc = save()
    doc["players"][0]["hat"] = 1
    assert refusal(doc).startswith("state.players[0].hat is not a field")
    doc = save()
    del doc["rng"]  # the reader defaults it; the save must still carry it
    assert refusal(doc).startswith("state.rng is missing (the game reads it back as 0)")


def test_a_state_with_no_legal_move_names_the_phase_and_the_seat():
    doc = save()
    doc["players"][1]["score"] = 60
    assert refusal(doc).startswith("state.phase is 'play' with Player 2 to move, but there is no legal move")


def test_a_raw_error_in_the_invariants_check_is_still_a_refusal():
    message = refusal(save(turn=7))
    assert "KeyError while checking its invariants" in message and message.startswith("the saved sloppy state")


def test_nothing_is_half_loaded_and_the_input_is_untouched():
    doc = save(players=[{"name": "P1", "score": 3}, {"name": "P2"}])
    before = copy.deepcopy(doc)
    refusal(doc)
    assert doc == before and type(doc["players"]) is list and type(doc["players"][0]) is dict


def test_first_difference_walks_lists_and_objects():
    assert first_difference([1, 2], (1, 2)) is None, "a to_dict may hold tuples"
    assert first_difference({"a": [1, 2, 3]}, {"a": [1, 2]}) == "state.a: saved 3 items, reads back as 2: saved [1, 2, 3]"
    assert first_difference({"a": {"b c": 1}}, {"a": {"b c": 2}}) == 'state.a["b c"]: saved 1, reads back as 2'
    assert first_difference(float("nan"), float("nan")) is not None, "NaN never reads back to itself"
    assert key_path("state", 3) == "state[3]" and key_path("state", "x") == "state.x"


def test_locate_failure_falls_back_to_a_fresh_save():
    def copying_reader(data: Any) -> Any:
        plain = {"players": [dict(p) for p in data["players"]]}
        return plain["turn"]  # fails on a plain copy, where no access is traced

    fresh = {"players": [], "turn": 0}
    assert locate_failure(copying_reader, {"players": []}, KeyError("turn"), lambda: fresh) == "state.turn is missing"
    assert locate_failure(copying_reader, {"players": [], "turn": 0}, KeyError("turn"), lambda: fresh) is None, \
        "no guess when the save has every field of the fresh one"
