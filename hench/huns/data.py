"""Component data of Huns: cards, Wagons and dice, read from `data/*.toml` through `hench.core.data` and
checked field by field with `hench.core.schema.Reader` (every refusal names the file, field and range).

The rulebook text gives the card types, counts and timing icons but not the cards themselves, the
Wagon layouts or the dice faces. Those values are PLACEHOLDERS (`source = "assumed"`) proposed in
the catalogue (section 5). A player with the physical game can load their own file:

>>> from hench.huns.data import default_data
>>> len(default_data().cards), len(default_data().wagons)
(60, 32)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from hench.core import Dist
from hench.core.data import Assumption, DataError, builtin_text, parse_toml, plain, read_user_file, source_of
from hench.core.schema import Reader, check_int, check_name, check_unique_names

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


class HunsDataError(DataError):
    """A Huns data file (cards, Wagons, dice) that cannot be used: the message names the file, the field
    and what is allowed."""


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
    def labels(self) -> tuple[str, ...]:
        """Each card as people read it: 'EQ-07 Swift Horse'."""
        return tuple(f"{c.id} {c.name}" for c in self.cards)

    @cached_property
    def raids(self) -> frozenset[int]:
        """The indices of the Raid (red) cards."""
        return frozenset(i for i, c in enumerate(self.cards) if c.colour == RED)

    @cached_property
    def face_probabilities(self) -> list[tuple[int, Fraction]]:
        return [(f, p) for f, p in self.die.probabilities().items() if isinstance(f, int)]  # faces are ints

    @cached_property
    def die(self) -> Dist:
        """The distribution of one die (HU-006, M5)."""
        return Dist((f, 1) for f in self.faces)


# -- reading ------------------------------------------------------------------------------------
# Everything below goes through hench.core.data (size-limited regular files, no TOML dates) and
# hench.core.schema.Reader (types and ranges, field by field); every refusal names the file and field.
SECTIONS = ("card", "wagon", "types", "types_meta", "dice", "meta")
BUILTIN_FILES = ("cards.toml", "wagons.toml", "dice.toml")
BUILTIN_WHERE = "hench/huns/data"
# Words the typed moves use (hench/huns/actions.py): a card or Wagon id equal to one (any case) would
# make a move ambiguous, e.g. a card "Wagons" in 'onto wagons'.
RESERVED = COLOURS + ("wagon", "wagons", "deck", "display", "player", "from", "onto", "on", "play", "place", "take",
                      "reroll", "rolls", "curse", "activate", "bonus", "penalty", "first", "pillage", "draw", "flee",
                      "accept", "send", "back", "return", "the", "rest", "end", "turn", "space")
DISPLAY, SLOTS, MAX_SEATS = 4, 2, 4  # HU-021, HU-024: 4 face-up Wagons and 2 per player, up to 4 players
MIN_WAGONS = DISPLAY + SLOTS * MAX_SEATS  # 12: enough to deal at every player count
MAX_WAGONS, MAX_CARDS, MAX_TYPES = 200, 300, 16
MAX_SPACES = 8  # spaces on a Wagon, a Mercenary or a Curse
FACE_VALUES, MAX_FACES = (1, 6), 36  # a die face is typed as 1..6 ('blue rolls 3'); at most 36 faces
MAX_THRESHOLD = 99
MAX_NAME, MAX_NOTE = 60, 400


def _read_builtin(name: str) -> dict:
    return parse_toml(builtin_text("hench.huns", name), f"{BUILTIN_WHERE}/{name}", HunsDataError)


@lru_cache(maxsize=1)
def builtin_document() -> dict:
    """The three built-in files merged into one document (the shape a user file takes)."""
    doc: dict[str, Any] = {}
    for name in BUILTIN_FILES:
        doc.update(_read_builtin(name))
    return doc


@lru_cache(maxsize=1)
def _builtin_parts() -> dict[str, Any]:
    parts: dict[str, Any] = {}
    for name in BUILTIN_FILES:
        parts.update(_parts(_read_builtin(name), f"{BUILTIN_WHERE}/{name}"))
    return parts


@lru_cache(maxsize=1)
def default_data() -> HunsData:
    return _build(_builtin_parts(), None, BUILTIN_WHERE)


def load_data(path: str | Path) -> HunsData:
    """Read a person's data file (TOML; the only way a path is read). Sections it leaves out (card,
    wagon, types, dice) keep the built-in placeholders. A file that cannot be used raises HunsDataError
    naming the file, the field and what is allowed."""
    text = read_user_file(path, HunsDataError)
    where = str(path)
    return data_from_document(parse_toml(text, where, HunsDataError), where)


def data_from_document(doc: Any, where: str = "data") -> HunsData:
    """HunsData from a user document (a dict as TOML or a save gives it), merged over the built-ins."""
    if not isinstance(doc, dict):
        raise HunsDataError(f"{where}: a Huns data document should be a table, got {type(doc).__name__}")
    unknown = sorted(str(k) for k in doc if k not in SECTIONS)
    if unknown:
        raise HunsDataError(f"{where} has unknown sections {unknown}; expected some of {list(SECTIONS)}")
    parts = dict(_builtin_parts())
    parts.update(_parts(doc, where))
    return _build(parts, doc, where)


def _parts(doc: dict, where: str) -> dict[str, Any]:
    """The sections present in `doc`, each checked field by field."""
    top = Reader(doc, where, HunsDataError)
    parts: dict[str, Any] = {}
    if top.optional("card"):
        parts["cards"] = tuple(top.list("card", _card, 1, MAX_CARDS))
    if top.optional("wagon"):
        parts["wagons"] = tuple(top.list("wagon", _wagon, MIN_WAGONS, MAX_WAGONS))
    if top.optional("types"):
        parts["types"] = _types(top.obj("types"))
    if top.optional("types_meta"):
        meta = top.obj("types_meta")
        parts["types_note"] = _source_note(meta)
        meta.done()
    if top.optional("dice"):
        dice = top.obj("dice")
        lo, hi = FACE_VALUES
        parts["faces"] = tuple(dice.list("faces", lambda v, p: check_int(v, p, lo, hi, HunsDataError), 1, MAX_FACES))
        parts["dice_note"] = _source_note(dice)
        dice.done()
    if top.optional("meta"):
        meta = top.obj("meta")
        for key in list(meta.data):
            _text(meta, key, MAX_NOTE, allow_empty=True)
    top.done()
    return parts


def _build(parts: dict[str, Any], raw: dict | None, where: str) -> HunsData:
    cards, wagons, types = parts["cards"], parts["wagons"], parts["types"]
    check_unique_names([c.id for c in cards] + [w.id for w in wagons], f"{where}: card and wagon ids",
                       HunsDataError, reserved=RESERVED)
    for colour in range(5):  # HU-010, HU-013: every deck must be playable with 2 players
        if not any(c.colour == colour and c.min_players <= 2 for c in cards):
            raise HunsDataError(f"{where}: the {COLOURS[colour]} deck ({KINDS[colour]}) has no card with "
                                "min_players = 2; every deck needs one for a 2-player game")
    for w in wagons:
        if w.type not in types:
            raise HunsDataError(f"{where}: wagon {w.id} has type {w.type!r}; expected one of the [types] {sorted(types)}")
    if len(wagons) < MIN_WAGONS:
        raise HunsDataError(f"{where}: there are {len(wagons)} wagons; at least {MIN_WAGONS} are needed "
                            f"({DISPLAY} face up and {SLOTS} per player)")
    notes = {"types": parts["types_note"], "dice": parts["dice_note"]}
    return HunsData(cards, wagons, dict(types), parts["faces"], raw, notes,
                    {c.id: i for i, c in enumerate(cards)}, {w.id: i for i, w in enumerate(wagons)})


def _text(r: Reader, key: str, max_len: int, allow_empty: bool = False) -> str:
    v = r.str(key)
    if (not v.strip() and not allow_empty) or len(v) > max_len or (v and not v.replace("\n", " ").isprintable()):
        raise r.fail(key, f"should be printable text of {0 if allow_empty else 1} to {max_len} characters, got {v[:80]!r}")
    return v


def _id(r: Reader) -> str:
    v = r.name("id")
    if " " in v:
        raise r.fail("id", f"should be one word (moves name it, e.g. 'play EQ-01'), got {v!r}")
    return v


def _source_note(r: Reader) -> tuple[str, str]:
    source, note = source_of(r.data, r.where, HunsDataError)
    if r.optional("source"):
        r.str("source", ("rulebook", "assumed"))
    if r.optional("note"):
        _text(r, "note", MAX_NOTE, allow_empty=True)
    return source, note


def _card(v: Any, where: str) -> Card:
    r = Reader(v, where, HunsDataError)
    cid = _id(r)
    colour = COLOURS.index(r.str("colour", COLOURS))
    name = _text(r, "name", MAX_NAME)
    timing = r.str("timing", TIMINGS)
    min_players = r.int("min_players", 2, 4) if r.optional("min_players") else 2  # HU-012: the '3+' and '4' marks
    effect = r.str("effect", EFFECTS[colour])
    param = -1
    if effect in NEEDS_PARAM:
        param = COLOURS.index(r.str("param", COLOURS))
    spaces = r.int("spaces", 1, MAX_SPACES) if colour in (GREEN, BLACK) else 0
    condition, threshold = "", 0
    if colour == YELLOW:
        condition = r.str("condition", CONDITIONS)
        threshold = r.int("threshold", 1, MAX_THRESHOLD)
    source, note = _source_note(r)
    r.done()  # e.g. a param on an effect without one, or spaces on a Raid
    return Card(cid, colour, name, timing, min_players, spaces, effect, param, condition, threshold, source, note)


def _wagon(v: Any, where: str) -> Wagon:
    r = Reader(v, where, HunsDataError)
    wid = _id(r)
    wtype = r.str("type")
    layout = r.str("spaces").upper()
    if not 1 <= len(layout) <= MAX_SPACES or any(ch not in LETTERS for ch in layout):
        raise r.fail("spaces", f"should be 1..{MAX_SPACES} letters from {LETTERS!r} (one per space), got {layout!r}")
    source, note = _source_note(r)
    r.done()
    return Wagon(wid, wtype, tuple(LETTERS.index(ch) for ch in layout), source, note)


def _types(r: Reader) -> dict[str, str]:
    if not 1 <= len(r.data) <= MAX_TYPES:
        raise r.error(f"{r.where} lists {len(r.data)} Wagon types; expected 1..{MAX_TYPES}, e.g. T1 = \"blue\"")
    types = {}
    for key in list(r.data):
        check_name(key, f"{r.where}: the type id {key!r}", HunsDataError, 20)
        types[key] = _text(r, key, 20)
    r.done()
    return types


def assumptions(data: HunsData | None = None) -> list[Assumption]:
    """Rows (what, value, source, note) of every component value in force, for a notebook table."""
    data = data or default_data()
    rows = [Assumption(f"card {c.id} {c.name}", _card_value(c), c.source, c.note) for c in data.cards]
    rows += [Assumption(f"wagon {w.id}", f"{data.type_names[w.type]} type; spaces: {', '.join(COLOURS[c] for c in w.spaces)}",
                        w.source, w.note) for w in data.wagons]
    rows.append(Assumption("wagon type names", ", ".join(data.type_names.values()), *data.notes["types"]))
    rows.append(Assumption("dice faces", plain(data.faces), *data.notes["dice"]))
    return rows


def _card_value(c: Card) -> str:
    parts = [c.kind, f"timing {c.timing}", f"players {c.min_players}+" if c.min_players > 2 else "all counts"]
    if c.spaces:
        parts.append(f"{c.spaces} spaces")
    parts.append(f"{c.condition} >= {c.threshold}" if c.condition else c.effect + (f" {COLOURS[c.param]}" if c.param >= 0 else ""))
    return ", ".join(parts)
