"""Bots for Huns: a random bot and a heuristic bot, both usable with `hench.core.play_game`.

>>> from hench.core import Rng, play_game
>>> import hench
>>> state = hench.get_game("huns").new_game(players=2, seed=3)
>>> final, steps = play_game(state, [HeuristicBot(), RandomBot(seed=1)], Rng.from_seed(3))
>>> final.is_terminal
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hench.core import Bot, RandomBot, Rng, State

from . import effects as fx
from .actions import (
    Accept,
    Activate,
    Bonus,
    Curse,
    Draw,
    EndTurn,
    Flee,
    HunsAction,
    Onto,
    Order,
    Pillage,
    Place,
    Play,
    Reroll,
    ReturnRest,
    SendBack,
    Take,
    TakeWagon,
)
from .data import BLACK, BLUE, GREEN, RED, YELLOW
from .legality import card_room, empty_spaces, fillable_cards, wagon_room
from .state import SLOTS, Camp, HunsState

__all__ = ["HeuristicBot", "RandomBot", "make_bot"]

CARD_VALUE = {BLUE: 1.0, RED: 1.3, GREEN: 1.1, BLACK: 1.6, YELLOW: 1.5}
SEVERITY = {"bad_omen": 1.5, "blight": 1.2, "lame_horse": 1.0, "broken_axle": 0.4, "none": 0.0}


class HeuristicBot(Bot):
    """Greedy rules of thumb: take the die that fills Wagons (a dispatch is worth N + type bonus),
    fill Mercenaries, play Curses on the leader, flee a Curse when its cost beats N VP.
    Ties go to the first action in `legal_actions()` order, so games are reproducible."""

    name = "heuristic"

    def choose(self, state: State) -> HunsAction:
        if not isinstance(state, HunsState):
            raise TypeError(f"HeuristicBot plays Huns, not {type(state).__name__}")
        legal = state._legal_cached()
        if len(legal) == 1:
            return legal[0]
        scored = [(self.score(state, a), -i) for i, a in enumerate(legal)]
        return legal[-max(scored)[1]]

    # -- one score per action ------------------------------------------------------------------
    def score(self, state: HunsState, action: HunsAction) -> float:
        if isinstance(action, Take):
            value = state.dice[action.colour]
            return max(_pillage_gain(state, action.colour, value), _draw_gain(state, action.colour, value))
        if isinstance(action, Pillage):
            return _pillage_gain(state, state.die, state.value)
        if isinstance(action, Draw):
            return _draw_gain(state, state.die, state.value)
        return _SCORERS.get(type(action), lambda s, q: 0.0)(state, action)


def _camp(state: HunsState) -> Camp:
    return state.camps[state.active]


def _matching(state: HunsState, colour: int) -> int:
    return sum(empty_spaces(state, s, colour) for s in range(SLOTS))


def _pillage_gain(state: HunsState, colour: int, value: int) -> float:
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
    cards = [(state.data.cards[c].spaces - len(camp.cubes.get(c, ())), c) for c in fillable_cards(state)]
    for room, c in cards:
        if 0 < room <= n:
            best = max(best, 2.0 + (0.5 if state.data.cards[c].colour == GREEN else 1.0))
    return best + 0.6 * min(n, _matching(state, colour))


def _draw_gain(state: HunsState, colour: int, value: int) -> float:
    if not state.decks[colour]:
        return -1.0
    return CARD_VALUE[colour] + 0.15 * value


def _score_play(state: HunsState, a: Play) -> float:
    c = state.data.cards[state.data.card_ids[a.card]]
    if c.colour == GREEN:
        return 2.0 - 0.4 * c.spaces
    if c.colour == BLACK:
        return c.spaces * 0.5 + SEVERITY.get(c.effect, 0.5)
    return 1.0


def _score_target(state: HunsState, a: Curse) -> float:
    return state.scores()[a.target] + 0.01 * sum(state.camps[a.target].stash)


def _accept_cost(state: HunsState) -> float:
    c = state.data.cards[state.curse]
    camp = state.camps[state.curse_to]
    cost = SEVERITY.get(c.effect, 0.5) + 0.6 * c.spaces
    if c.effect == "bad_omen":
        cost += sum(1 for x in camp.cards if state.data.cards[x].colour == RED and x not in camp.used)
    return cost


def _score_onto(state: HunsState, a: Onto) -> float:
    held = sum(state.holding)
    if a.card is None:
        return min(held, wagon_room(state)) + (0.1 if wagon_room(state) else 0.0)
    room = card_room(state, state.data.card_ids[a.card])
    done = 2.5 if room <= held else 0.0
    return min(room, held) * 0.9 + done


def _score_place(state: HunsState, a: Place) -> float:
    left = sum(1 for x in _camp(state).loads[a.slot] if x < 0)
    return 5.0 - left + (0.0 if a.space == a.cube else -0.5)


def _score_replace(state: HunsState, a: TakeWagon) -> float:
    if a.display is None:
        return 0.0
    w = state.data.wagons[state.display[a.display]]
    have = {state.data.wagons[x].type for x in _camp(state).dispatched}
    fit = sum(1 for sc in w.spaces if state.holding[sc])
    return 1.0 + fit - 0.2 * len(w.spaces) + (0.5 if w.type not in have else 0.0)


def _score_activate(state: HunsState, a: Activate) -> float:
    card = state.data.cards[state.data.card_ids[a.card]]
    if card.effect in ("raid_cubes", "open_raid"):
        colour = a.colour if a.colour is not None else card.param
        return min(2, _matching(state, colour), state.reserve[colour]) - 0.5
    if card.effect == "forced_march":
        return 0.5 if state.value < 3 else -1.0
    return 0.3


def _score_bonus(state: HunsState, a: Bonus) -> float:
    return sum(min(1, _matching(state, c)) for c in a.colours)


_SCORERS: dict[type[HunsAction], Callable[[HunsState, Any], float]] = {
            Play: _score_play, Curse: _score_target, SendBack: lambda s, a: 100.0, Flee: lambda s, a: -s.n,
            Accept: lambda s, a: -_accept_cost(s), Onto: _score_onto, Place: _score_place, TakeWagon: _score_replace,
            Activate: _score_activate, Bonus: _score_bonus, ReturnRest: lambda s, a: -10.0,
            EndTurn: lambda s, a: 0.0, Reroll: lambda s, a: -1.0, Order: lambda s, a: 1.0 if a.first == "penalty" else 0.0}


def determinize(state: State, seat: int, rng: Rng) -> HunsState:
    """For the coach (hench.core.coach): a state `seat` cannot tell from `state`, from its view only. Every
    face-down deck is dealt again with the cards of that back `seat` has not seen: the drawn hand of another
    seat, the other seats' dispatched Wagons and fled Curses (each pool sorted first, so the deal depends only
    on what `seat` sees and the seed)."""
    if not isinstance(state, HunsState):
        raise TypeError(f"a Huns determinization needs a Huns position, not {type(state).__name__}")
    s = state.clone()
    others = [p for p in range(s.n) if p != seat]
    hand = s.hand if s.hand and s.active != seat else ()
    for colour, deck in enumerate(list(s.decks)):
        fled = [(p, i) for p in others for i, _ in enumerate(s.camps[p].fled)] if colour == BLACK else []
        drawn = list(hand) if hand and s.hand_deck == colour else []
        pool = rng.shuffled(sorted([*deck, *drawn, *(s.camps[p].fled[i] for p, i in fled)], key=repr))
        where = [s.camps[p].cards.index(s.camps[p].fled[i]) for p, i in fled]  # before any is replaced
        for k, (p, i) in enumerate(fled):
            camp = s.camps[p]
            camp.cards[where[k]] = camp.fled[i] = pool[len(drawn) + k]
            camp.fx = None
        if drawn:
            s.hand = tuple(pool[:len(drawn)])
        s.decks[colour] = tuple(pool[len(drawn) + len(fled):])
    dispatched = [(p, i) for p in others for i, _ in enumerate(s.camps[p].dispatched)]
    pool = rng.shuffled(sorted([*s.wagon_deck, *(s.camps[p].dispatched[i] for p, i in dispatched)], key=repr))
    for k, (p, i) in enumerate(dispatched):
        s.camps[p].dispatched[i] = pool[k]
    s.wagon_deck = tuple(pool[len(dispatched):])
    return s


def make_bot(kind: str = "heuristic", seed: int = 0) -> Bot:
    """'heuristic' or 'random'."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed)
    raise ValueError(f"unknown bot {kind!r}; choose 'heuristic' or 'random'")
