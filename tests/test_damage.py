"""The damage stage (hitrules.damage; RULES.md §5): Damage and Multiple Wounds into models of
several Wounds, Feel No Pain and Regeneration point by point, the models removed against every roll
allocated by hand, split fire, the limits on the work, and damage parsed once."""

from __future__ import annotations

from fractions import Fraction as F
from itertools import product
from math import comb

import pytest
from after_hit_brute import D6, brute_fantasy_one, brute_ninth_one, brute_unit, casualties, exactly, nonzero

from hitrules import damage, dice, fantasy, ninth
from hitrules.dice import hits
from hitrules.words import chance_text

# The worked examples of RULES.md §5 ---------------------------------------------------------------

def test_fantasy_multiple_wounds_d6_into_a_model_with_3_wounds_left():
    lost, removed = casualties(exactly(1), "5", wounds=3, models=2)
    assert removed[1] == 1 and lost[3] == 1  # a roll of 5 removes it; the other 2 are lost
    lost, removed = casualties(exactly(1), "D6", wounds=3, models=2)
    assert removed[1] == F(2, 3) and lost.max_hits == 3



def test_ninth_damage_3_into_models_of_2_wounds():
    lost, removed = casualties(exactly(3), "3", wounds=2, models=5)
    assert removed[3] == 1 and lost[6] == 1  # each attack removes one model; the third point is lost



def test_regeneration_after_an_unsaved_wound_still_counts_as_unsaved():
    r = fantasy.shoot(fantasy.Shot(3, automatic=True), 1, fantasy.Weapon(10), fantasy.Target(1, regeneration=2))
    assert r.unsaved[1] == F(5, 6) and r.wounds_lost[1] == F(5, 6) * F(1, 6)



def test_feel_no_pain_is_rolled_per_point_before_the_excess_is_lost():
    # Damage 3 into 1 wound with FNP 5+: the model survives only if all three points are stopped.
    _, removed = casualties(exactly(1), "3", wounds=1, models=1, feel_no_pain=5)
    assert removed[1] == 1 - F(1, 3) ** 3
    capped, _ = casualties(exactly(1), "1", wounds=1, models=1, feel_no_pain=5)
    assert capped[1] == F(2, 3)  # capping the damage first would give this, which is wrong




# Brute force: 1 to 3 attacks into multi-wound models, one model at a time -------------------------

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




# The shortcut and split fire ----------------------------------------------------------------------

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




# Issue 18: a limit guards the work really done ----------------------------------------------------

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




# Issue 18: a damage text is parsed once, at the edge; the damage step's words ---------------------

def test_weapons_take_parsed_damage_and_parse_text_once(monkeypatch):
    d3 = dice.AttackDice(1, 3, 0)
    assert ninth.Weapon(4, damage=d3).damage is d3 and fantasy.Weapon(4, multiple_wounds=d3).multiple_wounds is d3
    assert ninth.Weapon(4, damage="d3").damage == d3 and fantasy.Weapon(4, multiple_wounds="D3").multiple_wounds == d3
    with pytest.raises(ValueError, match="parsed dice"):
        damage.Profile.of("D3", 2, 5)
    with pytest.raises(ValueError, match="Multiple Wounds"):
        fantasy.Weapon(4, multiple_wounds=dice.AttackDice(2, 6, 0))  # 12 is more than fantasy's 10

    from hitrules import situations  # made before counting: their defaults are parsed once, at import
    from hitrules.edge import urlstate

    parsed = []
    real = damage.parse_attacks
    monkeypatch.setattr(damage, "parse_attacks", lambda value: parsed.append(value) or real(value))
    values = urlstate.parse_query(urlstate.NINTH, {"chain": "1", "damage": "D3", "wounds": "2"}).values
    assert values["damage"] == d3
    assert urlstate.encode(urlstate.NINTH, values)["damage"] == "D3"  # the link keeps its text
    situations.answer(situations.ninth_situation(values))
    assert [p for p in parsed if isinstance(p, str)] == ["D3"]  # the link's text, once



def test_with_a_per_point_roll_the_damage_step_does_not_promise_a_removal():
    fnp = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(4, damage="3"),
                               ninth.Target(4, feel_no_pain=5, wounds=2))
    texts = [s.text for s in fnp.topic("damage")]
    assert any("would remove a model of 2 wounds" in t for t in texts)
    kill = 1 - F(1, 3) ** 3 - 3 * F(2, 3) * F(1, 3) ** 2  # 2 or 3 of the 3 points get through Feel No Pain 5+
    assert texts[-1] == f"One unsaved attack removes an unharmed model with chance {chance_text(kill)}."
    plain = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(4, damage="3"), ninth.Target(4, wounds=2))
    assert any("each unsaved attack removes a model of 2 wounds" in s.text for s in plain.topic("damage"))


