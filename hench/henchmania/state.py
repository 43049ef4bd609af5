"""The Henchmania position (`HMState`): its fields, declared once (hench.core.FieldState builds the clone,
the copy-on-write successor, the save and the checked load from them), and small read-only queries. No rules
here: legality is in legality.py, the effects of actions in transitions.py, views in render.py.

A state holds everything (the referee's view); `state.observation(seat)` is what one seat may know.
The dice are chance nodes; shuffles, Brawl's random discard and picking a card by its back use the
state's own seeded generator (`rng`, saved with the state).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from hench.core import CHANCE, InvalidStateError
from hench.core.errors import HenchError
from hench.core.fields import DEEP, DICT, LIST, ROWS, SET, Field, Fields, FieldState
from hench.core.schema import Reader, check_int, check_str

from .data import BUILTIN, CardDef, GameData, builtin, from_document
from .options import OPTIONS
from .phases import DUEL_PHASES, PHASES, ROLL_PHASES, TIEBREAK_PHASES

# Where points come from, for the score sheet (scoring.score_sheet): the game's own words
START, RESERVE, DUELS, POINT_CARDS, BELLADONNA = ("Start", "Reserve cards (each day's end)", "Duels",
                                                  "Cards that give points", "Belladonna Root")
SOURCES = (START, RESERVE, DUELS, POINT_CARDS, BELLADONNA)
EARNED_BEFORE = "Before this game was loaded"  # a save keeps the scores, not where they came from

# Counts a save may hold (issue 31). The day and the tie-break round are clocks: one more day each time three or
# more players tie at the top (HM-085), one more tie-break round each time both legs inflict the same wounds
# (HM-084), with no end in the rules; neither makes a move, so they keep wide bounds (a tight one would refuse
# positions played on from a save it accepted). A duel's hits and wounds: 1-5 attack dice (data.py), 20 at most.
# Scores are the same: the game ends at the end of the day a score reaches 25 or 30 (HM-075, HM-077) and random
# play never passed 40, but a save's score keeps growing through its day whatever its value, and a person's own
# data may give up to 1000 points a duel or card (data.py bounds): they keep the wide bound of 1,000,000.
MAX_DAYS, MAX_TIEBREAK_ROUNDS, MAX_WOUNDS = 1000, 10**6, 20
MAX_SCORE = 10**6

DUEL_KEYS = ("att", "dfn", "glove", "guard", "aw", "dw", "aw_done", "hits", "wounds", "tb")
# HM-107: what a pending Old Lady loan changes (state.duel["loan"][0]): the attack dice's hits, the defense dice's
# parries, or the points of a won duel (a Banner)
LOAN_STAGES = ("attack", "defense", "banner")


class Duel(TypedDict):
    """`state.duel` while a duel is fought (a plain dict, saved as is; it exists exactly in the duel phases)."""

    att: int  # the Attacker's seat
    dfn: int  # the Defender's seat
    glove: int | None  # card ids (None: none; a tie-break duel has no Glove)
    guard: int | None
    aw: int | None  # the Attacker's weapon (None: bare hands or not declared yet)
    dw: int | None  # the Defender's weapon
    aw_done: bool  # the Attacker has declared
    hits: int
    wounds: int
    tb: bool  # a tie-break duel (HM-080)
    loan: NotRequired[list[Any]]  # HM-107: [stage, gain] of the Old Lady's loan offered now (only in "old_lady_window")


class TieBreak(TypedDict):
    """`state.tiebreak` from the start of tie-break duels (HM-080..084); it stays after the end to be shown."""

    pair: list[int]  # the two tied seats, the first attacks first
    wounds: list[int]  # wounds each has inflicted in this round
    leg: int  # 0: the first attacks, 1: the second
    round: int


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
        if name == "data" or name == "first_player":
            continue  # used at setup only: the data is saved whole (state.data), the first player is the Badge
        try:
            opts[name] = opt.check(r.raw(name))
        except HenchError as exc:
            raise InvalidStateError(f"state.options: {exc}") from None
    r.done()
    return opts


def _data(doc: Any) -> GameData:
    """The builtin data, or the data carried whole in the save (a save never names a file to open)."""
    if doc == BUILTIN:
        return builtin()
    if not isinstance(doc, dict):
        raise InvalidStateError(f"state.data should be {BUILTIN!r} or the data tables themselves, got {type(doc).__name__}")
    try:
        return from_document(doc, "state.data")
    except HenchError as exc:
        raise InvalidStateError(str(exc)) from None


def _queue_item(v: Any, path: str, phase: str, n: int, nsites: int) -> Any:
    if phase == "discard_hands":
        return check_int(v, path, 0, n - 1)
    item = _list(v, path, 2)
    if phase == "resolve_domination":
        return [check_int(item[0], path, 0, n - 1), check_int(item[1], path, 0, nsites - 1)]
    return [check_int(item[0], path, 0, n - 1), check_str(item[1], path, ("apothecary", "courtesan"))]


def _duel(v: Any, n: int, ncards: int) -> Duel | None:
    if v is None:
        return None
    r = Reader(v, "state.duel")
    att, dfn = r.int("att", 0, n - 1), r.int("dfn", 0, n - 1)
    glove, guard, aw, dw = (r.optional_int(key, 0, ncards - 1) for key in ("glove", "guard", "aw", "dw"))
    aw_done = r.bool("aw_done")
    hits, wounds = r.int("hits", 0, MAX_WOUNDS), r.int("wounds", 0, MAX_WOUNDS)  # a duel rolls 1-5 dice (data.py)
    d = Duel(att=att, dfn=dfn, glove=glove, guard=guard, aw=aw, dw=dw, aw_done=aw_done, hits=hits, wounds=wounds,
             tb=r.bool("tb"))
    if r.optional("loan"):
        d["loan"] = r.list("loan", min_len=2, max_len=2)
        check_str(d["loan"][0], "state.duel.loan[0]", LOAN_STAGES)
        check_int(d["loan"][1], "state.duel.loan[1]", 1, MAX_SCORE)
    r.done()
    if d["att"] == d["dfn"]:
        raise InvalidStateError("state.duel.dfn: a player cannot duel themselves")
    if d["wounds"] > d["hits"]:
        raise InvalidStateError("state.duel.wounds: more wounds than hits")
    return d


def _tiebreak(v: Any, n: int) -> TieBreak | None:
    if v is None:
        return None
    r = Reader(v, "state.tiebreak")
    tb = TieBreak(pair=r.list("pair", lambda x, p: check_int(x, p, 0, n - 1), 2, 2),
                  wounds=r.list("wounds", lambda x, p: check_int(x, p, 0, MAX_WOUNDS), 2, 2),  # one duel's each
                  leg=r.int("leg", 0, 1), round=r.int("round", 1, MAX_TIEBREAK_ROUNDS))
    r.done()
    return tb


# -- the fields: each read and checked from a save by its `read(reader, state_so_far)` ----------------------
def _read_data(r: Reader, s: HMState) -> GameData:
    return _data(r.raw("data"))


def _save_data(data: GameData) -> Any:
    return data.document if data.document is not None else BUILTIN


def _cards(s: HMState) -> Any:
    """The reader of a list of card ids of `s`'s data."""
    last = len(s.data.deck) - 1
    return lambda v, p: [check_int(x, f"{p}[{i}]", 0, last) for i, x in enumerate(_list(v, p))]


