"""Every input of a page as URL query parameters: the names are a contract, kept stable.

One parameter is one widget. Parsing never raises: a bad value falls back to that input's
default, and the warning names the parameter. Encoding leaves out defaults, so links stay
short. Older forms of a link are still read (``moved=1`` for ``conditions=moved``).

>>> parsed = parse_query(FANTASY, {"bs": "4", "cover": "lava", "moved": "1", "rules": "sniper"})
>>> parsed.values["bs"], parsed.values["cover"], parsed.values["conditions"], parsed.values["rules"]
(4, 'none', ('moved',), ('sniper',))
>>> parsed.warnings
("cover: Unknown cover 'lava': choose one of none, soft, hard, unit. Using none.",)
>>> encode(FANTASY, parsed.values)
{'bs': '4', 'conditions': 'moved', 'rules': 'sniper'}
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from hitrules import damage, dice, fantasy, ninth, situations
from hitrules.fantasy import catalogue, melee, missile, sides
from hitrules.fantasy import charging as charge
from hitrules.situations import compare, pick, profiles, quiz
from hitrules.situations.combat import (
    BODY_ARMOURS,
    COMBAT_PRESETS,
    FOLLOWS,
    OTHER_KINDS,
    OTHER_PREFIXES,
    SIDE_RULES,
    WEAPONS,
    AutomaticInput,
    ChargeInput,
    CombatInput,
    CombatSideInput,
    CombatSituation,
    MountInput,
    OtherInput,
    StandAndShoot,
    Strikes,
    combat_situation,
)
from hitrules.situations.presets import PRESETS
from hitrules.steps import check_choice, check_int, whole_number
from hitrules.unit import MAX_NAME

#: The longest query string a page reads. A longer link is refused whole, with a message.
MAX_QUERY_LENGTH = 2000


@dataclass(frozen=True)
class Param:
    """One query parameter: its name, default, and how to read and write its value.

    ``old`` lists the older parameters still read into this one, each with a function of its
    text and this parameter's value so far (``moved=1`` adds ``moved`` to ``conditions``), and
    optionally the current parameters whose presence means the link is not that older form.
    """

    name: str
    default: object
    parse: Callable[[str], object]
    format: Callable[[object], str] = str
    #: Typed as text by the player (a text box), so it can be unreadable and is parsed.
    text: bool = False
    #: Held by a widget of its own; False for values the page keeps itself (Explore's stacks).
    widget: bool = True
    #: The lowest and highest value of a whole-number parameter, for its widget too.
    bounds: tuple[int, int] | None = None
    old: tuple[tuple, ...] = ()


def _folded(text: str) -> str:
    """A link's word as every reader compares it: case and surrounding spaces do not matter."""
    return text.strip().lower()


def _whole(name: str, default: int, low: int, high: int, what: str, old_name: str = "",
           unless: tuple[str, ...] = ()) -> Param:
    """A whole-number parameter from ``low`` to ``high`` (once called ``old_name``, in links
    without any of ``unless``)."""

    def parse(text: str) -> int:
        if (number := whole_number(text)) is None:
            raise ValueError(f"{what} must be a whole number from {low} to {high}.")
        return check_int(what, number, low, high)

    old = ((old_name, lambda text, _: parse(text), unless),) if old_name else ()
    return Param(name, default, parse, bounds=(low, high), old=old)


def bounds(params: tuple[Param, ...]) -> dict[str, tuple[int, int]]:
    """The lowest and highest value of each whole-number parameter, for the page's widgets.

    >>> bounds(FANTASY)["bs"]
    (1, 10)
    """
    return {p.name: p.bounds for p in params if p.bounds is not None}


def _bool(text: str) -> bool:
    if text in ("1", "0"):
        return text == "1"
    raise ValueError("use 1 for yes or 0 for no.")


def _choice(name: str, default: str, choices: tuple[str, ...], what: str, old=()) -> Param:
    return Param(name, default, lambda text: check_choice(what, _folded(text), choices), old=old)


class PartlyRead(ValueError):
    """A list with some unreadable items: the error names the first, ``value`` holds the readable ones."""

    def __init__(self, message: str, value: tuple[str, ...]):
        super().__init__(message)
        self.value = value


def _multi(name: str, choices: tuple[str, ...], what: str, flags: tuple[str, ...] = (), old=(),
           ignored: tuple[str, ...] | Mapping[str, str] = ()) -> Param:
    """A list of items, written ``a,b``; each of ``flags`` is also read as its own ``flag=1``. An
    unknown item is named, and the others still count (:class:`PartlyRead`); an item of ``ignored`` (an
    older link's, no longer an input) is dropped, with its line when ``ignored`` gives one."""

    def parse(text: str) -> tuple[str, ...]:
        items = {_folded(part) for part in text.split(",") if part.strip()}
        dropped = sorted(items.intersection(ignored))
        items = items.difference(ignored)
        picked = tuple(c for c in choices if c in items)
        if dropped and isinstance(ignored, Mapping):  # an older link's item, said so
            raise PartlyRead(" ".join(ignored[item] for item in dropped), picked)
        if unknown := sorted(items.difference(choices)):
            try:
                check_choice(what, unknown[0], choices)  # its message names the item and the choices
            except ValueError as error:
                raise PartlyRead(str(error), picked) from None
        return picked

    def flag(item: str):
        return lambda text, items: parse(",".join({*items, item} if _bool(text) else set(items) - {item}))

    return Param(name, (), parse, ",".join, old=(*old, *((item, flag(item)) for item in flags)))


def _attacks(name: str, default: str) -> Param:
    """A number of attacks or dice; a number's leading zeros are fine (``0000001`` is 1)."""
    return Param(name, default, lambda text: str(dice.parse_attacks(re.sub(r"(?<![0-9])0+(?=[0-9])", "", text))),
                 text=True)


_EDITION = Param("edition", 9, lambda text: int(check_choice("edition", _folded(text), ("9", "8"))))


def _flag(name: str, old=()) -> Param:
    return Param(name, False, _bool, lambda value: "1" if value else "0", old=old)


#: What a score's widget offers: "none", or the X of X+.
SCORES = ("none", "2", "3", "4", "5", "6")


def _score(name: str, what: str, default: int | None = None) -> Param:
    """A roll of X+ (2 to 6), or none: a save, a ward, Feel No Pain. Its widget offers :data:`SCORES`."""

    def parse(text: str) -> int | None:
        text = _folded(text).removesuffix("+")
        if text == "none":
            return None
        number = whole_number(text)
        return damage.check_score(what, text if number is None else number)

    return Param(name, default, parse, lambda value: "none" if value is None else str(value), text=True)


