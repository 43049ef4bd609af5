"""The dice draft played with simulated dice: an independent check of hench.huns.odds."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from hench.core import Rng
from hench.core.montecarlo import Check, Estimate, estimate

from . import odds
from .odds import DICE


def draft_value(rng: Rng, picker: int, earlier: str = "highest", faces: int = 3) -> int:
    """Roll the 5 coloured dice (HU-031); pickers 1..picker-1 take a die each (the highest, or one of a
    colour chosen without looking at values); return the best value left for the `picker`-th."""
    dice = [rng.randrange(faces) + 1 for _ in range(DICE)]
    for _ in range(picker - 1):
        dice.remove(max(dice) if earlier == "highest" else dice[rng.randrange(len(dice))])
    return max(dice)


def draft_estimate(picker: int, value: int, earlier: str = "highest", *, trials: int = 10_000, seed: int = 0,
                   progress: Callable[[int], None] | None = None) -> Estimate:
    """Share of simulated rounds in which the best die left to the picker shows `value`."""
    return estimate(lambda rng: draft_value(rng, picker, earlier) == value, trials, seed, progress)


def wagon_filled(rng: Rng, missing: Mapping[str, int], turns: int = 1, faces: int = 3) -> bool:
    """One round (HU-031, HU-040): each colour the Wagon lacks needs its own Pillage with that colour's die, one
    per turn; the die rolled fills that many spaces at most. Filled if every colour is reached and covered."""
    need = [n for n in missing.values() if n]
    if len(need) > turns:
        return False
    return all(rng.randrange(faces) + 1 >= n for n in need)


def wagon_fill_estimate(missing: Mapping[str, int], turns: int = 1, *, trials: int = 10_000, seed: int = 0,
                        progress: Callable[[int], None] | None = None) -> Estimate:
    """Share of simulated rounds in which the Wagon is filled."""
    return estimate(lambda rng: wagon_filled(rng, missing, turns), trials, seed, progress)


CHECKS = {
    "draft": Check("the best die left shows {value}", odds.draft_chance, draft_estimate,
                   {"picker": 3, "value": 3, "earlier": "colour"}),
    "wagon": Check("the Wagon is filled this round", odds.wagon_fill_chance, wagon_fill_estimate,
                   {"missing": {"green": 2, "blue": 1}, "turns": 2}),
}
