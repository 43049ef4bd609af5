"""A game's state fields, declared once; the clone, copy-on-write successor, save and load built from them.

A game lists its position's fields in order, each with how it is copied, how it is saved and how a save of
it is read and checked:

    FIELDS = Fields(
        Field("banked", LIST, read=lambda r, s: r.list("banked", seat_points, 2, 3)),
        Field("seat", read=lambda r, s: r.int("seat", 0, len(s.banked) - 1)),
        Field("hands", ROWS, read=read_hands, save=save_hands),
    )

    class PigState(FieldState):
        FIELDS = FIELDS

and `FieldState` gives the game, written once here for every game:

- `successor()`: the copy `apply` hands to the transition. It shares every field with the state it came
  from; the transition takes ownership of a field before changing it in place: `s.own("banked")` (a copy
  the first time, the same object after), and of one row of a ROWS field: `s.own_item("hands", seat)`.
  A field is never changed in place without owning it first: `tests/playout_record.states_changed_later`
  (run for every game) catches a state changed by a later move.
- `clone()`: an independent deep copy (every container copied by its policy).
- `to_dict()` / `from_dict()`: the save, field by field in declared order; loading reads every field with
  its `read` (a `Reader` over the save and the state read so far, so a check may depend on earlier fields)
  and refuses unknown fields.
- `say(text, *rule_ids, seats=..., to=...)`: the narration of the move being applied (see `Line`).

Copy policies (what the successor shares until the transition owns the field):

- VALUE: an immutable value (int, str, bool, None, tuple, frozenset, a frozen record): replaced, never
  changed in place, so always shared.
- LIST / DICT / SET: one flat container changed in place: shallow-copied when owned.
- ROWS: a list (or dict) of mutable rows (hands per seat, pawns per site): the outer container is copied
  when owned, each row (`row.copy()`) when owned with `own_item`.
- DEEP: nested data changed anywhere: deep-copied when owned (`copy.deepcopy`; for rare, small fields).
- TEMP: not part of the position (a cache): reset to `default()` in every successor and clone, never saved.

A container field may be None while it is absent (a duel record between duels): clone and `own` keep None.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, TypeVar

from .errors import InvalidStateError
from .game import State
from .schema import Reader

VALUE, LIST, DICT, SET, ROWS, DEEP, TEMP = "value", "list", "dict", "set", "rows", "deep", "temp"
POLICIES = (VALUE, LIST, DICT, SET, ROWS, DEEP, TEMP)

S = TypeVar("S", bound="FieldState")


def _shallow(value: Any) -> Any:
    return None if value is None else value.copy()  # an optional container (None while absent) stays None


def _rows_deep(value: Any) -> Any:
    if value is None:
        return None
    if isinstance(value, dict):
        return {k: row.copy() if hasattr(row, "copy") else row for k, row in value.items()}
    return [row.copy() if hasattr(row, "copy") else row for row in value]


_OWN_COPY: dict[str, Callable[[Any], Any]] = {LIST: _shallow, DICT: _shallow, SET: _shallow, ROWS: _shallow, DEEP: _copy.deepcopy}
_SHALLOW, _ROWS, _NOT_OWNABLE = object(), object(), object()  # how `own` copies a field (else a copy function)
_CLONE_COPY: dict[str, Callable[[Any], Any]] = {LIST: _shallow, DICT: _shallow, SET: _shallow, ROWS: _rows_deep,
                                                DEEP: _copy.deepcopy}


def plain(value: Any) -> Any:
    """A field's default save form: JSON-like, with tuples as lists and sets as sorted lists."""
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(v) for v in value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Field:
    """One field of a game's state.

    `read(reader, state_so_far)` reads and checks the field from a save (it may call `reader.int(name, ...)`,
    `reader.list(name, ...)`...; the earlier fields are already set on `state_so_far`). `save(value)` gives
    the save form (default `plain`); `save_with(value, state)` instead, for a form that needs other fields
    (indices into the component data saved as the data's ids). `key` is the field's name in the save
    (default: `name`); a field with `saved=False` is rebuilt by `read` from the fields before it (the
    component data's tables, say). `group`: the save's sub-object the field is written in (the options, the
    turn in progress: `state.options.<key>`), whose `Reader` its `read` gets (unknown keys in it refused too).
    `omit(value)`: true for a value not written at all (a key older saves lack; `read` checks
    `reader.optional(key)`).
    """

    name: str
    copy: str = VALUE
    read: Callable[[Reader, Any], Any] | None = None
    save: Callable[[Any], Any] = plain
    default: Callable[[], Any] | None = None
    key: str | None = None
    saved: bool = True
    save_with: Callable[[Any, Any], Any] | None = None
    group: str | None = None
    omit: Callable[[Any], bool] | None = None

    def __post_init__(self) -> None:
        if self.copy not in POLICIES:
            raise ValueError(f"field {self.name}: copy policy {self.copy!r} is not one of {POLICIES}")
        if self.copy == TEMP and self.default is None:
            raise ValueError(f"field {self.name}: a TEMP field needs a default")
        if self.copy != TEMP and self.read is None:
            raise ValueError(f"field {self.name}: a saved field needs `read`, the check of its saved value")

    @property
    def save_key(self) -> str:
        return self.key or self.name


