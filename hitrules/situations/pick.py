"""A unit picked from the catalogue, as a side's inputs: the one mapping from Old World Builder's units
(:mod:`hitrules.fantasy.catalogue`) to what a page's side takes, for /combat today and /fantasy, Explore and the
army files later.

:func:`side_from_unit` reads the unit's first profile as its rank and file (a chariot's crew strike for it; its
body gives T, W and armour), its troop type, the armour worked out from what it wears (the engine's
:func:`fantasy.armour_value`, by the page's armour inputs), its weapon of war by name, the mount its models ride
(a profile of their own: the knights' warhorses), its champion, standard, and the special rules the engine
knows; and it says what it could not use.

>>> from hitrules.fantasy import catalogue
>>> values, unused = side_from_unit(catalogue.find("empire-of-man/state-troops"))
>>> values["ws"], values["t"], values["ld"], values["troop"], values["body"], values["special"]
(3, 3, 7, 'regular_infantry', 'light', ('horde',))
>>> unused
('Detachment', 'Regimental Unit')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hitrules.fantasy import armour_value, combat_weapon
from hitrules.fantasy.catalogue import Option, Profile, Unit, armies, engine_names, find, units
from hitrules.fantasy.missile import missile_name, missile_weapon
from hitrules.fantasy.sides import RANK_AND_FILE_ATTACKS_RANGE
from hitrules.fantasy.troops import TROOPS
from hitrules.situations.combat import BODY_ARMOURS, WEAPONS

#: The catalogue as a page offers it: its armies, an army's units, one unit by its ``army/id``.
__all__ = ["RANKED", "WIELDER_STRENGTH", "Choices", "armies", "find", "melee_from_unit", "missile_of",
           "shooter_from_unit", "side_from_unit", "target_from_unit", "units", "weapon_values"]

#: Special rules a side takes by name: a rule of the side (``special``), a yes-or-no flag (``flags``), a weapon
#: rule of its rank and file (``rules``), a movement rule (``move``), or its formation.
_SPECIAL = {"horde": "horde", "frenzy": "frenzy", "strike first": "strike_first", "strike last": "strike_last",
            "fear": "causes_fear", "terror": "causes_terror", "immune to psychology": "immune_to_psychology"}
_FLAGS = {"stubborn": "stubborn", "unbreakable": "unbreakable"}
_RULES = {"killing blow": "killing_blow", "monster slayer": "monster_slayer", "poisoned attacks": "poisoned"}
_MOVE = {"swiftstride": "swiftstride", "finest warhorses": "finest_warhorses", "resolute": "resolute"}
_FORMATION = {"close order": "close_order", "open order": "open_order", "skirmishers": "skirmish"}
#: The engine's names of the weapons of war (its table's): the others an entry names are missile weapons.
_WAR = {name: key for key, name in WEAPONS.items()}
_MOST_ATTACKS = RANK_AND_FILE_ATTACKS_RANGE[1]


@dataclass(frozen=True)
class Choices:
    """What the player chose of the unit's entries, each by its name as the catalogue has it (None: the
    builder's default): its weapon (``equipment``), armour, other options, mount, command models, and models."""

    equipment: str | None = None
    armour: str | None = None
    options: tuple[str, ...] = ()
    mount: str | None = None
    command: tuple[str, ...] = ()
    models: int | None = None


def _chosen(entries: tuple[Option, ...], name: str | None) -> Option | None:
    """The entry named ``name``, or the builder's default (the first when none is marked)."""
    if name is not None:
        return next((e for e in entries if e.name == name), None)
    return next((e for e in entries if e.default), entries[0] if entries else None)


def _count(profile: Profile) -> int:
    """How many a profile line stands for: "Orc Crew (x2)" is 2."""
    found = re.search(r"\(x(\d+)\)", profile.name)
    return int(found.group(1)) if found else 1


