"""Henchmania bots: `RandomBot` (any legal action) and `HeuristicBot` (plays sensibly: places for
majorities, duels when the exact odds favour it, keeps Reserve cards that score).

>>> import hench
>>> from hench.core import Rng, play_game
>>> state = hench.get_game("henchmania").new_game(players=3, seed=1)
>>> end, steps = play_game(state, [HeuristicBot(), HeuristicBot(), RandomBot(1)], Rng.from_seed(1))
>>> end.is_terminal
True
"""

from __future__ import annotations

from hench.core import Bot, RandomBot, Rng, State

from . import odds
from .actions import Fight, HMAction, Keep, Place, PlaceWithPorter, Play, Use
from .scoring import reserve_points
from .state import HMState
from .transitions import dominator

# how much a bot likes each site's cards when nothing else decides (by effect of the site's cards)
SITE_TASTE = {"Castle": 3.0, "Church": 2.5, "Main Square": 2.0, "Armory": 1.5, "Tavern": 1.0}
RESERVE_TASTE = {"apothecary": 1.5, "penitent": 0.5, "nosy_parker": 0.8, "porter": 0.7, "courtesan": 1.0,
                 "old_lady": 0.6, "steal_hand": 0.9, "poison": 1.2}


class HeuristicBot(Bot):
    """A simple, explainable strategy (see the module docstring); ties broken by the bot's seeded Rng."""

    name = "heuristic"

    def choose(self, state: State) -> HMAction:
        if not isinstance(state, HMState):
            raise TypeError(f"a Henchmania bot plays Henchmania positions, not {type(state).__name__}")
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scored = [(self.value(state, a), i) for i, a in enumerate(actions)]
        best = max(v for v, _ in scored)
        ties = [i for v, i in scored if v == best]
        return actions[ties[self.rng.randrange(len(ties))]]

    # -- values of actions ---------------------------------------------------------------
    def value(self, s: HMState, a: HMAction) -> float:
        """How much the bot likes `a`: the method named after the action's kind (`_place` for "place"), or 0."""
        handler = getattr(self, f"_{a.kind}", None)
        return handler(s, a) if handler else 0.0

    def _place(self, s: HMState, a: Place | PlaceWithPorter) -> float:
        me, site = s.player, s.site_index(a.site)
        row = s.pawns[site]
        mine, best_other = row[me], max(v for seat, v in enumerate(row) if seat != me)
        value = SITE_TASTE.get(a.site, 1.0)
        if mine <= best_other < mine + 2:
            value += 3.0  # this pawn wins or keeps a plurality (HM-021)
        elif mine > best_other + 1:
            value -= 1.5  # already safely dominating
        return value

    def _porter(self, s: HMState, a: PlaceWithPorter) -> float:
        return self._place(s, a) - 0.5

    def _extra(self, s: HMState, a: HMAction) -> float:
        return 1.0

    def _pass(self, s: HMState, a: HMAction) -> float:
        return 0.0

    def _play(self, s: HMState, a: Play) -> float:
        card = s.data.by_name[a.card]
        if card.type == "reserve":
            return self._reserve_gain(s, a)
        if card.type == "trump":
            return 1.5 if s.trumps[s.player] is None else -1.0
        return {"duel": self._duel_value, "gain_points": lambda s, a: card.points + 0.5}.get(card.effect, self._attack_value)(s, a)

    def _use(self, s: HMState, a: Use) -> float:
        card = s.data.by_name[a.card]
        if card.effect == "gain_points":
            return card.points + 0.5
        if card.effect == "draw_card":
            return 1.0
        return self._attack_value(s, a)

    def _reserve_gain(self, s: HMState, a: Play) -> float:
        """Points per day the Reserve gains (Performance sets, Prayers) plus a taste for useful cards."""
        me = s.player
        before = reserve_points(s, me)
        trial = s.successor()  # a copy-on-write copy: only the Reserve row below is copied, not the whole state
        reserve = trial.own_item("reserves", me)
        if a.replacing is not None:
            reserve.remove(s.card_in(reserve, a.replacing, prefer_fresh=False))
        reserve.append(s.card_in(s.hands[me], a.card, False))
        gain = reserve_points(trial, me) - before
        days_left = max(s.last_day - s.day + 1, 1)
        taste = RESERVE_TASTE.get(s.data.by_name[a.card].effect, 0.0)
        lost = RESERVE_TASTE.get(s.data.by_name[a.replacing].effect, 0.0) if a.replacing else 0.0
        return gain * days_left + taste - lost + (0.1 if a.replacing is None else -0.5)

    def _attack_value(self, s: HMState, a: Play | Use) -> float:
        """Hurting an opponent is worth more against the leader."""
        if a.target is None:
            return 0.8  # Brawl and the like
        leader = max(range(s.n), key=lambda seat: (s.scores_[seat] if seat != s.current_player else -1))
        return 1.0 + (0.8 if a.target == leader else 0.0)

    def _duel_value(self, s: HMState, a: Play | Use) -> float:
        me, target = s.player, a.target
        if target is None:  # a Glove always names its opponent (HM-052)
            return 0.0
        attack = min([s.data.deck[c].attack for c in s.hands[me] if s.data.deck[c].effect == "weapon"]
                     + [s.data.values["bare_hands_attack"]])
        p_win = odds.duel_win_probability(attack, s.data.values["bare_hands_defense"],
                                          apothecary=s.has_fresh(target, "apothecary") is not None)
        expected = float(6 * p_win - 1)  # catalogue Q1: E[Attacker] = 6P - 1
        return expected - 0.5 + (0.3 if s.scores_[target] == max(s.scores_) else 0.0)

    def _guard(self, s: HMState, a: HMAction) -> float:
        d = s.duel
        if d is None:
            return 0.0
        attack = s.data.deck[d["aw"]].attack if d["aw"] is not None else s.data.values["bare_hands_attack"]
        defense = min([s.data.deck[c].defense for c in s.hands[s.player] if s.data.deck[c].effect == "weapon"]
                      + [s.data.values["bare_hands_defense"]])
        _, expected = odds.expected_points(attack, defense)
        return -float(expected)  # guard when the duel would cost me points

    def _noguard(self, s: HMState, a: HMAction) -> float:
        return 0.0

    def _weapon(self, s: HMState, a: Fight) -> float:
        if a.weapon is None:
            return 0.0
        card = s.data.by_name[a.weapon]
        attacking = s.phase == "attacker_weapon"
        bare = s.data.values["bare_hands_attack" if attacking else "bare_hands_defense"]
        mine = card.attack if attacking else card.defense
        return bare - mine - 0.1  # a lower threshold is better; never waste a worse weapon

    def _apothecary(self, s: HMState, a: HMAction) -> float:
        return 1.0

    def _oldlady(self, s: HMState, a: HMAction) -> float:
        return 1.0  # HM-107: the loan on offer always adds a hit, a parry or points for the one it is offered to

    def _courtesan(self, s: HMState, a: HMAction) -> float:
        d = s.duel
        if d is None:
            return 0.0
        return 1.0 if s.scores_[d["att"]] >= s.scores_[s.player] else -1.0

    def _keep(self, s: HMState, a: Keep) -> float:
        if a.card is None:
            return 0.0
        card = s.data.by_name[a.card]
        return {"performance": 2.0, "duel": 1.5, "points": 1.5, "weapon": 1.0}.get(card.effect, 0.5)


