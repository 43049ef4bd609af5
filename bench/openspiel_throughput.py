"""Random playouts through OpenSpiel's interface (hench.openspiel) beside hench's own loop, per game, with OpenSpiel's
pure-Python tic-tac-toe in the same run (issue 38).

For each game at its smallest and largest player count: actions/s of hench's own playout loop (the core's
`play_game` with random bots, as bench/playout_throughput.py measures it) and of the same random play through
pyspiel (`legal_actions` / `chance_outcomes` / `apply_action` on a `pyspiel.State`, the loop an OpenSpiel user
writes), and their ratio (target >= 0.6). Actions count the seats' moves and the dice, not the deal (OpenSpiel's
first chance node, which hench's loop does not have); its time is counted. CPU time of this process on one core.
    python bench/openspiel_throughput.py [--games 200] [--seconds 6] [--json] [--game G]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from _table import quiet, report
from playout_throughput import hench_loop, openspiel_loop, summary

import hench


def through_openspiel(game_id: str, players: int, games: int, budget: float) -> dict:
    import pyspiel

    import hench.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(f"hench_{game_id}", {"players": players})
    actions = done = 0
    start = time.process_time()
    while done < games and time.process_time() - start < budget:
        rng, state = random.Random(done), game.new_initial_state()
        state.apply_action(rng.choice(state.legal_actions()))  # the deal
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(ids, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        done += 1
    return summary(actions, done, time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per measurement (default 200)")
    parser.add_argument("--seconds", type=float, default=6.0, help="time budget per measurement (default 6)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    args = parser.parse_args()
    quiet()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    reference = openspiel_loop(args.games * 20, args.seconds)
    out: dict = {"benchmark": "random playouts through OpenSpiel vs hench's own loop (one core)",
                 "reference_openspiel_python_tic_tac_toe": reference, "games": {}}
    rows = [["openspiel python_tic_tac_toe", "2p", "-", f"{reference['actions_per_s']:,}", "-"]]
    for game_id in args.game or hench.GAMES:
        game = hench.get_game(game_id)
        for players in sorted({game.min_players, game.max_players}):
            own = hench_loop(game_id, players, args.games, args.seconds)
            spiel = through_openspiel(game_id, players, args.games, args.seconds)
            ratio = round(spiel["actions_per_s"] / own["actions_per_s"], 2)
            out["games"][f"{game_id}/{players}p"] = {"hench": own, "openspiel": spiel, "ratio": ratio}
            rows.append([game_id, f"{players}p", f"{own['actions_per_s']:,}", f"{spiel['actions_per_s']:,}", f"{ratio:.2f}"])
    report(args.json, out, f"Random playouts: hench's loop and through pyspiel (up to {args.games} games or {args.seconds:g} s each)",
           ["game", "players", "hench actions/s", "through OpenSpiel actions/s", "ratio (target >= 0.6)"], rows,
           ["tic-tac-toe is OpenSpiel's own pure-Python game, for scale; ratio = through OpenSpiel / hench's loop"])


if __name__ == "__main__":
    main()