def _lines(unit: Unit, mount_option: Option | None) -> tuple[Profile, Profile, Profile | None]:
    """The unit's body (T, W, Ld), the profile that strikes for its rank and file (its own, or a chariot's crew),
    and its mount's (a profile with Movement but no Toughness, or the chosen mount's)."""
    body = unit.profiles[0]
    rest = unit.profiles[1:]
    crew = body if body.number("WS") is not None else next(
        (p for p in rest if p.number("WS") is not None and p.number("M") is None), body)
    mount = next((p for p in rest if p.number("T") is None and p.number("M") is not None), None)
    if mount_option is not None and mount_option.profiles:
        mount = mount_option.profiles[0]
    return body, crew, mount


def _number(profile: Profile, stat: str, default: int) -> int:
    value = profile.number(stat)
    return default if value is None else value


#: The troop types a page starts with 20 models of (5 wide, four deep), at least the unit's least size.
RANKED = ("regular_infantry", "heavy_infantry")


def _models(unit: Unit, troop: str | None) -> int:
    return max(unit.minimum, 20 if troop in RANKED else 1)


def _profile_values(unit: Unit, mount_option: Option | None, models: int | None) -> dict:
    body, crew, mount = _lines(unit, mount_option)
    troop = (mount_option.troop_type if mount_option is not None and mount_option.troop_type else unit.troop_type)
    values = {"models": models or _models(unit, troop), "wounds": _number(body, "W", 1), "ws": _number(crew, "WS", 3),
              "s": _number(crew, "S", 3), "t": _number(body, "T", 3), "i": _number(crew, "I", 3),
              "attacks": max(1, min(_MOST_ATTACKS, _number(crew, "A", 1) * _count(crew))),
              "ld": _number(body, "Ld", _number(crew, "Ld", 7)), "troop": troop or "regular_infantry",
              "m": _number(body, "M", _number(mount, "M", 4) if mount is not None else 4),
              "width": 1 if TROOPS[troop or "regular_infantry"].min_per_rank is None else 5}
    if mount is not None and mount.number("A") is not None:
        values |= {"mount_a": min(_MOST_ATTACKS, _number(mount, "A", 1) * _count(mount)),
                   "mount_ws": _number(mount, "WS", 3), "mount_s": _number(mount, "S", 3),
                   "mount_i": _number(mount, "I", 3)}
    return values


def _gear(entries: list[Option], unused: list[str]) -> dict:
    """The weapon of war, the armour worn, shield and barding the chosen entries name (an explicit save such
    as a chariot's "4+" too); a missile weapon, or an entry the engine does not know, is not used."""
    values: dict = {}
    for entry in entries:
        names = engine_names(entry.name)
        if (save := re.fullmatch(r"\s*([2-6])\+\s*", entry.name)) is not None:
            values["armour"] = int(save.group(1))
            continue
        if not names:
            unused.append(entry.name)
        for name in names:
            if name in _WAR and name != "hand weapon":
                values["weapon"] = _WAR[name]
            elif name.replace(" ", "_") in BODY_ARMOURS:
                values["body"] = name.replace(" ", "_")
            elif name in ("shield", "barding"):
                values[name] = True
            elif name not in _WAR:
                unused.append(name.capitalize())
    return values


def _rule(name: str, values: dict, charger: bool) -> bool:
    """Put the special rule ``name`` into ``values`` if the side takes it; whether it did."""
    key = re.sub(r"\s*\{[^}]*\}", "", name).strip().rstrip("*").lower()
    bare, x = re.fullmatch(r"(.*?)\s*(?:\((.*)\))?", key).groups()
    for table, field in ((_SPECIAL, "special"), (_FLAGS, "flags"), (_RULES, "rules"), (_MOVE, "move")):
        if bare in table and x is None:  # "Poisoned Attacks (Javelins only)" is not the melee's
            values[field] = (*values.get(field, ()), table[bare])
            return True
    if bare == "hatred":
        values["special"] = (*values.get("special", ()), "hatred")
        return True
    if bare in _FORMATION:
        values["formation"] = _FORMATION[bare]
        return True
    return _rule_with_value(bare, x, values, charger)


