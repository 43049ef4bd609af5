"""Maniacal views: the table (generic GameView with Maniacal's board, phases and bots), the guided tour, the
contract odds (a team-by-contract heatmap from hench.maniacal.odds), Infamy round by round, the card gallery
and the assumptions. No rule logic here: every number comes from hench.maniacal."""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as ipw

import hench
from hench.core import CHANCE, Rng, next_action, seat_name
from hench.maniacal import PHASES, assumptions, montecarlo, odds, render
from hench.maniacal.bots import HeuristicBot, RandomBot
from hench.maniacal.data import ABILITIES_NOTE, CONTINENT_NAMES, CONTINENTS, plain_texts

from . import plot
from .cards import CardGallery
from .core import Chart, figure_widget, redraw
from .maniacal_tour import TOUR
from .odds import CheckQuestion, Choice, Inputs, Number, OddsExplorer, Shown, Slider, Switch, answer_html
from .play import PALETTE, GameKit, GameView, TableConfig, _kept
from .tour import TourView

MAX_REROLL_DICE = 7  # the exact optimal reroll takes seconds beyond this
OPTIONS = {"bodyguard": False}  # Maniacal's one option (MA-230); the generic views' default option is not Maniacal's
ASSUMPTION_LINE = ABILITIES_NOTE


def chance_html(p: Any) -> str:
    """A chance as a percentage on screen, the exact fraction a hover away."""
    exact = Fraction(p)
    if exact.denominator > 999_999:  # an exact fraction too long to read: the percentage alone, said to be rounded
        return f"<b title='rounded to a tenth of a percent'>{float(exact):.1%}</b>"
    return f"<b title='exactly {exact if exact.denominator != 1 else exact.numerator}'>{float(exact):.1%}</b>"


def affordable_odds(state: Any, seat: int) -> dict[str, Any]:
    """The chance of `seat`'s strongest team on each contract it may attempt now (enough weeks left, MA-109, and a
    full team of ready henchmen, MA-107), as far as that seat can know it (odds.known_map_odds)."""
    open_now = {CONTINENT_NAMES[CONTINENTS.index(str(a).split()[1])] for a in state.legal_actions() if str(a).startswith("attempt ")}
    return {name: p for name, p in odds.known_map_odds(state, seat).items() if p is not None and name in open_now}


def _live_odds(state: Any, viewer: int | None = None) -> str:
    """During the viewer's own Contract Phase turn: the chance of their best team on the contracts they can afford
    (as far as that seat may know it); nothing on another seat's turn."""
    if state.phase != "contract_action" or state.attempt is not None or state.current_player in (None, CHANCE):
        return ""
    if viewer is not None and state.current_player != viewer:
        return ""
    chances = affordable_odds(state, state.current_player)
    if not chances:
        return "&middot; no contract you can afford now (weeks left, MA-109) has a full team of your ready henchmen (MA-107)"
    name, p = max(chances.items(), key=lambda kv: kv[1])
    return (f"&middot; your best chance: <b>{html.escape(name)}</b>, {chance_html(p)} with your strongest team "
            f"(among the contracts you can afford in weeks)")


def move_tooltip(state: Any, action: Any) -> str:
    """A move's hover text: what the card it names does (its plain text), else the move in words."""
    plain = plain_texts(state.data)
    for part in ("room", "member", "scheme", "by"):
        card = getattr(action, part, "")
        if card in plain:
            return f"{render.move_words(state, action)}. {plain[card]}"
    return render.move_words(state, action)


CONFIG = TableConfig(
    game_id="maniacal", phases=PHASES,
    make_bot=HeuristicBot, bot_kinds={"heuristic": HeuristicBot, "random": RandomBot},
    clock=lambda state: state.round, clock_label="round", explain_for=_live_odds,
    roll_seats=lambda s: (s.attempt["seat"],) if s.attempt else None,  # the Trait dice of the attempting player
    first_seat=lambda s: s.order[0],  # MA-026: the first player is drawn at random
    label=render.move_words, words=render.move_words, tooltip=move_tooltip,  # a move in words, with the cards' names
)


