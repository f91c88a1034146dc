"""The bundled Old World catalogue (hitrules.fantasy.catalogue): State Troops as the issue asks, every unit
found by each of its names, the engine's names of equipment, and, when Old World Builder's repository is
on this machine (HITRULES_OWB_SOURCE, else the mirror's path), the data file against the builder's own
files: every entry, every profile, every troop type code, and the file rebuilt byte for byte."""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from hitrules.fantasy import catalogue
from hitrules.fantasy.catalogue import armies, engine_name, engine_names, find, matches, name_key, units
from hitrules.fantasy.troops import TROOP_TYPES

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "hitrules" / "fantasy" / "catalogue.json.gz"


@cache
def raw_data() -> dict:
    return json.loads(gzip.decompress(DATA.read_bytes()))


ALL_UNITS = [u for a in armies() for u in units(a.id)]


# ----- the example

def test_state_troops():
    unit = find("State Troops")
    trooper = unit.profiles[0]
    assert (unit.army, unit.id, unit.name, unit.troop_type) == ("empire-of-man", "state-troops", "State Troops",
                                                                 "regular_infantry")
    assert (trooper.WS, trooper.S, trooper.T, trooper.I, trooper.A, trooper.Ld) == ("3", "3", "3", "3", "1", "7")
    assert [p.name for p in unit.profiles] == ["State Trooper", "Sergeant"]
    assert [trooper.number(s) for s in ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")] == [4, 3, 3, 3, 3, 1, 3, 1, 7]
    with pytest.raises(ValueError, match="A profile has no characteristic “Sv”"):
        trooper.number("Sv")
    assert unit.profiles[1].A == "2"
    weapons = [engine_names(e.name) for e in unit.equipment]
    assert weapons == [("hand weapon",), ("halberd",), ("thrusting spear",)]  # the default first
    assert unit.equipment[0].default and not unit.equipment[1].default
    assert [a.engine_names for a in unit.armour] == [("light",)]
    assert unit.options[0].name == "Shields" and unit.options[0].points == 1 and unit.options[0].per_model
    assert [c.name for c in unit.command] == ["Sergeant (champion)", "Standard bearer", "Musician"]
    assert unit.special_rules == ("Close Order", "Detachment", "Regimental Unit", "Horde")
    assert unit.special_rules_by_language["de"][0] == "Geschlossene Ränge"
    assert (unit.minimum, unit.points, unit.category, unit.troop_code) == (10, 5, "core", "RI")
    assert unit.names["de"] == "Staatstruppen" and unit.names["fr"] == "Troupes Régulières"
    assert unit.compositions == ("empire-of-man", "knightly-order-blazing-sun", "knightly-order-fiery-heart",
                                 "knightly-order-morr", "knightly-order-panther", "knightly-order-white-wolf")


@pytest.mark.parametrize("name", ["State Troops", "state troops", "STATETROOPS", "  State  Troops ", "Staatstruppen",
                                  "troupes régulières", "Tropas Estatales", "省兵", "empire-of-man/state-troops"])
def test_state_troops_by_any_spelling(name):
    assert find(name).ref == "empire-of-man/state-troops"
    assert find(name, "empire-of-man").ref == find(name, "Imperium der Menschen").ref == "empire-of-man/state-troops"


def test_a_mount_has_its_profile():
    unit = find("General of the Empire")
    horse = next(m for m in unit.mounts if m.name == "Barded Warhorse")
    assert [(p.name, p.M, p.WS, p.S, p.A) for p in horse.profiles] == [("Barded Warhorse", "7", "3", "3", "1")]
    assert unit.mounts[0].default and unit.mounts[0].name == "On foot" and unit.mounts[0].troop_type is None
    assert [(m.name, m.troop_type) for m in unit.mounts[1:4]] == [
        ("Barded Warhorse", "heavy_cavalry"), ("Empire warhorse", "light_cavalry"), ("Pegasus", "monstrous_cavalry")]
    assert unit.troop_type == "regular_infantry"


# ----- every unit by each of its names (the bundled data, no mirror needed)

@pytest.mark.parametrize("unit", ALL_UNITS, ids=lambda u: u.ref)
def test_every_unit_is_found_by_each_of_its_names(unit):
    assert find(unit.ref) is unit
    assert unit.names["en"] == unit.name and set(unit.names) <= set(catalogue.LANGUAGES)
    for lang, name in unit.names.items():
        mine, everyones = matches(name, unit.army), matches(name)
        assert unit in mine and unit in everyones, (lang, name)
        assert find(name, unit.army) is mine[0] and find(name) is everyones[0]
        assert {u.army for u in mine} == {unit.army}
        for found in everyones:
            assert name_key(name) in {name_key(n) for n in [*found.names.values(), *_also(found)]}


def test_the_id_a_builders_list_file_carries():
    assert find("empire-of-man/state-troops.k3j4h5").ref == "empire-of-man/state-troops"
    assert find("high-elf-realms/sea-guard-garrison.commander").id == "sea-guard-garrison.commander"
    assert find("high-elf-realms/sea-guard-garrison.commander.x9").id == "sea-guard-garrison.commander"
    with pytest.raises(ValueError, match="No unit called"):
        find("empire-of-man/state-troops-x")


def test_renegade_profiles():
    guard = find("Temple Guard")
    assert ([p.I for p in guard.profiles], [p.I for p in guard.renegade_profiles]) == (["1", "1"], ["2", "2"])
    assert find("State Troops").renegade_profiles == ()
    assert sorted(u.ref for u in ALL_UNITS if u.renegade_profiles) == [
        "chaos-dwarfs/k'daai-fireborn", "lizardmen/slann-mage-priest", "lizardmen/temple-guard",
        "ogre-kingdoms/leadbelchers", "skaven/hell-pit-abomination", "vampire-counts/vampire-count"]


def test_names_shared_by_two_units_of_one_army_find_the_first():
    assert find("Bestigor Herd", "beastmen-brayherds").id == "bestigor-herds-core"
    assert [u.id for u in matches("Bestigor Herd", "beastmen-brayherds")] == ["bestigor-herds-core", "bestigor-herds"]
    assert find("beastmen-brayherds/bestigor-herds").name == "Bestigor Herd"


@pytest.mark.parametrize(("name", "refs"), [
    # the army whose own composition lists the unit, before one that offers it only in an Army of Infamy
    ("Black Orc Mob", ["orc-and-goblin-tribes/black-orc-mob-core", "orc-and-goblin-tribes/black-orc-mob",
                       "chaos-dwarfs/black-orc-mob"]),
    ("Skeleton Warriors", ["tomb-kings-of-khemri/skeleton-warriors", "vampire-counts/skeleton-warriors"]),
    ("Wargor", ["beastmen-brayherds/wargor", "warriors-of-chaos/wargor"]),
    ("Outcast Wizard", ["renegade-crowns/outcast-wizard", "kingdom-of-bretonnia/outcast-wizard"]),
    # alike: the armies' order
    ("Giant", ["ogre-kingdoms/giant", "orc-and-goblin-tribes/giant"]),
    ("屠夫", ["dwarfen-mountain-holds/slayers", "ogre-kingdoms/butcher"]),  # the builder's Chinese repeats a name
])
def test_a_name_of_several_armies(name, refs):
    assert [u.ref for u in matches(name)] == refs
    assert find(name).ref == refs[0]
    assert find(name, refs[-1].split("/")[0]).ref == refs[-1]


def test_the_two_skeleton_warriors_differ():
    tomb_kings, vampires = matches("Skeleton Warriors")
    assert tomb_kings.profiles != vampires.profiles


def test_matches_of_an_unknown_name_is_empty():
    assert matches("zzzz") == () and matches("State Troops", "lizardmen") == ()


def test_unknown_names_say_what_is_close():
    with pytest.raises(ValueError, match=r"No unit called “Stat Troops”.*Close: State Troops \(empire-of-man\)"):
        find("Stat Troops")
    with pytest.raises(ValueError, match=r"No unit called “Saurus Warriors” in the catalogue of empire-of-man\."):
        find("Saurus Warriors", "empire-of-man")
    with pytest.raises(ValueError, match=r"No army called “Empire of Men”.*empire-of-man"):
        units("Empire of Men")
    with pytest.raises(ValueError, match=r"No unit called “zzzz” in the catalogue\.$"):
        find("zzzz")


def test_armies():
    found = armies()
    assert len(found) == 18 and [a.id for a in found] == sorted(a.id for a in found)
    empire = next(a for a in found if a.id == "empire-of-man")
    assert (empire.name, empire.names["de"]) == ("Empire of Man", "Imperium der Menschen")
    assert "magic-items" not in {a.id for a in found}
    assert units("Empire of Man") is units("empire-of-man") and len(units("empire-of-man")) > 40


def test_troop_types_are_the_packages_keys():
    assert {u.troop_type for u in ALL_UNITS} <= {*TROOP_TYPES, None}
    assert {u.troop_type for u in ALL_UNITS} == {*TROOP_TYPES, None}  # every kind occurs
    # None only where the rules index has no entry, or names no troop type (NChar: two named characters).
    assert {u.troop_code for u in ALL_UNITS if u.troop_type is None} == {None, "NChar"}


def test_the_data_file_names_its_source_and_holds_no_rule_text():
    data = raw_data()
    assert catalogue.source()["commit"] == data["commit"] and len(data["commit"]) == 40
    assert dict(catalogue.source()) == {
        "source": "https://github.com/nthiebes/old-world-builder", "author": data["author"], "licence": "CC BY 4.0",
        "licence_url": "https://creativecommons.org/licenses/by/4.0/", "commit": data["commit"],
        "changes": "names and numbers extracted into one data file; rule text dropped"}

    def strings(value):
        if isinstance(value, dict):
            for k, v in value.items():
                yield k
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)
        elif isinstance(value, str):
            yield value

    unit_strings = list(strings(data["units"]))
    assert max(len(s) for s in unit_strings) < 250  # names (a few long lists of them), never rules
    assert not {"notes", "description", "text"} & set(unit_strings)
    assert "notes" not in set(strings(data["armies"]))
    assert DATA.stat().st_size < 300_000


