"""Phase IV, Clean-up (MA-205 .. MA-215), the end of the game (MA-220 .. MA-224) and EX-13."""

from collections import Counter

import pytest

from hench.core import IllegalActionError
from hench.maniacal import cleanup
from hench.maniacal.actions import Dismiss, Fire, Keep, Pass
from hench.maniacal.state import Member

from .helpers import fresh, give, new, to_contracts

TYPES = ("beast", "criminal", "scientist", "mystic")


def last_pass(state):
    """Everybody but the active player has finished; the active player passes, ending the Contract Phase."""
    state = to_contracts(state, order=list(range(len(state.lairs))))
    for seat in range(1, len(state.lairs)):
        state.lairs[seat].weeks = None
    state.next_order = list(range(1, len(state.lairs)))
    state.lairs[0].schemes, state.decks["schemes"] = [], state.decks["schemes"] + state.lairs[0].schemes
    return fresh(state).apply(Pass())


@pytest.mark.rule("MA-205", "MA-206", "MA-207", "MA-208", "MA-209", "MA-198", "MA-150")
def test_salaries_mercenaries_first_and_unpaid_leave():
    state = new(2, seed=3)
    give(state, 0, "ME1", injuries=1, powers=("PW02",))
    state.decks["powers"].remove("PW02")
    give(state, 0, "BE01")
    give(state, 0, "BE02")
    state.lairs[0].money = 2  # four henchmen (Lackey, ME1, BE01, BE02), $2
    state.lairs[1].money = 5
    state = last_pass(state)
    assert state.phase == "salaries" and state.current_player == 0
    assert Dismiss("ME1") not in state.legal_actions()  # the Mercenary is paid first
    state = state.apply("dismiss BE01")
    assert state.phase == "salaries"  # still one more than $2... minus the Mercenary's $1
    state = state.apply(Dismiss("BE02"))
    lair = state.lairs[0]
    assert lair.money == 0 and [m.id for m in lair.crew] == [state.data.cards[lair.sv].lackey]  # Lackey paid too
    assert state.decks["mercenaries"][-1] == "ME1" and "PW02" in state.decks["power_discard"]  # MA-198, MA-208
    assert state.lairs[1].money == 5 - 1
    assert state.phase == "firing"


@pytest.mark.rule("MA-207", "MA-209")
def test_the_owner_chooses_which_unaffordable_mercenary_leaves():
    """Issue 28, item 5: with $1 for two Mercenaries, one is paid first and one leaves the game unpaid; the owner
    chooses which (AMB-15), then whom else not to pay."""
    state = new(2, seed=3)
    give(state, 0, "ME1")
    give(state, 0, "ME2")
    state.lairs[0].money = 1
    state = last_pass(state)
    lackey = state.data.cards[state.lairs[0].sv].lackey
    assert state.phase == "salaries" and set(state.legal_actions()) == {Dismiss("ME1"), Dismiss("ME2")}
    with pytest.raises(IllegalActionError) as err:
        state.apply(Dismiss(lackey))  # the Mercenaries are paid first: choose among them first
    assert err.value.rule_id == "MA-207"
    state = state.apply(Dismiss("ME1"))  # keep ME2
    assert state.lairs[0].member("ME1") is None and "ME1" not in state.decks["mercenaries"]  # left the game
    assert state.legal_actions() == [Dismiss(lackey)]  # the Lackey cannot be paid too
    state = state.apply(state.legal_actions()[0])
    assert "ME2" in state.decks["mercenaries"] and state.lairs[0].crew == []  # paid, back to its deck (MA-208)


@pytest.mark.rule("MA-232")
def test_a_bodyguard_stays():
    state = new(2, seed=3, bodyguard=True)
    guard = state.lairs[0].crew[1].id
    state = last_pass(state)
    assert state.lairs[0].member(guard) is not None and guard not in state.decks["mercenaries"]


