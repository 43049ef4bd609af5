"""The Lancaster position: fields, cloning and saving (no rules here).

Everything lives in one JSON-like dict `s.d` (see `fields` below), so a save is the dict itself and a
clone is a structural copy. Seats are 0-based; people read them as "Player 1"..

Knights are `[strength, where]` per player, `where` one of: "court", "county:<i>", "castle:<i>",
"conflict:<card>", "tower", "office:<i>". A lord is at "court", "office:<i>", "treasury" or "none"
(the King's Court module is off).
"""

from __future__ import annotations

import json
import marshal
from typing import Any

from hench.core import InvalidStateError, State, seat_name
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


_COPIES: dict[str, Any] = {  # how each field of `d` is copied whole (plain values are shared: they never change in place)
    "modules": list.copy, "conflict_deck": list.copy, "discarded": list.copy, "lord": list.copy, "holders": list.copy,
    "track": list.copy, "law_deck": list.copy, "current": list.copy, "proposals": list.copy, "vm_hold": list.copy,
    "treasury": dict.copy, "supply": dict.copy,
    "knights": lambda v: [list(map(list.copy, ks)) for ks in v],
    "res": lambda v: list(map(dict.copy, v)), "priv": lambda v: list(map(dict.copy, v)),
    "granted": lambda v: list(map(dict.copy, v)), "castles": lambda v: list(map(list.copy, v)),
    "counties": lambda v: [None if c is None else c.copy() for c in v],
    "conflicts": lambda v: [{**c, "spaces": [None if sp is None else {**sp, "knights": sp["knights"][:]}
                                             for sp in c["spaces"]]} for c in v],
    "tower": lambda v: list(map(list.copy, v)),
    "offices": lambda v: [None if o is None else {**o, "knights": o["knights"][:]} for o in v],
    "votes": lambda v: [None if x is None else x[:] for x in v], "tally": lambda v: list(map(list.copy, v)),
    "final": lambda v: list(map(list.copy, v)),
    "pending": lambda v: [[x[0], x[1], x[2].copy() if isinstance(x[2], dict) else x[2]] for x in v],
}
_PLAIN = (int, str, bool, type(None))
_KNOWN = set(_COPIES) | {"players", "parliament", "round", "start", "turn", "stage", "cursor", "neutral", "box",
                         "vote_index", "defer_vm", "rng", "ally_bishop_mode"}  # the plain fields


def copy_fields(d: dict[str, Any]) -> dict[str, Any]:
    """An exact deep copy of a state's fields (faster than a generic copy; any field not listed in _COPIES
    that is not a plain value is copied through marshal)."""
    out = d.copy()
    for key, how in _COPIES.items():
        if key in d:
            out[key] = how(d[key])
    if _KNOWN.issuperset(d):
        return out
    for key in d.keys() - _KNOWN:
        value = d[key]
        if not isinstance(value, _PLAIN):
            out[key] = marshal.loads(marshal.dumps(value))
    return out


