"""The link parameters at their old address: a thin module, kept so that ``from hitrules import urlstate``
works as it always has. The link is read in :mod:`hitrules.edge.urlstate`.
"""

from __future__ import annotations

from hitrules.edge.urlstate import *
from hitrules.situations import compare  # read as urlstate.compare by older code
