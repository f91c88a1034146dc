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
from hitrules._steps import Step, check_choice, check_int

__all__ = [
    "FANTASY_STACK_TOKENS",
    "RULESETS",
    "DiffCell",
    "Helper",
    "chance",
    "diff_cell",
    "grid",
    "grid_axes",
    "roll_text",
    "shots_needed",
    "stack_result",
    "stack_steps",
    "which_helps",
]

RULESETS = ("fantasy", "ninth", "eighth")
RULESET_NAMES = {"fantasy": "Fantasy (BS 1-10)", "ninth": "9th edition (X+)", "eighth": "8th edition (X+)"}
_EDITION = {"ninth": 9, "eighth": 8}
#: The net modifiers Explore and the rule-set comparison take.
MODIFIER_RANGE = (-10, 10)


def grid_axes(ruleset: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The skills (rows) and net modifiers (columns) worth showing for a rule set."""
    check_choice("rule set", ruleset, RULESETS)
    if ruleset == "fantasy":
        return tuple(range(1, 11)), tuple(range(-6, 4))
    return tuple(range(2, 7)), tuple(range(-3, 4))


def chance(ruleset: str, skill: int, modifier: int) -> Fraction:
    """One cell: BS for fantasy, the X of X+ for 9th and 8th edition."""
    if check_choice("rule set", ruleset, RULESETS) == "fantasy":
        return fantasy.hit_chance(skill, modifier)
    return ninth.hit_chance(skill, modifier, edition=_EDITION[ruleset])


def roll_text(ruleset: str, skill: int, modifier: int) -> str:
    """What the cell's shooter rolls, in words (``"a 6, then 4+"``, ``"5+"``, ``"impossible"``)."""
    if check_choice("rule set", ruleset, RULESETS) == "fantasy":
        return fantasy.roll_text(fantasy.required_score(skill, modifier))
    edition = _EDITION[ruleset]
    return ninth.faces_text(ninth.hitting_faces(skill, ninth.net_modifier(modifier, edition), edition=edition))


def grid(ruleset: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[Fraction, ...], ...]]:
    """Skills, modifiers, and the chance for every skill (row) x net modifier (column)."""
    skills, mods = grid_axes(ruleset)
    return skills, mods, tuple(tuple(chance(ruleset, s, m) for m in mods) for s in skills)


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
