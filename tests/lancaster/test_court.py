"""At the King's Court (KC) on the base game: the worked examples T-LH-01..T-LH-10 and T-LH-14, and the rules
LH-014..LH-064, hooked in where the base catalogue's table says (offices before the counties, LH-029)."""

from __future__ import annotations

import json

import pytest

from hench.lancaster import GAME, observation
from hench.lancaster.actions import Apply, Bishop, Conflict, County, Decline, Treasury, Upgrade
from hench.lancaster.legality import office_strength
from hench.lancaster.scoring import knighthood, seal_points
from hench.lancaster.transitions import cleanup, fill_offices, finish_laws, ranking, run_step

from .helpers import at, at_turn, fight, give_knights, hard_conflict, join, new, put, refused, res, step, with_conflict

YELLOW, BLUE, RED = 0, 1, 2


def t01():
    s = new(3, "KC")
    return s.apply("lord to Chancellor")


@pytest.mark.rule("LH-016", "LH-017", "LH-018", "LH-021", "LH-012")
def test_t_lh_01_apply():
    s = t01()
    assert res(s, YELLOW)["vm"] == 1 and s.treasury["vm"] == 1
    assert office_strength(s, s.offices[0]) == 1 and s.lord[YELLOW] == "office:0"


@pytest.mark.rule("LH-023", "LH-024", "LH-025", "LH-019", "LH-020")
def test_t_lh_02_expel():
    s = t01()
    assert s.current_player == BLUE
    s = s.apply("lord to Chancellor knights 2")
    assert office_strength(s, s.offices[0]) == 3
    assert s.lord[YELLOW] == "court" and res(s, YELLOW)["vm"] == 1  # no refund
    assert res(s, BLUE)["vm"] == 1 and s.treasury["vm"] == 2
    assert s.offices[0]["owner"] == BLUE and at(s, BLUE, 2, "office:0")


@pytest.mark.rule("LH-026", "LH-027")
def test_t_lh_03_treasury():
    s = t01().apply("lord to Chancellor knights 2").apply("lord to treasury take vm")
    assert res(s, RED)["vm"] == 4 and s.treasury["vm"] == 0 and s.lord[RED] == "treasury"
    assert not any(isinstance(a, Treasury) for a in at_turn(s, RED).legal_actions())  # the lord is placed for good
    assert s.current_player == YELLOW and any(isinstance(a, Apply) for a in s.legal_actions())  # LH-024: again later


@pytest.mark.rule("LH-029", "LH-030", "LH-032", "LH-035", "LH-036", "LH-037", "LH-013")
def test_t_lh_04_appointment_before_the_counties():
    s = t01().apply("lord to Chancellor knights 2").apply("lord to treasury take vm")
    s = step(s, "offices")
    assert s.holders[0] == BLUE and res(s, BLUE)["seals"] == 2 and s.granted[BLUE]["shield"] == 1
    assert s.supply["seals"] == 22 and at(s, BLUE, 2, "court")
    assert s.lord == ["court", "court", "court"] and s.offices == [None, None, None]
    seen = observation(s, YELLOW)["players"][BLUE]
    assert seen["seals"] is None and seen["granted"]["shield"] == 1  # seals hidden, privileges public
    assert observation(s, BLUE)["players"][BLUE]["seals"] == 2


@pytest.mark.rule("LH-041", "LH-042", "LH-031")
def test_t_lh_05_shield():
    s = new(3, "KC")
    s.priv[BLUE]["shield"] = 1
    s.supply["shield"] -= 1
    give_knights(s, BLUE, [2])
    give_knights(s, RED, [4])
    s = at_turn(s, BLUE).apply("knight 2 to Stafford +shield")
    refused(at_turn(s, RED), County(4, "Stafford"), "LH-041")
    refused(at_turn(s, YELLOW), County(1, "CountyA", 0, True), "LH-031")  # Yellow holds no shield
    s = step(s, "county:4")
    while s.pending:
        s = s.apply(s.legal_actions()[-1])
    assert s.supply["shield"] == 2 and s.counties[4] is None


@pytest.mark.rule("LH-045", "LH-047", "LH-048")
def test_t_lh_06_archer_takes_the_space_below():
    s = new(3, "KC")
    s.priv[RED]["archer"] = 1
    s.supply["archer"] -= 1
    _c, card = with_conflict(s)
    s = at_turn(s, RED).apply(f"knight 1 to conflict {card} +archer")
    while s.phase == "favor":
        s = s.apply(s.legal_actions()[0])
    c = s.active_conflict(card)
    assert c["spaces"][0]["knights"] and c["spaces"][1] == {"owner": RED, "knights": [], "archer": True, "tudor": 0}
    assert sorted(ranking(s, c)) == [(1, 0, RED), (2, 1, RED)]  # two ranks, 3 in all
    s = at_turn(s, RED).apply(f"knight 2 to conflict {card}")  # reinforcing joins the knight, never the archer
    assert len(s.active_conflict(card)["spaces"][0]["knights"]) == 2 and not s.active_conflict(card)["spaces"][1]["knights"]


