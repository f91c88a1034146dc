"""Learn's questions at their old address: a thin module. They live in :mod:`hitrules.situations.quiz`.
"""

from __future__ import annotations

from hitrules.situations.quiz import *

# Its __all__ is its home's; the names that leaves out are importable from here as they always were.
from hitrules.situations.quiz import (
    BREAK_CHOICES,
    CAUGHT_CHOICES,
    MAX_QUESTION,
    MAX_SEED,
    MELEE_REROLL_WORDS,
    MELEE_ROLL_CHOICES,
    REACH_CHOICES,
    ROLL_CHOICES,
    SAVE_ROLL_CHOICES,
    TOPIC_NAMES,
    WOUND_REROLL_NAMES,
    WOUND_ROLL_CHOICES,
    __all__,
)
