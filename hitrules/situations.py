"""A page's whole situation, from its input values to the answer it shows.

The calculator pages hand over the values of their widgets (the same dict that
:mod:`hitrules.urlstate` reads from a link) and draw what comes back; every rule is applied
here or below, never in a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hitrules import dice, fantasy, ninth
from hitrules._steps import Step, percent
from hitrules.presets import PRESETS

__all__ = ["FantasyAnswer", "FantasyGroup", "NinthAnswer", "answer_fantasy", "answer_learn", "answer_ninth",
           "chance_text"]


def chance_text(p: Fraction) -> str:
    """A chance as the exact fraction in lowest terms and a percentage: ``1/12 (8.3%)``."""
    return f"{p} ({percent(p)})"


@dataclass(frozen=True)
class FantasyGroup:
    name: str
    shots: str
    result: fantasy.ShotResult
    distribution: dice.Distribution


@dataclass(frozen=True)
class FantasyAnswer:
    groups: tuple[FantasyGroup, ...]
    total: dice.Distribution

    @property
    def main(self) -> fantasy.ShotResult:
        return self.groups[0].result


def _shot(values: dict, suffix: str = "") -> fantasy.Shot:
    """A fantasy Shot from page values; ``suffix`` "2" takes split fire's second group's cover
    and LoS values (the groups share everything else)."""
    return fantasy.Shot(
        values["bs"], moved=values["moved"], within_4_inches=values["close"],
        stand_and_shoot=values["stand"], target_is_lone_model=values["lone"],
        target_unit_strength=values["us"], special_rules=tuple(values["rules"]),
        automatic=values.get("auto", False), cover=values["cover" + suffix],
        shooter_los=values["los_shooter" + suffix], blocker_los=values["los_blocker" + suffix],
        target_los=values["los_target" + suffix],
    )


def answer_fantasy(values: dict) -> FantasyAnswer:
    """Resolve the fantasy page: one group, or two with split fire, and the unit's total hits."""
    suffixes = ("", "2") if values.get("split") else ("",)
    groups = []
    for n, suffix in enumerate(suffixes, start=1):
        result = fantasy.resolve(_shot(values, suffix))
        shots = values["shots" + suffix]
        name = f"Group {n}" if len(suffixes) > 1 else "The unit"
        groups.append(FantasyGroup(name, shots, result, dice.hits(shots, result.probability)))
    return FantasyAnswer(tuple(groups), dice.total(g.distribution for g in groups))


@dataclass(frozen=True)
class NinthAnswer:
    attack: ninth.Attack
    attacks: str
    result: ninth.AttackResult
    distribution: dice.Distribution
    verdict: ninth.OverwatchVerdict | None
    notes: tuple[Step, ...]


def answer_ninth(values: dict) -> NinthAnswer:
    """Resolve the 9th/8th-edition page, with the Overwatch verdict and any unit preset."""
    skill, edition, attacks, melee = values["skill"], values["edition"], values["attacks"], values["melee"]
    notes: list[Step] = []
    if values.get("preset", "none") != "none":
        preset = PRESETS[values["preset"]]
        wounds = min(values["wounds"], preset.wounds)
        weapon = preset.weapon_names[min(values["weapon"], len(preset.weapon_names) - 1)]
        skill, edition, melee = preset.skill(wounds), preset.edition, preset.melee
        attacks = preset.attacks(weapon, fires_twice=values["half_move"])
        notes.append(Step("note", f"{preset.name} with {wounds} wounds left: BS {skill}+ "
                                  f"({preset.edition}th edition profile)."))
        twice = preset.turret_twice
        if attacks != preset.attacks(weapon):  # the weapon fires twice
            notes.append(Step("note", f"{twice['name']}: {twice['text']} {weapon}: {attacks} shots."))
        else:
            notes.append(Step("note", f"{weapon}: {attacks} shots."))
    overwatch = values["trigger"] != "none"
    attack = ninth.Attack(skill, tuple(values["mods"]), melee=melee and not overwatch,
                          reroll=values["reroll"], overwatch=overwatch, auto_hit=values["auto"],
                          edition=edition)
    verdict = None
    if overwatch:
        verdict = ninth.overwatch_allowed(
            overwatch_set=values["overwatch"], trigger=values["trigger"],
            enemy_in_engagement_range=values["eir"],
            target_ended_charge_in_engagement_range=values["charged"], blast=values["blast"],
        )
    result = ninth.resolve(attack, verdict)
    return NinthAnswer(attack, attacks, result, dice.hits(attacks, result.probability), verdict, tuple(notes))


def answer_learn(values: dict) -> fantasy.ShotResult | ninth.AttackResult:
    """The Learn page's one situation: a fantasy shot or a 9th/8th-edition attack."""
    if values["ruleset"] == "fantasy":
        return fantasy.resolve(_shot(values))
    return ninth.resolve(ninth.Attack(values["skill"], tuple(values["mods"]), reroll=values["reroll"],
                                      edition=values["edition"]))
