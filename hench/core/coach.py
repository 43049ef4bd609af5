"""The coach (issues 30 and 39): a strong bot, a hint with its odds, and a review of a finished game.

**One objective: the win chance.** The coach ranks moves by the seat's share of the games it wins from here
(a tie counts as a shared win), and only by that: the table is sorted by it, and the coach's move is the top of
that table. Winning is what a game is played for; the expected points are shown beside it (with their own
interval) and break exact ties, but a move that scores more points and wins less often is the worse move
(Lancaster's "take both" at 54 points could lose more games than "take noble" at 57).

**Every figure with its uncertainty.** A win chance comes with its 95% Wilson interval, the expected points with
a 95% half-width (1.96 standard errors). Moves whose win-chance intervals overlap the best's are a tie (`Advice.tied`),
and the hint says so. No win chance is given from fewer than `MIN_GAMES` played-out games (see there).

**The search** is a determinized flat Monte Carlo with successive halving (`Search`): every move is played out
in rounds; a round deals one world from the seat's view (`determinize`) and one seed for the bots and dice, and
plays every move still in the search in that same world (common random numbers). The budget (seconds or
playouts) is cut into phases: after each halving phase the better half of the moves (by win chance, then
points) goes on and the rest are set aside with the games they had; the last half of the budget goes to the
two finalists. No move leaves because a few games agreed: a move leaves only at a halving, when half the moves
go, after its phase's share of the budget. The budget is never overrun by more than one playout, whatever the
number of legal moves (the heuristic bot's move is played first, so under a tight budget it has games).

The coach returns facts (`Advice`, `MoveValue`, `SheetLine`, `Moment`): the sentences are the view's
(widgets.coach), written from them.

It reads only what the seat may know: every round starts from `determinize(state, seat, seed)`.

>>> import hench
>>> from hench.core.coach import Coach
>>> coach = Coach("henchmania", seed=1, iterations=40)
>>> state = hench.get_game("henchmania").new_game(players=2, seed=3)
>>> state = state.apply(state.legal_actions()[0]) if state.is_chance_node else state
>>> advice = coach.suggest(state, state.current_player)
>>> advice.best.action in state.legal_actions(), advice.best is advice.moves[0]
(True, True)
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
OBJECTIVE = "win chance"  # what the coach maximises and sorts by (see the module's docstring)
Z = 1.96  # a 95% interval
# No win chance is shown from fewer games: at 300 games a 95% interval on a win chance is at most +-5.7 points
# (at 50%), narrow enough that two moves 12 points apart are told apart, and the 3-second hint can reach it
# for the two finalists in most games on this 2-core machine. Below it an interval is wider than a learner can use.
MIN_GAMES = 300
FINALISTS = 2  # the moves the last phase of the search compares (the best and the one it must beat)
FINAL_SHARE = 0.5  # the share of the budget the finalists get, after the halving phases
BOT_MIN_GAMES = 8  # the strong bot leaves the heuristic's move only for a move with at least this many games
HINT_SECONDS = 2.5  # a hint's thinking (wall clock): within the 3 s with the view's own work
MAX_ROLLOUT_STEPS = 100_000
EXPLORE = 0.1  # the share of a playout's moves made at random (see `Exploring`)
PROGRESS_EVERY = 0.05  # seconds between two progress calls


def wilson(wins: float, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion (wins may be fractional: shared ties); (0, 1) without games."""
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, wins / n))
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # the interval always holds the estimate (at p = 1 the float sum falls a hair short of 1)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True)
class MoveValue:
    """One move as the coach values it: the action, its text, the seat's estimated win chance (ties shared) with
    its 95% interval, its expected final points with their 95% half-width, how many games were played out from
    it, whether the search set it aside before the end (successive halving), and its expected points from each
    line of the game's score sheet (when the coach kept them)."""

    action: Hashable
    text: str
    win_chance: float
    expected_points: float
    samples: int
    by_source: tuple[tuple[str, float], ...] = ()
    win_low: float = 0.0
    win_high: float = 1.0
    points_error: float = math.inf
    set_aside: bool = False

    def overlaps(self, other: MoveValue) -> bool:
        """The two win-chance intervals overlap: the games played do not tell the two moves apart."""
        return self.win_low <= other.win_high and other.win_low <= self.win_high


