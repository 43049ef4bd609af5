"""Exact odds for Lancaster (catalogue section 7), as Fractions. The expansion has no dice: its
uncertainty is the law draw, majorities and ties, and who joins a conflict. Each function states its model.

>>> from hench.lancaster import odds
>>> odds.tower_fillings(3), odds.dishonor_per_lost_conflict(4, Fraction(1, 2))[2]
(6, Fraction(3, 8))
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations, product

from hench.core import Dist

from .data import LancasterData, default_data


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


def office_is_safe(state, seat: int, strength: int) -> bool:
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
    return Dist.binomial(players, 1 - Fraction(p_joins)).probabilities()


def rightmost_visible(drawn: int, per_space: int, spaces: int = 9) -> int:
    """Q4, M2: the rightmost visible track space after `drawn` markers left the track (0: the start)."""
    return min(drawn // per_space, spaces)


# -- Q5 when a law is proposed -------------------------------------------------------------------------
def law_round(group: int, data: LancasterData | None = None, king: bool = True) -> dict[int, Fraction]:
    """Q5, M6: the round in which a named law of `group` (1-4) is proposed: groups 1-4 are shuffled
    and stacked in order, 3 proposals a round."""
    d = data or default_data()
    sizes = list(d.group_sizes)
    if king:
        sizes[2], sizes[3] = d.king_groups.count(2), d.king_groups.count(3)
    before = sum(sizes[1:group])
    return Dist.uniform([(before + i) // d.proposals + 1 for i in range(sizes[group])]).probabilities()


def both_in_round(group: int, round_no: int, data: LancasterData | None = None) -> Fraction:
    """Q5: two named laws of one group both proposed in `round_no` (enumerating the group's orders)."""
    d = data or default_data()
    sizes = list(d.group_sizes)
    sizes[2], sizes[3] = d.king_groups.count(2), d.king_groups.count(3)
    before, n = sum(sizes[1:group]), sizes[group]
    orders = list(permutations(range(n)))
    hits = sum(1 for o in orders if all((before + o.index(x)) // d.proposals + 1 == round_no for x in (0, 1)))
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
def conflict_win_chance(state, card: str, extra: int = 0, p_joins: Fraction = Fraction(1, 2)) -> Fraction:
    """The chance England wins conflict `card` if you add `extra` strength now, under the model that each
    other player with a knight at court later adds their strongest one with probability p_joins
    (spaces permitting). Exact, by enumerating who joins."""
    from .transitions import conflict_strength

    c = state.active_conflict(card)
    if c is None:
        raise ValueError(f"conflict {card} is not in play")
    base = conflict_strength(state, c) + extra
    french = state.data.french[c["card"]]
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
