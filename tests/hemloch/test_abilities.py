"""Minion and Location abilities: compulsory, in order, done as far as possible (HL-027, HL-029, HL-033,
HL-060..HL-063; readings A9, A17)."""

from __future__ import annotations

import pytest

from hench.hemloch.actions import Play, Recall

from .helpers import ALLEY, BONEYARD, COURTYARD, LOC4, arrange, card, loc, new, reveal


@pytest.mark.rule("HL-027", "HL-061")
def test_the_location_ability_fires_only_on_its_activating_faction():
    # The Boneyard (light) is activated by the Darkened: Alley Cutpurse yes, Mad Chemist no.
    s = reveal(arrange(new(), hands={0: ["Mad Chemist", "Shade Whisperer"]}), ALLEY)
    s = s.apply(Play("Mad Chemist", BONEYARD))
    assert s.items[0][0] == [0, 0] and s.items[0][2] == [1, 0]  # its own ability (a Trinket), no Potion
    s = s.apply(Play("Shade Whisperer", LOC4))
    assert s.items[0][0] == [0, 0]
    s2 = reveal(arrange(new(), hands={0: ["Shade Whisperer"]}), ALLEY).apply(Play("Shade Whisperer", BONEYARD))
    assert s2.items[0][0] == [1, 0]  # Darkened at the Boneyard: a Potion


@pytest.mark.rule("HL-095", "HL-027")
def test_the_dark_side_changes_the_activating_icon_and_sides_mix():
    s = new(sides="DLLL")
    assert s.sides == ("dark", "light", "light", "light")
    assert s.data.factions[s.activating(loc(s, COURTYARD))].name == "Darkened"
    assert s.data.factions[s.activating(loc(s, BONEYARD))].name == "Darkened"  # still light
    s = reveal(arrange(s, hands={0: ["Gutter Stalker"]}), ALLEY)
    s = s.apply(Play("Gutter Stalker", COURTYARD))  # Darkened activate the dark Courtyard: a Marker there
    assert s.phase == "ability_mark" and {a.location for a in s.legal_actions()} == {COURTYARD}
    light = reveal(arrange(new(), hands={0: ["Gutter Stalker"]}), ALLEY).apply(Play("Gutter Stalker", COURTYARD))
    assert light.phase == "turn_actions"  # the light Courtyard is activated by the Geared only


@pytest.mark.rule("HL-060", "HL-063")
def test_a_minion_ability_is_compulsory():
    s = reveal(arrange(new(), hands={0: ["Horned Advisor"]}), ALLEY)
    s = s.apply(Play("Horned Advisor", LOC4))
    assert s.phase == "ability_mark"
    assert {str(a) for a in s.legal_actions()} <= {f"mark {LOC4} row {r} column {c}" for r in (1, 2, 3) for c in (1, 2, 3)}
    assert "draw" not in [str(a) for a in s.legal_actions()]  # no way to skip it


@pytest.mark.rule("HL-063", "HL-029")
def test_an_ability_that_cannot_be_done_is_skipped_without_cancelling_the_play():
    s = reveal(arrange(new(), hands={0: ["Alley Cutpurse"]}), ALLEY)
    s = s.apply(Play("Alley Cutpurse", LOC4))  # the other player has no Item to steal (A9)
    assert s.phase == "turn_actions" and s.actions == 1 and s.board[loc(s, LOC4)][0] == [card(s, "Alley Cutpurse")]
    assert any("steals nothing" in line.text and "A9" in line.rules for line in s.narration(None))


@pytest.mark.rule("HL-029")
def test_a_stolen_item_keeps_its_facing():
    s = arrange(new(), hands={0: ["Alley Cutpurse"]}, items={1: {"Trinket": (0, 1), "Potion": (1, 0)}})
    s = reveal(s, ALLEY).apply(Play("Alley Cutpurse", LOC4))
    assert sorted(str(a) for a in s.legal_actions()) == ["steal face-down Trinket", "steal face-up Potion"]
    s = s.apply("steal face-down Trinket")
    assert s.items[0][2] == [0, 1] and s.items[1][2] == [0, 0]


