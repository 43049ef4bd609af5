"""Legality: the legal-action generator and the checks table (small named checks, one rule each).

`legal_actions(state)` generates moves directly for speed; the conformance suite checks on random
positions that `CHECKS` accepts every one of them and refuses every other candidate.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Any

from hench.core import CheckTable, InvalidActionError, Violation, seat_name

from .actions import (
    KINDS,
    NO_GUARD,
    PASS,
    PLAY_GUARD,
    WINDOWS,
    Fight,
    HMAction,
    Keep,
    Place,
    PlaceWithPorter,
    Play,
    Roll,
    SkipExtra,
    TakeExtra,
    Use,
)
from .data import CardDef
from .phases import PHASES
from .state import HMState

TARGETED = frozenset({"duel", "poison", "steal_hand", "steal_reserve", "traitor", "old_lady"})
# The move generators narrow `state.current_player` with `assert` (for the type checker, at no cost on these hot paths);
# the checks read `state.player`. A player's phase always has a player to act (validate_state checks it).
PLAYER_ACTS = "a player's phase with no player to act"


# -- the legal-action generator ----------------------------------------------------------------
def legal_actions(state: HMState) -> Sequence[HMAction]:
    """The legal moves in a deterministic order, by the move generator of the phase (chance nodes list their
    outcomes in transitions.chance_outcomes)."""
    return BY_PHASE[state.phase](state)


def _placements(s: HMState) -> Sequence[HMAction]:
    """HM-020 free spots; HM-098 a Porter for full sites; HM-100 a held pawn, placed when its taker chooses."""
    me = s.current_player
    assert me is not None, PLAYER_ACTS
    values = s.data.values
    spots = values["spots"][s.n]
    for row in s.pawns:  # is a site full? (plain loops: on these few short rows, cheaper than max(map(sum, ...)))
        pawns = 0
        for count in row:
            pawns += count
        if pawns >= spots:
            own = _open_sites(s, me)
            break
    else:  # no site is full yet (most placements): every site is open, no Porter
        sites = values["sites"]
        own = _FREE.get(sites) or _free_places(sites)
    if not s.held[me]:
        return own
    out = list(own) if s.to_place[me] else []
    for owner in dict.fromkeys(s.held[me]):  # each owner's pawn once, in the order taken
        out += [(Place if type(a) is Place else PlaceWithPorter)(a.site, owner) for a in own if isinstance(a, (Place, PlaceWithPorter))]
    return out


def _open_sites(s: HMState, me: int) -> Sequence[HMAction]:
    """The sites open to a pawn once a site is full: HM-020 free spots; HM-098 a Porter for the full ones."""
    values = s.data.values
    spots, sites = values["spots"][s.n], values["sites"]
    free = tuple(compress(sites, map(spots.__gt__, map(sum, s.pawns))))  # the sites with a free spot, in order
    out = _FREE.get(free)
    if out is None:
        out = _free_places(free)
    if s.has_fresh(me, "porter") is not None:
        return [*out, *[_porter(site) for site in sites if site not in free]]
    return out


# The placements open on each set of free sites (site names: the same action values whatever the data)
_FREE: dict[tuple[str, ...], tuple[HMAction, ...]] = {}


def _free_places(free: tuple[str, ...]) -> tuple[HMAction, ...]:
    out = _FREE[free] = tuple(map(_place, free))
    return out


_place, _porter, _plain = lru_cache(maxsize=None)(Place), lru_cache(maxsize=None)(PlaceWithPorter), lru_cache(maxsize=None)(Play)


def _domination(s: HMState) -> list[HMAction]:
    site = s.data.site_names[s.queue[0][1]]
    return [TakeExtra(site), SkipExtra(site)]


def _distinct(s: HMState, cards: Iterable[int]) -> list[str]:
    """Distinct card names in data order (a deterministic order for legal_actions)."""
    data = s.data
    return list(map(data.kind_names.__getitem__, sorted(set(map(data.rank.__getitem__, cards)))))


# Actions are frozen values: the generator hands out one shared instance per distinct move.
_play, _use = lru_cache(maxsize=None)(Play), lru_cache(maxsize=None)(Use)
_replacing = lru_cache(maxsize=None)(lambda name, r: Play(name, replacing=r))
_MAKE: dict[type[Play | Use], Callable[..., Play | Use]] = {Play: _play, Use: _use}
_fight = lru_cache(maxsize=None)(Fight)
# The opponents of each seat, clockwise from it: _OPPONENTS[players][seat]
_OPPONENTS = tuple(tuple(tuple((me + i) % n for i in range(1, n)) for me in range(n)) for n in range(9))
# The moves of one card on one opponent at each site, by site index: (make, card, opponent, sites) -> moves
_AT_SITES: dict[tuple[Any, ...], list[Play | Use]] = {}
# The moves of one card naming each opponent: (make, card, opponents) -> moves
_ON_EACH: dict[tuple[Any, ...], tuple[Play | Use, ...]] = {}


def _at_sites(key: tuple[Any, ...]) -> list[Play | Use]:
    make, name, o, sites = key
    out = _AT_SITES[key] = [make(name, o, site) for site in sites]  # a list: read through `__getitem__`
    return out


# How a card in hand is played in phase 2, by kind rank (see _hand_plays): into the Reserve (HM-029, HM-035),
# plainly (a Trump, HM-043, or an Action card with no target), at targets (`_targets`, or the Thief's own
# rule); Guard and Armory cards are not played from the hand (HM-102, HM-054).
_RESERVE, _PLAIN, _TARGETED, _THIEF, _NOT_NOW = range(5)
_HAND_PLAYS: dict[int, tuple[Any, tuple[int, ...], tuple[Play, ...]]] = {}
_LAST_HAND_PLAYS: list[tuple[Any, tuple[int, ...], tuple[Play, ...]]] = [(None, (), ())]  # the entry read last


def _hand_plays(data: Any) -> tuple[tuple[int, ...], tuple[Play, ...]]:
    """Per kind rank of `data`: how a card of that kind is played from the hand, and its plain move."""
    hit = _HAND_PLAYS.get(id(data))
    if hit is None or hit[0] is not data:
        how = tuple(_RESERVE if c.type == "reserve" else _PLAIN if c.type == "trump"
                    else _THIEF if c.effect == "steal_reserve" else _NOT_NOW if c.duel_response
                    else _TARGETED if c.effect in TARGETED else _PLAIN for c in data.cards)
        hit = _HAND_PLAYS[id(data)] = (data, how, tuple(_plain(c.name) for c in data.cards))
    _LAST_HAND_PLAYS[0] = hit
    return hit[1], hit[2]


def _plays(s: HMState) -> list[HMAction]:
    """Phase 2 (HM-025, HM-035, HM-033, HM-038, HM-036), generated with the same rules as the checks."""
    me, n = s.current_player, s.n
    assert me is not None, PLAYER_ACTS
    data = s.data
    cards, rank = data.cards, data.rank
    last = _LAST_HAND_PLAYS[0]  # _hand_plays(data) when it is the data set read last (a call less per turn)
    hows, plain = (last[1], last[2]) if last[0] is data else _hand_plays(data)
    out: list[HMAction] = [PASS]
    opponents = _OPPONENTS[n][me]
    mine = s.reserves[me]
    room = len(mine) < data.values["reserve_limit"]
    mine_ranks = list(map(rank.__getitem__, mine))
    for r in sorted(set(map(rank.__getitem__, s.hands[me]))):  # the distinct cards in hand, in data order
        how = hows[r]
        if how == _PLAIN:
            out.append(plain[r])
        elif how == _RESERVE:
            if room:  # HM-035 (the full-Reserve case in _reserve_plays)
                if mine_ranks.count(r) < cards[r].reserve_max:
                    out.append(plain[r])
            else:
                out += _reserve_plays(s, me, cards[r])
        elif how == _TARGETED:
            out += _targets(s, me, Play, cards[r], opponents)
        elif how == _THIEF:  # the targets _target_steal_reserve lets through
            if room:
                trumps, name = s.trumps, cards[r].name
                for o in opponents:
                    trump = trumps[o]
                    trump_rank = rank[trump] if trump is not None else None
                    for theirs in sorted(set(map(rank.__getitem__, s.reserves[o]))):
                        if theirs != trump_rank and mine_ranks.count(theirs) < cards[theirs].reserve_max:
                            out.append(_play(name, o, cards[theirs].name))
    ayt = data.at_your_turn  # the unturned 'At your turn' cards in front of the player (HM-038, HM-036)
    fronts = ayt.intersection(mine)
    trump = s.trumps[me]
    if trump is not None and trump in ayt:
        fronts = fronts.union((trump,))
    if fronts:
        exhausted = s.exhausted
        for r in sorted(set(map(rank.__getitem__, fronts.difference(exhausted) if exhausted else fronts))):
            card = cards[r]
            targets = _targets(s, me, Use, card, opponents)
            out += [a for a in targets if a.target is not None and not _target_old_lady(s, a, a.target)] \
                if card.effect == "old_lady" else targets
    return out


def _reserve_plays(s: HMState, me: int, card: CardDef) -> list[HMAction]:
    mine = s.reserves[me]
    data = s.data
    have = list(map(data.rank.__getitem__, mine)).count(data.order[card.name])
    if len(mine) < data.values["reserve_limit"]:
        return [_plain(card.name)] if have < card.reserve_max else []
    used_only = s.opts["reserve_discard_must_be_exhausted"]
    deck = data.deck
    return [_replacing(card.name, r) for r in _distinct(s, mine)
            if have + 1 - (r == card.name) <= card.reserve_max
            and (not used_only or any(c in s.exhausted for c in mine if deck[c].name == r))]


def _targets(s: HMState, me: int, verb: type[Play | Use], card: CardDef, opponents: Sequence[int]) -> Sequence[Play | Use]:
    """The targets of a card's effect (opponents clockwise from `me`)."""
    effect, name = card.effect, card.name
    make = _MAKE[verb]
    if effect == "duel" or effect == "poison":
        aimed = (make, name, opponents)
        each = _ON_EACH.get(aimed)
        if each is None:
            each = _ON_EACH[aimed] = tuple(make(name, o) for o in opponents)
        return each
    if effect == "steal_hand":  # each back (site) in the opponent's hand, in site order
        sites, site_of, hands = s.data.values["sites"], s.data.site_of, s.hands
        found: list[Play | Use] = []
        for o in opponents:
            key = (make, name, o, sites)
            found += map((_AT_SITES.get(key) or _at_sites(key)).__getitem__, sorted(set(map(site_of.__getitem__, hands[o]))))
        return found
    if effect == "steal_reserve":
        return [make(name, o, r) for o in opponents for r in _distinct(s, s.reserves[o])]
    if effect == "traitor":  # each site where the opponent has a pawn, in site order
        sites, pawns = s.data.values["sites"], s.pawns
        found = []
        for o in opponents:
            key = (make, name, o, sites)
            found += compress(_AT_SITES.get(key) or _at_sites(key), map(itemgetter(o), pawns))
        return found
    if effect == "old_lady":
        found = []
        for o in opponents:  # a loop, not a comprehension: its variables would become cells of every call
            trump = s.trumps[o]
            if trump is not None:
                found.append(make(name, o, s.name(trump)))
        return found
    return [make(name)]