def test_importing_the_fantasy_package_does_not_load_the_catalogue():
    code = "import sys, hitrules.fantasy; print('hitrules.fantasy.catalogue' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


# ----- the engine's names

@pytest.mark.parametrize(("name", "engine"), [
    ("Hand weapon", "hand weapon"), ("Hand weapons", "hand weapon"),
    ("Additional hand weapons", "additional hand weapon"),
    ("Two hand weapons", "additional hand weapon"), ("Great weapons", "great weapon"), ("halberd", "halberd"),
    ("Flails", "flail"), ("Morning stars", "morning star"), ("Whip", "whip"), ("Lances", "lance"),
    ("Cavalry spears", "cavalry spear"), ("Thrusting spears", "thrusting spear"), ("Throwing spears", "throwing spear"),
    ("Long spears", "long spear"), ("Polearms", "polearm"),
    ("Light armour", "light"), ("Heavy armour", "heavy"), ("Full plate armour", "full plate"), ("No armour", "none"),
    ("Shield", "shield"), ("Shields", "shield"), ("Barding", "barding"),
    # brackets looked through
    ("Heavy armour (Scaly skin)", "heavy"), ("Claws and fangs (Hand weapons)", "hand weapon"),
    ("Lance (when mounted)", "lance"), ("Great weapons (replace shields)", "great weapon"),
    # the builder's other languages
    ("Hellebarden", "halberd"), ("Stoßspeere", "thrusting spear"), ("Schilde", "shield"), ("Leichte Rüstung", "light"),
    ("Armure légère", "light"), ("Hallebardes", "halberd"), ("Lances d’infanterie", "thrusting spear"),
    ("Armadura ligera", "light"), ("Escudos", "shield"), ("Alabardas", "halberd"), ("长戟", "halberd"),
    ("刺矛", "thrusting spear"), ("轻甲", "light"), ("Plattenrüstung", "full plate"), ("Rossharnisch", "barding"),
    ("Zusätzliche Handwaffe", "additional hand weapon"), ("Armi bianche", "hand weapon"), ("Tarcza", "shield"),
])
def test_engine_name(name, engine):
    assert engine_name(name) == engine


