"""The /combat page's situation: one round between two sides, folded from the page's inputs, and back.

What a link (or an army file, or a unit picked from a list) gives the page is one :class:`CombatInput`:
a frozen, typed :class:`CombatSideInput` per side and the charge part's :class:`ChargeInput`, made once at
the edge (:func:`hitrules.edge.urlstate.combat_input`) with the dice already parsed. :func:`combat_situation`
folds it into two :class:`fantasy.Side` values, leaving out the inputs that change nothing (a hidden
champion, Impact Hits of 0). :func:`combat_values` turns a situation back into the values of its link,
so a link reproduces what the page shows. The presets (``combat_presets.json``) are match-ups
written as links. Hidden inputs count too: showing them is only the page's choice.

>>> from hitrules.edge import urlstate
>>> inputs = urlstate.combat_input(urlstate.parse_query(urlstate.COMBAT, {"a_ws": "4", "d_ws": "3"}).values)
>>> sit = combat_situation(inputs)
>>> sit.charger.ws, sit.charged.ws, str(hit_readout(inputs.charger, inputs.charged).chance)
(4, 3, '2/3')
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from hitrules import dice, fantasy
from hitrules.fantasy import charging as charge
from hitrules.fantasy.melee import MeleeHit, melee_hit
from hitrules.fantasy.round import MAX_PROFILE_ATTACKS
from hitrules.fantasy.sides import FLAGS, RANK_AND_FILE_ATTACKS_RANGE, RULE_FLAGS
from hitrules.fantasy.troops import TROOPS

#: How many rounds the process keeps worked out (least recently used first out).
ANSWERS_KEPT = 64
#: What each of a side's others is (its name in the Why), and the prefixes of their values: the first
#: keeps the single slot's names of older links (``a_char_attacks``).
OTHER_KINDS = ("champion", "character", "mount")
OTHER_PREFIXES = ("char_", "char2_")
#: Each side's prefix in the page's values, and its name.
SIDES = {"a_": "the charger", "d_": "the charged"}
#: RULES.md §7's whole round as the page's link: 2 models a side of regular infantry, 1 Wound, T3, no saves,
#: Ld 7, both in the fighting rank (as the unit gives: 2 models) with 1 Attack, WS 3, S3; the charger at
#: Initiative 6, the charged at 3. The charger wins 11/32, draws 105/256 and loses 63/256.
WORKED_ROUND = {"a_models": "2", "a_ws": "3", "a_s": "3", "a_i": "6", "a_armour": "none",
                "a_troop": "regular_infantry", "d_models": "2", "d_armour": "none"}
#: Values that only choose what the page shows: both sides' other inputs, shown or not, the chart, and
#: each side's Impact Hits and Stomps inputs (on with none set, they change nothing but show).
DISPLAY = ("more", "chart", "a_auto", "d_auto")
_RULE_FIELDS = {"killing_blow": "killing_blow", "monster_slayer": "monster_slayer", "poisoned": "poisoned"}
#: The weapons of war by their link's key (``great_weapon``), "hand weapon" first: RULES.md §7's table.
WEAPONS = {re.sub(r"[^a-z]+", "_", name).strip("_"): name for name in fantasy.COMBAT_WEAPONS}
#: The body armour a side wears, by its link's key.
BODY_ARMOURS = {name.replace(" ", "_"): name for name in fantasy.ARMOURS}
#: A side's special rules that are yes or no, beside its bonuses (:data:`FLAGS`): the side's own rules, and
#: Hatred (its re-roll of failed rolls to hit).
SIDE_RULES = (*RULE_FLAGS, "hatred")
#: The troop types that may wear barding (cavalry, chariots' beasts are the chariot's).
BARDED = ("light_cavalry", "heavy_cavalry", "monstrous_cavalry")
#: An armour save left to follow the side's armour, shield and weapon (:func:`armour_save`).
FOLLOWS = "auto"
#: The most Attacks a rank-and-file model has (an extra attack of the weapon is held to it).
MAX_RANK_ATTACKS = RANK_AND_FILE_ATTACKS_RANGE[1]


# ----- What the page gives: one typed value per side, made once at the edge -----


@dataclass(frozen=True)
class Strikes:
    """What a melee profile strikes with: its attacks (a number, or dice), Strength, AP, Multiple Wounds,
    Armour Bane and weapon rules (of :data:`_RULE_FIELDS`)."""

    attacks: int | dice.AttackDice
    s: int
    ap: int
    mw: dice.AttackDice
    bane: int
    rules: tuple[str, ...]


@dataclass(frozen=True)
class OtherInput:
    """A champion, character or mount beside the rank and file: what it is, its WS and Initiative, its strikes."""

    kind: str
    ws: int
    i: int
    strikes: Strikes


@dataclass(frozen=True)
class AutomaticInput:
    """Impact Hits or Stomps: how many (dice), their Strength and AP."""

    hits: dice.AttackDice
    s: int
    ap: int


@dataclass(frozen=True)
class MountInput:
    """A cavalry side's mount (the knights' warhorses): each fighting model's mount strikes with its own
    Attacks, WS, Strength, AP and Initiative."""

    attacks: int
    ws: int
    s: int
    i: int
    ap: int


@dataclass(frozen=True)
class CombatSideInput:
    """One side of /combat as the page is given it, every input parsed (the engine checks them when the round
    is made). Each field is named as its link parameter after the side's prefix (``a_ws`` is the charger's
    ``ws``), so the edge makes it field by field. A field named as a :class:`fantasy.Side` field goes to the
    side as it is (:data:`PASSED`): a new input of the side is a field here, its link parameter and its
    widget, nothing more."""

    models: int
    wounds: int
    ws: int
    t: int
    i: int
    armour: int | str | None  # FOLLOWS: worked out from body, shield, barding and weapon (:func:`armour_save`)
    ward: int | None
    regen: int | None
    troop: str
    width: int
    ld: int
    fighting: int | None  # None: the rank follows the unit (:func:`ranks`)
    supporting: int | None
    mod: int
    reroll: str
    position: str
    bonus: int
    flags: tuple[str, ...]
    m: int  # the charge part's: its Movement and movement rules
    move: tuple[str, ...]
    strikes: Strikes
    others: tuple[OtherInput, ...] = ()
    impact: AutomaticInput | None = None
    stomp: AutomaticInput | None = None
    weapon: str = "hand_weapon"  # a key of WEAPONS
    shield: bool = False
    body: str = "none"  # a key of BODY_ARMOURS
    barding: bool = False
    hide: int = 0  # Armoured Hide (X): X better
    formation: str = "close_order"
    special: tuple[str, ...] = ()  # of SIDE_RULES
    mount: MountInput | None = None
    charge_bonus: int = 0  # the charger's, with the charge part off: its Initiative bonus for the charge
    charging: bool = False  # made at the edge: this side charged this turn


@dataclass(frozen=True)
class StandAndShoot:
    """The charged unit's Stand & Shoot: its shots (dice), BS, Strength, AP and Multiple Wounds."""

    shots: dice.AttackDice
    bs: int
    s: int
    ap: int
    mw: dice.AttackDice


