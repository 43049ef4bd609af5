"""Pillage Valuables (HU-049..HU-068) and the worked examples T-HU-03, T-HU-04, T-HU-05."""

from __future__ import annotations

import pytest

from hench.core import IllegalActionError, InvalidActionError
from hench.huns import effects as fx
from hench.huns.render import action_for_space

from .helpers import edit, give_card, play, set_display, set_reserve, set_wagon, start, texts


def _space(state, slot, index):
    return action_for_space(state.observation(state.current_player), slot, index)


def wagons(s, seat, a, b, load_a="", load_b=""):
    return set_wagon(set_wagon(s, seat, 0, a, load_a), seat, 1, b, load_b)


def rule_of(s, action):
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)
    return err.value.rule_id


@pytest.mark.rule("HU-050", "HU-051", "HU-052", "HU-053", "HU-054", "HU-055", "HU-056", "HU-088")
def test_t_hu_03_card_fill_choice():
    s = start(2, dice=(1, 1, 1, 1, 3))
    s = wagons(s, 0, "W06", "W01")  # GGYY and BBK: two yellow spaces
    s = give_card(give_card(s, 0, "ME-04"), 0, "CU-06")  # Mercenary with 2 empty, Curse (3 spaces)
    y = s.reserve[4]
    s = play(s, "take yellow", "pillage")
    assert s.phase == "pillage_choose_destination"
    assert texts(s) == ["onto wagons", "onto ME-04", "onto CU-06"]  # one destination each
    merc = s.apply("onto ME-04")
    card = s.data.card_index("ME-04")
    assert merc.camps[0].cubes[card] == [4, 4] and fx.is_live(merc.camps[0], s.data, card)  # full, active
    assert merc.reserve[4] == y - 2  # the 3rd cube went back
    curse = s.apply("onto CU-06")
    assert curse.camps[0].cubes[s.data.card_index("CU-06")] == [4, 4, 4] and curse.reserve[4] == y - 3
    assert rule_of(s, "place yellow on wagon 1") == "HU-050"  # no cube-by-cube split from here
    split = play(s, "onto wagons", "place yellow on wagon 1")
    assert split.holding[4] == 2 and rule_of(split, "onto ME-04") == "HU-051"  # never wagons and a card


@pytest.mark.rule("HU-051", "HU-052", "HU-053", "HU-068")
def test_only_own_mercenaries_and_curses_hold_cubes():
    s = start(3, dice=(1, 1, 3, 1, 1))
    s = give_card(give_card(give_card(s, 0, "EQ-06"), 1, "ME-03"), 0, "CU-07", fled=True)
    s = give_card(s, 0, "ME-05")
    s = play(s, "take green", "pillage")
    assert rule_of(s, "onto EQ-06") == "HU-052"
    assert rule_of(s, "onto ME-03") == "HU-053"  # another player's Mercenary
    assert rule_of(s, "onto CU-07") == "HU-053"  # a fled Curse (A7)
    with pytest.raises(InvalidActionError, match="XX-99"):  # a card the data does not have: malformed
        s.apply("onto XX-99")


@pytest.mark.rule("HU-049", "HU-057", "HU-059", "HU-067")
def test_t_hu_04_wagon_excess():
    s = start(2, dice=(3, 1, 1, 1, 1))
    s = wagons(s, 0, "W01", "W04")  # BBK and RRY: exactly 2 empty blue spaces, neither the last
    b = s.reserve[0]
    s = play(s, "take blue", "pillage")
    assert s.holding[0] == 3  # HU-049: as many as the die shows
    s = s.apply("onto wagons")
    assert rule_of(s, "place blue on wagon 1 red space") == "HU-057"
    assert rule_of(s, "place blue on wagon 2") == "HU-059"
    s = play(s, "place blue on wagon 1", "place blue on wagon 1")
    assert s.holding == [0] * 5 and s.reserve[0] == b - 2  # one returned
    assert s.camps[0].dispatched == [] and s.camps[0].loads[0] == [0, 0, -1]


@pytest.mark.rule("HU-058", "HU-060", "HU-061", "HU-062", "HU-063", "HU-022")
def test_t_hu_05_dispatch_mid_pillage():
    s = start(2, dice=(1, 1, 2, 1, 1))
    s = wagons(s, 0, "W03", "W04", load_a="G.B")  # GGB with only a green space left; RRY
    green_wagon = next(w for w in s.wagon_deck if 2 in s.data.wagons[w].spaces)
    s = set_display(s, 0, s.wagon_id(green_wagon))
    g = s.reserve[2]
    deck_top = s.wagon_deck[0]
    s = play(s, "take green", "pillage", "onto wagons", "place green on wagon 1")
    camp = s.camps[0]
    assert s.phase == "wagon_replace"
    assert camp.dispatched == [s.data.wagon_ids["W03"]] and camp.stash == [1, 0, 2, 0, 0]  # HU-063
    assert "take wagon from display 1" in texts(s) and "take wagon from deck" in texts(s)
    s = s.apply("take wagon from display 1")
    assert s.camps[0].wagons[0] == green_wagon and s.display[0] == deck_top  # HU-022: refilled at once
    s = s.apply("place green on wagon 1")  # HU-062: the second cube goes on the new Wagon
    assert s.reserve[2] == g - 2 and s.holding == [0] * 5


@pytest.mark.rule("HU-064")
def test_every_cube_that_fits_must_be_placed():
    s = start(2, dice=(3, 1, 1, 1, 1))
    s = wagons(s, 0, "W01", "W02")  # BBK and RRB: three blue spaces
    s = play(s, "take blue", "pillage", "onto wagons", "place blue on wagon 1")
    assert "return the rest" not in texts(s)
    assert rule_of(s, "return the rest") == "HU-064"


