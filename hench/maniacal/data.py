"""Component data of Maniacal, read from `data/*.toml` through `hench.core.data` and checked field by
field with `hench.core.schema.Reader` (every refusal names the file, the field and what is allowed).

The rulebook text lost the card lists, the dice faces and several tables. Those values are
PLACEHOLDERS (`source = "assumed"`), proposed in the catalogue's section 5 (M-01 .. M-19). A person
with the physical game can load their own file (any subset of the sections) with `load_data(path)`:

>>> data = default_data()
>>> len(data.rooms), len(data.henchmen), len(data.contracts), len(data.powers), len(data.schemes)
(75, 40, 97, 14, 25)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from hench.core.cards import CardText
from hench.core.data import Assumption, DataError, builtin_text, parse_toml, read_user_file, source_of
from hench.core.schema import Reader, check_int, check_str, check_unique_names

TRAITS = ("brawn", "stealth", "intellect", "magic")  # MA-061, MA-115: red, blue, green, orange dice
TYPES = ("beast", "criminal", "scientist", "mystic")  # MA-064, MA-071: recruited in this order
DIFFICULTIES = ("easy", "hard", "legendary")  # MA-012
CONTINENTS = "ABCDEF"  # M-08: North America, South America, Europe, Africa, Asia, Oceania
CONTINENT_NAMES = ("North America", "South America", "Europe", "Africa", "Asia", "Oceania")
ROOM_KINDS = ("plain", "action", "contract")
ACTION_EFFECTS = ("infamy_per_type", "gain_money", "draw_scheme", "refresh_henchman")
CONTRACT_EFFECTS = ("extra_die", "reroll_two")
REWARD_EFFECTS = ("", "injured", "captured", "scheme", "power")  # MA-123
NEGATIVE = ("target_plus_two", "remove_die", "extra_week", "injure_after", "steal_three")  # MA-170
POSITIVE = ("reroll_three", "gain_two_weeks", "refresh_henchman", "cancel_harm", "failure_bonus")  # MA-177
FACES = ("blank", "1", "2", "icon")  # M-01: the kinds of face a trait die may show
FILES = ("tables.toml", "rooms.toml", "henchmen.toml", "crew.toml", "contracts.toml", "cards.toml")
SECTIONS = ("players", "start_money", "time_track", "contract_key", "money_rank_bonus", "attraction", "dice", "times",
            "room", "henchman", "supervillain", "lackey", "mercenary", "contract", "power", "scheme")
# Words of the typed moves (actions.py): an id equal to one would make a move ambiguous.
RESERVED = (*TRAITS, *TYPES, *DIFFICULTIES, "build", "sell", "pass", "attempt", "assign", "visit", "activate", "with",
            "as", "on", "no", "scheme", "die", "roll", "reroll", "keep", "pay", "fire", "heal", "power", "done", "player")
MAX_TRAIT, MAX_COST, MAX_NAME, MAX_NOTE = 9, 20, 60, 400


class ManiacalDataError(DataError):
    """A Maniacal data file that cannot be used: the message names the file, the field and what is allowed."""


@dataclass(frozen=True)
class Room:
    id: str
    name: str
    cost: int
    attract_type: str
    attract_value: int
    kind: str
    effect: str
    param: str
    weeks: int
    source: str
    note: str
    attracts: tuple[tuple[str, int], ...] = ()  # MA-053: every (type, value) it attracts; the first is attract_type's

    def attraction_words(self) -> str:
        """'+5 scientist', or '+3 beast, +2 criminal' for a room attracting two types (MA-053)."""
        return ", ".join(f"+{v} {t}" for t, v in self.attracts)


@dataclass(frozen=True)
class Card:
    """A henchman, a Lackey or a Mercenary: a card with traits (MA-062) and, for henchmen, a type and cost."""

    id: str
    name: str
    type: str  # beast / criminal / scientist / mystic / lackey / mercenary (MA-004)
    cost: int
    traits: tuple[int, int, int, int]
    source: str
    note: str


@dataclass(frozen=True)
class Supervillain:
    id: str
    name: str
    home: str
    costs: tuple[int, ...]  # weeks per continent A..F (MA-109)
    lackey: str
    source: str
    note: str


@dataclass(frozen=True)
class Contract:
    id: str
    name: str
    difficulty: str
    team: int
    trait: str
    target: int
    success: tuple[int, int, str]  # infamy, money, effect (MA-121)
    failure: tuple[int, int, str]  # (MA-122)
    source: str
    note: str


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    traits: tuple[int, int, int, int]
    source: str
    note: str


@dataclass(frozen=True)
class Scheme:
    id: str
    negative: str
    positive: str
    source: str
    note: str


@dataclass(frozen=True)
class ManiacalData:
    rooms: tuple[Room, ...]
    henchmen: tuple[Card, ...]
    supervillains: tuple[Supervillain, ...]
    lackeys: tuple[Card, ...]
    mercenaries: tuple[Card, ...]
    contracts: tuple[Contract, ...]
    powers: tuple[Power, ...]
    schemes: tuple[Scheme, ...]
    tables: dict[str, Any]
    notes: dict[str, tuple[str, str]]
    cards: dict[str, Any] = field(default_factory=dict)  # every id -> its record
    raw: Any = None  # a person's own document (saved whole with the game), or None for the built-in data

    def card(self, card_id: str) -> Any:
        return self.cards[card_id]

    @property
    def min_players(self) -> int:
        return self.tables["players"][0]

    @property
    def max_players(self) -> int:
        return self.tables["players"][1]


# -- reading ------------------------------------------------------------------------------------
def _text(r: Reader, key: str, max_len: int = MAX_NAME, allow_empty: bool = False) -> str:
    v = r.str(key)
    if (not v.strip() and not allow_empty) or len(v) > max_len or not v.isprintable():
        raise r.fail(key, f"should be printable text of 1 to {max_len} characters, got {v[:80]!r}")
    return v


def _id(r: Reader) -> str:
    v = r.name("id")
    if " " in v:
        raise r.fail("id", f"should be one word (moves name it, e.g. 'build R01'), got {v!r}")
    return v


def _source(r: Reader) -> tuple[str, str]:
    source, note = source_of(r.data, r.where, ManiacalDataError)
    if r.optional("source"):
        r.str("source", ("rulebook", "assumed"))
    if r.optional("note"):
        _text(r, "note", MAX_NOTE, allow_empty=True)
    return source, note


def _traits(r: Reader) -> tuple[int, int, int, int]:
    brawn, stealth, intellect, magic = (r.int(t, 0, MAX_TRAIT) for t in TRAITS)
    return brawn, stealth, intellect, magic


def _room(v: Any, where: str) -> Room:
    r = Reader(v, where, ManiacalDataError)
    rid, name, cost = _id(r), _text(r, "name"), r.int("cost", 0, MAX_COST)
    attracts = _attracts(r)
    attract_type, attract_value, kind = attracts[0][0], attracts[0][1], r.str("kind", ROOM_KINDS)
    effect, param, weeks = "", "", 0
    if kind == "action":
        effect, weeks = r.str("effect", ACTION_EFFECTS), r.int("weeks", 1, 3)  # MA-099: usually 1 week
        if effect == "infamy_per_type":
            param = r.str("param", TYPES)
    elif kind == "contract":
        effect = r.str("effect", CONTRACT_EFFECTS)
    source, note = _source(r)
    r.done()
    return Room(rid, name, cost, attract_type, attract_value, kind, effect, param, weeks, source, note, attracts)


def _attracts(r: Reader) -> tuple[tuple[str, int], ...]:
    """MA-053: `attract_type` one type, or a list of two (a room may appeal to two types, "both" in the text);
    `attract_value` one value for them all, or a list with one value per type."""
    raw_types = r.raw("attract_type")
    types = raw_types if isinstance(raw_types, list) else [raw_types]
    if not 1 <= len(types) <= 2 or not all(t in TYPES for t in types) or len(set(types)) != len(types):
        raise r.fail("attract_type", f"should be one of {list(TYPES)} or a list of two different ones, got {raw_types!r}")
    raw_values = r.raw("attract_value")
    values = raw_values if isinstance(raw_values, list) else [raw_values] * len(types)
    if len(values) != len(types) or not all(type(v) is int and 0 <= v <= MAX_COST for v in values):
        raise r.fail("attract_value", f"should be a whole number 0..{MAX_COST}, or a list of one per attract_type, got {raw_values!r}")
    return tuple(zip(types, values))


def _henchman(v: Any, where: str) -> Card:
    r = Reader(v, where, ManiacalDataError)
    cid, name, htype, cost = _id(r), _text(r, "name"), r.str("type", TYPES), r.int("cost", 0, MAX_COST)
    traits = _traits(r)
    source, note = _source(r)
    r.done()
    return Card(cid, name, htype, cost, traits, source, note)


def _crew(kind: str) -> Callable[[Any, str], Card]:
    def read(v: Any, where: str) -> Card:
        r = Reader(v, where, ManiacalDataError)
        cid, name, traits = _id(r), _text(r, "name"), _traits(r)
        if sum(traits) == 0:
            raise r.fail("brawn", "and the other traits are all 0; a card with no trait adds no die")
        source, note = _source(r)
        r.done()
        return Card(cid, name, kind, 0, traits, source, note)
    return read


def _supervillain(v: Any, where: str) -> Supervillain:
    r = Reader(v, where, ManiacalDataError)
    sid, name, home = _id(r), _text(r, "name"), r.str("home", tuple(CONTINENTS))
    costs = tuple(r.list("costs", lambda x, p: check_int(x, p, 1, 8, ManiacalDataError), 6, 6))
    lackey = r.str("lackey")
    source, note = _source(r)
    r.done()
    return Supervillain(sid, name, home, costs, lackey, source, note)


def _contract(v: Any, where: str) -> Contract:
    r = Reader(v, where, ManiacalDataError)
    cid, name, diff = _id(r), _text(r, "name"), r.str("difficulty", DIFFICULTIES)
    team, trait, target = r.int("team", 1, 4), r.str("trait", TRAITS), r.int("target", 1, 40)  # MA-106, MA-112
    success = (r.int("success_infamy", 0, 40), r.int("success_money", 0, 40), r.str("success_effect", REWARD_EFFECTS))
    failure = (r.int("failure_infamy", 0, 40), r.int("failure_money", 0, 40), r.str("failure_effect", REWARD_EFFECTS))
    source, note = _source(r)
    r.done()
    return Contract(cid, name, diff, team, trait, target, success, failure, source, note)


def _power(v: Any, where: str) -> Power:
    r = Reader(v, where, ManiacalDataError)
    pid, name, traits = _id(r), _text(r, "name"), _traits(r)
    source, note = _source(r)
    r.done()
    return Power(pid, name, traits, source, note)


def _scheme(v: Any, where: str) -> Scheme:
    r = Reader(v, where, ManiacalDataError)
    sid, neg, pos = _id(r), r.str("negative", NEGATIVE), r.str("positive", POSITIVE)
    source, note = _source(r)
    r.done()
    return Scheme(sid, neg, pos, source, note)


def _table(top: Reader, key: str, read: Callable[[Reader], Any]) -> tuple[Any, tuple[str, str]]:
    r = top.obj(key)
    value = read(r)
    note = _source(r)
    r.done()
    return value, note


def _int_list(r: Reader, key: str, n: int, lo: int, hi: int) -> tuple[int, ...]:
    return tuple(r.list(key, lambda x, p: check_int(x, p, lo, hi, ManiacalDataError), n, n))


TABLE_READERS = {
    "players": lambda r: (r.int("min", 2, 5), r.int("max", 2, 5)),
    "start_money": lambda r: (r.int("first", 0, 50), r.int("step", 0, 10)),
    "time_track": lambda r: _int_list(r, "weeks", 3, 5, 20),  # long enough for a contract (MA-091)
    "contract_key": lambda r: tuple(_int_list(r, d, 3, 0, 6) for d in DIFFICULTIES),
    "money_rank_bonus": lambda r: _int_list(r, "infamy", 5, 0, 40),
    "attraction": lambda r: r.int("start", 0, 20),
    "dice": lambda r: (tuple(r.list("faces", lambda x, p: check_str(x, p, FACES, ManiacalDataError), 1, 36)),
                       r.int("icon", 0, 5), r.int("icon_matching", 0, 10)),
    "times": lambda r: {k: r.int(k, 0, 8) for k in ("visit", "contract_min", "contract_max", "hospital_fee", "steal")},
}
LISTS: dict[str, tuple[Callable[[Any, str], Any], int, int]] = {"room": (_room, 15, 200), "henchman": (_henchman, 4, 200), "supervillain": (_supervillain, 5, 20),
         "lackey": (_crew("lackey"), 5, 20), "mercenary": (_crew("mercenary"), 1, 50),
         "contract": (_contract, 6, 300), "power": (_power, 1, 100), "scheme": (_scheme, 1, 100)}


def _parts(doc: Any, where: str) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise ManiacalDataError(f"{where}: a Maniacal data document should be a table, got {type(doc).__name__}")
    unknown = sorted(str(k) for k in doc if k not in SECTIONS)
    if unknown:
        raise ManiacalDataError(f"{where} has unknown sections {unknown}; expected some of {list(SECTIONS)}")
    top = Reader(doc, where, ManiacalDataError)
    parts: dict[str, Any] = {}
    for key, read in TABLE_READERS.items():
        if top.optional(key):
            parts[key] = _table(top, key, read)
    for key, (read_item, lo, hi) in LISTS.items():
        if top.optional(key):
            parts[key] = tuple(top.list(key, read_item, lo, hi))
    top.done()
    return parts


@lru_cache(maxsize=1)
def _builtin_parts() -> dict[str, Any]:
    parts: dict[str, Any] = {}
    for name in FILES:
        where = f"hench/maniacal/data/{name}"
        parts.update(_parts(parse_toml(builtin_text("hench.maniacal", name), where, ManiacalDataError), where))
    return parts


@lru_cache(maxsize=1)
def default_data() -> ManiacalData:
    """The built-in placeholder data."""
    return _build(_builtin_parts(), "hench/maniacal/data")


def load_data(path: str | Path) -> ManiacalData:
    """A person's own data file (TOML, any subset of SECTIONS) merged over the built-in placeholders."""
    where = str(path)
    return data_from_document(parse_toml(read_user_file(path, ManiacalDataError), where, ManiacalDataError), where)


