"""A larger, offline batch of tests/test_fuzz.py's save fuzzing (not collected by pytest): mutated saves and
type-keeping deep edits of saves along random games, each refused naming a field or loaded whole and played to
the end. Prints one line per game; any crash, hang past the play limit or unnamed refusal stops it with the save.
    python -m tests.fuzz_batch [--saves 5000] [--games maniacal,lancaster] [--seed 1] [--option modules=KC+KR+LK]
"""

from __future__ import annotations

import argparse
import json
import time

import hench
from hench.core import InvalidStateError, RandomBot, Rng, next_action

from . import conftest  # noqa: F401  (registers the template game, as under pytest)
from .test_conformance import game_ids
from .test_fuzz import deep_mutate, mutate, names_a_field, play_out


def positions(game_id: str, players: int, seed: int, options: dict[str, str]) -> list:
    """Every position of one random game (tests/test_conformance.py's walk, with the game's options)."""
    state = hench.get_game(game_id).new_game(players=players, seed=seed, **options)
    rng, bots, out = Rng.from_seed(seed), [RandomBot(seed)] * players, []
    while not state.is_terminal:
        out.append(state)
        state = state.apply(next_action(state, bots, rng))
    return out


def states_of(game_id: str, seed: int, options: dict[str, str] | None = None) -> list:
    game = hench.get_game(game_id)
    return [s for players in sorted({game.min_players, game.max_players}) for k in range(3)
            for s in positions(game_id, players, seed + k, options or {})]


def batch(game_id: str, saves: int, seed: int, options: dict[str, str] | None = None) -> dict[str, int]:
    rng, states = Rng.from_seed(seed), states_of(game_id, seed, options)
    counts = {"refused": 0, "loaded and played": 0}
    for i in range(saves):
        doc = json.loads(states[rng.randrange(len(states))].to_json())
        if i % 2:
            for _ in range(1 + (i % 3 == 0)):
                deep_mutate(doc["state"], rng)
        else:
            doc["state"] = mutate(doc["state"], rng)
        text = json.dumps(doc)
        try:
            state = hench.state_from_json(text)
        except InvalidStateError as exc:
            names_a_field(exc)
            counts["refused"] += 1
            continue
        try:
            assert state.to_json() == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":")), "loaded whole"
            play_out(state, i)
        except BaseException:
            print(f"{game_id} save {i} (seed {seed}):\n{text[:4000]}")
            raise
        counts["loaded and played"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--saves", type=int, default=5000, help="saves per game, half mutated, half deep-edited (default 5000)")
    parser.add_argument("--games", default=",".join(g for g in game_ids() if g != "tinypig"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="a game option for the games played, name=value "
                        "(Lancaster's modules=KC+KR+LK: the expansion's saves)")
    args = parser.parse_args()
    options = dict(text.split("=", 1) for text in args.option)
    for game_id in args.games.split(","):
        t = time.perf_counter()
        counts = batch(game_id, args.saves, args.seed, options)
        print(f"{game_id}: {args.saves} saves, {counts['refused']} refused naming a field, "
              f"{counts['loaded and played']} loaded whole and played to the end, no crash ({time.perf_counter() - t:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
