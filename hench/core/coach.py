"""The coach (issue 30): a strong bot, a hint with its odds, and a review of a finished game.

The search is a determinized flat Monte Carlo over the root's legal moves, raced on common random numbers
(see `Search`): each round deals the hidden parts again from the seat's view (`determinize`), plays each
move still in the race, and plays the game out with the game's heuristic bots (dice and shuffles sampled as
the engine does, the same for every move of the round). A move's value is the seat's share
of wins (ties shared) and its expected final points over the games played out from it.

It reads only what the seat may know: every iteration starts from `determinize(state, seat, seed)`, which
re-deals what the other seats keep hidden and every face-down deck the seat has not seen (the game's
`bots.determinize` when it has one, otherwise the other seats' `resample_hidden`), and reseeds the state's
own generator, so future shuffles are not the true ones either.

>>> import hench
>>> from hench.core.coach import Coach
>>> coach = Coach("henchmania", seed=1, iterations=40)
>>> state = hench.get_game("henchmania").new_game(players=2, seed=3)
>>> state = state.apply(state.legal_actions()[0]) if state.is_chance_node else state
>>> advice = coach.suggest(state, state.current_player)
>>> advice.best.action in state.legal_actions()
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from .bots import Bot, RandomBot, next_action
from .chance import CHANCE
from .game import Game, State
from .rng import Rng

Progress = Callable[[float], None]
Clock = Callable[[], float]
MIN_ROUNDS = 3  # rounds every move plays before any leaves the race (the strong bot)
HINT_MIN_ROUNDS = 8  # the same for a hint or a review: a learner reads the figures, so each move gets more games
RACE_Z = 2.0  # paired standard errors below the leader that take a move out of the race
INDIFFERENCE = 0.02  # a move that cannot beat the leader by this much reward leaves the race too
WIN_WEIGHT = 0.75  # the reward: this much the win share, the rest the share of other seats outscored
SAFETY = 1.0  # paired standard errors a move must gain over the heuristic bot's own move to be preferred to it
MAX_ROLLOUT_STEPS = 100_000
PROGRESS_EVERY = 0.05  # seconds between two progress calls


@dataclass(frozen=True)
class MoveValue:
    """One move as the coach values it: the action, its text, the seat's estimated win chance (ties shared)
    and expected final points after it (and from each line of the game's score sheet, when the coach kept
    them), and how many games were played out from it."""

    action: Hashable
    text: str
    win_chance: float
    expected_points: float
    samples: int
    by_source: tuple[tuple[str, float], ...] = ()  # the seat's expected points from each line of the score sheet


@dataclass(frozen=True)
class Advice:
    """The coach's answer for one position: its move, every move it looked at (best first) and why."""

    best: MoveValue
    moves: list[MoveValue]
    why: list[str]
    beside: MoveValue | None = None  # the move the why sets the coach's beside (the learner's, else the next best)


@dataclass(frozen=True)
class Moment:
    """A decision of the reviewed seat: the step's index in the history, the position before it, the move
    played and the coach's move with their values, the expected points lost (>= 0) and why."""

    index: int
    before: State
    played: MoveValue
    best: MoveValue
    loss: float
    why: list[str]


# -- the game's own pieces, found by convention (each game package has a bots module) -------------------------
def game_of(game: Game | str) -> Game:
    if isinstance(game, Game):
        return game
    from .registry import get_game

    return get_game(game)


def bots_module(game: Game) -> ModuleType | None:
    """The game package's `bots` module (hench.<game>.bots), or None if it has none."""
    package = game.state_class.__module__.rsplit(".", 1)[0]
    try:
        return import_module(f"{package}.bots")
    except ImportError:
        return None


def heuristic_class(game: Game) -> type[Bot]:
    """The game's heuristic bot ("medium"): its bots module's `HeuristicBot`, or the random bot if it has none."""
    module = bots_module(game)
    found = getattr(module, "HeuristicBot", None) if module is not None else None
    return found if isinstance(found, type) and issubclass(found, Bot) else RandomBot