def data_from_document(doc: Any, where: str = "data") -> ManiacalData:
    parts = dict(_builtin_parts())
    parts.update(_parts(doc, where))
    return _build(parts, where, doc)


def _build(parts: dict[str, Any], where: str, raw: Any = None) -> ManiacalData:
    tables = {k: parts[k][0] for k in TABLE_READERS}
    notes = {k: parts[k][1] for k in TABLE_READERS}
    data = ManiacalData(parts["room"], parts["henchman"], parts["supervillain"], parts["lackey"], parts["mercenary"],
                        parts["contract"], parts["power"], parts["scheme"], tables, notes, raw=raw)
    everything: list[Room | Card | Supervillain | Contract | Power | Scheme] = [*data.rooms, *data.henchmen, *data.supervillains, *data.lackeys, *data.mercenaries,
                  *data.contracts, *data.powers, *data.schemes]
    check_unique_names([x.id for x in everything], f"{where}: card ids", ManiacalDataError, reserved=RESERVED)
    data.cards.update({x.id: x for x in everything})
    _check_playable(data, where)
    return data


def _check_playable(data: ManiacalData, where: str) -> None:
    """Refuse data the rules cannot play at every seat count it allows."""
    lo, hi = data.tables["players"]
    if lo > hi:
        raise ManiacalDataError(f"{where}: players.min {lo} is more than players.max {hi}")
    if len(data.rooms) < 5 * hi:  # MA-040: 5 Room cards to each player
        raise ManiacalDataError(f"{where}: {len(data.rooms)} rooms cannot deal 5 to each of {hi} players")
    if len(data.supervillains) < hi:
        raise ManiacalDataError(f"{where}: {len(data.supervillains)} Supervillains for up to {hi} players")
    lackeys = {x.id for x in data.lackeys}
    for sv in data.supervillains:  # MA-022
        if sv.lackey not in lackeys:
            raise ManiacalDataError(f"{where}: Supervillain {sv.id} names Lackey {sv.lackey!r}, which is not a [[lackey]]")
    if len({x.lackey for x in data.supervillains}) != len(data.supervillains):
        raise ManiacalDataError(f"{where}: two Supervillains share a Lackey (MA-022 gives each its own)")
    for t in TYPES:
        if not any(h.type == t for h in data.henchmen):
            raise ManiacalDataError(f"{where}: there is no {t} henchman; each of the 4 decks needs a card (MA-015)")
    for d, counts in zip(DIFFICULTIES, data.tables["contract_key"]):
        if max(counts) and not any(c.difficulty == d for c in data.contracts):
            raise ManiacalDataError(f"{where}: the Contract Key deals {d} contracts but there are none")
    for r, key in enumerate(zip(*data.tables["contract_key"])):
        if sum(key) != 6:  # MA-105: 6 contracts, one per continent
            raise ManiacalDataError(f"{where}: contract_key for round {r + 1} deals {sum(key)} contracts; it must deal 6")
    times = data.tables["times"]
    if not 1 <= times["contract_min"] <= times["contract_max"]:
        raise ManiacalDataError(f"{where}: times.contract_min..contract_max is not a range of weeks")


