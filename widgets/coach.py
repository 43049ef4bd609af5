"""The coach at the table (issue 30): "Hint" for the learner's move, "Review my game" at the end, and the bots'
level. A thin view over hench.core.coach, which reads only what the learner's seat may know.

- **Hint** (the learner's turn): a table of moves sorted by win chance (the coach's one measure), each figure
  with its 95% interval; the coach's move is its top row, or, when the intervals overlap, every tied move is
  called fine; no win chance from fewer than the coach's minimum of games. Then a sentence or two of why,
  beside the move the learner has selected in the move list (or the next best). The sentences are written
  here, from the facts the coach returns (`hint_sentences`, `moment_sentences`). About `HINT_SECONDS` of thinking.
- **Review my game** (the game over): up to five of the learner's own decisions (not moves a tour or "Let the
  bots play" made) where another move clearly won more often, each with "Try again from here", which takes the
  table back to that position (the moves after it can be put back with Redo).
- **Bots**: easy (random moves), medium (the game's own bots), hard (the coach).
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import ipywidgets as ipw

import hench
from hench.core.bots import LEVELS, level_bot
from hench.core.coach import HINT_SECONDS, Advice, Coach, Moment, MoveValue, Review, SheetLine

__all__ = ["HINT_SECONDS", "CoachPanel", "advice_html", "hint_sentences", "moment_sentences"]

from .core import MessageArea, guarded, long_task, one_click_at_a_time, protect, replace_children

if TYPE_CHECKING:
    from .play import GameView

REVIEW_SECONDS = float(os.environ.get("HENCH_REVIEW_SECONDS", "12"))  # the whole review's thinking (within 15 s)
HARD_SECONDS = 0.5  # a "hard" bot's thinking per move at the table
LEVEL_NAMES = {"easy": "easy (random moves)", "medium": "medium (the usual bots)", "hard": "hard (the coach plays)"}
ALTERNATIVES = 3  # moves listed besides the coach's (and every move tied with it)


# -- figures and sentences, from the coach's facts ---------------------------------------------------------------
def percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def chance_text(mv: MoveValue) -> str:
    """A win chance with its 95% interval: "62% (57-67%)"."""
    return f"{percent(mv.win_chance)} ({100 * mv.win_low:.0f}-{100 * mv.win_high:.0f}%)"


def points_text(mv: MoveValue) -> str:
    """Expected points with their 95% half-width: "33.5 ± 1.2"."""
    error = "" if math.isinf(mv.points_error) else f" ± {mv.points_error:.1f}"
    return f"{mv.expected_points:.1f}{error}"


def games(n: int) -> str:
    return f"{n} game{'' if n == 1 else 's'}"


def listed(texts: Sequence[str], last: str = "and") -> str:
    """"A", "A and B", "A, B and C"."""
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} {last} {texts[-1]}"


def headline(advice: Advice) -> str:
    kind = advice.kind
    if kind == "only":
        return f"Your only move: {advice.best.text}"
    if kind == "tie":
        return f"The coach: any of these is fine: {listed([m.text for m in advice.tied], 'or')}"
    if kind == "few":
        return f"The coach's best guess: {advice.best.text}"
    return f"The coach suggests: {advice.best.text}"


def hint_sentences(advice: Advice) -> list[str]:
    """The why of a hint, in plain words, from the advice's facts (no English is patched afterwards)."""
    best, kind = advice.best, advice.kind
    if kind == "only":
        return [f"{best.text} is the only move open now."]
    if kind == "few":
        return [f"Too few games for odds: in its time the coach played out {games(best.samples)} from {best.text}, "
                f"and it gives a win chance only from {advice.min_games} games on. {best.text} did best in those."]
    if kind == "tie":
        least = min(m.samples for m in advice.tied)
        return [f"Their win chances ({listed([percent(m.win_chance) for m in advice.tied])}) are too close to tell "
                f"apart in {least} or more games each: choose by your plan."]
    lines = [f"Best move: {best.text}. It won {chance_text(best)} of the {games(best.samples)} played out from here, "
             f"with {points_text(best)} points on average."]
    other = advice.beside
    if other is not None:
        lines.append(comparison(best, other, advice.min_games, advice.sheet))
    return lines


def comparison(best: MoveValue, other: MoveValue, min_games: int, sheet: Sequence[SheetLine]) -> str:
    """The coach's move set beside another: how much more often it wins, and where the points differ."""
    if other.samples < min_games:
        if other.set_aside:
            return f"{other.text} was set aside after {games(other.samples)}: it did worse than the moves kept."
        return f"{other.text} was played out only {games(other.samples)} in the time: too few for odds."
    gap = round(100 * (best.win_chance - other.win_chance))
    text = (f"{other.text} won {chance_text(other)}: {best.text} wins about {gap} more game{'' if gap == 1 else 's'} "
            f"in every 100.")
    return f"{text} {points_sentence(best, other, sheet)}"