def _weapons(s: HMState) -> list[Fight]:
    deck, me = s.data.deck, s.current_player
    assert me is not None, PLAYER_ACTS
    return [_fight()] + [_fight(n) for n in _distinct(s, [c for c in s.hands[me] if deck[c].effect == "weapon"])]


def _keeps(s: HMState) -> list[Keep]:
    me = s.current_player
    assert me is not None, PLAYER_ACTS
    return [Keep()] + [Keep(n) for n in _distinct(s, s.hands[me])]


def _guard(s: HMState) -> list[HMAction]:
    return [PLAY_GUARD, NO_GUARD] if check_guard(s, PLAY_GUARD) is None else [NO_GUARD]


def _window(kind: str) -> Callable[[HMState], list[HMAction]]:
    return lambda s: list(WINDOWS[kind])


BY_PHASE: dict[str, Callable[[HMState], Sequence[HMAction]]] = {"set_henchmen": _placements, "resolve_domination": _domination, "play_cards": _plays,
             "guard_window": _guard, "attacker_weapon": _weapons, "defender_weapon": _weapons,
             "old_lady_window": _window("old_lady"), "apothecary_window": _window("apothecary"),
             "courtesan_window": _window("courtesan"),
             "discard_hands": _keeps, "game_end": lambda s: []}


