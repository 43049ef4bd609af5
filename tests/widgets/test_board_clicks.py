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


def test_move_buttons_play_the_move_clicked_and_ignore_anything_else():
    from widgets.board import MoveButtons

    row = MoveButtons()
    heard = []
    row.on_pick(heard.append)
    row.show([("go north", "walk north", ("N", 1)), ("go south", "walk south", ("S", 1))])
    assert row.labels == ["go north", "go south"] and row.tooltips["go south"] == "walk south"
    version = row.version
    for crafted in ({"pick": 5, "version": version}, {"pick": -1, "version": version}, {"pick": "0", "version": version},
                    {"pick": True, "version": version}, {"pick": 0}, {"pick": 0, "version": str(version)}, [0], "0", None):
        row._handle(row, crafted, [])
    assert heard == [], "a click that names no button of the current row plays nothing"
    row._handle(row, {"pick": 1, "version": version}, [])
    assert heard == [("S", 1)], "the move itself comes back, not its label"
    row.show([("rest", "wait a turn", "rest")])
    row._handle(row, {"pick": 0, "version": version}, [])  # a second click on the row already replaced
    assert heard == [("S", 1)]
    row.click("rest")
    assert heard == [("S", 1), "rest"]


def test_a_table_sends_its_moves_as_one_model_not_three_per_button():
    """31 moves open in a Lancaster turn were 93 models (button, layout, style each) before the page's
    first control was drawn, and 93 more at every move; now the row is one model whatever it holds."""
    import ipywidgets as ipw

    from widgets import lancaster as la

    view = la.tour().view  # the guided tour's table: played on (the first move of the list) to a turn of 20-36 buttons
    for _ in range(200):
        if len(view.moves.labels) > 20:
            break
        view._apply(view.state.legal_actions()[0])
    labels = set(view.moves.labels)
    assert len(labels) > 20
    assert not [w for w in ipw.Widget.widgets.values() if isinstance(w, ipw.Button) and w.description in labels], \
        "no Button model per move"
    before = set(ipw.Widget.widgets)
    view.moves.click(0)
    assert view.session.history, "the click played a move"
    assert len(set(ipw.Widget.widgets) - before) < 20, "a move does not build a model per button it offers"


def test_offering_the_same_moves_again_keeps_a_click_on_them_good():
    """A table redraws its row after anything (a message, a toggle); a click sent just before must still play."""
    from widgets.board import MoveButtons

    row = MoveButtons()
    heard = []
    row.on_pick(heard.append)
    row.show([("go", "walk", "go")])
    version = row.version
    row.show([("go", "walk", "go")])
    row._handle(row, {"pick": 0, "version": version}, [])
    assert heard == ["go"]
    row.show([("go", "walk", "go!")])  # the same label for another move: a new list
    assert row.version == version + 1


def test_the_page_cannot_change_the_list_of_moves():
    from widgets.board import MoveButtons

    row = MoveButtons()
    row.show([("go", "walk", "go")])
    row.set_state({"buttons": [["win", "no such move"]], "version": 99})
    assert row.labels == ["go"] and row.version == 1


def page_sends(widget, content: dict) -> None:
    """A message from the page as the kernel gets it (a comm_msg whose data is a custom message), handed to the
    widget the way ipywidgets' comm handler does."""
    widget._handle_msg({"content": {"comm_id": widget.model_id, "data": {"method": "custom", "content": content}},
                        "buffers": []})


def my_moves(view) -> int:
    return sum(1 for step in view.session.steps if step.player in view.human_seats)


@pytest.mark.rule("HM-016", "HM-020")
def test_a_double_click_on_a_board_site_plays_once(no_callback_errors):
    view = hm.lesson_table("phase 1")
    site, version = marked(view)[0], view.board.version
    assert version == view.moves.version, "the board carries the version of the move buttons"
    page_sends(view.board, {"action": site, "version": version})
    page_sends(view.board, {"action": site, "version": version})  # the second click, sent before the page was redrawn
    assert my_moves(view) == 1 and view.session.steps[0].text == site
    assert view.board.version != version and view.messages.kind != "error"


def test_a_click_from_a_stale_tab_or_without_a_version_plays_nothing(no_callback_errors):
    view = hm.lesson_table("phase 1")
    old = view.board.version
    view.board.click(marked(view)[0])
    assert my_moves(view) == 1 and view.state.current_player == 0
    for stale in ({"action": marked(view)[0], "version": old}, {"action": marked(view)[0]},
                  {"action": marked(view)[0], "version": True}, {"action": marked(view)[0], "version": str(view.board.version)}):
        page_sends(view.board, stale)
    assert my_moves(view) == 1
    page_sends(view.board, {"action": marked(view)[0], "version": view.board.version})
    assert my_moves(view) == 2, "a click on the board shown now plays"


def test_a_double_click_on_a_move_button_plays_once_even_when_the_same_moves_come_back(no_callback_errors):
    from tests.fixtures.tinypig import PHASES
    from widgets.play import GameView, TableConfig

    view = GameView(TableConfig("tinypig", phases=PHASES), players=2, seed=3, auto_dice=True)
    for _ in range(40):  # to a turn where the same moves as before are open again: roll or hold
        if view.moves.labels == ["roll", "hold"]:
            break
        view.moves.click(0)
    assert view.moves.labels == ["roll", "hold"]
    before, version = my_moves(view), view.moves.version
    page_sends(view.moves, {"pick": 0, "version": version})
    page_sends(view.moves, {"pick": 0, "version": version})
    assert my_moves(view) == before + 1, "the second click named the list of the position before the move"


def test_the_page_cannot_change_the_board_or_its_version():
    board = ClickableBoard()
    board.show("<b data-action='go'>x</b>", 3)
    board.set_state({"html": "<b data-action='win'>x</b>", "version": 99})
    assert board.html.startswith("<b data-action='go'") and board.version == 3
