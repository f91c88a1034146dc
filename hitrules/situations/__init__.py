"""Situations: a page's values turned into engine calls, as one frozen value (its cache key, and the
source of every link it writes), and the presets' data. Standard library only.

What lives here: this module (the calculator pages' situations), ``combat`` (/combat's round and its
match-ups), ``presets`` (unit presets, their data in presets.json), ``profiles`` (a calculator's
added weapons), ``compare`` (Explore's comparisons), ``quiz`` (Learn's questions). They may import
the engine (hitrules.dice, damage, unit, steps, words, fantasy, ninth) and each other, never the
edge (hitrules.edge: the link) or the presentation (hitrules.presentation).

A page's situation: the one frozen value its answer, its cache key and every link it writes come from.

The calculator pages hand over the values of their widgets (the dict that
:mod:`hitrules.edge.urlstate` reads from a link); :func:`fantasy_situation` and
:func:`ninth_situation` fold them into a situation, with split fire, the unit preset and
Overwatch resolved, and inputs that change nothing (the LoS values without cover) left out.
Everything a page shows or links to comes from that situation, so a link reproduces what the
page shows, and Learn walks through the very roll the calculator answered.

>>> from hitrules.edge import urlstate
>>> sit = ninth_situation(urlstate.parse_query(urlstate.NINTH, {"rules": "leman_russ", "wounds": "2"}).values)
>>> sit.attack.skill, sit.attack.edition, str(answer(sit).result.probability)
(6, 8, '1/6')
>>> learn_values(sit)["skill"], learn_values(sit)["edition"]
(6, 8)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from hitrules import dice, fantasy, ninth
from hitrules.damage import ChainResult
from hitrules.situations import compare
from hitrules.situations.presets import PRESETS
from hitrules.steps import Step
from hitrules.words import count_text

__all__ = ["ANSWERS_KEPT", "FantasyAnswer", "FantasyGroup", "FantasySituation", "NinthAnswer", "NinthSituation",
           "Overwatch", "UnitPreset", "answer", "chain", "expected_attacks", "explore_values", "fantasy_situation",
           "fantasy_values", "learn_situation", "learn_values", "ninth_situation", "ninth_values"]

#: How many answers the process keeps (least recently used first out), of the hit roll and,
#: apart, of the stages after it (:func:`chain`): the same situations, split in two caches as they
#: were one answer before. The largest hit answer, 1,000 shots, holds about half a MB of exact
#: numerators; a typical one a few kB. So the cache stays under about 35 MB in the worst case
#: (bench/cache_memory.py), and a few MB in practice.
ANSWERS_KEPT = 64
_CONDITION_FLAGS = {"moved": "moved", "close": "within_4_inches", "stand": "stand_and_shoot",
                    "lone": "target_is_lone_model", "auto": "automatic"}
_ONE_ATTACK = dice.AttackDice(0, 6, 1)
#: The Overwatch conditions' names in a link, in the order of Overwatch's fields after the trigger.
OVERWATCH_FLAGS = ("overwatch", "eir", "charged", "blast")


@dataclass(frozen=True)
class FantasySituation:
    """One group of shooters, or two with split fire: each a Shot and its number of shots; and,
    with the target part on, the weapon and the target unit."""

    groups: tuple[tuple[fantasy.Shot, dice.AttackDice], ...]
    weapon: fantasy.Weapon | None = None
    target: fantasy.Target | None = None


@dataclass(frozen=True)
class UnitPreset:
    """A unit preset as chosen: which unit, its wounds left, the weapon, and whether it moved slowly."""

    key: str
    wounds: int
    weapon: int
    half_move: bool


@dataclass(frozen=True)
class Overwatch:
    """The conditions that decide whether a unit may fire Overwatch."""

    trigger: str
    overwatch_set: bool
    enemy_in_engagement_range: bool
    target_ended_charge_in_engagement_range: bool
    blast: bool

    def verdict(self) -> ninth.OverwatchVerdict:
        return ninth.overwatch_allowed(
            overwatch_set=self.overwatch_set, trigger=self.trigger,
            enemy_in_engagement_range=self.enemy_in_engagement_range,
            target_ended_charge_in_engagement_range=self.target_ended_charge_in_engagement_range,
            blast=self.blast)


@dataclass(frozen=True)
class NinthSituation:
    """One attack profile and its number of attacks, the preset it came from and its Overwatch conditions."""

    attack: ninth.Attack
    attacks: dice.AttackDice
    overwatch: Overwatch | None = None
    preset: UnitPreset | None = None
    weapon: ninth.Weapon | None = None
    target: ninth.Target | None = None


def _shot(values: dict, suffix: str = "") -> fantasy.Shot:
    """A fantasy Shot from page values; ``suffix`` "2" takes split fire's second group's cover
    and LoS values (the groups share everything else)."""
    flags = {field: name in values["conditions"] for name, field in _CONDITION_FLAGS.items()}
    cover = values["cover" + suffix]
    los = {f"{who}_los": values[f"los_{who}{suffix}"] if cover != "none" else 1
           for who in ("shooter", "blocker", "target")}
    return fantasy.Shot(values["bs"], **flags, cover=cover, special_rules=tuple(values["rules"]),
                        target_unit_strength=values["us"] if flags["target_is_lone_model"] else 1, **los)


def fantasy_situation(values: dict) -> FantasySituation:
    """The fantasy page's situation: one group, or two with split fire."""
    suffixes = ("", "2") if "split" in values["conditions"] else ("",)
    groups = tuple((_shot(values, s), dice.parse_attacks(values["shots" + s])) for s in suffixes)
    return FantasySituation(groups, *_fantasy_target(values))


