"""Exact odds against brute-force enumeration, icepool and the catalogue's section 7 tables."""

import itertools
from fractions import Fraction as F

import icepool
import pytest

from hench.henchmania import odds

from .helpers import act
from .test_duel import duel_ready

PAIRS = [(a, d) for a in range(1, 7) for d in range(1, 7)]

TABLE1 = """0 91/216 19/27 7/8 26/27 215/216
0 16865/46656 3635/5832 1385/1728 665/729 45325/46656
0 217/729 386/729 19/27 604/729 665/729
0 397/1728 91/216 37/64 19/27 1385/1728
0 919/5832 217/729 91/216 386/729 3635/5832
0 3781/46656 919/5832 397/1728 217/729 16865/46656"""

TABLE_APOTHECARY = """0 2/27 7/27 1/2 20/27 25/27
0 1225/23328 275/1458 325/864 425/729 18125/23328
0 25/729 92/729 7/27 304/729 425/729
0 17/864 2/27 5/32 7/27 325/864
0 13/1458 25/729 2/27 92/729 275/1458
0 53/23328 13/1458 17/864 25/729 1225/23328"""


def table(text):
    return {(a + 1, d + 1): F(v) for a, row in enumerate(text.splitlines()) for d, v in enumerate(row.split())}


def brute_force_wounds(attack, defense):
    """Every attack roll, then every defense roll of one die per hit: wound count -> probability."""
    dist = {}
    for roll in itertools.product(range(1, 7), repeat=3):
        hits = sum(x >= attack for x in roll)
        for parry in itertools.product(range(1, 7), repeat=hits):
            wounds = hits - sum(x >= defense for x in parry)
            dist[wounds] = dist.get(wounds, 0) + F(1, 216 * 6**hits)
    return dist


def icepool_wounds(attack, defense):
    hits = icepool.d6.pool(3).expand().map(lambda roll: sum(x >= attack for x in roll))
    return hits.map(lambda h: h - (h @ (icepool.d6 >= defense)) if h else 0)


@pytest.mark.rule("HM-057", "HM-058", "HM-060", "HM-061", "HM-063")
@pytest.mark.parametrize("attack,defense", PAIRS)
def test_win_probability_brute_force_and_icepool(attack, defense):
    wounds = brute_force_wounds(attack, defense)
    ice = icepool_wounds(attack, defense)
    assert sum(wounds.values()) == 1
    assert odds.unparried_hits(attack, defense).probabilities() == {k: v for k, v in sorted(wounds.items()) if v}
    p = odds.duel_win_probability(attack, defense)
    assert p == sum(v for k, v in wounds.items() if k >= 1) == ice.probability(">=", 1)
    assert p == table(TABLE1)[attack, defense]
    assert p == 1 - (1 - F((7 - attack) * (defense - 1), 36)) ** 3  # the closed form


@pytest.mark.rule("HM-096")
@pytest.mark.parametrize("attack,defense", PAIRS)
def test_apothecary_brute_force_and_icepool(attack, defense):
    wounds = brute_force_wounds(attack, defense)
    p = odds.duel_win_probability(attack, defense, apothecary=True)
    assert p == sum(v for k, v in wounds.items() if k >= 2)
    assert p == icepool_wounds(attack, defense).probability(">=", 2)
    assert p == table(TABLE_APOTHECARY)[attack, defense]


@pytest.mark.rule("HM-065", "HM-066", "HM-067", "HM-068")
@pytest.mark.parametrize("attack,defense", PAIRS)
def test_expected_points_match_catalogue_formulas(attack, defense):
    p = odds.duel_win_probability(attack, defense)
    r = F((7 - attack) * (defense - 1), 36)
    e_att, e_def = odds.expected_points(attack, defense)
    assert e_att == 6 * p - 1
    assert e_def == 2 * (1 - r) ** 3 - 3 * r
    brute = brute_force_wounds(attack, defense)
    assert e_def == sum(v * (-k if k else 2) for k, v in brute.items())


