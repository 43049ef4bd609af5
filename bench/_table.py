"""Printing a benchmark's figures as one short, aligned table (or as JSON with --json)."""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence


def quiet() -> None:
    """Figures only: no warnings from the libraries a benchmark drives."""
    warnings.filterwarnings("ignore")


def table(title: str, headers: Sequence[str], rows: Sequence[Sequence[object]], notes: Sequence[str] = ()) -> str:
    cells = [[str(h) for h in headers]] + [["-" if v is None else str(v) for v in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    line = lambda r: "  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(r, widths)))
    out = [title, line(cells[0]), "  ".join("-" * w for w in widths), *(line(r) for r in cells[1:])]
    return "\n".join([*out, *notes])


def report(args_json: bool, data: dict, title: str, headers: Sequence[str], rows: Sequence[Sequence[object]],
           notes: Sequence[str] = ()) -> None:
    print(json.dumps(data, indent=1) if args_json else table(title, headers, rows, notes))
