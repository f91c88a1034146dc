"""/army in AppTest: each test roster uploaded lists its units; each "use" link opens the right page with
the right numbers (the link's parameters run through the page itself); a refused file says why beside
its upload, and the other roster stays."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest_util import hit_chance, metric, open_page, text

from hitrules.edge import urlstate
from hitrules.situations import combat as combat_situations
from hitrules.words import chance_text

ROSTERS = Path(__file__).resolve().parent / "rosters"


def upload(at, who: str, name: str, data: bytes | None = None):
    at.file_uploader(key=f"army_{who}_file").set_value((name, data if data is not None else
                                                        (ROSTERS / name).read_bytes(), "application/octet-stream"))
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def table_units(at, n: int = 0) -> list[str]:
    """The units listed under the n-th roster's heading (each unit's name in bold, its details below it)."""
    return [name for name, _ in unit_blocks(at)[n]]


def unit_blocks(at) -> list[list[tuple[str, str]]]:
    """Each roster's units, in order: (name, the details shown under it)."""
    rosters, found = [], []

    def walk(node):
        children = getattr(node, "children", {})
        for child in (children.values() if isinstance(children, dict) else children):
            if child.type == "subheader":
                rosters.append([])
            elif child.type == "markdown" and rosters and child.value.startswith("**"):
                found.append(child.value.split("**")[1])
            elif child.type == "markdown" and rosters and found:
                rosters[-1].append((found.pop(), child.value))
            else:
                walk(child)

    walk(at.main)
    return rosters


def links(at) -> dict[tuple[str, str], tuple[str, dict]]:
    """Each unit's links, by (unit row's text, label): the page and its parameters."""
    found = {}
    for container in at.main.children.values():
        _collect(container, found)
    return found


def _collect(node, found, unit=""):
    children = getattr(node, "children", {})
    for child in (children.values() if isinstance(children, dict) else children):
        if child.type == "markdown" and child.value.startswith("**"):
            unit = child.value.split("**")[1]
        elif child.type == "page_link":
            query = dict(part.split("=", 1) for part in child.proto.query_string.split("&") if part)
            from urllib.parse import unquote_plus
            found[(unit, child.proto.label)] = (child.proto.page.strip("/").split("/")[-1],
                                                {k: unquote_plus(v) for k, v in query.items()})
        else:
            unit = _collect(child, found, unit) or unit
    return unit


@pytest.mark.parametrize(("name", "units"), [
    ("space_marines_9th.ros", ["Tactical Squad", "Captain", "Predator"]),
    ("guard_8th.ros", ["Infantry Squad", "Leman Russ Battle Tank"]),
    ("orcs_old_world.ros", ["Orc Warboss", "Orc Mob", "Orc Boar Boyz", "Orc Arrer Boyz", "Giant", "Stone Trolls"]),
    ("empire_old_world_builder.txt", ["General of the Empire", "State Missile Troops", "Empire Knights",
                                      "Troll Mercenaries"]),
])
def test_each_roster_lists_its_units(name, units):
    at = upload(open_page("army"), "mine", name)
    assert table_units(at) == units
    assert {unit for unit, _ in links(at)} == set(units)


def test_zipped_roster_lists_its_units():
    import io
    import zipfile
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("patrol.ros", (ROSTERS / "space_marines_9th.ros").read_bytes())
    at = upload(open_page("army"), "theirs", "patrol.rosz", buffer.getvalue())
    assert table_units(at) == ["Tactical Squad", "Captain", "Predator"]


def both(mine: str, theirs: str, target: str | None = None, attacker: str | None = None):
    at = upload(upload(open_page("army"), "mine", mine), "theirs", theirs)
    if target:
        at.selectbox(key="army_target").set_value(target).run()
    if attacker:
        at.selectbox(key="army_attacker").set_value(attacker).run()
    assert not at.exception
    return at


def follow(at, unit: str, label: str):
    page, query = links(at)[(unit, label)]
    opened = open_page(page, **query)
    return page, query, opened


