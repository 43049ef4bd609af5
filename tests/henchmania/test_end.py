"""Phase 3 (scoring, straightening, recall, end check, Badge) and the end of the game."""

import pytest

import hench
from hench.henchmania import meter

from .helpers import act, edit, give, lines, new
from .test_phase2 import pass_all, start


def with_scores(s, scores, day=None):
    s = edit(s)
    s.scores_ = list(scores)
    if day is not None:
        s.day = day
    return s


@pytest.mark.rule("HM-071", "HM-072")
def test_ex4_performance_sets():
    """EX-4: 3 different Performance cards score 5; 2 score 3; 1 scores 1; duplicates add nothing."""
    for cards, points in [(("Jester", "Minstrel", "Juggler"), 5), (("Jester", "Minstrel"), 3), (("Jester",), 1),
                          (("Jester", "Jester"), 1), (("Jester", "Jester", "Minstrel"), 3)]:
        s = give(start(), 0, *cards, where="reserve")
        assert pass_all(s).scores()[0] == s.scores()[0] + points


@pytest.mark.rule("HM-071")
def test_reserve_points_and_no_trump_points_at_day_end():
    s = give(give(start(), 1, "Prayer", "Prayer", "Penitent", where="reserve"), 1, "Royal Favour", where="trump")
    end = pass_all(s)
    assert end.scores()[1] == s.scores()[1] + 2  # two Prayers; the Trump scores nothing in phase 3 (HM-071)
    assert end.scores()[0] == s.scores()[0]
    assert next(e for e in lines(end) if "scores" in e).startswith("Player 1")  # the Badge holder scores first


@pytest.mark.rule("HM-074", "HM-075", "HM-076", "HM-015", "HM-014")
def test_day_end_recalls_pawns_and_moves_the_badge():
    s = start()
    assert sum(map(sum, s.pawns)) == 24
    s2 = pass_all(s)
    assert s2.day == 2 and s2.badge == 1 and s2.current_player == 1
    assert sum(map(sum, s2.pawns)) == 0 and s2.phase == "set_henchmen"
    assert new().last_day == 4


@pytest.mark.rule("HM-077", "HM-008")
def test_threshold_reached_at_end_of_day_ends_the_game():
    s = with_scores(start(), [30, 12, 8])
    end = pass_all(s)
    assert end.is_terminal and end.winners() == [0] and end.phase == "game_end"
    not_yet = with_scores(start(threshold_inclusive=False), [30, 12, 8])
    assert not pass_all(not_yet).is_terminal  # A2 option: "over 30"


@pytest.mark.rule("HM-077", "HM-064")
def test_passing_thirty_during_phase_two_waits_for_the_check():
    s = give(with_scores(start(), [29, 12, 8]), 0, "Holy Water")
    s2 = act(s, "play Holy Water")
    assert s2.scores()[0] == 31 and not s2.is_terminal and s2.phase == "play_cards"
    assert pass_all(s2).is_terminal


@pytest.mark.rule("HM-078", "HM-086")
@pytest.mark.parametrize("days", [3, 4, 5])
def test_last_day_ends_the_game(days):
    s = with_scores(start(days=days), [9, 12, 8], day=days)
    end = pass_all(s)
    assert end.is_terminal and end.winners() == [1] and end.day == days
    s = with_scores(start(days=days), [9, 12, 8], day=days - 1)
    assert not pass_all(s).is_terminal


@pytest.mark.rule("HM-087")
def test_custom_threshold_25():
    assert pass_all(with_scores(start(win_threshold=25), [25, 12, 8])).is_terminal
    assert not pass_all(with_scores(start(), [25, 12, 8])).is_terminal


@pytest.mark.rule("HM-079")
def test_ex5_score_meter_wraps():
    """EX-5: 31, 32 and 41 show as 1, 2 and 11 with lap count 1 (issue 28: the catalogue's count, not 'lap 2');
    the engine keeps true integers."""
    assert [meter(v) for v in (31, 32, 41)] == [(1, 1), (2, 1), (11, 1)]
    assert meter(30) == (30, 0) and meter(5) == (5, 0) and meter(0) == (0, 0) and meter(61) == (1, 2)
    s = with_scores(start(), [31, 30, 8])
    end = pass_all(s)
    assert end.winners() == [0]
    assert "lap count 1" in end._repr_html_()


@pytest.mark.rule("HM-080", "HM-081", "HM-082", "HM-084")
def test_two_tied_leaders_fight_tie_break_duels():
    s = with_scores(start(), [20, 20, 8], day=4)
    tb = pass_all(s)
    assert tb.tiebreak is not None and tb.phase == "attack_roll" and tb.duel["tb"] and not tb.is_terminal
    assert tb.current_player == hench.CHANCE and tb.duel["att"] == 0 and tb.duel["dfn"] == 1
    tb = act(tb, "roll 6 1 1", "roll 1")  # P0 inflicts 1 wound
    assert tb.duel["att"] == 1 and tb.scores() == [20, 20, 8]  # wounds only; scores do not move
    again = act(tb, "roll 6 1 1", "roll 2")  # P1 inflicts 1: equal, another pair
    assert again.tiebreak is not None and again.phase == "attack_roll" and again.tiebreak["round"] == 2 and again.duel["att"] == 0
    done = act(tb, "roll 3 2 1")  # P1 inflicts none
    assert done.is_terminal and done.winners() == [0] and done.scores() == [20, 20, 8]


@pytest.mark.rule("HM-083")
def test_tie_break_fighters_use_their_reserve():
    s = give(with_scores(start(), [20, 20, 8], day=4), 1, "Apothecary", where="reserve")
    tb = act(pass_all(s), "roll 6 1 1", "roll 1")
    assert tb.tiebreak is not None and tb.phase == "apothecary_window" and tb.current_player == 1
    tb = act(tb, "use Apothecary")
    assert tb.tiebreak["wounds"] == [0, 0] and tb.duel["att"] == 1
    tb = act(tb, "roll 2 2 2")
    assert tb.tiebreak["round"] == 2 and not tb.is_terminal


@pytest.mark.rule("HM-085")
def test_three_tied_leaders_play_an_extra_day():
    s = with_scores(start(), [20, 20, 20], day=4)
    extra = pass_all(s)
    assert not extra.is_terminal and extra.day == 5 and extra.last_day == 5 and extra.phase == "set_henchmen"
    s = with_scores(start(players=4), [20, 20, 20, 3], day=4)
    s = edit(pass_all(s))
    s.scores_ = [21, 20, 20, 3]
    s2 = pass_all(act_phase1(s))
    assert s2.is_terminal and s2.winners() == [0]


def act_phase1(s):
    while s.phase != "play_cards":
        s = s.apply(s.legal_actions()[0])
    return s
