"""A guided tour of a game, driven by the real engine (issue 9).

A tour is a list of `TourStep`s. Each step starts from a real position (the tour's deal, played by the
bots until the step's `reach` holds at the learner's turn), says in two or three sentences what to
notice and what to do, waits for the learner's move, then says what just happened, from the engine:
the step's own explanation plus every move's consequences. A step may end with a `Question` about the
position, checked against the engine and explained with the rule when the answer is wrong.

Any step can be opened directly (the list at the top); "Try it yourself" leaves the script and lets the
learner play on from the position with the bots. Views stay thin: every fact comes from hench.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as ipw

from hench.core import CHANCE, State

from .core import MessageArea, discard, guarded, protect
from .play import GameView, TableConfig, rules_line

SHOWN_MOVES = 6  # the learner's latest moves listed in full in the status box; earlier ones are folded


@dataclass(frozen=True)
class Question:
    """A self-check question about the step's position. `answer` and `why` are computed from the engine."""

    prompt: str
    choices: Callable[[Any], Sequence[str]]
    answer: Callable[[Any], str]
    why: Callable[[Any], str]


@dataclass(frozen=True)
class TourStep:
    title: str
    text: str  # HTML, our own words: what to notice
    rules: tuple[str, ...] = ()
    reach: Callable[[Any], bool] = lambda s: True  # where the step starts (at the learner's turn)
    task: str = ""  # what to do; empty: nothing to do but read (and answer)
    done: Callable[[Any, Any], bool] | None = None  # (start, now): the task is done
    after: Callable[[Any, Any], str] | None = None  # (start, now): what just happened, in words
    question: Question | None = None
    options: dict[str, Any] = field(default_factory=dict)
    watch_bots: bool = False  # the step is about the bots' replies: they move one at a time ('Next bot move')


class QuestionView(ipw.VBox):
    """One self-check question: pick an answer, press Check, see whether the engine agrees and why."""

    def __init__(self, question: Question, state: State):
        self.question, self.state = question, state
        self.messages = MessageArea()
        self.prompt = ipw.HTML(f"<b>Check yourself:</b> {html.escape(question.prompt)}")
        self.pick = protect(ipw.RadioButtons(options=list(question.choices(state)), value=None,
                                             layout=ipw.Layout(width="auto")), self.messages)
        self.check_button = ipw.Button(description="Check", button_style="info")
        self.check_button.on_click(lambda _: self.check())
        self.verdict = ipw.HTML()
        self.correct: bool | None = None
        super().__init__([self.prompt, self.pick, self.check_button, self.messages, self.verdict])
        self.add_class("hench-question")

    @guarded()
    def check(self) -> None:
        if self.pick.value is None:
            raise ValueError("pick an answer first")
        right = self.question.answer(self.state)
        why = self.question.why(self.state)
        self.correct = self.pick.value == right
        if self.correct:
            self.verdict.value = f"<div class='hench-verdict hench-right' style='color:#1f6b3a'><b>Right.</b> {html.escape(why)}</div>"
        else:
            self.verdict.value = (f"<div class='hench-verdict hench-wrong' style='color:#8e2f2f'><b>Not quite:</b> the answer is "
                                  f"<b>{html.escape(right)}</b>. {html.escape(why)}</div>")