def data_field(builtin: Callable[[], Any], parse: Callable[[Any], Any], error: type[Exception]) -> Field:
    """The `data` field of a game with component data: saved as null for the builtin data, else the person's own
    document whole (a save never names a path); a saved document that is not usable data is refused, naming it."""

    def read(r: Reader, s: Any) -> Any:
        raw = r.raw("data")
        try:
            return builtin() if raw is None else parse(raw)
        except error as exc:
            raise InvalidStateError(f"state.data: {exc}") from None

    return Field("data", read=read, save=lambda data: plain(data.raw))


class Fields:
    """A state's fields in order (see the module docstring)."""

    def __init__(self, *fields: Field, legacy: tuple[str, ...] = ()):
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"duplicate field names: {sorted({n for n in names if names.count(n) > 1})}")
        self.fields = fields
        self.by_name = {f.name: f for f in fields}
        self.own_kind: dict[str, Any] = {f.name: _ROWS if f.copy == ROWS else _SHALLOW if f.copy in (LIST, DICT, SET)
                                         else _OWN_COPY[f.copy] for f in fields if f.copy in _OWN_COPY}
        self.clone_copy = tuple((f.name, _CLONE_COPY[f.copy]) for f in fields if f.copy in _CLONE_COPY)
        self.rows = frozenset(f.name for f in fields if f.copy == ROWS)
        self.temps = tuple((f.name, f.default) for f in fields if f.copy == TEMP)
        self.saved = tuple(f for f in fields if f.copy != TEMP and f.saved)
        self.writers = tuple((f.name, f.save_key, f.group, f.omit, f.save_with or _by_value(f.save)) for f in self.saved)
        self.loaded = tuple(f for f in fields if f.copy != TEMP)
        self.loaded_names = frozenset(f.name for f in self.loaded)
        self.made = tuple((f.name, f.default if f.copy == TEMP else None) for f in fields)  # how `make` sets each field
        self.legacy = legacy  # keys older saves have that are no longer part of the position: read and dropped

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)

    def names(self) -> list[str]:
        return [f.name for f in self.fields]


def _by_value(save: Callable[[Any], Any]) -> Callable[[Any, Any], Any]:
    return lambda value, state: save(value)


