"""Nothing on Lancaster's screens that only a programmer can read (issue 29): the text and the hover texts of the
Learn, Odds and Play apps' widgets, scanned for Python reprs, module paths, snake_case ids, raw ids where the game
has names (the placeholder counties, the laws, the favor tiles), long fractions and the missing-glyph info sign."""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as ipw
import pytest

import widgets.lancaster as la
from hench.core import Rng, next_action
from widgets.play import GameView

PATTERNS = {
    "a Python repr": r"Fraction\(|\{'|\(\d+, \d+\)|\[\d+, \d+|\[\]|\bNone\b|\bTrue\b|\bFalse\b",
    "a module path": r"\bhench\.[a-z]",
    "a snake_case id": r"\b[a-z]+_[a-z_]+\b",
    "a placeholder county name": r"\bCounty[A-I]\b",
    "a law's or a tile's catalogue id": r"\bBL-\d|\bLK-\d|\bKF-\d",
    "a long fraction": r"\b\d{4,}/\d+|\b\d+/\d{4,}",
    "a glyph the page's font may lack": "\u24d8|&#9432;|[\U0001F000-\U0001FFFF]",  # the info sign, emoji
}


def texts(widget: Any) -> list[str]:
    """Every piece of text a widget tree shows or shows on hover: HTML values (tags dropped, title attributes
    kept), button labels and tooltips, option labels."""
    out: list[str] = []
    if isinstance(widget, ipw.HTML | ipw.HTMLMath | ipw.Label):
        value = widget.value
        out += [html.unescape(t) for t in re.findall(r"title='([^']*)'|title=\"([^\"]*)\"", value) for t in t if t]
        value = re.sub(r"<style.*?</style>|<script.*?</script>", "", value, flags=re.S)
        out.append(html.unescape(re.sub(r"<[^>]+>", " ", value)))
    for name in ("description", "tooltip", "placeholder"):
        text = getattr(widget, name, None)
        if isinstance(text, str):
            out.append(text)
    options = getattr(widget, "options", None)
    if isinstance(options, tuple | list):
        out += [str(o[0]) if isinstance(o, tuple) else str(o) for o in options]
    for child in getattr(widget, "children", ()):
        out += texts(child)
    return out


def offences(widget: Any) -> list[str]:
    found = []
    for text in texts(widget):
        for what, pattern in PATTERNS.items():
            for m in re.finditer(pattern, text):
                found.append(f"{what}: {m.group(0)!r} in ...{text[max(0, m.start() - 60):m.end() + 60]}...")
    return found


def finished_table() -> GameView:
    state = la.GAME.new_game(players=3, seed=3, modules="KC+KR+LK")
    rng, bots = Rng.from_seed(3), [la.CONFIG.bot(i) for i in range(3)]
    while not state.is_terminal:
        state = state.apply(next_action(state, bots, rng))
    return GameView(la.CONFIG, players=3, start=state, chart=True)


@pytest.mark.parametrize("app", ["tour", "lessons", "odds", "play", "finished", "reference"])
def test_no_programmers_text_on_the_screens(app, no_callback_errors):
    if app == "tour":
        tour = la.tour()
        built: list[Any] = [tour]
        for _ in range(len(la.TOUR) - 1):  # every step's text, board, log and question as it opens
            tour.next.click()
            built.append(ipw.VBox([ipw.HTML(tour.text.value), ipw.HTML(tour.status.value), tour.view.board,
                                   tour.view.log_view, *tour.question_box.children]))
    elif app == "lessons":
        built = [la.lesson_table(name) for name in la.LESSONS]
    elif app == "odds":
        built = [la.ConflictOddsView(), la.LawTimingView(), la.DishonorOddsView(), la.SealsView(), la.odds_tables(), la.sources_note()]
    elif app == "play":
        built = [la.play_table(players=3)]
    elif app == "finished":
        built = [finished_table()]
    else:
        built = [la.assumptions_in_force(), la.pp_by_round(players=3)]  # the gallery and the rule search: their helper's
    bad = [o for w in built for o in offences(w)]
    assert not bad, "\n".join(bad[:20])


@pytest.mark.rule("LH-014", "LH-078")
def test_every_lesson_opens_a_live_position_for_its_move(no_callback_errors):
    """The offices and tower lessons need KC and KR: on the base game they used to open a finished game."""
    for name, reach in la.LESSONS.items():
        view = la.lesson_table(name)
        assert not view.state.is_terminal and reach(view.state) and view.state.current_player == 0, name


def test_no_dice_controls_in_a_game_without_dice(no_callback_errors):
    """Lancaster has no dice (its decks are shuffled once at the set-up): no 'roll the dice' on its tables."""
    view = la.play_table(players=3).view
    assert view.auto_dice.layout.display == "none" and view.dice_box.layout.display == "none"


@pytest.mark.rule("LB-050", "LB-052", "LB-055", "LB-066", "LB-033")
@pytest.mark.parametrize("name", sorted(la.PRACTICE))
def test_a_practice_table_opens_at_its_rare_choice_and_plays_on(name, no_callback_errors):
    """The choices the lessons' bots never meet (Surrey, Dorset, a ransom, paying for an extension, a nobleman of
    your choice) each have a live table: the learner holds the seat that chooses, the log shows how the game came
    there, and after the learner's choice the bots play on."""
    view = la.practice_table(name)
    phase, _ = la.PRACTICE[name]
    assert view.state.phase == phase and view.state.current_player in view.human_seats and len(view.session) > 10
    assert not offences(view)
    before = len(view.session)
    view.play(str(view.state.legal_actions()[0]))
    assert view.messages.kind != "error" and len(view.session) > before
