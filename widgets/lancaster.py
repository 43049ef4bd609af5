"""Lancaster views: the table of the base game with any of the three modules of "Henry V - The Power of the King"
(At the King's Court, The King's Resentment, Laws of the King), a tour that teaches the base game and then each
module on its own, the module choice for a whole game, the exact odds of hench.lancaster.odds with Plotly charts
and simulated checks, the card gallery and the assumptions table. No rule logic here: every fact comes from
hench.lancaster."""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

import hench
from hench.core import Rng, next_action, seat_name
from hench.core.data import Assumption
from hench.lancaster import GAME, PHASES, READINGS, SOURCES_NOTE, assumptions, montecarlo, odds
from hench.lancaster.bots import make_bot
from hench.lancaster.game import MODULE_CHOICES
from hench.lancaster.render import html as board_html
from hench.lancaster.render import observation

from . import plot
from .cards import CardGallery
from .core import Deferred, MessageArea, discard, figure_widget, guarded, one_click_at_a_time, protect, redraw
from .lancaster_tour import TOUR, TOUR_OPTIONS, TOUR_PLAYERS, TOUR_SEED, in_words
from .odds import CheckQuestion, Choice, Inputs, Number, OddsExplorer, Shown, Slider, Switch, answer_html, percent
from .play import PALETTE, GameKit, GameView, TableConfig
from .tour import TourView

MODULE_NAMES = {
    "KC+KR+LK": "all three: King's Court + King's Resentment + Laws of the King",
    "KC+KR": "King's Court + King's Resentment",
    "KC": "At the King's Court (KC) alone",
    "KR": "The King's Resentment (KR) alone",
    "none": "no module: the base game alone",
}
SOURCES_HTML = (
    "<div class='hench-sources-note' style='background:#eef4fb;border:1px solid #8aa9cf;border-radius:6px;padding:6px 10px;"
    "margin:4px 0;max-width:900px'><b>Lancaster (Queen Games 2011), with the modules of <i>Henry V - The Power of the "
    "King</i>.</b> Base game rules: the publisher's; some board and card values: assumed. The rules follow the "
    "publisher's English rulebook (catalogue rules LB-001..LB-104) and the expansion's text (LH-...); the values no "
    "source gives (most counties' minimums and rewards, the conflict cards, the favor tiles, the castle, the "
    "company-at-table scale, the law groups) are placeholders marked <i>assumed</i>, each listed in the assumptions "
    "table with its note. With 2 players each player also controls an <b>ally</b> (the publisher's 2-player rules).</div>")


def _clock(state) -> int:
    return state.round


CONFIG = TableConfig(
    game_id="lancaster", phases=PHASES,
    make_bot=lambda seed: make_bot("heuristic", seed),
    bot_kinds={"heuristic": lambda seed: make_bot("heuristic", seed), "random": lambda seed: make_bot("random", seed)},
    clock=_clock, clock_label="round",
    label=lambda state, move: in_words(str(move)), tooltip=lambda state, move: in_words(str(move)), text_words=in_words,
    dice=False,  # no dice: the law and conflict decks are shuffled once, at the set-up
)


def _any_move(prefix: str):
    return lambda s: any(str(a).startswith(prefix) for a in s.legal_actions())


LESSONS = {
    "placing knights": lambda s: s.phase == "place",
    "parliament": lambda s: s.phase == "vote",
    "offices": _any_move("lord to"),
    "tower": lambda s: any(str(a).endswith("to tower") for a in s.legal_actions()),
    "upgrade": lambda s: s.phase == "upgrade",
    "castle": lambda s: s.phase == "place" and any(str(a).startswith("knight") and " to castle " in str(a) for a in s.legal_actions()),
    "treasury": _any_move("lord to treasury"),
    "law choice": lambda s: s.phase == "law_choice",
}


