"""Component data of Huns: cards, Wagons and dice, read from `data/*.toml` with `tomllib`.

The rulebook text gives the card types, counts and timing icons but not the cards themselves, the
Wagon layouts or the dice faces. Those values are PLACEHOLDERS (`source = "assumed"`) proposed in
the catalogue (section 5). A player with the physical game can load their own file:

>>> from hench.huns.data import default_data
>>> len(default_data().cards), len(default_data().wagons)
(60, 32)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from hench.core import Dist, HenchError

COLOURS = ("blue", "red", "green", "black", "yellow")  # HU-010, HU-018: fixed order B R G K Y
LETTERS = "BRGKY"
KINDS = ("Equipment", "Raid", "Mercenary", "Curse", "Treasure")  # HU-010: colour -> card type
BLUE, RED, GREEN, BLACK, YELLOW = range(5)
TIMINGS = ("begin", "during", "after", "anytime", "end")  # HU-069

# Effect vocabulary, by the card colour that may carry it (catalogue section 5).
PASSIVE = ("saddlebag", "extra_draw", "extra_draw_curse", "extra_cube", "swift_horse", "wild_cube", "diviner", "bodyguard")
EFFECTS: dict[int, tuple[str, ...]] = {
    BLUE: PASSIVE + ("none",),
    RED: ("raid_cubes", "ambush", "forced_march", "scouting_party", "open_raid", "none"),
    GREEN: PASSIVE + ("none",),
    BLACK: ("blight", "lame_horse", "broken_axle", "bad_omen", "none"),
    YELLOW: ("treasure",),
}
NEEDS_PARAM = ("saddlebag", "raid_cubes", "blight")
CONDITIONS = ("dispatched", "raids", "full_mercenaries", "equipment", "wagon_types", "stash", "unbowed",
              "colours", "wagon_set", "treasures")


class HunsDataError(HenchError, ValueError):
    """A Huns data file (cards, Wagons, dice) that is malformed: the message names the item and field."""


@dataclass(frozen=True)
class Card:
    id: str
    colour: int
    name: str
    timing: str
    min_players: int
    spaces: int
    effect: str
    param: int  # a colour index, or -1
    condition: str
    threshold: int
    source: str
    note: str

    @property
    def kind(self) -> str:
        return KINDS[self.colour]


@dataclass(frozen=True)
class Wagon:
    id: str
    type: str
    spaces: tuple[int, ...]
    source: str
    note: str

    @property
    def layout(self) -> str:
        return "".join(LETTERS[c] for c in self.spaces)


@dataclass(frozen=True)
class HunsData:
    cards: tuple[Card, ...]
    wagons: tuple[Wagon, ...]
    type_names: dict[str, str]
    faces: tuple[int, ...]
    raw: dict | None  # the user's document, or None for the built-in placeholder data
    notes: dict[str, tuple[str, str]]  # section -> (source, note)

    card_ids: dict[str, int]  # card id -> index
    wagon_ids: dict[str, int]  # wagon id -> index

    def card_index(self, card_id: str) -> int:
        return self.card_ids[card_id]

    @cached_property
    def lower_ids(self) -> dict[str, str]:
        """Card ids as typed in any case -> the id as printed."""
        return {k.lower(): k for k in self.card_ids}

    @cached_property
    def face_probabilities(self) -> list[tuple[int, Fraction]]:
        return list(self.die.probabilities().items())

    @cached_property
    def die(self) -> Dist:
        """The distribution of one die (HU-006, M5)."""
        return Dist((f, 1) for f in self.faces)


# -- reading ------------------------------------------------------------------------------------
def _read_builtin(name: str) -> dict:
    return tomllib.loads(resources.files("hench.huns").joinpath("data", name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def builtin_document() -> dict:
    """The three built-in files merged into one document (the shape a user file takes)."""
    doc: dict[str, Any] = {}
    for name in ("cards.toml", "wagons.toml", "dice.toml"):
        doc.update(_read_builtin(name))
    return doc


@lru_cache(maxsize=1)
def default_data() -> HunsData:
    return build_data(builtin_document(), raw=None)


def load_data(path: str | Path) -> HunsData:
    """Read a user's data file (TOML). Sections it leaves out (card, wagon, types, dice) keep the
    built-in placeholders. A malformed file raises HunsDataError naming the problem."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise HunsDataError(f"cannot read the Huns data file {str(path)!r}: {exc.strerror}") from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HunsDataError(f"the Huns data file {str(path)!r} is not valid TOML: {exc}") from None
    return data_from_document(doc)