def determinize(state: State, seat: int, seed: int) -> State:
    """A state the seat cannot tell from `state`, drawn from its view: what the other seats hide and the
    unseen decks dealt again (seeded), and the state's generator reseeded. Built only from the seat's view:
    two states the seat cannot tell apart give the same result for the same seed."""
    rng = Rng.from_seed(seed)
    module = bots_module(state.game)
    own = getattr(module, "determinize", None) if module is not None else None
    if own is not None:
        out: State = own(state, seat, rng)
    else:
        out = state
        for other in range(state.num_players):
            if other != seat:
                out = out.resample_hidden(other, rng.randrange(1 << 62))
        if out is state:
            out = state.clone()
    out.rng = Rng.from_seed(rng.randrange(1 << 62)).state
    out._legal = None
    return out


# -- the search ------------------------------------------------------------------------------------------------
class _Arm:
    """The running totals of one root move, and its reward in each round (for paired comparisons)."""

    __slots__ = ("action", "n", "points", "reward", "rewards", "sources", "wins")

    def __init__(self, action: Hashable):
        self.action = action
        self.n = 0
        self.reward = self.wins = self.points = 0.0
        self.rewards: list[float] = []
        self.sources: dict[str, float] = {}  # the seat's points from each score-sheet line, summed over the playouts

    def add(self, reward: float, win: float, points: float) -> None:
        self.n += 1
        self.reward += reward
        self.wins += win
        self.points += points
        self.rewards.append(reward)

    def mean(self) -> float:
        return self.reward / self.n if self.n else -1.0


def paired(a: _Arm, b: _Arm) -> tuple[float, float]:
    """The mean and standard error of a's reward minus b's over the rounds both played (the same worlds)."""
    n = min(a.n, b.n)
    if n == 0:
        return 0.0, math.inf
    diffs = [x - y for x, y in zip(a.rewards[:n], b.rewards[:n])]
    mean = sum(diffs) / n
    if n == 1:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def outcome(end: State, seat: int) -> tuple[float, float, float]:
    """(reward in [0, 1], win share, final points) of `seat` in a finished game."""
    scores = end.scores()
    winners = end.winners()
    win = 1.0 / len(winners) if seat in winners else 0.0
    mine, others = scores[seat], [s for i, s in enumerate(scores) if i != seat]
    beaten = sum(1.0 if mine > s else 0.5 if mine == s else 0.0 for s in others) / max(1, len(others))
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) * beaten, win, float(mine)


