"""hitrules.edge.rosters on the files players have (issue 43): invented fixtures in tests/rosters/, each
showing one case that real files showed, read as RULES.md §9 says."""

from __future__ import annotations

import json
import time
import types
from fractions import Fraction
from pathlib import Path

import pytest

from hitrules import ninth
from hitrules.edge import rosters, rosters_owb

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
    # The rank and file's characteristics, not the sergeant's (A 2, Ld 7).
    assert (row["Models"], row["WS"], row["BS"], row["A"], row["Ld"]) == (10, "4+", "4+", "1", "6")
    assert row["Weapons"] == "Laspistol, Chainsword, Flamer, Lasgun"
    assert row["Not read"] == "Frag grenades"
    for r in rosters.units_table(load("space_marines_9th.ros")):
        read, unread = set(r["Weapons"].split(", ")), set(r["Not read"].split(", "))
        assert not read & unread, r["Unit"]


# ----- fantasy (New Recruit) -----

def test_a_fantasy_weapons_rule_names_are_kept():
    roster = load("empire_new_recruit.ros")
    troops = unit(roster, "State Troops")
    [spear] = troops.models[0].weapons
    assert (spear.name, spear.rules) == ("Thrusting spear", ("Fight in Extra Rank",))
    assert "Notes" not in spear.characteristics and "Special Rules" not in spear.characteristics  # names only
    assert (troops.weapon, troops.armour, rosters.troop(troops), troops.rules) == (
        "thrusting spear", 5, "regular_infantry", ("Close Order",))
    assert troops.troop == "regular_infantry"  # the typed field the pages read


def test_a_character_keeps_its_own_model_beside_its_mount():
    captain = unit(load("empire_new_recruit.ros"), "Empire Captain")
    assert [(m.name, m.count, m.role) for m in captain.models] == [("Empire Captain", 1, ""),
                                                                   ("Barded Warhorse", 1, "mount")]
    assert captain.model_count == 1 and captain.models[0].weapons[0].rules == ("Armour Bane (1)",)
    # Full plate armour 4+, a shield and barding: 2+ (cavalry may reach 2+); its lance by name.
    assert (captain.armour, captain.weapon, rosters.troop(captain)) == (2, "lance", "heavy_cavalry")
    side = rosters.fantasy_side(captain).side
    assert (side.ws, side.attacks, side.unit.armour) == (5, 3, 2)
    assert [o.name for o in side.others] == ["mount"]


def test_armour_is_at_best_three_for_chariots_monsters_and_war_machines():
    plated = ["Full plate armour", "Shield", "Barding"]
    assert rosters._armour(plated, [], "", "heavy_chariots") == 3
    assert rosters._armour(plated, [], "", "heavy_cavalry") == 2


def test_weapons_of_war_by_their_table_names():
    assert rosters.weapon_of_war(["Hand weapons", "Great weapons"]) == "great weapon"
    assert rosters.weapon_of_war(["Hand weapons", "Additional hand weapons"]) == "additional hand weapon"
    assert rosters.weapon_of_war(["Two hand weapons"]) == "additional hand weapon"
    assert rosters.weapon_of_war(["Hand weapon"]) == "hand weapon"
    assert rosters.weapon_of_war(["Light armour", "Shields"]) == ""
    assert rosters.weapon_of_war(["Cavalry spears", "Hand weapons"]) == "cavalry spear"


# ----- Old World Builder's text export -----

def test_a_german_export_reads_its_columns_by_position():
    roster = load("empire_owb_de.txt")
    assert (roster.game, roster.name) == ("fantasy", "Hitrules Reichsheer")
    troops = unit(roster, "Staatstruppen")
    trooper = dict(troops.models[0].characteristics)
    # In German "W" is Toughness and "LP" Wounds: T 3, W 1 (not W 3).
    assert trooper == {"M": "4", "WS": "3", "BS": "3", "S": "3", "T": "3", "W": "1", "I": "3", "A": "1", "Ld": "7"}
    # Its rules' German names in English, by the catalogue (the pages know the English names).
    assert (troops.model_count, troops.force, troops.rules) == (
        20, "Imperium der Menschen", ("Close Order", "Detachment", "Regimental Unit", "Horde"))
    # Its options in German: light armour (6+), halberds.
    assert (troops.armour, troops.weapon) == (6, "halberd")
    target = rosters.fantasy_target(troops)
    assert (target.toughness, target.wounds, target.models, target.armour) == (3, 1, 20, 6)


