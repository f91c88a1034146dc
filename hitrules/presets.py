"""The unit presets at their old address: a thin module. They live in :mod:`hitrules.situations.presets`.
"""

from __future__ import annotations

from hitrules.situations.presets import *
from hitrules.situations.presets import __all__  # its public names are its home's
