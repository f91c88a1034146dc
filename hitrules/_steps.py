"""The old home of the steps and the words, kept so that ``from hitrules._steps import ...`` still
works: a thin module. Steps and checks now live in :mod:`hitrules.steps`, numbers in words in
:mod:`hitrules.words`; import them from there.
"""

from __future__ import annotations

from hitrules import steps, words
from hitrules.steps import *
from hitrules.words import *

__all__ = [*steps.__all__, *words.__all__]
