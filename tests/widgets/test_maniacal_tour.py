"""Maniacal's tour is ONE game (issue 29): walked in-process from the set-up to the end, every step's position
comes up in the learner's own game (no fallback to the tour's deal), the learner's moves carry over, and what
each step says is what its position shows."""

from __future__ import annotations

import html
from itertools import pairwise

import pytest

from widgets import maniacal as ma
from widgets.maniacal_tour import ME, TOUR

from .test_tours import walk_step


def _titles() -> list[str]:
    return [s.title for s in TOUR]


@pytest.fixture(scope="module")
def walked():
    """The tour walked once from step 1 to the last: (tour, the state and status as each step started and ended)."""
    tour = ma.tour()
    seen = []
    for i, step in enumerate(TOUR):
        if i:
            tour.next.click()
        assert tour.index == i, tour.messages.text
        start, text = tour.view.state, tour.text.value
        if step.done is not None:
            walk_step(tour)
        seen.append((start, tour.view.state, text, tour.status.value, len(tour.view.session)))
    return tour, seen


def test_the_tour_is_one_game_from_the_set_up_to_the_end_with_no_fallback(walked):
    tour, seen = walked
    assert len(TOUR) >= 8 and not any(tour.fell_back), f"steps that fell back: {[i + 1 for i, f in enumerate(tour.fell_back) if f]}"
    assert tour.view.state.is_terminal, "the last step is the game's end"
    lengths = [n for *_, n in seen]
    assert lengths == sorted(lengths) and lengths[-1] > 200, "one game: the history only grows from step to step"
    assert seen[0][0].phase == "draft" and seen[0][0].round == 1 and len(tour.marks[0]) == 0, "step 1 is the set-up"
    for i, step in enumerate(TOUR):
        assert "did not come to this lesson" not in seen[i][2], step.title


def test_each_steps_position_shows_what_the_step_says(walked):
    _, seen = walked
    by = dict(zip(_titles(), seen))
    draft = by["Phase I: the secret Room draft"][0]
    assert draft.phase == "draft" and draft.pick_no == 1 and len(draft.lairs[ME].hand) == 5
    recruited = by["Phase II: henchmen came to the best base"][0]
    assert recruited.phase == "contract_action" and recruited.round == 1 and len(recruited.lairs[ME].crew) >= 1
    visit_start, visit_end, *_ = by["A visit: Lucifer's Lounge"]
    assert "visit lounge" in [str(a) for a in visit_start.legal_actions()]
    ready = sum(1 for m in visit_start.lairs[ME].crew if m.ready and not m.injuries)
    assert any(visit_start.data.cards[c].team > ready for c in visit_start.map), "a contract needs a bigger team than the crew"
    hired = [m for m in visit_end.lairs[ME].crew if m.id in {x.id for x in visit_start.data.mercenaries}]
    assert hired, "the learner hired a Mercenary"
    window = by["A Scheme against a rival"][0]
    assert window.phase == "scheme_window" and window.current_player == ME and window.attempt["seat"] != ME
    assert window.attempt["team"] and window.lairs[ME].schemes, "a rival's team is assigned and the learner holds a Scheme"
    firing = by["Phase IV: clean-up"][0]
    assert firing.phase == "firing" and firing.current_player == ME
    last_round = by["Round 3: the last contracts"][0]
    assert last_round.round == 3 and last_round.phase == "contract_action"
    assert any(ma.CONFIG.draw(last_round, ME).count(d) for d in ("Hard", "Legendary"))


@pytest.mark.rule("MA-111", "MA-121", "MA-122")
def test_the_contract_step_shows_the_contracts_target_and_reward(walked):
    _, seen = walked
    start, end, _, status, _ = dict(zip(_titles(), seen))["Phase III: attempt a contract"]
    from widgets.maniacal_tour import _my_contract

    c = _my_contract(start, end)
    assert c is not None, "the contract the learner attempted is known"
    said = f"It was {c.name}: Target {c.target}; success pays +{c.success[0]} Infamy and ${c.success[1]}"
    assert html.escape(said) in status
    assert "success pays" in status and "failure" in status, "the reward is in the narration of the attempt too"


def test_moves_carry_over_no_fired_henchman_comes_back(walked):
    """The old tour's complaint: a henchman fired in one step was back in the next, money dropped for no reason.
    Now every step's start and end is a position of the one game the learner is playing, in order."""
    tour, seen = walked
    states = [tour.view.session.initial] + [s.after for s in tour.view.session.history]
    where = {id(st): k for k, st in enumerate(states)}
    places = [(where.get(id(start)), where.get(id(end))) for start, end, *_ in seen]
    assert all(a is not None and b is not None for a, b in places), "every step is a position of the final game"
    flat = [k for pair in places for k in pair]
    assert flat == sorted(flat), "the steps come in the game's order"
    left: set[str] = set()
    for before, after in pairwise(states):
        left |= {m.id for m in before.lairs[ME].crew} - {m.id for m in after.lairs[ME].crew}
        assert not left & {m.id for m in after.lairs[ME].crew} - {x.id for x in after.data.mercenaries}, "nobody comes back"


def test_the_last_step_shows_the_final_score_sheet(walked):
    tour, _ = walked
    assert tour.index == len(TOUR) - 1 and tour.view.state.is_terminal
    sheet = tour.view.sheet.value
    assert "Final score sheet" in sheet and "Money-rank bonus" in sheet
    assert "Infamy chart" not in " ".join(s.text for s in TOUR), "the tour promises no chart the Learn page lacks"
    q = tour.question
    assert q.question.answer(q.state) == str(q.state.bonus[ME])


def test_back_returns_to_where_the_previous_step_started(no_callback_errors):
    tour = ma.tour(step=4)
    started = tour.view.state
    walk_step(tour)
    tour.next.click()
    assert tour.index == 4 and not tour.fell_back[4]
    tour.back.click()
    assert tour.index == 3 and tour.view.state.to_json() == started.to_json(), "back to where step 4 began"
