"""A calculator's added weapons at their old address: a thin module. They live in
:mod:`hitrules.situations.profiles`.
"""

from __future__ import annotations

from hitrules.situations.profiles import *

# Its __all__ is its home's; the names that leaves out are importable from here as they always were.
from hitrules.situations.profiles import MAX_GROUPS, PRESETS, __all__
