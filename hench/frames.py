"""pandas DataFrames of simulations, odds tables, a game's history, its score sheet and the rules (issue 43).

>>> import hench
>>> games = hench.simulate("huns", players=3, games=20, seed=1)    # doctest: +SKIP
>>> games.groupby("seat")["won"].mean()                            # doctest: +SKIP

hench stays standard-library only: this module imports pandas when a DataFrame is asked for, and says which
extra to install (`pip install "hench[data]"`) when it is missing. The simulation itself (`play_games`) needs
no pandas: the Play apps' "many games" view reads the same records in a browser that has no pandas.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import import_module
from typing import Any

from .core.actions import seat_name
from .core.bots import Bot, RandomBot, play_game
from .core.chance import CHANCE, sample_outcome
from .core.coach import game_of, heuristic_class
from .core.dist import Dist
from .core.errors import HenchError
from .core.game import Game, ScoreSheet, State
from .core.rng import Rng
from .core.session import Session, Step

INSTALL_HINT = 'pip install "hench[data]"'
BOT_KINDS = ("heuristic", "random")


class MissingPandasError(HenchError, ImportError):
    """A DataFrame was asked for where pandas is not installed."""


def pandas() -> Any:
    """The pandas module, imported now; a clear error naming the extra to install if it is missing."""
    try:
        return import_module("pandas")
    except ImportError:
        raise MissingPandasError(f"DataFrames need pandas, which is not installed here: {INSTALL_HINT}") from None


# -- simulations: standard library records, then a DataFrame ----------------------------------------------

@dataclass(frozen=True)
class GameRecord:
    """One finished bot game: its seed, each seat's bot and final score, the winners, who moved first, how many
    moves it took, the score sheet (if asked for) and the game's clock at the end (a day or round, if given)."""

    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    first: int | None
    moves: int
    sheet: ScoreSheet | None = None
    clock: int | None = None


@dataclass
class Records:
    """The games `play_games` played: `asked` games were asked for; `stopped_after` (seconds) when the time
    budget stopped it sooner."""

    game: str
    players: int
    asked: int
    games: list[GameRecord] = field(default_factory=list)
    stopped_after: float | None = None


BotChoice = str | Sequence[str] | Callable[[int], Bot]


def bot_factories(game: Game, bots: BotChoice, players: int) -> list[tuple[str, Callable[[int], Bot]]]:
    """Each seat's bot as (name, seed -> bot): one kind for every seat ("heuristic" or "random"), a kind per
    seat, or a factory (seed -> bot) for every seat."""
    if callable(bots):
        return [(getattr(bots, "name", "custom"), bots)] * players
    kinds = [bots] * players if isinstance(bots, str) else list(bots)
    if len(kinds) != players:
        raise HenchError(f"{players} players need {players} bots, got {len(kinds)}")
    return [(kind, _bot_class(game, kind)) for kind in kinds]


def _bot_class(game: Game, kind: str) -> Callable[[int], Bot]:
    if kind == "random":
        return RandomBot
    if kind == "heuristic":
        return heuristic_class(game)
    raise HenchError(f"there is no {kind!r} bot: the bots are {', '.join(BOT_KINDS)}")


def play_games(game: Game | str, players: int, games: int, bots: BotChoice = "heuristic", seed: int = 0,
               options: Mapping[str, Any] | None = None, progress: Callable[[int], None] | None = None,
               budget: float | None = None, clock: Callable[[Any], int] | None = None, sheets: bool = False,
               timer: Callable[[], float] = time.monotonic) -> Records:
    """Play `games` bot games (game i from seed `seed + i`); `progress(i)` after each. With a `budget` (seconds),
    stop once it is spent (at least one game is played). `clock(final)`: the game's own length (a day, a round);
    `sheets`: keep each game's score sheet. Standard library only."""
    rules = game_of(game)
    seats = bot_factories(rules, bots, players)
    records = Records(rules.id, players, asked=games)
    start_time = timer()
    for i in range(games):
        if budget is not None and i > 0 and timer() - start_time >= budget:
            records.stopped_after = timer() - start_time
            break
        records.games.append(_play_one(rules, seats, players, seed, i, options, clock, sheets))
        if progress is not None:
            progress(i + 1)
    return records