def test_a_character_named_with_a_number_and_a_note_with_a_blank_line():
    roster = load("empire_owb_de.txt")
    assert [u.name for u in roster.units] == ["3 Eyed Jack", "Feldherold", "Staatstruppen", "Kriegsaltar"]
    jack = roster.units[0]
    assert jack.model_count == 1  # one model named "3 Eyed Jack", not three "Eyed Jack"
    assert [m.name for m in jack.models] == ["General of the Empire", "Warhorse"]  # the note stole nothing
    assert jack.models[1].characteristics["T"] == "(+1)"  # a mount's value in brackets, whole
    assert (jack.armour, jack.rules) == (3, ("Halt die Stellung!",))  # full plate armour and shield


def test_the_empty_stats_line_is_no_unit_and_crews_have_their_count():
    roster = load("empire_owb_de.txt")
    herald = unit(roster, "Feldherold")
    assert [(m.name, m.count, dict(m.characteristics)) for m in herald.models] == [("Feldherold", 1, {})]
    assert "profile" in herald.not_said and "Toughness and Wounds" in rosters.not_read(herald)
    altar = unit(roster, "Kriegsaltar")
    assert [(m.name, m.count, m.role) for m in altar.models] == [("War Altar", 1, ""), ("Arch Lector", 1, "mount"),
                                                                 ("Warhorse", 2, "mount")]
    troops = unit(roster, "Staatstruppen")  # the sergeant (a T of its own) upgrades one of the 20
    assert [(m.name, m.count, m.role) for m in troops.models] == [("State Trooper", 20, ""), ("Sergeant", 0, "")]
    assert altar.rules == ("Göttlicher Schutz (5+)",)


def test_a_french_export():
    troops = load("empire_owb_fr.txt").units[0]
    assert (troops.name, troops.model_count, troops.force) == ("Troupes Régulières", 20, "Empire de l'Homme")
    t = rosters.fantasy_target(troops)
    assert (t.toughness, t.wounds, t.models, t.armour) == (3, 1, 20, 6)
    assert troops.weapon == "halberd"


def test_an_export_without_stats_keeps_its_units_and_their_models():
    roster = load("empire_owb_no_stats.txt")
    assert [(u.name, u.model_count) for u in roster.units] == [
        ("Captain of the Empire", 1), ("State Troops", 20), ("Free Company Militia", 10), ("Homebrew Wagons", 2)]
    troops = roster.units[1]
    assert (troops.armour, troops.weapon, troops.rules) == (5, "thrusting spear", ("Close Order", "Regimental Unit"))
    assert roster.units[2].weapon == "additional hand weapon"
    assert "Levies" in roster.units[2].rules  # no Special Rules line: the catalogue's names
    assert "Toughness and Wounds" in rosters.not_read(roster.units[3])


# ----- Old World Builder's list file (.owb.json) -----

class FakeCatalogue(types.ModuleType):
    """A stand-in for hitrules.fantasy.catalogue (units(army), find(name, army)) that knows one unit."""

    TROOPS = types.SimpleNamespace(
        id="state-troops", army="empire-of-man", name="State Troops", troop_type="regular_infantry",
        names={"en": "State Troops", "de": "Staatstruppen"},
        profiles=({"name": "State Trooper", "M": "4", "WS": "3", "BS": "3", "S": "3", "T": "3", "W": "1", "I": "3",
                   "A": "1", "Ld": "7"},
                  {"name": "Sergeant", "M": "4", "WS": "3", "BS": "3", "S": "3", "T": "3", "W": "1", "I": "3",
                   "A": "2", "Ld": "7"}))

    def __init__(self):
        super().__init__("hitrules.fantasy.catalogue")

    @staticmethod
    def name_key(text):
        return " ".join(text.lower().split())

    def armies(self):
        return (types.SimpleNamespace(id="empire-of-man", names={"en": "Empire of Man"}),)

    def units(self, army):
        return (self.TROOPS,) if army == "empire-of-man" else ()

    def find(self, name, army=None):
        if " ".join(name.lower().split()) in ("state troops", "staatstruppen"):
            return self.TROOPS
        raise LookupError(f"No unit named {name!r}.")


