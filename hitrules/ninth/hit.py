"""The 9th-edition sci-fi hit roll (and the 8th-edition variant): the skill X+, modifiers, re-rolls,
Overwatch's unmodified 6.

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

from hitrules.dice import REROLLS, d6_faces, reroll_chance
from hitrules.ninth.overwatch import OverwatchVerdict
from hitrules.steps import Step, anchor, check_choice, check_int, reading
from hitrules.words import chance_text, faces_of_six

SKILL_RANGE = (2, 6)
EDITIONS = (9, 8)
REROLL_NAMES = {"none": "no re-roll", "ones": "re-roll 1s", "failed": "re-roll failed hits"}
#: One modifier of one rule (e.g. -1 for a stratagem); several may be listed.
ONE_MODIFIER_RANGE = (-6, 6)
MAX_MODIFIERS = 20
MODIFIER_RANGE = (-200, 200)


#: The sections of docs/rules.md that hold our reading of the 8th edition and of what follows the hit.
_EIGHTH_SECTION = "8th-edition variant and the Leman Russ"


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
    faces = d6_faces(skill - net)  # an unmodified 1 always fails, in both editions
    return faces or ((6,) if edition == 9 else ())  # 9th: an unmodified 6 always succeeds


def faces_text(faces: tuple[int, ...]) -> str:
    """The roll for a set of hitting faces, in words: ``"5+"`` or ``"impossible"``."""
    return f"{faces[0]}+" if faces else "impossible"


def check_attack(skill, modifier, reroll, overwatch, auto_hit, edition) -> None:
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
    check_attack(skill, modifier, reroll, overwatch, auto_hit, edition)
    if auto_hit:
        return Fraction(1)
    faces = hitting_faces(skill, net_modifier(modifier, edition), overwatch=overwatch, edition=edition)
    return reroll_chance(faces, reroll)


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
        check_attack(self.skill, self.modifier, self.reroll, self.overwatch, self.auto_hit, self.edition)

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
    probability = reroll_chance(faces, attack.reroll)
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
    # The faces at every step follow the attack's edition, the 9th-edition cap and Overwatch included.
    faces = hitting_faces(attack.skill, net, overwatch=attack.overwatch, edition=attack.edition)
    if attack.overwatch:
        yield Step("skipped", f"Hit modifiers {listed}: total {raw:+d}, but in Overwatch only an unmodified 6 "
                   "hits, so no modifier changes the roll.", 0, faces)
        return
    yield Step("modifier", f"Hit modifiers {listed}: total {raw:+d}.", raw, faces)
    if attack.edition == 9 and net != raw:
        yield Step("cap", f"A hit roll can never be modified by more than -1 or +1, so {raw:+d} "
                   f"becomes {net:+d}.", net - raw, faces)
    elif attack.edition == 8 and raw not in (-1, 0, 1):
        yield Step("note", f"8th edition does not cap hit modifiers: {raw:+d} applies in full "
                   f"(our reading: {reading(_EIGHTH_SECTION)}).", 0, faces, anchor=anchor(_EIGHTH_SECTION))


def _roll_step(attack: Attack, net: int, faces: tuple[int, ...]) -> Step:
    if attack.overwatch:
        return Step("roll", "Overwatch: each hit roll needs an unmodified 6, whatever the BS and "
                    "modifiers (re-rolls still apply).", 0, faces)
    target = attack.skill - net
    edition_rule = ("An unmodified 6 always hits and an unmodified 1 always fails."
                    if attack.edition == 9 else
                    "8th edition: an unmodified 1 always fails, and there is no automatic hit on a 6 "
                    f"(our reading: {reading(_EIGHTH_SECTION)}).")
    if not faces:
        text = f"Roll + ({net:+d}) must reach {attack.skill}: no D6 result can. {edition_rule}"
    elif target > 6:
        text = (f"Roll + ({net:+d}) must reach {attack.skill}, which needs a {target}: only the "
                f"unmodified 6 hits. {edition_rule}")
    elif net == 0:
        text = f"Roll {attack.skill}+ on a D6: {faces_of_six(len(faces))} hit. {edition_rule}"
    else:
        text = (f"Roll + ({net:+d}) must reach {attack.skill}: natural {faces[0]}+ hits, "
                f"{faces_of_six(len(faces))}. {edition_rule}")
    return Step("roll", text, 0, faces, anchor=anchor(_EIGHTH_SECTION) if attack.edition == 8 else "")


def _reroll_step(reroll: str, first: Fraction, probability: Fraction, faces: tuple[int, ...]) -> Step:
    if reroll == "ones":
        text = (f"Re-roll 1s: a natural 1 (1/6 of rolls) is rolled again and then hits with "
                f"{first}: {first} + 1/6 × {first} = {probability}.")
    else:
        text = (f"Re-roll failed hits: every miss ({1 - first}) is rolled again and then hits with "
                f"{first}: {first} + {1 - first} × {first} = {probability}.")
    return Step("reroll", text, 0, faces)


