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

from hitrules.dice import d6_faces
from hitrules.steps import Step, anchor, check_choice, check_int, reading
from hitrules.words import chance_text, faces_of_six

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

