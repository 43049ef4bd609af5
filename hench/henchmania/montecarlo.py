"""Duels played with simulated dice, one die at a time: an independent check of hench.henchmania.odds."""

from __future__ import annotations

from collections.abc import Callable

from hench.core import Rng
from hench.core.montecarlo import Check, Estimate, estimate

from . import odds
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


def tiebreak_winner(rng: Rng, x_attack: int, x_defense: int, y_attack: int, y_defense: int, rounds: int = 1000) -> int:
    """Two tied Lords duel in turn, X attacking Y then Y attacking X (HM-080..084): 0 if X inflicts more
    wounds, 1 if Y does; an equal pair is fought again (at most `rounds` pairs: -1 if still equal)."""
    for _ in range(rounds):
        x, y = roll_duel(rng, x_attack, y_defense), roll_duel(rng, y_attack, x_defense)
        if x != y:
            return 0 if x > y else 1
    return -1


def tiebreak_estimate(x_attack: int, x_defense: int, y_attack: int, y_defense: int, *, trials: int = 10_000,
                      seed: int = 0, progress: Callable[[int], None] | None = None) -> Estimate:
    """Share of simulated tie-breaks X wins."""
    return estimate(lambda rng: tiebreak_winner(rng, x_attack, x_defense, y_attack, y_defense) == 0, trials, seed, progress)


CHECKS = {
    "duel": Check("the Attacker wins", odds.duel_win_probability, duel_win_estimate,
                  {"attack": 4, "defense": 3, "apothecary": True}),
    "tiebreak": Check("X wins the tie-break", odds.tiebreak_win_probability, tiebreak_estimate,
                      {"x_attack": 4, "x_defense": 3, "y_attack": 5, "y_defense": 4}),
}
