"""Fantasy close combat: the melee hit roll, and one whole round to the Break test.

Our reading of the rules is docs/rules.md § Fantasy close combat and the sections after it.

>>> melee_score(4, 3), melee_score(4, 9), melee_hit_chance(4, 3, modifier=-1)
(3, 5, Fraction(1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, gcd, lcm

from hitrules._steps import (
    Step,
    anchor,
    chance_text,
    check_choice,
    check_int,
    count_text,
    faces_of_six,
    number_text,
    reading,
)
from hitrules.damage import ChainResult, Profile, Stages, damage_steps, pooled, roll_chance
from hitrules.dice import AttackDice, Distribution, _convolve, d6_faces, parse_attacks
from hitrules.fantasy import (
    MODIFIER_RANGE,
    MULTIPLE_WOUNDS_MOST,
    POISON_BONUS,
    Target,
    Weapon,
    _bane_ap,
    _save_steps,
    _unsaved_after,
    _wound_steps,
    save_chance,
    wound_faces,
    wound_score,
)
from hitrules.unit import MAX_NAME

__all__ = [
    "POSITIONS",
    "REROLLS",
    "TROOP_TYPES",
    "BreakOutcome",
    "Fighters",
    "MeleeHit",
    "RoundResult",
    "Side",
    "break_test",
    "check_supporting",
    "combat_round",
    "melee_hit",
    "melee_hit_chance",
    "melee_score",
    "rank_bonus",
    "strike",
    "unit_strength",
]

WS_RANGE = (1, 10)
INITIATIVE_RANGE = (1, 10)
LEADERSHIP_RANGE = (2, 10)
RANK_WIDTH_RANGE = (1, 20)
RANK_AND_FILE_ATTACKS_RANGE = (1, 10)
BONUS_RANGE = (0, 10)
#: A side's others: a champion, a character, a mount.
MAX_OTHERS = 2
REROLLS = ("none", "ones", "failed")
POSITIONS = ("front", "flank", "rear")
POSITION_BONUS = {"front": 0, "flank": 1, "rear": 2}


@dataclass(frozen=True)
class _Troop:
    """What a troop type brings to combat: the least models a rank needs to count for the Rank
    Bonus, the most Rank Bonus, the Unit Strength per model (None: its Wounds characteristic),
    and which of Killing Blow and Monster Slayer work against it."""

    name: str
    min_per_rank: int | None
    max_rank_bonus: int
    unit_strength: int | None
    killing_blow: bool
    monster_slayer: bool


_TROOPS = (
    _Troop("regular infantry", 5, 2, 1, True, False),
    _Troop("heavy infantry", 4, 2, 1, True, False),
    _Troop("monstrous infantry", 3, 2, 3, True, False),
    _Troop("light cavalry", 5, 1, 2, True, False),
    _Troop("heavy cavalry", 4, 1, 2, True, False),
    _Troop("monstrous cavalry", 3, 1, 3, True, False),
    _Troop("war beasts", 5, 1, 1, True, False),
    _Troop("light chariots", 3, 1, 3, False, False),
    _Troop("heavy chariots", None, 0, 5, False, False),
    _Troop("monster", None, 0, None, False, True),
    _Troop("war machine", None, 0, None, False, False),
    _Troop("swarm", None, 0, 3, True, False),
)
TROOPS = {t.name.replace(" ", "_"): t for t in _TROOPS}
#: The troop types a Target can be, in the order a page lists them.
TROOP_TYPES = tuple(TROOPS)

#: The sections of docs/rules.md the Why cites: each step names one in words and carries its anchor.
_SECTIONS = {
    "combat": "Fantasy close combat",
    "who first": "Fantasy combat: who strikes first",
    "killing": "Fantasy combat: Killing Blow and Monster Slayer",
    "result": "Fantasy combat: the combat result",
    "break": "Fantasy combat: the Break test",
}
_COMBAT, _WHO_FIRST, _KILLING, _RESULT, _BREAK = (reading(s) for s in _SECTIONS.values())


def _cites(key: str) -> str:
    """The anchor of the docs/rules.md section a step names."""
    return anchor(_SECTIONS[key])


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


def _hit_faces(score: int, reroll: str, reroll_sixes: bool) -> tuple[int, int]:
    """Out of 36: the ways one attack hits with a die other than a natural 6, and with a natural 6
    (the die that stands), for a held score 2..6 and the re-rolls."""

    def rerolled(face: int) -> bool:
        if face == 6:
            return reroll_sixes
        if face < score:
            return reroll == "failed" or (reroll == "ones" and face == 1)
        return False

    other = six = 0
    for face in range(1, 7):
        if rerolled(face):
            other += 6 - score  # the new die stands: score..5 hit, a 6 hits too
            six += 1
        elif face == 6:
            six += 6
        elif face >= score:
            other += 6
    return other, six


def _check_hit_inputs(modifier: int, reroll: str, reroll_sixes: bool) -> None:
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
    _check_hit_inputs(modifier, reroll, reroll_sixes)
    score = _held(chart, modifier)
    other, six = _hit_faces(score, reroll, reroll_sixes)
    probability = Fraction(other + six, 36)
    steps = [Step("base", f"WS {attacker_ws} against WS {target_ws}: {chart}+ to hit on the Weapon Skill "
                  f"chart ({_COMBAT}).", 0, d6_faces(chart), topic="hit", anchor=_cites("combat"))]
    if modifier:
        raw = chart - modifier
        text = f"To-hit modifiers {modifier:+d}: needs {raw}"
        if raw != score:
            text += (f", held to {score}+: a natural 6 always hits." if raw > 6 else
                     f", held to {score}+: a natural 1 always fails.")
        else:
            text += "+."
        steps.append(Step("modifier", text, modifier, d6_faces(score), topic="hit"))
    steps.append(Step("roll", f"Roll {score}+ on a D6, {faces_of_six(7 - score)}; a natural 1 always fails "
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


# Attack profiles and sides -------------------------------------------------------------------


def _check_bool(name: str, value: object) -> None:
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

    def __post_init__(self) -> None:
        object.__setattr__(self, "attacks", parse_attacks(self.attacks))
        check_int("WS", self.ws, *WS_RANGE)
        if not isinstance(self.weapon, Weapon):
            raise ValueError("Fighters need a Weapon.")
        check_int("Initiative", self.initiative, *INITIATIVE_RANGE)
        _check_hit_inputs(self.modifier, self.reroll, False)
        _check_bool("automatic", self.automatic)
        if not isinstance(self.name, str) or len(self.name) > MAX_NAME:
            raise ValueError(f"A profile's name must be text of at most {MAX_NAME} characters.")


@dataclass(frozen=True)
class Side:
    """One side of a combat: its unit (the rank and file every enemy attack strikes), the rank and
    file's profile, its others, Impact Hits and Stomps, and its combat result bonuses."""

    unit: Target
    ws: int
    initiative: int
    leadership: int
    rank_width: int
    fighting: int
    supporting: int
    attacks: int
    weapon: Weapon
    others: tuple[Fighters, ...] = ()
    impact: Fighters | None = None
    stomp: Fighters | None = None
    modifier: int = 0
    reroll: str = "none"
    standard: bool = False
    battle_standard: bool = False
    position: str = "front"
    high_ground: bool = False
    bonus: int = 0
    disrupted: bool = False
    massed_infantry: bool = False
    unbreakable: bool = False
    stubborn: bool = False
    reroll_sixes: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.unit, Target):
            raise ValueError("A side's unit must be a Target.")
        check_int("WS", self.ws, *WS_RANGE)
        check_int("Initiative", self.initiative, *INITIATIVE_RANGE)
        check_int("Leadership", self.leadership, *LEADERSHIP_RANGE)
        check_int("The rank width", self.rank_width, *RANK_WIDTH_RANGE)
        check_int("The models in the fighting rank", self.fighting, 0, self.unit.models)
        check_int("The supporting models", self.supporting, 0, self.unit.models)
        if self.fighting + self.supporting > self.unit.models:
            raise ValueError(f"The fighting rank ({self.fighting}) and the supporting models ({self.supporting}) "
                             f"are more than the unit's {self.unit.models} models.")
        check_int("The rank and file's Attacks", self.attacks, *RANK_AND_FILE_ATTACKS_RANGE)
        if not isinstance(self.weapon, Weapon):
            raise ValueError("A side needs a Weapon for its rank and file.")
        others = self.others
        if isinstance(others, Fighters):
            others = (others,)
        if not isinstance(others, (tuple, list)) or len(others) > MAX_OTHERS:
            raise ValueError(f"A side has up to {MAX_OTHERS} others (champion, character, mount).")
        for other in others:
            if not isinstance(other, Fighters) or other.automatic:
                raise ValueError("Each of a side's others is Fighters that roll to hit (automatic=False).")
        object.__setattr__(self, "others", tuple(others))
        for name in ("impact", "stomp"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, Fighters) or not value.automatic):
                label = "Impact Hits" if name == "impact" else "Stomp Attacks"
                raise ValueError(f"{label} must be Fighters with automatic=True, or none.")
        _check_hit_inputs(self.modifier, self.reroll, self.reroll_sixes)
        for name in ("standard", "battle_standard", "high_ground", "disrupted", "massed_infantry",
                     "unbreakable", "stubborn"):
            _check_bool(name, getattr(self, name))
        check_choice("position", self.position, POSITIONS)
        check_int("The other bonus", self.bonus, *BONUS_RANGE)

    @property
    def rank_and_file(self) -> Fighters:
        """The rank and file as one profile (its Attacks are those of one fighting model)."""
        return Fighters(self.attacks, self.ws, self.weapon, self.initiative, self.modifier, self.reroll)


