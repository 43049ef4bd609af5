"""Hemloch views: the table (generic GameView with Hemloch's board, phases and bots), the guided tour, the card
gallery and the exact odds of hench.hemloch.odds with Plotly charts. Every fact comes from hench.hemloch.
On screen a chance is a percentage; its exact fraction is in the hover (`chance`)."""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

import hench
from hench.core import Rng, next_action, play_game, seat_name
from hench.hemloch import PHASES, assumptions, breakdown, montecarlo, odds, render
from hench.hemloch.bots import make_bot
from hench.hemloch.data import ITEMS, default_data

from . import plot
from .cards import CardGallery
from .hemloch_lessons import LessonPicker
from .hemloch_tour import TOUR, TOUR_SEED
from .odds import Choice, Inputs, Number, OddsExplorer, Shown, Slider, answer_html, percent
from .play import ChanceWords, GameKit, TableConfig, score_sheet_html
from .tour import TourView

PLAYERS = 2  # Hemloch is a 2-player game (HL-001)


def chance(p: Fraction | int, bold: bool = False) -> str:
    """A chance as the learner reads it: a percentage, with the exact fraction in its hover (issue 29)."""
    p = Fraction(p)
    exact = "certain" if p == 1 else "impossible" if p == 0 else f"exactly {p.numerator}/{p.denominator}"
    shown = f"<b>{percent(p)}</b>" if bold else percent(p)
    return f"<span class='hench-chance' title='{exact}'>{shown}</span>"


def _live(state, viewer: int | None) -> str:
    """The live odds of the moment (hench.hemloch.odds): the next Week card (public), and, on the viewer's own turn
    only, their next draw at each Location (it reads their own deck, which the other player may not know)."""
    if state.stage != "turn" or state.current_player not in (0, 1):
        return ""
    seat = state.current_player
    parts = []
    if state.week_deck:
        parts.append(f"the next Week card is a Day with probability {chance(odds.next_card_is_day(state), True)}")
    behind = [(state.data.locations[loc].name, odds.draw_to_lead(state, seat, loc)) for loc in range(len(state.board))
              if seat == viewer and state.influence(loc, 1 - seat) > state.influence(loc, seat) and loc != state.festival
              and loc not in state.played]
    if behind:
        parts.append(f"where {seat_name(1 - seat)} leads, your next draw would take the lead if played at " +
                     ", ".join(f"{html.escape(name)}: {chance(p)}" for name, p in behind))
    return "&middot; " + "; ".join(parts) if parts else ""


CONFIG = TableConfig(
    game_id="hemloch", phases=PHASES,
    make_bot=lambda seed: make_bot("heuristic", seed),
    bot_kinds={"heuristic": lambda seed: make_bot("heuristic", seed), "random": lambda seed: make_bot("random", seed)},
    clock=lambda state: state.week, clock_label="week", explain_for=_live,
    roll_seats=lambda s: (s.start,),  # the Start Player turns over the Week card
    chance=ChanceWords(who="Week deck", the="the Week deck", roll="Turn over", set="Choose this card",
                       auto="turn over the Week cards for me", rolls="a Week card is turned over",
                       prompt="you are the Start Player: press <b>Turn over</b> for the next Week card (or choose it)",
                       rolled="{n} Week card{s} turned over", pick="Next card"),
)


def _moves(prefix: str):
    return lambda s: any(str(a).startswith(prefix) for a in s.legal_actions())


LESSONS = {
    "setup": lambda s: True,
    "a night": lambda s: s.stage == "turn" and s.phase == "turn_actions" and s.actions == 2 and _moves("play")(s),
    "abilities": lambda s: s.phase in ("ability_mark", "ability_festival", "ability_steal", "ability_recall"),
    "influence check": lambda s: s.phase == "influence_check",
    "week's end": lambda s: s.phase == "weeks_end_retreat",
}


# -- the tour (one game, widgets/hemloch_tour.py) --------------------------------------------------------------------
def tour(step: int = 1) -> TourView:
    """The guided tour: a real game, step by step, from setup to the final score."""
    view = TourView(CONFIG, TOUR, players=PLAYERS, seed=TOUR_SEED, title="Hemloch, step by step")
    if step != 1:
        view.go(step - 1)
    return view


def lessons() -> LessonPicker:
    """Every kind of move and every card on a live table, one at a time, with why a good player would choose it."""
    return LessonPicker(CONFIG)


