"""Learn's close combat: one melee attack, who fights in a unit in ranks, and the round it fights."""

import streamlit as st

import webui_cache
import webui_routes
from hitrules import fantasy
from hitrules.edge import urlstate
from hitrules.presentation import ranks
from hitrules.situations import combat as combat_situations
from hitrules.words import chance_text, count_text
from views import draw

P = "learn"
BOUNDS = urlstate.bounds(urlstate.LEARN)


def combat_section(values: dict) -> None:
    """Fantasy close combat: one melee attack a rule at a time with its faces, then a unit in ranks: who fights
    and the round it fights."""
    st.subheader("One melee attack")
    draw.melee_inputs(P, BOUNDS, "melee_mod")
    hit = fantasy.melee_hit(values["ws"], values["target_ws"], values["melee_mod"], values["melee_reroll"],
                           values["sixes"])
    shown = []
    for i, step in enumerate(hit.steps, start=1):
        shown.append(f"{i}. {draw.step_markdown(step)}")
        if step.hitting_faces is not None and step.kind in ("base", "modifier", "roll"):
            shown.append(f"   {draw.faces_row(step.hitting_faces)}")
    st.markdown("\n".join(shown))
    _ranks()


#: The combat lesson's two units (RULES.md §7's worked example "Who fights"): the name, its Toughness, armour
#: (worn with a shield), Leadership and weapon, and its rules.
_UNITS = {"a": ("Orc Boyz", 4, "light", 6, "hand weapon", {"horde": False}),
          "d": ("State Troops", 3, "light", 7, "thrusting spear", {"horde": True})}
#: Who charged this turn: the Orcs (5" into the front: +3 Initiative), the State Troops, or neither (a round
#: after the first).
_CHARGED = {"a": "The Orc Boyz charged", "d": "The State Troops charged", "": "Neither: a later round"}
#: The lesson's bounds for each unit: its models and its rank width.
_MODELS, _WIDTH = (1, 30), (2, 10)  # at most 15 ranks deep: the picture stays under 800 px tall
#: The charge's Initiative bonus in the lesson: 5" into the front, +1 per full inch, at most +3.
_CHARGE_BONUS = 3


def _unit_inputs(column, p: str, charged: str):
    """One unit's weapon, models and rank width (session only: the lesson's link keeps its other inputs),
    and who fights in it, from the engine."""
    name, *_, weapon, _ = _UNITS[p]
    column.markdown(f"**{name}**" + (" (charged)" if charged == p else ""))
    held = column.selectbox("Weapon", ranks.LESSON_WEAPONS, index=ranks.LESSON_WEAPONS.index(weapon),
                            key=f"learn_ranks_{p}_weapon", help="The weapon the unit fights with this round.")
    models = column.number_input("Models", *_MODELS, value=20, step=1, key=f"learn_ranks_{p}_models",
                                 help="The unit's rank and file, all alike.")
    width = column.number_input("Rank width", *_WIDTH, value=5, step=1, key=f"learn_ranks_{p}_width",
                                help="How many models stand side by side in each rank.")
    other = "d" if p == "a" else "a"
    return ranks.unit_ranks(models, width, held, charged=charged == p, charger_in_front=charged == other)


def _lesson_side(unit, p: str, charged: str) -> fantasy.Side:
    """The unit as a side of the round: the worked example's profile (WS 3, S3, I3, A1, a shield), the
    weapon as the table has it this turn, and who fights from the engine."""
    _, toughness, armour, leadership, _, flags = _UNITS[p]
    held = fantasy.combat_weapon(unit.weapon, 3, charged=charged == p, charger_in_front=charged not in ("", p))
    save = fantasy.armour_value(armour, shield=True, troop_type=unit.troop_type, weapon=unit.weapon)
    target = fantasy.Target(toughness, save, models=unit.models, troop=unit.troop_type)
    return fantasy.Side(target, 3, 3 + held.initiative, leadership, unit.rank_width, unit.fighting,
                        unit.press + unit.supporting, unit.attacks, held.weapon, strike_first=held.strike_first,
                        strike_last=held.strike_last, charge_bonus=_CHARGE_BONUS if charged == p else 0, **flags)


def _ranks() -> None:
    """A unit in ranks: who fights and how many attacks each model makes, drawn from the engine's who_fights,
    one line per side of why, and the round the two units fight."""
    st.subheader("A unit in ranks: who fights")
    st.markdown("The rules' worked example: **20 Orc Boyz charge 5\" into the front of 20 State Troops**, both "
                "regular infantry 5 wide (WS 3, S3, I3, 1 Attack; the Orcs T4 with hand weapons, light armour and "
                "shields, 4+ as they Parry; the State Troops T3, a Horde, with thrusting spears, light armour and "
                "shields, 5+). A model in the **fighting rank** strikes with its Attacks. Regular and heavy "
                "infantry fight with their next rank too, by **Press of Battle**, except in a turn they charged; "
                "a weapon that may **Fight in Extra Rank** (spears, whips…) lets the rank behind those "
                "**support**. Each of those strikes once. Change the weapons, who charged, the models and the "
                "rank widths, and watch who fights.")
    charged = st.radio("Who charged this turn", tuple(_CHARGED), format_func=_CHARGED.get, horizontal=True,
                       key="learn_ranks_charged", help="A unit that charged gets no Press of Battle, and a "
                       "spear does not support in a turn it charged.")
    columns = st.columns(2)
    units = {p: _unit_inputs(column, p, charged) for column, p in zip(columns, _UNITS, strict=True)}
    names = {p: _UNITS[p][0] for p in _UNITS}
    st.plotly_chart(webui_cache.shared(ranks.ranks_figure, units["a"], units["d"], names["a"], names["d"]),
                    key="learn_ranks_picture", config={"displayModeBar": False})
    st.markdown("\n".join(f"- **{names[p]}**: {ranks.ranks_words(units[p])} "
                           f"{count_text(units[p].strikes, 'attack')} in all." for p in _UNITS))
    _lesson_round(units, names, charged)


def _lesson_round(units: dict, names: dict, charged: str) -> None:
    """The round the two units fight, as the engine works it out: the side that charged strikes as the charger."""
    order = ("d", "a") if charged == "d" else ("a", "d")
    sides = [_lesson_side(units[p], p, charged) for p in order]
    result, refused = draw.attempt(webui_cache.shared, fantasy.combat_round, *sides)
    st.subheader("The round they fight")
    if result is None:
        draw.refusal("The round", refused)
        return
    win, lose = (result.win, result.lose) if order[0] == "a" else (result.lose, result.win)
    draw.metrics_row((f"{names['a']} win", chance_text(win), None), ("Draw", chance_text(result.draw), None),
                     (f"{names['a']} lose", chance_text(lose), None))
    if not charged:
        st.caption(f"Neither charged: in the steps, \"the charger\" is the {names['a']}, with no charge bonus.")
    draw.why("The round in order", result.steps, None)
    st.page_link(webui_routes.pages()["combat"],
                 label="Open the Orcs and the State Troops on the combat page, and change them",
                 query_params=dict(combat_situations.COMBAT_PRESETS["orcs_spearmen"].query),
                 icon=":material/swords:")
