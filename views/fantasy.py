"""Fantasy shooting, from the hit roll to the models removed: collect the situation, ask hitrules, draw."""

import streamlit as st

import webui
from hitrules import fantasy, situations
from hitrules.edge import urlstate
from hitrules.situations import pick, profiles
from hitrules.words import chance_text, count_text
from views import calculator, draw, pictures, unit_pick
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


def _headline(answer) -> tuple:
    return (("Hit chance", chance_text(answer.main.probability), "Per shot, exact and rounded."),
            ("Roll needed", answer.main.roll, None), draw.mean_metric("Expected hits", answer.mean))


def _second_group(answer) -> None:
    if len(answer.groups) > 1:
        g2 = answer.groups[1].result
        st.caption(f"Group 2 needs {g2.roll}: **{chance_text(g2.probability)}** per shot. "
                   "The chart shows the unit's total hits.")


def _whys(answer) -> tuple:
    return tuple(("Why: the hit roll" if len(answer.groups) == 1
                  else f"Why: {group.name.lower()} ({count_text(group.shots, 'shot')})",
                  group.result.steps, group.result.faces) for group in answer.groups)


def _link(values: dict, sit) -> dict:
    """The situation's values, the picks (the units and the missile weapon), and the whole unit's (its added
    weapons and their order)."""
    picks = {p.name: values[p.name] for p in urlstate.FANTASY_PICKS}
    return picks | situations.fantasy_values(sit) | ({name: values[name] for name in ("rows", "order")}
                                                     if sit.weapon else {})


def render() -> None:
    calculator.render(PAGE)


def _unit(values: dict, sit) -> tuple:
    """The editor of added weapons, and the whole unit with the problems of the weapons left out
    (None with none added). Split fire's groups are its first profiles."""
    named = len(sit.groups) > 1
    own = tuple(fantasy.Group(shot, shots, sit.weapon, f"group {n}" if named else values["name"] or "weapon 1")
                for n, (shot, shots) in enumerate(sit.groups, start=1))
    shared = [CONDITION_NAMES[c] for c in values["conditions"] if c in _SHOOTERS_SITUATION]
    if "lone" in values["conditions"]:
        shared[shared.index(CONDITION_NAMES["lone"])] += f" (Unit Strength {values['us']})"
    rows = unit_view.added_weapons(P, "fantasy", values, own, f"Every row shoots as the unit above: "
                                   f"{', '.join(shared)}." if shared else "")
    # Split fire alone is the page's own answer (one weapon): the whole unit is for weapons added.
    return profiles.page_unit("fantasy", own, rows, values["order"], sit.target) if rows else (None, ())


def _inputs(values: dict, answer) -> None:
    """Every condition on the table; ``answer`` (None when refused) names an obstacle too low for cover. A unit
    picked from the army lists fills the shooter's inputs, another the target's; a missile weapon by name fills
    the weapon's."""
    _pick_part(values, "unit", "the shooter", "Pick shooters from the army lists",
               "Army, then unit, its missile weapon and models: fills BS, the shots (Multiple Shots too) and the "
               "weapon's Strength, AP and rules. Change anything after.")
    shot_inputs(P, answer, calculator=True)
    st.selectbox("Missile weapon", ("", *urlstate.MISSILE_WEAPON_NAMES), key=webui.key(P, "weapon"),
                 on_change=_use_weapon, format_func=lambda name: name.capitalize() if name else "Your own (below)",
                 help="A missile weapon by name (the rulebook's and the army books'; see the Rules page): fills its "
                      "Strength (the shooter's where the weapon's is S), AP, Armour Bane, Multiple Wounds, Poisoned "
                      "Attacks, and Multiple Shots and Volley Fire above. Change anything after.")
    if values["weapon"] and not values["unit"] and (left := _weapon_unused(values["weapon"])):
        st.caption(f"Not used here, of the weapon's rules: {', '.join(left)}.")
    target_inputs(P, "fantasy", pick=lambda: _pick_part(
        values, "target_unit", "the target", "Pick the target from the army lists",
        "Army, then unit, its armour, options and models: fills Toughness, Wounds, models, the armour save "
        "against shooting (a shield counts beside any weapon, no Parry) and Regeneration. Change anything after."))


