"""Widget round trips in the browser: from an input to the page redrawn.

- Odds apps: focus the slider, press an arrow key, and time until the Plotly chart's SVG changes.
- Play apps (every game): a click on a move at move 10 of a game and at the learner's last move of a whole
  game (bots play every seat up to there, the table keeps the whole history), timed until the table's log
  shows it: the kernel has played it, the bots have answered, the board, the moves and the log are redrawn.
  Each click is undone and pressed again (the same position), --repeats times. The same clicks are timed in
  the kernel alone too (no browser, process time): the goal is a late click within 1.2x of the early one.
Prints short tables (--json: one JSON object) with the medians (and the browser's samples), in milliseconds.
    python bench/widget_roundtrip.py [--json] [--repeats N] [--where both|kernel|browser] [--skip-odds]
"""

from __future__ import annotations

import argparse
import inspect
import statistics
import sys
import time

from _apps import browser, leave, served, time_to_widget
from _table import quiet, report

# (notebook, slider container, chart container): the first slider of the container drives the chart
APPS = [
    ("henchmania/02-odds.ipynb", ".hench-duel-odds", ".hench-duel-odds .js-plotly-plot"),
    ("huns/02-odds.ipynb", ".hench-draft-odds", ".hench-draft-odds .js-plotly-plot"),
]
CHART_STATE = "sel => { const el = document.querySelector(sel); return el ? Array.from(el.querySelectorAll('svg')).map(s => s.innerHTML).join('') : ''; }"


def samples(page, slider_box: str, chart: str, presses: int = 6) -> list[float]:
    page.wait_for_selector(chart + " svg.main-svg", timeout=120_000)
    handle = page.locator(f"{slider_box} .noUi-handle").first
    out = []
    for i in range(presses):
        before = page.evaluate(CHART_STATE, chart)
        handle.focus()
        t = time.perf_counter()
        page.keyboard.press("ArrowLeft" if i % 2 else "ArrowRight")
        page.wait_for_function(f"([sel, old]) => ({CHART_STATE})(sel) !== old", arg=[chart, before], timeout=30_000)
        out.append((time.perf_counter() - t) * 1000)
        page.wait_for_timeout(300)
    return out


# -- Play apps: a click early in a game and at the end of a long one ---------------------------------------

PLAY_GAMES: dict[str, dict] = {"henchmania": {"players": 3}, "huns": {"players": 3}, "hemloch": {}, "maniacal": {"players": 3},
                               "lancaster": {"players": 3}}  # play_table's arguments, as each 03-play notebook gives them
EARLY_MOVE = 10
NEWEST_LOG = "() => { const e = document.querySelector('.hench-game .hench-log .hench-log-entry'); return e ? e.innerText : ''; }"


def at_move(view, moves: int) -> None:
    """Bots play every seat, the learner's too (the dice roll themselves), until the learner is to move with at
    least `moves` moves played, or the game's end; the table is redrawn there."""
    from hench.core import next_action

    for _ in range(20_000):
        st = view.state
        if st.is_terminal or (st.current_player in view.human_seats and len(view.session) >= moves):
            break
        view.session.apply(next_action(st, view.bots, view.rng))
    view.refresh()


def at_last_decision(view) -> None:
    """A whole game played by the bots, then back to the learner's last decision: the table holds the whole
    game (its log, its chart) and the next click is the learner's last move."""
    at_move(view, 10**9)
    view.session.undo_to(lambda s: s.current_player in view.human_seats)
    view.refresh()


def table_at(game: str, where: str):
    """A game's Play table (as its 03-play notebook builds it, shown whole) at move 10 ("early") or at the
    learner's last decision of a whole game ("late")."""
    import importlib

    table = importlib.import_module(f"widgets.{game}").play_table(**PLAY_GAMES[game])
    view = getattr(table, "view", table)  # Maniacal and Lancaster put the table in a box with more
    (at_move(view, EARLY_MOVE) if where == "early" else at_last_decision(view))
    return table


