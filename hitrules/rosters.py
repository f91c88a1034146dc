"""Uploaded army rosters at their old address: a thin module, kept so that ``from hitrules import rosters``
works as it always has. They are read in :mod:`hitrules.edge.rosters`.
"""

from __future__ import annotations

from hitrules.edge.rosters import *

# Its __all__ is its home's; the names that leaves out are importable from here as they always were.
from hitrules.edge.rosters import ARMOUR, MAX_NAME, NAMESPACE, __all__
