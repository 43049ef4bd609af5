"""Legality: the legal-action generator and the checks table (one rule per check, cited in its docstring)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from hench.core import CheckTable, Violation
from hench.core.legality import kind_of

from .actions import (
    PLACES,
    Activate,
    Assign,
    Attempt,
    Choose,
    Decline,
    Dismiss,
    Done,
    Fire,
    Heal,
    Keep,
    MAAction,
    Mark,
    NoScheme,
    Pass,
    Pick,
    PlayScheme,
    Recruit,
    Remove,
    Reroll,
    Roll,
    Visit,
)
from .cleanup import is_mercenary, mercenaries_unpaid
from .contracts import can_join, contract_cost, lackey_on_team, max_weeks, targets
from .data import CONTINENTS, TRAITS
from .phases import CONTRACT_STEPS, PHASES
from .state import Lair, ManiacalState
from .table import card, on_map, room

A = TypeVar("A", bound=MAAction)


# -- the generator ------------------------------------------------------------------------------
# Every action the generator hands out is built once and shared (actions are frozen values): a playout
# then spends no time building dataclasses. Keys are card ids (and traits), so the caches stay small.
class _Made(dict[Hashable, A]):
    """key -> action, built on first use by `make(key)` (a tuple key is passed as the arguments)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[..., A]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Hashable) -> A:
        made = self[key] = self.make(*key) if type(key) is tuple else self.make(key)
        return made


_BUILD, _SELL = _Made(lambda r: Pick(r, True)), _Made(lambda r: Pick(r, False))
_ACTIVATE = _Made(Activate)  # (room, by) or (room, by, trait)
_ATTEMPT = {c: Attempt(c) for c in CONTINENTS}
_VISIT = {p: Visit(p) for p in PLACES}
_SCHEME = _Made(PlayScheme)  # scheme or (scheme, member)
_ASSIGN = _Made(Assign)  # member or (member, trait)
_MARK = _Made(Mark)
_REMOVE = {t: Remove(t) for t in TRAITS}
_CHOOSE, _HEAL, _DISMISS, _FIRE = _Made(Choose), _Made(Heal), _Made(Dismiss), _Made(Fire)
_PASS, _ROLL, _DONE, _NO_SCHEME, _REROLL, _KEEP = Pass(), Roll(), Done(), NoScheme(), Reroll(), Keep()


def legal_actions(state: ManiacalState) -> list[MAAction]:
    """The moves open to the seat to act, by step (MA-041, MA-090, ...; each generator below)."""
    seat = state.current_player  # state.seat_to_act(), inlined (the hot path)
    if seat is None or seat < 0:
        raise ValueError(f"no player acts in {state.step}")
    return _GENERATORS[state.step](state, seat)


def _draft(state: ManiacalState, seat: int) -> list[MAAction]:
    lair = state.lairs[seat]
    cards, money = state.data.cards, lair.money
    out: list[MAAction] = []
    for r in lair.hand:
        if money >= cards[r].cost:
            out.append(_BUILD[r])
        out.append(_SELL[r])
    return out


def _activators(lair: Lair, team: set[str] | tuple[()]) -> list[str]:
    out = [lair.sv] if lair.sv_ready else []
    out += [m.id for m in lair.crew if m.ready and m.id not in team]
    return out


def _contract_action(state: ManiacalState, seat: int) -> list[MAAction]:
    lair = state.lairs[seat]
    cards, weeks = state.data.cards, lair.time_left()
    out: list[MAAction] = []
    by = None
    for r in lair.rooms:
        rm = cards[r]
        if rm.kind == "action" and r not in lair.used and weeks >= rm.weeks:
            if by is None:
                by = _activators(lair, ())
            out += [_ACTIVATE[r, b] for b in by]
    ready = 0
    for m in lair.crew:
        if m.ready and m.injuries == 0:  # can_join
            ready += 1
    costs, contracts = cards[lair.sv].costs, state.map
    for i, continent in enumerate(CONTINENTS):  # contract_cost
        if weeks >= costs[i] and ready >= cards[contracts[i]].team:
            out.append(_ATTEMPT[continent])
    if weeks >= state.data.tables["times"]["visit"]:
        lounge = bool(dict.__getitem__(state.decks, "mercenaries"))
        out += [_VISIT[p] for p in PLACES if p != "lounge" or lounge]
    if lair.schemes:
        out += _positives(state, lair, ("gain_two_weeks", "refresh_henchman"))
    out.append(_PASS)
    return out


