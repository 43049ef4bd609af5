"""Transitions: what each action does to a fresh clone of the state (the core clones; never the receiver),
the day's flow, duels (HM-052..HM-070, HM-096, HM-102/103, HM-092) and tie-break duels (HM-080..HM-084).

The duel record `state.duel` holds: att, dfn (seats), glove, guard, aw, dw (card ids or None),
aw_done (the Attacker has declared), hits, wounds, tb (a tie-break duel). Its steps are phases
(guard_window -> attacker_weapon -> defender_weapon -> attack_roll -> defense_roll -> apothecary /
courtesan windows -> outcome). With guard_timing="after_weapon" the Attacker declares before the
Guard window, so a Guard sends the laid weapon back (HM-103). Every log line is true and names
seats as people read them ("Player 2"); hidden cards are never named.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from hench.core import CHANCE, seat_name

from .actions import (
    BorrowOldLady,
    Discard,
    Fight,
    Keep,
    KeepOldLady,
    NoApothecary,
    NoCourtesan,
    NoGuard,
    Pass,
    Place,
    PlaceWithPorter,
    Play,
    PlayGuard,
    Roll,
    SkipExtra,
    TakeExtra,
    Use,
    UseApothecary,
    UseCourtesan,
)
from .data import CardDef
from .scoring import add_points, reserve_points
from .state import BELLADONNA, DUELS, POINT_CARDS, RESERVE, Duel, HMState, TieBreak


@lru_cache(maxsize=64)
def roll_outcomes(dice: int, faces: int) -> tuple[tuple[Roll, Fraction], ...]:
    """Every multiset of `dice` fair dice (faces descending) with its exact probability."""
    total = faces ** dice
    out = []
    for combo in itertools.combinations_with_replacement(range(faces, 0, -1), dice):
        ways = math.factorial(dice)
        for face in set(combo):
            ways //= math.factorial(combo.count(face))
        out.append((Roll(combo), Fraction(ways, total)))
    return tuple(out)


def chance_outcomes(s: HMState) -> tuple[tuple[Roll, Fraction], ...]:
    """HM-057 / HM-060: the multisets of the dice rolled now, with exact probabilities."""
    return roll_outcomes(s.dice_to_roll(), s.data.values["die_faces"])


# -- shared helpers --------------------------------------------------------------------------
# Hot paths narrow the state's optional fields with `assert` (for the type checker, at no cost): a player's
# move always has a player to act (`state.current_player`), a duel step always has its record (`state.duel`);
# validate_state checks both on load, and the checks refuse anything else before a transition runs.
PLAYER_ACTS = "a player's move with no player to act"
IN_DUEL = "a duel step with no duel being fought"
AIMED = "a targeted card with no opponent or site/card named (check_target refuses it)"


WINDOW_RULES = {"apothecary": "HM-096", "courtesan": "HM-092"}  # the rule of each card that answers a wound
SEATS = tuple(seat_name(seat) for seat in range(8))
ALONE = tuple((seat,) for seat in range(8))  # the one-seat tuples (seats=, to= of a line)
# The state's own `s.own`, `s.own_item` and `s.say` (hench.core.FieldState), called as functions: `own(s, "pawns")` is
# `s.own("pawns")` without looking the method up on the state each time (a state's attribute dict is its own, so
# CPython 3.11 cannot cache that lookup; the playout hot path calls these five times a move)
own, own_item, say = HMState.own, HMState.own_item, HMState.say


def points(n: int) -> str:
    """'1 point', '2 points'."""
    return "1 point" if n == 1 else f"{n} points"


def present(cid: int | None, what: str) -> int:
    """A card id the rules guarantee is there (a legal move names it, or a duel phase has it); None is a bug."""
    if cid is None:
        raise RuntimeError(f"no {what} where the rules guarantee one")
    return cid


def tiebreak_of(s: HMState) -> TieBreak:
    tb = s.tiebreak
    if tb is None:
        raise RuntimeError(f"no tie-break is being played in phase {s.phase!r}")
    return tb


def draw(s: HMState, seat: int, site: int, rule: str = "HM-016") -> int | None:
    """Top card of a site's pile into `seat`'s hand, its face told to that seat only (HM-089: the others see
    its back). An empty pile is first remade from its discards (HM-019, HM-022); a site with no card anywhere
    gives nothing (A12). Returns the card or None."""
    if not s.piles[site]:
        reshuffle(s, site)
        if not s.piles[site]:
            say(s, f"the {s.data.site_names[site]} has no card left to draw (A12)", rule, seats=ALONE[seat])
            return None
    cid = own_item(s, "piles", site).pop()
    own_item(s, "hands", seat).append(cid)
    tell_drawn(s, seat, cid, rule)
    if not s.piles[site]:
        reshuffle(s, site)  # HM-019: at once, when the last card is drawn
    return cid


def reshuffle(s: HMState, site: int) -> None:
    """HM-019: shuffle the site's discard pile at once to form its new draw pile. The shuffle starts from
    the cards in id order, so the new pile never depends on the order they were discarded in: that order
    is display only, which is why HM-069's choice of order is not offered (see READINGS)."""
    if s.discards[site]:
        own(s, "piles")[site] = s._shuffled(sorted(s.discards[site]))
        own(s, "discards")[site] = []
        say(s, f"the {s.data.site_names[site]} discard pile is shuffled into a new pile", "HM-019")


