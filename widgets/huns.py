"""Huns views: the table (generic GameView with Huns' board, phases and bots) and the dice-draft odds."""

from __future__ import annotations

import html
import re

import ipywidgets as ipw
import plotly.graph_objects as go

import hench
from hench import format_probability
from hench.core import seat_name
from hench.huns import PHASES, assumptions, montecarlo, odds, scoring_sheet
from hench.huns.bots import make_bot
from hench.huns.render import html as board_html

from .core import MessageArea, MonteCarloCheck, checked_int, figure_widget, guarded, protect, redraw
from .play import GameKit, TableConfig

COLOUR_CSS = {"blue": "#2b6cb0", "red": "#c53030", "green": "#2f855a", "black": "#222", "yellow": "#d69e2e"}

CARD_ID = re.compile(r"\b[A-Z]{2}-\d{2}\b")


def _label(state, action) -> str:
    """A move's button text with each card's name beside its id: 'play CU-09 Lame Horse'."""
    names = {card.id: card.name for card in state.data.cards}
    return CARD_ID.sub(lambda m: f"{m.group(0)} {names.get(m.group(0), '')}".rstrip(), str(action))


CONFIG = TableConfig(
    game_id="huns", phases=PHASES, board=lambda state, seat, clickable: board_html(state, seat, clickable=clickable),
    make_bot=lambda seed: make_bot("heuristic", seed),
    bot_kinds={"heuristic": lambda seed: make_bot("heuristic", seed), "random": lambda seed: make_bot("random", seed)},
    clock=lambda state: state.round, clock_label="round", label=_label,
)


def _any_move(prefix: str):
    return lambda s: any(str(a).startswith(prefix) for a in s.legal_actions())


LESSONS = {
    "setup": lambda s: True,
    "the draft": lambda s: s.round == 1 and _any_move("take")(s),
    "pillage": _any_move("place"),
    "draw cards": _any_move("play"),
    "curse": lambda s: s.phase == "curse_flee_decision",
}


KIT = GameKit(CONFIG, LESSONS, assumptions, title="Huns", seed=5)
learn_table, lesson, play_table = KIT.learn_table, KIT.lesson, KIT.play_table
rules, assumptions_in_force = KIT.rules, KIT.assumptions_in_force


def simulation(games: int = 100, players: int = 3):
    return KIT.simulation(games, players)


def finished_game_sheet(players: int = 3, seed: int = 3) -> ipw.HTML:
    """The scoring sheet (HU-096..HU-105) of a game the bots play to the end, category by category."""
    from hench.core import Rng, play_game

    game = hench.get_game("huns")
    final, _ = play_game(game.new_game(players=players, seed=seed), [CONFIG.bot(seed + i) for i in range(players)], Rng.from_seed(seed))
    sheet = scoring_sheet(final)  # type: ignore[arg-type]  # a Huns state, as get_game('huns') made it
    cats = list(sheet[0])
    head = "".join(f"<th style='padding:3px 8px'>{html.escape(seat_name(i))}</th>" for i in range(players))
    rows = "".join(f"<tr><td style='padding:3px 8px'>{html.escape(c)}</td>"
                   + "".join(f"<td style='padding:3px 8px;text-align:right'>{sheet[i][c]}</td>" for i in range(players)) + "</tr>"
                   for c in cats)
    winners = ", ".join(seat_name(i) for i in final.winners())
    return ipw.HTML(f"<table class='hench-scoring-sheet' style='border-collapse:collapse'><tr><th></th>{head}</tr>{rows}</table>"
                    f"<div>Scores {final.scores()}; winner: <b>{winners}</b> (a tie goes to the bigger stash, HU-106).</div>")