def _per_site(key: str) -> Any:
    """A ROWS field with one list of card ids per site (piles, discards)."""
    return lambda r, s: r.list(key, _cards(s), len(s.data.site_names), len(s.data.site_names))


def _per_seat(key: str) -> Any:
    """A ROWS field with one list of card ids per seat (hands, reserves)."""
    return lambda r, s: r.list(key, _cards(s), s.n, s.n)


def _read_trumps(r: Reader, s: HMState) -> list[int | None]:
    last = len(s.data.deck) - 1
    return r.list("trumps", lambda v, p: None if v is None else check_int(v, p, 0, last), s.n, s.n)


def _read_pawns(r: Reader, s: HMState) -> list[list[int]]:
    most, n, sites = s.data.values["pawns_per_player"], s.n, len(s.data.site_names)
    return r.list("pawns", lambda v, p: [check_int(x, p, 0, most) for x in _list(v, p, n)], sites, sites)


def _read_held(r: Reader, s: HMState) -> list[list[int]]:
    n = s.n
    return r.list("held", lambda v, p: [check_int(x, p, 0, n - 1) for x in _list(v, p)], n, n)


def _read_queue(r: Reader, s: HMState) -> list[Any]:
    """At most one decision per site (domination), per seat (discards, Courtesans) and per fresh Apothecary in a
    Reserve (HM-022, HM-050, HM-092, HM-096): sites + seats + the Reserve limit."""
    n, sites = s.n, len(s.data.site_names)
    return r.list("queue", lambda v, p: _queue_item(v, p, s.phase, n, sites), 0, sites + n + s.data.values["reserve_limit"])


