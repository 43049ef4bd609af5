"""The Hemloch position: what is on the table, how it is copied and how it is saved. No rules here
(they are in legality.py and transitions.py, reached through the `Game` record).

Cards are minion indices into `data.minions` (copies repeat). Seats are 0 and 1 (people read
"Player 1" and "Player 2"). Pending choices (an ability's Marker, an Influence Check placement, a
retreat, ...) wait in `tasks`, first one first; `stage` says where the Day/Night/Week flow stands.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hench.core import CHANCE, InvalidStateError, State
from hench.core.schema import Reader, check_int, check_str

from .data import ITEMS, LOCATIONS, SIDES, HemlochData, HemlochDataError, data_from_document, default_data
from .phases import CHOICE_PHASE

PLAYERS = 2  # A16
STAGES = ("draft", "reveal", "turn", "day_check", "weeks_end_check", "retreat", "swap", "over")
CHOICE_TASKS = ("mark", "festival", "steal", "recall", "scepter", "retreat", "swap", "keep")
AUTO_TASKS = ("draw", "gain", "discard", "influence")
TASK_SHAPES = {  # name -> ranges of the fields after the name ("seat", "loc", or (lo, hi))
    "mark": ("seat", "loc", (0, 1)), "festival": ("seat",), "steal": ("seat",), "recall": ("seat", "loc"),
    "scepter": ("seat",), "retreat": ("seat", "loc", (1, 60)), "swap": ("seat",), "keep": ("seat",),
    "draw": ("seat", (1, 2)), "gain": ("seat", (0, 2)), "discard": ("seat",), "influence": ("loc",),
}
MAX_TASKS, MAX_WEEKS, MAX_ACTIONS = 40, 9, 9
DRAFT_PACK = 6  # HL-089


class HemlochState(State):
    """A Hemloch position. Use `hench.get_game("hemloch").new_game(seed=1)` to make one."""

    data: HemlochData
    events: list[str]

    def __init__(self) -> None:  # fields are filled by game.start / from_dict
        self._legal = None
        self._owned: set | None = None  # None: every inner list is this state's own (see `successor`)
        self.events = []

    # -- who acts ---------------------------------------------------------------------------------
    @property
    def phase(self) -> str:  # type: ignore[override]
        if self.stage == "over":
            return "game_over"
        if self.tasks:
            task = self.tasks[0]
            if task[0] == "mark":
                return "influence_check" if task[3] else "ability_mark"
            return CHOICE_PHASE[task[0]]
        return "reveal_week_card" if self.stage == "reveal" else "turn_actions"

    @property
    def current_player(self) -> int | None:  # type: ignore[override]
        if self.stage == "over":
            return None
        if self.tasks:
            return self.tasks[0][1]
        return CHANCE if self.stage == "reveal" else self.active

    @property
    def is_terminal(self) -> bool:
        """`current_player is None`, which is so exactly when the stage is 'over' (read directly)."""
        return self.stage == "over"

    @property
    def other(self) -> int:
        return 1 - self.start

    # -- derived counts -----------------------------------------------------------------------------
    def markers_left(self, seat: int) -> int:
        """HL-006: 15 Markers each, minus those placed."""
        return self.data.markers - sum([row.count(seat) for row in self.spaces])

    def empty_spaces(self, loc: int) -> list[int]:
        return [i for i, owner in enumerate(self.spaces[loc]) if owner < 0]

    def influence(self, loc: int, seat: int) -> int:
        """HL-076, HL-077: Influence Values of the seat's Minions there, +1 for each at its Home."""
        home = self.data.locations[loc].home
        minions = self.data.minions
        return sum(minions[c].influence + (minions[c].faction == home) for c in self.board[loc][seat])

    def activating(self, loc: int) -> int:
        return self.data.locations[loc].side(self.sides[loc]).activating

    def location_ability(self, loc: int) -> str:
        return self.data.locations[loc].side(self.sides[loc]).ability

    def check_order(self) -> list[int]:
        """HL-075, A6, M10: from the Start Player's left; Player 1 sits with Location 0 on the left."""
        order = list(range(LOCATIONS))
        return order if self.start == 0 else order[::-1]

    def days_in_week_deck(self) -> int:
        return sum(self.data.is_day(c) for c in self.week_deck + self.revealed)

    # -- copying ------------------------------------------------------------------------------------
    def successor(self) -> HemlochState:
        """The copy `apply` hands to the transition: only the task list is copied; every other list
        (hands, decks, discards, the board, Marker rows, Items, the Week cards, ...) is shared until the
        transition writes to it through the `w_*` writers or replaces it, which copy it first."""
        s = object.__new__(HemlochState)
        d = s.__dict__
        d.update(self.__dict__)
        d["_legal"], d["_owned"], d["events"], d["tasks"] = None, set(), [], list(self.tasks)
        return s

    def _own(self, attr: str, i: int) -> list:
        """`attr[i]` made this state's own: the outer list copied once, then the inner one once."""
        outer = self.__dict__[attr]
        owned = self._owned
        if owned is None:
            return outer[i]
        key = (attr, i)
        if key not in owned:
            if attr not in owned:
                outer = self.__dict__[attr] = list(outer)
                owned.add(attr)
            outer[i] = list(outer[i])
            owned.add(key)
        return outer[i]

    def w_list(self, attr: str) -> list:
        """A flat list field (played, week_deck, revealed, day_supply, boxed, supply, pool) made this state's own."""
        owned = self._owned
        if owned is not None and attr not in owned:
            self.__dict__[attr] = list(self.__dict__[attr])
            owned.add(attr)
        return self.__dict__[attr]

    def w_hand(self, seat: int) -> list[int]:
        return self._own("hands", seat)

    def w_deck(self, seat: int) -> list[int]:
        return self._own("decks", seat)

    def w_discards(self, seat: int) -> list[int]:
        return self._own("discards", seat)

    def w_side(self, loc: int, seat: int) -> list[int]:
        owned = self._owned
        if owned is None:
            return self.board[loc][seat]
        key = ("side", loc, seat)
        if key not in owned:
            self._own("board", loc)[seat] = list(self.board[loc][seat])
            owned.add(key)
        return self.board[loc][seat]

    def w_spaces(self, loc: int) -> list[int]:
        return self._own("spaces", loc)

    def w_items(self, seat: int) -> list[list[int]]:
        owned = self._owned
        if owned is None:
            return self.items[seat]
        key = ("item pairs", seat)
        if key not in owned:
            mine = self._own("items", seat)
            mine[:] = [list(pair) for pair in mine]
            owned.add(key)
        return self.items[seat]

    def w_pack(self, seat: int) -> list[int]:
        return self._own("packs", seat)

    def w_kept(self, seat: int) -> list[int]:
        return self._own("kept", seat)

    def clone(self) -> HemlochState:
        s = object.__new__(HemlochState)
        s.__dict__.update(self.__dict__)
        s._legal, s._owned = None, None
        s.events = []
        s.played = list(self.played)
        s.week_deck, s.revealed = list(self.week_deck), list(self.revealed)
        s.day_supply, s.boxed = list(self.day_supply), list(self.boxed)
        s.hands, s.decks, s.discards = [list(h) for h in self.hands], [list(d) for d in self.decks], [list(d) for d in self.discards]
        s.board = [[list(m) for m in loc] for loc in self.board]
        s.spaces = [list(row) for row in self.spaces]
        s.items = [[list(k) for k in seat] for seat in self.items]
        s.supply = list(self.supply)
        s.tasks = list(self.tasks)
        s.ended = list(self.ended)
        s.pool, s.packs, s.kept = list(self.pool), [list(p) for p in self.packs], [list(k) for k in self.kept]
        return s

    # -- saving -------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "data": self.data.raw, "sides": list(self.sides), "end_after_weeks_end": self.end_after_weeks_end,
            "zero_tie_places": self.zero_tie_places, "score_scepters": self.score_scepters, "draft": self.draft, "stage": self.stage, "week": self.week,
            "start": self.start, "active": self.active, "actions": self.actions, "item_used": self.item_used,
            "played": list(self.played), "week_deck": list(self.week_deck), "revealed": list(self.revealed),
            "day_supply": list(self.day_supply), "boxed": list(self.boxed), "festival": self.festival,
            "hands": [list(h) for h in self.hands], "decks": [list(d) for d in self.decks],
            "discards": [list(d) for d in self.discards], "board": [[list(m) for m in loc] for loc in self.board],
            "spaces": [list(row) for row in self.spaces], "items": [[list(k) for k in seat] for seat in self.items],
            "supply": list(self.supply), "tasks": [list(t) for t in self.tasks], "ended": list(self.ended),
            "draft_round": self.draft_round, "pool": list(self.pool), "packs": [list(p) for p in self.packs],
            "kept": [list(k) for k in self.kept], "rng": self.rng,
        }

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> HemlochState:
        r = Reader(doc)
        raw = r.raw("data")
        try:
            data = default_data() if raw is None else data_from_document(raw, "state.data")
        except HemlochDataError as exc:
            raise InvalidStateError(f"state.data: {exc}") from None
        s = cls()
        s.data = data
        n_cards, n_weeks = len(data.minions), 2 * len(data.week)

        def cards(v: Any, p: str) -> list[int]:
            if not isinstance(v, list):
                raise InvalidStateError(f"{p} should be a list of card numbers")
            return [check_int(c, f"{p}[{i}]", 0, n_cards - 1) for i, c in enumerate(v)]

        def per_seat(key: str) -> list[list[int]]:
            return r.list(key, cards, PLAYERS, PLAYERS)

        def weeks(key: str) -> list[int]:
            return r.list(key, lambda v, p: check_int(v, p, 0, n_weeks - 1), 0, n_weeks)

        s.sides = tuple(r.list("sides", lambda v, p: check_str(v, p, SIDES), LOCATIONS, LOCATIONS))
        s.end_after_weeks_end, s.zero_tie_places, s.draft = r.bool("end_after_weeks_end"), r.bool("zero_tie_places"), r.bool("draft")
        s.score_scepters = r.bool("score_scepters")
        s.stage, s.week = r.str("stage", STAGES), r.int("week", 1, MAX_WEEKS)
        s.start, s.active = r.int("start", 0, 1), r.int("active", -1, 1)
        s.actions, s.item_used = r.int("actions", 0, MAX_ACTIONS), r.bool("item_used")
        s.played = r.list("played", lambda v, p: check_int(v, p, 0, LOCATIONS - 1), 0, LOCATIONS)
        s.week_deck, s.revealed, s.day_supply, s.boxed = weeks("week_deck"), weeks("revealed"), weeks("day_supply"), weeks("boxed")
        s.festival = r.int("festival", -1, LOCATIONS - 1)
        s.hands, s.decks, s.discards = per_seat("hands"), per_seat("decks"), per_seat("discards")
        s.board = r.list("board", lambda v, p: _seat_lists(v, p, cards), LOCATIONS, LOCATIONS)
        s.spaces = [r.list("spaces", None, LOCATIONS, LOCATIONS)][0]
        s.spaces = [_owners(v, f"state.spaces[{i}]", len(data.locations[i].spaces)) for i, v in enumerate(s.spaces)]
        s.items = r.list("items", _seat_items, PLAYERS, PLAYERS)
        s.supply = r.list("supply", lambda v, p: check_int(v, p, 0, data.item_count), len(ITEMS), len(ITEMS))
        s.tasks = r.list("tasks", _task, 0, MAX_TASKS)
        s.ended = r.list("ended", lambda v, p: check_str(v, p, ENDS), 0, len(ENDS))
        s.draft_round = r.int("draft_round", 0, 5)
        s.pool = r.list("pool", lambda v, p: check_int(v, p, 0, n_cards - 1), 0, 2 * data.deck_size)
        s.packs, s.kept = per_seat("packs"), per_seat("kept")
        s.rng = r.int("rng", 0, 2**64 - 1)
        r.done()
        return s

    def winners(self) -> list[int]:
        """HL-085..HL-087: the higher score, then more placed Markers, else a shared win ([] before the end)."""
        if not self.is_terminal:
            return []
        from .scoring import winners

        return winners(self)

    def notation(self) -> str:
        from .render import notation

        return notation(self.observation(None))

    def _repr_html_(self) -> str:
        from .render import html

        return html(self.observation(None))


