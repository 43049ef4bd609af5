"""Phase 2 of the base game, parliament (LB-034..LB-044, LB-081, LB-082): secret votes with voting markers, the
law row, the markers' return, and the 18 base laws applied left to right (BL-01..BL-18, the rulebook's texts)."""

from __future__ import annotations

import pytest

from hench.lancaster import observation
from hench.lancaster.actions import Choose, Vote
from hench.lancaster.effects import base_law

from .helpers import join, new, put, refused, res, step

RED, BLUE, GREEN = 0, 1, 2


def voting(players: int = 3, **options):
    s = new(players, "none", **options)
    s.stage, s.votes = "vote", [None] * players
    return s


def laws(s, *ids: str):
    """The position with these laws current and applied (their choices left pending)."""
    s = s.clone()
    s.stage, s.current, s.agenda, s.proposals = "laws", list(ids), [], []
    for law in ids:
        s.pending += base_law(s, law)
    return s


@pytest.mark.rule("LB-034", "LB-035", "LB-036", "LB-037", "LB-038", "LB-039", "LB-081")
def test_three_laws_voted_left_to_right_secretly_a_tie_approves():
    s = voting()
    first, second, third = s.proposals
    s.res[RED]["vm"] = 2
    s = s.apply(Vote(True, 2))
    assert observation(s, BLUE)["players"][RED]["vote"] is None and observation(s, RED)["players"][RED]["vote"] == [True, 2]
    refused(s, Vote(False, 2), "LB-035")  # Blue holds 1 voting marker
    s = s.apply(Vote(False, 1)).apply(Vote(False, 1))  # 3 yes against 4 no: rejected, the row stays
    assert s.current == ["BL-01", "BL-02", "BL-03"] and s.tally == [[first, 3, 4]]
    assert [r["vm"] for r in s.res] == [0, 0, 0]  # every marker used goes back to the supply
    s = s.apply(Vote(True)).apply(Vote(False)).apply(Vote(True))  # approved: pushes the leftmost law out
    assert s.current == ["BL-02", "BL-03", second]
    s = s.apply(Vote(False)).apply(Vote(True)).apply(Vote(True))
    assert s.current == ["BL-03", second, third] and s.stage != "vote"


@pytest.mark.rule("LB-040", "LB-041")
def test_markers_still_held_go_back_after_the_third_vote_then_the_laws_apply():
    s = voting()
    s.res[GREEN]["vm"] = 5
    for _ in range(3):
        s = s.apply(Vote(True)).apply(Vote(True)).apply(Vote(True))
    assert all(r["vm"] == 0 for r in s.res)
    assert any("applies" in line.text or line.text.startswith("BL-") for line in s.narration(None)) or s.pending


@pytest.mark.rule("LB-042", "LB-041")
def test_purchases_go_round_from_the_start_player():
    s = new(3, "none")
    s.start = BLUE
    s = laws(s, "BL-04", "BL-16")
    assert [(t[0], t[2]["law"]) for t in s.pending] == [(BLUE, "BL-04"), (GREEN, "BL-04"), (RED, "BL-04"),
                                                         (BLUE, "BL-16"), (GREEN, "BL-16"), (RED, "BL-16")]
    s = s.apply(Choose(2))  # Blue buys 2 voting markers for 2 gold
    assert res(s, BLUE)["vm"] == 3 and res(s, BLUE)["gold"] == 0
    refused(s, Choose(3), "LB-042")


@pytest.mark.rule("LB-043", "LB-082", "LB-071")
def test_most_laws_reward_every_tied_player():
    s = new(3, "none")
    s.res[RED]["squires"] = s.res[GREEN]["squires"] = 5
    s = laws(s, "BL-02")
    assert s.court_strengths(RED) == [1, 1, 2] and s.court_strengths(GREEN) == [1, 1, 2] and s.court_strengths(BLUE) == [1, 2]
    s = new(3, "none")
    s.res[RED]["gold"] = 5
    put(s, RED, 1, "county:0")
    s.counties[0] = {"owner": RED, "knight": 0, "squires": 0, "shield": False, "tudor": False}
    s = laws(s, "BL-01")
    assert s.pending == [[RED, "upgrade", "deployed"]]
    s = s.apply("upgrade knight 1")
    assert s.knights[RED][0] == [2, "county:0"]


@pytest.mark.rule("LB-044", "LB-041")
def test_laws_count_deployed_knights_counties_and_conflicts_as_they_stand():
    s = new(3, "none")
    for i, colour in ((0, RED), (1, RED), (2, RED), (3, BLUE)):
        s.counties[i] = {"owner": colour, "knight": put(s, colour, 1 if i < 3 else 2, f"county:{i}"), "squires": 0,
                         "shield": False, "tudor": False}
    for c in s.conflicts:
        join(s, f"C{c['card'] + 1}", RED, [2])
    put(s, BLUE, 1, "castle:0")  # in the castle: placed but not deployed
    s = laws(s, "BL-03", "BL-13", "BL-12", "BL-14", "BL-07")
    assert res(s, RED)["pp"] == 3 + 8 + 6 + 5 and res(s, BLUE)["pp"] == 0
    assert res(s, RED)["squires"] == 2 + 2 and res(s, BLUE)["squires"] == 2 + 1


