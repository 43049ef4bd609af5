"""Many bot games in a row, with a progress bar: win rate by seat, final scores, game length."""

from __future__ import annotations

import functools
import hashlib
import html
import logging
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from statistics import fmean
from typing import Any

import ipywidgets as ipw
from IPython.display import display

import hench
from hench.frames import GameRecord, play_games

from . import plot
from .core import Chart, MessageArea, checked_int, guarded, long_task, protect, served_kernel
from .play import PALETTE, TableConfig

MAX_GAMES = 20_000  # in a notebook of your own
SERVED_MAX_GAMES = 2_000  # in a served app: one visitor's click must not hold a core for minutes
log = logging.getLogger(__name__)
TIME_BUDGET = 30.0  # seconds of simulation per click; the games played by then are shown


def max_games() -> int:
    """The most games one click may ask for here (lower in a served app)."""
    return SERVED_MAX_GAMES if served_kernel() else MAX_GAMES


@dataclass
class SimulationResult:
    """The games of one click, read from hench's records (`hench.frames.play_games`, the same games
    `hench.simulate` turns into a DataFrame)."""

    players: int
    rows: list[GameRecord] = field(default_factory=list)  # one per game
    asked: int = 0  # games asked for
    stopped_after: float | None = None  # seconds, if the time budget stopped it before `asked` games

    def column(self, key: str) -> list:
        """One value per game: "seed", "winners", "scores", "moves" or "clock"."""
        return [getattr(row, key) for row in self.rows]

    def scores_of(self, seat: int) -> list[int]:
        return [scores[seat] for scores in self.column("scores")]

    def win_rates(self) -> list[float]:
        """Share of games each seat won (a tie shares the win)."""
        wins: dict[int, float] = {}
        for row in self.rows:
            for seat in row.winners:
                wins[seat] = wins.get(seat, 0.0) + 1 / len(row.winners)
        return [wins.get(s, 0.0) / max(len(self.rows), 1) for s in range(self.players)]


def simulate(config: TableConfig, players: int, games: int, seed: int = 0, bot_kind: str | None = None,
             progress=None, options: dict | None = None, budget: float | None = None,
             clock=time.monotonic) -> SimulationResult:
    """Play `games` bot games (hench.frames.play_games); `progress(i)` is called after each one. With a `budget`
    (seconds), stop once it is spent (at least one game is played) and record when in `stopped_after`."""
    make = partial(config.bot, kind=bot_kind)
    records = play_games(config.game_id, players, games, bots=make, seed=seed, options=options, progress=progress,
                         budget=budget, clock=config.clock, timer=clock)
    return SimulationResult(players, records.games, asked=games, stopped_after=records.stopped_after)