class Search:
    """One flat Monte Carlo search from `state` for `seat` over `actions` (a budget of playouts or seconds).

    It runs in rounds. A round deals one world from the seat's view and one seed for the bots and dice, and
    plays every move still in the race out in that same world with the same seeds (common random numbers:
    two moves are compared on the same cards and dice, so a few rounds tell them apart where independent
    playouts would need many). After `min_rounds` rounds, a move that cannot beat the leader by `INDIFFERENCE`
    (its paired difference plus `RACE_Z` standard errors stays below that) leaves the race; the search
    stops when one move is left or the budget is spent. Clear choices are made in a few rounds, close ones
    get the whole budget."""

    def __init__(self, game: Game, state: State, seat: int, actions: Sequence[Hashable], seed: int,
                 clock: Clock = time.perf_counter, safe: bool = True, sheets: bool = False,
                 min_rounds: int = MIN_ROUNDS):
        self.game, self.state, self.seat, self.seed, self.clock, self.safe = game, state, seat, seed, clock, safe
        self.sheets = sheets and game.score_sheet is not None
        self.min_rounds = min_rounds
        self.source_names: dict[str, None] = {}  # every score-sheet line met, in the order met (a sheet may vary)
        self.arms = [_Arm(a) for a in actions]
        self.rng = Rng.from_seed(seed)
        self.policy = heuristic_class(game)
        self.steady = self.steady_arm() if safe and len(self.arms) > 1 else None
        self.racing = list(self.arms)
        self.rounds = 0

    def run(self, iterations: int | None, seconds: float, progress: Progress | None) -> None:
        start = last = self.clock()
        done = 0
        while True:
            if len(self.arms) > 1 and len(self.racing) == 1 and self.rounds >= self.min_rounds:
                break
            world = determinize(self.state, self.seat, self.rng.randrange(1 << 62))
            dice = self.rng.randrange(1 << 62)
            for arm in self.racing:
                self.iterate(arm, world, dice)
                done += 1
                now = self.clock()
                spent = (iterations is not None and done >= iterations) or (
                    iterations is None and now - start >= seconds and self.rounds >= 1)
                if spent:
                    break
                if progress is not None and now - last >= PROGRESS_EVERY:
                    last = now
                    progress(min(1.0, done / iterations if iterations else (now - start) / max(seconds, 1e-9)))
            else:
                self.rounds += 1
                self.race()
                continue
            break
        if progress is not None:
            progress(1.0)

    def race(self) -> None:
        """Drop the moves that are clearly worse than the round's leader (the steady move wins a tie)."""
        if self.rounds < self.min_rounds or len(self.racing) == 1:
            return
        leader = max(self.racing, key=lambda arm: (arm.mean(), arm is self.steady))
        keep = []
        for arm in self.racing:
            if arm is leader:
                keep.append(arm)
                continue
            gap, error = paired(leader, arm)
            if gap - RACE_Z * error <= -INDIFFERENCE:  # it may still beat the leader by INDIFFERENCE or more
                keep.append(arm)
        self.racing = keep

    def iterate(self, arm: _Arm, world: State, dice: int) -> None:
        if arm.action not in world._legal_cached():  # the seat's moves never depend on what it cannot see
            raise RuntimeError(f"{self.game.id}: {arm.action!r} is not legal in a determinization; "
                               "the seat's legal moves read hidden information")
        after = world.apply(arm.action)
        end = self.rollout(after, Rng(dice))
        arm.add(*outcome(end, self.seat))
        if self.sheets:
            self.add_sheet(arm, end)

    def add_sheet(self, arm: _Arm, end: State) -> None:
        """Add the seat's points from each line of the finished playout's score sheet to the arm's sums."""
        assert self.game.score_sheet is not None
        sheet = self.game.score_sheet(end)
        sums = arm.sources
        for name, points in zip(sheet.sources, sheet.points[self.seat]):
            self.source_names.setdefault(name)
            sums[name] = sums.get(name, 0.0) + points

    def rollout(self, state: State, rng: Rng) -> State:
        bots = [self.policy(rng.randrange(1 << 62)) for _ in range(state.num_players)]
        dice = Rng(rng.randrange(1 << 62))
        steps = 0
        while state.current_player is not None:
            if steps >= MAX_ROLLOUT_STEPS:
                raise RuntimeError(f"{self.game.id}: no end after {steps} actions in a playout")
            state = state.apply(next_action(state, bots, dice))
            steps += 1
        return state

    def values(self) -> list[MoveValue]:
        """Every move's value, best first: the moves still in the race by their mean reward, then those that
        left it; except that the game's heuristic bot's own move stays first unless the leader beats it by
        `SAFETY` paired standard errors (with few rounds, noise would otherwise pick a worse move than a
        steady player's)."""
        racing = sorted(self.racing, key=lambda a: (a.mean(), a.n), reverse=True)
        out = sorted((a for a in self.arms if a not in racing), key=lambda a: (a.mean(), a.n), reverse=True)
        arms = racing + out
        steady = self.steady
        if steady is not None and steady is not arms[0] and steady in racing:
            gap, error = paired(arms[0], steady)
            if gap < SAFETY * error:
                arms.remove(steady)
                arms.insert(0, steady)
        return [MoveValue(a.action, self.game.format_action(a.action), a.wins / a.n if a.n else 0.0,
                          a.points / a.n if a.n else 0.0, a.n,
                          tuple((name, a.sources.get(name, 0.0) / a.n) for name in self.source_names) if a.n else ())
                for a in arms]

    def steady_arm(self) -> _Arm | None:
        """The arm of the move the game's heuristic bot would play here, chosen in a determinization (the bot may
        read anything in the state it is given). None when the game has no heuristic bot."""
        if self.policy is RandomBot:
            return None
        world = determinize(self.state, self.seat, self.seed ^ 0x5DEECE66D)
        choice = self.policy(self.seed).choose(world)
        return next((arm for arm in self.arms if arm.action == choice), None)


