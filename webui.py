"""The pages' state: link <-> widgets, the pages and the links between them, and shared figures.

No rules live here. The link is kept by hand, not with Streamlit's ``bind="query-params"`` or
``persist_state``: docs/state.md shows what each did.
"""

from __future__ import annotations

import gc
import importlib
import time
from contextvars import ContextVar
from functools import lru_cache

import pyarrow
import streamlit as st
from streamlit import config  # AppTest answers global.appTest through this module only (st.get_option says False)

from hitrules import situations
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.situations import profiles

#: Figures and tables kept for every user (least recently used out first); at most about 25 MB,
#: a 1,000-shot chart being about 0.2 MB (bench/cache_memory.py).
FIGURES_KEPT = 128
#: The pages: file (and address), title, icon. The first is the home page.
PAGES = (("home", "Home", "home"), ("fantasy", "Fantasy shooting", "my_location"),
         ("ninth", "9th edition attack", "rocket_launch"), ("explore", "Explore", "monitoring"),
         ("learn", "Learn", "school"), ("combat", "Fantasy combat", "swords"),
         ("army", "Your army", "upload_file"), ("rules", "Our reading of the rules", "menu_book"))
#: Each page's name, as the navigation and the page's own title say it.
TITLES = {name: title for name, title, _ in PAGES}
#: How long :func:`send_now` pauses, in seconds.
SEND_PAUSE = 0.001
#: How many of its addresses a page remembers for Back and Forward (:func:`page_values`).
ADDRESSES_KEPT = 24
#: This run's page values, and the keys of its widgets not drawn last run (for :func:`key`).
_WAITING: ContextVar[tuple[dict, set[str]]] = ContextVar("waiting", default=({}, set()))
#: This run's page, and the address it arrived at (None: the run followed a change on the page).
_ARRIVED: ContextVar[tuple[str, tuple | None]] = ContextVar("arrived", default=("", None))
_PARAMS = {page: {p.name: p for p in params if p.widget} for page, params in urlstate.PAGES.items()}
#: Every name a page reads from a link, older forms included.
_NAMES = {page: {n for p in params for n in (p.name, *(old[0] for old in p.old))}
          for page, params in urlstate.PAGES.items()}


#: The Streamlit release :func:`unexposed` was read against (tests/test_unexposed.py fails on any other).
UNEXPOSED_READ_FOR = "1.67.0"


def unexposed(*, leave_pages_folder: bool = False) -> tuple[bool, bool]:
    """The two facts of a run that Streamlit's public API does not give, read in this one place.

    Whether this run is the browser's Back or Forward: Streamlit marks such a run
    (``ScriptRunContext.is_history_navigation``) and its own ``bind="query-params"`` reads the mark, but
    it has no public reader; the app keeps the link by hand (docs/state.md), and restores what the page
    showed at that address. And whether the server still runs ``pages/`` as a legacy multipage app
    (``PagesManager.uses_pages_directory``: until some session has run ``st.navigation``), which
    ``leave_pages_folder`` switches off. Both are private names of Streamlit 1.67
    (:data:`UNEXPOSED_READ_FOR`); tests/test_unexposed.py fails loudly when an upgrade moves them.
    Returns ``(history, legacy)``: the run is Back or Forward; the legacy mode was on."""
    from streamlit.runtime.pages_manager import PagesManager
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    legacy = bool(PagesManager.uses_pages_directory)
    if legacy and leave_pages_folder:
        PagesManager.uses_pages_directory = False
    return ctx is not None and ctx.is_history_navigation, legacy


def send_now() -> None:
    """Let the server send what the page has drawn so far (its answer) before the rest is built.

    The script thread holds the interpreter while it builds the page, and the thread that sends to
    the browser gets it back only now and then (Python's switch interval is 5 ms), so the answer at
    the top of /combat waited for most of the page below it. A pause of a millisecond hands the
    interpreter over and the answer leaves at once: in Chromium it showed 9 ms sooner (86.6 -> 77.2 ms
    against the trivial page's 60, measured twice; docs/capacity.md), and the rest of the page a
    millisecond later. AppTest sends nothing, so there it does not pause."""
    if not config.get_option("global.appTest"):
        time.sleep(SEND_PAUSE)


def require_router(page: str) -> None:
    """Route ``page`` through app.py. Until some session has run ``st.navigation``, Streamlit runs
    ``pages/`` as a legacy multipage app, so a fresh server's first visitor of ``/fantasy`` would
    get the page without app.py: switch that mode off and rerun. AppTest runs each page on its own
    (and a rerun would drop a click), so there the page carries on."""
    st.session_state["_at"] = page  # the page this run is on, for the next run's page_values
    if unexposed(leave_pages_folder=True)[1] and not config.get_option("global.appTest"):
        st.rerun()