@pytest.mark.parametrize("name", ["Asrai spears", "Hellblades", "Giant's club", "4+", "Tower shields", "", "Frenzy"])
def test_engine_name_of_an_armys_own_weapon_is_none(name):
    assert engine_name(name) is None


def test_engine_names_of_a_compound_entry():
    assert engine_names("Hand weapons, Lances, Shields") == ("hand weapon", "lance", "shield")
    assert engine_names("Full plate armour, Shields, Barding") == ("full plate", "shield", "barding")
    assert engine_names("Hand weapons (both), Thrusting spears (Warriors), Warbows (Archers)")[:2] == \
        ("hand weapon", "thrusting spear")
    assert engine_names("Handwaffen, Hellebarden, Schilde") == ("hand weapon", "halberd", "shield")
    assert engine_names("Wicked claws, Hellblades") == ()


# ----- against Old World Builder's own files, when they are on this machine

SOURCE = Path(os.environ.get("HITRULES_OWB_SOURCE", "/work/.mirror/nthiebes+old-world-builder/repo"))


def _tool():
    spec = importlib.util.spec_from_file_location("build_catalogue", ROOT / "tools" / "build_catalogue.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if SOURCE.exists():  # not skipped when absent: these checks exist only where the builder's files do
    TOOL = _tool()
    BUILDER = TOOL.Source(SOURCE)
    INDEX = json.loads(BUILDER.read(TOOL.RULES_INDEX))
    SYNONYMS = TOOL.synonyms(BUILDER.read(TOOL.RULES_MAP))
    ENTRIES = [(army, category, unit) for army in BUILDER.army_ids()
               for category, listed in json.loads(BUILDER.read(f"{TOOL.ARMIES_DIR}/{army}.json")).items()
               for unit in listed]

    def test_the_data_file_is_the_builders_files_rebuilt():
        assert BUILDER.commit() == raw_data()["commit"]
        assert TOOL.build(SOURCE) == raw_data()

    def test_every_army_file_is_an_army():
        assert [a.id for a in armies()] == BUILDER.army_ids()
        assert len(ENTRIES) > 600

    @pytest.mark.parametrize(("army", "category", "entry"), ENTRIES, ids=lambda x: x if isinstance(x, str) else x["id"])
    def test_every_builder_unit_is_found_by_its_name_in_each_language(army, category, entry):
        languages = [k for k in entry if k.startswith("name_") and entry[k]]
        assert {"name_en", "name_de", "name_fr", "name_cn"} <= set(languages)
        mine = find(f"{army}/{entry['id']}")
        for key in languages:
            found = find(entry[key], army)
            assert mine in matches(entry[key], army) and found is matches(entry[key], army)[0], (key, entry[key])
            assert name_key(entry[key]) in {name_key(n) for n in found.names.values()} | \
                {name_key(n) for n in _also(found)}

    def test_every_units_profiles_are_the_rules_indexs():
        for army, _category, entry in ENTRIES:
            mine = find(f"{army}/{entry['id']}")
            if mine.category != _category:
                continue  # the same id listed again: the first entry is kept
            rules = TOOL.rule_entry(entry["name_en"], INDEX, SYNONYMS) or {}
            expected = [(s["Name"], s["M"], s["WS"], s["BS"], s["S"], s["T"], s["W"], s["I"], s["A"], s["Ld"])
                        for s in rules.get("stats", [])]
            assert [(p.name, p.M, p.WS, p.BS, p.S, p.T, p.W, p.I, p.A, p.Ld) for p in mine.profiles] == expected
            renegade = TOOL.renegade_entry(entry["name_en"], INDEX, SYNONYMS) or {}
            if renegade.get("stats"):
                assert [p.I for p in mine.renegade_profiles] == [s["I"] for s in renegade["stats"]]

    def test_profiles_by_the_plain_english_name():
        """Independent of the synonyms: a unit whose lower-case English name is an index key has its stats."""
        checked = 0
        for army, _category, entry in ENTRIES:
            stats = INDEX.get(entry["name_en"].lower(), {}).get("stats")
            if stats and "{" not in entry["name_en"] and find(f"{army}/{entry['id']}").category == _category:
                assert [p.WS for p in find(f"{army}/{entry['id']}").profiles] == [s["WS"] for s in stats]
                checked += 1
        assert checked > 450

    def test_every_troop_type_code_maps():
        codes = {e["troopType"] for e in INDEX.values() if e.get("troopType")}
        assert codes == set(TOOL.TROOP_CODES)
        assert {v for v in TOOL.TROOP_CODES.values() if v} == set(TROOP_TYPES)
        for army, category, entry in ENTRIES:
            mine = find(f"{army}/{entry['id']}")
            code = (TOOL.rule_entry(entry["name_en"], INDEX, SYNONYMS) or {}).get("troopType")
            if mine.category == category:
                assert (mine.troop_code, mine.troop_type) == (code, TOOL.TROOP_CODES.get(code))

    def test_units_the_rules_index_has_no_profile_for():
        missing = sorted(u.ref for u in ALL_UNITS if not u.profiles)
        assert missing == ["beastmen-brayherds/chieftain-of-ruin", "beastmen-brayherds/gors",
                           "beastmen-brayherds/ungors", "warriors-of-chaos/champion-of-ruin",
                           "warriors-of-chaos/chaos-cultists", "warriors-of-chaos/chieftain-of-ruin",
                           "warriors-of-chaos/cult-magister"]


def _also(unit) -> list[str]:
    """Names a second entry of the same id gave (kept in the data file as "also")."""
    raw = next(u for u in raw_data()["units"] if u["army"] == unit.army and u["id"] == unit.id)
    return list(raw.get("also", {}).values())
