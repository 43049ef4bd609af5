"""Every engine rule of every playable game is cited by at least one test (tools/rule_report.py)."""

import sys
from pathlib import Path

import pytest

import hench

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from rule_report import cited_rule_ids, uncited  # noqa: E402

PLAYABLE = [g for g in hench.GAMES if g in hench.rules.GAME_PACKAGES]


def test_the_scan_finds_citations():
    assert {"HM-020", "HU-057", "TP-002"} <= cited_rule_ids()


@pytest.mark.parametrize("game", PLAYABLE)
def test_every_engine_rule_is_cited(game):
    missing = uncited(game)
    assert not missing, f"{game}: engine rules no test cites: {missing}"
