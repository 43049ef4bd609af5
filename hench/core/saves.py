"""Refusing a bad save by naming its field (issue 14), for every game.

`Game.load_state` reads a save with the game's own `from_dict`, checks the game's invariants
(`validate_state`), that the state plays on, and that it reads back to exactly what was saved. When one of
these fails without the game itself naming the field, the helpers here find it:

- `first_difference(saved, read_back)`: the first key path where the save and the state read from it
  differ, type included (`true` is not `1`, `1.0` is not `1`), e.g.
  ``state.players[1].score: saved -3, reads back as 0``;
- `locate_failure(read, data, exc)`: a raw error (KeyError, TypeError, ...) from reading a save is
  traced back to the last field the reader touched, by reading it again through a copy of the save that
  records every access, e.g. ``state.camps[2] is missing``; failing that, the save is compared with a
  fresh game's fields (missing, unknown, wrong type).

>>> first_difference({"a": [1, {"b": True}]}, {"a": [1, {"b": 1}]})
'state.a[1].b: saved true (a true/false), reads back as 1 (a whole number)'
>>> first_difference({"a": 1}, {"a": 1}) is None
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from .actions import seat_name
from .chance import CHANCE

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def key_path(path: str, key: Any) -> str:
    """`path.key` for a word, `path[3]` for an index, `path["odd key"]` otherwise."""
    if isinstance(key, int) and not isinstance(key, bool):
        return f"{path}[{key}]"
    if isinstance(key, str) and _WORD.fullmatch(key):
        return f"{path}.{key}"
    return f"{path}[{json.dumps(key) if isinstance(key, str) else repr(key)}]"


def shown(value: Any, limit: int = 60) -> str:
    """A value as it is written in a save (JSON), cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def kind(value: Any) -> str:
    """The JSON kind of a value: object, list, string, whole number, number, true/false, null."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "whole number"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _same_leaf(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    return a == b  # NaN differs from itself: a NaN in a save never reads back


def first_difference(saved: Any, read_back: Any, path: str = "state") -> str | None:
    """The first place where `read_back` (a state's `to_dict`) differs from `saved`, or None if equal.

    Lists and tuples compare alike (a `to_dict` may hold tuples); otherwise the JSON kinds must match."""
    if isinstance(saved, dict) and isinstance(read_back, dict):
        for key in read_back:
            if key not in saved:
                return f"{key_path(path, key)} is missing (the game reads it back as {shown(read_back[key])})"
        for key in saved:
            if key not in read_back:
                return f"{key_path(path, key)} is not a field of this game's saves (saved {shown(saved[key])})"
        for key in read_back:
            found = first_difference(saved[key], read_back[key], key_path(path, key))
            if found:
                return found
        return None
    if isinstance(saved, (list, tuple)) and isinstance(read_back, (list, tuple)):
        if len(saved) != len(read_back):
            return f"{path}: saved {len(saved)} items, reads back as {len(read_back)}: saved {shown(saved)}"
        for i, (a, b) in enumerate(zip(saved, read_back)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    if _same_leaf(saved, read_back):
        return None
    if kind(saved) != kind(read_back):
        return f"{path}: saved {shown(saved)} (a {kind(saved)}), reads back as {shown(read_back)} (a {kind(read_back)})"
    return f"{path}: saved {shown(saved)}, reads back as {shown(read_back)}"


# -- tracing a raw error back to the field -----------------------------------------------------------
class _Trace:
    def __init__(self) -> None:
        self.path = ""
        self.missing = False
        self.value: Any = None

    def note(self, path: str, value: Any = None, missing: bool = False) -> None:
        self.path, self.value, self.missing = path, value, missing


class _TracedDict(dict[Any, Any]):
    """A dict that records, in its `_Trace`, the path of every field read from it."""

    __slots__ = ("_path", "_trace")
    _path: str
    _trace: _Trace

    def __getitem__(self, key: Any) -> Any:
        present = dict.__contains__(self, key)
        where = key_path(self._path, key)
        self._trace.note(where, dict.get(self, key), missing=not present)
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        present = dict.__contains__(self, key)
        self._trace.note(key_path(self._path, key), dict.get(self, key, default), missing=not present)
        return dict.get(self, key, default)

    def items(self) -> Iterator[tuple[Any, Any]]:  # type: ignore[override]
        for key, value in dict.items(self):
            self._trace.note(key_path(self._path, key), value)
            yield key, value

    def values(self) -> Iterator[Any]:  # type: ignore[override]
        for key, value in dict.items(self):
            self._trace.note(key_path(self._path, key), value)
            yield value


class _TracedList(list[Any]):
    """A list that records, in its `_Trace`, the path of every item read from it."""

    __slots__ = ("_path", "_trace")
    _path: str
    _trace: _Trace

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, int) and not isinstance(index, bool):
            n = len(self)
            at = index + n if index < 0 else index
            self._trace.note(f"{self._path}[{at}]" if 0 <= at < n else f"{self._path}[{index}]",
                             list.__getitem__(self, index) if -n <= index < n else None, missing=not -n <= index < n)
        else:
            self._trace.note(self._path, self)
        return list.__getitem__(self, index)

    def __iter__(self) -> Iterator[Any]:
        for i in range(len(self)):
            value = list.__getitem__(self, i)
            self._trace.note(f"{self._path}[{i}]", value)
            yield value


def _traced(value: Any, path: str, trace: _Trace, depth: int = 0) -> Any:
    if depth > 200:
        return value
    if isinstance(value, dict):
        out = _TracedDict({k: _traced(v, key_path(path, k), trace, depth + 1) for k, v in value.items()})
        out._path, out._trace = path, trace
        return out
    if isinstance(value, list):
        out_list = _TracedList(_traced(v, f"{path}[{i}]", trace, depth + 1) for i, v in enumerate(value))
        out_list._path, out_list._trace = path, trace
        return out_list
    return value


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in dict.items(value)}
    if isinstance(value, list):
        return [_plain(v) for v in list.__iter__(value)]
    return value


def _trace_read(read: Callable[[Any], Any], data: Any, exc: BaseException) -> str | None:
    trace = _Trace()
    try:
        read(_traced(data, "state", trace))
    except Exception as again:  # any error: it is being explained, not hidden
        if type(again) is not type(exc) or not trace.path:
            return None
        if trace.missing:
            return f"{trace.path} is missing"
        if isinstance(exc, LookupError):
            return None  # a missing key or index the trace did not see: the reader works on a copy
        value = _plain(trace.value)
        return f"{trace.path} ({shown(value)}, a {kind(value)}) is not what this game reads there"
    return None


def template_difference(data: Any, template: Any, path: str = "state", depth: int = 0) -> str | None:
    """Missing fields, unknown fields and wrong kinds of value, compared with a fresh game's save (`template`);
    a list's items are compared with the template's item at the same place, or its last one."""
    if depth > 8:
        return None
    if isinstance(template, dict):
        if not isinstance(data, dict):
            return f"{path} should be an object, got {shown(data)}"
        for key in template:
            if key not in data:
                return f"{key_path(path, key)} is missing"
        for key in data:
            if key not in template:
                return f"{key_path(path, key)} is not a field of this game's saves"
        for key in template:
            found = template_difference(data[key], template[key], key_path(path, key), depth + 1)
            if found:
                return found
        return None
    if template is None or data is None:
        return None  # optional values: no kind to compare
    if kind(data) != kind(template):
        return f"{path} should be a {kind(template)}, got {shown(data)}"
    if isinstance(template, (list, tuple)) and template:
        for i, item in enumerate(data):
            found = template_difference(item, template[min(i, len(template) - 1)], f"{path}[{i}]", depth + 1)
            if found:
                return found
    return None


def locate_failure(read: Callable[[Any], Any], data: Any, exc: BaseException,
                   template: Callable[[], Any] | None = None) -> str | None:
    """Where in `data` reading it (`read(data)`) failed with the raw error `exc`: the path of the field, or
    None if neither the trace nor the comparison with a fresh game's save (`template()`) finds it."""
    try:
        found = _trace_read(read, data, exc)
    except RecursionError:
        found = None
    if found is None and template is not None:
        try:
            found = template_difference(data, template())
        except Exception:  # a hint only
            found = None
    return found


def no_move_message(game_id: str, state: Any) -> str:
    """The refusal of a live state where nobody has a legal move, naming the phase and the seat to move."""
    try:
        who = "chance" if state.current_player == CHANCE else seat_name(state.current_player)
        where = f"state.phase is {state.phase!r} with {who} to move, but there is no legal move"
    except Exception:  # the state is broken; say what we can
        where = "state: nobody has a legal move"
    return f"{where}: the saved {game_id} state was edited or is corrupt"
