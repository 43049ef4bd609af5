"""The board is drawn from an observation only (issue 26): the moves it makes clickable are the viewer's own moves
open now, and the hover texts are those of the cards the viewer can see."""

from __future__ import annotations

import re

import pytest

from hench.huns.render import html

from .helpers import play, start

ACTION = re.compile(r"data-action='([^']*)'")


@pytest.mark.rule("HU-033", "HU-057")
def test_a_clickable_board_offers_the_viewers_legal_moves_only():
    s = start(3, dice=(2, 2, 2, 2, 2))
    mine = set(ACTION.findall(html(s.observation(0), True)))
    assert mine == {f"take {c}" for c in ("blue", "red", "green", "black", "yellow")}
    assert not ACTION.findall(html(s.observation(1), True)) and not ACTION.findall(html(s.observation(0), False))
    s = play(s, "take red", "pillage", "onto wagons")
    legal = {str(a) for a in s.legal_actions()}
    offered = set(ACTION.findall(html(s.observation(0), True)))
    assert offered and offered <= legal and all(move.startswith("place ") for move in offered)


@pytest.mark.rule("HU-081")
def test_drawn_cards_hover_text_reaches_the_drawer_only():
    s = play(start(3, dice=(3, 1, 1, 1, 1)), "take blue", "draw")
    hand = [s.card_id(c) for c in s.hand]
    assert set(hand) <= set(s.observation(0)["card_texts"])
    assert not set(hand) & set(s.observation(1)["card_texts"]) and not set(hand) & set(s.observation(None)["card_texts"])
    assert all(card not in html(s.observation(1), True) for card in hand)
