"""The catalogues' readings as the engine plays them: the expansion's A2-A5, A9, A11, A12, A19, A25, and every
reading of the base game shown in the assumptions table (game.READINGS)."""

from __future__ import annotations

import pytest

from hench.lancaster import READINGS
from hench.lancaster.actions import County
from hench.lancaster.effects import grant_seals
from hench.lancaster.transitions import cleanup, fill_offices

from .helpers import at_turn, fight, give_knights, join, new, refused, res


@pytest.mark.rule("LH-024", "LH-018")
def test_a2_an_expelled_lord_applies_again_and_pays_again():
    s = new(3, "KC").apply("lord to Chancellor").apply("lord to Chancellor knights 2").apply("knight 1 to castle K1")
    assert s.current_player == 0 and s.lord[0] == "court"
    s = s.apply("lord to Chamberlain")
    assert res(s, 0)["gold"] == 1 and res(s, 0)["vm"] == 1 and s.treasury == {"vm": 2, "squires": 0, "gold": 1}


@pytest.mark.rule("LH-016", "LH-026")
def test_a3_a4_a5_treasury_always_open_shared_and_kept():
    s = new(3, "KC")
    s.res[0].update(vm=0, squires=0, gold=0)
    assert [str(a) for a in s.legal_actions() if a.kind in ("apply", "treasury")] == [
        "lord to treasury take vm", "lord to treasury take squires", "lord to treasury take gold"]
    s.treasury = {"vm": 1, "squires": 2, "gold": 3}
    s = s.apply("lord to treasury take gold")
    s = s.apply("lord to treasury take squires")
    assert s.lord[:2] == ["treasury", "treasury"] and s.treasury == {"vm": 1, "squires": 0, "gold": 0}
    s = s.clone()
    fill_offices(s)
    cleanup(s)
    assert s.treasury["vm"] == 1 and s.round == 2  # carried over


@pytest.mark.rule("LH-008", "LH-032")
def test_a19_no_seal_once_the_supply_is_empty():
    s = new(3, "KC")
    s.supply["seals"] = 1
    grant_seals(s, 0, 2)
    assert res(s, 0)["seals"] == 1 and s.supply["seals"] == 0


@pytest.mark.rule("LH-007", "LH-030")
def test_a25_a_privilege_grant_is_skipped_when_its_supply_is_empty():
    s = new(3, "KC")
    s.holders = [0, -1, -1]
    s.supply["shield"] = 0
    s.priv[1]["shield"] = 2
    fill_offices(s)
    assert s.granted[0]["shield"] == 0 and res(s, 0)["seals"] == 2


@pytest.mark.rule("LH-089")
def test_a11_a12_the_second_battle_also_hands_out_dishonor_and_carried_knights_count():
    s = new(3, "KR")
    c = s.conflicts[0]
    s.conflicts = [c]
    c["lower"] = True
    join(s, f"C{c['card'] + 1}", 1, [1])
    s = fight(s)
    assert [r["dishonor"] for r in s.res] == [1, 0, 1] and s.conflicts == []


@pytest.mark.rule("LH-056")
def test_a9_a_tudor_counts_in_county_contests():
    s = new(3, "KC")
    give_knights(s, 0, [2])
    give_knights(s, 1, [3])
    s.priv[0]["tudor"] = 1
    s.supply["tudor"] -= 1
    s = s.apply("knight 2 to CountyB +tudor")
    refused(at_turn(s, 1), County(3, "CountyB"), "LB-023")  # 3 does not beat 2 + 2
    assert at_turn(s, 1).apply(County(3, "CountyB", 2)).counties[1]["owner"] == 1  # with 2 squires: 5 > 4


def test_every_reading_names_an_option_of_the_game_or_none():
    from hench.lancaster import GAME

    ids = [r.id for r in READINGS]
    assert len(ids) == len(set(ids)) and {"BL-02", "LB-071", "LB-086", "LB-066", "LB-052"} <= set(ids)
    assert all(r.option is None or r.option in GAME.options for r in READINGS)
