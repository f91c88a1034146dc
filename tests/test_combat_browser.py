"""The /combat page (and the melee views of Explore and Learn) in headless Chromium: a round set by a
widget, its link in a second tab, a preset, the phone layout, and axe."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from harness import save_screenshot
from playwright.sync_api import Page, expect
from test_browser import assert_margins_hold_the_labels, metric, open_app, wait_ready

from hitrules.edge import urlstate
from hitrules.situations import combat as combat_situations
from hitrules.words import chance_text

pytestmark = pytest.mark.browser

WORKED = combat_situations.WORKED_ROUND
WORKED_TEXTS = {"Charger wins": "11/32 (34.4%)", "Draw": "105/256 (41.0%)", "Charger loses": "63/256 (24.6%)"}


def number(page: Page, label: str, nth: int):
    """The ``nth`` input labelled ``label``: 0 is the charger's, 1 the charged's."""
    return page.get_by_label(label, exact=True).nth(nth)


def test_a_round_set_by_a_widget_and_its_link_in_a_second_tab(page: Page, app_server):
    """The worked round with the charger's Initiative typed in: 11/32, 105/256, 63/256; the same in a second tab."""
    link = {k: v for k, v in WORKED.items() if k != "a_i"}
    open_app(page, app_server, f"combat?{urlencode(link)}")
    box = number(page, "I", 0)
    box.fill("6")
    box.press("Enter")
    wait_ready(page)
    for label, shown in WORKED_TEXTS.items():
        expect(metric(page, label)).to_have_text(shown)
    page.wait_for_function("() => location.search.includes('a_i=6')", timeout=10_000)
    # The page reruns alone (a fragment): what it links to follows the change too.
    ws = number(page, "WS", 0)
    ws.fill("9")
    ws.press("Enter")
    wait_ready(page)
    expect(page.get_by_role("link", name="The charger's roll on the WS chart")).to_have_attribute(
        "href", re.compile(r"[?&]ws=9(&|$)"))
    ws.fill(WORKED["a_ws"])
    ws.press("Enter")
    wait_ready(page)
    for label, shown in WORKED_TEXTS.items():
        expect(metric(page, label)).to_have_text(shown)
    second = page.context.new_page()
    try:
        second.goto(page.url)
        wait_ready(second)
        for label, shown in WORKED_TEXTS.items():
            expect(metric(second, label)).to_have_text(shown)
        expect(number(second, "I", 0)).to_have_value("6")
    finally:
        second.close()


def test_a_preset_in_the_browser(page: Page, app_server):
    key = "orcs_spearmen"
    preset = combat_situations.COMBAT_PRESETS[key]
    wins = chance_text(preset_round(key).win)
    open_app(page, app_server, "combat")
    page.locator('[data-testid="stButtonGroup"] button').filter(has_text=preset.name).first.click()
    wait_ready(page)
    expect(metric(page, "Charger wins")).to_have_text(wins)
    expect(number(page, "Models", 0)).to_have_value(preset_value(key, "a_models"))
    expect(page.get_by_text(preset.source, exact=False)).to_be_visible()
    save_screenshot(page, "desktop-combat")


def preset_round(key: str):
    """The round a preset's page shows: its charge is on, so the round in contact after it (Hold)."""
    values = urlstate.preset_values(key)
    sit = combat_situations.combat_situation(urlstate.combat_input(values))
    return combat_situations.round_in_contact(combat_situations.charge_situation(sit, urlstate.combat_input(values)))


def preset_value(key: str, name: str) -> str:
    return str(urlstate.preset_values(key)[name])


CHART_TITLES = {"difference": "Score difference", "break": "How each side loses", "lost": "Models each side loses"}


def assert_the_chart_fits_its_box(page: Page, chart: str = "difference") -> None:
    """The chart's box (of fixed height, so the page does not jump as the chart is redrawn) holds the
    whole chart: no scrollbar of its own; and Plotly drew the chart in the margins it asked for."""
    page.locator(".st-key-combat_chart_box .js-plotly-plot .main-svg").first.wait_for(timeout=10_000)
    box, height = page.evaluate("""() => { const b = document.querySelector('.st-key-combat_chart_box');
        const g = b.querySelector('.js-plotly-plot');
        return [[b.scrollHeight, b.clientHeight], g.getBoundingClientRect().height]; }""")
    assert box[0] <= box[1] and 0 < height <= box[1], (box, height)
    assert_margins_hold_the_labels(page, CHART_TITLES[chart])


