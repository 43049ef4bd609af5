"""The Henchmania position (`HMState`): fields, small read-only queries, cloning and saving. No rules here:
legality is in legality.py, the effects of actions in transitions.py, views in render.py.

A state holds everything (the referee's view); `state.observation(seat)` is what one seat may know.
The dice are chance nodes; shuffles, Brawl's random discard and picking a card by its back use the
state's own seeded generator (`rng`, saved with the state).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypedDict

from hench.core import CHANCE, InvalidStateError, State
from hench.core.chance import chance_actions
from hench.core.errors import HenchError
from hench.core.schema import Reader, check_int, check_str

from .data import BUILTIN, CardDef, GameData, builtin, from_document
from .options import OPTIONS
from .phases import DUEL_PHASES, PHASES, ROLL_PHASES, TIEBREAK_PHASES

# The rule modules' dispatch tables, filled in by game.py (they import this module, not the reverse): the
# move generator of each phase (legality.BY_PHASE) and the handler of each action class (transitions.HANDLERS).
MOVES: dict[str, Callable[[HMState], Sequence[Any]]] = {}
HANDLERS: dict[type, Callable[[HMState, Any], None]] = {}
DUEL_KEYS = ("att", "dfn", "glove", "guard", "aw", "dw", "aw_done", "hits", "wounds", "tb")


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


class TieBreak(TypedDict):
    """`state.tiebreak` from the start of tie-break duels (HM-080..084); it stays after the end to be shown."""

    pair: list[int]  # the two tied seats, the first attacks first
    wounds: list[int]  # wounds each has inflicted in this round
    leg: int  # 0: the first attacks, 1: the second
    round: int


class HMState(State):
    """A Henchmania position. Seats are 0..n-1 in clockwise order (M13); `phase` an id of PHASES."""

    data: GameData
    opts: dict[str, Any]
    n: int
    day: int
    last_day: int
    badge: int
    scores_: list[int]
    turn: int
    # The seat to act, CHANCE at a dice roll, None once the game is over: stored as the core's plain
    # `current_player` with `is_terminal` beside it (both read on every move by the core's playout loop;
    # plain attributes are much quicker there than properties). `actor` sets the two together.
    current_player: int | None
    is_terminal: bool = False  # the core's property, stored here (kept by `actor`)
    piles: list[list[int]]  # per site, card ids, the top card last
    discards: list[list[int]]  # per site, in the order discarded (display only, HM-069)
    hands: list[list[int]]
    reserves: list[list[int]]
    trumps: list[int | None]
    exhausted: set[int]  # turned cards
    pawns: list[list[int]]  # per site, pawns per seat
    to_place: list[int]
    held: list[list[int]]  # per seat, the owners of the pawns they took (A8)
    passed: list[bool]
    queue: list[Any]  # pending decisions: [seat, site], [seat, "apothecary"/"courtesan"] or a seat (see _queue_item)
    duel: Duel | None
    tiebreak: TieBreak | None
    winner: int | None
    events: list[str]
    _mine: set[int] | None

    def __init__(self, data: GameData, opts: dict[str, Any], n: int):
        self.data, self.opts, self.n = data, opts, n
        self.day, self.last_day, self.badge = 1, opts["days"], 0
        self.scores_ = [data.values["start_score"]] * n
        self.phase, self.turn = "game_setup", 0
        self.actor = 0
        sites = len(data.site_names)
        self.piles = [[] for _ in range(sites)]
        self.discards = [[] for _ in range(sites)]
        self.hands = [[] for _ in range(n)]
        self.reserves = [[] for _ in range(n)]
        self.trumps = [None] * n
        self.exhausted = set()
        self.pawns = [[0] * n for _ in range(sites)]
        self.to_place = [0] * n
        self.held = [[] for _ in range(n)]
        self.passed = [False] * n
        self.queue = []
        self.duel = None
        self.tiebreak = None
        self.winner = None
        self.rng = 0
        self.events: list[str] = []
        self._legal = None
        self._mine = None  # None: every inner list is this state's own (see `own`)
        # A plain (combined) attribute dict, not the class's shared-key (split) one: `successor` and `clone`
        # copy it, so every later state has the same kind, and CPython 3.11 specializes attribute access
        # only on one kind (mixing them leaves the hot paths' attribute reads unspecialized, ~8% slower).
        self.__dict__ = dict(self.__dict__)

    def successor(self) -> HMState:
        """The copy `apply` hands to the transition: copy-on-write, the inner lists (piles, hands, reserves,
        pawns, held) stay shared with this state until the transition first changes one (`own`)."""
        s = object.__new__(HMState)
        # scores_, trumps, to_place, passed, queue and exhausted are shared: transitions replace them, never
        # change them in place
        d = self.__dict__.copy()
        d["piles"], d["discards"] = [*self.piles], [*self.discards]
        d["hands"], d["reserves"] = [*self.hands], [*self.reserves]
        d["pawns"], d["held"] = [*self.pawns], [*self.held]
        duel = self.duel
        if duel is not None:
            d["duel"] = duel.copy()
            if self.tiebreak is not None:  # a tie-break is played only through duels
                d["tiebreak"] = {**self.tiebreak, "pair": list(self.tiebreak["pair"]), "wounds": list(self.tiebreak["wounds"])}
        d["events"], d["_legal"], d["_mine"] = [], None, set()
        s.__dict__ = d
        return s

    def clone(self) -> HMState:
        """A copy sharing the data, options and immutable fields; only changing containers are copied."""
        s = object.__new__(HMState)
        d = self.__dict__.copy()
        copy = list.copy
        d["scores_"], d["trumps"] = self.scores_[:], self.trumps[:]
        d["piles"], d["discards"] = list(map(copy, self.piles)), list(map(copy, self.discards))
        d["hands"], d["reserves"] = list(map(copy, self.hands)), list(map(copy, self.reserves))
        d["pawns"], d["held"] = list(map(copy, self.pawns)), list(map(copy, self.held))
        d["to_place"], d["passed"], d["queue"] = self.to_place[:], self.passed[:], self.queue[:]
        d["exhausted"] = set(self.exhausted)
        if self.duel is not None:
            d["duel"] = self.duel.copy()
        if self.tiebreak is not None:
            d["tiebreak"] = {**self.tiebreak, "pair": list(self.tiebreak["pair"]), "wounds": list(self.tiebreak["wounds"])}
        d["events"], d["_legal"], d["_mine"] = [], None, None
        s.__dict__ = d
        return s

    # -- the core's hooks, dispatched directly (the playout hot path) ----------------------
    def _legal_actions(self) -> list[Any]:
        """What `game.legal` (legality.legal_actions) gives, without the indirections of the core's default."""
        actor = self.current_player
        if actor is None:
            return []
        if actor == CHANCE:
            return chance_actions(self._chance_outcomes())
        moves = MOVES[self.phase](self)
        return moves if type(moves) is list else list(moves)  # a fresh list is not copied again

    def _apply_in_place(self, action: Any) -> None:
        """What `game.transition` (transitions.apply) does: the handler of the action's class."""
        HANDLERS[type(action)](self, action)

    # -- the uniform API ---------------------------------------------------------------
    @property
    def actor(self) -> int | None:
        """The seat to act, CHANCE at a dice roll, None once the game is over (`current_player`)."""
        return self.current_player

    @actor.setter
    def actor(self, seat: int | None) -> None:
        self.current_player = seat
        self.is_terminal = seat is None

    def winners(self) -> list[int]:
        """The winning seat (after tie-break duels if needed); [] before the end (HM-008, HM-082)."""
        return [] if self.current_player is not None or self.winner is None else [self.winner]

    @property
    def num_players(self) -> int:
        return self.n

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
        names = list(map(self.data.name_of.__getitem__, cards))
        if name not in names:
            return None
        k = names.index(name)
        cid = cards[k]
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

    # -- display (built from the observation in render.py) ---------------------------------
    def notation(self) -> str:
        from .render import notation

        return notation(self.observation(None))

    def _repr_html_(self) -> str:
        from .render import html

        return html(self)

    # -- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        duel = self.duel
        return {
            "data": self.data.document if self.data.document is not None else BUILTIN,
            "options": dict(self.opts), "players": self.n, "day": self.day, "last_day": self.last_day,
            "badge": self.badge, "scores": list(self.scores_), "phase": self.phase, "turn": self.turn,
            "actor": self.actor, "piles": [list(p) for p in self.piles], "discards": [list(p) for p in self.discards],
            "hands": [list(h) for h in self.hands], "reserves": [list(r) for r in self.reserves],
            "trumps": list(self.trumps), "exhausted": sorted(self.exhausted), "pawns": [list(p) for p in self.pawns],
            "to_place": list(self.to_place), "held": [list(h) for h in self.held], "passed": list(self.passed),
            "queue": [q if isinstance(q, int) else list(q) for q in self.queue],
            "duel": None if duel is None else dict(duel),  # its keys are DUEL_KEYS, in that order
            "tiebreak": None if self.tiebreak is None else {**self.tiebreak, "pair": list(self.tiebreak["pair"]),
                                                            "wounds": list(self.tiebreak["wounds"])},
            "winner": self.winner, "rng": self.rng, "events": list(self.events),
        }

    @classmethod
    def from_dict(cls, doc: Any) -> HMState:
        r = Reader(doc)
        opts = _options(r.obj("options"))
        data = _data(r.raw("data"))
        n = r.int("players", 2, 5)
        s = cls(data, opts, n)
        ncards, nsites = len(data.deck), len(data.site_names)
        card = lambda v, p: check_int(v, p, 0, ncards - 1)
        cards = lambda v, p: [card(x, f"{p}[{i}]") for i, x in enumerate(_list(v, p))]
        s.day, s.last_day, s.badge = r.int("day", 1, 1000), r.int("last_day", 1, 1000), r.int("badge", 0, n - 1)
        s.scores_ = r.list("scores", lambda v, p: check_int(v, p, -10**6, 10**6), n, n)
        s.phase = r.str("phase", [p for p in PHASES.ids if p not in ("game_setup", "end_of_day", "tiebreak_duels")])
        s.turn, s.actor = r.int("turn", 0, n - 1), r.optional_int("actor", CHANCE, n - 1)
        s.piles, s.discards = r.list("piles", cards, nsites, nsites), r.list("discards", cards, nsites, nsites)
        s.hands, s.reserves = r.list("hands", cards, n, n), r.list("reserves", cards, n, n)
        s.trumps = r.list("trumps", lambda v, p: None if v is None else card(v, p), n, n)
        s.exhausted = set(r.list("exhausted", card))
        pawns = data.values["pawns_per_player"]
        s.pawns = r.list("pawns", lambda v, p: [check_int(x, p, 0, pawns) for x in _list(v, p, n)], nsites, nsites)
        s.to_place = r.list("to_place", lambda v, p: check_int(v, p, 0, pawns), n, n)
        s.held = r.list("held", lambda v, p: [check_int(x, p, 0, n - 1) for x in _list(v, p)], n, n)
        s.passed = r.list("passed", _bool, n, n)
        s.queue = r.list("queue", lambda v, p: _queue_item(v, p, s.phase, n, nsites))
        s.duel, s.tiebreak = _duel(r.raw("duel"), n, ncards), _tiebreak(r.raw("tiebreak"), n)
        s.winner = r.optional_int("winner", 0, n - 1)
        s.rng = r.int("rng", 0, 2**64 - 1)
        s.events = r.list("events", check_str)
        r.done()
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
    hits, wounds = r.int("hits", 0, 20), r.int("wounds", 0, 20)
    d = Duel(att=att, dfn=dfn, glove=glove, guard=guard, aw=aw, dw=dw, aw_done=aw_done, hits=hits, wounds=wounds,
             tb=r.bool("tb"))
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
                  wounds=r.list("wounds", lambda x, p: check_int(x, p, 0, 100), 2, 2),
                  leg=r.int("leg", 0, 1), round=r.int("round", 1, 10**6))
    r.done()
    return tb