ENDS = ("HL-043", "HL-044", "HL-045", "HL-046", "HL-047")


def _seat_lists(v: Any, p: str, cards: Any) -> list[list[int]]:
    if not isinstance(v, list) or len(v) != PLAYERS:
        raise InvalidStateError(f"{p} should be a list of {PLAYERS} lists of cards")
    return [cards(x, f"{p}[{i}]") for i, x in enumerate(v)]


def _owners(v: Any, p: str, n: int) -> list[int]:
    if not isinstance(v, list) or len(v) != n:
        raise InvalidStateError(f"{p} should list the owner (-1, 0 or 1) of each of its {n} Influence Spaces")
    return [check_int(x, f"{p}[{i}]", -1, PLAYERS - 1) for i, x in enumerate(v)]


def _seat_items(v: Any, p: str) -> list[list[int]]:
    if not isinstance(v, list) or len(v) != len(ITEMS):
        raise InvalidStateError(f"{p} should hold [face up, face down] counts of each of {list(ITEMS)}")
    out = []
    for k, pair in enumerate(v):
        if not isinstance(pair, list) or len(pair) != 2:
            raise InvalidStateError(f"{p}[{k}] should be [face up, face down]")
        out.append([check_int(x, f"{p}[{k}][{j}]", 0, 12) for j, x in enumerate(pair)])
    return out


