"""Fantasy close combat: two units, one round, to the Break test. Collect both sides, ask hitrules, draw."""


import streamlit as st

import webui
import webui_cache
import webui_routes
from hitrules import fantasy
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.situations import combat as combat_situations
from hitrules.situations import pick
from hitrules.steps import anchor
from hitrules.words import chance_text, percent
from views import draw
from views.helps import INPUT_HELP
from views.target import score_input

P = "combat"
BOUNDS = urlstate.bounds(urlstate.COMBAT)
HELP = ("One round of close combat between a charging unit and the unit it charged: Impact Hits, each "
        "Initiative step, Stomps, the combat result and the loser's Break test, exact. Hover a chart for "
        "the fractions; the Why below works through the round in order.")
#: The section of docs/rules.md on close combat, as a link to it on the Rules page.
READING = draw.section_link("Fantasy close combat")
TROOP_NAMES = {t: t.replace("_", " ").capitalize() for t in fantasy.TROOP_TYPES}
RULE_NAMES = {"killing_blow": "Killing Blow", "monster_slayer": "Monster Slayer", "poisoned": "Poisoned Attacks"}
FLAG_NAMES = {"standard": "Standard +1", "battle_standard": "Battle standard +1", "high_ground": "High ground +1",
              "disrupted": "Disrupted (no ranks)",
              "unbreakable": "Unbreakable", "stubborn": "Stubborn", "reroll_sixes": "Enemy re-rolls 6s to hit"}
POSITION_NAMES = {"front": "Front", "flank": "Flank +1", "rear": "Rear +2"}
WEAPON_NAMES = {key: name.capitalize() for key, name in combat_situations.WEAPONS.items()}
BODY_NAMES = {"none": "No armour", "light": "Light armour", "heavy": "Heavy armour", "full_plate": "Full plate"}
SPECIAL_NAMES = {"horde": "Horde", "strike_first": "Strike First", "strike_last": "Strike Last", "frenzy": "Frenzy",
                 "causes_fear": "Causes Fear", "causes_terror": "Causes Terror",
                 "immune_to_psychology": "Immune to Psychology", "stubborn_tests": "Stubborn, but takes its test",
                 "hatred": "Hatred"}
FORMATION_NAMES = {f: f.replace("_", " ").capitalize() for f in urlstate.sides.FORMATIONS}
PRESET_KEY = "combat_preset"
OTHER_COUNTS = ("None", "One", "Two")
HEADLINES_TABLE_HELP = ("the headlines at the top and each chart's numbers as exact fractions (a long one is "
                        "written out only there and in the charts' hover), to read or to download as a CSV file.")
TABLES_NAME = "Tables (CSV)"
#: With the charge part on, over the round's charts when the round shown is not the chosen reaction's.
NO_ROUND = ("The chosen reaction fights no round this turn (or cannot be worked out): this is the round in contact "
            "as it would be if the charged unit Held.")
#: The height of the box the chart is drawn in: the chart's, and a few pixels to spare.
CHART_BOX = figures.COMBAT_HEIGHT + 4


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
    headlines = (_charge_headlines(charged) if charged else ()) + (_headlines(answer, charged is not None)
                                                                   if answer else ())
    if headlines:
        webui_cache.send_now()  # the answer first: the rest of the page is built after it has left
    # Pills, not a select box: one tap, and no widget that reads the whole session state each run.
    st.pills("Start from a match-up", tuple(combat_situations.COMBAT_PRESETS), key=PRESET_KEY,
             format_func=lambda key: combat_situations.COMBAT_PRESETS[key].name, on_change=_apply_preset,
             help="Fills in both sides with published profiles (their source is shown); change anything after.")
    if st.toggle("The charge: reach, react, run", key=_key("charge"),
                 help="Start from the charge: the distance, how each side moves, and the charged unit's reaction. "
                      "The page then works out the whole turn (the Charge roll, the reaction, the round, the Break "
                      "test, the flight and the pursuit), and adds the charge's Initiative bonus itself, so enter "
                      "the charger's Initiative as its profile has it. Off: one round in contact, as before."):
        _charge_inputs(values, charged)
    sides = (("a_", "The charger"), ("d_", "The charged"))
    for column, (p, title) in zip(st.columns(2, gap="large"), sides, strict=True):
        with column:
            _side_inputs(values, _pair(inputs, p), p, title, charged)
    # One toggle for both sides' other inputs: every widget drawn costs time on every rerun.
    if st.toggle("More: ranks, Ld, rules, bonuses", key=_key("more"),
                 help="For both sides: armour, ward and Regeneration, Wounds, troop type, rank width, Leadership, the "
                      "fighting and supporting ranks, AP and weapon rules, to-hit modifier and re-rolls, up to two "
                      "champions, characters or mounts, Impact Hits and Stomps, and the combat result bonuses; with "
                      "the charge on, terrain on the path, each side's movement rules, the pivot's extra distance "
                      "and the charged unit's shooting. They count whether shown or not; hidden, a line sums them up."):
        for column, (p, title) in zip(st.columns(2, gap="large"), sides, strict=True):
            with column:
                st.markdown(f"**{title}: the rest**")
                if values["charge"]:
                    _movement_inputs(p)
                elif p == "a_":
                    st.number_input("Charge's Initiative bonus", *BOUNDS["a_charge_bonus"], step=1,
                                    key=_key("a_charge_bonus"),
                                    help="+1 for each full inch the charger moved, to +3 (+4 into a flank or rear). "
                                         "Added after Strike First or Strike Last (a great weapon strikes at 1, "
                                         "+3: 4). With the charge part on, the page works it out from the distance.")
                _more_inputs(_pair(inputs, p), p)
        if headlines:  # on a phone the inputs run long: the answer again beside them
            st.markdown(_answer_again(headlines), help="The same chances as at the top of the page.")
    if charged and charged.rows:
        _charge_results(key, answer, charged, headlines, values["charge_chart"])
    elif answer:
        _results(key, answer, headlines, charged is not None)
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


