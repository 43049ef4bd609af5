"""Scoring: Infamy plus the money-rank bonus at the end (MA-220, MA-221); winners with the tie-breaks."""

from __future__ import annotations

from .state import ManiacalState


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
