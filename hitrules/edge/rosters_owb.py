"""Old World Builder's files read into the plain unit records that :mod:`hitrules.edge.rosters` turns into
its typed units: its own list file (``.owb.json``, its "Download as .owb.json"), its text export (its
``src/pages/export/get-list-as-text.js``, in each of its languages, with or without stats), and the
catalogue's help for both (the profiles a file does not give, the troop type).

The text export's stats line is nine ``label(value)`` in the order M WS BS S T W I A Ld whatever the
labels' language (in German ``W`` is Toughness and ``LP`` Wounds), so it is read by position; a value
keeps its own brackets (a mount's T "(+1)"); the builder's empty stats line (``M( ) WS( ) …``, for a unit
its rules index has no stats for) and a custom note (``Your notes: …``, blank lines and all) are never a
unit; a character is written without a count, so "3 Eyed Jack" is one model's name.

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
from functools import cache

from hitrules.fantasy import catalogue

__all__ = ["MOST_UNITS", "ORDER", "SECTIONS", "OwbError", "army_id", "catalogue_profiles", "is_owb_list", "owb_list",
           "split_rules", "text_list", "times"]

#: The list's arrays of units, in the builder's order.
SECTIONS = ("characters", "lords", "heroes", "core", "special", "rare", "mercenaries", "allies")
_CHOSEN = ("equipment", "armor", "options", "mounts", "command")
#: The most units a list is read with: far more than any army (a hostile file of a million is refused).
MOST_UNITS = 500
_MOST_TEXT = 80


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
            if len(units) >= MOST_UNITS:
                raise OwbError(f"has more than {MOST_UNITS} units, far more than any army")
            entry_id = _text(entry.get("id")).split(".", 1)[0]
            units.append({"name": _name(entry) or entry_id or "unit", "count": _count(entry), "models": [],
                          "rules": _rules(entry), "options": _chosen(entry), "empty": False, "id": entry_id,
                          "army": _text(entry.get("army")) or army, "section": section})
    return {"name": _text(data.get("name")) or army, "army": army, "units": units}


# ----- the text export -----

#: What Old World Builder writes, in each of its languages (its src/i18n/*.json): the sections whose units
#: it writes without a count (characters), the Special Rules and notes labels, the word for points.
_OWB_NO_COUNT = {"characters", "lords", "heroes", "charaktere", "kommandanten", "helden", "personnages", "seigneurs",
                 "héros", "personajes", "comandantes", "héroes", "personaggi", "grandi eroi", "eroi", "postacie",
                 "lordowie", "bochaterowie", "角色", "领主", "英雄"}
_OWB_RULES = ("special rules", "sonderregeln", "règles spéciales", "reglas especiales", "regole speciali",
              "zasady specjalne", "特殊规则")
_OWB_NOTES = ("your notes:", "deine notizen:", "vos notes:", "tus notas:", "你的笔记：", "你的笔记:")
_OWB_POINTS = r"(?:pts|pkte\.|p\.ti|pkt\.|分)"
#: The builder's stats line: nine ``label(value)`` in the order M WS BS S T W I A Ld, whatever the labels'
#: language (in German ``W`` is Toughness and ``LP`` Wounds): read by position.
ORDER = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
_STATS = re.compile(r"^\[(?P<name>[^\]]+)\]\s*(?P<stats>.*)$")
_STAT_LABEL = re.compile(r"([^\s()\[\]]{1,4})\(")
_POINTS = re.compile(r"\d+ ?" + _OWB_POINTS, re.IGNORECASE)
_TIMES = re.compile(r"\(x(\d{1,2})\)", re.IGNORECASE)


def times(name: str) -> tuple[str, int | None]:
    """A profile's name without its "(xN)" and its N ("Skink Crew (x5)" -> "Skink Crew", 5), or N None."""
    stripped = name.rstrip()
    at = stripped.rfind("(")
    if at >= 0 and (match := _TIMES.fullmatch(stripped[at:])):
        return stripped[:at].rstrip(), int(match[1])
    return stripped, None


def _unit_parts(line: str) -> tuple[str | None, str, str | None]:
    """A unit line's count, name and points text ("20 State Troops [155 pts]"), read without a regular
    expression that could backtrack (a hostile line of a million brackets or spaces)."""
    text, points = line.strip(), None
    if text.endswith("]") and (at := text.rfind("[")) >= 0:
        text, points = text[:at].rstrip(), text[at + 1:-1]
    count, _, rest = text.partition(" ")
    if count.isdigit() and count.isascii() and rest.strip():
        return count, rest.strip(), points
    return None, text, points


