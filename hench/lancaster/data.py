"""Component data of the Lancaster base game (catalogue lancaster-base.md) and of the three modules of
"Henry V - The Power of the King", read from `data/*.toml` through `hench.core.data` and checked field by
field with `hench.core.schema.Reader`.

Every row carries a `status`: "official" (the publisher's rulebook text or one of its worked examples;
source "rulebook"), "fan" (a fan summary, FAQ or review; source "assumed"), "placeholder" (not found in any
source: the catalogue's proposal; source "assumed") or "reading" (the rulebook's, with a point the text leaves
open read our way; source "assumed"). A row mixing kinds takes the weakest. A person's own file (the same tables, any subset)
replaces the built-in sections it names: `new_game(data="my.toml")`.

>>> from hench.lancaster.data import default_data
>>> [c.name for c in default_data().counties][3:6], default_data().court.bishops
(['Gloucester', 'Stafford', 'Dorset'], (5, 5, 7, 9))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from hench.core.data import Assumption, DataError, builtin_text, parse_toml, read_user_file
from hench.core.schema import Reader, check_int, check_unique_names

STATUSES = {"official": "rulebook", "fan": "assumed", "placeholder": "assumed", "reading": "assumed"}
GAINS = ("gold", "squires", "vm", "pp", "upgrades", "recruits", "extensions")
PRIVILEGES = ("shield", "archer", "tudor")
TRIBUTES = ("vm", "squires", "gold")
SECTIONS = ("setup", "conflicts", "scoring", "nobles_scale", "county", "favor", "conflict", "castle_space", "extension",
            "laws", "court", "office", "tower", "dishonor_track", "king_laws", "combined_laws", "two_player")
BUILTIN_FILES = ("base.toml", "modules.toml", "two_player.toml")
WHERE = "hench/lancaster/data"
LETTERS = "ABCDEFGHI"
# Words the typed moves use: a county name equal to one would make a move ambiguous.
RESERVED = ("knight", "to", "castle", "conflict", "tower", "lord", "treasury", "knights", "bishops", "bishop", "tudor",
            "archer", "shield", "squire", "squires", "vote", "yes", "no", "vm", "upgrade", "take", "decline", "choose",
            "gold", "pp", "court", "ally", "favor", "noble", "reward", "both", "start", "extension", "france")
MAX_NOTE = 400
_PLACEHOLDER_COUNTY = re.compile(r"\bCounty([A-I])\b")
_LAW_ID = re.compile(r"\b(BL|LK)-0?(\d{1,2})\b")
_FAVOR_ID = re.compile(r"\b(?:King's Favor |favor )?KF-(\d+)\b")
_VM = re.compile(r"\bvm\b")


@lru_cache(maxsize=4096)
def county_title(name: str) -> str:
    """A county's name on screen (issue 29): the placeholder names of the data ('CountyA', no source gives the
    real one) read 'County A'; the typed moves keep the data's name."""
    return _PLACEHOLDER_COUNTY.sub(r"County \1", name)


@lru_cache(maxsize=4096)
def law_title(law: str) -> str:
    """A law's name on screen (issue 29): base law 'BL-04' is 'Law 4', 'LK-4' is 'Law of the King 4' (the cards
    carry no names; BL-/LK- number them in the rulebook's listing order)."""
    return _LAW_ID.sub(lambda m: ("Law " if m[1] == "BL" else "Law of the King ") + m[2], law)


@lru_cache(maxsize=4096)
def in_words(text: str) -> str:
    """A line for the screen with every placeholder county name and law number in the game's words."""
    return _VM.sub("VM", _FAVOR_ID.sub(r"King's Favor tile \1", law_title(county_title(text))))