def _damage(name: str, default: str, what: str, most: int) -> Param:
    """Damage dice, parsed once here into an :class:`~hitrules.dice.AttackDice` that the engine takes as
    it is; the link keeps the dice text (``D3+1``)."""
    return Param(name, damage.parse_damage(default, what, most), lambda text: damage.parse_damage(text, what, most),
                 text=True)


def _mods(name: str) -> Param:
    """Modifiers, written ``-1,+1``."""
    return Param(name, (), ninth.parse_modifiers, lambda mods: ",".join(f"{m:+d}" for m in mods), text=True)


def _after_the_hit(rules, *extra: Param) -> tuple[Param, ...]:
    """The target and weapon part: off unless ``chain`` (or, in a link, ``s`` or ``t``) turns it on.
    Its rarer rules (:data:`EXTRAS`) count only with ``extra`` on, which any of them in a link turns on."""
    on = (("s", lambda text, _: True), ("t", lambda text, _: True))
    more = tuple((p.name, lambda text, _: True) for p in extra if p.name in EXTRAS)
    return (_flag("chain", old=on), _whole("s", 4, *rules.STRENGTH_RANGE, "Strength"),
            _whole("t", 4, *rules.TOUGHNESS_RANGE, "Toughness"), _whole("ap", 0, *rules.AP_RANGE, "AP"), *extra,
            _whole("wounds", 1, *rules.WOUNDS_RANGE, "Wounds per model"),
            _whole("models", 10, *damage.MODELS_RANGE, "Models in the unit"), _flag("extra", old=more))


#: The rarer rules after the hit, shown (and counted) only with ``extra`` on.
EXTRAS = ("ward", "regen", "poisoned", "bane", "invuln", "fnp", "cover", "light_cover", "wmods", "wreroll")
_FANTASY_ONLY = (_score("armour", "The armour save"),
                 _damage("mw", "1", "Multiple Wounds", fantasy.MULTIPLE_WOUNDS_MOST), _score("ward", "The ward save"),
                 _score("regen", "Regeneration"), _flag("poisoned"),
                 _whole("bane", 0, *fantasy.ARMOUR_BANE_RANGE, "Armour Bane"))


def _ninth_only(cover: str) -> tuple[Param, ...]:
    return (_score("sv", "The save"), _damage("damage", "1", "Damage", ninth.DAMAGE_MOST),
            _score("invuln", "The invulnerable save"), _score("fnp", "Feel No Pain"), _flag(cover),
            _mods("wmods"),
            _choice("wreroll", "none", ninth.REROLLS, "wound re-roll"))


FANTASY_TARGET = _after_the_hit(fantasy, *_FANTASY_ONLY)
NINTH_TARGET = _after_the_hit(ninth, *_ninth_only("cover"))
#: Learn takes either rule set's target (the engine checks the fantasy ranges); its fantasy
#: ``cover`` is the shot's, so the 9th-edition Light cover is ``light_cover`` there.
LEARN_TARGET = _after_the_hit(ninth, *_FANTASY_ONLY, *_ninth_only("light_cover"))


_MOST_WOUNDS = max(p.wounds for p in PRESETS.values())
_MOST_WEAPONS = max(len(p.weapons) for p in PRESETS.values())
SHOT_CONDITIONS = ("moved", "close", "stand", "lone", "auto")
FANTASY_CONDITIONS = (*SHOT_CONDITIONS, "split")
NINTH_RULES = ("9", "8", *PRESETS)
ATTACK_FLAGS = ("melee", "auto", "overwatch_fire")


def _shot_params(conditions: tuple[str, ...]) -> tuple[Param, ...]:
    """What a fantasy Shot is made of, for the calculator and for Learn."""
    return (
        _whole("bs", 3, *fantasy.BS_RANGE, "BS"),
        _multi("conditions", conditions, "condition", flags=conditions),
        _whole("us", 1, *fantasy.UNIT_STRENGTH_RANGE, "Unit Strength"),
        *_cover_params(""),
        _multi("rules", fantasy.SPECIAL_RULES, "special rule"),
    )


def _cover_params(suffix: str) -> tuple[Param, ...]:
    los = (_whole(f"los_{who}{suffix}", 1, *fantasy.LOS_RANGE, "LoS value") for who in ("shooter", "blocker", "target"))
    return (_choice("cover" + suffix, "none", fantasy.COVERS, "cover"), *los)


def _attack_params() -> tuple[Param, ...]:
    """What a 9th/8th-edition Attack is made of (but its edition), for the calculator and for Learn.

    ``trigger`` is read for the Overwatch fire pill too: the older links had no pill and said
    ``trigger=none`` for an ordinary attack.
    """
    return (
        _whole("skill", 3, *ninth.SKILL_RANGE, "The skill X+"),
        _mods("mods"),
        _choice("reroll", "none", ninth.REROLLS, "re-roll"),
        # Older links had no Overwatch fire pill: any trigger but "none" meant it.
        _multi("attack", ATTACK_FLAGS, "attack", flags=("melee", "auto"), old=(
            ("trigger", lambda text, items: (*items, "overwatch_fire") if _folded(text) in ninth.TRIGGERS
             else items),)),
        Param("trigger", "charge", lambda text: "charge" if _folded(text) == "none" else check_choice(
            "Overwatch trigger", _folded(text), ninth.TRIGGERS)),
        _multi("ow", situations.OVERWATCH_FLAGS, "Overwatch condition", flags=situations.OVERWATCH_FLAGS),
    )


def _rows(ruleset: str) -> Param:
    """The weapons added to the page's own (:mod:`hitrules.situations.profiles`): ``rows=row;row``, each row
    whole. A bad one is named and left out; the others still count. An older link's ``weapons``
    had fewer columns: the cells it lacks are read as None, for the page to give them the meaning
    they had then (``profiles.complete_rows``)."""

    def parse(text: str, old: bool = False) -> tuple[tuple, ...]:
        rows, problems = profiles.read_rows(ruleset, text, old)
        if problems:
            raise PartlyRead("; ".join(problems), rows)
        return rows

    return Param("rows", (), parse, lambda rows: profiles.rows_text(ruleset, rows), widget=False,
                 old=(("weapons", lambda text, _: parse(text, old=True)),))


#: The longest note of where a page's numbers came from (``from``).
FROM_MOST = 200


