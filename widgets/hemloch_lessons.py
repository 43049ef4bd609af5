"""Hemloch's lessons: every kind of move and every card (each Minion, Location and Item) on a live table where
the learner may make that move or play that card now, with what it does and why a good player would choose it,
the odds where chance decides (issue 29). One picker, one table at a time: the table is set up when a lesson
is picked (the bots play a deal until the lesson's position comes up at the learner's turn).

The texts are our own words; every number in them comes from the engine (hench.hemloch)."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

import hench
from hench.hemloch import odds
from hench.hemloch.data import ITEMS, HemlochData, default_data

from .core import MessageArea, discard, guarded, protect
from .odds import percent
from .play import GameView, TableConfig, practice_frame, rules_line

SEEDS = range(1, 41)  # the deals a lesson's position is looked for in, first one first


@dataclass(frozen=True)
class Lesson:
    title: str
    kind: str  # "A move", "Minion", "Location", "Item": the picker's groups
    text: str  # HTML, our own words: what it does and why a good player would choose it
    rules: tuple[str, ...]
    reach: Callable[[Any], bool]  # the position, at the learner's turn
    live: Callable[[Any], str] | None = None  # HTML: what the position gives (odds), from the engine
    options: dict[str, Any] = field(default_factory=dict)
    prepare: Callable[[Any], Any] | None = None  # the reached position made into the lesson's (a rare case set up)
    teaches: str = "play"  # the kind of move it teaches (an action's `kind`)
    lead_in: str = ""  # the move that leads to it, when the lesson's position is one move before (use Scepter ...)


def _can(prefix: str) -> Callable[[Any], bool]:
    return lambda s: any(str(a).startswith(prefix) for a in s.legal_actions())


def _chance(p: Fraction) -> str:
    exact = "certain" if p == 1 else "impossible" if p == 0 else f"exactly {p.numerator}/{p.denominator}"
    return f"<span class='hench-chance' title='{exact}'>{percent(p)}</span>"


# -- what each ability does for a good player -----------------------------------------------------------------
ADVICE = {
    "draw_1": "It replaces itself: the card you draw is one more choice for later. A good first play at a Location you "
              "mean to hold, when your hand is thin.",
    "place_marker_here": "Its Marker goes down at once, whoever leads there later. Play it where a Marker of yours already "
                         "stands: touching, both score 2.",
    "move_festival": "Send the Festival to where the other player would overtake you next, or away from where you want "
                     "to play. It stays there until the next Week card is turned over.",
    "steal_item": "Play it when the other player holds a face-up Item: you gain 2 points and they lose 2, a swing of 4. "
                  "With no Item to take it steals nothing (A9).",
    "opponent_discards_1": "Best when the other player holds few cards: the card they lose is one Minion fewer to answer "
                           "you with, and they cannot choose which.",
    "return_own_minion_to_hand": "Take back a Minion whose work is done (its ability used, its Location won) and play it "
                                 "again for its ability once more.",
    "gain_potion": "An Item is 2 points at the end, and a Potion also gives you one free Action once.",
    "gain_scepter": "An Item is 2 points at the end, and a Scepter can move one of your Minions once.",
    "gain_trinket": "An Item is 2 points at the end, and a Trinket can draw you 2 cards once.",
}
ITEM_ADVICE = {
    "extra_action": "It costs no Action, so it is a whole extra one: use it on the turn a third Action wins something, "
                    "such as one more Minion before a Day's Influence Check.",
    "move_minion": "Move a Minion from a Location you lead comfortably to one where it turns the lead, just before a "
                   "check. It costs an Action, and the Festival's Location is closed to it.",
    "draw_2": "Two cards for one Action: better than two Draw actions when you are looking for one Minion.",
}


def _draw_live(s: Any) -> str:
    high = odds.next_draw(s, 0, lambda m: m.influence >= 3)
    return f"Your next draw is a Minion of Influence 3 with a chance of {_chance(high)} (your deck holds {len(s.decks[0])} cards)."


def _discard_live(s: Any) -> str:
    n = len(s.hands[1])
    return (f"Player 2 holds {n} card(s) now: played now, each of them is the one discarded with a chance of "
            f"{_chance(Fraction(1, n))}." if n else "Player 2 holds no card now: the ability would discard nothing (A9).")


def _steal_live(s: Any) -> str:
    up = [ITEMS[k] for k, (u, _) in enumerate(s.items[1]) if u]
    return (f"Player 2 holds face-up: {', '.join(up)}." if up else "Player 2 holds no face-up Item now.")


def _day_live(s: Any) -> str:
    return f"The next Week card is a Day with a chance of {_chance(odds.next_card_is_day(s))}."


def _minion_lessons(d: HemlochData) -> list[Lesson]:
    homes = {f: [loc.name for loc in d.locations if loc.home == f] for f in range(len(d.factions))}
    out = []
    for m in d.minions:
        faction = d.factions[m.faction].name
        home = (f"at home at {', '.join(homes[m.faction])} it counts {m.influence + 1}" if homes[m.faction]
                else "the Geared have no home, so it never counts more")
        advice = " ".join(ADVICE[e] for e in m.effects)
        live = {"draw_1": _draw_live, "opponent_discards_1": _discard_live, "steal_item": _steal_live}.get(m.effects[-1])
        out.append(Lesson(
            m.name, "Minion",
            f"<p><b>{html.escape(m.name)}</b> ({faction}): Influence {m.influence}; {home}. Hover it in your hand for its "
            f"ability.</p><p><b>Why a good player plays it:</b> {advice}</p>",
            ("HL-057", "HL-060", "HL-063", "HL-076", "HL-077"), _can(f"play {m.name} at"), live))
    return out


def _location_lessons(d: HemlochData) -> list[Lesson]:
    out = []
    for loc in d.locations:
        side = loc.side("light")
        waker = d.factions[side.activating].name
        wakers = {m.name for m in d.minions if m.faction == side.activating}
        out.append(Lesson(
            loc.name, "Location",
            f"<p><b>{html.escape(loc.name)}</b> is the home of the {d.factions[loc.home].name} (each counts 1 more here). "
            f"A {waker} Minion played here wakes its ability as well as its own: a chip on the board lets you play one "
            f"now.</p><p><b>Why a good player plays here:</b> two abilities for one Action. Plan a {waker} Minion for "
            f"this Location, and a home Minion where a check is near.</p>",
            ("HL-023", "HL-024", "HL-027", "HL-061", "HL-062"), _can_play_any(sorted(wakers), loc.name)))
    return out


def _can_play_any(names: list[str], where: str) -> Callable[[Any], bool]:
    """The learner may play one of `names` at Location `where` now."""
    wanted = {f"play {n} at {where}" for n in names}
    return lambda s: any(str(a) in wanted for a in s.legal_actions())


def _potions_run_out(s: Any) -> Any:
    """The reached position with the Potion supply run out (Player 2 took the rest) and one face-down Potion of
    yours, so that the Potion an ability gives you is yours to turn face up instead (HL-033). Every Potion is
    still one of the 6 (the state is checked, as a save would be)."""
    out = s.clone()
    out._legal = None
    k = ITEMS.index("Potion")
    mine, theirs = [list(pair) for pair in out.items[0]], [list(pair) for pair in out.items[1]]
    if not mine[k][1]:
        mine[k][1] += 1
        out.supply = [n - (i == k) for i, n in enumerate(out.supply)]
    theirs[k][0] += out.supply[k]
    out.supply = [0 if i == k else n for i, n in enumerate(out.supply)]
    out.items = [type(out.items[0])(mine), type(out.items[1])(theirs)]
    out.game.validate_state(out)
    return out


def _item_lessons(d: HemlochData) -> list[Lesson]:
    out = []
    for it in d.items:
        name = ITEMS[it.kind]
        cost = "no Action" if it.action_cost == 0 else f"{it.action_cost} Action"
        out.append(Lesson(
            name, "Item",
            f"<p>A face-up <b>{name}</b> in your row can be used now ({cost}); it then turns face down and scores 1 "
            f"instead of 2. One Item a turn.</p><p><b>When a good player uses it:</b> {ITEM_ADVICE[it.ability]}</p>",
            ("HL-031", "HL-032", "HL-064", "HL-065"), _can(f"use {name}"), _day_live, teaches="use"))
    return out


MOVES = [
    Lesson("Move the Festival", "A move",
           "<p>A Minion's ability lets you move the Festival to another Location: click <i>move the Festival here</i>. "
           "Nobody may play where it stands until the next Week card moves it.</p><p><b>Where a good player sends "
           "it:</b> to the Location where the other player would overtake you with their next play, or where they lead "
           "by little and a check is coming.</p>",
           ("HL-038", "HL-039", "HL-060"), lambda s: s.phase == "ability_festival", _day_live, teaches="festival"),
    Lesson("Steal an Item", "A move",
           "<p>Alley Cutpurse's ability takes one Item of your choice from the other player, as it lies.</p><p><b>Which "
           "a good player takes:</b> a face-up one, which scores 2 and can still be used; a face-down one only scores 1.</p>",
           ("HL-029", "HL-060"), lambda s: s.phase == "ability_steal", _steal_live, teaches="steal"),
    Lesson("Take a Minion back", "A move",
           "<p>This ability returns one of your other Minions on the Locations to your hand.</p><p><b>Which a good "
           "player takes back:</b> one that no longer matters where it stands (a Location won by far, or lost by far), "
           "above all one whose ability you want again.</p>",
           ("HL-060", "HL-063"), lambda s: s.phase == "ability_recall", teaches="recall"),
    Lesson("The Scepter moves a Minion", "A move",
           "<p>Click your Scepter on your row, then choose one of your Minions and the Location it moves to, any but "
           "the Festival's; the one-Minion-a-Location limit does not apply to it (A14).</p><p><b>Why a good player moves "
           "one:</b> to turn a lead where a check is near, taking a Minion from where it is not needed.</p>",
           ("HL-031", "HL-039"), _can("use Scepter"), _day_live, teaches="move", lead_in="use Scepter"),
    Lesson("Turn an Item face up instead", "A move",
           "<p>Here the supply has run out of Potions (Player 2 took the rest) and you hold one face down. Play "
           "Apprentice Brewer: its Potion cannot come from the supply, so you may turn one of yours face up instead "
           "(HL-033).</p><p><b>Why a good player does:</b> face up it scores 2 instead of 1 and can be used again; the "
           "only cost is that a thief would take it first.</p>",
           ("HL-033", "HL-029"), _can("play Apprentice Brewer at"), prepare=_potions_run_out, teaches="flip", lead_in="play Apprentice Brewer at"),
    Lesson("Swap a Night for its Day", "A move",
           "<p>At Week's End the Start Player swaps one Night in the Week deck for its Day: click <i>swap</i> on a "
           "Location.</p><p><b>Which a good player swaps:</b> the Night of a Location where you lead. Its Day sends the "
           "Festival there, so on that Day nobody may play there to overtake you before the Influence Check.</p>",
           ("HL-071", "HL-072"), lambda s: s.phase == "weeks_end_swap", teaches="swap"),
    Lesson("Keep a card: the Draft", "A move",
           "<p>In the Draft variant the decks are built at the table: keep one card of the pack you hold, pass the rest, "
           "five rounds of six (HL-088 to HL-091, A4).</p><p><b>What a good player keeps:</b> Minions of the factions "
           "that wake the Locations, and of their homes; a few cards that draw keep the hand full.</p>",
           ("HL-088", "HL-089", "HL-090", "HL-091"), lambda s: s.phase == "draft_pick", options={"draft": True}, teaches="keep"),
    Lesson("Pass (a house option)", "A move",
           "<p>With the pass option a player may end the turn without taking its remaining Actions. The rulebook's turn "
           "is 2 Actions; the option exists so that nobody must draw from an empty deck.</p><p><b>When a good player "
           "passes:</b> when a draw would empty the deck and end the game while behind.</p>",
           ("HL-055", "HL-056"), lambda s: s.phase == "turn_actions" and _can("pass")(s), options={"may_pass": True}, teaches="pass"),
]


def all_lessons(d: HemlochData | None = None) -> list[Lesson]:
    d = d or default_data()
    return MOVES + _minion_lessons(d) + _location_lessons(d) + _item_lessons(d)


def _played_to(view: GameView, reach: Callable[[Any], bool]) -> bool:
    """The bots play every seat until `reach` holds at the learner's turn; unlike GameView.fast_forward the log
    keeps the moves that led there (a lesson's position is never shown as a game with no moves yet)."""
    humans = view.human_seats
    view._run_bots(lambda s: reach(s) and s.current_player in humans, roll_dice=True)
    view.refresh()
    return not view.state.is_terminal and reach(view.state) and view._human_to_move()


def lesson_view(config: TableConfig, lesson: Lesson, seeds: range = SEEDS) -> GameView:
    """A live table at the lesson's position: the first deal of `seeds` the bots play to it."""
    for seed in seeds:
        view = GameView(config, players=2, seed=seed, auto_dice=False, chart=False, options={"first_player": 0, **lesson.options})
        if _played_to(view, lesson.reach):
            if lesson.prepare is None:
                return view
            discard(view)
            return GameView(config, players=2, seed=seed, auto_dice=False, chart=False, start=lesson.prepare(view.state))
        discard(view)
    raise hench.HenchError(f"no deal came to the lesson {lesson.title!r}")


class LessonPicker(ipw.VBox):
    """Every move and card of the game: pick one, read why a good player would choose it, try it on the table."""

    def __init__(self, config: TableConfig, lessons: list[Lesson] | None = None):
        self.config, self.lessons = config, lessons or all_lessons()
        self.messages = MessageArea()
        self.pick = protect(ipw.Dropdown(options=[(f"{x.kind}: {x.title}", i) for i, x in enumerate(self.lessons)],
                                         value=None, description="Lesson", layout=ipw.Layout(width="420px")), self.messages)
        self.text = ipw.HTML("<p>Pick a move or a card: a table opens where you may make that move, or play that card, "
                             "now.</p>")
        self.table = ipw.VBox()
        self.view: GameView | None = None
        self.pick.observe(lambda change: self.show(change["new"]) if change["new"] is not None else None, "value")
        super().__init__([self.pick, self.text, self.messages, self.table])
        self.add_class("hench-lessons")

    @guarded()
    def show(self, index: int) -> None:
        lesson = self.lessons[index]
        view = lesson_view(self.config, lesson)
        old, self.view = self.table.children, view
        self.table.children = [practice_frame(view, f"{lesson.kind}: {lesson.title}")]  # apart from the tour's table
        discard(*old)
        live = f"<p class='hench-lesson-live'>{lesson.live(view.state)}</p>" if lesson.live else ""
        self.text.value = f"<div style='max-width:880px'>{lesson.text}{live}{rules_line(lesson.rules)}</div>"
        if self.pick.value != index:
            self.pick.value = index


__all__ = ["ADVICE", "ITEM_ADVICE", "MOVES", "Lesson", "LessonPicker", "all_lessons", "lesson_view"]