# -- malformed (not illegal) -------------------------------------------------------------------
def validate_action(s: HMState, a: HMAction) -> None:
    """Refuse (InvalidActionError) actions naming cards, sites or seats that do not exist."""
    data = s.data
    if a.kind not in KINDS:
        raise InvalidActionError(f"{a!r} is not a kind of Henchmania move")
    for field in ("site", "card", "weapon", "replacing"):
        value = getattr(a, field, None)
        known = data.site_index if field == "site" else data.by_name
        required = field == "site" or (field == "card" and type(a) is not Keep)
        if (value is not None or required) and hasattr(a, field) and value not in known:
            what = "site" if field == "site" else "card"
            raise InvalidActionError(f"there is no {what} called {value!r}; the {what}s are {sorted(known)}")
    at = getattr(a, "at", None)
    if at is not None and at not in data.by_name and at not in data.site_index:
        raise InvalidActionError(f"{at!r} is neither a site {list(data.site_names)} nor a card name")
    owner = getattr(a, "owner", None)
    if owner is not None and (not isinstance(owner, int) or isinstance(owner, bool) or not 0 <= owner < s.n):
        raise InvalidActionError(f"there is no {seat_name(owner) if isinstance(owner, int) else repr(owner)} "
                                 f"in a {s.n}-player game (Player 1 to Player {s.n})")
    target = getattr(a, "target", None)
    if target is not None and (not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < s.n):
        raise InvalidActionError(f"there is no {seat_name(target) if isinstance(target, int) else repr(target)} "
                                 f"in a {s.n}-player game (Player 1 to Player {s.n})")
    dice = getattr(a, "dice", ())
    if a.kind == "roll" and (not isinstance(dice, tuple) or not all(type(d) is int for d in dice)):
        raise InvalidActionError(f"a roll lists whole numbers, got {dice!r}")


