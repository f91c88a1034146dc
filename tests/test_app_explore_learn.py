"""Explore and Learn through AppTest: charts agree with the engine, quiz and dice behave."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from apptest_util import metric, open_page, text, warnings

from hitrules import dice, fantasy, ninth, situations
from hitrules.edge import urlstate
from hitrules.presentation import figures
from hitrules.situations import compare, quiz
from hitrules.words import chance_text, exact_chance_text, number_text
from views import draw


def chart_data(at, n=0):
    return json.loads(at.get("plotly_chart")[n].proto.spec)["data"]


@pytest.mark.parametrize("view", ["heatmap", "stacks", "diff", "helps", "shots", "wound", "weapons", "melee", "kill"])
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


@pytest.mark.parametrize(("query", "said"), [
    ({"bs": "6"}, "BS 6 with a net modifier of +0: each shot hits with 5/6 (83.3%): **4 shots** for at least 3 hits"),
    ({"bs": "2", "hits": "1", "confidence": "50"}, "BS 2 with a net modifier of +0: each shot hits with 1/3 (33.3%): "
                                                    "**2 shots** for at least 1 hit with 50%"),
    ({"ruleset": "ninth", "skill": "2", "mod": "1", "hits": "5", "confidence": "90"}, "2+ with a net modifier of "
     "+1: each shot hits with 5/6 (83.3%): **7 shots**"),
    ({"bs": "1", "mod": "-6"}, "BS 1 with a net modifier of -6: no shot can hit, so no number of shots"),
])
def test_how_many_shots_answers_for_the_players_own_skill(query, said):
    """The skill box is the player's: its bar is marked, and the page says its number."""
    at = open_page("explore", view="shots", **query)
    assert f"Your situation, {said}" in text(at)
    bar = chart_data(at)[0]
    own = figures.skill_label(at.session_state["_explore_values"]["ruleset"], int(query.get("skill", query.get("bs"))))
    assert [c == figures.PALETTE[1] for c in bar["marker"]["color"]] == [x == own for x in bar["x"]]


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
    assert waterfall["text"] == ["4", "-1 to hit", "-1 to hit", "6"]  # as the page names them


def test_learn_walkthrough_steps_come_from_the_engine():
    at = open_page("learn", moved="1", cover="hard", stand="1")
    result = situations.answer(situations.learn_situation(at.session_state["_learn_values"])).main
    last = len(result.steps)
    at.slider(key="learn_step").set_value(last).run()
    shown = at.markdown[0].value
    for step in result.steps:
        assert draw.step_markdown(step) in shown  # the text, its docs/rules.md section linked
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
    assert f"{hits} or fewer happens {chance_text(dist.percentile(hits))} of the time" in summary
    assert "/1073741824" not in summary  # the exact 313889477/1073741824 is too long for a sentence


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


@pytest.mark.parametrize(("ruleset", "mod"), [("fantasy", 0), ("fantasy", -2), ("ninth", 0), ("ninth", -3),
                                             ("eighth", 2)])
def test_wound_chart_cells_equal_the_engine(ruleset, mod):
    at = open_page("explore", view="wound", ruleset=ruleset, wound_mod=str(mod))
    heat = chart_data(at)[0]
    axis = range(1, 11) if ruleset == "fantasy" else range(1, 21)
    assert heat["y"] == [f"S{s}" for s in axis] and heat["x"] == [f"T{t}" for t in axis]
    for i, s in enumerate(axis):
        for j, t in enumerate(axis):
            expected = wound_chance(ruleset, s, t, mod)
            if ruleset == "fantasy":
                too_tough = fantasy.wound_score(s, t) is None
                assert heat["text"][i][j].startswith("too tough") == too_tough, (s, t)
                assert (heat["text"][i][j] == "—") == (expected == 0 and not too_tough), (s, t)
            assert heat["customdata"][i][j].split(": ")[1] == f"{chance_text(expected)}", (s, t)
            assert heat["z"][i][j] == pytest.approx(float(expected))
    at.toggle(key="explore_table").set_value(True).run()
    rows = table(at)
    assert list(rows["Strength"]) == list(axis)
    assert rows.loc[3, "T7"] == str(wound_chance(ruleset, 4, 7, mod))


