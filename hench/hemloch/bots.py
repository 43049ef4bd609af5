"""Bots: the core `RandomBot`, and `HeuristicBot`, which plays for Influence majorities and Marker
adjacency by looking one move ahead (ties broken by its seeded generator)."""

from __future__ import annotations

from hench.core import Bot, RandomBot, Rng, State

from .actions import HLAction
from .scoring import item_points
from .state import DRAFT_PACK, HemlochState

_NEIGHBOURS: dict[int, tuple[object, tuple[tuple[tuple[int, ...], ...], ...]]] = {}


def neighbour_table(s: HemlochState) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per Location, per Influence Space, the spaces next to it (HL-083), worked out once per data set."""
    data = s.data
    hit = _NEIGHBOURS.get(id(data))
    if hit is None or hit[0] is not data:
        table = tuple(tuple(loc.neighbours(i) for i in range(len(loc.spaces))) for loc in data.locations)
        hit = _NEIGHBOURS[id(data)] = (data, table)
    return hit[1]


def quick_scores(s: HemlochState) -> list[int]:
    """`scoring.scores`, with the neighbours looked up instead of worked out (the bots call it for every move)."""
    table = neighbour_table(s)
    out = []
    for seat in (0, 1):
        points = item_points(s, seat)
        for loc, row in enumerate(s.spaces):
            near = table[loc]
            points += sum(2 if any(row[j] == seat for j in near[i]) else 1 for i, owner in enumerate(row) if owner == seat)
        out.append(points)
    return out


def evaluate(s: HemlochState, seat: int) -> float:
    """How good `s` looks for `seat`: points ahead (Markers with adjacency, Items), Locations where it
    leads the Influence (the next check's Marker), and cards in hand to play later."""
    points = quick_scores(s)
    value = 3.0 * (points[seat] - points[1 - seat])
    for loc in range(len(s.board)):
        if not s.empty_spaces(loc):
            continue
        mine, theirs = s.influence(loc, seat), s.influence(loc, 1 - seat)
        value += 2.0 if mine > theirs else 1.0 if mine == theirs and mine else 0.0
    value += 0.4 * min(len(s.hands[seat]), 5) - 0.2 * min(len(s.hands[1 - seat]), 5)
    return value


class HeuristicBot(Bot):
    """Greedy one-move lookahead on `evaluate`."""

    name = "heuristic"

    def choose(self, state: State) -> HLAction:
        if not isinstance(state, HemlochState):
            raise TypeError(f"a Hemloch bot plays Hemloch positions, not {type(state).__name__}")
        seat = state.current_player
        if seat is None or seat < 0:
            raise ValueError("the bot chooses a player's move; this position has none (the game is over or chance is to act)")
        legal = state._legal_cached()
        best, choices = float("-inf"), []
        for action in legal:
            after = state.apply(action)
            assert isinstance(after, HemlochState)
            value = evaluate(after, seat)
            if value > best + 1e-9:
                best, choices = value, [action]
            elif abs(value - best) <= 1e-9:
                choices.append(action)
        return choices[self.rng.randrange(len(choices))]


def make_bot(kind: str, seed: int | None = 0) -> Bot:
    """'random' or 'heuristic'."""
    bots = {"random": RandomBot, "heuristic": HeuristicBot}
    if kind not in bots:
        raise ValueError(f"bot kind should be one of {sorted(bots)}, not {kind!r}")
    return bots[kind](seed)


def determinize(state: State, seat: int, rng: Rng) -> HemlochState:
    """For the coach (hench.core.coach): a state `seat` cannot tell from `state`, from its view only. The other
    player's hand and deck are dealt again from their cards together (sorted first, so the deal depends only on
    what `seat` sees and the seed), and `seat`'s own deck is shuffled (its order is unknown to it too). In the
    Draft, the pool, the other's kept cards and a pack not yet passed are dealt again together (what `seat`
    knows of the other's picks from the packs it passed is not used: a wider guess, never a peek)."""
    if not isinstance(state, HemlochState):
        raise TypeError(f"a Hemloch determinization needs a Hemloch position, not {type(state).__name__}")
    out = state.clone()
    other = 1 - seat
    pool = rng.shuffled(sorted(out.hands[other] + out.decks[other], key=repr))
    n = len(out.hands[other])
    out.hands[other], out.decks[other] = pool[:n], pool[n:]
    out.decks[seat] = rng.shuffled(sorted(out.decks[seat], key=repr))
    if out.draft and (out.pool or out.kept[other] or out.packs[other]):
        # HL-089, HL-090: the Draft pool, the other's kept cards and a pack nobody passed it yet are unseen
        fresh = out.packs[other] if len(out.packs[other]) == DRAFT_PACK else []
        pool = rng.shuffled(sorted(out.pool + out.kept[other] + fresh, key=repr))
        k = len(out.kept[other])
        out.kept[other], pool = pool[:k], pool[k:]
        if fresh:
            out.packs[other], pool = pool[:DRAFT_PACK], pool[DRAFT_PACK:]
        out.pool = pool
    return out

__all__ = ["HeuristicBot", "RandomBot", "determinize", "evaluate", "make_bot", "quick_scores"]
