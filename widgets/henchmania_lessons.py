"""Henchmania's card lessons (issue 29): every card of the game, each with a live table where you can make its
move, what it does (the engine's own card text) and why a good player would choose it, in plain words.

One table at a time: pick a card, and a deal is played by the bots (every seat) up to a moment where that card's
move is yours to make; the log beside the board lists every move that led there. The positions come from the
engine and the bots alone: a deal (`seed`) is tried, and the next ones if the card never came up in it.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as ipw

import hench
from hench.henchmania import load_data, odds

from .core import MessageArea, guarded, protect, replace_children
from .play import GameView, TableConfig, rules_line


@dataclass(frozen=True)
class CardLesson:
    card: str
    why: str  # HTML, our own words: why and when a good player uses it
    fits: Callable[[str], bool]  # a move (as text) that uses the card
    rules: tuple[str, ...] = ()
    seed: int = 1  # the first deal tried (found once by searching; the lesson tries the next deals if it fails)
    moment: str = ""  # a second lesson of the same card: which moment it shows ("the taken pawn")

    @property
    def title(self) -> str:
        return f"{self.card}: {self.moment}" if self.moment else self.card


def _play(name: str) -> Callable[[str], bool]:
    return lambda move: move == f"play {name}" or move.startswith((f"play {name} on ", f"play {name} replacing "))


def _use(name: str) -> Callable[[str], bool]:
    return lambda move: move == f"use {name}" or move.startswith(f"use {name} on ")


def _porter(move: str) -> bool:
    return move.startswith("place ") and move.endswith(" with Porter")


def _keep(move: str) -> bool:
    return move.startswith("keep ") and move != "keep nothing"


def _fight(name: str) -> Callable[[str], bool]:
    return lambda move: move == f"fight with {name}"


def _bare(attack: int | None = None, apothecary: bool = False) -> str:
    """The Attacker's chance against a bare-handed Defender (bare hands too unless `attack`), as a percentage."""
    values = load_data().values
    p = odds.duel_win_probability(values["bare_hands_attack"] if attack is None else attack, values["bare_hands_defense"],
                                  apothecary=apothecary)
    return f"{float(p):.0%}"


RESERVE_EARLY = ("In your hand it can be taken by a Drunkard or a Trick, knocked out by a Brawl, and it is discarded "
                 "at the day's end: lay it early.")
PERFORMANCE = ("Performance cards score together at each day's end: 1 different one gives 1 point, 2 give 3, 3 give 5, "
               "and copies of one you have add nothing. A good player collects the three different ones early: three "
               "kinds on day 1 are worth 20 points over four days. " + RESERVE_EARLY)
TRUMP = "Trumps are rare (one per site) and lie beside the Reserve, taking none of its space: play one as soon as you hold it."

