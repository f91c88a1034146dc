"""A whole unit's attack (RULES.md §6): the worked examples, brute force over every die in every
order, the two-profile property, icepool's state machine, and bad input."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction as F
from functools import cache
from itertools import permutations

import icepool
import pytest
from after_hit_brute import (
    attack_once,
    brute_fantasy_one,
    brute_ninth_one,
    fantasy_case,
    icepool_dict,
    ninth_case,
    nonzero,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.engine import icepool_carry, icepool_count, icepool_thinned
from hitrules import dice, fantasy, ninth, unit

# Every attack of the worked examples hits automatically and wounds on 4+ (S4 against T4); no
# save and no Feel No Pain, so each lands with chance 1/2.
SURE = ninth.Attack(3, auto_hit=True)


def lands(damage: str, name: str = "") -> ninth.Group:
    return ninth.Group(SURE, 1, ninth.Weapon(4, damage=damage), name)


A, B, C = lands("1", "A"), lands("2", "B"), lands("1", "C")
TWO_BY_TWO = ninth.Target(4, wounds=2, models=2)


# The worked examples of RULES.md §6 --------------------------------------------------------------

def test_two_profiles_of_damage_2_into_a_model_of_3_wounds():
    result = ninth.attack_unit([lands("2"), lands("2")], ninth.Target(4, wounds=3))
    assert result.models_removed[1] == F(1, 4)  # only when both land; the second's extra point is lost
    assert result.wounds_lost.items() == ((0, F(1, 4)), (1, F(0)), (2, F(1, 2)), (3, F(1, 4)))


@pytest.mark.parametrize(("order", "mean"), [("ABC", F(5, 8)), ("ACB", F(3, 4)), ("BAC", F(3, 4)), ("BCA", F(3, 4)),
                                             ("CAB", F(3, 4)), ("CBA", F(5, 8))])
def test_the_order_of_three_profiles_changes_the_models_removed(order, mean):
    groups = [{"A": A, "B": B, "C": C}[name] for name in order]
    assert ninth.attack_unit(groups, TWO_BY_TWO).models_removed.mean == mean


def test_the_best_order_splits_no_single_points_around_the_damage_2():
    result = ninth.attack_unit([A, B, C], TWO_BY_TWO)
    assert result.best_order == (0, 2, 1) and result.best_mean == F(3, 4)
    assert result.gain == F(1, 8)
    assert result.shares == (0, F(1, 2), F(1, 8))
    assert ninth.attack_unit([A, C, B], TWO_BY_TWO).shares == (0, F(1, 4), F(1, 2))
    best = result.topic("best")[0].text
    assert "A, C, B" in best and "3/4" in best and "1/8" in best


def test_two_profiles_remove_the_same_models_in_both_orders_but_can_waste_different_wounds():
    one_of_2, two_of_1 = lands("2"), ninth.Group(SURE, 2, ninth.Weapon(4))
    forwards = ninth.attack_unit([one_of_2, two_of_1], TWO_BY_TWO)
    backwards = ninth.attack_unit([two_of_1, one_of_2], TWO_BY_TWO)
    assert forwards.models_removed == backwards.models_removed
    assert forwards.wounds_lost.mean == F(2) and backwards.wounds_lost.mean == F(7, 4)  # 1, then 2: one wasted
    assert forwards.best_order == (0, 1) and forwards.best_mean == forwards.models_removed.mean
    assert "cannot change the models removed" in forwards.topic("best")[0].text


# Fantasy: the rules fix part of the order -----------------------------------------------------------

FANTASY_SURE = fantasy.Shot(3, automatic=True)


def fantasy_lands(multiple_wounds: str) -> fantasy.Group:
    # Automatic hits, S3 against T3 (4+), no armour: each lands with chance 1/2, as above.
    return fantasy.Group(FANTASY_SURE, 1, fantasy.Weapon(3, multiple_wounds=multiple_wounds))


def test_fantasy_resolves_the_multiple_wounds_groups_first_whatever_the_order_listed():
    target = fantasy.Target(3, wounds=2, models=2)
    result = fantasy.shoot_unit([fantasy_lands(w) for w in "121"], target)
    assert result.order == (1, 0, 2) and result.best_order == (1, 0, 2)
    # The same units in 9th edition, in the order listed: 5/8. Fantasy's fixed order gives 3/4.
    assert result.models_removed.mean == F(3, 4) == result.best_mean
    assert ninth.attack_unit([A, B, C], TWO_BY_TWO).models_removed.mean == F(5, 8)
    assert result.shares == (0, F(1, 2), F(1, 4))  # B first; then A on a fresh model, C finishing it
    assert "first" in result.topic("order")[1].text


def test_fantasy_fixed_order_can_cost_models_that_a_free_order_would_remove():
    # A single wound, then two Multiple Wounds (D3) into 2 models of 2 Wounds: a player free to
    # order them would put the single wound between the D3s; the rules fix D3, D3, single.
    target9, target = ninth.Target(4, wounds=2, models=2), fantasy.Target(3, wounds=2, models=2)
    free = ninth.attack_unit([lands("1"), lands("D3"), lands("D3")], target9)
    fixed = fantasy.shoot_unit([fantasy_lands("1"), fantasy_lands("D3"), fantasy_lands("D3")], target)
    assert free.best_order == (1, 0, 2) and free.best_mean == F(5, 6)
    assert fixed.order == (1, 2, 0) and fixed.best_order == (1, 2, 0) and fixed.best_mean == F(29, 36)


def test_fantasy_best_order_permutes_only_the_multiple_wounds_groups():
    target = fantasy.Target(3, wounds=2, models=2)
    result = fantasy.shoot_unit([fantasy_lands("1"), fantasy_lands("2"), fantasy_lands("1"), fantasy_lands("D3")],
                                target)
    assert result.order == (1, 3, 0, 2)
    assert result.best_order[2:] == (0, 2) and sorted(result.best_order[:2]) == [1, 3]
    no_multiple = fantasy.shoot_unit([fantasy_lands("1")] * 3, target)
    assert no_multiple.best_order == (0, 1, 2) and no_multiple.best_mean == no_multiple.models_removed.mean


# One profile is the one-group case -------------------------------------------------------------------

def test_one_group_is_attack_outcome():
    attack, weapon = ninth.Attack(3, reroll="ones"), ninth.Weapon(5, -1, "D3")
    target = ninth.Target(4, save=4, feel_no_pain=6, wounds=3, models=4)
    alone = ninth.attack_outcome(attack, "2D6", weapon, target)
    result = ninth.attack_unit([ninth.Group(attack, "2D6", weapon)], target)
    assert (result.wounds_lost, result.models_removed) == (alone.wounds_lost, alone.models_removed)
    assert result.groups == (alone,) and result.shares == (alone.models_removed.mean,)
    assert result.best_order == (0,) and result.best_mean == alone.models_removed.mean


def test_one_fantasy_group_is_shoot():
    shot, weapon = fantasy.Shot(3, moved=True), fantasy.Weapon(4, -1, "D3", poisoned=True)
    target = fantasy.Target(4, armour=5, regeneration=5, wounds=3, models=4)
    alone = fantasy.shoot(shot, "2D6", weapon, target)
    result = fantasy.shoot_unit([fantasy.Group(shot, "2D6", weapon)], target)
    assert (result.wounds_lost, result.models_removed, result.groups) == (alone.wounds_lost, alone.models_removed,
                                                                          (alone,))


def test_carrying_from_nothing_lost_is_the_one_profile_answer():
    # A unit's later profile runs the same code as one profile alone, from the wounds already lost.
    alone = ninth.attack_outcome(ninth.Attack(3), 4, ninth.Weapon(5, -1, "D3"), ninth.Target(4, wounds=3, models=4))
    assert unit.carry(dice.Distribution((1,), 1), alone) == alone.wounds_lost
    assert alone.profile.casualties(alone.unsaved, start=dice.Distribution((1,), 1))[0] == alone.wounds_lost


def test_split_fire_is_a_unit_whose_groups_share_a_weapon():
    weapon, target = fantasy.Weapon(4, multiple_wounds="D3"), fantasy.Target(3, armour=5, wounds=3, models=4)
    a, b = (fantasy.Shot(3), "D6"), (fantasy.Shot(3, cover="hard"), 4)
    split = fantasy.shoot_split([a, b], weapon, target)
    result = fantasy.shoot_unit([fantasy.Group(*a, weapon), fantasy.Group(*b, weapon)], target)
    assert (split.wounds_lost, split.models_removed) == (result.wounds_lost, result.models_removed)


# Brute force: every die of every attack, one model at a time, in every order ------------------------

def brute_order(profiles, per_point, wounds, models):
    """The states after each profile in turn; ``profiles`` holds (attacks, p_unsaved, damage)."""
    return _brute_order(tuple(profiles), per_point, wounds, models)


@cache
def _brute_order(profiles, per_point, wounds, models):
    if not profiles:
        return ({(0, 0): F(1)},)
    history = _brute_order(profiles[:-1], per_point, wounds, models)
    attacks, p, damage_text = profiles[-1]
    states = history[-1]
    for _ in range(attacks):
        states = attack_once(states, p, damage_text, per_point, wounds, models)
    return (*history, states)


@cache
def ninth_unsaved(group: ninth.Group, target: ninth.Target) -> F:
    return sum(p for key, p in brute_ninth_one(group.attack, group.weapon, target).items() if key[2])


@cache
def fantasy_unsaved(group: fantasy.Group, target: fantasy.Target) -> F:
    return sum(p for key, p in brute_fantasy_one(group.shot, group.weapon, target).items() if key[2])


def removed_mean(states) -> F:
    return sum((r * p for (r, _), p in states.items()), F(0))


def check_against_brute(result, profiles, order, free, per_point, wounds, models):
    """Compare every output with brute force: ``order`` resolved, the first ``free`` reorderable."""
    history = brute_order([profiles[i] for i in order], per_point, wounds, models)
    lost, removed = defaultdict(F), defaultdict(F)
    for (r, c), p in history[-1].items():
        lost[r * wounds + c] += p
        removed[r] += p
    assert nonzero(result.wounds_lost) == {k: v for k, v in lost.items() if v}
    assert nonzero(result.models_removed) == {k: v for k, v in removed.items() if v}
    shares = [F(0)] * len(order)
    for k, i in enumerate(order):
        shares[i] = removed_mean(history[k + 1]) - removed_mean(history[k])
    assert result.shares == tuple(shares)
    tail = order[free:]
    orders = sorted((*perm, *tail) for perm in permutations(order[:free]))
    means = {o: removed_mean(brute_order([profiles[i] for i in o], per_point, wounds, models)[-1]) for o in orders}
    best = max(orders, key=lambda o: (means[o], [-i for i in o]))  # the highest; of equals, the first
    assert (result.best_order, result.best_mean) == (best, means[best])


NINTH_GROUPS = [ninth.Group(ninth.Attack(3), 1, ninth.Weapon(4, 0, "1")),
                ninth.Group(ninth.Attack(4, reroll="ones"), 2, ninth.Weapon(5, -1, "D3")),
                ninth.Group(ninth.Attack(3, auto_hit=True), 1, ninth.Weapon(8, -2, "2")),
                ninth.Group(ninth.Attack(3, melee=True), 2, ninth.Weapon(4, -1, "D6")),
                ninth.Group(ninth.Attack(2), 1, ninth.Weapon(6, -3, "D3+1"))]
UNITS = [(0,), (1,), (0, 2), (1, 3), (2, 4), (0, 1, 2), (3, 4, 0), (1, 2, 4)]
TARGETS = [(wounds, models) for wounds in range(1, 5) for models in range(1, 4)]


@pytest.mark.parametrize("per_point", [None, 5])
@pytest.mark.parametrize(("wounds", "models"), TARGETS)
@pytest.mark.parametrize("chosen", UNITS)
def test_ninth_unit_matches_every_die_in_every_order(chosen, wounds, models, per_point):
    target = ninth.Target(4, save=4, cover=True, feel_no_pain=per_point, wounds=wounds, models=models)
    for order in set(permutations(chosen)):
        groups = [NINTH_GROUPS[i] for i in order]
        profiles = [(g.attacks.bonus, ninth_unsaved(g, target),
                     g.weapon.damage) for g in groups]
        result = ninth.attack_unit(groups, target)
        check_against_brute(result, profiles, tuple(range(len(groups))), len(groups), per_point, wounds, models)


FANTASY_GROUPS = [fantasy.Group(fantasy.Shot(3), 1, fantasy.Weapon(4, -1, "1", poisoned=True)),
                  fantasy.Group(fantasy.Shot(4, within_4_inches=True), 2, fantasy.Weapon(5, 0, "D3")),
                  fantasy.Group(fantasy.Shot(3, automatic=True), 1, fantasy.Weapon(3, 0, "2", armour_bane=1)),
                  fantasy.Group(fantasy.Shot(1, moved=True), 2, fantasy.Weapon(6, -2, "D3+1")),
                  fantasy.Group(fantasy.Shot(5), 2, fantasy.Weapon(4))]
FANTASY_UNITS = [(0,), (3,), (0, 4), (1, 0), (2, 3), (0, 1, 2), (1, 2, 3), (4, 0, 3), (0, 4, 1)]


@pytest.mark.parametrize("regeneration", [None, 5])
@pytest.mark.parametrize(("wounds", "models"), TARGETS)
@pytest.mark.parametrize("chosen", FANTASY_UNITS)
def test_fantasy_unit_matches_every_die_in_every_order(chosen, wounds, models, regeneration):
    target = fantasy.Target(4, armour=5, regeneration=regeneration, wounds=wounds, models=models)
    for listed in set(permutations(chosen)):
        groups = [FANTASY_GROUPS[i] for i in listed]
        profiles = [(g.shots.bonus, fantasy_unsaved(g, target),
                     g.weapon.multiple_wounds) for g in groups]
        multiple = [i for i, g in enumerate(groups) if str(g.weapon.multiple_wounds) != "1"]
        order = (*multiple, *(i for i in range(len(groups)) if i not in multiple))
        result = fantasy.shoot_unit(groups, target)
        assert result.order == order
        check_against_brute(result, profiles, order, len(multiple), regeneration, wounds, models)


# Properties: two profiles in either order; an order and its reverse -----------------------------------

@settings(max_examples=60, deadline=None)
@given(ninth_case(), ninth_case())
def test_two_ninth_profiles_remove_the_same_models_in_either_order(first, second):
    attack, attacks, weapon, target = first
    other = ninth.Group(replace(second[0], edition=attack.edition), second[1], second[2])
    a = ninth.Group(attack, attacks, weapon)
    forwards, backwards = ninth.attack_unit([a, other], target), ninth.attack_unit([other, a], target)
    assert forwards.models_removed == backwards.models_removed
    assert sum(forwards.shares) == forwards.models_removed.mean
    assert forwards.best_order == (0, 1)


@settings(max_examples=40, deadline=None)
@given(fantasy_case(), fantasy_case())
def test_two_fantasy_profiles_remove_the_same_models_in_either_order(first, second):
    shot, shots, weapon, target = first
    a, b = fantasy.Group(shot, shots, weapon), fantasy.Group(second[0], second[1], second[2])
    assert fantasy.shoot_unit([a, b], target).models_removed == fantasy.shoot_unit([b, a], target).models_removed


@settings(max_examples=30, deadline=None)
@given(ninth_case(), st.lists(ninth_case(), min_size=2, max_size=3))
def test_an_order_and_its_reverse_remove_the_same_models(first, more):
    attack, attacks, weapon, target = first
    groups = [ninth.Group(attack, attacks, weapon)] + [
        ninth.Group(replace(c[0], edition=attack.edition), c[1], c[2]) for c in more]
    forwards = ninth.attack_unit(groups, target)
    assert forwards.models_removed == ninth.attack_unit(groups[::-1], target).models_removed
    assert sum(forwards.shares) == forwards.models_removed.mean
    assert forwards.best_mean >= forwards.models_removed.mean


# icepool: the sequential state machine, one profile after another ------------------------------------

def icepool_unit(profiles, per_point, wounds, models) -> icepool.Die:
    """``profiles`` holds (attacks text, p_unsaved, damage text); the wounds lost, carried on."""
    keep = icepool.d6.map(lambda f: int(per_point is None or f == 1 or f < per_point))
    lost = icepool.Die([0])
    for attacks, p, damage_text in profiles:
        one = icepool.Die({1: p.numerator, 0: p.denominator - p.numerator})
        unsaved = icepool_thinned(icepool_count(attacks), one)
        lost = icepool_carry(lost, unsaved, icepool_thinned(icepool_count(damage_text), keep), wounds, models)
    return lost


ICEPOOL_NINTH = [
    ([ninth.Group(ninth.Attack(3), "D6", ninth.Weapon(4, -1, "D3")),
      ninth.Group(ninth.Attack(4, reroll="failed"), 3, ninth.Weapon(9, -3, "D6")),
      ninth.Group(ninth.Attack(2, melee=True), "D3+1", ninth.Weapon(5, 0, "2"))],
     ninth.Target(5, save=3, cover=True, feel_no_pain=6, wounds=3, models=5)),
    ([ninth.Group(ninth.Attack(4, edition=8), "2D6", ninth.Weapon(8, -2, "D3+3")),
      ninth.Group(ninth.Attack(4, (-1,), edition=8), 3, ninth.Weapon(5, -1, "1")),
      ninth.Group(ninth.Attack(3, edition=8), 1, ninth.Weapon(9, -3, "D6")),
      ninth.Group(ninth.Attack(4, edition=8), "D3", ninth.Weapon(8, -2, "D3"))],
     ninth.Target(8, save=3, wounds=12)),
]


@pytest.mark.parametrize(("groups", "target"), ICEPOOL_NINTH)
def test_ninth_unit_matches_icepool(groups, target):
    profiles = [(str(g.attacks), ninth_unsaved(g, target),
                 g.weapon.damage) for g in groups]
    ours = ninth.attack_unit(groups, target)
    theirs = icepool_unit(profiles, target.feel_no_pain, target.wounds, target.models)
    assert nonzero(ours.wounds_lost) == icepool_dict(theirs)
    assert nonzero(ours.models_removed) == icepool_dict(theirs.map(lambda t: t // target.wounds))


def test_fantasy_unit_matches_icepool():
    groups = [fantasy.Group(fantasy.Shot(3), 10, fantasy.Weapon(3)),
              fantasy.Group(fantasy.Shot(4, moved=True), "D3", fantasy.Weapon(5, -2, "D3", poisoned=True)),
              fantasy.Group(fantasy.Shot(3, automatic=True), "D6", fantasy.Weapon(4, -1, "2", armour_bane=1))]
    target = fantasy.Target(4, armour=4, ward=6, regeneration=5, wounds=2, models=6)
    profiles = [(str(g.shots), fantasy_unsaved(g, target),
                 g.weapon.multiple_wounds) for g in groups]
    ours = fantasy.shoot_unit(groups, target)
    theirs = icepool_unit([profiles[i] for i in ours.order], target.regeneration, target.wounds, target.models)
    assert ours.order == (1, 2, 0)
    assert nonzero(ours.wounds_lost) == icepool_dict(theirs)


# Bad input names what is wrong ------------------------------------------------------------------------

FANTASY_GROUP = fantasy.Group(fantasy.Shot(3), 1, fantasy.Weapon(3))


@pytest.mark.parametrize(("make", "name"), [
    (lambda: ninth.attack_unit([], TWO_BY_TWO), r"1 to 6 profiles \(got 0\)"),
    (lambda: ninth.attack_unit([A] * 7, TWO_BY_TWO), r"1 to 6 profiles \(got 7\)"),
    (lambda: fantasy.shoot_unit([], fantasy.Target(3)), r"1 to 6 profiles \(got 0\)"),
    (lambda: ninth.attack_unit(A, TWO_BY_TWO), "list of 1 to 6 profiles"),
    (lambda: ninth.attack_unit([A, FANTASY_GROUP], TWO_BY_TWO), r"Profile 2 is a fantasy\.Group.*ninth\.Group"),
    (lambda: fantasy.shoot_unit([A], fantasy.Target(3)), r"Profile 1 is a ninth\.Group.*fantasy\.Group"),
    (lambda: ninth.attack_unit([(SURE, 1, ninth.Weapon(4))], TWO_BY_TWO), "Profile 1 is .*ninth.Group"),
    (lambda: ninth.attack_unit([A, ninth.Group(ninth.Attack(3, edition=8), 1, ninth.Weapon(4))], TWO_BY_TWO),
     "Profile 2 is 8th edition but profile 1 is 9th"),
    (lambda: ninth.attack_unit([A], fantasy.Target(3)), "ninth.Target"),
    (lambda: ninth.Group(fantasy.Shot(3), 1, ninth.Weapon(4)), "attack must be a ninth.Attack"),
    (lambda: fantasy.Group(fantasy.Shot(3), 1, ninth.Weapon(4)), "weapon must be a fantasy.Weapon"),
    (lambda: ninth.Group(SURE, "D7", ninth.Weapon(4)), "rolled on a D3 or a D6"),
])
def test_bad_input_names_what_is_wrong(make, name):
    with pytest.raises(ValueError, match=name):
        make()


def test_more_than_four_profiles_have_no_best_order():
    result = ninth.attack_unit([A, B, C, A, B], TWO_BY_TWO)
    assert result.best_order is None and result.best_mean is None and result.gain is None
    assert "4 profiles at most" in result.topic("best")[0].text
    assert len(unit.__all__) == len(set(unit.__all__))


def test_with_one_wound_at_most_per_attack_no_order_is_worked_out_and_none_differs():
    groups = [ninth.Group(ninth.Attack(3), n, ninth.Weapon(4, damage=d)) for n, d in ((3, "1"), (2, "D3"), (4, "1"))]
    target = ninth.Target(4, wounds=1, models=5)
    result = ninth.attack_unit(groups, target)
    assert result.best_order == (0, 1, 2) and result.best_mean == result.models_removed.mean
    assert "every order removes the same models" in result.topic("best")[0].text
    for order in permutations(range(3)):
        assert ninth.attack_unit([groups[i] for i in order], target).wounds_lost == result.wounds_lost


def test_a_unit_too_big_to_work_out_says_how_big():
    big = ninth.Group(ninth.Attack(2, auto_hit=True), 50, ninth.Weapon(8, damage="D6"))
    ninth.attack_unit([big, big], ninth.Target(4, wounds=3, models=50))  # 600 points: the most
    with pytest.raises(ValueError, match="up to 601 points in all; the most is 600"):
        ninth.attack_unit([big, big, lands("1")], ninth.Target(4, wounds=3, models=50))


def test_every_order_of_single_point_profiles_removes_the_same_models_however_many():
    """Five Damage 1 profiles: no damage can be wasted, so no order is worked out and none differs."""
    groups = [ninth.Group(ninth.Attack(3), n, ninth.Weapon(4)) for n in (1, 2, 3, 2, 1)]
    target = ninth.Target(4, wounds=2, models=3)
    result = ninth.attack_unit(groups, target)
    assert result.same_every_order and result.best_order == (0, 1, 2, 3, 4) and result.gain == 0
    assert "every order removes the same models" in result.topic("best")[0].text
    for order in ((4, 3, 2, 1, 0), (2, 0, 4, 1, 3)):
        assert ninth.attack_unit([groups[i] for i in order], target).models_removed == result.models_removed
    assert not ninth.attack_unit([A, B, C, A, B], TWO_BY_TWO).same_every_order
    assert ninth.attack_unit([A, B], TWO_BY_TWO).same_every_order
