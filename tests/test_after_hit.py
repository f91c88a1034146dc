"""After the hit (RULES.md §4 and §5): the worked examples, brute force over every die, icepool,
a seeded simulation, and properties."""

from __future__ import annotations

import contextlib
import random
import re
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction as F
from functools import cache
from itertools import product
from math import comb, sqrt
from pathlib import Path

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.engine import icepool_casualties, icepool_count, icepool_thinned
from hitrules import _steps, damage, dice, fantasy, ninth
from hitrules._steps import chance_text
from hitrules.dice import hits

D6 = range(1, 7)


def variance(d: dice.Distribution) -> F:
    return sum(k * k * p for k, p in d.items()) - d.mean**2


def exactly(k: int) -> dice.Distribution:
    return hits(k, 1)


def casualties(unsaved, damage_text, wounds, models, feel_no_pain=None, name="Damage", most=30):
    """Wounds lost and models removed through the engine's own path: the damage parsed once, then its Profile."""
    dice_ = damage.parse_damage(damage_text, name, most)
    return damage.Profile.of(dice_, wounds, models, feel_no_pain, name, most).casualties(unsaved)


# The worked examples of RULES.md §4 ------------------------------------------------------------

@pytest.mark.parametrize(("s", "t", "score", "chance"), [(3, 3, 4, F(1, 2)), (3, 5, 6, F(1, 6)), (3, 9, None, 0)])
def test_fantasy_wound_examples(s, t, score, chance):
    assert fantasy.wound_score(s, t) == score
    assert fantasy.wound_chance(s, t) == chance


def test_fantasy_armour_5_with_ap_1_saves_on_a_6():
    assert fantasy.save_chance(5, -1) == F(1, 6)


def test_fantasy_armour_4_with_ap_3_has_no_save():
    assert fantasy.save_chance(4, -3) == 0


def test_fantasy_armour_then_ward_lets_4_9_through():
    assert 1 - fantasy.save_chance(5, 0, ward=5) == F(4, 9)


def test_fantasy_multiple_wounds_d6_into_a_model_with_3_wounds_left():
    lost, removed = casualties(exactly(1), "5", wounds=3, models=2)
    assert removed[1] == 1 and lost[3] == 1  # a roll of 5 removes it; the other 2 are lost
    lost, removed = casualties(exactly(1), "D6", wounds=3, models=2)
    assert removed[1] == F(2, 3) and lost.max_hits == 3


# The worked examples of RULES.md §5 ------------------------------------------------------------

@pytest.mark.parametrize(("s", "t", "score", "chance"), [(4, 4, 4, F(1, 2)), (8, 4, 2, F(5, 6)), (3, 7, 6, F(1, 6))])
def test_ninth_wound_examples(s, t, score, chance):
    assert ninth.wound_score(s, t) == score
    assert ninth.wound_chance(s, t) == chance


def test_ninth_two_wound_modifiers_of_minus_1_are_capped():
    assert ninth.wound_chance(4, 4, modifier=-2) == F(1, 3)


def test_ninth_save_3_with_ap_2_and_light_cover():
    assert ninth.save_chance(3, -2) == F(1, 3)
    assert ninth.save_chance(3, -2, cover=True) == F(1, 2)


def test_ninth_invulnerable_save_is_better_against_ap_4():
    assert ninth.save_chance(3, -4, invulnerable=5) == F(1, 3)


def test_ninth_damage_3_into_models_of_2_wounds():
    lost, removed = casualties(exactly(3), "3", wounds=2, models=5)
    assert removed[3] == 1 and lost[6] == 1  # each attack removes one model; the third point is lost


# The readings: editions, natural 1s, cover, Poisoned, Armour Bane ------------------------------

def test_8th_edition_has_no_clamp_and_no_automatic_6_to_wound():
    assert ninth.wound_chance(3, 7, modifier=-1) == F(1, 6)  # 9th: the unmodified 6 still wounds
    assert ninth.wound_chance(3, 7, modifier=-1, edition=8) == 0
    assert ninth.wound_chance(4, 4, modifier=-3, edition=8) == 0
    assert ninth.wound_chance(8, 4, modifier=+3, edition=8) == F(5, 6)  # a natural 1 still fails


def test_fantasy_has_no_automatic_6_to_wound():
    assert fantasy.wound_chance(3, 5, modifier=-1) == 0
    assert fantasy.wound_chance(3, 9, modifier=6) == 0  # too tough stays too tough


def test_light_cover_counts_only_against_ranged_attacks():
    weapon, target = ninth.Weapon(4), ninth.Target(4, save=4, cover=True)
    ranged = ninth.attack_outcome(ninth.Attack(3), 1, weapon, target)
    melee = ninth.attack_outcome(ninth.Attack(3, melee=True), 1, weapon, target)
    assert ranged.unsaved_chance == F(1, 3) and melee.unsaved_chance == F(1, 2)
    assert any(s.kind == "skipped" and "melee" in s.text for s in melee.topic("save"))
    overwatch = ninth.attack_outcome(ninth.Attack(3, melee=True, overwatch=True), 1, weapon, target)
    assert overwatch.unsaved_chance == F(1, 3)  # Overwatch is shooting


def test_poisoned_natural_6_gets_plus_2_to_wound_but_not_on_the_7_plus_chart():
    weapon, target = fantasy.Weapon(3, poisoned=True), fantasy.Target(5)
    plain = fantasy.shoot(fantasy.Shot(3), 1, fantasy.Weapon(3), target)
    poisoned = fantasy.shoot(fantasy.Shot(3), 1, weapon, target)
    # BS 3 hits on 4+: a natural 6 (1/6) wounds on 4+ (+2 on 6+), the 4s and 5s on 6+.
    assert plain.wounds[1] == F(1, 2) * F(1, 6)
    assert poisoned.wounds[1] == F(1, 6) * F(1, 2) + F(2, 6) * F(1, 6)
    chart = fantasy.Shot(1, moved=True)  # needs 7: a 6, then 4+
    assert fantasy.shoot(chart, 1, weapon, target).wounds[1] == F(1, 12) * F(1, 6)
    assert any(s.kind == "skipped" for s in fantasy.shoot(chart, 1, weapon, target).topic("wound"))


def test_armour_bane_improves_ap_on_a_natural_6_to_wound():
    target = fantasy.Target(4, armour=4)
    bane = fantasy.shoot(fantasy.Shot(3, automatic=True), 1, fantasy.Weapon(4, armour_bane=2), target)
    # 4+ to wound: the 4s and 5s face a 4+ save, the 6 a 6+ save.
    assert bane.unsaved[1] == F(2, 6) * F(1, 2) + F(1, 6) * F(5, 6)


