"""The Huns position: what is on the table, how it is copied and how it is saved. No rules here.

Decks, the Wagon deck and the display are tuples (never mutated, so copies share them); each Camp is
copied only when an action writes to it (`_camp`). Inside the state an absent colour, card, Wagon or
seat is -1 (fast integer fields); the saved form writes them as null. The rules are in legality.py
and transitions.py, reached through the `Game` record.
"""

from __future__ import annotations

from hench.core import CHANCE, InvalidStateError, State
from hench.core.schema import Reader, check_int, check_str

from .data import COLOURS, LETTERS, HunsData, HunsDataError, data_from_document, default_data
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
        self.fx = None  # cached live effects (effects.live_effects)

    def copy(self) -> Camp:
        """A copy to write to. The effect cache is kept: whoever changes cards, cubes on cards or
        fled Curses must reset `fx` (see transitions.py)."""
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


class HunsState(State):
    """A Huns position. Use `hench.get_game("huns").new_game(players=3, seed=1)` to make one."""

    data: HunsData

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "game_over":
            return None
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == "curse_flee_decision":
            return self.curse_to
        return self.active

    @property
    def is_terminal(self) -> bool:
        return self.phase == "game_over"

    @property
    def num_players(self) -> int:
        return self.n

    def clone(self) -> HunsState:
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        d["camps"] = list(self.camps)
        d["decks"] = list(self.decks)
        d["reserve"] = list(self.reserve)
        d["dice"] = list(self.dice)
        d["taken"] = list(self.taken)
        d["holding"] = list(self.holding)
        d["_owned"] = 0
        d["_legal"] = None
        new.__dict__ = d
        return new

    def _camp(self, seat: int) -> Camp:
        """The Camp of `seat`, ready to be written (copied once per action)."""
        bit = 1 << seat
        if not self._owned & bit:
            self.camps[seat] = self.camps[seat].copy()
            self._owned |= bit
        return self.camps[seat]

    # -- identifiers ---------------------------------------------------------------------------
    def card_id(self, card: int) -> str:
        return self.data.cards[card].id

    def wagon_id(self, wagon: int) -> str:
        return self.data.wagons[wagon].id

    # -- serialization -------------------------------------------------------------------------
    def to_dict(self) -> dict:
        cid, wid = self.card_id, self.wagon_id
        return {
            "players": self.n, "data": self.data.raw,
            "options": {"strict_pillage_use": self.strict, "setup_bonus_destination": self.bonus_dest,
                        "raid_same_turn": self.raid_same_turn, "setup_bonus_colours": self.bonus_colours},
            "rng": self.rng, "round": self.round, "turn": self.turn, "first": self.first,
            "start_seat": self.start_seat, "phase": self.phase, "active": self.active,
            "decks": {COLOURS[c]: [cid(x) for x in deck] for c, deck in enumerate(self.decks)},
            "removed": [cid(x) for x in self.removed], "reserve": list(self.reserve),
            "wagon_deck": [wid(x) for x in self.wagon_deck],
            "display": [wid(x) if x >= 0 else None for x in self.display],
            "dice": list(self.dice), "taken": [t if t >= 0 else None for t in self.taken],
            "turn_state": self._turn_dict(), "camps": [self._camp_dict(c) for c in self.camps],
        }

    def _turn_dict(self) -> dict:
        def colour(c: int) -> str | None:
            return COLOURS[c] if c >= 0 else None
        return {
            "die": colour(self.die), "value": self.value, "action_done": self.action_done,
            "raid_done": self.raid_done, "reroll_done": self.reroll_done, "wild_used": self.wild_used,
            "resume": self.resume, "holding": list(self.holding), "paused": list(self.paused), "hand": [self.card_id(x) for x in self.hand],
            "hand_deck": colour(self.hand_deck), "curse": self.card_id(self.curse) if self.curse >= 0 else None,
            "curse_from": self.curse_from, "curse_to": self.curse_to, "sent_back": self.sent_back,
            "replace_slot": self.replace_slot, "reroll": colour(self.reroll), "setup_queue": list(self.setup_queue),
            "played": self.card_id(self.played) if self.played >= 0 else None, "order_for": self.order_for,
        }

    def _camp_dict(self, camp: Camp) -> dict:
        wagons = []
        for w, load in zip(camp.wagons, camp.loads):
            wagons.append(None if w < 0 else {"id": self.wagon_id(w), "load": "".join(LETTERS[c] if c >= 0 else "." for c in load)})
        return {
            "wagons": wagons, "dispatched": [self.wagon_id(w) for w in camp.dispatched], "stash": list(camp.stash),
            "cards": [self.card_id(c) for c in camp.cards],
            "cubes": {self.card_id(c): "".join(LETTERS[x] for x in v) for c, v in camp.cubes.items()},
            "fled": [self.card_id(c) for c in camp.fled], "used": [self.card_id(c) for c in camp.used],
        }

    @classmethod
    def from_dict(cls, data: dict) -> HunsState:
        r = Reader(data)
        n = r.int("players", 2, 4)
        raw = r.raw("data")
        try:
            hd = default_data() if raw is None else data_from_document(raw)
        except HunsDataError as exc:
            raise InvalidStateError(f"state.data: {exc}") from None
        s = object.__new__(cls)
        s.data, s.n, s._owned, s._legal = hd, n, 0, None
        _read_top(s, r, n)
        _read_turn(s, r.obj("turn_state"), n)
        s.camps = r.list("camps", lambda v, p: _read_camp(s, v, p), n, n)
        r.done()
        return s

    # -- views (built from the observation in render.py) ---------------------------------------
    def winners(self) -> list[int]:
        """HU-106, HU-107: most VP, then the bigger Stash (see scoring.winners)."""
        from .scoring import winners

        return winners(self)

    def notation(self) -> str:
        from .render import notation

        return notation(self.observation(None))

    def _repr_html_(self) -> str:
        from .render import html

        return html(self, None)

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


