"""Streamlit helpers the pages share: link <-> widget state, and drawing an answer.

No rules live here; everything shown comes from hitrules.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

import streamlit as st
from streamlit import config
from streamlit.runtime.pages_manager import PagesManager

from hitrules import figures, urlstate
from hitrules._steps import Step
from hitrules.dice import Distribution


def require_router() -> None:
    """Make sure the page runs inside app.py's router.

    Streamlit treats a ``pages/`` folder beside the entry point as a legacy multipage app
    until some session has run ``st.navigation``. The first visitor of a fresh server who
    opens ``/fantasy`` directly would get the page without app.py (no page config, no
    sidebar). Switching the legacy mode off and rerunning routes that visit through app.py.
    AppTest resets the mode before every run and always runs a page on its own, so there a
    rerun would only repeat the run (and drop a button click): the page just carries on.
    """
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        if not config.get_option("global.appTest"):
            st.rerun()


@dataclass(frozen=True)
class Reveal:
    """A pill that reveals the widget of a parameter, and is on when that parameter is not ``off``.

    E.g. ``Reveal("overwatch_fire", "trigger", off="none", on="charge")``: the pill shows the
    trigger's widget; turning the pill off sets the trigger to "none"; turning it on starts the
    trigger at "charge". While the pill is off, the hidden widget holds ``on``, ready.
    """

    name: str
    param: str
    off: object
    on: object


def pill_names(group: tuple) -> tuple[str, ...]:
    """The pills of a multi-select group, for its widget's options."""
    return tuple(entry.name if isinstance(entry, Reveal) else entry for entry in group)


def _reveals(groups: dict) -> dict[str, Reveal]:
    """The pills of ``groups`` that reveal a parameter's widget, by that parameter."""
    return {entry.param: entry for group in groups.values() if isinstance(group, tuple)
            for entry in group if isinstance(entry, Reveal)}


