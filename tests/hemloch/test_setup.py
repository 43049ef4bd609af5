"""Setup (HL-004..HL-011), the Week deck (HL-035, HL-036) and the game's shape (HL-041)."""

from __future__ import annotations

import warnings
from collections import Counter
from fractions import Fraction

import pytest

import hench
from hench import CHANCE

from .helpers import new


@pytest.mark.rule("HL-004", "HL-010")
def test_each_player_has_their_own_shuffled_deck_and_draws_five():
    s = new(seed=11)
    for seat in (0, 1):
        assert len(s.hands[seat]) == 5 and len(s.decks[seat]) == 25
        assert Counter(s.hands[seat] + s.decks[seat]) == Counter(s.data.deck)
    assert s.decks[0] != s.decks[1]  # shuffled separately
    assert new(seed=12).decks[0] != s.decks[0]


@pytest.mark.rule("HL-006", "HL-007")
def test_markers_and_the_item_supply():
    s = new()
    assert s.markers_left(0) == s.markers_left(1) == 15
    assert s.supply == [6, 6, 6] and s.items == [[[0, 0]] * 3] * 2
    assert s.festival == -1  # the Festival Piece waits beside the board until the first reveal


@pytest.mark.rule("HL-008", "HL-009", "HL-036", "HL-035")
def test_the_week_deck_starts_as_the_four_nights_and_the_days_wait_aside():
    s = new()
    assert [s.data.week_name(c) for c in s.week_deck] == [f"{n} Night" for n in ("Courtyard", "The Boneyard", "Alley Maze", "Location 4")]
    assert all(s.data.is_day(c) for c in s.day_supply) and len(s.day_supply) == 4
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 4 and {p for _, p in outcomes} == {Fraction(1, 4)}  # shuffled: each Night equally likely


@pytest.mark.rule("HL-035", "HL-041")
def test_the_week_deck_always_holds_four_cards_through_a_game():
    s = hench.get_game("hemloch").new_game(seed=4)
    rng = hench.Rng.from_seed(4)
    bot = hench.RandomBot(4)
    weeks = set()
    while not s.is_terminal:
        assert len(s.week_deck) + len(s.revealed) == 4
        weeks.add(s.week)
        s = s.apply(rng.choice(s.legal_actions()) if s.current_player == CHANCE else bot.choose(s))
    assert len(weeks) >= 2


def test_the_start_player_is_drawn_or_chosen():
    assert {hench.get_game("hemloch").new_game(seed=i).start for i in range(12)} == {0, 1}
    assert new(first_player=1).start == 1
    with pytest.raises(hench.InvalidOptionError):
        new(first_player=2)
    with pytest.raises(hench.InvalidOptionError, match="sides"):
        new(sides="LLX")


@pytest.mark.rule("HL-003", "HL-095", "HL-096")
def test_location_sides_is_the_catalogues_name_and_a_mix_is_played_with_a_warning():
    assert new(location_sides="dark").sides == ("dark",) * 4
    assert new(location_sides="LDLD").sides == new(sides="LDLD").sides == ("light", "dark", "light", "dark")
    with pytest.raises(hench.InvalidOptionError, match="two names"):
        new(sides="dark", location_sides="light")
    with pytest.raises(hench.InvalidOptionError, match="disagree"):
        new(location_sides="dark", sides="light")  # issue 36: "light" is the old default, but it was said outright
    assert new(location_sides="dark", sides="DDDD").sides == ("dark",) * 4  # the same sides in two spellings
    assert new().sides == ("light",) * 4
    with pytest.warns(UserWarning, match="HL-096"):
        new(sides="LDDD")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new(sides="dark")
