"""Fantasy close combat, RULES.md §7 as settled on 2026-12-06 (§8's end): Initiative with Strike First,
Strike Last and the charge's bonus, the mount, Frenzy, Close Order, Massed Infantry from the troop type,
Horde, Marching Column, Skirmish, Disrupted, Fear as the round begins and Terror's Leadership - 1. Each
worked example of §7 exactly, and small rounds against every die (test_combat's brute force)."""

import dataclasses
import random
from fractions import Fraction

import pytest
from test_combat import assert_same, brute_round, side

from hitrules.dice import Distribution
from hitrules.edge import urlstate
from hitrules.fantasy import Fighters, Side, Target, Weapon, combat_round
from hitrules.fantasy.charging import with_charge_bonus
from hitrules.fantasy.result import ranks_of
from hitrules.fantasy.sides import leadership_fails, rank_and_file_initiative, side_strength

HAND = Weapon(3)


def unit_of(models, toughness=3, armour=None, troop="regular_infantry", wounds=1):
    return Target(toughness, armour=armour, models=models, troop=troop, wounds=wounds)


def ranked(models, width, *, fighting, supporting=0, ws=3, initiative=3, leadership=7, weapon=HAND, toughness=3,
           armour=None, troop="regular_infantry", **more) -> Side:
    return Side(unit_of(models, toughness, armour, troop), ws=ws, initiative=initiative, leadership=leadership,
                rank_width=width, fighting=fighting, supporting=supporting, attacks=1, weapon=weapon, **more)


def texts(result) -> str:
    return "\n".join(step.text for step in result.steps)


# The worked examples of §7 ----------------------------------------------------------------------------


def test_whole_round_with_massed_infantry_from_the_troop_type():
    """§7 "Whole round": Massed Infantry (both regular infantry) only widens a win, so nothing moves."""
    r = combat_round(side(initiative=6), side(initiative=3))
    assert (r.win, r.draw, r.lose) == (Fraction(11, 32), Fraction(105, 256), Fraction(63, 256))
    assert r.charged_test == {"break": Fraction(15, 128), "fall_back": Fraction(11, 128),
                              "give_ground": Fraction(5, 64), "wiped_out": Fraction(1, 16)}
    assert "Massed Infantry (regular infantry) +1" in texts(r)


def orcs_and_state_troops():
    """§7 "Who fights": 20 Orc Boyz charge 5" into the front of 20 State Troops, both 5 wide."""
    orcs = ranked(20, 5, fighting=5, toughness=4, armour=4, leadership=6)
    state = ranked(20, 5, fighting=5, supporting=10, initiative=4, armour=5, horde=True)
    charging, bonus = with_charge_bonus(orcs, 5)
    assert bonus == 3 and charging.charge_bonus == 3 and charging.initiative == 3
    return charging, state


def test_who_fights_orcs_against_state_troops():
    orcs, state = orcs_and_state_troops()
    assert rank_and_file_initiative(orcs) == 6 and rank_and_file_initiative(state) == 4
    r = combat_round(orcs, state)
    assert r.win == Fraction(2647482201558228221, 9983749980331966464)
    assert r.draw == Fraction(931568453650919161, 4991874990165983232)
    assert r.win + r.draw + r.lose == 1
    assert r.charged_models_lost.mean == Fraction(5, 6) and r.charger_models_lost.mean == Fraction(85, 72)
    why = texts(r)
    assert "Initiative 3, +3 for the charge (held to 10): it strikes at 6" in why
    assert "Close Order +1" in why and "Horde: Rank Bonus +1" in why and "Massed Infantry (regular infantry)" in why
    assert "Rank Bonus +3 with all 20 models" in why and "Rank Bonus +2 with all 20 models" in why


def greatswords(**more):
    great = Weapon(6, ap=-2, armour_bane=1)  # S4 + 2, AP -2, Armour Bane (1), Strike Last
    return ranked(20, 5, fighting=5, ws=4, weapon=great, armour=4, strike_last=True, **more)


HALBERD = Weapon(4, ap=-1, armour_bane=1)  # S3 + 1, AP -1, Armour Bane (1): not charging


def halberdiers(fighting=5, supporting=5, weapon=HALBERD, **more):
    return ranked(20, 5, fighting=fighting, supporting=supporting, weapon=weapon, armour=6, **more)


def test_strike_order_greatswords_charge_5_inches():
    charger, _ = with_charge_bonus(greatswords(), 5)
    assert rank_and_file_initiative(charger) == 4
    r = combat_round(charger, halberdiers())
    assert r.charged_models_lost.mean == Fraction(25, 9)
    assert r.charger_models_lost.mean == Fraction(1105, 648)
    assert "Strike Last: Initiative 1, +3 for the charge (held to 10): it strikes at 4" in texts(r)