def data_from_document(doc: Any) -> HunsData:
    """HunsData from a user document (a dict as TOML gives it), merged over the built-ins."""
    if not isinstance(doc, dict):
        raise HunsDataError("a Huns data document should be a table (a dict)")
    unknown = set(doc) - {"card", "wagon", "types", "types_meta", "dice", "meta"}
    if unknown:
        raise HunsDataError(f"the Huns data file has unknown sections {sorted(unknown)}; "
                            "expected card, wagon, types, types_meta, dice, meta")
    merged = dict(builtin_document())
    merged.update(doc)
    return build_data(merged, raw=doc)


def build_data(doc: dict, raw: dict | None) -> HunsData:
    cards = tuple(_card(row, i) for i, row in enumerate(_table_list(doc, "card")))
    wagons = tuple(_wagon(row, i) for i, row in enumerate(_table_list(doc, "wagon")))
    _check_unique(cards, "card")
    _check_unique(wagons, "wagon")
    for colour in range(5):
        if not any(c.colour == colour and c.min_players <= 2 for c in cards):
            raise HunsDataError(f"the {COLOURS[colour]} deck has no card usable with 2 players")
    types = doc.get("types")
    if not isinstance(types, dict) or not all(isinstance(v, str) for v in types.values()):
        raise HunsDataError("[types] should map each Wagon type id to a name, e.g. T1 = \"blue\"")
    for w in wagons:
        if w.type not in types:
            raise HunsDataError(f"wagon {w.id}: type {w.type!r} is not listed in [types] {sorted(types)}")
    if len(wagons) < 12:
        raise HunsDataError(f"there are {len(wagons)} wagons; at least 12 are needed (4 face up and 2 per player)")
    faces = _faces(doc.get("dice"))
    notes = {"types": _source_note(doc.get("types_meta", {}), "types_meta"),
             "dice": _source_note(doc.get("dice", {}), "dice")}
    return HunsData(cards, wagons, dict(types), faces, raw, notes,
                    {c.id: i for i, c in enumerate(cards)}, {w.id: i for i, w in enumerate(wagons)})


def _table_list(doc: dict, key: str) -> list[dict]:
    rows = doc.get(key)
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise HunsDataError(f"the data needs a non-empty list of [[{key}]] tables")
    return rows


def _field(row: dict, key: str, kind: type, where: str, default: Any = None) -> Any:
    if key not in row:
        if default is not None:
            return default
        raise HunsDataError(f"{where}: the field {key!r} is missing")
    v = row[key]
    if not isinstance(v, kind) or isinstance(v, bool) and kind is int:
        raise HunsDataError(f"{where}: {key} should be a {kind.__name__}, got {v!r}")
    return v


def _choice(value: str, choices: tuple[str, ...], where: str, key: str) -> str:
    if value not in choices:
        raise HunsDataError(f"{where}: {key} is {value!r}; expected one of {list(choices)}")
    return value


def _source_note(row: dict, where: str) -> tuple[str, str]:
    source = _choice(_field(row, "source", str, where, "assumed"), ("rulebook", "assumed"), where, "source")
    return source, _field(row, "note", str, where, "")


