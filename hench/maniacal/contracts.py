"""Chapter III, Contracts: the Time track, the four actions, the contract attempt from choosing it to
replacing it, negative Schemes, special effects, Special Locations (MA-080 .. MA-201).

An attempt lives in `state.attempt` (a dict) from `attempt X` until the contract is replaced:
seat, slot (continent index), team [[member, trait]], asked (seats still offered the negative-Scheme
window), negative [seat, effect] or None, pool (traits still to roll), rolled [[trait, value]],
target, effects (pending choices [[effect, ...]]), success.
"""

from __future__ import annotations

from .actions import Activate, Assign, Attempt, Choose, Die, Heal, Mark, PlayScheme, Remove, Visit
from .cleanup import is_mercenary, start_cleanup
from .data import CONTINENT_NAMES, CONTINENTS, TRAITS, TYPES
from .state import Lair, ManiacalState, Member
from .table import card, draw_card, draw_scheme, kind_of_member, on_map, remove_member, room, spend, traits_of, who


# -- the Time track ------------------------------------------------------------------------------
def end_action(state: ManiacalState, seat: int) -> None:
    """MA-086, MA-087, MA-088: a token at 0 weeks goes to the leftmost free Player Order space; the phase
    ends once every token has left the Time track."""
    if state.lairs[seat].weeks == 0:
        state.own_item("lairs", seat).weeks = None
        state.next_order = [*state.next_order, seat]  # a new list: a successor shares the old one
        state.say(f"{who(seat)} has used all their time and takes space {len(state.next_order)} of the Player Order track", "MA-086", "MA-087", seats=(seat,))
    state.attempt = None
    state.step = "contract_action"
    for lair in state.lairs:
        if lair.weeks is not None:
            return
    start_cleanup(state)


def pass_turn(state: ManiacalState, seat: int) -> None:
    """MA-200: passing spends all the time left."""
    state.say(f"{who(seat)} passes", "MA-200", "MA-201", seats=(seat,))
    spend(state, seat, state.lairs[seat].time_left())
    end_action(state, seat)


# -- Action rooms ----------------------------------------------------------------------------------
def exhaust(state: ManiacalState, seat: int, by: str) -> None:
    """MA-097, MA-098: the activator (Supervillain or henchman) is exhausted for the round."""
    lair: Lair = state.own_item("lairs", seat)
    if by == lair.sv:
        lair.sv_ready = False
    else:
        lair.update(by, ready=False)


def mercenary_exhausted(state: ManiacalState, seat: int, by: str) -> tuple[str, ...]:
    """The rule to cite when the activator is a Mercenary: it is exhausted like any henchman (none otherwise)."""
    member = state.lairs[seat].member(by)
    return ("MA-197",) if member is not None and is_mercenary(state, member) else ()


def activate_action_room(state: ManiacalState, seat: int, action: Activate) -> None:
    """MA-095 .. MA-100: pay the room's weeks, exhaust the activator, the effect happens at once."""
    lair: Lair = state.own_item("lairs", seat)
    r = room(state, action.room)
    exhaust(state, seat, action.by)
    lair.used.append(r.id)
    spend(state, seat, r.weeks)
    state.say(f"{who(seat)} activates {r.name} with {_name(state, action.by)} ({r.weeks} week)", "MA-095", "MA-097",
              *mercenary_exhausted(state, seat, action.by), seats=(seat,))
    if r.effect == "infamy_per_type":  # MA-101
        count = sum(kind_of_member(state, m) == r.param for m in lair.crew)
        lair.infamy += 2 * count
        state.say(f"{who(seat)} gains {2 * count} Infamy ({count} {r.param} henchmen)", "MA-101", seats=(seat,))
    elif r.effect == "gain_money":
        lair.money += 3
        state.say(f"{who(seat)} gains $3", "MA-099", seats=(seat,))
    elif r.effect == "draw_scheme":
        draw_scheme(state, seat)
    elif r.effect == "refresh_henchman" and refreshable(state, seat):
        state.attempt = {"kind": "room", "seat": seat, "effects": [["refresh"]]}
        state.step = "effect"
        return
    end_action(state, seat)


