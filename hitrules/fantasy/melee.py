"""Fantasy close combat: the melee hit roll, an attacking profile (Fighters), and what one of its
attacks does to a unit (a Blow: wound, Killing Blow, save). docs/rules.md § Fantasy close combat.

>>> melee_score(4, 3), melee_score(4, 9), melee_hit_chance(4, 3, modifier=-1)
(3, 5, Fraction(1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from hitrules.damage import (
    roll_chance,
)
from hitrules.dice import REROLLS, AttackDice, d6_faces, parse_attacks, reroll_ways
from hitrules.fantasy.after_hit import (
    POISON_BONUS,
    Target,
    Weapon,
    bane_ap,
    save_chance,
    wound_faces,
    wound_score,
)
from hitrules.fantasy.shooting import MODIFIER_RANGE
from hitrules.fantasy.troops import TROOPS
from hitrules.steps import Step, anchor, check_choice, check_int, reading
from hitrules.unit import MAX_NAME
from hitrules.words import chance_text, faces_of_six

WS_RANGE = (1, 10)
INITIATIVE_RANGE = (1, 10)
#: A side's Initiative (its rank and file's): a thrusting spear's +1 against a charger in its front is held by no
#: rule, so a rank and file of Initiative 10 strikes at 11 (docs/rules.md § Fantasy close combat).
STRIKING_INITIATIVE_RANGE = (1, 11)
#: An other's Unit Strength (a character on a monster may have many Wounds).
UNIT_STRENGTH_RANGE = (0, 20)
#: The sections of docs/rules.md the Why cites: each step names one in words and carries its anchor.
SECTIONS = {
    "combat": "Fantasy close combat",
    "who first": "Fantasy combat: who strikes first",
    "killing": "Fantasy combat: Killing Blow and Monster Slayer",
    "result": "Fantasy combat: the combat result",
    "break": "Fantasy combat: the Break test",
}
ON_COMBAT, ON_WHO_FIRST, ON_KILLING, ON_RESULT, ON_BREAK = (reading(s) for s in SECTIONS.values())


def cites(key: str) -> str:
    """The anchor of the docs/rules.md section a step names."""
    return anchor(SECTIONS[key])


# The melee hit roll -----------------------------------------------------------------------


def melee_score(attacker_ws: int, target_ws: int) -> int:
    """The score needed to hit in combat, 2..5, from the Weapon Skill chart.

    >>> [melee_score(4, t) for t in (1, 2, 3, 4, 8, 9)]
    [2, 3, 3, 4, 4, 5]
    """
    a = check_int("The attacker's WS", attacker_ws, *WS_RANGE)
    t = check_int("The target's WS", target_ws, *WS_RANGE)
    if a > 2 * t:
        return 2
    if a > t:
        return 3
    if t <= 2 * a:
        return 4
    return 5


def _held(score: int, modifier: int) -> int:
    """The score after to-hit modifiers, held to 2..6: a natural 1 fails, a natural 6 hits."""
    return min(6, max(2, score - modifier))


def check_hit_inputs(modifier: int, reroll: str, reroll_sixes: bool) -> None:
    check_int("The to-hit modifier", modifier, *MODIFIER_RANGE)
    check_choice("re-roll", reroll, REROLLS)
    if not isinstance(reroll_sixes, bool):
        raise ValueError(f"reroll_sixes must be True or False (got {reroll_sixes!r}).")


def melee_hit_chance(attacker_ws: int, target_ws: int, modifier: int = 0, reroll: str = "none",
                     reroll_sixes: bool = False) -> Fraction:
    """The exact chance that one attack hits in combat.

    ``modifier`` is the sum of to-hit modifiers (negative = harder); ``reroll`` is ``"none"``,
    ``"ones"`` or ``"failed"``; ``reroll_sixes`` is the target's rule that forces natural 6s to
    hit to be re-rolled.

    >>> melee_hit_chance(3, 3, reroll="failed"), melee_hit_chance(3, 3, reroll_sixes=True)
    (Fraction(3, 4), Fraction(5, 12))
    """
    return melee_hit(attacker_ws, target_ws, modifier, reroll, reroll_sixes).probability


@dataclass(frozen=True)
class MeleeHit:
    """The melee hit roll worked out: the chart's score, the score after modifiers (held to
    2..6), the chance to hit, the chance that the die that stands is a hitting natural 6
    (for Poisoned Attacks), and why. ``automatic`` is Impact Hits or Stomps (no roll)."""

    chart_score: int | None
    score: int | None
    probability: Fraction
    natural_six: Fraction
    steps: tuple[Step, ...]
    automatic: bool = False

    @property
    def required(self) -> int | None:
        """The score the die must reach (None: automatic), as a ShotResult names it."""
        return self.score


def melee_hit(attacker_ws: int, target_ws: int, modifier: int = 0, reroll: str = "none",
              reroll_sixes: bool = False) -> MeleeHit:
    """The melee hit roll with its steps: chart, modifiers, natural 1 and 6, re-rolls."""
    chart = melee_score(attacker_ws, target_ws)
    check_hit_inputs(modifier, reroll, reroll_sixes)
    score = _held(chart, modifier)
    faces = d6_faces(score)
    other, six = reroll_ways(faces, reroll, reroll_sixes)
    probability = Fraction(other + six, 36)
    steps = [Step("base", f"WS {attacker_ws} against WS {target_ws}: {chart}+ to hit on the Weapon Skill "
                  f"chart ({ON_COMBAT}).", 0, d6_faces(chart), topic="hit", anchor=cites("combat"))]
    if modifier:
        raw = chart - modifier
        text = f"To-hit modifiers {modifier:+d}: needs {raw}"
        if raw != score:
            text += (f", held to {score}+: a natural 6 always hits." if raw > 6 else
                     f", held to {score}+: a natural 1 always fails.")
        else:
            text += "+."
        steps.append(Step("modifier", text, modifier, d6_faces(score), topic="hit"))
    steps.append(Step("roll", f"Roll {score}+ on a D6, {faces_of_six(len(faces))}; a natural 1 always fails "
                      "and a natural 6 always hits.", 0, d6_faces(score), topic="hit"))
    if reroll != "none":
        what = "failed rolls" if reroll == "failed" else "natural 1s"
        steps.append(Step("reroll", f"Re-roll {what} to hit; the re-roll stands.", 0, d6_faces(score),
                          topic="hit"))
    if reroll_sixes:
        steps.append(Step("reroll", "The target forces natural 6s to hit to be re-rolled: the new die is "
                          "judged as any other and is not re-rolled again.", 0, d6_faces(score),
                          topic="hit"))
    steps.append(Step("chance", f"Chance to hit with each attack: {chance_text(probability)}.", 0,
                      d6_faces(score), topic="hit"))
    return MeleeHit(chart, score, probability, Fraction(six, 36), tuple(steps))


def check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False (got {value!r}).")


@dataclass(frozen=True)
class Fighters:
    """One attacking profile: its Attacks (a number or dice text), WS, weapon, Initiative, to-hit
    modifier and re-roll. ``automatic=True`` is Impact Hits or Stomp Attacks: no hit roll, and
    ``ws`` is ignored. ``name`` (a champion, a character, a mount) is how the Why calls it."""

    #: Parsed dice; a number or text such as ``"D3"`` is parsed once, here.
    attacks: AttackDice | int | str
    ws: int
    weapon: Weapon
    initiative: int
    modifier: int = 0
    reroll: str = "none"
    automatic: bool = False
    name: str = ""
    #: An other's Unit Strength: a champion's is the unit's per model, a character's its own, a mount's 0.
    unit_strength: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "attacks", parse_attacks(self.attacks))
        check_int("WS", self.ws, *WS_RANGE)
        if not isinstance(self.weapon, Weapon):
            raise ValueError("Fighters need a Weapon.")
        check_int("Initiative", self.initiative, *INITIATIVE_RANGE)
        check_hit_inputs(self.modifier, self.reroll, False)
        check_bool("automatic", self.automatic)
        check_int("An other's Unit Strength", self.unit_strength, *UNIT_STRENGTH_RANGE)
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME:
            raise ValueError(f"A profile's name must be text of at most {MAX_NAME} characters.")

_AUTOMATIC_HIT = MeleeHit(None, None, Fraction(1), Fraction(0), (
    Step("note", "Impact Hits and Stomp Attacks hit automatically: no roll to hit, and Poisoned Attacks "
         "never applies.", 0, tuple(range(1, 7)), topic="hit"),), automatic=True)
def _hit_of(fighters: Fighters, target_ws: int, reroll_sixes: bool) -> MeleeHit:
    if fighters.automatic:
        return _AUTOMATIC_HIT
    return melee_hit(fighters.ws, target_ws, fighters.modifier, fighters.reroll, reroll_sixes)


def _killing_rule(weapon: Weapon, troop: str) -> str:
    """The rule that lets a natural 6 to wound remove a model of this troop type outright, or ""."""
    kind = TROOPS[troop]
    if weapon.killing_blow and kind.killing_blow:
        return "Killing Blow"
    if weapon.monster_slayer and kind.monster_slayer:
        return "Monster Slayer"
    return ""


@dataclass(frozen=True)
class Blow:
    """One profile's attacks into one unit, per attack: the hit roll, the chance to wound, to be an
    unsaved Killing Blow (or Monster Slaying Blow), and to be an ordinary unsaved wound; the last
    two also as whole ways out of ``den``."""

    fighters: Fighters
    hit: MeleeHit
    wound: Fraction
    killing: Fraction
    ordinary: Fraction
    rule: str
    den: int
    ways_killing: int
    ways_ordinary: int

    @classmethod
    def of(cls, fighters: Fighters, target: Target, target_ws: int, reroll_sixes: bool) -> Blow:
        hit = _hit_of(fighters, target_ws, reroll_sixes)
        weapon = fighters.weapon
        score = wound_score(weapon.strength, target.toughness)
        plain = wound_faces(score)
        sixes = wound_faces(score, POISON_BONUS) if weapon.poisoned else plain
        rule = _killing_rule(weapon, target.troop)
        warded = roll_chance(target.ward)
        wound = killing = ordinary = Fraction(0)
        for chance, faces in ((hit.probability - hit.natural_six, plain), (hit.natural_six, sixes)):
            for face in faces:
                wound += chance / 6
                if rule and face == 6:
                    killing += chance / 6 * (1 - warded)  # no armour, no Regeneration; the ward as usual
                else:
                    ordinary += chance / 6 * (1 - save_chance(target.armour, bane_ap(weapon, face), target.ward))
        den = lcm(killing.denominator, ordinary.denominator)
        return cls(fighters, hit, wound, killing, ordinary, rule, den, int(killing * den), int(ordinary * den))

    @property
    def multiple_wounds(self) -> AttackDice:
        return self.fighters.weapon.multiple_wounds

