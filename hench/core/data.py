"""Component data in TOML (standard-library `tomllib`): built-in files, a user's own file, and the
`assumed` rows the apps show as assumptions.

Every value the rulebook text does not give carries ``source = "assumed"`` and a ``note``; values the
text gives carry ``source = "rulebook"``. A user's file is read only when a person names it at
`new_game` (never because a save names it), is size-limited, must be a regular file, and is checked
field by field (`hench.core.schema.Reader` with the game's `DataError`).
"""

from __future__ import annotations

import datetime
import os
import stat
import tomllib
from collections.abc import Iterable
from importlib import resources
from typing import Any, NamedTuple

from .errors import HenchError

SOURCES = ("rulebook", "assumed")
MAX_DATA_BYTES = 512 * 1024


class DataError(HenchError, ValueError):
    """A data file that cannot be used; the message names the file, the field and what is allowed."""


class Assumption(NamedTuple):
    """One row of the assumptions table: what, the value in force, its source, and a note."""

    what: str
    value: str
    source: str
    note: str


def builtin_text(package: str, name: str) -> str:
    """A data file shipped in `package`'s data/ folder."""
    return resources.files(package).joinpath("data", name).read_text(encoding="utf-8")


def read_user_file(path: str | os.PathLike[str], error: type[HenchError] = DataError) -> str:
    """The text of a person's own data file: a regular file of at most MAX_DATA_BYTES, UTF-8."""
    if not isinstance(path, (str, os.PathLike)) or "\0" in str(path):
        raise error(f"a data file is named by its path, got {path!r}")
    where = str(path)
    try:
        info = os.stat(where)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{where}: not a regular file")
        if info.st_size > MAX_DATA_BYTES:
            raise error(f"{where}: {info.st_size:,} bytes; a data file is at most {MAX_DATA_BYTES:,} bytes")
        with open(where, "rb") as handle:
            raw = handle.read(MAX_DATA_BYTES + 1)
    except OSError as exc:
        raise error(f"{where}: cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_DATA_BYTES:
        raise error(f"{where}: a data file is at most {MAX_DATA_BYTES:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{where}: not UTF-8 text") from None


MAX_NESTING = 16  # arrays and inline tables inside one another: the games' data needs 3
MAX_DIGITS = 30  # digits of a whole number: the games' data needs 4


def parse_toml(text: str, where: str, error: type[HenchError] = DataError) -> dict[str, Any]:
    """A TOML document with only JSON-like values (no dates or times: saves must stay JSON), nested at most
    MAX_NESTING deep (checked before parsing: the parser recurses) and with no number of over MAX_DIGITS digits."""
    depth = nesting_depth(text)
    if depth > MAX_NESTING:
        raise error(f"{where}: arrays or inline tables nested {depth} deep; game data is nested at most {MAX_NESTING} deep")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{where}: not valid TOML ({exc})") from None
    except (RecursionError, ValueError) as exc:  # nesting the scan missed; an integer beyond Python's digit limit
        raise error(f"{where}: not usable TOML ({type(exc).__name__}: {str(exc)[:120]})") from None
    _check_values(doc, where, error)
    return doc


def nesting_depth(text: str) -> int:
    """The deepest nesting of [ and { outside strings and comments (a table header [a] or [[a]] counts too)."""
    depth = deepest = i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif c in "\"'":
            quote = c * 3 if text.startswith(c * 3, i) else c
            i = _string_end(text, i + len(quote), quote)
            continue
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1
    return deepest


def _string_end(text: str, i: int, quote: str) -> int:
    """The index just after the string that starts at `i` (after its opening `quote`)."""
    escapes = quote[0] == '"'
    while i < len(text):
        if escapes and text[i] == "\\":
            i += 2
        elif text.startswith(quote, i):
            return i + len(quote)
        elif len(quote) == 1 and text[i] == "\n":
            return i  # an unterminated one-line string: the parser will say so
        else:
            i += 1
    return i


def _check_values(value: Any, where: str, error: type[HenchError]) -> None:
    if isinstance(value, (datetime.date, datetime.time)):
        raise error(f"{where}: dates and times are not game data (found {value!r})")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
        raise error(f"{where}: a number of {len(str(abs(value)))} digits; game data uses numbers of at most {MAX_DIGITS} digits")
    if isinstance(value, dict):
        for key, item in value.items():
            _check_values(item, f"{where}.{key}", error)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check_values(item, f"{where}[{i}]", error)


def source_of(row: dict[str, Any], where: str, error: type[HenchError] = DataError) -> tuple[str, str]:
    """(source, note) of a data row; `source` must be 'rulebook' or 'assumed' (default 'assumed')."""
    source, note = row.get("source", "assumed"), row.get("note", "")
    if source not in SOURCES:
        raise error(f"{where}.source is {source!r}; expected one of {list(SOURCES)}")
    if not isinstance(note, str):
        raise error(f"{where}.note should be text, got {note!r}")
    return source, note


def assumed_only(rows: Iterable[Assumption]) -> list[Assumption]:
    """The rows a person must be told are assumptions, not the publisher's values."""
    return [row for row in rows if row.source == "assumed"]


def plain(value: Any) -> str:
    """A value of the component data in plain words for the assumptions table, never in Python's notation:
    a flat list "1, 2, 3"; a list of lists "4/2/0; 2/2/2"; a mapping "visit 2, contract min 3"; yes/no."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, str):
        return value.replace("_", " ")
    if isinstance(value, dict):
        return ", ".join(f"{plain(k)} {plain(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        if any(isinstance(v, (list, tuple)) for v in value):
            return "; ".join("/".join(plain(x) for x in v) if isinstance(v, (list, tuple)) else plain(v) for v in value)
        return ", ".join(plain(v) for v in value)
    return str(value)


def reading_rows(readings: Iterable[Any], options: Any = None, source: Any = "assumed") -> list[Assumption]:
    """One assumptions-table row per reading of a catalogue ambiguity (hench.core.Reading), saying in plain
    words whether an option of the new game changes it, and its default. `source` is a string or a function of
    the reading (a reading of a rulebook rule may be the rulebook's own)."""
    rows = []
    for r in readings:
        option = options.get(r.option) if options is not None and r.option else None
        if option is not None:
            note = f"the option “{plain(option.name)}” changes it (by default {plain(option.default)}"
            note += f"; it may be {', '.join(plain(c) for c in option.choices)})" if option.choices else ")"
        elif r.option:
            note = f"the option “{plain(r.option)}” changes it"
        else:
            note = "the engine's fixed reading (no option)"
        rows.append(Assumption(f"reading {r.id}", r.text, source(r) if callable(source) else source, note))
    return rows
