"""2 players: the base game's ally rules (LB-088..LB-101, LB-103) and the expansion's 2-player rules LH-065..LH-073
(KC) and LH-097..LH-100 (KR). Seats 0 and 1; their allies are colours 2 and 3."""

from __future__ import annotations

import pytest

from hench.core import Rng, play_game, random_playout
from hench.lancaster import GAME, assumptions, observation
from hench.lancaster.actions import Apply, Bishop, Castle, Conflict, County, Decline, Tower, Treasury, Upgrade, Vote
from hench.lancaster.bots import make_bot
from hench.lancaster.effects import king_law
from hench.lancaster.legality import legal_by_checks
from hench.lancaster.scoring import dishonor_points, extension_points, knighthood_points, scores

from .helpers import at, fight, give_knights, hard_conflict, join, new, put, refused, res, step

ME, YOU, MY_ALLY, YOUR_ALLY = 0, 1, 2, 3


def two(modules: str = "KC+KR", **options):
    return new(2, modules, **options)


@pytest.mark.rule("LB-088", "LB-090", "LB-102", "LB-103", "LB-089", "LH-066", "LH-010", "LH-078", "LH-076")
def test_setup_gives_each_player_an_ally_with_its_strength_2_knight_and_a_lord():
    s = two()
    assert s.colours == 4 and s.n == 2
    assert [sorted(k[0] for k in ks) for ks in s.knights] == [[1, 1, 1, 2, 2, 3, 4]] * 4
    assert [s.court_strengths(c) for c in range(4)] == [[1, 2], [1, 2], [2], [2]]
    assert s.lord == ["court"] * 4  # LH-066: each player also has the ally's lord
    assert all(not any(s.res[p].values()) for p in (MY_ALLY, YOUR_ALLY))  # allies hold nothing
    assert s.stacks == [2] * 9 and len(s.castles[MY_ALLY]) == 2 and s.extensions[MY_ALLY] == []
    assert s.supply["bishops"] == 5 and s.neutral == 4 and s.track == [2] * 9
    assert any(a.source == "rulebook" and "allies" in a.what for a in assumptions())


@pytest.mark.rule("LB-092", "LB-018", "LH-015")
def test_each_turn_one_piece_own_or_the_allys():
    s = two("none")
    assert {a.ally for a in s.legal_actions()} == {False, True}
    s = s.apply("ally knight 2 to castle K1")
    assert s.current_player == YOU and at(s, MY_ALLY, 2, "castle:0")
    s = s.apply("knight 1 to castle K1")
    assert s.current_player == ME and all(not a.ally for a in s.legal_actions())  # my ally has nothing left
    refused(s, Castle(1, 2, True), "LB-017")


@pytest.mark.rule("LB-093", "LB-024", "LB-091")
def test_nobody_expels_their_own_allys_knight_and_allies_take_no_squires():
    s = two("none").apply("ally knight 2 to Surrey")
    s = s.apply("knight 1 to CountyA")
    refused(s, County(2, "Surrey", 2), "LB-093")  # my own ally holds Surrey
    refused(two("none"), County(2, "CountyB", 1, ally=True), "LB-093")  # an ally knight never takes squires
    theirs = s.clone()
    theirs.turn = YOU
    assert County(2, "CountyA", 0, ally=True) not in theirs.legal_actions()  # nor does your ally expel you
    refused(theirs, County(2, "CountyA", 0, ally=True), "LB-093")


@pytest.mark.rule("LB-094", "LB-095", "LB-099")
def test_castles_are_kept_apart_and_a_card_holds_both_colours_on_different_spaces():
    s = two("none")
    assert Castle(2, 3, True) not in s.legal_actions() and Castle(2, 2, True) in s.legal_actions()  # the ally castle has 2 spaces
    card = f"C{s.conflicts[0]['card'] + 1}"
    s = s.apply(f"knight 1 to conflict {card}")
    while s.phase == "favor":
        s = s.apply(s.legal_actions()[0])
    s = s.apply("knight 1 to castle K1")
    s = s.apply(f"ally knight 2 to conflict {card}")
    owners = [sp["owner"] for sp in s.active_conflict(card)["spaces"] if sp is not None]
    assert owners == [ME, MY_ALLY]


@pytest.mark.rule("LB-096", "LB-031")
def test_an_allys_favor_loses_gold_and_squires_and_removes_a_nobleman():
    s = two("none")
    card = f"C{s.conflicts[0]['card'] + 1}"
    s = s.apply(f"ally knight 2 to conflict {card}")
    assert s.phase == "favor" and s.current_player == ME and s.actor == MY_ALLY
    gold = s.apply("favor KF-1")
    assert not any(gold.res[MY_ALLY].values()) and gold.res[ME] == s.res[ME]
    noble = s.apply("favor KF-6")
    assert noble.phase == "noble"
    noble = noble.apply("noble from D")
    assert noble.stacks[3] == 1 and noble.nobles == [[], [], [], []]  # removed from the game