def _fantasy_target(values: dict) -> tuple[fantasy.Weapon | None, fantasy.Target | None]:
    if not values["chain"]:
        return None, None
    more = values["extra"]  # the rarer rules count only when shown
    return (fantasy.Weapon(values["s"], values["ap"], values["mw"], more and values["poisoned"],
                           values["bane"] if more else 0),
            fantasy.Target(values["t"], values["armour"], values["ward"] if more else None,
                           values["regen"] if more else None, values["wounds"], values["models"]))


def _ninth_target(values: dict, weapon: ninth.Weapon | None = None) -> tuple[ninth.Weapon | None, ninth.Target | None]:
    """The weapon (a preset's own, when given) and the target; ``(None, None)`` with the target part off."""
    if not values["chain"]:
        return None, None
    more = values["extra"]  # the rarer rules count only when shown
    wound_rules = {"wound_modifiers": tuple(values["wmods"]) if more else (),
                   "wound_reroll": values["wreroll"] if more else "none"}
    weapon = (dataclasses.replace(weapon, **wound_rules) if weapon
              else ninth.Weapon(values["s"], values["ap"], values["damage"], **wound_rules))
    return weapon, ninth.Target(values["t"], values["sv"], values["invuln"] if more else None,
                                more and values["cover"], values["fnp"] if more else None, values["wounds"],
                                values["models"])


def _target_values(weapon, target) -> dict:
    """The target part's page values for a weapon and target (none when the part is off)."""
    if weapon is None:
        return {}
    if isinstance(target, fantasy.Target):
        extra = {"ward": target.ward, "regen": target.regeneration, "poisoned": weapon.poisoned,
                 "bane": weapon.armour_bane}
        essential = {"armour": target.armour, "mw": weapon.multiple_wounds}
    else:
        extra = {"invuln": target.invulnerable, "fnp": target.feel_no_pain, "cover": target.cover,
                 "wmods": weapon.wound_modifiers, "wreroll": weapon.wound_reroll}
        essential = {"sv": target.save, "damage": weapon.damage}
    return {"chain": True, "s": weapon.strength, "ap": weapon.ap, "t": target.toughness, "wounds": target.wounds,
            "models": target.models, **essential, **extra,
            "extra": any(value not in (None, False, 0, (), "none") for value in extra.values())}


def _shot_values(shot: fantasy.Shot, suffix: str = "") -> dict:
    cover = {"cover" + suffix: shot.cover, f"los_shooter{suffix}": shot.shooter_los,
             f"los_blocker{suffix}": shot.blocker_los, f"los_target{suffix}": shot.target_los}
    if suffix:
        return cover
    return {"bs": shot.ballistic_skill, "us": shot.target_unit_strength, "rules": shot.special_rules, **cover,
            "conditions": tuple(name for name, field in _CONDITION_FLAGS.items() if getattr(shot, field))}


def fantasy_values(sit: FantasySituation) -> dict:
    """The fantasy page's values that reproduce ``sit`` (for its link)."""
    (first, shots), *more = sit.groups
    values = {**_shot_values(first), "shots": str(shots), **_target_values(sit.weapon, sit.target)}
    for shot, shots2 in more:
        values |= {**_shot_values(shot, "2"), "shots2": str(shots2)}
        values["conditions"] += ("split",)
    return values


