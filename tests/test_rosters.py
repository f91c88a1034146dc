"""hitrules.edge.rosters: the test rosters (written by hand in tests/rosters/) read and mapped exactly as
RULES.md §9 says, and every bad file of §9 refused with a RosterError."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hitrules.edge import rosters
from hitrules.edge import rosters as edge_rosters  # the module itself, for a private helper
from hitrules.edge.rosters import RosterError

HERE = Path(__file__).resolve().parent
ROSTERS = HERE / "rosters"
SPEED_LIMITS = os.environ.get("HITRULES_SPEED_LIMITS") == "1"


def load(name: str) -> rosters.Roster:
    return rosters.read((ROSTERS / name).read_bytes(), name)


def zipped(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def unit(roster: rosters.Roster, name: str) -> rosters.RosterUnit:
    return next(u for u in roster.units if u.name == name)


def groups(found) -> list[tuple]:
    return [(g.name, g.attack.skill, str(g.attacks), g.weapon.strength, g.weapon.ap, str(g.weapon.damage))
            for g in found]


# ----- 9th edition -----

def test_ninth_roster_units_models_and_counts():
    roster = load("space_marines_9th.ros")
    assert (roster.game, roster.name) == ("ninth", "Hitrules Patrol")
    assert [u.name for u in roster.units] == ["Tactical Squad", "Captain", "Predator"]  # not Battle Size
    squad = roster.units[0]
    assert squad.force == "Imperium - Adeptus Astartes - Space Marines"
    assert [(m.name, m.count) for m in squad.models] == [("Space Marine Sergeant", 1), ("Space Marine", 7),
                                                         ("Space Marine w/ Heavy Weapon", 1)]
    assert squad.model_count == 9
    assert squad.rules == ("And They Shall Know No Fear", "Combat Squads")
    assert [(w.name, w.count) for w in squad.models[1].weapons] == [("Boltgun", 7), ("Bolt pistol", 7)]
    assert dict(squad.models[0].characteristics)["Save"] == "3+"


def test_only_names_and_numbers_are_kept():
    squad = load("space_marines_9th.ros").units[0]
    chainsword = squad.models[0].weapons[2]
    assert dict(chainsword.characteristics) == {"Range": "Melee", "Type": "Melee", "S": "User", "AP": "-1", "D": "1"}
    with pytest.raises(TypeError):
        chainsword.characteristics["S"] = "10"  # read-only


def test_ninth_sergeant_special_and_heavy_weapons_shoot():
    squad = load("space_marines_9th.ros").units[0]
    found = rosters.ninth_groups(squad)
    assert groups(found) == [("Boltgun (Space Marine Sergeant)", 3, "1", 4, 0, "1"),
                             ("Boltgun (Space Marine)", 3, "7", 4, 0, "1"),
                             ("Heavy bolter (Space Marine w/ Heavy…)", 3, "3", 5, -1, "2"),
                             ("Meltagun (Space Marine w/ Heavy Weapon)", 3, "1", 8, -4, "D6")]
    assert all(g.attack.edition == 9 and not g.attack.melee for g in found)
    # Grenades are left out, and so are the pistols of models with another gun; each is named.
    assert [item.split(":")[0] for item in found.left_out] == [
        "Bolt pistol (Space Marine Sergeant)", "Frag grenades (Space Marine Sergeant)",
        "Krak grenades (Space Marine Sergeant)", "Bolt pistol (Space Marine)"]


def test_ninth_melee_user_x2_and_plus_one():
    roster = load("space_marines_9th.ros")
    assert groups(rosters.ninth_groups(roster.units[0], melee=True)) == [
        ("Chainsword (Space Marine Sergeant)", 3, "2", 4, -1, "1")]  # User: S4; 1 weapon x A2
    captain = rosters.ninth_groups(roster.units[1], melee=True)
    assert groups(captain) == [("Power sword", 2, "4", 5, -3, "1"), ("Power fist", 2, "4", 8, -3, "2")]
    assert all(g.attack.melee for g in captain)


def test_ninth_vehicle_with_several_weapons():
    predator = load("space_marines_9th.ros").units[2]
    found = rosters.ninth_groups(predator)
    assert groups(found) == [("Predator autocannon", 3, "2D3", 7, -1, "3"), ("Heavy bolter", 3, "6", 5, -1, "2"),
                             ("Hunter-killer missile", 3, "1", 10, -2, "D6")]
    assert found.left_out == ("Smoke launchers: its Strength '-' cannot be read.",)


def test_ninth_targets_with_an_invulnerable_save():
    roster = load("space_marines_9th.ros")
    squad, captain, predator = (rosters.ninth_target(u) for u in roster.units)
    assert (squad.toughness, squad.wounds, squad.save, squad.invulnerable, squad.models) == (4, 2, 3, None, 9)
    assert (captain.toughness, captain.wounds, captain.save, captain.invulnerable, captain.models) == (4, 5, 3, 4, 1)
    assert (predator.toughness, predator.wounds, predator.save, predator.models) == (7, 11, 3, 1)


def test_zipped_roster_reads_the_same():
    data = (ROSTERS / "space_marines_9th.ros").read_bytes()
    assert rosters.read(zipped({"Hitrules Patrol.ros": data}), "patrol.rosz") == rosters.read(data)


def test_bom_and_windows_line_ends_are_fine():
    data = (ROSTERS / "guard_8th.ros").read_bytes()
    assert rosters.read(b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n")) == rosters.read(data)


def test_eighth_edition_roster():
    roster = load("guard_8th.ros")
    assert roster.game == "eighth"
    squad, tank = roster.units
    # The models carry no profile: each takes the unit's (the nearest enclosing one).
    assert [(m.name, m.count) for m in squad.models] == [("Guardsman", 9), ("Sergeant", 1)]
    found = rosters.ninth_groups(squad)
    assert groups(found) == [("Lasgun (Guardsman)", 4, "9", 3, 0, "1"), ("Laspistol (Sergeant)", 4, "1", 3, 0, "1")]
    assert all(g.attack.edition == 8 for g in found)
    assert found.left_out == ("Frag grenade (Guardsman): a grenade",)
    assert groups(rosters.ninth_groups(tank)) == [("Battle cannon", 4, "D6", 8, -2, "D3"),
                                                  ("Lascannon", 4, "1", 9, -3, "D6")]
    t = rosters.ninth_target(squad)
    assert (t.toughness, t.wounds, t.save, t.models) == (3, 1, 5, 10)
    t = rosters.ninth_target(tank)
    assert (t.toughness, t.wounds, t.save, t.models) == (8, 12, 3, 1)


def test_dice_attacks_are_repeated_per_weapon():
    text = (ROSTERS / "guard_8th.ros").read_text().replace('name="Battle cannon" number="1"',
                                                             'name="Battle cannon" number="7"')
    tank = rosters.read(text.encode()).units[1]
    assert str(rosters.ninth_groups(tank)[0].attacks) == "7D6"


# ----- fantasy (New Recruit) -----

def test_fantasy_roster_units_champion_mounts_and_allies():
    roster = load("orcs_old_world.ros")
    assert roster.game == "fantasy"
    assert [u.name for u in roster.units] == ["Orc Warboss", "Orc Mob", "Orc Boar Boyz", "Orc Arrer Boyz", "Giant",
                                              "Stone Trolls"]
    mob, boyz = unit(roster, "Orc Mob"), unit(roster, "Orc Boar Boyz")
    assert [(m.name, m.count, m.role) for m in mob.models] == [("Orc Boy", 20, ""), ("Orc Boss", 1, "champion")]
    assert mob.model_count == 20  # the champion upgrades one of the 20
    assert [(m.name, m.count, m.role) for m in boyz.models] == [("Boar Boy", 6, ""), ("War Boar", 6, "mount")]
    assert boyz.model_count == 6
    assert [w.name for w in boyz.models[0].weapons] == ["Cavalry spear"]  # the tusks are the boar's
    assert [w.name for w in boyz.models[1].weapons] == ["Tusks"]
    assert unit(roster, "Stone Trolls").force == "Orc & Goblin Tribes: Troll Allies"
    assert mob.rules == ("Close Order", "Warband")


def test_fantasy_targets_armour_ward_regeneration_troop():
    roster = load("orcs_old_world.ros")
    expected = {  # (T, W, models, armour, ward, Regeneration, troop type)
        "Orc Warboss": (5, 3, 1, 5, 6, None, "regular_infantry"),  # heavy armour; the talisman's 6+ ward
        "Orc Mob": (4, 1, 20, 5, None, None, "regular_infantry"),  # light armour 6+, shield -1
        "Orc Boar Boyz": (4, 1, 6, 3, None, None, "heavy_cavalry"),  # heavy 5+, shield, Armoured Hide (1)
        "Orc Arrer Boyz": (4, 1, 10, None, None, None, "regular_infantry"),
        "Giant": (5, 6, 1, 5, None, None, "monster"),  # Behemoth; "Armour Value: 5+" as stated
        "Stone Trolls": (4, 3, 3, None, None, 5, "monstrous_infantry"),
    }
    for name, numbers in expected.items():
        t = rosters.fantasy_target(unit(roster, name))
        assert (t.toughness, t.wounds, t.models, t.armour, t.ward, t.regeneration, t.troop) == numbers, name


@pytest.mark.parametrize(("equipment", "armour"), [
    ((), None), (("Light armour",), 6), (("Heavy armour", "Shield"), 4),
    (("Full plate armour", "Shield", "Barding"), 2),
    (("Full plate armour", "Shield", "Barding", "Armoured Hide (2)"), 2), (("Shield",), 6),
    (("Heavy armour", "Armoured Hide (1)"), 4)])
def test_fantasy_armour_from_equipment(equipment, armour):
    rules = [e for e in equipment if e.startswith("Armoured")]
    names = [e for e in equipment if e not in rules]
    assert edge_rosters._armour(names, rules, "") == armour


def test_a_ward_named_by_a_rule_whose_text_speaks_of_it():
    text = (ROSTERS / "orcs_old_world.ros").read_text().replace(
        '<profile id="hr-fp43" name="Stubborn" typeName="Special Rule"><characteristics>\n'
        '              <characteristic name="Description">Holds its ground.</characteristic>',
        '<profile id="hr-fp43" name="Blessed Hide (5+)" typeName="Special Rule"><characteristics>\n'
        '              <characteristic name="Description">It has a Ward save of the value shown.</characteristic>')
    giant = unit(rosters.read(text.encode()), "Giant")
    assert giant.ward == 5 and "Blessed Hide (5+)" in giant.rules


def test_fantasy_shooting_groups():
    archers = unit(load("orcs_old_world.ros"), "Orc Arrer Boyz")
    found = rosters.fantasy_groups(archers)
    assert [(g.name, str(g.shots), g.shot.ballistic_skill, g.weapon.strength, g.weapon.ap) for g in found] == [
        ("Warbow", "10", 3, 3, 0)]


def test_a_link_names_the_pages_own_weapon():
    """The first weapon fills the page's own profile, so the link gives its name (never "weapon 1")."""
    archers = unit(load("orcs_old_world.ros"), "Orc Arrer Boyz")
    assert rosters.fantasy_link(archers, None)["name"] == "Warbow"
    squad = unit(load("space_marines_9th.ros"), "Tactical Squad")
    shoot, fight = rosters.ninth_link(squad, None), rosters.ninth_link(squad, None, melee=True)
    assert (shoot["name"], shoot["rows"].split(":")[0]) == ("Boltgun (Space Marine Sergeant)", "Boltgun (Space Marine)")
    assert fight["name"] == rosters.ninth_groups(squad, True)[0].name
    assert "name" not in rosters.ninth_link(None, squad)  # a target alone: the page's own weapon, unnamed