@pytest.mark.rule("LB-098", "LB-050")
def test_an_ally_in_a_county_uses_only_knights_upgrades_noblemen_passage_and_the_start_player():
    s = two("none")
    put(s, MY_ALLY, 2, "county:8")
    s.counties[8] = {"owner": MY_ALLY, "knight": s.knight_at(MY_ALLY, 2, "county:8"), "squires": 0, "shield": False, "tudor": False}
    s = step(s, "county:8")
    assert s.phase == "county" and s.actor == MY_ALLY and "take both" not in {str(a) for a in s.legal_actions()}
    t = s.apply("take reward")  # Surrey: 2 squires and 2 gold lost, but the start player is named
    assert not any(t.res[MY_ALLY].values()) and t.phase == "start" and t.current_player == ME
    t = t.apply("start player 2")
    assert t.start == YOU
    n = s.apply("take noble")
    assert n.stacks[8] == 1 and n.nobles[MY_ALLY] == []


@pytest.mark.rule("LB-099", "LB-053")
def test_the_ally_castle_recruits_and_upgrades_for_free():
    s = two("none")
    s.castles[MY_ALLY] = [put(s, MY_ALLY, 2, "castle:0"), -1]
    s = step(s, f"castle:{MY_ALLY}")
    assert sorted(s.court_strengths(MY_ALLY)) == [1, 2] and not any(s.res[MY_ALLY].values())


@pytest.mark.rule("LB-100", "LB-066")
def test_allies_rank_separately_forfeit_points_and_lose_captured_knights():
    s = two("none")
    c, card = hard_conflict(s, 7)
    join(s, card, YOUR_ALLY, [4])
    join(s, card, YOU, [4])
    pp = s.data.cards[c["card"]].pp
    won = fight(s)  # 8 against 7: your ally ranks first (the later entrant wins the tie: you), you ... see ranks
    assert won.res[YOUR_ALLY]["pp"] == 0 and won.res[YOU]["pp"] == pp[0]  # equal 4s: you joined later and rank first
    lost = s.clone()
    lost.active_conflict(card)["lower"] = True
    lost.active_conflict(card)["spaces"][1]["knights"] = []
    lost.active_conflict(card)["spaces"][1] = None
    lost.knights[YOU][6][1] = "court"
    lost = fight(lost)  # the second battle lost: captured
    assert at(lost, YOUR_ALLY, 4, "reserve") and not any(t[0] == YOUR_ALLY for t in lost.pending)  # no ransom for an ally
    assert lost.res[YOUR_ALLY]["pp"] == 0 and lost.res[YOU]["pp"] == 0


@pytest.mark.rule("LB-097", "LH-116", "LH-098", "LH-115")
def test_allies_vote_never_and_gain_nothing_from_laws():
    s = two("KC+KR+LK")
    s.stage, s.votes = "vote", [None, None]
    assert s.voter == ME and s.apply(Vote(True)).voter == YOU
    s.stage, s.votes = "laws", [None, None]
    put(s, MY_ALLY, 2, "tower")
    s.tower = [[MY_ALLY, s.knight_at(MY_ALLY, 2, "tower")]]
    before = [dict(r) for r in s.res]
    king_law(s, 8)
    king_law(s, 7)
    assert [dict(r) for r in s.res] == before


@pytest.mark.rule("LB-101")
def test_allies_are_ignored_at_the_end_and_only_first_places_score():
    s = two("none")
    s.extensions[ME] = ["E1", "E2"]
    assert extension_points(s) == [8, 0]
    assert knighthood_points(s) == [4, 4]  # the same knighthood and squires: the 8 points are shared
    s.res[YOU]["squires"] += 1
    assert knighthood_points(s) == [0, 8] and len(scores(s)) == 2


@pytest.mark.rule("LH-068", "LH-018")
def test_an_allys_lord_pays_no_tribute():
    s = two("KC")
    s.res[ME]["gold"] = 0
    after = s.apply(Apply("Chamberlain", ally=True))
    assert after.treasury == {"vm": 0, "squires": 0, "gold": 0} and after.lord[MY_ALLY] == "office:2"
    assert after.res[ME] == s.res[ME] and not any(after.res[MY_ALLY].values())


