"""/combat's charge part: the distance, the Movement and the reaction, the turn's headlines, and its charts
and Why."""

import streamlit as st

import webui_cache
from hitrules import fantasy
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.situations import combat as combat_situations
from views import draw
from views.combat_charts import (
    CHARGE_CHART_NAMES,
    CHARTS,
    HEADLINES_TABLE_HELP,
    NO_ROUND,
    chart_box,
    chart_chooser,
    chart_tables,
    preset_source,
    reactions_chart,
    round_chart,
)
from views.combat_side import BOUNDS, READING, P, widget_key
from views.helps import INPUT_HELP

#: The sections of docs/rules.md on the charge, as links to them on the Rules page.
CHARGE_READING = ", ".join(draw.section_link(h) for h in (
    "Fantasy: the charge", "Fantasy charge: the reactions", "Fantasy charge: after the Break test"))
REACTION_HELP = ("What the charged unit does. Hold: it stays and fights. Stand & Shoot: it shoots the charger "
                 "first (at -1 to hit), allowed only when the charger starts at least its Movement away. Flee: it "
                 "flees 2D6 and is run down if the charge range is at least the distance + the flight (+ the "
                 "pivot). The chart below shows all three side by side.")


def charge_headlines(charged: combat_situations.ChargePart) -> tuple:
    """The chance to reach, and how this turn ends: the charged unit destroyed, the charger destroyed, the fight
    going on, drawn and returned (as :func:`_headlines`). Without the whole charge (refused), the Charge roll's
    chance alone, and why."""
    if charged.roll is None:
        return ()
    reach = ("Charge reaches", charged.roll.reached,
             "The Charge roll alone reaches: its charge range (M + 2D6 keep the higher, + D6 with Swiftstride) is at "
             "least the distance, whatever the reaction. A range equal to the distance reaches (our reading).")
    result = charged.chosen
    st.caption("**If the charge is declared:** this turn's chances, counted from declaring it, whatever the dice.")
    if result is None:
        draw.chance_metrics(reach)
        if not _refused_by_reaction(charged):
            draw.refusal("The whole charge", charged.chosen_why)
        return (reach,)
    out = result.outcomes
    headlines = (
        reach,
        ("Charged unit destroyed", result.destroyed("charged"),
         "This turn, with the chosen reaction: the charged unit is wiped out in the round, or breaks and is "
         "caught, or flees as its reaction and is run down (both units destroyed included)."),
        ("Charger destroyed", result.destroyed("charger"),
         "This turn, with the chosen reaction: the charger is wiped out by Stand & Shoot or in the round, or "
         "breaks and is caught (both units destroyed included)."),
        ("Fight goes on", out["fight_goes_on"],
         "A draw, a loser that Gives Ground and is followed up, or one that Falls Back and is caught: the combat "
         "carries on next turn."))
    draw.chance_metrics(*headlines)
    return headlines


def _refused_by_reaction(charged: combat_situations.ChargePart) -> bool:
    """Whether only the chosen reaction is refused (Stand & Shoot from too close, or with no shots): the line
    stands beside the reaction, and the others are worked out."""
    return charged.reaction == "stand_and_shoot" and any(r is not None for _, r, _ in charged.rows)


