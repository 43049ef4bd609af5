"""A game at the table: the board, the phase, the moves open now, the dice, bots, undo, a log and a
score chart. Generic over the uniform game API, so every game uses it; a game passes its own board
picture, phases and bots.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import ipywidgets as ipw

import hench
from hench.core import CHANCE, Rng, ScoreSheet, State, Step, next_action, sample_outcome

from . import plot
from .board import ClickableBoard, MoveButtons
from .coach import CoachPanel
from .core import Deferred, MessageArea, PhaseStepper, Scoreboard, figure_widget, guarded, one_click_at_a_time, phase_rows, protect, redraw

MAX_BUTTONS = 36
LOG_ROWS = 60  # moves shown in the log, the newest first
BOT_STEP_LIMIT = 20_000
PALETTE = ["#1d4f91", "#9c5518", "#2f6b4f", "#8e3b2f", "#6b4a8e"]
T = TypeVar("T")
table_click = one_click_at_a_time(lambda view: view)  # a click on the table: dropped if it queued behind another


class Viewer:
    """The default of a seat argument: whoever looks at the table now (GameView.viewer)."""


VIEWER = Viewer()


@dataclass(frozen=True)
class ChanceWords:
    """The game's own words for its chance device (issue 29: a Week deck is turned over, not rolled)."""

    who: str = "Dice"  # the log's name for a chance move
    the: str = "the dice"  # "Now: the dice"
    roll: str = "Roll the dice"  # the button that leaves the outcome to chance
    set: str = "Set the dice"  # the button that applies the outcome chosen in the list
    auto: str = "roll the dice for me"  # the checkbox
    rolls: str = "the dice roll"  # "the next bot plays one move (or the dice roll)"
    prompt: str = "your roll: press <b>Roll the dice</b> (or set them)"  # HTML: the learner's chance move waits
    rolled: str = "the dice rolled {n} time{s}"  # the tour's fold of chance moves ({n}: how many, {s}: a plural s)
    pick: str = "Set to"  # the list of outcomes to choose from


@dataclass
class TableConfig:
    """What a game tells the generic views: how to draw it, its phases, its bots and its clock."""

    game_id: str
    phases: Any = ()  # the game's `Phases` table (hench.core.Phases)
    board: Callable[..., str] | None = None  # (state, viewer seat, clickable=bool) -> HTML; default: the game's own board
    make_bot: Callable[[int], Any] | None = None  # seed -> bot with .choose(state)
    bot_kinds: dict[str, Callable[[int], Any]] = field(default_factory=dict)
    clock: Callable[[Any], int] | None = None  # the day or round a state belongs to
    clock_label: str = "turn"
    explain: Callable[[Any], str] | None = None  # a line saying what the current step is about
    explain_for: Callable[[Any, int | None], str] | None = None  # (state, viewer): that line as the viewer may read it
    seat_names: Sequence[str] = ()
    show_stepper: bool = True  # False when the board draws its own phase bar
    label: Callable[[Any, Hashable], str] | None = None  # a move's button text, if not str(move)
    tooltip: Callable[[Any, Hashable], str] | None = None  # (state, move) -> what the move does, in plain words
    roll_seats: Callable[[Any], Sequence[int] | None] | None = None  # at a pending roll, the seats it concerns; None: every seat
    chance: ChanceWords = field(default_factory=ChanceWords)  # the words for the chance device (dice by default)
    first_seat: Callable[[Any], int] | None = None  # the seat that starts a new game (None: seat 0 always starts)
    words: Callable[[Any, Hashable], str] | None = None  # (state, move) -> the move in words, as its mover reads it in the log
    seen_scores: Callable[[Any, int | None], Sequence[tuple[int, str]]] | None = None  # (state, viewer) -> per seat: the
    # points the viewer can count and what they cannot ("" if nothing is hidden); None: every score is public
    text_words: Callable[[str], str] | None = None  # any move's public text rewritten in the game's words (Lancaster)
    dice: bool = True  # False: the game has no chance device to roll, so no dice control is shown

    def roll_concerns(self, state: State, seats: Sequence[int]) -> bool:
        """Whether the pending roll of `state` concerns any of `seats` (a duel's dice concern its two fighters):
        the learner is asked to roll only then; other rolls roll by themselves."""
        involved = self.roll_seats(state) if self.roll_seats is not None else None
        return involved is None or any(seat in seats for seat in involved)

    def names(self, players: int) -> list[str]:
        return [self.seat_names[i] if i < len(self.seat_names) else f"Player {i + 1}" for i in range(players)]

    def draw(self, state: State, viewer: int | None, clickable: bool = False) -> str:
        """The board as HTML, as `viewer` may see it (the game's `render.html` of that seat's observation, unless
        `board` draws it otherwise); with `clickable`, elements marked data-action="<move>" are moves to click."""
        if self.board is not None:
            return self.board(state, viewer, clickable)
        if state.game.html is not None:
            return state.game.html(state.observation(viewer), clickable)
        return state._repr_html_()

    def bot(self, seed: int, kind: str | None = None):
        factory = self.bot_kinds.get(kind) if kind else None
        return (factory or self.make_bot or (lambda s: hench.RandomBot(s)))(seed)


