"""Lancaster's tour is ONE game (issue 29): from the set-up to the final score sheet, every step's position comes up
in the learner's own game, in order, with the learner doing each step's task; no step falls back to another deal,
and no step says what its position does not show."""

from __future__ import annotations

import pytest

import widgets.lancaster as la

from .test_tours import walk_step


@pytest.fixture(scope="module")
def walked():
    """The tour walked from step 1 to the last as a learner would: (tour, the state each step started at, the
    state each step's task left)."""
    tour = la.tour()
    starts, ends = [], []
    for i, step in enumerate(la.TOUR):
        if i:
            tour.next.click()
        assert tour.index == i, tour.messages.text
        starts.append(tour.start)
        if step.done is not None:
            walk_step(tour)
        ends.append(tour.view.state)
    return tour, starts, ends


@pytest.mark.rule("LB-016", "LB-076")
def test_the_tour_is_one_game_from_the_set_up_to_the_end_with_no_fallback(walked):
    tour, starts, _ = walked
    assert tour.fell_back == [False] * len(la.TOUR), [s.title for s, f in zip(la.TOUR, tour.fell_back) if f]
    assert starts[0].phase == "extension" and starts[0].round == 1, "step 1 is the set-up"
    assert tour.view.state.is_terminal and la.TOUR[-1].reach(tour.view.state), "the last step is the game's end"
    rounds = [s.round for s in starts]
    assert rounds == sorted(rounds), "the steps come in the game's order"
    played = [s.action for s in tour.view.session.history]
    assert played[:1] and str(played[0]).startswith("extension"), "the learner's set-up move is still in the game at its end"
    sheet = tour.view.sheet.value
    assert "Final score sheet" in sheet and "Knighthood" in sheet and "Dishonor" in sheet, "the end shows the score sheet"


def test_each_step_shows_what_it_talks_about(walked):
    """No step says what its position does not show: the tower step gives back dishonor the learner holds, the
    Law of the King step votes on a Law of the King, the privilege step uses a privilege..."""
    _, starts, ends = walked
    by = {s.title: i for i, s in enumerate(la.TOUR)}
    i = by["The King's Resentment: the tower"]
    assert starts[i].res[0]["dishonor"] > 0 and ends[i].res[0]["dishonor"] < starts[i].res[0]["dishonor"]
    assert any(owner == 0 for owner, _ in ends[i].tower)
    i = by["Laws of the King"]
    assert starts[i].proposals[starts[i].vote_index].startswith("LK-")
    i = by["A privilege from your office"]
    assert ends[i].priv[0] != starts[i].priv[0], "a privilege was used"
    i = by["At the King's Court: your lord applies for an office"]
    assert ends[i].lord[0].startswith("office:")
    i = by["Phase 1: a knight in a county"]
    assert any(c is not None and c["owner"] == 0 for c in ends[i].counties)
    i = by["Dishonor"]
    assert starts[i].res[0]["dishonor"] > 0
    i = by["Phase 3: your reward"]
    assert starts[i].current_player == 0 and starts[i].phase in ("county", "upgrade")
    i = by["Phase 1: a knight in a conflict with France"]
    assert sum(ends[i].favors) < sum(starts[i].favors), "the knight in the conflict earned a King's Favor"


@pytest.mark.parametrize("step", range(2, len(la.TOUR) + 1))
def test_any_step_opens_even_when_the_learner_skips_the_steps_before(step, no_callback_errors):
    """Jumping ahead lets the stand-in play the learner's seat; should that game miss a lesson's position, the
    tour's own deal reaches it (and the step says so): the step opens either way, never an error."""
    tour = la.tour()
    tour.jump.value = step - 1
    assert tour.index == step - 1 and tour.messages.kind != "error", tour.messages.text
    assert la.TOUR[step - 1].reach(tour.view.state)
    if tour.fell_back[step - 1]:
        assert "did not come to this lesson's position" in tour.text.value
