"""lancaster: Lancaster (Queen Games 2011), the base game, with the three modules of its expansion "Henry V - The
Power of the King" (At the King's Court, The King's Resentment, Laws of the King), alone or combined.

The rules are the publisher's (catalogue shared/rules/lancaster-base.md, rules LB-001..LB-104, and
lancaster-henry-v.md, LH-...). Some printed values (most counties' minimums and rewards, the conflict cards,
the favor tiles, the castle, the company-at-table scale, the law groups) are not in any source we have: the data
files mark them assumed, with a note, and your own file can replace them (`new_game(data=...)`).

>>> import hench
>>> state = hench.get_game("lancaster").new_game(players=3, seed=1, modules="KC+KR")
>>> state.phase_title
'Phase 1: place a knight (or your lord)'

Public API (the same names in every game package): `GAME`, `PHASES`, `OPTIONS`, `READINGS`, `assumptions()`,
`card_gallery()`, `odds` (exact), `bots` (`RandomBot`, `HeuristicBot`, `make_bot`); and beside them
`SOURCES_NOTE`, `load_data(path)`, `default_data()`, `LancasterDataError`, `observation`, `notation`, `html`,
`card_texts`, `breakdown`, `actions`, `montecarlo`. Importing the package is cheap: the engine loads on first use
of a name (PEP 562), and `hench.get_game` registers `GAME`.
Options: `modules` ('none', 'KC', 'KR', 'KC+KR', 'KC+KR+LK'; LK alone is refused, LH-003), `data` (your own TOML
file), `first_player`, `law_groups` ('replace', LH-103, or 'combine': LH-104 as far as the text allows),
`ally_bishop_mode` ('optional' or 'forced', reading A20), `most_squires` (the BL-02 reading). With 2 players each
seat also controls an ally colour (LB-088..LB-101: `state.colours`; a move for the ally starts with "ally").
"""

from __future__ import annotations

from hench.core.lazy import lazy_package

_WHERE = {"GAME": "game", "OPTIONS": "game", "READINGS": "game", "PHASES": "phases", "assumptions": "data",
          "card_gallery": "render", "SOURCES_NOTE": "render", "LancasterDataError": "data", "default_data": "data",
          "load_data": "data", "observation": "render", "notation": "render", "html": "render", "card_texts": "render",
          "breakdown": "scoring"}
_MODULES = ("odds", "bots", "actions", "montecarlo")
__all__ = sorted([*_WHERE, *_MODULES])


__getattr__, __dir__ = lazy_package(__name__, _WHERE, _MODULES)
