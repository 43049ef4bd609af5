"""Phase 1 of the base game, placing knights (LB-016..LB-033), with the rulebook's worked examples (the Stafford
expulsion, the first six knights and the King's Favor, reinforcing a conflict in the lower row)."""

from __future__ import annotations

import pytest

from hench.lancaster.actions import Castle, Conflict, County
from hench.lancaster.legality import county_strength

from .helpers import at, at_turn, give_knights, join, new, put, refused, res

RED, BLUE, GREEN = 0, 1, 2


@pytest.mark.rule("LB-016", "LB-017", "LB-018", "LB-034")
def test_turns_pass_clockwise_one_knight_each_until_every_court_is_empty():
    s = new(3, "none")
    give_knights(s, GREEN, [1])
    seen = []
    while s.phase in ("place", "favor"):
        if s.phase == "favor":
            s = s.apply(s.legal_actions()[0])
            continue
        seen.append(s.current_player)
        s = s.apply(next(a for a in s.legal_actions() if isinstance(a, Castle)))
    assert seen == [RED, BLUE, GREEN, RED, BLUE]  # Green had one knight: skipped once its court is empty
    assert s.phase == "vote"  # parliament starts once the last knight is placed


@pytest.mark.rule("LB-018")
def test_the_last_player_with_knights_places_them_one_after_another():
    s = new(3, "none")
    give_knights(s, BLUE, [])
    give_knights(s, GREEN, [])
    give_knights(s, RED, [1, 1, 2])
    s = s.apply("knight 1 to castle K1")
    assert s.current_player == RED
    s = s.apply("knight 1 to castle K2")
    assert s.current_player == RED


@pytest.mark.rule("LB-019", "LB-017")
def test_a_knight_goes_to_a_county_the_own_castle_or_a_conflict():
    s = new(3, "none")
    kinds = {type(a) for a in s.legal_actions()}
    assert kinds == {County, Castle, Conflict}
    refused(s, County(3, "CountyA"), "LB-017")  # the strength-3 knight is still in the reserve


@pytest.mark.rule("LB-020", "LB-021", "LB-022")
def test_counties_hold_one_knight_meeting_the_minimum_squires_never_count():
    s = new(3, "none")
    refused(s, County(1, "Gloucester", 2), "LB-021")  # Gloucester needs 3; squires do not help
    refused(s, County(2, "CountyB", 3), "LB-022")  # only 2 squires behind the screen
    s = s.apply("knight 2 to CountyB +2 squires")
    assert s.counties[1]["squires"] == 2 and res(s, RED)["squires"] == 0
    assert county_strength(s, s.counties[1]) == 4


@pytest.mark.rule("LB-023", "LB-024", "LB-025")
def test_the_stafford_example_strictly_greater_totals_expel():
    """The rulebook's example: a strength-1 knight in Stafford, then rivals compare totals with squires."""
    s = new(3, "none")
    s = s.apply("knight 1 to Stafford +1 squire")  # Red: total 2
    refused(s, County(1, "Stafford", 1), "LB-023")  # Blue: 2 is not more than 2
    s = s.apply("knight 2 to Stafford +1 squire")  # Blue: 3 beats 2
    assert s.counties[4]["owner"] == BLUE and at(s, RED, 1, "court")  # Red's knight back to court
    assert res(s, RED)["squires"] == 1  # its squire went to the supply
    s = at_turn(s, BLUE)
    refused(s, County(1, "Stafford", 1), "LB-024")  # nobody expels their own knight
    s = at_turn(s, RED).apply("knight 1 to CountyA")  # placed again later, anywhere
    assert at(s, RED, 1, "county:0")


@pytest.mark.rule("LB-026", "LB-029", "LB-028")
def test_conflicts_one_space_per_player_reinforced_by_stacking_without_squires():
    s = new(3, "none")
    card = f"C{s.conflicts[0]['card'] + 1}"
    s = s.apply(f"knight 1 to conflict {card}")
    s = s.apply(s.legal_actions()[0])  # Red's favor
    s = s.apply(f"knight 1 to conflict {card}")
    s = s.apply(s.legal_actions()[0])
    s = at_turn(s, RED).apply(f"knight 2 to conflict {card}")
    c = s.active_conflict(card)
    assert [sp and sp["owner"] for sp in c["spaces"]] == [RED, BLUE, None] and len(c["spaces"][0]["knights"]) == 2
    assert not any(isinstance(a, Conflict) and getattr(a, "squires", 0) for a in s.legal_actions())


