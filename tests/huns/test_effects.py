"""Card effects and timing windows (HU-069..HU-090, HU-099) on the placeholder cards."""

from __future__ import annotations

import pytest

from hench.core import IllegalActionError, InvalidActionError
from hench.huns import effects as fx
from hench.huns.data import builtin_document, data_from_document
from hench.huns.scoring import breakdown

from .helpers import edit, give_card, play, set_wagon, start, texts


def rule_of(s, action):
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)
    return err.value.rule_id


@pytest.mark.rule("HU-082", "HU-078", "HU-077")
def test_equipment_acts_from_the_moment_it_is_played():
    s = start(2, dice=(2, 1, 1, 1, 1))
    s = give_card(s, 0, "EQ-01")  # Blue Saddlebags: +1 blue cube when pillaging blue
    s = set_wagon(set_wagon(s, 0, 0, "W07"), 0, 1, "W01")  # YYYBB and BBK
    s = play(s, "take blue", "pillage")
    assert sum(s.holding) == 3  # the die shows 2; the trigger fired by itself


@pytest.mark.rule("HU-083", "HU-099", "HU-074")
def test_equipment_and_treasures_score_only_as_written():
    s = give_card(give_card(start(2), 0, "EQ-06"), 0, "TR-01")  # Keen Scout; Caravan Master (3 wagons)
    assert breakdown(s, 0)["treasures"] == 0 and sum(breakdown(s, 0).values()) == 0
    before = fx.live_effects(s.camps[0], s.data)
    assert ("treasure", -1) not in before  # no effect during play


@pytest.mark.rule("HU-077")
def test_keen_scout_draws_one_more_and_swift_horse_counts_one_as_two():
    s = give_card(give_card(start(2, dice=(1, 1, 1, 1, 1)), 0, "EQ-06"), 0, "EQ-07")
    s = s.apply("take red")
    assert s.value == 2  # Swift Horse: a 1 counts as 2
    s = s.apply("draw")
    assert len(s.hand) == 3  # 2 + Keen Scout


@pytest.mark.rule("HU-092")
def test_a_face_up_curse_acts_on_its_holder():
    s = give_card(start(2, dice=(3, 1, 1, 1, 1)), 0, "CU-01")  # Blue Blight: one cube fewer
    s = set_wagon(set_wagon(s, 0, 0, "W07"), 0, 1, "W01")
    assert sum(play(s, "take blue", "pillage").holding) == 2
    lame = give_card(start(2, dice=(3, 1, 1, 1, 1)), 0, "CU-06")
    assert len(play(lame, "take blue", "draw").hand) == 2


@pytest.mark.rule("HU-075")
def test_simultaneous_modifiers_give_the_same_result_in_any_order():
    a = give_card(give_card(start(2, dice=(2, 1, 1, 1, 1)), 0, "EQ-01"), 0, "CU-01")
    b = give_card(give_card(start(2, dice=(2, 1, 1, 1, 1)), 0, "CU-01"), 0, "EQ-01")
    for s in (a, b):
        assert fx.pillage_count(s.camps[0], s.data, 0, 2) == 2  # +1 Saddlebags, -1 Blight


@pytest.mark.rule("HU-084", "HU-085", "HU-086", "HU-087", "HU-072")
def test_raids_once_per_game_one_per_turn():
    s = give_card(give_card(start(2, dice=(1, 1, 1, 1, 1)), 0, "RA-01"), 0, "RA-09")
    s = set_wagon(set_wagon(s, 0, 0, "W07"), 0, 1, "W01")
    s = s.apply("take green")
    legal = texts(s)
    assert "activate RA-01" in legal and "activate RA-09 red" in legal  # before the action (during)
    s = play(s, "activate RA-01")  # take 2 blue, place as a Pillage
    assert s.phase == "pillage_choose_destination" and s.holding[0] == 2
    s = play(s, "onto wagons", "place blue on wagon 1", "place blue on wagon 1")
    assert s.phase == "turn_choose_action"
    assert rule_of(s, "activate RA-09 red") == "HU-086"  # one per turn
    s = s.apply("draw")
    while s.current_player == 0 and s.phase != "turn_take_die":
        s = s.apply(texts(s)[0])
    assert s.data.card_index("RA-01") in s.camps[0].used
    assert breakdown(s, 0)["raids"] == 2  # used or not


@pytest.mark.rule("HU-085")
def test_a_rotated_raid_cannot_be_activated_again():
    s = give_card(start(2, dice=(1, 1, 1, 1, 1)), 0, "RA-07")
    s = edit(s, lambda x: x.camps[0].used.append(x.data.card_index("RA-07")))
    s = s.apply("take blue")
    assert rule_of(s, "activate RA-07") == "HU-085"
    with pytest.raises(InvalidActionError, match="RA-99"):  # a card the data does not have: malformed, not illegal
        s.apply("activate RA-99")


@pytest.mark.rule("HU-070", "HU-084")
def test_forced_march_only_just_after_taking_the_die():
    s = give_card(start(2, dice=(1, 1, 1, 1, 1)), 0, "RA-07")
    assert "activate RA-07" not in texts(s)
    assert rule_of(s, "activate RA-07") == "HU-070"  # it changes the taken die: just after taking it
    s = s.apply("take red").apply("activate RA-07")
    assert s.value == 3 and s.phase == "turn_choose_action"
    assert len(s.apply("draw").hand) == 3


