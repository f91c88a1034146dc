"""The whole unit in headless Chromium (issue 19): weapons added in the editor, the link in a second
tab, the best-order click, and the phone layout."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from axe_playwright_python.sync_playwright import Axe
from harness import save_screenshot
from playwright.sync_api import Page, expect
from test_app_unit import ninth_unit, shown
from test_browser import metric, open_app, wait_ready

from hitrules.words import chance_text

pytestmark = pytest.mark.browser

ROW_HEIGHT = 35  # the editor's header and each row, in CSS pixels (Streamlit's default row height)


def add_row(page: Page, cells: list[str]) -> None:
    """Add a row to the editor and type its cells from the first: the grid is a canvas, so the test
    clicks the new row's first cell and types, a Tab after each cell, as a player would."""
    # The editor, not the page's own weapon shown above it in the same columns.
    editor = page.locator('[class*="st-key-"][class*="_weapons_"] [data-testid="stDataFrame"]').first
    editor.scroll_into_view_if_needed()
    editor.hover()
    page.get_by_role("button", name="Add row").click()
    page.wait_for_timeout(300)
    box = editor.bounding_box()
    rows = round((box["height"] - 2) / ROW_HEIGHT) - 2  # less the header and the row that adds
    page.mouse.click(box["x"] + 80, box["y"] + ROW_HEIGHT * rows + ROW_HEIGHT // 2)
    page.wait_for_timeout(200)
    for cell in cells:
        # Open the cell's editor and wait for it before typing: on a busy machine a first key typed
        # into the grid before it took the click was lost ("ascannon").
        page.keyboard.press("Enter")
        page.locator("textarea.gdg-input, input.gdg-input").first.wait_for(state="visible", timeout=10_000)
        page.keyboard.press("ControlOrMeta+a")  # the editor opens holding the cell's default: replace it
        page.keyboard.type(cell, delay=40)
        page.keyboard.press("Tab")
        page.wait_for_timeout(300)  # each cell reruns the page: the next keys wait for it to start and end
        wait_ready(page)


def test_a_unit_of_three_profiles_set_in_the_editor_and_its_link_in_a_second_tab(page: Page, app_server, browser):
    open_app(page, app_server, "ninth?chain=1&damage=2&wounds=2&models=5")
    add_row(page, ["lascannon", "1", "4", "9", "-3", "D6"])
    add_row(page, ["plasma gun", "2", "3", "7", "-3", "1"])
    expected = ninth_unit().models_removed
    expect(metric(page, "Unit: models removed")).to_have_text(shown(expected.mean))
    expect(metric(page, "At least 1 removed")).to_have_text(chance_text(expected.at_least(1)))
    # The whole last row in the link, not just its first letters: its name is typed a key at a time.
    page.wait_for_function("() => decodeURIComponent(location.search.replace(/\\+/g, ' '))"
                           ".includes('plasma gun:2::7:-3')")
    other = browser.new_page()
    try:
        other.goto(page.url)
        wait_ready(other)
        expect(metric(other, "Unit: models removed")).to_have_text(shown(expected.mean))
        expect(metric(other, "At least 1 removed")).to_have_text(chance_text(expected.at_least(1)))
        expect(other.get_by_text("Resolved in this order: 1. weapon 1, 2. lascannon, 3. plasma gun")).to_be_visible()
    finally:
        other.close()


BEST_ORDER_LINK = ("ninth?chain=1&wounds=2&models=2&attacks=1&skill=2&attack=auto"
                   "&rows=B:1:2:4:0:2:::auto;C:1:2:4:0:1:::auto")


def test_the_best_order_click(page: Page, app_server):
    open_app(page, app_server, BEST_ORDER_LINK)
    expect(metric(page, "Unit: models removed")).to_have_text(shown(F(5, 8)))
    page.get_by_role("button", name="Fire in the best order").click()
    wait_ready(page)
    expect(metric(page, "Unit: models removed")).to_have_text(shown(F(3, 4)))
    page.wait_for_function("() => new URLSearchParams(location.search).get('order') === '1,3,2'")
    expect(page.get_by_role("button", name="Fire in the best order")).to_have_count(0)


def test_the_unit_on_a_phone_has_no_sideways_scrolling(browser, app_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, app_server, "ninth?chain=1&damage=2&wounds=2&models=5"
                                   "&rows=lascannon:1:4:9:-3:D6;plasma gun:2::7:-3")
        expect(metric(page, "Unit: models removed")).to_have_text(shown(ninth_unit().models_removed.mean))
        overflow = page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
            " document.querySelector('[data-testid=\"stMain\"]').scrollWidth,"
            " document.querySelector('[data-testid=\"stMain\"]').clientWidth]")
        assert overflow[0] <= overflow[1] and overflow[2] <= overflow[3], overflow
        save_screenshot(page, "phone-ninth-unit", around=page.get_by_text("The whole unit: 3 profiles"))
    finally:
        context.close()


def test_desktop_unit_for_the_screenshot(browser, app_server):
    """The README's screenshot of a whole unit: written only by `make screenshots`."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        open_app(page, app_server, "ninth?rules=leman_russ&every=1&half_move=1&weapon=2&t=4&sv=3&wounds=3&models=5"
                                   "&rows=heavy bolter sponsons:6:4:5:-1:1")
        expect(page.locator('[data-testid="stException"]')).to_have_count(0)
        expect(page.get_by_text("The whole unit: 3 profiles")).to_be_visible()
        save_screenshot(page, "desktop-ninth-unit", around=page.get_by_text("The whole unit: 3 profiles"))
    finally:
        page.close()


@pytest.mark.parametrize("path", ["ninth?chain=1&damage=2&wounds=2&models=5&rows=lascannon:1:4:9:-3:D6;plasma:2",
                                  "fantasy?chain=1&wounds=2&models=4&rows=champion:1:4:4:-1:D3",
                                  "learn?section=unit"])
def test_the_whole_unit_has_no_serious_accessibility_violation(page: Page, app_server, path):
    """axe-core finds nothing serious or critical with a whole unit on the page (the editor, its charts)."""
    open_app(page, app_server, path)
    page.wait_for_timeout(300)
    violations = Axe().run(page).response["violations"]
    serious = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]], v["help"])
               for v in violations if v["impact"] in ("serious", "critical")]
    assert not serious, serious
