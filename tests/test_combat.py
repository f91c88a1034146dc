"""Fantasy close combat: RULES.md §7, its worked examples, brute force over every die, and a
seeded simulation of bigger rounds."""

from fractions import Fraction
from itertools import product

import pytest

from hitrules import combat, fantasy
from hitrules.fantasy import Target, Weapon

# The Roll to Hit (Combat) chart as the rules index prints it (rows: the attacker's WS 1..10;
# columns: the target's WS 1..10).
PRINTED_CHART = """
| 1 | 4+ | 4+ | 5+ | 5+ | 5+ | 5+ | 5+ | 5+ | 5+ | 5+ |
| 2 | 3+ | 4+ | 4+ | 4+ | 5+ | 5+ | 5+ | 5+ | 5+ | 5+ |
| 3 | 2+ | 3+ | 4+ | 4+ | 4+ | 4+ | 5+ | 5+ | 5+ | 5+ |
| 4 | 2+ | 3+ | 3+ | 4+ | 4+ | 4+ | 4+ | 4+ | 5+ | 5+ |
| 5 | 2+ | 2+ | 3+ | 3+ | 4+ | 4+ | 4+ | 4+ | 4+ | 4+ |
| 6 | 2+ | 2+ | 3+ | 3+ | 3+ | 4+ | 4+ | 4+ | 4+ | 4+ |
| 7 | 2+ | 2+ | 2+ | 3+ | 3+ | 3+ | 4+ | 4+ | 4+ | 4+ |
| 8 | 2+ | 2+ | 2+ | 3+ | 3+ | 3+ | 3+ | 4+ | 4+ | 4+ |
| 9 | 2+ | 2+ | 2+ | 2+ | 3+ | 3+ | 3+ | 3+ | 4+ | 4+ |
| 10 | 2+ | 2+ | 2+ | 2+ | 3+ | 3+ | 3+ | 3+ | 3+ | 4+ |
"""
CHART = {}
for _line in PRINTED_CHART.strip().splitlines():
    _row, *_cells = [c.strip() for c in _line.strip("| ").split("|")]
    for _t, _cell in enumerate(_cells, start=1):
        CHART[int(_row), _t] = int(_cell.rstrip("+"))


def test_the_printed_chart_has_100_cells():
    assert len(CHART) == 100 and set(CHART.values()) == {2, 3, 4, 5}


@pytest.mark.parametrize(("a", "t"), sorted(CHART))
def test_chart_cell(a, t):
    assert fantasy.melee_score(a, t) == CHART[a, t]


def brute_hit(score, modifier=0, reroll="none", reroll_sixes=False):
    """Every pair of dice (the first roll and its possible re-roll), straight from RULES.md §7:
    (chance to hit, chance that the die that stands is a hitting natural 6)."""
    def hits(face):
        return face == 6 or (face != 1 and face + modifier >= score)

    hit = six = 0
    for first, second in product(range(1, 7), repeat=2):
        again = ((first == 6 and reroll_sixes) or
                 (not hits(first) and (reroll == "failed" or (reroll == "ones" and first == 1))))
        stands = second if again else first
        hit += hits(stands)
        six += hits(stands) and stands == 6
    return Fraction(hit, 36), Fraction(six, 36)


@pytest.mark.parametrize("a", range(1, 11))
@pytest.mark.parametrize("t", [1, 3, 4, 9])
@pytest.mark.parametrize("modifier", [-4, -1, 0, 1, 3])
@pytest.mark.parametrize("reroll", combat.REROLLS)
@pytest.mark.parametrize("reroll_sixes", [False, True])
def test_hit_chance_matches_brute_force(a, t, modifier, reroll, reroll_sixes):
    hit = combat.melee_hit(a, t, modifier, reroll, reroll_sixes)
    assert (hit.probability, hit.natural_six) == brute_hit(CHART[a, t], modifier, reroll, reroll_sixes)
    assert fantasy.melee_hit_chance(a, t, modifier, reroll, reroll_sixes) == hit.probability


