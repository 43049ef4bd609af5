"""Laws of the King (LK, LH-106..LH-116) in the base game's parliament: applied where the base laws are
(LB-041), with the base law groups they replace (LH-103) and the voting-marker return they defer (LB-040)."""

from __future__ import annotations

import pytest

from hench.lancaster.actions import Choose, Vote
from hench.lancaster.effects import base_law, king_law
from hench.lancaster.transitions import finish_laws, start_laws

from .helpers import new, refused, res


def lk(players=3):
    s = new(players, "KC+KR+LK")
    s.stage = "laws"
    return s


def apply_law(s, law: str) -> None:
    s.pending[:0] = king_law(s, int(law[3:])) if law.startswith("LK-") else base_law(s, law)


@pytest.mark.rule("LH-106", "LH-107")
def test_lk1_majorities_discard_ties_all_hit():
    s = lk()
    for seat, (sq, gold) in enumerate(((3, 1), (3, 5), (1, 2))):
        s.res[seat].update(squires=sq, gold=gold)
    apply_law(s, "LK-1")
    assert [(r["squires"], r["gold"]) for r in s.res] == [(1, 1), (1, 2), (1, 2)]
    s.res[0].update(squires=1, gold=2)
    apply_law(s, "LK-1")  # A17: never below zero
    assert all(r["squires"] >= 0 and r["gold"] >= 0 for r in s.res)


@pytest.mark.rule("LH-108")
def test_lk2_players_without_bishops_shed_one():
    s = lk()
    for seat in range(3):
        s.res[seat]["dishonor"] = 2
    s.res[1]["bishops"] = 1
    s.supply["bishops"] -= 1
    box = s.box
    apply_law(s, "LK-2")
    assert [r["dishonor"] for r in s.res] == [1, 2, 1] and s.box == box + 2


@pytest.mark.rule("LH-109")
def test_lk3_fewest_dishonor_gain_five():
    s = lk()
    for seat, x in enumerate((0, 0, 2)):
        s.res[seat]["dishonor"] = x
    apply_law(s, "LK-3")
    assert [r["pp"] for r in s.res] == [5, 5, 0]


@pytest.mark.rule("LH-110")
def test_lk4_sell_seals_in_turn_order():
    s = lk()
    s.start = 1
    s.res[0]["seals"], s.res[2]["seals"] = 2, 1
    s.supply["seals"] -= 3
    s.current = ["BL-01", "BL-02", "LK-4"]
    apply_law(s, "LK-4")
    assert [t[0] for t in s.pending] == [1, 2, 0]  # everyone decides, from the start player
    assert s.legal_actions() == [Choose(0)]  # Player 2 holds no seal
    s = s.apply("choose 0")
    refused(s, Choose(2), "LH-110")
    s = s.apply("choose 1")
    assert res(s, 2)["seals"] == 0 and res(s, 2)["squires"] == 2 + 2 and res(s, 2)["gold"] == 2 + 1
    s = s.apply("choose 0")
    assert res(s, 0)["seals"] == 2


@pytest.mark.rule("LH-111", "LH-112", "LH-113")
def test_lk5_counts_vm_after_the_third_vote_and_defers_their_return():
    s = lk()
    s.current = ["BL-08", "LK-5", "BL-03"]
    for seat, vm in enumerate((2, 4, 4)):
        s.res[seat]["vm"] = vm
    for c in s.conflicts:  # every seat in both conflicts: BL-08 gives 1 squire, 1 VM and 1 gold each
        c["spaces"] = [{"owner": p, "knights": [], "archer": True, "tudor": 0} for p in range(3)]
        for sp in c["spaces"]:
            sp["knights"], sp["archer"] = [next(j for j, k in enumerate(s.knights[sp["owner"]]) if k[1] == "reserve")], False
            s.knights[sp["owner"]][sp["knights"][0]][1] = f"conflict:C{c['card'] + 1}"
    start_laws(s)
    assert s.defer_vm and [r["vm"] for r in s.res] == [2, 4, 4]
    for law in s.current:
        apply_law(s, law)  # BL-08 gives everyone +1 VM: not counted, kept
    assert [r["seals"] for r in s.res] == [0, 1, 1]
    assert s.supply["seals"] == 22
    finish_laws(s)
    assert [r["vm"] for r in s.res] == [1, 1, 1]


@pytest.mark.rule("LH-112")
def test_without_lk5_vm_return_right_after_the_votes():
    s = lk()
    s.current = ["BL-01", "BL-02", "BL-03"]
    start_laws(s)
    assert [r["vm"] for r in s.res] == [0, 0, 0] and not s.defer_vm


@pytest.mark.rule("LH-114", "LB-043")
def test_lk6_majorities_gain_three():
    s = lk()
    for seat, (sq, gold) in enumerate(((4, 1), (4, 5), (1, 5))):
        s.res[seat].update(squires=sq, gold=gold)
    apply_law(s, "LK-6")
    assert [r["pp"] for r in s.res] == [3, 6, 3]
    for r in s.res:
        r.update(squires=0, gold=0)
    nobody = s.clone()
    apply_law(s, "LK-6")  # everybody ties for the most at 0 (the text, LB-043): 3 PP twice each
    assert [r["pp"] for r in s.res] == [9, 12, 9]
    nobody.most_at_zero = "nobody"
    apply_law(nobody, "LK-6")  # the other reading: holding nothing is no majority
    assert [r["pp"] for r in nobody.res] == [3, 6, 3]


@pytest.mark.rule("LH-115")
def test_lk7_one_marker_per_two_counties():
    s = lk()
    for i in range(3):
        s.counties[i] = {"owner": 0, "knight": 0, "squires": 0, "shield": False, "tudor": False}
    apply_law(s, "LK-7")
    assert [r["dishonor"] for r in s.res] == [1, 0, 0] and s.track[0] == 2


@pytest.mark.rule("LH-116")
def test_lk8_three_pp_per_knight_in_the_tower():
    s = lk(5)
    s.tower = [[1, 0], [1, 1]]
    s.knights[1][0][1] = s.knights[1][1][1] = "tower"
    apply_law(s, "LK-8")
    assert [r["pp"] for r in s.res] == [0, 6, 0, 0, 0]


@pytest.mark.rule("LH-001", "LH-103", "LB-035", "LB-036", "LB-037", "LB-038", "LB-081")
def test_votes_are_secret_and_a_tie_approves():
    s = new(3, "KC+KR+LK")
    s.stage, s.votes = "vote", [None] * 3
    first = s.proposals[0]
    s = s.apply(Vote(True, 1))
    assert s.observation(1)["players"][0]["vote"] is None and s.observation(1)["players"][0]["voted"]
    refused(s, Vote(False, 3), "LB-035")
    s = s.apply(Vote(False, 0)).apply(Vote(False, 0))  # 2 yes against 2 no
    assert s.current == ["BL-02", "BL-03", first] and res(s, 0)["vm"] == 1
    assert s.tally == [[first, 2, 2]]
