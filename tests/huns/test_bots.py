"""The Huns bots: both usable with hench.core.play_game; the heuristic one follows its rules of thumb."""

from __future__ import annotations

import pytest

from hench.core import Rng, play_game
from hench.huns.bots import HeuristicBot, RandomBot, make_bot

from .helpers import GAME, give_card, play, set_wagon, start, top_of_deck


def test_bots_have_names_and_finish_games():
    for bot in (make_bot("random", 1), make_bot("heuristic", 1)):
        assert bot.name in ("random", "heuristic")
        final, steps = play_game(GAME.new_game(players=3, seed=2), [bot, RandomBot(5), HeuristicBot(6)], Rng.from_seed(2))
        assert final.is_terminal and steps > 0
    with pytest.raises(ValueError):
        make_bot("oracle")


@pytest.mark.rule("HU-060")
def test_heuristic_takes_the_die_that_completes_a_wagon():
    s = set_wagon(start(2, dice=(1, 1, 2, 3, 3)), 0, 0, "W03", "G.B")  # GGB: one green space left
    assert str(HeuristicBot().choose(s)) == "take green"


@pytest.mark.rule("HU-088")
def test_heuristic_fills_a_mercenary():
    s = give_card(start(2, dice=(1, 1, 1, 1, 3)), 0, "ME-05")  # Horse-master, 2 spaces
    s = play(s, "take yellow", "pillage")
    assert str(HeuristicBot().choose(s)) == "onto ME-05"


@pytest.mark.rule("HU-094")
def test_heuristic_flees_a_costly_curse_and_accepts_a_mild_one():
    s = give_card(give_card(start(2, dice=(1, 1, 1, 1, 1)), 1, "RA-01"), 1, "RA-02")
    s = play(top_of_deck(s, "black", ["CU-08"]), "take black", "draw", "play CU-08")  # Bad Omen, 2 Raids unused
    assert str(HeuristicBot().choose(s)) == "flee"
    mild = play(top_of_deck(start(2, dice=(1, 1, 1, 1, 1)), "black", ["CU-07"]), "take black", "draw", "play CU-07")
    assert str(HeuristicBot().choose(mild)) == "accept"
