"""Checked reading of saved states: every problem becomes an InvalidStateError that names the field."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from .errors import InvalidStateError

T = TypeVar("T")


class Reader:
    """Reads fields of one JSON object, checking type and range, naming the path on error.

    >>> r = Reader({"day": 2}, "state")
    >>> r.int("day", 1, 4)
    2
    """

    def __init__(self, data: Any, where: str = "state"):
        if not isinstance(data, dict):
            raise InvalidStateError(f"{where} should be an object, got {type(data).__name__}")
        self.data = data
        self.where = where
        self._seen: set[str] = set()

    def _get(self, key: str) -> Any:
        if key not in self.data:
            raise InvalidStateError(f"{self.where}.{key} is missing")
        self._seen.add(key)
        return self.data[key]

    def fail(self, key: str, why: str) -> InvalidStateError:
        return InvalidStateError(f"{self.where}.{key} {why}")

    def int(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        v = self._get(key)
        return check_int(v, f"{self.where}.{key}", lo, hi)

    def optional_int(self, key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        v = self._get(key)
        return None if v is None else check_int(v, f"{self.where}.{key}", lo, hi)

    def bool(self, key: str) -> bool:
        v = self._get(key)
        if not isinstance(v, bool):
            raise self.fail(key, f"should be true or false, got {v!r}")
        return v

    def str(self, key: str, choices: Iterable[str] | None = None) -> str:
        v = self._get(key)
        if not isinstance(v, str):
            raise self.fail(key, f"should be a string, got {v!r}")
        if choices is not None and v not in set(choices):
            raise self.fail(key, f"is {v!r}; expected one of {sorted(set(choices))}")
        return v

    def list(self, key: str, item: Callable[[Any, str], T] | None = None,
             min_len: int | None = None, max_len: int | None = None) -> list[T]:
        v = self._get(key)
        path = f"{self.where}.{key}"
        if not isinstance(v, list):
            raise InvalidStateError(f"{path} should be a list, got {type(v).__name__}")
        if min_len is not None and len(v) < min_len or max_len is not None and len(v) > max_len:
            raise InvalidStateError(f"{path} has {len(v)} items; expected {min_len}..{max_len}")
        return [item(x, f"{path}[{i}]") if item else x for i, x in enumerate(v)]

    def obj(self, key: str) -> "Reader":
        return Reader(self._get(key), f"{self.where}.{key}")

    def raw(self, key: str) -> Any:
        return self._get(key)

    def done(self) -> None:
        """Reject fields nobody read: a tampered or foreign file."""
        extra = set(self.data) - self._seen
        if extra:
            raise InvalidStateError(f"{self.where} has unexpected fields: {sorted(extra)}")


def check_int(v: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidStateError(f"{path} should be a whole number, got {v!r}")
    if lo is not None and v < lo or hi is not None and v > hi:
        raise InvalidStateError(f"{path} is {v}; expected {lo}..{hi}")
    return v


def check_str(v: Any, path: str, choices: Iterable[str] | None = None) -> str:
    if not isinstance(v, str):
        raise InvalidStateError(f"{path} should be a string, got {v!r}")
    if choices is not None and v not in set(choices):
        raise InvalidStateError(f"{path} is {v!r}; expected one of {sorted(set(choices))}")
    return v