def ready_pile(s: HMState, site: int) -> None:
    """HM-019: an empty pile is remade from its discards before a card is drawn from it (and said so first)."""
    if not s.piles[site]:
        reshuffle(s, site)


def tell_drawn(s: HMState, seat: int, cid: int, rule: str) -> None:
    """The face of a card `seat` drew, told to that seat alone (the others know only its back, HM-089)."""
    say(s, f"{SEATS[seat]} draws the {s.data.name_of[cid]}", rule, "HM-089", seats=ALONE[seat], to=ALONE[seat])


def discard(s: HMState, cid: int) -> None:
    """Every discarded card goes to its own site's discard pile (HM-028, HM-069, A18), straight, on top:
    the order of a pile is only how it is listed (HM-069: nothing reads it, see `reshuffle`)."""
    own_item(s, "discards", s.data.site_of[cid]).append(cid)
    if cid in s.exhausted:
        own(s, "exhausted").discard(cid)


def take_from(s: HMState, cards: list[int], name: str, prefer_used: bool = False) -> int:
    """Remove one card called `name` from `cards` (a turned copy first if prefer_used)."""
    cid = None
    if prefer_used:
        cid = next((c for c in cards if s.data.deck[c].name == name and c in s.exhausted), None)
    if cid is None:
        cid = s.find(cards, name)
        if cid is None:
            raise RuntimeError(f"no {name} card among {cards}")
    cards.remove(cid)
    return cid


# -- phase 1 ---------------------------------------------------------------------------------
def start_day(s: HMState) -> None:
    """HM-015/016: a day opens with phase 1, the Badge holder placing first."""
    s.phase = "set_henchmen"
    per = s.data.values["pawns_per_player"]
    taken = [0] * s.n
    for held in s.held:
        for owner in held:
            taken[owner] += 1
    s.to_place = [max(0, per - taken[seat]) for seat in range(s.n)]  # A8: a taken pawn is placed by its taker
    say(s, f"day {s.day} begins; {SEATS[s.badge]} holds the Badge of Honor", "HM-015", "HM-016", seats=ALONE[s.badge])
    s.turn = (s.badge - 1) % s.n
    next_placement(s)


def next_placement(s: HMState) -> None:
    """HM-017: placement goes clockwise, skipping players with no pawn left."""
    n, turn, to_place, held = s.n, s.turn, s.to_place, s.held
    for i in range(1, n + 1):
        seat = (turn + i) % n
        if to_place[seat] + len(held[seat]) > 0:
            s.turn = s.current_player = seat
            return
    resolve_domination(s)


def do_place(s: HMState, a: Place | PlaceWithPorter) -> None:
    """HM-016: one pawn on a site, then at once the top card of that site (HM-104 for a Porter)."""
    me, data = s.current_player, s.data
    assert me is not None, PLAYER_ACTS
    site = data.site_index[a.site]
    if type(a) is Place and not s.held[me] and len(s.piles[site]) > 1:  # the commonest move of all, in short
        own(s, "to_place")[me] -= 1
        own_item(s, "pawns", site)[me] += 1
        cid = own_item(s, "piles", site).pop()  # `draw` when the pile neither is nor becomes empty
        own_item(s, "hands", me).append(cid)
        alone, name = ALONE[me], data.name_of[cid]
        say(s, PLACED[me].get(a.site) or _placed(me, a.site), "HM-016", seats=alone)
        say(s, DRAWN[me].get(name) or _drawn(me, name), "HM-016", "HM-089", seats=alone, to=alone)  # tell_drawn
    else:
        place_and_draw(s, me, site, a)
    next_placement(s)


# The two lines of the commonest placement, built once per seat and site or card name (the playout hot path)
PLACED: tuple[dict[str, str], ...] = tuple({} for _ in SEATS)
DRAWN: tuple[dict[str, str], ...] = tuple({} for _ in SEATS)


def _placed(seat: int, site: str) -> str:
    return _keep(PLACED[seat], site, f"{SEATS[seat]} places a pawn on the {site} and draws a card")


def _drawn(seat: int, name: str) -> str:
    return _keep(DRAWN[seat], name, f"{SEATS[seat]} draws the {name}")


def _keep(table: dict[str, str], key: str, text: str) -> str:
    if len(table) >= 4096:  # a person's own data sets may name sites and cards anyhow: the tables stay small
        table.clear()
    table[key] = text
    return text


def place_and_draw(s: HMState, me: int, site: int, a: Place | PlaceWithPorter) -> None:
    """A placement with a Porter (HM-098, HM-104), of a taken pawn (HM-100), or on a site whose pile is (or
    becomes) empty (HM-019, A12)."""
    porter = type(a) is PlaceWithPorter
    if porter:
        own(s, "exhausted").add(present(s.has_fresh(me, "porter"), "unturned Porter"))  # HM-098, HM-036
    owner = me if a.owner is None else a.owner  # HM-100: a taken pawn, placed when its taker chooses, counts for its owner
    if owner == me:
        own(s, "to_place")[me] -= 1
    else:
        own_item(s, "held", me).remove(owner)
    own_item(s, "pawns", site)[owner] += 1
    text = f"{SEATS[me]} places a pawn on the {a.site}" if owner == me else \
        f"{SEATS[me]} places {SEATS[owner]}'s pawn on the {a.site}"
    if porter:
        text += " with a Porter"
    rule, seats = ("HM-104" if porter else "HM-100" if owner != me else "HM-016"), ((me,) if owner == me else (me, owner))
    if not s.piles[site] and s.discards[site]:  # HM-019: the pile is remade from the discards before the draw
        say(s, text, rule, seats=seats)
        reshuffle(s, site)
        say(s, f"{SEATS[me]} draws a card from the new {a.site} pile", "HM-016", "HM-019", seats=ALONE[me])
    else:
        say(s, text + " and draws a card" if s.piles[site] else text, rule, seats=seats)  # A12: no card left, none drawn
    draw(s, me, site)


