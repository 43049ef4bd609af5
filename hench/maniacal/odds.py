"""Exact odds of Maniacal's Trait dice (Fractions, never floats), on the dice faces in force (M-01).

A contract is met when the successes rolled reach its Target (MA-118, MA-120). Every die in the pool
adds its face's value; the trait icon counts double on a die of the contract's recommended trait
(MA-119). A pool is "m matching + n other" dice: only the recommended trait matters for the odds.

>>> from hench.maniacal import odds
>>> odds.success_chance(2, 0, 2)            # two matching dice, Target 2 (catalogue Q2)
Fraction(7, 12)
>>> odds.success_chance(4, 2, 5)            # the EX-10 henchman on a Brawn contract (Q3 case B)
Fraction(2689, 5184)
>>> odds.success_chance(5, 2, 8, rerolls=("any",))    # with the Lackey's reroll (Q4)
Fraction(156236033, 241864704)

Rerolls (MA-153, MA-177a, contract rooms) are played optimally: after each roll the player rerolls
the dice that maximise the chance of success, knowing which rerolls are still to come. `rerolls` is
the sequence of allowances in the order they are used: "any" (any subset, the Lackey) or a number
(up to that many dice: 3 for a Scheme, 2 for a reroll room).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product
from math import factorial

from hench.core import Dist

from .contracts import can_join
from .data import CONTINENT_NAMES, TRAITS, Contract, ManiacalData, default_data
from .render import contract_view
from .state import ManiacalState, Member
from .table import traits_of

Reroll = str | int


def face_values(data: ManiacalData | None = None, matching: bool = False) -> list[int]:
    """The value of each face of one die (M-01): blank 0, "1" 1, "2" 2, the icon 1 or 2 when matching."""
    faces, icon, icon_matching = (data or default_data()).tables["dice"]
    value = {"blank": 0, "1": 1, "2": 2, "icon": icon_matching if matching else icon}
    return [value[f] for f in faces]


def die(matching: bool, data: ManiacalData | None = None) -> Dist:
    """MA-118, MA-119: the successes one die adds."""
    return _dist(face_values(data, matching))


def _dist(values: Iterable[int]) -> Dist:
    weights: dict[int, int] = {}
    for v in values:
        weights[v] = weights.get(v, 0) + 1
    return Dist(weights)


def pool(matching: int, other: int, data: ManiacalData | None = None) -> Dist:
    """MA-116, MA-118: total successes of `matching` dice of the recommended trait and `other` dice."""
    return _pool(tuple(face_values(data, True)), tuple(face_values(data, False)), matching, other)


@lru_cache(maxsize=4096)
def _pool(match_faces: tuple[int, ...], other_faces: tuple[int, ...], matching: int, other: int) -> Dist:
    """`pool` for the given faces, computed once per pool (a Dist is immutable; the bots ask for the same few
    pools thousands of times in a coach's playouts)."""
    total = Dist.constant(0)
    if matching:
        total = total + _dist(match_faces).repeat(matching)
    if other:
        total = total + _dist(other_faces).repeat(other)
    return total


@lru_cache(maxsize=4096)
def _at_least(match_faces: tuple[int, ...], other_faces: tuple[int, ...], matching: int, other: int,
              target: int) -> Fraction:
    return _pool(match_faces, other_faces, matching, other).at_least(target)


def split(dice: Mapping[str, int], trait: str) -> tuple[int, int]:
    """A pool given as dice per trait -> (matching, other) for a contract recommending `trait`."""
    return dice.get(trait, 0), sum(n for t, n in dice.items() if t != trait)


def per_colour(dice: Mapping[str, int], trait: str, data: ManiacalData | None = None) -> dict[str, Dist]:
    """The distribution of successes each colour of the pool rolls (MA-115), for a contract recommending `trait`."""
    return {t: pool(n, 0, data) if t == trait else pool(0, n, data) for t, n in dice.items() if n and t in TRAITS}


def success_chance(matching: int, other: int, target: int, rerolls: Sequence[Reroll] = (),
                   data: ManiacalData | None = None) -> Fraction:
    """P(successes >= target) for the pool, with the given rerolls played optimally (MA-120)."""
    if target <= 0:
        return Fraction(1)
    if not rerolls:
        return _at_least(tuple(face_values(data, True)), tuple(face_values(data, False)), matching, other, target)
    solver = _Solver(tuple(face_values(data, True)), tuple(face_values(data, False)), target, tuple(rerolls))
    return solver.expected(((0,) * len(solver.values), matching), ((0,) * len(solver.values), other), 0)


def contract_chance(dice: Mapping[str, int], trait: str, target: int, rerolls: Sequence[Reroll] = (),
                    data: ManiacalData | None = None) -> Fraction:
    """The chance a pool (dice per trait) meets a contract with recommended `trait` and `target`."""
    matching, other = split(dice, trait)
    return success_chance(matching, other, target, rerolls, data)


class _Solver:
    """Optimal rerolling by exact expectation over the dice outcomes, grouped by (matching?, value)."""

    def __init__(self, match_faces: tuple[int, ...], other_faces: tuple[int, ...], target: int, rerolls: tuple[Reroll, ...]):
        self.values = tuple(sorted(set(match_faces) | set(other_faces)))
        self.faces = {True: match_faces, False: other_faces}
        self.target, self.rerolls = target, rerolls
        self.value = lru_cache(maxsize=None)(self._value)
        self.rolls = lru_cache(maxsize=None)(self._rolls)

    def _rolls(self, matching: bool, n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
        """Every count vector (dice per value) n dice can show, with its exact probability."""
        faces = self.faces[matching]
        p = {v: Fraction(faces.count(v), len(faces)) for v in self.values}
        out = []
        for counts in _compositions(n, len(self.values)):
            weight = Fraction(factorial(n))
            for v, c in zip(self.values, counts):
                weight *= p[v] ** c / factorial(c)
            if weight:
                out.append((counts, weight))
        return tuple(out)

    def expected(self, m: tuple[tuple[int, ...], int], o: tuple[tuple[int, ...], int], step: int) -> Fraction:
        """E[value] when `m` = (kept counts, dice to roll) for matching dice and `o` for the others."""
        total = Fraction(0)
        for mc, mp in self.rolls(True, m[1]):
            for oc, op in self.rolls(False, o[1]):
                total += mp * op * self.value(_add(m[0], mc), _add(o[0], oc), step)
        return total

    def _value(self, m: tuple[int, ...], o: tuple[int, ...], step: int) -> Fraction:
        """The best chance from showing counts m, o with rerolls[step:] still to use."""
        if sum(v * c for v, c in zip(self.values, m)) + sum(v * c for v, c in zip(self.values, o)) >= self.target:
            return Fraction(1)
        if step == len(self.rerolls):
            return Fraction(0)
        best = self.value(m, o, step + 1)  # use no die of this reroll
        limit = self.rerolls[step]
        for take_m in product(*(range(c + 1) for c in m)):
            for take_o in product(*(range(c + 1) for c in o)):
                k = sum(take_m) + sum(take_o)
                if k == 0 or (isinstance(limit, int) and k > limit):
                    continue
                chance = self.expected((_sub(m, take_m), sum(take_m)), (_sub(o, take_o), sum(take_o)), step + 1)
                best = max(best, chance)
        return best


def _compositions(n: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _compositions(n - first, parts - 1):
            yield (first, *rest)


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def _sub(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b))


def table(matching: bool, max_dice: int = 6, max_target: int = 8, data: ManiacalData | None = None) -> list[list[Fraction]]:
    """Catalogue Q2: rows N = 1..max_dice of all-matching (or all-other) dice, columns Target 1..max_target."""
    return [[success_chance(n if matching else 0, 0 if matching else n, t, data=data) for t in range(1, max_target + 1)]
            for n in range(1, max_dice + 1)]


# -- a live position ------------------------------------------------------------------------------------
def best_team(state: ManiacalState, seat: int, slot: int) -> list[tuple[str, str]]:
    """The team a player would send to the contract on continent `slot`: its strongest ready, uninjured
    henchmen for the recommended trait (a Lackey uses that trait, MA-152)."""
    c = state.data.cards[state.map[slot]]
    t = TRAITS.index(c.trait)

    def strength(m: Member) -> tuple[int, int]:
        traits = traits_of(state, m)
        if state.data.cards[m.id].type == "lackey":
            return (2 * traits[t], traits[t])
        return (sum(traits) + traits[t], sum(traits))

    ready = sorted((m for m in state.lairs[seat].crew if can_join(state, m)), key=strength, reverse=True)
    return [(m.id, c.trait if state.data.cards[m.id].type == "lackey" else "") for m in ready[:c.team]]


def team_dice(state: ManiacalState, seat: int, team: Sequence[tuple[str, str]]) -> dict[str, int]:
    """MA-116, MA-152, MA-184: dice per trait of a team (a Lackey rolls only its chosen trait)."""
    dice = dict.fromkeys(TRAITS, 0)
    for member, trait in team:
        for t, n in zip(TRAITS, traits_of(state, state.lairs[seat].crew_member(member))):
            if not trait or trait == t:
                dice[t] += n
    return dice


def map_odds(state: ManiacalState, seat: int | None = None, rerolls: bool = False) -> dict[str, Fraction | None]:
    """For each continent: the chance the player's best team meets its contract, counting the Target (known
    only once flipped, so here the contract's printed Target as the engine holds it). None: no team.
    With `rerolls`, the Lackey's reroll is counted when the Lackey is on the team (slower: exact optimum)."""

    def chance(slot: int, c: Contract, team: list[tuple[str, str]], dice: dict[str, int]) -> Fraction:
        lackey = any(trait for _, trait in team)
        return contract_chance(dice, c.trait, c.target, ("any",) if rerolls and lackey else (), state.data)

    return _best_team_odds(state, state.seat_to_act() if seat is None else seat, chance)


def _best_team_odds(state: ManiacalState, seat: int, chance: Callable[[int, Contract, list[tuple[str, str]], dict[str, int]], Fraction]) -> dict[str, Fraction | None]:
    """For each continent, `chance(slot, contract, team, dice)` of `seat`'s strongest ready team there (None: no full team)."""
    out: dict[str, Fraction | None] = {}
    for slot, name in enumerate(CONTINENT_NAMES):
        c = state.data.cards[state.map[slot]]
        team = best_team(state, seat, slot)
        out[name] = None if len(team) < c.team else chance(slot, c, team, team_dice(state, seat, team))
    return out


# -- every team against every contract (the odds app) ---------------------------------------------------
Team = tuple[tuple[str, str], ...]


def team_options(state: ManiacalState, seat: int, max_teams: int = 14) -> list[Team]:
    """The teams a player could send: every set of 1 to 4 ready, uninjured henchmen (MA-107), the strongest
    (most members, then most dice) first."""
    crew = [m.id for m in state.lairs[seat].crew if can_join(state, m)]
    out = [tuple((m, "") for m in combo) for n in range(1, 5) for combo in combinations(crew, n)]

    def strength(team: Team) -> tuple[int, int]:
        return len(team), sum(sum(team_dice(state, seat, [(m, "")]).values()) for m, _ in team)

    return sorted(out, key=strength, reverse=True)[:max_teams]


def members_for(state: ManiacalState, team: Sequence[tuple[str, str]], slot: int) -> list[tuple[str, str]]:
    """The team as it attempts the contract on continent `slot`: a Lackey takes the recommended trait (MA-152)."""
    c = state.data.cards[state.map[slot]]
    return [(m, c.trait if state.data.cards[m].type == "lackey" else "") for m, _ in team]


def team_chance(state: ManiacalState, seat: int, team: Sequence[tuple[str, str]], slot: int, lackey_reroll: bool = False) -> Fraction | None:
    """The exact chance `team` meets the contract on continent `slot` (None: the team's size does not fit,
    MA-107). A Lackey uses the contract's recommended trait (MA-152); with `lackey_reroll`, its reroll is
    played optimally (MA-153)."""
    c = state.data.cards[state.map[slot]]
    if len(team) != c.team:
        return None
    members = members_for(state, team, slot)
    lackey = any(t for _, t in members)
    dice = team_dice(state, seat, members)
    return contract_chance(dice, c.trait, c.target, ("any",) if lackey_reroll and lackey else (), state.data)


def known_map_odds(state: ManiacalState, seat: int) -> dict[str, Fraction | None]:
    """For each continent: the chance `seat`'s strongest ready team meets its contract, as far as that seat can
    know it. A face-down contract's Target is hidden from everyone (MA-106, MA-111), so the chance is averaged
    over the contracts of the data with the same back (difficulty, team size, recommended trait), each equally
    likely; once flipped, its own Target. None: no full team. (`odds.map_odds` uses the engine's Target.)"""

    def chance(slot: int, c: Contract, team: list[tuple[str, str]], dice: dict[str, int]) -> Fraction:
        targets = [c.target] if "id" in contract_view(state, slot) else [x.target for x in state.data.contracts
                                                       if (x.difficulty, x.team, x.trait) == (c.difficulty, c.team, c.trait)]
        return sum((contract_chance(dice, c.trait, t, (), state.data) for t in targets), Fraction(0)) / len(targets)

    return _best_team_odds(state, seat, chance)
