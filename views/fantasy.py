"""Fantasy Roll to Hit: collect the situation on the table, ask hitrules, draw the answer."""

import streamlit as st

import webui
from hitrules import fantasy, urlstate
from hitrules.situations import answer_fantasy, chance_text
from views import pictures

P = "fantasy"
BOUNDS = urlstate.bounds(urlstate.FANTASY)
HELP = ("Score needed = 7 - BS - modifiers. 7, 8 and 9 need a 6 and then "
        "4+, 5+ or 6+; 10 or more is impossible. The Why below works through your situation.")
GROUPS = {"conditions": ("moved", "close", "stand", "lone", "auto", "split")}
CONDITION_NAMES = {"moved": "Moved (pivoting counts) -1", "close": 'Target within 4" +1',
                   "stand": "Stand & Shoot -1", "lone": "Lone model target",
                   "auto": "Automatic hits (magic missile)", "split": "Split fire: two groups"}
COVER_HELP = ("What obscures the majority of the target. Soft cover (hedge, fence, wagon) -1; hard cover "
              "(wall, boulder, building, another unit) -2. They never stack: only the -2 counts.")
LOS_HELP = "Line of Sight value, 1 (infantry) to 10."


def render() -> None:
    values = webui.start_page(P, urlstate.FANTASY, "Fantasy: Roll to Hit", HELP, GROUPS)
    answer = webui.answer(answer_fantasy, P, values)
    if answer:
        main = answer.main
        mean = answer.total.mean
        webui.metrics_row(("Hit chance", chance_text(main.probability), "Per shot, exact and rounded."),
                          ("Roll needed", main.roll, None),
                          ("Expected hits", f"{float(mean):.2f}", f"Exactly {mean}."))
        if len(answer.groups) > 1:
            g2 = answer.groups[1].result
            st.caption(f"Group 2 needs {g2.roll}: **{chance_text(g2.probability)}** per shot. "
                       "The chart shows the unit's total hits.")

    inputs, details = st.columns([1, 1.4], gap="large")
    with inputs:
        _inputs(answer)
    if answer:
        with details:
            webui.show_distribution(P, values, answer.total, "The unit's hits")
            for group in answer.groups:
                title = "Why" if len(answer.groups) == 1 else f"Why: {group.name.lower()} ({group.shots} shots)"
                webui.why(title, group.result.steps, *group.result.faces)
        webui.sidebar_links([("explore", "See this BS across all modifiers",
                              {"ruleset": "fantasy", "bs": values["bs"], "mod": max(-10, min(10, main.modifier))}),
                             ("learn", "Walk through this roll step by step",
                              {"ruleset": "fantasy", **urlstate.encode(urlstate.LEARN, values)})])
    webui.write_link(P, urlstate.FANTASY, values)


def _inputs(answer) -> None:
    """Every condition on the table; ``answer`` (None when refused) names an obstacle too low for cover."""
    row = st.container(horizontal=True)
    row.number_input("Ballistic Skill (BS)", *BOUNDS["bs"], step=1, key="fantasy_bs",
                     help="The shooter's BS, 1 to 10. The score needed starts at 7 - BS.")
    row.text_input("Shots", key="fantasy_shots", max_chars=12,
                   help="How many shots the unit fires: a number (10) or dice (D6, 2D6, D6+1).")
    conditions = st.pills("Conditions", GROUPS["conditions"], key="fantasy_conditions",
                          selection_mode="multi", wrap=True, format_func=CONDITION_NAMES.get,
                          help="Tap each that applies. A lone model gives -1 only with Unit "
                               "Strength 2 or less; automatic hits skip the roll. Split fire: when some "
                               "models have a different view of the target, each group is resolved on "
                               "its own and the unit's hits are the sum.")
    if "lone" in conditions:
        st.number_input("The lone model's Unit Strength", *BOUNDS["us"], step=1,
                        key="fantasy_us", help="2 or less gives -1 to hit.")
    st.pills("Special rules (-1 each)", fantasy.SPECIAL_RULES, key="fantasy_rules",
             selection_mode="multi", wrap=True, format_func=fantasy.SPECIAL_RULE_NAMES.get,
             help="Multiple Shots, Quick to Fire, Sniper and Volley Fire are -1 each.")
    groups = answer.groups if answer else ()
    _cover_inputs("", "What obscures the majority of the target", groups[:1])
    if "split" in conditions:
        st.text_input("Group 2 shots", key="fantasy_shots2", max_chars=12,
                      help="Shots fired by the second group: a number or dice.")
        _cover_inputs("2", "Group 2: what obscures the target", groups[1:2])


def _cover_inputs(suffix: str, title: str, group: tuple) -> None:
    """One group's cover and LoS values; ``group`` holds its answer, if there is one."""
    cover = st.radio(title, fantasy.COVERS, key=f"fantasy_cover{suffix}", horizontal=True,
                     format_func=fantasy.COVER_LABELS.get, help=COVER_HELP)
    if cover == "none":
        return
    c1, c2, c3 = st.columns(3)
    c1.number_input("Shooter LoS", *BOUNDS["los_shooter"], step=1, key=f"fantasy_los_shooter{suffix}", help=LOS_HELP)
    c2.number_input("Obstacle LoS", *BOUNDS["los_blocker"], step=1, key=f"fantasy_los_blocker{suffix}",
                    help="Cover counts only if the obstacle is at least half as high as both "
                         "the shooter and the target.")
    c3.number_input("Target LoS", *BOUNDS["los_target"], step=1, key=f"fantasy_los_target{suffix}", help=LOS_HELP)
    pictures.cover(f"fantasy_cover_picture{suffix}", group[0].result if group else None)
    step = group[0].result.cover_step if group else None
    if step is not None and step.kind == "skipped":
        st.warning(step.text, icon=":material/visibility:")
