"""The Lancaster position: its fields declared once (hench.core.fields), no rules here.

Seats are 0-based; people read them as "Player 1".. With 2 players each seat also controls an ally colour
(seat + 2). Knights are `[strength, where]` per colour, `where` one of: "court", "county:<i>", "castle:<i>",
"conflict:<card>", "tower", "office:<i>". A lord is at "court", "office:<i>", "treasury" or "none" (the King's
Court module is off). Every field is JSON-like; the save holds the component data in force (`data`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hench.core import InvalidStateError, seat_name
from hench.core.fields import DEEP, DICT, LIST, ROWS, TEMP, Field, Fields, FieldState
from hench.core.schema import Reader

from .data import LancasterData, LancasterDataError, data_from_document, default_data

MODULES = ("KC", "KR", "LK")
STAGES = ("place", "vote", "laws", "rewards", "over")
TASKS = ("upgrade", "dorset", "law_choice")
REWARD_STEPS = ("offices", "tower", "counties", "shields", "castles", "conflicts", "cleanup")
RES = ("gold", "squires", "vm", "pp", "seals", "dishonor", "bishops")
PRIV = ("shield", "archer", "tudor")
ALLY_BISHOP_MODES = ("optional", "forced")  # A20
BIG = 10**6


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
    "treasury": dict.copy, "supply": dict.copy,
    "knights": lambda v: [[k.copy() for k in ks] for ks in v],
    "res": _dict_rows, "priv": _dict_rows, "granted": _dict_rows, "castles": _list_rows,
    "counties": lambda v: [None if c is None else c.copy() for c in v],
    "conflicts": lambda v: [{**c, "spaces": [None if sp is None else {**sp, "knights": sp["knights"][:]}
                                             for sp in c["spaces"]]} for c in v],
    "tower": _list_rows,
    "offices": lambda v: [None if o is None else {**o, "knights": o["knights"][:]} for o in v],
    "votes": lambda v: [None if x is None else x[:] for x in v], "tally": _list_rows, "final": _list_rows,
    "pending": lambda v: [[x[0], x[1], x[2].copy() if isinstance(x[2], dict) else x[2]] for x in v],
}


def copy_fields(d: dict[str, Any]) -> dict[str, Any]:
    """An exact deep copy of a save's fields (every container copied as COPIES says)."""
    out = d.copy()
    for key, how in COPIES.items():
        if key in d:
            out[key] = how(d[key])
    return out


# -- reading a save field by field (types and ranges; invariants between fields: validate_state) ------------
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


def _colours(s: Any) -> int:
    return 2 * s.players if s.players == 2 else s.players


def read_data(r: Reader, s: Any) -> LancasterData:
    """The component data in force: null for the builtin data, else the whole document (a save never names a path)."""
    raw = r.raw("data")
    try:
        return default_data() if raw is None else data_from_document(raw, "state.data")
    except LancasterDataError as exc:
        raise InvalidStateError(f"state.data: {exc}") from None


def read_modules(r: Reader, s: Any) -> list[str]:
    mods = r.list("modules", None, 0, 3)
    if any(m not in MODULES for m in mods) or len(set(mods)) != len(mods) or mods != [m for m in MODULES if m in mods]:
        raise InvalidStateError(f"state.modules should list some of {list(MODULES)} in that order, got {mods!r}")
    if "LK" in mods and not ("KC" in mods and "KR" in mods):
        raise InvalidStateError("state.modules: the Laws of the King need both KC and KR (LH-003)")
    return list(mods)


