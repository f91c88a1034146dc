"""After the save: damage into models one at a time, Feel No Pain per point, casualties.

Both rule sets share this part. Each unsaved attack costs a model some wounds (its Damage,
or Multiple Wounds), a Feel No Pain or Regeneration roll may stop each point, and what is
beyond the struck model's last wound is lost: it never spills onto the next model.

The numbers come from a state machine over the wounds the unit has lost so far (which says
how many models are gone and how much damage sits on the current one), advanced once per
unsaved attack and mixed over the distribution of unsaved attacks. Integer weights over a
common denominator keep it exact without fraction arithmetic in the loops.

>>> lost, removed = Profile.of(parse_damage("3"), wounds=2, models=5).casualties(hits(2, Fraction(1, 2)))
>>> removed.items()
((0, Fraction(1, 4)), (1, Fraction(1, 2)), (2, Fraction(1, 4)))
>>> lost.mean
Fraction(2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate
from math import comb, factorial, gcd
from operator import mul

from hitrules.dice import AttackDice, Distribution, d6_faces, hits, pack, parse_attacks, total, unpack
from hitrules.steps import Step, check_int
from hitrules.words import chance_text

__all__ = [
    "MAX_DAMAGE_POINTS",
    "MAX_MIXING",
    "MODELS_RANGE",
    "ChainResult",
    "Profile",
    "Stages",
    "UnitDamage",
    "Volley",
    "chain",
    "check_score",
    "count_removed",
    "damage_steps",
    "kernel_entry",
    "mixing_work",
    "parse_damage",
    "point_losses",
    "pooled",
    "roll_chance",
]

#: The most wounds the damage state machine may follow: the largest number of unsaved attacks
#: times the most wounds one of them can cost a model (its largest Damage, or the model's wounds
#: if fewer): 300 attacks of Damage 1, 150 of D6 into models of 2 wounds, 50 of D6, 25 of 2D6,
#: 10 of Damage 30. The work of the state machine grows with both; at this limit the slowest
#: accepted input stays well under 200 ms. When no attack can cost more than one wound (Damage 1,
#: or models of one wound) there is no state machine, and no limit but the number of attacks.
MAX_DAMAGE_POINTS = 300

#: The most work mixing the attacks exactly may take in the whole attack, counted in products of
#: one count's chance by another's: a rolled number of attacks with a fixed part mixes the hits of
#: its dice with those of its fixed attacks (50D6+100: 301 × 101), and split fire mixes the groups'
#: counts (100 + 100 + 100 shots: 101 × 100 + 201 × 100). A fixed number of attacks, or dice alone,
#: mixes nothing. At this limit the whole attack stays under 200 ms (the slowest: 50D6+100 attacks,
#: every stage re-rolled, Feel No Pain on 2D6 damage, about 180 ms); the hit roll alone has no such
#: limit.
MAX_MIXING = 30_500

MODELS_RANGE = (1, 100)

#: Chance on one D6 of rolling X+ where a natural 1 always fails: X = 2..6.
SCORE_RANGE = (2, 6)


def check_score(name: str, value: object) -> int | None:
    """A roll of X+ (the X, 2..6), or None for no such roll; else a ValueError naming it."""
    if value is None:
        return None
    check_int(f"{name} (the X of X+, or none)", value, *SCORE_RANGE)
    return value  # type: ignore[return-value]


def roll_chance(score: int | None) -> Fraction:
    """The chance of rolling ``score``+ on one D6, a natural 1 always failing; 0 for None.

    >>> roll_chance(5), roll_chance(None)
    (Fraction(1, 3), Fraction(0, 1))
    """
    return Fraction(len(d6_faces(score)), 6)


def parse_damage(value: object, name: str = "Damage", most: int = 30) -> AttackDice:
    """Damage per unsaved attack: a number or dice text (``"3"``, ``"D3"``, ``"D3+3"``, ``"2D6"``).

    Every roll must be at least 1 and at most ``most``. Dice already parsed (an
    :class:`~hitrules.dice.AttackDice`) are only checked against that range.

    >>> str(parse_damage("d3 + 3")), parse_damage(2).maximum
    ('D3+3', 2)
    """
    expected = f"{name} must be a number from 1 to {most} or dice such as D3, D6, D3+1 or 2D6"
    try:
        dice = parse_attacks(value)  # the same grammar as attacks: N, D3, D6, 2D6, D6+1
    except ValueError:
        shown = value if not isinstance(value, str) or len(value) <= 20 else value[:20] + "…"
        raise ValueError(f"{expected} (got {shown!r}).") from None
    if dice.minimum < 1 or dice.maximum > most:
        raise ValueError(f"{expected}, from 1 to {most} (got {dice}).")
    return dice


def point_losses(damage: AttackDice, per_point: int | None, left: int) -> tuple[tuple, int]:
    """One unsaved attack of ``damage`` into a model with ``left`` Wounds, a per-point roll of
    ``per_point``+ (Feel No Pain, Regeneration; None for none) stopping each point: the ways of each
    (Wounds lost, points counted), and the ways in all. The one per-point save of both rule sets.

    The damage is rolled, then one die for every point until the model has lost its last Wound;
    a point the roll stops is still counted (a recovered Wound counts for the combat result), one
    beyond the model's last Wound is not. Rolling every point and capping gives the same losses.

    >>> point_losses(parse_damage("2"), 4, 2)
    ((((2, 2), 9), ((0, 2), 9), ((1, 2), 18)), 36)
    """
    ways, top = damage.weights(), damage.maximum
    out: dict = {}
    if per_point is None:
        for x, w in enumerate(ways):
            if w:
                k = min(x, left)
                out[k, k] = out.get((k, k), 0) + w
        return tuple(out.items()), sum(ways)
    save = len(d6_faces(per_point))
    fail = 6 - save
    for x, w in enumerate(ways):
        for c in range(left, x + 1 if w else 0):  # the model's last Wound goes on point c
            way = w * comb(c - 1, left - 1) * fail**left * save ** (c - left) * 6 ** (top - c)
            out[left, c] = out.get((left, c), 0) + way
        for lost in range(min(x, left - 1) + 1 if w else 0):  # every point rolled, it stands
            way = w * comb(x, lost) * fail**lost * save ** (x - lost) * 6 ** (top - x)
            out[lost, x] = out.get((lost, x), 0) + way
    return tuple(out.items()), sum(ways) * 6**top


@lru_cache(maxsize=256)
def _moves(damage: AttackDice, per_point: int | None, wounds: int, recovered: bool) -> tuple[tuple, tuple, int]:
    """One unsaved attack of ``damage`` into models of ``wounds`` Wounds, the step of both damage state machines
    (shooting's :func:`_chain`, the round's :meth:`UnitDamage.after`): for each loss short of a removal, and for
    the removal from each damage c already on the model, the ways of 0, 1, 2 … Wounds recovered (see
    :func:`point_losses`); and the ways in all. Short of a removal, a loss goes the same ways whatever the model
    has left, so one table serves every c. Where the Wounds recovered are not told apart (``recovered``
    false) each holds the ways of all of them, in lowest terms.

    >>> _moves(parse_damage("D3"), 5, 2, False)
    (((13,), (36,)), ((32,), (68,)), 81)
    """
    losses = [[0] for _ in range(wounds)]
    removals = [[0] for _ in range(wounds)]
    for c in range(wounds):
        left = wounds - c
        outcomes, den = point_losses(damage, per_point, left)
        for (lost, counted), w in outcomes:
            if lost == left:
                ways = removals[c]
            elif not c:
                ways = losses[lost]
            else:
                continue
            d = counted - lost if recovered else 0
            ways.extend([0] * (d + 1 - len(ways)))
            ways[d] += w
    if not recovered:
        common = gcd(den, *(w for ways in losses + removals for w in ways))
        losses = [[w // common for w in ways] for ways in losses]
        removals = [[w // common for w in ways] for ways in removals]
        den //= common
    return tuple(map(tuple, losses)), tuple(map(tuple, removals)), den


def _loss_weights(damage: AttackDice, feel_no_pain: int | None, wounds: int) -> tuple[tuple[int, ...], int]:
    """Ways one unsaved attack costs a fresh model 0..``wounds`` wounds, and the total ways, in lowest
    terms (see :func:`_moves`).

    >>> _loss_weights(parse_damage("D3"), 5, 2)
    ((13, 36, 32), 81)
    """
    losses, removals, den = _moves(damage, feel_no_pain, wounds, False)
    merged = [ways[0] for ways in losses] + [removals[0][0]]
    while len(merged) > 1 and merged[-1] == 0:
        merged.pop()
    return tuple(merged), den


@dataclass(frozen=True)
class Profile:
    """Damage into a target unit: the damage dice, the unit, the per-point roll, and the
    ways one unsaved attack costs a fresh model 0..wounds wounds (see :func:`_loss_weights`)."""

    dice: AttackDice
    wounds: int
    models: int
    feel_no_pain: int | None
    loss: tuple[int, ...]
    loss_den: int

    @classmethod
    def of(cls, damage: AttackDice, wounds: int, models: int, feel_no_pain: int | None = None,
           name: str = "Damage", most: int = 30) -> Profile:
        """The profile of parsed damage dice (see :func:`parse_damage`) into ``models`` models of
        ``wounds`` wounds; ``name`` and ``most`` are what the rule set calls the damage and its
        largest roll (and largest wounds per model)."""
        if not isinstance(damage, AttackDice):
            raise ValueError(f"{name} must be parsed dice: parse_damage({damage!r:.20}) gives them.")
        dice = parse_damage(damage, name, most)  # a range check: parsed dice are not parsed again
        check_int("Wounds per model", wounds, 1, most)
        check_int("The number of models", models, *MODELS_RANGE)
        feel_no_pain = check_score("Feel No Pain", feel_no_pain)
        return cls(dice, wounds, models, feel_no_pain, *_loss_weights(dice, feel_no_pain, wounds))

    @property
    def one_wound_at_most(self) -> bool:
        """Whether every unsaved attack costs 0 or 1 wound (Damage 1, or models of 1 wound)."""
        return len(self.loss) <= 2

    def casualties(self, unsaved: Distribution, start: Distribution | None = None) -> tuple[Distribution, Distribution]:
        """Wounds lost and models removed, from the distribution of unsaved attacks (add two groups'
        distributions for split fire into one unit). ``start`` is the distribution of wounds the
        unit had already lost (a whole unit's earlier profiles: see :mod:`hitrules.unit`); none
        for one attack alone."""
        if not isinstance(unsaved, Distribution):
            raise ValueError("casualties() takes the distribution of unsaved attacks.")
        if self.loss == (0, 1) and start is None:  # every unsaved attack costs exactly one wound
            return count_removed(unsaved, self.wounds, self.models)
        self._check_work(unsaved.max_hits)
        begun = () if start is None else (start.weights,)
        lost = _chain(*unsaved.weights, _moves(self.dice, self.feel_no_pain, self.wounds, False), self.wounds,
                      self.models, *begun)
        return count_removed(lost, self.wounds, self.models)

    def _check_work(self, attacks: int) -> None:
        """Refuse a state machine too big to follow: see :data:`MAX_DAMAGE_POINTS`."""
        per_attack = len(self.loss) - 1  # the most wounds one attack can cost a model
        points = attacks * per_attack
        if points > MAX_DAMAGE_POINTS:
            each = f"{self.dice} damage" + (f" into models of {self.wounds} wounds"
                                            if per_attack < self.dice.maximum else "")
            raise ValueError(
                f"Too much damage to work out: up to {attacks} unsaved attacks of {each} is up to "
                f"{points} wounds to follow; the most is {MAX_DAMAGE_POINTS}.")


def count_removed(lost: Distribution, wounds: int, models: int) -> tuple[Distribution, Distribution]:
    """The Wounds lost, what is beyond the last model folded into "all removed", and the models removed,
    from the distribution of Wounds lost by a unit of ``models`` models of ``wounds`` Wounds."""
    num, den = lost.weights
    full = wounds * models
    if len(num) > full + 1:
        num = (*num[:full], sum(num[full:]))
        lost = Distribution(num, den)
    removed = [0] * (models + 1)
    for t, n in enumerate(num):
        removed[t // wounds] += n
    return lost, Distribution(tuple(removed), den)


def _chain(u_num, u_den, moves, wounds, models, start=((1,), 1)) -> Distribution:
    """Mix the state after k unsaved attacks with P(k unsaved), over the wounds lost so far.

    ``moves`` is one unsaved attack, the Wounds recovered not told apart (see :func:`_moves`). ``start``
    is the distribution of wounds lost before the first of these attacks, as ``(weights, denominator)``:
    none for one attack alone, what the profiles before left for a whole unit's (the damage on a model
    carries over to the next profile).

    A state is (models removed r, damage c on the current model); the wounds lost are
    r × wounds + c. One unsaved attack moves the weights by a linear map T that depends on c
    alone, so for each c one big integer holds the weights of every r, ``width`` bits apiece,
    and one multiplication moves them all at once. The answer is
    sum over k of u_k × loss_den^(K-k) × T^k(start), over u_den × loss_den^K × start's
    denominator, which bounds every weight and so sets the width; Horner's scheme from k = K
    down applies T once per attack.
    """
    s_num, s_den = start
    losses, removals, loss_den = moves
    full = wounds * models
    last = len(u_num) - 1
    den = u_den * loss_den**last * s_den
    width = (den.bit_length() + 8) // 8 * 8  # whole bytes, for unpacking
    slots = min(models, min(len(s_num) - 1, full - 1) // wounds + last + 1)  # one model per attack at most
    spill = width * slots  # a removal from r = models - 1 lands here: the whole unit is gone
    living = (1 << spill) - 1
    # The start, packed as acc is: for each damage c on the current model, every r at once.
    size = width // 8
    living_num = s_num[:full]
    base = [pack(living_num[c::wounds], size) for c in range(wounds)]
    base_gone = s_num[full] if len(s_num) > full else 0
    starts = [(c, b) for c, b in enumerate(base) if b]
    # On damage c a model has wounds - c left: a loss of that much or more removes it.
    runs, removes = _runs([ways[0] for ways in losses]), [ways[0] for ways in removals]
    acc = [u_num[last] * b for b in base]
    gone = u_num[last] * base_gone  # weight of "every model removed"
    scale = 1
    for k in range(last - 1, -1, -1):
        new = _spread(acc, runs, wounds)
        removed = sum(map(mul, acc, removes)) << width
        gone = gone * loss_den + (removed >> spill)
        new[0] += removed & living
        scale *= loss_den
        for c, b in starts:
            new[c] += u_num[k] * scale * b
        gone += u_num[k] * scale * base_gone
        acc = new
    num = [0] * (full + 1)
    for c, a in enumerate(acc):
        num[c:slots * wounds:wounds] = unpack(a, size, slots)
    num[-1] = gone
    return Distribution(tuple(num), den)


def _spread(acc: list[int], runs, wounds: int) -> list[int]:
    """One unsaved attack's losses short of a removal: new[c + lost] += acc[c] * w while c + lost <
    wounds (the rest is a removal). A run of losses lo..hi of one weight adds a window of acc, read off
    its prefix sums."""
    new = [0] * wounds
    prefix = None
    for lo, hi, w in runs:
        if lo == hi:
            new[lo:] = [n + w * x for n, x in zip(new[lo:], acc, strict=False)]
            continue
        if prefix is None:
            prefix = [0, *accumulate(acc)]
        upper = prefix[1:wounds - lo + 1]  # for c + lo = j: the sum of acc[0..j - lo]
        lower = [0] * min(hi - lo, wounds - lo) + prefix[:max(wounds - hi, 0)]  # minus acc[0..j - hi - 1]
        new[lo:] = [n + w * (u - v) for n, u, v in zip(new[lo:], upper, lower, strict=True)]
    return new


def _runs(weights) -> list[tuple[int, int, int]]:
    """Runs ``(lo, hi, w)`` of consecutive losses lo..hi that all have the same weight w > 0."""
    runs: list[tuple[int, int, int]] = []
    for lost, w in enumerate(weights):
        if w and runs and runs[-1][1] == lost - 1 and runs[-1][2] == w:
            runs[-1] = (runs[-1][0], lost, w)
        elif w:
            runs.append((lost, lost, w))
    return runs


class Stages:
    """How many attacks get through each roll of a whole attack: the hits (stage 1), the wounds (2)
    and the unsaved attacks (3), from each group's attacks and its chances per attack.

    A stage's distribution is worked out when it is first read, then kept: a page that reads
    only the models removed (and the means, which cost nothing) never pays for the others,
    which for split fire of hundreds of attacks are the most of the work.

    >>> stages = Stages([(parse_attacks(2), Fraction(1, 2), Fraction(1, 4), Fraction(1, 8))])
    >>> stages.mean(2), stages.most(3), stages.distribution(1).items()[2]
    (Fraction(1, 2), 2, (2, Fraction(1, 4)))
    """

    __slots__ = ("_groups", "_made")

    def __init__(self, groups):
        self._groups = tuple(groups)  # (attacks, p_hit, p_wound, p_unsaved), the chances per attack
        self._made: dict[tuple, Distribution] = {}

    def distribution(self, stage: int, scale: Fraction | int = 1, most: int | None = None) -> Distribution:
        """The attacks that get through this stage's roll (each then kept with chance ``scale``),
        told apart up to ``most`` (see :func:`hitrules.dice.hits`)."""
        key = (stage, scale, most)
        if key not in self._made:
            groups = self._groups
            self._made[key] = (hits(groups[0][0], groups[0][stage] * scale, most) if len(groups) == 1 else
                               total(hits(g[0], g[stage] * scale, most) for g in groups))
        return self._made[key]

    def mean(self, stage: int) -> Fraction:
        """The expected number of attacks that get through this stage's roll."""
        return sum((g[0].mean * g[stage] for g in self._groups), Fraction(0))

    def most(self, stage: int) -> int:
        """The most attacks that can get through this stage's roll."""
        return sum(g[0].maximum for g in self._groups if g[stage])

    def __eq__(self, other: object) -> bool:
        return self._groups == other._groups if isinstance(other, Stages) else NotImplemented

    def __hash__(self) -> int:
        return hash(self._groups)


