"""Setup and the `Game` description that wires the modules together (the options and readings are in options.py)."""

from __future__ import annotations

from typing import Any

from hench.core import Game, InvalidOptionError, Rng, seat_name

from . import codec, legality, render, scoring, transitions
from .actions import ACTION_TYPES, format_action, parse_action
from .data import DataError, cards, load_data
from .options import OPTIONS, READINGS
from .phases import PHASES
from .state import START, HMState, validate_state


def start(players: int, seed: int | None, first_player: int | None, data: Any, **opts: Any) -> HMState:
    """HM-009/010/013: 8 pawns and 5 points each; the first player takes the Badge of Honor; day 1 starts."""
    if first_player is not None and first_player >= players:
        raise InvalidOptionError(f"first_player={first_player!r}: seats are 0..{players - 1} with {players} players")
    try:
        game_data = load_data(data)
    except DataError as exc:
        raise DataError(f"option data={data!r}: {exc}") from None
    rng = Rng.from_seed(seed)
    badge = rng.randrange(players) if first_player is None else first_player  # HM-011/012 stand-in
    piles = [rng.shuffled(cards) for cards in game_data.site_cards]  # each site's card ids, in id order, shuffled
    sites, v = len(game_data.site_names), game_data.values
    s = HMState.make(
        data=game_data, opts=dict(opts), n=players, day=1, last_day=opts["days"], badge=badge,
        scores_=[v["start_score"]] * players, phase="game_setup", turn=0, current_player=0, piles=piles,
        discards=[[] for _ in range(sites)], hands=[[] for _ in range(players)], reserves=[[] for _ in range(players)],
        trumps=[None] * players, exhausted=set(), pawns=[[0] * players for _ in range(sites)], to_place=[0] * players,
        held=[[] for _ in range(players)], passed=[False] * players, queue=[], duel=None, tiebreak=None, winner=None,
        rng=rng.state, earned={(seat, START): v["start_score"] for seat in range(players)})
    s.say(f"{seat_name(badge)} takes the Badge of Honor; every score starts at {v['start_score']}", "HM-010", "HM-013",
          seats=(badge,))
    transitions.start_day(s)
    return s


GAME = Game(
    id="henchmania", title="Henchmania", min_players=2, max_players=5, state_class=HMState, start=start,
    options=OPTIONS, turn_rule="HM-025", end_rule="HM-075",
    phases=PHASES, checks=legality.CHECKS, legal=legality.legal_actions, handlers=transitions.HANDLERS,
    chance=transitions.chance_outcomes, score=scoring.scores, winners=scoring.winners, observe=render.observation,
    notation=render.notation, html=render.html, cards=cards, readings=READINGS, resample=render.resample,
    parse=parse_action, formatter=format_action, action_types=ACTION_TYPES, validate_action=legality.validate_action,
    validate_state=validate_state, hidden_information=True, score_sheet=scoring.score_sheet, public=render.public_move,
    codec=codec.codec,  # the action ids (issue 38)
)

__all__ = ["GAME", "OPTIONS", "READINGS", "start"]