def _positives(state: ManiacalState, lair: Lair, effects: tuple[str, ...]) -> list[PlayScheme]:
    """MA-172, MA-177: the positive halves usable now."""
    out: list[PlayScheme] = []
    cards = state.data.cards
    for s in lair.schemes:
        effect = cards[s].positive
        if effect not in effects:
            continue
        if effect == "refresh_henchman":
            out += [_SCHEME[s, m.id] for m in lair.crew if not m.ready]
        elif effect != "gain_two_weeks" or lair.time_left() < max_weeks(state):
            out.append(_SCHEME[s])
    return out


def _team(state: ManiacalState) -> set[str]:
    return {m for m, _ in state.ongoing["team"]}


def _assign(state: ManiacalState, seat: int) -> list[MAAction]:
    team = _team(state)
    cards = state.data.cards
    out: list[MAAction] = []
    for m in state.lairs[seat].crew:
        if m.ready and m.injuries == 0 and m.id not in team:  # can_join
            if cards[m.id].type == "lackey":
                out += [_ASSIGN[m.id, t] for t in TRAITS]
            else:
                out.append(_ASSIGN[m.id])
    if state.lairs[seat].schemes:  # MA-172: the active player, before resolving the contract
        out += _positives(state, state.lairs[seat], ("gain_two_weeks", "refresh_henchman"))
    return out


def _scheme_window(state: ManiacalState, seat: int) -> list[MAAction]:
    out: list[MAAction] = [_SCHEME[s] for s in state.lairs[seat].schemes]
    out.append(_NO_SCHEME)
    return out


def _remove_die(state: ManiacalState, seat: int) -> list[MAAction]:
    """MA-170b: one die of each trait still in the pool."""
    pool = state.ongoing["pool"]
    return [_REMOVE[t] for t in TRAITS if t in pool]


def _before_roll(state: ManiacalState, seat: int) -> list[MAAction]:
    lair = state.lairs[seat]
    cards = state.data.cards
    out: list[MAAction] = []
    by = None
    for r in lair.rooms:
        rm = cards[r]
        if rm.kind == "contract" and rm.effect == "extra_die" and r not in lair.used:
            if by is None:
                by = _activators(lair, _team(state))
            out += [_ACTIVATE[r, b, t] for b in by for t in TRAITS]
    if lair.schemes:
        out += _positives(state, lair, ("gain_two_weeks", "refresh_henchman"))
    out.append(_ROLL)
    return out


def _after_roll(state: ManiacalState, seat: int) -> list[MAAction]:
    lair, a = state.lairs[seat], state.ongoing
    out: list[MAAction] = []
    if a["rolled"]:
        cards = state.data.cards
        by = None
        for r in lair.rooms:
            rm = cards[r]
            if rm.kind == "contract" and rm.effect == "reroll_two" and r not in lair.used:
                if by is None:
                    by = _activators(lair, _team(state))
                out += [_ACTIVATE[r, b] for b in by]
        if not a["lackey_used"] and lackey_on_team(state):
            out.append(_REROLL)
    if lair.schemes:
        out += _positives(state, lair, ("reroll_three", "failure_bonus", "gain_two_weeks", "refresh_henchman")
                          if a["rolled"] else ("failure_bonus", "gain_two_weeks", "refresh_henchman"))
    out.append(_DONE)
    return out


def _reroll(state: ManiacalState, seat: int) -> list[MAAction]:
    a = state.ongoing
    r = a["reroll"]
    marked = r["marked"]
    out: list[MAAction] = []
    if len(marked) < r["limit"]:
        out += [_MARK[i + 1] for i in range(len(a["rolled"])) if i not in marked]
    out.append(_ROLL)
    return out


def _effect(state: ManiacalState, seat: int) -> list[MAAction]:
    effect = state.ongoing["effects"][0][0]
    if effect == "cancel_window":
        out: list[MAAction] = [*_positives(state, state.lairs[seat], ("cancel_harm", "gain_two_weeks", "refresh_henchman"))]
        out.append(_NO_SCHEME)
        return out
    out = [_CHOOSE[m] for m in targets(state)]
    if seat == state.ongoing["seat"] and state.lairs[seat].schemes:  # MA-172: the active player's own moment
        out += _positives(state, state.lairs[seat], ("cancel_harm", "gain_two_weeks", "refresh_henchman")
                          if effect in ("injured", "captured") else ("gain_two_weeks", "refresh_henchman"))
    return out


