"""/fantasy opens units picked from the catalogue by link, in headless Chromium (issue 43: "/combat and /fantasy
open a picked unit by link, in Chromium, with the right inputs filled"). The same in AppTest: tests/test_app_pick.py."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect
from test_browser import hit_chance, metric, open_app, set_number

from hitrules import fantasy
from hitrules.words import number_text

pytestmark = pytest.mark.browser

LINK = ("fantasy?unit=empire-of-man/state-missile-troops&weapon=handgun"
        "&target_unit=empire-of-man/state-troops")


def test_fantasy_opens_the_picked_shooters_and_target_by_link(page: Page, app_server):
    """State Missile Troops with handguns (BS 3, 20 models: 20 shots, S 4, AP -1, Armour Bane (1)) at State Troops
    (T 3, 1 Wound, 20 models, light armour 6+: no save against AP -1)."""
    open_app(page, app_server, LINK)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    expect(page.get_by_text("State Missile Troops", exact=False).first).to_be_visible()
    for label, value in (("Ballistic Skill (BS)", "3"), ("Shots", "20"), ("Strength (S)", "4"), ("AP", "-1"),
                         ("Toughness (T)", "3"), ("Wounds per model", "1"), ("Models in the unit", "20")):
        expect(page.get_by_label(label, exact=True)).to_have_value(value)
    expect(hit_chance(page)).to_have_text("1/2 (50.0%)")
    expect(metric(page, "Wound chance")).to_have_text("2/3 (66.7%)")
    exact = fantasy.shoot(fantasy.Shot(3), 20, fantasy.Weapon(4, -1, "1", False, 1), fantasy.Target(3, 6, models=20))
    expect(metric(page, "Expected models removed")).to_have_text(number_text(exact.models_removed.mean))
    set_number(page, "Ballistic Skill (BS)", 4)  # every value stays editable, and the link keeps the picks
    expect(hit_chance(page)).to_have_text("2/3 (66.7%)")
    deadline = time.monotonic() + 10
    while "bs=4" not in page.url and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert re.search(r"[?&]bs=4\b", page.url)
    assert "unit=empire-of-man%2Fstate-missile-troops" in page.url or "unit=empire-of-man/state-missile-troops" in (
        page.url)
    assert "weapon=handgun" in page.url


def test_a_bad_unit_in_a_link_is_a_warning_and_the_page_works(page: Page, app_server):
    open_app(page, app_server, "fantasy?unit=empire-of-man/state-missle-troops")
    expect(page.get_by_text("No unit called", exact=False).first).to_be_visible()
    expect(page.get_by_text("State Missile Troops (empire-of-man)", exact=False).first).to_be_visible()
    expect(hit_chance(page)).to_have_text("1/2 (50.0%)")


def test_combat_opens_a_picked_unit_on_the_charging_side_by_link(page: Page, app_server):
    """/combat?a_unit=empire-of-man/state-troops (issue 43's own link): State Troops charge, their profile filled
    (20 models, WS 3, S 3, T 3, I 3), and the charged side keeps the page's own defaults."""
    open_app(page, app_server, "combat?a_unit=empire-of-man/state-troops")
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    expect(page.get_by_text("State Troops", exact=False).first).to_be_visible()
    for label, value in (("Models", "20"), ("WS", "3"), ("S", "3"), ("T", "3"), ("I", "3")):
        expect(page.get_by_label(label, exact=True).first).to_have_value(value)  # the charger's column comes first
    expect(page.get_by_label("WS", exact=True).nth(1)).to_have_value("3")
    expect(metric(page, "Charger wins")).to_be_visible()
