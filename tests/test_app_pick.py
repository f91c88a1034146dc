"""A unit picked from the catalogue on /fantasy (the shooter, the target) and Explore, and a missile weapon by
name on /fantasy, through AppTest: by link and by widget (issue 43 items 2 and 3)."""

from __future__ import annotations

from apptest_util import metric, open_page, text, warnings

from hitrules import fantasy, situations
from hitrules.fantasy import catalogue
from hitrules.fantasy.missile import missile_weapon
from hitrules.situations import pick
from hitrules.words import number_text

MISSILE_TROOPS = "empire-of-man/state-missile-troops"
STATE_TROOPS = "empire-of-man/state-troops"


def fantasy_sit(at):
    return situations.fantasy_situation(at.session_state["_fantasy_values"])


def test_the_catalogue_has_what_these_tests_pick():
    troops = catalogue.find(MISSILE_TROOPS)
    assert troops.profiles[0].BS == "3" and troops.equipment[0].name == "Hand weapons, Crossbows"
    crossbow = missile_weapon("crossbow")
    assert (crossbow.strength, crossbow.ap, crossbow.armour_bane) == (4, 0, 2)


def test_a_shooter_picked_by_link_fills_bs_shots_and_its_crossbows():
    at = open_page("fantasy", unit=MISSILE_TROOPS)
    assert not at.error and not at.warning
    assert at.number_input(key="fantasy_bs").value == 3
    assert at.text_input(key="fantasy_shots").value == "20"  # a shot for each of its 20 models
    assert at.selectbox(key="fantasy_weapon").value == "crossbow"
    assert at.toggle(key="fantasy_chain").value is True
    sit = fantasy_sit(at)
    assert (sit.groups[0][0].ballistic_skill, str(sit.groups[0][1])) == (3, "20")
    assert (sit.weapon.strength, sit.weapon.ap, sit.weapon.armour_bane) == (4, 0, 2)  # Armour Bane (2)
    assert at.number_input(key="fantasy_s").value == 4 and at.number_input(key="fantasy_ap").value == 0
    page = text(at)
    assert "**State Missile Troops** (Empire of Man) as the shooter" in page
    assert "Not used here: Ponderous, Close Order, Detachment, Regimental Unit." in page
    assert dict(at.query_params) == {"unit": MISSILE_TROOPS}
    at.number_input(key="fantasy_bs").set_value(4).run()  # every value stays editable, and the link keeps it
    assert dict(at.query_params) == {"unit": MISSILE_TROOPS, "bs": "4"}
    again = open_page("fantasy", **dict(at.query_params))
    assert fantasy_sit(again) == fantasy_sit(at)


def test_the_shooters_handguns_by_link():
    at = open_page("fantasy", unit=MISSILE_TROOPS, weapon="handguns")
    assert not at.warning
    sit = fantasy_sit(at)
    assert (sit.weapon.strength, sit.weapon.ap, sit.weapon.armour_bane) == (4, -1, 1)
    assert dict(at.query_params) == {"unit": MISSILE_TROOPS, "weapon": "handgun"}


def test_a_target_picked_by_link_fills_toughness_wounds_models_and_armour():
    at = open_page("fantasy", unit=MISSILE_TROOPS, target_unit=STATE_TROOPS)
    assert not at.warning
    target = fantasy_sit(at).target
    assert (target.toughness, target.wounds, target.models, target.armour) == (3, 1, 20, 6)  # light armour 6+
    assert at.number_input(key="fantasy_t").value == 3 and at.selectbox(key="fantasy_armour").value == "6"
    assert "**State Troops** (Empire of Man) as the target" in text(at)
    assert dict(at.query_params) == {"unit": MISSILE_TROOPS, "target_unit": STATE_TROOPS}
    # Crossbows, S4 against T3 (3+), against light armour 6+ (RULES.md §4), the whole unit worked out exactly.
    exact = fantasy.shoot(fantasy.Shot(3), 20, fantasy.Weapon(4, 0, "1", False, 2), fantasy.Target(3, 6, models=20))
    assert metric(at, "Expected models removed") == number_text(exact.models_removed.mean)


def test_a_target_picked_by_widgets_with_shields_is_five_up_against_shooting():
    """State Troops in light armour with shields: 5+ against shooting (a shield counts beside any weapon)."""
    at = open_page("fantasy", chain="1")
    key = "fantasy_pick_target_unit_"
    at.toggle(key=f"{key}on").set_value(True).run()
    at.selectbox(key=f"{key}army").set_value("empire-of-man").run()
    at.selectbox(key=f"{key}unit").set_value("state-troops").run()
    at.multiselect(key=f"{key}options_{STATE_TROOPS}").set_value(["Shields"]).run()
    at.number_input(key=f"{key}models_{STATE_TROOPS}").set_value(15).run()
    at.button(key=f"{key}use").click().run()
    assert not at.error
    target = fantasy_sit(at).target
    assert (target.toughness, target.armour, target.models) == (3, 5, 15)
    link = dict(at.query_params)
    assert link["target_unit"] == STATE_TROOPS and link["armour"] == "5" and link["models"] == "15"
    assert fantasy_sit(open_page("fantasy", **link)) == fantasy_sit(at)


