"""Henchmania views: the table (generic GameView with Henchmania's board, phases and bots) and the duel odds."""

from __future__ import annotations

import html
from fractions import Fraction

import ipywidgets as ipw

import hench
from hench.henchmania import PHASES, assumptions, load_data, montecarlo, odds, scoring
from hench.henchmania.actions import Play
from hench.henchmania.bots import HeuristicBot, RandomBot, dominated_sites

from . import plot
from .cards import CardGallery
from .core import assumptions_table, guarded
from .henchmania_lessons import CardLessons
from .odds import Inputs, OddsExplorer, Shown, Slider, Switch, answer_html, percent
from .play import GameKit, TableConfig, card_tooltip
from .tour import Question, TourStep, TourView


def chance(p: Fraction) -> str:
    """A chance as people read it, a percentage in bold, the exact fraction a hover away."""
    return f"<b title='exactly {p.numerator}/{p.denominator}'>{float(p):.1%}</b>"


def _percent(p: Fraction) -> str:
    """A chance in plain text (a question's choices, an explanation): the percentage alone."""
    return f"{float(p):.1%}"


def _duel_odds(state) -> str:
    """During a duel, the exact chance the Attacker wins from here (the game's odds module)."""
    p = odds.live_duel_win_probability(state)
    return "" if p is None else f"&middot; the Attacker wins this duel with probability {chance(p)}"


MOVE_TIPS = {  # what a move that names no card does, in plain words (the card moves say their card's text)
    "place": "Put one of your henchman pawns on this site and draw the top card of its pile at once (HM-016, HM-017).",
    "take extra": "You have more pawns on this site than anyone else: draw one extra card from its pile (HM-021, HM-022).",
    "skip extra": "Take no extra card from the site you dominate (HM-022).",
    "pass": "Stop playing cards for the rest of the day; you may still answer a duel with a Guard or an Armory card (HM-047, HM-048).",
    "no": "Play no Guard card: the duel goes ahead (HM-053, HM-102).",
    "fight": "Fight with bare hands, without a weapon card (HM-054).",
    "roll": "Roll the dice of the duel (HM-057 to HM-061).",
    "keep": "Your Nosy Parker may keep one hand card for tomorrow; keep none and every hand card is discarded (HM-101).",
    "no Apothecary": "Do not use your Apothecary: every unparried hit counts (HM-096).",
    "no Courtesan": "Do not use the Courtesan in this duel (HM-092).",
}


CONFIG = TableConfig(
    game_id="henchmania", phases=PHASES,
    make_bot=HeuristicBot, bot_kinds={"heuristic": HeuristicBot, "random": RandomBot},
    clock=scoring.scored_day, clock_label="day", explain=_duel_odds,
    show_stepper=False,  # the board draws the phase bar and the last events itself
    tooltip=card_tooltip(hench.get_game("henchmania"), MOVE_TIPS),
    roll_seats=lambda s: (s.duel["att"], s.duel["dfn"]) if s.duel else range(s.n),  # a duel's dice: its two fighters
)


LESSONS = {
    "phase 1": lambda s: True,
    "phase 2": lambda s: s.phase == "play_cards",
    "duel": lambda s: any(str(a).startswith("play Glove") for a in s.legal_actions()),
    "end of day": lambda s: s.day >= 2 and s.phase == "set_henchmen",
}


def _my_pawns(s) -> int:
    return sum(site[0] for site in s.pawns)


def _new_cards(start, now) -> str:
    """The cards that came into the learner's hand (their own hand: theirs to see)."""
    before = list(start.hands[0])
    got = []
    for card in now.hands[0]:
        if card in before:
            before.remove(card)
        else:
            got.append(now.data.deck[card].name)
    return ", ".join(got) or "no card"


def _placed(start, now) -> str:
    sites = [name for i, name in enumerate(now.data.site_names) if now.pawns[i][0] > start.pawns[i][0]]
    return (f"You put a pawn on the {', '.join(sites) or '?'} and drew {_new_cards(start, now)} from that site's pile "
            "at once (HM-016, HM-017). Now the bots place theirs, one at a time: press 'Next bot move ▶' under the board "
            "to see each one and what it drew.")


def _day_over(start, now) -> str:
    names = [f"Player {i + 1} {v}" for i, v in enumerate(now.scores())]
    return (f"Day {start.day} ended: each Lord scored their Reserve cards, used cards were straightened, the pawns came "
            f"home and the Badge moved on (HM-071 to HM-076). Scores now: {', '.join(names)}.")


