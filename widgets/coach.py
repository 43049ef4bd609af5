"""The coach at the table (issue 30): "Hint" for the learner's move, "Review my game" at the end, and the bots'
level. A thin view over hench.core.coach, which reads only what the learner's seat may know.

- **Hint** (the learner's turn): the coach's move with its estimated win chance and expected points, beside
  the move the learner has selected in the move list (or the next best moves), and one or two sentences of
  why. A progress bar while it thinks; about `HINT_SECONDS` of thinking.
- **Review my game** (the game over): the three to five decisions where the learner's move lost the most
  expected points against the coach's, each with "Try again from here", which takes the table back to that
  position (the moves after it can be put back with Redo).
- **Bots**: easy (random moves), medium (the game's own bots), hard (the coach).
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ipywidgets as ipw

import hench
from hench.core.bots import LEVELS, level_bot
from hench.core.coach import Advice, Coach, Moment, MoveValue

from .core import MessageArea, guarded, long_task, protect, replace_children

if TYPE_CHECKING:
    from .play import GameView

HINT_SECONDS = 2.0  # the coach's thinking for a hint (the issue: an answer within 3 s)
REVIEW_SECONDS = float(os.environ.get("HENCH_REVIEW_SECONDS", "30"))  # the whole review's thinking, shared among the decisions
REVIEW_PER_MOVE = 0.6  # at most, per decision
HARD_SECONDS = 0.5  # a "hard" bot's thinking per move at the table
LEVEL_NAMES = {"easy": "easy (random moves)", "medium": "medium (the usual bots)", "hard": "hard (the coach plays)"}
ALTERNATIVES = 3  # moves listed besides the coach's


def percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def value_row(mv: MoveValue, note: str = "", strong: bool = False) -> str:
    cell = "padding:2px 10px"
    text = f"<b>{html.escape(mv.text)}</b>" if strong else html.escape(mv.text)
    return (f"<tr><td style='{cell}'>{text}{' ' + note if note else ''}</td><td style='{cell};text-align:right'>"
            f"{percent(mv.win_chance)}</td><td style='{cell};text-align:right'>{mv.expected_points:.1f}</td>"
            f"<td style='{cell};text-align:right;color:#667'>{mv.samples}</td></tr>")


def in_words(advice: Advice, name: Callable[[Any], str]) -> Advice:
    """The advice with every move named as the table names it (its button label: Maniacal's "build Scientist Room
    4 (pay $3)" where the engine's notation says "build R26"), in the figures and in the why."""
    names = {mv.action: name(mv.action) for mv in advice.moves}

    def renamed(mv: MoveValue) -> MoveValue:
        return replace(mv, text=names.get(mv.action, mv.text))

    why = list(advice.why)
    for mv in sorted(advice.moves, key=lambda m: -len(m.text)):  # the longest first: "play X" before "play"
        why = [line.replace(mv.text, names[mv.action]) for line in why]
    return Advice(renamed(advice.best), [renamed(m) for m in advice.moves], why,
                  None if advice.beside is None else renamed(advice.beside))


def advice_html(advice: Advice, selected: Any = None) -> str:
    """The coach's move, the learner's selected move (if another), then the next best, as a small table."""
    rows = [value_row(advice.best, "<span style='color:#1f6b3a'>(the coach's move)</span>", strong=True)]
    shown = {advice.best.action}
    mine = next((m for m in advice.moves if selected is not None and m.action == selected), None)
    if mine is not None and mine.action not in shown:
        rows.append(value_row(mine, "<span style='color:#8a5a00'>(your selected move)</span>"))
        shown.add(mine.action)
    rows += [value_row(m) for m in advice.moves if m.action not in shown][:ALTERNATIVES]
    why = "".join(f"<li>{html.escape(s)}</li>" for s in advice.why)
    why += sources_html(advice.best, advice.beside)
    return ("<div class='hench-hint' style='background:#f3f7fc;border-left:4px solid #34506e;padding:6px 10px;"
            "border-radius:6px;margin:4px 0'><b>The coach suggests: " + html.escape(advice.best.text) + "</b>"
            "<table style='border-collapse:collapse;margin:4px 0;font-size:13px'><tr><th style='text-align:left;"
            "padding:2px 10px'>move</th><th style='padding:2px 10px' title='the share of the games played out from "
            "here that you won (a tie counts as a shared win)'>win chance</th><th style='padding:2px 10px' "
            "title='your final points, on average over those games'>expected points</th><th style='padding:2px "
            "10px;color:#667' title='games played out from this move'>games</th></tr>" + "".join(rows) + "</table>"
            f"<ul style='margin:2px 0'>{why}</ul><div style='color:#667;font-size:12px'>Estimated by playing the game "
            "out many times from here, with the cards you cannot see dealt at random: only what your seat knows "
            "is used.</div></div>")


def sources_html(best: MoveValue, other: MoveValue | None) -> str:
    """Where the expected points come from: each score-sheet line for the coach's move and the other one, the
    line that makes the difference first ("" when the coach kept no sheet lines)."""
    if other is None or not best.by_source or len(best.by_source) != len(other.by_source):
        return ""
    lines = [(name, a, b) for (name, a), (_, b) in zip(best.by_source, other.by_source) if abs(a) >= 0.05 or abs(b) >= 0.05]
    lines.sort(key=lambda line: -abs(line[1] - line[2]))
    cell = "padding:1px 8px;text-align:right"
    rows = "".join(f"<tr><td style='padding:1px 8px'>{html.escape(name)}</td><td style='{cell}'>{a:.1f}</td>"
                   f"<td style='{cell}'>{b:.1f}</td><td style='{cell}'>{a - b:+.1f}</td></tr>" for name, a, b in lines)
    return ("<details class='hench-sources' style='margin:2px 0 2px 18px;font-size:12px'><summary>Where the points "
            "come from (expected points by line of the score sheet)</summary><table style='border-collapse:collapse'>"
            f"<tr><th style='text-align:left;padding:1px 8px'>line</th><th style='{cell}'>{html.escape(best.text)}</th>"
            f"<th style='{cell}'>{html.escape(other.text)}</th><th style='{cell}'>difference</th></tr>{rows}"
            "</table></details>")


def moment_html(m: Moment, number: int, names: Sequence[str]) -> str:
    why = "".join(f"<li>{html.escape(s)}</li>" for s in m.why)
    return (f"<div class='hench-moment' style='margin:6px 0'><b>{number}. Move {m.index + 1}:</b> you played "
            f"<b>{html.escape(m.played.text)}</b>; the coach prefers <b>{html.escape(m.best.text)}</b> "
            f"(about {m.loss:.1f} points more on average; win chance {percent(m.played.win_chance)} against "
            f"{percent(m.best.win_chance)}).<ul style='margin:2px 0'>{why}</ul></div>")


class CoachPanel(ipw.VBox):
    """Hint, Review my game, and the bots' level, for one GameView."""

    def __init__(self, view: GameView, seconds: float = HINT_SECONDS, seed: int = 0):
        self.view = view
        self.coach = Coach(view.game, seed=seed, seconds=seconds)
        self.messages = MessageArea()
        self.hint_button = ipw.Button(description="Hint", icon="lightbulb-o", button_style="info",
                                      tooltip="the coach's move for you, with its win chance and expected points")
        self.play_button = ipw.Button(description="Play the coach's move", disabled=True, layout=ipw.Layout(width="auto"))
        self.review_button = ipw.Button(description="Review my game", icon="search", button_style="info",
                                        tooltip="the moves that cost you the most points, each to try again",
                                        layout=ipw.Layout(width="auto"))
        self.level = protect(ipw.Dropdown(options=[(LEVEL_NAMES[k], k) for k in LEVELS], value="medium",
                                          description="Bots", layout=ipw.Layout(width="260px")), self.messages)
        self.bar = ipw.FloatProgress(value=0, min=0, max=1, layout=ipw.Layout(width="200px", visibility="hidden"))
        self.bar.add_class("hench-coach-progress")
        self.out = ipw.HTML()
        self.review_box = ipw.VBox()
        self.review_box.add_class("hench-review")
        self.advice: Advice | None = None
        self.advice_for: Any = None  # the position the advice is for
        self.hint_button.on_click(lambda _: self.hint())
        self.play_button.on_click(lambda _: self.play())
        self.review_button.on_click(lambda _: self.review())
        self.level.observe(lambda change: self.set_level(change["new"]), "value")
        row = ipw.HBox([self.hint_button, self.play_button, self.review_button, self.bar, self.level])
        super().__init__([row, self.messages, self.out, self.review_box])
        self.add_class("hench-coach")
        self.refresh()

    # -- the table tells the panel it redrew ------------------------------------------------------------
    def refresh(self) -> None:
        view, st = self.view, self.view.state
        mine = view._human_to_move()
        self.hint_button.disabled = not mine
        if self.advice_for is not st:  # the position moved on: the old hint no longer applies
            self.out.value, self.advice, self.advice_for = "", None, None
        self.play_button.disabled = self.advice is None
        self.review_button.layout.display = None if st.is_terminal else "none"
        if not st.is_terminal and self.review_box.children:
            replace_children(self.review_box, [])

    def _progress(self, fraction: float) -> None:
        self.bar.value = max(0.0, min(1.0, fraction))

    def _thinking(self, on: bool) -> None:
        self.bar.value = 0
        self.bar.layout.visibility = "visible" if on else "hidden"

    # -- hint ----------------------------------------------------------------------------------------------
    @long_task
    @guarded()
    def hint(self) -> None:
        view = self.view
        st = view.state
        if not view._human_to_move():
            raise hench.HenchError("the hint is for your own move: it is not your turn")
        seat = st.current_player
        assert seat is not None
        self._thinking(True)
        try:
            advice = self.coach.suggest(st, seat, progress=self._progress, against=view.move_list.value)
        finally:
            self._thinking(False)
        advice = in_words(advice, lambda action: self._name(st, action))
        self.advice, self.advice_for = advice, st
        self.out.value = advice_html(advice, view.move_list.value)
        self.play_button.disabled = False
        self.messages.clear()

    def _name(self, state: Any, action: Any) -> str:
        """A move as the table's buttons name it."""
        config = self.view.config
        if config.label is not None:
            return config.label(state, action)
        text = self.view.game.format_action(action)
        return config.text_words(text) if config.text_words is not None else text

    @guarded()
    def play(self) -> None:
        if self.advice is None or self.advice_for is not self.view.state:
            raise hench.HenchError("ask for a hint first: the coach has no move for this position yet")
        self.view._apply(self.advice.best.action)

    # -- review ----------------------------------------------------------------------------------------------
    @long_task
    @guarded()
    def review(self) -> None:
        view = self.view
        if not view.state.is_terminal:
            raise hench.HenchError("the review is for a finished game: play it to the end first")
        seat = view.human_seats[0]
        steps = view.session.history
        decisions = sum(1 for s in steps if s.player == seat and len(s.before.legal_actions()) > 1)
        per_move = min(REVIEW_PER_MOVE, REVIEW_SECONDS / max(1, decisions))
        self._thinking(True)
        try:
            moments = self.coach.review(steps, seat, top=5, seconds_per_move=per_move, progress=self._progress)
        finally:
            self._thinking(False)
        moments = [self._named(m) for m in moments]
        names = view.config.names(view.players)
        if not moments:
            replace_children(self.review_box, [ipw.HTML("<p>The coach would have played every one of your decisions the "
                                                        "same way. Well played.</p>")])
            return
        parts: list[ipw.Widget] = [ipw.HTML(f"<b>The {len(moments)} decisions that cost you the most</b> "
                                            f"(of your {decisions}; the coach thought {per_move:.1f} s on each):")]
        for i, m in enumerate(moments):
            again = ipw.Button(description="Try again from here", tooltip=f"back to the position before move {m.index + 1}")
            again.add_class("hench-try-again")
            again.on_click(lambda _, m=m: self.try_again(m))
            parts.append(ipw.VBox([ipw.HTML(moment_html(m, i + 1, names)), again]))
        replace_children(self.review_box, parts)

    def _named(self, m: Moment) -> Moment:
        played, best = self._name(m.before, m.played.action), self._name(m.before, m.best.action)
        why = [line.replace(m.played.text, played).replace(m.best.text, best) for line in m.why]
        return replace(m, played=replace(m.played, text=played), best=replace(m.best, text=best), why=why)

    @guarded()
    def try_again(self, moment: Moment) -> None:
        """The table goes back to the position before the reviewed move (Redo puts the game back)."""
        session = self.view.session
        if moment.index >= len(session) or session.history[moment.index].before is not moment.before:
            raise hench.HenchError("this game has changed since the review: review it again")
        session.undo(len(session) - moment.index)
        self.view.refresh()
        self.messages.show(f"Back before move {moment.index + 1}: try {moment.best.text}, or another move. "
                           "Redo puts the game back as it was.", "info")

    # -- the bots' level -------------------------------------------------------------------------------------
    @guarded()
    def set_level(self, level: str) -> None:
        view = self.view
        view.bots = [level_bot(view.game, level, 1000 + i, seconds=HARD_SECONDS) for i in range(view.players)]
        self.messages.show(f"The bots now play at level {LEVEL_NAMES[level]}.", "info")
