"""Engine benchmark: what the charts need, computed by hitrules and by icepool in the same run.

Prints both times and the ratio (goal: hitrules at least 25x faster), after checking that
every number is identical. Run: make bench (or python bench/engine.py).
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path

import icepool

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hitrules import dice, fantasy, ninth

FANTASY_GRID = [(bs, m) for bs in range(1, 11) for m in range(-10, 5)]
NINTH_GRID = [(s, m, r, ow, ed) for s in range(2, 7) for m in range(-3, 4) for r in ninth.REROLLS
              for ow in (False, True) for ed in ninth.EDITIONS]
ATTACKS = ["10", "40", "120", "D6", "2D6", "D6+1"]
CHANCES = [Fraction(1, 12), Fraction(1, 6), Fraction(1, 3), Fraction(1, 2), Fraction(2, 3), Fraction(8, 9)]
SECOND = {7: 4, 8: 5, 9: 6}


def with_hitrules():
    grid_f = [fantasy.hit_chance(bs, m) for bs, m in FANTASY_GRID]
    grid_n = [ninth.hit_chance(s, m, r, ow, edition=ed) for s, m, r, ow, ed in NINTH_GRID]
    dists = [dice.hits(a, p).items() for a in ATTACKS for p in CHANCES]
    return grid_f, grid_n, dists


def _icepool_fantasy(bs, m):
    need = 7 - bs - m

    def hit(first, second):
        if first == 1 or need >= 10:
            return 0
        if need <= 6:
            return int(first >= need)
        return int(first == 6 and second >= SECOND[need])

    return icepool.map(hit, icepool.d6, icepool.d6).probability(1)


def _icepool_ninth(s, m, r, ow, ed):
    net = max(-1, min(1, m)) if ed == 9 else m

    def hit(face):
        if ow:
            return int(face == 6)
        return int(face != 1 and (face + net >= s or (face == 6 and ed == 9)))

    one = icepool.d6.map(hit)

    def with_reroll(face):
        if hit(face):
            return 1
        if r == "failed" or (r == "ones" and face == 1):
            return one
        return 0

    return icepool.d6.map(with_reroll).probability(1)


def _icepool_hits(attacks, p):
    hit = icepool.Die({1: p.numerator, 0: p.denominator - p.numerator})
    d = dice.parse_attacks(attacks)
    if not d.count:
        result = d.bonus @ hit
    else:
        result = (d.count @ icepool.Die(range(1, d.sides + 1)) + d.bonus).map(lambda n: n @ hit)
    return tuple((k, result.probability(k)) for k in range(result.max_outcome() + 1))


def with_icepool():
    grid_f = [_icepool_fantasy(bs, m) for bs, m in FANTASY_GRID]
    grid_n = [_icepool_ninth(*cell) for cell in NINTH_GRID]
    dists = [_icepool_hits(a, p) for a in ATTACKS for p in CHANCES]
    return grid_f, grid_n, dists


def best_of(fn, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> int:
    ours_t, ours = best_of(with_hitrules, 7)
    theirs_t, theirs = best_of(with_icepool, 3)
    same = ours == theirs
    cells = len(FANTASY_GRID) + len(NINTH_GRID)
    print(f"engine: {cells} grid cells + {len(ATTACKS) * len(CHANCES)} hit distributions")
    print(f"  hitrules {ours_t * 1000:9.2f} ms   (best of 7)")
    print(f"  icepool  {theirs_t * 1000:9.2f} ms   (best of 3)")
    print(f"  identical results: {same}")
    verdict = "met" if theirs_t / ours_t >= 25 else "MISSED"
    print(f"  hitrules is {theirs_t / ours_t:.1f}x faster than icepool (goal: >= 25x: {verdict})")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
