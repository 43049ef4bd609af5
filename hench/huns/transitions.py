"""Transitions: what each action does to the successor the core hands over (never the state it came from).
A container is owned before it is changed in place: `s.own("reserve")`, and a Camp `s.own_item("camps", seat)`."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from . import effects as fx
from .actions import (
    Accept,
    Activate,
    Bonus,
    Curse,
    Draw,
    EndTurn,
    Flee,
    HunsAction,
    Onto,
    Order,
    Pillage,
    Place,
    Play,
    Reroll,
    ReturnRest,
    Roll,
    SendBack,
    Take,
    TakeWagon,
)
from .data import BLACK
from .legality import destinations, my_camp, placements, raid_actions, replacement_slots, rolling_colour
from .state import DICE, NO_CUBES, PAUSING, TURNS_PER_ROUND, HunsState


def chance_outcomes(state: HunsState) -> list[tuple[HunsAction, Fraction]]:
    """HU-032, HU-006: each die shows one of its faces, uniformly."""
    colour = rolling_colour(state)
    return [(Roll(colour, v), p) for v, p in state.data.face_probabilities]


def apply(state: HunsState, action: HunsAction) -> None:
    _DO[type(action)](state, action)


# -- setup ---------------------------------------------------------------------------------------
def _bonus(s: HunsState, a: Bonus) -> None:
    reserve = s.own("reserve")
    into = s.own_item("camps", s.active).stash if s.bonus_dest == "stash" else s.own("holding")
    for c in a.colours:  # HU-028, HU-029
        reserve[c] -= 1
        into[c] += 1
    s.resume = "setup"
    if s.bonus_dest == "stash":
        _resume(s)
    else:
        _continue_placement(s)  # A1: loaded onto the receiver's Wagons


def _next_setup(s: HunsState) -> None:
    s.setup_queue = s.setup_queue[1:]
    if s.setup_queue:
        s.active = s.setup_queue[0]
        s.phase = "setup_catchup_valuables"  # HU-029: the 4th player's turn
    else:
        _start_round(s)


def _start_round(s: HunsState) -> None:
    s.turn = 0
    s.dice = [0] * DICE
    s.taken = [-1] * DICE
    s.active = s.first
    s.phase = "round_roll_dice"  # HU-032


# -- dice ----------------------------------------------------------------------------------------
def _roll(s: HunsState, a: Roll) -> None:
    s.own("dice")[a.colour] = a.value
    if s.phase == "turn_reroll_die":
        s.phase, s.reroll = "turn_take_die", -1
    elif 0 not in s.dice:
        s.phase = "turn_take_die"  # HU-033: the first player starts


def _reroll(s: HunsState, a: Reroll) -> None:
    s.reroll, s.reroll_done, s.phase = a.colour, True, "turn_reroll_die"


def _take(s: HunsState, a: Take) -> None:
    s.own("taken")[a.colour] = s.active  # HU-033, HU-043
    s.die = a.colour
    s.value = fx.die_value(my_camp(s), s.data, s.dice[a.colour])
    s.resume = "turn_choose_action"
    s.phase = "turn_choose_action"  # HU-034


# -- the action ----------------------------------------------------------------------------------
def _draw(s: HunsState, a: Draw) -> None:
    s.action_done, s.resume = True, "turn_after_window"  # HU-041
    parts = fx.draw_parts(my_camp(s), s.data, s.die, s.value)
    if fx.order_matters(parts):
        s.order_for, s.phase = "draw", "effect_order"  # HU-075
        return
    _start_draw(s, s.die, fx.combine(*parts))


def _pillage(s: HunsState, a: Pillage) -> None:
    s.action_done, s.resume = True, "turn_after_window"  # HU-041
    parts = fx.pillage_parts(my_camp(s), s.data, s.die, s.value)
    if fx.order_matters(parts):
        s.order_for, s.phase = "pillage", "effect_order"  # HU-075
        return
    _start_pillage(s, s.die, fx.combine(*parts))


def _order(s: HunsState, a: Order) -> None:
    camp, kind = my_camp(s), s.order_for
    s.order_for = None
    if kind == "draw":
        _start_draw(s, s.die, fx.draw_count(camp, s.data, s.die, s.value, a.first))
    else:
        _start_pillage(s, s.die, fx.pillage_count(camp, s.data, s.die, s.value, a.first))


def _start_draw(s: HunsState, colour: int, n: int) -> None:
    deck = s.decks[colour]
    k = min(n, len(deck))  # HU-044, A2
    if k == 0:
        return _resume(s)
    s.hand, s.own("decks")[colour], s.hand_deck = deck[:k], deck[k:], colour
    s.phase = "draw_choose_card"  # HU-045, HU-046
    return None


def _play(s: HunsState, a: Play) -> None:
    card = s.data.card_ids[a.card]
    rest = tuple(c for c in s.hand if c != card)
    s.own("decks")[s.hand_deck] = s.decks[s.hand_deck] + rest  # HU-047, A12: drawn order, at the bottom
    s.hand, s.hand_deck = (), -1
    if s.data.cards[card].colour == BLACK:
        s.curse, s.curse_from, s.sent_back = card, s.active, False
        if s.n == 2:
            return _aim_curse(s, 1 - s.active)  # HU-091: the only opponent
        s.phase = "curse_choose_target"
        return None
    camp = s.own_item("camps", s.active)
    camp.cards.append(card)  # HU-045: your own Camp
    camp.fx = None
    s.played = card
    return _resume(s)


# -- Curses --------------------------------------------------------------------------------------
def _curse(s: HunsState, a: Curse) -> None:
    _aim_curse(s, a.target)


def _aim_curse(s: HunsState, seat: int) -> None:
    s.curse_to = seat
    s.phase = "curse_flee_decision"  # HU-094: the target decides now


def _use_bodyguard(s: HunsState) -> None:
    guard = fx.free_bodyguard(s.camps[s.curse_to], s.data)
    if guard >= 0 and not s.sent_back:
        s.own_item("camps", s.curse_to).used.append(guard)  # the one answer is spent on this Curse


def _flee(s: HunsState, a: Flee) -> None:
    _use_bodyguard(s)
    camp = s.own_item("camps", s.curse_to)
    camp.cards.append(s.curse)
    camp.fled.append(s.curse)  # HU-094, HU-095
    camp.fx = None
    _curse_done(s)


def _accept(s: HunsState, a: Accept) -> None:
    _use_bodyguard(s)
    camp = s.own_item("camps", s.curse_to)
    camp.cards.append(s.curse)  # HU-092; HU-096: no later flight
    camp.fx = None
    _curse_done(s)


def _send_back(s: HunsState, a: SendBack) -> None:
    _use_bodyguard(s)
    s.sent_back = True
    s.curse_to = s.curse_from


def _curse_done(s: HunsState) -> None:
    s.curse = -1
    _resume(s)


# -- pillage -------------------------------------------------------------------------------------
def _start_pillage(s: HunsState, colour: int, n: int) -> None:
    k = min(n, s.reserve[colour])  # HU-049, A3; HU-066: nothing when empty
    s.own("reserve")[colour] -= k
    s.own("holding")[colour] += k
    if k == 0:
        return _resume(s)
    if not destinations(s):
        return _finish_cubes(s)  # HU-065: all excess
    s.phase = "pillage_choose_destination"
    return None


def _onto(s: HunsState, a: Onto) -> None:
    if a.card is None:
        return _continue_placement(s)  # HU-058
    card = s.data.card_ids[a.card]
    camp = s.own_item("camps", s.active)
    cubes = camp.cubes.setdefault(card, [])
    room = s.data.cards[card].spaces - len(cubes)
    holding = s.own("holding")
    for c in range(5):  # HU-054, HU-055: all on this one card, any colour
        k = min(room, holding[c])
        cubes.extend([c] * k)
        holding[c] -= k
        room -= k
    camp.fx = None
    return _finish_cubes(s)  # HU-056: the rest back


def _continue_placement(s: HunsState) -> None:
    if sum(s.holding) == 0 or not placements(s)[0]:
        return _finish_cubes(s)
    s.phase = "pillage_place"
    return None


def _place(s: HunsState, a: Place) -> None:
    camp = s.own_item("camps", s.active)
    load = camp.loads[a.slot]
    spaces = s.data.wagons[camp.wagons[a.slot]].spaces
    i = next(i for i, (sc, x) in enumerate(zip(spaces, load)) if x < 0 and sc == a.space)
    load[i] = a.cube  # HU-057
    s.own("holding")[a.cube] -= 1
    if a.space != a.cube:
        s.wild_used += 1
    if all(x >= 0 for x in load):
        return _dispatch(s, a.slot)  # HU-060
    return _continue_placement(s)


def _dispatch(s: HunsState, slot: int) -> None:
    camp = s.own_item("camps", s.active)
    for c in camp.loads[slot]:
        camp.stash[c] += 1  # HU-060, HU-063
    camp.dispatched.append(camp.wagons[slot])
    camp.wagons[slot], camp.loads[slot] = -1, []
    if replacement_slots(s):
        s.replace_slot = slot
        s.phase = "wagon_replace"  # HU-061
        return None
    return _continue_placement(s)  # A11: no Wagon left to take


def _take_wagon(s: HunsState, a: TakeWagon) -> None:
    if a.display is None:
        w, s.wagon_deck = s.wagon_deck[0], s.wagon_deck[1:]
    else:
        w = s.display[a.display]
        refill = s.wagon_deck[0] if s.wagon_deck else -1  # HU-022
        s.wagon_deck = s.wagon_deck[1:]
        s.display = s.display[:a.display] + (refill,) + s.display[a.display + 1:]
    camp = s.own_item("camps", s.active)
    camp.wagons[s.replace_slot] = w
    camp.loads[s.replace_slot] = [-1] * len(s.data.wagons[w].spaces)
    s.replace_slot = -1
    _continue_placement(s)  # HU-062, A4


def _return_rest(s: HunsState, a: ReturnRest) -> None:
    _finish_cubes(s)


def _finish_cubes(s: HunsState) -> None:
    reserve, holding = s.own("reserve"), s.holding
    for c in range(5):
        reserve[c] += holding[c]  # HU-059, HU-067: excess back to the Reserve
    s.holding = [0] * 5
    _resume(s)


def _resume(s: HunsState) -> None:
    """Back to where the turn was before the Draw, Pillage, Raid or setup bonus."""
    back = s.resume
    if back == "setup":
        return _next_setup(s)
    if back in PAUSING:  # HU-072: the Raid is over, the interrupted Pillage takes its cubes back
        s.resume = "turn_after_window"
        s.holding, s.paused = [a + b for a, b in zip(s.holding, s.paused)], NO_CUBES
        if back == "pillage_place":
            return _continue_placement(s)
        if not destinations(s):
            return _finish_cubes(s)  # HU-065
        s.phase = back
        return None
    if back in ("turn_take_die", "turn_choose_action"):
        s.phase = back
        return None
    s.phase = "turn_after_window"
    if not raid_actions(s):
        return _end_turn(s)
    return None


# -- Raids (HU-084..HU-086) ----------------------------------------------------------------------
def _activate(s: HunsState, a: Activate) -> None:
    card = s.data.card_ids[a.card]
    s.own_item("camps", s.active).used.append(card)  # HU-085: rotated
    s.raid_done = True  # HU-086
    s.resume = s.phase  # HU-072: the turn goes on where the Raid interrupted it
    if s.phase in PAUSING:  # HU-072: during a Pillage, its cubes wait while the Raid's own Pillage or Draw runs
        s.paused, s.holding = tuple(s.holding), [0] * 5
    _RAID[s.data.cards[card].effect](s, a, card)


def _raid_cubes(s: HunsState, a: Activate, card: int) -> None:
    _start_pillage(s, a.colour if a.colour is not None else s.data.cards[card].param, 2)


def _raid_ambush(s: HunsState, a: Activate, card: int) -> None:
    seat, slot, colour = a.seat, a.slot, a.colour
    assert seat is not None and slot is not None and colour is not None  # an aimed Ambush (check_raid_args)
    load = s.own_item("camps", seat).loads[slot]
    load[load.index(colour)] = -1
    s.own("reserve")[colour] += 1
    _resume(s)


def _raid_forced_march(s: HunsState, a: Activate, card: int) -> None:
    s.value = 3
    _resume(s)


def _raid_scouting(s: HunsState, a: Activate, card: int) -> None:
    assert a.colour is not None  # the deck to draw from (check_raid_args)
    _start_draw(s, a.colour, 2)


def _raid_none(s: HunsState, a: Activate, card: int) -> None:
    _resume(s)


# -- the end of a turn and of a round -----------------------------------------------------------
def _end(s: HunsState, a: EndTurn) -> None:
    _end_turn(s)


def _end_turn(s: HunsState) -> None:
    s.turn += 1
    s.die, s.value, s.wild_used, s.played = -1, 0, 0, -1
    s.action_done = s.raid_done = s.reroll_done = False
    if s.turn == TURNS_PER_ROUND:  # HU-035: the 5th die was taken
        return _end_round(s)
    s.active = (s.first + s.turn) % s.n  # HU-033, HU-036
    s.resume = "turn_take_die"
    s.phase = "turn_take_die"
    return None


def _end_round(s: HunsState) -> None:
    s.first = (s.first + 1) % s.n  # HU-037, A17
    s.turn = 0
    if min(s.reserve) == 0 or not all(s.decks):  # HU-038, HU-039, HU-040
        s.phase = "game_over"
        return
    s.round += 1
    _start_round(s)


_DO: dict[type, Callable[..., None]] = {
    Bonus: _bonus, Roll: _roll, Reroll: _reroll, Take: _take, Draw: _draw, Pillage: _pillage, Order: _order,
    Play: _play, Curse: _curse, Flee: _flee, Accept: _accept, SendBack: _send_back, Onto: _onto, Place: _place,
    TakeWagon: _take_wagon, ReturnRest: _return_rest, Activate: _activate, EndTurn: _end,
}
_RAID = {"raid_cubes": _raid_cubes, "open_raid": _raid_cubes, "ambush": _raid_ambush,
         "forced_march": _raid_forced_march, "scouting_party": _raid_scouting, "none": _raid_none}
