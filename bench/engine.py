"""Engine benchmark: what the charts need, computed by hitrules and by icepool in the same run.

Three parts: the hit roll (grids of chances and hit distributions), the whole chain after
the hit (models removed), and a whole unit of six profiles, its damage carried from one profile
to the next (against icepool folding every attack into the unit's state), with the best order of
four profiles timed cold; the chain once from the engine's pieces and once through ninth.attack_outcome
(which also writes the explanation; each stage's distribution is worked out only when read). Each
prints both CPU times and the ratio (goal: hitrules at least 25x faster on the same work; the rows
through attack_outcome and attack_unit do more, and are shown for comparison), after checking that
every number is identical. Run: make bench (or python bench/engine.py).
"""

from __future__ import annotations

import sys
import time
from fractions import Fraction
from pathlib import Path

import icepool

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hitrules import damage, dice, fantasy, ninth

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


# More runs of the fast side: a few milliseconds are easily disturbed on a shared machine.
OURS_REPEATS = 25
ICEPOOL_REPEATS = 5
#: A whole unit takes about a millisecond: more runs still cost little, and steady its best time.
UNIT_REPEATS = 200


def best_of(fn, repeats):
    """The best CPU time of ``repeats`` runs: on a shared machine, waiting for a core is not work."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        result = fn()
        times.append(time.process_time() - start)
    return min(times), result


# The whole chain: 9th edition, BS 3+, Strength 5 against Toughness 4 (3+ to wound), Save 3+
# against AP -1 (4+), no Feel No Pain, into a unit of 10 models; every attack count, Damage
# and wounds per model below, as the exact distribution of models removed.
CHAIN_ATTACKS = ["10", "40", "2D6"]
CHAIN_DAMAGE = ["1", "D3", "D6", "D3+3"]
CHAIN_WOUNDS = [1, 3, 10]
CHAIN_MODELS = 10
CHAIN_CASES = [(a, d, w) for a in CHAIN_ATTACKS for d in CHAIN_DAMAGE for w in CHAIN_WOUNDS]


def chain_with_hitrules():
    """The models removed from the engine's own pieces: the per-attack chance, then casualties()."""
    unsaved_one = ninth.hit_chance(3, 0) * ninth.wound_chance(5, 4) * (1 - ninth.save_chance(3, ap=-1))
    out = []
    for attacks, damage_, wounds in CHAIN_CASES:
        profile = damage.Profile.of(damage.parse_damage(damage_), wounds, CHAIN_MODELS)
        _, removed = profile.casualties(dice.hits(attacks, unsaved_one))
        out.append(removed.items())
    return out


def chain_with_attack_outcome():
    """The same through ninth.attack_outcome: the stage chances and the explanation too."""
    attack = ninth.Attack(3)
    out = []
    for attacks, damage_, wounds in CHAIN_CASES:
        target = ninth.Target(4, save=3, wounds=wounds, models=CHAIN_MODELS)
        out.append(ninth.attack_outcome(attack, attacks, ninth.Weapon(5, -1, damage_), target).models_removed.items())
    return out


def icepool_count(text: str) -> icepool.Die:
    """A number of attacks or points of damage (``"D3+3"``) as an icepool die."""
    d = dice.parse_attacks(text)
    return icepool.Die([d.bonus]) if not d.count else d.count @ icepool.Die(range(1, d.sides + 1)) + d.bonus


def icepool_thinned(count: icepool.Die, keep: icepool.Die) -> icepool.Die:
    """How many of ``count`` independent trials succeed, each as the 0/1 die ``keep``."""
    return count.map(lambda n: n @ keep if n else icepool.Die([0]))


def icepool_carry(start: icepool.Die, unsaved: icepool.Die, loss: icepool.Die, wounds: int,
                  models: int) -> icepool.Die:
    """Wounds lost: the state after k unsaved attacks from ``start`` (the wounds already lost),
    mixed over P(k unsaved).

    Each unsaved attack costs ``loss`` wounds (after Feel No Pain) on the current model; what
    is beyond its last wound is lost.
    """
    full = wounds * models

    def step(t, lost):
        return t if t == full else t + min(lost, wounds - t % wounds)

    states = [start]
    for _ in range(unsaved.max_outcome()):
        states.append(icepool.map(step, states[-1], loss))
    return unsaved.map(lambda k: states[k])


