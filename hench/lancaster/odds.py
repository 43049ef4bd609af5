"""Exact odds for Lancaster, as Fractions. The game has no dice: its uncertainty is who joins a conflict (and so
who wins it and in which rank, LB-059..LB-063), how the others vote (LB-035, LB-036), the law draw, majorities and
ties (catalogue lancaster-henry-v.md section 7). Each function states its model.

>>> from hench.lancaster import odds
>>> odds.tower_fillings(3), odds.dishonor_per_lost_conflict(4, Fraction(1, 2))[2]
(6, Fraction(3, 8))
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations, product
from typing import Any, cast

from hench.core import Dist

from .data import LancasterData, default_data
from .state import LancasterState
from .transitions import conflict_strength, ranking


# -- Q1 seals and bishops ----------------------------------------------------------------------------
def seal_points(bishops: int, seals: int) -> int:
    """LH-064: (1 + bishops) x seals."""
    return (1 + bishops) * seals


def bishop_beats_seal(bishops: int, seals: int) -> bool:
    """Q1: one more bishop is worth `seals` PP, one more seal 1 + bishops PP."""
    return seals > 1 + bishops


def max_office_seals(data: LancasterData | None = None) -> int:
    """Q1: the most seals the offices alone can hand out over the game (Chancellor 2 + Constable 1 a round)."""
    d = data or default_data()
    return d.rounds * sum(o.seals for o in d.offices)


# -- Q2 safe application -----------------------------------------------------------------------------
def rival_max_stack(court_knights: list[int], bishops: int, tudor: bool, lord_at_court: bool = True) -> int:
    """Q2, LH-021: the strongest stack a rival can still build (0 if their lord is already placed)."""
    if not lord_at_court:
        return 0
    return 1 + bishops + sum(court_knights) + (2 if tudor else 0)


def safe_threshold(rivals: list[tuple[list[int], int, bool, bool]]) -> int:
    """Q2, A1: a stack of at least this strength cannot be expelled (strictly stronger is needed)."""
    return max((rival_max_stack(*r) for r in rivals), default=0)


def office_is_safe(state: LancasterState, seat: int, strength: int) -> bool:
    """In a live position: whether a stack of `strength` for colour `seat` can no longer be expelled (with 2
    players the allies are rivals too, except the seat's own partner, LH-067)."""
    rivals = [(state.court_strengths(p), state.res[p]["bishops"], state.priv[p]["tudor"] > 0, state.lord[p] == "court")
              for p in range(state.colours) if p != seat and p != state.partner(seat)]
    return strength >= safe_threshold(rivals)


# -- Q3 the tower --------------------------------------------------------------------------------------
def tower_fillings(capacity: int, max_strength: int = 4) -> int:
    """Q3: non-empty multisets of knight strengths 1..max_strength with total <= capacity."""
    def count(cap: int, top: int) -> int:
        if top == 0:
            return 1
        return sum(count(cap - k * top, top - 1) for k in range(cap // top + 1))
    return count(capacity, max_strength) - 1


def free_capacity(players: int, data: LancasterData | None = None) -> int:
    d = data or default_data()
    return d.tower_capacity - d.neutral[players - 2]


def max_lk8_points(players: int, data: LancasterData | None = None) -> int:
    """Q3, LH-116: at most `free capacity` strength-1 knights fit, 3 PP each."""
    return 3 * free_capacity(players, data)


# -- Q4 dishonor per lost conflict ----------------------------------------------------------------------
def dishonor_per_lost_conflict(players: int, p_joins: Fraction) -> dict[int, Fraction]:
    """Q4, LH-089: each player joins independently with probability p; absentees take 1 marker each."""
    return {cast(int, k): q for k, q in Dist.binomial(players, 1 - Fraction(p_joins)).probabilities().items()}


def dishonor_chance(players: int, p_joins: Fraction, markers: int) -> Fraction:
    """Q4: the chance one lost conflict hands out exactly `markers` dishonor markers."""
    return dishonor_per_lost_conflict(players, p_joins).get(markers, Fraction(0))


def rightmost_visible(drawn: int, per_space: int, spaces: int = 9) -> int:
    """Q4, M2: the rightmost visible track space after `drawn` markers left the track (0: the start)."""
    return min(drawn // per_space, spaces)


# -- Q5 when a law is proposed -------------------------------------------------------------------------
def law_round(group: int, data: LancasterData | None = None, king: bool = True) -> dict[int, Fraction]:
    """Q5, M6: the round in which a named law of `group` (1-4) is proposed: groups 1-4 are shuffled
    and stacked in order, 3 proposals a round."""
    d = data or default_data()
    sizes = list(d.group_sizes())
    if king:
        sizes[2], sizes[3] = d.king_groups.count(2), d.king_groups.count(3)
    before = sum(sizes[1:group])
    return {cast(int, r): q for r, q in Dist.uniform([(before + i) // 3 + 1 for i in range(sizes[group])]).probabilities().items()}


def law_round_chance(group: int, round_no: int, king: bool = True, data: LancasterData | None = None) -> Fraction:
    """Q5: the chance the named law of `group` is proposed in round `round_no`."""
    return law_round(group, data, king).get(round_no, Fraction(0))


def both_in_round(group: int, round_no: int, data: LancasterData | None = None) -> Fraction:
    """Q5: two named laws of one group both proposed in `round_no` (enumerating the group's orders)."""
    d = data or default_data()
    sizes = list(d.group_sizes())
    sizes[2], sizes[3] = d.king_groups.count(2), d.king_groups.count(3)
    before, n = sum(sizes[1:group]), sizes[group]
    orders = list(permutations(range(n)))
    hits = sum(1 for o in orders if all((before + o.index(x)) // 3 + 1 == round_no for x in (0, 1)))
    return Fraction(hits, len(orders))


def same_round(group_a: int, group_b: int, data: LancasterData | None = None) -> Fraction:
    """Q5: a named law of one group and one of another proposed in the same round (independent shuffles)."""
    a, b = law_round(group_a, data), law_round(group_b, data)
    return sum((a[r] * b.get(r, 0) for r in a), Fraction(0))


# -- Q6 majority ties ---------------------------------------------------------------------------------
def tie_for_most(players: int, top: int = 3) -> Fraction:
    """Q6: holdings independent and uniform on 0..top: the chance that two or more share the most."""
    outcomes = list(product(range(top + 1), repeat=players))
    ties = sum(1 for o in outcomes if o.count(max(o)) > 1)
    return Fraction(ties, len(outcomes))


# -- Q8 LK-4 -------------------------------------------------------------------------------------------
def lk4_net(gain_pp: int, bishops: int) -> int:
    """Q8, LH-110: selling a seal costs 1 + bishops PP at the end; the trade nets gain - (1 + bishops)."""
    return gain_pp - (1 + bishops)


# -- live: winning a conflict ---------------------------------------------------------------------------
def conflict_win_chance(state: LancasterState, card: str, extra: int = 0, p_joins: Fraction = Fraction(1, 2)) -> Fraction:
    """The chance England wins conflict `card` if you add `extra` strength now, under the model that each
    other player with a knight at court later adds their strongest one with probability p_joins
    (spaces permitting). Exact, by enumerating who joins."""
    from .transitions import conflict_strength

    c = state.active_conflict(card)
    if c is None:
        raise ValueError(f"conflict {card} is not in play")
    base = conflict_strength(state, c) + extra
    french = state.data.cards[c["card"]].french
    free = sum(sp is None for sp in c["spaces"])
    others = [max(state.court_strengths(p)) for p in range(state.colours)  # with 2 players the allies too
              if p != state.actor and state.court_strengths(p)]
    p = Fraction(p_joins)
    total = Fraction(0)
    for k in range(len(others) + 1):
        for who in combinations(range(len(others)), k):
            weight = p ** k * (1 - p) ** (len(others) - k)
            joined = sorted((others[i] for i in who), reverse=True)[:free]
            total += weight * (base + sum(joined) >= french)
    return total


# -- conflicts: the real ranking and battle rules ---------------------------------------------------------
def _rivals(state: Any, colour: int) -> list[tuple[int, int]]:
    """(colour, its strongest knight at court) for every other colour with one (with 2 players the allies too), in
    the order they place after `colour` this round."""
    order = [(colour + k) % state.colours for k in range(1, state.colours)]
    return [(p, max(state.court_strengths(p))) for p in order if state.court_strengths(p)]


def conflict_points(state: Any, card: str, strength: int, p_joins: Fraction = Fraction(1, 2)) -> dict[int, Fraction]:
    """LB-059..LB-063, LB-083: the power points the colour to move scores from conflict `card` if it adds a knight of
    `strength` now, as an exact distribution. Model: every other colour with a knight at court later adds its
    strongest one with probability `p_joins`: on its own space there (reinforcing), else on a new space while one
    is free (below the others: a later entrant wins a tie). England wins at the French strength or more (ranks take the card's 1st/2nd/3rd values);
    a lost battle pays one step down (a lost second battle is scored the same way)."""
    c = state.active_conflict(card)
    if c is None:
        raise ValueError(f"conflict {card} is not in play")
    colour = state.actor
    entries = [list(e) for e in ranking(state, c)]
    mine = next((e for e in entries if e[2] == colour), None)
    if mine is None:
        free = [j for j, sp in enumerate(c["spaces"]) if sp is None]
        if not free:
            raise ValueError(f"conflict {card} has no space for you")
        mine = [0, free[0], colour]
        entries.append(mine)
    mine[0] += strength
    pp, french = state.data.cards[c["card"]].pp, state.data.cards[c["card"]].french
    base = conflict_strength(state, c) + strength
    others, p = _rivals(state, colour), Fraction(p_joins)
    out: dict[int, Fraction] = {}
    for k in range(len(others) + 1):
        for who in combinations(range(len(others)), k):
            weight = p ** k * (1 - p) ** (len(others) - k)
            ranks = [list(e) for e in entries]
            spaces = [j for j in range(len(c["spaces"])) if all(e[1] != j for e in entries)]
            added = 0
            for i in who:
                owner, k_str = others[i]
                held = next((e for e in ranks if e[2] == owner), None)
                if held is not None:
                    held[0] += k_str
                elif spaces:
                    ranks.append([k_str, spaces.pop(0), owner])
                else:
                    continue
                added += k_str
            ranks.sort(key=lambda e: (-e[0], -e[1]))
            rank = next(r for r, e in enumerate(ranks) if e[2] == colour)
            shift = 0 if base + added >= french else 1
            got = pp[rank + shift] if rank + shift < len(pp) else 0
            out[got] = out.get(got, Fraction(0)) + weight
    return out


def expected(dist: dict[int, Fraction]) -> Fraction:
    return sum((Fraction(v) * q for v, q in dist.items()), Fraction(0))


# -- voting -------------------------------------------------------------------------------------------------
def approval_chance(yes: bool, markers: int, others: list[int], p_yes: Fraction = Fraction(1, 2)) -> Fraction:
    """LB-035, LB-036: the chance a law is approved when you vote `yes` (or no) with `markers`, and each other voter,
    holding `others[i]` voting markers, votes yes with probability `p_yes` and adds 0..all their markers with equal
    chance. Each tile is 1 vote, each marker 1 more; a tie approves."""
    p = Fraction(p_yes)
    margin = Dist({(1 + markers) if yes else -(1 + markers): 1})
    for held in others:
        spend = Dist.uniform(range(held + 1))
        side = Dist({1: p.numerator, -1: p.denominator - p.numerator})
        one = side.combine(spend, lambda s, m: s * (1 + m))
        margin = margin.combine(one, lambda a, b: a + b)
    return margin.probability(lambda m: m >= 0)


def markers_to_carry(others: list[int]) -> int:
    """LB-036: the fewest markers with which your yes carries the law whatever the others do (all vote no with all
    their markers; a tie approves)."""
    return max(0, sum(1 + h for h in others) - 1)
