"""Views that rebuild a part (move buttons each turn, a tour's table each step) close what they replace:
a widget left open stays in the kernel's memory and is sent, with its layout and style, to every page."""

from __future__ import annotations

import gc
import importlib
import os
import random

import ipywidgets as ipw
import pytest


def _shown(widget, seen: set) -> set:
    """Every widget reachable from `widget`: children, layouts, styles, any widget-valued trait."""
    if isinstance(widget, ipw.Widget) and widget.model_id not in seen:
        seen.add(widget.model_id)
        for name in widget.keys:
            value = getattr(widget, name, None)
            for item in value if isinstance(value, (list, tuple)) else [value]:
                _shown(item, seen)
    return seen


def _open_widgets() -> set:
    return set(ipw.Widget.widgets)


@pytest.mark.parametrize("game", ["henchmania", "huns", "hemloch", "maniacal", "lancaster"])
def test_a_table_played_for_a_while_holds_only_the_widgets_it_shows(game, no_callback_errors):
    """The move buttons are rebuilt every turn; the old ones are closed, or each page and the kernel
    would carry every button the table ever showed (the Lancaster tour's page loaded 74 buttons for 37)."""
    module = importlib.import_module(f"widgets.{game}")
    before = _open_widgets()
    table = module.play_table()
    view = getattr(table, "view", table)
    rng = random.Random(1)
    for _ in range(40):
        if view.state.is_terminal:
            break
        legal = view.state.legal_actions()
        if view._human_to_move() and legal:
            view._click(rng.choice(legal))
        else:
            view._bots()
    assert len(view.session.history) > 40
    made = _open_widgets() - before
    assert made - _shown(table, set()) == set()


@pytest.mark.parametrize("game", ["henchmania", "lancaster"])
def test_a_tour_walked_through_holds_only_the_step_it_shows(game, no_callback_errors):
    module = importlib.import_module(f"widgets.{game}")
    before = _open_widgets()
    tour = module.tour()
    for index in range(1, min(4, len(tour.steps))):
        tour.go(index)
    made = _open_widgets() - before
    assert made - _shown(tour, set()) == set()


# -- issue 42: the rule search, "show me" and the card gallery close what they replace ------------------------------

SEARCHES = ("duel", "wagon", "tie", "card", "HM-0", "lair", "vote", "king", "a", "e", "gold", "raid")


def _resident_mib() -> float:
    """The process's resident memory now (Linux /proc), in MiB."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _count() -> int:
    gc.collect()
    return len(_open_widgets())


def _type(panel, word: str) -> None:
    """A visitor types `word` into the search box one key at a time (the box updates on every key)."""
    for end in range(1, len(word) + 1):
        panel.box.value = word[:end]


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads the resident memory from /proc")
def test_the_rule_search_typed_and_searched_200_times_keeps_its_widgets_and_memory(no_callback_errors):
    """Every keystroke rebuilds the "show me" buttons of the hits; the old ones are closed (58 keystrokes had left
    1,866 widgets, 60 searches with every hit shown 86,310 and 284 MiB)."""
    from widgets.core import RulesPanel

    panel = RulesPanel(limit=10)
    panel.show_all.value = True
    _type(panel, "a")
    panel.show_all.value = False
    _type(panel, "duel")
    widgets, memory = _count(), _resident_mib()
    searches = 0
    for i in range(200):  # a key at a time: "d", "du", "due", "duel", then the next word
        word = SEARCHES[(i // 4) % len(SEARCHES)]
        panel.show_all.value = i % 20 == 3  # now and then every hit is shown (a few hundred buttons)
        panel.box.value = word[: 1 + i % 4]
        searches += 1
    assert searches == 200 and panel.found
    panel.show_all.value = False
    panel.box.value = ""
    _type(panel, "duel")
    assert _count() == widgets, "the search holds exactly the widgets it holds after one search"
    assert _resident_mib() - memory < 25, f"the kernel grew {_resident_mib() - memory:.0f} MiB over 200 searches"


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="reads the resident memory from /proc")
def test_show_me_clicked_50_times_holds_one_table(no_callback_errors):
    """Each "show me" opens a live table (about 130 widgets) and closes the one before."""
    from widgets.core import RulesPanel

    panel = RulesPanel(limit=10)
    _type(panel, "duel")
    buttons = len(panel.show_buttons.children)
    assert buttons >= 2, "the search for duel offers live examples"
    panel.show_buttons.children[0].click()
    widgets, memory = _count(), _resident_mib()
    for i in range(50):
        panel.show_buttons.children[i % buttons].click()
        assert len(panel.stage.children) == 1 and panel.stage.children[0].table.state is not None
    panel.show_buttons.children[0].click()
    assert _count() == widgets, "one table open, as after the first click"
    assert _resident_mib() - memory < 25, f"the kernel grew {_resident_mib() - memory:.0f} MiB over 50 clicks"


@pytest.mark.parametrize("game", ["henchmania", "maniacal"])
def test_the_card_gallery_holds_one_live_table(game, no_callback_errors):
    module = importlib.import_module(f"widgets.{game}")
    gallery = module.card_gallery()
    cards = [value for _, value in gallery.card_choice.options]
    assert len(cards) >= 3
    gallery.card_choice.value = cards[0]
    gallery.show_me()
    widgets = _count()
    for card in cards[1:6] + cards[:1]:
        gallery.card_choice.value = card
        gallery.show_me()
        assert gallery.messages.kind != "error", gallery.messages.text
    assert _count() == widgets


def test_a_coach_review_closes_the_one_before(monkeypatch, no_callback_errors):
    from hench.core.coach import Coach
    from widgets import coach as coach_view
    from widgets.henchmania import play_table

    monkeypatch.setattr(coach_view, "REVIEW_SECONDS", 1.0)
    view = play_table(players=3)
    view.coach_panel.coach = Coach(view.game, seed=1, iterations=4)  # fast: the review's words do not matter here
    view.auto_dice.value = True
    while not view.state.is_terminal:
        view.bots_go.click()
    before = _open_widgets()
    view.coach_panel.review_button.click()
    first = view.coach_panel.review_box.children
    view.coach_panel.review_button.click()
    assert first and view.coach_panel.review_box.children
    assert all(w.comm is None for w in first), "the first review's parts are closed"
    assert _open_widgets() - before - _shown(view.coach_panel.review_box, set()) == set()
