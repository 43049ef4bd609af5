"""Setup (MA-011 .. MA-030), the game frame (MA-002 .. MA-006, MA-035, MA-036) and the Bodyguard Option."""

from collections import Counter

import pytest

from hench.core import InvalidOptionError
from hench.maniacal import GAME, READINGS, assumptions

from .helpers import new


@pytest.mark.rule("MA-028", "MA-027", "MA-026", "MA-029")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ex01_starting_money(players):
    state = new(players, seed=players)
    # MA-027: the order runs clockwise (seat + 1) from the first player
    assert state.order == [(state.order[0] + k) % players for k in range(players)]
    assert [state.lairs[s].money for s in state.order] == [8, 9, 10, 11, 12][:players]  # EX-01
    if players == 3:
        assert sum(lair.money for lair in state.lairs) == 27
    firsts = {new(players, seed=s).order[0] for s in range(30)}
    assert len(firsts) > 1  # MA-026: the first player is drawn


@pytest.mark.rule("MA-012", "MA-013", "MA-105")
def test_ex02_initial_contract_seeding():
    state = new(3)
    kinds = Counter(state.data.cards[c].difficulty for c in state.map)
    assert len(state.map) == 6 and kinds == {"easy": 4, "hard": 2}
    assert (len(state.decks["easy"]), len(state.decks["hard"]), len(state.decks["legendary"])) == (29, 30, 32)
    maps = {tuple(state.data.cards[c].difficulty for c in new(3, seed=s).map) for s in range(20)}
    assert len(maps) > 1  # placed at random


@pytest.mark.rule("MA-011", "MA-014", "MA-015", "MA-017", "MA-018", "MA-019", "MA-035", "MA-036")
def test_decks_and_round_marker():
    a, b = new(3, seed=1), new(3, seed=2)
    assert a.round == 1 and a.phase == "draft"
    for t in ("beast", "criminal", "scientist", "mystic"):  # MA-015: shuffled, own type, top face up
        assert {a.data.cards[h].type for h in a.decks[t]} == {t}
        assert a.observation(1)["offers"][t] == a.decks[t][0]
    assert a.decks["beast"] != b.decks["beast"]
    assert all(r.startswith("R") for r in a.decks["rooms"]) and all(p.startswith("PW") for p in a.decks["powers"])  # MA-017
    assert len(a.decks["powers"]) == 14 and len(a.decks["schemes"]) == 25 - 3 and len(a.decks["mercenaries"]) == 8
    assert a.observation(0)["decks"]["easy"] == 29 and "injuries" not in a.decks  # MA-014: an unlimited supply


@pytest.mark.rule("MA-022", "MA-023", "MA-024", "MA-025", "MA-030", "MA-160", "MA-065", "MA-002", "MA-004")
def test_each_player_starts_alike():
    state = new(5, seed=3)
    assert len({lair.sv for lair in state.lairs}) == 5
    for lair in state.lairs:
        lackey = state.data.cards[lair.sv].lackey
        assert [m.id for m in lair.crew] == [lackey]  # MA-022, MA-065: exactly one Lackey
        assert state.data.cards[lackey].type == "lackey"
        assert lair.attraction == [0, 0, 0, 0] and lair.infamy == 0 and lair.sv_ready  # MA-023 .. MA-025
        assert len(lair.schemes) == 1  # MA-030, MA-160
    assert state.scores() == [0] * 5  # MA-002: the score is Infamy


@pytest.mark.rule("MA-021")
def test_supervillains_play_without_abilities():
    """MA-021: the abilities are not in the text, so the engine plays the first-game way: Supervillains
    differ only by their home continent (the same spread of weeks)."""
    data = new(2).data
    spreads = {tuple(sorted(sv.costs)) for sv in data.supervillains}
    assert spreads == {(3, 4, 4, 4, 5, 5)} and len({sv.home for sv in data.supervillains}) == 5


@pytest.mark.rule("MA-230", "MA-231", "MA-233")
def test_bodyguard_option():
    state = new(5, seed=4, bodyguard=True)
    for lair in state.lairs:
        kinds = [state.data.cards[m.id].type for m in lair.crew]
        assert kinds == ["lackey", "mercenary"] and lair.crew[1].bodyguard
    assert len(state.decks["mercenaries"]) == 3
    assert all(len(lair.crew) == 2 for lair in new(2, seed=4, bodyguard=True).lairs)  # AMB-30: any player count
    with pytest.raises(InvalidOptionError):
        new(3, bodyguard="yes")


def test_readings_and_assumptions_are_listed():
    assert "AMB-05" in {r.id for r in READINGS} and GAME.min_players == 2 and GAME.max_players == 5
    assert any(row.what == "number of players" and row.source == "assumed" for row in assumptions())
