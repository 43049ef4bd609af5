"""Random play of many Lancaster games at every player count and module set raises nothing (issue 27).

The slow test plays `GAMES` seeded random games for each of 2-5 players and each module set, checking that every
game ends with 5 rounds scored. Run the full 2,000 per combination as a script:

    PYTHONPATH=. python tests/lancaster/test_random_games.py 2000
"""

from __future__ import annotations

import sys
import time

import pytest

from hench.core import RandomBot, Rng, next_action
from hench.lancaster import GAME
from hench.lancaster.game import MODULE_CHOICES

GAMES = 40


def play(players: int, modules: str, seed: int) -> int:
    state = GAME.new_game(players=players, seed=seed, modules=modules)
    rng, bots = Rng.from_seed(seed), [RandomBot(seed * 11 + i) for i in range(players)]
    moves = 0
    while not state.is_terminal:
        state = state.apply(next_action(state, bots, rng))
        moves += 1
    assert state.round == state.data.rounds and len(state.final) == players and state.winners()
    return moves


@pytest.mark.slow
@pytest.mark.rule("LB-001", "LH-002")
@pytest.mark.parametrize("modules", MODULE_CHOICES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_without_error(players, modules):
    assert sum(play(players, modules, seed) for seed in range(GAMES)) > 40 * GAMES


def main(games: int) -> None:
    total = time.process_time()
    for players in (2, 3, 4, 5):
        for modules in MODULE_CHOICES:
            start, moves, errors = time.process_time(), 0, 0
            for seed in range(games):
                try:
                    moves += play(players, modules, seed)
                except Exception as exc:  # counted and shown: the script's point is that there are none
                    errors += 1
                    print(f"  seed {seed}: {type(exc).__name__}: {exc}", flush=True)
            print(f"{players} players, modules {modules:9}: {games} games, {moves} moves, {errors} errors, "
                  f"{time.process_time() - start:.0f} s", flush=True)
    print(f"total {time.process_time() - total:.0f} s of process time", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
