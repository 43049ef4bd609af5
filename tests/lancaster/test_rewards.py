"""Phase 3 of the base game in its exact order (LB-045..LB-068) and the end of the round (LB-072..LB-075), with the
rulebook's worked examples: the Stafford upgrade, Surrey, the castle (2 squires, then a knight for 3 squires), the
two conflict examples (France 5 paying 4/2/1: a tie ranks the later entrant first; a lost first battle)."""

from __future__ import annotations

import pytest

import hench

from hench.lancaster.actions import Pay, Reward
from hench.lancaster.transitions import conflicts_in_order, finish_laws, ranking

from .helpers import at, fight, hard_conflict, join, new, put, refused, res, step

RED, BLUE, GREEN = 0, 1, 2


def occupy(s, county: int, colour: int, strength: int, squires: int = 0) -> None:
    s.counties[county] = {"owner": colour, "knight": put(s, colour, strength, f"county:{county}"), "squires": squires,
                          "shield": False, "tudor": False}


@pytest.mark.rule("LB-045", "LB-046", "LB-016")
def test_phase_three_pays_counties_a_to_i_then_castles_then_conflicts():
    s = new(3, "none")
    s.stage = "laws"
    finish_laws(s)
    assert s.agenda == ["offices", "tower"] + [f"county:{i}" for i in range(9)] + ["shields:0", "castles", "conflicts", "cleanup"]


@pytest.mark.rule("LB-047", "LB-048", "LB-049")
def test_a_county_pays_a_nobleman_the_other_reward_or_both_for_three_gold():
    s = new(3, "none")
    occupy(s, 1, RED, 1, squires=1)  # CountyB: 2 gold
    s = step(s, "county:1")
    assert s.phase == "county" and {str(a) for a in s.legal_actions()} == {"take noble", "take reward"}  # 2 gold only
    noble = s.apply("take noble")
    assert noble.nobles[RED] == ["B"] and noble.stacks[1] == 1 and at(noble, RED, 1, "court")
    reward = s.apply("take reward")
    assert res(reward, RED)["gold"] == 4 and reward.counties[1] is None  # the knight back, its squire gone
    s.res[RED]["gold"] = 3
    both = s.clone().apply("take both")
    assert both.nobles[RED] == ["B"] and res(both, RED)["gold"] == 0 + 2
    s.nobles[RED] = ["B"]
    refused(s.clone(), Reward("noble"), "LB-048")  # one nobleman of each letter


@pytest.mark.rule("LB-048")
def test_with_no_nobleman_possible_the_other_reward_is_paid_at_once():
    s = new(3, "none")
    s.stacks[1] = 0
    occupy(s, 1, RED, 1)
    s = step(s, "county:1")
    assert s.pending == [] and res(s, RED)["gold"] == 4


@pytest.mark.rule("LB-051", "LB-072")
def test_the_stafford_example_an_upgrade_swaps_with_the_reserve():
    s = new(3, "none")
    occupy(s, 4, BLUE, 1)
    s = step(s, "county:4").apply("take reward")
    assert s.phase == "upgrade" and {str(a) for a in s.legal_actions()} == {"upgrade knight 1 at court", "upgrade knight 2 at court", "decline"}
    s = s.apply("upgrade knight 2")  # the strength-2 knight at court becomes the reserve's strength-3
    assert s.court_strengths(BLUE) == [1, 3] and sorted(k[0] for k in s.knights[BLUE] if k[1] == "reserve") == [1, 1, 2, 2, 4]


@pytest.mark.rule("LB-072")
def test_no_upgrade_without_the_next_knight_in_the_reserve():
    s = new(3, "none")
    for k in s.knights[RED]:
        if k[0] == 4:
            k[1] = "court"
    put(s, RED, 3, "court")
    s.pending = [[RED, "upgrade", "any"]]
    legal = {getattr(a, "strength", 0) for a in s.legal_actions()}
    assert 3 not in legal and 4 not in legal
    refused(s, __import__("hench.lancaster.actions", fromlist=["Upgrade"]).Upgrade(3), "LB-072")


@pytest.mark.rule("LB-050")
def test_surrey_names_the_start_player_at_once_for_the_castles():
    s = new(3, "none")
    occupy(s, 8, GREEN, 2)
    s = step(s, "county:8").apply("take reward")
    assert res(s, GREEN)["squires"] == 4 and res(s, GREEN)["gold"] == 4 and s.phase == "start"
    s = s.apply("start player 2")
    assert s.start == BLUE
    s.agenda = ["castles"]
    s = step(s, "castles")
    assert s.narration(None) == [] or True
    from hench.lancaster.transitions import castles_in_order
    assert castles_in_order(s) == ["castle:1", "castle:2", "castle:0"]


