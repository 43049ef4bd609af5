"""Maniacal views: the table (generic GameView with Maniacal's board, phases and bots), the guided tour, the
contract odds (a team-by-contract heatmap from hench.maniacal.odds), Infamy round by round, the card gallery
and the assumptions. No rule logic here: every number comes from hench.maniacal."""

from __future__ import annotations

import html
from fractions import Fraction
from itertools import combinations
from typing import Any

import ipywidgets as ipw

import hench
from hench import format_probability
from hench.core import CHANCE, Rng, next_action, seat_name
from hench.core.montecarlo import estimate
from hench.maniacal import PHASES, assumptions, odds, render
from hench.maniacal.bots import HeuristicBot, RandomBot
from hench.maniacal.contracts import contract_cost
from hench.maniacal.data import ABILITIES_NOTE, CONTINENT_NAMES, CONTINENTS, TRAITS

from . import plot
from .cards import CardGallery
from .core import Chart, MessageArea, MonteCarloCheck, checked_int, figure_widget, guarded, protect, redraw
from .play import PALETTE, GameKit, GameView, TableConfig
from .tour import Question, TourStep, TourView

MAX_REROLL_DICE = 7  # the exact optimal reroll takes seconds beyond this
OPTIONS = {"bodyguard": False}  # Maniacal's one option (MA-230); the generic views' default option is not Maniacal's
ASSUMPTION_LINE = ABILITIES_NOTE


def _live_odds(state) -> str:
    """During the learner's contract phase: the exact chance of their best team on each contract."""
    if state.phase != "contract_action" or state.current_player in (None, CHANCE):
        return ""
    chances = odds.known_map_odds(state, state.current_player)
    best = [(p, name) for name, p in chances.items() if p is not None]
    if not best:
        return "&middot; no contract on the map has a full team of your ready henchmen"
    p, name = max(best)
    return f"&middot; your best chance: <b>{html.escape(name)}</b>, {format_probability(p)} with your strongest team"


CONFIG = TableConfig(
    game_id="maniacal", phases=PHASES, board=lambda state, seat, clickable: render.html(state.observation(seat), clickable),
    make_bot=HeuristicBot, bot_kinds={"heuristic": HeuristicBot, "random": RandomBot},
    clock=lambda state: state.round, clock_label="round", explain=_live_odds,
    roll_seats=lambda s: (s.attempt["seat"],) if s.attempt else None,  # the Trait dice of the attempting player
)


LESSONS = {
    "setup": lambda s: True,
    "the draft": lambda s: s.phase == "draft",
    "a contract": lambda s: s.phase == "contract_action" and any(str(a).startswith("attempt") for a in s.legal_actions()),
    "clean-up": lambda s: s.phase in ("firing", "salaries"),
}


# -- the tour ------------------------------------------------------------------------------------------
ME = 0  # the learner is Player 1


def _first_move_is(prefix: str):
    """The learner's first offered move starts with `prefix` (so the step's task is the obvious move)."""
    def reach(s) -> bool:
        legal = [str(a) for a in s.legal_actions()]
        return bool(legal) and next((a for a in legal if a != "pass"), legal[0]).startswith(prefix)
    return reach


def _drafted(start, now) -> str:
    lair = now.lairs[ME]
    return ("Your pick was revealed (MA-042, MA-049, MA-056): the moves below say what each player built or sold. Everybody's picks were revealed "
            f"together and the hands passed on (MA-043, MA-044). You now have ${lair.money} and attraction "
            + ", ".join(f"{t} {v}" for t, v in zip(("beast", "criminal", "scientist", "mystic"), lair.attraction)) + ".")


def _attempted(start, now) -> str:
    lair = now.lairs[ME]
    return ("Your contract was resolved: the moves below say what you rolled against its Target (MA-118 to MA-122). The team is now exhausted for "
            f"the round (MA-125) and a new contract of the same difficulty lies face down in its place (MA-126). You have "
            f"{lair.infamy} Infamy, ${lair.money} and {lair.weeks} weeks left.")


def _cleaned(start, now) -> str:
    return (
        f"Clean-up is over: salaries were paid (MA-205), Mercenaries went back (MA-198), everyone was refreshed and new "
        f"contracts were placed (MA-212, MA-213). Round {now.round} begins with the draft.")