# -- why, in plain words -----------------------------------------------------------------------------------------
def explain(moves: Sequence[MoveValue], against: Hashable | None = None) -> list[str]:
    """One or two sentences from the search's figures (the seat's own view: nothing else was searched): the
    coach's move with its odds, then what it gains against `against` (the learner's selected move) or the
    next best: the line of the score sheet where the difference lies, and whether the gap is clear."""
    best = moves[0]
    other = beside_of(moves, against)
    first = (f"Playing {best.text} won {best.win_chance:.0%} of the {best.samples} games played out from here, "
             f"with {best.expected_points:.1f} points on average.")
    if other is None:
        return [first, "It is the only move open now."]
    return [first, compare(best, other)]


def beside_of(moves: Sequence[MoveValue], against: Hashable | None) -> MoveValue | None:
    """The move to set beside the coach's (moves[0]): `against` if it is another move looked at, else the next best."""
    return next((m for m in moves[1:] if m.action == against), moves[1] if len(moves) > 1 else None)


def compare(best: MoveValue, other: MoveValue) -> str:
    """What `best` gains over `other`, in points and in the score sheet's words, and how sure that is."""
    noise = 1.96 * math.sqrt(0.25 / max(1, min(best.samples, other.samples)))
    gap = best.win_chance - other.win_chance
    points = best.expected_points - other.expected_points
    verdict = "a clear edge" if gap > noise else "too close to call with this many games played out"
    where = _where(best, other)
    return (f"Against {other.text} ({other.win_chance:.0%}, {other.expected_points:.1f} points), "
            f"it scores {points:+.1f} points{where} ({verdict}).")


def _where(best: MoveValue, other: MoveValue) -> str:
    """", most of it from <line>: +x.x" and "; it gives up y.y from <line>", from the two moves' score sheets."""
    if not best.by_source or len(best.by_source) != len(other.by_source):
        return ""
    diffs = [(name, mine - theirs) for (name, mine), (_, theirs) in zip(best.by_source, other.by_source)]
    gain = max(diffs, key=lambda d: d[1])
    loss = min(diffs, key=lambda d: d[1])
    text = f", most of it from {gain[0]}: {gain[1]:+.1f}" if gain[1] >= 0.5 else ""
    if loss[1] <= -0.5:
        text += f"{';' if text else ','} it gives up {-loss[1]:.1f} from {loss[0]}"
    return text


def explain_loss(played: MoveValue, best: MoveValue) -> list[str]:
    return [f"Your move, {played.text}, won {played.win_chance:.0%} of the {played.samples} games played out "
            f"from here, with {played.expected_points:.1f} points on average.",
            f"The coach's move, {best.text}, won {best.win_chance:.0%} of {best.samples}, with "
            f"{best.expected_points:.1f} points: {best.expected_points - played.expected_points:.1f} points more"
            f"{_where(best, played)}."]


