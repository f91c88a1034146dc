"""Fantasy close combat: one side of a combat (its unit, profiles, bonuses), each checked once, and
the rule that refuses supporting attacks into a flank or rear.
"""

from __future__ import annotations

from dataclasses import dataclass

from hitrules.fantasy.after_hit import Target, Weapon
from hitrules.fantasy.melee import (
    INITIATIVE_RANGE,
    STRIKING_INITIATIVE_RANGE,
    WS_RANGE,
    Fighters,
    check_bool,
    check_hit_inputs,
)
from hitrules.fantasy.troops import TROOPS
from hitrules.steps import check_choice, check_int

LEADERSHIP_RANGE = (2, 10)
RANK_WIDTH_RANGE = (1, 20)
RANK_AND_FILE_ATTACKS_RANGE = (1, 10)
BONUS_RANGE = (0, 10)
#: A side's others: a champion, a character, a mount.
MAX_OTHERS = 2
POSITIONS = ("front", "flank", "rear")
POSITION_BONUS = {"front": 0, "flank": 1, "rear": 2}
#: A side's bonuses and rules that are yes or no: the one list the link, the page and the side read.
FLAGS = ("standard", "battle_standard", "high_ground", "disrupted", "unbreakable", "stubborn", "reroll_sixes")
#: The side's own special rules that are yes or no (docs/rules.md § Fantasy close combat, § Psychology).
RULE_FLAGS = ("horde", "strike_first", "strike_last", "frenzy", "causes_fear", "causes_terror",
              "immune_to_psychology", "stubborn_tests")
#: A unit's formation (the rules index's forming-units/): Close Order, Open Order, Skirmish.
FORMATIONS = ("close_order", "open_order", "skirmish")
#: The charge's Initiative bonus: +1 a full inch moved, at most +3 into the front, +4 into a flank or rear.
CHARGE_BONUS_RANGE = (0, 4)
def _checked_others(others) -> tuple[Fighters, ...]:
    """A side's others (one Fighters, or a list of up to MAX_OTHERS), each rolling to hit, as a tuple."""
    if isinstance(others, Fighters):
        others = (others,)
    if not isinstance(others, (tuple, list)) or len(others) > MAX_OTHERS:
        raise ValueError(f"A side has up to {MAX_OTHERS} others (champion, character, mount).")
    for other in others:
        if not isinstance(other, Fighters) or other.automatic:
            raise ValueError("Each of a side's others is Fighters that roll to hit (automatic=False).")
    return tuple(others)


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
    unbreakable: bool = False
    stubborn: bool = False
    reroll_sixes: bool = False
    formation: str = "close_order"
    #: The side's mount: each fighting model alive strikes with it, at the mount's own Initiative.
    mount: Fighters | None = None
    horde: bool = False
    strike_first: bool = False
    strike_last: bool = False
    frenzy: bool = False
    causes_fear: bool = False
    causes_terror: bool = False
    immune_to_psychology: bool = False
    #: A Stubborn unit that chooses to take its Break test rather than Fall Back.
    stubborn_tests: bool = False
    #: Its rank and file fight with thrusting spears against a charger in its front: +1 Initiative after Strike
    #: First or Last and the charge's bonus, held by no rule. (An older form: the profile's 10 entered as 11.)
    thrusting_spear: bool = False
    #: The charge's Initiative bonus (charge() fills it from the distance); the profile's Initiative stays.
    charge_bonus: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.unit, Target):
            raise ValueError("A side's unit must be a Target.")
        check_int("WS", self.ws, *WS_RANGE)
        check_int("Initiative", self.initiative, *STRIKING_INITIATIVE_RANGE)  # 11: 10 with a thrusting spear's +1
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
        object.__setattr__(self, "others", _checked_others(self.others))
        for name, label in (("impact", "Impact Hits"), ("stomp", "Stomp Attacks")):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, Fighters) or not value.automatic):
                raise ValueError(f"{label} must be Fighters with automatic=True, or none.")
        check_hit_inputs(self.modifier, self.reroll, self.reroll_sixes)
        for name in (*FLAGS, *RULE_FLAGS, "thrusting_spear"):
            check_bool(name, getattr(self, name))
        check_choice("formation", self.formation, FORMATIONS)
        self._check_rank_and_file_rules()
        check_choice("position", self.position, POSITIONS)
        check_int("The other bonus", self.bonus, *BONUS_RANGE)

    def _check_rank_and_file_rules(self) -> None:
        """The mount, the charge's Initiative bonus and the thrusting spear's Initiative."""
        if self.mount is not None and (not isinstance(self.mount, Fighters) or self.mount.automatic
                                       or self.mount.attacks.count or not self.mount.attacks.bonus):
            raise ValueError("A side's mount must be Fighters that roll to hit (automatic=False) with a number of "
                             "Attacks (each fighting model's mount makes them), or none.")
        check_int("The charge's Initiative bonus", self.charge_bonus, *CHARGE_BONUS_RANGE)
        if self.thrusting_spear and self.initiative > INITIATIVE_RANGE[1]:
            raise ValueError(f"With thrusting_spear, the Initiative is the profile's, 1 to {INITIATIVE_RANGE[1]} "
                             f"(got {self.initiative}): the spear's +1 is added in the round.")

    @property
    def rank_and_file(self) -> Fighters:
        """The rank and file as one profile (its Attacks are those of one fighting model)."""
        return Fighters(self.attacks, self.ws, self.weapon, min(self.initiative, INITIATIVE_RANGE[1]), self.modifier,
                        self.reroll)

