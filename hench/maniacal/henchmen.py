"""Chapter II, Henchmen: recruitment by attraction for the four types in order (MA-070 .. MA-079).

AMB-05: recruiting is compulsory when affordable, so the whole phase runs by itself."""

from __future__ import annotations

from .data import TYPES
from .state import ManiacalState, Member
from .table import card, who

SLOTS_PER_TYPE = 2  # MA-070: at most 2 of each type per round


def top_scorer(state: ManiacalState, type_index: int) -> int:
    """MA-072, MA-077: the highest attraction for the type; a tie goes to the player higher on the Player Order track."""
    best, best_score, lairs = -1, -1, state.lairs
    for seat in state.order:  # the first highest wins: a tie goes to the earlier seat in the order
        score = lairs[seat].attraction[type_index]
        if best < 0 or score > best_score:
            best, best_score = seat, score
    if best < 0:
        raise ValueError("nobody is on the Player Order track")
    return best


def recruit(state: ManiacalState) -> None:
    """MA-071 .. MA-076: Beasts, Criminals, Scientists, Mystics; two offers each, stopping at an unaffordable one."""
    state.say(f"Round {state.round} Henchmen Phase", "MA-070", "MA-071")
    for t, name in enumerate(TYPES):
        deck = state.own_item("decks", name)
        for _ in range(SLOTS_PER_TYPE):
            if not deck:
                state.say(f"the {name} deck is empty", "MA-074")
                break
            offer = card(state, deck[0])
            seat = top_scorer(state, t)
            score = state.lairs[seat].attraction[t]
            if score < offer.cost:  # MA-076: it stays face up for next round; this type ends
                state.say(f"nobody recruits {offer.name} ({name}, cost {offer.cost}): the top {name} attraction is {score}", "MA-076")
                break
            deck.pop(0)  # MA-074: the next card turns face up
            lair = state.own_item("lairs", seat)
            lair.attraction[t] -= offer.cost  # MA-073 (AMB-04: the score goes down)
            lair.crew.append(Member(offer.id))  # AMB-07: face up in the crew, public
            state.say(f"{who(seat)} recruits {offer.name} ({name}) for {offer.cost} attraction", "MA-072", "MA-073", seats=(seat,))
    # MA-078: each deck's top card is its face-up offer (the list's first card); MA-079: scores carry over.
