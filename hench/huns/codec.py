"""Huns' action ids (issue 38; docs/openspiel.md): the field-domain table over its data's card ids.

Colours are the five dice colours 0..4 (HU-010), seats 0..3 (HU-001: up to four players), Wagon slots 0..1
(HU-025), display places 0..3 (HU-021), die values the data's faces, card fields the data's card and Wagon ids;
a setup bonus names one colour or two different ones, ascending (HU-029). A roll is a chance outcome.
"""

from __future__ import annotations

from itertools import combinations

from hench.core.codec import ActionCodec, FieldTable, optional, seats

from .actions import (
    Accept,
    Activate,
    Bonus,
    Curse,
    Draw,
    EndTurn,
    Flee,
    Onto,
    Order,
    Pillage,
    Place,
    Play,
    Reroll,
    ReturnRest,
    Roll,
    SendBack,
    Take,
    TakeWagon,
)
from .data import COLOURS, DISPLAY, MAX_SEATS, MAX_SPACES, SLOTS, HunsData


def codec(data: HunsData) -> ActionCodec:
    colour = tuple(range(len(COLOURS)))
    cards = tuple(card.id for card in data.cards) + tuple(wagon.id for wagon in data.wagons)
    bonus = tuple(pair for n in (1, 2) for pair in combinations(colour, n))
    player: FieldTable = {
        Take: {"colour": colour}, Reroll: {"colour": colour}, Draw: {}, Pillage: {}, Play: {"card": cards},
        Curse: {"target": seats(MAX_SEATS)}, Flee: {}, Accept: {}, SendBack: {}, Onto: {"card": optional(cards)},
        Place: {"cube": colour, "slot": tuple(range(SLOTS)), "space": tuple(range(MAX_SPACES))}, ReturnRest: {},
        TakeWagon: {"display": optional(range(DISPLAY))},
        Activate: {"card": cards, "colour": optional(colour), "seat": seats(MAX_SEATS, none=True),
                   "slot": optional(range(SLOTS)), "from_deck": (False, True)},
        Bonus: {"colours": bonus}, Order: {"first": ("bonus", "penalty")}, EndTurn: {},
    }
    chance: FieldTable = {Roll: {"colour": colour, "value": tuple(data.faces)}}
    return ActionCodec(player, chance)


def max_moves(players: int) -> int:
    """The most player moves a game can take (docs/openspiel.md): rounds x 5 turns (HU-031) x a turn's moves.
    A turn takes one die (HU-033) and draws or pillages (HU-034): a draw plays one card for good (HU-045), a
    pillage takes at least one cube from a Reserve pile (HU-049); the game ends after the round in which a
    deck or a pile is empty (HU-038), so the rounds are at most the cards and cubes there are, plus one. A turn's
    moves: take (1), a reroll (1), the action (1), its choices (a card, a target, flee or accept, a destination:
    4), one placement per cube (at most 8, a Wagon's spaces) and the rest returned (1), a Wagon taken (2),
    Raids and effects activated (at most 12, the Raid cards) and the end of the turn (1)."""
    cubes = 5 * {2: 20, 3: 22, 4: 24}[players]  # HU-019, HU-030: five Reserve piles
    rounds = (60 + cubes) // 5 + 1
    return rounds * 5 * (1 + 1 + 1 + 4 + 8 + 1 + 2 + 12 + 1)