def wound_chance(ruleset, s, t, mod):
    """The engine's own chance, straight from each rule module."""
    if ruleset == "fantasy":
        return fantasy.wound_chance(s, t, mod)
    return ninth.wound_chance(s, t, mod, edition=9 if ruleset == "ninth" else 8)


def test_wound_chart_outlines_the_cell_from_the_link_and_keeps_the_link():
    at = open_page("explore", view="wound", ruleset="ninth", strength="9", toughness="4", wound_mod="-2")
    shapes = json.loads(at.get("plotly_chart")[0].proto.spec)["layout"]["shapes"]
    assert (shapes[0]["x0"], shapes[0]["y0"]) == (3 - 0.5, 8 - 0.5)
    assert "**3+**, **2/3 (66.7%)** per hit" in text(at)  # S9 >= 2 x T4: 2+; -2 is capped at -1: 3+
    assert dict(at.query_params) == {"view": "wound", "ruleset": "ninth", "strength": "9", "wound_mod": "-2"}
    at.number_input(key="explore_toughness").set_value(5).run()
    assert at.query_params["toughness"] == "5" and "**4+**" in text(at)  # S9 > T5: 3+; -1: 4+


def test_wound_chart_brings_a_9th_edition_cell_into_the_fantasy_range():
    at = open_page("explore", view="wound", ruleset="fantasy", strength="14")
    assert "Fantasy goes up to 10 for Strength, so 10 is shown" in text(at)
    assert at.number_input(key="explore_strength").value == 10 and at.query_params["strength"] == "10"


WEAPONS_LINK = {"view": "weapons", "attacks_a": "2D6", "skill_a": "4", "strength_a": "5", "ap_a": "-1",
                "damage_a": "D3", "attacks_b": "6", "skill_b": "3", "strength_b": "8", "ap_b": "-3", "damage_b": "D6",
                "toughness": "5", "save": "3", "invuln": "5", "fnp": "6", "wounds": "3", "models": "4",
                "light_cover": "1", "ruleset": "eighth"}


def test_weapons_view_equals_the_engine_and_its_link_reproduces_it():
    at = open_page("explore", **WEAPONS_LINK)
    assert not at.warning and not at.error
    assert dict(at.query_params) == {k: v for k, v in WEAPONS_LINK.items() if k not in ("save", "skill_b")}  # defaults
    target = ninth.Target(5, 3, 5, True, 6, 3, 4)
    outcomes = [ninth.attack_outcome(ninth.Attack(4, edition=8), "2D6", ninth.Weapon(5, -1, "D3"), target),
                ninth.attack_outcome(ninth.Attack(3, edition=8), "6", ninth.Weapon(8, -3, "D6"), target)]
    bars = chart_data(at)
    for letter, bar, outcome in zip("AB", bars, outcomes, strict=True):
        removed = outcome.models_removed
        mean = metric(at, f"{letter}: models removed on average")
        assert mean == number_text(removed.mean)
        assert bar["x"] == [1, 2, 3, 4]
        assert bar["customdata"] == [exact_chance_text(removed.at_least(k)) for k in bar["x"]]
    better = "AB"[int(outcomes[1].models_removed.mean > outcomes[0].models_removed.mean)]
    assert f"Weapon {better} is better" in text(at)
    at.toggle(key="explore_table").set_value(True).run()
    rows = table(at)
    assert list(rows["models removed"]) == [0, 1, 2, 3, 4]
    assert list(rows["B exactly (fraction)"]) == [str(outcomes[1].models_removed[k]) for k in range(5)]
    again = open_page("explore", **WEAPONS_LINK)
    assert chart_data(again) == bars and text(again) == text(at)


def test_weapons_view_changes_follow_the_widgets_into_the_link():
    at = open_page("explore", view="weapons", ruleset="ninth")
    at.text_input(key="explore_damage_a").set_value("d6").run()
    at.selectbox(key="explore_save").set_value("none").run()
    assert at.query_params["damage_a"] == "D6" and at.query_params["save"] == "none"
    target = ninth.Target(4, None, wounds=2, models=5)
    removed = ninth.attack_outcome(ninth.Attack(3), "10", ninth.Weapon(4, 0, "D6"), target).models_removed
    assert metric(at, "A: models removed on average") == number_text(removed.mean)