@dataclass(frozen=True)
class ChainResult:
    """The whole attack, stage by stage: exact distributions, per-stage chances, and why.

    ``hits``, ``wounds`` and ``unsaved`` are the distributions of the attacks that get through
    each roll (worked out when first read; see :class:`Stages`). ``hit_chance`` is per attack,
    ``wound_chance`` per hit, ``unsaved_chance`` per wound (each the mean over the groups,
    weighted by how often each reaches that stage, for split fire). ``hit`` is the hit roll's
    own answer (a tuple of them for split fire), and ``steps`` explain the wound roll, the save
    and the damage (topics ``"wound"``, ``"save"`` and ``"damage"``).
    """

    hit: object
    stages: Stages
    wounds_lost: Distribution
    models_removed: Distribution
    hit_chance: Fraction
    wound_chance: Fraction
    unsaved_chance: Fraction
    steps: tuple[Step, ...]
    profile: Profile | None = None  # the damage into the target unit, for carrying on to the next profile

    @property
    def hits(self) -> Distribution:
        return self.stages.distribution(1)

    @property
    def wounds(self) -> Distribution:
        return self.stages.distribution(2)

    @property
    def unsaved(self) -> Distribution:
        return self.stages.distribution(3)

    def topic(self, name: str) -> tuple[Step, ...]:
        """The steps about one stage: ``"wound"``, ``"save"`` or ``"damage"``."""
        return tuple(s for s in self.steps if s.topic == name)


