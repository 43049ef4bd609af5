"""Transitions: what each action does to the successor the core hands over (never the state it came from),
said in words as it happens (`state.say`), then the flow the engine runs by itself (free draws, ability
effects with nothing to choose, Influence totals, the Week's End steps, the end check) until the next
choice, chance event or the end. The core dispatches by action class (HANDLERS). Rule IDs sit next to each
effect.

Copy on write: a container is changed in place only after `s.own(field)` (a flat list) or
`s.own_item(field, key)` (one row: a seat's hand, a Location's sides or Marker row, a seat's Items).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hench.core import seat_name

from .actions import Draw, Festival, Flip, HLAction, Keep, Mark, Move, Pass, Play, Recall, Retreat, Reveal, Steal, Swap, Use
from .data import ABILITY_NAMES, GAIN, ITEMS, LOCATIONS
from .legality import choice_options
from .state import CHOICE_TASKS, DRAFT_PACK, END_WORDS, PLAYERS, HemlochState, Task

DRAFT_ROUNDS = 5  # A4: 5 rounds of 6 picks make a 30-card deck
who = tuple(seat_name(seat) for seat in range(PLAYERS)).__getitem__  # seat -> 'Player 1' (read, not rebuilt, per line)
ONE = tuple((seat,) for seat in range(PLAYERS))  # the `seats` of a line about one seat (made once: playouts say many)

# An ability's pending step: (task name, whose: 0 the player's, 1 the other's, at the Location?, count)
EFFECT_STEPS = {
    "place_marker_here": ("mark", 0, True, 0), "draw_1": ("draw", 0, False, 1), "steal_item": ("steal", 0, False, 0),
    "move_festival": ("festival", 0, False, 0), "return_own_minion_to_hand": ("recall", 0, True, 0),
    "opponent_discards_1": ("discard", 1, False, 0),
    **{effect: ("gain", 0, False, kind) for effect, kind in GAIN.items()},
}
# The tasks themselves, made once (they are immutable): effect -> seat -> Location -> Task
EFFECT_TASKS = {effect: tuple(tuple(Task(name, seat ^ whose, loc if here else -1, n) for loc in range(LOCATIONS))
                              for seat in range(PLAYERS)) for effect, (name, whose, here, n) in EFFECT_STEPS.items()}
FLIP_TASKS = tuple(tuple(Task("flip", seat, n=kind) for kind in range(len(ITEMS))) for seat in range(PLAYERS))  # HL-033
CHECK_MARKS = tuple(tuple(Task("mark", seat, loc, 1) for loc in range(LOCATIONS)) for seat in range(PLAYERS))  # HL-078
INFLUENCE_CHECKS = tuple(tuple(Task("influence", loc=loc) for loc in (range(LOCATIONS) if start == 0 else reversed(range(LOCATIONS))))
                         for start in range(PLAYERS))  # HL-075, A6: check_order() of each Start Player


# -- chance ---------------------------------------------------------------------------------------------
def chance_outcomes(s: HemlochState) -> tuple[tuple[HLAction, Fraction], ...]:
    """HL-009, HL-050, A5: the top card of the shuffled Week deck is any unrevealed card, all equally likely."""
    return s.tables.chance(s.week_deck)


def reveal(s: HemlochState, a: Reveal) -> None:
    d = s.data
    reveals = s.tables.reveal
    card = next(c for c in s.week_deck if reveals[c] == a)
    s.own("week_deck").remove(card)
    s.own("revealed").append(card)  # HL-050
    s.festival = d.week_location(card)  # HL-038
    s.say(f"{who(s.start)} (Start Player) turns over {d.week_name(card)}; the Festival moves to "
          f"{d.locations[s.festival].name}", "HL-050", "HL-038", seats=ONE[s.start])
    _begin_turn(s, s.start)  # HL-051
    advance(s)


# -- the moves of a turn ----------------------------------------------------------------------------------
def draw(s: HemlochState, a: Draw) -> None:
    seat = s.active
    s.actions -= 1  # HL-056
    drawn = _draw(s, seat, 1)
    if drawn:
        s.say(f"{who(seat)} spends an Action to draw a card", "HL-056", seats=ONE[seat])
        _tell(s, seat, drawn, "HL-056")
    else:
        s.say(f"{who(seat)} spends an Action to draw, but the deck is empty: nothing is drawn", "HL-056", "A10",
              seats=ONE[seat])
    advance(s)


def pass_turn(s: HemlochState, a: Pass) -> None:
    seat = s.active
    s.say(f"{who(seat)} passes, leaving {_actions_word(s.actions)} untaken; the turn ends", "HL-055", seats=ONE[seat])
    s.actions = 0  # HL-055 (option may_pass)
    advance(s)


def _actions_word(n: int) -> str:
    return "1 Action" if n == 1 else f"{n} Actions"


def play(s: HemlochState, a: Play) -> None:
    d, seat = s.data, s.active
    card, loc = d.minion_index(a.card), d.location_index(a.location)
    s.own_item("hands", seat).remove(card)
    s.own_item("board", loc)[seat].append(card)  # HL-057, HL-059
    s.played = (*s.played, loc)  # HL-058
    s.actions -= 1  # HL-056
    minion = d.minions[card]
    s.say(f"{who(seat)} plays {minion.name} at {d.locations[loc].name}", "HL-057", "HL-022", seats=ONE[seat])
    tasks = [_effect_task(e, seat, loc) for e in minion.effects]  # HL-060
    if minion.faction == s.activating(loc):  # HL-061, HL-062: the Location's ability after the Minion's
        s.say(f"{minion.name}'s faction activates {d.locations[loc].name}'s ability", "HL-061", "HL-062", seats=ONE[seat])
        tasks.append(_effect_task(s.location_ability(loc), seat, loc))
    s.tasks = (*s.tasks, *tasks)
    advance(s)


def use(s: HemlochState, a: Use) -> None:
    seat, kind = s.active, ITEMS.index(a.item)
    item = s.data.items[kind]
    s.item_used = True  # HL-064, A12
    pair = s.own_item("items", seat)[kind]
    pair[0] -= 1  # HL-031, M6: using an Item turns it face down
    pair[1] += 1
    s.actions -= item.action_cost  # HL-065
    s.say(f"{who(seat)} uses a {ITEMS[kind]} ({ABILITY_NAMES[item.ability]}); it turns face down", "HL-031", "HL-064",
          seats=ONE[seat])
    if item.ability == "extra_action":
        s.actions += 1
    elif item.ability == "draw_2":
        drawn = _draw(s, seat, 2)
        s.say(f"{who(seat)} draws {_cards_word(len(drawn))}", "HL-031", *(() if drawn else ("A10",)), seats=ONE[seat])
        _tell(s, seat, drawn, "HL-031")
    else:
        s.tasks = (Task("scepter", seat), *s.tasks)
    advance(s)


def _effect_task(effect: str, seat: int, loc: int) -> Task:
    return EFFECT_TASKS[effect][seat][loc]


def _influence_checks(s: HemlochState) -> tuple[Task, ...]:
    """HL-075, A6: an Influence Check at every Location, in the order of the Start Player's checks."""
    return INFLUENCE_CHECKS[s.start]