def _from_text(text: str) -> str:
    """Where the numbers came from (a unit of the player's army, and what was not read): shown as it is,
    in one line; kept by the page, not a widget."""
    return " ".join("".join(c for c in text if c.isprintable()).split())[:FROM_MOST]


#: Where a page's numbers came from: ``from=Tactical Squad; not read: Bolt pistol`` (the /army page's links).
FROM = Param("from", "", _from_text, widget=False)

def _own_name(text: str) -> str:
    """The name of the page's own weapon, shown in the whole unit instead of "weapon 1": printable, in one line,
    at most as long as an added weapon's name."""
    return " ".join("".join(c for c in text if c.isprintable()).split())[:MAX_NAME]


#: The page's own weapon's name (``name=Master-crafted boltgun``: the /army page's links), kept by the page.
OWN_NAME = Param("name", "", _own_name, widget=False)

#: The whole unit: the weapons added, and the order to resolve every profile in (``order=2,1,3``).
_ORDER = Param("order", (), profiles.parse_order, profiles.order_text, widget=False)


def _missile(text: str) -> str:
    """A missile weapon by name (``longbow``, ``brace-of-pistols``; "" or none: the page's own Strength and AP),
    as :data:`hitrules.fantasy.missile.MISSILE_WEAPONS` names it; an unknown name is named with close matches."""
    if _folded(text) in ("", "none"):
        return ""
    found = missile.missile_name(text.replace("-", " ").replace("_", " "))
    if found is None:
        missile.missile_weapon(text.replace("-", " "))  # its error names close matches
    return found


#: The missile weapons a link (and /fantasy's choice) names: every one of the rules' table, by its name.
MISSILE_WEAPON_NAMES = tuple(missile.MISSILE_WEAPONS)

#: /fantasy's picks: the shooting unit (``unit``), the target unit (``target_unit``), both ``army/unit`` as
#: /combat's ``a_unit``, and the missile weapon by name (``weapon``); they stand in for the page's defaults.
FANTASY_PICKS = (Param("unit", "", lambda text: _unit_id(text), widget=False),
                 Param("target_unit", "", lambda text: _unit_id(text), widget=False),
                 Param("weapon", "", _missile, lambda name: name.replace(" ", "-")))

FANTASY: tuple[Param, ...] = (
    *FANTASY_PICKS,
    *_shot_params(FANTASY_CONDITIONS),
    _attacks("shots", "10"),
    # Split fire: a second group of the same unit with its own shots, cover and LoS.
    _attacks("shots2", "5"),
    *_cover_params("2"),
    *FANTASY_TARGET,
    _rows("fantasy"),
    _ORDER,
    OWN_NAME,
    FROM,
)

NINTH: tuple[Param, ...] = (
    # The edition and the unit preset are one choice: a preset brings its own edition.
    _choice("rules", "9", NINTH_RULES, "rules", old=(
        ("edition", lambda text, _: check_choice("edition", _folded(text), ("9", "8"))),
        ("preset", lambda text, rules: rules if _folded(text) == "none" else check_choice("preset", _folded(text),
                                                                                           (*PRESETS,))),
    )),
    *_attack_params(),
    _attacks("attacks", "10"),
    # A preset's wounds left were ``wounds`` before the target part took that name.
    _whole("wounds_left", _MOST_WOUNDS, 1, _MOST_WOUNDS, "Wounds left", old_name="wounds", unless=("s", "t", "chain")),
    _whole("weapon", 0, 0, _MOST_WEAPONS - 1, "Weapon number"),
    _flag("half_move"),
    *NINTH_TARGET,
    # A unit preset fires every weapon: its turret weapon and its hull weapon.
    _flag("every"),
    _rows("ninth"),
    _ORDER,
    OWN_NAME,
    FROM,
)

EXPLORE_VIEWS = ("heatmap", "stacks", "diff", "helps", "shots", "wound", "weapons", "melee", "kill", "charge")
#: The farthest distance "How far can I charge?" draws: the longest charge range's Movement + 12.
CHARGE_DISTANCE_MOST = charge.MOVEMENT_RANGE[1] + 12


def _weapon_params(suffix: str, attacks: str, skill: int, strength: int, ap: int, dmg: str) -> tuple[Param, ...]:
    """One weapon of Explore's "which weapon is better": ``attacks_a``, ``skill_a`` (9th/8th) or ``bs_a``
    (fantasy), … Fantasy reads the damage as Multiple Wounds."""
    return (
        _attacks(f"attacks_{suffix}", attacks),
        _whole(f"skill_{suffix}", skill, *ninth.SKILL_RANGE, "The skill X+"),
        _whole(f"bs_{suffix}", 7 - skill, *fantasy.BS_RANGE, "BS"),
        _whole(f"strength_{suffix}", strength, *ninth.STRENGTH_RANGE, "Strength"),
        _whole(f"ap_{suffix}", ap, *ninth.AP_RANGE, "AP"),
        _damage(f"damage_{suffix}", dmg, "Damage", ninth.DAMAGE_MOST),
        # The weapons added to it, as a calculator's ``rows`` (read in the rule set of ``ruleset``).
        Param(f"more_{suffix}", "", lambda text: text.strip()[:400], text=True),
    )


LEARN_SECTIONS = ("walk", "roll", "quiz", "unit", "combat", "charge")

