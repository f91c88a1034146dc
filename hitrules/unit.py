"""A whole unit's attack: several profiles into one target, each model's lost wounds carried on.

Each profile (a group of attacks with its own hit roll and weapon) is first worked out alone, at
the fresh target. The unit's answer then runs the damage state machine of :mod:`hitrules.damage`
through the profiles one after another: the wounds lost so far (the models removed, and the
damage on the current model) are where the next profile's unsaved attacks start. From the same
states come each profile's share of the models removed and the best order to fire in.

>>> from hitrules import ninth
>>> target = ninth.Target(4, wounds=3)
>>> unit = ninth.attack_unit([ninth.Group(ninth.Attack(3, auto_hit=True), 1, ninth.Weapon(4, damage="2"))] * 2,
...                          target)
>>> unit.models_removed[1], unit.shares
(Fraction(1, 4), (Fraction(0, 1), Fraction(1, 4)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import permutations
from math import factorial

from hitrules.damage import ChainResult, count_removed
from hitrules.dice import AttackDice, Distribution, convolve, parse_attacks
from hitrules.steps import Step
from hitrules.words import mean_text

__all__ = [
    "MAX_GROUPS",
    "MAX_NAME",
    "MAX_ORDERED",
    "MAX_UNIT_POINTS",
    "UnitResult",
    "carry",
    "check_groups",
    "check_profile",
    "mean_text",
    "resolve_unit",
]

#: A unit's attack has 1 to this many profiles.
MAX_GROUPS = 6
#: The longest name a profile may have (a fantasy combat profile's too).
MAX_NAME = 40
#: The best order is looked for among at most this many profiles (4! = 24 orders).
MAX_ORDERED = 4
#: The most damage all of a unit's profiles may deal, counting one point for an unsaved attack
#: that costs one wound at most. Each profile keeps its own limit (damage.MAX_DAMAGE_POINTS);
#: carrying one into the next multiplies their exact weights, and at this limit the slowest unit
#: of 4 profiles found, best order included, took 0.6 s here (into 100 models of 30 wounds).
MAX_UNIT_POINTS = 600

_NOTHING_LOST = Distribution((1,), 1)


@dataclass(frozen=True)
class UnitResult:
    """A whole unit's attack into one target.

    ``wounds_lost`` and ``models_removed`` are the exact distributions for the whole unit in the
    order resolved (``order``, a tuple of group indices). ``groups`` holds each group's own
    answer fired alone at the fresh target, indexed as given; ``shares`` each group's expected
    models removed in the order resolved (the mean after it minus the mean before it), also
    indexed as given, adding up to ``models_removed.mean``. ``best_order`` is the order with the
    most models removed on average (the first such tuple in lexicographic order), and
    ``best_mean`` its mean; both are None when there are too many profiles to order (unless every
    order removes the same models: ``same_every_order``, and the best is the order resolved). ``steps``
    say why: the order, the carried-over damage, each share and the best order (topics
    ``"order"``, ``"carry"``, ``"share"`` and ``"best"``).
    """

    wounds_lost: Distribution
    models_removed: Distribution
    groups: tuple[ChainResult, ...]
    shares: tuple[Fraction, ...]
    order: tuple[int, ...]
    best_order: tuple[int, ...] | None
    best_mean: Fraction | None
    names: tuple[str, ...]
    steps: tuple[Step, ...]
    #: The wounds lost after each profile, in the order resolved: what the next one starts from.
    after: tuple[Distribution, ...] = ()
    #: Whether every order the player may choose removes the same models (no damage can be wasted,
    #: or two profiles only), however many profiles there are.
    same_every_order: bool = False

    def state_after(self, k: int) -> tuple[tuple[int, int, Fraction], ...]:
        """The unit after the first ``k`` profiles resolved (``k`` from 1): each ``(models removed,
        wounds lost by the model being worked on, chance)`` that can happen. That damaged model is
        where the next profile's damage goes first."""
        wounds = self.groups[0].profile.wounds
        return tuple((t // wounds, t % wounds, p) for t, p in self.after[k - 1].items() if p)

    @property
    def gain(self) -> Fraction | None:
        """How many more models the best order removes on average than the order resolved."""
        return None if self.best_mean is None else self.best_mean - self.models_removed.mean

    def topic(self, name: str) -> tuple[Step, ...]:
        """The steps about one thing: ``"order"``, ``"carry"``, ``"share"`` or ``"best"``."""
        return tuple(s for s in self.steps if s.topic == name)


def check_groups(groups: object, group_type: type, call: str) -> tuple:
    """``groups`` as a tuple of 1 to 6 ``group_type``, or a ValueError that names what is wrong.

    ``call`` is how the right group is written (``"ninth.Group(attack, attacks, weapon)"``).
    """
    if isinstance(groups, (str, bytes)) or not isinstance(groups, (list, tuple)):
        raise ValueError(f"A unit's attack is a list of 1 to {MAX_GROUPS} profiles, each a {call}.")
    if not 1 <= len(groups) <= MAX_GROUPS:
        raise ValueError(f"A unit's attack has 1 to {MAX_GROUPS} profiles (got {len(groups)}).")
    for i, group in enumerate(groups, 1):
        if not isinstance(group, group_type):
            kind = type(group)
            ours = kind.__module__.startswith("hitrules.")
            shown = f"a {_public_name(kind)}" if ours else f"{group!r:.40}"
            raise ValueError(f"Profile {i} is {shown}; this rule set takes a {call}.")
    return tuple(groups)


def _public_name(kind: type) -> str:
    """How a player imports a type of ours: ``fantasy.Group``, ``fantasy.Side`` (its rule set's package, which
    names every type of its modules; docs/api.md), not the module it lives in."""
    return f"{kind.__module__.split('.')[1]}.{kind.__qualname__}"


def check_profile(rules: str, parts: Sequence[tuple[str, object, type]], count: object, name: object) -> AttackDice:
    """Check one profile's parts (``(field, value, type)``: its hit roll and weapon) and its name;
    return its number of attacks, parsed. ``rules`` names the rule set in the message."""
    for field, value, kind in parts:
        if not isinstance(value, kind):
            raise ValueError(f"A {rules} profile's {field} must be a {_public_name(kind)} (got {value!r:.40}).")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise ValueError(f"A profile's name must be text of {MAX_NAME} characters at most.")
    return parse_attacks(count)


def carry(lost: Distribution, alone: ChainResult) -> Distribution:
    """The wounds lost once a profile's attacks strike a unit that had already lost ``lost``.

    ``alone`` is that profile fired at the fresh unit. When no unsaved attack can cost more than
    one wound, nothing is wasted and the wounds simply add, up to the whole unit; otherwise the
    damage state machine runs on from ``lost``.
    """
    profile = alone.profile
    if lost.max_hits == 0:
        return alone.wounds_lost
    full = profile.wounds * profile.models
    num, den = lost.weights
    if profile.one_wound_at_most:
        a_num, a_den = alone.wounds_lost.weights
        added = convolve(num, a_num)
        return Distribution((*added[:full], sum(added[full:])), den * a_den)
    return profile.casualties(alone.unsaved, start=lost)[0]  # the one-profile code, from the wounds lost


def _models_mean(lost: Distribution, wounds: int) -> Fraction:
    num, den = lost.weights
    return Fraction(sum(r * sum(num[r * wounds:(r + 1) * wounds]) for r in range(1, len(num) // wounds + 1)), den)


def resolve_unit(alone: Sequence[ChainResult], order: tuple[int, ...], free: int, names: Sequence[str],
                 rule_steps: Sequence[Step] = ()) -> UnitResult:
    """Carry the groups' damage through the unit in ``order``, with the shares and the best order.

    ``alone`` holds each group's answer at the fresh target, indexed as given; ``order`` is the
    order resolved, of which the first ``free`` groups may be reordered (the others follow as
    given). ``rule_steps`` say why the rule set resolves them in this order.
    """
    wounds, models = alone[0].profile.wounds, alone[0].profile.models
    _check_points(alone)
    # With no unsaved attack costing more than one wound, nothing is wasted: no order can differ.
    wasteless = all(alone[i].profile.one_wound_at_most for i in order[:free])
    states: dict[tuple[int, ...], Distribution] = {(): _NOTHING_LOST}
    one_wound = [a.profile.one_wound_at_most for a in alone]

    def lost_after(prefix: tuple[int, ...]) -> Distribution:
        return _state(_state_key(prefix, one_wound))

    def _state(key: tuple[int, ...]) -> Distribution:
        if key not in states:
            states[key] = carry(_state(key[:-1]), alone[key[-1]])
        return states[key]

    means = [_models_mean(lost_after(order[:k]), wounds) for k in range(len(order) + 1)]
    shares = [Fraction(0)] * len(order)
    for k, i in enumerate(order):
        shares[i] = means[k + 1] - means[k]
    same = free > 1 and (wasteless or (free == 2 and free == len(order)))
    best_order, best_mean = _best(order, 1 if same else free, lambda o: _models_mean(lost_after(o), wounds))
    lost, removed = count_removed(lost_after(order), wounds, models)
    steps = _steps(alone, order, free, names, rule_steps, shares, means[-1], best_order, best_mean,
                   lambda o: lost_after(o).mean, wasteless)
    after = tuple(lost_after(order[:k]) for k in range(1, len(order)))  # each folded already, as carry() leaves it
    after += (lost,)
    return UnitResult(lost, removed, tuple(alone), tuple(shares), order, best_order, best_mean, tuple(names),
                      tuple(steps), after, same)


def _check_points(alone: Sequence[ChainResult]) -> None:
    """Refuse a unit whose profiles can deal more points than :data:`MAX_UNIT_POINTS`."""
    points = sum(a.stages.most(3) * (1 if a.profile.one_wound_at_most else a.profile.dice.maximum) for a in alone)
    if points > MAX_UNIT_POINTS:
        raise ValueError(f"Too much damage for one unit to work out: its profiles can deal up to {points} points in "
                         f"all; the most is {MAX_UNIT_POINTS}.")


def _state_key(prefix: tuple[int, ...], one_wound: list[bool]) -> tuple[int, ...]:
    """The state after the groups of ``prefix``, as a key: next to each other, groups that cost one wound
    at most simply add up, in either order, so sorting each run of them finds a state already worked
    out for another order."""
    key: list[int] = []
    run: list[int] = []
    for i in (*prefix, None):
        if i is not None and one_wound[i]:
            run.append(i)
            continue
        key += sorted(run) + ([] if i is None else [i])
        run = []
    return tuple(key)


def _best(order: tuple[int, ...], free: int, mean_of) -> tuple[tuple[int, ...] | None, Fraction | None]:
    """The order of the first ``free`` groups (the rest following) with the highest mean, the
    first of equals in lexicographic order; (None, None) with too many to order.

    An order and its reverse remove the same models (docs/rules.md), so when every group may be
    reordered only the orders that come before their reverse are worked out: of each pair, the
    one that wins a tie.
    """
    if free > MAX_ORDERED:
        return None, None
    head, tail = order[:free], order[free:]
    best, best_mean = None, None
    for perm in permutations(sorted(head)):
        if not tail and free > 1 and perm[0] > perm[-1]:
            continue
        mean = mean_of((*perm, *tail))
        if best_mean is None or mean > best_mean:
            best, best_mean = (*perm, *tail), mean
    return best, best_mean


def _listed(indices, names) -> str:
    return ", ".join(names[i] for i in indices)


def _steps(alone, order, free, names, rule_steps, shares, mean, best_order, best_mean, wounds_mean, wasteless):
    n = len(order)
    if n == 1:
        return [Step("base", f"One profile: {names[0]} is the whole unit's attack.", topic="order")]
    steps = [Step("base", f"The unit's {n} profiles attack the one target in this order: {_listed(order, names)}; "
                  "all the attacks of one before the next.", topic="order"),
             *rule_steps,
             Step("note", "A model that has lost wounds keeps that loss: the next unsaved attack, from this profile "
                  "or a later one, goes into that model first. Damage beyond a model's last wound is lost, never "
                  "spilling onto the next model.", topic="carry")]
    for k, i in enumerate(order):
        fresh = alone[i].models_removed.mean
        where = "first, at the fresh unit" if k == 0 else f"after {_listed(order[:k], names)}"
        steps.append(Step("chance", f"{names[i]}, {where}: {mean_text(shares[i])} models removed on average "
                          f"(alone at the fresh unit: {mean_text(fresh)}).", topic="share"))
    steps.append(Step("chance", f"The whole unit: {mean_text(mean)} models removed on average.", topic="share"))
    head, tail = order[:free], order[free:]
    if wasteless and free > 1:
        steps.append(Step("note", "No unsaved attack here can cost a model more than one wound (Damage 1, or models of "
                          "one wound), so no damage is wasted and every order removes the same models.", topic="best"))
    elif free > MAX_ORDERED:
        steps.append(Step("note", f"The best order is worked out for {MAX_ORDERED} profiles at most; with {free} "
                          f"there are {factorial(free)} orders.", topic="best"))
    elif free <= 1:
        steps.append(Step("note", "Nothing here may be reordered: the rules fix this order (see above).",
                          topic="best"))
    elif free == 2 and not tail:
        other = (order[1], order[0])
        steps.append(Step("note", "With two profiles the order cannot change the models removed: the count of "
                          "models a run of damage removes is the same read forwards or backwards, and each profile's "
                          "attacks are alike, so both orders remove the same models with the same chances. The wounds "
                          f"lost can differ: {mean_text(wounds_mean(order))} in this order, "
                          f"{mean_text(wounds_mean(other))} with {names[other[0]]} first.", topic="best"))
    elif best_order == order:
        steps.append(Step("note", f"No order of {_listed(head, names)} removes more models on average: the order "
                          "resolved is the best (or ties with it).", topic="best"))
    else:
        first = next(i for i, j in zip(best_order, order, strict=True) if i != j)
        steps.append(Step("note", f"The order can matter, because damage wasted on one model depends on what came "
                          f"before. Best order: {_listed(best_order, names)} ({names[first]} earlier), "
                          f"{mean_text(best_mean)} models removed on average, {mean_text(best_mean - mean)} more "
                          "than the order resolved.", topic="best"))
    return steps
