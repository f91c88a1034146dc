"""Fantasy close combat: the melee hit roll, and one whole round to the Break test (RULES.md §7).

>>> melee_score(4, 3), melee_score(4, 9), melee_hit_chance(4, 3, modifier=-1)
(3, 5, Fraction(1, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from hitrules._steps import Step, chance_text, check_choice, check_int, faces_of_six, reading
from hitrules.dice import Distribution, parse_attacks
from hitrules.fantasy import MODIFIER_RANGE, Target, Weapon

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
#: The troop types a Target can be (RULES.md §7), in the order a page lists them.
TROOP_TYPES = tuple(TROOPS)

_COMBAT = reading("Fantasy close combat")


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


def melee_hit(attacker_ws: int, target_ws: int, modifier: int = 0, reroll: str = "none",
              reroll_sixes: bool = False) -> MeleeHit:
    """The melee hit roll with its steps: chart, modifiers, natural 1 and 6, re-rolls."""
    chart = melee_score(attacker_ws, target_ws)
    _check_hit_inputs(modifier, reroll, reroll_sixes)
    score = _held(chart, modifier)
    other, six = _hit_faces(score, reroll, reroll_sixes)
    probability = Fraction(other + six, 36)
    steps = [Step("base", f"WS {attacker_ws} against WS {target_ws}: {chart}+ to hit on the Weapon Skill "
                  f"chart ({_COMBAT}).", 0, tuple(range(chart, 7)), topic="hit")]
    if modifier:
        raw = chart - modifier
        text = f"To-hit modifiers {modifier:+d}: needs {raw}"
        if raw != score:
            text += (f", held to {score}+: a natural 6 always hits." if raw > 6 else
                     f", held to {score}+: a natural 1 always fails.")
        else:
            text += "+."
        steps.append(Step("modifier", text, modifier, tuple(range(score, 7)), topic="hit"))
    steps.append(Step("roll", f"Roll {score}+ on a D6, {faces_of_six(7 - score)}; a natural 1 always fails "
                      "and a natural 6 always hits.", 0, tuple(range(score, 7)), topic="hit"))
    if reroll != "none":
        what = "failed rolls" if reroll == "failed" else "natural 1s"
        steps.append(Step("reroll", f"Re-roll {what} to hit; the re-roll stands.", 0, tuple(range(score, 7)),
                          topic="hit"))
    if reroll_sixes:
        steps.append(Step("reroll", "The target forces natural 6s to hit to be re-rolled: the new die is "
                          "judged as any other and is not re-rolled again.", 0, tuple(range(score, 6)),
                          topic="hit"))
    steps.append(Step("chance", f"Chance to hit with each attack: {chance_text(probability)}.", 0,
                      tuple(range(score, 7)), topic="hit"))
    return MeleeHit(chart, score, probability, Fraction(six, 36), tuple(steps))


# Attack profiles and sides -------------------------------------------------------------------


def _check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False (got {value!r}).")


@dataclass(frozen=True)
class Fighters:
    """One attacking profile: its Attacks (a number or dice text), WS, weapon, Initiative, to-hit
    modifier and re-roll. ``automatic=True`` is Impact Hits or Stomp Attacks: no hit roll, and
    ``ws`` is ignored."""

    attacks: int | str
    ws: int
    weapon: Weapon
    initiative: int
    modifier: int = 0
    reroll: str = "none"
    automatic: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "attacks", str(parse_attacks(self.attacks)))
        check_int("WS", self.ws, *WS_RANGE)
        if not isinstance(self.weapon, Weapon):
            raise ValueError("Fighters need a Weapon.")
        check_int("Initiative", self.initiative, *INITIATIVE_RANGE)
        _check_hit_inputs(self.modifier, self.reroll, False)
        _check_bool("automatic", self.automatic)


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
        if self.position != "front" and self.supporting:
            raise ValueError(f"Supporting attacks cannot be made into a {self.position}: enter 0 supporting "
                             f"models (got {self.supporting}).")
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


def break_test(leadership: int, difference: int, outnumbered: bool = False, unbreakable: bool = False,
               stubborn: bool = False) -> BreakOutcome:
    """The Break test of a side that lost by ``difference``; ``outnumbered``: the winner's Unit
    Strength is more than twice the loser's.

    >>> b = break_test(7, 2)
    >>> b.breaks, b.falls_back, b.gives_ground
    (Fraction(5, 12), Fraction(11, 36), Fraction(5, 18))
    """
    check_int("Leadership", leadership, *LEADERSHIP_RANGE)
    if unbreakable:
        return BreakOutcome(Fraction(0), Fraction(0), Fraction(1))
    if stubborn:
        return BreakOutcome(Fraction(0), Fraction(1), Fraction(0))
    ways = [0, 0, 0]
    for a in range(1, 7):
        for b in range(1, 7):
            natural = a + b
            if natural == 2 or natural + difference <= leadership:
                ways[2] += 1
            elif natural > leadership or outnumbered:
                ways[0] += 1
            else:
                ways[1] += 1
    return BreakOutcome(*(Fraction(w, 36) for w in ways))


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


def strike(fighters: Fighters, target: Target, target_ws: int, reroll_sixes: bool = False):
    """One profile's attacks into a unit: a ChainResult, its Killing Blows landing first."""
    raise NotImplementedError


def combat_round(charger: Side, charged: Side) -> RoundResult:
    """One whole round of combat, exactly, from Impact Hits to the Break test."""
    raise NotImplementedError