# -- the choices an ability, a check or Week's End asks for ----------------------------------------------------
def _choice(s: HemlochState) -> Task:
    """The pending task the move carries out, taken off the list."""
    task, s.tasks = s.tasks[0], s.tasks[1:]
    return task


def mark(s: HemlochState, a: Mark) -> None:
    seat, d = _choice(s).seat, s.data
    loc = d.location_index(a.location)
    s.own_item("spaces", loc)[d.locations[loc].spaces.index((a.row, a.column))] = seat  # HL-078 / an ability
    s.say(f"{who(seat)} places a Marker at {a.location} (row {a.row + 1}, column {a.column + 1})", "HL-078", "HL-025",
          seats=ONE[seat])
    advance(s)


def festival(s: HemlochState, a: Festival) -> None:
    seat = _choice(s).seat
    s.festival = s.data.location_index(a.location)
    s.say(f"{who(seat)} moves the Festival to {a.location}", "HL-038", seats=ONE[seat])
    advance(s)


def steal(s: HemlochState, a: Steal) -> None:
    seat = _choice(s).seat
    k, side = ITEMS.index(a.item), 0 if a.face_up else 1
    s.own_item("items", 1 - seat)[k][side] -= 1  # HL-029, M6: a stolen Item keeps its facing
    s.own_item("items", seat)[k][side] += 1
    s.say(f"{who(seat)} takes a {'face-up' if a.face_up else 'face-down'} {a.item} from {who(1 - seat)}", "HL-029",
          seats=(seat, 1 - seat))
    advance(s)


