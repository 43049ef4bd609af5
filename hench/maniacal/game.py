"""Options, setup (MA-011 .. MA-030, MA-230 .. MA-233) and the `Game` description wiring the modules together."""

from __future__ import annotations

from hench.core import Game, InvalidOptionError, Option, Reading, Rng
from hench.core.data import Assumption, reading_rows

from . import codec, legality, render, scoring, transitions
from .actions import ACTION_TYPES, format_action, parse_action
from .data import DIFFICULTIES, TYPES, ManiacalData, cards, default_data, load_data
from .data import assumptions as data_rows
from .phases import PHASES
from .state import Lair, ManiacalState, Member
from .table import deal, who
from .validate import validate_state

OPTIONS = {
    "bodyguard": Option("bodyguard", False, "MA-230 .. MA-233: the Bodyguard Option (a random Mercenary each, kept as an "
                        "ordinary henchman); allowed at any player count (AMB-30)", (False, True)),
    "supervillain_abilities": Option("supervillain_abilities", False, "MA-021: each Supervillain's strength or weakness "
                                     "(Advanced Rules, page 15); the text does not give them, so there is nothing to "
                                     "play and only off is accepted"),
    "data": Option("data", None, "path of your own Maniacal data file (TOML: rooms, henchmen, contracts, tables...; "
                   "any subset of sections, over the placeholders); None: the placeholders"),
    "optional_recruit": Option("optional_recruit", False, "AMB-05: the top attraction may decline a henchman (the type "
                               "then ends, like MA-076); off: recruiting is compulsory when affordable", (False, True)),
}

READINGS = (  # how the engine reads the catalogue's ambiguities (section 6)
    Reading("AMB-01", "the Room and Power decks are shuffled separately"),
    Reading("AMB-05", "recruiting is compulsory when affordable, so Phase II runs by itself; with recruiting by choice "
            "the recruiter may decline an offer, which ends that type this round as MA-076 does", "optional_recruit"),
    Reading("MA-021", "the Supervillains have no strength or weakness: the text refers to Advanced Rules the "
            "catalogue does not have, so the option cannot be turned on", "supervillain_abilities"),
    Reading("AMB-06", "a Room is built only if its cost can be paid; selling is always open"),
    Reading("AMB-09", "both passes of a round go the same way"),
    Reading("AMB-11", "team, then the negative-Scheme window, then the time (+1 week under that Scheme), then the flip"),
    Reading("AMB-13", "the negative-Scheme window is offered from the active player's left, clockwise"),
    Reading("AMB-15", "Mercenaries are paid first; the owner chooses who else leaves unpaid"),
    Reading("AMB-16", "money ranks are competition ranks (equal money shares the higher rank: 1, 1 and 3)"),
    Reading("AMB-17", "most henchmen counts every henchman still held (Lackey, Bodyguard, injured ones)"),
    Reading("AMB-20", "Supervillains never join contract teams"),
    Reading("AMB-21", "a Power may go to any henchman of the active player"),
    Reading("AMB-25", "the end of round 1 deals the round-2 mix of the Contract Key"),
    Reading("AMB-26", "Lucifer's Lounge always hires a Mercenary while its deck is not empty"),
    Reading("AMB-28", "the $3 theft takes what the victim has, up to $3"),
    Reading("MA-170b", "the player of the 'remove one die' Scheme chooses the die it takes out (the text does not say "
            "who chooses; the card is theirs)"),
    Reading("MA-106", "the contract discard piles are face up, so every seat sees each discarded contract's face, "
            "even one never turned face up (the map's contracts discarded at a round's end, MA-213): the text hides "
            "only the face of a contract on the map, and says nothing of hiding a discard pile"),
    Reading("AMB-30", "the Bodyguard Option is allowed at any player count", "bodyguard"),
)


def assumptions(data: ManiacalData | None = None) -> list[Assumption]:
    """Every value in force that the text does not give: the component data's rows (placeholders are
    'assumed'), then one row per reading of READINGS, with its option and default if it has one."""
    return data_rows(data) + reading_rows(READINGS, OPTIONS)


