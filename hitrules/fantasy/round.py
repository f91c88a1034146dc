"""Fantasy close combat: one whole round, exactly, from Impact Hits to the Break test, and one
profile's attacks into a unit (strike). docs/rules.md § Fantasy close combat and the sections after it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product
from math import gcd, lcm

from hitrules.damage import (
    ChainResult,
    Profile,
    Stages,
    UnitDamage,
    Volley,
    count_removed,
    damage_steps,
    kernel_entry,
    pooled,
)
from hitrules.dice import AttackDice, Distribution, convolve, pack, unpack
from hitrules.fantasy.after_hit import (
    MULTIPLE_WOUNDS_MOST,
    Target,
    save_steps,
    unsaved_after,
    wound_faces,
    wound_score,
    wound_steps,
)
from hitrules.fantasy.explanation import (
    afraid_text,
    after_text,
    blow_text,
    fear_steps,
    frenzy_steps,
    initiative_steps,
    killing_steps,
    phase_text,
)
from hitrules.fantasy.melee import (
    INITIATIVE_RANGE,
    ON_COMBAT,
    STRIKING_INITIATIVE_RANGE,
    WS_RANGE,
    Blow,
    Fighters,
    check_bool,
    cites,
)
from hitrules.fantasy.result import RoundResult, result_of
from hitrules.fantasy.sides import (
    SIDE_NAMES,
    Side,
    causes_fear,
    check_supporting,
    fear_immune,
    held_initiative,
    leadership_fails,
    rank_and_file_initiative,
    side_strength,
)
from hitrules.steps import Step, check_int

# The engine: the unsaved wounds of one step into a unit, in the FAQ's order --------------------
#
# A unit's state is the Wounds it has lost: which models are gone and how much damage sits on the
# current one. The Wounds Regeneration recovers change no state but count for the enemy's score, so
# the round follows only how many more the charged recovered than the charger. Chances are integer
# weights over a common denominator, as in hitrules.dice.

class _Work:
    """A count of the steps a round has taken, to refuse a round too big to work out exactly."""

    def __init__(self) -> None:
        self.done = 0

    def add(self, steps: int) -> None:
        self.done += steps
        if self.done > MAX_WORK:
            raise ValueError("This combat is too big to work out exactly: use fewer attacks, models or Wounds "
                             "(Regeneration with Multiple Wounds into many Wounds costs the most).")


def strike(fighters: Fighters, target: Target, target_ws: int, reroll_sixes: bool = False) -> ChainResult:
    """One profile's attacks into a unit: the same chain as ``shoot``, with the melee hit roll,
    Killing Blow and Monster Slayer. Its unsaved wounds land in the order of docs/rules.md § Fantasy
    close combat: those that remove a model outright first.

    >>> from hitrules.fantasy import Weapon
    >>> r = strike(Fighters(4, 3, Weapon(3, killing_blow=True), 3), Target(3, armour=4, wounds=2, models=2), 3)
    >>> r.hit_chance, r.unsaved_chance, r.models_removed[2]
    (Fraction(1, 2), Fraction(2, 3), Fraction(7, 162))
    """
    if not isinstance(fighters, Fighters) or not isinstance(target, Target):
        raise ValueError("strike() takes Fighters and a Target.")
    check_int("The target's WS", target_ws, *WS_RANGE)
    check_bool("reroll_sixes", reroll_sixes)
    blow = Blow.of(fighters, target, target_ws, reroll_sixes)
    dice = fighters.attacks
    damage = UnitDamage(target.wounds, target.models, target.regeneration, _Work())
    volley = _volley(damage, [(blow, dice)])
    lost = [0] * (damage.full + 1)
    for n, _, w, _ in volley.kernel(0, (None,)):
        lost[n] += w
    lost, removed = count_removed(Distribution(tuple(lost), volley.den), target.wounds, target.models)
    weapon = fighters.weapon
    score = wound_score(weapon.strength, target.toughness)
    unsaved = blow.killing + blow.ordinary
    group = (dice, blow.hit.probability, blow.wound, unsaved)
    fallback = (Fraction(len(wound_faces(score)), 6), unsaved_after(wound_faces(score), weapon, target))
    stage_chances = pooled([group], fallback)
    profile = Profile.of(weapon.multiple_wounds, target.wounds, target.models, target.regeneration,
                         "Multiple Wounds", MULTIPLE_WOUNDS_MOST)
    steps = [*wound_steps(weapon, target, score, [blow.hit], stage_chances[1]),
             *save_steps(weapon, target, stage_chances[2]),
             *killing_steps(blow, target),
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


def _volley(damage: UnitDamage, blows: list[tuple[Blow, AttackDice | int]]) -> Volley:
    """The profiles (each a Blow and its attacks) that strike one unit at one step: their unsaved
    attacks land Killing Blows first, then each Multiple Wounds profile in the side's order, then the
    single wounds (docs/rules.md § Fantasy close combat)."""
    _check_size(blows)
    return Volley(damage, [(b.ways_killing, b.ways_ordinary, b.den, b.multiple_wounds, attacks)
                           for b, attacks in blows])


def _check_size(blows) -> None:
    for _, attacks in blows:
        most = attacks if isinstance(attacks, int) else attacks.maximum
        if most > MAX_PROFILE_ATTACKS:
            raise ValueError(f"Too many attacks to work out: up to {most} from one profile; the most is "
                             f"{MAX_PROFILE_ATTACKS}.")


# The round --------------------------------------------------------------------------------------

_ORDINAL = ("first", "second")


def _models_striking(side: Side, models_lost: int, removed_before: int = 0) -> tuple[int, int]:
    """The fighting and supporting models of the rank and file still alive with this many models slain:
    casualties come from the fighting rank first, and the models stepping up cannot attack.
    ``removed_before`` of them were removed before the round, from the back (Stand & Shoot): the unit
    then fights with the ranks it has left."""
    left = side.unit.models - removed_before
    fighting_then = min(side.fighting, left)
    supporting_then = min(side.supporting, left - fighting_then)
    slain = models_lost - removed_before
    return max(0, fighting_then - slain), max(0, supporting_then - max(0, slain - fighting_then))


@dataclass(frozen=True)
class Phase:
    """One step of the round: its title, topic, and for each side the profiles that strike the
    other side's unit (Fighters, attacks: the most for the rank and file and the mount, else dice; its
    kind, "rank_and_file", "mount" or ""; its name; the Initiative it strikes at, None for Impact Hits and
    Stomps)."""

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


def _arms(side: Side, s: int, afraid: bool) -> list[tuple]:
    """The side's profiles that roll to hit, in order (the rank and file, its mount, the others), as the
    round has them: Initiative (Strike First or Last, the charge), Frenzy's +1 Attack for the charger (its
    rank and file and others, never its mount), -1 To Hit after a failed Fear test."""
    extra = int(s == 0 and side.frenzy)
    minus = -1 if afraid else 0
    who = SIDE_NAMES[s]
    out = []
    if side.fighting + side.supporting:
        attacks = side.attacks + extra
        struck = rank_and_file_initiative(side)  # 11 with a thrusting spear's +1: the profile holds 10
        out.append((Fighters(attacks, side.ws, side.weapon, min(struck, INITIATIVE_RANGE[1]), side.modifier + minus,
                             side.reroll),
                    attacks * side.fighting + side.supporting, "rank_and_file", f"the {who}'s rank and file", struck))
    mount = side.mount
    if mount is not None and side.fighting:
        struck = held_initiative(side, mount.initiative)
        out.append((replace(mount, initiative=struck, modifier=mount.modifier + minus),
                    mount.attacks.bonus * side.fighting, "mount", f"the {who}'s {mount.name or 'mount'}", struck))
    for i, other in enumerate(side.others):
        attacks = replace(other.attacks, bonus=other.attacks.bonus + extra)
        struck = held_initiative(side, other.initiative)
        out.append((replace(other, attacks=attacks, initiative=struck, modifier=other.modifier + minus), attacks, "",
                    f"the {who}'s {_other_name(side, i)}", struck))
    return out


def _phases(charger: Side, charged: Side, afraid: tuple[bool, bool] = (False, False)) -> list[Phase]:
    sides = (charger, charged)
    arms = [_arms(side, s, afraid[s]) for s, side in enumerate(sides)]

    def profiles(when):
        out = []
        for s, side in enumerate(sides):
            mine = []
            if when == "impact" and side.impact is not None:
                mine.append((side.impact, side.impact.attacks, "", f"the {SIDE_NAMES[s]}'s Impact Hits", None))
            elif when == "stomp" and side.stomp is not None:
                mine.append((side.stomp, side.stomp.attacks, "", f"the {SIDE_NAMES[s]}'s Stomp Attacks", None))
            elif isinstance(when, int):
                mine += [arm for arm in arms[s] if arm[4] == when]
            out.append(tuple(mine))
        return tuple(out)

    phases = [Phase("Impact Hits", "impact", profiles("impact"))]
    phases += [Phase(f"Initiative {i}", "initiative", profiles(i))
               for i in range(STRIKING_INITIATIVE_RANGE[1], 0, -1)]
    phases.append(Phase("Stomp Attacks", "stomp", profiles("stomp")))
    return [p for p in phases if any(p.profiles)]


def combat_round(charger: Side, charged: Side, charger_lost: Distribution | None = None, *,
                 charger_shot: dict | None = None) -> RoundResult:
    """One whole round of combat, exactly, from Impact Hits to the Break test: round 1 of a charge (the
    first side charged this turn).

    >>> from hitrules.fantasy import Weapon
    >>> unit = Target(3, models=2)
    >>> side = dict(ws=3, leadership=7, rank_width=2, fighting=2, supporting=0, attacks=1, weapon=Weapon(3))
    >>> r = combat_round(Side(unit, initiative=6, **side), Side(unit, initiative=3, **side))
    >>> r.win, r.draw, r.lose
    (Fraction(11, 32), Fraction(105, 256), Fraction(63, 256))

    ``charger_lost``, when given, is the Wounds the charger has already lost before the round (to
    Stand & Shoot: docs/rules.md § Fantasy charge: the reactions), less than all of them: its models
    removed from the back, it fights with the ranks it has left, and each Wound lost counts for the
    charged side's result. The models it loses then include them. ``charger_shot`` instead gives them
    with the Wounds the charger's Regeneration recovered then, each counting for the charged side too:
    the chance of each (Wounds lost, Wounds recovered), adding up to 1.

    A side that must take a Fear test as the round begins (docs/rules.md § Psychology) is worked out
    both ways, passed and failed (-1 To Hit), each weighed by its exact chance.
    """
    _check(charger, charged)
    states, den, recovered_before = _begin(charger, charger_lost, charger_shot)
    sides = (charger, charged)
    work = _Work()
    damages = tuple(UnitDamage(s.unit.wounds, s.unit.models, s.unit.regeneration, work) for s in (charger, charged))
    full = (damages[0].full, damages[1].full)
    steps: list[Step] = [Step("note", "Close combat follows the current rules index of the published game: a "
                              f"reading, not a quote ({ON_COMBAT}).", topic="round", anchor=cites("combat"))]
    steps += initiative_steps(sides) + frenzy_steps(sides)
    runs, fear = _fear_runs(sides, states, den)
    steps += fear_steps(sides, fear)
    phases = [_phases(charger, charged, afraid) for afraid, _, _ in runs]
    # the expected Wounds each side's Regeneration recovered (the charger's from Stand & Shoot too)
    recovered = [recovered_before, Fraction(0)]
    for at, phase in enumerate(phases[0]):
        steps.append(Step("base", phase_text(phase), topic=phase.topic, anchor=cites("who first")))
        for r, (afraid, run_states, run_den) in enumerate(runs):
            into = _phase_volleys(phases[r][at], sides, damages, steps, afraid if r else None)
            runs[r], gained = _step(run_states, run_den, into, phases[r][at], sides, full, work)
            runs[r] = (afraid, *runs[r])
            recovered = [x + g for x, g in zip(recovered, gained, strict=True)]
        steps.append(after_text(phase, [(st, d) for _, st, d in runs], sides, full))
    states, den = _merged(runs)
    return result_of(sides, states, den, full, steps, recovered)


def _check(charger: Side, charged: Side) -> None:
    """Refuse sides a round cannot have."""
    if not isinstance(charger, Side) or not isinstance(charged, Side):
        raise ValueError("combat_round() takes two Sides: the charger and the charged.")
    if charged.impact is not None:
        raise ValueError("Impact Hits: only the charger has them; the charged side's impact must be None.")
    for s, (side, enemy) in enumerate(((charger, charged), (charged, charger))):
        check_supporting(side, enemy, SIDE_NAMES[s])


def _step(states: dict, den: int, into, phase: Phase, sides, full, work: _Work) -> tuple[tuple[dict, int], list]:
    """One step of one run: its new states and denominator, and the Wounds each side recovered (expected)."""
    new, gained = _strike_each_state(states, into, phase, sides, full, work)
    work.add(2 * sum(len(ways) for _, ways in new.values()))  # the summary, and the result at the end
    den *= (into[0].den if into[0] else 1) * (into[1].den if into[1] else 1)
    # The padding that keeps one denominator is mostly common to every weight: take it out, so
    # the next steps multiply smaller numbers.
    common = gcd(den, *(w for _, ways in new.values() for w in ways))
    return (({key: (low, [w // common for w in ways]) for key, (low, ways) in new.items()}, den // common),
            [Fraction(g, den) for g in gained])


def _tests(sides, states: dict) -> list[tuple[bool, bool]]:
    """For each first state: (the charger tests for Fear as the round begins, the charged does). The charger
    only when it had no test before declaring and Stand & Shoot has since left its Unit Strength the lower."""
    charger, charged = sides
    full_charger = side_strength(charger, charger.unit.models)
    strength_charged = side_strength(charged, charged.unit.models)
    charger_may = causes_fear(charged) and not fear_immune(charger, charged)
    charged_may = causes_fear(charger) and not fear_immune(charged, charger)
    tests = []
    for key in states:
        strength_charger = side_strength(charger, charger.unit.models - key[2])
        tests.append((charger_may and full_charger >= strength_charged > strength_charger,
                      charged_may and strength_charger > strength_charged))
    return tests


def _fear_runs(sides, states: dict, den: int) -> tuple[list, list]:
    """The round's runs, one for each way the Fear tests as the round begins can go ((the charger failed, the
    charged failed), its first states, their denominator: the no-failure run first), and for each side the
    chance it takes the test and the chance it fails it (None: it never tests)."""
    tests = _tests(sides, states)
    testing = [any(t[s] for t in tests) for s in (0, 1)]
    fails = [leadership_fails(side.leadership) for side in sides]
    runs = []
    for afraid in product((False, True), repeat=2):
        if any(afraid[s] and not testing[s] for s in (0, 1)):
            continue
        first = {}
        for (key, (low, ways)), test in zip(states.items(), tests, strict=True):
            if factor := _fear_factor(afraid, test, testing, fails):
                first[key] = (low, [w * factor for w in ways])
        if first:
            runs.append((afraid, first, den * 36 ** sum(testing)))
    return runs, [_tested(states, den, tests, s, fails[s]) if testing[s] else None for s in (0, 1)]


def _tested(states: dict, den: int, tests, s: int, fails: int) -> tuple[Fraction, Fraction]:
    """(The chance side s takes the Fear test, the chance it fails it)."""
    ways = sum(sum(ways) for (_, ways), test in zip(states.values(), tests, strict=True) if test[s])
    return Fraction(ways, den), Fraction(fails, 36)


def _fear_factor(afraid, test, testing, fails) -> int:
    """The ways, out of 36 for each side that may test, that a first state goes with these Fear results."""
    factor = 1
    for s in (0, 1):
        if testing[s] and test[s]:
            factor *= fails[s] if afraid[s] else 36 - fails[s]
        elif testing[s]:
            factor *= 0 if afraid[s] else 36
    return factor


def _merged(runs) -> tuple[dict, int]:
    """The final states of every run as one, over one denominator."""
    den = lcm(*(d for _, _, d in runs))
    merged: dict = {}
    for _, states, run_den in runs:
        scale = den // run_den
        for key, (low, ways) in states.items():
            _Lists.add(merged, key, low, len(ways), [w * scale for w in ways])
    return {key: (low, ways) for key, (low, _, ways) in merged.items()}, den


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


def _begin(charger: Side, charger_lost: Distribution | None, charger_shot: dict | None) -> tuple[dict, int, Fraction]:
    """The round's first states, their denominator, and the Wounds the charger recovered before it on average."""
    if charger_shot is None:
        return (*_start(charger, charger_lost), Fraction(0))
    return (*_start_shot(charger, charger_shot), sum((p * r for (_, r), p in charger_shot.items()), Fraction(0)))


