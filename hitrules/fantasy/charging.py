"""Fantasy: the whole charge, this turn: the Charge roll, the reaction, the round, the Break test, the pursuit.

Our reading of the rules is docs/rules.md § Fantasy: the charge and the two sections after it.
Every distance is a :class:`dice.Distribution` of whole inches, worked out from the faces of
its dice; every chance an exact fraction.

>>> charge_range(Mover(4)).at_least(9), pursuit_distance(Mover(4)).mean
(Fraction(5, 9), Fraction(7, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import lcm

from hitrules.damage import UnitDamage
from hitrules.dice import Distribution
from hitrules.fantasy.after_hit import Group, Target, shoot, shoot_unit
from hitrules.fantasy.result import break_test
from hitrules.fantasy.round import combat_round
from hitrules.fantasy.sides import (
    Side,
    causes_fear,
    check_supporting,
    fear_immune,
    leadership_fails,
    marching_column,
    others_in_ranks,
    side_strength,
)
from hitrules.steps import Step, anchor, check_choice, check_int, reading
from hitrules.unit import check_groups
from hitrules.words import chance_text, number_text

__all__ = [
    "DESTROYED",
    "GAP_RANGE",
    "MOVEMENT_RANGE",
    "OUTCOMES",
    "REACTIONS",
    "ChargeResult",
    "ChargeRoll",
    "Mover",
    "Pursuit",
    "charge",
    "charge_range",
    "charge_roll",
    "flee_distance",
    "max_charge_range",
    "pursuit",
    "pursuit_distance",
    "with_charge_bonus",
]

MOVEMENT_RANGE = (1, 10)
#: The extra distance the pivot adds to running down and to every pursuit, in inches.
GAP_RANGE = (0, 12)
#: The charged unit's reactions.
REACTIONS = ("hold", "stand_and_shoot", "flee")
#: How the turn ends, in the order docs/rules.md lists them; their chances add up to 1.
OUTCOMES = ("failed", "escaped", "run_down", "charger_destroyed", "charged_destroyed", "both_destroyed",
            "charger_fled", "charged_fled", "charger_fell_back", "charged_fell_back", "fight_goes_on")
#: The outcomes in which each side is destroyed this turn (:meth:`ChargeResult.destroyed`).
DESTROYED = {"charger": ("charger_destroyed", "both_destroyed"),
             "charged": ("charged_destroyed", "run_down", "both_destroyed")}
#: The charge's Initiative bonus at most, by the charger's position: +1 for each full inch moved.
_MOST_BONUS = {"front": 3, "flank": 4, "rear": 4}
#: Impact Hits strike only when the charger has moved at least this many inches.
_IMPACT_FROM = 3

_SECTIONS = {
    "charge": "Fantasy: the charge",
    "reactions": "Fantasy charge: the reactions",
    "after": "Fantasy charge: after the Break test",
}
_CHARGE, _REACTIONS, _AFTER = (reading(s) for s in _SECTIONS.values())
_NAMES = ("charger", "charged")
#: How the Why calls each side.
_WHO = ("charger", "charged unit")


def _cites(key: str) -> str:
    return anchor(_SECTIONS[key])


@dataclass(frozen=True)
class Mover:
    """A unit's movement profile: Movement (a flier enters its Fly value), Swiftstride, Resolute,
    Finest Warhorses, war machine, whether it pursues when it wins (a war machine never does), and
    whether Hold Your Ground (the battle standard's re-roll of a Break test) reaches it."""

    movement: int
    swiftstride: bool = False
    resolute: bool = False
    finest_warhorses: bool = False
    war_machine: bool = False
    pursues: bool = True
    hold_your_ground: bool = False

    def __post_init__(self) -> None:
        check_int("Movement", self.movement, *MOVEMENT_RANGE)
        for name in ("swiftstride", "resolute", "finest_warhorses", "war_machine", "pursues", "hold_your_ground"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise ValueError(f"{name} must be True or False (got {value!r:.30}).")

    @property
    def pursuer(self) -> bool:
        """Whether it pursues a beaten enemy: its profile says so, and it is no war machine."""
        return self.pursues and not self.war_machine


def _check_mover(mover: object, name: str) -> Mover:
    if not isinstance(mover, Mover):
        raise ValueError(f"{name} must be a Mover (its movement profile), such as Mover(4).")
    return mover


def _check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False (got {value!r:.30}).")


# Distances: the faces of their dice, counted ----------------------------------------------------

_D6 = {face: 1 for face in range(1, 7)}


def _plus(a: dict[int, int], b: dict[int, int]) -> dict[int, int]:
    """The ways of each sum of two independent rolls."""
    out: dict[int, int] = {}
    for x, v in a.items():
        for y, w in b.items():
            out[x + y] = out.get(x + y, 0) + v * w
    return out


def _two_dice(die: dict[int, int], keep: str) -> dict[int, int]:
    """Two of ``die``: their sum, the higher or the lower."""
    pick = {"sum": int.__add__, "higher": max, "lower": min}[keep]
    out: dict[int, int] = {}
    for x, v in die.items():
        for y, w in die.items():
            k = pick(x, y)
            out[k] = out.get(k, 0) + v * w
    return out


def _moved(ways: dict[int, int], by: int) -> dict[int, int]:
    """The roll plus ``by`` inches, at least 1."""
    out: dict[int, int] = {}
    for x, w in ways.items():
        k = max(1, x + by)
        out[k] = out.get(k, 0) + w
    return out


def _charge_die(finest_warhorses: bool) -> dict[int, int]:
    """One die of the Charge roll; with Finest Warhorses a natural 1 is rolled again, once."""
    if not finest_warhorses:
        return dict(_D6)
    # Out of 36: a 1 only as a 1 then a 1 again; any other k directly (6 ways) or after a 1 (1 way).
    return {face: (1 if face == 1 else 7) for face in range(1, 7)}


def _charge_dice(mover: Mover, terrain: bool) -> dict[int, int]:
    """The dice of the Charge roll alone (without the Movement)."""
    kept = _two_dice(_charge_die(mover.finest_warhorses), "lower" if terrain else "higher")
    return _plus(kept, _D6) if mover.swiftstride else kept


def _charge_movement(mover: Mover, terrain: bool) -> int:
    return max(1, mover.movement - 1) if terrain else mover.movement


def max_charge_range(mover: Mover, terrain: bool = False) -> int:
    """The maximum possible charge range, the farthest a charge may be declared: M + 6 (+ 3 with
    Swiftstride); through terrain, max(1, M - 1) + 6 (+ 3).

    >>> max_charge_range(Mover(4)), max_charge_range(Mover(8, swiftstride=True)), max_charge_range(Mover(4), True)
    (10, 17, 9)
    """
    mover = _check_mover(mover, "The charger")
    _check_bool("terrain", terrain)
    return _charge_movement(mover, terrain) + 6 + (3 if mover.swiftstride else 0)


def charge_range(mover: Mover, terrain: bool = False) -> Distribution:
    """The charge range in inches: M plus 2D6 keep the higher (+ D6 with Swiftstride; Finest
    Warhorses roll each natural 1 again); through terrain, keep the lower, and M - 1 (at least 1).

    >>> r = charge_range(Mover(4))
    >>> r.at_least(9), charge_range(Mover(4, swiftstride=True)).at_least(9), charge_range(Mover(4), True).at_least(9)
    (Fraction(5, 9), Fraction(101, 108), Fraction(1, 36))
    """
    mover = _check_mover(mover, "The mover")
    _check_bool("terrain", terrain)
    return Distribution.from_ways(_moved(_charge_dice(mover, terrain), _charge_movement(mover, terrain)))


def _flight_dice(mover: Mover, good_order: bool) -> dict[int, int]:
    """The 2D6 of a Flee, Fall Back or Pursuit roll (Finest Warhorses roll each natural 1 again, once, before a die
    is discarded), + D6 with Swiftstride (never rolled again: a modifier, not part of the roll)."""
    two = _two_dice(_charge_die(mover.finest_warhorses), "higher" if good_order else "sum")
    return _plus(two, _D6) if mover.swiftstride else two


def flee_distance(mover: Mover, good_order: bool = False) -> Distribution:
    """How far a unit flees, in inches: 2D6 (Falling Back in Good Order: 2D6 keep the higher; Finest
    Warhorses roll each natural 1 again, once), + D6 with Swiftstride, -1 if Resolute or a war machine
    (-1 in all if both), at least 1.

    >>> flee_distance(Mover(4)).mean, flee_distance(Mover(4, resolute=True), good_order=True)[1]
    (Fraction(7, 1), Fraction(1, 9))
    """
    mover = _check_mover(mover, "The mover")
    _check_bool("good_order", good_order)
    slower = -1 if mover.resolute or mover.war_machine else 0
    return Distribution.from_ways(_moved(_flight_dice(mover, good_order), slower))


def pursuit_distance(mover: Mover) -> Distribution:
    """How far a unit pursues, in inches: 2D6 (Finest Warhorses roll each natural 1 again, once), + D6 with
    Swiftstride, -1 if Resolute, at least 1."""
    mover = _check_mover(mover, "The mover")
    return Distribution.from_ways(_moved(_flight_dice(mover, False), -1 if mover.resolute else 0))


def _reaches(reach: Distribution, flight: Distribution, gap: int) -> Fraction:
    """P(reach ≥ flight + gap): the chance a run-down or a pursuit catches the fleeing unit."""
    return sum((p * reach.at_least(f + gap) for f, p in flight.items() if p), Fraction(0))


def _finest_text(mover: Mover) -> str:
    return " (Finest Warhorses: each natural 1 rolled again)" if mover.finest_warhorses else ""


def _flight_text(mover: Mover, good_order: bool = False) -> str:
    """A flight in words: ``2D6 + D6 (Swiftstride) - 1 (Resolute)``, at least 1."""
    text = ("2D6 keep the higher" if good_order else "2D6") + _finest_text(mover)
    text += " + D6 (Swiftstride)" if mover.swiftstride else ""
    slower = [name for name, on in (("Resolute", mover.resolute), ("a war machine", mover.war_machine)) if on]
    return text + (f" - 1 ({' and '.join(slower)}), at least 1" if slower else "")


def _pursuit_text(mover: Mover) -> str:
    """A pursuit in words: ``2D6 + D6 (Swiftstride) - 1 (Resolute)``, at least 1."""
    text = "2D6" + _finest_text(mover) + (" + D6 (Swiftstride)" if mover.swiftstride else "")
    return text + (" - 1 (Resolute), at least 1" if mover.resolute else "")


# The result -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChargeResult:
    """The whole charge, given that it is declared: ``reached``, the chance that the Charge roll
    alone reaches (whatever the reaction); ``outcomes``, the chance of each way the turn ends (the
    keys of :data:`OUTCOMES`, in order, adding up to 1); ``round``, the round in contact (None when
    the charged unit flees, or when the charge can never reach); and ``steps``, the Why in order."""

    reached: Fraction
    outcomes: dict[str, Fraction]
    round: object
    steps: tuple[Step, ...]

    def destroyed(self, who: str) -> Fraction:
        """The chance that ``who`` (``"charger"`` or ``"charged"``) is destroyed this turn: the sum of the
        outcomes of :data:`DESTROYED` (the charged unit: wiped out in the round or caught after a Break, run
        down as it fled, or destroyed with the charger; the charger: wiped out by Stand & Shoot or in the
        round, or caught after a Break, or destroyed with the charged unit)."""
        return sum((self.outcomes[o] for o in DESTROYED[check_choice("side", who, tuple(DESTROYED))]), Fraction(0))

    def topic(self, name: str) -> tuple[Step, ...]:
        """The steps about one part: ``"charge"``, ``"reaction"``, ``"round"`` (and the round's own
        topics), ``"break"``, ``"pursuit"`` or ``"outcome"``."""
        return tuple(s for s in self.steps if s.topic == name)


def _check_distance(distance: object, mover: Mover, terrain: bool = False) -> int:
    """A distance a charge can be declared from: 1 to the mover's maximum possible charge range."""
    most = max_charge_range(mover, terrain)
    if isinstance(distance, bool) or not isinstance(distance, int):
        raise ValueError(f"The distance must be a whole number of inches from 1 to {most} (got {distance!r:.30}).")
    if distance < 1:
        raise ValueError(f"The distance must be at least 1 inch (got {distance}).")
    if distance > most:
        swift = " + 3 with Swiftstride" if mover.swiftstride else ""
        m = f"through terrain max(1, M {mover.movement} - 1)" if terrain else f"M {mover.movement}"
        raise ValueError(f"The charge cannot be declared from {distance}\": the charger's maximum possible charge "
                         f"range is {most}\" ({m} + 6{swift}).")
    return distance


#: The Undisciplined troop types, which Hold Your Ground never reaches.
_UNDISCIPLINED = ("swarm", "war_beasts")


def _check_who_may(charger: Side, charged: Side, charger_moves: Mover, charged_moves: Mover) -> None:
    """A war machine cannot declare a charge; Hold Your Ground never reaches swarms and war beasts."""
    if charger_moves.war_machine or charger.unit.troop == "war_machine":
        raise ValueError("A war machine cannot declare a charge (nor march, nor pursue): choose another charger.")
    for side, mover, name in ((charger, charger_moves, "charger"), (charged, charged_moves, "charged unit")):
        if mover.hold_your_ground and side.unit.troop in _UNDISCIPLINED:
            raise ValueError(f"Hold Your Ground never reaches an Undisciplined unit: the {name} is "
                             f"{side.unit.troop.replace('_', ' ')}. Set hold_your_ground=False.")


def _check(charger, charged, distance, charger_moves, charged_moves, reaction, terrain, stand_and_shoot, gap):
    if not isinstance(charger, Side) or not isinstance(charged, Side):
        raise ValueError("charge() takes two Sides: the charger and the charged, without the charge's "
                         "Initiative bonus.")
    check_supporting(charger, charged, "charger")
    check_supporting(charged, charger, "charged")  # whatever the reaction: the same sides are refused
    _check_mover(charger_moves, "The charger's movement profile")
    _check_mover(charged_moves, "The charged unit's movement profile")
    _check_who_may(charger, charged, charger_moves, charged_moves)
    check_choice("reaction", reaction, REACTIONS)
    if reaction == "flee" and (charged.frenzy or charged.immune_to_psychology):
        rule = "Frenzied" if charged.frenzy else "Immune to Psychology"
        raise ValueError(f"A unit that is {rule} cannot Flee as its charge reaction: choose Hold or Stand & Shoot.")
    _check_bool("terrain", terrain)
    check_int("The pivot's extra distance", gap, *GAP_RANGE)
    _check_distance(distance, charger_moves, terrain)
    groups = tuple(stand_and_shoot) if isinstance(stand_and_shoot, list) else stand_and_shoot
    if groups != ():
        groups = check_groups(groups, Group, "fantasy.Group(shot, shots, weapon)")
        for i, group in enumerate(groups, 1):
            if not group.shot.stand_and_shoot:
                raise ValueError(f"Stand & Shoot group {i}'s Shot needs stand_and_shoot=True (its -1 to hit).")
    if reaction == "stand_and_shoot":
        if not groups:
            raise ValueError("Stand & Shoot needs the charged unit's shooting: give at least one fantasy.Group in "
                             "stand_and_shoot, or choose another reaction.")
        if distance < charger_moves.movement:
            raise ValueError(f"Stand & Shoot is allowed only when the charger starts at least its Movement away: "
                             f"{distance}\" is less than its M {charger_moves.movement}. Choose Hold or Flee.")
    return groups


@dataclass(frozen=True)
class ChargeRoll:
    """The Charge roll from one distance: the chance that it reaches, and why (the faces that reach)."""

    distance: int
    reached: Fraction
    steps: tuple[Step, ...]


def charge_roll(mover: Mover, distance: int, terrain: bool = False) -> ChargeRoll:
    """Whether the Charge roll of ``mover`` reaches ``distance`` (1 to its maximum possible charge range).

    >>> r = charge_roll(Mover(4), 9)
    >>> r.reached, [s.hitting_faces for s in r.steps if s.kind == "roll"]
    (Fraction(5, 9), [(5, 6)])
    """
    mover = _check_mover(mover, "The charger's movement profile")
    _check_bool("terrain", terrain)
    _check_distance(distance, mover, terrain)
    reached = charge_range(mover, terrain).at_least(distance)
    return ChargeRoll(distance, reached, tuple(_charge_steps(mover, terrain, distance, reached)))


@dataclass(frozen=True)
class Pursuit:
    """A fleeing unit against its pursuer: the chance it is caught, and why."""

    caught: Fraction
    steps: tuple[Step, ...]


def pursuit(pursuer: Mover, fleer: Mover, good_order: bool = False, gap: int = 0) -> Pursuit:
    """The chance ``pursuer`` catches ``fleer`` (which Breaks, or with ``good_order`` Falls Back): its pursuit is at
    least the flight + ``gap`` inches.

    >>> pursuit(Mover(4), Mover(4)).caught, pursuit(Mover(4), Mover(4), good_order=True).caught
    (Fraction(721, 1296), Fraction(553, 648))
    """
    _check_mover(pursuer, "The pursuer")
    _check_mover(fleer, "The fleeing unit")
    _check_bool("good_order", good_order)
    check_int("The pivot's extra distance", gap, *GAP_RANGE)
    caught = _reaches(pursuit_distance(pursuer), flee_distance(fleer, good_order), gap)
    how = "Falls Back in Good Order" if good_order else "Breaks"
    gap_text = f" + {gap}\" for the pivot" if gap else ""
    return Pursuit(caught, (
        Step("roll", f"A unit that {how} flees {_flight_text(fleer, good_order)}; its pursuer rolls "
             f"{_pursuit_text(pursuer)} and catches it when the pursuit is at least the flight{gap_text} ({_AFTER}).",
             topic="pursuit", anchor=_cites("after")),
        Step("chance", f"Caught with chance {chance_text(caught)}.", topic="pursuit")))


def _charge_steps(mover: Mover, terrain: bool, distance: int, reached: Fraction) -> list[Step]:
    m = _charge_movement(mover, terrain)
    keep = "the lower" if terrain else "the higher"
    steps = [Step("base", f"The Charge roll: 2D6, keep {keep}; the charge range is the charger's Movement plus the "
                  f"die, and it reaches when the range is at least the distance, {distance}\" ({_CHARGE}).",
                  topic="charge", anchor=_cites("charge"))]
    if terrain:
        steps.append(Step("modifier", f"Terrain on the path: keep the lower die, and M - 1: {m}.", -1, topic="charge"))
    if mover.finest_warhorses:
        steps.append(Step("reroll", "Finest Warhorses: each die that shows a natural 1 is rolled again, once, before "
                          "one is discarded.", topic="charge"))
    if mover.swiftstride:
        steps.append(Step("modifier", "Swiftstride: + D6, never discarded.", topic="charge"))
        steps.append(Step("roll", f"M {m} + the kept die + D6 must make {distance} or more.", topic="charge"))
    else:
        faces = tuple(f for f in range(1, 7) if m + f >= distance)
        need = distance - m
        if not faces:
            text = f"M {m} + the kept die can make at most {m + 6}\": short of {distance}\" whatever the roll."
        elif need <= 1:
            text = f"M {m} alone is within 1\" of {distance}\": any die reaches."
        else:
            text = f"M {m} + the kept die must make {distance}: the kept die must be {need} or more."
        steps.append(Step("roll", text, hitting_faces=faces, topic="charge"))
    if not (terrain or mover.finest_warhorses or mover.swiftstride):
        steps.append(Step("note", "Two dice keep the higher: a kept k comes from (2k - 1) of the 36 rolls, so a 6 is "
                          "11 times as likely as a 1.", topic="charge"))
    steps.append(Step("chance", f"The charge reaches with chance {chance_text(reached)} (a range equal to the distance "
                      "reaches: our reading).", topic="charge"))
    return steps


def with_charge_bonus(charger: Side, distance: int) -> tuple[Side, int]:
    """The charger as it strikes in round 1: its ``charge_bonus``, + min(3, D) Initiative into the front,
    + min(4, D) into a flank or rear, which the round adds to its rank and file, its mount and each of its
    others (at most 10); Impact Hits only from 3"."""
    bonus = min(_MOST_BONUS[charger.position], distance)
    impact = charger.impact if distance >= _IMPACT_FROM else None
    return replace(charger, charge_bonus=bonus, impact=impact), bonus


def _round_note(charger: Side, bonus: int, distance: int, reaction: str) -> Step:
    shot = " and the charger survives the shooting" if reaction == "stand_and_shoot" else ""
    text = (f"Round 1, if the charge reaches{shot} (the round's chances below are given that): the charger "
            f"moved {distance}\", so its rank and file and each of its others strike at Initiative +{bonus} "
            f"(at most 10; +1 for each full inch moved, to +{_MOST_BONUS[charger.position]} into its "
            f"{charger.position})")
    if charger.impact is not None:
        text += ("; its Impact Hits strike, as it moved 3\" or more" if distance >= _IMPACT_FROM else
                 "; no Impact Hits, as it moved less than 3\"")
    return Step("base", text + f" ({_CHARGE}).", topic="round", anchor=_cites("charge"))


def _stubborn(side: Side) -> bool:
    """Stubborn, and not choosing to take the Break test: it Falls Back in Good Order."""
    return side.stubborn and not side.stubborn_tests


def _terrified(sides, loser: int) -> bool:
    """Terror's Ld - 1 on the loser's Break test: the winner causes Terror, the loser neither Fear nor Terror."""
    side = sides[loser]
    return sides[1 - loser].causes_terror and not (side.causes_fear or side.causes_terror)


def _tested(side: Side, difference: int, outnumbered: bool, hold_your_ground: bool, terror: bool = False):
    """The loser's Break test (breaks, falls back, gives ground): §7's, at Leadership - 1 against Terror; with
    Hold Your Ground a roll that makes it Break (its natural 2D6 above its Leadership, or a Fall Back the two-to-one
    rule turns into a Break) is rolled again, once, and the second roll stands."""
    leadership = side.leadership - terror
    if leadership >= 2:
        test = break_test(leadership, difference, outnumbered, side.unbreakable, _stubborn(side))
        breaks, falls_back, gives_ground = test.breaks, test.falls_back, test.gives_ground
    else:  # Terror brought it to 1: only a natural double 1 does not Break
        breaks, falls_back, gives_ground = (
            (Fraction(0), Fraction(0), Fraction(1)) if side.unbreakable else
            (Fraction(0), Fraction(1), Fraction(0)) if _stubborn(side) else
            (Fraction(35, 36), Fraction(0), Fraction(1, 36)))
    if hold_your_ground:  # an Unbreakable or Stubborn unit never Breaks: nothing to roll again
        breaks, falls_back, gives_ground = breaks * breaks, falls_back * (1 + breaks), gives_ground * (1 + breaks)
    return breaks, falls_back, gives_ground


def _after_round(round_, contact: Fraction, sides, movers, gap: int, outcomes: dict, steps: list) -> None:
    """The Break test, the flight and the pursuit, after the round: into ``outcomes``, weighted by
    ``contact`` (the chance the round is fought), with their steps."""
    caught = {}
    for loser in (0, 1):
        winner = movers[1 - loser]
        caught[loser] = tuple(pursuit(winner, movers[loser], good_order, gap).caught for good_order in (False, True))
    # The round's ends that go on the same way (an outcome at once, or the same Break test): their ways added up.
    ways: dict = {}
    for (difference, *flags), w in round_.end_ways:
        key = _end_key(difference, flags)
        ways[key] = ways.get(key, 0) + w
    totals = [[Fraction(0)] * 3 for _ in (0, 1)]
    for key, p in _added_up(_shares(ways, sides, movers, caught), round_.end_den).items():
        if isinstance(key, str):
            outcomes[key] += contact * p
        else:
            totals[key[0]][key[1]] = p
    for loser in (0, 1):
        steps += _aftermath_steps(loser, sides, movers, totals[loser], caught[loser], gap)


def _end_key(difference: int, flags) -> str | tuple[int, int, bool]:
    """How a round's end goes on: an outcome's name at once, or (the loser, the difference it lost by, whether it is
    outnumbered) for its Break test. ``flags``: each side wiped out, then each side outnumbering the other."""
    wiped, outnumbers = flags[:2], flags[2:]
    if wiped[0] or wiped[1]:
        return "both_destroyed" if wiped[0] and wiped[1] else f"{_NAMES[0 if wiped[0] else 1]}_destroyed"
    if not difference:
        return "fight_goes_on"
    loser = 0 if difference < 0 else 1
    return loser, abs(difference), outnumbers[1 - loser]


def _shares(ways: dict, sides, movers, caught: dict) -> list[tuple]:
    """Each share of the round's ends: (an outcome's name, or (the loser, which result of its Break test)), its
    ways, and the chance of that share when the round ends that way (a fraction of small numbers)."""
    shares = []
    for key, w in ways.items():
        if isinstance(key, str):
            shares.append((key, w, Fraction(1)))
            continue
        loser, difference, outnumbered = key
        name, winner = _NAMES[loser], movers[1 - loser]
        test = breaks, falls_back, gives_ground = _tested(sides[loser], difference, outnumbered,
                                                          movers[loser].hold_your_ground, _terrified(sides, loser))
        shares += [((loser, i), w, x) for i, x in enumerate(test)]
        flight_caught, fall_back_caught = caught[loser] if winner.pursuer else (Fraction(0), Fraction(0))
        if movers[loser].war_machine:  # "We're Not Paid to Fight": a war machine that Breaks is destroyed
            flight_caught = Fraction(1)
        shares += [(f"{name}_destroyed", w, breaks * flight_caught), (f"{name}_fled", w, breaks * (1 - flight_caught)),
                   ("fight_goes_on", w, falls_back * fall_back_caught),
                   (f"{name}_fell_back", w, falls_back * (1 - fall_back_caught)),
                   ("fight_goes_on" if winner.pursues else f"{name}_fell_back", w, gives_ground)]
    return shares


def _added_up(shares: list[tuple], end_den: int) -> dict:
    """Each share's chance, its ways over the round's ``end_den``: added up as whole numbers over one denominator,
    so that a fraction of the round's big numbers is made for each sum only."""
    scale = lcm(*(x.denominator for *_, x in shares))
    sums: dict = {}
    for key, w, x in shares:
        sums[key] = sums.get(key, 0) + w * x.numerator * (scale // x.denominator)
    return {key: Fraction(n, end_den * scale) for key, n in sums.items()}


def _aftermath_steps(loser: int, sides, movers, totals, caught, gap: int) -> list[Step]:
    """The loser's Break test with Hold Your Ground (the round's own steps give it without), the flight
    and the pursuit; ``totals`` are its chances to lose and Break, Fall Back, Give Ground in the round."""
    if not any(totals):
        return []
    name, other = _WHO[loser], _WHO[1 - loser]
    side, mover, winner = sides[loser], movers[loser], movers[1 - loser]
    steps = []
    if _terrified(sides, loser):
        steps.append(Step("modifier", f"Terror: the {other} causes Terror and the {name} causes neither Fear nor "
                          f"Terror, so it takes its Break test at Leadership {side.leadership} - 1 ({_CHARGE}).", -1,
                          topic="break", anchor=_cites("charge")))
    if mover.hold_your_ground and not (side.unbreakable or _stubborn(side)):
        breaks, falls_back, gives_ground = totals
        steps.append(Step("reroll", f"Hold Your Ground: if the {name} loses, a Break test that makes it Break (its "
                          f"natural 2D6 above its Leadership, or a Fall Back turned into a Break as it is outnumbered "
                          f"two to one) is rolled again, once, and the second roll stands; a Fall Back or a Give "
                          f"Ground is kept ({_AFTER}). So it loses and Breaks {chance_text(breaks)}, Falls Back in "
                          f"Good Order {chance_text(falls_back)}, Gives Ground {chance_text(gives_ground)}.",
                          topic="break", anchor=_cites("after")))
    if mover.war_machine:
        steps.append(Step("note", f"The {name} is a war machine: if it Breaks, it is destroyed (\"We're Not Paid to "
                          f"Fight\", {_AFTER}).", topic="break", anchor=_cites("after")))
    gap_text = f" + {gap}\" for the pivot" if gap else ""
    if not winner.pursuer:
        why = "a war machine never pursues" if winner.war_machine else "its profile says it does not pursue"
        follow = " is followed up (the fight goes on)" if winner.pursues else " gets away"
        steps.append(Step("note", f"The {other} does not pursue ({why}): a {name} that Breaks flees, one that Falls "
                          f"Back gets away, one that Gives Ground{follow} ({_AFTER}).", topic="pursuit",
                          anchor=_cites("after")))
        return steps
    steps.append(Step("roll", f"The {name} flees {_flight_text(mover)} if it Breaks, "
                      f"{_flight_text(mover, good_order=True)} if it Falls Back; the {other} pursues "
                      f"{_pursuit_text(winner)} and catches it "
                      f"when the pursuit is at least the flight{gap_text} ({_AFTER}).", topic="pursuit",
                      anchor=_cites("after")))
    steps.append(Step("chance", f"A {name} that Breaks is caught and destroyed with chance {chance_text(caught[0])}; "
                      f"one that Falls Back is caught with chance {chance_text(caught[1])} (the fight goes on); one "
                      f"that Gives Ground is followed up (the fight goes on).", topic="pursuit"))
    return steps


def _outcome_step(outcomes: dict[str, Fraction]) -> Step:
    shown = "; ".join(f"{key.replace('_', ' ')} {chance_text(p)}" for key, p in outcomes.items() if p)
    return Step("chance", f"How this turn ends: {shown}.", topic="outcome")


# Before the charge: psychology and the charger's formation ------------------------------------------


def _unit_strength(side: Side) -> int:
    """A side's whole Unit Strength as the charge is declared: its models and its others'."""
    return side_strength(side, side.unit.models)


def _leadership_fails(leadership: int) -> Fraction:
    """The chance a Leadership test fails (the one rule: :func:`sides.leadership_fails`)."""
    return Fraction(leadership_fails(leadership), 36)


def _fear_before(charger: Side, charged: Side) -> Fraction:
    """The chance the charger fails a Fear test before declaring (0 when it takes none): the charged unit causes
    Fear (or Terror) with the higher Unit Strength, and the charger is not immune to it (the round's rule:
    :func:`sides.fear_immune`; a Fear-causer is immune, except to a Terror-causer)."""
    if not causes_fear(charged) or fear_immune(charger, charged) or _unit_strength(charged) <= _unit_strength(charger):
        return Fraction(0)
    return _leadership_fails(charger.leadership)


def _terror_test(charger: Side, charged: Side) -> Fraction:
    """The chance the target fails its Terror test as a Terror-causer declares (0: it takes none, as it cannot
    Flee, Frenzied or Immune to Psychology, or causes Terror itself)."""
    if not charger.causes_terror or charged.causes_terror or charged.frenzy or charged.immune_to_psychology:
        return Fraction(0)
    return _leadership_fails(charged.leadership)


def _marching(side: Side) -> bool:
    """Marching Column: deeper than wide, the others in its ranks counted (:func:`sides.marching_column`)."""
    return marching_column(side)


def _moves_as(side: Side, mover: Mover) -> Mover:
    """The movement profile as the rules make it: a war machine by its troop type too; a Frenzied unit pursues."""
    if side.unit.troop == "war_machine" and not mover.war_machine:
        mover = replace(mover, war_machine=True)
    if side.frenzy and not mover.pursues:
        mover = replace(mover, pursues=True)
    return mover


def _declaring_steps(charger: Side, charged: Side, fear: Fraction, marching: bool) -> list[Step]:
    steps = []
    if fear:
        steps.append(Step("chance", f"Fear: the charged unit causes Fear with the higher Unit Strength "
                          f"({_unit_strength(charged)} against {_unit_strength(charger)}), so the charger tests on "
                          f"its Leadership {charger.leadership} before declaring and fails with chance "
                          f"{chance_text(fear)}: it does not move, the charge has failed, and the target makes no "
                          f"reaction ({_CHARGE}).", topic="charge", anchor=_cites("charge")))
    if marching:
        depth = -(-(charger.unit.models + others_in_ranks(charger)) // charger.rank_width)
        steps.append(Step("note", f"The charger is in Marching Column ({depth} deep, {charger.rank_width} wide): it "
                          f"may declare, but makes no charge move, so the charge fails whatever its roll ({_CHARGE}).",
                          topic="charge", anchor=_cites("charge")))
    return steps


# The reactions --------------------------------------------------------------------------------------


def _shooting_armour(charger: Side, shooting_armour) -> Target:
    """The charger's unit as Stand & Shoot meets it: its armour against shooting (default: the Side's)."""
    if shooting_armour is None:
        return charger.unit
    if isinstance(shooting_armour, bool) or not isinstance(shooting_armour, int) or not 2 <= shooting_armour <= 7:
        raise ValueError(f"The charger's armour against shooting is a save from 2 to 6, 7 for none, or None for its "
                         f"Side's armour (got {shooting_armour!r:.30}).")
    return replace(charger.unit, armour=None if shooting_armour == 7 else shooting_armour)


def _fled(reach: Distribution, distance: int, charged_moves: Mover, gap: int, marching: bool):
    """The charged unit Flees: run down or escaped, and why."""
    outcomes = dict.fromkeys(OUTCOMES, Fraction(0))
    flight = _flight_text(charged_moves)
    if marching:
        outcomes["escaped"] = Fraction(1)
        return outcomes, [Step("base", f"The charged unit flees {flight} directly away; the charger in Marching Column "
                               f"makes no charge move, so it escapes ({_REACTIONS}).", topic="reaction",
                               anchor=_cites("reactions"))]
    run_down = _reaches(reach, flee_distance(charged_moves), distance + gap)
    outcomes["run_down"], outcomes["escaped"] = run_down, 1 - run_down
    gap_text = f" + {gap}\" for the pivot" if gap else ""
    return outcomes, [Step("base", f"The charged unit flees {flight} directly away; the charger moves its whole charge "
                           f"range and runs it down when the range is at least {distance}\" + the flight{gap_text} "
                           f"({_REACTIONS}).", topic="reaction", anchor=_cites("reactions")),
                      Step("chance", f"Run down (destroyed) with chance {chance_text(run_down)}; it escapes with "
                           f"chance {chance_text(1 - run_down)}.", topic="reaction")]


class _Unlimited:
    """A count of work that refuses nothing: Stand & Shoot's volley is already worked out, and no bigger."""

    def add(self, steps: int) -> None:
        pass


def _lost_and_recovered(groups, target: Target) -> dict[tuple[int, int], Fraction]:
    """Stand & Shoot into a unit with Regeneration: the chance of each (Wounds lost, Wounds recovered), its
    unsaved wounds landing as :func:`shoot_unit` lands them (Multiple Wounds first), each point rolled in turn
    until the unit has lost its last Wound (a recovered Wound counts for the combat result)."""
    damage = UnitDamage(target.wounds, target.models, target.regeneration, _Unlimited())
    states = {(0, 0): Fraction(1)}
    for group in sorted(groups, key=lambda g: not g.multiple_wounds):  # stable: as given within each
        unsaved, dice = shoot(group.shot, group.shots, group.weapon, target).unsaved, group.weapon.multiple_wounds
        den = damage.den(dice)
        new: dict = {}
        for (lost, recovered), p in states.items():
            for count, q in unsaved.items():
                for (then, more), w in (damage.after(dice, lost, count).items() if q else ()):
                    key = (then, recovered + more)
                    new[key] = new.get(key, 0) + p * q * Fraction(w, den**count)
        states = new
    return states


def _shot(target: Target, groups, distance: int, movement: int, outcomes: dict, steps: list):
    """Stand & Shoot into the charger's unit: the chance it is wiped out (into ``outcomes``); when it is not, the
    Wounds it has lost (a Distribution), or with Regeneration the chance of each (Wounds lost, Wounds recovered);
    and its steps."""
    volley = shoot_unit(groups, target)
    ways, den = volley.wounds_lost.weights
    full = target.wounds * target.models
    wiped = Fraction(sum(ways[full:]), den)
    outcomes["charger_destroyed"] = wiped
    lost = Distribution.from_ways(dict(enumerate(ways[:full]))) if wiped < 1 else None
    regenerated = []
    if lost is not None and target.regeneration is not None:
        joint = _lost_and_recovered(groups, target)
        lost = {key: p / (1 - wiped) for key, p in joint.items() if key[0] < full and p}
        recovered = sum((p * r for (_, r), p in joint.items()), Fraction(0))
        regenerated.append(Step("note", f"The charger's Regeneration recovers {number_text(recovered)} Wounds of the "
                                f"shooting on average: each still counts +1 for the charged side's result in round "
                                f"1, its points rolled one at a time until the model has lost its last Wound "
                                f"({_REACTIONS}).", topic="reaction", anchor=_cites("reactions")))
    steps += [Step("base", f"The charged unit Stands & Shoots (-1 to hit), as the charger starts {distance}\" away, at "
                   f"least its Movement {movement}, against the charger's armour against shooting: its unsaved wounds "
                   f"carry into the round as Wounds the charger has already lost, its models removed from the back, "
                   f"and each Wound lost counts +1 for the charged side's result in round 1 ({_REACTIONS}).",
                   topic="reaction", anchor=_cites("reactions")),
              Step("chance", f"Its shooting costs the charger {number_text(volley.wounds_lost.mean)} Wounds and "
                   f"{number_text(volley.models_removed.mean)} models on average, and wipes it out with chance "
                   f"{chance_text(wiped)}, whatever its Charge roll.", topic="reaction"), *regenerated]
    return wiped, lost


def _stood(charger: Side, charged: Side, distance: int, movers, reaction: str, terrain: bool, shooting, gap: int,
           marching: bool):
    """Hold or Stand & Shoot: the round if the charge reaches, and what follows. ``shooting``: (the groups, the
    charger's unit as they meet it)."""
    outcomes = dict.fromkeys(OUTCOMES, Fraction(0))
    reached = Fraction(0) if marching else charge_range(movers[0], terrain).at_least(distance)
    steps: list[Step] = []
    contact, charger_lost = reached, None
    if reaction == "hold":
        steps.append(Step("base", f"The charged unit Holds ({_REACTIONS}).", topic="reaction",
                          anchor=_cites("reactions")))
        outcomes["failed"] = 1 - reached
    else:
        wiped, charger_lost = _shot(shooting[1], shooting[0], distance, movers[0].movement, outcomes, steps)
        outcomes["failed"] = (1 - reached) * (1 - wiped)
        contact = reached * (1 - wiped)
    round_ = None
    if contact:
        fighting, bonus = with_charge_bonus(charger, distance)
        round_ = (combat_round(fighting, charged, charger_shot=charger_lost) if isinstance(charger_lost, dict) else
                  combat_round(fighting, charged, charger_lost))
        steps.append(_round_note(charger, bonus, distance, reaction))
        steps += round_.steps
        _after_round(round_, contact, (charger, charged), movers, gap, outcomes, steps)
    return outcomes, round_, steps


def _terror_steps(charged: Side, terror: Fraction, reaction: str) -> list[Step]:
    return [Step("chance", f"Terror: the charger causes Terror, so as it declares, the charged unit tests on its "
                 f"Leadership {charged.leadership} and fails with chance {chance_text(terror)}: then it Flees, "
                 f"whatever reaction was chosen. The chosen reaction ({reaction.replace('_', ' ')}) below is weighed "
                 f"by the chance it passes, the Flee after it by the chance it fails ({_CHARGE}).", topic="reaction",
                 anchor=_cites("charge"))]


def charge(charger: Side, charged: Side, distance: int, charger_moves: Mover, charged_moves: Mover,
           reaction: str = "hold", terrain: bool = False, stand_and_shoot=(), gap: int = 0,
           shooting_armour: int | None = None) -> ChargeResult:
    """The whole charge, exactly: the Fear test before declaring, the Charge roll, the Terror test, the reaction,
    round 1, the Break test, the flight and the pursuit (docs/rules.md § Fantasy: the charge).

    ``charger`` and ``charged`` are Sides entered without the charge's Initiative bonus: it is
    added here from ``distance`` (whole inches) and the charger's position, and Impact Hits strike
    only from 3". ``reaction`` is ``"hold"``, ``"stand_and_shoot"`` (then ``stand_and_shoot`` holds
    the charged unit's shooting, 1 to 6 fantasy.Groups whose Shots have ``stand_and_shoot=True``,
    fired into the charger's rank and file at its armour against shooting, ``shooting_armour``, by default
    its Side's; other reactions leave them out) or ``"flee"``.
    ``gap`` is the pivot's extra distance to run down and to every pursuit.

    >>> from hitrules.fantasy import Target, Weapon
    >>> side = dict(ws=3, leadership=7, rank_width=2, fighting=2, supporting=0, attacks=1, weapon=Weapon(3))
    >>> two = Side(Target(3, models=2), initiative=3, **side)
    >>> r = charge(two, two, 6, Mover(4), Mover(4))
    >>> r.reached, r.outcomes["charged_destroyed"]
    (Fraction(35, 36), Fraction(247135, 1990656))
    """
    groups = _check(charger, charged, distance, charger_moves, charged_moves, reaction, terrain, stand_and_shoot, gap)
    shooting = (groups, _shooting_armour(charger, shooting_armour))
    movers = (_moves_as(charger, charger_moves), _moves_as(charged, charged_moves))
    roll = charge_roll(charger_moves, distance, terrain)
    fear, terror, marching = _fear_before(charger, charged), _terror_test(charger, charged), _marching(charger)
    steps = [*_declaring_steps(charger, charged, fear, marching), *roll.steps]
    reach = charge_range(movers[0], terrain)
    if terror and reaction != "flee":
        steps += _terror_steps(charged, terror, reaction)
    if reaction == "flee":
        outcomes, more = _fled(reach, distance, movers[1], gap, marching)
        round_ = None
    else:
        outcomes, round_, more = _stood(charger, charged, distance, movers, reaction, terrain, shooting, gap, marching)
    steps += more
    if terror and reaction != "flee":
        fled, more = _fled(reach, distance, movers[1], gap, marching)
        outcomes = {k: (1 - terror) * v + terror * fled[k] for k, v in outcomes.items()}
        steps += [Step("note", "If it fails the Terror test:", topic="reaction"), *more]
    if fear:
        outcomes = {k: (1 - fear) * v + (fear if k == "failed" else 0) for k, v in outcomes.items()}
    steps.append(_outcome_step(outcomes))
    return ChargeResult(roll.reached, outcomes, round_, tuple(steps))
