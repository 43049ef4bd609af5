"""Which catalogue rules the tests cite (via @pytest.mark.rule), game by game.

    python tools/rule_report.py            # a summary line per game and the uncited engine rules
    python tools/rule_report.py --all      # also the uncited data and table-talk rules
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import hench

ROOT = Path(__file__).resolve().parent.parent
MARK = re.compile(r"mark\.rule\(([^)]*)\)")
RULE_ID = re.compile(r"[A-Z]{2}-\d{3}")


def cited_rule_ids(tests: Path = ROOT / "tests") -> set[str]:
    """Every rule ID named in a @pytest.mark.rule(...) under tests/."""
    found: set[str] = set()
    for path in tests.rglob("*.py"):
        for args in MARK.findall(path.read_text(encoding="utf-8")):
            found.update(RULE_ID.findall(args))
    return found


def uncited(game: str, tag: str = "engine", cited: set[str] | None = None) -> list[str]:
    cited = cited_rule_ids() if cited is None else cited
    return [r.id for r in hench.rules.for_game(game) if r.tag == tag and r.id not in cited]


def main(show_all: bool) -> None:
    cited = cited_rule_ids()
    for game in hench.rules.GAME_PACKAGES:
        rules = hench.rules.for_game(game)
        engine = [r for r in rules if r.tag == "engine"]
        covered = sum(r.id in cited for r in engine)
        status = "playable" if game in hench.GAMES else "rules only"
        print(f"{game:11} {status:10} engine rules cited by a test: {covered}/{len(engine)}")
        for tag in ("engine", "data", "table-talk") if show_all else ("engine",):
            missing = uncited(game, tag, cited)
            if missing and game in hench.GAMES:
                print(f"    uncited {tag}: {' '.join(missing)}")


if __name__ == "__main__":
    main("--all" in sys.argv)
