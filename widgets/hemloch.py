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
from hench.hemloch.data import ITEMS, POTION, SCEPTER, default_data

from . import plot
from .cards import CardGallery
from .odds import Choice, Inputs, Number, OddsExplorer, Shown, Slider, answer_html, percent
from .play import ChanceWords, GameKit, TableConfig
from .tour import Question, TourStep, TourView

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
    chance=ChanceWords(who="Week deck", the="the Week deck", roll="Turn over the Week card", set="Turn over this one",
                       auto="turn over the Week cards for me", rolls="a Week card is turned over",
                       prompt="you are the Start Player: press <b>Turn over the Week card</b> (or pick one to turn over)"),
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


# -- the tour ------------------------------------------------------------------------------------------------------
def _choices(right: int, *others: int) -> list[str]:
    return [str(v) for v in sorted({right, *others} - {-1}) if v >= 0]


def _influence_line(s) -> str:
    return "; ".join(f"{s.data.locations[loc].name} {s.influence(loc, 0)}-{s.influence(loc, 1)}" for loc in range(len(s.board)))


def _task_loc(s) -> int:
    return s.tasks[0].loc if s.tasks and s.tasks[0].loc >= 0 else 0


def _first_empty(s, loc: int) -> int:
    return s.empty_spaces(loc)[0]


def _space_words(s, loc: int, space: int) -> str:
    r, c = s.data.locations[loc].spaces[space]
    return f"row {r + 1}, column {c + 1} of {s.data.locations[loc].name}"


def _turn_over(start, now) -> bool:
    return now.is_terminal or now.week != start.week or len(now.revealed) != len(start.revealed) or now.current_player != 0


def _night_after(start, now) -> str:
    mine = [s for s in range(len(now.board)) if len(now.board[s][0]) > len(start.board[s][0])]
    played = ", ".join(now.data.locations[s].name for s in mine) or "no Location"
    return (f"Your turn is over: you played at {played} and hold {len(now.hands[0])} cards; then Player 2 took their turn "
            f"(HL-051, HL-055). Influence now, Player 1-Player 2: {_influence_line(now)} (HL-076, HL-077).")


def _marker_after(start, now) -> str:
    placed = start.markers_left(0) - now.markers_left(0)
    return (f"You placed {placed} Marker(s); {now.markers_left(0)} are left (HL-006). Your Markers now score "
            f"{sum(breakdown(now, 0)['markers'].values())} points: 2 for each touching another of yours, 1 for one alone "
            f"(HL-083, HL-084).")


def _items_after(start, now) -> str:
    used = [f"{ITEMS[k]}" for k in range(len(ITEMS)) if now.items[0][k][1] > start.items[0][k][1]]
    said = (f"You used a {', '.join(used)}: it turned face down and now scores 1 instead of 2 (HL-031, HL-032)." if used
            else "You kept your Items face up: each still scores 2 (HL-032).")
    return f"{said} Your Items now score {breakdown(now, 0)['items']} points."


def _week_after(start, now) -> str:
    kept = sum(len(now.board[loc][0]) for loc in range(len(now.board)))
    return (f"Week {start.week} is over: you kept {kept} Minion(s) on the Locations after retreating half (HL-069), both "
            f"players drew up to 2 cards (HL-070), a Night left the game for its Day (HL-071, HL-072), and "
            f"{seat_name(now.start)} is the Start Player of Week {now.week} (HL-073). The Week deck now holds "
            f"{now.days_in_week_deck()} Day(s).")


def _end_after(start, now) -> str:
    b = [breakdown(now, p) for p in (0, 1)]
    won = " and ".join(seat_name(w) for w in now.winners())
    return (f"The game ended ({', '.join(now.ended)}). Player 1: Markers {sum(b[0]['markers'].values())} + Items "
            f"{b[0]['items']} = {b[0]['total']}; Player 2: Markers {sum(b[1]['markers'].values())} + Items {b[1]['items']} = "
            f"{b[1]['total']}. Winner: {won} (HL-085, HL-086).")


def _festival(s) -> str:
    return s.data.locations[s.festival].name


def _most_minions(s) -> tuple[int, int]:
    return max((len(s.board[loc][0]), loc) for loc in range(len(s.board)))