def _legal(s: Any) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def _rooms_to_activate(s: Any, kind: str) -> bool:
    return any(a.startswith("activate ") and s.data.cards[a.split()[1]].kind == kind for a in _legal(s))


def _choosing_action(s: Any) -> bool:
    return s.phase == "contract_action" and s.attempt is None


LESSONS = {  # where each lesson's table starts (at the learner's turn); LESSON_SEEDS: the deal that gets there
    "setup": lambda s: True,
    "the draft": lambda s: s.phase == "draft",
    "a contract": lambda s: s.phase == "contract_action" and any(str(a).startswith("attempt") for a in s.legal_actions()),
    "clean-up": lambda s: s.phase in ("firing", "salaries"),
    "an Action room": lambda s: _choosing_action(s) and _rooms_to_activate(s, "action"),
    "a Contract room": lambda s: s.attempt is not None and _rooms_to_activate(s, "contract"),
    "the Lackey's reroll": lambda s: "lackey reroll" in _legal(s),
    "a Scheme against a rival": lambda s: s.phase == "scheme_window",
    "a Scheme for yourself": lambda s: _choosing_action(s) and any(a.startswith("scheme ") for a in _legal(s)),
    "Hoodlum Hospital": lambda s: (_choosing_action(s) and "visit hospital" in _legal(s)
                                   and any(m.injuries for m in s.lairs[s.current_player].crew)),
    "an Injury, a capture or a Power": lambda s: any(a.startswith("choose ") for a in _legal(s)),
    "unpaid salaries": lambda s: any(a.startswith("dismiss ") for a in _legal(s)),
}
LESSON_SEEDS = {"an Action room": 1, "a Scheme against a rival": 1, "a Scheme for yourself": 2, "unpaid salaries": 5}  # the others: the kit's deal


# -- the tour (widgets/maniacal_tour.py: one game from the set-up to the end) ----------------------------
TOUR_SEED = 26  # the tour's deal: in it the game reaches every step in order, the learner making each step's move


def tour(step: int = 1) -> TourView:
    """The guided tour: ONE 3-player game, step by step, from the set-up to the final score sheet."""
    view = TourView(CONFIG, TOUR, players=3, seed=TOUR_SEED, title="Maniacal, step by step", options=OPTIONS)
    if step != 1:
        view.go(step - 1)
    return view


KIT = GameKit(CONFIG, LESSONS, assumptions, title="Maniacal", seed=5, options=OPTIONS)
learn_table = KIT.learn_table


def lesson(name: str, players: int = 3) -> Any:
    """A lesson's live table for the Learn page, from the deal that reaches its position (set up when reached)."""
    return KIT.lesson(name, players, LESSON_SEEDS.get(name))


def lesson_table(name: str, players: int = 3) -> GameView:
    return KIT.lesson_table(name, players, LESSON_SEEDS.get(name))


rules, assumptions_in_force = KIT.rules, KIT.assumptions_in_force


def simulation(games: int = 50, players: int = 3):
    return KIT.simulation(games, players)


# -- Infamy round by round -----------------------------------------------------------------------------
def infamy_rows(states) -> tuple[list[str], list[list[int]]]:
    """(labels, Infamy per seat) at the start and at the end of each round reached, from a list of states."""
    return infamy_table([(st.round, tuple(st.scores())) for st in states], states[-1])


def infamy_table(marks: Sequence[tuple[int, Sequence[int]]], last: Any) -> tuple[list[str], list[list[int]]]:
    """(labels, Infamy per seat) from (round, scores) marks in game order, the first the game's start: the start,
    then each round reached at its last mark (the round still being played marked "so far")."""
    ends: dict[int, Sequence[int]] = {}
    for rnd, scores in marks:
        ends[rnd] = scores
    first = marks[0][1]
    xs = ["start"] + [f"round {r}" + ("" if r < last.round or last.is_terminal else " (so far)") for r in sorted(ends)]
    return xs, [[first[i]] + [ends[r][i] for r in sorted(ends)] for i in range(len(first))]


