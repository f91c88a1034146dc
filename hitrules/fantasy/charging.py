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

from hitrules.dice import Distribution
from hitrules.fantasy.after_hit import Group, shoot_unit
from hitrules.fantasy.result import break_test
from hitrules.fantasy.round import combat_round
from hitrules.fantasy.sides import Side, check_supporting
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


def max_charge_range(mover: Mover) -> int:
    """The maximum possible charge range, the farthest a charge may be declared: M + 6 (+ 3 with
    Swiftstride).

    >>> max_charge_range(Mover(4)), max_charge_range(Mover(8, swiftstride=True))
    (10, 17)
    """
    mover = _check_mover(mover, "The charger")
    return mover.movement + 6 + (3 if mover.swiftstride else 0)


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
    two = _two_dice(_D6, "higher" if good_order else "sum")
    return _plus(two, _D6) if mover.swiftstride else two


def flee_distance(mover: Mover, good_order: bool = False) -> Distribution:
    """How far a unit flees, in inches: 2D6 (Falling Back in Good Order: 2D6 keep the higher),
    + D6 with Swiftstride, -1 if Resolute or a war machine (-1 in all if both), at least 1.

    >>> flee_distance(Mover(4)).mean, flee_distance(Mover(4, resolute=True), good_order=True)[1]
    (Fraction(7, 1), Fraction(1, 9))
    """
    mover = _check_mover(mover, "The mover")
    _check_bool("good_order", good_order)
    slower = -1 if mover.resolute or mover.war_machine else 0
    return Distribution.from_ways(_moved(_flight_dice(mover, good_order), slower))


def pursuit_distance(mover: Mover) -> Distribution:
    """How far a unit pursues, in inches: 2D6, + D6 with Swiftstride, -1 if Resolute, at least 1."""
    mover = _check_mover(mover, "The mover")
    return Distribution.from_ways(_moved(_flight_dice(mover, False), -1 if mover.resolute else 0))


def _reaches(reach: Distribution, flight: Distribution, gap: int) -> Fraction:
    """P(reach ≥ flight + gap): the chance a run-down or a pursuit catches the fleeing unit."""
    return sum((p * reach.at_least(f + gap) for f, p in flight.items() if p), Fraction(0))


def _flight_text(mover: Mover, good_order: bool = False) -> str:
    """A flight in words: ``2D6 + D6 (Swiftstride) - 1 (Resolute)``, at least 1."""
    text = ("2D6 keep the higher" if good_order else "2D6") + (" + D6 (Swiftstride)" if mover.swiftstride else "")
    slower = [name for name, on in (("Resolute", mover.resolute), ("a war machine", mover.war_machine)) if on]
    return text + (f" - 1 ({' and '.join(slower)}), at least 1" if slower else "")


def _pursuit_text(mover: Mover) -> str:
    """A pursuit in words: ``2D6 + D6 (Swiftstride) - 1 (Resolute)``, at least 1."""
    text = "2D6" + (" + D6 (Swiftstride)" if mover.swiftstride else "")
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


def _check_distance(distance: object, mover: Mover) -> int:
    """A distance a charge can be declared from: 1 to the mover's maximum possible charge range."""
    most = max_charge_range(mover)
    if isinstance(distance, bool) or not isinstance(distance, int):
        raise ValueError(f"The distance must be a whole number of inches from 1 to {most} (got {distance!r:.30}).")
    if distance < 1:
        raise ValueError(f"The distance must be at least 1 inch (got {distance}).")
    if distance > most:
        swift = " + 3 with Swiftstride" if mover.swiftstride else ""
        raise ValueError(f"The charge cannot be declared from {distance}\": the charger's maximum possible charge "
                         f"range is {most}\" (M {mover.movement} + 6{swift}).")
    return distance


