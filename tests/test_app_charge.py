"""The charge on Explore ("How far can I charge?") and Learn (the charge lesson), through AppTest: the
numbers against RULES.md §8's worked examples and a count of the dice, and the link."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from apptest_util import open_page, text


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