def assumptions(data: ManiacalData | None = None) -> list[Assumption]:
    """Every value in force with its source (rows with source 'assumed' are placeholders), in plain words."""
    data = data or default_data()
    rows = [Assumption(TABLE_WORDS[key][0], TABLE_WORDS[key][1](data.tables[key]), *data.notes[key]) for key in TABLE_READERS]
    for group in (data.rooms, data.henchmen, data.supervillains, data.lackeys, data.mercenaries, data.contracts,
                  data.powers, data.schemes):
        rows += [Assumption(_what(x), _value(data, x), x.source, x.note) for x in group]
    return rows


TABLE_WORDS: dict[str, tuple[str, Callable[[Any], str]]] = {  # each table's name and its value, in words
    "players": ("number of players", lambda v: f"{v[0]} to {v[1]}"),
    "start_money": ("starting money", lambda v: f"${v[0]} for the first player, ${v[1]} more for each later one"),
    "time_track": ("weeks on the Time track", lambda v: ", ".join(f"round {i + 1}: {w}" for i, w in enumerate(v))),
    "contract_key": ("the Contract Key (contracts on the map)", lambda v: "; ".join(
        f"round {r + 1}: " + ", ".join(f"{v[k][r]} {d}" for k, d in enumerate(DIFFICULTIES)) for r in range(3))),
    "money_rank_bonus": ("money-rank bonus at the end", lambda v: ", ".join(f"rank {i + 1}: +{b} Infamy" for i, b in enumerate(v))),
    "attraction": ("start of the attraction tracks", lambda v: f"{v}"),
    "dice": ("faces of a Trait die", lambda v: ", ".join(v[0]) + f"; the icon is {v[1]} success, {v[2]} on the recommended trait"),
    "times": ("time and money costs", lambda v: f"a visit {v['visit']} weeks; a contract {v['contract_min']} to "
              f"{v['contract_max']} weeks; healing ${v['hospital_fee']} an Injury; a Scheme steals ${v['steal']}"),
}