class TourView(ipw.VBox):
    """Back / Next through the steps, with a progress bar; each step a live table from the engine."""

    def __init__(self, config: TableConfig, steps: Sequence[TourStep], players: int = 3, seed: int = 7,
                 options: dict | None = None, title: str = "Guided tour"):
        if not steps:
            raise ValueError("a tour needs at least one step")
        self.config, self.steps, self.players, self.seed = config, list(steps), players, seed
        self.options = dict(options or {"first_player": 0})
        self.messages = MessageArea()
        self.index: int = -1
        self.heading = ipw.HTML()
        self.progress = ipw.IntProgress(value=1, min=0, max=len(self.steps), layout=ipw.Layout(width="260px"))
        self.jump = protect(ipw.Dropdown(options=[(f"{i + 1}. {s.title}", i) for i, s in enumerate(self.steps)],
                                         description="Step", layout=ipw.Layout(width="420px")), self.messages)
        self.jump.add_class("hench-tour-jump")
        self.back = ipw.Button(description="◀ Back")
        self.next = ipw.Button(description="Next ▶", button_style="primary")
        self.free = ipw.ToggleButton(description="Try it yourself", tooltip="leave the script and play on from here")
        self.text = ipw.HTML()
        self.status = ipw.HTML()
        self.question_box = ipw.VBox()
        self.table_box = ipw.VBox()
        self.back.on_click(lambda _: self.go(self.index - 1))
        self.next.on_click(lambda _: self.go(self.index + 1))
        self.jump.observe(lambda change: self.go(change["new"]) if change["new"] != self.index else None, "value")
        self.free.observe(lambda _: self._show_status(), "value")
        nav = ipw.HBox([self.back, self.next, self.progress, self.jump, self.free])
        super().__init__([ipw.HTML(f"<h3 style='margin:4px 0'>{html.escape(title)}</h3>"), nav, self.heading, self.text,
                          self.status, self.messages, self.table_box, self.question_box])
        self.add_class("hench-tour")
        self.view: GameView | None = None
        self.question: QuestionView | None = None
        self.go(0)

    @property
    def step(self) -> TourStep:
        return self.steps[self.index]

    @guarded()
    def go(self, index: int) -> None:
        """Open step `index` (0-based) from its own starting position."""
        if not 0 <= index < len(self.steps):
            raise ValueError(f"there is no step {index + 1}: the tour has {len(self.steps)} steps")
        self.index = index
        step = self.step
        view = GameView(self.config, players=self.players, seed=self.seed, auto_dice=False, chart=False,
                        options={**self.options, **step.options}, watch_bots=step.watch_bots)
        if not view.fast_forward(step.reach):
            raise RuntimeError(f"step {index + 1} ({step.title}): the tour's deal never reaches its position")
        view.observe_moves(self._show_status)
        self.view, self.start = view, view.state
        old = (*self.table_box.children, *self.question_box.children)
        self.table_box.children = [view]
        self.question = QuestionView(step.question, self.start) if step.question else None
        self.question_box.children = [self.question] if self.question else []
        discard(*old)  # the last step's table and question
        self.progress.value, self.jump.value = index + 1, index
        self.back.disabled, self.next.disabled = index == 0, index == len(self.steps) - 1
        self.free.value = False
        self.heading.value = (f"<div class='hench-tour-step' style='font-size:18px;margin-top:6px'><b>Step {index + 1} of "
                              f"{len(self.steps)}: {html.escape(step.title)}</b></div>")
        task = f"<p class='hench-task'><b>Your move:</b> {html.escape(step.task)}</p>" if step.task else ""
        self.text.value = f"<div style='max-width:880px'>{step.text}{task}{rules_line(step.rules)}</div>"
        self.messages.clear()
        self._show_status()

    @property
    def is_done(self) -> bool:
        step = self.step
        return step.done is None or step.done(self.start, self.view.state) if self.view else False

    def _show_status(self) -> None:
        if self.view is None:
            return
        step = self.step
        if self.free.value:
            self.status.value = ("<div class='hench-tour-status' style='color:#445'>You are off the script: play on from this "
                                 "position with the bots (nothing is checked). Press Next or pick a step to go back to the tour.</div>")
            return
        if step.done is None:
            self.status.value = ""
            return
        if not self.is_done:
            self.status.value = f"<div class='hench-tour-status hench-waiting' style='color:#8a5a00'>Waiting for your move: {html.escape(step.task)}</div>"
            return
        said = step.after(self.start, self.view.state) if step.after else ""
        self.status.value = (f"<div class='hench-tour-status hench-done' style='background:#eef7ee;border-left:4px solid #2f6b4f;"
                             f"padding:6px 10px;border-radius:6px'><b>✓ What just happened:</b> {html.escape(said)}"
                             f"{self._moves_html()}</div>")

    def _moves_html(self) -> str:
        """The step's moves: each of the learner's with its consequences in full; the bots' moves (and dice that
        rolled by themselves) between two of them folded into one 'then the bots played N moves' line."""
        view = self.view
        if view is None:
            return ""
        parts: list[str] = []
        run: list[Any] = []

        def line(s: Any, cls: str, style: str = "") -> str:
            effects = "".join(f"<div class='hench-effect' style='color:#445'>{html.escape(c)}</div>" for c in view.consequences(s))
            return f"<li class='{cls}' style='{style}'><b>{html.escape(view._who(s.player))}</b> {html.escape(view.move_text(s))}{effects}</li>"

        def mine(s: Any) -> bool:  # the learner's move, or a roll of the learner's own dice
            humans = view.human_seats
            return s.player in humans or (s.player == CHANCE and view.config.roll_concerns(s.before, humans))

        def fold(last: bool) -> None:
            if not run:
                return
            bots = sum(1 for s in run if s.player in range(view.state.num_players))
            dice = len(run) - bots
            what = f"then the bots played {bots} move{'' if bots == 1 else 's'}" if bots else "then"
            if dice:
                what += f"{' and' if bots else ''} the dice rolled {dice} time{'' if dice == 1 else 's'}"
            opened = " open" if last and view.watch.value else ""  # watching move by move: the newest run stays open
            parts.append(f"<li class='hench-bot-fold' style='list-style:none;margin-left:-16px'><details{opened}>"
                         f"<summary style='cursor:pointer;color:#445'>{what}</summary><ul style='margin:2px 0'>"
                         + "".join(line(s, "hench-bot-move") for s in run) + "</ul></details>" + for_you(run) + "</li>")
            run.clear()

        def for_you(steps: list[Any]) -> str:
            """What the folded moves did to the learner (lines naming a learner's seat), kept in view."""
            seats = set(view.human_seats)
            said = [ln.text for s in steps for ln in s.narration(view.viewer) if seats & set(ln.seats)]
            if not said:
                return ""
            return ("<div class='hench-for-you' style='color:#2f4f6f;margin:2px 0 2px 16px'>for you: "
                    + "; ".join(html.escape(t) for t in said) + "</div>")

        starts: list[int] = []  # where each of the learner's moves begins in `parts`
        for s in view.session.history:
            if mine(s):
                fold(last=False)
                starts.append(len(parts))
                parts.append(line(s, "hench-my-move", "font-size:14px"))
            else:
                run.append(s)
        fold(last=True)
        if len(starts) > SHOWN_MOVES:  # a long step: its earlier part folded too, the latest moves stay in view
            cut = starts[-SHOWN_MOVES]
            parts[:cut] = [f"<li class='hench-earlier-fold' style='list-style:none;margin-left:-16px'><details><summary "
                           f"style='cursor:pointer;color:#445'>earlier in this step: {len(starts) - SHOWN_MOVES} of your "
                           f"moves and the replies</summary><ul style='margin:2px 0'>{''.join(parts[:cut])}</ul></details><!--/earlier--></li>"]
        return f"<ul style='margin:4px 0;font-size:12px'>{''.join(parts)}</ul>" if parts else ""
