"""The shared views driven as a visitor would: set values, click, read what is shown."""

from __future__ import annotations

import ipywidgets as ipw
import plotly.graph_objects as go
import pytest

import hench
import widgets


def test_rules_panel_searches_and_scopes(no_callback_errors):
    panel = widgets.RulesPanel()
    assert f"{len(hench.rules.all_rules())} rules" in panel.results.value  # every game's catalogue, the base game of Lancaster included
    panel.box.value = "duel"
    assert "HM-052" in panel.results.value
    panel.scope.value = "huns"
    assert "No rule matches" in panel.results.value
    panel.box.value = "wagon"
    assert "HU-" in panel.results.value and "HM-" not in panel.results.value
    panel.box.value = "x" * 10_000  # absurdly long input is cut, not a crash
    assert panel.messages.kind != "error"


def test_out_of_range_values_from_the_browser_become_messages(no_callback_errors):
    panel = widgets.RulesPanel()
    panel.scope.set_state({"index": 42})  # what a crafted page can send
    assert panel.messages.kind == "error" and "not accepted" in panel.messages.text
    assert panel.scope.value == ""  # kept its last good value
    die = widgets.protect(ipw.BoundedIntText(value=1, min=1, max=6, description="die 1"), widgets.MessageArea())
    die.set_state({"value": 99})
    assert die.value <= 6  # the bounded control clamps or rejects; never 99


def test_guarded_logs_unexpected_errors_and_shows_a_message(caplog):
    class View:
        messages = widgets.MessageArea()

        @widgets.guarded()
        def boom(self):
            raise KeyError("internal")

    View().boom()
    assert "went wrong" in View.messages.text and "KeyError" not in View.messages.text
    assert any("boom" in r.getMessage() for r in caplog.records)


def test_phase_stepper_and_scoreboard():
    stepper = widgets.PhaseStepper([("a", "Place", ["HM-016"]), ("b", "Play", ["HM-025"])], current="b")
    assert stepper.value.count("hench-phase-current") == 1 and "HM-025" in stepper.value
    board = widgets.Scoreboard()
    board.show(["Ann", "Bo"], [12, 30], current=0, extra={"pawns": [3, 1]})
    assert "▶ Ann" in board.value and "30 ★" in board.value and "pawns" in board.value


def test_checked_int():
    assert widgets.checked_int(3, 1, 6, "die") == 3
    for bad in (0, 7, "3", True, None):
        with pytest.raises(hench.HenchError, match="die must be a whole number from 1 to 6"):
            widgets.checked_int(bad, 1, 6, "die")


def test_chart_redraw_replaces_the_traces():
    fig = widgets.figure_widget("odds")
    widgets.redraw(fig, [go.Bar(x=[1, 2], y=[3, 4])], yaxis_title="p")
    assert fig.layout.yaxis.title.text == "p"
    widgets.redraw(fig, [go.Scatter(x=[1], y=[1]), go.Bar(x=[1], y=[2])])
    assert [t.type for t in fig.data] == ["scatter", "bar"] and fig.layout.yaxis is None, "the earlier axis title is gone"
    assert fig.layout.title.text == "odds", "the chart's own title and size stay"


def test_assumptions_table_marks_assumed_values():
    table = widgets.assumptions_table([{"what": "bare hands attack", "value": "5", "source": "assumed", "note": "picture lost"},
                                       {"what": "spots (2p)", "value": "4", "source": "rulebook", "note": ""}])
    assert "assumed" in table.value and "rulebook" in table.value and "2 values" in table.value


def test_shelf_lists_every_game_and_links_built_ones(tmp_path):
    (tmp_path / "huns").mkdir()
    for name in ("01-learn", "02-odds", "03-play"):
        (tmp_path / "huns" / f"{name}.ipynb").write_text("{}")
    html = widgets.shelf.shelf_html(tmp_path)
    assert html.count("hench-card") == 5
    assert ("href='huns/01-learn.ipynb'" in html) == ("huns" in hench.GAMES)
    assert "Coming soon" in html


def test_chart_state_holds_the_latest_figure():
    """A page that opens (or reconnects) later draws the synced state: it must be the latest figure, whole."""
    chart = widgets.figure_widget("odds")
    assert chart.get_state()["spec"] == {}
    widgets.redraw(chart, [go.Bar(x=[1, 2], y=[3, 4])], yaxis_title="p")
    spec = chart.get_state()["spec"]
    assert [t["type"] for t in spec["data"]] == ["bar"] and spec["data"][0]["y"] == [3, 4]
    assert spec["layout"]["title"]["text"] == "odds" and spec["layout"]["yaxis"]["title"]["text"] == "p"
    assert spec["config"] == {"displaylogo": False, "responsive": True}
    widgets.redraw(chart, [go.Bar(x=[1, 2], y=[5, 6])])
    spec = chart.get_state()["spec"]
    assert spec["data"][0]["y"] == [5, 6]
    assert "title" not in spec["layout"].get("yaxis", {}), "a redraw replaces the old layout extras"


