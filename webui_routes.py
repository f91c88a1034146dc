"""The pages and the links between them: the navigation, the router's checks, the calculators' links.

The one place that reads Streamlit's private names is :func:`unexposed` (tests/test_unexposed.py).
"""

from __future__ import annotations

import streamlit as st
from streamlit import config  # AppTest answers global.appTest through this module only (st.get_option says False)

from hitrules import situations
from hitrules.edge import urlstate
from webui_cache import shared

#: The pages: file (and address), title, icon. The first is the home page.
PAGES = (("home", "Home", "home"), ("fantasy", "Fantasy shooting", "my_location"),
         ("ninth", "9th edition attack", "rocket_launch"), ("explore", "Explore", "monitoring"),
         ("learn", "Learn", "school"), ("combat", "Fantasy combat", "swords"),
         ("army", "Your army", "upload_file"), ("rules", "Our reading of the rules", "menu_book"))
#: Each page's name, as the navigation and the page's own title say it.
TITLES = {name: title for name, title, _ in PAGES}
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




def require_router(page: str) -> None:
    """Route ``page`` through app.py. Until some session has run ``st.navigation``, Streamlit runs
    ``pages/`` as a legacy multipage app, so a fresh server's first visitor of ``/fantasy`` would
    get the page without app.py: switch that mode off and rerun. AppTest runs each page on its own
    (and a rerun would drop a click), so there the page carries on."""
    st.session_state["_at"] = page  # the page this run is on, for the next run's page_values
    if unexposed(leave_pages_folder=True)[1] and not config.get_option("global.appTest"):
        st.rerun()




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
