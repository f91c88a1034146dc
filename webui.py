"""The pages' state: the link <-> the widgets, read once when a page opens and written after it is drawn.

No rules live here. The link is kept by hand, not with Streamlit's ``bind="query-params"`` or
``persist_state``: docs/state.md shows what each did. The routing between pages is webui_routes; the caches
shared by every user, webui_cache.
"""

from __future__ import annotations

from contextvars import ContextVar

import streamlit as st

import webui_routes
from hitrules import situations
from hitrules.edge import urlstate

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
    history = store in state and webui_routes.unexposed()[0]
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
    webui_routes.require_router(prefix)
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
    if link is not None:  # where the numbers came from, and the page's own weapon's name, stay in the link
        link = {**link, **{kept: values[kept] for kept in ("from", "name") if kept in values}}
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