# -- reading a saved state (every problem is an InvalidStateError naming the field) -----------------
def _ids(ids: dict[str, int], what: str):
    def read(v, path):
        if not isinstance(v, str) or v not in ids:
            raise InvalidStateError(f"{path} should be a {what} id, got {v!r}")
        return ids[v]
    return read


def _opt_colour(r: Reader, key: str) -> int:
    v = r.raw(key)
    return -1 if v is None else COLOURS.index(check_str(v, f"{r.where}.{key}", COLOURS))


def _read_top(s: HunsState, r: Reader, n: int) -> None:
    opts = r.obj("options")
    s.strict = opts.bool("strict_pillage_use")
    s.bonus_dest = opts.str("setup_bonus_destination", ("wagons", "stash"))
    s.raid_same_turn = opts.bool("raid_same_turn")
    s.bonus_colours = opts.str("setup_bonus_colours", ("any", "fitting"))
    opts.done()
    s.rng = r.int("rng", 0, 2**64 - 1)
    s.round, s.turn = r.int("round", 1, 10_000), r.int("turn", 0, TURNS_PER_ROUND - 1)
    s.first, s.start_seat, s.active = r.int("first", 0, n - 1), r.int("start_seat", 0, n - 1), r.int("active", 0, n - 1)
    s.phase = r.str("phase", PHASE_IDS)
    card, wagon = _ids(s.data.card_ids, "card"), _ids(s.data.wagon_ids, "wagon")
    decks = r.obj("decks")
    s.decks = [tuple(decks.list(c, card)) for c in COLOURS]
    decks.done()
    s.removed = tuple(r.list("removed", card))
    s.reserve = r.list("reserve", lambda v, p: check_int(v, p, 0, CUBES_PER_COLOUR), 5, 5)
    s.wagon_deck = tuple(r.list("wagon_deck", wagon))
    s.display = tuple(r.list("display", lambda v, p: -1 if v is None else wagon(v, p), DISPLAY, DISPLAY))
    s.dice = r.list("dice", lambda v, p: check_int(v, p, 0, 6), DICE, DICE)
    s.taken = r.list("taken", lambda v, p: -1 if v is None else check_int(v, p, 0, n - 1), DICE, DICE)