def test_fantasy_weapons_fire_with_shots_bs_armour_ward_and_regeneration():
    link = {"view": "weapons", "bs_a": "5", "strength_a": "3", "attacks_b": "D6", "bs_b": "3", "strength_b": "6",
            "ap_b": "-3", "damage_b": "D3", "toughness": "5", "save": "4", "ward": "5", "regen": "6", "wounds": "3",
            "models": "3"}
    at = open_page("explore", **link)
    assert not at.warning and not at.error and dict(at.query_params) == link
    target = fantasy.Target(5, 4, 5, 6, wounds=3, models=3)
    outcomes = [fantasy.shoot(fantasy.Shot(5), "10", fantasy.Weapon(3), target),
                fantasy.shoot(fantasy.Shot(3), "D6", fantasy.Weapon(6, -3, "D3"), target)]
    for letter, bar, outcome in zip("AB", chart_data(at), outcomes, strict=True):
        assert metric(at, f"{letter}: models removed on average") == number_text(outcome.models_removed.mean)
        assert bar["customdata"] == [exact_chance_text(outcome.models_removed.at_least(k)) for k in bar["x"]]
    assert "10 shots at BS 5, S3 AP0" in text(at) and "D6 shots at BS 3, S6 AP-3 Multiple Wounds D3" in text(at)


def test_fantasy_weapons_bring_9th_edition_values_into_range():
    at = open_page("explore", view="weapons", strength_a="16", wounds="12")
    assert "A's Strength, Wounds per model, so 10 is shown" in text(at)
    assert at.query_params["strength_a"] == "10" and at.query_params["wounds"] == "10"
    at = open_page("explore", view="weapons", damage_a="12")  # fine for 9th edition, too many for fantasy
    assert "Weapon A cannot be worked out here" in warnings(at) and "Multiple Wounds" in warnings(at)
    assert metric(at, "B: models removed on average")  # the other weapon stays


@pytest.mark.parametrize(("name", "raw"), [("damage_a", "D7"), ("attacks_b", "lots"), ("save", "1"),
                                           ("wounds", "31"), ("strength", "0"), ("wound_mod", "+9"), ("fnp", "x")])
def test_a_bad_weapons_or_wound_parameter_warns_by_name(name, raw):
    view = "wound" if name in ("strength", "wound_mod") else "weapons"
    at = open_page("explore", view=view, **{name: raw})
    assert f"- {name}:" in warnings(at)
    assert at.session_state["_explore_values"][name] == urlstate.defaults(urlstate.EXPLORE)[name]
    assert at.get("plotly_chart")


def test_weapons_view_refuses_too_much_damage_with_a_message_and_keeps_the_other_weapon():
    at = open_page("explore", view="weapons", ruleset="ninth", attacks_a="1000", damage_a="2D6")
    try:
        compare.weapon_outcome((ninth.Attack(3), "1000", ninth.Weapon(4, 0, "2D6")), ninth.Target(4, 3, wounds=2,
                                                                                                   models=5))
    except ValueError as error:  # the engine refuses A: the page says so, and B stays
        assert f"Weapon A cannot be worked out here: {error}" in warnings(at) and not at.get("plotly_chart")
        assert [m.label for m in at.metric] == ["B: models removed on average"]
    else:
        assert metric(at, "A: models removed on average")


@pytest.mark.parametrize("topic", ["wound", "save", "all"])
def test_quiz_wound_and_save_topics_mark_right_answers_and_show_the_working(topic):
    q = quiz.question(8, 4, topic)
    at = open_page("learn", section="quiz", quiz="8", q="4", topic=topic)
    assert q.situation in at.markdown[0].value and at.query_params["topic"] == topic
    at.radio(key=f"learn_answer_roll_{topic}_8_4").set_value(q.correct_roll).run()
    at.radio(key=f"learn_answer_chance_{topic}_8_4").set_value(q.correct_chance).run()
    at.button(key="learn_check").click().run()
    assert at.success and "Right!" in at.success[0].value
    assert all(draw.step_markdown(step) in text(at) for step in q.steps)


