"""The chance player and helpers for chance nodes (dice rolls the learner can set)."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from itertools import accumulate

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


# What the playout hot path reads from one outcome list: its actions, and its integer weights as running
# totals (for a bisection). Kept per tuple (immutable; a game usually hands out the same one each time,
# e.g. from an lru_cache); a list is read afresh each time.
_READ: dict[int, tuple[tuple[tuple[Any, Fraction], ...], list[Any], list[int]]] = {}


def _read(outcomes: Sequence[tuple[Any, Fraction]]) -> tuple[list[Any], list[int]]:
    if type(outcomes) is tuple:
        hit = _READ.get(id(outcomes))
        if hit is not None and hit[0] is outcomes:
            return hit[1], hit[2]
    denom = math.lcm(*(p.denominator for _, p in outcomes))
    actions = [action for action, _ in outcomes]
    running = list(accumulate(p.numerator * (denom // p.denominator) for _, p in outcomes))
    if type(outcomes) is tuple:
        if len(_READ) >= 256:
            _READ.clear()
        _READ[id(outcomes)] = (outcomes, actions, running)
    return actions, running


def chance_actions(outcomes: Sequence[tuple[Any, Fraction]]) -> list[Any]:
    """The actions of a chance node's outcomes, in their order (a new list)."""
    if type(outcomes) is tuple:
        return list(_read(outcomes)[0])
    return [action for action, _ in outcomes]


def sample_outcome(outcomes: Sequence[tuple[Hashable, Fraction]], rng: Rng) -> Hashable:
    """Draw one chance action with its exact probability (integer weights, no float rounding).

    The same draw as `rng.weighted_index(weights)`: one `randrange(total)`, then the first outcome whose
    running total exceeds it (found by bisection)."""
    actions, running = _read(outcomes)
    if not running:
        raise ValueError("no chance outcomes to draw from")
    return actions[bisect_right(running, rng.randrange(running[-1]))]