def read_pending(r: Reader, s: Any) -> list[list[Any]]:
    n = s.players
    tasks = r.list("pending", None, 0, 60)
    for i, t in enumerate(tasks):
        _list(t, f"state.pending[{i}]", 3, 3)
        _int(t[0], f"state.pending[{i}][0]", 0, n - 1)
        if t[1] not in TASKS:
            raise InvalidStateError(f"state.pending[{i}][1] should be one of {list(TASKS)}")
        if t[1] == "law_choice":
            _obj(t[2], f"state.pending[{i}][2]", ("law", "max"))
            if not isinstance(t[2]["law"], str):
                raise InvalidStateError(f"state.pending[{i}][2].law should be a law id")
            _int(t[2]["max"], f"state.pending[{i}][2].max", 0, BIG)
        else:
            _int(t[2], f"state.pending[{i}][2]", 0, 1 if n == 2 and t[1] in ("upgrade", "dorset") else 0)
    return _copy(tasks)  # type: ignore[no-any-return]


def read_ally_mode(r: Reader, s: Any) -> str | None:
    """A20: only with 2 players (allies); None otherwise."""
    if s.players == 2:
        return r.str("ally_bishop_mode", ALLY_BISHOP_MODES)
    if r.raw("ally_bishop_mode") is not None:
        raise InvalidStateError("state.ally_bishop_mode is null unless there are 2 players (A20)")
    return None


def read_knights(r: Reader, s: Any) -> list[list[list[Any]]]:
    nc, data = _colours(s), s.data
    knights = r.list("knights", None, nc, nc)
    for p, ks in enumerate(knights):
        _list(ks, f"state.knights[{p}]", 0, data.max_knights)
        for j, k in enumerate(ks):
            _list(k, f"state.knights[{p}][{j}]", 2, 2)
            _int(k[0], f"state.knights[{p}][{j}][0]", 1, data.max_strength)
            if not isinstance(k[1], str):
                raise InvalidStateError(f"state.knights[{p}][{j}][1] should be a place")
    return _copy(knights)  # type: ignore[no-any-return]


def read_res(r: Reader, s: Any) -> list[dict[str, int]]:
    nc = _colours(s)
    rows = r.list("res", None, nc, nc)
    for p, res in enumerate(rows):
        _obj(res, f"state.res[{p}]", RES)
        for key in RES:
            _int(res[key], f"state.res[{p}].{key}", -BIG if key == "pp" else 0, BIG)
    return _copy(rows)  # type: ignore[no-any-return]


def read_privileges(name: str) -> Callable[[Reader, Any], list[dict[str, int]]]:
    def read(r: Reader, s: Any) -> list[dict[str, int]]:
        nc = _colours(s)
        rows = r.list(name, None, nc, nc)
        for p, v in enumerate(rows):
            _obj(v, f"state.{name}[{p}]", PRIV)
            for key in PRIV:
                _int(v[key], f"state.{name}[{p}].{key}", 0, 9)
        return _copy(rows)  # type: ignore[no-any-return]
    return read


def read_lord(r: Reader, s: Any) -> list[str]:
    nc = _colours(s)
    places = r.list("lord", None, nc, nc)
    for p, v in enumerate(places):
        if not isinstance(v, str):
            raise InvalidStateError(f"state.lord[{p}] should be a place")
    return list(places)


def read_counties(r: Reader, s: Any) -> list[dict[str, Any] | None]:
    nc, data = _colours(s), s.data
    rows = r.list("counties", None, len(data.counties), len(data.counties))
    for i, c in enumerate(rows):
        if c is not None:
            _obj(c, f"state.counties[{i}]", ("owner", "knight", "squires", "shield", "tudor"))
            _int(c["owner"], f"state.counties[{i}].owner", 0, nc - 1)
            _int(c["knight"], f"state.counties[{i}].knight", 0, data.max_knights - 1)
            _int(c["squires"], f"state.counties[{i}].squires", 0, BIG)
            _bool(c["shield"], f"state.counties[{i}].shield")
            _bool(c["tudor"], f"state.counties[{i}].tudor")
    return _copy(rows)  # type: ignore[no-any-return]


