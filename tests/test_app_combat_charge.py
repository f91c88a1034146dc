"""/combat's charge part (issue 28) through AppTest: set by widgets and reopened from its link, each headline
against the engine's exact value and RULES.md §8's whole charge, the reactions' table against charge(), the
bad inputs each answered beside their input with the rest of the page kept, and old links unchanged."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from apptest_util import metric, open_page, text

from hitrules import fantasy
from hitrules.edge import urlstate
from hitrules.fantasy import Mover, Side, Target, Weapon
from hitrules.presentation import figures
from hitrules.situations import combat as combat_situations
from hitrules.words import chance_text

CHARGE_HEADLINES = ("Charge reaches", "Charged unit destroyed", "Charger destroyed", "Fight goes on")
ROUND_HEADLINES = ("Charger wins", "Draw", "Charger loses", "Charged unit breaks")
#: RULES.md §8's whole charge as a /combat link: §7's round (2 models a side) with the charger at its profile's
#: Initiative 3, M 4 from 6", the charged unit Holding, both pursuing 2D6.
WORKED_CHARGE = {**{k: v for k, v in combat_situations.WORKED_ROUND.items() if k != "a_i"}, "charge": "1",
                 "distance": "6"}
#: A charge with everything the part takes: Swiftstride and Hold Your Ground, terrain, a pivot, and shots.
FULL = {"charge": "1", "distance": "9", "a_m": "5", "d_m": "3", "a_move": "swiftstride", "d_move": "hold_your_ground",
        "terrain": "1", "gap": "1", "ss_shots": "10", "ss_bs": "4", "ss_s": "4", "ss_ap": "-1"}


def shown(at, labels=CHARGE_HEADLINES + ROUND_HEADLINES) -> dict[str, str]:
    return {m.label: m.value for m in at.metric if m.label in labels}


def engine(link: dict, reaction: str | None = None):
    """The whole charge the link describes, straight from the engine (the sides as the page folds them)."""
    values = urlstate.parse_query(urlstate.COMBAT, link).values
    c = combat_situations.whole_charge(urlstate.combat_input(values))
    reaction = reaction or values["reaction"]
    return fantasy.charge(c.sides.charger, c.sides.charged, c.distance, c.charger_moves, c.charged_moves, reaction,
                          c.terrain, c.shooting if reaction == "stand_and_shoot" else (), c.gap)


def expected_headlines(result) -> dict[str, str]:
    out = result.outcomes
    return {"Charge reaches": chance_text(result.reached),
            "Charged unit destroyed": chance_text(out["charged_destroyed"] + out["run_down"] + out["both_destroyed"]),
            "Charger destroyed": chance_text(out["charger_destroyed"] + out["both_destroyed"]),
            "Fight goes on": chance_text(out["fight_goes_on"])}


def test_the_worked_whole_charge_from_its_link():
    """RULES.md §8: reached 35/36, charged_destroyed 247135/1990656 (nothing else destroys it here)."""
    at = open_page("combat", **WORKED_CHARGE)
    assert metric(at, "Charge reaches") == "35/36 (97.2%)"
    assert metric(at, "Charged unit destroyed") == chance_text(Fraction(247135, 1990656))
    assert "247135/1990656" not in text(at)  # the long fraction: in the table of headlines, not in a sentence
    at.segmented_control(key="combat_charge_chart").set_value("tables").run()
    table = at.dataframe[0].value
    assert table.loc[table["headline"] == "Charged unit destroyed", "chance (fraction)"].item() == "247135/1990656"
    # The engine's own sides, built here by hand: the page's headlines are exactly its outcomes.
    two = Side(Target(3, models=2), ws=3, initiative=3, leadership=7, rank_width=2, fighting=2, supporting=0,
               attacks=1, weapon=Weapon(3))
    assert shown(at, CHARGE_HEADLINES) == expected_headlines(fantasy.charge(two, two, 6, Mover(4), Mover(4)))
    # The round shown is the round after this charge (Initiative 3 + 3): §7's whole round.
    assert metric(at, "Charger wins") == "11/32 (34.4%)"
    assert "**+3 Initiative for the charge from 6\"**" in text(at)
    assert "Why: the charge in order" in text(at) and "Why: the round in order" not in text(at)


def test_the_charge_part_by_widgets_and_by_its_link_shows_the_same():
    at = open_page("combat")
    at.toggle(key="combat_charge").set_value(True).run()
    at.toggle(key="combat_more").set_value(True).run()
    for name, value in (("distance", 9), ("a_m", 5), ("d_m", 3), ("gap", 1), ("ss_bs", 4), ("ss_s", 4),
                        ("ss_ap", -1)):
        at.number_input(key=f"combat_{name}").set_value(value).run()
    at.checkbox(key="combat_terrain").check().run()
    at.multiselect(key="combat_a_move").set_value(["swiftstride"]).run()
    at.multiselect(key="combat_d_move").set_value(["hold_your_ground"]).run()
    at.text_input(key="combat_ss_shots").input("10").run()
    at.segmented_control(key="combat_reaction").set_value("stand_and_shoot").run()
    assert not at.error
    link = dict(at.query_params)
    assert {k: link[k] for k in FULL} == FULL and link["reaction"] == "stand_and_shoot"
    headlines = shown(at)
    assert headlines == {**shown(at), **expected_headlines(engine(link))}
    again = open_page("combat", **link)  # a second visitor with the link
    assert shown(again) == headlines
    assert dict(again.query_params) == link
    assert again.segmented_control(key="combat_reaction").value == "stand_and_shoot"


@pytest.mark.parametrize("reaction", ["hold", "stand_and_shoot", "flee"])
def test_each_headline_is_the_engines_exact_value(reaction):
    link = {**FULL, "reaction": reaction}
    at = open_page("combat", **link)
    result = engine(link)
    assert shown(at, CHARGE_HEADLINES) == expected_headlines(result)
    if result.round is not None:  # the round shown is the charge's own round (Stand & Shoot's losses in it)
        assert metric(at, "Charger wins") == chance_text(result.round.win)
    assert "Why: the charge in order" in text(at)


def reaction_rows(at):
    frame = next(df.value for df in at.dataframe if "reaction" in df.value.columns)
    return [tuple(row) for row in frame[["reaction", "outcome", "chance (fraction)"]].itertuples(index=False)]


def test_the_reactions_table_and_chart_are_charge_for_each_reaction():
    at = open_page("combat", **FULL)
    chart = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                 if "How this turn ends" in json.dumps(json.loads(c.proto.spec)["layout"]["title"]))
    assert len(at.get("plotly_chart")) == 1  # one chart at a time: the reactions, first
    at.segmented_control(key="combat_charge_chart").set_value("tables").run()
    assert at.query_params["charge_chart"] == "tables"
    expected = []
    for reaction in ("hold", "stand_and_shoot", "flee"):
        outcomes = engine(FULL, reaction).outcomes
        assert sum(outcomes.values()) == 1
        expected += [(figures.REACTION_NAMES[reaction], figures.CHARGE_OUTCOME_NAMES[o], str(p))
                     for o, p in outcomes.items()]
    assert reaction_rows(at) == expected
    assert at.get("download_button")  # its CSV
    bars = {trace["name"]: trace for trace in chart["data"]}
    assert list(chart["data"][0]["y"]) == ["Hold ◀ chosen", "Stand & Shoot", "Flee"]
    run_down = engine(FULL, "flee").outcomes["run_down"]
    assert bars["Run down"]["customdata"][2].startswith(str(run_down))


def test_old_links_are_unchanged():
    """A link from before the charge part: no charge headlines, the round as it was, the link as it was."""
    at = open_page("combat", **combat_situations.WORKED_ROUND)
    assert not [m for m in at.metric if m.label in CHARGE_HEADLINES]
    assert shown(at, ROUND_HEADLINES)["Charger wins"] == "11/32 (34.4%)"
    assert not at.toggle(key="combat_charge").value
    assert dict(at.query_params) == combat_situations.WORKED_ROUND
    assert "Why: the round in order" in text(at)


def test_a_distance_beyond_the_maximum_cannot_be_declared_and_the_round_still_shows():
    at = open_page("combat", charge="1", distance="12")  # M 4: at most 10"
    assert any("The charge cannot be declared from 12\": the charger's maximum possible charge range is 10\""
               in e.value for e in at.error)
    values = urlstate.parse_query(urlstate.COMBAT, {"charge": "1", "distance": "12"}).values
    contact = combat_situations.round_in_contact(
        combat_situations.whole_charge(urlstate.combat_input(values)))
    assert metric(at, "Charger wins") == chance_text(contact.win)
    assert not [m for m in at.metric if m.label == "Charge reaches"]
    assert at.query_params["distance"] == "12"


def test_stand_and_shoot_from_less_than_m_says_so_and_the_other_reactions_show():
    link = {"charge": "1", "distance": "3", "reaction": "stand_and_shoot", "ss_shots": "10"}
    at = open_page("combat", **link)
    assert any("Stand & Shoot is allowed only when the charger starts at least its Movement away" in e.value
               for e in at.error)
    assert metric(at, "Charge reaches") == chance_text(engine(link, "hold").reached)
    at.segmented_control(key="combat_charge_chart").set_value("tables").run()
    assert {r for r, _, _ in reaction_rows(at)} == {"Hold", "Flee"}
    assert metric(at, "Charger wins")  # the round in contact, as Hold has it


def test_no_shots_to_stand_and_shoot_with_says_so():
    at = open_page("combat", charge="1", reaction="stand_and_shoot")
    assert any("no shots to Stand & Shoot with" in e.value for e in at.error)
    assert metric(at, "Charge reaches")


def test_a_charge_too_big_to_work_out_keeps_the_charge_rolls_chance():
    link = {"charge": "1", "distance": "9", "a_models": "100", "a_width": "20", "a_attacks": "10"}
    at = open_page("combat", **link)
    assert metric(at, "Charge reaches") == chance_text(fantasy.charge_roll(Mover(4), 9).reached) == "5/9 (55.6%)"
    assert any("Too many attacks to work out" in w.value for w in at.warning)
    assert "Why: the Charge roll" in text(at)
    at.segmented_control(key="combat_charge_chart").set_value("tables").run()
    assert {r for r, _, _ in reaction_rows(at)} == {"Flee"}  # fleeing needs no round


def test_every_preset_turns_the_charge_on_with_its_published_movement():
    for key, preset in combat_situations.COMBAT_PRESETS.items():
        values = urlstate.preset_values(key)
        assert values["charge"] and values["distance"] > 1, key
        assert "The charge: from" in preset.source and "The page adds the charge's +3 Initiative" in preset.source
    values = urlstate.preset_values("lance_halberdiers")
    assert (values["a_m"], values["a_move"], values["a_i"]) == (8, ("swiftstride", "finest_warhorses"), 3)
    values = urlstate.preset_values("chariot_dwarfs")
    assert (values["a_m"], values["d_m"], values["d_move"]) == (7, 3, ("resolute",))


def test_learns_whole_charge_rolled_is_seeded_shown_and_the_engines():
    """Learn's roll-through: each die shown, the seed in the link (the same dice for everyone), and over many
    seeds each way the turn ends comes up as often as the engine's exact chance says (within 5 standard errors)."""
    from views import learn_charge as learn  # the charge rolled through lives there

    at = open_page("learn", section="charge", seed="7")
    lines, outcome = learn.roll_through_charge(random.Random(7))
    shown = text(at)
    assert all(line in shown for line in lines) and "**The Charge roll**" in lines[0]
    assert f"**This time: {figures.CHARGE_OUTCOME_NAMES[outcome].lower()}**" in shown
    at.button(key="learn_reroll_charge").click().run()
    assert at.query_params["seed"] == "8" and learn.roll_through_charge(random.Random(8))[0][0] in text(at)
    runs = 6000
    counts = Counter(learn.roll_through_charge(random.Random(seed))[1] for seed in range(runs))
    two = Side(Target(3, models=2), ws=3, initiative=3, leadership=7, rank_width=2, fighting=2, supporting=0,
               attacks=1, weapon=Weapon(3))
    exact = fantasy.charge(two, two, 6, Mover(4), Mover(4)).outcomes
    assert set(counts) <= set(exact)
    for name, p in exact.items():
        spread = 5 * math.sqrt(float(p * (1 - p)) / runs)
        assert abs(counts[name] / runs - float(p)) <= spread, (name, counts[name] / runs, float(p))