def test_a_shooter_picked_by_widgets_with_its_handguns():
    at = open_page("fantasy")
    key = "fantasy_pick_unit_"
    at.toggle(key=f"{key}on").set_value(True).run()
    at.selectbox(key=f"{key}army").set_value("empire-of-man").run()
    at.selectbox(key=f"{key}unit").set_value("state-missile-troops").run()
    at.selectbox(key=f"{key}equipment_{MISSILE_TROOPS}").set_value("Hand weapons, Handguns").run()
    at.number_input(key=f"{key}models_{MISSILE_TROOPS}").set_value(10).run()
    at.button(key=f"{key}use").click().run()
    assert not at.error
    sit = fantasy_sit(at)
    assert (sit.groups[0][0].ballistic_skill, str(sit.groups[0][1])) == (3, "10")
    assert (sit.weapon.strength, sit.weapon.ap, sit.weapon.armour_bane) == (4, -1, 1)
    link = dict(at.query_params)
    assert (link["unit"], link["weapon"], link["shots"]) == (MISSILE_TROOPS, "handgun", "10")
    assert fantasy_sit(open_page("fantasy", **link)) == sit


def test_a_missile_weapon_by_name_fills_strength_ap_and_its_rules():
    at = open_page("fantasy", weapon="longbow")
    assert not at.warning
    sit = fantasy_sit(at)
    assert (sit.weapon.strength, sit.weapon.ap, sit.weapon.armour_bane) == (3, 0, 1)  # Armour Bane (1)
    assert sit.groups[0][0].special_rules == ("volley_fire",)
    assert str(sit.groups[0][1]) == "10"  # the page's own shots
    assert dict(at.query_params) == {"weapon": "longbow"}
    assert "Not used here" not in text(at)  # Armour Bane and Volley Fire: both taken
    at.selectbox(key="fantasy_weapon").set_value("brace of pistols").run()
    sit = fantasy_sit(at)
    assert (sit.weapon.strength, sit.weapon.ap, sit.groups[0][0].special_rules) == (4, -1, ("multiple_shots",))
    assert dict(at.query_params) == {"weapon": "brace-of-pistols"}
    assert "Not used here, of the weapon's rules: Quick Shot." in text(at)


def test_a_weapon_of_the_wielders_strength_takes_the_shooters():
    """Javelins are S (the wielder's): with no unit picked, a wielder of S 3; warbows (S) take the archers' S 3."""
    assert fantasy_sit(open_page("fantasy", weapon="javelin")).weapon.strength == 3
    at = open_page("fantasy", unit="empire-of-man/empire-archers")  # warbows: S, the archers' S 3
    assert fantasy_sit(at).weapon.strength == 3 and at.selectbox(key="fantasy_weapon").value == "warbow"


def test_a_bad_unit_is_a_warning_naming_close_matches_and_the_page_still_works():
    at = open_page("fantasy", unit="empire-of-man/state-missle-troops", target_unit="nobody/at-all")
    said = warnings(at)
    assert "unit: No unit called “empire-of-man/state-missle-troops”" in said and "State Missile Troops" in said
    assert "target_unit: No unit called" in said
    assert metric(at, "Hit chance") == "1/2 (50.0%)"  # the defaults: BS 3, 4+
    assert at.number_input(key="fantasy_bs").value == 3


def test_a_bad_weapon_is_named_with_close_matches():
    at = open_page("fantasy", weapon="lonbow")
    assert "weapon: No missile weapon called “lonbow”. Did you mean: longbow" in warnings(at)
    assert metric(at, "Hit chance") == "1/2 (50.0%)"


# Explore: one pick a side in the melee views and "which weapon is better" -----------------------------------


def test_explore_kill_by_link_fills_the_attacker_and_the_target():
    """State Troops (their default hand weapons, S 3) against an Orc Mob: WS 3 against WS 3, S 3 against T 4, the
    orcs' light armour 6+ in combat, 20 of them."""
    at = open_page("explore", view="kill", unit=STATE_TROOPS, target_unit="orc-and-goblin-tribes/orc-mob")
    assert not at.warning and not at.error
    got = {name: at.number_input(key=f"explore_{name}").value
           for name in ("ws", "target_ws", "strength", "toughness", "wounds", "models")}
    assert got == {"ws": 3, "target_ws": 3, "strength": 3, "toughness": 4, "wounds": 1, "models": 20}
    assert at.selectbox(key="explore_save").value == "6"
    assert "**State Troops** (Empire of Man) as the attacker" in text(at)
    assert "**Orc Mob** (Orc & Goblin Tribes) as the target" in text(at)
    assert dict(at.query_params) == {"view": "kill", "unit": STATE_TROOPS,
                                     "target_unit": "orc-and-goblin-tribes/orc-mob"}


