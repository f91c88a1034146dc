"""hitrules.edge.rosters on the files players have (issue 43): invented fixtures in tests/rosters/, each
showing one case that real files showed, read as RULES.md §9 says."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from hitrules import ninth
from hitrules.edge import rosters

ROSTERS = Path(__file__).resolve().parent / "rosters"


def load(name: str) -> rosters.Roster:
    return rosters.read((ROSTERS / name).read_bytes(), name)


def unit(roster: rosters.Roster, name: str) -> rosters.RosterUnit:
    return next(u for u in roster.units if u.name == name)


def kinds(found: rosters.RosterUnit) -> list[tuple]:
    return [(m.name, m.count, m.role, [(w.name, w.count) for w in m.weapons]) for m in found.models]


# ----- 40k: models, weapons, labels -----

def test_a_vehicle_keeps_its_own_model_beside_its_drones():
    hammerhead = unit(load("xenos_9th.ros"), "Hammerhead Gunship")
    assert kinds(hammerhead) == [("Hammerhead Gunship", 1, "", [("Railgun", 1)]),
                                 ("Gun Drone", 2, "attached", [("Twin pulse carbine", 2)])]
    assert hammerhead.model_count == 1
    t = rosters.ninth_target(hammerhead)
    assert (t.toughness, t.wounds, t.save, t.models) == (7, 13, 3, 1)  # the gunship, not a drone
    shots = rosters.ninth_groups(hammerhead)
    assert [(g.name, str(g.attacks), g.attack.skill, g.weapon.strength) for g in shots] == [
        ("Railgun (Hammerhead Gunship)", "1", 4, 10), ("Twin pulse carbine (Gun Drone)", "8", 5, 5)]


def test_a_character_keeps_its_own_model_and_weapons_beside_its_drone():
    shadowsun = unit(load("xenos_9th.ros"), "Commander Shadowsun")
    assert kinds(shadowsun) == [("Commander Shadowsun", 1, "", [("High-energy fusion blaster", 2)]),
                                ("MV52 Shield Drone", 1, "attached", [])]
    t = rosters.ninth_target(shadowsun)
    assert (t.toughness, t.wounds, t.save, t.invulnerable, t.models) == (3, 5, 3, 5, 1)


def test_a_weapon_chosen_beside_the_models_is_the_models():
    immortals = unit(load("xenos_9th.ros"), "Necron Immortals")
    assert kinds(immortals) == [("Immortal", 5, "", [("Tesla carbine", 5)])]
    [carbines] = rosters.ninth_groups(immortals)
    assert (carbines.name, str(carbines.attacks), carbines.attack.skill) == ("Tesla carbine", "10", 3)
    row = next(r for r in rosters.units_table(load("xenos_9th.ros")) if r["Unit"] == "Necron Immortals")
    assert (row["Weapons"], row["Not read"]) == ("Tesla carbine", "")


def test_labels_are_whole_or_cut_cleanly_at_a_word():
    warriors = unit(load("xenos_9th.ros"), "Kabalite Warriors")
    names = [g.name for g in rosters.ninth_groups(warriors)]
    assert names == ["Splinter pistol (Sybarite)", "Dark lance (Kabalite Warrior w/ Dark…)",
                     "Splinter rifle (Kabalite Warrior)"]
    assert all(len(n) <= 40 and n.count("(") == n.count(")") for n in names)
    model = rosters.RosterModel("M", 1)
    long = rosters.RosterWeapon("Twin-linked heavy burst cannon of the ancient forge worlds", 1)
    assert rosters._label(model, long, False) == "Twin-linked heavy burst cannon of the…"


def test_a_flamer_is_an_automatic_hit_row():
    squad = unit(load("xenos_9th.ros"), "Infantry Squad")
    found = rosters.ninth_groups(squad)
    flamer = next(g for g in found if g.name.startswith("Flamer"))
    assert flamer.attack.auto_hit and str(flamer.attacks) == "D6"
    assert ninth.resolve(flamer.attack).probability == Fraction(1)
    assert not any(g.attack.auto_hit for g in found if g is not flamer)
    query = rosters.ninth_link(squad, None)
    assert "Flamer (Guardsman w/ Flamer):D6:4::::::auto" in query["rows"]


def test_a_squad_row_shows_its_rank_and_file_and_each_weapon_once():
    row = next(r for r in rosters.units_table(load("xenos_9th.ros")) if r["Unit"] == "Infantry Squad")
    assert (row["Models"], row["WS"], row["BS"], row["A"], row["Ld"]) == (10, "4+", "4+", "1", "6")  # not the sergeant's
    assert row["Weapons"] == "Laspistol, Chainsword, Flamer, Lasgun"
    assert row["Not read"] == "Frag grenades"
    for r in rosters.units_table(load("space_marines_9th.ros")):
        read, unread = set(r["Weapons"].split(", ")), set(r["Not read"].split(", "))
        assert not read & unread, r["Unit"]
