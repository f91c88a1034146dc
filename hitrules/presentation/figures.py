"""Plotly charts and pandas tables built from engine results. The rule modules never import this.

Colours are the Okabe-Ito palette, which stays distinct for colour-blind readers. Hover
text carries the exact fraction wherever it is short enough to read.
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd
import plotly.graph_objects as go
import pyarrow as pa

from hitrules import fantasy, ninth
from hitrules.dice import Distribution
from hitrules.fantasy import charging as charge
from hitrules.situations import compare, profiles
from hitrules.words import chance_text, exact_chance_text, exactly_text, number_text, ratio_text

__all__ = ["PALETTE", "TRACE_KINDS", "FrozenFigure", "cover_figure", "cover_words", "distribution_figure",
           "distribution_table", "figure", "overwatch_figure", "overwatch_words", "shown_range", "trace"]

PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
HIT, MISS = "#009E73", "#D55E00"
#: Counts whose chance (and whose tail beyond) is below this are left off charts and tables.
NEGLIGIBLE = Fraction(1, 10**12)
MARGIN = {"l": 10, "r": 10, "t": 40, "b": 10}
#: The most labels on an axis of counts. Plotly measures every tick label on every redraw: in
#: Chromium, the combat page's score difference with its 23 counts labelled took 10.8 ms a redraw,
#: and 7.5 ms with 12 (bench/chart_redraw.py, against 5.8 ms for the trivial page's chart).
MOST_TICKS = 12
#: The height of each combat chart (the combat page keeps a box of this height for it).
COMBAT_HEIGHT = 340
#: The margins of a chart of chances (0-100% up the side, a title on each axis): room for its tick
#: labels ("100%" the widest), axis titles and a legend above, as Streamlit's theme draws them (75-81 px
#: left, 44 above, 65 below). A margin its labels outgrow makes Plotly draw the whole chart a second
#: time, and Streamlit 1.67 draws a chart anew on every change of its figure: in Chromium a new score-
#: difference chart took 14 ms with 10 px margins and 6 ms with room enough (the browser tests check
#: that no margin grows).
CHANCE_MARGIN = {"l": 84, "r": 10, "t": 48, "b": 68}
#: The same with the legend under the bars (99 px below).
CHANCE_MARGIN_LEGEND_BELOW = {**CHANCE_MARGIN, "b": 102}


def count_ticks(count: int) -> int:
    """The step between labels on an axis of ``count`` whole numbers: 1, 2 or 5 times a power of ten,
    the smallest that leaves at most MOST_TICKS labels (never a label between two whole numbers).

    >>> count_ticks(11), count_ticks(21), count_ticks(23), count_ticks(60), count_ticks(130)
    (1, 2, 2, 5, 20)
    """
    power = 1
    while True:
        for step in (power, 2 * power, 5 * power):
            if -(-count // step) <= MOST_TICKS:
                return step
        power *= 10


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


def figure(traces, **layout) -> FrozenFigure:
    """A finished figure, built in one go from Plotly's own dicts: ``traces`` (each made by
    :func:`trace`) and the layout, each nested property named by its path joined with ``_``
    (``xaxis_title`` for the x axis's title), as ``update_layout`` takes them.

    The same figure built with ``add_bar`` and ``update_layout`` took about five times as long:
    Plotly parses each ``_`` name against its whole schema and revalidates the figure at every
    call (``bench/figures.py``). A figure new to the server is built in the player's first view."""
    return FrozenFigure({"data": list(traces), "layout": _nested(layout)})


#: Every kind of trace the app's figures draw (Plotly loads each kind's classes on its first use).
TRACE_KINDS = ("bar", "scatter", "funnel", "heatmap", "waterfall")


def trace(kind: str, **properties) -> dict:
    """One trace of :func:`figure`: a ``"bar"``, ``"scatter"``, ``"heatmap"``… with its properties,
    named as ``figure`` names those of the layout."""
    return {"type": kind, **_nested(properties)}


def _nested(flat: dict) -> dict:
    """``flat``'s properties as nested dicts (``{"xaxis_title": t}`` is ``{"xaxis": {"title": t}}``),
    two values of one property merged; new dicts throughout, so a shared constant is never changed.

    >>> _nested({"xaxis": {"type": "category"}, "xaxis_title": "BS", "height": 300})
    {'xaxis': {'type': 'category', 'title': 'BS'}, 'height': 300}
    """
    nested: dict = {}
    for name, value in flat.items():
        *parents, last = _path(name)
        node = nested
        for parent in parents:
            node = node.setdefault(parent, {})
        node[last] = _merged(node.get(last), value)
    return nested


#: Plotly's property names with a "_" of their own: every other "_" in a name joins a path.
_OWN_UNDERSCORE = ("plot_bgcolor", "paper_bgcolor", "error_x", "error_y")


def _path(name: str) -> list[str]:
    """The property path a name of :func:`figure` stands for.

    >>> _path("plot_bgcolor"), _path("xaxis_title_text")
    (['plot_bgcolor'], ['xaxis', 'title', 'text'])
    """
    for own in _OWN_UNDERSCORE:
        name = name.replace(own, own.replace("_", "\0"))
    return [part.replace("\0", "_") for part in name.split("_")]


def _merged(old, new):
    """``new`` over ``old``: dicts merged key by key, every dict a new one."""
    if not isinstance(new, dict):
        return new
    base = old if isinstance(old, dict) else {}
    return {**base, **{key: _merged(base.get(key), value) for key, value in new.items()}}


def _hline(y: float, dash: str, colour: str, text: str) -> tuple[dict, dict]:
    """A dotted or dashed line across the plot at ``y``, and its label at the right end above it,
    as ``add_hline`` draws them: a shape and an annotation for the layout."""
    return ({"type": "line", "xref": "x domain", "x0": 0, "x1": 1, "yref": "y", "y0": y, "y1": y,
             "line": {"color": colour, "dash": dash}},
            {"text": text, "showarrow": False, "xref": "x domain", "x": 1, "xanchor": "right", "yref": "y",
             "y": y, "yanchor": "bottom"})


def _outline(row: int, column: int) -> dict:
    """The outline of one cell of a heatmap (the player's own)."""
    return {"type": "rect", "x0": column - 0.5, "x1": column + 0.5, "y0": row - 0.5, "y1": row + 0.5,
            "line": {"color": PALETTE[3], "width": 4}}


def shown_range(dist: Distribution) -> range:
    """The counts worth drawing: every count, less far tails whose total is negligible."""
    nums, den = dist.weights
    low, high = 0, len(nums) - 1
    if high > 60:  # whole-number sums: making a Fraction of each would cost a gcd of long numbers

        def negligible(weight: int) -> bool:
            return weight * NEGLIGIBLE.denominator < den * NEGLIGIBLE.numerator

        below = 0
        while low < high and negligible(below + nums[low]):
            below += nums[low]
            low += 1
        above = 0
        while high > low and negligible(above + nums[high]):
            above += nums[high]
            high -= 1
    return range(low, high + 1)


def _exactly_and_at_least(dist: Distribution, ks: range) -> tuple[list[int], int, list[Fraction]]:
    """The weights of exactly k for each count in ``ks`` over their denominator (whole numbers: no
    gcd of long numbers), and the chance of at least k (the distribution's own curve)."""
    nums, den = dist.weights
    tail = dist.at_least_curve()
    return [nums[k] for k in ks], den, [tail[k] for k in ks]


def _percent_column(chances) -> list[str]:
    """A table's percentage column: each chance times 100, to four decimals."""
    return [number_text(100 * p.numerator, 4, over=p.denominator) for p in chances]


def distribution_table(dist: Distribution, unit: str = "hits") -> pd.DataFrame:
    """One row per count (of hits, or ``unit``): exact and percentage chances of exactly k and at least k."""
    ks = shown_range(dist)
    exactly, den, tail = _exactly_and_at_least(dist, ks)
    return pd.DataFrame({
        unit: list(ks),
        "exactly (fraction)": [str(Fraction(n, den)) for n in exactly],
        "exactly (%)": [number_text(100 * n, 4, over=den) for n in exactly],
        "at least (fraction)": [str(p) for p in tail],
        "at least (%)": _percent_column(tail),
    })


def distribution_figure(dist: Distribution, title: str = "Number of hits", unit: str = "hits") -> go.Figure:
    """Bars for P(exactly k hits) and a line for P(at least k hits), with exact hover text (or k of ``unit``)."""
    ks = shown_range(dist)
    exactly, den, tail = _exactly_and_at_least(dist, ks)
    return figure(
        (trace("bar", x=list(ks), y=[n / den for n in exactly], name="exactly k", marker_color=PALETTE[0],
               customdata=[ratio_text(n, den) for n in exactly],
               hovertemplate=f"exactly %{{x}} {unit}: %{{customdata}}<extra></extra>"),
         trace("scatter", x=list(ks), y=[float(p) for p in tail], name="at least k", mode="lines+markers",
               line={"color": PALETTE[1], "shape": "hv"}, customdata=[exact_chance_text(p) for p in tail],
               hovertemplate=f"at least %{{x}} {unit}: %{{customdata}}<extra></extra>")),
        title=title, xaxis_title=f"{unit} (k)", yaxis_title="chance", yaxis_tickformat=".0%",
        xaxis_dtick=count_ticks(len(ks)),  # whole numbers only: no 0.2 hits under one bar
        yaxis_range=[0, 1.02], height=340, margin=CHANCE_MARGIN,
        legend={"orientation": "h", "y": 1.02, "x": 1, "xanchor": "right", "yanchor": "bottom"},
        hovermode="x unified" if len(ks) > 1 else "closest",
    )


def chain_stages(chain, attacks: Fraction) -> tuple[tuple[str, Fraction, str], ...]:
    """The expected number at each stage of the whole attack, from ``attacks`` (expected) to the
    models removed, each with what it counts: the attacks that get through each roll, then the
    Wounds they cost and the models removed."""
    return (("attacks", Fraction(attacks), "attacks"), ("hits", chain.stages.mean(1), "attacks"),
            ("wounds", chain.stages.mean(2), "attacks"), ("unsaved", chain.stages.mean(3), "attacks"),
            ("wounds lost", chain.wounds_lost.mean, "Wounds"), ("models removed", chain.models_removed.mean, "models"))


def chain_figure(chain, attacks) -> go.Figure:
    """A funnel of the attacks that get through each roll, on average, exact in the hover text. The
    Wounds lost and models removed count something else, so they are the page's numbers and the
    chart of models removed, not bars of this funnel (with Multiple Wounds it would widen again)."""
    stages = [stage for stage in chain_stages(chain, attacks) if stage[2] == "attacks"]
    return figure(
        (trace("funnel", y=[name for name, *_ in stages], x=[float(v) for _, v, _ in stages],
               marker_color=PALETTE[: len(stages)], text=[number_text(v) for _, v, _ in stages],
               texttemplate="%{text}", customdata=[exactly_text(v) for _, v, _ in stages],
               hovertemplate="%{y}: %{text} attacks expected (%{customdata})<extra></extra>"),),
        title="The attacks that get through, on average", height=260, margin=MARGIN)


def chain_table(chain, attacks) -> pd.DataFrame:
    """Every stage's expected number, exact and rounded, and what it counts."""
    stages = chain_stages(chain, attacks)
    return pd.DataFrame({"stage": [n for n, *_ in stages], "counts": [unit for *_, unit in stages],
                         "expected (fraction)": [str(v) for _, v, _ in stages],
                         "expected": [number_text(v, 4) for _, v, _ in stages]})


def heatmap_figure(ruleset: str, highlight: tuple[int, int] | None = None) -> go.Figure:
    """Hit chance over skill (rows) x net modifier (columns), with the roll in each cell.

    Fantasy cells on the 7+ chart are marked "6→N+", impossible cells "—"; for 9th
    edition the columns beyond ±1 say they are capped.
    """
    skills, mods, rows = compare.grid(ruleset)
    rolls = [[compare.roll_text(ruleset, s, m) for m in mods] for s in skills]
    short = [[r.replace("a 6, then ", "6→").replace("impossible", "—") for r in row] for row in rolls]
    if ruleset == "ninth":
        xlabels = [f"{m:+d}" if ninth.net_modifier(m) == m else f"{m:+d} (cap {ninth.net_modifier(m):+d})"
                   for m in mods]
    else:
        xlabels = [f"{m:+d}" for m in mods]
    ylabels = [skill_label(ruleset, s) for s in skills]
    shown = highlight is not None and highlight[0] in skills and highlight[1] in mods
    return figure(
        (trace("heatmap", z=[[float(p) for p in row] for row in rows], x=xlabels, y=ylabels, zmin=0, zmax=1,
               colorscale="Cividis", colorbar={"title": "chance", "tickformat": ".0%"},
               text=[[f"{sh}<br>{p}" for sh, p in zip(srow, row, strict=True)]
                     for srow, row in zip(short, rows, strict=True)],
               texttemplate="%{text}",
               customdata=[[f"{r}: {exact_chance_text(p)}" for r, p in zip(rrow, row, strict=True)]
                           for rrow, row in zip(rolls, rows, strict=True)],
               hovertemplate="%{y}, modifier %{x}<br>%{customdata}<extra></extra>"),),
        shapes=[_outline(skills.index(highlight[0]), mods.index(highlight[1]))] if shown else [],
        title=f"Hit chance: {compare.RULESET_NAMES[ruleset]}", xaxis_title="net modifier",
        xaxis_type="category", yaxis_type="category", yaxis_autorange="reversed", height=460, margin=MARGIN)


def skill_label(ruleset: str, skill: int) -> str:
    """``BS 3`` for fantasy, ``3+`` for 9th and 8th edition."""
    return f"BS {skill}" if ruleset == "fantasy" else f"{skill}+"


def grid_table(ruleset: str) -> pd.DataFrame:
    skills, mods, rows = compare.grid(ruleset)
    table = pd.DataFrame({f"{m:+d}": [str(row[j]) for row in rows] for j, m in enumerate(mods)})
    table.insert(0, "BS" if ruleset == "fantasy" else "skill X+", list(skills))
    return table


def stack_name(tokens: tuple[str, ...]) -> str:
    return " + ".join(compare.FANTASY_STACK_TOKENS[t] for t in tokens) or "no modifiers"


_ALL_BS = tuple(range(fantasy.BS_RANGE[0], fantasy.BS_RANGE[1] + 1))


def _stack_chances(stack: tuple[str, ...]) -> list[Fraction]:
    return [compare.stack_result(bs, stack).probability for bs in _ALL_BS]


def stacks_figure(stacks: tuple[tuple[str, ...], ...]) -> go.Figure:
    """One line per modifier stack: fantasy hit chance against BS."""
    lines = []
    for n, stack in enumerate(stacks):
        chances = _stack_chances(stack)
        lines.append(trace("scatter", x=list(_ALL_BS), y=[float(p) for p in chances], mode="lines+markers",
                           name=stack_name(stack), line={"color": PALETTE[n % len(PALETTE)]},
                           marker={"symbol": n}, customdata=[exact_chance_text(p) for p in chances],
                           hovertemplate=f"{stack_name(stack)}<br>BS %{{x}}: %{{customdata}}<extra></extra>"))
    return figure(lines, title="Hit chance by BS for each stack", xaxis_title="BS", yaxis_title="chance",
                  yaxis_tickformat=".0%", yaxis_range=[0, 1], height=380, xaxis_dtick=1,
                  legend={"orientation": "h", "y": -0.25}, margin=MARGIN)


def stacks_table(stacks: tuple[tuple[str, ...], ...]) -> pd.DataFrame:
    data: dict[str, list] = {"BS": list(_ALL_BS)}
    for stack in stacks:
        data[stack_name(stack)] = [str(p) for p in _stack_chances(stack)]
    return pd.DataFrame(data)


def waterfall_figure(bs: int, stack: tuple[str, ...]) -> go.Figure:
    """How each modifier of a stack moves the score needed, from 7 - BS to the final roll."""
    result = compare.stack_result(bs, stack)
    steps = compare.stack_steps(bs, stack)
    base = fantasy.required_score(bs, 0)
    labels = [f"BS {bs}: 7 - {bs}"] + [s.text.split(":")[0] for s in steps[1:]] + ["needed"]
    values = [base] + [-s.delta for s in steps[1:]] + [result.required]
    lines = (_hline(fantasy.SECOND_DIE_FROM, "dot", PALETTE[1], f"{fantasy.SECOND_DIE_FROM}+: a 6, then…"),
             _hline(fantasy.IMPOSSIBLE_FROM, "dot", PALETTE[3], f"{fantasy.IMPOSSIBLE_FROM}+: impossible"))
    return figure(
        (trace("waterfall", x=labels, y=values, measure=["absolute"] + ["relative"] * (len(steps) - 1) + ["total"],
               # Each step named as the page names it (moved is -1 to hit), though it raises the score needed.
               text=[str(v) if i in (0, len(values) - 1) else f"{-v:+d} to hit" for i, v in enumerate(values)],
               increasing={"marker": {"color": PALETTE[3]}}, decreasing={"marker": {"color": PALETTE[2]}},
               totals={"marker": {"color": PALETTE[0]}}, connector={"line": {"color": "#888"}},
               hovertemplate="%{x}: %{text}<extra></extra>"),),
        shapes=[shape for shape, _ in lines], annotations=[label for _, label in lines],
        title=f"Score needed, step by step: {result.roll}, a chance of {chance_text(result.probability)}",
        yaxis_title="score needed", height=380, margin=MARGIN,
        yaxis_range=[0, max(fantasy.IMPOSSIBLE_FROM + 1, (result.required or 0) + 1)])


def _diff_cells(base: int) -> list[compare.DiffCell]:
    return [compare.diff_cell(base, m) for m in range(-4, 3)]


def diff_table(base: int) -> pd.DataFrame:
    cells = _diff_cells(base)
    return pd.DataFrame({
        "modifier": [f"{c.modifier:+d}" for c in cells],
        "fantasy": [str(c.fantasy) for c in cells],
        "8th": [str(c.eighth) for c in cells],
        "9th": [str(c.ninth) for c in cells],
        "agree": ["yes" if c.agree else "NO" for c in cells],
        "why they differ": [" ".join(c.reasons) for c in cells],
    })


def diff_figure(base: int) -> go.Figure:
    """The same base score and modifiers under fantasy, 8th and 9th, side by side."""
    cells = _diff_cells(base)
    x = [f"{c.modifier:+d}" + ("" if c.agree else " ≠") for c in cells]
    bars = []
    for n, (name, attr) in enumerate(((f"fantasy (BS {7 - base})", "fantasy"), ("8th", "eighth"),
                                      ("9th", "ninth"))):
        values = [getattr(c, attr) for c in cells]
        bars.append(trace("bar", x=x, y=[float(v) for v in values], name=name, marker_color=PALETTE[n],
                          customdata=[exact_chance_text(v) for v in values],
                          hovertemplate=f"{name}, modifier %{{x}}: %{{customdata}}<extra></extra>"))
    return figure(bars, barmode="group", title=f"Base {base}+ under each rule set (≠ marks a disagreement)",
                  xaxis_title="total modifier", yaxis_title="chance", yaxis_tickformat=".0%",
                  height=380, legend={"orientation": "h", "y": -0.25}, margin=MARGIN)


def _helpers(modifier: int, edition: int) -> list[compare.Helper]:
    skills, _ = compare.grid_axes("ninth")
    return [compare.which_helps(s, modifier, edition) for s in skills]


def helps_table(modifier: int, edition: int) -> pd.DataFrame:
    helpers = _helpers(modifier, edition)
    return pd.DataFrame({
        "skill": [f"{h.skill}+" for h in helpers],
        "as is": [str(h.plain) for h in helpers],
        "+1 to hit": [str(h.plus_one) for h in helpers],
        "re-roll 1s": [str(h.reroll_ones) for h in helpers],
        "re-roll failed": [str(h.reroll_failed) for h in helpers],
        "best": [h.best for h in helpers],
    })


def helps_figure(modifier: int, edition: int) -> go.Figure:
    """+1 to hit against re-roll 1s and re-roll failed hits, for each skill; the best is starred."""
    helpers = _helpers(modifier, edition)
    x = [f"{h.skill}+" for h in helpers]
    bars = []
    for n, (name, attr) in enumerate((("as is", "plain"), ("+1 to hit", "plus_one"),
                                      ("re-roll 1s", "reroll_ones"), ("re-roll failed hits", "reroll_failed"))):
        values = [getattr(h, attr) for h in helpers]
        marks = ["★" if attr != "plain" and name in h.best else "" for h in helpers]
        bars.append(trace("bar", x=x, y=[float(v) for v in values], name=name, marker_color=PALETTE[n], text=marks,
                          textposition="outside", customdata=[exact_chance_text(v) for v in values],
                          hovertemplate=f"{name}, %{{x}}: %{{customdata}}<extra></extra>"))
    return figure(bars, barmode="group", title=f"Which helps more? ({edition}th edition, modifier {modifier:+d}; "
                  "★ best)", xaxis_title="skill", yaxis_title="chance", yaxis_tickformat=".0%",
                  yaxis_range=[0, 1.1], height=380, legend={"orientation": "h", "y": -0.25}, margin=MARGIN)


def shots_rows(ruleset: str, modifier: int, hits: int, confidence: int) -> list[tuple[str, Fraction, int | None]]:
    skills, _ = compare.grid_axes(ruleset)
    return [(skill_label(ruleset, s), *compare.shots_for(ruleset, s, modifier, hits, confidence)) for s in skills]


def shots_table(ruleset: str, modifier: int, hits: int, confidence: int) -> pd.DataFrame:
    rows = shots_rows(ruleset, modifier, hits, confidence)
    return pd.DataFrame({"skill": [r[0] for r in rows], "chance per shot": [str(r[1]) for r in rows],
                         "shots needed": [r[2] if r[2] is not None else "more than 1000" for r in rows]})


def shots_figure(ruleset: str, modifier: int, hits: int, confidence: int, skill: int | None = None) -> go.Figure:
    """The fewest shots for at least ``hits`` hits with ``confidence`` % chance, for each skill;
    the bar of ``skill`` (the player's own) in another colour."""
    rows = shots_rows(ruleset, modifier, hits, confidence)
    own = None if skill is None else skill_label(ruleset, skill)
    return figure(
        (trace("bar", x=[r[0] for r in rows], y=[r[2] or 0 for r in rows],
               marker_color=[PALETTE[1] if r[0] == own else PALETTE[0] for r in rows],
               text=[str(r[2]) if r[2] is not None else "> 1000" for r in rows], textposition="outside",
               customdata=[exact_chance_text(r[1]) for r in rows],
               hovertemplate="%{x}: %{text} shots (each hits with %{customdata})<extra></extra>"),),
        title=f"Shots for at least {hits} hit{'s' if hits > 1 else ''} with {confidence}% chance",
        xaxis_title="skill", yaxis_title="shots", height=380, margin=MARGIN)


def running_rate_figure(outcomes: tuple[bool, ...], p: Fraction) -> go.Figure:
    """The running hit rate of a sequence of rolls, converging on the exact chance."""
    rate, shown, hits = [], [], 0
    for n, hit in enumerate(outcomes, start=1):
        hits += hit
        rate.append(hits / n)
        shown.append(f"{number_text(100 * hits, 1, over=n)}%")
    line, label = _hline(float(p), "dash", PALETTE[1], f"the chance: {chance_text(p)}")
    return figure(
        (trace("scatter", x=list(range(1, len(rate) + 1)), y=rate, mode="lines", name="your hit rate",
               line={"color": PALETTE[0]}, customdata=shown,
               hovertemplate="after %{x} rolls: %{customdata}<extra></extra>"),),
        shapes=[line], annotations=[label], title="Running hit rate", xaxis_title="rolls", yaxis_title="hit rate",
        yaxis_tickformat=".0%", yaxis_range=[0, 1], height=320, margin=MARGIN)


# ----- pictures of two rules: Line of Sight cover and the Overwatch checks -----
# Their verdicts use two Okabe-Ito colours (blue: yes, vermillion: no) and always a ✓ or ✗ and
# words beside the colour. Text is large enough for a projector and short enough for a phone.
YES, NO, DIM = PALETTE[0], PALETTE[3], "#767676"
YES_FILL, NO_FILL, NEUTRAL_FILL = "#DCEBF5", "#F8E0D2", "#D9D9D9"
PICTURE_FONT = {"size": 15, "color": "#111111"}


def cover_figure(check: fantasy.CoverCheck) -> go.Figure:
    """The cover rule from the side: shooter, obstacle and target as columns as high as their LoS
    values, the line at half the taller of shooter and target drawn on the obstacle, and the
    verdict with its arithmetic as the title."""
    counts = check.counts
    colour = YES if counts else NO
    tall = {"shooter": (", taller", ""), "target": ("", ", taller"), "both": ("", "")}[check.taller_name]
    names = [f"Shooter<br>LoS {check.shooter_los}{tall[0]}", f"Obstacle<br>LoS {check.blocker_los}",
             f"Target<br>LoS {check.target_los}{tall[1]}"]
    heights = [check.shooter_los, check.blocker_los, check.target_los]
    half = check.taller / 2
    half_text = number_text(Fraction(check.taller, 2), check.taller % 2)  # 1.5, or 2 for a whole half
    return figure(
        (trace("bar", x=names, y=heights,
               marker_color=[NEUTRAL_FILL, PALETTE[0] if counts else PALETTE[1], NEUTRAL_FILL],
               marker_line={"color": "#111111", "width": 1}, text=[None, "✓" if counts else "✗", None],
               textposition="inside", insidetextanchor="end", textfont={"size": 20, "color": "#111111"},
               hovertemplate="%{x}<extra></extra>", width=0.6),),
        shapes=[{"type": "line", "x0": 0.6, "x1": 1.4, "y0": half, "y1": half,
                 "line": {"color": "#111111", "width": 3, "dash": "dash"}}],
        annotations=[{"x": 1, "y": half, "text": f"half of {check.taller} = {half_text}", "showarrow": False,
                      "yshift": 14, "bgcolor": "rgba(255,255,255,0.85)", "font": {"size": 14, "color": "#111111"}}],
        title={"text": f"<b>{'✓' if counts else '✗'} {check.headline}</b><br>{check.working}",
               "font": {"size": 18, "color": colour}, "x": 0.02, "xanchor": "left"},
        font=PICTURE_FONT, height=320, margin={"l": 10, "r": 10, "t": 76, "b": 10}, showlegend=False,
        yaxis={"range": [0, max(heights) + 1], "dtick": 1 if max(heights) <= 6 else 2, "title": "LoS value",
               "fixedrange": True, "gridcolor": "#E5E5E5"},
        xaxis={"fixedrange": True, "tickfont": {"size": 15, "color": "#111111"}}, bargap=0.3, plot_bgcolor="white",
    )


def cover_words(check: fantasy.CoverCheck) -> str:
    """The cover picture in words, for screen readers."""
    return (f"{check.verdict}. Side view: shooter LoS {check.shooter_los}, obstacle LoS {check.blocker_los}, "
            f"target LoS {check.target_los}. The obstacle must reach half of {check.taller}: {check.reason}.")


_PLACED = {"xref": "paper", "yref": "paper", "xanchor": "center", "yanchor": "middle", "showarrow": False}
OVERWATCH_MARKS = {"pass": ("✓", YES, YES_FILL), "fail": ("✗", NO, NO_FILL), "not reached": ("–", DIM, "white")}


def overwatch_figure(verdict: ninth.OverwatchVerdict) -> go.Figure:
    """The Overwatch checks from top to bottom, in the order a player makes them: the path this
    situation takes is lit, and it stops at the first check that forbids the shot. The last box,
    firing, is lit only when every check passed."""
    rows = [(f"{n}. {c.question}", c.answer, c.outcome) for n, c in enumerate(verdict.checks, start=1)]
    rows.append(("Fire Overwatch", "each hit needs an unmodified 6", "pass" if verdict.allowed else "not reached"))
    boxes = []
    step = 1 / len(rows)
    for i, (question, answer, outcome) in enumerate(rows):
        mark, colour, fill = OVERWATCH_MARKS[outcome]
        reached = outcome != "not reached"
        text = f"<b>{question}</b><br>{mark} {answer if reached else 'not reached'}"
        ink = "#111111" if reached else DIM
        y = 1 - (i + 0.5) * step
        boxes.append({"x": 0.5, "y": y, "text": text, "width": 330, "height": 42, "align": "left", "bgcolor": fill,
                      "bordercolor": colour, "borderpad": 4, "borderwidth": 3 if reached else 1,
                      "font": {"size": 14, "color": ink}, **_PLACED})
        if i:  # the arrow into this box, lit when the path reaches it
            boxes.append({"x": 0.5, "y": y + step / 2, "text": "↓", "font": {"size": 18, "color": ink}, **_PLACED})
    if verdict.allowed:
        title = "✓ May fire Overwatch"
    else:
        stopped = [c.name for c in verdict.checks].index(verdict.check) + 1
        title = f"✗ Cannot fire: check {stopped} forbids it"
    return figure(
        (), annotations=boxes,
        title={"text": f"<b>{title}</b>", "font": {"size": 18, "color": YES if verdict.allowed else NO},
               "x": 0.02, "xanchor": "left"},
        font=PICTURE_FONT, height=460, margin={"l": 4, "r": 4, "t": 44, "b": 4}, showlegend=False,
        xaxis={"visible": False, "fixedrange": True}, yaxis={"visible": False, "fixedrange": True},
        plot_bgcolor="white",
    )


def overwatch_words(verdict: ninth.OverwatchVerdict) -> str:
    """The Overwatch picture in words, for screen readers: each check and its answer, then the verdict."""
    checks = " ".join(f"{n}. {c.question} {c.answer if c.outcome != 'not reached' else 'Not reached'}."
                      for n, c in enumerate(verdict.checks, start=1))
    return f"Overwatch checks in order: {checks} Verdict: {verdict.reason}"


# ----- after the hit: the wound chart, and two weapons against one target -----


def _wound_modifier_text(ruleset: str, modifier: int) -> str:
    """``wound modifier -2 (9th caps it at -1)``, or nothing for no modifier."""
    if not modifier:
        return ""
    net = ninth.net_modifier(modifier) if ruleset == "ninth" else modifier
    return f", wound modifier {modifier:+d}" + (f" (9th caps it at {net:+d})" if net != modifier else "")


def wound_figure(ruleset: str, modifier: int = 0, highlight: tuple[int, int] | None = None) -> go.Figure:
    """The chance one hit wounds over Strength (rows) x Toughness (columns), the roll in each cell.

    Fantasy cells where the target is too tough to wound say so; on the 9th and 8th edition
    chart (1..20, a bigger grid) the cells give the roll and the hover text the exact chance.
    """
    axis = compare.wound_axis(ruleset)
    cells = [[compare.wound_cell(ruleset, s, t, modifier) for t in axis] for s in axis]
    small = len(axis) <= 10
    shown = highlight is not None and highlight[0] in axis and highlight[1] in axis
    return figure(
        (trace("heatmap", z=[[float(p) for _, p in row] for row in cells], x=[f"T{t}" for t in axis],
               y=[f"S{s}" for s in axis], zmin=0, zmax=1, colorscale="Cividis",
               colorbar={"title": "chance", "tickformat": ".0%"},
               text=[[f"{roll}<br>{p}" if small and p else roll.replace("impossible", "—") for roll, p in row]
                     for row in cells],
               texttemplate="%{text}", textfont={"size": 12 if small else 9},
               customdata=[[f"{roll}: {exact_chance_text(p)}" for roll, p in row] for row in cells],
               hovertemplate="%{y} against %{x}<br>%{customdata}<extra></extra>"),),
        shapes=[_outline(axis.index(highlight[0]), axis.index(highlight[1]))] if shown else [],
        title=f"Wound chance: {compare.RULESET_NAMES[ruleset].split(' (')[0]}{_wound_modifier_text(ruleset, modifier)}",
        xaxis_title="Toughness", yaxis_title="Strength", xaxis_type="category",
        yaxis_type="category", yaxis_autorange="reversed", xaxis_side="top",
        height=460 if small else 620, margin=MARGIN)


def wound_table(ruleset: str, modifier: int = 0) -> pd.DataFrame:
    """One row per Strength, one column per Toughness: the exact chance one hit wounds."""
    axis = compare.wound_axis(ruleset)
    table = pd.DataFrame({f"T{t}": [str(compare.wound_cell(ruleset, s, t, modifier)[1]) for s in axis]
                          for t in axis})
    table.insert(0, "Strength", list(axis))
    return table


def _removed_range(duel: compare.WeaponDuel) -> range:
    """Models removed worth drawing: 1 up to the most either weapon can remove, less negligible tails."""
    return range(1, max(1, *(shown_range(d).stop - 1 for d in duel.removed)) + 1)


def weapons_figure(duel: compare.WeaponDuel) -> go.Figure:
    """P(at least k models removed) for each weapon, side by side, with exact hover text."""
    ks = list(_removed_range(duel))
    bars = []
    for n, (name, removed) in enumerate(zip(duel.names, duel.removed, strict=True)):
        tail = removed.at_least_curve()
        chances = [tail[k] if k < len(tail) else Fraction(0) for k in ks]
        bars.append(trace("bar", x=ks, y=[float(p) for p in chances], name=f"{'AB'[n]}: {name}",
                          marker_color=PALETTE[n], customdata=[exact_chance_text(p) for p in chances],
                          hovertemplate=f"{'AB'[n]}, at least %{{x}} removed: %{{customdata}}<extra></extra>"))
    return figure(bars, barmode="group", title="Chance to remove at least k models", xaxis_title="models removed (k)",
                  yaxis_title="chance", yaxis_tickformat=".0%", yaxis_range=[0, 1.02], height=380,
                  xaxis_dtick=count_ticks(len(ks)), margin=MARGIN,
                  legend={"orientation": "h", "y": -0.25}, hovermode="x unified")


def weapons_table(duel: compare.WeaponDuel) -> pd.DataFrame:
    """One row per number of models removed: each weapon's exact chance of exactly and at least k."""
    ks = range(0, _removed_range(duel).stop)
    data: dict[str, list] = {"models removed": list(ks)}
    for letter, removed in zip("AB", duel.removed, strict=True):
        tail = removed.at_least_curve()
        data[f"{letter} exactly (fraction)"] = [str(removed[k]) for k in ks]
        data[f"{letter} at least (fraction)"] = [str(tail[k] if k < len(tail) else 0) for k in ks]
        data[f"{letter} at least (%)"] = _percent_column(Fraction(tail[k] if k < len(tail) else 0) for k in ks)
    return pd.DataFrame(data)


# ----- /combat: one round of fantasy close combat -----

#: A Break test's outcomes in the order of the rules, and their names on a chart.
BREAK_OUTCOMES = {"break": "Breaks", "fall_back": "Falls Back in Good Order", "give_ground": "Gives Ground",
                  "wiped_out": "Wiped out"}
#: The outcomes' names under a chart's bars, short enough to stand level.
_BAR_NAMES = {"Falls Back in Good Order": "Falls Back"}
COMBAT_SIDES = ("the charger", "the charged")
WIN, DRAW, LOSE = PALETTE[2], "#6E6E6E", PALETTE[3]
#: Under a half-width chart, where a legend beside the title would cover it.
_LEGEND_BELOW = {"orientation": "h", "y": -0.3, "x": 0.5, "xanchor": "center", "yanchor": "top"}


def difference_table(result) -> pd.DataFrame:
    """One row per score difference (the charger's score less the charged's): its exact chance."""
    rows = sorted(result.difference.items())
    return pd.DataFrame({"charger's score - charged's": [d for d, _ in rows],
                         "chance (fraction)": [str(p) for _, p in rows],
                         "chance (%)": [round(float(p) * 100, 4) for _, p in rows]})


def difference_figure(result) -> go.Figure:
    """Bars of the score difference's chances, coloured by who wins on that difference, exact in the hover.

    A wiped-out side loses whatever the scores, so a bar can hold rounds of either result: its colour
    is the scores' verdict, and the headline numbers carry the wiped-out rounds."""
    rows = sorted(result.difference.items())
    return figure(
        (trace("bar", x=[d for d, _ in rows], y=[float(p) for _, p in rows],
               marker_color=[WIN if d > 0 else LOSE if d < 0 else DRAW for d, _ in rows],
               customdata=[exact_chance_text(p) for _, p in rows],
               hovertemplate="difference %{x:+d}: %{customdata}<extra></extra>"),),
        title="Score difference: charger − charged",
        xaxis_title="score difference (above 0: the charger wins on the scores)", yaxis_title="chance",
        yaxis_tickformat=".0%", height=COMBAT_HEIGHT, margin=CHANCE_MARGIN,
        xaxis_dtick=count_ticks(rows[-1][0] - rows[0][0] + 1))


def _test_rows(result) -> list[tuple[str, str, Fraction]]:
    tests = (result.charger_test, result.charged_test)
    return [(side, BREAK_OUTCOMES[o], test.get(o, Fraction(0)))
            for side, test in zip(COMBAT_SIDES, tests, strict=True) for o in BREAK_OUTCOMES]


def break_table(result) -> pd.DataFrame:
    """For each side and each way it loses (Breaks, Falls Back, Gives Ground, wiped out): the exact chance."""
    rows = _test_rows(result)
    return pd.DataFrame({"side": [s for s, _, _ in rows], "loses and": [o for _, o, _ in rows],
                         "chance (fraction)": [str(p) for _, _, p in rows],
                         "chance (%)": [round(float(p) * 100, 4) for _, _, p in rows]})


def break_figure(result) -> go.Figure:
    """Grouped bars: for each outcome of losing, the chance for the charger and for the charged."""
    rows = _test_rows(result)
    bars = []
    for n, side in enumerate(COMBAT_SIDES):
        mine = [(o, p) for s, o, p in rows if s == side]
        bars.append(trace("bar", x=[_BAR_NAMES.get(o, o) for o, _ in mine], y=[float(p) for _, p in mine],
                          name=side.capitalize(), marker_color=PALETTE[n],
                          customdata=[exact_chance_text(p) for _, p in mine],
                          hovertemplate=f"{side}: %{{x}}, %{{customdata}}<extra></extra>"))
    return figure(bars, barmode="group", title="How each side loses: the Break test", yaxis_title="chance",
                  yaxis_tickformat=".0%", yaxis_range=[0, 1.02], height=COMBAT_HEIGHT,
                  margin=CHANCE_MARGIN_LEGEND_BELOW, legend=_LEGEND_BELOW)


def _lost(result) -> tuple[Distribution, Distribution]:
    return result.charger_models_lost, result.charged_models_lost


def models_lost_table(result) -> pd.DataFrame:
    """One row per number of models lost: each side's exact chance of losing exactly k."""
    lost = _lost(result)
    ks = range(0, max(shown_range(d).stop for d in lost))
    data: dict[str, list] = {"models lost": list(ks)}
    for side, dist in zip(COMBAT_SIDES, lost, strict=True):
        data[f"{side} (fraction)"] = [str(dist[k]) for k in ks]
        data[f"{side} (%)"] = [round(float(dist[k]) * 100, 4) for k in ks]
    return pd.DataFrame(data)


def models_lost_figure(result) -> go.Figure:
    """Grouped bars of the models each side loses in the round, exact in the hover."""
    lost = _lost(result)
    ks = list(range(0, max(shown_range(d).stop for d in lost)))
    bars = []
    for n, (side, dist) in enumerate(zip(COMBAT_SIDES, lost, strict=True)):
        chances = [dist[k] for k in ks]
        bars.append(trace("bar", x=ks, y=[float(p) for p in chances], name=side.capitalize(), marker_color=PALETTE[n],
                          customdata=[exact_chance_text(p) for p in chances],
                          hovertemplate=f"{side} loses %{{x}}: %{{customdata}}<extra></extra>"))
    return figure(bars, barmode="group", title="Models each side loses", xaxis_title="models lost",
                  yaxis_title="chance", yaxis_tickformat=".0%", yaxis_range=[0, 1.02], height=COMBAT_HEIGHT,
                  margin=CHANCE_MARGIN_LEGEND_BELOW, xaxis_dtick=count_ticks(len(ks)), hovermode="x unified",
                  legend=_LEGEND_BELOW)


# ----- Explore: the melee hit roll for every pair of Weapon Skills -----

_WS = tuple(range(1, 11))


def _melee_rows(modifier: int, reroll: str, reroll_sixes: bool) -> list[list[Fraction]]:
    return [[fantasy.melee_hit_chance(a, t, modifier, reroll, reroll_sixes) for t in _WS] for a in _WS]


def _melee_words(modifier: int, reroll: str, reroll_sixes: bool) -> str:
    words = [f"modifier {modifier:+d}"] if modifier else []
    words += [{"ones": "re-roll 1s", "failed": "re-roll misses"}[reroll]] if reroll != "none" else []
    words += ["6s re-rolled"] if reroll_sixes else []
    return f" ({', '.join(words)})" if words else ""


def melee_heatmap_figure(modifier: int = 0, reroll: str = "none", reroll_sixes: bool = False,
                         highlight: tuple[int, int] | None = None) -> go.Figure:
    """The melee hit chance for every attacker's WS (rows) against every target's WS (columns): the
    chart's score and the chance in each cell, with the modifier and re-rolls; ``highlight`` outlined."""
    rows = _melee_rows(modifier, reroll, reroll_sixes)
    scores = [[fantasy.melee_score(a, t) for t in _WS] for a in _WS]
    shown = highlight is not None and highlight[0] in _WS and highlight[1] in _WS
    return figure(
        (trace("heatmap", z=[[float(p) for p in row] for row in rows], x=[f"WS {t}" for t in _WS],
               y=[f"WS {a}" for a in _WS], zmin=0, zmax=1, colorscale="Cividis",
               colorbar={"title": "chance", "tickformat": ".0%"},
               text=[[f"{s}+<br>{p}" for s, p in zip(srow, row, strict=True)]
                     for srow, row in zip(scores, rows, strict=True)],
               texttemplate="%{text}", textfont={"size": 11},
               customdata=[[f"{s}+ on the chart: {exact_chance_text(p)}" for s, p in zip(srow, row, strict=True)]
                           for srow, row in zip(scores, rows, strict=True)],
               hovertemplate="attacker %{y} against %{x}<br>%{customdata}<extra></extra>"),),
        shapes=[_outline(highlight[0] - 1, highlight[1] - 1)] if shown else [],
        title=f"Melee hit chance{_melee_words(modifier, reroll, reroll_sixes)}",
        xaxis_title="target's WS", yaxis_title="attacker's WS", xaxis_type="category",
        yaxis_type="category", yaxis_autorange="reversed", xaxis_side="top", height=480, margin=MARGIN)


def melee_grid_table(modifier: int = 0, reroll: str = "none", reroll_sixes: bool = False) -> pd.DataFrame:
    """One row per attacker's WS, one column per target's WS: the exact chance one attack hits."""
    rows = _melee_rows(modifier, reroll, reroll_sixes)
    table = pd.DataFrame({f"target WS {t}": [str(row[j]) for row in rows] for j, t in enumerate(_WS)})
    table.insert(0, "attacker's WS", list(_WS))
    return table


def unit_shares_figure(names: tuple[str, ...], shares: tuple[Fraction, ...], order: tuple[int, ...]) -> go.Figure:
    """A waterfall of the whole unit's expected models removed: each profile's share, in the order
    resolved, adding up to the unit's mean; exact in the hover text."""
    total = sum(shares, Fraction(0))
    return figure(
        (trace("waterfall", orientation="h", y=[*(names[i] for i in order), "the whole unit"],
               x=[*(float(shares[i]) for i in order), float(total)],
               measure=[*("relative" for _ in order), "absolute"],
               customdata=[*(exactly_text(shares[i]) for i in order), exactly_text(total)],
               text=[*(number_text(shares[i]) for i in order), number_text(total)],
               texttemplate="%{text}", textposition="outside",
               increasing={"marker": {"color": PALETTE[0]}}, totals={"marker": {"color": PALETTE[2]}},
               hovertemplate="%{y}: %{text} models on average (%{customdata})<extra></extra>"),),
        title="Each profile's share of the models removed", xaxis_title="models removed, on average",
        yaxis_autorange="reversed", height=120 + 40 * (len(order) + 1), margin=MARGIN)


#: Nullable types: a row added in the editor may leave a cell empty (its default then counts).
_DTYPES = {str: "object", int: "Int64", bool: "boolean", tuple: "object"}


def weapons_frame(ruleset: str, rows) -> pd.DataFrame:
    """The added weapons as a table for the editor: a column per cell, typed as its default (a list
    of choices, the special rules, as a list)."""
    columns, defaults = profiles.COLUMNS[ruleset], profiles.DEFAULTS[ruleset]
    return pd.DataFrame({c: pd.Series([list(row[i]) if isinstance(d, tuple) else row[i] for row in rows],
                                      dtype=_DTYPES[type(d)])
                         for i, (c, d) in enumerate(zip(columns, defaults, strict=True))})


def weapons_arrow(ruleset: str, rows) -> pa.Table:
    """:func:`weapons_frame` in Arrow, the table Streamlit would make of it: for a read-only table made once and
    sent on every rerun as it is (converting the frame again on each run was most of a calculator's time with the
    target part on)."""
    return pa.Table.from_pandas(weapons_frame(ruleset, rows))


def weapons_rows(frame: pd.DataFrame) -> list[tuple]:
    """The editor's table as rows of plain values, an empty cell (None, NaN, pandas' NA) as None; a cell
    holding a list (the special rules) as that list. Column by column (``Series.tolist`` gives Python
    values): a tenth of the time of pandas' ``astype(object).where(notna)``, on every rerun of a page
    with the target part (bench/apptest.py --target)."""
    columns = [frame[c].tolist() for c in frame.columns]
    return [tuple(None if _empty(v) else v for v in row) for row in zip(*columns, strict=True)]


def _empty(value) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and value != value)


