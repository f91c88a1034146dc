"""Explore's fantasy close combat views: the WS chart, the attacks to kill, and how far a unit can charge."""

import streamlit as st

import webui
import webui_cache
from hitrules import fantasy
from hitrules.presentation import figures
from hitrules.situations import combat as combat_situations
from hitrules.words import chance_text
from views import draw
from views.explore_inputs import BOUNDS, FANTASY_MOST, P, fit_fantasy, unit_picks
from views.target import score_input


def melee_view(values: dict) -> None:
    """The melee hit chance for every pair of Weapon Skills, with the player's cell outlined."""
    unit_picks(values, shooting=False)
    draw.melee_inputs(P, BOUNDS, "mod")
    args = (values["mod"], values["melee_reroll"], values["sixes"])
    cell = (values["ws"], values["target_ws"])
    st.plotly_chart(webui_cache.shared(figures.melee_heatmap_figure, *args, cell), key="explore_melee",
                    config={"displayModeBar": False})
    chance = fantasy.melee_hit_chance(*cell, *args)
    st.markdown(f"Your cell, WS {cell[0]} against WS {cell[1]}: **{fantasy.melee_score(*cell)}+** on the chart, "
                f"**{chance_text(chance)}** an attack with your modifier and re-rolls.")
    st.caption("Each cell is the chart's score and the exact chance. The chart: 2+ against a WS less than half "
               "yours, 3+ against a lower WS, 4+ up to twice yours, 5+ beyond. There is no 7+ in combat.")
    draw.table_with_download(P, "melee-grid", figures.melee_grid_table, *args)


def kill_view(values: dict) -> None:
    """The fewest melee attacks that kill at least k models of a unit with the chance wanted."""
    unit_picks(values, shooting=False)
    fit_fantasy(values, ("strength", "toughness", "wounds"))
    draw.melee_inputs(P, BOUNDS, "mod")
    row = st.container(horizontal=True)
    row.number_input("Strength", 1, FANTASY_MOST["strength"], step=1, key=webui.key(P, "strength"),
                     help="The attacker's Strength.")
    row.number_input("Toughness", 1, FANTASY_MOST["toughness"], step=1, key=webui.key(P, "toughness"),
                     help="The target's Toughness.")
    for name, label, kind in (("save", "Armour", "armour"), ("ward", "Ward save", "ward"),
                              ("regen", "Regeneration", "regen")):
        score_input(row, label, P, name, kind)
    row.number_input("Wounds per model", 1, FANTASY_MOST["wounds"], step=1, key=webui.key(P, "wounds"),
                     help="Wounds of each target model.")
    row.number_input("Models", *BOUNDS["models"], step=1, key=webui.key(P, "models"), help="The target unit's models.")
    row.number_input("Models to kill", *BOUNDS["kills"], step=1, key=webui.key(P, "kills"),
                     help="How many models you want to remove, at least.")
    row.slider("With this chance (%)", *BOUNDS["confidence"], key=webui.key(P, "confidence"),
               help="How sure you want to be of killing them.")
    try:
        question = combat_situations.KillQuestion(
            fantasy.Fighters(1, values["ws"], fantasy.Weapon(values["strength"]), 1, values["mod"],
                             values["melee_reroll"]),
            fantasy.Target(values["toughness"], values["save"], values["ward"], values["regen"], values["wounds"],
                           values["models"]), values["target_ws"], values["sixes"], values["kills"],
            values["confidence"])
        needed, removed = combat_situations.attacks_to_kill(question)
    except ValueError as error:
        st.error(f"{error} Change the settings above to go on.", icon=":material/block:")
        return
    kills = values["kills"]
    if needed is None:
        st.markdown(f"Even **{combat_situations.MOST_ATTACKS_TO_KILL} attacks** do not kill {kills} with "
                    f"{values['confidence']}% chance: they do with {chance_text(removed.at_least(kills))}.")
    else:
        st.markdown(f"You need **{needed} attacks** to kill at least {kills} model{'s' if kills > 1 else ''} with "
                    f"{values['confidence']}% chance or more: they do with {chance_text(removed.at_least(kills))}.")
    st.plotly_chart(webui_cache.shared(figures.distribution_figure, removed, f"Models killed by {needed or 'the most'} "
                                 "attacks", "models"), key="explore_kill", config={"displayModeBar": False})
    draw.table_with_download(P, "kill", figures.distribution_table, removed, "models removed")


def charge_view(values: dict) -> None:
    """How far can I charge? The chance the Charge roll reaches each distance, one line per Movement."""
    row = st.container(horizontal=True)
    row.number_input("Your Movement", *BOUNDS["movement"], step=1, key=webui.key(P, "movement"),
                     help="Your unit's Movement (a flier: its Fly value). Its line is the thick one.")
    row.number_input("Distance (inches)", *BOUNDS["distance"], step=1, key=webui.key(P, "distance"),
                     help="How far the enemy is, in whole inches.")
    row.toggle("Swiftstride", key=webui.key(P, "swiftstride"), help="+ D6 to the charge range, never discarded.")
    row.toggle("Terrain on the path", key=webui.key(P, "terrain"),
               help="Difficult or dangerous terrain, or a low obstacle: keep the lower die, and M - 1.")
    movement, distance, swift, terrain = (values[k] for k in ("movement", "distance", "swiftstride", "terrain"))
    draw.chart("explore_charge", "The chart of charge ranges", figures.charge_reach_figure, swift, terrain, movement)
    mover = fantasy.Mover(movement, swiftstride=swift)
    most = fantasy.max_charge_range(mover)
    if distance > most:
        st.markdown(f"From {distance}\" a unit of M {movement} cannot declare a charge: its maximum possible charge "
                    f"range is **{most}\"** (M + 6{' + 3 with Swiftstride' if swift else ''}).")
    else:
        reach = fantasy.charge_range(mover, terrain).at_least(distance)
        st.markdown(f"M {movement} from {distance}\": the charge reaches with **{chance_text(reach)}**.")
    st.caption("The Charge roll is 2D6, keep the higher: a kept 6 comes from 11 of the 36 rolls and a 1 from 1, so "
               "the lines fall slowly at first. A charge reaches when its range is at least the distance (our "
               "reading: [the charge](rules#fantasy-the-charge)). Beyond M + 6 (+ 3 with "
               "Swiftstride) a charge cannot be declared, though a Swiftstride roll can go farther.")
    draw.table_with_download(P, f"charge-{int(swift)}{int(terrain)}", figures.charge_reach_table, swift, terrain)
