"""Every action a game with this data can offer, built once per data (the playout hot path hands out
these shared, frozen objects instead of building new ones on every move). No rules here."""

from __future__ import annotations

from fractions import Fraction

from .actions import Draw, Festival, Flip, Keep, Mark, Move, Pass, Play, Recall, Retreat, Reveal, Steal, Swap, Use
from .data import ITEMS, HemlochData


class Tables:
    """Actions indexed by card (minion index), location, space, item and Week card; and the Influence each Minion
    counts at each Location (HL-076, HL-077), computed once per data."""

    __slots__ = ("draw", "festival", "flip", "influence", "keep", "mark", "move", "outcomes", "pass_turn", "play", "play_at", "recall", "retreat", "reveal",
                 "steal", "swap", "use")

    def __init__(self, d: HemlochData) -> None:
        names, places = [m.name for m in d.minions], [loc.name for loc in d.locations]
        spots = range(len(places))
        self.draw = Draw()
        self.pass_turn = Pass()
        self.play = tuple(tuple(Play(n, p) for p in places) for n in names)
        # play_at[card][mask]: the plays of a card at the Locations whose bits are set in `mask`, in Location order
        self.play_at = tuple(tuple(tuple(row[p] for p in spots if mask >> p & 1) for mask in range(1 << len(places)))
                             for row in self.play)
        self.recall = tuple(tuple(Recall(n, p) for p in places) for n in names)
        self.retreat = tuple(tuple(Retreat(n, p) for p in places) for n in names)
        self.move = tuple(tuple(tuple(Move(n, places[a], places[b]) for b in spots) for a in spots) for n in names)
        self.keep = tuple(Keep(n) for n in names)
        self.use = tuple(Use(k) for k in ITEMS)
        self.mark = tuple(tuple(Mark(loc.name, *space) for space in loc.spaces) for loc in d.locations)
        self.festival = tuple(Festival(p) for p in places)
        self.steal = tuple((Steal(k, True), Steal(k, False)) for k in ITEMS)
        self.flip = tuple((Flip(k, True), Flip(k, False)) for k in ITEMS)
        self.swap = tuple(Swap(p) for p in places)
        self.reveal = tuple(Reveal(places[d.week_location(c)], d.is_day(c)) for c in range(2 * len(d.week)))
        # HL-076, HL-077: what each Minion counts at each Location (its Influence Value, +1 at its faction's Home)
        self.influence = tuple(tuple(m.influence + (m.faction == loc.home) for m in d.minions) for loc in d.locations)
        self.outcomes: dict[tuple[int, ...], tuple[tuple[Reveal, Fraction], ...]] = {}

    def chance(self, week_deck: list[int]) -> tuple[tuple[Reveal, Fraction], ...]:
        """HL-009, A5: each card of the Week deck turned over with the same chance (one shared tuple per deck)."""
        key = tuple(week_deck)
        hit = self.outcomes.get(key)
        if hit is None:
            p = Fraction(1, len(key))
            hit = self.outcomes[key] = tuple((self.reveal[c], p) for c in key)
        return hit


_BUILT: dict[int, tuple[HemlochData, Tables]] = {}  # id(data) -> (data, its tables); the data kept alive with them


def tables_for(d: HemlochData) -> Tables:
    """The tables of one data set, built once (a state's `tables` field; a few data sets at most are in use)."""
    hit = _BUILT.get(id(d))
    if hit is None:
        if len(_BUILT) >= 16:
            _BUILT.clear()
        hit = _BUILT[id(d)] = (d, Tables(d))
    return hit[1]