def unit_state_table(result, k: int) -> pd.DataFrame:
    """The unit after its first ``k`` profiles: each state (models removed, and the wounds the model
    being worked on has lost, which the next profile's damage meets first) with its exact chance."""
    rows = result.state_after(k)
    return pd.DataFrame({"models removed": [r for r, _, _ in rows],
                         "wounds lost by the next model": [c for _, c, _ in rows],
                         "chance": [exact_chance_text(p) for _, _, p in rows]})


#: "How far can I charge?": one line per Movement, over distances 1 to the longest Movement + 12 inches.
CHARGE_MOVEMENTS = range(charge.MOVEMENT_RANGE[0], charge.MOVEMENT_RANGE[1] + 1)


def charge_reach_rows(swiftstride: bool, terrain: bool) -> list[tuple[int, list[Fraction]]]:
    """For each Movement, the chance that the Charge roll reaches each distance 1..M + 12."""
    rows = []
    for movement in CHARGE_MOVEMENTS:
        reach = charge.charge_range(charge.Mover(movement, swiftstride=swiftstride), terrain)
        rows.append((movement, [reach.at_least(d) for d in range(1, movement + 13)]))
    return rows


def _charge_title(swiftstride: bool, terrain: bool) -> str:
    extra = [what for what, on in (("Swiftstride", swiftstride), ("terrain on the path", terrain)) if on]
    return "Chance to reach, by distance and Movement" + (f" ({', '.join(extra)})" if extra else "")


