"""Component data of Hemloch: Midnight Edition, read from `data/*.toml` through `hench.core.data` and
checked field by field with `hench.core.schema.Reader` (every refusal names the file and field).

The rulebook text gives the counts (30-card decks, 15 Markers, 6 of each Item, 4 Locations, 8 Week
cards) but not the Minion cards, the Location homes, icons, abilities and Influence-space layouts, the
Item abilities or the Locations named by the Week cards. Those are PLACEHOLDERS (`source = "assumed"`),
the catalogue's section 5 (M1-M10). A player with the physical game can load their own file:

>>> from hench.hemloch.data import default_data
>>> d = default_data()
>>> len(d.minions), sum(m.copies for m in d.minions), [loc.name for loc in d.locations]
(15, 30, ['Courtyard', 'The Boneyard', 'Alley Maze', 'Location 4'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from hench.core.data import Assumption, DataError, builtin_text, parse_toml, read_user_file, reading_rows, source_of
from hench.core.schema import Reader, check_int, check_name, check_unique_names

from .options import OPTIONS, READINGS

ITEMS = ("Potion", "Scepter", "Trinket")  # HL-028
POTION, SCEPTER, TRINKET = range(3)
SIDES = ("light", "dark")  # HL-092
GAIN = {"gain_potion": POTION, "gain_scepter": SCEPTER, "gain_trinket": TRINKET}
MINION_EFFECTS = ("place_marker_here", "draw_1", "gain_potion", "gain_scepter", "gain_trinket", "steal_item",
                  "move_festival", "return_own_minion_to_hand", "opponent_discards_1")
LOCATION_EFFECTS = ("place_marker_here", "draw_1", "gain_potion", "gain_scepter", "gain_trinket")
ITEM_ABILITIES = ("extra_action", "move_minion", "draw_2")
LOCATIONS = 4  # HL-001
# Words the typed moves use (actions.py): a name containing one of them would make a move ambiguous.
RESERVED = ("play", "at", "draw", "use", "mark", "row", "column", "festival", "to", "steal", "face-up", "face-down",
            "recall", "from", "move", "retreat", "swap", "reveal", "night", "day", "keep", "player")
MAX_MINIONS, MAX_COPIES, MAX_INFLUENCE, MAX_SPACES, MAX_COORD = 60, 30, 9, 30, 9
MAX_NAME, MAX_NOTE = 40, 400
SECTIONS = ("faction", "location", "minion", "game", "item", "week")
BUILTIN_FILES = ("factions.toml", "locations.toml", "minions.toml", "components.toml")
BUILTIN_WHERE = "hench/hemloch/data"


class HemlochDataError(DataError):
    """A Hemloch data file that cannot be used: the message names the file, the field and what is allowed."""


@dataclass(frozen=True)
class Faction:
    id: str
    name: str
    source: str
    note: str


@dataclass(frozen=True)
class Side:
    activating: int  # faction index (HL-026)
    ability: str


@dataclass(frozen=True)
class Location:
    name: str
    home: int  # faction index (HL-023)
    spaces: tuple[tuple[int, int], ...]  # (row, column) of each Influence Space (HL-025, M5)
    light: Side
    dark: Side
    source: str
    note: str

    def neighbours(self, i: int) -> tuple[int, ...]:
        """Indices of the spaces orthogonally next to space i (HL-083)."""
        r, c = self.spaces[i]
        return tuple(j for j, (r2, c2) in enumerate(self.spaces) if abs(r - r2) + abs(c - c2) == 1)

    def side(self, which: str) -> Side:
        return self.light if which == "light" else self.dark


@dataclass(frozen=True)
class Minion:
    name: str
    faction: int
    influence: int
    effects: tuple[str, ...]
    copies: int
    source: str
    note: str


@dataclass(frozen=True)
class Item:
    kind: int
    ability: str
    action_cost: int
    source: str
    note: str


@dataclass(frozen=True)
class HemlochData:
    factions: tuple[Faction, ...]
    locations: tuple[Location, ...]
    minions: tuple[Minion, ...]
    items: tuple[Item, ...]
    week: tuple[int, ...]  # location index named by each Night/Day pair (HL-037, HL-040, M8)
    deck_size: int
    opening_hand: int
    markers: int
    actions: int
    item_count: int
    raw: dict | None  # the user's document, or None for the built-in placeholders
    notes: dict[str, tuple[str, str]]

    @property
    def deck(self) -> tuple[int, ...]:
        """A player's 30-card deck as minion indices (copies repeated), HL-017."""
        return tuple(i for i, m in enumerate(self.minions) for _ in range(m.copies))

    @cached_property
    def _minion_ids(self) -> dict[str, int]:
        return {m.name: i for i, m in enumerate(self.minions)} | {m.name.lower(): i for i, m in enumerate(self.minions)}

    @cached_property
    def _location_ids(self) -> dict[str, int]:
        return {x.name: i for i, x in enumerate(self.locations)} | {x.name.lower(): i for i, x in enumerate(self.locations)}

    def minion_index(self, name: str) -> int:
        ids = self._minion_ids
        return ids[name] if name in ids else ids[name.lower()]

    def location_index(self, name: str) -> int:
        ids = self._location_ids
        return ids[name] if name in ids else ids[name.lower()]

    def week_name(self, card: int) -> str:
        """Week cards: 0..k-1 are Nights, k..2k-1 their Corresponding Days (HL-040)."""
        k = len(self.week)
        return f"{self.locations[self.week[card % k]].name} {'Day' if card >= k else 'Night'}"

    def week_location(self, card: int) -> int:
        return self.week[card % len(self.week)]

    def is_day(self, card: int) -> bool:
        return card >= len(self.week)


