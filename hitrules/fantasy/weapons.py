"""Fantasy weapons of war, who fights and armour (docs/rules.md § Fantasy close combat).

Pure functions of the rules index's tables: what a weapon of §7's table is this turn
(:func:`combat_weapon`), how many models of a unit fight and support (:func:`who_fights`), and a
unit's armour value (:func:`armour_value`).

>>> great = combat_weapon("Great weapons", 4, charged=True)
>>> great.weapon.strength, great.weapon.ap, great.weapon.armour_bane, great.strike_last, great.two_handed
(6, -2, 1, True, True)
>>> who_fights(20, 5, "regular_infantry", supports=True, charged=False)
(5, 10)
>>> armour_value("light", shield=True, troop_type="regular_infantry")
4
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from hitrules.fantasy.after_hit import STRENGTH_RANGE, Weapon
from hitrules.fantasy.troops import TROOP_TYPES
from hitrules.steps import check_choice, check_int

__all__ = ["ARMOURS", "COMBAT_WEAPONS", "CombatWeapon", "armour_value", "combat_weapon", "who_fights"]


@dataclass(frozen=True)
class _Row:
    """One row of §7's weapons table: the bonus to S and the AP when the wielder charged this turn and when
    not, Armour Bane then, and the rest."""

    name: str
    plural: str
    charged: tuple[int, int, int]  # (S bonus, AP, Armour Bane) in a turn the wielder charged
    not_charged: tuple[int, int, int] | None  # None: the hand weapon's profile instead
    two_handed: bool = False
    extra_attacks: int = 0
    strike_first: bool = False
    strike_last: bool = False
    #: Fight in Extra Rank: "always", "not charged" (no support in a turn it charged), or "never".
    supports: str = "never"


_ROWS = (
    _Row("hand weapon", "hand weapons", (0, 0, 0), (0, 0, 0)),
    _Row("additional hand weapon", "additional hand weapons", (0, 0, 0), (0, 0, 0), two_handed=True,
         extra_attacks=1),
    _Row("great weapon", "great weapons", (2, -2, 1), (2, -2, 1), two_handed=True, strike_last=True),
    _Row("halberd", "halberds", (1, -2, 1), (1, -1, 1), two_handed=True),
    _Row("flail", "flails", (2, -2, 1), (0, -2, 0), two_handed=True),
    _Row("morning star", "morning stars", (1, -1, 1), (0, -1, 0)),
    _Row("whip", "whips", (0, 0, 0), (0, 0, 0), strike_first=True, supports="always"),
    _Row("lance", "lances", (2, -2, 1), None),
    _Row("cavalry spear", "cavalry spears", (1, -1, 0), (0, 0, 0), supports="not charged"),
    _Row("thrusting spear", "thrusting spears", (0, 0, 0), (0, 0, 0), supports="not charged"),
    _Row("throwing spear", "throwing spears", (0, 0, 0), None, supports="always"),
    _Row("long spear", "long spears", (0, 0, 0), (0, 0, 0), supports="not charged"),
    _Row("polearm", "polearms", (0, 0, 0), (0, 0, 0), supports="not charged"),
    _Row("polearm (two-handed)", "polearms (two-handed)", (1, -1, 0), (1, -1, 0), two_handed=True),
)
_BY_NAME = {row.name: row for row in _ROWS}
#: The names of §7's weapons table, "hand weapon" first (each also takes its plural, in any case).
COMBAT_WEAPONS = tuple(_BY_NAME)
#: Other names the army lists give a weapon of the table.
_ALIASES = {"two hand weapon": "additional hand weapon", "two hand weapons": "additional hand weapon",
            "polearm (one-handed)": "polearm", "polearms (one-handed)": "polearm"}


def _key(name: str) -> str:
    """A name as the table is looked up: lower case, hyphens and underscores as spaces, one space between words."""
    text = re.sub(r"[\s_-]+", " ", name.strip().lower())
    return re.sub(r"\(\s*", "(", re.sub(r"\s*\)", ")", text))


_LOOKUP = {_key(k): v for k, v in (*((r.name, r.name) for r in _ROWS), *((r.plural, r.name) for r in _ROWS),
                                     *_ALIASES.items())}


def _weapon_name(name: object) -> str:
    """The table's name of ``name`` (any case, singular or plural); an unknown name is a clear error."""
    if not isinstance(name, str):
        raise ValueError(f"A weapon is a name of the weapons table, such as \"hand weapon\" (got {name!r:.30}).")
    found = _LOOKUP.get(_key(name))
    if found is None:
        close = difflib.get_close_matches(_key(name), list(_LOOKUP), n=3, cutoff=0.5)
        hint = f" Did you mean {' or '.join(repr(_LOOKUP[c]) for c in dict.fromkeys(close))}?" if close else ""
        raise ValueError(f"Unknown weapon {name!r:.40}: the weapons of war are {', '.join(COMBAT_WEAPONS)}.{hint}")
    return found


