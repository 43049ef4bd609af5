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
from hench import format_probability
from hench.core import Rng, next_action, seat_name
from hench.core.data import Assumption, reading_rows
from hench.lancaster import GAME, PHASES, READINGS, SOURCES_NOTE, assumptions, montecarlo, odds
from hench.lancaster.actions import OFFICES, Apply
from hench.lancaster.bots import make_bot
from hench.lancaster.game import MODULE_CHOICES
from hench.lancaster.legality import apply_strength, tower_load
from hench.lancaster.render import html as board_html
from hench.lancaster.render import observation

from . import plot
from .cards import CardGallery
from .core import MessageArea, discard, figure_widget, guarded, protect, redraw
from .odds import CheckQuestion, Choice, Inputs, Number, OddsExplorer, Shown, Slider, Switch, answer_html, prob
from .play import PALETTE, GameKit, GameView, TableConfig
from .tour import Question, TourStep, TourView

MODULE_NAMES = {
    "KC+KR+LK": "all three: King's Court + King's Resentment + Laws of the King",
    "KC+KR": "King's Court + King's Resentment",
    "KC": "At the King's Court (KC) alone",
    "KR": "The King's Resentment (KR) alone",
    "none": "no module: the base game alone",
}
SOURCES_HTML = (
    "<div class='hench-sources-note' style='background:#eef4fb;border:1px solid #8aa9cf;border-radius:6px;padding:6px 10px;"
    "margin:4px 0;max-width:900px'><b>&#9432; Lancaster (Queen Games 2011), with the modules of <i>Henry V - The Power of the "
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
)


def _any_move(prefix: str):
    return lambda s: any(str(a).startswith(prefix) for a in s.legal_actions())


LESSONS = {
    "placing knights": lambda s: s.phase == "place",
    "parliament": lambda s: s.phase == "vote",
    "offices": _any_move("lord to"),
    "tower": lambda s: any(str(a).endswith("to tower") for a in s.legal_actions()),
    "upgrade": lambda s: s.phase == "upgrade",
}


# -- the tour ------------------------------------------------------------------------------------------
BASE = {"modules": "none"}
KC_ONLY = {"modules": "KC"}
KR_ONLY = {"modules": "KR"}
ALL = {"modules": "KC+KR+LK"}


def _placed(state, seat: int = 0) -> int:
    return sum(k[1] not in ("court", "reserve") for k in state.knights[seat]) + (state.lord[seat] not in ("court", "none"))


def _placed_one(start, now) -> bool:
    return now.is_terminal or now.round > start.round or now.phase != "place" or _placed(now) > _placed(start)


def _moved_on(start, now) -> bool:
    return now.is_terminal or now.round > start.round


def _vote_done(start, now) -> bool:
    return (now.is_terminal or now.round > start.round or now.phase != "vote"
            or now.vote_index != start.vote_index)


def _spot(state, where: str) -> str:
    """A knight's place in words: 'Stafford', 'your castle's space K1', 'conflict C4', 'the tower'."""
    data = state.data
    if where.startswith("county:"):
        return data.counties[int(where[7:])].name
    if where.startswith("castle:"):
        return f"your castle's space K{int(where[7:]) + 1}"
    if where.startswith("office:"):
        return f"the {OFFICES[int(where[7:])]} office (supporting your lord)"
    return {"tower": "the tower"}.get(where, where.replace("conflict:", "conflict "))


def _where(state, seat: int = 0) -> str:
    moved = [f"knight {k[0]} in {_spot(state, k[1])}" for k in state.knights[seat] if k[1] not in ("court", "reserve")]
    return ", ".join(moved) or "none of your knights is out"


def _after_place(start, now) -> str:
    return (f"Your pieces on the board now: {_where(now)}. Each player placed one knight in turn (LB-017); "
            "a stronger knight could still expel yours from a county before phase 3 (LB-023).")


