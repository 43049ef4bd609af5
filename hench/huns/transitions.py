"""Transitions: what each action does to the successor the core hands over (never the state it came from),
said in words as it happens (`state.say(text, rule IDs, seats=..., to=...)`). A container is owned before it
is changed in place: `s.own("reserve")`, and a Camp `s.own_item("camps", seat)`.

What is hidden is said only to the seats that may know it (HU-081, HU-104): the cards drawn to the drawer,
while the table hears how many; a fled Curse and the type of a dispatched Wagon are never named.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

from hench.core import seat_name

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
from .data import BLACK, COLOURS, GREEN
from .legality import (
    destinations,
    my_camp,
    raid_actions,
    replacement_slots,
    roll_outcomes,
    rolling_colour,
    wagon_room,
    wild_possible,
)
from .scoring import scores, winners
from .state import DICE, NO_CUBES, PAUSING, TURNS_PER_ROUND, HunsState


def chance_outcomes(state: HunsState) -> tuple[tuple[HunsAction, Fraction], ...]:
    """HU-032, HU-006: each die shows one of its faces, uniformly."""
    return roll_outcomes(state.data, rolling_colour(state))


# -- words -----------------------------------------------------------------------------------------
WHO = tuple(seat_name(seat) for seat in range(4))  # "Player 1" to "Player 4": the seat names, made once

def card_name(s: HunsState, card: int) -> str:
    return s.data.labels[card]


def cubes_words(counts: Sequence[int]) -> str:
    """[0, 2, 1, 0, 0] -> '2 red cubes and 1 green cube'."""
    parts = [f"{k} {COLOURS[c]} {'cube' if k == 1 else 'cubes'}" for c, k in enumerate(counts) if k]
    if not parts:
        return "no cube"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _changed(base: int, n: int) -> str:
    """Why a Draw or Pillage counts other than its die, if it does (HU-077: cards change the rules)."""
    return f" ({base} on the die, {n} with the cards in their Camp)" if n != base else ""


def _cards(k: int) -> str:
    return f"{k} card" if k == 1 else f"{k} cards"


# -- setup ---------------------------------------------------------------------------------------
def _bonus(s: HunsState, a: Bonus) -> None:
    seat, rule = s.active, "HU-028" if len(a.colours) == 1 else "HU-029"
    reserve = s.own("reserve")
    into = s.own_item("camps", seat).stash if s.bonus_dest == "stash" else s.own("holding")
    counts = [0] * 5
    for c in a.colours:  # HU-028, HU-029
        reserve[c] -= 1
        into[c] += 1
        counts[c] += 1
    where = "into their Stash" if s.bonus_dest == "stash" else "to load onto their Wagons"  # A1
    s.say(f"{WHO[seat]} takes catch-up Valuables from the Reserve: {cubes_words(counts)}, {where}", rule, seats=(seat,))
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
    s.say(f"Round {s.round} begins: {WHO[s.first]}, the first player, rolls the five dice", "HU-032", seats=(s.first,))


# -- dice ----------------------------------------------------------------------------------------
def _roll(s: HunsState, a: Roll) -> None:
    s.own("dice")[a.colour] = a.value
    if s.phase == "turn_reroll_die":
        s.phase, s.reroll = "turn_take_die", -1
        s.say(f"The {COLOURS[a.colour]} die is rerolled: it shows {a.value}", "HU-077")
    elif 0 not in s.dice:  # each roll is its move's own text ('blue rolls 3'); the last one opens the turns
        s.phase = "turn_take_die"  # HU-033: the first player starts
        s.say(f"All five dice are rolled: {' '.join(str(v) for v in s.dice)} (blue, red, green, black, yellow); "
              f"{WHO[s.active]} takes a die first", "HU-032", "HU-033", seats=(s.active,))


def _reroll(s: HunsState, a: Reroll) -> None:
    s.reroll, s.reroll_done, s.phase = a.colour, True, "turn_reroll_die"
    s.say(f"{WHO[s.active]}'s Diviner rerolls the {COLOURS[a.colour]} die, still in the pool", "HU-077", "HU-070",
          seats=(s.active,))


def _take(s: HunsState, a: Take) -> None:
    seat, shown = s.active, s.dice[a.colour]
    s.own("taken")[a.colour] = seat  # HU-033, HU-043
    s.die = a.colour
    s.value = fx.die_value(my_camp(s), s.data, shown)
    s.resume = "turn_choose_action"
    s.phase = "turn_choose_action"  # HU-034
    if s.value != shown:
        s.say(f"{WHO[seat]} takes the {COLOURS[a.colour]} die showing {shown}; their Swift Horse makes it count as "
              f"{s.value}", "HU-033", "HU-042", "HU-070", seats=(seat,))
    else:
        s.say(f"{WHO[seat]} takes the {COLOURS[a.colour]} die showing {shown}", "HU-033", seats=(seat,))


# -- the action ----------------------------------------------------------------------------------
def _draw(s: HunsState, a: Draw) -> None:
    s.action_done, s.resume = True, "turn_after_window"  # HU-041
    parts = fx.draw_parts(my_camp(s), s.data, s.die, s.value)
    if fx.order_matters(parts):
        s.order_for, s.phase = "draw", "effect_order"  # HU-075
        s.say(f"{WHO[s.active]} draws cards: a card adds one and a Curse takes one away, so they choose which "
              "comes first", "HU-041", "HU-075", seats=(s.active,))
        return
    _start_draw(s, s.die, fx.combine(*parts), s.value)


def _pillage(s: HunsState, a: Pillage) -> None:
    s.action_done, s.resume = True, "turn_after_window"  # HU-041
    parts = fx.pillage_parts(my_camp(s), s.data, s.die, s.value)
    if fx.order_matters(parts):
        s.order_for, s.phase = "pillage", "effect_order"  # HU-075
        s.say(f"{WHO[s.active]} pillages: a card adds a cube and a Curse takes one away, so they choose which "
              "comes first", "HU-041", "HU-075", seats=(s.active,))
        return
    _start_pillage(s, s.die, fx.combine(*parts), s.value)


def _order(s: HunsState, a: Order) -> None:
    camp, kind = my_camp(s), s.order_for
    s.order_for = None
    s.say(f"{WHO[s.active]} lets the {a.first} come first", "HU-075", seats=(s.active,))
    if kind == "draw":
        _start_draw(s, s.die, fx.draw_count(camp, s.data, s.die, s.value, a.first), s.value)
    else:
        _start_pillage(s, s.die, fx.pillage_count(camp, s.data, s.die, s.value, a.first), s.value)


def _start_draw(s: HunsState, colour: int, n: int, base: int) -> None:
    deck, seat = s.decks[colour], s.active
    k = min(n, len(deck))  # HU-044, A2
    if k == 0:
        s.say(f"{WHO[seat]} draws nothing: the {COLOURS[colour]} deck is empty", "HU-044", seats=(seat,))
        return _resume(s)
    s.hand, s.own("decks")[colour], s.hand_deck = deck[:k], deck[k:], colour
    short = f"; only {k} of the {n} due were left" if k < n else ""
    s.say(f"{WHO[seat]} draws {_cards(k)} from the {COLOURS[colour]} deck{_changed(base, n)}{short}", "HU-044",
          seats=(seat,))
    labels = s.data.labels
    s.say(f"The cards drawn: {', '.join([labels[c] for c in s.hand])}", "HU-044", seats=(seat,), to=(seat,))
    s.phase = "draw_choose_card"  # HU-045, HU-046
    return None


def _play(s: HunsState, a: Play) -> None:
    card, seat = s.data.card_ids[a.card], s.active
    rest = tuple(c for c in s.hand if c != card)
    colour = s.hand_deck
    s.own("decks")[colour] = s.decks[colour] + rest  # HU-047, A12: drawn order, at the bottom
    s.hand, s.hand_deck = (), -1
    back = f"; {_cards(len(rest))} go{'es' if len(rest) == 1 else ''} back under the {COLOURS[colour]} deck" if rest else ""
    if s.data.cards[card].colour == BLACK:
        s.curse, s.curse_from, s.sent_back = card, seat, False
        s.say(f"{WHO[seat]} plays the Curse {card_name(s, card)} into an opponent's Camp{back}", "HU-045", "HU-047",
              "HU-048", "HU-091", seats=(seat,))
        if s.n == 2:
            return _aim_curse(s, 1 - seat)  # HU-091: the only opponent
        s.phase = "curse_choose_target"
        return None
    camp = s.own_item("camps", seat)
    camp.cards.append(card)  # HU-045: your own Camp
    camp.fx = None
    s.played = card
    s.say(f"{WHO[seat]} plays {card_name(s, card)} into their Camp{back}", "HU-045", "HU-047", "HU-048", "HU-079",
          "HU-080", seats=(seat,))
    return _resume(s)


# -- Curses --------------------------------------------------------------------------------------
def _curse(s: HunsState, a: Curse) -> None:
    _aim_curse(s, a.target)


def _aim_curse(s: HunsState, seat: int) -> None:
    s.curse_to = seat
    s.phase = "curse_flee_decision"  # HU-094: the target decides now
    s.say(f"The Curse {card_name(s, s.curse)} goes to {WHO[seat]}, who flees it or accepts it now", "HU-091", "HU-094",
          seats=(s.curse_from, seat))


def _use_bodyguard(s: HunsState) -> int:
    """The target's Bodyguard answers the first Curse that arrives while it is at work, sent back or not: spent."""
    guard = fx.free_bodyguard(s.camps[s.curse_to], s.data)
    if guard < 0 or s.sent_back:
        return -1
    s.own_item("camps", s.curse_to).used.append(guard)
    return guard