@dataclass(frozen=True)
class ChargeInput:
    """The charge part's own inputs: the distance, terrain on the path, the pivot's gap, Stand & Shoot (or none)."""

    distance: int
    terrain: bool
    gap: int
    shooting: StandAndShoot | None


@dataclass(frozen=True)
class CombatInput:
    """Everything /combat is given: the charger, the charged and the charge part."""

    charger: CombatSideInput
    charged: CombatSideInput
    charge: ChargeInput


#: A side with every input at a plain value: :func:`combat_values` replaces what the rules' counts read.
_BLANK = CombatSideInput(1, 1, 3, 3, 3, None, None, None, "regular_infantry", 5, 7, None, None, 0, "none", "front", 0,
                         (), 4, (), Strikes(1, 3, 0, dice.parse_attacks("1"), 0, ()))
#: The side's inputs that go to :class:`fantasy.Side` by name, as they are; the others are folded by hand.
PASSED = tuple(sorted({f.name for f in dataclasses.fields(CombatSideInput)}
                      & {f.name for f in dataclasses.fields(fantasy.Side)}
                      - {"ws", "fighting", "supporting", "others", "impact", "stomp", "mount", "charge_bonus",
                         "weapon"}))


@dataclass(frozen=True)
class CombatSituation:
    """The charger and the charged, each a :class:`fantasy.Side`."""

    charger: fantasy.Side
    charged: fantasy.Side


def _weapon(strikes: Strikes) -> fantasy.Weapon:
    rules = {field: name in strikes.rules for name, field in _RULE_FIELDS.items()}
    return fantasy.Weapon(strikes.s, strikes.ap, strikes.mw, rules.pop("poisoned"), strikes.bane, **rules)


def _automatic(hits: AutomaticInput | None, side_ws: int, side_i: int, ap: int = 0) -> fantasy.Fighters | None:
    """Impact Hits or Stomps, or None when there are none; ``ap``: the troop type's own AP for them (a heavy
    chariot's Impact Hits, a monster's Stomps: -2), where the entered one is not better."""
    if hits is None:
        return None
    return fantasy.Fighters(hits.hits, side_ws, fantasy.Weapon(hits.s, min(hits.ap, ap)), side_i, automatic=True)


