"""Views that rebuild a part (move buttons each turn, a tour's table each step) close what they replace:
a widget left open stays in the kernel's memory and is sent, with its layout and style, to every page."""

from __future__ import annotations

import importlib
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
