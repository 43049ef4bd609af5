"""Phase I, Base Building (MA-040 .. MA-056): secret picks, the reveal, the passes, the discard."""

import pytest

from hench.core import IllegalActionError
from hench.maniacal.actions import Pick

from .helpers import fresh, new, play, said, take


def picks(state):
    """Everybody sells their first card (in seat order, as the API asks them)."""
    for _ in range(len(state.lairs)):
        state = state.apply(Pick(state.lairs[state.current_player].hand[0], False))
    return state


@pytest.mark.rule("MA-040", "MA-041")
def test_deal_and_secret_pick():
    state = new(3, seed=2)
    assert [len(lair.hand) for lair in state.lairs] == [5, 5, 5]
    assert state.current_player == 0
    hand = state.lairs[0].hand
    nxt = state.apply(Pick(hand[2], True))
    assert nxt.current_player == 1 and nxt.lairs[0].pick == [hand[2], "build"]
    for viewer in (1, 2, None):  # nobody else sees the hand or the locked pick
        seen = nxt.observation(viewer)["players"][0]
        assert seen["hand"] == 5 and seen["pick"] is True
    assert nxt.observation(0)["players"][0]["pick"] == [hand[2], "build"]
    assert all(hand[2] not in " ".join(said(nxt, viewer)) for viewer in (1, 2, None))
    with pytest.raises(IllegalActionError) as err:
        nxt.apply(Pick(hand[2], False))  # seat 2 does not hold it
    assert err.value.rule_id == "MA-041"


@pytest.mark.rule("MA-042", "MA-050", "MA-053", "MA-055", "MA-056", "MA-052", "MA-005")
def test_reveal_resolves_builds_and_sells_together():
    state = new(2, seed=5)
    a, b = state.lairs[0].hand[0], state.lairs[1].hand[0]
    ra, rb = state.data.cards[a], state.data.cards[b]
    after = play(state, f"build {a}", f"sell {b}")
    assert after.lairs[0].rooms == [a] and after.lairs[0].money == state.lairs[0].money - ra.cost
    types = ("beast", "criminal", "scientist", "mystic")
    assert after.lairs[0].attraction[types.index(ra.attract_type)] == ra.attract_value  # MA-053, MA-005
    assert after.lairs[1].money == state.lairs[1].money + rb.cost and after.lairs[1].rooms == []  # MA-056
    assert after.lairs[1].attraction == [0, 0, 0, 0]
    assert after.lairs[0].infamy == 0 and after.lairs[0].used == []  # MA-052: building triggers no effect


@pytest.mark.rule("MA-049")
def test_cannot_build_what_you_cannot_pay():
    state = new(2, seed=1)
    state.lairs[0].money = 1
    state = fresh(state)
    room = state.lairs[0].hand[0]
    assert Pick(room, True) not in state.legal_actions() and Pick(room, False) in state.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        state.apply(Pick(room, True))
    assert err.value.rule_id == "MA-049" and "sell" in str(err.value)


@pytest.mark.rule("MA-043", "MA-044", "MA-045", "MA-046", "MA-047", "MA-048")
@pytest.mark.parametrize("rnd,step", [(1, 1), (2, -1), (3, 1)])
def test_passes_follow_the_round(rnd, step):
    state = new(3, seed=7)
    state.round = rnd
    state.decks["rooms"] = state.decks["rooms"][:45 - 15 * rnd]
    state = fresh(state)
    hands = [list(lair.hand) for lair in state.lairs]
    state = picks(state)
    for seat in range(3):  # MA-043, MA-044: the 4 cards left go to the neighbour
        assert state.lairs[(seat + step) % 3].hand == hands[seat][1:]
    state = picks(state)
    assert [len(lair.hand) for lair in state.lairs] == [3, 3, 3]  # MA-046: the same way again
    assert state.lairs[(0 + 2 * step) % 3].hand == hands[0][2:]
    state = picks(state)  # MA-047, MA-048: the third decision ends the phase; 2 cards discarded
    assert state.phase == "contract_action" and all(lair.hand == [] for lair in state.lairs)


@pytest.mark.rule("MA-053")
def test_ex03_intrinsic_field_chamber():
    state = new(2, seed=1)
    ifc = next(r.id for r in state.data.rooms if r.name == "Intrinsic Field Chamber")
    take(state, ifc)
    state.lairs[0].hand[0], hand0 = ifc, state.lairs[0].hand[0]
    state.decks["rooms"].append(hand0)
    state.lairs[0].attraction = [1, 2, 3, 4]
    state = fresh(state)
    money = state.lairs[0].money
    after = play(state, f"build {ifc}", f"sell {state.lairs[1].hand[0]}")
    assert after.lairs[0].attraction == [1, 2, 8, 4] and after.lairs[0].money == money - 5 and ifc in after.lairs[0].rooms
