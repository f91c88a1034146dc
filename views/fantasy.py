"""Fantasy shooting, from the hit roll to the models removed: collect the situation, ask hitrules, draw."""

import streamlit as st

import webui
import webui_routes
from hitrules import fantasy, situations
from hitrules.edge import urlstate
from hitrules.situations import profiles
from hitrules.words import chance_text, count_text
from views import draw, pictures
from views import unit as unit_view
from views.target import target_inputs

P = "fantasy"
BOUNDS = urlstate.bounds(urlstate.FANTASY)
HELP = ("Score needed = 7 - BS - modifiers. 7, 8 and 9 need a 6 and then "
        "4+, 5+ or 6+; 10 or more is impossible. The Why below works through your situation.")
CONDITION_NAMES = {"moved": "Moved (pivoting counts) -1", "close": 'Target within 4" +1',
                   "stand": "Stand & Shoot -1", "lone": "Lone model target",
                   "auto": "Automatic hits (magic missile)", "split": "Split fire: two groups"}
COVER_HELP = ("What obscures the majority of the target. Soft cover (hedge, fence, wagon) -1; hard cover "
              "(wall, boulder, building, another unit) -2. They never stack: only the -2 counts.")
LOS_HELP = "Line of Sight value, 1 (infantry) to 10."
#: The conditions that are the shooters' situation, shared by every row of a whole unit (the
#: weapon's own rules, BS, cover and LoS values are each row's).
_SHOOTERS_SITUATION = ("moved", "close", "stand", "lone")


def render() -> None:
    values = webui.start_page(P, urlstate.FANTASY, webui_routes.TITLES[P], HELP)
    sit, answer, whole = webui.situation(situations.fantasy_situation, values)
    chain, refused = draw.attempt(situations.chain, sit) if answer else (None, None)
    if answer:
        main = answer.main
        draw.metrics_row(("Hit chance", chance_text(main.probability), "Per shot, exact and rounded."),
                         ("Roll needed", main.roll, None),
                         draw.mean_metric("Expected hits", answer.mean),
                         *draw.chain_metrics(chain))
        draw.refusal(draw.AFTER_THE_HIT, refused)
        if len(answer.groups) > 1:
            g2 = answer.groups[1].result
            st.caption(f"Group 2 needs {g2.roll}: **{chance_text(g2.probability)}** per shot. "
                       "The chart shows the unit's total hits.")

    inputs, details = st.columns([1, 1.4], gap="large")
    with inputs:
        _inputs(answer)
    if answer:
        with details:
            if chain:  # its funnel has the hits; the chart of hits is the page without it
                draw.show_chain(P, sit)
            else:
                draw.show_distribution(P, sit, "The unit's hits")
            for group in answer.groups:  # the Why in the order of the attack: the hit, then what follows
                title = ("Why: the hit roll" if len(answer.groups) == 1
                         else f"Why: {group.name.lower()} ({count_text(group.shots, 'shot')})")
                draw.why(title, group.result.steps, *group.result.faces)
            if chain:
                draw.why("Why: after the hit", chain.steps, None)
        webui_routes.situation_links(sit)
        if chain:
            unit_view.whole_unit(P, *_unit(values, sit))
    unit = {name: values[name] for name in ("rows", "order")} if whole and sit.weapon else {}
    webui.write_link(urlstate.FANTASY, values, situations.fantasy_values(sit) | unit if whole else None)


def _unit(values: dict, sit) -> tuple:
    """The editor of added weapons, and the whole unit with the problems of the weapons left out
    (None with none added). Split fire's groups are its first profiles."""
    named = len(sit.groups) > 1
    own = tuple(fantasy.Group(shot, shots, sit.weapon, f"group {n}" if named else "weapon 1")
                for n, (shot, shots) in enumerate(sit.groups, start=1))
    shared = [CONDITION_NAMES[c] for c in values["conditions"] if c in _SHOOTERS_SITUATION]
    if "lone" in values["conditions"]:
        shared[shared.index(CONDITION_NAMES["lone"])] += f" (Unit Strength {values['us']})"
    rows = unit_view.added_weapons(P, "fantasy", values, own, f"Every row shoots as the unit above: "
                                   f"{', '.join(shared)}." if shared else "")
    # Split fire alone is the page's own answer (one weapon): the whole unit is for weapons added.
    return profiles.page_unit("fantasy", own, rows, values["order"], sit.target) if rows else (None, ())


