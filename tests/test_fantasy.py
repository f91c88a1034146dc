"""The fantasy Roll to Hit: RULES.md §1, its worked examples, and brute force over the dice."""

from fractions import Fraction
from itertools import product

import pytest

from hitrules import fantasy
from hitrules.fantasy import Shot, hit_chance, required_score, resolve

# The 7+ chart as the rules text gives it: score needed -> what the second D6 needs.
SECOND_ROLL = {7: 4, 8: 5, 9: 6}


def brute_force(ballistic_skill: int, modifier: int) -> Fraction:
    """Roll every pair of D6 faces and count the hits, straight from the rules text."""
    needed = 7 - ballistic_skill - modifier
    hits = 0
    for first, second in product(range(1, 7), repeat=2):
        if first == 1:
            continue  # a natural 1 always misses
        if needed <= 6:
            hits += first >= needed
        elif needed in SECOND_ROLL:
            hits += first == 6 and second >= SECOND_ROLL[needed]
    return Fraction(hits, 36)


@pytest.mark.parametrize("bs", range(1, 11))
@pytest.mark.parametrize("modifier", range(-10, 5))
def test_matches_brute_force(bs, modifier):
    assert hit_chance(bs, modifier) == brute_force(bs, modifier)


@pytest.mark.parametrize(
    ("score", "chance"),
    [(-3, Fraction(5, 6)), (1, Fraction(5, 6)), (2, Fraction(5, 6)), (3, Fraction(2, 3)),
     (4, Fraction(1, 2)), (5, Fraction(1, 3)), (6, Fraction(1, 6)), (7, Fraction(1, 12)),
     (8, Fraction(1, 18)), (9, Fraction(1, 36)), (10, Fraction(0)), (14, Fraction(0))],
)
def test_chart(score, chance):
    # BS 1 with modifier 6 - score gives every score needed.
    assert required_score(1, 6 - score) == score
    assert hit_chance(1, 6 - score) == chance


def test_required_score_is_seven_minus_bs_minus_modifier():
    assert required_score(3, 0) == 4
    assert required_score(3, -2) == 6
    assert required_score(10, 0) == -3


# RULES.md §1 worked examples (BS 3, base 4+).
def test_example_moved_soft_cover():
    r = resolve(Shot(3, moved=True, cover="soft"))
    assert (r.modifier, r.required, r.roll, r.probability) == (-2, 6, "6+", Fraction(1, 6))


def test_example_moved_hard_cover_stand_and_shoot():
    r = resolve(Shot(3, moved=True, cover="hard", stand_and_shoot=True))
    assert (r.modifier, r.required, r.roll, r.probability) == (-4, 8, "a 6, then 5+", Fraction(1, 18))


def test_example_within_4_inches():
    r = resolve(Shot(3, within_4_inches=True))
    assert (r.modifier, r.required, r.roll, r.probability) == (1, 3, "3+", Fraction(2, 3))


def test_example_bs5_within_4_inches_natural_one_misses():
    r = resolve(Shot(5, within_4_inches=True))
    assert (r.required, r.roll, r.probability) == (1, "2+", Fraction(5, 6))
    assert any("natural 1 always misses" in s.text and "docs/rules.md" in s.text for s in r.steps)


@pytest.mark.parametrize(
    ("field", "value", "modifier"),
    [("moved", True, -1), ("within_4_inches", True, 1), ("stand_and_shoot", True, -1),
     ("cover", "soft", -1), ("cover", "hard", -2), ("cover", "unit", -2)],
)
def test_each_modifier(field, value, modifier):
    assert resolve(Shot(3, **{field: value})).modifier == modifier


@pytest.mark.parametrize("rule", fantasy.SPECIAL_RULES)
def test_each_special_rule_is_minus_one(rule):
    assert resolve(Shot(3, special_rules=(rule,))).modifier == -1


def test_special_rules_are_cumulative():
    r = resolve(Shot(4, special_rules=list(fantasy.SPECIAL_RULES)))
    assert r.modifier == -4
    assert r.required == 7 and r.probability == Fraction(1, 12)


