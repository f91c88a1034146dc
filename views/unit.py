"""A calculator's whole unit: "add a weapon" (a row per profile), and what the unit does together."""

import streamlit as st

from hitrules import fantasy, ninth
from hitrules.presentation import figures
from hitrules.situations import profiles
from hitrules.unit import mean_text
from views import draw
from views.helps import INPUT_HELP
from webui_cache import shared

TITLE = "Add a weapon: the whole unit"
HELP = ("Up to 5 more profiles, one row each, with their own attacks, hit roll and weapon, all at the target "
        "above. A row uses exactly what it shows: the page's own modifiers, re-rolls and rules are not added to "
        "it. Their damage is resolved one profile after another, and a model that has lost wounds keeps "
        "the loss for the next. Add a row with +; select a row and press Delete to remove it.")
#: One line under the table when the rows came from an older link, whose rows lacked a column.
OLD_LINK = {"ninth": "These rows come from an older link, whose rows had no wound modifiers or wound re-roll: "
                     "theirs are none, as that link counted them.",
            "fantasy": "These rows come from an older link, whose rows shot with the page's special rules and LoS "
                       "values: each row shows them as its own."}
#: Each cell's label, help, and range (a whole number) or choices or length (text). Defaults are profiles.DEFAULTS.
_CELLS = {
    "ninth": {
        "name": ("Name", "What the weapon is called, for the Why.", 40),
        "attacks": ("Attacks", INPUT_HELP["attacks"], 12),
        "skill": ("Skill X+", "Its BS or WS: a roll of X or more hits.", ninth.SKILL_RANGE),
        "s": ("S", "Strength.", ninth.STRENGTH_RANGE),
        "ap": ("AP", INPUT_HELP["ap"], ninth.AP_RANGE),
        "damage": ("Damage", "1, D3, D6, D3+3, 2D6…", 8),
        "mods": ("Hit mods", "Each hit modifier, e.g. -1, +1.", 40),
        "reroll": ("Hit re-roll", "Re-roll hit rolls of 1, or every failed hit.", ninth.REROLLS),
        "kind": ("Kind", "Ranged (BS, Light cover counts), melee (WS), or a weapon that hits automatically.",
                 profiles.KINDS),
        "wmods": ("Wound mods", "Each wound modifier, e.g. +1 (9th edition caps their sum at ±1).", 40),
        "wreroll": ("Wound re-roll", "Re-roll wound rolls of 1, or every failed wound roll.", ninth.REROLLS),
    },
    "fantasy": {
        "name": ("Name", "What the group is called, for the Why.", 40),
        "shots": ("Shots", INPUT_HELP["attacks"], 12),
        "bs": ("BS", "Its Ballistic Skill; the page's conditions apply to it too.", fantasy.BS_RANGE),
        "s": ("S", "Strength.", fantasy.STRENGTH_RANGE),
        "ap": ("AP", INPUT_HELP["ap"], fantasy.AP_RANGE),
        "mw": ("Multiple Wounds", INPUT_HELP["mw"], 8),
        "cover": ("Cover", "What obscures the target from this group (its own view).", fantasy.COVERS),
        "bane": ("Armour Bane", "A natural 6 to wound improves AP by this much.", fantasy.ARMOUR_BANE_RANGE),
        "poisoned": ("Poisoned", "A natural 6 to hit gets +2 to wound.", None),
        "rules": ("Special rules", "This row's weapon's rules: Multiple Shots, Quick to Fire, Sniper and Volley Fire "
                  "are -1 to hit each.", fantasy.SPECIAL_RULES),
        "los_shooter": ("Shooter LoS", "This row's shooters' Line of Sight value, 1 (infantry) to 10; it counts "
                        "only with cover.", fantasy.LOS_RANGE),
        "los_blocker": ("Obstacle LoS", "Cover counts only if the obstacle is at least half as high as both the "
                        "shooter and the target.", fantasy.LOS_RANGE),
        "los_target": ("Target LoS", "The target's Line of Sight value, 1 (infantry) to 10, as this row sees it.",
                       fantasy.LOS_RANGE),
    },
}


def _column(label: str, help: str, kind, default):
    """A typed column of the editor: a whole number in its range, a choice or several, text, or a tick."""
    if isinstance(default, tuple):
        return st.column_config.MultiselectColumn(label, options=kind, default=list(default), help=help,
                                                  format_func=fantasy.SPECIAL_RULE_NAMES.get)
    if isinstance(default, bool):
        return st.column_config.CheckboxColumn(label, default=default, help=help)
    if isinstance(default, int):
        return st.column_config.NumberColumn(label, min_value=kind[0], max_value=kind[1], step=1, default=default,
                                             help=help)
    if isinstance(kind, tuple):
        return st.column_config.SelectboxColumn(label, options=kind, default=default, help=help)
    return st.column_config.TextColumn(label, default=default, max_chars=kind, help=help)


_COLUMNS = {ruleset: {name: _column(*cell, default) for (name, cell), default in
                      zip(cells.items(), profiles.DEFAULTS[ruleset], strict=True)}
            for ruleset, cells in _CELLS.items()}