def _automatic_ap(side: CombatSideInput, enemy: CombatSideInput) -> tuple[int, int]:
    """The AP the troop type gives its Impact Hits and its Stomps (RULES.md §7: a heavy chariot's Impact Hits,
    and a behemoth's Stomps but against monsters, have AP -2)."""
    return (-2 if side.troop == "heavy_chariots" else 0,
            -2 if side.troop == "monster" and enemy.troop != "monster" else 0)


def side_weapon(side: CombatSideInput, enemy: CombatSideInput) -> fantasy.CombatWeapon:
    """The side's weapon of war as it fights this turn (RULES.md §7's table, through the engine's one
    :func:`fantasy.combat_weapon`): charged, the side charged; a charged side's thrusting spear adds +1
    Initiative against a charger in its front."""
    return fantasy.combat_weapon(WEAPONS[side.weapon], side.strikes.s, charged=side.charging,
                                 charger_in_front=not side.charging and enemy.position == "front")


def _in_ranks(side: CombatSideInput) -> int:
    """The side's others that stand in its front rank: its champion and characters (never a mount)."""
    return sum(1 for other in side.others if other.kind != "mount")


def rules_ranks(side: CombatSideInput, enemy: CombatSideInput) -> tuple[int, int]:
    """The fighting (F) and supporting (S) models of ``side`` as the rules give them (RULES.md §7 "Who
    fights", :func:`fantasy.who_fights`), with no supporting attacks into a flank or rear."""
    others = _in_ranks(side)
    fighting, supporting = fantasy.who_fights(side.models + others, side.width, side.troop,
                                              supports=side_weapon(side, enemy).supports, charged=side.charging,
                                              fought_in=enemy.position, others=others, formation=side.formation)
    return fighting, supporting if enemy.position == "front" else 0


def ranks(side: CombatSideInput, enemy: CombatSideInput) -> tuple[int, int]:
    """The models of ``side`` that fight with their Attacks and those that fight once. Each follows the rules
    (:func:`rules_ranks`) unless the player (or the link) set it; a fighting rank set leaves the rules'
    others within the models behind it.

    >>> from hitrules.edge import urlstate
    >>> inputs = urlstate.combat_input(urlstate.parse_query(urlstate.COMBAT, {"a_models": "8"}).values)
    >>> ranks(inputs.charger, inputs.charged), ranks(inputs.charged, inputs.charger)
    ((5, 0), (5, 5))
    """
    fighting, supporting = rules_ranks(side, enemy)
    if side.fighting is not None:
        fighting = side.fighting
        supporting = max(0, min(supporting, side.models - fighting))
    return fighting, supporting if side.supporting is None else side.supporting


def who_fights_line(side: CombatSideInput, enemy: CombatSideInput) -> str:
    """Who of ``side`` fights and why, in one line: "5 fight; no second rank: it charged, and hand weapons do
    not support"."""
    fighting, supporting = ranks(side, enemy)
    weapon = WEAPONS[side.weapon]
    plural = f"{weapon}s" if not weapon.endswith(")") else weapon
    head = f"{fighting} fight" + (f", {supporting} once each" if supporting else "")
    if side.fighting is not None or side.supporting is not None:
        return head + " (as entered)"
    if enemy.position != "front":
        return head + f"; no supporting attacks: it is fought in its {enemy.position}"
    supports = side_weapon(side, enemy).supports
    press = side.troop in ("regular_infantry", "heavy_infantry") and side.formation != "skirmish"
    why = []
    if press:
        why.append("no second rank: it charged" if side.charging else "the second rank fights (Press of Battle)")
    if supports:
        why.append(f"the next rank supports ({plural})")
    elif side.charging and WEAPONS[side.weapon] in _SUPPORT_UNLESS_CHARGED:
        why.append(f"{plural} do not support in a turn they charged")
    else:
        why.append(f"{plural} do not support")
    return head + "; " + ", and ".join(why)


#: The weapons that make supporting attacks only in a turn they did not charge.
_SUPPORT_UNLESS_CHARGED = ("cavalry spear", "thrusting spear", "long spear", "polearm")


def armour_save(side: CombatSideInput) -> int | None:
    """The side's armour save in combat: the one entered, or (:data:`FOLLOWS`) worked out from its body armour,
    shield, barding and weapon (RULES.md §7 "Armour", Parry included: :func:`fantasy.armour_value`)."""
    if side.armour != FOLLOWS:
        return side.armour
    return fantasy.armour_value(BODY_ARMOURS[side.body], shield=side.shield, barding=side.barding, hide=side.hide,
                                troop_type=side.troop, weapon=WEAPONS[side.weapon])