@pytest.mark.rule("MA-210", "MA-212", "MA-213", "MA-215", "MA-036")
def test_ex13_firing_refresh_and_reseed():
    state = new(3, seed=8)
    give(state, 0, "BE01", ready=False)
    state.lairs[1].sv_ready = False
    state = last_pass(state)
    assert state.phase == "firing" and state.current_player == 0
    assert set(state.legal_actions()) == {Fire(m.id) for m in state.lairs[0].crew} | {Keep()}
    old_map = list(state.map)
    state = state.apply(Fire("BE01"))
    assert state.lairs[0].member("BE01") is None
    state = state.apply(Keep()).apply(Keep())
    assert state.round == 2 and state.phase == "draft"  # MA-215, MA-036
    assert all(lair.sv_ready and all(m.ready for m in lair.crew) for lair in state.lairs)  # MA-212
    assert Counter(state.data.cards[c].difficulty for c in state.map) == {"easy": 2, "hard": 2, "legendary": 2}
    assert all(c in state.decks[f"{state.data.cards[c].difficulty}_discard"] for c in old_map)  # MA-213


@pytest.mark.rule("MA-211", "MA-220", "MA-221", "MA-222", "MA-223")
def test_final_scoring_money_ranks_and_tie_breaks():
    state = new(4, seed=9)
    state.round = 3
    state.decks["rooms"] = state.decks["rooms"][:0] + state.decks["rooms"][:0]
    monies = [20, 20, 5, 9]
    infamy = [10, 12, 17, 20]
    for lair, money, inf in zip(state.lairs, monies, infamy):
        lair.money, lair.infamy = money + 1, inf  # $1 goes in salary to the Lackey
    state.lairs[2].crew.append(Member(state.decks["beast"].pop(0)))
    state.lairs[2].money += 1
    state = last_pass(state)
    while state.phase == "firing":
        state = state.apply(Keep())
    assert state.is_terminal and state.phase == "over"  # MA-211
    assert state.bonus == [5, 5, 0, 1]  # ranks 1, 1, 4, 3 (AMB-16)
    assert state.scores() == [15, 17, 17, 21]
    assert state.winners() == [3]
    tied = fresh(state.clone())
    tied.lairs[3].infamy = 16  # 17 each for seats 1, 2, 3; seat 2 holds the most henchmen
    tied.step = "over"
    assert tied.winners() == [2]


@pytest.mark.rule("MA-223")
def test_a_full_tie_is_shared():
    state = new(2, seed=1)
    state.step, state.round = "over", 3
    for lair in state.lairs:
        lair.hand = []
    state.decks["rooms"] = []
    assert fresh(state).winners() == [0, 1]
    assert cleanup.is_mercenary(state, Member("ME1")) and not cleanup.is_mercenary(state, Member("ME1", bodyguard=True))


@pytest.mark.rule("MA-106", "MA-213")
def test_discarded_never_flipped_contracts_are_public_as_the_assumptions_say():
    """The engine's reading (issue 28, Maniacal 9): contract discard piles are face up, so the map's contracts
    discarded at a round's end, never turned face up, are listed for every seat; the assumptions table says so."""
    from hench.maniacal import assumptions, render

    rows = {row.what: row for row in assumptions()}
    assert "face up" in rows["reading MA-106"].value and "MA-213" in rows["reading MA-106"].value
    state = new(3, seed=8)
    state = last_pass(state)
    old_map = list(state.map)
    state = state.apply(Keep()).apply(Keep()).apply(Keep())
    assert state.round == 2
    for seat in (0, 1, 2, None):
        discards = render.observation(state, seat)["discards"]
        listed = [c for k in ("easy_discard", "hard_discard", "legendary_discard") for c in discards[k]]
        assert all(c in listed for c in old_map), seat


@pytest.mark.rule("MA-207", "MA-209")
def test_an_unpaid_mercenary_is_named_once():
    """Issue 36: the line read "cannot pay Mercenary Mercenary 1"."""
    state = new(2, seed=3)
    give(state, 0, "ME1")
    state.lairs[0].money = 0
    state.lairs[1].money = 5
    state = last_pass(state)
    assert state.phase == "salaries" and state.legal_actions() == [Dismiss("ME1")]
    said = [line.text for line in state.apply(Dismiss("ME1")).narration(None)]
    assert "Player 1 cannot pay Mercenary 1, who leaves the game" in said