LIVE_PHASES = [p for p in PHASES.ids if p not in ("game_setup", "end_of_day", "tiebreak_duels")]  # a save is never mid-action

FIELDS = Fields(
    Field("data", read=_read_data, save=_save_data),  # the builtin data, or a person's own tables saved whole
    Field("opts", key="options", read=lambda r, s: _options(r.obj("options")), save=dict),
    Field("n", key="players", read=lambda r, s: r.int("players", 2, 5)),
    Field("day", read=lambda r, s: r.int("day", 1, MAX_DAYS)),
    Field("last_day", read=lambda r, s: r.int("last_day", 1, MAX_DAYS)),
    Field("badge", read=lambda r, s: r.int("badge", 0, s.n - 1)),
    Field("scores_", LIST, key="scores", read=lambda r, s: r.list("scores", lambda v, p: check_int(v, p, -MAX_SCORE, MAX_SCORE), s.n, s.n)),
    Field("phase", read=lambda r, s: r.str("phase", LIVE_PHASES)),
    Field("turn", read=lambda r, s: r.int("turn", 0, s.n - 1)),
    # the seat to act, CHANCE at a dice roll, None once the game is over (saved as "actor")
    Field("current_player", key="actor", read=lambda r, s: r.optional_int("actor", CHANCE, s.n - 1)),
    Field("piles", ROWS, read=_per_site("piles")),  # per site, card ids, the top card last
    Field("discards", ROWS, read=_per_site("discards")),  # per site, in the order discarded (display only, HM-069)
    Field("hands", ROWS, read=_per_seat("hands")),
    Field("reserves", ROWS, read=_per_seat("reserves")),
    Field("trumps", LIST, read=_read_trumps),
    Field("exhausted", SET, read=lambda r, s: set(r.list("exhausted", lambda v, p: check_int(v, p, 0, len(s.data.deck) - 1)))),
    Field("pawns", ROWS, read=_read_pawns),  # per site, pawns per seat
    Field("to_place", LIST, read=lambda r, s: r.list("to_place", lambda v, p: check_int(v, p, 0, s.data.values["pawns_per_player"]), s.n, s.n)),
    Field("held", ROWS, read=_read_held),  # per seat, the owners of the pawns they took (A8)
    Field("passed", LIST, read=lambda r, s: r.list("passed", _bool, s.n, s.n)),
    Field("queue", LIST, read=_read_queue),  # pending decisions (see _queue_item); items are replaced, never changed
    Field("duel", DICT, read=lambda r, s: _duel(r.raw("duel"), s.n, len(s.data.deck))),
    Field("tiebreak", DEEP, read=lambda r, s: _tiebreak(r.raw("tiebreak"), s.n)),
    Field("winner", read=lambda r, s: r.optional_int("winner", 0, s.n - 1)),
    Field("rng", read=lambda r, s: r.int("rng", 0, 2**64 - 1)),
    # (seat, source) -> the points that source gave the seat (scoring.add_points); words, not position: not saved
    Field("earned", DICT, read=lambda r, s: earned_from_scores(s), saved=False),
    legacy=("events",),  # a move's words, saved before they became the narration (state.say; not the position)
)


def earned_from_scores(s: HMState) -> dict[tuple[int, str], int]:
    """A loaded game's points by source: the start, and the rest earned before the save (which keeps no sources)."""
    start = s.data.values["start_score"]
    earned = {(seat, START): start for seat in range(s.n)}
    earned.update({(seat, EARNED_BEFORE): v - start for seat, v in enumerate(s.scores_) if v != start})
    return earned


