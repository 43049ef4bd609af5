"""The registry of playable games."""

from __future__ import annotations

from .errors import UnknownGameError
from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The registered game with this id (see `hench.GAMES`)."""
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGameError(f"no game {game_id!r} is registered; the games are {sorted(_GAMES)}") from None


def registered() -> tuple[str, ...]:
    return tuple(_GAMES)