def recall(s: HemlochState, a: Recall) -> None:
    seat, d = _choice(s).seat, s.data
    loc, card = d.location_index(a.location), d.minion_index(a.card)
    s.own_item("board", loc)[seat].remove(card)
    s.own_item("hands", seat).append(card)
    s.say(f"{who(seat)} takes {a.card} back from {a.location} into their hand", "HL-060", seats=ONE[seat])
    advance(s)


def retreat(s: HemlochState, a: Retreat) -> None:
    task = _choice(s)
    seat, d = task.seat, s.data
    loc, card = d.location_index(a.location), d.minion_index(a.card)
    s.own_item("board", loc)[seat].remove(card)
    s.own_item("discards", seat).append(card)  # HL-069
    s.say(f"{who(seat)} retreats {a.card} from {a.location} to the discard pile", "HL-069", seats=ONE[seat])
    if task.n > 1:
        s.tasks = (Task("retreat", seat, loc, task.n - 1), *s.tasks)
    advance(s)


def move(s: HemlochState, a: Move) -> None:
    seat, d = _choice(s).seat, s.data
    card = d.minion_index(a.card)
    s.own_item("board", d.location_index(a.source))[seat].remove(card)
    s.own_item("board", d.location_index(a.target))[seat].append(card)
    s.say(f"{who(seat)}'s Scepter moves {a.card} from {a.source} to {a.target}", "HL-031", seats=ONE[seat])
    advance(s)


def swap(s: HemlochState, a: Swap) -> None:
    _choice(s)
    d, k = s.data, len(s.data.week)
    loc = d.location_index(a.location)
    night = next(c for c in s.week_deck if c < k and d.week_location(c) == loc)
    week_deck = s.own("week_deck")
    week_deck.remove(night)
    s.own("boxed").append(night)  # HL-072
    s.own("day_supply").remove(night + k)
    week_deck.append(night + k)  # HL-071
    week_deck.sort()
    s.say(f"{who(s.start)} swaps {d.week_name(night)} for {d.week_name(night + k)}; the Night leaves the game",
          "HL-071", "HL-072", seats=ONE[s.start])
    advance(s)


def flip(s: HemlochState, a: Flip) -> None:
    seat, kind = _choice(s).seat, ITEMS.index(a.item)
    if a.up:  # HL-033
        pair = s.own_item("items", seat)[kind]
        pair[1] -= 1
        pair[0] += 1
        s.say(f"No {a.item} is left in the supply: {who(seat)} turns one of theirs face up", "HL-033", seats=ONE[seat])
    else:
        s.say(f"No {a.item} is left in the supply: {who(seat)} leaves theirs face down", "HL-033", seats=ONE[seat])
    advance(s)


def keep(s: HemlochState, a: Keep) -> None:
    seat = _choice(s).seat
    card = s.data.minion_index(a.card)
    s.own_item("packs", seat).remove(card)
    s.own_item("kept", seat).append(card)  # HL-090
    s.say(f"{who(seat)} keeps a card and passes the rest", "HL-090", seats=ONE[seat])
    s.say(f"{who(seat)} keeps {a.card}", "HL-090", seats=ONE[seat], to=ONE[seat])
    if seat == s.start:
        s.tasks = (*s.tasks, Task("keep", s.other))
    advance(s)


# -- the engine's own steps ---------------------------------------------------------------------------
def _begin_turn(s: HemlochState, seat: int) -> None:
    s.stage, s.active, s.actions, s.item_used, s.played = "turn", seat, s.data.actions, False, ()  # HL-055
    if not s.hands[seat]:  # HL-054
        drawn = _draw(s, seat, 1)
        if drawn:
            s.say(f"{who(seat)}'s hand is empty: a free draw", "HL-054", seats=ONE[seat])
            _tell(s, seat, drawn, "HL-054")
        else:
            s.say(f"{who(seat)}'s hand is empty, and so is the deck: no free draw", "HL-054", "A10", seats=ONE[seat])


def _draw(s: HemlochState, seat: int, n: int) -> list[int]:
    """Draw up to `n` cards, the cards drawn (A10: from an empty deck nothing is drawn and nothing is reshuffled)."""
    got = min(n, len(s.decks[seat]))
    if got <= 0:
        return []
    hand, deck = s.own_item("hands", seat), s.own_item("decks", seat)
    drawn = [deck.pop() for _ in range(got)]
    hand.extend(drawn)
    return drawn


def _tell(s: HemlochState, seat: int, drawn: list[int], rule: str) -> None:
    """The cards drawn, told to their drawer alone (the others read only how many, HL-010)."""
    if drawn:
        minions = s.data.minions
        s.say(f"you draw {' and '.join(minions[c].name for c in drawn)}", rule, seats=ONE[seat], to=ONE[seat])