def test_regeneration_after_an_unsaved_wound_still_counts_as_unsaved():
    r = fantasy.shoot(fantasy.Shot(3, automatic=True), 1, fantasy.Weapon(10), fantasy.Target(1, regeneration=2))
    assert r.unsaved[1] == F(5, 6) and r.wounds_lost[1] == F(5, 6) * F(1, 6)


def test_feel_no_pain_is_rolled_per_point_before_the_excess_is_lost():
    # Damage 3 into 1 wound with FNP 5+: the model survives only if all three points are stopped.
    _, removed = casualties(exactly(1), "3", wounds=1, models=1, feel_no_pain=5)
    assert removed[1] == 1 - F(1, 3) ** 3
    capped, _ = casualties(exactly(1), "1", wounds=1, models=1, feel_no_pain=5)
    assert capped[1] == F(2, 3)  # capping the damage first would give this, which is wrong


def test_a_refused_overwatch_scores_nothing():
    verdict = ninth.OverwatchVerdict(False, "No.")
    r = ninth.attack_outcome(ninth.Attack(4, overwatch=True), 10, ninth.Weapon(4), ninth.Target(4), verdict=verdict)
    assert r.hits[0] == 1 and r.models_removed[0] == 1 and not r.hit.may_fire


def test_steps_explain_each_stage_with_the_faces():
    r = ninth.attack_outcome(ninth.Attack(3), 5, ninth.Weapon(4, -1, "D3", (-1, -1)),
                             ninth.Target(4, save=3, invulnerable=5, feel_no_pain=6, wounds=2, models=3))
    assert {s.topic for s in r.steps} == {"wound", "save", "damage"}
    assert next(s for s in r.topic("wound") if s.kind == "cap").hitting_faces == (5, 6)
    assert next(s for s in r.topic("wound") if s.kind == "roll").hitting_faces == (5, 6)
    assert next(s for s in r.topic("save") if s.kind == "roll").hitting_faces == (4, 5, 6)
    assert any("Feel No Pain 6+" in s.text for s in r.topic("damage"))
    f = fantasy.shoot(fantasy.Shot(3), 5, fantasy.Weapon(4, -1, "D3"), fantasy.Target(3, armour=4, ward=6,
                                                                                      regeneration=5))
    assert next(s for s in f.topic("wound") if s.kind == "roll").hitting_faces == (3, 4, 5, 6)
    assert next(s for s in f.topic("save") if s.kind == "roll").hitting_faces == (5, 6)
    assert any("Reading" in s.text for s in f.topic("damage"))


# Errors: a ValueError that names the input ------------------------------------------------------

@pytest.mark.parametrize(("make", "name"), [
    (lambda: fantasy.Weapon(0), "Strength"),
    (lambda: fantasy.Target(11), "Toughness"),
    (lambda: ninth.Target(21), "Toughness"),
    (lambda: ninth.Target(4, save=1), "save"),
    (lambda: ninth.save_chance(3, ap=1), "AP"),
    (lambda: fantasy.save_chance(3, ap=1), "AP"),
    (lambda: ninth.Weapon(4, damage="banana"), "Damage"),
    (lambda: ninth.Weapon(4, damage="0"), "Damage"),
    (lambda: ninth.Weapon(4, damage="31"), "Damage"),
    (lambda: fantasy.Weapon(4, multiple_wounds="D6+5"), "Multiple Wounds"),
    (lambda: ninth.Target(4, models=0), "models"),
    (lambda: ninth.Target(4, wounds=31), "Wounds"),
    (lambda: fantasy.Target(4, ward=7), "ward"),
    (lambda: fantasy.Target(4, regeneration=1), "Regeneration"),
    (lambda: ninth.Target(4, feel_no_pain=True), "Feel No Pain"),
    (lambda: ninth.wound_chance(4, 4, reroll="all"), "re-roll"),
    (lambda: ninth.wound_chance(4, 4, edition=10), "edition"),
    (lambda: fantasy.Weapon(4, armour_bane=-1), "Armour Bane"),
    (lambda: ninth.Weapon(4, wound_modifiers="-1"), "wound modifiers"),
    (lambda: casualties(hits(101, F(1, 2)), "D6", 3, 10), "Too much damage"),
])
def test_bad_input_names_what_is_wrong(make, name):
    with pytest.raises(ValueError, match=name):
        make()


# Brute force: every die of one attack -------------------------------------------------------------

@cache
def one_point_at_a_time(points: int, per_point: int | None, left: int) -> tuple[tuple[int, F], ...]:
    """Wounds a model with ``left`` wounds loses to ``points`` points, rolling per point until it dies."""
    if points == 0 or left == 0:
        return ((0, F(1)),)
    out: dict[int, F] = defaultdict(F)
    for face in D6:
        stopped = per_point is not None and face != 1 and face >= per_point
        for lost, p in one_point_at_a_time(points - 1, per_point, left - (not stopped)):
            out[lost + (not stopped)] += p / 6
    return tuple(out.items())


def damage_then_points(damage_text: str, per_point: int | None, left: int) -> dict[int, F]:
    """Roll the damage dice face by face, then every per-point die."""
    d = dice.parse_attacks(damage_text)
    out: dict[int, F] = defaultdict(F)
    for faces in product(range(1, d.sides + 1), repeat=d.count):
        for lost, p in one_point_at_a_time(sum(faces) + d.bonus, per_point, left):
            out[lost] += p / d.sides**d.count
    return out


def fantasy_score(s: int, t: int) -> int | None:
    d = s - t
    return None if d <= -6 else 2 if d >= 2 else {1: 3, 0: 4, -1: 5}.get(d, 6)


def brute_fantasy_one(shot, weapon, target) -> dict[tuple, F]:
    """(hit, wounded, unsaved, wounds lost) for one shot at one model, over every die."""
    out: dict[tuple, F] = defaultdict(F)
    required = fantasy.resolve(shot).required
    score = fantasy_score(weapon.strength, target.toughness)
    losses = damage_then_points(weapon.multiple_wounds, target.regeneration, target.wounds)
    for h1, h2 in product(D6, D6):
        p = F(1, 36)
        if required is None:
            hit, six = True, False
        elif required >= 10:
            hit, six = False, False
        elif required >= 7:
            hit, six = h1 == 6 and h2 >= required - 3, False
        else:
            hit, six = h1 != 1 and h1 >= required, h1 == 6
        if not hit:
            out[0, 0, 0, 0] += p
            continue
        for w in D6:
            bonus = 2 if weapon.poisoned and six else 0
            if score is None or w == 1 or w + bonus < score:
                out[1, 0, 0, 0] += p / 6
                continue
            ap = weapon.ap - (weapon.armour_bane if w == 6 else 0)
            for a, v in product(D6, D6):
                q = p / 6 / 36
                armour = target.armour is not None and a != 1 and a >= target.armour - ap
                ward = target.ward is not None and v != 1 and v >= target.ward
                if armour or ward:  # the ward die only counts when the armour die failed
                    out[1, 1, 0, 0] += q
                    continue
                for lost, r in losses.items():
                    out[1, 1, 1, lost] += q * r
    return out


