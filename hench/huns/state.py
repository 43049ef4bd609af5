"""The Huns position: its fields, declared once (hench.core.FieldState builds clone, copy-on-write successor,
save and checked load from them). No rules here: they are in legality.py and transitions.py, reached through
the `Game` record.

Decks, the Wagon deck and the display are tuples (never changed in place, so successors share them); the
flat lists (`reserve`, `dice`, ...) are owned (`state.own("reserve")`) and each Camp is a row owned alone
(`state.own_item("camps", seat)`) before a transition changes them. Inside the state an absent colour,
card, Wagon or seat is -1 (fast integer fields); the save writes them as null, and cards and Wagons by
their ids in the save's data. The options and the turn in progress are the save's `options` and
`turn_state` objects.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from hench.core import CHANCE, InvalidStateError
from hench.core.fields import LIST, ROWS, Field, Fields, FieldState, data_field
from hench.core.schema import Reader, check_int, check_str

from .data import BLACK, COLOURS, LETTERS, RED, HunsData, HunsDataError, data_from_document, default_data
from .phases import CHANCE_PHASES, PHASES

CUBES_PER_COLOUR = 24  # HU-007
RESERVE_BY_PLAYERS = {2: 20, 3: 22, 4: 24}  # HU-019, HU-030
SLOTS = 2  # HU-025: two active Wagons
DISPLAY = 4  # HU-021: four face-up Wagons
DICE = 5
TURNS_PER_ROUND = 5  # HU-031

PHASE_IDS = PHASES.ids
RESUMES = ("setup", "turn_take_die", "turn_choose_action", "pillage_choose_destination", "pillage_place", "turn_after_window")
PAUSING = ("pillage_choose_destination", "pillage_place")  # HU-072: a Raid interrupting a Pillage sets its cubes aside
RAID_STEPS = ("pillage_choose_destination", "pillage_place", "wagon_replace", "draw_choose_card", "curse_choose_target",
              "curse_flee_decision")  # where a Raid's own Pillage or Draw can be while the interrupted cubes wait
NO_CUBES = (0, 0, 0, 0, 0)
# The round is a clock (issue 31): the game ends at the end of the round in which a Reserve or a deck runs out
# (HU-038, HU-039), and random play (400 games, 2-4 players) never passed round 25, but no rule bounds the rounds
# and no round number makes a move or costs time to load: it keeps a wide bound, so that every position played
# on from a save it accepts reloads (a bound of 999 was passed from a save at round 999).
MAX_ROUNDS = 10_000
ORDERS = ("draw", "pillage")


class Camp:
    """One player's Camp (HU-026): active Wagons and their loads, dispatched Wagons, Stash, cards."""

    __slots__ = ("cards", "cubes", "dispatched", "fled", "fx", "loads", "stash", "used", "wagons")

    def __init__(self, wagons: list[int], loads: list[list[int]], dispatched: list[int], stash: list[int],
                 cards: list[int], cubes: dict[int, list[int]], fled: list[int], used: list[int]):
        self.wagons = wagons  # wagon index per slot, -1 for an empty slot (A11)
        self.loads = loads  # per slot, per space: the cube colour on it or -1
        self.dispatched = dispatched
        self.stash = stash  # cube count per colour (HU-063)
        self.cards = cards  # cards in the Camp in the order they arrived (HU-079)
        self.cubes = cubes  # Mercenary / Curse -> colours of the cubes on it
        self.fled = fled  # fled Curses, face down (HU-094)
        self.used = used  # rotated Raids (HU-085) and used Bodyguards
        self.fx: Counter[tuple[str, int]] | None = None  # cached live effects (effects.live_effects)

    def copy(self) -> Camp:
        """A copy to write to (`own_item` makes it). The effect cache is kept: whoever changes cards, cubes on
        cards or fled Curses must reset `fx` (see transitions.py)."""
        new = Camp(list(self.wagons), [list(x) for x in self.loads], list(self.dispatched), list(self.stash),
                   list(self.cards), {k: list(v) for k, v in self.cubes.items()}, list(self.fled), list(self.used))
        new.fx = self.fx
        return new

    def cube_counts(self) -> list[int]:
        """Cubes per colour anywhere in this Camp (Wagons, Stash, cards)."""
        out = list(self.stash)
        for load in self.loads:
            for c in load:
                if c >= 0:
                    out[c] += 1
        for cubes in self.cubes.values():
            for c in cubes:
                out[c] += 1
        return out


