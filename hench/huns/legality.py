"""Legality: the legal-action generator and the checks table (one rule per check, cited in its docstring).

`legal_actions(state)` lists the moves open in the current phase; `CHECKS` says which rule any other
move breaks. The conformance suite checks on random positions that the two agree. The small queries
about the active Camp (empty spaces, room on cards, Raids open now) are shared with transitions.py
and the bots.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from hench.core import CHANCE, CheckTable, Violation, seat_name
from hench.core.legality import kind_of

from . import effects as fx
from .actions import (
    Accept,
    Activate,
    Bonus,
    Curse,
    Draw,
    EndTurn,
    Flee,
    HunsAction,
    Onto,
    Order,
    Pillage,
    Place,
    Play,
    Reroll,
    ReturnRest,
    Roll,
    SendBack,
    Take,
    TakeWagon,
)
from .data import BLACK, COLOURS, GREEN, RED, HunsData
from .phases import PHASES
from .state import DICE, SLOTS, Camp, HunsState

DRAW, PILLAGE, END, RETURN = Draw(), Pillage(), EndTurn(), ReturnRest()
# Actions built once (the playouts meet them at every turn): TAKES[colour], REROLLS[colour], PLACES[cube][slot][space]
TAKES = tuple(Take(c) for c in range(DICE))
REROLLS = tuple(Reroll(c) for c in range(DICE))
PLACES = tuple(tuple(tuple(Place(c, slot, sc) for sc in range(5)) for slot in range(SLOTS)) for c in range(5))
_ROLLS: dict[int, tuple[HunsData, tuple[tuple[tuple[HunsAction, Fraction], ...], ...]]] = {}
# HU-072: "during the turn" Raids open before the die, before the action, while a Pillage's cubes wait for a
# destination or are being placed (the cubes are set aside until the Raid is over), and after the action
RAID_PHASES = ("turn_take_die", "turn_choose_action", "pillage_choose_destination", "pillage_place", "turn_after_window")


# -- queries about the active Camp ----------------------------------------------------------------
def my_camp(s: HunsState) -> Camp:
    return s.camps[s.active]


def rolling_colour(s: HunsState) -> int:
    return s.reroll if s.phase == "turn_reroll_die" else s.dice.index(0)


def roll_outcomes(data: HunsData, colour: int) -> tuple[tuple[HunsAction, Fraction], ...]:
    """(Roll, probability) for each face of the `colour` die, in the die's order (HU-006, HU-032); built once
    per data set, the same tuple each time (the core reads a chance node's tuple once)."""
    hit = _ROLLS.get(id(data))
    if hit is None or hit[0] is not data:
        if len(_ROLLS) >= 32:
            _ROLLS.clear()
        hit = _ROLLS[id(data)] = (data, tuple(tuple((Roll(c, v), p) for v, p in data.face_probabilities) for c in range(DICE)))
    return hit[1][colour]


def seat_offset(s: HunsState, seat: int) -> int:
    return (seat - s.start_seat) % s.n


def wild_left(s: HunsState) -> int:
    return fx.wild_cubes(s.camps[s.active], s.data) - s.wild_used


def card_room(s: HunsState, card: int) -> int:
    """Free spaces of a Mercenary or face-up Curse in the active Camp (HU-052, HU-053, A7)."""
    return s.data.cards[card].spaces - len(s.camps[s.active].cubes.get(card, ()))


def fillable_cards(s: HunsState) -> list[int]:
    camp = s.camps[s.active]
    return [c for c in camp.cards if s.data.cards[c].colour in (GREEN, BLACK) and c not in camp.fled]


def empty_spaces(s: HunsState, slot: int, colour: int) -> int:
    camp = s.camps[s.active]
    w = camp.wagons[slot]
    if w < 0:
        return 0
    return [sc for sc, x in zip(s.data.wagons[w].spaces, camp.loads[slot]) if x < 0].count(colour)


def wagon_room(s: HunsState) -> int:
    """Cubes in hand that matching Wagon spaces could take (HU-057, HU-059)."""
    room = 0
    for c, held in enumerate(s.holding):
        if held:
            room += min(held, empty_spaces(s, 0, c) + empty_spaces(s, 1, c))
    return room


def wild_possible(s: HunsState) -> bool:
    return wild_left(s) > 0 and any(x < 0 for load in s.camps[s.active].loads for x in load)


def bonus_colours(s: HunsState) -> list[int]:
    """Colours the catch-up player may take (HU-028, HU-029): any in the Reserve, or with
    setup_bonus_colours="fitting" (catalogue reading A1) only colours matching an empty space."""
    ok = [c for c in range(5) if s.reserve[c] > 0]
    if s.bonus_colours == "any" or s.bonus_dest != "wagons":
        return ok
    fits = [c for c in ok if any(empty_spaces(s, slot, c) for slot in range(SLOTS))]
    return fits if len(fits) >= bonus_need(s) else ok  # too few fit: any (the rest returns)


def bonus_need(s: HunsState) -> int:
    return 1 if seat_offset(s, s.active) == 2 else 2


def destinations(s: HunsState) -> list[int | None]:
    """None for 'wagons', else card indices. A5: with strict use, only places that take a cube."""
    cards = fillable_cards(s)
    if s.strict:
        wagons_ok = wagon_room(s) > 0 or wild_possible(s)
        return ([None] if wagons_ok else []) + [c for c in cards if card_room(s, c) > 0]
    return ([None] if any(w >= 0 for w in s.camps[s.active].wagons) else []) + cards


def placements(s: HunsState) -> tuple[list[HunsAction], bool]:
    """(place actions, whether any is a matching one)."""
    camp, matching = s.camps[s.active], False
    out: list[HunsAction] = []
    wild = wild_left(s) > 0
    wagons = s.data.wagons
    empties = [() if w < 0 else sorted({sc for sc, x in zip(wagons[w].spaces, load) if x < 0})
               for w, load in zip(camp.wagons, camp.loads)]  # per slot: the colours of its empty spaces
    for c, held in enumerate(s.holding):
        if not held:
            continue
        for slot, empty in enumerate(empties):
            places = PLACES[c][slot]
            if c in empty:
                out.append(places[c])
                matching = True
            if wild:
                out += [places[sc] for sc in empty if sc != c]
    return out, matching


def replacement_slots(s: HunsState) -> list[int | None]:
    """Display slots (0..3) and None for the deck top (HU-061, A11; Broken Axle: deck only)."""
    out: list[int | None] = [] if fx.deck_only_replacement(s.camps[s.active], s.data) else [i for i, w in enumerate(s.display) if w >= 0]
    return out + ([None] if s.wagon_deck else [])


def raid_actions(s: HunsState) -> list[HunsAction]:
    """Raids the active player may activate now (HU-084..HU-086, A8)."""
    camp = s.camps[s.active]
    if s.raid_done:
        return []
    raids = s.data.raids
    fresh = [x for x in camp.cards if x in raids and x not in camp.used and (s.raid_same_turn or x != s.played)]  # A8
    if not fresh or fx.raids_blocked(camp, s.data):
        return []
    out: list[HunsAction] = []
    for card in fresh:
        if raid_window_ok(s, card):
            out += raid_variants(s, card)
    return out


def raid_window_ok(s: HunsState, card: int) -> bool:
    c = s.data.cards[card]
    phase = s.phase
    if c.effect == "forced_march":
        return phase == "turn_choose_action"  # HU-070: it changes the taken die, just after taking it
    if c.timing == "begin":
        return phase in ("turn_take_die", "turn_choose_action") and not s.action_done  # HU-070
    if c.timing == "after":
        return phase == "turn_after_window"  # HU-071
    return phase in RAID_PHASES and not s.setup_queue  # HU-072: before, during or after the action


def raid_variants(s: HunsState, card: int) -> list[HunsAction]:
    c = s.data.cards[card]
    if c.effect == "open_raid":
        return [Activate(c.id, col) for col in range(5)]
    if c.effect == "scouting_party":
        return [Activate(c.id, col, from_deck=True) for col in range(5) if s.decks[col]]
    if c.effect == "ambush":
        return [Activate(c.id, col, seat, slot) for seat in range(s.n) if seat != s.active for slot in range(SLOTS)
                for col in sorted({x for x in s.camps[seat].loads[slot] if x >= 0})]
    return [Activate(c.id)]


# -- legal actions, by phase ----------------------------------------------------------------------
def _legal_catchup(s: HunsState) -> list[HunsAction]:
    ok = bonus_colours(s)
    if bonus_need(s) == 1:  # HU-028
        return [Bonus((c,)) for c in ok]
    return [Bonus((a, b)) for i, a in enumerate(ok) for b in ok[i + 1:]]  # HU-029


def _legal_roll(s: HunsState) -> list[HunsAction]:
    colour = rolling_colour(s)
    return [roll for roll, _ in roll_outcomes(s.data, colour)]  # the die's faces, in its order


def _legal_take(s: HunsState) -> list[HunsAction]:
    pool = [c for c in range(DICE) if s.taken[c] < 0]
    out: list[HunsAction] = [TAKES[c] for c in pool]
    if not s.reroll_done and fx.has_diviner(s.camps[s.active], s.data):
        out += [REROLLS[c] for c in pool]
    return out + raid_actions(s)


def _legal_place(s: HunsState) -> list[HunsAction]:
    out, matching = placements(s)
    return (out if matching else out + [RETURN]) + raid_actions(s)  # HU-064: stop only when nothing matches


def _legal_flee(s: HunsState) -> list[HunsAction]:
    out: list[HunsAction] = [Flee(), Accept()]
    if not s.sent_back and fx.free_bodyguard(s.camps[s.curse_to], s.data) >= 0:
        out.append(SendBack())
    return out


_LEGAL: dict[str, Callable[[HunsState], list[HunsAction]]] = {
    "setup_catchup_valuables": _legal_catchup, "round_roll_dice": _legal_roll, "turn_reroll_die": _legal_roll,
    "turn_take_die": _legal_take, "turn_choose_action": lambda s: [DRAW, PILLAGE] + raid_actions(s),
    "effect_order": lambda s: [Order("bonus"), Order("penalty")],
    "draw_choose_card": lambda s: [Play(s.card_id(c)) for c in s.hand],
    "curse_choose_target": lambda s: [Curse(seat) for seat in range(s.n) if seat != s.active],
    "curse_flee_decision": _legal_flee,
    "pillage_choose_destination": lambda s: [Onto(None if d is None else s.card_id(d)) for d in destinations(s)] + raid_actions(s),
    "pillage_place": _legal_place,
    "wagon_replace": lambda s: [TakeWagon(i) for i in replacement_slots(s)],
    "turn_after_window": lambda s: raid_actions(s) + [END], "game_over": lambda s: [],
}


def legal_actions(state: HunsState) -> list[HunsAction]:
    """The moves open in the current phase, in a fixed order."""
    return _LEGAL[state.phase](state)


# -- the checks -----------------------------------------------------------------------------------
def check_phase(s: HunsState, a: HunsAction) -> Violation | None:
    """HU-033 HU-032 HU-034 HU-028 HU-041 HU-045 HU-050 HU-051 HU-061 HU-075 HU-091 HU-094 HU-096 HU-085 HU-064: each phase opens its own kinds of move."""
    phase = PHASES[s.phase]
    kind = kind_of(a)
    if kind in phase.actions:
        return None
    if kind == "activate":
        return _raid_closed(s)
    if s.phase == "wagon_replace":
        return Violation("HU-061", "your full Wagon was just dispatched: take its replacement first (from the display or the "
                                   "top of the Wagon deck), then go on")
    if kind in ("draw", "pillage") and s.action_done:
        return Violation("HU-041", "you already did this turn's one action (Draw Cards or Pillage)")
    return Violation(_PHASE_RULE.get(kind) or next(iter(phase.rules)), f"in '{phase.title}' {_DOING.get(kind, 'that move')} is not open: {phase.help}")


# Steps of a turn a Raid cannot interrupt: each is a choice the rules make at once, so it comes first.
_RAID_CLOSED = {
    "wagon_replace": ("HU-061", "a full Wagon is replaced at once, before anything else happens; take the new Wagon first"),
    "draw_choose_card": ("HU-045", "the drawn cards wait for you to play one of them: play it first, then a Raid can follow"),
    "effect_order": ("HU-075", "the effects that fired together resolve now: choose their order first"),
    "curse_choose_target": ("HU-091", "the Curse you drew is placed now: choose its target first"),
    "curse_flee_decision": ("HU-094", "the Curse's target decides now, at this moment only: answer the Curse first"),
    "turn_reroll_die": ("HU-077", "the Diviner's reroll is being made: roll the die first"),
}


def _raid_closed(s: HunsState) -> Violation:
    """HU-085 HU-072: a Raid is activated during one of your own turns, between its steps."""
    if s.setup_queue:
        return Violation("HU-085", "a Raid is activated during one of your turns; setup has no turns yet")
    if s.phase in ("round_roll_dice", "game_over"):
        return Violation("HU-085", f"a Raid is activated during one of your own turns; '{PHASES.title(s.phase)}' is nobody's turn")
    if s.current_player not in (s.active, CHANCE):
        return Violation("HU-085", f"a Raid is activated only during one of your own turns; now it is {seat_name(s.active)}'s turn")
    rule, why = _RAID_CLOSED[s.phase]
    return Violation(rule, why)


_PHASE_RULE = {"roll": "HU-032", "take": "HU-033", "reroll": "HU-033", "draw": "HU-034", "pillage": "HU-034",
               "play": "HU-045", "curse": "HU-091", "flee": "HU-096", "accept": "HU-094", "send back": "HU-094",
               "onto": "HU-051", "place": "HU-050", "return": "HU-064", "take wagon": "HU-061", "activate": "HU-085",
               "bonus": "HU-028", "end turn": "HU-041", "order": "HU-075"}
_DOING = {"roll": "rolling a die", "take": "taking a die", "reroll": "a Diviner's reroll", "draw": "drawing cards",
          "pillage": "pillaging", "play": "playing a drawn card", "curse": "aiming a Curse", "flee": "fleeing a Curse",
          "accept": "accepting a Curse", "send back": "sending a Curse back", "onto": "choosing a destination",
          "place": "placing a cube", "return": "returning the rest", "take wagon": "taking a new Wagon",
          "activate": "activating a Raid", "bonus": "taking catch-up Valuables", "end turn": "ending the turn",
          "order": "ordering effects"}


def check_roll_die(s: HunsState, a: Roll) -> Violation | None:
    """HU-032: the dice are set in the order blue, red, green, black, yellow."""
    want = rolling_colour(s)
    if a.colour != want:
        return Violation("HU-032", f"the {COLOURS[want]} die is the one being rolled now")
    return None


def check_roll_face(s: HunsState, a: Roll) -> Violation | None:
    """HU-006: a die shows only its faces."""
    if a.value not in s.data.faces:
        return Violation("HU-006", f"a die shows only {sorted(set(s.data.faces))}")
    return None


def check_die_in_pool(s: HunsState, a: Take | Reroll) -> Violation | None:
    """HU-033: each die is taken once per round."""
    if not 0 <= a.colour < DICE or s.taken[a.colour] >= 0:
        return Violation("HU-033", f"the {COLOURS[a.colour]} die was already taken this round by {seat_name(s.taken[a.colour])}")
    return None


def check_diviner(s: HunsState, a: Reroll) -> Violation | None:
    """HU-077: only a full Diviner Mercenary lets you reroll a die."""
    if not fx.has_diviner(s.camps[s.active], s.data):
        return Violation("HU-077", "only a full Diviner Mercenary lets you reroll a die")
    return None


def check_reroll_once(s: HunsState, a: Reroll) -> Violation | None:
    """HU-076: the Diviner's reroll is once per turn."""
    if s.reroll_done:
        return Violation("HU-076", "the Diviner's reroll is once per turn and was used this turn")
    return None


def check_card_in_hand(s: HunsState, a: Play) -> Violation | None:
    """HU-045: you play one of the cards you drew."""
    ids = [s.card_id(c) for c in s.hand]
    if a.card not in ids:
        return Violation("HU-045", f"you play one of the cards you drew ({', '.join(ids)})")
    return None


def check_target(s: HunsState, a: Curse) -> Violation | None:
    """HU-091: a Curse goes into an opponent's Camp, never your own."""
    if not 0 <= a.target < s.n:
        return Violation("HU-091", f"there are Players 1 to {s.n}")
    if a.target == s.active:
        return Violation("HU-091", "a Curse is never placed in your own Camp; choose an opponent")
    return None


def check_bodyguard(s: HunsState, a: SendBack) -> Violation | None:
    """HU-077: only a full Bodyguard that has not answered a Curse yet sends one back."""
    if s.sent_back or fx.free_bodyguard(s.camps[s.curse_to], s.data) < 0:
        return Violation("HU-077", "only a full Bodyguard that has not answered a Curse yet can send one back")
    return None


def check_destination_card(s: HunsState, a: Onto) -> Violation | None:
    """HU-052 HU-053: only a Mercenary or face-up Curse in your own Camp takes cubes (A7)."""
    if a.card is None:
        return None
    card = s.data.card_ids.get(a.card)
    if card is None or s.data.cards[card].colour not in (GREEN, BLACK):
        return Violation("HU-052", "only Mercenary and Curse cards hold Valuables")
    if card not in s.camps[s.active].cards:
        return Violation("HU-053", f"{a.card} is not in your Camp: you fill only your own Mercenaries and the Curses on you")
    if card in s.camps[s.active].fled:
        return Violation("HU-053", f"{a.card} is a fled Curse, face down: it takes no cubes")
    return None


def check_has_wagons(s: HunsState, a: Onto) -> Violation | None:
    """HU-025: cubes go onto Wagons only if you have one."""
    if a.card is None and all(w < 0 for w in s.camps[s.active].wagons):
        return Violation("HU-025", "you have no active Wagon")
    return None


def check_destination_takes_cubes(s: HunsState, a: Onto) -> Violation | None:
    """HU-064: you must use every cube you can (A5: no destination that takes none while another takes some)."""
    if not s.strict:
        return None
    room = (wagon_room(s) > 0 or wild_possible(s)) if a.card is None else card_room(s, s.data.card_ids[a.card]) > 0
    if not room:
        return Violation("HU-064", "that destination takes none of your cubes while another one can; use every cube you can")
    return None


def check_cube_in_hand(s: HunsState, a: Place) -> Violation | None:
    """HU-049: you place the cubes you pillaged."""
    if not s.holding[a.cube]:
        held = [COLOURS[c] for c in range(5) if s.holding[c]]
        return Violation("HU-049", f"you hold no {COLOURS[a.cube]} cube (you hold {', '.join(held) or 'none'})")
    return None


def check_wagon_in_slot(s: HunsState, a: Place) -> Violation | None:
    """HU-025: you load your own active Wagons, numbered 1 and 2."""
    if not 0 <= a.slot < SLOTS or s.camps[s.active].wagons[a.slot] < 0:
        return Violation("HU-025", f"you have no Wagon {a.slot + 1}")
    return None


def check_colour_matches(s: HunsState, a: Place) -> Violation | None:
    """HU-057: a cube goes on an empty space of its own colour (unless a wild cube is left)."""
    if a.space != a.cube and wild_left(s) <= 0:
        return Violation("HU-057", "a cube goes only on an empty space of its own colour")
    return None


def check_space_free(s: HunsState, a: Place) -> Violation | None:
    """HU-059: the space must be empty."""
    if not empty_spaces(s, a.slot, a.space):
        return Violation("HU-059", f"Wagon {a.slot + 1} has no empty {COLOURS[a.space]} space")
    return None


def check_nothing_matches(s: HunsState, a: ReturnRest) -> Violation | None:
    """HU-064: you must place every cube that has a matching empty space."""
    if placements(s)[1]:
        return Violation("HU-064", "you must place every cube that has a matching empty space")
    return None


def check_replacement(s: HunsState, a: TakeWagon) -> Violation | None:
    """HU-022: a new Wagon comes from the display or the deck top (A11)."""
    if a.display is None and not s.wagon_deck:
        return Violation("HU-022", "the Wagon deck is empty; take a face-up Wagon")
    if a.display is not None and not (0 <= a.display < len(s.display) and s.display[a.display] >= 0):
        return Violation("HU-022", f"display slot {a.display + 1} holds no Wagon")
    return None


def check_axle(s: HunsState, a: TakeWagon) -> Violation | None:
    """HU-077: a Broken Axle Curse makes you take replacement Wagons from the deck."""
    if a.display is not None and fx.deck_only_replacement(s.camps[s.active], s.data):
        return Violation("HU-077", "a Broken Axle Curse makes you take replacement Wagons from the top of the deck")
    return None


def check_action_once(s: HunsState, a: HunsAction) -> Violation | None:
    """HU-041: one action per turn, Draw Cards or Pillage, before the turn ends."""
    if isinstance(a, EndTurn) and not s.action_done:
        return Violation("HU-041", "you must Draw Cards or Pillage before the turn can end")
    if not isinstance(a, EndTurn) and s.action_done:
        return Violation("HU-041", "you already did this turn's one action (Draw Cards or Pillage)")
    return None


def check_raid_owned(s: HunsState, a: Activate) -> Violation | None:
    """HU-084: a Raid is activated from your own Camp."""
    card = s.data.card_ids.get(a.card)
    if card is None or s.data.cards[card].colour != RED:
        return Violation("HU-084", f"{a.card} is not a Raid card")
    if card not in s.camps[s.active].cards:
        return Violation("HU-084", f"{a.card} is not in your Camp")
    return None


def check_raid_fresh(s: HunsState, a: Activate) -> Violation | None:
    """HU-085: a rotated Raid cannot be activated again (A8: nor, with raid_same_turn=False, in the turn it was played)."""
    card = s.data.card_ids[a.card]
    if card in s.camps[s.active].used:
        return Violation("HU-085", f"{a.card} was already activated (rotated) and is used once per game")
    if not s.raid_same_turn and card == s.played:
        return Violation("HU-085", f"{a.card} was played this turn; with raid_same_turn=False it can be activated from your next turn")
    return None


def check_one_raid(s: HunsState, a: Activate) -> Violation | None:
    """HU-086: at most one Raid per turn."""
    if s.raid_done:
        return Violation("HU-086", "only one Raid can be activated per turn")
    return None


def check_bad_omen(s: HunsState, a: Activate) -> Violation | None:
    """HU-092: a face-up Bad Omen Curse stops Raid activations."""
    if fx.raids_blocked(s.camps[s.active], s.data):
        return Violation("HU-092", "a face-up Bad Omen Curse on you stops Raid activations")
    return None


def check_raid_timing(s: HunsState, a: Activate) -> Violation | None:
    """HU-070 HU-071 HU-072: each Raid has its window in the turn."""
    card = s.data.card_ids[a.card]
    if not raid_window_ok(s, card):
        c = s.data.cards[card]
        rule = {"begin": "HU-070", "after": "HU-071"}.get(c.timing, "HU-072")
        return Violation(rule, f"{a.card} has timing '{c.timing}', whose window is not open in '{PHASES.title(s.phase)}'")
    return None


def check_raid_args(s: HunsState, a: Activate) -> Violation | None:
    """HU-077: a Raid is aimed the way its effect allows."""
    if a not in raid_variants(s, s.data.card_ids[a.card]):
        return Violation("HU-077", f"{a.card} cannot be aimed that way here")
    return None


def check_bonus(s: HunsState, a: Bonus) -> Violation | None:
    """HU-028 HU-029 HU-019: 1 Valuable for the 3rd player, 2 of different colours for the 4th, from the Reserve."""
    if len(set(a.colours)) != len(a.colours):
        return Violation("HU-029", "the 4th player's two Valuables must be of different colours")
    want = bonus_need(s)
    if len(a.colours) != want:
        return Violation("HU-028", f"{seat_name(s.active)} takes {want} catch-up Valuable{'s' if want > 1 else ''}")
    if any(s.reserve[c] == 0 for c in a.colours):
        return Violation("HU-019", "that Reserve pile is empty")
    if any(c not in bonus_colours(s) for c in a.colours):
        return Violation("HU-028", "with setup_bonus_colours='fitting' the Valuables must match an empty space on your Wagons")
    return None


CHECKS = CheckTable({
    "roll": (check_roll_die, check_roll_face), "take": (check_die_in_pool,),
    "reroll": (check_diviner, check_reroll_once, check_die_in_pool),
    "draw": (check_action_once,), "pillage": (check_action_once,), "end turn": (check_action_once,),
    "play": (check_card_in_hand,), "curse": (check_target,), "send back": (check_bodyguard,),
    "onto": (check_destination_card, check_has_wagons, check_destination_takes_cubes),
    "place": (check_cube_in_hand, check_wagon_in_slot, check_colour_matches, check_space_free),
    "return": (check_nothing_matches,), "take wagon": (check_replacement, check_axle),
    "activate": (check_raid_owned, check_raid_fresh, check_one_raid, check_bad_omen, check_raid_timing, check_raid_args),
    "bonus": (check_bonus,),
}, always=(check_phase,))
