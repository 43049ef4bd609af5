"""The shelf: the five games of the kit with what a newcomer needs to choose one."""

from __future__ import annotations

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


def entries() -> list[ShelfEntry]:
    text = resources.files("hench").joinpath("shelf.toml").read_text(encoding="utf-8")
    return [ShelfEntry(**{**row, "learn": tuple(row["learn"])}) for row in tomllib.loads(text)["game"]]