def test_ninth_shoot_at_a_picked_target():
    """The Captain's gun at the Predator (theirs: 2): BS 2+, 1 attack, S4 AP-1 D2 against T7 W11 Sv3+."""
    at = both("space_marines_9th.ros", "space_marines_9th.ros", target="theirs:2")
    page, _, opened = follow(at, "Captain", "Shoot")
    assert page == "ninth"
    values = opened.session_state["_ninth_values"]
    assert (values["skill"], values["attacks"], values["s"], values["ap"]) == (2, "1", 4, -1)
    assert str(values["damage"]) == "2"
    assert (values["t"], values["sv"], values["wounds"], values["models"], values["chain"]) == (7, 3, 11, 1, True)
    assert hit_chance(opened) == chance_text(__import__("fractions").Fraction(5, 6))
    assert "From your army file: Captain → Predator" in text(opened)
    assert dict(opened.query_params)["from"] == "Captain → Predator"  # the page's own link keeps it


def test_ninth_squad_fills_the_whole_unit_rows():
    at = both("space_marines_9th.ros", "guard_8th.ros", target="theirs:0")
    _, query, opened = follow(at, "Tactical Squad", "Shoot")
    values = opened.session_state["_ninth_values"]
    assert (values["skill"], values["attacks"], values["s"], values["t"], values["sv"], values["models"]) == (
        3, "1", 4, 3, 5, 10)
    assert [row[:6] for row in values["rows"]] == [
        ("Boltgun (Space Marine)", "7", 3, 4, 0, "1"), ("Heavy bolter (Space Marine w/ Heavy…)", "3", 3, 5, -1, "2"),
        ("Meltagun (Space Marine w/ Heavy Weapon)", "1", 3, 8, -4, "D6")]
    assert "The whole unit: 4 profiles" in [s.value for s in opened.subheader]
    # The page's own profile keeps its weapon's name, in the page and in its own link (issue 43: no "weapon 1").
    assert query["name"] == values["name"] == "Boltgun (Space Marine Sergeant)"
    assert "in this order: Boltgun (Space Marine Sergeant), Boltgun (Space Marine)" in text(opened)
    assert "weapon 1" not in text(opened) and dict(opened.query_params)["name"] == query["name"]
    assert "not read: Bolt pistol, Frag grenades, Krak grenades" in query["from"]


def test_ninth_melee_and_eighth_edition():
    at = both("space_marines_9th.ros", "guard_8th.ros")
    _, _, opened = follow(at, "Captain", "Fight")
    values = opened.session_state["_ninth_values"]
    assert "melee" in values["attack"] and (values["skill"], values["attacks"], values["s"], values["ap"]) == (
        2, "4", 5, -3)
    assert values["rows"][0][:6] == ("Power fist", "4", 2, 8, -3, "2") and values["rows"][0][8] == "melee"
    _, _, opened = follow(at, "Leman Russ Battle Tank", "Shoot")
    values = opened.session_state["_ninth_values"]
    assert (values["rules"], values["skill"], values["attacks"], values["s"]) == ("8", 4, "D6", 8)


def test_ninth_target_with_a_picked_attacker():
    at = both("guard_8th.ros", "space_marines_9th.ros", attacker="mine:1")
    _, _, opened = follow(at, "Captain", "Target")
    values = opened.session_state["_ninth_values"]
    assert (values["t"], values["sv"], values["invuln"], values["wounds"], values["extra"]) == (4, 3, 4, 5, True)
    assert (values["rules"], values["skill"], values["attacks"]) == ("8", 4, "D6")  # the Leman Russ shoots


def test_fantasy_shoot_at_a_picked_target():
    """Ten warbows (BS 3, S3) at the Orc Mob: T4, armour 5+ (light armour and shields), 20 models."""
    at = both("orcs_old_world.ros", "orcs_old_world.ros", target="theirs:1")
    page, _, opened = follow(at, "Orc Arrer Boyz", "Shoot")
    assert page == "fantasy"
    values = opened.session_state["_fantasy_values"]
    assert (values["bs"], values["shots"], values["s"], values["ap"]) == (3, "10", 3, 0)
    assert (values["t"], values["armour"], values["wounds"], values["models"]) == (4, 5, 1, 20)
    assert hit_chance(opened) == chance_text(__import__("fractions").Fraction(1, 2))


def test_fantasy_target_keeps_its_ward_and_regeneration():
    at = both("orcs_old_world.ros", "empire_old_world_builder.txt")
    _, _, opened = follow(at, "Stone Trolls", "Target")
    values = opened.session_state["_fantasy_values"]
    assert (values["t"], values["wounds"], values["models"], values["regen"], values["extra"]) == (4, 3, 3, 5, True)
    _, query, opened = follow(at, "Orc Warboss", "Target")
    assert opened.session_state["_fantasy_values"]["ward"] == 6
    _, query, _ = follow(at, "Troll Mercenaries", "Target")
    assert "Troll Mercenaries's armour" in query["from"]  # Old World Builder's list does not say it


