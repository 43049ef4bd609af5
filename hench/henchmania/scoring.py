"""Scoring: score changes with the floor (A11), day-end Reserve points (HM-071/072), the score meter (HM-079),
the day a score belongs to (the chart) and the final score sheet (points by source, issue 29)."""

from __future__ import annotations

from hench.core import ScoreSheet, seat_name

from .state import EARNED_BEFORE, SOURCES, HMState

SHEET_RULES = ("HM-010", "HM-063", "HM-065", "HM-066", "HM-067", "HM-068", "HM-071", "HM-072", "HM-008")


def scores(state: HMState) -> list[int]:
    """The current scores, seat by seat (the winner is decided by `winners`, HM-008/HM-082)."""
    return list(state.scores_)


def winners(state: HMState) -> list[int]:
    """HM-008, HM-082: the one winning seat (after tie-break duels if needed); [] before the end."""
    return [] if state.current_player is not None or state.winner is None else [state.winner]


def add_points(s: HMState, seat: int, delta: int, source: str) -> None:
    """Change a score; with score_floor='zero' it never goes below the floor (A11). The change the score really
    made is booked under `source` (one of SOURCES) for the score sheet."""
    old = s.scores_[seat]
    value = old + delta
    if s.opts["score_floor"] == "zero":
        value = max(value, s.data.values["score_floor"])
    s.own("scores_")[seat] = value
    if value != old:
        key = (seat, source)
        earned = s.own("earned")
        earned[key] = earned.get(key, 0) + value - old


def scored_day(state: HMState) -> int:
    """The day a state's scores belong to: the Reserve points of a day's end are scored in the move that also opens
    the next day (HM-071, HM-076), so a day that has just begun (no pawn placed yet) still shows the day before."""
    fresh = state.phase == "set_henchmen" and not any(map(any, state.pawns))
    return max(1, state.day - 1) if fresh else state.day


def score_sheet(state: HMState) -> ScoreSheet:
    """Each Lord's points by source (the start, the Reserve cards scored at each day's end, duels, point cards,
    Belladonna Root), the totals, and the tie-break duels only when they decided a tie on points (HM-080..084)."""
    earned = state.earned
    sources = [src for src in SOURCES if src == SOURCES[0] or any(earned.get((seat, src)) for seat in range(state.n))]
    if any(earned.get((seat, EARNED_BEFORE)) for seat in range(state.n)):
        sources.append(EARNED_BEFORE)
    points = tuple(tuple(earned.get((seat, src), 0) for src in sources) for seat in range(state.n))
    return ScoreSheet(tuple(sources), points, tuple(state.scores_), SHEET_RULES, _tie_break(state))


def _tie_break(state: HMState) -> str:
    tb = state.tiebreak
    if tb is None or state.winner is None:
        return ""
    a, b = sorted(tb["pair"])
    loser = b if state.winner == a else a
    wounds = dict(zip(tb["pair"], tb["wounds"]))
    won = wounds[state.winner]
    rounds = "" if tb["round"] == 1 else f" (the {tb['round'] - 1} pair(s) before were level)"
    return (f"{seat_name(a)} and {seat_name(b)} tied on {state.scores_[a]} points, so each attacked the other once; "
            f"{seat_name(state.winner)} inflicted {won} wound{'' if won == 1 else 's'} to {seat_name(loser)}'s "
            f"{wounds[loser]} in the last pair of duels and wins{rounds} (HM-080 to HM-084).")


def reserve_points(s: HMState, seat: int) -> int:
    """HM-071/072: points printed on Reserve cards, plus the Performance set (A20). Trumps score nothing here."""
    deck = s.data.deck
    points = sum(deck[cid].points_per_day for cid in s.reserves[seat])
    kinds = {deck[cid].kind for cid in s.reserves[seat] if deck[cid].effect == "performance"}
    table = s.data.values["performance_points"]
    return points + table[min(len(kinds), len(table) - 1)]


def meter(score: int, size: int = 30) -> tuple[int, int]:
    """HM-079, as the catalogue's EX-5 counts: (space on the 1..size meter, lap count), the lap count being the
    times the marker has gone round past `size`. 30 -> (30, 0), 31 -> (1, 1), 41 -> (11, 1), 61 -> (1, 2);
    0 -> (0, 0) (the start, before space 1)."""
    if score <= size:
        return score, 0
    laps = (score - 1) // size
    return score - size * laps, laps