def _guard_spent(s: HunsState, seat: int, guard: int) -> None:
    if guard >= 0:
        s.say(f"{WHO[seat]}'s Bodyguard {card_name(s, guard)} did not send it back and has no answer left",
              "HU-073", seats=(seat,))


def _flee(s: HunsState, a: Flee) -> None:
    guard = _use_bodyguard(s)
    seat = s.curse_to
    camp = s.own_item("camps", seat)
    camp.cards.append(s.curse)
    camp.fled.append(s.curse)  # HU-094, HU-095
    camp.fx = None
    s.say(f"{WHO[seat]} flees the Curse: it lies face down in their Camp, never acts, and costs {s.n} points at "
          "the end", "HU-094", "HU-095", "HU-097", seats=(seat,))
    _guard_spent(s, seat, guard)
    _curse_done(s)


def _accept(s: HunsState, a: Accept) -> None:
    guard = _use_bodyguard(s)
    seat, card = s.curse_to, s.curse
    camp = s.own_item("camps", seat)
    camp.cards.append(card)  # HU-092; HU-096: no later flight
    camp.fx = None
    spaces = s.data.cards[card].spaces
    s.say(f"{WHO[seat]} accepts the Curse {card_name(s, card)}: it acts on them until its {spaces} spaces hold "
          "cubes", "HU-092", "HU-093", "HU-096", seats=(seat,))
    _guard_spent(s, seat, guard)
    _curse_done(s)