def _cards_word(n: int) -> str:
    return "no card" if n == 0 else "1 card" if n == 1 else f"{n} cards"


SKIPPED = {  # a pending choice that cannot be carried out (A9: done as far as possible, the rest skipped)
    "mark": ("{who} places no Marker at {loc}: no Influence Space there is empty", ("A7", "A9")),
    "mark, none left": ("{who} places no Marker at {loc}: all of their Markers are placed", ("A7", "A9")),
    "festival": ("{who} cannot move the Festival: there is no other Location", ("A9",)),
    "steal": ("{who} steals nothing: {other} has no Item", ("HL-029", "A9")),
    "recall": ("{who} takes no Minion back: they have no other Minion on the Locations", ("A9",)),
    "scepter": ("{who}'s Scepter moves nothing: none of their Minions can move", ("HL-031", "A9")),
    "retreat": ("{who} has no Minion left to retreat at {loc}", ("HL-069",)),
    "swap": ("{who} swaps nothing: the Week deck holds no Night", ("HL-071", "A9")),
    "keep": ("{who} keeps nothing: their pack is empty", ("HL-090",)),
    "flip": ("{who} has no face-down Item of that kind to turn up", ("HL-033",)),
}


def _skip(s: HemlochState, task: Task) -> None:
    text, rules = SKIPPED["mark, none left" if task.name == "mark" and not s.markers_left(task.seat) else task.name]
    where = s.data.locations[task.loc].name if task.loc >= 0 else ""
    s.say(text.format(who=who(task.seat), other=who(1 - task.seat), loc=where), *rules, seats=ONE[task.seat])


def advance(s: HemlochState) -> None:
    """Run every step nobody chooses in, until a choice, a Week card to reveal, or the end."""
    while s.stage != "over":
        tasks = s.tasks
        if tasks:
            task = tasks[0]
            if task.name in CHOICE_TASKS:
                options = choice_options(s, task)
                if options:
                    s.choice_moves = options  # the legal moves of this state (a cache, see HemlochState.choice_moves)
                    return
                s.tasks = tasks[1:]
                _skip(s, task)
            else:
                s.tasks = tasks[1:]
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


def _auto(s: HemlochState, task: Task) -> None:
    name, seat = task.name, task.seat
    if name == "draw":
        drawn = _draw(s, seat, task.n)
        s.say(f"{who(seat)} draws {_cards_word(len(drawn))}", "HL-060", *(() if drawn else ("A10",)), seats=ONE[seat])
        _tell(s, seat, drawn, "HL-060")
    elif name == "gain":
        _gain(s, seat, task.n)
    elif name == "discard":
        if s.hands[seat]:
            hand = s.own_item("hands", seat)
            card = hand.pop(s._random_index(len(hand)))
            s.own_item("discards", seat).append(card)
            s.say(f"{who(seat)} discards {s.data.minions[card].name} at random", "HL-060", seats=ONE[seat])
        else:
            s.say(f"{who(seat)} has no card in hand to discard", "HL-060", "A9", seats=ONE[seat])
    elif name == "influence":
        _influence(s, task.loc)


def _gain(s: HemlochState, seat: int, kind: int) -> None:
    if s.supply[kind]:
        s.own("supply")[kind] -= 1
        s.own_item("items", seat)[kind][0] += 1  # HL-029: new Items come face up (M6)
        s.say(f"{who(seat)} gains a {ITEMS[kind]}", "HL-029", seats=ONE[seat])
    elif s.items[seat][kind][1]:  # HL-033: none left, so the player may turn one of theirs face up
        s.tasks = (FLIP_TASKS[seat][kind], *s.tasks)
    else:
        s.say(f"No {ITEMS[kind]} is left in the supply and {who(seat)} has none face down: nothing is gained",
              "HL-033", "A9", seats=ONE[seat])


def _influence(s: HemlochState, loc: int) -> None:
    """HL-074..HL-080 at one Location: the higher total places a Marker; a tie, both (Start Player first)."""
    a, b = s.influence(loc, s.start), s.influence(loc, s.other)
    s.say(f"Influence at {s.data.locations[loc].name}: {who(s.start)} {a}, {who(s.other)} {b}", "HL-076", "HL-077")
    if a != b:
        s.tasks = (CHECK_MARKS[s.start if a > b else s.other][loc], *s.tasks)  # HL-078
    elif a > 0 or s.zero_tie_places:  # HL-080; A8: a 0-0 tie places nothing by default
        s.tasks = (CHECK_MARKS[s.start][loc], CHECK_MARKS[s.other][loc], *s.tasks)