def read_conflicts(r: Reader, s: Any) -> list[dict[str, Any]]:
    nc, data = _colours(s), s.data
    rows = r.list("conflicts", None, 0, len(data.french))
    for i, c in enumerate(rows):
        path = f"state.conflicts[{i}]"
        _obj(c, path, ("card", "lower", "spaces"))
        _int(c["card"], f"{path}.card", 0, len(data.french) - 1)
        _bool(c["lower"], f"{path}.lower")
        for j, sp in enumerate(_list(c["spaces"], f"{path}.spaces", data.conflict_spaces, data.conflict_spaces)):
            if sp is not None:
                _obj(sp, f"{path}.spaces[{j}]", ("owner", "knights", "archer", "tudor"))
                _int(sp["owner"], f"{path}.spaces[{j}].owner", 0, nc - 1)
                for x in _list(sp["knights"], f"{path}.spaces[{j}].knights", 0, data.max_knights):
                    _int(x, f"{path}.spaces[{j}].knights", 0, data.max_knights - 1)
                _bool(sp["archer"], f"{path}.spaces[{j}].archer")
                _int(sp["tudor"], f"{path}.spaces[{j}].tudor", 0, 9)
    return _copy(rows)  # type: ignore[no-any-return]


def read_cards(name: str) -> Callable[[Reader, Any], list[int]]:
    def read(r: Reader, s: Any) -> list[int]:
        cards = r.list(name, None, 0, len(s.data.french))
        for x in cards:
            _int(x, f"state.{name}", 0, len(s.data.french) - 1)
        return list(cards)
    return read


def read_castles(r: Reader, s: Any) -> list[list[int]]:
    nc, data = _colours(s), s.data
    rows = r.list("castles", None, nc, nc)
    for p, v in enumerate(rows):
        for x in _list(v, f"state.castles[{p}]", len(data.castle), len(data.castle)):
            _int(x, f"state.castles[{p}]", -1, data.max_knights - 1)
    return _copy(rows)  # type: ignore[no-any-return]


def read_tower(r: Reader, s: Any) -> list[list[int]]:
    nc = _colours(s)
    rows = r.list("tower", None, 0, 40)
    for i, t in enumerate(rows):
        _list(t, f"state.tower[{i}]", 2, 2)
        _int(t[0], f"state.tower[{i}][0]", 0, nc - 1)
        _int(t[1], f"state.tower[{i}][1]", 0, s.data.max_knights - 1)
    return _copy(rows)  # type: ignore[no-any-return]


def read_offices(r: Reader, s: Any) -> list[dict[str, Any] | None]:
    nc, data = _colours(s), s.data
    rows = r.list("offices", None, 3, 3)
    for i, o in enumerate(rows):
        if o is not None:
            _obj(o, f"state.offices[{i}]", ("owner", "knights", "bishops", "tudor"))
            _int(o["owner"], f"state.offices[{i}].owner", 0, nc - 1)
            for x in _list(o["knights"], f"state.offices[{i}].knights", 0, data.max_knights):
                _int(x, f"state.offices[{i}].knights", 0, data.max_knights - 1)
            _int(o["bishops"], f"state.offices[{i}].bishops", 0, 9)
            _bool(o["tudor"], f"state.offices[{i}].tudor")
    return _copy(rows)  # type: ignore[no-any-return]


def read_holders(r: Reader, s: Any) -> list[int]:
    rows = r.list("holders", None, 3, 3)
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
    rows = r.list("track", None, 0, len(s.data.track))
    for x in rows:
        _int(x, "state.track", 0, 9)
    return list(rows)


def read_laws(name: str, hi: int) -> Callable[[Reader, Any], list[str]]:
    def read(r: Reader, s: Any) -> list[str]:
        ids = {law.id for law in s.data.laws} | {f"LK-{i}" for i in range(1, 9)}
        rows = r.list(name, None, 0, hi)
        for x in rows:
            if x not in ids:
                raise InvalidStateError(f"state.{name}: {x!r} is not a law")
        return list(rows)
    return read