@pytest.mark.rule("LB-029")
def test_a_full_conflict_takes_no_newcomer():
    s = new(4, "none")
    card = f"C{s.conflicts[0]['card'] + 1}"
    for p in (BLUE, GREEN, 3):
        join(s, card, p, [1])
    refused(s, Conflict(1, card), "LB-029")


@pytest.mark.rule("LB-030", "LB-064")
def test_a_lower_row_conflict_is_reinforced_by_its_knights_owners_and_open_to_others():
    s = new(3, "none")
    c = s.conflicts[0]
    card = f"C{c['card'] + 1}"
    join(s, card, BLUE, [4])
    c["lower"] = True
    assert at(s, BLUE, 4, f"conflict:{card}") and 4 not in s.court_strengths(BLUE)  # not at court: not placed again
    s = s.apply(f"knight 2 to conflict {card}")  # Red takes an empty space in the lower row (reading LB-030)
    s = s.apply(s.legal_actions()[0])
    s = s.apply(f"knight 1 to conflict {card}")  # Blue reinforces its space
    assert len(s.active_conflict(card)["spaces"][0]["knights"]) == 2


@pytest.mark.rule("LB-031", "LB-032")
def test_the_first_six_knights_at_conflicts_each_take_a_favor():
    s = new(5, "none")
    card = f"C{s.conflicts[1]['card'] + 1}"
    taken = 0
    while s.phase in ("place", "favor", "upgrade", "noble"):
        if s.phase in ("upgrade", "noble"):
            s = s.apply(s.legal_actions()[-1])
            continue
        if s.phase == "favor":
            tiles = [a.tile for a in s.legal_actions()]
            assert len(tiles) == 6 - taken  # a face-down tile cannot be chosen again this round
            s = s.apply(s.legal_actions()[0])
            taken += 1
            continue
        s = s.apply(next((a for a in s.legal_actions() if isinstance(a, Conflict)), s.legal_actions()[0]))
    assert taken == 6 and s.favors == [False] * 6
    assert card  # the tiles give gold, squires, upgrades and a nobleman
    kinds = {t.gain.gold > 0 or t.gain.squires > 0 or t.gain.upgrades > 0 or t.gain.noble for t in s.data.favors}
    assert kinds == {True}


@pytest.mark.rule("LB-031", "LB-033", "LB-048")
def test_a_favor_pays_at_once_and_a_favor_nobleman_is_one_per_letter():
    s = new(3, "none")
    card = f"C{s.conflicts[0]['card'] + 1}"
    s = s.apply(f"knight 1 to conflict {card}")
    assert s.phase == "favor" and s.current_player == RED
    gold = s.apply("favor KF-1")
    assert res(gold, RED)["gold"] == 4 and gold.favors[0] is False and gold.phase == "place"
    up = s.apply("favor KF-4")
    assert up.phase == "upgrade"
    s.nobles[RED] = ["D"]
    noble = s.apply("favor KF-6")
    assert noble.phase == "noble" and "noble from D" not in {str(a) for a in noble.legal_actions()}
    noble = noble.apply("noble from A")
    assert noble.nobles[RED] == ["A", "D"] and noble.stacks[0] == 1


@pytest.mark.rule("LB-027")
def test_the_castle_has_one_knight_per_space_without_minimum_and_cannot_be_expelled():
    s = new(3, "none")
    s = s.apply("knight 1 to castle K1")
    assert at(s, RED, 1, "castle:0") and s.castles[RED][0] >= 0
    s = at_turn(s, RED)
    refused(s, Castle(2, 1), "LB-027")
    assert Castle(2, 2) in s.legal_actions()
    assert Castle(1, 1) in at_turn(s, BLUE).legal_actions()  # each player's own castle


@pytest.mark.rule("LB-069", "LB-070")
def test_a_player_owns_all_seven_knights_but_the_reserve_is_not_knighthood():
    from hench.lancaster.scoring import knighthood

    s = new(3, "none")
    assert knighthood(s, RED) == 3  # strengths 1 and 2 at court; 5 in the reserve do not count
    put(s, RED, 4, "court")
    assert knighthood(s, RED) == 7


@pytest.mark.rule("LB-026")
@pytest.mark.parametrize("extra", ["+1 squire", "+2 squires", "+archer +1 squire"])
def test_squires_sent_to_a_conflict_are_refused_by_the_rule(extra):
    s = new(3, "none")
    card = f"C{s.conflicts[0]['card'] + 1}"
    err = refused(s, f"knight 1 to conflict {card} {extra}", "LB-026")
    assert "squires never go to a conflict" in str(err)
