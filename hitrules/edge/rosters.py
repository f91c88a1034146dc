"""A player's army file read into typed values, and its units turned into the calculators' inputs.

The edge of the package (docs/rules.md § Reading a player's army file): a file in, a :class:`Roster`
out, or a :class:`RosterError` that says what is wrong with the file. It reads BattleScribe and New
Recruit rosters (``.ros``, zipped ``.rosz``), Old World Builder's text export (in each of its languages,
with or without stats) and its list file (``.owb.json``, :mod:`hitrules.edge.rosters_owb`), the units
the files give no profile for filled from the catalogue (:mod:`hitrules.fantasy.catalogue`); it tells
them apart from the bytes, and keeps only names and numbers (never rule text). The XML goes through
``defusedxml``, which refuses a document type, entities and external references; a zip member is
inflated in chunks and refused past :data:`MAX_INFLATED`, whatever its header says.

>>> roster = read(b'''<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" name="Patrol"
...   gameSystemId="28ec-711c-d87f-3aeb" gameSystemName="Warhammer 40,000 9th Edition"><forces>
...   <force catalogueName="Marines"><selections><selection name="Captain" type="model" number="1">
...   <profiles><profile name="Captain" typeName="Unit"><characteristics><characteristic name="T">4</characteristic>
...   <characteristic name="W">5</characteristic><characteristic name="Save">3+</characteristic></characteristics>
...   </profile></profiles></selection></selections></force></forces></roster>''')
>>> roster.game, [(u.name, u.force, u.model_count) for u in roster.units]
('ninth', [('Captain', 'Marines', 1)])
>>> ninth_target(roster.units[0])
Target(toughness=4, save=3, invulnerable=None, cover=False, feel_no_pain=None, wounds=5, models=1)
"""

from __future__ import annotations

import io
import json
import re
import zipfile
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from hitrules import damage, fantasy, ninth
from hitrules.dice import AttackDice, parse_attacks
from hitrules.edge import rosters_owb, urlstate
from hitrules.fantasy import catalogue
from hitrules.situations import combat as combat_situations
from hitrules.situations import profiles
from hitrules.steps import whole_number
from hitrules.unit import MAX_NAME

__all__ = [
    "GAMES",
    "MAX_FILE",
    "MAX_INFLATED",
    "SHOWN",
    "Groups",
    "Roster",
    "RosterError",
    "RosterModel",
    "RosterSide",
    "RosterUnit",
    "RosterWeapon",
    "combat_link",
    "fantasy_groups",
    "fantasy_link",
    "fantasy_side",
    "fantasy_target",
    "ninth_groups",
    "ninth_link",
    "ninth_target",
    "not_read",
    "read",
    "troop",
    "unit_links",
    "units_table",
    "weapon_of_war",
]

#: The largest file read, and the most a zipped roster may inflate to.
MAX_FILE = 5 * 1024 * 1024
MAX_INFLATED = 20 * 1024 * 1024
_CHUNK = 64 * 1024
NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"
_NS = "{" + NAMESPACE + "}"
#: The games a roster can be for, and how the page names them.
GAMES = {"ninth": "Warhammer 40,000 9th edition", "eighth": "Warhammer 40,000 8th edition",
         "fantasy": "Warhammer: The Old World"}
_FORTY_K = "28ec-711c-d87f-3aeb"
_OLD_WORLD = "sys-31d1-bf57-53ea-ad55"
#: The profile types (typeName) of a model's stat line, of a weapon, and of a fantasy troop profile.
_MODEL_TYPES = {"ninth": "Unit", "eighth": "Unit", "fantasy": "Model"}
_WEAPON = "Weapon"
_TROOP = "Unit"
#: Characteristics that hold rule text, never kept.
_TEXT_CHARACTERISTICS = {"abilities", "special rules", "notes", "description"}
_MOST_TEXT = 40
_EXPORT_HINT = ("Export your army from BattleScribe or New Recruit as a roster (.ros or .rosz), or from Old World "
                "Builder as text with stats or as .owb.json.")


class RosterError(ValueError):
    """The file cannot be read as an army; the message says why, in a player's words."""


def _frozen(pairs) -> Mapping[str, str]:
    return MappingProxyType(dict(pairs))


@dataclass(frozen=True)
class RosterWeapon:
    """A weapon profile: its name, how many the unit carries, and its characteristics as printed.
    ``automatic``: its profile says it hits automatically (a flamer); ``rules``: the names of its special
    rules (a fantasy weapon's "Fight in Extra Rank"; never their text)."""

    name: str
    count: int
    characteristics: Mapping[str, str] = field(default_factory=lambda: _frozen(()))
    automatic: bool = False
    rules: tuple[str, ...] = ()


@dataclass(frozen=True)
class RosterModel:
    """One kind of model in a unit: its name, how many, its stat line as printed, its weapons.
    ``role`` is ``""`` for the unit's own models, ``"mount"`` for a kind ridden by another (it rides
    with its rider), ``"attached"`` for a 40k kind carried by the unit's own model (a vehicle's or a
    character's drones) and ``"champion"`` for one that upgrades one of the unit's models: none of
    these counts in :attr:`RosterUnit.model_count`. ``own``: the unit's own model (the unit's selection
    carries its profile: a vehicle, a character), the unit's reference when it is a target."""

    name: str
    count: int
    characteristics: Mapping[str, str] = field(default_factory=lambda: _frozen(()))
    weapons: tuple[RosterWeapon, ...] = ()
    role: str = ""
    own: bool = False


@dataclass(frozen=True)
class RosterUnit:
    """A unit of the roster: its name, its force, its kinds of model and its rules' names, and what
    the file says of its saves (read from the rules' texts, which are not kept). ``armour`` is the
    fantasy armour worked out from the equipment (None: no armour save); ``not_said`` names what the
    file does not say at all (an Old World Builder list has no troop type, armour or ward)."""

    name: str
    force: str
    models: tuple[RosterModel, ...]
    rules: tuple[str, ...] = ()
    invulnerable: int | None = None
    ward: int | None = None
    regeneration: int | None = None
    armour: int | None = None
    troop_type: str = ""
    not_said: tuple[str, ...] = ()
    #: A fantasy unit's weapon of war, by RULES §7's table name ("great weapon", "thrusting spear"; "hand
    #: weapon" when it has no other; "" when the file does not say).
    weapon: str = ""
    #: The roster's game (a key of :data:`GAMES`): an 8th-edition unit attacks by 8th-edition rules.
    game: str = ""

    @property
    def model_count(self) -> int:
        """The unit's models: every kind but mounts and champions."""
        return sum(m.count for m in self.models if not m.role)

    @property
    def troop(self) -> str | None:
        """Its troop type as a key of ``fantasy.TROOP_TYPES`` (None: the file and catalogue do not say one)."""
        return _troop_key(self.troop_type)


