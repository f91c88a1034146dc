"""The pictures of the cover rule and the Overwatch checks: the engine's structured answers,
the figures built from them, and the pages that draw them (AppTest, reading the figure's spec)."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest
from apptest_util import hit_chance, open_page, text

from hitrules import fantasy, ninth, situations
from hitrules.fantasy import Shot, cover_check, resolve
from hitrules.presentation import figures

LOS = range(fantasy.LOS_RANGE[0], fantasy.LOS_RANGE[1] + 1)


# ----- the engine: CoverCheck -----

def test_cover_check_against_the_words_of_the_rule():
    """Every LoS value: at least half as high as the target and at least half as high as the
    shooter, straight from RULES.md §1; the step's text is made from the same check."""
    for shooter, blocker, target in product(LOS, LOS, LOS):
        check = cover_check(shooter, blocker, target)
        counts = blocker >= Fraction(target, 2) and blocker >= Fraction(shooter, 2)
        assert check.counts is counts
        assert check.taller == max(shooter, target)
        assert check.arithmetic == f"2 × {blocker} ≥ {max(shooter, target)}"
        shot = Shot(3, cover="soft", shooter_los=shooter, blocker_los=blocker, target_los=target)
        step = resolve(shot).cover_step
        assert step.kind == ("modifier" if counts else "skipped")
        assert check.arithmetic in step.text and check.reason in step.text


@pytest.mark.parametrize(
    ("shooter", "blocker", "target", "counts", "taller_name", "working"),
    [(1, 1, 2, True, "target", "2 × 1 ≥ 2? Yes"),  # RULES.md §1 worked examples
     (1, 1, 3, False, "target", "2 × 1 ≥ 3? No, 2 < 3"),
     (3, 1, 2, False, "shooter", "2 × 1 ≥ 3? No, 2 < 3"),
     (2, 1, 2, True, "both", "2 × 1 ≥ 2? Yes")],
)
def test_cover_check_worked_examples(shooter, blocker, target, counts, taller_name, working):
    check = cover_check(shooter, blocker, target)
    assert (check.counts, check.taller_name, check.working) == (counts, taller_name, working)
    assert check.verdict == f"{'Cover counts' if counts else 'Cover does not count'}: {working}"


def test_shot_result_reaches_its_cover_check():
    assert resolve(Shot(3)).cover_check is None
    assert resolve(Shot(3, cover="hard", automatic=True)).cover_check is None  # no roll, no cover step
    result = resolve(Shot(3, cover="hard", shooter_los=3, target_los=2))
    assert result.cover_check == cover_check(3, 1, 2) and not result.cover_check.counts


# ----- the engine: the Overwatch checks -----

FLAGS = list(product([False, True], ninth.TRIGGERS, [False, True], [False, True], [False, True]))


def _verdict(overwatch_set, trigger, eir, charged, blast):
    return ninth.overwatch_allowed(overwatch_set=overwatch_set, trigger=trigger, enemy_in_engagement_range=eir,
                                   target_ended_charge_in_engagement_range=charged, blast=blast)


@pytest.mark.parametrize(("overwatch_set", "trigger", "eir", "charged", "blast"), FLAGS)
def test_overwatch_path_stops_at_the_first_check_that_forbids(overwatch_set, trigger, eir, charged, blast):
    """RULES.md §2 as a checklist in the issue's order: Set Overwatch, the trigger, Engagement
    Range (unless the target just ended a charge there), Blast."""
    forbids = {"set_overwatch": not overwatch_set, "trigger": False,
               "engagement": eir and not (trigger == "charge" and charged), "blast": blast}
    first = next((name for name in ninth.OVERWATCH_CHECKS if forbids[name]), None)
    v = _verdict(overwatch_set, trigger, eir, charged, blast)
    assert v.allowed is (first is None)
    assert v.check == (first or "blast")
    assert [c.name for c in v.checks] == list(ninth.OVERWATCH_CHECKS)
    stop = ninth.OVERWATCH_CHECKS.index(v.check)
    assert [c.outcome for c in v.checks] == (
        ["pass"] * stop + ["fail" if first else "pass"] + ["not reached"] * (len(ninth.OVERWATCH_CHECKS) - stop - 1))
    assert v.checks[1].answer == f"Yes: it {ninth.TRIGGER_NAMES[trigger]}"


def test_engagement_range_is_checked_before_blast():
    """The old code answered Blast first; the checklist asks about Engagement Range first."""
    v = _verdict(True, "advance", True, False, True)
    assert (v.allowed, v.check) == (False, "engagement")
    assert v.reason.startswith("No: a unit cannot fire Overwatch while enemy units are within Engagement Range")
    assert v.checks[3].outcome == "not reached"


def test_the_charge_exception_passes_engagement_but_not_blast():
    v = _verdict(True, "charge", True, True, False)
    assert v.allowed and v.checks[2].answer == "Yes, but it just charged in: the exception"
    assert "exception" in v.reason
    v = _verdict(True, "charge", True, True, True)
    assert (v.allowed, v.check) == (False, "blast") and "Blast" in v.reason


# ----- the figures -----

