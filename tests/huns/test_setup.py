"""Setup (HU-011..HU-030) and the worked example T-HU-08."""

from __future__ import annotations

from collections import Counter

import pytest

import hench
from hench.core import CHANCE, IllegalActionError, InvalidOptionError
from hench.huns.legality import empty_spaces
from hench.huns.render import action_for_space
from hench.huns.state import RESERVE_BY_PLAYERS

from .helpers import GAME, new, past_setup, texts


def _space(state, slot, index):
    return action_for_space(state.observation(state.current_player), slot, index)

SIZES = {2: 10, 3: 11, 4: 12}


@pytest.mark.rule("HU-011", "HU-013", "HU-014", "HU-015", "HU-016", "HU-019", "HU-020")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_t_hu_08_setup_counts(players):
    s = new(players)
    assert [len(d) for d in s.decks] == [SIZES[players]] * 5
    assert s.reserve == [RESERVE_BY_PLAYERS[players]] * 5 == [{2: 20, 3: 22, 4: 24}[players]] * 5
    for colour, deck in enumerate(s.decks):
        assert {s.data.cards[c].colour for c in deck} == {colour}  # HU-011: sorted by colour
    marks = Counter(s.data.cards[c].min_players for c in s.removed)
    assert marks == {2: {3: 5, 4: 5}, 3: {4: 5}, 4: {}}[players]
    assert not set(s.removed) & set(s.card_locations()[: sum(map(len, s.decks))])  # HU-016: not in any deck


@pytest.mark.rule("HU-028", "HU-029")
def test_t_hu_08_four_players_reserve_short_by_three_after_catch_up():
    s = new(4, seed=5, first=1, setup_bonus_colours="fitting")  # the catalogue's reading A1
    assert s.phase == "setup_catchup_valuables" and s.current_player == 3  # the 3rd in turn order
    assert all(a.startswith("bonus ") and "+" not in a for a in texts(s))
    wanted = next(c for c in range(5) if empty_spaces(s, 0, c))  # a colour with a free space
    s = s.apply(f"bonus {hench.huns.COLOURS[wanted]}")
    while s.phase == "pillage_place":
        s = s.apply(texts(s)[0])
    assert s.current_player == 0  # the 4th player
    pairs = texts(s)
    fits = [c for c in range(5) if empty_spaces(s, 0, c) or empty_spaces(s, 1, c)]
    assert len(pairs) == len(fits) * (len(fits) - 1) // 2 and all("+" in a for a in pairs)  # 2 different colours
    with pytest.raises(IllegalActionError) as err:
        s.apply("bonus red+red")
    assert err.value.rule_id == "HU-029"
    camp = s.camps[0]
    colours = [c for c in range(5) if any(s.data.wagons[w].spaces.count(c) for w in camp.wagons)]
    a, b = colours[0], colours[1]
    s = s.apply(f"bonus {hench.huns.COLOURS[a]}+{hench.huns.COLOURS[b]}")
    while s.phase == "pillage_place":
        s = s.apply(texts(s)[0])
    assert s.phase == "round_roll_dice"
    assert sum(s.reserve) == 5 * 24 - 3


@pytest.mark.rule("HU-028")
def test_three_players_third_takes_one_and_two_players_none():
    s = new(3, first=2)
    assert s.phase == "setup_catchup_valuables" and s.current_player == 1
    s2 = new(2)
    assert s2.phase == "round_roll_dice" and s2.current_player == CHANCE


@pytest.mark.rule("HU-028")
def test_catch_up_to_stash_option():
    s = new(3, first=0, setup_bonus_destination="stash").apply("bonus green")
    assert s.camps[2].stash[2] == 1 and s.phase == "round_roll_dice"


@pytest.mark.rule("HU-021", "HU-023", "HU-024", "HU-025", "HU-026")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_wagon_market_and_camps(players):
    s = new(players, seed=9)
    assert len(s.display) == 4 and all(w >= 0 for w in s.display)
    assert len(s.wagon_deck) == 32 - 4 - 2 * players
    for camp in s.camps:  # HU-024, HU-025: two active Wagons each, empty
        assert len(camp.wagons) == 2 and all(w >= 0 for w in camp.wagons)
        assert all(x == -1 for load in camp.loads for x in load)
        assert camp.dispatched == [] and camp.stash == [0] * 5 and camp.cards == []  # HU-026: the Camp's parts


