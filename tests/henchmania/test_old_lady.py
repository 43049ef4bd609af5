"""HM-107 (issue 36): a loan of the Old Lady that would change a duel's roll or win is her owner's choice."""

from itertools import combinations_with_replacement

import pytest

import hench
from hench.henchmania.actions import BorrowOldLady, KeepOldLady

from .helpers import act, give, lines
from .test_duel import duel_ready
from .test_end import with_scores
from .test_phase2 import pass_all, rule_of, start

BORROW, KEEP = "borrow from the Old Lady", "keep the Old Lady"


def bare_duel(lender="Master-at-Arms", old_lady_seat=0):
    """Player 1 challenges Player 2, both bare-handed; Player 3 holds `lender` as a Trump."""
    s = give(give(duel_ready(scores=[10, 10, 10]), old_lady_seat, "Old Lady", where="reserve"), 2, lender, where="trump")
    return act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed")


def values(s):
    bonus = s.data.deck[s.trumps[2]].points
    attack, defense = s.data.values["bare_hands_attack"], s.data.values["bare_hands_defense"]
    return max(1, attack), max(1, attack - bonus), max(1, defense), max(1, defense - bonus)


@pytest.mark.rule("HM-107", "HM-058")
def test_the_loan_is_offered_exactly_when_it_changes_the_attack_roll():
    s = bare_duel()
    bare, lent, _, _ = values(s)
    assert bare != lent  # else no roll could tell offered from not
    offered = 0
    for dice in combinations_with_replacement(range(6, 0, -1), 3):
        rolled = act(s, "roll " + " ".join(map(str, dice)))
        changes = sum(d >= lent for d in dice) != sum(d >= bare for d in dice)
        assert (rolled.phase == "old_lady_window") == changes, dice
        offered += changes
        if changes:
            assert rolled.current_player == 0 and rolled.legal_actions() == [BorrowOldLady(), KeepOldLady()]
            assert rolled.duel["hits"] == sum(d >= bare for d in dice)  # counted bare until she lends
    assert 0 < offered < 56


@pytest.mark.rule("HM-107")
def test_no_offer_without_an_unturned_old_lady():
    s = give(duel_ready(scores=[10, 10, 10]), 2, "Master-at-Arms", where="trump")
    s = act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed")
    bare, lent, _, _ = values(s)
    rolled = act(s, f"roll {lent} 1 1")  # a hit only with the loan nobody can make
    assert lent < bare and rolled.duel is None and rolled.phase == "play_cards"
    assert rolled.scores()[1] == 10 + s.data.values["defender_win_points"]


@pytest.mark.rule("HM-107", "HM-036")
def test_borrowing_counts_the_roll_with_the_master_at_arms_and_turns_her():
    s = bare_duel()
    bare, lent, _, _ = values(s)
    rolled = act(s, f"roll {lent} {lent} 1")
    assert 1 < lent < bare and rolled.duel["hits"] == 0
    borrowed = act(rolled, BORROW)
    assert borrowed.duel["hits"] == rolled.duel["hits"] + 2 == 2 and "loan" not in borrowed.duel
    assert borrowed.phase == "defense_roll" and borrowed.has_fresh(0, "old_lady") is None
    assert any(f"Player 1's Old Lady borrows Player 3's Master-at-Arms: 2 hits at {lent}+" in e for e in lines(borrowed, 0))


@pytest.mark.rule("HM-107", "HM-060")
def test_keeping_her_counts_the_roll_bare_and_no_hit_ends_the_duel():
    s = bare_duel()
    _, lent, _, _ = values(s)
    kept = act(s, f"roll {lent} 1 1", KEEP)
    assert kept.has_fresh(0, "old_lady") is not None and kept.duel is None  # no hit: the Defender won
    assert kept.scores()[1] == 10 + s.data.values["defender_win_points"]
    assert any("Player 1 keeps the Old Lady unturned for later" in e for e in lines(kept, 0))
    assert not any("borrows" in e for e in lines(kept))


