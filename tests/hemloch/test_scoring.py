"""Final scoring (HL-030, HL-032, HL-082..HL-087; reading A1)."""

from __future__ import annotations

import pytest

from hench.hemloch.scoring import breakdown

from .helpers import BONEYARD, COURTYARD, arrange, edit, new


def over(s):
    s = edit(s)
    s.stage, s.ended, s.tasks = "over", ["HL-043"], ()
    return s


@pytest.mark.rule("HL-030", "HL-032", "HL-082")
def test_items_score_two_face_up_and_one_face_down():
    s = arrange(new(), items={0: {"Potion": (2, 1), "Trinket": (0, 3)}})
    assert s.scores() == [2 * 2 + 1 + 3, 0]


@pytest.mark.rule("HL-082")
def test_a1_scepters_score_like_the_other_items_unless_the_option_says():
    s = arrange(new(), items={0: {"Scepter": (1, 1)}})
    assert s.scores()[0] == 3
    literal = arrange(new(score_scepters=False), items={0: {"Scepter": (1, 1)}})
    assert literal.scores()[0] == 0


@pytest.mark.rule("HL-083", "HL-084")
def test_markers_score_by_orthogonal_contact_only():
    s = arrange(new(), markers={COURTYARD: {(0, 0): 0, (1, 1): 0, (2, 2): 1, (2, 1): 1}, BONEYARD: {(0, 0): 0, (0, 1): 0}})
    b = breakdown(s, 0)
    assert b["markers"][COURTYARD] == 2  # diagonal neighbours do not touch
    assert b["markers"][BONEYARD] == 4
    assert breakdown(s, 1)["markers"][COURTYARD] == 4


@pytest.mark.rule("HL-085")
def test_the_higher_total_wins():
    s = over(arrange(new(), markers={COURTYARD: {(0, 0): 1}}))
    assert s.winners() == [1]


@pytest.mark.rule("HL-086")
def test_a_tie_goes_to_more_placed_markers():
    s = over(arrange(new(), markers={COURTYARD: {(0, 0): 0}}, items={1: {"Potion": (0, 1)}}))
    assert s.scores() == [1, 1] and s.winners() == [0]


@pytest.mark.rule("HL-087")
def test_a_full_tie_is_a_shared_win():
    s = over(arrange(new(), markers={COURTYARD: {(0, 0): 0, (2, 2): 1}}))
    assert s.scores() == [1, 1] and s.winners() == [0, 1]
