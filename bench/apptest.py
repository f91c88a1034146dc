"""Rerun time of each page after a widget change, against the trivial page, with AppTest.

Goal: each calculator page under 1.5x, Explore and Learn under 2x, the trivial page's
median rerun in the same run. AppTest's own wait for a run polls every millisecond, so single
times come in steps; many reruns, taken in turn, give a steady median. Run: make bench (or python bench/apptest.py).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]


def trivial() -> AppTest:
    at = AppTest.from_file(str(ROOT / "bench" / "trivial_app.py"), default_timeout=30)
    at.run()
    return at


def page(name: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
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
}
GOALS = {"fantasy": 1.5, "ninth": 1.5, "explore": 2.0, "learn": 2.0}


ROUNDS = 3  # blocks, each giving its own ratio, so the spread shows the machine's noise
RERUNS = 100  # reruns of every page in a block
WARM = 5  # reruns before the timed ones: the first ones fill caches


def rerun_times(name: str, reruns: int = RERUNS) -> list[float]:
    """Reruns of one page on its own (kept for profiling one page)."""
    return block([name], reruns)[name]


def block(names: list[str], reruns: int = RERUNS, in_turn: bool = True) -> dict[str, list[float]]:
    """Time ``reruns`` reruns of each page. In turn: one rerun of each page, then the next, so
    machine noise (another process, a frequency change) falls on every page alike. Otherwise
    one page after another, each with its caches warm from its own last rerun."""
    apps = {n: CASES[n][0]() for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}

    def rerun(n: str, i: int) -> None:
        at = apps[n]
        CASES[n][1](at, i)
        start = time.perf_counter()
        at.run()
        elapsed = time.perf_counter() - start
        assert not at.exception, (n, [e.value for e in at.exception])
        if i >= WARM:
            times[n].append(elapsed)

    if in_turn:
        for i in range(WARM + reruns):
            for n in names:
                rerun(n, i)
    else:
        for n in names:
            for i in range(WARM + reruns):
                rerun(n, i)
    return times


def report(names: list[str], in_turn: bool) -> bool:
    """Print each page's median rerun against the trivial page's; True if every goal is met."""
    pages = ["trivial", *names]
    blocks = [block(pages, in_turn=in_turn) for _ in range(ROUNDS)]
    every = {n: [t for b in blocks for t in b[n]] for n in pages}
    base = statistics.median(every["trivial"])
    how = "the pages taken in turn" if in_turn else "one page after another"
    print(f"AppTest rerun after a widget change, {how} (median of {len(every['trivial'])} reruns a "
          f"page; in brackets the ratio in each of {ROUNDS} blocks)")
    print(f"  {'trivial':8s} {base * 1000:7.2f} ms")
    met = True
    for n in names:
        med = statistics.median(every[n])
        ratio = med / base
        spread = ", ".join(f"{statistics.median(b[n]) / statistics.median(b['trivial']):.2f}" for b in blocks)
        met &= ratio < GOALS[n]
        print(f"  {n:8s} {med * 1000:7.2f} ms   {ratio:4.2f}x the trivial page [{spread}] "
              f"(goal under {GOALS[n]}x: {'met' if ratio < GOALS[n] else 'MISSED'})")
    return met


def main(names: list[str]) -> int:
    # Both orders: in turn is steadier; one after another is how a single player reruns a page.
    met = [report(names, in_turn) for in_turn in (True, False)]
    print("Every goal met in both orders." if all(met) else "Some goal MISSED (see above).")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or list(GOALS)))