def card_tooltip(game, moves: dict[str, str]) -> Callable[[Any, Hashable], str]:
    """A TableConfig.tooltip: a move naming a card says what the card does (its CardText.plain(), from
    `game.card_texts(state)`); other moves say what `moves` gives for their first two words or first word
    ("take extra", "place"), or nothing. A card is named by the move's `card` or `weapon` field, or, for
    moves whose text ends in a card's id ("use Apothecary", "place Tavern with Porter"), by that id."""
    def tip(state: Any, action: Hashable) -> str:
        texts = game.card_index(state)  # built once per data set (Game.card_texts), not once per move
        words = str(action).split()
        card = getattr(action, "card", None) or getattr(action, "weapon", None)
        if card in texts:
            return texts[card].plain()
        if " ".join(words[:2]) in moves:
            return moves[" ".join(words[:2])]
        for k in range(1, len(words)):
            if " ".join(words[k:]) in texts:
                return texts[" ".join(words[k:])].plain()
        return moves.get(words[0], "") if words else ""
    return tip


def phase_rules(config: TableConfig, phase: str) -> list[str]:
    for pid, _, rule_ids in phase_rows(config.phases):
        if pid == phase:
            return list(rule_ids)
    return []


def phase_title(config: TableConfig, phase: str) -> str:
    for pid, title, _ in phase_rows(config.phases):
        if pid == phase:
            return title
    return phase


def rules_line(rule_ids: Sequence[str], label: str = "Rules in play") -> str:
    """The rule IDs a step teaches, each with its summary on hover."""
    chips = []
    for rid in rule_ids:
        summary = hench.rules.get(rid).summary if hench.rules.exists(rid) else ""
        chips.append(f"<span class='hench-rule-chip' title='{html.escape(summary)}' style='font-family:monospace;background:#eef1f5;"
                     f"padding:1px 6px;border-radius:6px;margin-right:4px'>{rid}</span>")
    return f"<span style='color:#667'>{html.escape(label)}: </span>" + "".join(chips) if chips else ""


def score_sheet_html(sheet: ScoreSheet, names: Sequence[str], humans: Sequence[int] = (), winners: Sequence[int] = ()) -> str:
    """A score sheet as a table: a row per player (the winners marked), a column per source, then the total."""
    head = "".join(f"<th style='padding:2px 8px'>{html.escape(s)}</th>" for s in sheet.sources)
    rows = []
    for seat, (row, total) in enumerate(zip(sheet.points, sheet.totals)):
        who = names[seat] + (" (you)" if seat in humans else "") + (" (winner)" if seat in winners else "")  # words: an emoji the page's font lacks shows as a box
        cells = "".join(f"<td style='text-align:right;padding:2px 8px'>{v}</td>" for v in row)
        rows.append(f"<tr><td style='padding:2px 8px'>{html.escape(who)}</td>{cells}"
                    f"<td style='text-align:right;padding:2px 8px'><b>{total}</b></td></tr>")
    tie = f"<p class='hench-tie-break' style='margin:4px 0'><b>Tie-break:</b> {html.escape(sheet.tie_break)}</p>" if sheet.tie_break else ""
    return (f"<div style='margin:8px 0'><b>Final score sheet</b><table style='border-collapse:collapse;margin-top:4px'>"
            f"<tr><th></th>{head}<th style='padding:2px 8px'>Total</th></tr>{''.join(rows)}</table>{tie}"
            f"{rules_line(sheet.rules, 'Scoring rules')}</div>")


