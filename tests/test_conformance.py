"""The conformance suite: every registered game (and the tiny fixture) obeys the uniform API."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

import hench
from hench.core import CHANCE, IllegalActionError, InvalidStateError, RandomBot, Rng, next_action, play_game

SEEDS = (1, 2, 3)


def game_ids() -> list[str]:
    return list(dict.fromkeys([*hench.GAMES, "tinypig"]))


def player_counts(game) -> list[int]:
    return sorted({game.min_players, game.max_players})


CASES = [(g, n, s) for g in game_ids() for n in player_counts(hench.get_game(g)) for s in SEEDS]


def walk(game_id: str, players: int, seed: int, max_steps: int = 20_000):
    """Yield (state, action, next_state) along one random playout to the end."""
    state = hench.get_game(game_id).new_game(players=players, seed=seed)
    rng, bots = Rng.from_seed(seed), [RandomBot(seed)] * players
    for _ in range(max_steps):
        if state.is_terminal:
            return
        action = next_action(state, bots, rng)
        nxt = state.apply(action)
        yield state, action, nxt
        state = nxt
    raise AssertionError(f"{game_id}: no end after {max_steps} actions")


def sample(items, k, rng):
    return items if len(items) <= k else [items[rng.randrange(len(items))] for _ in range(k)]


@pytest.mark.parametrize("game_id,players,seed", CASES)
def test_playout_invariants(game_id, players, seed):
    rng = Rng.from_seed(seed + 99)
    game = hench.get_game(game_id)
    rule_ids = {r.id for r in game.rules}
    steps = list(walk(game_id, players, seed))
    assert steps, "a game must take at least one action"
    final = steps[-1][2]
    assert final.is_terminal and final.current_player is None and final.legal_actions() == []
    assert final.winners() and set(final.winners()) <= set(range(players))
    for i, (state, action, nxt) in enumerate(sample(steps, 60, rng)):
        before = state.to_json()
        legal = state.legal_actions()
        assert legal, f"no legal action in a live state {state!r}"
        assert legal == state.legal_actions(), "legal actions must be deterministic"
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        assert state.to_json() == before, "legal_actions must not change the state"
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == 1
            assert [a for a, _ in outcomes] == legal
        else:
            assert state.chance_outcomes() == []
            assert state.current_player in range(players)
        assert hench.state_from_json(before).to_json() == before, "JSON round trip must be exact"
        assert nxt.to_json() == hench.state_from_json(before).apply(action).to_json(), "state + action determine the successor"
        assert state.to_json() == before, "apply must not mutate its receiver"
        text = game.format_action(action)
        assert game.parse_action(state, text) == action, f"{text!r} must parse back"
        for other in sample(illegal_candidates(steps, legal), 3, rng):
            with pytest.raises(IllegalActionError) as err:
                state.apply(other)
            assert err.value.rule_id in rule_ids, f"{err.value.rule_id} is not a rule of {game_id}"
            assert str(err.value) and state.to_json() == before


def illegal_candidates(steps, legal):
    seen = {a for _, a, _ in steps}
    return sorted((a for a in seen if a not in set(legal)), key=repr)


@pytest.mark.parametrize("game_id", game_ids())
def test_same_seed_same_game(game_id):
    game = hench.get_game(game_id)
    a = [nxt.to_json() for *_, nxt in walk(game_id, game.min_players, 7)]
    b = [nxt.to_json() for *_, nxt in walk(game_id, game.min_players, 7)]
    assert a == b


@pytest.mark.parametrize("game_id", game_ids())
def test_tampered_json_is_rejected(game_id):
    state = hench.get_game(game_id).new_game(players=hench.get_game(game_id).min_players, seed=3)
    doc = json.loads(state.to_json())
    for bad in ("", "{", "[]", json.dumps({**doc, "game": "chess"}), json.dumps({**doc, "version": 99}),
                json.dumps({**doc, "extra": 1}), json.dumps({**doc, "state": {}}),
                json.dumps({**doc, "state": {**doc["state"], "surprise": True}})):
        with pytest.raises(InvalidStateError):
            hench.state_from_json(bad)
    for key in doc["state"]:
        tampered = json.dumps({**doc, "state": {**doc["state"], key: "nonsense"}})
        with pytest.raises(InvalidStateError):
            hench.state_from_json(tampered)


@pytest.mark.parametrize("game_id", game_ids())
def test_bad_setup_is_explained(game_id):
    game = hench.get_game(game_id)
    for players in (game.min_players - 1, game.max_players + 1, "two"):
        with pytest.raises(hench.InvalidOptionError, match="players"):
            game.new_game(players=players)
    with pytest.raises(hench.InvalidOptionError, match="no option"):
        game.new_game(players=game.min_players, colour_of_the_box="red")


@pytest.mark.parametrize("game_id", game_ids())
def test_game_describes_itself(game_id):
    game = hench.get_game(game_id)
    state = game.new_game(players=game.min_players, seed=0)
    assert game.title and game.min_players <= game.max_players
    assert {game.turn_rule, game.end_rule} <= {r.id for r in game.rules}
    assert repr(state).startswith(f"<{game_id} ") and "\n" not in state.notation()
    assert state._repr_html_().strip().startswith("<")
    assert isinstance(state.phase, str) and state.phase


@pytest.mark.parametrize("game_id", game_ids())
def test_bots_finish_games(game_id):
    game = hench.get_game(game_id)
    for players in player_counts(game):
        final, n = play_game(game.new_game(players=players, seed=5), [RandomBot(i) for i in range(players)], Rng.from_seed(5))
        assert final.is_terminal and n > 0 and len(final.scores()) == players
