"""Scoring: score changes with the floor (A11), day-end Reserve points (HM-071/072), the score meter (HM-079)."""

from __future__ import annotations

from .state import HMState


def scores(state: HMState) -> list[int]:
    """The current scores, seat by seat (the winner is decided by `winners`, HM-008/HM-082)."""
    return list(state.scores_)


def winners(state: HMState) -> list[int]:
    """HM-008, HM-082: the one winning seat (after tie-break duels if needed); [] before the end."""
    return [] if state.current_player is not None or state.winner is None else [state.winner]


def add_points(s: HMState, seat: int, delta: int) -> None:
    """Change a score; with score_floor='zero' it never goes below the floor (A11)."""
    value = s.scores_[seat] + delta
    if s.opts["score_floor"] == "zero":
        value = max(value, s.data.values["score_floor"])
    s.own("scores_")[seat] = value


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
