"""9th and 8th edition: after the hit. The wound roll, saves (invulnerable, ranged-only), damage
into models, and a whole unit's attacks (docs/rules.md § 9th and 8th edition: after the hit).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hitrules.damage import MODELS_RANGE, ChainResult, Profile, chain, check_score, damage_steps, parse_damage
from hitrules.dice import AttackDice, d6_faces, parse_attacks, reroll_chance
from hitrules.ninth.hit import (
    MAX_MODIFIERS,
    ONE_MODIFIER_RANGE,
    REROLLS,
    Attack,
    check_attack,
    faces_text,
    hitting_faces,
    net_modifier,
    resolve,
)
from hitrules.ninth.overwatch import OverwatchVerdict
from hitrules.steps import Step, anchor, check_choice, check_int, reading
from hitrules.unit import UnitResult, check_groups, check_profile, resolve_unit
from hitrules.words import chance_text, faces_of_six

_AFTER_THE_HIT_SECTION = "9th and 8th edition: after the hit"
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
    check_attack(2, modifier, reroll, False, False, edition)
    faces = hitting_faces(score, net_modifier(modifier, edition), edition=edition)
    return reroll_chance(faces, reroll)


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
    wound = reroll_chance(wound_faces, weapon.wound_reroll)
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