@dataclass(frozen=True)
class SheetLine:
    """One line of the score sheet for two moves: the seat's expected points from it after each."""

    name: str
    best: float
    other: float

    @property
    def difference(self) -> float:
        return self.best - self.other


@dataclass(frozen=True)
class Advice:
    """The coach's answer for one position, as facts.

    `moves`: every legal move, the table's order: those with at least `min_games` games by win chance (then
    expected points), then the others (short of games, or set aside early) in the search's order: those still in
    the search at its end by win chance, then those set aside. `best` is
    `moves[0]`. `tied`: the moves with enough games whose win-chance interval overlaps the best's (the best
    first; only the best when it is clearly ahead). `beside`: the move the comparison is with (the learner's
    selected move, else the next in the table); `sheet`: the score sheet's lines for `best` and `beside`."""

    best: MoveValue
    moves: list[MoveValue]
    tied: list[MoveValue]
    min_games: int
    beside: MoveValue | None = None
    sheet: tuple[SheetLine, ...] = ()
    objective: str = OBJECTIVE

    @property
    def kind(self) -> str:
        """"only" (one legal move), "few" (the best has fewer than `min_games` games: no odds), "tie" (moves
        the games do not tell apart) or "clear" (the best is ahead of every move with enough games)."""
        if len(self.moves) == 1:
            return "only"
        if self.best.samples < self.min_games:
            return "few"
        return "tie" if len(self.tied) > 1 else "clear"

    def measured(self, move: MoveValue) -> bool:
        """The move has enough games for its figures to be shown."""
        return move.samples >= self.min_games


@dataclass(frozen=True)
class Moment:
    """A decision of the reviewed seat the coach judges a mistake: the step's index in the history, the position
    before it, the move played and the coach's move (each with at least the hint's minimum of games, their
    win-chance intervals apart), the win chance lost and the score sheet's lines for the two."""

    index: int
    before: State
    played: MoveValue
    best: MoveValue
    loss: float
    sheet: tuple[SheetLine, ...] = ()

    @property
    def points_lost(self) -> float:
        return self.best.expected_points - self.played.expected_points


@dataclass(frozen=True)
class Review:
    """A finished game's review: the mistakes found (worst first), the seat's own decisions, how many of them the
    review had time to screen, and the games each judgement rests on at least."""

    moments: list[Moment]
    decisions: int
    screened: int
    min_games: int


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


class Exploring(Bot):
    """A playout's bot: the game's heuristic, but one move in `EXPLORE` (drawn from its own seeded generator) a move
    at random. A heuristic with few ties (Lancaster's, say) plays every playout from a position alike, so the search
    would learn nothing from playing it out again (issue 39); a little exploration makes the playouts differ, as an
    opponent who is not a program does."""

    name = "exploring"

    def __init__(self, policy: type[Bot], seed: int | None = 0):
        super().__init__(seed)
        self.inner = policy(seed)

    def choose(self, state: State) -> Hashable:
        if self.rng.randrange(1000) < EXPLORE * 1000:
            legal = state.legal_actions()
            return legal[self.rng.randrange(len(legal))]
        return self.inner.choose(state)


def playout_bots(policy: type[Bot], players: int, rng: Rng) -> list[Bot]:
    """The bots of one playout: the policy's, exploring (see `Exploring`), each from its own seed."""
    if policy is RandomBot:
        return [RandomBot(rng.randrange(1 << 62)) for _ in range(players)]
    return [Exploring(policy, rng.randrange(1 << 62)) for _ in range(players)]


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
    """The running totals of one root move."""

    __slots__ = ("action", "n", "points", "set_aside", "sources", "squares", "wins")

    def __init__(self, action: Hashable):
        self.action = action
        self.n = 0
        self.wins = self.points = self.squares = 0.0
        self.set_aside = False
        self.sources: dict[str, float] = {}  # the seat's points from each score-sheet line, summed over the playouts

    def add(self, win: float, points: float) -> None:
        self.n += 1
        self.wins += win
        self.points += points
        self.squares += points * points

    def key(self) -> tuple[float, float]:
        """The objective, then the tie-break: win chance, then expected points (no games: last)."""
        return (self.wins / self.n, self.points / self.n) if self.n else (-1.0, -math.inf)

    def points_error(self) -> float:
        if self.n < 2:
            return math.inf
        mean = self.points / self.n
        var = max(0.0, (self.squares - self.n * mean * mean) / (self.n - 1))
        return Z * math.sqrt(var / self.n)


