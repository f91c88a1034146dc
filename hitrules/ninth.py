"""The 9th-edition sci-fi hit roll (and the 8th-edition variant), re-rolls and Overwatch.

>>> hit_chance(4, -2)
Fraction(1, 3)
>>> hit_chance(3, 0, reroll="failed")
Fraction(8, 9)
>>> hit_chance(2, 0, reroll="ones", overwatch=True)
Fraction(7, 36)
>>> hit_chance(6, -1, edition=8)
Fraction(0, 1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from hitrules._steps import Step, chance_text, check_choice, check_int, reading

__all__ = [
    "EDITIONS",
    "REROLLS",
    "TRIGGERS",
    "Attack",
    "AttackResult",
    "OverwatchCheck",
    "OverwatchVerdict",
    "faces_text",
    "hit_chance",
    "hitting_faces",
    "net_modifier",
    "overwatch_allowed",
    "parse_modifiers",
    "resolve",
    "roll_once",
]

SKILL_RANGE = (2, 6)
EDITIONS = (9, 8)
REROLLS = ("none", "ones", "failed")
REROLL_NAMES = {"none": "no re-roll", "ones": "re-roll 1s", "failed": "re-roll failed hits"}
TRIGGERS = ("set_up", "normal_move", "advance", "fall_back", "charge", "hatchway")
TRIGGER_NAMES = {
    "set_up": "was set up on the battlefield",
    "normal_move": "ended a Normal Move",
    "advance": "ended an Advance move",
    "fall_back": "ended a Fall Back move",
    "charge": "ended a charge move",
    "hatchway": "opened a Hatchway",
}
#: One modifier of one rule (e.g. -1 for a stratagem); several may be listed.
ONE_MODIFIER_RANGE = (-6, 6)
MAX_MODIFIERS = 20
MODIFIER_RANGE = (-200, 200)


_EIGHTH_READING = reading("8th-edition variant and the Leman Russ")


def _check_edition(edition: object) -> int:
    if type(edition) is not int or edition not in EDITIONS:
        raise ValueError(f"Unknown edition {edition!r}: choose 9 or 8.")
    return edition  # type: ignore[return-value]


def net_modifier(modifier: int, edition: int = 9) -> int:
    """The modifier that applies: 9th edition clamps the sum to -1..+1; 8th leaves it alone.

    >>> net_modifier(-3), net_modifier(-3, edition=8)
    (-1, -3)
    """
    check_int("The modifier", modifier, *MODIFIER_RANGE)
    if _check_edition(edition) == 9:
        return max(-1, min(1, modifier))
    return modifier


def parse_modifiers(text: str) -> tuple[int, ...]:
    """Hit modifiers as text, ``"-1, -1, +1"``, to a tuple of ints (ValueError if unreadable).

    >>> parse_modifiers("-1,-1,+1")
    (-1, -1, 1)
    """
    if not isinstance(text, str):
        raise ValueError(f"write the modifiers as text, e.g. -1,-1,+1 (got {type(text).__name__}).")
    parts = [p.strip() for p in text.replace(" ", "").split(",") if p.strip()]
    if len(parts) > MAX_MODIFIERS:
        raise ValueError(f"at most {MAX_MODIFIERS} modifiers.")
    mods = []
    for part in parts:
        if not re.fullmatch(r"[+-]?\d{1,2}", part):
            raise ValueError("write the modifiers as signed whole numbers, e.g. -1,-1,+1.")
        mods.append(check_int("Each modifier", int(part), *ONE_MODIFIER_RANGE))
    return tuple(mods)


def hitting_faces(skill: int, net: int, *, overwatch: bool = False, edition: int = 9) -> tuple[int, ...]:
    """The natural D6 results that hit, given the skill X of "X+" and the net modifier."""
    if overwatch:
        return (6,)
    faces = []
    for face in range(2, 7):  # an unmodified 1 always fails, in both editions
        if face + net >= skill or (face == 6 and edition == 9):
            faces.append(face)
    return tuple(faces)


def faces_text(faces: tuple[int, ...]) -> str:
    """The roll for a set of hitting faces, in words: ``"5+"`` or ``"impossible"``."""
    return f"{faces[0]}+" if faces else "impossible"


def _reroll_chance(first: Fraction, reroll: str) -> Fraction:
    if reroll == "ones":
        return first + Fraction(1, 6) * first
    if reroll == "failed":
        return first + (1 - first) * first
    return first


def _validated(skill, modifier, reroll, overwatch, auto_hit, edition) -> None:
    check_int("The skill (the X of X+)", skill, *SKILL_RANGE)
    check_int("The modifier", modifier, *MODIFIER_RANGE)
    check_choice("re-roll", reroll, REROLLS)
    _check_edition(edition)
    for name, flag in (("overwatch", overwatch), ("auto_hit", auto_hit)):
        if not isinstance(flag, bool):
            raise ValueError(f"{name} must be True or False (got {flag!r}).")


def hit_chance(
    skill: int,
    modifier: int,
    reroll: str = "none",
    overwatch: bool = False,
    auto_hit: bool = False,
    edition: int = 9,
) -> Fraction:
    """The exact chance that one attack hits. ``modifier`` is the raw sum; the cap is applied here."""
    _validated(skill, modifier, reroll, overwatch, auto_hit, edition)
    if auto_hit:
        return Fraction(1)
    faces = hitting_faces(skill, net_modifier(modifier, edition), overwatch=overwatch, edition=edition)
    return _reroll_chance(Fraction(len(faces), 6), reroll)


@dataclass(frozen=True)
class Attack:
    """One attack profile: skill X+, each hit modifier, re-rolls, and how it is made."""

    skill: int
    modifiers: tuple[int, ...] = ()
    melee: bool = False
    reroll: str = "none"
    overwatch: bool = False
    auto_hit: bool = False
    edition: int = 9

    def __post_init__(self) -> None:
        mods = self.modifiers
        if isinstance(mods, (str, bytes)) or not isinstance(mods, (tuple, list)):
            raise ValueError("modifiers must be a list of whole numbers, e.g. [-1, +1].")
        if len(mods) > MAX_MODIFIERS:
            raise ValueError(f"At most {MAX_MODIFIERS} modifiers (got {len(mods)}).")
        for m in mods:
            check_int("Each modifier", m, *ONE_MODIFIER_RANGE)
        object.__setattr__(self, "modifiers", tuple(mods))
        if not isinstance(self.melee, bool):
            raise ValueError(f"melee must be True or False (got {self.melee!r}).")
        _validated(self.skill, self.modifier, self.reroll, self.overwatch, self.auto_hit, self.edition)

    @property
    def modifier(self) -> int:
        """The raw sum of the modifiers, before any cap."""
        return sum(self.modifiers)


@dataclass(frozen=True)
class AttackResult:
    """The answer for one Attack: raw and net modifier, roll in words, exact chance, and why."""

    attack: Attack
    modifier: int
    net_modifier: int
    roll: str
    probability: Fraction
    steps: tuple[Step, ...]
    faces: tuple[int, ...]
    may_fire: bool = True


#: The Overwatch checks in the order a player makes them; the first that forbids the shot decides.
OVERWATCH_CHECKS = ("set_overwatch", "trigger", "engagement", "blast")
OVERWATCH_QUESTIONS = {
    "set_overwatch": "Has the unit Set Overwatch?",
    "trigger": "Is the trigger one of the six?",
    "engagement": "Enemies within Engagement Range?",
    "blast": "Is the weapon Blast?",
}


@dataclass(frozen=True)
class OverwatchCheck:
    """One check on the way to an Overwatch verdict: its question, the answer for this situation,
    and its ``outcome``: ``"pass"``, ``"fail"`` (it forbids the shot) or ``"not reached"``."""

    name: str
    question: str
    answer: str
    outcome: str


@dataclass(frozen=True)
class OverwatchVerdict:
    """Whether a unit may fire Overwatch with a weapon, and the rule that decides it.

    ``checks`` are the four checks in order, each passed, failed or not reached; ``check`` names
    the last one reached: the one that forbade the shot, or the last of all when it may fire.
    """

    allowed: bool
    reason: str
    check: str = ""
    checks: tuple[OverwatchCheck, ...] = ()


def overwatch_allowed(
    *,
    overwatch_set: bool,
    trigger: str,
    enemy_in_engagement_range: bool,
    target_ended_charge_in_engagement_range: bool,
    blast: bool,
) -> OverwatchVerdict:
    """Whether a unit may fire Overwatch at the enemy unit that caused ``trigger``.

    The checks come in the order a player makes them: Set Overwatch, the trigger, Engagement
    Range (with its exception for a target that just charged), Blast. An unknown trigger is an
    error, not a refusal: there is no such situation on the table.

    >>> v = overwatch_allowed(overwatch_set=True, trigger="charge", enemy_in_engagement_range=True,
    ...                       target_ended_charge_in_engagement_range=True, blast=True)
    >>> v.allowed, v.check, [c.outcome for c in v.checks]
    (False, 'blast', ['pass', 'pass', 'pass', 'fail'])
    """
    check_choice("Overwatch trigger", trigger, TRIGGERS)
    what = f"the enemy unit that {TRIGGER_NAMES[trigger]}"
    # Each check: its answer in a few words, and the refusal when it forbids the shot (else None).
    answers = (
        ("Yes", None) if overwatch_set else ("No", _NOT_SET),
        (f"Yes: it {TRIGGER_NAMES[trigger]}", None),
        _engagement_answer(trigger, enemy_in_engagement_range, target_ended_charge_in_engagement_range),
        ("Yes", _BLAST) if blast else ("No", None),
    )
    checks, refusal, decided = [], None, OVERWATCH_CHECKS[-1]
    for name, (answer, forbids) in zip(OVERWATCH_CHECKS, answers, strict=True):
        outcome = "not reached" if refusal is not None else "fail" if forbids else "pass"
        checks.append(OverwatchCheck(name, OVERWATCH_QUESTIONS[name], answer, outcome))
        if refusal is None and forbids:
            refusal, decided = forbids, name
    if refusal is not None:
        return OverwatchVerdict(False, refusal, decided, tuple(checks))
    if enemy_in_engagement_range:
        reason = (f"Yes, at {what}: enemy units are within Engagement Range, but the target just "
                  "finished a charge move within Engagement Range of the firing unit, which is the "
                  "exception. Each hit roll needs an unmodified 6; afterwards the unit must Set "
                  "Overwatch again.")
    else:
        reason = (f"Yes: a unit that has Set Overwatch may fire Overwatch at {what}, and only at that "
                  "unit. Each hit roll needs an unmodified 6; afterwards the unit must Set Overwatch again.")
    return OverwatchVerdict(True, reason, decided, tuple(checks))


_NOT_SET = ("No: only a unit that has Set Overwatch can fire Overwatch. It starts the action at the end "
            "of the Move Units step of its Movement phase, completes it at the end of that turn, and then "
            "has Set Overwatch until the end of the opponent's next turn.")
_BLAST = "No: weapons with the Blast ability cannot fire Overwatch. The unit's other ranged weapons can."


def _engagement_answer(trigger: str, enemy_in_range: bool, target_charged_in: bool) -> tuple[str, str | None]:
    """The Engagement Range check: its answer, and the refusal when it forbids the shot."""
    if not enemy_in_range:
        return "No", None
    if trigger == "charge" and target_charged_in:
        return "Yes, but it just charged in: the exception", None
    exception = "" if trigger == "charge" else (
        " (the exception is only for a target that just finished a charge move)")
    return ("Yes, and its charge ended elsewhere" if trigger == "charge"
            else "Yes, and the target did not charge"), (
        "No: a unit cannot fire Overwatch while enemy units are within Engagement Range of it, unless "
        "it fires at an enemy unit that has just finished a charge move within Engagement Range of "
        f"it{exception}. Other friendly units within Engagement Range of the same enemy do not matter.")


def resolve(attack: Attack, verdict: OverwatchVerdict | None = None) -> AttackResult:
    """Work out one Attack. For Overwatch, pass the verdict: a refused unit scores no hits."""
    if not isinstance(attack, Attack):
        raise ValueError("resolve() takes an Attack.")
    raw, edition = attack.modifier, attack.edition
    net = net_modifier(raw, edition)
    if attack.overwatch and verdict is not None and not verdict.allowed:
        steps = (Step("note", verdict.reason, 0, ()), Step("chance", "Chance to hit: 0 (the unit cannot fire).", 0, ()))
        return AttackResult(attack, raw, net, "cannot fire", Fraction(0), steps, (), may_fire=False)
    if attack.auto_hit:
        steps = (Step("note", "The weapon automatically hits the target: no hit roll is made, and "
                      "each attack scores one hit" + (" (in Overwatch too)." if attack.overwatch else "."),
                      0, tuple(range(1, 7))),
                 Step("chance", "Chance per attack: 1 (100.0%).", 0, tuple(range(1, 7))))
        return AttackResult(attack, raw, net, "automatic", Fraction(1), steps, tuple(range(1, 7)))

    steps = [_base_step(attack)]
    steps.extend(_modifier_steps(attack, net))
    faces = hitting_faces(attack.skill, net, overwatch=attack.overwatch, edition=edition)
    roll = "an unmodified 6" if attack.overwatch else faces_text(faces)
    steps.append(_roll_step(attack, net, faces))
    first = Fraction(len(faces), 6)
    probability = _reroll_chance(first, attack.reroll)
    if attack.reroll != "none":
        roll = f"{roll}, {REROLL_NAMES[attack.reroll]}"
        steps.append(_reroll_step(attack.reroll, first, probability, faces))
    steps.append(Step("chance", f"Chance to hit with each attack: {chance_text(probability)}.", 0, faces))
    return AttackResult(attack, raw, net, roll, probability, tuple(steps), faces)


def roll_once(result: AttackResult, rng) -> tuple[bool, tuple[int, ...]]:
    """Roll one attack with real (pseudo-random) dice, re-roll included: hit?, and the dice rolled.

    ``rng`` is a :class:`random.Random`, so a seed gives the same rolls every time.
    """
    if not result.may_fire:
        return False, ()
    if result.roll == "automatic":
        return True, ()
    die = rng.randint(1, 6)
    if die in result.faces:
        return True, (die,)
    reroll = result.attack.reroll
    if reroll == "failed" or (reroll == "ones" and die == 1):
        again = rng.randint(1, 6)
        return again in result.faces, (die, again)
    return False, (die,)


def _base_step(attack: Attack) -> Step:
    kind, stat = ("Melee", "Weapon Skill (WS)") if attack.melee else ("Ranged", "Ballistic Skill (BS)")
    faces = hitting_faces(attack.skill, 0, edition=attack.edition)
    text = f"{kind} attack: it uses the {stat}, {attack.skill}+, so a roll of {attack.skill} or more hits."
    return Step("base", text, 0, faces)


def _modifier_steps(attack: Attack, net: int):
    mods, raw = attack.modifiers, attack.modifier
    if not mods:
        return
    listed = ", ".join(f"{m:+d}" for m in mods)
    # The faces at every step follow the attack's edition, the 9th-edition cap included.
    faces = hitting_faces(attack.skill, net, edition=attack.edition)
    yield Step("modifier", f"Hit modifiers {listed}: total {raw:+d}.", raw, faces)
    if attack.edition == 9 and net != raw:
        yield Step("cap", f"A hit roll can never be modified by more than -1 or +1, so {raw:+d} "
                   f"becomes {net:+d}.", net - raw, faces)
    elif attack.edition == 8 and raw not in (-1, 0, 1):
        yield Step("note", f"8th edition does not cap hit modifiers: {raw:+d} applies in full "
                   f"(our reading: {_EIGHTH_READING}).", 0, faces)


def _roll_step(attack: Attack, net: int, faces: tuple[int, ...]) -> Step:
    if attack.overwatch:
        return Step("roll", "Overwatch: each hit roll needs an unmodified 6, whatever the BS and "
                    "modifiers (re-rolls still apply).", 0, faces)
    target = attack.skill - net
    edition_rule = ("An unmodified 6 always hits and an unmodified 1 always fails."
                    if attack.edition == 9 else
                    "8th edition: an unmodified 1 always fails, and there is no automatic hit on a 6 "
                    f"(our reading: {_EIGHTH_READING}).")
    if not faces:
        text = f"Roll + ({net:+d}) must reach {attack.skill}: no D6 result can. {edition_rule}"
    elif target > 6:
        text = (f"Roll + ({net:+d}) must reach {attack.skill}, which needs a {target}: only the "
                f"unmodified 6 hits. {edition_rule}")
    elif net == 0:
        text = f"Roll {attack.skill}+ on a D6: {len(faces)} faces of 6 hit. {edition_rule}"
    else:
        text = (f"Roll + ({net:+d}) must reach {attack.skill}: natural {faces[0]}+ hits, "
                f"{len(faces)} faces of 6. {edition_rule}")
    return Step("roll", text, 0, faces)


def _reroll_step(reroll: str, first: Fraction, probability: Fraction, faces: tuple[int, ...]) -> Step:
    if reroll == "ones":
        text = (f"Re-roll 1s: a natural 1 (1/6 of rolls) is rolled again and then hits with "
                f"{first}: {first} + 1/6 × {first} = {probability}.")
    else:
        text = (f"Re-roll failed hits: every miss ({1 - first}) is rolled again and then hits with "
                f"{first}: {first} + {1 - first} × {first} = {probability}.")
    return Step("reroll", text, 0, faces)