EXPLORE: tuple[Param, ...] = (
    _choice("view", "heatmap", EXPLORE_VIEWS, "view"),
    # A unit picked from the catalogue, as on /fantasy: the attacker (weapon A's, in "which weapon") and the target.
    *FANTASY_PICKS[:2],
    _choice("ruleset", "fantasy", compare.RULESETS, "rule set"),
    _whole("bs", 3, *fantasy.BS_RANGE, "BS"),
    _whole("skill", 3, *ninth.SKILL_RANGE, "The skill X+"),
    _whole("mod", 0, *compare.MODIFIER_RANGE, "The modifier"),
    _EDITION,
    Param("stacks", (("moved", "soft"), ("moved", "hard", "stand")), compare.parse_stacks,
          lambda stacks: ";".join("+".join(s) for s in stacks), widget=False),
    _whole("hits", 3, 1, 100, "Hits wanted"),
    _whole("confidence", 80, 1, 99, "Chance wanted (%)"),
    # The wound chart: its cell, and a wound modifier (9th edition caps it at ±1).
    _whole("strength", 4, *ninth.STRENGTH_RANGE, "Strength"),
    _whole("toughness", 4, *ninth.TOUGHNESS_RANGE, "Toughness"),
    _whole("wound_mod", 0, *fantasy.WOUND_MODIFIER_RANGE, "The wound modifier"),
    # Which weapon is better: two weapons against one target (which shares the wound chart's toughness);
    # 9th/8th edition or fantasy, as ``ruleset`` says (fantasy's armour is ``save``).
    *_weapon_params("a", "10", 3, 4, 0, "1"),
    *_weapon_params("b", "4", 3, 7, -2, "2"),
    _score("save", "The save", 3),
    _score("invuln", "The invulnerable save"),
    _score("fnp", "Feel No Pain"),
    _score("ward", "The ward save"),
    _score("regen", "Regeneration"),
    _whole("wounds", 2, *ninth.WOUNDS_RANGE, "Wounds per model"),
    _whole("models", 5, *damage.MODELS_RANGE, "The number of models"),
    _flag("light_cover"),
    # "Which weapon is better?": its other inputs shown (the target's other saves, the weapons added to
    # each unit). A display choice: they count either way.
    _flag("more"),
    # The melee hit roll (fantasy close combat) for every pair of WS, and how many attacks kill k models.
    _whole("ws", 4, *melee.WS_RANGE, "WS"),
    _whole("target_ws", 3, *melee.WS_RANGE, "The target's WS"),
    _choice("melee_reroll", "none", dice.REROLLS, "re-roll"),
    _flag("sixes"),
    _whole("kills", 3, *damage.MODELS_RANGE, "Models to kill"),
    # How far can I charge?: the chance to reach at each distance, one line per Movement; the player's own.
    _whole("movement", 4, *charge.MOVEMENT_RANGE, "Movement"),
    _whole("distance", 9, 1, CHARGE_DISTANCE_MOST, "The distance"),
    _flag("swiftstride"),
    _flag("terrain"),
)

LEARN: tuple[Param, ...] = (
    _choice("section", "walk", LEARN_SECTIONS, "section"),
    _choice("ruleset", "fantasy", ("fantasy", "ninth"), "rule set"),
    *_shot_params(SHOT_CONDITIONS),  # one shot: no split fire
    _EDITION,
    *_attack_params(),
    *LEARN_TARGET,
    _whole("step", 1, 1, 40, "Step"),
    _whole("seed", 1, 0, quiz.MAX_SEED, "Seed"),
    _whole("rolls", 60, 1, 600, "Rolls"),
    _whole("quiz", 1, 0, quiz.MAX_SEED, "Quiz"),
    _whole("q", 1, 1, quiz.MAX_QUESTION, "Question"),
    _choice("topic", "hit", quiz.TOPICS, "quiz topic"),
    # Close combat: one melee attack (the whole round walked through is RULES.md §7's).
    _whole("ws", 4, *melee.WS_RANGE, "WS"),
    _whole("target_ws", 3, *melee.WS_RANGE, "The target's WS"),
    _whole("melee_mod", 0, -6, 6, "The to-hit modifier"),
    _choice("melee_reroll", "none", dice.REROLLS, "re-roll"),
    _flag("sixes"),
)


class ParsedQuery(NamedTuple):
    """The values read from a link, and one warning for each parameter that was not usable."""

    values: dict
    warnings: tuple[str, ...]


def defaults(params: tuple[Param, ...]) -> dict:
    return {p.name: p.default for p in params}


def query_length(query: Mapping[str, object]) -> int:
    """About the length of the query string: each ``name=value`` and its separator."""
    return sum(len(str(k)) + len(str(v)) + 2 for k, v in query.items())


def parse_query(params: tuple[Param, ...], query: Mapping[str, object]) -> ParsedQuery:
    """Read the page's parameters from ``query``; unknown names are ignored (other pages' links).

    An older form is read after the current one, so ``moved=1`` adds to ``conditions``.
    """
    values = defaults(params)
    length = query_length(query)
    if length > MAX_QUERY_LENGTH:
        return ParsedQuery(values, (
            f"This link is too long ({length} characters; the most is {MAX_QUERY_LENGTH}), "
            "so it was ignored and the defaults are shown.",))
    warnings = []
    if params is COMBAT:  # a unit picked from the catalogue stands in for its side's defaults
        picked, unread_units = _picks_of_query(query)
        values |= picked
        warnings += unread_units
    elif params is FANTASY or params is EXPLORE:  # the same on /fantasy (its missile weapon too) and Explore
        picked, unread_units = _fantasy_picks_of_query(query, params)
        values |= picked
        warnings += unread_units

    unread = object()  # a value may be None itself (a save of "none")

    def read(p: Param, name: str, parse) -> object:
        raw = query[name]
        if isinstance(raw, list | tuple):
            raw = raw[-1] if raw else ""
        try:
            return parse(str(raw))
        except ValueError as error:
            value = error.value if isinstance(error, PartlyRead) else unread
            shown = values[p.name] if value is unread else value
            warnings.append(f"{name}: {error} Using {p.format(shown) or 'none'}.")
            return value

    for p in params:
        if p.name in query:
            if (value := read(p, p.name, p.parse)) is not unread:
                values[p.name] = value
            continue
        for old, read_old in _older_forms(p, query.keys()):  # only where the current form is absent
            if (value := read(p, old, lambda text, r=read_old, v=values[p.name]: r(text, v))) is not unread:
                values[p.name] = value
    return ParsedQuery(values, tuple(warnings))


def _older_forms(p: Param, names) -> list[tuple[str, Callable]]:
    """The older forms of ``p`` that a link with ``names`` holds, each with its reader: those present
    without any of the current parameters that say the link is not that older form."""
    return [(old, read) for old, read, *newer in p.old if old in names and names.isdisjoint(*newer or [()])]


def encode(params: tuple[Param, ...], values: Mapping[str, object], defaults_too: bool = False) -> dict[str, str]:
    """The query parameters for ``values``, leaving out those at their default (a picked unit's values, on
    /combat: :func:`side_pick`), unless
    ``defaults_too``: a link to another page, which may hold other settings), but for a default
    that an older form in the same link would change (``chain=0`` beside ``s=5``)."""
    base = (_picks(values.get("a_unit", ""), values.get("d_unit", "")) if params is COMBAT
            else _fantasy_base(*(values.get(p.name, "") for p in FANTASY_PICKS)) if params is FANTASY
            else _explore_base(values.get("unit", ""), values.get("target_unit", ""), values.get("view", ""))
            if params is EXPLORE else {})
    link = {p.name: p.format(values[p.name]) for p in params
            if p.name in values and (defaults_too or values[p.name] != base.get(p.name, p.default))}
    link |= {p.name: p.format(values[p.name]) for p in params
             if p.name in values and p.name not in link and _older_forms(p, link.keys())}
    return {p.name: link[p.name] for p in params if p.name in link}  # in the parameters' order


