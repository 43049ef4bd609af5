"""Huns views: the table (generic GameView with Huns' board, phases and bots) and the dice-draft odds."""

from __future__ import annotations

import re
from fractions import Fraction

import ipywidgets as ipw

import hench
from hench.core import Dist
from hench.huns import PHASES, assumptions, montecarlo, odds, render
from hench.huns.actions import Activate, Onto, Place
from hench.huns.bots import make_bot
from hench.huns.effects import is_live
from hench.huns.scoring import breakdown, score_sheet, treasure_met

from . import plot
from .cards import CardGallery
from .core import assumptions_table
from .odds import Choice, Inputs, Number, OddsExplorer, Shown, Slider, answer_html, percent
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
    "accept": "Keep the Curse face up: it works against you until its spaces are full (HU-094, HU-092, HU-093).",
}


CONFIG = TableConfig(
    game_id="huns", phases=PHASES,
    make_bot=lambda seed: make_bot("heuristic", seed),
    bot_kinds={"heuristic": lambda seed: make_bot("heuristic", seed), "random": lambda seed: make_bot("random", seed)},
    clock=lambda state: state.round, clock_label="round", label=_label,
    tooltip=card_tooltip(hench.get_game("huns"), MOVE_TIPS),
    roll_seats=lambda s: (s.active if s.phase == "turn_reroll_die" else s.first,),  # the first player rolls (HU-031); a Diviner rerolls
    seen_scores=lambda state, seat: render.points_seen(state.observation(seat)),  # Wagon types stay hidden (HU-104)
)


def _any_move(prefix: str):
    return lambda s: any(str(a).startswith(prefix) for a in s.legal_actions())


def _in_hand(prefix: str):
    """A Draw's choice with a card of that kind among the drawn ones (its id starts with `prefix`)."""
    return lambda s: s.phase == "draw_choose_card" and any(s.card_id(c).startswith(prefix) for c in s.hand)


def _working(s) -> list[int]:
    """The learner's cards at work now: face up (not fled) and, for a card with spaces, as its kind requires
    (a Mercenary full, a Curse not yet full)."""
    camp = s.camps[0]
    return [c for c in camp.cards if c not in camp.fled and is_live(camp, s.data, c)]


def _works(s, effect: str) -> bool:
    return any(s.data.cards[c].effect == effect for c in _working(s))


def _pool_values(s) -> list[int]:
    return [v for v, t in zip(s.dice, s.taken) if t < 0]


def _raid_of(effect: str):
    """A position where the learner may use a Raid with this effect."""
    return lambda s: any(isinstance(a, Activate) and s.data.cards[_card_index(s, a.card)].effect == effect
                         for a in s.legal_actions())


LESSONS = {
    "setup": lambda s: True,
    "the draft": lambda s: s.round == 1 and _any_move("take")(s),
    "pillage": _any_move("place"),
    "draw cards": _any_move("play"),
    "curse": lambda s: s.phase == "curse_flee_decision",
    "equipment": _in_hand("EQ"),
    "a treasure": _in_hand("TR"),
    "a raid": _any_move("activate"),
    "a mercenary": _any_move("onto ME"),
    "curse an opponent": lambda s: s.phase == "curse_choose_target",
    "a new wagon": lambda s: s.phase == "wagon_replace",
    "cubes that do not fit": _any_move("return"),
    "a diviner reroll": _any_move("reroll"),
    "a bodyguard": _any_move("send back"),
    "an ambush": lambda s: any(str(a).startswith("activate") and " Player " in str(a) for a in s.legal_actions()),
    "a forced march": _raid_of("forced_march"),
    "an open raid": _raid_of("open_raid"),
    "a scouting party": _raid_of("scouting_party"),
    "a wild cube": lambda s: any(isinstance(a, Place) and a.cube != a.space for a in s.legal_actions()),
    "a swift horse": lambda s: s.phase == "turn_take_die" and _works(s, "swift_horse") and 1 in _pool_values(s),
    "a blight at work": lambda s: s.phase == "turn_choose_action" and any(
        s.data.cards[c].effect == "blight" and s.data.cards[c].param == s.die for c in _working(s)),
    "a lame horse at work": lambda s: s.phase == "turn_choose_action" and _works(s, "lame_horse"),
    "a broken axle at work": lambda s: s.phase == "wagon_replace" and _works(s, "broken_axle"),
}
LESSON_SEEDS = {"a mercenary": 1, "cubes that do not fit": 20, "a diviner reroll": 21, "a bodyguard": 14,  # deals that get there
                "an ambush": 1, "an open raid": 9, "a wild cube": 1, "a blight at work": 2, "a lame horse at work": 2,
                "a broken axle at work": 10}