# -- checks every action goes through --------------------------------------------------------------
def check_discard_never(s: HMState, a: HMAction) -> Violation | None:
    """HM-095: a turn is never spent just discarding a card from your hand (A10)."""
    if a.kind == "discard":
        return Violation("HM-095", "a turn cannot be spent just discarding a card from your hand; play a card, "
                                   "use an 'At your turn' effect, or pass")
    return None


def check_duel_not_refused(s: HMState, a: HMAction) -> Violation | None:
    """HM-053: a challenged duel cannot be refused or passed."""
    if a.kind == "pass" and s.duel is not None:
        return Violation("HM-053", f"a duel cannot be refused or passed; now: {PHASES[s.phase].help}")
    return None


def check_guard_timing(s: HMState, a: HMAction) -> Violation | None:
    """HM-102: a Guard answers the Glove at once, in the Guard window, or never."""
    if a.kind == "guard" and s.phase != "guard_window":
        return Violation("HM-102", "a Guard is played only by the Defender, straight after the Glove that challenged "
                                   f"them; now: {PHASES[s.phase].help}")
    return None


def check_phase(s: HMState, a: HMAction) -> Violation | None:
    """HM-016 HM-022 HM-025 HM-102 HM-054 HM-056 HM-057 HM-060 HM-107 HM-096 HM-092 HM-101 HM-075 HM-009 HM-071 HM-080: each phase opens its own moves."""
    phase = PHASES[s.phase]
    if a.kind in phase.actions:
        return None
    if s.phase == "play_cards" and a.kind == "weapon":
        return Violation("HM-054", "weapons are declared only inside a duel; play a Glove to start one")
    if a.kind in PHASES["old_lady_window"].actions:
        return Violation("HM-107", "the Old Lady lends a Trump in a duel only when it would change a roll or a win, "
                                   f"and her owner is asked then; now: {phase.help}")
    return Violation(next(iter(phase.rules)), f"in '{phase.title}' that move is not open: {phase.help}")


