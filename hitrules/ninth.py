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

from hitrules._steps import Step, anchor, chance_text, check_choice, check_int, faces_of_six, reading
from hitrules.damage import MODELS_RANGE, ChainResult, Profile, chain, check_score, damage_steps, parse_damage
from hitrules.dice import AttackDice, d6_faces, parse_attacks
from hitrules.unit import UnitResult, check_groups, check_profile, resolve_unit

__all__ = [
    "EDITIONS",
    "REROLLS",
    "TRIGGERS",
    "Attack",
    "AttackResult",
    "Group",
    "OverwatchCheck",
    "OverwatchVerdict",
    "Target",
    "Weapon",
    "attack_outcome",
    "attack_unit",
    "faces_text",
    "hit_chance",
    "hitting_faces",
    "net_modifier",
    "overwatch_allowed",
    "parse_modifiers",
    "resolve",
    "roll_once",
    "save_chance",
    "save_faces",
    "wound_chance",
    "wound_score",
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


#: The sections of docs/rules.md that hold our reading of the 8th edition and of what follows the hit.
_EIGHTH_SECTION = "8th-edition variant and the Leman Russ"
_AFTER_THE_HIT_SECTION = "9th and 8th edition: after the hit"


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


# After the hit: wounds, saves and damage (docs/rules.md § 9th and 8th edition: after the hit) --

STRENGTH_RANGE = (1, 20)
TOUGHNESS_RANGE = (1, 20)
AP_RANGE = (-6, 0)
WOUNDS_RANGE = (1, 30)
#: Damage rolls at most this much (a model has at most 30 wounds).
DAMAGE_MOST = 30


def wound_score(strength: int, toughness: int) -> int:
    """The wound roll's X+ from Strength against Toughness.

    >>> wound_score(4, 4), wound_score(8, 4), wound_score(3, 7)
    (4, 2, 6)
    """
    check_int("Strength", strength, *STRENGTH_RANGE)
    check_int("Toughness", toughness, *TOUGHNESS_RANGE)
    if strength >= 2 * toughness:
        return 2
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    return 5 if 2 * strength > toughness else 6


def wound_chance(strength: int, toughness: int, modifier: int = 0, reroll: str = "none",
                 edition: int = 9) -> Fraction:
    """The chance one hit wounds. ``modifier`` is the raw sum; 9th edition clamps it here.

    >>> wound_chance(4, 4, -2), wound_chance(4, 4, -2, edition=8), wound_chance(3, 7, reroll="failed")
    (Fraction(1, 3), Fraction(1, 6), Fraction(11, 36))
    """
    score = wound_score(strength, toughness)
    _validated(2, modifier, reroll, False, False, edition)
    faces = hitting_faces(score, net_modifier(modifier, edition), edition=edition)
    return _reroll_chance(Fraction(len(faces), 6), reroll)


def save_faces(save: int | None = None, ap: int = 0, invulnerable: int | None = None,
               cover: bool = False) -> tuple[tuple[int, ...], str]:
    """The natural D6 results that save, and which save is taken (``"armour"``, ``"invulnerable"``, ``""``).

    The armour save needs ``Sv - AP - cover``; the invulnerable save is never modified; the
    better of the two is used, and a natural 1 always fails.
    """
    check_score("The save", save)
    check_int("AP", ap, *AP_RANGE)
    check_score("The invulnerable save", invulnerable)
    if not isinstance(cover, bool):
        raise ValueError(f"cover must be True or False (got {cover!r}).")
    options = []
    if save is not None:
        options.append((save - ap - int(cover), "armour"))
    if invulnerable is not None:
        options.append((invulnerable, "invulnerable"))
    if not options:
        return (), ""
    need, which = min(options)
    faces = d6_faces(need)
    return faces, which if faces else ""


def save_chance(save: int | None = None, ap: int = 0, invulnerable: int | None = None,
                cover: bool = False) -> Fraction:
    """The chance one wound is saved, with the better of the armour and invulnerable saves.

    >>> save_chance(3, -2), save_chance(3, -2, cover=True), save_chance(3, -4, invulnerable=5)
    (Fraction(1, 3), Fraction(1, 2), Fraction(1, 3))
    """
    return Fraction(len(save_faces(save, ap, invulnerable, cover)[0]), 6)


def _checked_modifiers(mods: object, name: str) -> tuple[int, ...]:
    if isinstance(mods, (str, bytes)) or not isinstance(mods, (tuple, list)):
        raise ValueError(f"{name} must be a list of whole numbers, e.g. [-1, +1].")
    if len(mods) > MAX_MODIFIERS:
        raise ValueError(f"At most {MAX_MODIFIERS} {name} (got {len(mods)}).")
    for m in mods:
        check_int(f"Each of the {name}", m, *ONE_MODIFIER_RANGE)
    return tuple(mods)


@dataclass(frozen=True)
class Weapon:
    """What a hit does: Strength, AP, Damage, and the wound roll's modifiers and re-roll."""

    strength: int
    ap: int = 0
    #: Parsed dice; text such as ``"D6"`` is parsed once, here.
    damage: AttackDice | str = "1"
    wound_modifiers: tuple[int, ...] = ()
    wound_reroll: str = "none"

    def __post_init__(self) -> None:
        check_int("Strength", self.strength, *STRENGTH_RANGE)
        check_int("AP", self.ap, *AP_RANGE)
        object.__setattr__(self, "damage", parse_damage(self.damage, "Damage", DAMAGE_MOST))
        object.__setattr__(self, "wound_modifiers", _checked_modifiers(self.wound_modifiers, "wound modifiers"))
        check_choice("wound re-roll", self.wound_reroll, REROLLS)


@dataclass(frozen=True)
class Target:
    """The target unit: Toughness, saves, Light cover, Feel No Pain, wounds per model and models."""

    toughness: int
    save: int | None = None
    invulnerable: int | None = None
    cover: bool = False
    feel_no_pain: int | None = None
    wounds: int = 1
    models: int = 1

    def __post_init__(self) -> None:
        check_int("Toughness", self.toughness, *TOUGHNESS_RANGE)
        save_faces(self.save, 0, self.invulnerable, self.cover)
        check_score("Feel No Pain", self.feel_no_pain)
        check_int("Wounds per model", self.wounds, *WOUNDS_RANGE)
        check_int("The number of models", self.models, *MODELS_RANGE)


def attack_outcome(attack: Attack, attacks, weapon: Weapon, target: Target, *,
                   verdict: OverwatchVerdict | None = None) -> ChainResult:
    """The whole attack: hits, wounds, unsaved attacks, wounds lost and models destroyed.

    The Attack's edition also decides the wound roll. Light cover counts only against a ranged
    attack (Overwatch is ranged).

    >>> r = attack_outcome(Attack(3), 10, Weapon(4, ap=-1), Target(4, save=3, models=10))
    >>> r.hit_chance, r.wound_chance, r.unsaved_chance, r.models_removed.mean
    (Fraction(2, 3), Fraction(1, 2), Fraction(1, 2), Fraction(5, 3))
    """
    if not isinstance(weapon, Weapon) or not isinstance(target, Target):
        raise ValueError("attack_outcome() takes a Weapon and a Target.")
    if verdict is not None and not isinstance(verdict, OverwatchVerdict):
        raise ValueError("verdict must be an OverwatchVerdict or None.")
    dice = parse_attacks(attacks)
    hit = resolve(attack, verdict)
    edition = attack.edition
    score = wound_score(weapon.strength, target.toughness)
    net = net_modifier(sum(weapon.wound_modifiers), edition)
    wound_faces = hitting_faces(score, net, edition=edition)
    wound = _reroll_chance(Fraction(len(wound_faces), 6), weapon.wound_reroll)
    ranged = not attack.melee or attack.overwatch
    faces, _ = save_faces(target.save, weapon.ap, target.invulnerable, target.cover and ranged)
    unsaved = 1 - Fraction(len(faces), 6)
    profile = Profile.of(weapon.damage, target.wounds, target.models, target.feel_no_pain, "Damage", DAMAGE_MOST)
    steps = [*_wound_steps(weapon, target, score, net, wound_faces, wound, edition),
             *_save_steps(weapon, target, ranged),
             *damage_steps(profile, what="Damage", per_point="Feel No Pain")]
    p_hit = hit.probability
    group = (dice, p_hit, p_hit * wound, p_hit * wound * unsaved)
    return chain(hit, [group], profile, (p_hit, wound, unsaved), steps)


def _wound_steps(weapon: Weapon, target: Target, score: int, net: int, faces: tuple[int, ...],
                 chance: Fraction, edition: int):
    s, t = weapon.strength, target.toughness
    why = {2: f"S {s} is at least twice T {t}", 3: f"S {s} is more than T {t} but less than twice it",
           4: f"S {s} equals T {t}", 5: f"S {s} is less than T {t} but more than half of it",
           6: f"S {s} is half of T {t} or less"}[score]
    yield Step("note", f"The rules text stops at the hit roll; the wound roll, saves and damage follow the "
               f"{edition}th edition core rules ({reading(_AFTER_THE_HIT_SECTION)}).", topic="wound",
               anchor=anchor(_AFTER_THE_HIT_SECTION))
    yield Step("base", f"Strength {s} against Toughness {t}: {why}, so {score}+ to wound.",
               hitting_faces=hitting_faces(score, 0, edition=edition), topic="wound")
    mods = weapon.wound_modifiers
    raw = sum(mods)
    if mods:
        listed = ", ".join(f"{m:+d}" for m in mods)
        yield Step("modifier", f"Wound modifiers {listed}: total {raw:+d}.", delta=raw,
                   hitting_faces=hitting_faces(score, raw, edition=edition), topic="wound")
        if edition == 9 and net != raw:
            yield Step("cap", f"9th edition: a wound roll is never modified by more than -1 or +1, so {raw:+d} "
                       f"becomes {net:+d}.", delta=net - raw, hitting_faces=faces, topic="wound")
        elif edition == 8 and raw not in (-1, 0, 1):
            yield Step("note", f"8th edition does not cap wound modifiers: {raw:+d} applies in full.",
                       topic="wound")
    rule = ("An unmodified 1 always fails and an unmodified 6 always wounds (9th edition)." if edition == 9 else
            "An unmodified 1 always fails; 8th edition has no automatic wound on a 6.")
    text = (f"Roll {faces_text(faces)} on a D6, {faces_of_six(len(faces))}." if faces else
            "No D6 result can wound.") + f" {rule}"
    yield Step("roll", text, hitting_faces=faces, topic="wound")
    first = Fraction(len(faces), 6)
    if weapon.wound_reroll != "none":
        which = ("a natural 1 (1/6 of rolls)" if weapon.wound_reroll == "ones" else
                 f"every failed wound roll ({1 - first})")
        share = "1/6" if weapon.wound_reroll == "ones" else f"{1 - first}"
        yield Step("reroll", f"Re-roll {'1s' if weapon.wound_reroll == 'ones' else 'failed wounds'}: {which} is "
                   f"rolled again and then wounds with {first}: {first} + {share} × {first} = {chance}.",
                   topic="wound")
    yield Step("chance", f"Chance to wound per hit: {chance_text(chance)}.", topic="wound")


def _save_steps(weapon: Weapon, target: Target, ranged: bool):
    save, ap, inv = target.save, weapon.ap, target.invulnerable
    cover = target.cover and ranged
    if target.cover and not ranged:
        yield Step("skipped", "Light cover counts only against ranged attacks: this melee attack ignores it.",
                   topic="save")
    if save is None:
        yield Step("base", "No armour save.", topic="save")
        if cover:
            yield Step("skipped", "Light cover adds 1 to an armour save, and this model has none: it changes "
                       "nothing (it never improves an invulnerable save).", topic="save")
    else:
        need = save - ap - int(cover)
        parts = [f"Save {save}+"] + ([f"AP {ap}"] if ap else []) + (["Light cover +1"] if cover else [])
        armour = save_faces(save, ap, None, cover)[0]
        result = (f"needs {max(need, 2)}+" + (" (a natural 1 always fails)" if need < 2 else "")
                  if need <= 6 else f"it would need {need}: it cannot be passed (there is no automatic 6)")
        yield Step("roll", f"{', '.join(parts)}: {result}.", hitting_faces=armour, topic="save")
    faces, which = save_faces(save, ap, inv, cover)
    if inv is not None:
        better = ("the invulnerable save is better, so it is taken" if which == "invulnerable" else
                  "the armour save is at least as good, so it is taken")
        yield Step("roll", f"Invulnerable save {inv}+: never modified by AP or cover; {better}.",
                   hitting_faces=faces, topic="save")
    unsaved = 1 - Fraction(len(faces), 6)
    yield Step("chance", f"Chance an attack that wounds is not saved: {chance_text(unsaved)}.",
               topic="save")


# A whole unit: several profiles into one target (docs/rules.md) ----------------------------------

@dataclass(frozen=True)
class Group:
    """One profile of a unit's attack: its hit roll (an Attack), how many attacks, its Weapon, and
    optionally a name for the explanation (``"lascannon"``)."""

    attack: Attack
    attacks: AttackDice | int | str
    weapon: Weapon
    name: str = ""

    def __post_init__(self) -> None:
        parts = (("attack", self.attack, Attack), ("weapon", self.weapon, Weapon))
        object.__setattr__(self, "attacks", check_profile("9th-edition", parts, self.attacks, self.name))


def attack_unit(groups, target: Target) -> UnitResult:
    """A whole unit's attack: 1 to 6 Groups at one Target, in the order given, damage carried over.

    Each group's Attack decides its own hit, wound and save rules (Light cover counts against
    its ranged groups only); all must be of one edition.

    >>> lucky = Attack(3, auto_hit=True)
    >>> unit = attack_unit([Group(lucky, 1, Weapon(4, damage=d)) for d in "121"], Target(4, wounds=2, models=2))
    >>> unit.models_removed.mean, unit.best_order, unit.best_mean
    (Fraction(5, 8), (0, 2, 1), Fraction(3, 4))
    """
    groups = check_groups(groups, Group, "ninth.Group(attack, attacks, weapon)")
    if not isinstance(target, Target):
        raise ValueError("attack_unit() takes a ninth.Target.")
    edition = groups[0].attack.edition
    for i, group in enumerate(groups[1:], 2):
        if group.attack.edition != edition:
            raise ValueError(f"Profile {i} is {group.attack.edition}th edition but profile 1 is {edition}th: one "
                             "unit's profiles use one edition.")
    alone = [attack_outcome(g.attack, g.attacks, g.weapon, target) for g in groups]
    names = [g.name or f"profile {i}" for i, g in enumerate(groups, 1)]
    return resolve_unit(alone, tuple(range(len(groups))), len(groups), names)
