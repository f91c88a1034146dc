"""The figures' one-go build (hitrules.presentation.figures.figure) and the server's warm-up of what they use."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hitrules.presentation import figures

ROOT = Path(__file__).resolve().parents[1]


def test_every_kind_of_trace_drawn_is_one_the_server_warms_up():
    source = (ROOT / "hitrules" / "presentation" / "figures.py").read_text(encoding="utf-8")
    drawn = set(re.findall(r'\btrace\("(\w+)"', source))
    assert drawn and drawn <= set(figures.TRACE_KINDS), drawn - set(figures.TRACE_KINDS)


@pytest.fixture(scope="module")
def bench_figures():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import figures as bench  # bench/figures.py: the same figures built by Plotly's steps
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return bench


def test_a_figure_built_in_one_go_is_the_figure_built_by_steps(bench_figures):
    for name, (one_go, by_steps, args) in bench_figures.CASES.items():
        assert one_go(*args).to_dict() == by_steps(*args).to_dict(), name


def test_names_joined_by_underscores_nest_as_plotly_nests_them():
    built = figures.figure((figures.trace("bar", x=[1], y=[0.5], marker_color="#000000", marker_line_width=2),),
                           xaxis_title="k", yaxis={"range": [0, 1]}, yaxis_tickformat=".0%", plot_bgcolor="white",
                           legend={"orientation": "h"}, legend_y=-0.3)
    by_steps = figures.FrozenFigure()
    by_steps.add_bar(x=[1], y=[0.5], marker_color="#000000", marker_line_width=2)
    by_steps.update_layout(xaxis_title="k", yaxis={"range": [0, 1]}, yaxis_tickformat=".0%", plot_bgcolor="white",
                           legend={"orientation": "h"}, legend_y=-0.3)
    assert built.to_dict() == by_steps.to_dict()


def test_a_shared_layout_constant_is_never_changed():
    before = dict(figures.CHANCE_MARGIN)
    built = figures.figure((), margin=figures.CHANCE_MARGIN, margin_t=99)
    assert (built.layout.margin.t, built.layout.margin.l) == (99, before["l"])
    assert before == figures.CHANCE_MARGIN


def test_the_warm_up_loads_what_a_first_view_would():
    """A server's start-up (webui_cache.settle) loads Plotly's class of every kind of trace and pyarrow's pandas
    conversion, none of which a plain view of any page loads."""
    kinds = ", ".join(f"'plotly.graph_objs._{kind}'" for kind in figures.TRACE_KINDS)
    code = ("import sys, webui_cache; webui_cache.settle(); "
            f"missing = [m for m in ({kinds}, 'pyarrow.pandas_compat') if m not in sys.modules]; print(missing)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.none(), st.integers(-5, 12)), st.one_of(st.none(), st.text(max_size=3)),
                          st.one_of(st.none(), st.booleans()), st.one_of(st.none(), st.lists(st.sampled_from("ab"))),
                          st.one_of(st.none(), st.floats(allow_nan=True))), max_size=6))
def test_the_editors_rows_are_read_as_pandas_reads_them(rows):
    """figures.weapons_rows (column by column) against pandas' own astype(object).where(notna): the same plain
    values, of the same types, an empty cell of any kind (None, NaN, pandas' NA) as None."""
    frame = pd.DataFrame({"n": pd.Series([r[0] for r in rows], dtype="Int64"),
                          "t": pd.Series([r[1] for r in rows], dtype="object"),
                          "b": pd.Series([r[2] for r in rows], dtype="boolean"),
                          "l": pd.Series([r[3] for r in rows], dtype="object"),
                          "f": pd.Series([r[4] for r in rows], dtype="float64")})
    expected = list(frame.astype(object).where(frame.notna(), None).itertuples(index=False, name=None))
    got = figures.weapons_rows(frame)
    assert got == expected
    assert [[type(v) for v in row] for row in got] == [[type(v) for v in row] for row in expected]


# ----- /combat's reactions chart: every bar filled, the legend clear of the axis title -----


def _reactions_rows():
    """Each reaction with chance 1/11 in every one of the eleven outcomes, so that every outcome draws a bar."""
    from fractions import Fraction

    from hitrules.fantasy import charging

    chances = tuple(Fraction(1, len(charging.OUTCOMES)) for _ in charging.OUTCOMES)
    return tuple((r, chances) for r in ("hold", "stand_and_shoot", "flee"))


def test_every_bar_of_the_reactions_chart_has_a_visible_fill():
    import plotly.graph_objects as go

    built = figures.charge_reactions_figure(_reactions_rows(), "hold")
    go.Figure(built.to_dict())  # Plotly validates every property (fillmode, fgopacity…) against its schema
    bars = built.to_dict()["data"]
    assert len(bars) == 11
    hatched = {}
    for bar in bars:
        marker = bar["marker"]
        assert re.fullmatch(r"#[0-9A-F]{6}", marker["color"]), bar["name"]  # the bar's own colour, always set
        pattern = marker.get("pattern")
        if pattern is None:
            continue
        # Hatching drawn OVER the colour: "replace" (Plotly's default) would leave white lines on nothing.
        assert pattern["fillmode"] == "overlay" and pattern["bgcolor"] == marker["color"], bar["name"]
        assert pattern["shape"] == "/" and pattern["fgcolor"] != marker["color"] and pattern["fgopacity"] > 0
        hatched[bar["name"]] = marker["color"]
    assert hatched == {"Charger destroyed": "#882255", "Charger fled": "#CC6677", "Charger fell back": "#DDCC77"}


def test_the_reactions_legend_sits_below_the_axis_title_never_over_it():
    """The legend is placed in the figure (yref "container") at its very bottom, anchored by its bottom edge,
    so Plotly reserves its height in the bottom margin; the x axis (automargin) pushes its tick labels and its
    title above that reserved band. On a desktop (two rows of names) and on a 390 px phone (up to six) the
    legend grows upwards from the figure's bottom edge into its own band, never onto the axis title."""
    layout = figures.charge_reactions_figure(_reactions_rows(), "flee").to_dict()["layout"]
    legend = layout["legend"]
    assert (legend["orientation"], legend["yref"], legend["y"], legend["yanchor"]) == ("h", "container", 0, "bottom")
    assert (legend["xref"], legend["x"], legend["xanchor"]) == ("paper", 0, "left")
    assert layout["xaxis"]["automargin"] is True and layout["xaxis"]["title"]["text"] == "chance"
    assert layout["height"] == figures.CHARGE_HEIGHT and layout["margin"]["b"] == 10
