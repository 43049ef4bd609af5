"""Bots and playouts shared by every game. A bot is anything with `choose(state) -> action`."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, TypeVar

from .chance import CHANCE, sample_outcome
from .game import Game, State
from .rng import _MASK, Rng

# The levels a learner picks, the same for every game: the random bot, the game's heuristic bot, the coach.
LEVELS = ("easy", "medium", "hard")
LEVEL_TEXT = {"easy": "easy: random legal moves", "medium": "medium: the game's heuristic bot",
              "hard": "hard: the coach (Monte Carlo search over the seat's view)"}


T = TypeVar("T")

# randrange's rejection bound for each small count of actions (the draw takes a value <= it), computed once
_LIMITS = (0, *(_MASK - (_MASK + 1) % n for n in range(1, 64)))


class Bot:
    """Base of every bot: seeded, so the same seed plays the same game. Subclasses write `choose`."""

    name: ClassVar[str] = "bot"

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self.rng = Rng.from_seed(seed)

    def choose(self, state: State) -> Hashable:
        raise NotImplementedError

    def pick(self, items: Sequence[T], key: Callable[[T], Any], lowest: bool = False) -> T:
        """One of `items` with the highest `key` (the lowest with `lowest`), drawn evenly from the bot's generator
        when several tie: a heuristic that always took the first would play every playout from a position alike,
        and the coach would learn nothing from playing it out again (issue 39)."""
        keys = [key(item) for item in items]
        top = min(keys) if lowest else max(keys)
        ties = [i for i, k in enumerate(keys) if k == top]
        return items[ties[0] if len(ties) == 1 else ties[self.rng.randrange(len(ties))]]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: State) -> Hashable:
        legal = state._legal
        if legal is None:
            seat = state.current_player
            if seat is not None and seat != CHANCE:  # `state._legal_actions()` for a player's move, written in
                legal = type(state).game.legal(state)  # (a call less per move on the playout hot path)
                if type(legal) is not list and type(legal) is not tuple:
                    legal = list(legal)
            else:
                legal = state._legal_actions()
            state._legal = legal
        n = len(legal)
        if n <= 0:
            return legal[self.rng.randrange(n)]  # raises: nothing to choose from
        # self.rng.randrange(n), inlined (a call less per move on the playout hot path): the same draws
        rng = self.rng
        limit = _LIMITS[n] if n < 64 else _MASK - (_MASK + 1) % n
        x = rng.state
        while True:
            x = (x + 0x9E3779B97F4A7C15) & _MASK
            z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                rng.state = x
                return legal[z % n]


def next_action(state: State, bots: Sequence[Bot], rng: Rng) -> Hashable:
    """Who acts next, acting: the dice roll at a chance node, otherwise the seat's bot chooses."""
    seat = state.current_player
    if seat == CHANCE:
        return sample_outcome(state._chance_outcomes(), rng)
    if seat is None:
        raise ValueError("the game is over: nobody acts")
    return bots[seat].choose(state)


def step(state: State, bots: Sequence[Bot], rng: Rng) -> State:
    """One step of a game played by bots and dice."""
    return state.apply(next_action(state, bots, rng))


def play_game(state: State, bots: Sequence[Bot], rng: Rng, max_steps: int = 100_000) -> tuple[State, int]:
    """Play to the end. Returns the final state and the number of actions taken.

    `step` written out in one loop (the playout hot path): the seat to act is read once per action (the game
    is over exactly when it is None), and no call per action but the bot's `choose` (or the dice) and `apply`."""
    for n in range(max_steps):
        seat = state.current_player
        if seat is None:
            return state, n
        if seat == CHANCE:
            state = state.apply(sample_outcome(state._chance_outcomes(), rng))
        else:
            state = state.apply(bots[seat].choose(state))
    if state.current_player is None:
        return state, max_steps
    raise RuntimeError(f"{state.game.id}: no end after {max_steps} actions at {state!r}")


def random_playout(state: State, seed: int = 0, max_steps: int = 100_000) -> tuple[State, int]:
    rng = Rng.from_seed(seed)
    bots = [RandomBot(seed * 31 + i) for i in range(state.num_players)]
    return play_game(state, bots, rng, max_steps)


def level_bot(game: Game | str, level: str, seed: int = 0, seconds: float = 1.0, iterations: int | None = None) -> Bot:
    """The bot of a level (`LEVELS`) for any game (a Game or its id): "easy" the random bot, "medium" the game's
    heuristic bot (its bots module's `HeuristicBot`), "hard" the coach's strong bot, thinking `seconds` per
    move (or `iterations` playouts, then reproducible)."""
    from .coach import Coach, game_of, heuristic_class

    if level not in LEVELS:
        raise ValueError(f"no level {level!r}; the levels are {list(LEVELS)}")
    if level == "easy":
        return RandomBot(seed)
    if level == "medium":
        return heuristic_class(game_of(game))(seed)
    return Coach(game, seed=seed, seconds=seconds, iterations=iterations).bot(seed)
