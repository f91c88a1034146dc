"""/combat's answer below the inputs: the round's charts one at a time, the tables with their CSV, and the
Why of the round."""

import streamlit as st

import webui_cache
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.situations import combat as combat_situations
from views import draw
from views.combat_side import READING, P, widget_key

HEADLINES_TABLE_HELP = ("the headlines at the top and each chart's numbers as exact fractions (a long one is "
                        "written out only there and in the charts' hover), to read or to download as a CSV file.")
TABLES_NAME = "Tables (CSV)"
#: With the charge part on, over the round's charts when the round shown is not the chosen reaction's.
NO_ROUND = ("The chosen reaction fights no round this turn (or cannot be worked out): this is the round in contact "
            "as it would be if the charged unit Held.")
#: The height of the box the chart is drawn in: the chart's, and a few pixels to spare.
CHART_BOX = figures.COMBAT_HEIGHT + 4


def _chart(key, build):
    return build(combat_situations.shown_round(key))


def _plot(where, key, name: str, figure) -> None:
    where.plotly_chart(webui_cache.shared(_chart, key, figure), key=f"{P}_{name}_chart",
                       config={"displayModeBar": False})


#: The round's charts, by their value in the link: the chooser's name, the figure, the table, the element's key.
CHARTS = {"difference": ("Score difference", figures.difference_figure, figures.difference_table, "difference"),
          "break": ("Break tests", figures.break_figure, figures.break_table, "break-test"),
          "lost": ("Models lost", figures.models_lost_figure, figures.models_lost_table, "models-lost")}
#: What the chooser calls each choice.
CHART_NAMES = {**{c: n for c, (n, *_) in CHARTS.items()}, "tables": TABLES_NAME}
#: The same with the charge part on: the reactions first, and the round's charts named as the round's.
CHARGE_CHART_NAMES = {"reactions": "Reactions side by side",
                      **{c: f"The round: {n[0].lower()}{n[1:]}" for c, n in CHART_NAMES.items() if c in CHARTS},
                      "tables": TABLES_NAME}


def chart_tables(key, headlines: tuple, charged: "combat_situations.ChargePart | None" = None) -> None:
    """The table of the ``headlines`` drawn at the top, then (with the charge part) the reactions' table, then
    each chart's table of the round (none where the round is refused), each exact and with its CSV."""
    draw.table_with_download(P, f"{P}-headlines", figures.headlines_table,
                             tuple((label, chance) for label, chance, _ in headlines), always=True,
                             label="Download CSV: headlines")
    if charged:
        draw.table_with_download(P, f"{P}-reactions", _reactions_table, charged.csit, always=True,
                                 label="Download CSV: reactions")
    if key is None:
        return
    for _, _, table, name in CHARTS.values():
        draw.table_with_download(P, f"{P}-{name}", _chart, key, table, always=True,
                                 label=f"Download CSV: {name.replace('-', ' ')}")


def preset_source() -> None:
    source = st.session_state.get(f"_{P}_preset_source")
    if source in combat_situations.COMBAT_PRESETS:
        st.caption(f"Started from “{combat_situations.COMBAT_PRESETS[source].name}”: "
                   f"{combat_situations.COMBAT_PRESETS[source].source}")


# One chart at a time, as Explore shows one view: redrawing Plotly charts is most of a browser's work when an
# input changes (three were about 40 ms of its 110 ms in Chromium), and the chooser is one tap. The tables are
# its last choice, not a toggle of their own: a widget fewer on every rerun, and the link keeps them open.
def chart_chooser(name: str, choices: tuple[str, ...], help: str, names: dict = CHART_NAMES) -> str:
    return st.segmented_control("Show", choices, key=widget_key(name), required=True, format_func=names.get, help=help)


def round_chart(key, chosen: str) -> None:
    """The round's chart ``chosen`` in a box of fixed height. Streamlit 1.67 gives a Plotly chart a new identity
    whenever its figure changes, so every change takes the old chart away and draws a new one: without the box,
    the page below it jumped up and back while that happened, and the browser laid it out twice
    (bench/browser.py: about 4 ms of /combat's 89 ms)."""
    _, figure, _, name = CHARTS[chosen]
    _plot(chart_box(), key, name, figure)


def chart_box():
    return st.container(height=CHART_BOX, border=False, autoscroll=False, key=f"{P}_chart_box")


def round_results(key, answer, headlines: tuple, charging: bool) -> None:
    """The round's charts, one at a time, or the tables (:func:`chart_tables`), and the Why of the round. With the
    charge part on (and no charge worked out: the distance is out of reach), the round in contact, said so."""
    preset_source()
    if charging:
        st.markdown(f"### The round in contact\n\n{NO_ROUND}")
    chosen = chart_chooser("chart", urlstate.COMBAT_CHARTS,
                          "The score difference (the combat result); each side's chance to lose and how (Break, Fall "
                          "Back, Give Ground); the models each side loses; or the tables: " + HEADLINES_TABLE_HELP)
    if chosen in CHARTS:
        round_chart(key, chosen)
    else:
        chart_tables(key, headlines)
    draw.why("Why: the round in order", answer.steps, None, after=f"Our reading of the round: {READING}.")


def _rows(csit):
    """Each reaction the rules allow here and its outcomes' chances, for the chart and the table."""
    return tuple((r, tuple(result.outcomes.values())) for r, result, _ in combat_situations.charge_reactions(csit)
                 if result is not None)


def reactions_chart(csit, chosen: str):
    return figures.charge_reactions_figure(_rows(csit), chosen)


def _reactions_table(csit):
    return figures.charge_reactions_table(_rows(csit))
