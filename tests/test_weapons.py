"""The weapons of war, who fights and armour (RULES.md §7): the weapons table row by row, charged and
not; who fights against a drawn formation, model by model; armour values with §7's and the settled
examples; and every refusal."""

import random
from fractions import Fraction

import pytest

from hitrules.fantasy import TROOP_TYPES, Weapon
from hitrules.fantasy.weapons import (
    ARMOURS,
    COMBAT_WEAPONS,
    CombatWeapon,
    armour_value,
    combat_weapon,
    who_fights,
)

# The weapons table ----------------------------------------------------------------------------

# For a Strength 3 wielder: (S, AP, Armour Bane, two-handed, Strike First, Strike Last, Extra Attacks,
# supports, Initiative), charged this turn and not (charged in its front for the spears' rules).
TABLE = {
    "hand weapon": ((3, 0, 0, False, False, False, 0, False, 0), (3, 0, 0, False, False, False, 0, False, 0)),
    "additional hand weapon": ((3, 0, 0, True, False, False, 1, False, 0), (3, 0, 0, True, False, False, 1, False, 0)),
    "great weapon": ((5, -2, 1, True, False, True, 0, False, 0), (5, -2, 1, True, False, True, 0, False, 0)),
    "halberd": ((4, -2, 1, True, False, False, 0, False, 0), (4, -1, 1, True, False, False, 0, False, 0)),
    "flail": ((5, -2, 1, True, False, False, 0, False, 0), (3, -2, 0, True, False, False, 0, False, 0)),
    "morning star": ((4, -1, 1, False, False, False, 0, False, 0), (3, -1, 0, False, False, False, 0, False, 0)),
    "whip": ((3, 0, 0, False, True, False, 0, True, 0), (3, 0, 0, False, True, False, 0, True, 0)),
    "lance": ((5, -2, 1, False, False, False, 0, False, 0), (3, 0, 0, False, False, False, 0, False, 0)),
    "cavalry spear": ((4, -1, 0, False, False, False, 0, False, 0), (3, 0, 0, False, False, False, 0, True, 0)),
    "thrusting spear": ((3, 0, 0, False, False, False, 0, False, 0), (3, 0, 0, False, False, False, 0, True, 1)),
    "throwing spear": ((3, 0, 0, False, False, False, 0, True, 0), (3, 0, 0, False, False, False, 0, False, 0)),
    "long spear": ((3, 0, 0, False, False, False, 0, False, 0), (3, 0, 0, False, True, False, 0, True, 0)),
    "polearm": ((3, 0, 0, False, False, False, 0, False, 0), (3, 0, 0, False, False, False, 0, True, 0)),
    "polearm (two-handed)": ((4, -1, 0, True, False, False, 0, False, 0), (4, -1, 0, True, False, False, 0, False, 0)),
}


def row(w: CombatWeapon) -> tuple:
    return (w.weapon.strength, w.weapon.ap, w.weapon.armour_bane, w.two_handed, w.strike_first, w.strike_last,
            w.extra_attacks, w.supports, w.initiative)


def test_the_table_lists_every_weapon_hand_weapon_first():
    assert tuple(TABLE) == COMBAT_WEAPONS and COMBAT_WEAPONS[0] == "hand weapon"


@pytest.mark.parametrize("name", TABLE)
def test_each_row_charged_and_not(name):
    charged, not_charged = TABLE[name]
    assert row(combat_weapon(name, 3, charged=True, charger_in_front=True)) == charged  # in front: ignored
    assert row(combat_weapon(name, 3, charged=True)) == charged
    assert row(combat_weapon(name, 3, charged=False, charger_in_front=True)) == not_charged


@pytest.mark.parametrize("name", TABLE)
def test_a_charger_elsewhere_than_the_front_gets_no_spears_rule(name):
    got = combat_weapon(name, 3, charged=False)
    assert got.initiative == 0
    assert got.strike_first == (name == "whip")
    assert row(got)[:4] == TABLE[name][1][:4]