def _send_back(s: HunsState, a: SendBack) -> None:
    guard = _use_bodyguard(s)
    s.sent_back = True
    s.say(f"{WHO[s.curse_to]}'s Bodyguard {card_name(s, guard)} sends the Curse back to {WHO[s.curse_from]}, "
          "who flees it or accepts it now; the Bodyguard has no answer left", "HU-073", "HU-094",
          seats=(s.curse_to, s.curse_from))
    s.curse_to = s.curse_from


def _curse_done(s: HunsState) -> None:
    s.curse = -1
    _resume(s)


# -- pillage -------------------------------------------------------------------------------------
def _start_pillage(s: HunsState, colour: int, n: int, base: int) -> None:
    k = min(n, s.reserve[colour])  # HU-049, A3; HU-066: nothing when empty
    seat = s.active
    if k == 0:
        s.say(f"{WHO[seat]} takes no cube: the {COLOURS[colour]} Reserve is empty", "HU-066", seats=(seat,))
        return _resume(s)
    s.own("reserve")[colour] -= k
    s.own("holding")[colour] += k
    short = f"; only {k} of the {n} due were left" if k < n else ""
    s.say(f"{WHO[seat]} pillages {k} {COLOURS[colour]} {'cube' if k == 1 else 'cubes'} from the Reserve"
          f"{_changed(base, n)}{short}", "HU-049", "HU-068", seats=(seat,))
    if not destinations(s):
        return _finish_cubes(s)  # HU-065: all excess
    s.phase = "pillage_choose_destination"
    return None