# -- reading a saved state (every problem is an InvalidStateError naming the field) -----------------
def _ids(ids: dict[str, int], what: str) -> Callable[[object, str], int]:
    names = list(ids)
    allowed = f"one of the {len(names)} {what} ids of the save's data ({names[0]} .. {names[-1]})" if names else f"a {what} id"

    def read(v: object, path: str) -> int:
        if not isinstance(v, str) or v not in ids:
            raise InvalidStateError(f"{path} should be {allowed}, got {v!r}")
        return ids[v]
    return read


def _card(s: HunsState) -> Callable[[object, str], int]:
    return _ids(s.data.card_ids, "card")


def _wagon(s: HunsState) -> Callable[[object, str], int]:
    return _ids(s.data.wagon_ids, "wagon")


def _cubes(v: object, path: str) -> int:
    return check_int(v, path, 0, CUBES_PER_COLOUR)


def _read_seat(key: str) -> Callable[[Reader, HunsState], int]:
    return lambda r, s: r.int(key, 0, s.n - 1)


def _read_colour(key: str) -> Callable[[Reader, HunsState], int]:
    def read(r: Reader, s: HunsState) -> int:
        v = r.raw(key)
        return -1 if v is None else COLOURS.index(check_str(v, f"{r.where}.{key}", COLOURS))
    return read


def _read_card_or_none(key: str) -> Callable[[Reader, HunsState], int]:
    def read(r: Reader, s: HunsState) -> int:
        v = r.raw(key)
        return -1 if v is None else _card(s)(v, f"{r.where}.{key}")
    return read


def _read_decks(r: Reader, s: HunsState) -> list[tuple[int, ...]]:
    decks, card = r.obj("decks"), _card(s)
    out = [tuple(decks.list(c, card)) for c in COLOURS]
    decks.done()
    return out


def _read_paused(r: Reader, s: HunsState) -> tuple[int, ...]:
    """Written only while a Raid interrupts a Pillage (HU-072), so saves from before it read back whole."""
    if not r.optional("paused"):
        return NO_CUBES
    paused = tuple(r.list("paused", _cubes, 5, 5))
    if not any(paused):
        raise r.fail("paused", "is written only while a Raid interrupts a Pillage, with the cubes set aside; leave it out otherwise")
    return paused


def _read_camp(s: HunsState, v: object, path: str) -> Camp:
    r = Reader(v, path)
    card, wagon = _card(s), _wagon(s)
    slots: list[object] = r.list("wagons", None, SLOTS, SLOTS)
    wagons, loads = [], []
    for i, slot in enumerate(slots):
        w, load = _read_slot(s, slot, f"{path}.wagons[{i}]", wagon)
        wagons.append(w)
        loads.append(load)
    cubes_raw = r.obj("cubes")
    cubes = {card(k, f"{path}.cubes"): _letters(cubes_raw.str(k), f"{path}.cubes.{k}") for k in list(cubes_raw.data)}
    cubes_raw.done()
    camp = Camp(wagons, loads, r.list("dispatched", wagon), r.list("stash", _cubes, 5, 5),
                r.list("cards", card), cubes, r.list("fled", card), r.list("used", card))
    r.done()
    return camp


def _read_slot(s: HunsState, slot: object, path: str, wagon: Callable[[object, str], int]) -> tuple[int, list[int]]:
    if slot is None:
        return -1, []
    r = Reader(slot, path)
    w = wagon(r.raw("id"), f"{path}.id")
    text = r.str("load")
    spaces = s.data.wagons[w].spaces
    _letters(text.replace(".", ""), f"{path}.load")
    load = [-1 if ch == "." else LETTERS.index(ch) for ch in text]
    if len(load) != len(spaces) or all(x >= 0 for x in load):
        raise InvalidStateError(f"{path}.load {text!r} does not fit Wagon {s.wagon_id(w)} ({len(spaces)} spaces, never full)")
    r.done()
    return w, load


def _letters(text: str, path: str) -> list[int]:
    if any(ch not in LETTERS for ch in text):
        raise InvalidStateError(f"{path} should be cube letters from {LETTERS!r}, got {text!r}")
    return [LETTERS.index(ch) for ch in text]


