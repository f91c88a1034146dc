"""The fantasy rule set (the engine): the rank-and-flank "Roll to Hit", what follows the hit, and
close combat. Standard library only; it may import the engine's ground floor (hitrules.dice,
damage, unit, steps, words) and its own modules, never a situation, the link or a figure.

One module per job, each importing only those above it in this list:
  troops       the troop types and what each brings to combat
  shooting     the Roll to Hit: BS, shooting modifiers, the 7+ chart, cover
  after_hit    the wound roll, saves, damage into models, split fire, a whole unit's shooting
  melee        the melee hit roll, an attacking profile (Fighters), one attack into a unit (Blow)
  sides        one side of a combat, checked once; supporting attacks into a flank or rear
  explanation  the round's Why, apart from the round
  result       the combat result, Rank Bonus, Unit Strength and the Break test
  round        one whole round, exactly (and strike: one profile into a unit)
  charging     the whole charge: the Charge roll, the reaction, the round, the Break test, the pursuit

This module re-exports the public names, so ``from hitrules.fantasy import Shot, combat_round``
works as it always has (close combat's names are also in :mod:`hitrules.combat`, the charge's in
:mod:`hitrules.charge`).

"""

from __future__ import annotations

from hitrules.fantasy.after_hit import (
    AP_RANGE,
    ARMOUR_BANE_RANGE,
    MAX_SPLIT_GROUPS,
    MULTIPLE_WOUNDS_MOST,
    POISON_BONUS,
    STRENGTH_RANGE,
    TOUGHNESS_RANGE,
    WOUND_MODIFIER_RANGE,
    WOUNDS_RANGE,
    Group,
    Target,
    Weapon,
    armour_faces,
    save_chance,
    shoot,
    shoot_split,
    shoot_unit,
    wound_chance,
    wound_faces,
    wound_score,
)
from hitrules.fantasy.charging import (
    ChargeResult,
    ChargeRoll,
    Mover,
    Pursuit,
    charge,
    charge_range,
    charge_roll,
    flee_distance,
    max_charge_range,
    pursuit,
    pursuit_distance,
)
from hitrules.fantasy.melee import Fighters, melee_hit_chance, melee_score
from hitrules.fantasy.result import BREAK_RESULTS, RoundResult, break_result, break_test
from hitrules.fantasy.round import combat_round, strike
from hitrules.fantasy.shooting import (
    BS_RANGE,
    COVER_LABELS,
    COVER_MODIFIER,
    COVER_NAMES,
    COVERS,
    IMPOSSIBLE_FROM,
    LOS_RANGE,
    MODIFIER_RANGE,
    SECOND_DIE_FROM,
    SPECIAL_RULE_NAMES,
    SPECIAL_RULES,
    UNIT_STRENGTH_RANGE,
    CoverCheck,
    Shot,
    ShotResult,
    cover_check,
    hit_chance,
    required_score,
    resolve,
    roll_faces,
    roll_once,
    roll_text,
)
from hitrules.fantasy.sides import Side
from hitrules.fantasy.troops import TROOP_TYPES

#: Close combat's names (docs/rules.md § Fantasy close combat), re-exported here and by hitrules.combat.
_COMBAT_NAMES = ("TROOP_TYPES", "Fighters", "RoundResult", "Side", "combat_round", "melee_hit_chance",
                 "melee_score", "strike")
#: The whole charge's names (docs/rules.md § Fantasy: the charge), re-exported here and by hitrules.charge.
_CHARGE_NAMES = ("ChargeResult", "ChargeRoll", "Mover", "Pursuit", "charge", "charge_range", "charge_roll",
                 "flee_distance", "max_charge_range", "pursuit", "pursuit_distance")

__all__ = [
    "BREAK_RESULTS",
    "COVERS",
    "break_result",
    "break_test",
    "SPECIAL_RULES",
    "CoverCheck",
    "Group",
    "Shot",
    "ShotResult",
    "Target",
    "Weapon",
    "armour_faces",
    "cover_check",
    "hit_chance",
    "required_score",
    "resolve",
    "roll_faces",
    "roll_once",
    "roll_text",
    "save_chance",
    "shoot",
    "shoot_split",
    "shoot_unit",
    "wound_chance",
    "wound_faces",
    "wound_score",
    *_COMBAT_NAMES,
    *_CHARGE_NAMES,
]
