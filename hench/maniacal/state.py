"""The Maniacal position: its fields, declared once (hench.core.FieldState builds clone, copy-on-write
successor, save and load from them), and each Supervillain's lair. No rules here.

Cards are named by their data ids everywhere (rooms R01.., henchmen BE01.., Lackeys LK1.., Mercenaries
ME1.., contracts E01/H01/L01.., Powers PW01.., Schemes SH01..). Decks are lists with the top card first.
The rules are in legality.py, transitions.py (Base Building, Henchmen) and the chapter modules contracts.py and cleanup.py.

A transition changes the successor the core hands it, never the state it came from: a lair through
`state.own_item("lairs", seat)` (the lair and its crew copied once), a deck through
`state.own_item("decks", name)`, the attempt record through `state.own("attempt")` (its inner lists are
replaced, never changed in place); any other field is assigned a new value.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from hench.core import CHANCE, InvalidStateError
from hench.core.fields import DICT, LIST, ROWS, Field, Fields, FieldState, data_field
from hench.core.schema import Reader, check_int, check_str

from .data import DIFFICULTIES, TYPES, ManiacalData, ManiacalDataError, data_from_document, default_data
from .phases import PHASES

DECKS = ("rooms", *TYPES, *DIFFICULTIES, "easy_discard", "hard_discard", "legendary_discard",
         "powers", "power_discard", "schemes", "scheme_discard", "mercenaries")
# Counts a save may hold (issue 31: each bounded by what a game can hold). Money, Infamy and Attraction grow by
# what contracts, rooms and Schemes give over 3 rounds: the built-in data never gave more than $41, 33 Infamy or
# 12 Attraction in random play (400 games, 2-5 players), but a person's own data may pay up to 40 per contract
# for up to 40 weeks of contracts a round (data.py bounds), so 10,000 is the ceiling. No count here makes moves.
MAX_MONEY = MAX_POINTS = 10_000
# The Time track's stacking counter (MA-085) is a clock, not a count of pieces: it only orders the tokens, goes up
# with every token placed, and no value of it makes a move or costs time to load. It keeps a wide bound so every
# position played on from a save it accepts reloads (a bound of 10,000 was passed from a save at 9,990).
MAX_PLACED = 10**9
Attempt = dict[str, Any]  # the attempt in progress (contracts.py describes its keys); JSON-like


def _card_id(value: Any, path: str) -> str:
    return check_str(value, path)


class Member(NamedTuple):
    """One card of a player's crew (a henchman, the Lackey, a Mercenary or a Bodyguard): an immutable value,
    replaced in its lair's crew when it changes (`Lair.update`), so lairs may share it."""

    id: str
    ready: bool = True  # False: exhausted this round (MA-097, MA-125)
    injuries: int = 0  # Injury tokens (MA-142, MA-144)
    powers: tuple[str, ...] = ()  # attached Power cards (MA-180, MA-182)
    bodyguard: bool = False  # a Mercenary kept as an ordinary henchman (MA-231, MA-232)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "ready": self.ready, "injuries": self.injuries, "powers": list(self.powers),
                "bodyguard": self.bodyguard}

    @classmethod
    def from_dict(cls, v: Any, where: str) -> Member:
        r = Reader(v, where)
        m = cls(r.str("id"), r.bool("ready"), r.int("injuries", 0, 99), tuple(r.list("powers", _card_id, 0, 14)), r.bool("bodyguard"))
        r.done()
        return m