def read_votes(r: Reader, s: Any) -> list[list[Any] | None]:
    rows = r.list("votes", None, s.players, s.players)
    for p, v in enumerate(rows):
        if v is not None:
            _list(v, f"state.votes[{p}]", 2, 2)
            _bool(v[0], f"state.votes[{p}][0]")
            _int(v[1], f"state.votes[{p}][1]", 0, BIG)
    return _copy(rows)  # type: ignore[no-any-return]


def read_vm_hold(r: Reader, s: Any) -> list[int]:
    rows = r.list("vm_hold", None, s.players, s.players)
    for x in rows:
        _int(x, "state.vm_hold", 0, BIG)
    return list(rows)


def read_tally(r: Reader, s: Any) -> list[list[Any]]:
    rows = r.list("tally", None, 0, 3)
    for x in rows:
        _list(x, "state.tally", 3, 3)
        if not isinstance(x[0], str) or not isinstance(x[1], int) or not isinstance(x[2], int):
            raise InvalidStateError("state.tally rows are [law, yes, no]")
    return _copy(rows)  # type: ignore[no-any-return]


def read_final(r: Reader, s: Any) -> list[list[int]]:
    rows = r.list("final", None, 0, 5)
    for i, x in enumerate(rows):
        for v in _list(x, f"state.final[{i}]", 3, 3):
            _int(v, f"state.final[{i}]", -BIG, BIG)
    return _copy(rows)  # type: ignore[no-any-return]


def _save_data(data: LancasterData) -> Any:
    return _copy(data.raw)


FIELDS = Fields(
    Field("data", read=read_data, save=_save_data),
    Field("players", read=lambda r, s: r.int("players", 2, 5)),
    Field("modules", LIST, read=read_modules),
    Field("parliament", read=lambda r, s: r.bool("parliament")),
    Field("round", read=lambda r, s: r.int("round", 1, s.data.rounds)),
    Field("start", read=lambda r, s: r.int("start", 0, s.players - 1)),
    Field("turn", read=lambda r, s: r.int("turn", 0, _colours(s) - 1)),
    Field("stage", read=lambda r, s: r.str("stage", STAGES)),
    Field("cursor", read=lambda r, s: r.int("cursor", 0, len(REWARD_STEPS))),
    Field("pending", ROWS, read=read_pending),
    Field("ally_bishop_mode", read=read_ally_mode),
    Field("knights", DEEP, read=read_knights),
    Field("res", ROWS, read=read_res),
    Field("priv", ROWS, read=read_privileges("priv")),
    Field("granted", ROWS, read=read_privileges("granted")),
    Field("lord", LIST, read=read_lord),
    Field("counties", ROWS, read=read_counties),
    Field("conflicts", DEEP, read=read_conflicts),
    Field("conflict_deck", LIST, read=read_cards("conflict_deck")),
    Field("discarded", LIST, read=read_cards("discarded")),
    Field("castles", ROWS, read=read_castles),
    Field("tower", ROWS, read=read_tower),
    Field("neutral", read=lambda r, s: r.int("neutral", 0, 4)),
    Field("offices", DEEP, read=read_offices),
    Field("holders", LIST, read=read_holders),
    Field("treasury", DICT, read=read_counts("treasury", ("vm", "squires", "gold"), BIG)),
    Field("supply", DICT, read=read_counts("supply", ("shield", "archer", "tudor", "seals", "bishops"), 99)),
    Field("track", LIST, read=read_track),
    Field("box", read=lambda r, s: r.int("box", 0, BIG)),
    Field("law_deck", LIST, read=read_laws("law_deck", 30)),
    Field("current", LIST, read=read_laws("current", 3)),
    Field("proposals", LIST, read=read_laws("proposals", 3)),
    Field("vote_index", read=lambda r, s: r.int("vote_index", 0, 3)),
    Field("votes", ROWS, read=read_votes),
    Field("vm_hold", LIST, read=read_vm_hold),
    Field("defer_vm", read=lambda r, s: r.bool("defer_vm")),
    Field("tally", ROWS, read=read_tally),
    Field("final", ROWS, read=read_final),
    Field("rng", read=lambda r, s: r.int("rng", 0, 2**64 - 1)),
    Field("placements", TEMP, default=lambda: None),  # (colour, its placement moves) when legality.can_place built them
)