def refreshable(state: ManiacalState, seat: int) -> list[str]:
    return [m.id for m in state.lairs[seat].crew if not m.ready]


def _name(state: ManiacalState, card_id: str) -> str:
    return state.data.cards[card_id].name


# -- Special Locations -----------------------------------------------------------------------------
def visit(state: ManiacalState, seat: int, action: Visit) -> None:
    """MA-190 .. MA-193: 2 weeks, nobody is exhausted."""
    lair: Lair = state.own_item("lairs", seat)
    spend(state, seat, state.data.tables["times"]["visit"])
    if action.place == "underground":
        state.say(f"{who(seat)} visits The Underground", "MA-190", "MA-191", "MA-161", seats=(seat,))
        draw_scheme(state, seat)  # MA-191
    elif action.place == "lounge":
        merc = draw_card(state, "mercenaries")  # MA-193 (AMB-26: always one if the deck is not empty)
        lair.crew.append(Member(merc))
        state.say(f"{who(seat)} visits Lucifer's Lounge and hires {_name(state, merc)}", "MA-190", "MA-193", "MA-066", seats=(seat,))
    else:
        state.say(f"{who(seat)} visits Hoodlum Hospital", "MA-190", "MA-192", seats=(seat,))
        state.attempt = {"kind": "hospital", "seat": seat}
        state.step = "hospital"
        return
    end_action(state, seat)


def heal(state: ManiacalState, seat: int, action: Heal) -> None:
    """MA-192: $2 to the bank removes one Injury token."""
    lair: Lair = state.own_item("lairs", seat)
    lair.money -= state.data.tables["times"]["hospital_fee"]
    lair.update(action.member, injuries=lair.crew_member(action.member).injuries - 1)
    state.say(f"{who(seat)} pays ${state.data.tables['times']['hospital_fee']} to heal {_name(state, action.member)}", "MA-192", seats=(seat,))


# -- the contract attempt --------------------------------------------------------------------------
def contract_cost(state: ManiacalState, seat: int, continent: str) -> int:
    """MA-109: the weeks printed on the player's Supervillain card for that continent."""
    return state.data.cards[state.lairs[seat].sv].costs[CONTINENTS.index(continent)]


def can_join(state: ManiacalState, m: Member) -> bool:
    """MA-107, MA-125, MA-143: only ready, uninjured henchmen join a team."""
    return m.ready and m.injuries == 0


def start_attempt(state: ManiacalState, seat: int, action: Attempt) -> None:
    """MA-107: choose the contract; the team is assigned next."""
    slot = CONTINENTS.index(action.continent)
    c = on_map(state, slot)
    state.attempt = {"kind": "contract", "seat": seat, "slot": slot, "team": [], "asked": [], "negative": None,
                     "pool": [], "rolled": [], "target": c.target, "effects": [], "success": None,
                     "lackey_used": False, "reroll": None, "bonus": 0}
    state.step = "assign"
    state.say(f"{who(seat)} attempts the {c.difficulty} contract in {CONTINENT_NAMES[slot]} "
              f"(team {c.team}, {c.trait} recommended)", "MA-107", "MA-106", seats=(seat,))


def assign(state: ManiacalState, seat: int, action: Assign) -> None:
    """MA-107, MA-152: add one member (a Lackey with the one trait it uses); a full team opens the Scheme window."""
    a = state.own("attempt")
    a["team"] = [*a["team"], [action.member, action.trait]]
    state.say(f"{who(seat)} assigns {_name(state, action.member)}" + (f" using {action.trait}" if action.trait else ""), "MA-107", "MA-152", "MA-006", "MA-068", seats=(seat,))
    if len(a["team"]) == on_map(state, a["slot"]).team:
        n = len(state.lairs)  # MA-168 (AMB-13): opponents clockwise from the active player's left; MA-169
        a["asked"] = [(seat + k) % n for k in range(1, n) if state.lairs[(seat + k) % n].schemes]
        state.step = "scheme_window"  # MA-108: the team is assigned, opponents may play a negative Scheme
        if not a["asked"]:
            pay_and_reveal(state)