def test_combat_charger_against_the_picked_target():
    """The Boar Boyz (6, heavy cavalry, armour 3+, their boars as the other) charge the Orc Mob."""
    at = both("orcs_old_world.ros", "orcs_old_world.ros", target="theirs:1")
    page, _, opened = follow(at, "Orc Boar Boyz", "Charge")
    assert page == "combat"
    v = opened.session_state["_combat_values"]
    assert (v["a_models"], v["a_t"], v["a_armour"], v["a_troop"], v["a_ws"], v["a_i"]) == (6, 4, 3, "heavy_cavalry",
                                                                                           3, 2)
    assert (v["a_others"], v["a_char_kind"], v["a_char_attacks"]) == (1, "mount", "5")
    # the ranks follow the unit: 5 wide, 6 models; cavalry that charged, no weapon that fights in an extra rank:
    # no supporting attacks (RULES §7 "Who fights"; the old reading gave the sixth model one)
    charger = combat_situations.combat_situation(urlstate.combat_input(v)).charger
    assert (charger.fighting, charger.supporting) == (5, 0)
    assert (v["d_models"], v["d_armour"], v["d_t"], v["d_others"], v["d_char_kind"], v["d_char_attacks"]) == (
        20, 5, 4, 1, "champion", "2")
    assert not opened.error
    assert "From your army file: charger Orc Boar Boyz → charged Orc Mob" in text(opened)


def test_combat_charged_alone():
    at = both("orcs_old_world.ros", "orcs_old_world.ros")
    _, _, opened = follow(at, "Giant", "Charged")
    v = opened.session_state["_combat_values"]
    assert (v["d_models"], v["d_wounds"], v["d_t"], v["d_troop"], v["d_armour"], v["d_attacks"], v["d_ld"]) == (
        1, 6, 5, "monster", 5, 5, 10)
    assert v["a_models"] == 10  # the page's own charger
    assert metric(opened, next(m.label for m in opened.metric))  # the round is worked out


def test_refused_file_says_why_and_the_other_roster_stays():
    at = upload(open_page("army"), "mine", "space_marines_9th.ros")
    at = upload(at, "theirs", "army.json", b'{"roster": 1}')
    assert [e.value for e in at.error] == [
        "army.json is JSON, not an army list. Export your army from BattleScribe or New Recruit as a roster "
        "(.ros or .rosz), or from Old World Builder as text with stats or as .owb.json."]
    assert table_units(at) == ["Tactical Squad", "Captain", "Predator"]
    at = upload(at, "theirs", "guard_8th.ros")  # a good file after it
    assert not at.error and table_units(at, 1) == ["Infantry Squad", "Leman Russ Battle Tank"]


def test_fantasy_page_names_its_own_weapon_from_the_link():
    named = open_page("fantasy", chain="1", models="5", rows="champion:1:4:4:-1:D3", name="Warbow")
    assert "in this order: champion, Warbow" in text(named) and "weapon 1" not in text(named)
    assert "weapon 1" in text(open_page("fantasy", chain="1", models="5", rows="champion:1:4:4:-1:D3"))


def test_empty_page_says_what_to_upload():
    at = open_page("army")
    assert "No army yet" in text(at)


def test_table_shows_models_characteristics_weapons_and_what_was_not_read():
    # Each unit as a short block under its name (a 13-column table scrolled sideways on a phone, issue 43).
    at = upload(open_page("army"), "mine", "space_marines_9th.ros")
    blocks = dict(unit_blocks(at)[0])
    assert blocks["Tactical Squad"].splitlines()[-1] == "Not read: Bolt pistol, Frag grenades, Krak grenades"
    # A weapon is either read or not read, never both (issue 43).
    assert blocks["Predator"] == ('M 12" · WS 6+ · BS 3+ · S 6 · T 7 · W 11 · A 3 · Ld 8 · Save 3+  \n'
                                  "Weapons: Predator autocannon, Heavy bolter, Hunter-killer missile  \n"
                                  "Not read: Smoke launchers")


def test_a_rosters_text_shows_as_it_is_written():
    """A unit's or weapon's name is the file's text, not markdown: its signs are taken literally, in one line."""
    from views.army import _escaped

    assert _escaped("Bolt *pistol*\n| [x] $5") == "Bolt \\*pistol\\* \\| \\[x\\] \\$5"
