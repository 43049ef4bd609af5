"""Exact odds (catalogue section 7) against brute-force enumeration and against icepool."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, permutations

import icepool
import pytest

from hench.hemloch import odds
from hench.hemloch.data import default_data
from hench.hemloch.scoring import marker_points

from .helpers import COURTYARD, arrange, edit, loc, new


def enumerate_hand(copies: int, seen: int, deck: int = 30) -> Fraction:
    hits = total = 0
    for hand in combinations(range(deck), seen):
        total += 1
        hits += any(c < copies for c in hand)
    return Fraction(hits, total)


def ice(p) -> Fraction:
    return Fraction(p.numerator, p.denominator)


@pytest.mark.rule("HL-010")
@pytest.mark.parametrize("copies,expected", [(1, Fraction(1, 6)), (2, Fraction(9, 29)), (3, Fraction(88, 203))])
def test_q1_opening_hand(copies, expected):
    assert odds.opening_hand(copies) == expected == enumerate_hand(copies, 5)
    assert ice(icepool.Deck({1: copies, 0: 30 - copies}).deal(5).sum().probability(">=", 1)) == expected


@pytest.mark.rule("HL-010")
def test_q1_a_whole_faction_of_six():
    assert odds.faction_in_opening_hand(0) == Fraction(2381, 3393) == enumerate_hand(6, 5)


@pytest.mark.rule("HL-056")
@pytest.mark.parametrize("copies,expected", [(1, Fraction(7, 30)), (2, Fraction(182, 435))])
def test_q2_digging_with_two_draws(copies, expected):
    assert odds.dig(copies) == expected
    assert ice(icepool.Deck({1: copies, 0: 30 - copies}).deal(7).sum().probability(">=", 1)) == expected
    assert odds.at_least_one(copies, 4, deck=12) == enumerate_hand(copies, 4, deck=12)  # the same formula, enumerated


@pytest.mark.rule("HL-036", "HL-053", "HL-071")
@pytest.mark.parametrize("week", [1, 2, 3, 4])
def test_q3_week_deck_timing_over_all_24_orders(week):
    deck = ["D"] * (week - 1) + ["N"] * (5 - week)
    orders = list(permutations(range(4)))
    first = Fraction(sum(deck[o[0]] == "D" for o in orders), 24)
    last = Fraction(sum(deck[o[3]] == "D" for o in orders), 24)
    checks = {sum(deck[i] == "D" for i in o) + 1 for o in orders}
    assert odds.first_step_is_day(week) == first == Fraction(week - 1, 4)
    assert odds.last_step_is_day(week) == last
    assert checks == {odds.influence_checks_in_week(week)} == {week}


def test_q3_ten_checks_in_four_weeks():
    assert odds.influence_checks_in_game() == 10


@pytest.mark.rule("HL-038", "HL-039")
@pytest.mark.parametrize("steps", [0, 1, 2, 3, 4])
def test_q4_festival_blocking(steps):
    orders = list(permutations(range(4)))
    free = Fraction(sum(0 not in o[:steps] for o in orders), len(orders))
    assert odds.festival_free(steps) == free == Fraction(4 - steps, 4)


@pytest.mark.rule("HL-083", "HL-084")
def test_q5_placement_gain_equals_the_score_change_on_every_3x3_pattern():
    base = new()
    c = loc(base, COURTYARD)
    seen = set()
    for pattern in range(1 << 9):
        s = edit(base)
        s.spaces[c] = [0 if pattern >> i & 1 else -1 for i in range(9)]
        before = marker_points(s, 0, c)
        for space in s.empty_spaces(c):
            gain = odds.placement_gain(s, 0, c, space)
            s.spaces[c][space] = 0
            assert marker_points(s, 0, c) - before == gain
            s.spaces[c][space] = -1
            seen.add(gain)
    assert seen == {1, 2, 3, 4, 5, 6}
    assert odds.marker_gain(0, 0) == 1 and odds.marker_gain(1, 1) == 3 and odds.marker_gain(4, 4) == 6


@pytest.mark.rule("HL-069")
def test_q6_retreat_table():
    assert [odds.retreat_kept(n) for n in range(7)] == [0, 1, 1, 2, 2, 3, 3]


@pytest.mark.rule("HL-076", "HL-077")
def test_q7_influence_duel_by_enumeration_and_icepool():
    d = default_data()
    deck = [d.minions[c] for c in d.deck]
    for where in (None, 1):
        home = None if where is None else d.locations[where].home
        values = [m.influence + (m.faction == home) for m in deck]
        pairs = [(a, b) for a in values for b in values]
        expect = {"win": Fraction(sum(a > b for a, b in pairs), len(pairs)), "tie": Fraction(sum(a == b for a, b in pairs), len(pairs)),
                  "lose": Fraction(sum(a < b for a, b in pairs), len(pairs))}
        assert odds.duel(d, where) == expect
        die = icepool.Die(values)
        assert ice((die - die).probability(0)) == expect["tie"]
    assert odds.duel() == {"win": Fraction(1, 3), "tie": Fraction(1, 3), "lose": Fraction(1, 3)}


@pytest.mark.rule("HL-053", "HL-050")
def test_live_next_card_is_day_matches_the_chance_outcomes():
    s = edit(new())
    k = len(s.data.week)
    s.week_deck, s.day_supply, s.boxed = [0, 1, 2 + k, 3 + k], [k, k + 1], [2, 3]
    outcomes = s.chance_outcomes()
    assert odds.next_card_is_day(s) == sum(p for a, p in outcomes if a.day) == Fraction(1, 2)
    assert odds.next_festival_at(s, 0) == Fraction(1, 4)


@pytest.mark.rule("HL-076")
def test_live_draw_to_lead_by_enumerating_the_deck():
    s = arrange(new(), board={(COURTYARD, 1): ["Velvet Matron"]})  # 3 + 1 (home) = 4 to beat
    c = loc(s, COURTYARD)
    need = odds.shortfall(s, 0, c)
    assert need == 5
    home = s.data.locations[c].home
    good = [x for x in s.decks[0] if s.data.minions[x].influence + (s.data.minions[x].faction == home) >= need]
    assert odds.draw_to_lead(s, 0, c) == Fraction(len(good), len(s.decks[0])) == 0
    s2 = arrange(new(), board={(COURTYARD, 1): ["Fan Dancer"]})  # 2 to beat: need 3
    good = [x for x in s2.decks[0] if s2.data.minions[x].influence + (s2.data.minions[x].faction == home) >= 3]
    assert odds.draw_to_lead(s2, 0, c) == Fraction(len(good), len(s2.decks[0])) > 0