def _check(charger, charged, distance, charger_moves, charged_moves, reaction, terrain, stand_and_shoot, gap):
    if not isinstance(charger, Side) or not isinstance(charged, Side):
        raise ValueError("charge() takes two Sides: the charger and the charged, without the charge's "
                         "Initiative bonus.")
    check_supporting(charger, charged, "charger")
    check_supporting(charged, charger, "charged")  # whatever the reaction: the same sides are refused
    _check_mover(charger_moves, "The charger's movement profile")
    _check_mover(charged_moves, "The charged unit's movement profile")
    check_choice("reaction", reaction, REACTIONS)
    _check_bool("terrain", terrain)
    check_int("The pivot's extra distance", gap, *GAP_RANGE)
    _check_distance(distance, charger_moves)
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
    _check_distance(distance, mover)
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


def _tested(side: Side, difference: int, outnumbered: bool, hold_your_ground: bool):
    """The loser's Break test (breaks, falls back, gives ground): §7's, and with Hold Your Ground a roll
    whose natural 2D6 is above the Leadership is rolled again, once, and the second roll stands."""
    test = break_test(side.leadership, difference, outnumbered, side.unbreakable, side.stubborn)
    breaks, falls_back, gives_ground = test.breaks, test.falls_back, test.gives_ground
    if hold_your_ground and not (side.unbreakable or side.stubborn):
        above = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b > side.leadership), 36)
        breaks, falls_back, gives_ground = (breaks - above + above * breaks, falls_back + above * falls_back,
                                            gives_ground + above * gives_ground)
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
        name, pursues = _NAMES[loser], movers[1 - loser].pursuer
        test = breaks, falls_back, gives_ground = _tested(sides[loser], difference, outnumbered,
                                                          movers[loser].hold_your_ground)
        shares += [((loser, i), w, x) for i, x in enumerate(test)]
        flight_caught, fall_back_caught = caught[loser] if pursues else (Fraction(0), Fraction(0))
        shares += [(f"{name}_destroyed", w, breaks * flight_caught), (f"{name}_fled", w, breaks * (1 - flight_caught)),
                   ("fight_goes_on", w, falls_back * fall_back_caught),
                   (f"{name}_fell_back", w, falls_back * (1 - fall_back_caught)),
                   ("fight_goes_on" if pursues else f"{name}_fell_back", w, gives_ground)]
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
    if mover.hold_your_ground and not (side.unbreakable or side.stubborn):
        breaks, falls_back, gives_ground = totals
        steps.append(Step("reroll", f"Hold Your Ground: if the {name} loses, a Break test whose natural 2D6 is above "
                          f"its Leadership {side.leadership} is rolled again, once, and the second roll stands; a "
                          f"Fall Back is not re-rolled ({_AFTER}). So it loses and Breaks {chance_text(breaks)}, "
                          f"Falls Back in Good Order {chance_text(falls_back)}, Gives Ground "
                          f"{chance_text(gives_ground)}.", topic="break", anchor=_cites("after")))
    gap_text = f" + {gap}\" for the pivot" if gap else ""
    if not winner.pursuer:
        why = "a war machine never pursues" if winner.war_machine else "its profile says it does not pursue"
        steps.append(Step("note", f"The {other} does not pursue ({why}): a {name} that Breaks flees, one that Falls "
                          f"Back or Gives Ground gets away ({_AFTER}).", topic="pursuit", anchor=_cites("after")))
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