class HMState(FieldState):
    """A Henchmania position. Seats are 0..n-1 in clockwise order (M13); `phase` an id of PHASES.

    Copy policies (FIELDS): the per-site and per-seat card lists are ROWS (a transition owns the row it changes,
    `s.own_item("hands", seat)`), the flat lists LIST, the duel record DICT, the tie-break record DEEP."""

    FIELDS = FIELDS
    data: GameData
    opts: dict[str, Any]
    n: int
    day: int
    last_day: int
    badge: int
    scores_: list[int]
    turn: int
    current_player: int | None
    piles: list[list[int]]
    discards: list[list[int]]
    hands: list[list[int]]
    reserves: list[list[int]]
    trumps: list[int | None]
    exhausted: set[int]  # turned cards
    pawns: list[list[int]]
    to_place: list[int]
    held: list[list[int]]
    passed: list[bool]
    queue: list[Any]
    duel: Duel | None
    tiebreak: TieBreak | None
    winner: int | None
    earned: dict[tuple[int, str], int]

    @property
    def player(self) -> int:
        """The seat of the player to act. Only a player's move reads it (its checks, moves and effects):
        at a dice roll or after the end no player acts, and asking then is a bug."""
        actor = self.current_player
        if actor is None or actor < 0:
            raise RuntimeError(f"no player acts in phase {self.phase!r} (actor {actor!r})")
        return actor

    # -- read-only queries the rule modules share ----------------------------------------
    def card(self, cid: int) -> CardDef:
        return self.data.deck[cid]

    def name(self, cid: int) -> str:
        return self.data.deck[cid].name

    def site_index(self, site: str) -> int:
        return self.data.site_index[site]

    def spots(self) -> int:
        return self.data.values["spots"][self.n]

    def seats_from(self, first: int) -> list[int]:
        """Every seat clockwise starting at `first`."""
        return [(first + i) % self.n for i in range(self.n)]

    def placements_left(self, seat: int) -> int:
        return self.to_place[seat] + len(self.held[seat])

    def find(self, cards: list[int], name: str, prefer_fresh: bool = True) -> int | None:
        """A card instance called `name` in `cards`: the first one, or with `prefer_fresh` the first unturned
        one (the last turned one if all are turned)."""
        name_of = self.data.name_of
        k = 0
        for cid in cards:  # the first one (a plain loop: cheaper than listing the names on these short lists)
            if name_of[cid] == name:
                break
            k += 1
        else:
            return None
        exhausted = self.exhausted
        if not prefer_fresh or cid not in exhausted:
            return cid
        for other in cards[k + 1:]:  # the first copy is turned: an unturned one further on, else the last one
            if self.data.name_of[other] == name:
                if other not in exhausted:
                    return other
                cid = other
        return cid

    def card_in(self, cards: list[int], name: str, prefer_fresh: bool = True) -> int:
        """`find` for a card that must be there (a legal move names it): a missing one is a bug."""
        cid = self.find(cards, name, prefer_fresh)
        if cid is None:
            raise RuntimeError(f"no {name} card among {cards}")
        return cid

    def count(self, cards: list[int], name: str) -> int:
        deck = self.data.deck
        return sum(1 for cid in cards if deck[cid].name == name)

    def has_fresh(self, seat: int, effect: str) -> int | None:
        """An unturned Reserve card of `seat` with this effect (Reserve effects, HM-031, HM-036)."""
        ids = self.data.effect_ids.get(effect)
        if ids is None or ids.isdisjoint(self.reserves[seat]):  # none at all (the common case, in C)
            return None
        deck, exhausted = self.data.deck, self.exhausted
        for cid in self.reserves[seat]:
            if deck[cid].effect == effect and cid not in exhausted:
                return cid
        return None

    def fresh_count(self, seat: int, effect: str) -> int:
        deck, exhausted = self.data.deck, self.exhausted
        return sum(1 for cid in self.reserves[seat] if deck[cid].effect == effect and cid not in exhausted)

    def has_in_reserve(self, seat: int, effect: str) -> bool:
        deck = self.data.deck
        return any(deck[cid].effect == effect for cid in self.reserves[seat])

    def trump_effect(self, seat: int) -> str | None:
        t = self.trumps[seat]
        return None if t is None else self.data.deck[t].effect

    def dice_to_roll(self) -> int:
        """How many dice the chance node rolls: 3 to attack (HM-057), one per hit to defend (HM-060)."""
        if self.phase == "attack_roll":
            return self.data.values["attack_dice"]
        d = self.duel
        return d["hits"] if self.phase == "defense_roll" and d is not None else 0


# -- invariants a save must keep (Game.validate_state) -------------------------------------
def validate_state(s: HMState) -> None:
    """Raise InvalidStateError naming the field when a loaded state breaks an invariant."""
    _cards_in_place(s)
    _counts(s)
    _turn(s)


