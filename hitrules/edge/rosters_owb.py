"""Old World Builder's own list file (``.owb.json``, its "Download as .owb.json"), and the catalogue's
help for its text export: both read into the plain unit records that :mod:`hitrules.edge.rosters` turns
into its typed units.

The builder writes the file with ``JSON.stringify(list)`` (its ``src/utils/file.js``): the list's ``name``,
``game`` (``"the-old-world"``), ``army`` (e.g. ``"empire-of-man"``) and one array of units for each of
``characters``, ``lords``, ``heroes``, ``core``, ``special``, ``rare``, ``mercenaries`` and ``allies``. A unit
is its army's entry (``public/games/the-old-world/<army>.json``) with the player's choices in it: its ``id``
(``"<entry id>.<random>"``), ``strength`` (its models, else ``minimum``; a character has neither: one),
a custom ``name``, ``equipment``, ``armor``, ``options``, ``mounts`` and ``command`` (each chosen one
``"active": true``) and ``specialRules`` (``name_en``: the names, comma separated). The file has no
profiles: those come from the catalogue (:mod:`hitrules.fantasy.catalogue`) when it knows the unit.

>>> records = owb_list({"name": "Raid", "game": "the-old-world", "army": "empire-of-man", "core": [
...     {"id": "state-troops.x1", "name_en": "State Troops", "strength": 20,
...      "equipment": [{"name_en": "Hand weapons", "active": True}, {"name_en": "Halberds"}],
...      "specialRules": {"name_en": "Close Order, Horde"}}]})
>>> records["name"], [(u["name"], u["count"], u["options"], u["rules"]) for u in records["units"]]
('Raid', [('State Troops', 20, ['Hand weapons'], ('Close Order', 'Horde'))])
"""

from __future__ import annotations

import re

from hitrules.fantasy import catalogue

__all__ = ["SECTIONS", "OwbError", "army_id", "catalogue_profiles", "is_owb_list", "owb_list"]

#: The list's arrays of units, in the builder's order.
SECTIONS = ("characters", "lords", "heroes", "core", "special", "rare", "mercenaries", "allies")
_CHOSEN = ("equipment", "armor", "options", "mounts", "command")
_MOST_UNITS = 500
_MOST_TEXT = 80
_ORDER = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")


class OwbError(ValueError):
    """The file is JSON of the builder's shape but cannot be read; the message says why."""


def is_owb_list(data) -> bool:
    """Whether ``data`` (parsed JSON) is one of the builder's army lists."""
    return isinstance(data, dict) and isinstance(data.get("army"), str) and data.get("game") == "the-old-world" \
        and any(isinstance(data.get(s), list) for s in SECTIONS)


def _text(value, most: int = _MOST_TEXT) -> str:
    return " ".join(value.split())[:most] if isinstance(value, str) else ""


def _name(entry: dict) -> str:
    """A unit's or an option's name: the player's own, else the English one, without the builder's tags."""
    name = _text(entry.get("name")) or _text(entry.get("name_en"))
    return re.sub(r"\s*\{[^}]*\}", "", name).strip()


def _count(entry: dict) -> int:
    for key in ("strength", "minimum"):
        value = entry.get(key)
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= 10_000:
            return value
    return 1


def _chosen(entry: dict) -> list[str]:
    """The names of what the player chose (``active``), in the builder's order."""
    names = []
    for key in _CHOSEN:
        items = entry.get(key)
        for item in items if isinstance(items, list) else ():
            if isinstance(item, dict) and item.get("active") is True and (name := _text(item.get("name_en"))):
                names.append(name)
    return names


def _rules(entry: dict) -> tuple[str, ...]:
    rules = entry.get("specialRules")
    text = rules.get("name_en") if isinstance(rules, dict) else None
    names = (re.sub(r"\s*\{[^}]*\}", "", n).strip() for n in _text(text, 4000).split(","))
    return tuple(dict.fromkeys(n[:_MOST_TEXT] for n in names if n))


def owb_list(data: dict) -> dict:
    """The list's name, army and unit records (``name``, ``count``, ``models`` (none: the file has no
    profiles), ``rules``, ``options``, ``id``, ``army``). Raises :class:`OwbError` for a list it cannot read."""
    if not is_owb_list(data):
        raise OwbError("is JSON but not an Old World Builder army list")
    army = _text(data["army"])
    units = []
    for section in SECTIONS:
        entries = data.get(section)
        for entry in entries if isinstance(entries, list) else ():
            if not isinstance(entry, dict):
                raise OwbError(f"has a unit in “{section}” that is not a unit")
            if len(units) >= _MOST_UNITS:
                raise OwbError(f"has more than {_MOST_UNITS} units, far more than any army")
            entry_id = _text(entry.get("id")).split(".", 1)[0]
            units.append({"name": _name(entry) or entry_id or "unit", "count": _count(entry), "models": [],
                          "rules": _rules(entry), "options": _chosen(entry), "empty": False, "id": entry_id,
                          "army": _text(entry.get("army")) or army, "section": section})
    return {"name": _text(data.get("name")) or army, "army": army, "units": units}


# ----- the catalogue's help -----

def army_id(name: str) -> str:
    """The catalogue's id of an army named in any of the builder's languages ("Imperium" -> "empire-of-man"),
    or "" when none is."""
    key = catalogue.name_key(name)
    for army in catalogue.armies():
        if key in (catalogue.name_key(army.id.replace("-", " ")), *map(catalogue.name_key, army.names.values())):
            return army.id
    return ""


def _field(thing, key: str):
    return thing.get(key) if isinstance(thing, dict) else getattr(thing, key, None)


def _catalogue_unit(record: dict):
    """The catalogue's unit for a record (by its entry id in its army, else by its name in any of the
    builder's languages, else by another name it gives, its first profile's), or None when the catalogue
    does not know it."""
    army = record.get("army") or None
    if record.get("id") and army:
        try:
            found = next((u for u in catalogue.units(army) if _field(u, "id") == record["id"]), None)
        except (LookupError, ValueError):
            found = None
        if found is not None:
            return found
    for name in (record["name"], *record.get("aliases", ())):
        for where in dict.fromkeys((army, None)):
            try:
                return catalogue.find(name, army=where)
            except (LookupError, ValueError):
                continue
    return None


def catalogue_profiles(record: dict) -> tuple[list[tuple[str, list[tuple[str, str]]]], str] | None:
    """The catalogue's profiles for a record (as the text export's stats lines: a name and the nine
    ``(label, value)`` pairs; its chosen mount's last, as the builder writes them) and its troop type key,
    or None when the catalogue does not know the unit."""
    unit = _catalogue_unit(record)
    if unit is None:
        return None
    chosen = {" ".join(o.lower().split()) for o in record.get("options", ())}
    mounts = [p for m in _field(unit, "mounts") or () if " ".join(str(_field(m, "name")).lower().split()) in chosen
              for p in _field(m, "profiles") or ()]
    profiles = []
    for profile in (*(_field(unit, "profiles") or ()), *mounts):
        pairs = [(key, _text(str(_field(profile, key) if _field(profile, key) is not None else ""), 12))
                 for key in _ORDER]
        profiles.append((_text(_field(profile, "name")) or record["name"], pairs))
    return profiles, _text(_field(unit, "troop_type"))