# The 18 base laws (BL-01..BL-18): every effect is the rulebook's (catalogue section 3.5), in our words.
LAW_TEXTS = (
    "The player(s) with the most gold may upgrade one of their deployed knights.",
    "The player(s) with the most squires recruit a strength-1 knight from their reserve.",
    "Each player gains 3 PP for every 2 counties holding one of their knights.",
    "From the start player on, each player may buy voting markers at 1 gold each.",
    "From the start player on, each player may pay 1 squire and 1 gold for 3 PP, as often as they like.",
    "Each player places 1 extension tile in their castle for every 2 conflicts they take part in.",
    "Each player takes 1 squire for each of their deployed strength-2 knights.",
    "Each player receives 1 squire, 1 voting marker and 1 gold for every 2 conflicts holding one of their knights.",
    "Each player with no deployed strength-2 knight may upgrade one of their knights.",
    "Each player whose strength-3 knight is deployed may exchange it for their strength-4 knight, if that is still in the reserve.",
    "Each player gains 5 PP for every 3 extension tiles in their castle.",
    "Each player gains 3 PP for each conflict holding at least one of their knights.",
    "Each player gains 8 PP for every 3 counties holding one of their knights.",
    "Each player with all three of their strength-1 knights deployed gains 5 PP.",
    "Each player recruits 1 knight from the reserve for every 3 noblemen at their table.",
    "From the start player on, each player may buy power points at 1 gold each.",
    "From the start player on, each player may pay 1 squire per power point.",
    "Each player with deployed knights of all four strengths gains 6 PP.",
)


class LancasterDataError(DataError):
    """A Lancaster data file that cannot be used: the message names the file, the field and what is allowed."""


@dataclass(frozen=True)
class Row:
    status: str
    note: str

    @property
    def source(self) -> str:
        return STATUSES[self.status]


@dataclass(frozen=True)
class Gain:
    """What a county, favor tile, castle space or extension gives (the counts of each kind)."""

    gold: int = 0
    squires: int = 0
    vm: int = 0
    pp: int = 0
    upgrades: int = 0
    recruits: int = 0
    extensions: int = 0
    passage: bool = False
    start_player: bool = False
    noble: bool = False
    cost: int = 0  # squires paid for it (castle extensions)

    def words(self) -> str:
        parts = [f"{n} {w}" for n, w in ((self.gold, "gold"), (self.squires, "squire(s)"), (self.vm, "voting marker(s)"),
                                         (self.pp, "PP"), (self.upgrades, "upgrade(s)"),
                                         (self.recruits, "new strength-1 knight(s)"), (self.extensions, "extension tile(s)"))
                 if n]
        parts += [w for on, w in ((self.passage, "passage to France"), (self.start_player, "the start player"),
                                  (self.noble, "a nobleman of any county")) if on]
        return (", ".join(parts) or "nothing") + (f" for {self.cost} squires" if self.cost else "")


@dataclass(frozen=True)
class County:
    letter: str
    name: str
    min: int
    gain: Gain
    row: Row


@dataclass(frozen=True)
class Tile:
    """A King's Favor tile, a castle knight space or an extension tile."""

    id: str
    gain: Gain
    row: Row


@dataclass(frozen=True)
class Card:
    french: int
    pp: tuple[int, int, int]
    row: Row


@dataclass(frozen=True)
class Law:
    id: str
    group: int
    text: str
    row: Row


@dataclass(frozen=True)
class Office:
    name: str
    tribute: str
    seals: int
    privilege: str
    row: Row


@dataclass(frozen=True)
class Court:
    shields: int
    archers: int
    tudors: int
    archer_strength: int
    tudor_strength: int
    seals: int
    seal_limit: bool
    start_vm: int
    bishops: tuple[int, ...]  # by player count 2..5
    max_bishops: int
    row: Row


@dataclass(frozen=True)
class TwoPlayer:
    """LB-090, LB-099: an ally's knights at court at the start, and its castle's knight spaces."""

    ally_court: tuple[int, ...]
    ally_castle: tuple[Gain, ...]
    row: Row