@pytest.mark.parametrize(("us", "modifier"), [(1, -1), (2, -1), (3, 0), (10, 0)])
def test_lone_model_unit_strength(us, modifier):
    r = resolve(Shot(3, target_is_lone_model=True, target_unit_strength=us))
    assert r.modifier == modifier
    if modifier == 0:
        assert any(s.kind == "skipped" and "more than 2" in s.text for s in r.steps)


def test_unit_strength_without_lone_model_does_nothing():
    assert resolve(Shot(3, target_unit_strength=1)).modifier == 0


# RULES.md §1, cover and LoS values: 2 * blocker >= max(shooter, target).
@pytest.mark.parametrize(
    ("shooter", "blocker", "target", "counts"),
    [(1, 1, 2, True), (1, 1, 3, False), (3, 1, 2, False), (1, 1, 1, True), (4, 2, 4, True),
     (5, 2, 1, False), (10, 5, 10, True)],
)
def test_cover_needs_half_as_high(shooter, blocker, target, counts):
    assert fantasy.cover_check(shooter, blocker, target).counts is counts
    r = resolve(Shot(3, cover="hard", shooter_los=shooter, blocker_los=blocker, target_los=target))
    assert r.modifier == (-2 if counts else 0)


def test_tall_shooter_sees_over_hedge_and_says_so():
    r = resolve(Shot(3, cover="soft", shooter_los=3, blocker_los=1, target_los=2))
    assert r.modifier == 0
    skipped = [s.text for s in r.steps if s.kind == "skipped"]
    assert len(skipped) == 1
    assert "gives no cover: the LoS 3 shooter sees over a LoS 1 obstacle" in skipped[0]


def test_tall_target_is_not_hidden_and_says_so():
    r = resolve(Shot(3, cover="soft", blocker_los=1, target_los=3))
    assert "LoS 3 target is more than twice as tall" in " ".join(map(str, r.steps))


def test_ten_plus_is_impossible():
    r = resolve(Shot(1, moved=True, cover="hard", stand_and_shoot=True))
    assert r.required == 10 and r.roll == "impossible" and r.probability == 0


def test_automatic_hits_skip_the_roll():
    r = resolve(Shot(1, moved=True, cover="hard", automatic=True))
    assert r.probability == 1 and r.roll == "automatic" and r.required is None


def test_steps_are_in_order_and_agree_with_the_number():
    r = resolve(Shot(3, moved=True, within_4_inches=True, cover="soft", special_rules=("sniper",)))
    kinds = [s.kind for s in r.steps]
    assert kinds[0] == "base" and kinds[-2:] == ["roll", "chance"]
    assert sum(s.delta for s in r.steps) == r.modifier == -2
    assert str(r.probability) in r.steps[-1].text
    # Each applied step shows the faces that would hit at that point.
    assert r.steps[0].hitting_faces == (4, 5, 6)
    assert r.steps[-2].hitting_faces == fantasy.roll_faces(r.required)[0]


def test_special_rules_order_and_duplicates_do_not_matter():
    a = Shot(3, special_rules=("sniper", "volley_fire"))
    b = Shot(3, special_rules=["volley_fire", "sniper", "sniper"])
    assert a == b and hash(a) == hash(b)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"ballistic_skill": 0}, r"BS must be between 1 and 10 \(got 0\)"),
     ({"ballistic_skill": 11}, "between 1 and 10"),
     ({"ballistic_skill": "3"}, "whole number"),
     ({"ballistic_skill": 3, "cover": "lava"}, "Unknown cover 'lava'"),
     ({"ballistic_skill": 3, "shooter_los": 0}, "LoS value must be between 1 and 10"),
     ({"ballistic_skill": 3, "target_los": 11}, "LoS value"),
     ({"ballistic_skill": 3, "special_rules": ("flaming",)}, "Unknown special rule 'flaming'"),
     ({"ballistic_skill": 3, "special_rules": "sniper"}, "list of rule names"),
     ({"ballistic_skill": 3, "moved": "yes"}, "True or False"),
     ({"ballistic_skill": 3, "target_unit_strength": 0}, "Unit Strength")],
)
def test_bad_input_is_a_clear_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Shot(**kwargs)


def test_shots_are_immutable():
    with pytest.raises(AttributeError):
        Shot(3).moved = True  # type: ignore[misc]