def _start_shot(charger: Side, shot: dict) -> tuple[dict, int]:
    """:func:`_start` from the chance of each (Wounds the charger lost, Wounds its Regeneration recovered) before
    the round: a recovered Wound counts for the charged side, so it starts the difference d at minus it."""
    full, wounds = charger.unit.wounds * charger.unit.models, charger.unit.wounds
    if not isinstance(shot, dict) or sum(shot.values()) != 1:
        raise ValueError("The charger's Wounds lost and recovered before the round are a dict of their chances, "
                         "adding up to 1.")
    den = lcm(*(Fraction(p).denominator for p in shot.values()))
    by_lost: dict = {}
    for (lost, recovered), p in shot.items():
        if not (0 <= lost < full and recovered >= 0):
            raise ValueError(f"The charger has at most {full} Wounds, and loses fewer before the round; the Wounds "
                             f"it recovered are 0 or more (got {lost} and {recovered}).")
        if p:
            d = by_lost.setdefault(lost, {})
            d[-recovered] = d.get(-recovered, 0) + int(p * den)
    states = {}
    for lost, ways in by_lost.items():
        low = min(ways)
        states[lost, 0, lost // wounds] = (low, [ways.get(d, 0) for d in range(low, max(ways) + 1)])
    return states, den


def _phase_volleys(phase: Phase, sides, damages, steps: list[Step], afraid=None) -> tuple:
    """The volley that strikes each side's unit at this step (None: nothing strikes it), and a step of
    the Why for each profile that strikes (``afraid``: in a run after a failed Fear test, only the To Hit of
    the side that alone failed it)."""
    volleys = []
    for s in (0, 1):  # the profiles of side s strike the unit of side 1 - s
        target = sides[1 - s]
        blows = [(Blow.of(f, target.unit, target.ws, target.reroll_sixes), attacks)
                 for f, attacks, *_ in phase.profiles[s]]
        for (blow, attacks), (_, _, kind, name, _) in zip(blows, phase.profiles[s], strict=True):
            if afraid is None:
                steps.append(Step("roll", blow_text(blow, attacks, kind, name, sides[s], target),
                                  topic=phase.topic, anchor=cites("killing") if blow.rule else ""))
            elif afraid[s] and sum(afraid) == 1 and not blow.hit.automatic:
                steps.append(afraid_text(blow, name))
        volleys.append(_volley(damages[1 - s], blows) if blows else None)
    return volleys[1], volleys[0]


def _next_states(into, lost, phase: Phase, sides, full) -> list:
    """From one state (the Wounds each side has lost), each side's unit's next states at this step
    (see :func:`hitrules.damage.kernel_entry`): the rank and file and its mounts strike with the models left."""
    nexts = []
    for t in (0, 1):
        volley, attacker = into[t], 1 - t
        if volley is None:
            nexts.append((kernel_entry(lost[t], [1]),))
        elif lost[attacker] == full[attacker] or lost[t] == full[t]:
            # wiped out: it strikes no more, or there is nothing left to strike
            nexts.append((kernel_entry(lost[t], [volley.den]),))
        else:
            slain = lost[attacker] // sides[attacker].unit.wounds
            fighting, supporting = _models_striking(sides[attacker], slain, lost[2] if attacker == 0 else 0)
            counts = tuple(_count(p, fighting, supporting) for p in phase.profiles[attacker])
            nexts.append(volley.kernel(lost[t], counts))
    return nexts


def _count(profile, fighting: int, supporting: int) -> int | None:
    """The attacks a profile makes with these fighting and supporting models alive (None: its own dice)."""
    kind = profile[2]
    if kind == "rank_and_file":
        return profile[0].attacks.bonus * fighting + supporting
    if kind == "mount":
        return profile[0].attacks.bonus * fighting
    return None


def _strike_each_state(states: dict, into, phase: Phase, sides, full, work: _Work) -> tuple[dict, list[int]]:
    """Both sides strike at once from every state: the new states (as ``states``), and the Wounds each
    side's per-point roll recovered, summed over the ways (over the new denominator)."""
    if sides[0].unit.regeneration is None and sides[1].unit.regeneration is None:
        return _strike_without_recovery(states, into, phase, sides, full, work), [0, 0]
    arithmetic = _Packed(states, into) if max(len(ways) for _, ways in states.values()) > 1 else _Lists()
    new: dict = {}
    gained = [0, 0]
    for lost, (low, ways) in states.items():
        nexts = _next_states(into, lost, phase, sides, full)
        total = sum(ways)
        cost = 0
        words = _words(ways)
        mine = arithmetic.lift(ways)
        for x, ways_x, all_x, moment_x in nexts[0]:
            gained[0] += total * moment_x * (into[1].den if into[1] else 1)
            # the charger's recovered Wounds count against the charger: its polynomial runs backwards
            then_x = arithmetic.times(mine, ways_x, backwards=True)
            low_x, length_x = low - len(ways_x) + 1, len(ways) + len(ways_x) - 1
            cost += _cost(len(ways), len(ways_x), words)
            for y, ways_y, _, moment_y in nexts[1]:
                gained[1] += total * all_x * moment_y
                arithmetic.add(new, (x, y, lost[2]), low_x, length_x + len(ways_y) - 1,
                               arithmetic.times(then_x, ways_y))
                cost += _cost(length_x, len(ways_y), words)
        work.add(cost)
    return {key: (low, arithmetic.lower(poly, length)) for key, (low, length, poly) in new.items()}, gained


class _Lists:
    """The polynomials of the Wounds recovered as lists, multiplied term by term: the quicker way while each
    state's is one number, so that every product is a kernel's polynomial scaled."""

    @staticmethod
    def lift(ways: list[int]) -> list[int]:
        return ways

    @staticmethod
    def times(a: list[int], b: tuple[int, ...], backwards: bool = False) -> list[int]:
        """The product of two polynomials (lists of ways), ``b`` read from its end if ``backwards``: the
        ways of each sum of their two counts."""
        b = b[::-1] if backwards else b
        if len(b) == 1:
            return [x * b[0] for x in a]
        if len(a) == 1:
            return [a[0] * y for y in b]
        return list(convolve(tuple(a), b))

    @staticmethod
    def add(states: dict, key, low: int, length: int, ways: list[int]) -> None:
        """Add the polynomial ``ways`` (``length`` terms, its first for ``low``) to the one ``states`` holds
        at ``key``, as ``(low, length, ways)``."""
        if key not in states:
            states[key] = (low, length, ways)
            return
        old_low, old_length, old = states[key]
        start = min(low, old_low)
        out = [0] * (max(low + length, old_low + old_length) - start)
        for first, poly in ((old_low, old), (low, ways)):
            for i, w in enumerate(poly, start=first - start):
                out[i] += w
        states[key] = (start, len(out), out)

    @staticmethod
    def lower(ways: list[int], length: int) -> list[int]:
        return ways


class _Packed:
    """The polynomials of the Wounds recovered each packed into one integer (:func:`dice.pack`), multiplied
    and added whole: the quicker way once the states' are long, and many products add into each new state.
    No number of ways after the step, nor any sum of them, is above all the ways there are then: that much
    room for every coefficient is enough."""

    def __init__(self, states: dict, into) -> None:
        ways_now = sum(sum(ways) for _, ways in states.values())
        self.width = (ways_now * (into[0].den if into[0] else 1) * (into[1].den if into[1] else 1)
                      ).bit_length() // 8 + 1
        self.kernels: dict = {}  # each kernel's polynomial, packed once (kept with it: its id is the key)

    def lift(self, ways: list[int]) -> int:
        return pack(ways, self.width)

    def times(self, a: int, b: tuple[int, ...], backwards: bool = False) -> int:
        key = (id(b), backwards)  # a kernel's polynomial is one tuple, long and of long numbers: not hashed
        if key not in self.kernels:
            self.kernels[key] = (b, pack(b[::-1] if backwards else b, self.width))
        return a * self.kernels[key][1]

    def add(self, states: dict, key, low: int, length: int, packed: int) -> None:
        if key not in states:
            states[key] = (low, length, packed)
            return
        old_low, old_length, old = states[key]
        start, bits = min(low, old_low), 8 * self.width
        states[key] = (start, max(low + length, old_low + old_length) - start,
                       (old << bits * (old_low - start)) + (packed << bits * (low - start)))

    def lower(self, packed: int, length: int) -> list[int]:
        return unpack(packed, self.width, length)


def _strike_without_recovery(states: dict, into, phase: Phase, sides, full, work: _Work) -> dict:
    """:func:`_strike_each_state` when neither side recovers a Wound: then every polynomial of the
    Wounds recovered is one number (the ways of 0), and the same steps are counted."""
    new: dict = {}
    for lost, (_, (ways,)) in states.items():
        nexts = _next_states(into, lost, phase, sides, full)
        for x, (ways_x,), _, _ in nexts[0]:
            then_x = ways * ways_x
            for y, (ways_y,), _, _ in nexts[1]:
                key = (x, y, lost[2])
                new[key] = new.get(key, 0) + then_x * ways_y
        work.add(len(nexts[0]) * (1 + len(nexts[1])) * _cost(1, 1, _words((ways,))))
    return {key: (0, [ways]) for key, ways in new.items()}


def _words(ways) -> int:
    """What one multiplication of the largest of ``ways`` costs, about, in steps: one, and one more for
    each 1,024 bits (measured: below that, Python's own work on each step is most of the cost)."""
    return 1 + max(ways).bit_length() // 1024


def _cost(n: int, m: int, words: int = 1) -> int:
    """About the steps of a product of polynomials of n and m terms whose first has numbers of ``words``
    machine words, and of adding it in: term by term up to 16, then one big multiplication (as
    :func:`dice.convolve` works). :data:`MAX_WORK` was measured in these steps; the packed products of
    :func:`_strike_each_state` take less, so the same rounds are refused, on the safe side."""
    return 3 + words * (n * m if min(n, m) <= 16 else 8 * (n + m))