@dataclass(frozen=True)
class Roster:
    """A whole army: its game (a key of :data:`GAMES`), its name and its units in file order."""

    game: str
    name: str
    units: tuple[RosterUnit, ...]


# ----- reading the bytes -----

def read(data: bytes, filename: str = "") -> Roster:
    """The roster in ``data``; the format is told from the bytes (``filename`` only words a message).
    Raises :class:`RosterError` for every file that is not a whole roster of a game the app knows."""
    if not isinstance(data, bytes | bytearray):
        raise RosterError("The army file must be given as bytes.")
    shown = f"{filename} " if filename else "The file "
    if len(data) > MAX_FILE:
        raise RosterError(f"{shown}is {len(data) / 1024 / 1024:.1f} MB; an army file is at most "
                          f"{MAX_FILE // 1024 // 1024} MB.")
    if not data.strip():
        raise RosterError(f"{shown}is empty. {_EXPORT_HINT}")
    if data[:4] in (b"PK\x03\x04", b"PK\x05\x06"):
        data = _unzipped(bytes(data), shown)
    body = bytes(data).removeprefix(b"\xef\xbb\xbf").lstrip()
    if body.startswith(b"<"):
        return _roster(body, shown)
    if body[:1] in (b"{", b"["):
        return _json_list(body, shown)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise RosterError(f"{shown}is not an army list the app can read. {_EXPORT_HINT}") from None
    if rosters_owb.is_text_list(text):
        return _old_world_builder(text)
    raise RosterError(f"{shown}is not an army list the app can read. {_EXPORT_HINT}")


def _json_list(body: bytes, shown: str) -> Roster:
    """Old World Builder's own list file (``.owb.json``); any other JSON is refused."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        data = None
    if not rosters_owb.is_owb_list(data):
        raise RosterError(f"{shown}is JSON, not an army list. {_EXPORT_HINT}")
    try:
        found = rosters_owb.owb_list(data)
    except rosters_owb.OwbError as error:
        raise RosterError(f"{shown}{error}: export it again.") from None
    force = _name(" ".join(w if w in ("of", "and", "the") and i else w.capitalize()
                           for i, w in enumerate(found["army"].split("-"))))
    return Roster("fantasy", _name(found["name"]), tuple(_owb_unit(u, force) for u in found["units"]))


def _unzipped(data: bytes, shown: str) -> bytes:
    """The one member of a zipped roster, inflated at most to MAX_INFLATED, whatever its header claims."""
    damaged = RosterError(f"{shown}is a damaged zip file: export the roster again.")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = [m for m in archive.infolist() if not m.is_dir()]
            if len(members) != 1:
                raise RosterError(f"{shown}holds {len(members)} files; a zipped roster (.rosz) holds exactly one "
                                  ".ros.")
            chunks, size = [], 0
            with archive.open(members[0]) as member:
                while chunk := member.read(_CHUNK):
                    size += len(chunk)
                    if size > MAX_INFLATED:
                        raise RosterError(f"{shown}unzips to more than {MAX_INFLATED // 1024 // 1024} MB, far more "
                                          "than any roster: it was not read.")
                    chunks.append(chunk)
    except RosterError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, OSError, NotImplementedError,
            RuntimeError, ValueError):
        raise damaged from None
    return b"".join(chunks)


def _roster(body: bytes, shown: str) -> Roster:
    try:
        root = fromstring(body, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise RosterError(f"{shown}declares a document type or entities, which no roster does: it was not "
                          "read.") from None
    except (LookupError, ValueError):  # an XML declaration naming an encoding the parser does not know
        raise RosterError(f"{shown}declares a character encoding that cannot be read (rosters are UTF-8): "
                          "export it again.") from None
    except ParseError as error:
        line = f" (line {error.position[0]})" if getattr(error, "position", None) else ""
        raise RosterError(f"{shown}is not a whole roster: its XML is cut off or damaged{line}. Export it "
                          "again.") from None
    local = root.tag.rsplit("}", 1)[-1]
    if local in ("catalogue", "gameSystem"):
        raise RosterError(f"{shown}is a {'catalogue' if local == 'catalogue' else 'game system'} (the builder's "
                          "data), not a roster. " + _EXPORT_HINT)
    if root.tag != f"{_NS}roster":
        raise RosterError(f"{shown}is XML but not a roster (its root is <{local[:30]}>). {_EXPORT_HINT}")
    game = _game(root.get("gameSystemId", ""), root.get("gameSystemName", ""))
    units = []
    for force in _children(root, "forces", "force"):
        units.extend(_force_units(force, game))
    return Roster(game, _name(root.get("name", "")), tuple(units))


def _game(system_id: str, system_name: str) -> str:
    name = system_name.lower()
    if system_id == _FORTY_K and "9th" in name:
        return "ninth"
    if system_id == _FORTY_K and "8th" in name:
        return "eighth"
    if system_id == _OLD_WORLD:
        return "fantasy"
    said = f"“{_name(system_name)}”" if system_name.strip() else "a game it does not name"
    raise RosterError(f"This roster is for {said}. The app reads rosters of "
                      + ", ".join(GAMES.values()) + ".")


def _name(text: str) -> str:
    return " ".join(text.split())[:80]


def _children(element: Element, group: str, tag: str):
    for holder in element.findall(_NS + group):
        yield from holder.findall(_NS + tag)


def _force_units(force: Element, game: str):
    """The force's units (selections of type unit or model), then those of the forces nested in it."""
    name = _name(force.get("catalogueName") or force.get("name", ""))
    for selection in _children(force, "selections", "selection"):
        if selection.get("type") in ("unit", "model"):
            yield _unit(selection, name, game)
    for inner in _children(force, "forces", "force"):
        yield from _force_units(inner, game)


