"""The player chooses which knight an upgrade raises (LB-051, LB-072): any of their knights not in the reserve,
named by its strength and where it stands, from every source of an upgrade (counties, favor tiles, castle
extensions, the laws BL-01, BL-09 and BL-10, an ally's castle)."""

from __future__ import annotations

import pytest

from hench.core import InvalidActionError
from hench.lancaster import GAME
from hench.lancaster.actions import Pay, Upgrade
from hench.lancaster.bots import HeuristicBot
from hench.lancaster.effects import base_law

from .helpers import hard_conflict, join, new, put, refused, step

RED, BLUE, GREEN = 0, 1, 2


def spread(s, colour: int = BLUE) -> str:
    """Given: strength-1 knights of `colour` at court, in CountyA and in a conflict; the conflict's card."""
    _c, card = hard_conflict(s, 9)
    join(s, card, colour, [1])
    s.counties[0] = {"owner": colour, "knight": put(s, colour, 1, "county:0"), "squires": 0, "shield": False, "tudor": False}
    put(s, colour, 1, "court")
    return card


def choices(s) -> set[str]:
    return {str(a) for a in s.legal_actions() if isinstance(a, Upgrade)}


@pytest.mark.rule("LB-051", "LB-072")
def test_the_player_picks_the_knight_an_upgrade_raises():
    s = new(3, "none")
    card = spread(s)
    s.pending = [[BLUE, "upgrade", "any"]]
    assert choices(s) == {f"upgrade knight 1 in conflict {card}", "upgrade knight 1 in CountyA", "upgrade knight 1 at court",
                          "upgrade knight 2 at court"}
    up = s.apply("upgrade knight 1 in CountyA")
    assert up.knights[BLUE][up.counties[0]["knight"]] == [2, "county:0"]
    assert sorted(up.court_strengths(BLUE)) == [1, 2] and [1, f"conflict:{card}"] in up.knights[BLUE]
    other = s.apply(f"upgrade knight 1 in conflict {card}")
    assert [2, f"conflict:{card}"] in other.knights[BLUE] and [1, "county:0"] in other.knights[BLUE]


@pytest.mark.rule("LB-072")
def test_two_identical_knights_in_one_place_are_one_choice_and_every_choice_reads_back():
    s = new(3, "none")
    _c, card = hard_conflict(s, 9)
    join(s, card, BLUE, [1, 1])
    s.counties[4] = {"owner": BLUE, "knight": put(s, BLUE, 1, "county:4"), "squires": 0, "shield": False, "tudor": False}
    s.pending = [[BLUE, "upgrade", "any"]]
    legal = s.legal_actions()
    assert [str(a) for a in legal if isinstance(a, Upgrade)] == [f"upgrade knight 1 in conflict {card}", "upgrade knight 1 in Stafford",
                                                                 "upgrade knight 2 at court"]
    for a in legal:
        assert GAME.parse_action(s, str(a)) == a


@pytest.mark.rule("LB-072")
def test_a_short_upgrade_is_read_when_one_place_holds_that_strength_and_asks_which_when_several():
    s = new(3, "none")
    s.pending = [[BLUE, "upgrade", "any"]]
    assert GAME.parse_action(s, "upgrade knight 2") == Upgrade(2, "court")
    spread(s)
    with pytest.raises(InvalidActionError, match="several places"):
        GAME.parse_action(s, "upgrade knight 1")


def _sources() -> dict:
    """Each source of an upgrade, reached from a position where BLUE's strength-1 knights stand at court, in
    CountyA and in a conflict."""
    def county(s):
        s.counties[4] = {"owner": BLUE, "knight": put(s, BLUE, 2, "county:4"), "squires": 0, "shield": False, "tudor": False}
        return step(s, "county:4").apply("take reward")

    def favor(s):
        s.pending = [[BLUE, "favor", None]]
        return s.apply("favor KF-4")

    def extension(s):
        s.extensions[BLUE], s.res[BLUE]["squires"] = ["E2"], 2
        return step(s, f"castle:{BLUE}").apply(Pay(True))

    def law(name):
        def apply(s):
            s.res[BLUE]["gold"] = 9
            s.pending = base_law(s, name)
            while s.actor != BLUE:
                s = s.apply("decline")
            return s
        return apply

    return {"county": county, "favor": favor, "extension": extension, "BL-01": law("BL-01"), "BL-09": law("BL-09")}


@pytest.mark.rule("LB-051", "LB-072", "LB-031", "LB-055", "LB-041")
@pytest.mark.parametrize("source", list(_sources()))
def test_every_source_of_an_upgrade_lets_the_player_choose(source):
    s = new(3, "none")
    card = spread(s)
    s = _sources()[source](s)
    assert s.phase == "upgrade" and s.actor == BLUE
    deployed = {f"upgrade knight 1 in conflict {card}", "upgrade knight 1 in CountyA"}
    assert deployed <= choices(s)
    assert ("upgrade knight 1 at court" in choices(s)) == (source != "BL-01")  # BL-01: a deployed knight only (LB-044)


@pytest.mark.rule("LB-072", "LB-044")
def test_bl10_upgrades_only_the_deployed_strength_3_knight_and_says_so_plainly():
    s = new(3, "none")
    s.counties[3] = {"owner": RED, "knight": put(s, RED, 3, "county:3"), "squires": 0, "shield": False, "tudor": False}
    s.pending = base_law(s, "BL-10")
    assert choices(s) == {"upgrade knight 3 in Gloucester"}
    err = refused(s, Upgrade(1, "court"), "LB-044")
    assert "strength-3 strength-1" not in str(err) and "deployed strength-3 knight" in str(err)


@pytest.mark.rule("LB-099", "LB-072")
def test_an_allys_castle_upgrade_lets_its_controller_choose():
    s = new(2, "none")
    ally = 2
    s.castles[ally] = [-1, put(s, ally, 1, "castle:1")]
    put(s, ally, 1, "court")
    s = step(s, f"castle:{ally}")
    assert s.phase == "upgrade" and s.actor == ally and s.current_player == 0
    assert {"upgrade knight 1 at court", "upgrade knight 2 at court"} <= choices(s)


@pytest.mark.rule("LB-066", "LB-072")
def test_the_heuristic_bot_does_not_upgrade_a_knight_about_to_be_captured():
    s = new(3, "none")
    c, card = hard_conflict(s, 9)
    join(s, card, BLUE, [2])
    c["lower"] = True  # a second battle England loses: its knights are captured
    put(s, BLUE, 2, "court")  # the other strength-2 knight, from the reserve
    s.pending = [[BLUE, "upgrade", "any"]]
    assert f"upgrade knight 2 in conflict {card}" in choices(s)
    assert str(HeuristicBot(0).choose(s)) == "upgrade knight 2 at court"
