"""Saving and loading Henchmania states, with validation: a malformed or tampered state raises
InvalidStateError and nothing is half-loaded."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hench.core import CHANCE, InvalidStateError
from hench.core.errors import HenchError
from hench.core.schema import Reader, check_int, check_str

from .data import load_data
from .options import OPTIONS

if TYPE_CHECKING:  # pragma: no cover
    from .state import HMState

DUEL_KEYS = ("att", "dfn", "glove", "guard", "aw", "dw", "aw_done", "hits", "wounds", "mod", "step", "tb")


def to_dict(s: "HMState") -> dict[str, Any]:
    return {
        "data": s.data.path, "fingerprint": s.data.fingerprint, "options": dict(s.opts), "players": s.n,
        "day": s.day, "last_day": s.last_day, "badge": s.badge, "scores": list(s.scores_), "stage": s.stage,
        "turn": s.turn, "actor": s.actor, "piles": [list(p) for p in s.piles], "discards": [list(p) for p in s.discards],
        "hands": [list(h) for h in s.hands], "reserves": [list(r) for r in s.reserves], "trumps": list(s.trumps),
        "exhausted": sorted(s.exhausted), "pawns": [list(p) for p in s.pawns], "to_place": list(s.to_place),
        "held": [list(h) for h in s.held], "passed": list(s.passed), "queue": [q if isinstance(q, int) else list(q) for q in s.queue],
        "duel": dict(s.duel) if s.duel is not None else None,
        "tiebreak": None if s.tiebreak is None else {**s.tiebreak, "pair": list(s.tiebreak["pair"]), "wounds": list(s.tiebreak["wounds"])},
        "winner": s.winner, "rng": s.rng, "events": list(s.events),
    }


def from_dict(doc: Any) -> "HMState":
    from .state import PHASE_IDS, HMState

    r = Reader(doc)
    opts = _options(r.obj("options"))
    data = _data(r.str("data"), r.str("fingerprint"))
    n = r.int("players", 2, 5)
    s = HMState(data, opts, n)
    ncards, nsites, seat = len(data.deck), len(data.site_names), (lambda v, p: check_int(v, p, 0, n - 1))
    card = lambda v, p: check_int(v, p, 0, ncards - 1)  # noqa: E731
    cards = lambda v, p: [card(x, f"{p}[{i}]") for i, x in enumerate(_list(v, p))]  # noqa: E731
    s.day, s.last_day, s.badge = r.int("day", 1, 1000), r.int("last_day", 1, 1000), r.int("badge", 0, n - 1)
    s.scores_ = r.list("scores", lambda v, p: check_int(v, p, -10**6, 10**6), n, n)
    s.stage = r.str("stage", PHASE_IDS)
    s.turn = r.int("turn", 0, n - 1)
    s.actor = r.optional_int("actor", CHANCE, n - 1)
    s.piles = r.list("piles", cards, nsites, nsites)
    s.discards = r.list("discards", cards, nsites, nsites)
    s.hands = r.list("hands", cards, n, n)
    s.reserves = r.list("reserves", cards, n, n)
    s.trumps = r.list("trumps", lambda v, p: None if v is None else card(v, p), n, n)
    s.exhausted = set(r.list("exhausted", card))
    pawns = data.values["pawns_per_player"]
    s.pawns = r.list("pawns", lambda v, p: [check_int(x, p, 0, pawns * n) for x in _list(v, p, n)], nsites, nsites)
    s.to_place = r.list("to_place", lambda v, p: check_int(v, p, 0, pawns), n, n)
    s.held = r.list("held", lambda v, p: [seat(x, p) for x in _list(v, p)], n, n)
    s.passed = r.list("passed", _bool, n, n)
    s.queue = r.list("queue", lambda v, p: _queue_item(v, p, s.stage, n, nsites))
    s.duel = _duel(r.raw("duel"), n, ncards)
    s.tiebreak = _tiebreak(r.raw("tiebreak"), n)
    s.winner = r.optional_int("winner", 0, n - 1)
    s.rng = r.int("rng", 0, 2**64 - 1)
    s.events = r.list("events", check_str)
    r.done()
    _consistent(s)
    return s


def _list(v: Any, path: str, length: int | None = None) -> list:
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise InvalidStateError(f"{path} should be a list" + (f" of {length}" if length is not None else ""))
    return v


def _bool(v: Any, path: str) -> bool:
    if not isinstance(v, bool):
        raise InvalidStateError(f"{path} should be true or false, got {v!r}")
    return v


def _options(r: Reader) -> dict[str, Any]:
    opts = {}
    for name, opt in OPTIONS.items():
        value = r.raw(name)
        try:
            opts[name] = opt.check(value)
        except HenchError as exc:
            raise InvalidStateError(f"state.options: {exc}") from None
    r.done()
    return opts


def _data(path: str, fingerprint: str):
    try:
        data = load_data(path)
    except HenchError as exc:
        raise InvalidStateError(f"state.data: {exc}") from None
    if data.fingerprint != fingerprint:
        raise InvalidStateError(f"state.fingerprint: the data file {path!r} has changed since this state was saved")
    return data


def _queue_item(v: Any, path: str, stage: str, n: int, nsites: int) -> Any:
    if stage == "discard_hands":
        return check_int(v, path, 0, n - 1)
    item = _list(v, path, 2)
    if stage == "resolve_domination":
        return [check_int(item[0], path, 0, n - 1), check_int(item[1], path, 0, nsites - 1)]
    return [check_int(item[0], path, 0, n - 1), check_str(item[1], path, ("apothecary", "courtesan"))]


def _duel(v: Any, n: int, ncards: int) -> dict[str, Any] | None:
    if v is None:
        return None
    r = Reader(v, "state.duel")
    d = {"att": r.int("att", 0, n - 1), "dfn": r.int("dfn", 0, n - 1)}
    for key in ("glove", "guard", "aw", "dw"):
        d[key] = r.optional_int(key, 0, ncards - 1)
    d["aw_done"] = r.bool("aw_done")
    d["hits"], d["wounds"] = r.int("hits", 0, 20), r.int("wounds", 0, 20)
    mod = r.raw("mod")
    if mod not in (None, "apothecary", "courtesan"):
        raise InvalidStateError(f"state.duel.mod is {mod!r}; expected null, 'apothecary' or 'courtesan'")
    d["mod"] = mod
    d["step"] = r.str("step", ("guard_window", "attacker_weapon", "defender_weapon", "attack_roll", "defense_roll", "modifier_window"))
    d["tb"] = r.bool("tb")
    r.done()
    if d["att"] == d["dfn"] or d["wounds"] > d["hits"]:
        raise InvalidStateError("state.duel is inconsistent (a player duelling themselves, or more wounds than hits)")
    return {k: d[k] for k in DUEL_KEYS}


def _tiebreak(v: Any, n: int) -> dict[str, Any] | None:
    if v is None:
        return None
    r = Reader(v, "state.tiebreak")
    tb = {"pair": r.list("pair", lambda x, p: check_int(x, p, 0, n - 1), 2, 2),
          "wounds": r.list("wounds", lambda x, p: check_int(x, p, 0, 100), 2, 2),
          "leg": r.int("leg", 0, 1), "round": r.int("round", 1, 10**6)}
    r.done()
    return tb


def _consistent(s: "HMState") -> None:
    """Every card exactly once, in a place its type allows; the phase and the player to act agree."""
    deck = s.data.deck
    places = [(c, f"pile {i}") for i, p in enumerate(s.piles) for c in p] + \
             [(c, f"discard {i}") for i, p in enumerate(s.discards) for c in p] + \
             [(c, "hand") for h in s.hands for c in h] + [(c, "reserve") for r in s.reserves for c in r] + \
             [(c, "trump") for c in s.trumps if c is not None]
    if s.duel:
        places += [(s.duel[k], "duel") for k in ("glove", "guard", "aw", "dw") if s.duel[k] is not None]
    ids = [c for c, _ in places]
    if sorted(ids) != list(range(len(deck))):
        raise InvalidStateError(f"state: the {len(deck)} cards should each be in exactly one place; found {len(ids)} places "
                                f"with {len(set(ids))} different cards")
    for c, where in places:
        if where.startswith(("pile", "discard")) and deck[c].site != int(where.split()[1]):
            raise InvalidStateError(f"state: card {c} ({deck[c].name}) is in the {where} of another site")
        if where in ("reserve", "trump") and deck[c].type != where:
            raise InvalidStateError(f"state: card {c} ({deck[c].name}) cannot be in a {where}")
    fronts = {c for r in s.reserves for c in r} | {c for c in s.trumps if c is not None}
    if not s.exhausted <= fronts:
        raise InvalidStateError("state.exhausted lists cards that are not in front of a player")
    _consistent_turn(s)


def _consistent_turn(s: "HMState") -> None:
    from .state import DUEL_STEPS

    over = s.stage == "game_end"
    if over != (s.actor is None) or over != (s.winner is not None):
        raise InvalidStateError("state: only a finished game (stage 'game_end') has no player to act and a winner")
    in_duel = s.stage in DUEL_STEPS or s.stage == "tiebreak_duels"
    if in_duel != (s.duel is not None) or (s.stage == "tiebreak_duels") != (s.tiebreak is not None and s.duel is not None):
        raise InvalidStateError(f"state: stage {s.stage!r} does not match the duel record")
    if s.duel is not None and not s.duel["tb"] and s.duel["step"] != s.stage:
        raise InvalidStateError("state: the duel step and the stage differ")
    chance = s.duel is not None and s.duel["step"] in ("attack_roll", "defense_roll")
    if chance != (s.actor == CHANCE):
        raise InvalidStateError("state: the dice act exactly at a roll step")
    if s.stage in ("resolve_domination", "discard_hands", "modifier_window") and not s.queue:
        raise InvalidStateError(f"state: stage {s.stage!r} needs a decision queue")