def _number(element: Element) -> int:
    number = whole_number(element.get("number", "1"))
    return 1 if number is None else number


def _profiles(selection: Element, type_name: str | None = None):
    return [p for p in _children(selection, "profiles", "profile") if type_name is None
            or p.get("typeName", "").strip().lower() == type_name.lower()]


def _characteristics(profile: Element, keep_text: bool = False, most: int | None = _MOST_TEXT):
    pairs = []
    for c in _children(profile, "characteristics", "characteristic"):
        name = _name(c.get("name", ""))
        if name and (keep_text or name.lower() not in _TEXT_CHARACTERISTICS):
            pairs.append((name, " ".join((c.text or "").split())[:most]))
    return pairs


_AUTOMATIC = re.compile(r"\bautomatically\s+hits?\b", re.IGNORECASE)


def _weapon(profile: Element, count: int, game: str) -> RosterWeapon:
    """A weapon profile: its numbers, whether its text says it hits automatically, its rules' names."""
    texts = dict(_characteristics(profile, keep_text=True, most=None))
    rules = texts.get("Special Rules", "") if game == "fantasy" else ""
    return RosterWeapon(_name(profile.get("name", "")), count, _frozen(_characteristics(profile)),
                        automatic=bool(_AUTOMATIC.search(texts.get("Abilities", ""))),
                        rules=tuple(r for r in rosters_owb.split_rules(rules) if r not in ("-", "–")))


def _texts(profile: Element) -> str:
    return " ".join((c.text or "") for c in _children(profile, "characteristics", "characteristic"))


def _model(kind: _Kind, game: str, own_kind: bool) -> RosterModel:
    role = ("mount" if game == "fantasy" else "attached") if kind.nested else \
        "champion" if _profiles(kind.selection, "Command") else ""
    return RosterModel(_name(kind.selection.get("name", "")), _number(kind.selection),
                       _frozen(_characteristics(kind.profile)), tuple(kind.weapons), role, own=own_kind)


@dataclass
class _Kind:
    selection: Element
    profile: Element
    nested: bool
    borrowed: bool = False
    lent: bool = False
    weapons: list = field(default_factory=list)


def _unit(selection: Element, force: str, game: str) -> RosterUnit:
    model_type = _MODEL_TYPES[game]
    kinds: list[_Kind] = []
    unit_weapons: list = []
    names: list[str] = []  # equipment: selection and armour names
    rule_names: list[str] = []
    texts: list[str] = []  # what ward and invulnerable saves are read from (never kept)
    named_rules: list[tuple[str, str]] = []  # a rule's name and text, for a ward "(N+)"
    troop = ""

    def take(sel: Element, kind: _Kind | None) -> None:
        nonlocal troop
        weapons = _profiles(sel, _WEAPON)
        for w in weapons:
            (kind.weapons if kind else unit_weapons).append(_weapon(w, _number(sel), game))
        names.append(sel.get("name", ""))
        if weapons and not _profiles(sel, model_type):
            return  # a weapon's rules are the weapon's, never the unit's
        for rule in _children(sel, "rules", "rule"):
            description = " ".join(d.text or "" for d in rule.findall(_NS + "description"))
            rule_names.append(rule.get("name", ""))
            texts.append(description)
            named_rules.append((rule.get("name", ""), description))
        for p in _profiles(sel):
            kind_of = p.get("typeName", "").strip().lower()
            text = _texts(p)
            if kind_of in ("abilities", "special rule"):
                rule_names.append(p.get("name", ""))
                named_rules.append((p.get("name", ""), text))
            if kind_of == "armour":
                names.append(p.get("name", ""))
            if kind_of == _TROOP.lower() and game == "fantasy" and not troop:
                troop = dict(_characteristics(p)).get("Troop Type", "")
            if kind_of != _WEAPON.lower():
                texts.append(p.get("name", "") + " " + text)

    def walk(sel: Element, enclosing: Element | None, kind: _Kind | None) -> None:
        for child in _children(sel, "selections", "selection"):
            own = _profiles(child, model_type)
            if own:
                inner = _Kind(child, own[0], nested=kind is not None and not kind.lent)
                kinds.append(inner)
            elif child.get("type") == "model" and enclosing is not None:
                inner = _Kind(child, enclosing, nested=False, borrowed=True)
                if kind is not None:
                    kind.lent = True
                kinds.append(inner)
            else:
                inner = kind
            take(child, inner)
            walk(child, own[0] if own else enclosing, inner)

    take(selection, None)
    own = _profiles(selection, model_type)
    walk(selection, own[0] if own else None, None)
    kinds = [k for k in kinds if not k.lent]
    if own and not any(k.profile is own[0] for k in kinds):
        # The unit's own model (a vehicle, a character): the kinds found inside it ride or fly with it.
        for k in kinds:
            k.nested = True
        kinds.insert(0, _Kind(selection, own[0], nested=False, weapons=unit_weapons))
    elif unit_weapons and (counted := [k for k in kinds if not k.nested and not _profiles(k.selection, "Command")]):
        # A weapon chosen beside the models (Necron Immortals' tesla carbines) is the rank and file's.
        max(counted, key=lambda k: _number(k.selection)).weapons.extend(unit_weapons)
    models = tuple(_model(k, game, own_kind=bool(own) and k.selection is selection) for k in kinds)
    rules = tuple(dict.fromkeys(n for n in map(_name, rule_names) if n))
    texts_all = " ".join(texts)
    fantasy_unit = game == "fantasy"
    return RosterUnit(
        _name(selection.get("name", "")), force, models, rules,
        invulnerable=None if fantasy_unit else _best(r"([2-6])\+\s*invulnerable\s+save", texts_all),
        ward=_ward(texts_all, named_rules) if fantasy_unit else None,
        regeneration=_regeneration(rules) if fantasy_unit else None,
        armour=_armour(names, rules, texts_all, _troop_key(troop)) if fantasy_unit
        else None,
        weapon=weapon_of_war(names) if fantasy_unit else "",
        troop_type=_name(troop), game=game)


