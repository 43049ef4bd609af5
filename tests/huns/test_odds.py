"""Exact odds (catalogue section 7) against brute-force enumeration and against icepool."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import icepool
import pytest

from hench.core import Dist
from hench.huns import odds
from hench.huns.scoring import wagon_type_bonus

from .helpers import texts

ROLLS = list(product((1, 2, 3), repeat=5))


def brute(f) -> dict:
    """Distribution of f(roll) over all 243 equally likely rolls of the five dice."""
    counts = Counter(f(r) for r in ROLLS)
    return {k: Fraction(v, len(ROLLS)) for k, v in sorted(counts.items())}


def ice(die) -> dict:
    return {k: Fraction(die.probability(k)) for k in die.outcomes()}


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_q2_best_of_k_dice(k):
    got = odds.best_die_left(k, "colour").probabilities()
    assert got == brute(lambda r: max(r[:k]))
    assert got == ice(icepool.d3.pool(k).highest().sum())


def test_q2_catalogue_numbers():
    assert odds.best_die_left(5).probabilities() == {1: Fraction(1, 243), 2: Fraction(31, 243), 3: Fraction(211, 243)}
    assert [odds.best_die_left(k).mean() for k in (5, 4, 3, 2)] == [Fraction(232, 81), Fraction(226, 81), Fraction(8, 3), Fraction(22, 9)]


@pytest.mark.parametrize("j", [1, 2, 3, 4, 5])
def test_q3_greedy_picker(j):
    got = odds.value_left_to_picker(j, "highest")
    assert got.probabilities() == brute(lambda r: sorted(r, reverse=True)[j - 1])
    assert got.probabilities() == ice(icepool.d3.pool(5).highest(1, j - 1).sum())
    table = {1: (1, 31, 211), 2: (11, 101, 131), 3: (51, 141, 51), 4: (131, 101, 11), 5: (211, 31, 1)}
    assert got.probabilities() == {v: Fraction(w, 243) for v, w in zip((1, 2, 3), table[j])}


def test_q3_expectations_sum_to_ten():
    means = [odds.value_left_to_picker(j).mean() for j in range(1, 6)]
    assert means == [Fraction(232, 81), Fraction(202, 81), 2, Fraction(122, 81), Fraction(92, 81)]
    assert sum(means) == 10 == odds.dice_sum().mean()


@pytest.mark.parametrize("j,row", [(1, (1, Fraction(485, 243), Fraction(232, 81))), (2, (1, Fraction(475, 243), Fraction(202, 81))),
                                   (3, (1, Fraction(145, 81), 2)), (4, (1, Fraction(355, 243), Fraction(122, 81))),
                                   (5, (1, Fraction(275, 243), Fraction(92, 81)))])
def test_q4_expected_cubes(j, row):
    pick = odds.value_left_to_picker(j)
    assert tuple(odds.expected_cubes(s, pick) for s in (1, 2, 3)) == row
    for s in (1, 2, 3):
        exact = sum(Fraction(min(sorted(r, reverse=True)[j - 1], s), 243) for r in ROLLS)
        assert odds.expected_cubes(s, pick) == exact


def test_q4_random_die_and_icepool():
    assert [odds.expected_cubes(s) for s in (1, 2, 3, 4)] == [1, Fraction(5, 3), 2, 2]
    for s in (1, 2, 3):
        assert odds.expected_cubes(s) == icepool.d3.map(lambda v, cap=s: min(v, cap)).mean()


def test_q5_fill_chance():
    assert [odds.fill_chance(k) for k in (1, 2, 3, 4)] == [1, Fraction(2, 3), Fraction(1, 3), 0]
    best = odds.best_die_left(5)
    assert odds.fill_chance(2, best) == Fraction(242, 243) and odds.fill_chance(3, best) == Fraction(211, 243)


def test_wagon_fill_chance_this_round():
    assert odds.wagon_fill_chance("G") == 1
    assert odds.wagon_fill_chance("GG") == Fraction(2, 3) == odds.wagon_fill_chance({"green": 2})
    assert odds.wagon_fill_chance("GGR", turns=1) == 0  # two colours need two turns
    assert odds.wagon_fill_chance("GGRRR", turns=2) == Fraction(2, 9)
    assert odds.wagon_fill_chance("GGRRR", turns=2) == brute(lambda r: r[2] >= 2 and r[1] >= 3)[True]


def test_q6_q7_threes_and_sum():
    assert odds.threes().probabilities() == brute(lambda r: r.count(3))
    assert odds.threes().probability(5) == Fraction(1, 243)
    assert odds.dice_sum().probabilities() == brute(sum) == ice(icepool.d3.pool(5).sum())
    assert odds.dice_sum().probability(10) == Fraction(17, 81)


def test_q8_drawing_a_wanted_card():
    assert odds.draw_wanted(10, 3, 2) == Fraction(8, 15)
    assert odds.draw_wanted(10, 3) == Fraction(3, 10)
    hits = sum(1 for hand in combinations(range(10), 3) if {0, 1} & set(hand))
    assert Fraction(hits, math.comb(10, 3)) == odds.draw_wanted(10, 3, 2)


def test_q10_turn_share():
    assert odds.turn_share(4, 6) == [8, 8, 7, 7]
    for n in (2, 3, 4):
        assert odds.turn_share(n, n) == [5] * n


@pytest.mark.parametrize("d,expected", [
    (3, {2: Fraction(84, 155), 3: Fraction(71, 155)}),
    (4, {2: Fraction(588, 4495), 3: Fraction(672, 899), 4: Fraction(547, 4495)}),
    (5, {3: Fraction(612, 899), 4: Fraction(286, 899), 5: Fraction(1, 899)}),
])
def test_q11_wagon_type_bonus(d, expected):
    got = odds.wagon_type_bonus_dist(d)
    assert got.probabilities() == expected
    if d <= 4:  # brute force over all hands of d Wagons from the 32
        deck = [t for t in range(4) for _ in range(8)]
        counts = Counter(wagon_type_bonus(list(h)) for h in (tuple(deck[i] for i in c) for c in combinations(range(32), d)))
        total = sum(counts.values())
        assert {k: Fraction(v, total) for k, v in counts.items()} == expected


def test_q12_my_colour_survives():
    p, value = odds.colour_survives()
    assert p == Fraction(4, 5)
    assert value.probabilities() == {1: Fraction(101, 243), 2: Fraction(187, 486), 3: Fraction(97, 486)}
    assert value.mean() == Fraction(289, 162)


def test_odds_follow_custom_dice_faces():
    d6_as_d3 = Dist({1: 2, 2: 2, 3: 2})  # a d6 marked 1,1,2,2,3,3
    assert odds.best_die_left(5, die=d6_as_d3) == odds.best_die_left(5)
    loaded = Dist({1: 1, 2: 1, 3: 2})
    assert odds.fill_chance(3, loaded) == Fraction(1, 2)
    with pytest.raises(ValueError):
        odds.best_die_left(6)


def test_wagon_fill_chance_in_a_live_position():
    from .helpers import new, past_setup, roll, set_wagon

    s = set_wagon(past_setup(new(2, first=0)), 0, 0, "W03", "G.B")  # GGB: one green space left
    assert odds.turns_left(s, 0) == 3 and odds.turns_left(s, 1) == 2
    assert odds.wagon_fill_chance_for(s, 0, 0) == 1  # any green die fills one space
    s = set_wagon(s, 0, 1, "W06")  # GGYY, empty: needs green 2 and yellow 2
    assert odds.wagon_fill_chance_for(s, 0, 1) == Fraction(4, 9)
    assert odds.wagon_fill_chance_for(s, 0, 1) == brute(lambda r: r[2] >= 2 and r[4] >= 2)[True]
    rolled = roll(s, [1, 1, 3, 1, 2])
    assert odds.wagon_fill_chance_for(rolled, 0, 1) == 1
    taken = rolled.apply("take green")
    assert odds.wagon_fill_chance_for(taken, 0, 1) == 1  # the green die in hand, yellow on a later turn
    assert odds.wagon_fill_chance_for(rolled.apply("take red"), 0, 1) == 1  # still 2 turns for green, yellow
    late = roll(s, [1, 1, 3, 1, 2])
    for colour in ("red", "blue", "black"):  # three dice go by; player 0 has one turn left (the 5th)
        late = late.apply(f"take {colour}").apply("draw")
        while late.phase not in ("turn_take_die",):
            late = late.apply(texts(late)[0])
    assert late.current_player == 1 and odds.turns_left(late, 0) == 1
    assert odds.wagon_fill_chance_for(late, 0, 1) == 0  # green and yellow need two turns
    assert odds.wagon_fill_chance_for(roll(s, [1, 1, 1, 1, 2]), 0, 1) == 0
