"""Army files: how long reading the largest test roster takes, and how /army reruns against the trivial page.

Goals (issue 29): reading the largest roster in tests/rosters/ (zipped too) under 200 ms; /army, with
both rosters uploaded and their units listed, reruns at most 2x the trivial page's median rerun in
AppTest, in the same run (bench/apptest.py's method: reruns in bursts, pages in turn).
Run: make bench (or python bench/rosters.py).
"""

from __future__ import annotations

import io
import statistics
import sys
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import apptest  # noqa: E402  (bench/apptest.py: the trivial page, the router, the timing in turn)

from hitrules.edge import rosters  # noqa: E402

ROSTERS = HERE.parent / "tests" / "rosters"
READ_GOAL = 0.2
RERUN_GOAL = 2.0
READS = 50


def read_times() -> None:
    largest = max(ROSTERS.iterdir(), key=lambda p: p.stat().st_size)
    data = largest.read_bytes()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(largest.name, data)
    for label, blob in ((largest.name, data), (largest.name + " zipped", buffer.getvalue())):
        times = []
        for _ in range(READS):
            start = time.perf_counter()
            rosters.read(blob)
            times.append(time.perf_counter() - start)
        median, worst = statistics.median(times), max(times)
        verdict = "met" if worst < READ_GOAL else "MISSED"
        print(f"  read {label} ({len(blob) / 1024:.0f} kB): median {median * 1000:.2f} ms, slowest "
              f"{worst * 1000:.2f} ms of {READS} (goal under {READ_GOAL * 1000:.0f} ms: {verdict})")


def army() -> object:
    at = apptest.page("army")
    for who, name in (("mine", "space_marines_9th.ros"), ("theirs", "orcs_old_world.ros")):
        at.file_uploader(key=f"army_{who}_file").set_value((name, (ROSTERS / name).read_bytes(),
                                                            "application/octet-stream"))
        at.run()
    assert not at.exception
    return at


def main() -> int:
    print("Army files (bench/rosters.py)")
    read_times()
    apptest.server_path()
    apptest.CASES["army"] = (army, lambda at, i: at.selectbox(key="army_target").set_value(
        "theirs:1" if i % 2 else "mine:1"))
    blocks = [apptest.block(["trivial", "army"]) for _ in range(apptest.ROUNDS)]
    apptest.report("AppTest rerun of /army with both rosters listed, a target picked in turn (median of {count} "
                   f"reruns a page, in bursts of {apptest.BURST - 1} taken in turn", ["army"], blocks,
                   {"army": RERUN_GOAL})
    return 0


if __name__ == "__main__":
    sys.exit(main())