def dominator(s: HMState, site: int) -> int | None:
    """HM-021/023 (A3): strictly more pawns than every other player; a tie means nobody."""
    row = s.pawns[site]
    top = max(row)
    if top == 0 or row.count(top) > 1:
        return None
    return row.index(top)


def resolve_domination(s: HMState) -> None:
    """HM-022 (A4): dominators may draw one extra card there, in seat order from the Badge holder."""
    owners = [dominator(s, site) for site in range(len(s.pawns))]
    s.queue = [[seat, site] for seat in s.seats_from(s.badge) for site, o in enumerate(owners) if o == seat]
    s.phase = "resolve_domination"
    next_domination(s)


def next_domination(s: HMState) -> None:
    while s.queue:
        seat, site = s.queue[0]
        if not s.piles[site] and not s.discards[site]:
            say(s, f"{SEATS[seat]} dominates the {s.data.site_names[site]} but it has no card left (A12)", "HM-022",
                  seats=ALONE[seat])
        elif s.opts["domination_draw"] == "always":
            ready_pile(s, site)
            say(s, f"{SEATS[seat]} dominates the {s.data.site_names[site]} and draws an extra card", "HM-022", seats=ALONE[seat])
            draw(s, seat, site, "HM-022")
        else:
            s.current_player = seat
            return
        s.queue = s.queue[1:]
    start_play(s)


def do_domination(s: HMState, a: TakeExtra | SkipExtra) -> None:
    """HM-022: the dominating player takes the extra card, or declines it (A4)."""
    seat, site = s.queue[0]
    s.queue = s.queue[1:]
    if type(a) is TakeExtra:
        ready_pile(s, site)
        say(s, f"{SEATS[seat]} takes the extra {a.site} card", "HM-022", seats=ALONE[seat])
        draw(s, seat, site, "HM-022")
    else:
        say(s, f"{SEATS[seat]} declines the extra {a.site} card", "HM-022", seats=ALONE[seat])
    next_domination(s)


# -- phase 2 ---------------------------------------------------------------------------------
def start_play(s: HMState) -> None:
    """HM-024/025: phase 2 starts with the Badge holder."""
    s.phase, s.queue = "play_cards", []
    s.passed = [False] * s.n
    s.turn = s.current_player = s.badge
    say(s, f"phase 2: play your cards, {SEATS[s.badge]} first", "HM-024", "HM-025", "HM-018", seats=ALONE[s.badge])


def next_turn(s: HMState) -> None:
    """HM-025/047: clockwise, skipping players who passed; when all passed, phase 2 ends (HM-049)."""
    s.phase = "play_cards"
    n, turn, passed = s.n, s.turn, s.passed
    for i in range(1, n + 1):
        seat = (turn + i) % n
        if not passed[seat]:
            s.turn = s.current_player = seat
            return
    end_play(s)


def do_pass(s: HMState, a: Pass) -> None:
    """HM-047: a player who passes plays no more cards this day."""
    me = s.current_player
    assert me is not None, PLAYER_ACTS
    own(s, "passed")[me] = True
    say(s, f"{SEATS[me]} passes", "HM-047", seats=ALONE[me])
    next_turn(s)


def do_play(s: HMState, a: Play) -> None:
    me = s.current_player
    assert me is not None, PLAYER_ACTS
    cid = take_from(s, own_item(s, "hands", me), a.card)
    card = s.data.deck[cid]
    if card.type == "reserve":
        play_reserve(s, me, cid, a)
    elif card.type == "trump":
        play_trump(s, me, cid)
    elif card.effect == "duel":
        target = a.target
        assert target is not None, AIMED
        say(s, f"{SEATS[me]} plays a Glove: {SEATS[target]} must accept the duel", "HM-052", "HM-053", seats=(me, target))
        start_duel(s, me, target, cid)  # HM-052/053
        return
    else:
        discard(s, cid)  # HM-028: an Action card goes to its site's discard, its effect at once (HM-027)
        say(s, f"{SEATS[me]} plays {a.card}", "HM-027", "HM-028", seats=ALONE[me])
        ACTION_EFFECTS[card.effect](s, me, a, card)
    next_turn(s)


def play_reserve(s: HMState, me: int, cid: int, a: Play) -> None:
    """HM-029: face up into the Reserve; HM-033: a full Reserve first drops one card."""
    if a.replacing is not None:
        discard(s, take_from(s, own_item(s, "reserves", me), a.replacing, prefer_used=True))
        say(s, f"{SEATS[me]} discards {a.replacing} from the Reserve", "HM-033", seats=ALONE[me])
    own_item(s, "reserves", me).append(cid)
    say(s, f"{SEATS[me]} puts {a.card} in the Reserve", "HM-029", seats=ALONE[me])


def play_trump(s: HMState, me: int, cid: int) -> None:
    """HM-043/044: one Trump only; a new one replaces (discards) the old one."""
    old = s.trumps[me]
    if old is not None:
        discard(s, old)
        say(s, f"{SEATS[me]} discards the Trump {s.name(old)}", "HM-044", seats=ALONE[me])
    own(s, "trumps")[me] = cid
    say(s, f"{SEATS[me]} takes the Trump {s.name(cid)}", "HM-043", "HM-097", seats=ALONE[me])  # HM-097: beside the Reserve, not in it


