"""Options, setup (LH-007..LH-013, LH-075..LH-078, LH-102..LH-105) and the `Game` description."""

from __future__ import annotations

from typing import Any

from hench.core import Game, InvalidOptionError, Option, Reading, Rng

from . import legality, render, scoring, transitions
from .actions import ACTION_TYPES, format_action, parse_action
from .data import default_data, load_data
from .phases import PHASES
from .state import ALLY_BISHOP_MODES, LancasterState
from .transitions import build_law_deck
from .validate import validate_state

MODULE_CHOICES = ("KC+KR+LK", "KC+KR", "KC", "KR", "none")
LAW_GROUPS = ("replace", "combine")

OPTIONS = {
    "modules": Option("modules", "KC+KR+LK", "LH-002, LH-003: the expansion modules in play: 'KC', 'KR', 'KC+KR', "
                      "'KC+KR+LK' or 'none' (Lancaster-Lite alone); LK needs both KC and KR"),
    "parliament": Option("parliament", True, "L10: play phase 2 (votes and laws); False (parliament_mode off) to "
                         "teach KC or KR alone"),
    "data": Option("data", None, "path of your own Lancaster data file (TOML); None: the built-in stand-in values"),
    "first_player": Option("first_player", None, "L2: the start player of round 1 (None: drawn from the seed)"),
    "law_groups": Option("law_groups", "replace", "LH-103, LH-104 (with LK): 'replace' (set-up option 1: the Laws of "
                         "the King replace base groups 2 and 3) or 'combine' (option 2, as far as the text allows: groups "
                         "2 and 3 mix base laws and Laws of the King; The New Laws' own cards are not in the text)",
                         LAW_GROUPS),
    "ally_bishop_mode": Option("ally_bishop_mode", "optional", "A20, LH-073 (2 players only): at an ally's upgrade "
                               "opportunity its controller may remove a bishop from the game instead ('optional'), or "
                               "must while bishops remain ('forced')", ALLY_BISHOP_MODES),
}

READINGS = (
    Reading("A1", "an office is taken only by a strictly stronger stack (total strength)", None),
    Reading("A6", "the archer comes only with a knight taking a new space", None),
    Reading("A7", "ranks by strength, ties to the upper space (data: conflicts.rank_mode = 'space' ranks by space)", None),
    Reading("A9", "a Tudor knight counts for a county's minimum and for expulsion contests", None),
    Reading("A11", "every battle France wins hands out dishonor, first and second alike", None),
    Reading("A14", "more VM wins a dishonor tie, then knighthood; unresolved ties pay the worse position", None),
    Reading("A18", "LK-5 counts VM held after the 3rd vote, not those gained through this round's laws", None),
    Reading("LH-104", "set-up option 2 ('combine'), as far as the text allows: The New Laws' cards and rules are "
               "not in the text, so groups 2 and 3 each mix the base laws and the Laws of the King of that group and "
               "use data combined_laws.sizes of them (assumed); 'replace' (option 1, LH-103) is the default", "law_groups"),
    Reading("A20", "2 players: at an ally's upgrade opportunity its controller may remove a bishop from "
            "the game instead of upgrading, while bishops remain ('optional', the default); 'forced' removes one "
            "whenever any remain; with none left the ally upgrades normally", "ally_bishop_mode"),
    Reading("A22", "2 players: allies gain nothing from laws, conflicts, counties or castles and take no dishonor", None),
    Reading("L12", "2 players: each seat controls an ally colour (knights from data two_player.ally_knights, and a lord "
            "with KC); right after each own placement its controller places one ally piece while the ally has one "
            "(and, data two_player.ally_keeps_placing, also once the seat itself has nothing left); ally pieces "
            "compete normally, also against their controller's own pieces (only lords are kept apart, LH-067)", None),
    Reading("ally_rewards", "2 players: an ally's county and castle rewards are lost, except that an upgrade reward "
                     "(Essex, castle training) becomes an ally upgrade opportunity (LH-073, A20); its conflict ranks "
                     "score nothing", None),
    Reading("ally_dishonor", "2 players: a seat with only ally knights in a lost conflict had no knights of its own "
                      "there and takes dishonor (LH-089); allies never do (LH-098)", None),
    Reading("majority", "our reading: 'the player with the most' (LK-1, LK-5, LK-6, base majority laws) needs at "
                 "least 1; when everybody holds 0 nobody is affected", None),
)


def parse_modules(text: Any) -> tuple[str, ...]:
    """LH-002, LH-003 (LH-101): KC and KR alone or together; LK only with both."""
    if not isinstance(text, str):
        raise InvalidOptionError(f"modules is written like 'KC+KR', not {text!r}; choose one of {list(MODULE_CHOICES)}")
    words = [w.strip().upper() for w in text.replace(",", "+").split("+") if w.strip()]
    if words in (["NONE"], []):
        return ()
    if any(w not in ("KC", "KR", "LK") for w in words) or len(set(words)) != len(words):
        raise InvalidOptionError(f"modules={text!r} is not allowed; choose one of {list(MODULE_CHOICES)}")
    if "LK" in words and not ("KC" in words and "KR" in words):
        raise InvalidOptionError(f"modules={text!r}: the Laws of the King (LK) may be used only together with both "
                                 "At the King's Court (KC) and The King's Resentment (KR) (rule LH-003, LH-101); "
                                 "choose 'KC+KR+LK'")
    return tuple(m for m in ("KC", "KR", "LK") if m in words)


