"""Phase II, Henchmen (MA-064 .. MA-079): recruitment by attraction, in type order, ties by player order.
EX-04 (the rulebook's example, every consistent starting position) and EX-05."""

from itertools import product

import pytest

from hench.maniacal import transitions
from hench.maniacal.state import Member

from .helpers import new, said

TYPES = ("beast", "criminal", "scientist", "mystic")
HASSAN, SIMON, DAVE = 0, 1, 2


def by_name(state, name):
    return next(h.id for h in state.data.henchmen if h.name == name)


def stack(state, t, ids):
    """Put these cards on top of deck `t`, in this order."""
    rest = [h for h in state.decks[t] if h not in ids]
    state.decks[t] = ids + rest


def ex04_state(h=4, b_d=2, s_h=2, m_s=2, m_d=1):
    state = new(3, seed=1)
    state.order = [SIMON, HASSAN, DAVE]  # Simon 1st, Hassan 2nd, Dave 3rd
    hammer = next(x.id for x in state.data.henchmen if x.type == "beast" and x.cost == h and x.name != "Royal Jelly")
    stack(state, "beast", [by_name(state, "Royal Jelly"), hammer])
    stack(state, "criminal", [by_name(state, "Ms. Nomer"), by_name(state, "Magpie")])
    stack(state, "scientist", [by_name(state, "Gray Matter"), by_name(state, "Centrifuge")])
    stack(state, "mystic", [by_name(state, "Occulus"), by_name(state, "The Minister")])
    state.lairs[HASSAN].attraction = [6, 0, s_h, 4]
    state.lairs[SIMON].attraction = [h, 3, 3, m_s]
    state.lairs[DAVE].attraction = [b_d, 1, 8, m_d]
    return state


def recruits(state):
    return [[state.data.cards[m.id].name for m in lair.crew if state.data.cards[m.id].type != "lackey"]
            for lair in state.lairs]


@pytest.mark.rule("MA-070", "MA-071", "MA-072", "MA-073", "MA-074", "MA-075", "MA-076", "MA-077", "MA-078", "MA-064", "MA-068")
def test_ex04_recruitment_concrete():
    state = ex04_state()
    magpie = by_name(state, "Magpie")
    transitions.recruit(state)
    assert state.lairs[HASSAN].attraction == [3, 0, 2, 0]
    assert state.lairs[SIMON].attraction == [0, 0, 0, 2]
    assert state.lairs[DAVE].attraction == [2, 1, 3, 1]
    got = recruits(state)
    assert got[HASSAN] == ["Royal Jelly", "Occulus", "The Minister"]
    assert got[SIMON] == ["Hammerhead", "Ms. Nomer", "Centrifuge"]
    assert got[DAVE] == ["Gray Matter"]
    assert sum(map(len, got)) == 7  # the second Criminal slot stays empty (MA-076)
    assert state.decks["criminal"][0] == magpie  # MA-076, MA-078: Magpie stays face up for round 2
    assert any("nobody recruits Magpie" in e for e in said(state))


@pytest.mark.rule("MA-077", "MA-075")
def test_ex04_every_consistent_start_gives_the_same_recruiters():
    """The catalogue's property test: for every starting position the example allows, the same sequence."""
    for h, m_s in product((3, 4, 5), (0, 1, 2)):
        for b_d, s_h, m_d in product(range(h + 1), range(4), range(4)):
            state = ex04_state(h, b_d, s_h, m_s, m_d)
            transitions.recruit(state)
            lines = [e for e in said(state) if "recruits" in e]
            assert [e.split(" recruits ")[0].replace("nobody", "none") for e in lines] == [
                "Player 1", "Player 2", "Player 2", "none", "Player 3", "Player 2", "Player 1", "Player 1"]


@pytest.mark.rule("MA-077", "MA-079")
def test_ex05_recruitment_tie():
    state = new(3, seed=2)
    green, blue = 2, 0
    state.order = [green, blue, 1]
    cheap = next(x.id for x in state.data.henchmen if x.type == "beast" and x.cost == 2)
    three = next(x.id for x in state.data.henchmen if x.type == "beast" and x.cost == 3)
    stack(state, "beast", [cheap, three])
    state.lairs[green].attraction[0] = state.lairs[blue].attraction[0] = 5
    state.lairs[1].attraction[0] = 1
    transitions.recruit(state)
    assert state.lairs[green].attraction[0] == 3 and state.lairs[blue].attraction[0] == 2  # and they carry over
    assert [m.id for m in state.lairs[green].crew][-1] == cheap and [m.id for m in state.lairs[blue].crew][-1] == three


