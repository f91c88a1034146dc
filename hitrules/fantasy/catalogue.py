"""The Old World's units, one pick away: Old World Builder's catalogue, bundled (docs/rules.md § Missile
weapons of war for the missile names; NOTICE for the attribution).

Old World Builder (https://github.com/nthiebes/old-world-builder, by nthiebes, CC BY 4.0) lists every
army's units with their options and, in its rules index, every unit's profiles and troop type.
``tools/build_catalogue.py`` extracts its names and numbers (no rule text) into ``catalogue.json.gz`` beside
this module, with the builder's commit; this module reads that file lazily, once, on the first call.

>>> unit = find("State Troops")
>>> unit.ref, unit.troop_type, unit.profiles[0].WS, unit.profiles[0].Ld
('empire-of-man/state-troops', 'regular_infantry', '3', '7')
>>> find("staatstruppen") is unit, engine_names("Hand weapons, Halberds, Shields")
(True, ('hand weapon', 'halberd', 'shield'))

A name is matched in any of the builder's languages with case, spaces and "{faction}" tags ignored.
Names repeat, and ``find`` then gives the unit a player most likely means; ``matches`` gives them all:
- within one army, the builder's core and special versions of one unit (``bestigor-herds-core`` and
  ``bestigor-herds``): the first in the builder's order (characters, core, special, rare, mercenaries,
  allies);
- without ``army``, a unit of several armies: the army's own first (Black Orc Mob: the Orc & Goblin
  Tribes', whose own composition lists it, not the Chaos Dwarfs' Legion of Azgorh's; Skeleton Warriors:
  the Tomb Kings'), then the armies' order (Giant: the Ogre Kingdoms'). Their profiles, points and
  options may differ, so a page that knows the army passes it.
``find("army/id")`` reaches every unit by its id.

Standard library only.
"""

from __future__ import annotations

import difflib
import gzip
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType

from hitrules.fantasy.missile import missile_name

__all__ = [
    "ARMOUR_NAMES",
    "LANGUAGES",
    "WEAPON_NAMES",
    "Army",
    "Option",
    "Profile",
    "Unit",
    "armies",
    "engine_name",
    "engine_names",
    "find",
    "matches",
    "name_key",
    "source",
    "units",
]

#: The builder's languages (its name_xx keys); not every entry has every language.
LANGUAGES = ("en", "de", "fr", "cn", "es", "it", "pl")

#: §7's weapons of war (docs/rules.md § Fantasy close combat, the table) by their army-list names.
WEAPON_NAMES = MappingProxyType({
    "hand weapon": ("hand weapon", "hand weapons"),
    "additional hand weapon": ("additional hand weapon", "additional hand weapons", "two hand weapons"),
    "great weapon": ("great weapon", "great weapons"),
    "halberd": ("halberd", "halberds"),
    "flail": ("flail", "flails"),
    "morning star": ("morning star", "morning stars"),
    "whip": ("whip", "whips"),
    "lance": ("lance", "lances"),
    "cavalry spear": ("cavalry spear", "cavalry spears"),
    "thrusting spear": ("thrusting spear", "thrusting spears"),
    "throwing spear": ("throwing spear", "throwing spears"),
    "long spear": ("long spear", "long spears"),
    "polearm": ("polearm", "polearms"),
})
#: §7's armour (weapons-of-war/armour-value.md, shield.md, barding.md, no-armour.md) by the builder's names;
#: the engine's names are those of hitrules.fantasy.weapons.armour_value ("none", "light", "heavy",
#: "full plate") and "shield", "barding".
ARMOUR_NAMES = MappingProxyType({
    "none": ("no armour",),
    "light": ("light armour",),
    "heavy": ("heavy armour",),
    "full plate": ("full plate armour", "full plate"),
    "shield": ("shield", "shields"),
    "barding": ("barding",),
})
_STATS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")