def tour(step: int = 1) -> TourView:
    """The guided tour: one game with all three modules, from the set-up to the final score sheet."""
    view = TourView(CONFIG, TOUR, players=TOUR_PLAYERS, seed=TOUR_SEED, options=TOUR_OPTIONS, title="Lancaster, step by step")
    view.children = (ipw.HTML(SOURCES_HTML), *view.children)
    if step != 1:
        view.go(step - 1)
    return view


OPTION_WORDS = {"most_squires": "how 'the most squires' are counted (held, the default, or employed in counties)",
                "law_groups": "how the Laws of the King join the law groups (replace, the default, or combine)",
                "ally_bishop_mode": "whether an ally's upgrade may or must remove a bishop (2 players)",
                "most_at_zero": "who has 'the most' when everybody holds none (everybody, the default, or nobody)"}


def assumptions_and_readings() -> list[Assumption]:
    """Every value in force (hench.lancaster.assumptions) and every reading of an ambiguity the engine plays
    (hench.lancaster.READINGS, with the option that changes it), for the assumptions table."""
    readings = [Assumption("our reading of the rules", in_words(r.text), "assumed",
                           f"a set-up option changes it: {OPTION_WORDS[r.option]}" if r.option else "fixed: no option changes it")
                for r in READINGS]
    return list(assumptions()) + readings


KIT = GameKit(CONFIG, LESSONS, assumptions_and_readings, title="Lancaster", seed=5,
              options={"first_player": 0, "modules": "KC+KR+LK"})  # the offices and the tower need KC and KR
learn_table, lesson, lesson_table, rules, assumptions_in_force = KIT.learn_table, KIT.lesson, KIT.lesson_table, KIT.rules, KIT.assumptions_in_force


# -- practice tables for the rare choices (the bots that play the lessons' deals never meet them) ---------------------
PRACTICE = {  # the choice -> (its phase, a deal whose quickly played game reaches it)
    "Surrey: name the start player": ("start", 0),
    "Passage to France from Dorset": ("dorset", 0),
    "A captured knight's ransom": ("ransom", 0),
    "Paying squires for an extension's reward": ("castle_pay", 136),
    "A nobleman of your choice": ("noble", 2),
}


def practice_table(name: str) -> GameView:
    """A live table at one of the rare choices: the deal `PRACTICE[name]` played quickly (every seat picking among
    its legal moves at random) up to the choice, and you take the seat that makes it; the log shows how the game
    came there, and the bots play on after your move."""
    if name not in PRACTICE:
        raise hench.HenchError(f"no practice table {name!r}; there are {list(PRACTICE)}")
    phase, seed = PRACTICE[name]
    options = {"first_player": 0, "modules": "KC+KR+LK"}
    state: Any = GAME.new_game(players=3, seed=seed, **options)
    session = hench.Session(state)
    rng, quick = Rng.from_seed(seed), [CONFIG.bot_kinds["random"](1000 + i) for i in range(3)]
    moves = []
    while not state.is_terminal and state.phase != phase:
        moves.append(next_action(state, quick, rng))
        state = state.apply(moves[-1])
    if state.is_terminal:
        raise hench.HenchError(f"the deal {seed} never comes to {name!r}")
    view = GameView(CONFIG, players=3, seed=seed, human_seats=(state.current_player,), auto_dice=False, chart=False,
                    options=options)
    for move in moves:
        session.apply(move)
    view.session = session  # the game as it came here, move by move
    view.refresh()
    return view


def practice(name: str) -> Deferred:
    """A practice table for a Learn page, set up when the learner reaches it."""
    if name not in PRACTICE:
        raise hench.HenchError(f"no practice table {name!r}; there are {list(PRACTICE)}")
    return Deferred(lambda: practice_table(name), "A live table at this choice: a quickly played deal brought the game "
                    "here (its moves are in the log), and you take the seat that chooses.", button=f"Set up the table: {name}")


def sources_note() -> ipw.HTML:
    """Where the rules and the values come from, for the top of every app."""
    return ipw.HTML(SOURCES_HTML)