def _onto(s: HunsState, a: Onto) -> None:
    seat = s.active
    if a.card is None:
        s.say(f"{WHO[seat]} puts the cubes onto their Wagons", "HU-050", "HU-058", seats=(seat,))
        return _continue_placement(s)  # HU-058
    card = s.data.card_ids[a.card]
    camp = s.own_item("camps", seat)
    cubes = camp.cubes.setdefault(card, [])
    room = s.data.cards[card].spaces - len(cubes)
    holding = s.own("holding")
    put = [0] * 5
    for c in range(5):  # HU-054, HU-055: all on this one card, any colour
        k = min(room, holding[c])
        cubes.extend([c] * k)
        holding[c] -= k
        put[c] = k
        room -= k
    camp.fx = None
    s.say(f"{WHO[seat]} puts {cubes_words(put)} on {card_name(s, card)}", "HU-051", "HU-054", "HU-055", seats=(seat,))
    if not room and any(put):
        _card_full(s, seat, card)
    return _finish_cubes(s)  # HU-056: the rest back


def _card_full(s: HunsState, seat: int, card: int) -> None:
    if s.data.cards[card].colour == GREEN:
        s.say(f"{card_name(s, card)} is full: the Mercenary is at work for {WHO[seat]}", "HU-088", "HU-090", seats=(seat,))
    else:
        s.say(f"{card_name(s, card)} is full: the Curse no longer acts on {WHO[seat]}", "HU-093", seats=(seat,))


def _continue_placement(s: HunsState) -> None:
    if sum(s.holding) == 0 or not (wagon_room(s) or wild_possible(s)):  # no cube in hand can be placed (as placements() finds)
        return _finish_cubes(s)
    s.phase = "pillage_place"
    return None


def _place(s: HunsState, a: Place) -> None:
    seat = s.active
    camp = s.own_item("camps", seat)
    load = camp.loads[a.slot]
    spaces = s.data.wagons[camp.wagons[a.slot]].spaces
    i = next(i for i, (sc, x) in enumerate(zip(spaces, load)) if x < 0 and sc == a.space)
    load[i] = a.cube  # HU-057
    s.own("holding")[a.cube] -= 1
    if a.space != a.cube:
        s.wild_used += 1
        s.say(f"{WHO[seat]} loads a {COLOURS[a.cube]} cube onto a {COLOURS[a.space]} space of Wagon {a.slot + 1}: "
              "a card lets one cube a turn go on a space of any colour", "HU-057", "HU-077", seats=(seat,))
    else:
        s.say(f"{WHO[seat]} loads a {COLOURS[a.cube]} cube onto Wagon {a.slot + 1}", "HU-057", seats=(seat,))
    if all(x >= 0 for x in load):
        return _dispatch(s, a.slot)  # HU-060
    return _continue_placement(s)


