"""Maniacal's action ids (issue 38; docs/openspiel.md): the field-domain table over its data's card ids.

Rooms range over the data's rooms, crew fields over its henchmen, Lackeys and Mercenaries (in that order), who
activates a room over the Supervillains and the crew, traits over the four traits (MA-061) led by "" (none),
schemes over the Scheme cards. A marked die is numbered from 1 up to the most dice a contract can roll: every
trait point of every crew card and Power, plus one for each room (a Contract room adds at most one die,
MA-136). A die's face is a chance outcome.
"""

from __future__ import annotations

from hench.core.codec import ActionCodec, FieldTable, optional

from .actions import (
    PLACES,
    Activate,
    Assign,
    Attempt,
    Choose,
    Decline,
    Die,
    Dismiss,
    Done,
    Fire,
    Heal,
    Keep,
    Mark,
    NoScheme,
    Pass,
    Pick,
    PlayScheme,
    Recruit,
    Remove,
    Reroll,
    Roll,
    Visit,
)
from .data import CONTINENTS, FACES, TRAITS, ManiacalData


def most_dice(data: ManiacalData) -> int:
    """An upper bound on a contract's dice pool, from the data alone (see the module docstring)."""
    crew = (*data.henchmen, *data.lackeys, *data.mercenaries)
    return sum(sum(c.traits) for c in crew) + sum(sum(p.traits) for p in data.powers) + len(data.rooms)


def codec(data: ManiacalData) -> ActionCodec:
    rooms = tuple(r.id for r in data.rooms)
    crew = tuple(c.id for c in (*data.henchmen, *data.lackeys, *data.mercenaries))
    traits = optional(TRAITS, "")
    one = {"member": crew}
    player: FieldTable = {
        Pick: {"room": rooms, "build": (True, False)},
        Activate: {"room": rooms, "by": tuple(v.id for v in data.supervillains) + crew, "trait": traits},
        Attempt: {"continent": tuple(CONTINENTS)}, Assign: {"member": crew, "trait": traits},
        Visit: {"place": PLACES}, Pass: {}, PlayScheme: {"scheme": tuple(s.id for s in data.schemes), "member": optional(crew, "")},
        Reroll: {}, Mark: {"die": tuple(range(1, most_dice(data) + 1))}, NoScheme: {}, Roll: {},
        Choose: one, Heal: one, Done: {}, Dismiss: one, Fire: one, Keep: {}, Recruit: {}, Decline: {},
        Remove: {"trait": TRAITS},
    }
    return ActionCodec(player, {Die: {"face": FACES}})


def max_moves(players: int) -> int:
    """The most player moves a game can take (docs/openspiel.md): 3 rounds (MA-035), each with a draft of 5 Room
    picks per player (MA-041), then the Henchmen phase and the contracts, then the clean-up. Counted per player and
    round: 5 picks, 10 room activations (its rooms, each once a round: MA-097), 6 contract attempts (one per
    continent) each with up to 8 assignments, a scheme and its choice, a lackey's reroll, 10 marked dice and a
    trait removed; 3 visits (MA-190); and at the clean-up 20 choices (heal, dismiss, fire, keep, recruit)."""
    per_round = 5 + 10 + 6 * (1 + 8 + 2 + 1 + 10 + 1 + 2) + 3 + 20
    return 3 * players * per_round
