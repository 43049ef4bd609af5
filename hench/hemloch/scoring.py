"""Scoring (HL-081..HL-087): Markers by orthogonal contact, Items by facing, the winner and ties."""

from __future__ import annotations

from typing import TypedDict

from hench.core import ScoreSheet, seat_name

from .data import ITEMS, SCEPTER
from .state import HemlochState


def marker_points(s: HemlochState, seat: int, loc: int) -> int:
    """HL-083, HL-084: 2 for a Marker touching another of its owner's, 1 for one touching none."""
    where = s.data.locations[loc]
    row = s.spaces[loc]
    return sum(2 if any(row[j] == seat for j in where.neighbours(i)) else 1 for i, owner in enumerate(row) if owner == seat)


def item_points(s: HemlochState, seat: int) -> int:
    """HL-032, HL-082, A1: 2 per face-up Item, 1 per face-down (Scepters too unless the option says not)."""
    return sum(2 * up + down for k, (up, down) in enumerate(s.items[seat]) if k != SCEPTER or s.score_scepters)


class PointSheet(TypedDict):
    """A seat's points by source (HL-082..HL-084): each Location's Markers, the Items, the total; and the Markers
    placed (HL-086's tie-break) and the Items held, [face up, face down] by kind."""

    markers: dict[str, int]
    items: int
    total: int
    placed: int
    item_counts: dict[str, list[int]]


def breakdown(s: HemlochState, seat: int) -> PointSheet:
    """Points by source: each Location's Markers, the Items, and the total."""
    locs = {s.data.locations[loc].name: marker_points(s, seat, loc) for loc in range(len(s.spaces))}
    items = item_points(s, seat)
    return {"markers": locs, "items": items, "total": sum(locs.values()) + items,
            "placed": s.data.markers - s.markers_left(seat),
            "item_counts": {ITEMS[k]: list(pair) for k, pair in enumerate(s.items[seat])}}


def scores(state: HemlochState) -> list[int]:
    return [sum(marker_points(state, seat, loc) for loc in range(len(state.spaces))) + item_points(state, seat) for seat in (0, 1)]


def winners(state: HemlochState) -> list[int]:
    """HL-085: the higher total; HL-086: on a tie, more placed Markers; HL-087: else a shared win."""
    points = scores(state)
    placed = [state.data.markers - state.markers_left(seat) for seat in (0, 1)]
    key = [(points[seat], placed[seat]) for seat in (0, 1)]
    best = max(key)
    return [seat for seat in (0, 1) if key[seat] == best]


SHEET_RULES = ("HL-032", "HL-082", "HL-083", "HL-084", "HL-085", "HL-086", "HL-087")


def score_sheet(state: HemlochState) -> ScoreSheet:
    """The final score sheet: each player's Markers Location by Location (HL-083, HL-084) and Items (HL-032,
    HL-082); the tie-break in words only when the points were tied (HL-086 more Markers placed, HL-087 shared)."""
    sheets = [breakdown(state, seat) for seat in (0, 1)]
    names = list(sheets[0]["markers"])
    points = tuple(tuple(sheet["markers"][name] for name in names) + (sheet["items"],) for sheet in sheets)
    totals = tuple(sheet["total"] for sheet in sheets)
    return ScoreSheet(sources=tuple(f"Markers at {name}" for name in names) + ("Items",), points=points, totals=totals,
                      rules=SHEET_RULES, tie_break=_tie_break(totals, [sheet["placed"] for sheet in sheets]))


def _tie_break(totals: tuple[int, ...], placed: list[int]) -> str:
    if totals[0] != totals[1]:
        return ""
    if placed[0] == placed[1]:
        return (f"Both players have {totals[0]} points and placed {placed[0]} Markers each: they share the win "
                "(HL-087).")
    ahead = 0 if placed[0] > placed[1] else 1
    return (f"Both players have {totals[0]} points; {seat_name(ahead)} placed more Markers ({placed[ahead]} against "
            f"{placed[1 - ahead]}) and wins the tie (HL-086).")
