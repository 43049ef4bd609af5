"""Duels (HM-052..HM-070, HM-096, HM-102/103, HM-092) and tie-break duels (HM-080..HM-084).

The duel record `state.duel` holds: att, dfn (seats), glove, guard, aw, dw (card ids or None),
aw_done (the Attacker has declared), hits, wounds, mod (the open modifier window), step, tb
(a tie-break duel). Steps: guard_window -> attacker_weapon -> defender_weapon -> attack_roll ->
defense_roll -> modifier_window -> outcome. With the option guard_timing="after_weapon" the
Attacker declares before the guard window, so a Guard sends the laid weapon back (HM-103).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hench.core import CHANCE

from . import flow
from .actions import Action

if TYPE_CHECKING:  # pragma: no cover
    from .state import HMState


def new_duel(att: int, dfn: int, glove: int | None, step: str, tb: bool = False) -> dict[str, Any]:
    return {"att": att, "dfn": dfn, "glove": glove, "guard": None, "aw": None, "dw": None, "aw_done": False,
            "hits": 0, "wounds": 0, "mod": None, "step": step, "tb": tb}


def set_step(s: "HMState", step: str, actor: int) -> None:
    s.duel["step"] = step
    if not s.duel["tb"]:
        s.stage = step
    s.actor = actor


def start_duel(s: "HMState", att: int, dfn: int, glove: int) -> None:
    """HM-052/053: the Glove makes an Attacker; the Defender cannot refuse."""
    first = "guard_window" if s.opts["guard_timing"] == "after_glove" else "attacker_weapon"
    s.duel = new_duel(att, dfn, glove, first)
    set_step(s, first, dfn if first == "guard_window" else att)


def do_guard(s: "HMState", a: Action) -> None:
    """HM-102/103 (M14): the Guard cancels the duel; a laid Armory card goes back to the Attacker's hand."""
    d = s.duel
    cid = next(c for c in s.hands[d["dfn"]] if s.data.deck[c].effect == "guard")
    s.hands[d["dfn"]].remove(cid)
    if d["aw"] is not None:
        s.hands[d["att"]].append(d["aw"])
        s.log(f"P{d['att']} takes the {s.name(d['aw'])} back")
    flow.discard(s, cid)
    flow.discard(s, d["glove"])
    s.log(f"P{d['dfn']} plays a Guard: the duel is off, no points move")
    end_duel(s)


def do_noguard(s: "HMState", a: Action) -> None:
    d = s.duel
    if d["aw_done"]:
        set_step(s, "defender_weapon", d["dfn"])
    else:
        set_step(s, "attacker_weapon", d["att"])


def do_weapon(s: "HMState", a: Action) -> None:
    """HM-054/055/056: one Armory card or bare hands, the Attacker first."""
    d, me = s.duel, s.actor
    cid = flow.take_from(s, s.hands[me], a.card) if a.card is not None else None
    s.log(f"P{me} fights with the {a.card}" if a.card else f"P{me} fights bare-handed")
    if s.duel["step"] == "attacker_weapon":
        d["aw"], d["aw_done"] = cid, True
        if s.opts["guard_timing"] == "after_weapon":
            set_step(s, "guard_window", d["dfn"])
        else:
            set_step(s, "defender_weapon", d["dfn"])
    else:
        d["dw"] = cid
        set_step(s, "attack_roll", CHANCE)


def bare_bonus(s: "HMState", seat: int) -> int:
    t = s.trumps[seat]
    return s.data.deck[t].points if t is not None and s.data.deck[t].effect == "bare_hands_bonus" else 0


def attack_value(s: "HMState") -> int:
    """HM-058/059: the weapon's Attack value, or the bare-hands value (M2)."""
    d = s.duel
    if d["aw"] is not None:
        return s.data.deck[d["aw"]].attack
    return max(1, s.data.values["bare_hands_attack"] - bare_bonus(s, d["att"]))


def defense_value(s: "HMState") -> int:
    """HM-061/062: the weapon's Defense value, or the bare-hands value (M3)."""
    d = s.duel
    if d["dw"] is not None:
        return s.data.deck[d["dw"]].defense
    return max(1, s.data.values["bare_hands_defense"] - bare_bonus(s, d["dfn"]))


def do_roll(s: "HMState", a: Action) -> None:
    d = s.duel
    if d["step"] == "attack_roll":
        d["hits"] = sum(1 for x in a.dice if x >= attack_value(s))  # HM-058 (A1)
        s.log(f"attack dice {' '.join(map(str, a.dice))}: {d['hits']} hit(s) at {attack_value(s)}+")
        if d["hits"]:
            set_step(s, "defense_roll", CHANCE)
        else:
            outcome(s)  # HM-060: no hit, no defense roll
        return
    parries = sum(1 for x in a.dice if x >= defense_value(s))  # HM-061
    d["wounds"] = d["hits"] - parries
    s.log(f"defense dice {' '.join(map(str, a.dice))}: {parries} parried at {defense_value(s)}+, {d['wounds']} wound(s)")
    open_windows(s)


