"""A unit picked from Old World Builder's army lists (the catalogue), drawn the same on every page that takes one:
army, then unit, then its equipment and models, and a button that fills the page's inputs. The values come from
:mod:`hitrules.situations.pick` (the one mapping); the page's callback puts them into its inputs."""

from collections.abc import Callable
from functools import lru_cache

import streamlit as st

from hitrules.situations import pick

#: Which of a unit's entries a pick offers: its weapons, armour and mounts (one of each), options and command.
ONE_OF = (("Weapon", "equipment"), ("Armour", "armour"), ("Mount", "mount"))
MANY_OF = (("Options", "options"), ("Command", "command"))


def _entries(unit, name: str) -> tuple:
    return unit.mounts if name == "mount" else getattr(unit, name)


def pick_inputs(key: str, use: Callable, bounds: tuple[int, int], default_models: Callable, *,
                offer: tuple[str, ...] = ("equipment", "armour", "mount", "options", "command")) -> None:
    """Army, unit, the entries of ``offer`` it has, and models (within ``bounds``; ``default_models(unit)`` to start),
    keyed ``{key}army``…; the button calls ``use(ref)`` (a callback: it runs before the page is drawn)."""
    armies = {a.id: a.name for a in pick.armies()}
    army = st.selectbox("Army", tuple(armies), key=f"{key}army", format_func=armies.get)
    units = {u.id: u for u in pick.units(army)}
    unit = units[st.selectbox("Unit", tuple(units), key=f"{key}unit", format_func=labels(army).get)]
    row = st.container(horizontal=True)
    for label, name in ONE_OF:
        entries = _entries(unit, name)
        if name in offer and len(entries) > 1:
            default = next((i for i, e in enumerate(entries) if e.default), 0)
            row.selectbox(label, tuple(e.name for e in entries), index=default, key=f"{key}{name}_{unit.ref}")
    for label, name in MANY_OF:
        if name in offer and (entries := _entries(unit, name)):
            row.multiselect(label, tuple(e.name for e in entries), key=f"{key}{name}_{unit.ref}", placeholder="None")
    row.number_input("Models", *bounds, value=min(max(default_models(unit), bounds[0]), bounds[1]), step=1,
                     key=f"{key}models_{unit.ref}", help="The unit's models.")
    st.button(f"Use {unit.name}", key=f"{key}use", on_click=use, args=(unit.ref,),
              help="Fills the inputs with the unit; every value stays editable, and the link keeps the pick.")


@lru_cache(maxsize=64)
def labels(army: str) -> dict[str, str]:
    """The army's units by id, each shown by its name; a name two units share (the builder lists a detachment
    under its regiment's name) is told apart by the id: "State Missile Troops (state-missile-troops-detachment)"."""
    units = pick.units(army)
    shared = {u.name for u in units if sum(v.name == u.name for v in units) > 1}
    return {u.id: f"{u.name} ({u.id})" if u.name in shared else u.name for u in units}


def choices(key: str, ref: str) -> pick.Choices:
    """What the player chose of the unit ``ref`` in the inputs keyed ``key`` (the builder's defaults for the rest)."""
    state = st.session_state
    return pick.Choices(state.get(f"{key}equipment_{ref}"), state.get(f"{key}armour_{ref}"),
                        tuple(state.get(f"{key}options_{ref}") or ()), state.get(f"{key}mount_{ref}"),
                        tuple(state.get(f"{key}command_{ref}") or ()), state.get(f"{key}models_{ref}"))


def picked_line(ref: str, what: str, unused: tuple[str, ...]) -> str:
    """The unit ``ref`` picked as ``what`` ("the shooter"), and in one line what the page could not use of it;
    "" for a unit the catalogue does not have (the link's warning names it)."""
    try:
        unit = pick.find(ref)
    except ValueError:
        return ""
    army = next((a.name for a in pick.armies() if a.id == unit.army), unit.army)
    left = f" Not used here: {', '.join(unused)}." if unused else " Everything it has is used."
    return f"**{unit.name}** ({army}) as {what}, from Old World Builder's army lists: its inputs are below.{left}"
