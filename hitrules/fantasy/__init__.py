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
  weapons      the weapons of war, who fights, armour (from the tables of §7)
  charging     the whole charge: the Charge roll, the reaction, the round, the Break test, the pursuit
  missile      the missile weapons of war by name: range, Strength, AP, special rules (imports after_hit)
  catalogue    Old World Builder's units, bundled (catalogue.json.gz, read on first use; NOTICE): armies,
               units, find; the engine's names of equipment (imports missile). Not re-exported here, so
               importing the package reads no data: ``from hitrules.fantasy import catalogue``.

This module re-exports the public names, so ``from hitrules.fantasy import Shot, combat_round``
works as it always has.

"""

from __future__ import annotations

from hitrules.fantasy.after_hit import *
from hitrules.fantasy.charging import *
from hitrules.fantasy.melee import *
from hitrules.fantasy.result import *
from hitrules.fantasy.round import *
from hitrules.fantasy.shooting import *
from hitrules.fantasy.sides import *
from hitrules.fantasy.troops import *
from hitrules.fantasy.weapons import *

#: Close combat's names (docs/rules.md § Fantasy close combat), re-exported here.
_COMBAT_NAMES = ("TROOP_TYPES", "Fighters", "RoundResult", "Side", "combat_round", "melee_hit_chance",
                 "melee_score", "strike")
#: The whole charge's names (docs/rules.md § Fantasy: the charge), re-exported here.
_CHARGE_NAMES = ("ChargeResult", "ChargeRoll", "Mover", "Pursuit", "charge", "charge_range", "charge_roll",
                 "flee_distance", "max_charge_range", "pursuit", "pursuit_distance")
#: The weapons of war, who fights and armour (docs/rules.md § Fantasy close combat), from hitrules.fantasy.weapons.
_WEAPON_NAMES = ("ARMOURS", "COMBAT_WEAPONS", "CombatWeapon", "armour_value", "combat_weapon", "who_fights")

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
    *_WEAPON_NAMES,
    *_CHARGE_NAMES,
]
