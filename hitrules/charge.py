"""The whole charge at its old address: a thin module, kept so that ``from hitrules import charge`` works
as it always has. The rules live in :mod:`hitrules.fantasy.charging` (docs/rules.md § Fantasy: the charge).
"""

from __future__ import annotations

from hitrules.fantasy.charging import *

__all__ = [
    "DESTROYED",
    "GAP_RANGE",
    "MOVEMENT_RANGE",
    "OUTCOMES",
    "REACTIONS",
    "ChargeResult",
    "ChargeRoll",
    "Mover",
    "Pursuit",
    "charge",
    "charge_range",
    "charge_roll",
    "flee_distance",
    "max_charge_range",
    "pursuit",
    "pursuit_distance",
]