# Combat result and Break test ------------------------------------------------------------------


def rank_bonus(models: int, rank_width: int, troop: str = "regular_infantry") -> int:
    """The Rank Bonus of ``models`` models in ranks ``rank_width`` wide.

    >>> rank_bonus(20, 5), rank_bonus(14, 5), rank_bonus(16, 5), rank_bonus(14, 5, "heavy_infantry")
    (2, 1, 2, 2)
    """
    kind = TROOPS[check_choice("troop type", troop, TROOP_TYPES)]
    if kind.min_per_rank is None or models <= 0:
        return 0
    full, last = divmod(models, rank_width)
    counted = (full if rank_width >= kind.min_per_rank else 0) + (last >= kind.min_per_rank)
    return min(max(counted - 1, 0), kind.max_rank_bonus)


def unit_strength(models: int, target: Target) -> int:
    """The Unit Strength of ``models`` models of the target's troop type."""
    per_model = TROOPS[target.troop].unit_strength
    return models * (target.wounds if per_model is None else per_model)


@dataclass(frozen=True)
class BreakOutcome:
    """The loser's Break test: the chance of each outcome (they add up to 1)."""

    breaks: Fraction
    falls_back: Fraction
    gives_ground: Fraction


def _break_ways(leadership: int, difference: int, outnumbered: bool, unbreakable: bool,
                stubborn: bool) -> tuple[int, int, int]:
    """Out of the 36 rolls of 2D6: the ways the loser Breaks, Falls Back in Good Order, Gives Ground."""
    if unbreakable:
        return 0, 0, 36
    if stubborn:
        return 0, 36, 0
    ways = [0, 0, 0]
    for a in range(1, 7):
        for b in range(1, 7):
            natural = a + b
            if natural == 2 or natural + difference <= leadership:  # a double 1 always Gives Ground
                ways[2] += 1
            elif natural > leadership or outnumbered:
                ways[0] += 1
            else:
                ways[1] += 1
    return ways[0], ways[1], ways[2]


def break_test(leadership: int, difference: int, outnumbered: bool = False, unbreakable: bool = False,
               stubborn: bool = False) -> BreakOutcome:
    """The Break test of a side that lost by ``difference``; ``outnumbered``: the winner's Unit
    Strength is more than twice the loser's.

    >>> b = break_test(7, 2)
    >>> b.breaks, b.falls_back, b.gives_ground
    (Fraction(5, 12), Fraction(11, 36), Fraction(5, 18))
    """
    check_int("Leadership", leadership, *LEADERSHIP_RANGE)
    check_int("The difference of the scores", difference, 1, 1000)
    for name, value in (("outnumbered", outnumbered), ("unbreakable", unbreakable), ("stubborn", stubborn)):
        _check_bool(name, value)
    return BreakOutcome(*(Fraction(w, 36) for w in _break_ways(leadership, difference, outnumbered, unbreakable,
                                                                stubborn)))