class LancasterTable(ipw.VBox):
    """A whole game against the bots with the module choice (the game's `modules` option)."""

    def __init__(self, players: int = 3, seed: int = 11, seat: int = 0, modules: str = "KC+KR+LK"):
        self.messages = MessageArea()
        self.modules = protect(ipw.Dropdown(options=[(MODULE_NAMES[m], m) for m in MODULE_CHOICES], value=modules,
                                            description="Modules", layout=ipw.Layout(width="520px")), self.messages)
        self.deal = ipw.Button(description="Deal with these modules", button_style="success", layout=ipw.Layout(width="auto"))
        self.deal.add_class("hench-deal-modules")
        self.deal.on_click(lambda _: self.redeal())
        self.players, self.seat = players, seat
        self.view = self._table(seed, modules)
        self.table_box = ipw.VBox([self.view])
        super().__init__([ipw.HTML(SOURCES_HTML), ipw.HBox([self.modules, self.deal]), self.messages,
                          self.table_box])
        self.add_class("hench-lancaster-table")

    def _table(self, seed: int, modules: str) -> GameView:
        view = GameView(CONFIG, players=self.players, seed=seed, human_seats=(self.seat,), auto_dice=True, chart=True,
                        options={"first_player": 0, "modules": modules}, setup=True)
        if view.fig is not None:  # the score chart is the power points chart: say so
            view.fig._base["title"] = "Power points (PP) round by round"
            view._draw_chart()
        return view

    @one_click_at_a_time(lambda table: table)  # a new deal: dropped while the last one is still being dealt
    @guarded()
    def redeal(self) -> None:
        modules = self.modules.value
        if modules not in MODULE_CHOICES:
            raise hench.HenchError(f"choose one of {list(MODULE_CHOICES)}")
        old = self.view
        self.players, self.seat = old.players_pick.value, old.seat_pick.value
        text = (old.seed_box.value or "").strip()
        seed = int(text) if text.isascii() and text.isdigit() and len(text) <= 12 else old.rng.randrange(10**6)
        self.view = self._table(seed, modules)  # a fresh table: players, seat and seed kept
        self.table_box.children = [self.view]
        discard(old)
        self.messages.show(f"Dealt with {MODULE_NAMES[modules]}.", "ok")


def play_table(players: int = 3, seed: int = 11, seat: int = 0, modules: str = "KC+KR+LK") -> LancasterTable:
    """A whole game against the bots: choose the modules, players, your seat and the deal above the board."""
    return LancasterTable(players, seed, seat, modules)


def simulation(games: int = 100, players: int = 3):
    return KIT.simulation(games, players)


# -- the card gallery ------------------------------------------------------------------------------------
def card_gallery(kind: str = "") -> CardGallery:
    """Every county, favor tile, conflict card, castle space, extension, law, office, privilege and module piece in
    plain words, with an 'assumed' badge (hench.lancaster.render.card_texts); filter by kind."""
    return CardGallery("lancaster", players=3, kind=kind, note=SOURCES_NOTE, height="560px")


# -- power points round by round ------------------------------------------------------------------------------
def pp_by_round(players: int = 3, seed: int = 3, modules: str = "KC+KR+LK") -> ipw.VBox:
    """A whole bot game: each player's PP at the end of every round, then the final scoring."""
    state: Any = GAME.new_game(players=players, seed=seed, modules=modules)
    rng = Rng.from_seed(seed)
    bots = [CONFIG.bot(seed + i) for i in range(players)]
    marks: dict[int, list[int]] = {}
    while not state.is_terminal:
        state = state.apply(next_action(state, bots, rng))
        marks[min(state.round, state.data.rounds) if not state.is_terminal else state.data.rounds + 1] = state.scores()
    xs = sorted(marks)
    labels = [f"round {x}" if x <= state.data.rounds else "final" for x in xs]
    chart = figure_widget("Power points round by round (a bot game)", height=300)
    redraw(chart, [plot.Scatter(x=labels, y=[marks[x][p] for x in xs], mode="lines+markers", name=seat_name(p),
                              line=dict(color=PALETTE[p % len(PALETTE)])) for p in range(players)],
           yaxis_title="PP", xaxis_title="end of")
    won = ", ".join(seat_name(i) for i in state.winners())
    return ipw.VBox([chart, ipw.HTML(f"<div>Final PP: {', '.join(f'{seat_name(p)} {v}' for p, v in enumerate(state.scores()))} (knighthood, extensions, noblemen, seals and dishonor included); "
                                     f"winner: <b>{html.escape(won)}</b>.</div>")])


