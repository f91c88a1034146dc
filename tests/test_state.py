"""One situation per page: Learn's faces at every step, every cross-page link, docs/links.md's example links,
settings across pages and Back, and the one way a chance is written."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
from apptest_util import hit_chance, open_page, text, warnings

import webui_routes
from hitrules import dice, fantasy, ninth, situations
from hitrules.situations import compare
from hitrules.words import MAX_FRACTION_CHARS, chance_text, exact_chance_text, fraction_text, percent

ROOT = Path(__file__).resolve().parents[1]
FACE_HIT = re.compile(r":green-background\[\*\*(\d)\*\* ✓\]")
FACES_SHOWN = "The six faces of the D6 after this step"

# Conditions that add up to each fantasy modifier from +1 to -9 (the most the rules can stack).
FANTASY_STACKS = {
    1: {"conditions": "close"}, 0: {}, -1: {"conditions": "moved"}, -2: {"conditions": "moved,stand"},
    -3: {"conditions": "moved,stand,lone"}, -4: {"conditions": "moved,stand,lone", "cover": "soft"},
    -5: {"conditions": "moved,stand,lone", "cover": "hard"},
    **{-5 - n: {"conditions": "moved,stand,lone", "cover": "hard", "rules": ",".join(fantasy.SPECIAL_RULES[:n])}
       for n in range(1, 5)},
}


def walk(at):
    """Each step of Learn's walkthrough: the engine's step and the faces the page shows (None: no row)."""
    last = int(at.slider(key="learn_step").max)
    shown = []
    for step in range(1, last + 1):
        at.slider(key="learn_step").set_value(step).run()
        block = next(m.value for m in at.markdown if m.value.startswith("1. "))
        row = block.split(FACES_SHOWN, 1)
        shown.append(None if len(row) == 1 else tuple(int(f) for f in FACE_HIT.findall(row[1].split("\n\n")[1])))
    return shown


@pytest.mark.parametrize("bs", range(1, 11))
@pytest.mark.parametrize("modifier", sorted(FANTASY_STACKS))
def test_learn_shows_each_fantasy_steps_own_faces(bs, modifier):
    at = open_page("learn", ruleset="fantasy", bs=str(bs), **FANTASY_STACKS[modifier])
    result = fantasy.resolve(situations.learn_situation(at.session_state["_learn_values"]).groups[0][0])
    assert result.modifier == modifier
    running = 7 - bs
    for step, faces in zip(result.steps, walk(at), strict=True):
        running -= step.delta
        assert faces == fantasy.roll_faces(running)[0], step.text
    if result.required >= fantasy.IMPOSSIBLE_FROM:
        assert ":green-background" not in text(at)


def test_learn_impossible_roll_shows_no_hit():
    """The defect that started this: BS 1, moved, hard cover, Stand & Shoot showed a green 6 ✓."""
    at = open_page("learn", bs="1", moved="1", cover="hard", stand="1")
    shown = walk(at)
    assert shown[-1] == () and shown[-2] == ()
    assert "impossible" in text(at) and ":green-background" not in text(at)


@pytest.mark.parametrize("edition", [9, 8])
@pytest.mark.parametrize("skill", range(2, 7))
@pytest.mark.parametrize("raw", range(-3, 4))
def test_learn_shows_each_ninth_steps_own_faces(edition, skill, raw):
    mods = ",".join(["+1" if raw > 0 else "-1"] * abs(raw))
    at = open_page("learn", ruleset="ninth", edition=str(edition), skill=str(skill), mods=mods)
    result = ninth.resolve(ninth.Attack(skill, (1 if raw > 0 else -1,) * abs(raw), edition=edition))
    running = 0
    for step, faces in zip(result.steps, walk(at), strict=True):
        running += step.delta
        assert faces == ninth.hitting_faces(skill, ninth.net_modifier(running, edition), edition=edition), step.text
    if not result.faces:
        assert ":green-background" not in text(at)


# Every situation the calculator tests use, and then some: presets, Overwatch, split fire, automatic hits.
CALCULATOR_SITUATIONS = [
    ("fantasy", {}), ("fantasy", {"moved": "1", "cover": "soft"}),
    ("fantasy", {"moved": "1", "cover": "hard", "stand": "1"}),
    ("fantasy", {"close": "1"}), ("fantasy", {"bs": "5", "close": "1"}),
    ("fantasy", {"bs": "1", "moved": "1", "cover": "hard", "stand": "1"}),
    ("fantasy", {"bs": "3", "cover": "soft", "los_shooter": "3", "los_target": "2"}),
    ("fantasy", {"conditions": "lone", "us": "2", "rules": "sniper,volley_fire,quick_to_fire"}),
    ("fantasy", {"conditions": "auto"}), ("fantasy", {"conditions": "split", "cover2": "hard", "shots2": "2D6"}),
    ("fantasy", {"bs": "4", "shots": "D6+1", "moved": "1", "close": "1", "stand": "1", "lone": "1", "us": "2",
                 "cover": "soft", "los_shooter": "2", "los_target": "2", "rules": "sniper,volley_fire"}),
    ("ninth", {}), ("ninth", {"skill": "4", "mods": "-1,-1"}), ("ninth", {"skill": "6", "mods": "-1"}),
    ("ninth", {"skill": "3", "reroll": "failed"}), ("ninth", {"rules": "8", "skill": "6", "mods": "-1"}),
    ("ninth", {"rules": "8", "skill": "4", "mods": "-1,-1,-1,-1,-1"}), ("ninth", {"rules": "8", "mods": "+2"}),
    ("ninth", {"attack": "auto", "skill": "6"}), ("ninth", {"attack": "melee", "skill": "2", "mods": "+1"}),
    ("ninth", {"skill": "2", "reroll": "ones", "trigger": "normal_move", "overwatch": "1"}),
    ("ninth", {"attack": "overwatch_fire", "ow": "overwatch,eir"}),
    ("ninth", {"attack": "overwatch_fire,auto", "ow": "overwatch,eir,charged"}),
    ("ninth", {"attack": "overwatch_fire", "ow": "overwatch,blast", "trigger": "advance"}),
    ("ninth", {"rules": "leman_russ"}), ("ninth", {"rules": "leman_russ", "wounds": "2", "weapon": "1"}),
    ("ninth", {"rules": "leman_russ", "wounds": "5", "half_move": "1", "mods": "-1", "reroll": "ones"}),
]


def page_links(at) -> dict[str, dict[str, str]]:
    return {link.proto.page: dict(parse_qsl(link.proto.query_string, keep_blank_values=True))
            for link in at.get("page_link") if link.proto.page in ("explore", "learn")}


def learn_chance(at) -> str:
    at.slider(key="learn_step").set_value(int(at.slider(key="learn_step").max)).run()
    found = re.search(r"\*\*So the roll is .*?: (.+) per shot\.\*\*", text(at))
    return found[1]


def explore_chance(at) -> str:
    shown = text(at)
    return (re.search(r"Your situation, .*?: \*\*(.+)\*\* per shot\.", shown)
            or re.search(r"Your cell, WS \d+ against WS \d+: .*?, \*\*(.+)\*\* an attack", shown))[1]


def combat_chance(at) -> str:
    """The combat page's headline: the chance the charger wins."""
    return next(m.value for m in at.metric if m.label == "Charger wins")


