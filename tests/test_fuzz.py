"""Fuzzing: random links into every page, random calls into the public API, and the limits.

`make test` runs a few dozen cases of each; `make fuzz` sets HITRULES_FUZZ_EXAMPLES=10000.
"""

from __future__ import annotations

import contextlib
import os
import time
from fractions import Fraction

import pytest
from apptest_util import open_page
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hitrules import compare, dice, fantasy, ninth, presets, quiz, situations, urlstate

EXAMPLES = int(os.environ.get("HITRULES_FUZZ_EXAMPLES", "60"))
PAGES = {"fantasy": urlstate.FANTASY, "ninth": urlstate.NINTH, "explore": urlstate.EXPLORE,
         "learn": urlstate.LEARN}
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 100,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

good_looking = st.sampled_from(["0", "1", "2", "3", "6", "10", "-1", "+1", "D6", "2D6+1", "none", "soft", "hard",
                                "unit", "sniper,volley_fire", "-1,-1,+1", "ones", "failed", "charge", "9", "8",
                                "leman_russ", "moved+soft;hard", "stacks", "quiz", "fantasy", "ninth", "eighth",
                                "wound", "weapons", "14", "2D6", "D3+1"])
junk = st.one_of(st.text(max_size=40), st.text(alphabet="0123456789+-,;Dd ", max_size=30),
                 st.integers(-10**9, 10**9).map(str), st.just("x" * 3000))


def query_for(params):
    names = st.one_of(st.sampled_from([p.name for p in params]), st.text(min_size=1, max_size=8))
    return st.dictionaries(names, st.one_of(good_looking, junk), max_size=8)


@SETTINGS
@given(page=st.sampled_from(sorted(PAGES)), data=st.data())
def test_random_links_never_break_a_page(page, data):
    """Each case is one link into one of the pages: no exception, every bad parameter named
    in a warning, every good one kept."""
    params = PAGES[page]
    query = data.draw(query_for(params))
    at = open_page(page, **query)  # asserts no exception
    shown = "\n".join(w.value for w in at.warning)
    too_long = urlstate.query_length(query) > urlstate.MAX_QUERY_LENGTH
    if too_long:
        assert "This link is too long" in shown
        return
    stored = at.session_state[f"_{page}_values"]
    for p in params:
        if p.name not in query:
            continue
        try:
            expected = p.parse(query[p.name])
        except ValueError:
            assert f"- {p.name}:" in shown, (p.name, query[p.name])
            continue
        if p.name in ("step", "stacks"):  # the page clamps the step; Explore may edit stacks
            continue
        if page == "explore" and stored[p.name] == 10 < expected:  # fantasy's Strength, Toughness, Wounds
            continue
        assert stored[p.name] == expected, (p.name, query[p.name])


anything = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                     st.fractions(), st.text(max_size=20), st.lists(st.integers(-8, 8), max_size=4),
                     st.tuples(st.text(max_size=8)), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))

API = [
    lambda a, b, c: fantasy.hit_chance(a, b),
    lambda a, b, c: fantasy.required_score(a, b),
    lambda a, b, c: fantasy.resolve(fantasy.Shot(a, cover=b, special_rules=c)),
    lambda a, b, c: fantasy.resolve(fantasy.Shot(3, shooter_los=a, blocker_los=b, target_los=c)),
    lambda a, b, c: ninth.hit_chance(a, b, c),
    lambda a, b, c: ninth.hit_chance(3, 0, reroll=a, overwatch=b, edition=c),
    lambda a, b, c: ninth.resolve(ninth.Attack(a, b, reroll=c)),
    lambda a, b, c: ninth.overwatch_allowed(overwatch_set=a, trigger=b, enemy_in_engagement_range=c,
                                            target_ended_charge_in_engagement_range=a, blast=b),
    lambda a, b, c: ninth.net_modifier(a, b),
    lambda a, b, c: dice.hits(a, b),
    lambda a, b, c: dice.parse_attacks(a),
    lambda a, b, c: dice.hits(3, Fraction(1, 2)) + dice.hits(a, b),
    lambda a, b, c: compare.chance(a, b, c),
    lambda a, b, c: compare.diff_cell(a, b),
    lambda a, b, c: compare.which_helps(a, b, c),
    lambda a, b, c: compare.shots_needed(Fraction(1, 3), a, b, 200),
    lambda a, b, c: compare.stack_result(a, b),
    lambda a, b, c: quiz.question(a, b),
    lambda a, b, c: quiz.question(3, 2, a),
    lambda a, b, c: compare.wound_cell(a, b, c),
    lambda a, b, c: compare.weapon_duel(a, b, ninth.Target(4)),
    lambda a, b, c: presets.PRESETS["leman_russ"].skill(a),
    lambda a, b, c: presets.PRESETS["leman_russ"].attacks(a, b),
    lambda a, b, c: ninth.parse_modifiers(a),
    lambda a, b, c: compare.parse_stacks(a),
]