@dataclass(frozen=True)
class LancasterData:
    rounds: int
    knights: tuple[int, ...]  # a colour's knights (LB-004)
    court: tuple[int, ...]  # at court at the start (LB-007)
    gold: int
    squires: int
    vm: int
    nobles: tuple[int, ...]  # noblemen per county for 2..5 players (LB-010)
    noble_cost: int  # gold for both county rewards (LB-047)
    conflicts_per_round: int
    conflict_spaces: int
    favors_per_round: int
    knighthood: tuple[int, ...]
    extension_awards: tuple[int, ...]
    noble_scale: tuple[int, ...]
    counties: tuple[County, ...]
    favors: tuple[Tile, ...]
    cards: tuple[Card, ...]
    castle: tuple[Tile, ...]
    extensions: tuple[Tile, ...]
    laws: tuple[Law, ...]
    kc: Court
    offices: tuple[Office, ...]
    tower_capacity: int
    neutral: tuple[int, ...]  # by player count 2..5
    markers: int
    per_space: tuple[int, ...]  # by player count 2..5
    track: tuple[tuple[int, int], ...]  # (larger, smaller) per space, left to right
    king_groups: tuple[int, ...]
    combined_sizes: tuple[int, ...]  # LH-104 (assumed): cards used from combined groups 2 and 3
    two: TwoPlayer
    rows: dict[str, Row]
    raw: dict[str, Any] | None  # the person's document, or None for the built-in data

    @property
    def max_strength(self) -> int:
        return max(self.knights)

    @property
    def max_knights(self) -> int:
        return len(self.knights)

    def county_index(self, name: str) -> int:
        index = self.__dict__.get("_county_index")
        if index is None:
            index = {c.name.lower(): i for i, c in enumerate(self.counties)}
            index.update({c.letter.lower(): i for i, c in enumerate(self.counties)})
            object.__setattr__(self, "_county_index", index)
        return int(index[name.lower()])

    def law(self, law_id: str) -> Law:
        for law in self.laws:
            if law.id == law_id:
                return law
        raise KeyError(law_id)

    def group_sizes(self) -> tuple[int, ...]:
        return tuple(sum(law.group == g for law in self.laws) for g in range(5))


def _row(r: Reader) -> Row:
    status = r.str("status", tuple(STATUSES))
    source = r.str("source", ("rulebook", "assumed"))
    if source != STATUSES[status]:
        raise r.fail("source", f"is {source!r} but status {status!r} means source {STATUSES[status]!r}")
    note = r.str("note")
    if len(note) > MAX_NOTE or (note and not note.isprintable()):
        raise r.fail("note", f"should be printable text of at most {MAX_NOTE} characters")
    return Row(status, note)


def _ints(r: Reader, key: str, lo: int, hi: int, n_lo: int, n_hi: int) -> tuple[int, ...]:
    return tuple(r.list(key, lambda v, p: check_int(v, p, lo, hi, LancasterDataError), n_lo, n_hi))


def _gain(r: Reader, flags: tuple[str, ...] = ()) -> Gain:
    n = {k: r.int(k, 0, 9) if r.optional(k) else 0 for k in GAINS}
    on = {k: r.bool(k) if r.optional(k) else False for k in flags if k != "cost"}
    cost = r.int("cost", 0, 9) if "cost" in flags and r.optional("cost") else 0
    return Gain(n["gold"], n["squires"], n["vm"], n["pp"], n["upgrades"], n["recruits"], n["extensions"],
                on.get("passage", False), on.get("start_player", False), on.get("noble", False), cost)


def _county(v: Any, where: str) -> County:
    r = Reader(v, where, LancasterDataError)
    letter = r.str("letter", tuple(LETTERS))
    name = r.name("name")
    if " " in name or not name.isalpha():
        raise r.fail("name", f"should be one word of letters (moves name it, e.g. 'knight 2 to Stafford'), got {name!r}")
    county = County(letter, name, r.int("min", 1, 4), _gain(r, ("passage", "start_player")), _row(r))
    r.done()
    return county


def _tile(flags: tuple[str, ...]) -> Any:
    def read(v: Any, where: str) -> Tile:
        r = Reader(v, where, LancasterDataError)
        tile = Tile(r.name("id"), _gain(r, flags), _row(r))
        r.done()
        return tile
    return read


def _card(v: Any, where: str) -> Card:
    r = Reader(v, where, LancasterDataError)
    pp = _ints(r, "pp", 0, 20, 3, 3)
    card = Card(r.int("french", 1, 30), (pp[0], pp[1], pp[2]), _row(r))
    r.done()
    return card


