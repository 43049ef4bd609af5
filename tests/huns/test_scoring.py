"""Final scoring (HU-001, HU-002, HU-083..HU-107), T-HU-06 and T-HU-07."""

from __future__ import annotations

import pytest

from hench.huns import scoring
from hench.huns.scoring import breakdown, scoring_sheet, wagon_type_bonus

from .helpers import edit, give_card, start


def dispatch(state, seat, wagon_ids):
    def fn(s):
        for wid in wagon_ids:
            w = s.data.wagon_ids[wid]
            s.wagon_deck = tuple(x for x in s.wagon_deck if x != w)
            s.camps[seat].dispatched.append(w)
    return edit(state, fn)


def over(state):
    return edit(state, lambda s: setattr(s, "phase", "game_over"))


@pytest.mark.rule("HU-102", "HU-101")
def test_t_hu_06_wagon_type_bonus():
    s = start(3)
    types = {w.id: w.type for w in s.data.wagons}
    pick = [w for w in s.wagon_deck]
    t1 = [s.wagon_id(w) for w in pick if types[s.wagon_id(w)] == "T1"][:2]
    t2 = [s.wagon_id(w) for w in pick if types[s.wagon_id(w)] == "T2"][:1]
    t3 = [s.wagon_id(w) for w in pick if types[s.wagon_id(w)] == "T3"][:1]
    s = dispatch(s, 0, t1 + t2 + t3)
    b = breakdown(s, 0)
    assert b["wagon types"] == 3 == max(3, 2)  # 3 types beat the set of 2
    assert b["dispatched wagons"] == 12  # 4 x N with N = 3
    assert wagon_type_bonus([]) == 0 and wagon_type_bonus(["T1"] * 3 + ["T2"]) == 3


@pytest.mark.rule("HU-100")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_t_hu_07_treasure_values(players):
    s = start(players)
    for eq in ("EQ-01", "EQ-02", "EQ-03"):
        s = give_card(s, 0, eq)
    s = give_card(s, 0, "TR-04")  # Armourer: 3 Equipment
    assert breakdown(s, 0)["treasures"] == players  # 2 / 3 / 4 VP
    s = give_card(s, 1, "TR-06")  # Hoarder: 12 in the Stash, not met
    assert breakdown(s, 1)["treasures"] == 0


@pytest.mark.rule("HU-087", "HU-090", "HU-097", "HU-098", "HU-083", "HU-105", "HU-002")
def test_camp_points_by_category():
    s = start(4)
    s = give_card(give_card(s, 0, "RA-01"), 0, "RA-06")  # +2
    s = give_card(give_card(s, 0, "ME-04", cubes="BB"), 0, "ME-02", cubes="R")  # +1 full, -1 not
    s = give_card(give_card(s, 0, "CU-07", fled=True), 0, "CU-08", cubes="GGG")  # -4 fled, full Curse 0
    s = give_card(s, 0, "EQ-05")  # 0
    s = edit(s, lambda x: (x.camps[0].stash.__setitem__(4, 5), x.reserve.__setitem__(4, x.reserve[4] - 5)))
    s = dispatch(s, 0, [s.wagon_id(s.wagon_deck[0])])
    b = breakdown(s, 0)
    assert b == {"raids": 2, "full mercenaries": 1, "incomplete mercenaries": -1, "treasures": 0,
                 "fled curses": -4, "dispatched wagons": 4, "wagon types": 1}
    assert s.scores()[0] == sum(b.values()) == 3  # the Stash scores nothing (HU-105)
    sheet = scoring_sheet(s)
    assert sheet[0]["total"] == 3 and sheet[0]["stash (tie-break)"] == 5


@pytest.mark.rule("HU-001", "HU-106")
def test_most_points_wins():
    s = over(give_card(start(2), 1, "RA-01"))
    assert s.scores() == [0, 1] and s.winners() == [1]
    assert start(2).winners() == []  # nobody before the end


@pytest.mark.rule("HU-107")
def test_tie_break_by_stash_then_shared():
    s = over(give_card(give_card(start(2), 0, "RA-01"), 1, "RA-02"))
    assert s.scores() == [1, 1] and s.winners() == [0, 1]  # A15: shared
    s = edit(s, lambda x: (x.camps[1].stash.__setitem__(0, 1), x.reserve.__setitem__(0, x.reserve[0] - 1)))
    assert s.winners() == [1]
    assert scoring.winners(s) == [1]


@pytest.mark.rule("HU-100", "HU-074")
@pytest.mark.parametrize("treasure,setup,met", [
    ("TR-02", ["RA-01", "RA-02"], True), ("TR-02", ["RA-01"], False),
    ("TR-08", ["EQ-01", "RA-01", "ME-03", "CU-06"], True), ("TR-10", ["TR-03"], True),
    ("TR-07", ["CU-10:RR"], True), ("TR-07", ["CU-10:RR", "CU-06!"], False), ("TR-03", ["ME-04:BB", "ME-05:RY"], True),
])
def test_treasure_conditions(treasure, setup, met):
    s = start(2)
    for item in setup:
        fled = item.endswith("!")
        cid, _, cubes = item.rstrip("!").partition(":")
        s = give_card(s, 0, cid, cubes=cubes, fled=fled)
    s = give_card(s, 0, treasure)
    assert (breakdown(s, 0)["treasures"] == 2) is met


@pytest.mark.rule("HU-101", "HU-102", "HU-106")
def test_score_sheet_totals_are_the_scores_by_source():
    s = over(give_card(give_card(start(3), 0, "RA-01"), 0, "ME-02", cubes="R"))  # +1 Raid, -1 unfilled Mercenary
    s = dispatch(s, 1, [s.wagon_id(s.wagon_deck[0])])
    sheet = s.game.score_sheet(s)
    assert sheet.totals == tuple(s.scores()) and all(sum(row) == t for row, t in zip(sheet.points, sheet.totals))
    assert dict(zip(sheet.sources, sheet.points[0]))["Raids"] == 1
    assert dict(zip(sheet.sources, sheet.points[0]))["unfilled Mercenaries"] == -1
    assert dict(zip(sheet.sources, sheet.points[1]))["dispatched Wagons"] == 3
    assert not any("_" in source or source.islower() for source in sheet.sources)  # the game's words, not keys
    assert "HU-101" in sheet.rules and "HU-102" in sheet.rules
    assert sheet.tie_break == ""  # Player 2 leads alone: no tie to break


@pytest.mark.rule("HU-107")
def test_score_sheet_says_the_tie_break_only_on_a_tie():
    s = over(give_card(give_card(start(2), 0, "RA-01"), 1, "RA-02"))
    assert scoring.score_sheet(s).tie_break.startswith("Player 1 (0 in the Stash) and Player 2 (0 in the Stash) were tied")
    assert "share the victory" in scoring.score_sheet(s).tie_break and "HU-107" in scoring.score_sheet(s).tie_break
    s = edit(s, lambda x: (x.camps[1].stash.__setitem__(0, 1), x.reserve.__setitem__(0, x.reserve[0] - 1)))
    said = scoring.score_sheet(s).tie_break
    assert "more cubes in their Stash wins: Player 2 (HU-107)" in said and "HU-106" not in said
    s = over(give_card(start(2), 1, "RA-01"))  # no tie on points: no tie-break, whatever the Stashes hold
    assert scoring.score_sheet(s).tie_break == ""