def test_strike_order_from_two_inches_both_strike_at_once():
    charger, bonus = with_charge_bonus(greatswords(), 2)
    assert bonus == 2 and rank_and_file_initiative(charger) == 3
    r = combat_round(charger, halberdiers())
    assert r.charger_models_lost.mean == Fraction(85, 36)
    assert r.charged_models_lost.mean == Fraction(25, 9)


def test_strike_order_halberdiers_charging():
    charged_halberd = Weapon(4, ap=-2, armour_bane=1)  # AP -2 in a turn it charged
    charger, _ = with_charge_bonus(halberdiers(weapon=charged_halberd, fighting=5, supporting=0), 5)
    assert rank_and_file_initiative(charger) == 6
    target = greatswords(supporting=5)  # not charging: Press of Battle, F 5, S 5
    assert rank_and_file_initiative(target) == 1
    r = combat_round(charger, target)
    assert r.charger_models_lost.mean == Fraction(1025, 216)
    assert r.charged_models_lost.mean == 5 * Fraction(7, 24)


def test_close_order_examples():
    ten = ranked(10, 5, fighting=5)
    assert ranks_of(ten, 10) == (1, 1)
    assert ranks_of(ten, 9) == (0, 0) and side_strength(ten, 9) == 9
    champion = Fighters(1, 3, HAND, 3, name="champion", unit_strength=1)
    nine_and_champion = ranked(9, 5, fighting=4, others=(champion,))
    assert side_strength(nine_and_champion, 9) == 10 and ranks_of(nine_and_champion, 9) == (1, 1)
    assert ranks_of(ranked(10, 2, fighting=2), 10) == (0, 0)  # five deep, two wide: a Marching Column


def test_close_order_kept_against_five_orc_attacks():
    orcs = ranked(5, 5, fighting=5, toughness=4)
    orcs = Side(orcs.unit, 3, 3, 6, 5, 5, 0, 1, HAND)
    state = Side(unit_of(10, armour=5), ws=3, initiative=3, leadership=7, rank_width=5, fighting=0, supporting=0,
                 attacks=1, weapon=HAND)
    r = combat_round(orcs, state)
    # An Orc attack kills 1/6. Kept both (+1 ranks, +1 Close Order) and Massed Infantry: the charged scores 3.
    assert r.difference[-3] == Fraction(3125, 7776)
    assert r.difference[0] == 5 * Fraction(1, 6) * Fraction(5, 6) ** 4  # one slain: 9 left, neither
    assert "Close Order +1" in texts(r)


def test_marching_column_why():
    r = combat_round(ranked(10, 2, fighting=2), ranked(2, 2, fighting=2))
    assert "Marching Column (5 ranks deep, 2 wide: deeper than wide): no Rank Bonus and no Close Order" in texts(r)


@pytest.mark.parametrize(("leadership", "fails"), [(7, Fraction(5, 12)), (8, Fraction(5, 18)), (2, Fraction(35, 36)),
                                                   (10, Fraction(3, 36))])
def test_leadership_test_fails(leadership, fails):
    assert Fraction(leadership_fails(leadership), 36) == fails


# Fear and Terror, exactly --------------------------------------------------------------------------------


def test_fear_weighs_the_round_with_and_without_minus_one():
    charger = side(models=3, initiative=4, causes_fear=True)
    charged = side(models=2, initiative=3)
    r = combat_round(charger, charged)
    passed = combat_round(side(models=3, initiative=4), charged)
    failed = combat_round(side(models=3, initiative=4), side(models=2, initiative=3, modifier=-1))
    # Massed Infantry and the rest are the same: only the charged's To Hit changes.
    for field in ("win", "draw", "lose"):
        assert getattr(r, field) == Fraction(7, 12) * getattr(passed, field) + Fraction(5, 12) * getattr(failed, field)
    assert "failed Fear test (5/12" in texts(r).replace("Failed", "failed")


@pytest.mark.parametrize("immune", [dict(causes_fear=True), dict(causes_terror=True), dict(immune_to_psychology=True),
                                    dict(frenzy=True)])
def test_who_is_immune_to_fear(immune):
    charger = side(models=3, initiative=4, causes_fear=True)
    r = combat_round(charger, side(models=2, **immune))
    plain = combat_round(side(models=3, initiative=4), side(models=2, **immune))
    assert (r.win, r.draw, r.lose) == (plain.win, plain.draw, plain.lose)