@pytest.mark.rule("LH-067", "LH-023")
def test_own_lord_and_own_allys_lord_never_expel_each_other():
    s = two("KC").apply("lord to Chancellor")  # seat 0's lord, strength 1
    s.turn = ME
    refused(s, Apply("Chancellor", (2,), ally=True), "LH-067")
    assert not any(isinstance(a, Apply) and a.office == "Chancellor" and a.ally for a in s.legal_actions())
    theirs = s.clone()
    theirs.turn = YOU
    theirs = theirs.apply(Apply("Chancellor", (2,), ally=True))  # the other player's ally may expel it
    assert theirs.lord[ME] == "court" and theirs.offices[0]["owner"] == YOUR_ALLY


@pytest.mark.rule("LH-069", "LH-019")
def test_knights_support_only_their_own_colours_lord():
    s = two("KC")
    give_knights(s, ME, [1, 2, 3])
    refused(s, Apply("Chancellor", (3,), ally=True), "LH-019")  # my strength-3 knight cannot support my ally's lord
    ok = s.apply(Apply("Chancellor", (2,), ally=True))
    assert ok.offices[0]["owner"] == MY_ALLY and at(ok, MY_ALLY, 2, "office:0")


@pytest.mark.rule("LH-070", "LH-026")
def test_an_allied_lord_in_the_treasury_removes_one_kind_to_the_supply():
    s = two("KC")
    s.treasury = {"vm": 3, "squires": 2, "gold": 1}
    before = [dict(r) for r in s.res]
    after = s.apply(Treasury("vm", ally=True))
    assert after.treasury == {"vm": 0, "squires": 2, "gold": 1} and after.lord[MY_ALLY] == "treasury"
    assert [dict(r) for r in after.res] == before


@pytest.mark.rule("LH-071", "LH-030", "LH-033")
def test_an_ally_holds_an_office_and_its_privilege_but_never_seals():
    s = two("KC").apply(Apply("Chancellor", ally=True))
    seals = s.supply["seals"]
    s = step(s, "offices")
    assert s.holders[0] == MY_ALLY and s.granted[MY_ALLY]["shield"] == 1
    assert s.supply["seals"] == seals and all(r["seals"] == 0 for r in s.res)
    s = step(s, "offices")  # LH-033: no applicant, the ally keeps it and its privilege again (supply permitting)
    assert s.holders[0] == MY_ALLY and s.granted[MY_ALLY]["shield"] == 2 and s.supply["seals"] == seals


@pytest.mark.rule("LH-072", "LH-031", "LH-041")
def test_a_privilege_goes_only_with_its_holders_own_colour():
    s = two("KC")
    s.priv[MY_ALLY]["shield"] = 1
    s.supply["shield"] -= 1
    err = refused(s, County(1, "Stafford", 0, True), "LH-072")
    assert "ally" in str(err)
    assert County(2, "Stafford", 0, True, ally=True) in s.legal_actions()
    after = s.apply(County(2, "Stafford", 0, True, ally=True))
    assert after.counties[4]["shield"] and after.priv[MY_ALLY]["shield"] == 0
    refused(after, County(2, "Stafford", 1), "LH-041")  # it protects the ally's knight


@pytest.mark.rule("LH-073", "LH-060")
def test_an_allys_upgrade_opportunity_may_remove_a_bishop_instead_a20_optional():
    s = two("KC")
    s.stage, s.agenda = "rewards", []
    s.pending = [[MY_ALLY, "upgrade", "any"]]
    assert s.current_player == ME and s.actor == MY_ALLY
    legal = s.legal_actions()
    assert legal == legal_by_checks(s)
    assert Bishop() in legal and Upgrade(2) in legal and Decline() in legal
    taken = s.apply(Bishop())
    assert taken.supply["bishops"] == 4 and all(r["bishops"] == 0 for r in taken.res)  # removed from the game
    up = s.apply(Upgrade(2))
    assert up.court_strengths(MY_ALLY) == [3] and up.supply["bishops"] == 5
    empty = s.clone()
    empty.supply["bishops"] = 0
    refused(empty, Bishop(), "LH-073")
    assert Bishop() not in empty.legal_actions() and Upgrade(2) in empty.legal_actions()


@pytest.mark.rule("LH-073")
def test_forced_mode_removes_a_bishop_at_once_while_any_remain():
    s = two("KC", ally_bishop_mode="forced")
    s.castles[MY_ALLY] = [-1, put(s, MY_ALLY, 2, "castle:1")]
    t = step(s, f"castle:{MY_ALLY}")
    assert t.pending == [] and t.supply["bishops"] == 4
    s.supply["bishops"] = 0
    t = step(s, f"castle:{MY_ALLY}")
    assert t.pending == [[MY_ALLY, "upgrade", "any"]]


def test_ally_bishop_mode_is_checked():
    with pytest.raises(Exception, match="ally_bishop_mode"):
        GAME.new_game(players=2, seed=1, ally_bishop_mode="sometimes")


