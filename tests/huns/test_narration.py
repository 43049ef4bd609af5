"""What each move says (issue 26: one narration contract). Every transition says what happened as it happens;
what a seat may not know is never said to it: the cards drawn (HU-081), a fled Curse's face (HU-094), the type
of a dispatched Wagon (HU-104).

The oracle below is the change every seat can see between two positions (cubes loaded onto Wagons, Wagons
dispatched, cards arriving in a Camp, cubes put on cards, Curses fled), which the Play table used to work out
by diffing states: the engine's own lines must say all of it."""

from __future__ import annotations

from collections import Counter

import pytest

from hench.core import CHANCE, RandomBot, Rng, next_action, seat_name
from hench.huns.bots import HeuristicBot
from hench.huns.data import BLACK, COLOURS

from .helpers import GAME, play, start


def games(seeds=range(6)):
    """(before, action, after) of whole games at every player count, random and heuristic bots."""
    for seed in seeds:
        players = 2 + seed % 3
        state = GAME.new_game(players=players, seed=seed)
        rng = Rng.from_seed(seed)
        bots = [HeuristicBot(seed) if seed % 2 else RandomBot(seed + i) for i in range(players)]
        while not state.is_terminal:
            action = next_action(state, bots, rng)
            after = state.apply(action)
            yield state, action, after
            state = after


def loaded(camp) -> Counter:
    return Counter(c for load in camp.loads for c in load if c >= 0) + Counter({c: n for c, n in enumerate(camp.stash) if n})


def visible_changes(before, after) -> list[tuple[int, str, object]]:
    """(seat, what, detail) for each change of a Camp that every seat sees."""
    out: list[tuple[int, str, object]] = []
    for seat in range(after.n):
        b, a = before.camps[seat], after.camps[seat]
        if before.setup_queue and sum(a.stash) > sum(b.stash):
            out.append((seat, "stash", None))  # catch-up Valuables kept in the Stash (HU-028, HU-029)
        elif loaded(a) - loaded(b):
            out.append((seat, "loads", None))
        out += [(seat, "dispatched", None)] * (len(a.dispatched) - len(b.dispatched))
        out += [(seat, "card", c) for c in a.cards if c not in b.cards]
        out += [(seat, "on card", c) for c, on in a.cubes.items() if len(on) > len(b.cubes.get(c, []))]
        out += [(seat, "fled", c) for c in a.fled if c not in b.fled]
    return out


def said(after, seat=None) -> str:
    return " / ".join(line.text for line in after.narration(seat))


@pytest.mark.rule("HU-045", "HU-054", "HU-057", "HU-060", "HU-094")
def test_every_visible_change_of_a_camp_is_said_in_public():
    checked = Counter()
    for before, action, after in games():
        text = said(after)
        for seat, what, card in visible_changes(before, after):
            who = seat_name(seat)
            name = None if card is None else after.data.cards[card]
            if what == "loads":
                assert f"{who} loads" in text, (str(action), text)
            elif what == "stash":
                assert "Stash" in text and who in text, (str(action), text)
            elif what == "dispatched":
                assert f"{who}'s Wagon" in text and "dispatched" in text, (str(action), text)
            elif what == "card" and card in after.camps[seat].fled:
                assert f"{who} flees the Curse" in text, (str(action), text)
            elif what == "card":
                assert name.id in text and who in text, (str(action), text)
            elif what == "on card":
                assert f"{who} puts" in text and name.id in text, (str(action), text)
            else:
                assert f"{who} flees" in text, (str(action), text)
            checked[what] += 1
    assert all(checked[w] for w in ("loads", "dispatched", "card", "on card", "fled")), checked


@pytest.mark.rule("HU-033", "HU-041")
def test_every_move_of_a_player_says_something_to_everyone():
    for before, action, after in games(range(3)):
        if before.current_player != CHANCE:
            assert after.narration(None), f"{action} said nothing"
        assert all(line.rules and all(r.startswith("HU-") for r in line.rules) for line in after.narration(0))


@pytest.mark.rule("HU-044", "HU-081")
def test_drawn_cards_are_named_to_the_drawer_only():
    s = start(3, dice=(3, 1, 1, 1, 1))
    s = play(s, "take blue", "draw")
    hand = [s.card_id(c) for c in s.hand]
    assert len(hand) == 3
    mine, table = said(s, 0), said(s, 1)
    assert all(card in mine for card in hand)
    assert not any(card in table for card in hand) and not any(card in said(s, None) for card in hand)
    assert "Player 1 draws 3 cards from the blue deck" in table


@pytest.mark.rule("HU-094", "HU-097")
def test_a_fled_curse_is_not_named_when_it_flees():
    for before, action, after in games(range(12)):
        if str(action) == "flee":
            curse = before.curse
            assert before.data.cards[curse].colour == BLACK
            text = said(after)
            assert "flees the Curse" in text and before.card_id(curse) not in text
            return
    pytest.fail("no Curse fled in the sampled games")


@pytest.mark.rule("HU-060", "HU-104")
def test_a_dispatched_wagon_is_said_without_its_type():
    for before, _action, after in games():
        text = said(after)
        if "dispatched" in text:
            seat = before.active
            gone = [w for w in after.camps[seat].dispatched if w not in before.camps[seat].dispatched]
            types = {after.data.type_names[after.data.wagons[w].type] for w in gone}
            assert gone and not any(t in text for t in types), text
            return
    pytest.fail("no Wagon dispatched in the sampled games")


@pytest.mark.rule("HU-038", "HU-106")
def test_the_last_move_says_why_the_game_ends_and_who_wins():
    *_, (_before, _action, after) = games(range(1))
    text = said(after)
    assert after.is_terminal and "The game ends" in text and "Final points" in text
    assert any(COLOURS[c] in text for c in range(5))
    assert all(seat_name(i) in text for i in after.winners())
