"""The real app in headless Chromium, driven the way a player would (see TESTING.md)."""

from __future__ import annotations

import re
import time
from urllib.parse import urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe
from harness import save_screenshot
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PAGES = ["", "fantasy", "ninth", "explore", "learn", "combat"]


def wait_ready(page: Page) -> None:
    """Wait until the script has finished running and the page has drawn."""
    page.wait_for_selector('[data-testid="stApp"]', timeout=30_000)
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " && !document.querySelector('[data-testid*=\"Skeleton\"]')"
        " && document.querySelector('[data-testid=\"stMainBlockContainer\"] h1')", timeout=30_000)
    page.wait_for_timeout(150)


def hit_chance(page: Page):
    return page.locator('[data-testid="stMetric"]').filter(has_text="Hit chance").first.locator(
        '[data-testid="stMetricValue"]')


def metric(page: Page, label: str):
    return page.locator('[data-testid="stMetric"]').filter(has_text=label).first.locator(
        '[data-testid="stMetricValue"]')


def open_app(page: Page, server, path: str) -> None:
    page.goto(f"{server.url}/{path}")
    wait_ready(page)


def set_number(page: Page, label: str, value: int) -> None:
    box = page.get_by_label(label, exact=True)
    box.fill(str(value))
    box.press("Enter")
    wait_ready(page)


def set_text(page: Page, label: str, value: str) -> None:
    box = page.get_by_label(label, exact=True)
    box.fill(value)
    box.press("Enter")
    wait_ready(page)


def choose(page: Page, label: str, option: str) -> None:
    box = page.get_by_role("combobox", name=label)
    box.click()
    box.press_sequentially(option)  # filters the list, which only draws what fits on screen
    page.get_by_role("option", name=option, exact=True).click()
    wait_ready(page)


def tick(page: Page, label: str) -> None:
    """Click a pill by its label."""
    page.locator('[data-testid="stButtonGroup"] button').filter(has_text=label).first.click()
    wait_ready(page)


def pick(page: Page, option: str) -> None:
    """Choose a radio option by its label."""
    page.locator('[data-testid="stRadio"] label').filter(has_text=option).first.click()
    wait_ready(page)


@pytest.mark.parametrize("path", PAGES)
def test_every_page_loads_without_an_exception(page: Page, app_server, path):
    open_app(page, app_server, path)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    expect(page.locator("h1").first).to_be_visible()


def test_fantasy_worked_examples_by_widget(page: Page, app_server):
    open_app(page, app_server, "fantasy")
    expect(hit_chance(page)).to_have_text("1/2 (50.0%)")
    tick(page, "Moved (pivoting counts)")
    expect(hit_chance(page)).to_have_text("1/3 (33.3%)")
    pick(page, "Soft -1")
    expect(hit_chance(page)).to_have_text("1/6 (16.7%)")
    expect(metric(page, "Roll needed")).to_have_text("6+")
    tick(page, "Stand & Shoot")
    pick(page, "Hard -2")
    expect(hit_chance(page)).to_have_text("1/18 (5.6%)")
    expect(metric(page, "Roll needed")).to_have_text("a 6, then 5+")
    expect(page.get_by_text("first \\ second")).to_be_visible()  # the 6x6 grid of the 7+ chart


def test_fantasy_tall_shooter_sees_over_the_hedge(page: Page, app_server):
    open_app(page, app_server, "fantasy?cover=soft")
    expect(hit_chance(page)).to_have_text("1/3 (33.3%)")
    set_number(page, "Shooter LoS", 3)
    expect(hit_chance(page)).to_have_text("1/2 (50.0%)")
    # Said beside the LoS inputs, and in the Why.
    expect(page.locator('[data-testid="stAlert"]').filter(has_text="the LoS 3 shooter sees over a LoS 1 obstacle")
           ).to_be_visible()
    expect(page.get_by_role("listitem").filter(has_text="the LoS 3 shooter sees over a LoS 1 obstacle")
           ).to_be_visible()


