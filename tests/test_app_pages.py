"""The pages through AppTest: every widget, every worked example, links and bad links."""

from __future__ import annotations

import pytest
from apptest_util import hit_chance, metric, open_page, text, warnings

from hitrules.edge import urlstate
from views.ninth import FLAG_NAMES

PAGES = ["home", "fantasy", "ninth", "explore", "learn", "combat"]


@pytest.mark.parametrize("page", PAGES)
def test_smoke(page):
    at = open_page(page)
    assert not at.exception
    assert at.title


# ----- fantasy -----

def test_fantasy_defaults():
    at = open_page("fantasy")
    assert hit_chance(at) == "1/2 (50.0%)"
    assert metric(at, "Roll needed") == "4+"
    assert metric(at, "Expected hits") == "5.00"


@pytest.mark.parametrize(
    ("condition", "chance"),
    [("moved", "1/3 (33.3%)"), ("close", "2/3 (66.7%)"), ("stand", "1/3 (33.3%)"), ("lone", "1/3 (33.3%)"),
     ("auto", "1 (100.0%)")],
)
def test_fantasy_each_condition(condition, chance):
    at = open_page("fantasy")
    at.pills(key="fantasy_conditions").set_value([condition]).run()
    assert hit_chance(at) == chance
    assert at.query_params["conditions"] == condition


def test_fantasy_conditions_are_cumulative():
    at = open_page("fantasy")
    at.pills(key="fantasy_conditions").set_value(["moved", "stand"]).run()
    assert hit_chance(at) == "1/6 (16.7%)"
    at.pills(key="fantasy_conditions").set_value(["moved", "stand", "close"]).run()
    assert hit_chance(at) == "1/3 (33.3%)"


def test_fantasy_bs_widget():
    at = open_page("fantasy")
    at.number_input(key="fantasy_bs").set_value(1).run()
    assert hit_chance(at) == "1/6 (16.7%)" and metric(at, "Roll needed") == "6+"


def test_fantasy_lone_model_and_unit_strength():
    at = open_page("fantasy")
    at.pills(key="fantasy_conditions").set_value(["lone"]).run()
    assert hit_chance(at) == "1/3 (33.3%)"
    at.number_input(key="fantasy_us").set_value(3).run()
    assert hit_chance(at) == "1/2 (50.0%)"
    assert "Unit Strength 3 is more than 2" in text(at)


@pytest.mark.parametrize(("cover", "chance"), [("none", "1/2 (50.0%)"), ("soft", "1/3 (33.3%)"),
                                               ("hard", "1/6 (16.7%)"), ("unit", "1/6 (16.7%)")])
def test_fantasy_cover(cover, chance):
    at = open_page("fantasy")
    at.radio(key="fantasy_cover").set_value(cover).run()
    assert hit_chance(at) == chance


def test_fantasy_los_values_decide_cover():
    at = open_page("fantasy", cover="hard")
    assert hit_chance(at) == "1/6 (16.7%)"
    at.number_input(key="fantasy_los_target").set_value(2).run()
    assert hit_chance(at) == "1/6 (16.7%)"  # blocker 1, target 2: cover (2 >= 2)
    at.number_input(key="fantasy_los_target").set_value(3).run()
    assert hit_chance(at) == "1/2 (50.0%)"  # blocker 1, target 3: no cover
    at.number_input(key="fantasy_los_target").set_value(2).run()
    at.number_input(key="fantasy_los_shooter").set_value(3).run()
    assert hit_chance(at) == "1/2 (50.0%)"  # the LoS 3 shooter sees over it
    assert "the LoS 3 shooter sees over a LoS 1 obstacle" in text(at)


def test_fantasy_special_rules():
    at = open_page("fantasy")
    at.pills(key="fantasy_rules").set_value(["sniper", "volley_fire"]).run()
    assert hit_chance(at) == "1/6 (16.7%)"
    at.pills(key="fantasy_rules").set_value(["sniper", "volley_fire", "quick_to_fire"]).run()
    assert hit_chance(at) == "1/12 (8.3%)" and metric(at, "Roll needed") == "a 6, then 4+"