def _game_over(start, now) -> str:
    names = [f"Player {i + 1} {v}" for i, v in enumerate(now.scores())]
    won = " and ".join(f"Player {i + 1}" for i in now.winners())
    return f"The game is over: {won} becomes the Bailiff (HM-008). Final scores: {', '.join(names)}."


def _gloves(s) -> int:
    return sum(1 for card in s.hands[0] if s.data.deck[card].name == "Glove")


def _spots(s) -> int:
    return int(s.data.values["spots"][s.n])


def _choices(*values) -> list[str]:
    return [str(v) for v in sorted(set(values))]


def _seat(i) -> str:
    return "nobody" if i is None else f"Player {i + 1}"


def _asked_site(s) -> str:
    """The site the domination question asks about: a tied one if there is one (HM-023), else the first."""
    doms = dominated_sites(s)
    return next((site for site, who in doms.items() if who is None), next(iter(doms)))


def _pawn_counts(s, site: str) -> str:
    row = s.pawns[s.data.site_names.index(site)]
    return ", ".join(f"Player {i + 1} {n}" for i, n in enumerate(row))


def _dominated(start, now) -> str:
    extra = [name for name, who in dominated_sites(start).items() if who == 0]
    return (f"You dominated the {', '.join(extra) or '?'}: more pawns there than any other Lord, so you could draw one "
            f"extra card from its pile (HM-021, HM-022). Your hand went from {len(start.hands[0])} to "
            f"{len(now.hands[0])} cards before the card play began (HM-024).")


def _trump_what_if(s):
    """The learner's position with a full Reserve, a Trump and one more Reserve card in hand (cards moved from the
    piles, so every card is still in one place): (position, the Trump's name, the Reserve card's name)."""
    w = s.clone()
    deck, limit, mine = w.data.deck, w.data.values["reserve_limit"], w.reserves[0]

    def take(fits) -> str:
        for pile in w.piles:
            for c in pile:
                if fits(deck[c]):
                    pile.remove(c)
                    return c
        raise LookupError("no such card left in the piles")

    hand = w.hands[0]
    hand.append(take(lambda card: card.type == "trump"))
    while len(mine) < limit:
        mine.append(take(lambda card: card.type == "reserve" and w.count(mine, card.name) < card.reserve_max))
    hand.append(take(lambda card: card.type == "reserve" and w.count(mine, card.name) < card.reserve_max))
    w.trumps[0] = None
    return w, deck[hand[-2]].name, deck[hand[-1]].name


def _trump_legal(s) -> str:
    w, trump, _ = _trump_what_if(s)
    return "yes" if Play(trump) in w.legal_actions() else "no"


def _trump_why(s) -> str:
    w, trump, reserve = _trump_what_if(s)
    refused = w.illegal_reason(Play(reserve))
    ninth = (f" But a ninth Reserve card, '{reserve}', is refused ({refused.rule_id}: {refused.why})." if refused is not None
             else "")
    return (f"With {w.data.values['reserve_limit']} Reserve cards in front of you, 'play {trump}' is still a legal move: "
            f"a Trump lies beside the Reserve, not in it (HM-041, HM-097).{ninth} You hold one Trump at most; "
            "a new one discards the old (HM-043, HM-044).")


def _tiebreak_draw(s) -> Fraction:
    a, d = s.data.values["bare_hands_attack"], s.data.values["bare_hands_defense"]
    return odds.tiebreak_round(a, d, a, d)[2]


def _can_play(s, kinds: tuple[str, ...] = (), names: tuple[str, ...] = ()) -> bool:
    """At the learner's turn in phase 2, a card of one of these types (or names) can be played from the hand."""
    if s.phase != "play_cards" or s.current_player != 0:
        return False
    deck = s.data.by_name
    for a in s.legal_actions():
        text = str(a)
        if text.startswith("play "):
            name = text.removeprefix("play ").split(" on ")[0].split(" replacing ")[0]
            if name in names or (name in deck and deck[name].type in kinds):
                return True
    return False


TRUMPS = tuple(card.name for card in load_data().cards if card.type == "trump")
RESERVE_NAMES = tuple(card.name for card in load_data().cards if card.type == "reserve")
TAKERS = ("Drunkard",)