# -- phase 1 ---------------------------------------------------------------------------------------
def check_free_spot(s: HMState, a: Place) -> Violation | None:
    """HM-020: a site takes at most `spots` pawns (2/3/4/5 players: 4/5/7/8)."""
    taken = sum(s.pawns[s.site_index(a.site)])
    if taken >= s.spots():
        extra = " or use a Porter from your Reserve" if s.has_fresh(s.player, "porter") is not None else ""
        return Violation("HM-020", f"the {a.site} is full ({taken} of {s.spots()} spots with {s.n} players); "
                                   f"choose a site with a free spot{extra}")
    return None


def check_held_pawn(s: HMState, a: Place | PlaceWithPorter) -> Violation | None:
    """HM-100: a pawn a Traitor took is placed by its taker, naming its owner, at any placement they choose; their
    own pawns only while they have some left."""
    held = s.held[s.player]
    if a.owner is not None and a.owner not in held:
        holding = " and ".join(f"{seat_name(o)}'s" for o in dict.fromkeys(held))
        return Violation("HM-100", f"you hold no pawn of {seat_name(a.owner)} (a Traitor takes one); "
                                   + (f"you hold {holding}" if holding else "place one of your own ('place <site>')"))
    if a.owner is None and held and not s.to_place[s.player]:
        owner = seat_name(held[0])
        return Violation("HM-100", f"your own pawns are all placed; place the pawn you hold, e.g. "
                                   f"'place {owner}'s pawn on the {a.site}'")
    return None


def check_porter_ready(s: HMState, a: PlaceWithPorter) -> Violation | None:
    """HM-098: a Porter works from your Reserve, once until straightened (with HM-031, HM-036)."""
    if s.has_fresh(s.player, "porter") is None:
        why = "your Porter has been used today" if s.has_in_reserve(s.player, "porter") else "you have no unturned Porter in your Reserve"
        return Violation("HM-098", why + "; place on a site with a free spot")
    return None


def check_site_full(s: HMState, a: PlaceWithPorter) -> Violation | None:
    """HM-098: the Porter is for a full site; elsewhere place normally."""
    if sum(s.pawns[s.site_index(a.site)]) < s.spots():
        return Violation("HM-098", f"the {a.site} still has a free spot, so place there normally ('place {a.site}')")
    return None


def check_dominated_site(s: HMState, a: TakeExtra | SkipExtra) -> Violation | None:
    """HM-022: the extra card comes from the site the player dominates (A4)."""
    site = s.data.site_names[s.queue[0][1]]
    if a.site != site:
        return Violation("HM-022", f"you dominate the {site}, so the extra card can only come from the {site}")
    return None


# -- phase 2 ---------------------------------------------------------------------------------------
def check_in_hand(s: HMState, a: Play) -> Violation | None:
    """HM-025: phase 2 plays a card from your hand."""
    if s.find(s.hands[s.player], a.card, False) is None:
        where = " (it is in your Reserve: write 'use ...' for an 'At your turn' effect)" \
            if s.find(s.reserves[s.player], a.card) is not None else ""
        return Violation("HM-025", f"you hold no {a.card} in your hand{where}")
    return None


