"""Henchmania's card lessons (issue 29): every card has a live example where its move is the learner's to make,
with what it does and why a good player would choose it."""

from __future__ import annotations

import re

import pytest

import hench
import widgets.henchmania as hm
from widgets.henchmania_lessons import BY_CARD, LESSONS, reaches


def test_every_card_of_the_game_has_a_lesson():
    game = hench.get_game("henchmania")
    names = {t.name for t in game.card_texts(game.new_game(3, seed=1))}
    assert names == {lesson.card for lesson in LESSONS} and len(LESSONS) == len(BY_CARD)
    assert "Traitor: the taken pawn, next day" in BY_CARD, "placing a taken pawn is a kind of move of its own"


@pytest.mark.parametrize("card", sorted(BY_CARD))
def test_a_cards_lesson_opens_where_its_move_is_mine_and_the_move_plays(card, no_callback_errors):
    lessons = hm.card_lessons(card)
    view, lesson = lessons.view, BY_CARD[card]
    st = view.state
    assert st.current_player == 0 and reaches(lesson, st), f"{card}: the position lets me use it"
    assert len(view.session) > 0, "the log shows the moves that led here"
    about = lessons.about.value
    assert "Why a good player uses it" in about and lesson.card in about
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b|Fraction\(|hench\.", about), "no programmer's text"
    move = next(str(a) for a in st.legal_actions() if lesson.fits(str(a)))
    view.play(move)
    assert view.messages.kind != "error", view.messages.text
    assert any(s.player == 0 and str(s.action) == move for s in view.session.history), "the card's move was played"


def test_each_lesson_finds_its_moment_in_its_own_deal():
    """The recorded deal of each lesson still brings its moment (no lesson pays for a search at page time)."""
    from widgets.play import GameView

    for lesson in LESSONS:
        view = GameView(hm.CONFIG, players=3, seed=lesson.seed, auto_dice=False, chart=False)
        view._run_bots(lambda s, lesson=lesson: reaches(lesson, s), roll_dice=True)
        assert reaches(lesson, view.state), lesson.card


def test_picking_another_card_replaces_the_table(no_callback_errors):
    lessons = hm.card_lessons()
    assert lessons.view is None and lessons.about.value == ""
    lessons.pick.value = "Drunkard"
    first = lessons.view
    lessons.pick.value = "Porter"
    assert lessons.view is not first and "Porter" in lessons.about.value
    assert any(str(a).endswith("with Porter") for a in lessons.view.state.legal_actions())
