"""Bots: the core `RandomBot`, and a heuristic bot that drafts for attraction it can use and takes the
contracts its team is likely to win (exact odds from `hench.maniacal.odds`)."""

from __future__ import annotations

from fractions import Fraction

from hench.core import Bot, RandomBot, Rng, State

from . import odds
from .actions import Activate, Assign, Attempt, Choose, Fire, Keep, MAAction, NoScheme, Pass, Pick, PlayScheme, Roll, Visit
from .contracts import can_join, contract_cost
from .data import CONTINENTS, DIFFICULTIES, TRAITS, TYPES
from .render import REVEALED_STEPS
from .state import Lair, ManiacalState
from .table import card, contract, on_map, room, traits_of


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
    """For the coach (hench.core.coach): a state `seat` cannot tell from `state`, from its view only. Every
    face-down deck is shuffled again (the Room, Power and Mercenary decks, the contract decks and, below each
    face-up offer, the henchman decks: MA-015); the face-down contracts on the map are dealt again from the
    unseen contracts with the same back (MA-106); the other seats' Scheme cards are dealt again with the Scheme
    deck (MA-162); the draft hands `seat` has not held this round are dealt again with the Room deck (a hand
    it passed on is known to it, MA-043), and the others' locked picks (MA-041) drawn from their hands. Each
    pool is sorted first, so the deal depends only on what `seat` sees and the seed. Not modelled: a Mercenary
    returned to the bottom of its deck is known there (the deck is shuffled whole)."""
    if not isinstance(state, ManiacalState):
        raise TypeError(f"a Maniacal determinization needs a Maniacal position, not {type(state).__name__}")
    s = state.clone()
    others = [lair for p, lair in enumerate(s.lairs) if p != seat]
    s.decks["schemes"] = _deal(rng, s.decks["schemes"], others, "schemes")
    unseen = [s.lairs[p] for p in unseen_hands(s, seat)]
    s.decks["rooms"] = _deal(rng, s.decks["rooms"], unseen, "hand")
    for name in ("powers", "mercenaries"):
        s.decks[name] = rng.shuffled(sorted(s.decks[name]))
    for name in TYPES:  # MA-015, MA-078: the top card is the face-up offer
        deck = s.decks[name]
        s.decks[name] = deck[:1] + rng.shuffled(sorted(deck[1:]))
    for difficulty in DIFFICULTIES:
        _deal_map(s, difficulty, rng)
    for lair in others:  # MA-041: a locked pick is secret until the reveal: guessed from the (dealt) hand
        if lair.pick is not None:
            choice = lair.hand[rng.randrange(len(lair.hand))]
            build = room(s, choice).cost <= lair.money and rng.randrange(2) == 0
            lair.pick = [choice, "build" if build else "sell"]
    return s


def unseen_hands(s: ManiacalState, seat: int) -> list[int]:
    """The seats whose draft hand `seat` has never held this round (MA-043 .. MA-046: at pick k a hand has passed
    k - 1 times, so the hands `seat` passed on sit 1 .. k - 1 places along the passing direction)."""
    n = len(s.lairs)
    if s.step != "draft":
        return [p for p in range(n) if p != seat]
    step = -1 if s.round == 2 else 1
    seen = {(seat + step * m) % n for m in range(s.pick_no)}
    return [p for p in range(n) if p not in seen]


def _deal(rng: Rng, deck: list[str], lairs: list[Lair], hidden: str) -> list[str]:
    """Deal the cards in `lairs`' `hidden` lists (schemes or hand) again with `deck`; the rest is the new deck."""
    pool = rng.shuffled(sorted([*deck, *(c for lair in lairs for c in getattr(lair, hidden))]))
    for lair in lairs:
        k = len(getattr(lair, hidden))
        setattr(lair, hidden, pool[:k])
        pool = pool[k:]
    return pool


def _deal_map(s: ManiacalState, difficulty: str, rng: Rng) -> None:
    """MA-106: each face-down contract of `difficulty` on the map swapped for an unseen one with the same back
    (difficulty, team size, recommended trait); the rest of the unseen ones make the deck, shuffled."""
    shown = s.attempt.get("slot") if s.attempt and s.step in REVEALED_STEPS else None
    slots = [i for i, cid in enumerate(s.map) if i != shown and contract(s, cid).difficulty == difficulty]
    pool = rng.shuffled(sorted([*s.decks[difficulty], *(s.map[i] for i in slots)]))
    s.map = s.map[:]
    for i in slots:
        back = _back(s, s.map[i])
        chosen = next(cid for cid in pool if _back(s, cid) == back)
        pool.remove(chosen)
        s.map[i] = chosen
        if s.attempt and s.attempt.get("slot") == i and "target" in s.attempt:  # MA-111: not flipped yet
            s.attempt = {**s.attempt, "target": contract(s, chosen).target}
    s.decks[difficulty] = pool


def _back(s: ManiacalState, contract_id: str) -> tuple[int, str]:
    c = contract(s, contract_id)
    return c.team, c.trait


__all__ = ["HeuristicBot", "RandomBot", "determinize", "unseen_hands"]