class GameView(ipw.VBox):
    """Play a game against bots with the rules explained. The session is the only source of truth."""

    def __init__(self, config: TableConfig, players: int = 3, seed: int | None = 1, human_seats: Sequence[int] = (0,),
                 auto_dice: bool = False, chart: bool = True, options: dict | None = None, start: State | None = None,
                 setup: bool = False, watch_bots: bool = False):
        self.config, self.game = config, hench.get_game(config.game_id)
        self.human_seats, self.options = tuple(human_seats), dict(options or {})
        self.rng = Rng.from_seed(seed)
        self.seed = seed
        self.messages = MessageArea()
        first = start if start is not None else self.game.new_game(players=players, seed=seed, **self.options)
        self.session = hench.Session(first)
        self.bots = [config.bot(1000 + i) for i in range(first.num_players)]
        self._listeners: list[Callable[[], None]] = []
        self._log_rows: dict[tuple[int | None, tuple[int, ...]], StepRows[str]] = {}  # per seat looking, per human seats
        self._log_start: State | None = None  # the game the log rows are of
        self._points = ScorePoints(config.clock or (lambda s: 0),
                                   None if config.seen_scores is None else (lambda state: self.scores_seen(state)[0]))
        self._drawn: tuple[list[int], list[list[int]], list[str]] | None = None  # the chart's points last drawn
        self._shown: State | None = None  # the position the moves and the board were last drawn for
        self._build(auto_dice, chart, watch_bots)
        self._build_setup(setup)
        super().__init__(self._layout())
        self.add_class("hench-game")
        self._advance()  # bots who act before the human (and dice, if they roll themselves) go first
        self.refresh()

    # -- building --------------------------------------------------------------------------------------
    def _build(self, auto_dice: bool, chart: bool, watch_bots: bool) -> None:
        self.stepper = PhaseStepper(self.config.phases)
        self.rule_chips = ipw.HTML()
        self.explain = ipw.HTML()
        self.board = ClickableBoard()
        self.board.on_action(self._board_click)
        self.scoreboard = Scoreboard()
        self.moves = MoveButtons()
        self.moves.on_pick(self._click)
        self.move_list = protect(ipw.Dropdown(description="Move", layout=ipw.Layout(width="420px")), self.messages)
        self.play_selected = ipw.Button(description="Play this move", button_style="primary")
        self.typed = protect(ipw.Text(placeholder="or type a move and press Enter", continuous_update=False,
                                      layout=ipw.Layout(width="320px")), self.messages)
        self.dice_outcomes = protect(ipw.Dropdown(description=self.config.chance.pick, layout=ipw.Layout(width="420px")), self.messages)
        words = self.config.chance
        self.roll = ipw.Button(description=words.roll, button_style="warning")
        self.set_dice = ipw.Button(description=words.set)
        wide = dict(indent=False, layout=ipw.Layout(width="auto", margin="0 8px"))  # the whole label, never cut short
        self.auto_dice = ipw.Checkbox(value=auto_dice, description=words.auto, **wide)
        self.watch = ipw.Checkbox(value=watch_bots, description="watch the bots move by move",
                                  tooltip="the bots wait after each move until you press 'Next bot move'", **wide)
        self.bot_step = ipw.Button(description="Next bot move ▶", button_style="info",
                                   tooltip=f"the next bot plays one move (or {words.rolls}), shown with what it did")
        self.bot_step.add_class("hench-bot-step")
        self.bots_go = ipw.Button(description="Let the bots play", button_style="info")
        self.undo_button, self.redo_button = ipw.Button(description="Undo"), ipw.Button(description="Redo")
        self.new_button = ipw.Button(description="New game")
        self.log_view = ipw.HTML()
        self.sheet = ipw.HTML()  # the final score sheet, shown when the game is over
        self.sheet.add_class("hench-score-sheet")
        clock = self.config.clock_label
        self.fig = figure_widget(f"Points of each player, {clock} by {clock} (the last point is now)", height=300) if chart else None
        self.play_selected.on_click(lambda _: self._play_selected())
        self.typed.observe(lambda change: self._play_typed() if change["new"].strip() else None, "value")
        self.roll.on_click(lambda _: self._roll())
        self.set_dice.on_click(lambda _: self._set_dice())
        self.bots_go.on_click(lambda _: self._bots())
        self.bot_step.on_click(lambda _: self._bot_step())
        self.watch.observe(lambda change: self._watch_changed(change["new"]), "value")
        self.auto_dice.observe(lambda change: self._auto_dice_changed(change["new"]), "value")
        self.undo_button.on_click(lambda _: self._undo())
        self.redo_button.on_click(lambda _: self._redo())
        self.new_button.on_click(lambda _: self._new())
        self.coach_panel = CoachPanel(self)  # Hint, Review my game, the bots' level (widgets.coach)

    def _build_setup(self, shown: bool) -> None:
        """The new-game row: how many players, which seat is yours, and the deal's seed (type one to replay it)."""
        g, n = self.game, self.state.num_players
        self.players_pick = protect(ipw.Dropdown(options=list(range(g.min_players, g.max_players + 1)), value=n,
                                                 description="Players", layout=ipw.Layout(width="150px")), self.messages)
        self.seat_pick = protect(ipw.Dropdown(description="Your seat", layout=ipw.Layout(width="200px")), self.messages)
        self.seed_box = protect(ipw.Text(value="" if self.seed is None else str(self.seed), description="Seed",
                                         placeholder="empty: a new deal", layout=ipw.Layout(width="220px")), self.messages)
        self.start_button = ipw.Button(description="Deal a new game", button_style="success")
        self.start_button.on_click(lambda _: self._start_new())
        self.players_pick.observe(lambda _: self._seat_options(), "value")
        self.seed_box.observe(lambda _: self._seat_options(), "value")
        self._seat_options()
        self.setup_row = ipw.HBox([self.players_pick, self.seat_pick, self.seed_box, self.start_button])
        self.setup_row.add_class("hench-setup")
        self.setup_row.layout.display = "flex" if shown else "none"

    def _seat_options(self) -> None:
        n = self.players_pick.value
        keep = self.human_seats[0] if self.human_seats and self.human_seats[0] < n else 0
        chosen = self.seat_pick.value
        keep = chosen if isinstance(chosen, int) and chosen < n else keep  # the seat already chosen stays chosen
        first = self._first_seat(n)
        self.seat_pick.options = [(f"Player {i + 1}" + (" (starts)" if i == first else ""), i) for i in range(n)]
        self.seat_pick.value = keep

    def _first_seat(self, players: int) -> int | None:
        """The seat that starts the deal of the new-game row (the engine's, for a game that draws the first player);
        None when the deal is not known yet (no seed typed)."""
        if self.config.first_seat is None:
            return 0
        text = (self.seed_box.value or "").strip()
        if not (text.isascii() and text.isdigit() and len(text) <= 12):
            return None
        return self.config.first_seat(self.game.new_game(players=players, seed=int(text), **self.options))

    def _layout(self) -> list:
        self.dice_box = ipw.HBox([self.roll, self.dice_outcomes, self.set_dice])
        self.list_box = ipw.HBox([self.move_list, self.play_selected])
        self.move_box = ipw.VBox([self.moves, self.list_box, self.typed])
        controls = ipw.HBox([self.bots_go, self.undo_button, self.redo_button, self.new_button, self.auto_dice])
        self.auto_dice.layout.display = None if self.config.dice else "none"
        self.watch_row = ipw.HBox([self.watch, self.bot_step])
        self.watch_row.add_class("hench-watch")
        side = ipw.VBox([self.scoreboard, ipw.HTML("<b>What just happened</b>"), self.log_view], layout=ipw.Layout(min_width="260px", max_width="340px"))
        self.stepper.layout.display = None if self.config.show_stepper else "none"
        parts = [self.setup_row, self.stepper, self.rule_chips, self.explain, ipw.HBox([self.board, side]), self.sheet, self.messages,
                 self.dice_box, self.move_box, self.watch_row, controls, self.coach_panel]
        return parts + ([self.fig] if self.fig is not None else [])

    # -- reading the state ---------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores now, as the last step keeps them (a state is scored once, when its move is applied)."""
        last = self.session.last
        return last.scores if last is not None else self.session.initial_scores

    @property
    def players(self) -> int:
        return len(self.scores)

    def scores_seen(self, state: State, seat: int | Viewer | None = VIEWER) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """The points of each seat as `seat` (by default whoever looks at the table) may count them, and what each
        leaves out (TableConfig.seen_scores); every score in full when the game hides none."""
        viewer = self.viewer if isinstance(seat, Viewer) else seat
        if self.config.seen_scores is None:
            return tuple(state.scores()), ()
        seen = self.config.seen_scores(state, viewer)
        return tuple(p for p, _ in seen), tuple(h for _, h in seen)

    @property
    def viewer(self) -> int | None:
        cp = self.state.current_player
        return cp if cp in self.human_seats else (self.human_seats[0] if self.human_seats else None)

    def _human_to_move(self) -> bool:
        return self.state.current_player in self.human_seats

    def fast_forward(self, until: Callable[[State], bool], limit: int = BOT_STEP_LIMIT) -> bool:
        """Let bots play every seat (dice rolling themselves) until `until(state)` holds at a human's
        turn; the history is cleared so the lesson starts there. Returns whether it got there."""
        humans = self.human_seats
        self._run_bots(lambda s: until(s) and s.current_player in humans, roll_dice=True, limit=limit)
        reached = not self.state.is_terminal and until(self.state) and self._human_to_move()
        if reached:
            self.session.reset(self.state)
        self.refresh()
        return reached

    def _run_bots(self, stop: Callable[[State], bool], roll_dice: bool | Callable[[State], bool],
                  limit: int = BOT_STEP_LIMIT) -> None:
        """Bots play (every seat the loop reaches) and the dice roll where `roll_dice` (a flag, or a test of
        the state) lets them, until `stop(state)`, dice left for the learner, or the end."""
        for _ in range(limit):
            st = self.state
            if st.is_terminal or stop(st):
                return
            if st.current_player == CHANCE and not (roll_dice(st) if callable(roll_dice) else roll_dice):
                return
            self.session.apply(next_action(st, self.bots, self.rng), by="bot")  # not the learner's choice (review)

    def quick_bots(self) -> list:
        """The bots that move the game on while the learner only waits (a tour's Next, or a jump to its last step):
        the table's own, or the usual bots in place of the coach's "hard" ones, which think up to HARD_SECONDS a
        move (a jump to a tour's last step with them took 30-42 s, issue 42)."""
        if self.coach_panel.level.value != "hard":
            return self.bots
        return [self.config.bot(1000 + i) for i in range(len(self.bots))]

    def learner_rolls(self, state: State | None = None) -> bool:
        """A roll is pending and waits for the learner: it concerns a human seat and the dice do not roll
        by themselves ("roll the dice for me" is off)."""
        st = self.state if state is None else state
        return (st.current_player == CHANCE and not self.auto_dice.value
                and self.config.roll_concerns(st, self.human_seats))

    def bot_pending(self) -> bool:
        """Someone other than the learner acts next (a bot, or dice that roll by themselves)."""
        st = self.state
        return not st.is_terminal and not self._human_to_move() and not self.learner_rolls(st)

    # -- handlers -----------------------------------------------------------------------------------
    def _apply(self, action: Hashable) -> None:
        self.session.apply(action)
        step = self.session.last
        said = self.move_text(step, step.player) if step else self.game.format_action(action)
        self.messages.show(f"{self._who(step.player if step else None)}: {said}", "ok")
        self._after_move()

    def _after_move(self) -> None:
        self._advance()
        self.refresh()

    def _advance(self) -> None:
        """Bots move and dice roll by themselves until a human must act (or roll) or the game ends.
        Watching the bots move by move, each bot move (and each roll of bots' dice) waits for 'Next bot move'."""
        humans = self.human_seats
        rolls = lambda s: not self.learner_rolls(s)
        if self.watch.value:  # only the learner's own dice roll on (when they roll by themselves)
            self._run_bots(lambda s: s.current_player != CHANCE or not self.config.roll_concerns(s, humans), roll_dice=rolls)
            return
        self._run_bots(lambda s: s.current_player in humans, roll_dice=rolls)

    @table_click
    @guarded()
    def _bot_step(self) -> None:
        """Exactly one bot move (or one roll of dice that roll by themselves), shown with what it did."""
        if not self.bot_pending():
            raise hench.HenchError("no bot is waiting to move: it is your move" if not self.state.is_terminal
                                   else "the game is over")
        self.session.apply(next_action(self.state, self.bots, self.rng), by="bot")
        step = self.session.last
        assert step is not None
        said = "; ".join(self.consequences(step))
        self.messages.show(f"{self._who(step.player)}: {self.move_text(step)}" + (f" ({said})" if said else ""), "info")
        self.refresh()

    @guarded()
    def _watch_changed(self, on: bool) -> None:
        if not on and self.bot_pending():  # stop watching: the bots go on at once
            self._after_move()
        else:
            self.refresh()

    @guarded()
    def _auto_dice_changed(self, on: bool) -> None:
        if on and self.state.current_player == CHANCE:  # a roll was waiting for the learner: roll it and go on
            self._roll()
        else:
            self.refresh()

    @table_click
    @guarded()
    def _play_selected(self) -> None:
        if self.move_list.value is None:
            raise hench.HenchError("choose a move in the list first")
        self._apply(self.move_list.value)

    @table_click
    @guarded()
    def _play_typed(self) -> None:
        text = (self.typed.value or "")[:200]
        try:
            self._apply(self.game.parse_action(self.state, text))
        finally:
            self.typed.value = ""

    @table_click
    @guarded()
    def play(self, text: str) -> None:
        """Play a move written as text (what a button shows)."""
        self._apply(self.game.parse_action(self.state, text))

    @table_click
    @guarded()
    def _roll(self) -> None:
        if self.state.current_player != CHANCE:
            raise hench.HenchError("there are no dice to roll now")
        self._apply(sample_outcome(self.state.chance_outcomes(), self.rng))

    @table_click
    @guarded()
    def _set_dice(self) -> None:
        if self.state.current_player != CHANCE or self.dice_outcomes.value is None:
            raise hench.HenchError("there are no dice to set now")
        self._apply(self.dice_outcomes.value)

    @table_click
    @guarded()
    def _bots(self) -> None:
        before, humans = len(self.session), self.human_seats
        self._run_bots(lambda s: s.current_player in humans and len(self.session) > before, roll_dice=True)
        self.messages.show(f"{len(self.session) - before} moves played.", "info")
        self.refresh()

    @table_click
    @guarded()
    def _undo(self) -> None:
        if not self.session.can_undo:
            raise hench.HenchError("nothing to undo: this is the start of the game")
        self.session.undo()
        if not self._human_to_move() and not self.learner_rolls():  # step back over the bots' moves to the human's last decision
            self.session.undo_to(lambda s: s.current_player in self.human_seats)
        self.messages.show("Undone.", "info")
        self.refresh()

    @table_click
    @guarded()
    def _redo(self) -> None:
        if not self.session.can_redo:
            raise hench.HenchError("nothing to redo")
        self.session.redo()
        self.refresh()

    @table_click
    @guarded()
    def _new(self) -> None:
        self.seed_box.value = ""
        self._start_new()

    @table_click
    @guarded()
    def _start_new(self) -> None:
        """A new deal with the players, seat and seed chosen in the new-game row (no seed: a fresh one)."""
        text = (self.seed_box.value or "").strip()
        if text:
            if not text.isascii() or not text.isdigit() or len(text) > 12:
                raise hench.HenchError(f"the seed must be a whole number such as 42, not {text[:20]!r}")
            seed = int(text)
        else:
            seed = self.rng.randrange(10**6)
        players = self.players_pick.value
        self.session.reset(self.game.new_game(players=players, seed=seed, **self.options))
        self.human_seats = (self.seat_pick.value,)
        self.bots = [self.config.bot(1000 + i) for i in range(players)]
        if self.coach_panel.level.value != "medium":  # the level the learner chose stays
            self.coach_panel.set_level(self.coach_panel.level.value)
        self.seed = seed
        self.seed_box.value = str(seed)
        self.messages.show(f"New game: {players} players, you are Player {self.human_seats[0] + 1}, seed {seed} "
                           "(type the seed again to replay this deal).", "info")
        self._after_move()

    # -- drawing --------------------------------------------------------------------------------------
    def _who(self, seat: int | None) -> str:
        if seat == CHANCE:
            return self.config.chance.who
        names = self.config.names(self.players)
        return names[seat] + (" (you)" if seat in self.human_seats else "") if seat is not None else "-"

    def refresh(self) -> None:
        st = self.state
        self.stepper.show(st.phase)
        self.rule_chips.value = rules_line(phase_rules(self.config, st.phase), "Rules of this phase")
        self.explain.value = self._status()
        names = self.config.names(self.players)
        points, hidden = self.scores_seen(st) if self.config.seen_scores is not None else (self.scores, ())
        self.scoreboard.show([n + (" (you)" if i in self.human_seats else "") for i, n in enumerate(names)], list(points),
                             st.current_player if st.current_player not in (None, CHANCE) else None, hidden=hidden)
        self._draw_moves()  # then the board, with the version of these moves: a click on an older board plays nothing
        self.board.show(self.config.draw(st, self.viewer, clickable=self._human_to_move()), self.moves.version)
        self.log_view.value = self._log_html()
        self.sheet.value = self._sheet_html() if st.is_terminal else ""
        self.coach_panel.refresh()
        self.undo_button.disabled, self.redo_button.disabled = not self.session.can_undo, not self.session.can_redo
        self.bots_go.disabled = st.is_terminal
        self.bot_step.disabled = not (self.watch.value and self.bot_pending())
        if self.fig is not None and self._chart_points() != self._drawn:  # the same points: nothing to send
            self._draw_chart()
        for listener in self._listeners:
            listener()

    def observe_moves(self, callback: Callable[[], None]) -> None:
        """Call `callback()` after every redraw (a move, undo, redo or new game)."""
        self._listeners.append(callback)

    def _status(self) -> str:
        st = self.state
        if st.is_terminal:
            names = self.config.names(self.players)
            who = " and ".join(names[i] for i in st.winners())
            scores = ", ".join(f"{names[i]} {v}" for i, v in enumerate(self.scores))
            return f"<b>The game is over.</b> Winner: {html.escape(who)}. Scores: {html.escape(scores)}"
        if self.config.explain_for is not None:
            extra = self.config.explain_for(st, self.viewer)
        else:
            extra = self.config.explain(st) if self.config.explain else ""
        whose = self.config.chance.the if st.current_player == CHANCE else self._who(st.current_player)
        title = st.phase_title if self.game.phases is not None else phase_title(self.config, st.phase)
        wait = ""
        if self.watch.value and self.bot_pending():
            wait = " <span class='hench-bot-waiting' style='color:#1d4f91'>&middot; press <b>Next bot move ▶</b> to see it</span>"
        elif self.learner_rolls(st):
            wait = f" <span style='color:#8a5a00'>&middot; {self.config.chance.prompt}</span>"
        return f"<b>Now:</b> {html.escape(whose)} &middot; {html.escape(title)}{wait} {extra}"

    def _sheet_html(self) -> str:
        """The finished game's score sheet (Game.score_sheet): each player's points by source, the tie-break
        only when one decided."""
        if self.game.score_sheet is None:
            return ""
        return score_sheet_html(self.game.score_sheet(self.state), self.config.names(self.players), self.human_seats,
                                self.state.winners())

    def _draw_moves(self) -> None:
        st = self.state
        chance = st.current_player == CHANCE
        mine = self._human_to_move()
        legal = st.legal_actions() if mine else []
        fmt = self.game.format_action
        label = self.config.label
        name = (lambda a: label(st, a)) if label is not None else fmt
        self.dice_box.layout.display = "flex" if chance and self.learner_rolls(st) else "none"
        if chance:
            self.dice_outcomes.options = [(f"{fmt(a)} · {float(p):.1%}", a) for a, p in st.chance_outcomes()]  # no fraction on screen
            self.dice_outcomes.value = self.dice_outcomes.options[0][1]
        self.move_box.layout.display = "flex" if mine else "none"
        offered = []  # (label, tooltip, move) for each button
        if len(legal) <= MAX_BUTTONS:
            for action in legal:
                tip = self.config.tooltip(st, action) if self.config.tooltip is not None else ""
                offered.append((name(action), tip or fmt(action), action))
        self.moves.show(offered, renew=st is not self._shown)
        self._shown = st
        self.move_list.options = [(name(a), a) for a in legal]
        self.list_box.layout.display = "none" if offered or not legal else "flex"  # the list only when buttons would be too many

    @table_click
    @guarded()
    def _board_click(self, text: str) -> None:
        if not self._human_to_move():
            raise hench.HenchError("it is not your turn: wait for the other players (or press 'Let the bots play')")
        self._apply(self.game.parse_action(self.state, text))

    @table_click
    @guarded()
    def _click(self, action: Hashable) -> None:
        self._apply(action)

    def move_text(self, step: Step, seat: int | Viewer | None = VIEWER) -> str:
        """A move as the seat looking at the table is told it: secret moves of other seats (a hidden vote, an
        amount paid from behind a screen) are shown only as far as that seat may know (Game.public_action)."""
        seat = self.viewer if isinstance(seat, Viewer) else seat
        if self.config.words is not None and seat is not None and seat == step.before.current_player:
            return self.config.words(step.before, step.action)  # the mover reads their whole move, in words
        text = self.game.public_action(step.before, step.action, seat)
        return self.config.text_words(text) if self.config.text_words is not None else text

    def consequences(self, step: Step, seat: int | Viewer | None = VIEWER) -> list[str]:
        """What a move did, in words the seat looking at the table (or `seat`) may read: the move's narration,
        kept with its step when it was applied, then the score changes."""
        viewer = self.viewer if isinstance(seat, Viewer) else seat
        lines = [line.text for line in step.narration(viewer)]  # the one narration contract (issue 26)
        names = self.config.names(len(step.scores))
        before, after = step.scores_before, step.scores
        if self.config.seen_scores is not None:  # points some seat keeps hidden: only what the viewer may count
            before, after = self.scores_seen(step.before, viewer)[0], self.scores_seen(step.after, viewer)[0]
        changes = [f"{names[i]} {a - b:+d} → {a}" for i, (b, a) in enumerate(zip(before, after)) if a != b]
        if changes:
            lines.append("Scores: " + ", ".join(changes))
        return lines

    def _log_row(self, step: Step, seat: int | None) -> str:
        said = "".join(f"<div class='hench-log-effect' style='margin-left:14px;color:#445'>{html.escape(line)}</div>"
                       for line in self.consequences(step, seat))
        return (f"<div class='hench-log-entry' style='font-size:12px;margin-bottom:3px'><span style='color:#667'>{step.index + 1}.</span> "
                f"<b>{html.escape(self._who(step.player))}</b> {html.escape(self.move_text(step, seat))}{said}</div>")

    def _log_html(self, last: int = LOG_ROWS) -> str:
        """The last moves (the newest first) with their consequences, in a scrolling box. Each row is built once
        per step for each seat looking at the table, and kept while the step is (an undo drops it)."""
        seat, humans = self.viewer, self.human_seats
        if self._log_start is not self.session.initial:  # another game: no row of the last one is shown again
            self._log_rows.clear()
            self._log_start = self.session.initial
        rows = self._log_rows.get((seat, humans))
        if rows is None:
            rows = self._log_rows[(seat, humans)] = StepRows(lambda step: self._log_row(step, seat))
        rows.follow(self.session.steps)
        body = "".join(reversed(rows.last(last))) or "<i style='color:#667'>no moves yet</i>"
        return (f"<div class='hench-log' tabindex='0' role='region' aria-label='What just happened, the newest move first' "
                f"style='max-height:320px;overflow-y:auto'>{body}</div>")

    def score_history(self) -> tuple[list[int], list[list[int]]]:
        """(clock values, scores per seat at the end of each) over the session so far."""
        self._points.follow(self.session)
        return self._points.series(self.players)

    def _chart_points(self) -> tuple[list[int], list[list[int]], list[str]]:
        xs, per_seat = self.score_history()
        return xs, per_seat, self.config.names(self.players)

    def _draw_chart(self) -> None:
        if self.fig is None:
            return
        self._drawn = self._chart_points()
        xs, per_seat, names = self._drawn
        traces = [plot.Scatter(x=xs, y=ys, mode="lines+markers", name=names[i], line=dict(color=PALETTE[i % len(PALETTE)]))
                  for i, ys in enumerate(per_seat)]
        clock = self.config.clock_label
        # whole days (rounds, weeks) only: a tick between two days means nothing to a player
        points = [y for ys in per_seat for y in ys] or [0]
        whole_points = dict(yaxis_tickmode="linear", yaxis_dtick=1) if max(points) - min(points) <= 8 else {}  # never 0.5 points
        redraw(self.fig, traces, xaxis_title=f"{clock.capitalize()} of the game", yaxis_title="Points",
               xaxis_tickmode="linear", xaxis_tick0=xs[0] if xs else 0, xaxis_dtick=1, legend_title_text="Player",
               xaxis_range=[xs[0] - 0.2, xs[-1] + 0.2] if xs else None,  # from the first day played: no day 0
               **whole_points)


