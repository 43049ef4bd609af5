"""Influence Checks (HL-053, HL-074..HL-080; readings A6, A7, A8, M10)."""

from __future__ import annotations

import pytest

from .helpers import ALLEY, BONEYARD, COURTYARD, LOC4, arrange, edit, new, reveal


def day_step(s, where=LOC4):
    """Put the Day of `where` in the Week deck, reveal it, and spend all four Actions on Draw."""
    s = edit(s)
    k = len(s.data.week)
    i = s.data.location_index(where)
    s.week_deck = sorted([c for c in s.week_deck if c != i] + [i + k])
    s.day_supply.remove(i + k)
    s.boxed.append(i)
    s = reveal(s, where, day=True)
    for _ in range(4):
        s = s.apply("draw")
    return s


@pytest.mark.rule("HL-053")
def test_a_night_makes_no_check_and_a_day_does():
    board = {(COURTYARD, 0): ["Fan Dancer"]}
    night = reveal(arrange(new(), board=board), ALLEY)
    for _ in range(4):
        night = night.apply("draw")
    assert night.phase == "reveal_week_card" and night.markers_left(0) == 15
    day = day_step(arrange(new(), board=board))
    assert day.phase == "influence_check" and day.current_player == 0


@pytest.mark.rule("HL-074", "HL-075", "HL-079")
def test_every_location_is_checked_from_the_start_players_left():
    board = {(COURTYARD, 0): ["Fan Dancer"], (BONEYARD, 0): ["Cog Runner"], (ALLEY, 0): ["Grave Digger"],
             (LOC4, 0): ["Apprentice Brewer"]}
    for start, order in ((0, [COURTYARD, BONEYARD, ALLEY, LOC4]), (1, [LOC4, ALLEY, BONEYARD, COURTYARD])):
        s = day_step(arrange(new(first_player=start), board=board), where=LOC4 if start else COURTYARD)
        seen = []
        while s.phase == "influence_check":
            where = s.legal_actions()[0].location
            seen.append(where)
            s = s.apply(s.legal_actions()[0])
        assert seen == order, (start, seen)


@pytest.mark.rule("HL-076", "HL-077", "HL-024")
def test_influence_is_the_sum_plus_one_per_minion_at_home():
    s = arrange(new(), board={(BONEYARD, 0): ["Horned Advisor", "Grave Digger", "Mad Chemist"]})
    assert s.influence(s.data.location_index(BONEYARD), 0) == (2 + 1) + (1 + 1) + 2


@pytest.mark.rule("HL-078")
def test_the_winner_chooses_the_empty_space():
    s = day_step(arrange(new(), board={(COURTYARD, 1): ["Fan Dancer"]}, markers={COURTYARD: {(0, 0): 0}}))
    assert s.current_player == 1
    assert len(s.legal_actions()) == 8  # every empty space, the winner's pick
    s = s.apply("mark Courtyard row 3 column 3")
    assert s.spaces[0][8] == 1


@pytest.mark.rule("HL-080")
def test_a_tie_places_one_marker_each_start_player_first():
    s = day_step(arrange(new(first_player=1), board={(COURTYARD, 0): ["Cog Runner"], (COURTYARD, 1): ["Cog Runner"]}))
    assert s.current_player == 1  # the Start Player
    s = s.apply(s.legal_actions()[0])
    assert s.current_player == 0 and s.phase == "influence_check"
    s = s.apply(s.legal_actions()[0])
    assert (s.markers_left(0), s.markers_left(1)) == (14, 14)


@pytest.mark.rule("HL-080", "HL-078")
def test_a7_one_space_left_on_a_tie_goes_to_the_start_player():
    cells = {(r, c): 0 for r in range(3) for c in range(3) if (r, c) != (2, 2)}
    s = arrange(new(), board={(COURTYARD, 0): ["Cog Runner"], (COURTYARD, 1): ["Cog Runner"]}, markers={COURTYARD: cells})
    s = day_step(s, where=LOC4)
    s = s.apply("mark Courtyard row 3 column 3")
    assert s.phase != "influence_check" and s.markers_left(1) == 15
    skipped = [line for line in s.narration(None) if "places no Marker" in line.text]
    assert [line.text for line in skipped] == ["Player 2 places no Marker at Courtyard: no Influence Space there is empty"]
    assert "A7" in skipped[0].rules and "skipped" not in skipped[0].text and "'mark'" not in skipped[0].text


@pytest.mark.rule("HL-078")
def test_a7_no_marker_left_means_no_placement():
    cells = {(r, c): 1 for r in range(3) for c in range(3)}
    cells2 = {(r, c): 1 for r in range(3) for c in range(2)}
    s = arrange(new(), board={(ALLEY, 1): ["Fan Dancer"]}, markers={BONEYARD: cells, COURTYARD: cells2})
    assert s.markers_left(1) == 0
    s = day_step(s, where=LOC4)
    assert s.phase == "game_over" and s.ended == ["HL-043"]  # Player 2 had nothing to place: no choice was asked
    assert s.markers_left(1) == 0
    assert any(line.text == "Player 2 places no Marker at Alley Maze: all of their Markers are placed" and "A7" in line.rules
               for line in s.narration(None))


@pytest.mark.rule("HL-080")
def test_a8_a_zero_zero_tie_places_nothing_unless_the_option_says():
    s = day_step(new())
    assert s.phase == "reveal_week_card" and s.markers_left(0) == s.markers_left(1) == 15
    s = day_step(new(zero_tie_places=True), where=LOC4)
    assert s.phase == "influence_check" and s.current_player == 0
