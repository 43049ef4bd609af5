"""Legality of Henchmania actions, built from small named checks, one rule each.

`legal_actions(state)` lists candidate actions and keeps those that pass every check, and
`why_illegal(state, action)` returns the (rule ID, reason) of the first check an action fails,
so the two always agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hench.core import CHANCE, InvalidActionError

from .actions import Action

if TYPE_CHECKING:  # pragma: no cover
    from .state import HMState

Why = tuple[str, str] | None
Check = Callable[["HMState", Action], Why]
PASS = Action("pass")

# step -> (action kinds open, rule, what the step is for)
STEP_KINDS: dict[str, tuple[frozenset[str], str, str]] = {
    "set_henchmen": (frozenset({"place", "porter"}), "HM-016", "it is phase 1: place one Henchman pawn on a site"),
    "resolve_domination": (frozenset({"extra", "skip"}), "HM-022", "the dominating player decides whether to take the extra card"),
    "play_cards": (frozenset({"play", "use", "pass"}), "HM-025", "it is phase 2: play one card, use an 'At your turn' effect, or pass"),
    "guard_window": (frozenset({"guard", "noguard"}), "HM-102", "the Defender may answer the Glove with a Guard, or not"),
    "attacker_weapon": (frozenset({"weapon"}), "HM-054", "the Attacker declares one Armory card or bare hands"),
    "defender_weapon": (frozenset({"weapon"}), "HM-056", "the Defender declares one Armory card or bare hands"),
    "attack_roll": (frozenset({"roll"}), "HM-057", "the Attacker's 3 dice are rolling"),
    "defense_roll": (frozenset({"roll"}), "HM-060", "the Defender rolls one die per hit"),
    "discard_hands": (frozenset({"keep"}), "HM-101", "the Nosy Parker owner picks one hand card to keep"),
}
KINDS = frozenset({"place", "porter", "extra", "skip", "play", "use", "pass", "guard", "noguard", "weapon", "roll",
                   "apothecary", "noapothecary", "courtesan", "nocourtesan", "keep", "discard"})
WINDOW_KINDS = {"apothecary": frozenset({"apothecary", "noapothecary"}), "courtesan": frozenset({"courtesan", "nocourtesan"})}


# -- the two entry points --------------------------------------------------------------------
def legal_actions(s: "HMState") -> list[Action]:
    """The legal actions. Hot steps use direct generators that apply the same checks inline; the
    test suite checks them against `candidates` filtered by `why_illegal`."""
    if s.actor is None:
        return []
    if s.actor == CHANCE:
        return [a for a, _ in s.chance_outcomes()]
    step = s.step
    if step == "set_henchmen":
        return placements(s)
    if step == "play_cards":
        return plays(s, s.actor)
    return [a for a in candidates(s) if why_illegal(s, a) is None]


def placements(s: "HMState") -> list[Action]:
    """HM-020 free spots; HM-098 a Porter for full sites."""
    spots, sites = s.spots(), s.data.site_names
    full = [sum(row) >= spots for row in s.pawns]
    out = [_PLACE[name] for name, f in zip(sites, full) if not f]
    if any(full) and s.has_fresh(s.actor, "porter") is not None:
        out += [_PORTER[name] for name, f in zip(sites, full) if f]
    return out


class _ActionCache(dict):
    def __init__(self, kind: str):
        super().__init__()
        self.kind = kind

    def __missing__(self, site: str) -> Action:
        self[site] = Action(self.kind, arg=site)
        return self[site]


_PLACE, _PORTER = _ActionCache("place"), _ActionCache("porter")


def plays(s: "HMState", me: int) -> list[Action]:
    """Phase 2, generated directly (same rules as the checks: HM-025, HM-035, HM-033, HM-038, HM-036)."""
    deck, by_name, out = s.data.deck, s.data.by_name, [PASS]
    opponents = [(me + i) % s.n for i in range(1, s.n)]
    for name in _distinct(s, s.hands[me]):
        card = by_name[name]
        if card.type == "reserve":
            out += _reserve_plays(s, me, card)
        elif card.effect == "steal_reserve":
            out += [a for a in _targets(s, me, "play", name, opponents) if not _target_steal_reserve(s, a)]
        elif card.effect not in ("guard", "weapon"):
            out += _targets(s, me, "play", name, opponents)
    exhausted = s.exhausted
    fronts = [cid for cid in s.reserves[me] if deck[cid].at_your_turn and cid not in exhausted]
    trump = s.trumps[me]
    if trump is not None and trump not in exhausted and deck[trump].at_your_turn:
        fronts.append(trump)
    for name in _distinct(s, fronts):
        targets = _targets(s, me, "use", name, opponents)
        out += [a for a in targets if not _target_old_lady(s, a)] if by_name[name].effect == "old_lady" else targets
    return out


def _reserve_plays(s: "HMState", me: int, card) -> list[Action]:
    mine = s.reserves[me]
    have = s.count(mine, card.name)
    if len(mine) < s.data.values["reserve_limit"]:
        return [Action("play", card.name)] if have < card.reserve_max else []
    used_only = s.opts["reserve_discard_must_be_exhausted"]
    return [Action("play", card.name, replace=r) for r in _distinct(s, mine)
            if have + 1 - (r == card.name) <= card.reserve_max
            and (not used_only or any(c in s.exhausted for c in mine if s.data.deck[c].name == r))]


def why_illegal(s: "HMState", a: Action) -> Why:
    if s.actor is None:
        return "HM-075", "the game is over"
    bad = check_step(s, a)
    if bad:
        return bad
    for check in CHECKS.get(a.kind, ()):
        bad = check(s, a)
        if bad:
            return bad
    return None


def check_names(s: "HMState", a: Action) -> None:
    """Reject actions naming cards, sites or seats that do not exist (InvalidActionError)."""
    data = s.data
    if a.kind not in KINDS:
        raise InvalidActionError(f"{a.kind!r} is not a kind of Henchmania action; the kinds are {sorted(KINDS)}")
    if a.kind in ("place", "porter", "extra", "skip") and a.arg not in data.site_names:
        raise InvalidActionError(f"'{a.kind}' needs a site, one of {list(data.site_names)}; got {a.arg!r}")
    if a.kind in ("play", "use", "discard") and a.card is None:
        raise InvalidActionError(f"'{a.kind}' needs a card name")
    if a.card is not None and a.card not in data.by_name:
        raise InvalidActionError(f"there is no card called {a.card!r}; the cards are {data.card_names()}")
    for name in (a.arg, a.replace):
        if name is not None and name not in data.by_name and name not in data.site_names:
            raise InvalidActionError(f"{name!r} is neither a site {list(data.site_names)} nor a card name")
    if a.seat is not None and (not isinstance(a.seat, int) or not 0 <= a.seat < s.n):
        raise InvalidActionError(f"there is no seat P{a.seat} in a {s.n}-player game (seats P0..P{s.n - 1})")
    if a.kind == "roll" and (not isinstance(a.dice, tuple) or not all(isinstance(d, int) for d in a.dice)):
        raise InvalidActionError(f"a roll lists whole numbers, got {a.dice!r}")


# -- candidates ------------------------------------------------------------------------------
def candidates(s: "HMState") -> list[Action]:
    step = s.step
    if step == "set_henchmen":
        sites = s.data.site_names
        out = [Action("place", arg=site) for site in sites]
        if s.has_fresh(s.actor, "porter") is not None:
            out += [Action("porter", arg=site) for site in sites]
        return out
    if step == "resolve_domination":
        site = s.data.site_names[s.queue[0][1]]
        return [Action("extra", arg=site), Action("skip", arg=site)]
    if step == "play_cards":
        return play_candidates(s, s.actor)
    if step == "guard_window":
        return [Action("guard"), Action("noguard")]
    if step in ("attacker_weapon", "defender_weapon"):
        return [Action("weapon")] + [Action("weapon", card=n) for n in _distinct(s, s.hands[s.actor])]
    if step == "modifier_window":
        kind = s.duel["mod"]
        return [Action(kind), Action("no" + kind)]
    if step == "discard_hands":
        return [Action("keep")] + [Action("keep", card=n) for n in _distinct(s, s.hands[s.actor])]
    return []


def _distinct(s: "HMState", cards: list[int]) -> list[str]:
    """Distinct card names in data order (a deterministic order for legal_actions)."""
    names = {s.data.deck[cid].name for cid in cards}
    return sorted(names, key=s.data.order.__getitem__)


def play_candidates(s: "HMState", me: int) -> list[Action]:
    out = [PASS]
    for name in _distinct(s, s.hands[me]):
        out += _targets(s, me, "play", name)
    fresh = [cid for cid in s.reserves[me] if cid not in s.exhausted and s.data.deck[cid].at_your_turn]
    if s.trumps[me] is not None and s.data.deck[s.trumps[me]].at_your_turn:
        fresh.append(s.trumps[me])
    for name in _distinct(s, fresh):
        out += _targets(s, me, "use", name)
    return out


def _targets(s: "HMState", me: int, verb: str, name: str, opponents: list[int] | None = None) -> list[Action]:
    """The candidate targets of a card (opponents clockwise from `me`)."""
    card = s.data.by_name[name]
    if opponents is None:
        opponents = [(me + i) % s.n for i in range(1, s.n)]
    effect = card.effect if verb == "use" or card.type == "action" else "into_front"
    if effect in ("duel", "poison"):
        return [Action(verb, name, o) for o in opponents]
    if effect == "steal_hand":
        sites, deck = s.data.site_names, s.data.deck
        return [Action(verb, name, o, sites[i]) for o in opponents for i in sorted({deck[c].site for c in s.hands[o]})]
    if effect == "steal_reserve":
        return [Action(verb, name, o, r) for o in opponents for r in _distinct(s, s.reserves[o])]
    if effect == "traitor":
        sites = s.data.site_names
        return [Action(verb, name, o, sites[i]) for o in opponents for i, row in enumerate(s.pawns) if row[o]]
    if effect == "old_lady":
        return [Action(verb, name, o, s.name(s.trumps[o])) for o in opponents if s.trumps[o] is not None]
    if verb == "play" and card.type == "reserve" and len(s.reserves[me]) >= s.data.values["reserve_limit"]:
        return [Action(verb, name, replace=r) for r in _distinct(s, s.reserves[me])]
    return [Action(verb, name)]


# -- checks: the step ------------------------------------------------------------------------
def check_step(s: "HMState", a: Action) -> Why:
    """Each step of the day opens its own kinds of action (HM-015 and the step's rule)."""
    if a.kind == "discard":  # HM-095 (A10): well-formed, never legal
        return "HM-095", "a turn cannot be spent just discarding a card from your hand; play a card, use an 'At your turn' effect, or pass"
    step = s.step
    if step == "modifier_window":
        kinds = WINDOW_KINDS[s.duel["mod"]]
        rule = "HM-096" if s.duel["mod"] == "apothecary" else "HM-092"
        if a.kind not in kinds:
            return rule, f"the duel waits for a decision on the {s.duel['mod'].title()}: '{Action(s.duel['mod'])}' or '{Action('no' + s.duel['mod'])}'"
        return None
    kinds, rule, what = STEP_KINDS[step]
    if a.kind in kinds:
        return None
    if a.kind == "pass" and s.duel is not None:
        return "HM-053", "a challenged duel cannot be refused or passed; " + what
    if step == "play_cards" and a.kind in ("guard", "weapon"):
        return ("HM-102", "a Guard is played only by a Defender, straight after the Glove that challenged them") \
            if a.kind == "guard" else ("HM-054", "weapons are declared only inside a duel; play a Glove to start one")
    return rule, what


# -- checks: phase 1 -------------------------------------------------------------------------
def check_free_spot(s: "HMState", a: Action) -> Why:
    """HM-020: a site takes at most `spots` pawns (2/3/4/5 players: 4/5/7/8)."""
    taken = sum(s.pawns[s.site_index(a.arg)])
    if taken >= s.spots():
        extra = " or use a Porter from your Reserve" if s.has_fresh(s.actor, "porter") is not None else ""
        return "HM-020", f"the {a.arg} is full ({taken} of {s.spots()} spots with {s.n} players); choose a site with a free spot{extra}"
    return None


def check_porter_ready(s: "HMState", a: Action) -> Why:
    """HM-098 with HM-031 and HM-036: a Porter works from your Reserve, once until straightened."""
    if s.has_fresh(s.actor, "porter") is None:
        why = "you have no unturned Porter in your Reserve" if not s.has_in_reserve(s.actor, "porter") else "your Porter has been used today"
        return "HM-098", why + "; place on a site with a free spot"
    return None


def check_site_full(s: "HMState", a: Action) -> Why:
    """HM-098: the Porter is for a full site; elsewhere place normally."""
    if sum(s.pawns[s.site_index(a.arg)]) < s.spots():
        return "HM-098", f"the {a.arg} still has a free spot, so place there normally ('place {a.arg}')"
    return None


def check_dominated_site(s: "HMState", a: Action) -> Why:
    """HM-022 / A4: the extra card comes from the site the player dominates."""
    site = s.data.site_names[s.queue[0][1]]
    if a.arg != site:
        return "HM-022", f"you dominate the {site}, so the extra card can only come from the {site}"
    return None


# -- checks: phase 2 -------------------------------------------------------------------------
def check_in_hand(s: "HMState", a: Action) -> Why:
    """HM-025: phase 2 plays a card from your hand."""
    if s.find(s.hands[s.actor], a.card, False) is None:
        where = " (it is in your Reserve: write 'use ...' for an 'At your turn' effect)" if s.find(s.reserves[s.actor], a.card) is not None else ""
        return "HM-025", f"you hold no {a.card} in your hand{where}"
    return None


def check_playable_now(s: "HMState", a: Action) -> Why:
    """HM-102 (Guard) and HM-054 (Armory cards) are played only inside a duel."""
    effect = s.data.by_name[a.card].effect
    if effect == "guard":
        return "HM-102", "a Guard is played only by a Defender, straight after the Glove that challenged them"
    if effect == "weapon":
        return "HM-054", f"an Armory card like the {a.card} is played only when declaring your weapon in a duel; play a Glove to start one"
    return None


def check_target(s: "HMState", a: Action) -> Why:
    """Targets by effect: opponents only (HM-052, HM-091, HM-093), what they really have (HM-090, HM-099)."""
    card = s.data.by_name[a.card]
    targeted = a.kind == "use" or card.type == "action"  # Reserve and Trump cards are played plainly
    needs_seat = targeted and card.effect in ("duel", "poison", "steal_hand", "steal_reserve", "traitor", "old_lady")
    if not needs_seat:
        if a.seat is not None or (a.arg is not None):
            return "HM-091", f"the {a.card} only works for its own player and takes no target; write '{Action(a.kind, a.card, replace=a.replace)}'"
        return None
    if a.seat is None:
        return _NEEDS_TARGET.get(card.effect, "HM-052"), f"the {a.card} needs an opponent: write e.g. '{a.kind} {a.card} on P{(s.actor + 1) % s.n}...'"
    if a.seat == s.actor:
        return ("HM-093" if card.effect == "traitor" else "HM-052" if card.effect == "duel" else "HM-091"), \
            f"the {a.card} is used against an opponent, never on yourself"
    return TARGET_CHECKS[card.effect](s, a)


_NEEDS_TARGET = {"duel": "HM-052", "poison": "HM-091", "steal_hand": "HM-090", "steal_reserve": "HM-035",
                 "traitor": "HM-099", "old_lady": "HM-107"}


def _target_duel(s: "HMState", a: Action) -> Why:
    if a.arg is not None or a.replace is not None:
        return "HM-052", f"a Glove names only the opponent: write 'play {a.card} on P{a.seat}'"
    return None


def _target_steal_hand(s: "HMState", a: Action) -> Why:
    """HM-090: you choose a card by its back, i.e. the site it came from."""
    backs = sorted({s.data.site_names[s.card(c).site] for c in s.hands[a.seat]})
    if a.arg not in backs:
        have = f"its backs are {', '.join(backs)}" if backs else "that hand is empty"
        return "HM-090", f"P{a.seat} holds no card from the {a.arg}; {have}"
    return None


def _target_steal_reserve(s: "HMState", a: Action) -> Why:
    """HM-042 (Trumps immune), HM-035 (your maximum) and HM-032 (your Reserve limit)."""
    if s.trumps[a.seat] is not None and s.name(s.trumps[a.seat]) == a.arg:
        return "HM-042", f"the {a.arg} is P{a.seat}'s Trump card, and Trumps are immune to effects on Reserve cards"
    if s.find(s.reserves[a.seat], a.arg) is None:
        return "HM-035", f"P{a.seat}'s Reserve holds no {a.arg}"
    card = s.data.by_name[a.arg]
    if s.count(s.reserves[s.actor], a.arg) >= card.reserve_max:
        return "HM-035", f"your Reserve already holds the most {a.arg} cards allowed ({card.reserve_max})"
    if len(s.reserves[s.actor]) >= s.data.values["reserve_limit"]:
        return "HM-032", f"your Reserve is full ({s.data.values['reserve_limit']} cards), so it cannot receive the {a.arg}"
    return None


def _target_traitor(s: "HMState", a: Action) -> Why:
    """HM-099 / A8: take an opponent's pawn from a site."""
    if a.arg not in s.data.site_names or not s.pawns[s.site_index(a.arg)][a.seat]:
        return "HM-099", f"P{a.seat} has no Henchman on the {a.arg} to take"
    return None


def _target_poison(s: "HMState", a: Action) -> Why:
    return None if a.arg is None else ("HM-091", f"the {a.card} names only the opponent: 'use {a.card} on P{a.seat}'")


def _target_old_lady(s: "HMState", a: Action) -> Why:
    """HM-107 / A16: an opponent's Trump, even turned; assumed: its 'At your turn' effect."""
    trump = s.trumps[a.seat]
    if trump is None or s.name(trump) != a.arg:
        return "HM-107", f"P{a.seat} has no Trump called {a.arg}" + (f"; their Trump is the {s.name(trump)}" if trump is not None else "")
    if not s.card(trump).at_your_turn:
        return "HM-107", f"the {a.arg} has no 'At your turn' effect for the Old Lady to borrow"
    return None


TARGET_CHECKS: dict[str, Check] = {"duel": _target_duel, "steal_hand": _target_steal_hand,
                                   "steal_reserve": _target_steal_reserve, "traitor": _target_traitor,
                                   "poison": _target_poison, "old_lady": _target_old_lady}


def check_reserve_max(s: "HMState", a: Action) -> Why:
    """HM-035 / HM-094: never more copies of a card in a Reserve than its printed maximum."""
    card = s.data.by_name[a.card]
    if card.type != "reserve":
        return None if a.replace is None else ("HM-041" if card.type == "trump" else "HM-027",
                                              f"a {card.type} card does not enter the Reserve, so nothing is discarded for it")
    after = s.count(s.reserves[s.actor], a.card) + 1 - (a.replace == a.card)
    if after > card.reserve_max:
        return "HM-035", f"your Reserve already holds {after - 1} {a.card} (its maximum is {card.reserve_max})"
    return None


def check_reserve_room(s: "HMState", a: Action) -> Why:
    """HM-032 / HM-033 (A7): a full Reserve (8) must drop one card for a new one."""
    card = s.data.by_name[a.card]
    if card.type != "reserve":
        return None
    limit, mine = s.data.values["reserve_limit"], s.reserves[s.actor]
    if len(mine) < limit:
        return None if a.replace is None else ("HM-033", f"your Reserve has room ({len(mine)} of {limit}); write 'play {a.card}'")
    if a.replace is None:
        return "HM-033", f"your Reserve is full ({limit} cards): choose one to discard, e.g. 'play {a.card} replacing {s.name(mine[0])}'"
    cid = s.find(mine, a.replace, prefer_fresh=False)
    if cid is None:
        return "HM-033", f"your Reserve holds no {a.replace} to discard"
    if s.opts["reserve_discard_must_be_exhausted"] and not any(c in s.exhausted for c in mine if s.name(c) == a.replace):
        return "HM-033", f"with reserve_discard_must_be_exhausted=True the card you drop must be a turned (used) one; the {a.replace} is not"
    return None


def check_use_source(s: "HMState", a: Action) -> Why:
    """HM-031: a Reserve effect works from your Reserve (or Trump slot), never from your hand."""
    me = s.actor
    in_front = s.find(s.reserves[me], a.card, False) is not None or (s.trumps[me] is not None and s.name(s.trumps[me]) == a.card)
    if not in_front:
        where = "; it is in your hand: play it into your Reserve first" if s.find(s.hands[me], a.card, False) is not None else ""
        return "HM-031", f"you have no {a.card} in front of you{where}"
    return None


def check_at_your_turn(s: "HMState", a: Action) -> Why:
    """HM-038: only 'At your turn' effects are used as a whole turn."""
    if not s.data.by_name[a.card].at_your_turn:
        return "HM-038", f"the {a.card} has no 'At your turn' effect; it works by itself when its moment comes"
    return None


def check_unturned(s: "HMState", a: Action) -> Why:
    """HM-036 / HM-045: a turned (used) card waits until phase 3 straightens it."""
    me = s.actor
    fronts = s.reserves[me] + ([s.trumps[me]] if s.trumps[me] is not None else [])
    if all(cid in s.exhausted for cid in fronts if s.name(cid) == a.card):
        rule = "HM-045" if s.data.by_name[a.card].type == "trump" else "HM-036"
        return rule, f"your {a.card} is turned (already used today); it is straightened at the end of the day"
    return None


# -- checks: duel ----------------------------------------------------------------------------
def check_guard(s: "HMState", a: Action) -> Why:
    """HM-102 (and HM-048: a passed Defender may still answer with a Guard)."""
    if not any(s.card(c).effect == "guard" for c in s.hands[s.actor]):
        return "HM-102", "you hold no Guard card; answer 'no Guard'"
    return None


def check_weapon(s: "HMState", a: Action) -> Why:
    """HM-054 / HM-056: one Armory card from your hand, or bare hands (HM-055)."""
    if a.card is None:
        return None
    rule = "HM-054" if s.step == "attacker_weapon" else "HM-056"
    if s.data.by_name[a.card].effect != "weapon":
        return rule, f"the {a.card} is not an Armory weapon; fight with an Armory card or 'fight bare-handed'"
    if s.find(s.hands[s.actor], a.card, False) is None:
        return rule, f"you hold no {a.card}; fight with a weapon from your hand or 'fight bare-handed'"
    return None


def check_roll(s: "HMState", a: Action) -> Why:
    """HM-057 (3 attack dice) and HM-060 (one defense die per hit); faces 1..6 (M10)."""
    need, faces = s.dice_to_roll(), s.data.values["die_faces"]
    rule = "HM-057" if s.step == "attack_roll" else "HM-060"
    if len(a.dice) != need:
        who = "the Attacker rolls 3 dice" if rule == "HM-057" else f"the Defender rolls one die per hit ({need})"
        return rule, f"{who}, not {len(a.dice)}"
    if not all(1 <= d <= faces for d in a.dice):
        return rule, f"each die shows 1 to {faces}"
    return None


def check_keep(s: "HMState", a: Action) -> Why:
    """HM-101: Nosy Parker keeps one card from your own hand."""
    if a.card is not None and s.find(s.hands[s.actor], a.card, False) is None:
        return "HM-101", f"you hold no {a.card} to keep"
    return None


CHECKS: dict[str, tuple[Check, ...]] = {
    "place": (check_free_spot,),
    "porter": (check_porter_ready, check_site_full),
    "extra": (check_dominated_site,),
    "skip": (check_dominated_site,),
    "play": (check_in_hand, check_playable_now, check_target, check_reserve_max, check_reserve_room),
    "use": (check_use_source, check_at_your_turn, check_unturned, check_target),
    "guard": (check_guard,),
    "weapon": (check_weapon,),
    "roll": (check_roll,),
    "keep": (check_keep,),
}