def steal_hand(s: HMState, me: int, a: Play | Use, card: CardDef | None = None) -> None:
    """HM-090: take a card from an opponent's hand, chosen by its back (site), face unseen."""
    target, at = a.target, a.at
    assert target is not None and at is not None, AIMED
    site = s.site_index(at)
    pool = [cid for cid in s.hands[target] if s.data.deck[cid].site == site]
    cid = pool[s._random_index(len(pool))]
    own_item(s, "hands", target).remove(cid)
    own_item(s, "hands", me).append(cid)
    say(s, f"{SEATS[me]} takes a {at} card from {SEATS[target]}'s hand", "HM-090", seats=(me, target))
    say(s, f"{SEATS[me]} takes the {s.name(cid)} from {SEATS[target]}'s hand", "HM-090", "HM-089", seats=(me, target),
          to=(me, target))  # its face: the taker sees it now, the target held it


def steal_reserve(s: HMState, me: int, a: Play | Use, card: CardDef | None = None) -> None:
    """Thief (placeholder): an opponent's Reserve card moves into yours, straightened (HM-037)."""
    target, at = a.target, a.at
    assert target is not None and at is not None, AIMED
    cid = take_from(s, own_item(s, "reserves", target), at, prefer_used=False)
    if cid in s.exhausted:
        own(s, "exhausted").discard(cid)
    own_item(s, "reserves", me).append(cid)
    say(s, f"{SEATS[me]} takes {at} from {SEATS[target]}'s Reserve", "HM-035", "HM-037", seats=(me, target))


def traitor(s: HMState, me: int, a: Play | Use, card: CardDef | None = None) -> None:
    """HM-099 (A8): take an opponent's pawn off a site; you place it next day for its owner."""
    target, at = a.target, a.at
    assert target is not None and at is not None, AIMED
    own_item(s, "pawns", s.site_index(at))[target] -= 1
    own_item(s, "held", me).append(target)
    say(s, f"{SEATS[me]} takes {SEATS[target]}'s Henchman from the {at}", "HM-099", seats=(me, target))


def brawl(s: HMState, me: int, a: Play | Use, card: CardDef | None = None) -> None:
    """Brawl (M14): every other player discards one random hand card, except Penitent owners (HM-105)."""
    for seat in s.seats_from(me)[1:]:
        if s.has_in_reserve(seat, "penitent"):
            say(s, f"{SEATS[seat]}'s Penitent protects them from the Brawl", "HM-105", seats=ALONE[seat])
        elif s.hands[seat]:
            cid = own_item(s, "hands", seat).pop(s._random_index(len(s.hands[seat])))
            discard(s, cid)
            say(s, f"{SEATS[seat]} discards {s.name(cid)} in the Brawl", "HM-088", seats=ALONE[seat])  # face up on the pile


def gain_points(s: HMState, me: int, a: Play | Use | None, card: CardDef) -> None:
    """HM-091: a benefit card helps only its own player."""
    add_points(s, me, card.points, POINT_CARDS)
    say(s, f"{SEATS[me]} gains {points(card.points)}", "HM-091", seats=ALONE[me])


ACTION_EFFECTS: dict[str, Callable[[HMState, int, Play, CardDef], None]] = {"steal_hand": steal_hand, "steal_reserve": steal_reserve, "traitor": traitor, "brawl": brawl,
                  "gain_points": gain_points}


def do_use(s: HMState, a: Use) -> None:
    """HM-038: an 'At your turn' effect from the Reserve or Trump is the whole turn."""
    me = s.player
    trump = s.trumps[me]
    mine = trump if trump is not None and s.name(trump) == a.card else None
    cid = mine if mine is not None else s.card_in(s.reserves[me], a.card)
    card = s.data.deck[cid]
    if card.effect == "poison":  # HM-030: a card that is discarded to work
        target = a.target
        assert target is not None, AIMED
        own_item(s, "reserves", me).remove(cid)
        discard(s, cid)
        add_points(s, target, -card.points, BELLADONNA)
        say(s, f"{SEATS[me]} discards {a.card}: {SEATS[target]} loses {points(card.points)}", "HM-030", seats=(me, target))
    else:
        if card.exhausts:
            own(s, "exhausted").add(cid)  # HM-036 / HM-045; HM-051: a used card stays in front, turned
        if card.effect == "old_lady":  # HM-107: an opponent's Trump effect, even if turned
            target = a.target
            assert target is not None, AIMED
            say(s, f"{SEATS[me]} uses {a.card} to borrow {SEATS[target]}'s {a.at}", "HM-107", seats=(me, target))
            trump_effect(s, me, s.data.deck[present(s.trumps[target], "Trump to borrow")])
            next_turn(s)
            return
        say(s, f"{SEATS[me]} uses {a.card}", "HM-038", seats=ALONE[me])
        if card.effect == "steal_hand":
            steal_hand(s, me, a)
        else:
            trump_effect(s, me, card)
    next_turn(s)


def trump_effect(s: HMState, me: int, card: CardDef) -> None:
    if card.effect == "draw_card":
        ready_pile(s, card.site)
        if s.piles[card.site]:  # else `draw` says there is no card left (A12)
            say(s, f"{SEATS[me]} draws a {s.data.site_names[card.site]} card", "HM-038", seats=ALONE[me])
        draw(s, me, card.site, "HM-038")
    elif card.effect == "gain_points":
        gain_points(s, me, None, card)