def icepool_casualties(unsaved: icepool.Die, loss: icepool.Die, wounds: int, models: int) -> icepool.Die:
    """Models removed by ``unsaved`` attacks of ``loss`` wounds each at a fresh unit."""
    return icepool_carry(icepool.Die([0]), unsaved, loss, wounds, models).map(lambda t: t // wounds)


def _icepool_unsaved_9th(face_hit, face_wound, face_save):
    # BS 3+, 3+ to wound (9th: a 6 always wounds), save 4+; a natural 1 always fails.
    return int(face_hit >= 3 and face_wound >= 3 and face_save < 4)


def chain_with_icepool():
    unsaved_one = icepool.map(_icepool_unsaved_9th, icepool.d6, icepool.d6, icepool.d6)
    out = []
    for attacks, damage_, wounds in CHAIN_CASES:
        unsaved = icepool_thinned(icepool_count(attacks), unsaved_one)
        removed = icepool_casualties(unsaved, icepool_count(damage_), wounds, CHAIN_MODELS)
        out.append(tuple((k, removed.probability(k)) for k in range(removed.max_outcome() + 1)))
    return out


# A whole unit (issue 19): 6 profiles of 10 attacks with Damage D6, each its own BS, Strength and
# AP, into 20 models of 3 wounds (T4, Save 3+), the damage carried from one profile to the next.
UNIT_PROFILES = [(2, 4, 0), (3, 5, -1), (3, 8, -2), (4, 4, -1), (4, 9, -3), (5, 6, 0)]  # (BS, S, AP)
UNIT_ATTACKS, UNIT_DAMAGE, UNIT_WOUNDS, UNIT_MODELS = 10, "D6", 3, 20
UNIT_TARGET = ninth.Target(4, save=3, wounds=UNIT_WOUNDS, models=UNIT_MODELS)


def unit_groups(profiles=UNIT_PROFILES, damage_=UNIT_DAMAGE) -> list[ninth.Group]:
    return [ninth.Group(ninth.Attack(bs), UNIT_ATTACKS, ninth.Weapon(s, ap, damage_)) for bs, s, ap in profiles]


UNIT_GROUPS = unit_groups()  # made once, as a page makes them from its inputs


def unit_with_hitrules():
    result = ninth.attack_unit(UNIT_GROUPS, UNIT_TARGET)
    return result.wounds_lost.items(), result.models_removed.items()


def unit_with_pieces():
    """The same unit from the engine's own pieces, the same work as icepool's: each profile's unsaved
    attacks, then Profile.casualties carried on from the wounds the profiles before it left."""
    profile = damage.Profile.of(damage.parse_damage(UNIT_DAMAGE), UNIT_WOUNDS, UNIT_MODELS)
    lost = None
    for bs, s, ap in UNIT_PROFILES:
        one = ninth.hit_chance(bs, 0) * ninth.wound_chance(s, 4) * (1 - ninth.save_chance(3, ap))
        lost, removed = profile.casualties(dice.hits(UNIT_ATTACKS, one), start=lost)
    return lost.items(), removed.items()


def unit_with_icepool():
    """icepool folds every attack's loss die into the unit's state, one attack after another."""
    full = UNIT_WOUNDS * UNIT_MODELS

    def step(t, lost):
        return t if t == full else t + min(lost, UNIT_WOUNDS - t % UNIT_WOUNDS)

    lost = icepool.Die([0])
    for bs, s, ap in UNIT_PROFILES:
        score = 2 if s >= 8 else 3 if s > 4 else 4
        need = 3 - ap

        def unsaved(h, w, v, bs=bs, score=score, need=need):
            return int(h != 1 and h >= bs and w != 1 and w >= score and (v == 1 or v < need))

        one = icepool.map(unsaved, icepool.d6, icepool.d6, icepool.d6)
        loss = one.map(lambda u: icepool_count(UNIT_DAMAGE) if u else 0)
        for _ in range(UNIT_ATTACKS):
            lost = icepool.map(step, lost, loss)
    return _icepool_items(lost), _icepool_items(lost.map(lambda t: t // UNIT_WOUNDS))


def _icepool_items(die: icepool.Die) -> tuple:
    return tuple((k, die.probability(k)) for k in range(die.max_outcome() + 1))


def best_order_cold() -> tuple[float, tuple[int, ...]]:
    """The CPU time of one 9th-edition unit of 4 profiles (24 orders), worked out once in this process."""
    groups = unit_groups(UNIT_PROFILES[:4], "D3")
    start = time.process_time()
    result = ninth.attack_unit(groups, UNIT_TARGET)
    return time.process_time() - start, result.best_order


def interleaved(ours_fn, theirs_fn, repeats: int) -> tuple[tuple[float, object], tuple[float, object]]:
    """The CPU times of both, taken in turn (one icepool run, then ``repeats / ICEPOOL_REPEATS`` of ours,
    and again): the machine's busy spells, which swing a millisecond threefold, fall on both."""
    ours, theirs = [], []
    for _ in range(ICEPOOL_REPEATS):
        theirs.append(best_of(theirs_fn, 1))
        ours += [best_of(ours_fn, 1) for _ in range(repeats // ICEPOOL_REPEATS)]
    ours.sort(key=lambda r: r[0])
    tenth = ours[len(ours) // 10][0]
    print(f"  (hitrules' tenth percentile {tenth * 1000:.2f} ms: {min(t for t, _ in theirs) / tenth:.1f}x; a "
          "millisecond is short enough for the best to be a lucky one)")
    return ours[0], min(theirs, key=lambda r: r[0])


def report(title: str, ours_fn, theirs_fn, theirs=None, repeats=OURS_REPEATS, in_turn=False,
           same_work=True) -> tuple[bool, tuple]:
    if in_turn:
        (ours_t, ours), theirs = interleaved(ours_fn, theirs_fn, repeats)
    else:
        ours_t, ours = best_of(ours_fn, repeats)
    if theirs is None:
        theirs = best_of(theirs_fn, ICEPOOL_REPEATS)
    theirs_t, theirs_result = theirs
    same = ours == theirs_result
    print(title)
    print(f"  hitrules {ours_t * 1000:9.2f} ms   (best of {repeats})")
    print(f"  icepool  {theirs_t * 1000:9.2f} ms   (best of {ICEPOOL_REPEATS})")
    print(f"  identical results: {same}")
    verdict = ("goal: >= 25x: " + ("met" if theirs_t / ours_t >= 25 else "MISSED") if same_work
               else "more work than icepool's: no goal, for comparison")
    print(f"  hitrules is {theirs_t / ours_t:.1f}x faster than icepool ({verdict})")
    return same, theirs


def main() -> int:
    cells = len(FANTASY_GRID) + len(NINTH_GRID)
    hit_ok, _ = report(f"engine: {cells} grid cells + {len(ATTACKS) * len(CHANCES)} hit distributions",
                       with_hitrules, with_icepool)
    cases = (f"{len(CHAIN_CASES)} distributions of models removed ({', '.join(CHAIN_ATTACKS)} attacks; Damage "
             f"{', '.join(CHAIN_DAMAGE)}; {CHAIN_MODELS} models of {', '.join(map(str, CHAIN_WOUNDS))} wounds)")
    chain_ok, theirs = report(f"chain: {cases}", chain_with_hitrules, chain_with_icepool)
    full_ok, _ = report("the same through ninth.attack_outcome (more work than icepool's: also each stage's "
                        "chances and the explanation)", chain_with_attack_outcome, None, theirs, same_work=False)
    unit = f"{len(UNIT_PROFILES)} profiles x {UNIT_ATTACKS} attacks, Damage {UNIT_DAMAGE}, into {UNIT_MODELS} models of"
    pieces_ok, theirs = report(f"unit: {unit} {UNIT_WOUNDS} wounds, the damage carried on (the engine's pieces)",
                               unit_with_pieces, unit_with_icepool, repeats=UNIT_REPEATS, in_turn=True)
    unit_ok, _ = report("the same through ninth.attack_unit (more work than icepool's: also every profile alone, the "
                        "shares and the explanation)", unit_with_hitrules, None, theirs,
                        repeats=UNIT_REPEATS, same_work=False)
    cold, best = best_order_cold()
    print(f"best order of 4 profiles (24 orders), cold: {cold * 1000:.1f} ms, best {best} "
          f"(goal: < 150 ms: {'met' if cold < 0.150 else 'MISSED'})")
    return 0 if hit_ok and chain_ok and full_ok and pieces_ok and unit_ok else 1


if __name__ == "__main__":
    sys.exit(main())
