"""The whole attack after the hit, stage by stage (RULES.md §4 and §5): one attack against every
die, whole attacks against icepool and a seeded simulation, properties, and bad input."""

from __future__ import annotations

import contextlib
import random
from collections import defaultdict
from dataclasses import replace
from fractions import Fraction as F
from math import sqrt

import icepool
import pytest
from after_hit_brute import (
    brute_fantasy_one,
    brute_ninth_one,
    casualties,
    fantasy_case,
    fantasy_score,
    icepool_dict,
    ninth_case,
    ninth_score,
    nonzero,
    passes,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.engine import icepool_casualties, icepool_count, icepool_thinned
from hitrules import dice, fantasy, ninth
from hitrules.dice import hits

# Brute force: every die of one attack -------------------------------------------------------------

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



def test_a_refused_overwatch_scores_nothing():
    verdict = ninth.OverwatchVerdict(False, "No.")
    r = ninth.attack_outcome(ninth.Attack(4, overwatch=True), 10, ninth.Weapon(4), ninth.Target(4), verdict=verdict)
    assert r.hits[0] == 1 and r.models_removed[0] == 1 and not r.hit.may_fire




# icepool builds the same chains independently -----------------------------------------------------

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




# A seeded simulation rolls every die --------------------------------------------------------------

def variance(d: dice.Distribution) -> F:
    return sum(k * k * p for k, p in d.items()) - d.mean**2



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




# Properties ---------------------------------------------------------------------------------------

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




# Errors: a ValueError that names the input --------------------------------------------------------

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


@pytest.mark.parametrize("models", [1, 3, 40])
def test_split_fire_into_a_unit_of_one_wound_models_tells_apart_only_its_models(models):
    """With no per-point roll, each unsaved shot removes one model: the counts past the unit's last
    model are worked out as one (998 shots into one model took 146 ms with every count told apart).
    The models removed are the unsaved shots of both groups added, read up to the unit's size."""
    target = fantasy.Target(3, armour=5, wounds=1, models=models)
    weapon = fantasy.Weapon(4, 0)
    groups = [(fantasy.Shot(3), 968), (fantasy.Shot(4, moved=True), 30)]
    result = fantasy.shoot_split(groups, weapon, target)
    unsaved = [fantasy.shoot(shot, n, weapon, target).unsaved for shot, n in groups]
    both = dice.total(unsaved)
    expected = [both[k] for k in range(models)] + [both.at_least(models)]
    assert [result.models_removed[k] for k in range(models + 1)] == expected
    assert result.models_removed.max_hits == models and sum(expected) == 1