# -- end of phase 2 --------------------------------------------------------------------------
def end_play(s: HMState) -> None:
    """HM-049/050: every hand is discarded; a Nosy Parker owner first picks one card to keep (HM-101)."""
    s.phase, keepers = "discard_hands", []
    for seat in s.seats_from(s.badge):
        if s.hands[seat] and s.has_in_reserve(seat, "nosy_parker"):
            keepers.append(seat)
        else:
            discard_hand(s, seat, None)
    s.queue = keepers
    next_keeper(s)


def discard_hand(s: HMState, seat: int, keep: str | None) -> None:
    """HM-050 (HM-101): the hand goes to its sites' discard piles, but the card a Nosy Parker keeps. A hand card
    is never turned (only Reserve and Trump cards are, HM-036), so this is `discard` for a whole hand."""
    kept = take_from(s, own_item(s, "hands", seat), keep) if keep is not None else None
    site_of = s.data.site_of
    by_site: dict[int, list[int]] = {}
    for cid in s.hands[seat]:
        by_site.setdefault(site_of[cid], []).append(cid)
    for site, cards in by_site.items():
        own_item(s, "discards", site).extend(cards)
    own(s, "hands")[seat] = [kept] if kept is not None else []


def next_keeper(s: HMState) -> None:
    if s.queue:
        s.current_player = s.queue[0]
    else:
        end_of_day(s)


def do_keep(s: HMState, a: Keep) -> None:
    seat = s.queue[0]
    s.queue = s.queue[1:]
    discard_hand(s, seat, a.card)
    say(s, f"{SEATS[seat]} keeps {'one card' if a.card else 'nothing'} with the Nosy Parker", "HM-101", seats=ALONE[seat])
    if a.card:  # its face, to its keeper only
        say(s, f"{SEATS[seat]} keeps the {a.card}", "HM-101", "HM-089", seats=ALONE[seat], to=ALONE[seat])
    next_keeper(s)


# -- phase 3 ---------------------------------------------------------------------------------
def end_of_day(s: HMState) -> None:
    """Phase 3: score (HM-071), straighten (HM-073), recall (HM-074), end check (HM-075/076)."""
    s.phase = "end_of_day"
    for seat in s.seats_from(s.badge):
        gained = reserve_points(s, seat)
        add_points(s, seat, gained, RESERVE)
        say(s, f"{SEATS[seat]} scores {gained} from the Reserve", "HM-071", "HM-072", seats=ALONE[seat])
    s.exhausted = set()
    s.pawns = [[0] * s.n for _ in s.pawns]
    if game_should_end(s):
        decide(s)
    else:
        next_day(s)


def game_should_end(s: HMState) -> bool:
    """HM-075/077/078 (A2): end when a score reaches the threshold or the last day is done."""
    t = s.opts["win_threshold"]
    reached = any(v >= t if s.opts["threshold_inclusive"] else v > t for v in s.scores_)
    return reached or s.day >= s.last_day


def next_day(s: HMState) -> None:
    """HM-076: the Badge of Honor moves one seat clockwise, and a new day starts."""
    s.badge = (s.badge + 1) % s.n
    s.day += 1
    start_day(s)


def decide(s: HMState) -> None:
    """HM-008 (one leader wins), HM-080 (two tied: duels), HM-085 (three or more: one more day)."""
    top = max(s.scores_)
    tied = [seat for seat in s.seats_from(s.badge) if s.scores_[seat] == top]
    if len(tied) == 1:
        finish(s, tied[0])
    elif len(tied) == 2:
        start_tiebreak(s, tied[0], tied[1])
    else:
        s.last_day = s.day + 1
        say(s, f"{len(tied)} players tie at {top}: the game goes on for one more day", "HM-085", seats=tied)
        next_day(s)


def finish(s: HMState, winner: int) -> None:
    s.phase, s.current_player, s.winner, s.queue = "game_end", None, winner, []
    say(s, f"{SEATS[winner]} wins with {s.scores_[winner]} points and becomes Bailiff of Montfleury", "HM-008", seats=ALONE[winner])


# -- duels ---------------------------------------------------------------------------------------
def new_duel(att: int, dfn: int, glove: int | None, tb: bool = False, aw_done: bool = False) -> Duel:
    return {"att": att, "dfn": dfn, "glove": glove, "guard": None, "aw": None, "dw": None, "aw_done": aw_done,
            "hits": 0, "wounds": 0, "tb": tb}


def set_step(s: HMState, step: str, actor: int) -> None:
    """A duel step is a phase of its own (tie-break duels too: `state.tiebreak` tells them apart)."""
    s.phase, s.current_player = step, actor


def start_duel(s: HMState, att: int, dfn: int, glove: int) -> None:
    """HM-052/053: the Glove makes an Attacker; the Defender cannot refuse."""
    first = "guard_window" if s.opts["guard_timing"] == "after_glove" else "attacker_weapon"
    s.duel = new_duel(att, dfn, glove)
    set_step(s, first, dfn if first == "guard_window" else att)


