"""Scoring: Infamy plus the money-rank bonus at the end (MA-220, MA-221); winners with the tie-breaks; the final
score sheet."""

from __future__ import annotations

from hench.core import ScoreSheet, seat_name

from .state import ManiacalState

SHEET_SOURCES = ("Infamy won in play", "Money-rank bonus")  # MA-002 (contracts, Action rooms, Schemes); MA-220
SHEET_RULES = ("MA-002", "MA-220", "MA-221", "MA-222", "MA-223", "MA-224")


def scores(state: ManiacalState) -> list[int]:
    """MA-002, MA-222: Infamy (the money-rank bonus is added once the game is over)."""
    return [lair.infamy + bonus for lair, bonus in zip(state.lairs, state.bonus)]


def henchmen_count(state: ManiacalState, seat: int) -> int:
    """AMB-17: every henchman still controlled (the Lackey, a Bodyguard, injured ones included)."""
    return len(state.lairs[seat].crew)


def winners(state: ManiacalState) -> list[int]:
    """MA-222: most Infamy; MA-223: then most henchmen; MA-224: still tied, the tied players share the win."""
    s = scores(state)
    best = max(s)
    tied = [i for i, v in enumerate(s) if v == best]
    most = max(henchmen_count(state, i) for i in tied)
    return [i for i in tied if henchmen_count(state, i) == most]


def tie_break_words(state: ManiacalState) -> str:
    """The tie-break in plain words when the most Infamy is shared (MA-223, MA-224); '' when nobody tied at the top."""
    s = scores(state)
    tied = [i for i, v in enumerate(s) if v == max(s)]
    if len(tied) < 2:
        return ""
    counts = ", ".join(f"{seat_name(i)} {henchmen_count(state, i)}" for i in tied)
    names = " and ".join(seat_name(i) for i in tied)
    won = winners(state)
    if len(won) == 1:
        return (f"{names} tied on {max(s)} Infamy; the most henchmen breaks the tie (MA-223): {counts}, so "
                f"{seat_name(won[0])} wins.")
    return (f"{names} tied on {max(s)} Infamy and on henchmen ({counts}): the tied players share the win (MA-224).")


def score_sheet(state: ManiacalState) -> ScoreSheet:
    """Each player's Infamy won in play (contracts, Action rooms, negative Schemes) and the money-rank bonus added
    at the end (MA-220), their totals (the scores), and the tie-break only when the most Infamy was shared."""
    points = tuple((lair.infamy, bonus) for lair, bonus in zip(state.lairs, state.bonus))
    return ScoreSheet(SHEET_SOURCES, points, tuple(scores(state)), SHEET_RULES, tie_break_words(state))
