"""A Day/Night step and a player's turn: reveal, Festival, Actions, plays and Items (HL-050..HL-066)."""

from __future__ import annotations

import pytest

from hench import CHANCE, IllegalActionError
from hench.hemloch import GAME
from hench.hemloch.actions import Draw, Play, Use

from .helpers import ALLEY, BONEYARD, COURTYARD, LOC4, arrange, card, edit, loc, new, reveal


def refused(s, action, rule):
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)
    assert err.value.rule_id == rule, str(err.value)
    assert s.to_json() == before
    return str(err.value)


@pytest.mark.rule("HL-050", "HL-038", "HL-051")
def test_the_start_player_reveals_and_the_festival_moves_then_plays_first():
    s = new(first_player=1)
    assert s.current_player == CHANCE and s.festival == -1
    s = reveal(s, COURTYARD)
    assert s.festival == loc(s, COURTYARD) and s.current_player == 1 and s.active == s.start == 1
    s = s.apply("draw").apply("draw")
    assert s.current_player == 0 and s.phase == "turn_actions"  # HL-051: then the other player


@pytest.mark.rule("HL-052", "HL-041")
def test_a_step_ends_after_both_turns_and_the_next_card_is_revealed():
    s = reveal(new(), ALLEY)
    for _ in range(4):
        s = s.apply("draw")
    assert s.phase == "reveal_week_card" and len(s.week_deck) == 3 and len(s.revealed) == 1


@pytest.mark.rule("HL-055", "HL-056", "HL-066")
def test_two_actions_each_drawing_one_card():
    s = reveal(new(), ALLEY)
    hand, deck = len(s.hands[0]), len(s.decks[0])
    s = s.apply("draw")
    assert (s.actions, len(s.hands[0]), len(s.decks[0])) == (1, hand + 1, deck - 1)
    s = s.apply("draw")
    assert s.active == 1 and s.actions == 2  # HL-066: the turn ended after 2 Actions


@pytest.mark.rule("HL-054")
def test_an_empty_hand_draws_one_free_card_at_the_start_of_the_turn():
    s = arrange(new(), hands={0: [], 1: []}, deck_top={0: ["Fan Dancer"]})
    s = reveal(s, ALLEY)
    assert s.hands[0] == [card(s, "Fan Dancer")] and s.actions == 2  # no Action spent
    s = s.apply("draw").apply("draw")
    assert len(s.hands[1]) == 1 and s.actions == 2


@pytest.mark.rule("HL-057", "HL-059", "HL-022")
def test_a_minion_is_played_from_hand_onto_your_own_side():
    s = reveal(arrange(new(), hands={0: ["Fan Dancer", "Grave Digger"]}), ALLEY)
    s = s.apply(Play("Grave Digger", COURTYARD))
    assert s.board[loc(s, COURTYARD)] == [[card(s, "Grave Digger")], []]
    assert card(s, "Grave Digger") not in s.hands[0]
    assert "no Velvet Matron in hand" in refused(s, Play("Velvet Matron", BONEYARD), "HL-057")


@pytest.mark.rule("HL-039")
def test_no_minion_on_the_festival_location():
    s = reveal(arrange(new(), hands={0: ["Fan Dancer"]}), BONEYARD)
    assert Play("Fan Dancer", BONEYARD) not in s.legal_actions()
    refused(s, Play("Fan Dancer", BONEYARD), "HL-039")


@pytest.mark.rule("HL-058")
def test_one_minion_per_location_per_turn():
    s = reveal(arrange(new(), hands={0: ["Grave Digger", "Mad Chemist"]}), ALLEY)
    s = s.apply(Play("Grave Digger", COURTYARD))
    refused(s, Play("Mad Chemist", COURTYARD), "HL-058")
    s = s.apply(Play("Mad Chemist", LOC4))  # another Location is fine
    assert s.active == 1


@pytest.mark.rule("HL-065", "HL-031")
def test_a_potion_costs_no_action_and_gives_one_turning_face_down():
    s = reveal(arrange(new(), items={0: {"Potion": (1, 0)}}), ALLEY)
    s = s.apply(Use("Potion"))
    assert s.actions == 3 and s.items[0][0] == [0, 1]  # M6: +1 Action; face down now


@pytest.mark.rule("HL-065", "HL-031")
def test_a_trinket_costs_one_action_and_draws_two():
    s = reveal(arrange(new(), items={0: {"Trinket": (1, 0)}}), ALLEY)
    hand = len(s.hands[0])
    s = s.apply(Use("Trinket"))
    assert s.actions == 1 and len(s.hands[0]) == hand + 2 and s.items[0][2] == [0, 1]


