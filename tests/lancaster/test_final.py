"""Final scoring of the base game (LB-076..LB-087): knighthood 8/4 (squires break ties), extensions 8/4 (gold breaks
ties), the company at table, shared points for unbroken ties, and a shared win for a tie on power points."""

from __future__ import annotations

import pytest

from hench.lancaster.scoring import extension_points, knighthood, knighthood_points, noble_points, shared_places, winners
from hench.lancaster.transitions import cleanup

from .helpers import new, put

A, B, C, D = 0, 1, 2, 3


def four():
    s = new(4, "none")
    for p in range(4):
        s.extensions[p] = ["E1"]
        s.res[p].update(gold=0, squires=0)
    return s


@pytest.mark.rule("LB-076", "LB-080")
def test_final_scoring_follows_the_fifth_rounds_rewards():
    s = new(3, "none")
    s.round = 5
    cleanup(s)
    assert s.is_terminal and len(s.final) == 3 and s.winners()
    s = new(3, "none")
    cleanup(s)
    assert not s.is_terminal and s.round == 2


@pytest.mark.rule("LB-077", "LB-069")
def test_knighthood_eight_and_four():
    s = four()
    put(s, A, 4, "court")
    put(s, B, 3, "court")
    assert [knighthood(s, p) for p in range(4)] == [7, 6, 3, 3]
    assert knighthood_points(s) == [8, 4, 0, 0]


@pytest.mark.rule("LB-084", "LB-086")
def test_squires_break_a_knighthood_tie_else_the_places_are_shared():
    s = four()
    put(s, A, 4, "court")
    put(s, B, 4, "court")
    assert knighthood_points(s) == [6, 6, 0, 0]  # a tie for first: 12 shared
    s.res[B]["squires"] = 1
    assert knighthood_points(s) == [4, 8, 0, 0]
    t = four()
    put(t, A, 4, "court")
    assert knighthood_points(t) == [8, 1, 1, 1]  # three tie for second: 4 shared, the remainder dropped
    t.res[C]["squires"] = 2
    assert knighthood_points(t) == [8, 0, 4, 0]  # reading LB-086: squires break a tie for second too


@pytest.mark.rule("LB-078", "LB-085", "LB-086")
def test_extensions_eight_and_four_gold_breaks_ties():
    s = four()
    s.extensions[A] = ["E1", "E2", "E3"]
    s.extensions[B] = ["E1", "E2"]
    s.extensions[C] = ["E1", "E2"]
    assert extension_points(s) == [8, 2, 2, 0]
    s.res[C]["gold"] = 1
    assert extension_points(s) == [8, 0, 4, 0]


@pytest.mark.rule("LB-079")
def test_the_company_at_table_scores_from_two_noblemen():
    s = four()
    s.nobles[A] = ["A"]
    s.nobles[B] = ["A", "B"]
    s.nobles[C] = list("ABCDEFGHI")
    assert noble_points(s) == [0, s.data.noble_scale[2], 36, 0]


@pytest.mark.rule("LB-087", "LB-080")
def test_a_tie_on_power_points_is_a_shared_win():
    s = new(3, "none")
    s.stage, s.final = "over", [[0] * 5] * 3
    for p, pp in enumerate((10, 12, 12)):
        s.res[p]["pp"] = pp
    assert winners(s) == [1, 2]


def test_shared_places_drops_remainders_towards_zero():
    assert shared_places([(5,), (5,), (5,)], [8, 4]) == [4, 4, 4]
    assert shared_places([(1,), (1,)], [-6, -3]) == [-4, -4]