def _cards_in_place(s: HMState) -> None:
    deck = s.data.deck
    places = [(c, f"piles[{i}]") for i, p in enumerate(s.piles) for c in p] + \
             [(c, f"discards[{i}]") for i, p in enumerate(s.discards) for c in p] + \
             [(c, "hands") for h in s.hands for c in h] + [(c, "reserves") for r in s.reserves for c in r] + \
             [(c, "trumps") for c in s.trumps if c is not None]
    if s.duel:
        d = s.duel
        places += [(c, "duel") for c in (d["glove"], d["guard"], d["aw"], d["dw"]) if c is not None]
    ids = [c for c, _ in places]
    if sorted(ids) != list(range(len(deck))):
        raise InvalidStateError(f"state.piles/hands/reserves: the {len(deck)} cards should each be in exactly one place; "
                                f"found {len(ids)} places with {len(set(ids))} different cards")
    for c, where in places:
        if where.startswith(("piles", "discards")) and deck[c].site != int(where.split("[")[1][:-1]):
            raise InvalidStateError(f"state.{where}: card {c} ({deck[c].name}) belongs to another site")
        if where in ("reserves", "trumps") and deck[c].type != where[:-1]:
            raise InvalidStateError(f"state.{where}: card {c} ({deck[c].name}) is not a {where[:-1]} card")
    fronts = {c for r in s.reserves for c in r} | {c for c in s.trumps if c is not None}
    if not s.exhausted <= fronts:
        raise InvalidStateError("state.exhausted lists cards that are not in front of a player")


def _counts(s: HMState) -> None:
    """Scores above the floor, pawns within each player's count, a phase-1 count that matches the stage."""
    floor = s.data.values["score_floor"]
    if s.opts["score_floor"] == "zero" and min(s.scores_) < floor:
        raise InvalidStateError(f"state.scores: {s.scores_} goes under the score floor {floor} (option score_floor='zero')")
    if s.phase != "set_henchmen" and any(s.to_place):
        raise InvalidStateError(f"state.to_place: pawns are left to place only in phase 1, not in {PHASES.title(s.phase)!r}")
    per = s.data.values["pawns_per_player"]
    for seat in range(s.n):
        if seat in s.held[seat]:  # the fuzz batch: a save holding its own pawn loaded, then placed a pawn it lacked
            raise InvalidStateError(f"state.held[{seat}]: Player {seat + 1} holds their own pawn; a Traitor takes "
                                    "an opponent's (HM-099)")
        on_board = sum(row[seat] for row in s.pawns) + sum(h.count(seat) for h in s.held)
        if on_board + s.to_place[seat] > per:
            raise InvalidStateError(f"state.pawns: Player {seat + 1} has {on_board + s.to_place[seat]} pawns in play and "
                                    f"to place; each player has {per}")
    if s.phase == "set_henchmen" and s.current_player is not None and s.current_player >= 0 \
            and not s.placements_left(s.current_player):
        raise InvalidStateError("state.to_place: the player to place has no pawn left")
    if len(s.reserves) and max(map(len, s.reserves)) > s.data.values["reserve_limit"]:
        raise InvalidStateError(f"state.reserves: a Reserve holds at most {s.data.values['reserve_limit']} cards")
    if s.day > s.last_day:
        raise InvalidStateError(f"state.day: day {s.day} is after the last day {s.last_day}")


def _turn(s: HMState) -> None:
    over = s.phase == "game_end"
    if over != (s.current_player is None) or over != (s.winner is not None):
        raise InvalidStateError("state.phase: only a finished game ('game_end') has no player to act and a winner")
    if (s.phase in DUEL_PHASES) != (s.duel is not None):
        raise InvalidStateError(f"state.duel: phase {s.phase!r} does not match the duel record")
    finished_tiebreak = s.tiebreak is not None and over and s.duel is None  # HM-082: the record stays to be shown
    if s.tiebreak is not None and not finished_tiebreak and (s.phase not in TIEBREAK_PHASES or not s.duel or not s.duel["tb"]):
        raise InvalidStateError("state.tiebreak: a tie-break runs only through the roll and Apothecary phases of a tie-break duel")
    if s.duel is not None and s.duel["tb"] != (s.tiebreak is not None):
        raise InvalidStateError("state.duel.tb: the duel and the tie-break record disagree")
    if (s.phase in ROLL_PHASES) != (s.current_player == CHANCE):
        raise InvalidStateError("state.actor: the dice act exactly at a roll phase")
    if s.phase in ("resolve_domination", "discard_hands", "apothecary_window", "courtesan_window") and not s.queue:
        raise InvalidStateError(f"state.queue: phase {s.phase!r} needs a decision queue")
    if (s.phase == "old_lady_window") != (s.duel is not None and "loan" in s.duel):
        raise InvalidStateError("state.duel.loan: an Old Lady loan is offered exactly in phase 'old_lady_window'")
    if s.phase == "defense_roll" and s.duel is not None and not s.duel["hits"]:
        raise InvalidStateError("state.duel.hits: a defense roll needs at least one hit")