# The round ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundResult:
    """One round of combat, for the charger: the chances to win, draw and lose, the score
    difference, the models each side loses, each side's chance of losing with each outcome
    (``"break"``, ``"fall_back"``, ``"give_ground"``, ``"wiped_out"``), and why."""

    win: Fraction
    draw: Fraction
    lose: Fraction
    difference: dict[int, Fraction]
    charger_models_lost: Distribution
    charged_models_lost: Distribution
    charger_test: dict[str, Fraction]
    charged_test: dict[str, Fraction]
    steps: tuple[Step, ...]
    #: How the round can end, for what comes after it (the charge's Break test and pursuit): each
    #: ((the charger's score minus the charged's, the charger wiped out, the charged wiped out, the
    #: charger's Unit Strength more than twice the charged's, the charged's more than twice the
    #: charger's), chance), the chances adding up to 1.
    ends: tuple[tuple[tuple[int, bool, bool, bool, bool], Fraction], ...] = ()


# The engine: the unsaved wounds of one step into a unit, in the FAQ's order --------------------
#
# A unit's state is the Wounds it has lost: which models are gone and how much damage sits on the
# current one. The Wounds Regeneration recovers change no state but count for the enemy's score, so
# the round follows only how many more the charged recovered than the charger. Chances are integer
# weights over a common denominator, as in hitrules.dice.

_AUTOMATIC_HIT = MeleeHit(None, None, Fraction(1), Fraction(0), (
    Step("note", "Impact Hits and Stomp Attacks hit automatically: no roll to hit, and Poisoned Attacks "
         "never applies.", 0, tuple(range(1, 7)), topic="hit"),), automatic=True)
_ONE_WOUND = parse_attacks(1)


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
class _Blow:
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
    def of(cls, fighters: Fighters, target: Target, target_ws: int, reroll_sixes: bool) -> _Blow:
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
                    ordinary += chance / 6 * (1 - save_chance(target.armour, _bane_ap(weapon, face), target.ward))
        den = lcm(killing.denominator, ordinary.denominator)
        return cls(fighters, hit, wound, killing, ordinary, rule, den, int(killing * den), int(ordinary * den))

    @property
    def multiple_wounds(self) -> AttackDice:
        return self.fighters.weapon.multiple_wounds


class _Work:
    """A count of the steps a round has taken, to refuse a round too big to work out exactly."""

    def __init__(self) -> None:
        self.done = 0

    def add(self, steps: int) -> None:
        self.done += steps
        if self.done > MAX_WORK:
            raise ValueError("This combat is too big to work out exactly: use fewer attacks, models or Wounds "
                             "(Regeneration with Multiple Wounds into many Wounds costs the most).")