@pytest.mark.parametrize(("query", "outlined", "said"), [
    ({"ruleset": "fantasy", "bs": "3", "mod": "-7"}, (3, -6),
     "the outlined cell, -6, gives the same answer as your -7"),
    ({"ruleset": "fantasy", "bs": "10", "mod": "-7"}, None, "Your modifier, -7, is off the chart"),
    ({"ruleset": "ninth", "skill": "3", "mod": "-5"}, (3, -3), "gives the same answer as your -5"),
    ({"ruleset": "eighth", "skill": "2", "mod": "-5"}, None, "is off the chart"),
    ({"ruleset": "fantasy", "bs": "4", "mod": "-2"}, (4, -2), "The outlined cell is your situation."),
])
def test_the_heatmap_outlines_a_cell_only_where_it_says_so(query, outlined, said):
    """A fantasy roll at -7 ("See this roll across all modifiers") is off the chart's -6..+3: the
    words say which cell, if any, shows the same answer, and only that cell is outlined."""
    at = open_page("explore", **query)
    shown = text(at)
    assert said in shown
    shapes = json.loads(at.get("plotly_chart")[0].proto.spec)["layout"].get("shapes", [])
    if outlined is None:
        assert shapes == [] and "outlined cell" not in shown
        return
    skills, mods = compare.grid_axes(query["ruleset"])
    assert shapes[0]["x0"] == mods.index(outlined[1]) - 0.5 and shapes[0]["y0"] == skills.index(outlined[0]) - 0.5
    skill = outlined[0]
    assert compare.chance(query["ruleset"], skill, outlined[1]) == compare.chance(query["ruleset"], skill,
                                                                                   int(query["mod"]))


def test_the_calculators_link_to_the_heatmap_lands_on_words_that_are_true():
    at = open_page("fantasy", bs="10", conditions="moved,stand", cover="hard", rules="sniper,volley_fire,quick_to_fire")
    link = {link.proto.page: link.proto.query_string for link in at.get("page_link")}["explore"]
    assert "mod=-7" in link
    explore = open_page("explore", **dict(pair.split("=", 1) for pair in link.split("&")))
    assert "is off the chart" in text(explore) and "The outlined cell is your situation" not in text(explore)


def test_learn_takes_only_what_the_rule_set_shown_accepts():
    """Learn's link reads 9th edition's Strength (1..20); with the fantasy rule set the engine takes
    1..10, so the widgets go to 10, the link's 12 shows as 10 with a note, and the walkthrough stays."""
    at = open_page("learn", ruleset="fantasy", s="12", t="14", chain="1")
    assert at.number_input(key="learn_s").max == 10 and at.number_input(key="learn_s").value == 10
    assert at.number_input(key="learn_t").value == 10 and at.number_input(key="learn_wounds").max == 10
    assert "Fantasy goes up to 10 for Strength, Toughness, so 10 is shown." in text(at)
    assert "BS 3: the score needed starts at 7 - 3 = 4." in text(at)
    sit = situations.learn_situation(at.session_state["_learn_values"])
    assert at.slider(key="learn_step").max == len(situations.answer(sit).main.steps) + len(situations.chain(sit).steps)
    at.radio(key="learn_ruleset").set_value("ninth").run()  # 9th edition's range is wider
    assert at.number_input(key="learn_s").max == 20 and not at.exception


# ----- Learn's combat lesson: a unit in ranks, who fights drawn from the engine -----


def _drawn(figure) -> dict[str, list[tuple[float, float, str]]]:
    """The picture's marks by part (the legend's name): (x, y, the number written in the mark)."""
    return {t["name"]: list(zip(t["x"], t["y"], t["text"], strict=True)) for t in figure.to_dict()["data"]}