def _kept(mine: list[Step], steps: Sequence[Step]) -> int:
    """How many of `mine` are still the session's first steps (a move adds steps, an undo drops the last,
    a new game replaces them all; a step is the same object for as long as the session holds it)."""
    kept = min(len(mine), len(steps))
    while kept and mine[kept - 1] is not steps[kept - 1]:
        kept -= 1
    return kept


class StepRows(Generic[T]):
    """A value built from each step of a session (a log row), at most once, and only when read; kept in step
    with the session: a move adds one, an undo drops the last, a new game starts over."""

    def __init__(self, build: Callable[[Step], T]):
        self.build = build
        self.steps: list[Step] = []
        self.values: list[T | None] = []

    def follow(self, steps: Sequence[Step]) -> None:
        kept = _kept(self.steps, steps)
        del self.steps[kept:], self.values[kept:]
        self.steps.extend(steps[kept:])
        self.values.extend([None] * (len(self.steps) - len(self.values)))

    def last(self, n: int) -> list[T]:
        """The values of the last `n` steps, oldest first (built now if they never were)."""
        out = []
        for i in range(max(0, len(self.steps) - n), len(self.steps)):
            value = self.values[i]
            if value is None:
                value = self.values[i] = self.build(self.steps[i])
            out.append(value)
        return out


