"""Situations (hitrules.situations): a page's values become the engine's question. Each test builds
the situation from a link, as the page does, and checks it against the same numbers handed to the
engine by hand, and against the exact answers of RULES.md."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from hitrules import fantasy, ninth, situations
from hitrules.edge import urlstate
from hitrules.situations import combat as combat_situations

NINTH_LINK = {"skill": "3", "mods": "-1", "reroll": "ones", "attacks": "10", "chain": "1", "s": "5", "ap": "-1",
              "damage": "D3", "t": "4", "sv": "3", "wounds": "2", "models": "5"}
FANTASY_LINK = {"bs": "3", "conditions": "moved", "cover": "soft", "shots": "10", "chain": "1", "s": "4", "t": "3",
                "armour": "5", "mw": "D3", "regen": "5", "extra": "1", "wounds": "2", "models": "5"}


def test_a_ninth_link_asks_the_engine_the_question_it_holds():
    sit = situations.ninth_situation(urlstate.parse_query(urlstate.NINTH, NINTH_LINK).values)
    by_hand = ninth.attack_outcome(ninth.Attack(3, (-1,), reroll="ones"), 10, ninth.Weapon(5, -1, "D3"),
                                   ninth.Target(4, save=3, wounds=2, models=5))
    chain = situations.chain(sit)
    assert (chain.wounds_lost, chain.models_removed) == (by_hand.wounds_lost, by_hand.models_removed)
    # BS 3+ at -1 (capped to -1): 4+, re-rolling 1s: 1/2 + 1/6 × 1/2.
    assert situations.answer(sit).result.probability == F(1, 2) + F(1, 6) * F(1, 2) == F(7, 12)


def test_a_fantasy_link_asks_the_engine_the_question_it_holds():
    sit = situations.fantasy_situation(urlstate.parse_query(urlstate.FANTASY, FANTASY_LINK).values)
    by_hand = fantasy.shoot(fantasy.Shot(3, moved=True, cover="soft"), 10, fantasy.Weapon(4, 0, "D3"),
                            fantasy.Target(3, armour=5, regeneration=5, wounds=2, models=5))
    chain = situations.chain(sit)
    assert (chain.wounds_lost, chain.models_removed) == (by_hand.wounds_lost, by_hand.models_removed)
    (group,) = situations.answer(sit).groups
    assert (group.result.required, group.result.probability) == (6, F(1, 6))  # BS 3, moved -1, soft cover -1


@pytest.mark.parametrize(("params", "link", "make", "values"), [
    (urlstate.NINTH, NINTH_LINK, situations.ninth_situation, situations.ninth_values),
    (urlstate.FANTASY, FANTASY_LINK, situations.fantasy_situation, situations.fantasy_values),
])
def test_a_situation_writes_the_link_it_came_from(params, link, make, values):
    """The link a page writes is its situation's values: read again, the same situation."""
    sit = make(urlstate.parse_query(params, link).values)
    written = urlstate.encode(params, values(sit))
    assert make(urlstate.parse_query(params, written).values) == sit
    assert written.items() <= link.items()  # what it writes is the link's own words (defaults left out)


def test_a_situation_is_answered_once():
    sit = situations.ninth_situation(urlstate.parse_query(urlstate.NINTH, NINTH_LINK).values)
    again = situations.ninth_situation(urlstate.parse_query(urlstate.NINTH, dict(NINTH_LINK)).values)
    assert situations.answer(sit) is situations.answer(again)


# /combat ----------------------------------------------------------------------------------------

def test_the_worked_round_through_its_situation():
    """RULES.md §7's worked round, from its link: 11/32 win, 105/256 draw, 63/256 lose."""
    values = urlstate.parse_query(urlstate.COMBAT, combat_situations.WORKED_ROUND).values
    sit = combat_situations.combat_situation(urlstate.combat_input(values))
    assert (sit.charger.unit.models, sit.charger.ws, sit.charger.initiative) == (2, 3, 6)
    assert sit.charger.weapon.strength == 3
    result = combat_situations.answer(sit)
    assert (result.win, result.draw, result.lose) == (F(11, 32), F(105, 256), F(63, 256))
    assert result == fantasy.combat_round(sit.charger, sit.charged)


