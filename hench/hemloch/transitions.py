"""Transitions: what each action does to a fresh clone of the state, and the flow the engine runs by
itself (free draws, ability effects with nothing to choose, Influence totals, the Week's End steps, the
end check) until the next choice, chance event or the end. Rule IDs sit next to each effect.
"""

from __future__ import annotations

from fractions import Fraction

from hench.core import seat_name

from .actions import ACTION_TYPES, Draw, Festival, HLAction, Keep, Mark, Move, Play, Recall, Retreat, Reveal, Steal, Swap, Use
from .data import GAIN, ITEMS
from .legality import choice_options
from .state import CHOICE_TASKS, DRAFT_PACK, HemlochState


class _Names(dict):
    """Seat -> 'Player N' (hench.core.seat_name), the two seats read from the table."""

    def __missing__(self, seat: int) -> str:
        return seat_name(seat)


who = _Names({0: seat_name(0), 1: seat_name(1)}).__getitem__
DRAFT_ROUNDS = 5  # A4: 5 rounds of 6 picks make a 30-card deck


# -- chance ---------------------------------------------------------------------------------------------
def chance_outcomes(s: HemlochState) -> tuple[tuple[HLAction, Fraction], ...]:
    """HL-009, HL-050, A5: the top card of the shuffled Week deck is any unrevealed card, all equally likely."""
    return s.data.tables.chance(s.week_deck)


def reveal_action(s: HemlochState, card: int) -> Reveal:
    return Reveal(s.data.locations[s.data.week_location(card)].name, s.data.is_day(card))


# -- applying -----------------------------------------------------------------------------------------------
_CLASS_OF = {cls: cls for cls in ACTION_TYPES}


def _class_of(a: HLAction) -> type:
    """The action's class among ACTION_TYPES (found once per class, as `isinstance` would)."""
    cls = _CLASS_OF.get(type(a))
    if cls is None:
        cls = next((c for c in ACTION_TYPES if isinstance(a, c)), type(a))
    return cls


def apply(s: HemlochState, a: HLAction) -> None:
    seat = s.current_player
    d = s.data
    cls = _class_of(a)
    if cls is Reveal:
        _reveal(s, a)
    elif cls is Draw:
        s.actions -= 1  # HL-056
        got = _draw(s, seat, 1)
        s.events.append(f"{who(seat)} spends an Action to draw" + ("" if got else ": the deck is empty, nothing drawn (A10)"))
    elif cls is Play:
        _play(s, seat, d.minion_index(a.card), d.location_index(a.location))
    elif cls is Use:
        _use(s, seat, ITEMS.index(a.item))
    else:
        task = s.tasks.pop(0)
        _choose(s, seat, task, a, cls)
    advance(s)


def _reveal(s: HemlochState, a: Reveal) -> None:
    d = s.data
    reveals = d.tables.reveal
    card = next(c for c in s.week_deck if reveals[c] == a)
    s.w_list("week_deck").remove(card)
    s.w_list("revealed").append(card)  # HL-050
    s.festival = d.week_location(card)  # HL-038
    s.events.append(f"{who(s.start)} (Start Player) turns over {d.week_name(card)}; the Festival moves to "
                    f"{d.locations[s.festival].name}")
    _begin_turn(s, s.start)  # HL-051


def _begin_turn(s: HemlochState, seat: int) -> None:
    s.stage, s.active, s.actions, s.item_used, s.played = "turn", seat, s.data.actions, False, []  # HL-055
    if not s.hands[seat]:  # HL-054
        got = _draw(s, seat, 1)
        s.events.append(f"{who(seat)}'s hand is empty: a free draw" + ("" if got else " finds an empty deck (A10)"))


def _draw(s: HemlochState, seat: int, n: int) -> int:
    """A10: from an empty deck nothing is drawn and nothing is reshuffled."""
    got = min(n, len(s.decks[seat]))
    if got > 0:
        hand, deck = s.w_hand(seat), s.w_deck(seat)
        for _ in range(got):
            hand.append(deck.pop())
    return max(got, 0)