class Lair:
    """One player: Supervillain, money, Infamy, attraction, base, crew, Schemes, draft hand, time.

    A row of the `lairs` field (ROWS): `copy()` gives the successor's own lair (its lists copied; the crew's
    members are immutable values, shared)."""

    __slots__ = ("attraction", "crew", "hand", "infamy", "money", "pick", "placed", "rooms", "schemes",
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

    def copy(self) -> Lair:
        new = _new_lair(Lair)
        new.sv, new.sv_ready, new.money, new.infamy, new.attraction = (
            self.sv, self.sv_ready, self.money, self.infamy, self.attraction[:])
        new.rooms, new.used, new.schemes, new.hand = self.rooms[:], self.used[:], self.schemes[:], self.hand[:]
        new.crew = self.crew[:]
        new.pick = None if self.pick is None else self.pick[:]
        new.weeks, new.placed = self.weeks, self.placed
        return new

    def member(self, card: str) -> Member | None:
        for m in self.crew:
            if m.id == card:
                return m
        return None

    def crew_member(self, card: str) -> Member:
        """`member(card)` for a card the rules already found in the crew (a checked move names it)."""
        m = self.member(card)
        if m is None:
            raise ValueError(f"{card} is not in the crew of {self.sv}")
        return m

    def update(self, card: str, **changes: Any) -> Member:
        """Replace crew member `card` by a copy with `changes` (fields of Member); the new member."""
        for i, m in enumerate(self.crew):
            if m.id == card:
                new = self.crew[i] = m._replace(**changes)
                return new
        raise ValueError(f"{card} is not in the crew of {self.sv}")

    def time_left(self) -> int:
        """The weeks left on the Time track (only asked of a token still on it, MA-083)."""
        if self.weeks is None:
            raise ValueError(f"{self.sv}'s Time token is not on the Time track")
        return self.weeks

    def to_dict(self) -> dict[str, Any]:
        return {"sv": self.sv, "sv_ready": self.sv_ready, "money": self.money, "infamy": self.infamy,
                "attraction": list(self.attraction), "rooms": list(self.rooms), "used": list(self.used),
                "crew": [m.to_dict() for m in self.crew], "schemes": list(self.schemes), "hand": list(self.hand),
                "pick": None if self.pick is None else list(self.pick), "weeks": self.weeks, "placed": self.placed}

    @classmethod
    def from_dict(cls, v: Any, where: str) -> Lair:
        r = Reader(v, where)
        lair = cls(r.str("sv"), r.int("money", 0, MAX_MONEY), r.list("attraction", lambda x, p: check_int(x, p, 0, MAX_POINTS), 4, 4))
        lair.sv_ready, lair.infamy = r.bool("sv_ready"), r.int("infamy", 0, MAX_POINTS)
        lair.rooms, lair.used = r.list("rooms", _card_id, 0, 200), r.list("used", _card_id, 0, 200)
        lair.schemes, lair.hand = r.list("schemes", _card_id, 0, 200), r.list("hand", _card_id, 0, 200)
        lair.crew = r.list("crew", Member.from_dict, 0, 60)
        pick = r.raw("pick")
        lair.pick = None if pick is None else [check_str(x, f"{where}.pick") for x in (pick if isinstance(pick, list) else [None])]
        if lair.pick is not None and (len(lair.pick) != 2 or lair.pick[1] not in ("build", "sell")):
            raise InvalidStateError(f"{where}.pick should be [room, 'build' or 'sell'] or null")
        lair.weeks = r.optional_int("weeks", 0, 40)
        lair.placed = r.int("placed", 0, MAX_PLACED)
        r.done()
        return lair


_new_lair = object.__new__


# -- the fields: how each is copied, saved and read back -------------------------------------------------
def _seats(key: str) -> Field:
    def read(r: Reader, s: ManiacalState) -> list[int]:
        n = len(s.lairs)
        return r.list(key, lambda x, p: check_int(x, p, 0, n - 1), 0, n)

    return Field(key, LIST, read=read)


def _read_decks(r: Reader, s: ManiacalState) -> dict[str, list[str]]:
    decks = r.obj("decks")
    out = {d: decks.list(d, _card_id, 0, 200) for d in DECKS}
    decks.done()
    return out


def _read_options(r: Reader, s: ManiacalState) -> dict[str, bool]:
    opts = r.obj("options")
    out = {"bodyguard": opts.bool("bodyguard")}
    opts.done()
    return out


def _read_bonus(r: Reader, s: ManiacalState) -> list[int]:
    n = len(s.lairs)
    return r.list("bonus", lambda x, p: check_int(x, p, 0, MAX_POINTS), n, n)


def _data_field() -> Field:
    """The component data: a person's own document saved whole (a save never names a path); the built-in data
    is not written at all, so saves of it are the same as before the `data` option (and they load as built-in)."""
    field = data_field(default_data, lambda raw: data_from_document(raw, "state.data"), ManiacalDataError)
    builtin_or_own = field.read
    if builtin_or_own is None:
        raise ValueError("data_field has a read")

    def read(r: Reader, s: ManiacalState) -> ManiacalData:
        return builtin_or_own(r, s) if r.optional("data") else default_data()

    return replace(field, read=read, omit=lambda data: data.raw is None)


def _read_recruiting(r: Reader, s: ManiacalState) -> tuple[int, int, int] | None:
    """The offer waiting for its recruiter's choice (option optional_recruit): (type index, slot, seat); absent: none."""
    if not r.optional("recruiting"):
        return None
    n = len(s.lairs)
    t, k, seat = r.list("recruiting", lambda x, p: check_int(x, p, 0, 99), 3, 3)
    if t >= len(TYPES) or k >= 2 or seat >= n:
        raise InvalidStateError(f"state.recruiting {[t, k, seat]} is not [type 0..3, slot 0..1, seat]")
    return (t, k, seat)


def _read_flag(key: str) -> Field:
    """A true/false option saved only when on (older saves, and saves with it off, lack the key)."""
    return Field(key, read=lambda r, s: r.optional(key) and r.bool(key), omit=lambda v: not v)


def _save_lairs(lairs: list[Lair]) -> list[dict[str, Any]]:
    return [lair.to_dict() for lair in lairs]


def _save_decks(decks: dict[str, list[str]]) -> dict[str, list[str]]:
    return {k: list(v) for k, v in decks.items()}


def copy_attempt(value: Any) -> Any:
    """A deep copy of the attempt's JSON-like record (lists and dicts), so no two saves share a part."""
    if isinstance(value, dict):
        return {k: copy_attempt(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_attempt(v) for v in value]
    return value


FIELDS = Fields(
    _data_field(),  # the builtin data (not written), or a person's own document (MA-053 ..)
    Field("lairs", ROWS, read=lambda r, s: r.list("lairs", Lair.from_dict, 2, 5), save=_save_lairs),
    Field("round", read=lambda r, s: r.int("round", 1, 3)),
    Field("step", read=lambda r, s: r.str("step", PHASES.ids)),  # the phase id
    _seats("order"),  # MA-027: Player Order track for this round, 1st first
    _seats("next_order"),  # MA-087: the order tokens leave the Time track
    Field("decks", ROWS, read=_read_decks, save=_save_decks),
    Field("map", LIST, read=lambda r, s: r.list("map", _card_id, 6, 6)),  # MA-105: the contract on each continent A..F
    Field("pick_no", read=lambda r, s: r.int("pick_no", 1, 3)),  # which of the 3 build/sell decisions (MA-048)
    Field("attempt", DICT, read=lambda r, s: r.raw("attempt"), save=copy_attempt),  # checked by validate.py
    _seats("queue"),  # seats still to act in Clean-up (salaries, firing)
    Field("counter", read=lambda r, s: r.int("counter", 0, MAX_PLACED)),  # stacking counter for the Time track (MA-085)
    Field("bonus", LIST, read=_read_bonus),  # MA-220: money-rank Infamy bonus at game end
    Field("options", DICT, read=_read_options),
    Field("rng", read=lambda r, s: r.int("rng", 0, 2**64 - 1)),
    _read_flag("optional_recruit"),  # AMB-05: the recruiter may decline an offer
    Field("recruiting", read=_read_recruiting, omit=lambda v: v is None),  # the offer waiting for its recruiter's choice
    legacy=("events",),  # the whole game's log, saved before narration became per move (issue 26)
)


class ManiacalState(FieldState):
    """The whole table. `step` is the phase id; `attempt` holds a contract attempt in progress."""

    FIELDS = FIELDS
    data: ManiacalData
    lairs: list[Lair]
    round: int
    step: str
    order: list[int]
    next_order: list[int]
    decks: dict[str, list[str]]
    map: list[str]
    pick_no: int
    attempt: Attempt | None
    queue: list[int]
    counter: int
    bonus: list[int]
    options: dict[str, bool]
    optional_recruit: bool
    recruiting: tuple[int, int, int] | None

    @classmethod
    def new(cls, data: ManiacalData, rng: int, bodyguard: bool, optional_recruit: bool = False) -> ManiacalState:
        """A table before setup: no lairs, empty decks (game.start fills them)."""
        return cls.make(data=data, lairs=[], round=1, step="draft", order=[], next_order=[],
                        decks={d: [] for d in DECKS}, map=[], pick_no=1, attempt=None, queue=[], counter=0, bonus=[],
                        options={"bodyguard": bodyguard}, rng=rng, optional_recruit=optional_recruit, recruiting=None)

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
            for i, lair in enumerate(self.lairs):
                if lair.pick is None:
                    return i
            raise StopIteration
        if step in ("salaries", "firing"):
            return self.queue[0]
        if step == "recruit":  # AMB-05 (optional_recruit): the top attraction decides
            recruiting = self.recruiting
            if recruiting is None:
                raise ValueError("no offer waits for a recruiter")
            return recruiting[2]
        if attempt is None:
            return self.active_seat()
        if step == "remove_die":  # the 'remove one die' Scheme's player chooses (MA-170b)
            return attempt["negative"][0]
        if step == "scheme_window":
            return attempt["asked"][0]
        if step == "effect" and attempt["effects"][0][0] == "injure_after":
            return attempt["negative"][0]
        return attempt["seat"]  # the attempt's player keeps acting until it ends, even after paying time

    @property
    def ongoing(self) -> Attempt:
        """The attempt in progress (a contract, a room's refresh or a hospital visit): only asked for during one."""
        attempt = self.attempt
        if attempt is None:
            raise ValueError(f"no attempt is in progress in {self.step}")
        return attempt

    def seat_to_act(self) -> int:
        """The seat whose move it is (a player's, not the dice's, and the game not over)."""
        seat = self.current_player
        if seat is None or seat < 0:
            raise ValueError(f"no player acts in {self.step}")
        return seat

    @property
    def is_terminal(self) -> bool:
        """`current_player is None`, which is so exactly when the step is 'over' (read directly)."""
        return self.step == "over"

    def active_seat(self) -> int:
        """MA-083: the token furthest left on the Time track (most weeks left), the top one of a stack."""
        best, best_weeks, best_placed = -1, -1, -1  # max of (weeks, placed, seat): later seats win full ties
        for i, lair in enumerate(self.lairs):
            weeks = lair.weeks
            if weeks is not None and (weeks > best_weeks or (weeks == best_weeks and lair.placed >= best_placed)):
                best, best_weeks, best_placed = i, weeks, lair.placed
        if best < 0:
            raise ValueError("no Time token is on the Time track")
        return best

    @property
    def num_players(self) -> int:
        return len(self.lairs)