COLOURS = ("blue", "red", "green", "black", "yellow")


def _phase_left(*phases: str):
    """Done once the position has left the given phases (the learner's whole action is over)."""
    return lambda start, now: now.phase not in phases or now.round > start.round or now.is_terminal


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


def _learner_turn(s) -> bool:
    return s.current_player == 0


def _seen_points(s) -> str:
    """Each player's points as the learner may count them (their own in full; another's without the Wagon types
    they keep hidden, HU-104)."""
    return ", ".join(f"Player {i + 1} {text}" for i, text in enumerate(render.points_seen_text(s.observation(0))))


def _after_draft(start, now) -> str:
    if not 0 <= now.die < len(COLOURS):
        return "You took a die and used it."
    return (f"You took the {COLOURS[now.die]} die showing {now.dice[now.die]}; it is yours for this turn and nobody else "
            f"may take it this round. Now use it: draw {COLOURS[now.die]} cards or pillage {COLOURS[now.die]} cubes (HU-034).")


def _after_pillage(start, now) -> str:
    before, after = _cubes_held(start, 0), _cubes_held(now, 0)
    return (f"You now hold {after} cube(s) on your Wagons, cards and Stash ({after - before:+d}). Cubes with no free space "
            f"of their colour went back to the pile (HU-059, HU-064); the log lists each one.")


def _after_draw(start, now) -> str:
    new = [c for c in now.camps[0].cards if c not in start.camps[0].cards]
    played = next((now.data.cards[c] for c in new), None)
    cursed = [i for i in range(1, now.n) if len(now.camps[i].cards) > len(start.camps[i].cards)]
    if played is not None:
        return (f"You played {played.id} {played.name} into your Camp; the other cards went back under the deck, so "
                f"nobody sees them (HU-046, HU-047). Hover it in your Camp to read what it does.")
    if cursed:
        return (f"You played a Curse into Player {cursed[0] + 1}'s Camp; they chose at once to flee or accept it (HU-091, "
                "HU-094). The other drawn cards went back under the deck (HU-047).")
    return ("This time your die went to a Pillage, not a Draw, so no card was played; draw on a later turn to see the "
            "cards of a colour (HU-044 to HU-047).")


def _incoming(s):
    return s.data.cards[s.curse] if s.curse >= 0 else None


def _curse_choices(s) -> list[str]:
    return _choices(1, 2, s.n, 2 * s.n)


def _after_curse(start, now) -> str:
    c, camp = _incoming(start), now.camps[0]
    name = f"{c.id} {c.name}" if c else "the Curse"
    if c is not None and _card_index(now, c.id) in camp.fled:
        return (f"You fled {name}: it lies face down in your Camp, never acts, and costs you {now.n} points at the end "
                "(HU-094, HU-097).")
    return (f"You accepted {name}: it acts against you until its spaces are full (HU-092); fill it with a Pillage of any "
            "colour to stop it (HU-093, HU-055). You can no longer flee it (HU-096), but accepted it costs no points at the "
            "end (HU-098).")


def _pool_die(s) -> int:
    return next(c for c in range(5) if s.taken[c] < 0)


def _free_spaces(s, colour: int) -> int:
    camp = s.camps[0]
    return sum(1 for w, load in zip(camp.wagons, camp.loads) if w >= 0
               for space, cube in zip(s.data.wagons[w].spaces, load) if space == colour and cube < 0)


