"""Fantasy close combat: one whole round, exactly, from Impact Hits to the Break test, and one
profile's attacks into a unit (strike). docs/rules.md § Fantasy close combat and the sections after it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial, gcd

from hitrules.damage import (
    ChainResult,
    Profile,
    Stages,
    damage_steps,
    pooled,
    roll_chance,
)
from hitrules.dice import AttackDice, Distribution, convolve, parse_attacks
from hitrules.fantasy.after_hit import (
    MULTIPLE_WOUNDS_MOST,
    Target,
    save_steps,
    unsaved_after,
    wound_faces,
    wound_score,
    wound_steps,
)
from hitrules.fantasy.explanation import after_text, blow_text, killing_steps, phase_text
from hitrules.fantasy.melee import INITIATIVE_RANGE, ON_COMBAT, WS_RANGE, Blow, Fighters, check_bool, cites
from hitrules.fantasy.result import RoundResult, result_of
from hitrules.fantasy.sides import SIDE_NAMES, Side, check_supporting
from hitrules.steps import Step, check_int

# The engine: the unsaved wounds of one step into a unit, in the FAQ's order --------------------
#
# A unit's state is the Wounds it has lost: which models are gone and how much damage sits on the
# current one. The Wounds Regeneration recovers change no state but count for the enemy's score, so
# the round follows only how many more the charged recovered than the charger. Chances are integer
# weights over a common denominator, as in hitrules.dice.

_ONE_WOUND = parse_attacks(1)


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

    def __init__(self, damage: _Damage, blows: list[tuple[Blow, AttackDice | int]]):
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
    damage = _Damage(target, _Work())
    volley = _Volley(damage, [(blow, dice)])
    lost, removed = _lost_distributions(volley.kernel(0, (None,)), volley.den, target.wounds, damage.full)
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


def _check_size(blows) -> None:
    for _, attacks in blows:
        most = attacks if isinstance(attacks, int) else attacks.maximum
        if most > MAX_PROFILE_ATTACKS:
            raise ValueError(f"Too many attacks to work out: up to {most} from one profile; the most is "
                             f"{MAX_PROFILE_ATTACKS}.")


# The round --------------------------------------------------------------------------------------

_ORDINAL = ("first", "second")


def _rank_and_file_attacks(side: Side, models_lost: int) -> int:
    """Attacks of the rank and file with this many models slain: casualties come from the fighting
    rank first, and the models stepping up cannot attack."""
    fighting = max(0, side.fighting - models_lost)
    supporting = max(0, side.supporting - max(0, models_lost - side.fighting))
    return side.attacks * fighting + supporting


@dataclass(frozen=True)
class Phase:
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


def _phases(charger: Side, charged: Side) -> list[Phase]:
    sides = (charger, charged)

    def profiles(when):
        out = []
        for s, side in enumerate(sides):
            mine = []
            if when == "impact" and side.impact is not None:
                mine.append((side.impact, side.impact.attacks, False, f"the {SIDE_NAMES[s]}'s Impact Hits"))
            elif when == "stomp" and side.stomp is not None:
                mine.append((side.stomp, side.stomp.attacks, False, f"the {SIDE_NAMES[s]}'s Stomp Attacks"))
            elif isinstance(when, int):
                if side.initiative == when and side.fighting + side.supporting:
                    mine.append((side.rank_and_file, side.attacks * side.fighting + side.supporting, True,
                                 f"the {SIDE_NAMES[s]}'s rank and file"))
                for i, other in enumerate(side.others):
                    if other.initiative == when:
                        mine.append((other, other.attacks, False, f"the {SIDE_NAMES[s]}'s {_other_name(side, i)}"))
            out.append(tuple(mine))
        return tuple(out)

    phases = [Phase("Impact Hits", "impact", profiles("impact"))]
    phases += [Phase(f"Initiative {i}", "initiative", profiles(i)) for i in range(INITIATIVE_RANGE[1], 0, -1)]
    phases.append(Phase("Stomp Attacks", "stomp", profiles("stomp")))
    return [p for p in phases if any(p.profiles)]

def combat_round(charger: Side, charged: Side) -> RoundResult:
    """One whole round of combat, exactly, from Impact Hits to the Break test.

    >>> from hitrules.fantasy import Weapon
    >>> unit = Target(3, models=2)
    >>> side = dict(ws=3, leadership=7, rank_width=2, fighting=2, supporting=0, attacks=1, weapon=Weapon(3))
    >>> r = combat_round(Side(unit, initiative=6, **side), Side(unit, initiative=3, **side))
    >>> r.win, r.draw, r.lose
    (Fraction(11, 32), Fraction(105, 256), Fraction(63, 256))
    """
    if not isinstance(charger, Side) or not isinstance(charged, Side):
        raise ValueError("combat_round() takes two Sides: the charger and the charged.")
    if charged.impact is not None:
        raise ValueError("Impact Hits: only the charger has them; the charged side's impact must be None.")
    sides = (charger, charged)
    for s in (0, 1):
        check_supporting(sides[s], sides[1 - s], SIDE_NAMES[s])
    work = _Work()
    damages = (_Damage(charger.unit, work), _Damage(charged.unit, work))
    full = (damages[0].full, damages[1].full)
    wounds = (charger.unit.wounds, charged.unit.wounds)
    steps: list[Step] = [Step("note", "Close combat follows the current rules index of the published game: a "
                              f"reading, not a quote ({ON_COMBAT}).", topic="round", anchor=cites("combat"))]
    # (the charger's Wounds lost, the charged's) -> the ways of each difference d of the Wounds the
    # charged recovered minus those the charger recovered, as (the lowest d, [ways of d, d + 1, ...])
    states: dict = {(0, 0): (0, [1])}
    den = 1
    recovered = [Fraction(0), Fraction(0)]  # the expected Wounds each side's Regeneration recovered
    for phase in _phases(charger, charged):
        volleys = []
        steps.append(Step("base", phase_text(phase), topic=phase.topic, anchor=cites("who first")))
        for s in (0, 1):  # the profiles of side s strike the unit of side 1 - s
            target = sides[1 - s]
            blows = [(Blow.of(f, target.unit, target.ws, target.reroll_sixes), attacks)
                     for f, attacks, _, _ in phase.profiles[s]]
            for (blow, attacks), (_, _, rank_and_file, name) in zip(blows, phase.profiles[s], strict=True):
                steps.append(Step("roll", blow_text(blow, attacks, rank_and_file, name, sides[s], target),
                                  topic=phase.topic, anchor=cites("killing") if blow.rule else ""))
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
                    counts = tuple(_rank_and_file_attacks(sides[attacker], slain) if rf else None
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
                    _add(new, (x, y), low_x, _times(then_x, ways_y))
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
        steps.append(after_text(phase, states, den, sides, full))
    return result_of(sides, states, den, full, steps, recovered)

def _times(a: list[int] | tuple[int, ...], b: tuple[int, ...]) -> list[int]:
    """The product of two polynomials (lists of ways): the ways of each sum of their two counts."""
    if len(b) == 1:
        return [x * b[0] for x in a]
    if len(a) == 1:
        return [a[0] * y for y in b]
    return list(convolve(tuple(a), b))


def _words(ways) -> int:
    """What one multiplication of the largest of ``ways`` costs, about, in steps: one, and one more for
    each 1,024 bits (measured: below that, Python's own work on each step is most of the cost)."""
    return 1 + max(ways).bit_length() // 1024


def _cost(n: int, m: int, words: int = 1) -> int:
    """About the steps of a product of polynomials of n and m terms whose first has numbers of ``words``
    machine words (see :func:`dice.convolve`: one big multiplication past 16 terms), and of adding it in."""
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

