"""Exact odds for Hemloch (the catalogue's section 7, Q1-Q7) and for a live position. Every answer is
a `Fraction`, built on `hench.core.Dist`; tests/hemloch/test_odds.py checks each by enumeration.

>>> from hench.hemloch import odds
>>> odds.opening_hand(1), odds.opening_hand(2), odds.dig(2)
(Fraction(1, 6), Fraction(9, 29), Fraction(182, 435))
>>> [odds.first_step_is_day(w) for w in (1, 2, 3, 4)], odds.influence_checks_in_game()
([Fraction(0, 1), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)], 10)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction

from hench.core import Dist

from .data import HemlochData, Minion, default_data
from .state import HemlochState

DECK, HAND, WEEK_CARDS = 30, 5, 4  # HL-010, HL-017, HL-035


# -- Q1, Q2: drawing copies of a card ------------------------------------------------------------------------
def at_least_one(copies: int, seen: int, deck: int = DECK) -> Fraction:
    """P(at least one of `copies` cards among `seen` cards drawn from a shuffled `deck`)."""
    return Dist.hypergeometric(deck, copies, seen).at_least(1)


def opening_hand(copies: int, deck: int = DECK, hand: int = HAND) -> Fraction:
    """Q1 (HL-010): P(a card with `copies` copies is in the 5-card opening hand) = 1 - C(30-c,5)/C(30,5)."""
    return at_least_one(copies, hand, deck)


def dig(copies: int, actions: int = 2, deck: int = DECK, hand: int = HAND) -> Fraction:
    """Q2 (HL-055, HL-056): P(at least one copy among the opening hand plus `actions` Draw actions)."""
    return at_least_one(copies, hand + actions, deck)


def faction_in_opening_hand(faction: int, data: HemlochData | None = None) -> Fraction:
    """Q1 for a whole Faction (6 cards in the placeholder deck: 2381/3393)."""
    d = data or default_data()
    return opening_hand(sum(m.copies for m in d.minions if m.faction == faction), d.deck_size, d.opening_hand)


# -- Q3: Week-deck timing ------------------------------------------------------------------------------------------
def week_step_is_day(week: int, step: int) -> Fraction:
    """Q3 (HL-036, HL-071, A5): in Week `week` the shuffled Week deck holds week-1 Days among 4 cards, so
    each step (1..4) is a Day with probability (week-1)/4 (a position in a random order)."""
    days = min(week - 1, WEEK_CARDS)
    if not 1 <= step <= WEEK_CARDS:
        raise ValueError(f"a Week has steps 1..{WEEK_CARDS}, not {step}")
    return Fraction(days, WEEK_CARDS)


def first_step_is_day(week: int) -> Fraction:
    return week_step_is_day(week, 1)


def last_step_is_day(week: int) -> Fraction:
    """Q3: the last step is a Day, so two Influence Checks come back to back with Week's End."""
    return week_step_is_day(week, WEEK_CARDS)


def influence_checks_in_week(week: int) -> int:
    """Q3 (HL-053, HL-068): week-1 Day checks plus the Week's End check."""
    return min(week - 1, WEEK_CARDS) + 1


def influence_checks_in_game(weeks: int = 4) -> int:
    """Q3: over 4 Weeks with no early end, 1+2+3+4 = 10 Influence Checks."""
    return sum(influence_checks_in_week(w) for w in range(1, weeks + 1))


# -- Q4: Festival blocking -------------------------------------------------------------------------------------------
def festival_free(steps: int, cards: int = WEEK_CARDS) -> Fraction:
    """Q4 (HL-038, HL-039, M8): with one Week card per Location and no Festival moves, P(a given Location
    is not the Festival's on each of the first `steps` steps of a Week) = (4-k)/4."""
    return Dist.hypergeometric(cards, 1, steps).probability(0)