def _stat_pairs(text: str) -> list[tuple[str, str]] | None:
    """The ``label(value)`` pairs of a stats line, a value's own brackets kept ("(+1)"); None when the
    line is not nine of them."""
    pairs, at = [], 0
    while (match := _STAT_LABEL.search(text, at)) and len(pairs) < 10:
        depth, i = 0, match.end() - 1
        for i in range(match.end() - 1, min(len(text), match.end() + 40)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                break
        if depth:
            return None
        pairs.append((match[1], text[match.end():i].strip()))
        at = i + 1
    return pairs if len(pairs) == len(ORDER) else None


def _owb_header(lines: list[str]) -> tuple[str, str, list[str]]:
    """The list's name, its army, and the lines after the header."""
    header = [line for line in lines[1:6] if line.strip() and line != "==="]
    if len(header) < 1 or "===" not in lines[1:6]:
        raise OwbError("This text starts like an Old World Builder list but has no list name and game.")
    name, game_line = (["", *header] if header[0].lower().startswith("warhammer") else [*header, ""])[:2]
    if not game_line.strip():
        raise OwbError("This text starts like an Old World Builder list but has no list name and game.")
    game, _, army = game_line.partition(",")
    if game.strip().lower() != "warhammer: the old world":
        raise OwbError(f"This list is for “{_text(game)}”.")
    return _text(_unit_parts(name)[1] if name.rstrip().endswith("]") else name), _text(army.split(",")[0]), \
        lines[lines.index("===", 1) + 1:]


def _owb_unit_line(stripped: str, counted: bool) -> dict:
    count, name, _ = _unit_parts(stripped)
    if count is not None and not counted:  # a character is written without a count: "3 Eyed Jack" is its name
        name, count = f"{count} {name}", None
    return {"name": name, "count": int(count or 1), "models": [], "rules": (), "options": [], "empty": False}


def _owb_line(units: list, state: dict, stripped: str) -> None:
    """One line of the list's body, read into ``units`` (``state``: the section, a note, a blank line before)."""
    current = units[-1] if units else None
    lowered = stripped.lower()
    if stripped.startswith("++"):
        section = re.sub(r"\[[^\]]*\]", "", stripped.strip("+ ")).strip().lower()
        state.update(counted=section not in _OWB_NO_COUNT, note=False)
        return
    if current is not None and (match := _STATS.match(stripped)) and (pairs := _stat_pairs(match["stats"])):
        current["models"].append((match["name"], pairs))
        state["note"] = False
    elif current is not None and _stat_pairs(stripped) and not stripped.startswith("["):
        current["empty"] = True  # the builder's empty stats line: its rules index has no stats for the unit
        state["note"] = False
    elif current is not None and lowered.startswith(_OWB_NOTES):
        state["note"] = True
    elif current is not None and lowered.startswith(_OWB_RULES) and ":" in stripped and not state["note"]:
        if not lowered.split(":", 1)[0].rstrip().endswith(")"):  # a detachment's rules are the detachment's
            current["rules"] = split_rules(stripped.split(":", 1)[1])
    elif current is not None and stripped.startswith("- ") and not state["note"]:
        current["options"].append(_text(stripped[2:]))
    elif stripped and _owb_starts_unit(stripped, state, current):
        units.append(_owb_unit_line(stripped, state["counted"]))
        state["note"] = False


def _owb_starts_unit(stripped: str, state: dict, current: dict | None) -> bool:
    """A unit's line: it ends with its points ("[125 pts]"), or (a list written without points) it
    follows a blank line outside a note."""
    points = _unit_parts(stripped)[2]
    if points is not None and _POINTS.fullmatch(" ".join(points.split())):
        return True
    if stripped.startswith(("- ", "[")) or state["note"]:
        return False
    return state["blank"] and (current is None or not current["points_said"])


_CREATED = '"Old World Builder"'


def is_text_list(text: str) -> bool:
    """Whether ``text`` is one of the builder's text exports: its regular list (``===`` header), or its
    markdown, compact or simple list (each ending with the builder's "Created with" line)."""
    if text.startswith("==="):
        return True
    second = text.split("\n", 2)[1:2]
    return _CREATED in text[-400:] and (text.startswith(("## ", "++")) or bool(second and "," in second[0]))


def _options(text: str) -> list[str]:
    """A compact or markdown list's ``(a, b, c)`` as option lines."""
    return ["- " + o for o in split_rules(text.strip()[1:-1])] if text.strip().startswith("(") else []


def _from_markdown(lines: list[str]) -> list[str]:
    """The builder's markdown list as its regular one: ``## name``, ``### section``, ``- unit``,
    `` -# (options)``, `` - __Special Rules:__ *names*``, `` - [stats]``."""
    out = ["===", lines[0][3:], *lines[1:2], "===", ""]
    for line in lines[2:]:
        rest = line[4:] if line.startswith(" -# ") else line
        if line.startswith("### "):
            out += [f"++ {line[4:]} ++", ""]
        elif line.startswith("- "):
            out += ["", line[2:]]
        elif rest.lstrip().startswith("("):
            out += _options(rest)
        elif rest.lstrip().startswith("- __") and "__" in (said := rest.lstrip()[4:]):
            label, _, value = said.partition("__")
            out.append(f"{label} {value.strip().strip('*')}")
        elif rest.startswith(" - "):
            out.append(rest[3:])
        elif line.startswith("*") and _CREATED in line:
            out.append("---")
        else:
            out.append(line)
    return out


def _from_compact(lines: list[str]) -> list[str]:
    """The builder's compact list (no header; each unit's options as ``(a, b)`` under it) as its regular one."""
    out = ["===", "", "Warhammer: The Old World,", "===", ""]
    for line in lines:
        out += _options(line) or [line]
    return out


def _from_simple(lines: list[str]) -> list[dict]:
    """The builder's simple list: ``20 State Troops, Halberds, Light armour - 155``, one unit a line."""
    units = []
    for line in lines:
        if line.strip() == "---":
            break
        unit, _, points = line.rpartition(" - ")
        parts = split_rules(unit if unit and points.strip().isdigit() else line)
        if len(units) >= MOST_UNITS:
            raise OwbError(f"This list has more than {MOST_UNITS} units, far more than any army: it was not read.")
        if parts:
            unit = _owb_unit_line(parts[0], counted=True)
            units.append(unit | {"options": list(parts[1:]), "points_said": True})
    return units


def text_list(text: str) -> dict:
    """The builder's text export read: the list's ``name``, its army's name (``force``) and its unit
    records. Raises :class:`OwbError` for a text without the builder's header or of another game."""
    lines = [line.replace("\xa0", " ").rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    if lines[0].startswith("## "):
        lines = _from_markdown(lines)
    elif lines[0].startswith("++"):
        lines = _from_compact(lines)
    elif not lines[0].startswith("===") and len(lines) > 1:
        name, force, _ = _owb_header(["===", lines[0], lines[1], "==="])
        return {"name": name, "force": force, "units": _from_simple(lines[2:])}
    name, force, body = _owb_header(lines)
    units: list[dict] = []
    state = {"counted": True, "note": False, "blank": True}
    for line in body:
        stripped = line.strip()
        if stripped == "---":
            break
        before = len(units)
        _owb_line(units, state, stripped)
        if len(units) > MOST_UNITS:
            raise OwbError(f"This list has more than {MOST_UNITS} units, far more than any army: it was not read.")
        if len(units) > before:
            units[-1]["points_said"] = _unit_parts(stripped)[2] is not None
        state["blank"] = not stripped or stripped.startswith("++")
    return {"name": name, "force": force, "units": units}


def split_rules(text: str) -> tuple[str, ...]:
    """Rule names separated by commas, a comma inside brackets kept ("Armour Bane (1), Fear")."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += c == "("
        depth -= c == ")"
        if c == "," and depth <= 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return tuple(dict.fromkeys(n for n in map(_text, parts) if n))


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
        if catalogue.name_key(name) not in _known_names(catalogue):
            continue  # not a name the catalogue has (asked cheaply: its error names close matches, slowly)
        for where in dict.fromkeys((army, None)):
            try:
                return catalogue.find(name, army=where)
            except (LookupError, ValueError):
                continue
    return None


@cache
def _known_names(source) -> frozenset[str]:
    """Every unit name the catalogue ``source`` has, in each of the builder's languages, as its ``name_key``."""
    return frozenset(source.name_key(name) for army in source.armies() for unit in source.units(army.id)
                     for name in (unit.name, *unit.names.values()))


def _key(text) -> str:
    return " ".join(str(text).lower().split())


def _all_names(thing) -> set[str]:
    names = _field(thing, "names")
    return {_key(_field(thing, "name")), *(_key(n) for n in (names.values() if hasattr(names, "values") else ()))}


def _english_rules(unit, said: tuple[str, ...]) -> tuple[str, ...]:
    """The record's rule names in English where the catalogue's unit has them in another language (by
    their place in its list), the catalogue's own when the file names none."""
    english = tuple(_field(unit, "special_rules") or ())
    if not said:
        return english
    by_language = _field(unit, "special_rules_by_language")
    where = {}
    for names in by_language.values() if hasattr(by_language, "values") else ():
        where |= {_key(n): i for i, n in enumerate(names) if i < len(english)}
    return tuple(dict.fromkeys(english[where[_key(n)]] if _key(n) in where else n for n in said))


def catalogue_profiles(record: dict) -> dict | None:
    """What the catalogue says of a record: ``profiles`` (as the text export's stats lines: a name and the
    nine ``(label, value)`` pairs; its chosen mount's last, as the builder writes them), ``troop`` (its
    troop type key) and ``rules`` (the record's rule names in English, or the catalogue's); None when the
    catalogue does not know the unit."""
    unit = _catalogue_unit(record)
    if unit is None:
        return None
    chosen = {_key(o) for o in record.get("options", ())}
    ridden = [m for m in _field(unit, "mounts") or () if _all_names(m) & chosen]
    mounts = [p for m in ridden for p in _field(m, "profiles") or ()]
    # A character on a mount takes the mount's troop type (a warhorse: cavalry; a griffon: a monster).
    troop = next((t for m in ridden if (t := _text(_field(m, "troop_type")))), "") or _text(_field(unit, "troop_type"))
    profiles = []
    for profile in (*(_field(unit, "profiles") or ()), *mounts):
        pairs = [(key, _text(str(_field(profile, key) if _field(profile, key) is not None else ""), 12))
                 for key in ORDER]
        profiles.append((_text(_field(profile, "name")) or record["name"], pairs))
    return {"profiles": profiles, "troop": troop,
            "rules": _english_rules(unit, tuple(record.get("rules", ())))}
