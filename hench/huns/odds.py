"""Exact odds for Huns (catalogue section 7), as `hench.core.Dist` with `Fraction` probabilities.

Every function takes an optional `die` (a Dist of one die's faces); the default is the d3 of the
data in force, uniform on 1..3 (M5).

>>> best_die_left(5).probability(3)          # Q2: the best of 5 dice shows 3
Fraction(211, 243)
>>> value_left_to_picker(2, "highest").probability(3)   # Q3: 2nd picker after a greedy 1st
Fraction(131, 243)
>>> expected_cubes(2)                          # Q4: E[min(V, 2)]
Fraction(5, 3)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

from hench.core import Dist

from .data import COLOURS, LETTERS, default_data
from .scoring import wagon_type_bonus

if TYPE_CHECKING:  # pragma: no cover
    from .state import HunsState

DICE = 5
EARLIER = ("highest", "colour")


def d3(die: Dist | None = None) -> Dist:
    """One die (Q1): uniform on 1..3 unless the data says otherwise."""
    return die if die is not None else default_data().die


def order_statistic(j: int, n: int = DICE, die: Dist | None = None) -> Dist:
    """The j-th highest of n dice (j = 1 is the best)."""
    if not 1 <= j <= n:
        raise ValueError(f"j should be 1..{n}, got {j}")
    return d3(die).pool(n).map(lambda t: t[j - 1])


def best_die_left(k: int, earlier: str = "colour", die: Dist | None = None) -> Dist:
    """The best value among the k dice left when it is your pick (Q2, Q3).

    earlier = "colour": the earlier pickers chose by colour, not by value, so the k dice left are
    k fresh dice (the best of k). earlier = "highest": each earlier picker took a highest die, so the
    best left is the (6 - k)-th highest of the 5 rolled.
    """
    if not 1 <= k <= DICE:
        raise ValueError(f"k (dice left) should be 1..{DICE}, got {k}")
    if earlier not in EARLIER:
        raise ValueError(f"earlier should be one of {EARLIER}, got {earlier!r}")
    if earlier == "colour":
        return d3(die).max_of(k)
    return order_statistic(DICE - k + 1, DICE, die)


def value_left_to_picker(j: int, earlier: str = "highest", die: Dist | None = None) -> Dist:
    """The best value the j-th picker of the round can take (j = 1..5), see Q3."""
    return best_die_left(DICE - j + 1, earlier, die)


def draft_chance(picker: int, value: int, earlier: str = "highest", die: Dist | None = None) -> Fraction:
    """Q3: the chance the best die left to the `picker`-th player of the draft shows `value`."""
    return value_left_to_picker(picker, earlier, die).probability(value)


def cubes_taken(spaces: int, value: Dist | None = None) -> Dist:
    """Cubes actually placed, min(V, spaces), when the destination has `spaces` usable spaces (Q4)."""
    if spaces < 0:
        raise ValueError("spaces cannot be negative")
    return d3(value).map(lambda v: min(v, spaces))


def expected_cubes(spaces: int, value: Dist | None = None) -> Fraction:
    """E[min(V, spaces)] (Q4). `value` can be a picker's distribution from `value_left_to_picker`."""
    return cubes_taken(spaces, value).mean()


def fill_chance(empty: int, value: Dist | None = None) -> Fraction:
    """P(one Pillage completes a card with `empty` spaces) = P(V >= empty) (Q5)."""
    return d3(value).at_least(empty)


def _missing(missing: Mapping[int, int] | Mapping[str, int] | str) -> dict[int, int]:
    if isinstance(missing, str):
        out: dict[int, int] = {}
        for ch in missing.upper():
            out[LETTERS.index(ch)] = out.get(LETTERS.index(ch), 0) + 1
        return out
    return {(COLOURS.index(k) if isinstance(k, str) else k): v for k, v in missing.items() if v}


def wagon_fill_chance(missing: Mapping[int, int] | Mapping[str, int] | str, turns: int = 1, die: Dist | None = None) -> Fraction:
    """P(a Wagon is filled this round) when its empty spaces are `missing` (e.g. "GG" or {"green": 2}).

    Each colour's cubes come from one Pillage with that colour's die (one die per colour per
    round, HU-031), so the Wagon can be filled only if it lacks at most `turns` colours, and then
    with probability prod P(V_c >= missing_c). Assumes the dice you need are still in the pool at
    your picks (other players take other colours) and no card effects.
    """
    need = _missing(missing)
    if len(need) > turns:
        return Fraction(0)
    p = Fraction(1)
    for k in need.values():
        p *= d3(die).at_least(k)
    return p


