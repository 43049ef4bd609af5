"""Clicking the board: legal moves are marked, a click plays the move, a crafted click is refused."""

from __future__ import annotations

import re

import pytest

import widgets.henchmania as hm
import widgets.huns as hu
from widgets.board import ClickableBoard


def marked(view) -> list[str]:
    return re.findall(r"data-action='([^']*)'", view.board.html)


@pytest.mark.rule("HM-016", "HM-020")
def test_henchmania_sites_are_clickable_moves(no_callback_errors):
    view = hm.lesson_table("phase 1")
    assert set(marked(view)) == {str(a) for a in view.state.legal_actions()}
    view.board.click("place Church")
    assert view.session.history[0].text == "place Church" and view.state.current_player == 0


def test_crafted_click_is_refused_with_the_engines_words(no_callback_errors):
    view = hm.lesson_table("phase 1")
    view.board.click("place Moon")
    assert view.messages.kind == "error" and "no site called" in view.messages.text and len(view.session) == 0
    view.board._handle(view.board, {"action": ["not", "text"]}, [])  # not a move at all: ignored
    view.board._handle(view.board, {"action": "x" * 5000}, [])
    assert len(view.session) == 0


def test_no_clicks_when_it_is_not_my_turn(no_callback_errors):
    view = hm.learn_table()
    view.fast_forward(lambda s: True)
    view.play("place Tavern")
    assert view.state.current_player == 0  # bots answered
    view.session.undo()  # now a bot is to move
    view.refresh()
    assert marked(view) == []
    view.board.click("place Castle")
    assert "not your turn" in view.messages.text


@pytest.mark.rule("HU-033", "HU-057")
def test_huns_dice_and_wagon_spaces_are_clickable(no_callback_errors):
    view = hu.lesson_table("the draft")
    assert marked(view) == [str(a) for a in view.state.legal_actions() if str(a).startswith("take")]
    view.board.click("take red")
    assert view.session.history[0].text == "take red"
    pillage = hu.lesson_table("pillage")
    spaces = marked(pillage)
    assert spaces and all(s.startswith("place") for s in spaces)
    pillage.board.click(spaces[0])
    assert pillage.session.history[0].text == spaces[0]


def test_board_widget_syncs_its_html():
    board = ClickableBoard(html="<b data-action='go'>x</b>")
    heard = []
    board.on_action(heard.append)
    board.click("go")
    assert heard == ["go"] and board.get_state()["html"].startswith("<b")
