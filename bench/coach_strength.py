"""The coach's strong bot against the heuristic bots (issue 30): win rate with a 95% interval, thinking time.

For every game at 2 players and at its largest count: `--games` games, the strong bot in one seat (rotated
through the seats, game k in seat k mod n) and the game's heuristic bot in the others, each game from its own
seed. Prints the strong bot's win share (a tie shared) with its 95% Wilson interval beside the fair share
(1/n), and the median and 90th-percentile thinking time per move it searched (a move with one legal option
is played at once and not counted), wall-clock and processor time. The budget is wall-clock by default; with
`--clock cpu` it is processor time, so a busy machine gives every move the same computing as a quiet one would
(the figures a quiet machine would show, only slower to get).
Goal: >= 65% at 2 players, >= 2x the fair share at the largest count, at a median of <= 1 s per move.
    python bench/coach_strength.py [--games 200] [--seconds 1.0] [--clock wall|cpu] [--game henchmania] [--json]
The full run (200 games, 1 s, all five games) takes many hours on one core: see the README.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import multiprocessing
import os
import statistics
import sys
import time

from _table import quiet, report

import hench
from hench.core import Rng, next_action
from hench.core.coach import Coach, CoachBot, heuristic_class


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (wins may be fractional: shared ties)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def play_one(game_id: str, players: int, k: int, coach: dict) -> tuple[float, list[float], list[float]]:
    """Game k: the strong bot in seat k mod players. Returns its win share, its wall and processor times."""
    game = hench.get_game(game_id)
    seat = k % players
    strong = Coach(game, seed=k, **coach).bot(k)
    heuristic = heuristic_class(game)
    bots = [strong if i == seat else heuristic(1000 * k + i) for i in range(players)]
    state, dice = game.new_game(players=players, seed=k), Rng.from_seed(k)
    while not state.is_terminal:
        state = state.apply(next_action(state, bots, dice))
    winners = state.winners()
    assert isinstance(strong, CoachBot)
    return (1.0 / len(winners) if seat in winners else 0.0), strong.thinking, strong.computing


def _one(job: tuple[str, int, int, dict]) -> tuple[float, list[float], list[float]]:
    return play_one(*job)


def measure(game_id: str, players: int, games: int, coach: dict, jobs: int = 1) -> dict:
    wins, times, cpu, start = 0.0, [], [], time.perf_counter()
    work = [(game_id, players, k, coach) for k in range(games)]
    with multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        results = pool.imap(_one, work) if pool is not None else map(_one, work)
        for k, (won, thinking, computing) in enumerate(results):
            wins += won
            times += thinking
            cpu += computing
            print(f"\r{game_id} {players}p: game {k + 1}/{games}, strong bot {wins:g} won, "
                  f"{time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    low, high = wilson(wins, games)
    return {"game": game_id, "players": players, "games": games, "wins": wins, "win_rate": wins / games,
            "low": low, "high": high, "fair": 1 / players, "moves": len(times),
            "median_s": statistics.median(times) if times else float("nan"), "p90_s": percentile(times, 0.9),
            "median_cpu_s": statistics.median(cpu) if cpu else float("nan"), "p90_cpu_s": percentile(cpu, 0.9),
            "seconds": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per game and player count")
    parser.add_argument("--seconds", type=float, default=1.0, help="thinking time per move (wall clock)")
    parser.add_argument("--iterations", type=int, default=None, help="playouts per move instead of a time budget")
    parser.add_argument("--plain", action="store_true", help="the search's best move only (no keeping the heuristic's move when close)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="what the time budget counts")
    parser.add_argument("--game", action="append", help="only this game (may repeat); default every game")
    parser.add_argument("--counts", choices=("both", "two", "largest"), default="both",
                        help="2 players, the game's largest count, or both")
    parser.add_argument("--jobs", type=int, default=1, help="games played side by side (processes; use --clock cpu)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    quiet()
    load = os.getloadavg()[0]
    coach = {"seconds": args.seconds, "iterations": args.iterations,
             "clock": time.process_time if args.clock == "cpu" else time.perf_counter, "safe": not args.plain}
    results = []
    for game_id in args.game or hench.GAMES:
        game = hench.get_game(game_id)
        counts = {"both": {2, game.max_players}, "two": {2}, "largest": {game.max_players}}[args.counts]
        for players in sorted(counts):
            results.append(measure(game_id, players, args.games, coach, args.jobs))
    rows = [(f"{r['game']} {r['players']}p", r["games"], f"{r['win_rate']:.0%}", f"{r['low']:.0%}-{r['high']:.0%}",
             f"{r['fair']:.0%}", "yes" if r["low"] >= (0.65 if r["players"] == 2 else 2 * r["fair"]) else "no",
             f"{r['median_s']:.2f}", f"{r['p90_s']:.2f}", f"{r['median_cpu_s']:.2f}", f"{r['p90_cpu_s']:.2f}",
             r["moves"], r["seconds"]) for r in results]
    budget = f"{args.iterations} playouts" if args.iterations else f"{args.seconds:g} s ({args.clock})"
    budget += ", plain search" if args.plain else ""
    report(args.json, {"budget": budget, "load_at_start": load, "results": results},
           f"Strong bot vs heuristic bots ({budget} per move; load {load:.1f} at start)",
           ("game", "games", "win", "95% CI", "fair", "goal met", "median s", "p90 s", "cpu median", "cpu p90", "moves",
            "wall s"), rows,
           ["goal met: the interval's low end is >= 65% (2 players) or >= 2x the fair share (largest count)"])


if __name__ == "__main__":
    main()
