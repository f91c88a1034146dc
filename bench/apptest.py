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
RERUNS = 300  # timed reruns of every page in a block
BURST = 5  # reruns of one page in a row; the first of each burst is not timed


def block(names: list[str], reruns: int = RERUNS) -> dict[str, list[float]]:
    """Time ``reruns`` reruns of each page, in bursts taken in turn: BURST reruns of the first
    page, then of the next, and round again. Taking turns spreads machine noise (another
    process, a frequency change) over every page alike; a burst's first rerun, which finds the
    processor's caches full of the other page, is not timed, so every timed rerun is a warm one
    like a player's next change on the same page."""
    apps = {n: CASES[n][0]() for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}
    i = 0
    while len(times[names[0]]) < reruns:
        for n, at in apps.items():
            for b in range(BURST):
                CASES[n][1](at, i + b)
                start = time.perf_counter()
                at.run()
                elapsed = time.perf_counter() - start
                assert not at.exception, (n, [e.value for e in at.exception])
                if b and i:  # the first round warms every page's caches
                    times[n].append(elapsed)
        i += BURST
    return {n: t[:reruns] for n, t in times.items()}


def main(names: list[str]) -> int:
    pages = ["trivial", *names]
    blocks = [block(pages) for _ in range(ROUNDS)]
    every = {n: [t for b in blocks for t in b[n]] for n in pages}
    base = statistics.median(every["trivial"])
    print(f"AppTest rerun after a widget change (median of {len(every['trivial'])} reruns a page, in "
          f"bursts of {BURST - 1} taken in turn; in brackets the ratio in each of {ROUNDS} blocks)")
    print(f"  {'trivial':8s} {base * 1000:7.2f} ms")
    for n in names:
        med = statistics.median(every[n])
        ratio = med / base
        spread = ", ".join(f"{statistics.median(b[n]) / statistics.median(b['trivial']):.2f}" for b in blocks)
        verdict = "met" if ratio < GOALS[n] else "MISSED"
        print(f"  {n:8s} {med * 1000:7.2f} ms   {ratio:4.2f}x the trivial page [{spread}] "
              f"(goal under {GOALS[n]}x: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or list(GOALS)))