class _Damage:
    """Unsaved wounds into one unit, one at a time, over the Wounds it has lost; memoised for one round."""

    def __init__(self, target: Target, work: _Work):
        self.wounds, self.regeneration = target.wounds, target.regeneration
        self.full = target.wounds * target.models
        self.work = work
        self._outcomes: dict = {}
        self._after: dict = {}
        self._unsaved: dict = {}

    def killing(self, lost: int, count: int) -> int:
        """After ``count`` Killing Blows: each removes a model outright, whatever Wounds it had left
        (and counts them all)."""
        if not count or lost == self.full:
            return lost
        return min(self.full, (lost // self.wounds + count) * self.wounds)

    def den(self, dice: AttackDice) -> int:
        """The ways one ordinary unsaved wound of these Multiple Wounds can go, in all."""
        return self.outcomes(dice, self.wounds)[1]

    def outcomes(self, dice: AttackDice, left: int):
        """One ordinary unsaved wound into a model with ``left`` Wounds: the ways of each (Wounds lost,
        Wounds counted), and the ways in all. Regeneration is rolled one point at a time until the
        model has lost its last Wound; a recovered point still counts."""
        key = (dice, left)
        if key not in self._outcomes:
            ways, top = dice.weights(), dice.maximum
            out: dict = {}
            if self.regeneration is None:
                for x, w in enumerate(ways):
                    if w:
                        k = min(x, left)
                        out[k, k] = out.get((k, k), 0) + w
                den = sum(ways)
            else:
                save = int(roll_chance(self.regeneration) * 6)
                fail = 6 - save
                for x, w in enumerate(ways):
                    for c in range(left, x + 1 if w else 0):  # the model's last Wound goes on point c
                        out[left, c] = (out.get((left, c), 0)
                                        + w * comb(c - 1, left - 1) * fail**left * save ** (c - left) * 6 ** (top - c))
                    for lost in range(min(x, left - 1) + 1 if w else 0):  # every point rolled, it stands
                        out[lost, x] = (out.get((lost, x), 0)
                                        + w * comb(x, lost) * fail**lost * save ** (x - lost) * 6 ** (top - x))
                den = sum(ways) * 6**top
            self._outcomes[key] = (tuple(out.items()), den)
        return self._outcomes[key]

    def after(self, dice: AttackDice, start: int, count: int) -> dict:
        """(Wounds lost, Wounds recovered) after ``count`` ordinary unsaved wounds into the unit with
        ``start`` Wounds lost: ways over den^count."""
        runs = self._after.setdefault((dice, start), [{(start, 0): 1}])
        if len(runs) > count:
            return runs[count]
        den, wounds, full = self.den(dice), self.wounds, self.full
        outcomes = [()] + [self.outcomes(dice, left)[0] for left in range(1, wounds + 1)]
        while len(runs) <= count:
            new: dict = {}
            self.work.add(len(runs[-1]) * len(outcomes[-1]))
            for (lost, recovered), w in runs[-1].items():
                if lost == full:  # wiped out: what is left of the damage counts nothing
                    new[lost, recovered] = new.get((lost, recovered), 0) + w * den
                    continue
                for (loses, counted), v in outcomes[wounds - lost % wounds]:
                    key = (lost + loses, recovered + counted - loses)
                    new[key] = new.get(key, 0) + w * v
            runs.append(new)
        return runs[count]

    def unsaved(self, a: int, b: int, den: int, attacks: int) -> dict:
        """(Killing Blows, ordinary unsaved wounds) from ``attacks`` attacks, each one or the other in
        ``a`` and ``b`` ways out of ``den``: ways over den^attacks."""
        key = (a, b, den, attacks)
        if key not in self._unsaved:
            c = den - a - b
            out = {}
            for i in range(attacks + 1 if a else 1):
                for j in range(attacks - i + 1 if b else 1):
                    ways = (factorial(attacks) // (factorial(i) * factorial(j) * factorial(attacks - i - j))
                            * a**i * b**j * c ** (attacks - i - j))
                    if ways:
                        out[i, j] = ways
            self._unsaved[key] = out
        return self._unsaved[key]


class _Volley:
    """The profiles that strike one unit at one step, and where their unsaved wounds land: the
    Killing Blows first, then each Multiple Wounds profile in the side's order, then the single
    wounds (docs/rules.md § Fantasy close combat). ``blows`` pairs each profile with its attacks:
    dice (fixed), or the most the rank and file can make (their number is given per state).
    :meth:`kernel` gives the unit's next states as ways over :attr:`den`, one denominator for every
    state and number of attacks."""

    def __init__(self, damage: _Damage, blows: list[tuple[_Blow, AttackDice | int]]):
        _check_size(blows)
        self.damage, self.blows = damage, blows
        # Into models of one Wound with no Regeneration, every unsaved wound removes one model:
        # a Killing Blow or Multiple Wounds changes nothing, so all of them are single wounds.
        plain = damage.wounds == 1 and damage.regeneration is None
        self.ways = [(0, b.ways_killing + b.ways_ordinary, b.den) if plain else
                     (b.ways_killing, b.ways_ordinary, b.den) for b, _ in blows]
        dice_of, most_of = [], []
        groups: list[list] = []  # [Multiple Wounds dice, the most wounds it can take]
        for blow, attacks in blows:
            most = attacks if isinstance(attacks, int) else attacks.maximum
            dice = _ONE_WOUND if plain else blow.multiple_wounds
            if dice != _ONE_WOUND:
                groups.append([dice, 0])
            dice_of.append(len(groups) - 1 if dice != _ONE_WOUND else None)
            most_of.append(most)
        groups.append([_ONE_WOUND, 0])
        self.group_of = [len(groups) - 1 if g is None else g for g in dice_of]
        for g, most in zip(self.group_of, most_of, strict=True):
            groups[g][1] += most
        self.groups = [(dice, most) for dice, most in groups]
        den = 1
        for (blow, attacks), most in zip(blows, most_of, strict=True):
            den *= blow.den**most * (1 if isinstance(attacks, int) else attacks.sides**attacks.count)
        for dice, most in self.groups:
            den *= damage.den(dice) ** most
        self.den = den
        self._unsaved: dict = {}
        self._kernels: dict = {}

    def _one(self, i: int, count: int | None) -> dict:
        """Profile i's (Killing Blows, ordinary wounds), as ways over its share of the denominator."""
        key = (i, count)
        if key not in self._unsaved:
            attacks = self.blows[i][1]
            a, b, den = self.ways[i]
            out: dict = {}
            if isinstance(attacks, int):
                scale = den ** (attacks - count)
                out = {k: w * scale for k, w in self.damage.unsaved(a, b, den, count).items()}
            else:
                for n, ways in enumerate(attacks.weights()):
                    scale = ways * den ** (attacks.maximum - n)
                    for k, w in (self.damage.unsaved(a, b, den, n).items() if ways else ()):
                        out[k] = out.get(k, 0) + w * scale
            self._unsaved[key] = out
        return self._unsaved[key]

    def kernel(self, lost: int, counts: tuple) -> tuple:
        """The unit's Wounds lost after this step, from ``lost``, when the profiles make ``counts``
        attacks (None for dice): for each, the ways over :attr:`den` of 0, 1, 2 … Wounds recovered,
        their sum and their first moment (see :func:`_kernel_entry`)."""
        key = (lost, counts)
        if key in self._kernels:
            return self._kernels[key]
        damage, work = self.damage, self.damage.work
        # First every profile's Killing Blows (they add up: each removes the next model outright),
        # keeping count of each group's ordinary wounds still to land: (lost, recovered, pending) -> ways.
        states: dict = {(lost, 0, (0,) * len(self.groups)): 1}
        for i, count in enumerate(counts):
            g = self.group_of[i]
            one = self._one(i, count)
            work.add(len(states) * len(one))
            new: dict = {}
            for (now, recovered, pending), v in states.items():
                for (killing, ordinary), w in one.items():
                    waiting = list(pending)
                    waiting[g] += ordinary
                    k = (damage.killing(now, killing), recovered, tuple(waiting))
                    new[k] = new.get(k, 0) + v * w
            states = new
        # Then each group's ordinary wounds, one group after the other, in the side's order.
        for g, (dice, most) in enumerate(self.groups):
            full_pad = damage.den(dice) ** most
            new = {}
            for (now, recovered, pending), v in states.items():
                count = pending[g]
                rest = (*pending[:g], 0, *pending[g + 1:])
                if not count:
                    k = (now, recovered, rest)
                    new[k] = new.get(k, 0) + v * full_pad
                    continue
                after = damage.after(dice, now, count)
                work.add(len(after))
                scale = v * damage.den(dice) ** (most - count)
                for (then, more), u in after.items():
                    k = (then, recovered + more, rest)
                    new[k] = new.get(k, 0) + scale * u
            states = new
        out = {(now, recovered): v for (now, recovered, _), v in states.items()}
        by_lost: dict = {}
        for (then, recovered), v in out.items():
            by_lost.setdefault(then, {})[recovered] = v
        self._kernels[key] = result = tuple(
            _kernel_entry(then, [ways.get(r, 0) for r in range(max(ways) + 1)]) for then, ways in by_lost.items())
        return result


def _kernel_entry(lost: int, ways: list[int]) -> tuple:
    """One next state of a unit: its Wounds lost, the ways of each number of Wounds recovered, and
    (for the expected score) the ways in all and the Wounds recovered summed over them."""
    return lost, tuple(ways), sum(ways), sum(r * w for r, w in enumerate(ways))


def _lost_distributions(states, den: int, wounds: int, full: int) -> tuple[Distribution, Distribution]:
    """Wounds lost and models removed, from a unit's next states (see :func:`_kernel_entry`)."""
    lost = [0] * (full + 1)
    for n, _, w, _ in states:
        lost[n] += w
    removed = [0] * (full // wounds + 1)
    for n, w in enumerate(lost):
        removed[n // wounds] += w
    return Distribution(tuple(lost), den), Distribution(tuple(removed), den)


def _killing_steps(blow: _Blow, target: Target) -> list[Step]:
    weapon, troop = blow.fighters.weapon, target.troop.replace("_", " ")
    steps = []
    for asked, name in ((weapon.killing_blow, "Killing Blow"), (weapon.monster_slayer, "Monster Slayer")):
        if asked and blow.rule == name:
            steps.append(Step("modifier", f"{name}: a natural 6 to wound against {troop} allows no armour and no "
                              "Regeneration save (the ward save as usual); unsaved, it removes the model "
                              "whatever Wounds it has left, and these wounds land first "
                              f"({_KILLING}). Chance per attack: "
                              f"{chance_text(blow.killing)}.", topic="save", anchor=_cites("killing")))
        elif asked:
            steps.append(Step("skipped", f"{name} does not work against {troop}.", topic="save"))
    return steps


def strike(fighters: Fighters, target: Target, target_ws: int, reroll_sixes: bool = False) -> ChainResult:
    """One profile's attacks into a unit: the same chain as ``shoot``, with the melee hit roll,
    Killing Blow and Monster Slayer. Its unsaved wounds land in the order of docs/rules.md § Fantasy
    close combat: those that remove a model outright first.

    >>> r = strike(Fighters(4, 3, Weapon(3, killing_blow=True), 3), Target(3, armour=4, wounds=2, models=2), 3)
    >>> r.hit_chance, r.unsaved_chance, r.models_removed[2]
    (Fraction(1, 2), Fraction(2, 3), Fraction(7, 162))
    """
    if not isinstance(fighters, Fighters) or not isinstance(target, Target):
        raise ValueError("strike() takes Fighters and a Target.")
    check_int("The target's WS", target_ws, *WS_RANGE)
    _check_bool("reroll_sixes", reroll_sixes)
    blow = _Blow.of(fighters, target, target_ws, reroll_sixes)
    dice = fighters.attacks
    damage = _Damage(target, _Work())
    volley = _Volley(damage, [(blow, dice)])
    lost, removed = _lost_distributions(volley.kernel(0, (None,)), volley.den, target.wounds, damage.full)
    weapon = fighters.weapon
    score = wound_score(weapon.strength, target.toughness)
    unsaved = blow.killing + blow.ordinary
    group = (dice, blow.hit.probability, blow.wound, unsaved)
    fallback = (Fraction(len(wound_faces(score)), 6), _unsaved_after(wound_faces(score), weapon, target))
    stage_chances = pooled([group], fallback)
    profile = Profile.of(weapon.multiple_wounds, target.wounds, target.models, target.regeneration,
                         "Multiple Wounds", MULTIPLE_WOUNDS_MOST)
    steps = [*_wound_steps(weapon, target, score, [blow.hit], stage_chances[1]),
             *_save_steps(weapon, target, stage_chances[2]),
             *_killing_steps(blow, target),
             *damage_steps(profile, what="Multiple Wounds", per_point="Regeneration",
                           reading=" A recovered Wound still counts for the combat result.")]
    return ChainResult(blow.hit, Stages([group]), lost, removed, *stage_chances, tuple(steps))


#: The most attacks one profile may make in a round, and the most unsaved wounds' worth of damage
#: into one unit: beyond these, working the round out exactly is too slow for a page.
MAX_PROFILE_ATTACKS = 100
#: The most steps one round may take (each about a multiplication of whole numbers, a long one counted by
#: its length): measured on 2026-12-02 (bench/combat.py), a step costs 0.16 to 0.5 µs in rounds that take
#: over a second, so the most is at most about 1 s of CPU, and usually well under.
MAX_WORK = 2_500_000


def _check_size(blows) -> None:
    for _, attacks in blows:
        most = attacks if isinstance(attacks, int) else attacks.maximum
        if most > MAX_PROFILE_ATTACKS:
            raise ValueError(f"Too many attacks to work out: up to {most} from one profile; the most is "
                             f"{MAX_PROFILE_ATTACKS}.")


# The round --------------------------------------------------------------------------------------

_NAMES = ("charger", "charged")
_ORDINAL = ("first", "second")


def _rank_and_file_attacks(side: Side, models_lost: int, removed_before: int = 0) -> int:
    """Attacks of the rank and file with this many models slain: casualties come from the fighting
    rank first, and the models stepping up cannot attack. ``removed_before`` of them were removed
    before the round, from the back (Stand & Shoot): the unit then fights with the ranks it has left."""
    left = side.unit.models - removed_before
    fighting_then = min(side.fighting, left)
    supporting_then = min(side.supporting, left - fighting_then)
    slain = models_lost - removed_before
    fighting = max(0, fighting_then - slain)
    supporting = max(0, supporting_then - max(0, slain - fighting_then))
    return side.attacks * fighting + supporting


@dataclass(frozen=True)
class _Phase:
    """One step of the round: its title, topic, and for each side the profiles that strike the
    other side's unit (Fighters, attacks: the most for the rank and file, else dice; whether it is
    the rank and file, and its name)."""

    title: str
    topic: str
    profiles: tuple[tuple, tuple]


def _other_name(side: Side, i: int) -> str:
    """How the Why calls a side's other: its name (a champion, a character, a mount), "first" or "second"
    before it when both others have it."""
    name = side.others[i].name or "champion, character or mount"
    if sum((o.name or "champion, character or mount") == name for o in side.others) > 1:
        return f"{_ORDINAL[i]} {name}"
    return name


def _phases(charger: Side, charged: Side) -> list[_Phase]:
    sides = (charger, charged)

    def profiles(when):
        out = []
        for s, side in enumerate(sides):
            mine = []
            if when == "impact" and side.impact is not None:
                mine.append((side.impact, side.impact.attacks, False, f"the {_NAMES[s]}'s Impact Hits"))
            elif when == "stomp" and side.stomp is not None:
                mine.append((side.stomp, side.stomp.attacks, False, f"the {_NAMES[s]}'s Stomp Attacks"))
            elif isinstance(when, int):
                if side.initiative == when and side.fighting + side.supporting:
                    mine.append((side.rank_and_file, side.attacks * side.fighting + side.supporting, True,
                                 f"the {_NAMES[s]}'s rank and file"))
                for i, other in enumerate(side.others):
                    if other.initiative == when:
                        mine.append((other, other.attacks, False, f"the {_NAMES[s]}'s {_other_name(side, i)}"))
            out.append(tuple(mine))
        return tuple(out)

    phases = [_Phase("Impact Hits", "impact", profiles("impact"))]
    phases += [_Phase(f"Initiative {i}", "initiative", profiles(i)) for i in range(INITIATIVE_RANGE[1], 0, -1)]
    phases.append(_Phase("Stomp Attacks", "stomp", profiles("stomp")))
    return [p for p in phases if any(p.profiles)]


def check_supporting(side: Side, enemy: Side, name: str = "side") -> None:
    """Refuse supporting attacks from a side fought in its flank or rear: "supporting attacks cannot be
    made to a unit's flank or rear" (docs/rules.md § Fantasy close combat). A model supports only to its
    own front, so the side that fights the enemy's flank or rear keeps its supporting attacks.

    >>> unit = Target(3, models=10)
    >>> side = dict(ws=3, initiative=3, leadership=7, rank_width=5, fighting=5, attacks=1, weapon=Weapon(3))
    >>> try:
    ...     check_supporting(Side(unit, supporting=5, **side), Side(unit, supporting=5, position="flank", **side),
    ...                      "charged")
    ... except ValueError as refusal:
    ...     print(str(refusal)[:60])
    Supporting attacks cannot be made to a unit's flank or rear:
    """
    where = enemy.position
    if where != "front" and side.supporting:
        raise ValueError(f"Supporting attacks cannot be made to a unit's flank or rear: the {name} is fought in "
                         f"its {where}, so its supporting rank makes none. Enter 0 supporting models "
                         f"(got {side.supporting}).")


def _side_bonus(side: Side) -> list[tuple[str, int]]:
    """The combat result bonuses a side claims whatever its losses (while it is not wiped out)."""
    out = []
    if side.standard:
        out.append(("standard", 1))
    if side.battle_standard:
        out.append(("battle standard", 1))
    if side.position != "front":
        out.append((f"fighting in the enemy's {side.position}", POSITION_BONUS[side.position]))
    if side.high_ground:
        out.append(("the high ground", 1))
    if side.bonus:
        out.append(("other bonus", side.bonus))
    return out


def combat_round(charger: Side, charged: Side, charger_lost: Distribution | None = None) -> RoundResult:
    """One whole round of combat, exactly, from Impact Hits to the Break test.

    >>> unit = Target(3, models=2)
    >>> side = dict(ws=3, leadership=7, rank_width=2, fighting=2, supporting=0, attacks=1, weapon=Weapon(3))
    >>> r = combat_round(Side(unit, initiative=6, **side), Side(unit, initiative=3, **side))
    >>> r.win, r.draw, r.lose
    (Fraction(11, 32), Fraction(105, 256), Fraction(63, 256))

    ``charger_lost``, when given, is the Wounds the charger has already lost before the round (to
    Stand & Shoot: docs/rules.md § Fantasy charge: the reactions), less than all of them: its models
    removed from the back, it fights with the ranks it has left, and each Wound lost counts for the
    charged side's result. The models it loses then include them.
    """
    if not isinstance(charger, Side) or not isinstance(charged, Side):
        raise ValueError("combat_round() takes two Sides: the charger and the charged.")
    states, den = _start(charger, charger_lost)
    if charged.impact is not None:
        raise ValueError("Impact Hits: only the charger has them; the charged side's impact must be None.")
    sides = (charger, charged)
    for s in (0, 1):
        check_supporting(sides[s], sides[1 - s], _NAMES[s])
    work = _Work()
    damages = (_Damage(charger.unit, work), _Damage(charged.unit, work))
    full = (damages[0].full, damages[1].full)
    wounds = (charger.unit.wounds, charged.unit.wounds)
    steps: list[Step] = [Step("note", "Close combat follows the current rules index of the published game: a "
                              f"reading, not a quote ({_COMBAT}).", topic="round", anchor=_cites("combat"))]
    recovered = [Fraction(0), Fraction(0)]  # the expected Wounds each side's Regeneration recovered
    for phase in _phases(charger, charged):
        volleys = []
        steps.append(Step("base", _phase_text(phase), topic=phase.topic, anchor=_cites("who first")))
        for s in (0, 1):  # the profiles of side s strike the unit of side 1 - s
            target = sides[1 - s]
            blows = [(_Blow.of(f, target.unit, target.ws, target.reroll_sixes), attacks)
                     for f, attacks, _, _ in phase.profiles[s]]
            for (blow, attacks), (_, _, rank_and_file, name) in zip(blows, phase.profiles[s], strict=True):
                steps.append(Step("roll", _blow_text(blow, attacks, rank_and_file, name, sides[s], target),
                                  topic=phase.topic, anchor=_cites("killing") if blow.rule else ""))
            volleys.append(_Volley(damages[1 - s], blows) if blows else None)
        into = (volleys[1], volleys[0])  # the volley that strikes each side's unit
        rank_and_file = [tuple(p[2] for p in phase.profiles[s]) for s in (0, 1)]
        new: dict = {}
        gained = [0, 0]
        for lost, (low, ways) in states.items():
            nexts = []
            for t in (0, 1):
                volley, attacker = into[t], 1 - t
                if volley is None:
                    nexts.append((_kernel_entry(lost[t], [1]),))
                elif lost[attacker] == full[attacker] or lost[t] == full[t]:
                    # wiped out: it strikes no more, or there is nothing left to strike
                    nexts.append((_kernel_entry(lost[t], [volley.den]),))
                else:
                    slain = lost[attacker] // wounds[attacker]
                    before = lost[2] if attacker == 0 else 0
                    counts = tuple(_rank_and_file_attacks(sides[attacker], slain, before) if rf else None
                                   for rf in rank_and_file[attacker])
                    nexts.append(volley.kernel(lost[t], counts))
            total = sum(ways)
            cost = 0
            words = _words(ways)
            for x, ways_x, all_x, moment_x in nexts[0]:
                gained[0] += total * moment_x * (into[1].den if into[1] else 1)
                # the charger's recovered Wounds count against the charger: its polynomial runs backwards
                then_x = _times(ways, ways_x[::-1])
                low_x = low - len(ways_x) + 1
                cost += _cost(len(ways), len(ways_x), words)
                for y, ways_y, _, moment_y in nexts[1]:
                    gained[1] += total * all_x * moment_y
                    _add(new, (x, y, lost[2]), low_x, _times(then_x, ways_y))
                    cost += _cost(len(then_x), len(ways_y), words)
            work.add(cost)
        work.add(2 * sum(len(ways) for _, ways in new.values()))  # the summary, and the result at the end
        den *= (into[0].den if into[0] else 1) * (into[1].den if into[1] else 1)
        recovered = [r + Fraction(g, den) for r, g in zip(recovered, gained, strict=True)]
        # The padding that keeps one denominator is mostly common to every weight: take it out, so
        # the next steps multiply smaller numbers.
        common = gcd(den, *(w for _, ways in new.values() for w in ways))
        den //= common
        states = {key: (low, [w // common for w in ways]) for key, (low, ways) in new.items()}
        steps.append(_after_text(phase, states, den, sides, full))
    return _result(sides, states, den, full, steps, recovered)


def _start(charger: Side, charger_lost: Distribution | None) -> tuple[dict, int]:
    """The round's first states and their denominator. A state is (the charger's Wounds lost, the
    charged's, the charger's models removed before the round) -> the ways of each difference d of the
    Wounds the charged recovered minus those the charger recovered, as (the lowest d, [ways of d, d + 1, ...])."""
    if charger_lost is None:
        return {(0, 0, 0): (0, [1])}, 1
    if not isinstance(charger_lost, Distribution):
        raise ValueError("The Wounds the charger has already lost must be a Distribution, or None.")
    full = charger.unit.wounds * charger.unit.models
    ways, den = charger_lost.weights
    if len(ways) > full:
        raise ValueError(f"The charger has at most {full} Wounds, and loses fewer before the round "
                         f"(got up to {len(ways) - 1}).")
    wounds = charger.unit.wounds
    return {(lost, 0, lost // wounds): (0, [w]) for lost, w in enumerate(ways) if w}, den


def _phase_text(phase: _Phase) -> str:
    names = [name for mine in phase.profiles for *_, name in mine]
    who = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    if phase.topic == "impact":
        return f"Impact Hits are resolved first of all: {who} ({_WHO_FIRST})."
    if phase.topic == "stomp":
        return (f"Stomp Attacks come last, after Initiative 1, at the same time; casualties do not reduce them: "
                f"{who} ({_WHO_FIRST}).")
    together = " strike at the same time, each with the models alive before this step" if all(phase.profiles) else ""
    return f"{phase.title}: {who}{together or ' strike'} ({_WHO_FIRST})."


def _blow_text(blow: _Blow, attacks, rank_and_file: bool, name: str, side: Side, target: Side) -> str:
    fighters, weapon = blow.fighters, blow.fighters.weapon
    if rank_and_file:
        count = f"{count_text(side.fighting, 'fighting model')} × {count_text(side.attacks, 'Attack')}"
        if side.supporting:
            count += f" + {count_text(side.supporting, 'supporting attack')}"
        count += ", fewer for each model slain before this step"
    else:
        count = count_text(attacks, "hit" if fighters.automatic else "attack")
    if blow.hit.automatic:
        hit = "hit automatically"
    else:
        shown = f", {fighters.modifier:+d}" if fighters.modifier else ""
        hit = (f"hit on {blow.hit.score}+ (WS {fighters.ws} against WS {target.ws}{shown}): "
               f"{chance_text(blow.hit.probability)}")
    score = wound_score(weapon.strength, target.unit.toughness)
    wound = f"wound on {score}+ (S{weapon.strength} against T{target.unit.toughness})" if score else "cannot wound"
    text = (f"{name[0].upper()}{name[1:]}: {count}; {hit}; {wound}. Each attack is an unsaved wound with chance "
            f"{chance_text(blow.killing + blow.ordinary)}")
    if blow.rule:
        text += f", a {blow.rule} that removes a model outright {chance_text(blow.killing)} ({_KILLING})"
    if str(weapon.multiple_wounds) != "1":
        text += f"; Multiple Wounds ({weapon.multiple_wounds})"
    return text + "."


def _times(a: list[int] | tuple[int, ...], b: tuple[int, ...]) -> list[int]:
    """The product of two polynomials (lists of ways): the ways of each sum of their two counts."""
    if len(b) == 1:
        return [x * b[0] for x in a]
    if len(a) == 1:
        return [a[0] * y for y in b]
    return list(_convolve(tuple(a), b))


def _words(ways) -> int:
    """What one multiplication of the largest of ``ways`` costs, about, in steps: one, and one more for
    each 1,024 bits (measured: below that, Python's own work on each step is most of the cost)."""
    return 1 + max(ways).bit_length() // 1024


def _cost(n: int, m: int, words: int = 1) -> int:
    """About the steps of a product of polynomials of n and m terms whose first has numbers of ``words``
    machine words (see :func:`dice._convolve`: one big multiplication past 16 terms), and of adding it in."""
    return 3 + words * (n * m if min(n, m) <= 16 else 8 * (n + m))


def _add(states: dict, key, low: int, ways: list[int]) -> None:
    """Add the polynomial ``ways`` (its first entry for ``low``) to the one ``states`` holds at ``key``."""
    if key not in states:
        states[key] = (low, ways)
        return
    old_low, old = states[key]
    start = min(low, old_low)
    out = [0] * (max(low + len(ways), old_low + len(old)) - start)
    for first, poly in ((old_low, old), (low, ways)):
        for i, w in enumerate(poly, start=first - start):
            out[i] += w
    states[key] = (start, out)


def _after_text(phase: _Phase, states: dict, den: int, sides, full) -> Step:
    lost = [0, 0]
    wiped = [0, 0]
    for key, (_, ways) in states.items():
        w = sum(ways)
        for s in (0, 1):
            lost[s] += key[s] // sides[s].unit.wounds * w
            wiped[s] += w if key[s] == full[s] else 0
    parts = []
    for s in (0, 1):
        part = f"the {_NAMES[s]} has lost {number_text(Fraction(lost[s], den))} models on average"
        if wiped[s]:
            part += f" and is wiped out with chance {chance_text(Fraction(wiped[s], den))}"
        parts.append(part)
    return Step("chance", f"After {phase.title}: {parts[0]}; {parts[1]}.", topic=phase.topic)


def _result(sides, states: dict, den: int, full, steps: list[Step], recovered) -> RoundResult:
    """The combat result, the winner and the loser's Break test, over the round's final states."""
    wounds = [side.unit.wounds for side in sides]
    models = [side.unit.models for side in sides]
    fixed = [sum(v for _, v in _side_bonus(side)) for side in sides]
    ranks = [[0 if side.disrupted else rank_bonus(m, side.rank_width, side.unit.troop) for m in range(n + 1)]
             for side, n in zip(sides, models, strict=True)]
    strength = [[unit_strength(m, side.unit) for m in range(n + 1)] for side, n in zip(sides, models, strict=True)]
    outcome = {"win": 0, "draw": 0, "lose": 0}
    difference: dict[int, int] = {}
    tests = [dict.fromkeys(("break", "fall_back", "give_ground", "wiped_out"), 0) for _ in sides]
    models_lost = [[0] * (n + 1) for n in models]
    scored = [0, 0]
    # (score difference, each side wiped out, each side's Unit Strength more than twice the other's) -> ways
    ends: dict = {}
    for lost, (low, runs) in states.items():
        left = [models[s] - lost[s] // wounds[s] for s in (0, 1)]
        wiped = [lost[s] == full[s] for s in (0, 1)]
        us = [strength[s][left[s]] for s in (0, 1)]
        ways = sum(runs)
        score = []
        for s in (0, 1):
            points = lost[1 - s]  # the Wounds the enemy lost (and those it recovered: below)
            if not wiped[s]:
                points += fixed[s] + ranks[s][left[s]] + (sides[s].massed_infantry and us[s] > us[1 - s])
            score.append(points)
            models_lost[s][models[s] - left[s]] += ways
            scored[s] += points * ways
        flags = (wiped[0], wiped[1], us[0] > 2 * us[1], us[1] > 2 * us[0])
        for recovered_diff, w in enumerate(runs, start=low):
            if w:
                key = (score[0] - score[1] + recovered_diff, *flags)
                ends[key] = ends.get(key, 0) + w
    for (diff, *flags), w in ends.items():
        difference[diff] = difference.get(diff, 0) + w
        wiped, outnumbers = flags[:2], flags[2:]
        if wiped[0] and wiped[1]:
            outcome["draw"] += w
            continue
        if wiped[0] or wiped[1]:
            loser = 0 if wiped[0] else 1
            tests[loser]["wiped_out"] += 36 * w
        elif diff:
            loser = 0 if diff < 0 else 1
            side = sides[loser]
            ways = _break_ways(side.leadership, abs(diff), outnumbers[1 - loser], side.unbreakable, side.stubborn)
            for name, n in zip(("break", "fall_back", "give_ground"), ways, strict=True):
                tests[loser][name] += n * w
        else:
            outcome["draw"] += w
            continue
        outcome["lose" if loser == 0 else "win"] += w
    win, draw, lose = (Fraction(outcome[k], den) for k in ("win", "draw", "lose"))
    charger_test, charged_test = ({k: Fraction(v, 36 * den) for k, v in t.items()} for t in tests)
    lost = [Distribution(tuple(m), den) for m in models_lost]
    expected = [Fraction(x, den) + r for x, r in zip(scored, reversed(recovered), strict=True)]
    steps += _result_steps(sides, expected, ranks, (win, draw, lose))
    steps += [_break_step(sides[s], _NAMES[s], (charger_test, charged_test)[s]) for s in (0, 1)]
    return RoundResult(win, draw, lose, {d: Fraction(w, den) for d, w in sorted(difference.items())},
                       lost[0], lost[1], charger_test, charged_test, tuple(steps),
                       tuple((key, Fraction(w, den)) for key, w in sorted(ends.items())))


def _result_steps(sides, scored, ranks, chances) -> list[Step]:
    steps = [Step("base", "Combat result: each side scores +1 for each Wound the enemy lost this round (a "
                  "Wound that Regeneration recovers still counts; damage beyond a model's last Wound counts "
                  "nothing), its Rank Bonus from the models it has left, and its bonuses; a side that is wiped "
                  f"out scores only its Wounds ({_RESULT}).", topic="result", anchor=_cites("result"))]
    for s, side in enumerate(sides):
        unit = side.unit
        parts = []
        if side.disrupted:
            parts.append("no Rank Bonus (Disrupted)")
        else:
            top = TROOPS[unit.troop].max_rank_bonus
            parts.append(f"Rank Bonus +{ranks[s][unit.models]} with all {unit.models} models in ranks of "
                         f"{side.rank_width} ({unit.troop.replace('_', ' ')}: at most +{top}), less as models fall")
        parts += [f"{name} +{value}" for name, value in _side_bonus(side)]
        if side.massed_infantry:
            parts.append("Massed Infantry +1 if its Unit Strength is the higher at the end")
        steps.append(Step("roll", f"The {_NAMES[s]}: {'; '.join(parts)}. Its expected score: "
                          f"{number_text(scored[s])}.", topic="result"))
    win, draw, lose = chances
    steps.append(Step("chance", f"The higher score wins; equal scores are a draw; a side wiped out loses "
                      f"(both: a draw). The charger wins {chance_text(win)}, draws {chance_text(draw)} and "
                      f"loses {chance_text(lose)}.", topic="result"))
    return steps


def _break_step(side: Side, name: str, test: dict[str, Fraction]) -> Step:
    how = ("Unbreakable: it never tests, and Gives Ground" if side.unbreakable else
           "Stubborn: it Falls Back in Good Order without a test" if side.stubborn else
           f"Leadership {side.leadership}: 2D6 above it Breaks; within it, but above it with the difference "
           "added, Falls Back in Good Order (Breaks instead when the winner's Unit Strength is more than twice "
           "its own); otherwise, or on a double 1, Gives Ground")
    loses = sum(test.values(), Fraction(0))
    if not loses:
        return Step("chance", f"The {name} cannot lose this round, so it takes no Break test "
                    f"({_BREAK}).", topic="break", anchor=_cites("break"))
    labels = (("break", "Breaks"), ("fall_back", "Falls Back"), ("give_ground", "Gives Ground"),
              ("wiped_out", "is wiped out"))
    outcomes = ", ".join(f"{label} {chance_text(test[key])}" for key, label in labels if test[key])
    return Step("chance", f"If the {name} loses ({chance_text(loses)}): {how} ({_BREAK}). It "
                f"loses and {outcomes}.", topic="break", anchor=_cites("break"))