def test_fantasy_shots_text_and_bad_text_keeps_the_last_good_value():
    at = open_page("fantasy")
    at.text_input(key="fantasy_shots").input("2D6").run()
    assert metric(at, "Expected hits") == "3.50"
    at.text_input(key="fantasy_shots").input("D0").run()
    assert "shots:" in warnings(at)
    assert metric(at, "Expected hits") == "3.50"


def test_fantasy_split_fire():
    at = open_page("fantasy", shots="4", cover="hard")
    at.pills(key="fantasy_conditions").set_value(["split"]).run()
    at.text_input(key="fantasy_shots2").input("2").run()
    at.radio(key="fantasy_cover2").set_value("none").run()
    assert hit_chance(at) == "1/6 (16.7%)"
    assert "Group 2 needs 4+: **1/2 (50.0%)**" in text(at)
    # 4 x 1/6 + 2 x 1/2 = 5/3
    assert metric(at, "Expected hits") == "1.67"
    assert at.query_params["conditions"] == "split"


@pytest.mark.parametrize(
    ("query", "chance", "roll"),
    [({"moved": "1", "cover": "soft"}, "1/6 (16.7%)", "6+"),
     ({"moved": "1", "cover": "hard", "stand": "1"}, "1/18 (5.6%)", "a 6, then 5+"),
     ({"close": "1"}, "2/3 (66.7%)", "3+"),
     ({"bs": "5", "close": "1"}, "5/6 (83.3%)", "2+"),
     ({"bs": "1", "moved": "1", "cover": "hard", "stand": "1"}, "0 (0.0%)", "impossible"),
     ({"bs": "3", "cover": "soft", "los_shooter": "3", "los_target": "2"}, "1/2 (50.0%)", "4+")],
)
def test_fantasy_worked_examples_from_a_link(query, chance, roll):
    at = open_page("fantasy", **query)
    assert hit_chance(at) == chance and metric(at, "Roll needed") == roll


def test_fantasy_link_restores_every_input():
    query = dict(bs="4", shots="D6+1", moved="1", close="1", stand="1", lone="1", us="2", cover="soft",
                 los_shooter="2", los_blocker="1", los_target="2", rules="sniper,volley_fire", auto="0")
    at = open_page("fantasy", **query)
    assert at.number_input(key="fantasy_bs").value == 4
    assert at.text_input(key="fantasy_shots").value == "D6+1"
    assert at.pills(key="fantasy_conditions").value == ["moved", "close", "stand", "lone"]
    assert at.number_input(key="fantasy_us").value == 2
    assert at.radio(key="fantasy_cover").value == "soft"
    assert at.pills(key="fantasy_rules").value == ["sniper", "volley_fire"]
    # 7 - 4 - (-1 +1 -1 -1 -1 -1 -1) = 8
    assert hit_chance(at) == "1/18 (5.6%)"
    # Written back in the current form: the conditions are one list, and defaults are left out.
    assert dict(at.query_params) == dict(bs="4", shots="D6+1", conditions="moved,close,stand,lone", us="2",
                                         cover="soft", los_shooter="2", los_target="2", rules="sniper,volley_fire")


@pytest.mark.parametrize(
    ("query", "named"),
    [({"bs": "banana"}, "bs:"), ({"shots": "D0"}, "shots:"), ({"cover": "lava"}, "cover:"),
     ({"bs": "0"}, "bs:"), ({"moved": "yes"}, "moved:"), ({"rules": "flaming"}, "rules:"),
     ({"los_target": "99"}, "los_target:"), ({"shots": "x" * 500}, "shots:")],
)
def test_fantasy_bad_link_warns_and_keeps_the_rest(query, named):
    at = open_page("fantasy", close="1", **query)
    assert named in warnings(at)
    assert hit_chance(at) == "2/3 (66.7%)"  # close=1 still applies