def do_guard(s: HMState, a: PlayGuard) -> None:
    """HM-102/103 (M14): the Guard cancels the duel; a laid Armory card goes back to the Attacker's hand."""
    d = s.duel
    assert d is not None, IN_DUEL
    cid = next(c for c in s.hands[d["dfn"]] if s.data.deck[c].effect == "guard")
    own_item(s, "hands", d["dfn"]).remove(cid)
    if d["aw"] is not None:
        own_item(s, "hands", d["att"]).append(d["aw"])
        say(s, f"{SEATS[d['att']]} takes the {s.name(d['aw'])} back", "HM-103", seats=ALONE[d["att"]])
    discard(s, cid)
    discard(s, present(d["glove"], "Glove"))  # a Guard never answers a tie-break duel (which has no Glove)
    say(s, f"{SEATS[d['dfn']]} plays a Guard: the duel is off, no points move", "HM-102", seats=(d["dfn"], d["att"]))
    end_duel(s)


def do_noguard(s: HMState, a: NoGuard) -> None:
    """HM-053: without a Guard the duel goes ahead."""
    d = s.duel
    assert d is not None, IN_DUEL
    say(s, f"{SEATS[d['dfn']]} plays no Guard: the duel goes ahead", "HM-053", "HM-102", seats=ALONE[d["dfn"]])
    if d["aw_done"]:
        set_step(s, "defender_weapon", d["dfn"])
    else:
        set_step(s, "attacker_weapon", d["att"])


def do_weapon(s: HMState, a: Fight) -> None:
    """HM-054/055/056: one Armory card or bare hands, the Attacker first."""
    d, me = own(s, "duel"), s.current_player
    assert d is not None and me is not None, IN_DUEL
    cid = take_from(s, own_item(s, "hands", me), a.weapon) if a.weapon is not None else None
    if a.weapon:
        say(s, f"{SEATS[me]} fights with the {a.weapon}", "HM-054" if s.phase == "attacker_weapon" else "HM-056", seats=ALONE[me])
    else:
        say(s, f"{SEATS[me]} fights bare-handed", "HM-055", seats=ALONE[me])
    if s.phase == "attacker_weapon":
        d["aw"], d["aw_done"] = cid, True
        if s.opts["guard_timing"] == "after_weapon":
            set_step(s, "guard_window", d["dfn"])
        else:
            set_step(s, "defender_weapon", d["dfn"])
    else:
        d["dw"] = cid
        set_step(s, "attack_roll", CHANCE)


def lent_trump(s: HMState, seat: int, effect: str) -> int | None:
    """HM-107 (A16): an opponent's Trump with this passive effect that `seat`'s unturned Old Lady can lend them,
    when their own Trump does not have it."""
    if s.trump_effect(seat) == effect or s.has_fresh(seat, "old_lady") is None:
        return None
    return next((t for t in s.trumps if t is not None and s.data.deck[t].effect == effect), None)


def own_bonus(s: HMState, seat: int, effect: str) -> int:
    """Points of `seat`'s own Trump with this effect (0 without one)."""
    mine = s.trumps[seat]
    return s.data.deck[mine].points if mine is not None and s.data.deck[mine].effect == effect else 0


def lent_bonus(s: HMState, seat: int, effect: str) -> int:
    """HM-107: points of the Trump with this effect that `seat`'s Old Lady can lend them now (0: none)."""
    lent = lent_trump(s, seat, effect)
    return 0 if lent is None else s.data.deck[lent].points


def trump_bonus(s: HMState, seat: int, effect: str) -> int:
    """Points of `seat`'s own Trump with this effect, or of the one the Old Lady can lend (one of them is 0)."""
    return own_bonus(s, seat, effect) + lent_bonus(s, seat, effect)


def bare_bonus(s: HMState, seat: int, lend: bool = True) -> int:
    """The bare-hands bonus (a Master-at-Arms), counting the Old Lady's loan only if `lend`."""
    return trump_bonus(s, seat, "bare_hands_bonus") if lend else own_bonus(s, seat, "bare_hands_bonus")


def attack_value(s: HMState, lend: bool = True) -> int:
    """HM-058/059: the weapon's Attack value, or the bare-hands value (M2), with the Old Lady's loan if `lend`."""
    d = s.duel
    assert d is not None, IN_DUEL
    if d["aw"] is not None:
        return s.data.deck[d["aw"]].attack
    return max(1, s.data.values["bare_hands_attack"] - bare_bonus(s, d["att"], lend))


def defense_value(s: HMState, lend: bool = True) -> int:
    """HM-061/062: the weapon's Defense value, or the bare-hands value (M3), with the Old Lady's loan if `lend`."""
    d = s.duel
    assert d is not None, IN_DUEL
    if d["dw"] is not None:
        return s.data.deck[d["dw"]].defense
    return max(1, s.data.values["bare_hands_defense"] - bare_bonus(s, d["dfn"], lend))


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def successes(dice: tuple[int, ...], value: int) -> int:
    """HM-058 (A1) / HM-061: the dice at or above `value`."""
    return sum(1 for x in dice if x >= value)