@pytest.mark.rule("HL-033", "HL-029")
def test_an_empty_supply_lets_you_turn_one_of_your_items_face_up_instead():
    s = arrange(new(), hands={0: ["Grave Digger"]}, items={0: {"Trinket": (0, 2)}, 1: {"Trinket": (4, 0)}})
    assert s.supply[2] == 0
    s = reveal(s, ALLEY).apply(Play("Grave Digger", LOC4))
    assert s.phase == "ability_flip" and s.current_player == 0  # "may": the player chooses
    assert [str(a) for a in s.legal_actions()] == ["turn up Trinket", "leave Trinket face-down"]
    assert s.illegal_reason(s.game.parse_action(s, "turn up Potion")).rule_id == "HL-033"
    up, left = s.apply("turn up Trinket"), s.apply("leave Trinket face-down")
    assert up.items[0][2] == [1, 1] and left.items[0][2] == [0, 2] and up.supply[2] == left.supply[2] == 0
    assert up.phase == left.phase == "turn_actions"
    s2 = arrange(new(), hands={0: ["Grave Digger"]}, items={1: {"Trinket": (6, 0)}})
    s2 = reveal(s2, ALLEY).apply(Play("Grave Digger", LOC4))
    assert s2.items[0][2] == [0, 0]  # nothing to gain and nothing to turn: skipped (A9)


@pytest.mark.rule("HL-060")
def test_return_own_minion_leaves_out_the_one_just_played():
    s = arrange(new(), hands={0: ["Gutter Stalker"]}, board={(COURTYARD, 0): ["Fan Dancer"]})
    s = reveal(s, ALLEY).apply(Play("Gutter Stalker", LOC4))
    assert [str(a) for a in s.legal_actions()] == [f"recall Fan Dancer from {COURTYARD}"]
    assert s.illegal_reason(Recall("Gutter Stalker", LOC4)).rule_id == "HL-059"
    s = s.apply(f"recall Fan Dancer from {COURTYARD}")
    assert card(s, "Fan Dancer") in s.hands[0] and s.board[loc(s, COURTYARD)][0] == []


@pytest.mark.rule("HL-060")
def test_opponent_discards_one_card_at_random_in_the_open():
    s = reveal(arrange(new(), hands={0: ["Shade Whisperer"]}), ALLEY)
    hand = len(s.hands[1])
    s = s.apply(Play("Shade Whisperer", LOC4))
    assert len(s.hands[1]) == hand - 1 and len(s.discards[1]) == 1
    assert any("discards" in line.text and line.to is None for line in s.narration(None))


@pytest.mark.rule("HL-038")
def test_move_festival_goes_to_another_location():
    s = reveal(arrange(new(), hands={0: ["Velvet Matron"]}), ALLEY).apply(Play("Velvet Matron", LOC4))
    assert s.phase == "ability_festival"
    assert {a.location for a in s.legal_actions()} == {COURTYARD, BONEYARD, LOC4}
    assert s.illegal_reason(s.game.parse_action(s, f"festival to {ALLEY}")).rule_id == "HL-038"


@pytest.mark.rule("HL-039", "HL-062")
def test_a17_the_festival_rule_is_checked_at_each_play():
    s = reveal(arrange(new(), hands={0: ["Velvet Matron", "Fan Dancer"]}), ALLEY)
    s = s.apply(Play("Velvet Matron", LOC4)).apply(f"festival to {COURTYARD}")
    assert Play("Fan Dancer", ALLEY) in s.legal_actions()  # the Festival left Alley Maze
    assert Play("Fan Dancer", COURTYARD) not in s.legal_actions()


@pytest.mark.rule("HL-063")
def test_an_ability_marker_is_skipped_when_the_location_is_full():
    full = {(r, c): 1 for r in range(3) for c in range(3)}
    s = arrange(new(), hands={0: ["Horned Advisor"]}, markers={LOC4: full})
    s = reveal(s, ALLEY).apply(Play("Horned Advisor", LOC4))
    assert s.phase == "turn_actions" and s.markers_left(0) == 15