def test_explore_melee_pick_by_widgets_with_halberds():
    at = open_page("explore", view="melee")
    key = "explore_pick_unit_"
    at.toggle(key=f"{key}on").set_value(True).run()
    at.selectbox(key=f"{key}army").set_value("empire-of-man").run()
    at.selectbox(key=f"{key}unit").set_value("state-troops").run()
    at.selectbox(key=f"{key}equipment_{STATE_TROOPS}").set_value("Halberds").run()
    at.button(key=f"{key}use").click().run()
    assert not at.error
    values = at.session_state["_explore_values"]
    assert (values["ws"], values["strength"], values["unit"]) == (3, 4, STATE_TROOPS)  # a halberd: S+1
    assert "Not used here: AP -1" in text(at)
    link = dict(at.query_params)
    assert link["unit"] == STATE_TROOPS and link["strength"] == "4"


def test_explore_which_weapon_with_picked_shooters_and_target():
    at = open_page("explore", view="weapons", unit=MISSILE_TROOPS, target_unit=STATE_TROOPS)
    assert not at.warning and not at.error
    values = at.session_state["_explore_values"]
    assert (values["ruleset"], values["attacks_a"], values["bs_a"], values["strength_a"], values["ap_a"]) == (
        "fantasy", "20", 3, 4, 0)
    assert (values["toughness"], values["save"], values["wounds"], values["models"]) == (3, 6, 1, 20)
    assert "Armour Bane" in text(at)  # the crossbows' Armour Bane (2): not an input of this view, said so
    assert dict(at.query_params) == {"view": "weapons", "unit": MISSILE_TROOPS, "target_unit": STATE_TROOPS}


# The pick's shooting values, against the catalogue and the missile weapons' table ------------------------------


def test_a_weapon_of_the_wielders_strength_plus_one_takes_the_models_strength():
    """An Ogre Hunter (S 5) throws great throwing spears (S+1, AP -1): S 6."""
    values, unused = pick.shooter_from_unit(catalogue.find("ogre-kingdoms/hunter"))
    assert (values["bs"], values["s"], values["ap"], values["shots"]) == (4, 6, -1, "1")
    assert "Quick Shot" in unused


def test_multiple_shots_make_the_shots_dice_and_the_pages_rule():
    values, _ = pick.weapon_values("brimstone gun", models=5)  # Multiple Shots (D3+1): 5D3+5
    assert (values["shots"], values["rules"], values["s"], values["ap"]) == ("5D3+5", ("multiple_shots",), 5, -2)
    assert pick.weapon_values("clattergun", models=3)[0]["shots"] == "3D6"


def test_poisoned_attacks_of_the_javelins_or_of_the_blowpipes_own():
    skinks = catalogue.find("lizardmen/skink-skirmishers")
    assert pick.shooter_from_unit(skinks)[0]["poisoned"] is True  # Poisoned Attacks (Javelins only)
    blowpipes = pick.shooter_from_unit(skinks, pick.Choices(equipment="Hand weapons, Blowpipes"))[0]
    assert (blowpipes["weapon"], blowpipes["poisoned"], blowpipes["shots"]) == ("blowpipe", True, "40")  # its own
    assert pick.shooter_from_unit(catalogue.find("empire-of-man/state-troops"))[1][0] == (
        "no missile weapon among its equipment")


def test_the_target_against_shooting_and_in_combat():
    """State Troops with shields: light armour and a shield 5+ against shooting; in combat with hand weapons they
    Parry (4+), with halberds (two hands) the shield is unused (6+)."""
    troops = catalogue.find(STATE_TROOPS)
    assert pick.target_from_unit(troops, pick.Choices(options=("Shields",)))[0]["armour"] == 5
    assert pick.target_from_unit(troops, pick.Choices(options=("Shields",)), in_combat=True)[0]["armour"] == 4
    halberds = pick.Choices(equipment="Halberds", options=("Shields",))
    assert pick.target_from_unit(troops, halberds, in_combat=True)[0]["armour"] == 6
    assert pick.target_from_unit(troops, halberds)[0]["armour"] == 5


def test_armoured_hide_counts_in_the_targets_armour():
    """Warped Gors: no armour, shields, Armoured Hide (1): 7 - 1 - 1 = 5+ against shooting; 4+ in combat (Parry)."""
    gors = catalogue.find("beastmen-brayherds/warped-gors")
    values, unused = pick.target_from_unit(gors)
    assert values["armour"] == 5 and not [n for n in unused if n.startswith("Armoured Hide")]
    assert pick.target_from_unit(gors, in_combat=True)[0]["armour"] == 4
    with_two = pick.Choices(equipment="Additional hand weapons")  # no shield with additional hand weapons
    assert pick.target_from_unit(gors, with_two)[0]["armour"] == 6
