"""Fidelity fixes (issue 8) and bad input (issue 14): each test failed before its fix."""

import json
from itertools import permutations

import pytest

import hench
from hench import IllegalActionError, InvalidActionError, InvalidStateError
from hench.core import RandomBot, Rng, seat_name, step
from hench.henchmania import DataError, load_data, meter, render
from hench.henchmania.phases import PHASES

from .helpers import GAME, act, edit, give, lines, new, to_play
from .test_duel import duel_ready
from .test_phase2 import start


def phase1(players=3):
    return new(players=players, seed=3, first_player=0)


def _move_pile_to_discards(s, site):
    s = edit(s)
    s.discards[site] += s.piles[site]
    s.piles[site] = []
    return s


@pytest.mark.rule("HM-016", "HM-019")
def test_a_draw_from_an_empty_pile_reshuffles_the_discards_first():
    s = _move_pile_to_discards(phase1(), 0)
    seat, cards = s.current_player, len(s.discards[0])
    after = act(s, "place Tavern")
    assert len(after.hands[seat]) == len(s.hands[seat]) + 1  # a card was drawn from the new pile
    assert len(after.piles[0]) == cards - 1 and after.discards[0] == []
    said = lines(after)
    shuffled = next(i for i, e in enumerate(said) if "shuffled into a new pile" in e)
    drawn = next(i for i, e in enumerate(said) if "draws" in e)
    assert shuffled < drawn, f"the log tells the draw before the shuffle it needed: {said}"  # issue 28
    assert said[shuffled - 1] == f"{seat_name(seat)} places a pawn on the Tavern"


@pytest.mark.rule("HM-022", "HM-019")
def test_the_extra_card_reshuffles_an_empty_pile_too():
    s = give(start(), 0, "Glove")
    s = _move_pile_to_discards(s, 1)
    from hench.henchmania.transitions import draw

    hand = len(s.hands[0])
    assert draw(s, 0, 1) is not None and len(s.hands[0]) == hand + 1


@pytest.mark.rule("HM-016")
def test_log_says_no_draw_when_no_card_was_drawn():
    s = edit(phase1())
    s.piles[0], s.discards[0] = [], []
    seat = s.current_player
    s.hands[(seat + 1) % 3] += [c for c, card in enumerate(s.data.deck) if card.site == 0]  # every Tavern card is away
    after = act(s, "place Tavern")
    line = next(e for e in lines(after) if "places a pawn on the Tavern" in e)
    assert "draws" not in line and len(after.hands[seat]) == len(s.hands[seat])


def _returned_in_order(after, before, order):
    """`after` (the engine's state once the duel is over) as if the owners had put the duel cards back in
    `order`: each site's discard pile holds what it held before the duel, then its returned cards in that order."""
    s = edit(after)
    for site in {s.card(c).site for c in order}:
        s.discards[site] = [*before.discards[site], *(c for c in order if s.card(c).site == site)]
    return s


def _public(obs):
    """An observation with each discard pile as a sorted list: everything but the order the piles are listed in."""
    return {**obs, "sites": [{**site, "discard": sorted(site["discard"])} for site in obs["sites"]]}


def _play_out(s, seed):
    """The rest of the game by seeded random bots and dice: the final save and every log line on the way."""
    rng, bots, events = Rng.from_seed(seed), [RandomBot(seed + i) for i in range(s.n)], []
    while not s.is_terminal:
        s = step(s, bots, rng)
        events += lines(s)
    return s.to_json(), tuple(events)


@pytest.mark.rule("HM-069", "HM-019")
def test_the_order_duel_cards_go_back_in_changes_nothing():
    """HM-069 lets the owners choose the order in which their duel cards go back to the discard piles; the
    engine offers no such choice because no order changes anything it models: for every order, the legal
    moves, scores and what each seat sees (but the listing order of the public piles) are the same, and once
    the Armory pile runs out the reshuffle (HM-019) and the whole rest of the game come out identical."""
    s = duel_ready(att_cards=("Glove", "Axe"), def_cards=("Shield",), scores=[10, 12, 7])
    s = _move_pile_to_discards(s, 4)  # the next Armory draw must remake its pile from the discards
    before = act(s, "play Glove on Player 2", "no Guard", "fight with Axe", "fight with Shield", "roll 5 4 2")
    d = before.duel
    returned = (d["glove"], d["aw"], d["dw"])
    after = act(before, "roll 6 1")
    assert after.duel is None and after.scores() == [15, 11, 7]
    variants = [_returned_in_order(after, before, order) for order in permutations(returned)]
    assert after.discards == variants[0].discards  # the engine's own result is one of the orders
    assert len({tuple(v.discards[4]) for v in variants}) == 2  # Axe and Shield share a pile: two real orders
    for v in variants:
        assert v.legal_actions() == after.legal_actions() and v.scores() == after.scores()
        for seat in (None, 0, 1, 2):
            assert _public(v.observation(seat)) == _public(after.observation(seat))
    ends = {_play_out(v, seed=5) for v in variants}
    assert len(ends) == 1
    assert any("Armory discard pile is shuffled" in e for e in next(iter(ends))[1])