class InfamyChart(ipw.VBox):
    """Infamy of every player round by round (the latest round: so far), redrawn after every move of a table."""

    def __init__(self, view: GameView):
        self.view = view
        self.chart: Chart = figure_widget("Infamy round by round", height=300)
        super().__init__([self.chart])
        self.add_class("hench-infamy")
        self._steps: list = []  # the session's steps already read, and the Infamy at the end of each round they reached
        self._marks: list[tuple[int, Sequence[int]]] = []  # (round, scores) after each step read
        self._drawn: tuple | None = None
        view.observe_moves(self.refresh)
        self.refresh()

    def _rows(self) -> tuple[list[str], list[list[int]]]:
        """infamy_rows of the session, from each step's kept round and scores: a move reads its own step only
        (issue 26: the chart rescored every state of the game on every click)."""
        session = self.view.session
        steps = session.history
        kept = _kept(self._steps, steps)
        del self._steps[kept:], self._marks[kept:]
        for step in steps[kept:]:
            self._steps.append(step)
            after: Any = step.after
            self._marks.append((after.round, step.scores))
        initial: Any = session.initial
        return infamy_table([(initial.round, session.initial_scores), *self._marks], session.state)

    def refresh(self) -> None:
        xs, rows = self._rows()
        if (xs, rows) == self._drawn:
            return
        self._drawn = (xs, rows)
        names = CONFIG.names(len(rows))
        traces = [plot.Scatter(x=xs, y=ys, mode="lines+markers", name=names[i] + (" (you)" if i in self.view.human_seats else ""),
                             line=dict(color=PALETTE[i % len(PALETTE)])) for i, ys in enumerate(rows)]
        redraw(self.chart, traces, yaxis_title="Infamy", xaxis_title="end of")


def play_table(players: int = 3, seed: int = 11, seat: int = 0) -> ipw.VBox:
    """A whole game against the bots (undo, redo, a new deal above the board) with Infamy round by round."""
    view = GameView(CONFIG, players=players, seed=seed, human_seats=(seat,), auto_dice=True, chart=False,
                            options=OPTIONS, setup=True)
    box = ipw.VBox([view, InfamyChart(view)])
    box.view = view  # tests and notebooks reach the table
    return box


def bot_game_infamy(players: int = 3, seed: int = 3) -> ipw.VBox:
    """A game the heuristic bots play to the end, and the Infamy chart of it."""
    game = hench.get_game("maniacal")
    state, rng = game.new_game(players=players, seed=seed), Rng.from_seed(seed)
    bots = [CONFIG.bot(seed + i) for i in range(players)]
    states = [state]
    while not state.is_terminal:
        state = state.apply(next_action(state, bots, rng))
        states.append(state)
    xs, rows = infamy_rows(states)
    chart = figure_widget("Infamy round by round (a bot game)", height=300)
    redraw(chart, [plot.Scatter(x=xs, y=ys, mode="lines+markers", name=seat_name(i), line=dict(color=PALETTE[i % len(PALETTE)]))
                   for i, ys in enumerate(rows)], yaxis_title="Infamy", xaxis_title="end of")
    won = ", ".join(seat_name(i) for i in state.winners())
    final = ", ".join(f"{seat_name(i)} {v}" for i, v in enumerate(state.scores()))
    return ipw.VBox([chart, ipw.HTML(f"<div>Final scores: {final} (Infamy with the money-rank bonus); winner: <b>{won}</b>.</div>")])


# -- the card gallery ------------------------------------------------------------------------------------
def card_gallery(kind: str = "") -> CardGallery:
    """Every card of the data in plain words (hench.maniacal.data.card_texts), with an 'assumed' badge; filter by kind."""
    return CardGallery("maniacal", players=2, kind=kind, note=ASSUMPTION_LINE, height="520px")


