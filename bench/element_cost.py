"""What one Streamlit element costs a rerun, in script-thread processor time: why a page's AppTest ratio
follows the number of its elements.

A page of one number input is timed with ten more elements of one kind (a toggle, pills, a segmented
control, a number input, a markdown line, a subheader, a metric, a horizontal container) and alone, each
after the same widget change, in turn. Streamlit 1.67 on this machine, 2026-12-03: a widget 120-190 µs, any
other element about 60-75 µs; the trivial page's whole rerun is about 1.7 ms of script time, so each widget
/combat shows is about a tenth of the trivial page. Run: python bench/element_cost.py.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from streamlit.runtime.scriptrunner.script_runner import ScriptRunner
from streamlit.testing.v1 import AppTest

N = 10  # elements of the kind timed
RERUNS = 300
PAGE = '''
import os
import streamlit as st

KIND = os.environ["HITRULES_ELEMENT"]
st.number_input("n", 1, 10, 4, key="n")
for i in range({n}):
    if KIND == "toggle":
        st.toggle(f"t{{i}}", key=f"t{{i}}", help="help text")
    elif KIND == "pills":
        st.pills(f"p{{i}}", ("a", "b"), key=f"p{{i}}", help="help text")
    elif KIND == "segmented_control":
        st.segmented_control(f"s{{i}}", ("a", "b"), key=f"s{{i}}", help="help text")
    elif KIND == "number_input":
        st.number_input(f"x{{i}}", 1, 10, 4, key=f"x{{i}}", help="help text")
    elif KIND == "markdown":
        st.markdown(f"**To hit:** WS {{i}} against WS 4 needs **4+** on the chart; each attack hits with 1/2 (50.0%).")
    elif KIND == "subheader":
        st.subheader(f"The charger {{i}}")
    elif KIND == "metric":
        st.metric(f"m{{i}}", "35.1%", help="help text")
    elif KIND == "container":
        st.container(horizontal=True)
'''
KINDS = ("none", "toggle", "pills", "segmented_control", "number_input", "markdown", "subheader", "metric",
         "container")

_LAST = [0.0]
_run_script_thread = ScriptRunner._run_script_thread


def _timed(self) -> None:
    start = time.thread_time()
    try:
        _run_script_thread(self)
    finally:
        _LAST[0] = time.thread_time() - start


def main() -> int:
    ScriptRunner._run_script_thread = _timed
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "elements.py"
        page.write_text(PAGE.format(n=N), encoding="utf-8")
        apps = {}
        for kind in KINDS:
            os.environ["HITRULES_ELEMENT"] = kind  # read by the page's first run; the module keeps it
            apps[kind] = AppTest.from_file(str(page), default_timeout=30)
            apps[kind].run()
        times: dict[str, list[float]] = {kind: [] for kind in KINDS}
        for i in range(RERUNS):  # one rerun of each page in turn, so machine noise falls on all alike
            for kind, at in apps.items():
                os.environ["HITRULES_ELEMENT"] = kind
                at.number_input(key="n").set_value(3 + i % 2)
                at.run()
                if i >= 10:
                    times[kind].append(_LAST[0])
    base = statistics.median(times["none"])
    print(f"Script-thread time of a rerun: one number input alone {base * 1e3:.2f} ms; each of {N} more elements "
          f"(median of {RERUNS - 10} reruns a page, taken in turn)")
    for kind in KINDS[1:]:
        print(f"  {kind:18s} {(statistics.median(times[kind]) - base) / N * 1e6:6.0f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
