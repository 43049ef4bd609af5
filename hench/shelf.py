"""The shelf: the five games of the kit with what a newcomer needs to choose one."""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources

from .core.registry import registered


@dataclass(frozen=True)
class ShelfEntry:
    id: str
    title: str
    publisher: str
    players: str
    length: str
    blurb: str
    learn: tuple[str, ...]
    monogram: str
    color: str
    clock: str = ""  # the state attribute that counts days or rounds, for the measured length

    @property
    def playable(self) -> bool:
        return self.id in registered()

    @property
    def notebooks(self) -> list[tuple[str, str]]:
        """(label, path relative to notebooks/) of the game's apps, if it is built."""
        if not self.playable:
            return []
        return [("Learn", f"{self.id}/01-learn.ipynb"), ("Odds", f"{self.id}/02-odds.ipynb"),
                ("Play", f"{self.id}/03-play.ipynb")]


@functools.lru_cache(maxsize=16)
def measured_length(game_id: str, players: int = 3, games: int = 40) -> str:
    """How long games really last, measured: bots (random moves, seeded) play `games` whole games and the
    days or rounds they took are counted. '' when the game has no engine or no clock on the shelf."""
    entry = next((e for e in entries() if e.id == game_id), None)
    if entry is None or not entry.clock or not entry.playable:
        return ""
    from .core import random_playout
    from .core.registry import get_game

    game = get_game(game_id)
    lengths = sorted(getattr(random_playout(game.new_game(players, seed=s), seed=s)[0], entry.clock) for s in range(games))
    median = lengths[len(lengths) // 2]
    spread = f"{lengths[0]}-{lengths[-1]}" if lengths[0] != lengths[-1] else f"{median}"
    return f"{median} {entry.clock}s typical ({spread} in {games} {players}-player games of random moves)"


def entries() -> list[ShelfEntry]:
    text = resources.files("hench").joinpath("shelf.toml").read_text(encoding="utf-8")
    return [ShelfEntry(**{**row, "learn": tuple(row["learn"])}) for row in tomllib.loads(text)["game"]]