def _best(pattern: str, text: str) -> int | None:
    found = [int(n) for n in re.findall(pattern, text, flags=re.IGNORECASE)]
    return min(found) if found else None


def _ward(texts: str, named_rules) -> int | None:
    found = [n for n in (_best(r"([2-6])\+\s*ward\s+save", texts),) if n is not None]
    for name, text in named_rules:
        if (match := re.search(r"\(([2-6])\+\)\s*$", name)) and re.search(r"ward\s+save", text, re.IGNORECASE):
            found.append(int(match[1]))
    return min(found) if found else None


def _regeneration(rules) -> int | None:
    """The best N of a rule named "Regeneration (N+)"."""
    found = [int(m[1]) for r in rules if (m := re.match(r"regeneration\s*\(([2-6])\+\)", r, re.IGNORECASE))]
    return min(found, default=None)


#: The weapons of war of RULES §7's table, the longer names first (an additional hand weapon is not a hand weapon).
#: The weapons of war by the engine's table (fantasy.COMBAT_WEAPONS), the longest name first, so that a name
#: is read as the most particular weapon it names ("additional hand weapons" before "hand weapon").
WEAPONS_OF_WAR = tuple(sorted(fantasy.COMBAT_WEAPONS, key=len, reverse=True))
_WEAPON_ALIASES = {"two hand weapons": "additional hand weapon", "two hand weapon": "additional hand weapon",
                   "additional hand weapons": "additional hand weapon", "paired weapons": "additional hand weapon"}


def _english(name: str) -> str:
    """An option's name as RULES §7 names it (in English) when it is a weapon of war or armour, in any of
    Old World Builder's languages (the catalogue reads them); any other name as it is."""
    key = catalogue.engine_name(name)
    if key in catalogue.ARMOUR_NAMES and key != "none":
        return catalogue.ARMOUR_NAMES[key][0]
    return key if key in catalogue.WEAPON_NAMES else name


def weapon_of_war(names) -> str:
    """The weapon of war a unit's equipment names (RULES §7's table name): its first that is not the hand
    weapon, else "hand weapon" when it names one, else ""."""
    found = []
    for raw in names:
        text = " ".join(raw.lower().replace("-", " ").split())
        text = _WEAPON_ALIASES.get(text, text)
        for weapon in WEAPONS_OF_WAR:
            if re.search(rf"\b{re.escape(weapon)}s?\b", text):
                found.append(weapon)
                break
    return next((w for w in found if w != "hand weapon"), "hand weapon" if found else "")


#: The armour worn, as an option names it, and the engine's name of it (fantasy.ARMOURS), best first.
_WORN = (("full plate", "full plate"), ("heavy armour", "heavy"), ("light armour", "light"))


def _armour(names, rules, texts: str, troop_type: str | None = None) -> int | None:
    """The armour value the equipment gives: the best armour worn (none: 7+), a shield and barding 1
    better each, Armoured Hide (X) X better, at best 2+ (3+ for chariots, monsters and war machines); a
    profile "Armour Value: N+" as stated. None: no save (7+)."""
    if (stated := _best(r"armour\s+value\s*:\s*([2-6])\+", texts)) is not None:
        return stated
    equipment = [n.lower() for n in names]
    if stated := [int(n[0]) for n in equipment if re.fullmatch(r"[2-6]\+", n.strip())]:
        return min(stated)  # Old World Builder names a monster's armour by its value ("5+")
    worn = next((name for word, name in _WORN if any(word in n for n in equipment)), "none")
    hides = [int(m[1]) for r in rules if (m := re.match(r"armoured hide\s*\((\d)\)", r, re.IGNORECASE))]
    # The one rule (RULES §7 "Armour"): the armour value a shot meets, so a shield counts and there is no Parry.
    return fantasy.armour_value(worn, shield=any(re.search(r"\bshields?\b", n) for n in equipment),
                                barding=any("barding" in n or "barded" in n for n in equipment),  # Barded Warhorse
                                hide=min(max(hides, default=0), 6), in_combat=False,
                                troop_type=troop_type if troop_type in fantasy.TROOP_TYPES else "regular_infantry")


# ----- Old World Builder's text export -----

def _old_world_builder(text: str) -> Roster:
    try:
        found = rosters_owb.text_list(text)
    except rosters_owb.OwbError as error:
        said = str(error)
        if said.startswith("This list is for"):
            said += " The app reads rosters of " + ", ".join(GAMES.values()) + "."
        raise RosterError(f"{said} {_EXPORT_HINT}" if "starts like" in said else said) from None
    army, force = rosters_owb.army_id(found["force"]), found["force"]
    units = tuple(_owb_unit(u | {"army": army}, force) for u in found["units"])
    return Roster("fantasy", found["name"] or "Old World Builder list", units)


def _owb_unit(unit: dict, force: str) -> RosterUnit:
    """One kind per stats line: the first with the unit's count; a crew or beasts ("Skink Crew (x5)") with
    their number for each of the unit's models, riding with them; a mount (its T "-" or "(+1)") one under each
    model; any other the unit's upgrade (a champion: count 0)."""
    models, troop_type, profiles = [], "", unit["models"]
    # The catalogue, when it knows the unit (by its entry, its name or its first profile's): its troop type,
    # and its profiles when the file has none (a list file, an export without stats).
    aliases = tuple(name for name, _ in profiles[:1])
    rules = unit["rules"]
    if (known := rosters_owb.catalogue_profiles(unit | {"aliases": aliases})) is not None:
        profiles, troop_type, rules = profiles or known["profiles"], known["troop"], known["rules"]
    for i, (name, pairs) in enumerate(profiles):
        stats = _frozen((key, _name(value)[:_MOST_TEXT])
                        for key, (_, value) in zip(rosters_owb.ORDER, pairs, strict=True))
        bare, each = rosters_owb.times(name)
        if i and each is not None:
            models.append(RosterModel(_name(bare), each * unit["count"], stats, role="mount"))
        elif i and _whole(stats["T"]) is None:  # T "-" or "(+1)": a mount, one under each model
            models.append(RosterModel(_name(name), unit["count"], stats, role="mount"))
        else:
            models.append(RosterModel(_name(name), unit["count"] if i == 0 else 0, stats))
    if not models:  # written without stats (or with the builder's empty stats line): its models, no profile
        models.append(RosterModel(_name(unit["name"]), unit["count"]))
    said = bool(unit["options"])
    options = [_english(o) for o in unit["options"]]
    troop_type = troop_type.replace("_", " ")
    not_said = (*(() if _troop_key(troop_type) else ("troop type",)), *(() if said else ("armour",)), "ward",
                *(("profile",) if not profiles else ()))
    return RosterUnit(_name(unit["name"]), force, tuple(models), rules, regeneration=_regeneration(rules),
                      armour=_armour(options, rules, "", _troop_key(troop_type)) if said else None,
                      troop_type=troop_type, weapon=weapon_of_war(options) if said else "",
                      not_said=not_said, game="fantasy")