def charge_reach_figure(swiftstride: bool, terrain: bool, movement: int | None = None) -> go.Figure:
    """The chance to reach each distance, one line per Movement; the line of ``movement`` (the player's) drawn
    thicker."""
    lines = []
    for n, (m, chances) in enumerate(charge_reach_rows(swiftstride, terrain)):
        own = m == movement
        lines.append(trace("scatter", x=list(range(1, len(chances) + 1)), y=[float(p) for p in chances], mode="lines",
                           name=f"M {m}", line={"color": PALETTE[n % len(PALETTE)], "width": 5 if own else 1.5,
                                                "dash": "solid" if n < len(PALETTE) else "dot"},
                           customdata=[exact_chance_text(p) for p in chances],
                           hovertemplate=f"M {m} from %{{x}}\": %{{customdata}}<extra></extra>"))
    return figure(lines, title=_charge_title(swiftstride, terrain), xaxis_title="distance (inches)",
                  yaxis_title="chance to reach", yaxis_tickformat=".0%", yaxis_range=[0, 1.02], height=420,
                  xaxis_dtick=2, legend={"orientation": "h", "y": -0.25}, margin=MARGIN)


def charge_reach_table(swiftstride: bool, terrain: bool) -> pd.DataFrame:
    """The chance to reach each distance (a row) for each Movement (a column), exact."""
    rows = charge_reach_rows(swiftstride, terrain)
    distances = range(1, max(len(chances) for _, chances in rows) + 1)
    data: dict[str, list] = {"distance": list(distances)}
    for m, chances in rows:
        data[f"M {m}"] = [str(chances[d - 1]) if d <= len(chances) else "" for d in distances]
    return pd.DataFrame(data)


