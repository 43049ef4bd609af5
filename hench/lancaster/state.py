"""The Lancaster position: its fields declared once (hench.core.fields), no rules here.

Seats are 0-based; people read them as "Player 1".. A colour is a seat, or with 2 players a seat's ally
(colour seat + 2, LB-090). Every colour owns 7 knights (LB-004), each `[strength, where]` with `where` one of
"reserve", "court", "county:<i>", "castle:<i>", "conflict:<card>", "tower" (KR) or "office:<i>" (KC). A lord
(KC) is at "court", "office:<i>", "treasury" or "none". A pending task is `[colour, kind, info]`: the colour
that chooses, and what about. Every field is JSON-like; the save holds the component data in force (`data`)
and `edition`, which tells this game's saves from those of the stand-in base game played before issue 27.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hench.core import InvalidStateError, seat_name
from hench.core.fields import DEEP, DICT, LIST, ROWS, Field, Fields, FieldState, data_field
from hench.core.schema import Reader

from .data import LETTERS, LancasterData, LancasterDataError, data_from_document, default_data

EDITION = "lancaster-2011"  # the base game's own rules (issue 27)
MODULES = ("KC", "KR", "LK")
STAGES = ("place", "vote", "laws", "rewards", "over")
TASKS = ("extension", "upgrade", "favor", "county", "noble", "dorset", "start", "castle_pay", "law_choice", "ransom")
AGENDA = ("laws", "law", "laws_done", "offices", "tower", "county", "shields", "castles", "castle", "conflicts", "conflict",
          "cleanup")  # 'shields:<n>': the shields used in counties this round, back once every county has paid (LH-042)
RES = ("gold", "squires", "vm", "pp", "seals", "dishonor", "bishops")
PRIV = ("shield", "archer", "tudor")
ALLY_BISHOP_MODES = ("optional", "forced")  # A20
MOST_SQUIRES = ("held", "employed")  # the BL-02 reading
MOST_AT_ZERO = ("all", "nobody")  # the 'majority' reading: who has 'the most' when the most is 0 (LB-043)
BIG = 10**6  # a number no position reaches, for counts without a natural bound (power points, tallies)
PIECES = 99  # pieces one place holds at most in a save: the box has 37 squires, 37 gold and 37 voting markers and
# random play never passed 15 of any; 1,000,000 squires in a crafted save took 83 s and 2.4 GB to load (issue 31)
STAND_IN_SAVE = ("state.edition is missing: this save is of the earlier stand-in base game (\"Lancaster-Lite\", before issue 27): the kit now "
                 "plays Lancaster's own base game, with other counties, castles, conflicts, laws and scoring, so the "
                 "position cannot be carried over; start a new game")


def _copy(v: Any) -> Any:
    if isinstance(v, list):
        return [_copy(x) for x in v]
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    return v


def _list_rows(v: list[list[Any]]) -> list[list[Any]]:
    return [row.copy() for row in v]


def _dict_rows(v: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [row.copy() for row in v]


# How each container field is copied whole (a fast exact deep copy of JSON-like data): transitions.own_all
# gives a successor fresh copies of them all before a step that may change any of them.
COPIES: dict[str, Callable[[Any], Any]] = {
    "modules": list.copy, "conflict_deck": list.copy, "discarded": list.copy, "lord": list.copy, "holders": list.copy,
    "track": list.copy, "law_deck": list.copy, "current": list.copy, "proposals": list.copy, "vm_hold": list.copy,
    "stacks": list.copy, "favors": list.copy, "agenda": list.copy, "treasury": dict.copy, "supply": dict.copy,
    "knights": lambda v: [[k.copy() for k in ks] for ks in v],
    "res": _dict_rows, "priv": _dict_rows, "granted": _dict_rows, "castles": _list_rows, "extensions": _list_rows,
    "nobles": _list_rows, "counties": lambda v: [None if c is None else c.copy() for c in v],
    "conflicts": lambda v: [{**c, "spaces": [None if sp is None else {**sp, "knights": sp["knights"][:]}
                                             for sp in c["spaces"]]} for c in v],
    "tower": _list_rows,
    "offices": lambda v: [None if o is None else {**o, "knights": o["knights"][:]} for o in v],
    "votes": lambda v: [None if x is None else x[:] for x in v], "tally": _list_rows, "final": _list_rows,
    "choices": _list_rows,
    "pending": lambda v: [[x[0], x[1], x[2].copy() if isinstance(x[2], dict) else x[2]] for x in v],
}


def copy_fields(d: dict[str, Any]) -> dict[str, Any]:
    """An exact deep copy of a save's fields (every container copied as COPIES says)."""
    out = d.copy()
    for key, how in COPIES.items():
        if key in d:
            out[key] = how(d[key])
    return out


