"""widgets.plot writes the same Plotly JSON as plotly's own classes, for every kind of call the apps make."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from widgets import plot

go = pytest.importorskip("plotly.graph_objects")
make_subplots = pytest.importorskip("plotly.subplots").make_subplots


def plotly_json(obj) -> dict:
    return json.loads(json.dumps(obj.to_plotly_json(), default=lambda o: o.tolist() if hasattr(o, "tolist") else str(o)))


def ours(obj) -> dict:
    return json.loads(json.dumps(obj))


TRACES = [
    ("Bar", dict(x=["a", "b"], y=[0.25, 0.5], text=["1/4", "1/2"], textposition="outside", marker_color="#8e3b2f")),
    ("Bar", dict(x=["1", "2"], y=[0.5, 0.5], name="red (3 dice)", marker=dict(color="#c33", line=dict(color="#000", width=1)))),
    ("Scatter", dict(x=[1, 2, 3], y=[4, 5, 6], mode="lines+markers", name="Player 1", line=dict(color="#1f77b4"))),
    ("Scatter", dict(x=[3], y=[4], mode="markers", hoverinfo="skip", showlegend=False,
                     marker=dict(symbol="square-open", size=40, color="black", line_width=3))),
    ("Heatmap", dict(x=[1, 2], y=[1, 2], z=[[0.1, 0.2], [0.3, 0.4]], text=[["a", "b"], ["c", "d"]], colorscale="RdBu",
                     zmin=0, zmax=1, texttemplate="%{text}", colorbar_title="chance")),
    ("Heatmap", dict(z=[[0.1, 0.9]], colorscale="RdYlGn", hovertemplate="%{z:.0%}<extra></extra>")),
    ("Histogram", dict(x=[1, 2, 2, 3], name="Player 2", opacity=0.6, marker_color="#667", showlegend=False)),
]


@pytest.mark.parametrize("kind,kwargs", TRACES, ids=[f"{k}-{i}" for i, (k, _) in enumerate(TRACES)])
def test_traces_match_plotly(kind, kwargs):
    assert ours(getattr(plot, kind)(**kwargs)) == plotly_json(getattr(go, kind)(**kwargs))


def test_fractions_are_sent_as_numbers_and_attributes_read_like_plotly():
    bar = plot.Bar(x=["a"], y=[Fraction(1, 4)], marker_color="#333")
    assert bar.y == [0.25] and bar.marker.color == "#333" and bar.name is None and bar.type == "bar"


LAYOUTS = [
    dict(title="Chance the Attacker wins", height=430, margin=dict(l=40, r=20, t=50, b=40), template="plotly_white"),
    dict(title="x", height=300, template="plotly_white", xaxis_title="Defence threshold", yaxis_title="Attack threshold",
         yaxis_tickformat=".0%", yaxis_range=[0, 1], xaxis_tickmode="linear", xaxis_dtick=1, legend_title_text="Seat",
         yaxis_autorange="reversed", barmode="overlay", xaxis_tickformat="d"),
]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_layouts_and_the_template_match_plotly(layout):
    mine = ours(plot.Figure(data=[plot.Bar(x=[1], y=[2])], layout=layout).to_dict())
    theirs = json.loads(go.Figure(data=[go.Bar(x=[1], y=[2])], layout=layout).to_json())
    assert mine == theirs


def test_update_layout_merges_like_plotly():
    mine = plot.Figure(layout=dict(title="t", template="plotly_white", xaxis=dict(range=[0, 1])))
    theirs = go.Figure(layout=dict(title="t", template="plotly_white", xaxis=dict(range=[0, 1])))
    for fig in (mine, theirs):
        fig.update_layout(xaxis_title="x", yaxis_tickformat=".0%", title="new")
    assert ours(mine.to_dict()) == json.loads(theirs.to_json())


def test_subplots_lay_out_one_row_like_make_subplots():
    titles = ("Win rate by seat", "Final scores", "Game length (days)")
    mine, theirs = plot.subplots(rows=1, cols=3, subplot_titles=titles), make_subplots(rows=1, cols=3, subplot_titles=titles)
    for fig, kind in ((mine, plot), (theirs, go)):
        fig.add_trace(kind.Bar(x=["a"], y=[1]), 1, 1)
        fig.add_trace(kind.Histogram(x=[1, 2]), 1, 2)
        fig.add_trace(kind.Histogram(x=[3]), 1, 3)
    a, b = ours(mine.to_dict()), json.loads(theirs.to_json())
    assert a["data"] == b["data"]
    for axis in ("xaxis", "xaxis2", "xaxis3", "yaxis", "yaxis2", "yaxis3"):
        assert a["layout"][axis]["anchor"] == b["layout"][axis]["anchor"]
        assert a["layout"][axis]["domain"] == pytest.approx(b["layout"][axis]["domain"])
    assert [x["text"] for x in a["layout"]["annotations"]] == [x["text"] for x in b["layout"]["annotations"]]
    assert [x["x"] for x in a["layout"]["annotations"]] == pytest.approx([x["x"] for x in b["layout"]["annotations"]])


def test_the_kept_template_is_plotlys():
    import plotly.io as pio

    assert plot.template("plotly_white") == json.loads(json.dumps(pio.templates["plotly_white"].to_plotly_json()))
    with pytest.raises(ValueError, match="plotly_white"):
        plot.template("ggplot2")
