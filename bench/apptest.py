"""Rerun time of each page after a widget change, against the trivial page, with AppTest: a diagnostic.

It sets no goal (issue 41): AppTest's ratio is mostly Streamlit's fixed cost per element, and says where a
page's script time goes. The goals are what a player feels, in Chromium (bench/browser.py) and on a club's
server (bench/load.py --goal). AppTest's own wait for a run polls every millisecond, so single times come in
steps; many reruns, taken in turn, give a steady median. Run: make bench (or python bench/apptest.py).

Each page runs as the server runs it, through app.py's router (:func:`server_path`). Until
2026-12-01 the pages ran on AppTest's legacy ``pages/`` path, which the server takes only once a
process, and which costs about a tenth of a page's rerun more; ``--legacy`` times that path, for
numbers comparable with the earlier ones.

``python bench/apptest.py --pictures`` times the pages that draw the cover and Overwatch pictures
with the pictures on and off (views.pictures.SHOW), the same link and change, in turn.

``python bench/apptest.py --target`` times each calculator with its target and weapon part on
(a multi-wound target, rolled damage) and off, the same change, in turn.

``python bench/apptest.py --unit`` times each calculator with the whole unit of four profiles (three
weapons added) and with its one profile, the target part on in both, the same change, in turn.

``python bench/apptest.py --against REV [PAGE ...]`` answers "no worse than before?": it runs this
benchmark on a worktree of commit REV and on this checkout, in turn, three times each, and prints
each page's ratios side by side (the other commit's pages must have the widget keys CASES changes).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

HERE = Path(__file__).resolve().parent
ROOT = Path(os.environ.get("HITRULES_BENCH_APP", HERE.parent))  # the app timed (--against sets another)
sys.path.insert(0, str(ROOT))

try:
    from views import pictures  # the module the app's views import: the same switch
except ImportError:  # a commit from before the pictures (--against): only the plain pages are timed
    pictures = None


def server_path() -> None:
    """Run each page as the server does: app.py (the router, with st.navigation), then the page.

    AppTest resets Streamlit's legacy flag (``PagesManager.uses_pages_directory``) before every run,
    and an app with a ``pages/`` folder then takes the legacy path on every run: ``pages/`` globbed, a
    ``Page`` made for each file, and the page run without app.py. The server takes that path only on a
    process's first run (see ``webui_routes.require_router``), so timing it would time AppTest, not the app.
    ``--legacy`` times it anyway, for comparison with earlier numbers."""
    from streamlit.runtime.pages_manager import PagesManager

    init = PagesManager.__init__

    def server_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        PagesManager.uses_pages_directory = False

    PagesManager.__init__ = server_init


def trivial() -> AppTest:
    at = AppTest.from_file(str(HERE / "trivial_app.py"), default_timeout=30)
    at.run()
    return at


def page(name: str, **query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    at.switch_page(f"pages/{name}.py")
    at.run()
    return at


# Each case: how to open it, and a widget change that alternates between two values.
CASES = {
    "trivial": (trivial, lambda at, i: at.number_input(key="n").set_value(10 + i % 2)),
    "fantasy": (lambda: page("fantasy"),
                lambda at, i: at.pills(key="fantasy_conditions").set_value(["moved"] if i % 2 else [])),
    "ninth": (lambda: page("ninth"), lambda at, i: at.selectbox(key="ninth_skill").set_value(3 + i % 2)),
    "explore": (lambda: page("explore"), lambda at, i: at.number_input(key="explore_bs").set_value(3 + i % 2)),
    "learn": (lambda: page("learn"), lambda at, i: at.number_input(key="learn_bs").set_value(3 + i % 2)),
    # Explore's heaviest views: the wound chart, and "which weapon is better?" (about 40 elements).
    "wound": (lambda: page("explore", view="wound"),
              lambda at, i: at.number_input(key="explore_strength").set_value(4 + i % 2)),
    "weapons": (lambda: page("explore", view="weapons"),
                lambda at, i: at.number_input(key="explore_toughness").set_value(4 + i % 2)),
    # Fantasy close combat: two units, one round (the charged unit's WS changes).
    "combat": (lambda: page("combat"), lambda at, i: at.number_input(key="combat_d_ws").set_value(3 + i % 2)),
    # The same with the charge part on (issue 28): the whole charge, its three reactions and their chart.
    "combat-charge": (lambda: page("combat", charge="1", distance="7"),
                      lambda at, i: at.number_input(key="combat_d_ws").set_value(3 + i % 2)),
    # The same comparison of two whole units (each weapon with more added), issue 19.
    "weapons-units": (lambda: page("explore", view="weapons", ruleset="ninth", more_a="lascannon:1:4:9:-3:D6",
                                   more_b="plasma gun:2:3:7:-3:1;heavy bolter:3:4:5:-1:1"),
                      lambda at, i: at.number_input(key="explore_toughness").set_value(4 + i % 2)),
}
#: The pages timed unless told others.
PAGES = ("fantasy", "ninth", "explore", "learn", "wound", "weapons", "weapons-units", "combat", "combat-charge")
#: The pages ``--against`` compares unless told others: those that existed before the target part.
AGAINST = ("fantasy", "ninth", "explore", "learn")


def _pictures(show: bool, change):
    """A widget change made with the pictures on or off (the switch is read as the page draws)."""
    def changed(at, i):
        pictures.SHOW = show
        return change(at, i)
    return changed


# Each picture's page and link, and a change that flips its verdict: cover counts or not (target
# LoS 2 or 3); Overwatch refused at Engagement Range or allowed by the charge exception.
_COVER = (lambda: page("fantasy", cover="soft"),
          lambda at, i: at.number_input(key="fantasy_los_target").set_value(2 + i % 2))
_OVERWATCH = (lambda: page("ninth", trigger="charge", overwatch="1", eir="1"),
              lambda at, i: at.pills(key="ninth_ow").set_value(["overwatch", "eir"] + ["charged"] * (i % 2)))
for _name, (_open, _change) in {"cover": _COVER, "overwatch": _OVERWATCH}.items():
    CASES[f"{_name}-on"] = (_open, _pictures(True, _change))
    CASES[f"{_name}-off"] = (_open, _pictures(False, _change))
# The same calculator and change with the target part off and on (rolled damage into models of 2 wounds).
_TARGET = {"chain": "1", "t": "4", "wounds": "2", "models": "5"}
for _name, _change, _extra in (
        ("fantasy", CASES["fantasy"][1], {"armour": "5", "mw": "D3"}),
        ("ninth", CASES["ninth"][1], {"sv": "4", "ap": "-1", "damage": "D3"})):
    CASES[f"{_name}-target-off"] = (lambda n=_name: page(n), _change)
    CASES[f"{_name}-target-on"] = (lambda n=_name, e=_extra: page(n, **_TARGET, **e), _change)
# The same calculator and change with one profile and with the whole unit of four (three weapons added).
_UNITS = {"fantasy": "champion:1:4:4:-1:D3;bows:5:3:3:0:1:soft;bolt thrower:1:3:6:-3:D3",
          "ninth": "lascannon:1:4:9:-3:D6;plasma gun:2:3:7:-3:1;heavy bolter:3:4:5:-1:1"}
for _name, _change, _extra in (
        ("fantasy", CASES["fantasy"][1], {"armour": "5", "mw": "D3"}),
        ("ninth", CASES["ninth"][1], {"sv": "4", "ap": "-1", "damage": "D3"})):
    CASES[f"{_name}-unit-off"] = (lambda n=_name, e=_extra: page(n, **_TARGET, **e), _change)
    CASES[f"{_name}-unit-on"] = (lambda n=_name, e=_extra: page(n, **_TARGET, **e, rows=_UNITS[n]), _change)
PAIRS = {"--pictures": ("cover", "overwatch"), "--target": ("fantasy-target", "ninth-target"),
         "--unit": ("fantasy-unit", "ninth-unit")}


ROUNDS = 3  # blocks, each giving its own ratio, so the spread shows the machine's noise
RERUNS = int(os.environ.get("BENCH_RERUNS", 300))  # timed reruns of every page in a block
BURST = 5  # reruns of one page in a row; the first of each burst is not timed


def block(names: list[str], reruns: int = RERUNS) -> dict[str, list[float]]:
    """Time ``reruns`` reruns of each page of CASES after its change (:func:`in_turn`)."""
    return in_turn({n: CASES[n][0]() for n in names}, lambda n, at, i: CASES[n][1](at, i), reruns)


def in_turn(apps: dict, change, reruns: int = RERUNS) -> dict[str, list[float]]:
    """Time ``reruns`` reruns of each app after ``change(name, app, i)``, in bursts taken in turn:
    BURST reruns of the first app, then of the next, and round again. Taking turns spreads machine
    noise (another process, a frequency change) over every app alike; a burst's first rerun, which
    finds the processor's caches full of the other app, is not timed, so every timed rerun is a
    warm one like a player's next change on the same page."""
    times: dict[str, list[float]] = {n: [] for n in apps}
    i = 0
    while min(map(len, times.values())) < reruns:
        for n, at in apps.items():
            for b in range(BURST):
                change(n, at, i + b)
                start = time.perf_counter()
                at.run()
                elapsed = time.perf_counter() - start
                assert not at.exception, (n, [e.value for e in at.exception])
                if b and i:  # the first round warms every app's caches
                    times[n].append(elapsed)
        i += BURST
    return {n: t[:reruns] for n, t in times.items()}