# ----- into the calculators -----

class Groups(tuple):
    """A unit's attacks: a tuple of Groups, and ``left_out``, each weapon not made a group and why."""

    left_out: tuple[str, ...] = ()

    def __new__(cls, groups, left_out=()):
        made = super().__new__(cls, groups)
        made.left_out = tuple(left_out)
        return made


def _score(text: str) -> int | None:
    """The X of "X+", or None."""
    match = re.fullmatch(r"\s*(\d{1,2})\s*\+?\s*", text or "")
    return int(match[1]) if match else None


def _whole(text: str) -> int | None:
    return whole_number((text or "").strip().removesuffix('"'))


def _strength(text: str, own: int | None) -> int | None:
    """A weapon's Strength: a number, "User" (the model's), "x2" (twice it), "+N" (N more)."""
    text = (text or "").strip().lower().replace("×", "x")
    if text[:1].isdigit() and (number := whole_number(text)) is not None:
        return number
    if own is None:
        return None
    if text in ("user", "s", "as user"):
        return own
    if match := re.fullmatch(r"x\s*(\d)", text):
        return own * int(match[1])
    if match := re.fullmatch(r"(?:s\s*)?\+\s*(\d{1,2})", text):
        return own + int(match[1])
    return None


def _ap(text: str) -> int | None:
    text = (text or "").strip()
    if text in ("-", "0", "", "–"):
        return 0
    match = re.fullmatch(r"[-–]\s*(\d)", text)
    return -int(match[1]) if match else None


def _times(count: int, dice: AttackDice) -> str:
    return str(AttackDice(count * dice.count, dice.sides, count * dice.bonus))


def _clipped(text: str, most: int) -> str:
    """``text`` whole when it fits in ``most`` characters, else cut at a word boundary with an ellipsis."""
    if len(text) <= most:
        return text
    cut = text[:most].rsplit(" ", 1)[0] if " " in text[:most] else text[:most - 1]
    return cut.rstrip(" ,;:-/(") + "…"


def _label(model: RosterModel, weapon: RosterWeapon, many: bool) -> str:
    """A weapon's name, with its model's in brackets when several kinds carry weapons: whole labels, or
    (past the calculators' :data:`MAX_NAME`) a clean ellipsis at a word boundary, the brackets closed."""
    name = weapon.name or model.name or "weapon"
    if not many or not model.name:
        return _clipped(name, MAX_NAME)
    whole = f"{name} ({model.name})"
    if len(whole) <= MAX_NAME:
        return whole
    room = MAX_NAME - len(name) - 3
    if room < 6:
        return _clipped(name, MAX_NAME)
    return f"{name} ({_clipped(model.name, room)})"


def _is_melee(weapon: RosterWeapon) -> bool:
    return weapon.characteristics.get("Type", "").strip().lower() == "melee"


def _weapon_kind(weapon: RosterWeapon) -> str:
    kind = weapon.characteristics.get("Type", "").strip().lower()
    return "grenade" if kind.startswith("grenade") else "pistol" if kind.startswith("pistol") else kind


def ninth_groups(unit: RosterUnit, melee: bool = False) -> Groups:
    """The unit's 9th/8th-edition attacks, one Group per (kind of model, weapon) of the kind asked
    (docs/rules.md § Reading a player's army file), with each weapon left out named; by 8th-edition
    rules for a unit of an 8th-edition roster."""
    groups, left_out = [], []
    many = len([m for m in unit.models if m.weapons]) > 1
    for model in unit.models:
        ranged = [w for w in model.weapons if not _is_melee(w) and _weapon_kind(w) not in ("grenade", "pistol")]
        for weapon in model.weapons:
            if _is_melee(weapon) != melee:
                continue
            label = _label(model, weapon, many)
            kind = _weapon_kind(weapon)
            if kind == "grenade":
                left_out.append(f"{label}: a grenade")
                continue
            if kind == "pistol" and ranged:
                left_out.append(f"{label}: a pistol beside another gun (a model fires one or the other)")
                continue
            try:
                groups.append(_ninth_group(model, weapon, label, melee, 8 if unit.game == "eighth" else 9))
            except ValueError as error:
                left_out.append(f"{label}: {error}")
    return Groups(groups, left_out)


def _ninth_group(model: RosterModel, weapon: RosterWeapon, label: str, melee: bool, edition: int) -> ninth.Group:
    stats, w = model.characteristics, weapon.characteristics
    skill_name = "WS" if melee else "BS"
    skill = _score(stats.get(skill_name, ""))
    if skill is None:
        raise ValueError(f"its {skill_name} {stats.get(skill_name, '')!r} is not a number.")
    own = _whole(stats.get("S", ""))
    strength = _strength(w.get("S", ""), own)
    if strength is None:
        raise ValueError(f"its Strength {w.get('S', '')!r} cannot be read.")
    ap = _ap(w.get("AP", ""))
    if ap is None:
        raise ValueError(f"its AP {w.get('AP', '')!r} cannot be read.")
    try:
        if melee:
            per = parse_attacks(stats.get("A", "").strip())
        else:
            match = re.search(r"(\d*[dD]\d+(?:\s*\+\s*\d+)?|\d+)\s*$", w.get("Type", ""))
            if not match:
                raise ValueError("no number of shots")
            per = parse_attacks(match[1])
        attacks = _times(weapon.count, per)
    except ValueError:
        what = f"the model's Attacks {stats.get('A', '')!r}" if melee else f"its Type {w.get('Type', '')!r}"
        raise ValueError(f"{what} gives no number of attacks.") from None
    damage_text = w.get("D", "").strip()
    try:
        hit = ninth.Attack(skill, melee=melee, auto_hit=weapon.automatic and not melee, edition=edition)
        return ninth.Group(hit, attacks, ninth.Weapon(strength, ap, damage_text), label)
    except ValueError as error:
        raise ValueError(str(error)) from None


