"""The processor time of each page's script run after a widget change, against the trivial page.

bench/apptest.py times a rerun by the clock, and AppTest waits for a run by polling every
millisecond, so a page's median moves in steps of about a millisecond: a page made a tenth
cheaper may show no change at all, and a busy machine moves every step. This benchmark reads the
processor time of the thread that runs the script (``time.thread_time``), for the same pages,
links and changes (bench/apptest.py's CASES, taken in turn the same way), so a change to a page's
own cost shows however busy the machine is. Run: python bench/script_cpu.py combat fantasy.
``HITRULES_BENCH_APP=/path/to/other/checkout`` times another checkout's pages, as for apptest.py.
"""

from __future__ import annotations

import sys
import time

from apptest import BURST, CASES, RERUNS, ROUNDS, in_turn, report, server_path
from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

#: The processor time of the last script run, read by the thread that ran it.
_LAST = [0.0]
_run_script_thread = ScriptRunner._run_script_thread


def _timed_run_script_thread(self) -> None:
    start = time.thread_time()
    try:
        _run_script_thread(self)
    finally:
        _LAST[0] = time.thread_time() - start


def _recording(run):
    """``run``, keeping the processor time of each of its script runs in ``.times``."""
    def recorded(*args, **kwargs):
        result = run(*args, **kwargs)
        recorded.times.append(_LAST[0])
        return result
    recorded.times = []
    return recorded


def main(names: list[str]) -> int:
    ScriptRunner._run_script_thread = _timed_run_script_thread
    pages = ["trivial", *names]
    blocks = []
    for _ in range(ROUNDS):
        apps = {n: CASES[n][0]() for n in pages}
        for at in apps.values():
            at.run = _recording(at.run)
        cpu = in_turn(apps, lambda n, at, i: CASES[n][1](at, i))  # the clock's times, the same reruns
        for n, at in apps.items():  # each app's processor times, taken as in_turn keeps its clock's
            cpu[n] = [t for j, t in enumerate(at.run.times) if j % BURST and j >= BURST][:RERUNS]
        blocks.append(cpu)
    report("Script-thread processor time of a rerun after a widget change (median of {count} a page",
           names, blocks)
    return 0


if __name__ == "__main__":
    if "--legacy" not in sys.argv:  # as bench/apptest.py: each page through app.py, as the server runs it
        server_path()
    sys.exit(main([a for a in sys.argv[1:] if a != "--legacy"] or ["combat"]))