def _play_one(game: Game, seats: list[tuple[str, Callable[[int], Bot]]], players: int, seed: int, i: int,
              options: Mapping[str, Any] | None, clock: Callable[[Any], int] | None, sheets: bool) -> GameRecord:
    state = game.new_game(players=players, seed=seed + i, **(options or {}))
    bots = [make(seed * 7919 + i * 31 + s) for s, (_, make) in enumerate(seats)]
    rng = Rng.from_seed(seed + i)
    state, rolls = _roll_to_first_move(state, rng)  # the same draws play_game makes: only who moved first is read
    first = state.current_player
    final, moves = play_game(state, bots, rng)
    sheet = game.score_sheet(final) if sheets and game.score_sheet is not None else None
    return GameRecord(seed + i, tuple(name for name, _ in seats), tuple(final.scores()), tuple(final.winners()),
                      first, rolls + moves, sheet, clock(final) if clock is not None else None)


def _roll_to_first_move(state: State, rng: Rng) -> tuple[State, int]:
    rolls = 0
    while state.current_player == CHANCE:
        state = state.apply(sample_outcome(state._chance_outcomes(), rng))
        rolls += 1
    return state, rolls


def rank(scores: Sequence[int], winners: Sequence[int], seat: int) -> int:
    """1 for a winner; otherwise 1 + the seats that won or scored more."""
    if seat in winners:
        return 1
    return 1 + sum(1 for other, points in enumerate(scores) if other in winners or points > scores[seat])


SIMULATION_COLUMNS = ("game", "seed", "players", "seat", "player", "bot", "starts", "score", "rank", "won", "moves")


def simulation_rows(records: Records) -> Iterator[dict[str, Any]]:
    """One row per game and seat, as plain dicts (the DataFrame's rows)."""
    for record in records.games:
        for seat, score in enumerate(record.scores):
            row = {"game": records.game, "seed": record.seed, "players": records.players, "seat": seat,
                   "player": seat_name(seat), "bot": record.bots[seat], "starts": seat == record.first, "score": score,
                   "rank": rank(record.scores, record.winners, seat), "won": seat in record.winners,
                   "moves": record.moves}
            if record.sheet is not None:
                row.update(zip(record.sheet.sources, record.sheet.points[seat], strict=True))
            yield row


def simulate(game: Game | str, players: int, games: int = 100, bots: BotChoice = "heuristic", seed: int = 0,
             options: Mapping[str, Any] | None = None, progress: Callable[[int], None] | None = None) -> Any:
    """`games` bot games as a DataFrame: one row per game and seat (game, seed, players, seat, player ("Player 1"), bot, starts (the seat
    moved first), score, rank, won, moves, then the score sheet's lines, 0 where a game's sheet has no such line). Game i is dealt from seed `seed + i`; `progress(i)` is called
    after each game (widgets.simulate.simulate_with_bar shows a bar in a notebook)."""
    pd = pandas()
    records = play_games(game, players, games, bots=bots, seed=seed, options=options, progress=progress, sheets=True)
    frame = pd.DataFrame(list(simulation_rows(records)))
    sources = [name for name in frame.columns if name not in SIMULATION_COLUMNS]
    frame[sources] = frame[sources].fillna(0).astype("int64")  # a line missing from a game's sheet gave that game no points
    return _typed(frame, categories=("game", "player", "bot"), bools=("starts", "won"))


def _typed(frame: Any, categories: Iterable[str] = (), bools: Iterable[str] = ()) -> Any:
    """Categoricals, bools, and int64 for every other whole-number column."""
    for name in categories:
        frame[name] = frame[name].astype("category")
    for name in bools:
        frame[name] = frame[name].astype(bool)
    for name in frame.columns:
        if frame[name].dtype.kind in "iu":
            frame[name] = frame[name].astype("int64")
    return frame


# -- odds tables -------------------------------------------------------------------------------------------

def odds_rows(function: Callable[..., Any], grid: Mapping[str, Iterable[Any]], fixed: Mapping[str, Any],
              outcomes: Sequence[str] = ()) -> Iterator[dict[str, Any]]:
    """One row per combination of the grid's inputs (and per outcome when the function gives a distribution, a
    mapping or a tuple): the inputs, `outcome` if any, and the exact value."""
    names = list(grid)
    for values in itertools.product(*(list(grid[name]) for name in names)):
        inputs = dict(zip(names, values, strict=True))
        for outcome, exact in _outcomes(function(**inputs, **fixed), outcomes):
            yield {**inputs, **({} if outcome is _WHOLE else {"outcome": outcome}), "exact": exact}


