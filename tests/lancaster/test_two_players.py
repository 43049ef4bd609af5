"""2 players: the ally model (catalogue 8.2 L12, M14, reading A20) and the expansion's 2-player rules
LH-065..LH-073 (KC) and LH-097..LH-100 (KR). Seats 0 and 1; their allies are colours 2 and 3."""

from __future__ import annotations

import pytest

from hench.core import random_playout
from hench.lancaster import GAME, assumptions, observation
from hench.lancaster.actions import Apply, Bishop, Castle, Conflict, County, Decline, Tower, Treasury, Upgrade
from hench.lancaster.data import default_data
from hench.lancaster.legality import legal_by_checks
from hench.lancaster.scoring import dishonor_points, scores
from hench.lancaster.transitions import (
    apply_king_law,
    evaluate_castles,
    evaluate_counties,
    fill_offices,
    resolve_conflicts,
)

from .helpers import give_knights, new, refused, res

ME, YOU, MY_ALLY, YOUR_ALLY = 0, 1, 2, 3


def two(modules: str = "KC+KR", **options) -> object:
    return GAME.new_game(players=2, seed=1, modules=modules, parliament=False, first_player=0, **options)


def placing_for(s, colour: int):
    """The same position with `colour` to place (a seat, or with 2 players an ally)."""
    s = s.clone()
    s.turn = colour
    return s


def calm(s):
    """A placement that expels nobody: a castle space, else the treasury, else the first legal move."""
    legal = s.legal_actions()
    return next((a for a in legal if isinstance(a, Castle)), next((a for a in legal if isinstance(a, Treasury)), legal[0]))


def knight_at(s, colour: int, strength: int) -> int:
    return s.knight_at_court(colour, strength)


@pytest.mark.rule("LH-066", "LH-010", "LH-078", "LH-076")
def test_setup_gives_each_player_an_ally_with_knights_and_a_lord():
    s = two()
    data = default_data()
    assert s.colours == 4 and s.n == 2
    assert [sorted(k[0] for k in ks) for ks in s.knights] == [[1, 2], [1, 2], list(data.two.ally_knights),
                                                                   list(data.two.ally_knights)]
    assert s.lord == ["court"] * 4  # LH-066: each player also has the ally's lord
    assert all(not any(s.res[p].values()) for p in (MY_ALLY, YOUR_ALLY))  # allies hold nothing (L12)
    assert s.supply["bishops"] == 5 and s.neutral == 4 and s.track == [2] * 9
    assert data.two.row.source == "assumed" and any(a.source == "assumed" and "allies" in a.what for a in assumptions())
    assert s.ally_bishop_mode == "optional"


@pytest.mark.rule("LH-015", "LH-066")
def test_the_controller_places_one_ally_piece_right_after_each_own_placement():
    s = two()
    seen = []
    while s.phase == "place":
        seen.append((s.current_player, s.actor))
        s = s.apply(calm(s))
    assert seen[:4] == [(ME, ME), (ME, MY_ALLY), (YOU, YOU), (YOU, YOUR_ALLY)]
    assert all(seat == actor % 2 for seat, actor in seen)
    # each colour placed its 2 knights and its lord: 3 pieces x 4 colours
    assert len(seen) == 12


@pytest.mark.rule("LH-015")
def test_the_ally_keeps_placing_once_its_controller_is_done():
    """data two_player.ally_keeps_placing (assumed): the ally's pieces are still placed on its seat's turns."""
    s = two("none")
    give_knights(s, MY_ALLY, [1, 1, 2])
    colours = []
    while s.phase == "place":
        colours.append(s.actor)
        s = s.apply(calm(s))
    assert colours.count(MY_ALLY) == 3 and colours.count(ME) == 2
    assert colours[-1] == MY_ALLY and colours[-2] != ME  # the last ally piece came on its own


@pytest.mark.rule("LH-068", "LH-018")
def test_an_allys_lord_pays_no_tribute():
    s = placing_for(two("KC"), MY_ALLY)
    s.res[ME]["gold"] = 0
    after = s.apply("lord to Chamberlain")
    assert after.treasury == {"vm": 0, "squires": 0, "gold": 0} and after.lord[MY_ALLY] == "office:2"
    assert after.res[ME] == s.res[ME] and not any(after.res[MY_ALLY].values())


