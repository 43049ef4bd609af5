"""Bots: the core `RandomBot`, and `HeuristicBot`, which joins conflicts England can win, takes free counties,
applies for offices it can hold, keeps its dishonor low (the tower), votes for the laws that favour it over the
others, and takes every reward it can pay for."""

from __future__ import annotations

from collections.abc import Sequence

from hench.core import Bot, RandomBot, Rng, State

from .actions import (
    Apply,
    Bishop,
    Castle,
    Choose,
    Conflict,
    County,
    Decline,
    Dorset,
    Extend,
    Favor,
    LAction,
    Noble,
    Pay,
    Reward,
    StartPlayer,
    Tower,
    Treasury,
    Upgrade,
    Vote,
)
from .legality import apply_strength
from .odds import office_is_safe
from .state import LancasterState


def _value(s: LancasterState, seat: int) -> float:
    r = s.res[seat]
    return r["pp"] + 0.4 * (r["gold"] + r["squires"]) + 0.5 * r["vm"] + (1 + r["bishops"]) * r["seals"] - 1.5 * r["dishonor"]


def law_interest(s: LancasterState, seat: int, law: str) -> float:
    """How much applying `law` now helps `seat` against the others' average (choices left aside)."""
    from .effects import base_law, king_law

    trial = s.clone()
    trial.pending = []
    mine = trial.res[seat]
    for p in range(s.n):  # the bot cannot see behind the others' screens: it assumes they hold what it holds
        if p != seat:
            trial.res[p].update({k: mine[k] for k in ("gold", "squires", "seals", "dishonor")})
    before = [_value(trial, p) for p in range(s.n)]
    if law.startswith("LK-"):
        king_law(trial, int(law[3:]))
    else:
        base_law(trial, law)
    gains = [_value(trial, p) - before[p] for p in range(s.n)]
    others = [g for p, g in enumerate(gains) if p != seat]
    return gains[seat] - (sum(others) / len(others) if others else 0)


class HeuristicBot(Bot):
    """The rules of thumb in this module's docstring; where several moves are equally good by them (two offices as
    safe with as few knights, two free castle spaces, two conflicts won alike), one is drawn from the bot's
    seeded generator, so the same seed plays the same game and playouts from one position differ (issue 39)."""

    name = "heuristic"

    def choose(self, state: State) -> LAction:
        assert isinstance(state, LancasterState)
        legal = state._legal_cached()
        seat = state.actor  # the colour moving (with 2 players maybe the seat's ally, L12)
        phase = state.phase
        if phase == "vote":
            law = state.proposals[state.vote_index]
            interest = law_interest(state, seat, law)
            vm = state.res[seat]["vm"]
            spend = 1 if abs(interest) >= 2 and vm else 0
            want = Vote(interest >= 0, spend)
            return want if want in legal else Vote(interest >= 0, 0)
        if phase == "upgrade":
            r = state.res[seat]
            if Bishop() in legal and (state.is_ally(seat) or r["seals"] > 1 + r["bishops"]):
                return Bishop()
            ups = [a for a in legal if isinstance(a, Upgrade)]
            return self.pick(ups, lambda a: (self._upgrade_worth(state, a), a.strength)) if ups else Decline()
        if phase == "dorset":
            wins = [a for a in legal if isinstance(a, Dorset) and a.card and self._wins(state, a.card, self._dorset_strength(state))]
            return self.rng.choice(wins) if wins else Dorset("")
        if phase == "law_choice":
            task = state.pending[0][2]
            return Choose(0 if task["law"] in ("LK-4", "BL-04") else task["max"])
        if phase in ("favor", "county", "noble", "start", "extension", "castle_pay", "ransom"):
            return self._choice(state, seat, phase, legal)
        return self._place(state, seat, legal)

    def _choice(self, s: LancasterState, colour: int, phase: str, legal: Sequence[LAction]) -> LAction:
        """Rewards: both when affordable, else the nobleman; an upgrade favor first; yourself as start player;
        the extension that pays power points; pay every cost and ransom it can."""
        if phase == "county":
            return next(Reward(o) for o in ("both", "noble", "reward") if Reward(o) in legal)
        if phase == "favor":
            favors = [a for a in legal if isinstance(a, Favor)]
            return self.pick(favors, lambda a: s.data.favors[[t.id for t in s.data.favors].index(a.tile)].gain.upgrades)
        if phase == "start":
            return StartPlayer(s.controller(colour))
        if phase == "extension":
            return [a for a in legal if isinstance(a, Extend)][-1]
        if phase in ("castle_pay", "ransom"):
            return Pay(True) if Pay(True) in legal else Pay(False)
        return self.rng.choice([a for a in legal if isinstance(a, Noble)])

    def _upgrade_worth(self, s: LancasterState, a: Upgrade) -> int:
        """Where an upgrade does most: a conflict it turns into a win first; never a knight in a lower-row conflict
        England is losing (it is about to be captured, and its ransom would cost one gold more)."""
        if a.place[:1] == "C" and a.place[1:].isdigit():
            c = s.active_conflict(a.place)
            if c is not None and self._wins(s, a.place, 1) and not self._wins(s, a.place, 0):
                return 3
            if c is not None and c["lower"] and not self._wins(s, a.place, 1):
                return 0
        return 2 if a.place != "tower" else 1

    def _dorset_strength(self, s: LancasterState) -> int:
        c = s.counties[s.pending[0][2]]
        assert c is not None
        return int(s.knights[c["owner"]][c["knight"]][0]) + (2 if c["tudor"] else 0)

    def _wins(self, s: LancasterState, card: str, extra: int) -> bool:
        from .transitions import conflict_strength

        c = s.active_conflict(card)
        return c is not None and conflict_strength(s, c) + extra >= s.data.cards[c["card"]].french

    def _place(self, s: LancasterState, seat: int, legal: Sequence[LAction]) -> LAction:
        r = s.res[seat]
        applies = [a for a in legal if isinstance(a, Apply) and not a.tudor]
        safe = [a for a in applies if office_is_safe(s, seat, apply_strength(s, a))]
        if safe:
            return self.pick(safe, lambda a: (len(a.knights) + a.bishops, sum(a.knights)), lowest=True)
        knights = [a for a in legal if isinstance(a, (County, Castle, Conflict, Tower))]
        if r["dishonor"] >= 2:
            towers = [a for a in knights if isinstance(a, Tower)]
            if towers:
                return self.pick(towers, lambda a: min(a.strength, r["dishonor"]))
        wins = [a for a in knights if isinstance(a, Conflict) and not a.tudor
                and self._wins(s, a.card, a.strength + (2 if a.archer else 0))]
        if wins:
            return self.pick(wins, lambda a: (a.strength, not a.archer), lowest=True)
        counties = [a for a in knights if isinstance(a, County) and not a.squires and not a.tudor
                    and s.counties[s.data.county_index(a.county)] is None]
        if counties:
            # the first of equals in the board's order is a real preference: drawing among them won 17% of 300 games
            # against the bot that takes the first (issue 39)
            return max(counties, key=lambda a: (s.data.counties[s.data.county_index(a.county)].min, -a.strength, a.shield))
        castles = [a for a in knights if isinstance(a, Castle)]
        if castles:
            return self.pick(castles, lambda a: a.strength, lowest=True)
        if knights:
            return knights[0]
        treasury = [a for a in legal if isinstance(a, Treasury)]
        if treasury:
            return self.pick(treasury, lambda a: s.treasury[a.take])
        return legal[0]