def _pillaged(s) -> int:
    """How many cubes a Pillage with the leftmost die still in the pool would take, as the engine plays it (your
    cards included: a Saddlebag adds one, a Blight takes one off)."""
    game, c = s.game, _pool_die(s)
    after = s.apply(game.parse_action(s, f"take {COLOURS[c]}"))
    while after.phase != "turn_choose_action" and after.current_player == 0 and not after.is_terminal:
        after = after.apply(after.legal_actions()[0])  # an effect's order, before the action (HU-075)
    after = after.apply(game.parse_action(after, "pillage"))
    return sum(after.holding) + sum(len(v) for v in after.camps[0].cubes.values()) - sum(len(v) for v in s.camps[0].cubes.values())


def _kept_why(s) -> str:
    c = _pool_die(s)
    k, free = _pillaged(s), _free_spaces(s, c)
    return (f"The {COLOURS[c]} die shows {s.dice[c]} and a Pillage with it takes {k} {COLOURS[c]} cube(s) from the pile "
            f"(cards in your Camp count too: a Swift Horse makes a 1 count as 2, a Saddlebag adds a cube, a Blight takes one "
            f"off; HU-049). Your Wagons have {free} free {COLOURS[c]} space(s), so {min(k, free)} "
            "would stay on them and the rest go back (HU-057, HU-059): a die that fits your spaces wastes nothing.")


def _after_curse_on(start, now) -> str:
    c = start.data.cards[start.curse] if start.curse >= 0 else None
    target = next((i for i in range(1, now.n) if len(now.camps[i].cards) > len(start.camps[i].cards)), None)
    if c is None or target is None:
        return "Your Curse went to an opponent, who chose to flee or accept it (HU-091, HU-094)."
    fled = _card_index(now, c.id) in now.camps[target].fled
    return (f"{c.id} {c.name} went to Player {target + 1}, who "
            + ("fled it: face down, it never acts but costs them points at the end (HU-097)." if fled else
               "accepted it: it acts against them until its spaces are full (HU-092, HU-093).")
            + " The log below says what they chose.")


def _raid_used(start, now) -> bool:
    return len(now.camps[0].used) > len(start.camps[0].used) or now.round > start.round or now.is_terminal


def _after_raid(start, now) -> str:
    used = [c for c in now.camps[0].used if c not in start.camps[0].used]
    name = f"{now.data.cards[used[0]].id} {now.data.cards[used[0]].name}" if used else "your Raid"
    return (f"You used {name}: it is turned and cannot be used again, but it still scores +1 point at the end, used or "
            "not (HU-085, HU-087). At most one Raid a turn (HU-086).")


def _round_two(s) -> bool:
    return s.round == 2 and s.phase == "turn_take_die"


def _first_player(s) -> str:
    return f"Player {s.first + 1}"


def _winner_text(s) -> str:
    return " and ".join(f"Player {i + 1}" for i in s.winners())


def _end_why(s) -> str:
    sheet = score_sheet(s)
    totals = ", ".join(f"Player {i + 1} {t}" for i, t in enumerate(sheet.totals))
    tie = f" {sheet.tie_break}" if sheet.tie_break else " Nobody tied on the most points, so no tie-break was needed."
    return f"Final points: {totals}; the most points win (HU-106).{tie}"


GOAL_TEXT = (
    "<p>You are <b>Player 1</b>; the bots play the other chiefs. You fill <b>Wagons</b> with coloured cubes "
    "(valuables) and build a <b>Camp</b> of cards; both score at the end. Each colour has its own deck of cards and "
    "its own pile of cubes (20, 22 or 24 a colour for 2, 3 or 4 players). To make up for playing later, the "
    "<b>third</b> seat starts with 1 cube of a colour they choose, and with 4 players the <b>fourth</b> with 2 of "
    "two colours. Look at the board: each Wagon shows the colours its spaces need; its type (Sun, Moon, Star or "
    "Eagle) is a symbol on the card, not a colour, and counts only for a bonus at the end.</p>"
    "<p><b>How good players think:</b> a dispatched Wagon is the surest source of points (as many as there are "
    "players), so most turns go to filling Wagons; cards are worth taking when they speed that up or score on their "
    "own.</p>")

DRAFT_TEXT = (
    "<p>Each round the first player rolls five dice, one per colour, each showing 1 to 3. Then, round the table, "
    "each player <b>takes one die</b> and uses it at once, until all five are gone. A die's colour decides which "
    "deck you draw from or which cubes you take; its number, how many.</p>"
    "<p><b>Why pick one die over another:</b> take the colour your Wagons lack, showing about as many as you have free "
    "spaces of it: a 3 into one free space wastes two cubes. A 3 is common at the start of a round (the best of five "
    "dice shows 3 <span title='exactly 211/243'>86.8%</span> of the time) but the players before you pick first, so "
    "what you need may be gone by your turn.</p>")