@pytest.mark.rule("HM-107")
def test_old_lady_borrows_every_at_your_turn_trump_and_lends_passive_ones():
    s = give(give(start(), 0, "Old Lady", where="reserve"), 1, "Royal Favour", where="trump")
    s = edit(s)
    s.exhausted.add(s.trumps[1])  # turned or not
    after = act(s, "use Old Lady on Player 2 Royal Favour")
    assert after.scores()[0] == s.scores()[0] + 1
    # Banner: when the Old Lady's owner wins a duel as Attacker, she can lend its bonus (and turns)
    s = give(give(duel_ready(scores=[10, 10, 10]), 0, "Old Lady", where="reserve"), 2, "Banner", where="trump")
    won = act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed", "roll 6 1 1", "roll 1",
              "borrow from the Old Lady")
    win = s.data.values["attacker_win_points"]
    assert won.scores()[0] == 10 + win + 1 and any("borrows Player 3's Banner" in e for e in lines(won))


@pytest.mark.rule("HM-107")
def test_old_lady_lends_the_master_at_arms_to_bare_hands():
    s = give(give(duel_ready(scores=[10, 10, 10]), 0, "Old Lady", where="reserve"), 2, "Master-at-Arms", where="trump")
    s = act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed")
    bare = s.data.values["bare_hands_attack"]
    rolled = act(s, f"roll {bare - 1} 1 1", "borrow from the Old Lady")  # a hit only with the borrowed bonus
    assert rolled.duel["hits"] == 1 and any("borrows Player 3's Master-at-Arms" in e for e in lines(rolled))
    assert rolled.has_fresh(0, "old_lady") is None  # the loan made the hit: she turns


@pytest.mark.rule("HM-107", "HM-036")
def test_old_lady_stays_unturned_when_her_loan_changes_nothing():
    s = give(give(duel_ready(scores=[10, 10, 10]), 0, "Old Lady", where="reserve"), 2, "Master-at-Arms", where="trump")
    s = give(s, 1, "Old Lady", where="reserve")
    s = act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed")
    rolled = act(s, "roll 6 6 6")  # three hits with or without the bonus: the loan changes nothing
    assert rolled.duel["hits"] == 3 and rolled.has_fresh(0, "old_lady") is not None
    assert not any("borrows" in e for e in lines(rolled))
    parried = act(rolled, "roll 6 6 6")  # the bare-handed Defender parries all three either way
    assert any("Player 2 wins the duel" in e for e in lines(parried)) and parried.has_fresh(1, "old_lady") is not None
    assert not any("borrows" in e for e in lines(parried))
    # issue 36: the log quotes the value the roll was counted at, the bare-hands one, not the loan she did not make
    attack, defense = s.data.values["bare_hands_attack"], s.data.values["bare_hands_defense"]
    assert f"3 hits at {max(1, attack)}+" in " ".join(lines(rolled, 0))
    assert f"3 parried at {max(1, defense)}+" in " ".join(lines(parried, 1))
    bonus = s.data.deck[s.trumps[2]].points
    assert max(1, attack - bonus) != max(1, attack) and max(1, defense - bonus) != max(1, defense)  # the check can fail


@pytest.mark.rule("HM-096")
def test_each_apothecary_cancels_one_wound():
    s = give(duel_ready(scores=[10, 10, 10]), 1, "Apothecary", "Apothecary", where="reserve")
    s = act(s, "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed", "roll 6 6 1", "roll 1 1")
    assert s.duel["wounds"] == 2 and s.phase == "apothecary_window"
    s = act(s, "use Apothecary")
    assert s.phase == "apothecary_window" and s.duel["wounds"] == 1  # a second window for the second Apothecary
    s = act(s, "use Apothecary")
    assert s.scores() == [9, 12, 10]  # both wounds cancelled: the Defender wins


@pytest.mark.rule("HM-102")
def test_a_guard_too_late_cites_the_guard_rule():
    s = act(duel_ready(def_cards=("Guard",)), "play Glove on Player 2", "no Guard")
    with pytest.raises(IllegalActionError) as err:
        act(s, "play Guard")
    assert err.value.rule_id == "HM-102"


@pytest.mark.rule("HM-079")
def test_meter_and_board_agree_on_the_lap():
    s = edit(start())
    s.scores_[0] = 31
    assert meter(31) == (1, 1) and "lap count 1" in render.html(s.observation(None), False)


