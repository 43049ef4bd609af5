"""The coach's hint, measured (issue 39): is it stable, is it consistent with its table, on how many games, how fast.

For every game at 2 players and at its largest count: `--positions` mid-game positions (a heuristic game from seed
2000 + k, one of its decisions with more than one legal move drawn between 25% and 75% of the game), and at
each the hint asked twice with two coach seeds, each with the hint's budget (`--seconds`, wall clock by default
as a learner waits; `--clock cpu` for processor time). Prints per game and count:

- stable: the share of positions where the two hints name the same move, or the same tie (the same set of moves
  called fine), or both give no odds ("too few games") with the same best guess;
- inconsistent: hints whose named move is not the best of the table shown, by the win chance (the coach's
  measure); or whose tie is not exactly the moves with figures whose interval overlaps the best's (must be 0);
- kinds: how many hints were a clear best, a tie, too few games for odds, the only move;
- games behind the named move (median and 10th percentile), and behind the least-played move with figures;
- seconds per hint (median, max) and playouts a second of processor time.

The goal (issue 39): stable in >= 90% over 100 positions; 0 inconsistent; >= 300 games behind every move shown
with figures, within 3 s. A full run is 100 positions x 2 hints x 10 game-and-count pairs x the budget (about
1.5 hours at 2.5 s): `--positions` a few for a quick look.

    python bench/coach_stability.py [--positions 100] [--seconds 2.5] [--clock wall|cpu] [--game huns] [--json]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from _table import quiet, report

import hench
from hench.core import Rng, next_action
from hench.core.coach import HINT_SECONDS, Advice, Coach, heuristic_class

GAMES = ("henchmania", "huns", "hemloch", "lancaster", "maniacal")
SEED0 = 2000


def position(game_id: str, players: int, k: int) -> hench.core.State:
    """A mid-game decision of a heuristic game from seed SEED0 + k."""
    game = hench.get_game(game_id)
    seed = SEED0 + k
    state, dice = game.new_game(players=players, seed=seed), Rng.from_seed(seed)
    bots = [heuristic_class(game)(seed * 10 + i) for i in range(players)]
    found = []
    while not state.is_terminal:
        seat = state.current_player
        if seat is not None and seat >= 0 and len(state.legal_actions()) > 1:
            found.append(state)
        state = state.apply(next_action(state, bots, dice))
    lo, hi = len(found) // 4, max(len(found) // 4 + 1, 3 * len(found) // 4)
    return found[Rng.from_seed(seed).randrange(hi - lo) + lo]


def named(advice: Advice) -> tuple[str, frozenset]:
    """What a hint names: its move, its tie, or its best guess without odds."""
    if advice.kind == "tie":
        return "tie", frozenset(m.action for m in advice.tied)
    return advice.kind, frozenset([advice.best.action])


def consistent(advice: Advice) -> bool:
    """The named move is the best of the table shown by the win chance, and the tie is exactly the overlapping moves."""
    shown = [m for m in advice.moves if advice.measured(m)]
    if advice.moves[:len(shown)] != shown:
        return False
    if not shown:
        return advice.kind in ("few", "only")
    top = max(m.win_chance for m in shown)
    return (advice.best is shown[0] and advice.best.win_chance == top
            and [m.action for m in advice.tied] == [m.action for m in shown if m.overlaps(advice.best)])


def measure(game_id: str, players: int, positions: int, seconds: float, clock) -> dict:
    same = bad = 0
    kinds: dict[str, int] = {}
    behind, least, took, rates = [], [], [], []
    for k in range(positions):
        state = position(game_id, players, k)
        seat = state.current_player
        answers = []
        for seed in (1, 2):
            start, cpu = time.perf_counter(), time.process_time()
            advice = Coach(game_id, seed=seed, seconds=seconds, clock=clock).suggest(state, seat)
            took.append(time.perf_counter() - start)
            rates.append(sum(m.samples for m in advice.moves) / max(1e-9, time.process_time() - cpu))
            answers.append(advice)
            bad += not consistent(advice)
            kinds[advice.kind] = kinds.get(advice.kind, 0) + 1
            behind.append(advice.best.samples)
            shown = [m.samples for m in advice.moves if advice.measured(m)]
            if shown:
                least.append(min(shown))
        same += named(answers[0]) == named(answers[1])
        print(f"\r{game_id} {players}p: {k + 1}/{positions}   ", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    ordered = sorted(behind)
    return {"game": game_id, "players": players, "positions": positions, "stable": same / positions,
            "inconsistent": bad, "kinds": kinds, "games_median": statistics.median(behind),
            "games_p10": ordered[len(ordered) // 10], "least_shown": min(least) if least else None,
            "seconds_median": statistics.median(took), "seconds_max": max(took),
            "playouts_per_cpu_s": statistics.median(rates)}


def main() -> None:
    quiet()
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=HINT_SECONDS, help="the hint's thinking")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--game", choices=GAMES, action="append", help="one game (may repeat); all by default")
    parser.add_argument("--counts", choices=("both", "two", "largest"), default="both")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    results = []
    for game_id in args.game or GAMES:
        game = hench.get_game(game_id)
        counts = {"both": {2, game.max_players}, "two": {2}, "largest": {game.max_players}}[args.counts]
        for players in sorted(counts):
            results.append(measure(game_id, players, args.positions, args.seconds, clock))
    rows = [(f"{r['game']} {r['players']}p", r["positions"], f"{r['stable']:.0%}", r["inconsistent"],
             " ".join(f"{k} {v}" for k, v in sorted(r["kinds"].items())), r["games_median"], r["games_p10"],
             r["least_shown"], f"{r['seconds_median']:.2f}", f"{r['seconds_max']:.2f}", f"{r['playouts_per_cpu_s']:.0f}")
            for r in results]
    report(args.json, {"seconds": args.seconds, "clock": args.clock, "results": results},
           f"The coach's hint: {args.seconds:g} s ({args.clock}) a hint, two seeds a position",
           ("game", "positions", "stable", "inconsistent", "kinds (of 2 a position)", "games median", "games p10",
            "least shown", "s median", "s max", "playouts/cpu s"), rows,
           ["stable: the two hints name the same move, tie or best guess; inconsistent: the named move not the best "
            "of its table by win chance (goal 0); games: behind the named move; least shown: the fewest games behind a "
            "move shown with figures"])


if __name__ == "__main__":
    main()