# ----- /combat: one round of fantasy close combat, the charger (``a_``) against the charged (``d_``) -----

#: The weapon rules of a melee profile, as a list.
MELEE_RULES = ("killing_blow", "monster_slayer", "poisoned")
#: A side's bonuses and rules that are yes or no, as a list (the side's own list).
COMBAT_FLAGS = sides.FLAGS
#: Flags an older link may carry that are no longer inputs, each with the line the page shows: Massed Infantry now
#: follows the troop type.
OLD_COMBAT_FLAGS = {"massed_infantry": "Massed Infantry is no longer an input and was ignored: the troop type "
                                       "decides (regular and heavy infantry claim it with the larger Unit Strength)."}
POSITIONS = sides.POSITIONS
#: Armoured Hide (X): X improves the armour value.
ARMOURED_HIDE_RANGE = (0, 6)
#: The to-hit modifier of a side's profiles (a failed Fear test is -1).
MELEE_MODIFIER_RANGE = (-6, 6)
#: The models in the fighting and the supporting rank.
RANK_MODELS_RANGE = (0, 100)
#: An unset fighting rank or supporting rank follows the unit (hitrules.situations.combat.ranks).
FOLLOWS_THE_UNIT = "auto"


def _profile(p: str, strength: int, attacks: Param) -> tuple[Param, ...]:
    """What a melee profile strikes with: attacks, Strength, AP, Multiple Wounds, Armour Bane, rules."""
    return (attacks, _whole(f"{p}s", strength, *fantasy.STRENGTH_RANGE, "Strength"),
            _whole(f"{p}ap", 0, *fantasy.AP_RANGE, "AP"),
            _damage(f"{p}mw", "1", "Multiple Wounds", fantasy.MULTIPLE_WOUNDS_MOST),
            _whole(f"{p}bane", 0, *fantasy.ARMOUR_BANE_RANGE, "Armour Bane"),
            _multi(f"{p}rules", MELEE_RULES, "melee rule"))


def _automatic(p: str, name: str) -> tuple[Param, ...]:
    """Impact Hits or Stomp Attacks: how many (``0`` for none), and their Strength and AP."""
    return (Param(f"{p}{name}", "0", lambda text: str(dice.parse_attacks(text)) if text.strip() != "0" else "0",
                  text=True),
            _whole(f"{p}{name}_s", 4, *fantasy.STRENGTH_RANGE, "Strength"),
            _whole(f"{p}{name}_ap", 0, *fantasy.AP_RANGE, "AP"))


def _rank(name: str, what: str) -> Param:
    """Models in a rank: a whole number, or none (``auto``): the rank follows the unit."""
    number = _whole(name, 0, *RANK_MODELS_RANGE, what)

    def parse(text: str) -> int | None:
        return None if _folded(text) == FOLLOWS_THE_UNIT else number.parse(text)

    return Param(name, None, parse, lambda value: FOLLOWS_THE_UNIT if value is None else str(value),
                 bounds=RANK_MODELS_RANGE)


def _others(p: str) -> tuple[Param, ...]:
    """How many others the side has (0 to 2; an older link's ``char=1`` is one), and each one's kind
    and profile."""
    count = Param(f"{p}others", 0, _whole(f"{p}others", 0, 0, len(OTHER_PREFIXES), "Others").parse,
                  bounds=(0, len(OTHER_PREFIXES)), old=((f"{p}char", lambda text, _: int(_bool(text))),))
    params = [count]
    defaults = (("champion", "2", 5, 4, 5), ("mount", "1", 3, 3, 3))  # a mount: a warhorse's profile
    for c, (kind, attacks, ws, strength, initiative) in zip(OTHER_PREFIXES, defaults, strict=True):
        c = f"{p}{c}"
        params += [_choice(f"{c}kind", kind, OTHER_KINDS, "kind of profile"),
                   *_profile(c, strength, _attacks(f"{c}attacks", attacks)),
                   _whole(f"{c}ws", ws, *melee.WS_RANGE, "WS"),
                   _whole(f"{c}i", initiative, *melee.INITIATIVE_RANGE, "Initiative")]
    return tuple(params)


def _armour(name: str) -> Param:
    """An armour save: ``auto`` (the default: worked out from the armour worn, the shield, barding and the
    weapon), X+ (2 to 6) or none: an explicit save wins."""
    score = _score(name, "The armour save")

    def parse(text: str) -> int | str | None:
        return FOLLOWS if _folded(text) == FOLLOWS else score.parse(text)

    return Param(name, FOLLOWS, parse, lambda value: FOLLOWS if value == FOLLOWS else score.format(value), text=True)


def _unit_id(text: str) -> str:
    """A unit of the catalogue picked on the page, ``army/unit`` (``empire-of-man/state-troops``)."""
    text = _folded(text)
    if text and not re.fullmatch(r"[a-z0-9-]+/[a-z0-9-]+", text):
        raise ValueError(f"A unit is written army/unit, such as empire-of-man/state-troops (got {text[:40]!r}).")
    return text