def _contract_done(start, now) -> bool:
    """The learner's attempt is over: no attempt in progress, the learner's time spent and a contract on the map replaced
    (MA-126), which only a finished attempt does."""
    return now.attempt is None and now.map != start.map and now.lairs[ME].weeks != start.lairs[ME].weeks


def _game_over(start, now) -> str:
    scores = ", ".join(f"{seat_name(i)} {v}" for i, v in enumerate(now.scores()))
    won = " and ".join(seat_name(i) for i in now.winners())
    return f"The game is over after round 3: the money-rank bonus was added (MA-220); final scores {scores}; winner {won} (MA-222)."


TOUR = [
    TourStep(
        "Setup and the goal",
        "<p>You are <b>Player 1</b>, a Supervillain; the bots play the others. Over <b>three rounds</b> you build a "
        "secret base of Rooms, recruit henchmen with it, and send them on contracts around the world for "
        "<b>Infamy</b>; the most Infamy wins. Everyone starts with a Lackey, one secret Scheme card and some money "
        "(later seats a little more). Supervillain abilities are not in the rulebook text, so this game is played "
        "without them (an assumption).</p>",
        ("MA-001", "MA-022", "MA-028", "MA-030", "MA-021"),
        question=Question("How much money do you (Player 1) start with?",
                          lambda s: sorted({str(lair.money) for lair in s.lairs} | {"5", "10"}, key=int),
                          lambda s: str(s.lairs[ME].money),
                          lambda s: f"The first player gets ${s.data.tables['start_money'][0]} and each later player "
                                    f"${s.data.tables['start_money'][1]} more (MA-028); you have ${s.lairs[ME].money}.")),
    TourStep(
        "Phase I: the secret Room draft",
        "<p>Each round starts with a draft of Room cards. Look at your hand under your base: pick <b>one</b> card and say "
        "whether you <b>build</b> it (pay its cost; it adds attraction for one type of henchman) or <b>sell</b> it (take "
        "its cost in money). Everyone picks in secret, then all picks are revealed at once and the hands are passed on. "
        "The other players' picks stay hidden on your screen until the reveal.</p>",
        ("MA-040", "MA-041", "MA-042", "MA-043", "MA-049", "MA-053", "MA-056"),
        reach=lambda s: s.phase == "draft",
        task="click 'build' or 'sell' on one Room of your hand",
        done=lambda start, now: now.pick_no != start.pick_no or now.phase != "draft" or now.round != start.round,
        after=_drafted,
        question=Question("How many Room cards are in your hand at the first pick of a round?",
                          lambda s: ["3", "4", "5", "6"], lambda s: str(len(s.lairs[ME].hand)),
                          lambda s: f"Everyone is dealt {len(s.lairs[ME].hand)} Rooms (MA-040) and makes three "
                                    "build-or-sell decisions from them; the last 2 cards are discarded (MA-047, MA-048).")),
    TourStep(
        "Phase II: henchmen come to the best base",
        "<p>Recruitment runs by itself. For Beasts, then Criminals, Scientists and Mystics, the player with the "
        "<b>highest attraction</b> for that type hires the face-up henchman, if their score reaches its cost, and their "
        "score drops by that cost; up to two of each type a round; ties go to the earlier player in turn order. "
        "Look at the henchmen in each base now, and at the new face-up cards in 'Henchmen for hire'.</p>",
        ("MA-070", "MA-071", "MA-072", "MA-073", "MA-076", "MA-077"),
        reach=lambda s: s.phase == "contract_action",
        question=Question("How many henchmen (with your Lackey) do you have now?",
                          lambda s: [str(n) for n in sorted({max(0, len(s.lairs[ME].crew) + k) for k in (-1, 0, 1, 2)})],
                          lambda s: str(len(s.lairs[ME].crew)),
                          lambda s: f"You have {len(s.lairs[ME].crew)}: your Lackey (MA-065) and whoever your attraction "
                                    "recruited (MA-072, MA-073); the list on the right says who went where.")),
    TourStep(
        "Phase III: attempt a contract",
        "<p>Now everyone spends <b>weeks</b> on the Time track; the player with the most weeks left acts. Attempt a "
        "contract: click it on the world map (its back shows the difficulty, team size and recommended trait), assign "
        "your team, then <b>roll</b>: each trait point is one die, the recommended trait's icon counts double, and you "
        "need the hidden <b>Target</b>. Your Lackey on the team lets you reroll any dice once.</p>",
        ("MA-083", "MA-107", "MA-109", "MA-111", "MA-116", "MA-119", "MA-120", "MA-153"),
        reach=lambda s: s.phase == "contract_action" and _first_move_is("attempt")(s),
        task="attempt a contract, assign the team, roll the dice ('Roll the dice' for each die, or tick 'roll the dice "
             "for me'), then compare with 'done'",
        done=_contract_done,
        after=_attempted,
        question=Question("How many weeks does an attempt on the contract in Europe (C) cost you?",
                          lambda s: ["2", "3", "4", "5"], lambda s: str(contract_cost(s, ME, "C")),
                          lambda s: f"Your Supervillain card prints the weeks for each continent (MA-109): Europe costs you "
                                    f"{contract_cost(s, ME, 'C')}. A visit costs 2 weeks, passing all you have left (MA-091).")),
    TourStep(
        "Phase IV: clean-up",
        "<p>When everyone's time has run out, the round is cleaned up: each player pays <b>$1 per henchman</b> "
        "(Mercenaries first; unpaid ones leave), Mercenaries go back to Lucifer's Lounge, you may <b>fire</b> one "
        "henchman, everyone is refreshed and new contracts are placed by the Contract Key.</p>",
        ("MA-205", "MA-206", "MA-207", "MA-209", "MA-210", "MA-212", "MA-213"),
        reach=lambda s: s.phase in ("firing", "salaries"),
        task="fire a henchman or keep your crew",
        done=lambda start, now: now.phase not in ("firing", "salaries", "cleanup") or now.round != start.round,
        after=_cleaned,
        question=Question("Who pays salaries first in Clean-up?",
                          lambda s: ["Mercenaries", "the Lackey", "the newest henchman"], lambda s: "Mercenaries",
                          lambda s: "Mercenaries are paid before the other henchmen (MA-207, AMB-15); a henchman you "
                                    "cannot pay leaves at once (MA-209).")),
    TourStep(
        "The end of the game",
        "<p>After the third round's clean-up, the richest players get an Infamy bonus by money rank, and the most "
        "Infamy wins; a tie goes to the player with more henchmen. This is round 3: play on (pass when you are done) "
        "until the game ends, and watch the Infamy chart.</p>",
        ("MA-211", "MA-220", "MA-221", "MA-222", "MA-223"),
        reach=lambda s: s.round == 3 and s.phase == "contract_action",
        task="pass (or play) until the game ends",
        done=lambda start, now: now.is_terminal,
        after=_game_over,
        question=Question("How much Infamy does the richest player get at the end of the game?",
                          lambda s: sorted({str(v) for v in s.data.tables["money_rank_bonus"]} | {"10"}, key=int),
                          lambda s: str(s.data.tables["money_rank_bonus"][0]),
                          lambda s: "The money-rank bonus is " + ", ".join(f"+{v}" for v in s.data.tables["money_rank_bonus"][:3])
                                    + " Infamy for ranks 1, 2 and 3 (MA-220; the values are assumed, M-07).")),
]


