"""Exact hit distributions, checked against icepool, brute force and a seeded simulation."""

import random
from fractions import Fraction
from itertools import product
from math import sqrt

import icepool
import pytest

from hitrules import dice
from hitrules.dice import Distribution, hits, parse_attacks, total

CHANCES = [Fraction(0), Fraction(1, 36), Fraction(1, 12), Fraction(1, 6), Fraction(1, 3),
           Fraction(1, 2), Fraction(8, 9), Fraction(7, 36), Fraction(1)]
ATTACKS = ["1", "7", "10", "D3", "D6", "2D6", "D6+1", "2D3+2", "3D6", "40"]


def variance(d: Distribution) -> Fraction:
    return sum(k * k * p for k, p in d.items()) - d.mean**2


def icepool_hits(attacks: str, p: Fraction) -> dict[int, Fraction]:
    """The same distribution built by icepool: roll the attacks, then that many Bernoulli dice."""
    hit = icepool.Die({1: p.numerator, 0: p.denominator - p.numerator}) if 0 < p < 1 else (
        icepool.Die([1 if p == 1 else 0]))
    d = parse_attacks(attacks)
    count = icepool.Die([d.bonus]) if not d.count else d.count @ icepool.Die(range(1, d.sides + 1)) + d.bonus
    result = count.map(lambda n: n @ hit if n else icepool.Die([0]))
    return {k: result.probability(k) for k in result.outcomes()}


@pytest.mark.parametrize("p", CHANCES)
@pytest.mark.parametrize("attacks", ATTACKS)
def test_matches_icepool(attacks, p):
    ours = hits(attacks, p)
    theirs = icepool_hits(attacks, p)
    assert {k: v for k, v in ours.items() if v} == {k: v for k, v in theirs.items() if v}
    assert sum(v for _, v in ours.items()) == 1


@pytest.mark.parametrize("attacks", ["D3", "D6+1", "2D3"])
def test_matches_brute_force_over_every_die(attacks):
    """Enumerate the attack dice and every hit die (a D6 with 4+ to hit) face by face."""
    d = parse_attacks(attacks)
    counts: dict[int, int] = {}
    ways = 0
    for rolled in product(range(1, d.sides + 1), repeat=d.count):
        n = sum(rolled) + d.bonus
        for faces in product(range(1, 7), repeat=n):
            k = sum(f >= 4 for f in faces)
            weight = 6 ** (d.maximum - n)  # pad to a common number of hit dice
            counts[k] = counts.get(k, 0) + weight
        ways += 6 ** d.maximum
    brute = {k: Fraction(c, ways) for k, c in counts.items()}
    assert {k: v for k, v in hits(attacks, Fraction(1, 2)).items() if v} == brute


def test_seeded_monte_carlo_agrees_within_its_error():
    p = Fraction(1, 3)
    exact = hits("2D6", p)
    rng = random.Random(20261129)
    trials = 20_000
    seen = [0] * (exact.max_hits + 1)
    for _ in range(trials):
        n = rng.randint(1, 6) + rng.randint(1, 6)
        seen[sum(rng.randint(1, 6) >= 5 for _ in range(n))] += 1
    for k, pk in exact.items():
        sd = sqrt(float(pk * (1 - pk)) / trials)
        assert abs(seen[k] / trials - float(pk)) <= 5 * sd + 1e-9, k
    mean = sum(k * c for k, c in enumerate(seen)) / trials
    assert abs(mean - float(exact.mean)) < 5 * sqrt(float(variance(exact)) / trials)


def test_indexing_mean_and_at_least():
    d = hits(3, Fraction(1, 2))
    eighths = [0, 1, 3, 3, 1, 0]
    assert [d[k] for k in range(-1, 5)] == [Fraction(n, 8) for n in eighths]
    assert d.at_least(2) == Fraction(1, 2) and d.at_least(0) == 1 and d.at_least(9) == 0
    assert d.mean == Fraction(3, 2)
    assert d.at_least_curve() == tuple(d.at_least(k) for k in range(4))
    assert d.at_least_weights() == ((8, 7, 4, 1), 8)
    assert d.percentile(1) == Fraction(1, 2)


def test_mean_is_attacks_times_chance():
    assert hits("D6+1", Fraction(1, 3)).mean == Fraction(9, 2) * Fraction(1, 3)
    assert hits("2D3+2", Fraction(2, 3)).mean == 6 * Fraction(2, 3)


def test_sum_of_groups_is_the_convolution():
    a, b = hits(2, Fraction(1, 2)), hits(1, Fraction(1, 3))
    s = a + b
    for k in range(4):
        assert s[k] == sum(a[i] * b[k - i] for i in range(k + 1))
    assert total([a, b]) == s
    assert total([]).items() == ((0, Fraction(1)),)


def test_large_sum_uses_the_same_answer_as_schoolbook():
    a, b = hits(40, Fraction(1, 3)), hits("5D6", Fraction(1, 12))
    s = a + b
    for k in (0, 1, 17, 40, 70):
        assert s[k] == sum(a[i] * b[k - i] for i in range(k + 1))
    assert s.mean == a.mean + b.mean


def test_sum_against_icepool():
    ours = hits(10, Fraction(1, 6)) + hits("D6", Fraction(1, 2))
    h6 = icepool.Die({1: 1, 0: 5})
    h2 = icepool.Die({1: 1, 0: 1})
    theirs = 10 @ h6 + icepool.d6.map(lambda n: n @ h2)
    assert all(ours[k] == theirs.probability(k) for k in range(17))


