"""The day's flow and the effects of phase 1 and phase 2 actions (the state is changed in place on a
fresh clone; `HMState.apply` never touches the receiver)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hench.core.rng import Rng

from . import duel
from .actions import Action

if TYPE_CHECKING:  # pragma: no cover
    from .data import GameData
    from .state import HMState


# -- setup -----------------------------------------------------------------------------------
def new_state(data: "GameData", opts: dict[str, Any], players: int, seed: int | None) -> "HMState":
    """HM-009/010/013: 8 pawns each, 5 points each, the first player takes the Badge of Honor."""
    from .state import HMState

    s = HMState(data, opts, players)
    rng = Rng.from_seed(seed)
    first = opts["first_player"]
    s.badge = rng.randrange(players) if first == "random" else int(first)  # HM-011/012 stand-in
    for site in range(len(data.site_names)):
        s.piles[site] = rng.shuffled([cid for cid, c in enumerate(data.deck) if c.site == site])
    s.rng = rng.state
    s.log(f"P{s.badge} takes the Badge of Honor; every score starts at {data.values['start_score']}")
    start_day(s)
    return s


def apply_action(s: "HMState", a: Action) -> None:
    HANDLERS[a.kind](s, a)
    s._legal = None


# -- shared helpers --------------------------------------------------------------------------
def draw(s: "HMState", seat: int, site: int) -> int | None:
    """Top card of a site's pile into `seat`'s hand; an empty pile is remade from its discards (HM-019)."""
    pile = s.piles[site]
    if not pile:
        reshuffle(s, site)
        if not pile:
            s.log(f"the {s.data.site_names[site]} has no card left to draw (A12)")
            return None
    cid = pile.pop()
    s.hands[seat].append(cid)
    if not pile:
        reshuffle(s, site)
    return cid


def reshuffle(s: "HMState", site: int) -> None:
    """HM-019: shuffle the site's discard pile at once to form its new draw pile."""
    if s.discards[site]:
        s.piles[site] = s.rng_shuffle(s.discards[site])
        s.discards[site] = []
        s.log(f"the {s.data.site_names[site]} discard pile is shuffled into a new pile")


def discard(s: "HMState", cid: int) -> None:
    """Every discarded card goes to its own site's discard pile (HM-028, HM-069, A18), straight."""
    s.discards[s.data.deck[cid].site].append(cid)
    s.exhausted.discard(cid)


def add_points(s: "HMState", seat: int, delta: int) -> None:
    """Change a score; with score_floor='zero' it never goes below 0 (A11)."""
    value = s.scores_[seat] + delta
    if s.opts["score_floor"] == "zero":
        value = max(value, s.data.values["score_floor"])
    s.scores_[seat] = value


def take_from(s: "HMState", cards: list[int], name: str, prefer_used: bool = False) -> int:
    """Remove one card called `name` from `cards` (a turned copy first if prefer_used)."""
    cid = None
    if prefer_used:
        cid = next((c for c in cards if s.data.deck[c].name == name and c in s.exhausted), None)
    if cid is None:
        cid = s.find(cards, name)
    cards.remove(cid)
    return cid


# -- phase 1 ---------------------------------------------------------------------------------
def start_day(s: "HMState") -> None:
    """HM-015/016: a day opens with phase 1, the Badge holder placing first."""
    s.stage = "set_henchmen"
    per = s.data.values["pawns_per_player"]
    taken = [0] * s.n
    for held in s.held:
        for owner in held:
            taken[owner] += 1
    s.to_place = [max(0, per - taken[seat]) for seat in range(s.n)]  # A8: a taken pawn is placed by its taker
    s.log(f"day {s.day} begins; P{s.badge} holds the Badge of Honor")
    s.turn = (s.badge - 1) % s.n
    next_placement(s)


def next_placement(s: "HMState") -> None:
    """HM-017: placement goes clockwise, skipping players with no pawn left."""
    for seat in s.seats_from((s.turn + 1) % s.n):
        if s.placements_left(seat) > 0:
            s.turn = s.actor = seat
            return
    resolve_domination(s)


