"""A page's state in a real browser: links in, links out, settings across pages, Back and Forward."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from test_browser import hit_chance as chance
from test_browser import metric, set_number, wait_ready

pytestmark = pytest.mark.browser
# A loaded two-core machine can take seconds to rerun a page after Back or Forward.
expect.set_options(timeout=15_000)


def test_back_and_forward_show_what_the_player_left(page: Page, app_server):
    page.goto(f"{app_server.url}/fantasy")
    wait_ready(page)
    set_number(page, "Ballistic Skill (BS)", 5)
    expect(chance(page)).to_have_text("5/6 (83.3%)")
    expect(page).to_have_url(f"{app_server.url}/fantasy?bs=5")
    page.locator('[data-testid="stSidebarNav"] a').filter(has_text="9th edition").click()
    wait_ready(page)
    expect(chance(page)).to_have_text("2/3 (66.7%)")
    page.go_back()  # to the page the player left
    wait_ready(page)
    expect(page).to_have_url(f"{app_server.url}/fantasy?bs=5")
    expect(chance(page)).to_have_text("5/6 (83.3%)")
    page.go_forward()
    wait_ready(page)
    expect(chance(page)).to_have_text("2/3 (66.7%)")
    # Every change is an entry in the history: Back undoes it, then leaves the page.
    page.get_by_role("combobox", name="Skill (X+)").click()
    page.get_by_role("option", name="5+", exact=True).click()
    wait_ready(page)
    expect(chance(page)).to_have_text("1/3 (33.3%)")
    page.go_back()
    wait_ready(page)
    expect(chance(page)).to_have_text("2/3 (66.7%)")
    page.go_back()
    wait_ready(page)
    expect(chance(page)).to_have_text("5/6 (83.3%)")
    # And through the sidebar, with no link: each page keeps what the player left there.
    page.locator('[data-testid="stSidebarNav"] a').filter(has_text="9th edition").click()
    wait_ready(page)
    expect(chance(page)).to_have_text("2/3 (66.7%)")
    page.locator('[data-testid="stSidebarNav"] a').filter(has_text="Fantasy shooting").click()
    wait_ready(page)
    expect(chance(page)).to_have_text("5/6 (83.3%)")


def test_back_shows_what_the_player_saw_after_sidebar_moves_and_links(page: Page, app_server):
    """Entering a page with settings from the sidebar makes two entries (the bare address, then the
    page's link): Back to the first shows the page as it was and keeps its settings. A link to
    another page is one entry, so one Back returns to the calculator as the player left it."""
    sidebar = page.locator('[data-testid="stSidebarNav"] a')
    page.goto(f"{app_server.url}/ninth?skill=5")
    wait_ready(page)
    for name in ("Fantasy shooting", "9th edition"):
        sidebar.filter(has_text=name).click()
        wait_ready(page)
    expect(chance(page)).to_have_text("1/3 (33.3%)")
    page.go_back()
    wait_ready(page)
    # The bare /ninth, shown as it was; or, when Streamlit's front end filed /ninth's query under
    # the path before (it can apply the query first), fantasy as the player left it.
    on_fantasy = page.url.split("?")[0].endswith("/fantasy")
    expect(chance(page)).to_have_text("1/2 (50.0%)" if on_fantasy else "1/3 (33.3%)")
    for name in ("Fantasy shooting", "9th edition"):
        sidebar.filter(has_text=name).click()
        wait_ready(page)
    expect(chance(page)).to_have_text("1/3 (33.3%)")
    situation = "/fantasy?bs=4&conditions=moved&cover=hard&shots=2D6"
    page.goto(app_server.url + situation)
    wait_ready(page)
    page.get_by_role("link", name="See this roll across all modifiers").click()
    wait_ready(page)
    expect(page).to_have_url(f"{app_server.url}/explore?bs=4&mod=-3")
    page.go_back()
    wait_ready(page)
    expect(page).to_have_url(app_server.url + situation)
    expect(chance(page)).to_have_text("1/6 (16.7%)")


def test_walk_through_link_opens_learn_at_the_same_roll(page: Page, app_server):
    page.goto(f"{app_server.url}/ninth?rules=leman_russ&wounds=2")
    wait_ready(page)
    expect(chance(page)).to_have_text("1/6 (16.7%)")
    page.get_by_role("link", name="Walk through this roll step by step").click()
    wait_ready(page)
    expect(page.get_by_text("6+", exact=False).first).to_be_visible()
    slider = page.get_by_role("slider")
    slider.focus()
    page.keyboard.press("End")
    wait_ready(page)
    expect(page.get_by_text("So the roll is 6+: 1/6 (16.7%) per shot.")).to_be_visible()


def test_a_shared_link_opens_the_same_page_in_a_second_tab(page: Page, app_server):
    page.goto(f"{app_server.url}/fantasy")
    wait_ready(page)
    set_number(page, "Ballistic Skill (BS)", 4)
    page.locator('[data-testid="stButtonGroup"] button').filter(has_text="Moved").first.click()
    wait_ready(page)
    expect(chance(page)).to_have_text("1/2 (50.0%)")
    shared = page.url
    other = page.context.new_page()
    other.goto(shared)
    wait_ready(other)
    expect(chance(other)).to_have_text("1/2 (50.0%)")
    other.close()


def test_target_part_by_widgets_then_shared_in_a_second_tab(page: Page, app_server):
    """RULES.md §5: S4 against T4 wounds on 4+; Sv 3+ against AP -1 saves on 4+: 10 attacks at 3+ remove 5/3."""
    page.goto(f"{app_server.url}/ninth")
    wait_ready(page)
    page.get_by_text("After the hit: wounds, saves, models").click()
    wait_ready(page)
    ap = page.get_by_label("AP", exact=True)
    ap.fill("-1")
    ap.press("Enter")
    wait_ready(page)
    box = page.get_by_role("combobox", name="Save", exact=True)
    box.click()
    box.press_sequentially("3+")
    page.get_by_role("option", name="3+", exact=True).click()
    wait_ready(page)
    expect(metric(page, "Wound chance")).to_have_text("1/2 (50.0%)")
    expect(metric(page, "Unsaved chance")).to_have_text("1/2 (50.0%)")
    expect(metric(page, "Expected models removed")).to_have_text("1.67")
    expect(page).to_have_url(f"{app_server.url}/ninth?chain=1&ap=-1&sv=3")
    other = page.context.new_page()
    other.goto(page.url)
    wait_ready(other)
    expect(metric(other, "Expected models removed")).to_have_text("1.67")
    expect(other.get_by_text("The attacks that get through, on average")).to_be_visible()
    other.close()


@pytest.mark.parametrize("path", ["fantasy?s=4&t=4&armour=5&mw=D3&wounds=2&models=5",
                                  "ninth?rules=leman_russ&chain=1&t=8&sv=3&wounds=12&models=1&weapon=2"])
def test_target_part_on_a_phone_has_no_sideways_scrolling(browser, app_server, path):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{app_server.url}/{path}")
    wait_ready(page)
    expect(metric(page, "Expected models removed")).to_be_visible()
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth,"
                           " document.querySelector('[data-testid=\"stMain\"]').scrollWidth]")
    assert widths[0] <= widths[1] and widths[2] <= widths[1], widths
    page.close()