# -- the save's forms -----------------------------------------------------------------------------
def _colour_name(c: int) -> str | None:
    return COLOURS[c] if c >= 0 else None


def _card_ids(cards: tuple[int, ...], s: HunsState) -> list[str]:
    return [s.card_id(x) for x in cards]


def _card_or_none(card: int, s: HunsState) -> str | None:
    return s.card_id(card) if card >= 0 else None


def _save_camp(camp: Camp, s: HunsState) -> dict[str, Any]:
    wagons = [None if w < 0 else {"id": s.wagon_id(w), "load": "".join(LETTERS[c] if c >= 0 else "." for c in load)}
              for w, load in zip(camp.wagons, camp.loads)]
    return {
        "wagons": wagons, "dispatched": [s.wagon_id(w) for w in camp.dispatched], "stash": list(camp.stash),
        "cards": [s.card_id(c) for c in camp.cards],
        "cubes": {s.card_id(c): "".join(LETTERS[x] for x in v) for c, v in camp.cubes.items()},
        "fled": [s.card_id(c) for c in camp.fled], "used": [s.card_id(c) for c in camp.used],
    }


def _option(name: str, key: str, read: Callable[[Reader, HunsState], Any]) -> Field:
    return Field(name, key=key, group="options", read=read)


def _turn(name: str, read: Callable[[Reader, HunsState], Any], **how: Any) -> Field:
    """A field of the turn in progress (the save's `turn_state`)."""
    return Field(name, group="turn_state", read=read, **how)


FIELDS = Fields(
    Field("n", key="players", read=lambda r, s: r.int("players", 2, 4)),
    data_field(default_data, data_from_document, HunsDataError),  # the builtin placeholders (null) or a person's own file
    _option("strict", "strict_pillage_use", lambda r, s: r.bool("strict_pillage_use")),  # A5
    _option("bonus_dest", "setup_bonus_destination", lambda r, s: r.str("setup_bonus_destination", ("wagons", "stash"))),  # A1
    _option("raid_same_turn", "raid_same_turn", lambda r, s: r.bool("raid_same_turn")),  # A8
    _option("bonus_colours", "setup_bonus_colours", lambda r, s: r.str("setup_bonus_colours", ("any", "fitting"))),
    Field("rng", read=lambda r, s: r.int("rng", 0, 2**64 - 1)),
    Field("round", read=lambda r, s: r.int("round", 1, MAX_ROUNDS)),
    Field("turn", read=lambda r, s: r.int("turn", 0, TURNS_PER_ROUND - 1)),
    Field("first", read=_read_seat("first")),
    Field("start_seat", read=_read_seat("start_seat")),
    Field("active", read=_read_seat("active")),
    Field("phase", read=lambda r, s: r.str("phase", PHASE_IDS)),
    Field("decks", LIST, read=_read_decks,
          save_with=lambda decks, s: {COLOURS[c]: _card_ids(deck, s) for c, deck in enumerate(decks)}),
    Field("removed", read=lambda r, s: tuple(r.list("removed", _card(s))), save_with=_card_ids),
    Field("reserve", LIST, read=lambda r, s: r.list("reserve", _cubes, 5, 5)),
    Field("wagon_deck", read=lambda r, s: tuple(r.list("wagon_deck", _wagon(s))),
          save_with=lambda deck, s: [s.wagon_id(x) for x in deck]),
    Field("display", read=lambda r, s: tuple(r.list("display", lambda v, p: -1 if v is None else _wagon(s)(v, p), DISPLAY, DISPLAY)),
          save_with=lambda display, s: [s.wagon_id(x) if x >= 0 else None for x in display]),
    Field("dice", LIST, read=lambda r, s: r.list("dice", lambda v, p: check_int(v, p, 0, 6), DICE, DICE)),  # 0: not rolled yet
    Field("taken", LIST, read=lambda r, s: r.list("taken", lambda v, p: -1 if v is None else check_int(v, p, 0, s.n - 1), DICE, DICE),
          save=lambda taken: [t if t >= 0 else None for t in taken]),  # the seat that took each die, -1 in the pool
    _turn("die", _read_colour("die"), save=_colour_name),
    _turn("value", lambda r, s: r.int("value", 0, 30)),
    _turn("action_done", lambda r, s: r.bool("action_done")),
    _turn("raid_done", lambda r, s: r.bool("raid_done")),
    _turn("reroll_done", lambda r, s: r.bool("reroll_done")),
    # one cube a turn per wild-cube card in the Camp (HU-057, HU-077): at most one per card of the game
    _turn("wild_used", lambda r, s: r.int("wild_used", 0, len(s.data.cards))),
    _turn("resume", lambda r, s: r.str("resume", RESUMES)),  # where the turn goes on after a Draw, Pillage, Raid or setup bonus
    _turn("holding", lambda r, s: r.list("holding", _cubes, 5, 5), copy=LIST),
    _turn("paused", _read_paused, omit=lambda paused: not any(paused)),  # HU-072
    _turn("hand", lambda r, s: tuple(r.list("hand", _card(s), 0, 60)), save_with=_card_ids),
    _turn("hand_deck", _read_colour("hand_deck"), save=_colour_name),
    _turn("curse", _read_card_or_none("curse"), save_with=_card_or_none),
    _turn("curse_from", _read_seat("curse_from")),
    _turn("curse_to", _read_seat("curse_to")),
    _turn("sent_back", lambda r, s: r.bool("sent_back")),
    _turn("replace_slot", lambda r, s: r.int("replace_slot", -1, SLOTS - 1)),
    _turn("reroll", _read_colour("reroll"), save=_colour_name),
    _turn("setup_queue", lambda r, s: tuple(r.list("setup_queue", lambda v, p: check_int(v, p, 0, s.n - 1), 0, 2))),
    _turn("played", _read_card_or_none("played"), save_with=_card_or_none),
    _turn("order_for", lambda r, s: None if r.raw("order_for") is None else r.str("order_for", ORDERS)),
    Field("camps", ROWS, read=lambda r, s: r.list("camps", lambda v, p: _read_camp(s, v, p), s.n, s.n),
          save_with=lambda camps, s: [_save_camp(c, s) for c in camps]),
)