def points_sentence(best: MoveValue, other: MoveValue, sheet: Sequence[SheetLine]) -> str:
    """How the points differ, in words that carry the sign: "It scores 3.0 more points on average, most of them
    from Rounds 1-5 (5.0 more there)." A line is named only when it goes the same way as the total."""
    diff = best.expected_points - other.expected_points
    if abs(diff) < 0.05:
        return "Both score about the same points on average."
    more = diff > 0
    text = f"It scores {abs(diff):.1f} {'more' if more else 'fewer'} points on average"
    same_way = [line for line in sheet if (line.difference > 0) == more and abs(line.difference) >= 0.5]
    if same_way:
        line = max(same_way, key=lambda line: abs(line.difference))
        text += f", most of {'them' if more else 'the gap'} from {line.name} ({abs(line.difference):.1f} " \
                f"{'more' if more else 'fewer'} there)"
    if not more:
        text += ", but winning is what counts"
    return text + "."


def moment_sentences(m: Moment) -> list[str]:
    """A reviewed decision, in plain words."""
    played, best = m.played, m.best
    gap = round(100 * m.loss)
    return [f"You played {played.text}: it won {chance_text(played)} of the {games(played.samples)} played out from "
            f"there. {best.text} won {chance_text(best)} of {games(best.samples)}, about {gap} more "
            f"game{'' if gap == 1 else 's'} in every 100.", points_sentence(best, played, m.sheet)]


def renamed_advice(advice: Advice, name: Callable[[Any], str]) -> Advice:
    """The advice with every move named as the table names it (its button label: Maniacal's "build Scientist Room
    4 (pay $3)" where the engine's notation says "build R26"): the facts renamed before any sentence is written."""
    names = {mv.action: name(mv.action) for mv in advice.moves}

    def renamed(mv: MoveValue) -> MoveValue:
        return replace(mv, text=names.get(mv.action, mv.text))

    return replace(advice, best=renamed(advice.best), moves=[renamed(m) for m in advice.moves],
                   tied=[renamed(m) for m in advice.tied],
                   beside=None if advice.beside is None else renamed(advice.beside))


def value_row(mv: MoveValue, measured: bool, note: str = "", strong: bool = False) -> str:
    cell = "padding:2px 10px"
    text = f"<b>{html.escape(mv.text)}</b>" if strong else html.escape(mv.text)
    if measured:
        chance, points = chance_text(mv), points_text(mv)
    else:
        chance = "set aside" if mv.set_aside else "too few games"
        points = ""
    return (f"<tr><td style='{cell}'>{text}{' ' + note if note else ''}</td><td style='{cell};text-align:right'>"
            f"{html.escape(chance)}</td><td style='{cell};text-align:right'>{html.escape(points)}</td>"
            f"<td style='{cell};text-align:right;color:#667'>{mv.samples}</td></tr>")


def table_rows(advice: Advice, selected: Any = None) -> list[MoveValue]:
    """The rows shown, in the table's order: the coach's move and every move tied with it, the learner's selected
    move, and the next best up to `ALTERNATIVES` more."""
    keep = {m.action for m in advice.tied} | {advice.best.action}
    keep |= {m.action for m in advice.moves if selected is not None and m.action == selected}
    extra = [m for m in advice.moves if m.action not in keep][:ALTERNATIVES]
    keep |= {m.action for m in extra}
    return [m for m in advice.moves if m.action in keep]


def advice_html(advice: Advice, selected: Any = None) -> str:
    """The headline, the table (sorted by the win chance, the coach's measure), the why and where the points
    come from."""
    tied = {m.action for m in advice.tied} if advice.kind == "tie" else set()
    rows = []
    for m in table_rows(advice, selected):
        notes = []
        if m.action == advice.best.action and advice.kind != "tie":
            notes.append("<span style='color:#1f6b3a'>(the coach's move)</span>")
        if m.action in tied:
            notes.append("<span style='color:#1f6b3a'>(as good as the best)</span>")
        if selected is not None and m.action == selected and m.action != advice.best.action:
            notes.append("<span style='color:#8a5a00'>(your selected move)</span>")
        rows.append(value_row(m, advice.measured(m), " ".join(notes), strong=m.action == advice.best.action))
    why = "".join(f"<li>{html.escape(s)}</li>" for s in hint_sentences(advice))
    if advice.kind == "clear" and advice.beside is not None and advice.measured(advice.beside):
        why += sources_html(advice.best, advice.beside, advice.sheet)
    th = "padding:2px 10px"
    return ("<div class='hench-hint' style='background:#f3f7fc;border-left:4px solid #34506e;padding:6px 10px;"
            f"border-radius:6px;margin:4px 0'><b>{html.escape(headline(advice))}</b>"
            "<table style='border-collapse:collapse;margin:4px 0;font-size:13px'><tr><th style='text-align:left;"
            f"{th}'>move</th><th style='{th}' title='the share of the games played out from here that you won (a tie "
            "counts as a shared win), with its 95% interval'>win chance (95% interval)</th><th style='"
            f"{th}' title='your final points, on average over those games, give or take'>expected points</th>"
            f"<th style='{th};color:#667' title='games played out from this move'>games</th></tr>{''.join(rows)}"
            f"</table><ul style='margin:2px 0'>{why}</ul><div style='color:#667;font-size:12px'>The coach ranks the "
            f"moves by win chance: winning is what the game is for. It gives a win chance only from "
            f"{advice.min_games} games played out on, and calls moves whose intervals overlap a tie. The games are "
            "played out with the cards you cannot see dealt at random: only what your seat knows is used.</div></div>")


