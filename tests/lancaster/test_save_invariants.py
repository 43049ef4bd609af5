"""Issue 42: a save that would break in play is refused at load: automatic steps (the agenda) that could not all run
(a mutated save naming a conflict twice loaded, then crashed when the second found the card gone), dishonor that
does not add up (one with 99 loaded, and its game later held more than a save can), a law asking a player twice
(one paid gold it no longer had), a county named twice (the second passage found it empty)."""

from __future__ import annotations

import json

import pytest

import hench
from hench.core import InvalidStateError, RandomBot, Rng, next_action


def _first(found):
    """The first position random games with every module reach (4 players, a few deals) where `found` holds."""
    game = hench.get_game("lancaster")
    for seed in range(1, 40):
        state = game.new_game(players=4, seed=seed, modules="KC+KR+LK")
        rng, bots = Rng.from_seed(seed), [RandomBot(seed)] * 4
        while not state.is_terminal:
            if found(state):
                return state
            state = state.apply(next_action(state, bots, rng))
    pytest.fail("no deal came to the position")


def _mid_conflicts():
    """A position during the rewards with conflicts still to resolve (a reward's choice waits)."""
    return _first(lambda s: sum(step.startswith("conflict:") for step in s.agenda) >= 2)


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


@pytest.mark.rule("LB-041", "LB-042")
def test_a_law_asks_each_player_once():
    """A mutated save asked a player twice to pay gold under BL-16: it loaded, and the second payment left -2 gold."""
    state = _first(lambda s: bool(s.pending) and s.pending[0][1] == "law_choice")
    doc = json.loads(state.to_json())
    assert hench.state_from_json(json.dumps(doc)).to_json() == state.to_json()
    doc["state"]["pending"].append(doc["state"]["pending"][0])
    with pytest.raises(InvalidStateError, match="asks each player once"):
        hench.state_from_json(json.dumps(doc))


@pytest.mark.rule("LB-047", "LB-052")
def test_a_countys_reward_waits_once():
    """A mutated save held two passages to France for one county: it loaded, and the second found the county empty."""
    state = _first(lambda s: bool(s.pending) and s.pending[0][1] in ("county", "dorset"))
    doc = json.loads(state.to_json())
    doc["state"]["pending"].append(doc["state"]["pending"][0])
    with pytest.raises(InvalidStateError, match="names a county twice"):
        hench.state_from_json(json.dumps(doc))