@pytest.mark.rule("HM-071", "HM-072")
def test_trumps_cannot_carry_day_end_points(tmp_path):
    assert all(c.points_per_day == 0 for c in load_data().cards if c.type == "trump")
    path = tmp_path / "trump.toml"
    path.write_text('[[card]]\nname = "Crown"\nsite = "Castle"\ntype = "trump"\neffect = "gain_points"\n'
                    'points_per_day = 1\n')
    with pytest.raises(DataError, match=r"trump.toml.*points_per_day.*HM-071"):
        load_data(str(path))


@pytest.mark.rule("HM-017")
def test_people_read_seats_from_1_and_phases_by_title():
    s, rng = new(players=4, seed=9), hench.Rng.from_seed(9)
    said = []
    while not s.is_terminal:
        s = s.apply(hench.core.next_action(s, [hench.RandomBot(1)] * 4, rng))
        said += lines(s, 0)
    text = " ".join(said) + render.html(s.observation(0), False)
    assert "Player 1" in text and not any(f"P{i}" in text.split() for i in range(5))
    assert "P0" not in text and "P1 " not in text
    board = render.html(s.observation(None), False)
    assert PHASES.title("game_end") in board and "game_end" not in board.replace("game-end", "")
    for shown in (s.notation(), repr(s)):  # issue 28: the one-line notation too
        assert PHASES.title("game_end") in shown and "game_end" not in shown


# -- bad input (issue 14) ------------------------------------------------------------------------
def _tampered(s, change):
    doc = json.loads(s.to_json())
    change(doc["state"])
    return json.dumps(doc)


@pytest.mark.parametrize("field,change", [
    ("to_place", lambda st: st.__setitem__("to_place", [1] * len(st["to_place"]))),
    ("scores", lambda st: st["scores"].__setitem__(0, -3)),
    ("pawns", lambda st: st["pawns"][0].__setitem__(0, 8)),
    ("data", lambda st: st.__setitem__("data", "/etc/passwd")),
])
def test_saves_breaking_invariants_are_refused_naming_the_field(field, change):
    s = give(start(), 0, "Glove")
    with pytest.raises(InvalidStateError, match=field):
        hench.state_from_json(_tampered(s, change))


def test_typed_moves_take_ascii_digits_only():
    s = act(duel_ready(), "play Glove on Player 2", "no Guard", "fight bare-handed", "fight bare-handed")
    for bad in ("roll ²", "roll ٣ 1 1", "play Glove on Player ²"):
        with pytest.raises(InvalidActionError):
            GAME.parse_action(s, bad)


@pytest.mark.parametrize("text,field", [
    ("[attack_dice]\nvalue = 40\n", "attack_dice"),
    ("[die_faces]\nvalue = 1000\n", "die_faces"),
    ("[spots]\nvalue = { 2 = 1, 3 = 1, 4 = 1, 5 = 1 }\n", "spots"),
    ("[sites]\nvalue = ['Tavern', 'tavern', 'Church', 'Armory', 'Castle']\n", "sites"),
    ('[[card]]\nname = "Glove\u00a0X"\nsite = "Tavern"\ntype = "action"\neffect = "duel"\n', "name"),
    ('[[card]]\nname = "nothing"\nsite = "Tavern"\ntype = "action"\neffect = "duel"\n', "nothing"),
])
def test_data_files_are_checked_field_by_field(tmp_path, text, field):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_data(str(path))
    assert "bad.toml" in str(err.value) and field in str(err.value)


# -- issue 28 -------------------------------------------------------------------------------------
@pytest.mark.rule("HM-089")
def test_the_order_of_a_hand_is_hidden_from_the_others():
    """Only the backs of a hand are public: two hands with the same cards in another order (the order they were
    drawn in, or which copy was played) look the same to every other seat and to a spectator."""
    s = to_play(new(players=3, seed=4))
    hand = s.hands[0]
    assert len({s.card(c).site for c in hand}) > 1
    other = edit(s)
    other.hands[0] = list(reversed(hand))
    for seat in (None, 1, 2):
        assert other.observation(seat) == s.observation(seat)
    assert s.observation(0)["hand_backs"][0] == [s.data.site_names[s.card(c).site] for c in hand]


@pytest.mark.rule("HM-091")
def test_the_log_counts_one_point_in_the_singular():
    s = give(start(), 0, "Royal Favour", where="trump")
    assert s.current_player == 0
    after = act(s, "use Royal Favour")
    assert after.scores()[0] == s.scores()[0] + 1
    assert "Player 1 gains 1 point" in lines(after) and not any("1 points" in line for line in lines(after))


@pytest.mark.rule("HM-089")
def test_a_spectators_board_shows_every_hand_as_backs():
    """Issue 28: the board offered with no seat (a notebook's display of a state, a table with no human) is the
    spectator's: every hand as backs that name nothing, hover text included."""
    s = to_play(new(players=3, seed=4))
    for board in (s._repr_html_(), render.html(s.observation(None), False)):
        assert board.count("&#9635;") == sum(map(len, s.hands)) and "hench-card-face" not in board
        assert not any(f">{s.name(c)}<" in board for hand in s.hands for c in hand)