def _widget_value(param: urlstate.Param, value: object) -> object:
    """What the widget holds for a value: text params as their text, lists as lists."""
    if param.text:
        return param.format(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def _grouped(groups: dict) -> set[str]:
    """The parameters that group widgets hold.

    A group is a widget that holds several parameters: a tuple of on/off parameters is a
    multi-select (pills) holding the names of those that are on (a ``Reveal`` among them is a
    pill that shows another parameter's widget, which holds that parameter itself); a dict is
    one choice whose every option stands for values of some parameters, e.g. ``{"8":
    {"edition": 8, "preset": "none"}, "leman_russ": {"preset": "leman_russ"}}``.
    """
    held = set()
    for group in groups.values():
        held |= ({name for name in group if isinstance(name, str)} if isinstance(group, tuple)
                 else {name for implied in group.values() for name in implied})
    return held


def _group_widget_value(group, values: dict):
    """What a group widget shows for the page's values."""
    if isinstance(group, tuple):
        return [name for name, entry in zip(pill_names(group), group, strict=True)
                if (values[entry.param] != entry.off if isinstance(entry, Reveal) else values[entry])]
    return next((option for option, implied in group.items()
                 if all(values[name] == value for name, value in implied.items())), next(iter(group)))


def _group_values(group, shown, values: dict) -> dict:
    """The parameters' values a group widget stands for (``values``: what they are so far)."""
    if not isinstance(group, tuple):
        return dict(group.get(shown, {}))
    found = {}
    for entry in group:
        if not isinstance(entry, Reveal):
            found[entry] = entry in shown
        elif entry.name not in shown:
            found[entry.param] = entry.off
        elif values[entry.param] == entry.off:
            found[entry.param] = entry.on
    return found


def _set_widgets(prefix: str, params, groups: dict, values: dict, present: dict | None) -> dict:
    """Give each widget its value (only those missing from ``present``, when it is given),
    group widgets included. Returns what it wrote."""
    ss = st.session_state
    grouped, reveals = _grouped(groups), _reveals(groups)
    shown = {name: reveals[name].on if name in reveals and value == reveals[name].off else value
             for name, value in values.items()}
    wanted = {f"{prefix}_{p.name}": _widget_value(p, shown[p.name]) for p in params
              if p.widget and p.name not in grouped}
    wanted |= {f"{prefix}_{name}": _group_widget_value(group, values) for name, group in groups.items()}
    if present is not None:
        wanted = {key: value for key, value in wanted.items() if key not in present}
    for key, value in wanted.items():
        ss[key] = value
    return wanted


def link_state(prefix: str, params: tuple[urlstate.Param, ...], groups: dict | None = None
               ) -> tuple[tuple[str, ...], dict]:
    """Load the page's widget state from the link, or keep the user's own settings.

    The link is read when the page is entered: opened first in this session (a shared link),
    or reached from another page with parameters of its own. Reruns on the same page never
    read it again: the browser sends the address it had when the rerun was asked for, which
    can be a step behind what this page last wrote. Entering a page with an empty address
    keeps what the user had there. ``groups`` names the widgets that hold several parameters
    (see ``_grouped``). Returns a warning for each unusable parameter, naming it, and the session state
    as it now is.
    """
    ss = st.session_state
    state = ss.to_dict()  # one read of the whole state: each single read costs a lock and a lookup
    query = st.query_params.to_dict()
    ours = {k: v for k, v in query.items() if k in {p.name for p in params}}
    store = f"_{prefix}_values"
    entering = state.get("_page") != prefix
    if entering:
        ss["_page"] = prefix
    too_long = urlstate.query_length(query) > urlstate.MAX_QUERY_LENGTH
    opened_link = store not in state or (entering and (ours or too_long))
    if not opened_link:
        return (), state | _set_widgets(prefix, params, groups or {}, state[store], present=state)
    parsed = urlstate.parse_query(params, query)
    ss[store] = parsed.values
    written = _set_widgets(prefix, params, groups or {}, parsed.values, present=None)
    return parsed.warnings, state | written | {store: parsed.values}


def read_values(prefix: str, params: tuple[urlstate.Param, ...], groups: dict | None, state: dict
                ) -> tuple[dict, list[str]]:
    """The page's values from its widgets (in ``state``, the session state); unreadable text keeps
    the last good value, with a warning.

    A widget that is not on the page this run (hidden by another choice) keeps its last value.
    """
    values = dict(state[f"_{prefix}_values"])
    warnings = []
    grouped = _grouped(groups or {})
    for p in params:
        key = f"{prefix}_{p.name}"
        if not p.widget or p.name in grouped or key not in state:
            continue
        raw = state[key]
        if p.text:
            try:
                values[p.name] = p.parse(raw)
            except ValueError as error:
                warnings.append(f"{p.name}: {error} Still using {p.format(values[p.name]) or 'none'}.")
        else:
            values[p.name] = tuple(raw) if isinstance(raw, list) else raw
    # Groups last: a pill that reveals a widget decides over what that widget held.
    for name, group in (groups or {}).items():
        shown = state.get(f"{prefix}_{name}")
        if shown is not None:
            values |= _group_values(group, shown, values)
    return values, warnings


def page_values(prefix: str, params: tuple[urlstate.Param, ...], groups: dict | None = None
                ) -> tuple[dict, tuple[str, ...]]:
    """The page's values, from the link when it was just opened, else from its widgets, and
    every warning about them. Widgets hold their values before they are drawn, so a page can
    show its answer above its inputs."""
    link_warnings, state = link_state(prefix, params, groups)
    values, text_warnings = read_values(prefix, params, groups, state)
    return values, link_warnings + tuple(text_warnings)


def start_page(prefix: str, params: tuple[urlstate.Param, ...], title: str, help: str,
               groups: dict | None = None) -> dict:
    """Open a page: route it through app.py, read its values, and draw its title and any warning
    about its link or inputs. The page ends with ``write_link(prefix, params, values)``."""
    require_router()
    values, warnings = page_values(prefix, params, groups)
    st.title(title, help=help)
    show_warnings(warnings)
    return values


def write_link(prefix: str, params: tuple[urlstate.Param, ...], values: dict) -> None:
    """Keep the page's final values for its next run (including those no widget holds, such as
    Explore's stacks), and put them in the address bar, so the link reproduces the page."""
    if st.session_state[f"_{prefix}_values"] != values:
        st.session_state[f"_{prefix}_values"] = values
    encoded = urlstate.encode(params, values)
    if st.query_params.to_dict() != encoded:
        st.query_params.from_dict(encoded)


def show_warnings(warnings) -> None:
    if warnings:
        st.warning("Some settings could not be used, so defaults were kept:\n\n"
                   + "\n".join(f"- {w}" for w in warnings), icon=":material/warning:")


def why(title: str, steps: tuple[Step, ...], first: tuple[int, ...] | None,
        second: tuple[int, ...] | None = None) -> None:
    """The engine's steps, numbered as it worked them out, then the D6 faces that hit."""
    parts = [f"#### {title}", "\n".join(f"{i}. {step.text}" for i, step in enumerate(steps, start=1))]
    if first is not None:
        parts += ["Natural rolls of the D6 that hit:", faces_row(first)]
    if second is not None:
        parts += ["…and the second D6, rolled after a 6:", faces_grid(first or (), second)]
    st.markdown("\n\n".join(parts))


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


class _Results:
    """The last ``size`` results by key, shared by every session: answers, figures and tables,
    which are never changed once built, so sharing them shares no one's settings.

    This replaced ``st.cache_resource``, which hashes its arguments with Streamlit's hasher and
    looks up the function's signature on every call: about 80 microseconds a hit, against a
    dictionary lookup here, on keys the pages already make short.
    """

    def __init__(self, size: int):
        self.size = size
        self._results: OrderedDict[str, object] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, compute, key: str):
        with self._lock:
            if key in self._results:
                self._results.move_to_end(key)
                return self._results[key]
        result = compute()  # outside the lock: two sessions may both compute a new key, harmlessly
        with self._lock:
            self._results[key] = result
            if len(self._results) > self.size:
                self._results.popitem(last=False)
        return result


