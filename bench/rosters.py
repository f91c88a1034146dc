"""Army files: how long reading the largest test roster takes, a 2,000-point Old World list read whole, and
how /army reruns against the trivial page.

Goals: reading the largest roster in tests/rosters/ (zipped too) under 200 ms (issue 29); a 2,000-point Old
World Builder list (its .owb.json list file, and its text export without stats, which the catalogue fills)
read, tabled and linked, every unit, in under 1 s (issue 43). /army's AppTest rerun against the trivial
page is a diagnostic, not a goal (issue 41: what a player feels is bench/browser.py).
Run: make bench (or python bench/rosters.py).
"""

from __future__ import annotations

import io
import json
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
#: Issue 43: a 2,000-point list, read and every unit tabled and linked, in under 1 s.
LIST_GOAL = 1.0
LIST_POINTS = 2000
READS = 50


def two_thousand_points() -> list[tuple[str, bytes, str]]:
    """A 2,000-point list of each kind Old World Builder writes, made from the test fixtures' units repeated:
    its list file (.owb.json) and its text export without stats (the catalogue fills the profiles)."""
    made = json.loads((ROSTERS / "empire_list.owb.json").read_bytes())
    categories = ("characters", "core", "special", "rare")
    points = sum(u.get("points", 0) for c in categories for u in made[c]) or 1
    times = -(-LIST_POINTS // points)
    listed = {**made, **{c: [dict(u, id=f"{u['id']}.{n}") for n in range(times) for u in made[c]]
                         for c in categories}}
    text = (ROSTERS / "empire_owb_no_stats.txt").read_text()
    head, _, body = text.partition("\n++")
    body, dashes, footer = body.partition("\n---\n")  # the builder's last lines, once
    each = int(head.split("[", 1)[1].split(" ", 1)[0])
    times_text = -(-LIST_POINTS // each)
    sections = []
    for section in ("++" + body).split("\n++"):  # each section: its heading line, then its units
        heading, _, units = section.partition("\n")
        sections.append(heading + "\n\n" + "\n\n".join(units.strip("\n") for _ in range(times_text)) + "\n")
    export = head + "\n" + "\n++".join(sections) + dashes + footer
    return [(f"list file, {points * times} pts", json.dumps(listed).encode(), "army.owb.json"),
            (f"text export without stats, {each * times_text} pts", export.encode(), "army.txt")]


def list_times() -> None:
    """Each 2,000-point list: read, its units' table, and every unit's links (the page's work on an upload)."""
    for label, blob, name in two_thousand_points():
        times = []
        for _ in range(5):
            start = time.perf_counter()
            roster = rosters.read(blob, name)
            rosters.units_table(roster)
            for unit in roster.units:
                rosters.unit_links(unit, None, None)
            times.append(time.perf_counter() - start)
        worst = max(times)
        verdict = "met" if worst < LIST_GOAL else "MISSED"
        print(f"  a 2,000-point Old World list, {label}: {len(roster.units)} units read, tabled and linked in "
              f"{statistics.median(times) * 1000:.1f} ms (slowest {worst * 1000:.1f} ms of 5; goal under "
              f"{LIST_GOAL * 1000:.0f} ms: {verdict})")


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
    list_times()
    apptest.server_path()
    apptest.CASES["army"] = (army, lambda at, i: at.selectbox(key="army_target").set_value(
        "theirs:1" if i % 2 else "mine:1"))
    blocks = [apptest.block(["trivial", "army"]) for _ in range(apptest.ROUNDS)]
    apptest.report("AppTest rerun of /army with both rosters listed, a target picked in turn, a diagnostic (median "
                   f"of {{count}} reruns a page, in bursts of {apptest.BURST - 1} taken in turn", ["army"], blocks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
