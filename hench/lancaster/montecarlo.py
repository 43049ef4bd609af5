"""Simulated checks of hench.lancaster.odds: the same questions answered by playing the engine's own
shuffles and by drawing who joins a conflict, for the apps' "Check by simulation" buttons."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from hench.core import Rng
from hench.core.montecarlo import Check, Estimate, estimate

from . import odds
from .data import LancasterData, default_data
from .transitions import build_law_deck


def named_law(group: int, king: bool = True, data: LancasterData | None = None) -> str:
    """The first law of `group` (1-4) in the deck built with (king) or without the Laws of the King."""
    d = data or default_data()
    if king and group in (2, 3):
        return next(f"LK-{i + 1}" for i, g in enumerate(d.king_groups) if g == group)
    return next(law.id for law in d.laws if law.group == group)


def law_round_estimate(group: int, round_no: int, king: bool = True, *, trials: int = 10_000, seed: int = 0,
                       progress: Callable[[int], None] | None = None) -> Estimate:
    """Q5 by the engine's own setup shuffle (M6, LH-103): how often the named law of `group` is proposed in `round_no`."""
    d = default_data()
    mods = ("KC", "KR", "LK") if king else ()
    law = named_law(group, king, d)

    def trial(rng: Rng) -> bool:
        _, deck = build_law_deck(d, mods, rng)
        return deck.index(law) // 3 + 1 == round_no

    return estimate(trial, trials, seed, progress)


def dishonor_estimate(players: int, p_joins: Fraction, markers: int, *, trials: int = 10_000, seed: int = 0,
                      progress: Callable[[int], None] | None = None) -> Estimate:
    """Q4 (LH-089): each player joins a lost conflict with probability p_joins; absentees take 1 marker each.
    How often exactly `markers` are handed out."""
    p = Fraction(p_joins)

    def trial(rng: Rng) -> bool:
        absent = sum(rng.randrange(p.denominator) >= p.numerator for _ in range(players))
        return absent == markers

    return estimate(trial, trials, seed, progress)


CHECKS = {
    "law_round": Check("the law is proposed in round {round_no}", odds.law_round_chance, law_round_estimate,
                       {"group": 2, "round_no": 2, "king": True}),
    "dishonor": Check("exactly {markers} markers are handed out", odds.dishonor_chance, dishonor_estimate,
                      {"players": 4, "p_joins": Fraction(1, 2), "markers": 2}),
}