def _widget_value(param: urlstate.Param, value: object) -> object:
    """What a widget holds for a value: text params as their text, lists as lists."""
    if param.text:
        return param.format(value)
    return list(value) if isinstance(value, tuple) else value


def page_values(prefix: str, params: tuple[urlstate.Param, ...]) -> tuple[dict, tuple[str, ...]]:
    """The page's values, and every warning about them. Widgets are keyed ``{prefix}_{name}``.

    The link is read when the page is opened: first in the session, or from another page with
    parameters of its own. Other reruns never read it: the browser may send an address a step
    behind what the page last wrote. Entering a page with a bare address keeps what the player left
    there. The widgets drawn take the values now, the others when drawn (:func:`key`). Unreadable
    text keeps the last good value, with a warning. The values are read before any widget is
    drawn, so a page can show its answer above its inputs; they are the page's store
    (``_{prefix}_values``), so what the view changes in them is kept for the next run.

    Back and Forward (each change of the address is a history entry) show what the page showed
    at that entry. An address the page wrote is read again; one it only arrived at (the bare
    address of a move in the sidebar, a link from another page) shows the link the page then
    wrote there (:func:`write_link` remembers both); any other (another page's link that the
    browser filed under this page's address, an entry too old to remember) keeps what the player
    left on the page.
    """
    ss = st.session_state
    state = ss.to_dict()  # one read: each single read of the session state takes a lock
    store, widgets = f"_{prefix}_values", _PARAMS[prefix]
    entering = state.get("_at") != prefix
    history = store in state and unexposed()[0]
    query = st.query_params.to_dict() if entering or history or store not in state else None
    opened = store not in state or (entering and (  # from another page: parameters of its own, or too long a link
        not _NAMES[prefix].isdisjoint(query) or urlstate.query_length(query) > urlstate.MAX_QUERY_LENGTH))
    if history:
        link = state.get(f"_{prefix}_addresses", {}).get(_address(query))
        opened, read = link is not None, link
    else:
        read = query
    _ARRIVED.set((prefix, None if query is None else _address(query)))
    if opened:
        values, warnings = urlstate.parse_query(params, read)
        for name, p in widgets.items():
            if (full := f"{prefix}_{name}") in state:
                ss[full] = state[full] = _widget_value(p, values[name])
    else:
        values, warnings = dict(state[store]), ()
    warnings = list(warnings)
    for name, p in widgets.items():
        if (full := f"{prefix}_{name}") not in state:  # not drawn last run: its value waits in the store
            continue
        raw = state[full]
        if not p.text:
            values[name] = tuple(raw) if isinstance(raw, list) else raw
            continue
        try:
            values[name] = p.parse(raw)
        except ValueError as error:
            warnings.append(f"{name}: {error} Still using {p.format(values[name]) or 'none'}.")
    ss[store] = values
    _WAITING.set((values, {f"{prefix}_{name}" for name in widgets} - state.keys()))
    return values, tuple(warnings)


def apply_values(prefix: str, params: tuple[urlstate.Param, ...], values: dict) -> None:
    """Put ``values`` into every input of the page, drawn or waiting in its store (a preset, in a
    widget's callback: it runs before the page is drawn)."""
    state = st.session_state
    state[f"_{prefix}_values"] = dict(values)
    for name, p in _PARAMS[prefix].items():
        if (full := f"{prefix}_{name}") in state:
            state[full] = _widget_value(p, values[name])


def key(prefix: str, name: str) -> str:
    """The key of the page's widget for ``name``. A widget not drawn last run gets its value back
    from the page's values first: only drawn widgets keep a key, as every key costs every widget
    (docs/state.md)."""
    full = f"{prefix}_{name}"
    values, waiting = _WAITING.get()
    if full in waiting:
        waiting.discard(full)
        st.session_state[full] = _widget_value(_PARAMS[prefix][name], values[name])
    return full


def start_page(prefix: str, params: tuple[urlstate.Param, ...], title: str, help: str) -> dict:
    """Open a page: route it, read its values, draw its title and any warning. It ends with ``write_link``."""
    values, warnings = page_values(prefix, params)
    require_router(prefix)
    st.title(title, help=help)
    if warnings:
        st.warning("Some settings could not be used, so others stand in for them:\n\n"
                   + "\n".join(f"- {w}" for w in warnings), icon=":material/warning:")
    if values.get("from"):
        st.caption(f":material/upload_file: From your army file: {values['from']}. Every value stays editable.")
    return values


def write_link(params: tuple[urlstate.Param, ...], values: dict, link: dict | None = None) -> None:
    """Put ``link`` in the address bar: the situation's values, which leave out inputs that change
    nothing. The page's ``values`` are its store already, with the view's changes (Explore's stacks).
    The page remembers the address as one it showed, and the address it arrived at as showing it."""
    if link is not None and "from" in values:  # where the numbers came from stays in the link
        link = {**link, "from": values["from"]}
    encoded = urlstate.encode(params, values if link is None else link)
    prefix, arrived = _ARRIVED.get()
    addresses = st.session_state.setdefault(f"_{prefix}_addresses", {})
    for address in {_address(encoded), arrived} - {None}:
        addresses.pop(address, None)
        addresses[address] = encoded
    while len(addresses) > ADDRESSES_KEPT:
        del addresses[next(iter(addresses))]  # the oldest
    if st.query_params.to_dict() != encoded:
        st.query_params.from_dict(encoded)