def test_fantasy_side_for_combat():
    roster = load("orcs_old_world.ros")
    mob = rosters.fantasy_side(unit(roster, "Orc Mob"))
    side = mob.side
    assert (side.ws, side.initiative, side.leadership, side.attacks, side.weapon.strength) == (3, 2, 7, 1, 3)
    assert (side.unit.models, side.unit.armour, side.fighting, side.supporting, side.rank_width) == (20, 5, 5, 5, 5)
    assert [(o.name, str(o.attacks), o.ws, o.weapon.strength, o.initiative) for o in side.others] == [
        ("champion", "2", 3, 3, 2)]
    assert (mob.movement, mob.not_read) == (4, ())
    boyz = rosters.fantasy_side(unit(roster, "Orc Boar Boyz"), rank_width=3)
    assert (boyz.side.fighting, boyz.side.supporting, boyz.movement) == (3, 3, 7)  # the boar's M
    assert [(o.name, str(o.attacks)) for o in boyz.side.others] == [("mount", "3")]  # a boar under each rider
    assert boyz.side.unit.troop == "heavy_cavalry"


# ----- Old World Builder -----

def test_old_world_builder_export():
    roster = load("empire_old_world_builder.txt")
    assert (roster.game, roster.name) == ("fantasy", "Hitrules Grand Army")
    assert [(u.name, u.model_count, u.force) for u in roster.units] == [
        ("General of the Empire", 1, "Empire of Man"), ("State Missile Troops", 20, "Empire of Man"),
        ("Empire Knights", 5, "Empire of Man"), ("Troll Mercenaries", 3, "Empire of Man")]
    knights = roster.units[2]
    # The warhorse (T "-"): one under each knight, riding with it (issue 43; it was a count of 0).
    assert [(m.name, m.count, m.role) for m in knights.models] == [("Empire Knight", 5, ""), ("Warhorse", 5, "mount")]
    assert knights.model_count == 5
    assert dict(knights.models[1].characteristics) == {"M": "8", "WS": "3", "BS": "-", "S": "3", "T": "-", "W": "-",
                                                       "I": "3", "A": "1", "Ld": "-"}
    assert knights.rules == ("First Charge", "Swiftstride", "Armour Bane (1)")
    assert knights.models[0].weapons == ()
    trolls = rosters.fantasy_target(roster.units[3])
    assert (trolls.toughness, trolls.wounds, trolls.models, trolls.regeneration) == (4, 3, 3, 4)
    read = rosters.fantasy_side(roster.units[0])
    # Its options name its armour (full plate armour and a shield: 3+) and its weapon of war, the
    # catalogue its troop type (issue 43).
    assert read.not_read == ("ward",) and read.side.unit.armour == 3
    assert [rosters.troop(u) for u in roster.units] == ["regular_infantry", "regular_infantry", "heavy_cavalry", None]
    assert (roster.units[0].armour, roster.units[0].weapon) == (3, "hand weapon")
    assert (read.side.ws, read.side.attacks, read.side.weapon.strength, read.side.leadership) == (5, 3, 4, 9)