@pytest.mark.parametrize(("page", "query"), CALCULATOR_SITUATIONS)
def test_every_cross_page_link_opens_the_same_chance_or_is_not_shown(page, query):
    at = open_page(page, **query)
    chance = hit_chance(at)
    sit = (situations.fantasy_situation if page == "fantasy" else situations.ninth_situation)(
        at.session_state[f"_{page}_values"])
    links = page_links(at)
    assert ("learn" in links) == (situations.learn_values(sit) is not None)
    assert ("explore" in links) == (situations.explore_values(sit) is not None)
    for target, link in links.items():
        opened = open_page(target, **link)
        assert "could not be used" not in warnings(opened)
        assert (learn_chance if target == "learn" else explore_chance)(opened) == chance, (target, link)


def test_links_that_cannot_carry_the_situation_are_not_shown():
    assert not page_links(open_page("fantasy", conditions="split"))
    assert list(page_links(open_page("ninth", reroll="ones"))) == ["learn"]
    assert list(page_links(open_page("fantasy", auto="1"))) == ["learn"]


def test_leman_russ_with_two_wounds_walks_through_its_own_roll():
    """Was: "Walk through this roll" opened Learn at 3+ (2/3) for a tank that needs 6+ (1/6)."""
    at = open_page("ninth", rules="leman_russ", wounds="2")
    assert hit_chance(at) == "1/6 (16.7%)"
    learn = open_page("learn", **page_links(at)["learn"])
    assert learn_chance(learn) == "1/6 (16.7%)"


