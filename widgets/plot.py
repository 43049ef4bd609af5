"""Plotly figures as plain JSON, without importing plotly's Python object model.

The apps draw their charts as a Plotly JSON document, the synced state of `widgets.core.Chart`; the
browser side (plotly.js, served by the server itself) does the drawing. Building those documents with plotly's Python classes cost every app's kernel about 26 MiB
(its validators and templates) and a fifth of a second before the first chart, and in the browser
(the static site) a 10 MB download. This module writes the same JSON directly, for the few trace
types the apps use, in the same call style: `plot.Bar(x=..., y=..., marker_color="#333")`.

What plotly's constructors do that matters here, done the same way (tests/widgets/test_plot.py checks
each against plotly itself): "magic underscores" (`marker_color` is `marker.color`,
`xaxis_title_text` is `xaxis.title.text`), a title given as text becomes `{"text": ...}`, named
colour scales become the explicit list plotly.py would send (plotly.js has its own, different,
scales under some of the same names), tuples become lists, and `template="plotly_white"` becomes
plotly's template document (kept in `plotly_white.json`, taken from plotly).
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

# Property names that contain an underscore themselves (not magic-underscore paths).
UNDERSCORED = {"error_x", "error_y", "error_z"}

# plotly.py's named colour scales used by the apps (from plotly.colors: ColorBrewer's, low to high).
COLORSCALES: dict[str, list[str]] = {
    "RdBu": ["rgb(103,0,31)", "rgb(178,24,43)", "rgb(214,96,77)", "rgb(244,165,130)", "rgb(253,219,199)", "rgb(247,247,247)",
             "rgb(209,229,240)", "rgb(146,197,222)", "rgb(67,147,195)", "rgb(33,102,172)", "rgb(5,48,97)"],
    "RdYlGn": ["rgb(165,0,38)", "rgb(215,48,39)", "rgb(244,109,67)", "rgb(253,174,97)", "rgb(254,224,139)", "rgb(255,255,191)",
               "rgb(217,239,139)", "rgb(166,217,106)", "rgb(102,189,99)", "rgb(26,152,80)", "rgb(0,104,55)"],
}


class Node(dict):
    """A JSON object whose keys read as attributes too (`trace.x`, `layout.title.text`); a missing key
    reads as None, as an unset property does in plotly."""

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self.get(name)


def _plain(value: Any) -> Any:
    if not isinstance(value, (dict, list, tuple, str)) and hasattr(value, "to_plotly_json"):  # a plotly object: its JSON
        value = value.to_plotly_json()
    if isinstance(value, dict):
        return Node({k: _plain(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return float(value)
    return value


def _colorscale(value: Any) -> Any:
    if isinstance(value, str):
        reverse = value.endswith("_r")
        colours = COLORSCALES[value[:-2] if reverse else value]
        colours = colours[::-1] if reverse else colours
        n = len(colours) - 1
        return [[i / n, c] for i, c in enumerate(colours)]
    return value


def _put(target: dict, path: list[str], value: Any) -> None:
    for key in path[:-1]:
        target = target.setdefault(key, Node())
    key = path[-1]
    if isinstance(value, dict):
        node = target.setdefault(key, Node())
        for k, v in value.items():
            _put(node, _split(k), v)
    else:
        target[key] = value


def _split(key: str) -> list[str]:
    if "_" not in key or key in UNDERSCORED:
        return [key]
    parts = key.split("_")
    out: list[str] = []
    i = 0
    while i < len(parts):  # keep error_x etc. together
        if i + 1 < len(parts) and f"{parts[i]}_{parts[i + 1]}" in UNDERSCORED:
            out.append(f"{parts[i]}_{parts[i + 1]}")
            i += 2
        else:
            out.append(parts[i])
            i += 1
    return out


def _normalise(node: Any) -> Any:
    """Titles given as text become {"text": ...}; named colour scales become lists."""
    if isinstance(node, dict):
        for key, value in list(node.items()):
            if key == "title" and isinstance(value, str):
                node[key] = Node(text=value)
            elif key == "colorscale":
                node[key] = _colorscale(value)
            else:
                _normalise(value)
    elif isinstance(node, list):
        for value in node:
            _normalise(value)
    return node


def build(properties: dict[str, Any], **extra: Any) -> Node:
    """A plotly JSON object from constructor-style keywords (magic underscores, titles, colour scales)."""
    out = Node(extra)
    for key, value in properties.items():
        _put(out, _split(key), _plain(value))
    return _normalise(out)


def trace(kind: str, **properties: Any) -> Node:
    return build(properties, type=kind)


def Bar(**properties: Any) -> Node:  # named like plotly's classes, which these replace
    return trace("bar", **properties)


def Scatter(**properties: Any) -> Node:
    return trace("scatter", **properties)


def Heatmap(**properties: Any) -> Node:
    return trace("heatmap", **properties)


def Histogram(**properties: Any) -> Node:
    return trace("histogram", **properties)


@cache
def template(name: str) -> dict:
    """A plotly layout template by name (only the one the apps use is kept)."""
    if name != "plotly_white":
        raise ValueError(f"unknown plotly template {name!r} (the apps use plotly_white)")
    return json.loads((HERE / "plotly_white.json").read_text())


class Figure:
    """A figure: `data` (traces) and `layout`, with plotly's update_layout/add_trace and to_dict."""

    def __init__(self, data: list | None = None, layout: dict | None = None) -> None:
        self.data: tuple[Node, ...] = tuple(_normalise(_plain(t)) for t in (data or []))
        self.layout: Node = build(layout or {})
        self.columns = 0  # charts side by side (see `subplots`); 0: one chart

    def update_layout(self, **properties: Any) -> Figure:
        for key, value in properties.items():
            _put(self.layout, _split(key), _plain(value))
        _normalise(self.layout)
        return self

    def add_trace(self, given: dict, row: int | None = None, col: int | None = None) -> Figure:
        item: Node = _normalise(_plain(given))
        if row is not None and col is not None and self.columns:
            n = (row - 1) * self.columns + col
            suffix = "" if n == 1 else str(n)
            item["xaxis"], item["yaxis"] = f"x{suffix}", f"y{suffix}"
        self.data = (*self.data, item)
        return self

    def to_dict(self) -> dict:
        layout = dict(self.layout)
        if isinstance(layout.get("template"), str):
            layout["template"] = template(layout["template"])
        return {"data": [dict(t) for t in self.data], "layout": layout}