_WHOLE = object()  # the answer is one number, not a distribution


def _outcomes(answer: Any, labels: Sequence[str]) -> Iterator[tuple[Any, Fraction]]:
    if isinstance(answer, Dist):
        yield from answer.probabilities().items()
    elif isinstance(answer, Mapping):
        yield from answer.items()
    elif isinstance(answer, tuple):
        yield from zip(labels or range(len(answer)), answer, strict=True)
    else:
        yield _WHOLE, Fraction(answer)


def odds_frame(function: Callable[..., Any], grid: Mapping[str, Iterable[Any]], outcomes: Sequence[str] = (),
               **fixed: Any) -> Any:
    """Any exact odds function's table as a DataFrame: a column per input of `grid` (every combination),
    `outcome` when the function answers with a distribution, `exact` (the Fraction, object dtype) and `float`.
    `fixed` arguments (a live state, a data set) are passed to every call and are not columns.

    >>> from hench.henchmania import odds
    >>> odds_frame(odds.duel_win_probability, {"attack": [4], "defense": [3]})    # doctest: +SKIP
       attack  defense  exact     float
    0       4        3  91/216  0.421296"""
    pd = pandas()
    rows = list(odds_rows(function, grid, fixed, outcomes))
    frame = pd.DataFrame(rows)
    for name in [*grid, "outcome"]:
        if name in frame and any(row.get(name) is None for row in rows):  # None is an input ("no Home bonus"), not NaN
            frame[name] = pd.Series([row[name] for row in rows], dtype=object)
    frame["exact"] = frame["exact"].astype(object)
    frame["float"] = [float(q) for q in frame["exact"]]
    return frame


@dataclass(frozen=True)
class OddsTable:
    """A ready-made table: the odds module's function, its inputs (a grid built when asked), labels for a
    tuple's parts, and the arguments held fixed (built when asked)."""

    function: str
    grid: Callable[[], Mapping[str, Iterable[Any]]]
    outcomes: tuple[str, ...] = ()
    fixed: Callable[[], Mapping[str, Any]] = dict


def _henchmania_cards() -> list[str]:
    return list(import_module("hench.henchmania.odds").load_data().card_names())


def _hemloch_data() -> Mapping[str, Any]:
    return {"data": import_module("hench.hemloch.data").default_data()}