@pytest.mark.rule("HL-065", "HL-031", "HL-039")
def test_a_scepter_moves_one_of_your_minions_away_from_the_festival():
    s = arrange(new(), board={(COURTYARD, 0): ["Bone Collector"]}, items={0: {"Scepter": (1, 0)}})
    s = reveal(s, ALLEY)
    s = s.apply(Use("Scepter"))
    assert s.phase == "item_scepter" and s.actions == 1
    targets = {a.target for a in s.legal_actions()}
    assert targets == {BONEYARD, LOC4}  # not the Festival's Alley Maze, not where it stands
    refused(s, f"move Bone Collector from {COURTYARD} to {ALLEY}", "HL-039")
    s = s.apply(f"move Bone Collector from {COURTYARD} to {LOC4}")
    assert s.board[loc(s, LOC4)][0] == [card(s, "Bone Collector")] and s.board[loc(s, COURTYARD)][0] == []


@pytest.mark.rule("HL-031")
def test_face_down_items_cannot_be_used_and_a_scepter_needs_a_minion():
    s = reveal(arrange(new(), items={0: {"Potion": (0, 1), "Scepter": (1, 0)}}), ALLEY)
    assert [a for a in s.legal_actions() if isinstance(a, Use)] == []
    assert "face-down" in refused(s, Use("Potion"), "HL-031")
    assert "none can move" in refused(s, Use("Scepter"), "HL-031")


@pytest.mark.rule("HL-064")
def test_one_item_per_turn_whatever_its_kind():
    s = reveal(arrange(new(), items={0: {"Potion": (1, 0), "Trinket": (1, 0)}}), ALLEY)
    s = s.apply(Use("Potion"))
    assert Use("Trinket") not in s.legal_actions()
    refused(s, Use("Trinket"), "HL-064")


@pytest.mark.rule("HL-056", "HL-055")
def test_drawing_from_an_empty_deck_draws_nothing_but_spends_the_action():
    s = reveal(new(), ALLEY)
    s = edit(s)
    s.discards[0], s.decks[0] = s.decks[0], []
    hand = list(s.hands[0])
    s = s.apply(Draw())
    assert s.hands[0] == hand and s.actions == 1  # A10


@pytest.mark.rule("HL-055")
def test_moves_of_another_phase_are_refused_with_the_phase_rule():
    s = reveal(new(), ALLEY)
    refused(s, "mark Courtyard row 1 column 1", "HL-055")
    refused(new(), "draw", "HL-050")


@pytest.mark.rule("HL-031")
def test_using_an_item_you_do_not_have_or_have_face_down_is_refused_saying_which():
    s = reveal(new(), ALLEY)
    with pytest.raises(IllegalActionError, match="you have no Scepter") as refused:
        s.apply("use Scepter")
    assert "face down" not in str(refused.value) and "face-down" not in str(refused.value)
    used = reveal(arrange(new(), items={0: {"Potion": (0, 1)}}), ALLEY)
    with pytest.raises(IllegalActionError, match="your Potion is face down"):
        used.apply("use Potion")


@pytest.mark.rule("HL-050")
def test_a_week_card_refused_names_the_start_player_who_turns_it_over():
    s = new()
    with pytest.raises(IllegalActionError) as refused:
        s.apply(f"reveal {ALLEY} Day")
    text = str(refused.value)
    assert "the dice" not in text and "Player 1 (the Start Player" in text and "HL-050" in text


@pytest.mark.rule("HL-010", "HL-056")
def test_a_drawn_card_is_named_to_its_drawer_only():
    s = reveal(arrange(new(), deck_top={0: ["Grave Digger"]}), ALLEY)
    after = s.apply(Draw())
    assert [line.text for line in after.narration(0)] == ["Player 1 spends an Action to draw a card", "you draw Grave Digger"]
    for seat in (1, None):
        assert [line.text for line in after.narration(seat)] == ["Player 1 spends an Action to draw a card"]


@pytest.mark.rule("HL-055", "HL-056")
def test_by_default_there_is_no_pass_and_a_save_does_not_name_the_option():
    s = reveal(new(), ALLEY)
    assert "pass" not in [str(a) for a in s.legal_actions()]
    assert "may_pass" in refused(s, "pass", "HL-055")
    assert "may_pass" not in s.to_dict() and not GAME.load_state(s.to_dict()).may_pass  # old saves load unchanged


@pytest.mark.rule("HL-055", "HL-056")
def test_with_may_pass_a_player_may_pass_instead_of_drawing_from_an_empty_deck():
    s = edit(reveal(new(may_pass=True), ALLEY))
    s.discards[0], s.decks[0] = s.decks[0], []
    assert "pass" in [str(a) for a in s.legal_actions()]
    after = s.apply("pass")
    assert after.active == after.current_player == 1 and after.actions == 2  # the other player's turn begins
    assert after.hands[0] == s.hands[0] and after.decks[0] == []
    assert after.narration(1)[0].text == "Player 1 passes, leaving 2 Actions untaken; the turn ends"
    assert after.may_pass and GAME.load_state(after.to_dict()).may_pass
    one_left = s.apply("draw")
    assert one_left.apply("pass").active == 1  # a pass also after one Action