def charge_inputs(values: dict, charged: combat_situations.ChargePart | None) -> None:
    """The distance, the charger's Movement, the reaction and (chosen, or with More) Stand & Shoot's shots; each
    refusal beside the input that caused it."""
    # Keyed, for the screenshots of the charge part (tests/test_combat_browser.py). Terrain, the movement rules,
    # the pivot and the shots sit under More (with More off each side's line sums them up): a widget fewer.
    row = st.container(horizontal=True, key=f"{P}_charge_part")
    row.number_input("Distance (inches)", *BOUNDS["distance"], step=1, key=widget_key("distance"),
                     help="From the charger to the charged unit, in whole inches: at most the charger's maximum "
                          "possible charge range, M + 6 (+ 3 with Swiftstride).")
    row.number_input("Charger's M", *BOUNDS["a_m"], step=1, key=widget_key("a_m"),
                     help="The charger's Movement (a flier: its Fly value). Its charge range is M + 2D6 keep the "
                          "higher.")
    row.segmented_control("Reaction", fantasy.REACTIONS, key=widget_key("reaction"), required=True,
                          format_func=figures.REACTION_NAMES.get, help=REACTION_HELP)
    if charged and charged.distance_why:
        st.error(f"{charged.distance_why} The round in contact below still shows.", icon=":material/block:")
    if charged and charged.chosen is None and _refused_by_reaction(charged):
        st.error(f"{charged.chosen_why} The other reactions still show below.", icon=":material/block:")
    if charged and charged.why:
        st.error(f"{charged.why} Change the charge's settings to go on.", icon=":material/block:")
    if values["more"] or values["reaction"] == "stand_and_shoot":
        _shooting_inputs()


def _shooting_inputs() -> None:
    row = st.container(horizontal=True)
    row.text_input("Stand & Shoot: shots", key=widget_key("ss_shots"), max_chars=8,
                   help="The charged unit's shots when it Stands & Shoots: 0 for none (it has no shooting), a "
                        "number or dice. They hit at -1 (Stand & Shoot) and strike the charger's rank and file.")
    row.number_input("Shots' BS", *BOUNDS["ss_bs"], step=1, key=widget_key("ss_bs"),
                     help="The shooters' Ballistic Skill.")
    row.number_input("Shots' S", *BOUNDS["ss_s"], step=1, key=widget_key("ss_s"), help="The shooting's Strength.")
    row.number_input("Shots' AP", *BOUNDS["ss_ap"], step=1, key=widget_key("ss_ap"), help=INPUT_HELP["ap"])
    row.text_input("Shots' Multiple Wounds", key=widget_key("ss_mw"), max_chars=8,
                   help=INPUT_HELP["mw"])


def charge_results(key, answer, charged: combat_situations.ChargePart, headlines: tuple, chosen: str) -> None:
    """One chart at a time: the three reactions side by side (and the reactions the rules refuse here, and
    why), the round in contact's charts, or every table; then the Why of the chosen charge in order (or of the
    Charge roll alone, and the round's)."""
    preset_source()
    # No heading: each chart's title says what it shows, and the chooser names the round's charts.
    if chosen == "reactions":
        left_out = [f"{figures.REACTION_NAMES[r]}: {why}" for r, result, why in charged.rows if result is None]
        if left_out:
            st.caption("Not on the chart: " + " ".join(left_out))
    elif chosen in CHARTS and not isinstance(key, tuple):
        st.caption(NO_ROUND)
    chosen = chart_chooser("charge_chart", urlstate.COMBAT_CHARGE_CHARTS,
                          "The three reactions side by side (how this turn ends with each); the round in contact's "
                          "score difference, Break tests and models lost; or the tables: " + HEADLINES_TABLE_HELP,
                          CHARGE_CHART_NAMES)
    if chosen == "reactions":
        # The reactions' chart in the round's box: it is a little lower, and a switch moves nothing below.
        chart_box().plotly_chart(webui_cache.shared(reactions_chart, charged.csit, charged.reaction),
                                  key=f"{P}_reactions_chart", config={"displayModeBar": False})
    elif chosen not in CHARTS:
        chart_tables(key, headlines, charged)  # key is None where the round is refused
    elif answer:
        round_chart(key, chosen)
    else:
        st.caption("The round in contact cannot be worked out: the line above says why.")
    if charged.chosen:
        draw.why("Why: the charge in order", charged.chosen.steps, None,
                 after=f"Our reading of the charge: {CHARGE_READING}; of the round: {READING}.")
        return
    draw.why("Why: the Charge roll", charged.roll.steps, None, after=f"Our reading: {CHARGE_READING}.")
    if answer:
        draw.why("Why: the round in order", answer.steps, None, after=f"Our reading of the round: {READING}.")
