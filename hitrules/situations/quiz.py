"""Quiz questions for both rule sets, made from a seed so a shared link gives the same quiz.

>>> q = question(seed=7, number=1)
>>> q.number, q.ruleset in ("fantasy", "ninth"), q.correct_roll in q.roll_choices
(1, True, True)
>>> question(seed=7, number=1) == q
True
>>> w = question(seed=7, number=1, topic="wound")
>>> w.topic, w.correct_roll in w.roll_choices, w.correct_chance in w.chance_choices
('wound', True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from hitrules import fantasy, ninth
from hitrules.fantasy import charging as charge
from hitrules.fantasy.melee import melee_hit, melee_hit_chance
from hitrules.fantasy.result import break_test
from hitrules.situations import compare
from hitrules.steps import Step, check_choice, check_int
from hitrules.words import chance_text

__all__ = ["TOPICS", "Question", "question"]

MAX_SEED = 999_999
MAX_QUESTION = 1000
#: Every roll a question's answer can be, in the engine's own words.
ROLL_CHOICES = {
    "fantasy": tuple(dict.fromkeys(fantasy.roll_text(score) for score in range(2, fantasy.IMPOSSIBLE_FROM + 1))),
    "ninth": (*(ninth.faces_text(tuple(range(x, 7))) for x in range(2, 7)), ninth.faces_text(())),
}
#: What a quiz asks about: the hit roll (as quizzes always did), the wound roll, the save, a mix of
#: those three, fantasy close combat: the Weapon Skill chart and the Break test, and the charge: does it
#: reach, and is a fleeing unit caught?
TOPICS = ("hit", "wound", "save", "all", "melee", "break", "charge")
TOPIC_NAMES = {"hit": "Hit rolls", "wound": "Wound rolls", "save": "Saves", "all": "All of them",
               "melee": "WS chart", "break": "Break tests", "charge": "Charges"}
#: The topics "all" mixes (as it always has, so an older quiz link keeps its questions).
_MIXED = ("hit", "wound", "save")
_SCORES = tuple(f"{x}+" for x in range(2, 7))
#: Every wound roll an answer can be, in the words of the Explore wound chart (compare.wound_cell).
WOUND_ROLL_CHOICES = {"fantasy": (*_SCORES, "too tough"), "ninth": ROLL_CHOICES["ninth"]}
SAVE_ROLL_CHOICES = (*_SCORES, "no save")
WOUND_REROLL_NAMES = {"ones": "re-roll wound rolls of 1", "failed": "re-roll failed wound rolls"}


@dataclass(frozen=True)
class Question:
    """One question: the situation, the roll and the chance it asks for with the choices offered, and
    the engine's working. ``ruleset`` is ``"fantasy"``, ``"ninth"`` or ``"eighth"``."""

    number: int
    ruleset: str
    situation: str
    correct_roll: str
    roll_choices: tuple[str, ...]
    correct_chance: Fraction
    chance_choices: tuple[Fraction, ...]
    steps: tuple[Step, ...]
    topic: str = "hit"
    roll_prompt: str = "What does it need on the dice?"
    chance_prompt: str = "And the chance to hit with each?"

    def check(self, roll: str | None, chance: Fraction | None) -> tuple[bool, bool]:
        """Whether the roll and the chance picked are right."""
        return roll == self.correct_roll, chance == self.correct_chance


def _describe_shot(shot: fantasy.Shot) -> str:
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


def _describe_attack(attack: ninth.Attack) -> str:
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
    return _describe_shot(shot), fantasy.resolve(shot)


def _ninth(rng: random.Random):
    attack = ninth.Attack(
        rng.randint(2, 6), tuple(rng.choice((-1, -1, +1)) for _ in range(rng.choice((0, 1, 1, 2, 3)))),
        melee=rng.random() < 0.3, reroll=rng.choice(("none", "none", "ones", "failed")),
    )
    return _describe_attack(attack), ninth.resolve(attack)


