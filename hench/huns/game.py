"""Options, setup (HU-011..HU-029) and the `Game` description that wires the modules together."""

from __future__ import annotations

from typing import Any

from hench.core import Game, InvalidOptionError, Option, Reading, Rng
from hench.core.data import Assumption, reading_rows

from . import codec, legality, render, scoring, transitions
from .actions import ACTION_TYPES, format_action, parse_action
from .data import HunsData, default_data, load_data
from .data import assumptions as data_rows
from .phases import PHASES
from .state import DISPLAY, NO_CUBES, RESERVE_BY_PLAYERS, SLOTS, Camp, HunsState, validate_state

OPTIONS = {
    "strict_pillage_use": Option("strict_pillage_use", True, "A5: a Pillage may not choose a destination that takes no cube "
                                 "while another could take one"),
    "setup_bonus_destination": Option("setup_bonus_destination", "wagons", "A1: where the 3rd/4th players' catch-up "
                                      "Valuables go", ("wagons", "stash")),
    "setup_bonus_colours": Option("setup_bonus_colours", "any", "HU-028, HU-029: catch-up Valuables of any colour (the "
                                  "rulebook), or only colours that fit an empty Wagon space (catalogue reading A1)",
                                  ("any", "fitting")),
    "raid_same_turn": Option("raid_same_turn", True, "A8: a Raid can be activated in the turn it was played"),
    "data": Option("data", None, "path of your own Huns data file (TOML: cards, wagons, dice); None: the placeholders"),
    "first_player": Option("first_player", None, "HU-027: the seat that starts (None: drawn from the seed)"),
}

READINGS = (
    Reading("A1", "Catch-up Valuables are loaded at once onto the receiver's Wagons, under the Wagon rules; one with no "
            "Wagon space of its colour is kept in the Stash, never lost; with the option set to stash, they all go to the Stash.",
            "setup_bonus_destination"),
    Reading("HU-028/A1", "The 3rd and 4th players take catch-up Valuables of any colour (any, as the rulebook says); with "
            "the option set to fitting, only colours that fit an empty Wagon space (the catalogue's reading A1).", "setup_bonus_colours"),
    Reading("A2", "A Draw from a deck with fewer cards than due draws what is left; from an empty deck it does nothing."),
    Reading("A3", "A Pillage from a pile with fewer cubes than due takes what is left."),
    Reading("A4", "Cubes left after a dispatch must go onto the new Wagon or the other one where a space of their colour is free."),
    Reading("A5", "A Pillage may not choose a destination that takes no cube while another could take one.", "strict_pillage_use"),
    Reading("A6", "The player who drew a Curse chooses which opponent receives it."),
    Reading("A7", "A fled Curse, face down, takes no cubes."),
    Reading("A8", "A Raid may be activated in the turn it was played, if its window is open.", "raid_same_turn"),
    Reading("A9", "An incomplete Mercenary costs 1 point, a fled Curse as many points as there are players."),
    Reading("A10", "The Wagon-type bonus is always the better of its two counts."),
    Reading("A11", "With no Wagon left in the display or the deck, a player goes on with fewer active Wagons."),
    Reading("A12", "Drawn cards not played go under their deck in the order they were drawn."),
    Reading("A13", "One Pillage may fill several Wagons; each is dispatched and replaced before the next cube is placed."),
    Reading("A14", "A Mercenary filled during a turn works at once, in any window still open."),
    Reading("A15", "Players still tied after the Stash tie-break share the victory."),
    Reading("A17", "Clockwise and 'to the left' both mean the next seat."),
    Reading("A18", "A cube an Ambush takes off a Wagon goes back to the Reserve."),
    Reading("A19", "Only Stash cubes count for the tie-break."),
    Reading("A20", "A face-up Curse scores nothing, full or not."),
)


def assumptions(data: HunsData | None = None) -> list[Assumption]:
    """Every value in force that the rulebook text does not give: the component data's rows (cards, Wagons, dice;
    placeholders are 'assumed'), then one row per reading of READINGS, with its option and default if it has one."""
    return data_rows(data) + reading_rows(READINGS, OPTIONS, lambda r: "rulebook" if r.id.startswith("HU-") else "assumed")