@pytest.mark.rule("MA-070")
def test_at_most_two_per_type():
    state = new(2, seed=3)
    state.lairs[0].attraction = [99, 99, 99, 99]
    transitions.recruit(state)
    kinds = [state.data.cards[m.id].type for m in state.lairs[0].crew]
    assert sorted(kinds) == sorted(["lackey"] + [t for t in TYPES for _ in range(2)])
    assert all(isinstance(m, Member) and m.ready for m in state.lairs[0].crew)


@pytest.mark.rule("MA-066")
def test_mercenaries_never_come_from_recruitment():
    state = new(2, seed=3)
    state.lairs[0].attraction = [99, 99, 99, 99]
    transitions.recruit(state)
    assert not any(state.data.cards[m.id].type == "mercenary" for lair in state.lairs for m in lair.crew)


@pytest.mark.rule("MA-072", "MA-073", "MA-076")
def test_optional_recruit_lets_the_recruiter_decline_and_the_type_ends():
    """Issue 28, Maniacal 8: the catalogue's AMB-05 option. Under it each affordable offer waits for its recruiter's
    Recruit or Decline; a decline leaves the card face up and ends that type this round, like MA-076."""
    from hench.maniacal import GAME
    from hench.maniacal.actions import Decline, Recruit

    state = new(3, seed=1, optional_recruit=True)
    while state.phase != "recruit":
        state = state.apply(state.legal_actions()[0])
    t, k, seat = state.recruiting
    assert (t, k) == (0, 0) and state.current_player == seat and state.legal_actions() == [Recruit(), Decline()]
    offer = state.decks["beast"][0]
    cost = state.data.cards[offer].cost
    before = state.lairs[seat].attraction[0]
    state = state.apply("recruit")
    assert state.lairs[seat].member(offer) is not None and state.lairs[seat].attraction[0] == before - cost  # MA-073
    assert state.phase == "recruit" and state.recruiting[:2] == (0, 1)
    declined, who = state.decks["beast"][0], state.recruiting[2]
    state = state.apply("decline")
    assert state.decks["beast"][0] == declined and state.lairs[who].member(declined) is None  # stays face up
    assert state.recruiting is None or state.recruiting[0] > 0  # the Beasts are over (MA-076)
    assert any("declines" in line for line in said(state))
    assert GAME.load_state(state.to_dict()).to_dict() == state.to_dict()


@pytest.mark.rule("MA-070")
def test_optional_recruit_off_is_the_default_and_leaves_saves_alone():
    from hench.maniacal import GAME, OPTIONS, READINGS, assumptions

    assert OPTIONS["optional_recruit"].default is False
    assert any(r.id == "AMB-05" and r.option == "optional_recruit" for r in READINGS)
    assert "the option “optional recruit” changes it (by default no" in {row.what: row for row in assumptions()}["reading AMB-05"].note
    save = GAME.new_game(players=3, seed=1).to_dict()
    assert "optional_recruit" not in save and "recruiting" not in save


@pytest.mark.rule("MA-021")
def test_supervillain_abilities_is_off_and_on_is_refused_with_the_reason():
    """Issue 28, Maniacal 8: the catalogue's option for MA-021; the text gives no ability, so on is refused."""
    from hench.core import InvalidOptionError
    from hench.maniacal import GAME, OPTIONS, assumptions

    assert OPTIONS["supervillain_abilities"].default is False
    note = {row.what: row for row in assumptions()}["reading MA-021"].note
    assert "the option “supervillain abilities” changes it" in note
    assert "yes" not in note  # issue 36: the note read "it may be no, yes" though yes is refused
    assert GAME.new_game(players=3, seed=1, supervillain_abilities=False).to_dict() == GAME.new_game(players=3, seed=1).to_dict()
    with pytest.raises(InvalidOptionError, match="MA-021"):
        GAME.new_game(players=3, seed=1, supervillain_abilities=True)