_RESULTS = _Results(1024)


def cached(compute, key: str):
    """``compute()``, once per key for every user (the last 1,024 keys are kept). Only for
    immutable results; a ValueError is raised again each time, never kept."""
    return _RESULTS.get(compute, key)


def answer(compute, kind: str, values: dict):
    """The engine's answer for the page's values, cached; a refusal is shown, not raised.

    Each input is checked on its own as it is read; a few limits only show in combination
    (two split-fire groups with 1,000 shots between them). Then this shows why and returns
    None; the settings stay as they are, so the player can change the one that is too much.
    """
    try:
        return cached(lambda: compute(values), situation_key(kind, values))
    except ValueError as error:
        st.error(f"{error} Change the settings below to go on.", icon=":material/block:")
        return None


def situation_key(kind: str, values: dict) -> str:
    """One short string per situation, cheap to hash: the kind and its sorted values."""
    return f"{kind}:{sorted(values.items())!r}"


def table_with_download(prefix: str, build, name: str, cache_key: str, always: bool = False) -> None:
    """A pandas table, shown on request (or always), with its CSV download ``hitrules-{name}.csv``.

    ``cache_key`` names everything the table depends on: it is built once per key.
    """
    if always or st.toggle("Show the table (and CSV download)", key=f"{prefix}_table"):
        table, csv = cached(lambda: _with_csv(build()), f"table:{cache_key}")
        st.dataframe(table, hide_index=True)
        st.download_button("Download CSV", csv, file_name=f"hitrules-{name}.csv", mime="text/csv",
                           key=f"{prefix}_csv", on_click="ignore")


def _with_csv(table):
    return table, table.to_csv(index=False).encode()


def show_distribution(prefix: str, values: dict, dist: Distribution, title: str) -> None:
    """The chart of exactly/at least k hits and, on request, the table with a CSV download."""
    key = situation_key(prefix, values)
    fig = cached(lambda: figures.distribution_figure(dist, title), f"figure:{key}")
    st.plotly_chart(fig, key=f"{prefix}_chart", config={"displayModeBar": False})
    table_with_download(prefix, lambda: figures.distribution_table(dist), f"{prefix}-hits", key)


def metrics_row(*metrics: tuple[str, str, str | None]) -> None:
    """The headline numbers side by side, wrapping onto more lines on a narrow phone."""
    with st.container(horizontal=True, gap="large"):
        for label, value, help in metrics:
            st.metric(label, value, help=help, width="content")


def pages() -> dict:
    """The app's pages by name, for app.py's navigation and for every link between pages.

    Made once per session and kept: st.Page resolves its file on the disk each time it is made,
    which cost a tenth of the server's CPU under load. Pages are not shared between sessions.
    A page that runs without app.py (AppTest runs each page on its own) makes the same objects.
    """
    state = st.session_state
    if "_pages" not in state:
        state["_pages"] = {
            "home": st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
            "fantasy": st.Page("pages/fantasy.py", title="Fantasy: Roll to Hit", icon=":material/my_location:",
                               url_path="fantasy"),
            "ninth": st.Page("pages/ninth.py", title="9th edition: hit roll", icon=":material/rocket_launch:",
                             url_path="ninth"),
            "explore": st.Page("pages/explore.py", title="Explore", icon=":material/monitoring:",
                               url_path="explore"),
            "learn": st.Page("pages/learn.py", title="Learn", icon=":material/school:", url_path="learn"),
        }
    return state["_pages"]


def sidebar_links(links: list[tuple[str, str, dict]]) -> None:
    """Links from this page to others, carrying the situation in the link."""
    for name, label, query in links:
        st.sidebar.page_link(pages()[name], label=label, query_params=query)
