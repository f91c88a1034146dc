"""Fantasy close combat at its old address: a thin module, kept so that ``from hitrules.combat
import combat_round`` works as it always has. The rules live in :mod:`hitrules.fantasy` (its
modules melee, sides, result and round: docs/rules.md § Fantasy close combat); import them from there.

"""

from __future__ import annotations

from hitrules.fantasy.melee import (
    INITIATIVE_RANGE,
    REROLLS,
    WS_RANGE,
    Fighters,
    MeleeHit,
    melee_hit,
    melee_hit_chance,
    melee_score,
)
from hitrules.fantasy.result import BreakOutcome, RoundResult, break_test, rank_bonus, unit_strength
from hitrules.fantasy.round import MAX_PROFILE_ATTACKS, MAX_WORK, combat_round, strike
from hitrules.fantasy.sides import (
    BONUS_RANGE,
    LEADERSHIP_RANGE,
    MAX_OTHERS,
    POSITION_BONUS,
    POSITIONS,
    RANK_AND_FILE_ATTACKS_RANGE,
    RANK_WIDTH_RANGE,
    Side,
    check_supporting,
)
from hitrules.fantasy.troops import TROOP_TYPES, TROOPS

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