PILLAGE_TEXT = (
    "<p>With a die you may <b>pillage</b>: take as many cubes of its colour as it shows. They go onto Wagon spaces "
    "<b>of their own colour</b>, or all onto one Mercenary or Curse in your Camp (a card takes any colour). "
    "Every cube that fits must be placed; the rest go back. A full Wagon is dispatched at once and scores.</p>"
    "<p><b>Why pillage:</b> each cube on a Wagon brings it closer to the points of a dispatched Wagon. Pillage when the "
    "die's colour matches your free spaces; when it does not, drawing cards is usually the better use of the die.</p>")

DRAW_TEXT = (
    "<p>Or <b>draw</b> as many cards as the die shows from its colour's deck, play exactly one, and put the rest "
    "back under the deck. The colour is the kind: blue <b>Equipment</b> lasts all game, red <b>Raids</b> are used once "
    "(one a turn, +1 point each), green <b>Mercenaries</b> work while full of cubes, black <b>Curses</b> go to an "
    "opponent, yellow <b>Treasures</b> score at the end if you meet them. Hover a card's button to read what it does.</p>"
    "<p><b>Why draw:</b> a die showing 3 lets you choose the best of three cards. Early in the game, Equipment and "
    "Mercenaries pay off for longer; a Treasure is worth it when you can meet its condition.</p>")

CURSE_TEXT = (
    "<p>A bot has just drawn a black <b>Curse</b> and played it on you; the board names it and says what it does. "
    "A Curse works against you until its spaces are filled with cubes. Right now, and only now, you may "
    "<b>flee</b>: it is turned face down and never acts, but costs you as many points as there are players at the "
    "end. Or <b>accept</b> it: it acts until you fill it (a Pillage of any colour), and then costs nothing.</p>"
    "<p><b>How to choose:</b> accept a Curse that hurts little (a Blight on a colour you do not need) or that you can "
    "fill soon with few cubes; flee one that would block your plan for many turns. Fleeing is a sure loss of points; "
    "accepting costs turns.</p>")

TURN_TEXT = (
    "<p>A turn of your own, start to end: take a die, use it to draw or to pillage, then <b>end your turn</b> (a Raid "
    "that works after your action may still be used before that).</p>"
    "<p><b>How to choose:</b> compare what each die gives you. A die pillaged into your Wagons is worth the cubes that "
    "fit: with one free space of its colour, a 3 brings no more than a 1. Next round's dice are a gamble: each shows 3 "
    "with chance <span title='exactly 1/3'>33.3%</span>, and the colour you need is taken first by whoever needs it "
    "too.</p>")

CURSE_ON_TEXT = (
    "<p>You drew a black <b>Curse</b> and played it: a Curse never goes to yourself, you choose which opponent "
    "receives it. They decide at once to flee it or accept it.</p>"
    "<p><b>Whom to curse:</b> the player it hurts most. A Blight hurts a player who needs that colour; Lame Horse hurts "
    "one who draws a lot; Bad Omen one with unused Raids. Cursing the leader is rarely wrong: either it slows them, "
    "or fleeing costs them points.</p>")

ONTO_TEXT = (
    "<p>Wagon spaces take cubes of their own colour, but a <b>Mercenary</b> in your Camp, or a face-up "
    "<b>Curse</b> played on you, takes cubes of <b>any</b> colour. All the cubes of one Pillage go onto that one "
    "card; the rest go back. A Mercenary works, and scores +1, only while full (-1 if not full at the end); a Curse "
    "stops acting once full.</p>"
    "<p><b>Why fill a card:</b> a die whose colour your Wagons do not need still helps here, and a full Mercenary both "
    "works for you and turns a -1 into a +1.</p>")

