"""The invariants a saved Maniacal state must keep (wired as `Game.validate_state`): every card where its kind
may be and at most once, the cards that never leave play (contracts, Powers, Schemes) all accounted for,
and each phase's own bookkeeping consistent. Anything else raises InvalidStateError naming the field."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hench.core import InvalidStateError

from .data import DIFFICULTIES, NEGATIVE, TRAITS, TYPES, ManiacalData
from .phases import CONTRACT_STEPS
from .state import ManiacalState

ATTEMPT_STEPS = CONTRACT_STEPS[1:]
EFFECTS = ("injured", "captured", "power", "injure_after", "cancel_window", "refresh")


def most_dice(data: ManiacalData) -> int:
    """The most dice one attempt can roll with this data (MA-116: no dice limit, but the team is): the largest
    team (MA-106) of the henchmen with the most trait dice, every Power attached to them (MA-184), and one die
    from each extra-die room (MA-136). 68 with the built-in data; random play never rolled more than 28."""
    crew = [*data.henchmen, *data.lackeys, *data.mercenaries]
    team = max((c.team for c in data.contracts), default=0)
    best = sorted((sum(c.traits) for c in crew), reverse=True)[:team]
    return sum(best) + sum(sum(p.traits) for p in data.powers) + sum(1 for r in data.rooms if r.effect == "extra_die")


MOST_EFFECTS = 2 * len(EFFECTS)  # a reward's effect, the Scheme's Injury and its cancel window: random play held 3


def fail(where: str, why: str) -> InvalidStateError:
    return InvalidStateError(f"state.{where} {why}")


def validate_state(state: ManiacalState) -> None:
    _cards(state)
    _seats(state)
    _draft(state)
    _attempt(state)
    _cleanup(state)


def _kind(state: ManiacalState, card_id: str) -> str:
    x = state.data.cards.get(card_id)
    if x is None:
        return ""
    name = type(x).__name__.lower()
    return x.type if name == "card" else x.difficulty if name == "contract" else name


def _cards(state: ManiacalState) -> None:
    where: dict[str, list[str]] = {}

    def put(place: str, ids: Sequence[str], kinds: tuple[str, ...]) -> None:
        for cid in ids:
            if _kind(state, cid) not in kinds:
                raise fail(place, f"holds {cid!r}, which is not a {' or '.join(kinds)} card")
            where.setdefault(cid, []).append(place)

    for d in ("rooms",):
        put(f"decks.{d}", state.decks[d], ("room",))
    for t in TYPES:
        put(f"decks.{t}", state.decks[t], (t,))
    for d in DIFFICULTIES:
        put(f"decks.{d}", state.decks[d], (d,))
        put(f"decks.{d}_discard", state.decks[f"{d}_discard"], (d,))
    put("map", state.map, DIFFICULTIES)
    put("decks.powers", state.decks["powers"] + state.decks["power_discard"], ("power",))
    put("decks.schemes", state.decks["schemes"] + state.decks["scheme_discard"], ("scheme",))
    put("decks.mercenaries", state.decks["mercenaries"], ("mercenary",))
    for i, lair in enumerate(state.lairs):
        p = f"lairs[{i}]"
        put(f"{p}.sv", [lair.sv], ("supervillain",))
        put(f"{p}.rooms", lair.rooms, ("room",))
        put(f"{p}.hand", lair.hand, ("room",))
        put(f"{p}.schemes", lair.schemes, ("scheme",))
        put(f"{p}.crew", [m.id for m in lair.crew], (*TYPES, "lackey", "mercenary"))
        for m in lair.crew:
            put(f"{p}.crew.powers", m.powers, ("power",))
            if m.bodyguard and (_kind(state, m.id) != "mercenary" or not state.options["bodyguard"]):
                raise fail(f"{p}.crew", f"{m.id} is marked a Bodyguard without the Bodyguard Option on a Mercenary")
            if _kind(state, m.id) == "lackey" and m.id != state.data.cards[lair.sv].lackey:
                raise fail(f"{p}.crew", f"{m.id} is not the Lackey of {lair.sv} (MA-065)")
        if not set(lair.used) <= set(lair.rooms):
            raise fail(f"{p}.used", "names rooms that are not in the base")
        if len(set(lair.used)) != len(lair.used):
            raise fail(f"{p}.used", "names a room twice")
    twice = [cid for cid, places in where.items() if len(places) > 1]
    if twice:
        raise fail(where[twice[0]][0], f"card {twice[0]!r} is in two places: {where[twice[0]]}")
    for family in ("contract", "power", "scheme"):  # these never leave play
        ids = [x.id for x in getattr(state.data, family + "s")]
        missing = [cid for cid in ids if cid not in where]
        if missing:
            raise fail("decks", f"lost the {family} card {missing[0]!r}")


def _seats(state: ManiacalState) -> None:
    n = len(state.lairs)
    if sorted(state.order) != list(range(n)):
        raise fail("order", f"should list every seat 0..{n - 1} once")
    if len(set(state.next_order)) != len(state.next_order) or len(set(state.queue)) != len(state.queue):
        raise fail("next_order", "or queue names a seat twice")
    if (state.step == "recruit") != (state.recruiting is not None) or (state.recruiting and not state.optional_recruit):
        raise fail("recruiting", "names the offer waiting for its recruiter exactly in the step 'recruit', under optional_recruit (AMB-05)")
    if state.step == "draft" and state.next_order:
        raise fail("next_order", "is empty until a Time token leaves the Time track (MA-087)")
    if state.step in ("salaries", "firing") and sorted(state.next_order) != list(range(n)):
        raise fail("next_order", f"should list every seat 0..{n - 1} once in Clean-up: it is the next round's order (MA-087)")
    on_track = [i for i, lair in enumerate(state.lairs) if lair.weeks is not None]
    if state.step in CONTRACT_STEPS:
        if not on_track or set(on_track) & set(state.next_order) or len(on_track) + len(state.next_order) != n:
            raise fail("lairs.weeks", "and next_order should split the seats between the Time track and the Player Order track")
    elif on_track:
        raise fail("lairs.weeks", f"no Time token is on a Time track in {state.step}")
    if state.step == "over" and (state.round != 3 or state.queue):
        raise fail("step", "is over before the end of round 3")
    if state.step != "over" and any(state.bonus):
        raise fail("bonus", "is given only at the end of the game (MA-220)")


def _draft(state: ManiacalState) -> None:
    need = 5 * len(state.lairs) * (3 - state.round)  # MA-040: the later rounds' hands
    if len(state.decks["rooms"]) < need:
        raise fail("decks.rooms", f"holds {len(state.decks['rooms'])} Room cards; the rounds to come deal {need}")
    sizes = {len(lair.hand) for lair in state.lairs}
    if state.step == "draft":
        if sizes != {6 - state.pick_no}:
            raise fail("lairs.hand", f"every draft hand holds {6 - state.pick_no} cards at pick {state.pick_no}")
        if all(lair.pick for lair in state.lairs):
            raise fail("lairs.pick", "every pick is locked, so the reveal should have happened")
        for i, lair in enumerate(state.lairs):
            if lair.pick and (lair.pick[0] not in lair.hand or (lair.pick[1] == "build" and
                                                                   state.data.cards[lair.pick[0]].cost > lair.money)):
                raise fail(f"lairs[{i}].pick", "is not a pick that player could make (MA-041, MA-049)")
    elif sizes != {0} or any(lair.pick for lair in state.lairs):
        raise fail("lairs.hand", f"draft hands and picks are empty outside the draft, not in {state.step}")


def _attempt(state: ManiacalState) -> None:
    a = state.attempt
    if state.step not in ATTEMPT_STEPS:
        if a is not None:
            raise fail("attempt", f"should be null in {state.step}")
        return
    if not isinstance(a, dict):
        raise fail("attempt", f"should describe the attempt in progress in {state.step}")
    seat = a.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(len(state.lairs)) or \
            state.lairs[seat].weeks is None:
        raise fail("attempt", "should describe the attempt of a player still on the Time track")
    kind = a.get("kind")
    expected = {"hospital": {"kind", "seat"}, "after": {"kind", "seat"}, "room": {"kind", "seat", "effects"},
                "contract": {"kind", "seat", "slot", "team", "asked", "negative", "pool", "rolled", "target", "effects", "success",
                             "lackey_used", "reroll", "bonus"}}
    if not isinstance(kind, str) or kind not in expected or set(a) != expected[kind] or (kind == "hospital") != (state.step == "hospital") \
            or (kind == "after") != (state.step == "after_contract"):  # after it, a Scheme may have given weeks back (MA-177)
        raise fail("attempt", f"has the wrong fields for {state.step}")
    if kind == "room":
        if state.step != "effect" or a["effects"] != [["refresh"]]:
            raise fail("attempt.effects", "a room's pending effect is one refresh")
        return
    if kind == "contract":
        _contract_attempt(state, a)


def _contract_attempt(state: ManiacalState, a: dict[str, Any]) -> None:
    step, seat = state.step, a["seat"]
    slot = a["slot"]
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < 6:
        raise fail("attempt.slot", "should be a continent 0..5")
    size = state.data.cards[state.map[slot]].team
    team = a["team"]
    lair = state.lairs[seat]
    if not isinstance(team, list) or not all(isinstance(x, list) and len(x) == 2 and isinstance(x[0], str)
                                                  and x[1] in ("", *TRAITS) for x in team):
        raise fail("attempt.team", "should be [[member, trait or '']]")
    ids = [x[0] for x in team]
    if len(set(ids)) != len(ids) or len(team) > size or (step != "assign" and len(team) != size):
        raise fail("attempt.team", f"should hold distinct members, {size} once assigned")
    free = sum(1 for m in lair.crew if m.ready and m.injuries == 0 and m.id not in ids)  # contracts.can_join
    if step == "assign" and len(team) + free < size:
        raise fail("attempt.slot", f"names a contract for {size} henchmen, but Player {seat + 1} has {len(team)} assigned "
                                   f"and {free} more ready and uninjured (MA-107)")
    for member, trait in team:
        m = lair.member(member)
        if m is None and step != "effect":
            raise fail("attempt.team", f"names {member!r}, who is not in the crew")
        if m is not None and (_kind(state, member) == "lackey") != bool(trait):
            raise fail("attempt.team", "gives a trait to exactly the Lackey (MA-152)")
    asked, neg = a["asked"], a["negative"]
    n = len(state.lairs)
    if not isinstance(asked, list) or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n and s != seat
                                              and state.lairs[s].schemes for s in asked) or len(set(asked)) != len(asked):
        raise fail("attempt.asked", "should list opponents holding Schemes")
    if step == "remove_die" and (neg is None or neg[1] != "remove_die" or not a["pool"]):
        raise fail("attempt.negative", "a die is removed only under the 'remove one die' Scheme, from a pool that has one")
    if (step == "scheme_window") != bool(asked) or (neg is not None and asked):
        raise fail("attempt.asked", "is open only in the Scheme window, before any Scheme is played")
    if neg is not None and not (isinstance(neg, list) and len(neg) == 2 and neg[0] in range(n) and neg[0] != seat
                                and neg[1] in NEGATIVE and not isinstance(neg[0], bool)):
        raise fail("attempt.negative", "should be null or [opponent seat, negative effect]")
    pool, rolled, target, effects, success = a["pool"], a["rolled"], a["target"], a["effects"], a["success"]
    if not isinstance(pool, list) or not all(t in TRAITS for t in pool):
        raise fail("attempt.pool", "should be a list of traits")
    if not isinstance(rolled, list) or not all(isinstance(x, list) and len(x) == 2 and x[0] in TRAITS and x[1] in (0, 1, 2)
                                               and not isinstance(x[1], bool) for x in rolled):
        raise fail("attempt.rolled", "should be [[trait, 0..2]]")
    most = most_dice(state.data)
    if len(pool) > most or len(rolled) > most:
        raise fail("attempt.pool", f"and attempt.rolled hold {len(pool)} and {len(rolled)} dice; a team rolls at most {most} "
                                   "with this game's henchmen, Powers and rooms (MA-106, MA-116, MA-136, MA-184)")
    if not isinstance(target, int) or isinstance(target, bool) or not 0 < target <= 60:
        raise fail("attempt.target", "should be a Target value")
    if not isinstance(effects, list) or len(effects) > MOST_EFFECTS or \
            not all(isinstance(e, list) and len(e) == 1 and e[0] in EFFECTS[:5] for e in effects):
        raise fail("attempt.effects", "should be [[effect]]")
    if ((step == "rolling" and not pool) or (step in ("assign", "scheme_window", "effect", "after_roll", "reroll") and pool)
            or (step in ("assign", "scheme_window", "remove_die", "before_roll") and rolled)):
        raise fail("attempt.pool", f"does not fit {step}")
    _reroll(state, a, step)
    if success is not None and not isinstance(success, bool):
        raise fail("attempt.success", f"should be true, false or null, got {success!r}")
    if (success is None) == (step == "effect") or (step == "effect" and not effects) or (step != "effect" and effects):
        raise fail("attempt.success", f"does not fit {step}")
    later = [e[0] for e in effects]
    if "injure_after" in later and (neg is None or neg[1] != "injure_after" or later.index("injure_after") != len(later) - 1):
        raise fail("attempt.effects", "an Injury after the attempt comes only from that Scheme, last")
    if "cancel_window" in later and later[-2:] != ["cancel_window", "injure_after"]:  # it opened for a Scheme holder
        # (MA-177d), who may have played it since (another positive half, MA-172); without one it is skipped or let pass
        raise fail("attempt.effects", "a cancel window comes just before the Scheme's Injury")
    if step == "effect" and effects[0][0] in ("injured", "captured", "injure_after", "cancel_window") and not [
            m for m in ids if lair.member(m) is not None]:
        raise fail("attempt.effects", "hit a team that has nobody left")


def _cleanup(state: ManiacalState) -> None:
    if state.step in ("salaries", "firing"):
        if not state.queue:
            raise fail("queue", f"should name the players still to act in {state.step}")
        lair = state.lairs[state.queue[0]]
        if state.step == "salaries" and (len(lair.crew) <= lair.money or not lair.crew):
            raise fail("queue", "names a player who can pay every salary")
        if state.step == "firing" and not all(state.lairs[s].crew for s in state.queue):
            raise fail("queue", "names a player with nobody to fire")
    elif state.queue:
        raise fail("queue", f"should be empty in {state.step}")
    if state.step in ("firing", "over", "draft"):
        if any(_kind(state, m.id) == "mercenary" and not m.bodyguard for lair in state.lairs for m in lair.crew):
            raise fail("lairs.crew", f"holds a Mercenary in {state.step}, after they returned to their deck (MA-198)")


def _reroll(state: ManiacalState, a: dict[str, Any], step: str) -> None:
    reroll, used, bonus = a["reroll"], a["lackey_used"], a["bonus"]
    if not isinstance(used, bool) or not isinstance(bonus, int) or isinstance(bonus, bool) or not 0 <= bonus <= 25:
        raise fail("attempt.lackey_used", "should be true/false, and bonus a count of Scheme cards")
    if reroll is None:
        if step == "reroll":
            raise fail("attempt.reroll", f"is missing in {step}")
        return
    if step not in ("reroll", "rolling") or not isinstance(reroll, dict) or set(reroll) != {"limit", "marked"}:
        raise fail("attempt.reroll", f"should be null in {step}, or {{limit, marked}}")
    limit, marked, dice = reroll["limit"], reroll["marked"], len(a["rolled"])
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= max(dice, 1) or not isinstance(marked, list) \
            or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < dice for i in marked) \
            or len(set(marked)) != len(marked) or len(marked) > limit:
        raise fail("attempt.reroll", "marks dice that are not in the roll, or more than its limit")
    if step == "rolling" and len(marked) != len(a["pool"]):
        raise fail("attempt.reroll", "should mark one die for each die being rerolled")
