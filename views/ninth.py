"""9th (and 8th) edition attack, from the hit roll to the models removed: collect, ask hitrules, draw."""

import streamlit as st

import webui
from hitrules import ninth, situations
from hitrules.edge import urlstate
from hitrules.situations import profiles
from hitrules.situations.presets import PRESETS
from hitrules.words import chance_text, count_text
from views import calculator, draw, pictures
from views import unit as unit_view
from views.target import target_inputs

P = "ninth"
BOUNDS = urlstate.bounds(urlstate.NINTH)
SKILLS = range(BOUNDS["skill"][0], BOUNDS["skill"][1] + 1)
HELP = ("Roll a D6 per attack: roll + modifier ≥ X hits. 9th edition caps "
        "the modifier at ±1; an unmodified 6 always hits and an unmodified 1 always fails.")
RULES_NAMES = {"9": "9th edition", "8": "8th edition", **{key: p.name for key, p in PRESETS.items()}}
FLAG_NAMES = {"melee": "Melee attack (uses WS)", "auto": "Automatically hits", "overwatch_fire": "Overwatch fire"}
OW_NAMES = {"overwatch": "The unit has Set Overwatch",
            "eir": "Enemy within Engagement Range",
            "charged": "Target ended a charge in Engagement Range",
            "blast": "The weapon has Blast"}


def _verdict(answer) -> None:
    if answer.verdict is not None:
        (st.success if answer.verdict.allowed else st.error)(answer.verdict.reason)


def _headline(answer) -> tuple:
    result = answer.result
    return (("Hit chance", chance_text(result.probability), "Per attack, exact and rounded."),
            ("Roll needed", result.roll, None),
            draw.mean_metric("Expected hits", answer.distribution.mean,
                             f", from {count_text(answer.attacks, 'attack')}"))


def _modifiers(answer) -> None:
    if answer.result.modifier:
        st.caption(modifier_words(answer.result))


def _whys(answer) -> tuple:
    result = answer.result
    return (("Why: the hit roll", answer.notes + result.steps, (result.faces if result.may_fire else None,)),)


def render() -> None:
    calculator.render(PAGE)


def modifier_words(result: ninth.AttackResult) -> str:
    """What the hit modifiers come to: their sum, and the cap, or why they change nothing."""
    total = f"Modifiers add up to {result.modifier:+d}"
    attack = result.attack
    if attack.auto_hit:
        return f"{total}, but the weapon hits automatically: there is no hit roll to modify."
    if attack.overwatch:
        return f"{total}, but in Overwatch only an unmodified 6 hits: modifiers change nothing."
    if result.net_modifier != result.modifier:
        return f"{total} → capped to {result.net_modifier:+d}."
    return f"{total}."


def _link(values: dict, sit) -> dict:
    """The situation's values and the whole unit's (its added weapons, their order, every weapon fired)."""
    unit = {name: values[name] for name in ("rows", "order")} if sit.weapon else {}
    return situations.ninth_values(sit) | unit | ({"every": values["every"]} if sit.preset and sit.weapon else {})


def _unit(values: dict, sit) -> tuple:
    """The editor of added weapons, and the whole unit with the problems of the weapons left out
    (None when it has only the page's one profile)."""
    every = sit.preset is not None and values["every"]
    own = (profiles.preset_groups(values, sit) if every else
           (ninth.Group(sit.attack, sit.attacks, sit.weapon,
                        PRESETS[sit.preset.key].weapon_names[sit.preset.weapon] if sit.preset
                        else values["name"] or "weapon 1"),))
    shared = ("The unit fires Overwatch, so each ranged row does too (only an unmodified 6 hits); a melee row "
              "cannot." if sit.overwatch else "")
    rows = unit_view.added_weapons(P, "ninth", values, own, shared)
    if sit.overwatch and not sit.overwatch.verdict().allowed:
        st.caption("The unit cannot fire Overwatch here, so the whole unit is not worked out.")
        return None, ()
    return profiles.page_unit("ninth", own, rows, values["order"], sit.target) if len(own) + len(rows) > 1 else (
        None, ())


