"""The quiz's close-combat questions: the WS chart and the Break test, checked by brute force over the dice."""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product

import pytest
from test_app_explore_combat import brute_force, printed

from hitrules.situations import quiz


@pytest.mark.parametrize("number", range(1, 41))
def test_a_ws_chart_question_is_right_by_the_printed_chart_and_the_dice(number):
    q = quiz.question(11, number, "melee")
    ws, target = map(int, re.match(r"A WS (\d+) model attacks a WS (\d+) unit", q.situation).groups())
    modifier = int(m[1]) if (m := re.search(r"modifier of ([+-]\d)", q.situation)) else 0
    reroll = "failed" if "every miss" in q.situation else "ones" if "natural 1s" in q.situation else "none"
    score = printed(ws, target)
    assert q.correct_roll == f"{min(6, max(2, score - modifier))}+"
    assert q.correct_chance == brute_force(score, modifier, reroll, False)
    assert q.correct_roll in q.roll_choices and q.correct_chance in q.chance_choices and len(q.chance_choices) == 4
    assert q.topic == "melee" and q.steps


def _by_the_dice(leadership: int, lost_by: int, outnumbered: bool) -> dict[str, Fraction]:
    ways = dict.fromkeys(quiz.BREAK_CHOICES, 0)
    for a, b in product(range(1, 7), repeat=2):
        natural = a + b
        if natural == 2 or natural + lost_by <= leadership:
            ways["Gives Ground"] += 1
        elif natural > leadership or outnumbered:
            ways["Breaks"] += 1
        else:
            ways["Falls Back in Good Order"] += 1
    return {k: Fraction(v, 36) for k, v in ways.items()}


@pytest.mark.parametrize("number", range(1, 41))
def test_a_break_test_question_is_right_by_the_dice(number):
    q = quiz.question(11, number, "break")
    leadership, lost_by = map(int, re.match(r"A Leadership (\d+) unit loses a combat by (\d+)", q.situation).groups())
    chances = _by_the_dice(leadership, lost_by, "more than twice" in q.situation)
    assert q.correct_chance == chances["Breaks"]
    assert chances[q.correct_roll] == max(chances.values())
    assert sorted(chances.values()).count(max(chances.values())) == 1
    assert q.correct_chance in q.chance_choices and q.topic == "break"


def test_rules_worked_break_tests_by_the_same_dice():
    """RULES.md §7: Leadership 7 lost by 2, by 6, and outnumbered."""
    assert _by_the_dice(7, 2, False) == {"Breaks": Fraction(15, 36), "Falls Back in Good Order": Fraction(11, 36),
                                         "Gives Ground": Fraction(10, 36)}
    assert _by_the_dice(7, 2, True)["Breaks"] == Fraction(26, 36)
    assert _by_the_dice(7, 6, False)["Gives Ground"] == Fraction(1, 36)


def test_the_mixed_quiz_keeps_its_old_questions():
    """'all' mixes hit, wound and save as before the combat topics, so an older quiz link is unchanged."""
    assert {quiz.question(3, n, "all").topic for n in range(1, 60)} == {"hit", "wound", "save"}