# ----- bad files -----

ROSTER_HEAD = (b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" name="x" '
               b'gameSystemId="28ec-711c-d87f-3aeb" gameSystemName="Warhammer 40,000 9th Edition">')


def billion_laughs() -> bytes:
    entities = b'<!ENTITY lol0 "lol">' + b"".join(
        b'<!ENTITY lol%d "%s">' % (i, b"&lol%d;" % (i - 1) * 10) for i in range(1, 10))
    return b'<?xml version="1.0"?><!DOCTYPE roster [' + entities + b"]>" + ROSTER_HEAD + b"&lol9;</roster>"


def quadratic_blowup() -> bytes:
    return (b'<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY a "' + b"x" * 50_000 + b'">]>' + ROSTER_HEAD
            + b"&a;" * 50_000 + b"</roster>")


def zip_bomb() -> bytes:
    """A member inflating to 40 MB whose header says 100 bytes."""
    data = zipped({"bomb.ros": ROSTER_HEAD + b" " * (40 * 1024 * 1024) + b"</roster>"})
    archive = bytearray(data)
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):  # the local and the central header
        at = archive.find(signature)
        archive[at + offset:at + offset + 4] = (100).to_bytes(4, "little")
    return bytes(archive)


def damaged_zip() -> bytes:
    data = bytearray(zipped({"a.ros": (ROSTERS / "guard_8th.ros").read_bytes()}))
    data[60:200] = bytes(140)
    return bytes(data)