def ninth_score(s: int, t: int) -> int:
    return 2 if s >= 2 * t else 3 if s > t else 4 if s == t else 5 if 2 * s > t else 6


def passes(face: int, net: int, score: int, edition: int) -> bool:
    return face != 1 and (face + net >= score or (face == 6 and edition == 9))


def with_reroll(success, reroll: str) -> F:
    """Chance over two D6s that ``success(face)`` holds, re-rolling as asked."""
    total = F(0)
    for a, b in product(D6, D6):
        again = reroll == "failed" or (reroll == "ones" and a == 1)
        total += F(1, 36) * (success(a) or (again and not success(a) and success(b)))
    return total


def brute_ninth_one(attack, weapon, target, verdict=None) -> dict[tuple, F]:
    ed = attack.edition
    clamp = (lambda m: max(-1, min(1, m))) if ed == 9 else (lambda m: m)
    if attack.overwatch and verdict is not None and not verdict.allowed:
        p_hit = F(0)
    elif attack.auto_hit:
        p_hit = F(1)
    else:
        net = clamp(sum(attack.modifiers))
        p_hit = with_reroll(lambda f: f == 6 if attack.overwatch else passes(f, net, attack.skill, ed),
                            attack.reroll)
    score = ninth_score(weapon.strength, target.toughness)
    wnet = clamp(sum(weapon.wound_modifiers))
    p_wound = with_reroll(lambda f: passes(f, wnet, score, ed), weapon.wound_reroll)
    cover = int(target.cover and (not attack.melee or attack.overwatch))
    p_saved = F(0)
    for v in D6:
        armour = target.save is not None and v != 1 and v >= target.save - weapon.ap - cover
        invulnerable = target.invulnerable is not None and v != 1 and v >= target.invulnerable
        p_saved += F(1, 6) * (armour or invulnerable)
    out: dict[tuple, F] = defaultdict(F)
    out[0, 0, 0, 0] += 1 - p_hit
    out[1, 0, 0, 0] += p_hit * (1 - p_wound)
    out[1, 1, 0, 0] += p_hit * p_wound * p_saved
    for lost, r in damage_then_points(weapon.damage, target.feel_no_pain, target.wounds).items():
        out[1, 1, 1, lost] += p_hit * p_wound * (1 - p_saved) * r
    return out


def check_one_attack(result, brute: dict[tuple, F], wounds: int) -> None:
    def chance(i):
        return sum(p for key, p in brute.items() if key[i])

    assert sum(brute.values()) == 1
    assert result.hits[1] == chance(0)
    assert result.wounds[1] == chance(1)
    assert result.unsaved[1] == chance(2)
    lost = defaultdict(F)
    for key, p in brute.items():
        lost[key[3]] += p
    assert {k: v for k, v in result.wounds_lost.items() if v} == {k: v for k, v in lost.items() if v}
    assert result.models_removed[1] == lost[wounds]
    assert result.hit_chance == chance(0)
    if chance(0):
        assert result.wound_chance == chance(1) / chance(0)
    if chance(1):
        assert result.unsaved_chance == chance(2) / chance(1)


FANTASY_SHOTS = [fantasy.Shot(3), fantasy.Shot(5, within_4_inches=True), fantasy.Shot(1, moved=True),
                 fantasy.Shot(3, moved=True, cover="hard", stand_and_shoot=True),
                 fantasy.Shot(1, moved=True, cover="hard"),
                 fantasy.Shot(3, automatic=True), fantasy.Shot(1, moved=True, cover="hard", stand_and_shoot=True)]