DISPATCH_TEXT = (
    "<p>You have just filled every space of a Wagon: it is <b>dispatched</b> at once. Its cubes go to your Stash, "
    "the card is turned face down (its type is yours to know, hidden from the others until the end), and you take a "
    "new Wagon, face up from the display or the top of the deck. Each dispatched Wagon scores as many points as there "
    "are players, and a bonus rewards the most types, or the most of one type.</p>"
    "<p><b>Which Wagon to take:</b> one from the display needing the colours you pillage most, with few spaces; or a "
    "second of a type you already sent, for the set bonus. The top of the deck is a gamble.</p>")

RAID_TEXT = (
    "<p>You have a red <b>Raid</b> in your Camp that you may use now. A Raid works once: it is turned when used, and "
    "you may use at most one a turn. Used or not, it scores +1 point at the end.</p>"
    "<p><b>When to use it:</b> as soon as its cubes or cards help you, before a Curse such as Bad Omen can block it.</p>")

ROUND_TEXT = (
    "<p>Round 1 is over: every die was used. The first-player token moved one seat on, and the new first player "
    "rolled the dice for round 2. The game ends only at the end of a round, when some cube pile or some deck is "
    "empty; every player gets the same number of turns over a few rounds.</p>"
    "<p><b>Think ahead:</b> when you pick last in a round you take what is left, so plan the Wagons you hold around "
    "the colours that the others leave.</p>")

END_TEXT = (
    "<p>The game is over: at the end of a round a cube pile or a deck was empty. The final score sheet below the "
    "board gives each player's points by source: Raids +1, full Mercenaries +1 and unfilled ones -1, met "
    "Treasures and dispatched Wagons as many points as there are players each, fled Curses as many points off, and "
    "the Wagon-type bonus. Cubes in the Stash score nothing; they only break a tie on points.</p>")