def _what(x: Any) -> str:
    kind = "henchman" if isinstance(x, Card) and x.type in TYPES else type(x).__name__.lower()
    if isinstance(x, Card) and x.type in ("lackey", "mercenary"):
        kind = x.type
    return f"{kind}: {scheme_name(x) if isinstance(x, Scheme) else x.name}"


def _value(data: ManiacalData, x: Any) -> str:
    if isinstance(x, Room):
        fx = {"plain": "no effect", "action": "Action room: ", "contract": "Contract room: "}[x.kind]
        if x.kind != "plain":
            fx += _ROOM_EFFECT_TEXT.get(x.effect, x.effect).format(param=x.param)
        return f"${x.cost}, {x.attraction_words()} attraction; {fx}"
    if isinstance(x, (Card, Power)):
        traits = ", ".join(f"{t} {v}" for t, v in zip(TRAITS, x.traits) if v)
        return f"costs {x.cost} attraction; {traits}" if isinstance(x, Card) and x.type in TYPES else traits
    if isinstance(x, Contract):
        return f"{x.difficulty}, team of {x.team}, {x.trait} recommended, Target {x.target}"
    if isinstance(x, Supervillain):
        return (f"based in {CONTINENT_NAMES[CONTINENTS.index(x.home)]}; weeks per continent "
                + ", ".join(f"{n} {w}" for n, w in zip(CONTINENT_NAMES, x.costs)) + f"; {data.cards[x.lackey].name}")
    return f"against others: {NEGATIVE_TEXT.get(x.negative, x.negative)}; for you: {POSITIVE_TEXT.get(x.positive, x.positive)}"