KIT = GameKit(CONFIG, LESSONS, assumptions, title="Hemloch", seed=3)
rules, assumptions_in_force = KIT.rules, KIT.assumptions_in_force


def learn_table(players: int = PLAYERS, seed: int | None = None):
    return KIT.learn_table(players, seed)


def lesson(name: str, players: int = PLAYERS, seed: int | None = None):
    return KIT.lesson(name, players, seed)


def lesson_table(name: str, players: int = PLAYERS, seed: int | None = None):
    return KIT.lesson_table(name, players, seed)


def play_table(players: int = PLAYERS, seed: int = 11, seat: int = 0):
    return KIT.play_table(players, seed, seat)


def simulation(games: int = 40, players: int = PLAYERS):
    return KIT.simulation(games, players)


# -- cards ------------------------------------------------------------------------------------------------------------
def card_gallery(state=None, kind: str = "") -> CardGallery:
    """Every card of the game's data explained (hench.hemloch.render.card_texts), with an 'assumed' badge; filter by kind."""
    return CardGallery("hemloch", state, players=PLAYERS, kind=kind)


def finished_game_sheet(seed: int = 3) -> ipw.HTML:
    """The final scoring (HL-081..HL-087) of a game the bots play to the end: the score sheet, why it ended, the board."""
    game = hench.get_game("hemloch")
    final: Any
    final, _ = play_game(game.new_game(players=PLAYERS, seed=seed), [CONFIG.bot(seed + i) for i in range(PLAYERS)],
                         Rng.from_seed(seed))
    assert game.score_sheet is not None
    sheet = score_sheet_html(game.score_sheet(final), CONFIG.names(PLAYERS), (), final.winners())
    why = " and ".join(render.ENDED_WORDS[rule] for rule in final.ended)
    placed = ", ".join(f"{seat_name(p)} {breakdown(final, p)['placed']}" for p in range(PLAYERS))
    won = " and ".join(seat_name(w) for w in final.winners())
    return ipw.HTML(f"<div class='hench-scoring-sheet'>{sheet}<div>The game ended at the end of a step of Week {final.week} "
                    f"because {why} ({', '.join(final.ended)}); Markers placed: {placed}; winner: <b>{won}</b>.</div></div>"
                    + render.html(final.observation(None)))


# -- odds (widgets.odds.OddsExplorer) ---------------------------------------------------------------------------------------
def _draw_page(i: Inputs) -> Shown:
    """Q1, Q2: the chance a card with c copies is in the opening hand, or found after some Draw actions."""
    d = default_data()
    first, after = odds.opening_hand(i.copies, d.deck_size, d.opening_hand), odds.dig(i.copies, i.draws, d.deck_size, d.opening_hand)
    text = answer_html(f"A card with {i.copies} copies in your {d.deck_size}-card deck is in your {d.opening_hand}-card opening "
                       f"hand with probability {chance(first, True)}; after {i.draws} Draw action(s) you have seen it with "
                       f"probability {chance(after, True)} (HL-010, HL-056).")
    xs = list(range(0, 11))
    ys = [odds.dig(i.copies, x, d.deck_size, d.opening_hand) for x in xs]
    bar = plot.Bar(x=xs, y=[float(y) for y in ys], text=[percent(y) for y in ys], textposition="outside",
                   marker_color=["#b5651d" if x == i.draws else "#1d4f91" for x in xs])
    return Shown(text, [bar], dict(xaxis_title="Draw actions after the opening hand", yaxis_tickformat=".0%", yaxis_range=[0, 1.15]),
                 check=(montecarlo.CHECKS["dig"], dict(copies=i.copies, actions=i.draws, deck=d.deck_size, hand=d.opening_hand)))


class DrawOddsView(OddsExplorer):
    """Q1, Q2: the chance a card with c copies is in the opening hand, or found after some Draw actions."""

    def __init__(self, copies: int = 2, draws: int = 2):
        super().__init__("hench-draw-odds", [(Slider("copies", "Copies", 1, 6, copies, what="the copies"),
                                             Slider("draws", "Draw actions", 0, 10, draws, what="the Draw actions"))],
                         _draw_page, chart=("Chance to have seen at least one copy", 320))


