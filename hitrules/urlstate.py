"""Every input of a page as URL query parameters: the names are a contract, kept stable.

Parsing never raises: a bad value falls back to that input's default, and the warning
names the parameter. Encoding leaves out defaults, so links stay short.

>>> parsed = parse_query(FANTASY, {"bs": "4", "cover": "lava", "rules": "sniper"})
>>> parsed.values["bs"], parsed.values["cover"], parsed.values["rules"]
(4, 'none', ('sniper',))
>>> parsed.warnings
("cover: Unknown cover 'lava': choose one of none, soft, hard, unit.",)
>>> encode(FANTASY, parsed.values)
{'bs': '4', 'rules': 'sniper'}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from hitrules import compare, dice, fantasy, ninth, quiz
from hitrules._steps import check_choice, check_int
from hitrules.presets import PRESETS

__all__ = [
    "EXPLORE",
    "FANTASY",
    "LEARN",
    "MAX_QUERY_LENGTH",
    "NINTH",
    "Param",
    "ParsedQuery",
    "bounds",
    "encode",
    "parse_mods",
    "parse_query",
    "parse_stacks",
    "query_length",
]

#: The longest query string a page reads. A longer link is refused whole, with a message.
MAX_QUERY_LENGTH = 2000
_MAX_VALUE_SHOWN = 30


@dataclass(frozen=True)
class Param:
    """One query parameter: its name, default, and how to read and write its value."""

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


def _text(value: object) -> str:
    """A parameter's value must be text (it comes from a link)."""
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {type(value).__name__}.")
    return value


