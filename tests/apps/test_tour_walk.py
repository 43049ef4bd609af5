"""Issue 9, "Done means": each game's guided tour walked in a real browser from the first step to the last.

At every step the test makes the move the step asks for (clicking the move's button, or typing it when the
table lists too many moves for buttons), rolls the dice and presses 'Next bot move' where the table waits,
answers the self-check question wrongly once and then rightly, and checks that the "What just happened" box
says what the engine did. Every choice and every expected text is computed in this process on a mirror of
the same tour (the same deal, bots and dice seeds, driven by the same clicks), so the page is checked
against the engine, not against itself. One page load per game; every wait is on the page's own state.
"""

from __future__ import annotations

import importlib
import re

import pytest

from hench.core import CHANCE
from widgets.play import MAX_BUTTONS

from .server import ARTIFACTS
from .test_browser import open_app, server  # noqa: F401  (server: the shared fixture)
from .visits import answer_question, tour_next

pytestmark = [pytest.mark.browser, pytest.mark.slow]
GAMES = ["hemloch", "henchmania", "huns", "lancaster", "maniacal"]
SHOTS = ARTIFACTS / "tour_walk"
WAIT_MS = 120_000  # every wait: generous, the machine is a loaded 2-core box
LIMIT = 200  # learner actions in one step, at most


def _pools_ready(base: str, limit_s: float = 600) -> None:
    """Wait until the server's preheated app kernels have run their notebooks (/hench/status says ready):
    on a busy machine a page opened while all of them warm up waits past any sane limit."""
    import time

    import requests

    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{base}/hench/status", timeout=10).json().get("ready"):
                return
        except (requests.RequestException, ValueError):
            pass
        time.sleep(2)  # polling the server's own readiness, not a fixed wait for the page


def _pick(step, state) -> str:
    """The move a learner makes for a step: the same rule as tests/widgets/test_tours.py's walker."""
    from tests.widgets.test_tours import PREFER

    legal = [str(a) for a in state.legal_actions()]
    want = PREFER.get(step.title, "")
    pick = next((a for a in legal if want and re.match(want, a)), None) or next((a for a in legal if a != "pass"), legal[0])
    if step.title.startswith("Phase 3") or step.title.startswith("The end"):
        pick = "pass" if "pass" in legal else pick
    return pick


def _synced(page, view) -> None:
    """The page's table shows the mirror's newest move (its number, and its text as the learner is told it:
    another seat's secret move only as far as the learner may know) in the log."""
    history = view.session.history
    if not history:
        return
    n, text = len(history), view.move_text(history[-1])
    page.wait_for_function(
        """([n, text]) => { const e = document.querySelector('.hench-tour .hench-game .hench-log .hench-log-entry');
                            return !!e && e.innerText.startsWith(n + '. ') && e.innerText.includes(text); }""",
        arg=[n, text], timeout=WAIT_MS)


def _act(page, tour) -> None:
    """One learner action on the page and on the mirror: a bot's move to watch, a roll, or a move."""
    view, game = tour.view, page.locator(".hench-tour .hench-game")
    st = view.state
    if view.watch.value and view.bot_pending():
        game.get_by_role("button", name="Next bot move ▶", exact=True).click()
        view.bot_step.click()
    elif st.current_player == CHANCE:
        assert view.learner_rolls(), "the table stops at dice only when they are the learner's to roll"
        game.get_by_role("button", name=view.config.chance.roll, exact=True).click()  # the game's own words
        view.roll.click()
    else:
        text = _pick(tour.step, st)
        action = view.game.parse_action(st, text)
        legal = st.legal_actions()
        if len(legal) <= MAX_BUTTONS:
            label = view.config.label(st, action) if view.config.label is not None else view.game.format_action(action)
            game.get_by_role("button", name=label, exact=True).first.click()
        else:  # too many moves for buttons: the table lists them, and the learner may type one
            box = game.locator("input[placeholder='or type a move and press Enter']")
            box.fill(text)
            box.press("Enter")
        view.play(text)
    assert view.messages.kind != "error", view.messages.text
    _synced(page, view)


@pytest.mark.parametrize("game", GAMES)
def test_tour_walked_in_the_browser(browser, server, game):  # noqa: F811  (fixtures)
    module = importlib.import_module(f"widgets.{game}")
    steps = module.TOUR
    mirror = module.tour()  # what the page's kernel builds: the notebook's cell is `<module>.tour()`
    base, _ = server
    _pools_ready(base)
    page, errors = open_app(browser, base, f"{game}/01-learn.ipynb")
    tour_box = page.locator(".hench-tour")
    total = len(steps)
    try:
        tour_box.locator(".hench-tour-step", has_text=f"Step 1 of {total}").wait_for(timeout=WAIT_MS)
        for i, step in enumerate(steps):
            if i:
                tour_next(page, i + 1, total)
                mirror.next.click()
            assert mirror.index == i
            if step.done is not None:
                assert "Waiting for your move" in tour_box.locator(".hench-tour-status").inner_text()
                for _ in range(LIMIT):
                    if mirror.is_done:
                        break
                    _act(page, mirror)
                assert mirror.is_done, f"{game} step {i + 1} ({step.title}): not done after {LIMIT} actions"
                done = tour_box.locator(".hench-done")
                done.wait_for(timeout=WAIT_MS)
                said = done.inner_text()
                assert "What just happened" in said
                if step.after is not None:
                    expected = step.after(mirror.start, mirror.view.state)
                    assert " ".join(expected.split()) in " ".join(said.split()), f"{game} step {i + 1}: {said!r} lacks {expected!r}"
                watched = 0
                while mirror.view.watch.value and mirror.view.bot_pending() and watched < LIMIT:  # the bots' replies, one a click
                    _act(page, mirror)
                    watched += 1
                    bots = sum(1 for s in mirror.view.session.history[-watched:] if s.player != CHANCE)
                    fold = f"then the bots played {bots} move{'' if bots == 1 else 's'}"
                    tour_box.locator(".hench-done summary", has_text=fold).wait_for(timeout=WAIT_MS)
            if step.question is not None:
                q = mirror.question
                right = step.question.answer(q.state)
                wrong = next(o for o in q.pick.options if o != right)
                answer_question(page, right, wrong)
                verdict = tour_box.locator(".hench-question .hench-verdict").inner_text()
                why = " ".join(step.question.why(q.state).split())
                assert why in " ".join(verdict.split()), f"{game} step {i + 1}: the verdict gives the engine's reason"
        assert tour_box.get_by_role("button", name="Next ▶").is_disabled(), "the last step: nowhere further to go"
        assert not tour_box.locator(".hench-msg-error").count(), tour_box.locator(".hench-msg-error").first.inner_text()
        assert not errors, f"JavaScript errors: {errors}"
    except Exception:
        print("The page's console:", *page.console_lines, sep="\n  ")
        raise
    finally:
        SHOTS.mkdir(parents=True, exist_ok=True)
        try:  # a viewport as tall as the tour, so all of it is painted in the picture
            height = int(tour_box.evaluate("el => el.getBoundingClientRect().height"))
            page.set_viewport_size({"width": 1280, "height": min(max(height + 40, 800), 6000)})
            tour_box.screenshot(path=str(SHOTS / f"{game}-last-step.png"), timeout=WAIT_MS)
        finally:
            page.close()