def _after_vote(start, now) -> str:
    tally = now.tally
    if tally:
        law, yes, no = tally[-1]
        return (f"Votes revealed for {law}: {yes} yes against {no} no, so it was {'approved' if yes >= no else 'rejected'} "
                "(a tie approves; an approved law enters the right of the current row and the oldest drops out).")
    return f"All three votes are over; the current laws are now {', '.join(now.current)}, applied left to right."


def _after_round(start, now) -> str:
    pp = ", ".join(f"{seat_name(i)} {v}" for i, v in enumerate(now.scores()))
    order = (["the offices filled first"] if now.has("KC") else []) + (["the tower emptied"] if now.has("KR") else [])
    rules = (["LH-029"] if now.has("KC") else []) + (["LH-088"] if now.has("KR") else []) + ["LB-045", "LB-047", "LB-053", "LB-059"]
    return (f"Round {start.round} was scored in phase 3: {', then '.join(order + ['the counties A to I, the castles and the conflicts paid'])} "
            f"({', '.join(rules)}). Power points now: {pp}.")


def _after_lord(start, now) -> str:
    if now.round > start.round:
        held = [f"{name}: {seat_name(h) if h >= 0 else 'nobody'}" for name, h in zip(("Chancellor", "Constable", "Chamberlain"),
                                                                                 now.holders)]
        return ("Phase 3 filled the offices and sent every lord back to court (LH-029, LH-035). Office holders now: "
                + "; ".join(held) + ".")
    return (f"Your lord is now at {now.lord[0].replace('office:0', 'the Chancellor').replace('office:1', 'the Constable').replace('office:2', 'the Chamberlain')}"
            "; a strictly stronger stack may still expel it before phase 3 (LH-023, A1).")


def _after_tower(start, now) -> str:
    mine = [now.knights[o][x][0] for o, x in now.tower if o == 0]
    shed = start.res[0]["dishonor"] - now.res[0]["dishonor"]
    if mine:
        return (f"Your knight of strength {mine[0]} is in the tower (now {tower_load(now)} of {now.data.tower_capacity}) "
                f"and you gave back {shed} dishonor marker(s) to the box (LH-083, LH-084).")
    return (f"You placed elsewhere ({_where(now)}). The tower holds strength {tower_load(now)} of "
            f"{now.data.tower_capacity}; it is emptied before the counties in phase 3 (LH-088).")


def _after_dishonor(start, now) -> str:
    return (f"You now hold {now.res[0]['dishonor']} dishonor marker(s), hidden from the others (LH-091). Markers left "
            f"on the track, left to right: {now.track}; in the box: {now.box} (LH-090).")


def _is_king_law(s) -> bool:
    return s.phase == "vote" and any(x.startswith("LK-") for x in s.proposals + s.current)


def _seal_question(s) -> str:
    return str(odds.seal_points(1, 3))


def _office_strength(s) -> str:
    return str(apply_strength(s, Apply("Chancellor", (1, 2))))