# -- every card in plain words (the gallery, the hover texts) ------------------------------------------
ABILITIES_NOTE = ("Supervillain abilities (MA-021) are not in the rulebook text: this game is played without them "
                  "(an assumption, as the rulebook allows for a first game).")
NEGATIVE_TEXT = {
    "target_plus_two": "the attempted contract's Target goes up by 2",
    "remove_die": "one die is taken out of the pool before the roll (even the last one)",
    "extra_week": "the attempt costs its player 1 week more",
    "injure_after": "after the contract is resolved, you put an Injury on one henchman of the team",
    "steal_three": "if the attempt succeeds, you take $3 of its player's reward money",
}
POSITIVE_TEXT = {
    "reroll_three": "while resolving your contract, reroll up to 3 dice (after any other rerolls)",
    "gain_two_weeks": "gain 2 weeks: your Time token moves 2 spaces back (never past the track's start)",
    "refresh_henchman": "refresh one exhausted henchman of yours so it can act again this round",
    "cancel_harm": "cancel an Injured or Captured effect about to hit one of your henchmen",
    "failure_bonus": "when your contract fails, gain +2 Infamy and $2",
}
NEGATIVE_SHORT = {"target_plus_two": "Target +2", "remove_die": "one die fewer", "extra_week": "a week more",
                  "injure_after": "an Injury", "steal_three": "steal $3"}