def added_weapons(prefix: str, ruleset: str, values: dict, own: tuple, situation: str = "") -> tuple[tuple, ...]:
    """The page's own profiles (``own``, its Groups: the first rows, shown as the table shows a row)
    and the editor of the weapons added to them; the added rows go into ``values`` (the page's store,
    and so the link). ``situation`` says, in one line, what of the page every row shares.

    The editor keeps its edits against the rows it was first given, so those rows stay its data
    until the page's rows change from outside (a link, Back): then a new editor starts from them.
    An older link's rows get the meaning they had then, shown in their cells and said under the table.
    """
    st.subheader(TITLE, anchor=False, help=HELP)
    ss = st.session_state
    old = f"_{prefix}_old_rows"
    own_rows = tuple(profiles.group_row(ruleset, group) for group in own)
    if any(None in row for row in values["rows"]):
        values["rows"], _ = profiles.complete_rows(ruleset, values["rows"], own_rows[0])
        ss[old] = values["rows"]
    numbers = ("profile 1", "profiles 1 and 2")[len(own) - 1] if len(own) <= 2 else f"profiles 1 to {len(own)}"
    st.caption(f"The page's own weapon, as set above ({numbers}); each row added below uses exactly what it "
               "shows." + (f" {situation}" if situation else ""))
    st.dataframe(_table(figures.weapons_arrow, ruleset, own_rows), hide_index=True, column_config=_COLUMNS[ruleset],
                 width="stretch", key=f"{prefix}_own_weapon")
    meta = f"_{prefix}_weapons_editor"
    base, generation, last = ss.get(meta, ((), 0, None))
    if last != values["rows"]:
        base, generation = values["rows"], generation + 1
    # The editor copies the frame it is given before it applies the player's edits: one frame serves everyone.
    edited = st.data_editor(_table(figures.weapons_frame, ruleset, base), key=f"{prefix}_weapons_{generation}",
                            num_rows="dynamic", hide_index=True, column_config=_COLUMNS[ruleset], width="stretch")
    rows = tuple(profiles.typed_row(ruleset, row) for row in figures.weapons_rows(edited))
    if len(rows) > profiles.MAX_ADDED:
        st.warning(f"At most {profiles.MAX_ADDED} weapons can be added: the rows after the "
                   f"{profiles.MAX_ADDED}th are left out.", icon=":material/warning:")
        rows = rows[:profiles.MAX_ADDED]
    if rows and ss.get(old) == rows:
        st.caption(OLD_LINK[ruleset])
    values["rows"] = rows
    ss[meta] = (base, generation, rows)
    return rows


def _table(build, ruleset: str, rows: tuple):
    """``build(ruleset, rows)``, made once for every player (:func:`webui_cache.shared`); rows that cannot be a
    cache key (a list in a cell, from the Python API) are built for this run alone."""
    try:
        hash(rows)
    except TypeError:
        return build(ruleset, rows)
    return shared(build, ruleset, rows)


def _apply_order(prefix: str, order: tuple[int, ...]) -> None:
    st.session_state[f"_{prefix}_values"]["order"] = order


def whole_unit(prefix: str, unit: profiles.Unit | None, problems: tuple[str, ...]) -> None:
    """What the whole unit does, below its editor: the headline numbers, each profile's share, the
    best order (one click applies it), the models removed, and the Why of the unit and of each profile."""
    for problem in problems:
        st.warning(f"Left out of the unit: {problem}", icon=":material/warning:")
    if unit is None:
        return
    try:
        result = shared(profiles.unit_answer, unit)
    except ValueError as error:  # the unit alone: the page's own answer above stays
        st.error(f"{error} Change the weapons to go on.", icon=":material/block:")
        return
    removed = result.models_removed
    st.subheader(f"The whole unit: {len(unit.groups)} profiles", anchor=False)
    mean = removed.mean
    draw.chance_metrics(*((label, chance, None) for label, chance in profiles.at_least(unit, result)),
                        first=(draw.mean_metric("Unit: models removed", mean, ", on average"),))
    names = result.names
    listed = [unit.number(i) for i in result.order]  # the profiles' numbers, in the order resolved
    st.caption("Resolved in this order: " + ", ".join(f"{n}. {names[i]}" for n, i in zip(listed, result.order,
                                                                                         strict=True)))
    if result.best_order is not None and result.best_order != result.order:
        best = tuple(unit.number(i) for i in result.best_order)
        first = next(i for i, j in zip(result.best_order, result.order, strict=True) if i != j)
        st.info(f"Fire {names[first]} earlier ({', '.join(names[i] for i in result.best_order)}): "
                f"+{mean_text(result.gain)} models on average.", icon=":material/swap_vert:")
        st.button("Fire in the best order", key=f"{prefix}_best_order", on_click=_apply_order, args=(prefix, best),
                  help="Resolve the profiles in the order that removes the most models on average.")
    elif result.same_every_order:
        st.caption("Every order gives the same answer: the order does not change the models removed.")
    elif result.best_order is None:
        st.caption("With more than 4 profiles to order, the best order is not worked out.")
    st.plotly_chart(shared(figures.unit_shares_figure, names, result.shares, result.order),
                    key=f"{prefix}_unit_shares", config={"displayModeBar": False})
    st.plotly_chart(shared(figures.distribution_figure, removed, "Models removed by the whole unit", "models"),
                    key=f"{prefix}_unit_removed", config={"displayModeBar": False})
    draw.why("Why: the whole unit", result.steps, None)
    for name, group in zip(names, result.groups, strict=True):
        with st.expander(f"Why: {name}"):
            draw.why(name, group.hit.steps + group.steps, None)