@pytest.mark.rule("LH-067", "LH-023")
def test_own_lord_and_own_allys_lord_never_expel_each_other():
    s = two("KC").apply("lord to Chancellor")  # seat 0's lord, strength 1
    assert s.actor == MY_ALLY
    err = refused(s, Apply("Chancellor", (1, 2)), "LH-067")
    assert "ally" in str(err)
    assert not any(isinstance(a, Apply) and a.office == "Chancellor" for a in s.legal_actions())
    # the other player's ally may expel it with a stronger stack
    theirs = placing_for(s, YOUR_ALLY).apply("lord to Chancellor knights 2")
    assert theirs.lord[ME] == "court" and theirs.offices[0]["owner"] == YOUR_ALLY


@pytest.mark.rule("LH-069", "LH-019")
def test_knights_support_only_their_own_colours_lord():
    s = placing_for(two("KC"), MY_ALLY)
    give_knights(s, ME, [1, 2, 3])
    refused(s, Apply("Chancellor", (3,)), "LH-069")  # my strength-3 knight cannot support my ally's lord
    ok = s.apply("lord to Chancellor knights 1 2")  # the ally's own knights can
    assert ok.offices[0] == {"owner": MY_ALLY, "knights": [0, 1], "bishops": 0, "tudor": False}
    mine = placing_for(two("KC"), ME)
    give_knights(mine, MY_ALLY, [1, 2, 4])
    refused(mine, Apply("Chancellor", (4,)), "LH-069")


@pytest.mark.rule("LH-070", "LH-026")
def test_an_allied_lord_in_the_treasury_removes_one_kind_to_the_supply():
    s = placing_for(two("KC"), MY_ALLY)
    s.treasury = {"vm": 3, "squires": 2, "gold": 1}
    before = [dict(r) for r in s.res]
    after = s.apply(Treasury("vm"))
    assert after.treasury == {"vm": 0, "squires": 2, "gold": 1} and after.lord[MY_ALLY] == "treasury"
    assert [dict(r) for r in after.res] == before  # nobody gains them


@pytest.mark.rule("LH-071", "LH-030", "LH-033")
def test_an_ally_holds_an_office_and_its_privilege_but_never_seals():
    s = placing_for(two("KC"), MY_ALLY).apply("lord to Chancellor").clone()
    seals = s.supply["seals"]
    fill_offices(s)
    assert s.holders[0] == MY_ALLY and s.granted[MY_ALLY]["shield"] == 1
    assert s.supply["seals"] == seals and all(r["seals"] == 0 for r in s.res)
    s.offices = [None, None, None]
    fill_offices(s)  # LH-033: no applicant, the ally keeps it and its privilege again (supply permitting)
    assert s.holders[0] == MY_ALLY and s.granted[MY_ALLY]["shield"] == 2 and s.supply["seals"] == seals


@pytest.mark.rule("LH-072", "LH-031", "LH-041")
def test_a_privilege_goes_only_with_its_holders_own_colour():
    s = two("KC")
    s.priv[MY_ALLY]["shield"] = 1
    s.supply["shield"] -= 1
    err = refused(placing_for(s, ME), County(1, "Stafford", 0, True), "LH-072")
    assert "ally" in str(err)
    ally = placing_for(s, MY_ALLY)
    assert County(1, "Stafford", 0, True) in ally.legal_actions()
    after = ally.apply(County(1, "Stafford", 0, True))
    assert after.counties[0]["shield"] and after.priv[MY_ALLY]["shield"] == 0
    refused(placing_for(after, YOU), County(2, "Stafford"), "LH-041")  # it protects the ally's knight