@pytest.mark.parametrize(("page", "query", "said", "chance"), [
    ("fantasy", {"conditions": "moved,flying"}, "conditions: Unknown condition 'flying'", "1/3 (33.3%)"),
    ("fantasy", {"rules": "sniper,flaming", "close": "1"}, "rules: Unknown special rule 'flaming'", "1/2 (50.0%)"),
    ("ninth", {"attack": "auto,teleport"}, "attack: Unknown attack 'teleport'", "1 (100.0%)"),
])
def test_a_list_with_an_unknown_item_keeps_the_others(page, query, said, chance):
    at = open_page(page, **query)
    shown = warnings(at)
    assert said in shown and "Using " in shown.split(said, 1)[1].split("\n")[0]
    assert hit_chance(at) == chance


def test_too_long_link_is_refused_with_a_message():
    at = open_page("fantasy", close="1", junk="y" * 3000)
    assert "This link is too long" in warnings(at)
    assert hit_chance(at) == "1/2 (50.0%)"


def test_settings_survive_a_trip_to_another_page():
    at = open_page("fantasy")
    at.pills(key="fantasy_conditions").set_value(["moved"]).run()
    at.query_params.clear()
    at.switch_page("pages/ninth.py").run()
    assert hit_chance(at) == "2/3 (66.7%)"
    at.query_params.clear()
    at.switch_page("pages/fantasy.py").run()
    assert at.pills(key="fantasy_conditions").value == ["moved"]
    assert hit_chance(at) == "1/3 (33.3%)"


# ----- ninth -----

def test_ninth_defaults():
    at = open_page("ninth")
    assert hit_chance(at) == "2/3 (66.7%)" and metric(at, "Roll needed") == "3+"


@pytest.mark.parametrize(
    ("query", "chance", "roll"),
    [({"skill": "4", "mods": "-1,-1"}, "1/3 (33.3%)", "5+"),
     ({"skill": "6", "mods": "-1"}, "1/6 (16.7%)", "6+"),
     ({"skill": "3", "reroll": "failed"}, "8/9 (88.9%)", "3+, re-roll failed hits"),
     ({"skill": "2", "reroll": "ones", "trigger": "normal_move", "overwatch": "1"}, "7/36 (19.4%)",
      "an unmodified 6, re-roll 1s"),
     ({"skill": "5", "reroll": "ones", "trigger": "set_up", "overwatch": "1"}, "7/36 (19.4%)",
      "an unmodified 6, re-roll 1s"),
     ({"edition": "8", "skill": "6", "mods": "-1"}, "0 (0.0%)", "impossible"),
     ({"edition": "8", "skill": "4", "mods": "-1,-1"}, "1/6 (16.7%)", "6+"),
     ({"auto": "1", "skill": "6"}, "1 (100.0%)", "automatic")],
)
def test_ninth_worked_examples_from_a_link(query, chance, roll):
    at = open_page("ninth", **query)
    assert hit_chance(at) == chance and metric(at, "Roll needed") == roll


def test_ninth_modifiers_show_sum_and_cap():
    at = open_page("ninth")
    at.selectbox(key="ninth_skill").set_value(4).run()
    at.text_input(key="ninth_mods").input("-1, -1").run()
    assert hit_chance(at) == "1/3 (33.3%)"
    assert "Modifiers add up to -2 → capped to -1." in text(at)
    at.radio(key="ninth_rules").set_value("8").run()
    assert hit_chance(at) == "1/6 (16.7%)"
    assert "Modifiers add up to -2." in text(at)


def test_ninth_each_widget():
    at = open_page("ninth")
    at.radio(key="ninth_reroll").set_value("ones").run()
    assert hit_chance(at) == "7/9 (77.8%)"  # 2/3 + 1/6 x 2/3
    at.pills(key="ninth_attack").set_value(["melee"]).run()
    assert "Weapon Skill (WS)" in text(at)
    at.text_input(key="ninth_attacks").input("D6").run()
    assert metric(at, "Expected hits") == "2.72"  # 3.5 x 7/9
    at.pills(key="ninth_attack").set_value(["melee", "auto"]).run()
    assert hit_chance(at) == "1 (100.0%)"


