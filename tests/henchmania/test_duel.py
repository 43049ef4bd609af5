"""Duels: challenge, Guard, weapons, dice as chance nodes, outcome, Apothecary and Courtesan."""

from fractions import Fraction

import pytest

import hench
from hench import IllegalActionError

from .helpers import act, edit, give, names
from .test_phase2 import rule_of, start


def duel_ready(players=3, att_cards=("Glove",), def_cards=(), scores=None, **opts):
    s = give(start(players=players, **opts), 0, *att_cards)
    if def_cards:
        s = give(s, 1, *def_cards)
    if scores:
        s = edit(s)
        s.scores_ = list(scores)
    return s


@pytest.mark.rule("HM-052", "HM-053", "HM-054", "HM-056", "HM-057", "HM-058", "HM-060", "HM-061",
                  "HM-063", "HM-064", "HM-065", "HM-066", "HM-069", "HM-070")
def test_ex1_duel_example():
    """EX-1: Axe (attack 4) against a defense-4 card; dice 5 4 2 give 2 hits, 6 1 parries one:
    the Attacker goes 10 -> 15, the Defender 12 -> 11; the cards go to their sites' discards."""
    s = duel_ready(att_cards=("Glove", "Axe"), def_cards=("Shield",), scores=[10, 12, 7])
    s = act(s, "play Glove on Player 2")
    assert s.phase == "guard_window" and s.current_player == 1
    s = act(s, "no Guard", "fight with Axe")
    assert s.phase == "defender_weapon" and s.current_player == 1
    s = act(s, "fight with Shield")
    assert s.phase == "attack_roll" and s.current_player == hench.CHANCE
    s = act(s, "roll 5 4 2")
    assert s.duel["hits"] == 2 and s.phase == "defense_roll" and s.dice_to_roll() == 2
    s = act(s, "roll 6 1")
    assert s.scores() == [15, 11, 7]
    assert s.name(s.discards[2][-1]) == "Glove"
    assert names(s, s.discards[4][-2:]) == ["Axe", "Shield"]
    assert s.phase == "play_cards" and s.current_player == 1 and s.duel is None


@pytest.mark.rule("HM-052", "HM-053")
def test_glove_targets_an_opponent_and_cannot_be_refused():
    s = duel_ready()
    assert rule_of(s, "play Glove on Player 1") == "HM-052"
    assert rule_of(s, "play Glove") == "HM-052"
    s = act(s, "play Glove on Player 3")
    assert s.current_player == 2
    assert rule_of(s, "pass") == "HM-053"


@pytest.mark.rule("HM-055", "HM-059", "HM-062")
def test_bare_hands_use_the_assumed_values():
    s = act(duel_ready(scores=[10, 10, 10]), "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed")
    s2 = act(s, "roll 5 4 4")  # bare attack 5: one hit
    assert s2.duel["hits"] == 1
    s3 = act(s2, "roll 4")  # bare defense 5: a 4 does not parry
    assert s3.scores() == [15, 9, 10]
    s4 = act(s2, "roll 5")
    assert s4.scores() == [9, 12, 10]


@pytest.mark.rule("HM-054", "HM-056")
def test_weapon_must_come_from_the_fighter_hand():
    s = act(duel_ready(def_cards=("Shield",)), "play Glove on Player 2", "no Guard")
    assert rule_of(s, "fight with Shield") == "HM-054"
    assert rule_of(s, "fight with Glove") == "HM-054"
    s = act(s, "fight bare-handed")
    assert rule_of(s, "fight with Axe") == "HM-056"


