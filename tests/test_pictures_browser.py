"""The cover and Overwatch pictures in headless Chromium: the verdict read from the chart's SVG,
the phone layout, and (only with HITRULES_SCREENSHOTS=1) the README's screenshots."""

from __future__ import annotations

import pytest
from harness import save_screenshot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

COVER = "fantasy?cover=soft&los_shooter=3&los_blocker=1&los_target=2"
OVERWATCH = "ninth?trigger=charge&overwatch=1&eir=1"
CHART = '[data-testid="stPlotlyChart"]'


def open_app(page: Page, server, path: str) -> None:
    """Open a page and wait until its script has finished and Plotly has drawn."""
    page.goto(f"{server.url}/{path}")
    page.wait_for_selector('[data-testid="stMainBlockContainer"] h1', timeout=30_000)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=30_000)
    page.wait_for_selector(f"{CHART} svg.main-svg", timeout=30_000)


def picture(page: Page, words: str):
    """The Plotly chart whose SVG says ``words``."""
    return page.locator(CHART).filter(has=page.locator("svg text", has_text=words))


@pytest.mark.parametrize(
    ("path", "verdict", "not_there"),
    [(COVER, "✗ Cover does not count", "Cover counts"),
     ("fantasy?cover=soft&los_shooter=1&los_blocker=1&los_target=2", "✓ Cover counts", "does not count")],
)
def test_fantasy_side_view_says_the_verdict(page: Page, app_server, path, verdict, not_there):
    open_app(page, app_server, path)
    chart = picture(page, verdict)
    expect(chart).to_have_count(1)
    expect(chart).to_contain_text("2 × 1 ≥")
    expect(chart).to_contain_text("Obstacle")
    expect(page.locator(CHART).filter(has_text=not_there)).to_have_count(0)


def test_learn_walkthrough_shows_the_cover_picture(page: Page, app_server):
    open_app(page, app_server, "learn?cover=soft&los_shooter=3&los_target=2&step=2")
    expect(picture(page, "Cover does not count")).to_have_count(1)


@pytest.mark.parametrize(
    ("query", "title", "lit"),
    [("trigger=charge", "✗ Cannot fire: check 1 forbids it", "✗ No"),
     ("trigger=charge&overwatch=1&eir=1", "✗ Cannot fire: check 3 forbids it", "✗ Yes, and its charge ended elsewhere"),
     ("trigger=charge&overwatch=1&eir=1&charged=1", "✓ May fire Overwatch", "✓ Yes, but it just charged in"),
     ("trigger=fall_back&overwatch=1&blast=1", "✗ Cannot fire: check 4 forbids it", "✓ Yes: it ended a Fall Back"),
     ("trigger=set_up&overwatch=1", "✓ May fire Overwatch", "✓ each hit needs an unmodified 6")],
)
def test_ninth_decision_path_in_the_browser(page: Page, app_server, query, title, lit):
    open_app(page, app_server, f"ninth?{query}")
    chart = picture(page, title)
    expect(chart).to_have_count(1)
    expect(chart).to_contain_text(lit)


def no_sideways_scrolling(page: Page) -> None:
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth,"
        " document.querySelector('[data-testid=\"stMain\"]').scrollWidth]")
    assert widths[0] <= widths[1] and widths[2] <= widths[1], widths


@pytest.mark.parametrize(("name", "path", "words"),
                         [("cover", COVER, "Cover does not count"),
                          ("overwatch", OVERWATCH, "Cannot fire: check 3")])
def test_phone_pictures_fit_without_sideways_scrolling(browser, app_server, name, path, words):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, app_server, path)
        chart = picture(page, words)
        expect(chart).to_have_count(1)
        box = chart.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        no_sideways_scrolling(page)
        save_screenshot(page, around=chart, name=f"phone-{name}")
    finally:
        context.close()


@pytest.mark.parametrize(("name", "path", "words"),
                         [("cover", COVER, "Cover does not count"),
                          ("overwatch", OVERWATCH, "Cannot fire: check 3")])
def test_desktop_pictures(browser, app_server, name, path, words):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        open_app(page, app_server, path)
        chart = picture(page, words)
        expect(chart).to_have_count(1)
        no_sideways_scrolling(page)
        save_screenshot(page, around=chart, name=f"desktop-{name}")
    finally:
        page.close()