def _read_turn(s: HunsState, r: Reader, n: int) -> None:
    card = _ids(s.data.card_ids, "card")
    s.die, s.value = _opt_colour(r, "die"), r.int("value", 0, 30)
    s.action_done, s.raid_done, s.reroll_done = r.bool("action_done"), r.bool("raid_done"), r.bool("reroll_done")
    s.wild_used = r.int("wild_used", 0, 100)
    s.resume = r.str("resume", RESUMES)
    s.holding = r.list("holding", lambda v, p: check_int(v, p, 0, CUBES_PER_COLOUR), 5, 5)
    # saves made before HU-072's mid-placement Raids have no "paused": nothing was set aside
    s.paused = tuple(r.list("paused", lambda v, p: check_int(v, p, 0, CUBES_PER_COLOUR), 5, 5)) if r.optional("paused") else NO_CUBES
    s.hand = tuple(r.list("hand", card, 0, 60))
    s.hand_deck = _opt_colour(r, "hand_deck")
    cur = r.raw("curse")
    s.curse = -1 if cur is None else card(cur, f"{r.where}.curse")
    s.curse_from, s.curse_to = r.int("curse_from", 0, n - 1), r.int("curse_to", 0, n - 1)
    s.sent_back = r.bool("sent_back")
    s.replace_slot = r.int("replace_slot", -1, SLOTS - 1)
    s.reroll = _opt_colour(r, "reroll")
    s.setup_queue = tuple(r.list("setup_queue", lambda v, p: check_int(v, p, 0, n - 1), 0, 2))
    played = r.raw("played")
    s.played = -1 if played is None else card(played, f"{r.where}.played")
    order = r.raw("order_for")
    s.order_for = None if order is None else check_str(order, f"{r.where}.order_for", ORDERS)
    r.done()


def _read_camp(s: HunsState, v: object, path: str) -> Camp:
    r = Reader(v, path)
    card, wagon = _ids(s.data.card_ids, "card"), _ids(s.data.wagon_ids, "wagon")
    slots = r.list("wagons", None, SLOTS, SLOTS)
    wagons, loads = [], []
    for i, slot in enumerate(slots):
        w, load = _read_slot(s, slot, f"{path}.wagons[{i}]", wagon)
        wagons.append(w)
        loads.append(load)
    cubes_raw = r.obj("cubes")
    cubes = {card(k, f"{path}.cubes"): _letters(cubes_raw.str(k), f"{path}.cubes.{k}") for k in list(cubes_raw.data)}
    cubes_raw.done()
    camp = Camp(wagons, loads, r.list("dispatched", wagon), r.list("stash", lambda x, p: check_int(x, p, 0, CUBES_PER_COLOUR), 5, 5),
                r.list("cards", card), cubes, r.list("fled", card), r.list("used", card))
    r.done()
    return camp


def _read_slot(s: HunsState, slot: object, path: str, wagon) -> tuple[int, list[int]]:
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


def validate_state(s: HunsState) -> None:
    """The invariants a save must keep: conservation of cubes, cards and Wagons, and the links
    between the turn's fields. Raises InvalidStateError naming the field."""
    expected_out = CUBES_PER_COLOUR - RESERVE_BY_PLAYERS[s.n]
    for c, total in enumerate(s.cube_totals()):
        if total != CUBES_PER_COLOUR - expected_out:
            raise InvalidStateError(f"{COLOURS[c]} cubes do not add up: {total} in play, expected {CUBES_PER_COLOUR - expected_out}")
    cards = s.card_locations()
    if sorted(cards) != list(range(len(s.data.cards))):
        raise InvalidStateError("the cards do not add up: a card is missing or appears twice")
    if sorted(s.removed) != [i for i, c in enumerate(s.data.cards) if c.min_players > s.n]:
        raise InvalidStateError(f"the removed cards are not the ones marked for more than {s.n} players (HU-013..HU-015)")
    if sorted(s.wagon_locations()) != list(range(len(s.data.wagons))):
        raise InvalidStateError("the Wagons do not add up: a Wagon is missing or appears twice")
    for i, deck in enumerate(s.decks):
        if any(s.data.cards[x].colour != i for x in deck):
            raise InvalidStateError(f"the {COLOURS[i]} deck holds a card of another colour")
    for seat, camp in enumerate(s.camps):
        _check_camp(s, seat, camp)
    problem = _phase_problem(s)
    if problem:
        raise InvalidStateError(f"state.phase {s.phase!r} does not fit the rest of the state: {problem}")


