"""Duels played with simulated dice, one die at a time: an independent check of hench.henchmania.odds."""

from __future__ import annotations

from collections.abc import Callable

from hench.core import Rng
from hench.core.montecarlo import Estimate, estimate

from .odds import DICE, FACES


def roll_duel(rng: Rng, attack: int, defense: int, apothecary: bool = False) -> int:
    """Wounds of one duel: 3 attack dice (a die >= attack hits, HM-057/058), one defense die per hit
    (a die >= defense parries, HM-060/061), the Apothecary cancelling one wound (HM-096)."""
    hits = sum(1 for _ in range(DICE) if rng.randrange(FACES) + 1 >= attack)
    wounds = sum(1 for _ in range(hits) if rng.randrange(FACES) + 1 < defense)
    return max(wounds - 1, 0) if apothecary else wounds


def duel_win_estimate(attack: int, defense: int, *, apothecary: bool = False, trials: int = 10_000,
                      seed: int = 0, progress: Callable[[int], None] | None = None) -> Estimate:
    """Share of simulated duels the Attacker wins (at least one wound, HM-063)."""
    return estimate(lambda rng: roll_duel(rng, attack, defense, apothecary) >= 1, trials, seed, progress)