def test_ninth_overwatch_widgets_and_verdicts():
    at = open_page("ninth")
    assert "ninth_trigger" not in [w.key for w in at.selectbox]  # none until the attack is Overwatch fire
    at.pills(key="ninth_attack").set_value(["overwatch_fire"]).run()
    assert at.selectbox(key="ninth_trigger").value == "charge"
    assert hit_chance(at) == "0 (0.0%)" and "only a unit that has Set Overwatch" in text(at)
    at.selectbox(key="ninth_trigger").set_value("advance").run()
    assert at.query_params["trigger"] == "advance"
    at.selectbox(key="ninth_trigger").set_value("charge").run()
    at.pills(key="ninth_ow").set_value(["overwatch"]).run()
    assert hit_chance(at) == "1/6 (16.7%)" and metric(at, "Roll needed") == "an unmodified 6"
    at.pills(key="ninth_ow").set_value(["overwatch", "eir"]).run()
    assert hit_chance(at) == "0 (0.0%)" and "Engagement Range" in text(at)
    at.pills(key="ninth_ow").set_value(["overwatch", "eir", "charged"]).run()
    assert hit_chance(at) == "1/6 (16.7%)" and "exception" in text(at)
    at.pills(key="ninth_ow").set_value(["overwatch", "eir", "charged", "blast"]).run()
    assert hit_chance(at) == "0 (0.0%)" and "Blast" in text(at)
    assert dict(at.query_params) == {"attack": "overwatch_fire", "ow": "overwatch,eir,charged,blast"}
    at.pills(key="ninth_attack").set_value([]).run()  # a normal attack again
    assert hit_chance(at) == "2/3 (66.7%)" and not at.query_params
    assert "ninth_trigger" not in [w.key for w in at.selectbox]


def test_ninth_link_with_a_trigger_opens_the_overwatch_widgets():
    at = open_page("ninth", trigger="fall_back", overwatch="1")
    assert at.pills(key="ninth_attack").value == ["overwatch_fire"]
    assert at.selectbox(key="ninth_trigger").value == "fall_back"
    assert at.pills(key="ninth_ow").value == ["overwatch"]
    assert hit_chance(at) == "1/6 (16.7%)" and "ended a Fall Back move" in text(at)


def test_a_unit_preset_offers_no_melee_choice_and_drops_one_made_before():
    """The preset's datasheet decides melee (the engine ignores the flag), so a link with melee shows no
    melee choice: the page, its inputs and the link it writes agree (found by make fuzz: the pill stayed
    on, the link left it out)."""
    at = open_page("ninth", rules="leman_russ", attack="melee,auto", mods="0")
    melee = FLAG_NAMES["melee"]
    pills = at.button_group(key="ninth_attack")
    assert melee not in pills.options and list(pills.value) == ["auto"]
    assert dict(at.query_params) == {"rules": "leman_russ", "attack": "auto", "mods": "+0"}
    again = open_page("ninth", **dict(at.query_params))
    assert list(again.button_group(key="ninth_attack").value) == ["auto"]
    assert [m.value for m in again.metric] == [m.value for m in at.metric]
    at.radio(key="ninth_rules").set_value("9").run()  # back to a rule set: the choice is the player's again
    assert not at.exception and melee in at.button_group(key="ninth_attack").options


@pytest.mark.parametrize(("wounds", "chance"), [(12, "1/2 (50.0%)"), (5, "1/3 (33.3%)"), (2, "1/6 (16.7%)")])
def test_leman_russ_preset(wounds, chance):
    at = open_page("ninth", preset="leman_russ", wounds=str(wounds))
    assert hit_chance(at) == chance
    assert "8th edition" in text(at)