def example_links() -> list[tuple[str, str]]:
    """docs/links.md's table of example links: (link, the chance it opens)."""
    rows = re.findall(r"^\| `(/\w+\?[^`]*)` \| ([^|]+?) \|", (ROOT / "docs" / "links.md").read_text(), re.M)
    assert len(rows) >= 10
    return rows


@pytest.mark.parametrize(("link", "chance"), example_links())
def test_every_example_link_opens_its_chance(link, chance):
    path, query = link[1:].split("?", 1)
    at = open_page(path, **dict(parse_qsl(query, keep_blank_values=True)))
    assert "could not be used" not in warnings(at)
    shown = {"fantasy": hit_chance, "ninth": hit_chance, "learn": learn_chance, "explore": explore_chance,
             "combat": combat_chance}[path](at)
    assert shown.split(" (")[0] == chance.strip()


def test_back_to_a_page_shows_what_the_player_left_there():
    """Back re-enters the previous page with the link it last wrote (Chromium: tests/test_browser_state.py)."""
    at = open_page("fantasy")
    at.number_input(key="fantasy_bs").set_value(5).run()
    at.pills(key="fantasy_conditions").set_value(["moved"]).run()
    left = dict(at.query_params)
    assert left == {"bs": "5", "conditions": "moved"}
    at.query_params.clear()
    at.switch_page("pages/ninth.py").run()
    at.selectbox(key="ninth_skill").set_value(5).run()
    at.query_params.clear()
    for name, value in left.items():  # Back: the browser restores the fantasy entry's address
        at.query_params[name] = value
    at.switch_page("pages/fantasy.py").run()
    assert at.number_input(key="fantasy_bs").value == 5 and hit_chance(at) == "2/3 (66.7%)"
    at.query_params.clear()
    at.query_params["skill"] = "5"  # Forward
    at.switch_page("pages/ninth.py").run()
    assert hit_chance(at) == "1/3 (33.3%)"


def go(at, page: str, query: dict | None = None, history: bool = False, monkeypatch=None):
    """Move to ``page`` at the address ``query``: through the sidebar (a bare address), a link, or
    Back and Forward (``history``), which the browser sends with the entry's address."""
    at.query_params.clear()
    for name, value in (query or {}).items():
        at.query_params[name] = value
    real = webui_routes.unexposed
    if history:  # the run as Streamlit marks it for Back or Forward
        monkeypatch.setattr(webui_routes, "unexposed", lambda **kw: (True, real(**kw)[1]))
    at.switch_page(f"pages/{page}.py").run()
    if history:
        monkeypatch.setattr(webui_routes, "unexposed", real)
    assert not at.exception
    return dict(at.query_params)


def test_back_to_a_page_entered_from_the_sidebar_shows_what_it_showed(monkeypatch):
    """Entering a page with settings from the sidebar makes two history entries: the bare address,
    then the page's link. Back to the bare one shows the page as it was, and keeps its settings."""
    at = open_page("ninth")
    at.selectbox(key="ninth_skill").set_value(5).run()
    go(at, "fantasy")
    assert go(at, "ninth") == {"skill": "5"}  # the sidebar's bare /ninth, then /ninth?skill=5
    go(at, "ninth", {}, history=True, monkeypatch=monkeypatch)  # Back to the bare /ninth
    assert hit_chance(at) == "1/3 (33.3%)" and dict(at.query_params) == {"skill": "5"}
    go(at, "fantasy")
    go(at, "ninth")
    assert hit_chance(at) == "1/3 (33.3%)"


def test_back_to_a_bare_address_the_page_showed_at_its_defaults(monkeypatch):
    """Back first undoes the last change on the page, even the first change from the defaults."""
    at = open_page("ninth")
    at.selectbox(key="ninth_skill").set_value(5).run()
    go(at, "ninth", {}, history=True, monkeypatch=monkeypatch)
    assert hit_chance(at) == "2/3 (66.7%)" and not at.query_params
    go(at, "ninth", {"skill": "5"}, history=True, monkeypatch=monkeypatch)  # Forward
    assert hit_chance(at) == "1/3 (33.3%)"


def test_back_to_an_address_the_page_never_wrote_keeps_what_the_player_left(monkeypatch):
    """The browser can file another page's link under this page's address (Streamlit pushes the
    new query before the new page's path): Back to it must not read Explore's bs into fantasy."""
    at = open_page("fantasy", bs="4", conditions="moved", cover="hard", shots="2D6")
    go(at, "explore", page_links(at)["explore"])
    go(at, "fantasy", {"bs": "4", "mod": "-3"}, history=True, monkeypatch=monkeypatch)
    assert hit_chance(at) == "1/6 (16.7%)"
    assert dict(at.query_params) == {"bs": "4", "shots": "2D6", "conditions": "moved", "cover": "hard"}


