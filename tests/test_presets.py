"""The Leman Russ preset (RULES.md §3), kept as data."""

import pytest

from hitrules.situations.presets import PRESETS


@pytest.mark.parametrize(("wounds", "skill"), [(12, 4), (7, 4), (6, 5), (4, 5), (3, 6), (1, 6)])
def test_leman_russ_degrading_bs(wounds, skill):
    assert PRESETS["leman_russ"].skill(wounds) == skill


def test_leman_russ_is_8th_edition():
    assert PRESETS["leman_russ"].edition == 8


def test_grinding_advance_doubles_the_turret_weapon_only():
    lr = PRESETS["leman_russ"]
    assert lr.attacks("Battle cannon (turret)") == "D6"
    assert lr.attacks("Battle cannon (turret)", fires_twice=True) == "2D6"
    assert lr.attacks("Heavy bolter (hull)", fires_twice=True) == "3"


@pytest.mark.parametrize("wounds", [0, 13, "x"])
def test_out_of_range_wounds(wounds):
    with pytest.raises(ValueError, match="Wounds left"):
        PRESETS["leman_russ"].skill(wounds)


@pytest.mark.parametrize(("weapon", "attacks", "strength", "ap", "damage"), [
    ("Battle cannon (turret)", "D6", 8, -2, "D3"),
    ("Heavy bolter (hull)", "3", 5, -1, "1"),
    ("Lascannon (hull)", "1", 9, -3, "D6"),
])
def test_leman_russ_weapon_profiles(weapon, attacks, strength, ap, damage):
    """RULES.md §3: each weapon's attacks, Strength, AP and Damage (8th edition)."""
    lr = PRESETS["leman_russ"]
    assert lr.attacks(weapon) == attacks
    profile = lr.weapon_profile(weapon)
    assert (profile.strength, profile.ap, str(profile.damage)) == (strength, ap, damage)


def test_the_weapon_tuples_keep_their_shape():
    assert PRESETS["leman_russ"].weapons[0] == ("Battle cannon (turret)", "D6", True)


def test_lascannon_into_a_leman_russ():
    """The whole chain from the preset: BS 4+, 1 shot, S9 vs T8 (3+), Sv 3+ AP -3 (6+), D6 into 12 wounds."""
    from fractions import Fraction

    from hitrules import ninth

    lr = PRESETS["leman_russ"]
    r = ninth.attack_outcome(ninth.Attack(lr.skill(12), edition=lr.edition), lr.attacks("Lascannon (hull)"),
                             lr.weapon_profile("Lascannon (hull)"), ninth.Target(8, save=3, wounds=12))
    assert r.unsaved[1] == Fraction(1, 2) * Fraction(2, 3) * Fraction(5, 6)
    assert r.wounds_lost.mean == r.unsaved[1] * Fraction(7, 2)
    assert r.models_removed[1] == 0


def test_unknown_weapon_profile():
    with pytest.raises(ValueError, match="weapon"):
        PRESETS["leman_russ"].weapon_profile("Plasma cannon")