def report(title: str, names: list[str], blocks: list[dict]) -> None:
    """Print each page's median against the trivial page's, with the ratio in each block. ``title`` ends
    with how many runs a page each median has."""
    every = {n: [t for b in blocks for t in b[n]] for n in ["trivial", *names]}
    base = statistics.median(every["trivial"])
    print(title.format(count=len(every["trivial"])) + f"; in brackets the ratio in each of {len(blocks)} blocks)")
    print(f"  {'trivial':8s} {base * 1000:7.2f} ms")
    for n in names:
        med = statistics.median(every[n])
        ratio = med / base
        spread = ", ".join(f"{statistics.median(b[n]) / statistics.median(b['trivial']):.2f}" for b in blocks)
        print(f"  {n:8s} {med * 1000:7.2f} ms   {ratio:4.2f}x the trivial page [{spread}]")


def main(names: list[str], legacy: bool = False) -> int:
    blocks = [block(["trivial", *names]) for _ in range(ROUNDS)]
    path = ("AppTest's legacy pages/ path, which the server takes once" if legacy else
            "each page through app.py, as the server runs it")
    report(f"AppTest rerun after a widget change, {path} (median of {{count}} reruns a page, in bursts of "
           f"{BURST - 1} taken in turn", names, blocks)
    return 0