def test_one_chart_at_a_time_with_the_charge_and_an_older_links_chart_kept():
    """With the charge on, one chooser: the reactions first, then the round's charts and the tables. A link from
    before it (``chart`` beside ``charge=1``, when the reactions were drawn above that chart) opens on its chart;
    a link written since carries the charge part's own choice, so the two never mix."""
    at = open_page("combat", charge="1", distance="7")
    assert [c.proto.id for c in at.get("plotly_chart")] and at.segmented_control(key="combat_charge_chart").value \
        == "reactions"
    assert "charge_chart" not in at.query_params and not [s for s in at.segmented_control if s.key == "combat_chart"]
    old = open_page("combat", charge="1", distance="7", chart="break")
    assert old.segmented_control(key="combat_charge_chart").value == "break"
    assert len(old.get("plotly_chart")) == 1 and "Break" in old.get("plotly_chart")[0].proto.spec
    assert old.query_params["charge_chart"] == "break"
    old.segmented_control(key="combat_charge_chart").set_value("reactions").run()
    link = dict(old.query_params)
    assert link["charge_chart"] == "reactions" and link["chart"] == "break"  # written, so "chart" is not misread
    again = open_page("combat", **link)
    assert again.segmented_control(key="combat_charge_chart").value == "reactions"
    assert "How this turn ends" in again.get("plotly_chart")[0].proto.spec