def question(seed: int, number: int, topic: str = "hit") -> Question:
    """Question ``number`` (1, 2, …) of the quiz made from ``seed`` on ``topic``: always the same question.

    A hit quiz draws its questions as it always has, so an older quiz link still gives its questions.
    """
    check_int("The quiz seed", seed, 0, MAX_SEED)
    check_int("The question number", number, 1, MAX_QUESTION)
    check_choice("quiz topic", topic, TOPICS)
    if topic == "hit":
        return _hit_question(random.Random(f"hitrules-quiz:{seed}:{number}"), number)
    rng = random.Random(f"hitrules-quiz:{topic}:{seed}:{number}")
    kind = rng.choice(_MIXED) if topic == "all" else topic
    return {"hit": _hit_question, "wound": _wound_question, "save": _save_question, "melee": _melee_question,
            "break": _break_question, "charge": _charge_question}[kind](rng, number)


def _choices(correct: Fraction, candidates: set[Fraction]) -> tuple[Fraction, ...]:
    """The right chance and the three wrong ones nearest to it, smallest first."""
    wrong = sorted(candidates - {correct}, key=lambda f: (abs(f - correct), f))[:3]
    return tuple(sorted([correct, *wrong]))


def _hit_question(rng: random.Random, number: int) -> Question:
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
    return Question(number, ruleset, situation, correct_roll, rolls, result.probability,
                    _choices(result.probability, candidates), result.steps)


#: Wrong chances for wound and save questions: every number of faces of a D6.
_SIXTHS = {Fraction(n, 6) for n in range(7)}


def _wound_question(rng: random.Random, number: int) -> Question:
    """Strength against Toughness: the roll to wound, and the chance one hit wounds (from the engine)."""
    if rng.random() < 0.5:
        strength, toughness = rng.randint(2, 8), rng.randint(2, 10)
        roll, chance = compare.wound_cell("fantasy", strength, toughness)
        situation = f"A Strength {strength} hit against a Toughness {toughness} target."
        result = fantasy.shoot(fantasy.Shot(3), 1, fantasy.Weapon(strength), fantasy.Target(toughness))
        return Question(number, "fantasy", situation, roll, WOUND_ROLL_CHOICES["fantasy"], chance,
                        _choices(chance, _SIXTHS), result.topic("wound"), "wound", "What does it need to wound?",
                        "And the chance that one hit wounds?")
    edition = rng.choice((9, 9, 8))
    strength, toughness = rng.randint(2, 10), rng.randint(2, 10)
    mods = tuple(rng.choice((-1, -1, +1)) for _ in range(rng.choice((0, 0, 1, 2))))
    reroll = rng.choice(("none", "none", "ones", "failed"))
    roll, _ = compare.wound_cell("ninth" if edition == 9 else "eighth", strength, toughness, sum(mods))
    chance = ninth.wound_chance(strength, toughness, sum(mods), reroll, edition)
    situation = f"A Strength {strength} attack hits a Toughness {toughness} target"
    if mods:
        situation += " with wound modifiers " + ", ".join(f"{m:+d}" for m in mods)
    if reroll != "none":
        situation += f", and it may {WOUND_REROLL_NAMES[reroll]}"
    # Wrong answers a learner would plausibly pick: forgetting the re-roll, the cap, or the modifiers.
    candidates = _SIXTHS | {ninth.wound_chance(strength, toughness, m, r, e) for m in (0, sum(mods))
                            for r in ("none", reroll) for e in (8, 9)}
    result = ninth.attack_outcome(ninth.Attack(3, edition=edition), 1,
                                  ninth.Weapon(strength, wound_modifiers=mods, wound_reroll=reroll),
                                  ninth.Target(toughness))
    return Question(number, "ninth" if edition == 9 else "eighth", situation + ".", roll, WOUND_ROLL_CHOICES["ninth"],
                    chance, _choices(chance, candidates), result.topic("wound"), "wound",
                    "What does it need on the dice to wound?", "And the chance that one hit wounds?")


def _ap_text(ap: int) -> str:
    return f"with AP {ap}" if ap else "with no AP"