def _rule_with_value(bare: str, x: str | None, values: dict, charger: bool) -> bool:
    """A rule with its value: Armour Bane (X), Armoured Hide (X), Regeneration (X+), Impact Hits (X) (the
    charger's), Stomp Attacks (X)."""
    if x is None:
        return False
    score = re.fullmatch(r"([2-6])\+", x.strip())
    if bare in ("armour bane", "armoured hide") and x.strip().isdigit():
        values["bane" if bare == "armour bane" else "hide"] = int(x)
    elif bare == "regeneration" and score:
        values["regen"] = int(score.group(1))
    elif bare in ("impact hits", "stomp attacks") and (charger or bare == "stomp attacks"):
        values |= {"auto": True, "impact" if bare == "impact hits" else "stomp": x.strip().upper()}
    else:
        return False
    return True


def _command(unit: Unit, chosen: tuple[str, ...], values: dict, unused: list[str]) -> None:
    """The champion (one of the unit's models, with its own profile) and the standard; the rest is not used."""
    for entry in (e for e in unit.command if e.name in chosen):
        if "(champion)" in entry.name:
            name = entry.name.replace("(champion)", "").strip().lower()
            line = next((p for p in unit.profiles[1:] if p.name.lower() == name), None)
            if line is None:
                unused.append(entry.name)
                continue
            values |= {"others": 1, "char_kind": "champion", "char_attacks": str(_number(line, "A", 1)),
                       "char_ws": _number(line, "WS", 3), "char_s": _number(line, "S", 3),
                       "char_i": _number(line, "I", 3), "models": max(1, values["models"] - 1)}
        elif "standard" in entry.name.lower():
            values["flags"] = (*values.get("flags", ()), "standard")
        else:
            unused.append(entry.name)


def side_from_unit(unit: Unit, choices: Choices | None = None, *, charger: bool = True) -> tuple[dict, tuple[str, ...]]:
    """The side's inputs for ``unit`` as the player ``choices`` it (the builder's defaults when None), named as
    /combat's side parameters without the side's prefix (``ws``, ``weapon``, ``mount_a``, ``special``), and the
    names of what the engine could not use (special rules, equipment, command). ``charger``: Impact Hits count
    only for the charging side. An input the unit does not set is left out (the page keeps its own)."""
    choices = choices or Choices()
    if not unit.profiles:
        raise ValueError(f"{unit.name} has no profile in the catalogue: enter its characteristics on the page.")
    unused: list[str] = []
    mount = _chosen(unit.mounts, choices.mount) if unit.mounts else None
    values = _profile_values(unit, mount, choices.models)
    values |= {"weapon": "hand_weapon", "body": "none", "shield": False, "barding": False, "armour": "auto",
               "special": (), "flags": (), "rules": (), "move": (), "others": 0, "formation": "close_order"}
    if unit.troop_type is None:
        unused.append("its troop type")
    entries = [e for e in (_chosen(unit.equipment, choices.equipment), _chosen(unit.armour, choices.armour))
               if e is not None]
    values |= _gear(entries + [e for e in unit.options if e.name in choices.options], unused)
    for name in unit.special_rules:
        if not _rule(name, values, charger):
            unused.append(name)
    _command(unit, choices.command, values, unused)
    return values, tuple(dict.fromkeys(unused))


# Shooting: a picked unit as /fantasy's shooter and as its target ------------------------------------------------

#: The missile weapons' rules that the shooting page takes as its own -1 each (RULES.md §1's table).
_SHOT_RULES = {"Volley Fire": "volley_fire"}
#: The weapon's rules that go to the hit after the roll (the target part): the engine's Weapon takes them.
_AFTER_HIT_RULES = ("Armour Bane", "Multiple Wounds", "Poisoned Attacks")
#: A wielder's Strength when a missile weapon of the wielder's Strength ("S", "S+1") has no unit to take it from.
WIELDER_STRENGTH = 3