_ACTOR = {**dict.fromkeys(CHANCE_PHASES, "dice"), "curse_flee_decision": "target", "game_over": "nobody"}  # else: `active`


class HunsState(FieldState):
    """A Huns position. Use `hench.get_game("huns").new_game(players=3, seed=1)` to make one."""

    FIELDS = FIELDS
    # Inside the state an absent colour, card, Wagon or slot is -1 (see the module docstring).
    data: HunsData
    n: int
    # options
    strict: bool
    bonus_dest: str
    raid_same_turn: bool
    bonus_colours: str
    # the table
    round: int
    turn: int
    first: int
    start_seat: int
    active: int
    decks: list[tuple[int, ...]]
    removed: tuple[int, ...]
    reserve: list[int]
    wagon_deck: tuple[int, ...]
    display: tuple[int, ...]
    dice: list[int]  # 0: not rolled yet
    taken: list[int]  # seat that took each die, -1 in the pool
    # the turn
    die: int
    value: int
    action_done: bool
    raid_done: bool
    reroll_done: bool
    wild_used: int
    resume: str  # one of RESUMES: where the turn goes on after a Draw, Pillage, Raid or setup bonus
    holding: list[int]
    paused: tuple[int, ...]
    hand: tuple[int, ...]
    hand_deck: int
    curse: int
    curse_from: int
    curse_to: int
    sent_back: bool
    replace_slot: int
    reroll: int
    setup_queue: tuple[int, ...]
    played: int
    order_for: str | None
    camps: list[Camp]

    @property
    def current_player(self) -> int | None:  # type: ignore[override]  # core State declares a plain attribute; it follows the phase here
        actor = _ACTOR.get(self.phase)
        if actor is None:
            return self.active  # the players' own phases, the most frequent
        if actor == "target":
            return self.curse_to
        return CHANCE if actor == "dice" else None

    @property
    def is_terminal(self) -> bool:
        return self.phase == "game_over"

    @property
    def num_players(self) -> int:
        return self.n

    # -- identifiers ---------------------------------------------------------------------------
    def card_id(self, card: int) -> str:
        return self.data.cards[card].id

    def wagon_id(self, wagon: int) -> str:
        return self.data.wagons[wagon].id

    # -- counting helpers used by tests and the consistency check ------------------------------
    def cube_totals(self) -> list[int]:
        """Cubes per colour in the game: Reserve + Camps + cubes in hand or set aside. Constant (HU-020)."""
        out = [a + b + c for a, b, c in zip(self.reserve, self.holding, self.paused)]
        for camp in self.camps:
            out = [a + b for a, b in zip(out, camp.cube_counts())]
        return out

    def card_locations(self) -> list[int]:
        """Every card index once per place it sits (decks, hand, pending Curse, Camps, removed)."""
        out = [x for deck in self.decks for x in deck] + list(self.hand) + list(self.removed)
        if self.curse >= 0:
            out.append(self.curse)
        for camp in self.camps:
            out += camp.cards
        return out

    def wagon_locations(self) -> list[int]:
        out = list(self.wagon_deck) + [w for w in self.display if w >= 0]
        for camp in self.camps:
            out += [w for w in camp.wagons if w >= 0] + camp.dispatched
        return out