@dataclass(frozen=True)
class Profile:
    """One line of a unit's profile, each characteristic as the builder writes it ("3", "-", "D3", "(+1)")."""

    name: str
    M: str
    WS: str
    BS: str
    S: str
    T: str
    W: str
    I: str  # noqa: E741 (the game's own name)
    A: str
    Ld: str

    def number(self, stat: str) -> int | None:
        """A characteristic as a whole number, or None when the builder writes something else ("-", "D3",
        "(+1)", "2+"): ``number("WS")``.

        >>> Profile("Horse", "8", "3", "-", "3", "3", "1", "3", "1", "5").number("BS") is None
        True
        """
        if stat not in _STATS:
            raise ValueError(f"A profile has no characteristic “{stat}”: one of {', '.join(_STATS)}.")
        text = getattr(self, stat).strip()
        return int(text) if text.isdigit() else None


@dataclass(frozen=True)
class Option:
    """An option-like entry of a unit (a weapon, armour, an option, a mount, a command model): its names
    by language, its points (each model's when ``per_model``), whether the builder selects it by
    default, its own options, and a mount's profiles (empty when the rules index has none)."""

    name: str
    names: Mapping[str, str] = field(hash=False)
    points: float = 0
    default: bool = False
    per_model: bool = False
    options: tuple[Option, ...] = ()
    profiles: tuple[Profile, ...] = ()
    #: A mount's troop type as the rules index gives it (what its rider becomes: "heavy_cavalry" on a
    #: barded warhorse); None for anything else.
    troop_type: str | None = None

    @property
    def engine_names(self) -> tuple[str, ...]:
        """The engine's names of the weapons of war and armour this entry holds (see engine_names)."""
        return engine_names(self.name)


@dataclass(frozen=True)
class Army:
    """An army: its id (the builder's file name, e.g. "empire-of-man"), its name and names by language."""

    id: str
    name: str
    names: Mapping[str, str] = field(hash=False)


@dataclass(frozen=True)
class Unit:
    """One unit of an army's list, as the builder lists it. ``troop_type`` is this package's key
    (hitrules.fantasy.troops.TROOP_TYPES) or None when the rules index gives none (``troop_code`` is its
    code); ``profiles`` are the rules index's lines (empty for the few units it has none for);
    ``equipment`` lists the weapon options, the default first; ``special_rules`` the English names
    (``special_rules_by_language`` the others); ``minimum`` is the least models, ``points`` each model's."""

    id: str
    army: str
    name: str
    names: Mapping[str, str] = field(hash=False)
    troop_type: str | None
    profiles: tuple[Profile, ...]
    equipment: tuple[Option, ...]
    armour: tuple[Option, ...]
    options: tuple[Option, ...]
    mounts: tuple[Option, ...]
    command: tuple[Option, ...]
    special_rules: tuple[str, ...]
    minimum: int
    points: float
    maximum: int = 0
    category: str = ""
    troop_code: str | None = None
    special_rules_by_language: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False)
    #: The profiles the builder shows for a "{renegade}" unit in a renegade army composition (the rules
    #: index's "<name> renegade" entry); empty for every other unit.
    renegade_profiles: tuple[Profile, ...] = ()
    #: The army compositions (the army's id, its Armies of Infamy' ids) the builder offers the unit in;
    #: empty: all of its army's.
    compositions: tuple[str, ...] = ()

    @property
    def ref(self) -> str:
        """"army/id", the unit's address (``find`` takes it; a link keeps it)."""
        return f"{self.army}/{self.id}"


# ----- names

def name_key(text: str) -> str:
    """A name to compare: Unicode-normalised, case and white space ignored, "{faction}" tags dropped."""
    text = re.sub(r"\{[^}]*\}", "", unicodedata.normalize("NFKC", text))
    return re.sub(r"\s+", "", text.casefold().replace("’", "'").replace("‘", "'"))


def _english() -> dict[str, str]:
    table = {name_key(n): engine for engine, spelled in WEAPON_NAMES.items() for n in spelled}
    table.update({name_key(n): engine for engine, spelled in ARMOUR_NAMES.items() for n in spelled})
    return table


_ENGLISH = _english()