def _dispatch(s: HunsState, slot: int) -> None:
    seat = s.active
    camp = s.own_item("camps", seat)
    for c in camp.loads[slot]:
        camp.stash[c] += 1  # HU-060, HU-063
    camp.dispatched.append(camp.wagons[slot])
    camp.wagons[slot], camp.loads[slot] = -1, []
    s.say(f"{WHO[seat]}'s Wagon {slot + 1} is full and dispatched: its cubes go to the Stash, and it scores {s.n} "
          "points at the end", "HU-060", "HU-063", "HU-101", seats=(seat,))
    if replacement_slots(s):
        s.replace_slot = slot
        s.phase = "wagon_replace"  # HU-061
        return None
    s.say(f"No Wagon is left to take: {WHO[seat]} goes on with one Wagon", "HU-061", seats=(seat,))  # A11
    return _continue_placement(s)


def _take_wagon(s: HunsState, a: TakeWagon) -> None:
    seat = s.active
    if a.display is None:
        w, s.wagon_deck = s.wagon_deck[0], s.wagon_deck[1:]
        where = "the top of the Wagon deck"
    else:
        w = s.display[a.display]
        refill = s.wagon_deck[0] if s.wagon_deck else -1  # HU-022
        s.wagon_deck = s.wagon_deck[1:]
        s.display = s.display[:a.display] + (refill,) + s.display[a.display + 1:]
        where = f"the display (slot {a.display + 1}, " + ("refilled from the Wagon deck)" if refill >= 0 else "left empty)")
    camp = s.own_item("camps", seat)
    camp.wagons[s.replace_slot] = w
    camp.loads[s.replace_slot] = [-1] * len(s.data.wagons[w].spaces)
    wagon = s.data.wagons[w]
    spaces = ", ".join(COLOURS[c] for c in wagon.spaces)
    s.say(f"{WHO[seat]} takes Wagon {wagon.id} ({s.data.type_names[wagon.type]} type; spaces {spaces}) from {where}",
          "HU-061", "HU-022", seats=(seat,))
    s.replace_slot = -1
    _continue_placement(s)  # HU-062, A4


def _return_rest(s: HunsState, a: ReturnRest) -> None:
    _finish_cubes(s)


def _finish_cubes(s: HunsState) -> None:
    holding = s.holding
    if s.resume == "setup" and any(holding):  # HU-028, HU-029 (A1): catch-up Valuables are kept, never lost
        stash = s.own_item("camps", s.active).stash
        for c in range(5):
            stash[c] += holding[c]
        s.say(f"{cubes_words(holding)} with no Wagon space of {'its' if sum(holding) == 1 else 'their'} colour "
              f"{'goes' if sum(holding) == 1 else 'go'} to {WHO[s.active]}'s Stash", "HU-028", "HU-029", seats=(s.active,))
    elif any(holding):
        reserve = s.own("reserve")
        for c in range(5):
            reserve[c] += holding[c]  # HU-059, HU-067: excess back to the Reserve
        s.say(f"{cubes_words(holding)} with no place left go back to the Reserve", "HU-059", "HU-067", seats=(s.active,))
    s.holding = [0] * 5
    _resume(s)


def _resume(s: HunsState) -> None:
    """Back to where the turn was before the Draw, Pillage, Raid or setup bonus."""
    back = s.resume
    if back == "setup":
        return _next_setup(s)
    if back in PAUSING:  # HU-072: the Raid is over, the interrupted Pillage takes its cubes back
        s.say(f"The Raid is over: {WHO[s.active]} takes back the {cubes_words(s.paused)} set aside", "HU-072",
              seats=(s.active,))
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
    card, seat = s.data.card_ids[a.card], s.active
    s.own_item("camps", seat).used.append(card)  # HU-085: rotated
    s.raid_done = True  # HU-086
    s.say(f"{WHO[seat]} activates the Raid {card_name(s, card)} and turns it: used once per game", "HU-085", "HU-086",
          seats=(seat,))
    s.resume = s.phase  # HU-072: the turn goes on where the Raid interrupted it
    if s.phase in PAUSING:  # HU-072: during a Pillage, its cubes wait while the Raid's own Pillage or Draw runs
        s.say(f"The {cubes_words(s.holding)} in hand wait aside until the Raid is over", "HU-072", seats=(seat,))
        s.paused, s.holding = tuple(s.holding), [0] * 5
    _RAID[s.data.cards[card].effect](s, a, card)


