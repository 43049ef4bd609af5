"""Draw Cards (HU-044..HU-048), T-HU-02, T-HU-09, and Curses (HU-091..HU-098)."""

from __future__ import annotations

import pytest

from hench.core import IllegalActionError
from hench.huns import effects as fx
from hench.huns.scoring import breakdown

from .helpers import deck_to_camp, give_card, play, start, texts, top_of_deck


@pytest.mark.rule("HU-044", "HU-045", "HU-047", "HU-048", "HU-088")
def test_t_hu_02_draw_with_green_two():
    s = top_of_deck(start(3, dice=(1, 1, 2, 1, 1)), "green", ["ME-01", "ME-03"])
    n = len(s.decks[2])
    s = play(s, "take green", "draw")
    assert [s.card_id(c) for c in s.hand] == ["ME-01", "ME-03"]
    assert texts(s) == ["play ME-01", "play ME-03"]
    s = s.apply("play ME-01")
    camp = s.camps[0]
    assert s.card_id(camp.cards[0]) == "ME-01" and s.data.cards[camp.cards[0]].name == "Ildico the Poisoner"
    assert not fx.is_live(camp, s.data, camp.cards[0])  # empty, so inactive
    assert len(s.decks[2]) == n - 1 and s.card_id(s.decks[2][-1]) == "ME-03"  # tucked at the bottom


@pytest.mark.rule("HU-046")
def test_t_hu_09_forced_play_with_value_one():
    s = play(start(2, dice=(1, 1, 1, 1, 1)), "take blue", "draw")
    assert len(s.hand) == 1
    legal = texts(s)
    assert legal == [f"play {s.card_id(s.hand[0])}"]  # no decline option
    with pytest.raises(IllegalActionError) as err:
        s.apply("end turn")
    assert err.value.rule_id == "HU-041"
    with pytest.raises(IllegalActionError) as err:
        s.apply("play TR-01" if "TR-01" not in legal[0] else "play TR-02")
    assert err.value.rule_id == "HU-045"


@pytest.mark.rule("HU-044", "HU-048")
def test_draw_takes_what_is_left_of_a_short_deck():
    s = deck_to_camp(start(2, dice=(3, 1, 1, 1, 1)), "blue", 2, seat=1)
    s = play(s, "take blue", "draw")
    assert len(s.hand) == 2  # A2: min(value, deck)
    s = s.apply(texts(s)[0])
    assert len(s.decks[0]) == 1


@pytest.mark.rule("HU-091", "HU-045")
def test_curse_goes_to_an_opponent_chosen_by_the_drawer():
    s = top_of_deck(start(3, dice=(1, 1, 1, 1, 1)), "black", ["CU-06"])
    s = play(s, "take black", "draw", "play CU-06")
    assert s.phase == "curse_choose_target" and s.current_player == 0
    assert texts(s) == ["curse Player 2", "curse Player 3"]
    with pytest.raises(IllegalActionError) as err:
        s.apply("curse Player 1")
    assert err.value.rule_id == "HU-091"
    s = s.apply("curse Player 3")
    assert s.phase == "curse_flee_decision" and s.current_player == 2  # the target decides


@pytest.mark.rule("HU-094", "HU-095", "HU-097")
def test_fleeing_turns_the_curse_face_down_for_good():
    s = top_of_deck(start(2, dice=(1, 1, 1, 1, 1)), "black", ["CU-08"])
    s = play(s, "take black", "draw", "play CU-08")
    assert s.phase == "curse_flee_decision" and s.current_player == 1  # 2p: the only opponent
    assert texts(s) == ["flee", "accept"]
    s = s.apply("flee")
    camp = s.camps[1]
    card = s.data.card_index("CU-08")
    assert card in camp.cards and card in camp.fled
    assert not fx.raids_blocked(camp, s.data)  # its effect never applies
    assert breakdown(s, 1)["fled curses"] == -2  # -N VP
    assert "onto CU-08" not in str(texts(s))


@pytest.mark.rule("HU-096", "HU-092")
def test_an_accepted_curse_cannot_be_fled_later_and_acts():
    s = top_of_deck(start(2, dice=(1, 1, 1, 1, 1)), "black", ["CU-08"])
    s = play(s, "take black", "draw", "play CU-08", "accept")
    assert fx.raids_blocked(s.camps[1], s.data)  # HU-092: Bad Omen acts on its holder
    with pytest.raises(IllegalActionError) as err:
        s.apply("flee")
    assert err.value.rule_id == "HU-096"


@pytest.mark.rule("HU-093", "HU-098")
def test_a_filled_curse_is_deactivated_stays_and_scores_zero():
    s = give_card(start(2, dice=(1, 1, 3, 1, 1)), 0, "CU-10", cubes="R")  # Bad Omen, 2 spaces
    assert fx.raids_blocked(s.camps[0], s.data)
    s = play(s, "take green", "pillage", "onto CU-10")
    camp = s.camps[0]
    card = s.data.card_index("CU-10")
    assert len(camp.cubes[card]) == 2 and card in camp.cards  # cubes stay, card stays
    assert not fx.raids_blocked(camp, s.data)
    assert breakdown(s, 0) == {k: 0 for k in breakdown(s, 0)}


@pytest.mark.rule("HU-073", "HU-077")
def test_bodyguard_sends_a_curse_back_once():
    s = give_card(start(2, dice=(1, 1, 1, 1, 1)), 1, "ME-07", cubes="BBB")  # a full Bodyguard
    s = top_of_deck(s, "black", ["CU-06", "CU-09"])
    s = play(s, "take black", "draw", "play CU-06")
    assert texts(s) == ["flee", "accept", "send back"]  # an anytime effect, on 0's turn
    s = s.apply("send back")
    assert s.current_player == 0 and texts(s) == ["flee", "accept"]
    s = s.apply("accept")
    assert s.data.card_index("CU-06") in s.camps[0].cards
    with pytest.raises(IllegalActionError) as err:
        s.apply("send back")
    assert err.value.rule_id == "HU-094"


@pytest.mark.rule("HU-079", "HU-080")
def test_cards_stay_in_camp_without_limit():
    s = start(2, dice=(3, 3, 3, 3, 3))
    before: list[list[int]] = [[], []]
    rng_rolls = iter([1, 2, 3] * 100)
    while len(s.camps[0].cards) < 12 and not s.is_terminal:
        if s.phase == "round_roll_dice":
            s = s.apply(f"{texts(s)[0].split()[0]} rolls {next(rng_rolls)}")
        elif s.phase == "turn_choose_action":
            s = s.apply("draw")
        else:
            s = s.apply(texts(s)[0])
        for seat in range(2):
            assert before[seat] == s.camps[seat].cards[: len(before[seat])]  # nothing ever leaves
            before[seat] = list(s.camps[seat].cards)
    assert len(s.camps[0].cards) >= 12  # no limit


@pytest.mark.rule("HU-044", "HU-066")
def test_drawing_from_an_empty_deck_does_nothing():
    s = deck_to_camp(start(2, dice=(2, 1, 1, 1, 1)), "blue", 0, seat=1)
    before = s.camps[0].cards[:]
    s = play(s, "take blue", "draw")  # A2: nothing drawn, no Pillage forced instead
    assert s.camps[0].cards == before and s.current_player == 1 and s.phase == "turn_take_die"
