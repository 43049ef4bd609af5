"""Rounds, turns, dice and the end check (HU-031..HU-043), T-HU-01."""

from __future__ import annotations

from fractions import Fraction

import pytest

from hench.core import CHANCE, IllegalActionError
from hench.huns import odds

from .helpers import deck_to_camp, give_card, new, past_setup, play, roll, set_reserve, set_wagon, start, texts


def play_turn_draw(s):
    """Take the first die and draw; play the first card; finish the turn with the first choices."""
    s = s.apply(texts(s)[0])
    s = s.apply("draw")
    start_turn = s.turn
    while s.turn == start_turn and not s.is_terminal:
        s = s.apply(next(a for a in texts(s) if not a.startswith("activate")))
    return s


@pytest.mark.rule("HU-031", "HU-033", "HU-035", "HU-036", "HU-037")
def test_t_hu_01_turn_order_three_players():
    s = start(3, first=0)
    owners = []
    for _ in range(5):
        owners.append(s.current_player)
        s = play_turn_draw(s)
    assert owners == [0, 1, 2, 0, 1]
    assert s.phase == "round_roll_dice" and s.first == 1 and s.active == 1  # the token moved to P2


@pytest.mark.rule("HU-036")
@pytest.mark.parametrize("players,counts", [(2, [3, 2]), (3, [2, 2, 1]), (4, [2, 1, 1, 1])])
def test_turns_per_round_by_seat(players, counts):
    s = start(players, first=0)
    seen = [0] * players
    for _ in range(5):
        seen[s.current_player] += 1
        s = play_turn_draw(s)
    assert seen == counts == odds.turns_per_round(players)


@pytest.mark.rule("HU-032")
def test_roll_is_a_chance_node_die_by_die_with_exact_odds():
    s = past_setup(new(2))
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["blue rolls 1", "blue rolls 2", "blue rolls 3"]
    assert sum(p for _, p in outcomes) == 1 and {p for _, p in outcomes} == {Fraction(1, 3)}
    with pytest.raises(IllegalActionError) as err:
        s.apply("red rolls 2")
    assert err.value.rule_id == "HU-032"
    s = roll(s, {"blue": 3, "red": 1, "green": 2, "black": 3, "yellow": 1})
    assert s.dice == [3, 1, 2, 3, 1] and s.phase == "turn_take_die"


@pytest.mark.rule("HU-033", "HU-043")
def test_a_taken_die_leaves_the_pool():
    s = start(2, first=0).apply("take red")
    assert s.taken[1] == 0 and s.die == 1
    s = s.apply("pillage")
    while s.current_player == 0 and s.phase != "turn_take_die":
        s = s.apply(texts(s)[0])
    assert "take red" not in texts(s) and len(texts(s)) == 4
    with pytest.raises(IllegalActionError) as err:
        s.apply("take red")
    assert err.value.rule_id == "HU-033"


@pytest.mark.rule("HU-034", "HU-041", "HU-042")
def test_exactly_one_action_after_taking_a_die():
    s = start(2)
    with pytest.raises(IllegalActionError) as err:
        s.apply("draw")
    assert err.value.rule_id == "HU-034"
    s = s.apply("take green")
    assert texts(s)[:2] == ["draw", "pillage"]
    with pytest.raises(IllegalActionError) as err:
        s.apply("end turn")
    assert err.value.rule_id == "HU-041"  # no skipping the action
    s = s.apply("draw")
    assert s.hand_deck == 2 and len(s.hand) == 2  # HU-042: the die's colour and value
    s = s.apply(texts(s)[0])
    if s.phase == "turn_after_window":
        with pytest.raises(IllegalActionError) as err:
            s.apply("pillage")
        assert err.value.rule_id == "HU-041"


@pytest.mark.rule("HU-038", "HU-040")
def test_game_ends_at_round_end_when_a_reserve_pile_is_empty():
    s = set_reserve(start(2, dice=(1, 1, 1, 1, 1)), "yellow", 1)
    s = s.apply("take yellow").apply("pillage")
    while s.reserve[4] != 0 or s.holding[4]:
        s = s.apply(texts(s)[-1] if s.phase == "pillage_place" else texts(s)[0])
    assert s.reserve[4] == 0 and not s.is_terminal  # HU-040: not checked mid-round
    while s.turn != 0 or s.phase not in ("round_roll_dice", "game_over"):
        s = play_turn_draw(s)
    assert s.phase == "game_over" and s.is_terminal and s.current_player is None
    assert texts(s) == []
    with pytest.raises(IllegalActionError) as err:
        s.apply("take red")
    assert err.value.rule_id == "HU-038"


@pytest.mark.rule("HU-038")
def test_game_ends_when_a_deck_is_empty_at_round_end():
    s = deck_to_camp(start(2, dice=(1, 1, 1, 1, 1)), "blue", 1, seat=1)
    assert len(s.decks[0]) == 1
    s = play_turn_draw(s)  # the first die in order is blue: its last card is played
    assert len(s.decks[0]) == 0 and not s.is_terminal
    for _ in range(4):
        s = play_turn_draw(s)
    assert s.phase == "game_over"


@pytest.mark.rule("HU-039")
def test_a_pile_emptied_and_refilled_in_the_round_does_not_end_the_game():
    s = start(2, first=0, dice=(3, 1, 1, 1, 1))
    s = set_wagon(set_wagon(s, 0, 0, "W01"), 0, 1, "W02")  # BBK and RRB: three blue spaces
    s = give_card(set_reserve(s, "blue", 2), 1, "RA-06")  # player 1 holds an Ambush
    s = play(s, "take blue", "pillage", "onto wagons", "place blue on wagon 1", "place blue on wagon 1")
    assert s.reserve[0] == 0 and s.current_player == 1  # emptied during the round
    s = play(s, "take red", "activate RA-06 player 1 wagon 1 blue")
    assert s.reserve[0] == 1  # refilled
    while s.phase not in ("round_roll_dice", "game_over"):
        s = play_turn_draw(s) if s.phase == "turn_take_die" else s.apply("draw")
        while s.phase not in ("turn_take_die", "round_roll_dice", "game_over"):
            s = s.apply(next(a for a in texts(s) if not a.startswith("activate")))
    assert s.phase == "round_roll_dice" and s.round == 2


@pytest.mark.rule("HU-037")
def test_first_player_token_moves_clockwise_each_round():
    s = start(4, first=3)
    for _ in range(5):
        s = play_turn_draw(s)
    assert s.first == 0 and s.round == 2