def _attack(values: dict, skill: int, edition: int, melee: bool) -> tuple[ninth.Attack, Overwatch | None]:
    flags = values["attack"]
    overwatch = None
    if "overwatch_fire" in flags:
        overwatch = Overwatch(values["trigger"], *(flag in values["ow"] for flag in OVERWATCH_FLAGS))
    attack = ninth.Attack(skill, tuple(values["mods"]), melee=melee and overwatch is None, reroll=values["reroll"],
                          overwatch=overwatch is not None, auto_hit="auto" in flags, edition=edition)
    return attack, overwatch


def ninth_situation(values: dict) -> NinthSituation:
    """The 9th/8th-edition page's situation, with the unit preset and Overwatch resolved."""
    rules = values["rules"]
    if rules not in PRESETS:
        attack, overwatch = _attack(values, values["skill"], int(rules), "melee" in values["attack"])
        return NinthSituation(attack, dice.parse_attacks(values["attacks"]), overwatch, None, *_ninth_target(values))
    preset = PRESETS[rules]
    chosen = UnitPreset(rules, min(values["wounds_left"], preset.wounds),
                        min(values["weapon"], len(preset.weapons) - 1), values["half_move"])
    weapon = preset.weapon_names[chosen.weapon]
    attack, overwatch = _attack(values, preset.skill(chosen.wounds), preset.edition, preset.melee)
    attacks = dice.parse_attacks(preset.attacks(weapon, fires_twice=chosen.half_move))
    return NinthSituation(attack, attacks, overwatch, chosen, *_ninth_target(values, preset.weapon_profile(weapon)))


def _attack_values(attack: ninth.Attack, overwatch: Overwatch | None) -> dict:
    flags = {"melee": attack.melee, "auto": attack.auto_hit, "overwatch_fire": overwatch is not None}
    values = {"skill": attack.skill, "mods": attack.modifiers, "reroll": attack.reroll,
              "attack": tuple(name for name, on in flags.items() if on)}
    if overwatch is not None:
        conditions = dataclasses.astuple(overwatch)[1:]  # after the trigger, in OVERWATCH_FLAGS' order
        values |= {"trigger": overwatch.trigger,
                   "ow": tuple(name for name, on in zip(OVERWATCH_FLAGS, conditions, strict=True) if on)}
    return values


def ninth_values(sit: NinthSituation) -> dict:
    """The 9th-edition page's values that reproduce ``sit`` (for its link)."""
    values = _attack_values(sit.attack, sit.overwatch) | _target_values(sit.weapon, sit.target)
    if sit.preset is None:
        return values | {"rules": str(sit.attack.edition), "attacks": str(sit.attacks)}
    preset = sit.preset
    del values["skill"]  # the preset's wounds decide it
    for name in ("s", "ap", "damage"):  # and its weapon these
        values.pop(name, None)
    return values | {"rules": preset.key, "wounds_left": preset.wounds, "weapon": preset.weapon,
                     "half_move": preset.half_move}


def learn_values(sit: FantasySituation | NinthSituation) -> dict | None:
    """Learn's values for walking through one shot or attack of ``sit``; None when Learn cannot
    (split fire has two rolls)."""
    chain = {"chain": False} | _target_values(sit.weapon, sit.target)
    if isinstance(sit, NinthSituation):
        if "cover" in chain:  # Learn's own "cover" is the fantasy shot's
            chain["light_cover"] = chain.pop("cover")
        return {"ruleset": "ninth", "edition": sit.attack.edition, **_attack_values(sit.attack, sit.overwatch), **chain}
    if len(sit.groups) > 1:
        return None
    return {"ruleset": "fantasy", **_shot_values(sit.groups[0][0]), **chain}


def learn_situation(values: dict) -> FantasySituation | NinthSituation:
    """The one shot or attack Learn's values describe."""
    if values["ruleset"] == "fantasy":
        return FantasySituation(((_shot(values), _ONE_ATTACK),), *_fantasy_target(values))
    attack, overwatch = _attack(values, values["skill"], values["edition"], "melee" in values["attack"])
    target = _ninth_target({**values, "cover": values["light_cover"]})
    return NinthSituation(attack, _ONE_ATTACK, overwatch, None, *target)


def explore_values(sit: FantasySituation | NinthSituation) -> dict | None:
    """Explore's heatmap cell for ``sit``; None when a cell cannot show it (split fire, automatic
    hits, re-rolls, Overwatch): the heatmap is skill × net modifier, nothing else."""
    if isinstance(sit, NinthSituation):
        attack = sit.attack
        if attack.reroll != "none" or attack.overwatch or attack.auto_hit:
            return None
        # Beyond ±10 no D6 result changes, so the clamp keeps the chance.
        return {"ruleset": compare.RULESET_OF_EDITION[attack.edition], "skill": attack.skill,
                "mod": max(-10, min(10, attack.modifier))}
    if len(sit.groups) > 1 or sit.groups[0][0].automatic:
        return None
    result = fantasy.resolve(sit.groups[0][0])
    return {"ruleset": "fantasy", "bs": result.shot.ballistic_skill, "mod": result.modifier}