def _card(row: dict, i: int) -> Card:
    where = f"card #{i + 1} ({row.get('id', '?')})"
    colour = COLOURS.index(_choice(_field(row, "colour", str, where), COLOURS, where, "colour"))
    effect = _choice(_field(row, "effect", str, where), EFFECTS[colour], where, "effect")
    param_text = _field(row, "param", str, where, "")
    if effect in NEEDS_PARAM or param_text:
        param = COLOURS.index(_choice(param_text, COLOURS, where, "param"))
    else:
        param = -1
    min_players = _field(row, "min_players", int, where, 2)
    if min_players not in (2, 3, 4):
        raise HunsDataError(f"{where}: min_players should be 2, 3 or 4 (the '3+' and '4' marks), got {min_players}")
    spaces = _field(row, "spaces", int, where, 0 if colour not in (GREEN, BLACK) else None)
    if colour in (GREEN, BLACK) and not 1 <= spaces <= 8:
        raise HunsDataError(f"{where}: a {KINDS[colour]} needs 1..8 Valuable spaces, got {spaces}")
    condition, threshold = "", 0
    if colour == YELLOW:
        condition = _choice(_field(row, "condition", str, where), CONDITIONS, where, "condition")
        threshold = _field(row, "threshold", int, where)
    source, note = _source_note(row, where)
    return Card(_field(row, "id", str, where), colour, _field(row, "name", str, where),
                _choice(_field(row, "timing", str, where), TIMINGS, where, "timing"), min_players,
                spaces if colour in (GREEN, BLACK) else 0, effect, param, condition, threshold, source, note)


def _wagon(row: dict, i: int) -> Wagon:
    where = f"wagon #{i + 1} ({row.get('id', '?')})"
    layout = _field(row, "spaces", str, where).upper()
    if not 1 <= len(layout) <= 8 or any(ch not in LETTERS for ch in layout):
        raise HunsDataError(f"{where}: spaces should be 1..8 letters from {LETTERS!r}, got {layout!r}")
    source, note = _source_note(row, where)
    return Wagon(_field(row, "id", str, where), _field(row, "type", str, where),
                 tuple(LETTERS.index(ch) for ch in layout), source, note)


def _check_unique(items: tuple, what: str) -> None:
    seen: set[str] = set()
    for x in items:
        if x.id in seen:
            raise HunsDataError(f"two {what}s have the id {x.id!r}")
        seen.add(x.id)


def _faces(dice: Any) -> tuple[int, ...]:
    if not isinstance(dice, dict):
        raise HunsDataError("[dice] should be a table with faces = [1, 2, 3]")
    faces = dice.get("faces")
    if not isinstance(faces, list) or not faces or not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6 for f in faces):
        raise HunsDataError(f"[dice] faces should be a list of whole numbers 1..6, got {faces!r}")
    return tuple(faces)


def assumptions(data: HunsData | None = None) -> list[tuple[str, str, str, str]]:
    """Rows (what, value, source, note) of every component value in force, for a notebook table."""
    data = data or default_data()
    rows = [(f"card {c.id} {c.name}", _card_value(c), c.source, c.note) for c in data.cards]
    rows += [(f"wagon {w.id}", f"type {w.type} ({data.type_names[w.type]}), spaces {w.layout}", w.source, w.note)
             for w in data.wagons]
    rows.append(("wagon type names", ", ".join(f"{k}={v}" for k, v in data.type_names.items()), *data.notes["types"]))
    rows.append(("dice faces", str(list(data.faces)), *data.notes["dice"]))
    return rows


def _card_value(c: Card) -> str:
    parts = [c.kind, f"timing {c.timing}", f"players {c.min_players}+" if c.min_players > 2 else "all counts"]
    if c.spaces:
        parts.append(f"{c.spaces} spaces")
    parts.append(f"{c.condition} >= {c.threshold}" if c.condition else c.effect + (f" {COLOURS[c.param]}" if c.param >= 0 else ""))
    return ", ".join(parts)