def do_place(s: "HMState", a: Action) -> None:
    """HM-016: one pawn on a site, then at once the top card of that site (HM-104 for a Porter)."""
    me, site = s.actor, s.site_index(a.arg)
    if a.kind == "porter":
        s.exhausted.add(s.has_fresh(me, "porter"))  # HM-098, HM-036
    owner = s.held[me].pop(0) if s.held[me] else me  # HM-100: a taken pawn counts for its owner
    if owner == me:
        s.to_place[me] -= 1
    s.pawns[site][owner] += 1
    draw(s, me, site)
    s.log(f"P{me} places {'P' + str(owner) + chr(39) + 's pawn' if owner != me else 'a pawn'} on the {a.arg}"
          + (" with a Porter" if a.kind == "porter" else "") + " and draws a card")
    next_placement(s)


def dominator(s: "HMState", site: int) -> int | None:
    """HM-021/023 (A3): strictly more pawns than every other player; a tie means nobody."""
    row = s.pawns[site]
    top = max(row)
    if top == 0 or row.count(top) > 1:
        return None
    return row.index(top)


def resolve_domination(s: "HMState") -> None:
    """HM-022 (A4): dominators may draw one extra card there, in seat order from the Badge holder."""
    owners = [dominator(s, site) for site in range(len(s.pawns))]
    s.queue = [[seat, site] for seat in s.seats_from(s.badge) for site, o in enumerate(owners) if o == seat]
    s.stage = "resolve_domination"
    next_domination(s)


def next_domination(s: "HMState") -> None:
    while s.queue:
        seat, site = s.queue[0]
        if not s.piles[site] and not s.discards[site]:
            s.log(f"P{seat} dominates the {s.data.site_names[site]} but it has no card left (A12)")
        elif s.opts["domination_draw"] == "always":
            draw(s, seat, site)
            s.log(f"P{seat} dominates the {s.data.site_names[site]} and draws an extra card")
        else:
            s.actor = seat
            return
        s.queue.pop(0)
    start_play(s)


def do_domination(s: "HMState", a: Action) -> None:
    seat, site = s.queue.pop(0)
    if a.kind == "extra":
        draw(s, seat, site)
    s.log(f"P{seat} {'takes' if a.kind == 'extra' else 'declines'} the extra {a.arg} card")
    next_domination(s)


# -- phase 2 ---------------------------------------------------------------------------------
def start_play(s: "HMState") -> None:
    """HM-024/025: phase 2 starts with the Badge holder."""
    s.stage, s.queue = "play_cards", []
    s.passed = [False] * s.n
    s.turn = s.actor = s.badge
    s.log("phase 2: play your cards")


def next_turn(s: "HMState") -> None:
    """HM-025/047: clockwise, skipping players who passed; when all passed, phase 2 ends (HM-049)."""
    s.stage = "play_cards"
    for seat in s.seats_from((s.turn + 1) % s.n):
        if not s.passed[seat]:
            s.turn = s.actor = seat
            return
    end_play(s)


def do_pass(s: "HMState", a: Action) -> None:
    """HM-047: a player who passes plays no more cards this day."""
    s.passed[s.actor] = True
    s.log(f"P{s.actor} passes")
    next_turn(s)


def do_play(s: "HMState", a: Action) -> None:
    me = s.actor
    cid = take_from(s, s.hands[me], a.card)
    card = s.data.deck[cid]
    if card.type == "reserve":
        play_reserve(s, me, cid, a)
    elif card.type == "trump":
        play_trump(s, me, cid)
    elif card.effect == "duel":
        s.log(f"P{me} plays a Glove: P{a.seat} must accept the duel")
        duel.start_duel(s, me, a.seat, cid)  # HM-052/053
        return
    else:
        discard(s, cid)  # HM-028: an Action card goes to its site's discard, its effect at once (HM-027)
        s.log(f"P{me} plays {a.card}")
        ACTION_EFFECTS[card.effect](s, me, a, card)
    next_turn(s)


def play_reserve(s: "HMState", me: int, cid: int, a: Action) -> None:
    """HM-029: face up into the Reserve; HM-033: a full Reserve first drops one card."""
    if a.replace is not None:
        discard(s, take_from(s, s.reserves[me], a.replace, prefer_used=True))
        s.log(f"P{me} discards {a.replace} from the Reserve")
    s.reserves[me].append(cid)
    s.log(f"P{me} puts {a.card} in the Reserve")


