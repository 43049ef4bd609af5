"""The five games in OpenSpiel (issue 38): `import hench.openspiel` registers `hench_<game>` with pyspiel.

    import pyspiel, hench.openspiel
    game = pyspiel.load_game("hench_huns", {"players": 3})

Optional: needs the `openspiel` extra (`pip install hench[openspiel]`); `import hench` never imports pyspiel.
What each part means (action ids, chance, utility, tensors, game length) is written down in docs/openspiel.md.

- Action ids are the game's own (`Game.action_id`, hench.core.codec); chance outcomes are numbered apart.
- Chance is EXPLICIT_STOCHASTIC: a game starts with the deal, a chance node whose outcome seeds the game's own
  generator (every later shuffle and hidden draw), and dice and revealed cards are chance nodes as in hench. Nobody
  sees the deal's outcome; a search must not clone the true state but call `resample_from_infostate` (ISMCTS
  does), which deals what the seat cannot see again and reseeds the generator (hench.core.coach.determinize).
- Returns are a share of the win: 1/k to each of k winners, 0 to the others (CONSTANT_SUM, sum 1, bounds 0..1).
- States are serialized through hench's saves (`to_json` / `state_from_json`), with each seat's record of moves.
"""

from __future__ import annotations

import importlib
import json
import zlib
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel

from . import GAMES, get_game
from .core.chance import CHANCE
from .core.coach import determinize
from .core.game import Game, State, state_from_json

OBSERVATION_SIZE = 1024  # the observation tensor: hashed features of the seat's observation (docs/openspiel.md)
DEALS = 1 << 16  # the deal's chance outcomes: seeds 0..DEALS-1 of hench's generator (a game parameter)
HISTORY_SIZE = 512  # the information-state tensor adds this many: hashed features of the seat's record of moves
NAMES = tuple(f"hench_{g}" for g in GAMES)


# -- a position and how it was reached (shared by clones: never changed once made) ---------------------------
class _Node:
    """A hench state, the move that made it, and what OpenSpiel asks of it, cached (OpenSpiel asks for the current
    player about four times per move). The first node of a game is the deal: a chance node whose outcome is the
    seed of the new game (its shuffles and hidden draws), so it holds no state yet. Clones share nodes
    (`__deepcopy__` returns the node itself); a pickle (OpenSpiel's serialize) carries the hench save and each
    seat's record of moves."""

    __slots__ = ("_actions", "_chance", "_ids", "_seen", "action", "deals", "entries", "game", "parent", "players", "prefix",
                 "state")

    def __init__(self, game: Game, state: State | None, parent: _Node | None = None, action: Any = None,
                 prefix: tuple[tuple[str, ...], ...] = (), deals: int = 0):
        self.game, self.state, self.parent, self.action, self.prefix = game, state, parent, action, prefix
        self.players = parent.players if parent is not None else len(prefix) if prefix else state.num_players  # type: ignore[union-attr]
        self.deals = deals
        self._ids: list[int] | None = None
        self._actions: dict[int, Any] | None = None
        self._chance: list[tuple[int, float]] | None = None
        self.entries: list[str] | None = None
        self._seen: dict[tuple[str, int], Any] = {}

    def seen(self, kind: str, seat: int) -> Any:
        """What `seat` sees here, computed once: "text" its observation as JSON, "features" its hashed tensor."""
        key = (kind, seat)
        if key not in self._seen:
            if self.state is None:  # the deal: nothing to see yet
                self._seen[key] = '"before the deal"' if kind == "text" else np.zeros(OBSERVATION_SIZE, np.float32)
            else:
                seen = self.state.observation(seat)
                if kind == "text":
                    self._seen[key] = json.dumps(seen, sort_keys=True, separators=(",", ":"), default=str)
                else:
                    features = np.zeros(OBSERVATION_SIZE, np.float32)
                    hashed_features(seen, features)
                    self._seen[key] = features
        return self._seen[key]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if self.state is None:
            return _deal_node, (self.game.id, self.players, self.deals)
        return _load_node, (self.game.id, self.state.to_json(), self.records())

    @property
    def player(self) -> int | None:
        return CHANCE if self.state is None else self.state.current_player

    # -- moves ---------------------------------------------------------------------------------------------
    def _read(self) -> None:
        state = self.state
        if state is None:  # the deal: seeds 0..deals-1, ids after the game's own chance outcomes
            first = self.game.action_codec(None).max_chance_outcomes
            self._ids = list(range(first, first + self.deals))
            self._chance = [(i, 1.0 / self.deals) for i in self._ids]
            self._actions = {}
            return
        if state.current_player == CHANCE:
            pairs = sorted((self.game.action_id(state, a), a, float(p)) for a, p in state._chance_outcomes())
            self._chance = [(i, p) for i, _, p in pairs]
        else:
            pairs = sorted((self.game.action_id(state, a), a, 0.0) for a in state._legal_cached())
        self._ids = [i for i, _, _ in pairs]
        self._actions = {i: a for i, a, _ in pairs}

    def ids(self) -> list[int]:
        if self._ids is None:
            self._read()
        return self._ids  # type: ignore[return-value]

    def chance(self) -> list[tuple[int, float]]:
        if self._ids is None:
            self._read()
        return list(self._chance or ())

    def action_of(self, number: int) -> Any:
        if self._actions is None:
            self._read()
        action = self._actions.get(number)  # type: ignore[union-attr]
        if action is None:
            raise pyspiel.SpielError(f"{number} is not a legal action id here; legal: {self.ids()[:20]}")
        return action

    def child(self, number: int) -> _Node:
        if self.state is None:
            seed = number - self.game.action_codec(None).max_chance_outcomes
            if not 0 <= seed < self.deals:
                raise pyspiel.SpielError(f"{number} is not a deal: the deals are ids {self.ids()[0]}..{self.ids()[-1]}")
            return _Node(self.game, self.game.new_game(players=self.players, seed=seed), self, seed, deals=self.deals)
        action = self.action_of(number)
        return _Node(self.game, self.state.apply(action), self, action, deals=self.deals)

    def text(self, number: int) -> str:
        if self.state is None:
            return f"deal {number - self.ids()[0]}"
        return self.game.format_action(self.game.action_from_id(self.state, number))

    # -- what each seat saw of the moves (the information state's perfect recall) ---------------------------
    def entry(self, seat: int) -> str:
        """What `seat` saw of the move that made this node: its id when the seat saw all of it, else its words
        (the deal: only that the cards were dealt)."""
        if self.entries is None:
            before = self.parent.state  # type: ignore[union-attr]
            if before is None:
                self.entries = ["deal"] * self.players
                return self.entries[seat]
            mover, full = before.current_player, self.game.format_action(self.action)
            number = self.game.action_id(before, self.action)
            tag = "c" if mover == CHANCE else f"p{mover}:"
            told = [self.game.public_action(before, self.action, s) for s in range(self.players)]
            self.entries = [f"{tag}{number}" if text == full else f"{tag}[{text}]" for text in told]
        return self.entries[seat]

    def record(self, seat: int) -> tuple[str, ...]:
        out: list[str] = []
        node: _Node = self
        while node.parent is not None:
            out.append(node.entry(seat))
            node = node.parent
        head = node.prefix[seat] if node.prefix else ()
        return head + tuple(reversed(out))

    def records(self) -> tuple[tuple[str, ...], ...]:
        return tuple(self.record(s) for s in range(self.players))


