"""The registry of playable games. A game is declared by id and module; its engine is imported the
first time it is asked for (`get_game`), so `import hench` stays cheap."""

from __future__ import annotations

from importlib import import_module

from .errors import UnknownGameError

TYPE_CHECKING = False  # typing is not imported at run time: `import hench` stays cheap

if TYPE_CHECKING:
    from .game import Game

_GAMES: dict[str, Game] = {}
_DECLARED: dict[str, str] = {}


def declare(game_id: str, module: str) -> None:
    """Make a game known without importing it: `module` registers it when imported."""
    _DECLARED[game_id] = module


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The game with this id (see `hench.GAMES`), its engine imported on first use."""
    if not isinstance(game_id, str):
        raise UnknownGameError(f"a game is named by its id, got {game_id!r}; the games are {sorted(registered())}")
    game = _GAMES.get(game_id)
    if game is None and game_id in _DECLARED:
        package = import_module(_DECLARED[game_id])
        game = _GAMES.get(game_id)
        if game is None and hasattr(package, "GAME"):  # a package whose engine loads on first use (PEP 562)
            game = register(package.GAME)
    if game is None:
        raise UnknownGameError(f"no game {game_id!r} is registered; the games are {sorted(registered())}")
    return game


def registered() -> tuple[str, ...]:
    """Ids of the playable games: those declared, then any registered directly (test fixtures)."""
    return tuple(dict.fromkeys([*_DECLARED, *_GAMES]))