def _reserve_played(start, now) -> bool:
    return len(now.reserves[0]) > len(start.reserves[0]) or now.day != start.day


def _reserve_after(start, now) -> str:
    new = [now.data.deck[c].name for c in now.reserves[0] if c not in start.reserves[0]]
    return (f"{', '.join(new) or 'No card'} now lies in your Reserve: it stays there day after day (HM-029) and no "
            "Drunkard, Trick or Brawl can touch it there. Your Reserve holds "
            f"{len(now.reserves[0])} of {now.data.values['reserve_limit']} cards (HM-032).")


def _duel_why() -> str:
    """Why a good player duels, with the exact odds of the data in force."""
    values = load_data().values
    a, d = values["bare_hands_attack"], values["bare_hands_defense"]
    p = odds.duel_win_probability(a, d)
    gain, _ = odds.expected_points(a, d)
    return (f"<p><b>Why a good player duels:</b> bare hands against bare hands the Attacker wins {chance(p)} of duels. "
            f"A win brings +{values['attacker_win_points']}, a loss costs only "
            f"{values['attacker_loss']}: on average the challenge is worth <b>{float(gain):+.1f}</b> points to you. "
            "A Glove pays as soon as your chance is above 1 in 6, so challenge the leader with your Gloves, and "
            "keep an Axe or a Sword to attack with (they hit on 4 or more). The Odds app works out any pair.</p>")


def _drunkards(s) -> int:
    return sum(1 for c in s.hands[0] if s.data.deck[c].name == "Drunkard")


def _took_after(start, now) -> str:
    return (f"You played a Drunkard and took a card from another Lord's hand: the new card in your hand is "
            f"{_new_cards(start, now)} (only you see its face, HM-090); the Drunkard went to the Tavern's discard pile "
            "(HM-028).")


DRUNKARD_STEP = TourStep(
    "Taking a card from a hand",
    "<p>You hold a <b>Drunkard</b>, a Tavern card: it takes one card from another Lord's hand. You pick the Lord and "
    "the site shown on the back of their cards, and get one of their cards with that back at random. <b>Why a good "
    "player plays it:</b> the backs tell you where a card came from, so a Main Square back may be a Glove and an Armory "
    "back is a weapon; take from the Lord who holds the most cards, and take it before they can play it. It is also "
    "why you lay your own Reserve cards early: in your hand they can be taken like this.</p>",
    ("HM-090", "HM-089", "HM-027", "HM-028"),
    reach=lambda s: _can_play(s, names=TAKERS),
    task="play the Drunkard on another Lord and pick the back of the card you want",
    done=lambda start, now: _drunkards(now) < _drunkards(start) or now.day != start.day,
    after=_took_after,
    question=Question("Can you see the faces of the cards in another Lord's hand?",
                      lambda s: ["yes", "no, only their backs (the site they came from)"],
                      lambda s: "no, only their backs (the site they came from)",
                      lambda s: "Hand cards are secret; their backs are public and show their site (HM-089, HM-090)."))


def _two_on_top(s) -> bool:
    top = max(s.scores_)
    return s.phase in ("set_henchmen", "play_cards") and s.scores_.count(top) == 2


def _tied_pair(s) -> str:
    top = max(s.scores_)
    return " and ".join(f"Player {i + 1}" for i, v in enumerate(s.scores_) if v == top)


def _ends_today(s) -> bool:
    """Someone has already reached the target score: the game ends with this day (HM-077)."""
    t = s.opts["win_threshold"]
    return any(v >= t if s.opts["threshold_inclusive"] else v > t for v in s.scores_)


def _final_sheet(s) -> str:
    return ", ".join(f"Player {i + 1} {v}" for i, v in enumerate(s.scores_))


