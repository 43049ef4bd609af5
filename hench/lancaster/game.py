"""Options, readings, setup (LB-004..LB-015, LH-007..LH-013, LH-075..LH-078, LH-102..LH-105) and the `Game`
description that wires the modules together."""

from __future__ import annotations

from typing import Any

from hench.core import Game, InvalidOptionError, Option, Reading, Rng

from . import codec, legality, render, scoring, transitions
from .actions import ACTION_TYPES, format_action, parse_action
from .data import LancasterData, default_data, load_data
from .phases import PHASES
from .state import ALLY_BISHOP_MODES, EDITION, MOST_AT_ZERO, MOST_SQUIRES, LancasterState, colours_of
from .transitions import begin_round, build_law_deck
from .validate import validate_state

MODULE_CHOICES = ("KC+KR+LK", "KC+KR", "KC", "KR", "none")
LAW_GROUPS = ("replace", "combine")

OPTIONS = {
    "modules": Option("modules", "none", "LH-002, LH-003: the expansion modules in play: 'none' (the base game), 'KC', "
                      "'KR', 'KC+KR' or 'KC+KR+LK'; LK needs both KC and KR"),
    "data": Option("data", None, "path of your own Lancaster data file (TOML); None: the built-in values (the rulebook's, "
                   "and placeholders marked assumed where no source gives them)"),
    "first_player": Option("first_player", None, "LB-015: the start player of round 1 (None: drawn from the seed)"),
    "law_groups": Option("law_groups", "replace", "LH-103, LH-104 (with LK): 'replace' (set-up option 1: the Laws of "
                         "the King replace base groups 2 and 3) or 'combine' (option 2, as far as the text allows)", LAW_GROUPS),
    "ally_bishop_mode": Option("ally_bishop_mode", "optional", "A20, LH-073 (2 players, KC): at an ally's upgrade "
                               "opportunity its controller may remove a bishop from the game instead ('optional'), or must "
                               "while bishops remain ('forced')", ALLY_BISHOP_MODES),
    "most_squires": Option("most_squires", "held", "BL-02 reading: 'held' (squires behind the screen, the default) or "
                           "'employed' (squires placed with knights in counties)", MOST_SQUIRES),
    "most_at_zero": Option("most_at_zero", "all", "LB-043 reading, when the most anybody holds is 0 (BL-01, BL-02, LK-1, "
                           "LK-5, LK-6): 'all' (the text: every tied player, so everybody; saves from before the option "
                           "play on with it) or 'nobody'", MOST_AT_ZERO),
}

READINGS = (
    Reading("BL-02", "'the most squires' counts the squires a player holds ('held', the default); 'employed' counts "
            "the squires standing with their knights in counties", "most_squires"),
    Reading("LB-071", "BL-15 recruits the lowest-strength knight left in the player's reserve", None),
    Reading("LB-086", "a tie for second place in knighthood is also broken by squires first, then the 4 points are shared", None),
    Reading("LB-066", "each captured knight is ransomed or not, one by one, at its owner's choice (in player order)", None),
    Reading("LB-044", "'deployed' knights are those in a county or a conflict while the laws are applied (not in the "
            "castle, the tower or at the king's court)", None),
    Reading("LB-052", "passage to France (Dorset; the rulebook's procedure is lost): after the reward the knight moves to a "
            "conflict of its owner's choice, on the topmost empty space or its own space there; it earns no favor and fights "
            "this round", None),
    Reading("LB-033", "a favor nobleman comes from any county with tiles left, one per letter", None),
    Reading("LB-048", "a player owns only one nobleman of each county letter (a fan FAQ; the rulebook does not say)", None),
    Reading("LB-104", "every player count uses all 6 King's Favor tiles and all 12 conflict cards: a fan summary says the "
            "count changes them, but not how (LB-014, LB-104)", None),
    Reading("G6", "a conflict card is played on one side; what its back means is not known", None),
    Reading("G7", "a knight may join a conflict in the lower row for its second battle: it reinforces its owner's space "
            "there, and a player with no knight there may take a free space (LB-030)", None),
    Reading("G8", "the gold, squires and voting markers in the supply never run out", None),
    Reading("LB-040", "voting markers won after the third vote (from the laws, and from the company at table in phase 3) "
            "are kept for the next parliament", None),
    Reading("LB-064", "knights in a lower-row conflict stay there for its second battle; they are not at court", None),
    Reading("LB-068", "at most 4 conflicts are in play: 2 in the upper row and 2 in the lower", None),
    Reading("LB-070", "a player may recruit and use all 7 knights of their colour", None),
    Reading("LB-074", "3 laws are proposed each round, so all 18 come into play in every game", None),
    Reading("LB-075", "a battle France wins in round 5 has no second battle: a first battle lost then captures nobody, its "
            "knights go back to court", None),
    Reading("LB-053", "castle order: knight spaces and free extensions pay first, then the extensions that cost squires "
            "are offered to pay for", None),
    Reading("LB-072", "a knight in the tower can be upgraded only while the tower has room for the stronger knight (LH-081)", None),
    Reading("LB-067", "a conflict nobody joined is lost by England, moves down, and if still empty at its second battle is "
            "lost again and removed; with KR every player takes dishonor for each loss", None),
    Reading("majority", "'the player with the most' (BL-01, BL-02, LK-1, LK-5, LK-6) when everybody holds 0: as the text "
            "says, every tied player is, so everybody ('all', the default); 'nobody' reads it as needing at least 1",
            "most_at_zero"),
    Reading("A1", "an office is taken only by a strictly stronger stack (total strength)", None),
    Reading("A6", "the archer comes only with a knight taking a new space", None),
    Reading("A9", "a Tudor knight counts for a county's minimum and in county contests", None),
    Reading("A11", "every battle France wins hands out dishonor, first and second alike", None),
    Reading("A18", "LK-5 counts VM held after the 3rd vote, not those gained through this round's laws", None),
    Reading("LH-104", "set-up option 2 (the laws combined), as far as the text allows: groups 2 and 3 each mix the base laws "
            "and the Laws of the King of that group and use as many of them as the data's combined law groups say (assumed)", "law_groups"),
    Reading("A20", "2 players: at an ally's upgrade opportunity its controller may remove a bishop from the game "
            "instead while bishops remain (by choice); with the forced reading one is removed whenever any remain", "ally_bishop_mode"),
    Reading("ally_dishonor", "2 players: a seat with only ally knights in a lost conflict had none of its own there "
            "and takes dishonor (LH-089); allies never do (LH-098)", None),
)