def make_bots(players: int, kind: str = "heuristic", seed: int = 0) -> list[Bot]:
    """`players` bots of one kind ('heuristic' or 'random'), seeded seed, seed+1, ..."""
    cls: type[Bot] = HeuristicBot if kind == "heuristic" else RandomBot
    return [cls(seed + i) for i in range(players)]


def dominated_sites(state: HMState) -> dict[str, int | None]:
    """Who dominates each site right now (A9: a live, recomputed property)."""
    return {name: dominator(state, i) for i, name in enumerate(state.data.site_names)}


def determinize(state: State, seat: int, rng: Rng) -> HMState:
    """For the coach (hench.core.coach): a state `seat` cannot tell from `state`, from its view only. For each
    site, the face-down pile and the other seats' hand cards with that site's back are dealt again together
    (sorted first, so the deal depends only on what `seat` sees and the seed). The others' hands are put in
    site order first: `seat` sees only their backs in that order (HM-089)."""
    if not isinstance(state, HMState):
        raise TypeError(f"a Henchmania determinization needs a Henchmania position, not {type(state).__name__}")
    out = state.clone()
    deck = out.data.deck
    for other, hand in enumerate(out.hands):
        if other != seat:
            hand.sort(key=lambda cid: deck[cid].site)
    for site, pile in enumerate(out.piles):
        slots = [(hand, i) for other, hand in enumerate(out.hands) if other != seat
                 for i, cid in enumerate(hand) if deck[cid].site == site]
        pool = rng.shuffled(sorted(list(pile) + [hand[i] for hand, i in slots], key=repr))
        for k, (hand, i) in enumerate(slots):
            hand[i] = pool[k]
        pile[:] = pool[len(slots):]
    return out


__all__ = ["HeuristicBot", "RandomBot", "determinize", "dominated_sites", "make_bots"]
