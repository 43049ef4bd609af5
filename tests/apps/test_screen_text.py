"""Issue 29: nothing a programmer wrote for programmers on any app's screen, hover texts included.

Each of the 16 apps is built as its notebook builds it, every deferred part built, its tour walked from the
first step to the last and its Play game played to the end (tests/apps/screen_text.py), and its whole text is
scanned for Python's notation, module paths, snake_case ids, quoted code words and long fractions."""

from __future__ import annotations

import pytest

from .screen_text import APPS, ROOT, scan

pytestmark = [pytest.mark.slow]


@pytest.mark.parametrize("app", [str(p.relative_to(ROOT / "notebooks")) for p in APPS])
def test_no_programmers_text_on_screen(app, no_callback_errors):
    found = scan(ROOT / "notebooks" / app)
    assert not found, f"{app}: programmer's text on screen:\n" + "\n".join(f"  {f.kind}: …{f.excerpt}…" for f in found)


def test_the_scan_finds_what_it_looks_for():
    from .screen_text import findings, visible

    text = visible("<div title='p = Fraction(25, 72)'>{'win': 1} hench.huns.odds place_marker_here "
                   "878712334643/880602513408 (8, 1) [1, 2] 'done': None</div><style>.a_b{}</style>")
    kinds = {f.kind for f in findings("x", [text])}
    assert kinds == {"Python Fraction repr", "Python dict repr", "module path", "snake_case id", "a fraction of more "
                     "than 6 digits", "Python tuple repr", "Python list repr", "quoted code word",
                     "None or True or False as a word"}
    assert not findings("x", [visible("<p class='hench-x_y' style='a:b'>Player 2's move: 3 of 5 (60%)</p>")])
