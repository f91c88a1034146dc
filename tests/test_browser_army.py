"""/army in headless Chromium (issue 29): upload two army files, pick a target, open the shooter's link,
and the calculator answers as the same numbers entered by hand; the phone and desktop screenshots."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import save_screenshot
from playwright.sync_api import Page, expect
from test_browser import metric, open_app, wait_ready

pytestmark = pytest.mark.browser

ROSTERS = Path(__file__).resolve().parent / "rosters"


def upload_both(page: Page) -> None:
    inputs = page.locator('[data-testid="stFileUploader"] input[type="file"]')
    inputs.nth(0).set_input_files(str(ROSTERS / "space_marines_9th.ros"))
    expect(page.get_by_text("Hitrules Patrol: 3 units")).to_be_visible(timeout=20_000)
    inputs.nth(1).set_input_files(str(ROSTERS / "guard_8th.ros"))
    expect(page.get_by_text("Hitrules Guard: 2 units")).to_be_visible(timeout=20_000)
    wait_ready(page)


def numbers(page: Page) -> list[str]:
    return [metric(page, label).inner_text() for label in ("Hit chance", "Expected hits")] + [
        v.inner_text() for v in page.locator('[data-testid="stMetricValue"]').all()]


def test_a_roster_shooter_at_a_roster_target_answers_as_the_numbers_by_hand(page: Page, app_server):
    open_app(page, app_server, "army")
    upload_both(page)
    save_screenshot(page, "desktop-army")
    page.locator('[data-testid="stSelectbox"]').filter(has_text="Target (for the Shoot").click()
    page.get_by_role("option", name="Theirs: Infantry Squad").click()
    wait_ready(page)
    page.locator('a[href*="from=Captain"]').filter(has_text="Shoot").first.click()
    wait_ready(page)
    expect(page.get_by_text("From your army file: Captain → Infantry Squad")).to_be_visible()
    from_roster = numbers(page)
    # The Captain's master-crafted boltgun (BS 2+, 1 attack, S4 AP-1 D2) at ten Guardsmen (T3 W1 Sv5+).
    open_app(page, app_server, "ninth?skill=2&attacks=1&chain=1&ap=-1&damage=2&t=3&sv=5&wounds=1&models=10")
    assert numbers(page) == from_roster


def test_phone_layout(browser, app_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, app_server, "army")
        upload_both(page)
        overflow = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert overflow[0] <= overflow[1], overflow
        # Nothing scrolls sideways: not the main block (Streamlit scrolls it, not the window), nor any element
        # in it that could scroll (a table's scroller), and no element reaches past the viewport (issue 43).
        wide = page.evaluate("""() => {
            const main = document.querySelector('[data-testid="stMain"]');
            const found = [];
            for (const el of [main, ...main.querySelectorAll('*')]) {
                const box = el.getBoundingClientRect();
                const scrolls = el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1  // not a hidden input
                    && !['visible', 'hidden'].includes(getComputedStyle(el).overflowX);
                if (scrolls || box.width > 0 && box.right > innerWidth + 1)
                    found.push([el.tagName, el.getAttribute('data-testid'), el.scrollWidth, el.clientWidth,
                                Math.round(box.right)]);
            }
            return [found, main.scrollWidth, main.clientWidth];
        }""")
        assert not wide[0] and wide[1] <= wide[2], wide
        not_read = page.get_by_text("Not read:").first
        expect(not_read).to_be_visible()
        box = not_read.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        save_screenshot(page, "phone-army")
    finally:
        context.close()