def test_a_fear_causer_fears_a_terror_causer():
    r = combat_round(side(models=3, initiative=4, causes_terror=True), side(models=2, causes_fear=True))
    assert "Fear: the charged tests as the round begins" in texts(r)


def test_no_fear_test_without_the_higher_unit_strength():
    r = combat_round(side(models=2, causes_fear=True), side(models=2))
    plain = combat_round(side(models=2), side(models=2))
    assert r.win == plain.win
    assert "takes no Fear test as the round begins" in texts(r)


def test_the_charger_tests_as_the_round_begins_after_stand_and_shoot():
    """Equal Unit Strength (no test before declaring); after Stand & Shoot removes one model, the charger's
    is the lower: it tests (Ld 7, fails 5/12) in that state only."""
    charged = side(models=3, causes_fear=True)
    lost = Distribution.from_ways({0: 1, 1: 1})
    r = combat_round(side(models=3, initiative=4), charged, lost)
    one = Distribution.from_ways({1: 1})
    whole = combat_round(side(models=3, initiative=4), charged)
    passed = combat_round(side(models=3, initiative=4), side(models=3), one)
    failed = combat_round(side(models=3, initiative=4, modifier=-1), side(models=3), one)
    for field in ("win", "draw", "lose"):
        expected = (getattr(whole, field) + Fraction(7, 12) * getattr(passed, field)
                    + Fraction(5, 12) * getattr(failed, field)) / 2
        assert getattr(r, field) == expected


def test_terror_lowers_the_losers_leadership():
    terror = combat_round(side(initiative=6, causes_terror=True), side(models=2, immune_to_psychology=True))
    plain = combat_round(side(initiative=6), side(models=2, immune_to_psychology=True, leadership=6))
    assert terror.charged_test == plain.charged_test
    assert "Leadership 7 - 1 = 6 (the enemy causes Terror)" in texts(terror)


def test_stubborn_that_chooses_to_test_takes_the_table():
    tested = combat_round(side(initiative=6), side(stubborn=True, stubborn_tests=True))
    plain = combat_round(side(initiative=6), side())
    assert tested.charged_test == plain.charged_test
    assert combat_round(side(initiative=6), side(stubborn=True)).charged_test["break"] == 0


# Against every die ------------------------------------------------------------------------------------

MOUNT = Fighters(1, 3, Weapon(3), 2, name="warhorse")
BRUTE_CASES = {
    "a mount for each fighting model, dying with its rider": (
        side(models=2, initiative=4, mount=MOUNT, troop="heavy_cavalry"), side(models=2, initiative=3)),
    "a mount not from a supporting rank": (
        side(models=2, fighting=1, supporting=1, initiative=1, mount=MOUNT, troop="heavy_cavalry"),
        side(models=1, attacks=2, initiative=3)),
    "Frenzy: +1 Attack for the rank and file and the others, not the mount": (
        side(models=1, frenzy=True, mount=MOUNT, troop="heavy_cavalry",
             others=(Fighters(1, 3, Weapon(4), 5, name="champion", unit_strength=2),)),
        side(models=2, initiative=2)),
    "Frenzy only for the charger": (side(models=1), side(models=1, frenzy=True, attacks=2, initiative=4)),
    "Strike First, Strike Last and the charge": (
        side(models=1, strike_last=True, charge_bonus=2, others=(Fighters(1, 3, Weapon(3), 9),)),
        side(models=1, strike_first=True, strike_last=True, initiative=3)),
    "Fear: the charged tests": (side(models=3, fighting=1, initiative=4, causes_fear=True), side(models=2)),
    "Terror: Fear and Leadership - 1": (
        side(models=2, fighting=1, causes_terror=True, initiative=2), side(models=1, attacks=2)),
    "Close Order and Horde": (
        side(models=12, rank_width=4, fighting=1, troop="heavy_cavalry", horde=True, initiative=2),
        side(models=1, attacks=2, wounds=2, initiative=4, weapon=Weapon(4))),
    "Disrupted by a flank charge of Unit Strength 5": (
        side(models=5, rank_width=5, fighting=1, position="flank"),
        side(models=10, rank_width=5, fighting=1, initiative=2)),
    "Steady in the Ranks: heavy infantry against Unit Strength 5": (
        side(models=5, rank_width=5, fighting=1, position="rear"),
        side(models=10, rank_width=5, fighting=1, initiative=2, troop="heavy_infantry")),
    "a Marching Column and Skirmish": (
        side(models=6, rank_width=2, fighting=1), side(models=6, rank_width=3, fighting=1, formation="skirmish")),
    "Stubborn that tests": (side(models=2, initiative=5), side(models=2, stubborn=True, stubborn_tests=True)),
}


