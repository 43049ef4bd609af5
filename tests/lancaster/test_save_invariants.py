"""Issue 42: a save that would break in play is refused at load: automatic steps (the agenda) that could not all run
(a mutated save naming a conflict twice loaded, then crashed when the second found the card gone), dishonor that
does not add up (one with 99 loaded, and its game later held more than a save can)."""

from __future__ import annotations

import json

import pytest

import hench
from hench.core import InvalidStateError, RandomBot, Rng, next_action


def _mid_conflicts():
    """A position of a game with every module, during the rewards, with conflicts still to resolve (a reward's choice
    waits): the first that random play reaches over a few deals."""
    game = hench.get_game("lancaster")
    for seed in range(1, 30):
        state = game.new_game(players=4, seed=seed, modules="KC+KR+LK")
        rng, bots = Rng.from_seed(seed), [RandomBot(seed)] * 4
        while not state.is_terminal:
            if sum(step.startswith("conflict:") for step in state.agenda) >= 2:
                return state
            state = state.apply(next_action(state, bots, rng))
    pytest.fail("no deal came to a choice between two conflicts' rewards")


def _with_agenda(state, agenda: list[str]) -> str:
    doc = json.loads(state.to_json())
    doc["state"]["agenda"] = agenda
    return json.dumps(doc)


@pytest.mark.rule("LB-045", "LB-058")
def test_an_agenda_that_repeats_or_reorders_a_step_is_refused():
    state = _mid_conflicts()
    agenda = list(state.agenda)
    assert hench.state_from_json(_with_agenda(state, agenda)).to_json() == state.to_json(), "the real save loads"
    first = next(i for i, step in enumerate(agenda) if step.startswith("conflict:"))
    twice = agenda[:first] + [agenda[first]] + agenda[first:]
    swapped = agenda[:first] + [agenda[-1], *agenda[first:-1]]  # the clean-up before the conflicts
    both = agenda[:first] + ["conflicts"] + agenda[first:]
    for bad, said in ((twice, "names a step twice"), (swapped, "engine's order"), (both, "the conflict steps it becomes")):
        with pytest.raises(InvalidStateError, match=said) as refused:
            hench.state_from_json(_with_agenda(state, bad))
        assert str(refused.value).startswith("state.agenda")


def _with_dishonor(state, seat: int, extra: int) -> str:
    doc = json.loads(state.to_json())
    doc["state"]["res"][seat]["dishonor"] += extra
    return json.dumps(doc)


@pytest.mark.rule("LH-090", "LH-092")
def test_dishonor_markers_add_up_while_the_track_holds_a_stack():
    """A mutated save gave a player 99 dishonor with markers still on the track: it loaded, and its game later held
    more than any save can. While a stack is left no marker has been written down (LH-092), so they add up."""
    state = _mid_conflicts()
    assert any(state.track), "the track still holds a stack"
    seat = 0
    for extra in (1, 99 - state.res[seat]["dishonor"]):  # one marker from nowhere, or the save's 99
        with pytest.raises(InvalidStateError, match="dishonor markers held") as refused:
            hench.state_from_json(_with_dishonor(state, seat, extra))
        assert str(refused.value).startswith("state.box")
    hench.state_from_json(_with_dishonor(state, seat, 0))