def test_the_phone_layout_stacks_the_sides_without_sideways_scrolling(browser, app_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        for path in ("combat", f"combat?{urlencode(WORKED | {'more': '1', 'a_char': '1'})}",
                     "explore?view=melee", "learn?section=combat"):
            open_app(page, app_server, path)
            overflow = page.evaluate(
                "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
                " document.querySelector('[data-testid=\"stMain\"]').scrollWidth,"
                " document.querySelector('[data-testid=\"stMain\"]').clientWidth]")
            assert overflow[0] <= overflow[1] and overflow[2] <= overflow[3], (path, overflow)
        for chart in ("lost", "break", "difference"):
            open_app(page, app_server, f"combat?chart={chart}")
            assert_the_chart_fits_its_box(page, chart)
        expect(metric(page, "Charger wins")).to_be_in_viewport()
        charger, charged = (page.get_by_role("heading", name=n).bounding_box() for n in ("The charger", "The charged"))
        assert charged["y"] > charger["y"] + charger["height"]  # stacked: the charged side below the charger's
        save_screenshot(page, "phone-combat")
    finally:
        context.close()


def test_the_two_sides_stand_side_by_side_on_a_desktop(page: Page, app_server):
    page.set_viewport_size({"width": 1280, "height": 900})
    open_app(page, app_server, "combat")
    # Level once the page has settled (on a busy machine one column was measured mid-layout, 20 px apart):
    # the two headings' boxes are read in the same frame that finds them level.
    level = page.wait_for_function("""([a, b]) => { const box = n => [...document.querySelectorAll('h3')]
        .find(h => h.innerText.trim() === n)?.getBoundingClientRect();
        const [p, q] = [box(a), box(b)];
        return p && q && Math.abs(p.y - q.y) < 2 ? [p.x, q.x] : false; }""", arg=["The charger", "The charged"],
                                   timeout=10_000)
    charger_x, charged_x = level.json_value()
    assert charged_x > charger_x + 300
    assert_the_chart_fits_its_box(page)


@pytest.mark.parametrize("path", ["combat", "explore?view=melee", "explore?view=kill"])
def test_the_combat_charts_draw(page: Page, app_server, path):
    open_app(page, app_server, path)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)
    expect(page.locator(".js-plotly-plot svg.main-svg").first).to_be_attached(timeout=20_000)


def test_a_side_with_its_champion_and_mounts_entered_by_widgets_and_opened_from_its_link(browser, app_server):
    """Issue 26, issue 42: the lance with its First Knight (an other: the champion) and its warhorses (the side's
    mount), entered by the page's widgets on a phone, then its link opened in a second tab: the same answer."""
    preset = combat_situations.COMBAT_PRESETS["lance_halberdiers"]
    answer = preset_round("lance_halberdiers")
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        typed = ("a_others", "a_char_ws", "a_char_s", "a_char_ap", "a_char_i", "a_mount_a")
        link = {k: v for k, v in preset.query if k not in typed}
        open_app(page, app_server, f"combat?{urlencode(link)}")
        page.locator('[data-testid="stRadio"]').filter(has_text="Champion, character, mount").first.get_by_text(
            "One", exact=True).click()
        wait_ready(page)
        # The charged side's Captain has an "Its Attacks" too: until the rerun has drawn the charger's,
        # nth(0) is the Captain's input.
        expect(page.get_by_label("Its Attacks", exact=True)).to_have_count(2)
        for label, nth, value in (("Its WS", 0, "4"), ("Its S", 0, "5"), ("Its AP", 0, "-2"), ("Its I", 0, "3"),
                                  ("Mount's A", 0, "1")):
            box = number(page, label, nth)
            box.fill(value)
            box.press("Enter")
            wait_ready(page)
        shown = chance_text(answer.win)
        expect(metric(page, "Charger wins")).to_have_text(shown)
        page.wait_for_function("() => location.search.includes('a_mount_a=1')", timeout=10_000)
        second = context.new_page()
        try:
            second.goto(page.url)
            wait_ready(second)
            expect(metric(second, "Charger wins")).to_have_text(shown)
            expect(number(second, "Mount's A", 0)).to_have_value("1")
        finally:
            second.close()
        # The window around the charger's champion (its kind, Attacks, WS, S, AP, I), not the whole page.
        save_screenshot(page, "phone-combat-others", around=number(page, "Its Attacks", 0))
    finally:
        context.close()