def test_a_step_of_a_round_moved_along_by_whole_models_is_the_step_worked_out():
    """Volley.kernel serves a state from the same Wound of the first model, moved along by the models between,
    when no attack can reach the unit's last Wound: each is the same as the states worked out from it, for Killing
    Blows, Multiple Wounds, Regeneration, dice and a number of attacks known per state."""
    import random

    from hitrules.fantasy.melee import Blow, Fighters
    from hitrules.fantasy.round import _volley, _Work

    rng = random.Random(3)
    moved = 0
    for _ in range(40):
        wounds, models = rng.randint(1, 4), rng.randint(2, 7)
        target = fantasy.Target(rng.randint(2, 5), armour=rng.choice([None, 5]), regeneration=rng.choice([None, 5]),
                                wounds=wounds, models=models, troop=rng.choice(["monster", "regular_infantry"]))
        weapons = [fantasy.Weapon(rng.randint(3, 6), killing_blow=rng.random() < 0.5,
                                  multiple_wounds=rng.choice([1, 2, "D3"])) for _ in range(3)]
        fighters = [Fighters(rng.choice(["D3", 1]), 4, w, 3) for w in weapons[:rng.randint(0, 2)]]
        most = rng.randint(1, 5)
        rank_and_file = Fighters(1, 3, weapons[2], 3)
        volley = _volley(damage.UnitDamage(wounds, models, target.regeneration, _Work()),
                         [(Blow.of(f, target, 3, False), f.attacks) for f in fighters]
                         + [(Blow.of(rank_and_file, target, 3, False), most)])
        for lost in range(wounds * models):
            for count in range(most + 1):
                counts = (None,) * len(fighters) + (count,)
                assert volley.kernel(lost, counts) == volley.worked_out(lost, counts), (lost, counts, target)
                moved += volley._moved(lost, counts) is not None
    assert moved > 500  # the shortcut is taken, and checked


def _one_attack_rolled(damage_text: str, per_point: int | None, left: int) -> dict:
    """One unsaved attack into a model with ``left`` Wounds, every die rolled: the chance of each (Wounds lost,
    Wounds recovered). Each point is rolled until the model has lost its last Wound; a point the roll stops is
    recovered, one beyond the last Wound is neither lost nor recovered."""
    out: dict = {}
    for x, p in _damage_faces(damage_text):
        for rolls in (product(D6, repeat=x) if per_point else [()]):
            lost = recovered = 0
            for point in range(x):
                if lost == left:
                    break
                saved = per_point is not None and rolls[point] >= per_point
                lost, recovered = lost + (not saved), recovered + saved
            key = (lost, recovered)
            out[key] = out.get(key, 0) + p / (6 ** x if per_point else 1)
    return out


def _damage_faces(damage_text: str):
    """Each roll of the damage dice and its chance."""
    parsed = dice.parse_attacks(damage_text)
    faces = product(range(1, parsed.sides + 1), repeat=parsed.count) if parsed.count else [()]
    counts: dict = {}
    for roll in faces:
        counts[sum(roll) + parsed.bonus] = counts.get(sum(roll) + parsed.bonus, 0) + 1
    return [(x, F(n, sum(counts.values()))) for x, n in counts.items()]


@pytest.mark.parametrize(("damage_text", "per_point", "wounds"), [
    ("1", None, 1), ("2", None, 3), ("D3", None, 2), ("D6", None, 4), ("D3+1", 5, 3), ("2", 4, 2), ("D3", 2, 3),
    ("3", 6, 2), ("2D3", 5, 4), ("D6", 4, 1)])
def test_one_step_of_both_state_machines_matches_every_die_rolled(damage_text, per_point, wounds):
    """damage._moves, the step both shooting's and the round's state machines take: from each damage c on the
    model, each loss short of a removal and the removal, with the Wounds recovered told apart, is what rolling
    the damage and every per-point die gives; told apart or not, the same chances."""
    losses, removals, den = damage._moves(damage.parse_damage(damage_text), per_point, wounds, True)
    merged_losses, merged_removals, merged_den = damage._moves(damage.parse_damage(damage_text), per_point, wounds,
                                                                False)
    for c in range(wounds):
        left = wounds - c
        table = {(lost, d): F(w, den) for lost, ways in enumerate(losses[:left]) for d, w in enumerate(ways) if w}
        table |= {(left, d): F(w, den) for d, w in enumerate(removals[c]) if w}
        assert table == _one_attack_rolled(damage_text, per_point, left)
        assert F(sum(removals[c]), den) == F(merged_removals[c][0], merged_den)
    assert [F(sum(ways), den) for ways in losses] == [F(ways[0], merged_den) for ways in merged_losses]