def test_ranks_are_brought_within_the_unit_and_said_so():
    values = urlstate.parse_query(urlstate.COMBAT, combat_situations.WORKED_ROUND).values
    assert combat_situations.fit_ranks(urlstate.combat_input(values))[1] == ()
    fitted, said = combat_situations.fit_ranks(urlstate.combat_input({**values, "a_models": 8, "a_supporting": 5}))
    assert fitted.charger.supporting == 3
    assert said == ("The charger's supporting rank (5) was more than the 3 models behind its fighting rank: "
                    "now 3, to fit the unit.",)


# Issue 43: a unit of the catalogue as a side's inputs (hitrules.situations.pick) -------------------------------


def test_a_picked_unit_is_the_sides_inputs_and_says_what_it_could_not_use():
    from hitrules.fantasy import catalogue
    from hitrules.situations.pick import Choices, side_from_unit

    knights, unused = side_from_unit(catalogue.find("kingdom-of-bretonnia/mounted-knights-of-the-realm"),
                                     Choices(command=("First Knight (champion)",), models=10))
    assert (knights["troop"], knights["weapon"], knights["body"], knights["shield"], knights["barding"]) == (
        "heavy_cavalry", "lance", "heavy", True, True)
    assert (knights["mount_a"], knights["mount_ws"], knights["mount_s"], knights["mount_i"], knights["m"]) == (
        1, 3, 3, 3, 8)
    assert (knights["models"], knights["others"], knights["char_attacks"]) == (9, 1, "2")  # the champion is one of 10
    assert knights["move"] == ("finest_warhorses", "swiftstride") and "Lance Formation" in unused
    chariot, unused = side_from_unit(catalogue.find("Orc Boar Chariot"))
    # the crew strike for the chariot (2 crew of A 1), its body gives T 5, W 4 and the 4+ save; the boars are its mount
    assert (chariot["attacks"], chariot["t"], chariot["wounds"], chariot["armour"], chariot["mount_a"]) == (
        2, 5, 4, 4, 2)
    assert (chariot["impact"], chariot["weapon"], chariot["width"]) == ("D6+1", "cavalry_spear", 1)
    assert "Tusker Charge" in unused
    defended, _ = side_from_unit(catalogue.find("Orc Boar Chariot"), charger=False)
    assert "impact" not in defended  # Impact Hits are the charger's
    dwarfs, _ = side_from_unit(catalogue.find("Dwarf Warriors"), Choices(options=("Great weapons", "Shields")))
    assert (dwarfs["weapon"], dwarfs["shield"], dwarfs["special"], dwarfs["move"]) == (
        "great_weapon", True, ("hatred",), ("resolute",))
    orcs, unused = side_from_unit(catalogue.find("Orc Mob"), Choices(equipment="Warbows"))
    assert orcs["weapon"] == "hand_weapon" and "Warbow" in unused  # a missile weapon does not fight in combat


def test_a_picked_monsters_rules_and_a_rule_for_another_weapon():
    from hitrules.fantasy import catalogue
    from hitrules.situations.pick import side_from_unit

    stegadon, unused = side_from_unit(catalogue.find("Stegadon"))
    assert (stegadon["troop"], stegadon["impact"], stegadon["stomp"], stegadon["special"], stegadon["flags"]) == (
        "monster", "D3+1", "D3+2", ("immune_to_psychology", "causes_terror"), ("stubborn",))
    assert "poisoned" not in stegadon["rules"] and "Poisoned Attacks (Javelins only)" in unused
    monsters = {f"{p}{k}": v for p in ("a_", "d_") for k, v in (("troop", "monster"), ("wounds", "5"), ("models", "1"),
                                                                 ("width", "1"), ("auto", "1"), ("stomp", "D3"))}
    sit = urlstate.link_situation(monsters | {"a_hide": "2", "a_body": "light"})
    assert sit.charger.unit.armour == 4  # light 6+, Armoured Hide (2): 4+
    # a monster's Stomps: AP -2, but not against a monster
    assert sit.charger.stomp.weapon.ap == 0 and sit.charged.stomp.weapon.ap == 0
    assert urlstate.link_situation({"a_troop": "monster", "a_auto": "1", "a_stomp": "D3"}).charger.stomp.weapon.ap == -2