def _reference(unit: RosterUnit, extra: tuple[str, ...] = ()) -> tuple[RosterModel, int]:
    """The unit's own model, else the counted kind with the most models whose T and W are numbers, and
    the models alike to it
    (the same T, W and ``extra`` characteristics)."""
    counted = [m for m in unit.models if not m.role and _whole(m.characteristics.get("T", "")) is not None
               and _whole(m.characteristics.get("W", "")) is not None]
    if not counted:
        raise RosterError(f"{unit.name} has no model whose Toughness and Wounds are numbers, so it cannot be "
                          "a target.")
    # The unit's own model (a vehicle, a character), else the first of the most (max keeps the first).
    best = next((m for m in counted if m.own), None) or max(counted, key=lambda m: m.count)
    keys = ("T", "W", *extra)
    same = sum(m.count for m in counted if all(m.characteristics.get(k) == best.characteristics.get(k)
                                                 for k in keys))
    return best, max(same, 1)


def _save(text: str) -> int | None:
    score = _score(text)
    return score if score is not None and 2 <= score <= 6 else None


def ninth_target(unit: RosterUnit) -> ninth.Target:
    """The unit as a 9th/8th-edition target: its reference kind's T, W and Save, the best
    invulnerable save its abilities name, and the models alike to the reference."""
    best, models = _reference(unit, ("Save",))
    stats = best.characteristics
    try:
        return ninth.Target(_whole(stats["T"]), _save(stats.get("Save", "")), unit.invulnerable,
                            wounds=_whole(stats["W"]), models=min(models, damage.MODELS_RANGE[1]))
    except ValueError as error:
        raise RosterError(f"{unit.name} cannot be a target here: {error}") from None


def troop(unit: RosterUnit) -> str | None:
    """The unit's troop type as one of fantasy.TROOP_TYPES, or None when its file does not say one we know."""
    return _troop_key(unit.troop_type)


def _troop_key(troop_type: str) -> str | None:
    text = re.sub(r"\([^)]*\)", "", troop_type).strip().lower()
    if text in ("behemoth", "monstrous creature", "monstrous creatures", "behemoths"):
        return "monster"
    key = "_".join(text.split())
    for candidate in (key, key + "s", key.removesuffix("s")):
        if candidate in fantasy.TROOP_TYPES:
            return candidate
    return None


def fantasy_target(unit: RosterUnit) -> fantasy.Target:
    """The unit as a fantasy target: T, W and models as for 9th edition, its armour worked out from its
    equipment, its ward, Regeneration and troop type (regular infantry when the file does not say)."""
    best, models = _reference(unit)
    stats = best.characteristics
    try:
        return fantasy.Target(_whole(stats["T"]), unit.armour, unit.ward, unit.regeneration, _whole(stats["W"]),
                              min(models, damage.MODELS_RANGE[1]), troop(unit) or "regular_infantry")
    except ValueError as error:
        raise RosterError(f"{unit.name} cannot be a target here: {error}") from None


def fantasy_groups(unit: RosterUnit) -> Groups:
    """The unit's shooting: one fantasy Group per (kind of model, ranged weapon), at the kind's BS, the
    weapon's count in shots, its Strength ("S" or "S+1": the model's) and AP."""
    groups, left_out = [], []
    many = len([m for m in unit.models if m.weapons]) > 1
    for model in unit.models:
        for weapon in model.weapons:
            w = weapon.characteristics
            reach = w.get("R", w.get("Range", "")).strip().lower()
            if not reach or reach in ("combat", "melee", "-"):
                continue
            label = _label(model, weapon, many)
            bs = _whole(model.characteristics.get("BS", ""))
            strength = _strength(w.get("S", ""), _whole(model.characteristics.get("S", "")))
            ap = _ap(w.get("AP", ""))
            try:
                if bs is None or strength is None or ap is None:
                    raise ValueError("its BS, Strength or AP cannot be read.")
                groups.append(fantasy.Group(fantasy.Shot(bs), weapon.count, fantasy.Weapon(strength, ap), label))
            except ValueError as error:
                left_out.append(f"{label}: {error}")
    return Groups(groups, left_out)


@dataclass(frozen=True)
class RosterSide:
    """A unit as one side of /combat: the Side, its Movement (None: not a number), and what could not
    be read (named; a default stands in for it)."""

    side: fantasy.Side
    movement: int | None
    not_read: tuple[str, ...]


_SIDE_DEFAULTS = {"WS": 3, "S": 3, "I": 3, "A": 1, "Ld": 7}
_SIDE_RANGES = {"WS": (1, 10), "S": fantasy.STRENGTH_RANGE, "I": (1, 10), "A": (1, 10), "Ld": (2, 10)}