def _pair(inputs: combat_situations.CombatInput, p: str) -> tuple:
    """``p``'s side and its enemy."""
    return (inputs.charger, inputs.charged) if p == "a_" else (inputs.charged, inputs.charger)


def _apply_preset() -> None:
    """Put the chosen match-up into every input (drawn or waiting in the page's values), then clear the choice."""
    state = st.session_state
    chosen = state.get(PRESET_KEY)
    if chosen is None:
        return
    webui.apply_values(P, urlstate.COMBAT, urlstate.preset_values(chosen))
    state[PRESET_KEY] = None
    state[f"_{P}_preset_source"] = chosen


def _key(name: str) -> str:
    return webui.key(P, name)


def _side_inputs(values: dict, pair: tuple, p: str, title: str,
                 charged: "combat_situations.ChargePart | None" = None) -> None:
    """One side: its heading, what it needs to hit, with the charge part the charge's Initiative bonus (the
    charger's) and (while the rest is hidden) a line that sums up the rest, then the profile a player reads first
    (models, WS, S, T, I, A)."""
    hit = combat_situations.hit_readout(*pair).hit
    held = "" if hit.score == hit.chart_score else f", **{hit.score}+** after the modifier"
    lines = [f"### {title}", f"**To hit:** WS {pair[0].ws} against WS {pair[1].ws} needs "
             f"**{hit.chart_score}+** on the chart{held}; each attack hits with **{chance_text(hit.probability)}**."]
    if p == "a_" and charged and charged.csit is not None:  # above the I it is added to
        lines.append(f"**+{charged.bonus} Initiative for the charge from {values['distance']}\"**: the page adds it "
                     "to the charger's rank and file and each of its others (at most 10): enter their profile's "
                     f"Initiative below ([our reading](rules#{anchor('Fantasy: the charge')})).")
    lines.append(f"**Who fights:** {_who_fights(pair)}. {_save_text(pair[0])}.")
    if not values["more"]:
        lines.append(_summary(pair) + (f" {_charge_summary(values, p)}" if values["charge"] else ""))
    if values[f"{p}unit"]:
        lines.append(_picked_line(values[f"{p}unit"], p))
    # One element for the heading and the lines under it: every element costs each rerun (about 60 µs).
    st.markdown("\n\n".join(lines))
    if st.toggle("Pick a unit from the army lists", key=f"{P}_pick_{p}on",
                 help="Army, then unit, then its equipment and models: the unit fills every input of this side "
                      "(profile, troop type, armour, weapon, mount, champion, standard and the special rules the "
                      "page knows). Change anything after."):
        _pick_inputs(p)
    row = st.container(horizontal=True)
    row.number_input("Models", *BOUNDS[f"{p}models"], step=1, key=_key(f"{p}models"),
                     help="The unit's rank-and-file models; every enemy attack strikes them.")
    row.number_input("WS", *BOUNDS[f"{p}ws"], step=1, key=_key(f"{p}ws"),
                     help="Weapon Skill, 1 to 10: compared with the enemy's WS on the chart to hit.")
    row.number_input("S", *BOUNDS[f"{p}s"], step=1, key=_key(f"{p}s"), help="The rank and file's Strength.")
    row.number_input("T", *BOUNDS[f"{p}t"], step=1, key=_key(f"{p}t"), help="Toughness, against the enemy's Strength.")
    row.number_input("I", *BOUNDS[f"{p}i"], step=1, key=_key(f"{p}i"),
                     help="Initiative: higher strikes first, equal at the same time. The profile's: with the charge "
                          "part on, the page adds the charge's bonus from the distance; off, the charger's bonus is "
                          "its own input under More (+1 a full inch moved, to +3; to +4 into a flank or rear). A "
                          "thrusting spear's +1 against a charger in its front is added by the page.")
    row.number_input("A", *BOUNDS[f"{p}attacks"], step=1, key=_key(f"{p}attacks"),
                     help="Attacks of each model in the fighting rank; each supporting model makes one.")
    _war_gear(pair, p)