def shooting_save(side: CombatSideInput) -> int | None:
    """The side's armour save against shooting (Stand & Shoot): the shield counts beside any weapon, no Parry;
    an entered save is the same in both."""
    if side.armour != FOLLOWS:
        return side.armour
    return fantasy.armour_value(BODY_ARMOURS[side.body], shield=side.shield, barding=side.barding, hide=side.hide,
                                troop_type=side.troop, in_combat=False)


def _fit_side(side: CombatSideInput, enemy: CombatSideInput, name: str) -> tuple[CombatSideInput, list[str]]:
    lines = []
    fighting, supporting = side.fighting, side.supporting
    if fighting is not None and fighting > side.models:
        lines.append(f"{name.capitalize()}'s fighting rank ({fighting}) was more than its {side.models} models: "
                     f"now {side.models}, to fit the unit.")
        side = dataclasses.replace(side, fighting=side.models)
    if enemy.position != "front":
        lines.append(f"{name.capitalize()} is fought in its {enemy.position}: supporting attacks cannot be made "
                     f"to a unit's flank or rear, so it makes none.")
        return (dataclasses.replace(side, supporting=0) if supporting else side), lines
    behind = side.models - ranks(side, enemy)[0]
    if supporting is not None and supporting > behind:
        lines.append(f"{name.capitalize()}'s supporting rank ({supporting}) was more than the {behind} models "
                     f"behind its fighting rank: now {behind}, to fit the unit.")
        side = dataclasses.replace(side, supporting=behind)
    return side, lines


def fit_ranks(inputs: CombatInput) -> tuple[CombatInput, tuple[str, ...]]:
    """The page's inputs with each side's own fighting and supporting ranks brought within its unit, and
    a line for each side whose numbers were changed or that makes no supporting attacks because it is
    fought in its flank or rear. Numbers that fit are kept; unset ones follow the unit (:func:`ranks`).

    >>> from hitrules.edge import urlstate
    >>> link = {"a_models": "8", "a_fighting": "5", "a_supporting": "5", "d_models": "2", "d_supporting": "1",
    ...         "a_position": "flank"}
    >>> fitted, lines = fit_ranks(urlstate.combat_input(urlstate.parse_query(urlstate.COMBAT, link).values))
    >>> fitted.charger.supporting, fitted.charged.supporting
    (3, 0)
    >>> print(lines[0])
    The charger's supporting rank (5) was more than the 3 models behind its fighting rank: now 3, to fit the unit.
    """
    (charger_name, charged_name) = SIDES.values()
    charger, charger_lines = _fit_side(inputs.charger, inputs.charged, charger_name)
    charged, charged_lines = _fit_side(inputs.charged, inputs.charger, charged_name)
    return dataclasses.replace(inputs, charger=charger, charged=charged), (*charger_lines, *charged_lines)


def _other_strength(kind: str, side: CombatSideInput) -> int:
    """An other's Unit Strength: a champion's is the unit's per model, a character's 1 (on foot), a mount's 0."""
    per_model = TROOPS[side.troop].unit_strength
    return {"champion": side.wounds if per_model is None else per_model, "character": 1}.get(kind, 0)


def _mount(side: CombatSideInput) -> fantasy.Fighters | None:
    mount = side.mount
    if mount is None:
        return None
    return fantasy.Fighters(mount.attacks, mount.ws, fantasy.Weapon(mount.s, mount.ap), mount.i, side.mod,
                            _reroll(side), name="mount")


def _reroll(side: CombatSideInput) -> str:
    """The side's re-roll to hit: Hatred re-rolls failed rolls."""
    return "failed" if "hatred" in side.special else side.reroll


def _strikes_with(side: CombatSideInput, enemy: CombatSideInput) -> tuple[fantasy.Weapon, fantasy.CombatWeapon]:
    """The rank and file's weapon: the weapon of war's Strength, AP and Armour Bane, with the side's own AP and
    Armour Bane (entered beside it) and weapon rules."""
    cw = side_weapon(side, enemy)
    own = _weapon(side.strikes)
    weapon = dataclasses.replace(own, strength=cw.weapon.strength,
                                 ap=max(fantasy.AP_RANGE[0], cw.weapon.ap + side.strikes.ap),
                                 armour_bane=max(cw.weapon.armour_bane, side.strikes.bane))
    return weapon, cw


