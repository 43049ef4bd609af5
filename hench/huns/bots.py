"""Bots for Huns: a random bot and a heuristic bot, both usable with `hench.core.play_game`.

>>> from hench.core import Rng, play_game
>>> import hench
>>> state = hench.get_game("huns").new_game(players=2, seed=3)
>>> final, steps = play_game(state, [HeuristicBot(), RandomBot(seed=1)], Rng.from_seed(3))
>>> final.is_terminal
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hench.core import RandomBot, Rng

from . import effects as fx
from .actions import parse
from .data import BLACK, BLUE, GREEN, RED, YELLOW
from .state import SLOTS

__all__ = ["HeuristicBot", "RandomBot", "make_bot"]

CARD_VALUE = {BLUE: 1.0, RED: 1.3, GREEN: 1.1, BLACK: 1.6, YELLOW: 1.5}
SEVERITY = {"bad_omen": 1.5, "blight": 1.2, "lame_horse": 1.0, "broken_axle": 0.4, "none": 0.0}


@dataclass
class HeuristicBot:
    """Greedy rules of thumb: take the die that fills Wagons (a dispatch is worth N + type bonus),
    fill Mercenaries, play Curses on the leader, flee a Curse when its cost beats N VP.
    Ties go to the first action in `legal_actions()` order, so games are reproducible."""

    seed: int | None = 0
    name: str = "heuristic"
    rng: Rng = field(init=False)

    def __post_init__(self) -> None:
        self.rng = Rng.from_seed(self.seed)

    def choose(self, state) -> str:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        scored = [(self.score(state, a), -i, a) for i, a in enumerate(legal)]
        return max(scored)[2]

    # -- one score per action ------------------------------------------------------------------
    def score(self, state, action: str) -> float:
        p = parse(action)
        kind = p[0]
        if kind == "take":
            return max(_pillage_gain(state, p[1], state.dice[p[1]]), _draw_gain(state, p[1], state.dice[p[1]]))
        if kind == "pillage":
            return _pillage_gain(state, state.die, state.value)
        if kind == "draw":
            return _draw_gain(state, state.die, state.value)
        return _SCORERS.get(kind, lambda s, q: 0.0)(state, p)


def _camp(state):
    return state.camps[state.active]


def _matching(state, colour: int) -> int:
    return sum(state._empty_spaces(s, colour) for s in range(SLOTS))


def _pillage_gain(state, colour: int, value: int) -> float:
    """Cubes that would land, plus the points of Wagons and Mercenaries they complete."""
    camp = _camp(state)
    n = min(fx.pillage_count(camp, state.data, colour, value), state.reserve[colour])
    best = 0.0
    for slot in range(SLOTS):
        w = camp.wagons[slot]
        if w < 0:
            continue
        empty = [sc for sc, x in zip(state.data.wagons[w].spaces, camp.loads[slot]) if x < 0]
        if empty and all(sc == colour for sc in empty) and len(empty) <= n:
            best = max(best, state.n + 2.0)
    cards = [(state.data.cards[c].spaces - len(camp.cubes.get(c, ())), c) for c in state._fillable_cards()]
    for room, c in cards:
        if 0 < room <= n:
            best = max(best, 2.0 + (0.5 if state.data.cards[c].colour == GREEN else 1.0))
    return best + 0.6 * min(n, _matching(state, colour))


def _draw_gain(state, colour: int, value: int) -> float:
    if not state.decks[colour]:
        return -1.0
    return CARD_VALUE[colour] + 0.15 * value


def _score_play(state, p) -> float:
    c = state.data.cards[state.data.card_index(p[1])]
    if c.colour == GREEN:
        return 2.0 - 0.4 * c.spaces
    if c.colour == BLACK:
        return c.spaces * 0.5 + SEVERITY.get(c.effect, 0.5)
    return 1.0


def _score_target(state, p) -> float:
    return state.scores()[p[1]] + 0.01 * sum(state.camps[p[1]].stash)


def _accept_cost(state) -> float:
    c = state.data.cards[state.curse]
    camp = state.camps[state.curse_to]
    cost = SEVERITY.get(c.effect, 0.5) + 0.6 * c.spaces
    if c.effect == "bad_omen":
        cost += sum(1 for x in camp.cards if state.data.cards[x].colour == RED and x not in camp.used)
    return cost


def _score_flee(state, p) -> float:
    return {"sendback": 100.0, "flee": -state.n, "accept": -_accept_cost(state)}[p[0]]


def _score_onto(state, p) -> float:
    held = sum(state.holding)
    if p[1] is None:
        return min(held, state._wagon_room()) + (0.1 if state._wagon_room() else 0.0)
    card = state.data.card_index(p[1])
    room = state._card_room(card)
    done = 2.5 if room <= held else 0.0
    return min(room, held) * 0.9 + done


def _score_place(state, p) -> float:
    cube, slot, space = p[1], p[2], p[3]
    camp = _camp(state)
    left = sum(1 for x in camp.loads[slot] if x < 0)
    wild_penalty = 0.0 if space == cube else -0.5
    return 5.0 - left + wild_penalty


def _score_replace(state, p) -> float:
    i = p[1]
    if i < 0:
        return 0.0
    w = state.data.wagons[state.display[i]]
    have = {state.data.wagons[x].type for x in _camp(state).dispatched}
    fit = sum(1 for sc in w.spaces if state.holding[sc])
    return 1.0 + fit - 0.2 * len(w.spaces) + (0.5 if w.type not in have else 0.0)


def _score_activate(state, p) -> float:
    effect = state.data.cards[state.data.card_index(p[1])].effect
    if effect in ("raid_cubes", "open_raid"):
        colour = p[2][0] if p[2] else state.data.cards[state.data.card_index(p[1])].param
        return min(2, _matching(state, colour), state.reserve[colour]) - 0.5
    if effect == "forced_march":
        return 0.5 if state.value < 3 else -1.0
    return 0.3


def _score_bonus(state, p) -> float:
    return sum(min(1, _matching(state, c)) for c in p[1])


_SCORERS = {"play": _score_play, "target": _score_target, "flee": _score_flee, "accept": _score_flee,
            "sendback": _score_flee, "onto": _score_onto, "place": _score_place, "replace": _score_replace,
            "activate": _score_activate, "bonus": _score_bonus, "return": lambda s, p: -10.0,
            "end": lambda s, p: 0.0, "reroll": lambda s, p: -1.0}


def make_bot(kind: str = "heuristic", seed: int = 0):
    """'heuristic' or 'random'."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed)
    raise ValueError(f"unknown bot {kind!r}; choose 'heuristic' or 'random'")
