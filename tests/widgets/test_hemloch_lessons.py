"""Every card and every kind of move of Hemloch is taught with a live example (issue 29): the tour or a lesson
of the Learn page opens a position where the learner may make that move or play that card, and says why a
good player would choose it."""

from __future__ import annotations

import re

import pytest

from hench.core import CHANCE
from hench.hemloch.actions import ACTION_TYPES
from hench.hemloch.data import ITEMS, default_data
from widgets import hemloch as hl
from widgets.hemloch_lessons import LessonPicker, all_lessons, lesson_view

from .test_tours import walk_step

LESSONS = all_lessons()


def _kind(action) -> str:
    return type(action).kind


def _reached(lesson):
    """The lesson's table, moved on by its lead-in move (the Scepter, the Brewer) when it has one."""
    view = lesson_view(hl.CONFIG, lesson)
    if lesson.lead_in:
        view.play(next(str(a) for a in view.state.legal_actions() if str(a).startswith(lesson.lead_in)))
        assert view.messages.kind != "error", view.messages.text
    return view


@pytest.mark.parametrize("lesson", LESSONS, ids=[f"{x.kind}: {x.title}" for x in LESSONS])
def test_each_lesson_opens_a_position_where_its_move_is_the_learners_to_make(lesson, no_callback_errors):
    view = _reached(lesson)
    st = view.state
    assert st.current_player == 0 and not st.is_terminal
    legal = [str(a) for a in st.legal_actions()]
    assert any(_kind(a) == lesson.teaches for a in st.legal_actions()), (lesson.title, legal)
    if lesson.kind in ("Minion", "Location"):
        assert any(a.startswith("play ") and (lesson.title in a) for a in legal)
    if lesson.kind == "Item":
        assert f"use {lesson.title}" in legal
    assert "good player" in lesson.text, "each lesson says why a good player would choose the move"


def test_every_card_has_a_lesson():
    d = default_data()
    titles = {(x.kind, x.title) for x in LESSONS}
    assert {("Minion", m.name) for m in d.minions} <= titles
    assert {("Location", loc.name) for loc in d.locations} <= titles
    assert {("Item", name) for name in ITEMS} <= titles


def test_every_kind_of_move_is_taught_by_the_tour_or_a_lesson(no_callback_errors):
    tour = hl.tour()
    for i, step in enumerate(hl.TOUR):
        if i:
            tour.next.click()
        if step.done is not None:
            walk_step(tour)
    mine = {_kind(s.action) for s in tour.view.session.history
            if s.player == 0 or (s.player == CHANCE and s.before.start == 0)}
    taught = mine | {x.teaches for x in LESSONS}
    assert {t.kind for t in ACTION_TYPES} <= taught, {t.kind for t in ACTION_TYPES} - taught


@pytest.mark.rule("HL-033")
def test_the_flip_lesson_is_a_position_the_rules_allow(no_callback_errors):
    lesson = next(x for x in LESSONS if x.teaches == "flip")
    view = _reached(lesson)
    st = view.state
    st.game.validate_state(st)
    assert st.phase == "ability_flip" and st.supply[ITEMS.index("Potion")] == 0
    view.play("turn up Potion")
    assert view.messages.kind != "error"


def test_the_picker_shows_the_lesson_its_table_and_the_odds_in_words(no_callback_errors):
    picker = hl.lessons()
    assert isinstance(picker, LessonPicker) and picker.view is None, "no table until a lesson is picked"
    index = next(i for i, x in enumerate(picker.lessons) if x.title == "Shade Whisperer")
    picker.pick.value = index
    assert picker.view is not None and "Shade Whisperer" in picker.text.value
    assert "good player" in picker.text.value and "hench-chance" in picker.text.value
    shown = re.sub(r"title='[^']*'", "", picker.text.value)
    assert "%" in shown and not re.search(r"\b\d+/\d+\b", shown), "a percentage on screen, the fraction in the hover"
    first = picker.view
    picker.pick.value = 0
    frame = picker.table.children[0]
    assert picker.view is not first and picker.view in frame.children and "hench-practice" in frame._dom_classes
