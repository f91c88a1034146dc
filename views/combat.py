"""Fantasy close combat: two units, one round, to the Break test. Collect both sides, ask hitrules, draw."""

import streamlit as st

import webui
import webui_cache
import webui_routes
from hitrules.edge import urlstate
from hitrules.situations import combat as combat_situations
from hitrules.words import percent
from views import draw
from views.combat_charge import charge_headlines, charge_inputs, charge_results
from views.combat_charts import round_results
from views.combat_side import BOUNDS, READING, P, more_inputs, movement_inputs, side_inputs, side_pair, widget_key

HELP = ("One round of close combat between a charging unit and the unit it charged: Impact Hits, each "
        "Initiative step, Stomps, the combat result and the loser's Break test, exact. Hover a chart for "
        "the fractions; the Why below works through the round in order.")
PRESET_KEY = "combat_preset"


# The page is one fragment: a change of one of its widgets reruns the page alone, not the router
# (app.py's page config, navigation and sidebar), so the server sends and the browser draws this
# page's elements only. In Chromium that took a change from 93 to 81 ms against the trivial page's
# 59 (bench/browser.py; docs/capacity.md). A fragment cannot write to the sidebar, so the links to
# Explore and Learn are on the page.
@st.fragment
def render() -> None:
    values = webui.start_page(P, urlstate.COMBAT, webui_routes.TITLES[P], HELP)
    inputs = _fit_ranks(values)
    sit = _sides(inputs)
    charged = combat_situations.charge_part(sit, inputs, values["reaction"]) if values["charge"] and sit else None
    key, answer = _round(sit, charged)
    headlines = (charge_headlines(charged) if charged else ()) + (_headlines(answer, charged is not None)
                                                                  if answer else ())
    if headlines:
        webui_cache.send_now()  # the answer first: the rest of the page is built after it has left
    # Pills, not a select box: one tap, and no widget that reads the whole session state each run.
    st.pills("Start from a match-up", tuple(combat_situations.COMBAT_PRESETS), key=PRESET_KEY,
             format_func=lambda key: combat_situations.COMBAT_PRESETS[key].name, on_change=_apply_preset,
             help="Fills in both sides with published profiles (their source is shown); change anything after.")
    if st.toggle("The charge: reach, react, run", key=widget_key("charge"),
                 help="Start from the charge: the distance, how each side moves, and the charged unit's reaction. "
                      "The page then works out the whole turn (the Charge roll, the reaction, the round, the Break "
                      "test, the flight and the pursuit), and adds the charge's Initiative bonus itself, so enter "
                      "the charger's Initiative as its profile has it. Off: one round in contact, as before."):
        charge_inputs(values, charged)
    sides = (("a_", "The charger"), ("d_", "The charged"))
    for column, (p, title) in zip(st.columns(2, gap="large"), sides, strict=True):
        with column:
            side_inputs(values, side_pair(inputs, p), p, title, charged)
    # One toggle for both sides' other inputs: every widget drawn costs time on every rerun.
    if st.toggle("More: ranks, Ld, rules, bonuses", key=widget_key("more"),
                 help="For both sides: armour, ward and Regeneration, Wounds, troop type, rank width, Leadership, the "
                      "fighting and supporting ranks, AP and weapon rules, to-hit modifier and re-rolls, up to two "
                      "champions, characters or mounts, Impact Hits and Stomps, and the combat result bonuses; with "
                      "the charge on, terrain on the path, each side's movement rules, the pivot's extra distance "
                      "and the charged unit's shooting. They count whether shown or not; hidden, a line sums them up."):
        for column, (p, title) in zip(st.columns(2, gap="large"), sides, strict=True):
            with column:
                st.markdown(f"**{title}: the rest**")
                if values["charge"]:
                    movement_inputs(p)
                elif p == "a_":
                    st.number_input("Charge's Initiative bonus", *BOUNDS["a_charge_bonus"], step=1,
                                    key=widget_key("a_charge_bonus"),
                                    help="+1 for each full inch the charger moved, to +3 (+4 into a flank or rear). "
                                         "Added after Strike First or Strike Last (a great weapon strikes at 1, "
                                         "+3: 4). With the charge part on, the page works it out from the distance.")
                more_inputs(side_pair(inputs, p), p)
        if headlines:  # on a phone the inputs run long: the answer again beside them
            st.markdown(_answer_again(headlines), help="The same chances as at the top of the page.")
    if charged and charged.rows:
        charge_results(key, answer, charged, headlines, values["charge_chart"])
    elif answer:
        round_results(key, answer, headlines, charged is not None)
    _links(inputs)
    webui.write_link(urlstate.COMBAT, values, combat_situations.combat_values(sit, values) if sit else None)


