"""Legality from small named checks, one rule each (the way python-chess builds move legality).

A check takes a state and an action and returns a `Violation` naming the rule it breaks, or None.
The rule a check guards opens its one-line docstring::

    def check_free_spot(state, action) -> Violation | None:
        '''HM-020: a site takes at most `spots` pawns.'''

A game lists its checks in one `CheckTable`: the checks every action goes through first (`always`),
then the checks of the action's kind (`by_kind`). `State.illegal_reason` runs it; the conformance
suite checks that the table refuses every illegal candidate, accepts every legal action, and that
each refusal cites a rule named in the refusing check's docstring.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple


class Violation(NamedTuple):
    """Why an action is illegal: the catalogue rule it breaks and a sentence a learner understands."""

    rule_id: str
    why: str


Check = Callable[[Any, Any], "Violation | None"]
RULE_ID = re.compile(r"\b[A-Z]{2}-\d{3}\b")


def rule_ids_of(check: Check) -> tuple[str, ...]:
    """The rule IDs on the first line of a check's docstring (the rules it may cite)."""
    doc = (check.__doc__ or "").strip().splitlines()
    return tuple(RULE_ID.findall(doc[0])) if doc else ()


def kind_of(action: Any) -> str:
    """An action's kind: its `kind` attribute (class-level for dataclass actions)."""
    return getattr(action, "kind", type(action).__name__)


class CheckTable:
    """One game's checks: `always` (run for every action), then `by_kind[action.kind]`, in order."""

    def __init__(self, by_kind: Mapping[str, Sequence[Check]], always: Sequence[Check] = ()):
        self.always = tuple(always)
        self.by_kind = {kind: tuple(checks) for kind, checks in by_kind.items()}

    def first_violation(self, state: Any, action: Any) -> Violation | None:
        """The first check the action fails, or None when every check passes."""
        for check in self.always:
            found = check(state, action)
            if found is not None:
                return found
        for check in self.by_kind.get(kind_of(action), ()):
            found = check(state, action)
            if found is not None:
                return found
        return None

    def refusing_check(self, state: Any, action: Any) -> Check | None:
        """The check that refuses the action (for tests that hold a check to its docstring)."""
        for check in (*self.always, *self.by_kind.get(kind_of(action), ())):
            if check(state, action) is not None:
                return check
        return None

    def __iter__(self) -> Iterator[Check]:
        seen: set[Check] = set()
        for check in (*self.always, *(c for checks in self.by_kind.values() for c in checks)):
            if check not in seen:
                seen.add(check)
                yield check