# ----- /combat's charge part: the three reactions side by side -----

#: Each of the eleven outcomes of the whole charge (hitrules.fantasy.charging.OUTCOMES), as the chart and table say it.
CHARGE_OUTCOME_NAMES = {"failed": "Charge fails", "escaped": "Escapes (fled)", "run_down": "Run down",
                        "charger_destroyed": "Charger destroyed", "charged_destroyed": "Charged destroyed",
                        "both_destroyed": "Both destroyed", "charger_fled": "Charger fled",
                        "charged_fled": "Charged fled", "charger_fell_back": "Charger fell back",
                        "charged_fell_back": "Charged fell back", "fight_goes_on": "Fight goes on"}
#: A fixed colour per outcome: Paul Tol's muted scheme (distinct for colour-blind readers) and the
#: Okabe-Ito black; the charger's own losses are hatched as well, so no outcome rests on its colour alone.
CHARGE_OUTCOME_COLOURS = {"failed": "#DDDDDD", "escaped": "#88CCEE", "run_down": "#332288",
                          "charger_destroyed": "#882255", "charged_destroyed": "#117733", "both_destroyed": "#000000",
                          "charger_fled": "#CC6677", "charged_fled": "#44AA99", "charger_fell_back": "#DDCC77",
                          "charged_fell_back": "#999933", "fight_goes_on": "#AA4499"}