def missile_of(unit: Unit, choices: Choices | None = None) -> str | None:
    """The missile weapon (its :data:`~hitrules.fantasy.missile.MISSILE_WEAPONS` name) the unit shoots with as
    ``choices`` equips it: a chosen option's first, else its chosen equipment's; None when it has none.

    >>> missile_of(find("empire-of-man/state-missile-troops")), missile_of(find("empire-of-man/state-troops"))
    ('crossbow', None)
    """
    choices = choices or Choices()
    entries = [e for e in unit.options if e.name in choices.options]
    entries.append(_chosen(unit.equipment, choices.equipment))
    for entry in (e for e in entries if e is not None):
        for name in engine_names(entry.name):
            if (found := missile_name(name)) is not None:
                return found
    return None


def _shots(models: int, multiple: str | None) -> str:
    """The unit's shots: one a model, or Multiple Shots (X) each ("2", "D3", "D3+1") as the shots' dice."""
    if multiple is None:
        return str(models)
    if multiple.isdigit():
        return str(models * int(multiple))
    sides, _, bonus = multiple.upper().partition("+")
    return f"{models}{sides}" + (f"+{models * int(bonus)}" if bonus else "")


def weapon_values(name: str, strength: int | None = None, models: int = 1) -> tuple[dict, tuple[str, ...]]:
    """The shooting page's values for the missile weapon ``name`` in the hands of ``models`` models of Strength
    ``strength`` (:data:`WIELDER_STRENGTH` when None; used where the table says "S"): its Strength, AP, Multiple
    Wounds, Armour Bane, Poisoned Attacks, the shots (Multiple Shots), the page's own -1 rules; and the weapon's
    rules the page does not take.

    >>> values, unused = weapon_values("handgun", models=10)
    >>> values["s"], values["ap"], values["bane"], values["shots"], unused
    (4, -1, 1, '10', ('Ponderous',))
    >>> weapon_values("javelin", strength=4)[0]["s"], weapon_values("brace of pistols", models=3)[0]["shots"]
    (4, '6')
    """
    weapon = missile_weapon(name, WIELDER_STRENGTH if strength is None else strength)
    rules = tuple(_SHOT_RULES[r] for r in weapon.special_rules if r in _SHOT_RULES)
    if weapon.multiple_shots is not None:
        rules = ("multiple_shots", *rules)
    values = {"weapon": weapon.name, "shots": _shots(models, weapon.multiple_shots), "rules": rules,
              "chain": True, "s": weapon.strength, "ap": weapon.ap, "mw": weapon.multiple_wounds or "1",
              "bane": weapon.armour_bane, "poisoned": weapon.has("Poisoned Attacks")}
    unused = tuple(r for r in weapon.special_rules if r not in _SHOT_RULES
                   and not r.startswith(("Multiple Shots", *_AFTER_HIT_RULES)))
    return values, unused