def bad_files() -> dict[str, tuple[bytes, str]]:
    """Every bad file of RULES.md §9, and a word its message must say."""
    ros = (ROSTERS / "guard_8th.ros").read_bytes()
    catalogue = (b'<?xml version="1.0"?><catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema" '
                 b'name="Space Marines" gameSystemId="28ec-711c-d87f-3aeb"/>')
    return {
        "billion laughs": (billion_laughs(), "entities"),
        "quadratic blowup": (quadratic_blowup(), "entities"),
        "external entity": (b'<?xml version="1.0"?><!DOCTYPE roster [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                            + ROSTER_HEAD + b"&x;</roster>", "entities"),
        "document type": (b'<?xml version="1.0"?><!DOCTYPE roster SYSTEM "http://example.invalid/x.dtd">'
                          + ROSTER_HEAD + b"</roster>", "document type"),
        "zip bomb whose header lies": (zip_bomb(), "zip"),  # read only as far as the header says: its CRC fails
        "zip bomb": (zipped({"bomb.ros": ROSTER_HEAD + b" " * (40 * 1024 * 1024) + b"</roster>"}), "20 MB"),
        "zip of two": (zipped({"a.ros": ros, "b.ros": ros}), "holds 2 files"),
        "zip of none": (zipped({}), "holds 0 files"),
        "damaged zip": (damaged_zip(), "damaged"),
        "truncated": (ros[: len(ros) // 2], "cut off"),
        "json": (json.dumps({"roster": {"name": "x"}}).encode(), "JSON"),
        "random bytes": (random.Random(29).randbytes(4096), "not an army list"),
        "another game": (ros.replace(b"28ec-711c-d87f-3aeb", b"sys-352e-adc2-7639-d6a9").replace(
            b"Warhammer 40,000 8th Edition", b"Warhammer 40,000 10th Edition"), "10th Edition"),
        "another game of the same id": (ros.replace(b"8th Edition", b"Apocalypse"), "Apocalypse"),
        "another builder game": ((ROSTERS / "empire_old_world_builder.txt").read_bytes().replace(
            b"Warhammer: The Old World", b"Warhammer Fantasy Battles 6th"), "Fantasy Battles 6th"),
        "catalogue": (catalogue, "catalogue"),
        "empty": (b"", "empty"),
        "blank": (b" \n\r\n ", "empty"),
        "over 5 MB": (ROSTER_HEAD + b" " * (5 * 1024 * 1024) + b"</roster>", "5 MB"),
        "XML but not a roster": (b"<html><body>hello</body></html>", "not a roster"),
        # Found by make fuzz (2026-12-03): a mutated declaration raised the parser's LookupError.
        "unknown encoding": (ros.replace(b'encoding="UTF-8"', b'encoding="UuF-8"', 1), "character encoding"),
        "multi-byte encoding": (ros.replace(b'encoding="UTF-8"', b'encoding="UTF-16"', 1), "damaged"),
    }


@pytest.mark.parametrize("name", sorted(bad_files()))
def test_bad_files_are_refused(name):
    data, said = bad_files()[name]
    with pytest.raises(RosterError) as refused:
        rosters.read(data, "army.ros")
    assert said.lower() in str(refused.value).lower()


def test_bad_files_take_no_time_and_no_memory():
    """Every bad file, in a fresh process: each refused (within 2 s under HITRULES_SPEED_LIMITS), and the
    process's peak memory grows by less than 150 MB over reading a good roster."""
    script = f"""
import json, resource, sys, time
sys.path.insert(0, {str(HERE)!r})
from test_rosters import bad_files, load
from hitrules.edge import rosters
files = bad_files()
load("space_marines_9th.ros")
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
times = {{}}
for name, (data, _) in files.items():
    start = time.perf_counter()
    try:
        rosters.read(data)
        times[name] = None
    except rosters.RosterError:
        times[name] = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"times": times, "growth_kb": after - before}}))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert all(t is not None for t in result["times"].values()), result["times"]
    # The files are made before the measure; what reading them holds on to is what grows.
    assert result["growth_kb"] < 150 * 1024, result
    if SPEED_LIMITS:
        assert max(result["times"].values()) < 2, result["times"]
