"""Interaction latency in Chromium: widget change -> updated result, against a trivial page.

Each page and the trivial page (one number input, one metric, one Plotly chart) run in their
own server at the same time; the pages take turns, one change each, so machine noise hits all alike.
Both servers run from the repository, so both have its .streamlit/config.toml (no garbage collection
after each run): the ratio is the page's own cost, not a setting one has and the other lacks.
Goal (issue 41, what a player feels): every page at most 1.5x the trivial page, /combat with the charge part
on included; it prints "met" or "MISSED" for each page and for the goal as a whole. Learn, Your army and
the Rules page have no single answer to wait for, and are not timed. Run: make bench (or python bench/browser.py).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from harness import CHROMIUM_ARGS, AppServer, find_chromium  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

CHANGES = 60  # changes of each page, taken in turn
SETTLE_MS = 300  # after each change, before the next page's
GOAL = 1.5

def _combat_wins(charged_ws: int) -> str:
    """The combat page's "Charger wins" at its defaults with the charged unit's WS, from the engine."""
    from hitrules.edge import urlstate
    from hitrules.situations import combat as combat_situations
    from hitrules.words import chance_text

    values = urlstate.parse_query(urlstate.COMBAT, {"d_ws": str(charged_ws)}).values
    return chance_text(combat_situations.answer(combat_situations.combat_situation(urlstate.combat_input(values))).win)


#: The link of /combat with the charge part on, as bench/apptest.py's "combat-charge" opens it.
CHARGE_QUERY = {"charge": "1", "distance": "7"}


def _charged_destroyed(charged_ws: int) -> str:
    """/combat's "Charged unit destroyed" with the charge part on (CHARGE_QUERY), Hold chosen, from the engine."""
    from hitrules.edge import urlstate
    from hitrules.situations import combat as combat_situations
    from hitrules.words import chance_text

    values = urlstate.parse_query(urlstate.COMBAT, {**CHARGE_QUERY, "d_ws": str(charged_ws)}).values
    csit = combat_situations.whole_charge(urlstate.combat_input(values))
    chosen = next(result for reaction, result, _ in combat_situations.charge_reactions(csit)
                  if reaction == values["reaction"])
    return chance_text(chosen.destroyed("charged"))


def _shown(page: str, query: dict, key: str, value: int, label: str) -> str:
    """The metric ``label`` that ``page`` at ``query`` shows once its number input ``key`` is ``value``, read
    from the app itself in AppTest (for a page whose answer is no single engine call)."""
    from apptest_util import metric, open_page

    at = open_page(page, **query)
    at.number_input(key=key).set_value(value).run()
    return metric(at, label)


EXPLORE_QUERY = {"view": "weapons", "ruleset": "ninth"}
WEAPONS_METRIC = "A: models removed on average"

# name: (server, path, input label (and which of the labels alike: the combat page's second "WS" is the
# charged unit's), the two values to alternate, metric label, expected texts)
CASES = {
    "trivial": ("trivial", "", "n", ("11", "12"), "Hit chance", ("11/100", "12/100")),
    "fantasy": ("app", "fantasy", "Ballistic Skill (BS)", ("4", "3"), "Hit chance",
                ("2/3 (66.7%)", "1/2 (50.0%)")),
    "ninth": ("app", "ninth", "Hit modifiers", ("-1", "+1"), "Hit chance", ("1/2 (50.0%)", "5/6 (83.3%)")),
    "combat": ("app", "combat", ("WS", 1), ("4", "3"), "Charger wins", (_combat_wins(4), _combat_wins(3))),
    "combat-charge": ("app", "combat?" + "&".join(f"{k}={v}" for k, v in CHARGE_QUERY.items()), ("WS", 1),
                      ("4", "3"), "Charged unit destroyed", (_charged_destroyed(4), _charged_destroyed(3))),
    "explore": ("app", "explore?" + "&".join(f"{k}={v}" for k, v in EXPLORE_QUERY.items()), "Toughness",
                ("4", "5"), WEAPONS_METRIC, tuple(_shown("explore", EXPLORE_QUERY, "explore_toughness", t,
                                                         WEAPONS_METRIC) for t in (4, 5))),
}


def find_input(page, label):
    """The input labelled ``label``, or the n-th of those labelled alike for ``(label, n)``."""
    text, n = (label, 0) if isinstance(label, str) else label
    return page.get_by_label(text, exact=True).nth(n)


def metric_js(label: str) -> str:
    return ("([label, want]) => [...document.querySelectorAll('[data-testid=\"stMetric\"]')]"
            ".some(m => m.innerText.includes(label) && m.querySelector('[data-testid=\"stMetricValue\"]')"
            ".innerText.trim() === want)")


def change(page, case, i: int) -> float:
    """The ``i``-th change of ``case``'s input (the two values in turn): seconds from Enter to the new metric."""
    _, _, label, inputs, metric, expected = case
    box = find_input(page, label)
    box.fill(inputs[i % 2])
    start = time.perf_counter()
    box.press("Enter")
    page.wait_for_function(metric_js(metric), arg=[metric, expected[i % 2]], polling="raf", timeout=15_000)
    seconds = time.perf_counter() - start
    # What follows the metric (the rest of the page's drawing, the server's collection after the run)
    # is left to finish, so that it falls on no other page's change: a player looks before changing more.
    page.wait_for_timeout(SETTLE_MS)
    return seconds


def main() -> int:
    chromium = find_chromium()
    if not chromium:
        print("bench/browser.py: no Chromium found (apt-get install chromium); skipped")
        return 0
    servers = {"app": AppServer(ROOT / "app.py"), "trivial": AppServer(ROOT / "bench" / "trivial_app.py")}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            pages = {}
            for name, case in CASES.items():
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(f"{servers[case[0]].url}/{case[1]}")
                find_input(page, case[2]).wait_for(timeout=30_000)
                pages[name] = page
            results: dict[str, list[float]] = {name: [] for name in CASES}
            for name, case in CASES.items():  # the first changes warm caches on both sides
                for i in range(3):
                    change(pages[name], case, i)
            # One change of each page in turn, CHANGES times: a busy spell of the machine (another
            # process on these 2 cores) falls on every page alike, not on one page's block of changes.
            for i in range(CHANGES):
                for name, case in CASES.items():
                    results[name].append(change(pages[name], case, i + 1))
            browser.close()
    finally:
        for server in servers.values():
            server.stop()
    base = statistics.median(results["trivial"])
    missed = []
    print(f"Chromium: widget change -> updated metric (median of {len(results['trivial'])} changes)")
    print(f"  {'trivial':8s} {base * 1000:7.1f} ms")
    for name in CASES:
        if name == "trivial":
            continue
        med = statistics.median(results[name])
        verdict = "met" if med / base <= GOAL else "MISSED"
        missed += [name] if verdict == "MISSED" else []
        p95 = statistics.quantiles(results[name], n=20)[-1]
        print(f"  {name:8s} {med * 1000:7.1f} ms   {med / base:4.2f}x the trivial page (goal <= {GOAL}x: {verdict}); "
              f"p95 {p95 * 1000:.0f} ms")
    verdict = f"MISSED ({', '.join(missed)})" if missed else "met"
    print(f"Goal, every page at most {GOAL}x the trivial page: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