def press(view) -> None:
    """What a click on the first move does: its button, or the list's first move and 'Play this move'."""
    if view.moves.labels:
        view.moves.click(0)
    else:
        view.move_list.value = view.move_list.options[0][1]
        view.play_selected.click()


def kernel_clicks(view, repeats: int) -> tuple[list[float], list[float]]:
    """(click ms, redraw ms) `repeats` times at the table's position: a click (the bots' answers included),
    then Undo back to the same position. Process time: the kernel's own work, whatever else the machine does."""
    position, clicks, redraws = view.state, [], []
    for _ in range(repeats):
        t = time.process_time()
        press(view)
        clicks.append((time.process_time() - t) * 1000)
        view.undo_button.click()
        assert view.state is position, "Undo goes back to the position clicked from"
        t = time.process_time()
        view.refresh()
        redraws.append((time.process_time() - t) * 1000)
    return clicks, redraws


def calls_per_click(view, repeats: int) -> float:
    """Python function calls a click makes (the bots' answers and the redraw included), on average over `repeats`
    clicks, each undone: a count, so the same on a busy machine as on a quiet one (times are not)."""
    counted = [0]

    def count(frame, event, arg) -> None:
        if event == "call":
            counted[0] += 1

    for _ in range(repeats):
        sys.setprofile(count)
        try:
            press(view)
        finally:
            sys.setprofile(None)
        view.undo_button.click()
    return counted[0] / repeats


def kernel_figures(repeats: int) -> dict:
    out = {}
    for game in PLAY_GAMES:
        row = {}
        for where in ("early", "late"):
            table = table_at(game, where)
            view = getattr(table, "view", table)
            clicks, redraws = kernel_clicks(view, repeats)
            row[where] = {"moves": len(view.session), "click_ms": round(statistics.median(clicks), 2),
                          "redraw_ms": round(statistics.median(redraws), 2), "calls": round(calls_per_click(view, repeats))}
        view.session.reset(view.state)  # the same late position on a table with no history: what the game's length costs
        view.refresh()
        clicks, _ = kernel_clicks(view, repeats)
        row["late_no_history"] = {"click_ms": round(statistics.median(clicks), 2), "calls": round(calls_per_click(view, repeats))}
        out[game] = row
    return out


def notebook_source(game: str, where: str) -> str:
    """A notebook cell building the table at its position, with the helpers above written out."""
    helpers = "\n\n".join(inspect.getsource(f) for f in (at_move, at_last_decision, table_at))
    return (f"{helpers}\n\nPLAY_GAMES = {PLAY_GAMES!r}\nEARLY_MOVE = {EARLY_MOVE}\n"
            f"table_at({game!r}, {where!r})")


def click_notebooks() -> dict[str, str]:
    return {f"_click_{where}_{game}.ipynb": notebook_source(game, where) for game in PLAY_GAMES for where in ("early", "late")}


