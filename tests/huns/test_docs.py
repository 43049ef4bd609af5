"""The examples in the Huns modules' docstrings stay true."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

from hench.huns.phases import PHASES


@pytest.mark.parametrize("module", ["hench.huns", "hench.huns.data", "hench.huns.odds", "hench.huns.bots", "hench.huns.scoring"])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


# The catalogue's state machine (huns.md, section 2): every state docs/huns-phases.md must place in the engine.
CATALOGUE_STATES = (
    "setup_build_decks", "setup_build_reserve", "setup_wagon_market", "setup_player_camps", "setup_first_player",
    "setup_catchup_valuables", "round_roll_dice", "turn_begin_window", "turn_take_die", "turn_choose_action",
    "action_draw_cards", "draw_reveal", "draw_choose_card", "curse_choose_target", "curse_flee_decision", "draw_tuck_rest",
    "action_pillage", "pillage_take", "pillage_choose_destination", "pillage_place", "wagon_dispatch", "wagon_replace",
    "pillage_return_excess", "turn_during_window", "turn_after_window", "round_pass_first_player", "round_end_check",
    "final_scoring", "game_over", "anytime_window")
DOC = Path(__file__).resolve().parents[2] / "docs" / "huns-phases.md"


def _engine_rows() -> dict[str, str]:
    """The doc's engine phase table: phase id -> the title it gives."""
    table = DOC.read_text(encoding="utf-8").split("## Engine phases", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| ([^|]+?) \|", table, flags=re.M)
    return {phase: title for phase, title in rows if phase in PHASES.ids}


@pytest.mark.rule("HU-034")
def test_the_phase_doc_gives_every_engine_phase_its_real_title():
    assert _engine_rows() == {phase: PHASES.title(phase) for phase in PHASES.ids}


@pytest.mark.rule("HU-034", "HU-041", "HU-042")
def test_the_phase_doc_places_every_catalogue_state():
    """Each catalogue state is a row of one of the doc's two tables (the engine phase it is, or where it runs)."""
    placed = set(re.findall(r"^\| `([a-z_]+)`", DOC.read_text(encoding="utf-8"), flags=re.M))
    placed |= {name for row in re.findall(r"^\| (`[a-z_]+`(?:, `[a-z_]+`)+) \|", DOC.read_text(encoding="utf-8"), flags=re.M)
               for name in re.findall(r"`([a-z_]+)`", row)}
    assert [state for state in CATALOGUE_STATES if state not in placed] == []
