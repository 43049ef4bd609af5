"""Named legality checks, one rule each. Each returns None when the action passes it, or a sentence
a learner understands saying why it does not. `CHECKS[kind]` lists (rule ID, check) in the order they
are tried; the first that fails names the rule an illegal action breaks (IllegalActionError.rule_id).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import effects as fx
from .data import BLACK, COLOURS, GREEN, RED
from .state import CHANCE_PHASES, SLOTS

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Engine

Why = "str | None"


def _phase(*phases: str, doing: str):
    def check(s: "Engine", p: tuple) -> Why:
        if s.phase not in phases:
            return f"{doing} belongs to phase {' or '.join(phases)}, and the game is in phase {s.phase}"
        return None
    return check


# -- dice ----------------------------------------------------------------------------------------
def roll_is_chance(s, p) -> Why:  # HU-032
    if s.phase not in CHANCE_PHASES:
        return "dice are rolled only by the first player at the start of a round (or for a Diviner)"
    return None


def roll_right_die(s, p) -> Why:  # HU-032
    want = s._rolling_colour()
    if p[1] != want:
        return f"the {COLOURS[want]} die is the one being rolled now (dice are set in the order blue, red, green, black, yellow)"
    return None


def roll_face_exists(s, p) -> Why:  # HU-006
    if p[2] not in s.data.faces:
        return f"a die shows only {sorted(set(s.data.faces))}"
    return None


def die_in_pool(s, p) -> Why:  # HU-033
    if s.taken[p[1]] >= 0:
        return f"the {COLOURS[p[1]]} die was already taken this round by player {s.taken[p[1]]}"
    return None


def diviner_live(s, p) -> Why:  # HU-077
    if not fx.has_diviner(s._my_camp(), s.data):
        return "only a full Diviner Mercenary lets you reroll a die"
    return None


def reroll_once(s, p) -> Why:  # HU-076
    if s.reroll_done:
        return "the Diviner's reroll is once per turn and was used this turn"
    return None


# -- the action ----------------------------------------------------------------------------------
def one_action_only(s, p) -> Why:  # HU-041
    if s.action_done:
        return "you already did this turn's one action (Draw Cards or Pillage)"
    return None


def die_first(s, p) -> Why:  # HU-034
    if s.phase != "turn_choose_action":
        return f"you act with a die you have taken; the game is in phase {s.phase}"
    return None


def action_done_first(s, p) -> Why:  # HU-041
    if s.phase == "turn_choose_action":
        return "you must Draw Cards or Pillage before the turn can end"
    if s.phase != "turn_after_window":
        return f"the turn ends after its action; the game is in phase {s.phase}"
    return None


# -- drawing and Curses --------------------------------------------------------------------------
def card_in_hand(s, p) -> Why:  # HU-045
    ids = [s.card_id(c) for c in s.hand]
    if p[1] not in ids:
        return f"you play one of the cards you drew ({', '.join(ids)})"
    return None


def target_exists(s, p) -> Why:  # HU-091
    if not 0 <= p[1] < s.n:
        return f"there are players 0 to {s.n - 1}"
    return None


def target_not_self(s, p) -> Why:  # HU-091
    if p[1] == s.active:
        return "a Curse is never placed in your own Camp; choose an opponent"
    return None


def flee_only_on_arrival(s, p) -> Why:  # HU-096
    if s.phase != "curse_flee_decision":
        return "a Curse can be fled only at the moment it arrives in your Camp"
    return None


def bodyguard_ready(s, p) -> Why:  # HU-077
    if s.sent_back or fx.free_bodyguard(s.camps[s.curse_to], s.data) < 0:
        return "only a full Bodyguard that has not answered a Curse yet can send one back"
    return None


# -- pillage destinations and placement ------------------------------------------------------------
def one_destination(s, p) -> Why:  # HU-051
    if s.phase == "pillage_place":
        return "the cubes of one Pillage go onto Wagons or onto one card, never both"
    if s.phase != "pillage_choose_destination":
        return f"a destination is chosen right after pillaging; the game is in phase {s.phase}"
    return None


def card_known(s, p) -> Why:  # HU-053
    if p[1] is not None and p[1] not in s.data.card_ids:
        return f"there is no card {p[1]}"
    return None


def card_holds_cubes(s, p) -> Why:  # HU-052
    if p[1] is not None and s.data.cards[s.data.card_index(p[1])].colour not in (GREEN, BLACK):
        return "only Mercenary and Curse cards hold Valuables"
    return None


def card_in_own_camp(s, p) -> Why:  # HU-053, A7
    if p[1] is None:
        return None
    card = s.data.card_index(p[1])
    if card not in s._my_camp().cards:
        return f"{p[1]} is not in your Camp: you fill only your own Mercenaries and the Curses on you"
    if card in s._my_camp().fled:
        return f"{p[1]} is a fled Curse, face down: it takes no cubes"
    return None


def has_wagons(s, p) -> Why:  # HU-025
    if p[1] is None and all(w < 0 for w in s._my_camp().wagons):
        return "you have no active Wagon"
    return None


def destination_takes_cubes(s, p) -> Why:  # HU-064, A5
    if not s.strict:
        return None
    room = (s._wagon_room() > 0 or s._wild_possible()) if p[1] is None else s._card_room(s.data.card_index(p[1])) > 0
    if not room:
        return "that destination takes none of your cubes while another one can; you must use every cube you can"
    return None


def placing_now(s, p) -> Why:  # HU-050
    if s.phase == "pillage_choose_destination":
        return "first choose where the cubes go: 'onto wagons' or one Mercenary or Curse"
    if s.phase != "pillage_place":
        return f"cubes are loaded one by one after choosing your Wagons; the game is in phase {s.phase}"
    return None


def cube_in_hand(s, p) -> Why:  # HU-049
    if not s.holding[p[1]]:
        held = [COLOURS[c] for c in range(5) if s.holding[c]]
        return f"you hold no {COLOURS[p[1]]} cube (you hold {', '.join(held) or 'none'})"
    return None


def wagon_in_slot(s, p) -> Why:  # HU-025
    if not 0 <= p[2] < SLOTS or s._my_camp().wagons[p[2]] < 0:
        return f"you have no Wagon {p[2] + 1}; your Wagons are numbered 1 and 2"
    return None


def colour_matches(s, p) -> Why:  # HU-057
    if p[3] != p[1] and s._wild_left() <= 0:
        return "a cube goes only on an empty space of its own colour"
    return None


def space_free(s, p) -> Why:  # HU-059
    if not s._empty_spaces(p[2], p[3]):
        return f"Wagon {p[2] + 1} has no empty {COLOURS[p[3]]} space"
    return None


def nothing_matches(s, p) -> Why:  # HU-064
    if s.phase != "pillage_place" or s._placements()[1]:
        return "you must place every cube that has a matching empty space"
    return None


def replacing_now(s, p) -> Why:  # HU-061
    if s.phase != "wagon_replace":
        return "you take a new Wagon only when one of yours was just dispatched"
    return None


def replacement_available(s, p) -> Why:  # HU-022, A11
    i = p[1]
    if i < 0 and not s.wagon_deck:
        return "the Wagon deck is empty; take a face-up Wagon"
    if i >= 0 and not (i < len(s.display) and s.display[i] >= 0):
        return f"display slot {i + 1} holds no Wagon"
    return None


def axle_allows(s, p) -> Why:  # HU-077
    if p[1] >= 0 and fx.deck_only_replacement(s._my_camp(), s.data):
        return "a Broken Axle Curse makes you take replacement Wagons from the top of the deck"
    return None


# -- Raids ---------------------------------------------------------------------------------------
def raid_owned(s, p) -> Why:  # HU-084
    card = s.data.card_ids.get(p[1])
    if card is None or s.data.cards[card].colour != RED or card not in s._my_camp().cards:
        return f"{p[1]} is not a Raid card in your Camp"
    return None


def raid_fresh(s, p) -> Why:  # HU-085
    if s.data.card_index(p[1]) in s._my_camp().used:
        return f"{p[1]} was already activated (rotated) and is used once per game"
    return None


def raid_not_new(s, p) -> Why:  # HU-085, A8 (option raid_same_turn)
    if not s.raid_same_turn and s.data.card_index(p[1]) == s.played:
        return f"{p[1]} was played this turn; with raid_same_turn=False it can be activated from your next turn"
    return None


def raid_in_turn(s, p) -> Why:  # HU-085
    if s.phase not in ("turn_choose_action", "turn_after_window"):
        return "a Raid is activated during your own turn, after taking your die and before or after your action"
    return None


def one_raid_per_turn(s, p) -> Why:  # HU-086
    if s.raid_done:
        return "only one Raid can be activated per turn"
    return None


def no_bad_omen(s, p) -> Why:  # HU-092
    if fx.raids_blocked(s._my_camp(), s.data):
        return "a face-up Bad Omen Curse on you stops Raid activations"
    return None


def raid_timing(s, p) -> Why:  # HU-070, HU-071
    if not s._raid_window_ok(s.data.card_index(p[1])):
        return f"{p[1]} has timing '{s.data.cards[s.data.card_index(p[1])].timing}', whose window is not open now"
    return None


def raid_args(s, p) -> Why:  # HU-077
    if p[2] not in s._raid_variants(s.data.card_index(p[1])):
        return f"{p[1]} cannot be aimed that way here"
    return None


# -- setup ---------------------------------------------------------------------------------------
def bonus_count(s, p) -> Why:  # HU-028, HU-029
    want = 1 if s._seat_offset(s.active) == 2 else 2
    if len(p[1]) != want:
        return f"player {s.active} takes {want} catch-up Valuable{'s' if want > 1 else ''}"
    return None


def bonus_distinct(s, p) -> Why:  # HU-029
    if len(set(p[1])) != len(p[1]):
        return "the 4th player's two Valuables must be of different colours"
    return None


def bonus_in_reserve(s, p) -> Why:  # HU-019
    if any(s.reserve[c] == 0 for c in p[1]):
        return "that Reserve pile is empty"
    return None


def bonus_fits(s, p) -> Why:  # HU-028, A1
    if any(c not in s._bonus_colours() for c in p[1]):
        return "catch-up Valuables go onto your Wagons: choose colours with an empty space on them"
    return None


CHECKS = {
    "roll": [("HU-032", roll_is_chance), ("HU-032", roll_right_die), ("HU-006", roll_face_exists)],
    "take": [("HU-033", _phase("turn_take_die", doing="taking a die")), ("HU-033", die_in_pool)],
    "reroll": [("HU-070", _phase("turn_take_die", doing="a Diviner reroll")), ("HU-077", diviner_live),
               ("HU-076", reroll_once), ("HU-033", die_in_pool)],
    "draw": [("HU-041", one_action_only), ("HU-034", die_first)],
    "pillage": [("HU-041", one_action_only), ("HU-034", die_first)],
    "play": [("HU-045", _phase("draw_choose_card", doing="playing a drawn card")), ("HU-045", card_in_hand)],
    "target": [("HU-091", _phase("curse_choose_target", doing="choosing a Curse's target")),
               ("HU-091", target_exists), ("HU-091", target_not_self)],
    "flee": [("HU-096", flee_only_on_arrival)],
    "accept": [("HU-094", _phase("curse_flee_decision", doing="accepting a Curse"))],
    "sendback": [("HU-094", _phase("curse_flee_decision", doing="sending a Curse back")), ("HU-077", bodyguard_ready)],
    "onto": [("HU-051", one_destination), ("HU-053", card_known), ("HU-052", card_holds_cubes),
             ("HU-053", card_in_own_camp), ("HU-025", has_wagons), ("HU-064", destination_takes_cubes)],
    "place": [("HU-050", placing_now), ("HU-049", cube_in_hand), ("HU-025", wagon_in_slot),
              ("HU-057", colour_matches), ("HU-059", space_free)],
    "return": [("HU-064", nothing_matches)],
    "replace": [("HU-061", replacing_now), ("HU-022", replacement_available), ("HU-077", axle_allows)],
    "activate": [("HU-084", raid_owned), ("HU-085", raid_fresh), ("HU-085", raid_not_new), ("HU-085", raid_in_turn), ("HU-086", one_raid_per_turn),
                 ("HU-092", no_bad_omen), ("HU-070", raid_timing), ("HU-077", raid_args)],
    "bonus": [("HU-028", _phase("setup_catchup_valuables", doing="taking catch-up Valuables")),
              ("HU-029", bonus_distinct), ("HU-028", bonus_count), ("HU-019", bonus_in_reserve),
              ("HU-028", bonus_fits)],
    "end": [("HU-041", action_done_first)],
}
