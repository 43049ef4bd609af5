"""A game session: apply, undo, redo, history, replay and branch over immutable states.

Each move applied is kept as a `Step` built once, when it is applied: the move's text, what it did in the
words each seat may read (the new state's narration) and the scores after it. Views read the steps as they
come (a log appends a row, a chart a point) instead of working the whole game out again on every click.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import seat_name
from .errors import HenchError, InvalidStateError
from .game import Game, State, load_json, state_from_json


@dataclass(frozen=True, eq=False)
class Step:
    """One move of a session, as it was applied: who moved, the move and its text, the states before and
    after, what the move did as each seat may read it (`narration(seat)`) and the scores before and after, and who
    chose it when not the seat's own player (`by`: "bot" for a bot or the dice, "tour" for a tour's stand-in;
    None: the player at the seat, the learner at a learner's seat; the coach's review judges only those)."""

    index: int
    player: int | None
    action: Hashable
    text: str
    before: State
    after: State
    said: tuple[tuple[Any, ...], ...]  # the new state's narration: [0] a spectator's lines, [seat + 1] each seat's
    scores: tuple[int, ...]  # after the move
    scores_before: tuple[int, ...]
    by: str | None = None

    @classmethod
    def applied(cls, index: int, action: Hashable, before: State, after: State,
                scores_before: tuple[int, ...], by: str | None = None) -> Step:
        """The step of `action` played in `before` (giving `after`), its words and scores read once, now."""
        scores = tuple(after.scores())
        said = tuple(tuple(after.narration(seat)) for seat in (None, *range(len(scores))))
        return cls(index, before.current_player, action, before.game.format_action(action), before, after, said,
                   scores, scores_before, by)

    @property
    def who(self) -> str:
        return seat_name(self.player)

    def narration(self, seat: int | None = None) -> list[Any]:
        """The lines (hench.core.Line) saying what the move did that `seat` may read (None: a spectator)."""
        lines = self.said[0 if seat is None or not 0 <= seat < len(self.said) - 1 else seat + 1]
        return list(lines)


class Session:
    """The states of one game in order, with undo and redo: a `Step` per move applied, built once."""

    def __init__(self, state: State):
        if not isinstance(state, State):
            raise TypeError(f"a Session starts from a game state, got {type(state).__name__}")
        self._start(state)

    def _start(self, state: State) -> None:
        self._initial = state
        self._initial_scores = tuple(state.scores())
        self._steps: list[Step] = []
        self._redo: list[Step] = []  # the steps undone, the last undone last: redo puts them back as they were

    # -- reading -------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._steps[-1].after if self._steps else self._initial

    @property
    def initial(self) -> State:
        return self._initial

    @property
    def initial_scores(self) -> tuple[int, ...]:
        return self._initial_scores

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def can_undo(self) -> bool:
        return bool(self._steps)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def __len__(self) -> int:
        return len(self._steps)

    @property
    def history(self) -> list[Step]:
        """Every step so far, in order (the steps themselves, built when they were applied)."""
        return list(self._steps)

    @property
    def steps(self) -> Sequence[Step]:
        """The steps so far, in order, without a copy: read only (a view follows them move by move)."""
        return self._steps

    @property
    def last(self) -> Step | None:
        """The last step applied, or None at the start."""
        return self._steps[-1] if self._steps else None

    @property
    def actions(self) -> list[Hashable]:
        return [step.action for step in self._steps]

    @property
    def states(self) -> list[State]:
        return [self._initial, *(step.after for step in self._steps)]

    # -- changing ------------------------------------------------------------------
    def apply(self, action: Hashable, by: str | None = None) -> State:
        """Play `action` (an action or its text). On an illegal action the error propagates and nothing changes.
        `by`: who chose the move when not the seat's own player ("bot", "tour"; see `Step.by`)."""
        if isinstance(action, str):
            action = self.game.parse_action(self.state, action)
        new = self.state.apply(action)
        self._push(action, new, by)
        self._redo.clear()
        return new

    def apply_text(self, text: str) -> State:
        return self.apply(self.game.parse_action(self.state, text))

    def _push(self, action: Hashable, new: State, by: str | None = None) -> None:
        last = self._steps[-1] if self._steps else None
        before, scores = (last.after, last.scores) if last is not None else (self._initial, self._initial_scores)
        self._steps.append(Step.applied(len(self._steps), action, before, new, scores, by))

    def undo(self, steps: int = 1) -> State:
        for _ in range(min(steps, len(self._steps))):
            self._redo.append(self._steps.pop())
        return self.state

    def undo_to(self, predicate: Callable[[State], bool]) -> State:
        """Undo back to the last earlier state where predicate holds (e.g. a human's turn)."""
        for i in range(len(self._steps) - 1, -1, -1):
            if predicate(self._steps[i].before):
                return self.undo(len(self._steps) - i)
        return self.state

    def redo(self) -> State:
        """Put back the last step undone, as it was (the state it gave, its words and scores)."""
        if self._redo:
            self._steps.append(self._redo.pop())
        return self.state

    def reset(self, state: State | None = None) -> State:
        self._start(state if state is not None else self._initial)
        return self.state

    def replay(self) -> Iterator[State]:
        """Re-apply every action from the initial state, yielding each state (a check too)."""
        state = self._initial
        yield state
        for step in self._steps:
            state = state.apply(step.action)
            yield state

    def branch(self, at: int | None = None) -> Session:
        """A new independent session holding the history up to step `at` (default: now)."""
        at = len(self._steps) if at is None else at
        if not 0 <= at <= len(self._steps):
            raise HenchError(f"cannot branch at step {at}: the session has steps 0..{len(self._steps)}")
        other = Session.__new__(Session)
        other._initial, other._initial_scores = self._initial, self._initial_scores
        other._steps, other._redo = self._steps[:at], []
        return other

    # -- saving --------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"format": "hench-session", "initial": json.loads(self._initial.to_json()),
                           "actions": [step.text for step in self._steps]})

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