@pytest.mark.rule("LB-041")
def test_the_conversion_and_extension_laws():
    s = new(3, "none")
    s.res[RED].update(squires=3, gold=2)
    s = laws(s, "BL-05")
    assert s.pending[0] == [RED, "law_choice", {"law": "BL-05", "max": 2}]
    s = s.apply(Choose(2))
    assert res(s, RED)["pp"] == 6 and res(s, RED)["squires"] == 1 and res(s, RED)["gold"] == 0
    t = new(3, "none")
    t.res[BLUE]["squires"] = 4
    t = laws(t, "BL-17")
    t = t.apply(Choose(0)).apply(Choose(3))
    assert res(t, BLUE)["pp"] == 3
    u = new(3, "none")
    for c in u.conflicts:
        join(u, f"C{c['card'] + 1}", GREEN, [1])
    u = laws(u, "BL-06", "BL-08", "BL-11")
    assert u.pending == [[GREEN, "extension", None]]
    assert res(u, GREEN)["squires"] == 3 and res(u, GREEN)["vm"] == 2 and res(u, GREEN)["gold"] == 3
    u = u.apply(u.legal_actions()[0])
    assert len(u.extensions[GREEN]) == 2


@pytest.mark.rule("LB-041", "LB-072")
def test_the_upgrade_and_knight_laws():
    s = new(3, "none")
    put(s, RED, 3, "county:3")
    s.counties[3] = {"owner": RED, "knight": 5, "squires": 0, "shield": False, "tudor": False}
    s = laws(s, "BL-10", "BL-09")
    assert s.pending[0] == [RED, "upgrade", "three"] and [t[0] for t in s.pending[1:]] == [RED, BLUE, GREEN]
    s = s.apply("upgrade knight 3")  # the strength-3 knight is exchanged for the strength-4
    assert s.knights[RED][5] == [4, "county:3"] and s.knights[RED][6] == [3, "reserve"]
    t = new(3, "none")
    t.nobles[RED] = ["A", "B", "C"]
    t = laws(t, "BL-15")
    assert t.court_strengths(RED) == [1, 1, 2]  # reading LB-071: the lowest knight left in the reserve
    u = new(3, "none")
    for j, k in enumerate(u.knights[RED]):
        k[1] = "county:0" if j < 3 else k[1]
    u = laws(u, "BL-18")
    assert res(u, RED)["pp"] == 0  # strengths 1 only: not all four


@pytest.mark.rule("LB-040", "LB-056", "LB-057")
def test_voting_markers_come_back_from_the_company_at_table_except_in_round_5():
    s = new(3, "none")
    s.nobles[RED] = ["A", "B", "C", "D"]
    t = step(s, f"castle:{RED}")
    assert res(t, RED)["vm"] == 1 + 5  # the rulebook's example: 4 noblemen and the lord, 5 markers
    s.round = 5
    t = step(s, f"castle:{RED}")
    assert res(t, RED)["vm"] == 1


@pytest.mark.rule("LB-043")
@pytest.mark.parametrize("reading,winner", [("held", RED), ("employed", BLUE)])
def test_most_squires_reading(reading, winner):
    s = new(3, "none", most_squires=reading)
    s.res[RED]["squires"] = 6
    s.counties[0] = {"owner": BLUE, "knight": put(s, BLUE, 1, "county:0"), "squires": 2, "shield": False, "tudor": False}
    s = laws(s, "BL-02")
    ones = {p: sum(k == [1, "reserve"] for k in s.knights[p]) for p in (RED, BLUE)}
    assert ones[winner] == 1 and ones[BLUE if winner == RED else RED] == 2  # the winner recruited a strength-1 knight


@pytest.mark.rule("LB-043")
@pytest.mark.parametrize("reading", ["all", "nobody", None])
def test_when_everybody_holds_nothing_the_most_is_everybody_by_default(reading):
    """BL-01 and BL-02 reward every tied player; when all hold 0 gold or squires the text makes everybody tied (the
    default); the reading 'nobody' is an option."""
    s = new(3, "none", **({} if reading is None else {"most_at_zero": reading}))
    for p in (RED, BLUE, GREEN):
        s.res[p]["gold"] = s.res[p]["squires"] = 0
    s.counties[0] = {"owner": BLUE, "knight": put(s, BLUE, 1, "county:0"), "squires": 0, "shield": False, "tudor": False}
    everybody = reading != "nobody"
    assert (laws(s, "BL-01").pending == [[BLUE, "upgrade", "deployed"]]) == everybody  # only BLUE has a deployed knight
    recruited = laws(s, "BL-02")
    assert all((sum(k == [1, "court"] for k in recruited.knights[p]) == 2) == everybody for p in (RED, GREEN))