def fantasy_grid(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        weapon = fantasy.Weapon(rng.choice([3, 4, 6, 10]), rng.choice([0, -1, -3]),
                                rng.choice(["1", "2", "D3", "D3+1"]),
                                rng.random() < 0.5, rng.choice([0, 0, 1, 2]))
        target = fantasy.Target(rng.choice([3, 4, 9]), rng.choice([None, 4, 6]), rng.choice([None, 5]),
                                rng.choice([None, 5]), rng.choice([1, 2, 3]))
        yield rng.choice(FANTASY_SHOTS), weapon, target


@pytest.mark.parametrize(("shot", "weapon", "target"), list(fantasy_grid(120, 20261130)))
def test_fantasy_one_shot_matches_every_die(shot, weapon, target):
    check_one_attack(fantasy.shoot(shot, 1, weapon, target), brute_fantasy_one(shot, weapon, target), target.wounds)


NINTH_ATTACKS = [ninth.Attack(3), ninth.Attack(4, (-1, -1)), ninth.Attack(6, (-1,)), ninth.Attack(4, (1, 1), edition=8),
                 ninth.Attack(2, (-2,), edition=8), ninth.Attack(3, reroll="failed"),
                 ninth.Attack(4, reroll="ones", overwatch=True), ninth.Attack(3, auto_hit=True),
                 ninth.Attack(4, melee=True), ninth.Attack(5, (-1,), reroll="failed", edition=8)]


def ninth_grid(n: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        weapon = ninth.Weapon(rng.choice([3, 4, 8, 9]), rng.choice([0, -2, -4]), rng.choice(["1", "2", "D3", "D3+3"]),
                              rng.choice([(), (-1, -1), (1,), (-3,)]), rng.choice(ninth.REROLLS))
        target = ninth.Target(rng.choice([4, 8]), rng.choice([None, 3, 5]), rng.choice([None, 4]), rng.random() < 0.5,
                              rng.choice([None, 5]), rng.choice([1, 3, 4]))
        yield rng.choice(NINTH_ATTACKS), weapon, target


@pytest.mark.parametrize(("attack", "weapon", "target"), list(ninth_grid(120, 20261130)))
def test_ninth_one_attack_matches_every_die(attack, weapon, target):
    check_one_attack(ninth.attack_outcome(attack, 1, weapon, target), brute_ninth_one(attack, weapon, target),
                     target.wounds)


# Brute force: 1 to 3 attacks into multi-wound models, one model at a time --------------------------

def attack_once(states: dict, p_unsaved: F, damage_text: str, per_point, wounds: int, models: int) -> dict:
    """One attack on the states (models removed, damage on the current model): unsaved with
    chance p, it rolls its damage dice, then every per-point die in turn into the current model,
    which is removed at its last wound (the rest is lost), then the next."""
    d = dice.parse_attacks(damage_text)
    after: dict[tuple, F] = defaultdict(F)
    for (removed, on_model), p in states.items():
        after[removed, on_model] += p * (1 - p_unsaved)
        if removed == models:
            after[removed, on_model] += p * p_unsaved
            continue
        for faces in product(range(1, d.sides + 1), repeat=d.count):
            q = p * p_unsaved / d.sides**d.count
            for lost, r in one_point_at_a_time(sum(faces) + d.bonus, per_point, wounds - on_model):
                key = (removed + 1, 0) if on_model + lost == wounds else (removed, on_model + lost)
                after[key] += q * r
    return after


def brute_unit(attacks: int, one: dict[tuple, F], damage_text: str, per_point, wounds: int, models: int):
    """Every attack's outcome in turn (see :func:`attack_once`)."""
    p_unsaved = sum(p for key, p in one.items() if key[2])
    states = {(0, 0): F(1)}
    for _ in range(attacks):
        states = attack_once(states, p_unsaved, damage_text, per_point, wounds, models)
    removed = defaultdict(F)
    lost = defaultdict(F)
    for (r, c), p in states.items():
        removed[r] += p
        lost[r * wounds + c] += p
    return dict(lost), dict(removed)


def nonzero(dist: dice.Distribution) -> dict[int, F]:
    return {k: v for k, v in dist.items() if v}


@pytest.mark.parametrize("attacks", [1, 2, 3])
@pytest.mark.parametrize(("damage_text", "per_point", "wounds", "models"), [
    ("D3", None, 2, 2), ("D6", 5, 3, 2), ("2", 6, 3, 3), ("D3+3", None, 4, 2), ("D3", 4, 4, 1), ("2D6", 5, 5, 2)])
def test_ninth_models_removed_match_allocating_every_roll(attacks, damage_text, per_point, wounds, models):
    attack, weapon = ninth.Attack(3, reroll="ones"), ninth.Weapon(5, -1, damage_text)
    target = ninth.Target(4, save=4, feel_no_pain=per_point, wounds=wounds, models=models)
    result = ninth.attack_outcome(attack, attacks, weapon, target)
    lost, removed = brute_unit(attacks, brute_ninth_one(attack, weapon, target), damage_text, per_point, wounds,
                               models)
    assert nonzero(result.models_removed) == {k: v for k, v in removed.items() if v}
    assert nonzero(result.wounds_lost) == {k: v for k, v in lost.items() if v}


@pytest.mark.parametrize("attacks", [1, 2, 3])
@pytest.mark.parametrize(("damage_text", "regeneration", "wounds"), [("D3", None, 2), ("D3+1", 5, 3), ("2", 4, 3)])
def test_fantasy_models_removed_match_allocating_every_roll(attacks, damage_text, regeneration, wounds):
    shot, weapon = fantasy.Shot(3), fantasy.Weapon(4, -1, damage_text, poisoned=True, armour_bane=1)
    target = fantasy.Target(4, armour=4, regeneration=regeneration, wounds=wounds, models=2)
    result = fantasy.shoot(shot, attacks, weapon, target)
    lost, removed = brute_unit(attacks, brute_fantasy_one(shot, weapon, target), damage_text, regeneration, wounds, 2)
    assert nonzero(result.models_removed) == {k: v for k, v in removed.items() if v}
    assert nonzero(result.wounds_lost) == {k: v for k, v in lost.items() if v}


# The shortcut, split fire and the reusable allocation ---------------------------------------------

@pytest.mark.parametrize(("damage_text", "wounds"), [("1", 3), ("D6", 1), ("1", 1)])
def test_one_wound_at_most_needs_no_chain_and_agrees_with_it(damage_text, wounds):
    target = ninth.Target(4, save=5, feel_no_pain=5, wounds=wounds, models=4)
    r = ninth.attack_outcome(ninth.Attack(3), "2D6", ninth.Weapon(4, damage=damage_text), target)
    assert (r.wounds_lost, r.models_removed) == casualties(r.unsaved, damage_text, wounds, 4, 5)


def test_split_fire_adds_the_groups_unsaved_wounds_before_allocating():
    weapon, target = fantasy.Weapon(4, multiple_wounds="D3"), fantasy.Target(3, armour=5, wounds=3, models=4)
    a, b = (fantasy.Shot(3), "D6"), (fantasy.Shot(3, cover="hard"), 4)
    split = fantasy.shoot_split([a, b], weapon, target)
    first, second = fantasy.shoot(*a, weapon, target), fantasy.shoot(*b, weapon, target)
    assert split.unsaved == first.unsaved + second.unsaved
    assert split.hits == first.hits + second.hits
    lost, removed = casualties(first.unsaved + second.unsaved, "D3", 3, 4, name="Multiple Wounds", most=10)
    assert (split.wounds_lost, split.models_removed) == (lost, removed)
    assert split.hit == (first.hit, second.hit)
    # The pooled chance per shot: expected hits over expected shots (3.5 at 1/2, 4 at 1/6).
    assert split.hit_chance == (F(7, 2) * F(1, 2) + 4 * F(1, 6)) / (F(7, 2) + 4)


# icepool builds the same chains independently ------------------------------------------------------

def icepool_ninth(attack: ninth.Attack, attacks: str, weapon: ninth.Weapon, target: ninth.Target) -> icepool.Die:
    ed = attack.edition
    net = max(-1, min(1, attack.modifier)) if ed == 9 else attack.modifier
    wraw = sum(weapon.wound_modifiers)
    wnet = max(-1, min(1, wraw)) if ed == 9 else wraw
    score = ninth_score(weapon.strength, target.toughness)
    cover = int(target.cover and not attack.melee)

    def rolled(first, second, ok, reroll):
        again = reroll == "failed" or (reroll == "ones" and first == 1)
        return ok(first) or (again and ok(second))

    def unsaved(h1, h2, w1, w2, s):
        hit = rolled(h1, h2, lambda f: passes(f, net, attack.skill, ed), attack.reroll)
        wound = rolled(w1, w2, lambda f: passes(f, wnet, score, ed), weapon.wound_reroll)
        needs = [n for n in (target.save and target.save - weapon.ap - cover, target.invulnerable) if n]
        saved = s != 1 and any(s >= n for n in needs)
        return int(hit and wound and not saved)

    one = icepool.map(unsaved, *[icepool.d6] * 5)
    keep = icepool.d6.map(lambda f: int(target.feel_no_pain is None or f == 1 or f < target.feel_no_pain))
    loss = icepool_thinned(icepool_count(weapon.damage), keep)
    return icepool_casualties(icepool_thinned(icepool_count(attacks), one), loss, target.wounds, target.models)


def icepool_fantasy(shot: fantasy.Shot, shots: str, weapon: fantasy.Weapon, target: fantasy.Target) -> icepool.Die:
    required = fantasy.resolve(shot).required
    score = fantasy_score(weapon.strength, target.toughness)

    def unsaved(h1, h2, w, a, v):
        if required is None:
            hit, six = True, False
        elif required <= 6:
            hit, six = h1 != 1 and h1 >= required, h1 == 6
        else:
            hit, six = required < 10 and h1 == 6 and h2 >= required - 3, False
        bonus = 2 if six and weapon.poisoned else 0
        wound = hit and score is not None and w != 1 and w + bonus >= score
        ap = weapon.ap - (weapon.armour_bane if w == 6 else 0)
        armour = target.armour is not None and a != 1 and a >= target.armour - ap
        ward = target.ward is not None and v != 1 and v >= target.ward
        return int(wound and not armour and not ward)

    one = icepool.map(unsaved, *[icepool.d6] * 5)
    keep = icepool.d6.map(lambda f: int(target.regeneration is None or f == 1 or f < target.regeneration))
    loss = icepool_thinned(icepool_count(weapon.multiple_wounds), keep)
    return icepool_casualties(icepool_thinned(icepool_count(shots), one), loss, target.wounds, target.models)


def icepool_dict(die: icepool.Die) -> dict[int, F]:
    return {k: die.probability(k) for k in die.outcomes() if die.probability(k)}


@pytest.mark.parametrize(("attack", "attacks", "weapon", "target"), [
    (ninth.Attack(3), "10", ninth.Weapon(5, -1, "D3"), ninth.Target(4, save=3, wounds=3, models=5)),
    (ninth.Attack(4, (-1,), reroll="ones"), "2D6", ninth.Weapon(8, -2, "D6", (-1,), "failed"),
     ninth.Target(8, save=3, invulnerable=5, cover=True, feel_no_pain=6, wounds=6, models=3)),
    (ninth.Attack(3, edition=8, modifiers=(-2,)), "D6+1", ninth.Weapon(9, -3, "D3+3", (1,)),
     ninth.Target(7, save=2, feel_no_pain=5, wounds=4, models=4)),
    (ninth.Attack(2, melee=True), "12", ninth.Weapon(4, 0, "2"), ninth.Target(4, save=4, wounds=3, models=10)),
])
def test_ninth_chain_matches_icepool(attack, attacks, weapon, target):
    ours = ninth.attack_outcome(attack, attacks, weapon, target).models_removed
    assert nonzero(ours) == icepool_dict(icepool_ninth(attack, attacks, weapon, target))


@pytest.mark.parametrize(("shot", "shots", "weapon", "target"), [
    (fantasy.Shot(3), "10", fantasy.Weapon(4, -1, "D3", True, 1), fantasy.Target(4, 4, 6, 5, 3, 5)),
    (fantasy.Shot(1, moved=True), "2D6", fantasy.Weapon(6, -2, "D6", True), fantasy.Target(5, 3, None, 4, 4, 3)),
    (fantasy.Shot(4, automatic=True), "D6", fantasy.Weapon(3, 0, "2"), fantasy.Target(3, None, 5, None, 2, 4)),
])
def test_fantasy_chain_matches_icepool(shot, shots, weapon, target):
    ours = fantasy.shoot(shot, shots, weapon, target).models_removed
    assert nonzero(ours) == icepool_dict(icepool_fantasy(shot, shots, weapon, target))


# A seeded simulation rolls every die ---------------------------------------------------------------

def simulate_ninth(rng: random.Random, attacks: int, wounds: int, models: int) -> int:
    """Attack(4) with 2D6 attacks, S5 vs T4 (3+), Sv 4+ AP -1 (5+), Damage D3, FNP 6+."""
    n = rng.randint(1, 6) + rng.randint(1, 6) if attacks == 0 else attacks
    removed, on_model = 0, 0
    for _ in range(n):
        if rng.randint(1, 6) < 4 or rng.randint(1, 6) < 3 or rng.randint(1, 6) >= 5 or removed == models:
            continue
        for _ in range(rng.randint(1, 3)):
            if rng.randint(1, 6) == 6:
                continue
            on_model += 1
            if on_model == wounds:
                removed, on_model = removed + 1, 0
                break
    return removed


def test_seeded_simulation_agrees_within_its_error():
    exact = ninth.attack_outcome(ninth.Attack(4), "2D6", ninth.Weapon(5, -1, "D3"),
                                 ninth.Target(4, save=4, feel_no_pain=6, wounds=3, models=3)).models_removed
    rng = random.Random(20261130)
    trials = 20_000
    seen = [simulate_ninth(rng, 0, 3, 3) for _ in range(trials)]
    mean = sum(seen) / trials
    assert abs(mean - float(exact.mean)) < 4 * sqrt(float(variance(exact)) / trials)
    for k in range(4):
        p = float(exact[k])
        assert abs(seen.count(k) / trials - p) < 4 * sqrt(p * (1 - p) / trials) + 1e-9


# Properties ----------------------------------------------------------------------------------------

score = st.one_of(st.none(), st.integers(2, 6))
small_attacks = st.one_of(st.integers(0, 12).map(str), st.sampled_from(["D3", "D6", "2D3"]))


@st.composite
def ninth_case(draw):
    attack = ninth.Attack(draw(st.integers(2, 6)), tuple(draw(st.lists(st.integers(-2, 2), max_size=2))),
                          draw(st.booleans()), draw(st.sampled_from(ninth.REROLLS)),
                          edition=draw(st.sampled_from((9, 8))))
    weapon = ninth.Weapon(draw(st.integers(1, 19)), draw(st.integers(-5, 0)),
                          draw(st.sampled_from(["1", "2", "D3", "D6"])),
                          tuple(draw(st.lists(st.integers(-2, 2), max_size=2))), draw(st.sampled_from(ninth.REROLLS)))
    target = ninth.Target(draw(st.integers(1, 20)), draw(score), draw(score), draw(st.booleans()), draw(score),
                          draw(st.integers(1, 6)), draw(st.integers(1, 6)))
    return attack, draw(small_attacks), weapon, target


@st.composite
def fantasy_case(draw):
    shot = fantasy.Shot(draw(st.integers(1, 10)), draw(st.booleans()), cover=draw(st.sampled_from(fantasy.COVERS)))
    weapon = fantasy.Weapon(draw(st.integers(1, 9)), draw(st.integers(-5, 0)), draw(st.sampled_from(["1", "2", "D3"])),
                            draw(st.booleans()), draw(st.integers(0, 2)))
    target = fantasy.Target(draw(st.integers(1, 10)), draw(score), draw(score), draw(score), draw(st.integers(1, 4)),
                            draw(st.integers(1, 6)))
    return shot, draw(small_attacks), weapon, target


def check_chances(r) -> None:
    for p in (r.hit_chance, r.wound_chance, r.unsaved_chance):
        assert 0 <= p <= 1
    for dist in (r.hits, r.wounds, r.unsaved, r.wounds_lost, r.models_removed):
        assert sum(v for _, v in dist.items()) == 1
    assert r.hits.mean >= r.wounds.mean >= r.unsaved.mean


def one_more(attacks: str) -> str:
    return str(int(attacks) + 1) if attacks.isdigit() else attacks + "+1"


def check_more_never_removes_fewer(run, weapon, attacks) -> None:
    """More Strength, a better AP or one more attack never lowers the expected models removed."""
    r = run(weapon, attacks)
    check_chances(r)
    mean = r.models_removed.mean
    assert run(replace(weapon, strength=weapon.strength + 1), attacks).models_removed.mean >= mean
    if weapon.ap > -5:
        assert run(replace(weapon, ap=weapon.ap - 1), attacks).models_removed.mean >= mean
    assert run(weapon, one_more(attacks)).models_removed.mean >= mean


@settings(max_examples=60, deadline=None)
@given(ninth_case())
def test_ninth_more_strength_ap_or_attacks_never_removes_fewer(case):
    attack, attacks, weapon, target = case
    check_more_never_removes_fewer(lambda w, a: ninth.attack_outcome(attack, a, w, target), weapon, attacks)


@settings(max_examples=60, deadline=None)
@given(fantasy_case())
def test_fantasy_more_strength_ap_or_shots_never_removes_fewer(case):
    shot, shots, weapon, target = case
    check_more_never_removes_fewer(lambda w, a: fantasy.shoot(shot, a, w, target), weapon, shots)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.integers(-3, 3), st.sampled_from(ninth.REROLLS),
       st.sampled_from((9, 8)))
def test_ninth_wound_chance_is_a_chance_and_grows_with_strength(s, t, m, r, ed):
    p = ninth.wound_chance(s, t, m, r, ed)
    assert 0 <= p <= 1
    if s < 20:
        assert ninth.wound_chance(s + 1, t, m, r, ed) >= p


@settings(max_examples=100, deadline=None)
@given(score, st.integers(-6, 0), score, st.booleans())
def test_saves_are_chances_and_ap_never_helps_the_target(armour, ap, other, cover):
    assert 0 <= fantasy.save_chance(armour, ap, other) <= 1
    assert 0 <= ninth.save_chance(armour, ap, other, cover) <= 1
    if ap > -6:
        assert fantasy.save_chance(armour, ap - 1, other) <= fantasy.save_chance(armour, ap, other)
        assert ninth.save_chance(armour, ap - 1, other, cover) <= ninth.save_chance(armour, ap, other, cover)


anything = st.one_of(st.none(), st.booleans(), st.integers(-40, 40), st.floats(allow_nan=True), st.fractions(),
                     st.text(max_size=12), st.lists(st.integers(-8, 8), max_size=3), st.tuples(st.text(max_size=4)),
                     st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                     st.sampled_from([int, str, float, complex, bytes, tuple, F, type]).flatmap(st.from_type))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 11), anything, anything, anything)
