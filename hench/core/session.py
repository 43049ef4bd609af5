"""A game session: apply, undo, redo, history, replay and branch over immutable states."""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass

from .actions import seat_name
from .errors import HenchError, InvalidStateError
from .game import Game, State, load_json, state_from_json


@dataclass(frozen=True)
class Step:
    """One entry of a session's history."""

    index: int
    player: int | None
    action: Hashable
    text: str
    before: State
    after: State

    @property
    def who(self) -> str:
        return seat_name(self.player)


class Session:
    """The states of one game in order, with undo and redo. Listeners hear every change.

    """

    def __init__(self, state: State):
        if not isinstance(state, State):
            raise TypeError(f"a Session starts from a game state, got {type(state).__name__}")
        self._states: list[State] = [state]
        self._actions: list[Hashable] = []
        self._redo: list[Hashable] = []
        self._listeners: list[Callable[[Session], None]] = []

    # -- reading -------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def initial(self) -> State:
        return self._states[0]

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def can_undo(self) -> bool:
        return bool(self._actions)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def history(self) -> list[Step]:
        fmt = self.game.format_action
        return [Step(i, before.current_player, a, fmt(a), before, after)
                for i, (before, a, after) in enumerate(zip(self._states, self._actions, self._states[1:]))]

    @property
    def actions(self) -> list[Hashable]:
        return list(self._actions)

    @property
    def states(self) -> list[State]:
        return list(self._states)

    # -- changing ------------------------------------------------------------------
    def apply(self, action: Hashable) -> State:
        """Play `action` (an action or its text). On an illegal action the error propagates and nothing changes."""
        if isinstance(action, str):
            action = self.game.parse_action(self.state, action)
        new = self.state.apply(action)
        self._push(action, new)
        self._redo.clear()
        self._notify()
        return new

    def apply_text(self, text: str) -> State:
        return self.apply(self.game.parse_action(self.state, text))

    def _push(self, action: Hashable, new: State) -> None:
        self._actions.append(action)
        self._states.append(new)

    def undo(self, steps: int = 1) -> State:
        steps = min(steps, len(self._actions))
        for _ in range(steps):
            self._redo.append(self._actions.pop())
            self._states.pop()
        if steps:
            self._notify()
        return self.state

    def undo_to(self, predicate: Callable[[State], bool]) -> State:
        """Undo back to the last earlier state where predicate holds (e.g. a human's turn)."""
        for i in range(len(self._states) - 2, -1, -1):
            if predicate(self._states[i]):
                return self.undo(len(self._states) - 1 - i)
        return self.state

    def redo(self) -> State:
        if not self._redo:
            return self.state
        action = self._redo.pop()
        self._push(action, self.state.apply(action))
        self._notify()
        return self.state

    def reset(self, state: State | None = None) -> State:
        self._states = [state if state is not None else self.initial]
        self._actions, self._redo = [], []
        self._notify()
        return self.state

    def replay(self) -> Iterator[State]:
        """Re-apply every action from the initial state, yielding each state (a check too)."""
        state = self.initial
        yield state
        for action in self._actions:
            state = state.apply(action)
            yield state

    def branch(self, at: int | None = None) -> Session:
        """A new independent session holding the history up to step `at` (default: now)."""
        at = len(self._actions) if at is None else at
        if not 0 <= at <= len(self._actions):
            raise HenchError(f"cannot branch at step {at}: the session has steps 0..{len(self._actions)}")
        other = Session(self.initial)
        other._states = self._states[: at + 1]
        other._actions = self._actions[:at]
        return other

    # -- listeners -----------------------------------------------------------------
    def observe(self, callback: Callable[[Session], None]) -> None:
        self._listeners.append(callback)

    def _notify(self) -> None:
        for callback in list(self._listeners):
            callback(self)

    # -- saving --------------------------------------------------------------------
    def to_json(self) -> str:
        fmt = self.game.format_action
        return json.dumps({"format": "hench-session", "initial": json.loads(self.initial.to_json()),
                           "actions": [fmt(a) for a in self._actions]})

    @classmethod
    def from_json(cls, text: str) -> Session:
        doc = load_json(text, "a saved hench session")
        if not isinstance(doc, dict) or doc.get("format") != "hench-session" or set(doc) != {"format", "initial", "actions"}:
            raise InvalidStateError("not a saved hench session: expected the fields format='hench-session', initial, actions")
        if not isinstance(doc["actions"], list) or not all(isinstance(a, str) for a in doc["actions"]):
            raise InvalidStateError("not a saved hench session: 'actions' should be a list of moves written as text")
        initial = state_from_json(json.dumps(doc["initial"]))
        actions = doc["actions"]
        session = cls(initial)
        for i, text_action in enumerate(actions):
            try:
                action = session.game.parse_action(session.state, text_action)
                session._push(action, session.state.apply(action))
            except HenchError as exc:
                raise InvalidStateError(f"saved session step {i} ({text_action!r}) does not replay: {exc}") from None
        return session