# ----- The charge part (issue 28) -----

CHARGE_LINK = {"charge": "1", "distance": "9", "ss_shots": "10"}
CHARGE_LABELS = ("Charge reaches", "Charged unit destroyed", "Charger destroyed", "Fight goes on")


def charge_texts(page: Page) -> dict[str, str]:
    return {label: metric(page, label).inner_text() for label in CHARGE_LABELS}


def assert_the_reactions_are_drawn(page: Page, bars: int) -> None:
    """The reactions' chart: one stacked bar per reaction the rules allow, each of several segments."""
    chart = page.locator(".st-key-combat_reactions_chart .js-plotly-plot")
    chart.locator("g.barlayer").first.wait_for(timeout=20_000)
    labels = chart.locator("g.ytick text").evaluate_all("els => els.map(e => e.textContent)")
    assert len(labels) == bars and any("chosen" in label for label in labels), labels
    assert chart.locator("g.barlayer g.point").count() >= bars


def test_the_charge_part_by_widgets_then_its_link_in_a_second_tab(page: Page, app_server):
    page.set_viewport_size({"width": 1280, "height": 900})
    open_app(page, app_server, "combat?ss_shots=10")
    page.get_by_text("The charge: reach, react, run", exact=True).click()
    wait_ready(page)
    box = page.get_by_label("Distance (inches)", exact=True)
    box.fill("9")
    box.press("Enter")
    wait_ready(page)
    page.locator('[data-testid="stButtonGroup"] button').filter(has_text="Stand & Shoot").first.click()
    wait_ready(page)
    page.wait_for_function("() => location.search.includes('reaction=stand_and_shoot')", timeout=10_000)
    expect(metric(page, "Charge reaches")).to_have_text("5/9 (55.6%)")
    shown = charge_texts(page)
    assert_the_reactions_are_drawn(page, 3)
    second = page.context.new_page()
    try:
        second.goto(page.url)
        wait_ready(second)
        for label, value in shown.items():
            expect(metric(second, label)).to_have_text(value)
        expect(second.get_by_label("Distance (inches)", exact=True)).to_have_value("9")
        assert_the_reactions_are_drawn(second, 3)
    finally:
        second.close()
    save_screenshot(page, "desktop-combat-charge", around=page.locator(".st-key-combat_charge_part"))


def test_the_charge_part_on_a_phone(browser, app_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, app_server, f"combat?{urlencode(CHARGE_LINK | {'reaction': 'flee'})}")
        overflow = page.evaluate(
            "() => [document.querySelector('[data-testid=\"stMain\"]').scrollWidth,"
            " document.querySelector('[data-testid=\"stMain\"]').clientWidth]")
        assert overflow[0] <= overflow[1], overflow
        assert_the_reactions_are_drawn(page, 3)
        expect(metric(page, "Charge reaches")).to_be_visible()
        save_screenshot(page, "phone-combat-charge", around=page.locator(".st-key-combat_charge_part"))
    finally:
        context.close()


def test_axe_finds_nothing_serious_with_the_charge_on(page: Page, app_server):
    from axe_playwright_python.sync_playwright import Axe

    open_app(page, app_server, f"combat?{urlencode(CHARGE_LINK | {'more': '1'})}")
    page.locator(".st-key-combat_reactions_chart .js-plotly-plot").first.wait_for(timeout=20_000)
    page.wait_for_timeout(300)  # the charts draw after the script has finished
    violations = Axe().run(page).response["violations"]
    serious = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]], v["help"])
               for v in violations if v["impact"] in ("serious", "critical")]
    assert not serious, serious