LESSONS: tuple[CardLesson, ...] = (
    # the Tavern
    CardLesson("Drunkard", "Take a card from the Lord who holds the most cards, and choose the back you want: a Main Square "
               "back may be a Glove, an Armory back is a weapon. Play it early in the card phase, before they play their "
               "best cards.", _play("Drunkard"), ("HM-090", "HM-089"), 1),
    CardLesson("Trick", "A Drunkard that stays: lay it in your Reserve and use it once every day, in place of a card from your "
               "hand. Over four days it can take four cards. Use it while the others still hold many cards.",
               _use("Trick"), ("HM-090", "HM-038", "HM-036"), 1),
    CardLesson("Thief", "Take the best Reserve card of the leader: a Performance that completes your set, a Prayer, or their "
               "Apothecary before they duel. It hurts them and helps you at once, and it comes to you ready to use. It is "
               "the one card that reaches into a Reserve, so spread your Reserve across cards rather than relying on one.",
               _play("Thief"), ("HM-035", "HM-037", "HM-042"), 1),
    CardLesson("Traitor", "Take a pawn of the Lord who dominates a site you want: tomorrow you place it and draw the card, "
               "they have one pawn fewer. It is a card for you and one fewer for them, every time.",
               _play("Traitor"), ("HM-099", "HM-100", "HM-093"), 1),
    CardLesson("Traitor", "The pawn you took is yours to place today, wherever you like: you draw that site's card, but the "
               "pawn counts for its owner when majorities are counted. Put it where its owner's extra pawn hurts you least, "
               "or on a site nobody can dominate anyway, and draw the card you need.",
               lambda move: move.startswith("place Player "), ("HM-100", "HM-093"), 1, "the taken pawn, next day"),
    CardLesson("Belladonna Root", "Lay it, then discard it at your turn: the Lord of your choice loses 2 points. Use it "
               "on the leader near the end, when 2 points decide the Bailiff.", _use("Belladonna Root"),
               ("HM-030", "HM-038", "HM-094"), 3),
    CardLesson("Nosy Parker", "At the day's end you keep one hand card for tomorrow instead of losing it: keep a Glove or "
               "a weapon, the cards that are hardest to get. Lay it on day 1 to profit every day.", _keep,
               ("HM-101", "HM-050"), 1),
    CardLesson("Porter", "With a Porter in your Reserve, a full site still takes your pawn: you can pile onto the site you "
               "want to dominate after the others have filled it. Lay it early: it works in phase 1, so only from the next "
               "day on.", _porter, ("HM-098", "HM-104"), 1),
    CardLesson("Innkeeper", "Once a day, in place of a card, draw the top card of the Tavern pile: a free card every day. "
               + TRUMP, _play("Innkeeper"), ("HM-039", "HM-041"), 11),
    # the Castle
    CardLesson("Jester", PERFORMANCE, _play("Jester"), ("HM-072", "HM-029"), 1),
    CardLesson("Minstrel", PERFORMANCE, _play("Minstrel"), ("HM-072", "HM-029"), 1),
    CardLesson("Juggler", PERFORMANCE, _play("Juggler"), ("HM-072", "HM-029"), 1),
    CardLesson("Courtesan", "When two other Lords duel, cancel one wound after the dice: you decide who wins. Use it to "
               "keep the leader from gaining 5 points.", _use("Courtesan"), ("HM-092",), 5),
    CardLesson("Old Lady", "Borrow an opponent's Trump once a day, even a turned one: the Bishop's 2 points, a draw from the "
               "Innkeeper. Worth most when someone holds a Trump that gives points.", _use("Old Lady"), ("HM-107",), 14),
    CardLesson("Royal Favour", "Once a day, in place of a card, gain 1 point. " + TRUMP, _play("Royal Favour"),
               ("HM-039", "HM-041"), 2),
    # the Main Square
    CardLesson("Glove", "Challenge another Lord: win and you gain 5, lose and you lose only 1, so a Glove pays whenever your "
               "chance is above 1 in 6. Challenge the leader, and attack with a weapon that hits on 4 or more.",
               _play("Glove"), ("HM-052", "HM-063", "HM-065", "HM-068"), 1),
    CardLesson("Guard", "Challenged? The Guard calls the duel off: no points move. Play it when the Attacker is likely to win "
               "(they hold a good weapon, you fight bare-handed); keep it when you would probably parry.",
               lambda move: move == "play Guard", ("HM-102", "HM-103", "HM-048"), 2),
    CardLesson("Brawl", "Every other Lord loses a random hand card. Play it when the others hold many cards and you hold few; "
               "your own hand is safe, for the Brawl spares its player (and any Lord with a Penitent).", _play("Brawl"), ("HM-105",), 1),
    CardLesson("Apothecary", "In a duel you defend, cancel one wound after the dice: one unparried hit then no longer wins. "
               f"With it in your Reserve a bare-handed Attacker's chance against you drops from {_bare()} to "
               f"{_bare(apothecary=True)}, so the others think twice before challenging you.", _use("Apothecary"), ("HM-096",), 10),
    CardLesson("Banner", "When you win a duel as the Attacker you gain 1 point more. " + TRUMP, _play("Banner"),
               ("HM-065", "HM-041"), 4),
    # the Church
    CardLesson("Prayer", "1 point at every day's end while it lies in your Reserve: 4 points laid on day 1, 1 point laid on "
               "day 4. " + RESERVE_EARLY, _play("Prayer"), ("HM-071", "HM-029"), 1),
    CardLesson("Holy Water", "2 points at once. Unlike a Prayer it does not grow with time, so there is no hurry: but "
               "in your hand it can be stolen, so do not keep it to the end of the day.", _play("Holy Water"),
               ("HM-091", "HM-027"), 1),
    CardLesson("Penitent", "Brawl cards no longer touch you. Worth a Reserve space when the Main Square is busy and you tend "
               "to hold many cards.", _play("Penitent"), ("HM-105",), 2),
    CardLesson("Bishop", "Once a day, in place of a card, gain 2 points: 8 points over four days. " + TRUMP,
               _play("Bishop"), ("HM-039", "HM-041"), 4),
    # the Armory
    CardLesson("Axe", "Attack with it: it hits on 4 or more (bare hands 5 or more), so your chance against a bare-handed "
               f"Defender goes from {_bare()} to {_bare(attack=4)}. It parries only on a 6: do not defend with it.", _fight("Axe"), ("HM-054", "HM-058"), 1),
    CardLesson("Sword", f"It hits on 4 or more ({_bare(attack=4)} against a bare-handed Defender) and parries on 5 or more, "
               "as well as bare hands: a good weapon to attack with.",
               _fight("Sword"), ("HM-054", "HM-058", "HM-061"), 1),
    CardLesson("Spear", f"The best attacker: it hits on 3 or more, {_bare(attack=3)} against a bare-handed Defender. It "
               "parries only on a 6, worse than bare hands: attack with it, do not defend with it.", _fight("Spear"), ("HM-054", "HM-058"), 1),
    CardLesson("Shield", "The defender's card: it parries on 4 or more. Answer a challenge with it; do not attack with it "
               "(it hits only on a 6).", _fight("Shield"), ("HM-056", "HM-061"), 1),
    CardLesson("Master-at-Arms", "Bare-handed you hit and parry on 4 or more instead of 5: every duel without a weapon gets "
               "better for you. " + TRUMP, _play("Master-at-Arms"), ("HM-059", "HM-062"), 1),
)