def test_a_link_to_another_page_is_the_link_that_page_writes():
    """So arriving adds no second history entry; all-default situations carry every value."""
    at = open_page("ninth", skill="4", mods="-1")
    for target, link in page_links(at).items():
        assert go(at, target, link) == link, target
    at = open_page("fantasy")
    assert page_links(at)["explore"] == {"view": "heatmap", "ruleset": "fantasy", "bs": "3", "mod": "0"}


@pytest.mark.parametrize(("p", "shown"), [
    (Fraction(1, 16), "1/16 (6.3%)"), (Fraction(3, 16), "3/16 (18.8%)"), (Fraction(1, 2000), "1/2000 (0.1%)"),
    (1 - Fraction(1, 6) ** 20, ">99.9%"), (Fraction(1, 10**9), "1/1000000000 (<0.1%)"), (Fraction(1, 10**10), "<0.1%"),
    (Fraction(7, 10**12 + 1), "<0.1%"),
    (Fraction(0), "0 (0.0%)"), (Fraction(1), "1 (100.0%)"), (Fraction(1999, 2000), "1999/2000 (>99.9%)"),
])
def test_one_formatter_for_every_chance(p, shown):
    """In words, the exact fraction only when it is short (12 characters); in full for tables and hover."""
    assert chance_text(p) == shown
    assert exact_chance_text(p) == f"{fraction_text(p)} ({percent(p)})"


def test_percent_rounds_half_up_from_the_exact_value():
    """Through a float, 1/16 showed 6.2% (6.25 is stored as 6.2499…)."""
    assert [percent(Fraction(n, 16)) for n in (1, 3, 5, 7)] == ["6.3%", "18.8%", "31.3%", "43.8%"]
    assert percent(Fraction(1, 2000)) == "0.1%" and percent(Fraction(1, 2001)) == "<0.1%"


def test_long_fractions_are_capped_and_say_so():
    luck = dice.hits(600, Fraction(1, 3)).percentile(190)
    assert len(str(luck)) > MAX_FRACTION_CHARS
    shown = fraction_text(luck)
    assert shown.startswith("≈") and len(shown) <= MAX_FRACTION_CHARS
    assert abs(float(shown[1:]) - float(luck)) < 1e-5
    assert fraction_text(1 - Fraction(1, 3) ** 80).startswith("≈1 − 6.7")


def test_the_luck_line_of_600_rolls_stays_within_the_cap():
    at = open_page("learn", section="roll", rolls="600", seed="3")
    line = next(m.value for m in at.markdown if "hits from 600 rolls" in m.value)
    for fraction in re.findall(r"(\S+) \((?:[<>]?\d+\.\d%)\)", line):
        assert len(fraction) <= MAX_FRACTION_CHARS


def test_attack_dice_check_themselves():
    for bad in [(1, 0, 0), (1000, 1, 0), (1, 4, 0), (0, 6, 1001), (-1, 6, 0), (1, 6, True)]:
        with pytest.raises(ValueError):
            dice.AttackDice(*bad)
    with pytest.raises(ValueError):
        ninth.Attack(3, edition=9.0)


def test_explore_stack_widget_takes_no_more_than_a_link_may_carry():
    at = open_page("explore", view="stacks")
    assert at.multiselect(key="explore_new_stack").proto.max_selections == compare.MAX_STACK_SIZE


@pytest.mark.parametrize("page", ["home", "fantasy", "ninth", "explore", "learn", "rules"])
def test_text_for_users_cites_only_what_users_have(page):
    """The app names docs/rules.md (served at /rules), never the project's own files or sources."""
    shown = text(open_page(page, chain="1", extra="1"))
    for cited in ("RULES.md", "seed chapter", "The seed ", "hitrules/", ".py", ".json"):
        assert cited not in shown, cited


def test_rules_page_has_every_section_the_explanations_link_to():
    at = open_page("rules")
    assert not at.exception
    anchors = {h.proto.anchor for h in at.header}
    at = open_page("ninth", rules="8", mods="-2")
    linked = set(re.findall(r"\]\(rules#([\w-]+)\)", text(at)))
    at = open_page("fantasy", bs="5", close="1", s="4")
    linked |= set(re.findall(r"\]\(rules#([\w-]+)\)", text(at)))
    at = open_page("ninth", s="4")
    linked |= set(re.findall(r"\]\(rules#([\w-]+)\)", text(at)))
    assert {"fantasy-after-the-hit", "9th-and-8th-edition-after-the-hit"} <= linked
    assert linked and linked <= anchors