def charge(charger: Side, charged: Side, distance: int, charger_moves: Mover, charged_moves: Mover,
           reaction: str = "hold", terrain: bool = False, stand_and_shoot=(), gap: int = 0) -> ChargeResult:
    """The whole charge, exactly: the Charge roll, the reaction, round 1, the Break test, the flight
    and the pursuit (docs/rules.md § Fantasy: the charge).

    ``charger`` and ``charged`` are Sides entered without the charge's Initiative bonus: it is
    added here from ``distance`` (whole inches) and the charger's position, and Impact Hits strike
    only from 3". ``reaction`` is ``"hold"``, ``"stand_and_shoot"`` (then ``stand_and_shoot`` holds
    the charged unit's shooting, 1 to 6 fantasy.Groups whose Shots have ``stand_and_shoot=True``,
    fired into the charger's rank and file; other reactions leave them out) or ``"flee"``.
    ``gap`` is the pivot's extra distance to run down and to every pursuit.

    >>> from hitrules.fantasy import Target, Weapon
    >>> side = dict(ws=3, leadership=7, rank_width=2, fighting=2, supporting=0, attacks=1, weapon=Weapon(3))
    >>> two = Side(Target(3, models=2), initiative=3, **side)
    >>> r = charge(two, two, 6, Mover(4), Mover(4))
    >>> r.reached, r.outcomes["charged_destroyed"]
    (Fraction(35, 36), Fraction(247135, 1990656))
    """
    groups = _check(charger, charged, distance, charger_moves, charged_moves, reaction, terrain, stand_and_shoot, gap)
    reach = charge_range(charger_moves, terrain)
    roll = charge_roll(charger_moves, distance, terrain)
    reached = roll.reached
    outcomes = dict.fromkeys(OUTCOMES, Fraction(0))
    steps = list(roll.steps)
    if reaction == "flee":
        flight = flee_distance(charged_moves)
        run_down = _reaches(reach, flight, distance + gap)
        outcomes["run_down"], outcomes["escaped"] = run_down, 1 - run_down
        gap_text = f" + {gap}\" for the pivot" if gap else ""
        steps += [Step("base", f"The charged unit flees {_flight_text(charged_moves)} directly away; the charger "
                       f"moves its whole charge range and runs it down when the range is at least {distance}\" + the "
                       f"flight{gap_text} ({_REACTIONS}).", topic="reaction", anchor=_cites("reactions")),
                  Step("chance", f"Run down (destroyed) with chance {chance_text(run_down)}; it escapes with chance "
                       f"{chance_text(1 - run_down)}.", topic="reaction"),
                  _outcome_step(outcomes)]
        return ChargeResult(reached, outcomes, None, tuple(steps))
    contact, charger_lost = reached, None
    if reaction == "hold":
        steps.append(Step("base", f"The charged unit Holds ({_REACTIONS}).", topic="reaction",
                          anchor=_cites("reactions")))
        outcomes["failed"] = 1 - reached
    else:
        volley = shoot_unit(groups, charger.unit)
        ways, den = volley.wounds_lost.weights
        full = charger.unit.wounds * charger.unit.models
        wiped = Fraction(sum(ways[full:]), den)
        outcomes["charger_destroyed"] = wiped
        outcomes["failed"] = (1 - reached) * (1 - wiped)
        contact = reached * (1 - wiped)
        if wiped < 1:
            charger_lost = Distribution.from_ways(dict(enumerate(ways[:full])))
        steps += [Step("base", f"The charged unit Stands & Shoots (-1 to hit), as the charger starts "
                       f"{distance}\" away, at least its Movement {charger_moves.movement}: its unsaved wounds "
                       f"carry into the round as Wounds the charger has already lost, its models removed from the "
                       f"back, and each Wound lost counts +1 for the charged side's result in round 1 "
                       f"({_REACTIONS}).", topic="reaction",
                       anchor=_cites("reactions")),
                  Step("chance", f"Its shooting costs the charger {number_text(volley.wounds_lost.mean)} Wounds and "
                       f"{number_text(volley.models_removed.mean)} models on average, and wipes it out with chance "
                       f"{chance_text(wiped)}, whatever its Charge roll.", topic="reaction")]
    round_ = None
    if contact:
        fighting, bonus = with_charge_bonus(charger, distance)
        round_ = combat_round(fighting, charged, charger_lost)
        steps.append(_round_note(charger, bonus, distance, reaction))
        steps += round_.steps
        _after_round(round_, contact, (charger, charged), (charger_moves, charged_moves), gap, outcomes, steps)
    steps.append(_outcome_step(outcomes))
    return ChargeResult(reached, outcomes, round_, tuple(steps))
