"""Issue 38: OpenSpiel's tools on the five games: ISMCTS and MCTS each play a full game of every game (small
budgets), and rl_environment.Environment steps a game of each with its tensors."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import hench.openspiel  # noqa: E402, F401  (registers the games)

from .test_codec import GAMES  # noqa: E402


def _play(game, searcher, rng: np.random.RandomState) -> pyspiel.State:
    """Seat 0 asks `searcher`, the other seats and the dice move at random; returns the final state."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(ids, p=np.array(probs) / sum(probs))))
        elif state.current_player() == 0:
            state.apply_action(searcher.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_ismcts_plays_a_full_game(game_id):
    game = pyspiel.load_game(f"hench_{game_id}", {"players": 2})
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rng)
    state = _play(game, bot, rng)
    assert sum(state.returns()) == pytest.approx(1.0)
    assert len([h for h in state.full_history() if h.player == 0]) > 5  # the bot moved many times


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_mcts_plays_a_full_game(game_id):
    game = pyspiel.load_game(f"hench_{game_id}", {"players": 2})
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rng)
    state = _play(game, bot, rng)
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", GAMES)
def test_rl_environment_steps_a_game_with_tensors(game_id):
    game = pyspiel.load_game(f"hench_{game_id}", {"players": 2})
    for kind in (rl_environment.ObservationType.OBSERVATION, rl_environment.ObservationType.INFORMATION_STATE):
        env = rl_environment.Environment(game, observation_type=kind, seed=3)
        size = env.observation_spec()["info_state"][0]
        rng = np.random.RandomState(3)
        step, steps, seen = env.reset(), 0, set()
        while not step.last():
            player = step.observations["current_player"]
            tensor = step.observations["info_state"][player]
            assert len(tensor) == size
            seen.add(tuple(tensor))
            step = env.step([int(rng.choice(step.observations["legal_actions"][player]))])
            steps += 1
        assert steps > 20 and len(seen) > 10  # the tensors change as the game goes on
        assert sum(step.rewards) == pytest.approx(1.0)
