"""Explore's comparisons at their old address: a thin module. They live in :mod:`hitrules.situations.compare`.
"""

from __future__ import annotations

from hitrules.situations.compare import *

# Its __all__ is its home's; the names that leaves out are importable from here as they always were.
from hitrules.situations.compare import (
    EDITION,
    MAX_NAME,
    MAX_STACK_SIZE,
    MAX_STACKS,
    MODIFIER_RANGE,
    RULESET_NAMES,
    RULESET_OF_EDITION,
    Shooter,
    __all__,
    duel_of,
    grid_column,
    shots_for,
)