def _answer_again(headlines: tuple) -> str:
    """The headlines in one line, to repeat near the inputs that change them."""
    return "**The answer:** " + " · ".join(f"{label} {percent(chance)}" for label, chance, _ in headlines)


def _links(inputs: combat_situations.CombatInput) -> None:
    """The charger's melee hit roll on Explore's WS chart and in Learn, a rule at a time."""
    every = webui_routes.pages()
    melee = combat_situations.melee_values(inputs.charger, inputs.charged)
    for page, label, icon, query in webui_cache.shared(_link_queries, tuple(melee.items())):
        st.page_link(every[page], label=label, icon=icon, query_params=query)


def _link_queries(melee: tuple) -> tuple:
    """Each link's page, label, icon and parameters, for the charger's melee roll (its values, as pairs)."""
    melee = dict(melee)
    modifier = melee.pop("modifier")
    return tuple((page, label, icon, urlstate.encode(params, melee | extra)) for page, params, label, extra, icon in (
        ("explore", urlstate.EXPLORE, "The charger's roll on the WS chart", {"view": "melee", "mod": modifier},
         ":material/grid_on:"),
        ("learn", urlstate.LEARN, "Walk through its melee attack", {"section": "combat", "melee_mod": modifier},
         ":material/school:")))


def _headlines(answer, charging: bool = False) -> tuple:
    """The chances to win, draw and lose, and that the charged unit breaks, drawn (exact when the fraction is
    short, as a percentage always) and returned for the table of headlines, which holds every one exactly.
    With the charge on, they are the round's, given that it is fought."""
    given = " Given that the round is fought (the charge reaches)." if charging else ""
    if charging:
        st.caption("**Once in contact:** the round's chances, given that the charge reaches and it is fought.")
    headlines = (("Charger wins", answer.win,
                  "The charger's score is higher, or the charged unit is wiped out." + given),
                 ("Draw", answer.draw, "Equal scores (or both wiped out): no Break test." + given),
                 ("Charger loses", answer.lose,
                  "The charged unit's score is higher, or the charger is wiped out." + given),
                 ("Charged unit breaks", answer.charged_test.get("break", 0),
                  "It loses, fails its Break test and flees. Outnumbered more than two to one by Unit Strength, a "
                  "unit that would Fall Back in Good Order Breaks instead." + given))
    draw.chance_metrics(*headlines)
    return headlines


def _sides(inputs: combat_situations.CombatInput):
    """The two sides as the page holds them, or None with the rules' refusal shown where the results would
    be; the inputs and the hit readouts stay, so the player can change what the rules refuse."""
    try:
        return combat_situations.combat_situation(inputs)
    except ValueError as error:
        st.error(f"{error} Change the settings below to go on.", icon=":material/block:")
        return None


def _round(sit, charged):
    """The round the page shows and its key for the charts: with the charge on, the round after the chosen
    reaction (``ChargeResult.round``), or, where that has none (the charged unit flees, the charge cannot be
    worked out), the round in contact as Hold would have it; off, the round of the sides as entered.
    ``(None, None)`` with the rules' refusal shown when it cannot be worked out."""
    if sit is None or (charged and charged.csit is None):
        return None, None
    key = combat_situations.round_key(sit, charged)
    try:
        return key, combat_situations.shown_round(key)
    except ValueError as error:
        st.error(f"{error} Change the settings below to go on.", icon=":material/block:")
        return None, None


def _fit_ranks(values: dict) -> combat_situations.CombatInput:
    """The page's inputs, typed once (the edge's :func:`urlstate.combat_input`), with each side's own fighting
    and supporting ranks brought within its unit (in the page's values and its inputs too), said so; said too
    when a side fought in its flank or rear makes no supporting attacks."""
    given = urlstate.combat_input(values)
    inputs, lines = combat_situations.fit_ranks(given)
    state = st.session_state
    for p, before, after in (("a_", given.charger, inputs.charger), ("d_", given.charged, inputs.charged)):
        for name in ("fighting", "supporting"):
            if (value := getattr(after, name)) != getattr(before, name):
                values[p + name] = value
                if (key := f"{P}_{p}{name}") in state:
                    state[key] = value
    if lines:
        st.info("\n\n".join(lines) + f" ({READING})", icon=":material/straighten:")
    return inputs


def _apply_preset() -> None:
    """Put the chosen match-up into every input (drawn or waiting in the page's values), then clear the choice."""
    state = st.session_state
    chosen = state.get(PRESET_KEY)
    if chosen is None:
        return
    webui.apply_values(P, urlstate.COMBAT, urlstate.preset_values(chosen))
    state[PRESET_KEY] = None
    state[f"_{P}_preset_source"] = chosen

