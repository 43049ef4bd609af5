"""The Henchmania position (`HMState`): fields, the uniform API, cloning and saving.

Legality lives in `legality.py` (small named checks, one rule each), the effects of actions and the
day's flow in `flow.py` and `duel.py`, drawing in `render.py`.

Hidden information: a state holds everything (it is the referee's view). `state.view(seat)` gives
what one seat may see: its own hand face up, every other hand only as card backs (the site each
card came from, HM-089), the Reserves, Trumps, discard piles (HM-088) and pile sizes.

Chance: the dice are chance nodes. At ``attack_roll`` the legal actions are the 56 multisets of
3 dice ("roll 6 4 1", faces in descending order) with their exact multinomial probabilities; at
``defense_roll`` the multisets of one die per hit. A multiset (not the hit count) lets a learner
set the very dice of the rulebook example, and because its probabilities are exact the odds of any
live position stay exact. Shuffles, Brawl's random discard and picking a card by its back use the
state's own seeded generator (`rng`, saved in the state).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from hench.core import CHANCE, InvalidActionError, State
from hench.core.rng import Rng

from .actions import Action
from .data import GameData

PHASE_IDS = ("set_henchmen", "resolve_domination", "play_cards", "guard_window", "attacker_weapon",
             "defender_weapon", "attack_roll", "defense_roll", "modifier_window", "discard_hands",
             "tiebreak_duels", "game_end")
DUEL_STEPS = ("guard_window", "attacker_weapon", "defender_weapon", "attack_roll", "defense_roll", "modifier_window")


@lru_cache(maxsize=64)
def roll_outcomes(dice: int, faces: int) -> tuple[tuple[Action, Fraction], ...]:
    """Every multiset of `dice` fair dice (faces descending) with its exact probability."""
    total = faces ** dice
    out = []
    for combo in itertools.combinations_with_replacement(range(faces, 0, -1), dice):
        ways = math.factorial(dice)
        for face in set(combo):
            ways //= math.factorial(combo.count(face))
        out.append((Action("roll", dice=combo), Fraction(ways, total)))
    return tuple(out)


class HMState(State):
    """A Henchmania position. Seats are 0..n-1 in clockwise order (M13)."""

    data: GameData
    opts: dict[str, Any]

    # -- construction ----------------------------------------------------------------
    def __init__(self, data: GameData, opts: dict[str, Any], n: int):
        self.data, self.opts, self.n = data, opts, n
        self.day, self.last_day, self.badge = 1, opts["days"], 0
        self.scores_ = [data.values["start_score"]] * n
        self.stage, self.turn, self.actor = "set_henchmen", 0, 0
        sites = len(data.site_names)
        self.piles: list[list[int]] = [[] for _ in range(sites)]
        self.discards: list[list[int]] = [[] for _ in range(sites)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.reserves: list[list[int]] = [[] for _ in range(n)]
        self.trumps: list[int | None] = [None] * n
        self.exhausted: set[int] = set()
        self.pawns: list[list[int]] = [[0] * n for _ in range(sites)]
        self.to_place = [0] * n
        self.held: list[list[int]] = [[] for _ in range(n)]
        self.passed = [False] * n
        self.queue: list[Any] = []
        self.duel: dict[str, Any] | None = None
        self.tiebreak: dict[str, Any] | None = None
        self.winner: int | None = None
        self.rng = 0
        self.events: list[str] = []
        self._legal: list[Action] | None = None

    def clone(self) -> "HMState":
        """A copy sharing the data, options and immutable fields; only changing containers are copied."""
        s = object.__new__(HMState)
        d = self.__dict__.copy()
        copy = list.copy
        d["scores_"], d["trumps"] = self.scores_[:], self.trumps[:]
        d["piles"], d["discards"] = list(map(copy, self.piles)), list(map(copy, self.discards))
        d["hands"], d["reserves"] = list(map(copy, self.hands)), list(map(copy, self.reserves))
        d["pawns"], d["held"] = list(map(copy, self.pawns)), list(map(copy, self.held))
        d["to_place"], d["passed"], d["queue"] = self.to_place[:], self.passed[:], self.queue[:]
        d["exhausted"] = set(self.exhausted)
        if self.duel is not None:
            d["duel"] = dict(self.duel)
        if self.tiebreak is not None:
            d["tiebreak"] = {**self.tiebreak, "pair": list(self.tiebreak["pair"]), "wounds": list(self.tiebreak["wounds"])}
        d["events"], d["_legal"] = [], None
        s.__dict__ = d
        return s

    # -- the uniform API ---------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.stage

    @property
    def step(self) -> str:
        """The finest step: the duel step during a tie-break, the phase otherwise."""
        return self.duel["step"] if self.duel is not None else self.stage

    @property
    def current_player(self) -> int | None:
        return self.actor

    def legal_actions(self) -> list[Action]:
        return list(self.legal_actions_cached())

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.actor != CHANCE:
            return []
        return list(roll_outcomes(self.dice_to_roll(), self.data.values["die_faces"]))

    def dice_to_roll(self) -> int:
        """How many dice the chance node rolls: 3 to attack (HM-057), one per hit to defend (HM-060)."""
        if self.duel is None or self.duel["step"] not in ("attack_roll", "defense_roll"):
            return 0
        return self.data.values["attack_dice"] if self.duel["step"] == "attack_roll" else self.duel["hits"]

    def apply(self, action: Hashable) -> "HMState":
        """The successor after `action` (an Action, or its text such as "place Tavern")."""
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        return super().apply(action)

    def check(self, action: Hashable) -> None:
        if type(action) is Action and action in self.legal_actions_cached():
            return
        super().check(action)

    def legal_actions_cached(self) -> list[Action]:
        if self._legal is None:
            self._legal = _legality.legal_actions(self)
        return self._legal

    def check_form(self, action: Hashable) -> None:
        if not isinstance(action, Action):
            raise InvalidActionError(f"{action!r} is not a Henchmania action; use game.parse_action(state, text) "
                                     "or one of state.legal_actions()")
        _legality.check_names(self, action)

    def illegal_reason(self, action: Hashable) -> tuple[str, str]:
        return _legality.why_illegal(self, action) or ("HM-025", "it is not one of the moves open now")

    def describe_action(self, action: Hashable) -> str:
        who = "the dice" if self.actor == CHANCE else f"P{self.actor}"
        return f"'{action}' by {who}"

    def _apply_in_place(self, action: Hashable) -> None:
        self.events = []
        _flow.apply_action(self, action)

    def scores(self) -> list[int]:
        return list(self.scores_)

    def winners(self) -> list[int]:
        """The winning seat (after tie-break duels if needed); [] before the end (HM-008, HM-082)."""
        return [] if self.actor is not None or self.winner is None else [self.winner]

    @property
    def num_players(self) -> int:
        return self.n

    # -- helpers the rule modules share ------------------------------------------------
    def card(self, cid: int):
        return self.data.deck[cid]

    def name(self, cid: int) -> str:
        return self.data.deck[cid].name

    def site_index(self, site: str) -> int:
        return self.data.site_names.index(site)

    def spots(self) -> int:
        return self.data.values["spots"][self.n]

    def seats_from(self, first: int) -> list[int]:
        """Every seat clockwise starting at `first`."""
        return [(first + i) % self.n for i in range(self.n)]

    def placements_left(self, seat: int) -> int:
        return self.to_place[seat] + len(self.held[seat])

    def find(self, cards: list[int], name: str, prefer_fresh: bool = True) -> int | None:
        """A card instance called `name` in `cards` (an unturned one first)."""
        found = None
        for cid in cards:
            if self.data.deck[cid].name == name:
                if not prefer_fresh or cid not in self.exhausted:
                    return cid
                found = cid
        return found

    def count(self, cards: list[int], name: str) -> int:
        deck = self.data.deck
        return sum(1 for cid in cards if deck[cid].name == name)

    def has_fresh(self, seat: int, effect: str) -> int | None:
        """An unturned Reserve card of `seat` with this effect (Reserve effects, HM-031, HM-036)."""
        deck = self.data.deck
        for cid in self.reserves[seat]:
            if deck[cid].effect == effect and cid not in self.exhausted:
                return cid
        return None

    def has_in_reserve(self, seat: int, effect: str) -> bool:
        deck = self.data.deck
        return any(deck[cid].effect == effect for cid in self.reserves[seat])

    def trump_effect(self, seat: int) -> str | None:
        t = self.trumps[seat]
        return None if t is None else self.data.deck[t].effect

    def rng_draw(self, n: int) -> int:
        rng = Rng(self.rng)
        value = rng.randrange(n)
        self.rng = rng.state
        return value

    def rng_shuffle(self, items: list[int]) -> list[int]:
        rng = Rng(self.rng)
        out = rng.shuffled(items)
        self.rng = rng.state
        return out

    def log(self, text: str) -> None:
        self.events.append(text)

    # -- hidden information ------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator, every hand as backs). See the module docstring."""
        from .render import view

        return view(self, seat)

    # -- saving ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        from .serial import to_dict

        return to_dict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "HMState":
        from .serial import from_dict

        return from_dict(data)

    # -- display -----------------------------------------------------------------------
    def notation(self) -> str:
        from .render import notation

        return notation(self)

    def _repr_html_(self) -> str:
        from .render import render_html

        return render_html(self)

    def html(self, seat: int | None = None, clickable: bool = False) -> str:
        """The board as HTML, with hands face up (seat None: all, for learning) or seen by `seat`;
        `clickable` marks the legal sites and cards with data-action for a clickable board."""
        from .render import render_html

        return render_html(self, seat=seat, reveal=seat is None, clickable=clickable)


from . import flow as _flow  # noqa: E402  (the rule modules use HMState only for type hints)
from . import legality as _legality  # noqa: E402