# -- the coach -----------------------------------------------------------------------------------------------------
class Coach:
    """The coach of one game. `seconds` bounds the thinking per move; `iterations` (games played out per
    move), when given, replaces the time budget, and then the same seed always gives the same answer.
    `clock` measures the budget: wall-clock time by default (what a learner waits); `time.process_time`
    gives every move the same computing however busy the machine is (the bench uses it). `safe`: keep the
    game's heuristic bot's move unless another is clearly better (see `Search.values`). `sheets`: keep each
    move's expected points per line of the score sheet, for the why (the strong bot does without).
    `min_rounds`: rounds every move plays before any leaves the race (fewer: faster, clear choices made sooner)."""

    def __init__(self, game: Game | str, seed: int = 0, seconds: float = 1.0, iterations: int | None = None,
                 clock: Clock = time.perf_counter, safe: bool = True, sheets: bool = True,
                 min_rounds: int = HINT_MIN_ROUNDS):
        self.game = game_of(game)
        self.sheets = sheets
        self.min_rounds = min_rounds
        self.seed = seed
        self.seconds = seconds
        self.iterations = iterations
        self.clock = clock
        self.safe = safe

    def _search(self, state: State, seat: int, actions: Sequence[Hashable], seconds: float | None,
                progress: Progress | None, iterations: int | None = None) -> list[MoveValue]:
        if state.is_terminal or seat is None or seat < 0 or state.current_player != seat:
            raise ValueError(f"the coach answers for the seat to act: {seat!r} does not act here "
                             f"(to act: {state.current_player!r})")
        search = Search(self.game, state, seat, actions, self._seed_for(state, seat), self.clock, self.safe,
                        self.sheets, self.min_rounds)
        budget = iterations if iterations is not None else self.iterations
        search.run(budget, self.seconds if seconds is None else seconds, progress)
        return search.values()

    def _seed_for(self, state: State, seat: int) -> int:
        """The search's seed: the coach's seed and what the seat sees (so a position always gets the same one)."""
        view = repr(sorted(state.observation(seat).items(), key=lambda kv: kv[0]))
        h = 0
        for ch in view:
            h = (h * 1_000_003 + ord(ch)) & ((1 << 62) - 1)
        return (self.seed * 0x9E3779B1 + h) & ((1 << 62) - 1)

    def suggest(self, state: State, seat: int, seconds: float | None = None, progress: Progress | None = None,
                against: Hashable | None = None) -> Advice:
        """The coach's move for `seat` (who must be to act), every legal move's value, best first, and why: set
        beside `against` (the move the learner has in mind) when it is another legal move, else the next best."""
        moves = self._search(state, seat, state.legal_actions(), seconds, progress)
        return Advice(moves[0], moves, explain(moves, against), beside_of(moves, against))

    def evaluate(self, state: State, seat: int, action: Hashable, seconds: float | None = None,
                 progress: Progress | None = None) -> MoveValue:
        """The value of one move (an action or its text) for `seat`, the whole budget spent on it."""
        if isinstance(action, str):
            action = self.game.parse_action(state, action)
        state.check(action)
        return self._search(state, seat, [action], seconds, progress)[0]

    def review(self, steps: Sequence[Any], seat: int, top: int = 5, seconds_per_move: float | None = None,
               progress: Progress | None = None) -> list[Moment]:
        """The `top` decisions of `seat` in a game's history (hench.core.session.Step) that lost the most
        expected points against the coach's move, worst first (only those that lost some). Moves with one
        option are not decisions."""
        mine = [s for s in steps if s.player == seat and s.before.current_player == seat
                and len(s.before._legal_cached()) > 1]
        per_move = self.seconds / 4 if seconds_per_move is None else seconds_per_move
        moments = []
        for k, step in enumerate(mine):
            inner = None if progress is None else (lambda f, k=k: progress((k + f) / len(mine)))
            moves = self._search(step.before, seat, step.before.legal_actions(), per_move, inner)
            played = next(m for m in moves if m.action == step.action)
            best = moves[0]
            loss = max(0.0, best.expected_points - played.expected_points)
            if best.action != step.action and loss > 0:
                moments.append(Moment(step.index, step.before, played, best, loss, explain_loss(played, best)))
        if progress is not None:
            progress(1.0)
        moments.sort(key=lambda m: (-m.loss, m.index))
        return moments[:top]

    def bot(self, seat_seed: int = 0) -> CoachBot:
        """The strong bot: plays the coach's move for whichever seat is to act."""
        return CoachBot(self, seat_seed)


class CoachBot(Bot):
    """The strong bot ("hard"): the coach's move, found in its time (or iteration) budget. A position with one
    legal move is played at once."""

    name = "coach"

    def __init__(self, coach: Coach, seed: int | None = 0):
        super().__init__(seed)
        self.coach = Coach(coach.game, seed=(coach.seed * 7919 + (seed or 0)), seconds=coach.seconds,
                           iterations=coach.iterations, clock=coach.clock, safe=coach.safe, sheets=False,
                           min_rounds=MIN_ROUNDS)
        self.thinking: list[float] = []  # wall-clock seconds spent on each move searched (for the bench)
        self.computing: list[float] = []  # the same moves' processor seconds (what a quiet machine would wait)

    def choose(self, state: State) -> Hashable:
        legal = state._legal_cached()
        seat = state.current_player
        if len(legal) == 1 or seat is None or seat == CHANCE:
            return legal[0]
        start, cpu = time.perf_counter(), time.process_time()
        advice = self.coach.suggest(state, seat)
        self.thinking.append(time.perf_counter() - start)
        self.computing.append(time.process_time() - cpu)
        return advice.best.action


__all__ = ["Advice", "Coach", "CoachBot", "Moment", "MoveValue", "determinize", "heuristic_class"]
