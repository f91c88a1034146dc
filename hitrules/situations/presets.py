"""Unit presets, kept as data in ``presets.json`` so a new one needs no code.

A preset has a degrading profile (wounds left → skill X+), weapons with their attacks (and,
for the stages after the hit, their Strength, AP and Damage), and optionally a rule that lets
turret weapons fire twice.

>>> lr = PRESETS["leman_russ"]
>>> lr.skill(wounds_left=5), lr.attacks("Battle cannon (turret)", fires_twice=True)
(5, '2D6')
>>> lascannon = lr.weapon_profile("Lascannon (hull)")
>>> lascannon.strength, lascannon.ap, str(lascannon.damage)
(9, -3, 'D6')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from hitrules import ninth
from hitrules.dice import parse_attacks
from hitrules.steps import check_choice, check_int

__all__ = ["PRESETS", "Preset"]


@dataclass(frozen=True)
class Preset:
    key: str
    name: str
    edition: int
    melee: bool
    wounds: int
    skill_by_wounds: tuple[tuple[int, int, int], ...]
    weapons: tuple[tuple[str, str, bool], ...]
    turret_twice: dict | None
    #: (name, Strength, AP, Damage) of each weapon that has them, for the stages after the hit.
    weapon_stats: tuple[tuple[str, int, int, str], ...] = ()

    def skill(self, wounds_left: int) -> int:
        """The skill X+ for this many wounds left."""
        check_int("Wounds left", wounds_left, 1, self.wounds)
        for low, high, skill in self.skill_by_wounds:
            if low <= wounds_left <= high:
                return skill
        raise ValueError(f"{self.name} has no profile for {wounds_left} wounds left.")

    @property
    def weapon_names(self) -> tuple[str, ...]:
        return tuple(name for name, _, _ in self.weapons)

    def weapon_profile(self, weapon: str) -> ninth.Weapon:
        """The weapon's Strength, AP and Damage, for :func:`hitrules.ninth.attack_outcome`."""
        check_choice("weapon", weapon, tuple(name for name, *_ in self.weapon_stats))
        _, strength, ap, damage = next(w for w in self.weapon_stats if w[0] == weapon)
        return ninth.Weapon(strength, ap, damage)

    def attacks(self, weapon: str, fires_twice: bool = False) -> str:
        """The weapon's attacks as dice text; a turret weapon that fires twice rolls twice."""
        check_choice("weapon", weapon, self.weapon_names)
        _, text, turret = next(w for w in self.weapons if w[0] == weapon)
        if not (fires_twice and turret and self.turret_twice):
            return text
        dice = parse_attacks(text)
        if not dice.count:
            return str(2 * dice.bonus)
        doubled = f"{2 * dice.count}D{dice.sides}"
        return f"{doubled}+{2 * dice.bonus}" if dice.bonus else doubled


def _load() -> dict[str, Preset]:
    raw = json.loads((Path(__file__).with_name("presets.json")).read_text(encoding="utf-8"))
    return {
        key: Preset(
            key=key,
            name=p["name"],
            edition=p["edition"],
            melee=p.get("melee", False),
            wounds=p["wounds"],
            skill_by_wounds=tuple((b["min"], b["max"], b["skill"]) for b in p["skill_by_wounds"]),
            weapons=tuple((w["name"], w["attacks"], w.get("turret", False)) for w in p["weapons"]),
            turret_twice=p.get("turret_twice"),
            weapon_stats=tuple((w["name"], w["strength"], w["ap"], w["damage"]) for w in p["weapons"]
                               if "strength" in w),
        )
        for key, p in raw.items()
    }


PRESETS = _load()