def _inputs(answer) -> None:
    """Every condition on the table; ``answer`` (None when refused) names an obstacle too low for cover."""
    shot_inputs(P, answer, calculator=True)
    target_inputs(P, "fantasy")


def shot_inputs(prefix: str, answer, calculator: bool) -> None:
    """The inputs of a fantasy Shot: on the calculator with its shots and split fire, on Learn one shot."""
    row = st.container(horizontal=True)
    row.number_input("Ballistic Skill (BS)", *BOUNDS["bs"], step=1, key=webui.key(prefix, "bs"),
                     help="The shooter's BS, 1 to 10. The score needed starts at 7 - BS.")
    if calculator:
        row.text_input("Shots", key=webui.key(prefix, "shots"), max_chars=12,
                       help="How many shots the unit fires: a number (10) or dice (D6, 2D6, D6+1).")
    shown = urlstate.FANTASY_CONDITIONS if calculator else urlstate.SHOT_CONDITIONS
    conditions = st.pills("Conditions", shown, key=webui.key(prefix, "conditions"),
                          selection_mode="multi", wrap=True, format_func=CONDITION_NAMES.get,
                          help="Tap each that applies. A lone model gives -1 only with Unit "
                               "Strength 2 or less; automatic hits skip the roll. Split fire: when some "
                               "models have a different view of the target, each group is resolved on "
                               "its own and the unit's hits are the sum.")
    if "lone" in conditions:
        st.number_input("The lone model's Unit Strength", *BOUNDS["us"], step=1,
                        key=webui.key(prefix, "us"), help="2 or less gives -1 to hit.")
    st.pills("Special rules (-1 each)", fantasy.SPECIAL_RULES, key=webui.key(prefix, "rules"),
             selection_mode="multi", wrap=True, format_func=fantasy.SPECIAL_RULE_NAMES.get,
             help="Multiple Shots, Quick to Fire, Sniper and Volley Fire are -1 each.")
    groups = answer.groups if answer else ()
    _cover_inputs(prefix, "", "What obscures the majority of the target", groups[:1], picture=calculator)
    if "split" in conditions:
        st.text_input("Group 2 shots", key=webui.key(prefix, "shots2"), max_chars=12,
                      help="Shots fired by the second group: a number or dice.")
        _cover_inputs(prefix, "2", "Group 2: what obscures the target", groups[1:2], picture=True)


def _cover_inputs(prefix: str, suffix: str, title: str, group: tuple, picture: bool) -> None:
    """One group's cover and LoS values; ``group`` holds its answer, if there is one. Learn draws
    the picture at its cover step instead (``picture`` False)."""
    cover = st.radio(title, fantasy.COVERS, key=webui.key(prefix, f"cover{suffix}"), horizontal=True,
                     format_func=fantasy.COVER_LABELS.get, help=COVER_HELP)
    if cover == "none":
        return
    c1, c2, c3 = st.columns(3)
    c1.number_input("Shooter LoS", *BOUNDS["los_shooter"], step=1, key=webui.key(prefix, f"los_shooter{suffix}"),
                    help=LOS_HELP)
    c2.number_input("Obstacle LoS", *BOUNDS["los_blocker"], step=1, key=webui.key(prefix, f"los_blocker{suffix}"),
                    help="Cover counts only if the obstacle is at least half as high as both "
                         "the shooter and the target.")
    c3.number_input("Target LoS", *BOUNDS["los_target"], step=1, key=webui.key(prefix, f"los_target{suffix}"),
                    help=LOS_HELP)
    if picture:
        pictures.cover(f"{prefix}_cover_picture{suffix}", group[0].result if group else None)
    step = group[0].result.cover_step if group else None
    if step is not None and step.kind == "skipped":
        st.warning(draw.step_markdown(step), icon=":material/visibility:")