def _deal(rng: Rng, hd: HunsData, n: int) -> dict[str, Any]:
    """The decks, the Reserve, the Wagon display and deck, and each Camp's two Wagons (HU-011..HU-024)."""
    keep = [i for i, c in enumerate(hd.cards) if c.min_players <= n]  # HU-013, HU-014, HU-015
    removed = tuple(i for i, c in enumerate(hd.cards) if c.min_players > n)  # HU-016
    decks = [tuple(rng.shuffled([i for i in keep if hd.cards[i].colour == c])) for c in range(5)]  # HU-011, HU-017
    wagons = rng.shuffled(range(len(hd.wagons)))  # HU-021
    display, rest = tuple(wagons[:DISPLAY]), wagons[DISPLAY:]
    camps = []
    for _ in range(n):  # HU-023, HU-024: the top 2 of the Wagon deck each
        mine, rest = rest[:SLOTS], rest[SLOTS:]
        # HU-026: a Camp holds its Wagons (active, dispatched), its Stash, its cards and the Curses played on it
        camps.append(Camp(list(mine), [[-1] * len(hd.wagons[w].spaces) for w in mine], [], [0] * 5, [], {}, [], []))
    return {"removed": removed, "decks": decks, "reserve": [RESERVE_BY_PLAYERS[n]] * 5,  # HU-019, HU-020
            "display": display, "camps": camps, "wagon_deck": tuple(rest)}


def new_turn() -> dict[str, Any]:
    """The fields of a turn before anything is done in it."""
    return {"die": -1, "value": 0, "wild_used": 0, "action_done": False, "raid_done": False, "reroll_done": False,
            "sent_back": False, "resume": "setup", "holding": [0] * 5, "paused": NO_CUBES, "hand": (), "hand_deck": -1,
            "order_for": None, "curse": -1, "curse_from": 0, "curse_to": 0, "replace_slot": -1, "reroll": -1, "played": -1}


def start(players: int, seed: int | None, strict_pillage_use: bool, setup_bonus_destination: str,
          setup_bonus_colours: str, raid_same_turn: bool, data: str | None, first_player: int | None) -> HunsState:
    if first_player is not None and not (isinstance(first_player, int) and not isinstance(first_player, bool)
                                         and 0 <= first_player < players):
        raise InvalidOptionError(f"first_player should be None (drawn) or a seat 0..{players - 1}, not {first_player!r}")
    hd = default_data() if data is None else load_data(data)
    rng = Rng.from_seed(seed)
    table = _deal(rng, hd, players)
    first = rng.randrange(players) if first_player is None else first_player  # HU-027
    queue = tuple((first + k) % players for k in (2, 3) if k < players)  # HU-028, HU-029
    return HunsState.make(
        data=hd, n=players, strict=strict_pillage_use, bonus_dest=setup_bonus_destination, raid_same_turn=raid_same_turn,
        bonus_colours=setup_bonus_colours, rng=rng.state, round=1, turn=0, first=first, start_seat=first,
        active=queue[0] if queue else first, phase="setup_catchup_valuables" if queue else "round_roll_dice",
        dice=[0] * 5, taken=[-1] * 5, setup_queue=queue, **table, **new_turn())


GAME = Game(
    id="huns", title="Huns", min_players=2, max_players=4, state_class=HunsState, start=start, options=OPTIONS,
    turn_rule="HU-033", end_rule="HU-038", phases=PHASES, checks=legality.CHECKS, legal=legality.legal_actions,
    handlers=transitions.HANDLERS, chance=transitions.chance_outcomes, score=scoring.scores, winners=scoring.winners,
    score_sheet=scoring.score_sheet, observe=render.observation, notation=render.notation, html=render.html, cards=render.card_texts,
    readings=READINGS, parse=parse_action, formatter=format_action, action_types=ACTION_TYPES, validate_state=validate_state,
    resample=render.resample, hidden_information=True,
    codec=codec.codec,  # the action ids (issue 38)
)
