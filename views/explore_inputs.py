"""Explore's inputs that its views share: the rule set, fantasy's limits, and units picked from the army
lists."""

import streamlit as st

import webui
from hitrules import fantasy
from hitrules.edge import urlstate
from hitrules.situations import compare, pick
from views import unit_pick
from views.target import fit_ruleset

P = "explore"
BOUNDS = urlstate.bounds(urlstate.EXPLORE)
SKILLS = range(BOUNDS["skill"][0], BOUNDS["skill"][1] + 1)
SHORT_RULESET_NAMES = {"fantasy": "Fantasy", "ninth": "9th edition", "eighth": "8th edition"}
#: The largest value fantasy takes for inputs that go higher in 9th and 8th edition.
FANTASY_MOST = {"strength": fantasy.STRENGTH_RANGE[1], "toughness": fantasy.TOUGHNESS_RANGE[1],
                "strength_a": fantasy.STRENGTH_RANGE[1], "strength_b": fantasy.STRENGTH_RANGE[1],
                "wounds": fantasy.WOUNDS_RANGE[1]}
NAMES = {"strength": "Strength", "toughness": "Toughness", "strength_a": "A's Strength",
         "strength_b": "B's Strength", "wounds": "Wounds per model"}


def fit_fantasy(values: dict, names: tuple[str, ...]) -> None:
    """Fantasy's widgets for ``names`` take only fantasy's values (:func:`views.target.fit_ruleset`)."""
    fit_ruleset(P, values, "Fantasy", {name: FANTASY_MOST[name] for name in names}, NAMES)


def highest(ruleset: str, name: str) -> int:
    return FANTASY_MOST[name] if ruleset == "fantasy" else BOUNDS[name][1]


def ruleset_input(help: str, where=st, names: dict = SHORT_RULESET_NAMES) -> str:
    """The view's rule set: one widget for every view, its choices named by ``names``."""
    return where.selectbox("Rule set", compare.RULESETS, key=webui.key("explore", "ruleset"), format_func=names.get,
                           help=help)


#: Each pick of Explore: its parameter, what the unit is in the view and its toggle's label (one line: at most 36
#: characters), shooting ("which weapon is better") and in melee.
_PICKS = (("unit", {True: ("weapon A's unit", "Pick A's unit from the army lists"),
                    False: ("the attacker", "Pick an attacker from the army lists")}),
          ("target_unit", {s: ("the target", "Pick the target from the army lists") for s in (True, False)}))


def unit_picks(values: dict, shooting: bool) -> None:
    """A unit picked from the army lists for each side (the attacker, or weapon A's unit; the target): its line,
    and a toggle for its pick. It fills this view's inputs (``urlstate.explore_values``); every value stays editable."""
    with st.expander("Units from the army lists", expanded=bool(values["unit"] or values["target_unit"])):
        for name, labels in _PICKS:
            what, label = labels[shooting]
            if (ref := values[name]) and (line := unit_pick.picked_line(ref, what, _unused(values, name, shooting))):
                st.markdown(line)
            key = f"{P}_pick_{name}_"
            if st.toggle(label, key=f"{key}on",
                         help="Army, then unit, its equipment and models: fills this view's inputs of "
                              f"{what} (its profile, weapon and armour). Change anything after."):
                unit_pick.pick_inputs(key, lambda ref, n=name: _use(n, ref, shooting), BOUNDS["models"],
                                      lambda unit: max(unit.minimum, 20 if unit.troop_type in pick.RANKED else 1),
                                      offer=("equipment", "options") if name == "unit"
                                      else ("equipment", "armour", "mount", "options"))


def _unused(values: dict, name: str, shooting: bool) -> tuple[str, ...]:
    stored = st.session_state.get(f"_{P}_{name}_unused")
    if stored and stored[:2] == (values[name], shooting):
        return stored[2]
    try:
        return urlstate.explore_pick(name, values[name], shooting)[1]
    except ValueError:
        return ()


def _use(name: str, ref: str, shooting: bool) -> None:
    """Put the unit picked as ``name`` into this view's inputs (a widget's callback)."""
    state = st.session_state
    values, unused = urlstate.explore_values(name, pick.find(ref), unit_pick.choices(f"{P}_pick_{name}_", ref),
                                             shooting)
    webui.apply_values(P, urlstate.EXPLORE, {**state[f"_{P}_values"], **values, name: ref})
    state[f"_{P}_{name}_unused"] = (ref, shooting, unused)
    state[f"{P}_pick_{name}_on"] = False
