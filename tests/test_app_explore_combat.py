"""Explore's melee views through AppTest: the WS × WS heatmap against the printed chart and brute force,
and "how many attacks to kill k models" against an independent binomial count."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from urllib.parse import parse_qsl

import pytest
from apptest_util import open_page, text

from hitrules import fantasy
from hitrules.situations import compare
from hitrules.words import chance_text

#: The Weapon Skill chart as printed in the rules index: the score needed by the attacker's WS (row)
#: against the target's WS (column), 1 to 10.
PRINTED_CHART = """
4 4 5 5 5 5 5 5 5 5
3 4 4 4 5 5 5 5 5 5
2 3 4 4 4 4 5 5 5 5
2 3 3 4 4 4 4 4 5 5
2 2 3 3 4 4 4 4 4 4
2 2 3 3 3 4 4 4 4 4
2 2 2 3 3 3 4 4 4 4
2 2 2 3 3 3 3 4 4 4
2 2 2 2 3 3 3 3 4 4
2 2 2 2 3 3 3 3 3 4
"""


def printed(ws: int, target: int) -> int:
    return int(PRINTED_CHART.split()[(ws - 1) * 10 + target - 1])


def brute_force(score: int, modifier: int, reroll: str, sixes: bool) -> Fraction:
    """Every pair of dice: the first, and the re-roll where a rule asks for it (the re-roll stands)."""
    held = min(6, max(2, score - modifier))
    hits = 0
    for first, second in product(range(1, 7), repeat=2):
        again = (first == 6 and sixes) or (first < held and (reroll == "failed" or (reroll == "ones" and first == 1)))
        die = second if again else first
        hits += die != 1 and (die == 6 or die >= held)
    return Fraction(hits, 36)


def heat(at):
    return json.loads(at.get("plotly_chart")[0].proto.spec)["data"][0]


@pytest.mark.parametrize(("mod", "reroll", "sixes"), [(0, "none", False), (-2, "failed", True), (1, "ones", False),
                                                      (-1, "none", True)])
def test_every_cell_of_the_melee_heatmap(mod, reroll, sixes):
    query = {"view": "melee", "mod": str(mod), "melee_reroll": reroll} | ({"sixes": "1"} if sixes else {})
    cells = heat(open_page("explore", **query))
    for a, t in product(range(1, 11), repeat=2):
        score = printed(a, t)
        expected = brute_force(score, mod, reroll, sixes)
        assert cells["text"][a - 1][t - 1] == f"{score}+<br>{expected}", (a, t)
        assert cells["z"][a - 1][t - 1] == pytest.approx(float(expected))


@pytest.mark.parametrize(("query", "said"), [
    ({"ws": "4", "target_ws": "3"}, "**3+** on the chart, **2/3 (66.7%)**"),
    ({"ws": "3", "target_ws": "9", "mod": "-2"}, "**5+** on the chart, **1/6 (16.7%)**"),
    ({"ws": "10", "target_ws": "1", "mod": "1"}, "**2+** on the chart, **5/6 (83.3%)**"),
    ({"ws": "3", "target_ws": "3", "melee_reroll": "failed"}, "**3/4 (75.0%)**"),
    ({"ws": "3", "target_ws": "3", "sixes": "1"}, "**5/12 (41.7%)**"),
    ({"ws": "3", "target_ws": "3", "sixes": "1", "melee_reroll": "failed"}, "**2/3 (66.7%)**"),
])
def test_the_worked_hit_chances_in_the_melee_view(query, said):
    """RULES.md §7's worked examples, in the sentence under the heatmap."""
    assert said in text(open_page("explore", view="melee", **query))


