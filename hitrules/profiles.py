"""A calculator's added weapons at their old address: a thin module. They live in
:mod:`hitrules.situations.profiles`.
"""

from __future__ import annotations

from hitrules.situations.profiles import (
    COLUMNS,
    DEFAULTS,
    KINDS,
    MAX_ADDED,
    MAX_GROUPS,
    OLD_WIDTH,
    PRESETS,
    Unit,
    at_least,
    complete_rows,
    group_row,
    order_text,
    page_unit,
    parse_order,
    preset_groups,
    read_rows,
    rows_text,
    typed_row,
    unit_answer,
)

__all__ = [
    "COLUMNS",
    "DEFAULTS",
    "KINDS",
    "MAX_ADDED",
    "OLD_WIDTH",
    "Unit",
    "at_least",
    "complete_rows",
    "group_row",
    "order_text",
    "page_unit",
    "parse_order",
    "preset_groups",
    "read_rows",
    "rows_text",
    "typed_row",
    "unit_answer",
]
