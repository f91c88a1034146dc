"""Figure benchmark: the app's charts built in one go from Plotly's dicts (``figures.figure``), against
the same charts built the way Plotly's examples build them (``add_bar``, ``add_scatter``,
``update_layout`` with ``_`` names), in the same run.

A figure is built once per server for each situation (webui_cache.shared keeps it), so the first
player to ask a new question waits for it: the 9th page's whole attack draws two at once (the
funnel and the models removed). Each pair is checked to give the very same figure before it is
timed. Prints milliseconds per figure and the ratio (goal: the one-go build at least 3x quicker).
Run: python bench/figures.py.
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path

import plotly.graph_objects as go
import streamlit  # noqa: F401 (its Plotly template is the default, as in the app)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hitrules import dice, situations
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.presentation.figures import FrozenFigure, _exactly_and_at_least
from hitrules.words import exact_chance_text, exactly_text, number_text, ratio_text

GOAL = 3.0
ROUNDS = 40


def distribution_by_steps(dist, title="Number of hits", unit="hits"):
    """``figures.distribution_figure`` as it was built before the one-go build (6ebbe48 and earlier)."""
    ks = figures.shown_range(dist)
    exactly, den, tail = _exactly_and_at_least(dist, ks)
    fig = FrozenFigure()
    fig.add_bar(x=list(ks), y=[n / den for n in exactly], name="exactly k", marker_color=figures.PALETTE[0],
                customdata=[ratio_text(n, den) for n in exactly],
                hovertemplate=f"exactly %{{x}} {unit}: %{{customdata}}<extra></extra>")
    fig.add_scatter(x=list(ks), y=[float(p) for p in tail], name="at least k", mode="lines+markers",
                    line={"color": figures.PALETTE[1], "shape": "hv"},
                    customdata=[exact_chance_text(p) for p in tail],
                    hovertemplate=f"at least %{{x}} {unit}: %{{customdata}}<extra></extra>")
    fig.update_layout(title=title, xaxis_title=f"{unit} (k)", yaxis_title="chance", yaxis_tickformat=".0%",
                      xaxis_dtick=figures.count_ticks(len(ks)), yaxis_range=[0, 1.02], height=340,
                      margin=figures.CHANCE_MARGIN,
                      legend={"orientation": "h", "y": 1.02, "x": 1, "xanchor": "right", "yanchor": "bottom"},
                      hovermode="x unified" if len(ks) > 1 else "closest")
    return fig


def chain_by_steps(chain, attacks):
    """``figures.chain_figure`` as it was built before the one-go build."""
    stages = [stage for stage in figures.chain_stages(chain, attacks) if stage[2] == "attacks"]
    fig = FrozenFigure(go.Funnel(
        y=[name for name, *_ in stages], x=[float(v) for _, v, _ in stages],
        marker_color=figures.PALETTE[: len(stages)], text=[number_text(v) for _, v, _ in stages],
        texttemplate="%{text}", customdata=[exactly_text(v) for _, v, _ in stages],
        hovertemplate="%{y}: %{text} attacks expected (%{customdata})<extra></extra>"))
    fig.update_layout(title="The attacks that get through, on average", height=260, margin=figures.MARGIN)
    return fig


#: The 9th page's whole attack, as in tests/test_situations.py.
_NINTH = situations.ninth_situation(urlstate.parse_query(urlstate.NINTH, {
    "skill": "3", "attacks": "10", "chain": "1", "s": "5", "ap": "-1", "damage": "D3", "t": "4", "sv": "3",
    "wounds": "2", "models": "5"}).values)

CASES = {
    "hits: 10 shots": (figures.distribution_figure, distribution_by_steps, (dice.hits(10, Fraction(1, 2)),)),
    "models removed: 40 attacks": (figures.distribution_figure, distribution_by_steps,
                                   (dice.hits(40, Fraction(1, 3)), "Models removed", "models")),
    "the funnel of the attack": (figures.chain_figure, chain_by_steps,
                                 (situations.chain(_NINTH), situations.expected_attacks(_NINTH))),
}


def per_figure(build, args) -> float:
    """CPU milliseconds per build, the best of three rounds."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(ROUNDS):
            build(*args)
        best = min(best, (time.process_time() - start) / ROUNDS)
    return 1000 * best


def main() -> int:
    missed = 0
    print(f"{'figure':<30} {'one go':>9} {'by steps':>9} {'ratio':>7}")
    for name, (one_go, by_steps, args) in CASES.items():
        assert one_go(*args).to_dict() == by_steps(*args).to_dict(), name
        quick, slow = per_figure(one_go, args), per_figure(by_steps, args)
        ratio = slow / quick
        missed += ratio < GOAL
        print(f"{name:<30} {quick:7.2f}ms {slow:7.2f}ms {ratio:6.1f}x {'met' if ratio >= GOAL else 'MISSED'}")
    print(f"goal: the one-go build at least {GOAL:g}x quicker")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