def test_edition_and_preset_are_one_choice_both_ways():
    """The Rules choice reads an older link's edition and preset (a preset brings its own edition),
    and writes the choice back as ``rules``."""
    at = open_page("ninth", edition="8", preset="leman_russ", skill="3")
    assert at.radio(key="ninth_rules").value == "leman_russ"
    assert dict(at.query_params) == {"rules": "leman_russ"}
    at.radio(key="ninth_rules").set_value("9").run()
    assert "rules" not in at.query_params
    assert hit_chance(at) == "2/3 (66.7%)"  # the link's own skill 3+ again
    at.radio(key="ninth_rules").set_value("leman_russ").run()
    assert at.query_params["rules"] == "leman_russ" and hit_chance(at) == "1/2 (50.0%)"
    assert open_page("ninth", edition="8").radio(key="ninth_rules").value == "8"


def test_leman_russ_grinding_advance_doubles_turret_shots():
    at = open_page("ninth", preset="leman_russ")
    assert metric(at, "Expected hits") == "1.75"  # D6 at 4+
    at.checkbox(key="ninth_half_move").check().run()
    assert metric(at, "Expected hits") == "3.50"  # 2D6
    assert "Grinding Advance" in text(at)
    at.selectbox(key="ninth_weapon").set_value(1).run()
    assert metric(at, "Expected hits") == "1.50"  # the hull heavy bolter does not fire twice


@pytest.mark.parametrize(
    ("query", "named"),
    [({"mods": "x"}, "mods:"), ({"skill": "banana"}, "skill:"), ({"edition": "10"}, "edition:"),
     ({"melee": "2"}, "melee:"), ({"attacks": "2D"}, "attacks:"), ({"trigger": "shooting"}, "trigger:"),
     ({"mods": "-1," * 30}, "mods:"), ({"preset": "baneblade"}, "preset:"), ({"wounds": "13"}, "wounds:"),
     ({"mods": "9" * 300}, "mods:")],
)
def test_ninth_bad_link_warns_and_keeps_the_rest(query, named):
    at = open_page("ninth", reroll="failed", **query)
    assert named in warnings(at)
    assert metric(at, "Roll needed").endswith("re-roll failed hits")


def test_ninth_bad_reroll_falls_back_to_none():
    at = open_page("ninth", reroll="all")
    assert "reroll:" in warnings(at) and metric(at, "Roll needed") == "3+"


def test_ninth_bad_modifier_text_keeps_the_last_good_value():
    at = open_page("ninth", skill="4", mods="-1")
    at.text_input(key="ninth_mods").input("minus one").run()
    assert "mods:" in warnings(at) and hit_chance(at) == "1/3 (33.3%)"


def test_ninth_link_restores_every_input():
    query = dict(edition="8", melee="1", skill="4", mods="-1,+2", reroll="ones", attacks="2D3+2", auto="0")
    at = open_page("ninth", **query)
    assert at.radio(key="ninth_rules").value == "8"
    assert at.pills(key="ninth_attack").value == ["melee"]
    assert at.selectbox(key="ninth_skill").value == 4
    assert at.text_input(key="ninth_mods").value == "-1,+2"
    assert at.radio(key="ninth_reroll").value == "ones"
    assert at.text_input(key="ninth_attacks").value == "2D3+2"
    # 8th: net +1 uncapped from -1+2: needs 3 on the die -> 4/6, re-roll 1s -> 4/6 + 1/6 x 4/6 = 7/9
    assert hit_chance(at) == "7/9 (77.8%)"


def test_split_fire_over_the_total_limit_keeps_each_groups_hit_roll_and_the_settings():
    """1,200 shots in all are more than the engine adds up: the unit's chart says so, and each
    group's chance, the expected hits (exactly 600 × 1/2 + 600 × 1/2) and the Why stay."""
    at = open_page("fantasy", shots="600", split="1", shots2="600")
    assert "Too many attacks in total" in warnings(at) and not at.error
    assert hit_chance(at) == "1/2 (50.0%)" and metric(at, "Expected hits") == "600.00"
    assert "### Why: group 2 (600 shots)" in text(at)
    assert at.text_input(key="fantasy_shots").value == "600"
    at.text_input(key="fantasy_shots2").input("400").run()
    assert not at.error and hit_chance(at) == "1/2 (50.0%)"