def subplots(rows: int, cols: int, subplot_titles: tuple[str, ...] = (), horizontal_spacing: float = 0.2 / 3) -> Figure:
    """One row of `cols` charts side by side, as plotly.subplots.make_subplots(rows=1, cols=n) lays them out."""
    if rows != 1:
        raise ValueError("only one row of charts is supported")
    width = (1 - horizontal_spacing * (cols - 1)) / cols
    layout: dict[str, Any] = {}
    annotations = []
    for i in range(cols):
        lo = i * (width + horizontal_spacing)
        hi = lo + width
        suffix = "" if i == 0 else str(i + 1)
        layout[f"xaxis{suffix}"] = {"anchor": f"y{suffix}", "domain": [lo, hi]}
        layout[f"yaxis{suffix}"] = {"anchor": f"x{suffix}", "domain": [0.0, 1.0]}
        if i < len(subplot_titles):
            annotations.append({"font": {"size": 16}, "showarrow": False, "text": subplot_titles[i], "x": (lo + hi) / 2,
                                "xanchor": "center", "xref": "paper", "y": 1.0, "yanchor": "bottom", "yref": "paper"})
    fig = Figure()
    fig.layout = build(layout)
    fig.layout["annotations"] = [Node(a) for a in annotations]
    fig.columns = cols
    return fig