def validate_state(s: HunsState) -> None:
    """The invariants a save must keep: conservation of cubes, cards and Wagons, and the links
    between the turn's fields. Raises InvalidStateError naming the field path (as in the save,
    from `state`) and what is allowed there."""
    _check_cubes(s)
    _check_places(s, "card", _card_places(s), len(s.data.cards), s.card_id,
                  "one of state.decks, state.removed, state.turn_state.hand or .curse, or a state.camps[i].cards")
    want = [i for i, c in enumerate(s.data.cards) if c.min_players > s.n]
    if sorted(s.removed) != want:
        raise InvalidStateError(f"state.removed is {[s.card_id(x) for x in s.removed]}; with {s.n} players it must hold exactly "
                                f"the cards marked for more players: {[s.card_id(x) for x in want]} (HU-013..HU-016)")
    _check_places(s, "Wagon", _wagon_places(s), len(s.data.wagons), s.wagon_id,
                  "one of state.wagon_deck, state.display, a state.camps[i].wagons[k] or a state.camps[i].dispatched")
    for i, deck in enumerate(s.decks):
        for j, x in enumerate(deck):
            if s.data.cards[x].colour != i:
                raise InvalidStateError(f"state.decks.{COLOURS[i]}[{j}] is {s.card_id(x)}, a {COLOURS[s.data.cards[x].colour]} "
                                        f"card; the {COLOURS[i]} deck holds only {COLOURS[i]} cards (HU-011)")
    for seat, camp in enumerate(s.camps):
        _check_camp(s, seat, camp)
    problem = _phase_problem(s)
    if problem:
        path, why = problem
        raise InvalidStateError(f"{path} does not fit state.phase {s.phase!r}: {why}")


def _check_cubes(s: HunsState) -> None:
    """HU-019, HU-020: every colour's cubes add up to its starting pile."""
    want = RESERVE_BY_PLAYERS[s.n]
    for c, total in enumerate(s.cube_totals()):
        if total != want:
            raise InvalidStateError(
                f"state.reserve[{c}] ({COLOURS[c]}): the {COLOURS[c]} cubes in the Reserve ({s.reserve[c]}), the Camps "
                f"(state.camps[i].stash, .wagons, .cubes) and in hand (state.turn_state.holding, .paused) add up to {total}; "
                f"with {s.n} players they must add up to {want} (HU-019, HU-020)")


def _card_places(s: HunsState) -> list[tuple[int, str]]:
    out = [(x, f"state.decks.{COLOURS[c]}[{i}]") for c, deck in enumerate(s.decks) for i, x in enumerate(deck)]
    out += [(x, f"state.turn_state.hand[{i}]") for i, x in enumerate(s.hand)]
    out += [(x, f"state.removed[{i}]") for i, x in enumerate(s.removed)]
    if s.curse >= 0:
        out.append((s.curse, "state.turn_state.curse"))
    for seat, camp in enumerate(s.camps):
        out += [(x, f"state.camps[{seat}].cards[{i}]") for i, x in enumerate(camp.cards)]
    return out


