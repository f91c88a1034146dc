"""Many situations at once: grids over skill x modifier, the rule sets side by side, stacks
of modifiers, and which bonus helps most. Everything comes from the rule modules.

>>> cell = diff_cell(4, -3)
>>> [str(c) for c in (cell.fantasy, cell.eighth, cell.ninth)]
['1/12', '0', '1/3']
>>> cell.reasons[0]
'9th caps -3 at -1, so it needs 5+ on the die.'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from hitrules import dice, fantasy, ninth
from hitrules.situations import profiles
from hitrules.steps import Step, check_choice, check_int
from hitrules.unit import MAX_NAME
from hitrules.words import count_text

__all__ = [
    "FANTASY_STACK_TOKENS",
    "RULESETS",
    "DiffCell",
    "Helper",
    "WeaponDuel",
    "chance",
    "diff_cell",
    "grid",
    "grid_axes",
    "parse_stacks",
    "roll_text",
    "shots_needed",
    "stack_result",
    "stack_steps",
    "unit_outcome",
    "weapon_duel",
    "weapon_name",
    "weapon_outcome",
    "which_helps",
    "wound_axis",
    "wound_cell",
]

RULESETS = ("fantasy", "ninth", "eighth")
RULESET_NAMES = {"fantasy": "Fantasy (BS 1-10)", "ninth": "9th edition (X+)", "eighth": "8th edition (X+)"}
#: The edition of each sci-fi rule set, and back.
EDITION = {"ninth": 9, "eighth": 8}
RULESET_OF_EDITION = {edition: ruleset for ruleset, edition in EDITION.items()}
#: The net modifiers Explore and the rule-set comparison take.
MODIFIER_RANGE = (-10, 10)


def grid_axes(ruleset: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The skills (rows) and net modifiers (columns) worth showing for a rule set."""
    check_choice("rule set", ruleset, RULESETS)
    if ruleset == "fantasy":
        return tuple(range(1, 11)), tuple(range(-6, 4))
    return tuple(range(2, 7)), tuple(range(-3, 4))


def grid_column(ruleset: str, skill: int, modifier: int) -> int | None:
    """The heatmap's column that shows ``skill`` with ``modifier``: its own, or, past the chart's
    edge, the edge column when its cell gives the same answer for that skill (9th edition's cap; a
    fantasy roll already impossible); None when no cell does.

    >>> grid_column("ninth", 3, -5), grid_column("fantasy", 3, -7), grid_column("fantasy", 10, -7)
    (-3, -6, None)
    """
    _, mods = grid_axes(ruleset)
    if modifier in mods:
        return modifier
    edge = mods[0] if modifier < mods[0] else mods[-1]
    same = (roll_text(ruleset, skill, modifier), chance(ruleset, skill, modifier)) == (
        roll_text(ruleset, skill, edge), chance(ruleset, skill, edge))
    return edge if same else None


def chance(ruleset: str, skill: int, modifier: int) -> Fraction:
    """One cell: BS for fantasy, the X of X+ for 9th and 8th edition."""
    if check_choice("rule set", ruleset, RULESETS) == "fantasy":
        return fantasy.hit_chance(skill, modifier)
    return ninth.hit_chance(skill, modifier, edition=EDITION[ruleset])


def roll_text(ruleset: str, skill: int, modifier: int) -> str:
    """What the cell's shooter rolls, in words (``"a 6, then 4+"``, ``"5+"``, ``"impossible"``)."""
    if check_choice("rule set", ruleset, RULESETS) == "fantasy":
        return fantasy.roll_text(fantasy.required_score(skill, modifier))
    edition = EDITION[ruleset]
    return ninth.faces_text(ninth.hitting_faces(skill, ninth.net_modifier(modifier, edition), edition=edition))


def grid(ruleset: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[Fraction, ...], ...]]:
    """Skills, modifiers, and the chance for every skill (row) x net modifier (column)."""
    skills, mods = grid_axes(ruleset)
    return skills, mods, tuple(tuple(chance(ruleset, s, m) for m in mods) for s in skills)


def wound_axis(ruleset: str) -> tuple[int, ...]:
    """The Strengths (and Toughnesses) a rule set takes: 1..10 for fantasy, 1..20 for 9th and 8th."""
    low, high = (fantasy if check_choice("rule set", ruleset, RULESETS) == "fantasy" else ninth).STRENGTH_RANGE
    return tuple(range(low, high + 1))