def browser_clicks(page, repeats: int) -> list[float]:
    """ms from a click on the first move to the table's log showing it, `repeats` times, each followed by Undo
    (waited for: the log back as it was)."""
    game = page.locator(".hench-game").first
    game.wait_for(timeout=180_000)
    page.wait_for_timeout(1500)
    out = []
    for _ in range(repeats):
        buttons, listed = game.locator(".hench-move"), game.get_by_role("button", name="Play this move")
        target = buttons.first if buttons.count() and buttons.first.is_visible() else listed
        if target is listed:
            game.get_by_label("Move", exact=True).select_option(index=0)
            page.wait_for_timeout(300)
        before = page.evaluate(NEWEST_LOG)
        t = time.perf_counter()
        target.click()
        page.wait_for_function(f"old => ({NEWEST_LOG})() !== old", arg=before, timeout=120_000)
        out.append((time.perf_counter() - t) * 1000)
        game.get_by_role("button", name="Undo", exact=True).click()
        page.wait_for_function(f"old => ({NEWEST_LOG})() === old", arg=before, timeout=120_000)
        page.wait_for_timeout(400)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    parser.add_argument("--repeats", type=int, default=5, help="clicks at each position (default 5)")
    parser.add_argument("--where", choices=("both", "kernel", "browser"), default="both",
                        help="time the clicks in the kernel (no browser), in the browser, or both (default)")
    parser.add_argument("--skip-odds", action="store_true", help="leave out the odds apps' sliders")
    args = parser.parse_args()
    quiet()
    results, clicks, kernel = {}, {}, {}
    if args.where in ("both", "kernel"):
        kernel = kernel_figures(args.repeats)
    if args.where in ("both", "browser"):
        with served(extra_notebooks=click_notebooks()) as (base, _), browser() as b:
            for notebook, slider_box, chart in ([] if args.skip_odds else APPS):
                page = b.new_page(viewport={"width": 1280, "height": 1400})
                time_to_widget(page, f"{base}/voila/render/{notebook}")
                ms = samples(page, slider_box, chart)
                results[notebook] = {"ms": [round(x, 1) for x in ms], "median_ms": round(statistics.median(ms), 1)}
                leave(page)
            for game in PLAY_GAMES:
                clicks[game] = {}
                for where in ("early", "late"):
                    page = b.new_page(viewport={"width": 1280, "height": 1400})
                    time_to_widget(page, f"{base}/voila/render/_click_{where}_{game}.ipynb")
                    ms = browser_clicks(page, args.repeats)
                    clicks[game][where] = {"ms": [round(m, 1) for m in ms], "median_ms": round(statistics.median(ms), 1),
                                           "min_ms": round(min(ms), 1)}
                    leave(page)
    if args.json:
        report(True, {"benchmark": "widget round trips", "slider_to_chart": results, "click_early_late_browser": clicks,
                      "click_early_late_kernel": kernel}, "", [], [])
        return
    if results:
        report(False, {}, "Widget round trip: slider key press to chart redrawn", ["app", "median ms", "samples ms"],
               [[nb, r["median_ms"], " ".join(map(str, r["ms"]))] for nb, r in results.items()])
        print()
    if kernel:
        report(False, {}, f"Play click in the kernel (process time, median of {args.repeats}; the bots' answers included): "
               f"at move {EARLY_MOVE} and at the learner's last move of a whole game",
               ["game", "moves early", "click ms", "redraw ms", "moves late", "click ms", "redraw ms", "late/early click",
                "late, no history ms", "late: with/without history", "calls: late/early", "calls: with/without history"],
               [[g, r["early"]["moves"], r["early"]["click_ms"], r["early"]["redraw_ms"], r["late"]["moves"],
                 r["late"]["click_ms"], r["late"]["redraw_ms"], f"{r['late']['click_ms'] / max(r['early']['click_ms'], 0.01):.2f}x",
                 r["late_no_history"]["click_ms"], f"{r['late']['click_ms'] / max(r['late_no_history']['click_ms'], 0.01):.2f}x",
                 f"{r['late']['calls'] / max(r['early']['calls'], 1):.2f}x",
                 f"{r['late']['calls'] / max(r['late_no_history']['calls'], 1):.2f}x"]
                for g, r in kernel.items()],
               ["goal: the late click within 1.2x of the early one",
                "late, no history: the same late position on a table whose session starts there; with/without history "
                "near 1 means a click's work does not grow with the game (the rest of late/early is the position itself)",
                "calls: Python function calls per click (bots' answers and redraw included), a count that a busy machine "
                "does not change: the same two ratios without the timing noise"])
        print()
    if clicks:
        report(False, {}, f"Play click in the browser (a move pressed to the table's log redrawn, median of {args.repeats})",
               ["game", "early ms", "late ms", "late/early", "early min", "late min", "early samples", "late samples"],
               [[g, r["early"]["median_ms"], r["late"]["median_ms"],
                 f"{r['late']['median_ms'] / max(r['early']['median_ms'], 0.01):.2f}x", r["early"]["min_ms"], r["late"]["min_ms"],
                 " ".join(map(str, r["early"]["ms"])), " ".join(map(str, r["late"]["ms"]))] for g, r in clicks.items()],
               ["goal: the late click within 1.2x of the early one (the minimum: the round trip with the least noise "
                "from other work on the machine)"])


if __name__ == "__main__":
    main()
