"""What the after-the-hit tests check the engine against (RULES.md §4 and §5): every die of one
attack rolled by hand, one model at a time, and hypothesis strategies of whole attacks. Shared by
test_wound_and_save, test_damage, test_chain and test_unit; it holds no test."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction as F
from functools import cache
from itertools import product

import icepool
from hypothesis import strategies as st

from hitrules import damage, dice, fantasy, ninth
from hitrules.dice import hits

# The engine's own path, and every die by hand -----------------------------------------------------

D6 = range(1, 7)



def casualties(unsaved, damage_text, wounds, models, feel_no_pain=None, name="Damage", most=30):
    """Wounds lost and models removed through the engine's own path: the damage parsed once, then its Profile."""
    dice_ = damage.parse_damage(damage_text, name, most)
    return damage.Profile.of(dice_, wounds, models, feel_no_pain, name, most).casualties(unsaved)



def exactly(k: int) -> dice.Distribution:
    return hits(k, 1)



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




# icepool's answer as a dict -----------------------------------------------------------------------

def icepool_dict(die: icepool.Die) -> dict[int, F]:
    return {k: die.probability(k) for k in die.outcomes() if die.probability(k)}




# Hypothesis: whole attacks of both rule sets ------------------------------------------------------

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
