"""The exact distribution type against brute force and icepool."""

from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hench.core import Dist, format_probability


def icepool_probs(die) -> dict:
    return {o: Fraction(q, die.denominator()) for o, q in die.items()}


def test_format_probability():
    assert format_probability(Fraction(37, 64)) == "37/64 (57.8%)"
    assert format_probability(Fraction(1, 3), digits=2) == "1/3 (33.33%)"
    assert format_probability(1) == "1 (100.0%)"


@pytest.mark.parametrize("n,sides", [(1, 6), (2, 6), (3, 6), (4, 3), (5, 3)])
def test_sums_match_brute_force_and_icepool(n, sides):
    mine = Dist.die(sides).repeat(n).probabilities()
    rolls = list(itertools.product(range(1, sides + 1), repeat=n))
    brute = {t: Fraction(sum(1 for r in rolls if sum(r) == t), len(rolls)) for t in {sum(r) for r in rolls}}
    assert mine == brute == icepool_probs(n @ icepool.Die(range(1, sides + 1)))


@pytest.mark.parametrize("k", range(1, 7))
def test_successes_of_three_dice(k):
    hits = Dist.die(6).pool(3).map(lambda pool: sum(1 for x in pool if x >= k))
    ref = icepool_probs(3 @ (icepool.d6 >= k))
    assert hits.probabilities() == {h: p for h, p in ref.items() if p}
    assert hits == Dist.binomial(3, Fraction(7 - k, 6))


def test_max_min_and_comparisons():
    assert Dist.die(3).max_of(5).probabilities() == icepool_probs(icepool.d3.pool(5).highest(1).sum())
    assert Dist.die(6).min_of(2).probability(1) == Fraction(11, 36)
    assert Dist.die(6).ge(Dist.die(6)).probability(True) == Fraction(21, 36)
    assert Dist.die(6).at_least(5) == Fraction(1, 3)


def test_mean_variance_bind():
    d6 = Dist.die(6)
    assert d6.mean() == Fraction(7, 2) and d6.variance() == Fraction(35, 12)
    # roll a die, then roll that many dice and count sixes
    sixes = d6.bind(lambda n: Dist.binomial(n, Fraction(1, 6)))
    assert sum(sixes.probabilities().values()) == 1
    assert sixes.mean() == Fraction(7, 2) * Fraction(1, 6)


def test_bad_weights_are_explained():
    with pytest.raises(ValueError, match="non-negative integers"):
        Dist({1: -1})
    with pytest.raises(ValueError, match="at least one outcome"):
        Dist({1: 0})
    with pytest.raises(ValueError, match="n >= 1"):
        Dist.die(6).repeat(0)


def test_display_as_table():
    text = str(Dist.binomial(3, Fraction(1, 2)))
    assert "3/8 (37.5%)" in text and text.splitlines()[0].split() == ["outcome", "probability"]
    assert "<table" in Dist.die(2)._repr_html_()


@given(st.dictionaries(st.integers(-5, 5), st.integers(1, 20), min_size=1, max_size=6),
       st.dictionaries(st.integers(-5, 5), st.integers(1, 20), min_size=1, max_size=6))
def test_sum_of_independent_matches_icepool(a, b):
    mine = (Dist(a) + Dist(b)).probabilities()
    assert mine == icepool_probs(icepool.Die(a) + icepool.Die(b))
    assert sum(mine.values()) == 1
