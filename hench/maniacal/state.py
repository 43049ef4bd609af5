"""The Maniacal position: the table, each Supervillain's lair, copying and saving. No rules here.

Cards are named by their data ids everywhere (rooms R01.., henchmen BE01.., Lackeys LK1.., Mercenaries
ME1.., contracts E01/H01/L01.., Powers PW01.., Schemes SH01..). Decks are lists with the top card first.
The rules are in legality.py and the chapter modules (draft, henchmen, contracts, cleanup).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hench.core import CHANCE, InvalidStateError, State
from hench.core.chance import chance_actions
from hench.core.schema import Reader, check_int, check_str

from .data import DIFFICULTIES, TYPES, ManiacalData, default_data
from .phases import PHASES

DECKS = ("rooms", *TYPES, *DIFFICULTIES, "easy_discard", "hard_discard", "legendary_discard",
         "powers", "power_discard", "schemes", "scheme_discard", "mercenaries")
MAX_MONEY = MAX_POINTS = 10_000


class Member:
    """One card of a player's crew (a henchman, the Lackey, a Mercenary or a Bodyguard)."""

    __slots__ = ("bodyguard", "id", "injuries", "powers", "ready")

    def __init__(self, card: str, ready: bool = True, injuries: int = 0, powers: list[str] | None = None,
                 bodyguard: bool = False):
        self.id, self.ready, self.injuries, self.powers, self.bodyguard = card, ready, injuries, powers or [], bodyguard

    def copy(self) -> Member:
        new = _new_member(Member)
        new.id, new.ready, new.injuries, new.powers, new.bodyguard = (
            self.id, self.ready, self.injuries, self.powers[:], self.bodyguard)
        return new

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "ready": self.ready, "injuries": self.injuries, "powers": list(self.powers),
                "bodyguard": self.bodyguard}

    @classmethod
    def from_dict(cls, v: Any, where: str) -> Member:
        r = Reader(v, where)
        m = cls(r.str("id"), r.bool("ready"), r.int("injuries", 0, 99), r.list("powers", lambda x, p: check_str(x, p), 0, 14),
                r.bool("bodyguard"))
        r.done()
        return m


_new_member = object.__new__


class Lair:
    """One player: Supervillain, money, Infamy, attraction, base, crew, Schemes, draft hand, time."""

    __slots__ = ("attraction", "crew", "hand", "infamy", "money", "pick", "placed", "rooms", "schemes", "shared",
                 "sv", "sv_ready", "used", "weeks")

    def __init__(self, sv: str, money: int, attraction: list[int]):
        self.sv, self.sv_ready, self.money, self.infamy, self.attraction = sv, True, money, 0, attraction
        self.rooms: list[str] = []  # MA-050: the base
        self.used: list[str] = []  # MA-100, MA-135: rooms activated this round
        self.crew: list[Member] = []
        self.schemes: list[str] = []  # MA-162: hidden from the others
        self.hand: list[str] = []  # the draft hand (hidden)
        self.pick: list[str] | None = None  # [room, "build" | "sell"], locked and hidden until the reveal
        self.weeks: int | None = None  # on the Time track (None: on the Player Order track)
        self.placed = 0  # stacking height: the token placed last on a space is on top (MA-085)
        self.shared = False  # True: the crew's Member objects are shared with another state's lair (see `own_crew`)

    def copy(self) -> Lair:
        new = _new_lair(Lair)
        new.sv, new.sv_ready, new.money, new.infamy, new.attraction = (
            self.sv, self.sv_ready, self.money, self.infamy, self.attraction[:])
        new.rooms, new.used, new.schemes, new.hand = self.rooms[:], self.used[:], self.schemes[:], self.hand[:]
        new.crew = [m.copy() for m in self.crew]
        new.pick = None if self.pick is None else self.pick[:]
        new.weeks, new.placed, new.shared = self.weeks, self.placed, False
        return new

    def cow_copy(self) -> Lair:
        """The copy a successor's transition changes: every list is new, but the crew's Member objects are
        shared until `own_crew` copies them (before any Member is changed)."""
        new = _new_lair(Lair)
        new.sv, new.sv_ready, new.money, new.infamy, new.attraction = (
            self.sv, self.sv_ready, self.money, self.infamy, self.attraction[:])
        new.rooms, new.used, new.schemes, new.hand = self.rooms[:], self.used[:], self.schemes[:], self.hand[:]
        new.crew = self.crew[:]
        new.pick = None if self.pick is None else self.pick[:]
        new.weeks, new.placed, new.shared = self.weeks, self.placed, True
        return new

    def own_crew(self) -> list[Member]:
        """The crew with Member objects of this lair's own, to change (see `cow_copy`)."""
        if self.shared:
            self.crew = [m.copy() for m in self.crew]
            self.shared = False
        return self.crew

    def own_member(self, card: str) -> Member | None:
        """`member(card)`, this lair's own copy, to change."""
        self.own_crew()
        return self.member(card)

    def member(self, card: str) -> Member | None:
        for m in self.crew:
            if m.id == card:
                return m
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"sv": self.sv, "sv_ready": self.sv_ready, "money": self.money, "infamy": self.infamy,
                "attraction": list(self.attraction), "rooms": list(self.rooms), "used": list(self.used),
                "crew": [m.to_dict() for m in self.crew], "schemes": list(self.schemes), "hand": list(self.hand),
                "pick": None if self.pick is None else list(self.pick), "weeks": self.weeks, "placed": self.placed}

    @classmethod
    def from_dict(cls, v: Any, where: str) -> Lair:
        r = Reader(v, where)
        ids = lambda key: r.list(key, lambda x, p: check_str(x, p), 0, 200)
        lair = cls(r.str("sv"), r.int("money", 0, MAX_MONEY), r.list("attraction", lambda x, p: check_int(x, p, 0, MAX_POINTS), 4, 4))
        lair.sv_ready, lair.infamy = r.bool("sv_ready"), r.int("infamy", 0, MAX_POINTS)
        lair.rooms, lair.used, lair.schemes, lair.hand = ids("rooms"), ids("used"), ids("schemes"), ids("hand")
        lair.crew = r.list("crew", Member.from_dict, 0, 60)
        pick = r.raw("pick")
        lair.pick = None if pick is None else [check_str(x, f"{where}.pick") for x in (pick if isinstance(pick, list) else [None])]
        if lair.pick is not None and (len(lair.pick) != 2 or lair.pick[1] not in ("build", "sell")):
            raise InvalidStateError(f"{where}.pick should be [room, 'build' or 'sell'] or null")
        lair.weeks = r.optional_int("weeks", 0, 40)
        lair.placed = r.int("placed", 0, 10**9)
        r.done()
        return lair


