"""Lancaster's action ids (issue 38; docs/openspiel.md): the field-domain table over its data.

Strengths range over 1..the strongest knight, counties, conflict cards, favours and extensions over the data's,
counts of pieces (squires sent along, voting markers, a law's amount) over 0..PIECES (no save holds more in one
place; the box has 37 of each), bishops over 0..the most a player may hold, and a lord's supporters over every
ascending multiset of strengths no larger than a colour's knights. To give an action class a new field, add
one line to its entry in `field_domains`.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations_with_replacement

from hench.core.codec import ActionCodec, Domain, optional, seats

from .actions import (
    OFFICES,
    REWARD_OPTIONS,
    TREASURY_TYPES,
    Apply,
    Bishop,
    Castle,
    Choose,
    Conflict,
    County,
    Decline,
    Dorset,
    Extend,
    Favor,
    Noble,
    Pay,
    Reward,
    StartPlayer,
    Tower,
    Treasury,
    Upgrade,
    Vote,
)
from .data import LancasterData
from .state import PIECES

MAX_SEATS = 5  # LB-001: two to five players


def supporters(data: LancasterData) -> tuple[tuple[int, ...], ...]:
    """Every ascending multiset of knight strengths a lord may bring (Apply.knights), fewest first."""
    strengths = range(1, data.max_strength + 1)
    return tuple(ks for n in range(len(data.knights) + 1) for ks in combinations_with_replacement(strengths, n))


def field_domains(data: LancasterData) -> dict[type, Mapping[str, Domain]]:
    """Each action class's fields and every value each may take: the table the ids are numbered from."""
    strength, flag = tuple(range(1, data.max_strength + 1)), (False, True)
    pieces = tuple(range(PIECES + 1))
    cards = tuple(f"C{i + 1}" for i in range(len(data.cards)))
    spaces = tuple(range(1, max(len(data.castle), len(data.two.ally_castle)) + 1))
    knight_places = (("court", "tower", "captivity") + OFFICES + tuple(c.name for c in data.counties)
                     + tuple(f"K{i}" for i in spaces) + cards)  # where an upgraded knight stands (actions.move_place)
    return {
        County: {"strength": strength, "county": tuple(c.name for c in data.counties), "squires": pieces,
                 "shield": flag, "tudor": flag, "ally": flag},
        Castle: {"strength": strength, "space": spaces, "ally": flag},
        Conflict: {"strength": strength, "card": cards, "archer": flag, "tudor": flag, "ally": flag},
        Tower: {"strength": strength, "tudor": flag, "ally": flag},
        Apply: {"office": OFFICES, "knights": supporters(data), "bishops": tuple(range(data.kc.max_bishops + 1)),
                "tudor": flag, "ally": flag},
        Treasury: {"take": TREASURY_TYPES, "ally": flag},
        Vote: {"yes": flag, "vm": pieces},
        Upgrade: {"strength": strength, "place": knight_places},
        Bishop: {}, Decline: {},
        Dorset: {"card": optional(cards, "")},
        Choose: {"amount": pieces},
        Favor: {"tile": tuple(t.id for t in data.favors)},
        Reward: {"option": REWARD_OPTIONS},
        Noble: {"letter": tuple(c.letter for c in data.counties)},
        StartPlayer: {"seat": seats(MAX_SEATS)},
        Extend: {"tile": tuple(t.id for t in data.extensions)},
        Pay: {"yes": flag},
    }


def codec(data: LancasterData) -> ActionCodec:
    """Lancaster has no chance outcomes: every hidden draw comes from the state's own generator."""
    return ActionCodec(field_domains(data))


def max_moves(players: int) -> int:
    """The most player moves a game can take (docs/openspiel.md): 5 rounds (LB-001). Per round and colour (with 2
    players each seat also moves an ally colour, LB-089): each of its 7 knights and its lord placed at most once
    (they stay until the round ends), each placement with at most one follow-up choice (pay, Dorset) and two reward
    choices (a county's reward, a nobleman, a favour, an extension, the start player), and its upgrades (at most one
    per placement) plus a decline or bishop; per round and player 3 votes and 3 law choices."""
    colours = 4 if players == 2 else players
    pieces = 7 + 1
    per_colour = pieces * (1 + 1 + 2) + pieces + 2
    return 5 * (colours * per_colour + players * 6)
