"""Options, setup (HL-004..HL-011, HL-088..HL-091) and the `Game` description wiring the modules together."""

from __future__ import annotations

from hench.core import Game, InvalidOptionError, Option, Rng

from . import legality, render, scoring, transitions
from .actions import ACTION_TYPES, format_action, parse_action
from .data import ITEMS, LOCATIONS, SIDES, default_data, load_data
from .phases import PHASES
from .state import HemlochState
from .validate import validate_state

OPTIONS = {
    "first_player": Option("first_player", None, "HL-011: the first Week's Start Player (None: drawn from the seed)"),
    "sides": Option("sides", "light", "HL-003, HL-095: 'light', 'dark', or 4 letters L/D, one per Location (e.g. 'LDLD')"),
    "draft": Option("draft", False, "HL-088..HL-091: build the decks by the Draft variant (5 rounds, A4)"),
    "end_after_weeks_end": Option("end_after_weeks_end", True, "A2, A3: also check the end conditions after Week's End"),
    "zero_tie_places": Option("zero_tie_places", False, "A8: a 0-0 tie at an empty Location places Markers too"),
    "score_scepters": Option("score_scepters", True, "A1: Scepters score like the other Items (2 face up, 1 face down)"),
    "data": Option("data", None, "path of your own Hemloch data file (TOML); None: the placeholders"),
}

READINGS = {
    "A1": ("score_scepters", "Scepters score 2 face up and 1 face down like Potions and Trinkets"),
    "A2": ("end_after_weeks_end", "the end conditions are also checked right after Week's End"),
    "A3": ("end_after_weeks_end", "conditions met during Week's End end the game then, not a step later"),
    "A4": ("draft", "the Draft has 5 rounds of 6 picks, making 30-card decks"),
    "A5": (None, "the Week deck is reshuffled at Week's End: every reveal is a chance event"),
    "A6": (None, "Influence Checks run from the Start Player's left onward in one direction"),
    "A7": (None, "a Marker is placed only where one is left and a space is empty"),
    "A8": ("zero_tie_places", "a 0-0 tie places no Markers"),
    "A9": (None, "abilities are done as far as possible; what cannot be done is skipped"),
    "A10": (None, "drawing from an empty deck draws nothing; the discards are never reshuffled"),
    "A11": (None, "at Week's End the Start Player retreats first, then the other, in the open"),
    "A12": (None, "one Item per turn in total"),
    "HL-033": (None, "with none of that kind left, one of your face-down Items of the kind turns face up (always done: "
                     "it can only help)"),
    "A14": (None, "one Minion per Location per turn limits Play actions only (not the Scepter's move)"),
    "A17": (None, "the Festival restriction is checked when each Minion is played"),
    "M10": (None, "Player 1 has Location 0 on the left; Player 2 sits opposite"),
}


def _sides(value: str) -> tuple[str, ...]:
    if value in SIDES:
        return (value,) * LOCATIONS
    if isinstance(value, str) and len(value) == LOCATIONS and set(value.upper()) <= {"L", "D"}:
        return tuple("light" if ch == "L" else "dark" for ch in value.upper())
    raise InvalidOptionError(f"sides should be 'light', 'dark' or {LOCATIONS} letters L/D such as 'LDLD', not {value!r}")


def start(players: int, seed: int | None, first_player: int | None, sides: str, draft: bool,
          end_after_weeks_end: bool, zero_tie_places: bool, score_scepters: bool, data: str | None) -> HemlochState:
    if first_player is not None and (not isinstance(first_player, int) or isinstance(first_player, bool)
                                     or first_player not in (0, 1)):
        raise InvalidOptionError(f"first_player should be None (drawn) or a seat 0 or 1, not {first_player!r}")
    d = default_data() if data is None else load_data(data)
    rng = Rng.from_seed(seed)
    s = HemlochState()
    s.data, s.sides, s.draft = d, _sides(sides), draft
    s.end_after_weeks_end, s.zero_tie_places, s.score_scepters = end_after_weeks_end, zero_tie_places, score_scepters
    s.start = rng.randrange(2) if first_player is None else first_player  # HL-011
    s.rng = rng.state
    s.week, s.active, s.actions, s.item_used, s.played, s.festival = 1, -1, 0, False, [], -1
    k = len(d.week)
    s.week_deck, s.revealed = list(range(k)), []  # HL-009: the Nights, shuffled (each reveal is a chance event)
    s.day_supply, s.boxed = list(range(k, 2 * k)), []  # HL-008
    s.hands, s.decks, s.discards = [[], []], [[], []], [[], []]
    s.board = [[[], []] for _ in range(LOCATIONS)]
    s.spaces = [[-1] * len(loc.spaces) for loc in d.locations]
    s.items, s.supply = [[[0, 0] for _ in ITEMS] for _ in (0, 1)], [d.item_count] * len(ITEMS)  # HL-007
    s.tasks, s.ended = [], []
    s.draft_round, s.pool, s.packs, s.kept = 0, [], [[], []], [[], []]
    if draft:  # HL-088: both decks shuffled into one pool
        s.stage, s.draft_round = "draft", 1
        s.pool = s._shuffled(list(d.deck) * 2)
        transitions.deal_packs(s)
    else:  # HL-004, HL-010
        transitions.finish_setup(s, [list(d.deck), list(d.deck)])
    return s


GAME = Game(
    id="hemloch", title="Hemloch: Midnight Edition", min_players=2, max_players=2, state_class=HemlochState,
    start=start, options=OPTIONS, turn_rule="HL-055", end_rule="HL-081", phases=PHASES, checks=legality.CHECKS,
    legal=legality.legal_actions, transition=transitions.apply, chance=transitions.chance_outcomes,
    score=scoring.scores, observe=render.observation, parse=parse_action, formatter=format_action,
    action_types=ACTION_TYPES, validate_action=legality.validate_action, validate_state=validate_state,
    resample=render.resample, hidden_information=True,
)
