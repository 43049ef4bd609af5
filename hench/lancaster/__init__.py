"""lancaster: the Lancaster expansion "Henry V - The Power of the King" (modules At the King's Court,
The King's Resentment and Laws of the King) on a STAND-IN base game.

The Lancaster base rulebook is not available: the base game here is "Lancaster-Lite" (catalogue section
8.2), the smallest stand-in the expansion needs. Its counties, castle, conflicts, laws and scoring are
placeholders marked assumed in the data files, not the published Lancaster rules.

>>> from hench.lancaster import GAME
>>> state = GAME.new_game(players=3, seed=1, modules="KC+KR")
>>> state.phase_title
'Phase 1: place a knight (or your lord)'

Public API beside the uniform game API: `GAME`, `PHASES`, `READINGS`, `STAND_IN`, `assumptions()`,
`load_data(path)`, `LancasterDataError`, `observation`, `notation`, `html`, `breakdown`, `actions`,
`odds` (section 7, exact), `bots` (`RandomBot`, `HeuristicBot`, `make_bot`).
Options: `modules` ('KC+KR+LK', 'KC+KR', 'KC', 'KR', 'none'; LK alone is refused, LH-003),
`parliament` (False: parliament_mode off), `data` (your own TOML file), `first_player`,
`ally_bishop_mode` ('optional' or 'forced', reading A20), `law_groups` ('replace', LH-103, or 'combine': LH-104
as far as the text allows, see data/modules.toml [combined_laws]). 2 players play with the ally model of catalogue
L12 (assumed: data/two_player.toml): each seat also controls an ally colour (`state.colours`, `state.actor`).
"""

from hench.core import register

from . import actions, bots, odds
from .data import LancasterDataError, assumptions, default_data, load_data
from .game import GAME, READINGS
from .phases import PHASES
from .render import STAND_IN, card_texts, html, notation, observation
from .scoring import breakdown

register(GAME)

__all__ = ["GAME", "PHASES", "READINGS", "STAND_IN", "LancasterDataError", "actions", "assumptions", "bots", "breakdown",
           "card_texts", "default_data", "html", "load_data", "notation", "observation", "odds"]