def do_roll(s: HMState, a: Roll) -> None:
    """HM-057..061: the dice counted at the fighter's own value; a bare-handed roll that an opponent's
    Master-at-Arms would count higher offers the Old Lady's loan first (HM-107)."""
    d = own(s, "duel")
    assert d is not None, IN_DUEL
    if s.phase == "attack_roll":
        value = attack_value(s, lend=False)
        d["hits"] = successes(a.dice, value)
        say(s, f"attack dice {' '.join(map(str, a.dice))}: {plural(d['hits'], 'hit')} at {value}+", "HM-057", "HM-058",
            seats=ALONE[d["att"]])
        gain = successes(a.dice, attack_value(s)) - d["hits"]
        if gain:
            offer_loan(s, d["att"], "attack", gain)
        else:
            after_attack_roll(s)
        return
    value = defense_value(s, lend=False)
    parries = successes(a.dice, value)
    d["wounds"] = d["hits"] - parries
    say(s, f"defense dice {' '.join(map(str, a.dice))}: {parries} parried at {value}+, {plural(d['wounds'], 'wound')}",
        "HM-060", "HM-061", seats=ALONE[d["dfn"]])
    gain = successes(a.dice, defense_value(s)) - parries
    if gain:
        offer_loan(s, d["dfn"], "defense", gain)
    else:
        open_windows(s)


def after_attack_roll(s: HMState) -> None:
    """HM-060: the Defender rolls one die per hit; no hit, no defense roll."""
    d = s.duel
    assert d is not None, IN_DUEL
    if d["hits"]:
        set_step(s, "defense_roll", CHANCE)
    else:
        outcome(s)


def offer_loan(s: HMState, seat: int, stage: str, gain: int) -> None:
    """HM-107: a loan that would change the result is the Old Lady's owner's choice (state.LOAN_STAGES)."""
    d = own(s, "duel")
    assert d is not None, IN_DUEL
    d["loan"] = [stage, gain]
    set_step(s, "old_lady_window", seat)


def do_old_lady(s: HMState, a: BorrowOldLady | KeepOldLady) -> None:
    """HM-107, HM-036: borrow the opponent's Trump (she turns) and count the roll or the win with it, or keep her
    unturned; then the duel goes on where the offer paused it."""
    d = own(s, "duel")
    assert d is not None, IN_DUEL
    stage, gain = d.pop("loan")
    seat = d["dfn"] if stage == "defense" else d["att"]
    if type(a) is BorrowOldLady:
        lend_now(s, seat, stage, gain)
    else:
        gain = 0
        say(s, f"{SEATS[seat]} keeps the Old Lady unturned for later", "HM-107", seats=ALONE[seat])
    if stage == "attack":
        d["hits"] += gain
        after_attack_roll(s)
    elif stage == "defense":
        d["wounds"] -= gain
        open_windows(s)
    else:
        attacker_wins(s, own_bonus(s, d["att"], "duel_bonus") + gain)


def lend_now(s: HMState, seat: int, stage: str, gain: int) -> None:
    """HM-107: the Old Lady borrows the Trump and turns (HM-036); the log says what it changed."""
    d = s.duel
    assert d is not None, IN_DUEL
    lent = present(lent_trump(s, seat, "duel_bonus" if stage == "banner" else "bare_hands_bonus"), "Trump to lend")
    if stage == "attack":
        change = f"{plural(d['hits'] + gain, 'hit')} at {attack_value(s)}+"
    elif stage == "defense":
        change = f"{d['hits'] - d['wounds'] + gain} parried at {defense_value(s)}+, {plural(d['wounds'] - gain, 'wound')}"
    else:
        change = f"{plural(gain, 'point')} more for the win"
    own(s, "exhausted").add(present(s.has_fresh(seat, "old_lady"), "unturned Old Lady"))
    say(s, f"{SEATS[seat]}'s Old Lady borrows {SEATS[s.trumps.index(lent)]}'s {s.name(lent)}: {change}", "HM-107",
        "HM-036", seats=ALONE[seat])


def open_windows(s: HMState) -> None:
    """HM-096: the Defender's Apothecary; HM-092: other players' Courtesans (not in tie-breaks)."""
    d = s.duel
    assert d is not None, IN_DUEL
    queue: list[Any] = []
    if d["wounds"]:  # HM-096: each unused Apothecary may cancel one wound (in a tie-break duel too)
        queue += [[d["dfn"], "apothecary"]] * s.fresh_count(d["dfn"], "apothecary")
    if d["wounds"] and not d["tb"]:
        queue += [[o, "courtesan"] for o in s.seats_from(d["att"])
                  if o not in (d["att"], d["dfn"]) and s.has_fresh(o, "courtesan") is not None]
    s.queue = queue
    next_window(s)


def next_window(s: HMState) -> None:
    d = s.duel
    assert d is not None, IN_DUEL
    while s.queue and d["wounds"]:
        seat, kind = s.queue[0]
        if s.has_fresh(seat, kind) is not None:
            set_step(s, f"{kind}_window", seat)
            return
        s.queue = s.queue[1:]
    s.queue = []
    outcome(s)


def do_window(s: HMState, a: UseApothecary | NoApothecary | UseCourtesan | NoCourtesan) -> None:
    """Use or decline an Apothecary / Courtesan: each cancels one wound and turns (HM-036)."""
    d = own(s, "duel")
    assert d is not None, IN_DUEL
    seat, what = s.queue[0]
    s.queue = s.queue[1:]
    if type(a) is UseApothecary or type(a) is UseCourtesan:
        own(s, "exhausted").add(present(s.has_fresh(seat, what), f"unturned {what}"))
        d["wounds"] -= 1
        tiebreak = ("HM-083",) if d["tb"] else ()  # the Reserve works in a tie-break duel too
        say(s, f"{SEATS[seat]}'s {what.title()} cancels a wound ({d['wounds']} left)", WINDOW_RULES[what], *tiebreak, seats=ALONE[seat])
    else:
        say(s, f"{SEATS[seat]} does not use the {what.title()}", WINDOW_RULES[what], seats=ALONE[seat])
    next_window(s)


