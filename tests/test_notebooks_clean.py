"""Notebooks are stored without outputs, and define no rule logic."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").rglob("*.ipynb"))


def test_there_are_notebooks():
    assert any(p.name == "index.ipynb" for p in NOTEBOOKS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_stored_without_outputs(path):
    nb = json.loads(path.read_text())
    dirty = [i for i, c in enumerate(nb["cells"]) if c.get("outputs") or c.get("execution_count")]
    assert not dirty, f"cells {dirty} have stored outputs: run `make strip`"
    assert "widgets" not in nb.get("metadata", {}), "stored widget state: run `make strip`"
    missing = [i for i, c in enumerate(nb["cells"]) if not c.get("id")]
    assert not missing, f"cells {missing} have no id (nbformat 4.5 will refuse them): run `make strip`"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_no_rule_logic_in_notebooks(path):
    """Code cells import and call; they define no functions or classes (logic lives in hench/widgets)."""
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        defs = [n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))]
        assert not defs, f"{path.name} defines {defs}: move them into hench/ or widgets/"
        lines = [l for l in "".join(cell["source"]).splitlines() if l.strip() and not l.strip().startswith("#")]
        assert len(lines) <= 6, f"{path.name}: a code cell of {len(lines)} lines; keep cells short"


def test_links_between_apps_open_in_a_new_tab_so_no_game_in_progress_is_lost():
    """Issue 29: following Learn or Odds from Play (or back) must not deal a new game or lose a tour's place."""
    import re

    for path in sorted(Path(__file__).resolve().parents[1].glob("notebooks/*/0*.ipynb")):
        text = "".join(json.loads(path.read_text())["cells"][0]["source"])
        links = re.findall(r"<a [^>]*>", text)
        assert len(links) == 3 and "](" not in text, f"{path.name}: the three app links, as HTML links"
        assert all('target="_blank"' in a and 'rel="noopener"' in a for a in links), path