class LancasterState(FieldState):
    """A position: the fields of FIELDS as attributes; `data` is the component data in force."""

    FIELDS = FIELDS
    data: LancasterData
    players: int
    modules: list[str]
    parliament: bool
    round: int
    start: int
    turn: int
    stage: str
    cursor: int
    pending: list[list[Any]]
    ally_bishop_mode: str | None
    knights: list[list[list[Any]]]
    res: list[dict[str, int]]
    priv: list[dict[str, int]]
    granted: list[dict[str, int]]
    lord: list[str]
    counties: list[dict[str, Any] | None]
    conflicts: list[dict[str, Any]]
    conflict_deck: list[int]
    discarded: list[int]
    castles: list[list[int]]
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
    final: list[list[int]]
    rng: int
    placements: tuple[int, list[Any]] | None

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
            return int(self.pending[0][0])
        if stage == "vote":
            return self.voter
        turn, n = self.turn, self.players  # a colour: with 2 players 2 and 3 are the allies of seats 0 and 1 (L12)
        return turn if turn < n else turn - n

    @property
    def is_terminal(self) -> bool:
        """`current_player is None`, which is so exactly when the stage is 'over' (read directly: the playout loop)."""
        return self.stage == "over"

    # -- colours: with 2 players each seat also controls an ally colour (L12, LH-066) ---------------
    @property
    def colours(self) -> int:
        """How many colours have pieces: the seats, plus with 2 players their two allies (seat + 2)."""
        n = self.players
        return 2 * n if n == 2 else n

    @property
    def actor(self) -> int:
        """The colour whose piece moves now: the turn's colour in phase 1, a pending task's colour
        (its seat, or that seat's ally when the task's argument is 1), else the seat to move."""
        if self.pending:
            seat, task, arg = self.pending[0]
            return int(seat) + self.players if task != "law_choice" and arg == 1 else int(seat)
        if self.stage == "place":
            return self.turn
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
    def court_strengths(self, seat: int) -> list[int]:
        return sorted(k[0] for k in self.knights[seat] if k[1] == "court")

    def knight_at_court(self, seat: int, strength: int) -> int:
        for i, k in enumerate(self.knights[seat]):
            if k[1] == "court" and k[0] == strength:
                return i
        return -1

    def card_index(self, card: str) -> int:
        return int(card[1:]) - 1

    def active_conflict(self, card: str) -> dict | None:
        i = self.card_index(card)
        for c in self.conflicts:
            if c["card"] == i:
                return c
        return None

    def seat_text(self, seat: int) -> str:
        """A colour as people read it: "Player 1", or "Player 1's ally" (2 players, L12)."""
        return colour_name(seat, self.players)



def colour_name(colour: int, players: int) -> str:
    if colour >= players:
        return f"{seat_name(colour - players)}'s ally"
    return seat_name(colour)


