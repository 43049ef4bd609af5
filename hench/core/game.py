"""What every game provides: the `Game` description and the `State` base class.

A game package (see docs/adding-a-game.md) builds one `Game` from its modules: the state class,
`start` (setup), the `Phases` table, the `CheckTable`, the legal-action generator, the transition,
the scoring, the observation, and one `parse_action`/`format_action` pair. The uniform API
(DESIGN.md) is written here once, on top of those hooks:

- legal actions are computed once per state and cached;
- `apply` accepts an action or its text (text is parsed in one place: `Game.parse_action`);
- an illegal action raises `IllegalActionError` with the rule the first failing check names,
  and the state is left unchanged;
- `observation(seat)` is what one seat may know; every view for a seat is built from it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import repeat
from operator import is_
from types import MappingProxyType
from typing import Any, ClassVar

from .actions import seat_name
from .chance import CHANCE, chance_actions
from .codec import ActionCodec
from .errors import HenchError, IllegalActionError, InvalidActionError, InvalidStateError
from .legality import CheckTable, Violation
from .phases import Phases
from .rng import Rng

STATE_FORMAT = "hench-state"
STATE_VERSION = 1
MAX_SAVE_BYTES = 4 * 1024 * 1024
CARD_CACHE_SIZE = 8  # data sets whose card texts are kept (Game.card_texts)


class InvalidOptionError(HenchError, ValueError):
    """A game option or player count out of range."""


@dataclass(frozen=True)
class Option:
    """A game option: a keyword argument of `Game.new_game`. `None` always means "choose for me"."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None

    def check(self, value: Any) -> Any:
        if self.choices is not None and not any(value == c and type(value) is type(c) for c in self.choices):  # 1 is not True
            raise InvalidOptionError(f"option {self.name}={value!r} is not allowed; choose one of {list(self.choices)}")
        if self.choices is None and self.default is not None and not isinstance(value, type(self.default)):
            raise InvalidOptionError(f"option {self.name} should be a {type(self.default).__name__}, got {value!r}")
        return value


