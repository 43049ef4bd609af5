"""The final score sheet (issue 29): each player's Infamy by source, totals equal to the scores, the tie-break only
when the most Infamy was shared; the board's player panels agree with the scoreboard at game over."""

from __future__ import annotations

import re

import pytest

import hench
from hench.core import Rng, next_action
from hench.maniacal import render, scoring
from hench.maniacal.bots import HeuristicBot

GAME = hench.get_game("maniacal")


def finished(seed: int, players: int = 3):
    """A game the heuristic bots play to its end."""
    state, rng = GAME.new_game(players=players, seed=seed), Rng.from_seed(seed)
    bots = [HeuristicBot(seed + i) for i in range(players)]
    while not state.is_terminal:
        state = state.apply(next_action(state, bots, rng))
    return state


@pytest.mark.rule("MA-220", "MA-222")
@pytest.mark.parametrize("seed", [2, 3, 11])
def test_sheet_totals_are_the_scores_and_sources_add_up(seed):
    state = finished(seed)
    sheet = GAME.score_sheet(state)
    assert sheet.sources == ("Infamy won in play", "Money-rank bonus")
    assert list(sheet.totals) == state.scores()
    assert all(sum(row) == total for row, total in zip(sheet.points, sheet.totals))
    assert [row[1] for row in sheet.points] == list(state.bonus) and any(state.bonus), "the money-rank bonus is a source"
    assert "MA-220" in sheet.rules and "MA-223" in sheet.rules


@pytest.mark.rule("MA-223")
def test_tie_break_said_only_when_the_most_infamy_was_shared():
    tied = finished(11)  # the Play app's default deal: two players end on the same Infamy
    s = tied.scores()
    assert s.count(max(s)) == 2
    sheet = GAME.score_sheet(tied)
    (winner,) = tied.winners()
    assert "most henchmen" in sheet.tie_break and "MA-223" in sheet.tie_break
    assert f"Player {winner + 1} wins" in sheet.tie_break
    clear = finished(2)
    assert clear.scores().count(max(clear.scores())) == 1
    assert GAME.score_sheet(clear).tie_break == ""


@pytest.mark.rule("MA-224")
def test_a_tie_on_henchmen_too_is_a_shared_win():
    state = finished(11).clone()
    a, b = [i for i, v in enumerate(state.scores()) if v == max(state.scores())]
    state.lairs[a].crew = state.lairs[b].crew[:]  # same number of henchmen
    assert sorted(state.winners()) == [a, b]
    assert "share the win (MA-224)" in scoring.tie_break_words(state)


@pytest.mark.rule("MA-220")
def test_player_panels_agree_with_the_scoreboard_at_game_over():
    state = finished(11)
    page = render.html(state.observation(0), False)
    shown = [int(x) for x in re.findall(r"&middot; Infamy <b>(\d+)</b>", page)]
    assert shown == state.scores(), "each panel's Infamy is the final score, money-rank bonus included"
    for i, lair in enumerate(state.lairs):
        assert f"({lair.infamy} in play + {state.bonus[i]} money-rank bonus)" in page


def test_play_app_shows_the_score_sheet_at_game_over(no_callback_errors):
    from widgets import maniacal as ma

    box = ma.play_table(players=3, seed=11)
    view = box.view
    view.session.reset(finished(11))
    view._after_move()
    sheet = view.sheet.value
    assert "Final score sheet" in sheet and "Money-rank bonus" in sheet and "Tie-break" in sheet
    for total in finished(11).scores():
        assert f"<b>{total}</b>" in sheet
