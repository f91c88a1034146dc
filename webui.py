"""Streamlit helpers the pages share: link <-> widget state, and drawing an answer.

No rules live here; everything shown comes from hitrules.
"""

from __future__ import annotations

import streamlit as st

from hitrules import figures, urlstate
from hitrules._steps import Step
from hitrules.dice import Distribution
from hitrules.situations import chance_text

TEXT_PARAMS = {"shots", "shots2", "attacks", "mods"}


def _widget_value(param: urlstate.Param, value: object) -> object:
    """What the widget holds for a value: text params as their text, lists as lists."""
    if param.name in TEXT_PARAMS:
        return param.format(value) if param.name == "mods" else str(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def link_state(prefix: str, params: tuple[urlstate.Param, ...]) -> tuple[str, ...]:
    """Load the page's widget state from the link, or keep the user's own settings.

    A link is read when the page is first opened in this session, or when the address bar
    holds parameters this page did not write itself (someone opened a shared link). Coming
    back to a page with an empty address keeps what the user had. Returns the warnings for
    unusable parameters; each names its parameter.
    """
    ss = st.session_state
    query = st.query_params.to_dict()
    ours = {k: v for k, v in query.items() if k in {p.name for p in params}}
    store, written = f"_{prefix}_values", f"_{prefix}_written"
    too_long = sum(len(k) + len(v) + 2 for k, v in query.items()) > urlstate.MAX_QUERY_LENGTH
    opened_link = store not in ss or ((ours or too_long) and ours != ss.get(written))
    warnings: tuple[str, ...] = ()
    if opened_link:
        parsed = urlstate.parse_query(params, query)
        ss[store] = parsed.values
        ss[written] = ours
        warnings = parsed.warnings
        for p in params:
            ss[f"{prefix}_{p.name}"] = _widget_value(p, parsed.values[p.name])
    else:
        for p in params:
            ss.setdefault(f"{prefix}_{p.name}", _widget_value(p, ss[store][p.name]))
    return warnings


def read_values(prefix: str, params: tuple[urlstate.Param, ...]) -> tuple[dict, list[str]]:
    """The page's values from its widgets; unreadable text keeps the last good value, with a warning."""
    ss = st.session_state
    values = dict(ss[f"_{prefix}_values"])
    warnings = []
    for p in params:
        raw = ss.get(f"{prefix}_{p.name}", _widget_value(p, values[p.name]))
        if p.name in TEXT_PARAMS:
            try:
                values[p.name] = p.parse(raw)
            except ValueError as error:
                warnings.append(f"{p.name}: {error} Still using {p.format(values[p.name]) or 'none'}.")
        else:
            values[p.name] = tuple(raw) if isinstance(raw, list) else raw
    ss[f"_{prefix}_values"] = values
    return values, warnings


def write_link(prefix: str, params: tuple[urlstate.Param, ...], values: dict) -> None:
    """Put the values in the address bar, so the link reproduces the page exactly."""
    encoded = urlstate.encode(params, values)
    if st.query_params.to_dict() != encoded:
        st.query_params.from_dict(encoded)
    st.session_state[f"_{prefix}_written"] = encoded


def show_warnings(warnings) -> None:
    if warnings:
        st.warning("Some settings could not be used, so defaults were kept:\n\n"
                   + "\n".join(f"- {w}" for w in warnings), icon="⚠️")


def explain(steps: tuple[Step, ...]) -> None:
    """The engine's steps, numbered, exactly as it worked them out."""
    st.markdown("\n".join(f"{i}. {step.text}" for i, step in enumerate(steps, start=1)))


def faces_row(hitting: tuple[int, ...]) -> str:
    """The six faces of a D6, each marked hit or miss."""
    return " ".join(f":green-background[**{f}** ✓]" if f in hitting else f":red-background[{f} ✗]"
                    for f in range(1, 7))


def faces_grid(first: tuple[int, ...], second: tuple[int, ...]) -> str:
    """The 36 results of two D6 on the 7+ chart: first die down, second die across."""
    head = "| first \\ second | 1 | 2 | 3 | 4 | 5 | 6 |\n|---|---|---|---|---|---|---|\n"
    rows = []
    for a in range(1, 7):
        cells = ["✓ hit" if a in first and b in second else "·" for b in range(1, 7)]
        rows.append(f"| **{a}** | " + " | ".join(cells) + " |")
    return head + "\n".join(rows)


@st.cache_resource(max_entries=256, show_spinner=False)
def _figure(dist: Distribution, title: str):
    return figures.distribution_figure(dist, title)


@st.cache_data(max_entries=256, show_spinner=False)
def _csv(dist: Distribution) -> bytes:
    return figures.distribution_table(dist).to_csv(index=False).encode()


def show_distribution(dist: Distribution, key: str, title: str = "Number of hits") -> None:
    """Expected hits, the chart of exactly/at least k, and the table with a CSV download."""
    st.plotly_chart(_figure(dist, title), key=f"{key}_chart", config={"displayModeBar": False})
    with st.expander("Table of the distribution"):
        st.dataframe(figures.distribution_table(dist), hide_index=True)
        st.download_button("Download CSV", _csv(dist), file_name=f"hitrules-{key}.csv",
                           mime="text/csv", key=f"{key}_csv", on_click="ignore")


def chance_metric(label: str, p, help: str | None = None) -> None:
    st.metric(label, chance_text(p), help=help)


def sidebar_links(links: list[tuple[str, str, dict]]) -> None:
    """Links from this page to others, carrying the situation in the link."""
    for page, label, query in links:
        st.sidebar.page_link(page, label=label, query_params=query)