# -- Q5, Q6: counting --------------------------------------------------------------------------------------------------
def marker_gain(touching: int, isolated: int) -> int:
    """Q5 (HL-083, HL-084): points a new Marker adds with `touching` own neighbours, `isolated` of them
    alone before: 1 if it touches none, else 2 for itself plus 1 for each neighbour going from 1 to 2."""
    if not 0 <= isolated <= touching:
        raise ValueError("isolated neighbours are among the touching ones")
    return 1 if touching == 0 else 2 + isolated


def placement_gain(state: HemlochState, seat: int, loc: int, space: int) -> int:
    """Q5 in a live position: the points `seat` gains by a Marker on that empty space of Location `loc`."""
    where = state.data.locations[loc]
    row = state.spaces[loc]
    if row[space] >= 0:
        raise ValueError("that Influence Space already holds a Marker")
    own = [j for j in where.neighbours(space) if row[j] == seat]
    isolated = [j for j in own if not any(row[k] == seat for k in where.neighbours(j))]
    return marker_gain(len(own), len(isolated))


def retreat_kept(minions: int) -> int:
    """Q6 (HL-069): n Minions keep n - floor(n/2)."""
    return minions - minions // 2


# -- Q7: Influence majority ------------------------------------------------------------------------------------------
def minion_influence(data: HemlochData, loc: int | None) -> Dist:
    """The Influence one random Minion of the deck gives at Location `loc` (HL-076, HL-077; None: no Home bonus)."""
    home = None if loc is None else data.locations[loc].home
    return Dist((m.influence + (m.faction == home), m.copies) for m in data.minions)


def duel(data: HemlochData | None = None, loc: int | None = None) -> dict[str, Fraction]:
    """Q7: each player has one random Minion at a Location; P(win), P(tie), P(lose) for the first player."""
    one = minion_influence(data or default_data(), loc)
    diff = one - one
    return {"win": diff.probability(lambda v: v > 0), "tie": diff.probability(0), "lose": diff.probability(lambda v: v < 0)}


def duel_ahead(loc: int | None = None, data: HemlochData | None = None) -> Fraction:
    """Q7: P(the first player is ahead) with one random Minion each at Location `loc` (None: no Home bonus)."""
    return duel(data, loc)["win"]


# -- live positions ------------------------------------------------------------------------------------------------------
def next_card_is_day(state: HemlochState) -> Fraction:
    """HL-053, A5: P(the next Week card revealed this Week is a Day) (0 when the Week deck is spent)."""
    if not state.week_deck:
        return Fraction(0)
    return Fraction(sum(state.data.is_day(c) for c in state.week_deck), len(state.week_deck))


def next_festival_at(state: HemlochState, loc: int) -> Fraction:
    """HL-038: P(the next Week card sends the Festival to Location `loc`)."""
    if not state.week_deck:
        return Fraction(0)
    return Fraction(sum(state.data.week_location(c) == loc for c in state.week_deck), len(state.week_deck))


def unseen_cards(state: HemlochState, seat: int) -> Counter:
    """The cards `seat` cannot see of their own deck: their draw pile (they know its contents, not its order)."""
    return Counter(state.decks[seat])


def next_draw(state: HemlochState, seat: int, test: Callable[[Minion], bool]) -> Fraction:
    """P(the next card `seat` draws passes `test`) (0 from an empty deck, A10)."""
    pile = unseen_cards(state, seat)
    if not pile:
        return Fraction(0)
    d = state.data
    return Dist((c, n) for c, n in pile.items()).probability(lambda c: test(d.minions[c]))


def shortfall(state: HemlochState, seat: int, loc: int) -> int:
    """How much Influence `seat` needs at `loc` to beat the other player there now (0: already ahead)."""
    return max(0, state.influence(loc, 1 - seat) - state.influence(loc, seat) + 1)


def draw_to_lead(state: HemlochState, seat: int, loc: int) -> Fraction:
    """P(the next card `seat` draws would, played at `loc`, give them the most Influence there now); 0 at the
    Festival's Location, where no Minion may be played (HL-039)."""
    if loc == state.festival:
        return Fraction(0)
    need = shortfall(state, seat, loc)
    home = state.data.locations[loc].home
    return next_draw(state, seat, lambda m: m.influence + (m.faction == home) >= need)