@pytest.mark.parametrize("name, alias", [
    ("great weapon", "Great weapons"), ("halberd", "halberd"), ("additional hand weapon", "Two hand weapons"),
    ("polearm (two-handed)", "polearm (two-handed)"), ("polearm (two-handed)", "Polearms (Two-Handed)"),
    ("polearm", "POLEARMS"), ("morning star", "  Morning  Stars "), ("thrusting spear", "thrusting-spear"),
    ("additional hand weapon", "Additional hand weapons"), ("long spear", "Long Spears"), ("lance", "Lances"),
])
def test_any_name_singular_or_plural_in_any_case(name, alias):
    for charged in (True, False):
        assert combat_weapon(alias, 4, charged=charged) == combat_weapon(name, 4, charged=charged)


def test_strength_is_held_to_10():
    assert combat_weapon("great weapon", 9, charged=False).weapon.strength == 10
    assert combat_weapon("lance", 10, charged=True).weapon == Weapon(10, -2, armour_bane=1)
    assert combat_weapon("halberd", 9, charged=True).weapon.strength == 10


def test_an_unknown_weapon_names_close_matches():
    with pytest.raises(ValueError, match="halberd"):
        combat_weapon("halbred", 3, charged=False)
    with pytest.raises(ValueError, match="Unknown weapon"):
        combat_weapon("banana", 3, charged=False)
    for bad in (dict(strength=0), dict(strength=11)):
        with pytest.raises(ValueError, match="Strength"):
            combat_weapon("hand weapon", charged=False, **bad)
    with pytest.raises(ValueError, match="charged"):
        combat_weapon("hand weapon", 3, charged=1)
    with pytest.raises(ValueError):
        combat_weapon(None, 3, charged=False)


def test_the_strike_order_example_weapons():
    # §7 "Strike order": Greatswords S4 with great weapons: S6 AP -2 Armour Bane (1), Strike Last; halberds S3: S4 AP
    # -1, -2 when they charged, and halberds do not support.
    great = combat_weapon("great weapons", 4, charged=True)
    assert (great.weapon, great.strike_last) == (Weapon(6, -2, armour_bane=1), True)
    halberd = combat_weapon("halberds", 3, charged=False, charger_in_front=True)
    assert (halberd.weapon, halberd.supports, halberd.initiative) == (Weapon(4, -1, armour_bane=1), False, 0)
    assert combat_weapon("halberds", 3, charged=True).weapon == Weapon(4, -2, armour_bane=1)


# Who fights: a drawn formation, model by model ------------------------------------------------------


