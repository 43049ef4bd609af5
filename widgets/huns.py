"""Huns views: the table (generic GameView with Huns' board, phases and bots) and the dice-draft odds."""

from __future__ import annotations

import html
import re

import ipywidgets as ipw

import hench
from hench.core import Dist, seat_name
from hench.huns import PHASES, assumptions, montecarlo, odds
from hench.huns.actions import Onto
from hench.huns.bots import make_bot
from hench.huns.scoring import breakdown, score_sheet, treasure_met

from . import plot
from .cards import CardGallery
from .core import assumptions_table
from .odds import Choice, Inputs, Number, OddsExplorer, Shown, Slider, answer_html, percent, prob
from .play import GameKit, TableConfig, card_tooltip, score_sheet_html
from .tour import Question, TourStep, TourView

COLOUR_CSS = {"blue": "#2b6cb0", "red": "#c53030", "green": "#2f855a", "black": "#222", "yellow": "#d69e2e"}

CARD_ID = re.compile(r"\b[A-Z]{2}-\d{2}\b")


def _label(state, action) -> str:
    """A move's button text with each card's name beside its id: 'play CU-09 Lame Horse'."""
    names = {card.id: card.name for card in state.data.cards}
    return CARD_ID.sub(lambda m: f"{m.group(0)} {names.get(m.group(0), '')}".rstrip(), str(action))


MOVE_TIPS = {  # what a move that names no card does, in plain words (the card moves say their card's text)
    "bonus": "Catch-up Valuables for a late seat: take these cubes from the Reserve before the game starts (HU-028, HU-029).",
    "take": "Take this die and use it at once: Draw cards or Pillage cubes of its colour, as many as it shows (HU-034).",
    "draw": "Draw as many cards as the die shows from its colour's deck, play one, put the rest under the deck (HU-044 to HU-047).",
    "pillage": "Take as many cubes of the die's colour as it shows and place them on your Wagons or on one Mercenary or Curse (HU-049, HU-050).",
    "onto wagons": "Put the cubes on Wagon spaces of their own colour (HU-057).",
    "onto": "Put all the cubes on this one card; a card takes cubes of any colour (HU-054, HU-055).",
    "place": "Put this cube on that Wagon space; a full Wagon is dispatched at once and scores at the end (HU-057, HU-060).",
    "return": "Send back the cubes that have no space left (HU-059, HU-064).",
    "reroll": "Your Diviner rerolls this die while it is still in the pool, before you take one (HU-070, HU-033).",
    "send back": "Your full Bodyguard sends the Curse back to the player who played it; they then flee or accept it (HU-073, HU-094).",
    "take wagon": "Your Wagon was dispatched: take a new one, from the face-up display or the top of the deck (HU-061, HU-022).",
    "first": "Two effects fire at once: choose which one resolves first (HU-075).",
    "end turn": "End your turn; effects used \"after the turn\" come before this (HU-071).",
    "curse": "Play the Curse into this opponent's Camp: it works against them until its spaces are full (HU-091, HU-092).",
    "flee": "Turn the Curse face down: it never acts, but costs you points at the end (HU-094, HU-097).",
    "accept": "Keep the Curse face up: it works against you until its spaces are full (HU-094, HU-095).",
}