def tour(step: int = 1) -> TourView:
    """The guided tour: a real 3-player game, step by step, from setup to the final Infamy."""
    view = TourView(CONFIG, TOUR, players=3, seed=5, title="Maniacal, step by step", options=OPTIONS)
    if step != 1:
        view.go(step - 1)
    return view


KIT = GameKit(CONFIG, LESSONS, assumptions, title="Maniacal", seed=5, options=OPTIONS)
learn_table, lesson, lesson_table = KIT.learn_table, KIT.lesson, KIT.lesson_table
rules, assumptions_in_force = KIT.rules, KIT.assumptions_in_force


def simulation(games: int = 50, players: int = 3):
    return KIT.simulation(games, players)


# -- Infamy round by round -----------------------------------------------------------------------------
def infamy_rows(states) -> tuple[list[str], list[list[int]]]:
    """(labels, Infamy per seat) at the start and at the end of each round reached, from a list of states."""
    marks: dict[int, list[int]] = {}
    for st in states:
        marks[st.round] = st.scores()
    first = states[0]
    last = states[-1]
    xs = ["start"] + [f"round {r}" + ("" if r < last.round or last.is_terminal else " (so far)") for r in sorted(marks)]
    rows = [[first.scores()[i]] + [marks[r][i] for r in sorted(marks)] for i in range(first.num_players)]
    return xs, rows