def _pick_part(values: dict, name: str, what: str, label: str, help: str) -> None:
    """The unit picked for ``name`` (``unit`` the shooter, ``target_unit``), in one line, and its pick's inputs."""
    if (ref := values[name]) and (line := unit_pick.picked_line(ref, what, _unused(values, name))):
        st.markdown(line)
    key = f"{P}_pick_{name}_"
    if st.toggle(label, key=f"{key}on", help=help):
        shooter = name == "unit"
        unit_pick.pick_inputs(key, _use_unit if shooter else _use_target, BOUNDS["models"],
                              lambda unit: max(unit.minimum, 20 if unit.troop_type in pick.RANKED else 1),
                              offer=("equipment", "options") if shooter else ("armour", "mount", "options"))


def _unused(values: dict, name: str) -> tuple[str, ...]:
    """What the page could not use of the unit picked for ``name``: as the player chose it, or by the link."""
    stored = st.session_state.get(f"_{P}_{name}_unused")
    if stored and stored[0] == values[name]:
        return stored[1]
    try:
        _, shooter, target = urlstate.fantasy_pick(values["unit"] if name == "unit" else "",
                                                   values["target_unit"] if name != "unit" else "",
                                                   values["weapon"] if name == "unit" else "")
    except ValueError:
        return ()
    return shooter if name == "unit" else target


def _weapon_unused(name: str) -> tuple[str, ...]:
    try:
        return urlstate.fantasy_pick("", "", name)[1]
    except ValueError:
        return ()


def _apply(values: dict, name: str, ref: str, unused: tuple[str, ...]) -> None:
    """Put the picked ``values`` into the page's inputs (a widget's callback), the rarer rules shown if either
    part needs them; remember what it could not use."""
    state = st.session_state
    old = state[f"_{P}_values"]
    new = urlstate.as_read(urlstate.FANTASY, values)
    new["extra"] = old["extra"] or new.get("extra", False)
    webui.apply_values(P, urlstate.FANTASY, {**old, **new})
    state[f"_{P}_{name}_unused"] = (ref, unused)
    state[f"{P}_pick_{name}_on"] = False


def _use_unit(ref: str) -> None:
    unit = pick.find(ref)
    values, unused = pick.shooter_from_unit(unit, unit_pick.choices(f"{P}_pick_unit_", ref))
    _apply({"weapon": "", **values, "unit": ref}, "unit", ref, unused)


def _use_target(ref: str) -> None:
    values, unused = pick.target_from_unit(pick.find(ref), unit_pick.choices(f"{P}_pick_target_unit_", ref))
    _apply({**values, "target_unit": ref}, "target_unit", ref, unused)


def _use_weapon() -> None:
    """The missile weapon chosen by name fills the weapon's inputs (of the picked shooter's Strength, with its
    shots); none chosen keeps them as they are."""
    state = st.session_state
    name, values = state[f"{P}_weapon"], state[f"_{P}_values"]
    if not name:
        state[f"_{P}_values"] = {**values, "weapon": ""}
        return
    try:
        picked = urlstate.fantasy_pick(values["unit"], "", name)
    except ValueError:
        picked = urlstate.fantasy_pick("", "", name)
    _apply({**picked[0], "weapon": name}, "unit", values["unit"], picked[1])


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


#: The page, on the calculators' one skeleton.
PAGE = calculator.Calculator(P, urlstate.FANTASY, HELP, situations.fantasy_situation, _headline,
                             _inputs, lambda answer: "The unit's hits", _whys,
                             _unit, _link, below=_second_group)
