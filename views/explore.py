"""Explore: the whole landscape of hit chances, one view at a time, each with its table."""

import streamlit as st

import webui
import webui_cache
from hitrules import ninth
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.situations import compare
from hitrules.words import chance_text, count_text
from views import draw
from views.explore_inputs import BOUNDS, SKILLS, P, fit_fantasy, highest, ruleset_input
from views.explore_melee import charge_view, kill_view, melee_view
from views.explore_weapons import weapons_view

HELP = ("Every BS and modifier at once. Hover a chart for exact fractions; each view has a table "
        "and a CSV download.")
VIEW_NAMES = {"heatmap": "Heatmap", "stacks": "Modifier stacks", "diff": "Rule sets side by side",
              "helps": "Which helps more?", "shots": "How many shots?", "wound": "Wound chart",
              "weapons": "Which weapon is better?", "melee": "Melee: WS chart", "kill": "Attacks to kill",
              "charge": "How far can I charge?"}


def render() -> None:
    values = webui.start_page(P, urlstate.EXPLORE, "Explore", HELP)
    view = st.segmented_control("View", urlstate.EXPLORE_VIEWS, key=webui.key("explore", "view"),
                                format_func=VIEW_NAMES.get,
                                required=True, help="One view at a time keeps the page quick on a phone.")
    VIEWS[view](values)  # a view may change values (Explore's stacks)
    webui.write_link(urlstate.EXPLORE, values)


def _situation() -> str:
    """Rule set, skill and modifier: the cell of the user's own situation."""
    row = st.container(horizontal=True)
    ruleset = ruleset_input("Fantasy uses BS 1-10; 9th and 8th X+.", row, compare.RULESET_NAMES)
    if ruleset == "fantasy":
        row.number_input("BS", *BOUNDS["bs"], step=1, key=webui.key("explore", "bs"),
                         help="Your shooter's Ballistic Skill.")
    else:
        row.selectbox("Skill", SKILLS, key=webui.key("explore", "skill"), format_func=lambda x: f"{x}+",
                      help="The X of X+.")
    row.number_input("Net modifier", *BOUNDS["mod"], step=1, key=webui.key("explore", "mod"),
                   help="The sum of your modifiers (9th edition then caps it at ±1).")
    return ruleset


def _cell(values: dict, ruleset: str) -> tuple[int, int, str]:
    """The player's own skill and net modifier, and the words for them."""
    skill, mod = values["bs"] if ruleset == "fantasy" else values["skill"], values["mod"]
    return skill, mod, f"Your situation, {figures.skill_label(ruleset, skill)} with a net modifier of {mod:+d}"


def _heatmap(values: dict) -> None:
    """Hit chance for every skill and net modifier, with the user's cell outlined (or, off the chart,
    the column that gives the same answer)."""
    ruleset = _situation()
    skill, mod, yours = _cell(values, ruleset)
    column = compare.grid_column(ruleset, skill, mod)
    draw.chart("explore_heatmap", "The heatmap", figures.heatmap_figure, ruleset,
               None if column is None else (skill, column))
    st.markdown(f"{yours}: **{chance_text(compare.chance(ruleset, skill, mod))}** per shot.")
    _, mods = compare.grid_axes(ruleset)
    if column == mod:
        where = "The outlined cell is your situation."
    elif column is not None:
        where = (f"The chart's columns run from {mods[0]:+d} to {mods[-1]:+d}: the outlined cell, {column:+d}, "
                 f"gives the same answer as your {mod:+d}.")
    else:
        where = (f"Your modifier, {mod:+d}, is off the chart (its columns run from {mods[0]:+d} to "
                 f"{mods[-1]:+d}), so no cell is outlined.")
    st.caption(f"{where} Fantasy: '6→4+' cells need a 6 and then 4+ "
               "(the 7+ chart), '—' cells are impossible (10+). 9th edition: columns past ±1 are "
               "capped, so they repeat the ±1 column.")
    draw.table_with_download(P, f"grid-{ruleset}", figures.grid_table, ruleset)


def _stacks(values: dict) -> None:
    """Fantasy modifier stacks side by side, and a waterfall for one of them."""
    st.caption("Stacks use the fantasy shooting modifiers. Build one, add it, and compare.")
    new = st.multiselect("New stack", tuple(compare.FANTASY_STACK_TOKENS), key="explore_new_stack",
                         format_func=compare.FANTASY_STACK_TOKENS.get, max_selections=compare.MAX_STACK_SIZE,
                         help="Pick the modifiers that apply together, then add the stack.")
    a, b = st.columns(2)
    stacks = values["stacks"]
    if a.button("Add this stack", disabled=not new or len(stacks) >= compare.MAX_STACKS,
                key="explore_add_stack", help=f"Up to {compare.MAX_STACKS} stacks; each becomes a line."):
        stacks = (*stacks, tuple(new))
    if b.button("Remove the last stack", disabled=not stacks, key="explore_drop_stack",
                help="Takes the newest stack off the chart."):
        stacks = stacks[:-1]
    values["stacks"] = stacks
    if stacks:
        draw.chart("explore_stacks", "The chart of the stacks", figures.stacks_figure, stacks)
        a, b = st.columns(2)
        pick = a.selectbox("Waterfall for", range(len(stacks)), key="explore_stack_pick",
                           format_func=lambda i: figures.stack_name(stacks[i]),
                           help="The waterfall shows how this stack moves the score needed.")
        bs = b.number_input("BS", *BOUNDS["bs"], step=1, key=webui.key("explore", "bs"),
                            help="The shooter's Ballistic Skill.")
        stack = stacks[min(pick, len(stacks) - 1)]
        draw.chart("explore_waterfall", "The waterfall", figures.waterfall_figure, bs, stack)
        draw.table_with_download(P, "stacks", figures.stacks_table, stacks)
    else:
        st.info("No stacks yet: pick some modifiers above and add a stack.")