def _side(side: CombatSideInput, enemy: CombatSideInput) -> fantasy.Side:
    unit = fantasy.Target(side.t, armour_save(side), side.ward, side.regen, side.wounds, side.models,
                          troop=side.troop)
    reroll = _reroll(side)
    others = tuple(fantasy.Fighters(o.strikes.attacks, o.ws, _weapon(o.strikes), o.i, side.mod, reroll,
                                    name=o.kind, unit_strength=_other_strength(o.kind, side)) for o in side.others)
    flags = {name: name in side.flags for name in FLAGS}
    rules = {name: name in side.special for name in RULE_FLAGS}
    weapon, cw = _strikes_with(side, enemy)
    rules["strike_first"] = rules["strike_first"] or cw.strike_first
    rules["strike_last"] = rules["strike_last"] or cw.strike_last
    attacks = min(MAX_RANK_ATTACKS, side.strikes.attacks + cw.extra_attacks)
    return fantasy.Side(unit, side.ws, side.i + cw.initiative, side.ld, side.width, *ranks(side, enemy), attacks,
                        weapon, others, _automatic(side.impact, side.ws, side.i, _automatic_ap(side, enemy)[0]),
                        _automatic(side.stomp, side.ws, side.i, _automatic_ap(side, enemy)[1]), side.mod, reroll,
                        **{name: getattr(side, name) for name in PASSED if name != "reroll"}, **flags, **rules,
                        mount=_mount(side), charge_bonus=side.charge_bonus)


def combat_situation(inputs: CombatInput) -> CombatSituation:
    """The round the page's inputs describe; a ValueError names an input the rules cannot take."""
    return CombatSituation(_side(inputs.charger, inputs.charged), _side(inputs.charged, inputs.charger))


def _weapon_values(weapon: fantasy.Weapon, p: str) -> dict:
    return {f"{p}s": weapon.strength, f"{p}ap": weapon.ap, f"{p}mw": weapon.multiple_wounds,
            f"{p}bane": weapon.armour_bane, f"{p}rules": tuple(name for name, field in _RULE_FIELDS.items()
                                                                if getattr(weapon, field))}


def _side_values(side: fantasy.Side, p: str) -> dict:
    unit = side.unit
    values = {f"{p}models": unit.models, f"{p}wounds": unit.wounds, f"{p}ws": side.ws, f"{p}t": unit.toughness,
              f"{p}i": side.initiative, f"{p}armour": unit.armour, f"{p}ward": unit.ward,
              f"{p}regen": unit.regeneration, f"{p}troop": unit.troop, f"{p}width": side.rank_width,
              f"{p}ld": side.leadership, f"{p}fighting": side.fighting, f"{p}supporting": side.supporting,
              f"{p}attacks": side.attacks, **_weapon_values(side.weapon, p), f"{p}mod": side.modifier,
              f"{p}flags": tuple(name for name in FLAGS if getattr(side, name)),
              **{f"{p}{name}": getattr(side, name) for name in PASSED}}
    values[f"{p}others"] = len(side.others)
    for other, c in zip(side.others, OTHER_PREFIXES, strict=False):
        values |= {f"{p}{c}kind": other.name, f"{p}{c}attacks": str(dice.parse_attacks(other.attacks)),
                   f"{p}{c}ws": other.ws, f"{p}{c}i": other.initiative, **_weapon_values(other.weapon, f"{p}{c}")}
    values[f"{p}auto"] = side.impact is not None or side.stomp is not None
    for name in ("impact", "stomp"):
        if (hits := getattr(side, name)) is not None:
            values |= {f"{p}{name}": str(dice.parse_attacks(hits.attacks)), f"{p}{name}_s": hits.weapon.strength,
                       f"{p}{name}_ap": hits.weapon.ap}
    return values


#: A side's inputs the round folds into its Side (the weapon of war's S and AP, the spear's Initiative, the worked-out
#: armour, Hatred's re-roll) or that it has no field for: with the page's values given, they come from those.
_ENTERED = ("s", "ap", "bane", "attacks", "i", "armour", "reroll", "weapon", "shield", "body", "barding", "hide",
            "special",
            "mount_a", "mount_ws", "mount_s", "mount_i", "mount_ap", "charge_bonus", "unit")


def _counts_of(values: dict, p: str, enemy: str) -> tuple[int, int]:
    """The rules' fighting and supporting counts (:func:`rules_ranks`) of side ``p`` as its values give it."""
    kinds = [values.get(f"{p}{c}kind") for c in OTHER_PREFIXES[: values[f"{p}others"]]]
    others = tuple(OtherInput(kind, 1, 1, Strikes(1, 1, 0, dice.parse_attacks("1"), 0, ())) for kind in kinds)
    strikes = Strikes(1, values[f"{p}s"], 0, dice.parse_attacks("1"), 0, ())
    side = dataclasses.replace(_BLANK, models=values[f"{p}models"], troop=values[f"{p}troop"],
                               width=values[f"{p}width"], weapon=values.get(f"{p}weapon", "hand_weapon"),
                               formation=values[f"{p}formation"], charging=p == "a_", others=others, strikes=strikes)
    return rules_ranks(side, dataclasses.replace(_BLANK, position=values[f"{enemy}position"]))