class ScorePoints:
    """The score chart's points: the scores at the last state of each clock value (day, round), kept move by
    move from the scores each step holds. A move replaces the last point (the same day) or adds one (a new
    day); an undo puts back what its move changed."""

    def __init__(self, clock: Callable[[Any], int], score: Callable[[Any], Sequence[int]] | None = None):
        self.clock = clock
        self.score = score  # a position's points as the chart shows them (default: the scores each step keeps)
        self.start: State | None = None
        self.steps: list[Step] = []
        self.points: list[tuple[int, tuple[int, ...]]] = []
        self.replaced: list[tuple[int, tuple[int, ...]] | None] = []  # per step: the point it replaced (None: it added one)

    def follow(self, session: hench.Session) -> None:
        if session.initial is not self.start:  # another game
            self.start, self.steps, self.replaced = session.initial, [], []
            first = session.initial_scores if self.score is None else self.score(session.initial)
            self.points = [(self.clock(session.initial), tuple(first))]
        steps = session.steps
        kept = _kept(self.steps, steps)
        while len(self.steps) > kept:
            self.steps.pop()
            was = self.replaced.pop()
            if was is None:
                self.points.pop()
            else:
                self.points[-1] = was
        for step in steps[kept:]:
            point = (self.clock(step.after), step.scores if self.score is None else tuple(self.score(step.after)))
            same_day = self.points[-1][0] == point[0]
            self.replaced.append(self.points[-1] if same_day else None)
            if same_day:
                self.points[-1] = point
            else:
                self.points.append(point)
            self.steps.append(step)

    def series(self, seats: int) -> tuple[list[int], list[list[int]]]:
        """(clock values in order, each seat's scores at them)."""
        marks = dict(self.points)  # a clock value met again later keeps its last scores
        xs = sorted(marks)
        return xs, [[marks[x][seat] for x in xs] for seat in range(seats)]