def _hospital(state: ManiacalState, seat: int) -> list[MAAction]:
    lair = state.lairs[seat]
    out: list[MAAction] = []
    if lair.money >= state.data.tables["times"]["hospital_fee"]:
        out += [_HEAL[m.id] for m in lair.crew if m.injuries]
    if lair.schemes:  # MA-172: the active player's own turn
        out += _positives(state, lair, ("gain_two_weeks", "refresh_henchman"))
    out.append(_DONE)
    return out


def _after_contract(state: ManiacalState, seat: int) -> list[MAAction]:
    """MA-172, MA-174: after resolving the contract that used the last weeks, the positive halves that work now
    (a Scheme won as its reward included), then 'done' ends the turn."""
    out: list[MAAction] = [*_positives(state, state.lairs[seat], ("gain_two_weeks", "refresh_henchman"))]
    out.append(_DONE)
    return out


def _salaries(state: ManiacalState, seat: int) -> list[MAAction]:
    """MA-207, MA-209 (AMB-15): the Mercenaries while they alone are more than the money, then the others."""
    mercs = mercenaries_unpaid(state, seat)
    return [_DISMISS[m.id] for m in state.lairs[seat].crew if is_mercenary(state, m) == mercs]


def _firing(state: ManiacalState, seat: int) -> list[MAAction]:
    out: list[MAAction] = [_FIRE[m.id] for m in state.lairs[seat].crew]
    out.append(_KEEP)
    return out


_GENERATORS = {"draft": _draft, "contract_action": _contract_action, "assign": _assign, "scheme_window": _scheme_window, "remove_die": _remove_die,
               "before_roll": _before_roll, "after_roll": _after_roll, "reroll": _reroll, "effect": _effect, "hospital": _hospital, "salaries": _salaries,
               "firing": _firing, "after_contract": _after_contract, "recruit": lambda state, seat: [Recruit(), Decline()]}


# -- the checks ---------------------------------------------------------------------------------
def check_phase(state: ManiacalState, action: MAAction) -> Violation | None:
    """MA-041 MA-090 MA-107 MA-165 MA-111 MA-172 MA-153 MA-116 MA-141 MA-192 MA-206 MA-210 MA-222 MA-164 MA-170: each phase opens its moves."""
    phase = PHASES[state.phase]
    kind = kind_of(action)
    if kind not in phase.actions:
        return _out_of_its_moment(state, kind) or Violation(next(iter(phase.rules)), f"in '{phase.title}' this is not one of the moves open now: {phase.help}")
    return None


def _out_of_its_moment(state: ManiacalState, kind: str) -> Violation | None:
    """The rule that forbids a move at this moment, for the moves that have their own (issue 28): a Scheme outside
    the Contract Phase (MA-164), healing away from the Hospital (MA-192), a member beyond the team size (MA-107)."""
    if kind == "scheme" and state.step not in CONTRACT_STEPS:
        return Violation("MA-164", "Scheme cards are played only during the Contract Phase (Phase III)")
    if kind == "heal":
        return Violation("MA-192", "Injury tokens are removed at Hoodlum Hospital: visit it first as your action (MA-190)")
    if kind == "assign" and state.attempt is not None and state.attempt.get("kind") == "contract":
        size = on_map(state, state.attempt["slot"]).team
        return Violation("MA-107", f"the team is complete: this contract takes exactly {size} henchm{'a' if size == 1 else 'e'}n")
    return None


def _lair(state: ManiacalState) -> Lair:
    return state.lairs[state.seat_to_act()]


def check_in_hand(state: ManiacalState, action: Pick) -> Violation | None:
    """MA-041: you pick a Room card from your own hand."""
    if action.room not in _lair(state).hand:
        return Violation("MA-041", f"{action.room} is not in your hand; pick one of {', '.join(_lair(state).hand)}")
    return None


def check_can_pay(state: ManiacalState, action: Pick) -> Violation | None:
    """MA-049: you build only a Room you can pay for (AMB-06: selling is always open)."""
    cost, money = room(state, action.room).cost, _lair(state).money
    if action.build and cost > money:
        return Violation("MA-049", f"{room(state, action.room).name} costs ${cost} and you have ${money}; sell it instead")
    return None


def check_own_room(state: ManiacalState, action: Activate) -> Violation | None:
    """MA-050: you activate only Rooms built in your own base."""
    if action.room not in _lair(state).rooms:
        return Violation("MA-050", f"{action.room} is not in your base")
    return None


