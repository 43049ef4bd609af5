"""Chapter IV, Clean-up: salaries (Mercenaries first, unpaid henchmen leave), Mercenaries returned, the
optional firing, then either the end of the game (after round 3) or refresh, new contracts and the next
round (MA-205 .. MA-215, MA-220 .. MA-224)."""

from __future__ import annotations

from .actions import Dismiss, Fire
from .data import DIFFICULTIES
from .state import Lair, ManiacalState, Member
from .table import card, contract, deal, draw_card, remove_member, who


def is_mercenary(state: ManiacalState, member: Member) -> bool:
    """MA-232: a Bodyguard is a Mercenary card that follows no Mercenary rule."""
    return card(state, member.id).type == "mercenary" and not member.bodyguard


def start_cleanup(state: ManiacalState) -> None:
    state.say(f"Round {state.round} Clean-up", "MA-205")
    state.step = "salaries"
    state.queue = list(state.order)
    settle_salaries(state)


def settle_salaries(state: ManiacalState) -> None:
    """MA-205 .. MA-209: $1 per henchman. When the money is short the owner chooses, with `dismiss`, who leaves
    unpaid: Mercenaries are paid first (MA-207), so among the Mercenaries while they alone are more than the money,
    then among the other henchmen (AMB-15)."""
    while state.queue:
        seat = state.queue[0]
        if len(state.lairs[seat].crew) > state.lairs[seat].money:
            return  # the owner chooses whom not to pay
        lair: Lair = state.own_item("lairs", seat)
        lair.money -= len(lair.crew)
        state.say(f"{who(seat)} pays ${len(lair.crew)} in salaries", "MA-205", "MA-206", seats=(seat,))
        state.queue = state.queue[1:]  # a new list: a successor shares the old one
    return_mercenaries(state)


def dismiss(state: ManiacalState, seat: int, action: Dismiss) -> None:
    """MA-209: an unpaid henchman leaves the game at once (a Mercenary too, MA-207: AMB-15)."""
    lair: Lair = state.own_item("lairs", seat)
    m = lair.crew_member(action.member)
    remove_member(state, lair, m)
    name = card(state, action.member).name
    what = "Mercenary " if is_mercenary(state, m) and not name.startswith("Mercenary") else ""  # not "Mercenary Mercenary 1"
    state.say(f"{who(seat)} cannot pay {what}{name}, who leaves the game", "MA-207", "MA-209",
              seats=(seat,))
    settle_salaries(state)


def mercenaries_unpaid(state: ManiacalState, seat: int) -> bool:
    """MA-207: the seat's Mercenaries alone are more than its money, so some of them go unpaid."""
    lair = state.lairs[seat]
    return sum(is_mercenary(state, m) for m in lair.crew) > lair.money


def return_mercenaries(state: ManiacalState) -> None:
    """MA-198, MA-208: paid Mercenaries go to the bottom of their deck; their Injuries and Powers are discarded."""
    for seat, lair in enumerate(state.lairs):
        if not any(is_mercenary(state, m) for m in lair.crew):
            continue
        lair = state.own_item("lairs", seat)
        for m in [m for m in lair.crew if is_mercenary(state, m)]:
            remove_member(state, lair, m)
            state.own_item("decks", "mercenaries").append(m.id)
            state.say(f"{who(seat)}'s Mercenary {card(state, m.id).name} returns to Lucifer's Lounge", "MA-198", "MA-208", seats=(seat,))
    state.step = "firing"
    state.queue = [seat for seat in state.order if state.lairs[seat].crew]
    if not state.queue:
        end_round(state)


def fire(state: ManiacalState, seat: int, action: Fire | None) -> None:
    """MA-210: each player may fire one henchman (removed from the game)."""
    if action is not None:
        lair: Lair = state.own_item("lairs", seat)
        remove_member(state, lair, lair.crew_member(action.member))
        state.say(f"{who(seat)} fires {card(state, action.member).name}", "MA-210", seats=(seat,))
    else:
        state.say(f"{who(seat)} keeps the whole crew", "MA-210", seats=(seat,))
    state.queue = state.queue[1:]  # a new list: a successor shares the old one
    if not state.queue:
        end_round(state)


def end_round(state: ManiacalState) -> None:
    """MA-211 .. MA-215: after round 3 the game ends; otherwise refresh, reseed the map, next round."""
    if state.round == 3:
        final_scoring(state)  # MA-035: the game ends after exactly 3 rounds
        return
    for seat in range(len(state.lairs)):  # MA-212 (AMB-14: exhaustion lasts one round)
        lair: Lair = state.own_item("lairs", seat)
        lair.sv_ready = True
        lair.used = []
        lair.crew = [m if m.ready else m._replace(ready=True) for m in lair.crew]
    state.round += 1  # MA-215; MA-036: a new round, from Base Building again
    reseed(state)
    state.order = list(state.next_order)  # MA-087: the order players ran out of time
    state.next_order = []
    deal(state)


def reseed(state: ManiacalState) -> None:
    """MA-213, MA-214 (AMB-25): discard the map; deal the coming round's Contract Key mix at random, one per continent."""
    for cid in state.map:
        state.own_item("decks", f"{contract(state, cid).difficulty}_discard").append(cid)
    fresh: list[str] = []
    for d, counts in zip(DIFFICULTIES, state.data.tables["contract_key"]):
        for _ in range(counts[state.round - 1]):
            fresh.append(draw_card(state, d, f"{d}_discard"))
    state.map = state._shuffled(fresh)
    state.say(f"round {state.round}: new contracts are placed on the map", "MA-213", "MA-214")


def final_scoring(state: ManiacalState) -> None:
    """MA-220, MA-221 (AMB-16): money ranks with ties sharing the higher rank (1, 1, 3), each rank's bonus."""
    bonus = state.data.tables["money_rank_bonus"]
    state.bonus = state.bonus[:]  # a new list: a successor shares the old one
    for seat, lair in enumerate(state.lairs):
        rank = sum(other.money > lair.money for other in state.lairs)
        state.bonus[seat] = bonus[rank] if rank < len(bonus) else 0
        state.say(f"{who(seat)} is money rank {rank + 1} with ${lair.money}: +{state.bonus[seat]} Infamy", "MA-220", "MA-221", seats=(seat,))
    state.step = "over"
    state.queue = []