def play_negative(state: ManiacalState, seat: int, action: PlayScheme) -> None:
    """MA-165 .. MA-171, MA-176: one negative Scheme per attempt; its player gains 2 Infamy; the card is discarded."""
    lair: Lair = state.own_item("lairs", seat)
    lair.schemes.remove(action.scheme)
    state.own_item("decks", "scheme_discard").append(action.scheme)
    effect = state.data.cards[action.scheme].negative
    lair.infamy += 2
    a = state.own("attempt")
    a["negative"] = [seat, effect]
    a["asked"] = []  # MA-167, MA-168: the window closes
    state.say(f"{who(seat)} plays a Scheme against the attempt: {effect.replace('_', ' ')} (+2 Infamy)", "MA-165", "MA-170", "MA-171", seats=(seat, state.ongoing["seat"]))
    pay_and_reveal(state)


def decline(state: ManiacalState, seat: int) -> None:
    a = state.own("attempt")
    a["asked"] = a["asked"][1:]
    state.say(f"{who(seat)} plays no Scheme", "MA-166", seats=(seat,))
    if not state.ongoing["asked"]:
        pay_and_reveal(state)


def negative(state: ManiacalState) -> str:
    neg = state.ongoing["negative"]
    return neg[1] if neg else ""


def pay_and_reveal(state: ManiacalState) -> None:
    """AMB-11: pay the time (+1 week under that Scheme, as much as is left), flip the contract (MA-111),
    build the dice pool (MA-116, MA-152, MA-184)."""
    a = state.own("attempt")
    seat, c = a["seat"], on_map(state, a["slot"])
    weeks = contract_cost(state, seat, CONTINENTS[a["slot"]]) + (negative(state) == "extra_week")
    spend(state, seat, weeks)
    a["target"] = c.target + (2 if negative(state) == "target_plus_two" else 0)  # MA-170a
    pool: list[str] = []
    lair = state.lairs[seat]
    for member, trait in a["team"]:
        traits = traits_of(state, lair.crew_member(member))
        for i, t in enumerate(TRAITS):
            if not trait or trait == t:  # MA-152, MA-154: a Lackey rolls only its chosen trait
                pool += [t] * traits[i]  # MA-061, MA-115: one die of its trait colour per trait point
    a["pool"] = sorted(pool, key=TRAITS.index)
    state.say(f"{who(seat)} spends {weeks} weeks; the contract is {c.name}: Target {a['target']}, "
              f"{len(pool)} dice ({_pool_text(a['pool'])}); success pays +{c.success[0]} Infamy and ${c.success[1]}, "
              f"failure +{c.failure[0]} Infamy and ${c.failure[1]}", "MA-109", "MA-111", "MA-116", "MA-121", "MA-122", seats=(seat,))
    # MA-170b: the Scheme's player chooses the die to take out (the text does not say who; it is their card)
    state.step = "remove_die" if negative(state) == "remove_die" and pool else "before_roll"


def remove_die(state: ManiacalState, seat: int, action: Remove) -> None:
    """MA-170b: one die of the chosen trait leaves the pool before the roll, even the last one."""
    a = state.own("attempt")
    pool = list(a["pool"])
    pool.remove(action.trait)
    a["pool"] = pool
    state.step = "before_roll"
    state.say(f"{who(seat)}'s Scheme takes a {action.trait} die out of the pool: {len(pool)} dice left", "MA-170",
              seats=(seat, a["seat"]))


def _pool_text(pool: list[str]) -> str:
    return ", ".join(f"{pool.count(t)} {t}" for t in TRAITS if t in pool) or "none"


def activate_contract_room(state: ManiacalState, seat: int, action: Activate) -> None:
    """MA-130 .. MA-136: no time; exhaust the activator; Cloaks & Costumes adds one die of the chosen trait."""
    r = room(state, action.room)
    exhaust(state, seat, action.by)  # MA-134: any number of Contract rooms, each with its own activator
    state.own_item("lairs", seat).used.append(r.id)
    if r.effect == "reroll_two":
        state.say(f"{who(seat)} activates {r.name} with {_name(state, action.by)}: reroll up to 2 dice", "MA-130", "MA-131",
                  *mercenary_exhausted(state, seat, action.by), seats=(seat,))
        start_reroll(state, 2)
        return
    a = state.own("attempt")
    a["pool"] = sorted([*a["pool"], action.trait], key=TRAITS.index)  # MA-132: at once; MA-134: more rooms may follow
    state.say(f"{who(seat)} activates {r.name} with {_name(state, action.by)}: +1 {action.trait} die", "MA-136", "MA-131",
              *mercenary_exhausted(state, seat, action.by), seats=(seat,))


