"""The Hemloch position: its fields, declared once (hench.core.FieldState builds clone, copy-on-write
successor, save and checked load from them). No rules here: they are in legality.py and transitions.py,
the views in render.py.

Cards are minion indices into `data.minions` (copies repeat). Seats are 0 and 1 (people read "Player 1"
and "Player 2"). Pending steps (an ability's Marker, an Influence Check placement, a retreat, ...) wait in
`tasks`, first one first; `stage` says where the Day/Night/Week flow stands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import repeat
from typing import Any, NamedTuple

from hench.core import CHANCE, InvalidStateError, seat_name
from hench.core.fields import LIST, ROWS, TEMP, Field, Fields, FieldState, data_field
from hench.core.schema import Reader, check_int, check_str

from .actions import HLAction
from .data import ITEMS, LOCATIONS, SIDES, HemlochData, HemlochDataError, data_from_document, default_data
from .phases import CHOICE_PHASE
from .tables import Tables, tables_for

PLAYERS = 2  # A16
STAGES = ("draft", "reveal", "turn", "day_check", "weeks_end_check", "retreat", "swap", "over")
CHOICE_TASKS = ("mark", "festival", "steal", "recall", "scepter", "retreat", "swap", "keep", "flip")
AUTO_TASKS = ("draw", "gain", "discard", "influence")
ENDS = ("HL-043", "HL-044", "HL-045", "HL-046", "HL-047")
END_WORDS = {"HL-043": "a player has placed all their Markers", "HL-044": "two Locations are full",  # each end, in words
             "HL-045": "every Item is taken", "HL-046": "a Minion deck has run out", "HL-047": "the Week deck holds 4 Days"}
MAX_TASKS, MAX_WEEKS, MAX_ACTIONS = 40, 9, 9
DRAFT_PACK = 6  # HL-089


class Task(NamedTuple):
    """A pending step: `name` (one of CHOICE_TASKS or AUTO_TASKS), the seat that chooses or is concerned
    (-1: none), the Location (-1: none) and a count (a mark's 1 for an Influence Check and 0 for an ability,
    the Minions left to retreat, the cards to draw, the Item kind to gain)."""

    name: str
    seat: int = -1
    loc: int = -1
    n: int = 0


# A task's save form, [name, *fields]: which fields each task has, and their ranges (None: a seat or Location).
TASK_SHAPES: dict[str, tuple[tuple[str, tuple[int, int] | None], ...]] = {
    "mark": (("seat", None), ("loc", None), ("n", (0, 1))), "festival": (("seat", None),), "steal": (("seat", None),),
    "recall": (("seat", None), ("loc", None)), "scepter": (("seat", None),),
    "retreat": (("seat", None), ("loc", None), ("n", (1, 60))), "swap": (("seat", None),), "keep": (("seat", None),),
    "flip": (("seat", None), ("n", (0, len(ITEMS) - 1))),
    "draw": (("seat", None), ("n", (1, 2))), "gain": (("seat", None), ("n", (0, len(ITEMS) - 1))),
    "discard": (("seat", None),), "influence": (("loc", None),),
}
_TASK_RANGE = {"seat": (0, PLAYERS - 1), "loc": (0, LOCATIONS - 1)}


def task_form(task: Task) -> list[str | int]:
    """A task as its save (and observation) shows it: ['mark', seat, location, 1], ['influence', location], ..."""
    return [task.name, *(getattr(task, name) for name, _ in TASK_SHAPES[task.name])]


def _read_task(v: Any, p: str) -> Task:
    if not isinstance(v, list) or not v or v[0] not in TASK_SHAPES or len(v) != 1 + len(TASK_SHAPES[v[0]]):
        raise InvalidStateError(f"{p} should be a pending task such as ['mark', seat, location, 0]")
    values: dict[str, int] = {}
    for i, ((name, bounds), x) in enumerate(zip(TASK_SHAPES[v[0]], v[1:])):
        lo, hi = bounds or _TASK_RANGE[name]
        values[name] = check_int(x, f"{p}[{i + 1}]", lo, hi)
    return Task(v[0], **values)


class Sides(list[list[int]]):
    """A row of small lists (a Location's two sides of Minions, a seat's [face up, face down] Item pairs).
    Its `copy` copies the lists too, so the row copy of a ROWS field (`own_item`, `clone`) gives the
    transition a row of its own down to the last level."""

    def copy(self) -> Sides:
        return Sides([list(x) for x in self])


# -- reading a save, field by field (each check may use the fields read before it) --------------------------------
def _cards(s: HemlochState) -> Callable[[Any, str], list[int]]:
    top = len(s.data.minions) - 1

    def cards(v: Any, p: str) -> list[int]:
        if not isinstance(v, list):
            raise InvalidStateError(f"{p} should be a list of card numbers")
        return [check_int(c, f"{p}[{i}]", 0, top) for i, c in enumerate(v)]

    return cards


def _per_seat(key: str) -> Callable[[Reader, HemlochState], list[list[int]]]:
    return lambda r, s: r.list(key, _cards(s), PLAYERS, PLAYERS)


def _weeks(key: str) -> Callable[[Reader, HemlochState], list[int]]:
    def read(r: Reader, s: HemlochState) -> list[int]:
        top = 2 * len(s.data.week) - 1
        return r.list(key, lambda v, p: check_int(v, p, 0, top), 0, top + 1)

    return read


def _read_board(r: Reader, s: HemlochState) -> list[Sides]:
    cards = _cards(s)

    def sides(v: Any, p: str) -> Sides:
        if not isinstance(v, list) or len(v) != PLAYERS:
            raise InvalidStateError(f"{p} should be a list of {PLAYERS} lists of cards")
        return Sides(cards(x, f"{p}[{i}]") for i, x in enumerate(v))

    return r.list("board", sides, LOCATIONS, LOCATIONS)


def _read_spaces(r: Reader, s: HemlochState) -> list[list[int]]:
    rows: list[object] = r.list("spaces", None, LOCATIONS, LOCATIONS)
    return [_owners(v, f"state.spaces[{i}]", len(s.data.locations[i].spaces)) for i, v in enumerate(rows)]


def _owners(v: Any, p: str, n: int) -> list[int]:
    if not isinstance(v, list) or len(v) != n:
        raise InvalidStateError(f"{p} should list the owner (-1, 0 or 1) of each of its {n} Influence Spaces")
    return [check_int(x, f"{p}[{i}]", -1, PLAYERS - 1) for i, x in enumerate(v)]


def _seat_items(v: Any, p: str) -> Sides:
    if not isinstance(v, list) or len(v) != len(ITEMS):
        raise InvalidStateError(f"{p} should hold [face up, face down] counts of each of {list(ITEMS)}")
    out = Sides()
    for k, pair in enumerate(v):
        if not isinstance(pair, list) or len(pair) != 2:
            raise InvalidStateError(f"{p}[{k}] should be [face up, face down]")
        out.append([check_int(x, f"{p}[{k}][{j}]", 0, 12) for j, x in enumerate(pair)])
    return out


def _read_supply(r: Reader, s: HemlochState) -> list[int]:
    return r.list("supply", lambda v, p: check_int(v, p, 0, s.data.item_count), len(ITEMS), len(ITEMS))


def _read_pool(r: Reader, s: HemlochState) -> list[int]:
    top = len(s.data.minions) - 1
    return r.list("pool", lambda v, p: check_int(v, p, 0, top), 0, 2 * s.data.deck_size)


def _save_tasks(tasks: tuple[Task, ...]) -> list[list[str | int]]:
    return [task_form(t) for t in tasks]


FIELDS = Fields(
    data_field(default_data, lambda raw: data_from_document(raw, "state.data"), HemlochDataError),  # null: the placeholders
    Field("tables", read=lambda r, s: tables_for(s.data), saved=False),  # every action of this data, built once
    Field("sides", read=lambda r, s: tuple(r.list("sides", lambda v, p: check_str(v, p, SIDES), LOCATIONS, LOCATIONS))),
    Field("end_after_weeks_end", read=lambda r, s: r.bool("end_after_weeks_end")),
    Field("zero_tie_places", read=lambda r, s: r.bool("zero_tie_places")),
    Field("score_scepters", read=lambda r, s: r.bool("score_scepters")),
    Field("may_pass", read=lambda r, s: r.optional("may_pass") and r.bool("may_pass"), omit=lambda v: not v),  # HL-055
    Field("draft", read=lambda r, s: r.bool("draft")),
    Field("stage", read=lambda r, s: r.str("stage", STAGES)),
    Field("week", read=lambda r, s: r.int("week", 1, MAX_WEEKS)),
    Field("start", read=lambda r, s: r.int("start", 0, PLAYERS - 1)),
    Field("active", read=lambda r, s: r.int("active", -1, PLAYERS - 1)),
    Field("actions", read=lambda r, s: r.int("actions", 0, MAX_ACTIONS)),
    Field("item_used", read=lambda r, s: r.bool("item_used")),
    Field("played", read=lambda r, s: tuple(r.list("played", lambda v, p: check_int(v, p, 0, LOCATIONS - 1), 0, LOCATIONS))),
    Field("week_deck", LIST, read=_weeks("week_deck")),
    Field("revealed", LIST, read=_weeks("revealed")),
    Field("day_supply", LIST, read=_weeks("day_supply")),
    Field("boxed", LIST, read=_weeks("boxed")),
    Field("festival", read=lambda r, s: r.int("festival", -1, LOCATIONS - 1)),
    Field("hands", ROWS, read=_per_seat("hands")),
    Field("decks", ROWS, read=_per_seat("decks")),
    Field("discards", ROWS, read=_per_seat("discards")),
    Field("board", ROWS, read=_read_board),
    Field("spaces", ROWS, read=_read_spaces),
    Field("items", ROWS, read=lambda r, s: r.list("items", _seat_items, PLAYERS, PLAYERS)),
    Field("supply", LIST, read=_read_supply),
    Field("tasks", read=lambda r, s: tuple(r.list("tasks", _read_task, 0, MAX_TASKS)), save=_save_tasks),
    Field("ended", LIST, read=lambda r, s: r.list("ended", lambda v, p: check_str(v, p, ENDS), 0, len(ENDS))),
    Field("draft_round", read=lambda r, s: r.int("draft_round", 0, 5)),
    Field("pool", LIST, read=_read_pool),
    Field("packs", ROWS, read=_per_seat("packs")),
    Field("kept", ROWS, read=_per_seat("kept")),
    Field("rng", read=lambda r, s: r.int("rng", 0, 2**64 - 1)),
    Field("choice_moves", TEMP, default=lambda: None),  # the moves of the pending choice, once the transition found them
)


class HemlochState(FieldState):
    """A Hemloch position. Use `hench.get_game("hemloch").new_game(seed=1)` to make one.

    `board[loc]` holds the Minions of each seat there, `spaces[loc]` the owner of each Influence Space (-1:
    empty), `items[seat][kind]` [face up, face down]; `supply` the Items left of each kind. Options in force:
    `sides`, `draft`, `end_after_weeks_end`, `zero_tie_places`, `score_scepters`, `may_pass`.
    """

    FIELDS = FIELDS
    data: HemlochData
    tables: Tables
    sides: tuple[str, ...]
    end_after_weeks_end: bool
    zero_tie_places: bool
    score_scepters: bool
    may_pass: bool
    draft: bool
    stage: str
    week: int
    start: int
    active: int
    actions: int
    item_used: bool
    played: tuple[int, ...]  # the Locations played at this turn (HL-058)
    week_deck: list[int]
    revealed: list[int]
    day_supply: list[int]
    boxed: list[int]
    festival: int
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    board: list[Sides]
    spaces: list[list[int]]
    items: list[Sides]
    supply: list[int]
    tasks: tuple[Task, ...]  # pending steps, first one first (short: replaced, never changed in place)
    ended: list[str]
    draft_round: int
    pool: list[int]
    packs: list[list[int]]
    kept: list[list[int]]
    choice_moves: list[HLAction] | None  # a cache: the pending choice's moves (None: not known yet)

    # -- who acts ---------------------------------------------------------------------------------
    @property
    def phase(self) -> str:  # type: ignore[override]
        if self.stage == "over":
            return "game_over"
        if self.tasks:
            task = self.tasks[0]
            if task.name == "mark":
                return "influence_check" if task.n else "ability_mark"
            return CHOICE_PHASE[task.name]
        return "reveal_week_card" if self.stage == "reveal" else "turn_actions"

    @property
    def current_player(self) -> int | None:  # type: ignore[override]
        if self.stage == "over":
            return None
        if self.tasks:
            return self.tasks[0].seat
        return CHANCE if self.stage == "reveal" else self.active

    @property
    def is_terminal(self) -> bool:
        """`current_player is None`, which is so exactly when the stage is 'over' (read directly)."""
        return self.stage == "over"

    @property
    def other(self) -> int:
        return 1 - self.start

    def describe_action(self, action: object) -> str:
        """A move as a refusal names it: the Week card is turned over by the Start Player (HL-050), not the dice."""
        if self.stage == "reveal" and not self.tasks:
            return f"'{self.game.format_action(action)}' by {seat_name(self.start)} (the Start Player, turning over the Week card)"
        return super().describe_action(action)

    # -- derived counts -----------------------------------------------------------------------------
    def markers_left(self, seat: int) -> int:
        """HL-006: 15 Markers each, minus those placed."""
        return self.data.markers - sum(map(list.count, self.spaces, repeat(seat)))

    def empty_spaces(self, loc: int) -> list[int]:
        return [i for i, owner in enumerate(self.spaces[loc]) if owner < 0]

    def full_locations(self) -> int:
        """HL-044: how many Locations have no empty Influence Space."""
        return sum(-1 not in row for row in self.spaces)

    def influence(self, loc: int, seat: int) -> int:
        """HL-076, HL-077: Influence Values of the seat's Minions there, +1 for each at its Home."""
        return sum(map(self.tables.influence[loc].__getitem__, self.board[loc][seat]))

    def activating(self, loc: int) -> int:
        return self.data.locations[loc].side(self.sides[loc]).activating

    def location_ability(self, loc: int) -> str:
        return self.data.locations[loc].side(self.sides[loc]).ability

    def check_order(self) -> list[int]:
        """HL-075, A6, M10: from the Start Player's left; Player 1 sits with Location 0 on the left."""
        order = list(range(LOCATIONS))
        return order if self.start == 0 else order[::-1]

    def days_in_week_deck(self) -> int:
        nights = len(self.data.week)  # Week cards 0..k-1 are Nights, k.. their Days (HL-040)
        return sum(c >= nights for c in self.week_deck) + sum(c >= nights for c in self.revealed)


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
    if s.tasks and s.tasks[0].name not in CHOICE_TASKS:
        raise InvalidStateError("state.tasks: the first pending task must be a choice")
    if s.festival < 0 and s.stage not in ("draft", "reveal"):
        raise InvalidStateError("state.festival: the Festival is on a Location once a Week card is revealed (HL-038)")