TOUR = [
    TourStep(
        "The base game: place a knight",
        "<p><b>Lancaster, the base game.</b> Each round you place your knights one at a time, round the table: in a "
        "<b>county</b> (A to I; the knight's own strength must reach the county's minimum; squires you add count only "
        "against rivals, and a strictly stronger knight expels yours), on a knight space of your own <b>castle</b>, or in "
        "a <b>conflict</b> with France, where the first six knights each take a King's Favor. Hover a county or a card on "
        "the board to read it.</p>",
        ("LB-017", "LB-019", "LB-020", "LB-021", "LB-023", "LB-028", "LB-031"),
        reach=lambda s: s.phase == "place", task="place one knight (click a yellow K chip on the board, or a move button)",
        done=_placed_one, after=_after_place,
        question=Question("How many knights does each player place on their turn in phase 1?",
                          lambda s: ["1", "2", "all of them"], lambda s: "1",
                          lambda s: "Exactly one knight per turn, then the next player clockwise (LB-017)."),),
    TourStep(
        "The base game: parliament",
        "<p>In phase 2 the three laws of the lower row are voted on, left to right. Everyone lays a yes or no tile face "
        "down and secretly takes any of their voting markers as extra votes; all are revealed together, a tie approves. "
        "An approved law pushes the oldest current law out. Then the voting markers still held go back, and the three "
        "<b>current laws</b> apply from left to right.</p>",
        ("LB-034", "LB-035", "LB-036", "LB-038", "LB-040", "LB-041"),
        reach=lambda s: s.phase == "vote", task="vote on the proposed law", done=_vote_done, after=_after_vote,
        question=Question("A law gets 3 yes votes and 3 no votes. What happens?", lambda s: ["approved", "rejected", "voted again"],
                          lambda s: "approved", lambda s: "A tie approves the law (LB-036, LB-081)."),),
    TourStep(
        "The base game: rewards and scoring",
        "<p>In phase 3 the counties pay in letter order (a nobleman, the other reward, or both for 3 gold), then each "
        "castle from the start player on (knight spaces, extensions, and a voting marker per nobleman plus one), then "
        "the conflicts: England wins at France's strength, and ranks 1-3 score the card's power points (a tie goes to "
        "the later entrant; a lost battle still pays one step down). After round 5: knighthood and extensions score "
        "8 and 4, the company at table its scale, and most power points wins.</p>",
        ("LB-045", "LB-047", "LB-053", "LB-059", "LB-060", "LB-063", "LB-077", "LB-078"),
        reach=lambda s: s.phase == "place", task="play on until this round is scored", done=_moved_on, after=_after_round,
        question=Question("At the end, how many PP does the strongest knighthood score?",
                          lambda s: ["4", "6", "8", "10"], lambda s: str(s.data.knighthood[0]),
                          lambda s: f"Knighthood pays {s.data.knighthood[0]} PP to the strongest and {s.data.knighthood[1]} "
                                    "to the second; more squires breaks a tie (LB-077, LB-084)."),),
    TourStep(
        "At the King's Court: your lord applies for an office",
        "<p><b>Module KC on its own.</b> You now also have a <b>lord</b>, placed every round at the king's court: on one of "
        "the three offices (paying its tribute: Chancellor 1 VM, Constable 1 squire, Chamberlain 1 gold), possibly "
        "supported by knights and bishops, or in the <b>treasury</b> to take what lies there. A strictly stronger stack "
        "expels you.</p>",
        ("LH-014", "LH-016", "LH-017", "LH-018", "LH-019", "LH-021", "LH-023", "LH-026"),
        reach=lambda s: s.phase == "place", task="place your pieces; your lord is one of them (the yellow 'lord' chip on an office)",
        done=lambda start, now: _moved_on(start, now) or now.lord[0] not in ("court", "none"), after=_after_lord,
        question=Question("What is the strength of a lord supported by knights of strength 1 and 2 (no bishop, no Tudor)?",
                          lambda s: ["3", "4", "5"], _office_strength,
                          lambda s: "1 for the lord plus each knight's strength: 1 + 1 + 2 = 4 (LH-021)."),),
    TourStep(
        "At the King's Court: privileges, bishops and seals",
        "<p>In phase 3 each office gives its holder <b>seals</b> (hidden, scored at the end) and a <b>privilege</b> for the next "
        "round: the Chancellor's shield protects a knight in a county, the Constable's archer fights in a conflict, the "
        "Chamberlain's Tudor knight adds 2 strength. Whenever you may upgrade a knight you may take a <b>bishop</b> "
        "instead: each bishop makes every seal worth 1 PP more.</p>",
        ("LH-030", "LH-031", "LH-040", "LH-044", "LH-053", "LH-060", "LH-064"),
        reach=lambda s: s.round >= 2 and s.phase == "place", task="play on until this round is scored",
        done=_moved_on, after=_after_lord,
        question=Question("With 1 bishop and 3 seals, how many PP do the seals score at the end?",
                          lambda s: ["3", "4", "6"], _seal_question,
                          lambda s: "(1 lord + 1 bishop) x 3 seals = 6 PP (LH-064)."),),
    TourStep(
        "The King's Resentment: the tower",
        "<p><b>Module KR on its own.</b> The <b>tower</b> is a new place for a knight: drop one in (the total strength inside, "
        "the neutral knight included, stays at most 7) and give back as many of your <b>dishonor</b> markers as its "
        "strength. Your knight comes back before the counties are scored, so it earns nothing else this round.</p>",
        ("LH-078", "LH-080", "LH-081", "LH-082", "LH-083", "LH-088"),
        reach=lambda s: s.phase == "place" and any(str(a).endswith("to tower") for a in s.legal_actions()),
        task="place a knight: the tower (its K chip) or anywhere else", done=_placed_one, after=_after_tower,
        question=Question("With 3 players, how much strength is still free in the empty tower (beside the neutral knight)?",
                          lambda s: ["3", "4", "5", "7"], lambda s: str(odds.free_capacity(s.n, s.data)),
                          lambda s: f"Capacity {s.data.tower_capacity} minus the neutral knight's {s.neutral} (LH-078, LH-081)."),),
    TourStep(
        "The King's Resentment: dishonor",
        "<p>When England loses a conflict, <b>every player with no knight in it</b> takes 1 dishonor marker, off the track "
        "from left to right. Markers are hidden. At the very end each costs 1 PP, and the most and second-most "
        "dishonored players also lose the two numbers of the rightmost space still showing on the track.</p>",
        ("LH-089", "LH-090", "LH-091", "LH-093", "LH-094", "LH-095"),
        reach=lambda s: s.round >= 2 and s.phase == "place", task="play on until this round is scored",
        done=_moved_on, after=_after_dishonor,
        question=Question("3 players, 3 markers per space: after 7 markers have left the track, which space is the rightmost "
                          "visible one?", lambda s: ["1", "2", "3"], lambda s: str(odds.rightmost_visible(7, 3)),
                          lambda s: "7 markers empty two stacks of 3, so space 2 is the rightmost visible (M2, LH-095)."),),
    TourStep(
        "Laws of the King",
        "<p><b>Module LK</b>, only with KC and KR both in play: eight new laws replace the base laws of groups 2 and 3. "
        "They hit the richest (LK-1), reward the least dishonored (LK-3), trade seals for squires and gold (LK-4), "
        "give a seal for the most VM kept (LK-5), pay for knights in the tower (LK-8). Hover a law to read it.</p>",
        ("LH-003", "LH-103", "LH-106", "LH-109", "LH-110", "LH-111", "LH-116"),
        reach=_is_king_law, task="vote on the proposed law", done=_vote_done, after=_after_vote,
        question=Question("With no bishop, you sell 1 seal under LK-4 and the squires win you 3 PP from LK-6. Net gain?",
                          lambda s: ["+1", "+2", "+3"], lambda s: f"{odds.lk4_net(3, 0):+d}",
                          lambda s: "The seal would have scored 1 + 0 bishops = 1 PP, so 3 - 1 = +2 PP (LH-110, Q8)."),),
]