_new_lair = object.__new__


_peek = list.__iter__  # read-only passes over the lairs


def lairs_to_read(state: ManiacalState) -> Iterator[Lair]:
    """Every lair, for reading only (a transition changes a lair only through `own_lair`)."""
    return _peek(state.lairs)


def lair_to_read(state: ManiacalState, seat: int) -> Lair:
    """One lair, for reading only (see `lairs_to_read`)."""
    return state.lairs[seat]


# What a successor owns while its transition runs, as bits of `state._owned` (-1: everything, a state of its
# own); the decks it owns by name in `state._owned_decks` (None: all of them).
OWN_LAIRS, OWN_LOG, _SEAT_SHIFT = 1, 2, 2
_NO_DECKS: frozenset[str] = frozenset()  # a successor owns no deck yet


def own_lair(state: ManiacalState, seat: int) -> Lair:
    """The seat's lair, this state's own, to change. A successor shares every lair with the state it came
    from until its transition takes one through here, which copies it once (`Lair.cow_copy`)."""
    if seat < 0:
        seat += len(state.lairs)
    owned = state._owned
    bit = 1 << (seat + _SEAT_SHIFT)
    if owned & bit:
        return state.lairs[seat]
    lairs = state.lairs
    if not owned & OWN_LAIRS:  # the list itself is shared too until now
        lairs = state.lairs = lairs[:]
    lair = lairs[seat] = lairs[seat].cow_copy()
    state._owned = owned | bit | OWN_LAIRS
    return lair


def _decks_to_change(state: ManiacalState) -> set[str] | None:
    owned = state._owned_decks
    if type(owned) is frozenset:  # _NO_DECKS: the first deck this transition changes; the dict itself is copied first
        owned = state._owned_decks = set()
        state.decks = dict(state.decks)
    return owned


def own_deck(state: ManiacalState, name: str) -> list[str]:
    """A deck, this state's own, to change (shared with the previous state until then, like the lairs)."""
    owned = state._owned_decks
    if owned is None or name in owned:
        return state.decks[name]
    owned = _decks_to_change(state)
    deck = state.decks[name] = state.decks[name][:]
    owned.add(name)
    return deck


def set_deck(state: ManiacalState, name: str, cards: list[str]) -> None:
    """Replace a deck with a new list (`cards` must be a list of this state's own)."""
    owned = _decks_to_change(state)
    if owned is not None:
        owned.add(name)
    state.decks[name] = cards


