"""A guided tour of a game, driven by the real engine (issues 9 and 29).

A tour is a list of `TourStep`s taught in ONE continuous game: the tour's deal, played from the set-up to
the end. Each step starts where the game has got to (the learner's own moves carry over), says in two or
three sentences what to notice and what to do, waits for the learner's move, then says what just happened,
from the engine: the step's own explanation plus every move's consequences. A step may end with a
`Question` about the position, checked against the engine and explained with the rule when wrong.

Next plays on from where the learner is (the bots play their seats, and the learner's own seat is played
for them by the table's bot, each such move marked "played for you") until the next step's position comes
up. Should the game never reach it (it ended, or took too long), the tour says so and continues from its
own deal, played by the bots until that position; the log shows every move that led there. Back returns to
where the previous step started. "Try it yourself" leaves the script and lets the learner play on freely;
Next picks the tour up again from wherever the game then is. Views stay thin: every fact comes from hench.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as ipw

from hench.core import CHANCE, Rng, Session, State, next_action, sample_outcome

from .core import MessageArea, discard, guarded, one_click_at_a_time, protect
from .play import BOT_STEP_LIMIT, GameView, TableConfig, rules_line

SHOWN_MOVES = 6  # the learner's latest moves listed in full in the status box; earlier ones are folded
REACH_LIMIT = 600  # actions the game may take between two steps before the tour falls back to its own deal
STAND_IN_SEED = 4242  # the seed of the bot that plays the learner's seat between two steps
tour_click = one_click_at_a_time(lambda tour: tour.view)  # Back, Next and the step list share the table's clicks


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
    """Back / Next through the steps of one continuous game, with a progress bar and the live table."""

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
        self.back.on_click(lambda _: self.go(self.index - 1))
        self.next.on_click(lambda _: self.go(self.index + 1))
        self.jump.observe(lambda change: self.go(change["new"]) if change["new"] != self.index else None, "value")
        self.free.observe(lambda _: self._show_status(), "value")
        nav = ipw.HBox([self.back, self.next, self.progress, self.jump, self.free])
        self.view = GameView(config, players=players, seed=seed, auto_dice=False, chart=False, options=self.options)
        self.view.observe_moves(self._show_status)
        self.stand_in = config.bot(STAND_IN_SEED)  # plays the learner's seat when Next moves the game on
        self.played_for_you: set[int] = set()  # history indexes of the learner's moves the stand-in made
        self.marks: list[Session | None] = [None] * len(self.steps)  # the game as each step started
        self.fell_back: list[bool] = [False] * len(self.steps)  # the step's position came from the tour's own deal
        self.bridges: list[tuple[int, int]] = [(0, 0)] * len(self.steps)  # the moves played on to reach each step
        self.start: State = self.view.state
        self.question: QuestionView | None = None
        super().__init__([ipw.HTML(f"<h3 style='margin:4px 0'>{html.escape(title)}</h3>"), nav, self.heading, self.text,
                          self.status, self.messages, self.view, self.question_box])
        self.add_class("hench-tour")
        self.go(0)

    @property
    def step(self) -> TourStep:
        return self.steps[self.index]

    @tour_click
    @guarded()
    def go(self, index: int) -> None:
        """Open step `index` (0-based): a later step by playing the game on to it, an earlier one by going
        back to where it started (the moves since are undone), the same step by starting it again."""
        if not 0 <= index < len(self.steps):
            raise ValueError(f"there is no step {index + 1}: the tour has {len(self.steps)} steps")
        if index <= self.index:
            mark = self.marks[index]
            assert mark is not None  # every step up to the current one has started
            self._restore(mark)
        else:
            for j in range(max(self.index + 1, 0), index + 1):
                self._reach(j)
                self.marks[j] = self.view.session.branch()
        self.index = index
        self._open()

    def _restore(self, mark: Session) -> None:
        self.view.session = mark.branch()
        self.played_for_you = {i for i in self.played_for_you if i < len(mark)}
        self.view.refresh()

    def _at(self, step: TourStep, state: State) -> bool:
        """The step's position: `reach` holds at the learner's turn (or, for a step about the end, at the end)."""
        if state.is_terminal:
            return step.reach(state)
        return state.current_player in self.view.human_seats and step.reach(state)

    def _reach(self, j: int) -> None:
        """Play the game on until step j's position, or fall back to the tour's own deal (see the module)."""
        step, view = self.steps[j], self.view
        self.fell_back[j] = False
        before = len(view.session)
        self.bridges[j] = (before, before)
        if j == 0 and self._at(step, view.state):
            return
        if self._play_on(view.session, step, record=True):
            self.bridges[j] = (before, len(view.session))
            return
        self.fell_back[j] = True
        own = Session(view.game.new_game(players=self.players, seed=self.seed, **self.options))
        rng, bots = Rng.from_seed(self.seed), [self.config.bot(1000 + i) for i in range(own.state.num_players)]
        for _ in range(BOT_STEP_LIMIT):
            st = own.state
            if self._at(step, st):
                break
            if st.is_terminal:
                raise RuntimeError(f"step {j + 1} ({step.title}): the tour's own deal never reaches its position")
            own.apply(next_action(st, bots, rng), by="tour")  # the tour reaches its position: no one chose
        else:
            raise RuntimeError(f"step {j + 1} ({step.title}): the tour's own deal never reaches its position")
        view.session = own
        self.played_for_you = set()
        self.bridges[j] = (0, len(own))
        view.refresh()

    def _play_on(self, session: Session, step: TourStep, record: bool) -> bool:
        """The bots play their seats, the stand-in the learner's, the dice roll, until the step's position."""
        view = self.view
        bots = view.quick_bots()  # the learner waits for these moves: never the coach's slow bots
        for _ in range(REACH_LIMIT):
            st = session.state
            if self._at(step, st):
                return True
            if st.is_terminal:
                return False
            seat, by = st.current_player, "bot"
            if seat == CHANCE:
                action = sample_outcome(st.chance_outcomes(), view.rng)
            elif seat is None:
                return False
            elif seat in view.human_seats:
                action, by = self.stand_in.choose(st), "tour"
                if record:
                    self.played_for_you.add(len(session))
            else:
                action = bots[seat].choose(st)
            session.apply(action, by=by)
        return False

    def _open(self) -> None:
        """Draw the step that has just started at the game's current position."""
        index, step, view = self.index, self.step, self.view
        self.start = view.state
        if view.watch.value != step.watch_bots:
            view.watch.value = step.watch_bots
        view.refresh()
        old = self.question_box.children
        self.question = QuestionView(step.question, self.start) if step.question else None
        self.question_box.children = [self.question] if self.question else []
        discard(*old)  # the last step's question
        self.progress.value, self.jump.value = index + 1, index
        self.back.disabled, self.next.disabled = index == 0, index == len(self.steps) - 1
        self.free.value = False
        self.heading.value = (f"<div class='hench-tour-step' style='font-size:18px;margin-top:6px'><b>Step {index + 1} of "
                              f"{len(self.steps)}: {html.escape(step.title)}</b></div>")
        task = f"<p class='hench-task'><b>Your move:</b> {html.escape(step.task)}</p>" if step.task else ""
        self.text.value = f"<div style='max-width:880px'>{self._fallback_note()}{step.text}{task}{rules_line(step.rules)}</div>"
        self.messages.clear()
        self._show_status()

    def _fallback_note(self) -> str:
        if not self.fell_back[self.index]:
            return ""
        return ("<p class='hench-fell-back' style='background:#fff6e0;border-left:4px solid #c98a00;padding:6px 10px;"
                "border-radius:6px'>Your game went another way and did not come to this lesson's position, so the tour "
                "goes on from its own deal, played by the bots up to here: every move that led here is in the log. "
                "Your next moves carry on from this position.</p>")

    @property
    def is_done(self) -> bool:
        step = self.step
        return step.done is None or step.done(self.start, self.view.state)

    def _show_status(self) -> None:
        if self.index < 0:  # still building the first step
            return
        step, bridge = self.step, self._bridge_html()
        if self.free.value:
            self.status.value = bridge + ("<div class='hench-tour-status' style='color:#445'>You are off the script: play on "
                                          "from this position with the bots (nothing is checked). Press Next to go on with the "
                                          "tour from wherever the game then is, or pick a step.</div>")
            return
        if step.done is None:
            self.status.value = bridge
            return
        if not self.is_done:
            self.status.value = bridge + (f"<div class='hench-tour-status hench-waiting' style='color:#8a5a00'>Waiting for your "
                                          f"move: {html.escape(step.task)}</div>")
            return
        said = step.after(self.start, self.view.state) if step.after else ""
        self.status.value = bridge + (f"<div class='hench-tour-status hench-done' style='background:#eef7ee;border-left:4px solid "
                                      f"#2f6b4f;padding:6px 10px;border-radius:6px'><b>✓ What just happened:</b> "
                                      f"{html.escape(said)}{self._moves_html()}</div>")

    def _bridge_html(self) -> str:
        """The moves that brought the game from the last step to this one, folded: who played what (the
        learner's own moves marked 'played for you'), and what each did to the learner."""
        lo, hi = self.bridges[self.index]
        view = self.view
        steps = view.session.history[lo:hi]
        if not steps:
            return ""
        yours = sum(1 for i in range(lo, hi) if i in self.played_for_you)
        if self.fell_back[self.index]:
            what = f"How this position came about: the tour's own deal, {len(steps)} moves"
        else:
            what = f"Since the last step the game went on: {len(steps)} moves"
            if yours:
                what += f", {yours} of them yours, played for you"
        rows = []
        for i, s in zip(range(lo, hi), steps):
            mark = " <i>(played for you)</i>" if i in self.played_for_you else ""
            effects = "; ".join(view.consequences(s))
            rows.append(f"<li><b>{html.escape(view._who(s.player))}</b> {html.escape(view.move_text(s))}{mark}"
                        + (f" <span style='color:#445'>({html.escape(effects)})</span>" if effects else "") + "</li>")
        return (f"<div class='hench-tour-bridge' style='color:#445;margin:4px 0'><details><summary style='cursor:pointer'>"
                f"{html.escape(what)}</summary><ul tabindex='0' aria-label='the moves in between' style='margin:2px 0;font-size:12px;max-height:220px;overflow-y:auto'>"
                f"{''.join(rows)}</ul></details></div>")

    def _moves_html(self) -> str:
        """The step's moves: each of the learner's with its consequences in full; the bots' moves (and dice that
        rolled by themselves) between two of them folded into one 'then the bots played N moves' line."""
        view = self.view
        mark = self.marks[self.index]
        since = len(mark) if mark is not None else 0
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
                what += f"{' and' if bots else ''} " + view.config.chance.rolled.format(n=dice, s="" if dice == 1 else "s")
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
        for s in view.session.history[since:]:
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