def _inputs(values: dict) -> None:
    """The attack, its modifiers and re-rolls, and Overwatch."""
    rules = st.radio("Rules", urlstate.NINTH_RULES, key=webui.key("ninth", "rules"), horizontal=True,
                     format_func=RULES_NAMES.get,
                     help="9th edition caps modifiers at ±1 and an unmodified 6 always hits; 8th "
                          "edition does neither. A unit preset sets the edition, skill and attacks "
                          "from the unit's datasheet.")
    if rules not in PRESETS:
        row = st.container(horizontal=True)
        row.selectbox("Skill (X+)", SKILLS, key=webui.key("ninth", "skill"), format_func=lambda x: f"{x}+",
                      help="The BS or WS characteristic: a roll of X or more hits.")
        row.text_input("Attacks", key=webui.key("ninth", "attacks"), max_chars=12,
                       help="A number (10) or dice (D3, D6, 2D6, D6+1).")
    else:
        preset = PRESETS[rules]
        st.number_input("Wounds left", min_value=1, max_value=preset.wounds, step=1, key=webui.key("ninth",
                                                                                                   "wounds_left"),
                        help="The profile degrades: fewer wounds, worse BS.")
        st.selectbox("Weapon", range(len(preset.weapons)), key=webui.key("ninth", "weapon"),
                     format_func=lambda i: preset.weapon_names[i],
                     help="The weapon that fires; only a turret weapon fires twice after a Grinding Advance.")
        if preset.turret_twice:
            st.checkbox(f"{preset.turret_twice['name']}: under half Move", key=webui.key("ninth", "half_move"),
                        help=f"The tank moved under half its Move. {preset.turret_twice['text']}")
        if values["chain"]:
            st.checkbox("Fire every weapon", key=webui.key("ninth", "every"),
                        help="The turret weapon (twice after a Grinding Advance) and the hull weapon (the one chosen "
                             "above, or the first), each at the BS for the wounds left, at the target below.")
    attack_inputs(P, melee=_preset_decides_melee(values, rules))
    target_inputs(P, "ninth", preset=rules if rules in PRESETS else None)


def _preset_decides_melee(values: dict, rules: str) -> bool:
    """Whether the attack's "Melee" choice is the player's: a unit preset's datasheet says whether its
    weapons fight in melee, so with one the choice is not offered, and one made before is dropped
    (the page's values and its widget), as the engine ignores it and the link leaves it out."""
    if rules not in PRESETS:
        return True
    if "melee" in values["attack"]:
        values["attack"] = tuple(flag for flag in values["attack"] if flag != "melee")
        st.session_state[webui.key(P, "attack")] = list(values["attack"])
    return False


def attack_inputs(prefix: str, melee: bool = True) -> None:
    """The modifiers, re-rolls and kind of an attack, and Overwatch: on the calculator and on Learn.
    ``melee=False``: the attack's kind is not the player's to choose (a unit preset's)."""
    st.text_input("Hit modifiers", key=webui.key(prefix, "mods"), max_chars=80, placeholder="e.g. -1, -1, +1",
                  help="Every modifier that applies, separated by commas. The page adds them up "
                       "and applies the cap.")
    st.radio("Re-rolls", ninth.REROLLS, key=webui.key(prefix, "reroll"), horizontal=True,
             format_func=ninth.REROLL_NAMES.get,
             help="A die is re-rolled at most once; the new roll is modified and judged the same way.")
    kinds = ("Melee attacks use Weapon Skill, ranged attacks Ballistic Skill. " if melee else
             "The unit preset's datasheet says whether it fights in melee. ")
    flags = st.pills("The attack", tuple(f for f in urlstate.ATTACK_FLAGS if melee or f != "melee"),
                     key=webui.key(prefix, "attack"), selection_mode="multi", wrap=True, format_func=FLAG_NAMES.get,
                     help=kinds + "A weapon that automatically hits makes no hit roll: each attack scores one hit, "
                                  "in Overwatch too. Overwatch fire: shooting at an enemy unit that was just set up, "
                                  "moved, charged or opened a Hatchway.")
    if "overwatch_fire" in flags:
        st.selectbox("Firing Overwatch because the enemy unit…", ninth.TRIGGERS, key=webui.key(prefix, "trigger"),
                     format_func=ninth.TRIGGER_NAMES.get,
                     help="Overwatch is fired at an enemy unit that is set up, ends a Normal Move, Advance, "
                          "Fall Back or charge move, or opens a Hatchway.")
        st.pills("Overwatch conditions", situations.OVERWATCH_FLAGS, key=webui.key(prefix, "ow"),
                 selection_mode="multi", wrap=True, format_func=OW_NAMES.get,
                 help="Set Overwatch: started at the end of the Move Units step of the unit's "
                      "Movement phase, completed at the end of that turn, and lasting until the end "
                      "of the opponent's next turn. Enemy units within Engagement Range stop "
                      "Overwatch unless the target just finished a charge move within Engagement "
                      "Range of the firing unit. Blast weapons cannot fire Overwatch.")


#: The page, on the calculators' one skeleton.
PAGE = calculator.Calculator(P, urlstate.NINTH, HELP, situations.ninth_situation, _headline,
                             lambda values, answer: _inputs(values),
                             lambda answer: f"Hits from {count_text(answer.attacks, 'attack')}", _whys,
                             _unit, _link,
                             above=_verdict, below=_modifiers,
                             picture=lambda answer: pictures.overwatch("ninth_overwatch_picture", answer.verdict))