def check_action_room(state: ManiacalState, action: Activate) -> Violation | None:
    """MA-095: as your action you activate an Action room (Contract rooms work during a contract)."""
    if state.step == "contract_action" and (room(state, action.room).kind != "action" or action.trait):
        return Violation("MA-095", f"{room(state, action.room).name} is not an Action room used this way; "
                                   "as an action you activate an Action room, without a trait")
    return None


def check_contract_room(state: ManiacalState, action: Activate) -> Violation | None:
    """MA-136: before rolling, a Contract room that adds a die, with the trait of the die named."""
    rm = room(state, action.room)
    if state.step == "before_roll" and (rm.kind != "contract" or rm.effect != "extra_die" or not action.trait):
        return Violation("MA-136", f"{rm.name} cannot be used before rolling like this; a Contract room that adds "
                                   "a die names its trait, e.g. 'activate R.. with SV1 as brawn'")
    return None


def check_reroll_room(state: ManiacalState, action: Activate) -> Violation | None:
    """MA-130: after the roll, a Contract room that rerolls dice (no trait named)."""
    rm = room(state, action.room)
    if state.step == "after_roll" and (rm.kind != "contract" or rm.effect != "reroll_two" or action.trait
                                       or not state.ongoing["rolled"]):
        return Violation("MA-130", f"{rm.name} cannot be used after the roll; a Contract room that rerolls dice works "
                                   "here, once dice have been rolled, written 'activate R.. with BE01'")
    return None


def check_room_unused(state: ManiacalState, action: Activate) -> Violation | None:
    """MA-100 MA-135: a Room is activated at most once per round."""
    if action.room in _lair(state).used:
        return Violation("MA-100", f"{room(state, action.room).name} was already activated this round")
    return None


def check_activator(state: ManiacalState, action: Activate) -> Violation | None:
    """MA-096: the activator is your own ready Supervillain or henchman."""
    lair = _lair(state)
    m = lair.member(action.by)
    if not ((action.by == lair.sv and lair.sv_ready) or (m is not None and m.ready)):
        return Violation("MA-096", f"{action.by} is not your ready Supervillain or henchman")
    return None


def check_activator_off_team(state: ManiacalState, action: Activate) -> Violation | None:
    """MA-131: a Contract room's activator is not on the contract team."""
    if state.attempt and any(m == action.by for m, _ in state.attempt.get("team", [])):
        return Violation("MA-131", f"{action.by} is on the team; a Contract room needs a henchman off the team")
    return None


def check_room_time(state: ManiacalState, action: Activate) -> Violation | None:
    """MA-092: you need the room's weeks left on the Time track."""
    rm = room(state, action.room)
    if state.step == "contract_action" and _lair(state).time_left() < rm.weeks:
        return Violation("MA-092", f"{rm.name} costs {rm.weeks} weeks and you have {_lair(state).time_left()}")
    return None


def check_contract_time(state: ManiacalState, action: Attempt) -> Violation | None:
    """MA-092: a contract costs the weeks on your Supervillain card for its continent (MA-109)."""
    cost, weeks = contract_cost(state, state.seat_to_act(), action.continent), _lair(state).time_left()
    if cost > weeks:
        return Violation("MA-092", f"a contract in {action.continent} costs you {cost} weeks and you have {weeks}")
    return None


def check_team_available(state: ManiacalState, action: Attempt) -> Violation | None:
    """MA-107: you need as many ready, uninjured henchmen as the contract's team size."""
    need = on_map(state, CONTINENTS.index(action.continent)).team
    have = sum(can_join(state, m) for m in _lair(state).crew)
    if have < need:
        return Violation("MA-107", f"this contract needs a team of {need} and you have {have} ready, uninjured henchmen")
    return None


def check_team_member(state: ManiacalState, action: Assign) -> Violation | None:
    """MA-107: a team member is one of your henchmen, assigned once."""
    if _lair(state).member(action.member) is None or any(m == action.member for m, _ in state.ongoing["team"]):
        return Violation("MA-107", f"{action.member} is not one of your henchmen still free to assign")
    return None


def check_ready(state: ManiacalState, action: Assign) -> Violation | None:
    """MA-125: an exhausted henchman cannot join a team this round."""
    if not _lair(state).crew_member(action.member).ready:
        return Violation("MA-125", f"{card(state, action.member).name} is exhausted this round")
    return None


