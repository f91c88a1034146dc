"""The 9th-edition sci-fi rule set (the engine), with the 8th-edition variant. Standard library
only; it may import the engine's ground floor (hitrules.dice, damage, unit, steps, words) and its
own modules, never a situation, the link or a figure.

One module per job, each importing only those above it in this list:
  overwatch  may this unit fire Overwatch? (OverwatchVerdict, its checks)
  hit        the hit roll: skill X+, modifiers, re-rolls, Overwatch's unmodified 6
  after_hit  the wound roll, saves, damage into models, a whole unit's attacks

This module re-exports the public names, so ``from hitrules.ninth import Attack, resolve`` works as
it always has.

"""

from __future__ import annotations

from hitrules.ninth.after_hit import (
    AP_RANGE,
    DAMAGE_MOST,
    STRENGTH_RANGE,
    TOUGHNESS_RANGE,
    WOUNDS_RANGE,
    Group,
    Target,
    Weapon,
    attack_outcome,
    attack_unit,
    save_chance,
    save_faces,
    wound_chance,
    wound_score,
)
from hitrules.ninth.hit import (
    EDITIONS,
    MAX_MODIFIERS,
    MODIFIER_RANGE,
    ONE_MODIFIER_RANGE,
    REROLL_NAMES,
    REROLLS,
    SKILL_RANGE,
    Attack,
    AttackResult,
    faces_text,
    hit_chance,
    hitting_faces,
    net_modifier,
    parse_modifiers,
    resolve,
    roll_once,
)
from hitrules.ninth.overwatch import (
    OVERWATCH_CHECKS,
    OVERWATCH_QUESTIONS,
    TRIGGER_NAMES,
    TRIGGERS,
    OverwatchCheck,
    OverwatchVerdict,
    overwatch_allowed,
)

__all__ = [
    "EDITIONS",
    "REROLLS",
    "TRIGGERS",
    "Attack",
    "AttackResult",
    "Group",
    "OverwatchCheck",
    "OverwatchVerdict",
    "Target",
    "Weapon",
    "attack_outcome",
    "attack_unit",
    "faces_text",
    "hit_chance",
    "hitting_faces",
    "net_modifier",
    "overwatch_allowed",
    "parse_modifiers",
    "resolve",
    "roll_once",
    "save_chance",
    "save_faces",
    "wound_chance",
    "wound_score",
]
