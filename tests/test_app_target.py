"""The target and weapon part of the calculators and Learn, through AppTest: widgets, links, numbers."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from apptest_util import hit_chance, metric, open_page, text, warnings

from hitrules import fantasy, ninth, situations
from hitrules.situations import compare
from hitrules.situations.presets import PRESETS
from hitrules.words import chance_text, mean_text, number_text
from views import draw


def models_removed(at) -> str:
    return metric(at, "Expected models removed")


def test_the_target_part_is_off_by_default_and_one_toggle_turns_it_on():
    at = open_page("fantasy")
    labels = [m.label for m in at.metric]
    assert labels == ["Hit chance", "Roll needed", "Expected hits"]
    at.toggle(key="fantasy_chain").set_value(True).run()
    assert [m.label for m in at.metric][3:] == ["Wound chance", "Unsaved chance", "Expected wounds lost",
                                                "Expected models removed"]
    assert at.query_params["chain"] == "1"


def test_fantasy_example_set_by_widgets():
    """BS 3, 10 shots: S3 against T3 with armour 5+ (RULES.md §4: 4+ to wound), 10 models of 1 Wound."""
    at = open_page("fantasy")
    at.toggle(key="fantasy_chain").set_value(True).run()
    at.number_input(key="fantasy_s").set_value(3).run()
    at.number_input(key="fantasy_t").set_value(3).run()
    at.selectbox(key="fantasy_armour").set_value("5").run()
    assert metric(at, "Wound chance") == "1/2 (50.0%)"
    assert metric(at, "Unsaved chance") == "2/3 (66.7%)"
    exact = fantasy.shoot(fantasy.Shot(3), 10, fantasy.Weapon(3), fantasy.Target(3, armour=5, models=10))
    assert exact.models_removed.mean == Fraction(5, 3)
    assert models_removed(at) == "1.67"
    assert at.metric[6].proto.help == "Exactly 5/3."
    assert dict(at.query_params) == {"chain": "1", "s": "3", "t": "3", "armour": "5"}


def test_fantasy_link_opens_the_target_part_and_every_stage():
    at = open_page("fantasy", s="4", t="4", armour="4", ap="-1", ward="6", mw="D3", wounds="3", models="5",
                   poisoned="1", bane="1")
    assert at.toggle(key="fantasy_chain").value is True
    sit = situations.fantasy_situation(at.session_state["_fantasy_values"])
    exact = fantasy.shoot(fantasy.Shot(3), 10, fantasy.Weapon(4, -1, "D3", True, 1),
                          fantasy.Target(4, 4, 6, None, 3, 5))
    assert situations.chain(sit) == exact
    assert models_removed(at) == number_text(exact.models_removed.mean)
    for stage in ("4+ to wound", "Poisoned Attacks", "Armour 4+, AP -1", "Armour Bane", "Ward save 6+",
                  "Multiple Wounds D3"):
        assert stage in text(at)
    funnel = json.loads(at.get("plotly_chart")[0].proto.spec)["data"][0]
    assert funnel["type"] == "funnel" and funnel["y"] == ["attacks", "hits", "wounds", "unsaved"]
    assert funnel["x"][-1] == pytest.approx(float(exact.unsaved.mean))
    assert metric(at, "Expected wounds lost") == number_text(exact.wounds_lost.mean)


def test_ninth_example_and_its_link():
    """9th: BS 3+, S4 against T4, Sv 3+ against AP -1 (RULES.md §5 and ninth.attack_outcome's example)."""
    at = open_page("ninth", s="4", t="4", sv="3", ap="-1")
    assert metric(at, "Wound chance") == "1/2 (50.0%)"
    assert metric(at, "Unsaved chance") == "1/2 (50.0%)"
    assert models_removed(at) == "1.67"
    at.toggle(key="ninth_extra").set_value(True).run()
    assert metric(at, "Unsaved chance") == "1/2 (50.0%)"  # nothing more until a rule is chosen
    at.checkbox(key="ninth_cover").check().run()  # Light cover: +1 to the save, ranged
    assert metric(at, "Unsaved chance") == "1/3 (33.3%)"
    at.pills(key="ninth_attack").set_value(["melee"]).run()  # cover does not count in melee
    assert metric(at, "Unsaved chance") == "1/2 (50.0%)"


def test_ninth_damage_and_feel_no_pain_into_multi_wound_models():
    at = open_page("ninth", s="8", t="4", damage="D3", fnp="5", wounds="3", models="4", attacks="6")
    exact = ninth.attack_outcome(ninth.Attack(3), 6, ninth.Weapon(8, damage="D3"),
                                 ninth.Target(4, feel_no_pain=5, wounds=3, models=4))
    assert metric(at, "Wound chance") == "5/6 (83.3%)"
    assert models_removed(at) == number_text(exact.models_removed.mean)


def test_leman_russ_attacks_with_its_own_weapon():
    at = open_page("ninth", rules="leman_russ", chain="1", t="8", sv="3", wounds="12", models="1", weapon="2")
    lascannon = PRESETS["leman_russ"].weapon_profile("Lascannon (hull)")
    exact = ninth.attack_outcome(ninth.Attack(4, edition=8), 1, lascannon, ninth.Target(8, 3, wounds=12))
    assert models_removed(at) == number_text(exact.models_removed.mean)
    assert metric(at, "Wound chance") == "2/3 (66.7%)"  # S9 against T8: 3+
    assert "ninth_s" not in [w.key for w in at.number_input]  # the preset's weapon decides S, AP, Damage


def test_split_fire_sends_both_groups_into_one_unit():
    at = open_page("fantasy", conditions="split", shots="4", shots2="4", cover2="hard", s="3", t="3", models="20")
    groups = [(fantasy.Shot(3), 4), (fantasy.Shot(3, cover="hard"), 4)]
    exact = fantasy.shoot_split(groups, fantasy.Weapon(3), fantasy.Target(3, models=20))
    assert models_removed(at) == number_text(exact.models_removed.mean)
    assert exact.models_removed.mean == 4 * Fraction(1, 2) * Fraction(1, 2) + 4 * Fraction(1, 6) * Fraction(1, 2)


@pytest.mark.parametrize(("page", "query", "named"), [
    ("fantasy", {"s": "0"}, "s:"), ("fantasy", {"t": "11"}, "t:"), ("fantasy", {"armour": "1"}, "armour:"),
    ("fantasy", {"ap": "1"}, "ap:"), ("fantasy", {"mw": "banana"}, "mw:"), ("fantasy", {"models": "0"}, "models:"),
    ("ninth", {"t": "21"}, "t:"), ("ninth", {"sv": "1"}, "sv:"), ("ninth", {"ap": "+1"}, "ap:"),
    ("ninth", {"damage": "banana"}, "damage:"), ("ninth", {"models": "0"}, "models:"), ("ninth", {"fnp": "7"}, "fnp:"),
    ("ninth", {"wmods": "x"}, "wmods:"), ("ninth", {"wreroll": "all"}, "wreroll:"),
])
def test_bad_target_values_in_a_link_are_named(page, query, named):
    at = open_page(page, chain="1", **query)
    assert named in warnings(at)
    assert metric(at, "Expected models removed")  # the rest of the link still applies


def test_too_much_damage_is_refused_with_the_hit_and_the_settings_kept():
    at = open_page("ninth", chain="1", attacks="50D6", damage="2D6", wounds="3")
    assert hit_chance(at) == "2/3 (66.7%)" and metric(at, "Expected hits") == "116.67"
    try:
        situations.chain(situations.ninth_situation(at.session_state["_ninth_values"]))
    except ValueError as error:  # the engine refuses: the page says so, in its words, where the stages would be
        assert str(error) in warnings(at) and "Expected models removed" not in [m.label for m in at.metric]
    else:
        assert metric(at, "Expected models removed")
    assert at.text_input(key="ninth_attacks").value == "50D6"


def test_learn_walks_past_the_hit():
    at = open_page("learn", ruleset="ninth", skill="3", chain="1", s="4", t="4", sv="3", ap="-1")
    last = int(at.slider(key="learn_step").max)
    sit = situations.learn_situation(at.session_state["_learn_values"])
    chain = situations.chain(sit)
    assert last == len(sit and situations.answer(sit).result.steps) + len(chain.steps)
    at.slider(key="learn_step").set_value(last).run()
    shown = text(at)
    for step in chain.steps:
        assert draw.step_markdown(step) in shown  # the text, its docs/rules.md section linked
    assert "So each attack wounds and gets through with chance 1/6 (16.7%)" in shown


def test_calculator_link_to_learn_carries_the_target():
    at = open_page("ninth", s="5", t="4", sv="4", cover="1", fnp="6", wounds="2", models="3")
    link = {link.proto.page: link.proto.query_string for link in at.get("page_link")}["learn"]
    assert "light_cover=1" in link and "chain=1" in link
    learn = open_page("learn", **dict(pair.split("=", 1) for pair in link.split("&")))
    calc_sit = situations.ninth_situation(at.session_state["_ninth_values"])
    learn_sit = situations.learn_situation(learn.session_state["_learn_values"])
    assert learn_sit.weapon == calc_sit.weapon and learn_sit.target == calc_sit.target
    assert hit_chance(at) == "2/3 (66.7%)"


def test_the_rarer_rules_count_only_while_shown():
    at = open_page("fantasy", s="4", t="4", ward="5")
    assert at.toggle(key="fantasy_extra").value is True  # a rarer rule in a link shows them
    with_ward = metric(at, "Unsaved chance")
    at.toggle(key="fantasy_extra").set_value(False).run()
    assert metric(at, "Unsaved chance") != with_ward and "ward" not in at.query_params
    at.toggle(key="fantasy_extra").set_value(True).run()
    assert metric(at, "Unsaved chance") == with_ward and at.query_params["ward"] == "5"


#: Links whose numbers round at an exact half, or had been rounded three ways (0.12 on /ninth, 0.13 on
#: Explore, 0.125 on Learn for the same 1/8 models removed).
SAMPLE_LINKS = [
    ("ninth", {"attacks": "1", "skill": "4", "s": "4", "t": "4", "sv": "4", "models": "1"}),  # 1/8 removed
    ("ninth", {"attacks": "D6", "s": "8", "t": "4", "damage": "D3", "fnp": "5", "wounds": "3", "models": "4"}),
    ("ninth", {"rules": "leman_russ", "chain": "1", "t": "8", "sv": "3", "wounds": "12", "models": "1",
               "weapon": "2"}),
    ("fantasy", {"shots": "1", "bs": "3", "s": "4", "t": "4", "armour": "4", "models": "1"}),  # 1/8 removed
    ("fantasy", {"shots": "2D6", "s": "4", "t": "4", "armour": "4", "ap": "-1", "mw": "D3", "wounds": "3",
                 "models": "5"}),
    ("fantasy", {"conditions": "split", "shots": "4", "shots2": "3", "cover2": "hard", "s": "3", "t": "3"}),
    ("fantasy", {"shots": "7"}),
]


def _decimals(words: str) -> list[str]:
    """Every number with decimals that is not a percentage."""
    return re.findall(r"(?<![\d.])-?\d+\.\d+(?![\d.]*%)", words)


@pytest.mark.parametrize(("page", "query"), SAMPLE_LINKS)
def test_every_number_a_calculator_shows_is_the_engines_exact_value_rounded_once(page, query):
    """Each metric, the funnel's labels and every decimal the page writes is number_text of the
    engine's exact value (exact halves up): never a float's rounding (1/8 is 0.13, not 0.12)."""
    at = open_page(page, **query)
    sit = (situations.fantasy_situation if page == "fantasy" else situations.ninth_situation)(
        at.session_state[f"_{page}_values"])
    answer, chain = situations.answer(sit), situations.chain(sit)
    result = answer.main if page == "fantasy" else answer.result
    expected = {"Hit chance": chance_text(result.probability), "Expected hits": number_text(answer.distribution.mean)}
    means = [answer.distribution.mean]
    if chain:
        expected |= {"Wound chance": chance_text(chain.wound_chance),
                     "Unsaved chance": chance_text(chain.unsaved_chance),
                     "Expected wounds lost": number_text(chain.wounds_lost.mean),
                     "Expected models removed": number_text(chain.models_removed.mean)}
        stages = [situations.expected_attacks(sit), chain.hits.mean, chain.wounds.mean, chain.unsaved.mean]
        (funnel,) = [trace for chart in at.get("plotly_chart") for trace in json.loads(chart.proto.spec)["data"]
                     if trace["type"] == "funnel"]
        assert funnel["text"] == [number_text(v) for v in stages]
        means += [*stages, chain.wounds_lost.mean, chain.models_removed.mean]
    shown = {m.label: m.value for m in at.metric}
    assert {label: shown[label] for label in expected} == expected
    allowed = {number_text(v) for v in means}
    for number in _decimals(text(at)) + _decimals(" ".join(shown.values())):
        assert number in allowed, (number, allowed)


def test_explore_and_learn_write_the_same_number_as_the_calculator():
    """The same 1/8 models removed: 0.13 on the calculator, Explore's weapons and Learn's walkthrough."""
    link = {"attacks": "1", "skill": "4", "s": "4", "t": "4", "sv": "4", "models": "1"}
    assert metric(open_page("ninth", **link), "Expected models removed") == "0.13"
    explore = open_page("explore", view="weapons", ruleset="ninth", attacks_a="1", skill_a="4", strength_a="4",
                        attacks_b="1", skill_b="4", strength_b="4", toughness="4", save="4", wounds="1",
                        models="1")
    assert metric(explore, "A: models removed on average") == "0.13"
    learn = open_page("learn", ruleset="ninth", skill="4", s="4", t="4", sv="4", models="1", step="40")
    assert "removes 1/8 (0.13) models on average" in text(learn)


@pytest.mark.parametrize("query", [
    {"view": "weapons", "ruleset": "ninth", "attacks_a": "1", "skill_a": "4", "strength_a": "4", "toughness": "4",
     "save": "4", "wounds": "1", "models": "1"},
    {"view": "weapons"}, {"view": "weapons", "ruleset": "fantasy", "damage_b": "D3", "wounds": "3"},
])
def test_every_number_explores_weapons_show_is_the_engines_exact_value_rounded_once(query):
    from views import explore_weapons as explore  # "which weapon is better?" reads the weapons there

    at = open_page("explore", **query)
    values = at.session_state["_explore_values"]
    target = explore._target(values, values["ruleset"])
    duel = compare.weapon_duel(*(explore._shooter(values, s, values["ruleset"]) for s in "ab"), target)
    means = duel.means
    assert [m.value for m in at.metric] == [number_text(m) for m in means]
    allowed = {number_text(m) for m in means} | {number_text(abs(means[0] - means[1]))}
    for number in _decimals(text(at)):
        assert number in allowed, (number, allowed)


@pytest.mark.parametrize("query", [
    {"ruleset": "ninth", "skill": "4", "s": "4", "t": "4", "sv": "4", "models": "1"},
    {"ruleset": "fantasy", "s": "4", "t": "3", "armour": "5", "mw": "D3", "wounds": "2", "models": "3"},
])
def test_every_number_learns_walkthrough_shows_is_the_engines_exact_value_rounded_once(query):
    at = open_page("learn", step="40", **query)
    chain = situations.chain(situations.learn_situation(at.session_state["_learn_values"]))
    assert f"removes {mean_text(chain.models_removed.mean)} models on average" in text(at)
    for number in _decimals(text(at)):
        assert number == number_text(chain.models_removed.mean), number