def wound_cell(ruleset: str, strength: int, toughness: int, modifier: int = 0) -> tuple[str, Fraction]:
    """The wound roll in words (``"5+"``, ``"too tough"``, ``"impossible"``) and the chance one hit wounds.

    >>> wound_cell("fantasy", 3, 9), wound_cell("ninth", 4, 4, -2), wound_cell("eighth", 3, 6, -1)
    (('too tough', Fraction(0, 1)), ('5+', Fraction(1, 3)), ('impossible', Fraction(0, 1)))
    """
    if check_choice("rule set", ruleset, RULESETS) == "fantasy":
        score = fantasy.wound_score(strength, toughness)
        chance_ = fantasy.wound_chance(strength, toughness, modifier)
        return ("too tough" if score is None else ninth.faces_text(fantasy.wound_faces(score, modifier))), chance_
    edition = EDITION[ruleset]
    chance_ = ninth.wound_chance(strength, toughness, modifier, edition=edition)
    faces = ninth.hitting_faces(ninth.wound_score(strength, toughness), ninth.net_modifier(modifier, edition),
                                edition=edition)
    return ninth.faces_text(faces), chance_


@dataclass(frozen=True)
class DiffCell:
    """One base score and modifier under the three rule sets, and why they disagree."""

    base: int
    modifier: int
    fantasy: Fraction
    eighth: Fraction
    ninth: Fraction
    reasons: tuple[str, ...]

    @property
    def agree(self) -> bool:
        return self.fantasy == self.eighth == self.ninth


def diff_cell(base: int, modifier: int) -> DiffCell:
    """Compare a base score X+ (fantasy BS 7 - X) and a modifier across the rule sets."""
    check_int("The base score", base, 2, 6)
    check_int("The modifier", modifier, *MODIFIER_RANGE)
    f = fantasy.hit_chance(7 - base, modifier)
    e8 = ninth.hit_chance(base, modifier, edition=8)
    e9 = ninth.hit_chance(base, modifier, edition=9)
    reasons = []
    net9 = ninth.net_modifier(modifier, 9)
    if net9 != modifier:
        faces = ninth.hitting_faces(base, net9, edition=9)
        reasons.append(f"9th caps {modifier:+d} at {net9:+d}, so it needs {faces[0]}+ on the die.")
    needed = fantasy.required_score(7 - base, modifier)
    if needed >= fantasy.SECOND_DIE_FROM:
        chart = "the 7+ chart" if needed < fantasy.IMPOSSIBLE_FROM else "10 or more"
        reasons.append(f"Fantasy needs {needed}: {fantasy.roll_text(needed)} ({chart}).")
        reasons.append("8th edition has no automatic hit on a 6: no roll reaches it.")
        if net9 == modifier:
            reasons.append("9th edition: an unmodified 6 always hits.")
    return DiffCell(base, modifier, f, e8, e9, tuple(reasons) if len({f, e8, e9}) > 1 else ())


@dataclass(frozen=True)
class Helper:
    """The chance with each kind of help, for one skill and modifier; ``best`` names the winner."""

    skill: int
    plain: Fraction
    plus_one: Fraction
    reroll_ones: Fraction
    reroll_failed: Fraction

    @property
    def best(self) -> str:
        options = {"+1 to hit": self.plus_one, "re-roll 1s": self.reroll_ones,
                   "re-roll failed hits": self.reroll_failed}
        top = max(options.values())
        return " = ".join(name for name, value in options.items() if value == top)


def which_helps(skill: int, modifier: int = 0, edition: int = 9) -> Helper:
    """+1 to hit against re-rolling 1s and re-rolling every failed hit, for one X+."""
    return Helper(
        skill,
        ninth.hit_chance(skill, modifier, edition=edition),
        ninth.hit_chance(skill, modifier + 1, edition=edition),
        ninth.hit_chance(skill, modifier, "ones", edition=edition),
        ninth.hit_chance(skill, modifier, "failed", edition=edition),
    )


def shots_needed(p: Fraction, hits: int, confidence: Fraction, most: int = dice.MAX_ATTACKS) -> int | None:
    """The fewest shots with at least ``hits`` hits with chance ``confidence`` or more.

    None when even ``most`` shots do not reach it (or each shot cannot hit).

    >>> shots_needed(Fraction(1, 2), 1, Fraction(3, 4))
    2
    """
    check_int("Hits wanted", hits, 1, most)
    if isinstance(confidence, bool) or not isinstance(confidence, (int, Fraction)) or not 0 < confidence < 1:
        raise ValueError("The chance wanted must be above 0% and below 100%.")
    check_int("The most shots", most, 1, dice.MAX_ATTACKS)
    chance = dice._as_chance(p)
    a, b = chance.numerator, chance.denominator
    confidence = Fraction(confidence)

    def enough(n: int) -> bool:
        # P(at least `hits` of n) = 1 - P(fewer): only the `hits` terms below it, exactly, over
        # b^n, instead of the whole distribution of n + 1 terms (up to 1,000 big numbers).
        fewer = sum(comb(n, k) * a**k * (b - a) ** (n - k) for k in range(hits))
        return (b**n - fewer) * confidence.denominator >= confidence.numerator * b**n

    if a == 0 or not enough(most):
        return None
    low, high = hits, most  # fewer shots than hits can never do it; P(at least) grows with n
    while low < high:
        mid = (low + high) // 2
        if enough(mid):
            high = mid
        else:
            low = mid + 1
    return low