def _war_gear(pair: tuple, p: str) -> None:
    """The side's weapon of war, the armour it wears and its shield (barding for cavalry), and the save they give."""
    side = pair[0]
    row = st.container(horizontal=True)
    row.selectbox("Weapon", tuple(combat_situations.WEAPONS), key=_key(f"{p}weapon"), format_func=WEAPON_NAMES.get,
                  help="The weapon the rank and file fight with this round. A great weapon is S+2, AP -2, Armour "
                       "Bane (1), Strike Last and needs both hands (no shield); a halberd S+1, AP -1 (-2 in a turn "
                       "it charged); a lance S+2, AP -2 only on the charge; spears make supporting attacks (not in "
                       "a turn they charged), and a thrusting spear strikes at +1 Initiative against a charger in "
                       "its front. S above is the model's own: the weapon's bonus is added.")
    row.selectbox("Armour worn", tuple(combat_situations.BODY_ARMOURS), key=_key(f"{p}body"),
                  format_func=BODY_NAMES.get, help="Light armour 6+, heavy 5+, full plate 4+; a shield and barding "
                                                   "improve it by 1 each, and infantry fighting with a hand weapon and "
                                                   "a shield Parry (+1, to at best 3+).")
    row.checkbox("Shield", key=_key(f"{p}shield"), help="+1 to the armour save, unused with a weapon that needs "
                                                        "both hands.")
    if side.troop in combat_situations.BARDED:
        row.checkbox("Barding", key=_key(f"{p}barding"), help="The mounts' armour: +1 to the armour save.")


def _picked_line(ref: str, p: str) -> str:
    """The unit picked for side ``p``, and in one line what the page could not use of it."""
    try:
        unit = pick.find(ref)
    except ValueError:
        return ""
    stored = st.session_state.get(f"_{P}_{p}unused")
    try:
        unused = stored[1] if stored and stored[0] == ref else urlstate.side_pick(ref, p)[1]
    except ValueError as error:
        return str(error)
    army = next((a.name for a in pick.armies() if a.id == unit.army), unit.army)
    left = f" Not used here: {', '.join(unused)}." if unused else " Everything it has is used."
    return f"**{unit.name}** ({army}), from Old World Builder's army lists: its inputs are below.{left}"


def _pick_inputs(p: str) -> None:
    """Army, unit, its equipment, armour, mount, options, command and models; the button fills the side."""
    k = f"{P}_pick_{p}"
    armies = {a.id: a.name for a in pick.armies()}
    army = st.selectbox("Army", tuple(armies), key=f"{k}army", format_func=armies.get)
    units = {u.id: u for u in pick.units(army)}
    unit = units[st.selectbox("Unit", tuple(units), key=f"{k}unit", format_func=lambda i: units[i].name)]
    try:
        models = urlstate.side_pick(unit.ref, p)[0][f"{p}models"]
    except ValueError as error:  # a unit the catalogue has no profile for
        st.caption(f"{error}")
        return
    row = st.container(horizontal=True)
    for label, name, entries in (("Weapon", "equipment", unit.equipment), ("Armour", "armour", unit.armour),
                                 ("Mount", "mount", unit.mounts)):
        if len(entries) > 1:
            default = next((i for i, e in enumerate(entries) if e.default), 0)
            row.selectbox(label, tuple(e.name for e in entries), index=default, key=f"{k}{name}_{unit.ref}")
    for label, name, entries in (("Options", "options", unit.options), ("Command", "command", unit.command)):
        if entries:
            row.multiselect(label, tuple(e.name for e in entries), key=f"{k}{name}_{unit.ref}", placeholder="None")
    row.number_input("Models", *BOUNDS[f"{p}models"], value=models, step=1, key=f"{k}models_{unit.ref}",
                     help="The unit's models, its champion included.")
    st.button(f"Use {unit.name}", key=f"{k}use", on_click=_apply_pick, args=(p, unit.ref),
              help="Fills every input of this side with the unit; the link keeps the pick.")


def _apply_pick(p: str, ref: str) -> None:
    """Put the unit picked for side ``p``, as chosen, into every input of the side (a widget's callback)."""
    state, k = st.session_state, f"{P}_pick_{p}"
    unit = pick.find(ref)
    choices = pick.Choices(*(state.get(f"{k}{n}_{ref}") for n in ("equipment", "armour")),
                      tuple(state.get(f"{k}options_{ref}") or ()), state.get(f"{k}mount_{ref}"),
                      tuple(state.get(f"{k}command_{ref}") or ()), state.get(f"{k}models_{ref}"))
    values, unused = urlstate.pick_values(unit, p, choices)
    webui.apply_values(P, urlstate.COMBAT, {**state[f"_{P}_values"], **values})
    state[f"_{P}_{p}unused"] = (ref, unused)
    state[f"{k}on"] = False