def combat_values(sit: CombatSituation, shown: dict | None = None) -> dict:
    """The page's values that reproduce ``sit`` (for its link), with the display choices of ``shown``
    (``more``: whether both sides' other inputs are shown, which count either way; ``chart``: the chart
    shown) and the inputs the round folds (:data:`_ENTERED`: the weapon of war, the armour worn, …) as
    ``shown`` holds them. A fighting or supporting count is left unset where it is what the rules give by
    themselves (:func:`ranks`), or where ``shown`` left it unset."""
    values = _side_values(sit.charger, "a_") | _side_values(sit.charged, "d_")
    if shown:
        values |= {name: shown[name] for p in ("a_", "d_") for n in _ENTERED if (name := p + n) in shown}
    for p, enemy in (("a_", "d_"), ("d_", "a_")):
        fighting, supporting = _counts_of(values, p, enemy)
        if values[f"{p}fighting"] is not None:
            supporting = max(0, min(supporting, values[f"{p}models"] - values[f"{p}fighting"]))
        for name, rules in ((f"{p}fighting", fighting), (f"{p}supporting", supporting)):
            if (shown is None or shown.get(name) is None) and rules == values[name]:
                values[name] = None
    if not shown:
        return values
    if shown.get("charge"):  # the charge part, on: each of its inputs counts (the link's defaults are left out)
        values |= {name: shown[name] for name in CHARGE_NAMES if name in shown}
    # Shown, the Impact Hits and Stomps inputs keep what they hold, though none set changes nothing.
    auto = [f"{p}{kind}{part}" for p in ("a_", "d_") if shown.get(f"{p}auto")
            for kind in ("impact", "stomp") for part in ("", "_s", "_ap")]
    return values | {name: shown[name] for name in (*DISPLAY, *auto) if name in shown}


@lru_cache(maxsize=ANSWERS_KEPT)
def answer(sit: CombatSituation) -> fantasy.RoundResult:
    """The round worked out, once per situation for every user."""
    return fantasy.combat_round(sit.charger, sit.charged)


# ----- The whole charge (issue 28): the same two sides, from a distance, with how each moves -----

#: The charge part's values on the page (hitrules.edge.urlstate.CHARGE): they count only with ``charge`` on.
CHARGE_NAMES = ("charge", "distance", "a_m", "d_m", "a_move", "d_move", "terrain", "reaction", "gap", "ss_shots",
                "ss_bs", "ss_s", "ss_ap", "ss_mw", "charge_chart")


@dataclass(frozen=True)
class ChargeSituation:
    """The whole charge the page's values describe: the round's two sides entered **without** the charge's
    Initiative bonus (the engine adds it from the distance), the distance in inches, each side's movement
    profile, terrain on the path, the charged unit's Stand & Shoot (none, or one group) and the pivot's gap."""

    sides: CombatSituation
    distance: int
    charger_moves: charge.Mover
    charged_moves: charge.Mover
    terrain: bool
    shooting: tuple[fantasy.Group, ...]
    gap: int
    #: The charger's armour against Stand & Shoot (the shield counts beside any weapon, no Parry; 7: no save);
    #: None: its save in combat.
    shooting_armour: int | None = None


def _mover(side: CombatSideInput) -> charge.Mover:
    flags = {name: name in side.move for name in ("swiftstride", "finest_warhorses", "resolute", "war_machine",
                                                  "hold_your_ground")}
    return charge.Mover(side.m, pursues="no_pursuit" not in side.move, **flags)


def _shooting(shooting: StandAndShoot | None) -> tuple[fantasy.Group, ...]:
    """The charged unit's Stand & Shoot: one group of its shots (``-1`` to hit), or none."""
    if shooting is None:
        return ()
    weapon = fantasy.Weapon(shooting.s, shooting.ap, shooting.mw)
    return (fantasy.Group(fantasy.Shot(shooting.bs, stand_and_shoot=True), shooting.shots, weapon,
                          "Stand & Shoot"),)


def _no_save_as_seven(save: int | None) -> int:
    """A save as the charge takes the armour against shooting: 7 for none."""
    return 7 if save is None else save


def charge_situation(sit: CombatSituation, inputs: CombatInput) -> ChargeSituation:
    """The whole charge of the page's inputs, around the round ``sit`` (its sides as the page holds them:
    the charger's Initiative is its profile's). A ValueError names an input the rules cannot take."""
    part = inputs.charge
    return ChargeSituation(sit, part.distance, _mover(inputs.charger), _mover(inputs.charged), part.terrain,
                           _shooting(part.shooting), part.gap, _no_save_as_seven(shooting_save(inputs.charger)))


