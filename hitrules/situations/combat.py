"""The /combat page's situation: one round between two sides, folded from the page's values, and back.

The page hands over the values :mod:`hitrules.edge.urlstate` reads from a link (``a_`` for the
charger, ``d_`` for the charged); :func:`combat_situation` folds them into two
:class:`fantasy.Side` values, leaving out the inputs that change nothing (a hidden champion,
Impact Hits of 0). :func:`combat_values` turns a situation back into the values of its link,
so a link reproduces what the page shows. The presets (``combat_presets.json``) are match-ups
written as links. Hidden inputs count too: showing them is only the page's choice.

>>> from hitrules.edge import urlstate
>>> values = urlstate.parse_query(urlstate.COMBAT, {"a_ws": "4", "d_ws": "3"}).values
>>> sit = combat_situation(values)
>>> sit.charger.ws, sit.charged.ws, str(hit_readout(values, "a_").chance)
(4, 3, '2/3')
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from hitrules import dice, fantasy
from hitrules.fantasy import charging as charge
from hitrules.fantasy.melee import MeleeHit, melee_hit
from hitrules.fantasy.round import MAX_PROFILE_ATTACKS
from hitrules.fantasy.sides import FLAGS

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


@dataclass(frozen=True)
class CombatSituation:
    """The charger and the charged, each a :class:`fantasy.Side`."""

    charger: fantasy.Side
    charged: fantasy.Side


def _weapon(values: dict, p: str) -> fantasy.Weapon:
    rules = {field: name in values[f"{p}rules"] for name, field in _RULE_FIELDS.items()}
    return fantasy.Weapon(values[f"{p}s"], values[f"{p}ap"], values[f"{p}mw"], rules.pop("poisoned"),
                          values[f"{p}bane"], **rules)


def _automatic(values: dict, p: str, name: str, side_ws: int, side_i: int) -> fantasy.Fighters | None:
    """Impact Hits or Stomps of ``p``'s side, or None when there are none (``0``, or the part hidden)."""
    if not values[f"{p}auto"] or values[f"{p}{name}"] == "0":
        return None
    weapon = fantasy.Weapon(values[f"{p}{name}_s"], values[f"{p}{name}_ap"])
    return fantasy.Fighters(values[f"{p}{name}"], side_ws, weapon, side_i, automatic=True)


def _enemy(p: str) -> str:
    return "d_" if p == "a_" else "a_"


def _fought_in(values: dict, p: str) -> str:
    """Where ``p``'s side is fought: ``"front"``, or its enemy's position (``"flank"``, ``"rear"``)."""
    return values[f"{_enemy(p)}position"]


def ranks(values: dict, p: str) -> tuple[int, int]:
    """The models of ``p``'s side in the fighting rank and in the supporting rank. Each follows the unit
    unless the player set it: the fighting rank is the smaller of the models and the rank width, the
    supporting rank the smaller of the models left and the rank width, and none when the side is fought in
    its flank or rear (supporting attacks cannot be made to a unit's flank or rear).

    >>> ranks({"a_models": 8, "a_width": 5, "a_fighting": None, "a_supporting": None, "d_position": "front"}, "a_")
    (5, 3)
    """
    models, width = values[f"{p}models"], values[f"{p}width"]
    fighting = values[f"{p}fighting"]
    if fighting is None:
        fighting = min(models, width)
    supporting = values[f"{p}supporting"]
    if supporting is None:
        supporting = 0 if _fought_in(values, p) != "front" else max(0, min(models - fighting, width))
    return fighting, supporting


