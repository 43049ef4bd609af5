"""Every count in a save is bounded by what the game can hold (issue 31: a Lancaster save of 1,000,000 squires
was accepted and took 83 s and 2.4 GB to load; tests/lancaster/test_saves.py checks Lancaster's pieces). For each
other game: a save with a count one over its bound is refused naming the field, and a save holding the most
allowed loads and plays on with few legal moves (under 1000 at every step)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import hench
from hench.core import InvalidStateError, RandomBot, Rng, next_action

from .test_conformance import walk

Doc = dict[str, Any]


def first(game_id: str, players: int, pred: Callable[[Any], bool]) -> Doc:
    """The save of the first state of random play that `pred` accepts."""
    for seed in range(1, 40):
        for state, _, _ in walk(game_id, players, seed):
            if pred(state):
                return json.loads(state.to_json())
    raise AssertionError(f"no such {game_id} state in 40 games")


def refused(doc: Doc, field: str) -> None:
    with pytest.raises(InvalidStateError) as err:
        hench.state_from_json(json.dumps(doc))
    assert field in str(err.value), f"the refusal names {field}: {err.value}"


def plays_on(doc: Doc, steps: int = 300) -> None:
    """The save loads whole, and random play goes on from it with under 1000 legal moves at every step; every
    position it reaches loads again (a bound a game can pass from a save it accepted is a bug)."""
    state = hench.state_from_json(json.dumps(doc))
    rng, bots = Rng.from_seed(5), [RandomBot(5)] * state.num_players
    for _ in range(steps):
        assert hench.state_from_json(state.to_json()) == state
        if state.is_terminal:
            return
        assert len(state.legal_actions()) < 1000
        state = state.apply(next_action(state, bots, rng))


def edited(doc: Doc, edit: Callable[[Doc], None]) -> Doc:
    out = json.loads(json.dumps(doc))
    edit(out["state"])
    return out


def test_maniacal_counts_are_bounded():
    from hench.maniacal.data import default_data
    from hench.maniacal.state import MAX_PLACED
    from hench.maniacal.validate import most_dice

    doc = first("maniacal", 3, lambda s: s.step == "before_roll" and s.attempt["pool"])
    most = most_dice(default_data())
    assert 28 <= most < 100, "the most dice: above random play's 28, far below 10**6"
    trait = doc["state"]["attempt"]["pool"][0]
    refused(edited(doc, lambda s: s["attempt"].update(pool=[trait] * (most + 1))), "state.attempt.pool")
    plays_on(edited(doc, lambda s: s["attempt"].update(pool=[trait] * most)))
    refused(edited(doc, lambda s: s.update(counter=MAX_PLACED + 1)), "state.counter")
    refused(edited(doc, lambda s: s["lairs"][0].update(placed=MAX_PLACED + 1)), "state.lairs[0].placed")

    def late_clock(s: Doc) -> None:  # a clock far along: play goes on, and every position reloads
        s["counter"] += 10**6
        for lair in s["lairs"]:
            lair["placed"] += 10**6
    plays_on(edited(doc, late_clock))


def test_henchmania_counts_are_bounded():
    from hench.henchmania.state import MAX_DAYS

    doc = json.loads(hench.get_game("henchmania").new_game(players=3, seed=1).to_json())
    refused(edited(doc, lambda s: s.update(day=MAX_DAYS + 1, last_day=MAX_DAYS + 1)), "state.day")
    plays_on(edited(doc, lambda s: s.update(day=MAX_DAYS // 2, last_day=MAX_DAYS // 2 + 1)), steps=2000)
    queued = first("henchmania", 5, lambda s: s.phase == "discard_hands" and s.queue)
    longest = 5 + len(queued["state"]["piles"]) + 8  # seats, sites and the Reserve limit of the built-in data
    refused(edited(queued, lambda s: s.update(queue=[s["queue"][0]] * (longest + 1))), "state.queue")


def test_huns_counts_are_bounded():
    from hench.huns.state import MAX_ROUNDS

    doc = json.loads(hench.get_game("huns").new_game(players=3, seed=1).to_json())
    refused(edited(doc, lambda s: s.update(round=MAX_ROUNDS + 1)), "state.round")
    plays_on(edited(doc, lambda s: s.update(round=MAX_ROUNDS // 2)), steps=2000)
    cards = len(hench.get_game("huns").new_game(players=3, seed=1).data.cards)
    refused(edited(doc, lambda s: s["turn_state"].update(wild_used=cards + 1)), "wild_used")


def test_hemloch_counts_are_bounded():
    """Hemloch's counts were bounded already (Items by the data's Item count, tasks at 40, weeks at 9)."""
    game = hench.get_game("hemloch")
    doc = json.loads(game.new_game(players=2, seed=1).to_json())
    top = doc["state"]["supply"][0]  # the start: every Item in the supply, the most there is
    refused(edited(doc, lambda s: s["supply"].__setitem__(0, top + 1)), "state.supply")
    refused(edited(doc, lambda s: s["items"][0][0].__setitem__(0, 13)), "state.items[0][0]")
    refused(edited(doc, lambda s: s.update(tasks=[["discard", 0]] * 41)), "state.tasks")
    plays_on(doc)


def test_henchmania_a_player_never_holds_their_own_pawn():
    """The offline fuzz batch (issue 31): a save where a player held their own taken pawn loaded, and the next
    day that player placed a pawn they did not have (to place: -1), so the position reached did not reload."""
    doc = json.loads(hench.get_game("henchmania").new_game(players=3, seed=1).to_json())
    refused(edited(doc, lambda s: s.update(held=[[0], [], []])), "state.held[0]")
    plays_on(edited(doc, lambda s: s.update(held=[[1], [], []], to_place=[8, 7, 8])), steps=400)
