"""What a chart costs the browser on every rerun: Plotly's redraw of the app's own figures, in Chromium.

A rerun hands each chart a new figure and Plotly redraws it (``Plotly.react``) on the browser's main
thread, where the page's widgets are drawn too. Plotly measures every tick label as it draws, so an
axis that marks every count costs a measurement a label. This times the redraw of the pages' real
figures, alternating between two answers as a widget change does, against the trivial page's chart
(bench/trivial_app.py) in the same browser, with each axis labelled as the app labels it
(``figures.count_ticks``) and as it did before 2026-12-02 (every whole number, up to 21 or 25 of them).
It uses the plotly.js that the plotly package ships (the same major version Streamlit bundles), with
no Streamlit, so it times Plotly alone. Goal: each figure, labelled as the app labels it, redraws
faster than with every count labelled. Run: python bench/chart_redraw.py (make bench).
"""

from __future__ import annotations

import json
import statistics
import sys
from fractions import Fraction
from pathlib import Path

import plotly
import plotly.graph_objects as go

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from harness import CHROMIUM_ARGS, find_chromium  # noqa: E402

from hitrules import dice  # noqa: E402
from hitrules.edge import urlstate  # noqa: E402
from hitrules.presentation import figures  # noqa: E402
from hitrules.situations import combat as combat_situations  # noqa: E402

REDRAWS = 60  # each figure, alternating between its two answers; the median is kept
ROUNDS = 3  # every figure's redraws in turn, this many times, so noise falls on all alike
WIDTH = 740  # about the main column of a 1280 px window


#: The app's figures with the most labels on a count axis (each also timed with every count labelled).
FIGURES = ("combat difference", "combat models lost", "20 shots' hits")


def _combat(charged_ws: int):
    values = urlstate.parse_query(urlstate.COMBAT, {"d_ws": str(charged_ws)}).values
    return combat_situations.answer(combat_situations.combat_situation(urlstate.combat_input(values)))


def _every_count(figure: go.Figure) -> go.Figure:
    """The figure with every whole number on its count axis labelled, as before count_ticks."""
    return go.Figure(figure).update_layout(xaxis_dtick=1)


def cases() -> dict[str, tuple[go.Figure, go.Figure]]:
    """Each figure at two answers (a widget change): the trivial chart, and the app's busiest count axes."""
    trivial = tuple(go.Figure(go.Bar(x=list(range(6)), y=[n * i for i in range(6)])) for n in (10, 11))
    rounds = (_combat(3), _combat(4))
    hits = tuple(figures.distribution_figure(dice.hits(20, p)) for p in (Fraction(1, 2), Fraction(2, 3)))
    found = {"trivial": trivial,
             "combat difference": tuple(figures.difference_figure(r) for r in rounds),
             "combat models lost": tuple(figures.models_lost_figure(r) for r in rounds),
             "20 shots' hits": hits}
    for name in FIGURES:
        found[f"{name}, every count"] = tuple(_every_count(f) for f in found[name])
    return found


PAGE = """<html><head><script>{plotly}</script></head><body style="margin:0">
<div id="g" style="width:{width}px"></div><script>
window.time = async (pair, n) => {{
  const g = document.getElementById('g');
  Plotly.purge(g);
  await Plotly.newPlot(g, pair[0].data, {{...pair[0].layout, width: {width}}}, {{displayModeBar: false}});
  const times = [];
  for (let i = 1; i <= n; i++) {{
    const f = pair[i % 2], start = performance.now();
    await Plotly.react(g, f.data, {{...f.layout, width: {width}}}, {{displayModeBar: false}});
    times.push(performance.now() - start);
  }}
  return times;
}};
</script></body></html>"""


def main() -> int:
    chromium = find_chromium()
    if not chromium:
        print("bench/chart_redraw.py: no Chromium found (apt-get install chromium); skipped")
        return 0
    from playwright.sync_api import sync_playwright

    bundle = (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text(encoding="utf-8")
    specs = {name: [json.loads(f.to_json()) for f in pair] for name, pair in cases().items()}
    times: dict[str, list[float]] = {name: [] for name in specs}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_content(PAGE.format(plotly=bundle, width=WIDTH))
        for _ in range(ROUNDS):
            for name, pair in specs.items():
                times[name] += page.evaluate("([pair, n]) => time(pair, n)", [pair, REDRAWS])[2:]
        browser.close()
    base = statistics.median(times["trivial"])
    print(f"Plotly redraw in Chromium ({WIDTH} px wide; median of {len(times['trivial'])} redraws a figure)")
    print(f"  {'trivial':20s} {base:6.1f} ms")
    for name in FIGURES:
        now, before = statistics.median(times[name]), statistics.median(times[f"{name}, every count"])
        if specs[name] == specs[f"{name}, every count"]:
            # An axis of MOST_TICKS counts or fewer is labelled at every count already: the two are
            # one figure, and which of their medians is lower is noise.
            verdict = f"every count labelled already (at most {figures.MOST_TICKS}): nothing to gain"
        else:
            verdict = "met" if now < before else "MISSED"
        print(f"  {name:20s} {now:6.1f} ms   {now / base:4.2f}x the trivial chart; every count labelled "
              f"{before:5.1f} ms, {before / base:4.2f}x (goal: faster: {verdict}, {1 - now / before:.0%} less)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