@SETTINGS
@given(st.sampled_from(range(len(API))), anything, anything, anything)
def test_the_public_api_raises_only_value_errors(which, a, b, c):
    with contextlib.suppress(ValueError):
        API[which](a, b, c)


@pytest.mark.parametrize("page", PAGES)
def test_every_parameter_parser_raises_only_value_errors(page):
    for p in PAGES[page]:
        for raw in ("", " ", "x" * 500, "\x00", "1e9", "９", "-0", "+", ",", ";", "D", "2D6+999999"):
            with contextlib.suppress(ValueError):
                p.parse(raw)


def best_of_three(fn) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def answer_fantasy(values: dict):
    """The fantasy page's answer, worked out afresh (not from the shared cache)."""
    return situations.answer.__wrapped__(situations.fantasy_situation(values))


def answer_ninth(values: dict):
    return situations.answer.__wrapped__(situations.ninth_situation(values))


WORST = {
    "fantasy: 1,000 shots": lambda: answer_fantasy(
        {**urlstate.defaults(urlstate.FANTASY), "shots": "1000"}),
    "fantasy: split fire 500 + 500": lambda: answer_fantasy(
        {**urlstate.defaults(urlstate.FANTASY), "shots": "500", "conditions": ("split",), "shots2": "500",
         "cover2": "soft"}),
    "fantasy: 50D6 + 50D6": lambda: answer_fantasy(
        {**urlstate.defaults(urlstate.FANTASY), "shots": "50D6", "conditions": ("split",), "shots2": "50D6",
         "cover2": "hard"}),
    "ninth: 50D6 attacks, 20 modifiers": lambda: answer_ninth(
        {**urlstate.defaults(urlstate.NINTH), "attacks": "50D6", "mods": (-1,) * 20, "reroll": "failed"}),
    "the longest link": lambda: urlstate.parse_query(
        urlstate.FANTASY, {"rules": ",".join(["sniper"] * 280)[: urlstate.MAX_QUERY_LENGTH - 10]}),
    "shots needed, rarest hit": lambda: compare.shots_needed(Fraction(1, 36), 10, Fraction(99, 100)),
}


@pytest.mark.parametrize("name", WORST)
def test_the_slowest_accepted_inputs_compute_in_under_200_ms(name):
    """The limits are chosen so that no accepted input stalls a shared server (best of three)."""
    seconds = best_of_three(WORST[name])
    print(f"{name}: {seconds * 1000:.1f} ms")
    assert seconds < 0.2


def test_the_slowest_figures_build_in_under_200_ms():
    from hitrules import figures

    dist = answer_fantasy({**urlstate.defaults(urlstate.FANTASY), "shots": "1000"}).distribution
    seconds = best_of_three(lambda: (figures.distribution_figure(dist).to_dict(), figures.distribution_table(dist)))
    print(f"figure and table for 1,000 shots: {seconds * 1000:.1f} ms")
    assert seconds < 0.2