@pytest.mark.rule("HU-064")
def test_strict_use_forbids_a_destination_that_takes_nothing():
    s = give_card(start(2, dice=(1, 1, 1, 1, 3)), 0, "ME-05")
    s = wagons(s, 0, "W01", "W02")  # no yellow space
    p = play(s, "take yellow", "pillage")
    assert texts(p) == ["onto ME-05"]
    assert rule_of(p, "onto wagons") == "HU-064"
    loose = give_card(start(2, dice=(1, 1, 1, 1, 3), strict_pillage_use=False), 0, "ME-05")
    loose = play(wagons(loose, 0, "W01", "W02"), "take yellow", "pillage")
    assert texts(loose) == ["onto wagons", "onto ME-05"]
    y = loose.reserve[4]
    after = loose.apply("onto wagons")
    assert after.reserve[4] == y + 3 and after.phase in ("turn_take_die", "turn_after_window")


@pytest.mark.rule("HU-065")
def test_pillage_with_no_room_returns_everything():
    s = wagons(start(2, dice=(1, 1, 1, 1, 3)), 0, "W01", "W02")
    y = s.reserve[4]
    s = play(s, "take yellow", "pillage")
    assert s.reserve[4] == y and s.phase == "turn_take_die" and s.current_player == 1


@pytest.mark.rule("HU-066")
def test_pillage_of_an_empty_pile_does_nothing():
    s = set_reserve(start(2, dice=(3, 1, 1, 1, 1)), "blue", 0)
    before = s.camps[0].cube_counts()
    s = play(s, "take blue", "pillage")
    assert s.reserve[0] == 0 and s.camps[0].cube_counts() == before and s.current_player == 1


@pytest.mark.rule("HU-060", "HU-061", "HU-025")
def test_two_dispatches_in_one_pillage_each_take_a_new_wagon():
    s = start(2, dice=(1, 2, 1, 1, 1))
    s = wagons(s, 0, "W02", "W04", load_a=".RB", load_b=".RY")  # RRB and RRY, one red space each
    s = play(s, "take red", "pillage", "onto wagons", "place red on wagon 1", "take wagon from deck")
    assert len(s.camps[0].dispatched) == 1 and all(w >= 0 for w in s.camps[0].wagons)
    s = play(s, "place red on wagon 2", "take wagon from deck")
    assert len(s.camps[0].dispatched) == 2 and all(w >= 0 for w in s.camps[0].wagons)  # always 2 Wagons


@pytest.mark.rule("HU-060", "HU-061")
def test_a_dispatched_wagon_is_replaced_before_any_other_move():
    """Issue 28: a cube placed while the full Wagon waits for its replacement is refused citing HU-061 (not HU-050)."""
    s = start(2, dice=(1, 3, 1, 1, 1))
    s = wagons(s, 0, "W02", "W04", load_a=".RB")  # RRB with one red space free, RRY empty
    s = play(s, "take red", "pillage", "onto wagons", "place red on wagon 1")
    assert s.phase == "wagon_replace" and sum(s.holding) == 2
    for move in ("place red on wagon 2", "return the rest", "end turn", "onto wagons"):
        with pytest.raises(IllegalActionError) as err:
            s.apply(move)
        assert err.value.rule_id == "HU-061" and "replacement" in str(err.value), move


@pytest.mark.rule("HU-061")
def test_no_wagon_left_to_take_leaves_the_slot_empty():
    s = start(2, dice=(1, 2, 1, 1, 1))
    s = wagons(s, 0, "W02", "W04", load_a=".RB")

    def empty_market(x):
        x.camps[1].dispatched.extend(list(x.wagon_deck) + list(x.display))
        x.wagon_deck, x.display = (), (-1, -1, -1, -1)
    s = edit(s, empty_market)
    s = play(s, "take red", "pillage", "onto wagons", "place red on wagon 1")
    assert s.camps[0].wagons[0] == -1  # A11
    assert rule_of(s, "place red on wagon 1") in ("HU-025", "HU-033", "HU-050")


@pytest.mark.rule("HU-061", "HU-077", "HU-092")
def test_broken_axle_forces_the_deck():
    s = give_card(start(2, dice=(1, 2, 1, 1, 1)), 0, "CU-07")
    s = wagons(s, 0, "W02", "W04", load_a=".RB")
    s = play(s, "take red", "pillage", "onto wagons", "place red on wagon 1")
    assert texts(s) == ["take wagon from deck"]
    assert rule_of(s, "take wagon from display 1") == "HU-077"


@pytest.mark.rule("HU-057")
def test_clicking_a_wagon_space_maps_to_an_action():
    s = give_card(start(2, dice=(3, 1, 1, 1, 1)), 0, "EQ-08")  # Broad Wagon: one wild cube
    s = wagons(s, 0, "W01", "W04")  # BBK and RRY
    s = play(s, "take blue", "pillage", "onto wagons")
    assert _space(s, 0, 0) == _space(s, 0, 1) == "place blue on wagon 1"
    assert _space(s, 0, 2) == "place blue on wagon 1 black space"  # wild
    assert _space(s, 1, 0) == "place blue on wagon 2 red space"
    assert _space(s, 5, 0) is None and _space(s, 0, 9) is None
    s = s.apply("place blue on wagon 1")
    assert _space(s, 0, 0) is None  # already loaded