def outcome(end: State, seat: int) -> tuple[float, float]:
    """(win share, final points) of `seat` in a finished game (a tie shares the win)."""
    winners = end.winners()
    return (1.0 / len(winners) if seat in winners else 0.0), float(end.scores()[seat])


def halvings(moves: int) -> int:
    """How many halving phases take `moves` moves down to the finalists."""
    count = 0
    while moves > FINALISTS:
        moves = (moves + 1) // 2
        count += 1
    return count


class Search:
    """One search from `state` for `seat` over `actions`, in a budget of playouts and/or seconds.

    Successive halving on common random numbers. Every round deals one world from the seat's view and one seed
    for the bots and dice, and plays every move still in the search in it. The budget is cut into
    `halvings(len(actions))` equal phases sharing (1 - FINAL_SHARE) of it, then a final phase with the rest: at
    the end of each halving phase the better half of the moves (win chance, then expected points; the game's
    heuristic move wins an exact tie) goes on and the others are set aside, keeping their games. A phase may end
    inside a round (with a hundred legal moves a round is longer than a bot's budget): a move not yet played then
    ranks last. The search stops when the budget is spent (never more than one playout over it)."""

    def __init__(self, game: Game, state: State, seat: int, actions: Sequence[Hashable], seed: int,
                 clock: Clock = time.perf_counter, safe: bool = True, sheets: bool = False):
        self.game, self.state, self.seat, self.seed, self.clock = game, state, seat, seed, clock
        self.sheets = sheets and game.score_sheet is not None
        self.source_names: dict[str, None] = {}  # every score-sheet line met, in the order met (a sheet may vary)
        self.arms = [_Arm(a) for a in actions]
        self.rng = Rng.from_seed(seed)
        self.policy = heuristic_class(game)
        self.steady = self.steady_arm() if safe and len(self.arms) > 1 else None
        if self.steady is not None:  # played first in every round: under a tight budget it has games
            self.arms.remove(self.steady)
            self.arms.insert(0, self.steady)
        self.racing = list(self.arms)
        self.rounds = 0
        self.playouts = 0

    def run(self, iterations: int | None, seconds: float | None, progress: Progress | None = None) -> None:
        """Play out until `iterations` playouts or `seconds` (by the search's clock) are spent, whichever first."""
        if iterations is None and seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")
        start = last = self.clock()

        def spent() -> float:
            by_count = self.playouts / iterations if iterations else 0.0
            by_time = (self.clock() - start) / max(seconds, 1e-9) if seconds is not None else 0.0
            return max(by_count, by_time)

        phases = halvings(len(self.arms))
        ends = [(1 - FINAL_SHARE) * (k + 1) / phases for k in range(phases)]
        done = False
        while not done:
            world = determinize(self.state, self.seat, self.rng.randrange(1 << 62))
            dice = self.rng.randrange(1 << 62)
            for arm in self.racing:
                self.iterate(arm, world, dice)
                fraction = spent()
                if fraction >= 1.0:
                    done = True
                    break
                if ends and fraction >= ends[0]:
                    ends.pop(0)
                    self.halve()
                    break
                if progress is not None and self.clock() - last >= PROGRESS_EVERY:
                    last = self.clock()
                    progress(min(1.0, fraction))
            else:
                self.rounds += 1
        if progress is not None:
            progress(1.0)

    def halve(self) -> None:
        """Keep the better half of the moves still in the search (at least the finalists); set the rest aside."""
        ranked = sorted(self.racing, key=lambda arm: (*arm.key(), arm is self.steady), reverse=True)
        keep = max(FINALISTS, (len(ranked) + 1) // 2)
        for arm in ranked[keep:]:
            arm.set_aside = True
        self.racing = [arm for arm in self.racing if not arm.set_aside]

    def iterate(self, arm: _Arm, world: State, dice: int) -> None:
        if arm.action not in world._legal_cached():  # the seat's moves never depend on what it cannot see
            raise RuntimeError(f"{self.game.id}: {arm.action!r} is not legal in a determinization; "
                               "the seat's legal moves read hidden information")
        end = self.rollout(world.apply(arm.action), Rng(dice))
        arm.add(*outcome(end, self.seat))
        self.playouts += 1
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
        bots = playout_bots(self.policy, state.num_players, rng)
        dice = Rng(rng.randrange(1 << 62))
        steps = 0
        while state.current_player is not None:
            if steps >= MAX_ROLLOUT_STEPS:
                raise RuntimeError(f"{self.game.id}: no end after {steps} actions in a playout")
            state = state.apply(next_action(state, bots, dice))
            steps += 1
        return state

    def values(self) -> list[MoveValue]:
        """Every move's value: the moves still in the search by win chance (then expected points; the heuristic's
        move wins an exact tie), then those set aside, by the same measure."""
        order = lambda arm: (not arm.set_aside, *arm.key(), arm is self.steady)
        return [self.value(arm) for arm in sorted(self.arms, key=order, reverse=True)]

    def choice(self) -> Hashable:
        """The strong bot's move: the best of `values`, unless it rests on fewer than `BOT_MIN_GAMES` games (a tight
        budget over a hundred moves), when the game's heuristic move is kept."""
        best = self.values()[0]
        if self.steady is not None and best.samples < BOT_MIN_GAMES:
            return self.steady.action
        return best.action

    def value(self, arm: _Arm) -> MoveValue:
        low, high = wilson(arm.wins, arm.n)
        n = max(1, arm.n)
        sheet = tuple((name, arm.sources.get(name, 0.0) / n) for name in self.source_names) if arm.n else ()
        return MoveValue(arm.action, self.game.format_action(arm.action), arm.wins / n, arm.points / n, arm.n,
                         sheet, low, high, arm.points_error(), arm.set_aside)

    def steady_arm(self) -> _Arm | None:
        """The arm of the move the game's heuristic bot would play here, chosen in a determinization (the bot may
        read anything in the state it is given). None when the game has no heuristic bot."""
        if self.policy is RandomBot:
            return None
        world = determinize(self.state, self.seat, self.seed ^ 0x5DEECE66D)
        choice = self.policy(self.seed).choose(world)
        return next((arm for arm in self.arms if arm.action == choice), None)


# -- the advice, as facts -------------------------------------------------------------------------------------
def advise(values: Sequence[MoveValue], min_games: int, against: Hashable | None = None) -> Advice:
    """The advice from the search's values (in the search's order, `Search.values`): the table's order (moves
    with enough games by the objective, then the rest as the search left them), the moves tied with the best, and
    the move to set beside it."""
    rank = lambda m: (m.win_chance, m.expected_points)
    shown = sorted((m for m in values if m.samples >= min_games), key=rank, reverse=True)
    rest = [m for m in values if m.samples < min_games]  # the search's order: still in it by the measure, then set aside
    moves = shown + rest
    best = moves[0]
    tied = [best, *(m for m in shown[1:] if m.overlaps(best))] if shown else [best]
    beside = next((m for m in moves[1:] if m.action == against), moves[1] if len(moves) > 1 else None)
    return Advice(best, moves, tied, min_games, beside, sheet_lines(best, beside))


def sheet_lines(best: MoveValue, other: MoveValue | None) -> tuple[SheetLine, ...]:
    """The score sheet's lines for two moves, the largest difference first (lines both leave near zero dropped)."""
    if other is None or not best.by_source or len(best.by_source) != len(other.by_source):
        return ()
    lines = [SheetLine(name, a, b) for (name, a), (_, b) in zip(best.by_source, other.by_source)
             if abs(a) >= 0.05 or abs(b) >= 0.05]
    lines.sort(key=lambda line: -abs(line.difference))
    return tuple(lines)


# -- the coach -----------------------------------------------------------------------------------------------------
REVIEW_SECONDS = 12.0  # a whole game's review, by default (the issue: within 15 s)
SCREEN_SHARE = 0.4  # the share of a review's budget that screens every decision; the rest judges the worst few


class Coach:
    """The coach of one game. `seconds` bounds the thinking per move; `iterations` (playouts in all), when given,
    replaces the time budget, and then the same seed always gives the same answer. `clock` measures the budget:
    wall-clock time by default (what a learner waits); `time.process_time` gives every move the same computing
    however busy the machine is (the bench uses it). `safe`: the game's heuristic bot's move is played first in
    each round and wins exact ties. `sheets`: keep each move's expected points per line of the score sheet (the
    strong bot does without). `min_games`: no win chance is given from fewer games (`MIN_GAMES`)."""

    def __init__(self, game: Game | str, seed: int = 0, seconds: float = 1.0, iterations: int | None = None,
                 clock: Clock = time.perf_counter, safe: bool = True, sheets: bool = True,
                 min_games: int = MIN_GAMES):
        self.game = game_of(game)
        self.sheets = sheets
        self.min_games = min_games
        self.seed = seed
        self.seconds = seconds
        self.iterations = iterations
        self.clock = clock
        self.safe = safe

    def _search(self, state: State, seat: int, actions: Sequence[Hashable], seconds: float | None,
                progress: Progress | None, iterations: int | None = None) -> list[MoveValue]:
        return self._searched(state, seat, actions, seconds, progress, iterations).values()

    def _searched(self, state: State, seat: int, actions: Sequence[Hashable], seconds: float | None,
                  progress: Progress | None, iterations: int | None = None) -> Search:
        if state.is_terminal or seat is None or seat < 0 or state.current_player != seat:
            raise ValueError(f"the coach answers for the seat to act: {seat!r} does not act here "
                             f"(to act: {state.current_player!r})")
        search = Search(self.game, state, seat, actions, self._seed_for(state, seat), self.clock, self.safe,
                        self.sheets)
        if self.iterations is not None:  # a budget of playouts: reproducible, whatever the time
            search.run(iterations if iterations is not None else self.iterations, None, progress)
        else:  # a time budget, and `iterations` a cap on the playouts when given
            search.run(iterations, self.seconds if seconds is None else seconds, progress)
        return search

    def _seed_for(self, state: State, seat: int) -> int:
        """The search's seed: the coach's seed and what the seat sees (so a position always gets the same one)."""
        view = repr(sorted(state.observation(seat).items(), key=lambda kv: kv[0]))
        h = 0
        for ch in view:
            h = (h * 1_000_003 + ord(ch)) & ((1 << 62) - 1)
        return (self.seed * 0x9E3779B1 + h) & ((1 << 62) - 1)

    def suggest(self, state: State, seat: int, seconds: float | None = None, progress: Progress | None = None,
                against: Hashable | None = None) -> Advice:
        """The coach's advice for `seat` (who must be to act): every legal move valued, in the table's order, the
        moves tied with the best, and the comparison with `against` (the move the learner has in mind) when it
        is another legal move, else with the next in the table."""
        values = self._search(state, seat, state.legal_actions(), seconds, progress)
        return advise(values, self.min_games, against)

    def evaluate(self, state: State, seat: int, action: Hashable, seconds: float | None = None,
                 progress: Progress | None = None) -> MoveValue:
        """The value of one move (an action or its text) for `seat`, the whole budget spent on it."""
        if isinstance(action, str):
            action = self.game.parse_action(state, action)
        state.check(action)
        return self._search(state, seat, [action], seconds, progress)[0]

    def review(self, steps: Sequence[Any], seat: int, top: int = 5, seconds: float | None = None,
               progress: Progress | None = None) -> Review:
        """The decisions of `seat` in a game's history (hench.core.session.Step) that the coach judges mistakes,
        at most `top`, the most win chance lost first. Only the seat's own decisions (`decisions`: a step with
        more than one legal move that its player made, `Step.by` None; a move a bot or a tour played for the
        learner is not judged). The decisions are screened in order with a short search each, sharing
        `SCREEN_SHARE` of `seconds` (the whole review's budget, `REVIEW_SECONDS` by default; when it runs out
        the rest are not screened: `Review.screened` says how many were); the `top` that look worst are then
        judged: the move played against the screen's best, at least `min_games` games each on the same worlds,
        a mistake only when their win-chance intervals are apart. With `iterations`, each decision's screen has
        that many playouts and each judgement `2 * min_games`, whatever the time."""
        mine = decisions(steps, seat)
        total = REVIEW_SECONDS if seconds is None else seconds
        start = self.clock()
        screened: list[tuple[float, float, Any, Hashable]] = []
        done = 0
        for k, step in enumerate(mine):
            left = total * SCREEN_SHARE - (self.clock() - start)
            if self.iterations is None and left <= 0:
                break
            inner = None if progress is None else (lambda f, k=k: progress(SCREEN_SHARE * (k + f) / len(mine)))
            values = self._search(step.before, seat, step.before.legal_actions(), left / (len(mine) - k), inner)
            done += 1
            best, played = values[0], next(v for v in values if v.action == step.action)
            if best.action != step.action:
                screened.append((best.win_chance - played.win_chance, best.expected_points - played.expected_points,
                                 step, best.action))
        screened.sort(key=lambda s: (s[0], s[1]), reverse=True)
        worst = screened[:top]
        moments = []
        for k, (_, _, step, action) in enumerate(worst):
            left = max(0.0, total - (self.clock() - start)) / (len(worst) - k)
            inner = None if progress is None else (lambda f, k=k: progress(
                SCREEN_SHARE + (1 - SCREEN_SHARE) * (k + f) / len(worst)))
            moment = self.judge(step, seat, action, None if self.iterations is not None else left, inner)
            if moment is not None:
                moments.append(moment)
        if progress is not None:
            progress(1.0)
        moments.sort(key=lambda m: (-m.loss, m.index))
        return Review(moments, len(mine), done, self.min_games)

    def judge(self, step: Any, seat: int, better: Hashable, seconds: float | None,
              progress: Progress | None = None) -> Moment | None:
        """The step's move against `better`, played out on the same worlds until both have `min_games` games (or
        `seconds` run out): a Moment when `better`'s win-chance interval is wholly above the played move's."""
        values = self._search(step.before, seat, [better, step.action], seconds, progress,
                              iterations=2 * self.min_games)
        best = next(v for v in values if v.action == better)
        played = next(v for v in values if v.action == step.action)
        if min(best.samples, played.samples) < self.min_games or best.win_low <= played.win_high:
            return None
        return Moment(step.index, step.before, played, best, best.win_chance - played.win_chance,
                      sheet_lines(best, played))

    def bot(self, seat_seed: int = 0) -> CoachBot:
        """The strong bot: plays the coach's move for whichever seat is to act."""
        return CoachBot(self, seat_seed)


def decisions(steps: Sequence[Any], seat: int) -> list[Any]:
    """The steps that were the seat's own decisions: its move, more than one legal move, made by its player (not
    played for it by a bot or a tour: `Step.by` None)."""
    return [s for s in steps if s.player == seat and s.before.current_player == seat
            and getattr(s, "by", None) is None and len(s.before._legal_cached()) > 1]


class CoachBot(Bot):
    """The strong bot ("hard"): the coach's move, found in its time (or iteration) budget, which it keeps
    whatever the number of legal moves (at most one playout over; `Search.choice`: the heuristic's move unless
    another has enough games to beat it). A position with one legal move is played at once."""

    name = "coach"

    def __init__(self, coach: Coach, seed: int | None = 0):
        super().__init__(seed)
        self.coach = Coach(coach.game, seed=(coach.seed * 7919 + (seed or 0)), seconds=coach.seconds,
                           iterations=coach.iterations, clock=coach.clock, safe=coach.safe, sheets=False,
                           min_games=coach.min_games)
        self.thinking: list[float] = []  # wall-clock seconds spent on each move searched (for the bench)
        self.computing: list[float] = []  # the same moves' processor seconds (what a quiet machine would wait)
        self.playouts: list[int] = []  # the games played out for each move searched

    def choose(self, state: State) -> Hashable:
        legal = state._legal_cached()
        seat = state.current_player
        if len(legal) == 1 or seat is None or seat == CHANCE:
            return legal[0]
        start, cpu = time.perf_counter(), time.process_time()
        search = self.coach._searched(state, seat, state.legal_actions(), None, None)
        self.thinking.append(time.perf_counter() - start)
        self.computing.append(time.process_time() - cpu)
        self.playouts.append(search.playouts)
        return search.choice()


__all__ = ["EXPLORE", "MIN_GAMES", "OBJECTIVE", "Advice", "Coach", "CoachBot", "Exploring", "Moment", "MoveValue", "Review",
           "SheetLine", "determinize", "heuristic_class", "playout_bots"]
