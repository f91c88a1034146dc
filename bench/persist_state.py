"""Rerun time of a calculator page with every widget ``persist_state="session"``, against none, with AppTest.

Why: docs/state.md keeps each page's values in one session-state dict per page, and only the widgets
drawn keep a key. ``persist_state="session"`` would instead keep every visited widget's value in
the session state (``_old_state``, under its key), and number_input, text_input, radio and selectbox
each read ``SessionState.filtered_state``, which walks every key, once per call. What does that cost
a player who has visited every page (about 120 keyed widgets) on a calculator page of 11 widgets?

One script, no pages/: with a flag it draws ten "other pages" of 11 widgets each (110
keys), else the calculator's 11 (3 number_input, 2 text_input, 2 radio, selectbox, multi pills, 2
toggle). The other pages are drawn once, then reruns after a calculator change are timed as in
bench/apptest.py: bursts in turn, the first of each burst not timed, medians over 3 blocks.
Run: .venv/bin/python bench/persist_state.py
"""

from __future__ import annotations

import statistics

from apptest import BURST, RERUNS, ROUNDS, in_turn  # the same timing as bench/apptest.py
from streamlit.testing.v1 import AppTest


def app(persist: str | None, visit: dict[str, bool]) -> None:  # visit: read at each run
    import streamlit as st

    def page(p: str) -> None:  # one page's set of 11 keyed widgets
        for i in range(3):
            st.number_input(f"{p} n{i}", 0, 100, 3, key=f"{p}_n{i}", persist_state=persist)
        for i in range(2):
            st.text_input(f"{p} t{i}", "x", key=f"{p}_t{i}", persist_state=persist)
            st.radio(f"{p} r{i}", ["a", "b", "c"], key=f"{p}_r{i}", persist_state=persist)
            st.toggle(f"{p} g{i}", key=f"{p}_g{i}", persist_state=persist)
        st.selectbox(f"{p} s", [2, 3, 4, 5, 6], key=f"{p}_s", persist_state=persist)
        st.pills(f"{p} c", ["moved", "cover", "long"], selection_mode="multi", key=f"{p}_c", persist_state=persist)

    for p in [f"o{i}" for i in range(10)] if visit["on"] else ["calc"]:
        page(p)


def visited(persist: str | None) -> tuple[AppTest, str]:
    """The calculator after the ten other pages were drawn once (one value set there), and whether
    that value was still in the session state on the calculator and came back on a second visit."""
    visit = {"on": True}
    at = AppTest.from_function(app, args=(persist, visit), default_timeout=30)
    at.run()
    at.number_input(key="o3_n0").set_value(42).run()
    visit["on"] = False
    at.run()
    kept = at.session_state.to_dict().get("o3_n0")
    visit["on"] = True
    back = at.run().number_input(key="o3_n0").value
    visit["on"] = False
    at.run()
    assert not at.exception and len(at.number_input) == 3, [e.value for e in at.exception]
    return at, f"o3_n0 set to 42: on the calculator {kept!r}, drawn again {back!r}"


def _change(name: str, at: AppTest, i: int) -> None:
    at.number_input(key="calc_n0").set_value(10 + i % 2)


def main() -> None:
    opened = {"session": visited("session"), "none": visited(None)}
    apps = {n: at for n, (at, _) in opened.items()}
    print("Sanity: a value set on an other page's widget, after the player returns to the calculator")
    for n, (at, check) in opened.items():
        print(f"  {n:7s} {len(at.session_state.keys()):3d} keys in session state on the calculator; {check}")
    blocks = [in_turn(apps, _change) for _ in range(ROUNDS)]
    med = {n: statistics.median(t for b in blocks for t in b[n]) for n in apps}
    spread = ", ".join(f"{statistics.median(b['session']) / statistics.median(b['none']):.2f}" for b in blocks)
    print(f"AppTest rerun of the calculator after a change (median of {RERUNS * ROUNDS} reruns each, bursts of "
          f"{BURST - 1} in turn): persist_state='session' {med['session'] * 1000:.2f} ms, "
          f"None {med['none'] * 1000:.2f} ms: {med['session'] / med['none']:.2f}x [{spread}]")


if __name__ == "__main__":
    main()