def _side(p: str, charger: bool, models: int, troop: str, ws: int, strength: int, initiative: int) -> tuple[Param, ...]:
    """One side of the round: its unit, its rank and file, up to two others (champion, character, mount), Impact Hits
    (the charger's only) and Stomps, and its bonuses. ``p`` is ``a_`` (the charger) or ``d_``."""
    return (
        _whole(f"{p}models", models, *damage.MODELS_RANGE, "Models in the unit"),
        _whole(f"{p}wounds", 1, *fantasy.WOUNDS_RANGE, "Wounds per model"),
        _whole(f"{p}ws", ws, *melee.WS_RANGE, "WS"),
        _whole(f"{p}t", 3, *fantasy.TOUGHNESS_RANGE, "Toughness"),
        _whole(f"{p}i", initiative, *melee.INITIATIVE_RANGE, "Initiative"),
        _armour(f"{p}armour"),
        _choice(f"{p}weapon", "hand_weapon", tuple(WEAPONS), "weapon"),
        _flag(f"{p}shield"),
        _choice(f"{p}body", "heavy" if charger else "light", tuple(BODY_ARMOURS), "armour"),
        _flag(f"{p}barding"),
        _whole(f"{p}hide", 0, *ARMOURED_HIDE_RANGE, "Armoured Hide"),
        _choice(f"{p}formation", "close_order", sides.FORMATIONS, "formation"),
        _multi(f"{p}special", SIDE_RULES, "special rule"),
        _whole(f"{p}mount_a", 0, 0, sides.RANK_AND_FILE_ATTACKS_RANGE[1], "The mount's Attacks"),
        _whole(f"{p}mount_ws", 3, *melee.WS_RANGE, "The mount's WS"),
        _whole(f"{p}mount_s", 3, *fantasy.STRENGTH_RANGE, "The mount's Strength"),
        _whole(f"{p}mount_i", 3, *melee.INITIATIVE_RANGE, "The mount's Initiative"),
        _whole(f"{p}mount_ap", 0, *fantasy.AP_RANGE, "The mount's AP"),
        *((_whole(f"{p}charge_bonus", 0, *sides.CHARGE_BONUS_RANGE, "The charge's Initiative bonus"),) if charger
          else ()),
        Param(f"{p}unit", "", _unit_id, widget=False),
        _score(f"{p}ward", "The ward save"), _score(f"{p}regen", "Regeneration"),
        _choice(f"{p}troop", troop, fantasy.TROOP_TYPES, "troop type"),
        _whole(f"{p}width", 5, *sides.RANK_WIDTH_RANGE, "Rank width"),
        _whole(f"{p}ld", 7, *sides.LEADERSHIP_RANGE, "Leadership"),
        _rank(f"{p}fighting", "Models in the fighting rank"),
        _rank(f"{p}supporting", "Models in the supporting rank"),
        *_profile(p, strength, _whole(f"{p}attacks", 1, *sides.RANK_AND_FILE_ATTACKS_RANGE, "Attacks")),
        _whole(f"{p}mod", 0, *MELEE_MODIFIER_RANGE, "The to-hit modifier"),
        _choice(f"{p}reroll", "none", dice.REROLLS, "re-roll"),
        *_others(p),
        _flag(f"{p}auto"),
        *(_automatic(p, "impact") if charger else ()),
        *_automatic(p, "stomp"),
        _choice(f"{p}position", "front", POSITIONS, "position"),
        _whole(f"{p}bonus", 0, *sides.BONUS_RANGE, "Other bonus"),
        _multi(f"{p}flags", COMBAT_FLAGS, "bonus", ignored=OLD_COMBAT_FLAGS),
    )


#: What the combat page shows under its inputs, one at a time: the score difference, the Break tests or the models
#: lost (a chart each), or every table (the headlines and each chart's, exact, each with its CSV).
COMBAT_CHARTS = ("difference", "break", "lost", "tables")  # the last: every table, each with its CSV
#: The same with the charge part on, led by the three reactions side by side (its own value in the link, so
#: that each part opens on its own first chart).
COMBAT_CHARGE_CHARTS = ("reactions", *COMBAT_CHARTS)
#: A unit's movement rules on /combat's charge part, as a list: each a yes of hitrules.fantasy.charging.Mover, and
#: ``no_pursuit`` its ``pursues=False``.
MOVER_RULES = ("swiftstride", "finest_warhorses", "resolute", "war_machine", "hold_your_ground", "no_pursuit")
#: The distance a charge is declared from: 1 inch to the longest maximum possible charge range there is.
CHARGE_DISTANCE_RANGE = (1, charge.max_charge_range(charge.Mover(charge.MOVEMENT_RANGE[1], swiftstride=True)))


def _shots(name: str, default: str) -> Param:
    """Shots: ``0`` for none, a number or dice."""
    return Param(name, default, lambda text: "0" if text.strip() == "0" else str(dice.parse_attacks(text)), text=True)


#: The whole charge (issue 28): off unless ``charge=1``; then the charger's Initiative inputs are its
#: profile's, and the page adds the charge's bonus from the distance. The charged unit's Stand & Shoot is
#: one group of shots (``ss_``), none by default.
CHARGE: tuple[Param, ...] = (
    _flag("charge"),
    _whole("distance", 6, *CHARGE_DISTANCE_RANGE, "The distance"),
    _whole("a_m", 4, *charge.MOVEMENT_RANGE, "The charger's Movement"),
    _whole("d_m", 4, *charge.MOVEMENT_RANGE, "The charged unit's Movement"),
    _multi("a_move", MOVER_RULES, "movement rule"),
    _multi("d_move", MOVER_RULES, "movement rule"),
    _flag("terrain"),
    _choice("reaction", "hold", charge.REACTIONS, "reaction"),
    # An older link with the charge on showed the reactions and, under them, its ``chart``: it opens on that chart.
    _choice("charge_chart", "reactions", COMBAT_CHARGE_CHARTS, "chart",
            old=(("chart", lambda text, _: check_choice("chart", _folded(text), COMBAT_CHARTS)),)),
    _whole("gap", 0, *charge.GAP_RANGE, "The pivot's extra distance"),
    _shots("ss_shots", "0"),
    _whole("ss_bs", 3, *fantasy.BS_RANGE, "BS"),
    _whole("ss_s", 3, *fantasy.STRENGTH_RANGE, "Strength"),
    _whole("ss_ap", 0, *fantasy.AP_RANGE, "AP"),
    _damage("ss_mw", "1", "Multiple Wounds", fantasy.MULTIPLE_WOUNDS_MOST),
)
#: The charge part's parameters of a side (its Movement and movement rules): a pick fills them too.
CHARGE_PARAMS = ("a_m", "d_m", "a_move", "d_move")
COMBAT: tuple[Param, ...] = (*_side("a_", True, 10, "heavy_infantry", 4, 4, 3),
                             *_side("d_", False, 20, "regular_infantry", 3, 3, 3),
                             _flag("more"),  # both sides' other inputs shown: they count either way
                             _choice("chart", "difference", COMBAT_CHARTS, "chart"), FROM,
                             *CHARGE)


#: Every page's parameters, by the page's name (its widgets' key prefix).
PAGES = {"fantasy": FANTASY, "ninth": NINTH, "explore": EXPLORE, "learn": LEARN, "combat": COMBAT}


# A unit picked from the catalogue (issue 43): ``a_unit=empire-of-man/state-troops`` ------------------