def own(s: HMState, outer: list[list[int]], i: int) -> list[int]:
    """The inner list `outer[i]` (outer one of `s`'s piles/discards/hands/reserves/pawns/held), made `s`'s own
    first if it is still shared with the state `s` was copied from (`successor`). Transitions change inner
    lists only through this (a function, not a method: the playout hot path)."""
    x = outer[i]
    mine = s._mine
    if mine is not None and id(x) not in mine:
        x = outer[i] = [*x]
        mine.add(id(x))
    return x


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
        on_board = sum(row[seat] for row in s.pawns) + sum(h.count(seat) for h in s.held)
        if on_board + s.to_place[seat] > per:
            raise InvalidStateError(f"state.pawns: Player {seat + 1} has {on_board + s.to_place[seat]} pawns in play and "
                                    f"to place; each player has {per}")
    if s.phase == "set_henchmen" and s.actor is not None and s.actor >= 0 and not s.placements_left(s.actor):
        raise InvalidStateError("state.to_place: the player to place has no pawn left")
    if len(s.reserves) and max(map(len, s.reserves)) > s.data.values["reserve_limit"]:
        raise InvalidStateError(f"state.reserves: a Reserve holds at most {s.data.values['reserve_limit']} cards")
    if s.day > s.last_day:
        raise InvalidStateError(f"state.day: day {s.day} is after the last day {s.last_day}")


