"""Options, setup (HL-004..HL-011, HL-088..HL-091) and the `Game` description wiring the modules together."""

from __future__ import annotations

import warnings
from operator import attrgetter

from hench.core import Game, InvalidOptionError, Rng

from . import codec, legality, render, scoring, transitions
from .actions import ACTION_TYPES, format_action, parse_action
from .data import ITEMS, LOCATIONS, SIDES, default_data, load_data
from .options import OPTIONS, READINGS
from .phases import PHASES
from .state import HemlochState, Sides
from .tables import tables_for
from .validate import validate_state


def _sides(value: str) -> tuple[str, ...]:
    if value in SIDES:
        return (value,) * LOCATIONS
    if isinstance(value, str) and len(value) == LOCATIONS and set(value.upper()) <= {"L", "D"}:
        return tuple("light" if ch == "L" else "dark" for ch in value.upper())
    raise InvalidOptionError(f"sides should be 'light', 'dark' or {LOCATIONS} letters L/D such as 'LDLD', not {value!r}")


def _chosen_sides(sides: str | None, location_sides: str | None) -> tuple[str, ...]:
    """HL-003, HL-095, HL-096: the side each Location shows; a Light/Dark mix is allowed, with a warning.
    `sides` and `location_sides` are two names for one option: given both, they must say the same sides."""
    named = [_sides(value) for value in (sides, location_sides) if value is not None]
    if len(named) == 2 and named[0] != named[1]:
        raise InvalidOptionError(f"sides={sides!r} and location_sides={location_sides!r} are two names for one option and "
                                 "they disagree; give one of them")
    chosen = named[0] if named else _sides("light")
    if len(set(chosen)) > 1:
        warnings.warn(f"sides {''.join(side[0].upper() for side in chosen)}: the publisher advises all Light or all Dark "
                      "in one game (HL-096); the mix is played as chosen (HL-095)", UserWarning, stacklevel=4)
    return chosen


def start(players: int, seed: int | None, first_player: int | None, sides: str | None, location_sides: str | None, draft: bool,
          end_after_weeks_end: bool, zero_tie_places: bool, score_scepters: bool, data: str | None,
          may_pass: bool = False) -> HemlochState:
    if first_player is not None and (not isinstance(first_player, int) or isinstance(first_player, bool)
                                     or first_player not in (0, 1)):
        raise InvalidOptionError(f"first_player should be None (drawn) or a seat 0 or 1, not {first_player!r}")
    d = default_data() if data is None else load_data(data)
    rng = Rng.from_seed(seed)
    k = len(d.week)
    s = HemlochState.make(
        data=d, tables=tables_for(d), sides=_chosen_sides(sides, location_sides), end_after_weeks_end=end_after_weeks_end,
        zero_tie_places=zero_tie_places, score_scepters=score_scepters, may_pass=may_pass, draft=draft, stage="reveal", week=1,
        start=rng.randrange(2) if first_player is None else first_player,  # HL-011
        active=-1, actions=0, item_used=False, played=[],
        week_deck=list(range(k)), revealed=[],  # HL-009: the Nights, shuffled (each reveal is a chance event)
        day_supply=list(range(k, 2 * k)), boxed=[], festival=-1,  # HL-008
        hands=[[], []], decks=[[], []], discards=[[], []], board=[Sides([[], []]) for _ in range(LOCATIONS)],
        spaces=[[-1] * len(loc.spaces) for loc in d.locations],
        items=[Sides([0, 0] for _ in ITEMS) for _ in (0, 1)], supply=[d.item_count] * len(ITEMS),  # HL-007
        tasks=[], ended=[], draft_round=0, pool=[], packs=[[], []], kept=[[], []], rng=rng.state)
    if draft:  # HL-088: both decks shuffled into one pool
        s.stage, s.draft_round = "draft", 1
        s.pool = s._shuffled(list(d.deck) * 2)
        transitions.deal_packs(s)
    else:
        transitions.finish_setup(s, [list(d.deck), list(d.deck)])  # HL-004: the two Minion decks, one each; HL-010
    return s


GAME = Game(
    id="hemloch", title="Hemloch: Midnight Edition", min_players=2, max_players=2, state_class=HemlochState,
    start=start, options=OPTIONS, turn_rule="HL-055", end_rule="HL-081", phases=PHASES, checks=legality.CHECKS,
    legal=legality.legal_actions, handlers=transitions.HANDLERS, chance=transitions.chance_outcomes,
    score=scoring.scores, winners=scoring.winners, score_sheet=scoring.score_sheet,
    observe=render.observation, notation=render.notation,
    html=render.html, cards=render.card_texts, card_key=attrgetter("sides"), readings=READINGS, parse=parse_action, formatter=format_action,
    action_types=ACTION_TYPES, validate_action=legality.validate_action, validate_state=validate_state,
    resample=render.resample, public=render.public_move, hidden_information=True,
    codec=codec.codec,  # the action ids (issue 38)
)

__all__ = ["GAME", "OPTIONS", "READINGS", "start"]