@pytest.mark.rule("LH-073", "LH-060")
def test_an_allys_upgrade_opportunity_may_remove_a_bishop_instead_a20_optional():
    s = two("KC").clone()
    s.stage = "rewards"
    essex = default_data().county_index("Essex")
    s.counties[essex] = {"owner": MY_ALLY, "knight": 1, "squires": 0, "shield": False, "tudor": False}
    s.knights[MY_ALLY][1][1] = f"county:{essex}"
    evaluate_counties(s)
    assert s.pending == [[ME, "upgrade", 1]] and s.current_player == ME and s.actor == MY_ALLY
    legal = s.legal_actions()
    assert legal == legal_by_checks(s)
    assert Bishop() in legal and Upgrade(1) in legal and Upgrade(2) in legal and Decline() in legal
    taken = s.apply(Bishop())
    assert taken.supply["bishops"] == 4 and all(r["bishops"] == 0 for r in taken.res)  # removed from the game
    up = s.apply(Upgrade(2))
    assert sorted(k[0] for k in up.knights[MY_ALLY]) == [1, 3] and up.supply["bishops"] == 5
    empty = s.clone()
    empty.supply["bishops"] = 0
    refused(empty, Bishop(), "LH-073")  # with no bishops left the ally upgrades normally
    assert Bishop() not in empty.legal_actions() and Upgrade(1) in empty.legal_actions()


@pytest.mark.rule("LH-073")
def test_forced_mode_removes_a_bishop_at_once_while_any_remain():
    s = two("KC", ally_bishop_mode="forced").clone()
    s.stage = "rewards"
    s.castles[MY_ALLY][default_data().castle.index("training")] = 0
    s.knights[MY_ALLY][0][1] = "castle:1"
    evaluate_castles(s)
    assert s.pending == [] and s.supply["bishops"] == 4
    s.supply["bishops"] = 0
    evaluate_castles(s)
    assert s.pending == [[ME, "upgrade", 1]]


def test_ally_bishop_mode_is_checked():
    with pytest.raises(Exception, match="ally_bishop_mode"):
        GAME.new_game(players=2, seed=1, ally_bishop_mode="sometimes")


@pytest.mark.rule("LH-065", "LH-097", "LH-032", "LH-091")
def test_seals_and_dishonor_are_open_with_two_players_gold_and_squires_stay_hidden():
    s = two("KC+KR")
    s.res[ME].update(seals=3, dishonor=2, gold=5)
    theirs = observation(s, YOU)["players"]
    assert theirs[ME]["seals"] == 3 and theirs[ME]["dishonor"] == 2
    assert theirs[ME]["gold"] is None and theirs[ME]["squires"] is None
    assert theirs[MY_ALLY]["gold"] is None and observation(s, ME)["players"][MY_ALLY]["gold"] == 0  # the ally's screen is its controller's
    assert theirs[MY_ALLY]["name"] == "Player 1's ally" and theirs[MY_ALLY]["controller"] == ME
    three = new(3, "KC+KR")
    three.res[0]["seals"] = 3
    assert observation(three, 1)["players"][0]["seals"] is None  # 3+ players: behind the screen


@pytest.mark.rule("LH-098", "LH-089")
def test_allies_never_take_dishonor_and_ally_knights_do_not_shield_their_controller():
    s = two("KR").clone()
    s.stage = "rewards"
    c = s.conflicts[0]
    c["card"] = s.conflicts[0]["card"]
    c["spaces"][0] = {"owner": MY_ALLY, "knights": [0], "archer": False, "tudor": 0}
    s.knights[MY_ALLY][0][1] = f"conflict:C{c['card'] + 1}"
    for other in s.conflicts[1:]:
        s.conflicts.remove(other)
        s.conflict_deck.append(other["card"])
    resolve_conflicts(s)  # strength 1 loses to any French strength
    assert res(s, ME)["dishonor"] == 1 and res(s, YOU)["dishonor"] == 1  # reading ally_dishonor: own knights only
    assert res(s, MY_ALLY)["dishonor"] == 0 and res(s, YOUR_ALLY)["dishonor"] == 0
    assert sum(s.track) == 18 - 2


@pytest.mark.rule("LH-099", "LH-081", "LH-083")
def test_an_allied_knight_in_the_tower_returns_no_dishonor():
    s = placing_for(two("KR"), MY_ALLY)
    s.res[ME]["dishonor"] = 2
    s.track[0] = 0
    assert Tower(2) in s.legal_actions() and Tower(1) in s.legal_actions()
    after = s.apply(Tower(2))
    assert after.res[ME]["dishonor"] == 2 and after.box == s.box
    assert after.tower == [[MY_ALLY, knight_at(s, MY_ALLY, 2)]]
    full = placing_for(after, YOUR_ALLY)  # neutral 4 + 2: a strength-2 knight no longer fits (capacity 7)
    refused(full, Tower(2), "LH-081")
    own = placing_for(s, ME).apply(Tower(2))
    assert own.res[ME]["dishonor"] == 0  # the controller's own knight does return markers