# -- odds (widgets.odds.OddsExplorer) ----------------------------------------------------------------------------
def chance(p: Fraction | int) -> str:
    """A chance on screen (issue 29): the percentage, with the exact fraction a hover away."""
    p = Fraction(p)
    return f"<b title='exactly {p.numerator}/{p.denominator}'>{percent(p)}</b>"


def _mean(x: Fraction, digits: int = 2) -> str:
    """An average on screen: rounded, the exact value a hover away."""
    return f"<b title='exactly {x}'>{float(x):.{digits}f}</b>"


def _bar(xs: list[str], ps: list[Fraction], colour: str = "#8e3b2f") -> plot.Node:
    return plot.Bar(x=xs, y=[float(p) for p in ps], text=[percent(p) for p in ps], textposition="outside",
                    marker_color=colour)


def _most_likely(dist: dict[int, Fraction]) -> int:
    return max(dist, key=lambda k: dist[k])


def _law_page(i: Inputs) -> Shown:
    """Q5: in which round a named law of a group is proposed (groups shuffled and stacked, 3 proposals a round)."""
    dist = odds.law_round(i.group, king=i.king)
    law = montecarlo.named_law(i.group, i.king)
    rows = ", ".join(f"round {r}: {chance(p)}" for r, p in sorted(dist.items()))
    text = answer_html(f"{html.escape(in_words(law))} (a law of group {i.group}) is proposed in {rows}.", 16,
                       "Groups 1-4 are shuffled on their own and stacked, group 1 on top; 3 laws are proposed each round "
                       "(LB-011, LH-103; the group numbers are inferred, so assumed).")
    top = _most_likely(dist)
    check: CheckQuestion | str = (montecarlo.CHECKS["law_round"], dict(group=i.group, round_no=top, king=i.king))
    if dist[top] == 1:
        check = "No simulation needed: this law is always proposed in the same round."
    xs = sorted(dist)
    return Shown(text, [_bar([f"round {r}" for r in xs], [dist[r] for r in xs], "#1d4f91")],
                 dict(yaxis_tickformat=".0%", yaxis_range=[0, 1.15], xaxis_title="proposed in"), check=check)


class LawTimingView(OddsExplorer):
    """Q5: in which round a named law of a group is proposed (groups shuffled and stacked, 3 proposals a round)."""

    def __init__(self, group: int = 2, king: bool = True):
        super().__init__("hench-law-odds", [
            Choice("group", "Law group", [(f"group {g}", g) for g in (1, 2, 3, 4)], group),
            Switch("king", "with the Laws of the King (LK replaces groups 2 and 3)", king)],
            _law_page, chart=("The round a named law is proposed (the simulation checks its most likely round)", 300))