def simulate_with_bar(game: str, players: int, games: int, **kw: Any) -> Any:
    """`hench.simulate` in a notebook, with a progress bar shown while it plays (the DataFrame is returned).

    The games of a seed are the same games every time, so a finished simulation is kept on disk (see
    `cached_frame`) and a second kernel asking for the same games reads them instead of playing them again: an
    Odds app served to a class would otherwise spend the same seconds of a core for every visitor."""
    bar = ipw.IntProgress(value=0, min=0, max=games, description="Games", layout=ipw.Layout(width="420px"))
    display(bar)
    step = max(1, games // 50)

    def play() -> Any:
        return hench.simulate(game, players=players, games=games,
                              progress=lambda i: setattr(bar, "value", i) if i % step == 0 or i == games else None, **kw)

    frame = cached_frame(("simulate", game, players, games, sorted(kw.items(), key=str)), play)
    bar.value, bar.bar_style = games, "success"
    return frame


def cache_folder() -> Path | None:
    """Where finished simulations are kept: $HENCH_CACHE_DIR, or ~/.cache/hench (None: nowhere writable)."""
    folder = Path(os.environ.get("HENCH_CACHE_DIR") or Path.home() / ".cache" / "hench") / "simulations"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


@functools.cache
def code_digest() -> str:
    """A digest of hench's code and data: a kept simulation is read only by the code that played it."""
    root = Path(hench.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".toml", ".json") and path.is_file():
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def cached_frame(key: Any, make: Callable[[], Any]) -> Any:
    """`make()`, or the DataFrame it gave before for the same `key` and the same hench code (a pickle in
    `cache_folder()`, written whole or not at all). Anything unreadable is made again."""
    folder = cache_folder()
    if folder is None:
        return make()
    name = hashlib.sha256(repr((key, code_digest())).encode()).hexdigest()[:32]
    path = folder / f"{name}.pkl"
    if path.is_file():
        try:
            import pandas as pd  # the frame was made by hench.simulate, which needs it

            return pd.read_pickle(path)
        except Exception:  # a broken file is made again
            log.info("kept simulation %s unreadable; playing it again", path.name)
    frame = make()
    try:
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        frame.to_pickle(tmp)
        tmp.replace(path)
    except OSError:
        pass
    return frame


def chart(fig: Any, height: int = 360) -> Chart:
    """A Plotly figure (plotly.express's included) in the project's chart, which draws in Voila too, offline."""
    view = Chart(height=height)
    fig.update_layout(height=height, template="plotly_white")
    view.show_figure(fig)
    return view


class SimulationView(ipw.VBox):
    """Choose players, bots and a number of games; watch the bar; read the charts."""

    def __init__(self, config: TableConfig, games: int = 200, players: int | None = None):
        self.config, self.game = config, hench.get_game(config.game_id)
        self.messages = MessageArea()
        counts = list(range(self.game.min_players, self.game.max_players + 1))
        self.players = protect(ipw.Dropdown(options=counts, value=players or counts[0], description="Players"), self.messages)
        kinds = list(config.bot_kinds) or ["default"]
        self.kind = protect(ipw.Dropdown(options=kinds, value=kinds[0], description="Bots"), self.messages)
        self.limit, self.budget = max_games(), TIME_BUDGET
        self.games = protect(ipw.BoundedIntText(value=min(games, self.limit), min=1, max=self.limit, description="Games"),
                             self.messages)
        self.run_button = ipw.Button(description="Simulate", button_style="primary", icon="play")
        self.bar = ipw.IntProgress(value=0, min=0, max=games, description="", layout=ipw.Layout(width="420px"))
        self.summary = ipw.HTML()
        self.charts = Chart(height=330)
        self.run_button.on_click(lambda _: self.run())
        self.result: SimulationResult | None = None
        super().__init__([ipw.HBox([self.players, self.kind, self.games, self.run_button]), self.bar, self.messages,
                          self.summary, self.charts])
        self.add_class("hench-simulation")

    @long_task
    @guarded()
    def run(self) -> None:
        n = checked_int(self.games.value, 1, self.limit, "the number of games")
        players = checked_int(self.players.value, self.game.min_players, self.game.max_players, "players")
        kind = self.kind.value if self.kind.value in self.config.bot_kinds else None
        self.bar.max, self.bar.value, self.bar.bar_style = n, 0, ""
        self.run_button.disabled = True
        try:
            step = max(1, n // 50)
            self.result = simulate(self.config, players, n, bot_kind=kind, budget=self.budget,
                                   progress=lambda i: setattr(self.bar, "value", i) if i % step == 0 or i == n else None)
        finally:
            self.run_button.disabled = False
        done = len(self.result.rows)
        if self.result.stopped_after is not None:
            self.bar.bar_style = "warning"
            self.messages.show(f"Stopped after {self.result.stopped_after:.0f} s: {done} of {n} games "
                               f"(the time limit per click). The charts show those {done} games.", "info")
        else:
            self.bar.bar_style = "success"
            self.messages.clear()
        self.show(self.result)

    def show(self, result: SimulationResult) -> None:
        names = self.config.names(result.players)
        rates = result.win_rates()
        clocks = result.column("clock")
        has_clock = all(c is not None for c in clocks)
        self.summary.value = ("<table class='hench-sim-summary'><tr><th>seat</th><th>win rate</th><th>mean final score</th></tr>"
                              + "".join(f"<tr><td>{html.escape(names[s])}</td><td>{rates[s]:.1%}</td>"
                                        f"<td>{fmean(result.scores_of(s)):.1f}</td></tr>" for s in range(result.players))
                              + f"</table><div style='color:#667'>{len(result.rows)} games, {fmean(result.column('moves')):.0f} moves on average"
                              + (f", {fmean(clocks):.1f} {self.config.clock_label}s" if has_clock else "") + "</div>")
        fig = plot.subplots(rows=1, cols=3, subplot_titles=("Win rate by seat", "Final scores", f"Game length ({self.config.clock_label}s)"))
        fig.add_trace(plot.Bar(x=names, y=rates, marker_color=PALETTE[: result.players], showlegend=False), 1, 1)
        for s in range(result.players):
            fig.add_trace(plot.Histogram(x=result.scores_of(s), name=names[s], opacity=0.6,
                                       marker_color=PALETTE[s % len(PALETTE)]), 1, 2)
        length = clocks if has_clock else result.column("moves")
        fig.add_trace(plot.Histogram(x=length, marker_color="#667", showlegend=False), 1, 3)
        fig.update_layout(barmode="overlay", height=330, template="plotly_white", margin=dict(t=40, l=40, r=10, b=30))
        fig.update_layout(yaxis_tickformat=".0%")  # the first chart's axis: win rates
        self.charts.show_figure(fig)
