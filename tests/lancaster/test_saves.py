"""Bad Lancaster saves (issue 14): each edit that breaks an invariant the engine relies on is refused with
InvalidStateError naming the field (hench/lancaster/validate.py, state.FIELDS), the engine's own saves along a
game all load, and a save of the stand-in base game played before issue 27 is refused naming the change."""

from __future__ import annotations

import json

import pytest

import hench
import hench.lancaster
from hench.core import InvalidStateError

from ..test_conformance import walk


def first(pred, players: int = 5):
    for seed in range(1, 40):
        for state, _, _ in walk("lancaster", players, seed):
            if pred(state):
                return json.loads(state.to_json())
    raise AssertionError("no such state in 40 games")


def refusal(doc: dict) -> str:
    with pytest.raises(InvalidStateError) as err:
        hench.state_from_json(json.dumps(doc))
    return str(err.value)


@pytest.mark.rule("LB-035")
def test_a_vote_spending_more_votes_of_might_than_held_is_refused():
    doc = first(lambda s: s.stage == "vote" and any(v is not None for v in s.votes))
    st = doc["state"]
    p = next(i for i, v in enumerate(st["votes"]) if v is not None)
    st["votes"][p][1] = st["res"][p]["vm"] + 1
    assert refusal(doc).startswith(f"state.votes[{p}][1] is {st['res'][p]['vm'] + 1}, but Player {p + 1} holds")


@pytest.mark.rule("LB-035")
def test_votes_out_of_turn_are_refused():
    doc = first(lambda s: s.stage == "vote" and all(v is None for v in s.votes))
    st = doc["state"]
    late = (st["start"] + 1) % st["players"]  # the second voter has voted, the first not
    st["votes"][late] = [True, 0]
    assert refusal(doc).startswith("state.votes should hold the votes of the first seats from")


@pytest.mark.rule("LH-111")
def test_votes_of_might_held_outside_the_laws_are_refused():
    doc = first(lambda s: s.stage == "place")
    doc["state"]["vm_hold"][0] = 2
    assert refusal(doc).startswith("state.vm_hold holds voting markers over only while the laws are applied")


@pytest.mark.rule("LH-110")
def test_a_law_choice_offering_more_than_the_player_can_pay_is_refused():
    doc = first(lambda s: any(t[1] == "law_choice" for t in s.pending))
    st = doc["state"]
    i = next(k for k, t in enumerate(st["pending"]) if t[1] == "law_choice")
    st["pending"][i][2]["max"] += 50
    assert refusal(doc).startswith(f"state.pending[{i}] offers a choice under")


@pytest.mark.rule("LB-069")
def test_a_knight_moved_on_the_board_but_not_in_its_record_names_the_knight():
    doc = first(lambda s: any(k[1].startswith("county:") for k in s.knights[0]))
    st = doc["state"]
    j = next(k for k, kn in enumerate(st["knights"][0]) if kn[1].startswith("county:"))
    st["knights"][0][j][1] = "court"
    assert refusal(doc).startswith(f"state.knights[0][{j}] is at 'court' but the board has it at 'county:")


def test_a_field_of_the_wrong_kind_is_named():
    doc = first(lambda s: True)
    doc["state"]["round"] = "2"
    assert refusal(doc).startswith("state.round should be a whole number")
    doc = first(lambda s: True)
    doc["state"]["res"][1]["gold"] = True
    assert refusal(doc).startswith("state.res[1].gold should be a whole number")


def test_every_save_along_a_game_loads_whole():
    for state, _, _ in walk("lancaster", 3, 11):
        text = state.to_json()
        assert hench.state_from_json(text).to_json() == text


def test_a_save_of_the_stand_in_game_is_refused_naming_the_change():
    doc = first(lambda s: True)
    del doc["state"]["edition"]
    said = refusal(doc)
    assert "stand-in" in said and "Lancaster-Lite" in said and "issue 27" in said and "new game" in said


def test_counts_in_a_save_are_bounded_by_what_a_game_can_hold():
    """Issue 31: a save with 1,000,000 squires was accepted (83 s and 2.4 GB to load, 458,779 legal moves at
    65,535). Pieces one place holds are bounded (the box has 37 of each; random play never passed 15)."""
    doc = json.loads(hench.get_game("lancaster").new_game(players=3, seed=1).to_json())
    for where in ("squires", "gold", "vm"):
        bad = json.loads(json.dumps(doc))
        bad["state"]["res"][0][where] = 1_000_000
        with pytest.raises(InvalidStateError, match=rf"state\.res\[0\]\.{where} should be a whole number 0\.\.99"):
            hench.state_from_json(json.dumps(bad))
    doc["state"]["res"][0]["squires"] = 99
    assert len(hench.state_from_json(json.dumps(doc)).legal_actions()) < 1000, "the most a save holds stays playable"