def _save_text(side) -> str:
    """The side's armour save, and whether it was worked out or entered."""
    try:
        save = combat_situations.armour_save(side)
    except ValueError:
        return "Armour: cannot be worked out"
    shown = "no save" if save is None else f"{save}+"
    return f"Armour save {shown}" + (" (entered)" if side.armour != combat_situations.FOLLOWS else "")


def _who_fights(pair: tuple) -> str:
    try:
        return combat_situations.who_fights_line(*pair)
    except ValueError as error:
        return str(error)


def _summary(pair: tuple) -> str:
    """The hidden inputs of ``pair``'s side in one line, so the player sees what counts (summed up while they
    are hidden)."""
    side = pair[0]
    wounds = f"{side.wounds} Wound{'s' if side.wounds > 1 else ''} each"
    fighting, supporting = combat_situations.ranks(*pair)
    parts = [f"{TROOP_NAMES[side.troop]}, {wounds}, {side.width} wide, Ld {side.ld}, "
             f"{FORMATION_NAMES[side.formation].lower()}",
             f"{fighting} fighting, {supporting} supporting, AP {side.strikes.ap}"]
    parts += [RULE_NAMES[r] for r in side.strikes.rules]
    parts += [f"with a {o.kind} ({o.strikes.attacks} A, WS {o.ws}, S {o.strikes.s}, I {o.i})" for o in side.others]
    parts += [f"{label} {hits.hits}" for hits, label in ((side.impact, "Impact Hits"), (side.stomp, "Stomps"))
              if hits is not None]
    if side.position != "front":
        parts.append(f"in the enemy's {side.position}")
    parts += [FLAG_NAMES[f] for f in side.flags]
    parts += [SPECIAL_NAMES[r] for r in side.special]
    if side.mount is not None:
        m = side.mount
        parts.append(f"mounts: {m.attacks} A, WS {m.ws}, S {m.s}, I {m.i}, AP {m.ap}")
    return "; ".join(parts) + "."


