"""The figures' one-go build (hitrules.presentation.figures.figure) and the server's warm-up of what they use."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

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
    """A server's start-up (webui.settle) loads Plotly's class of every kind of trace and pyarrow's pandas
    conversion, none of which a plain view of any page loads."""
    kinds = ", ".join(f"'plotly.graph_objs._{kind}'" for kind in figures.TRACE_KINDS)
    code = ("import sys, webui; webui.settle(); "
            f"missing = [m for m in ({kinds}, 'pyarrow.pandas_compat') if m not in sys.modules]; print(missing)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