POSITIVE_SHORT = {"reroll_three": "reroll 3 dice", "gain_two_weeks": "2 weeks back", "refresh_henchman": "refresh a henchman",
                  "cancel_harm": "cancel harm", "failure_bonus": "a bonus on failure"}


def scheme_name(sh: Scheme) -> str:
    """A Scheme card's name in words: its two halves (the cards have no printed names)."""
    return f"Scheme “{NEGATIVE_SHORT.get(sh.negative, sh.negative)} / {POSITIVE_SHORT.get(sh.positive, sh.positive)}”"


_ROOM_EFFECT_TEXT = {
    "infamy_per_type": "gain 2 Infamy for each {param} henchman you control",
    "gain_money": "take $3 from the bank",
    "draw_scheme": "draw a Scheme card",
    "refresh_henchman": "refresh one exhausted henchman",
    "extra_die": "add one die of a trait you choose to the pool, before rolling",
    "reroll_two": "reroll up to 2 dice, after rolling",
}
_REWARD_EFFECT_TEXT = {"": "", "injured": "one of the team is Injured (MA-142)", "captured": "one of the team is Captured "
                       "and leaves the game (MA-141)", "scheme": "draw a Scheme card (MA-145)",
                       "power": "a henchman of yours gets a random Power (MA-146, MA-180)"}


