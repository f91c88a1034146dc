"""The /combat page's round at its old address: a thin module, kept so that ``from hitrules import
combat_situations`` works as it always has. The code lives in :mod:`hitrules.situations.combat`; the
links it reads (``preset_values``, ``link_situation``) in :mod:`hitrules.edge.urlstate`.
"""

from __future__ import annotations

from hitrules.edge.urlstate import link_situation, preset_values
from hitrules.situations.combat import *

__all__ = [
    "ANSWERS_KEPT",
    "COMBAT_PRESETS",
    "MOST_ATTACKS_TO_KILL",
    "OTHER_KINDS",
    "OTHER_PREFIXES",
    "WORKED_ROUND",
    "ChargeSituation",
    "CombatPreset",
    "CombatSituation",
    "HitReadout",
    "KillQuestion",
    "answer",
    "attacks_to_kill",
    "charge_answer",
    "charge_bonus",
    "charge_reactions",
    "charge_situation",
    "combat_situation",
    "combat_values",
    "fit_ranks",
    "hit_readout",
    "link_situation",
    "melee_values",
    "preset_values",
    "ranks",
    "shown_round",
]