@pytest.mark.parametrize("name", BRUTE_CASES)
def test_round_matches_brute_force(name):
    charger, charged = BRUTE_CASES[name]
    assert_same(combat_round(charger, charged), brute_round(charger, charged))


def test_an_older_links_massed_infantry_flag_is_ignored():
    """Massed Infantry follows the troop type: an older link's flag opens with a line that says the troop type
    decides (issue 42), and is not a flag."""
    assert "massed_infantry" not in urlstate.COMBAT_FLAGS
    old = {"a_flags": "massed_infantry,standard", "d_flags": "massed_infantry"}
    parsed = urlstate.parse_query(urlstate.COMBAT, old)
    assert len(parsed.warnings) == 2 and all("the troop type decides" in w for w in parsed.warnings)
    assert parsed.values["a_flags"] == ("standard",) and parsed.values["d_flags"] == ()
    assert urlstate.parse_query(urlstate.COMBAT, {"a_flags": "banner"}).warnings


@pytest.mark.parametrize(("name", "words"), [
    ("a mount for each fighting model, dying with its rider",
     "The charger's warhorse: 2 fighting models × 1 Attack of each one's mount (none from a supporting rank"),
    ("Frenzy: +1 Attack for the rank and file and the others, not the mount",
     "Frenzy: the charger charged this turn, so its rank and file and its others have +1 Attack"),
    ("Frenzy: +1 Attack for the rank and file and the others, not the mount",
     "1 fighting model × 2 Attacks (Frenzy: +1 Attack in a turn it charged)"),
    ("Disrupted by a flank charge of Unit Strength 5",
     "The charged: Disrupted (fought in its flank by a unit of Unit Strength 5 or more, not in Skirmish)"),
    ("a Marching Column and Skirmish", "The charged: Skirmish: no Rank Bonus and no Close Order"),
    ("Fear: the charged tests", "After a failed Fear test, the charged's rank and file hits on 5+: 1/3"),
    ("Close Order and Horde", "Horde: Rank Bonus +1 at most; Close Order +1"),
])
def test_the_why_names_each_rule(name, words):
    assert words in texts(combat_round(*BRUTE_CASES[name]))


def random_side(rng: random.Random, charger: bool) -> Side:
    """A small side (so every die can be enumerated) with the new rules drawn at random."""
    models = rng.randint(1, 3)
    fighting = rng.randint(1, models)
    supporting = rng.randint(0, models - fighting)
    rules = {name: rng.random() < 0.3 for name in ("horde", "strike_first", "strike_last", "frenzy", "causes_fear",
                                                   "causes_terror", "immune_to_psychology", "disrupted")}
    more = dict(rules, formation=rng.choice(("close_order", "open_order", "skirmish")),
                troop=rng.choice(("regular_infantry", "heavy_infantry", "heavy_cavalry", "monstrous_infantry")))
    if rng.random() < 0.4:
        more["mount"] = Fighters(1, rng.randint(2, 4), Weapon(rng.randint(3, 4)), rng.randint(1, 5), name="mount")
    if rng.random() < 0.3:
        more["others"] = (Fighters(1, 4, Weapon(4), rng.randint(1, 6), name="champion", unit_strength=1),)
    if charger:
        more["charge_bonus"] = rng.randint(0, 3)
        more["position"] = rng.choice(("front", "front", "flank", "rear"))
    else:
        more["stubborn"] = rng.random() < 0.3
        more["stubborn_tests"] = rng.random() < 0.5
    return side(models=models, fighting=fighting, supporting=supporting, rank_width=rng.randint(1, 3),
                initiative=rng.randint(1, 6), leadership=rng.randint(5, 9), **more)


@pytest.mark.parametrize("seed", range(16))
def test_random_small_rounds_match_brute_force(seed):
    rng = random.Random(seed)
    charger, charged = random_side(rng, True), random_side(rng, False)
    if charger.position != "front":
        charged = dataclasses.replace(charged, supporting=0)  # fought in its flank or rear: no supporting attacks
    assert_same(combat_round(charger, charged), brute_round(charger, charged))


def test_a_thrusting_spears_plus_one_may_make_initiative_11():
    """The page adds the spear's +1 to the profile (settled point 4: held by no rule): 10 + 1 strikes first of
    all, before a charger's 10."""
    spears = side(models=1, initiative=11)
    assert rank_and_file_initiative(spears) == 11
    r = combat_round(side(models=1, initiative=7, charge_bonus=3), spears)
    assert "Initiative 11: the charged's rank and file strike" in texts(r)
    assert_same(r, brute_round(side(models=1, initiative=7, charge_bonus=3), spears))
    with pytest.raises(ValueError, match="Initiative"):
        side(initiative=12)