# Issue 42 item 3: /combat read as a player would -------------------------------------------------------------

#: The charge part and More on: every input of both sides drawn (the page a phone scrolled ~8,900 px through).
EVERYTHING = CHARGE_LINK | {"more": "1", "reaction": "hold", "a_flags": "standard", "d_flags": "stubborn"}
#: A fill that draws nothing: a bar of it is invisible on the page's white.
NO_FILL = ("", "none", "transparent", "rgba(0, 0, 0, 0)", "rgb(255, 255, 255)", "white", "#fff", "#ffffff")


def bar_fills(page: Page) -> list[str]:
    """The colour each bar of the reactions' chart is filled with: its own fill, or, for a hatched bar, the
    background of its pattern (Plotly draws a pattern's bars with ``url(#…)``)."""
    chart = page.locator(".st-key-combat_reactions_chart .js-plotly-plot")
    chart.locator("g.barlayer").first.wait_for(timeout=20_000)
    return chart.locator("g.barlayer g.point path").evaluate_all("""els => els.map(p => {
        const fill = getComputedStyle(p).fill || p.getAttribute('fill') || '';
        const id = (fill.match(/url\\(["']?#([^"')]+)/) || [])[1];
        if (!id) return fill;
        const rect = document.getElementById(id)?.querySelector('rect');
        return rect ? (getComputedStyle(rect).fill || rect.getAttribute('fill') || '') : '';
    })""")


def clipped_options(page: Page) -> list[str]:
    """Each option of a button row (pills, segmented controls) that reaches past its block's right edge, or
    past the page's."""
    return page.locator('[data-testid="stMain"] [data-testid="stButtonGroup"] button').evaluate_all("""els => {
        const main = document.querySelector('[data-testid="stMain"]').getBoundingClientRect();
        return els.filter(b => {
            const box = b.getBoundingClientRect();
            const block = b.closest('[data-testid="stVerticalBlock"]').getBoundingClientRect();
            return box.width > 0 && (box.right > block.right + 1 || box.right > main.right + 1);
        }).map(b => b.innerText);
    }""")


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_every_bar_is_filled_and_no_option_is_clipped(browser, app_server, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        open_app(page, app_server, f"combat?{urlencode(EVERYTHING)}")
        fills = bar_fills(page)
        assert fills and not [f for f in fills if f.strip().lower() in NO_FILL], fills
        page.wait_for_timeout(300)
        assert not clipped_options(page)
        for label in ("Standard +1", "Stubborn"):  # the chosen bonuses show in full
            expect(page.get_by_text(label, exact=True).first).to_be_visible()
        legend = page.locator(".st-key-combat_reactions_chart g.legend").bounding_box()
        axis = page.locator(".st-key-combat_reactions_chart g.xtick").first.bounding_box()
        assert legend["y"] >= axis["y"] + axis["height"] - 1, (legend, axis)  # no axis title under the legend
    finally:
        context.close()


def test_the_answer_is_in_view_beside_the_inputs_on_a_phone(browser, app_server):
    """With the charge part and More on, a phone scrolls far: the answer is at the top and again in one line
    under the last input, so a player who changes an input down there sees what it did."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    try:
        open_app(page, app_server, f"combat?{urlencode(EVERYTHING)}")
        expect(metric(page, "Charger wins")).to_be_visible()
        again = page.get_by_text(re.compile(r"^The answer: Charge reaches \d"))
        last = page.get_by_label("Special rules", exact=False).last
        last.scroll_into_view_if_needed()
        again.scroll_into_view_if_needed()
        gap = again.bounding_box()["y"] - last.bounding_box()["y"]
        assert 0 < gap < 844, gap  # within a screen of the last input
        # and far from the top of the page: the headline there is scrolled out of view (Streamlit scrolls its main
        # block, not the window)
        assert metric(page, "Charger wins").bounding_box()["y"] < -844
        expect(again).to_contain_text(metric(page, "Charger wins").inner_text().split(" ")[-1].strip("()"))
        save_screenshot(page, "phone-combat-answer-again", around=again)
    finally:
        context.close()
