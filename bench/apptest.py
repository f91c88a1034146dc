"""Rerun time of each page after a widget change, against the trivial page, with AppTest.

Goal: each calculator page under 1.5x, Explore and Learn under 2x, the trivial page's
median rerun in the same run. Run: make bench (or python bench/apptest.py).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 40


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


def rerun_times(name: str) -> list[float]:
    opener, change = CASES[name]
    at = opener()
    times = []
    for i in range(ROUNDS):
        change(at, i)
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        assert not at.exception, (name, [e.value for e in at.exception])
    return times[5:]  # the first reruns warm caches


def main(names: list[str]) -> int:
    # Interleave the rounds so that machine noise hits every page alike.
    results: dict[str, list[float]] = {n: [] for n in ["trivial", *names]}
    for _ in range(3):
        for n in results:
            results[n] += rerun_times(n)
    base = statistics.median(results["trivial"])
    print(f"AppTest rerun after a widget change (median of {len(results['trivial'])} reruns)")
    print(f"  {'trivial':8s} {base * 1000:7.1f} ms")
    for n in names:
        med = statistics.median(results[n])
        ratio = med / base
        verdict = "met" if ratio <= GOALS[n] else "MISSED"
        print(f"  {n:8s} {med * 1000:7.1f} ms   {ratio:4.2f}x the trivial page (goal <= {GOALS[n]}x: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or list(GOALS)))
