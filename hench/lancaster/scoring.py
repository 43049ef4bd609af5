"""Scoring: power points, and the final scoring in its order (L11): knighthood (base stand-in),
then seals (KC, LH-064), then dishonor (KR, always last: LH-093..LH-096, LH-100)."""

from __future__ import annotations

from .state import LancasterState


def scores(state: LancasterState) -> list[int]:
    """The seats' PP (with 2 players the allies never score, L12)."""
    s = state
    n = s.players
    return [r["pp"] for r in s.res[:n]]


def knighthood(s: LancasterState, seat: int) -> int:
    """L11, LH-058: the strength of all your knights, plus a Tudor knight granted in round 5."""
    return sum(k[0] for k in s.knights[seat]) + s.data.court.tudor_strength * s.granted[seat]["tudor"]


def positional(values: list[int], awards: list[int], eligible: list[bool] | None = None) -> list[int]:
    """Awards by rank, highest value first: tied players all take the better award and use up the
    positions they tie for (L11, A14)."""
    seats = [i for i in range(len(values)) if eligible is None or eligible[i]]
    seats.sort(key=lambda i: -values[i])
    out = [0] * len(values)
    pos = 0
    while pos < len(seats) and pos < len(awards):
        tied = [i for i in seats if values[i] == values[seats[pos]]]
        for i in tied:
            out[i] = awards[pos]
        pos += len(tied)
    return out


def knighthood_points(s: LancasterState) -> list[int]:
    return positional([knighthood(s, p) for p in range(s.n)], list(s.data.knighthood))


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
    """LH-094..LH-096, LH-100, A14, A15: -1 per marker; the most dishonored pays the larger penalty of
    the rightmost visible space, the second the smaller (2 players: only the larger). Ties: more VM
    counts as less dishonored, then higher knighthood; still tied, each pays the worse position's
    penalty they tie for. Only players holding markers are ranked."""
    if not s.has("KR"):
        return [0] * s.n
    res = s.res[:s.n]  # LH-098: allies hold no dishonor and are not ranked
    larger, smaller = visible_space(s)
    penalties = [larger] if s.n == 2 else [larger, smaller]
    key = [(r["dishonor"], -r["vm"], -knighthood(s, p)) for p, r in enumerate(res)]
    seats = sorted((p for p in range(s.n) if res[p]["dishonor"] > 0), key=lambda p: key[p], reverse=True)
    out = [-r["dishonor"] for r in res]
    pos = 0
    while pos < len(seats) and pos < len(penalties):
        tied = [p for p in seats if key[p] == key[seats[pos]]]
        for p in tied:
            out[p] += penalties[pos]
        pos += len(tied)
    return out


def final_scoring(s: LancasterState) -> None:
    """L11 order: knighthood, seals, dishonor last (LH-093). Each part is recorded in `final`."""
    parts = {"knighthood": knighthood_points(s), "seals": seal_points(s)}
    parts["dishonor"] = dishonor_points(s)
    for p in range(s.n):
        for name in ("knighthood", "seals", "dishonor"):
            s.res[p]["pp"] += parts[name][p]
    s.final = [[parts["knighthood"][p], parts["seals"][p], parts["dishonor"][p]] for p in range(s.n)]


def breakdown(s: LancasterState, seat: int) -> dict[str, int]:
    """Where a player's points come from (the final parts once the game is over)."""
    pp = s.res[seat]["pp"]
    if s.final:
        k, se, di = s.final[seat]
        return {"during play": pp - k - se - di, "knighthood": k, "seals": se, "dishonor": di, "total": pp}
    return {"during play": pp, "total": pp}


def winners(state: LancasterState) -> list[int]:
    """LH-093 / L11: most PP; ties go to higher knighthood strength; still tied, the win is shared."""
    s = state
    if not s.is_terminal:
        return []
    pp = scores(s)
    best = max(pp)
    tied = [i for i in range(s.n) if pp[i] == best]
    kn = {i: knighthood(s, i) for i in tied}
    top = max(kn.values())
    return [i for i in tied if kn[i] == top]