def shooter_from_unit(unit: Unit, choices: Choices | None = None, weapon: str | None = None
                      ) -> tuple[dict, tuple[str, ...]]:
    """/fantasy's shooter for ``unit`` as ``choices`` picks it: the rank and file's BS, a shot for each model
    (Multiple Shots: X each), and its missile weapon's Strength (the model's where the table says "S"), AP and
    rules (:func:`weapon_values`; ``weapon``, a missile weapon's name, stands in for the unit's own); and what the
    page could not use (the unit's other rules and options, the weapon's rules it does not take).

    >>> values, unused = shooter_from_unit(find("empire-of-man/state-missile-troops"))
    >>> values["bs"], values["shots"], values["weapon"], values["s"], values["ap"], values["bane"]
    (3, '20', 'crossbow', 4, 0, 2)
    """
    choices = choices or Choices()
    if not unit.profiles:
        raise ValueError(f"{unit.name} has no profile in the catalogue: enter its characteristics on the page.")
    body, crew, _ = _lines(unit, None)
    shooter = crew if crew.number("BS") is not None else body
    models = choices.models or _models(unit, unit.troop_type)
    values: dict = {"bs": _number(shooter, "BS", 3), "shots": str(models)}
    unused: list[str] = []
    name = weapon or missile_of(unit, choices)
    if name is None:
        unused.append("no missile weapon among its equipment")
    else:
        shot, left = weapon_values(name, _number(shooter, "S", WIELDER_STRENGTH), models)
        values |= shot
        unused += left
    for rule in unit.special_rules:  # Poisoned Attacks, or "(Javelins only)" with javelins
        poisoned = re.fullmatch(r"poisoned attacks(?:\s*\((.*?)\s+only\))?", rule.strip().lower())
        if poisoned and name is not None and (poisoned.group(1) is None or missile_name(poisoned.group(1)) == name):
            values["poisoned"] = True
        else:
            unused.append(rule)
    unused += [o for o in choices.options if missile_name(o) is None]
    values["extra"] = bool(values.get("bane") or values.get("poisoned"))
    return values, tuple(dict.fromkeys(unused))


def target_from_unit(unit: Unit, choices: Choices | None = None, *, in_combat: bool = False
                     ) -> tuple[dict, tuple[str, ...]]:
    """/fantasy's target for ``unit`` as ``choices`` picks it: Toughness, Wounds and models of its body, its armour
    against shooting (a shield counts beside any weapon, no Parry: :func:`fantasy.armour_value` with
    ``in_combat=False``; Armoured Hide counts) and Regeneration; its WS too (``ws``: a melee target's); and what
    the page could not use of it. ``in_combat``: its armour in combat instead (its weapon's hands, Parry). The side's
    reading is :func:`side_from_unit`'s, the one mapping.

    >>> values, _ = target_from_unit(find("empire-of-man/state-troops"), Choices(options=("Shields",)))
    >>> values["t"], values["wounds"], values["models"], values["armour"]
    (3, 1, 20, 5)
    """
    side, side_unused = side_from_unit(unit, choices, charger=False)
    armour = side["armour"]
    if armour == "auto":
        armour = armour_value(BODY_ARMOURS[side["body"]], shield=side["shield"], barding=side["barding"],
                              hide=side.get("hide", 0), troop_type=side["troop"], in_combat=in_combat,
                              weapon=WEAPONS[side["weapon"]])
    values = {"chain": True, "ws": side["ws"], "t": side["t"], "wounds": side["wounds"], "models": side["models"],
              "armour": armour, "regen": side.get("regen"), "extra": side.get("regen") is not None}
    used = ("regeneration", "armoured hide")
    rules = [r for r in unit.special_rules if not r.strip().lower().startswith(used)]
    return values, tuple(dict.fromkeys([n for n in side_unused if n not in unit.special_rules] + rules))


def melee_from_unit(unit: Unit, choices: Choices | None = None) -> tuple[dict, tuple[str, ...]]:
    """An attacker in melee (Explore's melee views): its rank and file's WS, Strength with its weapon of war (in a
    turn it did not charge: :func:`fantasy.combat_weapon`), its weapon's AP, and Hatred's re-roll of failed hits;
    and what a melee view could not use. The side's reading is :func:`side_from_unit`'s.

    >>> melee_from_unit(find("empire-of-man/state-troops"), Choices(equipment="Halberds"))[0]
    {'ws': 3, 's': 4, 'ap': -1, 'reroll': 'none'}
    """
    side, side_unused = side_from_unit(unit, choices, charger=False)
    weapon = combat_weapon(WEAPONS[side["weapon"]], side["s"], charged=False).weapon
    values = {"ws": side["ws"], "s": weapon.strength, "ap": weapon.ap,
              "reroll": "failed" if "hatred" in side["special"] else "none"}
    rules = [r for r in unit.special_rules if not r.strip().lower().startswith("hatred")]
    return values, tuple(dict.fromkeys([n for n in side_unused if n not in unit.special_rules] + rules))
