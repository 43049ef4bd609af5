"""The catalogue's worked examples (section 4, EX-1..EX-5) on the placeholder board (3x3 grids)."""

from __future__ import annotations

import pytest

from hench import IllegalActionError
from hench.hemloch.scoring import marker_points

from .helpers import ALLEY, BONEYARD, COURTYARD, LOC4, arrange, edit, loc, new, reveal

SCOUT, JACKI = 0, 1


def scout_ready():
    """EX-1 given: Scout (Player 1) to act with 2 Actions, Unfair Lady and Alley Cutpurse in hand; the
    Festival on Alley Maze (neither Courtyard nor Boneyard); Jacki owns a Scepter; Potions in supply."""
    s = arrange(new(seed=3), hands={SCOUT: ["Unfair Lady", "Alley Cutpurse"]}, items={JACKI: {"Scepter": (1, 0)}})
    s = reveal(s, ALLEY)
    assert (s.current_player, s.actions, s.phase) == (SCOUT, 2, "turn_actions")
    return s


@pytest.mark.rule("HL-060", "HL-061", "HL-062", "HL-029", "HL-063", "HL-066", "HL-027")
def test_ex1_scouts_turn():
    s = scout_ready()
    potions = s.supply[0]
    s = s.apply("play Unfair Lady at Courtyard")
    assert s.phase == "ability_mark" and s.current_player == SCOUT  # Unfair Lady: a Marker here, then the Festival
    s = s.apply("mark Courtyard row 2 column 2")
    assert s.phase == "ability_festival"
    s = s.apply(f"festival to {LOC4}")
    assert s.festival == loc(s, LOC4) and s.actions == 1
    s = s.apply(f"play Alley Cutpurse at {BONEYARD}")
    # HL-062: the Cutpurse's steal comes first; the Boneyard's Potion has not been gained yet
    assert s.phase == "ability_steal" and s.supply[0] == potions
    s = s.apply("steal face-up Scepter")
    assert s.markers_left(SCOUT) == 14
    assert s.items[SCOUT] == [[1, 0], [1, 0], [0, 0]]  # + the stolen Scepter, + the Boneyard's Potion
    assert s.items[JACKI] == [[0, 0], [0, 0], [0, 0]]
    assert s.supply[0] == potions - 1
    assert s.current_player == JACKI and s.active == JACKI  # HL-066: Scout's 2 Actions are spent


@pytest.mark.rule("HL-039", "HL-038")
def test_ex1_negative_festival_moved_onto_the_boneyard():
    s = scout_ready().apply("play Unfair Lady at Courtyard").apply("mark Courtyard row 1 column 1")
    s = s.apply(f"festival to {BONEYARD}")
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(f"play Alley Cutpurse at {BONEYARD}")
    assert err.value.rule_id == "HL-039" and "Festival" in str(err.value)
    assert s.to_json() == before


def run_week_drawing(s):
    """Reveal the Week cards in their listed order and spend every Action on Draw, up to the Night-to-Day swap."""
    while s.phase != "weeks_end_swap":
        s = s.apply(s.legal_actions()[0] if s.phase == "reveal_week_card" else "draw")
    return s


@pytest.mark.rule("HL-071", "HL-072", "HL-073")
def test_ex2_jebs_weeks_end_swap():
    jeb = 0
    s = run_week_drawing(new(seed=5))
    assert s.current_player == jeb and s.start == jeb
    assert "swap Alley Maze" in [str(a) for a in s.legal_actions()]
    s = s.apply("swap Alley Maze")
    d = s.data
    deck = [d.week_name(c) for c in s.week_deck]
    assert sorted(deck) == sorted(["Courtyard Night", "The Boneyard Night", "Location 4 Night", "Alley Maze Day"])
    assert [d.week_name(c) for c in s.boxed] == ["Alley Maze Night"]
    assert len(s.day_supply) == 3
    assert s.start == 1 - jeb and s.phase == "reveal_week_card"


@pytest.mark.rule("HL-076", "HL-077", "HL-078", "HL-024")
def test_ex3_boneyard_influence_check():
    chris, scott = 0, 1
    s = arrange(new(seed=7), board={(BONEYARD, chris): ["Horned Advisor"], (BONEYARD, scott): ["Mad Chemist"]})
    s = edit(s)
    k = len(s.data.week)
    s.week_deck, s.day_supply, s.boxed = [0, 1, 2, 3 + k], [k, k + 1, k + 2], [3]  # a Location 4 Day in the deck
    s = reveal(s, LOC4, day=True)
    assert (s.influence(loc(s, BONEYARD), chris), s.influence(loc(s, BONEYARD), scott)) == (3, 2)
    for _ in range(4):
        s = s.apply("draw")
    assert s.phase == "influence_check" and s.current_player == chris
    assert {a.location for a in s.legal_actions()} == {BONEYARD}
    s = s.apply(f"mark {BONEYARD} row 1 column 1")
    assert s.phase == "reveal_week_card"  # nothing else to place: the other Locations are empty (A8)
    assert (s.markers_left(chris), s.markers_left(scott)) == (14, 15)


def blue_and_orange():
    blue, orange = 0, 1
    cells = {(0, 2): blue, (1, 1): blue, (2, 0): blue,
             (0, 0): orange, (0, 1): orange, (1, 0): orange, (1, 2): orange, (2, 1): orange}
    return arrange(new(), markers={COURTYARD: cells})


@pytest.mark.rule("HL-084")
def test_ex4_blues_isolated_markers_score_1_each():
    s = blue_and_orange()
    assert marker_points(s, 0, loc(s, COURTYARD)) == 3


@pytest.mark.rule("HL-083", "HL-084")
def test_ex5_oranges_markers_score_8():
    s = blue_and_orange()
    assert marker_points(s, 1, loc(s, COURTYARD)) == 8
    assert s.scores() == [3, 8]