def test_a_page_keeps_no_other_pages_widgets_in_the_session():
    """Each key in the session state costs every widget drawn; a page's settings wait in its store,
    and a hidden widget keeps no key either."""
    at = open_page("fantasy")
    at.number_input(key="fantasy_bs").set_value(5).run()
    at.query_params.clear()
    at.switch_page("pages/ninth.py").run()
    assert "fantasy_bs" not in at.session_state and "ninth_skill" in at.session_state
    at.query_params.clear()
    at.switch_page("pages/fantasy.py").run()
    assert at.number_input(key="fantasy_bs").value == 5 and "ninth_skill" not in at.session_state
    assert "fantasy_us" not in at.session_state  # shown only for a lone model
    at.pills(key="fantasy_conditions").set_value(["lone"]).run()
    assert at.number_input(key="fantasy_us").value == 1


@pytest.mark.parametrize(("shots", "p"), [(10, Fraction(1, 3)), ("2D6", Fraction(5, 6)), (1000, Fraction(1, 2))])
def test_the_distribution_chart_and_table_from_whole_number_weights_equal_the_exact_chances(shots, p):
    from hitrules.presentation import figures

    dist = dice.hits(shots, p)
    table = figures.distribution_table(dist)
    ks = list(table["hits"])
    assert [Fraction(x) for x in table["exactly (fraction)"]] == [dist[k] for k in ks]
    assert [Fraction(x) for x in table["at least (fraction)"]] == [dist.at_least(k) for k in ks]
    bars, line = figures.distribution_figure(dist).data
    assert list(bars.y) == [float(dist[k]) for k in ks] and list(line.y) == [float(dist.at_least(k)) for k in ks]
    for k, shown in zip(ks, bars.customdata, strict=True):
        exact = dist[k]  # long fractions are written without being reduced: the same words, or "≈" and its decimal
        assert shown == exact_chance_text(exact) or (shown.startswith("≈") and shown.endswith(f"({percent(exact)})")
                                               and float(shown[1:].split(" ")[0]) == pytest.approx(float(exact)))


@pytest.mark.parametrize(("shots", "p", "dtick"), [
    (10, Fraction(0), 1), (3, Fraction(1, 2), 1), (10, Fraction(1, 2), 1), (20, Fraction(1, 2), 2),
    (1000, Fraction(1, 2), 20)])
def test_the_distribution_chart_marks_whole_numbers_only(shots, p, dtick):
    """A roll that cannot hit is one bar at 0: its axis says 0, not -0.4 to 0.4 hits. Every count is
    marked up to 12 of them; past that every 2nd, 5th, 10th…, at most 12 labels (each costs a redraw)."""
    from hitrules.presentation import figures

    figure = figures.distribution_figure(dice.hits(shots, p))
    assert figure.layout.xaxis.dtick == dtick
    assert -(-len(figure.data[0].x) // dtick) <= figures.MOST_TICKS


def test_a_count_axis_steps_by_the_smallest_nice_whole_number():
    from hitrules.presentation import figures

    nice = sorted(m * 10**e for e in range(4) for m in (1, 2, 5))
    for count in range(1, 2000):
        step = figures.count_ticks(count)
        assert step in nice and -(-count // step) <= figures.MOST_TICKS, count
        assert all(-(-count // smaller) > figures.MOST_TICKS for smaller in nice if smaller < step), count


def test_a_server_process_freezes_its_loaded_heap_once():
    """webui_cache.settle, outside AppTest (a server's process): every page's module is loaded, and what
    is loaded is frozen, so that Python's full collections (no postScriptGC) walk only what the
    runs allocate; a second call changes nothing."""
    import subprocess
    import sys

    code = ("import gc, sys; import webui_cache; "
            "assert gc.get_freeze_count() == 0; webui_cache.settle(); frozen = gc.get_freeze_count(); "
            "assert 'views.combat' in sys.modules and 'plotly' in sys.modules, sorted(sys.modules); "
            "webui_cache.settle(); assert gc.get_freeze_count() == frozen; print(frozen)")
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.split()[-1]) > 50_000  # Streamlit, Plotly and pandas: over 100,000 objects


def test_apptest_freezes_nothing():
    import gc

    before = gc.get_freeze_count()
    open_page("home")
    assert gc.get_freeze_count() == before
