"""Plotly charts and pandas tables built from engine results. The rule modules never import this.

Colours are the Okabe-Ito palette, which stays distinct for colour-blind readers. Hover
text carries the exact fraction wherever it is short enough to read.
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd
import plotly.graph_objects as go

from hitrules._steps import percent
from hitrules.dice import Distribution

__all__ = ["PALETTE", "FrozenFigure", "distribution_figure", "distribution_table", "exact_text", "shown_range"]

PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
HIT, MISS = "#009E73", "#D55E00"
#: Counts whose chance (and whose tail beyond) is below this are left off charts and tables.
NEGLIGIBLE = Fraction(1, 10**12)
#: Longer exact fractions are summarised in hover text (the CSV keeps them whole).
EXACT_TEXT_LIMIT = 40


class FrozenFigure(go.Figure):
    """A figure that is finished: ``to_dict()`` is built once and then handed out as is.

    Streamlit calls ``to_dict()`` on every rerun, and plotly deep-copies the whole figure
    each time. The app caches its figures and never changes one after it is built, so the
    copy is wasted work. Changing a FrozenFigure after its first ``to_dict()`` is a bug.
    """

    def to_dict(self):
        cached = self.__dict__.get("_frozen_dict")
        if cached is None:
            cached = super().to_dict()
            self.__dict__["_frozen_dict"] = cached
        return cached


def exact_text(p: Fraction) -> str:
    """The exact fraction and a percentage, or an approximation when the fraction is unreadable."""
    exact = str(p)
    if len(exact) <= EXACT_TEXT_LIMIT:
        return f"{exact} ({percent(p)})"
    return f"≈ {float(p):.6g} ({percent(p)}; exact value in the CSV)"


def shown_range(dist: Distribution) -> range:
    """The counts worth drawing: every count, less far tails whose total is negligible."""
    items = dist.items()
    low, high = 0, dist.max_hits
    if dist.max_hits > 60:
        below = Fraction(0)
        while low < high and below + items[low][1] < NEGLIGIBLE:
            below += items[low][1]
            low += 1
        above = Fraction(0)
        while high > low and above + items[high][1] < NEGLIGIBLE:
            above += items[high][1]
            high -= 1
    return range(low, high + 1)


def distribution_table(dist: Distribution) -> pd.DataFrame:
    """One row per number of hits: exact and percentage chances of exactly k and at least k."""
    ks = shown_range(dist)
    at_least = dist.at_least_curve()
    exactly = [dist[k] for k in ks]
    return pd.DataFrame({
        "hits": list(ks),
        "exactly (fraction)": [str(p) for p in exactly],
        "exactly (%)": [round(float(p) * 100, 4) for p in exactly],
        "at least (fraction)": [str(at_least[k]) for k in ks],
        "at least (%)": [round(float(at_least[k]) * 100, 4) for k in ks],
    })


def distribution_figure(dist: Distribution, title: str = "Number of hits") -> go.Figure:
    """Bars for P(exactly k hits) and a line for P(at least k hits), with exact hover text."""
    ks = list(shown_range(dist))
    at_least = dist.at_least_curve()
    exactly = [dist[k] for k in ks]
    tail = [at_least[k] for k in ks]
    fig = FrozenFigure()
    fig.add_bar(
        x=ks, y=[float(p) for p in exactly], name="exactly k", marker_color=PALETTE[0],
        customdata=[exact_text(p) for p in exactly],
        hovertemplate="exactly %{x} hits: %{customdata}<extra></extra>",
    )
    fig.add_scatter(
        x=ks, y=[float(p) for p in tail], name="at least k", mode="lines+markers",
        line={"color": PALETTE[1], "shape": "hv"}, customdata=[exact_text(p) for p in tail],
        hovertemplate="at least %{x} hits: %{customdata}<extra></extra>",
    )
    fig.update_layout(
        title=title, xaxis_title="hits (k)", yaxis_title="chance", yaxis_tickformat=".0%",
        yaxis_range=[0, 1.02], height=340, margin={"l": 10, "r": 10, "t": 40, "b": 10},
        legend={"orientation": "h", "y": 1.02, "x": 1, "xanchor": "right", "yanchor": "bottom"},
        hovermode="x unified" if len(ks) > 1 else "closest",
    )
    return fig