def test_bad_input_only_ever_raises_value_error(which, a, b, c):
    calls = [
        lambda: fantasy.wound_chance(a, b, c),
        lambda: fantasy.save_chance(a, b, c),
        lambda: fantasy.Weapon(4, a, b, c),
        lambda: fantasy.Target(4, a, b, c),
        lambda: fantasy.shoot(fantasy.Shot(3), a, fantasy.Weapon(4), fantasy.Target(4, wounds=2)),
        lambda: fantasy.shoot_split(a, fantasy.Weapon(4), b),
        lambda: ninth.wound_chance(a, b, c),
        lambda: ninth.save_chance(a, b, c, a),
        lambda: ninth.Weapon(a, damage=b, wound_modifiers=c),
        lambda: ninth.Target(4, a, b, c),
        lambda: ninth.attack_outcome(a, 3, ninth.Weapon(4), ninth.Target(4), verdict=b),
        lambda: casualties(a, b, c, 3),
    ]
    with contextlib.suppress(ValueError):
        calls[which]()


def test_the_rule_modules_import_only_the_standard_library():
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys; import hitrules.damage, hitrules.dice, hitrules.fantasy, hitrules.ninth, hitrules.presets; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'streamlit', 'plotly', 'pandas', 'numpy'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.stdout.strip() == "[]"


