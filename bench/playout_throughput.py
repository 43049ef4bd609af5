"""Random-playout throughput per game on one core, beside OpenSpiel's pure-Python tic-tac-toe.

Every registered game at its smallest and largest player count: actions/s, games/s, the time 10,000
random games would take on one core, and actions/s as a multiple of OpenSpiel's pure-Python tic-tac-toe
measured in the same run. Times are this process's CPU time (on a busy machine, wall time would count
the waits for the core too); figures, not pass/fail.
Target (issue 7): Henchmania at 5 players plays 10,000 random games in under 60 s.
    python bench/playout_throughput.py [--games 2000] [--seconds 8] [--json] [--game G] [--players N]
"""

from __future__ import annotations

import argparse
import json
import os
import time

from _table import quiet, report

import hench
from hench.core import RandomBot, Rng, play_game


def hench_loop(game_id: str, players: int, games: int, budget: float) -> dict:
    game = hench.get_game(game_id)
    actions = done = 0
    start = time.process_time()
    while done < games and time.process_time() - start < budget:
        state, rng, bots = game.new_game(players=players, seed=done), Rng.from_seed(done), [RandomBot(done)] * players
        actions += play_game(state, bots, rng)[1]  # the core's playout loop: the bots' moves and the dice
        done += 1
    return summary(actions, done, time.process_time() - start)


def openspiel_loop(games: int, budget: float) -> dict:
    import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
    import pyspiel

    game = pyspiel.load_game("python_tic_tac_toe")
    actions = done = 0
    start = time.process_time()
    while done < games and time.process_time() - start < budget:
        state, rng = game.new_initial_state(), Rng.from_seed(done)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        done += 1
    return summary(actions, done, time.process_time() - start)


def summary(actions: int, games: int, seconds: float) -> dict:
    return {"games": games, "actions": actions, "seconds": round(seconds, 3),
            "actions_per_s": round(actions / seconds), "games_per_s": round(games / seconds, 1),
            "projected_s_for_10000_games": round(10_000 * seconds / max(games, 1), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per measurement (default 2000)")
    parser.add_argument("--seconds", type=float, default=8.0, help="time budget per measurement (default 8)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    parser.add_argument("--players", type=int, action="append",
                        help="only this player count (repeatable; default: each game's smallest and largest)")
    args = parser.parse_args()
    quiet()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    reference = openspiel_loop(args.games * 5, args.seconds)
    out = {"benchmark": "random playout throughput (one core)", "reference_openspiel_python_tic_tac_toe": reference, "games": {}}
    for game_id in args.game or hench.GAMES:
        game = hench.get_game(game_id)
        counts = {game.min_players, game.max_players} if not args.players else \
            {p for p in args.players if game.min_players <= p <= game.max_players}
        for players in sorted(counts):
            figures = hench_loop(game_id, players, args.games, args.seconds)
            figures["actions_per_s_vs_openspiel"] = round(figures["actions_per_s"] / reference["actions_per_s"], 2)
            out["games"][f"{game_id}/{players}p"] = figures
    ref = reference
    rows = [["openspiel python_tic_tac_toe", "2p", ref["games"], f"{ref['actions_per_s']:,}", ref["games_per_s"],
             ref["projected_s_for_10000_games"], "1.00", "1.00", "-"]]
    before = baseline()
    for key, f in out["games"].items():
        then = before.get(key)
        f["before_issue_26_vs_openspiel"] = then
        f["now_vs_before"] = round(f["actions_per_s_vs_openspiel"] / then, 2) if then else None
    rows += [[key.split("/")[0], key.split("/")[1], f["games"], f"{f['actions_per_s']:,}", f["games_per_s"],
              f["projected_s_for_10000_games"], f"{f['actions_per_s_vs_openspiel']:.2f}",
              f"{f['before_issue_26_vs_openspiel']:.2f}" if f["before_issue_26_vs_openspiel"] else "-",
              f"{f['now_vs_before']:.2f}" if f["now_vs_before"] else "-"] for key, f in out["games"].items()]
    hm = out["games"].get("henchmania/5p")
    notes = [f"henchmania 5p: {hm['projected_s_for_10000_games']} s per 10,000 games (target < 60 s)"] if hm else []
    notes.append("before: the same measure taken before issue 26 (playout_baseline.json, each engine's own state code), as a "
                 "multiple of OpenSpiel in that run; now/before compares the two multiples (absolute figures vary with the machine). "
                 "Lancaster before is the stand-in base game, and issue 28's rule fixes changed some of every other engine's "
                 "random games too (new choices: a Traitor's held pawn, the Old Lady, Hemloch's Potion, Maniacal's Schemes).")
    report(args.json, out, f"Random playouts on one core (up to {args.games} games or {args.seconds:g} s each)",
           ["game", "players", "games", "actions/s", "games/s", "s per 10k games", "actions/s vs openspiel", "before", "now/before"],
           rows, notes)


def baseline() -> dict[str, float]:
    """Each game's actions/s as a multiple of OpenSpiel's, measured before issue 26 (bench/playout_baseline.json)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "playout_baseline.json")
    with open(path, encoding="utf-8") as handle:
        doc = json.load(handle)
    ref = doc["reference_openspiel_python_tic_tac_toe"]["actions_per_s"]
    return {key: round(f["actions_per_s"] / ref, 2) for key, f in doc["games"].items()}


if __name__ == "__main__":
    main()