class LancasterState(State):
    """A position. `d` holds every field (JSON-like); `data` the component data in force."""

    def __init__(self, data: LancasterData, d: dict[str, Any]):
        self.data, self.d = data, d
        self._legal = None
        self._shared = False  # True while `d`'s containers are shared with the state this one came from
        self._placements_for = None  # (colour, its placement moves) when legality.can_place built them

    # -- the core State interface -------------------------------------------------------------
    @property
    def rng(self) -> int:  # type: ignore[override]
        return self.d["rng"]

    @rng.setter
    def rng(self, value: int) -> None:
        self.d["rng"] = value

    @property
    def n(self) -> int:
        return self.d["players"]

    @property
    def phase(self) -> str:  # type: ignore[override]
        d = self.d
        if d["stage"] == "over":
            return "over"
        if d["pending"]:
            return d["pending"][0][1]
        return d["stage"]

    @property
    def current_player(self) -> int | None:  # type: ignore[override]
        d = self.d
        stage = d["stage"]
        if stage == "over":
            return None
        if d["pending"]:
            return d["pending"][0][0]
        if stage == "vote":
            return self.voter
        turn = d["turn"]  # a colour: with 2 players 2 and 3 are the allies of seats 0 and 1 (L12)
        n = d["players"]
        return turn if turn < n else turn - n

    @property
    def is_terminal(self) -> bool:
        """`current_player is None`, which is so exactly when the stage is 'over' (read directly: the playout loop)."""
        return self.d["stage"] == "over"

    def _legal_actions(self) -> list[Any]:
        """As hench.core's `State._legal_actions`, without its second list copy (legality.legal_actions
        builds a fresh list every time) and without reading the seat twice (the playout hot path)."""
        if self.d["stage"] == "over":
            return []
        return self.game.legal(self)  # type: ignore[return-value]

    # -- colours: with 2 players each seat also controls an ally colour (L12, LH-066) ---------------
    @property
    def colours(self) -> int:
        """How many colours have pieces: the seats, plus with 2 players their two allies (seat + 2)."""
        n = self.d["players"]
        return 2 * n if n == 2 else n

    @property
    def actor(self) -> int:
        """The colour whose piece moves now: the turn's colour in phase 1, a pending task's colour
        (its seat, or that seat's ally when the task's argument is 1), else the seat to move."""
        d = self.d
        if d["pending"]:
            seat, task, arg = d["pending"][0]
            return seat + d["players"] if task != "law_choice" and arg == 1 else seat
        if d["stage"] == "place":
            return d["turn"]
        return self.current_player  # type: ignore[return-value]

    def is_ally(self, colour: int) -> bool:
        return colour >= self.d["players"]

    def controller(self, colour: int) -> int:
        n = self.d["players"]
        return colour if colour < n else colour - n

    def partner(self, colour: int) -> int:
        """With 2 players: a seat's ally, or an ally's controller; -1 otherwise."""
        n = self.d["players"]
        if n != 2:
            return -1
        return colour + n if colour < n else colour - n

    @property
    def voter(self) -> int | None:
        """The first seat without a vote, from the start player on in seat order (None: all have voted)."""
        d = self.d
        votes = d["votes"]
        if None not in votes:
            return None
        start = d["start"]
        if start and None not in votes[start:]:
            return votes.index(None)
        return votes.index(None, start)

    def has(self, module: str) -> bool:
        return module in self.d["modules"]

    def successor(self) -> LancasterState:
        """The copy `apply` hands to the transition: a new top-level dict whose containers stay shared with
        this state until the transition copies what it changes (transitions.Own, transitions.own_all)."""
        s = LancasterState.__new__(LancasterState)
        s.data, s.d, s._legal, s._shared, s._placements_for = self.data, self.d.copy(), None, True, None
        return s

    def clone(self) -> LancasterState:
        return LancasterState(self.data, copy_fields(self.d))  # plain JSON-like data: an exact deep copy

    def to_dict(self) -> dict[str, Any]:
        out = _copy(self.d)
        out["data"] = _copy(self.data.raw)
        return out

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> LancasterState:
        if not isinstance(doc, dict):
            raise InvalidStateError("state should be an object")
        raw = doc.get("data")
        try:
            data = default_data() if raw is None else data_from_document(raw, "state.data")
        except LancasterDataError as exc:
            raise InvalidStateError(f"state.data: {exc}") from None
        d = {k: v for k, v in doc.items() if k != "data"}
        if "data" not in doc:
            raise InvalidStateError("state.data is missing")
        check_fields(d, data)
        return cls(data, _copy(d))

    # -- display -------------------------------------------------------------------------------
    def notation(self) -> str:
        from .render import notation

        return notation(self.observation(None))

    def _repr_html_(self) -> str:
        from .render import html

        return html(self.observation(None))

    def winners(self) -> list[int]:
        """LH-093 / L11: most PP; ties go to higher knighthood strength; still tied, the win is shared."""
        if not self.is_terminal:
            return []
        from .scoring import knighthood

        pp = self.scores()
        best = max(pp)
        tied = [i for i in range(self.n) if pp[i] == best]
        kn = {i: knighthood(self, i) for i in tied}
        top = max(kn.values())
        return [i for i in tied if kn[i] == top]

    # -- helpers the rule modules share (no rules here) -----------------------------------------
    def court_strengths(self, seat: int) -> list[int]:
        return sorted(k[0] for k in self.d["knights"][seat] if k[1] == "court")

    def knight_at_court(self, seat: int, strength: int) -> int:
        for i, k in enumerate(self.d["knights"][seat]):
            if k[1] == "court" and k[0] == strength:
                return i
        return -1

    def card_index(self, card: str) -> int:
        return int(card[1:]) - 1

    def active_conflict(self, card: str) -> dict | None:
        i = self.card_index(card)
        for c in self.d["conflicts"]:
            if c["card"] == i:
                return c
        return None

    def seat_text(self, seat: int) -> str:
        """A colour as people read it: "Player 1", or "Player 1's ally" (2 players, L12)."""
        return colour_name(seat, self.d["players"])