def test_fantasy_bs5_close(page: Page, app_server):
    open_app(page, app_server, "fantasy")
    set_number(page, "Ballistic Skill (BS)", 5)
    tick(page, 'Target within 4"')
    expect(hit_chance(page)).to_have_text("5/6 (83.3%)")
    expect(page.get_by_text("a natural 1 always misses")).to_be_visible()


def test_ninth_capped_modifiers_and_rerolls(page: Page, app_server):
    open_app(page, app_server, "ninth")
    expect(hit_chance(page)).to_have_text("2/3 (66.7%)")
    choose(page, "Skill (X+)", "4+")
    set_text(page, "Hit modifiers", "-1, -1")
    expect(hit_chance(page)).to_have_text("1/3 (33.3%)")
    expect(page.get_by_text("Modifiers add up to -2 → capped to -1.")).to_be_visible()
    choose(page, "Skill (X+)", "3+")
    set_text(page, "Hit modifiers", "")
    pick(page, "re-roll failed hits")
    expect(hit_chance(page)).to_have_text("8/9 (88.9%)")


def test_ninth_overwatch(page: Page, app_server):
    open_app(page, app_server, "ninth?reroll=ones")
    tick(page, "Overwatch fire")
    choose(page, "Firing Overwatch because the enemy unit…", "ended a charge move")
    expect(page.get_by_text("only a unit that has Set Overwatch").first).to_be_visible()
    tick(page, "The unit has Set Overwatch")
    expect(hit_chance(page)).to_have_text("7/36 (19.4%)")
    tick(page, "The weapon has Blast")
    expect(hit_chance(page)).to_have_text("0 (0.0%)")


def test_shared_link_reproduces_the_result(page: Page, app_server, browser):
    open_app(page, app_server, "fantasy")
    tick(page, "Moved (pivoting counts)")
    tick(page, "Stand & Shoot")
    pick(page, "Hard -2")
    expect(hit_chance(page)).to_have_text("1/18 (5.6%)")
    page.wait_for_function("() => location.search.includes('cover=hard')")
    link = page.url
    other = browser.new_page()
    try:
        other.goto(link)
        wait_ready(other)
        expect(hit_chance(other)).to_have_text("1/18 (5.6%)")
        expect(other.get_by_label("Ballistic Skill (BS)", exact=True)).to_have_value("3")
    finally:
        other.close()


def test_ninth_link_with_leman_russ_preset(page: Page, app_server):
    open_app(page, app_server, "ninth?preset=leman_russ&wounds=5&half_move=1")
    expect(hit_chance(page)).to_have_text("1/3 (33.3%)")
    expect(page.get_by_text("Grinding Advance").first).to_be_visible()


def test_bad_link_warns_and_names_the_parameter(page: Page, app_server):
    open_app(page, app_server, "fantasy?bs=banana&cover=lava&moved=1")
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    alert = page.locator('[data-testid="stAlert"]').first
    expect(alert).to_contain_text("bs:")
    expect(alert).to_contain_text("cover:")
    expect(hit_chance(page)).to_have_text("1/3 (33.3%)")  # moved=1 was kept


def assert_margins_hold_the_labels(page: Page, title: str) -> None:
    """The chart titled ``title`` is drawn with the margins it asks for: Plotly grew none to fit its
    labels, which costs a second drawing of the chart on every change (figures.CHANCE_MARGIN)."""
    chart = page.locator(".js-plotly-plot").filter(has=page.locator(".gtitle", has_text=title))
    expect(chart).to_have_count(1, timeout=20_000)
    asked, drawn = chart.evaluate("""g => { const m = g._fullLayout.margin, s = g._fullLayout._size;
        return [[m.l, m.r, m.t, m.b], [s.l, s.r, s.t, s.b].map(Math.round)]; }""")
    assert asked == drawn, (title, asked, drawn)


@pytest.mark.parametrize(("path", "title"), [("fantasy", "The unit's hits"), ("ninth", "Hits from 10 attacks"),
                                             ("fantasy?chain=1", "Models removed")])
