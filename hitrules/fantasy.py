"""The rank-and-flank fantasy Roll to Hit: score from BS, shooting modifiers, the 7+ chart.

>>> r = resolve(Shot(ballistic_skill=3, moved=True, cover="hard", stand_and_shoot=True))
>>> r.modifier, r.required, r.roll, r.probability
(-4, 8, 'a 6, then 5+', Fraction(1, 18))
>>> hit_chance(5, +1)
Fraction(5, 6)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from hitrules._steps import Step, anchor, chance_text, check_choice, check_int, faces_of_six, reading
from hitrules.damage import (
    MODELS_RANGE,
    ChainResult,
    Profile,
    chain,
    check_score,
    damage_steps,
    parse_damage,
    pooled,
    roll_chance,
)
from hitrules.dice import AttackDice, d6_faces, parse_attacks
from hitrules.unit import UnitResult, check_groups, check_profile, resolve_unit

#: Close combat (docs/rules.md § Fantasy close combat) lives in hitrules.combat, which imports
#: this module; fantasy re-exports these names, loaded on first use (PEP 562) whichever module was imported first.
_COMBAT_NAMES = ("TROOP_TYPES", "Fighters", "RoundResult", "Side", "combat_round", "melee_hit_chance",
                 "melee_score", "strike")
#: The whole charge (docs/rules.md § Fantasy: the charge) lives in hitrules.charge, re-exported the same way.
_CHARGE_NAMES = ("ChargeResult", "ChargeRoll", "Mover", "Pursuit", "charge", "charge_range", "charge_roll",
                 "flee_distance", "max_charge_range", "pursuit", "pursuit_distance")

__all__ = [
    "COVERS",
    "SPECIAL_RULES",
    "CoverCheck",
    "Group",
    "Shot",
    "ShotResult",
    "Target",
    "Weapon",
    "armour_faces",
    "cover_check",
    "hit_chance",
    "required_score",
    "resolve",
    "roll_faces",
    "roll_once",
    "roll_text",
    "save_chance",
    "shoot",
    "shoot_split",
    "shoot_unit",
    "wound_chance",
    "wound_faces",
    "wound_score",
    *_COMBAT_NAMES,
    *_CHARGE_NAMES,
]


def __getattr__(name: str):
    if name in _COMBAT_NAMES:
        from hitrules import combat

        return getattr(combat, name)
    if name in _CHARGE_NAMES:
        from hitrules import charge

        return getattr(charge, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

#: What obscures the majority of the target. "unit" (another unit in the way) is hard cover.
COVERS = ("none", "soft", "hard", "unit")
COVER_MODIFIER = {"none": 0, "soft": -1, "hard": -2, "unit": -2}
COVER_NAMES = {
    "none": "nothing",
    "soft": "soft cover (hedge, fence, wagon)",
    "hard": "hard cover (wall, boulder, building)",
    "unit": "another unit in the way (hard cover)",
}
#: Short labels for the cover choice, for buttons.
COVER_LABELS = {"none": "Nothing", "soft": "Soft -1", "hard": "Hard -2", "unit": "Another unit -2"}
SPECIAL_RULES = ("multiple_shots", "quick_to_fire", "sniper", "volley_fire")
SPECIAL_RULE_NAMES = {
    "multiple_shots": "Multiple Shots",
    "quick_to_fire": "Quick to Fire",
    "sniper": "Sniper",
    "volley_fire": "Volley Fire",
}
BS_RANGE = (1, 10)
LOS_RANGE = (1, 10)
UNIT_STRENGTH_RANGE = (1, 100)
#: The 7+ chart: from this score a 6 must be rolled and then a second D6 (score - 3)+.
SECOND_DIE_FROM = 7
#: From this score the shot cannot hit.
IMPOSSIBLE_FROM = 10
#: The sections of docs/rules.md that hold our reading of the hit roll and of what follows it.
_HIT_SECTION = 'Fantasy "Roll to Hit"'
_AFTER_THE_HIT_SECTION = "Fantasy: after the hit"
#: Modifiers beyond this cannot change the answer (the chart ends at 10+ and 2+).
MODIFIER_RANGE = (-100, 100)


def required_score(ballistic_skill: int, modifier: int) -> int:
    """The score needed on the dice: ``7 - BS - modifier`` (may be 1 or less, or 10+).

    >>> required_score(3, -2)
    6
    """
    check_int("BS", ballistic_skill, *BS_RANGE)
    check_int("The modifier", modifier, *MODIFIER_RANGE)
    return 7 - ballistic_skill - modifier


def roll_faces(required: int) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """The natural results that hit: faces of the first D6, and of the second D6 on the 7+ chart.

    The second entry is None when no second roll is made.

    >>> roll_faces(8)
    ((6,), (5, 6))
    """
    if required >= IMPOSSIBLE_FROM:
        return (), None
    if required >= SECOND_DIE_FROM:
        return (6,), d6_faces(required - 3)
    return d6_faces(required), None


def _chance(required: int) -> Fraction:
    first, second = roll_faces(required)
    chance = Fraction(len(first), 6)
    return chance * Fraction(len(second), 6) if second is not None else chance


def roll_text(required: int) -> str:
    """What the shooter rolls for a score needed, in words.

    >>> roll_text(4), roll_text(8), roll_text(10)
    ('4+', 'a 6, then 5+', 'impossible')
    """
    first, second = roll_faces(required)
    if not first:
        return "impossible"
    if second is not None:
        return f"a 6, then {second[0]}+"
    return f"{first[0]}+"


def hit_chance(ballistic_skill: int, modifier: int) -> Fraction:
    """The exact chance that one shot hits, from BS and the net shooting modifier."""
    return _chance(required_score(ballistic_skill, modifier))


@dataclass(frozen=True)
class CoverCheck:
    """The Line of Sight test for cover, worked out: does the obstacle reach half the height of
    the taller of shooter and target? Pictures and the explanation both read it.

    ``taller`` is the larger of the shooter's and the target's LoS values, ``taller_name`` which
    of them it is (``"shooter"``, ``"target"`` or ``"both"``), ``arithmetic`` the test as it is
    written out (``"2 × 1 ≥ 3"``), and ``reason`` why it passes or fails, in words.
    """

    shooter_los: int
    blocker_los: int
    target_los: int
    taller: int
    taller_name: str
    counts: bool
    arithmetic: str
    reason: str

    @property
    def headline(self) -> str:
        return "Cover counts" if self.counts else "Cover does not count"

    @property
    def working(self) -> str:
        """The test answered: ``"2 × 1 ≥ 2? Yes"`` or ``"2 × 1 ≥ 3? No, 2 < 3"``."""
        if self.counts:
            return f"{self.arithmetic}? Yes"
        return f"{self.arithmetic}? No, {2 * self.blocker_los} < {self.taller}"

    @property
    def verdict(self) -> str:
        """The answer and its arithmetic in one line: ``"Cover counts: 2 × 1 ≥ 2? Yes"``."""
        return f"{self.headline}: {self.working}"


def cover_check(shooter_los: int, blocker_los: int, target_los: int) -> CoverCheck:
    """The cover test for three LoS values: at least half as high as both target and shooter,
    that is ``2 × obstacle ≥ the taller of the two``.

    >>> cover_check(shooter_los=3, blocker_los=1, target_los=2).verdict
    'Cover does not count: 2 × 1 ≥ 3? No, 2 < 3'
    """
    taller = max(shooter_los, target_los)
    taller_name = "both" if shooter_los == target_los else "shooter" if shooter_los > target_los else "target"
    counts = 2 * blocker_los >= taller
    if counts:
        reason = (f"the LoS {blocker_los} obstacle is at least half as high as the LoS {target_los} "
                  f"target and the LoS {shooter_los} shooter")
    elif shooter_los > target_los:
        reason = f"the LoS {shooter_los} shooter sees over a LoS {blocker_los} obstacle"
    else:
        reason = f"the LoS {target_los} target is more than twice as tall as the LoS {blocker_los} obstacle"
    return CoverCheck(shooter_los, blocker_los, target_los, taller, taller_name, counts,
                      f"2 × {blocker_los} ≥ {taller}", reason)


@dataclass(frozen=True)
class Shot:
    """One group of models shooting at one target, and everything that modifies the roll."""

    ballistic_skill: int
    moved: bool = False
    within_4_inches: bool = False
    stand_and_shoot: bool = False
    target_is_lone_model: bool = False
    target_unit_strength: int = 1
    cover: str = "none"
    shooter_los: int = 1
    blocker_los: int = 1
    target_los: int = 1
    special_rules: tuple[str, ...] = field(default=())
    automatic: bool = False

    def __post_init__(self) -> None:
        check_int("BS", self.ballistic_skill, *BS_RANGE)
        for name in ("moved", "within_4_inches", "stand_and_shoot", "target_is_lone_model", "automatic"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False (got {getattr(self, name)!r}).")
        check_int("Unit Strength", self.target_unit_strength, *UNIT_STRENGTH_RANGE)
        check_choice("cover", self.cover, COVERS)
        check_int("The shooter's LoS value", self.shooter_los, *LOS_RANGE)
        check_int("The obstacle's LoS value", self.blocker_los, *LOS_RANGE)
        check_int("The target's LoS value", self.target_los, *LOS_RANGE)
        rules = self.special_rules
        if isinstance(rules, str) or not isinstance(rules, (tuple, list, set, frozenset)):
            raise ValueError("special_rules must be a list of rule names, e.g. ['sniper'].")
        for rule in rules:
            check_choice("special rule", rule, SPECIAL_RULES)
        # One order, no repeats: equal situations compare and hash equal.
        object.__setattr__(self, "special_rules", tuple(r for r in SPECIAL_RULES if r in rules))


@dataclass(frozen=True)
class ShotResult:
    """The answer for one Shot: modifier, score needed, roll in words, exact chance, and why."""

    shot: Shot
    modifier: int
    required: int | None
    roll: str
    probability: Fraction
    steps: tuple[Step, ...]

    @property
    def cover_step(self) -> Step | None:
        """The step that decided cover (applied, or skipped because of the LoS values)."""
        return next((s for s in self.steps if s.topic == "cover"), None)

    @property
    def cover_check(self) -> CoverCheck | None:
        """The LoS test behind the cover step (the same one its text was made from); None when
        no cover was considered."""
        if self.cover_step is None:
            return None
        return cover_check(self.shot.shooter_los, self.shot.blocker_los, self.shot.target_los)

    @property
    def faces(self) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        """The natural results that hit (see :func:`roll_faces`); every face for automatic hits."""
        if self.required is None:
            return tuple(range(1, 7)), None
        return roll_faces(self.required)


def _modifier_steps(shot: Shot):
    """Each shooting modifier that applies, and each one that was asked for but does not."""
    if shot.moved:
        yield Step("modifier", "Moved this turn (pivoting counts): -1.", -1)
    if shot.within_4_inches:
        yield Step("modifier", 'Target within 4": +1.', +1)
    if shot.stand_and_shoot:
        yield Step("modifier", "Stand & Shoot reaction: -1.", -1)
    if shot.target_is_lone_model:
        us = shot.target_unit_strength
        if us <= 2:
            yield Step("modifier", f"Lone model with Unit Strength {us} (2 or less): -1.", -1)
        else:
            yield Step("skipped", f"Lone model, but its Unit Strength {us} is more than 2: no modifier.")
    if shot.cover != "none":
        yield _cover_step(shot)
    for rule in shot.special_rules:
        yield Step("modifier", f"{SPECIAL_RULE_NAMES[rule]}: -1.", -1)


def _cover_step(shot: Shot) -> Step:
    name = COVER_NAMES[shot.cover]
    name = f"{name[0].upper()}{name[1:]}"
    check = cover_check(shot.shooter_los, shot.blocker_los, shot.target_los)
    if check.counts:
        delta = COVER_MODIFIER[shot.cover]
        return Step("modifier", f"{name} obscures the majority of the target: {delta}. It counts "
                    f"because {check.reason} ({check.arithmetic}).", delta, topic="cover")
    return Step("skipped", f"{name} gives no cover: {check.reason} (it needs {check.arithmetic}).",
                topic="cover")


def resolve(shot: Shot) -> ShotResult:
    """Work out one Shot: every modifier with its reason, the score needed, the exact chance."""
    if not isinstance(shot, Shot):
        raise ValueError("resolve() takes a Shot.")
    if shot.automatic:
        return ShotResult(
            shot, 0, None, "automatic", Fraction(1),
            (Step("note", "Automatic hits (e.g. a magic missile): no To Hit roll is made; each "
                  "automatic hit is a hit, whatever the BS and modifiers.", 0, tuple(range(1, 7))),
             Step("chance", "Chance per hit: 1 (100.0%).", 0, tuple(range(1, 7)))),
        )
    bs = shot.ballistic_skill
    base = 7 - bs
    steps = [Step("base", f"BS {bs}: the score needed starts at 7 - {bs} = {base}.", 0,
                  roll_faces(base)[0])]
    modifier = 0
    for step in _modifier_steps(shot):
        modifier += step.delta
        running = 7 - bs - modifier
        text = f"{step.text} Now needs {running}." if step.kind == "modifier" else step.text
        # Every step shows the faces that would hit if the roll were made right after it.
        steps.append(replace(step, text=text, hitting_faces=roll_faces(running)[0]))
    required = required_score(bs, modifier)
    first = roll_faces(required)[0]
    if modifier:
        steps.append(Step("note", f"Modifiers are cumulative: net {modifier:+d}.", 0, first))
    roll = roll_text(required)
    probability = _chance(required)
    steps.append(_roll_step(required, roll))
    steps.append(Step("chance", f"Chance to hit with each shot: {chance_text(probability)}.", 0, first))
    return ShotResult(shot, modifier, required, roll, probability, tuple(steps))


def roll_once(result: ShotResult, rng) -> tuple[bool, tuple[int, ...]]:
    """Roll one shot with real (pseudo-random) dice: whether it hit, and the dice rolled.

    ``rng`` is a :class:`random.Random`, so a seed gives the same rolls every time.
    """
    first, second = result.faces
    die = rng.randint(1, 6)
    if die not in first:
        return False, (die,)
    if second is None:
        return True, (die,)
    again = rng.randint(1, 6)
    return again in second, (die, again)


def _roll_step(required: int, roll: str) -> Step:
    first, second = roll_faces(required)
    if not first:
        text = f"Needs {required}: a score of 10 or more is impossible, and the shot is lost."
    elif second is not None:
        text = (f"Needs {required}: roll a 6, then {second[0]}+ on a second D6 (the 7+ chart: "
                f"7 → 4+, 8 → 5+, 9 → 6+), so 1/6 × {len(second)}/6.")
    elif required <= 1:
        text = (f"Needs {required}, but a natural 1 always misses, so any 2+ hits. (The rules text does "
                "not say this; it is the long-standing rule of this game family and our reading: "
                f"{reading(_HIT_SECTION)}.)")
        return Step("roll", text, 0, first, anchor=anchor(_HIT_SECTION))
    else:
        text = f"Needs {required}: roll {roll} on a D6, {faces_of_six(len(first))}."
    return Step("roll", text, 0, first)


# After the hit: wounds, saves and casualties (docs/rules.md § Fantasy: after the hit) ----------

STRENGTH_RANGE = (1, 10)
TOUGHNESS_RANGE = (1, 10)
AP_RANGE = (-6, 0)
ARMOUR_BANE_RANGE = (0, 6)
WOUND_MODIFIER_RANGE = (-6, 6)
WOUNDS_RANGE = (1, 10)
#: Multiple Wounds rolls at most this many (a model has at most 10 Wounds).
MULTIPLE_WOUNDS_MOST = 10
POISON_BONUS = 2
#: Split fire: the models with a clear shot, those without, and one more group at most. Each
#: group's chances have their own denominators, and adding groups multiplies them.
MAX_SPLIT_GROUPS = 3


def wound_score(strength: int, toughness: int) -> int | None:
    """The To Wound score from Strength and Toughness, or None when too tough to wound.

    >>> wound_score(3, 3), wound_score(3, 5), wound_score(3, 9)
    (4, 6, None)
    """
    check_int("Strength", strength, *STRENGTH_RANGE)
    check_int("Toughness", toughness, *TOUGHNESS_RANGE)
    d = strength - toughness
    if d <= -6:
        return None
    return {1: 3, 0: 4, -1: 5}.get(d, 2 if d >= 2 else 6)


def wound_faces(score: int | None, modifier: int = 0) -> tuple[int, ...]:
    """The natural D6 results that wound: roll + modifier reaches the score, a natural 1 fails."""
    return () if score is None else d6_faces(score - modifier)


def wound_chance(strength: int, toughness: int, modifier: int = 0) -> Fraction:
    """The chance that one hit wounds; ``modifier`` is added to the roll (positive helps).

    >>> wound_chance(3, 3), wound_chance(3, 5), wound_chance(3, 9, modifier=2)
    (Fraction(1, 2), Fraction(1, 6), Fraction(0, 1))
    """
    score = wound_score(strength, toughness)
    check_int("The wound modifier", modifier, *WOUND_MODIFIER_RANGE)
    return Fraction(len(wound_faces(score, modifier)), 6)


def armour_faces(armour: int | None, ap: int) -> tuple[int, ...]:
    """The natural D6 results that pass the armour save: ``armour - AP`` or more, never a 1."""
    return () if armour is None else d6_faces(armour - ap)


def _check_saves(armour, ap, ward):
    check_score("Armour", armour)
    check_int("AP", ap, *AP_RANGE)
    check_score("The ward save", ward)


def save_chance(armour: int | None = None, ap: int = 0, ward: int | None = None) -> Fraction:
    """The chance one wound is saved: by armour (modified by AP) or, failing that, the ward.

    >>> save_chance(5, -1), save_chance(4, -3), 1 - save_chance(5, 0, ward=5)
    (Fraction(1, 6), Fraction(0, 1), Fraction(4, 9))
    """
    _check_saves(armour, ap, ward)
    armour_chance = Fraction(len(armour_faces(armour, ap)), 6)
    return armour_chance + (1 - armour_chance) * roll_chance(ward)


@dataclass(frozen=True)
class Weapon:
    """What a hit does: Strength, AP, Multiple Wounds, Poisoned Attacks, Armour Bane (X), and in
    combat Killing Blow and Monster Slayer (docs/rules.md § Fantasy close combat)."""

    strength: int
    ap: int = 0
    #: Parsed dice; text such as ``"D3"`` is parsed once, here.
    multiple_wounds: AttackDice | str = "1"
    poisoned: bool = False
    armour_bane: int = 0
    killing_blow: bool = False
    monster_slayer: bool = False

    def __post_init__(self) -> None:
        check_int("Strength", self.strength, *STRENGTH_RANGE)
        check_int("AP", self.ap, *AP_RANGE)
        object.__setattr__(self, "multiple_wounds",
                           parse_damage(self.multiple_wounds, "Multiple Wounds", MULTIPLE_WOUNDS_MOST))
        if not isinstance(self.poisoned, bool):
            raise ValueError(f"poisoned must be True or False (got {self.poisoned!r}).")
        check_int("Armour Bane", self.armour_bane, *ARMOUR_BANE_RANGE)
        for name in ("killing_blow", "monster_slayer"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False (got {getattr(self, name)!r}).")


@dataclass(frozen=True)
class Target:
    """The target unit: Toughness, armour, ward, Regeneration, Wounds per model, models, and its
    troop type (one of TROOP_TYPES: what it brings to combat, docs/rules.md § Fantasy close combat)."""

    toughness: int
    armour: int | None = None
    ward: int | None = None
    regeneration: int | None = None
    wounds: int = 1
    models: int = 1
    troop: str = "regular_infantry"

    def __post_init__(self) -> None:
        check_int("Toughness", self.toughness, *TOUGHNESS_RANGE)
        _check_saves(self.armour, 0, self.ward)
        check_score("Regeneration", self.regeneration)
        check_int("Wounds per model", self.wounds, *WOUNDS_RANGE)
        check_int("The number of models", self.models, *MODELS_RANGE)
        check_choice("troop type", self.troop, __getattr__("TROOP_TYPES"))


def shoot(shot: Shot, shots, weapon: Weapon, target: Target) -> ChainResult:
    """The whole shooting attack: hits, wounds, unsaved wounds, Wounds lost and models removed.

    >>> r = shoot(Shot(3), 10, Weapon(3), Target(3, armour=5, models=10))
    >>> r.hit_chance, r.wound_chance, r.unsaved_chance, r.models_removed.mean
    (Fraction(1, 2), Fraction(1, 2), Fraction(2, 3), Fraction(5, 3))
    """
    return shoot_split([(shot, shots)], weapon, target)


def shoot_split(groups, weapon: Weapon, target: Target) -> ChainResult:
    """Split fire into one target: ``groups`` is a list of ``(Shot, shots)``, one per group.

    The groups' unsaved wounds add up before they are allocated to the target's models.
    """
    if not isinstance(weapon, Weapon) or not isinstance(target, Target):
        raise ValueError("shoot() takes a Weapon and a Target.")
    if (isinstance(groups, (str, bytes)) or not isinstance(groups, (list, tuple))
            or not 1 <= len(groups) <= MAX_SPLIT_GROUPS):
        raise ValueError(f"Split fire takes 1 to {MAX_SPLIT_GROUPS} groups of (Shot, shots).")
    results, chances = [], []
    for group in groups:
        if not isinstance(group, (list, tuple)) or len(group) != 2:
            raise ValueError("Each group is a pair (Shot, shots).")
        shot, shots = group
        dice = parse_attacks(shots)
        hit = resolve(shot)
        results.append(hit)
        chances.append((dice, *_per_shot(hit, weapon, target)))
    profile = Profile.of(weapon.multiple_wounds, target.wounds, target.models, target.regeneration,
                         "Multiple Wounds", MULTIPLE_WOUNDS_MOST)
    score = wound_score(weapon.strength, target.toughness)
    fallback = (Fraction(len(wound_faces(score)), 6), _unsaved_after(wound_faces(score), weapon, target))
    stage_chances = pooled(chances, fallback)
    steps = [*_wound_steps(weapon, target, score, results, stage_chances[1]),
             *_save_steps(weapon, target, stage_chances[2]),
             *damage_steps(profile, what="Multiple Wounds", per_point="Regeneration",
                           reading=" (Reading: the 2024 book took Regeneration as a save, like a ward; the "
                                   "current rules index rolls it per Wound lost, and so do we.)")]
    hit = results[0] if len(results) == 1 else tuple(results)
    return chain(hit, chances, profile, stage_chances, steps)


def _poison_can_apply(hit: ShotResult) -> bool:
    """Whether a hit can come from a natural 6 on the single To Hit D6 (not the 7+ chart, not automatic)."""
    return hit.required is not None and hit.required < SECOND_DIE_FROM and hit.probability > 0


def _unsaved_after(faces: tuple[int, ...], weapon: Weapon, target: Target) -> Fraction:
    """The chance a wound from one of these natural faces goes unsaved (mean over the faces)."""
    if not faces:
        faces = (2,)  # what an ordinary wound would face, where none can be scored
    fails = [1 - save_chance(target.armour, _bane_ap(weapon, face), target.ward) for face in faces]
    return sum(fails, Fraction(0)) / len(faces)


def _bane_ap(weapon: Weapon, wound_face: int) -> int:
    ap = weapon.ap - weapon.armour_bane if wound_face == 6 else weapon.ap
    return max(ap, AP_RANGE[0])


def _per_shot(hit: ShotResult, weapon: Weapon, target: Target) -> tuple[Fraction, Fraction, Fraction]:
    """Per shot: the chance to hit, to wound and to go unsaved, summed over natural-6 categories."""
    score = wound_score(weapon.strength, target.toughness)
    natural_six = Fraction(1, 6) if weapon.poisoned and _poison_can_apply(hit) else Fraction(0)
    categories = ((hit.probability - natural_six, wound_faces(score)),
                  (natural_six, wound_faces(score, POISON_BONUS)))
    wound = unsaved = Fraction(0)
    for chance, faces in categories:
        wound += chance * Fraction(len(faces), 6)
        unsaved += chance * Fraction(len(faces), 6) * _unsaved_after(faces, weapon, target) if faces else 0
    return hit.probability, wound, unsaved


def _wound_steps(weapon: Weapon, target: Target, score: int | None, hits_: list[ShotResult], chance: Fraction):
    """The wound roll, step by step; ``chance`` is the engine's chance to wound per hit (poisoned
    natural 6s included)."""
    s, t = weapon.strength, target.toughness
    d = s - t
    faces = wound_faces(score)
    yield Step("note", "The rules text stops at the hit. Wounds, saves and casualties follow the current "
               "rules index of the published game it is modelled on: a reading, not a quote "
               f"({reading(_AFTER_THE_HIT_SECTION)}).", topic="wound", anchor=anchor(_AFTER_THE_HIT_SECTION))
    if score is None:
        yield Step("base", f"Strength {s} against Toughness {t}: S - T = {d}, -6 or less, so the target is too "
                   "tough to wound: no roll is made.", topic="wound")
    else:
        band = {2: "+2 or more", 3: "+1", 4: "0", 5: "-1", 6: "-2 to -5"}[score]
        shown = f"{d:+d} ({band})" if d not in (-1, 0, 1) else band
        yield Step("roll", f"Strength {s} against Toughness {t}: S - T = {shown}, so {score}+ to wound, "
                   f"{faces_of_six(len(faces))}. A natural 1 always fails, and there is no 7+ chart for wounds.",
                   hitting_faces=faces, topic="wound")
    if weapon.poisoned:
        poison = wound_faces(score, POISON_BONUS)
        if any(_poison_can_apply(h) for h in hits_):
            text = (f"Poisoned Attacks: a hit from a natural 6 on the single To Hit D6 gets +{POISON_BONUS} to "
                    "wound" + (f", so it wounds on a natural {poison[0]}+." if poison else
                               ", but it cannot wound a target that is too tough.") +
                    " (Reading: the 2024 book wounded automatically; the current rules index gives +2.)")
            yield Step("modifier", text, delta=POISON_BONUS, hitting_faces=poison, topic="wound")
        else:
            yield Step("skipped", "Poisoned Attacks: never applies to a shot that needs the 7+ chart, hits "
                       "automatically, or cannot hit.", topic="wound")
    plain = Fraction(len(faces), 6)
    yield Step("chance", f"Chance to wound per hit: {chance_text(chance)}."
               + (f" A hit that is not a poisoned natural 6 wounds with {chance_text(plain)}; the poisoned "
                  "ones raise it." if chance != plain else ""), topic="wound")


def _save_steps(weapon: Weapon, target: Target, unsaved: Fraction):
    """The saves, step by step; ``unsaved`` is the engine's chance that a wound goes unsaved
    (Armour Bane and poisoned wounds included)."""
    armour, ap, ward = target.armour, weapon.ap, target.ward
    faces = armour_faces(armour, ap)
    if armour is None:
        yield Step("base", "No armour save.", topic="save")
    elif faces:
        text = (f"Armour {armour}+" + (f", AP {ap}: needs {armour - ap}+" if ap else ": needs it") +
                f" on a D6, {faces_of_six(len(faces))}; a natural 1 always fails.")
        yield Step("roll", text, hitting_faces=faces, topic="save")
    else:
        yield Step("roll", f"Armour {armour}+, AP {ap}: it would need {armour - ap}, above 6, so there is "
                   "no armour save.", topic="save")
    if weapon.armour_bane:
        bane_faces = armour_faces(armour, _bane_ap(weapon, 6))
        yield Step("modifier", f"Armour Bane ({weapon.armour_bane}): a natural 6 to wound improves that wound's AP "
                   f"by {weapon.armour_bane}, to {_bane_ap(weapon, 6)}" +
                   (f": its armour save needs {bane_faces[0]}+." if bane_faces else ": no armour save against it."),
                   delta=-weapon.armour_bane, hitting_faces=bane_faces, topic="save")
    if ward is not None:
        yield Step("roll", f"Ward save {ward}+: taken only when the armour save fails or cannot be made. AP never "
                   "modifies it; a natural 1 always fails.", hitting_faces=d6_faces(ward), topic="save")
    ordinary = 1 - save_chance(armour, ap, ward)
    yield Step("chance", f"Chance a wound goes unsaved: {chance_text(unsaved)}."
               + (f" A wound from any roll but a natural 6 goes unsaved with {chance_text(ordinary)}; Armour Bane "
                  "makes a natural 6 more likely to go unsaved, which raises it." if unsaved != ordinary else ""),
               topic="save")


# A whole unit: several profiles into one target (docs/rules.md) ----------------------------------

_UNIT_SECTION = "A whole unit: several weapons into one target"


@dataclass(frozen=True)
class Group:
    """One profile of a unit's shooting: its hit roll (a Shot), how many shots, its Weapon, and
    optionally a name for the explanation (``"champion"``)."""

    shot: Shot
    shots: AttackDice | int | str
    weapon: Weapon
    name: str = ""

    def __post_init__(self) -> None:
        parts = (("shot", self.shot, Shot), ("weapon", self.weapon, Weapon))
        object.__setattr__(self, "shots", check_profile("fantasy", parts, self.shots, self.name))

    @property
    def multiple_wounds(self) -> bool:
        """Whether its weapon has Multiple Wounds (anything but 1; a D3 that can roll 1 counts)."""
        return str(self.weapon.multiple_wounds) != "1"


def shoot_unit(groups, target: Target) -> UnitResult:
    """A whole unit's shooting: 1 to 6 Groups at one Target, damage carried from one to the next.

    The rules fix part of the order: the groups with Multiple Wounds first, as given, then the
    single-wound groups, as given; the best order reorders only the Multiple Wounds groups.

    >>> sure = Shot(3, automatic=True)
    >>> unit = shoot_unit([Group(sure, 1, Weapon(3, multiple_wounds=w)) for w in "121"], Target(3, wounds=2, models=2))
    >>> unit.order, unit.models_removed.mean, unit.best_order
    ((1, 0, 2), Fraction(3, 4), (1, 0, 2))
    """
    groups = check_groups(groups, Group, "fantasy.Group(shot, shots, weapon)")
    if not isinstance(target, Target):
        raise ValueError("shoot_unit() takes a fantasy.Target.")
    multiple = tuple(i for i, g in enumerate(groups) if g.multiple_wounds)
    order = (*multiple, *(i for i, g in enumerate(groups) if not g.multiple_wounds))
    alone = [shoot(g.shot, g.shots, g.weapon, target) for g in groups]
    names = [g.name or f"profile {i}" for i, g in enumerate(groups, 1)]
    why = []
    if multiple and len(multiple) < len(groups):
        why.append(Step("note", "The rules index's FAQ (General Principles) applies a unit's unsaved wounds one model "
                        "at a time, those with Multiple Wounds before single wounds: so "
                        f"{', '.join(names[i] for i in multiple)} first, then the others as listed. Only the "
                        f"Multiple Wounds groups may be reordered (a reading: {reading(_UNIT_SECTION)}).",
                        topic="order", anchor=anchor(_UNIT_SECTION)))
    return resolve_unit(alone, order, len(multiple), names, why)