def _read_builtin(name: str) -> dict:
    return parse_toml(builtin_text("hench.hemloch", name), f"{BUILTIN_WHERE}/{name}", HemlochDataError)


@lru_cache(maxsize=1)
def builtin_document() -> dict:
    """The built-in files merged into one document (the shape a user's file takes)."""
    doc: dict[str, Any] = {}
    for name in BUILTIN_FILES:
        doc.update(_read_builtin(name))
    return doc


@lru_cache(maxsize=1)
def default_data() -> HemlochData:
    return _build(builtin_document(), None, BUILTIN_WHERE)


def load_data(path: str | Path) -> HemlochData:
    """Read a person's data file (TOML). Sections it leaves out keep the built-in placeholders. A file
    that cannot be used raises HemlochDataError naming the file, the field and what is allowed."""
    where = str(path)
    return data_from_document(parse_toml(read_user_file(path, HemlochDataError), where, HemlochDataError), where)


def data_from_document(doc: Any, where: str = "data") -> HemlochData:
    """HemlochData from a user document (a dict as TOML or a save gives it), merged over the built-ins."""
    if not isinstance(doc, dict):
        raise HemlochDataError(f"{where}: a Hemloch data document should be a table, got {type(doc).__name__}")
    unknown = sorted(str(k) for k in doc if k not in SECTIONS)
    if unknown:
        raise HemlochDataError(f"{where} has unknown sections {unknown}; expected some of {list(SECTIONS)}")
    return _build({**builtin_document(), **doc}, doc, where)


def _build(doc: dict, raw: dict | None, where: str) -> HemlochData:
    top = Reader(doc, where, HemlochDataError)
    factions = tuple(top.list("faction", _faction, 1, 12))
    fids = [f.id for f in factions]
    check_unique_names(fids, f"{where}: faction ids", HemlochDataError)
    locations = tuple(top.list("location", lambda v, p: _location(v, p, fids), LOCATIONS, LOCATIONS))
    minions = tuple(top.list("minion", lambda v, p: _minion(v, p, fids), 1, MAX_MINIONS))
    names = [loc.name for loc in locations] + [m.name for m in minions]
    check_unique_names(names, f"{where}: Location and Minion names", HemlochDataError, reserved=RESERVED + ITEMS)
    for name in names:
        clash = [w for w in name.lower().split() if w in RESERVED]
        if clash:
            raise HemlochDataError(f"{where}: the name {name!r} holds the word {clash[0]!r}, which moves use "
                                   "('play Unfair Lady at Courtyard'); rename it")
    game = top.obj("game")
    deck_size, hand = game.int("deck_size", 6, 60), game.int("opening_hand", 1, 10)
    markers, actions, count = game.int("markers", 1, 40), game.int("actions", 1, 4), game.int("item_count", 1, 12)
    notes = {"game": _source_note(game)}
    game.done()
    if sum(m.copies for m in minions) != deck_size:
        raise HemlochDataError(f"{where}: the minions' copies add up to {sum(m.copies for m in minions)}, "
                               f"but game.deck_size is {deck_size} (HL-017)")
    if hand >= deck_size:
        raise HemlochDataError(f"{where}: game.opening_hand {hand} leaves no deck to draw from ({deck_size} cards)")
    item = top.obj("item")
    items = tuple(_item(item.obj(kind), k) for k, kind in enumerate(ITEMS))
    item.done()
    week = tuple(top.list("week", lambda v, p: _week(v, p, locations), LOCATIONS, LOCATIONS))
    notes["week"] = source_of(doc["week"][0], f"{where}.week[0]", HemlochDataError)
    top.done()
    return HemlochData(factions, locations, minions, items, week, deck_size, hand, markers, actions, count, raw, notes)


def _text(r: Reader, key: str, max_len: int) -> str:
    v = r.str(key)
    if len(v) > max_len or (v and not v.replace("\n", " ").isprintable()):
        raise r.fail(key, f"should be printable text of at most {max_len} characters, got {v[:80]!r}")
    return v