TOUR = [
    TourStep(
        "Setup and the goal", GOAL_TEXT, ("HU-001", "HU-002", "HU-019", "HU-021", "HU-024", "HU-028", "HU-029", "HU-103"),
        question=Question("Before the first round, who took catch-up Valuables?",
                          lambda s: ["nobody"] + [f"Player {i + 1}" for i in range(s.n)], _catchup_seats,
                          lambda s: f"{_catchup_seats(s)}: with 3 or 4 players the third seat in turn order takes 1 cube of "
                                    "a colour of their choice, and with 4 the fourth seat takes 2 of two colours (HU-028, "
                                    f"HU-029). The first player and the second get none. Each colour's pile holds "
                                    f"{s.cube_totals()[0]} cubes with {s.n} players (HU-019).")),
    TourStep(
        "The dice draft", DRAFT_TEXT, ("HU-031", "HU-032", "HU-033", "HU-034", "HU-035", "HU-036"),
        reach=lambda s: s.phase == "turn_take_die",
        task="take a die (click it on the board)",
        done=_phase_left("turn_take_die"), after=_after_draft,
        question=Question("With 3 players, how many dice does the first player take in one round?",
                          lambda s: ["1", "2", "3"], lambda s: str(odds.turns_per_round(s.n)[0]),
                          lambda s: "Five dice go round the table one at a time, so with 3 players the seats take "
                                    + ", ".join(map(str, odds.turns_per_round(s.n))) + " dice (HU-036).")),
    TourStep(
        "Pillage: cubes into Wagons", PILLAGE_TEXT, ("HU-049", "HU-050", "HU-052", "HU-057", "HU-059", "HU-064"),
        reach=lambda s: s.phase == "turn_choose_action" and _any_move("pillage")(s),
        task="choose pillage, then place the cubes",
        done=_phase_left("turn_choose_action", "pillage_choose_destination", "pillage_place", "wagon_replace"),
        after=_after_pillage,
        question=Question("You pillage with a red die showing 3, and your Wagons have one free red space and no Mercenary. "
                          "How many red cubes stay with you?",
                          lambda s: ["0", "1", "3"],
                          lambda s: str(next(iter(odds.cubes_taken(1, Dist.constant(3)).probabilities()))),  # a sure 3 into 1 space
                          lambda s: "Only cubes that fit are kept: one space, one cube; the other two go back to the pile (HU-059, HU-064).")),
    TourStep(
        "A Curse arrives", CURSE_TEXT, ("HU-091", "HU-092", "HU-093", "HU-094", "HU-095", "HU-096", "HU-097", "HU-098"),
        reach=lambda s: s.phase == "curse_flee_decision",
        task="flee or accept the Curse",
        done=_phase_left("curse_flee_decision"), after=_after_curse,
        question=Question("If you flee this Curse, how many points does it cost you at the end?",
                          _curse_choices, lambda s: str(s.n),
                          lambda s: f"A fled Curse costs as many points as there are players: {s.n} here (HU-097). An "
                                    "accepted one costs nothing at the end, full or not (HU-098).")),
    TourStep(
        "Draw cards, and the kinds of card", DRAW_TEXT,
        ("HU-044", "HU-045", "HU-046", "HU-047", "HU-082", "HU-084", "HU-088", "HU-091", "HU-099"),
        reach=lambda s: s.phase == "turn_take_die",
        task="take a die, choose draw, then play one of the cards you drew",
        done=_phase_left("turn_take_die", "turn_choose_action", "draw_choose_card", "curse_choose_target", "curse_flee_decision",
                         "effect_order"),
        after=_after_draw,
        question=Question("You draw with a die showing 3. How many of the drawn cards do you play?",
                          lambda s: ["1", "2", "3"], lambda s: "1",
                          lambda s: "Exactly one; the others go back under the deck (HU-046, HU-047).")),
    TourStep(
        "The end of a round", ROUND_TEXT, ("HU-035", "HU-037", "HU-038", "HU-039", "HU-040", "HU-032"),
        reach=_round_two,
        question=Question("Who is the first player of round 2, the one who rolled the dice?",
                          lambda s: [f"Player {i + 1}" for i in range(s.n)], _first_player,
                          lambda s: f"{_first_player(s)}: after the fifth die the first-player token moves one seat to the "
                                    "left, and its holder rolls the next round's dice (HU-037, HU-032).")),
    TourStep(
        "A Raid: once, when it helps", RAID_TEXT, ("HU-084", "HU-085", "HU-086", "HU-087", "HU-072"),
        reach=_any_move("activate"),
        task="use your Raid",
        done=_raid_used, after=_after_raid,
        question=Question("How many points does a Raid score at the end if you never use it?",
                          lambda s: ["0", "1", str(s.n)], lambda s: "1",
                          lambda s: "Every Raid in your Camp scores +1 point at the end, used or not (HU-087).")),
    TourStep(
        "A whole turn of your own", TURN_TEXT, ("HU-033", "HU-034", "HU-041", "HU-049", "HU-059", "HU-071"),
        reach=lambda s: s.round >= 3 and s.phase == "turn_take_die",
        task="take a die, draw or pillage with it, then end your turn",
        done=lambda start, now: now.turn != start.turn or now.round != start.round or now.is_terminal,
        after=lambda start, now: "Your turn is over; the bots played theirs, and the log lists each move.",
        question=Question("Look at the dice not taken yet: if you took the leftmost one and pillaged, how many cubes would "
                          "you take from the pile?",
                          lambda s: ["0", "1", "2", "3", "4"], lambda s: str(_pillaged(s)), _kept_why)),
    TourStep(
        "Cubes on a card: any colour", ONTO_TEXT, ("HU-050", "HU-051", "HU-054", "HU-055", "HU-056", "HU-088", "HU-090"),
        reach=lambda s: any(isinstance(a, Onto) and a.card is not None for a in s.legal_actions()),
        task="put the cubes onto the card, not onto your Wagons",
        done=_phase_left("pillage_choose_destination", "pillage_place"),
        after=_filled,
        question=Question("Your die's colour differs from the card's. May its cubes go onto the card?",
                          lambda s: ["yes", "no"],
                          lambda s: "yes" if Onto(_onto_card(s)) in s.legal_actions() else "no",
                          lambda s: f"Putting the cubes onto {_onto_card(s)} {s.data.cards[_card_index(s, _onto_card(s))].name} is "
                                    + ("a legal" if Onto(_onto_card(s)) in s.legal_actions() else "not a legal")
                                    + f" move with the {COLOURS[s.die]} die: a Mercenary's or a Curse's spaces accept "
                                    "cubes of any colour (HU-055).")),
    TourStep(
        "A full Wagon is dispatched", DISPATCH_TEXT, ("HU-060", "HU-061", "HU-062", "HU-101", "HU-102", "HU-104", "HU-105"),
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
        "Treasures score at the end",
        "<p>A yellow <b>Treasure</b> in your Camp does nothing during play. At the end of the game it scores as many "
        "points as there are players if you meet its condition, and nothing if you do not. Hover the Treasure in your "
        "Camp to read its condition.</p><p><b>How to use one:</b> let it steer your choices: a Treasure asking for "
        "dispatched Wagons rewards pillaging, one asking for Raids rewards drawing red.</p>",
        ("HU-099", "HU-100", "HU-101"),
        reach=lambda s: s.phase == "turn_take_die" and any(s.data.cards[c].colour == 4 for c in s.camps[0].cards),
        question=Question("If the game ended now, how many points would your Treasure score?",
                          lambda s: _choices(0, 1, s.n), _treasure_points, _treasure_why)),
    TourStep(
        "Play a Curse on an opponent", CURSE_ON_TEXT, ("HU-091", "HU-092", "HU-094", "HU-097"),
        reach=lambda s: s.phase == "curse_choose_target",
        task="choose the opponent who receives your Curse",
        done=_phase_left("curse_choose_target"), after=_after_curse_on,
        question=Question("Who decides whether this Curse is fled or accepted?",
                          lambda s: ["you", "the player who receives it", "nobody: it is always accepted"],
                          lambda s: "the player who receives it",
                          lambda s: "The target chooses, the moment it arrives: flee it (face down, points lost at the end) "
                                    "or accept it (HU-094).")),
    TourStep(
        "The end of the game", END_TEXT, ("HU-038", "HU-039", "HU-040", "HU-101", "HU-102", "HU-105", "HU-106", "HU-107"),
        reach=lambda s: s.is_terminal,
        question=Question("Who won this game?",
                          lambda s: [f"Player {i + 1}" for i in range(s.n)] + (["a shared victory"] if len(s.winners()) > 1 else []),
                          lambda s: _winner_text(s) if len(s.winners()) == 1 else "a shared victory", _end_why)),
]