def _play(s: HemlochState, seat: int, card: int, loc: int) -> None:
    d = s.data
    s.w_hand(seat).remove(card)
    s.w_side(loc, seat).append(card)  # HL-057, HL-059
    s.w_list("played").append(loc)  # HL-058
    s.actions -= 1  # HL-056
    minion = d.minions[card]
    s.events.append(f"{who(seat)} plays {minion.name} at {d.locations[loc].name}")
    s.tasks.extend(_effect_task(e, seat, loc) for e in minion.effects)  # HL-060
    if minion.faction == s.activating(loc):  # HL-061, HL-062: the Location's ability after the Minion's
        s.events.append(f"{minion.name}'s faction activates {d.locations[loc].name}")
        s.tasks.append(_effect_task(s.location_ability(loc), seat, loc))


def _effect_task(effect: str, seat: int, loc: int) -> tuple:
    if effect in GAIN:
        return ("gain", seat, GAIN[effect])
    return {"place_marker_here": ("mark", seat, loc, 0), "draw_1": ("draw", seat, 1), "steal_item": ("steal", seat),
            "move_festival": ("festival", seat), "return_own_minion_to_hand": ("recall", seat, loc),
            "opponent_discards_1": ("discard", 1 - seat)}[effect]


def _use(s: HemlochState, seat: int, kind: int) -> None:
    item = s.data.items[kind]
    s.item_used = True  # HL-064, A12
    mine = s.w_items(seat)[kind]
    mine[0] -= 1  # HL-031, M6: using an Item turns it face down
    mine[1] += 1
    s.actions -= item.action_cost  # HL-065
    s.events.append(f"{who(seat)} uses a {ITEMS[kind]} ({item.ability}); it turns face down")
    if item.ability == "extra_action":
        s.actions += 1
    elif item.ability == "draw_2":
        _draw(s, seat, 2)
    else:
        s.tasks.insert(0, ("scepter", seat))


def _choose(s: HemlochState, seat: int, task: tuple, a: HLAction, cls: type) -> None:
    d = s.data
    if cls is Mark:
        loc = d.location_index(a.location)
        s.w_spaces(loc)[d.locations[loc].spaces.index((a.row, a.column))] = seat  # HL-078 / ability
        s.events.append(f"{who(seat)} places a Marker at {a.location} (row {a.row + 1}, column {a.column + 1})")
    elif cls is Festival:
        s.festival = d.location_index(a.location)
        s.events.append(f"{who(seat)} moves the Festival to {a.location}")
    elif cls is Steal:
        k = ITEMS.index(a.item)
        side = 0 if a.face_up else 1
        s.w_items(1 - seat)[k][side] -= 1  # HL-029, M6: a stolen Item keeps its facing
        s.w_items(seat)[k][side] += 1
        s.events.append(f"{who(seat)} takes a {'face-up' if a.face_up else 'face-down'} {a.item} from {who(1 - seat)}")
    elif cls is Recall or cls is Retreat:
        loc, card = d.location_index(a.location), d.minion_index(a.card)
        s.w_side(loc, seat).remove(card)
        if cls is Recall:
            s.w_hand(seat).append(card)
            s.events.append(f"{who(seat)} takes {a.card} back from {a.location} into hand")
        else:
            s.w_discards(seat).append(card)  # HL-069
            s.events.append(f"{who(seat)} retreats {a.card} from {a.location} to the discard pile")
            if task[3] > 1:
                s.tasks.insert(0, ("retreat", seat, loc, task[3] - 1))
    elif cls is Move:
        card = d.minion_index(a.card)
        s.w_side(d.location_index(a.source), seat).remove(card)
        s.w_side(d.location_index(a.target), seat).append(card)
        s.events.append(f"{who(seat)}'s Scepter moves {a.card} from {a.source} to {a.target}")
    elif cls is Swap:
        _swap(s, d.location_index(a.location))
    elif cls is Keep:
        _keep(s, seat, d.minion_index(a.card))