@pytest.mark.rule("LH-046")
def test_t_lh_07_no_archer_on_the_lowest_space():
    s = new(3, "KC")
    s.priv[RED]["archer"] = 1
    s.supply["archer"] -= 1
    _c, card = with_conflict(s)
    join(s, card, BLUE, [1])
    join(s, card, YELLOW, [2])
    s = at_turn(s, RED)
    refused(s, Conflict(1, card, True), "LH-046")
    assert s.apply(f"knight 1 to conflict {card}").active_conflict(card)["spaces"][2]["owner"] == RED


@pytest.mark.rule("LH-050", "LH-051", "LH-049", "LH-057")
def test_t_lh_08_archer_and_tudor_after_a_lost_first_battle():
    s = new(3, "KC")
    c, card = hard_conflict(s, 9)
    join(s, card, RED, [1])
    c["spaces"][0]["tudor"] = 1
    c["spaces"][1] = {"owner": RED, "knights": [], "archer": True, "tudor": 0}
    s.supply["archer"] -= 1
    s.supply["tudor"] -= 1
    lost = fight(s)
    c2 = lost.active_conflict(card)
    assert c2["lower"] and c2["spaces"][1]["owner"] == RED and c2["spaces"][0]["tudor"] == 1
    again = fight(lost)  # France wins the second battle too: the archer and the Tudor go to their supply
    assert again.active_conflict(card) is None and again.supply["archer"] == 3 and again.supply["tudor"] == 3
    won = lost.clone()
    won.active_conflict(card)["spaces"][0]["knights"].append(put(won, RED, 4, f"conflict:{card}"))
    pp = won.data.cards[c["card"]].pp
    before = res(won, RED)["pp"]
    won = fight(won)  # England wins: the knight (1+4+2) ranks first, the archer (2) second
    assert res(won, RED)["pp"] - before == pp[0] + pp[1] and won.supply["archer"] == 3


@pytest.mark.rule("LH-059", "LH-054", "LH-056", "LH-055")
def test_t_lh_09_tudor_from_dorset():
    s = new(3, "KC")
    s.priv[BLUE]["tudor"] = 1
    s.supply["tudor"] -= 1
    give_knights(s, BLUE, [1])
    refused(at_turn(s, BLUE), County(1, "Dorset"), "LB-021")  # Dorset needs 2
    s = at_turn(s, BLUE).apply("knight 1 to Dorset +tudor")  # LH-056: the Tudor meets the minimum
    s = step(s, "county:5")
    assert s.phase == "county" and s.current_player == BLUE
    s = s.apply("take reward")
    assert s.phase == "dorset"
    _c, card = with_conflict(s)
    s = s.apply(f"dorset to conflict {card}")
    sp = s.active_conflict(card)["spaces"][0]
    assert sp["owner"] == BLUE and sp["tudor"] == 1 and ranking(s, s.active_conflict(card))[0][0] == 3


@pytest.mark.rule("LH-064")
def test_t_lh_10_seal_scoring():
    s = new(3, "KC")
    s.res[BLUE].update(bishops=2, seals=8)
    assert seal_points(s)[BLUE] == 24


@pytest.mark.rule("LH-043", "LH-052", "LH-058")
def test_t_lh_14_round_five_grants():
    s = new(3, "KC")
    s.round = 5
    s.holders = [YELLOW, BLUE, RED]
    before = knighthood(s, RED)
    fill_offices(s)
    assert res(s, YELLOW)["seals"] == 2 and s.granted[YELLOW]["shield"] == 0
    assert res(s, BLUE)["seals"] == 1 and s.granted[BLUE]["archer"] == 0
    assert s.granted[RED]["tudor"] == 1 and knighthood(s, RED) == before + 2
    cleanup(s)
    assert s.is_terminal and s.granted[RED]["tudor"] == 1


@pytest.mark.rule("LH-040", "LH-044", "LH-053", "LH-033", "LH-039", "LH-034")
def test_offices_grant_and_former_holders_keep_them():
    s = new(3, "KC")
    s.holders = [BLUE, -1, -1]
    s.offices[1] = {"owner": BLUE, "knights": [], "bishops": 0, "tudor": False}
    s.lord[BLUE] = "office:1"
    fill_offices(s)
    assert res(s, BLUE)["seals"] == 3 and s.granted[BLUE] == {"shield": 1, "archer": 1, "tudor": 0}
    assert s.holders == [BLUE, BLUE, -1] and s.supply["tudor"] == 3  # nobody ever held the Chamberlain


