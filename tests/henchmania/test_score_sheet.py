"""The final score sheet (issue 29): each Lord's points by source, totals equal to the scores, and the tie-break
duels named only when they decided a tie on points."""

from __future__ import annotations

import pytest

from hench.core import Rng, next_action
from hench.henchmania import GAME
from hench.henchmania.bots import RandomBot
from hench.henchmania.state import EARNED_BEFORE, HMState


def _played(players: int, seed: int) -> HMState:
    state = GAME.new_game(players=players, seed=seed)
    rng, bots = Rng.from_seed(seed), [RandomBot(seed * 7 + i) for i in range(players)]
    while not state.is_terminal:
        state = state.apply(next_action(state, bots, rng))
    return state


GAMES = [(2 + seed % 4, seed) for seed in range(24)]


@pytest.mark.rule("HM-010", "HM-063", "HM-071", "HM-072")
@pytest.mark.parametrize("players, seed", GAMES)
def test_the_sheet_adds_up_to_the_scores(players, seed):
    state = _played(players, seed)
    sheet = GAME.score_sheet(state)
    assert list(sheet.totals) == state.scores()
    assert [sum(row) for row in sheet.points] == state.scores(), "every point has a source"
    assert sheet.sources[0] == "Start" and all(row[0] == 5 for row in sheet.points)
    assert EARNED_BEFORE not in sheet.sources
    top = max(state.scores())
    tied = state.scores().count(top) == 2
    assert bool(sheet.tie_break) == (state.tiebreak is not None)
    if not tied:
        assert sheet.tie_break == "", "no tie on points: no tie-break on the sheet"


@pytest.mark.rule("HM-080", "HM-082", "HM-084")
def test_a_tie_on_points_names_the_tie_break_duels():
    state = _played(5, 7)  # two Lords tie at the top and settle it by duels
    top = max(state.scores())
    pair = [seat for seat, v in enumerate(state.scores()) if v == top]
    assert len(pair) == 2 and state.winner in pair
    sheet = GAME.score_sheet(state)
    assert f"Player {pair[0] + 1} and Player {pair[1] + 1} tied on {top} points" in sheet.tie_break
    assert f"Player {state.winner + 1} inflicted" in sheet.tie_break and "HM-080" in sheet.tie_break


def test_a_duel_and_the_day_end_are_booked_to_their_sources():
    state = _played(3, 1)
    sheet = GAME.score_sheet(state)
    by = dict(zip(sheet.sources, zip(*sheet.points)))
    assert any(by["Reserve cards (each day's end)"]) and any(by["Duels"])


def test_a_loaded_game_says_its_points_came_before_the_save():
    state = _played(3, 2)
    loaded = HMState.from_dict(state.to_dict())
    sheet = GAME.score_sheet(loaded)
    assert list(sheet.totals) == state.scores() and [sum(row) for row in sheet.points] == state.scores()
    assert sheet.sources == ("Start", EARNED_BEFORE)
