"""Fidelity fixes (issue 8, Huns part) and bad input (issue 14): each test fails on the engine before them."""

from __future__ import annotations

import pytest

import hench
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
    _eq, cu = (s.data.cards[s.data.card_ids[i]] for i in ("EQ-01", "CU-01"))
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


# -- HU-072 / HU-085: "during the turn" Raids in the middle of a Pillage (issue 8, Huns item 1) ------------
def _mid_placement(raid: str, dice=(1, 3, 1, 1, 1)):
    """Player 1 pillages 3 red cubes onto W05 (KKRR) and W01 (BBK), holds `raid`, and has placed one red cube."""
    s = give_card(start(2, dice=dice), 0, raid)
    s = set_wagon(set_wagon(s, 0, 0, "W05"), 0, 1, "W01")
    return play(s, "take red", "pillage", "onto wagons", "place red on wagon 1")


@pytest.mark.rule("HU-072", "HU-085")
def test_a_raid_taking_cubes_may_interrupt_a_placement_and_the_cubes_wait():
    s = _mid_placement("RA-01")  # Blue Raid: 2 blue cubes, placed as a Pillage of their own
    assert s.phase == "pillage_place" and s.holding == [0, 2, 0, 0, 0]
    assert "activate RA-01" in texts(s)  # was refused mid-placement with HU-072
    totals = s.cube_totals()
    s = s.apply("activate RA-01")
    assert s.phase == "pillage_choose_destination" and s.holding == [2, 0, 0, 0, 0] and s.paused == (0, 2, 0, 0, 0)
    assert s.cube_totals() == totals and "aside=RR" in s.notation()
    assert hench.state_from_json(s.to_json()).to_json() == s.to_json()  # a save in the middle of it loads
    s = play(s, "onto wagons", "place blue on wagon 2")
    assert s.phase == "pillage_place" and s.holding == [1, 0, 0, 0, 0] and s.paused == (0, 2, 0, 0, 0)
    s = s.apply("place blue on wagon 2")  # the Raid's cubes are all placed: the red ones come back
    assert s.phase == "pillage_place" and s.holding == [0, 2, 0, 0, 0] and s.paused == (0, 0, 0, 0, 0)
    assert texts(s) == ["place red on wagon 1"]  # one Raid per turn (HU-086), and still every red cube placed
    s = s.apply("place red on wagon 1")
    assert s.camps[0].loads[1] == [0, 0, -1] and s.cube_totals() == totals
    assert s.data.card_index("RA-01") in s.camps[0].used  # rotated (HU-085)


@pytest.mark.rule("HU-072")
def test_a_scouting_party_may_interrupt_a_placement_then_the_placement_goes_on():
    s = top_of_deck(_mid_placement("RA-08"), "yellow", ["TR-01", "TR-02"])
    s = s.apply("activate RA-08 from yellow")
    assert s.phase == "draw_choose_card" and len(s.hand) == 2 and s.paused == (0, 2, 0, 0, 0) and not sum(s.holding)
    s = s.apply("play TR-01")
    assert s.phase == "pillage_place" and s.holding == [0, 2, 0, 0, 0] and s.paused == (0, 0, 0, 0, 0)
    assert s.data.card_index("TR-01") in s.camps[0].cards


@pytest.mark.rule("HU-072")
def test_a_raid_may_come_before_the_pillaged_cubes_get_a_destination():
    s = give_card(start(2, dice=(1, 3, 1, 1, 1)), 0, "RA-09")
    s = play(s, "take red", "pillage")
    assert s.phase == "pillage_choose_destination" and "activate RA-09 blue" in texts(s)
    s = s.apply("activate RA-09 yellow")
    assert s.holding == [0, 0, 0, 0, 2] and s.paused == (0, 3, 0, 0, 0)
    s = play(s, "onto wagons", "place yellow on wagon 2", "place yellow on wagon 2")  # W22 is YYRR
    assert s.phase == "pillage_choose_destination" and s.holding == [0, 3, 0, 0, 0] and s.paused == (0, 0, 0, 0, 0)
    assert s.camps[0].loads[1] == [4, 4, -1, -1] and not any(a.startswith("activate") for a in texts(s))


@pytest.mark.rule("HU-061", "HU-045", "HU-070", "HU-086")
def test_a_raid_is_refused_where_the_rules_do_not_leave_a_gap():
    s = _mid_placement("RA-07")  # Forced March changes the die: only just after taking it
    assert "activate RA-07" not in texts(s) and rule_of(s, "activate RA-07") == "HU-070"
    s = give_card(start(2, dice=(1, 3, 1, 1, 1)), 0, "RA-06")
    s = set_wagon(set_wagon(set_wagon(s, 0, 0, "W02", "RR."), 0, 1, "W01"), 1, 0, "W01", "B..")
    s = play(s, "take blue", "pillage", "onto wagons", "place blue on wagon 1")  # W02 full: replace it at once
    assert s.phase == "wagon_replace"
    assert rule_of(s, "activate RA-06 Player 2 wagon 1 blue") == "HU-061"
    d = top_of_deck(give_card(start(2, dice=(1, 1, 1, 1, 1)), 0, "RA-06"), "red", ["RA-01", "RA-02"])
    d = set_wagon(d, 1, 0, "W01", "B..")
    d = play(d, "take red", "draw")
    assert d.phase == "draw_choose_card" and rule_of(d, "activate RA-06 Player 2 wagon 1 blue") == "HU-045"
    s = _mid_placement("RA-01")
    s = give_card(s, 0, "RA-09")
    s = play(s, "activate RA-01", "onto wagons", "place blue on wagon 2", "place blue on wagon 2")
    assert s.phase == "pillage_place" and rule_of(s, "activate RA-09 red") == "HU-086"


@pytest.mark.rule("HU-033")
def test_notation_and_repr_print_the_phase_title_and_seats_from_1():
    from hench.huns.phases import PHASES

    s = start(3, first=2)
    title = PHASES.title("turn_take_die")
    for shown in (s.notation(), repr(s), notation(observation(s, 1))):  # issue 28: no phase ids, no 0-based seats
        assert f"[{title}]" in shown and "turn_take_die" not in shown
        assert "first: Player 3, active: Player 3" in shown and "=3" not in shown and "=2 " not in shown