def play_trump(s: "HMState", me: int, cid: int) -> None:
    """HM-043/044: one Trump only; a new one replaces (discards) the old one."""
    old = s.trumps[me]
    if old is not None:
        discard(s, old)
        s.log(f"P{me} discards the Trump {s.name(old)}")
    s.trumps[me] = cid
    s.log(f"P{me} takes the Trump {s.name(cid)}")


def steal_hand(s: "HMState", me: int, a: Action, card: Any = None) -> None:
    """HM-090: take a card from an opponent's hand, chosen by its back (site), face unseen."""
    site = s.site_index(a.arg)
    pool = [cid for cid in s.hands[a.seat] if s.data.deck[cid].site == site]
    cid = pool[s.rng_draw(len(pool))]
    s.hands[a.seat].remove(cid)
    s.hands[me].append(cid)
    s.log(f"P{me} takes a {a.arg} card from P{a.seat}'s hand")


def steal_reserve(s: "HMState", me: int, a: Action, card: Any = None) -> None:
    """Thief (placeholder): an opponent's Reserve card moves into yours, straightened (HM-037)."""
    cid = take_from(s, s.reserves[a.seat], a.arg, prefer_used=False)
    s.exhausted.discard(cid)
    s.reserves[me].append(cid)
    s.log(f"P{me} takes {a.arg} from P{a.seat}'s Reserve")


def traitor(s: "HMState", me: int, a: Action, card: Any = None) -> None:
    """HM-099 (A8): take an opponent's pawn off a site; you place it next day for its owner."""
    s.pawns[s.site_index(a.arg)][a.seat] -= 1
    s.held[me].append(a.seat)
    s.log(f"P{me} takes P{a.seat}'s Henchman from the {a.arg}")


def brawl(s: "HMState", me: int, a: Action, card: Any = None) -> None:
    """Brawl (M14): every other player discards one random hand card, except Penitent owners (HM-105)."""
    for seat in s.seats_from(me)[1:]:
        if s.has_in_reserve(seat, "penitent"):
            s.log(f"P{seat}'s Penitent protects them from the Brawl")
        elif s.hands[seat]:
            cid = s.hands[seat].pop(s.rng_draw(len(s.hands[seat])))
            discard(s, cid)
            s.log(f"P{seat} discards {s.name(cid)} in the Brawl")


def gain_points(s: "HMState", me: int, a: Action, card: Any) -> None:
    """HM-091: a benefit card helps only its own player."""
    add_points(s, me, card.points)
    s.log(f"P{me} gains {card.points} points")


ACTION_EFFECTS = {"steal_hand": steal_hand, "steal_reserve": steal_reserve, "traitor": traitor, "brawl": brawl,
                  "gain_points": gain_points}


def do_use(s: "HMState", a: Action) -> None:
    """HM-038: an 'At your turn' effect from the Reserve or Trump is the whole turn."""
    me = s.actor
    mine = s.trumps[me] if s.trumps[me] is not None and s.name(s.trumps[me]) == a.card else None
    cid = mine if mine is not None else s.find(s.reserves[me], a.card)
    card = s.data.deck[cid]
    if card.effect == "poison":  # HM-030: a card that is discarded to work
        s.reserves[me].remove(cid)
        discard(s, cid)
        add_points(s, a.seat, -card.points)
        s.log(f"P{me} discards {a.card}: P{a.seat} loses {card.points} points")
    else:
        if card.exhausts:
            s.exhausted.add(cid)  # HM-036 / HM-045
        s.log(f"P{me} uses {a.card}")
        if card.effect == "old_lady":  # HM-107: an opponent's Trump effect, even if turned
            trump_effect(s, me, s.data.deck[s.trumps[a.seat]])
        elif card.effect == "steal_hand":
            steal_hand(s, me, a)
        else:
            trump_effect(s, me, card)
    next_turn(s)


def trump_effect(s: "HMState", me: int, card: Any) -> None:
    if card.effect == "draw_card":
        draw(s, me, card.site)
        s.log(f"P{me} draws a {s.data.site_names[card.site]} card")
    elif card.effect == "gain_points":
        gain_points(s, me, None, card)