def test_fantasy_says_beside_the_inputs_when_the_obstacle_is_too_low():
    at = open_page("fantasy", cover="soft", los_shooter="3")
    assert any("gives no cover: the LoS 3 shooter sees over a LoS 1 obstacle" in w.value for w in at.warning)
    at = open_page("fantasy", cover="soft")
    assert not at.warning


def test_pages_and_views_hold_no_rules():
    """A page file only calls its view; a view imports streamlit, webui (webui_routes, webui_cache), hitrules,
    other views (views.pictures), and the standard library's random (seeded dice) and typing (a NamedTuple of what a
    view shows), and nothing that would let it work out a chance itself."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    allowed = {"pages": {"views"},
               "views": {"streamlit", "webui", "webui_routes", "webui_cache", "hitrules", "random", "views",
                         "functools", "pathlib", "typing"}}
    for folder, modules in allowed.items():
        for path in (root / folder).glob("*.py"):
            tree = ast.parse(path.read_text())
            imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                        for alias in node.names}
            imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                         if isinstance(node, ast.ImportFrom) and node.module}
            assert imported <= modules, (path.name, imported - modules)
            if folder == "pages":
                assert [type(node).__name__ for node in tree.body] == ["Expr", "ImportFrom", "Expr"], path.name


#: Every kind of input widget the pages draw.
INPUTS = ("number_input", "text_input", "selectbox", "radio", "checkbox", "toggle", "slider", "button_group")
#: Each page with every part of it shown.
EVERY_PART = [("fantasy", {"chain": "1", "extra": "1", "conditions": "lone,split", "cover": "soft", "cover2": "hard"}),
              ("ninth", {"chain": "1", "extra": "1", "attack": "overwatch_fire", "rules": "leman_russ"}),
              ("ninth", {"chain": "1", "extra": "1"}),
              *(("explore", {"view": v, "ruleset": r}) for v in urlstate.EXPLORE_VIEWS for r in ("fantasy", "ninth")),
              *(("learn", {"section": s}) for s in urlstate.LEARN_SECTIONS),
              ("learn", {"ruleset": "ninth", "chain": "1", "extra": "1", "attack": "overwatch_fire"}),
              ("combat", {"more": "1", "a_char": "1", "d_char": "1", "a_auto": "1", "d_auto": "1"})]


#: The longest toggle or checkbox label that fits one line: Streamlit cuts a longer one off with
#: "…", and the calculators' input column is about 36 characters wide at 1280 px (and on a phone).
LONGEST_ONE_LINE_LABEL = 36


@pytest.mark.parametrize(("page", "query"), EVERY_PART)
def test_every_input_has_help_text_and_a_label_that_fits(page, query):
    at = open_page(page, **query)
    assert not [(kind, el.proto.label) for kind in INPUTS for el in at.get(kind) if not el.proto.help]
    assert not [label for kind in ("toggle", "checkbox") for el in at.get(kind)
                if len(label := el.proto.label) > LONGEST_ONE_LINE_LABEL]


@pytest.mark.parametrize(("query", "said"), [
    ({"attack": "overwatch_fire", "ow": "overwatch", "mods": "-1,-1"}, "in Overwatch only an unmodified 6 hits"),
    ({"attack": "auto", "mods": "-1,-1"}, "the weapon hits automatically"),
])
def test_modifiers_that_change_nothing_say_so(query, said):
    """Overwatch needs an unmodified 6, and an automatic hit rolls nothing: no cap to speak of."""
    shown = text(open_page("ninth", **query))
    assert said in shown and "capped" not in shown


@pytest.mark.parametrize(("page", "title"), [("fantasy", "Fantasy shooting"), ("ninth", "9th edition attack")])
def test_each_calculator_is_named_for_what_it_does_at_its_old_address(page, title):
    """Both resolve the whole attack, so neither is named for the hit roll alone; the addresses
    (/fantasy, /ninth) are the ones every older link uses."""
    import webui_routes

    at = open_page(page, chain="1")
    assert at.title[0].value == title and webui_routes.TITLES[page] == title
    assert (page, title) in [(name, t) for name, t, _ in webui_routes.PAGES]
    assert "Roll to Hit" not in title and "hit roll" not in title


@pytest.mark.parametrize(("page", "query"), [
    ("fantasy", {"chain": "1", "s": "4", "t": "4", "armour": "4", "mw": "D3", "wounds": "3"}),
    ("ninth", {"chain": "1", "attacks": "D6", "damage": "D3", "wounds": "2"}),
])
def test_the_attack_reads_in_its_order_and_the_funnel_never_widens(page, query):
    """Why: the hit roll, then after the hit. The funnel counts attacks (each bar no wider than the
    one above), and the Wounds lost and models removed are numbers of their own."""
    import json

    at = open_page(page, **query)
    headings = [m.value.split("\n")[0] for m in at.markdown if m.value.startswith("### Why")]
    assert headings == ["### Why: the hit roll", "### Why: after the hit"]
    (funnel,) = [t for c in at.get("plotly_chart") for t in json.loads(c.proto.spec)["data"] if t["type"] == "funnel"]
    assert funnel["y"] == ["attacks", "hits", "wounds", "unsaved"]
    assert funnel["x"] == sorted(funnel["x"], reverse=True)
    labels = [m.label for m in at.metric]
    assert labels.index("Expected wounds lost") < labels.index("Expected models removed")
    assert float(metric(at, "Expected wounds lost")) > funnel["x"][-1]  # Multiple Wounds: more Wounds than attacks


def test_a_count_of_one_is_singular():
    """"Lascannon (hull): 1 shots." was the preset's note."""
    shown = text(open_page("ninth", rules="leman_russ", weapon="2"))
    assert "Lascannon (hull): 1 shot." in shown and "1 shots" not in shown
    assert "1 hits" not in text(open_page("explore", view="shots", hits="1"))