def fit_ranks(values: dict) -> tuple[dict, tuple[str, ...]]:
    """The page's values with each side's own fighting and supporting ranks brought within its unit, and
    a line for each side whose numbers were changed or that makes no supporting attacks because it is
    fought in its flank or rear. Numbers that fit are kept; unset ones follow the unit (:func:`ranks`).

    >>> values = {"a_models": 8, "a_width": 5, "a_fighting": 5, "a_supporting": 5, "d_position": "front",
    ...           "d_models": 2, "d_width": 5, "d_fighting": None, "d_supporting": 1, "a_position": "flank"}
    >>> fitted, lines = fit_ranks(values)
    >>> fitted["a_supporting"], fitted["d_supporting"]
    (3, 0)
    >>> print(lines[0])
    The charger's supporting rank (5) was more than the 3 models behind its fighting rank: now 3, to fit the unit.
    """
    fitted, lines = dict(values), []
    for p, name in SIDES.items():
        models, fighting, supporting = values[f"{p}models"], values[f"{p}fighting"], values[f"{p}supporting"]
        if fighting is not None and fighting > models:
            lines.append(f"{name.capitalize()}'s fighting rank ({fighting}) was more than its {models} models: "
                         f"now {models}, to fit the unit.")
            fitted[f"{p}fighting"] = fighting = models
        where = _fought_in(values, p)
        if where != "front":
            lines.append(f"{name.capitalize()} is fought in its {where}: supporting attacks cannot be made to a "
                         f"unit's flank or rear, so it makes none.")
            if supporting:
                fitted[f"{p}supporting"] = 0
            continue
        behind = models - ranks(fitted, p)[0]
        if supporting is not None and supporting > behind:
            lines.append(f"{name.capitalize()}'s supporting rank ({supporting}) was more than the {behind} models "
                         f"behind its fighting rank: now {behind}, to fit the unit.")
            fitted[f"{p}supporting"] = behind
    return fitted, tuple(lines)


def _side(values: dict, p: str) -> fantasy.Side:
    unit = fantasy.Target(values[f"{p}t"], values[f"{p}armour"], values[f"{p}ward"], values[f"{p}regen"],
                          values[f"{p}wounds"], values[f"{p}models"], troop=values[f"{p}troop"])
    modifier, reroll = values[f"{p}mod"], values[f"{p}reroll"]
    others = tuple(fantasy.Fighters(values[f"{c}attacks"], values[f"{c}ws"], _weapon(values, c), values[f"{c}i"],
                                    modifier, reroll, name=values[f"{c}kind"])
                   for c in _other_prefixes(values, p))
    flags = {name: name in values[f"{p}flags"] for name in FLAGS}
    ws, initiative = values[f"{p}ws"], values[f"{p}i"]
    impact = _automatic(values, p, "impact", ws, initiative) if p == "a_" else None  # the charger's only
    return fantasy.Side(unit, ws, initiative, values[f"{p}ld"], values[f"{p}width"], *ranks(values, p),
                        values[f"{p}attacks"], _weapon(values, p), others, impact,
                        _automatic(values, p, "stomp", ws, initiative), modifier, reroll,
                        position=values[f"{p}position"], bonus=values[f"{p}bonus"], **flags)


def _other_prefixes(values: dict, p: str) -> tuple[str, ...]:
    """The parameters' prefixes of ``p``'s others in use (``a_char_``, ``a_char2_``)."""
    return tuple(f"{p}{c}" for c in OTHER_PREFIXES[: values[f"{p}others"]])


def combat_situation(values: dict) -> CombatSituation:
    """The round the page's values describe; a ValueError names an input the rules cannot take."""
    return CombatSituation(_side(values, "a_"), _side(values, "d_"))


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
              f"{p}reroll": side.reroll, f"{p}position": side.position, f"{p}bonus": side.bonus,
              f"{p}flags": tuple(name for name in FLAGS if getattr(side, name))}
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


def combat_values(sit: CombatSituation, shown: dict | None = None) -> dict:
    """The page's values that reproduce ``sit`` (for its link), with the display choices of ``shown``
    (``more``: whether both sides' other inputs are shown, which count either way; ``chart``: the chart
    shown). A fighting or supporting rank is left unset where it is what the unit gives by itself
    (:func:`ranks`), or where ``shown`` left it unset."""
    values = _side_values(sit.charger, "a_") | _side_values(sit.charged, "d_")
    for p in SIDES:
        for i, name in enumerate((f"{p}fighting", f"{p}supporting")):
            unset = values | {f"{p}fighting": None if i else values[f"{p}fighting"], name: None}
            if (shown is None or shown.get(name) is None) and ranks(unset, p)[i] == values[name]:
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