TOUR = [
    TourStep(
        "Setup and the goal",
        "<p>You are <b>Player 1</b>; the bots play the other Lords. This tour is one game from the first pawn to the "
        "Bailiff: your moves carry on from step to step, and <b>Next</b> plays on (the bots, and your own seat for you) "
        "to where the next lesson starts. Every Lord starts with the same points and the same henchman pawns, and the "
        "first player holds the <b>Badge of Honor</b>: they open each phase of the day. The Lord with the most points at "
        "the end of the game wins. Look at the scoreboard on the right.</p>",
        ("HM-008", "HM-009", "HM-010", "HM-013"),
        question=Question("How many points does every Lord start with?",
                          lambda s: _choices(0, 3, s.scores()[0], 8, 30), lambda s: str(s.scores()[0]),
                          lambda s: f"Every Lord starts at {s.scores()[0]} points and with "
                                    f"{s.data.values['pawns_per_player']} pawns (HM-009, HM-010).")),
    TourStep(
        "Phase 1: send a henchman",
        "<p>A day has three phases. In the first, starting with the Badge holder, each Lord in turn puts <b>one pawn</b> "
        "on one of the five sites and at once <b>draws the top card</b> of that site's pile. Each site offers its own "
        "kind of cards: the Tavern tricks and thefts, the Castle Performances, the Main Square duels (the Gloves), the "
        "Church points, the Armory weapons. <b>Why it matters where:</b> want to duel? Go to the Main Square and the "
        "Armory. Want steady points? The Church and the Castle.</p>",
        ("HM-015", "HM-016", "HM-017", "HM-020"),
        task="click a site on the board (or a 'place' button) to put a pawn there",
        done=lambda start, now: _my_pawns(now) > _my_pawns(start) or now.phase != start.phase,
        after=_placed, watch_bots=True,
        question=Question("With 3 players, how many pawns fit on one site?",
                          lambda s: _choices(4, 5, 7, 8), lambda s: str(_spots(s)),
                          lambda s: f"A site has {_spots(s)} spots with {s.n} players; a full site refuses more pawns (HM-020).")),
    TourStep(
        "Domination: an extra card",
        "<p>When every pawn is placed, look at each site: the Lord with <b>more pawns there than any other</b> dominates "
        "it and may draw one extra card from its pile. If the most pawns on a site are tied, <b>nobody</b> dominates "
        "it. Here you dominate a site: take your extra card. <b>Why:</b> a card is a move; take it unless the pile "
        "only offers what you cannot use.</p>",
        ("HM-021", "HM-022", "HM-023", "HM-024"),
        reach=lambda s: s.phase == "resolve_domination",
        task="take the extra card of the site you dominate (or skip it)",
        done=lambda start, now: now.phase != "resolve_domination" or now.day != start.day,
        after=_dominated,
        question=Question("Look at the pawns on the board. Which answer says rightly who dominates that site?",
                          lambda s: [f"{_asked_site(s)}: {_seat(i)}" for i in (None, 0, 1, 2)],
                          lambda s: f"{_asked_site(s)}: {_seat(dominated_sites(s)[_asked_site(s)])}",
                          lambda s: f"Pawns on the {_asked_site(s)}: {_pawn_counts(s, _asked_site(s))}. Only a Lord with "
                                    "more pawns than every other dominates; a tie at the top means nobody does "
                                    "(HM-021, HM-023).")),
    TourStep(
        "Phase 2: Reserve cards first",
        "<p>Now the Lords play cards, one card a turn, round the table, until everyone has passed. <b>Action</b> cards "
        "act at once; <b>Reserve</b> cards stay in front of you and keep working; one <b>Trump</b> at most. "
        "<b>Why a good player lays Reserve cards early:</b> a card in your hand is at risk. A Drunkard or a Trick takes "
        "one, a Brawl knocks one out, and every card still in your hand is discarded when the day ends. In your Reserve a "
        "card is safe from all of that, and it works every day: a Prayer laid on day 1 scores at four day-ends, laid on "
        "day 4 only once. Keep your Action cards (Gloves, Holy Water...) for the right moment.</p>",
        ("HM-025", "HM-027", "HM-029", "HM-032", "HM-049", "HM-090"),
        reach=lambda s: _can_play(s, kinds=("reserve",)),
        task="play one of your Reserve cards (hover a card's button to read it)",
        done=_reserve_played, after=_reserve_after,
        question=Question("How many cards may a Reserve hold at most?",
                          lambda s: _choices(3, 5, s.data.values["reserve_limit"], 10),
                          lambda s: str(s.data.values["reserve_limit"]),
                          lambda s: f"A Reserve holds at most {s.data.values['reserve_limit']} cards (HM-032); "
                                    "a card may have a smaller maximum of its own (HM-035).")),
    TourStep(
        "A duel",
        "<p>A <b>Glove</b> challenges another Lord, who cannot refuse. Each side picks a weapon (or bare hands), the "
        "Attacker rolls three dice for hits and the Defender one die per hit to parry. One unparried hit is enough "
        "for the Attacker to win; the Defender loses a point per unparried hit.</p>" + _duel_why(),
        ("HM-052", "HM-053", "HM-054", "HM-057", "HM-060", "HM-065", "HM-066"),
        reach=lambda s: _can_play(s, names=("Glove",)),
        task="play the Glove on another Lord, then choose your weapon and roll the dice",
        done=lambda start, now: now.duel is None and _gloves(now) < _gloves(start),
        after=lambda start, now: "The duel is settled: the list shows the dice and the points won and lost.",
        question=Question("Attack 4 against Defence 3: who is more likely to win the duel?",
                          lambda s: ["the Attacker", "the Defender"],
                          lambda s: "the Attacker" if odds.duel_win_probability(4, 3) > Fraction(1, 2) else "the Defender",
                          lambda s: f"The Attacker wins with probability {_percent(odds.duel_win_probability(4, 3))} "
                                    "(HM-057 to HM-061): each die must hit, and then not be parried.")),
    DRUNKARD_STEP,
    TourStep(
        "Phase 3: the end of the day",
        "<p>When everyone has passed, the day ends by itself: each Lord scores the <b>Reserve</b> cards in front of "
        "them (Performance cards score by how many different ones you hold), every hand is discarded, used cards are "
        "straightened, the pawns come home and the Badge moves one seat on. <b>When to pass:</b> every card left in your "
        "hand is discarded tonight (unless a Nosy Parker keeps one), so play what helps you first, and pass when nothing "
        "left is worth a turn.</p>",
        ("HM-049", "HM-071", "HM-072", "HM-073", "HM-074", "HM-076"),
        reach=lambda s: s.phase == "play_cards",
        task="pass (and keep passing or playing) until the next day starts",
        done=lambda start, now: now.day > start.day or now.is_terminal,
        after=_day_over,
        question=Question("How many points do three different Performance cards score at the end of a day?",
                          lambda s: _choices(*s.data.values["performance_points"], 6),
                          lambda s: str(s.data.values["performance_points"][3]),
                          lambda s: "1, 2 or 3 different Performance cards score "
                                    + ", ".join(map(str, s.data.values["performance_points"][1:4])) + " points (HM-072).")),
    TourStep(
        "Trumps: beside the Reserve",
        "<p>A <b>Trump</b> has come into play: look at the Trump line of the Lords on the board, and at your hand "
        "(hover a Trump to read it). Each site's pile hides just one. A Lord holds <b>one Trump at most</b>: playing a "
        "new one discards the old. A Trump lies beside the Reserve, not in it: it does not count toward the Reserve "
        "limit, and cards that hit Reserve cards cannot touch it. <b>Why a good player plays one at once:</b> most "
        "Trumps work once every day, so each day it waits in the hand is a use lost, and it costs no Reserve space. "
        "If yours is still in your hand, play it now.</p>",
        ("HM-039", "HM-041", "HM-042", "HM-043", "HM-044", "HM-097"),
        reach=lambda s: s.phase == "play_cards" and (_can_play(s, kinds=("trump",)) or any(t is not None for t in s.trumps)),
        question=Question("Your Reserve is full and a Trump comes into your hand. May you play it without discarding anything?",
                          lambda s: ["yes", "no"], _trump_legal, _trump_why)),
    TourStep(
        "Two Lords level at the top",
        "<p>Look at the scores: two Lords are level at the top right now. Were the game to end like this, they would "
        "settle it by duels: each attacks the other once, with the Reserve cards in front of them, and whoever "
        "inflicted more wounds wins; if the wounds are equal they fight another pair. If <b>three or more</b> tie on top, "
        "the game goes on for one more day.</p>",
        ("HM-080", "HM-081", "HM-082", "HM-083", "HM-084", "HM-085"),
        reach=_two_on_top,
        question=Question("Two tied Lords both fight bare-handed. How likely is it that their first pair of duels ends level, "
                          "so they must fight again?",
                          lambda s: [_percent(p) for p in sorted({_tiebreak_draw(s), Fraction(1, 6), Fraction(1, 2)})],
                          lambda s: _percent(_tiebreak_draw(s)),
                          lambda s: f"Equal wounds after both duels happen with probability {_percent(_tiebreak_draw(s))} "
                                    "(bare hands both ways, worked out exactly over every roll of the dice); then another "
                                    "pair is fought until one leads (HM-081, HM-082, HM-084).")),
    TourStep(
        "The last day",
        "<p>The game ends after the end of a day in which someone reached the target score, or after the last day. "
        "The Lord with the most points becomes the Bailiff. This is the last day (look at the day and the scores "
        "on the board): play it out. <b>Why spend "
        "everything:</b> nothing carries over any more, so a Glove on the leader is worth more than a card kept.</p>",
        ("HM-075", "HM-077", "HM-078", "HM-008"),
        reach=lambda s: s.phase == "play_cards" and (s.day == s.last_day or _ends_today(s)),
        task="play or pass until the game ends",
        done=lambda start, now: now.is_terminal,
        after=_game_over,
        question=Question("When does a game of Henchmania end?",
                          lambda s: [f"after day {s.last_day}, or after a day in which someone has {s.opts['win_threshold']} points or more",
                                     f"as soon as someone has {s.opts['win_threshold']} points", "when a site's pile runs out"],
                          lambda s: f"after day {s.last_day}, or after a day in which someone has {s.opts['win_threshold']} points or more",
                          lambda s: "The end is checked only at the end of a day (HM-075, HM-077, HM-078).")),
    TourStep(
        "The Bailiff and the score sheet",
        "<p>The game is over. Under the board, the <b>score sheet</b> shows where each Lord's points came from: the "
        "start, the Reserve cards scored at each day's end, duels, cards that give points; and, only when two Lords "
        "tied on top, how their tie-break duels went. Read it to see what won: a good player looks at which source "
        "paid most, and plays for it from day 1 next time.</p>",
        ("HM-008", "HM-071", "HM-065", "HM-080"),
        reach=lambda s: s.is_terminal,
        question=Question("Who becomes the Bailiff?",
                          lambda s: [f"Player {i + 1}" for i in range(s.n)],
                          lambda s: f"Player {s.winners()[0] + 1}",
                          lambda s: f"Final scores: {_final_sheet(s)}; the most points wins (HM-008). "
                                    + (scoring.score_sheet(s).tie_break or "Nobody tied on top, so no tie-break duels "
                                       "were needed (HM-080).")))
]


