"""The King's Resentment (KR) on the base game: T-LH-11..T-LH-13, the tower and dishonor (LH-080..LH-096), Q7; the
base game's knighthood tie rule for dishonor ties (LH-096 with LB-084, LB-086)."""

from __future__ import annotations

import pytest

from hench.lancaster import observation
from hench.lancaster.actions import Tower
from hench.lancaster.effects import gain_dishonor
from hench.lancaster.scoring import dishonor_points, final_scoring, visible_space
from hench.lancaster.transitions import clear_tower

from .helpers import at, at_turn, fight, give_knights, join, new, refused, res

YELLOW, GREEN, RED, BLUE = 0, 1, 2, 3


@pytest.mark.rule("LH-080", "LH-082", "LH-083")
def test_t_lh_11_tower_sheds_dishonor_to_the_box():
    s = new(4, "KR")
    give_knights(s, GREEN, [3])
    s.res[GREEN]["dishonor"] = 4
    s.track[0] -= 4
    track, box = list(s.track), s.box
    s = at_turn(s, GREEN).apply("knight 3 to tower")
    assert res(s, GREEN)["dishonor"] == 1 and s.box == box + 3 and s.track == track
    assert s.tower == [[GREEN, 5]] and s.knights[GREEN][5] == [3, "tower"]


@pytest.mark.rule("LH-084", "LH-085")
def test_tower_returns_at_most_what_you_hold():
    s = new(5, "KR")
    give_knights(s, YELLOW, [4, 2])
    s.res[YELLOW]["dishonor"] = 1
    s = at_turn(s, YELLOW).apply("knight 4 to tower")
    assert res(s, YELLOW)["dishonor"] == 0
    s = at_turn(s, YELLOW).apply("knight 2 to tower")  # allowed with no markers at all
    assert res(s, YELLOW)["dishonor"] == 0 and len(s.tower) == 2


@pytest.mark.rule("LH-081", "LH-087", "LH-078")
def test_tower_capacity_and_no_tudor():
    s = new(3, "KR")  # neutral knight of strength 3: 4 free
    give_knights(s, YELLOW, [3, 2])
    refused(s, Tower(3, True), "LH-087")
    s = s.apply("knight 3 to tower")
    refused(at_turn(s, YELLOW), Tower(2), "LH-081")
    assert not any(isinstance(a, Tower) for a in at_turn(s, YELLOW).legal_actions())


@pytest.mark.rule("LH-088")
def test_tower_empties_before_the_counties_but_the_neutral_knight_stays():
    s = new(4, "KR").apply("knight 2 to tower")
    s = s.clone()
    clear_tower(s)
    assert s.tower == [] and s.neutral == 2 and at(s, YELLOW, 2, "court")


@pytest.mark.rule("LH-089", "LH-090", "LH-091")
def test_t_lh_12_dishonor_for_absence():
    s = new(4, "KR")
    c = s.conflicts[0]
    card = f"C{c['card'] + 1}"
    s.conflicts = [c]
    join(s, card, GREEN, [1])
    s = fight(s)  # strength 1 cannot beat France
    assert [r["dishonor"] for r in s.res] == [1, 0, 1, 1]
    assert s.track[0] == 1 and s.track[1:] == [4] * 8
    assert observation(s, GREEN)["players"][YELLOW]["dishonor"] is None
    assert observation(s, YELLOW)["players"][YELLOW]["dishonor"] == 1


@pytest.mark.rule("LH-090", "LH-092")
def test_markers_come_from_the_box_and_then_are_recorded():
    s = new(4, "KR")
    gain_dishonor(s, YELLOW, 36 + 2 + 3)
    assert s.track == [0] * 9 and s.box == 0 and res(s, YELLOW)["dishonor"] == 41


@pytest.mark.rule("LH-093", "LH-094", "LH-095")
def test_t_lh_13_final_dishonor():
    s = new(4, "KR")
    gain_dishonor(s, BLUE, 0)
    s.track = [0, 0, 0, 3, 4, 4, 4, 4, 4]
    for seat, count in ((YELLOW, 4), (GREEN, 3), (RED, 2), (BLUE, 2)):
        s.res[seat]["dishonor"] = count
    assert visible_space(s) == (-6, -3)
    assert dishonor_points(s) == [-10, -6, -2, -2]


@pytest.mark.rule("LH-096")
@pytest.mark.parametrize("yellow_vm,yellow,green", [(3, -6, -9), (0, -9, -6)])
def test_q7_ties_go_to_more_voting_markers(yellow_vm, yellow, green):
    s = new(4, "KR")
    s.track = [0, 0, 0, 3, 4, 4, 4, 4, 4]
    for seat, count in ((YELLOW, 3), (GREEN, 3), (RED, 2), (BLUE, 2)):
        s.res[seat]["dishonor"] = count
        s.res[seat]["vm"] = 1
    s.res[YELLOW]["vm"] = yellow_vm
    out = dishonor_points(s)
    assert out[YELLOW] == yellow and out[GREEN] == green and out[RED] == -2


@pytest.mark.rule("LH-096", "LB-084", "LB-086")
def test_dishonor_ties_then_squires_then_shared_and_zero_is_never_ranked():
    s = new(4, "KR")
    s.track = [0, 4, 4, 4, 4, 4, 4, 4, 4]
    for seat, count in ((YELLOW, 2), (GREEN, 2)):
        s.res[seat]["dishonor"] = count
    assert dishonor_points(s) == [-3, -3, 0, 0]  # same VM and squires: -2 and -1 shared, -1.5 each, remainder dropped
    s.res[GREEN]["squires"] += 1  # more squires wins the tie: the lighter penalty
    assert dishonor_points(s) == [-4, -3, 0, 0]


@pytest.mark.rule("LH-093")
def test_dishonor_is_scored_last():
    s = new(4, "KC+KR")
    s.res[YELLOW].update(dishonor=1, seals=2, pp=5)
    s.track[0] -= 1
    s.stage = "over"
    final_scoring(s)
    assert s.final[YELLOW][4] == -1 - 0 and s.final[YELLOW][3] == 2
    assert res(s, YELLOW)["pp"] == 5 + sum(s.final[YELLOW][:3]) + 2 - 1


@pytest.mark.rule("LH-096", "LH-095", "LB-086")
def test_a_three_player_dishonor_tie_shares_the_penalties_of_its_places():
    s = new(3, "KR")
    s.track = [0, 0, 0] + [3] * 6  # space 3 visible: -6 / -3
    for seat in range(3):
        s.res[seat].update(dishonor=3, vm=1, squires=2)
    assert dishonor_points(s) == [-3 - 3, -3 - 3, -3 - 3]  # (-6 - 3 + 0) / 3 each
    s.res[YELLOW]["vm"] = 2  # more VM: the least dishonored of the three, third place pays nothing
    assert dishonor_points(s) == [-3, -3 - 4, -3 - 4]  # the other two share -9: -4.5, the remainder dropped
