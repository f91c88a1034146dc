"""Fantasy troop types: what each brings to combat (docs/rules.md § Fantasy close combat).

>>> TROOPS["monster"].unit_strength is None, TROOP_TYPES[0]
(True, 'regular_infantry')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TROOPS", "TROOP_TYPES"]

@dataclass(frozen=True)
class _Troop:
    """What a troop type brings to combat: the least models a rank needs to count for the Rank
    Bonus, the most Rank Bonus, the Unit Strength per model (None: its Wounds characteristic),
    and which of Killing Blow and Monster Slayer work against it."""

    name: str
    min_per_rank: int | None
    max_rank_bonus: int
    unit_strength: int | None
    killing_blow: bool
    monster_slayer: bool


_TROOPS = (
    _Troop("regular infantry", 5, 2, 1, True, False),
    _Troop("heavy infantry", 4, 2, 1, True, False),
    _Troop("monstrous infantry", 3, 2, 3, True, False),
    _Troop("light cavalry", 5, 1, 2, True, False),
    _Troop("heavy cavalry", 4, 1, 2, True, False),
    _Troop("monstrous cavalry", 3, 1, 3, True, False),
    _Troop("war beasts", 5, 1, 1, True, False),
    _Troop("light chariots", 3, 1, 3, False, False),
    _Troop("heavy chariots", None, 0, 5, False, False),
    _Troop("monster", None, 0, None, False, True),
    _Troop("war machine", None, 0, None, False, False),
    _Troop("swarm", None, 0, 3, True, False),
)
TROOPS = {t.name.replace(" ", "_"): t for t in _TROOPS}
#: The troop types a Target can be, in the order a page lists them.
TROOP_TYPES = tuple(TROOPS)
