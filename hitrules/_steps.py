"""The old home of the steps and the words, kept so that ``from hitrules._steps import ...`` still
works: a thin module. Steps and checks now live in :mod:`hitrules.steps`, numbers in words in
:mod:`hitrules.words`; import them from there.
"""

from __future__ import annotations

from hitrules.steps import Step, anchor, check_choice, check_int, reading, whole_number
from hitrules.words import (
    MAX_FRACTION_CHARS,
    SHORT_FRACTION_CHARS,
    chance_text,
    count_text,
    exact_chance_text,
    exactly_text,
    faces_of_six,
    fraction_text,
    mean_text,
    number_text,
    percent,
    ratio_text,
    short_fraction,
)

__all__ = [
    "MAX_FRACTION_CHARS",
    "SHORT_FRACTION_CHARS",
    "Step",
    "anchor",
    "chance_text",
    "check_choice",
    "check_int",
    "count_text",
    "exact_chance_text",
    "exactly_text",
    "faces_of_six",
    "fraction_text",
    "mean_text",
    "number_text",
    "percent",
    "ratio_text",
    "reading",
    "short_fraction",
    "whole_number",
]