def _phase_problem(s: HunsState) -> str | None:
    """What contradicts the phase (a saved state must be a position the rules can reach)."""
    p = s.phase
    pillaging = p in ("pillage_choose_destination", "pillage_place", "wagon_replace")
    if (sum(s.holding) > 0 and not pillaging) or (not sum(s.holding) and p in ("pillage_choose_destination", "pillage_place")):
        return "cubes in hand only during a Pillage, and a Pillage in progress holds cubes"
    if (sum(s.paused) > 0) != (s.resume in PAUSING) or (s.resume in PAUSING and (p not in RAID_STEPS or not s.raid_done)):
        return "cubes are set aside only while a Raid interrupts a Pillage (HU-072), and such a Raid sets some aside"
    if bool(s.hand) != (p == "draw_choose_card"):
        return "drawn cards only while choosing one to play"
    if (s.curse >= 0) != (p in ("curse_choose_target", "curse_flee_decision")):
        return "a pending Curse only while it is aimed or fled"
    if s.curse >= 0 and s.data.cards[s.curse].colour != 3:
        return "the pending Curse is not a Curse card"
    if any(s.data.cards[c].colour != s.hand_deck for c in s.hand):
        return "the drawn cards come from another deck"
    if (p == "wagon_replace") != (s.replace_slot >= 0) or (p == "wagon_replace" and s.camps[s.active].wagons[s.replace_slot] >= 0):
        return "a Wagon is replaced only into an empty slot, just after a dispatch"
    if (p == "effect_order") != (s.order_for is not None):
        return "an order of effects is chosen only in effect_order"
    if (p == "turn_reroll_die") != (s.reroll >= 0):
        return "a die is rerolled only in turn_reroll_die"
    in_setup = p == "setup_catchup_valuables" or (pillaging and s.resume == "setup")
    if in_setup != bool(s.setup_queue) or (in_setup and s.active != s.setup_queue[0]):
        return "catch-up Valuables only during setup, taken by the 3rd and 4th players"
    return _dice_problem(s, in_setup)


def _dice_problem(s: HunsState, in_setup: bool) -> str | None:
    taken = sum(1 for t in s.taken if t >= 0)
    rolled = [v > 0 for v in s.dice]
    if in_setup and any(rolled):
        return "no die is rolled during setup"
    if in_setup or s.phase == "round_roll_dice":
        if taken or rolled != sorted(rolled, reverse=True) or s.turn or (s.active != s.first and not in_setup):
            return "dice are rolled in order before any is taken"
        return None
    if s.phase == "game_over":
        return None
    if not all(rolled) or taken != s.turn + (s.die >= 0):
        return f"turn {s.turn} should follow {s.turn} taken dice"
    before_die = s.phase in ("turn_take_die", "turn_reroll_die") or s.resume == "turn_take_die"
    if s.active != (s.first + s.turn) % s.n or (s.die >= 0) == before_die:
        return "the active player or the taken die does not match the turn"
    if s.die >= 0 and s.taken[s.die] != s.active:
        return "the active player did not take this turn's die"
    return None


def _check_camp(s: HunsState, seat: int, camp: Camp) -> None:
    for card, cubes in camp.cubes.items():
        c = s.data.cards[card]
        if card not in camp.cards or c.spaces == 0 or len(cubes) > c.spaces or card in camp.fled:
            raise InvalidStateError(f"camps[{seat}]: cubes on {c.id} are not possible")
    for card in camp.fled + camp.used:
        if card not in camp.cards:
            raise InvalidStateError(f"camps[{seat}]: {s.card_id(card)} is marked but not in the Camp")