@pytest.mark.rule("HU-017", "HU-021", "HU-027")
def test_shuffles_and_first_player_come_from_the_seed():
    a, b, c = new(4, seed=11, first=None), new(4, seed=11, first=None), new(4, seed=12, first=None)
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()
    firsts = {new(4, seed=k, first=None).first for k in range(40)}
    assert firsts == {0, 1, 2, 3}  # HU-027: random first player
    decks = {new(2, seed=k).decks[0] for k in range(10)}
    assert len(decks) > 1  # HU-017: each deck shuffled


@pytest.mark.rule("HU-027")
def test_bad_options_are_explained():
    with pytest.raises(InvalidOptionError):
        GAME.new_game(players=5)
    with pytest.raises(InvalidOptionError):
        GAME.new_game(players=2, first_player=3)
    with pytest.raises(InvalidOptionError):
        GAME.new_game(players=2, setup_bonus_destination="pocket")


@pytest.mark.rule("HU-032")
def test_after_setup_the_first_player_rolls():
    s = past_setup(new(3, first=1))
    assert s.phase == "round_roll_dice" and s.current_player == CHANCE and s.active == 1


@pytest.mark.rule("HU-028", "HU-029")
@pytest.mark.parametrize("seed", range(8))
def test_catch_up_cubes_always_land_on_wagons(seed):
    s = past_setup(new(4, seed=seed, first=None, setup_bonus_colours="fitting"))
    assert sum(s.reserve) == 5 * 24 - 3  # A1: colours are chosen to fit, so none come back
    loaded = [sum(x >= 0 for load in camp.loads for x in load) for camp in s.camps]
    assert sorted(loaded) == [0, 0, 1, 2]


@pytest.mark.rule("HU-028")
def test_catch_up_colour_must_fit_a_wagon_space():
    s = new(3, seed=2, first=0, setup_bonus_colours="fitting")
    misfit = [c for c in range(5) if not (empty_spaces(s, 0, c) or empty_spaces(s, 1, c))]
    assert misfit
    with pytest.raises(IllegalActionError) as err:
        s.apply(f"bonus {hench.huns.COLOURS[misfit[0]]}")
    assert err.value.rule_id == "HU-028"


@pytest.mark.rule("HU-028", "HU-029")
def test_catch_up_valuables_may_be_of_any_colour_by_default():
    """The rulebook lets the 3rd player take any 1 Valuable (HU-028); a colour with no empty space on their Wagons
    is allowed and kept in their Stash (issue 28: it used to go back to the Reserve, lost)."""
    s = new(3, seed=2, first=0)
    misfit = [c for c in range(5) if not (empty_spaces(s, 0, c) or empty_spaces(s, 1, c))]
    assert misfit and len(texts(s)) == 5
    after = s.apply(f"bonus {hench.huns.COLOURS[misfit[0]]}")
    assert after.phase == "round_roll_dice" and after.reserve[misfit[0]] == s.reserve[misfit[0]] - 1
    assert after.camps[2].stash[misfit[0]] == 1 and "Stash" in " ".join(line.text for line in after.narration())
    assert {r.id: r.option for r in hench.huns.READINGS}["HU-028/A1"] == "setup_bonus_colours"
    s4 = new(4, seed=5, first=1).apply("bonus blue")
    while s4.phase != "setup_catchup_valuables":
        s4 = s4.apply(texts(s4)[0])
    assert len(texts(s4)) == 10  # the 4th player: any 2 different colours of 5


@pytest.mark.rule("HU-028", "HU-029", "HU-019")
@pytest.mark.parametrize("seed", range(12))
def test_t_hu_08_reserve_short_by_exactly_three_after_catch_up(seed):
    """T-HU-08 under the default options: with 4 players the catch-up takes exactly 3 cubes from the Reserve, and
    every one of them stays in its receiver's Camp, whatever colours are chosen."""
    s = new(4, seed=seed, first=seed % 4)
    while s.phase != "round_roll_dice":
        s = s.apply(s.legal_actions()[seed % len(s.legal_actions())])
    assert sum(s.reserve) == 5 * RESERVE_BY_PLAYERS[4] - 3
    assert sum(sum(s.camps[i].cube_counts()) for i in range(4)) == 3