class _Log:
    """The game's log as a chain, so that a move adds its lines without copying the whole log: a state's
    log is its `prev` log (or `base` at the start of a chain) followed by its own `lines`."""

    __slots__ = ("base", "flat", "lines", "prev")

    def __init__(self, prev: _Log | None = None, base: tuple[str, ...] = ()):
        self.prev, self.base, self.lines, self.flat = prev, base, [], None

    def add(self, text: str) -> None:
        self.lines.append(text)
        self.flat = None

    def full(self) -> tuple[str, ...]:
        """Every line, oldest first (kept until a line is added)."""
        if self.flat is not None:
            return self.flat
        chunks, node = [], self
        while True:
            if node is not self and node.flat is not None:
                start = node.flat
                break
            chunks.append(node.lines)
            if node.prev is None:
                start = node.base
                break
            node = node.prev
        flat = list(start)
        for lines in reversed(chunks):
            flat += lines
        self.flat = tuple(flat)
        return self.flat


def say_in(state: ManiacalState, text: str) -> None:
    """Add one line to the state's log (a successor's first line starts its own link of the chain)."""
    log = state._log
    if not state._owned & OWN_LOG:
        log = state._log = _Log(log)
        state._owned |= OWN_LOG
    log.add(text)


_new_state = object.__new__
GENERATORS: dict[str, Any] = {}  # step -> its legal-move generator (filled by legality.py)


