"""Fidelity fixes (issue 8, Huns part) and bad input (issue 14): each test fails on the engine before them."""

from __future__ import annotations

import pytest

from hench.core import IllegalActionError
from hench.huns.render import notation, observation

from .helpers import give_card, play, set_wagon, start, texts, top_of_deck


def rule_of(state, action: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        state.apply(action)
    return err.value.rule_id


@pytest.mark.rule("HU-072")
def test_a_during_the_turn_raid_may_come_before_taking_the_die():
    s = give_card(start(2, dice=(1, 1, 1, 1, 1)), 0, "RA-06")
    s = set_wagon(s, 1, 0, "W01", "B..")
    assert s.phase == "turn_take_die" and "activate RA-06 Player 2 wagon 1 blue" in texts(s)
    s = s.apply("activate RA-06 Player 2 wagon 1 blue")
    assert s.phase == "turn_take_die" and s.camps[1].loads[0][0] == -1 and s.raid_done


@pytest.mark.rule("HU-075")
def test_the_active_player_orders_a_bonus_and_a_minimum_one_penalty():
    s = start(2, dice=(1, 1, 1, 1, 1))
    s = give_card(give_card(s, 0, "EQ-01"), 0, "CU-01")  # +1 blue cube and "-1, minimum 1" on a colour
    eq, cu = (s.data.cards[s.data.card_ids[i]] for i in ("EQ-01", "CU-01"))
    colour = ["blue", "red", "green", "black", "yellow"][cu.param]
    s = s.apply(f"take {colour}").apply("pillage")
    assert s.phase == "effect_order" and texts(s) == ["first bonus", "first penalty"]
    bonus_first, penalty_first = s.apply("first bonus"), s.apply("first penalty")
    assert sum(bonus_first.holding) == 1 and sum(penalty_first.holding) == 2  # max(1, 1+1-1) vs max(1, 1-1)+1


@pytest.mark.rule("HU-104", "HU-081")
def test_hidden_information_stays_with_its_seat():
    s = top_of_deck(start(2, dice=(2, 2, 2, 2, 2)), "green", ["ME-01", "ME-03"])
    s = play(s, "take green", "draw")
    assert observation(s, 0)["hand"] and observation(s, 1)["hand"] is None
    assert "ME-01" not in notation(observation(s, 1)) and "ME-01" in notation(observation(s, 0))
    s = give_card(s, 1, "CU-07", fled=True)
    assert "CU-07" not in notation(observation(s, 0)) and "CU-07" in notation(observation(s, 1))
    assert observation(s, 0)["camps"][1]["dispatched_types"] is None


@pytest.mark.rule("HU-085", "HU-073")
def test_a_raid_out_of_turn_is_refused_for_being_out_of_turn():
    s = top_of_deck(start(2, dice=(1, 1, 1, 1, 1)), "black", ["CU-08"])
    s = give_card(s, 1, "RA-07")
    s = play(s, "take black", "draw", "play CU-08")
    assert s.current_player == 1
    with pytest.raises(IllegalActionError, match="own turns") as err:
        s.apply("activate RA-07")
    assert err.value.rule_id == "HU-085"
