"""The Huns game: the state class, the setup (HU-011..HU-029) and the `Game` description."""

from __future__ import annotations

from hench.core import Game, InvalidOptionError, Option, Rng

from . import actions as A
from . import render, scoring
from .data import COLOURS, HunsData, default_data, load_data
from .engine import Engine
from .state import DISPLAY, RESERVE_BY_PLAYERS, SLOTS, Camp


class HunsState(Engine):
    """A Huns position. Use `hench.get_game("huns").new_game(players=3, seed=1)` to make one."""

    def scores(self) -> list[int]:
        """VP of each player as if the game ended now (final at `game_over`)."""
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def breakdown(self, seat: int) -> dict[str, int]:
        return scoring.breakdown(self, seat)

    def scoring_sheet(self) -> list[dict[str, int]]:
        return scoring.scoring_sheet(self)

    def action_for_space(self, slot: int, index: int) -> str | None:
        """The action a click on space `index` (0-based) of the Wagon in `slot` (0 or 1) stands for,
        or None. A matching cube if one is held, else a wild cube (Broad Wagon, Teamster)."""
        camp = self.camps[self.current_player] if isinstance(self.current_player, int) and self.current_player >= 0 else None
        if camp is None or not 0 <= slot < len(camp.wagons) or camp.wagons[slot] < 0:
            return None
        spaces = self.data.wagons[camp.wagons[slot]].spaces
        if not 0 <= index < len(spaces) or camp.loads[slot][index] >= 0:
            return None
        space = spaces[index]
        legal = self.legal_actions()
        for cube in [space] + [c for c in range(5) if c != space]:
            action = A.place(cube, slot, space)
            if action in legal:
                return action
        return None

    def notation(self) -> str:
        return render.notation(self)

    def _repr_html_(self) -> str:
        return render.to_html(self)

    def html(self, seat: int | None = None, clickable: bool = False) -> str:
        """The table as HTML (Huns hides nothing a seat may not see); `clickable` marks the dice and
        Wagon spaces that are legal moves with data-action for a clickable board."""
        return render.to_html(self, clickable=clickable)


def _deal(s: HunsState, rng: Rng, hd: HunsData, n: int) -> None:
    keep = [i for i, c in enumerate(hd.cards) if c.min_players <= n]  # HU-013, HU-014, HU-015
    s.removed = tuple(i for i, c in enumerate(hd.cards) if c.min_players > n)  # HU-016
    s.decks = [tuple(rng.shuffled([i for i in keep if hd.cards[i].colour == c])) for c in range(5)]  # HU-011, HU-017
    s.reserve = [RESERVE_BY_PLAYERS[n]] * 5  # HU-019, HU-020
    wagons = rng.shuffled(range(len(hd.wagons)))  # HU-021
    s.display, rest = tuple(wagons[:DISPLAY]), wagons[DISPLAY:]
    s.camps = []
    for _ in range(n):  # HU-023, HU-024: the top 2 of the Wagon deck each
        mine, rest = rest[:SLOTS], rest[SLOTS:]
        s.camps.append(Camp(list(mine), [[-1] * len(hd.wagons[w].spaces) for w in mine], [], [0] * 5, [], {}, [], []))
    s.wagon_deck = tuple(rest)


def _reset_turn(s: HunsState) -> None:
    s.die, s.value, s.wild_used = -1, 0, 0
    s.action_done = s.raid_done = s.reroll_done = s.sent_back = False
    s.resume, s.holding, s.hand, s.hand_deck = "setup", [0] * 5, (), -1
    s.curse, s.curse_from, s.curse_to, s.replace_slot, s.reroll, s.played = -1, 0, 0, -1, -1, -1


def start(players: int, seed: int | None, strict_pillage_use: bool, setup_bonus_destination: str,
          raid_same_turn: bool, data: str, first_player: int) -> HunsState:
    if not -1 <= first_player < players:
        raise InvalidOptionError(f"first_player should be -1 (random) or a seat 0..{players - 1}, got {first_player}")
    hd = load_data(data) if data else default_data()
    rng = Rng.from_seed(seed)
    s = object.__new__(HunsState)
    s.data, s.n, s._owned, s._legal = hd, players, 0, None
    s.strict, s.bonus_dest, s.raid_same_turn = strict_pillage_use, setup_bonus_destination, raid_same_turn
    _deal(s, rng, hd, players)
    first = rng.randrange(players) if first_player < 0 else first_player  # HU-027
    s.first = s.start_seat = s.active = first
    s.round, s.turn = 1, 0
    s.dice, s.taken = [0] * 5, [-1] * 5
    _reset_turn(s)
    s.setup_queue = tuple((first + k) % players for k in (2, 3) if k < players)  # HU-028, HU-029
    if s.setup_queue:
        s.active, s.phase = s.setup_queue[0], "setup_catchup_valuables"
    else:
        s.phase = "round_roll_dice"
    s.rng = rng.state
    return s


def parse_action(state: HunsState, text: str) -> str:
    """The canonical action string for `text` (any case and spacing), checked for form only."""
    p = A.parse(text)
    lookup = {k.lower(): k for k in state.data.card_ids}
    canonical = _canonical(p, lookup, text)
    A.parse(canonical)
    return canonical


def _canonical(p: tuple, lookup: dict[str, str], text: str) -> str:
    kind = p[0]
    card = lambda cid: lookup.get(cid.lower(), cid)  # noqa: E731
    simple = {"draw": "draw", "pillage": "pillage", "flee": "flee", "accept": "accept", "sendback": "send back",
              "return": "return the rest", "end": "end turn"}
    if kind in simple:
        return simple[kind]
    makers = {"roll": lambda: A.roll(p[1], p[2]), "take": lambda: A.take(p[1]), "reroll": lambda: A.reroll(p[1]),
              "play": lambda: A.play(card(p[1])), "target": lambda: A.target(p[1]),
              "onto": lambda: A.onto(None if p[1] is None else card(p[1])), "place": lambda: A.place(p[1], p[2], p[3]),
              "replace": lambda: A.replace(p[1]), "bonus": lambda: A.bonus(p[1]),
              "activate": lambda: A.activate(card(p[1]), p[2])}
    return makers[kind]()


OPTIONS = {
    "strict_pillage_use": Option("strict_pillage_use", True, "A5: a Pillage may not choose a destination that takes no cube "
                                 "while another could take one"),
    "setup_bonus_destination": Option("setup_bonus_destination", "wagons", "A1: where the 3rd/4th players' catch-up "
                                      "Valuables go", ("wagons", "stash")),
    "raid_same_turn": Option("raid_same_turn", True, "A8: a Raid can be activated in the turn it was played"),
    "data": Option("data", "", "path of your own Huns data file (TOML: cards, wagons, dice); empty = the placeholders"),
    "first_player": Option("first_player", -1, "HU-027: -1 for a random first player, or a seat number"),
}

GAME = Game(id="huns", title="Huns", min_players=2, max_players=4, state_class=HunsState, start=start,
            options=OPTIONS, turn_rule="HU-033", end_rule="HU-038", parse=parse_action)

__all__ = ["GAME", "HunsState", "start", "COLOURS"]