SIDE_NAMES = ("charger", "charged")
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


def side_bonus(side: Side) -> list[tuple[str, int]]:
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



# What the side's special rules make of it in the round (docs/rules.md § Fantasy close combat) -----------


def rank_and_file_initiative(side: Side) -> int:
    """The Initiative the rank and file (and its mount's rank) strike at, before the mount's own: 10 with
    Strike First, 1 with Strike Last (neither with both), else the profile's; plus the charge's bonus,
    held to 10; plus a thrusting spear's +1, held by no rule (settled point 4 of docs/rules.md § the charge).
    An Initiative of 11 is the older form of a profile's 10 and the spear's +1.

    >>> unit = Target(3, models=10)
    >>> rank_and_file_initiative(Side(unit, 3, 4, 7, 5, 5, 0, 1, Weapon(5), strike_last=True, charge_bonus=3))
    4
    >>> rank_and_file_initiative(Side(unit, 3, 3, 7, 5, 5, 0, 1, Weapon(5), strike_last=True, thrusting_spear=True))
    2
    """
    spear = side.thrusting_spear or side.initiative > INITIATIVE_RANGE[1]
    initiative = min(side.initiative, INITIATIVE_RANGE[1])
    if side.strike_first != side.strike_last:
        initiative = 10 if side.strike_first else 1
    return min(INITIATIVE_RANGE[1], initiative + side.charge_bonus) + spear


def marching_column(side: Side, models: int | None = None) -> bool:
    """The side is in Marching Column: deeper than wide, its rank and file (``models`` of them left, by default
    all) and the others in its ranks counted (docs/rules.md § Fantasy close combat, the combat result)."""
    n = (side.unit.models if models is None else models) + others_in_ranks(side)
    return -(-n // side.rank_width) > side.rank_width


def held_initiative(side: Side, initiative: int) -> int:
    """An other's or the mount's Initiative in the round: its own plus the charge's bonus, held to 10."""
    return max(initiative, min(INITIATIVE_RANGE[1], initiative + side.charge_bonus))


def others_in_ranks(side: Side) -> int:
    """How many of the side's others stand in its ranks (a champion, a character: Unit Strength above 0);
    a character's mount (Unit Strength 0) is not a model of the ranks."""
    return sum(1 for other in side.others if other.unit_strength > 0)


def per_model_strength(side: Side) -> int:
    """The Unit Strength of one of the side's rank-and-file models (a monster's: its Wounds)."""
    per_model = TROOPS[side.unit.troop].unit_strength
    return side.unit.wounds if per_model is None else per_model


def side_strength(side: Side, models: int) -> int:
    """The side's Unit Strength with ``models`` rank and file left: theirs and the others'; 0 when wiped out."""
    if models <= 0:
        return 0
    return models * per_model_strength(side) + sum(other.unit_strength for other in side.others)


def causes_fear(side: Side) -> bool:
    """The side causes Fear (Terror causes Fear too)."""
    return side.causes_fear or side.causes_terror


def fear_immune(side: Side, enemy: Side) -> str:
    """Why the side takes no Fear test against this enemy ("" if it may have to): it causes Terror, causes
    Fear (except against a Terror-causer), is Immune to Psychology, or Frenzied (docs/rules.md § Psychology)."""
    if side.causes_terror:
        return "it causes Terror itself"
    if side.causes_fear and not enemy.causes_terror:
        return "it causes Fear itself"
    if side.immune_to_psychology:
        return "it is Immune to Psychology"
    if side.frenzy:
        return "it is Frenzied"
    return ""


def terror_applies(winner: Side, loser: Side) -> bool:
    """The loser takes its Break test at Leadership - 1: the winner causes Terror and the loser causes
    neither Fear nor Terror."""
    return winner.causes_terror and not causes_fear(loser)


def leadership_fails(leadership: int) -> int:
    """The rolls of 2D6, out of 36, that fail a Leadership test: above it (a double 1 passes, a double 6 fails).

    >>> leadership_fails(7), leadership_fails(8)
    (15, 10)
    """
    return sum(1 for a in range(1, 7) for b in range(1, 7)
               if a + b != 2 and (a + b > leadership or a + b == 12))