def whole_charge(inputs: CombatInput) -> ChargeSituation:
    """The whole charge of the page's inputs, around their round (:func:`combat_situation`)."""
    return charge_situation(combat_situation(inputs), inputs)


@lru_cache(maxsize=ANSWERS_KEPT)
def charge_answer(csit: ChargeSituation, reaction: str) -> charge.ChargeResult:
    """The whole charge with the charged unit's ``reaction``, once per situation for every user."""
    return charge.charge(csit.sides.charger, csit.sides.charged, csit.distance, csit.charger_moves,
                         csit.charged_moves, reaction, csit.terrain,
                         csit.shooting if reaction == "stand_and_shoot" else (), csit.gap,
                         shooting_armour=csit.shooting_armour)


@lru_cache(maxsize=ANSWERS_KEPT)
def charge_reactions(csit: ChargeSituation) -> tuple[tuple[str, charge.ChargeResult | None, str | None], ...]:
    """Each reaction (Hold, Stand & Shoot, Flee) with its whole charge, or None and why the rules refuse it."""
    rows = []
    for reaction in charge.REACTIONS:
        if reaction == "stand_and_shoot" and not csit.shooting:
            rows.append((reaction, None, "The charged unit has no shots to Stand & Shoot with (its shots are 0): "
                                         "enter its shooting, or choose Hold or Flee."))
            continue
        try:
            rows.append((reaction, charge_answer(csit, reaction), None))
        except ValueError as error:
            rows.append((reaction, None, str(error)))
    return tuple(rows)


def charge_bonus(csit: ChargeSituation) -> tuple[CombatSituation, int]:
    """The round as the charger strikes in it after this charge (its charge's Initiative bonus added, the
    engine's own rule), and the bonus."""
    charger, bonus = charge.with_charge_bonus(csit.sides.charger, csit.distance)  # one rule, in one place
    return CombatSituation(charger, csit.sides.charged), bonus


def round_in_contact(csit: ChargeSituation) -> fantasy.RoundResult:
    """The round fought if the charge reaches and the charged unit Holds (the round of the Hold reaction)."""
    return answer(charge_bonus(csit)[0])


def shown_round(key) -> fantasy.RoundResult:
    """The round the page shows, by its key: a :class:`CombatSituation` (no charge, or the round in contact), or a
    ChargeSituation and a reaction (the round after that charge, Stand & Shoot's losses carried in)."""
    if isinstance(key, CombatSituation):
        return answer(key)
    return charge_answer(*key).round


@dataclass(frozen=True)
class ChargePart:
    """/combat's charge part worked out: its situation (None when the rules refuse an input, ``why``), the
    Charge roll alone (None when the distance is beyond the maximum possible charge range, ``distance_why``),
    each reaction's whole charge (``rows``: :func:`charge_reactions`), the chosen one's (``chosen``, or None and
    ``chosen_why``), the round in contact (``contact``: Hold's, with the charge's Initiative bonus) and the bonus."""

    csit: ChargeSituation | None
    why: str | None
    reaction: str
    roll: charge.ChargeRoll | None = None
    distance_why: str | None = None
    rows: tuple[tuple[str, charge.ChargeResult | None, str | None], ...] = ()
    chosen: charge.ChargeResult | None = None
    chosen_why: str | None = None
    contact: CombatSituation | None = None
    bonus: int = 0


#: The Charge roll alone, once per mover, distance and terrain for every user.
_charge_roll = lru_cache(maxsize=ANSWERS_KEPT)(charge.charge_roll)


def charge_part(sit: CombatSituation, inputs: CombatInput, reaction: str) -> ChargePart:
    """The charge part of the page's ``inputs`` around the round ``sit``, with the charged unit's ``reaction``
    chosen. Each piece is worked out on its own, so one the rules refuse (said why) never hides the rest."""
    try:
        csit = charge_situation(sit, inputs)
    except ValueError as error:
        return ChargePart(None, str(error), reaction)
    contact, bonus = charge_bonus(csit)
    try:
        roll = _charge_roll(csit.charger_moves, csit.distance, csit.terrain)
    except ValueError as error:  # the charge cannot be declared: the round in contact still shows
        return ChargePart(csit, None, reaction, None, str(error), contact=contact, bonus=bonus)
    rows = charge_reactions(csit)
    _, chosen, chosen_why = next(row for row in rows if row[0] == reaction)
    return ChargePart(csit, None, reaction, roll, None, rows, chosen, chosen_why, contact, bonus)