def _deal_node(game_id: str, players: int, deals: int) -> _Node:
    return _Node(get_game(game_id), None, prefix=((),) * players, deals=deals)


def _load_node(game_id: str, save: str, records: tuple[tuple[str, ...], ...]) -> _Node:
    state = state_from_json(save)
    return _Node(get_game(game_id), state, prefix=tuple(tuple(r) for r in records))


# -- the state ---------------------------------------------------------------------------------------------------
class HenchState(pyspiel.State):
    """One position of a hench game, as OpenSpiel sees it."""

    def __init__(self, game: HenchGame, node: _Node):
        super().__init__(game)
        self._node = node

    @property
    def hench_state(self) -> State:
        """The hench state underneath (for a view, the coach, or `observation(seat)`); before the deal, none."""
        if self._node.state is None:
            raise ValueError("the cards are not dealt yet: apply a deal (a chance outcome) first")
        return self._node.state

    def current_player(self) -> int:
        player = self._node.player
        return pyspiel.PlayerId.TERMINAL if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._node.ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._node.chance()

    def _apply_action(self, action: int) -> None:
        self._node = self._node.child(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == self._node.player:
            return self._node.text(action)
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._node.player is None

    def returns(self) -> list[float]:
        state = self._node.state
        if state is None or state.current_player is not None:
            return [0.0] * self._node.players
        winners = state.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self._node.players)]

    def __str__(self) -> str:
        state = self._node.state
        return "(the deal)" if state is None else state.to_json()

    def resample_from_infostate(self, player: int, sampler: Any) -> HenchState:
        """A state `player` cannot tell from this one: what the others hide dealt again and the generator
        reseeded (hench.core.coach.determinize), with this seat's record of moves kept as every seat's."""
        draw = sampler() if callable(sampler) else 0.5
        seed = int(draw * (1 << 62)) ^ len(self.history())
        return self.with_node(resampled(self._node, player, seed))

    def with_node(self, node: _Node) -> HenchState:
        out = self.clone()
        out._node = node  # type: ignore[attr-defined]
        return out


def resampled(node: _Node, seat: int, seed: int) -> _Node:
    """The node of a determinized state: what `seat` cannot see re-dealt from its view (same seed, same deal)."""
    record = node.record(seat)
    state = determinize(node.state, seat, seed)
    return _Node(node.game, state, prefix=tuple(record for _ in range(node.players)), deals=node.deals)