def expected_attacks(sit: FantasySituation | NinthSituation) -> Fraction:
    """The expected number of attacks (shots) the situation makes, for the funnel's first stage."""
    if isinstance(sit, NinthSituation):
        return sit.attacks.mean
    return sum((shots.mean for _, shots in sit.groups), Fraction(0))


@dataclass(frozen=True)
class FantasyGroup:
    name: str
    shots: dice.AttackDice
    result: fantasy.ShotResult
    distribution: dice.Distribution


@dataclass(frozen=True)
class FantasyAnswer:
    """The hit roll of every group, and the unit's hits: ``total``, or None with ``refused`` saying
    why (two split-fire groups of more attacks in all than the engine adds up). Each group's chance
    and expected hits stay either way."""

    groups: tuple[FantasyGroup, ...]
    total: dice.Distribution | None
    refused: str = ""

    @property
    def distribution(self) -> dice.Distribution:
        """The unit's hits; a ValueError that says why when they cannot be worked out."""
        if self.total is None:
            raise ValueError(self.refused)
        return self.total

    @property
    def mean(self) -> Fraction:
        """The unit's expected hits, exact: each group's, added up."""
        return sum((group.distribution.mean for group in self.groups), Fraction(0))

    @property
    def main(self) -> fantasy.ShotResult:
        return self.groups[0].result


@dataclass(frozen=True)
class NinthAnswer:
    attacks: dice.AttackDice
    result: ninth.AttackResult
    distribution: dice.Distribution
    verdict: ninth.OverwatchVerdict | None
    notes: tuple[Step, ...]


def _preset_notes(preset: UnitPreset, attacks: dice.AttackDice) -> tuple[Step, ...]:
    unit = PRESETS[preset.key]
    weapon = unit.weapon_names[preset.weapon]
    notes = [Step("note", f"{unit.name} with {preset.wounds} wounds left: BS {unit.skill(preset.wounds)}+ "
                          f"({unit.edition}th edition profile).")]
    if str(attacks) != unit.attacks(weapon):  # the weapon fires twice
        twice = unit.turret_twice
        notes.append(Step("note", f"{twice['name']}: {twice['text']} {weapon}: {count_text(attacks, 'shot')}."))
    else:
        notes.append(Step("note", f"{weapon}: {count_text(attacks, 'shot')}."))
    return tuple(notes)


@lru_cache(maxsize=ANSWERS_KEPT)
def answer(sit: FantasySituation | NinthSituation) -> FantasyAnswer | NinthAnswer:
    """The hit roll a calculator shows for a situation, once per situation for every user. The
    stages after the hit are :func:`chain`'s, worked out apart, so that a refusal there never
    hides the hit."""
    if isinstance(sit, NinthSituation):
        verdict = sit.overwatch.verdict() if sit.overwatch else None
        result = ninth.resolve(sit.attack, verdict)
        notes = _preset_notes(sit.preset, sit.attacks) if sit.preset else ()
        return NinthAnswer(sit.attacks, result, dice.hits(sit.attacks, result.probability), verdict, notes)
    named = len(sit.groups) > 1
    groups = tuple(FantasyGroup(f"Group {n}" if named else "The unit", shots, result := fantasy.resolve(shot),
                                dice.hits(shots, result.probability))
                   for n, (shot, shots) in enumerate(sit.groups, start=1))
    try:
        return FantasyAnswer(groups, dice.total(g.distribution for g in groups))
    except ValueError as error:  # too many attacks in all: each group's hit roll still shows
        return FantasyAnswer(groups, None, str(error))


@lru_cache(maxsize=ANSWERS_KEPT)
def chain(sit: FantasySituation | NinthSituation) -> ChainResult | None:
    """The stages after the hit (wound, save, damage, models removed), or None with the target
    part off; a ValueError, in a player's words, when the engine refuses them."""
    if sit.weapon is None:
        return None
    if isinstance(sit, NinthSituation):
        verdict = sit.overwatch.verdict() if sit.overwatch else None
        return ninth.attack_outcome(sit.attack, sit.attacks, sit.weapon, sit.target, verdict=verdict)
    return fantasy.shoot_split(sit.groups, sit.weapon, sit.target)