def drawn(models, width, troop, *, supports, charged, fought_in="front", others=0, formation="close_order"):
    """Lay the N models out, counting each: lines along the fought face (ranks of W in the front or rear; files of
    the unit's depth in a flank), filled line by line from that face (Incomplete Ranks: models press forward to
    complete the fighting line). The others stand in the front rank: in the fought line only when fought in the
    front; elsewhere they are drawn last. Then mark the fighting line, the Press of Battle line, the supporting
    line, and count the rank and file in each."""
    depth = 1
    while depth * width < models:
        depth += 1
    length = width if fought_in != "flank" else depth
    cells = [(i // length, "rank and file") for i in range(models)]  # (line from the fought face, who)
    if fought_in == "front":
        cells = [(line, "other" if i < others else who) for i, (line, who) in enumerate(cells)]
    else:
        cells = [(line, "other" if i >= models - others else who) for i, (line, who) in enumerate(cells)]
    press = (troop in ("regular_infantry", "heavy_infantry") and formation in ("close_order", "open_order")
             and depth <= width and not charged)
    marks = {0: "F"}
    next_line = 1
    if press:
        marks[next_line] = "S"
        next_line += 1
    if supports and fought_in == "front":
        marks[next_line] = "S"
    count = {"F": 0, "S": 0}
    for line, who in cells:
        if who == "rank and file" and line in marks:
            count[marks[line]] += 1
    return count["F"], count["S"]


def test_who_fights_the_worked_example():
    # §7 "Who fights": the Orcs charged with hand weapons: F 5, S 0; the State Troops with thrusting spears: F 5, S 10.
    orcs = combat_weapon("hand weapons", 3, charged=True)
    spears = combat_weapon("thrusting spears", 3, charged=False, charger_in_front=True)
    assert who_fights(20, 5, "regular_infantry", supports=orcs.supports, charged=True) == (5, 0)
    assert who_fights(20, 5, "regular_infantry", supports=spears.supports, charged=False) == (5, 10)
    # Greatswords that charged: F 5, S 0; halberdiers: Press of Battle only, F 5, S 5; halberdiers that charged
    # against Greatswords with Press of Battle.
    assert who_fights(20, 5, "regular_infantry", supports=False, charged=True) == (5, 0)
    assert who_fights(20, 5, "regular_infantry", supports=False, charged=False) == (5, 5)


@pytest.mark.parametrize("models, width, expected", [
    (10, 5, (5, 5)), (9, 5, (5, 4)), (10, 2, (2, 0)), (3, 5, (3, 0)), (1, 5, (1, 0)), (7, 5, (5, 2)),
])
def test_press_of_battle_needs_combat_order(models, width, expected):
    assert who_fights(models, width, "regular_infantry", supports=False, charged=False) == expected


def test_others_take_places_in_the_front_only():
    assert who_fights(20, 5, "regular_infantry", supports=True, charged=False, others=1) == (4, 10)
    assert who_fights(20, 5, "regular_infantry", supports=True, charged=False, others=2, fought_in="rear") == (5, 5)
    assert who_fights(20, 5, "heavy_infantry", supports=True, charged=False, fought_in="flank") == (4, 4)
    assert who_fights(20, 5, "heavy_cavalry", supports=True, charged=False, fought_in="flank") == (4, 0)
    assert who_fights(20, 5, "regular_infantry", supports=True, charged=False, formation="skirmish") == (5, 5)
    assert who_fights(2, 5, "regular_infantry", supports=False, charged=False, others=2, fought_in="flank") == (0, 0)


def test_who_fights_every_small_formation_against_the_drawing():
    for models in range(1, 31):
        for width in range(1, 9):
            for fought_in in ("front", "flank", "rear"):
                for flags in range(8):
                    supports, charged, others = bool(flags & 1), bool(flags & 2), min(models, flags >> 2)
                    args = (models, width, "regular_infantry")
                    kw = dict(supports=supports, charged=charged, fought_in=fought_in, others=others)
                    assert who_fights(*args, **kw) == drawn(*args, **kw), (args, kw)


def test_who_fights_random_formations_against_the_drawing():
    rng = random.Random(42)
    for _ in range(4000):
        models, width = rng.randint(1, 120), rng.randint(1, 20)
        kw = dict(supports=rng.random() < 0.5, charged=rng.random() < 0.5,
                  fought_in=rng.choice(("front", "flank", "rear")), others=rng.randint(0, min(2, models)),
                  formation=rng.choice(("close_order", "open_order", "skirmish")))
        troop = rng.choice(TROOP_TYPES)
        fighting, supporting = who_fights(models, width, troop, **kw)
        assert (fighting, supporting) == drawn(models, width, troop, **kw), (models, width, troop, kw)
        assert fighting + supporting <= models - kw["others"]


def test_who_fights_refuses_what_is_not_a_unit():
    base = dict(supports=False, charged=False)
    for args, match in [((0, 5, "regular_infantry"), "models"), ((10, 0, "regular_infantry"), "rank width"),
                        ((10, 21, "regular_infantry"), "rank width"), ((10, 5, "goblins"), "troop type")]:
        with pytest.raises(ValueError, match=match):
            who_fights(*args, **base)
    with pytest.raises(ValueError, match="fought_in"):
        who_fights(10, 5, "regular_infantry", fought_in="side", **base)
    with pytest.raises(ValueError, match="formation"):
        who_fights(10, 5, "regular_infantry", formation="loose", **base)
    with pytest.raises(ValueError, match="others"):
        who_fights(1, 5, "regular_infantry", others=2, **base)
    with pytest.raises(ValueError, match="supports"):
        who_fights(10, 5, "regular_infantry", supports="yes", charged=False)


# Armour ---------------------------------------------------------------------------------------------


def test_armour_names_and_values():
    assert ARMOURS == ("none", "light", "heavy", "full plate")
    for troop in ("heavy_cavalry", "monster"):
        assert [armour_value(a, troop_type=troop) for a in ARMOURS] == [None, 6, 5, 4]


def test_the_settled_examples():
    # 20 Orcs, hand weapons, light armour and shields: 4+ in combat (Parry); State Troops with spears: 5+.
    assert armour_value("light", shield=True, troop_type="regular_infantry") == 4
    assert armour_value("light", shield=True, troop_type="regular_infantry", weapon="hand weapons") == 4
    assert armour_value("light", shield=True, troop_type="regular_infantry", weapon="thrusting spear") == 5
    # Against shooting: no Parry, the shield counts beside a two-handed weapon.
    assert armour_value("light", shield=True, troop_type="regular_infantry", in_combat=False) == 5
    assert armour_value("light", shield=True, troop_type="regular_infantry", in_combat=False,
                        weapon="halberd") == 5
    # §7 Strike order: halberdiers' light armour, the shield unused: 6+; Greatswords' full plate 4+.
    assert armour_value("light", shield=True, troop_type="regular_infantry", weapon="halberd") == 6
    assert armour_value("light", shield=True, troop_type="regular_infantry", two_handed=True) == 6
    assert armour_value("full plate", troop_type="regular_infantry", weapon="great weapon") == 4


def test_parry_only_for_regular_and_heavy_infantry_to_at_best_3():
    assert armour_value("heavy", shield=True, troop_type="heavy_infantry") == 3
    assert armour_value("full plate", shield=True, troop_type="heavy_infantry") == 3  # 3+ stays
    assert armour_value("full plate", shield=True, hide=1, troop_type="heavy_infantry") == 2  # a 2+ stays
    assert armour_value("light", shield=True, troop_type="monstrous_infantry") == 5
    assert armour_value("light", shield=True, troop_type="heavy_cavalry") == 5
    assert armour_value("none", shield=True, troop_type="regular_infantry") == 5
    assert armour_value("none", troop_type="regular_infantry") is None


def test_the_best_armour_each_troop_type_may_have():
    best = {t: armour_value("full plate", shield=True, barding=True, hide=3, troop_type=t) for t in TROOP_TYPES}
    assert {t for t, v in best.items() if v == 3} == {"light_chariots", "heavy_chariots", "monster", "war_machine"}
    assert {t for t, v in best.items() if v == 2} == set(TROOP_TYPES) - {"light_chariots", "heavy_chariots",
                                                                        "monster", "war_machine"}
    assert armour_value("heavy", barding=True, shield=True, troop_type="heavy_cavalry") == 3
    assert armour_value("none", hide=2, troop_type="monster") == 5


def test_armour_every_combination_against_a_count():
    for armour, base in zip(ARMOURS, (7, 6, 5, 4), strict=True):
        for shield in (False, True):
            for weapon in COMBAT_WEAPONS:
                for in_combat in (False, True):
                    two = combat_weapon(weapon, 3, charged=True).two_handed
                    shield_counts = shield and not (in_combat and two)
                    value = base - shield_counts
                    if in_combat and shield_counts and weapon == "hand weapon" and value >= 4:
                        value -= 1
                    expected = None if value > 6 else max(2, value)
                    assert armour_value(armour, shield=shield, troop_type="regular_infantry", weapon=weapon,
                                        in_combat=in_combat) == expected


def test_armour_refusals():
    for kw, match in [(dict(armour="mithril"), "armour"), (dict(armour="light", hide=7), "Armoured Hide"),
                      (dict(armour="light", shield=1), "shield"), (dict(armour="light", weapon="spork"), "weapon")]:
        with pytest.raises(ValueError, match=match):
            armour_value(troop_type="regular_infantry", **kw)
    with pytest.raises(ValueError, match="troop type"):
        armour_value("light", troop_type="elves")
    assert Fraction(armour_value("light", troop_type="swarm")) == 6
