"""Random-playout throughput per game on one core, beside OpenSpiel's pure-Python tic-tac-toe.

Prints one JSON object. Figures, not pass/fail: compare the ratios measured in the same run.
    python bench/playout_throughput.py [--games 2000] [--seconds 20]
"""

from __future__ import annotations

import argparse
import json
import os
import time

import hench
from hench.core import RandomBot, Rng, next_action


def hench_loop(game_id: str, players: int, games: int, budget: float) -> dict:
    game = hench.get_game(game_id)
    actions = done = 0
    start = time.perf_counter()
    while done < games and time.perf_counter() - start < budget:
        state, rng, bots = game.new_game(players=players, seed=done), Rng.from_seed(done), [RandomBot(done)] * players
        while not state.is_terminal:
            state = state.apply(next_action(state, bots, rng))
            actions += 1
        done += 1
    return summary(actions, done, time.perf_counter() - start)


def openspiel_loop(games: int, budget: float) -> dict:
    import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    import pyspiel

    game = pyspiel.load_game("python_tic_tac_toe")
    actions = done = 0
    start = time.perf_counter()
    while done < games and time.perf_counter() - start < budget:
        state, rng = game.new_initial_state(), Rng.from_seed(done)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        done += 1
    return summary(actions, done, time.perf_counter() - start)


def summary(actions: int, games: int, seconds: float) -> dict:
    return {"games": games, "actions": actions, "seconds": round(seconds, 3),
            "actions_per_s": round(actions / seconds), "games_per_s": round(games / seconds, 1),
            "projected_s_for_10000_games": round(10_000 * seconds / max(games, 1), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per measurement (default 2000)")
    parser.add_argument("--seconds", type=float, default=20.0, help="time budget per measurement")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    reference = openspiel_loop(args.games * 5, args.seconds)
    out = {"benchmark": "random playout throughput (one core)", "reference_openspiel_python_tic_tac_toe": reference, "games": {}}
    for game_id in hench.GAMES:
        game = hench.get_game(game_id)
        for players in sorted({game.min_players, game.max_players}):
            figures = hench_loop(game_id, players, args.games, args.seconds)
            figures["actions_per_s_vs_openspiel"] = round(figures["actions_per_s"] / reference["actions_per_s"], 2)
            out["games"][f"{game_id}/{players}p"] = figures
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