class Line(NamedTuple):
    """One line of a move's narration: what happened, in plain words, as it happened.

    `rules`: the rule IDs behind it; `seats`: the seats it concerns; `to`: None for a public line, else the
    seats that may read it (a card drawn is told to its drawer; the others get their own, vaguer line).
    An immutable record (a named tuple; `FieldState.say` keeps the plain tuple, `narration` makes the Lines).
    """

    text: str
    rules: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) may read this line."""
        return self.to is None or (seat is not None and seat in self.to)

    def __str__(self) -> str:
        return self.text


_WHOLE: frozenset[int] = frozenset()  # `_owned`'s mark of a field owned whole (not a ROWS field)
_new_line = tuple.__new__  # a Line from the tuple of its fields, without the generated __new__'s call


class FieldState(State):
    """A `State` whose fields are declared in `FIELDS`: clone, successor, save and load come from there.

    Every instance has the same attributes in the same order (declared fields, then `_legal`, `_owned`,
    `said`): a plain attribute dict of one layout keeps CPython's attribute reads fast on the hot path.
    """

    FIELDS: ClassVar[Fields]
    # What the move being applied has taken ownership of (None: every field is this state's own: a new state, a
    # clone, a load): each field owned, by name: _WHOLE, or for a ROWS field the rows this move has copied, the one
    # row itself or a tuple of them (a row is the move's own exactly when it is one of these objects, wherever it has
    # moved to in the field since; rows are lists or dicts, never tuples).
    _owned: dict[str, Any] | None
    # What the move that made this state did, in words: each line as the plain tuple (text, rules, seats, to) it
    # was said with (cheaper to keep than a Line on the playout hot path); `narration` reads them as Lines.
    said: list[tuple[str, tuple[str, ...], tuple[int, ...], tuple[int, ...] | None]]

    @classmethod
    def make(cls: type[S], **values: Any) -> S:
        """A new state from its fields' values (every declared field but TEMP ones, which take their default)."""
        fields = cls.FIELDS
        if values.keys() != fields.loaded_names:  # (the common case checked in one comparison)
            missing = [f.name for f in fields.loaded if f.name not in values]
            extra = set(values) - set(fields.by_name)
            if missing or extra:
                raise TypeError(f"{cls.__name__}.make: missing fields {missing}, unknown fields {sorted(extra)}")
        d: dict[str, Any] = {}
        for name, default in fields.made:
            d[name] = values[name] if default is None else default()
        return cls._from_attrs(d, None, [])

    @classmethod
    def _from_attrs(cls: type[S], d: dict[str, Any], owned: dict[str, Any] | None, said: list[Any]) -> S:
        d["_legal"], d["_owned"], d["said"] = None, owned, said
        s = object.__new__(cls)
        s.__dict__ = d
        return s

    # -- copy on write ------------------------------------------------------------------
    def successor(self: S) -> S:
        d = self.__dict__.copy()
        cls = type(self)
        temps = cls.FIELDS.temps
        if temps:
            for name, default in temps:
                d[name] = default()  # type: ignore[misc]
        d["_legal"], d["_owned"], d["said"] = None, {}, []
        s = object.__new__(cls)
        s.__dict__ = d
        return s

    def apply(self: S, action: Any) -> S:
        """`State.apply` with `successor` written in (the playout hot path: a call less per move): the same
        checks (an illegal action raises and leaves the state unchanged), the same copy, the action's transition."""
        cached = self._legal
        if cached is None:
            cached = self._legal = self._legal_actions()
        for known in cached:  # a bot's action is one of the cached ones: found by identity first (a plain loop, cheaper
            if known is action:  # on these short lists than any(map(is_, ...)) and its three objects)
                break
        else:  # then the move's text, parsed, or an action rebuilt: found by equality
            if isinstance(action, str):
                action = self.game.parse_action(self, action)
            try:
                legal = action in cached
            except TypeError:  # an alien value compared with the actions
                legal = False
            if not legal:
                self.check(action)
        cls = type(self)
        d = self.__dict__.copy()  # `successor()`, inlined
        temps = cls.FIELDS.temps
        if temps:
            for name, default in temps:
                d[name] = default()  # type: ignore[misc]
        d["_legal"], d["_owned"], d["said"] = None, {}, []
        nxt = object.__new__(cls)
        nxt.__dict__ = d
        cls.game.handlers[type(action)](nxt, action)
        return nxt

    def own(self, name: str) -> Any:
        """Field `name`, this state's own to change in place (copied the first time a move asks)."""
        owned = self._owned
        if owned is None or name in owned:
            return self.__dict__[name]
        d = self.__dict__
        shared = d[name]
        kinds = type(self).FIELDS.own_kind
        kind: Any = kinds[name] if name in kinds else _NOT_OWNABLE
        if kind is _SHALLOW:  # the common case, without a call per copy
            value = d[name] = shared if shared is None else shared.copy()  # an optional container stays None
            owned[name] = _WHOLE
        elif kind is _ROWS:
            value = d[name] = shared if shared is None else shared.copy()
            owned[name] = ()  # no row copied yet
        elif kind is _NOT_OWNABLE:
            raise TypeError(f"{type(self).__name__}.{name} is not a container field (declared "
                            f"{self.FIELDS.by_name[name].copy if name in self.FIELDS.by_name else 'nowhere'})")
        else:
            value = d[name] = kind(shared)
            owned[name] = _WHOLE
        return value

    def own_item(self, name: str, key: Any) -> Any:
        """Row `key` of a ROWS field, this state's own to change in place (the field owned too). A row is
        copied once per move, even if the move has reordered the field's rows since."""
        owned = self._owned
        d = self.__dict__
        if owned is None:
            return d[name][key]
        if name not in owned:  # the field's first row this move: `own(name)` for a ROWS field, inlined (the hot path)
            if name not in type(self).FIELDS.rows:
                raise TypeError(f"{type(self).__name__}.{name} is not a ROWS field: own it whole with own({name!r})")
            rows = d[name] = d[name].copy()
            row = owned[name] = rows[key] = rows[key].copy()
            return row
        mine = owned[name]
        rows = d[name]
        row = rows[key]
        if mine is row:  # the one row this move has copied so far
            return row
        if type(mine) is tuple:  # the rows this move has copied (by identity: a row may have moved in the field since)
            for copied in mine:
                if copied is row:
                    return row
        elif mine is _WHOLE:
            raise TypeError(f"{type(self).__name__}.{name} is not a ROWS field: own it whole with own({name!r})")
        else:
            mine = (mine,)
        row = rows[key] = row.copy()  # still a row the state before shares: copied now
        owned[name] = (*mine, row)
        return row

    def clone(self: S) -> S:
        d = self.__dict__.copy()
        for name, how in self.FIELDS.clone_copy:
            d[name] = how(d[name])
        for name, default in self.FIELDS.temps:
            d[name] = default()  # type: ignore[misc]
        return type(self)._from_attrs(d, None, list(self.said))

    # -- narration ----------------------------------------------------------------------
    def say(self, text: str, *rules: str, seats: Iterable[int] = (), to: Iterable[int] | None = None) -> None:
        """Narrate the move being applied: `text` in plain words, the rule IDs behind it, the seats it
        concerns, and `to` (None: everyone may read it; else only these seats)."""
        if type(seats) is not tuple:
            seats = tuple(seats)
        if to is not None and type(to) is not tuple:
            to = tuple(to)
        self.said.append((text, rules, seats, to))

    def narration(self, seat: int | None = None) -> list[Line]:
        """What the move that made this state did, as `seat` may read it (None: a spectator)."""
        return [_new_line(Line, said) for said in self.said if said[3] is None or (seat is not None and seat in said[3])]

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        d = self.__dict__
        out: dict[str, Any] = {}
        for name, key, group, omit, write in self.FIELDS.writers:
            value = d[name]
            if omit is not None and omit(value):
                continue
            (out if group is None else out.setdefault(group, {}))[key] = write(value, self)
        return out

    @classmethod
    def from_dict(cls: type[S], data: dict[str, Any]) -> S:
        """The state a save holds; every field is read and checked by its `read`, unknown fields refused."""
        r = Reader(data)
        s = object.__new__(cls)
        d: dict[str, Any] = {}
        s.__dict__ = d
        d["_legal"], d["_owned"], d["said"] = None, None, []
        groups: dict[str, Reader] = {}
        for f in cls.FIELDS:
            if f.copy == TEMP:
                d[f.name] = f.default()  # type: ignore[misc]
            elif f.group is None:
                d[f.name] = f.read(r, s)  # type: ignore[misc]
            else:
                if f.group not in groups:
                    groups[f.group] = r.obj(f.group)
                d[f.name] = f.read(groups[f.group], s)  # type: ignore[misc]
        for key in cls.FIELDS.legacy:
            if r.optional(key):
                r.raw(key)
        for group in groups.values():
            group.done()
        r.done()
        # the same attribute order as `make`: declared fields first
        ordered = {f.name: d[f.name] for f in cls.FIELDS}
        return cls._from_attrs(ordered, None, [])