def engine_name(name: str, *, english_only: bool = False) -> str | None:
    """The engine's name of one piece of equipment the builder names, in any of its languages: a weapon
    of war of §7's table ("Thrusting spears" -> "thrusting spear", a key of WEAPON_NAMES), armour ("Full
    plate armour" -> "full plate", "Schilde" -> "shield", a key of ARMOUR_NAMES) or a missile weapon
    ("Armbrüste" -> "crossbow", a key of hitrules.fantasy.missile.MISSILE_WEAPONS); a note in brackets is
    looked through ("Heavy armour (Scaly skin)", "Claws and fangs (Hand weapons)"). None for anything
    else (an army's own weapon). ``english_only``: without the builder's other languages (no data read).

    >>> engine_name("Thrusting spears"), engine_name("Light armour"), engine_name("Hellebarden")
    ('thrusting spear', 'light', 'halberd')
    """
    tables = (_ENGLISH,) if english_only else (_ENGLISH, _data()["aliases"])
    outside = re.sub(r"\([^)]*\)", "", name)
    inside = re.findall(r"\(([^)]*)\)", name)
    for text in (name, outside, *inside):
        for table in tables:
            if (found := table.get(name_key(text)) or missile_name(text)) is not None:
                return found
    return None


def engine_names(text: str) -> tuple[str, ...]:
    """The engine's names of every piece a builder entry names ("Hand weapons, Lances, Shields"), in
    order, once each; pieces it does not know are left out."""
    found: list[str] = []
    for piece in _split(text):
        if (name := engine_name(piece)) is not None and name not in found:
            found.append(name)
    return tuple(found)


def _split(text: str) -> list[str]:
    """Names joined by commas, a comma inside brackets kept (every comma when the brackets do not pair up)."""
    parts, depth, current = [], 0 if text.count("(") == text.count(")") else -len(text), ""
    for char in text:
        depth += (char == "(") - (char == ")")
        if char in ",，" and depth <= 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return [p.strip() for p in parts if p.strip()]


# ----- the data file

@cache
def _data() -> dict:
    packed = resources.files(__package__).joinpath("catalogue.json.gz").read_bytes()
    return json.loads(gzip.decompress(packed).decode("utf-8"))


def _profile(row: list[str]) -> Profile:
    return Profile(row[0], *row[1:1 + len(_STATS)])


def _option(raw: dict) -> Option:
    names = raw["names"]
    return Option(names.get("en") or next(iter(names.values()), ""), MappingProxyType(names), raw.get("points", 0),
                  raw.get("default", False), raw.get("per_model", False),
                  tuple(_option(o) for o in raw.get("options", ())),
                  tuple(_profile(p) for p in raw.get("profiles", ())), raw.get("troop_type"))


def _unit(raw: dict) -> Unit:
    names, rules = raw["names"], raw["special_rules"]
    return Unit(
        id=raw["id"], army=raw["army"], name=names.get("en") or raw["id"], names=MappingProxyType(names),
        troop_type=raw["troop_type"], profiles=tuple(_profile(p) for p in raw["profiles"]),
        equipment=tuple(_option(o) for o in raw["equipment"]), armour=tuple(_option(o) for o in raw["armour"]),
        options=tuple(_option(o) for o in raw["options"]), mounts=tuple(_option(o) for o in raw["mounts"]),
        command=tuple(_option(o) for o in raw["command"]), special_rules=tuple(rules.get("en", ())),
        minimum=raw["minimum"], points=raw["points"], maximum=raw.get("maximum", 0), category=raw["category"],
        troop_code=raw.get("troop_code"),
        special_rules_by_language=MappingProxyType({k: tuple(v) for k, v in rules.items()}),
        renegade_profiles=tuple(_profile(p) for p in raw.get("renegade_profiles", ())),
        compositions=tuple(raw.get("compositions", ())),
    )


@dataclass(frozen=True)
class _Catalogue:
    armies: tuple[Army, ...]
    units: Mapping[str, tuple[Unit, ...]] = field(hash=False)
    by_ref: Mapping[str, Unit] = field(hash=False)
    # name key -> the units carrying it, in the builder's order
    by_name: Mapping[str, tuple[Unit, ...]] = field(hash=False)
    army_keys: Mapping[str, str] = field(hash=False)