# Issue 18: a limit guards the work really done -------------------------------------------------

def capped_binomial(n: int, q: F, cap: int) -> list[F]:
    """P(k of n succeed) for k below ``cap``, then P(cap or more): models removed, one per success."""
    exact = [comb(n, k) * q**k * (1 - q) ** (n - k) for k in range(n + 1)]
    return [*exact[:cap], sum(exact[cap:], F(0))] if n >= cap else exact


def test_400_shots_of_damage_1_are_worked_out():
    """/fantasy?shots=400&chain=1: Damage 1 needs no state machine, so no damage limit refuses it."""
    r = fantasy.shoot(fantasy.Shot(3), 400, fantasy.Weapon(4), fantasy.Target(4, models=100))
    q = F(1, 2) * F(1, 2)  # BS 3 hits on 4+, S4 against T4 wounds on 4+, no save
    assert [r.models_removed[k] for k in range(101)] == capped_binomial(400, q, 100)
    assert r.wounds_lost == r.models_removed  # one wound each


def test_1000_attacks_into_models_of_one_wound_with_feel_no_pain_are_worked_out():
    r = ninth.attack_outcome(ninth.Attack(3), 1000, ninth.Weapon(4, damage="2D6"),
                             ninth.Target(4, feel_no_pain=6, models=100))
    survives = sum(F(1, 6) ** (a + b) for a in D6 for b in D6) / 36  # every point of 2D6 stopped
    q = F(2, 3) * F(1, 2) * (1 - survives)
    assert [r.models_removed[k] for k in (0, 1, 50, 99, 100)] == [capped_binomial(1000, q, 100)[k]
                                                                  for k in (0, 1, 50, 99, 100)]