def _more_inputs(pair: tuple, p: str) -> None:
    row = st.container(horizontal=True)
    row.selectbox("Armour save", (combat_situations.FOLLOWS, *urlstate.SCORES), key=_key(f"{p}armour"),
                  format_func=lambda x: {"auto": "From the armour worn", "none": "none"}.get(x, f"{x}+"),
                  help="From the armour worn (the default): the armour, shield, barding and weapon above give it. "
                       "Or enter the save your army book gives: it is used as it is.")
    row.number_input("Armoured Hide", *BOUNDS[f"{p}hide"], step=1, key=_key(f"{p}hide"),
                     help="Armoured Hide (X): the armour save from the armour worn is X better (at best 2+, 3+ for "
                          "chariots, monsters and war machines).")
    row.number_input("Wounds", *BOUNDS[f"{p}wounds"], step=1, key=_key(f"{p}wounds"),
                     help="Wounds per model; damage beyond a model's last Wound is lost.")
    row.selectbox("Troop type", fantasy.TROOP_TYPES, key=_key(f"{p}troop"), format_func=TROOP_NAMES.get,
                  help="Sets the models a rank needs, the most Rank Bonus, the Unit Strength per model, and "
                       "whether Killing Blow (infantry, cavalry) or Monster Slayer (monsters) works.")
    row.number_input("Rank width", *BOUNDS[f"{p}width"], step=1, key=_key(f"{p}width"),
                     help="Models in each rank, for the Rank Bonus.")
    row.number_input("Leadership", *BOUNDS[f"{p}ld"], step=1, key=_key(f"{p}ld"),
                     help="For the Break test: 2D6 plus the lost difference against it.")
    fighting, supporting = combat_situations.ranks(*pair)
    row.number_input("Fighting rank", *BOUNDS[f"{p}fighting"], value=None, step=1, key=_key(f"{p}fighting"),
                     placeholder=f"{fighting}: the unit's",
                     help="Models in base contact that strike with all their Attacks. Empty, it follows the unit: "
                          "the smaller of its models and its rank width. A number of yours is kept while it fits.")
    row.number_input("Supporting", *BOUNDS[f"{p}supporting"], value=None, step=1, key=_key(f"{p}supporting"),
                     placeholder=f"{supporting}: the unit's",
                     help="Models in the rank behind: one supporting attack each. Empty, it follows the unit: the "
                          "smaller of the models left and the rank width. A side fought in its flank or rear makes "
                          "none (supporting attacks cannot be made to a unit's flank or rear); the side fighting "
                          "the enemy's flank or rear keeps its own.")
    row.number_input("AP besides the weapon's", *BOUNDS[f"{p}ap"], step=1, key=_key(f"{p}ap"),
                     help=INPUT_HELP["ap"] + " Added to the weapon of war's own AP.")
    score_input(row, "Ward", P, f"{p}ward", "ward")
    score_input(row, "Regeneration", P, f"{p}regen", "regen")
    row.text_input("Multiple Wounds", key=_key(f"{p}mw"), max_chars=8,
                   help=INPUT_HELP["mw"])
    row.number_input("Armour Bane", *BOUNDS[f"{p}bane"], step=1, key=_key(f"{p}bane"),
                     help="A natural 6 to wound improves that wound's AP by this much.")
    row.number_input("To-hit modifier", *BOUNDS[f"{p}mod"], step=1, key=_key(f"{p}mod"),
                     help="Added to the roll to hit (a failed Fear test is -1); a natural 1 always misses and a "
                          "natural 6 always hits.")
    st.radio("Re-roll to hit", ("none", "ones", "failed"), key=_key(f"{p}reroll"), horizontal=True,
             format_func=draw.MELEE_REROLL_NAMES.get, help="Hatred re-rolls misses; a die is re-rolled at most once.")
    _rules(p, "Weapon rules")
    count = st.radio("Champion, character, mount", range(len(combat_situations.OTHER_PREFIXES) + 1),
                     key=_key(f"{p}others"), horizontal=True, format_func=OTHER_COUNTS.__getitem__,
                     help="Up to two more profiles that fight with the unit (its champion, a character, a mount "
                          "such as the knights' warhorses), each with its own Attacks, WS, S, AP, Initiative and "
                          "rules. They are never removed and never count for ranks or Unit Strength. They use "
                          "the unit's to-hit modifier and re-rolls.")
    for c in combat_situations.OTHER_PREFIXES[:count]:
        _other_inputs(f"{p}{c}")
    charger = p == "a_"
    if st.toggle("Impact Hits and Stomps" if charger else "Stomp Attacks", key=_key(f"{p}auto"),
                 help="Hits with no roll to hit, at their own Strength and AP: Impact Hits first of all "
                      "(the charger's only), Stomps last. 0 for none."):
        for name, label in (("impact", "Impact Hits"), ("stomp", "Stomps"))[0 if charger else 1:]:
            row = st.container(horizontal=True)
            row.text_input(label, key=_key(f"{p}{name}"), max_chars=8,
                           help=f"How many {label}: 0 for none, a number or dice (D3, D6+1, 2D6).")
            row.number_input(f"{label} S", *BOUNDS[f"{p}{name}_s"], step=1, key=_key(f"{p}{name}_s"),
                             help="Their Strength, unmodified.")
            row.number_input(f"{label} AP", *BOUNDS[f"{p}{name}_ap"], step=1, key=_key(f"{p}{name}_ap"),
                             help=INPUT_HELP["ap"])
    st.radio("Fights in the enemy's", urlstate.POSITIONS, key=_key(f"{p}position"), horizontal=True,
             format_func=POSITION_NAMES.get, help="Fighting in the enemy's flank gives +1, in its rear +2.")
    st.number_input("Other bonus", *BOUNDS[f"{p}bonus"], step=1, key=_key(f"{p}bonus"),
                    help="Any other whole-number bonus to the combat result (overkill is not modelled).")
    st.multiselect("Bonuses and rules", urlstate.COMBAT_FLAGS, key=_key(f"{p}flags"), format_func=FLAG_NAMES.get,
                   placeholder="None",
                   help="Standard and battle standard +1 each; high ground +1. Disrupted (terrain): no Rank Bonus. "
                        "Unbreakable: Gives Ground instead of a test. Stubborn: Falls Back in Good Order without a "
                        "test. Enemy re-rolls 6s: the enemy must re-roll its natural 6s to hit. Massed Infantry, "
                        "Close Order and Disrupted by a flank or rear charge follow the units.")
    st.multiselect("Special rules", combat_situations.SIDE_RULES, key=_key(f"{p}special"),
                   format_func=SPECIAL_NAMES.get, placeholder="None",
                   help="Horde: Rank Bonus +1. Strike First: Initiative 10; Strike Last: 1 (both: neither). Frenzy: +1 "
                        "Attack in a turn it charged. Causes Fear: the enemy tests as the round begins (-1 to hit "
                        "if failed); Causes Terror: Fear, and an enemy that loses breaks at Leadership -1. Immune to "
                        "Psychology: no Fear test. Hatred: re-rolls failed rolls to hit. Stubborn, but takes its "
                        "test: with Stubborn above, it chooses to take its Break test.")
    st.radio("Formation", urlstate.sides.FORMATIONS, key=_key(f"{p}formation"), horizontal=True,
             format_func=FORMATION_NAMES.get,
             help="Close Order (+1 with Unit Strength 10+ not deeper than wide), Open Order, or Skirmish (no "
                  "Rank Bonus, no Press of Battle).")
    _mount_inputs(p, pair[0])