def mixing_work(attacks: list[AttackDice]) -> int:
    """The work of mixing these groups' attacks exactly (see :data:`MAX_MIXING`).

    >>> [mixing_work([parse_attacks(a) for a in groups]) for groups in (["50D6+100"], [100, 100, 100], [1000])]
    [30401, 30200, 0]
    """
    work, length = 0, 0
    for dice in attacks:
        if dice.count and dice.bonus:
            work += (dice.maximum - dice.bonus + 1) * (dice.bonus + 1)
        work += length * dice.maximum  # added to the groups before it
        length += dice.maximum + (not length)
    return work


def _check_mixing(attacks: list[AttackDice]) -> None:
    work = mixing_work(attacks)
    if work > MAX_MIXING:
        shown = " + ".join(str(a) for a in attacks)
        raise ValueError(
            f"Too many attacks to work out exactly after the hit: {shown} would take {work:,} steps to mix; "
            f"the most is {MAX_MIXING:,} (such as 25D6 + 25D6 shots, 100 + 100 + 100, 174 + 174, or 50D6+100). "
            "A fixed number of attacks in one group can be up to 1,000.")


def chain(hit, groups, profile: Profile, stage_chances, steps) -> ChainResult:
    """Build a ChainResult from each group's attacks and per-attack chance to hit, wound, go unsaved.

    ``groups`` holds ``(attacks, p_hit, p_wound, p_unsaved)`` per group (``attacks`` parsed);
    their counts add up. When no unsaved attack can cost more than one wound (Damage 1, or
    models of one wound), the wounds lost are the unsaved attacks thinned by the per-point
    roll, with no chain. Mixing rolled or split attacks exactly is limited (:data:`MAX_MIXING`).
    """
    _check_mixing([g[0] for g in groups])
    stages = Stages(groups)
    if not profile.one_wound_at_most:
        lost, removed = profile.casualties(stages.distribution(3))
    else:
        loss = profile.loss
        one = Fraction(loss[1], profile.loss_den) if len(loss) == 2 else 0
        # Each attack that gets through the per-point roll costs one wound: only the counts up to the
        # unit's last wound matter, which keeps long denominators and many attacks cheap (998 shots of
        # split fire into one model took 146 ms when every count was told apart, and 1 ms now).
        full = profile.wounds * profile.models
        lost, removed = count_removed(stages.distribution(3, one, full), profile.wounds, profile.models)
    return ChainResult(hit, stages, lost, removed, *stage_chances, tuple(steps), profile)


