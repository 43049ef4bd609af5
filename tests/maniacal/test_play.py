"""Whole games, saves, hidden information, views, bots and odds in a live position."""

import json

import pytest

from hench.core import CHANCE, IllegalActionError, InvalidStateError, RandomBot, Rng, play_game
from hench.maniacal import GAME, odds
from hench.maniacal.bots import HeuristicBot

from .helpers import contract_on, give, new, to_contracts


def load(text):
    return GAME.load_state(json.loads(text)["state"])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_and_save(players):
    for seed in range(4):
        final, n = play_game(new(players, seed), [RandomBot(i) for i in range(players)], Rng.from_seed(seed))
        assert final.is_terminal and final.round == 3 and n > 50 and final.winners()
        assert load(final.to_json()).to_json() == final.to_json()


def test_every_state_round_trips_and_refuses_illegal_moves_unchanged():
    state, rng = new(3, seed=11), Rng.from_seed(11)
    seen = 0
    while not state.is_terminal and seen < 400:
        text = state.to_json()
        assert load(text).to_json() == text
        action = rng.choice(state.legal_actions()) if state.current_player != CHANCE else state.legal_actions()[0]
        with pytest.raises(IllegalActionError):
            state.apply("pass" if state.phase != "contract_action" else "build R01")
        assert state.to_json() == text
        state = state.apply(action)
        seen += 1
    assert seen > 100


def test_tampered_saves_are_refused():
    state = to_contracts(new(3, seed=2))
    doc = json.loads(state.to_json())
    bad = json.loads(json.dumps(doc))
    bad["state"]["map"][0] = bad["state"]["map"][1]
    with pytest.raises(InvalidStateError, match="two places"):
        load(json.dumps(bad))
    bad = json.loads(json.dumps(doc))
    bad["state"]["decks"]["powers"].pop()
    with pytest.raises(InvalidStateError, match="lost"):
        load(json.dumps(bad))


def test_hidden_information_stays_hidden():
    state = new(3, seed=5)
    for seat in range(3):
        other = state.resample_hidden(seat, seed=seat)
        assert other.to_dict() != state.to_dict()
        for viewer in (None, *[v for v in range(3) if v != seat]):
            assert other.observation(viewer) == state.observation(viewer)
    obs = state.observation(None)
    assert all(isinstance(p["hand"], int) and isinstance(p["schemes"], int) for p in obs["players"])
    assert all("id" not in c for c in obs["map"])  # face down (MA-106: only the backs)
    assert {"difficulty", "team", "trait"} <= set(obs["map"][0])


def test_views():
    state = new(3, seed=5)
    assert state.notation().startswith("r1 draft Player 1:")
    assert "Player 3" in state._repr_html_() and "Phase I" in state._repr_html_()
    assert "P0" not in state.notation()


def test_heuristic_bot_plays_whole_games_and_beats_random_on_average():
    wins = 0
    for seed in range(8):
        bots = [HeuristicBot(seed), RandomBot(seed)]
        final, _ = play_game(new(2, seed), bots, Rng.from_seed(seed))
        wins += 0 in final.winners()
    assert wins >= 5


def test_same_seed_same_bot_game():
    a, _ = play_game(new(3, 4), [HeuristicBot(4)] * 3, Rng.from_seed(4))
    b, _ = play_game(new(3, 4), [HeuristicBot(4)] * 3, Rng.from_seed(4))
    assert a.to_json() == b.to_json()


def test_map_odds_in_a_live_position():
    state = new(2, seed=1)
    contract_on(state, 0, "E02")  # team 2, Brawn, Target 2
    give(state, 0, "BE10")
    state = to_contracts(state, order=[0, 1])
    table = odds.map_odds(state, 0)
    assert set(table) == {"North America", "South America", "Europe", "Africa", "Asia", "Oceania"}
    team = odds.best_team(state, 0, 0)
    assert team[0] == ("BE10", "") and team[1][1] == "brawn"
    assert odds.team_dice(state, 0, team) == {"brawn": 5, "stealth": 4, "intellect": 0, "magic": 0}
    assert table["North America"] == odds.success_chance(5, 4, 2)
    with_reroll = odds.map_odds(state, 0, rerolls=True)["North America"]
    assert table["North America"] < with_reroll <= 1
    assert all(v is None or 0 <= v <= 1 for v in table.values())


@pytest.mark.rule("MA-162", "MA-041")
def test_narration_names_hidden_cards_only_to_their_holder():
    """Each move says what happened as it happens (issue 26); a drawn Scheme is told to its holder alone, the others
    read only that a card was drawn (a locked draft pick is in the move's text, which Game.public_action hides)."""
    import re

    from hench.core import next_action

    private = 0
    for players, seed in ((3, 2), (4, 5)):
        state, rng, bots = new(players, seed), Rng.from_seed(seed), [RandomBot(seed + i) for i in range(players)]
        while not state.is_terminal:
            before, action = state, next_action(state, bots, rng)
            state = state.apply(action)
            if before.current_player != CHANCE:
                assert state.narration(None), f"{action} said nothing"
            for line in state.narration(None):
                assert line.to is None and line.rules and all(r.startswith(("MA-", "AMB-")) for r in line.rules)
            for seat in range(players):
                hidden = {c for i, lair in enumerate(state.lairs) if i != seat for c in (*lair.schemes, *lair.hand)}
                for line in state.narration(seat):
                    named = set(re.findall(r"\bSH\d\d\b", line.text))
                    assert not named & hidden, f"seat {seat} reads {line.text!r}"
                    private += line.to == (seat,)
    assert private > 10
