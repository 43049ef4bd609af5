"""Transitions: what each action does to the successor the core hands over (never the state it came from), by
chapter of the rulebook (Base Building and Henchmen here, then contracts.py and cleanup.py), said in words as it happens
(`state.say`); and the dice as chance nodes. The core dispatches by action class (HANDLERS)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from . import cleanup, contracts
from .actions import (
    Activate,
    Assign,
    Attempt,
    Choose,
    Decline,
    Die,
    Dismiss,
    Done,
    Fire,
    Heal,
    Keep,
    MAAction,
    Mark,
    NoScheme,
    Pass,
    Pick,
    PlayScheme,
    Recruit,
    Remove,
    Reroll,
    Roll,
    Visit,
)
from .data import TYPES
from .legality import legal_actions
from .state import Lair, ManiacalState, Member
from .table import card, place_time_tokens, room, who


def chance_outcomes(state: ManiacalState) -> tuple[tuple[MAAction, Fraction], ...]:
    """MA-116, MA-118 (M-01): the next die of the pool shows one of its faces, each equally likely.
    The same tuple every time (read only): the playout reads its weights once."""
    faces = state.data.tables["dice"][0]
    hit = _DICE.get(id(faces))  # found by the faces tuple's identity (one per data) without hashing it: the hot path
    if hit is not None and hit[0] is faces:
        return hit[1]
    return _dice(faces)[1]


_DICE: dict[int, tuple[tuple[str, ...], tuple[tuple[MAAction, Fraction], ...]]] = {}


def _dice(faces: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[tuple[MAAction, Fraction], ...]]:
    """(faces, outcomes), remembered by the faces tuple's identity."""
    hit = _DICE.get(id(faces))
    if hit is None or hit[0] is not faces:
        if len(_DICE) >= 64:
            _DICE.clear()
        hit = _DICE[id(faces)] = (faces, _outcomes(faces))
    return hit