def test_plotly_chart_renders_once_with_room_for_its_labels(page: Page, app_server, path, title):
    open_app(page, app_server, path)
    expect(page.locator(".js-plotly-plot svg.main-svg").first).to_be_attached(timeout=20_000)
    assert_margins_hold_the_labels(page, title)


def test_phone_shows_the_result_without_sideways_scrolling(browser, app_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        for path in ("fantasy", "ninth"):
            open_app(page, app_server, path)
            expect(hit_chance(page)).to_be_in_viewport()
            overflow = page.evaluate(
                "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
                " document.querySelector('[data-testid=\"stMain\"]').scrollWidth,"
                " document.querySelector('[data-testid=\"stMain\"]').clientWidth]")
            assert overflow[0] <= overflow[1] and overflow[2] <= overflow[3], overflow
        open_app(page, app_server, "fantasy?moved=1&cover=hard&stand=1")
        save_screenshot(page, "phone-fantasy")
        open_app(page, app_server, "ninth?s=4&t=4&sv=3&ap=-1&damage=D3&wounds=3&models=5")
        save_screenshot(page, "phone-ninth-target")
    finally:
        context.close()


@pytest.mark.parametrize(
    ("name", "path"),
    [("fantasy", "fantasy?moved=1&cover=hard&stand=1&shots=2D6"),
     ("ninth", "ninth?skill=4&mods=-1,-1&reroll=ones&attacks=20"),
     ("explore", "explore?ruleset=fantasy&bs=3&mod=-2"), ("explore-stacks", "explore?view=stacks"),
     ("learn", "learn?moved=1&cover=hard&stand=1&step=5"), ("learn-roll", "learn?section=roll&seed=3"),
     ("fantasy-target", "fantasy?shots=20&s=4&t=4&armour=5&ap=-1&mw=D3&wounds=2&models=10"),
     ("ninth-target", "ninth?rules=leman_russ&t=8&sv=3&wounds=12&models=1&weapon=2&wounds_left=12"),
     ("explore-weapons", "explore?view=weapons&ruleset=ninth")],
)
def test_desktop_views_for_the_screenshots(browser, app_server, name, path):
    """The README's screenshots: written only by `make screenshots` (HITRULES_SCREENSHOTS=1)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        open_app(page, app_server, path)
        page.wait_for_timeout(700)
        expect(page.locator('[data-testid="stException"]')).to_have_count(0)
        save_screenshot(page, f"desktop-{name}")
    finally:
        page.close()


def test_url_updates_when_a_widget_changes(page: Page, app_server):
    open_app(page, app_server, "fantasy")
    set_number(page, "Ballistic Skill (BS)", 4)
    deadline = time.monotonic() + 10
    while "bs=4" not in page.url and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert re.search(r"[?&]bs=4\b", page.url)


@pytest.mark.parametrize("path", [
    *(f"explore?view={v}&ruleset={r}" for v in ("heatmap", "stacks", "diff", "helps", "shots", "wound", "weapons")
      for r in ("fantasy", "ninth")),
    "learn?section=roll", "learn?section=roll&ruleset=ninth&mods=-1",
])
def test_explore_and_learn_charts_render(page: Page, app_server, path):
    open_app(page, app_server, path)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    expect(page.locator(".js-plotly-plot svg.main-svg").first).to_be_attached(timeout=20_000)


def test_learn_quiz_in_the_browser(page: Page, app_server):
    from hitrules.situations import quiz

    q = quiz.question(4, 1)
    open_app(page, app_server, "learn?section=quiz&quiz=4")
    page.locator('[data-testid="stRadio"]').nth(0).get_by_text(q.correct_roll, exact=True).click()
    wait_ready(page)
    page.locator('[data-testid="stRadio"]').nth(1).get_by_text(str(q.correct_chance), exact=True).click()
    wait_ready(page)
    page.get_by_role("button", name="Check my answer").click()
    wait_ready(page)
    expect(page.get_by_text("Right!")).to_be_visible()


def test_first_visitor_of_a_fresh_server_gets_the_router(browser):
    """A fresh server treats pages/ as a legacy multipage app until st.navigation has run;
    the first visitor opening /fantasy directly must still get app.py's navigation."""
    from harness import ROOT, AppServer

    server = AppServer(ROOT / "app.py")
    page = browser.new_page()
    try:
        page.goto(f"{server.url}/fantasy?moved=1")
        wait_ready(page)
        expect(hit_chance(page)).to_have_text("1/3 (33.3%)")
        nav = page.locator('[data-testid="stSidebarNav"]')
        expect(nav).to_contain_text("Fantasy shooting")
        expect(nav).not_to_contain_text("app")
    finally:
        page.close()
        server.stop()


# Every view of every page: home, the calculators (also with their revealed inputs and a
# warning), Explore's views and Learn's sections.
A11Y_VIEWS = [
    "", "fantasy", "fantasy?split=1&cover=hard&bs=banana", "ninth",
    "ninth?overwatch=1&trigger=charge&preset=leman_russ&wounds=5",
    *(f"explore?view={view}" for view in ("heatmap", "stacks", "diff", "helps", "shots")),
    "explore?view=heatmap&ruleset=ninth",
    *(f"learn?section={section}" for section in ("walk", "roll", "quiz")), "learn?section=roll&ruleset=ninth",
    # Fantasy combat (a refused round included).
    "combat", f"combat?{urlencode({'more': '1', 'a_char': '1', 'a_auto': '1', 'd_auto': '1'})}",
    "combat?a_models=3", "explore?view=melee", "explore?view=kill", "learn?section=combat",
    "learn?section=quiz&topic=break",
]


@pytest.mark.parametrize("path", A11Y_VIEWS)
def test_no_serious_accessibility_violation(page: Page, app_server, path):
    """axe-core finds nothing serious or critical (docs/accessibility.md lists the rest)."""
    open_app(page, app_server, path)
    page.wait_for_timeout(300)  # the charts draw after the script has finished
    violations = Axe().run(page).response["violations"]
    serious = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]], v["help"])
               for v in violations if v["impact"] in ("serious", "critical")]
    assert not serious, serious


