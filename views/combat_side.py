"""/combat: one side's inputs (its profile, war gear, a unit picked from the army lists, the rest under
More, and its movement for the charge part), and the lines that sum up what is hidden."""

import streamlit as st

import webui
from hitrules import fantasy
from hitrules.edge import urlstate
from hitrules.situations import combat as combat_situations
from hitrules.situations import pick
from hitrules.steps import anchor
from hitrules.words import chance_text
from views import draw
from views.helps import INPUT_HELP
from views.target import score_input

P = "combat"
BOUNDS = urlstate.bounds(urlstate.COMBAT)
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
OTHER_COUNTS = ("None", "One", "Two")


def side_pair(inputs: combat_situations.CombatInput, p: str) -> tuple:
    """``p``'s side and its enemy."""
    return (inputs.charger, inputs.charged) if p == "a_" else (inputs.charged, inputs.charger)


def widget_key(name: str) -> str:
    return webui.key(P, name)


def side_inputs(values: dict, pair: tuple, p: str, title: str,
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
        lines.append(_summary(pair) + (f" {charge_summary(values, p)}" if values["charge"] else ""))
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
    row.number_input("Models", *BOUNDS[f"{p}models"], step=1, key=widget_key(f"{p}models"),
                     help="The unit's rank-and-file models; every enemy attack strikes them.")
    row.number_input("WS", *BOUNDS[f"{p}ws"], step=1, key=widget_key(f"{p}ws"),
                     help="Weapon Skill, 1 to 10: compared with the enemy's WS on the chart to hit.")
    row.number_input("S", *BOUNDS[f"{p}s"], step=1, key=widget_key(f"{p}s"), help="The rank and file's Strength.")
    row.number_input("T", *BOUNDS[f"{p}t"], step=1, key=widget_key(f"{p}t"),
                     help="Toughness, against the enemy's Strength.")
    row.number_input("I", *BOUNDS[f"{p}i"], step=1, key=widget_key(f"{p}i"),
                     help="Initiative: higher strikes first, equal at the same time. The profile's: with the charge "
                          "part on, the page adds the charge's bonus from the distance; off, the charger's bonus is "
                          "its own input under More (+1 a full inch moved, to +3; to +4 into a flank or rear). A "
                          "thrusting spear's +1 against a charger in its front is added by the page.")
    row.number_input("A", *BOUNDS[f"{p}attacks"], step=1, key=widget_key(f"{p}attacks"),
                     help="Attacks of each model in the fighting rank; each supporting model makes one.")
    _war_gear(pair, p)


def _war_gear(pair: tuple, p: str) -> None:
    """The side's weapon of war, the armour it wears and its shield (barding for cavalry), and the save they give."""
    side = pair[0]
    row = st.container(horizontal=True)
    row.selectbox("Weapon", tuple(combat_situations.WEAPONS), key=widget_key(f"{p}weapon"),
                  format_func=WEAPON_NAMES.get,
                  help="The weapon the rank and file fight with this round. A great weapon is S+2, AP -2, Armour "
                       "Bane (1), Strike Last and needs both hands (no shield); a halberd S+1, AP -1 (-2 in a turn "
                       "it charged); a lance S+2, AP -2 only on the charge; spears make supporting attacks (not in "
                       "a turn they charged), and a thrusting spear strikes at +1 Initiative against a charger in "
                       "its front. S above is the model's own: the weapon's bonus is added.")
    row.selectbox("Armour worn", tuple(combat_situations.BODY_ARMOURS), key=widget_key(f"{p}body"),
                  format_func=BODY_NAMES.get, help="Light armour 6+, heavy 5+, full plate 4+; a shield and barding "
                                                   "improve it by 1 each, and infantry fighting with a hand weapon and "
                                                   "a shield Parry (+1, to at best 3+).")
    row.checkbox("Shield", key=widget_key(f"{p}shield"), help="+1 to the armour save, unused with a weapon that needs "
                                                        "both hands.")
    if side.troop in combat_situations.BARDED:
        row.checkbox("Barding", key=widget_key(f"{p}barding"), help="The mounts' armour: +1 to the armour save.")


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


def more_inputs(pair: tuple, p: str) -> None:
    row = st.container(horizontal=True)
    row.selectbox("Armour save", (combat_situations.FOLLOWS, *urlstate.SCORES), key=widget_key(f"{p}armour"),
                  format_func=lambda x: {"auto": "From the armour worn", "none": "none"}.get(x, f"{x}+"),
                  help="From the armour worn (the default): the armour, shield, barding and weapon above give it. "
                       "Or enter the save your army book gives: it is used as it is.")
    row.number_input("Armoured Hide", *BOUNDS[f"{p}hide"], step=1, key=widget_key(f"{p}hide"),
                     help="Armoured Hide (X): the armour save from the armour worn is X better (at best 2+, 3+ for "
                          "chariots, monsters and war machines).")
    row.number_input("Wounds", *BOUNDS[f"{p}wounds"], step=1, key=widget_key(f"{p}wounds"),
                     help="Wounds per model; damage beyond a model's last Wound is lost.")
    row.selectbox("Troop type", fantasy.TROOP_TYPES, key=widget_key(f"{p}troop"), format_func=TROOP_NAMES.get,
                  help="Sets the models a rank needs, the most Rank Bonus, the Unit Strength per model, and "
                       "whether Killing Blow (infantry, cavalry) or Monster Slayer (monsters) works.")
    row.number_input("Rank width", *BOUNDS[f"{p}width"], step=1, key=widget_key(f"{p}width"),
                     help="Models in each rank, for the Rank Bonus.")
    row.number_input("Leadership", *BOUNDS[f"{p}ld"], step=1, key=widget_key(f"{p}ld"),
                     help="For the Break test: 2D6 plus the lost difference against it.")
    fighting, supporting = combat_situations.ranks(*pair)
    row.number_input("Fighting rank", *BOUNDS[f"{p}fighting"], value=None, step=1, key=widget_key(f"{p}fighting"),
                     placeholder=f"{fighting}: the unit's",
                     help="Models in base contact that strike with all their Attacks. Empty, it follows the unit: "
                          "the smaller of its models and its rank width. A number of yours is kept while it fits.")
    row.number_input("Supporting", *BOUNDS[f"{p}supporting"], value=None, step=1, key=widget_key(f"{p}supporting"),
                     placeholder=f"{supporting}: the unit's",
                     help="Models in the rank behind: one supporting attack each. Empty, it follows the unit: the "
                          "smaller of the models left and the rank width. A side fought in its flank or rear makes "
                          "none (supporting attacks cannot be made to a unit's flank or rear); the side fighting "
                          "the enemy's flank or rear keeps its own.")
    row.number_input("AP besides the weapon's", *BOUNDS[f"{p}ap"], step=1, key=widget_key(f"{p}ap"),
                     help=INPUT_HELP["ap"] + " Added to the weapon of war's own AP.")
    score_input(row, "Ward", P, f"{p}ward", "ward")
    score_input(row, "Regeneration", P, f"{p}regen", "regen")
    row.text_input("Multiple Wounds", key=widget_key(f"{p}mw"), max_chars=8,
                   help=INPUT_HELP["mw"])
    row.number_input("Armour Bane", *BOUNDS[f"{p}bane"], step=1, key=widget_key(f"{p}bane"),
                     help="A natural 6 to wound improves that wound's AP by this much.")
    row.number_input("To-hit modifier", *BOUNDS[f"{p}mod"], step=1, key=widget_key(f"{p}mod"),
                     help="Added to the roll to hit (a failed Fear test is -1); a natural 1 always misses and a "
                          "natural 6 always hits.")
    st.radio("Re-roll to hit", ("none", "ones", "failed"), key=widget_key(f"{p}reroll"), horizontal=True,
             format_func=draw.MELEE_REROLL_NAMES.get, help="Hatred re-rolls misses; a die is re-rolled at most once.")
    _rules(p, "Weapon rules")
    count = st.radio("Champion, character, mount", range(len(combat_situations.OTHER_PREFIXES) + 1),
                     key=widget_key(f"{p}others"), horizontal=True, format_func=OTHER_COUNTS.__getitem__,
                     help="Up to two more profiles that fight with the unit (its champion, a character, a mount "
                          "such as the knights' warhorses), each with its own Attacks, WS, S, AP, Initiative and "
                          "rules. They are never removed and never count for ranks or Unit Strength. They use "
                          "the unit's to-hit modifier and re-rolls.")
    for c in combat_situations.OTHER_PREFIXES[:count]:
        _other_inputs(f"{p}{c}")
    charger = p == "a_"
    if st.toggle("Impact Hits and Stomps" if charger else "Stomp Attacks", key=widget_key(f"{p}auto"),
                 help="Hits with no roll to hit, at their own Strength and AP: Impact Hits first of all "
                      "(the charger's only), Stomps last. 0 for none."):
        for name, label in (("impact", "Impact Hits"), ("stomp", "Stomps"))[0 if charger else 1:]:
            row = st.container(horizontal=True)
            row.text_input(label, key=widget_key(f"{p}{name}"), max_chars=8,
                           help=f"How many {label}: 0 for none, a number or dice (D3, D6+1, 2D6).")
            row.number_input(f"{label} S", *BOUNDS[f"{p}{name}_s"], step=1, key=widget_key(f"{p}{name}_s"),
                             help="Their Strength, unmodified.")
            row.number_input(f"{label} AP", *BOUNDS[f"{p}{name}_ap"], step=1, key=widget_key(f"{p}{name}_ap"),
                             help=INPUT_HELP["ap"])
    st.radio("Fights in the enemy's", urlstate.POSITIONS, key=widget_key(f"{p}position"), horizontal=True,
             format_func=POSITION_NAMES.get, help="Fighting in the enemy's flank gives +1, in its rear +2.")
    st.number_input("Other bonus", *BOUNDS[f"{p}bonus"], step=1, key=widget_key(f"{p}bonus"),
                    help="Any other whole-number bonus to the combat result (overkill is not modelled).")
    st.multiselect("Bonuses and rules", urlstate.COMBAT_FLAGS, key=widget_key(f"{p}flags"), format_func=FLAG_NAMES.get,
                   placeholder="None",
                   help="Standard and battle standard +1 each; high ground +1. Disrupted (terrain): no Rank Bonus. "
                        "Unbreakable: Gives Ground instead of a test. Stubborn: Falls Back in Good Order without a "
                        "test. Enemy re-rolls 6s: the enemy must re-roll its natural 6s to hit. Massed Infantry, "
                        "Close Order and Disrupted by a flank or rear charge follow the units.")
    st.multiselect("Special rules", combat_situations.SIDE_RULES, key=widget_key(f"{p}special"),
                   format_func=SPECIAL_NAMES.get, placeholder="None",
                   help="Horde: Rank Bonus +1. Strike First: Initiative 10; Strike Last: 1 (both: neither). Frenzy: +1 "
                        "Attack in a turn it charged. Causes Fear: the enemy tests as the round begins (-1 to hit "
                        "if failed); Causes Terror: Fear, and an enemy that loses breaks at Leadership -1. Immune to "
                        "Psychology: no Fear test. Hatred: re-rolls failed rolls to hit. Stubborn, but takes its "
                        "test: with Stubborn above, it chooses to take its Break test.")
    st.radio("Formation", urlstate.sides.FORMATIONS, key=widget_key(f"{p}formation"), horizontal=True,
             format_func=FORMATION_NAMES.get,
             help="Close Order (+1 with Unit Strength 10+ not deeper than wide), Open Order, or Skirmish (no "
                  "Rank Bonus, no Press of Battle).")
    _mount_inputs(p, pair[0])


def _mount_inputs(p: str, side) -> None:
    """A cavalry side's mount: its own Attacks (0: none), WS, S, I and AP; each fighting model's mount strikes."""
    if side.troop not in combat_situations.BARDED and side.mount is None:
        return
    row = st.container(horizontal=True)
    row.number_input("Mount's A", *BOUNDS[f"{p}mount_a"], step=1, key=widget_key(f"{p}mount_a"),
                     help="The mount's Attacks (0: none). Each model of the fighting rank alive strikes with its "
                          "mount too, at the mount's own Initiative; a supporting model's mount does not.")
    row.number_input("Mount's WS", *BOUNDS[f"{p}mount_ws"], step=1, key=widget_key(f"{p}mount_ws"), help="Its WS.")
    row.number_input("Mount's S", *BOUNDS[f"{p}mount_s"], step=1, key=widget_key(f"{p}mount_s"), help="Its Strength.")
    row.number_input("Mount's I", *BOUNDS[f"{p}mount_i"], step=1, key=widget_key(f"{p}mount_i"), help="Its Initiative.")
    row.number_input("Mount's AP", *BOUNDS[f"{p}mount_ap"], step=1, key=widget_key(f"{p}mount_ap"),
                     help=INPUT_HELP["ap"])


def _rules(p: str, label: str) -> None:
    st.multiselect(label, urlstate.MELEE_RULES, key=widget_key(f"{p}rules"), format_func=RULE_NAMES.get,
                   placeholder="None",
                   help="Killing Blow (against infantry and cavalry) or Monster Slayer (against monsters): a natural "
                        "6 to wound allows no armour and no Regeneration save (the ward save still applies) and, "
                        "unsaved, removes the model. Poisoned Attacks: a natural 6 to hit gives +2 to that hit's roll "
                        "To Wound.")


def _other_inputs(c: str) -> None:
    """One of a side's others: what it is, and its profile."""
    row = st.container(horizontal=True)
    row.selectbox("It is a", combat_situations.OTHER_KINDS, key=widget_key(f"{c}kind"), format_func=str.capitalize,
                  help="How the Why calls it: a champion, a character or a mount. It changes no number.")
    row.text_input("Its Attacks", key=widget_key(f"{c}attacks"), max_chars=8,
                   help="A number or dice (a mount's D3): all of them strike the enemy's rank and file.")
    row.number_input("Its WS", *BOUNDS[f"{c}ws"], step=1, key=widget_key(f"{c}ws"), help="Its Weapon Skill.")
    row.number_input("Its S", *BOUNDS[f"{c}s"], step=1, key=widget_key(f"{c}s"), help="Its Strength.")
    row.number_input("Its AP", *BOUNDS[f"{c}ap"], step=1, key=widget_key(f"{c}ap"), help=INPUT_HELP["ap"])
    row.number_input("Its I", *BOUNDS[f"{c}i"], step=1, key=widget_key(f"{c}i"), help="Its Initiative step.")
    _rules(c, "Its weapon rules")


MOVE_NAMES = {"swiftstride": "Swiftstride", "finest_warhorses": "Finest Warhorses", "resolute": "Resolute",
              "war_machine": "War machine", "hold_your_ground": "Hold Your Ground", "no_pursuit": "Does not pursue"}


def movement_inputs(p: str) -> None:
    if p == "d_":
        st.number_input("Movement", *BOUNDS["d_m"], step=1, key=widget_key("d_m"),
                        help="The charged unit's Movement, for its profile: this turn it changes no number (its "
                             "flight and any pursuit are 2D6 whatever its M; Stand & Shoot looks at the charger's).")
    st.multiselect("Movement rules", urlstate.MOVER_RULES, key=widget_key(f"{p}move"), format_func=MOVE_NAMES.get,
                   placeholder="None",
             help="Swiftstride: + D6 to the Charge roll, a flight and a pursuit, and +3\" to the maximum charge "
                  "range. Finest Warhorses: each die of a Charge, flight or pursuit roll showing a 1 is rolled again "
                  "(never the Swiftstride D6). Resolute: flees and pursues "
                  "1\" less. War machine: flees 1\" less, never pursues. Hold Your Ground: a Break test that makes "
                  "it Break (two to one too) is rolled again, once. Does not pursue: it lets a beaten enemy go.")
    if p == "a_":
        st.checkbox("Terrain on the path", key=widget_key("terrain"),
                    help="Difficult or dangerous terrain, or a low obstacle, on the charge's path: keep the lower "
                         "die, and M - 1.")
        st.number_input("Pivot's extra distance", *BOUNDS["gap"], step=1, key=widget_key("gap"),
                        help="Inches the charger's pivot adds to running down a fleeing unit and to every pursuit "
                             "(0 to 12): our reading of the rules leaves it to the player.")


def charge_summary(values: dict, p: str) -> str:
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