def roll(state: ManiacalState, seat: int) -> None:
    """MA-116, MA-117: roll the whole pool (one chance node per die; no dice limit), or the dice marked to reroll."""
    a = state.own("attempt")
    if state.step == "reroll":
        a["pool"] = [a["rolled"][i][0] for i in a["reroll"]["marked"]]
        state.say(f"{who(seat)} rerolls {len(a['pool'])} dice", "MA-153", "MA-177", seats=(seat,))
        if not a["pool"]:
            a["reroll"] = None
            state.step = "after_roll"
            return
    else:
        state.say(f"{who(seat)} rolls {len(a['pool'])} dice ({_pool_text(a['pool'])})", "MA-116", "MA-117", seats=(seat,))
    state.step = "rolling" if a["pool"] else "after_roll"


def die_value(state: ManiacalState, trait: str, face: str) -> int:
    """MA-118, MA-119: the face's successes; the icon counts double on the recommended trait (M-01)."""
    _, icon, icon_matching = state.data.tables["dice"]
    if face == "icon":
        return icon_matching if trait == on_map(state, state.ongoing["slot"]).trait else icon
    return _FACE_VALUES[face]


_FACE_VALUES = {"blank": 0, "1": 1, "2": 2}


def rolled(state: ManiacalState, action: Die) -> None:
    """MA-116, MA-118: the die comes up `action.face` and adds its successes (the icon: MA-119)."""
    a = state.attempt
    if a is None:
        raise ValueError("a die rolls only during an attempt")
    a = state.attempt = {**a}  # a new record for this state (one step cheaper than `own`: every die)
    pool = a["pool"]
    trait = pool[0]
    a["pool"] = pool[1:]
    value = _FACE_VALUES.get(action.face)
    if value is None:  # the icon (MA-119)
        value = die_value(state, trait, action.face)
    r = a["reroll"]
    if r:
        marked = r["marked"]
        rolled = a["rolled"][:]
        rolled[marked[0]] = [trait, value]
        a["rolled"], a["reroll"] = rolled, {**r, "marked": marked[1:]}
    else:
        a["rolled"] = [*a["rolled"], [trait, value]]
    if not a["pool"]:
        a["reroll"] = None
        state.step = "after_roll"


def successes(state: ManiacalState) -> int:
    return sum(v for _, v in state.ongoing["rolled"])


def start_reroll(state: ManiacalState, limit: int) -> None:
    """MA-153 (any number, once), MA-177a (up to 3), a reroll room (up to 2): mark the dice, then roll them."""
    a = state.own("attempt")
    a["reroll"] = {"limit": min(limit, len(a["rolled"])), "marked": []}
    state.step = "reroll"


def lackey_reroll(state: ManiacalState, seat: int) -> None:
    """MA-153 (AMB-22): once per contract, any of the rolled dice."""
    state.own("attempt")["lackey_used"] = True
    state.say(f"{who(seat)} uses the Lackey's reroll", "MA-153", seats=(seat,))
    start_reroll(state, len(state.ongoing["rolled"]))


def mark(state: ManiacalState, seat: int, action: Mark) -> None:
    """MA-153, MA-177: one more die to reroll."""
    a = state.own("attempt")
    r = a["reroll"]
    a["reroll"] = {**r, "marked": [*r["marked"], action.die - 1]}
    trait, value = a["rolled"][action.die - 1]
    state.say(f"{who(seat)} marks die {action.die} ({trait}, {value}) to reroll", "MA-153", "MA-177", seats=(seat,))


def lackey_on_team(state: ManiacalState) -> bool:
    a = state.ongoing
    lair = state.lairs[a["seat"]]
    return any(lair.member(m) is not None and card(state, m).type == "lackey" for m, _ in a["team"])


# -- positive Schemes --------------------------------------------------------------------------------
def max_weeks(state: ManiacalState) -> int:
    """AMB-31: the round's starting value on its Time track."""
    return state.data.tables["time_track"][state.round - 1]