def test_the_ordinary_melee_attack_of_issue_18_is_answered():
    """Its chance of an unsaved point has a denominator above 10^12: the engine's own exact fraction."""
    r = ninth.attack_outcome(ninth.Attack(3, melee=True, reroll="ones"), "D3",
                             ninth.Weapon(3, ap=-4, damage="2D6", wound_modifiers=(1, 2, 1)),
                             ninth.Target(4, save=5, feel_no_pain=6, wounds=1, models=3))
    hit = F(4, 6) + F(1, 6) * F(4, 6)  # 3+, re-roll 1s
    wound = F(1, 2)  # S3 against T4 is 5+; +4 is capped to +1 in 9th: 4+
    survives = sum(F(1, 6) ** (a + b) for a in D6 for b in D6) / 36
    q = hit * wound * (1 - survives)  # 5+ save against AP -4: no save
    expected = [sum(capped_binomial(n, q, 3)[k] if k < len(capped_binomial(n, q, 3)) else 0 for n in (1, 2, 3)) / 3
                for k in range(4)]
    assert [r.models_removed[k] for k in range(4)] == expected
    assert q.denominator > 10**12


def test_the_damage_limit_counts_the_wounds_one_attack_can_cost_a_model():
    # 150 attacks of D6 into models of 2 wounds: each can cost 2 wounds at most, 300 in all.
    r = ninth.attack_outcome(ninth.Attack(3), 150, ninth.Weapon(4, damage="D6"), ninth.Target(4, wounds=2, models=100))
    assert r.models_removed.mean > 0
    with pytest.raises(ValueError, match=r"Too much damage.*151 unsaved attacks of D6 damage into models of 2 wounds"):
        ninth.attack_outcome(ninth.Attack(3), 151, ninth.Weapon(4, damage="D6"), ninth.Target(4, wounds=2))


def test_the_damage_limit_counts_the_unsaved_attacks_that_can_happen():
    # A unit refused Overwatch fire has no unsaved attacks to follow, however many attacks it has.
    r = ninth.attack_outcome(ninth.Attack(3, overwatch=True), 1000, ninth.Weapon(4, damage="D6"),
                             ninth.Target(4, wounds=10), verdict=ninth.OverwatchVerdict(False, "No."))
    assert r.models_removed[0] == 1


def test_hits_takes_the_engines_exact_chances_whatever_their_denominator():
    p = F(7, 9) * F(1, 2) * F(3**20 - 1, 3**20) * F(5, 6**12)
    d = hits(40, p)
    assert d[1] == 40 * p * (1 - p) ** 39 and d.mean == 40 * p


# Issue 18: the words of a step match its number -------------------------------------------------

def test_armour_bane_states_the_engines_unsaved_chance():
    r = fantasy.shoot(fantasy.Shot(3), 10, fantasy.Weapon(4, armour_bane=3), fantasy.Target(4, armour=4))
    assert r.unsaved_chance == F(2, 3)
    text = r.topic("save")[-1].text
    assert text.startswith("Chance a wound goes unsaved: 2/3 (66.7%).") and "less" not in text
    assert "1/2 (50.0%)" in text and "more likely" in text


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 10), st.integers(1, 10), st.integers(-6, 0), st.sampled_from([None, 2, 4, 6]),
       st.sampled_from([None, 4, 6]), st.booleans(), st.integers(0, 6), st.integers(1, 6))
def test_every_fantasy_chance_step_states_the_engines_number(s, t, ap, armour, ward, poisoned, bane, bs):
    r = fantasy.shoot(fantasy.Shot(bs), 5, fantasy.Weapon(s, ap, poisoned=poisoned, armour_bane=bane),
                      fantasy.Target(t, armour, ward))
    assert r.topic("wound")[-1].text.startswith(f"Chance to wound per hit: {chance_text(r.wound_chance)}.")
    assert r.topic("save")[-1].text.startswith(f"Chance a wound goes unsaved: {chance_text(r.unsaved_chance)}.")


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.lists(st.integers(-3, 3), max_size=3),
       st.sampled_from(ninth.EDITIONS), st.sampled_from(ninth.REROLLS), st.sampled_from([None, 2, 4, 6]),
       st.sampled_from([None, 4]), st.booleans(), st.integers(-6, 0))
def test_every_ninth_step_states_the_engines_number_and_faces(s, t, mods, edition, reroll, save, inv, cover, ap):
    r = ninth.attack_outcome(ninth.Attack(3, edition=edition), 5,
                             ninth.Weapon(s, ap, wound_modifiers=tuple(mods), wound_reroll=reroll),
                             ninth.Target(t, save, inv, cover))
    assert r.topic("wound")[-1].text == f"Chance to wound per hit: {chance_text(r.wound_chance)}."
    assert r.topic("save")[-1].text == f"Chance an attack that wounds is not saved: {chance_text(r.unsaved_chance)}."
    score = ninth.wound_score(s, t)
    for step in r.topic("wound"):
        if step.kind == "modifier":  # the faces of the raw sum, in this edition (9th: a 6 always wounds)
            assert step.hitting_faces == ninth.hitting_faces(score, sum(mods), edition=edition)
        if step.kind == "roll":
            assert F(len(step.hitting_faces), 6) == ninth.wound_chance(s, t, sum(mods), edition=edition)


def test_9th_edition_s3_against_t7_at_minus_1_shows_the_unmodified_6_at_the_modifier_step():
    r = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(3, wound_modifiers=(-1,)), ninth.Target(7))
    faces = [s.hitting_faces for s in r.topic("wound") if s.kind in ("modifier", "roll")]
    assert faces == [(6,), (6,)]
    eighth = ninth.attack_outcome(ninth.Attack(3, edition=8), 1, ninth.Weapon(3, wound_modifiers=(-1,)),
                                  ninth.Target(7))
    assert [s.hitting_faces for s in eighth.topic("wound") if s.kind in ("modifier", "roll")] == [(), ()]


def test_light_cover_on_a_model_with_no_save_says_it_changes_nothing():
    r = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(4), ninth.Target(4, cover=True))
    assert r.unsaved_chance == 1
    assert any(s.kind == "skipped" and "changes nothing" in s.text for s in r.topic("save"))
    saved = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(4), ninth.Target(4, save=4, cover=True))
    assert not any("changes nothing" in s.text for s in saved.topic("save"))


def test_overwatch_modifiers_change_nothing_and_their_step_says_so():
    r = ninth.resolve(ninth.Attack(3, (-1, -1), overwatch=True))
    step = next(s for s in r.steps if "Hit modifiers" in s.text)
    assert step.hitting_faces == (6,) and step.kind == "skipped" and "capped" not in step.text
    assert not any(s.kind == "cap" for s in r.steps) and r.probability == F(1, 6)