def _task(v: Any, p: str) -> tuple:
    if not isinstance(v, list) or not v or v[0] not in TASK_SHAPES or len(v) != 1 + len(TASK_SHAPES[v[0]]):
        raise InvalidStateError(f"{p} should be a pending task such as ['mark', seat, location, 0]")
    out: list[Any] = [v[0]]
    for i, (shape, x) in enumerate(zip(TASK_SHAPES[v[0]], v[1:])):
        lo, hi = (0, PLAYERS - 1) if shape == "seat" else (0, LOCATIONS - 1) if shape == "loc" else shape
        out.append(check_int(x, f"{p}[{i + 1}]", lo, hi))
    return tuple(out)


def validate_state(s: HemlochState) -> None:
    """The invariants a save must keep: cards, Markers, Items and Week cards are conserved, and the
    flow fields agree with the stage. Raises InvalidStateError naming the field."""
    d = s.data
    full = Counter(d.deck)
    if s.draft and s.stage == "draft":
        everything = Counter(s.pool) + sum((Counter(x) for x in s.packs + s.kept), Counter())
        if everything != full + full:
            raise InvalidStateError("state.pool/packs/kept: the Draft pool must hold both 30-card decks (HL-088)")
    for seat in range(PLAYERS):
        mine = Counter(s.hands[seat]) + Counter(s.decks[seat]) + Counter(s.discards[seat])
        for loc in s.board:
            mine += Counter(loc[seat])
        if s.stage != "draft" and (mine != full if not s.draft else sum(mine.values()) != d.deck_size):
            raise InvalidStateError(f"state.hands/decks/discards/board: Player {seat + 1}'s cards are not one "
                                    f"{d.deck_size}-card deck (HL-017)")
        if s.markers_left(seat) < 0:
            raise InvalidStateError(f"state.spaces: Player {seat + 1} has more than {d.markers} Markers placed (HL-006)")
    if s.draft and s.stage == "draft" and any(s.hands + s.decks + s.discards + [m for loc in s.board for m in loc]):
        raise InvalidStateError("state: during the Draft nobody holds a deck yet (HL-090)")
    if not s.draft and (s.pool or any(s.packs) or any(s.kept) or s.draft_round):
        raise InvalidStateError("state.pool/packs/kept: only the Draft variant uses them (HL-088)")
    for k in range(len(ITEMS)):
        if s.supply[k] + sum(sum(s.items[seat][k]) for seat in range(PLAYERS)) != d.item_count:
            raise InvalidStateError(f"state.supply/items: there are {d.item_count} {ITEMS[k]}s in all (HL-028)")
    _validate_week(s)
    _validate_flow(s)


