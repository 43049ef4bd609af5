"""Simulated checks of hench.hemloch.odds: the same questions answered by shuffling real decks and by
putting random Minions on a real table, for the apps' "Check by simulation" buttons."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hench.core import Rng
from hench.core.montecarlo import Check, Estimate, estimate

from . import odds
from .data import HemlochData, default_data
from .odds import DECK, HAND, WEEK_CARDS

Progress = Callable[[int], None] | None


def dig_estimate(copies: int, actions: int = 2, deck: int = DECK, hand: int = HAND, *, trials: int = 10_000,
                 seed: int = 0, progress: Progress = None) -> Estimate:
    """Q1, Q2 (HL-010, HL-056): shuffle the deck (the card's copies are cards 0..copies-1), deal the opening
    hand and `actions` more cards, and look for a copy among them."""
    seen = hand + actions
    return estimate(lambda rng: min(rng.shuffled(list(range(deck)))[:seen]) < copies, trials, seed, progress)


def week_step_estimate(week: int, step: int, *, trials: int = 10_000, seed: int = 0, progress: Progress = None) -> Estimate:
    """Q3 (HL-036, HL-071): shuffle a Week deck of week-1 Days and the other Nights; is the card of `step` a Day?"""
    days = min(week - 1, WEEK_CARDS)
    cards = ["Day"] * days + ["Night"] * (WEEK_CARDS - days)
    return estimate(lambda rng: rng.shuffled(cards)[step - 1] == "Day", trials, seed, progress)


def duel_estimate(loc: int | None = None, data: HemlochData | None = None, *, trials: int = 10_000, seed: int = 0,
                  progress: Progress = None) -> Estimate:
    """Q7: one random Minion of the deck for each player at Location `loc`, on a real table; the engine's own
    Influence count (HL-076, HL-077) says whether the first player is ahead. With no Location (`None`), the
    printed values are compared (no Home bonus)."""
    from hench.core.registry import get_game

    d = data or default_data()
    base: Any = get_game("hemloch").new_game(seed=1)
    deck = list(d.deck)

    def trial(rng: Rng) -> bool:
        mine, theirs = rng.choice(deck), rng.choice(deck)
        if loc is None:
            return d.minions[mine].influence > d.minions[theirs].influence
        table = base.clone()
        table.board = [[[mine], [theirs]] if i == loc else [[], []] for i in range(len(d.locations))]
        return bool(table.influence(loc, 0) > table.influence(loc, 1))

    return estimate(trial, trials, seed, progress)


CHECKS = {
    "dig": Check("at least one copy is seen", odds.dig, dig_estimate, {"copies": 2, "actions": 2}),
    "week": Check("the step is a Day", odds.week_step_is_day, week_step_estimate, {"week": 3, "step": 2}),
    "duel": Check("Player 1 is ahead", odds.duel_ahead, duel_estimate, {"loc": 1}),
}
