"""The static site (Voici on Pyodide) has no pandas: the odds notebooks' "Take it further" cells, which need it, are
left out of the site's notebooks with a note saying where they run; everything else is kept as it is (issue 43)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tools.site import build

ROOT = Path(__file__).resolve().parents[1]
NEEDS_PANDAS = re.compile(r"\bhench\.(simulate|odds_table|odds_frame|history_frame|score_sheet_frame|rules_frame)\b"
                          r"|\bimport pandas\b|\bplotly\.express\b|\bsimulate_with_bar\b")


def _code(notebook: dict) -> list[str]:
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def test_site_notebooks_leave_out_every_cell_that_needs_pandas(tmp_path):
    out = build.site_notebooks(tmp_path / "notebooks")
    originals = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    assert sorted(p.relative_to(out) for p in out.rglob("*.ipynb")) == [p.relative_to(ROOT / "notebooks") for p in originals]
    further = 0
    for path in originals:
        original = json.loads(path.read_text())
        site = json.loads((out / path.relative_to(ROOT / "notebooks")).read_text())
        assert not any(NEEDS_PANDAS.search(code) for code in _code(site)), path
        tagged = [c for c in original["cells"] if build.PANDAS_TAG in c["metadata"].get("tags", [])]
        kept = [c for c in original["cells"] if c not in tagged]
        assert [c for c in site["cells"] if c["source"] != [build.SITE_NOTE]] == kept
        notes = sum(c["source"] == [build.SITE_NOTE] for c in site["cells"])
        assert notes == (1 if tagged else 0), path  # one note for the section, none where there is none
        further += bool(tagged)
    assert further == 5  # every game's 02-odds


def test_only_the_tagged_cells_need_pandas():
    for path in (ROOT / "notebooks").rglob("*.ipynb"):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code" and NEEDS_PANDAS.search("".join(cell["source"])):
                assert build.PANDAS_TAG in cell["metadata"].get("tags", []), (path, cell["source"])