def _validate_week(s: HemlochState) -> None:
    k = len(s.data.week)
    cards = s.week_deck + s.revealed + s.day_supply + s.boxed
    if sorted(cards) != list(range(2 * k)):
        raise InvalidStateError("state.week_deck/revealed/day_supply/boxed: each of the 8 Week cards is in exactly one place")
    in_play = set(s.week_deck + s.revealed)
    if len(in_play) != k or any((i in in_play) == (i + k in in_play) for i in range(k)):
        raise InvalidStateError("state.week_deck: it holds 4 cards, one of each Night/Day pair (HL-035, HL-040)")
    if any(c < k for c in s.day_supply) or any(c >= k for c in s.boxed):
        raise InvalidStateError("state.day_supply/boxed: Days wait in the supply, Nights go to the box (HL-008, HL-072)")
    if s.week > len(s.boxed) + 1:
        raise InvalidStateError("state.week: every Week's End boxes one Night, so the Week is at most the boxed Nights + 1 (HL-072)")
    if sorted(s.week_deck) != s.week_deck:
        raise InvalidStateError("state.week_deck: kept sorted (its order is drawn when a card is revealed)")


def _validate_flow(s: HemlochState) -> None:
    if len(set(s.played)) != len(s.played):
        raise InvalidStateError("state.played: each Location once (HL-058)")
    if s.stage == "over":
        if s.tasks or not s.ended:
            raise InvalidStateError("state: a finished game has no pending task and names its end condition")
        return
    if s.ended:
        raise InvalidStateError("state.ended: only a finished game names an end condition")
    if s.stage == "draft" and (not s.draft or not s.tasks):
        raise InvalidStateError("state.stage: the Draft waits on a pick")
    if s.stage == "reveal" and (not s.week_deck or s.tasks):
        raise InvalidStateError("state.stage: a Week card is revealed only from a non-empty Week deck")
    if s.stage == "turn" and (s.active < 0 or (not s.tasks and s.actions < 1)):
        raise InvalidStateError("state.active/actions: a turn in progress has a player and Actions left")
    if s.stage in ("turn", "day_check") and not s.revealed:
        raise InvalidStateError("state.revealed: a turn happens after a Week card is revealed (HL-050)")
    if s.stage in ("day_check", "weeks_end_check", "retreat", "swap", "draft") and not s.tasks:
        raise InvalidStateError(f"state.tasks: the {s.stage} stage waits on a pending choice")
    if s.tasks and s.tasks[0][0] not in CHOICE_TASKS:
        raise InvalidStateError("state.tasks: the first pending task must be a choice")
    if s.festival < 0 and s.stage not in ("draft", "reveal"):
        raise InvalidStateError("state.festival: the Festival is on a Location once a Week card is revealed (HL-038)")