def tour(step: int = 1) -> TourView:
    """The guided tour: the base game, then KC, KR and LK each on their own."""
    view = TourView(CONFIG, TOUR, players=3, seed=5, options={"first_player": 0, **ALL}, title="Lancaster, step by step")
    view.children = (ipw.HTML(SOURCES_HTML), *view.children)
    if step != 1:
        view.go(step - 1)
    return view


def assumptions_and_readings() -> list[Assumption]:
    """Every value in force (hench.lancaster.assumptions) and every reading of an ambiguity the engine plays
    (hench.lancaster.READINGS, with the option that changes it), for the assumptions table."""
    return list(assumptions()) + reading_rows(READINGS, hench.get_game("lancaster").options)


KIT = GameKit(CONFIG, LESSONS, assumptions_and_readings, title="Lancaster", seed=5)
learn_table, lesson, lesson_table, rules, assumptions_in_force = KIT.learn_table, KIT.lesson, KIT.lesson_table, KIT.rules, KIT.assumptions_in_force


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
    return ipw.VBox([chart, ipw.HTML(f"<div>Final PP {state.scores()} (knighthood, extensions, noblemen, seals and dishonor included); "
                                     f"winner: <b>{html.escape(won)}</b>.</div>")])


# -- odds (widgets.odds.OddsExplorer) ----------------------------------------------------------------------------
def _bar(xs: list[str], ps: list[Fraction], colour: str = "#8e3b2f") -> plot.Node:
    return plot.Bar(x=xs, y=[float(p) for p in ps], text=[format_probability(p) for p in ps], textposition="outside",
                    marker_color=colour)


