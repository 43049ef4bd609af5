"""Strip outputs, execution counts and widget state from notebooks (they are stored clean), and give every
cell the id nbformat 4.5 requires (a cell pasted in by hand may lack one)."""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path


def strip(path: Path) -> bool:
    nb = json.loads(path.read_text())
    before = json.dumps(nb, sort_keys=True)
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
        cell.get("metadata", {}).pop("execution", None)
        if not cell.get("id"):
            cell["id"] = uuid.uuid4().hex[:8]
    nb.get("metadata", {}).pop("widgets", None)
    changed = json.dumps(nb, sort_keys=True) != before
    if changed:
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    return changed


if __name__ == "__main__":
    roots = [Path(a) for a in sys.argv[1:]] or [Path("notebooks")]
    for root in roots:
        for nb in sorted(root.rglob("*.ipynb") if root.is_dir() else [root]):
            if ".ipynb_checkpoints" not in nb.parts and strip(nb):
                print(f"stripped {nb}")