@lru_cache(maxsize=64)
def side_pick(ref: str, p: str) -> tuple[dict, tuple[str, ...]]:
    """The values of side ``p`` (``a_``, ``d_``) that the catalogue's unit ``ref`` gives with the builder's
    default choices (:func:`hitrules.situations.pick.side_from_unit`), and what it could not use; a
    ValueError names a unit the catalogue does not have."""
    return pick_values(catalogue.find(ref), p)


def pick_values(unit, p: str, choices=None) -> tuple[dict, tuple[str, ...]]:
    """Side ``p``'s values for ``unit`` as ``choices`` pick it: every input of the side at its default, then
    the unit's, read as the link reads them; and what it could not use."""
    side = {q.name: q for q in COMBAT if q.name.startswith(p) and q.name != f"{p}unit"}
    picked, unused = pick.side_from_unit(unit, choices, charger=p == "a_")
    values = {name: q.default for name, q in side.items() if name not in CHARGE_PARAMS}
    for name, value in picked.items():
        if (q := side.get(p + name)) is not None:
            try:
                values[q.name] = q.parse(q.format(value))  # as a link reads it: lists in the choices' order
            except ValueError:  # beyond what the page takes (a giant's Attacks): the page's own stays
                unused = (*unused, f"its {name.replace('_', ' ')} {q.format(value)}")
    return values | {f"{p}unit": unit.ref}, unused


def _picks(a_unit: str, d_unit: str) -> dict:
    """The values the units picked on each side stand in for the defaults with (none for an unknown unit)."""
    values = {}
    for p, ref in (("a_", a_unit), ("d_", d_unit)):
        if ref:
            try:
                values |= side_pick(ref, p)[0]
            except ValueError:
                continue
    return {name: value for name, value in values.items() if not name.endswith("_unit")}  # the pick is written


def _picks_of_query(query: Mapping[str, object]) -> tuple[dict, list[str]]:
    """The values of the units a /combat link picks (``a_unit``, ``d_unit``), and a line for each it names
    that the catalogue does not have (its side keeps the page's defaults)."""
    values, warnings = {}, []
    for p in ("a_", "d_"):
        raw = query.get(f"{p}unit")
        raw = (raw[-1] if raw else "") if isinstance(raw, list | tuple) else raw
        try:
            ref = _unit_id(str(raw or ""))
        except ValueError:  # not written army/unit: the parameter's own warning says so
            continue
        if not ref:
            continue
        try:
            values |= side_pick(ref, p)[0]
        except ValueError as error:
            warnings.append(f"{p}unit: {error}")
    return values, warnings


@lru_cache(maxsize=64)
def fantasy_pick(unit: str, target_unit: str, weapon: str) -> tuple[dict, tuple[str, ...], tuple[str, ...]]:
    """/fantasy's values that its picks stand in for the defaults with: the shooting unit ``unit``'s (with the
    builder's default choices, ``weapon`` for its missile weapon), or ``weapon``'s alone (of a wielder of
    Strength :data:`~hitrules.situations.pick.WIELDER_STRENGTH`, the page's shots kept), then the target unit's;
    and what the page could not use of the shooter and of the target. A ValueError names a unit the catalogue
    does not have (``unit`` first). The ``weapon`` of the values is the unit's own, so a link names only another."""
    values: dict = {}
    shooter_unused: tuple[str, ...] = ()
    target_unused: tuple[str, ...] = ()
    if unit:
        picked = catalogue.find(unit)
        values, shooter_unused = pick.shooter_from_unit(picked, weapon=weapon or None)
        values["weapon"] = pick.missile_of(picked) or ""
    elif weapon:
        values, shooter_unused = pick.weapon_values(weapon)
        del values["shots"], values["weapon"]
        values["extra"] = bool(values["bane"] or values["poisoned"])
    if target_unit:
        target, target_unused = pick.target_from_unit(catalogue.find(target_unit))
        values = values | target | {"extra": values.get("extra", False) or target["extra"]}
    return as_read(FANTASY, values), shooter_unused, target_unused


def as_read(params: tuple[Param, ...], values: Mapping[str, object]) -> dict:
    """``values`` (of some of ``params``) as a link reads them: each formatted, then parsed (lists in the choices'
    order, dice as text); a name that is not a parameter is left out."""
    by_name = {p.name: p for p in params}
    return {name: by_name[name].parse(by_name[name].format(value)) for name, value in values.items()
            if name in by_name}


@lru_cache(maxsize=256)
def _in_catalogue(ref: str) -> bool:
    """Whether the catalogue has the unit ``ref``: a link's unknown unit is looked for once, not on every rerun."""
    try:
        catalogue.find(ref)
    except ValueError:
        return False
    return True


def _fantasy_base(unit: str, target_unit: str, weapon: str) -> dict:
    """The values /fantasy's picks stand in for the defaults with; an unknown unit gives nothing of its own."""
    unit, target_unit = (ref if ref and _in_catalogue(ref) else "" for ref in (unit, target_unit))
    values: dict = {}
    for args in ((unit, "", weapon), ("", target_unit, "") if unit else ("", target_unit, weapon)):
        try:
            picked = fantasy_pick(*args)[0]
        except ValueError:
            continue
        values |= picked | {"extra": values.get("extra", False) or picked.get("extra", False)}
    return values


#: Explore's inputs that a unit picked as the attacker or the target fills, by the pick's name for them: in
#: "which weapon is better" (weapon A's unit, shooting), and in the melee views.
_EXPLORE_SHOOTER = {"shots": "attacks_a", "bs": "bs_a", "s": "strength_a", "ap": "ap_a", "mw": "damage_a"}
_EXPLORE_MELEE = {"ws": "ws", "s": "strength", "reroll": "melee_reroll"}
_EXPLORE_TARGET = {"t": "toughness", "armour": "save", "regen": "regen", "wounds": "wounds", "models": "models"}


