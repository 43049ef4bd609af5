"""What every game provides: the `Game` description and the `State` base class.

A game subclasses `State` (its positions) and builds one `Game` (its description), then calls
`hench.core.registry.register`. The uniform API (see DESIGN.md) is defined here once.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from .chance import CHANCE
from .errors import HenchError, IllegalActionError, InvalidActionError, InvalidStateError

STATE_FORMAT = "hench-state"
STATE_VERSION = 1


class InvalidOptionError(HenchError, ValueError):
    """A game option or player count out of range."""


@dataclass(frozen=True)
class Option:
    """A game option: a keyword argument of `Game.new_game`."""

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

    A subclass implements: `phase`, `current_player`, `legal_actions`, `_apply_in_place`,
    `clone`, `scores`, `to_dict`, `from_dict`, `notation`; optionally `chance_outcomes`,
    `illegal_reason`, `winners`, `_repr_html_`.
    """

    game: ClassVar["Game"]
    phase: str
    current_player: int | None

    # -- the uniform API -----------------------------------------------------------
    def legal_actions(self) -> list[Hashable]:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Hashable, Fraction]]:
        """At a chance node: [(action, probability)] summing to 1; elsewhere []."""
        return []

    @property
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    @property
    def is_terminal(self) -> bool:
        return self.current_player is None

    def apply(self, action: Hashable) -> "State":
        """The successor after `action`. Raises and leaves `self` unchanged if it is illegal."""
        self.check(action)
        nxt = self.clone()
        nxt._apply_in_place(action)
        return nxt

    def check(self, action: Hashable) -> None:
        """Raise InvalidActionError / IllegalActionError unless `action` is legal here."""
        self.check_form(action)
        if self.is_terminal:
            raise IllegalActionError(self.game.end_rule, f"{action}", "the game is over", [])
        if action in self.legal_actions():
            return
        rule_id, why = self.illegal_reason(action)
        raise IllegalActionError(rule_id, self.describe_action(action), why, self.legal_actions())

    def check_form(self, action: Hashable) -> None:
        """Raise InvalidActionError if `action` is not an action of this game at all."""
        try:
            hash(action)
        except TypeError:
            raise InvalidActionError(f"{action!r} is not an action: actions are hashable values") from None

    def illegal_reason(self, action: Hashable) -> tuple[str, str]:
        """(rule ID, why) for an action that is not legal here. Games override with named checks."""
        return self.game.turn_rule, f"it is not one of the moves open in phase {self.phase!r}"

    def describe_action(self, action: Hashable) -> str:
        who = "the dice" if self.current_player == CHANCE else f"player {self.current_player}"
        return f"{self.game.format_action(action)} by {who}"

    def clone(self) -> "State":
        raise NotImplementedError

    def _apply_in_place(self, action: Hashable) -> None:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Seats with the best score (more than one on a true tie); [] before the end."""
        if not self.is_terminal:
            return []
        s = self.scores()
        best = max(s)
        return [i for i, v in enumerate(s) if v == best]

    @property
    def num_players(self) -> int:
        return len(self.scores())

    # -- serialization -------------------------------------------------------------
    def to_dict(self) -> dict:
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: dict) -> "State":
        raise NotImplementedError

    def to_json(self) -> str:
        return json.dumps({"format": STATE_FORMAT, "version": STATE_VERSION, "game": self.game.id,
                           "state": self.to_dict()}, sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.to_json())

    # -- display -------------------------------------------------------------------
    def notation(self) -> str:
        """A compact one-line description of the position (like chess FEN)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{self.game.id} {self.notation()}>"

    def _repr_html_(self) -> str:
        return f"<pre class='hench-state'>{html.escape(self.notation())}</pre>"


def state_from_json(text: str | bytes) -> State:
    """Load a state saved with `to_json`. A malformed or tampered file raises InvalidStateError."""
    from .registry import get_game

    try:
        doc = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise InvalidStateError(f"not a saved hench state: the text is not valid JSON ({exc})") from None
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
    try:
        state = game.state_class.from_dict(doc["state"])
    except InvalidStateError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise InvalidStateError(f"the saved {game.id} state is inconsistent: {type(exc).__name__}: {exc}") from None
    if state.to_dict() != doc["state"]:
        raise InvalidStateError(f"the saved {game.id} state does not read back to itself: it was edited or is corrupt")
    return state


@dataclass
class Game:
    """The description of one game: metadata, options, rules and how to start it."""

    id: str
    title: str
    min_players: int
    max_players: int
    state_class: type[State]
    start: Callable[..., State]
    options: dict[str, Option] = field(default_factory=dict)
    turn_rule: str = ""
    end_rule: str = ""
    parse: Callable[[State, str], Hashable] | None = None
    formatter: Callable[[Hashable], str] = str
    rule_list: list | None = None  # only for games outside the catalogues (test fixtures)

    def __post_init__(self) -> None:
        self.state_class.game = self

    @property
    def rules(self) -> list:
        """The game's catalogue rules (hench.rules.Rule), in catalogue order."""
        if self.rule_list is not None:
            return self.rule_list
        from .. import rules

        return rules.for_game(self.id)

    def new_game(self, players: int = 2, seed: int | None = None, **options: Any) -> State:
        """A new game. `players` is the seat count; options are keyword arguments."""
        if not isinstance(players, int) or isinstance(players, bool) or not self.min_players <= players <= self.max_players:
            raise InvalidOptionError(f"{self.title} is for {self.min_players} to {self.max_players} players, not {players!r}")
        unknown = set(options) - set(self.options)
        if unknown:
            raise InvalidOptionError(f"{self.title} has no option {sorted(unknown)}; its options are {sorted(self.options)}")
        chosen = {name: opt.check(options.get(name, opt.default)) for name, opt in self.options.items()}
        return self.start(players=players, seed=seed, **chosen)

    def format_action(self, action: Hashable) -> str:
        return self.formatter(action)

    def parse_action(self, state: State, text: str) -> Hashable:
        """The action written as `text` (as `str(action)` prints it) in this state."""
        if not isinstance(text, str):
            raise InvalidActionError(f"an action is written as text, got {text!r}")
        if self.parse is not None:
            return self.parse(state, text)
        wanted = _normal(text)
        candidates = state.legal_actions()
        for action in candidates:
            if _normal(self.format_action(action)) == wanted:
                return action
        shown = ", ".join(self.format_action(a) for a in candidates[:8])
        raise InvalidActionError(f"{text!r} is not a move open here. Open moves: {shown}" + (" ..." if len(candidates) > 8 else ""))


def _normal(text: str) -> str:
    return " ".join(text.lower().split())