def _int(low: int, high: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not re.fullmatch(r"[+-]?\d{1,4}", _text(text).strip()):
            raise ValueError(f"{what} must be a whole number from {low} to {high}.")
        return check_int(what, int(text), low, high)

    return parse


def _whole(name: str, default: int, low: int, high: int, what: str) -> Param:
    """A whole-number parameter from ``low`` to ``high``."""
    return Param(name, default, _int(low, high, what), bounds=(low, high))


def bounds(params: tuple[Param, ...]) -> dict[str, tuple[int, int]]:
    """The lowest and highest value of each whole-number parameter, for the page's widgets.

    >>> bounds(FANTASY)["bs"]
    (1, 10)
    """
    return {p.name: p.bounds for p in params if p.bounds is not None}


def _bool(text: str) -> bool:
    if _text(text) in ("1", "0"):
        return text == "1"
    raise ValueError("use 1 for yes or 0 for no.")


def _choice(choices: tuple[str, ...], what: str) -> Callable[[str], str]:
    return lambda text: check_choice(what, _text(text).strip().lower(), choices)


def _multi(choices: tuple[str, ...], what: str) -> Callable[[str], tuple[str, ...]]:
    def parse(text: str) -> tuple[str, ...]:
        parts = [part.strip().lower() for part in _text(text).split(",") if part.strip()]
        picked = {check_choice(what, part, choices) for part in parts}
        return tuple(c for c in choices if c in picked)

    return parse


def _attacks(text: str) -> str:
    return str(dice.parse_attacks(text))


def parse_mods(text: str) -> tuple[int, ...]:
    """Hit modifiers as text, ``"-1, -1, +1"``, to a tuple of ints (ValueError if unreadable).

    >>> parse_mods("-1,-1,+1")
    (-1, -1, 1)
    """
    parts = [p.strip() for p in _text(text).replace(" ", "").split(",") if p.strip()]
    if len(parts) > ninth.MAX_MODIFIERS:
        raise ValueError(f"at most {ninth.MAX_MODIFIERS} modifiers.")
    mods = []
    for part in parts:
        if not re.fullmatch(r"[+-]?\d{1,2}", part):
            raise ValueError("write the modifiers as signed whole numbers, e.g. -1,-1,+1.")
        mods.append(check_int("Each modifier", int(part), *ninth.ONE_MODIFIER_RANGE))
    return tuple(mods)


def _format_mods(mods: object) -> str:
    return ",".join(f"{m:+d}" for m in mods)  # type: ignore[attr-defined]


def _format_bool(value: object) -> str:
    return "1" if value else "0"


def _format_multi(value: object) -> str:
    return ",".join(value)  # type: ignore[arg-type]


def _edition(text: str) -> int:
    return int(check_choice("edition", _text(text).strip(), ("9", "8")))


def _flag(name: str) -> Param:
    return Param(name, False, _bool, _format_bool)


_LOS = fantasy.LOS_RANGE
_MOST_WOUNDS = max(p.wounds for p in PRESETS.values())
_MOST_WEAPONS = max(len(p.weapons) for p in PRESETS.values())

FANTASY: tuple[Param, ...] = (
    _whole("bs", 3, *fantasy.BS_RANGE, "BS"),
    Param("shots", "10", _attacks, text=True),
    _flag("moved"),
    _flag("close"),
    _flag("stand"),
    _flag("lone"),
    _whole("us", 1, *fantasy.UNIT_STRENGTH_RANGE, "Unit Strength"),
    Param("cover", "none", _choice(fantasy.COVERS, "cover")),
    _whole("los_shooter", 1, *_LOS, "LoS value"),
    _whole("los_blocker", 1, *_LOS, "LoS value"),
    _whole("los_target", 1, *_LOS, "LoS value"),
    Param("rules", (), _multi(fantasy.SPECIAL_RULES, "special rule"), _format_multi),
    _flag("auto"),
    # Split fire: a second group of the same unit with its own shots, cover and LoS.
    _flag("split"),
    Param("shots2", "5", _attacks, text=True),
    Param("cover2", "none", _choice(fantasy.COVERS, "cover")),
    _whole("los_shooter2", 1, *_LOS, "LoS value"),
    _whole("los_blocker2", 1, *_LOS, "LoS value"),
    _whole("los_target2", 1, *_LOS, "LoS value"),
)

NINTH: tuple[Param, ...] = (
    Param("edition", 9, _edition),
    _flag("melee"),
    _whole("skill", 3, *ninth.SKILL_RANGE, "The skill X+"),
    Param("mods", (), parse_mods, _format_mods, text=True),
    Param("reroll", "none", _choice(ninth.REROLLS, "re-roll")),
    Param("attacks", "10", _attacks, text=True),
    _flag("auto"),
    _flag("overwatch"),
    Param("trigger", "none", _choice(("none", *ninth.TRIGGERS), "Overwatch trigger")),
    _flag("eir"),
    _flag("charged"),
    _flag("blast"),
    Param("preset", "none", _choice(("none", *PRESETS), "preset")),
    _whole("wounds", _MOST_WOUNDS, 1, _MOST_WOUNDS, "Wounds left"),
    _whole("weapon", 0, 0, _MOST_WEAPONS - 1, "Weapon number"),
    _flag("half_move"),
)

MAX_STACKS = 6
MAX_STACK_SIZE = 8


def parse_stacks(text: str) -> tuple[tuple[str, ...], ...]:
    """Modifier stacks: ``"moved+soft;moved+hard+stand"`` to a tuple of tuples of names.

    >>> parse_stacks("moved+soft; hard")
    (('moved', 'soft'), ('hard',))
    """
    stacks = []
    for part in _text(text).split(";"):
        tokens = [t.strip().lower() for t in part.split("+") if t.strip()]
        if not tokens:
            continue
        if len(tokens) > MAX_STACK_SIZE:
            raise ValueError(f"at most {MAX_STACK_SIZE} modifiers in a stack.")
        for t in tokens:
            check_choice("modifier in a stack", t, tuple(compare.FANTASY_STACK_TOKENS))
        stacks.append(tuple(dict.fromkeys(tokens)))
    if len(stacks) > MAX_STACKS:
        raise ValueError(f"at most {MAX_STACKS} stacks.")
    return tuple(stacks)


def _format_stacks(stacks: object) -> str:
    return ";".join("+".join(s) for s in stacks)  # type: ignore[attr-defined]


EXPLORE_VIEWS = ("heatmap", "stacks", "diff", "helps", "shots")
LEARN_SECTIONS = ("walk", "roll", "quiz")

EXPLORE: tuple[Param, ...] = (
    Param("view", "heatmap", _choice(EXPLORE_VIEWS, "view")),
    Param("ruleset", "fantasy", _choice(compare.RULESETS, "rule set")),
    _whole("bs", 3, *fantasy.BS_RANGE, "BS"),
    _whole("skill", 3, *ninth.SKILL_RANGE, "The skill X+"),
    _whole("mod", 0, *compare.MODIFIER_RANGE, "The modifier"),
    Param("edition", 9, _edition),
    Param("stacks", (("moved", "soft"), ("moved", "hard", "stand")), parse_stacks, _format_stacks,
          widget=False),
    _whole("hits", 3, 1, 100, "Hits wanted"),
    _whole("confidence", 80, 1, 99, "Chance wanted (%)"),
)

_LEARN_FANTASY = ("bs", "moved", "close", "stand", "lone", "us", "cover", "los_shooter", "los_blocker",
                  "los_target", "rules")
LEARN: tuple[Param, ...] = (
    Param("section", "walk", _choice(LEARN_SECTIONS, "section")),
    Param("ruleset", "fantasy", _choice(("fantasy", "ninth"), "rule set")),
    *(p for p in FANTASY if p.name in _LEARN_FANTASY),
    *(p for p in NINTH if p.name in ("edition", "skill", "mods", "reroll")),
    _whole("step", 1, 1, 40, "Step"),
    _whole("seed", 1, 0, quiz.MAX_SEED, "Seed"),
    _whole("rolls", 60, 1, 600, "Rolls"),
    _whole("quiz", 1, 0, quiz.MAX_SEED, "Quiz"),
    _whole("q", 1, 1, quiz.MAX_QUESTION, "Question"),
)


@dataclass(frozen=True)
class ParsedQuery:
    """The values read from a link, and one warning for each parameter that was not usable."""

    values: dict
    warnings: tuple[str, ...]


def defaults(params: tuple[Param, ...]) -> dict:
    return {p.name: p.default for p in params}


def query_length(query: Mapping[str, object]) -> int:
    """About the length of the query string: each ``name=value`` and its separator."""
    return sum(len(str(k)) + len(str(v)) + 2 for k, v in query.items())


def parse_query(params: tuple[Param, ...], query: Mapping[str, object]) -> ParsedQuery:
    """Read the page's parameters from ``query``; unknown names are ignored (other pages' links)."""
    values = defaults(params)
    length = query_length(query)
    if length > MAX_QUERY_LENGTH:
        return ParsedQuery(values, (
            f"This link is too long ({length} characters; the most is {MAX_QUERY_LENGTH}), "
            "so it was ignored and the defaults are shown.",))
    warnings = []
    for p in params:
        if p.name not in query:
            continue
        raw = query[p.name]
        if isinstance(raw, list | tuple):
            raw = raw[-1] if raw else ""
        text = str(raw)
        try:
            values[p.name] = p.parse(text)
        except ValueError as error:
            warnings.append(f"{p.name}: {error}")
    return ParsedQuery(values, tuple(warnings))


def encode(params: tuple[Param, ...], values: Mapping[str, object]) -> dict[str, str]:
    """The query parameters for ``values``, leaving out those at their default."""
    return {p.name: p.format(values[p.name]) for p in params
            if p.name in values and values[p.name] != p.default}