# -- end of phase 2 --------------------------------------------------------------------------
def end_play(s: "HMState") -> None:
    """HM-049/050: every hand is discarded; a Nosy Parker owner first picks one card to keep (HM-101)."""
    s.stage, s.queue = "discard_hands", []
    for seat in s.seats_from(s.badge):
        if s.hands[seat] and s.has_in_reserve(seat, "nosy_parker"):
            s.queue.append(seat)
        else:
            discard_hand(s, seat, None)
    next_keeper(s)


def discard_hand(s: "HMState", seat: int, keep: str | None) -> None:
    kept = take_from(s, s.hands[seat], keep) if keep is not None else None
    for cid in s.hands[seat]:
        discard(s, cid)
    s.hands[seat] = [kept] if kept is not None else []


def next_keeper(s: "HMState") -> None:
    if s.queue:
        s.actor = s.queue[0]
    else:
        end_of_day(s)


def do_keep(s: "HMState", a: Action) -> None:
    seat = s.queue.pop(0)
    discard_hand(s, seat, a.card)
    s.log(f"P{seat} keeps {'one card' if a.card else 'nothing'} with the Nosy Parker")  # the face stays hidden
    next_keeper(s)


# -- phase 3 ---------------------------------------------------------------------------------
def reserve_points(s: "HMState", seat: int) -> int:
    """HM-071/072: points printed on Reserve cards and the Trump, plus the Performance set (A20)."""
    deck = s.data.deck
    fronts = s.reserves[seat] + ([s.trumps[seat]] if s.trumps[seat] is not None else [])
    points = sum(deck[cid].points_per_day for cid in fronts)
    kinds = {deck[cid].kind for cid in s.reserves[seat] if deck[cid].effect == "performance"}
    table = s.data.values["performance_points"]
    return points + table[min(len(kinds), len(table) - 1)]


def end_of_day(s: "HMState") -> None:
    """Phase 3: score (HM-071), straighten (HM-073), recall (HM-074), end check (HM-075/076)."""
    s.stage = "end_of_day"
    for seat in s.seats_from(s.badge):
        gained = reserve_points(s, seat)
        add_points(s, seat, gained)
        s.log(f"P{seat} scores {gained} from the Reserve")
    s.exhausted.clear()
    s.pawns = [[0] * s.n for _ in s.pawns]
    if game_should_end(s):
        decide(s)
    else:
        next_day(s)


def game_should_end(s: "HMState") -> bool:
    """HM-075/077/078 (A2): end when a score reaches the threshold or the last day is done."""
    t = s.opts["win_threshold"]
    reached = any(v >= t if s.opts["threshold_inclusive"] else v > t for v in s.scores_)
    return reached or s.day >= s.last_day


def next_day(s: "HMState") -> None:
    """HM-076: the Badge of Honor moves one seat clockwise, and a new day starts."""
    s.badge = (s.badge + 1) % s.n
    s.day += 1
    start_day(s)


def decide(s: "HMState") -> None:
    """HM-008 (one leader wins), HM-080 (two tied: duels), HM-085 (three or more: one more day)."""
    top = max(s.scores_)
    tied = [seat for seat in s.seats_from(s.badge) if s.scores_[seat] == top]
    if len(tied) == 1:
        finish(s, tied[0])
    elif len(tied) == 2:
        duel.start_tiebreak(s, tied[0], tied[1])
    else:
        s.last_day = s.day + 1
        s.log(f"{len(tied)} players tie at {top}: the game goes on for one more day")
        next_day(s)


def finish(s: "HMState", winner: int) -> None:
    s.stage, s.actor, s.winner, s.queue = "game_end", None, winner, []
    s.log(f"P{winner} wins with {s.scores_[winner]} points and becomes Bailiff of Montfleury")


HANDLERS = {"place": do_place, "porter": do_place, "extra": do_domination, "skip": do_domination,
            "play": do_play, "use": do_use, "pass": do_pass, "keep": do_keep,
            "guard": duel.do_guard, "noguard": duel.do_noguard, "weapon": duel.do_weapon, "roll": duel.do_roll,
            "apothecary": duel.do_window, "noapothecary": duel.do_window,
            "courtesan": duel.do_window, "nocourtesan": duel.do_window}
