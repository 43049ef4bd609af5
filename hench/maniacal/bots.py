"""Bots: the core `RandomBot`, and a heuristic bot that drafts for attraction it can use and takes the
contracts its team is likely to win (exact odds from `hench.maniacal.odds`)."""

from __future__ import annotations

from fractions import Fraction

from hench.core import Bot, RandomBot, Rng, State

from . import odds
from .actions import Activate, Assign, Attempt, Choose, Fire, Keep, MAAction, NoScheme, Pass, Pick, PlayScheme, Roll, Visit
from .contracts import can_join, contract_cost
from .data import CONTINENTS, TRAITS, TYPES
from .state import ManiacalState
from .table import card, on_map, room, traits_of


class HeuristicBot(Bot):
    """Builds rooms whose type has a cheap face-up offer, sells when poor; attempts the contract with the best
    expected Infamy per week; assigns its strongest henchmen for the recommended trait."""

    name = "heuristic"

    def choose(self, state: State) -> MAAction:
        if not isinstance(state, ManiacalState):
            raise TypeError(f"the Maniacal heuristic bot plays Maniacal, not {type(state).__name__}")
        legal = state.legal_actions()
        seat = state.seat_to_act()
        best = max(legal, key=lambda a: (self.value(state, seat, a), -legal.index(a)))
        return best

    def value(self, state: ManiacalState, seat: int, action: MAAction) -> Fraction:
        lair = state.lairs[seat]
        if isinstance(action, Pick):
            r = room(state, action.room)
            if not action.build:
                return Fraction(r.cost, 4)
            offer = state.decks[r.attract_type][0] if state.decks[r.attract_type] else None
            need = card(state, offer).cost if offer else 99
            have = lair.attraction[TYPES.index(r.attract_type)]
            return Fraction(r.attract_value + (3 if have < need <= have + r.attract_value else 0) + (2 if r.kind != "plain" else 0))
        if isinstance(action, Attempt):
            return self.attempt_value(state, seat, action.continent)
        if isinstance(action, Assign):
            c = on_map(state, state.ongoing["slot"])
            t = traits_of(state, lair.crew_member(action.member))
            if action.trait:
                return Fraction(t[TRAITS.index(action.trait)] * (2 if action.trait == c.trait else 1))
            return Fraction(sum(t) + t[TRAITS.index(c.trait)])
        if isinstance(action, Activate):
            return Fraction(2) if room(state, action.room).kind == "action" else Fraction(3)
        if isinstance(action, PlayScheme):
            return Fraction(3)
        if isinstance(action, (Roll, NoScheme, Keep)):
            return Fraction(1)
        if isinstance(action, Visit):
            return Fraction(1, 2) if action.place == "underground" else Fraction(1, 3) if action.place == "lounge" else Fraction(0)
        if isinstance(action, (Choose, Fire)):
            m = lair.member(action.member)
            strength = sum(traits_of(state, m)) if m else 0
            if state.step == "effect" and state.ongoing["effects"][0][0] in ("power", "refresh"):
                return Fraction(strength)
            return Fraction(-strength) if isinstance(action, Choose) else Fraction(-100)
        if isinstance(action, Pass):
            return Fraction(0)
        return Fraction(0)

    def attempt_value(self, state: ManiacalState, seat: int, continent: str) -> Fraction:
        c = on_map(state, CONTINENTS.index(continent))
        lair = state.lairs[seat]
        members = sorted((traits_of(state, m) for m in lair.crew if can_join(state, m)),
                         key=lambda t: -(sum(t) + t[TRAITS.index(c.trait)]))[:c.team]
        dice = {t: sum(m[i] for m in members) for i, t in enumerate(TRAITS)}
        p = odds.contract_chance(dice, c.trait, c.target)
        gain = p * c.success[0] + (1 - p) * c.failure[0]
        return gain / contract_cost(state, seat, continent) + 1


def determinize(state: State, seat: int, rng: Rng) -> ManiacalState:
    """For the coach (hench.core.coach): a state `seat` cannot tell from `state`, from its view only. The other
    seats' Scheme cards are dealt again with the Scheme deck, (before any hand was passed) their draft hands with
    the Room deck, and their locked picks (MA-041) drawn from their hands; each pool is sorted first, so the deal
    depends only on what `seat` sees and the seed. Not modelled: after a pass, the cards of a hand `seat` held
    before are known to it, and the others' hands are kept as they are."""
    if not isinstance(state, ManiacalState):
        raise TypeError(f"a Maniacal determinization needs a Maniacal position, not {type(state).__name__}")
    s = state.clone()
    others = [lair for p, lair in enumerate(s.lairs) if p != seat]
    pool = rng.shuffled(sorted([*s.decks["schemes"], *(c for lair in others for c in lair.schemes)], key=repr))
    for lair in others:
        lair.schemes, pool = pool[:len(lair.schemes)], pool[len(lair.schemes):]
    s.decks["schemes"] = pool
    if s.step == "draft" and s.pick_no == 1:
        pool = rng.shuffled(sorted([*s.decks["rooms"], *(c for lair in others for c in lair.hand)], key=repr))
        for lair in others:
            lair.hand, pool = pool[:len(lair.hand)], pool[len(lair.hand):]
        s.decks["rooms"] = pool
    for lair in others:  # MA-041: a locked pick is secret until the reveal: guessed from the (dealt) hand
        if lair.pick is not None:
            choice = lair.hand[rng.randrange(len(lair.hand))]
            build = room(s, choice).cost <= lair.money and rng.randrange(2) == 0
            lair.pick = [choice, "build" if build else "sell"]
    return s


__all__ = ["HeuristicBot", "RandomBot", "determinize"]
