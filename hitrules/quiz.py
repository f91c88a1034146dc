"""Quiz questions for both rule sets, made from a seed so a shared link gives the same quiz.

>>> q = question(seed=7, number=1)
>>> q.number, q.ruleset in ("fantasy", "ninth"), q.correct_roll in q.roll_choices
(1, True, True)
>>> question(seed=7, number=1) == q
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from hitrules import fantasy, ninth
from hitrules._steps import Step, check_int

__all__ = ["Question", "describe_attack", "describe_shot", "question"]

MAX_SEED = 999_999
MAX_QUESTION = 1000
#: Every roll a question's answer can be, in the engine's own words.
ROLL_CHOICES = {
    "fantasy": tuple(dict.fromkeys(fantasy.roll_text(score) for score in range(2, fantasy.IMPOSSIBLE_FROM + 1))),
    "ninth": (*(ninth.faces_text(tuple(range(x, 7))) for x in range(2, 7)), ninth.faces_text(())),
}


@dataclass(frozen=True)
class Question:
    number: int
    ruleset: str
    situation: str
    correct_roll: str
    roll_choices: tuple[str, ...]
    correct_chance: Fraction
    chance_choices: tuple[Fraction, ...]
    steps: tuple[Step, ...]

    def check(self, roll: str | None, chance: Fraction | None) -> tuple[bool, bool]:
        """Whether the roll and the chance picked are right."""
        return roll == self.correct_roll, chance == self.correct_chance


def describe_shot(shot: fantasy.Shot) -> str:
    """A fantasy situation in a player's words."""
    parts = [f"A BS {shot.ballistic_skill} unit shoots"]
    if shot.moved:
        parts.append("after moving this turn")
    if shot.stand_and_shoot:
        parts.append("as a Stand & Shoot reaction")
    target = "at a lone model (Unit Strength 1)" if shot.target_is_lone_model else "at an enemy unit"
    if shot.within_4_inches:
        target += ' within 4"'
    parts.append(target)
    if shot.cover != "none":
        parts.append(f"mostly hidden by {fantasy.COVER_NAMES[shot.cover]}")
    if shot.special_rules:
        names = ", ".join(fantasy.SPECIAL_RULE_NAMES[r] for r in shot.special_rules)
        parts.append(f"with {names}")
    return " ".join(parts) + "."


def describe_attack(attack: ninth.Attack) -> str:
    """A 9th-edition situation in a player's words."""
    kind = "melee" if attack.melee else "ranged"
    text = f"A {kind} attack hitting on {attack.skill}+ ({attack.edition}th edition)"
    if attack.modifiers:
        text += " with hit modifiers " + ", ".join(f"{m:+d}" for m in attack.modifiers)
    if attack.reroll != "none":
        text += f", and it may {ninth.REROLL_NAMES[attack.reroll]}"
    return text + "."


def _fantasy(rng: random.Random):
    shot = fantasy.Shot(
        rng.randint(2, 5), moved=rng.random() < 0.5, within_4_inches=rng.random() < 0.3,
        stand_and_shoot=rng.random() < 0.25, target_is_lone_model=rng.random() < 0.2,
        cover=rng.choice(("none", "none", "soft", "hard")),
        special_rules=tuple(r for r in fantasy.SPECIAL_RULES if rng.random() < 0.12),
    )
    return describe_shot(shot), fantasy.resolve(shot)


def _ninth(rng: random.Random):
    attack = ninth.Attack(
        rng.randint(2, 6), tuple(rng.choice((-1, -1, +1)) for _ in range(rng.choice((0, 1, 1, 2, 3)))),
        melee=rng.random() < 0.3, reroll=rng.choice(("none", "none", "ones", "failed")),
    )
    return describe_attack(attack), ninth.resolve(attack)


def question(seed: int, number: int) -> Question:
    """Question ``number`` (1, 2, …) of the quiz made from ``seed``: always the same question."""
    check_int("The quiz seed", seed, 0, MAX_SEED)
    check_int("The question number", number, 1, MAX_QUESTION)
    rng = random.Random(f"hitrules-quiz:{seed}:{number}")
    ruleset = rng.choice(("fantasy", "ninth"))
    situation, result = (_fantasy if ruleset == "fantasy" else _ninth)(rng)
    rolls = ROLL_CHOICES[ruleset]
    # The die roll itself; a 9th-edition roll in words also names the re-roll.
    correct_roll = result.roll if ruleset == "fantasy" else ninth.faces_text(result.faces)
    # Wrong chances that a learner would plausibly pick: neighbouring rolls, and forgetting
    # a re-roll or the cap.
    candidates = {Fraction(n, 6) for n in range(1, 6)} | {Fraction(1, 12), Fraction(1, 18), Fraction(1, 36)}
    if ruleset == "ninth":
        candidates |= {ninth.hit_chance(result.attack.skill, result.modifier, edition=8),
                       ninth.hit_chance(result.attack.skill, result.modifier)}
    wrong = sorted(candidates - {result.probability}, key=lambda f: (abs(f - result.probability), f))[:3]
    chances = sorted([result.probability, *wrong])
    return Question(number, ruleset, situation, correct_roll, rolls, result.probability, tuple(chances),
                    result.steps)