def test_chart_script_loads_plotly_from_the_server_after_the_controls():
    """The browser side loads plotly.js from the route the server (and the static site) serves, not a CDN."""
    from widgets import assets
    from widgets.core import CHART_JS

    js = CHART_JS.read_text()
    assert assets.PLOTLY_ROUTE in js and "http" not in js.replace("document.baseURI", "")
    assert "requestIdleCallback" in js, "charts wait until the page has drawn its controls"
    assert assets.plotly_js().stat().st_size > 1_000_000


def test_the_served_plotly_bundle_draws_every_trace_type_and_matches_the_plotly_package():
    import re

    from widgets import assets, plot

    bundle = assets.plotly_js().read_text()
    registered = set(re.findall(r'moduleType:"trace",name:"([a-z0-9]+)"', bundle))
    written = {f().get("type") for f in (plot.Bar, plot.Scatter, plot.Heatmap, plot.Histogram)}
    assert written and written <= registered, f"widgets.plot writes {written - registered}, which the bundle cannot draw"
    version = re.compile(r"plotly\.js(?: \([a-z -]+\))? v(\d+\.\d+\.\d+)")
    assert version.search(bundle[:300]).group(1) == version.search(assets.plotly_full_js().read_text()[:300]).group(1)


def test_shelf_game_length_is_measured_not_written():
    """The length on a playable game's card comes from whole simulated games (issue 9)."""
    text = hench.shelf.measured_length("henchmania", players=3, games=6)
    median = int(text.split()[0])
    assert text.endswith("3-player games of random moves)") and 1 <= median <= 5  # 4 days, or 3 if someone reaches 30
    assert hench.shelf.measured_length("maniacal") == "" or "rounds" in hench.shelf.measured_length("maniacal")


def test_a_lesson_table_is_set_up_when_the_learner_reaches_it(no_callback_errors):
    from widgets import huns as hu
    from widgets.core import Deferred
    from widgets.play import GameView

    lesson = hu.lesson("pillage")
    assert isinstance(lesson, Deferred) and lesson.content is None, "nothing heavy is built at load"
    assert [type(w).__name__ for w in lesson.children] == ["Reached"], "one small widget until then"
    assert "pillage" in lesson.reached.button and "scroll" in lesson.reached.intro
    placeholder = lesson.reached
    placeholder.set_state({"reached": True})  # what the page sends: the lesson scrolled into view, or its button
    frame = lesson.content
    table = frame.children[1]
    assert isinstance(table, GameView) and "hench-practice" in frame._dom_classes
    assert "Practice table: pillage" in frame.children[0].value and "apart from the guided tour" in frame.children[0].value
    assert lesson.children == (frame,), "the placeholder makes way for the framed table"
    assert placeholder.comm is None, "and is closed"
    assert hu.KIT.lessons["pillage"](table.state), "the bots have played up to where the lesson starts"
    assert table.state == hu.lesson_table("pillage").state, "the same position as the lesson's own table"
    assert lesson.build() is frame, "built once"


def test_a_reference_at_the_bottom_of_a_page_is_built_when_the_reader_reaches_it(no_callback_errors):
    """The Learn pages' card gallery and assumptions table: not drawn before the page's first control."""
    from widgets import later
    from widgets import maniacal as ma

    part = later(ma.card_gallery, "the card gallery")
    assert part.content is None and [type(w).__name__ for w in part.children] == ["Reached"]
    assert "hench-later" in part._dom_classes and "hench-deferred" not in part._dom_classes, "not counted as a lesson"
    assert part.reached.button == "Show the card gallery" and part.reached.intro.startswith("The card gallery: shown when you scroll")
    part.reached.set_state({"reached": True})  # the page: scrolled into view, or the button
    assert "hench-gallery" in part.content._dom_classes and part.children == (part.content,)
    assert "SH01" in part.content.children[-1].value, "every card, as ma.card_gallery() shows them"


def test_a_lesson_placeholder_ignores_odd_values_and_says_when_a_build_fails(no_callback_errors):
    from widgets import huns as hu
    from widgets.core import Deferred

    lesson = hu.lesson("pillage")
    lesson.reached.set_state({"reached": "yes please"})  # a crafted page
    assert lesson.content is None and lesson.reached.reached is False
    with pytest.raises(ValueError, match="no lesson"):
        hu.lesson("no such lesson")

    def broken():
        raise RuntimeError("/srv/secret/path.py line 3")

    part = Deferred(broken, "a part")
    part.reached.set_state({"reached": True})
    assert part.content is None and "went wrong" in part.reached.problem and "/srv" not in part.reached.problem