def sources_html(best: MoveValue, other: MoveValue | None, sheet: Sequence[SheetLine]) -> str:
    """Where the expected points come from: each score-sheet line for the coach's move and the other one, the
    line that makes the difference first ("" without sheet lines)."""
    if other is None or not sheet:
        return ""
    cell = "padding:1px 8px;text-align:right"
    rows = "".join(f"<tr><td style='padding:1px 8px'>{html.escape(line.name)}</td><td style='{cell}'>{line.best:.1f}"
                   f"</td><td style='{cell}'>{line.other:.1f}</td><td style='{cell}'>{line.difference:+.1f}</td></tr>"
                   for line in sheet)
    return ("<details class='hench-sources' style='margin:2px 0 2px 18px;font-size:12px'><summary>Where the points "
            "come from (expected points by line of the score sheet)</summary><table style='border-collapse:collapse'>"
            f"<tr><th style='text-align:left;padding:1px 8px'>line</th><th style='{cell}'>{html.escape(best.text)}</th>"
            f"<th style='{cell}'>{html.escape(other.text)}</th><th style='{cell}'>difference</th></tr>{rows}"
            "</table></details>")


def moment_html(m: Moment, number: int) -> str:
    why = "".join(f"<li>{html.escape(s)}</li>" for s in moment_sentences(m))
    return (f"<div class='hench-moment' style='margin:6px 0'><b>{number}. Move {m.index + 1}:</b> you played "
            f"<b>{html.escape(m.played.text)}</b>; the coach prefers <b>{html.escape(m.best.text)}</b> "
            f"(win chance {percent(m.played.win_chance)} against {percent(m.best.win_chance)}).<ul style='margin:2px 0'>"
            f"{why}</ul></div>")


def screened_text(review: Review) -> str:
    """"" when every decision was screened, else how many the review had time for."""
    if review.screened >= review.decisions:
        return ""
    return f" The coach had time to look at the first {review.screened} of them."


def review_heading(review: Review) -> str:
    found, mine = len(review.moments), review.decisions
    what = "The decision that cost you the most" if found == 1 else f"The {found} decisions that cost you the most"
    return f"<b>{what}</b> (of your {mine}; each judged on at least {review.min_games} games a move).{screened_text(review)}"


def no_mistake_text(review: Review) -> str:
    if review.decisions == 0:
        return ("The coach judges only the moves you chose yourself, and there were none with a choice in this game "
                "(moves played for you by a tour or by 'Let the bots play' are not judged).")
    mine = review.decisions
    return (f"In none of your {mine} decision{'' if mine == 1 else 's'} did another move clearly win more often (each "
            f"judged on at least {review.min_games} games a move).{screened_text(review)}")


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
        advice = renamed_advice(advice, lambda action: self._name(st, action))
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

    @one_click_at_a_time(lambda panel: panel.view)  # a move on the table: dropped while the table is busy
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
        self._thinking(True)
        try:
            found = self.coach.review(steps, seat, top=5, seconds=REVIEW_SECONDS, progress=self._progress)
        finally:
            self._thinking(False)
        moments = [self._named(m) for m in found.moments]
        if not moments:
            replace_children(self.review_box, [ipw.HTML(f"<p>{html.escape(no_mistake_text(found))}</p>")])
            return
        parts: list[ipw.Widget] = [ipw.HTML(review_heading(found))]
        for i, m in enumerate(moments):
            again = ipw.Button(description="Try again from here", tooltip=f"back to the position before move {m.index + 1}")
            again.add_class("hench-try-again")
            again.on_click(lambda _, m=m: self.try_again(m))
            parts.append(ipw.VBox([ipw.HTML(moment_html(m, i + 1)), again]))
        replace_children(self.review_box, parts)

    def _named(self, m: Moment) -> Moment:
        """The moment with its two moves named as the table names them (facts renamed, no sentence patched)."""
        played, best = self._name(m.before, m.played.action), self._name(m.before, m.best.action)
        return replace(m, played=replace(m.played, text=played), best=replace(m.best, text=best))

    @one_click_at_a_time(lambda panel: panel.view)
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
