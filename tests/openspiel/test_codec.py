"""Issue 38: every game's action ids (hench.core.codec): stable, below the bound, and a round trip for every
legal move and chance outcome of random games at every player count. Standard library only (no pyspiel)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

import pytest

import hench
from hench.core.bots import RandomBot, step
from hench.core.chance import CHANCE
from hench.core.codec import ActionCodec
from hench.core.errors import InvalidActionError
from hench.core.rng import Rng

GAMES = ("henchmania", "huns", "hemloch", "maniacal", "lancaster")
COUNTS = [(g, n) for g in GAMES for n in range(hench.get_game(g).min_players, hench.get_game(g).max_players + 1)]


def _round_trips(state: hench.State) -> int:
    """Check every move open in `state`; return how many were checked."""
    game, codec = state.game, state.game.action_codec(state)
    if state.current_player == CHANCE:
        moves, bound = [a for a, _ in state.chance_outcomes()], codec.max_chance_outcomes
    else:
        moves, bound = state.legal_actions(), codec.num_distinct_actions
    ids = [game.action_id(state, a) for a in moves]
    assert len(set(ids)) == len(ids), "two moves share an id"
    for action, number in zip(moves, ids):
        assert 0 <= number < bound
        assert game.action_from_id(state, number) == action
    return len(moves)


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_every_legal_move_of_random_games_round_trips_below_the_bound(game_id, players):
    game = hench.get_game(game_id)
    checked = 0
    for seed in range(2):
        state, rng = game.new_game(players=players, seed=seed), Rng.from_seed(seed)
        bot = RandomBot(seed)
        while not state.is_terminal:
            checked += _round_trips(state)
            state = step(state, [bot] * players, rng)
    assert checked > 100


def test_ids_do_not_depend_on_the_process():
    """The ids of the opening moves, computed here and in a fresh interpreter with another hash seed, agree."""
    script = (f"import hench, json\nout = {{}}\nfor g in {GAMES!r}:\n    s = hench.get_game(g).new_game(players=2, seed=3)\n"
              "    out[g] = sorted(s.game.action_id(s, a) for a in s.legal_actions())\nprint(json.dumps(out))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    there = json.loads(subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True).stdout)
    for g in GAMES:
        s = hench.get_game(g).new_game(players=2, seed=3)
        assert there[g] == sorted(s.game.action_id(s, a) for a in s.legal_actions())


def test_the_ids_are_the_documented_blocks():
    """Lancaster's first classes, in the field-domain table's order: County's block starts at 0 and is the product
    of its field domains (4 strengths x 9 counties x 100 squire counts x 2 x 2 x 2)."""
    codec = hench.get_game("lancaster").action_codec(None)
    name, first, size, fields = codec.describe()[0]
    assert (name, first, size) == ("County", 0, 4 * 9 * 100 * 2 * 2 * 2)
    assert [f for f, _ in fields] == ["strength", "county", "squires", "shield", "tudor", "ally"]
    assert codec.describe()[1][1] == size  # Castle's block follows


def test_an_id_outside_the_game_is_refused():
    game = hench.get_game("huns")
    state = game.new_game(players=2, seed=0)
    bound = game.action_codec(state).num_distinct_actions
    for bad in (-1, bound, 1.5, True, "3"):
        with pytest.raises(InvalidActionError):
            game.action_from_id(state, bad)


@dataclass(frozen=True)
class _Move:
    where: str
    times: int = 1


def test_a_table_must_name_every_field_once():
    """A new field on an action class is one line in its game's table: a table that misses it is refused."""
    with pytest.raises(ValueError, match="times"):
        ActionCodec({_Move: {"where": ("a", "b")}})
    with pytest.raises(ValueError, match="repeats"):
        ActionCodec({_Move: {"where": ("a", "a"), "times": (1,)}})
    codec = ActionCodec({_Move: {"where": ("a", "b"), "times": (1, 2, 3)}})
    assert [codec.encode(_Move(w, t)) for w in "ab" for t in (1, 2, 3)] == list(range(6))
    assert codec.decode(4) == _Move("b", 2)
    with pytest.raises(InvalidActionError, match="outside its domain"):
        codec.encode(_Move("c"))