@dataclass(frozen=True)
class CombatWeapon:
    """A weapon of §7's table as it fights this turn: its ``weapon`` (Strength and AP this turn, Armour
    Bane), whether it Requires Two Hands (the shield unused in combat), Strike First, Strike Last, its
    Extra Attacks, whether its models may make supporting attacks this turn (Fight in Extra Rank), and the
    Initiative it adds (the thrusting spear's +1 against a charger in its front)."""

    weapon: Weapon
    two_handed: bool = False
    strike_first: bool = False
    strike_last: bool = False
    extra_attacks: int = 0
    supports: bool = False
    initiative: int = 0


def combat_weapon(name: str, strength: int, *, charged: bool, charger_in_front: bool = False) -> CombatWeapon:
    """What the weapon ``name`` is this turn for a model of Strength ``strength``: ``charged``, the wielder
    charged this turn; ``charger_in_front``, it was charged in its front (ignored when ``charged``). A lance
    or a throwing spear that did not charge fights as a hand weapon. Strength is held to 10.

    >>> halberd = combat_weapon("halberd", 3, charged=False)
    >>> halberd.weapon.strength, halberd.weapon.ap, combat_weapon("Halberds", 3, charged=True).weapon.ap
    (4, -1, -2)
    >>> spear = combat_weapon("thrusting spears", 3, charged=False, charger_in_front=True)
    >>> spear.supports, spear.initiative
    (True, 1)
    """
    row = _BY_NAME[_weapon_name(name)]
    check_int("Strength", strength, *STRENGTH_RANGE)
    for label, value in (("charged", charged), ("charger_in_front", charger_in_front)):
        if not isinstance(value, bool):
            raise ValueError(f"{label} must be True or False (got {value!r:.30}).")
    in_front = charger_in_front and not charged
    if not charged and row.not_charged is None:
        row = _BY_NAME["hand weapon"]
    bonus, ap, bane = row.charged if charged else row.not_charged
    supports = row.supports == "always" or (row.supports == "not charged" and not charged)
    strike_first = row.strike_first or (row.name == "long spear" and in_front)
    return CombatWeapon(Weapon(min(STRENGTH_RANGE[1], strength + bonus), ap, armour_bane=bane),
                        two_handed=row.two_handed, strike_first=strike_first, strike_last=row.strike_last,
                        extra_attacks=row.extra_attacks, supports=supports,
                        initiative=1 if row.name == "thrusting spear" and in_front else 0)


# Who fights ---------------------------------------------------------------------------------------

#: The troop types with Press of Battle (its second rank fights, except in a turn it charged).
_PRESS_OF_BATTLE = ("regular_infantry", "heavy_infantry")
#: Where a side is fought: its front, a flank or its rear.
_FOUGHT_IN = ("front", "flank", "rear")
_FORMATIONS = ("close_order", "open_order", "skirmish")
#: The most models a side's counts are worked out for.
_MOST_MODELS = 1000


def _press_of_battle(troop_type: str, formation: str, depth: int, width: int, charged: bool) -> bool:
    """Press of Battle: regular and heavy infantry in Combat Order (not deeper than wide), in Close or Open
    Order, not in a turn it charged."""
    return troop_type in _PRESS_OF_BATTLE and formation != "skirmish" and depth <= width and not charged


