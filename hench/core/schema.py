"""Checked reading of saved states and data files: every problem becomes an error that names the field
(`InvalidStateError` for saves, the game's `DataError` for data files)."""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from .errors import HenchError, InvalidStateError

T = TypeVar("T")


class Reader:
    """Reads fields of one JSON object, checking type and range, naming the path on error.

    >>> r = Reader({"day": 2}, "state")
    >>> r.int("day", 1, 4)
    2
    """

    def __init__(self, data: Any, where: builtins.str = "state", error: type[HenchError] = InvalidStateError):
        if not isinstance(data, dict):
            raise error(f"{where} should be an object, got {type(data).__name__}")
        self.data = data
        self.where = where
        self.error = error
        self._seen: set[builtins.str] = set()

    def _get(self, key: builtins.str) -> Any:
        if key not in self.data:
            raise self.error(f"{self.where}.{key} is missing")
        self._seen.add(key)
        return self.data[key]

    def fail(self, key: builtins.str, why: builtins.str) -> HenchError:
        return self.error(f"{self.where}.{key} {why}")

    def int(self, key: builtins.str, lo: builtins.int | None = None, hi: builtins.int | None = None) -> builtins.int:
        v = self._get(key)
        return check_int(v, f"{self.where}.{key}", lo, hi, self.error)

    def optional_int(self, key: builtins.str, lo: builtins.int | None = None, hi: builtins.int | None = None) -> builtins.int | None:
        v = self._get(key)
        return None if v is None else check_int(v, f"{self.where}.{key}", lo, hi, self.error)

    def bool(self, key: builtins.str) -> builtins.bool:
        v = self._get(key)
        if not isinstance(v, bool):
            raise self.fail(key, f"should be true or false, got {v!r}")
        return v

    def str(self, key: builtins.str, choices: Iterable[builtins.str] | None = None) -> builtins.str:
        v = self._get(key)
        if not isinstance(v, str):
            raise self.fail(key, f"should be a string, got {v!r}")
        if choices is not None and v not in set(choices):
            raise self.fail(key, f"is {v!r}; expected one of {sorted(set(choices))}")
        return v

    def list(self, key: builtins.str, item: Callable[[Any, builtins.str], T] | None = None,
             min_len: builtins.int | None = None, max_len: builtins.int | None = None) -> builtins.list[T]:
        v = self._get(key)
        path = f"{self.where}.{key}"
        if not isinstance(v, list):
            raise self.error(f"{path} should be a list, got {type(v).__name__}")
        if (min_len is not None and len(v) < min_len) or (max_len is not None and len(v) > max_len):
            raise self.error(f"{path} has {len(v)} items; expected {min_len}..{max_len}")
        return [item(x, f"{path}[{i}]") if item else x for i, x in enumerate(v)]

    def obj(self, key: builtins.str) -> Reader:
        return Reader(self._get(key), f"{self.where}.{key}", self.error)

    def raw(self, key: builtins.str) -> Any:
        return self._get(key)

    def optional(self, key: builtins.str) -> builtins.bool:
        """Whether an optional field is present (then read it with the typed getters)."""
        return key in self.data

    def name(self, key: builtins.str) -> builtins.str:
        """A name a person types in a move: see `check_name`."""
        return check_name(self._get(key), f"{self.where}.{key}", self.error)

    def done(self) -> None:
        """Reject fields nobody read: a tampered or foreign file."""
        extra = set(self.data) - self._seen
        if extra:
            raise self.error(f"{self.where} has unexpected fields: {sorted(extra)}")



def check_int(v: Any, path: str, lo: int | None = None, hi: int | None = None,
              error: type[HenchError] = InvalidStateError) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise error(f"{path} should be a whole number, got {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise error(f"{path} is {v}; expected {lo}..{hi}")
    return v


def check_str(v: Any, path: str, choices: Iterable[str] | None = None,
              error: type[HenchError] = InvalidStateError) -> str:
    if not isinstance(v, str):
        raise error(f"{path} should be a string, got {v!r}")
    if choices is not None and v not in set(choices):
        raise error(f"{path} is {v!r}; expected one of {sorted(set(choices))}")
    return v


_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9'&.-]*( [A-Za-z0-9'&.-]+)*")


def check_name(v: Any, path: str, error: type[HenchError] = InvalidStateError, max_len: int = 40) -> str:
    """A name people type in moves: ASCII letters, digits and ' & . -, single spaces, 1..40 characters."""
    if not isinstance(v, str) or not v or len(v) > max_len or not _NAME.fullmatch(v):
        raise error(f"{path} should be a name of 1 to {max_len} letters, digits and single spaces "
                    f"that can be typed in a move, got {v!r}")
    return v


def check_unique_names(names: Iterable[str], path: str, error: type[HenchError] = InvalidStateError,
                       reserved: Iterable[str] = ()) -> None:
    """Names that differ only in case, or that equal a word moves use, would make typed moves ambiguous."""
    seen: dict[str, str] = {w.lower(): f"the word {w!r} used in moves" for w in reserved}
    for name in names:
        key = name.lower()
        if key in seen:
            raise error(f"{path}: {name!r} cannot be told apart from {seen[key]} in a typed move (case is ignored)")
        seen[key] = repr(name)
