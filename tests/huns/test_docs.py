"""The examples in the Huns modules' docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("module", ["hench.huns", "hench.huns.data", "hench.huns.odds", "hench.huns.bots", "hench.huns.scoring"])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0