# -- contract odds: which team for which contract ----------------------------------------------------
def study_position(players: int = 3, seed: int = 5, round_no: int = 1) -> Any:
    """A real position to study: the deal `seed`, played by the bots to the Contract Phase of `round_no`."""
    game = hench.get_game("maniacal")
    state: Any = game.new_game(players=players, seed=seed)
    rng = Rng.from_seed(seed)
    bots = [CONFIG.bot(seed + i) for i in range(players)]
    while not state.is_terminal and not (state.round == round_no and state.phase == "contract_action"):
        state = state.apply(next_action(state, bots, rng))
    if state.is_terminal:
        raise hench.HenchError(f"the deal {seed} never reaches round {round_no}'s Contract Phase")
    return state


teams = odds.team_options  # the teams a player could send (hench.maniacal.odds)
team_chance = odds.team_chance  # the exact chance a team meets a contract (hench.maniacal.odds)


def _team_label(state: Any, team: odds.Team) -> str:
    return " + ".join(state.data.cards[m].name for m, _ in team)


def _contract_label(state: Any, slot: int) -> str:
    c = state.data.cards[state.map[slot]]
    return f"{CONTINENT_NAMES[slot]}: {c.difficulty}, team of {c.team}, {c.trait}, Target {c.target}"


class ContractOddsView(OddsExplorer):
    """In a real position: every team the player could send against every contract on the map, exact odds in a
    heatmap; one pair in detail with its dice per colour and a check by simulation."""

    def __init__(self, seed: int = 5, round_no: int = 1, seat: int = 0, players: int = 3):
        self.players = players
        self.state: Any = None
        self.team_list: list[odds.Team] = []
        self.table: list[list[float | None]] = []
        self._key: tuple[int, int, int] | None = None
        self.note = ipw.HTML()
        wide = "520px"
        super().__init__("hench-contract-odds", [
            (Number("seed", "Deal (seed)", 0, 999_999, seed, what="the deal"),
             Choice("round", "Round", [(str(r), r) for r in (1, 2, 3)], round_no, width="150px"),
             Choice("seat", "Player", [(seat_name(n), n) for n in range(players)], seat, width="200px")),
            Switch("reroll", "the chosen pair with the Lackey's reroll (played optimally)", width=wide), self.note,
            (Choice("team", "Team", [], None, width="560px"), Choice("contract", "Contract", [], None, width="420px"))],
            self._page, chart=("Chance each team meets each contract", 460),
            more=("Successes rolled by each colour of the pool", 280), trials=4000)
        self.heat, self.colours = self.fig, self.extra

    def _load(self, i: Inputs) -> Inputs:
        """The position of the deal, round and player chosen; its teams and contracts in the lists."""
        self.state = st = study_position(self.players, i.seed, i["round"])
        self.team_list = teams(st, i.seat)
        fits = [n for n in range(6) if any(len(t) == st.data.cards[st.map[n]].team for t in self.team_list)]
        slot = fits[0] if fits else 0
        first = next((n for n, t in enumerate(self.team_list) if len(t) == st.data.cards[st.map[slot]].team), 0)
        self._quiet = True
        try:
            self.team.options = [(_team_label(st, t), n) for n, t in enumerate(self.team_list)]
            self.contract.options = [(_contract_label(st, n), n) for n in range(6)]
            self.team.value, self.contract.value = (first if self.team_list else None), slot
        finally:
            self._quiet = False
        self._key = (i.seed, i["round"], i.seat)
        return self.inputs()

    def _pair(self) -> tuple[odds.Team, int]:
        team = self.team_list[self.team.value] if self.team.value is not None else ()
        return team, self.contract.value

    def _page(self, i: Inputs) -> Shown:
        if (i.seed, i["round"], i.seat) != self._key:
            i = self._load(i)
        st, seat = self.state, i.seat
        self.table = [[None if p is None else float(p) for p in (team_chance(st, seat, t, slot) for slot in range(6))]
                      for t in self.team_list]
        lair = st.lairs[seat]
        self.note.value = (f"<div style='color:#445'>Round {st.round}, {seat_name(seat)} ({html.escape(st.data.cards[lair.sv].name)}) "
                           f"has {len(lair.crew)} henchmen, {len(self.team_list)} possible teams shown. A blank cell: the team "
                           "size does not match the contract (MA-107). The Targets are printed on the hidden face of each "
                           "contract: this study view shows them, a player at the table only learns one after paying the "
                           "time (MA-111). The dice faces are an assumption (the rulebook text lost them): 3 blanks, a 1, a 2 "
                           "and the icon.</div>")
        heat = plot.Heatmap(z=self.table, x=[_contract_label(st, n) for n in range(6)], y=[_team_label(st, t) for t in self.team_list],
                            text=[["" if p is None else f"{p:.0%}" for p in row] for row in self.table], texttemplate="%{text}",
                            colorscale="RdYlGn", zmin=0, zmax=1, hoverongaps=False, hovertemplate="%{y}<br>vs %{x}: %{z:.1%}<extra></extra>")
        layout = dict(xaxis_title="contract on the map (continent, difficulty, team, trait, Target)",
                      yaxis_autorange="reversed", margin=dict(l=260, r=20, t=50, b=90))
        return self._detail(i, heat, layout)

    def _detail(self, i: Inputs, heat: Any, layout: dict[str, Any]) -> Shown:
        """The chosen team against the chosen contract: its exact chance, its dice per colour, its simulation."""
        st, seat = self.state, i.seat
        team, slot = self._pair()
        c = st.data.cards[st.map[slot]]
        if len(team) != c.team:
            return Shown(answer_html(f"This contract needs a team of exactly {c.team} (MA-107); this team has {len(team)}."),
                         [heat], layout, more=([], {}), check="No simulation: this team's size does not match the contract.")
        members = odds.members_for(st, team, slot)
        dice = odds.team_dice(st, seat, members)
        lackey = any(t for _, t in members)
        reroll, why_not = i.reroll, ""
        if reroll and sum(dice.values()) > MAX_REROLL_DICE:
            reroll, why_not = False, (f" The optimal reroll is computed exactly for pools of up to {MAX_REROLL_DICE} dice; "
                                      f"this pool has {sum(dice.values())}, so it is shown without.")
        p = team_chance(st, seat, team, slot, reroll)
        assert p is not None  # the team's size fits (checked above)
        pool = ", ".join(f"{n} {t} di{'e' if n == 1 else 'ce'}" for t, n in dice.items() if n)
        said = "" if not i.reroll else (" (with the Lackey's reroll)" if lackey and reroll else
                                        "" if why_not else " (no Lackey on this team, so no reroll)")
        text = answer_html(f"{html.escape(_team_label(st, team))} against {html.escape(c.name)} "
                           f"({html.escape(CONTINENT_NAMES[slot])}): the pool is {pool}, Target {c.target}; success "
                           f"with probability {chance_html(p)}{said}.{why_not}", 18)
        per = odds.per_colour(dice, c.trait, st.data)
        bars = [plot.Bar(x=[str(v) for v, _, _ in d.rows()], y=[float(q) for _, q, _ in d.rows()], name=f"{t} ({dice[t]} dice)",
                         marker_color=render.TRAIT_HEX[t]) for t, d in per.items()]
        check: CheckQuestion | str = (montecarlo.CHECKS["contract"], dict(dice=dice, trait=c.trait, target=c.target, data=st.data))
        if reroll and lackey:
            check = "The simulation rolls once, without rerolls: untick the Lackey's reroll to compare it with the exact answer."
        return Shown(text, [heat], layout, more=(bars, dict(barmode="group", xaxis_title="successes", yaxis_tickformat=".0%")),
                     check=check)


