"""What an app shows a visitor, as text, and the patterns of text only a programmer can read (issue 29).

An app is built in this process the way its notebook builds it (the notebook's code cells run here, what they
display collected), every deferred part (a lesson's table, a reference) is built, and the text of every widget
is read: values, labels, options, tooltips, the hover `title` of any HTML and the chart's hover texts. Markup
is not text: tags, classes and styles are dropped, what a visitor reads or hovers is kept.

`python -m tests.apps.screen_text [notebook ...]` prints what it finds (all apps by default).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb"))
APPS = [p for p in NOTEBOOKS if ".ipynb_checkpoints" not in p.parts]

SKIP_TRAITS = {"layout", "style", "_dom_classes", "_esm", "_css", "_anywidget_id", "_model_module", "_model_name",
               "_model_module_version", "_view_module", "_view_name", "_view_module_version", "_view_count", "tabbable",
               "msg_id", "_js", "_config", "_py2js_", "_js2py_"}


@dataclass(frozen=True)
class Finding:
    app: str
    kind: str
    excerpt: str

    def __str__(self) -> str:
        return f"{self.app}: {self.kind}: …{self.excerpt}…"


class _Text(HTMLParser):
    """Visible text and hover titles of an HTML fragment (script and style bodies dropped)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "alt", "data-tip") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def visible(text: str) -> str:
    if "<" not in text:
        return text
    parser = _Text()
    parser.feed(text)
    return "\n".join(p for p in parser.parts if p.strip())


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ("text", "hovertext", "hovertemplate", "name", "title", "ticktext", "annotations", "data", "layout",
                       "x", "y", "customdata") or isinstance(item, (dict, list)):
                yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def widget_text(widget: Any) -> list[str]:
    """Every piece of text a visitor can read or hover in one widget (not its children: they are widgets too)."""
    out: list[str] = []
    for name in widget.keys:
        if name in SKIP_TRAITS or name.startswith("_model") or name.startswith("_view"):
            continue
        value = getattr(widget, name, None)
        if name == "children" or hasattr(value, "model_id"):
            continue
        if name in ("_data", "_layout") or isinstance(value, (str, list, tuple, dict)):
            out.extend(visible(s) for s in _strings(value) if isinstance(s, str) and s.strip())
    labels = getattr(widget, "_options_labels", None)
    if labels:
        out.extend(str(label) for label in labels)
    return out


# -- the patterns ---------------------------------------------------------------------------------------
SNAKE_OK = {"e_g"}
PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("Python Fraction repr", re.compile(r"Fraction\(")),
    ("Python dict repr", re.compile(r"\{'[^']*':")),
    ("Python tuple repr", re.compile(r"(?<![\w$])\(-?\d+, -?\d+(, -?\d+)*\)")),
    ("Python list repr", re.compile(r"\[(-?\d+|'[^']*'), (-?\d+|'[^']*')")),
    ("module path", re.compile(r"\bhench\.[a-z_]+")),
    ("snake_case id", re.compile(r"(?<![\w./-])[a-z]+(?:_[a-z0-9]+)+(?![\w(/.-])")),
    ("quoted code word", re.compile(r"(?<![\w])'[a-z]+(?: [a-z]+)*'(?=[:)])")),
    ("a fraction of more than 6 digits", re.compile(r"\b\d{7,}\s*/\s*\d+|\b\d+\s*/\s*\d{7,}")),
    ("None or True or False as a word", re.compile(r"(?<![\w'\"])(None|True|False)(?![\w'\"])")),
]


def findings(app: str, texts: Iterable[str]) -> list[Finding]:
    found: dict[tuple[str, str], Finding] = {}
    for text in texts:
        for kind, pattern in PATTERNS:
            for match in pattern.finditer(text):
                if kind == "snake_case id" and match.group(0) in SNAKE_OK:
                    continue
                lo, hi = max(0, match.start() - 40), min(len(text), match.end() + 40)
                excerpt = " ".join(text[lo:hi].split())
                found.setdefault((kind, match.group(0)), Finding(app, kind, excerpt))
    return list(found.values())


# -- building an app as its notebook does -------------------------------------------------------------------
def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text())
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def build_app(path: Path) -> list[Any]:
    """Run the notebook's code here and return what it displays (its last expressions and display() calls)."""
    import ast

    import IPython.display

    shown: list[Any] = []
    real = IPython.display.display
    IPython.display.display = lambda *objs, **kw: shown.extend(objs)  # type: ignore[assignment]
    namespace: dict[str, Any] = {"display": IPython.display.display}
    try:
        for source in code_cells(path):
            tree = ast.parse(source)
            last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            body = tree.body[:-1] if last is not None else tree.body
            exec(compile(ast.Module(body=body, type_ignores=[]), str(path), "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
                if value is not None:
                    shown.append(value)
    finally:
        IPython.display.display = real  # type: ignore[assignment]
    return shown


def tree(widgets: Iterable[Any]) -> Iterator[Any]:
    """Every widget under the given ones (children, deferred parts built, tab contents)."""
    from widgets.core import Deferred

    seen: set[int] = set()
    stack = list(widgets)
    while stack:
        w = stack.pop()
        if id(w) in seen or not isinstance(getattr(w, "keys", None), list):
            continue
        seen.add(id(w))
        if isinstance(w, Deferred):
            w.build()
        yield w
        for name in w.keys:
            value = getattr(w, name, None)
            if hasattr(value, "model_id") and name not in ("layout", "style"):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack.extend(v for v in value if hasattr(v, "model_id"))


def shown_text(obj: Any) -> list[str]:
    """The text of something displayed that is not a widget: a Plotly figure, an HTML or Markdown object."""
    if hasattr(obj, "to_plotly_json"):
        return [visible(s) for s in _strings(obj.to_plotly_json()) if s.strip()]
    data = getattr(obj, "data", None)
    if isinstance(data, str):
        return [visible(data)]
    return [visible(str(obj))]


def app_text(path: Path, walk: bool = True) -> list[str]:
    """The app's text as it opens, then (walk) at every step of its tour and at the end of its Play game."""
    import ipywidgets as ipw

    from widgets.play import GameView
    from widgets.tour import TourView

    texts: list[str] = []
    shown = build_app(path)
    for obj in shown:
        if not isinstance(obj, ipw.Widget):
            texts.extend(shown_text(obj))
    roots = [o for o in shown if isinstance(o, ipw.Widget)]

    def read() -> None:
        for w in tree(roots):
            texts.extend(widget_text(w))

    read()
    if not walk:
        return texts
    found = list(tree(roots))
    for tour in (w for w in found if isinstance(w, TourView)):
        for _ in range(len(tour.steps) - 1):
            tour.next.click()
            read()
    for view in (w for w in found if isinstance(w, GameView) and w.game.id and "play" in path.name):
        view.auto_dice.value = True
        for _ in range(5000):  # the bots play every seat, the learner's too, to the end of the game
            if view.state.is_terminal:
                break
            view.bots_go.click()
        read()
    return texts


def scan(path: Path) -> list[Finding]:
    return findings(str(path.relative_to(ROOT / "notebooks")), app_text(path))


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or APPS
    total = 0
    for path in paths:
        found = scan(path)
        total += len(found)
        print(f"== {path.relative_to(ROOT)}: {len(found)}")
        for f in found:
            print("  ", f.kind, "|", f.excerpt)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