def _office(v: Any, where: str) -> Office:
    r = Reader(v, where, LancasterDataError)
    office = Office(r.str("name", ("Chancellor", "Constable", "Chamberlain")), r.str("tribute", TRIBUTES),
                    r.int("seals", 0, 5), r.str("privilege", PRIVILEGES), _row(r))
    r.done()
    return office


def _section(top: Reader, p: dict[str, Any], name: str, read: Any) -> None:
    if top.optional(name):
        r = top.obj(name)
        p[name] = read(r)
        p[f"row.{name}"] = _row(r)
        r.done()


def _parts(doc: Any, where: str) -> dict[str, Any]:
    """The sections present in `doc`, each checked field by field (ranges the rules can play)."""
    top = Reader(doc, where, LancasterDataError)
    unknown = sorted(str(k) for k in doc if k not in SECTIONS)
    if unknown:
        raise LancasterDataError(f"{where} has unknown sections {unknown}; expected some of {list(SECTIONS)}")
    p: dict[str, Any] = {}
    _section(top, p, "setup", lambda r: (r.int("rounds", 1, 9), _ints(r, "knights", 1, 4, 7, 7), _ints(r, "court", 1, 4, 1, 7),
                                         r.int("gold", 0, 20), r.int("squires", 0, 20), r.int("vm", 0, 20),
                                         _ints(r, "nobles", 1, 4, 4, 4), r.int("noble_cost", 0, 9)))
    _section(top, p, "conflicts", lambda r: (r.int("per_round", 1, 3), r.int("spaces", 3, 3), r.int("favors", 0, 9)))
    _section(top, p, "scoring", lambda r: (_ints(r, "knighthood", 0, 30, 2, 2), _ints(r, "extensions", 0, 30, 2, 2)))
    _section(top, p, "nobles_scale", lambda r: _ints(r, "points", 0, 99, 10, 10))
    if top.optional("county"):
        p["counties"] = tuple(top.list("county", _county, 9, 9))
    if top.optional("favor"):
        p["favors"] = tuple(top.list("favor", _tile(("noble",)), 1, 9))
    if top.optional("conflict"):
        p["cards"] = tuple(top.list("conflict", _card, 10, 20))
    if top.optional("castle_space"):
        p["castle"] = tuple(top.list("castle_space", _tile(()), 1, 6))
    if top.optional("extension"):
        p["extensions"] = tuple(top.list("extension", _tile(("cost",)), 6, 6))
    _section(top, p, "laws", lambda r: _ints(r, "groups", 0, 4, 18, 18))
    if top.optional("court"):
        r = top.obj("court")
        p["court"] = Court(r.int("shields", 0, 9), r.int("archers", 0, 9), r.int("tudors", 0, 9),
                           r.int("archer_strength", 1, 4), r.int("tudor_strength", 1, 4), r.int("seals", 0, 99),
                           r.bool("seal_limit"), r.int("start_vm", 0, 9), _ints(r, "bishops", 0, 12, 4, 4),
                           r.int("max_bishops", 0, 5), _row(r))
        r.done()
    if top.optional("office"):
        p["offices"] = tuple(top.list("office", _office, 3, 3))
    _section(top, p, "tower", lambda r: (r.int("capacity", 4, 20), _ints(r, "neutral", 0, 4, 4, 4), r.int("markers", 0, 99),
                                         _ints(r, "per_space", 1, 9, 4, 4)))
    _section(top, p, "dishonor_track", _track)
    _section(top, p, "king_laws", lambda r: _ints(r, "groups", 2, 3, 8, 8))
    _section(top, p, "combined_laws", lambda r: _ints(r, "sizes", 1, 16, 2, 2))
    _section(top, p, "two_player", lambda r: (_ints(r, "ally_court", 1, 4, 1, 7),
                                              tuple(r.list("ally_castle", lambda v, q: _gain(Reader(v, q, LancasterDataError)), 1, 4))))
    top.done()
    return p


def _track(r: Reader) -> tuple[tuple[int, int], ...]:
    larger, smaller = _ints(r, "larger", -99, 0, 1, 20), _ints(r, "smaller", -99, 0, 1, 20)
    if len(larger) != len(smaller):
        raise r.fail("smaller", f"has {len(smaller)} spaces but larger has {len(larger)}")
    if any(a > b for a, b in zip(larger, smaller)):
        raise r.fail("larger", "each space's larger penalty must be at least its smaller one (more negative or equal)")
    return tuple(zip(larger, smaller))