def practice_frame(view: GameView, lesson: str) -> ipw.VBox:
    """A lesson's table, framed and named so that nobody mistakes it for the tour's table above it."""
    head = ipw.HTML(f"<div style='font-weight:600;color:#34506e'>Practice table: {html.escape(lesson)} "
                    "<span style='font-weight:400;color:#667'>(a game of its own, apart from the guided tour)</span></div>")
    frame = ipw.VBox([head, view], layout=ipw.Layout(border="2px dashed #9aaecb", padding="6px 8px", margin="6px 0"))
    frame.add_class("hench-practice")
    return frame


class GameKit:
    """Everything a game's notebooks build from its TableConfig: lesson tables, the play table, the
    simulation, the rules panel and the assumptions table. A game module makes one and exports its methods."""

    def __init__(self, config: TableConfig, lessons: dict[str, Callable[[State], bool]],
                 assumptions: Callable[[], Sequence[Sequence[str]]], title: str, seed: int = 7,
                 options: dict | None = None):
        self.config, self.lessons, self._assumptions, self.title = config, lessons, assumptions, title
        self.seed, self.options = seed, dict(options or {"first_player": 0})

    def learn_table(self, players: int = 3, seed: int | None = None) -> GameView:
        """You against bots; you roll or set every die yourself."""
        return GameView(self.config, players=players, seed=self.seed if seed is None else seed, auto_dice=False,
                        chart=False, options=self.options)

    def _reach(self, name: str) -> Callable[[State], bool]:
        """Where lesson `name` starts."""
        if name not in self.lessons:
            raise ValueError(f"no lesson {name!r}; the lessons are {list(self.lessons)}")
        return self.lessons[name]

    def lesson_table(self, name: str, players: int = 3, seed: int | None = None) -> GameView:
        """A table that starts where a lesson needs (bots play every seat up to there)."""
        reach = self._reach(name)
        view = self.learn_table(players, seed)
        view.fast_forward(reach)
        return view

    def lesson(self, name: str, players: int = 3, seed: int | None = None) -> Deferred:
        """A lesson's table for a Learn page, set up when the learner reaches it (see `Deferred`)."""
        self._reach(name)  # an unknown lesson fails here, not when the learner gets to it
        return Deferred(lambda: practice_frame(self.lesson_table(name, players, seed), name),
                        f"A practice table for this lesson, at {players} players, apart from the tour: the bots play every "
                        "seat up to where the lesson starts, then it is your move. It is set up when you scroll here, or now "
                        "with the button.", button=f"Set up the practice table: {name}")

    def play_table(self, players: int = 3, seed: int = 11, seat: int = 0) -> GameView:
        """A whole game against the bots: choose the players, your seat and the deal (seed) above the board."""
        return GameView(self.config, players=players, seed=seed, human_seats=(seat,), auto_dice=True, chart=True,
                        options=self.options, setup=True)

    def simulation(self, games: int = 100, players: int = 3):
        from .simulate import SimulationView

        return SimulationView(self.config, games=games, players=players)

    def rules(self, query: str = ""):
        from .core import RulesPanel

        panel = RulesPanel(game=self.config.game_id)
        panel.box.value = query
        return panel

    def assumptions_in_force(self):
        from .core import assumptions_table

        return assumptions_table([dict(zip(("what", "value", "source", "note"), row)) for row in self._assumptions()],
                                 title=f"{self.title} values the rulebook text does not give")
