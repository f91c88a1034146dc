"""compare (grids, rule-set diff, which helps, shots needed), quiz, and the seeded dice."""

import random
import re
from fractions import Fraction
from math import sqrt

import pytest

from hitrules import dice, fantasy, ninth
from hitrules.situations import compare, quiz


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


@pytest.mark.parametrize("topic", ["wound", "save", "all"])
@pytest.mark.parametrize("number", range(1, 16))
def test_wound_and_save_questions_are_answered_by_the_engine(topic, number):
    q = quiz.question(23, number, topic)
    assert q == quiz.question(23, number, topic)
    assert q.correct_roll in q.roll_choices
    assert q.correct_chance in q.chance_choices and len(set(q.chance_choices)) == 4
    assert q.check(q.correct_roll, q.correct_chance) == (True, True)
    assert q.topic in (("wound", "save", "hit") if topic == "all" else (topic,))
    assert q.steps and q.steps[-1].kind == "chance"
    if q.topic == "hit":
        return
    numbers = [int(n) for n in re.findall(r"-?\d+", q.situation.split("(")[0])]
    assert str(q.correct_chance) in q.steps[-1].text
    if q.topic == "wound" and q.ruleset == "fantasy":
        strength, toughness = numbers
        score = fantasy.wound_score(strength, toughness)
        assert q.correct_chance == fantasy.wound_chance(strength, toughness)
        assert q.correct_roll == ("too tough" if score is None else f"{score}+")
    elif q.topic == "wound":
        edition = 9 if q.ruleset == "ninth" else 8
        strength, toughness, *mods = numbers[:2] + [int(m) for m in re.findall(r"[-+]\d", q.situation)]
        reroll = "failed" if "failed wound" in q.situation else "ones" if "rolls of 1" in q.situation else "none"
        assert q.correct_chance == ninth.wound_chance(strength, toughness, sum(mods), reroll, edition)
        faces = ninth.hitting_faces(ninth.wound_score(strength, toughness), ninth.net_modifier(sum(mods), edition),
                                    edition=edition)
        assert q.correct_roll == ninth.faces_text(faces)
    elif q.ruleset == "fantasy":
        ap = int(re.search(r"AP (-?\d)", q.situation)[1]) if "no AP" not in q.situation else 0
        armour = int(re.search(r"Armour (\d)\+", q.situation)[1])
        ward = re.search(r"(\d)\+ ward", q.situation)
        ward = int(ward[1]) if ward else None
        assert q.correct_chance == fantasy.save_chance(armour, ap, ward)
        faces = fantasy.armour_faces(armour, ap)
        assert q.correct_roll == (f"{faces[0]}+" if faces else "no save")
    else:
        ap = int(re.search(r"AP (-?\d)", q.situation)[1]) if "no AP" not in q.situation else 0
        save = int(re.search(r"(\d)\+ save", q.situation)[1])
        inv = re.search(r"(\d)\+ invulnerable", q.situation)
        cover = "Light cover" in q.situation
        assert q.correct_chance == ninth.save_chance(save, ap, int(inv[1]) if inv else None, cover)


def test_quiz_topics_give_their_own_questions_and_hit_stays_as_it_was():
    assert quiz.question(3, 1) == quiz.question(3, 1, "hit")
    assert quiz.question(3, 1, "wound").topic == "wound"
    assert quiz.question(3, 1, "save").chance_prompt == "And the chance that one wound is saved?"
    assert {quiz.question(3, n, "all").topic for n in range(1, 30)} == {"hit", "wound", "save"}
    with pytest.raises(ValueError, match="quiz topic"):
        quiz.question(3, 1, "morale")


def test_wound_cells_are_the_engine_s():
    for s in range(1, 11):
        for t in range(1, 11):
            assert compare.wound_cell("fantasy", s, t, 1)[1] == fantasy.wound_chance(s, t, 1)
    assert compare.wound_cell("fantasy", 3, 9, 2) == ("too tough", 0)
    assert compare.wound_cell("ninth", 3, 7, -3) == ("6+", Fraction(1, 6))  # capped at -1; a 6 always wounds
    assert compare.wound_cell("eighth", 3, 7, -1) == ("impossible", 0)
    assert compare.wound_axis("ninth") == tuple(range(1, 21))


def test_weapon_duel_is_two_attack_outcomes():
    target = ninth.Target(4, save=3, invulnerable=5, feel_no_pain=6, wounds=3, models=4)
    first = (ninth.Attack(3), "D6+2", ninth.Weapon(5, -1, "D3"))
    second = (ninth.Attack(4, edition=8), "3", ninth.Weapon(8, -3, "D6"))
    duel = compare.weapon_duel(first, second, target)
    for shooter, removed in zip((first, second), duel.removed, strict=True):
        assert removed == ninth.attack_outcome(*shooter, target).models_removed
    assert duel.better == int(duel.means[1] > duel.means[0])
    assert duel.names == ("D6+2 attacks at 3+, S5 AP-1 Damage D3", "3 attacks at 4+, S8 AP-3 Damage D6")
