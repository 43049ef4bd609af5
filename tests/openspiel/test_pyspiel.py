"""Issue 38: the five games through OpenSpiel (hench.openspiel): OpenSpiel's own conformance test at every player
count with serialization on, a truthful GameType / GameInfo, observations unchanged by a save and load, and the
ISMCTS resampler's worlds agreeing with the seat's view but not with the true future."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
import hench  # noqa: E402
import hench.openspiel as hos  # noqa: E402
from hench import get_game  # noqa: E402
from hench.core.chance import CHANCE  # noqa: E402

from .test_codec import COUNTS, GAMES  # noqa: E402


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_openspiel_random_sim_test_with_serialization(game_id, players):
    game = pyspiel.load_game(f"hench_{game_id}", {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_game_type_and_info_are_truthful(game_id):
    hench_game = get_game(game_id)
    game = pyspiel.load_game(f"hench_{game_id}", {"players": hench_game.max_players})
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC  # the deal, then hench's chance nodes
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION and hench_game.hidden_information
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM and game.utility_sum() == 1.0
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (hench_game.min_players, hench_game.max_players)
    codec = hench_game.action_codec(None)
    assert game.num_distinct_actions() == codec.num_distinct_actions
    assert game.max_chance_outcomes() == codec.max_chance_outcomes + hos.DEAL_BASE
    assert game.max_game_length() == hos.max_game_length(game_id, hench_game.max_players)
    assert game.observation_tensor_shape() == [hos.OBSERVATION_SIZE]
    assert game.information_state_tensor_shape() == [hos.OBSERVATION_SIZE + hos.HISTORY_SIZE]


def _played(game_id: str, players: int, moves: int, seed: int = 0):
    """A pyspiel state `moves` steps (chance outcomes included) into a random game."""
    rng = random.Random(seed)
    state = pyspiel.load_game(f"hench_{game_id}", {"players": players}).new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(ids, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_returns_share_the_win():
    state = _played("hemloch", 2, 10_000)
    assert state.is_terminal()
    winners = state.hench_state.winners()
    assert state.returns() == [1.0 / len(winners) if s in winners else 0.0 for s in range(2)]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_observation_after_a_save_and_load_equals_the_original(game_id):
    """OpenSpiel's serialize goes through hench's saves: every seat's observation and information state read the
    same after it, at several points of a game."""
    game = pyspiel.load_game(f"hench_{game_id}", {"players": 2})
    for moves in (1, 2, 7, 30, 80):
        state = _played(game_id, 2, moves, seed=moves)
        loaded = game.deserialize_state(state.serialize())
        assert str(loaded) == str(state)
        for seat in range(2):
            assert loaded.observation_string(seat) == state.observation_string(seat), (moves, seat)
            assert loaded.information_state_string(seat) == state.information_state_string(seat)
            assert loaded.observation_tensor(seat) == state.observation_tensor(seat)


def test_the_deal_is_four_chance_nodes_no_seat_sees():
    """The deal: four chance nodes of 256 equally likely bytes, after which the game is dealt from their seed;
    nobody sees them (every seat's record says only "deal")."""
    game = pyspiel.load_game("hench_huns", {"players": 3})
    first = get_game("huns").action_codec(None).max_chance_outcomes
    dealt = []
    for byte in (0, 1):
        state = game.new_initial_state()
        for _ in range(hos.DEAL_STEPS):
            assert state.is_chance_node() and [i for i, _ in state.chance_outcomes()] == list(range(first, first + 256))
            state.apply_action(first + byte)
        assert not state.is_chance_node() or state.hench_state.current_player == -1
        assert state.information_state_string(0).endswith("deal deal deal deal")
        dealt.append(str(state))
    assert dealt[0] != dealt[1]
    assert dealt[0] == get_game("huns").new_game(players=3, seed=0).to_json()
    assert dealt[1] == get_game("huns").new_game(players=3, seed=0x01010101).to_json()  # the bytes, first most significant


def _future_views(state, seat: int, steps: int, seed: int) -> list[str]:
    """Seat's observations along `steps` moves chosen by position in the legal list (the same choices in any world)."""
    rng = random.Random(seed)
    views = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes())
            state = state.child(rng.choices(ids, probs)[0])
        else:
            legal = state.legal_actions()
            state = state.child(legal[rng.randrange(len(legal))])
        views.append(state.observation_string(seat))
    return views


@pytest.mark.parametrize("game_id", GAMES)
def test_a_resampled_world_keeps_the_seats_view_but_not_the_true_future(game_id):
    """ISMCTS's worlds: the seat's information state is unchanged (ISMCTS asserts it), the same sampler value gives
    the same world, and over several samples the next hidden draws differ from the true game's in some."""
    state = _played(game_id, 2, 12, seed=4)
    while state.is_chance_node():
        state = state.child(state.chance_outcomes()[0][0])
    seat = state.current_player()
    truth = _future_views(state.clone(), seat, 150, seed=9)
    differ = 0
    for value in (0.11, 0.23, 0.37, 0.41, 0.53, 0.67, 0.79, 0.97):
        world = state.resample_from_infostate(seat, lambda v=value: v)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_string(seat) == state.observation_string(seat)
        assert str(state.resample_from_infostate(seat, lambda v=value: v)) == str(world)
        differ += _future_views(world, seat, 150, seed=9) != truth
    assert differ >= 1, "every resampled world drew what the true game will draw"


def test_a_hench_position_plays_on_in_openspiel():
    """`from_hench`: a position from a save (or a Session) as a pyspiel state, its moves the same as hench's."""
    hench_game = get_game("maniacal")
    position = hench_game.new_game(players=3, seed=5)
    for _ in range(15):
        position = position.apply(position.legal_actions()[0] if position.current_player != CHANCE
                                  else position.chance_outcomes()[0][0])
    game = pyspiel.load_game("hench_maniacal", {"players": 3})
    state = game.from_hench(hench.state_from_json(position.to_json()))
    wanted = [a for a, _ in position.chance_outcomes()] if position.current_player == CHANCE else position.legal_actions()
    assert sorted(hench_game.action_id(position, a) for a in wanted) == (
        [i for i, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions())
    state.apply_action(state.legal_actions()[0])
    assert state.hench_state == position.apply(hench_game.action_from_id(position, min(
        hench_game.action_id(position, a) for a in wanted)))
