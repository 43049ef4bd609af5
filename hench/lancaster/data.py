"""Component data of Lancaster-Lite (the STAND-IN base game) and of the three modules, read from
`data/*.toml` through `hench.core.data` and checked field by field with `hench.core.schema.Reader`.

Every section carries a `status`: "text" (the expansion text states it; source "rulebook"),
"reported" (public summaries of the base game, unchecked) or "assumption" (invented so the stand-in
plays); only "text" rows have source "rulebook". A person's own file (the same tables, any subset)
replaces the built-in sections it names: `new_game(data="my.toml")`.

>>> from hench.lancaster.data import default_data
>>> [c.name for c in default_data().counties][:2], default_data().court.bishops
(['Stafford', 'Kent'], (5, 5, 7, 9))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from hench.core.data import Assumption, DataError, builtin_text, parse_toml, read_user_file
from hench.core.schema import Reader, check_int, check_unique_names

STATUSES = {"text": "rulebook", "reported": "assumed", "assumption": "assumed"}
REWARDS = ("gold", "squires", "vm", "upgrade", "pp", "dorset")
CASTLE_SPACES = ("income", "training", "recruit")
RESOURCES = ("gold", "squires", "vm", "pp")
EFFECTS = ("all_gain", "most_upgrade", "most_recruit", "per_conflict", "per_deployed_strength",
           "upgrade_if_none_deployed", "buy", "per_county", "per_two_counties", "trade", "per_castle_knight",
           "all_weakest_deployed", "strongest_deployed")
PRIVILEGES = ("shield", "archer", "tudor")
TRIBUTES = ("vm", "squires", "gold")
SECTIONS = ("setup", "start_player", "castle", "county", "conflicts", "parliament", "scoring", "law",
            "court", "office", "tower", "dishonor_track", "king_laws", "two_player", "combined_laws")
BUILTIN_FILES = ("base.toml", "modules.toml", "two_player.toml")
WHERE = "hench/lancaster/data"
# Words the typed moves use: a county, conflict or law name equal to one would make a move ambiguous.
RESERVED = ("knight", "to", "castle", "conflict", "tower", "lord", "treasury", "with", "knights", "bishops", "bishop",
            "tudor", "archer", "shield", "squire", "squires", "vote", "yes", "no", "vm", "upgrade", "take", "decline",
            "dorset-court", "choose", "gold", "pp", "court", "income", "training", "recruit", "player")
MAX_NOTE = 400


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
class County:
    name: str
    min: int
    reward: str
    amount: int
    row: Row


@dataclass(frozen=True)
class Law:
    id: str
    group: int
    effect: str
    resource: str
    amount: int
    strength: int
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
    """The 2-player ally model (L12, M14): all assumed."""
    ally_knights: tuple[int, ...]
    ally_castle: bool
    ally_keeps_placing: bool
    row: Row


@dataclass(frozen=True)
class LancasterData:
    rounds: int
    start_knights: tuple[int, ...]
    max_knights: int
    max_strength: int
    gold: int
    squires: int
    vm: int
    castle: tuple[str, ...]
    counties: tuple[County, ...]
    french: tuple[int, ...]
    conflict_spaces: int
    rank_pp: tuple[int, ...]
    conflicts_per_round: int
    rank_mode: str
    slots: int
    proposals: int
    group_sizes: tuple[int, ...]
    knighthood: tuple[int, ...]
    laws: tuple[Law, ...]
    court: Court
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
    raw: dict | None  # the person's document, or None for the built-in data

    def county_index(self, name: str) -> int:
        index = self.__dict__.get("_county_index")
        if index is None:
            index = {c.name.lower(): i for i, c in enumerate(self.counties)}
            object.__setattr__(self, "_county_index", index)
        return index[name.lower()]

    def law(self, law_id: str) -> Law:
        for law in self.laws:
            if law.id == law_id:
                return law
        raise KeyError(law_id)


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


def _parts(doc: Any, where: str) -> dict[str, Any]:
    """The sections present in `doc`, each checked field by field (ranges the rules can play)."""
    top = Reader(doc, where, LancasterDataError)
    unknown = sorted(str(k) for k in doc if k not in SECTIONS)
    if unknown:
        raise LancasterDataError(f"{where} has unknown sections {unknown}; expected some of {list(SECTIONS)}")
    p: dict[str, Any] = {}
    if top.optional("setup"):
        r = top.obj("setup")
        p["setup"] = (r.int("rounds", 1, 9), _ints(r, "start_knights", 1, 4, 1, 7), r.int("max_knights", 2, 7),
                      r.int("max_strength", 2, 4), r.int("gold", 0, 20), r.int("squires", 0, 20), r.int("vm", 0, 20))
        p["row.setup"] = _row(r)
        r.done()
    if top.optional("start_player"):
        r = top.obj("start_player")
        r.str("rule", ("clockwise",))
        p["row.start_player"] = _row(r)
        r.done()
    if top.optional("castle"):
        r = top.obj("castle")
        spaces = tuple(r.list("spaces", lambda v, q: _choice(v, q, CASTLE_SPACES), 1, 3))
        if len(set(spaces)) != len(spaces):
            raise r.fail("spaces", f"lists a space twice: {list(spaces)}")
        p["castle"], p["row.castle"] = spaces, _row(r)
        r.done()
    if top.optional("county"):
        p["counties"] = tuple(top.list("county", _county, 2, 12))
    if top.optional("conflicts"):
        r = top.obj("conflicts")
        p["conflicts"] = (_ints(r, "french", 1, 30, 2, 20), r.int("spaces", 2, 5), _ints(r, "rank_pp", 0, 20, 1, 5),
                          r.int("per_round", 1, 3), r.str("rank_mode", ("strength", "space")))
        p["row.conflicts"] = _row(r)
        r.done()
    if top.optional("parliament"):
        r = top.obj("parliament")
        p["parliament"] = (r.int("slots", 3, 3), r.int("proposals", 3, 3), _ints(r, "group_sizes", 3, 4, 5, 5))
        p["row.parliament"] = _row(r)
        r.done()
    if top.optional("scoring"):
        r = top.obj("scoring")
        p["knighthood"], p["row.scoring"] = _ints(r, "knighthood", 0, 30, 2, 2), _row(r)
        r.done()
    if top.optional("law"):
        p["laws"] = tuple(top.list("law", _law, 18, 18))
    if top.optional("court"):
        r = top.obj("court")
        p["court"] = Court(r.int("shields", 0, 9), r.int("archers", 0, 9), r.int("tudors", 0, 9),
                           r.int("archer_strength", 1, 4), r.int("tudor_strength", 1, 4), r.int("seals", 0, 99),
                           r.bool("seal_limit"), r.int("start_vm", 0, 9), _ints(r, "bishops", 0, 12, 4, 4),
                           r.int("max_bishops", 0, 5), _row(r))
        r.done()
    if top.optional("office"):
        p["offices"] = tuple(top.list("office", _office, 3, 3))
    if top.optional("tower"):
        r = top.obj("tower")
        p["tower"] = (r.int("capacity", 4, 20), _ints(r, "neutral", 0, 4, 4, 4), r.int("markers", 0, 99),
                      _ints(r, "per_space", 1, 9, 4, 4))
        p["row.tower"] = _row(r)
        r.done()
    if top.optional("dishonor_track"):
        r = top.obj("dishonor_track")
        larger, smaller = _ints(r, "larger", -99, 0, 1, 20), _ints(r, "smaller", -99, 0, 1, 20)
        if len(larger) != len(smaller):
            raise r.fail("smaller", f"has {len(smaller)} spaces but larger has {len(larger)}")
        if any(a > b for a, b in zip(larger, smaller)):
            raise r.fail("larger", "each space's larger penalty must be at least its smaller one (more negative or equal)")
        p["track"], p["row.dishonor_track"] = tuple(zip(larger, smaller)), _row(r)
        r.done()
    if top.optional("king_laws"):
        r = top.obj("king_laws")
        p["king_groups"], p["row.king_laws"] = _ints(r, "groups", 2, 3, 8, 8), _row(r)
        r.done()
    if top.optional("combined_laws"):
        r = top.obj("combined_laws")
        p["combined"], p["row.combined_laws"] = _ints(r, "sizes", 1, 16, 2, 2), _row(r)
        r.done()
    if top.optional("two_player"):
        r = top.obj("two_player")
        p["two"] = TwoPlayer(_ints(r, "ally_knights", 1, 4, 1, 7), r.bool("ally_castle"), r.bool("ally_keeps_placing"),
                             _row(r))
        r.done()
    top.done()
    return p


def _choice(v: Any, path: str, choices: tuple[str, ...]) -> str:
    if v not in choices:
        raise LancasterDataError(f"{path} is {v!r}; expected one of {list(choices)}")
    return v


def _county(v: Any, where: str) -> County:
    r = Reader(v, where, LancasterDataError)
    name = r.name("name")
    if " " in name:
        raise r.fail("name", f"should be one word (moves name it, e.g. 'knight 2 to Kent'), got {name!r}")
    county = County(name, r.int("min", 1, 8), r.str("reward", REWARDS), r.int("amount", 0, 9), _row(r))
    r.done()
    return county


def _law(v: Any, where: str) -> Law:
    r = Reader(v, where, LancasterDataError)
    law_id = r.str("id")
    if not (len(law_id) == 4 and law_id[0] == "B" and law_id[1].isdigit() and law_id[2] == "-" and law_id[3].isdigit()):
        raise r.fail("id", f"should be a base-law id like 'B2-3', got {law_id!r}")
    group = r.int("group", 0, 4)
    effect = r.str("effect", EFFECTS)
    resource = r.str("resource", RESOURCES)
    amount = r.int("amount", 0, 9)
    strength = r.int("strength", 1, 4) if r.optional("strength") else 1
    text = r.str("text")
    if not 1 <= len(text) <= 120 or not text.isprintable():
        raise r.fail("text", "should be printable text of 1 to 120 characters")
    law = Law(law_id, group, effect, resource, amount, strength, text, _row(r))
    r.done()
    return law


def _office(v: Any, where: str) -> Office:
    r = Reader(v, where, LancasterDataError)
    office = Office(r.str("name", ("Chancellor", "Constable", "Chamberlain")), r.str("tribute", TRIBUTES),
                    r.int("seals", 0, 5), r.str("privilege", PRIVILEGES), _row(r))
    r.done()
    return office


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


def _build(p: dict[str, Any], raw: dict | None, where: str) -> LancasterData:
    rounds, start_knights, max_knights, max_strength, gold, squires, vm = p["setup"]
    if len(start_knights) > max_knights or max(start_knights) > max_strength:
        raise LancasterDataError(f"{where}: setup.start_knights {list(start_knights)} must fit max_knights "
                                 f"{max_knights} and max_strength {max_strength}")
    counties = p["counties"]
    check_unique_names([c.name for c in counties], f"{where}: county names", LancasterDataError, reserved=RESERVED)
    if any(c.min > max_strength + 2 for c in counties):
        raise LancasterDataError(f"{where}: a county minimum above {max_strength + 2} could never be met")
    french, spaces, rank_pp, per_round, rank_mode = p["conflicts"]
    if len(french) < per_round * rounds:
        raise LancasterDataError(f"{where}: conflicts.french lists {len(french)} cards but {per_round} per round "
                                 f"over {rounds} rounds need {per_round * rounds}")
    if len(rank_pp) > spaces:
        raise LancasterDataError(f"{where}: conflicts.rank_pp has more ranks than the {spaces} knight spaces")
    slots, proposals, sizes = p["parliament"]
    laws = p["laws"]
    ids = [law.id for law in laws]
    if len(set(ids)) != len(ids):
        raise LancasterDataError(f"{where}: two laws share an id")
    for g, size in enumerate(sizes):
        have = sum(law.group == g for law in laws)
        if have < size:
            raise LancasterDataError(f"{where}: parliament.group_sizes asks for {size} laws of group {g}, but there are {have}")
    if sizes[0] != slots:
        raise LancasterDataError(f"{where}: group 0 ({sizes[0]} laws) must fill the {slots} current-law slots")
    if sum(sizes[1:]) < proposals * rounds:
        raise LancasterDataError(f"{where}: groups 1-4 hold {sum(sizes[1:])} laws; {rounds} rounds of {proposals} proposals need more")
    kg = p["king_groups"]
    if kg.count(2) < 1 or kg.count(3) < 1:
        raise LancasterDataError(f"{where}: king_laws.groups must put Laws of the King in both groups 2 and 3")
    if sum(sizes[1:]) - sizes[2] - sizes[3] + len(kg) < proposals * rounds:
        raise LancasterDataError(f"{where}: with the Laws of the King in groups 2 and 3 the deck is too small for {rounds} rounds")
    offices = p["offices"]
    if sorted(o.name for o in offices) != ["Chamberlain", "Chancellor", "Constable"]:
        raise LancasterDataError(f"{where}: the offices must be Chancellor, Constable and Chamberlain, once each")
    offices = tuple(sorted(offices, key=lambda o: ("Chancellor", "Constable", "Chamberlain").index(o.name)))  # M3
    capacity, neutral, markers, per_space = p["tower"]
    if any(nk > capacity - 1 for nk in neutral):
        raise LancasterDataError(f"{where}: the tower's neutral knight must leave room (capacity {capacity})")
    rows = {k[4:]: v for k, v in p.items() if k.startswith("row.")}
    rows["court"] = p["court"].row
    two = p["two"]
    rows["two_player"] = two.row
    combined = p["combined"]
    for g, size in zip((2, 3), combined):
        have = sum(law.group == g for law in laws) + kg.count(g)
        if size > have:
            raise LancasterDataError(f"{where}: combined_laws.sizes asks for {size} laws of group {g}, but the base laws "
                                     f"and the Laws of the King hold {have}")
    if sum(sizes[1:]) - sizes[2] - sizes[3] + sum(combined) < proposals * rounds:
        raise LancasterDataError(f"{where}: with combined law groups the deck is too small for {rounds} rounds")
    if len(two.ally_knights) > max_knights or max(two.ally_knights) > max_strength:
        raise LancasterDataError(f"{where}: two_player.ally_knights {list(two.ally_knights)} must fit max_knights "
                                 f"{max_knights} and max_strength {max_strength}")
    return LancasterData(rounds, start_knights, max_knights, max_strength, gold, squires, vm, p["castle"], counties,
                         french, spaces, rank_pp, per_round, rank_mode, slots, proposals, sizes, p["knighthood"],
                         laws, p["court"], offices, capacity, neutral, markers, per_space, p["track"], kg, combined, two, rows,
                         raw)


def assumptions(data: LancasterData | None = None) -> list[Assumption]:
    """Rows (what, value, source, note) of every value in force; 'assumed' rows are placeholders or
    stand-in values (the base game here is a stand-in, Lancaster-Lite)."""
    d = data or default_data()

    def row(what: str, value: str, r: Row) -> Assumption:
        return Assumption(what, value, r.source, f"[{r.status}] {r.note}")

    out = [row("setup", f"{d.rounds} rounds, knights {list(d.start_knights)}, max {d.max_knights} knights of strength "
               f"<= {d.max_strength}, {d.gold} gold, {d.squires} squires, {d.vm} VM", d.rows["setup"]),
           row("start player", "drawn, then clockwise", d.rows["start_player"]),
           row("castle spaces", ", ".join(d.castle), d.rows["castle"])]
    out += [row(f"county {c.name}", f"min {c.min}, reward {c.reward} {c.amount}", c.row) for c in d.counties]
    out.append(row("conflicts", f"French {list(d.french)}, {d.conflict_spaces} spaces, ranks {list(d.rank_pp)} PP, "
                   f"{d.conflicts_per_round} per round, rank by {d.rank_mode}", d.rows["conflicts"]))
    out.append(row("parliament", f"{d.slots} slots, {d.proposals} proposals, groups {list(d.group_sizes)}", d.rows["parliament"]))
    out.append(row("knighthood scoring", f"{list(d.knighthood)} PP", d.rows["scoring"]))
    out += [row(f"law {law.id}", law.text, law.row) for law in d.laws]
    c = d.court
    out.append(row("court (KC)", f"{c.shields} shields, {c.archers} archers, {c.tudors} Tudors, {c.seals} seals, "
                   f"bishops {list(c.bishops)} for 2-5 players", c.row))
    out += [row(f"office {o.name}", f"tribute {o.tribute}, {o.seals} seals, {o.privilege}", o.row) for o in d.offices]
    out.append(row("tower (KR)", f"capacity {d.tower_capacity}, neutral {list(d.neutral)}, {d.markers} markers, "
                   f"per space {list(d.per_space)}", d.rows["tower"]))
    out.append(row("dishonor track (KR)", ", ".join(f"{a}/{b}" for a, b in d.track), d.rows["dishonor_track"]))
    out.append(row("Laws of the King groups (LK)", str(list(d.king_groups)), d.rows["king_laws"]))
    out.append(row("combined law groups (LK option 2)", f"groups 2 and 3 each mix base laws and Laws of the King; "
                   f"{d.combined_sizes[0]} and {d.combined_sizes[1]} used", d.rows["combined_laws"]))
    t = d.two
    out.append(row("2-player allies (L12)", f"ally knights {list(t.ally_knights)}, ally castle "
                   f"{'used (rewards lost)' if t.ally_castle else 'not used'}, ally "
                   f"{'keeps placing' if t.ally_keeps_placing else 'stops'} once its controller is done", t.row))
    return out
