"""Charge benchmark: the whole charge (docs/rules.md § Fantasy: the charge), each cold, in a fresh process.

RULES.md §8's whole-charge example, and the three /combat presets each with every reaction (Hold,
Stand & Shoot, Flee): goal under 200 ms each. Stand & Shoot with two groups (10 handguns and 10
crossbows) into a 20-model unit: goal under 500 ms. "Cold" is a fresh process: the import, then
the first charge; the best of three runs is kept (a shared machine only ever adds time). The
presets' links turn /combat's charge part on: they give the charger's Initiative as its profile has it
(the charge adds its bonus), and their distances and movement profiles are the units' published
ones, as we read them. Run: make bench (or python bench/charge.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

GOAL_MS = 200
SHOOTING_GOAL_MS = 500
RUNS = 3

SETUP = """
from hitrules.edge import urlstate
from hitrules.situations import combat as combat_situations
from hitrules.fantasy import Group, Mover, Shot, Side, Target, Weapon, charge

SHOOTING = (Group(Shot(3, stand_and_shoot=True), 10, Weapon(4, ap=-1, armour_bane=1), name="handguns"),
            Group(Shot(3, stand_and_shoot=True), 10, Weapon(4, ap=-1), name="crossbows"))


def case(name, reaction):
    if name == "worked":
        side = dict(ws=3, leadership=7, rank_width=2, fighting=2, supporting=0, attacks=1, weapon=Weapon(3))
        two = Side(Target(3, models=2), initiative=3, **side)
        return lambda: charge(two, two, 6, Mover(4), Mover(4))
    key = "orcs_spearmen" if name == "shooting" else name
    values = urlstate.preset_values(key)
    c = combat_situations.whole_charge(urlstate.combat_input(values))
    shooting = SHOOTING if name == "shooting" else SHOOTING[:1]
    return lambda: charge(c.sides.charger, c.sides.charged, c.distance, c.charger_moves, c.charged_moves, reaction,
                          stand_and_shoot=shooting)
"""

COLD = """
import time
start = time.perf_counter()
{setup}
imported = time.perf_counter()
run = case({name!r}, {reaction!r})
made = time.perf_counter()
result = run()
done = time.perf_counter()
destroyed = result.outcomes["charged_destroyed"]
print((imported - start) * 1000, (done - made) * 1000, float(result.reached), float(destroyed))
"""

CASES = [("worked", "hold", GOAL_MS, "RULES §8's whole charge (2 against 2, M 4 from 6\")")]
CASES += [(key, reaction, GOAL_MS, f"{key}, {reaction}") for key in ("lance_halberdiers", "orcs_spearmen",
                                                                       "chariot_dwarfs")
          for reaction in ("hold", "stand_and_shoot", "flee")]
CASES.append(("shooting", "stand_and_shoot", SHOOTING_GOAL_MS,
              "Stand & Shoot, 2 groups of 10 into 20 Orcs (orcs_spearmen)"))


def cold(name: str, reaction: str) -> tuple[float, float, float, float]:
    """The best of :data:`RUNS` fresh processes: (import ms, charge ms, reached, charged destroyed)."""
    runs = []
    for _ in range(RUNS):
        out = subprocess.run([sys.executable, "-c", COLD.format(setup=SETUP, name=name, reaction=reaction)],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
        runs.append(tuple(float(x) for x in out))
    return min(r[0] for r in runs), min(r[1] for r in runs), runs[0][2], runs[0][3]


def main() -> int:
    print("charge: the whole charge, cold (a fresh process, best of 3), from the import on")
    missed = 0
    for name, reaction, goal, title in CASES:
        imported, ms, reached, destroyed = cold(name, reaction)
        verdict = "met" if ms < goal else "MISSED"
        missed += ms >= goal
        print(f"  {title:<62} {ms:7.1f} ms  (goal {goal} ms: {verdict}; import {imported:.0f} ms; "
              f"reaches {reached:.1%}, charged destroyed {destroyed:.1%})")
    print(f"  every charge under its goal: {'met' if not missed else 'MISSED'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