def start(players: int, seed: int | None, bodyguard: bool, supervillain_abilities: bool = False,
          optional_recruit: bool = False, data: str | None = None) -> ManiacalState:
    if supervillain_abilities:  # MA-021
        raise InvalidOptionError("supervillain_abilities: the Supervillains' strengths and weaknesses are in the "
                                 "Advanced Rules (page 15), which the text does not give (MA-021); with no ability "
                                 "to play, the option can only be off")
    d = default_data() if data is None else load_data(data)
    if not d.min_players <= players <= d.max_players:
        raise InvalidOptionError(f"{data}: this data is for {d.min_players} to {d.max_players} players, not {players}")
    rng = Rng.from_seed(seed)
    villains = rng.shuffled([sv.id for sv in d.supervillains])[:players]  # MA-020
    state = ManiacalState.new(d, rng.state, bodyguard, optional_recruit)  # MA-011: the round marker on 1
    _shuffle_decks(state)
    first = state._random_index(players)  # MA-026
    state.order = [(first + k) % players for k in range(players)]  # MA-027: clockwise from the first player
    start_money, step = d.tables["start_money"]
    attraction = d.tables["attraction"]
    state.lairs = [Lair(sv, 0, [attraction] * 4) for sv in villains]  # MA-023, MA-024, MA-025
    state.bonus = [0] * players
    for k, seat in enumerate(state.order):  # MA-028
        state.lairs[seat].money = start_money + step * k
    for lair in state.lairs:
        lair.crew.append(Member(d.cards[lair.sv].lackey))  # MA-022, MA-065
        if bodyguard:  # MA-231, MA-233
            lair.crew.append(Member(state.decks["mercenaries"].pop(0), bodyguard=True))
        lair.schemes.append(state.decks["schemes"].pop(0))  # MA-030, MA-160
    state.say(f"setup: {who(first)} is the first player; starting money "
              + ", ".join(f"{who(s)} ${state.lairs[s].money}" for s in state.order), "MA-026", "MA-028")
    deal(state)
    return state


def _shuffle_decks(state: ManiacalState) -> None:
    """MA-012 .. MA-019 (AMB-01: Rooms and Powers apart) and the round-1 map (MA-013)."""
    data = state.data
    state.decks["rooms"] = state._shuffled([r.id for r in data.rooms])
    for t in TYPES:  # MA-015
        state.decks[t] = state._shuffled([h.id for h in data.henchmen if h.type == t])
    for d in DIFFICULTIES:  # MA-012
        state.decks[d] = state._shuffled([c.id for c in data.contracts if c.difficulty == d])
    state.decks["powers"] = state._shuffled([p.id for p in data.powers])  # MA-017: apart from the Rooms (AMB-01)
    state.decks["schemes"] = state._shuffled([s.id for s in data.schemes])  # MA-018
    state.decks["mercenaries"] = state._shuffled([m.id for m in data.mercenaries])  # MA-019
    key = data.tables["contract_key"]
    fresh = [state.decks[d].pop(0) for d, counts in zip(DIFFICULTIES, key) for _ in range(counts[0])]
    state.map = state._shuffled(fresh)  # MA-013: 4 Easy and 2 Hard, at random


GAME = Game(
    id="maniacal", title="Maniacal", min_players=2, max_players=5, state_class=ManiacalState, start=start,
    options=OPTIONS, turn_rule="MA-090", end_rule="MA-211", phases=PHASES, checks=legality.CHECKS,
    legal=legality.legal_actions, handlers=transitions.HANDLERS, chance=transitions.chance_outcomes,
    score=scoring.scores, winners=scoring.winners, score_sheet=scoring.score_sheet, observe=render.observation, notation=render.notation,
    html=render.html, cards=cards, readings=READINGS, parse=parse_action, formatter=format_action,
    action_types=ACTION_TYPES, validate_state=validate_state, resample=render.resample, hidden_information=True,
    public=render.public_action,
    codec=codec.codec,  # the action ids (issue 38)
)