def _mount_inputs(p: str, side) -> None:
    """A cavalry side's mount: its own Attacks (0: none), WS, S, I and AP; each fighting model's mount strikes."""
    if side.troop not in combat_situations.BARDED and side.mount is None:
        return
    row = st.container(horizontal=True)
    row.number_input("Mount's A", *BOUNDS[f"{p}mount_a"], step=1, key=_key(f"{p}mount_a"),
                     help="The mount's Attacks (0: none). Each model of the fighting rank alive strikes with its "
                          "mount too, at the mount's own Initiative; a supporting model's mount does not.")
    row.number_input("Mount's WS", *BOUNDS[f"{p}mount_ws"], step=1, key=_key(f"{p}mount_ws"), help="Its WS.")
    row.number_input("Mount's S", *BOUNDS[f"{p}mount_s"], step=1, key=_key(f"{p}mount_s"), help="Its Strength.")
    row.number_input("Mount's I", *BOUNDS[f"{p}mount_i"], step=1, key=_key(f"{p}mount_i"), help="Its Initiative.")
    row.number_input("Mount's AP", *BOUNDS[f"{p}mount_ap"], step=1, key=_key(f"{p}mount_ap"),
                     help=INPUT_HELP["ap"])


def _rules(p: str, label: str) -> None:
    st.multiselect(label, urlstate.MELEE_RULES, key=_key(f"{p}rules"), format_func=RULE_NAMES.get, placeholder="None",
                   help="Killing Blow (against infantry and cavalry) or Monster Slayer (against monsters): a natural "
                        "6 to wound allows no armour and no Regeneration save (the ward save still applies) and, "
                        "unsaved, removes the model. Poisoned Attacks: a natural 6 to hit gives +2 to that hit's roll "
                        "To Wound.")


def _other_inputs(c: str) -> None:
    """One of a side's others: what it is, and its profile."""
    row = st.container(horizontal=True)
    row.selectbox("It is a", combat_situations.OTHER_KINDS, key=_key(f"{c}kind"), format_func=str.capitalize,
                  help="How the Why calls it: a champion, a character or a mount. It changes no number.")
    row.text_input("Its Attacks", key=_key(f"{c}attacks"), max_chars=8,
                   help="A number or dice (a mount's D3): all of them strike the enemy's rank and file.")
    row.number_input("Its WS", *BOUNDS[f"{c}ws"], step=1, key=_key(f"{c}ws"), help="Its Weapon Skill.")
    row.number_input("Its S", *BOUNDS[f"{c}s"], step=1, key=_key(f"{c}s"), help="Its Strength.")
    row.number_input("Its AP", *BOUNDS[f"{c}ap"], step=1, key=_key(f"{c}ap"), help=INPUT_HELP["ap"])
    row.number_input("Its I", *BOUNDS[f"{c}i"], step=1, key=_key(f"{c}i"), help="Its Initiative step.")
    _rules(c, "Its weapon rules")


def _chart(key, build):
    return build(combat_situations.shown_round(key))


def _plot(where, key, name: str, figure) -> None:
    where.plotly_chart(webui_cache.shared(_chart, key, figure), key=f"{P}_{name}_chart",
                       config={"displayModeBar": False})


#: The round's charts, by their value in the link: the chooser's name, the figure, the table, the element's key.
CHARTS = {"difference": ("Score difference", figures.difference_figure, figures.difference_table, "difference"),
          "break": ("Break tests", figures.break_figure, figures.break_table, "break-test"),
          "lost": ("Models lost", figures.models_lost_figure, figures.models_lost_table, "models-lost")}
#: What the chooser calls each choice.
CHART_NAMES = {**{c: n for c, (n, *_) in CHARTS.items()}, "tables": TABLES_NAME}
#: The same with the charge part on: the reactions first, and the round's charts named as the round's.
CHARGE_CHART_NAMES = {"reactions": "Reactions side by side",
                      **{c: f"The round: {n[0].lower()}{n[1:]}" for c, n in CHART_NAMES.items() if c in CHARTS},
                      "tables": TABLES_NAME}


def _tables(key, headlines: tuple, charged: "combat_situations.ChargePart | None" = None) -> None:
    """The table of the ``headlines`` drawn at the top, then (with the charge part) the reactions' table, then
    each chart's table of the round (none where the round is refused), each exact and with its CSV."""
    draw.table_with_download(P, f"{P}-headlines", figures.headlines_table,
                             tuple((label, chance) for label, chance, _ in headlines), always=True,
                             label="Download CSV: headlines")
    if charged:
        draw.table_with_download(P, f"{P}-reactions", _reactions_table, charged.csit, always=True,
                                 label="Download CSV: reactions")
    if key is None:
        return
    for _, _, table, name in CHARTS.values():
        draw.table_with_download(P, f"{P}-{name}", _chart, key, table, always=True,
                                 label=f"Download CSV: {name.replace('-', ' ')}")


def _preset_source() -> None:
    source = st.session_state.get(f"_{P}_preset_source")
    if source in combat_situations.COMBAT_PRESETS:
        st.caption(f"Started from “{combat_situations.COMBAT_PRESETS[source].name}”: "
                   f"{combat_situations.COMBAT_PRESETS[source].source}")