TOUR_SEED = 78  # a deal whose one game brings every step in order, and every step in the bots' own game too


def tour(step: int = 1) -> TourView:
    """The guided tour: a real game, step by step, from setup to the Bailiff."""
    view = TourView(CONFIG, TOUR, players=3, seed=TOUR_SEED, title="Henchmania, step by step")
    if step != 1:
        view.go(step - 1)
    return view


KIT = GameKit(CONFIG, LESSONS, assumptions, title="Henchmania", seed=7)
learn_table, lesson, lesson_table, play_table = KIT.learn_table, KIT.lesson, KIT.lesson_table, KIT.play_table
rules, assumptions_in_force = KIT.rules, KIT.assumptions_in_force


def card_lessons(card: str = "", players: int = 3) -> CardLessons:
    """Every card with a live example: pick one, read why a good player uses it, and make its move on a live table."""
    return CardLessons(CONFIG, players=players, card=card)


def simulation(games: int = 200, players: int = 3):
    return KIT.simulation(games, players)


# -- odds (widgets.odds.OddsExplorer) -------------------------------------------------------------------------------
def _duel_page(i: Inputs) -> Shown:
    """Attack and Defence thresholds in: the exact chance the Attacker wins, every pair's chance in a heatmap with
    this one outlined, and the unparried hits."""
    a, d, apo = i.attack, i.defense, i.apothecary
    p = odds.duel_win_probability(a, d, apothecary=apo)
    gain, loss = odds.expected_points(a, d, apothecary=apo)
    text = answer_html(f"The Attacker wins with probability {chance(p)}", 20,
                       f"Expected change: Attacker <b title='exactly {gain}'>{float(gain):+.2f}</b> points, Defender "
                       f"<b title='exactly {loss}'>{float(loss):+.2f}</b> points (hover a number for its exact value).")
    table = odds.win_table(apothecary=apo)
    faces = range(1, 7)
    heat = plot.Heatmap(x=list(faces), y=list(faces), z=[[float(table[(at, de)]) for de in faces] for at in faces],
                        text=[[percent(table[(at, de)]) for de in faces] for at in faces], colorscale="RdBu", zmin=0, zmax=1,
                        customdata=[[f"{table[(at, de)]}" for de in faces] for at in faces], texttemplate="%{text}",
                        hovertemplate="attack %{y}, defence %{x}: %{z:.1%} (exactly %{customdata})<extra></extra>")
    mark = plot.Scatter(x=[d], y=[a], mode="markers", hoverinfo="skip", showlegend=False,
                        marker=dict(symbol="square-open", size=46, color="black", line=dict(width=3)))
    rows = odds.unparried_hits(a, d, apothecary=apo).rows()
    bars = plot.Bar(x=[str(o) for o, _, _ in rows], y=[float(pr) for _, pr, _ in rows], text=[percent(pr) for _, pr, _ in rows],
                    customdata=[f"{pr}" for _, pr, _ in rows], textposition="outside", marker_color="#8e3b2f",
                    hovertemplate="%{x} unparried: %{y:.1%} (exactly %{customdata})<extra></extra>")
    return Shown(text, [heat, mark], dict(xaxis_title="Defence threshold (a die ≥ this parries)",
                                          yaxis_title="Attack threshold (a die ≥ this hits)"),
                 more=([bars], dict(yaxis_tickformat=".0%", xaxis_title="unparried hits")),
                 check=(montecarlo.CHECKS["duel"], dict(attack=a, defense=d, apothecary=apo)))