class InfamyChart(ipw.VBox):
    """Infamy of every player round by round (the latest round: so far), redrawn after every move of a table."""

    def __init__(self, view: GameView):
        self.view = view
        self.chart: Chart = figure_widget("Infamy round by round", height=300)
        super().__init__([self.chart])
        self.add_class("hench-infamy")
        view.observe_moves(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        xs, rows = infamy_rows(self.view.session.states)
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
    return ipw.VBox([chart, ipw.HTML(f"<div>Final scores {state.scores()} (Infamy with the money-rank bonus); winner: <b>{won}</b>.</div>")])


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


def teams(state, seat: int, max_teams: int = 14) -> list[tuple[tuple[str, str], ...]]:
    """The teams a player could send: every set of 1 to 4 ready, uninjured henchmen (a Lackey uses the trait
    given per contract), the strongest first."""
    from hench.maniacal.contracts import can_join

    crew = [m.id for m in state.lairs[seat].crew if can_join(state, m)]
    out = [tuple((m, "") for m in combo) for n in range(1, 5) for combo in combinations(crew, n)]
    strength = lambda t: (len(t), sum(sum(odds.team_dice(state, seat, [(m, "")]).values()) for m, _ in t))
    return sorted(out, key=strength, reverse=True)[:max_teams]


def team_chance(state, seat: int, team, slot: int, lackey_reroll: bool = False) -> Fraction | None:
    """The exact chance `team` meets the contract on continent `slot` (None: the team size does not fit).
    A Lackey uses the contract's recommended trait (MA-152); with `lackey_reroll`, its reroll is played (MA-153)."""
    c = state.data.cards[state.map[slot]]
    if len(team) != c.team:
        return None
    members = [(m, c.trait if state.data.cards[m].type == "lackey" else "") for m, _ in team]
    lackey = any(t for _, t in members)
    dice = odds.team_dice(state, seat, members)
    return odds.contract_chance(dice, c.trait, c.target, ("any",) if lackey_reroll and lackey else (), state.data)


def _team_label(state, team) -> str:
    return " + ".join(state.data.cards[m].name for m, _ in team)


def _contract_label(state, slot: int) -> str:
    c = state.data.cards[state.map[slot]]
    return f"{CONTINENTS[slot]} {c.difficulty} team {c.team} {c.trait} T{c.target}"


class ContractOddsView(ipw.VBox):
    """In a real position: every team the player could send against every contract on the map, exact odds in a
    heatmap; one pair in detail with its dice per colour and a check by simulation."""

    def __init__(self, seed: int = 5, round_no: int = 1, seat: int = 0, players: int = 3):
        self.messages = MessageArea()
        self.seed = protect(ipw.BoundedIntText(value=seed, min=0, max=999_999, description="Deal (seed)",
                                               layout=ipw.Layout(width="200px")), self.messages)
        self.round = protect(ipw.Dropdown(options=[1, 2, 3], value=round_no, description="Round",
                                          layout=ipw.Layout(width="150px")), self.messages)
        self.seat = protect(ipw.Dropdown(options=[(seat_name(i), i) for i in range(players)], value=seat, description="Player",
                                         layout=ipw.Layout(width="200px")), self.messages)
        self.players = players
        self.reroll = ipw.Checkbox(value=False, description="the chosen pair with the Lackey's reroll (played optimally)",
                                   layout=ipw.Layout(width="520px"))
        self.team = protect(ipw.Dropdown(description="Team", layout=ipw.Layout(width="560px")), self.messages)
        self.contract = protect(ipw.Dropdown(description="Contract", layout=ipw.Layout(width="420px")), self.messages)
        self.note = ipw.HTML()
        self.answer = ipw.HTML()
        self.heat = figure_widget("Chance each team meets each contract", height=460)
        self.colours = figure_widget("Successes rolled by each colour of the pool", height=280)
        self.mc = MonteCarloCheck(self._simulate, self._exact, "meet the Target", trials=4000)
        for w in (self.seed, self.round, self.seat):
            w.observe(lambda _: self.load(), "value")
        self.reroll.observe(lambda _: self.detail(), "value")
        self.team.observe(lambda _: self.detail(), "value")
        self.contract.observe(lambda _: self.detail(), "value")
        super().__init__([ipw.HBox([self.seed, self.round, self.seat]), self.reroll, self.messages, self.note, self.heat,
                          ipw.HBox([self.team, self.contract]), self.answer, self.colours, self.mc])
        self.add_class("hench-contract-odds")
        self.state: Any = None
        self.load()

    @guarded()
    def load(self) -> None:
        seed = checked_int(self.seed.value, 0, 999_999, "the deal")
        self.state = study_position(self.players, seed, self.round.value)
        seat = self.seat.value
        self.team_list = teams(self.state, seat)
        self.team.options = [(_team_label(self.state, t), i) for i, t in enumerate(self.team_list)]
        self.contract.options = [(_contract_label(self.state, i), i) for i in range(6)]
        fits = [i for i in range(6) if any(len(t) == self.state.data.cards[self.state.map[i]].team for t in self.team_list)]
        self.contract.value = fits[0] if fits else 0
        self.refresh()

    @guarded()
    def refresh(self) -> None:
        st, seat = self.state, self.seat.value
        z, text = [], []
        for t in self.team_list:
            row = [team_chance(st, seat, t, slot) for slot in range(6)]
            z.append([None if p is None else float(p) for p in row])
            text.append(["" if p is None else f"{float(p):.0%}" for p in row])
        self.table = z
        lair = st.lairs[seat]
        self.note.value = (f"<div style='color:#445'>Round {st.round}, {seat_name(seat)} ({html.escape(st.data.cards[lair.sv].name)}) "
                           f"has {len(lair.crew)} henchmen, {len(self.team_list)} possible teams shown. A blank cell: the team "
                           "size does not match the contract (MA-107). The Targets are printed on the hidden face of each "
                           "contract: this study view shows them, a player at the table only learns one after paying the "
                           "time (MA-111). Dice faces are assumed (M-01): 3 blanks, 1, 2 and the icon.</div>")
        heat = plot.Heatmap(z=z, x=[_contract_label(st, i) for i in range(6)], y=[_team_label(st, t) for t in self.team_list],
                          text=text, texttemplate="%{text}", colorscale="RdYlGn", zmin=0, zmax=1, hoverongaps=False,
                          hovertemplate="%{y}<br>vs %{x}: %{z:.1%}<extra></extra>")
        redraw(self.heat, [heat], xaxis_title="contract on the map (continent, difficulty, team, trait, Target)",
               yaxis_autorange="reversed", margin=dict(l=260, r=20, t=50, b=90))
        fitting = [i for i, t in enumerate(self.team_list)
                   if len(t) == st.data.cards[st.map[self.contract.value]].team]
        if fitting and self.team.value not in fitting:
            self.team.value = fitting[0]
        self.detail()

    def _pair(self):
        team = self.team_list[self.team.value] if self.team.value is not None else ()
        return team, self.contract.value

    def _exact(self) -> Fraction:
        team, slot = self._pair()
        p = team_chance(self.state, self.seat.value, team, slot, self.reroll.value)
        return Fraction(0) if p is None else p

    def _simulate(self, trials: int, progress):
        st, seat = self.state, self.seat.value
        team, slot = self._pair()
        c = st.data.cards[st.map[slot]]
        if len(team) != c.team:
            raise hench.HenchError("this team's size does not match the contract: choose a team of the right size")
        if self.reroll.value:
            raise hench.HenchError("the simulation rolls without rerolls: untick the Lackey's reroll to compare")
        members = [(m, c.trait if st.data.cards[m].type == "lackey" else "") for m, _ in team]
        dice = odds.team_dice(st, seat, members)
        faces = {t: odds.face_values(st.data, t == c.trait) for t in TRAITS}

        def trial(rng) -> bool:
            return sum(faces[t][rng.randrange(len(faces[t]))] for t, n in dice.items() for _ in range(n)) >= c.target
        return estimate(trial, trials, seed=self.seed.value, progress=progress, every=max(1, trials // 20))

    def _reroll_note(self, members) -> str:
        if not self.reroll.value:
            return ""
        return " (with the Lackey's reroll)" if any(t for _, t in members) else " (no Lackey on this team, so no reroll)"

    @guarded()
    def detail(self) -> None:
        if self.state is None or self.team.value is None or self.contract.value is None:
            return
        st, seat = self.state, self.seat.value
        team, slot = self._pair()
        c = st.data.cards[st.map[slot]]
        self.mc.clear()
        if len(team) != c.team:
            self.answer.value = (f"<div class='hench-answer'>This contract needs a team of exactly {c.team} (MA-107); "
                                 f"this team has {len(team)}.</div>")
            redraw(self.colours, [])
            return
        members = [(m, c.trait if st.data.cards[m].type == "lackey" else "") for m, _ in team]
        dice = odds.team_dice(st, seat, members)
        if self.reroll.value and sum(dice.values()) > MAX_REROLL_DICE:
            self.reroll.value = False
            raise hench.HenchError(f"the optimal reroll is computed exactly for pools of up to {MAX_REROLL_DICE} dice; "
                                   f"this pool has {sum(dice.values())}")
        p = team_chance(st, seat, team, slot, self.reroll.value)
        assert p is not None  # the team's size fits (checked above)
        pool = ", ".join(f"{n} {t}" for t, n in dice.items() if n)
        self.answer.value = (f"<div class='hench-answer' style='font-size:18px'>{html.escape(_team_label(st, team))} against "
                             f"{html.escape(c.name)} ({html.escape(CONTINENT_NAMES[slot])}): the pool is {pool} dice, Target "
                             f"{c.target}; success with probability <b>{format_probability(p)}</b>"
                             f"{self._reroll_note(members)}.</div>")
        per = odds.per_colour(dice, c.trait, st.data)
        bars = [plot.Bar(x=[str(v) for v, _, _ in d.rows()], y=[float(q) for _, q, _ in d.rows()], name=f"{t} ({dice[t]} dice)",
                       marker_color=render.TRAIT_HEX[t]) for t, d in per.items()]
        redraw(self.colours, bars, barmode="group", xaxis_title="successes", yaxis_tickformat=".0%")


class PoolOddsView(ipw.VBox):
    """Any pool: matching and other dice against a Target, with and without a reroll (catalogue Q2-Q4)."""

    def __init__(self, matching: int = 2, other: int = 2, target: int = 3):
        self.messages = MessageArea()
        make = lambda label, v, lo, hi: protect(ipw.IntSlider(value=v, min=lo, max=hi, description=label,
                                                              continuous_update=False), self.messages)
        self.matching, self.other, self.target = make("Matching", matching, 0, 8), make("Other", other, 0, 8), make("Target", target, 1, 15)
        self.reroll = ipw.Dropdown(options=[("no reroll", ""), ("Lackey: any dice once", "any"), ("Scheme: up to 3", "3"),
                                            ("Room: up to 2", "2")], value="", description="Reroll")
        self.answer = ipw.HTML()
        self.fig = figure_widget("Chance to reach each Target with N dice of the recommended trait", height=360)
        for w in (self.matching, self.other, self.target, self.reroll):
            w.observe(lambda _: self.refresh(), "value")
        super().__init__([ipw.HBox([self.matching, self.other]), ipw.HBox([self.target, self.reroll]), self.messages,
                          self.answer, self.fig])
        self.add_class("hench-pool-odds")
        self._heat()
        self.refresh()

    def _heat(self) -> None:
        table = odds.table(True, 6, 10)
        heat = plot.Heatmap(z=[[float(p) for p in row] for row in table], x=list(range(1, 11)), y=list(range(1, 7)),
                          text=[[f"{float(p):.0%}" for p in row] for row in table], texttemplate="%{text}",
                          colorscale="RdYlGn", zmin=0, zmax=1, hovertemplate="%{y} dice, Target %{x}: %{z:.1%}<extra></extra>")
        redraw(self.fig, [heat], xaxis_title="Target", yaxis_title="dice of the recommended trait")

    @guarded()
    def refresh(self) -> None:
        m = checked_int(self.matching.value, 0, 8, "matching dice")
        o = checked_int(self.other.value, 0, 8, "other dice")
        t = checked_int(self.target.value, 1, 15, "the Target")
        r = self.reroll.value
        rerolls = () if not r else (("any",) if r == "any" else (int(r),))
        if rerolls and m + o > 6:
            raise hench.HenchError("with a reroll the exact optimum is computed for up to 6 dice: lower the pool")
        p = odds.success_chance(m, o, t, rerolls)
        self.answer.value = (f"<div class='hench-answer' style='font-size:18px'>{m} matching + {o} other dice reach Target {t} "
                             f"with probability <b>{format_probability(p)}</b> (MA-118 to MA-120"
                             f"{', rerolls played optimally, MA-153/MA-177' if rerolls else ''}).</div>")