def shots_for(ruleset: str, skill: int, modifier: int, hits: int, percent: int) -> tuple[Fraction, int | None]:
    """The chance per shot of ``skill`` with ``modifier``, and the fewest shots for at least
    ``hits`` hits with ``percent`` % chance (:func:`shots_needed`).

    >>> shots_for("fantasy", 6, 0, 3, 80)
    (Fraction(5, 6), 4)
    """
    p = chance(ruleset, skill, modifier)
    return p, shots_needed(p, hits, Fraction(check_int("The chance wanted (%)", percent, 1, 99), 100))


#: The fantasy conditions a modifier stack may hold, with their short names.
FANTASY_STACK_TOKENS = {
    "moved": "moved", "close": 'within 4"', "stand": "Stand & Shoot", "lone": "lone model",
    "soft": "soft cover", "hard": "hard cover", "multiple_shots": "Multiple Shots",
    "quick_to_fire": "Quick to Fire", "sniper": "Sniper", "volley_fire": "Volley Fire",
}


def stack_result(bs: int, tokens: tuple[str, ...]) -> fantasy.ShotResult:
    """A named fantasy stack (e.g. moved + soft) resolved for one BS."""
    if isinstance(tokens, str) or not isinstance(tokens, (tuple, list)):
        raise ValueError("A stack is a list of modifier names, e.g. ['moved', 'soft'].")
    for t in tokens:
        check_choice("modifier in a stack", t, tuple(FANTASY_STACK_TOKENS))
    cover = "hard" if "hard" in tokens else "soft" if "soft" in tokens else "none"
    shot = fantasy.Shot(
        bs, moved="moved" in tokens, within_4_inches="close" in tokens, stand_and_shoot="stand" in tokens,
        target_is_lone_model="lone" in tokens, cover=cover,
        special_rules=tuple(t for t in tokens if t in fantasy.SPECIAL_RULES),
    )
    return fantasy.resolve(shot)


def stack_steps(bs: int, tokens: tuple[str, ...]) -> tuple[Step, ...]:
    """The steps of a stack that move the score needed: the base, then each applied modifier."""
    return tuple(s for s in stack_result(bs, tokens).steps if s.kind in ("base", "modifier"))


MAX_STACKS = 6
MAX_STACK_SIZE = 8


def parse_stacks(text: str) -> tuple[tuple[str, ...], ...]:
    """Modifier stacks: ``"moved+soft;moved+hard+stand"`` to a tuple of tuples of names.

    >>> parse_stacks("moved+soft; hard")
    (('moved', 'soft'), ('hard',))
    """
    if not isinstance(text, str):
        raise ValueError(f"write the stacks as text, e.g. moved+soft;hard (got {type(text).__name__}).")
    stacks = []
    for part in text.split(";"):
        tokens = [t.strip().lower() for t in part.split("+") if t.strip()]
        if not tokens:
            continue
        for t in tokens:
            check_choice("modifier in a stack", t, tuple(FANTASY_STACK_TOKENS))
        stack = tuple(dict.fromkeys(tokens))
        if len(stack) > MAX_STACK_SIZE:
            raise ValueError(f"at most {MAX_STACK_SIZE} modifiers in a stack.")
        stacks.append(stack)
    if len(stacks) > MAX_STACKS:
        raise ValueError(f"at most {MAX_STACKS} stacks.")
    return tuple(stacks)


# ----- two weapons against one target -----

#: One weapon as fired: for 9th/8th edition the Attack (skill, edition), its number of attacks and the
#: Weapon; for fantasy the Shot (BS and the rest), its number of shots and the fantasy Weapon.
Shooter = tuple[ninth.Attack, str, ninth.Weapon] | tuple[fantasy.Shot, str, fantasy.Weapon]