# One chart at a time, as Explore shows one view: redrawing Plotly charts is most of a browser's work when an
# input changes (three were about 40 ms of its 110 ms in Chromium), and the chooser is one tap. The tables are
# its last choice, not a toggle of their own: a widget fewer on every rerun, and the link keeps them open.
def _chooser(name: str, choices: tuple[str, ...], help: str, names: dict = CHART_NAMES) -> str:
    return st.segmented_control("Show", choices, key=_key(name), required=True, format_func=names.get, help=help)


def _round_chart(key, chosen: str) -> None:
    """The round's chart ``chosen`` in a box of fixed height. Streamlit 1.67 gives a Plotly chart a new identity
    whenever its figure changes, so every change takes the old chart away and draws a new one: without the box,
    the page below it jumped up and back while that happened, and the browser laid it out twice
    (bench/browser.py: about 4 ms of /combat's 89 ms)."""
    _, figure, _, name = CHARTS[chosen]
    _plot(_chart_box(), key, name, figure)


def _chart_box():
    return st.container(height=CHART_BOX, border=False, autoscroll=False, key=f"{P}_chart_box")


def _results(key, answer, headlines: tuple, charging: bool) -> None:
    """The round's charts, one at a time, or the tables (:func:`_tables`), and the Why of the round. With the
    charge part on (and no charge worked out: the distance is out of reach), the round in contact, said so."""
    _preset_source()
    if charging:
        st.markdown(f"### The round in contact\n\n{NO_ROUND}")
    chosen = _chooser("chart", urlstate.COMBAT_CHARTS,
                      "The score difference (the combat result); each side's chance to lose and how (Break, Fall "
                      "Back, Give Ground); the models each side loses; or the tables: " + HEADLINES_TABLE_HELP)
    if chosen in CHARTS:
        _round_chart(key, chosen)
    else:
        _tables(key, headlines)
    draw.why("Why: the round in order", answer.steps, None, after=f"Our reading of the round: {READING}.")


# ----- The charge part (issue 28) -----

#: The sections of docs/rules.md on the charge, as links to them on the Rules page.
CHARGE_READING = ", ".join(draw.section_link(h) for h in (
    "Fantasy: the charge", "Fantasy charge: the reactions", "Fantasy charge: after the Break test"))
REACTION_HELP = ("What the charged unit does. Hold: it stays and fights. Stand & Shoot: it shoots the charger "
                 "first (at -1 to hit), allowed only when the charger starts at least its Movement away. Flee: it "
                 "flees 2D6 and is run down if the charge range is at least the distance + the flight (+ the "
                 "pivot). The chart below shows all three side by side.")
MOVE_NAMES = {"swiftstride": "Swiftstride", "finest_warhorses": "Finest Warhorses", "resolute": "Resolute",
              "war_machine": "War machine", "hold_your_ground": "Hold Your Ground", "no_pursuit": "Does not pursue"}
def _charge_headlines(charged: combat_situations.ChargePart) -> tuple:
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


