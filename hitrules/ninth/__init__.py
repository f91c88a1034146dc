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

from hitrules.ninth.after_hit import *
from hitrules.ninth.hit import *
from hitrules.ninth.overwatch import *

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
