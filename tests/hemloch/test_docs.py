"""The examples in the Hemloch modules' docstrings stay true, and the phase notes name every phase."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

from hench.hemloch import PHASES

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", ["hench.hemloch", "hench.hemloch.data", "hench.hemloch.odds"])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


def test_the_phase_notes_cover_the_phase_table():
    text = (ROOT / "docs" / "hemloch-phases.md").read_text()
    missing = [p.id for p in PHASES if f"`{p.id}`" not in text]
    assert not missing