def _title(fig) -> str:
    return fig.to_dict()["layout"]["title"]["text"]


def test_cover_figure_draws_the_check():
    check = cover_check(3, 1, 2)
    fig = figures.cover_figure(check).to_dict()
    bar = fig["data"][0]
    assert list(bar["y"]) == [3, 1, 2]
    assert [x.split("<br>")[0] for x in bar["x"]] == ["Shooter", "Obstacle", "Target"]
    assert "taller" in bar["x"][0] and "taller" not in bar["x"][2]
    line = fig["layout"]["shapes"][0]
    assert line["y0"] == line["y1"] == 1.5 and 0 < line["x0"] < 1 < line["x1"] < 2  # on the obstacle only
    title = fig["layout"]["title"]
    assert title["text"] == "<b>✗ Cover does not count</b><br>2 × 1 ≥ 3? No, 2 < 3"
    assert title["font"]["color"] == figures.NO
    fig = figures.cover_figure(cover_check(1, 1, 2)).to_dict()
    assert fig["layout"]["title"]["text"] == "<b>✓ Cover counts</b><br>2 × 1 ≥ 2? Yes"
    assert fig["layout"]["title"]["font"]["color"] == figures.YES


def test_cover_words_say_the_verdict_and_the_arithmetic():
    words = figures.cover_words(cover_check(3, 1, 2))
    assert words.startswith("Cover does not count: 2 × 1 ≥ 3? No, 2 < 3.")
    assert "the LoS 3 shooter sees over a LoS 1 obstacle" in words


def boxes(spec: dict) -> list[tuple[str, str]]:
    """The Overwatch picture's boxes from top to bottom: their text and their outcome, read from
    the mark and the border colour, which must agree."""
    found = []
    for a in spec["layout"]["annotations"]:
        if "bordercolor" not in a:
            continue  # an arrow
        mark = a["text"].split("<br>")[1][0]
        outcome = {"✓": "pass", "✗": "fail", "–": "not reached"}[mark]
        assert a["bordercolor"] == figures.OVERWATCH_MARKS[outcome][1]
        found.append((a["text"], outcome))
    return found


def test_overwatch_figure_lights_the_path():
    v = _verdict(True, "advance", True, False, True)
    spec = figures.overwatch_figure(v).to_dict()
    got = boxes(spec)
    assert [outcome for _, outcome in got] == ["pass", "pass", "fail", "not reached", "not reached"]
    assert [t.split("</b>")[0] for t, _ in got] == [
        "<b>1. Has the unit Set Overwatch?", "<b>2. Is the trigger one of the six?",
        "<b>3. Enemies within Engagement Range?", "<b>4. Is the weapon Blast?", "<b>Fire Overwatch"]
    assert "✗ Cannot fire: check 3 forbids it" in spec["layout"]["title"]["text"]
    words = figures.overwatch_words(v)
    assert words.endswith(f"Verdict: {v.reason}") and "4. Is the weapon Blast? Not reached." in words


# ----- the pages -----

def charts(at, key: str) -> list[dict]:
    """The specs of the page's plotly charts whose key ends with ``key``."""
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart") if c.proto.id.endswith(key)]


def only_chart(at, key: str) -> dict:
    found = charts(at, key)
    assert len(found) == 1, len(found)
    return found[0]


def alt(at, key: str) -> str:
    return next(c.proto.alt for c in at.get("plotly_chart") if c.proto.id.endswith(key))


@pytest.mark.parametrize(
    ("los", "verdict", "chance"),
    [(("3", "1", "2"), "✗ Cover does not count</b><br>2 × 1 ≥ 3? No, 2 < 3", "1/2 (50.0%)"),
     (("1", "1", "2"), "✓ Cover counts</b><br>2 × 1 ≥ 2? Yes", "1/3 (33.3%)")],
)
def test_fantasy_draws_the_side_view(los, verdict, chance):
    shooter, blocker, target = los
    at = open_page("fantasy", cover="soft", los_shooter=shooter, los_blocker=blocker, los_target=target)
    spec = only_chart(at, "fantasy_cover_picture")
    assert verdict in spec["layout"]["title"]["text"]
    assert hit_chance(at) == chance  # the picture and the number agree
    assert alt(at, "fantasy_cover_picture").startswith(verdict.replace("</b><br>", ": ")[2:])


def test_fantasy_picture_follows_the_inputs_and_goes_with_the_cover():
    at = open_page("fantasy")
    assert not charts(at, "fantasy_cover_picture")
    at.radio(key="fantasy_cover").set_value("hard").run()
    assert "Cover counts" in only_chart(at, "fantasy_cover_picture")["layout"]["title"]["text"]
    at.number_input(key="fantasy_los_target").set_value(3).run()
    assert "2 × 1 ≥ 3? No" in only_chart(at, "fantasy_cover_picture")["layout"]["title"]["text"]
    at.radio(key="fantasy_cover").set_value("none").run()
    assert not charts(at, "fantasy_cover_picture")


def test_split_fire_draws_a_picture_for_each_group():
    at = open_page("fantasy", cover="soft", split="1", cover2="hard", los_shooter2="3", los_target2="2")
    assert "Cover counts" in only_chart(at, "fantasy_cover_picture")["layout"]["title"]["text"]
    assert "Cover does not count" in only_chart(at, "fantasy_cover_picture2")["layout"]["title"]["text"]


