"""Maniacal exact odds: the catalogue's tables (section 7), brute-force enumeration and icepool."""

from fractions import Fraction as F
from itertools import product

import icepool
import pytest

from hench.maniacal import odds

NON_MATCHING = [  # catalogue Q2, rows N = 1..6, Target 1..8
    [F(1, 2), F(1, 6), 0, 0, 0, 0, 0, 0],
    [F(3, 4), F(5, 12), F(5, 36), F(1, 36), 0, 0, 0, 0],
    [F(7, 8), F(5, 8), F(1, 3), F(7, 54), F(7, 216), F(1, 216), 0, 0],
    [F(15, 16), F(37, 48), F(25, 48), F(121, 432), F(149, 1296), F(5, 144), F(1, 144), F(1, 1296)],
    [F(31, 32), F(83, 96), F(97, 144), F(191, 432), F(77, 324), F(199, 1944), F(133, 3888), F(11, 1296)],
    [F(63, 64), F(59, 64), F(151, 192), F(1019, 1728), F(109, 288), F(529, 2592), F(2119, 23328), F(763, 23328)],
]
MATCHING = [
    [F(1, 2), F(1, 3), 0, 0, 0, 0, 0, 0],
    [F(3, 4), F(7, 12), F(2, 9), F(1, 9), 0, 0, 0, 0],
    [F(7, 8), F(3, 4), F(11, 24), F(31, 108), F(5, 54), F(1, 27), 0, 0],
    [F(15, 16), F(41, 48), F(31, 48), F(203, 432), F(20, 81), F(7, 54), F(1, 27), F(1, 81)],
    [F(31, 32), F(11, 12), F(7, 9), F(271, 432), F(1081, 2592), F(1021, 3888), F(119, 972), F(1, 18)],
    [F(63, 64), F(61, 64), F(83, 96), F(647, 864), F(989, 1728), F(2125, 5184), F(1423, 5832), F(1583, 11664)],
]


@pytest.mark.rule("MA-118", "MA-119", "MA-120")
def test_catalogue_tables():
    assert odds.table(False) == NON_MATCHING
    assert odds.table(True) == MATCHING


@pytest.mark.rule("MA-119")
def test_one_die():
    assert odds.die(False).probabilities() == {0: F(1, 2), 1: F(1, 3), 2: F(1, 6)}
    assert odds.die(True).probabilities() == {0: F(1, 2), 1: F(1, 6), 2: F(1, 3)}


@pytest.mark.rule("MA-116", "MA-184")
@pytest.mark.parametrize("case,m,n,t,p", [
    ("A", 1, 0, 1, F(1, 2)), ("A2", 1, 0, 2, F(1, 3)), ("A2'", 0, 1, 2, F(1, 6)),
    ("B", 4, 2, 5, F(2689, 5184)), ("B'", 1, 5, 5, F(1081, 2592)), ("C1", 4, 2, 7, F(8921, 46656)),
    ("C2", 3, 2, 5, F(917, 2592)), ("C3", 5, 2, 5, F(853, 1296)), ("E", 0, 0, 1, 0)])
def test_concrete_attempts(case, m, n, t, p):
    assert odds.success_chance(m, n, t) == p


def brute(m, n, t):
    match, other = odds.face_values(matching=True), odds.face_values()
    hits = sum(sum(roll) >= t for roll in product(*([match] * m + [other] * n)))
    return F(hits, 6 ** (m + n))


@pytest.mark.parametrize("m,n", [(0, 1), (1, 1), (2, 2), (3, 1), (0, 4)])
def test_against_brute_force_enumeration(m, n):
    for t in range(0, 2 * (m + n) + 2):
        assert odds.success_chance(m, n, t) == brute(m, n, t)


def icepool_chance(m, n, t):
    match, other = icepool.Die(odds.face_values(matching=True)), icepool.Die(odds.face_values())
    dist = (m @ match if m else icepool.Die([0])) + (n @ other if n else icepool.Die([0]))
    return F(dist.probability(">=", t))


@pytest.mark.parametrize("m,n", [(1, 0), (4, 2), (5, 2), (0, 6), (7, 3)])
def test_against_icepool(m, n):
    for t in range(1, 16):
        assert odds.success_chance(m, n, t) == icepool_chance(m, n, t)


@pytest.mark.rule("MA-115")
def test_successes_per_colour():
    dist = odds.per_colour({"brawn": 4, "stealth": 1, "magic": 1}, "brawn")  # EX-10's henchman on a Brawn contract
    assert set(dist) == {"brawn", "stealth", "magic"}
    assert dist["brawn"] == odds.pool(4, 0) and dist["stealth"] == odds.die(False)
    assert odds.contract_chance({"brawn": 4, "stealth": 1, "magic": 1}, "brawn", 5) == F(2689, 5184)


@pytest.mark.rule("MA-153", "MA-177")
def test_rerolls_catalogue_q4():
    assert odds.success_chance(5, 2, 8) == F(26791, 139968)
    assert odds.success_chance(5, 2, 8, rerolls=("any",)) == F(156236033, 241864704)
    assert odds.success_chance(5, 2, 8, rerolls=(3,)) == F(11011963, 20155392)


def brute_reroll(m, n, t, limit):
    """Per-die brute force: every roll, every subset to reroll (at most `limit`), exact reroll odds."""
    faces = [odds.face_values(matching=True)] * m + [odds.face_values()] * n
    total = F(0)
    for roll in product(*faces):
        best = F(int(sum(roll) >= t))
        for mask in product((0, 1), repeat=m + n):
            if 0 < sum(mask) <= limit:
                kept = sum(v for v, r in zip(roll, mask) if not r)
                again = [f for f, r in zip(faces, mask) if r]
                hits = sum(kept + sum(x) >= t for x in product(*again))
                best = max(best, F(hits, 6 ** len(again)))
        total += best
    return total / 6 ** (m + n)


@pytest.mark.parametrize("m,n,t,limit", [(1, 1, 3, 9), (2, 1, 3, 1), (1, 2, 4, 2), (2, 0, 4, 9)])
def test_rerolls_against_per_die_brute_force(m, n, t, limit):
    assert odds.success_chance(m, n, t, rerolls=("any" if limit == 9 else limit,)) == brute_reroll(m, n, t, limit)


def test_two_rerolls_in_a_row_are_worth_more_than_one():
    one = odds.success_chance(2, 1, 4, rerolls=(2,))
    two = odds.success_chance(2, 1, 4, rerolls=(2, 3))
    assert odds.success_chance(2, 1, 4) < one < two <= 1


def test_the_learn_pages_lesson_numbers_are_the_engines():
    """The chances quoted in the Learn page's lessons (issue 29) are hench's, on the dice faces in force."""
    import json
    from pathlib import Path

    page = "".join("".join(c["source"]) for c in json.loads(
        (Path(__file__).resolve().parents[2] / "notebooks/maniacal/01-learn.ipynb").read_text())["cells"])
    page = " ".join(page.split())
    plain, rerolled, lackey = (odds.success_chance(2, 1, 3), odds.success_chance(2, 1, 3, (2,)),
                               odds.success_chance(2, 1, 3, ("any",)))
    assert f"from {float(plain):.1%} to {float(rerolled):.1%}" in page and f"from {float(plain):.1%} to {float(lackey):.1%}" in page
    assert odds.pool(1, 0).mean() == F(5, 6) and odds.pool(0, 1).mean() == F(2, 3) and "5/6 of a success" in page
    assert odds.pool(0, 1).at_least(1) == F(1, 2) and "half the time (50%)" in page