# -- observations: strings and fixed-size tensors ------------------------------------------------------------
def _leaves(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _leaves(value[key], f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        if not value:
            yield f"{path}#", 0
        for i, item in enumerate(value):
            yield from _leaves(item, f"{path}[{i}]")
    else:
        yield path, value


_BUCKETS: dict[tuple[str, int], int] = {}


def _bucket(text: str, size: int) -> int:
    key = (text, size)
    hit = _BUCKETS.get(key)
    if hit is None:
        if len(_BUCKETS) > 200_000:
            _BUCKETS.clear()
        hit = _BUCKETS[key] = zlib.crc32(text.encode()) % size
    return hit


def hashed_features(observation: Any, out: np.ndarray) -> None:
    """Add the observation's leaves into `out` (feature hashing): a number adds itself at its path's bucket, any
    other value adds 1 at the bucket of path=value. The same observation gives the same tensor in every process."""
    size = len(out)
    for path, value in _leaves(observation, ""):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[_bucket(path, size)] += float(value)
        else:
            out[_bucket(f"{path}={value}", size)] += 1.0


class _Observer:
    """OpenSpiel's PyObserver: a seat's observation, with (`history`) or without its record of moves."""

    def __init__(self, history: bool):
        self.history = history
        size = OBSERVATION_SIZE + (HISTORY_SIZE if history else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:OBSERVATION_SIZE]}
        if history:
            self.dict["history"] = self.tensor[OBSERVATION_SIZE:]

    def set_from(self, state: HenchState, player: int) -> None:
        self.tensor.fill(0.0)
        self.dict["observation"][:] = state._node.seen("features", player)
        if self.history:
            block = self.dict["history"]
            for item in state._node.record(player):
                block[_bucket(item, HISTORY_SIZE)] += 1.0

    def string_from(self, state: HenchState, player: int) -> str:
        text = state._node.seen("text", player)
        if self.history:
            return f"{text}\n{' '.join(state._node.record(player))}"
        return text


# -- the game --------------------------------------------------------------------------------------------------
class HenchGame(pyspiel.Game):
    """A hench game as a pyspiel game: `players` picks the seat count, `deals` how many seeds the deal draws from."""

    GAME_ID = ""  # set in each registered subclass (one class per game: pyspiel registers a class, as its own games do)

    def __init__(self, params: dict[str, Any] | None = None):
        params = params or {}
        game_id = self.GAME_ID
        self.hench = get_game(game_id)
        players = int(params.get("players", self.hench.min_players))
        self.deals = int(params.get("deals", DEALS))
        codec = self.hench.action_codec(None)
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_distinct_actions, max_chance_outcomes=codec.max_chance_outcomes + self.deals,
            num_players=players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
            max_game_length=max_game_length(game_id, players))
        super().__init__(game_type(game_id), info, dict(params))
        self.players = players

    def new_initial_state(self, *_: Any) -> HenchState:
        """A new game at its deal: a chance node whose outcome (one of `deals`, equally likely) seeds the game."""
        return HenchState(self, _Node(self.hench, None, prefix=((),) * self.players, deals=self.deals))

    def from_hench(self, state: State) -> HenchState:
        """A pyspiel state over a hench state (a position from a save or a Session), with no record of moves."""
        return HenchState(self, _Node(self.hench, state, prefix=((),) * state.num_players))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        if params:
            raise ValueError(f"hench observers take no parameters, got {params}")
        return _Observer(history=iig_obs_type is not None and iig_obs_type.perfect_recall)


def max_game_length(game_id: str, players: int) -> int:
    """The most player moves a game can take (chance outcomes not counted, as OpenSpiel counts): each game's
    `max_moves` in hench/<game>/codec.py, argued from its rules in docs/openspiel.md."""
    module = importlib.import_module(f"hench.{game_id}.codec")
    return int(module.max_moves(players))


def game_type(game_id: str) -> pyspiel.GameType:
    hench_game = get_game(game_id)
    return pyspiel.GameType(
        short_name=f"hench_{game_id}", long_name=f"hench {hench_game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hench_game.max_players, min_num_players=hench_game.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": hench_game.min_players, "deals": DEALS})


def _register(game_id: str) -> type[HenchGame]:
    cls = type(f"Hench{game_id.title()}Game", (HenchGame,), {"GAME_ID": game_id, "__module__": __name__})
    pyspiel.register_game(game_type(game_id), cls)
    return cls


def load(game_id: str, players: int | None = None) -> HenchGame:
    """`pyspiel.load_game("hench_<game_id>", {"players": players})`."""
    hench_game = get_game(game_id)
    return pyspiel.load_game(f"hench_{game_id}", {"players": players or hench_game.min_players})


GAME_CLASSES = {game_id: _register(game_id) for game_id in GAMES if f"hench_{game_id}" not in pyspiel.registered_names()}