def _save_question(rng: random.Random, number: int) -> Question:
    """A save against AP (with a ward, or an invulnerable save and cover): the roll, and the chance one wound
    is saved (from the engine)."""
    if rng.random() < 0.5:
        armour, ap, ward = rng.randint(2, 6), rng.choice((0, 0, -1, -1, -2, -3)), rng.choice((None, None, 4, 5, 6))
        faces = fantasy.armour_faces(armour, ap)
        chance = fantasy.save_chance(armour, ap, ward)
        situation = (f"A wound {_ap_text(ap)} against Armour {armour}+"
                     + (f" and a {ward}+ ward save" if ward else "") + ".")
        result = fantasy.shoot(fantasy.Shot(3), 1, fantasy.Weapon(3, ap=ap), fantasy.Target(3, armour, ward))
        candidates = _SIXTHS | {fantasy.save_chance(armour, 0, ward), fantasy.save_chance(armour, ap)}
        ruleset, prompt = "fantasy", "What does the armour save need on the dice?"
    else:
        save, ap = rng.randint(2, 5), rng.choice((0, -1, -1, -2, -3))
        invulnerable, cover = rng.choice((None, None, None, 4, 5, 6)), rng.random() < 0.25
        faces, _ = ninth.save_faces(save, ap, invulnerable, cover)
        chance = ninth.save_chance(save, ap, invulnerable, cover)
        situation = (f"A ranged attack {_ap_text(ap)} wounds a model with a {save}+ save"
                     + (f" and a {invulnerable}+ invulnerable save" if invulnerable else "")
                     + (", in Light cover" if cover else "") + ".")
        result = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(4, ap=ap),
                                      ninth.Target(4, save, invulnerable, cover))
        candidates = _SIXTHS | {ninth.save_chance(save, 0, invulnerable, cover), ninth.save_chance(save, ap)}
        ruleset, prompt = "ninth", "What does the save need on the dice (the better one, if it has two)?"
    unsaved = 1 - chance
    steps = (*result.topic("save"), Step("chance", f"So a wound is saved with 1 - {unsaved} = "
                                                   f"{chance_text(chance)}.", topic="save"))
    roll = f"{faces[0]}+" if faces else "no save"
    return Question(number, ruleset, situation, roll, SAVE_ROLL_CHOICES, chance, _choices(chance, candidates),
                    steps, "save", prompt, "And the chance that one wound is saved?")


# ----- fantasy close combat: the Weapon Skill chart and the Break test (RULES.md §7) -----

MELEE_ROLL_CHOICES = _SCORES
MELEE_REROLL_WORDS = {"ones": "may re-roll natural 1s to hit", "failed": "may re-roll every miss (Hatred)"}
BREAK_CHOICES = ("Breaks", "Falls Back in Good Order", "Gives Ground")


def _melee_question(rng: random.Random, number: int) -> Question:
    """WS against WS, maybe a modifier and a re-roll: the score needed and the chance to hit (from the engine)."""
    ws, target_ws = rng.randint(1, 10), rng.randint(1, 10)
    modifier = rng.choice((0, 0, 0, -1, -1, +1))
    reroll = rng.choice(("none", "none", "none", "ones", "failed"))
    hit = melee_hit(ws, target_ws, modifier, reroll)
    situation = f"A WS {ws} model attacks a WS {target_ws} unit in combat"
    if modifier:
        situation += f" with a to-hit modifier of {modifier:+d}"
    if reroll != "none":
        situation += f", and it {MELEE_REROLL_WORDS[reroll]}"
    # Wrong chances a learner would pick: the neighbouring scores, forgetting the re-roll or the modifier.
    candidates = _SIXTHS - {0, 1} | {melee_hit_chance(ws, target_ws, m, r) for m in (0, modifier)
                                     for r in ("none", reroll)}
    return Question(number, "fantasy", situation + ".", f"{hit.score}+", MELEE_ROLL_CHOICES, hit.probability,
                    _choices(hit.probability, candidates), hit.steps, "melee",
                    "What does it need on the dice to hit?", "And the chance that one attack hits?")


