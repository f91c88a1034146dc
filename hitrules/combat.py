"""Fantasy close combat at its old address: a thin module, kept so that ``from hitrules.combat
import combat_round`` works as it always has. The rules live in :mod:`hitrules.fantasy` (its
modules melee, sides, result and round: docs/rules.md § Fantasy close combat); import them from there.

"""

from __future__ import annotations

from hitrules.fantasy.melee import *
from hitrules.fantasy.result import *
from hitrules.fantasy.round import *
from hitrules.fantasy.sides import *
from hitrules.fantasy.troops import *

__all__ = [
    "POSITIONS",
    "REROLLS",
    "TROOP_TYPES",
    "BreakOutcome",
    "Fighters",
    "MeleeHit",
    "RoundResult",
    "Side",
    "break_test",
    "check_supporting",
    "combat_round",
    "melee_hit",
    "melee_hit_chance",
    "melee_score",
    "rank_bonus",
    "strike",
    "unit_strength",
]