TOUR = [
    TourStep(
        "Setup and the goal",
        "<p>You are <b>Player 1</b> (blue) against a bot (orange). Four <b>Locations</b> lie between you, each with a grid "
        "of <b>Influence Spaces</b>. You score with your <b>Markers</b> on those grids (2 points for a Marker touching "
        "another of yours side by side, 1 alone) and with <b>Items</b>. Each of you has the same 30-card Minion deck and "
        "drew an opening hand; the other player's hand is only a count to you. Hover any card for what it does.</p>",
        ("HL-004", "HL-006", "HL-007", "HL-010", "HL-011", "HL-081", "HL-083"),
        question=Question("How many cards is each opening hand?", lambda s: _choices(s.data.opening_hand, 3, 4, 6),
                          lambda s: str(s.data.opening_hand),
                          lambda s: f"Each player shuffles their deck and draws {s.data.opening_hand} (HL-010); the rest, "
                                    f"{len(s.decks[0])} cards, is your deck.")),
    TourStep(
        "A Night: the Festival and your two Actions",
        "<p>Each Week has 4 steps. Each starts with the Start Player turning over a <b>Week card</b>: a Night or a Day. "
        "It sends the red <b>Festival</b> to a Location, where nobody may play this step. Then each player has a turn "
        "of <b>2 Actions</b>: draw a card, or play a Minion on your side of a Location (one per Location per turn). "
        "Its Influence counts there; a Minion at its faction's home counts 1 more.</p>",
        ("HL-038", "HL-039", "HL-050", "HL-051", "HL-055", "HL-056", "HL-057", "HL-058", "HL-076", "HL-077"),
        reach=lambda s: s.week == 1 and s.phase == "turn_actions" and s.actions == 2 and _moves("play")(s),
        task="spend your two Actions: click a 'play' chip in a Location, or draw",
        done=_turn_over, after=_night_after,
        question=Question("Where may you NOT play a Minion this step?",
                          lambda s: [loc.name for loc in s.data.locations], _festival,
                          lambda s: f"The Festival is at {_festival(s)}: no Minion may be played there (HL-039).")),
    TourStep(
        "Abilities: a Minion places a Marker",
        "<p>A Minion's ability happens as it is played, and when its faction matches a Location's <b>activating icon</b>, "
        "that Location's ability follows. Abilities are compulsory. Here one of them lets you put a <b>Marker</b> on an "
        "empty space of the Location's grid: the blue dashed squares.</p>",
        ("HL-027", "HL-060", "HL-061", "HL-062", "HL-063", "HL-083", "HL-084"),
        reach=lambda s: s.phase == "ability_mark",
        task="click an empty space of the grid to place your Marker",
        done=lambda start, now: now.markers_left(0) < start.markers_left(0) or _turn_over(start, now),
        after=_marker_after,
        question=Question("How many points would a Marker in the first empty space (top-left first) add to your score?",
                          lambda s: _choices(odds.placement_gain(s, 0, _task_loc(s), _first_empty(s, _task_loc(s))), 1, 2, 3),
                          lambda s: str(odds.placement_gain(s, 0, _task_loc(s), _first_empty(s, _task_loc(s)))),
                          lambda s: f"At {_space_words(s, _task_loc(s), _first_empty(s, _task_loc(s)))} it adds "
                                    f"{odds.placement_gain(s, 0, _task_loc(s), _first_empty(s, _task_loc(s)))}: 1 alone, or "
                                    "2 for itself plus 1 for each lone Marker of yours it touches (HL-083, HL-084).")),
    TourStep(
        "Items: Potions, Scepters and Trinkets",
        "<p>Abilities hand out <b>Items</b>. Each scores at the end, 2 face up and 1 face down, and a face-up Item can be "
        "used once: it then turns face down. Only one Item a turn. A Potion is free; a Scepter or a Trinket costs one of "
        "your Actions. Hover an Item on your row for what it does.</p>",
        ("HL-028", "HL-029", "HL-030", "HL-031", "HL-032", "HL-064", "HL-065"),
        reach=lambda s: s.phase == "turn_actions" and s.actions == 2 and _moves("use")(s),
        task="use an Item (click it on your row), then finish your turn",
        done=_turn_over, after=_items_after,
        question=Question("How many Actions does using a Potion cost?", lambda s: ["0", "1", "2"],
                          lambda s: str(s.data.items[POTION].action_cost),
                          lambda s: f"A Potion costs {s.data.items[POTION].action_cost} Actions, a Scepter or Trinket "
                                    f"{s.data.items[SCEPTER].action_cost} (HL-065).")),
    TourStep(
        "A Day and its Influence Check",
        "<p>From Week 2 on, Days come into the Week deck. After both turns of a <b>Day</b> there is an <b>Influence "
        "Check</b>: Location by Location, from the Start Player's left, whoever has more Influence there places a Marker "
        "on it; on a tie both do, the Start Player first. You won this one.</p>",
        ("HL-053", "HL-074", "HL-075", "HL-076", "HL-077", "HL-078", "HL-079", "HL-080"),
        reach=lambda s: s.phase == "influence_check" and s.stage == "day_check",
        task="click an empty space of the Location being checked to place your Marker",
        done=lambda start, now: now.markers_left(0) < start.markers_left(0) or now.stage != "day_check",
        after=_marker_after,
        question=Question("What is your Influence at the Location being checked?",
                          lambda s: _choices(s.influence(_task_loc(s), 0), s.influence(_task_loc(s), 0) + 1,
                                             s.influence(_task_loc(s), 0) - 1, s.influence(_task_loc(s), 0) + 2),
                          lambda s: str(s.influence(_task_loc(s), 0)),
                          lambda s: f"At {s.data.locations[_task_loc(s)].name}: the Influence of your Minions there plus 1 "
                                    f"for each at its home gives {s.influence(_task_loc(s), 0)}, against "
                                    f"{s.influence(_task_loc(s), 1)} (HL-076, HL-077).")),
    TourStep(
        "Week's End",
        "<p>After the 4th step comes <b>Week's End</b>: another Influence Check, then at every Location each player "
        "<b>retreats half</b> of their Minions there (rounded down, you choose which) to the discard pile, both draw up to "
        "2 cards, and the Start Player swaps one Night in the Week deck for its Day. Then the other player starts.</p>",
        ("HL-067", "HL-068", "HL-069", "HL-070", "HL-071", "HL-072", "HL-073"),
        reach=lambda s: s.phase == "weeks_end_retreat",
        task="click your Minions to retreat (and, as Start Player, choose a Night to swap)",
        done=lambda start, now: now.week != start.week or now.is_terminal,
        after=_week_after,
        question=Question("At the Location where you have the most Minions, how many of them stay?",
                          lambda s: _choices(odds.retreat_kept(_most_minions(s)[0]), 0, 1, 2, 3),
                          lambda s: str(odds.retreat_kept(_most_minions(s)[0])),
                          lambda s: f"You have {_most_minions(s)[0]} at {s.data.locations[_most_minions(s)[1]].name}: half, "
                                    f"rounded down, retreat, so {odds.retreat_kept(_most_minions(s)[0])} stay (HL-069).")),
    TourStep(
        "The end of the game and the score",
        "<p>The game ends at once when a player has placed all 15 Markers, two Locations are full, all 18 Items are "
        "taken, a deck runs out, or the Week deck holds 4 Days. Then Markers score 2 or 1 by touching, Items 2 face up "
        "and 1 face down; a tie goes to whoever placed more Markers.</p>",
        ("HL-042", "HL-043", "HL-044", "HL-045", "HL-046", "HL-047", "HL-081", "HL-082", "HL-085", "HL-086", "HL-087"),
        reach=lambda s: s.week >= 3 and s.phase == "turn_actions" and s.actions == 2,
        task="play on until the game ends",
        done=lambda start, now: now.is_terminal,
        after=_end_after,
        question=Question("If the game ended now, how many points would you score?",
                          lambda s: _choices(breakdown(s, 0)["total"], breakdown(s, 0)["total"] + 1,
                                             breakdown(s, 0)["total"] - 2, breakdown(s, 0)["total"] + 3),
                          lambda s: str(breakdown(s, 0)["total"]),
                          lambda s: f"Your Markers score {sum(breakdown(s, 0)['markers'].values())} and your Items "
                                    f"{breakdown(s, 0)['items']} (HL-082, HL-083, HL-084, HL-032).")),
]