def _raid_cubes(s: HunsState, a: Activate, card: int) -> None:
    _start_pillage(s, a.colour if a.colour is not None else s.data.cards[card].param, 2, 2)


def _raid_ambush(s: HunsState, a: Activate, card: int) -> None:
    seat, slot, colour = a.seat, a.slot, a.colour
    assert seat is not None and slot is not None and colour is not None  # an aimed Ambush (check_raid_args)
    load = s.own_item("camps", seat).loads[slot]
    load[load.index(colour)] = -1
    s.own("reserve")[colour] += 1
    s.say(f"The Ambush takes a {COLOURS[colour]} cube off {WHO[seat]}'s Wagon {slot + 1}; it goes back to the Reserve",
          "HU-067", "HU-077", seats=(s.active, seat))
    _resume(s)


def _raid_forced_march(s: HunsState, a: Activate, card: int) -> None:
    s.value = 3
    s.say(f"{WHO[s.active]}'s {COLOURS[s.die]} die now counts as 3", "HU-070", "HU-077", seats=(s.active,))
    _resume(s)


def _raid_scouting(s: HunsState, a: Activate, card: int) -> None:
    assert a.colour is not None  # the deck to draw from (check_raid_args)
    _start_draw(s, a.colour, 2, 2)


def _raid_none(s: HunsState, a: Activate, card: int) -> None:
    _resume(s)


# -- the end of a turn and of a round -----------------------------------------------------------
def _end(s: HunsState, a: EndTurn) -> None:
    s.say(f"{WHO[s.active]} ends their turn", "HU-041", seats=(s.active,))
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
    s.say(f"Round {s.round} is over: every die was used, and the first-player token passes to {WHO[s.first]}",
          "HU-035", "HU-037", seats=(s.first,))
    empty = [f"the {COLOURS[c]} Reserve" for c in range(5) if not s.reserve[c]] + \
            [f"the {COLOURS[c]} deck" for c in range(5) if not s.decks[c]]
    if empty:  # HU-038, HU-039, HU-040
        s.phase = "game_over"
        _final_words(s, empty)
        return
    s.round += 1
    _start_round(s)


def _final_words(s: HunsState, empty: list[str]) -> None:
    s.say(f"The game ends: {' and '.join(empty)} {'is' if len(empty) == 1 else 'are'} empty at the end of the round",
          "HU-038", "HU-039")
    points, best = scores(s), winners(s)
    table = ", ".join(f"{WHO[i]} {p}" for i, p in enumerate(points))
    who = " and ".join(WHO[i] for i in best)
    tie = " (a tie on points goes to the bigger Stash)" if sum(1 for p in points if p == max(points)) > 1 else ""
    s.say(f"Final points: {table}. {who} {'wins' if len(best) == 1 else 'share the victory'}{tie}", "HU-106", "HU-107",
          seats=tuple(best))


HANDLERS: dict[type, Callable[[Any, Any], None]] = {  # the core calls HANDLERS[action.__class__](successor, action)
    Bonus: _bonus, Roll: _roll, Reroll: _reroll, Take: _take, Draw: _draw, Pillage: _pillage, Order: _order,
    Play: _play, Curse: _curse, Flee: _flee, Accept: _accept, SendBack: _send_back, Onto: _onto, Place: _place,
    TakeWagon: _take_wagon, ReturnRest: _return_rest, Activate: _activate, EndTurn: _end,
}
_RAID: dict[str, Callable[[HunsState, Activate, int], None]] = {
    "raid_cubes": _raid_cubes, "open_raid": _raid_cubes, "ambush": _raid_ambush, "forced_march": _raid_forced_march,
    "scouting_party": _raid_scouting, "none": _raid_none}
