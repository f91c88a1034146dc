"""Unit presets, kept as data in ``presets.json`` so a new one needs no code.

A preset has a degrading profile (wounds left → skill X+), weapons with their attacks, and
optionally a rule that lets turret weapons fire twice.

>>> lr = PRESETS["leman_russ"]
>>> lr.skill(wounds_left=5), lr.attacks("Battle cannon (turret)", fires_twice=True)
(5, '2D6')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from hitrules._steps import check_choice, check_int
from hitrules.dice import parse_attacks

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
        )
        for key, p in raw.items()
    }


PRESETS = _load()