def _diff(values: dict) -> None:
    """The same base score and modifiers under each rule set."""
    st.caption("The same base score and modifiers under each rule set: fantasy BS 7 - X, and X+ in "
               "8th and 9th edition.")
    base = st.selectbox("Base score", SKILLS, key=webui.key("explore", "skill"), format_func=lambda x: f"{x}+",
                        help="Fantasy BS 3 and 9th-edition BS 4+ both start at 4+.")
    draw.chart("explore_diff", "The chart of the rule sets", figures.diff_figure, base)
    draw.table_with_download(P, f"diff-{base}", figures.diff_table, base, always=True)


def _helps(values: dict) -> None:
    """Which helps more: +1 to hit or a re-roll."""
    a, b = st.columns(2)
    edition = a.radio("Edition", ninth.EDITIONS, horizontal=True, key=webui.key("explore", "edition"),
                      format_func=lambda e: f"{e}th", help="Re-rolls are a 9th and 8th edition idea.")
    mod = b.number_input("Net modifier", *BOUNDS["mod"], step=1, key=webui.key("explore", "mod"),
                         help="9th edition caps it at ±1 before +1 to hit is added.")
    draw.chart("explore_helps", "The chart of what helps more", figures.helps_figure, mod, edition)
    draw.table_with_download(P, f"helps-{edition}-{mod}", figures.helps_table, mod, edition)


def _shots(values: dict) -> None:
    """How many shots give at least so many hits with a given chance."""
    ruleset = _situation()
    a, b = st.columns(2)
    a.number_input("Hits wanted (at least)", *BOUNDS["hits"], step=1, key=webui.key("explore", "hits"),
                   help="How many hits you need, at least.")
    b.slider("With this chance (%)", *BOUNDS["confidence"], key=webui.key("explore", "confidence"),
             help="How sure you want to be of getting them.")
    skill, mod, yours = _cell(values, ruleset)
    args = (ruleset, mod, values["hits"], values["confidence"])
    if not draw.chart("explore_shots", "The chart of shots", figures.shots_figure, *args, skill):
        return
    hits, label = values["hits"], figures.skill_label(ruleset, skill)
    # the chart's own row
    _, p, n = next(row for row in webui_cache.shared(figures.shots_rows, *args) if row[0] == label)
    needed = "**more than 1000 shots**" if n is None else f"**{count_text(n, 'shot')}**"
    said = "no shot can hit, so no number of shots" if not p else f"each shot hits with {chance_text(p)}: {needed}"
    st.markdown(f"{yours}: {said} for at least {count_text(hits, 'hit')} with {values['confidence']}% "
                "chance (your bar is the orange one).")
    draw.table_with_download(P, "shots", figures.shots_table, *args)


def _wound(values: dict) -> None:
    """The chance one hit wounds for every Strength and Toughness, with the player's cell outlined."""
    ruleset = ruleset_input("Fantasy: Strength and Toughness 1-10. 9th and 8th edition: 1-20.")
    if ruleset == "fantasy":
        fit_fantasy(values, ("strength", "toughness"))
    row = st.container(horizontal=True)
    row.number_input("Strength", 1, highest(ruleset, "strength"), step=1, key=webui.key("explore", "strength"),
                     help="The weapon's Strength.")
    row.number_input("Toughness", 1, highest(ruleset, "toughness"), step=1, key=webui.key("explore", "toughness"),
                     help="The target's Toughness.")
    row.number_input("Wound modifier", *BOUNDS["wound_mod"], step=1, key=webui.key("explore", "wound_mod"),
                     help="Added to the wound roll (positive helps). 9th edition caps the sum at ±1.")
    cell, mod = (values["strength"], values["toughness"]), values["wound_mod"]
    draw.chart("explore_wound", "The wound chart", figures.wound_figure, ruleset, mod, cell)
    roll, chance = compare.wound_cell(ruleset, *cell, mod)
    st.markdown(f"Your cell, Strength {cell[0]} against Toughness {cell[1]}"
                + (f" with a wound modifier of {mod:+d}" if mod else "") + f": **{roll}**, "
                f"**{chance_text(chance)}** per hit.")
    st.caption("The outlined cell is yours. Fantasy: 'too tough' cells cannot be wounded at all (S - T is -6 or "
               "less). '—' cells cannot be wounded either: the modifier pushes the score past 6 (never in 9th "
               "edition, where an unmodified 6 always wounds).")
    draw.table_with_download(P, f"wound-{ruleset}", figures.wound_table, ruleset, mod)


VIEWS = {"heatmap": _heatmap, "stacks": _stacks, "diff": _diff, "helps": _helps, "shots": _shots,
         "wound": _wound, "weapons": weapons_view, "melee": melee_view, "kill": kill_view, "charge": charge_view}