class DuelOddsView(OddsExplorer):
    """Attack and defence thresholds in, the exact chance the Attacker wins out, with a heatmap of all 36."""

    def __init__(self, attack: int = 4, defense: int = 3):
        values = load_data().values
        self.bare = (values["bare_hands_attack"], values["bare_hands_defense"])
        self.bare_button = ipw.Button(description="Both bare-handed", tooltip="the assumed bare-hands values")
        self.bare_button.on_click(lambda _: self._bare())
        super().__init__("hench-duel-odds", [
            (Slider("attack", "Attack ≥", 1, 6, attack, what="the Attack threshold"),
             Slider("defense", "Defence ≥", 1, 6, defense, what="the Defence threshold")),
            (Switch("apothecary", "Defender has an Apothecary"), self.bare_button)],
            _duel_page, chart=("Chance the Attacker wins, for every pair of thresholds", 430),
            more=("Unparried hits (each costs the Defender a point)", 280))

    @guarded()
    def _bare(self) -> None:
        self.set(attack=self.bare[0], defense=self.bare[1])
        self.messages.show(f"Bare hands: Attack {self.bare[0]}, Defence {self.bare[1]} (assumed values: the rulebook's icons are lost).", "info")


def _tiebreak_page(i: Inputs) -> Shown:
    """Two tied leaders duel in turn (HM-080..084): the chance X wins, and how it moves with X's Attack."""
    xs = range(1, 7)
    rounds = {xa: odds.tiebreak_round(xa, i.xd, i.ya, i.yd) for xa in xs}
    wins = {xa: None if px + py == 0 else px / (px + py) for xa, (px, py, _) in rounds.items()}
    bar = plot.Bar(x=[str(x) for x in xs], y=[None if c is None else float(c) for c in wins.values()],
                   text=["never ends" if c is None else percent(c) for c in wins.values()], textposition="outside",
                   marker_color=["#b5651d" if x == i.xa else "#1d4f91" for x in xs])
    layout = dict(xaxis_title="X's Attack threshold (the others as set above)", yaxis_tickformat=".0%", yaxis_range=[0, 1.15])
    p = wins[i.xa]
    if p is None:
        return Shown(answer_html("Neither Lord can ever wound the other with these values: the tie-break never ends "
                                 "(a Defence of 1 parries every hit)."), [bar], layout,
                     check="No simulation: this tie-break never ends.")
    draw = rounds[i.xa][2]
    return Shown(answer_html(f"X wins the tie-break with probability {chance(p)}.",
                             note=f"One pair of duels is a draw with probability {chance(draw)}; a draw is "
                                  "fought again (HM-080 to HM-084)."), [bar], layout,
                 check=(montecarlo.CHECKS["tiebreak"], dict(x_attack=i.xa, x_defense=i.xd, y_attack=i.ya, y_defense=i.yd)))