def _week_page(i: Inputs) -> Shown:
    """Q3, Q4: when the Days come (every reveal is a chance event) and how often a Location is free of the Festival."""
    p = odds.week_step_is_day(i.week, i.step)
    free = ", ".join(f"{k} step(s) {chance(odds.festival_free(k))}" for k in range(1, 5))
    text = answer_html(f"In Week {i.week} the Week deck holds {i.week - 1} Day(s) among 4 cards, so step {i.step} is a Day "
                       f"with probability {chance(p, True)}, the same for every step, as the deck is shuffled. This Week has "
                       f"{odds.influence_checks_in_week(i.week)} Influence Check(s) (each Day, plus Week's End); a 4-Week "
                       f"game has {odds.influence_checks_in_game()} (HL-036, HL-053, HL-068, HL-071).",
                       note=f"Without Festival moves, a given Location stays free of the Festival for the first {free} "
                            "(HL-038, HL-039).")
    weeks = [1, 2, 3, 4]
    bar = plot.Bar(x=[f"Week {x}" for x in weeks], y=[float(odds.week_step_is_day(x, 1)) for x in weeks],
                   marker_color=["#b5651d" if x == i.week else "#d69e2e" for x in weeks], name="a Day",
                   text=[percent(odds.week_step_is_day(x, 1)) for x in weeks], textposition="outside")
    check = (montecarlo.CHECKS["week"], dict(week=i.week, step=i.step)) if 0 < p < 1 else (
        "No simulation needed: in this Week the answer is certain.")
    return Shown(text, [bar], dict(yaxis_tickformat=".0%", yaxis_range=[0, 1.15], xaxis_title="any one step of the Week"),
                 check=check)


class WeekOddsView(OddsExplorer):
    """Q3, Q4: when the Days come (every reveal is a chance event) and how often a Location is free of the Festival."""

    def __init__(self, week: int = 2):
        super().__init__("hench-week-odds", [(Slider("week", "Week", 1, 4, week, what="the Week"),
                                             Slider("step", "Step", 1, 4, 1, what="the step"))],
                         _week_page, chart=("Chance each step of the Week is a Day", 320))


def _duel_page(i: Inputs) -> Shown:
    """Q7: each player puts one random Minion of the deck at a Location: who has more Influence there?"""
    data = default_data()
    loc = None if i.where < 0 else i.where
    result = odds.duel(data, loc)
    where = "with no home bonus" if loc is None else f"at {data.locations[loc].name}"
    text = answer_html(f"{where[0].upper() + where[1:]}, Player 1 is ahead with probability {chance(result['win'], True)}, tied "
                       f"{chance(result['tie'])}, behind {chance(result['lose'])} "
                       "(HL-076, HL-077, HL-078, HL-080).")
    keys = ["win", "tie", "lose"]
    bar = plot.Bar(x=["Player 1 ahead", "tie", "Player 2 ahead"], y=[float(result[k]) for k in keys],
                   text=[percent(result[k]) for k in keys], textposition="outside", marker_color=["#2f6fd6", "#888", "#e07b00"])
    return Shown(text, [bar], dict(yaxis_tickformat=".0%", yaxis_range=[0, 1.1]),
                 check=(montecarlo.CHECKS["duel"], dict(loc=loc)))


class DuelOddsView(OddsExplorer):
    """Q7: each player puts one random Minion of the deck at a Location: who has more Influence?"""

    def __init__(self, location: int = 0):
        places = [("no home bonus", -1)] + [(loc.name, n) for n, loc in enumerate(default_data().locations)]
        super().__init__("hench-duel-odds", [Choice("where", "Location", places, location)], _duel_page,
                         chart=("One random Minion each", 300))


def study_position(seed: int, week: int) -> Any:
    """A real position: the deal `seed`, played by the bots until Player 1 acts in Week `week` (or the game ends)."""
    game, rng = hench.get_game("hemloch"), Rng.from_seed(seed)
    s: Any = game.new_game(seed=seed, first_player=0)
    bots = [CONFIG.bot(seed + n) for n in range(PLAYERS)]
    for _ in range(5000):
        if s.is_terminal or (s.week >= week and s.phase == "turn_actions" and s.current_player == 0):
            break
        s = s.apply(next_action(s, bots, rng))
    return s


def _lead_cell(s: Any, loc: int, p: Fraction) -> str:
    """The 'next draw would lead' cell: no chance at all where nobody may play (the Festival), none needed where
    Player 1 already leads."""
    if loc == s.festival:
        return "<span title='no Minion may be played where the Festival is (HL-039)'>nobody may play here now</span>"
    if odds.shortfall(s, 0, loc) == 0:
        return "already ahead"
    return chance(p)


