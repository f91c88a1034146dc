"""Property tests: chances are chances, more skill never hurts, and bad input is a ValueError."""

import contextlib
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from hitrules import dice, fantasy, ninth

bs = st.integers(1, 10)
skill = st.integers(2, 6)
modifier = st.integers(-12, 6)
reroll = st.sampled_from(ninth.REROLLS)
edition = st.sampled_from(ninth.EDITIONS)
chance = st.fractions(min_value=0, max_value=1, max_denominator=72)
attacks = st.one_of(
    st.integers(0, 60).map(str),
    st.builds(lambda n, s, b: f"{n}D{s}+{b}", st.integers(1, 4), st.sampled_from([3, 6]), st.integers(0, 3)),
)


@given(bs, modifier)
def test_fantasy_chance_is_a_chance_and_monotone(b, m):
    p = fantasy.hit_chance(b, m)
    assert 0 <= p <= Fraction(5, 6)
    if b < 10:
        assert fantasy.hit_chance(b + 1, m) >= p
    assert fantasy.hit_chance(b, m + 1) >= p


@given(skill, modifier, reroll, st.booleans(), edition)
def test_ninth_chance_is_a_chance_and_monotone(s, m, r, ow, ed):
    p = ninth.hit_chance(s, m, r, ow, edition=ed)
    assert 0 <= p <= 1
    if s > 2:
        assert ninth.hit_chance(s - 1, m, r, ow, edition=ed) >= p  # a better (lower) X+
    assert ninth.hit_chance(s, m + 1, r, ow, edition=ed) >= p
    assert ninth.hit_chance(s, m, "failed", ow, edition=ed) >= ninth.hit_chance(s, m, "ones", ow, edition=ed)
    assert ninth.hit_chance(s, m, "ones", ow, edition=ed) >= ninth.hit_chance(s, m, "none", ow, edition=ed)


@given(skill, st.integers(-50, 50), reroll, st.booleans())
def test_ninth_cap_holds(s, m, r, ow):
    capped = max(-1, min(1, m))
    assert ninth.hit_chance(s, m, r, ow) == ninth.hit_chance(s, capped, r, ow)
    assert 0 < ninth.hit_chance(s, m) < 1  # a 6 always hits, a 1 always fails


@given(attacks, chance)
@settings(max_examples=60)
def test_distribution_sums_to_one_with_the_right_mean(a, p):
    d = dice.hits(a, p)
    assert sum(v for _, v in d.items()) == 1
    assert all(v >= 0 for _, v in d.items())
    n = dice.parse_attacks(a)
    expected_attacks = Fraction(n.count * (n.sides + 1), 2) + n.bonus
    assert d.mean == expected_attacks * p


@given(attacks, chance, attacks, chance)
@settings(max_examples=30)
def test_sum_of_distributions_sums_to_one(a, p, b, q):
    s = dice.hits(a, p) + dice.hits(b, q)
    assert sum(v for _, v in s.items()) == 1
    assert s.mean == dice.hits(a, p).mean + dice.hits(b, q).mean


anything = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                     st.text(max_size=30), st.lists(st.text(max_size=5), max_size=3))


def only_value_errors(call, *args, **kwargs):
    with contextlib.suppress(ValueError):
        call(*args, **kwargs)


@given(anything, anything)
def test_fantasy_bad_input_only_raises_value_error(a, b):
    only_value_errors(fantasy.hit_chance, a, b)
    only_value_errors(fantasy.Shot, a, cover=b)
    only_value_errors(fantasy.Shot, 3, special_rules=a, shooter_los=b)


@given(anything, anything, anything, anything)
def test_ninth_bad_input_only_raises_value_error(a, b, c, d):
    only_value_errors(ninth.hit_chance, a, b, c, edition=d)
    only_value_errors(ninth.Attack, a, b, reroll=c, edition=d)
    only_value_errors(ninth.overwatch_allowed, overwatch_set=a, trigger=b, enemy_in_engagement_range=c,
                      target_ended_charge_in_engagement_range=d, blast=False)


@given(anything, anything)
def test_dice_bad_input_only_raises_value_error(a, b):
    only_value_errors(dice.hits, a, b)
    only_value_errors(dice.parse_attacks, a)