def who_fights(models: int, rank_width: int, troop_type: str, *, supports: bool, charged: bool,
               fought_in: str = "front", others: int = 0, formation: str = "close_order") -> tuple[int, int]:
    """How many of a side's rank and file fight with their Attacks (F) and how many once each (S):
    "Who fights" in docs/rules.md. ``models`` is N, the rank and file left plus the others (a character counts,
    never its mount); ``others``, the champion and characters, who stand in the front rank and always fight,
    taking places from F when fought in the front. ``supports``: the weapon may make supporting attacks this
    turn (:attr:`CombatWeapon.supports`); ``charged``: the side charged this turn.

    The fighting rank is min(W, N) models in the front or rear, a file of ⌈N / W⌉ in a flank; Press of Battle
    adds the next rank (or file); Fight in Extra Rank the rank behind those, only when fought in the front.

    >>> who_fights(20, 5, "regular_infantry", supports=False, charged=True)
    (5, 0)
    >>> who_fights(20, 5, "regular_infantry", supports=True, charged=False, fought_in="flank")
    (4, 4)
    """
    check_int("The models", models, 1, _MOST_MODELS)
    check_int("The rank width", rank_width, 1, 20)
    check_choice("troop type", troop_type, TROOP_TYPES)
    check_choice("fought_in", fought_in, _FOUGHT_IN)
    check_choice("formation", formation, _FORMATIONS)
    check_int("The others in the front rank", others, 0, min(2, models))
    for label, value in (("supports", supports), ("charged", charged)):
        if not isinstance(value, bool):
            raise ValueError(f"{label} must be True or False (got {value!r:.30}).")
    depth = -(-models // rank_width)
    line = min(rank_width, models) if fought_in != "flank" else depth
    fighting = max(0, line - others) if fought_in == "front" else line
    press = min(line, models - line) if _press_of_battle(troop_type, formation, depth, rank_width, charged) else 0
    support = min(rank_width, models - line - press) if supports and fought_in == "front" else 0
    # The counts are of the rank and file: others beyond a fighting rank narrower than they are stand in the
    # ranks behind; never more than the models less the others.
    spill = max(0, others - line) if fought_in == "front" else 0
    fighting = min(fighting, models - others)
    return fighting, min(max(0, press + support - spill), models - others - fighting)


# Armour -------------------------------------------------------------------------------------------

#: Armour names and their armour value (7: no save).
_ARMOUR = {"none": 7, "light": 6, "heavy": 5, "full plate": 4}
ARMOURS = tuple(_ARMOUR)
#: The best armour value each troop type may have: 3+ for chariots, monsters and war machines, else 2+.
_BEST_THREE = ("light_chariots", "heavy_chariots", "monster", "war_machine")
#: The troop types that Parry (regular and heavy infantry fighting with hand weapon and shield).
_PARRY = ("regular_infantry", "heavy_infantry")
_HIDE_RANGE = (0, 6)


def armour_value(armour: str, *, shield: bool = False, barding: bool = False, hide: int = 0, troop_type: str,
                 two_handed: bool = False, in_combat: bool = True, weapon: str = "hand weapon") -> int | None:
    """A model's armour value (2..6), or None for no save: light 6+, heavy 5+, full plate 4+, none 7+; a
    shield, barding and Armoured Hide (X) improve it by 1, 1 and X, at best 2+ (3+ for chariots, monsters
    and war machines). In combat a weapon that Requires Two Hands (``two_handed``, or the table's for
    ``weapon``) leaves the shield unused, and Parry (regular and heavy infantry fighting with a hand weapon
    and a shield) adds 1, to at best 3+ (a 2+ stays). Against shooting (``in_combat=False``) the shield
    counts beside any weapon, and there is no Parry.

    >>> armour_value("light", shield=True, troop_type="regular_infantry", weapon="thrusting spear")
    5
    >>> armour_value("full plate", shield=True, troop_type="heavy_infantry", weapon="great weapon")
    4
    """
    check_choice("armour", armour, ARMOURS)
    check_choice("troop type", troop_type, TROOP_TYPES)
    check_int("Armoured Hide", hide, *_HIDE_RANGE)
    for label, value in (("shield", shield), ("barding", barding), ("two_handed", two_handed),
                         ("in_combat", in_combat)):
        if not isinstance(value, bool):
            raise ValueError(f"{label} must be True or False (got {value!r:.30}).")
    name = _weapon_name(weapon)
    both_hands = in_combat and (two_handed or _BY_NAME[name].two_handed)
    uses_shield = shield and not both_hands
    value = _ARMOUR[armour] - uses_shield - barding - hide
    if in_combat and uses_shield and name == "hand weapon" and troop_type in _PARRY and value > 3:
        value -= 1
    value = max(value, 3 if troop_type in _BEST_THREE else 2)
    return value if value <= 6 else None