def _turn(s: HMState) -> None:
    over = s.phase == "game_end"
    if over != (s.actor is None) or over != (s.winner is not None):
        raise InvalidStateError("state.phase: only a finished game ('game_end') has no player to act and a winner")
    if (s.phase in DUEL_PHASES) != (s.duel is not None):
        raise InvalidStateError(f"state.duel: phase {s.phase!r} does not match the duel record")
    finished_tiebreak = s.tiebreak is not None and over and s.duel is None  # HM-082: the record stays to be shown
    if s.tiebreak is not None and not finished_tiebreak and (s.phase not in TIEBREAK_PHASES or not s.duel or not s.duel["tb"]):
        raise InvalidStateError("state.tiebreak: a tie-break runs only through the roll and Apothecary phases of a tie-break duel")
    if s.duel is not None and s.duel["tb"] != (s.tiebreak is not None):
        raise InvalidStateError("state.duel.tb: the duel and the tie-break record disagree")
    if (s.phase in ROLL_PHASES) != (s.actor == CHANCE):
        raise InvalidStateError("state.actor: the dice act exactly at a roll phase")
    if s.phase in ("resolve_domination", "discard_hands", "apothecary_window", "courtesan_window") and not s.queue:
        raise InvalidStateError(f"state.queue: phase {s.phase!r} needs a decision queue")
    if s.phase == "defense_roll" and s.duel is not None and not s.duel["hits"]:
        raise InvalidStateError("state.duel.hits: a defense roll needs at least one hit")