def parse_modules(text: Any) -> tuple[str, ...]:
    """LH-002, LH-003 (LH-101): KC and KR alone or together; LK only with both. LH-001: a module is added to the base
    game, whose every rule it does not change still applies."""
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


def _knights(ld: LancasterData, court: tuple[int, ...]) -> list[list[Any]]:
    """LB-004, LB-006, LB-007, LB-090: a colour's 7 knights (strengths 1, 1, 1, 2, 2, 3, 4) in its reserve, those
    named moved to court."""
    out: list[list[Any]] = [[k, "reserve"] for k in ld.knights]
    for k in court:
        next(x for x in out if x[0] == k and x[1] == "reserve")[1] = "court"
    return out


def start(players: int, seed: int | None, modules: str, data: str | None, first_player: int | None,
          law_groups: str = "replace", ally_bishop_mode: str = "optional", most_squires: str = "held",
          most_at_zero: str = "all") -> LancasterState:
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
    current, law_deck = build_law_deck(ld, mods, rng, law_groups)  # LB-011
    cards = rng.shuffled(range(len(ld.cards)))
    first = rng.randrange(players) if first_player is None else first_player  # LB-015
    colours = colours_of(players)
    empty = {"shield": 0, "archer": 0, "tudor": 0}
    nothing = {"gold": 0, "squires": 0, "vm": 0, "pp": 0, "seals": 0, "dishonor": 0, "bishops": 0}
    s = LancasterState.make(
        edition=EDITION, data=ld, players=players, modules=list(mods), round=1, start=first, turn=first, stage="place",
        agenda=[], pending=[[(first + k) % players, "extension", None] for k in range(players)],  # LB-009
        ally_bishop_mode=ally_bishop_mode if players == 2 else None, most_squires=most_squires,
        most_at_zero=most_at_zero,
        knights=[_knights(ld, ld.court) for _ in range(players)] + [_knights(ld, ld.two.ally_court) for _ in range(players, colours)],
        res=[{**nothing, "gold": ld.gold, "squires": ld.squires, "vm": ld.kc.start_vm if kc else ld.vm}  # LB-008, LH-012
             for _ in range(players)] + [dict(nothing) for _ in range(players, colours)],  # LB-091
        priv=[dict(empty) for _ in range(colours)], granted=[dict(empty) for _ in range(colours)],
        lord=["court" if kc else "none"] * colours,  # LH-011, LH-066
        counties=[None] * len(ld.counties), nobles=[[] for _ in range(colours)],
        stacks=[ld.nobles[players - 2]] * len(ld.counties),  # LB-010, LB-089, LB-102: noblemen per county by player count
        favors=[True] * len(ld.favors), conflicts=[], conflict_deck=cards, discarded=[],
        castles=[[-1] * len(ld.castle) for _ in range(players)] + [[-1] * len(ld.two.ally_castle) for _ in range(players, colours)],
        extensions=[[] for _ in range(colours)], tower=[], neutral=ld.neutral[players - 2] if kr else 0,  # LH-078
        offices=[None, None, None], holders=[-1, -1, -1], treasury={"vm": 0, "squires": 0, "gold": 0},  # LH-009
        supply={"shield": ld.kc.shields if kc else 0, "archer": ld.kc.archers if kc else 0,  # LH-007
                "tudor": ld.kc.tudors if kc else 0, "seals": ld.kc.seals if kc else 0,  # LH-008
                "bishops": ld.kc.bishops[players - 2] if kc else 0},  # LH-010
        track=[ld.per_space[players - 2]] * len(ld.track) if kr else [],  # LH-076
        box=max(0, ld.markers - ld.per_space[players - 2] * len(ld.track)) if kr else 0,
        law_deck=law_deck, current=current, proposals=[], vote_index=0, votes=[None] * players,
        vm_hold=[0] * players, defer_vm=False, tally=[], choices=[], final=[], rng=rng.state,
    )
    begin_round(s)  # LB-011, LB-012, LB-013: 2 conflicts, the favor tiles, 3 laws to vote on
    return s


GAME = Game(
    id="lancaster", title="Lancaster (with Henry V - The Power of the King)",
    min_players=2, max_players=5, state_class=LancasterState, start=start, options=OPTIONS,
    turn_rule="LB-017", end_rule="LB-076", phases=PHASES, checks=legality.CHECKS, legal=legality.legal_actions,
    handlers=transitions.HANDLERS, chance=transitions.chance_outcomes, score=scoring.scores, winners=scoring.winners,
    score_sheet=scoring.score_sheet,
    observe=render.observation, notation=render.notation, html=render.html, readings=READINGS,
    parse=parse_action, formatter=format_action, action_types=ACTION_TYPES, validate_state=validate_state,
    resample=render.resample, hidden_information=True, cards=render.card_texts, public=render.public_action,
    codec=codec.codec,  # the action ids (issue 38)
)