def test_the_melee_view_outlines_the_players_cell_and_keeps_it_in_the_link():
    at = open_page("explore", view="melee")
    at.number_input(key="explore_ws").set_value(7).run()
    at.number_input(key="explore_target_ws").set_value(2).run()
    shape = json.loads(at.get("plotly_chart")[0].proto.spec)["layout"]["shapes"][0]
    assert (shape["x0"], shape["y0"]) == (1 - 0.5, 6 - 0.5)
    assert dict(at.query_params) == {"view": "melee", "ws": "7", "target_ws": "2"}
    at.toggle(key="explore_table").set_value(True).run()
    grid = at.dataframe[0].value
    assert grid.shape == (10, 11) and grid.loc[6, "target WS 2"] == str(Fraction(5, 6))


@pytest.mark.parametrize(("query", "kills", "confidence"), [
    ({}, 3, 80), ({"ws": "3", "target_ws": "5", "strength": "3", "toughness": "4", "save": "5"}, 2, 50),
    ({"mod": "-1", "melee_reroll": "failed", "save": "none", "ward": "5"}, 5, 90),
])
def test_attacks_to_kill_one_wound_models_agree_with_a_binomial_count(query, kills, confidence):
    """With one Wound a model, each attack kills on its own with hit x wound x unsaved: compare.shots_needed
    counts the attacks for that chance independently of the engine's chain."""
    query = {"view": "kill", "wounds": "1", "models": "10", "kills": str(kills), "confidence": str(confidence),
             "save": "4"} | query
    at = open_page("explore", **query)
    ws, target_ws = int(query.get("ws", 4)), int(query.get("target_ws", 3))
    hit = fantasy.melee_hit_chance(ws, target_ws, int(query.get("mod", 0)), query.get("melee_reroll", "none"))
    wound = fantasy.wound_chance(int(query.get("strength", 4)), int(query.get("toughness", 4)))
    save = {name: None if query[name] == "none" else int(query[name]) for name in ("save", "ward") if name in query}
    unsaved = 1 - fantasy.save_chance(save.get("save"), 0, save.get("ward"))
    needed = compare.shots_needed(hit * wound * unsaved, kills, Fraction(confidence, 100))
    assert f"You need **{needed} attacks** to kill at least {kills} models" in text(at)


# ----- Learn: one melee attack, and RULES.md §7's whole round -----


def test_learn_walks_one_melee_attack_with_its_faces():
    at = open_page("learn", section="combat", ws="3", target_ws="9", melee_mod="-2")
    shown = text(at)
    assert "WS 3 against WS 9: 5+ to hit" in shown and "held to 6+: a natural 6 always hits" in shown
    assert "1/6 (16.7%)" in shown
    assert ":green-background[**6** ✓]" in shown and ":red-background[5 ✗]" in shown
    at.number_input(key="learn_target_ws").set_value(3).run()
    assert "WS 3 against WS 3: 4+ to hit" in text(at)
    assert dict(at.query_params) == {"section": "combat", "ws": "3", "melee_mod": "-2"}


def test_learn_walks_the_round_in_ranks_and_links_the_match_up_on_the_combat_page():
    """The lesson's round is RULES.md §7's worked example "Who fights" (20 Orcs charge 20 State Troops); its
    link opens the same match-up on the combat page."""
    from apptest_util import metric

    from hitrules.situations import combat as combat_situations

    at = open_page("learn", section="combat")
    win, drawn = Fraction(2647482201558228221, 9983749980331966464), Fraction(931568453650919161, 4991874990165983232)
    assert (metric(at, "Orc Boyz win"), metric(at, "Draw")) == (chance_text(win), chance_text(drawn))
    assert "The round in order" in text(at)
    link = next(p for p in at.get("page_link") if "combat page" in p.proto.label).proto
    assert link.page == "combat"
    assert dict(parse_qsl(link.query_string)) == dict(combat_situations.COMBAT_PRESETS["orcs_spearmen"].query)


@pytest.mark.parametrize("topic", ["melee", "break"])
def test_the_quiz_asks_combat_questions(topic):
    at = open_page("learn", section="quiz", topic=topic)
    assert at.radio[0].options and "Question 1" in text(at)
