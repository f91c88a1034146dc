"""The target and weapon part of a calculator (and of Learn): off until the player turns it on."""

from collections.abc import Callable

import streamlit as st

import webui
from hitrules.edge import urlstate
from hitrules.situations.presets import PRESETS
from views.helps import INPUT_HELP

#: The toggle's label: short enough for one line (a longer one is cut off with "…"; see
#: tests/test_app_pages.py::test_every_input_has_help_text_and_a_label_that_fits).
TOGGLE = "After the hit: wounds, saves, models"
HELP = ("Carry the attack past the hit with a weapon and a target unit: the wound roll, the saves, the damage "
        "and the models removed, exact and explained. Off, the page answers the hit roll alone.")


#: Each save's help, by its calculator parameter (Explore's ``save`` is the armour or the save).
SCORE_HELP = {"armour": "The armour save X+; AP worsens it, above 6+ there is none.",
              "sv": "The armour save Sv+; AP and Light cover change it.",
              "ward": "Taken when the armour save fails; AP never changes it.",
              "regen": "Rolled for each Wound the model would lose, after the saves.",
              "invuln": "Never changed by AP or cover; the better save is used.",
              "fnp": "Rolled for each point of damage, after the save."}


def score_input(where, label: str, prefix: str, name: str, kind: str | None = None) -> None:
    """A roll of X+ or none (a save, a ward, Feel No Pain) as a choice; its help is its ``kind``'s."""
    where.selectbox(label, urlstate.SCORES, key=webui.key(prefix, name), help=SCORE_HELP[kind or name],
                    format_func=lambda x: x if x == "none" else f"{x}+")


#: The whole numbers after the hit that each rule set's engine takes: a widget offers no other.
TARGET_BOUNDS = {"fantasy": urlstate.bounds(urlstate.FANTASY_TARGET), "ninth": urlstate.bounds(urlstate.NINTH_TARGET)}
#: The inputs whose range depends on the rule set, as the page names them.
TARGET_LABELS = {"s": "Strength", "t": "Toughness", "wounds": "Wounds per model"}


def fit_ruleset(prefix: str, values: dict, ruleset: str, most: dict[str, int], labels: dict[str, str]) -> None:
    """Bring each value above the largest the ``ruleset``'s engine takes (``most``, by parameter)
    down to it, saying so. A link, or the other rule set, can hold a larger one (Strength 12 is
    9th edition's); the widget for this rule set could not show it, and the engine would refuse it.
    Every rule set's range starts at the same smallest value, so only the largest needs fitting."""
    over = [name for name, high in most.items() if values[name] > high]
    for name in over:
        values[name] = st.session_state[f"{prefix}_{name}"] = most[name]
    for high in sorted({most[name] for name in over}):
        names = ", ".join(labels[name] for name in over if most[name] == high)
        st.info(f"{ruleset} goes up to {high} for {names}, so {high} is shown.", icon=":material/info:")


def target_inputs(prefix: str, ruleset: str, preset: str | None = None, cover: str = "cover",
                  pick: Callable[[], None] | None = None) -> None:
    """The weapon and the target unit, for ``ruleset`` "fantasy" or "ninth", each input within what
    that rule set's engine takes; a unit preset brings its own weapon's Strength, AP and Damage.
    ``cover`` names the Light cover parameter; ``pick`` draws a target unit's pick first (/fantasy's)."""
    if not st.toggle(TOGGLE, key=webui.key(prefix, "chain"), help=HELP):
        return
    if pick is not None:
        pick()
    bounds = TARGET_BOUNDS[ruleset]
    row = st.container(horizontal=True)
    if preset is None:
        row.number_input("Strength (S)", *bounds["s"], step=1, key=webui.key(prefix, "s"),
                         help="The weapon's Strength, compared with the target's Toughness to wound.")
        row.number_input("AP", *bounds["ap"], step=1, key=webui.key(prefix, "ap"),
                         help=INPUT_HELP["ap"])
        if ruleset == "fantasy":
            row.text_input("Multiple Wounds", key=webui.key(prefix, "mw"), max_chars=8,
                           help=INPUT_HELP["mw"])
        else:
            row.text_input("Damage", key=webui.key(prefix, "damage"), max_chars=8,
                           help="Damage of each unsaved attack: 1, D3, D6, D3+3, 2D6…")
    else:
        st.caption(f"{PRESETS[preset].name}: the chosen weapon's Strength, AP and Damage.")
    row = st.container(horizontal=True)
    row.number_input("Toughness (T)", *bounds["t"], step=1, key=webui.key(prefix, "t"), help="The target's Toughness.")
    if ruleset == "fantasy":
        score_input(row, "Armour", prefix, "armour")
    else:
        score_input(row, "Save", prefix, "sv")
    row.number_input("Wounds per model", *bounds["wounds"], step=1, key=webui.key(prefix, "wounds"),
                     help="Damage goes into one model until it is removed; the excess is lost.")
    row.number_input("Models in the unit", *bounds["models"], step=1, key=webui.key(prefix, "models"),
                     help="The target unit's models, each with the wounds above.")
    label, rules = MORE[ruleset]
    if st.toggle(label, key=webui.key(prefix, "extra"), help=f"Rarer rules: {rules}. They count only while shown."):
        _more_inputs(prefix, ruleset, bounds, cover)


#: Each rule set's rarer rules: a label that fits one line, and the rules in full.
MORE = {"fantasy": ("More: ward, Regen, Poisoned, Bane",
                    "the ward save, Regeneration, Poisoned Attacks and Armour Bane"),
        "ninth": ("More: invuln, FNP, cover, re-rolls",
                  "the invulnerable save, Feel No Pain, Light cover, wound modifiers and wound re-rolls")}


def _more_inputs(prefix: str, ruleset: str, bounds: dict, cover: str) -> None:
    row = st.container(horizontal=True)
    if ruleset == "fantasy":
        score_input(row, "Ward", prefix, "ward")
        score_input(row, "Regeneration", prefix, "regen")
        row.number_input("Armour Bane", *bounds["bane"], step=1, key=webui.key(prefix, "bane"),
                         help="A natural 6 to wound improves that wound's AP by this much.")
        st.checkbox("Poisoned Attacks", key=webui.key(prefix, "poisoned"),
                    help="A natural 6 on the single D6 to hit gets +2 to its To Wound roll.")
        return
    score_input(row, "Invulnerable", prefix, "invuln")
    score_input(row, "Feel No Pain", prefix, "fnp")
    row.text_input("Wound modifiers", key=webui.key(prefix, "wmods"), max_chars=40, placeholder="e.g. +1",
                   help="Every wound modifier, separated by commas; 9th edition caps the sum at ±1.")
    st.checkbox("Light cover (+1 save vs ranged)", key=webui.key(prefix, f"{cover}"),
                help="+1 to the armour save against a ranged attack (Overwatch is ranged); never in melee.")
    st.radio("Wound re-rolls", ("none", "ones", "failed"), key=webui.key(prefix, "wreroll"), horizontal=True,
             format_func={"none": "none", "ones": "re-roll 1s", "failed": "re-roll failed wounds"}.get,
             help="A die is re-rolled at most once.")