D6 = range(1, 7)
ODDS_TABLES: dict[str, dict[str, OddsTable]] = {
    "henchmania": {
        "duel": OddsTable("duel_win_probability", lambda: {"attack": D6, "defense": D6, "apothecary": (False, True)}),
        "wounds": OddsTable("unparried_hits", lambda: {"attack": D6, "defense": D6, "apothecary": (False, True)}),
        "hit": OddsTable("success_probability", lambda: {"threshold": D6}),
        "unparried": OddsTable("unparried_probability", lambda: {"attack": D6, "defense": D6}),
        "hits": OddsTable("hits_distribution", lambda: {"attack": D6}),
        "points": OddsTable("point_changes", lambda: {"attack": D6, "defense": D6, "apothecary": (False, True)}),
        "expected points": OddsTable("expected_points", lambda: {"attack": D6, "defense": D6, "apothecary": (False, True)},
                                     ("attacker", "defender")),
        "tie-break round": OddsTable("tiebreak_round", lambda: {"x_attack": D6, "x_defense": D6, "y_attack": D6, "y_defense": D6},
                                     ("X more wounds", "Y more wounds", "equal")),
        "tie-break": OddsTable("tiebreak_win_probability",  # Defence 1 parries every hit: such a tie-break never ends
                               lambda: {"x_attack": D6, "x_defense": range(2, 7), "y_attack": D6, "y_defense": range(2, 7)}),
        "draw": OddsTable("draw_probability", lambda: {"card": _henchmania_cards(), "draws": range(1, 7)}),
        "draw counts": OddsTable("draw_distribution", lambda: {"card": _henchmania_cards(), "draws": range(1, 7)}),
    },
    "huns": {
        "dice draft": OddsTable("draft_chance", lambda: {"picker": range(1, 6), "value": range(1, 4), "earlier": ("highest", "colour")}),
        "best die left": OddsTable("value_left_to_picker", lambda: {"j": range(1, 6), "earlier": ("highest", "colour")}),
        "order statistic": OddsTable("order_statistic", lambda: {"j": range(1, 6)}),
        "cubes taken": OddsTable("cubes_taken", lambda: {"spaces": range(0, 5)}),
        "expected cubes": OddsTable("expected_cubes", lambda: {"spaces": range(0, 5)}),
        "fill": OddsTable("fill_chance", lambda: {"empty": range(1, 4)}),
        "wagon fill": OddsTable("wagon_fill_chance", lambda: {"missing": ("R", "RR", "RG", "RRG", "RGB"), "turns": range(1, 4)}),
        "threes": OddsTable("threes", dict),
        "dice sum": OddsTable("dice_sum", dict),
        "draw": OddsTable("draw_wanted", lambda: {"n": (12, 24), "v": range(1, 7), "m": range(1, 4)}),
        "wagon types": OddsTable("wagon_type_bonus_dist", lambda: {"d": range(1, 7)}),
    },
    "hemloch": {
        "opening hand": OddsTable("opening_hand", lambda: {"copies": range(1, 7)}),
        "dig": OddsTable("dig", lambda: {"copies": range(1, 7), "actions": range(0, 5)}),
        "at least one": OddsTable("at_least_one", lambda: {"copies": range(1, 7), "seen": range(1, 11)}),
        "faction": OddsTable("faction_in_opening_hand", lambda: {"faction": range(len(_hemloch_data()["data"].factions))}),
        "week deck": OddsTable("week_step_is_day", lambda: {"week": range(1, 5), "step": range(1, 5)}),
        "festival": OddsTable("festival_free", lambda: {"steps": range(0, 5)}),
        "duel": OddsTable("duel", lambda: {"loc": (None, 0, 1, 2, 3)}),
        "minion influence": OddsTable("minion_influence", lambda: {"loc": (None, 0, 1, 2, 3)}, fixed=_hemloch_data),
    },
    "lancaster": {
        "dishonor": OddsTable("dishonor_per_lost_conflict",
                              lambda: {"players": range(2, 6), "p_joins": (Fraction(1, 4), Fraction(1, 2), Fraction(3, 4))}),
        "law round": OddsTable("law_round", lambda: {"group": range(1, 5), "king": (True, False)}),
        "both in round": OddsTable("both_in_round", lambda: {"group": range(1, 5), "round_no": range(1, 6)}),
        "same round": OddsTable("same_round", lambda: {"group_a": range(1, 5), "group_b": range(1, 5)}),
        "tie for most": OddsTable("tie_for_most", lambda: {"players": range(2, 6)}),
        "vote": OddsTable("approval_chance", lambda: {"yes": (True, False), "markers": range(0, 4),
                                                      "others": ((1,), (2,), (1, 1), (2, 2), (1, 1, 1))}),
    },
    "maniacal": {
        "contract": OddsTable("success_chance", lambda: {"matching": range(0, 5), "other": range(0, 5), "target": range(1, 9)}),
        "die": OddsTable("die", lambda: {"matching": (True, False)}),
        "pool": OddsTable("pool", lambda: {"matching": range(0, 5), "other": range(0, 5)}),
    },
}


def odds_table(game: str, name: str) -> Any:
    """One of the game's ready-made odds tables (`ODDS_TABLES[game]`) as a DataFrame (see `odds_frame`)."""
    spec = _table_spec(game, name)
    return odds_frame(odds_function(game, spec), spec.grid(), spec.outcomes, **spec.fixed())


def odds_function(game: str, spec: OddsTable) -> Callable[..., Any]:
    return getattr(import_module(f"hench.{game}.odds"), spec.function)


def _table_spec(game: str, name: str) -> OddsTable:
    if game not in ODDS_TABLES:
        raise HenchError(f"no odds tables for {game!r}: the games are {', '.join(ODDS_TABLES)}")
    if name not in ODDS_TABLES[game]:
        raise HenchError(f"{game} has no odds table {name!r}: its tables are {', '.join(ODDS_TABLES[game])}")
    return ODDS_TABLES[game][name]


# -- a game: its history and its score sheet ----------------------------------------------------------------