@pytest.mark.rule("HM-057", "HM-060")
def test_dice_are_exact_chance_nodes():
    s = act(duel_ready(), "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 56 and sum(p for _, p in outcomes) == 1
    assert dict((str(a), p) for a, p in outcomes)["roll 6 4 1"] == Fraction(6, 216)
    assert [a for a, _ in outcomes] == s.legal_actions()
    assert rule_of(s, "roll 6 6") == "HM-057"
    assert rule_of(s, "roll 7 1 1") == "HM-057"
    assert act(s, "roll 1 4 6") == act(s, "roll 6 4 1")  # any order of the same dice
    s2 = act(s, "roll 6 5 1")
    assert len(s2.chance_outcomes()) == 21 and sum(p for _, p in s2.chance_outcomes()) == 1
    assert rule_of(s2, "roll 6 6 6") == "HM-060"


@pytest.mark.rule("HM-060", "HM-063", "HM-067", "HM-068")
def test_no_hit_means_no_defense_roll_and_the_defender_wins():
    s = act(duel_ready(scores=[10, 10, 10]), "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed")
    s = act(s, "roll 4 3 1")
    assert s.scores() == [9, 12, 10] and s.phase == "play_cards"


@pytest.mark.rule("HM-066")
def test_three_unparried_hits_cost_three_and_the_floor_is_zero():
    s = act(duel_ready(scores=[10, 2, 10]), "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed", "roll 6 6 6")
    assert act(s, "roll 1 1 1").scores() == [15, 0, 10]  # A11: clamped at 0
    s = act(duel_ready(scores=[10, 2, 10], score_floor="none"), "play Glove on Player 2", "no Guard", "fight bare-handed",
            "fight bare-handed", "roll 6 6 6", "roll 1 1 1")
    assert s.scores() == [15, -1, 10]


@pytest.mark.rule("HM-102", "HM-103")
def test_guard_cancels_the_duel():
    s = act(duel_ready(def_cards=("Guard",), scores=[10, 10, 10]), "play Glove on Player 2")
    s2 = act(s, "play Guard")
    assert s2.scores() == [10, 10, 10] and s2.duel is None and s2.current_player == 1
    assert names(s2, s2.discards[2][-2:]) == ["Glove", "Guard"]
    assert rule_of(act(s, "no Guard"), "play Guard") == "HM-102"  # too late: the Guard answers the Glove at once


@pytest.mark.rule("HM-103")
def test_guard_after_a_laid_weapon_sends_it_back():
    s = duel_ready(att_cards=("Glove", "Axe"), def_cards=("Guard",), guard_timing="after_weapon")
    s = act(s, "play Glove on Player 2")
    assert s.phase == "attacker_weapon"
    s = act(s, "fight with Axe")
    assert s.phase == "guard_window" and names(s, s.hands[0]) == []
    s = act(s, "play Guard")
    assert names(s, s.hands[0]) == ["Axe"]
    s2 = act(duel_ready(att_cards=("Glove", "Axe"), guard_timing="after_weapon"), "play Glove on Player 2", "fight with Axe", "no Guard")
    assert s2.phase == "defender_weapon"


@pytest.mark.rule("HM-096")
def test_apothecary_cancels_the_last_wound():
    s = give(duel_ready(scores=[10, 10, 10]), 1, "Apothecary", where="reserve")
    s = act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed", "roll 6 1 1", "roll 1")
    assert s.phase == "apothecary_window" and s.current_player == 1
    assert {str(a) for a in s.legal_actions()} == {"use Apothecary", "no Apothecary"}
    used = act(s, "use Apothecary")
    assert used.scores() == [9, 12, 10]  # the Defender wins instead
    assert used.reserves[1][0] in used.exhausted
    assert act(s, "no Apothecary").scores() == [15, 9, 10]


@pytest.mark.rule("HM-092", "HM-091")
def test_courtesan_lets_a_third_player_cancel_a_wound():
    s = give(duel_ready(scores=[10, 10, 10]), 2, "Courtesan", where="reserve")
    s = give(s, 0, "Courtesan", where="reserve")
    s = act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed", "roll 6 6 1", "roll 1 1")
    assert s.phase == "courtesan_window" and s.current_player == 2  # only P2, not the Attacker's own Courtesan
    s = act(s, "use Courtesan")
    assert s.scores() == [15, 9, 10]


@pytest.mark.rule("HM-065")
def test_trumps_in_duels_banner_and_master_at_arms():
    s = give(duel_ready(scores=[10, 10, 10]), 0, "Banner", where="trump")
    s = act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed", "roll 6 1 1", "roll 1")
    assert s.scores() == [16, 9, 10]
    s = give(duel_ready(scores=[10, 10, 10]), 0, "Master-at-Arms", where="trump")
    s = act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed", "roll 4 1 1")
    assert s.duel["hits"] == 1  # bare hands attack at 4 with the Master-at-Arms


@pytest.mark.rule("HM-063")
def test_every_hit_parried_means_the_defender_wins():
    s = act(duel_ready(scores=[10, 10, 10]), "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed",
            "roll 6 5 1", "roll 6 5")
    assert s.scores() == [9, 12, 10]


def test_illegal_duel_action_leaves_state_unchanged():
    s = act(duel_ready(), "play Glove on Player 2", "no Guard")
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        act(s, "roll 6 6 6")
    assert s.to_json() == before


def test_gauntlet_is_an_alias_of_glove():
    """A15: the rulebook's 'Gauntlet' is the Glove."""
    s = duel_ready()
    assert act(s, "play Gauntlet on Player 2") == act(s, "play Glove on Player 2")