def start(players: int, seed: int | None, modules: str, parliament: bool, data: str | None,
          first_player: int | None, ally_bishop_mode: str = "optional", law_groups: str = "replace") -> LancasterState:
    mods = parse_modules(modules)
    if law_groups == "combine" and "LK" not in mods:
        raise InvalidOptionError(f"law_groups='combine' is set-up option 2 of the Laws of the King (rule LH-104): it "
                                 f"needs modules='KC+KR+LK', not {modules!r} (LH-003); use law_groups='replace'")
    if first_player is not None and not (isinstance(first_player, int) and not isinstance(first_player, bool)
                                         and 0 <= first_player < players):
        raise InvalidOptionError(f"first_player should be None (drawn) or a seat 0..{players - 1}, not {first_player!r}")
    ld = default_data() if data is None else load_data(data)
    rng = Rng.from_seed(seed)
    kc, kr = "KC" in mods, "KR" in mods
    court = ld.court
    current, law_deck = build_law_deck(ld, mods, rng, law_groups)
    cards = rng.shuffled(range(len(ld.french)))
    first = rng.randrange(players) if first_player is None else first_player
    empty = {"shield": 0, "archer": 0, "tudor": 0}
    colours = 2 * players if players == 2 else players  # L12: with 2 players, colours 2 and 3 are the allies
    allies = range(players, colours)
    nothing = {"gold": 0, "squires": 0, "vm": 0, "pp": 0, "seals": 0, "dishonor": 0, "bishops": 0}
    d: dict[str, Any] = {
        "players": players, "modules": list(mods), "parliament": parliament, "round": 1, "start": first, "turn": first,
        "stage": "place", "cursor": 0, "pending": [],
        "knights": [[[k, "court"] for k in ld.start_knights] for _ in range(players)]  # L4
        + [[[k, "court"] for k in ld.two.ally_knights] for _ in allies],  # L12
        "res": [{"gold": ld.gold, "squires": ld.squires, "vm": court.start_vm if kc else ld.vm,  # L4, LH-012
                 "pp": 0, "seals": 0, "dishonor": 0, "bishops": 0} for _ in range(players)]
        + [dict(nothing) for _ in allies],  # L12: allies hold nothing
        "priv": [dict(empty) for _ in range(colours)], "granted": [dict(empty) for _ in range(colours)],
        "lord": ["court" if kc else "none"] * colours,  # LH-011, LH-066
        "counties": [None] * len(ld.counties), "conflicts": [], "conflict_deck": cards, "discarded": [],
        "castles": [[-1] * len(ld.castle) for _ in range(colours)], "tower": [],
        "neutral": ld.neutral[players - 2] if kr else 0,  # LH-078
        "offices": [None, None, None], "holders": [-1, -1, -1],  # LH-009
        "treasury": {"vm": 0, "squires": 0, "gold": 0},
        "supply": {"shield": court.shields if kc else 0, "archer": court.archers if kc else 0,  # LH-007
                   "tudor": court.tudors if kc else 0, "seals": court.seals if kc else 0,  # LH-008
                   "bishops": court.bishops[players - 2] if kc else 0},  # LH-010
        "track": [ld.per_space[players - 2]] * len(ld.track) if kr else [],  # LH-076
        "box": max(0, ld.markers - ld.per_space[players - 2] * len(ld.track)) if kr else 0,
        "law_deck": law_deck if parliament else [], "current": current, "proposals": [], "vote_index": 0,
        "votes": [None] * players, "vm_hold": [0] * players, "defer_vm": False, "tally": [], "final": [], "rng": 0,
    }
    if not parliament:
        d["law_deck"] = law_deck  # kept face down, unused
    d["ally_bishop_mode"] = ally_bishop_mode if players == 2 else None  # A20
    d["rng"] = rng.state
    s = LancasterState.make(data=ld, **d)
    transitions.begin_round(s)
    return s


GAME = Game(
    id="lancaster", title="Lancaster: Henry V - The Power of the King (on the Lancaster-Lite stand-in)",
    min_players=2, max_players=5, state_class=LancasterState, start=start, options=OPTIONS,
    turn_rule="LH-015", end_rule="LH-093", phases=PHASES, checks=legality.CHECKS, legal=legality.legal_actions,
    handlers=transitions.HANDLERS, chance=transitions.chance_outcomes, score=scoring.scores, winners=scoring.winners,
    observe=render.observation, notation=render.notation, html=render.html, readings=READINGS,
    parse=parse_action, formatter=format_action, action_types=ACTION_TYPES, validate_state=validate_state,
    resample=render.resample, hidden_information=True, cards=render.card_texts, public=render.public_action,
)
