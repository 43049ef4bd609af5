"""ARCHITECTURE.md stays true: every file and folder it names exists, and every game package has the modules
its "A game's package" table lists."""

import re
from pathlib import Path

import pytest

import hench

ROOT = Path(__file__).resolve().parents[1]
PAGE = (ROOT / "ARCHITECTURE.md").read_text()


def named_paths() -> list[str]:
    """Every `path` in backticks that names a file or folder of the repository."""
    found = re.findall(r"`((?:hench|widgets|tests|docs|notebooks|bench|tools|deploy)/[\w./-]*)`", PAGE)
    return sorted(set(found))


def game_modules() -> list[str]:
    section = PAGE.split("## A game's package", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `(\w+)\.py` \|", section, flags=re.M)


def test_the_page_names_files():
    assert len(named_paths()) >= 20
    assert len(game_modules()) >= 10


@pytest.mark.parametrize("path", named_paths())
def test_every_named_path_exists(path):
    assert (ROOT / path).exists(), f"ARCHITECTURE.md names {path}, which does not exist"


@pytest.mark.parametrize("game", [g for g in hench.GAMES if (ROOT / "hench" / g).is_dir()])
def test_every_game_package_has_the_listed_modules(game):
    package = ROOT / "hench" / game
    missing = [m for m in game_modules() if not (package / f"{m}.py").is_file()]
    assert not missing, f"hench/{game} lacks {missing}, which ARCHITECTURE.md says every game has"


def test_the_template_has_the_listed_modules_but_montecarlo():
    package = ROOT / "tests" / "fixtures" / "tinypig"
    missing = [m for m in game_modules() if m != "montecarlo" and not (package / f"{m}.py").is_file()]
    assert not missing