def pooled(groups, fallback: tuple[Fraction, Fraction]) -> tuple[Fraction, Fraction, Fraction]:
    """The stage chances of one or more groups: hit per attack, wound per hit, unsaved per wound.

    ``groups`` holds ``(attacks, p_hit, p_wound, p_unsaved)``, the chances per attack. Each
    stage's chance is the expected number reaching it over the expected number reaching the
    stage before. Where no attack can reach the stage before, ``fallback`` (wound per hit,
    unsaved per wound) says what a hit or a wound would do.
    """
    means = [g[0].mean for g in groups]
    reach = [sum(n * g[i] for n, g in zip(means, groups, strict=True)) for i in (1, 2, 3)]
    attacks = sum(means)
    return (reach[0] / attacks if attacks else groups[0][1],
            reach[1] / reach[0] if reach[0] else fallback[0],
            reach[2] / reach[1] if reach[1] else fallback[1])


def damage_steps(profile: Profile, *, what: str, per_point: str, reading: str = "") -> list[Step]:
    """What the damage does to a model of this many wounds, and the per-point roll."""
    dice, wounds, models, feel_no_pain = profile.dice, profile.wounds, profile.models, profile.feel_no_pain
    model = f"a model of {wounds} wound{'s' if wounds > 1 else ''}"
    unit = f"The target unit has {models} model{'s' if models > 1 else ''} of {wounds} wound{'s' if wounds > 1 else ''}"
    steps = [Step("base", f"{unit}; damage goes into one model until it is removed, then the next.",
                  topic="damage")]
    # With a per-point roll to come, the damage only threatens: the roll may stop any point of it.
    removes, costs = ("removes", "costs") if feel_no_pain is None else ("would remove", "would cost")
    if not dice.count:
        n = dice.bonus
        if (n >= wounds and wounds > 1) or n > wounds:
            text = (f"{what} {n}: each unsaved attack {removes} {model}" +
                    (f"; the other {n - wounds} {'is' if n - wounds == 1 else 'are'} lost, never "
                     "spilling onto the next model." if n > wounds else "."))
        elif n == 1:
            text = f"{what} 1: each unsaved attack {costs} one wound."
        else:
            text = (f"{what} {n}: each unsaved attack {costs} {n} wounds, all on the model it struck; "
                    "what is beyond that model's last wound is lost.")
    else:
        text = (f"{what} {dice}: rolled for each unsaved attack ({dice.minimum} to {dice.maximum}), all on "
                f"the model it struck; what is beyond that model's last wound is lost, never spilling "
                "onto the next model.")
    steps.append(Step("roll", text, topic="damage"))
    if feel_no_pain is not None:
        p = roll_chance(feel_no_pain)
        steps.append(Step("roll", f"{per_point} {feel_no_pain}+: rolled for each wound the model would lose; "
                          f"each success ({chance_text(p)}) stops that wound. It is not a save: the attack "
                          f"still counts as unsaved.{reading}", hitting_faces=d6_faces(feel_no_pain),
                          topic="damage"))
    loss, den = profile.loss, profile.loss_den
    kill = Fraction(loss[wounds], den) if len(loss) > wounds else Fraction(0)
    steps.append(Step("chance", f"One unsaved attack removes an unharmed model with chance "
                      f"{chance_text(kill)}.", topic="damage"))
    return steps