def _trait_words(traits: Sequence[int]) -> str:
    return ", ".join(f"{t} {v}" for t, v in zip(TRAITS, traits) if v) or "no trait"


def _reward(infamy: int, money: int, effect: str) -> str:
    extra = _REWARD_EFFECT_TEXT.get(effect, effect)
    return f"+{infamy} Infamy and ${money}" + (f", and {extra}" if extra else "")


def card_texts(d: ManiacalData) -> list[CardText]:
    """Every Room, Henchman, Lackey, Mercenary, Supervillain, Contract, Power and Scheme card of the data, in
    plain words with its numbers, when it is used and the rules that govern it."""
    out: list[CardText] = []
    def assumed(x: Room | Card | Supervillain | Contract | Power | Scheme) -> bool:
        return bool(x.source == "assumed")

    for r in d.rooms:
        what = f"Costs ${r.cost} to build (or sells for ${r.cost}); built, it adds {' and '.join(f'{v} to your {t}' for t, v in r.attracts)} attraction."
        when = "Only its attraction counts: it has no special effect."
        rules: tuple[str, ...] = ("MA-049", "MA-053", "MA-056")
        if r.kind == "action":
            effect = _ROOM_EFFECT_TEXT.get(r.effect, r.effect).format(param=r.param)
            what += f" Action room: {effect}."
            when = (f"As your action in the Contract Phase, once a round: costs {r.weeks} week(s) and exhausts your "
                    "Supervillain or a ready henchman.")
            rules += ("MA-095", "MA-099", "MA-100")
        elif r.kind == "contract":
            what += f" Contract room: {_ROOM_EFFECT_TEXT.get(r.effect, r.effect)}."
            when = ("During one of your contract attempts, once a round, at no time cost: exhausts your Supervillain or "
                    "a henchman not on the team.")
            rules += ("MA-130", "MA-131", "MA-133", "MA-135")
        out.append(CardText(r.id, r.name, "Room", what, when, rules, assumed(r), r.note))
    for h in d.henchmen:
        out.append(CardText(h.id, h.name, f"{h.type.capitalize()} henchman",
                            f"Recruited when your {h.type} attraction is the highest and at least {h.cost}; your attraction "
                            f"then drops by {h.cost}. Traits: {_trait_words(h.traits)} (one die per point on a contract).",
                            "Phase II recruits it; in Phase III it joins contract teams or activates rooms; it costs $1 "
                            "salary in each Clean-up.", ("MA-063", "MA-072", "MA-073", "MA-116", "MA-205"), assumed(h), h.note))
    for lk in d.lackeys:
        out.append(CardText(lk.id, lk.name, "Lackey", f"Your first henchman. Traits: {_trait_words(lk.traits)}; on a team or "
                            "activating a room it uses one trait of your choice. With the Lackey on the team you may reroll "
                            "any dice once after the roll.", "Every contract attempt; it is paid a salary like any henchman.",
                            ("MA-065", "MA-150", "MA-152", "MA-153"), assumed(lk), lk.note))
    for me in d.mercenaries:
        out.append(CardText(me.id, me.name, "Mercenary", f"Hired by visiting Lucifer's Lounge; works like a henchman. Traits: "
                            f"{_trait_words(me.traits)}.", "For the rest of the round; paid first in Clean-up, then back to "
                            "the bottom of the Mercenary deck (with the Bodyguard option it is kept as an ordinary henchman).",
                            ("MA-193", "MA-195", "MA-198", "MA-207", "MA-232"), assumed(me), me.note))
    for sv in d.supervillains:
        costs = ", ".join(f"{n} {w}" for n, w in zip(CONTINENT_NAMES, sv.costs))
        out.append(CardText(sv.id, sv.name, "Supervillain", f"Based in {CONTINENT_NAMES['ABCDEF'.index(sv.home)]}. Weeks to "
                            f"attempt a contract: {costs}. Comes with {d.cards[sv.lackey].name}. No special ability: " + ABILITIES_NOTE,
                            "Can activate one room a round (then it is exhausted); never joins a contract team.",
                            ("MA-021", "MA-096", "MA-097", "MA-109"), True,
                            (sv.note + "; " if sv.note else "") + "abilities left out (MA-021)"))
    for c in d.contracts:
        out.append(CardText(c.id, c.name, f"{c.difficulty.capitalize()} contract",
                            f"Needs a team of {c.team}; {c.trait} recommended (its icon counts double). Target {c.target} "
                            f"successes. Success: {_reward(*c.success)}. Failure: {_reward(*c.failure)}.",
                            "Face down on the map until someone pays the time to attempt it; then face up and resolved.",
                            ("MA-106", "MA-111", "MA-120", "MA-121", "MA-122", "MA-123"), assumed(c), c.note))
    for pw in d.powers:
        out.append(CardText(pw.id, pw.name, "Power", f"Attached to one henchman for good: {_trait_words(pw.traits)} more "
                            "(adds dice of those traits).", "Drawn as a contract reward; discarded if its henchman is captured.",
                            ("MA-180", "MA-181", "MA-183", "MA-184"), assumed(pw), pw.note))
    for sh in d.schemes:
        out.append(CardText(sh.id, scheme_name(sh), "Scheme", f"Negative half (against an opponent's attempt, +2 Infamy for "
                            f"you): {NEGATIVE_TEXT.get(sh.negative, sh.negative)}. Positive half (on your own turn): "
                            f"{POSITIVE_TEXT.get(sh.positive, sh.positive)}.",
                            "Contract Phase only; one half per play; costs no time; kept secret in your hand.",
                            ("MA-162", "MA-164", "MA-165", "MA-170", "MA-171", "MA-172", "MA-177"), assumed(sh), sh.note))
    return out