def determinize(state: State, seat: int, rng: Rng) -> LancasterState:
    """For the coach (hench.core.coach): a state `seat` cannot tell from `state`, from its view only. The face-down
    conflict deck is shuffled again, and so is the law deck within each of its stacked groups (LB-011: a group's
    place in the deck is known, its order is not); the other seats' cast votes are drawn again (yes or no,
    evenly); with more than 2 players their gold and squires, hidden behind their screens (LB-008), are guessed
    around `seat`'s own, and their pending law choices capped by that guess (a simple estimate: it reads nothing
    `seat` cannot see). Each deck is sorted before its shuffle, so the deal depends only on what `seat` sees."""
    if not isinstance(state, LancasterState):
        raise TypeError(f"a Lancaster determinization needs a Lancaster position, not {type(state).__name__}")
    s = state.clone()
    if s.stage == "over":
        return s
    s.conflict_deck = rng.shuffled(sorted(s.conflict_deck))
    s.law_deck = _shuffled_by_group(s, rng)
    for p in range(len(s.votes)):
        vote = s.votes[p]
        if p != seat and vote is not None:
            s.votes[p] = [bool(rng.randrange(2)), *vote[1:]]
    if s.n > 2:
        _guess_screens(s, seat, rng)
    return s


def law_group(s: LancasterState, law: str) -> int:
    """The group (1-4) a law of the deck was stacked in (LB-011; a Law of the King's from its data, LH-103)."""
    if law.startswith("LK-"):
        return s.data.king_groups[int(law[3:]) - 1]
    return next(item.group for item in s.data.laws if item.id == law)


def _shuffled_by_group(s: LancasterState, rng: Rng) -> list[str]:
    """The law deck with each run of one group's laws shuffled (sorted first), the runs left where they are."""
    out: list[str] = []
    run: list[str] = []
    for k, law in enumerate(s.law_deck):
        run.append(law)
        if k + 1 == len(s.law_deck) or law_group(s, s.law_deck[k + 1]) != law_group(s, law):
            out += rng.shuffled(sorted(run))
            run = []
    return out


def _guess_screens(s: LancasterState, seat: int, rng: Rng) -> None:
    """LB-008: the other seats' gold and squires guessed around `seat`'s own (one less, the same or one more,
    evenly); their pending law choices capped by the guess."""
    mine = s.res[seat]
    for p, res in enumerate(s.res):
        if p != seat:
            res["gold"] = max(0, mine["gold"] + rng.randrange(3) - 1)
            res["squires"] = max(0, mine["squires"] + rng.randrange(3) - 1)
    for i, (p, kind, arg) in enumerate(s.pending):
        if kind == "law_choice" and p != seat:
            cap = min(s.res[p]["gold"], s.res[p]["squires"], s.res[p]["seals"])
            s.pending[i] = [p, kind, {**arg, "max": cap}]


def make_bot(kind: str, seed: int | None = 0) -> Bot:
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed)
    raise ValueError(f"no bot {kind!r}; choose 'random' or 'heuristic'")


__all__ = ["HeuristicBot", "RandomBot", "determinize", "law_group", "law_interest", "make_bot"]