# RULES.md §7 worked examples: the hit roll.
@pytest.mark.parametrize(("a", "t", "score"), [(4, 3, 3), (4, 4, 4), (4, 8, 4), (4, 9, 5), (10, 5, 3), (5, 2, 2)])
def test_example_scores(a, t, score):
    assert fantasy.melee_score(a, t) == score


def test_example_hit_chances():
    assert fantasy.melee_hit_chance(4, 3) == Fraction(2, 3)
    assert fantasy.melee_hit_chance(4, 3, modifier=-1) == Fraction(1, 2)
    assert fantasy.melee_hit_chance(3, 9, modifier=-2) == Fraction(1, 6)  # 7, held to 6
    assert fantasy.melee_hit_chance(10, 1, modifier=+1) == Fraction(5, 6)  # held to 2


def test_example_rerolls_at_4_up():
    assert fantasy.melee_hit_chance(3, 3, reroll="failed") == Fraction(3, 4)
    assert fantasy.melee_hit_chance(3, 3, reroll_sixes=True) == Fraction(5, 12)
    assert fantasy.melee_hit_chance(3, 3, reroll="failed", reroll_sixes=True) == Fraction(2, 3)


@pytest.mark.parametrize(("args", "word"), [
    ((0, 3), "attacker's WS"), ((11, 3), "attacker's WS"), ((3, 0), "target's WS"), ((3, 11), "target's WS"),
    ((3, 3, 0, "all"), "re-roll"), ((3, 3, 0, "none", 1), "reroll_sixes"), ((3, 3, 1000), "modifier"),
])
def test_bad_hit_input_names_it(args, word):
    with pytest.raises(ValueError, match=word):
        fantasy.melee_hit_chance(*args)


def test_weapon_and_target_gain_combat_fields():
    w = Weapon(4, killing_blow=True, monster_slayer=True)
    assert (w.killing_blow, w.monster_slayer) == (True, True)
    assert Weapon(3).killing_blow is False and Target(3).troop == "regular_infantry"
    assert set(fantasy.TROOP_TYPES) == {
        "regular_infantry", "heavy_infantry", "monstrous_infantry", "light_cavalry", "heavy_cavalry",
        "monstrous_cavalry", "war_beasts", "light_chariots", "heavy_chariots", "monster", "war_machine", "swarm"}
    with pytest.raises(ValueError, match="troop type"):
        Target(3, troop="dragon")
    with pytest.raises(ValueError, match="killing_blow"):
        Weapon(3, killing_blow=1)


# RULES.md §7: Rank Bonus and Break test examples.
@pytest.mark.parametrize(("models", "troop", "bonus"), [
    (20, "regular_infantry", 2), (14, "regular_infantry", 1), (16, "regular_infantry", 2),
    (14, "heavy_infantry", 2), (4, "regular_infantry", 0), (9, "regular_infantry", 0),
    (10, "regular_infantry", 1), (10, "heavy_cavalry", 1), (15, "light_cavalry", 1), (30, "monster", 0),
])
def test_rank_bonus(models, troop, bonus):
    assert combat.rank_bonus(models, 5, troop) == bonus


def test_break_test_examples():
    b = combat.break_test(7, 2)
    assert (b.breaks, b.falls_back, b.gives_ground) == (Fraction(15, 36), Fraction(11, 36), Fraction(10, 36))
    assert combat.break_test(7, 2, outnumbered=True).breaks == Fraction(26, 36)
    b = combat.break_test(7, 6)
    assert (b.breaks, b.falls_back, b.gives_ground) == (Fraction(15, 36), Fraction(20, 36), Fraction(1, 36))
    assert combat.break_test(7, 2, unbreakable=True, stubborn=True).gives_ground == 1
    assert combat.break_test(7, 2, stubborn=True, outnumbered=True).falls_back == 1
