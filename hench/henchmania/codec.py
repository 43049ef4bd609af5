"""Henchmania's action ids (issue 38; docs/openspiel.md): the field-domain table over its data's names.

Card fields range over the data's card names (in the data's order), site fields over its sites, seat fields over
0..4 (the most seats of any player count) led by None; what a card is aimed `at` is a site (a pile's backs) or a
Reserve or Trump card on the table, what it is `replacing` a Reserve card (HM-090, HM-107); a roll is one of the sorted-descending multisets of
0..`attack_dice` dice of `die_faces` faces (HM-057, HM-061: the Attacker rolls that many, the Defender one per hit).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from hench.core.codec import ActionCodec, FieldTable, optional, seats

from .actions import (
    BorrowOldLady,
    Discard,
    Fight,
    Keep,
    KeepOldLady,
    NoApothecary,
    NoCourtesan,
    NoGuard,
    Pass,
    Place,
    PlaceWithPorter,
    Play,
    PlayGuard,
    Roll,
    SkipExtra,
    TakeExtra,
    Use,
    UseApothecary,
    UseCourtesan,
)
from .data import GameData


def rolls(dice: int, faces: int) -> tuple[tuple[int, ...], ...]:
    """Every roll of 0..`dice` dice, faces descending (the form `Roll.dice` takes), fewer dice first."""
    return tuple(combo for n in range(dice + 1) for combo in combinations_with_replacement(range(faces, 0, -1), n))


def codec(data: GameData) -> ActionCodec:
    names = tuple(card.name for card in data.cards)
    reserve = tuple(card.name for card in data.cards if card.type == "reserve")
    shown = tuple(card.name for card in data.cards if card.type in ("reserve", "trump"))
    sites = tuple(data.values["sites"])
    seat = seats(max(data.values["spots"]), none=True)
    places = {"site": sites, "owner": seat}
    aimed = {"card": names, "target": seat, "at": optional(sites + shown)}
    player: FieldTable = {
        Place: places, PlaceWithPorter: places, TakeExtra: {"site": sites}, SkipExtra: {"site": sites},
        Play: {**aimed, "replacing": optional(reserve)}, Use: aimed,
        Pass: {}, PlayGuard: {}, NoGuard: {}, Fight: {"weapon": optional(names)},
        UseApothecary: {}, NoApothecary: {}, UseCourtesan: {}, NoCourtesan: {}, BorrowOldLady: {}, KeepOldLady: {},
        Keep: {"card": optional(names)}, Discard: {"card": names},
    }
    chance: FieldTable = {Roll: {"dice": rolls(data.values["attack_dice"], data.values["die_faces"])}}
    return ActionCodec(player, chance)


MOST_DAYS = 5 + 2  # HM-014, HM-086: 5 days in the long game; HM-085: a day more on a tie of 3 or more (2 counted)
CARDS_A_DAY = 40  # cards one Lord can play or use in a day: 8 drawn (HM-018), 5 domination cards, drawn by effects
# the most decisions one card can cause: a Glove's duel (guard, two weapons, three wound windows; HM-052..069) and the
# Old Lady's three offers (the attack dice, the defense dice, the Banner; HM-107)
DUEL_STEPS = 9


def max_moves(players: int) -> int:
    """The most player moves a game can take (docs/openspiel.md): days x seats x a Lord's moves in a day, which
    are 8 placements (HM-017), 5 domination choices (HM-022), each card played or used with the duel it may cause,
    a pass and the end of day's keep/discard choices (HM-071..074, at most 13)."""
    per_lord = 8 + 5 + CARDS_A_DAY * (1 + DUEL_STEPS) + 1 + 13
    return MOST_DAYS * players * per_lord