def check_playable_now(s: HMState, a: Play) -> Violation | None:
    """HM-102 HM-054: Guard and Armory cards are played only inside a duel."""
    effect = s.data.by_name[a.card].effect
    if effect == "guard":
        return Violation("HM-102", "a Guard is played only by a Defender, straight after the Glove that challenged them")
    if effect == "weapon":
        return Violation("HM-054", f"an Armory card like the {a.card} is played only when declaring your weapon in a duel; "
                                   "play a Glove to start one")
    return None


def check_target(s: HMState, a: Play | Use) -> Violation | None:
    """HM-052 HM-091 HM-093 HM-090 HM-035 HM-099 HM-107 HM-042 HM-032: targets by effect, opponents only, what they really have."""
    card = s.data.by_name[a.card]
    targeted = a.kind == "use" or card.type == "action"  # Reserve and Trump cards are played plainly
    if not (targeted and card.effect in TARGETED):
        if a.target is not None or a.at is not None:
            plain = Play(a.card, replacing=a.replacing) if isinstance(a, Play) else Use(a.card)
            return Violation("HM-091", f"the {a.card} only works for its own player and takes no target; write '{plain}'")
        return None
    target = a.target
    if target is None:
        return Violation(_NEEDS_TARGET[card.effect], f"the {a.card} needs an opponent: write e.g. "
                                                     f"'{a.kind} {a.card} on {seat_name((s.player + 1) % s.n)} ...'")
    if target == s.current_player:
        rule = "HM-093" if card.effect == "traitor" else "HM-052" if card.effect == "duel" else "HM-091"
        return Violation(rule, f"the {a.card} is used against an opponent, never on yourself")
    return _TARGET_CHECKS[card.effect](s, a, target)


_NEEDS_TARGET = {"duel": "HM-052", "poison": "HM-091", "steal_hand": "HM-090", "steal_reserve": "HM-035",
                 "traitor": "HM-099", "old_lady": "HM-107"}


# The checks of a targeted effect, given the target seat (check_target has refused a missing one).
def _target_named_only(s: HMState, a: Play | Use, target: int) -> Violation | None:
    if a.at is not None or getattr(a, "replacing", None) is not None:
        rule = "HM-052" if s.data.by_name[a.card].effect == "duel" else "HM-091"
        return Violation(rule, f"the {a.card} names only the opponent: write '{a.kind} {a.card} on {seat_name(target)}'")
    return None


def _target_steal_hand(s: HMState, a: Play | Use, target: int) -> Violation | None:
    backs = sorted({s.data.site_names[s.card(c).site] for c in s.hands[target]})
    if a.at not in backs:
        have = f"its backs are {', '.join(backs)}" if backs else "that hand is empty"
        return Violation("HM-090", f"{seat_name(target)} holds no card from the {a.at}; {have}")
    return None


def _target_steal_reserve(s: HMState, a: Play | Use, target: int) -> Violation | None:
    trump, at = s.trumps[target], a.at
    if trump is not None and s.name(trump) == at:
        return Violation("HM-042", f"the {at} is {seat_name(target)}'s Trump card, and Trumps are immune to "
                                   "effects on Reserve cards")
    if at is None or s.find(s.reserves[target], at) is None:
        return Violation("HM-035", f"{seat_name(target)}'s Reserve holds no {at}")
    card = s.data.by_name[at]
    me = s.player
    if s.count(s.reserves[me], at) >= card.reserve_max:
        return Violation("HM-035", f"your Reserve already holds the most {at} cards allowed ({card.reserve_max})")
    if len(s.reserves[me]) >= s.data.values["reserve_limit"]:
        return Violation("HM-032", f"your Reserve is full ({s.data.values['reserve_limit']} cards), so it cannot "
                                   f"receive the {a.at}")
    return None


def _target_traitor(s: HMState, a: Play | Use, target: int) -> Violation | None:
    at = a.at
    if at is None or at not in s.data.site_index or not s.pawns[s.site_index(at)][target]:
        return Violation("HM-099", f"{seat_name(target)} has no Henchman on the {at} to take")
    return None


