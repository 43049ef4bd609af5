"""The coach sees only what its seat may know (issue 39), one kind of hidden information at a time, and its
playouts from one position differ.

For positions of bot games, each kind of hidden information a game has is changed while the seat's observation
stays the same: a face-down deck's order, another seat's hidden cards swapped with unseen ones of the same
back, a secret vote or pick, an amount behind a screen. The seat cannot tell the two positions apart, so the
coach's worlds (`determinize`, for the same seed) and its advice (for the same seed and number of playouts)
must not tell them apart either. And the worlds do vary: over several seeds, each kind is dealt again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

import hench
from hench.core import Rng, State, next_action, play_game
from hench.core.coach import Coach, determinize, heuristic_class, playout_bots

Perturb = Callable[[dict[str, Any], State, int, Rng], bool]  # changes a save in place; False: nothing to change here
Extract = Callable[[dict[str, Any], int], Any]  # the part of a world's save that kind deals


@dataclass(frozen=True)
class Kind:
    name: str
    perturb: Perturb
    extract: Extract
    players: str = "any"  # "more": only with more than 2 players (Lancaster's screens, LB-089)


def _shuffle(items: list[Any], rng: Rng) -> bool:
    """Shuffle `items` in place to a different order (False when it has fewer than 2 different items)."""
    if len(set(map(repr, items))) < 2:
        return False
    while True:
        new = rng.shuffled(items)
        if new != items:
            items[:] = new
            return True


def _swap(mine: list[Any], i: int, pool: list[Any], j: int) -> bool:
    if mine[i] == pool[j]:
        return False
    mine[i], pool[j] = pool[j], mine[i]
    return True


def _others(state: State, seat: int) -> list[int]:
    return [p for p in range(state.num_players) if p != seat]


# -- Henchmania (HM-089: the others' hands show only their backs, in site order; the piles only their sizes) ------
def hm_pile(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    return any([_shuffle(pile, rng) for pile in d["piles"]])


def hm_hand(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    for p in _others(s, seat):
        hand = d["hands"][p]
        for i, cid in enumerate(hand):
            pile = d["piles"][s.data.deck[cid].site]
            if pile:
                changed = _swap(hand, i, pile, rng.randrange(len(pile)))
                return _shuffle(hand, rng) or changed
    return False


HENCHMANIA = (Kind("pile order", hm_pile, lambda d, seat: d["piles"]),
              Kind("another seat's hand", hm_hand, lambda d, seat: [h for p, h in enumerate(d["hands"]) if p != seat]))


# -- Huns (HU-081, HU-104) ------------------------------------------------------------------------------------
def hu_decks(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    return any([_shuffle(deck, rng) for deck in d["decks"].values()])


def hu_wagons(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    return _shuffle(d["wagon_deck"], rng)


def hu_dispatched(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    for p in _others(s, seat):
        sent = d["camps"][p]["dispatched"]
        if sent and d["wagon_deck"]:
            return _swap(sent, 0, d["wagon_deck"], rng.randrange(len(d["wagon_deck"])))
    return False


def hu_fled(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    black = d["decks"]["black"]
    for p in _others(s, seat):
        camp = d["camps"][p]
        if camp["fled"] and black:
            old, j = camp["fled"][0], rng.randrange(len(black))
            new = black[j]
            black[j], camp["fled"][0] = old, new
            camp["cards"][camp["cards"].index(old)] = new
            return True
    return False


HUNS = (Kind("deck order", hu_decks, lambda d, seat: d["decks"]),
        Kind("Wagon deck order", hu_wagons, lambda d, seat: d["wagon_deck"]),
        Kind("another seat's dispatched Wagons", hu_dispatched,
             lambda d, seat: [c["dispatched"] for p, c in enumerate(d["camps"]) if p != seat]),
        Kind("another seat's fled Curses", hu_fled, lambda d, seat: [c["fled"] for p, c in enumerate(d["camps"]) if p != seat]))
# (the cards another seat has drawn are never in play at a decision of `seat`: only the drawer acts then)


# -- Hemloch (the other's hand, every deck's order, the Draft's pool and the other's kept cards) ----------------
def hl_hand(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    hand, deck = d["hands"][1 - seat], d["decks"][1 - seat]
    return bool(hand and deck) and _swap(hand, rng.randrange(len(hand)), deck, rng.randrange(len(deck)))


def hl_decks(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    return any([_shuffle(deck, rng) for deck in d["decks"]])


def hl_kept(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    kept, pool = d["kept"][1 - seat], d["pool"]
    if d["draft"] and kept and pool:
        return _swap(kept, rng.randrange(len(kept)), pool, rng.randrange(len(pool)))
    return d["draft"] and _shuffle(pool, rng)


HEMLOCH = (Kind("the other's hand", hl_hand, lambda d, seat: d["hands"][1 - seat]),
           Kind("deck order", hl_decks, lambda d, seat: d["decks"]),
           Kind("the Draft pool and the other's kept cards", hl_kept, lambda d, seat: (d["pool"], d["kept"][1 - seat])))


# -- Lancaster (face-down decks; a cast vote, LB-035; gold and squires behind a screen, LB-008) ----------------
def la_conflicts(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    return d["stage"] != "over" and _shuffle(d["conflict_deck"], rng)


def la_laws(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    """LB-011: the groups are stacked in order, so only the order within one group is unknown."""
    from hench.lancaster.bots import law_group

    if d["stage"] == "over":
        return False
    deck, changed = d["law_deck"], False
    for group in {law_group(s, law) for law in deck}:
        where = [i for i, law in enumerate(deck) if law_group(s, law) == group]
        run = [deck[i] for i in where]
        if _shuffle(run, rng):
            changed = True
            for i, law in zip(where, run):
                deck[i] = law
    return changed


def la_vote(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    for p in _others(s, seat):
        vote = d["votes"][p] if p < len(d["votes"]) else None
        if vote is not None and d["stage"] != "over":
            vote[0] = not vote[0]
            return True
    return False


def la_screen(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    if s.n <= 2 or d["stage"] == "over":
        return False
    p = _others(s, seat)[rng.randrange(s.n - 1)]
    pending = [x for x in d["pending"] if x[0] == p and x[1] == "law_choice"]
    if pending:  # its choice is capped by what it holds: keep the twin a legal position
        return False
    d["res"][p]["gold"] += 1
    d["res"][p]["squires"] += 1
    return True


LANCASTER = (Kind("conflict deck order", la_conflicts, lambda d, seat: d["conflict_deck"]),
             Kind("law deck order", la_laws, lambda d, seat: d["law_deck"]),
             Kind("another seat's cast vote", la_vote, lambda d, seat: [v for p, v in enumerate(d["votes"]) if p != seat]),
             Kind("gold and squires behind a screen", la_screen,
                  lambda d, seat: [(r["gold"], r["squires"]) for p, r in enumerate(d["res"]) if p != seat], "more"))


# -- Maniacal (MA-015, MA-041, MA-043, MA-106, MA-162) ------------------------------------------------------------
MA_DECKS = ("rooms", "powers", "mercenaries", "easy", "hard", "legendary")
MA_HENCHMEN = ("beast", "criminal", "scientist", "mystic")


def ma_decks(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    changed = [_shuffle(d["decks"][name], rng) for name in MA_DECKS]
    for name in MA_HENCHMEN:  # the top card is the face-up offer
        below = d["decks"][name][1:]
        if _shuffle(below, rng):
            d["decks"][name][1:] = below
            changed.append(True)
    return any(changed)


def ma_map(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    """MA-106: a face-down contract swapped for one of its deck with the same back (not one being attempted)."""
    cards = s.data.cards
    busy = (d["attempt"] or {}).get("slot")
    for i, cid in enumerate(d["map"]):
        c = cards[cid]
        same = [j for j, other in enumerate(d["decks"][c.difficulty])
                if (cards[other].team, cards[other].trait) == (c.team, c.trait)]
        if i != busy and same:
            return _swap(d["map"], i, d["decks"][c.difficulty], same[rng.randrange(len(same))])
    return False


def ma_schemes(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    deck = d["decks"]["schemes"]
    for p in _others(s, seat):
        mine = d["lairs"][p]["schemes"]
        if mine and deck:
            return _swap(mine, rng.randrange(len(mine)), deck, rng.randrange(len(deck)))
    return False


def ma_hand(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    """A draft hand `seat` never held this round (MA-043 .. MA-046: the hands it passed on are known to it)."""
    if d["step"] != "draft":
        return False
    n, step = s.num_players, -1 if d["round"] == 2 else 1
    held = {(seat + step * m) % n for m in range(d["pick_no"])}
    deck = d["decks"]["rooms"]
    for p in range(n):
        lair = d["lairs"][p]
        free = [i for i, c in enumerate(lair["hand"]) if not lair["pick"] or c != lair["pick"][0]]
        if p not in held and free and deck:
            return _swap(lair["hand"], free[0], deck, rng.randrange(len(deck)))
    return False


def ma_pick(d: dict[str, Any], s: Any, seat: int, rng: Rng) -> bool:
    for p in _others(s, seat):
        lair = d["lairs"][p]
        other = [c for c in lair["hand"] if lair["pick"] and c != lair["pick"][0]]
        if other:
            lair["pick"] = [other[0], "sell"]
            return True
    return False


MANIACAL = (Kind("deck order", ma_decks, lambda d, seat: {k: d["decks"][k] for k in MA_DECKS + MA_HENCHMEN}),
            Kind("face-down contracts", ma_map, lambda d, seat: d["map"]),
            Kind("another seat's Scheme cards", ma_schemes,
                 lambda d, seat: [lair["schemes"] for p, lair in enumerate(d["lairs"]) if p != seat]),
            Kind("a draft hand not yet seen", ma_hand, lambda d, seat: [lair["hand"] for lair in d["lairs"]]),
            Kind("another seat's locked pick", ma_pick,
                 lambda d, seat: [lair["pick"] for p, lair in enumerate(d["lairs"]) if p != seat]))

KINDS = {"henchmania": HENCHMANIA, "huns": HUNS, "hemloch": HEMLOCH, "lancaster": LANCASTER, "maniacal": MANIACAL}


# -- positions and twins ---------------------------------------------------------------------------------------------
SETUPS: dict[str, tuple[dict[str, Any], ...]] = {"hemloch": ({}, {"draft": True})}  # HL-088: the Draft variant too


def positions(game_id: str, players: int, seed: int, limit: int = 60, **options: Any) -> list[State]:
    """Up to `limit` positions of a heuristic game, spread over it, where a seat chooses among several moves."""
    game = hench.get_game(game_id)
    state, rng = game.new_game(players=players, seed=seed, **options), Rng.from_seed(seed)
    bots = [heuristic_class(game)(seed + i) for i in range(players)]
    found = []
    while not state.is_terminal:
        seat = state.current_player
        if seat is not None and seat >= 0 and len(state.legal_actions()) > 1:
            found.append(state)
        state = state.apply(next_action(state, bots, rng))
    step = max(1, len(found) // limit)
    return found[::step]


def twin_of(state: State, seat: int, kind: Kind, seed: int) -> tuple[State, State] | None:
    """(the position read back from its save, the same with `kind` changed), or None if there is nothing to change."""
    if kind.players == "more" and state.num_players <= 2:
        return None
    base = type(state).from_dict(state.to_dict())
    d = state.to_dict()
    if not kind.perturb(d, state, seat, Rng.from_seed(seed)):
        return None
    return base, type(state).from_dict(d)


def counts(game_id: str) -> tuple[int, ...]:
    game = hench.get_game(game_id)
    return tuple(sorted({2, game.max_players}))


def cases(game_id: str, seeds: tuple[int, ...] = (21, 22)) -> dict[str, list[tuple[State, State, int]]]:
    """For each kind of the game, the (position, twin, seat) pairs found in bot games at 2 and the most players."""
    out: dict[str, list[tuple[State, State, int]]] = {k.name: [] for k in KINDS[game_id]}
    games = [(players, seed, setup) for players in counts(game_id) for seed in seeds
             for setup in SETUPS.get(game_id, ({},))]
    for players, seed, setup in games:
        for k, state in enumerate(positions(game_id, players, seed, **setup)):
            seat = state.current_player
            for kind in KINDS[game_id]:
                pair = twin_of(state, seat, kind, seed * 1000 + k)
                if pair is not None:
                    out[kind.name].append((*pair, seat))
    return out


def advice(game_id: str, state: State, seat: int) -> list[tuple[Any, ...]]:
    coach = Coach(game_id, seed=3, iterations=2 * len(state.legal_actions()))
    found = coach.suggest(state, seat)
    return [found.best.action] + [(m.action, m.samples, m.win_chance, m.expected_points) for m in found.moves]


GAMES = tuple(KINDS)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_of_hidden_information_stays_hidden_from_the_coach(game_id):
    """Each kind is met in the games played (so the check cannot pass vacuously); for each twin the seat sees
    the same observation, the coach's worlds for two seeds are the same, and for the first few twins of each
    kind its advice (a fixed seed and number of playouts) is the same."""
    for name, pairs in cases(game_id).items():
        assert pairs, f"{game_id}: no position had {name} to change: the check would be vacuous"
        for k, (base, twin, seat) in enumerate(pairs):
            assert twin.to_dict() != base.to_dict()
            assert twin.observation(seat) == base.observation(seat), f"{game_id}, {name}: the twin should look the same"
            for seed in (1, 2):
                assert determinize(twin, seat, seed).to_dict() == determinize(base, seat, seed).to_dict(), \
                    f"{game_id}: the coach's world reads {name} (position {k}, seed {seed})"
            if k < 2:
                assert advice(game_id, twin, seat) == advice(game_id, base, seat), \
                    f"{game_id}: the coach's advice reads {name} (position {k})"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_worlds_deal_each_kind_of_hidden_information_again(game_id):
    """Over six seeds the coach's worlds do not all keep one deal of a kind: for each kind, in at least one
    position where it can vary, they hold at least two different deals (and in most positions where a deck
    has several cards left, its order changes)."""
    for name, pairs in cases(game_id, seeds=(21,)).items():
        kind = next(k for k in KINDS[game_id] if k.name == name)
        varied = 0
        for base, _, seat in pairs[:12]:
            deals = {repr(kind.extract(determinize(base, seat, seed).to_dict(), seat)) for seed in range(6)}
            varied += len(deals) > 1
        assert varied, f"{game_id}: every world kept one deal of {name}"
        assert varied >= len(pairs[:12]) // 2, f"{game_id}: {name} was dealt again in only {varied} of {len(pairs[:12])} positions"


# -- playouts that differ (issue 39: a deterministic heuristic played every playout from a position alike) -------
@pytest.mark.parametrize("game_id", GAMES)
def test_playouts_from_one_position_differ(game_id):
    """From a mid-game position (the position itself, no world dealt again), eight playouts by the coach's playout
    bots (the game's heuristic, exploring) with different seeds do not all end with the same scores, at 2 and at the
    most players."""
    game = hench.get_game(game_id)
    for players in counts(game_id):
        found = positions(game_id, players, seed=31, limit=10_000)
        middle = found[len(found) // 2]
        ends = set()
        for seed in range(8):
            bots = playout_bots(heuristic_class(game), players, Rng.from_seed(seed * 10))
            end, _ = play_game(middle, bots, Rng.from_seed(seed))
            ends.add(tuple(end.scores()))
        assert len(ends) > 1, f"{game_id}, {players} players: all 8 playouts ended {ends.pop()}"
