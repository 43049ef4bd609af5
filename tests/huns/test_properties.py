"""Whole-game properties: conservation, playouts to the end, saving and loading, illegal actions,
legal_actions() agreeing with the named checks, action text round trips."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hench
from hench.core import CHANCE, IllegalActionError, InvalidActionError, InvalidStateError, RandomBot, Rng, play_game, sample_outcome
from hench.huns.bots import HeuristicBot
from hench.huns.data import COLOURS
from hench.huns.legality import CHECKS
from hench.huns.phases import PHASES
from hench.huns.state import PHASE_IDS, RESERVE_BY_PLAYERS

from .helpers import GAME


def walk(players: int, seed: int, bots=None, **options):
    """Every (state, action) of one game played to the end."""
    state = GAME.new_game(players=players, seed=seed, **options)
    rng = Rng.from_seed(seed)
    bots = bots or [RandomBot(seed + i) for i in range(players)]
    while not state.is_terminal:
        if state.current_player == CHANCE:
            action = sample_outcome(state.chance_outcomes(), rng)
        else:
            action = bots[state.current_player].choose(state)
        yield state, action
        state = state.apply(action)
    yield state, None


def conserved(state) -> None:
    assert state.cube_totals() == [RESERVE_BY_PLAYERS[state.n]] * 5
    assert sorted(state.card_locations()) == list(range(len(state.data.cards)))
    assert sorted(state.wagon_locations()) == list(range(len(state.data.wagons)))


@pytest.mark.rule("HU-020", "HU-063", "HU-067", "HU-068", "HU-016")
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]), strict=st.booleans(), same=st.booleans())
def test_cubes_cards_and_wagons_are_conserved_at_every_step(seed, players, strict, same):
    for state, _ in walk(players, seed, strict_pillage_use=strict, raid_same_turn=same):
        conserved(state)


@pytest.mark.rule("HU-031", "HU-038", "HU-106")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_playouts_reach_the_end(players, seed):
    *_, (final, _) = walk(players, seed)
    assert final.phase == "game_over" and final.is_terminal
    assert min(final.reserve) == 0 or not all(final.decks)
    assert final.winners() and len(final.scores()) == players


@pytest.mark.rule("HU-001")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bots_finish_and_beat_random(players):
    wins = 0
    for seed in range(6):
        bots = [HeuristicBot(seed)] + [RandomBot(seed + i) for i in range(1, players)]
        final, _ = play_game(GAME.new_game(players=players, seed=seed), bots, Rng.from_seed(seed))
        assert final.is_terminal
        wins += 0 in final.winners()
    assert wins >= 4


@pytest.mark.parametrize("players,seed", [(2, 5), (3, 6), (4, 7)])
def test_json_round_trip_and_no_mutation(players, seed):
    for i, (state, action) in enumerate(walk(players, seed)):
        text = state.to_json()
        back = hench.state_from_json(text)
        assert back == state and back.to_json() == text
        if action is not None:
            state.apply(action)
            assert state.to_json() == text  # apply never changes the receiver
        if i % 7 == 0 and action is not None:
            assert back.legal_actions() == state.legal_actions()


def _tamper(doc, path, value):
    node = doc["state"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


TAMPERS = [
    (("reserve", 0), 19), (("reserve", 0), -1), (("rng",), "x"), (("phase",), "lunch"), (("players",), 5),
    (("decks", "blue", 0), "ZZ-01"), (("camps", 0, "stash", 2), 1), (("camps", 0, "wagons", 0, "load"), "."),
    (("turn_state", "holding", 1), 1), (("wagon_deck", 0), "W01"), (("removed",), []), (("extra",), 1),
    (("turn_state", "resume"), "nowhere"), (("camps", 0, "cards"), ["EQ-01"]), (("display", 0), 7),
    (("data",), {"card": "nope"}), (("options", "strict_pillage_use"), "yes"),
    (("phase",), "turn_choose_action"), (("phase",), "pillage_place"), (("turn",), 3), (("phase",), "wagon_replace"),
    (("turn_state", "setup_queue"), []), (("dice", 0), 2), (("taken", 1), 0), (("turn_state", "reroll"), "red"),
]


@pytest.mark.rule("HU-019", "HU-024")
@pytest.mark.parametrize("path,value", TAMPERS)
def test_tampered_json_is_rejected(path, value):
    state = GAME.new_game(players=3, seed=3)
    doc = json.loads(state.to_json())
    _tamper(doc, path, value)
    with pytest.raises(InvalidStateError):
        hench.state_from_json(json.dumps(doc))


def test_missing_field_is_rejected():
    doc = json.loads(GAME.new_game(players=2, seed=3).to_json())
    del doc["state"]["turn_state"]["hand"]
    with pytest.raises(InvalidStateError, match="hand"):
        hench.state_from_json(json.dumps(doc))


def universe(s) -> list[str]:
    """A wide set of well-formed action strings, legal or not, for this position."""
    out = ["draw", "pillage", "flee", "accept", "send back", "return the rest", "end turn", "onto wagons",
           "take wagon from deck", "first bonus", "first penalty"] + [f"take wagon from display {i}" for i in range(1, 5)]
    out += [f"curse player {p}" for p in range(1, s.n + 1)]
    for c in COLOURS:
        out += [f"{c} rolls {v}" for v in range(1, 5)] + [f"take {c}", f"reroll {c}", f"bonus {c}"]
        out += [f"bonus {c}+{d}" for d in COLOURS if COLOURS.index(d) >= COLOURS.index(c)]
        out += [f"place {c} on wagon {k}" + t for k in (1, 2) for t in [""] + [f" {d} space" for d in COLOURS if d != c]]
    ids = {s.card_id(x) for x in s.hand} | {"EQ-01", "TR-01", "CU-01", "ME-01"}
    out += [f"play {i}" for i in sorted(ids)]
    out += [f"onto {s.card_id(x)}" for camp in s.camps for x in camp.cards] + ["onto EQ-02"]
    raids = {s.card_id(x) for x in s.camps[s.active].cards if s.data.cards[x].colour == 1} | {"RA-01"}
    for r in sorted(raids):
        out += [f"activate {r}"] + [f"activate {r} {c}" for c in COLOURS] + [f"activate {r} from {c}" for c in COLOURS]
        out += [f"activate {r} player {p} wagon {k} {c}" for p in range(1, s.n + 1) for k in (1, 2) for c in COLOURS]
    return out


@pytest.mark.rule("HU-033", "HU-041", "HU-051", "HU-057", "HU-064", "HU-086")
@pytest.mark.parametrize("players,seed,options", [
    (2, 11, {}), (3, 12, {}), (4, 13, {}),
    (3, 14, {"strict_pillage_use": False, "raid_same_turn": False, "setup_bonus_destination": "stash"}),
    (4, 15, {"strict_pillage_use": False, "raid_same_turn": False}),
])
def test_legal_actions_agree_with_the_named_checks(players, seed, options):
    bots = [HeuristicBot(seed + i) if i % 2 else RandomBot(seed + i) for i in range(players)]
    for i, (state, _) in enumerate(walk(players, seed, bots=bots, **options)):
        if i % 3 or state.is_terminal:
            continue
        legal = set(state.legal_actions())
        assert len(legal) == len(state.legal_actions())  # no duplicates
        for action in {GAME.parse_action(state, text) for text in universe(state)} | legal:
            failed = CHECKS.first_violation(state, action)  # checks run in order
            if action in legal:
                assert not failed, (action, failed, state.notation())
            else:
                assert failed, (action, state.notation())


@pytest.mark.parametrize("players,seed", [(2, 21), (4, 22)])
def test_illegal_actions_raise_with_a_rule_and_change_nothing(players, seed):
    for i, (state, _) in enumerate(walk(players, seed)):
        if i % 5 or state.is_terminal:
            continue
        text = state.to_json()
        legal = set(state.legal_actions())
        for action in universe(state)[::9]:
            if GAME.parse_action(state, action) in legal:
                continue
            with pytest.raises(IllegalActionError) as err:
                state.apply(action)
            assert hench.rules.get(err.value.rule_id).game == "huns"
            assert "not allowed" in str(err.value) and err.value.why
            assert state.to_json() == text


@pytest.mark.parametrize("players,seed", [(3, 31)])
def test_actions_print_and_parse_back(players, seed):
    for state, _ in walk(players, seed):
        for action in state.legal_actions():
            assert GAME.parse_action(state, str(action)) == action
            assert GAME.parse_action(state, "  " + str(action).upper().replace(" ", "  ")) == action
            hash(action)


@pytest.mark.parametrize("bad", [42, None, ("take", 0), "take purple", "fly away", "place blue on wagon 0",
                                 "place blue on wagon 3", "take wagon from display 0", "take wagon from display 5",
                                 "curse player x", "curse player 0", "curse player 3", "play ZZ-99", "green rolls ²",
                                 "place red on wagon ²", "curse player ²", ""])
def test_malformed_actions(bad):
    state = GAME.new_game(players=2, seed=1)
    with pytest.raises(InvalidActionError):
        state.apply(bad)


def test_every_phase_is_listed_with_catalogue_rules():
    assert PHASE_IDS == hench.huns.PHASES.ids
    for phase in hench.huns.PHASES:
        assert phase.title and all(hench.rules.get(r).game == "huns" for r in phase.rules)
    seen = {state.phase for players in (2, 3, 4) for state, _ in walk(players, 40 + players)}
    assert seen <= set(PHASE_IDS)
    assert {"round_roll_dice", "turn_take_die", "turn_choose_action", "draw_choose_card", "pillage_place",
            "wagon_replace", "game_over"} <= seen


def test_notation_and_html():
    state = GAME.new_game(players=3, seed=4)
    *_, (final, _) = walk(3, 4)
    for s in (state, final):
        line = s.notation()
        assert "\n" not in line and s.phase not in line and PHASES.title(s.phase) in line and repr(s).startswith("<huns ")
        html = s._repr_html_()
        assert html.startswith("<div") and "Player 2" in html and "reserve" in html
    assert "Final scoring" in final._repr_html_()