def tour(step: int = 1) -> TourView:
    """The guided tour: one game, step by step, from the set-up to the final score sheet."""
    view = TourView(CONFIG, TOUR, players=3, seed=5, title="Huns, step by step")
    if step != 1:
        view.go(step - 1)
    return view


KIT = GameKit(CONFIG, LESSONS, assumptions, title="Huns", seed=5)
learn_table, play_table = KIT.learn_table, KIT.play_table


def lesson(name: str, players: int = 3, seed: int | None = None):
    """A lesson's live table for the Learn page, on a deal that comes to its position (LESSON_SEEDS)."""
    return KIT.lesson(name, players, LESSON_SEEDS.get(name) if seed is None else seed)


def lesson_table(name: str, players: int = 3, seed: int | None = None):
    return KIT.lesson_table(name, players, LESSON_SEEDS.get(name) if seed is None else seed)

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
def _chance(p: Fraction) -> str:
    """A chance as people read it, a percentage in bold, with the exact fraction a hover away."""
    return f"<b title='exactly {p}'>{float(p):.1%}</b>"


def _draft_page(i: Inputs) -> Shown:
    """What the dice draft leaves the picker (Q3), and what one Pillage of that die fills (Q4, Q5)."""
    dist = odds.value_left_to_picker(i.picker, i.earlier)
    mean = dist.mean()
    text = answer_html(f"As picker #{i.picker} your best die shows 3 with probability {_chance(dist.probability(3))}; on "
                       f"average <span title='exactly {mean}'>{float(mean):.2f}</span>.", 18,
                       f"Pillaging it into {i.spaces} free space(s) places {float(odds.expected_cubes(i.spaces, dist)):.2f} "
                       f"cubes on average and fills them all with probability {_chance(odds.fill_chance(i.spaces, dist))} "
                       "(HU-040, HU-042).")
    rows = dist.rows()
    bar = plot.Bar(x=[str(o) for o, _, _ in rows], y=[float(p) for _, p, _ in rows], text=[percent(p) for _, p, _ in rows],
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
    text = answer_html(f"Filled this round with probability {_chance(by_turns[i.turns])}",
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
