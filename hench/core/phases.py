"""Phases: one table of `Phase` records per game, in play order; `state.phase` is always one of its ids.

People see a phase by its title ("Phase 2: play your cards"), never by its id.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass

PLAYER, CHANCE_ACTS, AUTO, NOBODY = "player", "chance", "auto", "nobody"


@dataclass(frozen=True)
class Phase:
    """One phase of a game's state machine.

    `actor`: who acts in it ("player", "chance" for dice, "auto" for steps the engine runs by itself
    inside another action, "nobody" at the end). `actions`: the action kinds open in it. `rules`: the
    catalogue rules it follows; the first is cited when an action of another kind is tried.
    `help`: one sentence on what to do in it.
    """

    id: str
    title: str
    actor: str
    rules: Collection[str] = ()
    actions: Collection[str] = frozenset()
    help: str = ""

    def __post_init__(self) -> None:
        if self.actor not in (PLAYER, CHANCE_ACTS, AUTO, NOBODY):
            raise ValueError(f"phase {self.id}: actor should be player, chance, auto or nobody, not {self.actor!r}")
        object.__setattr__(self, "actions", frozenset(self.actions))
        object.__setattr__(self, "rules", tuple(self.rules))


class Phases:
    """The ordered phase table of one game."""

    def __init__(self, phases: Iterable[Phase]):
        self._list = tuple(phases)
        self._by_id = {p.id: p for p in self._list}
        if len(self._by_id) != len(self._list):
            raise ValueError("phase ids must be unique")

    def __getitem__(self, phase_id: str) -> Phase:
        return self._by_id[phase_id]

    def __contains__(self, phase_id: object) -> bool:
        return phase_id in self._by_id

    def __iter__(self) -> Iterator[Phase]:
        return iter(self._list)

    def __len__(self) -> int:
        return len(self._list)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self._list)

    def title(self, phase_id: str) -> str:
        phase = self._by_id.get(phase_id)
        return phase.title if phase else phase_id

    def index(self, phase_id: str) -> int:
        return self._list.index(self._by_id[phase_id])