FOCUSED = ("() => { const e = document.activeElement;"
           " return (e.getAttribute('aria-label') || e.innerText || e.closest('label')?.innerText || '').trim() }")


def tab_to(page: Page, label: str, most: int = 40) -> None:
    """Press Tab until the focused element's label starts with this text."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED).startswith(label):
            return
    raise AssertionError(f"{label!r} cannot be reached with Tab")


def test_a_worked_example_by_keyboard_alone(page: Page, app_server):
    """BS typed, Moved and Stand & Shoot ticked, hard cover chosen: Tab, arrows, Space, no clicks."""
    open_app(page, app_server, "fantasy?bs=4")
    expect(hit_chance(page)).to_have_text("2/3 (66.7%)")
    tab_to(page, "Ballistic Skill (BS)")
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    wait_ready(page)
    expect(hit_chance(page)).to_have_text("1/2 (50.0%)")
    tab_to(page, "Moved (pivoting counts)")
    page.keyboard.press("Space")
    wait_ready(page)
    expect(hit_chance(page)).to_have_text("1/3 (33.3%)")
    for _ in range(2):  # the pills are one tab stop: the arrows move between them
        page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED).startswith("Stand & Shoot")
    page.keyboard.press("Space")
    wait_ready(page)
    expect(hit_chance(page)).to_have_text("1/6 (16.7%)")
    tab_to(page, "Nothing")  # the cover radio: the arrows choose
    for _ in range(2):
        page.keyboard.press("ArrowRight")
        wait_ready(page)
    expect(hit_chance(page)).to_have_text("1/18 (5.6%)")
    expect(metric(page, "Roll needed")).to_have_text("a 6, then 5+")