def threes(die: Dist | None = None) -> Dist:
    """How many of the 5 dice show their top face (Q6)."""
    top = max(d3(die))
    return d3(die).map(lambda v: int(v == top)).repeat(DICE)


def dice_sum(die: Dist | None = None) -> Dist:
    """The sum of the 5 dice: the round's total volume (Q7)."""
    return d3(die).repeat(DICE)


def draw_wanted(n: int, v: int, m: int = 1) -> Fraction:
    """P(at least one of m wanted cards is among v drawn from a shuffled deck of n) (Q8)."""
    if not 0 <= m <= n or v < 0:
        raise ValueError("need 0 <= m <= n and v >= 0")
    v = min(v, n)
    return 1 - Fraction(math.comb(n - m, v), math.comb(n, v))


def turns_per_round(players: int) -> list[int]:
    """Turns per round by seat offset from the first player (HU-036): 3,2 / 2,2,1 / 2,1,1,1."""
    return [len(range(k, DICE, players)) for k in range(players)]


def turn_share(players: int, rounds: int, start: int = 0) -> list[int]:
    """Turns each seat has had after `rounds` rounds, the first seat being `start` (Q10)."""
    out = [0] * players
    for r in range(rounds):
        for k in range(DICE):
            out[(start + r + k) % players] += 1
    return out


def wagon_type_bonus_dist(d: int, per_type: int = 8, types: int = 4) -> Dist:
    """The type bonus of d Wagons drawn at random from the deck (Q11, placeholder 8 per type)."""
    weights: dict[int, int] = {}
    for counts in product(range(min(d, per_type) + 1), repeat=types):
        if sum(counts) != d:
            continue
        w = math.prod(math.comb(per_type, k) for k in counts)
        bonus = wagon_type_bonus([t for t, k in enumerate(counts) for _ in range(k)])
        weights[bonus] = weights.get(bonus, 0) + w
    return Dist(weights)


def colour_survives(die: Dist | None = None) -> tuple[Fraction, Dist]:
    """Q12: a greedy first picker takes a highest die (ties broken uniformly). Returns P(a given
    colour's die is still there for the 2nd picker) and its value given that it survived."""
    d = d3(die)
    alive: dict[Hashable, Fraction] = {}
    for roll in product(list(d), repeat=DICE):
        top = max(roll)
        keep = 1 - (Fraction(1, roll.count(top)) if roll[0] == top else Fraction(0))
        alive[roll[0]] = alive.get(roll[0], Fraction(0)) + math.prod(d[v] for v in roll) * keep
    survive = sum(alive.values())
    return survive / d.total**DICE, Dist.from_probabilities({v: w / survive for v, w in alive.items()})


def turns_left(state: HunsState, seat: int) -> int:
    """Turns `seat` still has in the current round (HU-035, HU-036)."""
    return sum(1 for k in range(state.turn, DICE) if (state.first + k) % state.n == seat)


def wagon_fill_chance_for(state: HunsState, seat: int, slot: int) -> Fraction:
    """P(the Wagon in `slot` of `seat` is filled this round), under `wagon_fill_chance`'s assumptions.

    Before the roll this is `wagon_fill_chance(missing, turns left)`. Once the dice are rolled it is
    0 or 1: each missing colour needs its die still in the pool showing enough. Only the current
    turn's die (if this seat holds it) counts beside the pool.
    """
    camp = state.camps[seat]
    w = camp.wagons[slot]
    if w < 0:
        return Fraction(0)
    missing: dict[int, int] = {}
    for sc, x in zip(state.data.wagons[w].spaces, camp.loads[slot]):
        if x < 0:
            missing[sc] = missing.get(sc, 0) + 1
    turns = turns_left(state, seat)
    if 0 in state.dice:
        return wagon_fill_chance(missing, turns, state.data.die)
    held = state.die if state.active == seat and state.die >= 0 and not state.action_done else -1
    if held >= 0:
        turns -= 1  # this turn belongs to the die in hand
    from_pool = [c for c in missing if c != held]
    enough = all(state.dice[c] >= k for c, k in missing.items())
    ok = enough and len(from_pool) <= turns and all(state.taken[c] < 0 for c in from_pool)
    return Fraction(int(ok))
