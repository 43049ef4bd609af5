"""Issue 42: a table runs one click at a time, and the clicks sent while it was busy are dropped, not run one after
another once it is free; a tour's jump plays the bots at the table's quick level."""

from __future__ import annotations

import importlib
import time

import pytest

from widgets import core


class Clock:
    """time.monotonic for widgets.core, moved on by the test (a handler's work takes what the test says)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = Clock()
    monkeypatch.setattr(core, "time", fake)
    monkeypatch.setenv("HENCH_SERVED", "1")
    return fake


def _slow_deals(view, clock, seconds: float) -> list[bool]:
    """Each deal takes `seconds` (hard bots playing up to the learner's turn); returns, per deal, whether the page
    was told the table was busy while it ran."""
    told: list[bool] = []
    original = view._after_move

    def after_move() -> None:
        told.append("hench-busy" in view._dom_classes)
        clock.now += seconds
        original()

    view._after_move = after_move
    return told


def test_deal_clicks_queued_behind_a_deal_are_dropped_and_a_later_one_runs(clock, no_callback_errors):
    from widgets.henchmania import play_table

    view = play_table(players=3)
    told = _slow_deals(view, clock, 1.8)
    view.seed_box.value = ""
    view.start_button.click()
    first = view.seed
    assert told == [True] and "hench-busy" not in view._dom_classes, "busy while the deal ran, free after"
    for _ in range(28):  # the clicks the page sent meanwhile, handled one after another as soon as it ended
        clock.now += 0.004
        view.seed_box.value = ""
        view.start_button.click()
    assert len(told) == 1 and view.seed == first and view.busy.dropped == 28
    clock.now += 2.0  # the visitor saw the new deal and clicks again
    view.seed_box.value = ""
    view.start_button.click()
    assert len(told) == 2 and view.seed != first


@pytest.mark.parametrize("pause, runs", [(0.01, True), (0.3, True)])
def test_a_click_right_behind_a_quick_one_runs(clock, pause, runs, no_callback_errors):
    """A quick click queues nothing worth dropping: the next runs however soon it comes (a page driven fast)."""
    from widgets.hemloch import play_table

    view = play_table()
    legal = view.state.legal_actions()
    view._click(legal[0])
    played = len(view.session)
    assert played > 0
    clock.now += pause
    view.undo_button.click()
    assert (len(view.session) < played) is runs


def test_the_tours_buttons_share_the_busy_of_its_table(clock, no_callback_errors):
    from widgets.henchmania import tour

    guide = tour()
    clock.now += 5.0
    guide.next.click()
    assert guide.index == 1
    guide.view.busy.took = 1.5  # Next played the bots to the lesson for 1.5 s (the fake clock stood still meanwhile)
    clock.now += 0.01
    guide.view.undo_button.click()  # queued behind Next: dropped
    assert guide.view.busy.dropped == 1


def test_nothing_is_dropped_in_a_notebook_of_ones_own(clock, monkeypatch, no_callback_errors):
    from widgets.hemloch import play_table

    monkeypatch.delenv("HENCH_SERVED")
    monkeypatch.setattr(core, "served_kernel", lambda: False)
    view = play_table()
    view._click(view.state.legal_actions()[0])
    played = len(view.session)
    view.undo_button.click()
    assert len(view.session) < played and view.busy.dropped == 0


@pytest.mark.parametrize("game", ["maniacal", "lancaster"])
def test_a_jump_to_the_tours_last_step_plays_no_hard_bot(game, no_callback_errors):
    """The hard bots think up to 0.5 s a move: a jump to the last step with them took 30.3 s (Maniacal) and 41.9 s
    (Lancaster), against 0.3 s and 0.1 s with the usual bots. The jump plays the usual ones; the learner's own game
    goes on with the level chosen."""
    guide = importlib.import_module(f"widgets.{game}").tour()
    view = guide.view
    view.coach_panel.level.value = "hard"
    hard = list(view.bots)
    assert all(type(bot).__name__ == "CoachBot" for bot in hard)
    asked = []
    for bot in hard:
        bot.choose = lambda state, asked=asked: asked.append(state) or pytest.fail("a hard bot moved during the jump")
    started = time.monotonic()
    guide.jump.value = len(guide.steps) - 1
    took = time.monotonic() - started
    assert guide.index == len(guide.steps) - 1 and not guide.messages.text, guide.messages.text
    assert asked == [] and view.bots == hard, "the table keeps the hard bots for the learner's own moves"
    assert took < 10, f"the jump took {took:.1f} s"


def test_what_the_notebook_does_as_it_builds_the_table_is_no_click(clock, monkeypatch, no_callback_errors):
    """The handlers a notebook's cells call (a kernel running an execute_request) do not open the window in which a
    click counts as queued: the page's first click, right after a fresh kernel built the app, runs (the concurrent
    visitors bench lost 1-3 of 30 visitors to this)."""
    from widgets.henchmania import play_table

    monkeypatch.setattr(core, "running_the_notebook", lambda: True)
    view = play_table(players=3)
    _slow_deals(view, clock, 1.8)
    view.seed_box.value = ""
    view.start_button.click()  # the notebook deals as it builds the app
    assert view.busy.ended == float("-inf"), "the notebook's deal left no click behind"
    monkeypatch.setattr(core, "running_the_notebook", lambda: False)
    clock.now += 0.01  # the page's first click, at once
    before = view.seed
    view.seed_box.value = ""
    view.start_button.click()
    assert view.busy.dropped == 0 and view.seed != before


def test_the_kernel_tells_a_cell_from_a_page_message(monkeypatch):
    class Kernel:
        def __init__(self, kind: str) -> None:
            self.kind = kind

        def get_parent(self, channel: str = "shell") -> dict:
            return {"header": {"msg_type": self.kind}}

    class Shell:
        def __init__(self, kind: str) -> None:
            self.kernel = Kernel(kind)

    import IPython

    for kind, running in (("execute_request", True), ("comm_msg", False)):
        monkeypatch.setattr(IPython, "get_ipython", lambda kind=kind: Shell(kind))
        assert core.running_the_notebook() is running
    monkeypatch.setattr(IPython, "get_ipython", lambda: None)
    assert core.running_the_notebook() is False
