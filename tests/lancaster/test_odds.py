"""Section 7 odds as exact Fractions, each checked by enumeration (and icepool for the binomial)."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations, product

import pytest

from hench.lancaster import odds
from hench.lancaster.actions import Conflict

from .helpers import new


@pytest.mark.rule("LH-064")
def test_q1_seals_and_bishops():
    assert odds.seal_points(2, 8) == 24 and odds.seal_points(3, 8) == 32 and odds.seal_points(2, 9) == 27
    assert odds.bishop_beats_seal(2, 8) and not odds.bishop_beats_seal(2, 3)
    assert odds.max_office_seals() == 15 and odds.seal_points(3, odds.max_office_seals()) == 60


@pytest.mark.rule("LH-021", "LH-023")
def test_q2_safe_threshold():
    assert odds.rival_max_stack([1, 2, 3], 2, True) == 11
    assert odds.safe_threshold([([1, 2, 3], 2, True, True), ([4], 0, False, False)]) == 11
    s = new(3, "KC")
    assert odds.office_is_safe(s, 0, 4) and not odds.office_is_safe(s, 0, 3)  # rivals reach 1 + 1 + 2


@pytest.mark.rule("LH-081", "LH-116")
def test_q3_tower_fillings_by_enumeration():
    for cap, want in ((3, 6), (4, 11), (5, 17), (7, 37)):
        brute = {tuple(sorted(m)) for n in range(1, cap + 1) for m in product(range(1, 5), repeat=n) if sum(m) <= cap}
        assert odds.tower_fillings(cap) == len(brute) == want
    assert [odds.max_lk8_points(p) for p in (3, 4, 5)] == [12, 15, 21]


@pytest.mark.rule("LH-089")
def test_q4_dishonor_binomial_matches_enumeration_and_icepool():
    import icepool

    dist = odds.dishonor_per_lost_conflict(4, Fraction(1, 2))
    assert dist == {0: Fraction(1, 16), 1: Fraction(1, 4), 2: Fraction(3, 8), 3: Fraction(1, 4), 4: Fraction(1, 16)}
    brute = {}
    for joins in product((True, False), repeat=4):
        k = joins.count(False)
        brute[k] = brute.get(k, 0) + Fraction(1, 16)
    assert brute == dist
    coin = icepool.Die([0, 1])
    ice = (4 @ coin)
    assert {k: Fraction(ice.quantity(k), ice.denominator()) for k in range(5)} == dist
    assert sum(k * p for k, p in dist.items()) == 2
    assert odds.rightmost_visible(12, 4) == 3 and odds.rightmost_visible(15, 4) == 3 and odds.rightmost_visible(16, 4) == 4


@pytest.mark.rule("LH-103")
def test_q5_law_timing_by_enumeration():
    assert odds.law_round(2) == {2: Fraction(3, 4), 3: Fraction(1, 4)}
    assert odds.law_round(3) == {3: Fraction(1, 2), 4: Fraction(1, 2)}
    assert odds.both_in_round(2, 2) == Fraction(1, 2)
    assert odds.same_round(2, 3) == Fraction(1, 8)
    hits = total = 0  # the whole stacked deck of groups 2 and 3, enumerated
    for g2 in permutations("abcd"):
        for g3 in permutations("wxyz"):
            deck = list("111") + list(g2) + list(g3)
            total += 1
            hits += deck.index("a") // 3 == deck.index("w") // 3
    assert Fraction(hits, total) == Fraction(1, 8)


@pytest.mark.rule("LH-107", "LH-114")
def test_q6_majority_ties():
    assert odds.tie_for_most(3) == Fraction(11, 32) and odds.tie_for_most(4) == Fraction(7, 16)
    unique = sum(3 * Fraction(1, 4) * Fraction(m, 4) ** 2 for m in range(4))
    assert 1 - unique == Fraction(11, 32)


@pytest.mark.rule("LH-110")
def test_q8_lk4_trade():
    assert odds.lk4_net(3, 0) == 2 and odds.lk4_net(3, 3) == -1


@pytest.mark.rule("LH-089")
def test_live_conflict_chance_by_enumeration():
    s = new(3, "KC")
    c = s.conflicts[0]
    card = f"C{c['card'] + 1}"
    french = s.data.cards[c["card"]].french
    got = odds.conflict_win_chance(s, card, extra=2)
    brute = Fraction(0)
    for a, b in product((0, 1), repeat=2):  # each rival adds their strongest (2) with probability 1/2
        brute += Fraction(1, 4) * (2 + 2 * a + 2 * b >= french)
    assert got == brute
    assert s.apply(Conflict(2, card)).active_conflict(card) is not None


@pytest.mark.rule("LB-060", "LB-061", "LB-063", "LB-083")
def test_conflict_points_follow_the_ranking_and_battle_rules():
    from .helpers import hard_conflict, join

    s = new(3, "none")
    _c, card = hard_conflict(s, 5)  # 4/2/1 PP
    join(s, card, 2, [2])  # Player 3 already holds the top space with 2
    got = odds.conflict_points(s, card, 2)
    # Player 1 adds 2 (space 2); then Player 2 adds its 2 on space 3, and Player 3 reinforces with its 1, each with
    # chance 1/2. Nobody: 4 < 5, lost, Player 1 (later than Player 3, equal 2s) first, one step down: 2 PP.
    # Player 2: 6, won, 2s in order Player 2, Player 1, Player 3: 2 PP. Player 3: 5, won, Player 3 (3) first: 2 PP.
    # Both: 7, won, Player 3 (3), Player 2 (2, later), Player 1 (2): 1 PP.
    assert got == {2: Fraction(3, 4), 1: Fraction(1, 4)}
    weak = odds.conflict_points(s, card, 1)
    # 3 alone: lost, Player 1 (1) second -> the low value 1; with Player 2: 5, won, Player 1 third -> 1
    assert weak == {1: Fraction(1)}
    s.knights[1] = [[k[0], "reserve" if k[1] == "court" else k[1]] for k in s.knights[1]]  # Player 2 cannot join
    assert odds.conflict_points(s, card, 4) == {4: Fraction(1)}  # 6 >= 5: Player 1 first
    assert odds.expected({4: Fraction(1, 2), 0: Fraction(1, 2)}) == 2


@pytest.mark.rule("LB-036", "LB-081", "LB-035")
def test_approval_chance_by_enumeration():
    others = [1, 0]
    got = odds.approval_chance(False, 0, others)
    brute = Fraction(0)
    for yes1, m1, yes2 in product((True, False), (0, 1), (True, False)):
        w = Fraction(1, 2) * Fraction(1, 2) * Fraction(1, 2)
        margin = -1 + (1 if yes1 else -1) * (1 + m1) + (1 if yes2 else -1)
        brute += w * (margin >= 0)
    assert got == brute
    assert odds.approval_chance(True, odds.markers_to_carry(others), others) == 1
    assert odds.approval_chance(True, odds.markers_to_carry(others) - 1, others) < 1
