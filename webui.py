"""The pages' state: link <-> widget state, the pages and the links between them, and shared figures.

No rules live here; everything shown comes from hitrules.

The link is kept by hand rather than with Streamlit 1.67's ``bind="query-params"``, which in
Chromium could not carry a situation from one page to another (docs/state.md says what we saw).
"""

from __future__ import annotations

from functools import lru_cache

import streamlit as st
from streamlit import config
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner import get_script_run_ctx

from hitrules import situations, urlstate

#: Figures and tables kept for every user, by what they are built from (least recently used
#: out first). The largest, a 1,000-shot distribution chart, is about 0.2 MB: at most about
#: 25 MB in all (bench/cache_memory.py keeps this number too).
FIGURES_KEPT = 128


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


def _widget_value(param: urlstate.Param, value: object) -> object:
    """What a widget holds for a value: text params as their text, lists as lists."""
    if param.text:
        return param.format(value)
    return list(value) if isinstance(value, tuple) else value


def page_values(prefix: str, params: tuple[urlstate.Param, ...]) -> tuple[dict, tuple[str, ...]]:
    """The page's values, and every warning about them.

    The link is read when the page is entered (opened first in this session, or reached from
    another page with parameters of its own) and on Back or Forward: every change of a page
    adds an entry to the browser's history, so Back steps back through the player's changes and
    then to the page before. Then every widget (keyed ``{prefix}_{name}``) is given the link's
    value. Other reruns never read the link: the browser sends the address it had when the
    rerun was asked for, which can be a step behind what this page last wrote. Entering a page
    with an empty address keeps what the player had there: a widget that was not on the page
    (another page was shown, or another choice hid it) gets back its last value when it is drawn
    (:func:`key`). Unreadable text keeps the last good value, with a warning. Widgets hold their
    values before they are drawn, so a page can show its answer above its inputs.
    """
    ss = st.session_state
    state = ss.to_dict()  # one read of the whole state: each single read costs a lock and a lookup
    query = st.query_params.to_dict()
    store = f"_{prefix}_values"
    entering = state.get("_page") != prefix
    if entering:
        ss["_page"] = prefix
    ours = {p.name for p in params} | {old[0] for p in params for old in p.old}
    ctx = get_script_run_ctx()
    opened = store not in state or (ctx is not None and ctx.is_history_navigation) or (entering and (
        not ours.isdisjoint(query) or urlstate.query_length(query) > urlstate.MAX_QUERY_LENGTH))
    widgets = {f"{prefix}_{p.name}": p for p in params if p.widget}
    warnings: list[str] = []
    if opened:
        parsed = urlstate.parse_query(params, query)
        values, warnings = parsed.values, list(parsed.warnings)
        # The widgets on the page take the link's values now; the others when drawn (key()).
        written = {key: _widget_value(p, values[p.name]) for key, p in widgets.items() if key in state}
        for key, value in written.items():
            ss[key] = value
        state |= written
    else:
        values = dict(state[store])
    for key, p in widgets.items():
        if key not in state:  # not on the page last run: its value waits in the store
            continue
        raw = state[key]
        if not p.text:
            values[p.name] = tuple(raw) if isinstance(raw, list) else raw
            continue
        try:
            values[p.name] = p.parse(raw)
        except ValueError as error:
            warnings.append(f"{p.name}: {error} Still using {p.format(values[p.name]) or 'none'}.")
    ss[store] = values
    return values, tuple(warnings)


_PARAMS = {page: {p.name: p for p in params} for page, params in urlstate.PAGES.items()}


def key(prefix: str, name: str) -> str:
    """The key of the page's widget for parameter ``name``, given back its value from the page's
    store first when the widget was not on the page last run (hidden, or the page just entered).

    Only the widgets drawn keep a key in the session state: each key there costs every widget
    drawn (100 unused keys made an 11-widget page 2.5 ms slower a run in AppTest).
    """
    full = f"{prefix}_{name}"
    param = _PARAMS.get(prefix, {}).get(name)
    if param is not None and param.widget:
        ss = st.session_state
        if full not in ss and name in (stored := ss.get(f"_{prefix}_values", {})):
            ss[full] = _widget_value(param, stored[name])
    return full


def start_page(prefix: str, params: tuple[urlstate.Param, ...], title: str, help: str) -> dict:
    """Open a page: route it through app.py, read its values, and draw its title and any warning
    about its link or inputs. The page ends with ``write_link``."""
    require_router()
    values, warnings = page_values(prefix, params)
    st.title(title, help=help)
    if warnings:
        st.warning("Some settings could not be used, so defaults were kept:\n\n"
                   + "\n".join(f"- {w}" for w in warnings), icon=":material/warning:")
    return values


def write_link(prefix: str, params: tuple[urlstate.Param, ...], values: dict, link: dict | None = None) -> None:
    """Keep the page's final values for its next run (including those no widget holds, such as
    Explore's stacks), and put ``link`` in the address bar (the values of the page's situation,
    which leave out inputs that change nothing), so the link reproduces the page."""
    if st.session_state[f"_{prefix}_values"] != values:
        st.session_state[f"_{prefix}_values"] = values
    encoded = urlstate.encode(params, values if link is None else link)
    if st.query_params.to_dict() != encoded:
        st.query_params.from_dict(encoded)


def situation(make, values: dict):
    """The page's situation and its answer; a refusal is shown, not raised, and gives ``(None, None)``.

    Each input is checked on its own as it is read; a few limits only show in combination
    (two split-fire groups with 1,000 shots between them). The settings stay as they are, so
    the player can change the one that is too much.
    """
    try:
        sit = make(values)
        return sit, situations.answer(sit)
    except ValueError as error:
        st.error(f"{error} Change the settings below to go on.", icon=":material/block:")
        return None, None


@lru_cache(maxsize=FIGURES_KEPT)
def shared(build, *args):
    """``build(*args)``, once per arguments for every user: figures and tables, which are never
    changed once built, so sharing them shares no one's settings. Arguments are small frozen
    values (a situation, a skill), never a user's random dice."""
    return build(*args)


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
            "rules": st.Page("pages/rules.py", title="Our reading of the rules", icon=":material/menu_book:",
                             url_path="rules"),
        }
    return state["_pages"]


def situation_links(sit) -> None:
    """Links from a calculator to Explore and Learn, each carrying ``sit``; a link that cannot carry
    the situation (split fire has no single cell or walkthrough) is not shown."""
    links = ((urlstate.EXPLORE, "explore", "See this roll across all modifiers", situations.explore_values(sit),
              {"view": "heatmap"}),
             (urlstate.LEARN, "learn", "Walk through this roll step by step", situations.learn_values(sit),
              {"section": "walk"}))
    for params, name, label, values, view in links:
        if values is not None:  # every value, defaults too: the target page may hold other settings
            st.sidebar.page_link(pages()[name], label=label,
                                 query_params=urlstate.encode(params, view | values, defaults_too=True))
