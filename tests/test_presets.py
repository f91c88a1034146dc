"""The Leman Russ preset (RULES.md §3), kept as data."""

import pytest

from hitrules.presets import PRESETS


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