def _mover(values: dict, p: str) -> charge.Mover:
    rules = values[f"{p}move"]
    flags = {name: name in rules for name in ("swiftstride", "finest_warhorses", "resolute", "war_machine",
                                               "hold_your_ground")}
    return charge.Mover(values[f"{p}m"], pursues="no_pursuit" not in rules, **flags)


def _shooting(values: dict) -> tuple[fantasy.Group, ...]:
    """The charged unit's Stand & Shoot: one group of its shots (``-1`` to hit), or none (0 shots)."""
    if values["ss_shots"] == "0":
        return ()
    weapon = fantasy.Weapon(values["ss_s"], values["ss_ap"], values["ss_mw"])
    return (fantasy.Group(fantasy.Shot(values["ss_bs"], stand_and_shoot=True), values["ss_shots"], weapon,
                          "Stand & Shoot"),)


def charge_situation(sit: CombatSituation, values: dict) -> ChargeSituation:
    """The whole charge of the page's values, around the round ``sit`` (its sides as the page holds them:
    the charger's Initiative is its profile's). A ValueError names an input the rules cannot take."""
    return ChargeSituation(sit, values["distance"], _mover(values, "a_"), _mover(values, "d_"), values["terrain"],
                           _shooting(values), values["gap"])


@lru_cache(maxsize=ANSWERS_KEPT)
def charge_answer(csit: ChargeSituation, reaction: str) -> charge.ChargeResult:
    """The whole charge with the charged unit's ``reaction``, once per situation for every user."""
    return charge.charge(csit.sides.charger, csit.sides.charged, csit.distance, csit.charger_moves,
                         csit.charged_moves, reaction, csit.terrain,
                         csit.shooting if reaction == "stand_and_shoot" else (), csit.gap)


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
class HitReadout:
    """What one side's rank and file needs to hit the other: the melee hit roll worked out (the chart's
    score, the score after modifiers, the chance and why), and the two Weapon Skills."""

    hit: MeleeHit
    ws: int
    target_ws: int

    @property
    def chance(self) -> Fraction:
        return self.hit.probability


def hit_readout(values: dict, p: str) -> HitReadout:
    """What the rank and file of ``p``'s side needs to hit the other side, read from the page's values
    (so it answers even when the round cannot be worked out), with its modifier and re-rolls and the
    enemy's forced re-roll of 6s."""
    enemy = "d_" if p == "a_" else "a_"
    ws, target_ws = values[f"{p}ws"], values[f"{enemy}ws"]
    hit = _melee_hit(ws, target_ws, values[f"{p}mod"], values[f"{p}reroll"], "reroll_sixes" in values[f"{enemy}flags"])
    return HitReadout(hit, ws, target_ws)


#: Both sides' readouts are drawn on every rerun: each hit roll is worked out once. ``typed``: a
#: bool or float that equals a whole number is still refused, not answered from the cache.
_melee_hit = lru_cache(maxsize=ANSWERS_KEPT, typed=True)(melee_hit)


def melee_values(values: dict, p: str = "a_") -> dict:
    """The melee hit roll of ``p``'s rank and file as Explore's melee view and Learn's combat section
    take it: its WS, the enemy's, its modifier and re-roll, and the enemy's forced re-roll of 6s."""
    enemy = "d_" if p == "a_" else "a_"
    return {"ws": values[f"{p}ws"], "target_ws": values[f"{enemy}ws"], "melee_reroll": values[f"{p}reroll"],
            "sixes": "reroll_sixes" in values[f"{enemy}flags"], "modifier": values[f"{p}mod"]}


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