# A round of combat: the same state machine, stepped one known number of attacks at a time ------
#
# A unit's state is the Wounds it has lost: which models are gone and how much damage sits on the
# current one. The Wounds a per-point roll recovers change no state but count for the enemy's score,
# so each state also carries how many were recovered. Chances are integer weights over a common
# denominator, as in hitrules.dice.
#
# One step, two ways to take it: shooting's _chain and UnitDamage.after both take one unsaved attack from
# _moves. _chain packs dense states and mixes them over a whole distribution of counts; after follows a
# round's few, sparse states in a dict. Packing those too was tried on 2026-12-03, the Wounds recovered
# one more index in the packing: the numbers were identical on 150 random charges, but the room each
# number needs is set by den ** most, and most of it held zeros: 200 to 470 ms where the dict takes 22 ms
# (3 Wounds, 9 models, Damage 3, Regeneration 4+, 30 attacks from each of 9 states).

_ONE_WOUND = parse_attacks(1)


class UnitDamage:
    """Unsaved attacks into one unit, one at a time, over the Wounds it has lost, counting the points
    a per-point roll recovers (Regeneration: a recovered Wound still counts for the combat result)
    and letting an attack remove a model outright (a Killing Blow). The state machine of
    :func:`_chain`, stepped one known number of attacks at a time for a round of combat; memoised for
    one use. ``work`` counts the steps taken (its ``add`` may refuse a use too big to work out).
    """

    def __init__(self, wounds: int, models: int, per_point: int | None, work):
        self.wounds, self.per_point = wounds, per_point
        self.full = wounds * models
        self.work = work
        self._after: dict = {}
        self._unsaved: dict = {}

    def killing(self, lost: int, count: int) -> int:
        """After ``count`` Killing Blows: each removes a model outright, whatever Wounds it had left
        (and counts them all)."""
        if not count or lost == self.full:
            return lost
        return min(self.full, (lost // self.wounds + count) * self.wounds)

    def den(self, dice: AttackDice) -> int:
        """The ways one ordinary unsaved attack of this damage can go, in all."""
        return _moves(dice, self.per_point, self.wounds, True)[2]

    def after(self, dice: AttackDice, start: int, count: int) -> dict:
        """(Wounds lost, Wounds recovered) after ``count`` ordinary unsaved wounds into the unit with
        ``start`` Wounds lost: ways over den^count. Each step is :func:`_moves`, the Wounds recovered told
        apart, on a few states: each is counted as the states it starts from times the ways one attack can
        go into a fresh model."""
        runs = self._after.setdefault((dice, start), [{(start, 0): 1}])
        if len(runs) > count:
            return runs[count]
        losses, removals, den = _moves(dice, self.per_point, self.wounds, True)
        wounds, full = self.wounds, self.full
        # From damage c: each (Wounds lost, Wounds recovered) one attack adds, with its ways (none that are 0).
        steps = [[(loses, more, v)
                  for loses, by_recovered in (*enumerate(losses[:wounds - c]), (wounds - c, removals[c]))
                  for more, v in enumerate(by_recovered) if v] for c in range(wounds)]
        while len(runs) <= count:
            new: dict = {}
            self.work.add(len(runs[-1]) * len(steps[0]))
            for (lost, recovered), w in runs[-1].items():
                if lost == full:  # wiped out: what is left of the damage counts nothing
                    new[lost, recovered] = new.get((lost, recovered), 0) + w * den
                    continue
                for loses, more, v in steps[lost % wounds]:
                    key = (lost + loses, recovered + more)
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


class Volley:
    """The profiles that strike one unit at one step, and where their unsaved attacks land: those
    that remove a model outright first, then each profile's damage in the order given, then the
    single wounds (docs/rules.md § Fantasy close combat). ``blows`` holds, per profile, the ways one
    attack removes a model outright and is an ordinary unsaved attack out of ``den``, its damage dice,
    and its attacks: dice (fixed), or the most it can make (their number is given per state).
    :meth:`kernel` gives the unit's next states as ways over :attr:`den`, one denominator for every
    state and number of attacks."""

    def __init__(self, damage: UnitDamage, blows: list[tuple[int, int, int, AttackDice, AttackDice | int]]):
        self.damage, self.blows = damage, [(b[-1],) for b in blows]
        # Into models of one Wound with no per-point roll, every unsaved attack removes one model:
        # removing it outright or more damage changes nothing, so all of them are single wounds.
        plain = damage.wounds == 1 and damage.per_point is None
        self.ways = [(0, killing + ordinary, den) if plain else (killing, ordinary, den)
                     for killing, ordinary, den, _, _ in blows]
        most_of = [attacks if isinstance(attacks, int) else attacks.maximum for *_, attacks in blows]
        self.group_of, self.groups = _damage_groups([_ONE_WOUND if plain else b[3] for b in blows], most_of)
        den = 1
        for (_, _, each, _, attacks), most in zip(blows, most_of, strict=True):
            den *= each**most * (1 if isinstance(attacks, int) else attacks.sides**attacks.count)
        for dice, most in self.groups:
            den *= damage.den(dice) ** most
        self.den = den
        self._unsaved: dict = {}
        self._kernels: dict = {}
        self._reach: dict = {}  # the most Wounds lost after each step worked out (not moved along)

    def _one(self, i: int, count: int | None) -> dict:
        """Profile i's (Killing Blows, ordinary wounds), as ways over its share of the denominator."""
        key = (i, count)
        if key not in self._unsaved:
            attacks = self.blows[i][0]
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
        their sum and their first moment (see :func:`kernel_entry`)."""
        key = (lost, counts)
        if key not in self._kernels:
            moved = self._moved(lost, counts)
            if moved is None:
                moved = self.worked_out(lost, counts)
                self._reach[key] = max(then for then, *_ in moved)
            self._kernels[key] = moved
        return self._kernels[key]

    def _moved(self, lost: int, counts: tuple) -> tuple | None:
        """The kernel from ``lost`` as the one from the same Wound of the first model, moved along by the
        whole models between, or None where that does not hold. Nothing but the unit's last Wound tells one
        model's place in the unit from another's: the same attacks go the same ways from any model's
        first Wound, as long as none of them reaches the last Wound of the unit."""
        first = lost % self.damage.wounds
        if first == lost:
            return None
        near, shift = self.kernel(first, counts), lost - first
        if shift + self._reach[first, counts] >= self.damage.full:
            return None
        return tuple((then + shift, *rest) for then, *rest in near)

    def worked_out(self, lost: int, counts: tuple) -> tuple:
        """:meth:`kernel`, worked out from ``lost`` step by step (not remembered)."""
        damage, work = self.damage, self.damage.work
        # First every profile's attacks that remove a model outright (they add up: each removes the next),
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
        # Then each group's ordinary unsaved attacks, one group after the other, in the order given.
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
        return tuple(kernel_entry(then, [ways.get(r, 0) for r in range(max(ways) + 1)])
                     for then, ways in by_lost.items())


def _damage_groups(damage: list[AttackDice], most: list[int]) -> tuple[list[int], list[tuple[AttackDice, int]]]:
    """Which group each profile's ordinary unsaved attacks land in (each profile of more than one
    wound its own, in order; the single wounds together, last), and each group's damage dice and the
    most attacks it can land."""
    groups: list[list] = [[dice, 0] for dice in damage if dice != _ONE_WOUND] + [[_ONE_WOUND, 0]]
    group_of, mine = [], 0
    for dice in damage:
        group_of.append(len(groups) - 1 if dice == _ONE_WOUND else mine)
        mine += dice != _ONE_WOUND
    for g, n in zip(group_of, most, strict=True):
        groups[g][1] += n
    return group_of, [(dice, n) for dice, n in groups]


def kernel_entry(lost: int, ways: list[int]) -> tuple:
    """One next state of a unit: its Wounds lost, the ways of each number of Wounds recovered, and
    (for the expected score) the ways in all and the Wounds recovered summed over them."""
    return lost, tuple(ways), sum(ways), sum(r * w for r, w in enumerate(ways))