def history_rows(session: Session, seat: int | None) -> Iterator[dict[str, Any]]:
    """Each move of the session as `seat` saw it (None: a spectator)."""
    game = session.game
    names = [seat_name(s) for s in range(session.state.num_players)]
    for step in session.steps:
        seen, hidden = seen_scores(step.after, seat)
        yield {"move": step.index + 1, "seat": step.player if step.player != CHANCE else None, "who": step.who,
               "text": game.public_action(step.before, step.action, seat), "phase": step.before.phase_title,
               "rules": _cited(step, seat), **dict(zip(names, seen, strict=True)), "hidden": hidden}


def _cited(step: Step, seat: int | None) -> tuple[str, ...]:
    """The rule IDs of the move's narration that `seat` may read, each once, in order."""
    return tuple(dict.fromkeys(rule for line in step.narration(seat) for rule in line.rules))


def seen_scores(state: State, seat: int | None) -> tuple[list[int], str]:
    """Each seat's points as `seat` may count them, and what they leave out in words ("" when nothing): a game
    whose render module has `points_seen` (Huns' Wagon types, HU-104) hides part of the others' points."""
    package = state.game.state_class.__module__.rsplit(".", 1)[0]  # hench.<game>
    points_seen = getattr(_render(package), "points_seen", None)
    if points_seen is None or state.is_terminal:
        return list(state.scores()), ""
    seen = points_seen(state.observation(seat))
    hidden = [f"{seat_name(s)}: {text}" for s, (_, text) in enumerate(seen) if text]
    return [points for points, _ in seen], "; ".join(hidden)


def _render(package: str) -> Any:
    try:
        return import_module(f"{package}.render")
    except ImportError:
        return None


def history_frame(session: Session, seat: int | None = None) -> Any:
    """A session's moves as a DataFrame, as `seat` saw them (None: a spectator): move number, seat (<NA> for the
    dice), who, the move's text as that seat was told it, the phase's title, the rule IDs its narration cites,
    each player's points after it as that seat could count them, and what those points leave out."""
    pd = pandas()
    columns = ["move", "seat", "who", "text", "phase", "rules",
               *(seat_name(s) for s in range(session.state.num_players)), "hidden"]
    frame = pd.DataFrame(list(history_rows(session, seat)), columns=columns)
    frame["seat"] = frame["seat"].astype("Int64")
    frame["phase"] = frame["phase"].astype("category")
    return frame


def score_sheet_frame(state: State) -> Any:
    """A finished game's score sheet as a DataFrame: one row per seat (seat, player), a column per source of
    points, the total and whether the seat won; the scoring rules and any tie-break are in `frame.attrs`."""
    pd = pandas()
    sheet = _sheet(state)
    winners = state.winners()
    rows = [{"seat": s, "player": seat_name(s), **dict(zip(sheet.sources, points, strict=True)),
             "total": sheet.totals[s], "won": s in winners} for s, points in enumerate(sheet.points)]
    frame = _typed(pd.DataFrame(rows), bools=("won",))
    frame.attrs.update(rules=sheet.rules, tie_break=sheet.tie_break)
    return frame


def _sheet(state: State) -> ScoreSheet:
    if state.game.score_sheet is None:
        raise HenchError(f"{state.game.title} has no score sheet")
    if not state.is_terminal:
        raise HenchError("the score sheet is read when the game is over; this game is still going")
    return state.game.score_sheet(state)


# -- the rules ----------------------------------------------------------------------------------------------

def rules_frame(game: str | None = None) -> Any:
    """The rules index (every game's, or one game's) as a DataFrame: id, game, kind (engine, data or table-talk),
    title (the catalogue heading), section and text (the rule in our words)."""
    pd = pandas()
    from . import rules

    found = rules.for_game(game) if game is not None else rules.all_rules()
    frame = pd.DataFrame([{"id": r.id, "game": r.game, "kind": r.tag, "title": r.heading, "section": r.section,
                           "text": r.summary} for r in found])
    return _typed(frame, categories=("game", "kind"))


__all__ = ["BOT_KINDS", "ODDS_TABLES", "GameRecord", "MissingPandasError", "OddsTable", "Records", "history_frame",
           "odds_frame", "odds_table", "play_games", "rules_frame", "score_sheet_frame", "seen_scores", "simulate"]