REROLLS = [("no reroll", ""), ("Lackey: any dice once", "any"), ("Scheme: up to 3", "3"), ("Room: up to 2", "2")]


def _pool_page(i: Inputs, heat: Any) -> Shown:
    """Any pool: matching and other dice against a Target, with and without a reroll (catalogue Q2-Q4)."""
    m, o, t = i.matching, i.other, i.target
    rerolls: tuple[odds.Reroll, ...] = () if not i.reroll else (("any",) if i.reroll == "any" else (int(i.reroll),))
    if rerolls and m + o > 6:
        raise hench.HenchError("with a reroll the exact optimum is computed for up to 6 dice: lower the pool")
    p = odds.success_chance(m, o, t, rerolls)
    text = answer_html(f"{m} matching + {o} other dice reach Target {t} with probability {chance_html(p)} (MA-118 to MA-120"
                       f"{', rerolls played optimally, MA-153/MA-177' if rerolls else ''}).", 18)
    check: CheckQuestion | str = (montecarlo.CHECKS["pool"], dict(matching=m, other=o, target=t))
    if rerolls:
        check = "The simulation rolls once, without rerolls: choose \"no reroll\" to compare it with the exact answer."
    elif p in (0, 1):
        check = "No simulation needed: with this pool the answer is certain."
    return Shown(text, [heat], dict(xaxis_title="Target", yaxis_title="dice of the recommended trait"), check=check)


