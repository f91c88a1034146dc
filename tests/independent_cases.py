"""Seeded random small sides and charges for tests/test_independent_combat.py."""

from __future__ import annotations

from independent_combat import my_who_fights

from hitrules.fantasy import Fighters, Mover, Side, Target, Weapon

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
        if rng.random() < 0.3:
            others += (fighters(rng, us=0, name="character's mount"),)
    formation = rng.choice(("close_order", "close_order", "open_order", "skirmish"))
    supports = rng.random() < 0.4
    placed = sum(1 for o in others if o.unit_strength)
    f, s = my_who_fights(models + placed, width, troop, supports, charger, "front", placed, formation)
    f = max(0, min(f, models))
    s = min(s, models - f)
    if f == 0 and s == 0:
        f = min(1, models)
    flags = {k: rng.random() < 0.15 for k in ("standard", "battle_standard", "high_ground", "disrupted",
                                               "unbreakable", "stubborn", "reroll_sixes", "horde", "strike_first",
                                               "strike_last", "frenzy", "causes_fear", "causes_terror",
                                               "immune_to_psychology", "stubborn_tests")}
    mount = fighters(rng, name="mount") if troop == "heavy_cavalry" else None
    return Side(unit, ws=rng.randint(2, 6), initiative=rng.randint(1, 6), leadership=rng.randint(2, 10),
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


def big_side(rng, charger):
    """A unit in ranks: 8..16 infantry of one Wound, few attacks, so Rank Bonus, Close Order, Massed Infantry,
    Disrupted and Marching Column all come into play."""
    from dataclasses import replace
    troop = rng.choice(("regular_infantry", "heavy_infantry", "regular_infantry", "war_beasts"))
    models = rng.randint(8, 16)
    unit = Target(rng.randint(3, 4), armour=rng.choice((None, 4, 5, 6)), models=models, troop=troop)
    width = rng.randint(2, 5)
    others = ()
    if rng.random() < 0.4:
        others = (Fighters(rng.choice((1, 2, "D3")), 4, Weapon(4), rng.randint(2, 5), name="champion",
                           unit_strength=1),)
    formation = rng.choice(("close_order", "close_order", "open_order", "skirmish"))
    f, s = my_who_fights(models + len(others), width, troop, rng.random() < 0.4, charger, "front", len(others),
                         formation)
    base = side(rng, charger)
    return replace(base, unit=unit, rank_width=width, fighting=f, supporting=min(s, models - f), attacks=1,
                   others=others, formation=formation, mount=None, impact=None, stomp=None,
                   weapon=Weapon(rng.randint(3, 4), ap=rng.choice((0, -1))))


def big_pair(rng):
    from dataclasses import replace
    a, b = big_side(rng, True), big_side(rng, False)
    position = rng.choice(("front", "front", "flank", "rear"))
    a = replace(a, position=position, charge_bonus=min(a.charge_bonus, 3 if position == "front" else 4))
    if position != "front":
        b = replace(b, supporting=0)
    return a, b