@lru_cache(maxsize=1)
def _builtin_parts() -> dict[str, Any]:
    parts: dict[str, Any] = {}
    for name in BUILTIN_FILES:
        where = f"{WHERE}/{name}"
        parts.update(_parts(parse_toml(builtin_text("hench.lancaster", name), where, LancasterDataError), where))
    return parts


@lru_cache(maxsize=1)
def default_data() -> LancasterData:
    return _build(_builtin_parts(), None, WHERE)


def load_data(path: str | Path) -> LancasterData:
    """A person's data file (TOML, any of the built-in tables): the sections it names replace the
    built-in ones. A file that cannot be used raises LancasterDataError naming the file and field."""
    where = str(path)
    return data_from_document(parse_toml(read_user_file(path, LancasterDataError), where, LancasterDataError), where)


def data_from_document(doc: Any, where: str = "data") -> LancasterData:
    if not isinstance(doc, dict):
        raise LancasterDataError(f"{where}: a Lancaster data document should be a table, got {type(doc).__name__}")
    parts = dict(_builtin_parts())
    parts.update(_parts(doc, where))
    return _build(parts, doc, where)


def _build(p: dict[str, Any], raw: dict[str, Any] | None, where: str) -> LancasterData:
    rounds, knights, court, gold, squires, vm, nobles, noble_cost = p["setup"]
    if any(court.count(k) > knights.count(k) for k in court):
        raise LancasterDataError(f"{where}: setup.court {list(court)} must be knights of setup.knights {list(knights)}")
    counties = p["counties"]
    if [c.letter for c in counties] != list(LETTERS):
        raise LancasterDataError(f"{where}: the 9 counties are lettered A to I, in that order (LB-046)")
    check_unique_names([c.name for c in counties], f"{where}: county names", LancasterDataError, reserved=RESERVED)
    if sum(c.gain.passage for c in counties) > 1 or sum(c.gain.start_player for c in counties) != 1:
        raise LancasterDataError(f"{where}: exactly one county names the start player (LB-050), at most one gives passage to France")
    per_round, spaces, favors = p["conflicts"]
    cards = p["cards"]
    if len(cards) < per_round * rounds:
        raise LancasterDataError(f"{where}: {len(cards)} conflict cards are too few for {per_round} per round over {rounds} rounds")
    groups = p["laws"]
    laws = tuple(Law(f"BL-{i + 1:02d}", g, LAW_TEXTS[i], p["row.laws"]) for i, g in enumerate(groups))
    if next(groups.count(g) for g in range(5)) != 3 or len(groups) - 3 < 3 * rounds:
        raise LancasterDataError(f"{where}: laws.groups must put 3 laws in group 0 (the first current row) and enough in 1-4 for {rounds} rounds")
    kg = p["king_laws"]
    if kg.count(2) < 1 or kg.count(3) < 1:
        raise LancasterDataError(f"{where}: king_laws.groups must put Laws of the King in both groups 2 and 3")
    offices = p["offices"]
    if sorted(o.name for o in offices) != ["Chamberlain", "Chancellor", "Constable"]:
        raise LancasterDataError(f"{where}: the offices must be Chancellor, Constable and Chamberlain, once each")
    offices = tuple(sorted(offices, key=lambda o: ("Chancellor", "Constable", "Chamberlain").index(o.name)))  # M3
    capacity, neutral, markers, per_space = p["tower"]
    if any(nk > capacity - 1 for nk in neutral):
        raise LancasterDataError(f"{where}: the tower's neutral knight must leave room (capacity {capacity})")
    rows = {k[4:]: v for k, v in p.items() if k.startswith("row.")}
    rows["court"] = p["court"].row
    ally_court, ally_castle = p["two_player"]
    if any(ally_court.count(k) > knights.count(k) for k in ally_court):
        raise LancasterDataError(f"{where}: two_player.ally_court must be knights of setup.knights")
    two = TwoPlayer(ally_court, ally_castle, rows["two_player"])
    knighthood, extension_awards = p["scoring"]
    return LancasterData(rounds, knights, court, gold, squires, vm, nobles, noble_cost, per_round, spaces, favors,
                         knighthood, extension_awards, p["nobles_scale"], counties, p["favors"], cards, p["castle"],
                         p["extensions"], laws, p["court"], offices, capacity, neutral, markers, per_space,
                         p["dishonor_track"], kg, p["combined_laws"], two, rows, raw)