@lru_cache(maxsize=8)
def _outcomes(faces: tuple[str, ...]) -> tuple[tuple[MAAction, Fraction], ...]:
    counts: dict[str, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    return tuple((Die(f), Fraction(n, len(faces))) for f, n in counts.items())


def _seat(state: ManiacalState) -> int:
    seat = state.current_player
    assert seat is not None and seat >= 0, "a seat acts"
    return seat


def die(state: ManiacalState, action: Die) -> None:
    """MA-116, MA-118: the next die of the pool comes up."""
    contracts.rolled(state, action)
    if state.step == "after_roll":
        _settle_roll(state)


def _settle_roll(state: ManiacalState) -> None:
    """With nothing to do after the roll, the roll is compared at once (MA-120). Whether there is something to do
    is decided on what everybody knows (MA-162): a player holding any Scheme card always gets the pause, whether or
    not one can be played now, so the others cannot tell from it which Schemes are held."""
    if not state.lairs[state.ongoing["seat"]].schemes and legal_actions(state) == [Done()]:
        contracts.resolve(state)


def pick(state: ManiacalState, action: Pick) -> None:
    """MA-041 .. MA-048: a secret pick; the last one of a round of picks reveals them all."""
    if lock_pick(state, action, _seat(state)):
        end_pick(state)


def activate(state: ManiacalState, action: Activate) -> None:
    """MA-095 (an Action room, as an action) or MA-130 / MA-136 (a Contract room, during an attempt)."""
    if room(state, action.room).kind == "action":
        contracts.activate_action_room(state, _seat(state), action)
    else:
        contracts.activate_contract_room(state, _seat(state), action)


def scheme(state: ManiacalState, action: PlayScheme) -> None:
    """MA-165 (the negative half, in the window) or MA-172 (the positive half, on your own attempt or turn)."""
    if state.step == "scheme_window":
        contracts.play_negative(state, _seat(state), action)
    else:
        contracts.play_positive(state, _seat(state), action)
        if state.step == "after_roll":
            _settle_roll(state)


def no_scheme(state: ManiacalState, action: NoScheme) -> None:
    """MA-166 (no negative Scheme) or MA-177 (no cancel of the Scheme's Injury)."""
    if state.step == "effect":
        contracts.let_it_pass(state, _seat(state))
    else:
        contracts.decline(state, _seat(state))


def done(state: ManiacalState, action: Done) -> None:
    """MA-120 (compare the roll with the Target), MA-172 (end the moment after resolving a contract) or MA-192
    (leave Hoodlum Hospital)."""
    if state.step == "after_roll":
        contracts.resolve(state)
    elif state.step == "after_contract":
        seat = _seat(state)
        state.say(f"{who(seat)} plays no more Schemes after the contract", "MA-172", seats=(seat,))
        contracts.end_action(state, seat)
    else:
        seat = _seat(state)
        state.say(f"{who(seat)} leaves Hoodlum Hospital", "MA-192", seats=(seat,))
        contracts.end_action(state, seat)


def roll(state: ManiacalState, action: Roll) -> None:
    contracts.roll(state, _seat(state))
    if state.step == "after_roll":
        _settle_roll(state)


def end_pick(state: ManiacalState) -> None:
    """MA-042 .. MA-048, then Phase II (MA-070 ..) and the start of Phase III (MA-080 ..), all by themselves."""
    reveal(state)
    if state.pick_no < 3:  # MA-045: pick again from the hand passed on
        pass_hands(state)
        return
    discard_leftovers(state)
    state.say(f"Round {state.round} Henchmen Phase", "MA-070", "MA-071", "MA-036")
    recruit(state)


def start_contracts(state: ManiacalState) -> None:
    """MA-080 ..: the Time tokens go on the Time track and the Contract Phase begins."""
    place_time_tokens(state)
    state.step = "contract_action"  # MA-036: Base Building, Henchmen, then Contract


# -- Chapter I, Base Building: the 5-card Room draft with three secret picks (build or sell), the reveal,
# the passes and the discard (MA-040 .. MA-056); MA-040, the deal, is table.deal ----------------------------------
def lock_pick(state: ManiacalState, action: Pick, seat: int) -> bool:
    """MA-041: lock a secret pick. True once every player has locked one (then `reveal` runs)."""
    state.own_item("lairs", seat).pick = [action.room, "build" if action.build else "sell"]
    state.say(f"{who(seat)} locks a secret pick", "MA-041", seats=(seat,))  # the pick: in the move text, which Game.public_action hides from the others
    for lair in state.lairs:
        if lair.pick is None:
            return False
    return True


def reveal(state: ManiacalState) -> None:
    """MA-042: everybody reveals at once; builds (MA-049, MA-050, MA-053) and sells (MA-056) resolve together."""
    for seat in range(len(state.lairs)):
        lair: Lair = state.own_item("lairs", seat)
        if lair.pick is None:
            raise ValueError(f"{who(seat)} has no locked pick to reveal")
        room_id, how = lair.pick
        r = room(state, room_id)
        lair.hand.remove(room_id)
        if how == "build":
            lair.money -= r.cost
            lair.rooms.append(room_id)  # MA-052: building adds attraction; the room's effect waits for Phase III
            for t, value in r.attracts:  # MA-053: one type, or two (MA-055: ties share a space)
                lair.attraction[TYPES.index(t)] += value
            state.say(f"{who(seat)} builds {r.name} for ${r.cost}: {r.attraction_words()} attraction", "MA-042", "MA-049", "MA-053", "MA-005", seats=(seat,))
        else:
            lair.money += r.cost  # MA-029: from the bank, which never runs out
            state.say(f"{who(seat)} sells {r.name} for ${r.cost}", "MA-042", "MA-056", seats=(seat,))
        lair.pick = None


def pass_hands(state: ManiacalState) -> None:
    """MA-043, MA-044, MA-046: hands go to the neighbour, clockwise in rounds 1 and 3, counter-clockwise in
    round 2 (AMB-09: both passes of a round go the same way). Seat i's clockwise neighbour is seat i + 1."""
    n = len(state.lairs)
    step = -1 if state.round == 2 else 1
    hands = [lair.hand for lair in state.lairs]
    for seat in range(n):
        state.own_item("lairs", (seat + step) % n).hand = hands[seat][:]
    state.pick_no += 1
    state.say(f"the hands are passed {'counter-clockwise' if step < 0 else 'clockwise'}", "MA-043", "MA-044", "MA-046")


def discard_leftovers(state: ManiacalState) -> None:
    """MA-047, MA-048: after the third build/sell each player discards the 2 cards left."""
    for seat in range(len(state.lairs)):
        state.own_item("lairs", seat).hand = []
    state.say("each player discards the 2 Room cards left; Base Building ends", "MA-047", "MA-048")


# -- Chapter II, Henchmen: recruitment by attraction for the four types in order (MA-070 .. MA-079) ------------
# AMB-05: recruiting is compulsory when affordable, so the whole phase runs by itself; under the option
# optional_recruit each affordable offer waits for its recruiter's Recruit or Decline.
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


def recruit(state: ManiacalState, t: int = 0, k: int = 0) -> None:
    """MA-071 .. MA-076: Beasts, Criminals, Scientists, Mystics; two offers each, stopping at an unaffordable one;
    from type `t`, offer `k`. Under optional_recruit (AMB-05) it stops at an affordable offer for the recruiter's
    choice (step 'recruit'); else, at the end, the Contract Phase starts."""
    while t < len(TYPES):  # MA-064: only these four types are recruited
        name = TYPES[t]
        deck = state.decks[name]
        if k >= SLOTS_PER_TYPE or not deck:
            if k < SLOTS_PER_TYPE:
                state.say(f"the {name} deck is empty", "MA-074")
            t, k = t + 1, 0
            continue
        offer = card(state, deck[0])
        seat = top_scorer(state, t)
        score = state.lairs[seat].attraction[t]
        if score < offer.cost:  # MA-076: it stays face up for next round; this type ends
            state.say(f"nobody recruits {offer.name} ({name}, cost {offer.cost}): the top {name} attraction is {score}", "MA-076")
            t, k = t + 1, 0
            continue
        if state.optional_recruit:  # AMB-05: the recruiter chooses
            state.recruiting, state.step = (t, k, seat), "recruit"
            state.say(f"{who(seat)} may recruit {offer.name} ({name}) for {offer.cost} attraction", "MA-072", "AMB-05", seats=(seat,))
            return
        take_offer(state, t, seat)
        k += 1  # MA-075: the second offer goes the same way, to whoever is highest now
    # MA-078: each deck's top card is its face-up offer (the list's first card); MA-079: scores carry over.
    state.recruiting = None
    start_contracts(state)


def take_offer(state: ManiacalState, t: int, seat: int) -> None:
    """MA-072 .. MA-074: the recruiter takes the face-up henchman of type `t`, paying its cost in attraction."""
    name = TYPES[t]
    offer = card(state, state.own_item("decks", name).pop(0))  # MA-074: the next card turns face up
    lair: Lair = state.own_item("lairs", seat)
    lair.attraction[t] -= offer.cost  # MA-073 (AMB-04: the score goes down)
    lair.crew.append(Member(offer.id))  # AMB-07: face up in the crew, public
    state.say(f"{who(seat)} recruits {offer.name} ({name}) for {offer.cost} attraction", "MA-072", "MA-073", seats=(seat,))


def choose_recruit(state: ManiacalState, action: Recruit | Decline) -> None:
    """AMB-05 (optional_recruit): Recruit takes the offer and the type goes on; Decline leaves it face up and,
    like MA-076, ends the type this round."""
    if state.recruiting is None:
        raise ValueError("no offer waits for a recruiter")
    t, k, seat = state.recruiting
    if isinstance(action, Recruit):
        take_offer(state, t, seat)
        recruit(state, t, k + 1)
        return
    name = TYPES[t]
    state.say(f"{who(seat)} declines {card(state, state.decks[name][0]).name} ({name}): no more {name}s this round",
              "AMB-05", "MA-076", seats=(seat,))
    recruit(state, t + 1, 0)


HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    Die: die, Pick: pick, Activate: activate, PlayScheme: scheme, NoScheme: no_scheme, Done: done, Roll: roll,
    Attempt: lambda s, a: contracts.start_attempt(s, _seat(s), a), Assign: lambda s, a: contracts.assign(s, _seat(s), a),
    Visit: lambda s, a: contracts.visit(s, _seat(s), a), Pass: lambda s, a: contracts.pass_turn(s, _seat(s)),
    Reroll: lambda s, a: contracts.lackey_reroll(s, _seat(s)), Mark: lambda s, a: contracts.mark(s, _seat(s), a),
    Choose: lambda s, a: contracts.choose(s, a), Heal: lambda s, a: contracts.heal(s, _seat(s), a),
    Dismiss: lambda s, a: cleanup.dismiss(s, _seat(s), a), Fire: lambda s, a: cleanup.fire(s, _seat(s), a),
    Keep: lambda s, a: cleanup.fire(s, _seat(s), None), Remove: lambda s, a: contracts.remove_die(s, _seat(s), a),
    Recruit: choose_recruit, Decline: choose_recruit,
}
"""The transition of each action class (the core dispatches by `action.__class__`)."""