@pytest.mark.rule("LH-065", "LH-097", "LH-032", "LH-091", "LB-089")
def test_no_screens_with_two_players():
    s = two("KC+KR")
    s.res[ME].update(seals=3, dishonor=2, gold=5)
    theirs = observation(s, YOU)["players"]
    assert theirs[ME]["seals"] == 3 and theirs[ME]["dishonor"] == 2 and theirs[ME]["gold"] == 5
    assert theirs[MY_ALLY]["name"] == "Player 1's ally" and theirs[MY_ALLY]["controller"] == ME
    three = new(3, "KC+KR")
    three.res[0]["seals"] = 3
    assert observation(three, 1)["players"][0]["seals"] is None  # 3+ players: behind the screen


@pytest.mark.rule("LH-098", "LH-089")
def test_allies_never_take_dishonor_and_ally_knights_do_not_shield_their_controller():
    s = two("KR")
    c = s.conflicts[0]
    card = f"C{c['card'] + 1}"
    s.conflicts = [c]
    join(s, card, MY_ALLY, [1])
    s = fight(s)  # strength 1 loses to any French strength
    assert res(s, ME)["dishonor"] == 1 and res(s, YOU)["dishonor"] == 1  # reading ally_dishonor: own knights only
    assert res(s, MY_ALLY)["dishonor"] == 0 and res(s, YOUR_ALLY)["dishonor"] == 0
    assert sum(s.track) == 18 - 2


@pytest.mark.rule("LH-099", "LH-081", "LH-083")
def test_an_allied_knight_in_the_tower_returns_no_dishonor():
    s = two("KR")
    s.res[ME]["dishonor"] = 2
    s.track[0] = 0
    assert Tower(2, ally=True) in s.legal_actions()
    after = s.apply(Tower(2, ally=True))
    assert after.res[ME]["dishonor"] == 2 and after.box == s.box
    refused(after, Tower(2, ally=True), "LH-081")  # your ally's: neutral 4 + 2, a strength-2 knight no longer fits
    mine = after.clone()
    mine.turn = ME
    refused(mine, Tower(2, ally=True), "LB-017")  # my ally's only knight is in the tower
    own = s.apply(Tower(2))
    assert own.res[ME]["dishonor"] == 0  # the controller's own knight does return markers


@pytest.mark.rule("LH-100", "LH-095", "LH-094")
def test_only_the_larger_penalty_applies_with_two_players():
    s = two("KR")
    s.track = [0, 0, 0] + [2] * 6  # space 3 visible: -6 / -3
    s.res[ME]["dishonor"], s.res[YOU]["dishonor"] = 4, 3
    assert dishonor_points(s) == [-(4 + 6), -3]


@pytest.mark.rule("LH-002", "LH-001", "LB-103")
@pytest.mark.parametrize("modules", ["none", "KC", "KR", "KC+KR", "KC+KR+LK"])
@pytest.mark.parametrize("mode", ["optional", "forced"])
def test_two_player_games_play_to_the_end(modules, mode):
    final, steps = random_playout(GAME.new_game(players=2, seed=3, modules=modules, ally_bishop_mode=mode), seed=3)
    assert final.is_terminal and steps > 40 and final.winners() and len(final.scores()) == 2
    assert all(not any(final.res[p].values()) for p in (MY_ALLY, YOUR_ALLY))


def test_ally_moves_read_the_same_as_a_seats_moves():
    s = two("KC+KR")
    for a in s.legal_actions():
        assert GAME.parse_action(s, str(a)) == a
    assert {type(a) for a in s.legal_actions() if a.ally} >= {County, Castle, Conflict, Tower, Apply, Treasury}


def test_the_heuristic_bot_plays_both_colours_to_the_end():
    s = GAME.new_game(players=2, seed=4, modules="KC+KR+LK")
    final, steps = play_game(s, [make_bot("heuristic", 1), make_bot("heuristic", 2)], Rng.from_seed(1))
    assert final.is_terminal and steps > 40 and len(final.scores()) == 2
    assert all(not any(final.res[p].values()) for p in (MY_ALLY, YOUR_ALLY))


@pytest.mark.rule("LB-098", "LB-050")
def test_an_ally_in_surrey_taking_the_nobleman_still_names_the_start_player():
    s = two("none")
    put(s, MY_ALLY, 2, "county:8")
    s.counties[8] = {"owner": MY_ALLY, "knight": s.knight_at(MY_ALLY, 2, "county:8"), "squires": 0, "shield": False, "tudor": False}
    s = step(s, "county:8").apply("take noble")
    assert s.stacks[8] == 1 and s.phase == "start" and s.current_player == ME
    assert s.apply("start player 2").start == YOU
