"""The Play app's final score sheet (issue 29): each player's power points by source, in the game's words."""

from __future__ import annotations

import pytest

from hench.core import Rng, next_action
from hench.lancaster import GAME
from hench.lancaster.bots import make_bot
from hench.lancaster.scoring import score_sheet


def finished(modules: str, seed: int = 3, players: int = 3):
    state = GAME.new_game(players=players, seed=seed, modules=modules)
    bots = [make_bot("heuristic", i) for i in range(players)]
    rng = Rng.from_seed(seed)
    while not state.is_terminal:
        state = state.apply(next_action(state, bots, rng))
    return state


@pytest.mark.rule("LB-077", "LB-078", "LB-079", "LH-064", "LH-093")
@pytest.mark.parametrize("modules", ["none", "KC", "KR", "KC+KR+LK"])
def test_the_sheet_adds_up_to_the_scores(modules):
    state = finished(modules)
    sheet = score_sheet(state)
    assert GAME.score_sheet is score_sheet
    assert list(sheet.totals) == state.scores()
    assert all(sum(row) == total for row, total in zip(sheet.points, sheet.totals))
    assert ("Seals" in sheet.sources) == ("KC" in modules) and ("Dishonor" in sheet.sources) == ("KR" in modules)
    assert sheet.sources[:4] == ("Rounds 1-5", "Knighthood", "Castle extensions", "Company at table")
    assert "LB-077" in sheet.rules and ("LH-064" in sheet.rules) == ("KC" in modules)


@pytest.mark.rule("LB-080", "LB-087")
def test_a_tie_on_points_is_shared_and_names_no_tie_break():
    state = finished("KC+KR+LK")
    assert score_sheet(state).tie_break == ""
    tied = state.clone()
    best = max(tied.scores())
    for seat in range(2):
        tied.res[seat]["pp"] += best + 1 - tied.scores()[seat]
    assert tied.winners() == [0, 1]  # a shared win: nothing broke the tie
    sheet = score_sheet(tied)
    assert sheet.tie_break == "" and sheet.totals[0] == sheet.totals[1] == best + 1
    assert all(sum(row) == total for row, total in zip(sheet.points, sheet.totals))