class NoCatalogue(FakeCatalogue):
    """A catalogue that knows no unit."""

    def units(self, army):
        return ()

    def find(self, name, army=None):
        raise ValueError(f"No unit called {name!r}.")


def test_an_owb_json_list_is_read_from_the_choices_in_it(monkeypatch):
    monkeypatch.setattr(rosters_owb, "catalogue", NoCatalogue())  # the file alone
    roster = load("empire_list.owb.json")
    assert (roster.game, roster.name) == ("fantasy", "Hitrules Ostermark")
    assert [(u.name, u.model_count, u.force) for u in roster.units] == [
        ("3 Eyed Jack", 1, "Empire of Man"), ("State Troops", 25, "Empire of Man"),
        ("Homebrew Steam Wagon", 1, "Empire of Man")]
    jack, troops, wagon = roster.units
    # Only the active choices: full plate armour and a shield (3+), the hand weapon (the great weapon not chosen).
    assert (jack.armour, jack.weapon, jack.rules) == (3, "hand weapon", ("Hold the Line!", "Rallying Cry"))
    assert (troops.armour, troops.weapon) == (6, "halberd")  # light armour; the shields not chosen
    assert troops.rules == ("Close Order", "Detachment", "Regimental Unit", "Horde")  # the builder's {tags} dropped
    assert "profile" in troops.not_said and "Toughness and Wounds" in rosters.not_read(troops)
    assert (wagon.armour, wagon.weapon) == (None, "")


def test_an_owb_json_list_takes_its_profiles_from_the_catalogue(monkeypatch):
    monkeypatch.setattr(rosters_owb, "catalogue", FakeCatalogue())
    roster = load("empire_list.owb.json")
    troops = roster.units[1]
    assert [(m.name, m.count) for m in troops.models] == [("State Trooper", 25), ("Sergeant", 0)]
    assert "profile" not in troops.not_said and "troop type" not in troops.not_said
    t = rosters.fantasy_target(troops)
    assert (t.toughness, t.wounds, t.models, t.armour, t.troop) == (3, 1, 25, 6, "regular_infantry")
    side = rosters.fantasy_side(troops).side
    assert (side.ws, side.attacks, side.leadership) == (3, 1, 7)
    wagon = roster.units[2]  # a unit the catalogue does not know stays without a profile, named as not read
    assert "profile" in wagon.not_said


def test_a_text_export_without_stats_takes_the_catalogues(monkeypatch):
    monkeypatch.setattr(rosters_owb, "catalogue", FakeCatalogue())
    roster = load("empire_owb_no_stats.txt")
    troops = roster.units[1]
    assert [(m.name, m.count) for m in troops.models] == [("State Trooper", 20), ("Sergeant", 0)]
    assert rosters.troop(troops) == "regular_infantry"
    assert "Toughness and Wounds" in rosters.not_read(roster.units[3])  # Homebrew Wagons: unknown


def test_other_json_is_still_refused():
    for data in (b'{"roster": 1}', b'[{"game": "the-old-world"}]', b'{"game": "the-old-world", "army": 3}',
                 b"[" * 100_000 + b"]" * 100_000):
        with pytest.raises(rosters.RosterError, match="JSON"):
            rosters.read(data)
    bad = json.loads((ROSTERS / "empire_list.owb.json").read_text())
    bad["core"] = ["not a unit"]
    with pytest.raises(rosters.RosterError, match="not a unit"):
        rosters.read(json.dumps(bad).encode())


def test_a_text_export_with_stats_takes_the_catalogues_troop_type(monkeypatch):
    monkeypatch.setattr(rosters_owb, "catalogue", FakeCatalogue())
    troops = unit(load("empire_owb_de.txt"), "Staatstruppen")  # found by its German name
    assert rosters.troop(troops) == "regular_infantry" and "troop type" not in troops.not_said
    assert troops.models[0].characteristics["T"] == "3"  # the file's own stats stand