def validate_state(s: LancasterState) -> None:
    """The invariants a save must keep: every piece in exactly one place, component counts conserved,
    and the stage consistent with whose move it is (raises InvalidStateError naming the field)."""
    data, n = s.data, s.n
    where: dict[tuple[int, int], str] = {}
    for i, c in enumerate(s.counties):
        if c is not None:
            where[(c["owner"], c["knight"])] = f"county:{i}"
    for c in s.conflicts:
        for sp in c["spaces"]:
            if sp is not None:
                if not sp["knights"] and not sp["archer"]:
                    raise InvalidStateError("state.conflicts: an empty space must be null")
                if sp["tudor"] and not sp["knights"]:
                    raise InvalidStateError("state.conflicts: a Tudor knight is always with a knight (LH-054)")
                for x in sp["knights"]:
                    if (sp["owner"], x) in where:
                        raise InvalidStateError("state.conflicts: a knight is in two places")
                    where[(sp["owner"], x)] = f"conflict:C{c['card'] + 1}"
    for p, row in enumerate(s.castles):
        for j, x in enumerate(row):
            if x >= 0:
                if (p, x) in where:
                    raise InvalidStateError("state.castles: a knight is in two places")
                where[(p, x)] = f"castle:{j}"
    for owner, x in s.tower:
        if (owner, x) in where:
            raise InvalidStateError("state.tower: a knight is in two places")
        where[(owner, x)] = "tower"
    for i, o in enumerate(s.offices):
        if o is not None:
            for x in o["knights"]:
                if (o["owner"], x) in where:
                    raise InvalidStateError("state.offices: a knight is in two places")
                where[(o["owner"], x)] = f"office:{i}"
    for p, ks in enumerate(s.knights):
        for j, k in enumerate(ks):
            expected = where.pop((p, j), "court")
            if k[1] != expected:
                raise InvalidStateError(f"state.knights[{p}][{j}] is at {k[1]!r} but the board has it at {expected!r}")
    if where:
        raise InvalidStateError(f"state: the board holds knights that do not exist: {sorted(where)}")
    kc, kr = s.has("KC"), s.has("KR")
    court = data.court
    # lords
    for p, loc in enumerate(s.lord):
        owner_of = [i for i, o in enumerate(s.offices) if o is not None and o["owner"] == p]
        want = "none" if not kc else (f"office:{owner_of[0]}" if owner_of else None)
        if len(owner_of) > 1 or (want is not None and loc != want) or (want is None and loc not in ("court", "treasury")):
            raise InvalidStateError(f"state.lord[{p}] is {loc!r}, which does not match the offices")
    if not kc and (any(o is not None for o in s.offices) or any(h != -1 for h in s.holders)):
        raise InvalidStateError("state.offices: no offices without the King's Court module")
    # privileges, seals, bishops
    tokens = {"shield": sum(c is not None and c["shield"] for c in s.counties),
              "archer": sum(sp is not None and sp["archer"] for c in s.conflicts for sp in c["spaces"]),
              "tudor": sum(c is not None and c["tudor"] for c in s.counties)
              + sum(sp["tudor"] for c in s.conflicts for sp in c["spaces"] if sp is not None)
              + sum(o is not None and o["tudor"] for o in s.offices)}
    totals = {"shield": court.shields, "archer": court.archers, "tudor": court.tudors}
    for key in PRIV:
        held = sum(v[key] for v in s.priv) + sum(v[key] for v in s.granted)
        if kc and tokens[key] + held + s.supply[key] != totals[key]:
            raise InvalidStateError(f"state.supply.{key}: the {key} tokens do not add up to {totals[key]}")
        if not kc and tokens[key] + held + s.supply[key]:
            raise InvalidStateError(f"state.supply.{key}: no {key} tokens without the King's Court module")
    for p in range(n, s.colours):  # L12, LH-068, LH-071, LH-073, LH-098: allies hold no resources, seals, bishops or dishonor
        if any(s.res[p][key] for key in RES):
            raise InvalidStateError(f"state.res[{p}]: an ally ({s.seat_text(p)}) holds nothing (L12, LH-071, LH-098)")
    seals = sum(res["seals"] for res in s.res) + s.supply["seals"]
    if seals > court.seals or (not kc and seals):
        raise InvalidStateError("state.supply.seals: more seals than the game has")
    bishops_total = court.bishops[n - 2] if kc else 0
    if sum(res["bishops"] for res in s.res) + s.supply["bishops"] > bishops_total or any(
            res["bishops"] > court.max_bishops for res in s.res):
        raise InvalidStateError("state.supply.bishops: more bishops than are in play (LH-010, LH-062)")
    for p, o in enumerate(s.offices):
        if o is not None and o["bishops"] > s.res[o["owner"]]["bishops"]:
            raise InvalidStateError(f"state.offices[{p}].bishops: more than the player owns")
    # the tower and dishonor
    if not kr and (s.tower or s.neutral or s.track or s.box or any(r["dishonor"] for r in s.res)):
        raise InvalidStateError("state.tower: no tower or dishonor without the King's Resentment module")
    if kr:
        if s.neutral != data.neutral[n - 2]:
            raise InvalidStateError("state.neutral does not match the player count (LH-078)")
        strength = s.neutral + sum(s.knights[o][x][0] for o, x in s.tower)
        if strength > data.tower_capacity:
            raise InvalidStateError("state.tower holds more strength than it can (LH-081)")
        if len(s.track) != len(data.track) or any(x > data.per_space[n - 2] for x in s.track):
            raise InvalidStateError("state.track: wrong stacks for this player count (LH-076)")
        full = data.per_space[n - 2]
        if any(x and any(y < full for y in s.track[i + 1:]) for i, x in enumerate(s.track)):
            raise InvalidStateError("state.track: stacks are taken from left to right (LH-090)")
    # conflicts and law cards
    cards = [c["card"] for c in s.conflicts] + s.conflict_deck + s.discarded
    if sorted(cards) != list(range(len(data.french))):
        raise InvalidStateError("state.conflict_deck: every conflict card must be in exactly one place")
    laws = s.law_deck + s.current + s.proposals[s.vote_index:]
    if len(set(laws)) != len(laws) or len(s.current) != data.slots:
        raise InvalidStateError("state.current: the law cards are inconsistent")
    if any(x.startswith("LK") for x in laws) and not s.has("LK"):
        raise InvalidStateError("state.law_deck: Laws of the King without the LK module (LH-003)")
    # stage
    stage = s.stage
    for i, (seat, task, arg) in enumerate(s.pending):
        if task == "law_choice" and (stage != "laws" or arg["law"] not in s.current):
            raise InvalidStateError(f"state.pending[{i}]: a law choice outside the laws step")
        if task == "dorset" and (stage != "rewards" or not _dorset_knight(s, seat + n * arg)):
            raise InvalidStateError(f"state.pending[{i}]: no Dorset knight to move")
        if task == "upgrade" and stage not in ("laws", "rewards"):
            raise InvalidStateError(f"state.pending[{i}]: an upgrade outside phases 2 and 3")
    if stage == "vote" and (not s.parliament or len(s.proposals) != 3 or s.vote_index >= 3):
        raise InvalidStateError("state.stage: a vote needs parliament and a proposal")
    if stage != "vote" and (any(v is not None for v in s.votes) or s.tally or s.proposals):
        raise InvalidStateError("state.votes: votes outside the vote")
    if stage == "vote" and len(s.tally) != s.vote_index:
        raise InvalidStateError("state.tally: one line per finished vote")
    if stage == "laws" and s.cursor > 3:
        raise InvalidStateError("state.cursor: three laws at most")
    if (stage == "over") != bool(s.final) or (s.final and len(s.final) != n):
        raise InvalidStateError("state.final: the final scoring is recorded exactly when the game is over")
    if stage == "over" and s.pending:
        raise InvalidStateError("state.pending: nothing is pending once the game is over")
    if stage == "place" and s.pending:
        raise InvalidStateError("state.pending: nothing is pending in phase 1")
    json.dumps(s.to_dict())


def _dorset_knight(s: LancasterState, seat: int) -> bool:
    i = next((j for j, c in enumerate(s.data.counties) if c.reward == "dorset"), -1)
    c = s.counties[i] if i >= 0 else None
    return c is not None and c["owner"] == seat