def _live_page(i: Inputs) -> Shown:
    """A real position (the bots play a game to a chosen Week): the live odds Location by Location."""
    s = study_position(i.seed, i.week)
    if s.is_terminal:
        return Shown(answer_html("This deal ended before that Week: pick another deal or Week."), below=render.html(s.observation(0), False))
    names = [loc.name for loc in s.data.locations]
    leads = [odds.draw_to_lead(s, 0, loc) for loc in range(len(names))]
    rows = "".join(f"<tr><td>{html.escape(n)}{' (Festival)' if k == s.festival else ''}</td><td>{s.influence(k, 0)}-"
                   f"{s.influence(k, 1)}</td><td>{odds.shortfall(s, 0, k)}</td><td>{_lead_cell(s, k, leads[k])}</td>"
                   f"<td>{chance(odds.next_festival_at(s, k))}</td></tr>" for k, n in enumerate(names))
    text = (answer_html(f"Week {s.week}, Player 1 to act. The next Week card is a Day with probability "
                        f"{chance(odds.next_card_is_day(s), True)} (HL-053).", 15)
            + "<table style='font-size:12px'><tr><th>Location</th><th>Influence P1-P2</th><th>needed to lead</th>"
              "<th>next draw would lead</th><th>next Festival here</th></tr>" + rows + "</table>")
    labels = ["Festival" if k == s.festival else "ahead" if odds.shortfall(s, 0, k) == 0 else percent(p) for k, p in enumerate(leads)]
    bar = plot.Bar(x=names, y=[float(p) for p in leads], text=labels, textposition="outside", marker_color="#2f6fd6")
    return Shown(text, [bar], dict(yaxis_tickformat=".0%", yaxis_range=[0, 1.15]), below=render.html(s.observation(0), False))


def arithmetic_checked() -> ipw.HTML:
    """The catalogue's worked odds recomputed two ways, said in words (the Odds page's last section)."""
    from math import comb

    d = default_data()
    by_formula = 1 - Fraction(comb(d.deck_size - 2, d.opening_hand), comb(d.deck_size, d.opening_hand))
    by_hench = odds.opening_hand(2, d.deck_size, d.opening_hand)
    checks = int(odds.influence_checks_in_game())
    even = odds.duel()
    lines = [
        (f"A card with 2 copies is in the opening hand with probability {chance(by_hench)}: the same as one minus the "
         f"chance that all {d.opening_hand} cards come from the other {d.deck_size - 2} (HL-010).", by_formula == by_hench),
        (f"A 4-Week game has {checks} Influence Checks: 1 in Week 1, then 2, 3 and 4, one for each Day plus Week's End "
         "(HL-053, HL-068).", checks == 1 + 2 + 3 + 4),
        (f"With one random Minion each and no home bonus, both players are equally likely ahead: {chance(even['win'])} "
         f"each, and tied {chance(even['tie'])}.", even["win"] == even["lose"] and sum(even.values()) == 1),
    ]
    rows = "".join(f"<li>{'&#10003;' if ok else '&#10007; does not add up:'} {text}</li>" for text, ok in lines)
    return ipw.HTML(f"<ul class='hench-arithmetic' style='max-width:880px'>{rows}</ul>")


class LiveOddsView(OddsExplorer):
    """A real position (the bots play a game to a chosen Week): the live odds Location by Location."""

    def __init__(self, seed: int = 4, week: int = 2):
        super().__init__("hench-live-odds", [(Number("seed", "Deal", 0, 10**6, seed, what="the deal"),
                                             Slider("week", "Week", 1, 4, week, what="the Week"))],
                         _live_page, chart=("Player 1: the next draw takes the lead, by Location", 300), simulated=False, below=True)

    def position(self) -> Any:
        i = self.inputs()
        return study_position(i.seed, i.week)


__all__ = ["CONFIG", "ITEMS", "KIT", "LESSONS", "TOUR", "DrawOddsView", "DuelOddsView", "LiveOddsView", "WeekOddsView",
           "arithmetic_checked", "card_gallery", "chance", "finished_game_sheet", "learn_table", "lesson", "lesson_table", "lessons", "play_table", "simulation", "tour"]