@pytest.mark.rule("HM-107", "HM-061")
def test_the_defender_borrows_for_a_parry():
    s = bare_duel(old_lady_seat=1)
    _, _, bare, lent = values(s)
    assert 1 < lent < bare  # the dice below show one parry only with the loan
    rolled = act(s, "roll 6 6 6")
    assert rolled.phase == "defense_roll"  # Player 1 has no Old Lady: no offer on the attack dice
    parried = act(rolled, f"roll {lent} 1 1")
    assert parried.phase == "old_lady_window" and parried.current_player == 1 and parried.duel["wounds"] == 3
    borrowed = act(parried, BORROW)
    assert borrowed.scores()[1] == 10 - 2 * s.data.values["defender_loss_per_wound"]
    assert borrowed.has_fresh(1, "old_lady") is None
    kept = act(parried, KEEP)
    assert kept.scores()[1] == 10 - 3 * s.data.values["defender_loss_per_wound"]
    assert kept.has_fresh(1, "old_lady") is not None


@pytest.mark.rule("HM-107", "HM-065")
def test_the_banner_is_offered_to_a_winning_attacker_and_declining_keeps_her_for_later():
    s = bare_duel(lender="Banner")
    won = act(s, "roll 6 6 6", "roll 1 1 1")
    assert won.phase == "old_lady_window" and won.current_player == 0
    win, banner = s.data.values["attacker_win_points"], s.data.deck[s.trumps[2]].points
    borrowed = act(won, BORROW)
    assert borrowed.scores()[0] == 10 + win + banner and borrowed.has_fresh(0, "old_lady") is None
    kept = act(won, KEEP)
    assert kept.scores()[0] == 10 + win and kept.has_fresh(0, "old_lady") is not None
    # kept for later: the same day she still borrows an opponent's 'At your turn' Trump
    later = give(kept, 1, "Royal Favour", where="trump")
    while later.current_player != 0:
        later = act(later, "pass")
    assert act(later, "use Old Lady on Player 2 Royal Favour").has_fresh(0, "old_lady") is None


@pytest.mark.rule("HM-107")
def test_the_loan_moves_are_refused_when_nothing_is_offered():
    s = bare_duel()
    assert rule_of(s, BORROW) == "HM-107"  # at the attack roll, before any dice
    before = give(duel_ready(scores=[10, 10, 10]), 0, "Old Lady", where="reserve")
    assert rule_of(before, KEEP) == "HM-107"  # in phase 2, no duel at all


@pytest.mark.rule("HM-107")
def test_the_offer_reads_back_as_itself_and_survives_a_save():
    s = bare_duel()
    s = act(s, f"roll {values(s)[1]} 1 1")
    assert [str(a) for a in s.legal_actions()] == [BORROW, KEEP]
    for action in s.legal_actions():
        assert s.game.parse_action(s, str(action)) == action
    back = hench.state_from_json(s.to_json())
    assert back == s and back.duel["loan"] == s.duel["loan"] and act(back, BORROW) == act(s, BORROW)


@pytest.mark.rule("HM-107", "HM-083")
def test_a_tie_break_duel_offers_the_loan_too():
    s = give(give(with_scores(start(), [20, 20, 8], day=4), 0, "Old Lady", where="reserve"), 2, "Master-at-Arms",
             where="trump")
    tb = pass_all(s)
    assert tb.tiebreak is not None and tb.duel["att"] == 0
    _, lent, _, _ = values(tb)
    offered = act(tb, f"roll {lent} 1 1")
    assert offered.phase == "old_lady_window" and offered.current_player == 0 and offered.duel["tb"]
    borrowed = act(offered, BORROW)
    assert borrowed.phase == "defense_roll" and borrowed.duel["hits"] == 1 and borrowed.has_fresh(0, "old_lady") is None
    kept = act(offered, KEEP)  # no hit: Player 2's leg follows
    assert kept.phase == "attack_roll" and kept.duel["att"] == 1 and kept.tiebreak["wounds"] == [0, 0]