_HATCHED = ("charger_destroyed", "charger_fled", "charger_fell_back")
#: How each reaction reads on the chart and in the table.
REACTION_NAMES = {"hold": "Hold", "stand_and_shoot": "Stand & Shoot", "flee": "Flee"}
#: The height of the reactions' chart: room for three bars and a legend of eleven under them.
CHARGE_HEIGHT = 330


def charge_reactions_figure(rows: tuple[tuple[str, tuple[Fraction, ...]], ...], chosen: str) -> go.Figure:
    """One horizontal bar per reaction (``rows``: each reaction and its outcomes' chances, in the order of
    charge.OUTCOMES), the eleven outcomes stacked in a fixed colour each, exact in the hover; the reaction
    ``chosen`` marked."""
    names = [REACTION_NAMES[r] + (" ◀ chosen" if r == chosen else "") for r, _ in rows]
    bars = []
    for i, outcome in enumerate(charge.OUTCOMES):
        chances = [outcomes[i] for _, outcomes in rows]
        if not any(chances):
            continue
        bars.append(trace("bar", y=names, x=[float(p) for p in chances], orientation="h",
                          name=CHARGE_OUTCOME_NAMES[outcome],
                          marker={"color": CHARGE_OUTCOME_COLOURS[outcome], "line": {"color": "white", "width": 1},
                                  # overlay: the hatching over the fill (Plotly's default replaces the fill)
                                  "pattern": {"shape": "/" if outcome in _HATCHED else "", "fgcolor": "white",
                                              "fillmode": "overlay"}},
                          customdata=[exact_chance_text(p) for p in chances],
                          hovertemplate=f"%{{y}}: {CHARGE_OUTCOME_NAMES[outcome].lower()} %{{customdata}}"
                                        "<extra></extra>"))
    return figure(bars, barmode="stack", title="How this turn ends, by the charged unit's reaction",
                  xaxis_tickformat=".0%", xaxis_range=[0, 1.0001],  # no axis title: it overlapped the legend
                  yaxis_autorange="reversed", height=CHARGE_HEIGHT, margin={**MARGIN, "b": 10},
                  legend={"orientation": "h", "y": -0.25, "x": 0, "traceorder": "normal"})


def headlines_table(rows: tuple[tuple[str, Fraction], ...]) -> pd.DataFrame:
    """The page's headline chances, each exact: its fraction in full (however long) and its percentage."""
    return pd.DataFrame({"headline": [label for label, _ in rows],
                         "chance (fraction)": [str(p) for _, p in rows],
                         "chance (%)": [round(float(p) * 100, 4) for _, p in rows]})


def charge_reactions_table(rows: tuple[tuple[str, tuple[Fraction, ...]], ...]) -> pd.DataFrame:
    """One row per reaction and outcome: its exact chance, as a fraction and a percentage."""
    cells = [(REACTION_NAMES[r], CHARGE_OUTCOME_NAMES[o], p) for r, outcomes in rows
             for o, p in zip(charge.OUTCOMES, outcomes, strict=True)]
    return pd.DataFrame({"reaction": [r for r, _, _ in cells], "outcome": [o for _, o, _ in cells],
                         "chance (fraction)": [str(p) for _, _, p in cells],
                         "chance (%)": [round(float(p) * 100, 4) for _, _, p in cells]})