def _swap(s: HemlochState, loc: int) -> None:
    d, k = s.data, len(s.data.week)
    night = next(c for c in s.week_deck if c < k and d.week_location(c) == loc)
    week_deck = s.w_list("week_deck")
    week_deck.remove(night)
    s.w_list("boxed").append(night)  # HL-072
    s.w_list("day_supply").remove(night + k)
    week_deck.append(night + k)  # HL-071
    week_deck.sort()
    s.events.append(f"{who(s.start)} swaps {d.week_name(night)} for {d.week_name(night + k)}; the Night leaves the game")


# -- the engine's own steps ---------------------------------------------------------------------------
def advance(s: HemlochState) -> None:
    """Run every step nobody chooses in, until a choice, a Week card to reveal, or the end."""
    while s.stage != "over":
        if s.tasks:
            task = s.tasks[0]
            if task[0] in CHOICE_TASKS:
                options = choice_options(s, task)
                if options:
                    s._legal = options  # the legal moves of the state this transition makes
                    return
                s.tasks.pop(0)
                s.events.append(f"{who(task[1])} cannot carry out '{task[0]}': skipped (A9, A7)")
                continue
            s.tasks.pop(0)
            _auto(s, task)
            continue
        if s.stage == "turn":
            if s.actions > 0:
                return
            _end_turn(s)  # HL-066
        elif s.stage == "reveal":
            return
        elif s.stage == "day_check":
            _end_step(s)
        elif s.stage == "weeks_end_check":
            _retreat(s)
        elif s.stage == "retreat":
            _draw_up(s)
        elif s.stage == "swap":
            _next_week(s)
        elif s.stage == "draft":
            _next_pack(s)


def _auto(s: HemlochState, task: tuple) -> None:
    name, d = task[0], s.data
    if name == "draw":
        got = _draw(s, task[1], task[2])
        s.events.append(f"{who(task[1])} draws {got} card(s)")
    elif name == "gain":
        _gain(s, task[1], task[2])
    elif name == "discard":
        if s.hands[task[1]]:
            hand = s.w_hand(task[1])
            card = hand.pop(s._random_index(len(hand)))
            s.w_discards(task[1]).append(card)
            s.events.append(f"{who(task[1])} discards {d.minions[card].name} at random")
    elif name == "influence":
        _influence(s, task[1])


def _gain(s: HemlochState, seat: int, kind: int) -> None:
    if s.supply[kind]:
        s.w_list("supply")[kind] -= 1
        s.w_items(seat)[kind][0] += 1  # HL-029: new Items come face up (M6)
        s.events.append(f"{who(seat)} gains a {ITEMS[kind]}")
    elif s.items[seat][kind][1]:  # HL-033: none left, so one of yours turns face up
        mine = s.w_items(seat)[kind]
        mine[1] -= 1
        mine[0] += 1
        s.events.append(f"No {ITEMS[kind]} is left: {who(seat)} turns one of theirs face up (HL-033)")


def _influence(s: HemlochState, loc: int) -> None:
    """HL-074..HL-080 at one Location: the higher total places a Marker; a tie, both (Start Player first)."""
    a, b = s.influence(loc, s.start), s.influence(loc, s.other)
    s.events.append(f"Influence at {s.data.locations[loc].name}: {who(s.start)} {a}, {who(s.other)} {b}")
    if a != b:
        s.tasks.insert(0, ("mark", s.start if a > b else s.other, loc, 1))  # HL-078
    elif a > 0 or s.zero_tie_places:  # HL-080; A8: a 0-0 tie places nothing by default
        s.tasks[0:0] = [("mark", s.start, loc, 1), ("mark", s.other, loc, 1)]


def _end_turn(s: HemlochState) -> None:
    if s.active == s.start:
        _begin_turn(s, s.other)  # HL-051
    elif s.data.is_day(s.revealed[-1]):  # HL-053
        s.stage, s.active = "day_check", -1
        s.tasks.extend(("influence", loc) for loc in s.check_order())  # HL-075, HL-079
    else:
        _end_step(s)


