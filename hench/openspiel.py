"""The five games in OpenSpiel (issue 38): `import hench.openspiel` registers `hench_<game>` with pyspiel.

    import pyspiel, hench.openspiel
    game = pyspiel.load_game("hench_huns", {"players": 3})

Optional: needs the `openspiel` extra (`pip install hench[openspiel]`); `import hench` never imports pyspiel.
What each part means (action ids, chance, utility, tensors, game length) is written down in docs/openspiel.md.

- Action ids are the game's own (`Game.action_id`, hench.core.codec); chance outcomes are numbered apart.
- Chance is EXPLICIT_STOCHASTIC: a game starts with the deal, four chance nodes of 256 outcomes whose bytes make the
  seed of the game's own generator (every later shuffle and hidden draw), and dice and revealed cards are chance
  nodes as in hench. Nobody sees the deal's outcomes; a search must not clone the true state but call `resample_from_infostate` (ISMCTS
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

from .core.chance import CHANCE
from .core.coach import determinize
from .core.codec import ActionCodec
from .core.game import Game, State, state_from_json
from .core.registry import get_game, registered

OBSERVATION_SIZE = 1024  # the observation tensor: hashed features of the seat's observation (docs/openspiel.md)
DEAL_STEPS, DEAL_BASE = 4, 256  # the deal: 4 chance nodes of 256 outcomes, one byte each of a seed of 2**32
HISTORY_SIZE = 512  # the information-state tensor adds this many: hashed features of the seat's record of moves
GAME_IDS = tuple(g for g in registered() if get_game(g).codec is not None)  # the games with action ids
NAMES = tuple(f"hench_{g}" for g in GAME_IDS)


# -- a position and how it was reached (shared by clones: never changed once made) ---------------------------
class _Node:
    """A hench state, the move that made it, and what OpenSpiel asks of it, cached (OpenSpiel asks for the current
    player about four times per move). The first nodes of a game are the deal: chance nodes whose outcomes are the
    bytes of the new game's seed (its shuffles and hidden draws), so they hold no state yet. Clones share nodes
    (`__deepcopy__` returns the node itself); a pickle (OpenSpiel's serialize) carries the hench save and each
    seat's record of moves."""

    __slots__ = (
        "_actions",
        "_chance",
        "_ids",
        "_seen",
        "action",
        "codec",
        "dealt",
        "entries",
        "game",
        "parent",
        "player",
        "players",
        "prefix",
        "state",
    )

    def __init__(self, game: Game, state: State | None, parent: _Node | None = None, action: Any = None,
                 prefix: tuple[tuple[str, ...], ...] = (), dealt: int = 0):
        self.game, self.state, self.parent, self.action, self.prefix = game, state, parent, action, prefix
        self.players: int = parent.players if parent is not None else len(prefix) if prefix or state is None else state.num_players
        self.dealt = dealt  # before the game: the deal's bytes drawn so far (`action` holds their seed so far)
        self.player: int | None = CHANCE if state is None else state.current_player
        self.codec: ActionCodec = parent.codec if parent is not None and parent.state is not None else game.action_codec(state)
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
            return _deal_node, (self.game.id, self.action or 0, self.dealt, self.records())
        return _load_node, (self.game.id, self.state.to_json(), self.records())

    # -- moves ---------------------------------------------------------------------------------------------
    def _read(self) -> None:
        state = self.state
        if state is None:  # the deal: a byte of the seed, ids after the game's own chance outcomes
            self._ids, self._chance = _deal_outcomes(self.codec.max_chance_outcomes)
            self._actions = {}
            return
        if self.player == CHANCE:
            self._chance, actions = _chance_ids(self.codec, state._chance_outcomes())
        else:
            legal = state._legal_cached()
            actions = dict(zip(self.codec.ids(legal), legal))
        self._ids = sorted(actions)
        self._actions = actions

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
            byte = number - self.ids()[0]
            if not 0 <= byte < DEAL_BASE:
                raise pyspiel.SpielError(f"{number} is not a deal: the deal's ids are {self.ids()[0]}..{self.ids()[-1]}")
            seed = (self.action or 0) * DEAL_BASE + byte
            if self.dealt + 1 < DEAL_STEPS:
                return _Node(self.game, None, self, seed, dealt=self.dealt + 1)
            return _Node(self.game, self.game.new_game(players=self.players, seed=seed), self, seed)
        action = self.action_of(number)
        return _Node(self.game, self.state.apply(action), self, action)

    def text(self, number: int) -> str:
        if self.state is None:
            return f"deal byte {self.dealt + 1}: {number - self.ids()[0]}"
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


def _deal_node(game_id: str, seed: int, dealt: int, records: tuple[tuple[str, ...], ...]) -> _Node:
    return _Node(get_game(game_id), None, action=seed, prefix=tuple(tuple(r) for r in records), dealt=dealt)


_CHANCE: dict[int, tuple[Any, list[tuple[int, float]], dict[int, Any]]] = {}


def _chance_ids(codec: Any, outcomes: Any) -> tuple[list[tuple[int, float]], dict[int, Any]]:
    """A chance node's (id, probability) pairs in id order and its actions by id. Games hand out the same outcome
    tuple for the same roll (an lru_cache), so the pairs are kept per tuple (read only)."""
    hit = _CHANCE.get(id(outcomes))
    if hit is not None and hit[0] is outcomes:
        return hit[1], hit[2]
    ids = codec.ids(a for a, _ in outcomes)
    pairs = sorted(zip(ids, (float(p) for _, p in outcomes)))
    actions = dict(zip(ids, (a for a, _ in outcomes)))
    if type(outcomes) is tuple:
        if len(_CHANCE) >= 512:
            _CHANCE.clear()
        _CHANCE[id(outcomes)] = (outcomes, pairs, actions)
    return pairs, actions


_DEALS: dict[int, tuple[list[int], list[tuple[int, float]]]] = {}


def _deal_outcomes(first: int) -> tuple[list[int], list[tuple[int, float]]]:
    """The deal's ids (from `first`) and their chances, built once (the lists are never changed)."""
    if first not in _DEALS:
        ids = list(range(first, first + DEAL_BASE))
        _DEALS[first] = ids, [(i, 1.0 / DEAL_BASE) for i in ids]
    return _DEALS[first]


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
        seed = int(float(sampler()) * (1 << 62)) ^ len(self.history())  # pyspiel's samplers are callables
        return self.with_node(resampled(self._node, player, seed))

    def with_node(self, node: _Node) -> HenchState:
        out = self.clone()
        out._node = node
        return out


def resampled(node: _Node, seat: int, seed: int) -> _Node:
    """The node of a determinized state: what `seat` cannot see re-dealt from its view (same seed, same deal)."""
    if node.state is None:
        raise ValueError("before the deal there is nothing to resample")
    record = node.record(seat)
    state = determinize(node.state, seat, seed)
    return _Node(node.game, state, prefix=tuple(record for _ in range(node.players)))


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
    """A hench game as a pyspiel game; `players` picks the seat count."""

    GAME_ID = ""  # set in each registered subclass (one class per game: pyspiel registers a class, as its own games do)

    def __init__(self, params: dict[str, Any] | None = None):
        params = params or {}
        game_id = self.GAME_ID
        self.hench = get_game(game_id)
        players = int(params.get("players", self.hench.min_players))
        codec = self.hench.action_codec(None)
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.num_distinct_actions, max_chance_outcomes=codec.max_chance_outcomes + DEAL_BASE,
            num_players=players, min_utility=0.0, max_utility=1.0, utility_sum=1.0,
            max_game_length=max_game_length(game_id, players))
        super().__init__(game_type(game_id), info, dict(params))
        self.players = players

    def new_initial_state(self, *_: Any) -> HenchState:
        """A new game at its deal: chance nodes whose outcomes (256 each, equally likely) make the game's seed."""
        return HenchState(self, _Node(self.hench, None, prefix=((),) * self.players))

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
        parameter_specification={"players": hench_game.min_players})


def _register(game_id: str) -> type[HenchGame]:
    cls = type(f"Hench{game_id.title()}Game", (HenchGame,), {"GAME_ID": game_id, "__module__": __name__})
    pyspiel.register_game(game_type(game_id), cls)
    return cls


def load(game_id: str, players: int | None = None) -> HenchGame:
    """`pyspiel.load_game("hench_<game_id>", {"players": players})`."""
    hench_game = get_game(game_id)
    return pyspiel.load_game(f"hench_{game_id}", {"players": players or hench_game.min_players})


GAME_CLASSES = {game_id: _register(game_id) for game_id in GAME_IDS if f"hench_{game_id}" not in pyspiel.registered_names()}