def fantasy_side(unit: RosterUnit, rank_width: int = 5) -> RosterSide:
    """The unit as a side of one round of combat: its reference kind's WS, S, T, I, A, W and Ld, its
    armour, ward, Regeneration, troop type and models; ``rank_width`` wide, the first rank fighting and
    the second supporting; its champion and its mount (or the first two of them) as its others."""
    target = fantasy_target(unit)
    best, _ = _reference(unit)
    unread = [*unit.not_said]
    if troop(unit) is None and "troop type" not in unread:
        unread.append("troop type")
    numbers = {}
    for name, default in _SIDE_DEFAULTS.items():
        value = _whole(best.characteristics.get(name, ""))
        low, high = _SIDE_RANGES[name]
        if value is None or not low <= value <= high:
            unread.append(name)
            value = default
        numbers[name] = value
    fighting = min(rank_width, target.models)
    supporting = min(rank_width, target.models - fighting)
    others = []
    for model in unit.models:
        if model.role and len(others) < 2:
            stats = model.characteristics
            values = [_whole(stats.get(k, "")) for k in ("A", "WS", "S", "I")]
            if None in values or not all(1 <= v <= 10 for v in values):
                unread.append(f"{model.name}'s profile")
                continue
            a, ws, s, i = values
            # Named by its kind (champion, mount), as /combat names a side's others. A mount, crew or beasts
            # strike for each fighting model, as many as each model has (a chariot's two steeds).
            each = max(1, model.count // max(best.count, 1)) if model.role == "mount" else 0
            try:
                others.append(fantasy.Fighters(a * (fighting * each or 1), ws, fantasy.Weapon(s), i,
                                               name=model.role))
            except ValueError:  # more attacks than the calculator takes
                unread.append(f"{model.name}'s profile")
    side = fantasy.Side(target, numbers["WS"], numbers["I"], numbers["Ld"], rank_width, fighting, supporting,
                        numbers["A"], fantasy.Weapon(numbers["S"]), tuple(others))
    # A rider's M is often "-": the unit moves at its mount's; cavalry and chariots always do (the fastest M).
    moves = [m for m in (_whole(k.characteristics.get("M", "")) for k in (best, *unit.models)) if m]
    mounted = (troop(unit) or "").endswith(("cavalry", "chariots"))
    movement = (max(moves) if mounted else moves[0]) if moves else None
    return RosterSide(side, movement if movement is not None and 1 <= movement <= 10 else None, tuple(unread))


def not_read(unit: RosterUnit) -> tuple[str, ...]:
    """Everything of the unit that the calculators cannot take: weapons left out, a target that
    cannot be made, and what the file does not say."""
    problems = list(unit.not_said)
    if unit.game == "fantasy":
        problems += fantasy_groups(unit).left_out
        if not unit.not_said and troop(unit) is None:
            problems.append("troop type")
    else:
        problems += ninth_groups(unit).left_out + ninth_groups(unit, True).left_out
    try:
        _reference(unit)
    except RosterError:
        problems.append("Toughness and Wounds")
    return tuple(dict.fromkeys(problems))


# ----- the /army page's table and links -----

#: The characteristics shown for a unit, by game.
SHOWN = {"ninth": ("M", "WS", "BS", "S", "T", "W", "A", "Ld", "Save"),
         "eighth": ("M", "WS", "BS", "S", "T", "W", "A", "Ld", "Save"),
         "fantasy": ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")}
#: The weapons a link adds to the page's own (the others are named as not read).
_MOST_ROWS = profiles.MAX_ADDED


def units_table(roster: Roster) -> list[dict]:
    """One row a unit: its name, models, the key characteristics of its rank and file (its own model, else
    the counted kind with the most models: never a sergeant's), its weapons read, and what was not read
    (each named once: a weapon is in one column or the other, never both)."""
    rows = []
    for unit in roster.units:
        counted = [m for m in unit.models if not m.role]
        shown = next((m for m in counted if m.own), None) or max(counted, key=lambda m: m.count, default=None)
        stats = (shown or (unit.models[0] if unit.models else None))
        stats = stats.characteristics if stats else {}
        left_out = not_read(unit)
        unread = set(_short(left_out))
        weapons = dict.fromkeys(w.name for m in unit.models for w in m.weapons if w.name not in unread)
        weapons = weapons or dict.fromkeys([unit.weapon] if unit.weapon else [])  # an Old World Builder unit's
        rows.append({"Unit": unit.name, "Models": unit.model_count,
                     **{k: stats.get(k, "") for k in SHOWN[roster.game]},
                     "Weapons": ", ".join(weapons), "Not read": ", ".join(_short(left_out))})
    return rows


def unit_links(unit: RosterUnit, target: RosterUnit | None,
               attacker: RosterUnit | None) -> list[tuple[str, str, dict, str]]:
    """Each use of ``unit``: its label, the page, the page's link parameters and a help text. A picked
    ``target`` (for the unit's attacks) or ``attacker`` (for the unit as a target) of the same game
    goes into the same link."""
    links = []
    if unit.game == "fantasy":
        target = target if target is not None and target.game == "fantasy" else None
        attacker = attacker if attacker is not None and attacker.game == "fantasy" else None
        if (query := fantasy_link(unit, target)) is not None:
            links.append(("Shoot", "fantasy", query, "Its missile weapons fill Fantasy shooting's whole unit."))
        if (query := fantasy_link(attacker, unit)) is not None and attacker is not None:
            links.append(("Target", "fantasy", query, "Fantasy shooting at it, by the attacker picked above."))
        elif (query := fantasy_link(None, unit)) is not None:
            links.append(("Target", "fantasy", query, "Fantasy shooting at it."))
        if (query := combat_link(unit, target)) is not None:
            links.append(("Charge", "combat", query, "Fantasy combat: it charges (the target picked above, "
                                                     "or the page's)."))
        if (query := combat_link(attacker, unit)) is not None:
            links.append(("Charged", "combat", query, "Fantasy combat: it is charged (by the attacker picked "
                                                      "above, or the page's)."))
        return links
    target = target if target is not None and target.game != "fantasy" else None
    attacker = attacker if attacker is not None and attacker.game != "fantasy" else None
    for melee, label in ((False, "Shoot"), (True, "Fight")):
        if (query := ninth_link(unit, target, melee)) is not None:
            links.append((label, "ninth", query, f"Its {'melee' if melee else 'ranged'} weapons fill the "
                                                 "9th edition attack's whole unit."))
    if (query := ninth_link(attacker, unit)) is not None:
        links.append(("Target", "ninth", query, "The 9th edition attack at it (by the attacker picked above, "
                                                "or the page's)."))
    return links


def _from(parts: list[str], left_out) -> str:
    said = " → ".join(parts)
    return f"{said}; not read: {', '.join(left_out)}" if left_out else said


def _row(ruleset: str, named: dict) -> tuple:
    """An added weapon's row, by its columns' names (the others at their defaults)."""
    return tuple(named.get(c, d) for c, d in zip(profiles.COLUMNS[ruleset], profiles.DEFAULTS[ruleset], strict=True))


def _short(left_out) -> list[str]:
    """The weapons left out, each named once (without its model's name)."""
    return list(dict.fromkeys(re.sub(r" \(.*\)$", "", item.split(":", 1)[0]) for item in left_out))


def _kind(group: ninth.Group, melee: bool) -> str:
    """An added row's kind: melee, an automatic hit (a flamer) or ranged."""
    return "melee" if melee else "auto" if group.attack.auto_hit else "ranged"


def _attacker_values(ruleset: str, groups: Groups, melee: bool) -> dict:
    """The page's own profile (the first group) and the added weapons (the next ones)."""
    first, rest = groups[0], groups[1:1 + _MOST_ROWS]
    if ruleset == "ninth":
        return {"name": first.name, "rules": "8" if first.attack.edition == 8 else "9", "skill": first.attack.skill,
                "attacks": str(first.attacks), "s": first.weapon.strength,
                "attack": ("melee",) if melee else ("auto",) if first.attack.auto_hit else (),
                "ap": first.weapon.ap, "damage": first.weapon.damage,
                "rows": tuple(_row("ninth", {"name": g.name, "attacks": str(g.attacks), "skill": g.attack.skill,
                                                "s": g.weapon.strength, "ap": g.weapon.ap,
                                                "damage": str(g.weapon.damage), "kind": _kind(g, melee)})
                                 for g in rest)}
    return {"name": first.name, "bs": first.shot.ballistic_skill, "shots": str(first.shots),
            "s": first.weapon.strength,
            "ap": first.weapon.ap,
            "rows": tuple(_row("fantasy", {"name": g.name, "shots": str(g.shots), "bs": g.shot.ballistic_skill,
                                              "s": g.weapon.strength, "ap": g.weapon.ap}) for g in rest)}


def _target_values(ruleset: str, unit: RosterUnit) -> dict:
    """The target part of the page's values (a RosterError when the unit cannot be a target)."""
    if ruleset == "ninth":
        t = ninth_target(unit)
        values = {"t": t.toughness, "sv": t.save, "wounds": t.wounds, "models": t.models}
        return values | ({"extra": True, "invuln": t.invulnerable} if t.invulnerable is not None else {})
    t = fantasy_target(unit)
    values = {"t": t.toughness, "armour": t.armour, "wounds": t.wounds, "models": t.models}
    rare = t.ward is not None or t.regeneration is not None
    return values | ({"extra": True, "ward": t.ward, "regen": t.regeneration} if rare else {})


def _calculator_link(ruleset: str, unit: RosterUnit | None, target: RosterUnit | None,
                     melee: bool = False) -> dict | None:
    params = urlstate.NINTH if ruleset == "ninth" else urlstate.FANTASY
    values, parts, left_out = urlstate.defaults(params), [], []
    if unit is not None:
        groups = ninth_groups(unit, melee) if ruleset == "ninth" else fantasy_groups(unit)
        if not groups:
            return None
        left_out = [*_short(groups.left_out), *(g.name for g in groups[1 + _MOST_ROWS:])]
        values |= _attacker_values(ruleset, groups, melee)
        parts.append(unit.name)
    elif target is None:
        return None
    if target is not None:
        try:
            values |= _target_values(ruleset, target)
        except RosterError:
            return None if unit is None else _calculator_link(ruleset, unit, None, melee)
        left_out += [f"{target.name}'s {what}" for what in target.not_said]
        parts.append(target.name)
    values |= {"chain": True, "from": _from(parts, left_out)}
    return urlstate.encode(params, values)


def ninth_link(unit: RosterUnit | None, target: RosterUnit | None, melee: bool = False) -> dict | None:
    """/ninth's link: ``unit``'s weapons (the first as the page's own, the others as added weapons) at
    ``target`` (or the page's). None when there is nothing to fill."""
    return _calculator_link("ninth", unit, target, melee)


def fantasy_link(unit: RosterUnit | None, target: RosterUnit | None) -> dict | None:
    """/fantasy's link: ``unit``'s missile weapons at ``target`` (or the page's)."""
    return _calculator_link("fantasy", unit, target)


def _mover_rules(unit: RosterUnit) -> tuple[str, ...]:
    """The unit's rules that change how it charges (/combat's charge part), by their names."""
    named = {"_".join(re.sub(r"[^a-z ]", "", r.lower()).split()) for r in unit.rules}
    if troop(unit) == "war_machine":
        named.add("war_machine")
    return tuple(r for r in urlstate.MOVER_RULES if r in named)


def combat_link(charger: RosterUnit | None, charged: RosterUnit | None) -> dict | None:
    """/combat's link: ``charger`` against ``charged``, either of them the page's own when None."""
    if charger is None and charged is None:
        return None
    page = urlstate.link_situation({})  # the page's defaults
    sides, parts, left_out = [page.charger, page.charged], [], []
    charge = {"charge": True}  # the charge part on: the units' Movement and movement rules in it
    for i, unit in enumerate((charger, charged)):
        if unit is None:
            continue
        try:
            read = fantasy_side(unit)
        except (RosterError, ValueError):
            return None
        sides[i] = read.side
        prefix = "a_" if i == 0 else "d_"
        charge |= {f"{prefix}move": _mover_rules(unit)} | ({f"{prefix}m": read.movement} if read.movement else {})
        parts.append(f"{'charger' if i == 0 else 'charged'} {unit.name}")
        left_out += [f"{unit.name}'s {what}" for what in read.not_read]
    values = combat_situations.combat_values(combat_situations.CombatSituation(*sides), charge)
    for i, unit in enumerate((charger, charged)):
        if unit is not None:
            # A unit from a file fights with its weapon of war, and who fights follows the rules (RULES §7 "Who
            # fights", on the page: its fighting and supporting counts left to follow the unit).
            prefix = "a_" if i == 0 else "d_"
            values |= {f"{prefix}fighting": None, f"{prefix}supporting": None}
            if unit.weapon:
                values[f"{prefix}weapon"] = next(k for k, name in combat_situations.WEAPONS.items()
                                                 if name == unit.weapon)
    values["from"] = _from(parts, left_out)
    return urlstate.encode(urlstate.COMBAT, values)