def open_windows(s: "HMState") -> None:
    """HM-096: the Defender's Apothecary; HM-092: other players' Courtesans (not in tie-breaks)."""
    d = s.duel
    s.queue = []
    if d["wounds"] and s.has_fresh(d["dfn"], "apothecary") is not None:
        s.queue.append([d["dfn"], "apothecary"])
    if d["wounds"] and not d["tb"]:
        s.queue += [[o, "courtesan"] for o in s.seats_from(d["att"])
                    if o not in (d["att"], d["dfn"]) and s.has_fresh(o, "courtesan") is not None]
    next_window(s)


def next_window(s: "HMState") -> None:
    d = s.duel
    if s.queue and d["wounds"]:
        seat, d["mod"] = s.queue[0]
        set_step(s, "modifier_window", seat)
    else:
        s.queue, d["mod"] = [], None
        outcome(s)


def do_window(s: "HMState", a: Action) -> None:
    """Use or decline an Apothecary / Courtesan: each cancels one wound and turns (HM-036)."""
    d = s.duel
    seat, what = s.queue.pop(0)
    if not a.kind.startswith("no"):
        s.exhausted.add(s.has_fresh(seat, what))
        d["wounds"] -= 1
        s.log(f"P{seat}'s {what.title()} cancels a wound ({d['wounds']} left)")
    next_window(s)


def outcome(s: "HMState") -> None:
    if s.duel["tb"]:
        tiebreak_leg_done(s)
        return
    d, v = s.duel, s.data.values
    att, dfn, wounds = d["att"], d["dfn"], d["wounds"]
    if wounds >= 1:  # HM-063/065/066
        bonus = s.data.deck[s.trumps[att]].points if s.trump_effect(att) == "duel_bonus" else 0
        flow.add_points(s, att, v["attacker_win_points"] + bonus)
        flow.add_points(s, dfn, -v["defender_loss_per_wound"] * wounds)
        s.log(f"P{att} wins the duel: +{v['attacker_win_points'] + bonus}; P{dfn} -{v['defender_loss_per_wound'] * wounds}")
    else:  # HM-063/067/068
        flow.add_points(s, dfn, v["defender_win_points"])
        flow.add_points(s, att, -v["attacker_loss"])
        s.log(f"P{dfn} wins the duel: +{v['defender_win_points']}; P{att} -{v['attacker_loss']}")
    for cid in (d["glove"], d["aw"], d["dw"]):  # HM-069: duel cards back to their own sites' discards
        if cid is not None:
            flow.discard(s, cid)
    end_duel(s)


def end_duel(s: "HMState") -> None:
    s.turn = s.duel["att"]
    s.duel = None
    flow.next_turn(s)


# -- tie-break duels ---------------------------------------------------------------------------
def start_tiebreak(s: "HMState", first: int, second: int) -> None:
    """HM-080/081 (A5): the tied player first clockwise from the Badge attacks first, bare-handed."""
    s.tiebreak = {"pair": [first, second], "wounds": [0, 0], "leg": 0, "round": 1}
    s.stage = "tiebreak_duels"
    s.log(f"P{first} and P{second} tie for the lead: tie-break duels")
    start_leg(s)


def start_leg(s: "HMState") -> None:
    tb = s.tiebreak
    att, dfn = tb["pair"][tb["leg"]], tb["pair"][1 - tb["leg"]]
    s.duel = new_duel(att, dfn, None, "attack_roll", tb=True)
    s.duel["aw_done"] = True
    s.actor = CHANCE


def tiebreak_leg_done(s: "HMState") -> None:
    """HM-082: more wounds over the two fights wins; HM-084: equal means another pair of duels."""
    tb, d = s.tiebreak, s.duel
    tb["wounds"][tb["leg"]] += d["wounds"]
    s.log(f"tie-break: P{d['att']} inflicts {d['wounds']} wound(s)")
    if tb["leg"] == 0:
        tb["leg"] = 1
        start_leg(s)
        return
    w0, w1 = tb["wounds"]
    if w0 == w1:
        tb.update(wounds=[0, 0], leg=0, round=tb["round"] + 1)
        s.log("tie-break wounds are equal: another pair of duels")
        start_leg(s)
        return
    s.duel = None
    flow.finish(s, tb["pair"][0] if w0 > w1 else tb["pair"][1])