def _dishonor_page(i: Inputs) -> Shown:
    """Q4: how many dishonor markers one lost conflict hands out, if each player joins it with a given chance."""
    p = Fraction(i.percent, 100)
    dist = odds.dishonor_per_lost_conflict(i.players, p)
    mean = sum((k * q for k, q in dist.items()), Fraction(0))
    text = answer_html(f"With {i.players} players each joining with chance {chance(p)}, a lost conflict hands "
                       f"out {_mean(mean)} markers on average; none at all with probability "
                       f"{chance(dist.get(0, Fraction(0)))}.", 16,
                       "Every player with no knight in a conflict England loses takes 1 marker (LH-089).")
    top = _most_likely(dist)
    check: CheckQuestion | str = (montecarlo.CHECKS["dishonor"], dict(players=i.players, p_joins=p, markers=top))
    if dist[top] == 1:
        check = "No simulation needed: with this chance the count is certain."
    xs = sorted(dist)
    return Shown(text, [_bar([str(k) for k in xs], [dist[k] for k in xs])],
                 dict(yaxis_tickformat=".0%", yaxis_range=[0, 1.15], xaxis_title="markers handed out"), check=check)


class DishonorOddsView(OddsExplorer):
    """Q4: how many dishonor markers one lost conflict hands out, if each player joins it with a given chance."""

    def __init__(self, players: int = 4, percent: int = 50):
        super().__init__("hench-dishonor-odds", [
            Slider("players", "Players", 3, 5, players, what="players"),
            Slider("percent", "joins %", 0, 100, percent, step=5, what="the chance")],
            _dishonor_page, chart=("Dishonor markers from one lost conflict (the simulation checks the most likely count)", 300))


def _seals_page(i: Inputs) -> Shown:
    """Q1: what seals score with bishops, and whether one more bishop beats one more seal (no chance involved)."""
    b, s = i.bishops, i.seals
    better = "one more bishop" if odds.bishop_beats_seal(b, s) else "one more seal"
    text = answer_html(f"{s} seals with {b} bishop(s) score <b>{odds.seal_points(b, s)}</b> PP; now <b>{better}</b> is worth "
                       f"more (a bishop adds {s} PP, a seal {1 + b} PP). The offices alone hand out at most "
                       f"{odds.max_office_seals()} seals in a game (LH-064, Q1).", 16)
    xs = list(range(0, 13))
    lines = [plot.Scatter(x=xs, y=[odds.seal_points(k, x) for x in xs], mode="lines+markers", name=f"{k} bishop(s)",
                          line=dict(color=PALETTE[k])) for k in range(4)]
    return Shown(text, lines, dict(xaxis_title="seals", yaxis_title="PP"))


class SealsView(OddsExplorer):
    """Q1: what seals score with bishops, and whether one more bishop beats one more seal."""

    def __init__(self, bishops: int = 1, seals: int = 4):
        super().__init__("hench-seal-odds", [Slider("bishops", "Bishops", 0, 3, bishops, what="bishops"),
                                             Slider("seals", "Seals", 0, 24, seals, what="seals")],
                         _seals_page, chart=("End-of-game PP from seals, by bishops owned", 300), simulated=False)


def study_position(players: int = 3, seed: int = 5, modules: str = "KC+KR+LK"):
    """A real position to study: the deal `seed`, played by the bots to the first placement turn with a conflict
    with a free space and a knight at court for the player to move."""
    state: Any = GAME.new_game(players=players, seed=seed, modules=modules)
    rng = Rng.from_seed(seed)
    bots = [CONFIG.bot(seed + i) for i in range(players)]
    for _ in range(5000):
        if state.is_terminal:
            break
        p = state.current_player
        if (state.phase == "place" and p is not None and state.court_strengths(p)
                and any(None in c["spaces"] for c in state.conflicts)):
            return state
        state = state.apply(next_action(state, bots, rng))
    raise hench.HenchError(f"the deal {seed} never reaches a placement with an open conflict")


