"""The charge on Explore ("How far can I charge?") and Learn (the charge lesson), through AppTest: the
numbers against RULES.md §8's worked examples and a count of the dice, and the link."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from apptest_util import open_page, text

from hitrules.situations import quiz


def reach_by_dice(movement: int, distance: int, swiftstride: bool = False, terrain: bool = False) -> Fraction:
    """Every die of the Charge roll: two D6 keep the higher (through terrain the lower, and M - 1), + D6 with
    Swiftstride."""
    m = max(1, movement - 1) if terrain else movement
    rolls = list(product(range(1, 7), repeat=3 if swiftstride else 2))
    reach = sum(m + (min if terrain else max)(r[:2]) + sum(r[2:]) >= distance for r in rolls)
    return Fraction(reach, len(rolls))


def lines(at) -> list[dict]:
    return json.loads(at.get("plotly_chart")[0].proto.spec)["data"]


@pytest.mark.parametrize(("query", "said"), [
    ({}, "M 4 from 9\": the charge reaches with **5/9 (55.6%)**"),
    ({"swiftstride": "1"}, "M 4 from 9\": the charge reaches with **101/108 (93.5%)**"),
    ({"terrain": "1"}, "M 4 from 9\": the charge reaches with **1/36 (2.8%)**"),
    ({"movement": "4", "distance": "11"}, "its maximum possible charge range is **10\"**"),
    ({"movement": "4", "distance": "13", "swiftstride": "1"}, f"reaches with **{reach_by_dice(4, 13, True)} ("),
])
def test_how_far_can_i_charge_says_the_rules_worked_examples(query, said):
    assert said in text(open_page("explore", view="charge", **query))


@pytest.mark.parametrize(("swiftstride", "terrain"), [(False, False), (True, False), (False, True), (True, True)])
def test_every_point_of_the_charge_chart_against_the_dice(swiftstride, terrain):
    query = {"view": "charge"} | ({"swiftstride": "1"} if swiftstride else {}) | ({"terrain": "1"} if terrain else {})
    drawn = lines(open_page("explore", **query))
    assert [line["name"] for line in drawn] == [f"M {m}" for m in range(1, 11)]
    for m, line in enumerate(drawn, start=1):
        assert line["x"] == list(range(1, m + 13))
        for d, shown in zip(line["x"], line["customdata"], strict=True):
            expected = reach_by_dice(m, d, swiftstride, terrain)
            assert shown.startswith(f"{expected.numerator}/{expected.denominator} (" if expected.denominator != 1
                                    else f"{expected.numerator} ("), (m, d)


def test_the_players_movement_is_the_thick_line_and_every_input_is_in_the_link():
    at = open_page("explore", view="charge")
    at.number_input(key="explore_movement").set_value(8).run()
    at.number_input(key="explore_distance").set_value(12).run()
    at.toggle(key="explore_swiftstride").set_value(True).run()
    widths = {line["name"]: line["line"]["width"] for line in lines(at)}
    assert widths["M 8"] > widths["M 4"]
    link = dict(at.query_params)
    assert {k: link[k] for k in ("view", "movement", "distance", "swiftstride")} == {
        "view": "charge", "movement": "8", "distance": "12", "swiftstride": "1"}
    said = f"M 8 from 12\": the charge reaches with **{reach_by_dice(8, 12, True)}"
    assert said in text(at)
    again = open_page("explore", **link)
    assert text(again) == text(at)


def test_the_charge_lesson_shows_the_faces_the_worked_charge_and_the_pursuits():
    shown = text(open_page("learn", section="charge"))
    for k in range(1, 7):
        assert f"kept {k}: **{Fraction(2 * k - 1, 36)} (" in shown
    assert "(11/36 (30.6%)) is **11 times as likely** as a kept 1 (1/36 (2.8%))" in shown
    assert "The charge reaches with chance 5/9 (55.6%)" in shown
    for caught in ("721/1296 (55.6%)", "1099/1296 (84.8%)", "553/648 (85.3%)"):
        assert f"caught **{caught}**" in shown
    # The Resolute flight (2D6 - 1, at least 1) against 2D6, every die rolled:
    rolls = list(product(range(1, 7), repeat=4))
    resolute = Fraction(sum(a + b >= max(1, c + d - 1) for a, b, c, d in rolls), len(rolls))
    assert f"caught **{resolute}" in shown


@pytest.mark.parametrize("number", range(1, 9))
def test_the_charge_quiz_asks_and_checks_against_the_dice(number):
    at = open_page("learn", section="quiz", topic="charge", quiz="5", q=str(number))
    question = next(m.value for m in at.markdown if m.value.startswith(f"**Question {number}**"))
    q = quiz.question(5, number, "charge")
    assert q.situation in question and q.correct_chance in q.chance_choices and len(set(q.chance_choices)) == 4
    if "declares a charge" in q.situation:
        movement, distance = (int(w.rstrip('".')) for w in q.situation.split() if w.rstrip('".').isdigit())
        assert q.correct_chance == reach_by_dice(movement, distance)
        assert q.correct_roll == ("6" if distance - movement == 6 else f"{distance - movement}+")
    else:
        assert q.correct_roll == "the pursuit at least the flight"
        swift_fleer = "unit with Swiftstride" in q.situation
        resolute = "(Resolute)" in q.situation
        good_order = "Falls Back" in q.situation
        swift_pursuer = "winner with Swiftstride" in q.situation
        rolls = list(product(range(1, 7), repeat=6))
        caught = 0
        for dice_ in rolls:
            flight = max(dice_[:2]) if good_order else dice_[0] + dice_[1]
            flight = max(1, flight + (dice_[2] if swift_fleer else 0) - resolute)
            chase = dice_[3] + dice_[4] + (dice_[5] if swift_pursuer else 0)
            caught += chase >= flight
        assert q.correct_chance == Fraction(caught, len(rolls))
    at.radio(key=f"learn_answer_roll_charge_5_{number}").set_value(q.correct_roll).run()
    at.radio(key=f"learn_answer_chance_charge_5_{number}").set_value(q.correct_chance).run()
    at.button(key="learn_check").click().run()
    assert at.success and "Right!" in at.success[0].value