def test_the_real_catalogue_fills_a_list_files_units():
    roster = load("empire_list.owb.json")
    jack, troops, wagon = roster.units
    # "3 Eyed Jack" is a General of the Empire (its entry id): its profile, its troop type.
    # On the Empire warhorse the file chose: the horse rides under him, and he is light cavalry (M 8).
    assert [(m.name, m.count, m.role) for m in jack.models] == [("General of the Empire", 1, ""),
                                                                ("Empire Warhorse", 1, "mount")]
    assert (jack.troop, rosters.fantasy_side(jack).movement) == ("light_cavalry", 8)
    assert dict(jack.models[0].characteristics)["WS"] == "5"
    assert [(m.name, m.count) for m in troops.models] == [("State Trooper", 25), ("Sergeant", 0)]
    t = rosters.fantasy_target(troops)
    assert (t.toughness, t.wounds, t.models, t.armour, t.troop) == (3, 1, 25, 6, "regular_infantry")
    assert (troops.weapon, rosters.troop(troops)) == ("halberd", "regular_infantry")
    assert "profile" in wagon.not_said  # a homebrew unit the catalogue does not know


def test_the_real_catalogue_fills_a_text_export_without_stats():
    roster = load("empire_owb_no_stats.txt")
    captain, troops, militia, wagons = roster.units
    assert militia.weapon == "additional hand weapon" and militia.model_count == 10
    assert dict(troops.models[0].characteristics) == {"M": "4", "WS": "3", "BS": "3", "S": "3", "T": "3", "W": "1",
                                                      "I": "3", "A": "1", "Ld": "7"}
    assert rosters.troop(troops) == "regular_infantry" and rosters.troop(captain) is not None
    assert "Toughness and Wounds" in rosters.not_read(wagons)


def test_a_monster_with_handlers_and_chariots_with_crew_and_steeds():
    roster = load("dark_elves_owb_no_stats.txt")
    hydra, chariots = roster.units
    assert [(m.name, m.count, m.role) for m in hydra.models] == [("War Hydra", 1, ""),
                                                                ("Beastmaster Handlers", 2, "mount")]
    assert (hydra.model_count, rosters.troop(hydra)) == (1, "monster")
    assert [(m.name, m.count, m.role) for m in chariots.models] == [
        ("Chariot", 2, ""), ("Beastmaster Crew", 4, "mount"), ("Dark Steed", 4, "mount")]
    t = rosters.fantasy_target(chariots)
    assert (t.toughness, t.wounds, t.models, t.troop, t.armour) == (4, 4, 2, "light_chariots", 6)
    side = rosters.fantasy_side(hydra).side
    assert [(o.name, str(o.attacks)) for o in side.others] == [("mount", "2")]  # two handlers, one attack each
    plated = ["5+"]  # the builder names a monster's armour by its value
    assert rosters._armour(plated, [], "", "monster") == 5


def test_a_text_exports_army_names_the_catalogues_army():
    # "Free Company Militia" is a unit of two armies: the list's army ("Empire of Man") says which.
    militia = load("empire_owb_no_stats.txt").units[2]
    assert dict(militia.models[0].characteristics)["WS"] == "3" and rosters.troop(militia) == "regular_infantry"
    assert rosters_owb.army_id("Imperium der Menschen") == rosters_owb.army_id("Empire of Man") == "empire-of-man"
    assert rosters_owb.army_id("Atlantis") == ""
    rows = rosters.units_table(load("empire_owb_no_stats.txt"))
    assert [(r["Unit"], r["Weapons"]) for r in rows] == [
        ("Captain of the Empire", "great weapon"), ("State Troops", "thrusting spear"),
        ("Free Company Militia", "additional hand weapon"), ("Homebrew Wagons", "hand weapon")]
    assert rows[3]["Not read"] == "troop type, ward, profile, Toughness and Wounds"  # unknown to the catalogue


def test_charge_links_open_the_charge_part_with_movement_and_rules():
    roster = load("empire_old_world_builder.txt")
    knights, troops = unit(roster, "Empire Knights"), unit(roster, "State Missile Troops")
    query = rosters.combat_link(knights, troops)
    # Cavalry move at their horses' M 8; Swiftstride is a movement rule of the charge part.
    assert (query["charge"], query["a_m"], query["a_move"]) == ("1", "8", "swiftstride")
    assert (query["a_troop"], query["a_armour"], query["a_models"]) == ("heavy_cavalry", "2", "5")
    assert rosters.combat_link(None, troops)["charge"] == "1"
    side = rosters.fantasy_side(knights).side
    assert [(o.name, str(o.attacks)) for o in side.others] == [("mount", "5")]  # five warhorses strike