def _target_old_lady(s: HMState, a: Play | Use, target: int) -> Violation | None:
    trump = s.trumps[target]
    if trump is None or s.name(trump) != a.at:
        theirs = f"; their Trump is the {s.name(trump)}" if trump is not None else ""
        return Violation("HM-107", f"{seat_name(target)} has no Trump called {a.at}{theirs}")
    if not s.card(trump).at_your_turn:
        return Violation("HM-107", f"the {a.at} works by itself when its moment comes (your Old Lady lends it to you "
                                   "then); at your turn she borrows only 'At your turn' effects")
    return None


_TARGET_CHECKS: dict[str, Callable[[HMState, Play | Use, int], Violation | None]] = {"duel": _target_named_only, "poison": _target_named_only, "steal_hand": _target_steal_hand,
                  "steal_reserve": _target_steal_reserve, "traitor": _target_traitor, "old_lady": _target_old_lady}


def check_reserve_max(s: HMState, a: Play) -> Violation | None:
    """HM-035 HM-094 HM-041 HM-027: never more copies in a Reserve than the printed maximum; only Reserve cards enter it."""
    card = s.data.by_name[a.card]
    if card.type != "reserve":
        if a.replacing is None:
            return None
        return Violation("HM-041" if card.type == "trump" else "HM-027",
                         f"a {card.type} card does not enter the Reserve, so nothing is discarded for it")
    after = s.count(s.reserves[s.player], a.card) + 1 - (a.replacing == a.card)
    if after > card.reserve_max:
        return Violation("HM-035", f"your Reserve already holds {after - 1} {a.card} (its maximum is {card.reserve_max})")
    return None


def check_reserve_room(s: HMState, a: Play) -> Violation | None:
    """HM-033: a full Reserve must drop one card for a new one (HM-032, A7)."""
    if s.data.by_name[a.card].type != "reserve":
        return None
    limit, mine = s.data.values["reserve_limit"], s.reserves[s.player]
    if len(mine) < limit:
        return None if a.replacing is None else Violation(
            "HM-033", f"your Reserve has room ({len(mine)} of {limit}); write 'play {a.card}'")
    if a.replacing is None:
        return Violation("HM-033", f"your Reserve is full ({limit} cards): choose one to discard, e.g. "
                                   f"'play {a.card} replacing {s.name(mine[0])}'")
    if s.find(mine, a.replacing, prefer_fresh=False) is None:
        return Violation("HM-033", f"your Reserve holds no {a.replacing} to discard")
    if s.opts["reserve_discard_must_be_exhausted"] and not any(c in s.exhausted for c in mine if s.name(c) == a.replacing):
        return Violation("HM-033", f"with reserve_discard_must_be_exhausted=True the card you drop must be a turned "
                                   f"(used) one; the {a.replacing} is not")
    return None


def check_use_source(s: HMState, a: Use) -> Violation | None:
    """HM-031: a Reserve effect works from your Reserve (or Trump slot), never from your hand."""
    me = s.player
    trump = s.trumps[me]
    in_front = s.find(s.reserves[me], a.card, False) is not None or (trump is not None and s.name(trump) == a.card)
    if not in_front:
        where = "; it is in your hand: play it into your Reserve first" if s.find(s.hands[me], a.card, False) is not None else ""
        return Violation("HM-031", f"you have no {a.card} in front of you{where}")
    return None


def check_at_your_turn(s: HMState, a: Use) -> Violation | None:
    """HM-038: only 'At your turn' effects are used as a whole turn."""
    if not s.data.by_name[a.card].at_your_turn:
        return Violation("HM-038", f"the {a.card} has no 'At your turn' effect; it works by itself when its moment comes")
    return None


def check_unturned(s: HMState, a: Use) -> Violation | None:
    """HM-036 HM-045: a turned (used) card waits until phase 3 straightens it."""
    me = s.player
    trump = s.trumps[me]
    fronts = s.reserves[me] + ([trump] if trump is not None else [])
    if all(cid in s.exhausted for cid in fronts if s.name(cid) == a.card):
        rule = "HM-045" if s.data.by_name[a.card].type == "trump" else "HM-036"
        return Violation(rule, f"your {a.card} is turned (already used today); it is straightened at the end of the day")
    return None