def end_conditions(s: HemlochState) -> list[str]:
    """HL-043..HL-047: the end conditions that hold now."""
    ended = []
    if any(s.markers_left(seat) == 0 for seat in (0, 1)):
        ended.append("HL-043")
    if sum(not s.empty_spaces(loc) for loc in range(len(s.spaces))) >= 2:
        ended.append("HL-044")
    if not any(s.supply):
        ended.append("HL-045")
    if any(not deck for deck in s.decks):
        ended.append("HL-046")
    if s.days_in_week_deck() == len(s.data.week):
        ended.append("HL-047")
    return ended


def _check_end(s: HemlochState) -> bool:
    ended = end_conditions(s)  # HL-042, HL-081
    if ended:
        s.stage, s.active, s.tasks, s.ended = "over", -1, [], ended
        s.events.append("The game ends (" + ", ".join(ended) + ")")
    return bool(ended)


def _end_step(s: HemlochState) -> None:
    s.active = -1
    if _check_end(s):  # HL-042
        return
    if s.week_deck:
        s.stage = "reveal"  # HL-052
        return
    s.week_deck, s.revealed = sorted(s.revealed), []  # HL-067: Week's End; A5: gathered for the reshuffle
    s.stage = "weeks_end_check"  # HL-068
    s.events.append(f"Week {s.week} ends: Influence Check")
    s.tasks.extend(("influence", loc) for loc in s.check_order())


def _retreat(s: HemlochState) -> None:
    s.stage = "retreat"  # HL-069, A11: the Start Player first
    for seat in (s.start, s.other):
        for loc in s.check_order():
            half = len(s.board[loc][seat]) // 2
            if half:
                s.tasks.append(("retreat", seat, loc, half))


def _draw_up(s: HemlochState) -> None:
    for seat in (s.start, s.other):  # HL-070
        got = _draw(s, seat, max(0, 2 - len(s.hands[seat])))
        if got:
            s.events.append(f"{who(seat)} draws {got} card(s) up to 2")
    s.stage = "swap"
    s.tasks.append(("swap", s.start))  # HL-071


def _next_week(s: HemlochState) -> None:
    s.start = s.other  # HL-073
    s.week += 1
    s.events.append(f"{who(s.start)} is the Start Player of Week {s.week}")
    if s.end_after_weeks_end and _check_end(s):  # A2, A3
        return
    s.stage = "reveal"


# -- the Draft variant ----------------------------------------------------------------------------------
def deal_packs(s: HemlochState) -> None:
    """HL-089: each player draws 6 cards from the shuffled pool."""
    pool, packs = s.w_list("pool"), s.w_list("packs")
    for seat in (s.start, s.other):
        packs[seat] = [pool.pop() for _ in range(DRAFT_PACK)]
    s.tasks.append(("keep", s.start))


def _keep(s: HemlochState, seat: int, card: int) -> None:
    s.w_pack(seat).remove(card)
    s.w_kept(seat).append(card)  # HL-090
    s.events.append(f"{who(seat)} keeps a card")
    if seat == s.start:
        s.tasks.append(("keep", s.other))


def _next_pack(s: HemlochState) -> None:
    s.packs = [list(s.packs[1]), list(s.packs[0])]  # HL-090: the rest pass to the other player (fresh lists)
    if s.packs[0]:
        s.tasks.append(("keep", s.start))
    elif s.draft_round < DRAFT_ROUNDS:  # HL-091, A4
        s.draft_round += 1
        deal_packs(s)
    else:
        finish_setup(s, [s.kept[0], s.kept[1]])
        s.kept = [[], []]


def finish_setup(s: HemlochState, decks: list[list[int]]) -> None:
    """HL-010: each player shuffles their deck and draws 5; then the first Week card is revealed."""
    hands, own_decks = s.w_list("hands"), s.w_list("decks")
    for seat in (0, 1):
        deck = s._shuffled(decks[seat])
        n = s.data.opening_hand
        hands[seat], own_decks[seat] = deck[-n:][::-1], deck[:-n]
    s.stage = "reveal"
