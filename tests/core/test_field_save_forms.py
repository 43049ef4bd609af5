"""Save forms a declared field may have beside `key: save(value)` (hench.core.fields): a sub-object of the save
(`group`), a key left out while it holds nothing (`omit`), and a form built with the state (`save_with`)."""

from __future__ import annotations

from typing import Any

import pytest

from hench.core import InvalidStateError
from hench.core.fields import LIST, Field, Fields, FieldState
from hench.core.schema import Reader

NAMES = ("ash", "birch", "cedar")


def _read_aside(r: Reader, s: Any) -> tuple[int, ...]:
    return tuple(r.list("aside", lambda v, p: v)) if r.optional("aside") else ()


class TreeState(FieldState):
    FIELDS = Fields(
        Field("names", read=lambda r, s: NAMES, saved=False),
        Field("fast", key="fast_mode", group="options", read=lambda r, s: r.bool("fast_mode")),
        Field("planted", LIST, read=lambda r, s: [NAMES.index(x) for x in r.list("planted")],
              save_with=lambda value, s: [s.names[i] for i in value]),
        Field("aside", group="turn", omit=lambda value: not value, read=_read_aside),
        Field("step", group="turn", read=lambda r, s: r.int("step", 0, 9)),
    )
    names: tuple[str, ...]
    fast: bool
    planted: list[int]
    aside: tuple[int, ...]
    step: int


def test_grouped_omitted_and_state_aware_fields_save_and_load_back():
    s = TreeState.make(names=NAMES, fast=True, planted=[2, 0], aside=(), step=3)
    assert s.to_dict() == {"options": {"fast_mode": True}, "planted": ["cedar", "ash"], "turn": {"step": 3}}
    back = TreeState.from_dict(s.to_dict())
    assert (back.fast, back.planted, back.aside, back.step) == (True, [2, 0], (), 3)
    s.aside = (1,)
    assert s.to_dict()["turn"] == {"aside": [1], "step": 3}
    assert TreeState.from_dict(s.to_dict()).aside == (1,)


@pytest.mark.parametrize("doc, where", [
    ({"options": {"fast_mode": True, "slow": 1}, "planted": [], "turn": {"step": 0}}, "state.options has unexpected fields"),
    ({"options": {"fast_mode": True}, "planted": [], "turn": {"step": 0, "x": 1}}, "state.turn has unexpected fields"),
    ({"options": {"fast_mode": True}, "planted": [], "turn": {"step": 10}}, "state.turn.step is 10"),
    ({"options": {"fast_mode": True}, "planted": []}, "state.turn is missing"),
])
def test_a_group_is_read_like_the_top_level(doc, where):
    with pytest.raises(InvalidStateError, match=where):
        TreeState.from_dict(doc)