class ManiacalState(State):
    """The whole table. `step` is the phase id; `attempt` holds a contract attempt in progress."""

    def __init__(self, data: ManiacalData, lairs: list[Lair], rng: int):
        self.data, self.lairs, self.rng = data, lairs, rng
        self.round = 1
        self.step = "draft"
        self.order: list[int] = []  # MA-027: Player Order track for this round, 1st first
        self.next_order: list[int] = []  # MA-087: the order tokens leave the Time track
        self.decks: dict[str, list[str]] = {d: [] for d in DECKS}
        self.map: list[str] = []  # MA-105: the contract on each continent A..F
        self.pick_no = 1  # which of the 3 build/sell decisions (MA-048)
        self.attempt: dict[str, Any] | None = None
        self.queue: list[int] = []  # seats still to act in Clean-up (salaries, firing)
        self.counter = 0  # stacking counter for the Time track (MA-085)
        self.bonus: list[int] = [0] * len(lairs)  # MA-220: money-rank Infamy bonus at game end
        self.options: dict[str, bool] = {"bodyguard": False}
        self.events = ()  # the log (a property: a tuple read from the `_Log` chain)
        self._legal = None
        self._owned = -1  # what this state owns of its lairs and log (bits, see own_lair); -1: all of it
        self._owned_decks: set[str] | frozenset[str] | None = None  # the decks it owns (None: all of them)

    @property
    def events(self) -> tuple[str, ...]:
        """The game's log so far, oldest line first (hidden things are never named in it)."""
        return self._log.full()

    @events.setter
    def events(self, lines: Any) -> None:
        self._log = _Log(None, tuple(lines))

    # -- the uniform API ------------------------------------------------------------------------
    @property
    def phase(self) -> str:  # type: ignore[override]
        return self.step

    @property
    def current_player(self) -> int | None:  # type: ignore[override]
        step = self.step
        if step == "rolling":  # the commonest case first (each step below answers for itself)
            return CHANCE
        attempt = self.attempt
        if step == "contract_action" and attempt is None:  # the next commonest
            return self.active_seat()
        if step == "over":
            return None
        if step == "draft":
            for i, lair in enumerate(_peek(self.lairs)):
                if lair.pick is None:
                    return i
            raise StopIteration
        if step in ("salaries", "firing"):
            return self.queue[0]
        if step == "scheme_window":
            return attempt["asked"][0]
        if step == "effect" and attempt["effects"][0][0] == "injure_after":
            return attempt["negative"][0]
        if attempt is not None:  # the attempt's player keeps acting until it ends, even after paying time
            return attempt["seat"]
        return self.active_seat()

    @property
    def is_terminal(self) -> bool:
        """`current_player is None`, which is so exactly when the step is 'over' (read directly)."""
        return self.step == "over"

    def _legal_actions(self) -> list[Any]:
        """As hench.core's `State._legal_actions`, without its second list copy and its second reading of
        the seat (the playout hot path): the game is over, a die is rolled, or the step's generator lists."""
        step = self.step
        if step == "over":
            return []
        if step == "rolling":
            return chance_actions(self._chance_outcomes())
        return GENERATORS[step](self, self.current_player)  # legality.legal_actions (game.legal), one call less

    def active_seat(self) -> int:
        """MA-083: the token furthest left on the Time track (most weeks left), the top one of a stack."""
        best, best_weeks, best_placed = -1, -1, -1  # max of (weeks, placed, seat): later seats win full ties
        for i, lair in enumerate(_peek(self.lairs)):
            weeks = lair.weeks
            if weeks is not None and (weeks > best_weeks or (weeks == best_weeks and lair.placed >= best_placed)):
                best, best_weeks, best_placed = i, weeks, lair.placed
        if best < 0:
            raise ValueError("no Time token is on the Time track")
        return best

    @property
    def num_players(self) -> int:
        return len(self.lairs)

    def clone(self) -> ManiacalState:
        new = self._copy_but_lairs()
        new.lairs = [lair.copy() for lair in _peek(self.lairs)]
        new.decks = {k: v[:] for k, v in self.decks.items()}
        return new

    def successor(self) -> ManiacalState:
        """The copy `apply` hands to the transition: the lairs (and their list) and decks are shared until the transition
        takes one to change (`own_lair`, `own_deck`, `set_deck`); the attempt record is copied at once, its
        lists and dicts shared; the small lists (order, next_order, map, queue, bonus), the options and the
        attempt's lists are shared, and the transitions replace them with new ones rather than change them."""
        new = _new_state(ManiacalState)
        d = new.__dict__
        d.update(self.__dict__)
        attempt = self.attempt
        if attempt is not None:
            d["attempt"] = attempt.copy()
        d["_legal"], d["_owned"], d["_owned_decks"] = None, 0, _NO_DECKS
        return new

    def _copy_but_lairs(self) -> ManiacalState:
        """Every field of __init__ copied, but the lairs and the decks (the caller sets those)."""
        new = _new_state(ManiacalState)
        new.data, new.lairs, new.rng, new.round, new.step = self.data, [], self.rng, self.round, self.step
        new.order, new.next_order, new.decks = self.order[:], self.next_order[:], {}
        new.map, new.pick_no, new.queue, new.counter = self.map[:], self.pick_no, self.queue[:], self.counter
        new.attempt = None if self.attempt is None else _copy_record(self.attempt)
        new.bonus, new.options, new.events = self.bonus[:], dict(self.options), self.events
        new._legal, new._owned, new._owned_decks = None, -1, None
        return new

    # -- saving ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "step": self.step, "order": list(self.order), "next_order": list(self.next_order),
                "lairs": [lair.to_dict() for lair in self.lairs], "decks": {k: list(v) for k, v in self.decks.items()},
                "map": list(self.map), "pick_no": self.pick_no, "attempt": _copy_attempt(self.attempt),
                "queue": list(self.queue), "counter": self.counter, "bonus": list(self.bonus),
                "options": dict(self.options), "events": list(self.events), "rng": self.rng}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ManiacalState:
        r = Reader(data)
        lairs = r.list("lairs", Lair.from_dict, 2, 5)
        n = len(lairs)
        seats = lambda key: r.list(key, lambda x, p: check_int(x, p, 0, n - 1), 0, n)
        state = cls(default_data(), lairs, r.int("rng", 0, 2**64 - 1))
        state.round, state.step = r.int("round", 1, 3), r.str("step", PHASES.ids)
        state.order, state.next_order, state.queue = seats("order"), seats("next_order"), seats("queue")
        decks = r.obj("decks")
        state.decks = {d: decks.list(d, lambda x, p: check_str(x, p), 0, 200) for d in DECKS}
        decks.done()
        state.map = r.list("map", lambda x, p: check_str(x, p), 6, 6)
        state.pick_no, state.counter = r.int("pick_no", 1, 3), r.int("counter", 0, 10**9)
        state.attempt = r.raw("attempt")
        state.bonus = r.list("bonus", lambda x, p: check_int(x, p, 0, MAX_POINTS), n, n)
        opts = r.obj("options")
        state.options = {"bodyguard": opts.bool("bodyguard")}
        opts.done()
        state.events = tuple(r.list("events", lambda x, p: check_str(x, p), 0, 100_000))
        r.done()
        return state

    def notation(self) -> str:
        from .render import notation

        return notation(self.observation(None))

    def _repr_html_(self) -> str:
        from .render import html

        return html(self.observation(None))

    def winners(self) -> list[int]:
        from .scoring import winners

        return winners(self) if self.is_terminal else []


def _copy_record(a: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy of the attempt record: every list and dict the engine writes to is new. The engine replaces
    the small lists inside the record's lists (team members, dice, effects) and never changes them in
    place, so those are shared; a dict's lists (the reroll's marked dice) are copied."""
    if a is None:
        return None
    out = dict(a)
    for k, v in a.items():
        t = type(v)
        if t is list:
            out[k] = v[:]
        elif t is dict:
            out[k] = {kk: (vv[:] if type(vv) is list else vv) for kk, vv in v.items()}
    return out


def _copy_attempt(value: Any) -> Any:
    """A deep copy of the attempt's JSON-like record (lists and dicts), so no two states share a part."""
    if isinstance(value, dict):
        return {k: _copy_attempt(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_attempt(v) for v in value]
    return value