def test_learn_shows_the_cover_picture_at_the_cover_step():
    at = open_page("learn", cover="soft", los_shooter="3", los_target="2", step="2")
    assert "Cover does not count" in only_chart(at, "learn_cover_picture")["layout"]["title"]["text"]
    at = open_page("learn", cover="soft", los_shooter="3", los_target="2", step="1")
    assert not charts(at, "learn_cover_picture")


OW = {"trigger": "charge", "overwatch": "1"}


@pytest.mark.parametrize(
    ("query", "outcomes", "allowed"),
    [({"trigger": "charge"}, ["fail", "not reached", "not reached", "not reached"], False),  # not set
     ({**OW, "trigger": "advance", "eir": "1"}, ["pass", "pass", "fail", "not reached"], False),
     ({**OW, "eir": "1"}, ["pass", "pass", "fail", "not reached"], False),
     ({**OW, "eir": "1", "charged": "1"}, ["pass", "pass", "pass", "pass"], True),  # the charge exception
     ({**OW, "blast": "1"}, ["pass", "pass", "pass", "fail"], False),
     ({**OW, "eir": "1", "charged": "1", "blast": "1"}, ["pass", "pass", "pass", "fail"], False),
     ({**OW, "trigger": "advance", "eir": "1", "blast": "1"}, ["pass", "pass", "fail", "not reached"], False),
     (OW, ["pass", "pass", "pass", "pass"], True)],
)
def test_ninth_draws_the_overwatch_path(query, outcomes, allowed):
    at = open_page("ninth", **query)
    spec = only_chart(at, "ninth_overwatch_picture")
    got = [outcome for _, outcome in boxes(spec)]
    assert got == [*outcomes, "pass" if allowed else "not reached"]
    title = spec["layout"]["title"]["text"]
    if allowed:
        assert "✓ May fire Overwatch" in title and hit_chance(at) != "0 (0.0%)"
    else:
        assert f"✗ Cannot fire: check {outcomes.index('fail') + 1} forbids it" in title
        assert hit_chance(at) == "0 (0.0%)"
    # The reason is the engine's own, on the page and in the picture's words.
    reason = (at.success if allowed else at.error)[0].value
    assert alt(at, "ninth_overwatch_picture").endswith(f"Verdict: {reason}")


@pytest.mark.parametrize("trigger", ninth.TRIGGERS)
def test_ninth_lights_the_trigger_check_with_the_trigger(trigger):
    at = open_page("ninth", trigger=trigger, overwatch="1")
    trigger_box = boxes(only_chart(at, "ninth_overwatch_picture"))[1]
    assert trigger_box == (f"<b>2. Is the trigger one of the six?</b><br>✓ Yes: it {ninth.TRIGGER_NAMES[trigger]}",
                           "pass")
    assert ninth.TRIGGER_NAMES[trigger] in text(at)


def test_ninth_without_overwatch_fire_has_no_path():
    at = open_page("ninth")
    assert not charts(at, "ninth_overwatch_picture")
    at.pills(key="ninth_attack").set_value(["overwatch_fire"]).run()
    assert boxes(only_chart(at, "ninth_overwatch_picture"))[0][1] == "fail"  # not Set Overwatch yet
    at.pills(key="ninth_attack").set_value([]).run()
    assert not charts(at, "ninth_overwatch_picture")


def test_the_bench_switch_turns_the_pictures_off(monkeypatch):
    """bench/apptest.py --pictures times the pages with views.pictures.SHOW on and off."""
    from views import pictures

    monkeypatch.setattr(pictures, "SHOW", False)
    assert not charts(open_page("fantasy", cover="soft"), "fantasy_cover_picture")
    assert not charts(open_page("ninth", **OW), "ninth_overwatch_picture")
    monkeypatch.setattr(pictures, "SHOW", True)
    assert charts(open_page("fantasy", cover="soft"), "fantasy_cover_picture")


@pytest.mark.parametrize(("query", "allowed"), [({"ow": "overwatch"}, True), ({"ow": "overwatch,eir"}, False),
                                                ({"ow": ""}, False)])
def test_learn_shows_the_overwatch_path_at_the_step_where_overwatch_decides(query, allowed):
    at = open_page("learn", ruleset="ninth", attack="overwatch_fire", **query)
    sit = situations.learn_situation(at.session_state["_learn_values"])
    steps = situations.answer(sit).result.steps
    verdict = sit.overwatch.verdict()
    deciding = next(i for i, s in enumerate(steps, 1) if s.text == verdict.reason or (allowed and s.kind == "roll"))
    for step in range(1, len(steps) + 1):
        at.slider(key="learn_step").set_value(step).run()
        shown = charts(at, "learn_overwatch_picture")
        assert len(shown) == (step == deciding), step
    at.slider(key="learn_step").set_value(deciding).run()
    title = only_chart(at, "learn_overwatch_picture")["layout"]["title"]["text"]
    assert ("✓ May fire Overwatch" in title) == allowed