def _charge_inputs(values: dict, charged: combat_situations.ChargePart | None) -> None:
    """The distance, the charger's Movement, the reaction and (chosen, or with More) Stand & Shoot's shots; each
    refusal beside the input that caused it."""
    # Keyed, for the screenshots of the charge part (tests/test_combat_browser.py). Terrain, the movement rules,
    # the pivot and the shots sit under More (with More off each side's line sums them up): a widget fewer.
    row = st.container(horizontal=True, key=f"{P}_charge_part")
    row.number_input("Distance (inches)", *BOUNDS["distance"], step=1, key=_key("distance"),
                     help="From the charger to the charged unit, in whole inches: at most the charger's maximum "
                          "possible charge range, M + 6 (+ 3 with Swiftstride).")
    row.number_input("Charger's M", *BOUNDS["a_m"], step=1, key=_key("a_m"),
                     help="The charger's Movement (a flier: its Fly value). Its charge range is M + 2D6 keep the "
                          "higher.")
    row.segmented_control("Reaction", fantasy.REACTIONS, key=_key("reaction"), required=True,
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
    row.text_input("Stand & Shoot: shots", key=_key("ss_shots"), max_chars=8,
                   help="The charged unit's shots when it Stands & Shoots: 0 for none (it has no shooting), a "
                        "number or dice. They hit at -1 (Stand & Shoot) and strike the charger's rank and file.")
    row.number_input("Shots' BS", *BOUNDS["ss_bs"], step=1, key=_key("ss_bs"), help="The shooters' Ballistic Skill.")
    row.number_input("Shots' S", *BOUNDS["ss_s"], step=1, key=_key("ss_s"), help="The shooting's Strength.")
    row.number_input("Shots' AP", *BOUNDS["ss_ap"], step=1, key=_key("ss_ap"), help=INPUT_HELP["ap"])
    row.text_input("Shots' Multiple Wounds", key=_key("ss_mw"), max_chars=8,
                   help=INPUT_HELP["mw"])


def _movement_inputs(p: str) -> None:
    if p == "d_":
        st.number_input("Movement", *BOUNDS["d_m"], step=1, key=_key("d_m"),
                        help="The charged unit's Movement, for its profile: this turn it changes no number (its "
                             "flight and any pursuit are 2D6 whatever its M; Stand & Shoot looks at the charger's).")
    st.multiselect("Movement rules", urlstate.MOVER_RULES, key=_key(f"{p}move"), format_func=MOVE_NAMES.get,
                   placeholder="None",
             help="Swiftstride: + D6 to the Charge roll, a flight and a pursuit, and +3\" to the maximum charge "
                  "range. Finest Warhorses: each die of a Charge, flight or pursuit roll showing a 1 is rolled again "
                  "(never the Swiftstride D6). Resolute: flees and pursues "
                  "1\" less. War machine: flees 1\" less, never pursues. Hold Your Ground: a Break test that makes "
                  "it Break (two to one too) is rolled again, once. Does not pursue: it lets a beaten enemy go.")
    if p == "a_":
        st.checkbox("Terrain on the path", key=_key("terrain"),
                    help="Difficult or dangerous terrain, or a low obstacle, on the charge's path: keep the lower "
                         "die, and M - 1.")
        st.number_input("Pivot's extra distance", *BOUNDS["gap"], step=1, key=_key("gap"),
                        help="Inches the charger's pivot adds to running down a fleeing unit and to every pursuit "
                             "(0 to 12): our reading of the rules leaves it to the player.")


def _charge_summary(values: dict, p: str) -> str:
    """The charge part's hidden inputs of side ``p`` in a sentence (they count hidden too)."""
    rules = [MOVE_NAMES[r] for r in values[f"{p}move"]]
    if p == "a_":
        parts = ["terrain on the path" if values["terrain"] else "no terrain on the path", *rules]
        if values["gap"]:
            parts.append(f"pivot + {values['gap']}\"")
        return "Its charge: " + "; ".join(parts) + "."
    shots = values["ss_shots"]
    parts = [f"M {values['d_m']}", *rules, "Stand & Shoot: no shots" if shots == "0" else
             f"Stand & Shoot: {shots} shots, BS {values['ss_bs']}, S {values['ss_s']}, AP {values['ss_ap']}"]
    return "Against the charge: " + "; ".join(parts) + "."


def _rows(csit):
    """Each reaction the rules allow here and its outcomes' chances, for the chart and the table."""
    return tuple((r, tuple(result.outcomes.values())) for r, result, _ in combat_situations.charge_reactions(csit)
                 if result is not None)


def _reactions_chart(csit, chosen: str):
    return figures.charge_reactions_figure(_rows(csit), chosen)


def _reactions_table(csit):
    return figures.charge_reactions_table(_rows(csit))


def _charge_results(key, answer, charged: combat_situations.ChargePart, headlines: tuple, chosen: str) -> None:
    """One chart at a time: the three reactions side by side (and the reactions the rules refuse here, and
    why), the round in contact's charts, or every table; then the Why of the chosen charge in order (or of the
    Charge roll alone, and the round's)."""
    _preset_source()
    # No heading: each chart's title says what it shows, and the chooser names the round's charts.
    if chosen == "reactions":
        left_out = [f"{figures.REACTION_NAMES[r]}: {why}" for r, result, why in charged.rows if result is None]
        if left_out:
            st.caption("Not on the chart: " + " ".join(left_out))
    elif chosen in CHARTS and not isinstance(key, tuple):
        st.caption(NO_ROUND)
    chosen = _chooser("charge_chart", urlstate.COMBAT_CHARGE_CHARTS,
                      "The three reactions side by side (how this turn ends with each); the round in contact's "
                      "score difference, Break tests and models lost; or the tables: " + HEADLINES_TABLE_HELP,
                      CHARGE_CHART_NAMES)
    if chosen == "reactions":
        # The reactions' chart in the round's box: it is a little lower, and a switch moves nothing below.
        _chart_box().plotly_chart(webui_cache.shared(_reactions_chart, charged.csit, charged.reaction),
                                  key=f"{P}_reactions_chart", config={"displayModeBar": False})
    elif chosen not in CHARTS:
        _tables(key, headlines, charged)  # key is None where the round is refused
    elif answer:
        _round_chart(key, chosen)
    else:
        st.caption("The round in contact cannot be worked out: the line above says why.")
    if charged.chosen:
        draw.why("Why: the charge in order", charged.chosen.steps, None,
                 after=f"Our reading of the charge: {CHARGE_READING}; of the round: {READING}.")
        return
    draw.why("Why: the Charge roll", charged.roll.steps, None, after=f"Our reading: {CHARGE_READING}.")
    if answer:
        draw.why("Why: the round in order", answer.steps, None, after=f"Our reading of the round: {READING}.")