class PoolOddsView(OddsExplorer):
    """Any pool: matching and other dice against a Target, with and without a reroll (catalogue Q2-Q4)."""

    def __init__(self, matching: int = 2, other: int = 2, target: int = 3):
        table = odds.table(True, 6, 10)
        heat = plot.Heatmap(z=[[float(p) for p in row] for row in table], x=list(range(1, 11)), y=list(range(1, 7)),
                            text=[[f"{float(p):.0%}" for p in row] for row in table], texttemplate="%{text}",
                            colorscale="RdYlGn", zmin=0, zmax=1, hovertemplate="%{y} dice, Target %{x}: %{z:.1%}<extra></extra>")
        super().__init__("hench-pool-odds", [
            (Slider("matching", "Matching", 0, 8, matching, what="matching dice"), Slider("other", "Other", 0, 8, other, what="other dice")),
            (Slider("target", "Target", 1, 15, target, what="the Target"), Choice("reroll", "Reroll", REROLLS, ""))],
            lambda i: _pool_page(i, heat), chart=("Chance to reach each Target with N dice of the recommended trait", 360))


# -- the rulebook's own numbers, checked on the page ------------------------------------------------------
RULEBOOK_CHECKS = (  # (what the catalogue works out, matching dice, other dice, Target, its exact chance)
    ("two dice of the recommended trait against Target 2", 2, 0, 2, Fraction(7, 12)),
    ("four recommended and two other dice against Target 5", 4, 2, 5, Fraction(2689, 5184)),
)


def rulebook_checks() -> ipw.HTML:
    """The catalogue's worked odds, recomputed by hench and compared on the page, in words (a wrong one raises)."""
    rows = []
    for what, matching, other, target, expected in RULEBOOK_CHECKS:
        got = odds.success_chance(matching, other, target)
        if got != expected:
            raise hench.HenchError(f"the odds of {what} are {got}, not {expected} as the catalogue works out")
        rows.append(f"<li>{html.escape(what)}: {chance_html(got)}, as the rules catalogue works it out by hand</li>")
    return ipw.HTML(f"<div class='hench-checks'>Checked against the rulebook's numbers:<ul>{''.join(rows)}</ul></div>")


def pool_table(matching: int = 2, other: int = 1) -> ipw.HTML:
    """The chance of each number of successes for a pool of dice, as a small table (percentages, exact on hover)."""
    dist = odds.pool(matching, other)
    cells = "".join(f"<tr><td style='padding:1px 8px'>{k}</td><td style='padding:1px 8px'>{chance_html(p)}</td></tr>"
                    for k, p in sorted(dist.probabilities().items()))
    return ipw.HTML(f"<div>{matching} dice of the recommended trait and {other} other die{'s' if other != 1 else ''}: the chance "
                    f"of each number of successes<table><tr><th>successes</th><th>chance</th></tr>{cells}</table></div>")