#: Formations (models, rank width, weapon, charged) and the counts RULES.md §7 gives or that follow from it:
#: (fighting rank, Press of Battle, supporting).
FORMATIONS = [
    ((20, 5, "hand weapon", True), (5, 0, 0)),  # the worked example's Orcs: F 5, S 0
    ((20, 5, "thrusting spear", False), (5, 5, 5)),  # its State Troops: F 5, S 10
    ((20, 5, "great weapon", True), (5, 0, 0)),  # "Strike order": the Greatswords, F 5, S 0
    ((20, 5, "halberd", False), (5, 5, 0)),  # and the halberdiers, F 5, S 5 (halberds do not support)
    ((20, 5, "throwing spear", True), (5, 0, 5)),  # charged: no Press of Battle, the throwing spear supports
    ((7, 5, "thrusting spear", False), (5, 2, 0)),  # an incomplete second rank
    ((13, 4, "whip", False), (4, 4, 4)),  # ranks of 4, 4, 4 and 1
    ((20, 2, "thrusting spear", False), (2, 0, 2)),  # ten deep, two wide: a Marching Column, no Press of Battle
    ((3, 5, "thrusting spear", False), (3, 0, 0)),  # all in the fighting rank
    ((12, 6, "additional hand weapon", False), (6, 6, 0)),  # the fighting rank with 2 Attacks each
]


@pytest.mark.parametrize(("formation", "counts"), FORMATIONS, ids=lambda x: str(x))
def test_the_ranks_picture_counts_what_who_fights_counts(formation, counts):
    from hitrules.presentation import ranks

    models, width, weapon, charged = formation
    unit = ranks.unit_ranks(models, width, weapon, charged=charged)
    supports = fantasy.combat_weapon(weapon, 3, charged=charged).supports
    fighting, others = fantasy.who_fights(models, width, "regular_infantry", supports=supports, charged=charged)
    assert (unit.fighting, unit.press + unit.supporting) == (fighting, others)
    assert (unit.fighting, unit.press, unit.supporting) == counts
    other = ranks.unit_ranks(20, 5, "hand weapon", charged=False)
    drawn = _drawn(ranks.ranks_figure(unit, other, "Top", "Bottom"))
    mine = {name: [(x, y, t) for x, y, t in marks if y > 0] for name, marks in drawn.items()}
    by_part = dict(zip(ranks.ROLE_NAMES, mine.values(), strict=True))
    assert [len(by_part[r]) for r in ("fights", "press", "supports", "idle")] == [*counts, models - sum(counts)]
    attacks = 1 + fantasy.combat_weapon(weapon, 3, charged=charged).extra_attacks
    assert {t for _, _, t in by_part["fights"]} <= {str(attacks)}
    assert {t for _, _, t in by_part["press"] + by_part["supports"]} <= {"1"}
    assert {t for _, _, t in by_part["idle"]} <= {""}
    # Rank by rank from the front (y 0.7, then 1.7…): the fighting rank first, the Press of Battle rank behind it,
    # then the supporting rank; every model in its unit's file, its rank never wider than the rank width.
    rank = {r: {round(y - 0.7) for _, y, _ in by_part[r]} for r in by_part}
    assert rank["fights"] <= {0} and rank["press"] <= {1}
    assert rank["supports"] <= ({2} if counts[1] else {1})
    assert len({(x, y) for marks in by_part.values() for x, y, _ in marks}) == models
    files = {x for marks in by_part.values() for x, _, _ in marks}
    assert files == {c - (width - 1) / 2 for c in range(min(width, models))}


def test_the_combat_lesson_is_the_rules_worked_example_in_ranks():
    at = open_page("learn", section="combat")
    shown = text(at)
    assert ("**Orc Boyz**: 5 fight; no second rank: it charged, and hand weapons do not support. The other 15 do "
            "not fight. 5 attacks in all.") in shown
    assert ("**State Troops**: 5 fight, 5 by Press of Battle, 5 support with thrusting spears. The other 5 do not "
            "fight. 15 attacks in all.") in shown
    # RULES.md §7 "Who fights": with Close Order, Horde and Massed Infantry the Orcs win and draw exactly so.
    win = Fraction(2647482201558228221, 9983749980331966464)
    draw_ = Fraction(931568453650919161, 4991874990165983232)
    assert (metric(at, "Orc Boyz win"), metric(at, "Draw"), metric(at, "Orc Boyz lose")) == (
        chance_text(win), chance_text(draw_), chance_text(1 - win - draw_))
    assert "it strikes at 6" in shown
    drawn = _drawn(figures_of(at, "learn_ranks_picture"))
    assert [len(m) for m in drawn.values()] == [10, 5, 5, 20]  # both fighting ranks; the spears' ranks; the rest
    assert dict(at.query_params) == {"section": "combat"}  # the lesson's own inputs stay out of the link