@pytest.mark.rule("LH-100", "LH-095", "LH-094")
def test_only_the_larger_penalty_applies_with_two_players():
    s = two("KR").clone()
    s.track = [0, 0, 0] + [2] * 6  # space 3 visible: -6 / -3
    s.res[ME]["dishonor"], s.res[YOU]["dishonor"] = 4, 3
    assert dishonor_points(s) == [-(4 + 6), -3]


@pytest.mark.rule("LH-116", "LH-098", "LH-115")
def test_allies_gain_nothing_from_rewards_ranks_or_laws():
    s = two("KC+KR").clone()
    s.stage = "rewards"
    stafford = default_data().county_index("Stafford")
    s.counties[stafford] = {"owner": MY_ALLY, "knight": 0, "squires": 0, "shield": False, "tudor": False}
    s.knights[MY_ALLY][0][1] = f"county:{stafford}"
    s.castles[YOUR_ALLY][0] = 0
    s.knights[YOUR_ALLY][0][1] = "castle:0"
    before = [dict(r) for r in s.res]
    evaluate_counties(s)
    evaluate_castles(s)
    assert [dict(r) for r in s.res] == before and s.pending == []  # income and gold are lost
    s.tower = [[MY_ALLY, 1]]
    s.knights[MY_ALLY][1][1] = "tower"
    apply_king_law(s, 8)
    apply_king_law(s, 7)
    assert [dict(r) for r in s.res] == before
    c = s.conflicts[0]
    s.knights[YOUR_ALLY][1] = [4, f"conflict:C{c['card'] + 1}"]
    s.knights[YOU][0][0] = 4
    s.knights[YOU][0][1] = f"conflict:C{c['card'] + 1}"
    s.knights[YOU][1][1] = f"conflict:C{c['card'] + 1}"
    c["spaces"][0] = {"owner": YOUR_ALLY, "knights": [1], "archer": False, "tudor": 0}
    c["spaces"][1] = {"owner": YOU, "knights": [0, 1], "archer": False, "tudor": 0}
    resolve_conflicts(s)
    assert s.res[YOUR_ALLY]["pp"] == 0 and s.res[YOU]["pp"] == default_data().rank_pp[0]
    assert len(scores(s)) == 2


@pytest.mark.rule("LH-002", "LH-001")
@pytest.mark.parametrize("modules", ["none", "KC", "KR", "KC+KR", "KC+KR+LK"])
@pytest.mark.parametrize("mode", ["optional", "forced"])
def test_two_player_games_play_to_the_end(modules, mode):
    final, steps = random_playout(GAME.new_game(players=2, seed=3, modules=modules, ally_bishop_mode=mode), seed=3)
    assert final.is_terminal and steps > 40 and final.winners() and len(final.scores()) == 2
    assert all(not any(final.res[p].values()) for p in (MY_ALLY, YOUR_ALLY))
    assert all(loc in ("court", "none") for loc in final.lord)


def test_ally_moves_read_the_same_as_a_seats_moves():
    s = placing_for(two("KC+KR"), MY_ALLY)
    for a in s.legal_actions():
        assert GAME.parse_action(s, str(a)) == a
    assert {type(a) for a in s.legal_actions()} >= {County, Castle, Conflict, Tower, Apply, Treasury}


def test_the_heuristic_bot_plays_both_colours_to_the_end():
    from hench.core import Rng, play_game
    from hench.lancaster.bots import make_bot

    s = GAME.new_game(players=2, seed=4, modules="KC+KR+LK")
    final, steps = play_game(s, [make_bot("heuristic", 1), make_bot("heuristic", 2)], Rng.from_seed(1))
    assert final.is_terminal and steps > 40 and len(final.scores()) == 2
    assert all(not any(final.res[p].values()) for p in (MY_ALLY, YOUR_ALLY))
