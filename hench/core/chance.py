"""The chance player and helpers for chance nodes (dice rolls the learner can set)."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

from .dist import Dist
from .rng import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CHANCE = -1
"""``state.current_player`` at a chance node: the dice (not a seat) act next."""


def outcomes_from_dist(dist: Dist, wrap: Callable[[Any], Any] = lambda outcome: outcome) -> list[tuple[Any, Fraction]]:
    """[(action, probability)] from an exact distribution, in the distribution's order."""
    return [(wrap(o), p) for o, p in dist.probabilities().items()]


def sample_outcome(outcomes: Sequence[tuple[Hashable, Fraction]], rng: Rng) -> Hashable:
    """Draw one chance action with its exact probability (integer weights, no float rounding)."""
    denom = math.lcm(*(p.denominator for _, p in outcomes))
    weights = [p.numerator * (denom // p.denominator) for _, p in outcomes]
    return outcomes[rng.weighted_index(weights)][0]