class State:
    """A position of a game. Immutable from the outside: `apply` returns a new state.

    A game's subclass holds the fields and implements `clone`, `to_dict`, `from_dict` and the
    `phase` / `current_player` attributes or properties; the rules live in the game's modules and
    reach the state through its `Game` (`legal`, `handlers`, `checks`, `score`, `observe`).
    """

    game: ClassVar[Game]
    phase: str
    current_player: int | None
    rng: int  # the state's own seeded generator (a SplitMix64 state), saved with it
    _legal: Sequence[Any] | None = None  # the legal actions, once computed: a list or a tuple, never changed

    # -- legal actions (cached once per state) ----------------------------------------------
    def legal_actions(self) -> list[Any]:
        """The legal actions in a deterministic order ([] when the game is over)."""
        return list(self._legal_cached())

    def _legal_cached(self) -> Sequence[Any]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal

    def _legal_actions(self) -> Sequence[Any]:
        player = self.current_player
        if player is None:
            return []
        if player == CHANCE:
            chance = self.game.chance  # `_chance_outcomes()`, inlined (a chance node is often a third of the moves)
            return chance_actions(chance(self)) if chance is not None else []
        # the cache is never changed (legal_actions() hands out copies): a game's list or tuple is kept as it is (a
        # generator's shared tuple, say: no copy per state), anything else read once into a list
        legal = type(self).game.legal(self)
        return legal if type(legal) is list or type(legal) is tuple else list(legal)

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """At a chance node: [(action, probability)] summing to 1; elsewhere []."""
        if self.current_player != CHANCE or self.game.chance is None:
            return []
        return list(self.game.chance(self))

    def _chance_outcomes(self) -> Sequence[tuple[Any, Fraction]]:
        """At a chance node, the game's outcomes as it returns them (read only, not copied: the hot path)."""
        chance = self.game.chance
        return chance(self) if chance is not None else ()

    @property
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    # -- applying ---------------------------------------------------------------------------
    def apply(self, action: Any) -> State:
        """The successor after `action` (an action, or its text). Raises and leaves `self` unchanged if illegal."""
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        cached = self._legal
        if cached is None:
            cached = self._legal = self._legal_actions()
        # Bots pass back one of the cached actions: find it by identity (a C-level scan calling `is_`, no int
        # made per action), and only then by equality (a parsed or rebuilt action).
        try:
            legal = any(map(is_, cached, repeat(action))) or action in cached
        except TypeError:  # an alien value compared with the actions
            legal = False
        if not legal:
            self.check(action)
        nxt = self.successor()
        nxt._legal = None
        # the transition of the action's class changes it (`type(self).game`: the class attribute read on the class, a
        # cheaper lookup on CPython 3.11 than through the instance, whose attribute dict is searched first)
        type(self).game.handlers[type(action)](nxt, action)
        return nxt

    def successor(self) -> State:
        """The copy `apply` hands to the transition. By default `clone()`; a game may return a cheaper
        copy-on-write copy here, since only the transition touches it before it is returned."""
        return self.clone()

    def check(self, action: Any) -> None:
        """Raise InvalidActionError / IllegalActionError unless `action` is legal here."""
        self.check_form(action)
        if self.is_terminal:
            raise IllegalActionError(self.game.end_rule, self.describe_action(action), "the game is over", [])
        if action in self._legal_cached():
            return
        found = self.illegal_reason(action) or Violation(
            self.game.turn_rule, f"it is not one of the moves open now ({self.phase_title})")
        allowed = [self.game.format_action(a) for a in self._legal_cached()]
        raise IllegalActionError(found.rule_id, self.describe_action(action), found.why, allowed)

    def check_form(self, action: Any) -> None:
        """Raise InvalidActionError if `action` is not an action of this game at all."""
        try:
            hash(action)
        except TypeError:
            raise InvalidActionError(f"{action!r} is not an action: actions are hashable values") from None
        types = self.game.action_types
        if types and not isinstance(action, types):
            raise InvalidActionError(f"{action!r} is not a {self.game.title} action; use game.parse_action(state, text) "
                                     "or one of state.legal_actions()")
        if self.game.validate_action is not None:
            self.game.validate_action(self, action)

    def illegal_reason(self, action: Any) -> Violation | None:
        """The rule an action breaks here (the first failing check), or None if no check refuses it."""
        if self.is_terminal:
            return Violation(self.game.end_rule, "the game is over")
        if self.game.checks is None:
            return None if action in self._legal_cached() else Violation(self.game.turn_rule, "it is not a move open now")
        return self.game.checks.first_violation(self, action)

    def describe_action(self, action: Any) -> str:
        return f"'{self.game.format_action(action)}' by {seat_name(self.current_player)}"

    # -- the state's own generator (for shuffles and other hidden randomness) ---------------
    def _random_index(self, n: int) -> int:
        rng = Rng(self.rng)
        value = rng.randrange(n)
        self.rng = rng.state
        return value

    def _shuffled(self, items: Sequence[Any]) -> list[Any]:
        rng = Rng(self.rng)
        out = rng.shuffled(items)
        self.rng = rng.state
        return out

    # -- phases, scores, seats ---------------------------------------------------------------
    @property
    def phase_title(self) -> str:
        """The current phase as people read it."""
        phases = self.game.phases
        return phases.title(self.phase) if phases is not None else self.phase

    def clone(self) -> State:
        raise NotImplementedError

    def scores(self) -> list[int]:
        if self.game.score is None:
            raise NotImplementedError
        return list(self.game.score(self))

    def winners(self) -> list[int]:
        """Seats with the best score (more than one on a true tie); [] before the end."""
        if not self.is_terminal:
            return []
        if self.game.winners is not None:
            return list(self.game.winners(self))
        s = self.scores()
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    @property
    def num_players(self) -> int:
        return len(self.scores())

    # -- hidden information -----------------------------------------------------------------
    def observation(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator who sees only public information). JSON-like.
        Every view, log line, tooltip and notation shown to a seat is built from this."""
        if self.game.observe is None:
            raise NotImplementedError(f"{self.game.id} has no observation")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players):
            raise InvalidActionError(f"there is no seat {seat!r}: seats are 0..{self.num_players - 1}")
        return self.game.observe(self, seat)

    def narration(self, seat: int | None = None) -> list[Any]:
        """What the move that made this state did, in words `seat` may read (hench.core.Line; see FieldState)."""
        return []

    def resample_hidden(self, seat: int, seed: int) -> State:
        """A state that differs from this one only in what `seat` keeps hidden from the others
        (for the conformance test that opponents' observations cannot tell them apart)."""
        if self.game.resample is None:
            return self.clone()
        return self.game.resample(self, seat, Rng.from_seed(seed))

    # -- serialization ----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        raise NotImplementedError

    def to_json(self) -> str:
        return json.dumps({"format": STATE_FORMAT, "version": STATE_VERSION, "game": self.game.id,
                           "state": self.to_dict()}, sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.to_json())

    # -- display ----------------------------------------------------------------------------
    def notation(self) -> str:
        """A compact one-line description of the position (like chess FEN), as a spectator sees it."""
        if self.game.notation is None:
            raise NotImplementedError
        return self.game.notation(self.observation(None))

    def __repr__(self) -> str:
        return f"<{self.game.id} {self.notation()}>"

    def _repr_html_(self) -> str:
        if self.game.html is not None:
            return self.game.html(self.observation(None), False)
        return f"<pre class='hench-state'>{html.escape(self.notation())}</pre>"


def state_from_json(text: str | bytes) -> State:
    """Load a state saved with `to_json`. A malformed, tampered or unplayable file raises
    InvalidStateError naming the problem; nothing is half-loaded."""
    from .registry import get_game

    if isinstance(text, (str, bytes)) and len(text) > MAX_SAVE_BYTES:
        raise InvalidStateError(f"not a saved hench state: {len(text):,} characters is more than any save ({MAX_SAVE_BYTES:,})")
    doc = load_json(text, "a saved hench state")
    if not isinstance(doc, dict) or doc.get("format") != STATE_FORMAT:
        raise InvalidStateError("not a saved hench state: the 'format' field should be 'hench-state'")
    if doc.get("version") != STATE_VERSION:
        raise InvalidStateError(f"saved with format version {doc.get('version')!r}; this hench reads version {STATE_VERSION}")
    if set(doc) != {"format", "version", "game", "state"}:
        raise InvalidStateError(f"unexpected top-level fields: {sorted(set(doc) - {'format', 'version', 'game', 'state'})}")
    try:
        game = get_game(doc["game"])
    except HenchError as exc:
        raise InvalidStateError(str(exc)) from None
    return game.load_state(doc["state"])


def load_json(text: Any, what: str) -> Any:
    """Parse JSON text, refusing (as InvalidStateError) anything that is not, however deeply nested."""
    try:
        return json.loads(text)
    except RecursionError:
        raise InvalidStateError(f"not {what}: the JSON is nested too deeply") from None
    except (TypeError, ValueError) as exc:
        raise InvalidStateError(f"not {what}: the text is not valid JSON ({exc})") from None


@dataclass(frozen=True)
class Reading:
    """How the engine reads one of the catalogue's ambiguities: its id (the catalogue's, e.g. "A7" or
    "AMB-05"), the reading in our words, and the option that changes it (None: no option, the reading is fixed)."""

    id: str
    text: str
    option: str | None = None


@dataclass(frozen=True)
class ScoreSheet:
    """A finished game's score sheet (issue 29): each seat's points by source, in the game's own words, and
    the tie-break only when a tie on points was broken. Built from the final state, where nothing is hidden."""

    sources: tuple[str, ...]  # the columns, e.g. ("Sites", "Reserve cards")
    points: tuple[tuple[int, ...], ...]  # per seat, one number per source
    totals: tuple[int, ...]  # per seat; normally the sum of its row, but a game may score outside the sources
    rules: tuple[str, ...] = ()  # the scoring rules the sheet applies
    tie_break: str = ""  # plain words naming the rule that broke a tie on points ("" when there was no tie)

    def __post_init__(self) -> None:
        if any(len(row) != len(self.sources) for row in self.points) or len(self.totals) != len(self.points):
            raise ValueError("a score sheet needs one number per source for every seat, and one total per seat")


@dataclass
class Game:
    """The description of one game: metadata, options, rules, and the hooks its modules provide."""

    id: str
    title: str
    min_players: int
    max_players: int
    state_class: type[State]
    start: Callable[..., State]
    options: dict[str, Option] = field(default_factory=dict)
    turn_rule: str = ""
    end_rule: str = ""
    parse: Callable[[Any, str], Any] | None = None
    formatter: Callable[[Any], str] = str
    rule_list: list[Any] | None = None  # only for games outside the catalogues (test fixtures)
    phases: Phases | None = None
    checks: CheckTable | None = None
    legal: Callable[[Any], Sequence[Any]] = lambda state: []
    handlers: dict[type, Callable[[Any, Any], None]] = field(default_factory=dict)  # the transition of each action class
    winners: Callable[[Any], Sequence[int]] | None = None  # the winning seats of a finished game (with tie rules)
    readings: Sequence[Reading] = ()  # how the engine reads the catalogue's ambiguities
    notation: Callable[[dict[str, Any]], str] | None = None  # observation -> the one-line notation (render.notation)
    html: Callable[[dict[str, Any], bool], str] | None = None  # (observation, clickable) -> the board (render.html)
    chance: Callable[[Any], Sequence[tuple[Any, Fraction]]] | None = None
    score: Callable[[Any], Sequence[int]] | None = None
    observe: Callable[[Any, int | None], dict[str, Any]] | None = None
    resample: Callable[[Any, int, Rng], State] | None = None
    action_types: tuple[type, ...] = ()
    validate_action: Callable[[Any, Any], None] | None = None
    validate_state: Callable[[Any], None] | None = None
    hidden_information: bool = False
    cards: Callable[[Any], Sequence[Any]] | None = None  # state -> hench.core.CardText of every card in its data
    public: Callable[[Any, Any, int | None], str] | None = None  # (state, action, seat) -> the move as that seat is told it
    score_sheet: Callable[[Any], ScoreSheet] | None = None  # finished state -> its score sheet (scoring.score_sheet)

    card_key: Callable[[Any], Hashable] | None = None  # what the card texts read besides the data (default: the player count)
    codec: Callable[[Any], ActionCodec] | None = None  # a state's data -> its action ids (hench/<game>/codec.py, issue 38)
    _codec_cache: dict[int, tuple[Any, ActionCodec]] = field(default_factory=dict, init=False, repr=False, compare=False)
    _builtin: list[Any] = field(default_factory=list, init=False, repr=False, compare=False)  # [the builtin data], once read
    _card_cache: dict[tuple[int, Hashable], tuple[Any, tuple[Any, ...], Mapping[str, Any]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def card_texts(self, state: Any) -> list[Any]:
        """Every card of this state's data explained (hench.core.CardText), or [] for a game without cards.
        Built once per data set (see `_cards_of`), not on every call."""
        return list(self._cards_of(state)[0])

    def card_index(self, state: Any) -> Mapping[str, Any]:
        """`card_texts(state)` by card id (read only; built once per data set, like the texts)."""
        return self._cards_of(state)[1]

    def _cards_of(self, state: Any) -> tuple[tuple[Any, ...], Mapping[str, Any]]:
        """The card texts and their index for the state's data set: the component data a state keeps in `data`
        (the same object in every state of a game, and in every game of one builtin data) and what else the
        texts read (`card_key`: the sides a game shows; by default the player count, since some cards are
        used only with more players). Kept for the last few data sets; the data object is held, so its id
        is not reused while the entry lives."""
        if self.cards is None:
            return (), MappingProxyType({})
        data = getattr(state, "data", state)
        key = (id(data), self.card_key(state) if self.card_key is not None else state.num_players)
        hit = self._card_cache.get(key)
        if hit is not None and hit[0] is data:
            return hit[1], hit[2]
        texts = tuple(self.cards(state))
        index = MappingProxyType({t.id: t for t in texts})
        if len(self._card_cache) >= CARD_CACHE_SIZE:
            del self._card_cache[next(iter(self._card_cache))]  # the oldest data set
        self._card_cache[key] = (data, texts, index)
        return texts, index

    def __post_init__(self) -> None:
        self.state_class.game = self

    # -- stable action ids (issue 38; hench.core.codec) ----------------------------------------------------
    def action_codec(self, state: Any = None) -> ActionCodec:
        """The action ids of `state`'s data (None: the builtin data). Built once per data set."""
        if self.codec is None:
            raise NotImplementedError(f"{self.id} has no action codec")
        data = getattr(state, "data", None) if state is not None else None
        if data is None:
            data = self._builtin_data()
        hit = self._codec_cache.get(id(data))
        if hit is not None and hit[0] is data:
            return hit[1]
        codec = self.codec(data)
        if len(self._codec_cache) >= CARD_CACHE_SIZE:
            del self._codec_cache[next(iter(self._codec_cache))]
        self._codec_cache[id(data)] = (data, codec)
        return codec

    def _builtin_data(self) -> Any:
        if not self._builtin:
            self._builtin.append(getattr(self.new_game(players=self.min_players, seed=0), "data", None))
        return self._builtin[0]

    def action_id(self, state: Any, action: Any) -> int:
        """`action`'s id, 0..num_distinct_actions-1 (a chance outcome's: 0..max_chance_outcomes-1), the same in
        every process: derived from the action's fields (hench.core.codec). `state` None: the builtin data."""
        return self.action_codec(state).encode(action)

    def action_from_id(self, state: Any, number: int) -> Any:
        """The action whose id is `number` in `state` (a chance outcome at a chance node). Raises
        InvalidActionError for a number outside the game's ids; the action may still be illegal here."""
        return self.action_codec(state).decode(number, chance=state is not None and state.current_player == CHANCE)

    @property
    def rules(self) -> list[Any]:
        """The game's catalogue rules (hench.rules.Rule), in catalogue order."""
        if self.rule_list is not None:
            return self.rule_list
        from .. import rules

        return rules.for_game(self.id)

    def new_game(self, players: int = 2, seed: int | None = None, **options: Any) -> State:
        """A new game. `players` is the seat count; options are keyword arguments."""
        if not isinstance(players, int) or isinstance(players, bool) or not self.min_players <= players <= self.max_players:
            raise InvalidOptionError(f"{self.title} is for {self.min_players} to {self.max_players} players, not {players!r}")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InvalidOptionError(f"a seed is a whole number (or None for a fixed default), not {seed!r}")
        unknown = set(options) - set(self.options)
        if unknown:
            raise InvalidOptionError(f"{self.title} has no option {sorted(unknown)}; its options are {sorted(self.options)}")
        chosen = {name: opt.check(options.get(name, opt.default)) for name, opt in self.options.items()}
        return self.start(players=players, seed=seed, **chosen)

    def load_state(self, data: Any) -> State:
        """A state from its `to_dict` form, checked whole: fields, the game's invariants, that it plays on
        (a live state has a legal move) and that it reads back to exactly what was saved. Anything else
        raises InvalidStateError naming the field (hench.core.saves finds it when the game's reader does
        not name it itself)."""
        from .saves import first_difference, locate_failure, no_move_message, template_difference

        try:
            state = self.state_class.from_dict(data)
        except InvalidStateError:
            raise
        except RecursionError:
            raise InvalidStateError(f"the saved {self.id} state is nested too deeply") from None
        except Exception as exc:  # a save must never crash the loader (issue 14)
            where = locate_failure(self.state_class.from_dict, data, exc, self._fresh_save)
            raise InvalidStateError(f"{where or 'the saved ' + self.id + ' state'}: cannot be read "
                                    f"({type(exc).__name__}: {exc}); it was edited or is corrupt") from None
        step = "checking its invariants"
        try:
            if self.validate_state is not None:
                self.validate_state(state)
            step = "finding the legal moves"
            if not state.is_terminal and not state.legal_actions():
                raise InvalidStateError(no_move_message(self.id, state))
            step = "reading it back"
            legacy = getattr(getattr(self.state_class, "FIELDS", None), "legacy", ())  # read and dropped (FieldState)
            position = {k: v for k, v in data.items() if k not in legacy} if legacy else data
            different = first_difference(position, state.to_dict())
            if different:
                raise InvalidStateError(f"{different}: the saved {self.id} state does not read back to itself; "
                                        "it was edited or is corrupt")
        except InvalidStateError:
            raise
        except RecursionError:
            raise InvalidStateError(f"the saved {self.id} state is nested too deeply") from None
        except Exception as exc:
            try:
                where = first_difference(data, state.to_dict()) or template_difference(data, self._fresh_save())
            except Exception:  # the hint is best effort
                where = None
            raise InvalidStateError(f"{where or 'the saved ' + self.id + ' state'}: inconsistent ({type(exc).__name__} "
                                    f"while {step}: {exc}); it was edited or is corrupt") from None
        return state

    def _fresh_save(self) -> Any:
        """A new game's save, to compare a broken save's fields with."""
        return self.new_game(players=self.min_players, seed=0).to_dict()

    def format_action(self, action: Any) -> str:
        return self.formatter(action)

    def public_action(self, state: Any, action: Any, seat: int | None) -> str:
        """`action`, played in `state`, as `seat` is told it (None: a spectator). The mover reads the whole
        move; a game with secret moves (a hidden vote, an amount paid from behind a screen) gives the others
        only what they may know. Logs and messages shown to a seat use this, never the move's own text."""
        if self.public is None or (seat is not None and seat == state.current_player):
            return self.format_action(action)
        return self.public(state, action, seat)

    def parse_action(self, state: State, text: str) -> Any:
        """The action written as `text` (as `str(action)` prints it) in this state."""
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is written as text, got {text!r}")
        if len(text) > 200:
            raise InvalidActionError(f"a move is a short sentence; got {len(text)} characters")
        if self.parse is not None:
            return self.parse(state, text)
        wanted = _normal(text)
        candidates = state.legal_actions()
        for action in candidates:
            if _normal(self.format_action(action)) == wanted:
                return action
        shown = ", ".join(self.format_action(a) for a in candidates[:8])
        raise InvalidActionError(f"{text!r} is not a move open here. Open moves: {shown}" + (" ..." if len(candidates) > 8 else ""))

    def phase_title(self, phase_id: str) -> str:
        return self.phases.title(phase_id) if self.phases is not None else phase_id


def _normal(text: str) -> str:
    return " ".join(text.lower().split())