@pytest.mark.rule("LH-038", "LH-031")
def test_privileges_serve_the_next_round_then_go_back():
    s = new(3, "KC")
    s.holders = [YELLOW, -1, -1]
    fill_offices(s)
    assert s.priv[YELLOW]["shield"] == 0  # not in the round it is granted
    cleanup(s)
    assert s.priv[YELLOW]["shield"] == 1 and s.round == 2
    s.holders = [-1, -1, -1]
    cleanup(s)  # unused during round 2: back to the regal board
    assert s.priv[YELLOW]["shield"] == 0 and s.supply["shield"] == 2


@pytest.mark.rule("LH-014", "LH-015", "LH-022")
def test_the_lord_is_placed_every_round_and_never_strengthened():
    s = new(3, "KC")
    for seat in range(3):
        give_knights(s, seat, [1])
    s = s.apply("knight 1 to castle K1").apply("knight 1 to castle K1").apply("knight 1 to castle K1")
    assert s.phase == "place" and s.current_player == YELLOW  # knights placed, the lords are not
    s = s.apply("lord to Constable")
    assert not any(isinstance(a, Apply) for a in at_turn(s, YELLOW).legal_actions())
    refused(at_turn(s, YELLOW), Apply("Constable", (), 1), "LH-015")
    s = s.apply("lord to treasury take gold").apply("lord to treasury take squires")
    assert s.phase != "place"


@pytest.mark.rule("LH-023", "LH-017")
def test_equal_strength_does_not_expel_and_tribute_is_needed():
    s = t01()
    refused(s, Apply("Chancellor"), "LH-023")
    s = s.clone()
    s.res[BLUE]["gold"] = 0
    refused(s, Apply("Chamberlain"), "LH-017")


@pytest.mark.rule("LH-054", "LH-019", "LH-063", "LH-021")
def test_supporters_bishops_and_tudor():
    s = new(3, "KC")
    s.res[YELLOW]["bishops"] = 2
    s.supply["bishops"] -= 2
    s.priv[YELLOW]["tudor"] = 1
    s.supply["tudor"] -= 1
    refused(s, Apply("Chancellor", (), 0, True), "LH-054")
    refused(s, Apply("Chancellor", (), 3), "LH-063")
    refused(s, Apply("Chancellor", (2, 2)), "LH-019")
    s = s.apply("lord to Chancellor knights 1 2 bishops 2 +tudor")
    assert office_strength(s, s.offices[0]) == 1 + 2 + 3 + 2
    s = step(s, "offices")
    assert s.supply["tudor"] == 3 and s.priv[YELLOW]["tudor"] == 0  # LH-035: to the Tudor supply


@pytest.mark.rule("LH-060", "LH-061", "LH-062", "LH-028")
def test_a_bishop_instead_of_an_upgrade():
    s = new(3, "KC")
    s.stage, s.agenda = "rewards", ["cleanup"]
    s.proposals = []
    s.pending = [[YELLOW, "upgrade", "any"]]
    assert {str(a) for a in s.legal_actions()} == {"upgrade knight 1 at court", "upgrade knight 2 at court", "take bishop", "decline"}
    t = s.apply(Bishop())
    assert res(t, YELLOW)["bishops"] == 1 and t.supply["bishops"] == 4
    assert t.round == 2 and any(isinstance(a, Apply) and a.bishops == 1 for a in at_turn(t, YELLOW).legal_actions())
    empty = s.clone()
    empty.supply["bishops"] = 0
    refused(empty, Bishop(), "LH-061")
    full = s.clone()
    full.res[YELLOW]["bishops"] = 3
    full.supply["bishops"] = 2
    refused(full, Bishop(), "LH-062")
    assert at(full.apply(Upgrade(2)), YELLOW, 3, "court")
    assert full.apply(Decline()).round == 2


@pytest.mark.rule("LH-042")
def test_t_lb_17_the_shields_go_back_when_the_county_evaluation_is_over():
    s = new(3, "KC")
    s.supply["shield"] = 0
    for county, colour in ((0, RED), (4, BLUE)):
        s.counties[county] = {"owner": colour, "knight": put(s, colour, 1, f"county:{county}"), "squires": 0, "shield": True,
                              "tudor": False}
        s.stacks[county] = 0  # no nobleman: the reward is paid at once
    s.stage = "laws"
    finish_laws(s)
    s.agenda = [x for x in s.agenda if x not in ("offices", "tower")]
    while not s.agenda[0].startswith("shields"):
        run_step(s, s.agenda.pop(0))
        assert s.supply["shield"] == 0  # still out while counties pay
    assert s.counties[0] is None and s.counties[4] is None and s.agenda[0] == "shields:2"
    assert GAME.load_state(json.loads(s.to_json())["state"]).agenda == s.agenda  # the waiting shields are saved
    run_step(s, s.agenda.pop(0))
    assert s.supply["shield"] == 2