@cache
def _catalogue() -> _Catalogue:
    data = _data()
    army_list = tuple(Army(a["id"], a["names"].get("en", a["id"]), MappingProxyType(a["names"]))
                      for a in data["armies"])
    by_army: dict[str, list[Unit]] = {a.id: [] for a in army_list}
    by_name: dict[str, list[Unit]] = {}
    for raw in data["units"]:
        unit = _unit(raw)
        by_army[unit.army].append(unit)
        for name in {name_key(n) for n in (*raw["names"].values(), *raw.get("also", {}).values())}:
            by_name.setdefault(name, []).append(unit)
    army_keys = {name_key(n): a.id for a in army_list for n in (a.id, *a.names.values())}
    return _Catalogue(army_list, {k: tuple(v) for k, v in by_army.items()},
                      {u.ref: u for us in by_army.values() for u in us}, {k: tuple(v) for k, v in by_name.items()},
                      army_keys)


def source() -> Mapping[str, str]:
    """Where the catalogue comes from: the builder's address, commit, licence, and what was changed."""
    data = _data()
    return MappingProxyType({k: data[k] for k in ("source", "author", "licence", "licence_url", "commit", "changes")})


def armies() -> tuple[Army, ...]:
    """Every army of the builder's, in its file names' order."""
    return _catalogue().armies


def _army_id(army: str) -> str:
    catalogue = _catalogue()
    if (found := catalogue.army_keys.get(name_key(army))) is not None:
        return found
    close = difflib.get_close_matches(name_key(army), list(catalogue.army_keys), n=3, cutoff=0.6)
    hint = ", ".join(dict.fromkeys(catalogue.army_keys[c] for c in close)) or ", ".join(a.id for a in armies())
    raise ValueError(f"No army called “{army}” in the catalogue. Did you mean: {hint}?")


def units(army: str) -> tuple[Unit, ...]:
    """An army's units (by its id or its name in any of the builder's languages), in the builder's order."""
    return _catalogue().units[_army_id(army)]


def matches(name: str, army: str | None = None) -> tuple[Unit, ...]:
    """Every unit carrying the name (as ``find`` reads it), the preferred first: of all armies, or of
    ``army`` only. Several armies' units first by how much the unit is the army's own (its army's own
    composition lists it, then it is offered in every composition, then only in an Army of Infamy), then
    in the armies' order; one army's in the builder's order."""
    wanted = _army_id(army) if army is not None else None
    found = [u for u in _catalogue().by_name.get(name_key(name), ()) if wanted in (None, u.army)]
    order = {a.id: i for i, a in enumerate(armies())}
    return tuple(sorted(found, key=lambda u: (_homeliness(u), order[u.army])))


def _homeliness(unit: Unit) -> int:
    """0: its army's own composition lists the unit; 1: every composition offers it; 2: only others do."""
    return 1 if not unit.compositions else (0 if unit.army in unit.compositions else 2)


def find(name: str, army: str | None = None) -> Unit:
    """One unit by its name in any of the builder's languages (case, spaces and "{faction}" tags
    ignored), or by its address "army/id" (the id may carry the ".random" tail of the builder's list
    files); ``army`` (an id or a name) narrows the search. A name several units carry gives the first of
    ``matches``: see the module's docstring. A ValueError names close matches when none fits."""
    wanted = _army_id(army) if army is not None else None
    if (unit := _by_ref(name.strip())) is not None and wanted in (None, unit.army):
        return unit
    if found := matches(name, wanted):
        return found[0]
    raise ValueError(_not_found(name, wanted))


def _by_ref(ref: str) -> Unit | None:
    """The unit at "army/id"; an id the builder's lists carry ("state-troops.x1y2z3", the unit's id and a
    random one after a dot) finds its unit too."""
    by_ref = _catalogue().by_ref
    while (unit := by_ref.get(ref)) is None and "." in ref.partition("/")[2]:
        ref = ref.rpartition(".")[0]
    return unit


def _not_found(name: str, army: str | None) -> str:
    catalogue = _catalogue()
    keys = [k for k, us in catalogue.by_name.items() if army is None or any(u.army == army for u in us)]
    close = difflib.get_close_matches(name_key(name), keys, n=5, cutoff=0.6)
    shown = dict.fromkeys(f"{u.name} ({u.army})" for k in close for u in catalogue.by_name[k]
                          if army in (None, u.army))
    where = f" of {army}" if army else ""
    hint = f" Close: {', '.join(shown)}." if shown else ""
    return f"No unit called “{name}” in the catalogue{where}.{hint}"