def _break_question(rng: random.Random, number: int) -> Question:
    """A unit lost a combat: its likeliest Break test result, and the chance it Breaks (from the engine).
    Drawn again until one result is the likeliest, so the question has one right answer."""
    while True:
        leadership, lost_by = rng.randint(5, 10), rng.randint(1, 6)
        outnumbered = rng.random() < 0.25
        test = break_test(leadership, lost_by, outnumbered)
        chances = dict(zip(BREAK_CHOICES, (test.breaks, test.falls_back, test.gives_ground), strict=True))
        likeliest = max(chances.values())
        if list(chances.values()).count(likeliest) == 1:
            break
    situation = f"A Leadership {leadership} unit loses a combat by {lost_by}"
    if outnumbered:
        situation += ", and the winner's Unit Strength is more than twice its own"
    steps = (Step("note", f"Roll 2D6 and add the {lost_by} the unit lost by. A natural roll above its Leadership "
                          f"{leadership} Breaks; within its Leadership but over it with the {lost_by} added, it "
                          "Falls Back in Good Order" + (", or Breaks when outnumbered more than two to one"
                                                        if outnumbered else "")
                          + "; otherwise, or on a double 1, it Gives Ground.", topic="break"),
             *(Step("chance", f"{name}: {chance_text(p)} (of the 36 rolls of 2D6).", topic="break")
               for name, p in chances.items()))
    # Wrong chances a learner would pick: forgetting the outnumbering, or the difference added.
    candidates = {Fraction(n, 36) for n in range(0, 37, 3)} | {break_test(leadership, lost_by).breaks,
                                                               break_test(leadership, 1).breaks}
    return Question(number, "fantasy", situation + ".", next(n for n, p in chances.items() if p == likeliest),
                    BREAK_CHOICES, test.breaks, _choices(test.breaks, candidates), steps, "break",
                    "What is its likeliest result?", "And the chance that it Breaks?")


# ----- the charge: does the Charge roll reach, and is a fleeing unit caught? (RULES.md §8) -----

#: The kept die a charge needs, in a player's words.
REACH_CHOICES = ("any die", "2+", "3+", "4+", "5+", "6")
CAUGHT_CHOICES = ("the pursuit at least the flight", "the pursuit more than the flight",
                  "the pursuit at least twice the flight")


def _charge_question(rng: random.Random, number: int) -> Question:
    """Half the time the Charge roll (what the kept die must show, and the chance to reach); half the time a
    flight against a pursuit (when the unit is caught, and the chance): both from the engine."""
    if rng.random() < 0.5:
        movement = rng.randint(3, 8)
        distance = movement + rng.randint(2, 6)  # a kept die of 2+ to 6: a 1 would always reach
        roll = charge.charge_roll(charge.Mover(movement), distance)
        need = distance - movement
        situation = f"A unit of Movement {movement} declares a charge against an enemy {distance}\" away."
        # Wrong chances a learner would pick: one die instead of the higher of two, "more than" instead of "at least".
        candidates = {Fraction(7 - need, 6), charge.charge_range(charge.Mover(movement)).at_least(distance + 1),
                      *(Fraction(k * k, 36) for k in range(7)), 1 - Fraction((need - 1) ** 2, 36)}
        return Question(number, "fantasy", situation, REACH_CHOICES[need - 1],
                        REACH_CHOICES, roll.reached, _choices(roll.reached, candidates), roll.steps, "charge",
                        "What must the higher of the two dice show?", "And the chance that the charge reaches?")
    fleer = charge.Mover(4, swiftstride=rng.random() < 0.25, resolute=rng.random() < 0.25)
    pursuer = charge.Mover(4, swiftstride=rng.random() < 0.4)
    good_order = rng.random() < 0.3
    chase = charge.pursuit(pursuer, fleer, good_order)
    flight = ("Falls Back in Good Order" if good_order else "Breaks") + " and flees"
    extra = [words for words, on in ((" with Swiftstride", fleer.swiftstride), (" (Resolute)", fleer.resolute)) if on]
    swift = " with Swiftstride" if pursuer.swiftstride else ""
    situation = f"A beaten unit{''.join(extra)} {flight}; the winner{swift} pursues it."
    # Wrong chances a learner would pick: "more than", forgetting Swiftstride, or how a Fall Back flees.
    candidates = {charge.pursuit(p, f, g).caught for p in (pursuer, charge.Mover(4)) for f in (fleer, charge.Mover(4))
                  for g in (False, True)}
    candidates |= {chase.caught - sum(p * q for f, p in charge.flee_distance(fleer, good_order).items()
                                      for k, q in charge.pursuit_distance(pursuer).items() if k == f),
                   charge.pursuit(pursuer, fleer, good_order, 1).caught, Fraction(1, 2)}
    return Question(number, "fantasy", situation, CAUGHT_CHOICES[0], CAUGHT_CHOICES, chase.caught,
                    _choices(chase.caught, candidates), chase.steps, "charge", "When is it caught?",
                    "And the chance that it is caught?")
