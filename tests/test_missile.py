"""Missile weapons of war by name (hitrules.fantasy.missile, docs/rules.md § Missile weapons of war): the
rulebook's table row by row as its pages give it, every row against the rules index's own pages when the
index's repository is on this machine (HITRULES_TOW_INDEX, else the mirror's path), the docs' table, the
names a player types, and the wielder's Strength."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from hitrules.fantasy import Weapon
from hitrules.fantasy.catalogue import engine_name
from hitrules.fantasy.missile import MISSILE_WEAPONS, MissileWeapon, missile_name, missile_weapon

ROOT = Path(__file__).resolve().parents[1]

#: The rulebook's missile weapons, pp. 216-219, as the pages read (weapons-of-war/<slug>.md; the special
#: rules from the index's list for each weapon): name, range, S, AP, special rules, page.
RULEBOOK = [
    ("longbow", 30, "3", 0, ("Armour Bane (1)", "Volley Fire"), 216),
    ("shortbow", 18, "3", 0, ("Quick Shot", "Volley Fire"), 216),
    ("warbow", 24, "S", 0, ("Volley Fire",), 216),
    ("handgun", 24, "4", -1, ("Armour Bane (1)", "Ponderous"), 217),
    ("pistol", 12, "4", -1, ("Armour Bane (1)", "Quick Shot"), 217),
    ("brace of pistols", 12, "4", -1, ("Armour Bane (1)", "Multiple Shots (2)", "Quick Shot"), 217),
    ("repeater handgun", 24, "4", -1, ("Armour Bane (1)", "Multiple Shots (3)", "Ponderous"), 217),
    ("repeater pistol", 12, "4", -1, ("Armour Bane (1)", "Multiple Shots (3)", "Quick Shot"), 217),
    ("crossbow", 30, "4", 0, ("Armour Bane (2)", "Ponderous"), 218),
    ("repeater crossbow", 24, "3", 0, ("Armour Bane (1)", "Multiple Shots (2)"), 218),
    ("repeater handbow", 12, "3", 0, ("Multiple Shots (2)", "Quick Shot"), 218),
    ("brace of repeater handbows", 12, "3", 0, ("Multiple Shots (4)", "Quick Shot"), 218),
    ("throwing weapons", 9, "S", 0, ("Move & Shoot", "Multiple Shots (2)", "Quick Shot"), 219),
    ("javelin", 12, "S", 0, ("Move & Shoot", "Quick Shot"), 219),
    ("sling", 18, "3", 0, ("Multiple Shots (2)",), 219),
    ("throwing axe", 9, "S+1", 0, ("Quick Shot",), 219),
]


@pytest.mark.parametrize("row", RULEBOOK, ids=lambda r: r[0])
def test_the_rulebooks_table_row_by_row(row):
    name, range_, strength, ap, rules, page = row
    weapon = MISSILE_WEAPONS[name]
    assert (weapon.name, weapon.range, weapon.strength_text, weapon.ap, weapon.special_rules) == \
        (name, range_, strength, ap, rules)
    assert weapon.source == f"Rulebook, p. {page}"
    assert weapon.page == f"weapons-of-war/{name.replace(' ', '-')}.md"
    assert weapon.strength == (int(strength) if strength.isdigit() else None)


def test_the_rulebooks_weapons_come_first():
    assert list(MISSILE_WEAPONS)[:len(RULEBOOK)] == [r[0] for r in RULEBOOK]
    assert len(MISSILE_WEAPONS) == 39


@pytest.mark.parametrize(("typed", "name"), [
    ("Longbows", "longbow"), ("longbow", "longbow"), ("LONGBOW", "longbow"), ("Handguns", "handgun"),
    ("hand gun", "handgun"), ("Crossbows", "crossbow"), ("Pistols", "pistol"),
    ("Braces of pistols", "brace of pistols"),
    ("brace of pistols", "brace of pistols"), ("Repeater Handguns", "repeater handgun"),
    ("repeater-crossbows", "repeater crossbow"), ("Repeater pistol", "repeater pistol"), ("Javelins", "javelin"),
    ("Throwing weapons", "throwing weapons"), ("throwing weapon", "throwing weapons"), ("Slings", "sling"),
    ("Blunderbusses", "blunderbuss"), ("Warbows", "warbow"), ("Shortbows", "shortbow"),
    ("Throwing axes", "throwing axe"), ("Great throwing spears", "great throwing spears"),
    ("Bows of Avelorn", "bow of avelorn"), ("Hochland long rifle", "hochland long rifle"),
    ("Warplock jezzails", "warplock jezzail"), ("Fireleech bolas", "fireleech bolas"),
])
def test_any_singular_or_plural_any_case(typed, name):
    assert missile_weapon(typed).name == name == missile_name(typed)


@pytest.mark.parametrize(("typed", "close"), [
    ("bow", "longbow, shortbow, warbow"), ("hangun", "handgun"), ("crosbow", "crossbow"),
])
def test_unknown_names_say_what_is_close(typed, close):
    with pytest.raises(ValueError, match=f"No missile weapon called “{typed}”. Did you mean: .*{close}"):
        missile_weapon(typed)


def test_an_unknown_name_with_nothing_close_lists_them_all():
    with pytest.raises(ValueError, match=r"No missile weapon called “Halberd”\. Known: longbow, .*warplock pistol\."):
        missile_weapon("Halberd")
    assert missile_name("Halberd") is None and missile_name("") is None


def test_the_wielders_strength():
    assert missile_weapon("javelin").strength is None
    assert missile_weapon("javelin", strength=3).strength == 3
    assert missile_weapon("Throwing axe", strength=4).strength == 5
    assert missile_weapon("Throwing axe", strength=10).strength == 10  # held to 10
    assert missile_weapon("great throwing spears", strength=5).strength == 6
    assert missile_weapon("longbow", strength=6).strength == 3  # a fixed Strength is the weapon's
    for bad in (0, 11, "4", 4.0, True):
        with pytest.raises(ValueError, match="Strength must be"):
            missile_weapon("javelin", strength=bad)


def test_the_rules_as_numbers():
    repeater = missile_weapon("repeater handgun")
    assert (repeater.armour_bane, repeater.multiple_shots, repeater.multiple_wounds) == (1, "3", None)
    assert repeater.has("ponderous") and repeater.has("Multiple Shots") and repeater.has("multiple shots (3)")
    assert not repeater.has("Quick Shot") and not repeater.has("Multiple")
    assert missile_weapon("brimstone gun").multiple_shots == "D3+1"
    assert (missile_weapon("sling").armour_bane, missile_weapon("greatbow").multiple_wounds) == (0, "2")


def test_the_engines_weapon():
    assert missile_weapon("handgun").weapon() == Weapon(4, -1, armour_bane=1)
    assert missile_weapon("greatbow").weapon() == Weapon(6, -1, "2", armour_bane=2)
    assert missile_weapon("blowpipe").weapon() == Weapon(3, 0, poisoned=True)
    assert missile_weapon("javelin", strength=4).weapon() == Weapon(4)
    with pytest.raises(ValueError, match=r"The javelin's Strength is the wielder's \(S\): give the wielder's Strength"):
        missile_weapon("javelin").weapon()


def test_values_are_frozen():
    with pytest.raises(AttributeError):
        MISSILE_WEAPONS["longbow"].range = 40
    with pytest.raises(TypeError):
        MISSILE_WEAPONS["bow"] = MISSILE_WEAPONS["longbow"]  # type: ignore[index]
    assert isinstance(missile_weapon("sling"), MissileWeapon)


def test_the_builders_names_reach_the_missile_weapons():
    assert engine_name("Handguns") == "handgun" and engine_name("Armbrüste") == "crossbow"
    assert engine_name("Arcs longs") == "longbow" and engine_name("长弓") == "longbow"
    assert engine_name("Repetier-Armbrust") is None  # the builder's mistranslation of "Repeater handgun"


def test_the_docs_table_is_the_modules():
    docs = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    section = docs[docs.index("\n## Missile weapons of war\n"):]
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| weapon")]
    assert len(rows) == len(MISSILE_WEAPONS)
    for line, weapon in zip(rows, MISSILE_WEAPONS.values(), strict=True):
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        ap = "—" if weapon.ap == 0 else str(weapon.ap)
        assert cells == [weapon.name[0].upper() + weapon.name[1:], f'{weapon.range}"', weapon.strength_text, ap,
                         ", ".join(weapon.special_rules), f"`{weapon.page}` ({weapon.source})"]


# ----- every row against the rules index's own pages, when its repository is on this machine

INDEX = Path(os.environ.get("HITRULES_TOW_INDEX", "/work/.mirror/eloyra+whfb-tow-companion/repo"))


def _show(path: str) -> str:
    if (INDEX / path).exists():
        return (INDEX / path).read_text(encoding="utf-8")
    return subprocess.run(["git", "-C", str(INDEX), "show", f"HEAD:{path}"], capture_output=True, text=True,
                          check=True, encoding="utf-8").stdout


def _page(page: str) -> tuple[str, str, str, str, str]:
    """(book, page, range, S, AP) from a weapons-of-war page: its front matter and its (first) table."""
    text = _show(f"data/markdown/{page}")
    book = re.search(r"^source_book: \"?(.*?)\"?$", text, re.M)[1]
    number = re.search(r"^source_page: (\d+(?: & \d+)?)$", text, re.M)[1]
    row = re.search(r"\| Range \| Strength \| Armour Piercing \| Special Rules \|\n\|[-| ]+\|\n\| (.*) \|", text)[1]
    range_, strength, ap, _rules = (c.strip() for c in row.split(" | "))
    return book, number, range_, strength, ap


def _index_rules(slug: str) -> tuple[str, ...]:
    """The index's list of a weapon's special rules (data/parsed/weapons.json), its ranged profile's."""
    entry = next(w for w in json.loads(_show("data/parsed/weapons.json")) if w["id"] == slug)
    text = entry["text"].split("Notes:")[0].removeprefix("Ranged:").split("Combat:")[0]
    text = text.split(" Extra Attacks (")[0]  # a brace's combat profile, run into the ranged list
    return tuple(r.strip() for r in text.split(",") if r.strip())


if INDEX.exists():  # not skipped when absent: these checks exist only where the index's files do

    @pytest.mark.parametrize("weapon", list(MISSILE_WEAPONS.values()), ids=lambda w: w.name)
    def test_each_row_against_its_page(weapon):
        book, number, range_, strength, ap = _page(weapon.page)
        assert weapon.source == f"{book}, {'pp' if '&' in number else 'p'}. {number}"
        assert f'{weapon.range}"' == range_
        assert weapon.strength_text == strength
        assert ap == ("-" if weapon.ap == 0 else str(weapon.ap))
        assert weapon.special_rules == _index_rules(weapon.page.removeprefix("weapons-of-war/").removesuffix(".md"))

    def test_the_missile_weapons_page_lists_the_rulebooks():
        page = _show("data/markdown/weapons-of-war/missile-weapons.md")
        listed = re.findall(r"^- \[(.*?)\]\((.*?)\.md\)$", page, re.M)
        weapons = {title.lower() for title, slug in listed} - {"more than one missile weapon", "bows",
                                                                "black powder weapons", "crossbows", "thrown weapons"}
        assert weapons <= set(MISSILE_WEAPONS) and weapons >= {r[0] for r in RULEBOOK} - {
            "repeater pistol", "brace of repeater handbows"}