CONFIG = TableConfig(
    game_id="huns", phases=PHASES,
    make_bot=lambda seed: make_bot("heuristic", seed),
    bot_kinds={"heuristic": lambda seed: make_bot("heuristic", seed), "random": lambda seed: make_bot("random", seed)},
    clock=lambda state: state.round, clock_label="round", label=_label,
    tooltip=card_tooltip(hench.get_game("huns"), MOVE_TIPS),
    roll_seats=lambda s: (s.active if s.phase == "turn_reroll_die" else s.first,),  # the first player rolls (HU-031); a Diviner rerolls
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


COLOURS = ("blue", "red", "green", "black", "yellow")


def _phase_left(*phases: str):
    """Done once the position has left the given phases (the learner's whole action is over)."""
    return lambda start, now: now.phase not in phases or now.round > start.round or now.is_terminal


def _round_over(start, now) -> str:
    names = [f"Player {i + 1} {v}" for i, v in enumerate(now.scores())]
    return (f"Round {start.round} is over: every die was used, the first-player token moved on and the new first player "
            f"rolled (HU-035, HU-037). The game ends only at the end of a round, when a cube pile or a deck is empty "
            f"(HU-038 to HU-040). Points if it ended now: {', '.join(names)}.")


def _choices(*values) -> list[str]:
    return [str(v) for v in sorted(set(values))]


def _cubes_held(s, seat: int) -> int:
    camp = s.camps[seat]
    return sum(1 for load in camp.loads for c in load if c >= 0) + sum(camp.stash) + sum(len(v) for v in camp.cubes.values())


def _catchup_seats(s) -> str:
    """Who holds cubes before anyone has played a turn: the catch-up Valuables of setup, as the engine dealt them."""
    seats = [f"Player {i + 1}" for i in range(s.n) if _cubes_held(s, i)]
    return " and ".join(seats) or "nobody"


def _card_index(s, card_id: str) -> int:
    return next(i for i, c in enumerate(s.data.cards) if c.id == card_id)


def _onto_card(s) -> str:
    """The card the learner may fill in this position (a Mercenary or a face-up Curse in their Camp)."""
    return next(a.card for a in s.legal_actions() if isinstance(a, Onto) and a.card is not None)


def _filled(start, now) -> str:
    cid = _onto_card(start)
    i = _card_index(start, cid)
    before, after = start.camps[0].cubes.get(i, []), now.camps[0].cubes.get(i, [])
    added = after[len(before):]
    colours = ", ".join(COLOURS[c] for c in added) or "none"
    return (f"Your {COLOURS[start.die]} die put {len(added)} cube(s) ({colours}) on {cid} {start.data.cards[i].name}: a Mercenary "
            f"or Curse takes cubes of any colour, all of one Pillage on that one card; cubes beyond its empty spaces go "
            f"back (HU-054, HU-055, HU-056).")


def _wagon_points(s) -> int:
    return breakdown(s, 0)["dispatched wagons"]


def _dispatched(start, now) -> str:
    b = breakdown(now, 0)
    return (f"Your full Wagon was dispatched: its cubes went to your Stash and the card lies face down, and you took a "
            f"new Wagon to fill (HU-060, HU-061). You have {len(now.camps[0].dispatched)} dispatched; at the end they "
            f"score {b['dispatched wagons']} points ({now.n} each with {now.n} players, HU-101) plus the Wagon-type bonus, "
            f"now {b['wagon types']} (HU-102). Stash cubes score nothing (HU-105).")


def _my_treasure(s) -> int:
    return next(c for c in s.camps[0].cards if s.data.cards[c].colour == 4)


def _treasure_points(s) -> str:
    return str(s.n if treasure_met(s, s.camps[0], _my_treasure(s)) else 0)


def _treasure_why(s) -> str:
    c = s.data.cards[_my_treasure(s)]
    met = treasure_met(s, s.camps[0], _my_treasure(s))
    what = next(t.what for t in hench.get_game("huns").card_texts(s) if t.id == c.id)
    return (f"{c.name}: {what} Right now its condition is {'met' if met else 'not met'}, so it would score "
            f"{_treasure_points(s)}. A Treasure never acts during play; it scores {s.n} with {s.n} players if met, "
            "0 if not (HU-099, HU-100).")


TOUR = [
    TourStep(
        "Setup and the goal",
        "<p>You are <b>Player 1</b>; the bots play the other chiefs. You fill <b>Wagons</b> with coloured cubes "
        "(valuables) and build a <b>Camp</b> of cards; both score at the end. Each colour has its own deck of cards and "
        "its own pile of cubes (20, 22 or 24 a colour for 2, 3 or 4 players). To make up for playing later, the "
        "<b>third</b> seat starts with 1 cube of a colour they choose, and with 4 players the <b>fourth</b> with 2 of "
        "two colours. Look at the board: your Wagons show which colours they still need.</p>",
        ("HU-001", "HU-002", "HU-019", "HU-021", "HU-024", "HU-028", "HU-029"),
        question=Question("Before the first round, who took catch-up Valuables?",
                          lambda s: ["nobody"] + [f"Player {i + 1}" for i in range(s.n)], _catchup_seats,
                          lambda s: f"{_catchup_seats(s)}: with 3 or 4 players the third seat in turn order takes 1 cube of "
                                    "a colour of their choice, and with 4 the fourth seat takes 2 of two colours (HU-028, "
                                    f"HU-029). The first player and the second get none. Each colour's pile holds "
                                    f"{s.cube_totals()[0]} cubes with {s.n} players (HU-019).")),
    TourStep(
        "The dice draft",
        "<p>Each round the first player rolls five dice, one per colour, each showing 1 to 3. Then, round the table, "
        "each player <b>takes one die</b> and uses it at once, until all five are gone. A die's colour decides which "
        "deck you draw from or which cubes you take; its number, how many. When your turn is over, watch the bots take "
        "theirs one at a time with <b>Next bot move ▶</b>.</p>",
        ("HU-031", "HU-032", "HU-033", "HU-034", "HU-035", "HU-036"),
        reach=lambda s: s.phase == "turn_take_die",
        task="take a die (click it on the board)",
        done=_phase_left("turn_take_die"), watch_bots=True,
        after=lambda start, now: f"You took the {COLOURS[now.die]} die showing {now.dice[now.die]}; now choose what to do with it (HU-034)."
        if 0 <= now.die < len(COLOURS) else "You took a die and used it.",
        question=Question("With 3 players, how many dice does the first player take in one round?",
                          lambda s: ["1", "2", "3"], lambda s: str(odds.turns_per_round(s.n)[0]),
                          lambda s: "Five dice go round the table one at a time, so with 3 players the seats take "
                                    + ", ".join(map(str, odds.turns_per_round(s.n))) + " dice (HU-036).")),
    TourStep(
        "Pillage: cubes into Wagons",
        "<p>With a die you may <b>pillage</b>: take as many cubes of its colour as it shows. They go onto Wagon spaces "
        "<b>of their own colour</b>, or all onto one Mercenary or Curse in your Camp (a Mercenary takes any colour). "
        "Every cube that fits must be placed; the rest go back. A full Wagon is dispatched at once and scores.</p>",
        ("HU-049", "HU-050", "HU-052", "HU-059", "HU-060", "HU-064"),
        reach=lambda s: any(str(a) == "pillage" for a in s.legal_actions()),
        task="choose 'pillage', then place the cubes",
        done=_phase_left("turn_choose_action", "pillage_choose_destination", "pillage_place", "wagon_replace"),
        after=lambda start, now: "Your cubes were placed; the list shows where they went.",
        question=Question("You pillage with a red die showing 3, and your Wagons have one free red space and no Mercenary. "
                          "How many red cubes stay with you?",
                          lambda s: ["0", "1", "3"],
                          lambda s: str(next(iter(odds.cubes_taken(1, Dist.constant(3)).probabilities()))),  # a sure 3 into 1 space (Q4)
                          lambda s: "Only cubes that fit are kept: one space, one cube; the other two go back to the pile (HU-059, HU-064).")),
    TourStep(
        "A full Wagon is dispatched",
        "<p>You have just filled every space of a Wagon: it is <b>dispatched</b> at once. Its cubes go to your Stash, "
        "the card is turned face down, and you take a new Wagon, face up from the display or the top of the deck. "
        "Each dispatched Wagon scores as many points as there are players, and a bonus rewards Wagons of one type or "
        "of many types.</p>",
        ("HU-060", "HU-061", "HU-062", "HU-101", "HU-102", "HU-105"),
        reach=lambda s: s.phase == "wagon_replace" and len(s.camps[0].dispatched) >= 1,
        task="take a new Wagon (then place any cubes still in hand)",
        done=_phase_left("wagon_replace", "pillage_place", "pillage_choose_destination"),
        after=_dispatched,
        question=Question("How many points do your dispatched Wagons score at the end, not counting the Wagon-type bonus?",
                          lambda s: _choices(1, 2, s.n, _wagon_points(s), 2 * s.n),
                          lambda s: str(_wagon_points(s)),
                          lambda s: f"{len(s.camps[0].dispatched)} dispatched Wagon(s) at {s.n} points each with {s.n} "
                                    f"players: {_wagon_points(s)} (HU-101). The type bonus comes on top (HU-102).")),
    TourStep(
        "Draw cards, and the kinds of card",
        "<p>Or <b>draw</b> as many cards as the die shows from its colour's deck, play exactly one, and put the rest "
        "back under the deck. The colour is the kind: blue Equipment lasts, red Raids are used once (one a turn), green "
        "Mercenaries work while full of cubes, black Curses go to an opponent, yellow Treasures score if you meet them. "
        "Hover a card's button to read what it does.</p>",
        ("HU-044", "HU-045", "HU-046", "HU-047", "HU-082", "HU-084", "HU-088", "HU-092"),
        reach=lambda s: s.phase == "draw_choose_card",
        task="play one of the cards you drew",
        done=_phase_left("draw_choose_card", "curse_choose_target", "curse_flee_decision"),
        after=lambda start, now: "Your card is in play; the others went back under their deck (HU-047).",
        question=Question("You draw with a die showing 3. How many of the drawn cards do you play?",
                          lambda s: ["1", "2", "3"], lambda s: "1",
                          lambda s: "Exactly one; the others go back under the deck (HU-046, HU-047).")),
    TourStep(
        "Treasures score at the end",
        "<p>A yellow <b>Treasure</b> in your Camp does nothing during play. At the end of the game it scores as many "
        "points as there are players if you meet its condition, and nothing if you do not. Hover a Treasure card to "
        "read its condition. You have one in your Camp now.</p>",
        ("HU-099", "HU-100", "HU-101"),
        reach=lambda s: s.phase == "turn_take_die" and any(s.data.cards[c].colour == 4 for c in s.camps[0].cards),
        question=Question("If the game ended now, how many points would your Treasure score?",
                          lambda s: _choices(0, 1, s.n), _treasure_points, _treasure_why)),
    TourStep(
        "A Curse arrives",
        "<p>A bot has just played a <b>Curse</b> on you. A Curse works against you until its spaces are filled with "
        "cubes. Right now, and only now, you may <b>flee</b>: the Curse is turned face down and never acts, but costs "
        "you points at the end. Or <b>accept</b> it and fill it later.</p>",
        ("HU-092", "HU-093", "HU-094", "HU-095", "HU-096", "HU-097"),
        reach=lambda s: s.phase == "curse_flee_decision",
        task="flee or accept the Curse",
        done=_phase_left("curse_flee_decision"),
        after=lambda start, now: "Decided: a fled Curse lies face down and costs points at the end; an accepted one acts until it is full.",
        question=Question("When may you flee a Curse?",
                          lambda s: ["only when it arrives", "at any time", "at the end of the round"],
                          lambda s: "only when it arrives",
                          lambda s: "Fleeing is decided the moment the Curse is played on you (HU-094).")),
    TourStep(
        "Cubes on a card: any colour",
        "<p>Wagon spaces take cubes of their own colour, but a <b>Mercenary</b> in your Camp, or a face-up "
        "<b>Curse</b> played on you, takes cubes of <b>any</b> colour. All the cubes of one Pillage go onto that one "
        "card; the rest go back. A Mercenary works, and scores +1, only while full; a Curse stops acting once full.</p>",
        ("HU-050", "HU-051", "HU-054", "HU-055", "HU-056", "HU-088", "HU-090"),
        reach=lambda s: any(isinstance(a, Onto) and a.card is not None for a in s.legal_actions()),
        task="put the cubes onto the card, not onto your Wagons",
        done=_phase_left("pillage_choose_destination", "pillage_place"),
        after=_filled,
        question=Question("Your die's colour differs from the card's. May its cubes go onto the card?",
                          lambda s: ["yes", "no"],
                          lambda s: "yes" if Onto(_onto_card(s)) in s.legal_actions() else "no",
                          lambda s: f"'onto {_onto_card(s)}' is "
                                    + ("a legal" if Onto(_onto_card(s)) in s.legal_actions() else "not a legal")
                                    + f" move with the {COLOURS[s.die]} die: a Mercenary's or a Curse's spaces accept "
                                    "cubes of any colour (HU-055).")),
    TourStep(
        "The end of a round, and of the game",
        "<p>When the fifth die is used the round ends, the first-player token moves on, and the game ends if any cube "
        "pile or any deck has run out. Then Raids, full Mercenaries, met Treasures, dispatched Wagons and a Wagon-type "
        "bonus score; fled Curses cost.</p>",
        ("HU-035", "HU-037", "HU-038", "HU-039", "HU-040", "HU-101"),
        reach=lambda s: s.round >= 2 and s.phase == "turn_take_die",
        task="play on until this round ends",
        done=lambda start, now: now.round > start.round or now.is_terminal,
        after=_round_over,
        question=Question("When is the end of the game checked?",
                          lambda s: ["at the end of a round", "after every turn", "when a Wagon is dispatched"],
                          lambda s: "at the end of a round",
                          lambda s: "Only at the end of a round, if a cube pile or a deck is empty (HU-038 to HU-040).")),
]


def tour(step: int = 1) -> TourView:
    """The guided tour: a real game, step by step, from setup to the end of a round."""
    view = TourView(CONFIG, TOUR, players=3, seed=5, title="Huns, step by step")
    if step != 1:
        view.go(step - 1)
    return view


KIT = GameKit(CONFIG, LESSONS, assumptions, title="Huns", seed=5)
learn_table, lesson, lesson_table, play_table = KIT.learn_table, KIT.lesson, KIT.lesson_table, KIT.play_table
rules, assumptions_in_force = KIT.rules, KIT.assumptions_in_force


def simulation(games: int = 100, players: int = 3):
    return KIT.simulation(games, players)


def finished_game_sheet(players: int = 3, seed: int = 3) -> ipw.HTML:
    """The final score sheet (HU-101, HU-102, HU-107) of a game the bots play to the end, as the Play table shows it."""
    from hench.core import Rng, play_game

    game = hench.get_game("huns")
    final, _ = play_game(game.new_game(players=players, seed=seed), [CONFIG.bot(seed + i) for i in range(players)], Rng.from_seed(seed))
    sheet = score_sheet_html(score_sheet(final), CONFIG.names(players), winners=final.winners())  # type: ignore[arg-type]
    return ipw.HTML(f"<div class='hench-scoring-sheet'>{sheet}</div>")


# -- odds (widgets.odds.OddsExplorer) -------------------------------------------------------------------------------
def _draft_page(i: Inputs) -> Shown:
    """What the dice draft leaves the picker (Q3), and what one Pillage of that die fills (Q4, Q5)."""
    dist = odds.value_left_to_picker(i.picker, i.earlier)
    text = answer_html(f"As picker #{i.picker} your best die shows 3 with probability {prob(dist.probability(3))}; on "
                       f"average {float(dist.mean()):.2f} (exactly {dist.mean()}).", 18,
                       f"Pillaging it into {i.spaces} free space(s) places {float(odds.expected_cubes(i.spaces, dist)):.2f} "
                       f"cubes on average and fills them all with probability {prob(odds.fill_chance(i.spaces, dist))} "
                       "(HU-040, HU-042).")
    rows = dist.rows()
    bar = plot.Bar(x=[str(o) for o, _, _ in rows], y=[float(p) for _, p, _ in rows], text=[f for _, _, f in rows],
                   marker_color="#b5651d", textposition="outside")
    return Shown(text, [bar], dict(xaxis_title="value of the best die left", yaxis_tickformat=".0%", yaxis_range=[0, 1.1]),
                 check=(montecarlo.CHECKS["draft"], dict(picker=i.picker, value=3, earlier=i.earlier)))


class DraftOddsView(OddsExplorer):
    """What the dice draft leaves for you, and what one Pillage of that die will fill."""

    def __init__(self, picker: int = 3):
        super().__init__("hench-draft-odds", [
            Slider("picker", "My pick #", 1, 5, picker, what="your pick"),
            Choice("earlier", "", [("earlier players take the highest", "highest"),
                                   ("earlier players pick by colour", "colour")], "highest", buttons=True),
            Slider("spaces", "Free spaces", 1, 6, 2, what="the free spaces")],
            _draft_page, chart=("The best die left for you", 320))


def _wagon_page(i: Inputs) -> Shown:
    """The chance a Wagon is filled this round, from the colours it still lacks, for 1 to 3 of your turns."""
    need = {c: i[c] for c in COLOUR_CSS if i[c]}
    by_turns = {t: odds.wagon_fill_chance(need, t) for t in (1, 2, 3)}
    bar = plot.Bar(x=[f"{t} turn{'s' if t > 1 else ''}" for t in by_turns], y=[float(p) for p in by_turns.values()],
                   text=[percent(p) for p in by_turns.values()], textposition="outside",
                   marker_color=["#b5651d" if t == i.turns else "#2f855a" for t in by_turns])
    text = answer_html(f"Filled this round with probability {prob(by_turns[i.turns])}",
                       note="One die per colour per round, so each colour the Wagon lacks takes one of your turns "
                            "(HU-031, HU-036); this assumes the dice you need are still there at your picks.")
    check = (montecarlo.CHECKS["wagon"], dict(missing=need, turns=i.turns)) if 0 < by_turns[i.turns] < 1 else (
        "No simulation needed: with these empty spaces the answer is certain.")
    return Shown(text, [bar], dict(xaxis_title="your turns left this round", yaxis_tickformat=".0%", yaxis_range=[0, 1.15]),
                 check=check)


class WagonOddsView(OddsExplorer):
    """The chance a Wagon is filled this round, from the colours it still lacks (Q on wagon filling)."""

    def __init__(self) -> None:
        spaces = [Number(c, c, 0, 4, 2 if c == "green" else 0, what=f"{c} spaces", width="150px") for c in COLOUR_CSS]
        super().__init__("hench-wagon-odds", [spaces, Slider("turns", "My turns", 1, 3, 1, what="turns")], _wagon_page,
                         chart=("Chance the Wagon is filled, by your turns left", 260),
                         top=[ipw.HTML("<b>Empty spaces on the wagon, by colour</b>")])
        self.missing = {c: getattr(self, c) for c in COLOUR_CSS}


# -- every card explained (issue 9) -------------------------------------------------------------------
def card_gallery(players: int = 3, data: str | None = None) -> CardGallery:
    """Every card of the game (or of your own data file, `data=path`), in plain words, filtered by kind.
    The Treasure and fled-Curse points depend on the number of players (HU-097, HU-100)."""
    return CardGallery("huns", hench.get_game("huns").new_game(players, seed=KIT.seed, data=data))


def assumed_values() -> ipw.HTML:
    """The Wagons, dice and other values the rulebook text does not give, and the readings of what it leaves open
    (with the option that changes each); the cards are in the gallery."""
    rows = [dict(zip(("what", "value", "source", "note"), row)) for row in assumptions() if not str(row[0]).startswith("card ")]
    for row in rows:  # "[1, 2, 3]" is Python's way to write a list: people read "1, 2, 3"
        row["value"] = str(row["value"]).removeprefix("[").removesuffix("]")
    return assumptions_table(rows, title="Huns values and readings the rulebook text does not give (cards: see the gallery)")