def round_key(sit: CombatSituation, part: ChargePart | None):
    """The key (for :func:`shown_round`) of the round the page shows: with the charge part, the round after
    the chosen reaction, or, where that has none (the charged unit flees, the charge cannot be worked out),
    the round in contact as Hold would have it; without it, the round of the sides as entered."""
    if part is None:
        return sit
    if part.chosen is not None and part.chosen.round is not None:
        return part.csit, part.reaction
    return part.contact


@dataclass(frozen=True)
class HitReadout:
    """What one side's rank and file needs to hit the other: the melee hit roll worked out (the chart's
    score, the score after modifiers, the chance and why), and the two Weapon Skills."""

    hit: MeleeHit
    ws: int
    target_ws: int

    @property
    def chance(self) -> Fraction:
        return self.hit.probability


def hit_readout(side: CombatSideInput, enemy: CombatSideInput) -> HitReadout:
    """What the rank and file of ``side`` needs to hit ``enemy``, read from the page's inputs (so it answers
    even when the round cannot be worked out), with its modifier and re-rolls and the enemy's forced re-roll
    of 6s."""
    hit = _melee_hit(side.ws, enemy.ws, side.mod, side.reroll, "reroll_sixes" in enemy.flags)
    return HitReadout(hit, side.ws, enemy.ws)


#: Both sides' readouts are drawn on every rerun: each hit roll is worked out once. ``typed``: a
#: bool or float that equals a whole number is still refused, not answered from the cache.
_melee_hit = lru_cache(maxsize=ANSWERS_KEPT, typed=True)(melee_hit)


def melee_values(side: CombatSideInput, enemy: CombatSideInput) -> dict:
    """The melee hit roll of ``side``'s rank and file as Explore's melee view and Learn's combat section
    take it: its WS, the enemy's, its modifier and re-roll, and the enemy's forced re-roll of 6s."""
    return {"ws": side.ws, "target_ws": enemy.ws, "melee_reroll": side.reroll, "sixes": "reroll_sixes" in enemy.flags,
            "modifier": side.mod}


@dataclass(frozen=True)
class CombatPreset:
    """A familiar match-up: its name, where its profiles come from, and its link's parameters."""

    key: str
    name: str
    source: str
    query: tuple[tuple[str, str], ...]


def _load_presets() -> dict[str, CombatPreset]:
    data = json.loads((Path(__file__).with_name("combat_presets.json")).read_text(encoding="utf-8"))
    return {key: CombatPreset(key, entry["name"], entry["source"], tuple(entry["link"].items()))
            for key, entry in data["presets"].items()}


#: The match-ups a player can start from, by key.
COMBAT_PRESETS = _load_presets()


#: The most attacks Explore's "how many attacks to kill" tries: the most one profile strikes with.
MOST_ATTACKS_TO_KILL = MAX_PROFILE_ATTACKS


@dataclass(frozen=True)
class KillQuestion:
    """Explore's "how many attacks to kill k models": one melee profile against one unit."""

    fighters: fantasy.Fighters
    target: fantasy.Target
    target_ws: int
    reroll_sixes: bool
    kills: int
    confidence: int


def _removed(question: KillQuestion, attacks: int):
    fighters = dataclasses.replace(question.fighters, attacks=attacks)
    return fantasy.strike(fighters, question.target, question.target_ws, question.reroll_sixes).models_removed


@lru_cache(maxsize=ANSWERS_KEPT)
def attacks_to_kill(question: KillQuestion) -> tuple[int | None, dice.Distribution]:
    """The fewest attacks that remove at least ``kills`` models with ``confidence`` % chance or more,
    and the models those attacks remove; None (and the models :data:`MOST_ATTACKS_TO_KILL` remove)
    when no number up to that does. The chance grows with every attack, so a binary search finds it.

    >>> q = KillQuestion(fantasy.Fighters(1, 4, fantasy.Weapon(4), 1), fantasy.Target(3, models=10), 3, False, 1, 50)
    >>> attacks_to_kill(q)[0]  # 2/3 to hit, 2/3 to wound: 4/9 an attack
    2
    """
    if not 1 <= question.kills <= question.target.models:
        raise ValueError(f"The models to kill must be between 1 and the unit's {question.target.models} "
                         f"(got {question.kills}).")
    wanted = Fraction(question.confidence, 100)

    def enough(removed) -> bool:
        return removed.at_least(question.kills) >= wanted

    most = _removed(question, MOST_ATTACKS_TO_KILL)
    if not enough(most):
        return None, most
    low, high = question.kills, MOST_ATTACKS_TO_KILL
    while low < high:
        middle = (low + high) // 2
        if enough(_removed(question, middle)):
            high = middle
        else:
            low = middle + 1
    return low, _removed(question, low)