def play_positive(state: ManiacalState, seat: int, action: PlayScheme) -> None:
    """MA-172 .. MA-177: a positive Scheme costs no time and is discarded; several may follow one another."""
    lair: Lair = state.own_item("lairs", seat)
    lair.schemes.remove(action.scheme)
    state.own_item("decks", "scheme_discard").append(action.scheme)
    effect = state.data.cards[action.scheme].positive
    state.say(f"{who(seat)} plays a Scheme: {effect.replace('_', ' ')}", "MA-172", "MA-177", "MA-173", "MA-175", seats=(seat,))
    if effect == "reroll_three":
        start_reroll(state, 3)
    elif effect == "failure_bonus":
        state.own("attempt")["bonus"] += 1
    elif effect == "gain_two_weeks":
        lair.weeks = min(max_weeks(state), lair.time_left() + 2)
        state.counter += 1
        lair.placed = state.counter
    elif effect == "refresh_henchman":
        lair.update(action.member, ready=True)
        if state.step == "effect":  # a refresh room's effect may have nobody left to refresh (MA-172)
            next_effect(state)
    else:  # cancel_harm (MA-177d): the Injured or Captured effect, or the Scheme's Injury that follows the window
        a = state.own("attempt")
        effects = a["effects"]
        a["effects"] = effects[2:] if effects[0][0] == "cancel_window" else effects[1:]
        next_effect(state)


def let_it_pass(state: ManiacalState, seat: int) -> None:
    """No cancel: the opponent's Scheme Injury goes ahead."""
    a = state.own("attempt")
    a["effects"] = a["effects"][1:]
    state.say(f"{who(seat)} does not cancel the Injury", "MA-177", seats=(seat,))
    next_effect(state)


def resolve(state: ManiacalState) -> None:
    """MA-120 .. MA-123: compare successes with the Target; collect the rewards; queue the special effects."""
    a = state.own("attempt")
    seat, lair, c = a["seat"], state.own_item("lairs", a["seat"]), on_map(state, a["slot"])
    total = successes(state)
    a["success"] = total >= a["target"]
    infamy, money, effect = c.success if a["success"] else c.failure
    if not a["success"] and a["bonus"]:  # MA-177e
        infamy, money = infamy + 2 * a["bonus"], money + 2 * a["bonus"]
    lair.infamy += infamy  # MA-003: Infamy comes mainly from contracts
    lair.money += money  # MA-029: from the bank, which never runs out
    state.say(f"{who(seat)} rolls {total} successes against Target {a['target']}: "
              f"{'success' if a['success'] else 'failure'}, +{infamy} Infamy, +${money}", "MA-120", "MA-121", "MA-122",
              seats=(seat,))
    if a["success"] and negative(state) == "steal_three":  # MA-170e, AMB-28
        thief = a["negative"][0]
        taken = min(state.data.tables["times"]["steal"], lair.money)
        lair.money -= taken
        state.own_item("lairs", thief).money += taken
        state.say(f"{who(thief)}'s Scheme takes ${taken} from {who(seat)}", "MA-170", "AMB-28", seats=(thief, seat))
    effects = a["effects"][:]  # a new list: a successor shares the old one; MA-140: the contract's special effect
    if effect == "scheme":
        draw_scheme(state, seat)  # MA-145
    elif effect in ("injured", "captured"):
        effects.append([effect])  # MA-141, MA-142
    elif effect == "power":
        effects.append(["power"])  # MA-146, MA-180
    if negative(state) == "injure_after":  # MA-170d: after the active player's effects
        if asked_to_cancel(state, seat):
            effects.append(["cancel_window"])  # MA-177d: the active player may cancel it first
        effects.append(["injure_after"])
    a["effects"] = effects
    state.step = "effect"
    next_effect(state)


def targets(state: ManiacalState) -> list[str]:
    """Who the pending effect may hit: a team member (Captured, Injured), any own henchman (Power, AMB-21),
    an exhausted henchman (refresh)."""
    a = state.ongoing
    effect = a["effects"][0][0]
    lair = state.lairs[a["seat"]]
    if effect == "power":
        return [m.id for m in lair.crew]
    if effect == "refresh":
        return [m.id for m in lair.crew if not m.ready]
    return [member for member, _ in a["team"] if lair.member(member) is not None]