class TiebreakView(OddsExplorer):
    """Two tied leaders duel in turn (HM-080..084): the chance the first one wins the tie-break."""

    def __init__(self) -> None:
        super().__init__("hench-tiebreak-odds", [
            (Slider("xa", "X attack", 1, 6, 4), Slider("xd", "X defence", 1, 6, 4)),
            (Slider("ya", "Y attack", 1, 6, 4), Slider("yd", "Y defence", 1, 6, 4))],
            _tiebreak_page, chart=("Chance X wins the tie-break, by X's Attack threshold", 280))


# -- every card explained (issue 9) -------------------------------------------------------------------
def card_gallery(players: int = 3, data: str | None = None) -> CardGallery:
    """Every card of the game (or of your own data file, `data=path`), in plain words, filtered by kind."""
    return CardGallery("henchmania", hench.get_game("henchmania").new_game(players, seed=KIT.seed, data=data))


def _readable(row) -> dict[str, str]:
    """An assumptions row in words: a value's key as a name ('pawns_per_player': 'Pawns per player'), a reading's
    option named for what it does (the option ids are for programmers)."""
    what, value, source, note = (str(x) for x in row)
    if not what.startswith("reading "):
        what = what.replace("_", " ").capitalize()
    elif note.startswith("option "):
        note = "an option of a custom game changes it"
    return dict(what=what, value=value, source=source, note=note)