@pytest.mark.parametrize(("page", "query", "figure"), [
    ("fantasy", {}, "distribution_figure"), ("ninth", {"chain": "1"}, "chain_figure"),
    ("explore", {"view": "wound"}, "wound_figure"), ("explore", {"view": "helps"}, "helps_figure"),
])
def test_a_chart_that_cannot_be_drawn_says_why_in_its_place_and_the_rest_stays(monkeypatch, page, query, figure):
    """Each chart is drawn on its own: a refusal in one (here made on purpose) is a warning where
    the chart would be, in the refusal's words; the numbers and the other parts stay."""
    import webui_cache
    from hitrules.presentation import figures

    def refuse(*args, **kwargs):
        raise ValueError("Too much to draw (a test).")

    monkeypatch.setattr(figures, figure, refuse)
    webui_cache.shared.cache_clear()  # a chart drawn by another test would be reused (refusals are never kept)
    at = open_page(page, **query)  # asserts no exception
    assert "cannot be worked out here: Too much to draw (a test)." in warnings(at)
    if page != "explore":
        assert hit_chance(at) and [m.label for m in at.metric][:3] == ["Hit chance", "Roll needed", "Expected hits"]
        assert "### Why: the hit roll" in text(at)


def test_a_weapon_and_target_the_engine_refuses_keep_the_hit_roll_and_the_link(monkeypatch):
    """Should the engine refuse the target part itself (its bounds and the link's ever disagree),
    the hit roll is worked out without it, the page says why, and the link keeps what was asked."""
    from hitrules import situations

    made = situations._fantasy_target

    def refuse(values):
        if values["chain"]:
            raise ValueError("Toughness must be between 1 and 10 (got 12).")
        return made(values)

    monkeypatch.setattr(situations, "_fantasy_target", refuse)
    at = open_page("fantasy", bs="4", chain="1", t="7")
    assert hit_chance(at) == "2/3 (66.7%)" and "Expected models removed" not in [m.label for m in at.metric]
    assert "The weapon and target cannot be used: Toughness must be between 1 and 10 (got 12)." in warnings(at)
    assert at.query_params["chain"] == "1" and at.query_params["t"] == "7"