TRIBUTE_WORDS = {"vm": "voting marker", "squires": "squire", "gold": "gold"}


def _seq(values: Any) -> str:
    """Numbers for the screen: '1, 1, 2', never a Python list."""
    return ", ".join(map(str, values))


def assumptions(data: LancasterData | None = None) -> list[Assumption]:
    """Rows (what, value, source, note) of every value in force; 'assumed' rows are fan-reported values or
    placeholders for values no source gives (the note says which)."""
    d = data or default_data()

    def row(what: str, value: str, r: Row) -> Assumption:
        return Assumption(what, value, r.source, in_words(r.note))

    out = [row("setup", f"{d.rounds} rounds; knights of strength {_seq(d.knights)}, {_seq(d.court)} at court; {d.gold} gold, "
               f"{d.squires} squires, {d.vm} VM; noblemen per county {_seq(d.nobles)} for 2-5 players", d.rows["setup"]),
           row("conflicts", f"{d.conflicts_per_round} per round, {d.conflict_spaces} spaces, {d.favors_per_round} favors",
               d.rows["conflicts"]),
           row("final scoring", f"knighthood {_seq(d.knighthood)} PP, extensions {_seq(d.extension_awards)} PP", d.rows["scoring"]),
           row("company at table", f"{_seq(d.noble_scale)} PP for 0-9 noblemen", d.rows["nobles_scale"])]
    out += [row(f"county {c.letter} {county_title(c.name)}", f"minimum {c.min}; {c.gain.words()}", c.row) for c in d.counties]
    out += [row(in_words(f"favor {t.id}"), t.gain.words(), t.row) for t in d.favors]
    out += [row(f"conflict C{i + 1}", f"France {c.french}, {'/'.join(map(str, c.pp))} PP", c.row) for i, c in enumerate(d.cards)]
    out += [row(f"castle space {t.id}", t.gain.words(), t.row) for t in d.castle]
    out += [row(f"extension {t.id}", t.gain.words(), t.row) for t in d.extensions]
    out.append(row("law groups", ", ".join(f"{law_title(law.id)}: {law.group}" for law in d.laws), d.rows["laws"]))
    c = d.kc
    out.append(row("court (KC)", f"{c.shields} shields, {c.archers} archers, {c.tudors} Tudors, {c.seals} seals, "
                   f"bishops {_seq(c.bishops)} for 2-5 players", c.row))
    out += [row(f"office {o.name}", f"tribute 1 {TRIBUTE_WORDS[o.tribute]}, {o.seals} seals, {o.privilege}", o.row) for o in d.offices]
    out.append(row("tower (KR)", f"capacity {d.tower_capacity}, neutral knight {_seq(d.neutral)} for 2-5 players, {d.markers} markers, "
                   f"per space {_seq(d.per_space)}", d.rows["tower"]))
    out.append(row("dishonor track (KR)", ", ".join(f"{a}/{b}" for a, b in d.track), d.rows["dishonor_track"]))
    out.append(row("Laws of the King groups (LK)", ", ".join(f"Law of the King {n + 1}: {g}" for n, g in enumerate(d.king_groups)), d.rows["king_laws"]))
    out.append(row("combined law groups (LK option 2)", f"groups 2 and 3 each mix base laws and Laws of the King; "
                   f"{d.combined_sizes[0]} and {d.combined_sizes[1]} used", d.rows["combined_laws"]))
    t = d.two
    out.append(row("2-player allies", f"ally court: knights of strength {_seq(t.ally_court)}; ally castle: "
                   + "; ".join(g.words() for g in t.ally_castle), t.row))
    return out