def _address(query: dict) -> tuple:
    return tuple(sorted(query.items()))


def situation(make, values: dict):
    """The page's situation, its hit roll's answer, and whether the situation is whole (its target
    part too). A target part the engine refuses is left out with a warning, so the hit still shows;
    a hit roll it refuses gives ``(None, None, False)`` with the refusal shown (split fire past the
    most attacks in all is no longer one: only its chart of the unit's hits is refused). The
    settings stay, so the player can change the one that is too much."""
    try:
        sit = make(values)
    except ValueError as error:
        if not values.get("chain"):
            st.error(f"{error} Change the settings below to go on.", icon=":material/block:")
            return None, None, False
        st.warning(f"The weapon and target cannot be used: {error} The hit roll is worked out without them.",
                   icon=":material/block:")
        sit, answer, _ = situation(make, {**values, "chain": False})
        return sit, answer, False
    try:
        return sit, situations.answer(sit), True
    except ValueError as error:
        st.error(f"{error} Change the settings below to go on.", icon=":material/block:")
        return None, None, False


@lru_cache(maxsize=FIGURES_KEPT)
def shared(build, *args):
    """``build(*args)``, once for every user: figures and tables, never changed once built. The
    arguments are small frozen values (a situation, a skill), never a user's random dice."""
    return build(*args)


@lru_cache(maxsize=1)
def settle() -> None:
    """Once per server process, at its first run: load every page's modules, and move all that is
    loaded so far (Streamlit, Plotly, pandas, the app) out of the collector's sight (``gc.freeze``).

    The server runs with no collection after each run (``runner.postScriptGC``), so Python's own
    collector does the work, and one full collection of the whole heap took 70-80 ms, in whatever
    view it fell: on a fresh server, always the third view after one of each page (docs/capacity.md).
    Frozen, that heap is never walked again: a full collection takes about 2.5 ms. What the
    modules allocate from then on is collected as before. The pages' modules other than the
    visitor's own cost that first view about 20 ms. AppTest runs in the test's own process, whose
    heap is not a server's: there nothing is frozen."""
    for name, _, _ in PAGES:
        importlib.import_module(f"views.{name}")
    _warm_up()
    if not config.get_option("global.appTest"):
        gc.freeze()


def _warm_up() -> None:
    """Load and build, once, what a page would otherwise load or build in some player's first view
    of it: Plotly's classes for every kind of trace, and the first pandas table of text columns and
    its conversion for the browser (pandas' and pyarrow's string code). On a fresh server the first
    view of the 9th page's whole attack took 20-40 ms longer than the next for these alone, none of
    which the pages' plain views had used (docs/capacity.md)."""
    figures.figure([figures.trace(kind) for kind in figures.TRACE_KINDS]).to_dict()
    for ruleset in profiles.DEFAULTS:
        pyarrow.Table.from_pandas(figures.weapons_frame(ruleset, (profiles.DEFAULTS[ruleset],)))


def pages() -> dict:
    """The app's pages by name, for app.py and every link between pages. Made once per session
    (st.Page reads the disk: a tenth of the server's CPU under load), never shared between sessions."""
    state = st.session_state
    if "_pages" not in state:
        state["_pages"] = {name: st.Page(f"pages/{name}.py", title=title, icon=f":material/{icon}:",
                                         default=name == "home", url_path=None if name == "home" else name)
                           for name, title, icon in PAGES}
    return state["_pages"]


def _links(sit) -> tuple[tuple[str, str, dict], ...]:
    """The calculator's links to Explore and Learn for ``sit``: page, label and parameters."""
    links = ((urlstate.EXPLORE, "explore", "See this roll across all modifiers", situations.explore_values(sit),
              {"view": "heatmap"}),
             (urlstate.LEARN, "learn", "Walk through this roll step by step", situations.learn_values(sit),
              {"section": "walk"}))
    return tuple((name, label, urlstate.encode(params, view | values)
                  or urlstate.encode(params, view | values, defaults_too=True))
                 for params, name, label, values, view in links if values is not None)


def situation_links(sit) -> None:
    """Links from a calculator to Explore and Learn carrying ``sit``, each shown only if it can. Each
    is the link the target page writes for ``sit``, so arriving adds no second history entry; one
    with every value at its default carries them all, or it would keep the page's other settings."""
    every = pages()
    for name, label, query in shared(_links, sit):
        st.sidebar.page_link(every[name], label=label, query_params=query)