def check_uninjured(state: ManiacalState, action: Assign) -> Violation | None:
    """MA-143: an injured henchman cannot be assigned to contracts."""
    if _lair(state).crew_member(action.member).injuries:
        return Violation("MA-143", f"{card(state, action.member).name} is injured; heal it at Hoodlum Hospital first")
    return None


def check_lackey_trait(state: ManiacalState, action: Assign) -> Violation | None:
    """MA-152: a Lackey uses exactly one trait, named when assigned; other henchmen use all theirs."""
    lackey = card(state, action.member).type == "lackey"
    if lackey != bool(action.trait):
        return Violation("MA-152", "name the one trait a Lackey uses ('assign LK1 as brawn')" if lackey
                         else "only a Lackey picks one trait; assign this henchman without 'as'")
    return None


def check_visit_time(state: ManiacalState, action: Visit) -> Violation | None:
    """MA-092: a visit costs 2 weeks (MA-190)."""
    if _lair(state).weeks < state.data.tables["times"]["visit"]:
        return Violation("MA-092", f"a visit costs {state.data.tables['times']['visit']} weeks; you have {_lair(state).weeks}")
    return None


def check_lounge_open(state: ManiacalState, action: Visit) -> Violation | None:
    """MA-193: Lucifer's Lounge hires a Mercenary from its deck (M-16: not when the deck is empty)."""
    if action.place == "lounge" and not state.decks["mercenaries"]:
        return Violation("MA-193", "no Mercenary is left at Lucifer's Lounge")
    return None


def check_scheme_in_hand(state: ManiacalState, action: PlayScheme) -> Violation | None:
    """MA-162: you play a Scheme card from your own hidden hand."""
    if action.scheme not in _lair(state).schemes:
        return Violation("MA-162", f"{action.scheme} is not one of your Scheme cards")
    return None


def check_scheme_timing(state: ManiacalState, action: PlayScheme) -> Violation | None:
    """MA-172 MA-177: the positive half is played by the active player when it can work."""
    if state.step == "scheme_window":
        return None if not action.member else Violation("MA-172", "a negative Scheme names no henchman")
    if action not in _legal_positives(state):
        effect = state.data.cards[action.scheme].positive
        rule, why = _positive_refusal(state, action, effect)
        return Violation(rule, f"the positive half of {action.scheme} ({effect.replace('_', ' ')}) cannot be played now, "
                               f"because {why}")
    return None


def _positive_refusal(state: ManiacalState, action: PlayScheme, effect: str) -> tuple[str, str]:
    """Why a positive half is not open now (MA-172: the active player's own moment; MA-177: what each one does)."""
    lair = _lair(state)
    if effect == "gain_two_weeks" and lair.weeks is not None and lair.weeks >= max_weeks(state):
        return "MA-177", f"your Time token is at the track's start ({max_weeks(state)} weeks) and never moves past it"
    if effect == "refresh_henchman":
        m = lair.member(action.member) if action.member else None
        if m is None or m.ready:
            return "MA-177", "it refreshes an exhausted henchman of yours: name one ('scheme SH.. on BE01')"
    if effect == "reroll_three":
        return "MA-172", "it rerolls dice of your contract after its roll, and no roll is waiting for it"
    if effect == "failure_bonus":
        return "MA-172", "it is played on your contract after its roll, before comparing with the Target"
    if effect == "cancel_harm":
        return "MA-172", "it cancels an Injured or Captured effect about to hit your henchman, and none is"
    return "MA-172", "a positive half is played by the active player on their own turn or contract"


def _legal_positives(state: ManiacalState) -> list[PlayScheme]:
    return [a for a in legal_actions(state) if isinstance(a, PlayScheme)]


def check_lackey_reroll(state: ManiacalState, action: Reroll) -> Violation | None:
    """MA-153: a Lackey on the team gives one reroll of the rolled dice per contract."""
    if not state.ongoing["rolled"] or not lackey_on_team(state) or state.ongoing["lackey_used"]:
        return Violation("MA-153", "no Lackey reroll is available: it needs your Lackey on the team, once per contract")
    return None


def check_mark(state: ManiacalState, action: Mark) -> Violation | None:
    """MA-153 MA-177: mark a rolled die not yet marked, up to the reroll's limit."""
    r, dice = state.ongoing["reroll"], len(state.ongoing["rolled"])
    if not 1 <= action.die <= dice or action.die - 1 in r["marked"] or len(r["marked"]) >= r["limit"]:
        return Violation("MA-177", f"mark one of dice 1..{dice} not yet marked; this reroll allows {r['limit']}")
    return None