def assumed_values() -> ipw.HTML:
    """The game values the rulebook text does not give and how the engine reads the catalogue's ambiguities; the
    cards' own placeholders are in the gallery."""
    rows = [_readable(row) for row in assumptions() if not str(row[0]).startswith("card ")]
    return assumptions_table(rows, title="Henchmania values and readings the rulebook text does not give "
                                         "(cards: see the gallery)")


def _check_rows() -> list[tuple[str, str, bool]]:
    """(what the rulebook says, what the engine computes, whether they agree) for the rulebook's own numbers."""
    one = odds.unparried_hits(4, 3).probability(1)
    swing = odds.point_changes(4, 3).probability((5, -1))
    perf = [odds.performance_points(k) for k in (1, 2, 3)]
    never, sure = odds.duel_win_probability(6, 1), odds.duel_win_probability(1, 6)
    return [
        ("The duel example: one hit gets through, so the Attacker gains 5 and the Defender loses 1 (HM-065, HM-066, "
         "HM-070). With Attack 4 against Defence 3:",
         f"exactly one wound {chance(one)}; Attacker +5 and Defender -1 {chance(swing)}: the same chance", swing == one),
        ("1, 2 or 3 different Performance cards score 1, 3 or 5 points (HM-072)", ", ".join(map(str, perf)) + " points",
         perf == [1, 3, 5]),
        ("A Defence of 1 parries every hit (HM-061); an Attack of 1 hits with every die (HM-058)",
         f"the Attacker wins {chance(Fraction(never))} against Defence 1, {chance(sure)} with Attack 1 against Defence 6",
         never == 0 and sure == Fraction(215, 216)),
    ]


def rulebook_checks() -> ipw.HTML:
    """The rulebook's own numbers beside the engine's, each marked agreed or not (the page says so, in words)."""
    cell = "padding:3px 8px;vertical-align:top;border-top:1px solid #ddd"
    rows = "".join(f"<tr><td style='{cell}'>{html.escape(said)}</td><td style='{cell}'>{got}</td><td style='{cell}'>"
                   f"{'✓ agrees' if ok else '✗ DISAGREES'}</td></tr>" for said, got, ok in _check_rows())
    agree = all(ok for _, _, ok in _check_rows())
    verdict = ("The engine agrees with every number the rulebook gives." if agree else
               "The engine disagrees with the rulebook here: please report it.")
    return ipw.HTML(f"<table class='hench-rulebook-checks' style='border-collapse:collapse;max-width:900px'><tr>"
                    f"<th style='text-align:left'>The rulebook</th><th style='text-align:left'>The engine</th><th></th></tr>"
                    f"{rows}</table><p><b>{verdict}</b></p>")


def formula_check() -> ipw.HTML:
    """The Odds page's formula beside the exact answer the engine computes by going through every roll."""
    p = odds.duel_win_probability(4, 3)
    same = p == 1 - Fraction(5, 6) ** 3
    return ipw.HTML(f"<p>Attack 4 against Defence 3: the formula gives 1 - (5/6)³ = {chance(1 - Fraction(5, 6) ** 3)}; "
                    f"the engine, going through every roll of the dice, gives {chance(p)}: "
                    f"<b>{'the same' if same else 'NOT the same: please report it'}</b>.</p>")