# Issue 18: one D6 rule, the rules cited as docs/rules.md sections, the anchor as data -------------

def test_every_stage_rolls_by_the_one_d6_rule():
    for need in range(-8, 12):
        brute = tuple(face for face in D6 if face != 1 and face >= need)
        assert dice.d6_faces(need) == brute
        assert fantasy.armour_faces(need, 0) == brute and fantasy.wound_faces(min(max(need, 2), 6), 0) == dice.d6_faces(
            min(max(need, 2), 6))
        assert ninth.hitting_faces(need, 0, edition=8) == brute
        assert ninth.hitting_faces(need, 0, edition=9) == (brute or (6,))
    for score in range(2, 7):
        assert damage.roll_chance(score) == F(len(dice.d6_faces(score)), 6)
        assert ninth.save_faces(score)[0] == dice.d6_faces(score)


def test_no_rule_module_writes_the_d6_rule_again():
    """The X+ rule ("a natural 1 fails") lives in dice.d6_faces; the stages call it."""
    home = Path(dice.__file__).parent
    modules = [home / "damage.py", *(home / "fantasy").glob("*.py"), *(home / "ninth").glob("*.py")]
    assert len(modules) > 10
    for path in modules:
        source = path.read_text(encoding="utf-8")
        assert "range(2, 7)" not in source and not re.search(r"range\(max\([^)]*, 2\)", source), path.name
        assert "7 - max(" not in source, path.name


def all_kinds_of_steps():
    yield from fantasy.resolve(fantasy.Shot(6, within_4_inches=True)).steps  # needs 0: our reading
    yield from fantasy.shoot(fantasy.Shot(3), 1, fantasy.Weapon(4), fantasy.Target(4)).steps
    for edition in ninth.EDITIONS:
        yield from ninth.resolve(ninth.Attack(3, (-1, -1), edition=edition)).steps
        yield from ninth.attack_outcome(ninth.Attack(3, edition=edition), 1, ninth.Weapon(4, wound_modifiers=(-2,)),
                                        ninth.Target(4, 3, cover=True)).steps


def rules_headings() -> list[str]:
    docs = Path(dice.__file__).parents[1] / "docs" / "rules.md"
    return [line[3:] for line in docs.read_text(encoding="utf-8").splitlines() if line.startswith("## ")]


def test_steps_carry_the_rules_anchor_as_data_and_no_route():
    headings = {_steps.anchor(h): h for h in rules_headings()}
    anchored = [s for s in all_kinds_of_steps() if s.anchor]
    assert {s.anchor for s in anchored} == {"fantasy-roll-to-hit", "fantasy-after-the-hit",
                                            "8th-edition-variant-and-the-leman-russ",
                                            "9th-and-8th-edition-after-the-hit"}
    for step in all_kinds_of_steps():
        assert "](" not in step.text and "rules#" not in step.text and "RULES.md" not in step.text
        if step.anchor:
            assert _steps.reading(headings[step.anchor]) in step.text  # the section, named in words


def test_the_rule_modules_cite_docs_rules_md_not_rules_md():
    home = Path(dice.__file__).parent
    rule_sets = (*(home / "fantasy").glob("*.py"), *(home / "ninth").glob("*.py"))
    for path in (home / "damage.py", home / "dice.py", *rule_sets):
        assert "RULES.md" not in path.read_text(encoding="utf-8"), path.name


# Issue 18: a damage text is parsed once, at the edge ---------------------------------------------

def test_weapons_take_parsed_damage_and_parse_text_once(monkeypatch):
    d3 = dice.AttackDice(1, 3, 0)
    assert ninth.Weapon(4, damage=d3).damage is d3 and fantasy.Weapon(4, multiple_wounds=d3).multiple_wounds is d3
    assert ninth.Weapon(4, damage="d3").damage == d3 and fantasy.Weapon(4, multiple_wounds="D3").multiple_wounds == d3
    with pytest.raises(ValueError, match="parsed dice"):
        damage.Profile.of("D3", 2, 5)
    with pytest.raises(ValueError, match="Multiple Wounds"):
        fantasy.Weapon(4, multiple_wounds=dice.AttackDice(2, 6, 0))  # 12 is more than fantasy's 10

    from hitrules import situations, urlstate  # made before counting: their defaults are parsed once, at import

    parsed = []
    real = damage.parse_attacks
    monkeypatch.setattr(damage, "parse_attacks", lambda value: parsed.append(value) or real(value))
    values = urlstate.parse_query(urlstate.NINTH, {"chain": "1", "damage": "D3", "wounds": "2"}).values
    assert values["damage"] == d3
    assert urlstate.encode(urlstate.NINTH, values)["damage"] == "D3"  # the link keeps its text
    situations.answer(situations.ninth_situation(values))
    assert [p for p in parsed if isinstance(p, str)] == ["D3"]  # the link's text, once


def test_mixing_rolled_or_split_attacks_is_limited_by_its_work():
    weapon, target = fantasy.Weapon(4), fantasy.Target(4, models=100)
    fantasy.shoot(fantasy.Shot(3), "50D6+100", weapon, target)  # 301 × 101 = 30,401 steps: near the most
    fantasy.shoot_split([(fantasy.Shot(3), 174), (fantasy.Shot(4), 174)], weapon, target)
    fantasy.shoot(fantasy.Shot(3), 1000, weapon, target)  # a fixed number mixes nothing
    with pytest.raises(ValueError, match=r"Too many attacks to work out exactly after the hit: 50D6\+101"):
        fantasy.shoot(fantasy.Shot(3), "50D6+101", weapon, target)
    with pytest.raises(ValueError, match=r"175 \+ 175 would take 30,800 steps"):
        fantasy.shoot_split([(fantasy.Shot(3), 175), (fantasy.Shot(4), 175)], weapon, target)
    assert hits("50D6+101", F(1, 2)).mean == F(50 * 7 + 202, 4)  # the hit roll alone has no such limit


def test_with_a_per_point_roll_the_damage_step_does_not_promise_a_removal():
    fnp = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(4, damage="3"),
                               ninth.Target(4, feel_no_pain=5, wounds=2))
    texts = [s.text for s in fnp.topic("damage")]
    assert any("would remove a model of 2 wounds" in t for t in texts)
    kill = 1 - F(1, 3) ** 3 - 3 * F(2, 3) * F(1, 3) ** 2  # 2 or 3 of the 3 points get through Feel No Pain 5+
    assert texts[-1] == f"One unsaved attack removes an unharmed model with chance {chance_text(kill)}."
    plain = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(4, damage="3"), ninth.Target(4, wounds=2))
    assert any("each unsaved attack removes a model of 2 wounds" in s.text for s in plain.topic("damage"))
