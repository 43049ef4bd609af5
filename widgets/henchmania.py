"""Henchmania views: the table (generic GameView with Henchmania's board, phases and bots) and the duel odds."""

from __future__ import annotations

import ipywidgets as ipw
import plotly.graph_objects as go

from hench import format_probability
from hench.henchmania import PHASES, assumptions, load_data, montecarlo, odds, render
from hench.henchmania.bots import HeuristicBot, RandomBot

from .core import MessageArea, MonteCarloCheck, checked_int, figure_widget, guarded, protect, redraw
from .play import GameKit, TableConfig


def _duel_odds(state) -> str:
    """During a duel, the exact chance the Attacker wins from here (hench.henchmania.odds)."""
    p = odds.live_duel_win_probability(state)
    return "" if p is None else f"&middot; the Attacker wins this duel with probability <b>{format_probability(p)}</b>"


CONFIG = TableConfig(
    game_id="henchmania", phases=PHASES, board=lambda state, seat, clickable: render.html(state, seat, clickable=clickable),
    make_bot=HeuristicBot, bot_kinds={"heuristic": HeuristicBot, "random": RandomBot},
    clock=lambda state: state.day, clock_label="day", explain=_duel_odds,
    show_stepper=False,  # the board draws the phase bar and the last events itself
)


LESSONS = {
    "phase 1": lambda s: True,
    "phase 2": lambda s: s.phase == "play_cards",
    "duel": lambda s: any(str(a).startswith("play Glove") for a in s.legal_actions()),
    "end of day": lambda s: s.day >= 2 and s.phase == "set_henchmen",
}


KIT = GameKit(CONFIG, LESSONS, assumptions, title="Henchmania", seed=7)
learn_table, lesson, play_table = KIT.learn_table, KIT.lesson, KIT.play_table
rules, assumptions_in_force = KIT.rules, KIT.assumptions_in_force


def simulation(games: int = 200, players: int = 3):
    return KIT.simulation(games, players)


class DuelOddsView(ipw.VBox):
    """Attack and defence thresholds in, the exact chance the Attacker wins out, with a heatmap of all 36."""

    def __init__(self, attack: int = 4, defense: int = 3):
        self.messages = MessageArea()
        values = load_data().values
        self.bare = (values["bare_hands_attack"], values["bare_hands_defense"])
        self.attack = protect(ipw.IntSlider(value=attack, min=1, max=6, description="Attack ≥", continuous_update=False), self.messages)
        self.defense = protect(ipw.IntSlider(value=defense, min=1, max=6, description="Defence ≥", continuous_update=False), self.messages)
        self.apothecary = ipw.Checkbox(value=False, description="Defender has an Apothecary")
        self.bare_button = ipw.Button(description="Both bare-handed", tooltip="the assumed bare-hands values")
        self.answer = ipw.HTML()
        self.fig = figure_widget("Chance the Attacker wins, for every pair of thresholds", height=430)
        self.extra = figure_widget("Unparried hits (each costs the Defender a point)", height=280)
        self.mc = MonteCarloCheck(
            lambda n, progress: montecarlo.duel_win_estimate(*self._thresholds(), apothecary=self.apothecary.value,
                                                             trials=n, progress=progress),
            lambda: odds.duel_win_probability(*self._thresholds(), apothecary=self.apothecary.value), "won by the Attacker")
        for w in (self.attack, self.defense, self.apothecary):
            w.observe(lambda _: self.refresh(), "value")
        self.bare_button.on_click(lambda _: self._bare())
        super().__init__([ipw.HBox([self.attack, self.defense]), ipw.HBox([self.apothecary, self.bare_button]),
                          self.messages, self.answer, self.fig, self.extra,
                          self.mc])
        self.add_class("hench-duel-odds")
        self.refresh()

    def _thresholds(self) -> tuple[int, int]:
        return (checked_int(self.attack.value, 1, 6, "the Attack threshold"),
                checked_int(self.defense.value, 1, 6, "the Defence threshold"))

    @guarded()
    def _bare(self) -> None:
        self.attack.value, self.defense.value = self.bare
        self.messages.show(f"Bare hands: Attack {self.bare[0]}, Defence {self.bare[1]} (assumed values: the rulebook's icons are lost).", "info")

    @guarded()
    def refresh(self) -> None:
        a, d = self._thresholds()
        apo = self.apothecary.value
        p = odds.duel_win_probability(a, d, apothecary=apo)
        gain, loss = odds.expected_points(a, d, apothecary=apo)
        self.answer.value = (f"<div class='hench-answer' style='font-size:20px'>The Attacker wins with probability "
                             f"<b>{format_probability(p)}</b></div><div style='color:#445'>Expected change: Attacker "
                             f"<b>{float(gain):+.2f}</b> points, Defender <b>{float(loss):+.2f}</b> points "
                             f"(exactly {gain} and {loss}).</div>")
        self.mc.clear()
        self._heatmap(a, d, apo)
        self._wounds(a, d, apo)

    def _heatmap(self, a: int, d: int, apo: bool) -> None:
        table = odds.win_table(apothecary=apo)
        z = [[float(table[(att, de)]) for de in range(1, 7)] for att in range(1, 7)]
        text = [[f"{table[(att, de)]}" for de in range(1, 7)] for att in range(1, 7)]
        heat = go.Heatmap(x=list(range(1, 7)), y=list(range(1, 7)), z=z, text=text, colorscale="RdBu", zmin=0, zmax=1,
                          texttemplate="%{text}", hovertemplate="attack %{y}, defence %{x}: %{z:.1%}<extra></extra>")
        mark = go.Scatter(x=[d], y=[a], mode="markers", hoverinfo="skip", showlegend=False,
                          marker=dict(symbol="square-open", size=46, color="black", line=dict(width=3)))
        redraw(self.fig, [heat, mark], xaxis_title="Defence threshold (a die ≥ this parries)",
               yaxis_title="Attack threshold (a die ≥ this hits)")

    def _wounds(self, a: int, d: int, apo: bool) -> None:
        rows = odds.unparried_hits(a, d, apothecary=apo).rows()
        bars = go.Bar(x=[str(o) for o, _, _ in rows], y=[float(pr) for _, pr, _ in rows],
                      text=[f for _, _, f in rows], textposition="outside", marker_color="#8e3b2f")
        redraw(self.extra, [bars], yaxis_tickformat=".0%", xaxis_title="unparried hits")


class TiebreakView(ipw.VBox):
    """Two tied leaders duel in turn (HM-080..084): the chance the first one wins the tie-break."""

    def __init__(self):
        self.messages = MessageArea()
        make = lambda label, v: protect(ipw.IntSlider(value=v, min=1, max=6, description=label, continuous_update=False), self.messages)
        self.xa, self.xd, self.ya, self.yd = make("X attack", 4), make("X defence", 4), make("Y attack", 4), make("Y defence", 4)
        self.answer = ipw.HTML()
        for w in (self.xa, self.xd, self.ya, self.yd):
            w.observe(lambda _: self.refresh(), "value")
        super().__init__([ipw.HBox([self.xa, self.xd]), ipw.HBox([self.ya, self.yd]), self.messages, self.answer])
        self.refresh()

    @guarded()
    def refresh(self) -> None:
        xa, xd, ya, yd = (checked_int(w.value, 1, 6, w.description) for w in (self.xa, self.xd, self.ya, self.yd))
        p = odds.tiebreak_win_probability(xa, xd, ya, yd)
        self.answer.value = f"<div class='hench-answer'>X wins the tie-break with probability <b>{format_probability(p)}</b>.</div>"
