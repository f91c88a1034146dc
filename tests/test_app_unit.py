"""The calculators' whole unit (issue 19): added weapons from a link and from the editor, the link
that carries them, a bad profile named, the best-order click, and the Leman Russ firing every weapon."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction as F

from apptest_util import metric, open_page, text, warnings

from hitrules import fantasy, ninth
from hitrules.presentation import figures
from hitrules.words import chance_text, fraction_text, number_text, short_fraction

NINTH_LINK = {"chain": "1", "damage": "2", "wounds": "2", "models": "5",
              "rows": "lascannon:1:4:9:-3:D6;plasma gun:2:3:7:-3:1"}


def ninth_unit(order=(0, 1, 2)):
    groups = [ninth.Group(ninth.Attack(3), 10, ninth.Weapon(4, 0, "2"), "weapon 1"),
              ninth.Group(ninth.Attack(4), 1, ninth.Weapon(9, -3, "D6"), "lascannon"),
              ninth.Group(ninth.Attack(3), 2, ninth.Weapon(7, -3, "1"), "plasma gun")]
    return ninth.attack_unit([groups[i] for i in order], ninth.Target(4, wounds=2, models=5))


def shown(mean: F) -> str:
    return number_text(mean)


def unit_numbers(at) -> tuple[str, str, str]:
    return metric(at, "Unit: models removed"), metric(at, "At least 1 removed"), metric(at, "All 5")


def test_a_link_with_added_weapons_shows_the_whole_unit():
    at = open_page("ninth", **NINTH_LINK)
    expected = ninth_unit()
    assert metric(at, "Unit: models removed") == shown(expected.models_removed.mean)
    assert metric(at, "At least 1 removed") == chance_text(expected.models_removed.at_least(1))
    assert metric(at, "At least half (3)") == chance_text(expected.models_removed.at_least(3))
    assert "Resolved in this order: 1. weapon 1, 2. lascannon, 3. plasma gun" in text(at)
    # A metric cuts a long fraction off (on a phone it showed "42681281/43046721 (…"): the metric
    # shows the percentage, no sentence holds the fraction (issue 26), and the chart's hover has it.
    one = expected.models_removed.at_least(1)
    assert not short_fraction(one) and fraction_text(one) not in text(at)
    removed = next(c for c in at.get("plotly_chart") if "Models removed by the whole unit" in c.proto.spec)
    at_least = next(trace for trace in json.loads(removed.proto.spec)["data"]
                    if trace["hovertemplate"].startswith("at least"))
    assert at_least["customdata"][at_least["x"].index(1)].startswith(f"{fraction_text(one)} (")
    assert any("Why: the whole unit" in m.value for m in at.markdown)
    assert at.query_params["rows"] == "lascannon:1:4:9:-3:D6;plasma gun:2::7:-3"


def test_the_link_the_page_writes_opens_the_same_unit():
    first = open_page("ninth", **NINTH_LINK)
    again = open_page("ninth", **dict(first.query_params))
    assert unit_numbers(again) == unit_numbers(first)


def test_a_bad_profile_in_a_link_is_named_and_the_others_still_count():
    at = open_page("ninth", **{**NINTH_LINK, "rows": "lascannon:1:4:9:-3:D6;melta:D7:3:8:-4:D6"})
    assert "added weapon 2 (melta)" in warnings(at) and "D7" in warnings(at)
    assert "Resolved in this order: 1. weapon 1, 2. lascannon" in text(at)
    assert "melta" not in at.query_params["rows"]


def test_the_best_order_click_applies_it():
    at = open_page("ninth", chain="1", wounds="2", models="2", attacks="1", mods="", skill="2",
                   rows="B:1:2:4:0:2:::auto;C:1:2:4:0:1:::auto", attack="auto", t="4", s="4")
    # Every attack hits automatically and wounds on 4+: RULES.md §6's A, B, C into 2 models of 2 wounds.
    assert metric(at, "Unit: models removed") == shown(F(5, 8))
    assert any("Fire C earlier" in i.value and "+1/8" in i.value for i in at.info)
    at.button(key="ninth_best_order").click().run()
    assert not at.exception
    assert at.query_params["order"] == "1,3,2"
    assert metric(at, "Unit: models removed") == shown(F(3, 4))
    assert "Resolved in this order: 1. weapon 1, 3. C, 2. B" in text(at)
    assert not at.info  # the best order is applied: nothing more to gain


def test_weapons_added_in_the_editor_join_the_unit_and_the_link():
    at = open_page("ninth", chain="1", damage="2", wounds="2", models="5")
    assert not [m for m in at.metric if m.label == "Unit: models removed"]  # one profile: no unit
    at.session_state["ninth_weapons_1"] = {"edited_rows": {}, "deleted_rows": [], "added_rows": [
        {"name": "lascannon", "attacks": "1", "skill": 4, "s": 9, "ap": -3, "damage": "D6"},
        {"name": "plasma gun", "attacks": "2", "s": 7, "ap": -3}]}
    at.run()
    assert not at.exception
    assert metric(at, "Unit: models removed") == shown(ninth_unit().models_removed.mean)
    assert at.query_params["rows"] == "lascannon:1:4:9:-3:D6;plasma gun:2::7:-3"


def test_the_leman_russ_fires_every_weapon():
    at = open_page("ninth", chain="1", rules="leman_russ", wounds_left="5", half_move="1", every="1", weapon="2",
                   t="4", sv="3", wounds="3", models="5")
    attack = ninth.Attack(5, edition=8)  # BS 5+ with 5 wounds left
    expected = ninth.attack_unit([ninth.Group(attack, "2D6", ninth.Weapon(8, -2, "D3")),  # twice: Grinding Advance
                                  ninth.Group(attack, 1, ninth.Weapon(9, -3, "D6"))],
                                 ninth.Target(4, save=3, wounds=3, models=5))
    assert metric(at, "Unit: models removed") == shown(expected.models_removed.mean)
    assert metric(at, "At least 1 removed") == chance_text(expected.models_removed.at_least(1))
    assert "1. Battle cannon (turret), 2. Lascannon (hull)" in text(at)
    assert at.query_params["every"] == "1"


def test_fantasy_split_fire_groups_and_an_added_weapon_make_one_unit():
    at = open_page("fantasy", chain="1", conditions="split", shots="4", shots2="3", cover2="soft", wounds="2",
                   models="4", rows="champion:1:4:4:-1:D3")
    weapon, target = fantasy.Weapon(4), fantasy.Target(4, wounds=2, models=4)
    expected = fantasy.shoot_unit([fantasy.Group(fantasy.Shot(3), 4, weapon, "group 1"),
                                   fantasy.Group(fantasy.Shot(3, cover="soft"), 3, weapon, "group 2"),
                                   fantasy.Group(fantasy.Shot(4), 1, fantasy.Weapon(4, -1, "D3"), "champion")], target)
    assert metric(at, "Unit: models removed") == shown(expected.models_removed.mean)
    # Multiple Wounds first (the rules index's FAQ), then the single wounds as listed.
    assert "Resolved in this order: 3. champion, 1. group 1, 2. group 2" in text(at)
    assert expected.models_removed.mean > F(0)


def test_one_weapon_links_stay_as_they_were():
    at = open_page("ninth", chain="1", damage="2", wounds="2", models="5")
    assert "rows" not in at.query_params and "order" not in at.query_params
    assert metric(at, "Expected models removed")


def test_a_unit_too_big_to_work_out_says_so_and_the_page_stays():
    at = open_page("ninth", chain="1", attacks="50", damage="D6", wounds="3", models="50",
                   rows="a:50::8:0:D6;b:1")
    assert "Too much damage for one unit" in text(at)
    assert metric(at, "Expected models removed")  # the page's own profile still answers


def test_the_best_order_click_in_fantasy_reorders_the_multiple_wounds_groups_around_a_bad_row():
    # Profile 1 (the page's) is a single wound; 2, typed in the editor, is left out (a bad Multiple
    # Wounds) but keeps its number; 3 and 4 are D3 and 2 into models of 2 Wounds: the rules put 3 and
    # 4 first, and the best order reorders those two.
    at = open_page("fantasy", chain="1", conditions="auto", shots="1", s="3", t="3", wounds="2", models="2")
    at.session_state["fantasy_weapons_1"] = {"edited_rows": {}, "deleted_rows": [], "added_rows": [
        {"name": "bad", "mw": "D7"}, {"name": "d3", "mw": "D3"}, {"name": "two", "mw": "2"}]}
    at.run()
    assert "added weapon 1 (bad)" in warnings(at)
    target, shot = fantasy.Target(3, wounds=2, models=2), fantasy.Shot(3)
    listed = [fantasy.Group(fantasy.Shot(3, automatic=True), 1, fantasy.Weapon(3), "weapon 1"),
              fantasy.Group(shot, 1, fantasy.Weapon(3, 0, "D3"), "d3"),
              fantasy.Group(shot, 1, fantasy.Weapon(3, 0, "2"), "two")]
    result = fantasy.shoot_unit(listed, target)
    assert "Resolved in this order: 3. d3, 4. two, 1. weapon 1" in text(at)
    assert result.best_order == (2, 1, 0) and result.best_mean > result.models_removed.mean
    at.button(key="fantasy_best_order").click().run()
    assert at.query_params["order"] == "4,3,1"
    assert metric(at, "Unit: models removed") == shown(result.best_mean)
    assert "Resolved in this order: 4. two, 3. d3, 1. weapon 1" in text(at)


def test_explore_compares_two_whole_units():
    at = open_page("explore", view="weapons", ruleset="ninth", more_a="lascannon:1:4:9:-3:D6",
                   more_b="plasma gun:2:3:7:-3:1;bad:D7")
    target = ninth.Target(4, save=3, wounds=2, models=5)  # Explore's target
    a = ninth.attack_unit([ninth.Group(ninth.Attack(3), 10, ninth.Weapon(4)),
                           ninth.Group(ninth.Attack(4), 1, ninth.Weapon(9, -3, "D6"))], target)
    b = ninth.attack_unit([ninth.Group(ninth.Attack(3), 4, ninth.Weapon(7, -2, "2")),
                           ninth.Group(ninth.Attack(3), 2, ninth.Weapon(7, -3, "1"))], target)
    assert metric(at, "A: models removed on average") == shown(a.models_removed.mean)
    assert metric(at, "B: models removed on average") == shown(b.models_removed.mean)
    assert "Weapon B's unit: added weapon 2 (bad)" in warnings(at)
    assert "and 1 more weapon" in text(at)



def test_explore_compares_a_unit_whose_first_weapon_has_a_long_name():
    """Found by the fuzz: "4 shots at BS 3, S7 AP-2 Multiple Wounds 2" is 43 characters, past a
    profile name's 40, so weapon B's unit was refused; its first profile is "weapon 1" then."""
    at = open_page("explore", view="weapons", ruleset="fantasy", more_b="0")
    assert "cannot be worked out" not in text(at)
    target = fantasy.Target(4, 3, wounds=2, models=5)
    b = fantasy.shoot_unit([fantasy.Group(fantasy.Shot(4), "4", fantasy.Weapon(7, -2, "2")),
                            fantasy.Group(fantasy.Shot(3), "1", fantasy.Weapon(3), "0")], target)
    assert metric(at, "B: models removed on average") == shown(b.models_removed.mean)


def test_explores_other_inputs_sit_under_more_and_count_either_way():
    """The target's other saves and each unit's added weapons are under one toggle (fewer widgets on every
    rerun); hidden, they still count, and a line under the target names them."""
    link = {"view": "weapons", "ruleset": "ninth", "fnp": "5", "more_a": "lascannon:1:4:9:-3:D6"}
    hidden, shown_ = open_page("explore", **link), open_page("explore", **link, more="1")
    keys = ("explore_more_a", "explore_more_b")
    assert not [w for w in hidden.text_input if w.key in keys] and [w.key for w in shown_.text_input
                                                                  if w.key in keys] == list(keys)
    assert not [w for w in hidden.selectbox if w.key in ("explore_invuln", "explore_fnp")]
    assert shown_.selectbox(key="explore_fnp").value == "5"
    for label in ("A: models removed on average", "B: models removed on average"):
        assert metric(hidden, label) == metric(shown_, label)  # counted whether shown or not
    target = ninth.Target(4, save=3, feel_no_pain=5, wounds=2, models=5)
    a = ninth.attack_unit([ninth.Group(ninth.Attack(3), 10, ninth.Weapon(4)),
                           ninth.Group(ninth.Attack(4), 1, ninth.Weapon(9, -3, "D6"))], target)
    assert metric(hidden, "A: models removed on average") == shown(a.models_removed.mean)
    assert "**Target** :small[(also counted, under More: Feel No Pain 5+; weapon A's unit also fires lascannon)]" \
        in text(hidden)
    assert "also counted" not in text(shown_) and "also counted" not in text(open_page("explore", view="weapons"))
    covered = open_page("explore", view="weapons", ruleset="ninth", light_cover="1")
    assert "under More: in Light cover" in text(covered) and not covered.checkbox
    assert metric(covered, "A: models removed on average") != metric(open_page("explore", view="weapons",
                                                                                  ruleset="ninth"),
                                                                        "A: models removed on average")
    hidden.toggle(key="explore_more").set_value(True).run()
    assert hidden.query_params["more"] == "1" and hidden.text_input(key="explore_more_a").value == link["more_a"]


def test_explore_units_answer_follows_each_rerun_with_its_warning_and_refusal():
    """The answer is kept for every player (webui_cache.shared): a rerun back to a situation shows that
    situation's numbers, its unit's warning and a weapon's refusal again, not the last one's."""
    at = open_page("explore", view="weapons", ruleset="ninth", more_b="plasma gun:2:3:7:-3:1;bad:D7")
    numbers = {}
    for toughness in (4, 5, 4, 5):
        at.number_input(key="explore_toughness").set_value(toughness).run()
        target = ninth.Target(toughness, save=3, wounds=2, models=5)
        b = ninth.attack_unit([ninth.Group(ninth.Attack(3), 4, ninth.Weapon(7, -2, "2")),
                               ninth.Group(ninth.Attack(3), 2, ninth.Weapon(7, -3, "1"))], target)
        assert metric(at, "B: models removed on average") == shown(b.models_removed.mean)
        assert "Weapon B's unit: added weapon 2 (bad)" in warnings(at)
        numbers.setdefault(toughness, metric(at, "A: models removed on average"))
        assert metric(at, "A: models removed on average") == numbers[toughness]
    assert numbers[4] != numbers[5]
    at.text_input(key="explore_attacks_a").set_value("1000").run()
    at.text_input(key="explore_damage_a").set_value("2D6").run()
    for toughness in (4, 5, 4):  # refused once, refused again from the kept answer; B stays
        at.number_input(key="explore_toughness").set_value(toughness).run()
        assert "Weapon A cannot be worked out here" in warnings(at)
        assert [m.label for m in at.metric] == ["B: models removed on average"]
        assert not at.get("plotly_chart")


def test_learn_walks_two_profiles_and_shows_the_carried_over_model():
    at = open_page("learn", section="unit")
    after_a, after_b = (frame.value for frame in at.dataframe[:2])
    # After A: half the time the model has lost 2 of its 3 wounds; B's damage goes there first.
    assert list(zip(after_a["models removed"], after_a["wounds lost by the next model"], after_a["chance"],
                    strict=True)) == [(0, 0, "1/2 (50.0%)"), (0, 2, "1/2 (50.0%)")]
    assert list(zip(after_b["models removed"], after_b["wounds lost by the next model"], after_b["chance"],
                    strict=True)) == [(0, 0, "1/4 (25.0%)"), (0, 2, "1/2 (50.0%)"), (1, 0, "1/4 (25.0%)")]
    assert "removed only when both land: **1/4 (25.0%)**" in text(at)
    assert "**A, B, C**: 5/8" in text(at) and "**A, C, B**: 3/4" in text(at)


# Issue 26: each row of a whole unit is complete, and uses exactly what it shows ------------------

def why(at, name: str) -> str:
    """The Why of one profile of the unit (its expander)."""
    return "\n".join(m.value for e in at.expander if e.label == f"Why: {name}" for m in e.markdown)


def captions(at) -> list[str]:
    return [c.value for c in at.caption]


BUFFED_PAGE = {"chain": "1", "s": "4", "t": "4", "attacks": "2", "models": "3", "extra": "1", "wmods": "+1",
               "wreroll": "failed"}


def buffed_unit(row_wound_rules: dict):
    target = ninth.Target(4, models=3)
    own = ninth.Group(ninth.Attack(3), 2, ninth.Weapon(4, wound_modifiers=(1,), wound_reroll="failed"), "weapon 1")
    return ninth.attack_unit([own, ninth.Group(ninth.Attack(3), 2, ninth.Weapon(4, **row_wound_rules), "bolter")],
                             target)


def test_a_ninth_row_showing_the_pages_wound_modifier_and_re_roll_wounds_at_8_9():
    at = open_page("ninth", **BUFFED_PAGE, rows="bolter:2:3:4:0:1:::ranged:+1:failed")
    assert "Chance to wound per hit: 8/9" in why(at, "weapon 1") and "Chance to wound per hit: 8/9" in why(at, "bolter")
    expected = buffed_unit({"wound_modifiers": (1,), "wound_reroll": "failed"})
    assert metric(at, "Unit: models removed") == shown(expected.models_removed.mean)
    assert at.query_params["rows"] == "bolter:2::::::::+1:failed"
    # The row as the table shows it, beside the page's own weapon in the same columns.
    own, added = at.dataframe[0].value, at.data_editor[0].value
    assert list(own.loc[0, ["wmods", "wreroll"]]) == ["+1", "failed"] == list(added.loc[0, ["wmods", "wreroll"]])
    # A row that shows no wound rules has none: 4+, 1/2, as it shows.
    plain = open_page("ninth", **BUFFED_PAGE, rows="bolter:2")
    assert "Chance to wound per hit: 1/2" in why(plain, "bolter")
    assert metric(plain, "Unit: models removed") == shown(buffed_unit({}).models_removed.mean)


def test_a_fantasy_pistol_beside_a_multiple_shots_weapon_needs_4_plus():
    at = open_page("fantasy", chain="1", conditions="moved", rules="multiple_shots", s="4", t="4", models="5",
                   rows="pistol:1:4:4")
    assert "Needs 4: roll 4+ on a D6" in why(at, "pistol") and "Multiple Shots" not in why(at, "pistol")
    assert "Chance to hit with each shot: 1/2 (50.0%)" in why(at, "pistol")
    weapon, target = fantasy.Weapon(4), fantasy.Target(4, models=5)
    expected = fantasy.shoot_unit([fantasy.Group(fantasy.Shot(3, moved=True, special_rules=("multiple_shots",)), 10,
                                                 weapon, "weapon 1"),
                                   fantasy.Group(fantasy.Shot(4, moved=True), 1, weapon, "pistol")], target)
    assert expected.groups[1].hit_chance == F(1, 2)
    assert metric(at, "Unit: models removed") == shown(expected.models_removed.mean)
    assert "Every row shoots as the unit above: Moved (pivoting counts) -1." in text(at)


def test_an_older_link_opens_with_its_numbers_and_says_so_once_under_the_table():
    # Fantasy: its rows shot with the page's special rules (and LoS values): the pistol at 5+ (1/3).
    at = open_page("fantasy", chain="1", conditions="moved", rules="multiple_shots", s="4", t="4", models="5",
                   weapons="pistol:1:4:4")
    weapon, target = fantasy.Weapon(4), fantasy.Target(4, models=5)
    slow = fantasy.Shot(3, moved=True, special_rules=("multiple_shots",))
    expected = fantasy.shoot_unit([fantasy.Group(slow, 10, weapon, "weapon 1"),
                                   fantasy.Group(replace(slow, ballistic_skill=4), 1, weapon, "pistol")], target)
    assert expected.groups[1].hit_chance == F(1, 3)
    assert metric(at, "Unit: models removed") == shown(expected.models_removed.mean)
    assert "Chance to hit with each shot: 1/3" in why(at, "pistol")
    notes = [c for c in captions(at) if "older link" in c]
    assert notes == ["These rows come from an older link, whose rows shot with the page's special rules and LoS "
                     "values: each row shows them as its own."]
    assert list(at.data_editor[0].value.loc[0, "rules"]) == ["multiple_shots"]
    assert at.query_params["rows"] == "pistol:1:4:4::::::multiple_shots" and "weapons" not in at.query_params
    again = open_page("fantasy", **dict(at.query_params))  # the link it writes: the same numbers, no note
    assert metric(again, "Unit: models removed") == metric(at, "Unit: models removed")
    assert not [c for c in captions(again) if "older link" in c]
    # 9th edition: its rows had no wound rules of their own, nor the page's: 1/2, as it counted then.
    old = open_page("ninth", **BUFFED_PAGE, weapons="bolter:2")
    assert metric(old, "Unit: models removed") == shown(buffed_unit({}).models_removed.mean)
    assert [c for c in captions(old) if "older link" in c] == [
        "These rows come from an older link, whose rows had no wound modifiers or wound re-roll: theirs are none, "
        "as that link counted them."]


def test_rows_with_every_column_from_the_editor_reach_the_link_and_come_back():
    at = open_page("fantasy", chain="1", models="5")
    at.session_state["fantasy_weapons_1"] = {"edited_rows": {}, "deleted_rows": [], "added_rows": [
        {"name": "crossbows", "shots": "5", "bs": 4, "cover": "soft", "rules": ["volley_fire", "sniper"],
         "los_shooter": 2, "los_blocker": 1, "los_target": 2}]}
    at.run()
    assert not at.exception
    assert at.query_params["rows"] == "crossbows:5:4::::soft:::sniper,volley_fire:2::2"
    again = open_page("fantasy", **dict(at.query_params))
    assert metric(again, "Unit: models removed") == metric(at, "Unit: models removed")
    shot = fantasy.Shot(4, cover="soft", shooter_los=2, target_los=2, special_rules=("sniper", "volley_fire"))
    assert fantasy.resolve(shot).probability == F(1, 6)  # 3+, Sniper and Volley Fire -2, soft cover -1: 6+
    expected = fantasy.shoot_unit([fantasy.Group(fantasy.Shot(3), 10, fantasy.Weapon(4), "weapon 1"),
                                   fantasy.Group(shot, 5, fantasy.Weapon(3), "crossbows")], fantasy.Target(4, models=5))
    assert metric(again, "Unit: models removed") == shown(expected.models_removed.mean)


def test_five_single_point_profiles_say_the_order_does_not_change_the_models_removed():
    at = open_page("ninth", chain="1", wounds="2", models="3", attacks="2", rows="a:1;b:2;c:3;d:1")
    assert "the order does not change the models removed" in text(at)
    assert "not worked out" not in text(at)
    groups = [ninth.Group(ninth.Attack(3), n, ninth.Weapon(4)) for n in (2, 1, 2, 3, 1)]
    expected = ninth.attack_unit(groups, ninth.Target(4, wounds=2, models=3))
    assert metric(at, "Unit: models removed") == shown(expected.models_removed.mean)
    assert not at.info  # no order to gain by


def test_the_editors_frame_is_shared_and_never_changed_by_a_players_edits():
    """The page's tables are made once for every player (views/unit.py): the editor copies its frame before it
    applies one player's edits, so a second player of the same page starts from the rows unchanged."""
    from hitrules.situations import profiles
    from views import unit
    from webui_cache import shared

    link = {"chain": "1", "models": "5", "rows": "bows:5:3:3:0:1"}
    at = open_page("fantasy", **link)
    base = at.session_state["_fantasy_weapons_editor"][0]
    frame = shared(figures.weapons_frame, "fantasy", base)
    before, hits = frame.copy(deep=True), shared.cache_info().hits
    at.session_state["fantasy_weapons_1"] = {"edited_rows": {0: {"shots": "9", "rules": ["sniper"]}},
                                             "deleted_rows": [], "added_rows": [{"name": "crossbows", "shots": "2"}]}
    at.run()
    assert not at.exception and at.query_params["rows"].startswith("bows:9:")
    assert shared.cache_info().hits > hits  # the rerun's editor was given the shared frame
    assert frame.equals(before) and shared(figures.weapons_frame, "fantasy", base) is frame
    other = open_page("fantasy", **link)  # another player, the same link: the rows as the link has them
    assert list(other.data_editor[0].value["shots"]) == ["5"]
    # The own weapon's table, made in Arrow once: the very table Streamlit makes of the frame on each run.
    from streamlit.dataframe_util import convert_pandas_df_to_arrow_table

    rows = (profiles.DEFAULTS["fantasy"],)
    own = unit._table(figures.weapons_arrow, "fantasy", rows)
    assert own.equals(convert_pandas_df_to_arrow_table(figures.weapons_frame("fantasy", rows)), check_metadata=True)