def test_every_position_of_games_with_every_module_reloads():
    """Issue 31: a position reached by legal play must load again (a knight upgraded in the tower was refused)."""
    from hench.core import Rng
    from hench.core.bots import RandomBot, next_action

    game, states = hench.get_game("lancaster"), 0
    for players, seed in ((2, 3), (3, 4), (5, 5)):
        state = game.new_game(players=players, seed=seed, modules="KC+KR+LK")
        rng, bots = Rng.from_seed(seed), [RandomBot(seed + i) for i in range(players)]
        while not state.is_terminal:
            assert hench.state_from_json(state.to_json()) == state
            state = state.apply(next_action(state, bots, rng))
            states += 1
    assert states > 300


def test_an_agenda_step_naming_something_the_engine_cannot_run_is_refused():
    """Issue 31 (the offline fuzz batch): 'conflict:C2', a knight's place, in the agenda loaded and then crashed
    in play. Each step names what the engine writes: a conflict card on the board, a county or castle number."""
    doc = first(lambda s: any(x.startswith("conflict:") for x in s.agenda))
    i = next(k for k, x in enumerate(doc["state"]["agenda"]) if x.startswith("conflict:"))
    card = int(doc["state"]["agenda"][i].split(":")[1])
    for bad in (f"conflict:C{card + 1}", "conflict:99", "county:9", "castle:x", "cleanup:1"):
        doc["state"]["agenda"][i] = bad
        assert "state.agenda" in refusal(doc)


def test_an_agenda_that_could_never_end_its_stage_is_refused():
    """Issue 31 (the offline fuzz batch): a laws-stage agenda that lost its 'laws_done' loaded, and play then
    reached a state with no legal move. The stage's last step is there, once, and the steps are the stage's."""
    doc = first(lambda s: s.stage == "laws" and s.pending)
    agenda = doc["state"]["agenda"]
    for bad in (agenda[:-1], [*agenda, "laws_done"], ["cleanup", *agenda]):
        doc["state"]["agenda"] = bad
        assert "state.agenda" in refusal(doc)


def test_a_vote_past_the_proposals_is_refused():
    """Issue 31 (the offline fuzz batch): a vote_index past the proposals loaded, then crashed in play."""
    doc = first(lambda s: s.stage == "vote" and s.vote_index == 1)
    proposals = doc["state"]["proposals"]
    doc["state"]["vote_index"], doc["state"]["tally"] = len(proposals), [[law, 1, 0] for law in proposals]
    assert "state.vote_index" in refusal(doc)
    doc["state"]["vote_index"], doc["state"]["tally"] = 1, [["BL-99", 1, 0]]
    assert "state.tally" in refusal(doc)


def test_a_conflict_deck_that_does_not_fit_the_round_is_refused():
    """Issue 31 (the offline fuzz batch): a round-2 save whose conflict cards had moved from the deck to the
    discards loaded, and round 3 then dealt no conflict: a player with only a weak knight left had no move."""
    doc = first(lambda s: s.round == 2 and s.stage == "place")
    st = doc["state"]
    st["discarded"], st["conflict_deck"] = st["discarded"] + st["conflict_deck"][2:], st["conflict_deck"][:2]
    assert "state.conflict_deck" in refusal(doc)


@pytest.mark.rule("LB-043")
def test_the_most_at_zero_reading_is_saved_when_not_the_default_and_older_saves_load_with_the_default():
    default = json.loads(hench.lancaster.GAME.new_game(players=3, seed=2).to_json())
    assert "most_at_zero" not in default["state"]  # a save from before the option looks the same: it loads with 'all'
    assert hench.state_from_json(json.dumps(default)).most_at_zero == "all"
    other = hench.lancaster.GAME.new_game(players=3, seed=2, most_at_zero="nobody")
    doc = json.loads(other.to_json())
    assert doc["state"]["most_at_zero"] == "nobody" and hench.state_from_json(other.to_json()).most_at_zero == "nobody"
    doc["state"]["most_at_zero"] = "some"
    assert "most_at_zero" in refusal(doc)
