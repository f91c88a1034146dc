"""Explore and Learn through AppTest: charts agree with the engine, quiz and dice behave."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from apptest_util import open_page, text

from hitrules import compare, dice, fantasy, ninth, quiz, situations


def chart_data(at, n=0):
    return json.loads(at.get("plotly_chart")[n].proto.spec)["data"]


@pytest.mark.parametrize("view", ["heatmap", "stacks", "diff", "helps", "shots"])
@pytest.mark.parametrize("ruleset", ["fantasy", "ninth", "eighth"])
def test_explore_every_view_renders(view, ruleset):
    at = open_page("explore", view=view, ruleset=ruleset)
    assert len(at.get("plotly_chart")) >= 1


@pytest.mark.parametrize("ruleset", compare.RULESETS)
def test_heatmap_cells_equal_the_engine(ruleset):
    at = open_page("explore", ruleset=ruleset)
    heat = chart_data(at)[0]
    skills, mods = compare.grid_axes(ruleset)
    for i, s in enumerate(skills):
        for j, m in enumerate(mods):
            if ruleset == "fantasy":
                expected = fantasy.hit_chance(s, m)
            else:
                expected = ninth.hit_chance(s, m, edition=9 if ruleset == "ninth" else 8)
            assert heat["customdata"][i][j].split(": ")[1].startswith(f"{expected} ("), (s, m)
            assert heat["z"][i][j] == pytest.approx(float(expected))


def test_heatmap_highlights_the_cell_from_the_link():
    at = open_page("explore", ruleset="fantasy", bs="4", mod="-2")
    shapes = json.loads(at.get("plotly_chart")[0].proto.spec)["layout"]["shapes"]
    skills, mods = compare.grid_axes("fantasy")
    assert shapes[0]["x0"] == mods.index(-2) - 0.5 and shapes[0]["y0"] == skills.index(4) - 0.5


def test_heatmap_shows_the_7_plus_and_impossible_bands_and_the_cap():
    fantasy_text = json.dumps(chart_data(open_page("explore", ruleset="fantasy"))[0]["text"], ensure_ascii=False)
    assert "6→4+" in fantasy_text and "—" in fantasy_text
    ninth_x = chart_data(open_page("explore", ruleset="ninth"))[0]["x"]
    assert "-3 (cap -1)" in ninth_x


def table(at):
    return at.dataframe[0].value


@pytest.mark.parametrize(("ruleset", "mod", "hits", "confidence"),
                         [("fantasy", 0, 3, 80), ("fantasy", -3, 2, 50), ("ninth", -1, 5, 90), ("eighth", -2, 1, 95)])
def test_how_many_shots_is_the_smallest_that_reaches_the_target(ruleset, mod, hits, confidence):
    at = open_page("explore", view="shots", ruleset=ruleset, mod=str(mod), hits=str(hits),
                   confidence=str(confidence))
    at.toggle(key="explore_table").set_value(True).run()
    rows = table(at)
    skills, _ = compare.grid_axes(ruleset)
    goal = Fraction(confidence, 100)
    for skill, (_, row) in zip(skills, rows.iterrows(), strict=True):
        p = compare.chance(ruleset, skill, mod)
        assert row["chance per shot"] == str(p)
        n = row["shots needed"]
        if n == "more than 1000":
            assert p == 0 or dice.hits(1000, p).at_least(hits) < goal
            continue
        assert dice.hits(int(n), p).at_least(hits) >= goal
        assert dice.hits(int(n) - 1, p).at_least(hits) < goal


def test_rule_set_diff_marks_and_explains_disagreements():
    at = open_page("explore", view="diff", skill="4")
    rows = table(at).set_index("modifier")
    assert rows.loc["-3", "agree"] == "NO"
    assert "9th caps -3 at -1" in rows.loc["-3", "why they differ"]
    assert (rows.loc["-3", "fantasy"], rows.loc["-3", "8th"], rows.loc["-3", "9th"]) == ("1/12", "0", "1/3")
    assert rows.loc["+0", "agree"] == "yes"


def test_which_helps_marks_the_best():
    at = open_page("explore", view="helps")
    at.toggle(key="explore_table").set_value(True).run()
    rows = table(at).set_index("skill")
    assert rows.loc["6+", "best"] == "+1 to hit"
    assert rows.loc["3+", "best"] == "re-roll failed hits"
    assert rows.loc["3+", "re-roll failed"] == "8/9"


def test_stacks_add_and_waterfall():
    at = open_page("explore", view="stacks", stacks="moved+soft", bs="3")
    at.multiselect(key="explore_new_stack").select("hard").select("stand").run()
    at.button(key="explore_add_stack").click().run()
    assert at.query_params["stacks"] == "moved+soft;hard+stand"
    lines = chart_data(at, 0)
    assert [line["name"] for line in lines] == ["moved + soft cover", "hard cover + Stand & Shoot"]
    assert lines[1]["customdata"][2].startswith("1/12 (")  # BS 3, -3: needs 7
    waterfall = chart_data(at, 1)[0]
    assert waterfall["y"] == [4, 1, 1, 6]  # base 4, moved +1, soft +1, needs 6


def test_learn_walkthrough_steps_come_from_the_engine():
    at = open_page("learn", moved="1", cover="hard", stand="1")
    result = situations.answer(situations.learn_situation(at.session_state["_learn_values"])).main
    last = len(result.steps)
    at.slider(key="learn_step").set_value(last).run()
    shown = at.markdown[0].value
    for step in result.steps:
        assert step.text in shown
    assert "a 6, then 5+" in text(at) and "first \\ second" in text(at)


def test_learn_walkthrough_faces_follow_each_step():
    at = open_page("learn", moved="1", step="2")
    assert ":green-background[**5** ✓]" in text(at) and ":red-background[4 ✗]" in text(at)


def test_learn_rolls_are_reproducible_with_a_seed():
    first = open_page("learn", section="roll", seed="42", rolls="100")
    again = open_page("learn", section="roll", seed="42", rolls="100")
    other = open_page("learn", section="roll", seed="43", rolls="100")
    assert text(first) == text(again)
    assert text(first) != text(other)


def test_learn_luck_is_the_percentile_in_the_exact_distribution():
    at = open_page("learn", section="roll", seed="7", rolls="30")
    summary = at.markdown[0].value
    hits = int(summary.split(" hits from")[0].strip("*"))
    dist = dice.hits(30, Fraction(1, 2))
    assert f"{dist.percentile(hits)} (" in summary


def test_quiz_marks_right_and_wrong():
    q = quiz.question(5, 2)
    at = open_page("learn", section="quiz", quiz="5", q="2")
    at.radio(key="learn_answer_roll_5_2").set_value(q.correct_roll).run()
    at.radio(key="learn_answer_chance_5_2").set_value(q.correct_chance).run()
    at.button(key="learn_check").click().run()
    assert at.success and "Right!" in at.success[0].value
    wrong = next(c for c in q.chance_choices if c != q.correct_chance)
    at.radio(key="learn_answer_chance_5_2").set_value(wrong).run()
    at.button(key="learn_check").click().run()
    assert at.error and "Not quite" in at.error[0].value
    assert next(m.value for m in at.metric if m.label == "Score this session") == "0 / 1"


def test_quiz_link_reproduces_the_question():
    a = open_page("learn", section="quiz", quiz="9", q="3")
    b = open_page("learn", section="quiz", quiz="9", q="3")
    assert a.markdown[0].value == b.markdown[0].value
    assert quiz.question(9, 3).situation in a.markdown[0].value


def test_an_added_stack_survives_the_next_change():
    at = open_page("explore", view="stacks", stacks="moved+soft")
    at.multiselect(key="explore_new_stack").select("sniper").run()
    at.button(key="explore_add_stack").click().run()
    at.number_input(key="explore_bs").set_value(4).run()
    assert at.query_params["stacks"] == "moved+soft;sniper"
    assert [line["name"] for line in chart_data(at, 0)] == ["moved + soft cover", "Sniper"]