def outcome(s: HMState) -> None:
    """HM-063..068: the Attacker wins with a wound left, else the Defender; a Banner the Old Lady can lend the
    winning Attacker is offered first (HM-107)."""
    d, v = s.duel, s.data.values
    assert d is not None, IN_DUEL
    if d["tb"]:
        tiebreak_leg_done(s)
        return
    att, dfn = d["att"], d["dfn"]
    if d["wounds"] >= 1:  # HM-063/065/066
        gain = lent_bonus(s, att, "duel_bonus")
        if gain > 0:
            offer_loan(s, att, "banner", gain)
        else:
            attacker_wins(s, own_bonus(s, att, "duel_bonus"))
        return
    add_points(s, dfn, v["defender_win_points"], DUELS)  # HM-063/067/068
    add_points(s, att, -v["attacker_loss"], DUELS)
    say(s, f"{SEATS[dfn]} wins the duel: +{v['defender_win_points']}; {SEATS[att]} -{v['attacker_loss']}", "HM-063",
        "HM-064", "HM-067", "HM-068", seats=(dfn, att))
    put_back_duel_cards(s)


def attacker_wins(s: HMState, bonus: int) -> None:
    """HM-065/066: the Attacker scores (with a Banner's `bonus`), the Defender loses points per wound."""
    d, v = s.duel, s.data.values
    assert d is not None, IN_DUEL
    att, dfn, wounds = d["att"], d["dfn"], d["wounds"]
    add_points(s, att, v["attacker_win_points"] + bonus, DUELS)
    add_points(s, dfn, -v["defender_loss_per_wound"] * wounds, DUELS)
    say(s, f"{SEATS[att]} wins the duel: +{v['attacker_win_points'] + bonus}; {SEATS[dfn]} "
          f"-{v['defender_loss_per_wound'] * wounds}", "HM-063", "HM-064", "HM-065", "HM-066",
          *(("HM-070",) if wounds == 1 else ()), seats=(att, dfn))  # the example's result (one wound) cites it
    put_back_duel_cards(s)


def put_back_duel_cards(s: HMState) -> None:
    """HM-069: the duel's cards go back to their own sites' discards, and the duel ends."""
    d = s.duel
    assert d is not None, IN_DUEL
    for cid in (d["glove"], d["aw"], d["dw"]):
        if cid is not None:
            discard(s, cid)
    end_duel(s)


def end_duel(s: HMState) -> None:
    d = s.duel
    assert d is not None, IN_DUEL
    s.turn = d["att"]
    s.duel = None
    next_turn(s)


# -- tie-break duels ---------------------------------------------------------------------------
def start_tiebreak(s: HMState, first: int, second: int) -> None:
    """HM-080/081 (A5): the tied player first clockwise from the Badge attacks first, bare-handed."""
    s.tiebreak = {"pair": [first, second], "wounds": [0, 0], "leg": 0, "round": 1}
    say(s, f"{SEATS[first]} and {SEATS[second]} tie for the lead: tie-break duels", "HM-080", "HM-081", seats=(first, second))
    start_leg(s)


def start_leg(s: HMState) -> None:
    tb = tiebreak_of(s)
    att, dfn = tb["pair"][tb["leg"]], tb["pair"][1 - tb["leg"]]
    s.duel = new_duel(att, dfn, None, tb=True, aw_done=True)
    set_step(s, "attack_roll", CHANCE)


def tiebreak_leg_done(s: HMState) -> None:
    """HM-082: more wounds over the two fights wins; HM-084: equal means another pair of duels."""
    tiebreak_of(s)
    tb, d = own(s, "tiebreak"), s.duel
    assert d is not None, IN_DUEL
    tb["wounds"][tb["leg"]] += d["wounds"]
    say(s, f"tie-break: {SEATS[d['att']]} inflicts {d['wounds']} wound(s)", "HM-082", seats=ALONE[d["att"]])
    if tb["leg"] == 0:
        tb["leg"] = 1
        start_leg(s)
        return
    w0, w1 = tb["wounds"]
    if w0 == w1:
        tb["wounds"], tb["leg"], tb["round"] = [0, 0], 0, tb["round"] + 1
        say(s, "tie-break wounds are equal: another pair of duels", "HM-084", seats=tuple(tb["pair"]))
        start_leg(s)
        return
    s.duel = None
    finish(s, tb["pair"][0] if w0 > w1 else tb["pair"][1])


def never_discard(s: HMState, a: Discard) -> None:
    """HM-095: a discard is understood (so the rule can be named) but never legal: legality.check_discard_never
    refuses it before any transition runs, so reaching this is a bug."""
    raise RuntimeError(f"HM-095: '{a}' is never legal; the checks should have refused it")


# The transition of each action class (the core dispatches by `action.__class__`: Game(handlers=HANDLERS))
HANDLERS: dict[type, Callable[[Any, Any], None]] = {Place: do_place, PlaceWithPorter: do_place, TakeExtra: do_domination, SkipExtra: do_domination,
            Play: do_play, Use: do_use, Pass: do_pass, Keep: do_keep, PlayGuard: do_guard, NoGuard: do_noguard,
            Fight: do_weapon, Roll: do_roll, UseApothecary: do_window, NoApothecary: do_window,
            UseCourtesan: do_window, NoCourtesan: do_window, BorrowOldLady: do_old_lady, KeepOldLady: do_old_lady,
            Discard: never_discard}
