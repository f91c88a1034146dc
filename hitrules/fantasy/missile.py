"""Missile weapons of war by name (docs/rules.md § Missile weapons of war): range, Strength, AP and
special rules, as the published game's rules index gives them (``weapons-of-war/<name>.md``: the
rulebook's pp. 216-219 and the army books' small arms).

>>> bow = missile_weapon("Longbows")
>>> bow.name, bow.range, bow.strength, bow.ap, bow.special_rules, bow.armour_bane
('longbow', 30, 3, 0, ('Armour Bane (1)', 'Volley Fire'), 1)
>>> missile_weapon("javelin", strength=4).strength, missile_weapon("Throwing axes", strength=10).strength
(4, 10)

Standard library only.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from types import MappingProxyType

from hitrules.fantasy.after_hit import STRENGTH_RANGE, Weapon
from hitrules.steps import check_int

__all__ = ["MISSILE_WEAPONS", "MissileWeapon", "missile_name", "missile_weapon"]


@dataclass(frozen=True)
class MissileWeapon:
    """One missile weapon: its name, maximum range in inches, Strength (``strength_text`` as the index
    writes it: a number, or "S" / "S+1", the wielder's; ``strength`` the number, None when it is the
    wielder's and no Strength was given), AP (0 for "-"), its special rules' names as the index writes
    them, and where it is written (``page`` under the index's data/markdown/, ``source`` the book and page)."""

    name: str
    range: int
    strength_text: str
    ap: int
    special_rules: tuple[str, ...]
    page: str
    source: str
    strength: int | None = None

    def _rule(self, name: str) -> str | None:
        for rule in self.special_rules:
            if match := re.fullmatch(rf"{name} \((.+)\)", rule):
                return match[1]
        return None

    @property
    def armour_bane(self) -> int:
        """X of Armour Bane (X), 0 without."""
        return int(self._rule("Armour Bane") or 0)

    @property
    def multiple_shots(self) -> str | None:
        """X of Multiple Shots (X) as written ("2", "D3", "D3+1"), None without."""
        return self._rule("Multiple Shots")

    @property
    def multiple_wounds(self) -> str | None:
        """X of Multiple Wounds (X) as written, None without."""
        return self._rule("Multiple Wounds")

    def has(self, rule: str) -> bool:
        """Whether the weapon has the rule, named with or without its (X), any case: ``has("quick shot")``."""
        wanted = rule.strip().casefold()
        return any(r.casefold() == wanted or r.casefold().startswith(wanted + " (") for r in self.special_rules)

    def weapon(self) -> Weapon:
        """What its hit does, for the engine (hitrules.fantasy.Weapon): Strength, AP, Armour Bane,
        Multiple Wounds, Poisoned Attacks. A Strength of the wielder's needs ``missile_weapon(name, strength)``."""
        if self.strength is None:
            raise ValueError(f"The {self.name}'s Strength is the wielder's ({self.strength_text}): give the "
                             "wielder's Strength.")
        return Weapon(self.strength, self.ap, self.multiple_wounds or "1", self.has("Poisoned Attacks"),
                      self.armour_bane)


_RULEBOOK = "Rulebook"
_FOF = "Forces of Fantasy"
_RH = "Ravening Hordes"

# name (the index page's title), range, Strength, AP, special rules, page slug, book, page
_TABLE = (
    ("longbow", 30, "3", 0, ("Armour Bane (1)", "Volley Fire"), "longbow", _RULEBOOK, 216),
    ("shortbow", 18, "3", 0, ("Quick Shot", "Volley Fire"), "shortbow", _RULEBOOK, 216),
    ("warbow", 24, "S", 0, ("Volley Fire",), "warbow", _RULEBOOK, 216),
    ("handgun", 24, "4", -1, ("Armour Bane (1)", "Ponderous"), "handgun", _RULEBOOK, 217),
    ("pistol", 12, "4", -1, ("Armour Bane (1)", "Quick Shot"), "pistol", _RULEBOOK, 217),
    ("brace of pistols", 12, "4", -1, ("Armour Bane (1)", "Multiple Shots (2)", "Quick Shot"), "brace-of-pistols",
     _RULEBOOK, 217),
    ("repeater handgun", 24, "4", -1, ("Armour Bane (1)", "Multiple Shots (3)", "Ponderous"), "repeater-handgun",
     _RULEBOOK, 217),
    ("repeater pistol", 12, "4", -1, ("Armour Bane (1)", "Multiple Shots (3)", "Quick Shot"), "repeater-pistol",
     _RULEBOOK, 217),
    ("crossbow", 30, "4", 0, ("Armour Bane (2)", "Ponderous"), "crossbow", _RULEBOOK, 218),
    ("repeater crossbow", 24, "3", 0, ("Armour Bane (1)", "Multiple Shots (2)"), "repeater-crossbow", _RULEBOOK, 218),
    ("repeater handbow", 12, "3", 0, ("Multiple Shots (2)", "Quick Shot"), "repeater-handbow", _RULEBOOK, 218),
    ("brace of repeater handbows", 12, "3", 0, ("Multiple Shots (4)", "Quick Shot"), "brace-of-repeater-handbows",
     _RULEBOOK, 218),
    ("throwing weapons", 9, "S", 0, ("Move & Shoot", "Multiple Shots (2)", "Quick Shot"), "throwing-weapons",
     _RULEBOOK, 219),
    ("javelin", 12, "S", 0, ("Move & Shoot", "Quick Shot"), "javelin", _RULEBOOK, 219),
    ("sling", 18, "3", 0, ("Multiple Shots (2)",), "sling", _RULEBOOK, 219),
    ("throwing axe", 9, "S+1", 0, ("Quick Shot",), "throwing-axe", _RULEBOOK, 219),
    # The army books' small arms (one profile, one shot or Multiple Shots; no template, no D3 hits).
    ("blunderbuss", 12, "3", -1, ("Multiple Shots (D3)", "Volley Fire"), "blunderbuss",
     "Arcane Journal: Kingdom of Bretonnia", 44),
    ("hailshot blunderbuss", 12, "3", -1, ("Multiple Shots (D3)", "Volley Fire"), "hailshot-blunderbuss",
     "Chaos Dwarfs", 22),
    ("long rifle", 36, "4", -1, ("Armour Bane (1)", "Cumbersome"), "long-rifle", "Arcane Journal: Empire of Man", 40),
    ("hochland long rifle", 36, "4", -1, ("Armour Bane (1)", "Cumbersome", "Ponderous"), "hochland-long-rifle",
     _FOF, 77),
    ("repeating rifle", 24, "4", -1, ("Armour Bane (2)", "Multiple Shots (3)"), "repeating-rifle",
     "Arcane Journal: Empire of Man", 40),
    ("ogre pistol", 24, "4", -1, ("Armour Bane (1)", "Quick Shot"), "ogre-pistol", "Arcane Journal: Empire of Man", 40),
    ("brace of ogre pistols", 24, "4", -1, ("Armour Bane (1)", "Multiple Shots (2)", "Quick Shot"),
     "brace-of-ogre-pistols", "Ogre Kingdoms", 26),
    ("greatbow", 30, "6", -1, ("Armour Bane (2)", "Multiple Wounds (2)", "Volley Fire"), "greatbow", _RH, 135),
    ("asrai longbow", 32, "S", 0, ("Armour Bane (1)", "Volley Fire"), "asrai-longbow", _FOF, 147),
    ("bow of avelorn", 30, "S", 0, ("Armour Bane (1)", "Magical Attacks", "Volley Fire"), "bow-of-avelorn", _FOF, 187),
    ("blackbriar javelin", 12, "S", -1, ("Move & Shoot", "Quick Shot"), "blackbriar-javelin", _FOF, 135),
    ("blowpipe", 12, "3", 0, ("Multiple Shots (2)", "Poisoned Attacks"), "blowpipe", "Lizardmen", "4 & 7"),
    ("drakegun", 18, "5", -1, ("Armour Bane (2)", "Dwarf Crafted", "Flaming Attacks", "Quick Shot"), "drakegun",
     _FOF, 24),
    ("brace of drakefire pistols", 12, "5", -1, ("Armour Bane (2)", "Dwarf Crafted", "Flaming Attacks",
                                                 "Multiple Shots (2)", "Quick Shot"), "brace-of-drakefire-pistols",
     _FOF, 24),
    ("brimstone gun", 18, "5", -2, ("Dwarf Crafted", "Flaming Attacks", "Multiple Shots (D3+1)", "Quick Shot"),
     "brimstone-gun", _FOF, 28),
    ("clattergun", 24, "4", -1, ("Armour Bane (1)", "Dwarf Crafted", "Move & Shoot", "Multiple Shots (D6)",
                                 "Quick Shot"), "clattergun", _FOF, 28),
    ("dragon fire pistol", 12, "5", -1, ("Flaming Attacks", "Multiple Shots (2)", "Quick Shot"), "dragon-fire-pistol",
     "Arcane Journal: Armies of Grand Cathay", 48),
    ("iron hail gun", 12, "3", -1, ("Move & Shoot", "Multiple Shots (D3)"), "iron-hail-gun",
     "Arcane Journal: Armies of Grand Cathay", 35),
    ("great throwing spears", 12, "S+1", -1, ("Move & Shoot", "Quick Shot"), "great-throwing-spears", "Ogre Kingdoms",
     5),
    ("fireleech bolas", 6, "S+1", 0, ("Flaming Attacks", "Move & Shoot", "Quick Shot"), "fireleech-bolas",
     "Lizardmen", 10),
    ("warplock jezzail", 36, "6", -3, ("Cumbersome", "Magical Attacks", "Move or Shoot"), "warplock-jezzail",
     "Skaven", 10),
    ("warplock musket", 24, "5", -2, ("Magical Attacks", "Ponderous"), "warplock-musket", "Skaven", 4),
    ("warplock pistol", 12, "4", -2, ("Magical Attacks", "Quick Shot"), "warplock-pistol", "Skaven", 4),
)

#: Every missile weapon by its name (the index page's title, lower case).
MISSILE_WEAPONS = MappingProxyType({
    row[0]: MissileWeapon(row[0], row[1], row[2], row[3], row[4], f"weapons-of-war/{row[5]}.md",
                          f"{row[6]}, {'pp' if '&' in str(row[7]) else 'p'}. {row[7]}",
                          int(row[2]) if row[2].isdigit() else None)
    for row in _TABLE
})


def _key(text: str) -> str:
    return re.sub(r"[\s\-'’]+", "", text.casefold())


def _spellings(name: str) -> set[str]:
    """A name in the singular and the plural ("brace of pistols", "braces of pistols"; "blunderbusses")."""
    head, sep, tail = name.partition(" of ")
    forms = {head}
    if head.endswith("s") and not head.endswith("ss"):
        forms.add(head[:-1])  # "throwing weapons" -> "throwing weapon"
    else:
        forms.add(head + ("es" if head.endswith("ss") else "s"))
    return {_key(f + sep + tail) for f in forms}


_BY_KEY = {spelling: weapon for weapon in MISSILE_WEAPONS.values() for spelling in _spellings(weapon.name)}


def missile_name(name: str) -> str | None:
    """The MISSILE_WEAPONS name a name means (singular or plural, any case, spaces and hyphens
    ignored), or None.

    >>> missile_name("Repeater Handguns"), missile_name("Braces of pistols"), missile_name("Halberd")
    ('repeater handgun', 'brace of pistols', None)
    """
    weapon = _BY_KEY.get(_key(name))
    return None if weapon is None else weapon.name


def missile_weapon(name: str, strength: int | None = None) -> MissileWeapon:
    """The missile weapon of that name (see missile_name); with the wielder's ``strength`` (1..10), a
    Strength of the wielder's ("S", "S+1") becomes a number, held to 10. An unknown name is a ValueError
    naming close matches.

    >>> missile_weapon("Braces of Pistols").special_rules
    ('Armour Bane (1)', 'Multiple Shots (2)', 'Quick Shot')
    """
    weapon = _BY_KEY.get(_key(name))
    if weapon is None:
        raise ValueError(_unknown(name))
    if strength is not None:
        check_int("Strength", strength, *STRENGTH_RANGE)
    text = weapon.strength_text
    if text.isdigit():
        value = int(text)
    elif strength is None:
        value = None
    else:
        value = min(STRENGTH_RANGE[1], strength + int(text[1:] or 0))
    return MissileWeapon(weapon.name, weapon.range, text, weapon.ap, weapon.special_rules, weapon.page,
                         weapon.source, value)


def _unknown(name: str) -> str:
    key = _key(name)
    close = [k for k in _BY_KEY if key and key in k] + difflib.get_close_matches(key, list(_BY_KEY), n=5, cutoff=0.6)
    names = list(dict.fromkeys(_BY_KEY[c].name for c in close))[:8]
    hint = f" Did you mean: {', '.join(names)}?" if names else f" Known: {', '.join(MISSILE_WEAPONS)}."
    return f"No missile weapon called “{name}”.{hint}"