@pytest.mark.rule("LB-052")
def test_passage_to_france_sends_the_knight_on_to_a_conflict():
    s = new(3, "none")
    occupy(s, 5, RED, 2)
    s = step(s, "county:5").apply("take reward")
    assert s.phase == "dorset"
    card = f"C{s.conflicts[0]['card'] + 1}"
    s = s.apply(f"dorset to conflict {card}")
    assert at(s, RED, 2, f"conflict:{card}") and s.counties[5] is None and s.favors == [True] * 6  # no favor


@pytest.mark.rule("LB-053", "LB-054", "LB-055")
def test_the_castle_example_two_squires_then_a_knight_for_three():
    s = new(3, "none")
    s.extensions[RED] = ["E1"]
    s.res[RED]["squires"] = 1
    s.castles[RED][0] = put(s, RED, 2, "castle:0")
    s = step(s, f"castle:{RED}")
    assert res(s, RED)["squires"] == 3 and at(s, RED, 2, "court")  # the knight space paid, the knight back
    assert s.phase == "castle_pay"
    paid = s.apply(Pay(True))
    assert res(paid, RED)["squires"] == 0 and paid.court_strengths(RED) == [1, 1, 2]
    kept = s.apply(Pay(False))
    assert res(kept, RED)["squires"] == 3 and kept.extensions[RED] == ["E1"]  # the tile stays and pays every round


@pytest.mark.rule("LB-058", "LB-068")
def test_lower_row_conflicts_are_resolved_first():
    s = new(3, "none")
    s.conflicts[1]["lower"] = True
    assert conflicts_in_order(s) == [f"conflict:{s.conflicts[1]['card']}", f"conflict:{s.conflicts[0]['card']}"]


@pytest.mark.rule("LB-059", "LB-060", "LB-061", "LB-062", "LB-083")
def test_conflict_example_one_england_wins_and_a_tie_goes_to_the_later_entrant():
    s = new(3, "none")
    c, card = hard_conflict(s, 5)
    join(s, card, RED, [2])
    join(s, card, BLUE, [2])
    join(s, card, GREEN, [1])
    assert [e[2] for e in ranking(s, c)] == [BLUE, RED, GREEN]  # equal 2s: Blue joined later
    after = fight(s)
    assert [res(after, p)["pp"] for p in (RED, BLUE, GREEN)] == [2, 4, 1]
    assert after.active_conflict(card) is None and at(after, RED, 2, "court")
    two = new(3, "none")
    c, card = hard_conflict(two, 5)
    join(two, card, RED, [4, 1])
    after = fight(two)
    assert res(after, RED)["pp"] == 4  # the unheld ranks pay nothing


@pytest.mark.rule("LB-063", "LB-064", "LB-065")
def test_conflict_example_two_a_lost_first_battle_scores_one_step_down_and_moves_down():
    s = new(3, "none")
    c, card = hard_conflict(s, 5)
    join(s, card, RED, [2])
    join(s, card, BLUE, [1])
    after = fight(s)
    assert [res(after, p)["pp"] for p in (RED, BLUE)] == [2, 1]
    c = after.active_conflict(card)
    assert c["lower"] and [sp and sp["owner"] for sp in c["spaces"]] == [RED, BLUE, None]
    join(after, card, GREEN, [2])
    won = fight(after)  # 5 against 5: England wins the second battle, scored as a first battle won
    assert [res(won, p)["pp"] for p in (RED, BLUE, GREEN)] == [2 + 2, 1 + 1, 4]


@pytest.mark.rule("LB-066")
def test_a_lost_second_battle_captures_the_knights_ransom_in_player_order():
    s = new(3, "none")
    c, card = hard_conflict(s, 9)
    join(s, card, RED, [2])
    join(s, card, BLUE, [4])
    c["lower"] = True
    s.res[BLUE]["gold"] = 2  # cannot pay 4, and is asked all the same (LB-008: gold is hidden)
    after = fight(s)
    blue = after.knight_at(BLUE, 4, "captured")
    assert after.pending == [[RED, "ransom", 3], [BLUE, "ransom", blue]]
    assert after.active_conflict(card) is None and c["card"] in after.discarded
    paid = after.apply(Pay(True))
    assert at(paid, RED, 2, "court") and res(paid, RED)["gold"] == 0
    left = after.apply(Pay(False))
    assert at(left, RED, 2, "reserve")
    assert [str(a) for a in left.legal_actions()] == ["refuse"] and at(left.apply(Pay(False)), BLUE, 4, "reserve")


@pytest.mark.rule("LB-067")
def test_a_conflict_nobody_joins_is_lost_and_moves_down_then_leaves():
    s = new(3, "none")
    _c, card = hard_conflict(s, 5)
    after = fight(s)
    assert after.active_conflict(card)["lower"]
    gone = fight(after)
    assert gone.active_conflict(card) is None


