"""Explore: the whole landscape of hit chances, one view at a time, each with its table."""

import streamlit as st

import webui
from hitrules import compare, figures, ninth, urlstate
from hitrules._steps import chance_text
from views import draw

P = "explore"
BOUNDS = urlstate.bounds(urlstate.EXPLORE)
SKILLS = range(BOUNDS["skill"][0], BOUNDS["skill"][1] + 1)
HELP = ("Every BS and modifier at once. Hover a chart for exact fractions; each view has a table "
        "and a CSV download.")
VIEW_NAMES = {"heatmap": "Heatmap", "stacks": "Modifier stacks", "diff": "Rule sets side by side",
              "helps": "Which helps more?", "shots": "How many shots?"}


def render() -> None:
    values = webui.start_page(P, urlstate.EXPLORE, "Explore", HELP)
    view = st.segmented_control("View", urlstate.EXPLORE_VIEWS, key="explore_view", format_func=VIEW_NAMES.get,
                                required=True, help="One view at a time keeps the page quick on a phone.")
    VIEWS[view](values)  # a view may change values (Explore's stacks)
    webui.write_link(P, urlstate.EXPLORE, values)


def _situation(ruleset_choices=compare.RULESETS) -> str:
    """Rule set, skill and modifier: the cell of the user's own situation."""
    row = st.container(horizontal=True)
    ruleset = row.selectbox("Rule set", ruleset_choices, key="explore_ruleset",
                            format_func=compare.RULESET_NAMES.get, help="Fantasy uses BS 1-10; 9th and 8th X+.")
    if ruleset == "fantasy":
        row.number_input("BS", *BOUNDS["bs"], step=1, key="explore_bs", help="Your shooter's Ballistic Skill.")
    else:
        row.selectbox("Skill", SKILLS, key="explore_skill", format_func=lambda x: f"{x}+",
                      help="The X of X+.")
    row.number_input("Net modifier", *BOUNDS["mod"], step=1, key="explore_mod",
                   help="The sum of your modifiers (9th edition then caps it at ±1).")
    return ruleset


def _heatmap(values: dict) -> None:
    """Hit chance for every skill and net modifier, with the user's cell outlined."""
    ruleset = _situation()
    cell = (values["bs"] if ruleset == "fantasy" else values["skill"], values["mod"])
    st.plotly_chart(webui.shared(figures.heatmap_figure, ruleset, cell), key="explore_heatmap",
                    config={"displayModeBar": False})
    skill = f"BS {cell[0]}" if ruleset == "fantasy" else f"{cell[0]}+"
    st.markdown(f"Your situation, {skill} with a net modifier of {cell[1]:+d}: "
                f"**{chance_text(compare.chance(ruleset, *cell))}** per shot.")
    st.caption("The outlined cell is your situation. Fantasy: '6→4+' cells need a 6 and then 4+ "
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
        st.plotly_chart(webui.shared(figures.stacks_figure, stacks), key="explore_stacks",
                        config={"displayModeBar": False})
        a, b = st.columns(2)
        pick = a.selectbox("Waterfall for", range(len(stacks)), key="explore_stack_pick",
                           format_func=lambda i: figures.stack_name(stacks[i]),
                           help="The waterfall shows how this stack moves the score needed.")
        bs = b.number_input("BS", *BOUNDS["bs"], step=1, key="explore_bs", help="The shooter's Ballistic Skill.")
        stack = stacks[min(pick, len(stacks) - 1)]
        st.plotly_chart(webui.shared(figures.waterfall_figure, bs, stack), key="explore_waterfall",
                        config={"displayModeBar": False})
        draw.table_with_download(P, "stacks", figures.stacks_table, stacks)
    else:
        st.info("No stacks yet: pick some modifiers above and add a stack.")


def _diff(values: dict) -> None:
    """The same base score and modifiers under each rule set."""
    st.caption("The same base score and modifiers under each rule set: fantasy BS 7 - X, and X+ in "
               "8th and 9th edition.")
    base = st.selectbox("Base score", SKILLS, key="explore_skill", format_func=lambda x: f"{x}+",
                        help="Fantasy BS 3 and 9th-edition BS 4+ both start at 4+.")
    st.plotly_chart(webui.shared(figures.diff_figure, base), key="explore_diff", config={"displayModeBar": False})
    draw.table_with_download(P, f"diff-{base}", figures.diff_table, base, always=True)


def _helps(values: dict) -> None:
    """Which helps more: +1 to hit or a re-roll."""
    a, b = st.columns(2)
    edition = a.radio("Edition", ninth.EDITIONS, horizontal=True, key="explore_edition",
                      format_func=lambda e: f"{e}th", help="Re-rolls are a 9th and 8th edition idea.")
    mod = b.number_input("Net modifier", *BOUNDS["mod"], step=1, key="explore_mod",
                         help="9th edition caps it at ±1 before +1 to hit is added.")
    st.plotly_chart(webui.shared(figures.helps_figure, mod, edition), key="explore_helps",
                    config={"displayModeBar": False})
    draw.table_with_download(P, f"helps-{edition}-{mod}", figures.helps_table, mod, edition)


def _shots(values: dict) -> None:
    """How many shots give at least so many hits with a given chance."""
    ruleset = _situation()
    a, b = st.columns(2)
    a.number_input("Hits wanted (at least)", *BOUNDS["hits"], step=1, key="explore_hits",
                   help="How many hits you need, at least.")
    b.slider("With this chance (%)", *BOUNDS["confidence"], key="explore_confidence",
             help="How sure you want to be of getting them.")
    args = (ruleset, values["mod"], values["hits"], values["confidence"])
    st.plotly_chart(webui.shared(figures.shots_figure, *args), key="explore_shots", config={"displayModeBar": False})
    draw.table_with_download(P, "shots", figures.shots_table, *args)


VIEWS = {"heatmap": _heatmap, "stacks": _stacks, "diff": _diff, "helps": _helps, "shots": _shots}