_CARD_TEXTS: dict[int, tuple[ManiacalData, tuple[CardText, ...], dict[str, str]]] = {}


def _texts_and_plain(data: ManiacalData) -> tuple[ManiacalData, tuple[CardText, ...], dict[str, str]]:
    """(data, its card texts, card id -> plain text), built once per data set (found by its identity)."""
    hit = _CARD_TEXTS.get(id(data))
    if hit is None or hit[0] is not data:
        if len(_CARD_TEXTS) >= 8:
            _CARD_TEXTS.clear()
        texts = tuple(card_texts(data))
        hit = _CARD_TEXTS[id(data)] = (data, texts, {c.id: c.plain() for c in texts})
    return hit


def _texts_of(data: ManiacalData) -> tuple[CardText, ...]:
    """The card texts of a data set, built once per data set."""
    return _texts_and_plain(data)[1]


def plain_texts(data: ManiacalData) -> dict[str, str]:
    """Card id -> its plain explanation (CardText.plain), for hover texts: built once per data set, the same dict
    every time (read only: every board drawn reads it)."""
    return _texts_and_plain(data)[2]


class _WithData(Protocol):
    data: ManiacalData


def cards(state: _WithData) -> list[CardText]:
    """Every card of the state's data explained (Game(cards=...))."""
    return list(_texts_of(state.data))


def card_gallery() -> list[CardText]:
    """Every card of the builtin data, for the Learn page's gallery."""
    return list(_texts_of(default_data()))