def _source_note(r: Reader) -> tuple[str, str]:
    source, note = source_of(r.data, r.where, HemlochDataError)
    if r.optional("source"):
        r.str("source", ("rulebook", "assumed"))
    if r.optional("note"):
        _text(r, "note", MAX_NOTE)
    return source, note


def _faction(v: Any, where: str) -> Faction:
    r = Reader(v, where, HemlochDataError)
    fid = r.name("id")
    name = r.name("name")
    f = Faction(fid, name, *_source_note(r))
    r.done()
    return f


def _side(r: Reader, key: str, fids: list[str]) -> Side:
    s = r.obj(key)
    side = Side(fids.index(s.str("activating", fids)), s.str("ability", LOCATION_EFFECTS))
    s.done()
    return side


def _location(v: Any, where: str, fids: list[str]) -> Location:
    r = Reader(v, where, HemlochDataError)
    name = check_name(r.raw("id"), f"{where}.id", HemlochDataError, MAX_NAME)
    home = fids.index(r.str("home", fids))
    spaces = tuple(r.list("spaces", _space, 1, MAX_SPACES))
    if len(set(spaces)) != len(spaces):
        raise r.fail("spaces", "lists the same [row, column] twice")
    loc = Location(name, home, spaces, _side(r, "light", fids), _side(r, "dark", fids), *_source_note(r))
    r.done()
    return loc


def _space(v: Any, where: str) -> tuple[int, int]:
    if not isinstance(v, list) or len(v) != 2:
        raise HemlochDataError(f"{where} should be [row, column], got {v!r}")
    return (check_int(v[0], f"{where}[0]", 0, MAX_COORD, HemlochDataError),
            check_int(v[1], f"{where}[1]", 0, MAX_COORD, HemlochDataError))


def _minion(v: Any, where: str, fids: list[str]) -> Minion:
    r = Reader(v, where, HemlochDataError)
    name = check_name(r.raw("name"), f"{where}.name", HemlochDataError, MAX_NAME)
    faction = fids.index(r.str("faction", fids))
    influence = r.int("influence", 0, MAX_INFLUENCE)
    effects = tuple(r.list("effects", lambda e, p: _effect(e, p), 1, 3))
    m = Minion(name, faction, influence, effects, r.int("copies", 1, MAX_COPIES), *_source_note(r))
    r.done()
    return m


def _effect(v: Any, where: str) -> str:
    if v not in MINION_EFFECTS:
        raise HemlochDataError(f"{where} is {v!r}; expected one of {list(MINION_EFFECTS)}")
    return v


def _item(r: Reader, kind: int) -> Item:
    it = Item(kind, r.str("ability", ITEM_ABILITIES), r.int("action_cost", 0, 1), *_source_note(r))
    r.done()
    return it


def _week(v: Any, where: str, locations: tuple[Location, ...]) -> int:
    r = Reader(v, where, HemlochDataError)
    names = [loc.name for loc in locations]
    index = names.index(r.str("location", names))
    _source_note(r)
    r.done()
    return index


def assumptions(data: HemlochData | None = None) -> list[Assumption]:
    """Rows (what, value, source, note) of every component value in force, then how the engine reads each point
    the text leaves open (READINGS), for the apps' assumptions table."""
    d = data or default_data()
    rows = [Assumption(f"faction {f.id}", f.name + (" (no home)" if not any(loc.home == i for loc in d.locations) else ""),
                       f.source, f.note) for i, f in enumerate(d.factions)]
    for loc in d.locations:
        value = (f"home {d.factions[loc.home].name}; light: {d.factions[loc.light.activating].name} -> {loc.light.ability}; "
                 f"dark: {d.factions[loc.dark.activating].name} -> {loc.dark.ability}; {len(loc.spaces)} spaces")
        rows.append(Assumption(f"location {loc.name}", value, loc.source, loc.note))
    for m in d.minions:
        value = f"{d.factions[m.faction].name}, Influence {m.influence}, {' + '.join(m.effects)}, {m.copies} copies"
        rows.append(Assumption(f"minion {m.name}", value, m.source, m.note))
    for it in d.items:
        rows.append(Assumption(f"item {ITEMS[it.kind]}", f"{it.ability}, costs {it.action_cost} Action(s)", it.source, it.note))
    rows.append(Assumption("week cards", ", ".join(d.locations[w].name for w in d.week), *d.notes["week"]))
    rows.append(Assumption("counts", f"deck {d.deck_size}, hand {d.opening_hand}, {d.markers} Markers, "
                           f"{d.actions} Actions, {d.item_count} of each Item", *d.notes["game"]))
    return rows + reading_rows(READINGS, OPTIONS)