# -- duel and end of phase 2 ---------------------------------------------------------------------------
def check_guard(s: HMState, a: HMAction) -> Violation | None:
    """HM-102: the Defender needs a Guard card in hand (HM-048: even after passing)."""
    me = s.current_player
    assert me is not None, PLAYER_ACTS
    if not any(s.card(c).effect == "guard" for c in s.hands[me]):
        return Violation("HM-102", "you hold no Guard card; answer 'no Guard'")
    return None


def check_weapon(s: HMState, a: Fight) -> Violation | None:
    """HM-054 HM-056: one Armory card from your hand, or bare hands (HM-055)."""
    if a.weapon is None:
        return None
    rule = "HM-054" if s.phase == "attacker_weapon" else "HM-056"
    if s.data.by_name[a.weapon].effect != "weapon":
        return Violation(rule, f"the {a.weapon} is not an Armory weapon; fight with an Armory card or 'fight bare-handed'")
    if s.find(s.hands[s.player], a.weapon, False) is None:
        return Violation(rule, f"you hold no {a.weapon}; fight with a weapon from your hand or 'fight bare-handed'")
    return None


def check_roll(s: HMState, a: Roll) -> Violation | None:
    """HM-057 HM-060: 3 attack dice, one defense die per hit; each die shows 1 to 6 (M10)."""
    need, faces = s.dice_to_roll(), s.data.values["die_faces"]
    rule = "HM-057" if s.phase == "attack_roll" else "HM-060"
    if len(a.dice) != need:
        who = f"the Attacker rolls {need} dice" if rule == "HM-057" else f"the Defender rolls one die per hit ({need})"
        return Violation(rule, f"{who}, not {len(a.dice)}")
    if not all(1 <= d <= faces for d in a.dice) or list(a.dice) != sorted(a.dice, reverse=True):
        return Violation(rule, f"each die shows 1 to {faces} (faces listed highest first)")
    return None


def check_window_card(s: HMState, a: HMAction) -> Violation | None:
    """HM-096 HM-092: each Apothecary or Courtesan cancels one wound while an unturned one and a wound remain."""
    kind = a.kind.removeprefix("no")
    if s.fresh_count(s.player, kind) == 0 or s.duel is None or not s.duel["wounds"]:
        return Violation("HM-096" if kind == "apothecary" else "HM-092", f"you have no unturned {kind.title()} for this wound")
    return None


def check_old_lady(s: HMState, a: HMAction) -> Violation | None:
    """HM-107 HM-036: the loan offered is answered by the fighter whose unturned Old Lady would borrow the Trump."""
    if s.duel is None or "loan" not in s.duel or s.has_fresh(s.player, "old_lady") is None:
        return Violation("HM-107", "you have no unturned Old Lady with a loan on offer")
    return None


def check_keep(s: HMState, a: Keep) -> Violation | None:
    """HM-101: Nosy Parker keeps one card from your own hand."""
    if a.card is not None and s.find(s.hands[s.player], a.card, False) is None:
        return Violation("HM-101", f"you hold no {a.card} to keep")
    return None


CHECKS = CheckTable({
    "place": (check_held_pawn, check_free_spot), "porter": (check_held_pawn, check_porter_ready, check_site_full),
    "extra": (check_dominated_site,), "skip": (check_dominated_site,),
    "play": (check_in_hand, check_playable_now, check_target, check_reserve_max, check_reserve_room),
    "use": (check_use_source, check_at_your_turn, check_unturned, check_target),
    "guard": (check_guard,), "weapon": (check_weapon,), "roll": (check_roll,), "keep": (check_keep,),
    "apothecary": (check_window_card,), "courtesan": (check_window_card,),
    "oldlady": (check_old_lady,), "keepoldlady": (check_old_lady,),
}, always=(check_discard_never, check_duel_not_refused, check_guard_timing, check_phase))

__all__ = ["CHECKS", "legal_actions", "validate_action"]