def main_pairs(flag: str) -> int:
    """Each page with a part on and off (the pictures, or the target part), in turn."""
    pairs = PAIRS[flag]
    names = [f"{p}-{state}" for p in pairs for state in ("on", "off")]
    blocks = [block(names) for _ in range(ROUNDS)]
    pictures.SHOW = True
    print(f"AppTest rerun with each part on and off (median of {RERUNS * ROUNDS} reruns each, in bursts "
          f"of {BURST - 1} taken in turn; in brackets the ratio in each of {ROUNDS} blocks)")
    for p in pairs:
        on = statistics.median(t for b in blocks for t in b[f"{p}-on"])
        off = statistics.median(t for b in blocks for t in b[f"{p}-off"])
        spread = ", ".join(f"{statistics.median(b[f'{p}-on']) / statistics.median(b[f'{p}-off']):.2f}"
                           for b in blocks)
        print(f"  {p:14s} on {on * 1000:6.2f} ms, off {off * 1000:6.2f} ms: {on / off:4.2f}x [{spread}]")
    return 0


def main_against(rev: str, names: list[str], runs: int = 3) -> int:
    """This checkout against commit ``rev``: ``runs`` runs of this benchmark of ``names`` on each, in turn."""
    ratios: dict[str, list[dict[str, float]]] = {rev: [], "this checkout": []}
    with tempfile.TemporaryDirectory() as tmp:
        other = f"{tmp}/app"
        subprocess.run(["git", "-C", str(HERE.parent), "worktree", "add", "--detach", other, rev], check=True,
                       capture_output=True)
        try:
            for _ in range(runs):
                for label, app in ((rev, other), ("this checkout", str(HERE.parent))):
                    out = subprocess.run([sys.executable, __file__, *names], capture_output=True, text=True,
                                         env={**os.environ, "HITRULES_BENCH_APP": app}, check=True).stdout
                    ratios[label].append({m[1]: float(m[2]) for m in
                                          re.finditer(r"^  ([\w-]+) +[\d.]+ ms +([\d.]+)x", out, re.MULTILINE)})
        finally:
            subprocess.run(["git", "-C", str(HERE.parent), "worktree", "remove", "--force", other], check=True)
    print(f"AppTest rerun, ratio to the trivial page: {runs} runs of each, taken in turn (median, then each run)")
    for name in names:
        cells = [f"{label} {statistics.median(r[name] for r in runs_):.2f}x "
                 f"[{', '.join(f'{r[name]:.2f}' for r in runs_)}]" for label, runs_ in ratios.items()]
        print(f"  {name:8s} " + "   ".join(cells))
    return 0


if __name__ == "__main__":
    LEGACY = "--legacy" in sys.argv
    sys.argv = [a for a in sys.argv if a != "--legacy"]
    if not LEGACY:
        server_path()
    if sys.argv[1:2] == ["--against"]:
        sys.exit(main_against(sys.argv[2], sys.argv[3:] or list(AGAINST)))
    if sys.argv[1:2] and sys.argv[1] in PAIRS:
        sys.exit(main_pairs(sys.argv[1]))
    sys.exit(main(sys.argv[1:] or list(PAGES), LEGACY))
