"""The board is drawn from an observation only (issue 26): the moves it makes clickable are the viewer's own moves
open now, and the hover texts are those of the cards the viewer can see."""

from __future__ import annotations

import re

import pytest

from hench.huns.render import html, notation

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


@pytest.mark.rule("HU-102", "HU-103", "HU-104")
def test_wagon_types_have_one_name_everywhere_and_no_cube_colour():
    from hench.huns.data import COLOURS

    from .test_scoring import dispatch

    s = start(3)
    names = set(s.data.type_names.values())
    assert not names & set(COLOURS) and not any(c in n.lower() for n in names for c in COLOURS)  # "W03 (blue)" misread
    s = dispatch(s, 0, [s.wagon_id(w) for w in s.wagon_deck[:2]])
    mine, theirs = html(s.observation(0)), html(s.observation(1))
    shown = re.search(r"dispatched: <b>2</b> \(types: ([^)]*)\)", mine)
    assert shown and set(shown.group(1).split(", ")) <= names  # "(Sun, Eagle)", never the type ids "(T2, T4)"
    assert not re.search(r"\bT\d\b", mine + theirs)
    for w in s.observation(0)["camps"][0]["wagons"]:
        assert f"{w['id']} &middot; {w['type_name']} type" in mine


@pytest.mark.rule("HU-033", "HU-036")
def test_the_notation_counts_rounds_and_turns_from_1():
    """Issue 36: the notation read `r1 t0` beside a 1-based round; the first turn of the first round is `r1 t1`,
    as the board says "round 1, turn 1/5"."""
    s = start(2, dice=(2, 2, 2, 2, 2))
    assert notation(s.observation(None)).startswith("r1 t1 ")
    s = play(s, "take green", "draw")
    s = s.apply(s.legal_actions()[0])  # play a drawn card
    while s.phase != "turn_take_die":
        s = s.apply("end turn" if "end turn" in map(str, s.legal_actions()) else s.legal_actions()[0])
    assert notation(s.observation(None)).startswith("r1 t2 ")
