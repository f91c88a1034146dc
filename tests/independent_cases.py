"""Seeded random small sides and charges for tests/test_independent_combat.py."""

from __future__ import annotations

import random

from hitrules.fantasy import Fighters, Mover, Side, Target, Weapon
from independent_combat import my_who_fights

TROOPS = ("regular_infantry", "regular_infantry", "heavy_infantry", "heavy_cavalry", "monstrous_infantry",
          "war_beasts", "monster", "swarm")


def weapon(rng):
    return Weapon(rng.randint(2, 6), ap=rng.choice((0, 0, -1, -2)),
                  multiple_wounds=rng.choice(("1",) * 8 + ("2", "D3")),
                  poisoned=rng.random() < 0.2, armour_bane=rng.choice((0, 0, 0, 1)),
                  killing_blow=rng.random() < 0.2, monster_slayer=rng.random() < 0.1)


def fighters(rng, automatic=False, us=0, name=""):
    return Fighters(rng.choice((1, 1, 2, "D3")) if automatic else rng.randint(1, 2), rng.randint(2, 6), weapon(rng),
                    rng.randint(1, 6), modifier=0 if automatic else rng.choice((0, 0, -1, 1)),
                    reroll="none" if automatic else rng.choice(("none", "none", "ones", "failed")),
                    automatic=automatic, name=name, unit_strength=us)


def side(rng, charger, small=True):
    troop = rng.choice(TROOPS)
    wounds = rng.choice((3, 4)) if troop == "monster" else rng.choice((1, 1, 1, 2))
    models = 1 if troop == "monster" else rng.randint(1, 6 if small else 9)
    unit = Target(rng.randint(2, 5), armour=rng.choice((None, 3, 4, 5, 6)), ward=rng.choice((None, None, 5, 6)),
                  regeneration=rng.choice((None, None, None, 5)), wounds=wounds, models=models, troop=troop)
    width = rng.randint(1, 5)
    others = ()
    if rng.random() < 0.3:
        others = (fighters(rng, us=rng.randint(1, 3), name="champion"),)
    formation = rng.choice(("close_order", "close_order", "open_order", "skirmish"))
    supports = rng.random() < 0.4
    n = models + len(others)
    f, s = my_who_fights(n, width, troop, supports, charger, "front", len(others), formation)
    f = max(0, min(f, models))
    s = min(s, models - f)
    if f == 0 and s == 0:
        f = min(1, models)
    flags = {k: rng.random() < 0.15 for k in ("standard", "battle_standard", "high_ground", "disrupted",
                                               "unbreakable", "stubborn", "reroll_sixes", "horde", "strike_first",
                                               "strike_last", "frenzy", "causes_fear", "causes_terror",
                                               "immune_to_psychology", "stubborn_tests")}
    mount = fighters(rng, name="mount") if troop == "heavy_cavalry" else None
    return Side(unit, ws=rng.randint(2, 6), initiative=rng.randint(1, 6), leadership=rng.randint(5, 9),
                rank_width=width, fighting=f, supporting=s, attacks=rng.randint(1, 2), weapon=weapon(rng),
                others=others, impact=fighters(rng, True) if charger and rng.random() < 0.2 else None,
                stomp=fighters(rng, True) if rng.random() < 0.1 else None,
                modifier=rng.choice((0, 0, -1, 1)), reroll=rng.choice(("none", "none", "ones", "failed")),
                bonus=rng.choice((0, 0, 1)), formation=formation, mount=mount,
                charge_bonus=rng.randint(0, 4) if charger else 0, **flags)


def pair(rng):
    a = side(rng, True)
    b = side(rng, False)
    position = rng.choice(("front", "front", "flank", "rear"))
    from dataclasses import replace
    a = replace(a, position=position)
    if position != "front":
        b = replace(b, supporting=0)
        if a.charge_bonus == 4:
            pass
    elif a.charge_bonus == 4:
        a = replace(a, charge_bonus=3)
    return a, b


def mover(rng, side):
    return Mover(rng.randint(3, 8), swiftstride=rng.random() < 0.2, resolute=rng.random() < 0.2,
                 finest_warhorses=rng.random() < 0.2, war_machine=False,
                 pursues=rng.random() < 0.8,
                 hold_your_ground=rng.random() < 0.3 and side.unit.troop not in ("swarm", "war_beasts"))
