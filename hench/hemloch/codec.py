"""Hemloch's action ids (issue 38; docs/openspiel.md): the field-domain table over its data's names.

Minion fields range over the data's Minion names, Location fields over its Locations, item fields over the
three items (HL-028), a mark's row and column over the rows and columns of the Locations' grids. Revealing a
Week card is a chance outcome: which Location it names, by day or by night.
"""

from __future__ import annotations

from hench.core.codec import ActionCodec

from .actions import Draw, Festival, Flip, Keep, Mark, Move, Pass, Play, Recall, Retreat, Reveal, Steal, Swap, Use
from .data import ITEMS, HemlochData


def codec(data: HemlochData) -> ActionCodec:
    minions = tuple(m.name for m in data.minions)
    places = tuple(loc.name for loc in data.locations)
    rows = tuple(sorted({row for loc in data.locations for row, _ in loc.spaces}))
    columns = tuple(sorted({column for loc in data.locations for _, column in loc.spaces}))
    items, flag = tuple(ITEMS), (False, True)
    player = {
        Draw: {}, Pass: {}, Play: {"card": minions, "location": places}, Use: {"item": items},
        Mark: {"location": places, "row": rows, "column": columns}, Festival: {"location": places},
        Steal: {"item": items, "face_up": flag}, Recall: {"card": minions, "location": places},
        Move: {"card": minions, "source": places, "target": places}, Retreat: {"card": minions, "location": places},
        Swap: {"location": places}, Keep: {"card": minions}, Flip: {"item": items, "up": flag},
    }
    return ActionCodec(player, {Reveal: {"location": places, "day": flag}})


def max_moves(players: int) -> int:
    return 2000