def _conflict_page(i: Inputs) -> Shown:
    """In a live position: the chance England wins each open conflict if you add strength now, under the model that
    each other player with a knight at court later adds their strongest one with a chance you choose."""
    p = Fraction(i.percent, 100)
    state = study_position(i.players, i.seed)
    me = state.current_player
    strongest = max(state.court_strengths(me))
    extras = list(range(0, 5))
    traces, lines = [], []
    for n, c in enumerate(state.conflicts):
        if None not in c["spaces"]:
            continue
        card = f"C{c['card'] + 1}"
        chances = [odds.conflict_win_chance(state, card, extra=x, p_joins=p) for x in extras]
        traces.append(plot.Scatter(x=extras, y=[float(q) for q in chances], mode="lines+markers", name=card,
                                   line=dict(color=PALETTE[n % len(PALETTE)])))
        points = odds.expected(odds.conflict_points(state, card, strongest, p))
        lines.append(f"{card} (France {state.data.cards[c['card']].french}): if you add your strongest knight ({strongest}), "
                     f"England wins with {chance(chances[min(4, strongest)])} and you earn {_mean(points)} power points on average "
                     f"(your rank among the knights there decides it, a later entrant winning a tie)")
    text = answer_html(f"{html.escape(seat_name(me))} to place, round {state.round}. " + "; ".join(lines) + ".", 15,
                       "Model: each other player with a knight at court adds their strongest one with chance "
                       f"{chance(p)}, spaces permitting; exact by enumerating who joins "
                       "(LB-059 to LB-063).")
    return Shown(text, traces, dict(xaxis_title="strength you add now", xaxis_dtick=1, yaxis_title="P(England wins)", yaxis_tickformat=".0%",
                                    yaxis_range=[0, 1.05]), below=board_html(observation(state, me), False))


class ConflictOddsView(OddsExplorer):
    """In a live position: the chance England wins each open conflict if you add strength now, under the model
    that each other player with a knight at court later adds their strongest one with a chance you choose."""

    def __init__(self, players: int = 3, seed: int = 5, percent: int = 50):
        super().__init__("hench-conflict-odds", [(
            Number("seed", "Deal", 0, 10**6, seed, what="the deal"),
            Slider("players", "Players", 3, 5, players, what="players"),
            Slider("percent", "others join %", 0, 100, percent, step=5, what="the chance"))],
            _conflict_page, chart=("Chance England wins, by the strength you add now", 320), simulated=False, below=True)
        self.board = self.below


def odds_tables() -> ipw.HTML:
    """Exact numbers: the tower (Q3), the LK-8 cap, majority ties (Q6), and a law's chance in parliament by the
    voting markers you add (hench.lancaster.odds.approval_chance)."""
    rows = [(f"{n} players", odds.free_capacity(n), odds.tower_fillings(odds.free_capacity(n)), odds.max_lk8_points(n),
             chance(odds.tie_for_most(n))) for n in (3, 4, 5)]
    body = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td><td>{e}</td></tr>" for a, b, c, d, e in rows)
    others = [1, 1]  # two other voters holding 1 voting marker each
    votes = "".join(f"<tr><td>{m}</td><td>{chance(odds.approval_chance(True, m, others))}</td>"
                    f"<td>{chance(odds.approval_chance(False, m, others))}</td></tr>" for m in range(4))
    return ipw.HTML("<table class='hench-odds-table' style='border-collapse:collapse' border='1' cellpadding='4'><tr><th></th>"
                    "<th>free tower strength</th><th>ways to fill it (Q3)</th><th>most PP a round from the Law of the King 8</th>"
                    "<th>P(tie for most, holdings 0-3) (Q6)</th></tr>" + body + "</table>"
                    "<p>Parliament (LB-035, LB-036): the chance a law passes when you add markers to your vote, if two other "
                    "voters holding 1 voting marker each vote yes or no at even chances and add 0 or 1 marker at even "
                    f"chances (a tie approves); {odds.markers_to_carry(others)} markers carry it whatever they do.</p>"
                    "<table class='hench-vote-odds' style='border-collapse:collapse' border='1' cellpadding='4'><tr>"
                    "<th>your markers</th><th>P(passes) if you vote yes</th><th>P(passes) if you vote no</th></tr>"
                    + votes + "</table>")