def _wagon_places(s: HunsState) -> list[tuple[int, str]]:
    out = [(w, f"state.wagon_deck[{i}]") for i, w in enumerate(s.wagon_deck)]
    out += [(w, f"state.display[{i}]") for i, w in enumerate(s.display) if w >= 0]
    for seat, camp in enumerate(s.camps):
        out += [(w, f"state.camps[{seat}].wagons[{k}].id") for k, w in enumerate(camp.wagons) if w >= 0]
        out += [(w, f"state.camps[{seat}].dispatched[{i}]") for i, w in enumerate(camp.dispatched)]
    return out


def _check_places(s: HunsState, what: str, places: list[tuple[int, str]], count: int, name: Callable[[int], str],
                  where: str) -> None:
    """Each of `count` things is in exactly one place."""
    seen: dict[int, str] = {}
    for x, path in places:
        if x in seen:
            raise InvalidStateError(f"{path} is {what} {name(x)}, which is already at {seen[x]}; each {what} is in one place only")
        seen[x] = path
    missing = [name(x) for x in range(count) if x not in seen]
    if missing:
        raise InvalidStateError(f"{what} {missing[0]} is nowhere in the save ({len(missing)} missing); each {what} must be in {where}")


def _phase_problem(s: HunsState) -> tuple[str, str] | None:
    """(field path, what contradicts the phase): a saved state must be a position the rules can reach."""
    p = s.phase
    ts = "state.turn_state"
    pillaging = p in ("pillage_choose_destination", "pillage_place", "wagon_replace")
    if (sum(s.holding) > 0 and not pillaging) or (not sum(s.holding) and p in ("pillage_choose_destination", "pillage_place")):
        return f"{ts}.holding", "cubes are in hand only during a Pillage, and a Pillage in progress holds cubes"
    if (sum(s.paused) > 0) != (s.resume in PAUSING):
        return f"{ts}.paused", f"cubes are set aside only while a Raid interrupts a Pillage ({ts}.resume one of {list(PAUSING)}) (HU-072)"
    if s.resume in PAUSING and (p not in RAID_STEPS or not s.raid_done):
        return f"{ts}.resume", f"{s.resume!r} means a Raid interrupted a Pillage: then {ts}.raid_done is true and the phase is one of {list(RAID_STEPS)}"
    if bool(s.hand) != (p == "draw_choose_card"):
        return f"{ts}.hand", "drawn cards are held only while choosing one to play (draw_choose_card)"
    if (s.curse >= 0) != (p in ("curse_choose_target", "curse_flee_decision")):
        return f"{ts}.curse", "a Curse is pending only in curse_choose_target or curse_flee_decision"
    if s.curse >= 0 and s.data.cards[s.curse].colour != BLACK:
        return f"{ts}.curse", f"{s.card_id(s.curse)} is not a Curse (black) card"
    if any(s.data.cards[c].colour != s.hand_deck for c in s.hand):
        return f"{ts}.hand_deck", "the drawn cards all come from the deck named here"
    if (p == "wagon_replace") != (s.replace_slot >= 0) or (p == "wagon_replace" and s.camps[s.active].wagons[s.replace_slot] >= 0):
        return f"{ts}.replace_slot", "a Wagon slot (0 or 1) is being refilled only in wagon_replace, and that slot is empty; else -1"
    if (p == "effect_order") != (s.order_for is not None):
        return f"{ts}.order_for", f"the action whose effects are being ordered ({list(ORDERS)}) only in effect_order, else null"
    if (p == "turn_reroll_die") != (s.reroll >= 0):
        return f"{ts}.reroll", "the colour of the die a Diviner rerolls only in turn_reroll_die, else null"
    if p in ("turn_take_die", "turn_reroll_die", "turn_choose_action") and s.action_done:
        return f"{ts}.action_done", "true only once the turn's Draw or Pillage is done (HU-041)"
    if p == "turn_after_window" and not s.action_done:
        return f"{ts}.action_done", "the turn's Draw or Pillage is done before its after-window (HU-041)"
    if s.wild_used and not (s.action_done or s.raid_done):
        return f"{ts}.wild_used", "0 until a Pillage of this turn has placed a cube on a space of another colour (HU-057)"
    if s.played >= 0 and s.played not in s.camps[s.active].cards:
        return f"{ts}.played", "the card the active player played this turn, in their Camp, or null"
    outside = p in ("round_roll_dice", "setup_catchup_valuables", "game_over") or s.setup_queue
    if outside and (s.action_done or s.raid_done or s.reroll_done or s.wild_used or s.played >= 0 or s.die >= 0):
        return ts, "between turns the turn's fields are reset: action_done, raid_done, reroll_done false, wild_used 0, die and played null"
    in_setup = p == "setup_catchup_valuables" or (pillaging and s.resume == "setup")
    if in_setup != bool(s.setup_queue) or (in_setup and s.active != s.setup_queue[0]):
        return f"{ts}.setup_queue", "the seats still owed catch-up Valuables, only during setup, the first of them active (HU-028, HU-029)"
    return _dice_problem(s, in_setup)