def _most_likely(dist: dict[int, Fraction]) -> int:
    return max(dist, key=lambda k: dist[k])


def _law_page(i: Inputs) -> Shown:
    """Q5: in which round a named law of a group is proposed (groups shuffled and stacked, 3 proposals a round)."""
    dist = odds.law_round(i.group, king=i.king)
    law = montecarlo.named_law(i.group, i.king)
    rows = ", ".join(f"round {r}: {prob(p)}" for r, p in sorted(dist.items()))
    text = answer_html(f"{html.escape(law)} (a law of group {i.group}) is proposed in {rows}.", 16,
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
    text = answer_html(f"With {i.players} players each joining with chance {format_probability(p)}, a lost conflict hands "
                       f"out <b>{float(mean):.2f}</b> markers on average (exactly {mean}); none at all with probability "
                       f"{prob(dist.get(0, Fraction(0)))}.", 16,
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
                     f"England wins with {prob(chances[min(4, strongest)])} and you earn <b>{float(points):.2f}</b> power points on average "
                     f"(exactly {points}; your rank among the knights there decides it, a later entrant winning a tie)")
    text = answer_html(f"{html.escape(seat_name(me))} to place, round {state.round}. " + "; ".join(lines) + ".", 15,
                       "Model: each other player with a knight at court adds their strongest one with chance "
                       f"{format_probability(p)}, spaces permitting; exact by enumerating who joins "
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
             format_probability(odds.tie_for_most(n))) for n in (3, 4, 5)]
    body = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td><td>{e}</td></tr>" for a, b, c, d, e in rows)
    others = [1, 1]  # two other voters holding 1 voting marker each
    votes = "".join(f"<tr><td>{m}</td><td>{format_probability(odds.approval_chance(True, m, others))}</td>"
                    f"<td>{format_probability(odds.approval_chance(False, m, others))}</td></tr>" for m in range(4))
    return ipw.HTML("<table class='hench-odds-table' style='border-collapse:collapse' border='1' cellpadding='4'><tr><th></th>"
                    "<th>free tower strength</th><th>ways to fill it (Q3)</th><th>most LK-8 PP a round</th>"
                    "<th>P(tie for most, holdings 0-3) (Q6)</th></tr>" + body + "</table>"
                    "<p>Parliament (LB-035, LB-036): the chance a law passes when you add markers to your vote, if two other "
                    "voters holding 1 voting marker each vote yes or no at even chances and add 0 or 1 marker at even "
                    f"chances (a tie approves); {odds.markers_to_carry(others)} markers carry it whatever they do.</p>"
                    "<table class='hench-vote-odds' style='border-collapse:collapse' border='1' cellpadding='4'><tr>"
                    "<th>your markers</th><th>P(passes) if you vote yes</th><th>P(passes) if you vote no</th></tr>"
                    + votes + "</table>")