def colour_name(colour: int, players: int) -> str:
    if colour >= players:
        return f"{seat_name(colour - players)}'s ally"
    return seat_name(colour)


# -- checking a save field by field -------------------------------------------------------------
def _int(v: Any, path: str, lo: int, hi: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise InvalidStateError(f"{path} should be a whole number {lo}..{hi}, got {v!r}")
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise InvalidStateError(f"{path} should be true or false, got {v!r}")
    return v


def _list(v: Any, path: str, lo: int, hi: int) -> list:
    if not isinstance(v, list) or not lo <= len(v) <= hi:
        raise InvalidStateError(f"{path} should be a list of {lo}..{hi} items, got {str(v)[:60]}")
    return v


def _obj(v: Any, path: str, keys: tuple[str, ...]) -> dict:
    if not isinstance(v, dict) or set(v) != set(keys):
        raise InvalidStateError(f"{path} should be an object with fields {sorted(keys)}, got {str(v)[:80]}")
    return v


FIELDS = ("players", "modules", "parliament", "round", "start", "turn", "stage", "cursor", "pending", "knights",
          "res", "priv", "granted", "lord", "counties", "conflicts", "conflict_deck", "discarded", "castles", "tower",
          "neutral", "offices", "holders", "treasury", "supply", "track", "box", "law_deck", "current", "proposals",
          "vote_index", "votes", "vm_hold", "defer_vm", "tally", "final", "rng")


def check_fields(d: dict[str, Any], data: LancasterData) -> None:
    """Every field's type and range (invariants between fields: `validate_state`)."""
    r = Reader(d)
    n = r.int("players", 2, 5)
    mods = r.list("modules", None, 0, 3)
    if any(m not in MODULES for m in mods) or len(set(mods)) != len(mods) or mods != [m for m in MODULES if m in mods]:
        raise InvalidStateError(f"state.modules should list some of {list(MODULES)} in that order, got {mods!r}")
    if "LK" in mods and not ("KC" in mods and "KR" in mods):
        raise InvalidStateError("state.modules: the Laws of the King need both KC and KR (LH-003)")
    r.bool("parliament")
    r.int("round", 1, data.rounds)
    r.int("start", 0, n - 1)
    nc = 2 * n if n == 2 else n  # colours (L12)
    r.int("turn", 0, nc - 1)
    r.str("stage", STAGES)
    r.int("cursor", 0, len(REWARD_STEPS))
    for i, t in enumerate(r.list("pending", None, 0, 60)):
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
    if n == 2:
        r.str("ally_bishop_mode", ALLY_BISHOP_MODES)
    knights = r.list("knights", None, nc, nc)
    for p, ks in enumerate(knights):
        _list(ks, f"state.knights[{p}]", 0, data.max_knights)
        for j, k in enumerate(ks):
            _list(k, f"state.knights[{p}][{j}]", 2, 2)
            _int(k[0], f"state.knights[{p}][{j}][0]", 1, data.max_strength)
            if not isinstance(k[1], str):
                raise InvalidStateError(f"state.knights[{p}][{j}][1] should be a place")
    for p, res in enumerate(r.list("res", None, nc, nc)):
        _obj(res, f"state.res[{p}]", RES)
        for key in RES:
            _int(res[key], f"state.res[{p}].{key}", -BIG if key == "pp" else 0, BIG)
    for name in ("priv", "granted"):
        for p, v in enumerate(r.list(name, None, nc, nc)):
            _obj(v, f"state.{name}[{p}]", PRIV)
            for key in PRIV:
                _int(v[key], f"state.{name}[{p}].{key}", 0, 9)
    for p, v in enumerate(r.list("lord", None, nc, nc)):
        if not isinstance(v, str):
            raise InvalidStateError(f"state.lord[{p}] should be a place")
    for i, c in enumerate(r.list("counties", None, len(data.counties), len(data.counties))):
        if c is not None:
            _obj(c, f"state.counties[{i}]", ("owner", "knight", "squires", "shield", "tudor"))
            _int(c["owner"], f"state.counties[{i}].owner", 0, nc - 1)
            _int(c["knight"], f"state.counties[{i}].knight", 0, data.max_knights - 1)
            _int(c["squires"], f"state.counties[{i}].squires", 0, BIG)
            _bool(c["shield"], f"state.counties[{i}].shield")
            _bool(c["tudor"], f"state.counties[{i}].tudor")
    for i, c in enumerate(r.list("conflicts", None, 0, len(data.french))):
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
    for name in ("conflict_deck", "discarded"):
        for x in r.list(name, None, 0, len(data.french)):
            _int(x, f"state.{name}", 0, len(data.french) - 1)
    for p, v in enumerate(r.list("castles", None, nc, nc)):
        for x in _list(v, f"state.castles[{p}]", len(data.castle), len(data.castle)):
            _int(x, f"state.castles[{p}]", -1, data.max_knights - 1)
    for i, t in enumerate(r.list("tower", None, 0, 40)):
        _list(t, f"state.tower[{i}]", 2, 2)
        _int(t[0], f"state.tower[{i}][0]", 0, nc - 1)
        _int(t[1], f"state.tower[{i}][1]", 0, data.max_knights - 1)
    r.int("neutral", 0, 4)
    for i, o in enumerate(r.list("offices", None, 3, 3)):
        if o is not None:
            _obj(o, f"state.offices[{i}]", ("owner", "knights", "bishops", "tudor"))
            _int(o["owner"], f"state.offices[{i}].owner", 0, nc - 1)
            for x in _list(o["knights"], f"state.offices[{i}].knights", 0, data.max_knights):
                _int(x, f"state.offices[{i}].knights", 0, data.max_knights - 1)
            _int(o["bishops"], f"state.offices[{i}].bishops", 0, 9)
            _bool(o["tudor"], f"state.offices[{i}].tudor")
    for x in r.list("holders", None, 3, 3):
        _int(x, "state.holders", -1, nc - 1)
    t = r.raw("treasury")
    _obj(t, "state.treasury", ("vm", "squires", "gold"))
    for key in ("vm", "squires", "gold"):
        _int(t[key], f"state.treasury.{key}", 0, BIG)
    sup = r.raw("supply")
    _obj(sup, "state.supply", ("shield", "archer", "tudor", "seals", "bishops"))
    for key in sup:
        _int(sup[key], f"state.supply.{key}", 0, 99)
    for x in r.list("track", None, 0, len(data.track)):
        _int(x, "state.track", 0, 9)
    r.int("box", 0, BIG)
    ids = {law.id for law in data.laws} | {f"LK-{i}" for i in range(1, 9)}
    for name, hi in (("law_deck", 30), ("current", 3), ("proposals", 3)):
        for x in r.list(name, None, 0, hi):
            if x not in ids:
                raise InvalidStateError(f"state.{name}: {x!r} is not a law")
    r.int("vote_index", 0, 3)
    for p, v in enumerate(r.list("votes", None, n, n)):
        if v is not None:
            _list(v, f"state.votes[{p}]", 2, 2)
            _bool(v[0], f"state.votes[{p}][0]")
            _int(v[1], f"state.votes[{p}][1]", 0, BIG)
    for x in r.list("vm_hold", None, n, n):
        _int(x, "state.vm_hold", 0, BIG)
    r.bool("defer_vm")
    for x in r.list("tally", None, 0, 3):
        _list(x, "state.tally", 3, 3)
        if not isinstance(x[0], str) or not isinstance(x[1], int) or not isinstance(x[2], int):
            raise InvalidStateError("state.tally rows are [law, yes, no]")
    for i, x in enumerate(r.list("final", None, 0, 5)):
        for v in _list(x, f"state.final[{i}]", 3, 3):
            _int(v, f"state.final[{i}]", -BIG, BIG)
    r.int("rng", 0, 2**64 - 1)
    r.done()


def validate_state(s: LancasterState) -> None:
    """The invariants a save must keep: every piece in exactly one place, component counts conserved,
    and the stage consistent with whose move it is (raises InvalidStateError naming the field)."""
    d, data, n = s.d, s.data, s.n
    where: dict[tuple[int, int], str] = {}
    for i, c in enumerate(d["counties"]):
        if c is not None:
            where[(c["owner"], c["knight"])] = f"county:{i}"
    for c in d["conflicts"]:
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
    for p, row in enumerate(d["castles"]):
        for j, x in enumerate(row):
            if x >= 0:
                if (p, x) in where:
                    raise InvalidStateError("state.castles: a knight is in two places")
                where[(p, x)] = f"castle:{j}"
    for owner, x in d["tower"]:
        if (owner, x) in where:
            raise InvalidStateError("state.tower: a knight is in two places")
        where[(owner, x)] = "tower"
    for i, o in enumerate(d["offices"]):
        if o is not None:
            for x in o["knights"]:
                if (o["owner"], x) in where:
                    raise InvalidStateError("state.offices: a knight is in two places")
                where[(o["owner"], x)] = f"office:{i}"
    for p, ks in enumerate(d["knights"]):
        for j, k in enumerate(ks):
            expected = where.pop((p, j), "court")
            if k[1] != expected:
                raise InvalidStateError(f"state.knights[{p}][{j}] is at {k[1]!r} but the board has it at {expected!r}")
    if where:
        raise InvalidStateError(f"state: the board holds knights that do not exist: {sorted(where)}")
    kc, kr = s.has("KC"), s.has("KR")
    court = data.court
    # lords
    for p, loc in enumerate(d["lord"]):
        owner_of = [i for i, o in enumerate(d["offices"]) if o is not None and o["owner"] == p]
        want = "none" if not kc else (f"office:{owner_of[0]}" if owner_of else None)
        if len(owner_of) > 1 or (want is not None and loc != want) or (want is None and loc not in ("court", "treasury")):
            raise InvalidStateError(f"state.lord[{p}] is {loc!r}, which does not match the offices")
    if not kc and (any(o is not None for o in d["offices"]) or any(h != -1 for h in d["holders"])):
        raise InvalidStateError("state.offices: no offices without the King's Court module")
    # privileges, seals, bishops
    tokens = {"shield": sum(c is not None and c["shield"] for c in d["counties"]),
              "archer": sum(sp is not None and sp["archer"] for c in d["conflicts"] for sp in c["spaces"]),
              "tudor": sum(c is not None and c["tudor"] for c in d["counties"])
              + sum(sp["tudor"] for c in d["conflicts"] for sp in c["spaces"] if sp is not None)
              + sum(o is not None and o["tudor"] for o in d["offices"])}
    totals = {"shield": court.shields, "archer": court.archers, "tudor": court.tudors}
    for key in PRIV:
        held = sum(v[key] for v in d["priv"]) + sum(v[key] for v in d["granted"])
        if kc and tokens[key] + held + d["supply"][key] != totals[key]:
            raise InvalidStateError(f"state.supply.{key}: the {key} tokens do not add up to {totals[key]}")
        if not kc and tokens[key] + held + d["supply"][key]:
            raise InvalidStateError(f"state.supply.{key}: no {key} tokens without the King's Court module")
    for p in range(n, s.colours):  # L12, LH-068, LH-071, LH-073, LH-098: allies hold no resources, seals, bishops or dishonor
        if any(d["res"][p][key] for key in RES):
            raise InvalidStateError(f"state.res[{p}]: an ally ({s.seat_text(p)}) holds nothing (L12, LH-071, LH-098)")
    seals = sum(res["seals"] for res in d["res"]) + d["supply"]["seals"]
    if seals > court.seals or (not kc and seals):
        raise InvalidStateError("state.supply.seals: more seals than the game has")
    bishops_total = court.bishops[n - 2] if kc else 0
    if sum(res["bishops"] for res in d["res"]) + d["supply"]["bishops"] > bishops_total or any(
            res["bishops"] > court.max_bishops for res in d["res"]):
        raise InvalidStateError("state.supply.bishops: more bishops than are in play (LH-010, LH-062)")
    for p, o in enumerate(d["offices"]):
        if o is not None and o["bishops"] > d["res"][o["owner"]]["bishops"]:
            raise InvalidStateError(f"state.offices[{p}].bishops: more than the player owns")
    # the tower and dishonor
    if not kr and (d["tower"] or d["neutral"] or d["track"] or d["box"] or any(r["dishonor"] for r in d["res"])):
        raise InvalidStateError("state.tower: no tower or dishonor without the King's Resentment module")
    if kr:
        if d["neutral"] != data.neutral[n - 2]:
            raise InvalidStateError("state.neutral does not match the player count (LH-078)")
        strength = d["neutral"] + sum(d["knights"][o][x][0] for o, x in d["tower"])
        if strength > data.tower_capacity:
            raise InvalidStateError("state.tower holds more strength than it can (LH-081)")
        if len(d["track"]) != len(data.track) or any(x > data.per_space[n - 2] for x in d["track"]):
            raise InvalidStateError("state.track: wrong stacks for this player count (LH-076)")
        full = data.per_space[n - 2]
        if any(x and any(y < full for y in d["track"][i + 1:]) for i, x in enumerate(d["track"])):
            raise InvalidStateError("state.track: stacks are taken from left to right (LH-090)")
    # conflicts and law cards
    cards = [c["card"] for c in d["conflicts"]] + d["conflict_deck"] + d["discarded"]
    if sorted(cards) != list(range(len(data.french))):
        raise InvalidStateError("state.conflict_deck: every conflict card must be in exactly one place")
    laws = d["law_deck"] + d["current"] + d["proposals"][d["vote_index"]:]
    if len(set(laws)) != len(laws) or len(d["current"]) != data.slots:
        raise InvalidStateError("state.current: the law cards are inconsistent")
    if any(x.startswith("LK") for x in laws) and not s.has("LK"):
        raise InvalidStateError("state.law_deck: Laws of the King without the LK module (LH-003)")
    # stage
    stage = d["stage"]
    for i, (seat, task, arg) in enumerate(d["pending"]):
        if task == "law_choice" and (stage != "laws" or arg["law"] not in d["current"]):
            raise InvalidStateError(f"state.pending[{i}]: a law choice outside the laws step")
        if task == "dorset" and (stage != "rewards" or not _dorset_knight(s, seat + n * arg)):
            raise InvalidStateError(f"state.pending[{i}]: no Dorset knight to move")
        if task == "upgrade" and stage not in ("laws", "rewards"):
            raise InvalidStateError(f"state.pending[{i}]: an upgrade outside phases 2 and 3")
    if stage == "vote" and (not d["parliament"] or len(d["proposals"]) != 3 or d["vote_index"] >= 3):
        raise InvalidStateError("state.stage: a vote needs parliament and a proposal")
    if stage != "vote" and (any(v is not None for v in d["votes"]) or d["tally"] or d["proposals"]):
        raise InvalidStateError("state.votes: votes outside the vote")
    if stage == "vote" and len(d["tally"]) != d["vote_index"]:
        raise InvalidStateError("state.tally: one line per finished vote")
    if stage == "laws" and d["cursor"] > 3:
        raise InvalidStateError("state.cursor: three laws at most")
    if (stage == "over") != bool(d["final"]) or (d["final"] and len(d["final"]) != n):
        raise InvalidStateError("state.final: the final scoring is recorded exactly when the game is over")
    if stage == "over" and d["pending"]:
        raise InvalidStateError("state.pending: nothing is pending once the game is over")
    if stage == "place" and d["pending"]:
        raise InvalidStateError("state.pending: nothing is pending in phase 1")
    json.dumps(d)


def _dorset_knight(s: LancasterState, seat: int) -> bool:
    i = next((j for j, c in enumerate(s.data.counties) if c.reward == "dorset"), -1)
    c = s.d["counties"][i] if i >= 0 else None
    return c is not None and c["owner"] == seat
