"""The link parameters at their old address: a thin module, kept so that ``from hitrules import urlstate``
works as it always has. The link is read in :mod:`hitrules.edge.urlstate`.
"""

from __future__ import annotations

from hitrules.edge.urlstate import (
    ATTACK_FLAGS,
    COMBAT,
    COMBAT_CHARTS,
    COMBAT_FLAGS,
    COMBAT_PRESETS,
    EXPLORE,
    EXPLORE_VIEWS,
    EXTRAS,
    FANTASY,
    FANTASY_CONDITIONS,
    FANTASY_TARGET,
    FOLLOWS_THE_UNIT,
    LEARN,
    LEARN_SECTIONS,
    LEARN_TARGET,
    MAX_QUERY_LENGTH,
    MELEE_MODIFIER_RANGE,
    MELEE_RULES,
    NINTH,
    NINTH_RULES,
    NINTH_TARGET,
    OTHER_KINDS,
    OTHER_PREFIXES,
    PAGES,
    POSITIONS,
    PRESETS,
    RANK_MODELS_RANGE,
    SCORES,
    SHOT_CONDITIONS,
    Param,
    ParsedQuery,
    PartlyRead,
    bounds,
    defaults,
    encode,
    link_situation,
    parse_query,
    preset_values,
    query_length,
)
from hitrules.situations import compare  # read as urlstate.compare by older code