def _dice_problem(s: HunsState, in_setup: bool) -> tuple[str, str] | None:
    if any(v and v not in s.data.faces for v in s.dice):
        return "state.dice", f"each die shows one of its faces {sorted(set(s.data.faces))}, or 0 before it is rolled (HU-006)"
    taken = sum(1 for t in s.taken if t >= 0)
    rolled = [v > 0 for v in s.dice]
    if in_setup and any(rolled):
        return "state.dice", "no die is rolled during setup: all 0"
    if in_setup or s.phase == "round_roll_dice":
        if taken:
            return "state.taken", "no die is taken before all five are rolled: all null"
        if rolled != sorted(rolled, reverse=True):
            return "state.dice", "the dice are rolled in order blue, red, green, black, yellow (0 = not rolled yet) (HU-032)"
        if s.turn or (s.active != s.first and not in_setup):
            return "state.turn", "while the dice are rolled it is turn 0 and the first player is active"
        return None
    if s.phase == "game_over":
        return None
    if not all(rolled):
        return "state.dice", f"once the turns start every die shows one of its faces {sorted(set(s.data.faces))}"
    owed = [(s.first + k) % s.n for k in range(s.turn)] + ([s.active] if s.die >= 0 else [])
    if sorted(t for t in s.taken if t >= 0) != sorted(owed):
        return "state.taken", f"one die per turn so far, taken by the seats whose turns they were: {sorted(owed)} (HU-033)"
    if taken != s.turn + (s.die >= 0):
        return "state.taken", f"turn {s.turn} follows {s.turn} taken dice, plus this turn's once it is taken (HU-033)"
    before_die = s.phase in ("turn_take_die", "turn_reroll_die") or s.resume == "turn_take_die"
    if s.active != (s.first + s.turn) % s.n:
        return "state.active", f"turn {s.turn} of the round belongs to seat {(s.first + s.turn) % s.n} (state.first + state.turn) (HU-036)"
    if (s.die >= 0) == before_die:
        return "state.turn_state.die", "the colour of this turn's die once it is taken, null before"
    if s.die >= 0 and s.taken[s.die] != s.active:
        return f"state.taken[{s.die}]", "the active player took this turn's die"
    return None


def _check_camp(s: HunsState, seat: int, camp: Camp) -> None:
    where = f"state.camps[{seat}]"
    for card, cubes in camp.cubes.items():
        c = s.data.cards[card]
        if card not in camp.cards or card in camp.fled:
            raise InvalidStateError(f"{where}.cubes.{c.id}: cubes sit only on a face-up card of {where}.cards (HU-052, HU-053)")
        if c.spaces == 0 or len(cubes) > c.spaces:
            raise InvalidStateError(f"{where}.cubes.{c.id} holds {len(cubes)} cubes; {c.id} has {c.spaces} spaces (HU-054)")
    for field, cards in (("fled", camp.fled), ("used", camp.used)):
        for i, card in enumerate(cards):
            if card not in camp.cards:
                raise InvalidStateError(f"{where}.{field}[{i}] is {s.card_id(card)}, which is not in {where}.cards; "
                                        f"only a card of the Camp can be marked")
    for i, card in enumerate(camp.fled):
        if s.data.cards[card].colour != BLACK:
            raise InvalidStateError(f"{where}.fled[{i}] is {s.card_id(card)}; only Curse (black) cards flee (HU-094)")
    for i, card in enumerate(camp.used):
        c = s.data.cards[card]
        if c.colour != RED and c.effect != "bodyguard":
            raise InvalidStateError(f"{where}.used[{i}] is {c.id}; only Raids (rotated, HU-085) and Bodyguards are marked used")