def check_cancel_window(state: ManiacalState, action: NoScheme) -> Violation | None:
    """MA-177: 'no scheme' declines a cancel, or a negative Scheme in its window."""
    if state.step == "effect" and state.ongoing["effects"][0][0] != "cancel_window":
        return Violation("MA-177", "no cancel is on offer now; choose who the effect hits")
    return None


def check_target(state: ManiacalState, action: Choose) -> Violation | None:
    """MA-141 MA-142 MA-170 MA-180 MA-099: the effect hits a team member (Captured, Injured, the Scheme's Injury)
    or one of your henchmen (Power; an exhausted one for a refresh room)."""
    if state.ongoing["effects"][0][0] == "cancel_window":
        return Violation("MA-141", "first decide whether to cancel the Injury with a Scheme ('scheme SH..' or 'no scheme')")
    allowed = targets(state)
    if action.member not in allowed:
        effect = state.ongoing["effects"][0][0]
        return Violation(_EFFECT_RULES.get(effect, "MA-141"), f"{action.member} cannot take this effect "
                         f"({effect.replace('_', ' ')}); choose one of {', '.join(allowed)}")
    return None


_EFFECT_RULES = {"captured": "MA-141", "injured": "MA-142", "injure_after": "MA-170", "power": "MA-180", "refresh": "MA-099"}


def check_injured(state: ManiacalState, action: Heal) -> Violation | None:
    """MA-192: the hospital removes Injury tokens from your own henchmen."""
    m = _lair(state).member(action.member)
    if m is None or not m.injuries:
        return Violation("MA-192", f"{action.member} is not an injured henchman of yours")
    return None


def check_fee(state: ManiacalState, action: Heal) -> Violation | None:
    """MA-192: each Injury removed costs $2."""
    if _lair(state).money < state.data.tables["times"]["hospital_fee"]:
        return Violation("MA-192", f"healing costs ${state.data.tables['times']['hospital_fee']}; you have ${_lair(state).money}")
    return None


def check_dismissable(state: ManiacalState, action: Dismiss) -> Violation | None:
    """MA-207 MA-209: Mercenaries are paid first: you choose among them while they alone are more than your money,
    then among your other henchmen."""
    m = _lair(state).member(action.member)
    if m is None:
        return Violation("MA-209", f"{action.member} is not in your crew")
    if mercenaries_unpaid(state, state.seat_to_act()) and not is_mercenary(state, m):
        return Violation("MA-207", f"your Mercenaries alone are more than your money and are paid first: choose which "
                                   f"of them goes unpaid before {action.member}")
    if not mercenaries_unpaid(state, state.seat_to_act()) and is_mercenary(state, m):
        return Violation("MA-207", f"{action.member} is a Mercenary, paid first: choose among your other henchmen")
    return None


def check_remove(state: ManiacalState, action: Remove) -> Violation | None:
    """MA-170: the die taken out is one of the pool's."""
    pool = state.ongoing["pool"]
    if action.trait not in pool:
        return Violation("MA-170", f"the pool has no {action.trait} die; it holds {', '.join(sorted(set(pool))) or 'none'}")
    return None


def check_fire(state: ManiacalState, action: Fire) -> Violation | None:
    """MA-210: you may fire one of your own henchmen."""
    if _lair(state).member(action.member) is None:
        return Violation("MA-210", f"{action.member} is not in your crew")
    return None


CHECKS = CheckTable({
    "build": (check_in_hand, check_can_pay), "sell": (check_in_hand,),
    "activate": (check_own_room, check_action_room, check_contract_room, check_reroll_room, check_room_unused, check_activator,
                 check_activator_off_team, check_room_time),
    "attempt": (check_contract_time, check_team_available),
    "assign": (check_team_member, check_ready, check_uninjured, check_lackey_trait),
    "visit": (check_visit_time, check_lounge_open), "scheme": (check_scheme_in_hand, check_scheme_timing), "reroll": (check_lackey_reroll,),
    "mark": (check_mark,), "no_scheme": (check_cancel_window,), "choose": (check_target,),
    "heal": (check_injured, check_fee), "remove": (check_remove,), "dismiss": (check_dismissable,), "fire": (check_fire,),
}, always=(check_phase,))

__all__ = ["CHECKS", "Done", "Keep", "NoScheme", "Pass", "Roll", "legal_actions"]
