"""Nothing only a programmer can read on Hemloch's three apps (issue 29): every text of the Learn, Odds and Play
pages (the tour walked to the end, every lesson, the gallery, the odds, a played-out game; hover texts included)
is scanned for Python reprs, module paths, snake_case ids, fractions outside a hover, dice, and assumption IDs
that the assumptions table does not explain."""

from __future__ import annotations

import html
import re

import ipywidgets as ipw
import pytest

from hench.hemloch import assumptions
from widgets import hemloch as hl
from widgets.core import Deferred

from .test_tours import walk_step

PATTERNS = {
    "a Python repr": r"Fraction\(|\{'[a-z_ ]+': |\(\d+, \d+\)|\[\d+, \d+\]",
    "a module path": r"\bhench\.[a-z]",
    "a snake_case id": r"\b[a-z]+_[a-z_]+\b",
    "a quoted id": r"'[a-z_]+'",
    "dice": r"(?i)\bdice\b|\broll",
    "a fraction on screen": r"\b\d+/\d+\b",
}
IDS = r"\b(?:[AM]\d{1,2}|EX-\d)\b"


def _texts(w: ipw.Widget, out: list[str]) -> list[str]:
    if isinstance(w, Deferred):
        w.build()
    for name in ("value", "description", "tooltip", "placeholder"):
        v = getattr(w, name, None)
        if isinstance(v, str):
            out.append(v)
    options = getattr(w, "options", None)
    if isinstance(options, (list, tuple)):
        out += [str(o[0]) if isinstance(o, tuple) else str(o) for o in options]
    for child in getattr(w, "children", ()) or ():
        _texts(child, out)
    return out


def _screen(text: str) -> tuple[str, str]:
    """(what is on screen, what is in the hovers) of one widget's text: markup and its attributes apart."""
    hovers = " ".join(html.unescape(t) for t in re.findall(r"title='([^']*)'", text))
    shown = html.unescape(re.sub(r"<[^>]+>", " ", text))
    return shown, hovers


@pytest.fixture(scope="module")
def every_text() -> list[str]:
    out: list[str] = []
    tour = hl.tour()
    for i, step in enumerate(hl.TOUR):
        if i:
            tour.next.click()
        if step.done is not None:
            walk_step(tour)
        if tour.question is not None:
            q = tour.question
            q.pick.value = q.pick.options[0]
            q.check_button.click()
        _texts(tour, out)
    picker = hl.lessons()
    for i in range(len(picker.lessons)):
        picker.pick.value = i
        _texts(picker, out)
    for part in (hl.card_gallery(), hl.assumptions_in_force(), hl.finished_game_sheet(3), hl.arithmetic_checked(),
                 hl.DrawOddsView(), hl.WeekOddsView(), hl.DuelOddsView(), hl.LiveOddsView()):
        _texts(part, out)
    play = hl.play_table()
    for _ in range(300):
        if play.state.is_terminal:
            break
        play.bots_go.click()
    assert play.state.is_terminal
    _texts(play, out)
    return out


@pytest.mark.parametrize("what", sorted(PATTERNS))
def test_no_programmers_text_on_screen_or_in_a_hover(every_text, what):
    found = set()
    for text in every_text:
        shown, hovers = _screen(text)
        for m in re.finditer(PATTERNS[what], shown if what == "a fraction on screen" else f"{shown} {hovers}"):
            found.add(m.group(0))
    assert not found, f"{what} on Hemloch's apps: {sorted(found)[:10]}"


def test_every_assumption_id_on_screen_is_in_the_assumptions_table(every_text):
    table = {r.what.split()[-1] for r in assumptions() if r.what.split()[0] in ("reading", "placeholder", "example")}
    cited = {m for text in every_text for m in re.findall(IDS, " ".join(_screen(text)))}
    assert cited and cited <= table, sorted(cited - table)


def test_every_chance_on_screen_is_a_percentage_with_its_fraction_in_the_hover(every_text):
    hovers = " ".join(_screen(t)[1] for t in every_text)
    assert "%" in " ".join(_screen(t)[0] for t in every_text) and re.search(r"exactly \d+/\d+", hovers)