def test_automatic_hits_copy_the_attacks():
    d = hits("D3", 1)
    assert d.items() == ((0, 0), (1, Fraction(1, 3)), (2, Fraction(1, 3)), (3, Fraction(1, 3)))


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("7", (0, 6, 7)), ("D3", (1, 3, 0)), ("d6", (1, 6, 0)), ("2D6", (2, 6, 0)),
     ("D6+1", (1, 6, 1)), (" 2d3 + 2 ", (2, 3, 2)), (0, (0, 6, 0)), (12, (0, 6, 12))],
)
def test_parse_attacks(text, parsed):
    d = parse_attacks(text)
    assert (d.count, d.sides, d.bonus) == parsed


@pytest.mark.parametrize(
    ("text", "message"),
    [("banana", "not a number of attacks"), ("-3", "not a number of attacks"),
     ("D0", "D3 or a D6"), ("2D", "not a number of attacks"), ("D6+", "not a number of attacks"),
     ("", "Enter a number of attacks"), ("0D6", "at least one"), ("1001", "too many attacks"),
     ("51D6", "too many dice"), (-3, "cannot be negative"), (True, "number or dice"),
     (2.5, "number or dice"), ("9" * 40, "too many attacks"), ("D6+999", "too many attacks")],
)
def test_bad_attacks_are_clear_value_errors(text, message):
    with pytest.raises(ValueError, match=message):
        hits(text, Fraction(1, 2))


@pytest.mark.parametrize("p", [Fraction(-1, 2), Fraction(3, 2), 2, -0.1, "x", None, float("nan")])
def test_bad_chances_are_value_errors(p):
    with pytest.raises(ValueError, match="chance to hit"):
        hits(3, p)


def test_float_chance_reads_as_its_decimal():
    assert hits(1, 0.25)[1] == Fraction(1, 4)


def test_sum_over_the_limit_is_refused():
    with pytest.raises(ValueError, match="Too many attacks in total"):
        hits(600, Fraction(1, 2)) + hits(600, Fraction(1, 2))


def test_distributions_are_immutable():
    d = hits(2, Fraction(1, 2))
    with pytest.raises(AttributeError):
        d._num = (1,)  # type: ignore[misc]
    with pytest.raises(TypeError):
        d[0] = 1  # type: ignore[index]


def test_limits_are_documented():
    assert dice.MAX_ATTACKS == 1000 and dice.MAX_DICE == 50


@pytest.mark.parametrize("attacks", ["0", "1", "5", "D3", "2D6+3", "D6+20", "4D3+7", "50", "3D6+40"])
@pytest.mark.parametrize("most", [0, 1, 3, 10, 60])
def test_hits_up_to_most_folds_the_rest_into_at_least(attacks, most):
    for p in CHANCES:
        full, folded = hits(attacks, p), hits(attacks, p, most)
        assert [folded[k] for k in range(most + 1)] == [full[k] for k in range(most)] + [full.at_least(most)]
        assert folded.weights[1] == full.weights[1] and folded.max_hits <= most


@pytest.mark.parametrize("attacks", ["2D6+30", "20D6+200", "19D3+400"])
def test_rolled_dice_with_a_long_fixed_part_match_the_schoolbook_product(attacks):
    """The fixed part's binomial is multiplied in by its small parts, then scaled (dice._times_binomial)."""
    d = parse_attacks(attacks)
    for p in (Fraction(1, 2), Fraction(7, 36), Fraction(3**30 % 2**70 | 1, 2**70)):
        b = p.denominator
        counts = hits(f"{d.count}D{d.sides}", p)
        fixed = hits(d.bonus, p)
        assert hits(attacks, p) == counts + fixed  # the dice and the fixed attacks are independent
        assert hits(attacks, p).weights[1] == counts.weights[1] * b**d.bonus


@pytest.mark.parametrize("attacks", ["D6+1", "2D6+30", "5D6+10", "17D3+333", "19D3+400"])
@pytest.mark.parametrize("most", [1, 29, 73, 500])
def test_rolled_dice_with_a_long_fixed_part_told_apart_up_to_most(attacks, most):
    """Folded at ``most``, the fixed part's common factor is taken out before the product
    (dice._folded_dice_after_fixed): the same numbers as the whole distribution, folded."""
    for p in (Fraction(1, 2), Fraction(25, 1296), Fraction(25, 36) * (1 - Fraction(5, 6) ** 28)):
        full, folded = hits(attacks, p), hits(attacks, p, most)
        assert [folded[k] for k in range(most + 1)] == [full[k] for k in range(most)] + [full.at_least(most)]


def test_a_chance_with_a_long_denominator_is_exact():
    p = Fraction(5, 6**40)
    d = hits(1000, p)
    assert d[0] == (1 - p) ** 1000 and d[1] == 1000 * p * (1 - p) ** 999


def test_hits_takes_the_engines_exact_chances_whatever_their_denominator():
    p = Fraction(7, 9) * Fraction(1, 2) * Fraction(3**20 - 1, 3**20) * Fraction(5, 6**12)
    d = hits(40, p)
    assert d[1] == 40 * p * (1 - p) ** 39 and d.mean == 40 * p
