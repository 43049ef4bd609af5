"""Final scoring (HU-101..HU-107): a breakdown per player for a scoring sheet, and the winners.

>>> wagon_type_bonus(["T1", "T1", "T2", "T3"])   # T-HU-06: max(3 types, largest set 2)
3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

from hench.core.game import ScoreSheet

from .data import BLACK, BLUE, GREEN, RED, YELLOW
from .effects import is_live

if TYPE_CHECKING:  # pragma: no cover
    from .state import Camp, HunsState

SOURCES = {  # breakdown category -> its column on the score sheet, in the game's words
    "raids": "Raids", "full mercenaries": "full Mercenaries", "incomplete mercenaries": "unfilled Mercenaries",
    "treasures": "Treasures met", "fled curses": "fled Curses", "dispatched wagons": "dispatched Wagons",
    "wagon types": "Wagon-type bonus",
}
SHEET_RULES = ("HU-087", "HU-090", "HU-097", "HU-098", "HU-100", "HU-101", "HU-102", "HU-105", "HU-106")
CATEGORIES = ("raids", "full mercenaries", "incomplete mercenaries", "treasures", "fled curses",
              "dispatched wagons", "wagon types")


def wagon_type_bonus(types: Sequence[Hashable]) -> int:
    """HU-102, A10: the better of the number of distinct types and the largest same-type set."""
    if not types:
        return 0
    counts = Counter(types)
    return max(len(counts), max(counts.values()))


def _cards_of(state: HunsState, camp: Camp, colour: int) -> list[int]:
    return [c for c in camp.cards if state.data.cards[c].colour == colour]


def full_mercenaries(state: HunsState, camp: Camp) -> int:
    return sum(1 for c in _cards_of(state, camp, GREEN) if is_live(camp, state.data, c))


def dispatched_types(state: HunsState, camp: Camp) -> list[str]:
    return [state.data.wagons[w].type for w in camp.dispatched]


def treasure_met(state: HunsState, camp: Camp, card: int) -> bool:
    """HU-100: the condition of a Treasure at the end of the game (catalogue M6 placeholders)."""
    c = state.data.cards[card]
    return _measure(state, camp, c.condition) >= c.threshold


def _measure(state: HunsState, camp: Camp, condition: str) -> int:
    types = Counter(dispatched_types(state, camp))
    if condition == "dispatched":
        return len(camp.dispatched)
    if condition == "raids":
        return len(_cards_of(state, camp, RED))
    if condition == "full_mercenaries":
        return full_mercenaries(state, camp)
    if condition == "equipment":
        return len(_cards_of(state, camp, BLUE))
    if condition == "wagon_types":
        return len(types)
    if condition == "stash":
        return sum(camp.stash)
    if condition == "unbowed":
        full_curses = [c for c in _cards_of(state, camp, BLACK) if c not in camp.fled and not is_live(camp, state.data, c)]
        return len(full_curses) if not camp.fled else 0
    if condition == "colours":
        return len({state.data.cards[c].colour for c in camp.cards})
    if condition == "wagon_set":
        return max(types.values(), default=0)
    return len(_cards_of(state, camp, YELLOW))  # "treasures"


def breakdown(state: HunsState, seat: int) -> dict[str, int]:
    """VP of one player by category (HU-002: Wagons and Camp cards; HU-101, HU-102); their sum is the score. Stash cubes score
    nothing (HU-105), face-up Curses score 0 (HU-098), Equipment 0 (HU-083)."""
    camp, n = state.camps[seat], state.n
    mercs = _cards_of(state, camp, GREEN)
    full = full_mercenaries(state, camp)
    return {
        "raids": len(_cards_of(state, camp, RED)),  # HU-087
        "full mercenaries": full,  # HU-090
        "incomplete mercenaries": -(len(mercs) - full),  # HU-090, A9
        "treasures": n * sum(1 for c in _cards_of(state, camp, YELLOW) if treasure_met(state, camp, c)),  # HU-100
        "fled curses": -n * len(camp.fled),  # HU-097, A9
        "dispatched wagons": n * len(camp.dispatched),  # HU-101
        "wagon types": wagon_type_bonus(dispatched_types(state, camp)),  # HU-102
    }


def scores(state: HunsState) -> list[int]:
    return [sum(breakdown(state, s).values()) for s in range(state.n)]


def winners(state: HunsState) -> list[int]:
    """HU-001, HU-106, HU-107, A15: most VP, then most Stash cubes; still tied -> shared victory."""
    if state.phase != "game_over":
        return []
    key = [(v, sum(state.camps[s].stash)) for s, v in enumerate(scores(state))]
    best = max(key)
    return [s for s, k in enumerate(key) if k == best]


def scoring_sheet(state: HunsState) -> list[dict[str, int]]:
    """One row per player: every category, the total, and the Stash (the tie-break, not VP)."""
    rows = []
    for seat in range(state.n):
        row = breakdown(state, seat)
        row["total"] = sum(row.values())
        row["stash (tie-break)"] = sum(state.camps[seat].stash)
        rows.append(row)
    return rows


def tie_break(state: HunsState) -> str:
    """The tie-break in plain words, only when the most points were shared (HU-107, A15); "" otherwise."""
    points = scores(state)
    tied = [seat for seat, v in enumerate(points) if v == max(points)]
    if len(tied) < 2:
        return ""
    stash = {seat: sum(state.camps[seat].stash) for seat in tied}
    names = " and ".join(f"Player {seat + 1} ({stash[seat]} in the Stash)" for seat in tied)
    won = [seat for seat in tied if stash[seat] == max(stash.values())]
    if len(won) == 1:
        return (f"{names} were tied on {max(points)} points; the tied player with more cubes in their Stash wins: "
                f"Player {won[0] + 1} (HU-107).")
    return (f"{names} were tied on {max(points)} points and on cubes in their Stash, so they share the victory "
            "(HU-107, reading A15).")


def score_sheet(state: HunsState) -> ScoreSheet:
    """The final score sheet: each player's points by source (HU-101, HU-102), the totals, and the Stash tie-break
    only when the most points were shared (HU-107)."""
    rows = [breakdown(state, seat) for seat in range(state.n)]
    points = tuple(tuple(row[c] for c in CATEGORIES) for row in rows)
    return ScoreSheet(sources=tuple(SOURCES[c] for c in CATEGORIES), points=points, totals=tuple(sum(r) for r in points),
                      rules=SHEET_RULES, tie_break=tie_break(state))