def _end_turn(s: HemlochState) -> None:
    if s.active == s.start:
        _begin_turn(s, s.other)  # HL-051; HL-041: both players take a turn in each step
    elif s.data.is_day(s.revealed[-1]):  # HL-053
        s.stage, s.active = "day_check", -1
        s.say("After a Day: an Influence Check at every Location", "HL-053", "HL-075")
        s.tasks = (*s.tasks, *_influence_checks(s))  # HL-075, HL-079
    else:
        _end_step(s)


def end_conditions(s: HemlochState) -> list[str]:
    """HL-043..HL-047: the end conditions that hold now."""
    ended = []
    if any(s.markers_left(seat) == 0 for seat in (0, 1)):
        ended.append("HL-043")
    if s.full_locations() >= 2:
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
        s.stage, s.active, s.tasks, s.ended = "over", -1, (), ended
        s.say("The game ends: " + " and ".join(END_WORDS[rule] for rule in ended) + " (" + ", ".join(ended) + ")", "HL-042", *ended)
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
    s.say(f"Week {s.week} ends: an Influence Check at every Location", "HL-067", "HL-068", "HL-049")
    s.tasks = (*s.tasks, *_influence_checks(s))


def _retreat(s: HemlochState) -> None:
    s.stage = "retreat"  # HL-069, A11: the Start Player first
    for seat in (s.start, s.other):
        for loc in s.check_order():
            half = len(s.board[loc][seat]) // 2
            if half:
                s.tasks = (*s.tasks, Task("retreat", seat, loc, half))


def _draw_up(s: HemlochState) -> None:
    for seat in (s.start, s.other):  # HL-070
        drawn = _draw(s, seat, max(0, 2 - len(s.hands[seat])))
        if drawn:
            s.say(f"{who(seat)} draws {_cards_word(len(drawn))} up to 2", "HL-070", seats=ONE[seat])
            _tell(s, seat, drawn, "HL-070")
    s.stage = "swap"
    s.tasks = (*s.tasks, Task("swap", s.start))  # HL-071


def _next_week(s: HemlochState) -> None:
    if s.end_after_weeks_end and _check_end(s):  # A2, A3: checked as Week's End closes, before a new Week starts
        return
    s.start = s.other  # HL-073
    s.week += 1
    s.say(f"{who(s.start)} is the Start Player of Week {s.week}", "HL-073", "HL-041", seats=ONE[s.start])
    s.stage = "reveal"


# -- the Draft variant ----------------------------------------------------------------------------------
def deal_packs(s: HemlochState) -> None:
    """HL-089: each player draws 6 cards from the shuffled pool."""
    pool, packs = s.own("pool"), s.own("packs")
    for seat in (s.start, s.other):
        packs[seat] = [pool.pop() for _ in range(DRAFT_PACK)]
    s.tasks = (*s.tasks, Task("keep", s.start))


def _next_pack(s: HemlochState) -> None:
    s.packs = [list(s.packs[1]), list(s.packs[0])]  # HL-090: the rest pass to the other player (fresh lists)
    if s.packs[0]:
        s.tasks = (*s.tasks, Task("keep", s.start))
    elif s.draft_round < DRAFT_ROUNDS:  # HL-091, A4
        s.draft_round += 1
        s.say(f"Draft round {s.draft_round}: each player takes a pack of {DRAFT_PACK} cards", "HL-089", "HL-091")
        deal_packs(s)
    else:
        finish_setup(s, [s.kept[0], s.kept[1]])
        s.kept = [[], []]
        s.say("The Draft is over: each player shuffles the 30 cards kept and draws 5", "HL-091", "HL-010")


def finish_setup(s: HemlochState, decks: list[list[int]]) -> None:
    """HL-010: each player shuffles their deck and draws 5; then the first Week card is revealed."""
    hands, own_decks = s.own("hands"), s.own("decks")
    for seat in (0, 1):
        deck = s._shuffled(decks[seat])
        n = s.data.opening_hand
        hands[seat], own_decks[seat] = deck[-n:][::-1], deck[:-n]
    s.stage = "reveal"


HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    Reveal: reveal, Draw: draw, Play: play, Use: use, Mark: mark, Festival: festival, Steal: steal, Recall: recall,
    Retreat: retreat, Move: move, Swap: swap, Keep: keep, Flip: flip, Pass: pass_turn,
}