TOUR_SEED = 3


def tour(step: int = 1) -> TourView:
    """The guided tour: a real game, step by step, from setup to the final score."""
    view = TourView(CONFIG, TOUR, players=PLAYERS, seed=TOUR_SEED, title="Hemloch, step by step")
    if step != 1:
        view.go(step - 1)
    return view


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
    """The final scoring (HL-081..HL-087) of a game the bots play to the end, Location by Location."""
    game = hench.get_game("hemloch")
    final: Any
    final, _ = play_game(game.new_game(players=PLAYERS, seed=seed), [CONFIG.bot(seed + i) for i in range(PLAYERS)],
                         Rng.from_seed(seed))
    sheets = [breakdown(final, p) for p in range(PLAYERS)]
    rows = [(f"Markers at {name}", [s["markers"][name] for s in sheets]) for name in sheets[0]["markers"]]
    rows += [("Items (2 face up, 1 face down)", [s["items"] for s in sheets]), ("Markers placed", [s["placed"] for s in sheets]),
             ("total", [s["total"] for s in sheets])]
    body = "".join(f"<tr><td style='padding:2px 8px'>{html.escape(k)}</td>" + "".join(
        f"<td style='padding:2px 8px;text-align:right'>{v}</td>" for v in vals) + "</tr>" for k, vals in rows)
    won = " and ".join(seat_name(w) for w in final.winners())
    return ipw.HTML(f"<table class='hench-scoring-sheet' style='border-collapse:collapse'><tr><th></th><th>Player 1</th>"
                    f"<th>Player 2</th></tr>{body}</table><div>Ended by {', '.join(final.ended)} in Week {final.week}; "
                    f"winner: <b>{won}</b>.</div>" + render.html(final.observation(None)))


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


__all__ = ["CONFIG", "ITEMS", "KIT", "arithmetic_checked", "chance", "LESSONS", "TOUR", "DrawOddsView", "DuelOddsView", "LiveOddsView", "WeekOddsView",
           "card_gallery", "finished_game_sheet", "learn_table", "lesson", "lesson_table", "play_table", "simulation", "tour"]