# -- reading a save field by field (types and ranges; invariants between fields: validate.validate_state) --
def _int(v: Any, path: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise InvalidStateError(f"{path} should be a whole number {lo}..{hi}, got {v!r}")
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise InvalidStateError(f"{path} should be true or false, got {v!r}")
    return v


def _list(v: Any, path: str, lo: int, hi: int) -> list[Any]:
    if not isinstance(v, list) or not lo <= len(v) <= hi:
        raise InvalidStateError(f"{path} should be a list of {lo}..{hi} items, got {str(v)[:60]}")
    return v


def _obj(v: Any, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(v, dict) or set(v) != set(keys):
        raise InvalidStateError(f"{path} should be an object with fields {sorted(keys)}, got {str(v)[:80]}")
    return v


def colours_of(players: int) -> int:
    """How many colours have pieces: the seats, plus with 2 players their two allies (LB-090; LB-103: set up as for 4)."""
    return 4 if players == 2 else players


def _colours(s: Any) -> int:
    return colours_of(s.players)


def read_edition(r: Reader, s: Any) -> str:
    """The format marker: a save without it is of the stand-in game played before issue 27, and is refused."""
    if not r.optional("edition"):
        raise InvalidStateError(STAND_IN_SAVE)
    return r.str("edition", (EDITION,))


def read_modules(r: Reader, s: Any) -> list[str]:
    mods: list[Any] = r.list("modules", None, 0, 3)
    if any(m not in MODULES for m in mods) or len(set(mods)) != len(mods) or mods != [m for m in MODULES if m in mods]:
        raise InvalidStateError(f"state.modules should list some of {list(MODULES)} in that order, got {mods!r}")
    if "LK" in mods and not ("KC" in mods and "KR" in mods):
        raise InvalidStateError("state.modules: the Laws of the King need both KC and KR (LH-003)")
    return list(mods)


def read_agenda(r: Reader, s: Any) -> list[str]:
    """The steps the engine still runs by itself this phase, in order ('county:3', 'conflict:C4', 'law:BL-02'...)."""
    rows: list[Any] = r.list("agenda", None, 0, 40)
    for x in rows:
        if not isinstance(x, str) or x.split(":")[0] not in AGENDA:
            raise InvalidStateError(f"state.agenda: {x!r} is not a step; steps are {list(AGENDA)} (some with ':<which>')")
    return list(rows)


def read_pending(r: Reader, s: Any) -> list[list[Any]]:
    tasks: list[Any] = r.list("pending", None, 0, 80)
    for i, t in enumerate(tasks):
        _list(t, f"state.pending[{i}]", 3, 3)
        _int(t[0], f"state.pending[{i}][0]", 0, _colours(s) - 1)
        if t[1] not in TASKS:
            raise InvalidStateError(f"state.pending[{i}][1] should be one of {list(TASKS)}")
        info = t[2]
        if t[1] == "law_choice":
            _obj(info, f"state.pending[{i}][2]", ("law", "max"))
            if not isinstance(info["law"], str):
                raise InvalidStateError(f"state.pending[{i}][2].law should be a law id")
            _int(info["max"], f"state.pending[{i}][2].max", 0, PIECES)
        elif t[1] in ("county", "dorset"):
            _int(info, f"state.pending[{i}][2]", 0, len(s.data.counties) - 1)
        elif t[1] == "ransom":
            _int(info, f"state.pending[{i}][2]", 0, s.data.max_knights - 1)
        elif t[1] == "castle_pay":
            if info not in [x.id for x in s.data.extensions]:
                raise InvalidStateError(f"state.pending[{i}][2] should be an extension id")
        elif t[1] == "upgrade":
            if info not in ("any", "deployed", "three"):
                raise InvalidStateError(f"state.pending[{i}][2] should be 'any', 'deployed' or 'three'")
        elif t[1] == "noble":
            if info not in ("take", "remove"):
                raise InvalidStateError(f"state.pending[{i}][2] should be 'take' or 'remove'")
        elif info is not None:
            raise InvalidStateError(f"state.pending[{i}][2] should be null")
    return _copy(tasks)


def read_option(name: str, choices: tuple[str, ...], two_only: bool) -> Callable[[Reader, Any], str | None]:
    def read(r: Reader, s: Any) -> str | None:
        if s.players == 2 or not two_only:
            return r.str(name, choices)
        if r.raw(name) is not None:
            raise InvalidStateError(f"state.{name} is null unless there are 2 players")
        return None
    return read


def read_most_at_zero(r: Reader, s: Any) -> str:
    """LB-043: 'all' (the literal reading: every tied player, at 0 too; the default, not written) or 'nobody'. A save
    made before the option existed (issue 36) has no such key and plays on with the default, like every other rule
    issue 36 corrected."""
    return r.str("most_at_zero", MOST_AT_ZERO) if r.optional("most_at_zero") else "all"


def read_knights(r: Reader, s: Any) -> list[list[list[Any]]]:
    nc, data = _colours(s), s.data
    knights: list[Any] = r.list("knights", None, nc, nc)
    for p, ks in enumerate(knights):
        _list(ks, f"state.knights[{p}]", data.max_knights, data.max_knights)
        for j, k in enumerate(ks):
            _list(k, f"state.knights[{p}][{j}]", 2, 2)
            _int(k[0], f"state.knights[{p}][{j}][0]", 1, data.max_strength)
            if not isinstance(k[1], str):
                raise InvalidStateError(f"state.knights[{p}][{j}][1] should be a place")
        if sorted(k[0] for k in ks) != sorted(data.knights):
            raise InvalidStateError(f"state.knights[{p}] should be the strengths {list(data.knights)} (LB-004)")
    return _copy(knights)


def read_res(r: Reader, s: Any) -> list[dict[str, int]]:
    nc = _colours(s)
    rows: list[Any] = r.list("res", None, nc, nc)
    for p, res in enumerate(rows):
        _obj(res, f"state.res[{p}]", RES)
        for key in RES:
            _int(res[key], f"state.res[{p}].{key}", -BIG if key == "pp" else 0, BIG if key == "pp" else PIECES)
    return _copy(rows)


def read_privileges(name: str) -> Callable[[Reader, Any], list[dict[str, int]]]:
    def read(r: Reader, s: Any) -> list[dict[str, int]]:
        nc = _colours(s)
        rows: list[Any] = r.list(name, None, nc, nc)
        for p, v in enumerate(rows):
            _obj(v, f"state.{name}[{p}]", PRIV)
            for key in PRIV:
                _int(v[key], f"state.{name}[{p}].{key}", 0, 9)
        return _copy(rows)
    return read


def read_lord(r: Reader, s: Any) -> list[str]:
    nc = _colours(s)
    places: list[Any] = r.list("lord", None, nc, nc)
    for p, v in enumerate(places):
        if not isinstance(v, str):
            raise InvalidStateError(f"state.lord[{p}] should be a place")
    return list(places)


def read_counties(r: Reader, s: Any) -> list[dict[str, Any] | None]:
    nc, data = _colours(s), s.data
    rows: list[Any] = r.list("counties", None, len(data.counties), len(data.counties))
    for i, c in enumerate(rows):
        if c is not None:
            _obj(c, f"state.counties[{i}]", ("owner", "knight", "squires", "shield", "tudor"))
            _int(c["owner"], f"state.counties[{i}].owner", 0, nc - 1)
            _int(c["knight"], f"state.counties[{i}].knight", 0, data.max_knights - 1)
            _int(c["squires"], f"state.counties[{i}].squires", 0, PIECES)
            _bool(c["shield"], f"state.counties[{i}].shield")
            _bool(c["tudor"], f"state.counties[{i}].tudor")
    return _copy(rows)


def read_nobles(r: Reader, s: Any) -> list[list[str]]:
    rows: list[Any] = r.list("nobles", None, _colours(s), _colours(s))
    for p, row in enumerate(rows):
        _list(row, f"state.nobles[{p}]", 0, 9)
        if any(x not in LETTERS for x in row) or len(set(row)) != len(row):
            raise InvalidStateError(f"state.nobles[{p}] should hold county letters A-I, each at most once (LB-048)")
    return _copy(rows)


def read_stacks(r: Reader, s: Any) -> list[int]:
    rows: list[Any] = r.list("stacks", None, len(s.data.counties), len(s.data.counties))
    for x in rows:
        _int(x, "state.stacks", 0, 4)
    return list(rows)


def read_favors(r: Reader, s: Any) -> list[bool]:
    rows: list[Any] = r.list("favors", None, len(s.data.favors), len(s.data.favors))
    for x in rows:
        _bool(x, "state.favors")
    return list(rows)


def read_conflicts(r: Reader, s: Any) -> list[dict[str, Any]]:
    nc, data = _colours(s), s.data
    rows: list[Any] = r.list("conflicts", None, 0, len(data.cards))
    for i, c in enumerate(rows):
        path = f"state.conflicts[{i}]"
        _obj(c, path, ("card", "lower", "spaces"))
        _int(c["card"], f"{path}.card", 0, len(data.cards) - 1)
        _bool(c["lower"], f"{path}.lower")
        for j, sp in enumerate(_list(c["spaces"], f"{path}.spaces", data.conflict_spaces, data.conflict_spaces)):
            if sp is not None:
                _obj(sp, f"{path}.spaces[{j}]", ("owner", "knights", "archer", "tudor"))
                _int(sp["owner"], f"{path}.spaces[{j}].owner", 0, nc - 1)
                for x in _list(sp["knights"], f"{path}.spaces[{j}].knights", 0, data.max_knights):
                    _int(x, f"{path}.spaces[{j}].knights", 0, data.max_knights - 1)
                _bool(sp["archer"], f"{path}.spaces[{j}].archer")
                _int(sp["tudor"], f"{path}.spaces[{j}].tudor", 0, 9)
    return _copy(rows)


def read_cards(name: str) -> Callable[[Reader, Any], list[int]]:
    def read(r: Reader, s: Any) -> list[int]:
        cards: list[Any] = r.list(name, None, 0, len(s.data.cards))
        for x in cards:
            _int(x, f"state.{name}", 0, len(s.data.cards) - 1)
        return list(cards)
    return read


def read_castles(r: Reader, s: Any) -> list[list[int]]:
    nc, data = _colours(s), s.data
    rows: list[Any] = r.list("castles", None, nc, nc)
    for p, v in enumerate(rows):
        size = len(data.two.ally_castle) if p >= s.players else len(data.castle)
        for x in _list(v, f"state.castles[{p}]", size, size):
            _int(x, f"state.castles[{p}]", -1, data.max_knights - 1)
    return _copy(rows)


def read_extensions(r: Reader, s: Any) -> list[list[str]]:
    ids = [x.id for x in s.data.extensions]
    rows: list[Any] = r.list("extensions", None, _colours(s), _colours(s))
    for p, row in enumerate(rows):
        _list(row, f"state.extensions[{p}]", 0, len(ids))
        if any(x not in ids for x in row) or len(set(row)) != len(row):
            raise InvalidStateError(f"state.extensions[{p}] should list extension ids {ids}, each at most once")
    return _copy(rows)


def read_tower(r: Reader, s: Any) -> list[list[int]]:
    rows: list[Any] = r.list("tower", None, 0, 40)
    for i, t in enumerate(rows):
        _list(t, f"state.tower[{i}]", 2, 2)
        _int(t[0], f"state.tower[{i}][0]", 0, _colours(s) - 1)
        _int(t[1], f"state.tower[{i}][1]", 0, s.data.max_knights - 1)
    return _copy(rows)


def read_offices(r: Reader, s: Any) -> list[dict[str, Any] | None]:
    nc, data = _colours(s), s.data
    rows: list[Any] = r.list("offices", None, 3, 3)
    for i, o in enumerate(rows):
        if o is not None:
            _obj(o, f"state.offices[{i}]", ("owner", "knights", "bishops", "tudor"))
            _int(o["owner"], f"state.offices[{i}].owner", 0, nc - 1)
            for x in _list(o["knights"], f"state.offices[{i}].knights", 0, data.max_knights):
                _int(x, f"state.offices[{i}].knights", 0, data.max_knights - 1)
            _int(o["bishops"], f"state.offices[{i}].bishops", 0, 9)
            _bool(o["tudor"], f"state.offices[{i}].tudor")
    return _copy(rows)


def read_holders(r: Reader, s: Any) -> list[int]:
    rows: list[Any] = r.list("holders", None, 3, 3)
    for x in rows:
        _int(x, "state.holders", -1, _colours(s) - 1)
    return list(rows)


def read_counts(name: str, keys: tuple[str, ...], hi: int) -> Callable[[Reader, Any], dict[str, int]]:
    def read(r: Reader, s: Any) -> dict[str, int]:
        v = _obj(r.raw(name), f"state.{name}", keys)
        for key in keys:
            _int(v[key], f"state.{name}.{key}", 0, hi)
        return dict(v)
    return read


def read_track(r: Reader, s: Any) -> list[int]:
    rows: list[Any] = r.list("track", None, 0, len(s.data.track))
    for x in rows:
        _int(x, "state.track", 0, 9)
    return list(rows)


def read_laws(name: str, hi: int) -> Callable[[Reader, Any], list[str]]:
    def read(r: Reader, s: Any) -> list[str]:
        ids = {law.id for law in s.data.laws} | {f"LK-{i}" for i in range(1, 9)}
        rows: list[Any] = r.list(name, None, 0, hi)
        for x in rows:
            if x not in ids:
                raise InvalidStateError(f"state.{name}: {x!r} is not a law")
        return list(rows)
    return read


def read_votes(r: Reader, s: Any) -> list[list[Any] | None]:
    rows: list[Any] = r.list("votes", None, s.players, s.players)
    for p, v in enumerate(rows):
        if v is not None:
            _list(v, f"state.votes[{p}]", 2, 2)
            _bool(v[0], f"state.votes[{p}][0]")
            _int(v[1], f"state.votes[{p}][1]", 0, BIG)
    return _copy(rows)


def read_ints(name: str, lo: int, hi: int) -> Callable[[Reader, Any], list[int]]:
    def read(r: Reader, s: Any) -> list[int]:
        rows: list[Any] = r.list(name, None, s.players, s.players)
        for x in rows:
            _int(x, f"state.{name}", lo, hi)
        return list(rows)
    return read


def read_tally(r: Reader, s: Any) -> list[list[Any]]:
    rows: list[Any] = r.list("tally", None, 0, 3)
    for x in rows:
        _list(x, "state.tally", 3, 3)
        if not isinstance(x[0], str) or not isinstance(x[1], int) or not isinstance(x[2], int):
            raise InvalidStateError("state.tally rows are [law, yes, no]")
    return _copy(rows)


def read_choices(r: Reader, s: Any) -> list[list[Any]]:
    """The county rewards chosen this round, [county, colour, option] (public: everyone sees what was taken)."""
    rows: list[Any] = r.list("choices", None, 0, 40)
    for x in rows:
        _list(x, "state.choices", 3, 3)
        _int(x[0], "state.choices", 0, len(s.data.counties) - 1)
        _int(x[1], "state.choices", 0, _colours(s) - 1)
        if x[2] not in ("noble", "reward", "both"):
            raise InvalidStateError("state.choices rows are [county, colour, 'noble' | 'reward' | 'both']")
    return _copy(rows)


def read_final(r: Reader, s: Any) -> list[list[int]]:
    rows: list[Any] = r.list("final", None, 0, 5)
    for i, x in enumerate(rows):
        for v in _list(x, f"state.final[{i}]", 5, 5):
            _int(v, f"state.final[{i}]", -BIG, BIG)
    return _copy(rows)


FIELDS = Fields(
    Field("edition", read=read_edition),
    data_field(default_data, lambda raw: data_from_document(raw, "state.data"), LancasterDataError),  # null: the builtin data
    Field("players", read=lambda r, s: r.int("players", 2, 5)),
    Field("modules", LIST, read=read_modules),
    Field("round", read=lambda r, s: r.int("round", 1, s.data.rounds)),
    Field("start", read=lambda r, s: r.int("start", 0, s.players - 1)),
    Field("turn", read=lambda r, s: r.int("turn", 0, s.players - 1)),
    Field("stage", read=lambda r, s: r.str("stage", STAGES)),
    Field("agenda", LIST, read=read_agenda),
    Field("pending", ROWS, read=read_pending),
    Field("ally_bishop_mode", read=read_option("ally_bishop_mode", ALLY_BISHOP_MODES, True)),
    Field("most_squires", read=read_option("most_squires", MOST_SQUIRES, False)),
    Field("most_at_zero", read=read_most_at_zero, omit=lambda v: v == "all"),  # the default is not written
    Field("knights", DEEP, read=read_knights),
    Field("res", ROWS, read=read_res),
    Field("priv", ROWS, read=read_privileges("priv")),
    Field("granted", ROWS, read=read_privileges("granted")),
    Field("lord", LIST, read=read_lord),
    Field("counties", ROWS, read=read_counties),
    Field("nobles", ROWS, read=read_nobles),
    Field("stacks", LIST, read=read_stacks),
    Field("favors", LIST, read=read_favors),
    Field("conflicts", DEEP, read=read_conflicts),
    Field("conflict_deck", LIST, read=read_cards("conflict_deck")),
    Field("discarded", LIST, read=read_cards("discarded")),
    Field("castles", ROWS, read=read_castles),
    Field("extensions", ROWS, read=read_extensions),
    Field("tower", ROWS, read=read_tower),
    Field("neutral", read=lambda r, s: r.int("neutral", 0, 4)),
    Field("offices", DEEP, read=read_offices),
    Field("holders", LIST, read=read_holders),
    Field("treasury", DICT, read=read_counts("treasury", ("vm", "squires", "gold"), PIECES)),
    Field("supply", DICT, read=read_counts("supply", ("shield", "archer", "tudor", "seals", "bishops"), 99)),
    Field("track", LIST, read=read_track),
    Field("box", read=lambda r, s: r.int("box", 0, BIG)),
    Field("law_deck", LIST, read=read_laws("law_deck", 30)),
    Field("current", LIST, read=read_laws("current", 3)),
    Field("proposals", LIST, read=read_laws("proposals", 3)),
    Field("vote_index", read=lambda r, s: r.int("vote_index", 0, 3)),
    Field("votes", ROWS, read=read_votes),
    Field("vm_hold", LIST, read=read_ints("vm_hold", 0, BIG)),
    Field("defer_vm", read=lambda r, s: r.bool("defer_vm")),
    Field("tally", ROWS, read=read_tally),
    Field("choices", ROWS, read=read_choices),
    Field("final", ROWS, read=read_final),
    Field("rng", read=lambda r, s: r.int("rng", 0, 2**64 - 1)),
)


class LancasterState(FieldState):
    """A position: the fields of FIELDS as attributes; `data` is the component data in force."""

    FIELDS = FIELDS
    edition: str
    data: LancasterData
    players: int
    modules: list[str]
    round: int
    start: int
    turn: int
    stage: str
    agenda: list[str]
    pending: list[list[Any]]
    ally_bishop_mode: str | None
    most_squires: str
    most_at_zero: str
    knights: list[list[list[Any]]]
    res: list[dict[str, int]]
    priv: list[dict[str, int]]
    granted: list[dict[str, int]]
    lord: list[str]
    counties: list[dict[str, Any] | None]
    nobles: list[list[str]]
    stacks: list[int]
    favors: list[bool]
    conflicts: list[dict[str, Any]]
    conflict_deck: list[int]
    discarded: list[int]
    castles: list[list[int]]
    extensions: list[list[str]]
    tower: list[list[int]]
    neutral: int
    offices: list[dict[str, Any] | None]
    holders: list[int]
    treasury: dict[str, int]
    supply: dict[str, int]
    track: list[int]
    box: int
    law_deck: list[str]
    current: list[str]
    proposals: list[str]
    vote_index: int
    votes: list[list[Any] | None]
    vm_hold: list[int]
    defer_vm: bool
    tally: list[list[Any]]
    choices: list[list[Any]]
    final: list[list[int]]
    rng: int

    @property
    def n(self) -> int:
        return self.players

    @property
    def phase(self) -> str:  # type: ignore[override]
        if self.stage == "over":
            return "over"
        if self.pending:
            return str(self.pending[0][1])
        return self.stage

    @property
    def current_player(self) -> int | None:  # type: ignore[override]
        stage = self.stage
        if stage == "over":
            return None
        if self.pending:
            return self.controller(self.pending[0][0])
        if stage == "vote":
            return self.voter
        return self.turn

    @property
    def is_terminal(self) -> bool:
        """`current_player is None`, which is so exactly when the stage is 'over' (read directly: the playout loop)."""
        return self.stage == "over"

    # -- colours: with 2 players each seat also controls an ally colour (LB-090) ---------------
    @property
    def colours(self) -> int:
        return colours_of(self.players)

    @property
    def actor(self) -> int:
        """The colour whose choice it is: a pending task's colour, else the seat to move."""
        if self.pending:
            return int(self.pending[0][0])
        return self.current_player  # type: ignore[return-value]

    def is_ally(self, colour: int) -> bool:
        return colour >= self.players

    def controller(self, colour: int) -> int:
        n = self.players
        return colour if colour < n else colour - n

    def partner(self, colour: int) -> int:
        """With 2 players: a seat's ally, or an ally's controller; -1 otherwise."""
        n = self.players
        if n != 2:
            return -1
        return colour + n if colour < n else colour - n

    def own_colours(self, seat: int) -> tuple[int, ...]:
        """The colours a seat places for: its own, and with 2 players its ally (LB-092)."""
        return (seat, seat + 2) if self.players == 2 else (seat,)

    @property
    def voter(self) -> int | None:
        """The first seat without a vote, from the start player on in seat order (None: all have voted)."""
        votes = self.votes
        if None not in votes:
            return None
        start = self.start
        if start and None not in votes[start:]:
            return votes.index(None)
        return votes.index(None, start)

    def has(self, module: str) -> bool:
        return module in self.modules

    # -- helpers the rule modules share (no rules here) -----------------------------------------
    def court_strengths(self, colour: int) -> list[int]:
        return sorted(k[0] for k in self.knights[colour] if k[1] == "court")

    def knight_at(self, colour: int, strength: int, where: str) -> int:
        """The index of a knight of this strength at this place (-1: none)."""
        for i, k in enumerate(self.knights[colour]):
            if k[1] == where and k[0] == strength:
                return i
        return -1

    def knight_at_court(self, colour: int, strength: int) -> int:
        return self.knight_at(colour, strength, "court")

    def card_index(self, card: str) -> int:
        return int(card[1:]) - 1

    def active_conflict(self, card: str) -> dict[str, Any] | None:
        i = self.card_index(card)
        for c in self.conflicts:
            if c["card"] == i:
                return c
        return None

    def seat_text(self, colour: int) -> str:
        """A colour as people read it: "Player 1", or "Player 1's ally" (2 players, LB-090)."""
        return colour_name(colour, self.players)


def shields_waiting(s: LancasterState) -> int:
    """LH-042: the shields that left their counties this round and go back once every county has paid (the agenda's
    'shields:<n>' step holds them)."""
    return sum(int(step.partition(":")[2] or 0) for step in s.agenda if step.startswith("shields"))


def colour_name(colour: int, players: int) -> str:
    if colour >= players:
        return f"{seat_name(colour - players)}'s ally"
    return seat_name(colour)