BY_CARD = {lesson.title: lesson for lesson in LESSONS}  # a card's name, or "card: moment" for its second lesson
SEEDS_TRIED = 40  # deals tried after the lesson's own before giving up


def reaches(lesson: CardLesson, state: Any, seat: int = 0) -> bool:
    """The lesson's moment: the learner may make a move that uses the card."""
    return state.current_player == seat and any(lesson.fits(str(a)) for a in state.legal_actions())


class CardLessons(ipw.VBox):
    """Pick a card: what it does, why a good player uses it, and a live table at a moment where its move is yours."""

    def __init__(self, config: TableConfig, players: int = 3, card: str = ""):
        self.config, self.players = config, players
        self.messages = MessageArea()
        self.texts = {t.name: t for t in hench.get_game(config.game_id).card_texts(
            hench.get_game(config.game_id).new_game(players, seed=1))}
        self.pick = protect(ipw.Dropdown(options=[("Choose a card…", "")] + [(f"{c.title} ({self.texts[c.card].kind})", c.title)
                                                                            for c in LESSONS],
                                         value=card if card in BY_CARD else "", description="Card",
                                         layout=ipw.Layout(width="360px")), self.messages)
        self.about = ipw.HTML()
        self.table_box = ipw.VBox()
        self.view: GameView | None = None
        self.pick.observe(lambda change: self.show(change["new"]), "value")
        super().__init__([self.pick, self.messages, self.about, self.table_box])
        self.add_class("hench-card-lessons")
        if card:
            self.show(card)

    @guarded()
    def show(self, card: str) -> None:
        if not card:
            self.about.value, self.view = "", None
            replace_children(self.table_box, [])
            return
        lesson = BY_CARD[card]
        card = lesson.card
        view, _seed, moves = self._table(lesson)
        self.view = view
        text = self.texts[card]
        self.about.value = (f"<div class='hench-card-lesson' style='max-width:880px'><p><b>{html.escape(lesson.title)}</b>: "
                            f"{html.escape(text.plain().split(' · ')[1] if ' · ' in text.plain() else text.plain())}</p>"
                            f"<p><b>Why a good player uses it:</b> {lesson.why}</p>"
                            f"<p style='color:#445'>The table below: a deal played by the bots, every seat, for {moves} moves "
                            f"up to a moment where the {html.escape(card)} is yours to use (the log beside the board lists "
                            f"them). Your move: one of the buttons that names it.</p>{rules_line(lesson.rules)}</div>")
        replace_children(self.table_box, [view])

    def _table(self, lesson: CardLesson) -> tuple[GameView, int, int]:
        """A table at the lesson's moment: the lesson's deal, or the next ones, played by the bots up to it."""
        for seed in range(lesson.seed, lesson.seed + SEEDS_TRIED):
            view = GameView(self.config, players=self.players, seed=seed, auto_dice=False, chart=False)
            view._run_bots(lambda s: reaches(lesson, s), roll_dice=True)
            if not view.state.is_terminal and reaches(lesson, view.state):
                view.refresh()
                return view, seed, len(view.session)
        raise RuntimeError(f"no deal tried brings a moment to use the {lesson.card}")