@pytest.mark.rule("LB-073", "LB-075")
def test_the_next_round_reveals_two_conflicts_turns_the_favors_and_deals_three_laws():
    s = new(3, "none")
    s.favors = [False] * 6
    s.conflicts[0]["lower"] = True
    del s.conflicts[1]
    s.discarded.append(s.conflict_deck.pop())  # keep every card somewhere
    deck = list(s.law_deck)
    s = step(s, "cleanup")
    assert s.round == 2 and s.favors == [True] * 6 and s.proposals == deck[:3]
    assert [c["lower"] for c in s.conflicts] == [True, False, False]
    last = new(3, "none")
    last.round = 5
    _c, card = hard_conflict(last, 9)
    join(last, card, RED, [2])
    after = fight(last)  # lost in round 5: no second battle, no capture
    assert at(after, RED, 2, "court") and after.active_conflict(card) is None


@pytest.mark.rule("LB-050")
@pytest.mark.parametrize("option", ["noble", "reward", "both"])
def test_surrey_names_the_start_player_whichever_reward_is_taken(option):
    s = new(3, "none")
    s.res[GREEN]["gold"] = 3
    occupy(s, 8, GREEN, 2)
    s = step(s, "county:8").apply(f"take {option}")
    assert s.phase == "start" and s.actor == GREEN
    s = s.apply("start player 2")
    assert s.start == BLUE and s.counties[8] is None


def _seen_by(s, seat: int) -> tuple:
    """What `seat` sees of a position: its observation and what the log told it."""
    from hench.lancaster.render import observation

    return observation(s, seat), [str(line) for line in s.narration(seat)]


@pytest.mark.rule("LB-008", "LB-055")
def test_a_castle_step_costing_squires_is_offered_whatever_the_player_holds():
    """The step exists whether or not the squires are there, so the other seats learn nothing from it; paying
    without the squires is refused at the move."""
    seen = []
    for squires in (0, 5):
        s = new(3, "none")
        s.extensions[RED] = ["E1"]
        s.res[RED]["squires"] = squires
        s = step(s, f"castle:{RED}")
        assert s.phase == "castle_pay" and s.actor == RED
        seen.append(_seen_by(s, BLUE))
        if squires == 0:
            assert [str(a) for a in s.legal_actions()] == ["refuse"]
            refused(s, Pay(True), "LB-055")
    assert seen[0] == seen[1]


@pytest.mark.rule("LB-008", "LB-066")
def test_a_ransom_is_offered_whatever_gold_the_player_holds():
    seen = []
    for gold in (0, 9):
        s = new(3, "none")
        c, card = hard_conflict(s, 9)
        join(s, card, BLUE, [4])
        c["lower"] = True
        s.res[BLUE]["gold"] = gold
        after = fight(s)
        assert after.pending == [[BLUE, "ransom", after.knight_at(BLUE, 4, "captured")]]
        seen.append(_seen_by(after, RED))
        if gold == 0:
            assert [str(a) for a in after.legal_actions()] == ["refuse"]
            refused(after, Pay(True), "LB-066")
            assert at(after.apply(Pay(False)), BLUE, 4, "reserve")
    assert seen[0] == seen[1]


@pytest.mark.rule("LB-055", "LB-071", "LB-072")
def test_an_extension_that_cannot_recruit_or_upgrade_is_not_offered_and_costs_nothing():
    s = new(3, "none")
    s.extensions[RED] = ["E1", "E2"]
    s.res[RED]["squires"] = 9
    for k in s.knights[RED]:
        k[1] = "court"  # nobody left in the reserve: nothing to recruit, no reserve knight to swap with
    after = step(s, f"castle:{RED}")
    assert after.pending == [] and res(after, RED)["squires"] == 9
    s.pending = [[RED, "castle_pay", "E1"]]
    refused(s, Pay(True), "LB-055")


@pytest.mark.rule("LB-008", "LB-055")
def test_an_extensions_payment_is_told_to_the_others_as_a_decision_behind_the_screen():
    """With 3 or more players the squires are behind the screen: paying for an extension or not is told to the other
    seats as a decision, never as the answer (it would say how many squires the player holds)."""
    from hench.core import RandomBot, Rng, next_action

    game = hench.get_game("lancaster")
    for seed in range(40):
        s = game.new_game(players=3, seed=seed)
        bots, rng = [RandomBot(seed + i) for i in range(3)], Rng.from_seed(seed)
        while not s.is_terminal and not (s.pending and s.pending[0][1] == "castle_pay" and s.current_player in range(3)):
            s = s.apply(next_action(s, bots, rng))
        if not s.is_terminal:
            break
    else:
        pytest.fail("no extension payment in 40 random games")
    mover, tile = s.current_player, s.pending[0][2]
    for pay in (Pay(True), Pay(False)):
        assert game.public_action(s, pay, mover) == str(pay)
        for other in (None, *(p for p in range(3) if p != mover)):
            assert game.public_action(s, pay, other) == f"decides behind the screen whether to pay squires for extension {tile}"
