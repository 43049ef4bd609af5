"""Hemloch's action ids (issue 38; docs/openspiel.md): the field-domain table over its data's names.

Minion fields range over the data's Minion names, Location fields over its Locations, item fields over the
three items (HL-028), a mark's row and column over the rows and columns of the Locations' grids. Revealing a
Week card is a chance outcome: which Location it names, by day or by night.
"""

from __future__ import annotations

from hench.core.codec import ActionCodec, FieldTable

from .actions import Draw, Festival, Flip, Keep, Mark, Move, Pass, Play, Recall, Retreat, Reveal, Steal, Swap, Use
from .data import ITEMS, HemlochData


def codec(data: HemlochData) -> ActionCodec:
    minions = tuple(m.name for m in data.minions)
    places = tuple(loc.name for loc in data.locations)
    rows = tuple(sorted({row for loc in data.locations for row, _ in loc.spaces}))
    columns = tuple(sorted({column for loc in data.locations for _, column in loc.spaces}))
    items, flag = tuple(ITEMS), (False, True)
    player: FieldTable = {
        Draw: {}, Pass: {}, Play: {"card": minions, "location": places}, Use: {"item": items},
        Mark: {"location": places, "row": rows, "column": columns}, Festival: {"location": places},
        Steal: {"item": items, "face_up": flag}, Recall: {"card": minions, "location": places},
        Move: {"card": minions, "source": places, "target": places}, Retreat: {"card": minions, "location": places},
        Swap: {"location": places}, Keep: {"card": minions}, Flip: {"item": items, "up": flag},
    }
    return ActionCodec(player, {Reveal: {"location": places, "day": flag}})


def max_moves(players: int) -> int:
    """The most player moves a game can take (docs/openspiel.md). Each Draw takes a card from the player's 25-card
    draw pile (30 cards less the opening hand of 5) and the game ends once it is empty (HL-046); each Play puts a
    card from hand (at most the 30 a player owns) on a Location, with at most 3 choices it causes (a Minion's
    effects and the Location's); a turn adds at most an Item's use and a pass; each Week's End a retreat and a
    swap for each Location. Turns are at most one per Draw or Play action, weeks at most the 30 turns a player
    can have divided by the 4 steps of a Week (HL-041), plus one."""
    draws, plays, turns = 25, 30, 55
    weeks = turns // 4 + 1
    return players * (draws + plays * (1 + 3) + turns * 2) + weeks * 2 * 4 * 2
