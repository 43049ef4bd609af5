"""Henchmania (Jocus 2016): the rules engine, exact odds and bots.

>>> import hench
>>> game = hench.get_game("henchmania")
>>> state = game.new_game(players=3, seed=42)
>>> state.phase, state.scores()
('set_henchmen', [5, 5, 5])

Public API beside the uniform game API:
- `assumptions(data=None)` rows (what, value, source, note) of every constant and card in force;
- `load_data(path)` a user's own data file (`new_game(..., data=path)` uses it);
- `PHASES` the phases in order as (id, label, rule IDs) for a phase stepper;
- `READINGS` how the engine reads the catalogue's ambiguities (id, reading, option);
- `state.view(seat)`, `state.html(seat)`, `meter(score)`; `hench.henchmania.odds`, `.bots`.
"""

from __future__ import annotations

from typing import Any

from hench.core import Game, InvalidOptionError, register

from .actions import Action, parse_action
from .data import DataError, GameData, assumptions, load_data
from .options import OPTIONS, READINGS
from .render import meter
from .state import HMState

PHASES: list[tuple[str, str, tuple[str, ...]]] = [
    ("game_setup", "Setup: 5 points each, the Badge of Honor", ("HM-009", "HM-010", "HM-013")),
    ("set_henchmen", "Phase 1: set the Henchmen pawns", ("HM-016", "HM-017", "HM-019", "HM-020", "HM-098")),
    ("resolve_domination", "Phase 1: domination and the extra card", ("HM-021", "HM-022", "HM-023", "HM-024")),
    ("play_cards", "Phase 2: play your cards", ("HM-025", "HM-027", "HM-029", "HM-038", "HM-043", "HM-047")),
    ("guard_window", "Duel: the Guard may stop it", ("HM-052", "HM-053", "HM-102", "HM-103")),
    ("attacker_weapon", "Duel: the Attacker's weapon", ("HM-054", "HM-055")),
    ("defender_weapon", "Duel: the Defender's weapon", ("HM-056", "HM-048")),
    ("attack_roll", "Duel: 3 attack dice", ("HM-057", "HM-058", "HM-059")),
    ("defense_roll", "Duel: one defense die per hit", ("HM-060", "HM-061", "HM-062")),
    ("modifier_window", "Duel: Apothecary and Courtesan", ("HM-096", "HM-092")),
    ("discard_hands", "End of phase 2: discard hands (Nosy Parker keeps one)", ("HM-049", "HM-050", "HM-101")),
    ("end_of_day", "Phase 3: score, straighten, recall, end check, Badge", ("HM-071", "HM-072", "HM-073", "HM-074", "HM-075", "HM-076")),
    ("tiebreak_duels", "Tie-break duels between two leaders", ("HM-080", "HM-081", "HM-082", "HM-084")),
    ("game_end", "End of the game: the Bailiff", ("HM-077", "HM-078", "HM-008")),
]
"""(phase id, label, rule IDs). Phase 3 ("end_of_day") and setup run automatically inside the action
that ends phase 2 (or starts the game); `state.events` lists what they did."""


def start(players: int, seed: int | None, **opts: Any) -> HMState:
    from .flow import new_state

    first = opts["first_player"]
    if first != "random" and not 0 <= first < players:
        raise InvalidOptionError(f"first_player={first!r}: seats are 0..{players - 1} with {players} players")
    try:
        data = load_data(opts["data"])
    except DataError as exc:
        raise DataError(f"option data={opts['data']!r}: {exc}") from None
    return new_state(data, dict(opts), players, seed)


def _parse(state: HMState, text: str) -> Action:
    return parse_action(text, state.data.site_names, state.data.card_names())


GAME = register(Game(
    id="henchmania", title="Henchmania", min_players=2, max_players=5, state_class=HMState, start=start,
    options=OPTIONS, turn_rule="HM-025", end_rule="HM-075", parse=_parse, formatter=str,
))

from . import bots, odds  # noqa: E402  (so hench.henchmania.odds / .bots work after `import hench`)

__all__ = ["Action", "DataError", "GAME", "GameData", "HMState", "OPTIONS", "PHASES", "READINGS", "assumptions", "bots", "load_data", "meter", "odds"]