def weapon_name(shooter: Shooter) -> str:
    """A weapon as players write it: ``10 attacks at 3+, S4 AP-1 Damage 1``, ``10 shots at BS 3, S3 AP0``.

    >>> weapon_name((fantasy.Shot(4), "5", fantasy.Weapon(4, -1, "D3")))
    '5 shots at BS 4, S4 AP-1 Multiple Wounds D3'
    """
    first, count, weapon = shooter
    if isinstance(first, fantasy.Shot):
        wounds = "" if weapon.multiple_wounds.maximum == 1 else f" Multiple Wounds {weapon.multiple_wounds}"
        return f"{count_text(count, 'shot')} at BS {first.ballistic_skill}, S{weapon.strength} AP{weapon.ap}{wounds}"
    return f"{count_text(count, 'attack')} at {first.skill}+, S{weapon.strength} AP{weapon.ap} Damage {weapon.damage}"


@dataclass(frozen=True)
class WeaponDuel:
    """Two weapons against the same target: the models each removes, and its stage chances.

    ``stages`` holds, per weapon, the chance to hit per attack, to wound per hit and to go
    unsaved per wound.
    """

    names: tuple[str, str]
    removed: tuple[dice.Distribution, dice.Distribution]
    stages: tuple[tuple[Fraction, Fraction, Fraction], tuple[Fraction, Fraction, Fraction]]

    @property
    def means(self) -> tuple[Fraction, Fraction]:
        return self.removed[0].mean, self.removed[1].mean

    @property
    def better(self) -> int | None:
        """0 or 1: the weapon that removes more models on average; None when they are equal."""
        a, b = self.means
        return None if a == b else int(b > a)


def weapon_outcome(shooter: Shooter, target: ninth.Target | fantasy.Target):
    """One weapon fired at ``target``: the whole attack (a ``ChainResult``), 9th or 8th edition (the
    Attack says which) against a ``ninth.Target``, or fantasy against a ``fantasy.Target``."""
    fire, kind = ((fantasy.shoot, fantasy.Shot) if isinstance(target, fantasy.Target) else
                  (ninth.attack_outcome, ninth.Attack))
    if not isinstance(shooter, tuple) or len(shooter) != 3 or not isinstance(shooter[0], kind):
        raise ValueError(f"Each weapon is a tuple ({kind.__name__}, attacks, Weapon) of the target's rule set.")
    return fire(*shooter, target)


def unit_outcome(shooter: Shooter, rows: tuple, target: ninth.Target | fantasy.Target):
    """One weapon and the weapons added to it (rows of :mod:`hitrules.situations.profiles`) fired as one unit at
    ``target``: a ``UnitResult``, or the weapon alone (:func:`weapon_outcome`) when none is added."""
    if not rows:
        return weapon_outcome(shooter, target)
    ruleset = "fantasy" if isinstance(target, fantasy.Target) else "ninth"
    name = weapon_name(shooter)
    if len(name) > MAX_NAME:
        name = "weapon 1"  # as a calculator names its first profile
    group = (fantasy.Group if ruleset == "fantasy" else ninth.Group)(*shooter, name)
    unit, problems = profiles.page_unit(ruleset, (group,), rows, (), target)
    if problems:
        raise ValueError("; ".join(problems))
    return profiles.unit_answer(unit)


def duel_of(shooters: tuple[Shooter, Shooter], outcomes) -> WeaponDuel:
    """Two weapons' outcomes (:func:`weapon_outcome`, or :func:`unit_outcome` for a whole unit) side by
    side; a unit's stage chances are its first weapon's."""
    names = tuple(weapon_name(s) + (f" and {count_text(len(r.groups) - 1, 'more weapon')}" if hasattr(r, "groups")
                                    else "") for s, r in zip(shooters, outcomes, strict=True))
    firsts = [r.groups[0] if hasattr(r, "groups") else r for r in outcomes]
    return WeaponDuel(names, tuple(r.models_removed for r in outcomes),
                      tuple((r.hit_chance, r.wound_chance, r.unsaved_chance) for r in firsts))


def weapon_duel(first: Shooter, second: Shooter, target: ninth.Target | fantasy.Target) -> WeaponDuel:
    """Fire each weapon at ``target`` on its own (:func:`weapon_outcome`) and set the results side by side.

    >>> duel = weapon_duel((ninth.Attack(3), "10", ninth.Weapon(4)), (ninth.Attack(3), "5", ninth.Weapon(8, -3, "2")),
    ...                    ninth.Target(4, save=3, wounds=2, models=5))
    >>> duel.names[1], duel.means[1], duel.better
    ('5 attacks at 3+, S8 AP-3 Damage 2', Fraction(125, 54), 1)
    """
    return duel_of((first, second), [weapon_outcome(shooter, target) for shooter in (first, second)])