def asked_to_cancel(state: ManiacalState, seat: int) -> bool:
    """MA-177d, MA-162: the window to cancel the Scheme's Injury opens for a player holding any Scheme card (how
    many is public, which is not), so that it tells the others nothing; without a cancel, 'no scheme' closes it."""
    return bool(state.lairs[seat].schemes)


def next_effect(state: ManiacalState) -> None:
    """Skip effects with nobody to hit (or no Power card left, M-16); finish when none are pending."""
    a = state.own("attempt")
    while a["effects"]:
        effect = a["effects"][0][0]
        if effect == "cancel_window":
            if asked_to_cancel(state, a["seat"]) and [m for m, _ in a["team"] if state.lairs[a["seat"]].member(m)]:
                return
        elif effect == "power" and not state.decks["powers"] and not state.decks["power_discard"]:
            state.say("no Power card is left", "MA-180")
        elif targets(state):
            return
        a["effects"] = a["effects"][1:]
    finish(state)


def choose(state: ManiacalState, action: Choose) -> None:
    """MA-141 (captured: removed from the game, MA-183, MA-196), MA-142/MA-144 (an Injury token),
    MA-180/MA-181 (a Power attached), MA-170d, and a refresh (an Action room)."""
    a = state.own("attempt")
    effect = a["effects"][0][0]
    a["effects"] = a["effects"][1:]
    lair: Lair = state.own_item("lairs", a["seat"])
    m = lair.crew_member(action.member)
    if effect == "captured":
        remove_member(state, lair, m)
        state.say(f"{_name(state, m.id)} is captured and leaves the game", "MA-141", "MA-183", seats=(a["seat"],))
    elif effect in ("injured", "injure_after"):
        lair.update(m.id, injuries=m.injuries + 1)  # MA-014: a token from the supply
        state.say(f"{_name(state, m.id)} is injured", "MA-142", "MA-144", seats=(a["seat"],))
    elif effect == "power":
        power = draw_card(state, "powers", "power_discard")
        lair.update(m.id, powers=(*m.powers, power))  # MA-182: one more Power; MA-185: a Lackey too
        state.say(f"{_name(state, m.id)} gains the Power {_name(state, power)}", "MA-146", "MA-180", seats=(a["seat"],))
    else:
        lair.update(m.id, ready=True)
        state.say(f"{_name(state, m.id)} is refreshed", "MA-099", seats=(a["seat"],))
    next_effect(state)


def after_resolving_is_own(state: ManiacalState, seat: int) -> bool:
    """MA-172, MA-174: whether the moment after resolving a contract needs a step of its own: when the contract used
    the last weeks (the token leaves the track, MA-086) or another token is now further left (it acts next,
    MA-083). Otherwise the player acts next anyway, and its Schemes are open on that turn."""
    return state.lairs[seat].weeks == 0 or state.active_seat() != seat


def finish(state: ManiacalState) -> None:
    """MA-124 .. MA-126: exhaust the team (not the captured), discard the contract, deal a new one of the same
    difficulty face down on the freed continent."""
    a = state.ongoing
    seat = a["seat"]
    if a["kind"] == "contract":
        lair: Lair = state.own_item("lairs", seat)
        for member, _ in a["team"]:
            if lair.member(member) is not None:
                lair.update(member, ready=False)
        old = on_map(state, a["slot"])
        state.own_item("decks", f"{old.difficulty}_discard").append(old.id)
        new = draw_card(state, old.difficulty, f"{old.difficulty}_discard")
        state.map = state.map[:]  # a new list: a successor shares the old one
        state.map[a["slot"]] = new
        state.say(f"a new {old.difficulty} contract is placed face down in {CONTINENT_NAMES[a['slot']]}", "MA-126")
        if state.lairs[seat].schemes and after_resolving_is_own(state, seat):  # MA-172, MA-174: the moment after
            state.attempt = {"kind": "after", "seat": seat}  # (its Schemes' count and the weeks are public, MA-162)
            state.step = "after_contract"
            return
    end_action(state, seat)


__all__ = ["TYPES"]