@pytest.mark.rule("HU-072")
def test_a_raid_drawn_this_turn_can_be_used_after_the_action():
    s = start(2, dice=(1, 1, 1, 1, 1))
    from .helpers import top_of_deck

    s = top_of_deck(s, "red", ["RA-08"])
    s = play(s, "take red", "draw", "play RA-08")
    assert s.phase == "turn_after_window"  # A8
    assert "activate RA-08 from blue" in texts(s) and "end turn" in texts(s)
    s = s.apply("activate RA-08 from yellow")
    assert s.phase == "draw_choose_card" and len(s.hand) == 2


@pytest.mark.rule("HU-092", "HU-086")
def test_bad_omen_blocks_raids():
    s = give_card(give_card(start(2, dice=(1, 1, 1, 1, 1)), 0, "RA-07"), 0, "CU-08")
    s = s.apply("take red")
    assert not any(a.startswith("activate") for a in texts(s))
    assert rule_of(s, "activate RA-07") == "HU-092"


@pytest.mark.rule("HU-071")
def test_an_after_the_turn_raid_waits_for_the_action():
    doc = dict(builtin_document())
    doc["card"] = [dict(c, timing="after") if c["id"] == "RA-06" else c for c in doc["card"]]
    custom = data_from_document({"card": doc["card"]})
    s = start(2, dice=(1, 1, 1, 1, 1))
    s = edit(s, lambda x: setattr(x, "data", custom))
    s = give_card(s, 0, "RA-06")
    s = set_wagon(s, 1, 0, "W01", "B..")
    s = s.apply("take red")
    assert not any(a.startswith("activate") for a in texts(s))
    assert rule_of(s, "activate RA-06 player 2 wagon 1 blue") == "HU-071"
    s = s.apply("draw")
    s = s.apply(texts(s)[0])
    while s.phase not in ("turn_after_window", "turn_take_die"):
        s = s.apply(texts(s)[0])
    assert s.phase == "turn_after_window"
    s = s.apply("activate RA-06 player 2 wagon 1 blue")  # Ambush: the cube goes back
    assert s.camps[1].loads[0] == [-1, -1, -1]


@pytest.mark.rule("HU-088", "HU-089", "HU-090")
def test_mercenary_acts_only_while_full():
    s = give_card(start(2, dice=(1, 1, 1, 1, 1)), 0, "ME-05", cubes="RY")  # Horse-master, full
    card = s.data.card_index("ME-05")
    assert fx.is_live(s.camps[0], s.data, card) and s.apply("take red").value == 2
    assert breakdown(s, 0)["full mercenaries"] == 1
    s2 = edit(s, lambda x: (x.camps[0].cubes[card].pop(), x.reserve.__setitem__(4, x.reserve[4] + 1)))
    assert not fx.is_live(s2.camps[0], s2.data, card) and s2.apply("take red").value == 1  # lost a cube
    assert breakdown(s2, 0)["incomplete mercenaries"] == -1


@pytest.mark.rule("HU-076", "HU-070")
def test_diviner_rerolls_once_per_turn_on_each_turn():
    s = give_card(start(2, first=0, dice=(1, 1, 1, 1, 1)), 0, "ME-06", cubes="BBBB")
    assert "reroll green" in texts(s)
    s = s.apply("reroll green")
    assert s.phase == "turn_reroll_die" and [str(a) for a, _ in s.chance_outcomes()] == ["green rolls 1", "green rolls 2", "green rolls 3"]
    s = s.apply("green rolls 3")
    assert s.dice[2] == 3 and not any(a.startswith("reroll") for a in texts(s))
    assert rule_of(s, "reroll blue") == "HU-076"
    s = play(s, "take green", "draw")
    while s.current_player == 0:
        s = s.apply(texts(s)[0])
    s = play(s, "take blue", "draw")
    while s.current_player == 1:
        s = s.apply(texts(s)[0])
    assert s.current_player == 0 and any(a.startswith("reroll") for a in texts(s))  # again next turn


@pytest.mark.rule("HU-076", "HU-077", "HU-057")
def test_broad_wagon_places_one_wild_cube_per_turn():
    s = give_card(start(2, dice=(3, 1, 1, 1, 1)), 0, "EQ-08")
    s = set_wagon(set_wagon(s, 0, 0, "W04"), 0, 1, "W05")  # RRY, KKRR: no blue space
    s = play(s, "take blue", "pillage")
    assert texts(s) == ["onto wagons"]
    s = s.apply("onto wagons")
    assert "place blue on wagon 1 red space" in texts(s) and "return the rest" in texts(s)
    s = s.apply("place blue on wagon 1 red space")
    assert s.camps[0].loads[0] == [0, -1, -1] and s.phase in ("turn_take_die",)  # one wild only


@pytest.mark.rule("HU-085")
def test_option_raids_wait_a_turn():
    from .helpers import top_of_deck

    s = top_of_deck(start(2, dice=(1, 1, 1, 1, 1), raid_same_turn=False), "red", ["RA-08"])
    s = play(s, "take red", "draw", "play RA-08")
    assert s.current_player == 1  # no Raid to offer: the turn ended
    s2 = top_of_deck(start(2, dice=(1, 1, 1, 1, 1), raid_same_turn=False), "red", ["RA-08"])
    s2 = give_card(s2, 0, "RA-01")
    s2 = play(s2, "take red", "draw", "play RA-08")
    assert s2.phase == "turn_after_window" and "activate RA-08 from blue" not in texts(s2)
    assert rule_of(s2, "activate RA-08 from blue") == "HU-085"
