"""Stable action ids (issue 38): every move of a game numbered 0..num_distinct_actions-1, the same in every process.

A game describes its actions by a *field-domain table*: for each action class, each field's domain (every value
the field can take, in a fixed order built from the game's data and rules, never from the order moves are met)::

    PLAYER = {Place: {"site": sites, "owner": (None, 0, 1, 2, 3, 4)}, Pass: {}}

An action's id is its class's offset plus the mixed-radix number of its fields' indexes (the first field most
significant). Chance outcomes are numbered the same way in a table of their own, from 0 (OpenSpiel's chance
actions are ids below `max_chance_outcomes`). Adding a field to an action class is one line in the table; a
table that misses a field (or names one the class does not have) is refused when the codec is built.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import InvalidActionError

Domain = Sequence[Any]
MEMO_SIZE = 1 << 16  # action objects whose ids a codec remembers
FieldTable = Mapping[type, Mapping[str, Domain]]  # action class -> field -> every value it may take


@dataclass(frozen=True)
class ClassCode:
    """One action class's block of ids: `offset` .. `offset + size - 1`."""

    cls: type
    offset: int
    names: tuple[str, ...]
    domains: tuple[tuple[Any, ...], ...]
    indexes: tuple[dict[Any, int], ...]
    size: int

    def encode(self, action: Any) -> int:
        number = 0
        for name, domain, index in zip(self.names, self.domains, self.indexes):
            value = getattr(action, name)
            at = index.get((type(value), value))
            if at is None:
                raise InvalidActionError(f"{action!r} has no id: its {name} {value!r} is outside its domain")
            number = number * len(domain) + at
        return self.offset + number

    def decode(self, number: int) -> Any:
        values = []
        for domain in reversed(self.domains):
            number, at = divmod(number, len(domain))
            values.append(domain[at])
        return self.cls(**dict(zip(self.names, reversed(values))))


def _class_code(cls: type, fields: Mapping[str, Domain], offset: int) -> ClassCode:
    declared = [f.name for f in dataclasses.fields(cls)]
    if set(declared) != set(fields):
        raise ValueError(f"the codec table for {cls.__name__} names fields {sorted(fields)}, the class has {declared}")
    domains = tuple(tuple(fields[name]) for name in declared)
    for name, domain in zip(declared, domains):
        keys = [(type(v), v) for v in domain]
        if not domain or len(set(keys)) != len(keys):
            raise ValueError(f"the domain of {cls.__name__}.{name} is empty or repeats a value")
    size = 1
    for domain in domains:
        size *= len(domain)
    indexes = tuple({(type(v), v): i for i, v in enumerate(domain)} for domain in domains)
    return ClassCode(cls, offset, tuple(declared), domains, indexes, size)


def _block(table: FieldTable) -> tuple[tuple[ClassCode, ...], int]:
    codes, offset = [], 0
    for cls, fields in table.items():
        code = _class_code(cls, fields, offset)
        codes.append(code)
        offset += code.size
    return tuple(codes), offset


class ActionCodec:
    """Player moves numbered 0..num_distinct_actions-1 and chance outcomes 0..max_chance_outcomes-1."""

    def __init__(self, player: FieldTable, chance: FieldTable | None = None):
        chance = chance or {}
        both = set(player) & set(chance)
        if both:
            raise ValueError(f"an action class is either a move or a chance outcome, not both: {sorted(c.__name__ for c in both)}")
        self.player, self.num_distinct_actions = _block(player)
        self.chance, self.max_chance_outcomes = _block(chance)
        self._by_class = {code.cls: code for code in self.player + self.chance}
        self._memo: dict[int, tuple[Any, int]] = {}  # id(action) -> (action, its id): games hand out the same objects
        self._by_value: dict[Any, int] = {}  # action -> its id: and equal actions built afresh

    def ids(self, actions: Iterable[Any]) -> list[int]:
        """The ids of `actions`, in their order. Remembers each action's id (by the object, kept alive with it, and
        by value), since a game's generator hands out the same actions again and again (the playout hot path)."""
        memo, by_value, out = self._memo, self._by_value, []
        for action in actions:
            hit = memo.get(id(action))
            if hit is not None and hit[0] is action:
                out.append(hit[1])
                continue
            number = by_value.get(action)
            if number is None:  # met for the first time: remembered by object too
                if len(memo) >= MEMO_SIZE or len(by_value) >= MEMO_SIZE:
                    memo.clear()
                    by_value.clear()
                number = by_value[action] = self.encode(action)
                memo[id(action)] = (action, number)
            out.append(number)
        return out

    def encode(self, action: Any) -> int:
        """The action's id (a chance outcome's id among the chance outcomes)."""
        code = self._by_class.get(type(action))
        if code is None:
            raise InvalidActionError(f"{action!r} is not an action of this game")
        return code.encode(action)

    def decode(self, number: int, chance: bool = False) -> Any:
        """The action (a chance outcome when `chance`) whose id is `number`."""
        codes = self.chance if chance else self.player
        bound = self.max_chance_outcomes if chance else self.num_distinct_actions
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < bound:
            raise InvalidActionError(f"an action id is a whole number 0..{bound - 1}, not {number!r}")
        for code in reversed(codes):
            if number >= code.offset:
                return code.decode(number - code.offset)
        raise AssertionError("unreachable: block offsets start at 0")

    def describe(self) -> list[tuple[str, int, int, list[tuple[str, int]]]]:
        """Each class's (name, first id, block size, [(field, domain size)]): the encoding in numbers (docs)."""
        return [(c.cls.__name__, c.offset, c.size, [(n, len(d)) for n, d in zip(c.names, c.domains)])
                for c in self.player + self.chance]


def seats(players: int, none: bool = False) -> tuple[Any, ...]:
    """The domain of a seat field: 0..players-1, led by None when the field may be empty."""
    return ((None,) if none else ()) + tuple(range(players))


def optional(values: Iterable[Any], empty: Any = None) -> tuple[Any, ...]:
    """A domain led by its empty value (None or "")."""
    return (empty, *values)