def figures_of(at, key):
    """The lesson's one chart (its picture of who fights), as Plotly reads it back."""
    import plotly.graph_objects as go

    charts = at.get("plotly_chart")
    assert len(charts) == 1 and key in charts[0].proto.id
    return go.Figure(json.loads(charts[0].proto.spec))


def test_the_learner_changes_the_weapons_who_charged_and_the_ranks():
    at = open_page("learn", section="combat")
    at.selectbox(key="learn_ranks_d_weapon").set_value("hand weapon").run()
    assert ("**State Troops**: 5 fight, 5 by Press of Battle; hand weapons do not support. The other 10 do not "
            "fight. 10 attacks in all.") in text(at)
    at.radio(key="learn_ranks_charged").set_value("").run()
    assert "**Orc Boyz**: 5 fight, 5 by Press of Battle; hand weapons do not support." in text(at)
    at.radio(key="learn_ranks_charged").set_value("d").run()
    assert "**State Troops** (charged)" in text(at)
    assert "**State Troops**: 5 fight; no second rank: it charged, and hand weapons do not support." in text(at)
    at.number_input(key="learn_ranks_a_width").set_value(4).run()
    at.number_input(key="learn_ranks_a_models").set_value(13).run()
    at.selectbox(key="learn_ranks_a_weapon").set_value("thrusting spear").run()
    assert ("**Orc Boyz**: 4 fight, 4 by Press of Battle, 4 support with thrusting spears. The other model does "
            "not fight. 12 attacks in all.") in text(at)
    orcs = ranks_counts(at, top=True)
    fighting, others = fantasy.who_fights(13, 4, "regular_infantry", supports=True, charged=False)
    assert orcs == [4, 4, 4, 1] and (orcs[0], orcs[1] + orcs[2]) == (fighting, others)
    assert dict(at.query_params) == {"section": "combat"}


def ranks_counts(at, top: bool) -> list[int]:
    """How many of one unit's marks the lesson's picture draws in each part."""
    picture = figures_of(at, "learn_ranks_picture")
    return [sum((y > 0) == top for y in t.y) for t in picture.data]


def test_the_charge_lessons_dice_are_the_charges():
    shown = text(open_page("learn", section="charge"))
    assert "D6 that hit" not in shown
    assert "The Charge roll, 2D6 keep the higher: the kept die (✓ the charge reaches):" in shown
    # M 4 from 9": a kept 5 or 6 reaches.
    assert (":red-background[4 ✗] :green-background[**5** ✓] :green-background[**6** ✓]") in shown
    assert "**The Charge roll**: " in shown  # the rolled charge names its first dice as the charge's


@pytest.mark.parametrize(("formation", "said"), [
    ((1, 5, "hand weapon", True), "1 fights: the whole unit is in its fighting rank."),
    ((6, 5, "thrusting spear", False), "5 fight, 1 by Press of Battle."),
    ((11, 5, "thrusting spear", False), "5 fight, 5 by Press of Battle, 1 supports with thrusting spears."),
    ((20, 5, "throwing spear", True),
     "5 fight, 5 support with throwing spears; no Press of Battle: it charged. The other 10 do not fight."),
    ((30, 5, "additional hand weapon", False),
     "5 fight with 2 Attacks each; no second rank: it is deeper than wide (a Marching Column), and additional "
     "hand weapons do not support. The other 25 do not fight."),
    ((12, 5, "thrusting spear", True),
     "5 fight; no second rank: it charged, and thrusting spears do not support in a turn they charged. The other "
     "7 do not fight."),
])
def test_the_ranks_line_says_who_fights_and_why_no_more(formation, said):
    from hitrules.presentation import ranks

    models, width, weapon, charged = formation
    assert ranks.ranks_words(ranks.unit_ranks(models, width, weapon, charged=charged)) == said
