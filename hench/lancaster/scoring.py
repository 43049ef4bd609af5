"""Scoring: power points, and the final scoring in its order: knighthood, extensions and the company at table
(LB-077..LB-079, with their tie rules LB-084..LB-086), then seals (KC, LH-064), then dishonor (KR, always last:
LH-093..LH-096, LH-100). The most power points wins; a tie is a shared win (LB-080, LB-087)."""

from __future__ import annotations

from collections.abc import Sequence

from hench.core import ScoreSheet, seat_name

from .state import LancasterState

PARTS = ("knighthood", "extensions", "nobles", "seals", "dishonor")


def scores(state: LancasterState) -> list[int]:
    """The seats' PP (allies never score, LB-091)."""
    s = state
    return [r["pp"] for r in s.res[:s.players]]


def knighthood(s: LancasterState, seat: int) -> int:
    """LB-069, LH-058: the strength of every knight not in the reserve, plus a Tudor knight granted in round 5."""
    return sum(k[0] for k in s.knights[seat] if k[1] != "reserve") + s.data.kc.tudor_strength * s.granted[seat]["tudor"]


def shared_places(keys: Sequence[tuple[int, ...]], awards: Sequence[int], eligible: Sequence[bool] | None = None) -> list[int]:
    """LB-084..LB-086: places by key (highest first, the tie-breakers inside the key); players still tied share the
    points of the places they occupy equally, remainders dropped (towards zero, for penalties too)."""
    seats = sorted((i for i in range(len(keys)) if eligible is None or eligible[i]), key=lambda i: keys[i], reverse=True)
    out = [0] * len(keys)
    pos = 0
    while pos < len(seats) and pos < len(awards):
        tied = [i for i in seats if keys[i] == keys[seats[pos]]]
        total = sum(awards[pos:pos + len(tied)])
        for i in tied:
            out[i] = int(total / len(tied))
        pos += len(tied)
    return out


def _awards(s: LancasterState, awards: Sequence[int]) -> list[int]:
    """LB-101: with 2 players only the first place's points are awarded."""
    return list(awards[:1]) if s.players == 2 else list(awards)


def knighthood_points(s: LancasterState) -> list[int]:
    """LB-077, LB-084, LB-086: 8 and 4 PP for the strongest knighthoods; more squires breaks a tie (for second place
    too: reading LB-086); still tied, the points of the places are shared."""
    keys = [(knighthood(s, p), s.res[p]["squires"]) for p in range(s.n)]
    return shared_places(keys, _awards(s, s.data.knighthood))


def extension_points(s: LancasterState) -> list[int]:
    """LB-078, LB-085, LB-086: 8 and 4 PP for the most extension tiles; more gold breaks a tie; still tied, shared."""
    keys = [(len(s.extensions[p]), s.res[p]["gold"]) for p in range(s.n)]
    return shared_places(keys, _awards(s, s.data.extension_awards))


def noble_points(s: LancasterState) -> list[int]:
    """LB-079: the company-at-table scale, for players with more than one nobleman."""
    scale = s.data.noble_scale
    return [scale[min(len(s.nobles[p]), len(scale) - 1)] if len(s.nobles[p]) > 1 else 0 for p in range(s.n)]


def seal_points(s: LancasterState) -> list[int]:
    """LH-064: (1 lord + own bishops) x own seals."""
    if not s.has("KC"):
        return [0] * s.n
    return [(1 + r["bishops"]) * r["seals"] for r in s.res[:s.n]]


def visible_space(s: LancasterState) -> tuple[int, int]:
    """A13, M2: the penalties printed on the rightmost track space whose stack is gone (start: 0, 0)."""
    gone = sum(1 for x in s.track if x == 0)
    return (0, 0) if gone == 0 else s.data.track[gone - 1]


def dishonor_points(s: LancasterState) -> list[int]:
    """LH-094..LH-096, LH-100: -1 PP per marker; the most dishonored pays the larger penalty of the rightmost visible
    space, the second the smaller (2 players: only the larger). Ties (LH-096): more voting markers counts as less
    dishonored, then the knighthood tie rule: more squires counts as less dishonored; still tied, the players share
    the penalties of the places they occupy (remainders dropped). Only players holding markers are ranked."""
    if not s.has("KR"):
        return [0] * s.n
    res = s.res[:s.n]  # LH-098: allies hold no dishonor and are not ranked
    larger, smaller = visible_space(s)
    penalties = [larger] if s.n == 2 else [larger, smaller]
    keys = [(r["dishonor"], -r["vm"], -r["squires"]) for r in res]
    ranked = shared_places(keys, penalties, [r["dishonor"] > 0 for r in res])
    return [ranked[p] - res[p]["dishonor"] for p in range(s.n)]


def final_scoring(s: LancasterState) -> None:
    """LB-076..LB-079, LH-064, LH-093: each part in order, recorded in `final`; dishonor comes last."""
    parts = [knighthood_points(s), extension_points(s), noble_points(s), seal_points(s)]
    parts.append(dishonor_points(s))
    for p in range(s.n):
        s.res[p]["pp"] += sum(part[p] for part in parts)
    s.final = [[part[p] for part in parts] for p in range(s.n)]
    s.say("Final scoring: " + "; ".join(f"{seat_name(p)} " + (", ".join(f"{name} {v:+d}" for name, v in zip(PARTS, s.final[p]) if v)
                                                               or "nothing") for p in range(s.n)), "LB-077", "LB-078", "LB-079", "LH-064", "LH-093")


def breakdown(s: LancasterState, seat: int) -> dict[str, int]:
    """Where a player's points come from (the final parts once the game is over)."""
    pp = s.res[seat]["pp"]
    if s.final:
        parts = dict(zip(PARTS, s.final[seat]))
        return {"during play": pp - sum(parts.values()), **parts, "total": pp}
    return {"during play": pp, "total": pp}


SHEET_WORDS = {"knighthood": "Knighthood", "extensions": "Castle extensions", "nobles": "Company at table",
               "seals": "Seals", "dishonor": "Dishonor"}


def score_sheet(state: LancasterState) -> ScoreSheet:
    """Issue 29: each seat's power points by source: those earned during the five rounds, then each part of the
    final scoring in its order (seals only with KC, dishonor only with KR). A tie on power points is never broken
    (a shared win, LB-080, LB-087), so the sheet names no tie-break."""
    s = state
    parts = [p for p in PARTS if (p != "seals" or s.has("KC")) and (p != "dishonor" or s.has("KR"))]
    rows = []
    for seat in range(s.players):
        split = breakdown(s, seat)
        rows.append((split["during play"], *(split.get(p, 0) for p in parts)))
    rules: tuple[str, ...] = ("LB-045", "LB-053", "LB-063", "LB-077", "LB-078", "LB-079", "LB-080", "LB-084", "LB-085", "LB-086", "LB-087")
    rules += ("LH-064",) if s.has("KC") else ()
    rules += ("LH-093", "LH-094", "LH-095", "LH-096") if s.has("KR") else ()
    return ScoreSheet(sources=(f"Rounds 1-{s.data.rounds}", *(SHEET_WORDS[p] for p in parts)), points=tuple(rows),
                      totals=tuple(scores(s)), rules=rules)


def winners(state: LancasterState) -> list[int]:
    """LB-080, LB-087: the most power points wins; tied players share the victory."""
    s = state
    if not s.is_terminal:
        return []
    pp = scores(s)
    return [i for i in range(s.n) if pp[i] == max(pp)]
