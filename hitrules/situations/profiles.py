"""A calculator's whole unit: its own profile and the weapons added to it, as rows, as a link, as Groups.

Each added weapon is one row of typed cells: everything its profile has (its own attacks, hit
part and weapon, buffs included), in the order of :data:`COLUMNS`; only the shooter's situation
is the page's (9th: the edition and Overwatch; fantasy: moved, within 4", Stand & Shoot, a lone
target). In a link the rows are written ``rows=row;row``, each row its cells joined by ``:`` and
cut after the last one that is not its default: ``rows=lascannon:1:4:9:-3:D6;plasma gun:2:3:7:-3:1:-1``
(9th/8th edition: name, attacks, skill X+, Strength, AP, Damage, hit modifiers, hit re-roll, kind,
wound modifiers, wound re-roll) or ``rows=champion:1:4:4:-1:D3`` (fantasy: name, shots, BS,
Strength, AP, Multiple Wounds, cover, Armour Bane, Poisoned, special rules, the shooter's, the
obstacle's and the target's LoS). A bad row is left out and named; the others still count.

>>> rows, problems = read_rows("ninth", "lascannon:1:4:9:-3:D6;bolter:x")
>>> rows
(('lascannon', '1', 4, 9, -3, 'D6', '', 'none', 'ranged', '', 'none'),)
>>> problems
("added weapon 2 (bolter): 'x' is not a number of attacks. Write a number (10) or dice such as D3, D6, 2D6 or D6+1.",)
>>> rows_text("ninth", rows)
'lascannon:1:4:9:-3:D6'

An older link (``weapons=``, before each row had every column) is read with ``old=True``: the
cells it lacks are None until :func:`complete_rows` gives them the meaning they had then.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from hitrules import fantasy, ninth
from hitrules.dice import parse_attacks
from hitrules.situations.presets import PRESETS
from hitrules.steps import check_choice, check_int, whole_number
from hitrules.unit import MAX_GROUPS, UnitResult

__all__ = ["COLUMNS", "DEFAULTS", "KINDS", "MAX_ADDED", "OLD_WIDTH", "Unit", "at_least", "complete_rows", "group_row",
           "order_text", "page_unit", "parse_order", "preset_groups", "read_rows", "rows_text", "typed_row",
           "unit_answer"]

#: The weapons a player may add to the page's own (a unit has 6 profiles at most).
MAX_ADDED = MAX_GROUPS - 1
#: Each rule set's cells of an added weapon, in the order of the editor and of the link.
COLUMNS = {"ninth": ("name", "attacks", "skill", "s", "ap", "damage", "mods", "reroll", "kind", "wmods", "wreroll"),
           "fantasy": ("name", "shots", "bs", "s", "ap", "mw", "cover", "bane", "poisoned", "rules", "los_shooter",
                       "los_blocker", "los_target")}
DEFAULTS = {"ninth": ("", "1", 3, 4, 0, "1", "", "none", "ranged", "", "none"),
            "fantasy": ("", "1", 3, 3, 0, "1", "none", 0, False, (), 1, 1, 1)}
#: How many cells a row had in an older link (``weapons=``): the columns before the wound rules
#: (9th) and the special rules and LoS values (fantasy) were each row's own.
OLD_WIDTH = {"ninth": 9, "fantasy": 9}
KINDS = ("ranged", "melee", "auto")
_LINK_SEPARATORS = ":;"


def _whole(what: str, low: int, high: int):
    def read(text: str) -> int:
        if (number := whole_number(text)) is None:  # never int() on '--0' or '²': its message is Python's
            raise ValueError(f"{what} must be a whole number from {low} to {high} (got {text.strip()!r:.20}).")
        return check_int(what, number, low, high)
    return read


def _text(most: int):
    def read(text: str) -> str:
        return "".join(c for c in text if c not in _LINK_SEPARATORS).strip()[:most]
    return read


def _dice(text: str) -> str:
    return str(parse_attacks(text))


def _choice(what: str, choices: tuple[str, ...]):
    return lambda text: check_choice(what, text.strip().lower(), choices)


def _special_rules(text: str) -> tuple[str, ...]:
    """Special rules written ``multiple_shots,sniper``, in their one order."""
    named = {check_choice("special rule", part.strip().lower(), fantasy.SPECIAL_RULES)
             for part in text.split(",") if part.strip()}
    return tuple(rule for rule in fantasy.SPECIAL_RULES if rule in named)


def _bool(text: str) -> bool:
    if text.strip() not in ("0", "1"):
        raise ValueError(f"Poisoned is 1 or 0 (got {text!r}).")
    return text.strip() == "1"


#: How each cell is read from its text (in a link) and checked: the engine checks the rest.
_READERS = {
    "ninth": (_text(40), _dice, _whole("The skill X+", *ninth.SKILL_RANGE), _whole("Strength", *ninth.STRENGTH_RANGE),
              _whole("AP", *ninth.AP_RANGE), _text(8), _text(40), _choice("re-roll", ninth.REROLLS),
              _choice("kind", KINDS), _text(40), _choice("wound re-roll", ninth.REROLLS)),
    "fantasy": (_text(40), _dice, _whole("BS", *fantasy.BS_RANGE), _whole("Strength", *fantasy.STRENGTH_RANGE),
                _whole("AP", *fantasy.AP_RANGE), _text(8), _choice("cover", fantasy.COVERS),
                _whole("Armour Bane", *fantasy.ARMOUR_BANE_RANGE), _bool, _special_rules,
                *(_whole(f"The {who} LoS value", *fantasy.LOS_RANGE)
                  for who in ("shooter's", "obstacle's", "target's"))),
}


def _cell_text(value: object) -> str:
    if isinstance(value, tuple):
        return ",".join(value)
    return "1" if value is True else "0" if value is False else str(value)


def _label(n: int, name: str) -> str:
    return f"added weapon {n}" + (f" ({name})" if name else "")


def read_rows(ruleset: str, text: str, old: bool = False) -> tuple[tuple[tuple, ...], tuple[str, ...]]:
    """The added weapons written in a link, and a problem for each one left out, naming it.
    ``old``: the link is older (``weapons=``), its rows have :data:`OLD_WIDTH` cells at most, and
    the cells after those are None (:func:`complete_rows` fills them)."""
    rows, problems = [], []
    width = OLD_WIDTH[ruleset] if old else len(COLUMNS[ruleset])
    parts = [part for part in text.split(";") if part.strip()]
    if len(parts) > MAX_ADDED:
        problems.append(f"at most {MAX_ADDED} weapons can be added; the others were left out.")
    for n, part in enumerate(parts[:MAX_ADDED], start=1):
        cells = part.split(":")
        name = _text(40)(cells[0])
        if len(cells) > width:
            problems.append(f"{_label(n, name)}: too many parts ({len(cells)}).")
            continue
        try:
            row = tuple(read(cell) if cell.strip() else default for read, cell, default in
                        zip(_READERS[ruleset][:width], cells + [""] * (width - len(cells)),
                            DEFAULTS[ruleset][:width], strict=True))
            _row_group(ruleset, row + DEFAULTS[ruleset][width:], _PROBE[ruleset])
        except ValueError as error:
            problems.append(f"{_label(n, name)}: {error}")
            continue
        rows.append(row + (None,) * (len(COLUMNS[ruleset]) - width))
    return tuple(rows), tuple(problems)


def complete_rows(ruleset: str, rows: tuple[tuple, ...], own: tuple) -> tuple[tuple[tuple, ...], bool]:
    """The rows of an older link (:func:`read_rows` with ``old``) with each cell it lacked given the
    meaning it had then, and whether any was. ``own`` is the page's own weapon as a row
    (:func:`group_row`): a fantasy row then shot with the page's special rules and LoS values; a
    9th-edition row had no wound modifiers or wound re-roll of its own (nor the page's)."""
    then = own if ruleset == "fantasy" else DEFAULTS[ruleset]
    completed = tuple(tuple(t if v is None else v for v, t in zip(row, then, strict=True)) for row in rows)
    return completed, completed != tuple(rows)


def rows_text(ruleset: str, rows: tuple[tuple, ...]) -> str:
    """The link form of the added weapons (see the module's docstring)."""
    parts = []
    for row in rows:
        # The name and the attacks always; the rest up to the last that is not its default.
        cells = [_cell_text(v) if (v != d and v is not None) or i < 2 else ""
                 for i, (v, d) in enumerate(zip(row, DEFAULTS[ruleset], strict=True))]
        while len(cells) > 2 and not cells[-1]:
            cells.pop()
        parts.append(":".join(cells))
    return ";".join(parts)


def parse_order(text: str) -> tuple[int, ...]:
    """The order to resolve the profiles in, as their numbers: ``"2,1,3"``."""
    order = tuple(_whole("Each number of the order", 1, MAX_GROUPS)(part) for part in text.split(",") if part.strip())
    if len(set(order)) != len(order):
        raise ValueError("the order names a profile twice.")
    return order


def order_text(order: tuple[int, ...]) -> str:
    return ",".join(map(str, order))


_PROBE = {"ninth": ninth.Attack(3), "fantasy": fantasy.Shot(3)}


@lru_cache(maxsize=256)
def _row_group(ruleset: str, row: tuple, hit, number: int = 2):
    """The Group of an added weapon, numbered ``number`` where it has no name. ``hit`` is the page's own
    profile's hit part, of which a row takes only the shooter's situation: a 9th-edition Attack's edition and
    Overwatch (a ranged row fires Overwatch with the unit; a melee row cannot), or a fantasy Shot's conditions
    (moved, within 4", Stand & Shoot, a lone target). Everything else is the row's own. A bad cell raises a
    ValueError that says what is wrong.

    A row's text (its attacks, damage and modifiers, as the player wrote them in the link or the table) is
    parsed here, once for every rerun and every player: the same row and shooter give the same Group."""
    if ruleset == "ninth":
        name, attacks, skill, s, ap, damage, mods, reroll, kind, wmods, wreroll = row
        if hit.overwatch and kind == "melee":
            raise ValueError("a melee weapon does not fire Overwatch.")
        attack = ninth.Attack(skill, ninth.parse_modifiers(mods), melee=kind == "melee", reroll=reroll,
                              overwatch=hit.overwatch, auto_hit=kind == "auto", edition=hit.edition)
        weapon = ninth.Weapon(s, ap, damage, ninth.parse_modifiers(wmods), wreroll)
        return ninth.Group(attack, attacks, weapon, name or f"weapon {number}")
    name, shots, bs, s, ap, mw, cover, bane, poisoned, rules, *los = row
    shot = dataclasses.replace(hit, ballistic_skill=bs, cover=cover, special_rules=rules, automatic=False,
                               **dict(zip(("shooter_los", "blocker_los", "target_los"), los, strict=True)))
    return fantasy.Group(shot, shots, fantasy.Weapon(s, ap, mw, poisoned, bane), name or f"weapon {number}")


def _hashable(row) -> bool:
    try:
        hash(row)
    except TypeError:
        return False
    return True


def group_row(ruleset: str, group) -> tuple:
    """A profile as a row of :data:`COLUMNS` (the page's own weapon, shown beside the rows added):
    the cells it would be written with, so that ``_row_group`` gives the same profile back."""
    if ruleset == "ninth":
        attack, weapon = group.attack, group.weapon
        kind = "auto" if attack.auto_hit else "melee" if attack.melee else "ranged"
        return (group.name, str(group.attacks), attack.skill, weapon.strength, weapon.ap, str(weapon.damage),
                _modifiers_text(attack.modifiers), attack.reroll, kind, _modifiers_text(weapon.wound_modifiers),
                weapon.wound_reroll)
    shot, weapon = group.shot, group.weapon
    return (group.name, str(group.shots), shot.ballistic_skill, weapon.strength, weapon.ap,
            str(weapon.multiple_wounds), shot.cover, weapon.armour_bane, weapon.poisoned, shot.special_rules,
            shot.shooter_los, shot.blocker_los, shot.target_los)


def _modifiers_text(modifiers: tuple[int, ...]) -> str:
    return ",".join(f"{m:+d}" for m in modifiers)


@dataclass(frozen=True)
class Unit:
    """A calculator's whole unit: its profiles as listed, the order to resolve them in (indices
    into ``groups``), the target, and each profile's number as the page lists it (a weapon left
    out keeps its number)."""

    ruleset: str
    groups: tuple
    order: tuple[int, ...]
    target: object
    numbers: tuple[int, ...] = ()

    def number(self, i: int) -> int:
        """The page's number of the i-th profile resolved (``i`` indexes :attr:`ordered`)."""
        return self.numbers[self.order[i]] if self.numbers else self.order[i] + 1

    @property
    def ordered(self) -> tuple:
        return tuple(self.groups[i] for i in self.order)


def page_unit(ruleset: str, own: tuple, rows, order: tuple[int, ...], target) -> tuple[Unit, tuple[str, ...]]:
    """The unit of the page's own groups (``own``) and its added weapons, in ``order`` (the profiles'
    numbers; any not named follow as listed), and a problem for each added weapon left out."""
    groups, problems = list(own), []
    hit = own[0].attack if ruleset == "ninth" else own[0].shot
    for n, row in enumerate(rows, start=1):
        try:
            groups.append(_row_group(ruleset, row, hit, len(own) + n) if _hashable(row) else
                          _row_group.__wrapped__(ruleset, row, hit, len(own) + n))  # a list in a cell: not kept
        except ValueError as error:
            problems.append(f"{_label(n, row[0])}: {error}")
            groups.append(None)
    kept = [i for i, g in enumerate(groups) if g is not None][:MAX_GROUPS]
    listed = [i - 1 for i in order if 0 < i <= len(groups) and groups[i - 1] is not None]
    chosen = [*dict.fromkeys(listed), *(i for i in kept if i not in listed)]
    index = {old: new for new, old in enumerate(kept)}
    return Unit(ruleset, tuple(groups[i] for i in kept), tuple(index[i] for i in chosen if i in index),
                target, tuple(i + 1 for i in kept)), tuple(problems)


def preset_groups(values: dict, sit) -> tuple[ninth.Group, ...]:
    """A unit preset firing every weapon: its turret weapon (twice after a Grinding Advance) and its
    hull weapon (the one chosen, or the first), each at the skill for its wounds left."""
    preset = PRESETS[sit.preset.key]
    chosen = preset.weapon_names[sit.preset.weapon]
    turrets = [name for name, _, turret in preset.weapons if turret]
    hulls = [name for name, _, turret in preset.weapons if not turret]
    fired = [*turrets, chosen if chosen in hulls else hulls[0]] if hulls else turrets
    wound_rules = {"wound_modifiers": sit.weapon.wound_modifiers, "wound_reroll": sit.weapon.wound_reroll}
    return tuple(ninth.Group(sit.attack, preset.attacks(name, fires_twice=sit.preset.half_move),
                             dataclasses.replace(preset.weapon_profile(name), **wound_rules), name)
                 for name in fired)


def typed_row(ruleset: str, cells) -> tuple:
    """An editor's row as the types of :data:`DEFAULTS`; an empty cell (a new row's) is its default."""
    row = []
    for value, default in zip(cells, DEFAULTS[ruleset], strict=True):
        if value is None or (isinstance(value, float) and value != value):  # NaN
            row.append(default)
        elif isinstance(default, tuple):  # a multiselect's list: the rules it names, in their one order
            named = {value} if isinstance(value, str) else set(map(str, value))
            row.append(tuple(rule for rule in fantasy.SPECIAL_RULES if rule in named))
        elif isinstance(default, bool):
            row.append(bool(value))
        elif isinstance(default, int):
            row.append(int(value))
        else:
            row.append(str(value).strip())
    return tuple(row)


def at_least(unit: Unit, result: UnitResult) -> tuple[tuple[str, object], ...]:
    """The chances to remove at least 1 model, at least half of them, and all of them."""
    models, removed = unit.target.models, result.models_removed
    half = (models + 1) // 2
    return (("At least 1 removed", removed.at_least(1)), (f"At least half ({half})", removed.at_least(half)),
            (f"All {models}", removed.at_least(models)))


@lru_cache(maxsize=64)
def unit_answer(unit: Unit) -> UnitResult:
    """The whole unit's attack, once per unit for every user."""
    if unit.ruleset == "ninth":
        return ninth.attack_unit(unit.ordered, unit.target)
    return fantasy.shoot_unit(unit.ordered, unit.target)