class DraftOddsView(ipw.VBox):
    """What the dice draft leaves for you, and what one Pillage of that die will fill."""

    def __init__(self, picker: int = 3):
        self.messages = MessageArea()
        self.picker = protect(ipw.IntSlider(value=picker, min=1, max=5, description="My pick #", continuous_update=False), self.messages)
        self.earlier = protect(ipw.ToggleButtons(options=[("earlier players take the highest", "highest"),
                                                          ("earlier players pick by colour", "colour")],
                                                 value="highest"), self.messages)
        self.spaces = protect(ipw.IntSlider(value=2, min=1, max=6, description="Free spaces", continuous_update=False), self.messages)
        self.answer = ipw.HTML()
        self.fig = figure_widget("The best die left for you", height=320)
        self.mc = MonteCarloCheck(self._simulate_threes, self._exact_threes, "show a 3")
        for w in (self.picker, self.earlier, self.spaces):
            w.observe(lambda _: self.refresh(), "value")
        super().__init__([self.picker, self.earlier, self.spaces, self.messages, self.answer, self.fig,
                          self.mc])
        self.add_class("hench-draft-odds")
        self.refresh()

    def _inputs(self) -> tuple[int, str, int]:
        earlier = self.earlier.value if self.earlier.value in odds.EARLIER else "highest"
        return (checked_int(self.picker.value, 1, 5, "your pick"), earlier,
                checked_int(self.spaces.value, 1, 6, "the free spaces"))

    def _simulate_threes(self, trials: int, progress):
        j, earlier, _ = self._inputs()
        return montecarlo.draft_estimate(j, 3, earlier, trials=trials, progress=progress)

    def _exact_threes(self):
        j, earlier, _ = self._inputs()
        return odds.value_left_to_picker(j, earlier).probability(3)

    @guarded()
    def refresh(self) -> None:
        j, earlier, spaces = self._inputs()
        dist = odds.value_left_to_picker(j, earlier)
        self.answer.value = (
            f"<div class='hench-answer' style='font-size:18px'>As picker #{j} your best die shows 3 with probability "
            f"<b>{format_probability(dist.probability(3))}</b>; on average {float(dist.mean()):.2f} (exactly {dist.mean()}).</div>"
            f"<div style='color:#445'>Pillaging it into {spaces} free space(s) places {float(odds.expected_cubes(spaces, dist)):.2f} cubes "
            f"on average and fills them all with probability <b>{format_probability(odds.fill_chance(spaces, dist))}</b> (HU-040, HU-042).</div>")
        self.mc.clear()
        rows = dist.rows()
        bar = go.Bar(x=[str(o) for o, _, _ in rows], y=[float(p) for _, p, _ in rows], text=[f for _, _, f in rows],
                     marker_color="#b5651d", textposition="outside")
        redraw(self.fig, [bar], xaxis_title="value of the best die left", yaxis_tickformat=".0%", yaxis_range=[0, 1.1])


class WagonOddsView(ipw.VBox):
    """The chance a Wagon is filled this round, from the colours it still lacks (Q on wagon filling)."""

    def __init__(self):
        self.messages = MessageArea()
        self.missing = {c: protect(ipw.BoundedIntText(value=0, min=0, max=4, description=c, layout=ipw.Layout(width="150px")), self.messages)
                        for c in ("blue", "red", "green", "black", "yellow")}
        self.missing["green"].value = 2
        self.turns = protect(ipw.IntSlider(value=1, min=1, max=3, description="My turns", continuous_update=False), self.messages)
        self.answer = ipw.HTML()
        for w in (*self.missing.values(), self.turns):
            w.observe(lambda _: self.refresh(), "value")
        super().__init__([ipw.HTML("<b>Empty spaces on the wagon, by colour</b>"), ipw.HBox(list(self.missing.values())),
                          self.turns, self.messages, self.answer])
        self.refresh()

    @guarded()
    def refresh(self) -> None:
        need = {c: checked_int(w.value, 0, 4, f"{c} spaces") for c, w in self.missing.items()}
        turns = checked_int(self.turns.value, 1, 3, "turns")
        p = odds.wagon_fill_chance({c: n for c, n in need.items() if n}, turns)
        self.answer.value = (f"<div class='hench-answer'>Filled this round with probability <b>{format_probability(p)}</b> "
                             f"(one die per colour per round; assumes the dice you need are still there at your picks).</div>")