def test_catalogue_worked_cases():
    assert odds.duel_win_probability(5, 5) == F(386, 729)
    assert odds.expected_points(5, 5) == (F(529, 243), F(200, 729))
    assert odds.expected_points(4, 4) == (F(79, 32), F(3, 32))
    assert odds.duel_win_probability(1, 6) == F(215, 216)
    assert all(odds.duel_win_probability(a, 1) == 0 for a in range(1, 7))
    assert odds.unparried_hits(5, 5).probabilities() == {0: F(343, 729), 1: F(98, 243), 2: F(28, 243), 3: F(8, 729)}
    assert odds.unparried_hits(4, 4).probabilities() == {0: F(27, 64), 1: F(27, 64), 2: F(9, 64), 3: F(1, 64)}
    assert odds.hits_distribution(4).probability(2) * F(1, 2) == F(3, 16)  # Q4
    assert odds.hits_distribution(3).probability(2) * F(4, 9) == F(16, 81)
    assert odds.duel_win_probability(1, 3) == odds.duel_win_probability(3, 4) == odds.duel_win_probability(4, 5) == F(19, 27)


@pytest.mark.rule("HM-082", "HM-084")
def test_tiebreak_odds():
    """Q5: bare vs bare is even; an attack-4 weapon gives 8659/12899."""
    px, py, tie = odds.tiebreak_round(5, 5, 5, 5)
    assert px == py == F(160118, 531441) and tie == F(211205, 531441)
    assert odds.tiebreak_win_probability(5, 5, 5, 5) == F(1, 2)
    assert odds.tiebreak_round(4, 5, 5, 5) == (F(8659, 19683), F(4240, 19683), F(6784, 19683))
    assert odds.tiebreak_win_probability(4, 5, 5, 5) == F(8659, 12899)
    # brute force: X's wounds against Y's wounds over every dice outcome
    wx, wy = brute_force_wounds(4, 5), brute_force_wounds(5, 5)
    assert sum(p * q for a, p in wx.items() for b, q in wy.items() if a > b) == F(8659, 19683)


def test_draw_odds_hypergeometric():
    """Q6: 12 Gloves in a 26-card Main Square, 2 draws: 18/25; brute force over all pairs of cards."""
    assert odds.draw_probability("Glove", 2) == F(18, 25)
    cards = [1] * 12 + [0] * 14
    pairs = list(itertools.combinations(range(26), 2))
    assert F(sum(1 for i, j in pairs if cards[i] or cards[j]), len(pairs)) == F(18, 25)
    assert odds.draw_distribution("Glove", 3).probability(3) == F(12 * 11 * 10, 26 * 25 * 24)
    assert odds.hypergeometric(26, 12, 0).probabilities() == {0: 1}
    with pytest.raises(ValueError):
        odds.hypergeometric(5, 6, 1)


@pytest.mark.rule("HM-072")
def test_performance_points_marginals():
    assert [odds.performance_points(k) for k in range(5)] == [0, 1, 3, 5, 5]


def test_engine_chance_outcomes_match_icepool_pool():
    s = act(duel_ready(), "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed")
    ours = {tuple(sorted(a.dice)): p for a, p in s.chance_outcomes()}
    ice = icepool.d6.pool(3).expand()
    assert ours == {tuple(k): F(ice.quantity(k), ice.denominator()) for k in ice.outcomes()}


def test_engine_tree_agrees_with_live_odds():
    """Walk every roll from a live duel through the engine: the Attacker's win chance equals the odds."""
    s = act(duel_ready(att_cards=("Glove", "Axe"), def_cards=("Shield",), scores=[10, 10, 10]),
            "play Glove on Player 2", "no Guard", "fight with Axe", "fight with Shield")
    assert odds.live_duel_win_probability(s) == odds.duel_win_probability(4, 4)
    total = F(0)
    for roll, p in s.chance_outcomes():
        after = s.apply(roll)
        if after.duel is None:
            continue
        for parry, q in after.chance_outcomes():
            if after.apply(parry).scores()[0] == 15:
                total += p * q
    assert total == F(37, 64)
    assert odds.live_duel_win_probability(act(s, "roll 6 5 1")) == F(3, 4)  # 2 hits, Shield parries on 4+
    assert odds.live_duel_win_probability(act(s, "roll 6 5 1", "roll 1 1")) is None  # the duel is over


def test_thresholds_are_checked():
    with pytest.raises(ValueError):
        odds.duel_win_probability(0, 4)
    assert len(odds.win_table()) == 36 and odds.win_table()[(4, 4)] == F(37, 64)
