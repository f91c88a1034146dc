"""compare (grids, rule-set diff, which helps, shots needed), quiz, and the seeded dice."""

import random
from fractions import Fraction
from math import sqrt

import pytest

from hitrules import compare, dice, fantasy, ninth, quiz


@pytest.mark.parametrize("ruleset", compare.RULESETS)
def test_grid_is_the_engine(ruleset):
    skills, mods, rows = compare.grid(ruleset)
    for s, row in zip(skills, rows, strict=True):
        for m, p in zip(mods, row, strict=True):
            if ruleset == "fantasy":
                assert p == fantasy.hit_chance(s, m)
            else:
                assert p == ninth.hit_chance(s, m, edition=9 if ruleset == "ninth" else 8)


def test_diff_cell_examples():
    cell = compare.diff_cell(6, -1)  # fantasy BS 1 -1: needs 7; 8th: impossible; 9th: the 6
    assert (cell.fantasy, cell.eighth, cell.ninth) == (Fraction(1, 12), 0, Fraction(1, 6))
    assert any("7+ chart" in r for r in cell.reasons) and any("unmodified 6" in r for r in cell.reasons)
    assert compare.diff_cell(4, 0).agree and compare.diff_cell(4, 0).reasons == ()
    capped = compare.diff_cell(4, 2)
    assert (capped.fantasy, capped.ninth) == (Fraction(5, 6), Fraction(2, 3))
    assert capped.reasons == ("9th caps +2 at +1, so it needs 3+ on the die.",)


@pytest.mark.parametrize(("skill", "best"), [(2, "re-roll 1s = re-roll failed hits"), (3, "re-roll failed hits"),
                                             (6, "+1 to hit")])
def test_which_helps(skill, best):
    assert compare.which_helps(skill).best == best


@pytest.mark.parametrize(("p", "hits", "confidence"),
                         [(Fraction(1, 2), 1, Fraction(3, 4)), (Fraction(1, 36), 2, Fraction(1, 2)),
                          (Fraction(5, 6), 10, Fraction(99, 100)), (Fraction(1, 12), 1, Fraction(9, 10))])
def test_shots_needed_is_the_smallest(p, hits, confidence):
    n = compare.shots_needed(p, hits, confidence)
    assert dice.hits(n, p).at_least(hits) >= confidence
    assert dice.hits(n - 1, p).at_least(hits) < confidence


def _shots_needed_from_whole_distributions(p, hits, confidence, most):
    """The first version: a binary search over the whole distribution of n shots."""
    def enough(n):
        return dice.hits(n, p).at_least(hits) >= confidence

    if p == 0 or not enough(most):
        return None
    low, high = hits, most
    while low < high:
        mid = (low + high) // 2
        low, high = (low, mid) if enough(mid) else (mid + 1, high)
    return low


def test_shots_needed_is_unchanged_by_the_faster_search():
    """Every chance Explore can show, a spread of hits and confidences (up to 150 shots), and the
    slow cold case: the same answers as from whole distributions."""
    chances = sorted({compare.chance(r, s, m) for r in compare.RULESETS for s in compare.grid_axes(r)[0]
                      for m in range(*compare.MODIFIER_RANGE)})
    for p in chances:
        for hits in (1, 7, 40):
            for confidence in (Fraction(1, 100), Fraction(4, 5), Fraction(99, 100)):
                assert compare.shots_needed(p, hits, confidence, 150) == _shots_needed_from_whole_distributions(
                    p, hits, confidence, 150), (p, hits, confidence)
    assert compare.shots_needed(Fraction(1, 9), 100, Fraction(4, 5)) == 970
    assert compare.shots_needed(Fraction(1, 6), 100, Fraction(99, 100)) == 735


def test_shots_needed_impossible():
    assert compare.shots_needed(Fraction(0), 1, Fraction(1, 2)) is None
    assert compare.shots_needed(Fraction(1, 36), 100, Fraction(99, 100)) is None


def test_stack_result_uses_hard_over_soft():
    assert compare.stack_result(3, ("soft", "hard")).modifier == -2
    assert [s.delta for s in compare.stack_steps(3, ("moved", "hard", "stand"))] == [0, -1, -1, -2]


@pytest.mark.parametrize("number", range(1, 21))
def test_quiz_questions_are_answerable_and_reproducible(number):
    q = quiz.question(11, number)
    assert q == quiz.question(11, number)
    assert q.correct_roll in q.roll_choices
    assert q.correct_chance in q.chance_choices and len(set(q.chance_choices)) == 4
    assert q.check(q.correct_roll, q.correct_chance) == (True, True)
    wrong = next(c for c in q.chance_choices if c != q.correct_chance)
    assert q.check(q.correct_roll, wrong) == (True, False)


def test_quiz_bad_seed():
    with pytest.raises(ValueError, match="seed"):
        quiz.question(-1, 1)


@pytest.mark.parametrize("result", [
    fantasy.resolve(fantasy.Shot(3, moved=True, cover="hard")),          # a 6, then 4+
    fantasy.resolve(fantasy.Shot(4)),
    ninth.resolve(ninth.Attack(4, (-1,), reroll="failed")),
    ninth.resolve(ninth.Attack(3, reroll="ones", overwatch=True)),
])
def test_seeded_rolls_converge_on_the_exact_chance(result):
    """roll_once follows the rules: 20,000 seeded rolls land within 5 standard errors."""
    rng = random.Random(2026)
    n = 20_000
    roll = fantasy.roll_once if isinstance(result, fantasy.ShotResult) else ninth.roll_once
    hits = sum(roll(result, rng)[0] for _ in range(n))
    p = float(result.probability)
    assert abs(hits / n - p) < 5 * sqrt(p * (1 - p) / n)


def test_seeded_rolls_repeat():
    result = fantasy.resolve(fantasy.Shot(3))
    a = [fantasy.roll_once(result, random.Random(5)) for _ in range(3)]
    b = [fantasy.roll_once(result, random.Random(5)) for _ in range(3)]
    assert a == b