def test_a_list_file_of_too_many_units_is_refused_at_once():
    listed = json.loads((ROSTERS / "empire_list.owb.json").read_text())
    listed["core"] = listed["core"] * 600
    with pytest.raises(rosters.RosterError, match="more than 500 units"):
        rosters.read(json.dumps(listed).encode())


def test_the_builders_markdown_list_in_spanish():
    roster = load("empire_owb_markdown_es.txt")
    assert (roster.name, [u.name for u in roster.units]) == (
        "Hitrules Hueste", ["Capitán del Imperio", "Tropas Estatales", "Carros caseros"])
    captain, troops, carts = roster.units
    assert (captain.rules, captain.armour, captain.weapon) == (("Mantened la posición",), 5, "great weapon")
    assert dict(troops.models[0].characteristics) == {"M": "4", "WS": "3", "BS": "3", "S": "3", "T": "3", "W": "1",
                                                      "I": "3", "A": "1", "Ld": "7"}
    assert (troops.model_count, troops.armour, troops.weapon, troops.force) == (20, 5, "halberd", "Imperio del Hombre")
    assert (carts.model_count, carts.rules, carts.models[0].characteristics) == (2, ("Miedo",), {})


def test_the_builders_compact_and_simple_lists():
    compact = load("empire_owb_compact_pl.txt")  # no header: the sections, and the options in brackets
    assert [(u.name, u.model_count, u.armour, u.weapon) for u in compact.units] == [
        ("Captain of the Empire", 1, 5, "great weapon"), ("State Troops", 20, 6, "halberd")]
    assert compact.units[1].rules == ("Close Order",) and compact.name == "Old World Builder list"
    simple = load("empire_owb_simple_it.txt")  # one unit a line, without points
    assert [(u.name, u.model_count, u.weapon) for u in simple.units] == [
        ("State Troops", 20, "halberd"), ("Captain of the Empire", 1, "great weapon")]
    t = rosters.fantasy_target(simple.units[0])  # the catalogue's profile
    assert (t.toughness, t.wounds, t.models, t.armour, t.troop) == (3, 1, 20, 6, "regular_infantry")


def test_text_that_is_not_the_builders_is_still_refused():
    for data in (b"Some notes\nWarhammer, but not a list\n", b"++ Heroes ++\nno builder line",
                 b"===\nA list\n===\n"):
        with pytest.raises(rosters.RosterError):
            rosters.read(data)


HEADER = "===\nX [1 pts]\nWarhammer: The Old World, Empire of Man, Open War\n===\n\n++ Core Units ++\n\n"


@pytest.mark.parametrize(("line", "refused"), [
    ("a [" * 1_000_000, False), ("a " + " " * 3_000_000 + "x", False),  # once backtracking for minutes
    ("a [1 pts]\n" * 400_000, True), ("[a] " + "M(1) " * 600_000, False)])
def test_hostile_text_exports_take_no_time(line, refused):
    data = (HEADER + line + '\n---\nCreated with "Old World Builder"\n').encode()[:rosters.MAX_FILE]
    start = time.perf_counter()
    try:
        rosters.read(data)
        assert not refused
    except rosters.RosterError as error:
        assert refused and "more than 500 units" in str(error)
    assert time.perf_counter() - start < 2


def test_a_charge_link_carries_the_weapon_of_war_and_leaves_who_fights_to_the_rules():
    """RULES §7 "Who fights": the page's counts follow the unit and its weapon, never the old reading of a
    second rank that always supports; the unit's weapon of war goes into the link by its name."""
    roster = load("empire_owb_no_stats.txt")
    query = rosters.combat_link(unit(roster, "State Troops"), unit(roster, "Captain of the Empire"))
    assert (query["a_weapon"], query["d_weapon"]) == ("thrusting_spear", "great_weapon")
    assert not {"a_fighting", "a_supporting", "d_fighting", "d_supporting"} & set(query)
