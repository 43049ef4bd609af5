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


def _played_out(seed: int):
    import hench
    from hench.core import Rng, play_game
    from hench.hemloch.bots import make_bot

    game = hench.get_game("hemloch")
    final, _ = play_game(game.new_game(seed=seed), [make_bot("heuristic", seed), make_bot("random", seed + 1)], Rng.from_seed(seed))
    return final


@pytest.mark.rule("HL-082", "HL-083", "HL-084", "HL-085")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_score_sheet_adds_up_to_the_scores_by_source(seed):
    final = _played_out(seed)
    sheet = final.game.score_sheet(final)
    assert sheet.totals == tuple(final.scores())
    assert all(sum(row) == total for row, total in zip(sheet.points, sheet.totals))
    assert sheet.sources == tuple(f"Markers at {loc.name}" for loc in final.data.locations) + ("Items",)
    assert {"HL-083", "HL-084", "HL-085", "HL-086"} <= set(sheet.rules)
    assert (sheet.tie_break == "") == (sheet.totals[0] != sheet.totals[1])


@pytest.mark.rule("HL-086")
def test_the_score_sheet_names_the_tie_break_only_on_a_tie():
    from hench.hemloch.scoring import score_sheet

    tied = over(arrange(new(), markers={COURTYARD: {(0, 0): 0}}, items={1: {"Potion": (0, 1)}}))
    sheet = score_sheet(tied)
    assert sheet.totals == (1, 1) and "Player 1 placed more Markers (1 against 0)" in sheet.tie_break and "HL-086" in sheet.tie_break
    untied = over(arrange(new(), markers={COURTYARD: {(0, 0): 0}}, items={1: {"Potion": (1, 0)}}))
    assert score_sheet(untied).totals == (1, 2) and score_sheet(untied).tie_break == ""


@pytest.mark.rule("HL-087")
def test_the_score_sheet_calls_a_full_tie_a_shared_win():
    from hench.hemloch.scoring import score_sheet

    sheet = score_sheet(over(arrange(new(), markers={COURTYARD: {(0, 0): 0, (2, 2): 1}})))
    assert sheet.totals == (1, 1) and "share the win" in sheet.tie_break and "HL-087" in sheet.tie_break