def explore_values(role: str, unit, choices: pick.Choices | None, shooting: bool) -> tuple[dict, tuple[str, ...]]:
    """Explore's values for ``unit`` picked as ``role`` (``unit`` the attacker, ``target_unit`` the target) as
    ``choices`` picks it, ``shooting`` ("which weapon is better": weapon A's unit and its missile weapon, the target's
    armour against shooting) or in melee (WS, Strength with its weapon of war, Hatred's re-roll; the target's WS and
    armour in combat); and what the view could not use of it."""
    values: dict = {"ruleset": "fantasy"} if shooting else {}
    if role == "target_unit":
        picked, unused = pick.target_from_unit(unit, choices, in_combat=not shooting)
        values |= {there: picked[name] for name, there in _EXPLORE_TARGET.items()}
        values |= {} if shooting else {"target_ws": picked["ws"]}
        return as_read(EXPLORE, values), unused
    if shooting:
        picked, unused = pick.shooter_from_unit(unit, choices)
        names = _EXPLORE_SHOOTER
        unused += tuple(name for name, there in (("Armour Bane", picked.get("bane")),
                                                 ("Poisoned Attacks", picked.get("poisoned"))) if there)
    else:
        picked, unused = pick.melee_from_unit(unit, choices)
        names = _EXPLORE_MELEE
        unused = (f"AP {picked['ap']}",) * bool(picked["ap"]) + unused
    values |= {there: picked[name] for name, there in names.items() if name in picked}
    return as_read(EXPLORE, values), unused


@lru_cache(maxsize=64)
def explore_pick(role: str, ref: str, shooting: bool) -> tuple[dict, tuple[str, ...]]:
    """:func:`explore_values` for the catalogue's unit ``ref`` with the builder's default choices; a ValueError
    names a unit the catalogue does not have."""
    return explore_values(role, catalogue.find(ref), None, shooting)


#: The views where a pick counts: "which weapon is better" (shooting) and the melee ones.
EXPLORE_PICK_VIEWS = ("weapons", "melee", "kill")


def _explore_base(unit: str, target_unit: str, view: str) -> dict:
    """The values Explore's picks stand in for the defaults with, in ``view``; an unknown unit gives nothing."""
    values: dict = {}
    if view not in EXPLORE_PICK_VIEWS:
        return values
    for role, ref in (("unit", unit), ("target_unit", target_unit)):
        if ref and _in_catalogue(ref):
            values |= explore_pick(role, ref, view == "weapons")[0]
    return values


def _fantasy_picks_of_query(query: Mapping[str, object], params: tuple[Param, ...]) -> tuple[dict, list[str]]:
    """The values of the picks a /fantasy (or Explore) link makes, and a line for each unit it names that the
    catalogue does not have (the page keeps its defaults for it). An unreadable pick is named once, by the link's
    reading."""
    raw = {}
    for p in FANTASY_PICKS:
        text = query.get(p.name)
        text = (text[-1] if text else "") if isinstance(text, list | tuple) else text
        try:
            raw[p.name] = p.parse(str(text)) if text else ""
        except ValueError:
            raw[p.name] = ""
    warnings = []
    for name in ("unit", "target_unit"):
        if raw[name]:
            try:
                catalogue.find(raw[name])
            except ValueError as error:
                warnings.append(f"{name}: {error}")
    if params is EXPLORE:
        view = query.get("view")
        view = (view[-1] if view else "") if isinstance(view, list | tuple) else view
        return _explore_base(raw["unit"], raw["target_unit"], _folded(str(view or ""))), warnings
    return _fantasy_base(raw["unit"], raw["target_unit"], raw["weapon"]), warnings


# The /combat links the app ships: its match-ups and the worked round ----------------------------


def preset_values(key: str) -> dict:
    """The /combat page's values of the match-up ``key``: its link read as any link is (the rest at defaults)."""
    return parse_query(COMBAT, dict(COMBAT_PRESETS[key].query)).values


def link_situation(link: dict) -> CombatSituation:
    """The round a /combat link describes (``WORKED_ROUND``, a match-up's; ``{}``: the page's defaults)."""
    return combat_situation(combat_input(parse_query(COMBAT, link).values))


# /combat's inputs, typed: one value per side, made here once -----------------------------------


def _typed(kind: type, values: Mapping[str, object], prefix: str, **made: object):
    """A frozen input ``kind`` from /combat's values: each field the value of the parameter named
    ``prefix`` + the field's name (``a_`` + ``ws``), but those ``made`` here (nested inputs, dice parsed)."""
    return kind(**{f.name: made[f.name] if f.name in made else values[prefix + f.name]
                   for f in dataclasses.fields(kind)})


def _strikes(values: Mapping[str, object], prefix: str, dice_attacks: bool) -> Strikes:
    attacks = values[f"{prefix}attacks"]
    return _typed(Strikes, values, prefix, attacks=dice.parse_attacks(attacks) if dice_attacks else attacks)


def _automatic_input(values: Mapping[str, object], p: str, name: str) -> AutomaticInput | None:
    """Impact Hits or Stomps of ``p``'s side: None when the side has none (``0``, the part off, or no such input)."""
    if not values[f"{p}auto"] or values.get(f"{p}{name}", "0") == "0":
        return None
    return AutomaticInput(dice.parse_attacks(values[f"{p}{name}"]), values[f"{p}{name}_s"], values[f"{p}{name}_ap"])


def combat_side(values: Mapping[str, object], p: str) -> CombatSideInput:
    """One side of /combat (``p``: ``a_`` the charger, ``d_`` the charged) from the page's values, typed."""
    others = tuple(_typed(OtherInput, values, c, strikes=_strikes(values, c, dice_attacks=True))
                   for c in (f"{p}{o}" for o in OTHER_PREFIXES[: values[f"{p}others"]]))
    mount = (MountInput(*(values[f"{p}mount_{n}"] for n in ("a", "ws", "s", "i", "ap"))) if values[f"{p}mount_a"]
             else None)
    return _typed(CombatSideInput, values, p, strikes=_strikes(values, p, dice_attacks=False), others=others,
                  impact=_automatic_input(values, p, "impact"), stomp=_automatic_input(values, p, "stomp"),
                  mount=mount, charge_bonus=values.get(f"{p}charge_bonus", 0), charging=p == "a_")


def combat_input(values: Mapping[str, object]) -> CombatInput:
    """Everything /combat is given, from the page's values (a link's, parsed by :func:`parse_query`): a typed
    value per side and the charge part's, the dice parsed. Hidden inputs count; showing them is the page's.

    >>> inputs = combat_input(parse_query(COMBAT, {"d_others": "1", "ss_shots": "2D6"}).values)
    >>> inputs.charged.others[0].kind, str(inputs.charged.others[0].strikes.attacks), str(inputs.charge.shooting.shots)
    ('champion', '2', '2D6')
    """
    shooting = None if values["ss_shots"] == "0" else _typed(StandAndShoot, values, "ss_",
                                                              shots=dice.parse_attacks(values["ss_shots"]))
    charge_part = _typed(ChargeInput, values, "", shooting=shooting)
    return CombatInput(combat_side(values, "a_"), combat_side(values, "d_"), charge_part)
