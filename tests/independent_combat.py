"""An independent exact model of RULES.md §7 (one round of fantasy close combat) and §8 (the whole
charge), written from the RULES text alone, to check the engine (tests/test_independent_combat.py).

It reads the engine's public input types (Side, Fighters, Weapon, Target, Mover) but none of the
engine's round, result, charging or weapons code: every chance here is worked out again, by plain
enumeration of the dice with exact Fractions. Small sides only (a few models, a few attacks).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product
from math import ceil
from types import SimpleNamespace

D6 = range(1, 7)
SIXTH = Fraction(1, 6)

# --- troop types (RULES §7: m / B / US per model; Killing Blow, Monster Slayer) -----------------
#            min per rank, max rank bonus, US per model (None: its Wounds)
TROOP = {
    "regular_infantry": (5, 2, 1), "heavy_infantry": (4, 2, 1), "monstrous_infantry": (3, 2, 3),
    "swarm": (None, 0, 3), "light_cavalry": (5, 1, 2), "heavy_cavalry": (4, 1, 2),
    "monstrous_cavalry": (3, 1, 3), "war_beasts": (5, 1, 1), "light_chariots": (3, 1, 3),
    "heavy_chariots": (None, 0, 5), "monster": (None, 0, None), "war_machine": (None, 0, None),
}
KILLING_BLOW_TROOPS = {"regular_infantry", "heavy_infantry", "monstrous_infantry", "light_cavalry",
                       "heavy_cavalry", "monstrous_cavalry", "war_beasts", "swarm"}
MASSED = {"regular_infantry", "heavy_infantry"}


def add(dist, key, p):
    if p:
        dist[key] = dist.get(key, 0) + p


# --- dice -----------------------------------------------------------------------------------------

def dice_dist(count, sides, bonus):
    """The distribution of count D<sides> + bonus."""
    out = {bonus: Fraction(1)}
    for _ in range(count):
        nxt = {}
        for v, p in out.items():
            for f in range(1, sides + 1):
                add(nxt, v + f, p / sides)
        out = nxt
    return out


def attack_dice(a):
    """An AttackDice (or int) as a distribution."""
    if isinstance(a, int):
        return {a: Fraction(1)}
    return dice_dist(a.count, a.sides, a.bonus)


def two_d6():
    return {(a, b): Fraction(1, 36) for a in D6 for b in D6}


def leadership_pass(ld):
    """2D6 <= Ld (a natural 2 always passes, a 12 never)."""
    ok = sum(1 for a in D6 for b in D6 if (a + b <= ld or a + b == 2) and a + b != 12)
    return Fraction(ok, 36)


# --- to hit (RULES §7) ----------------------------------------------------------------------------

def chart(a, t):
    if a > 2 * t:
        return 2
    if a > t:
        return 3
    if t <= 2 * a:
        return 4
    return 5


def hit_faces(ws, target_ws, modifier, reroll, reroll_sixes):
    """{natural face of the die that stands: chance} for hits only."""
    s = min(6, max(2, chart(ws, target_ws) - modifier))

    def hits(d):
        return d == 6 or (d != 1 and d >= s)
    out = {}
    for d in D6:
        again = (reroll_sixes and d == 6) or (reroll == "failed" and not hits(d)) or (reroll == "ones" and d == 1)
        if again:
            for e in D6:
                if hits(e):
                    add(out, e, SIXTH * SIXTH)
        elif hits(d):
            add(out, d, SIXTH)
    return out


def wound_need(s, t):
    d = s - t
    if d >= 2:
        return 2
    if d == 1:
        return 3
    if d == 0:
        return 4
    if d == -1:
        return 5
    if d >= -5:
        return 6
    return None


def save_pass(need):
    """A save roll of need+ (a natural 1 fails; above 6 none)."""
    if need is None or need > 6:
        return Fraction(0)
    return Fraction(7 - max(2, need), 6)


def attack_outcome(fighters, target, target_ws, extra_modifier, reroll_sixes):
    """One attack of `fighters` into `target`: (P(unsaved Killing Blow), P(ordinary unsaved wound))."""
    w = fighters.weapon
    if fighters.automatic:
        hits = {0: Fraction(1)}  # no natural face: Poisoned never applies
    else:
        hits = hit_faces(fighters.ws, target_ws, fighters.modifier + extra_modifier, fighters.reroll, reroll_sixes)
    base = wound_need(w.strength, target.toughness)
    killing = ((w.killing_blow and target.troop in KILLING_BLOW_TROOPS)
               or (w.monster_slayer and target.troop == "monster"))
    ward_fail = 1 - save_pass(target.ward)
    kb = Fraction(0)
    ordinary = Fraction(0)
    for face, ph in hits.items():
        if base is None:
            continue
        need = base
        if face == 6 and w.poisoned:
            need = max(2, need - 2)
        for wf in D6:
            if wf == 1 or wf < need:
                continue
            p = ph * SIXTH
            if wf == 6 and killing:
                kb += p * ward_fail
                continue
            ap = w.ap - (w.armour_bane if wf == 6 else 0)
            armour_fail = 1 - save_pass(None if target.armour is None else target.armour - ap)
            ordinary += p * armour_fail * ward_fail
    return kb, ordinary


def count_dist(n_dist, kb, ordinary):
    """{(k Killing Blows, o ordinary unsaved): chance} from an attack count distribution."""
    none = 1 - kb - ordinary
    out = {}
    for n, pn in n_dist.items():
        cur = {(0, 0): Fraction(1)}
        for _ in range(n):
            nxt = {}
            for (k, o), p in cur.items():
                add(nxt, (k + 1, o), p * kb)
                add(nxt, (k, o + 1), p * ordinary)
                add(nxt, (k, o), p * none)
            cur = nxt
        for key, p in cur.items():
            add(out, key, p * pn)
    return out


# --- a unit taking wounds: state (dead, damage on the current model, Wounds counted) ---------------

def apply_kb(state, unit):
    dead, dmg, score = state
    if dead >= unit.models:
        return state
    return (dead + 1, 0, score + unit.wounds - dmg)


def apply_points(state, unit, m):
    """m points of one unsaved wound into the current model, rolled one at a time until it is removed."""
    cur = {(state, False): Fraction(1)}
    for _ in range(m):
        nxt = {}
        for ((dead, dmg, score), done), p in cur.items():
            if done or dead >= unit.models:
                add(nxt, ((dead, dmg, score), True), p)
                continue
            fail = Fraction(1) if unit.regeneration is None else 1 - save_pass(unit.regeneration)
            if dmg + 1 < unit.wounds:
                add(nxt, ((dead, dmg + 1, score + 1), False), p * fail)
            else:
                add(nxt, ((dead + 1, 0, score + 1), True), p * fail)
            add(nxt, ((dead, dmg, score + 1), False), p * (1 - fail))
        cur = nxt
    out = {}
    for (s, _), p in cur.items():
        add(out, s, p)
    return out


def mw_dist(weapon):
    return attack_dice(weapon.multiple_wounds)


def is_multiple(weapon):
    mw = weapon.multiple_wounds
    return not (mw.count == 0 and mw.bonus == 1)


def land(state, unit, volleys):
    """volleys: [(weapon, {(k, o): p})] in profile order: Killing Blows first, then Multiple Wounds,
    then single wounds. Returns {state: p}."""
    dist = {(state, ()): Fraction(1)}
    for _weapon, counts in volleys:
        nxt = {}
        for (s, pending), p in dist.items():
            for (k, o), q in counts.items():
                t = s
                for _ in range(k):
                    t = apply_kb(t, unit)
                add(nxt, (t, (*pending, o)), p * q)
        dist = nxt
    order = [i for i, (w, _) in enumerate(volleys) if is_multiple(w)] + \
            [i for i, (w, _) in enumerate(volleys) if not is_multiple(w)]
    out = {}
    for (s, pending), p in dist.items():
        cur = {s: p}
        for i in order:
            mw = mw_dist(volleys[i][0])
            for _ in range(pending[i]):
                nxt = {}
                for t, q in cur.items():
                    for m, pm in mw.items():
                        for u, r in apply_points(t, unit, m).items():
                            add(nxt, u, q * pm * r)
                cur = nxt
        for t, q in cur.items():
            add(out, t, q)
    return out


# --- the round ------------------------------------------------------------------------------------

def base_initiative(side):
    if side.strike_first and not side.strike_last:
        return 10
    if side.strike_last and not side.strike_first:
        return 1
    return side.initiative


def rank_and_file_initiative(side):
    """10 with Strike First, 1 with Strike Last, else the profile's; + the charge's bonus, held to 10;
    + the thrusting spear's +1, held by no rule (an Initiative of 11 is a profile's 10 and the spear's +1)."""
    spear = 1 if side.initiative == 11 else 0
    base = base_initiative(side)
    if base == side.initiative:
        base -= spear
    return min(10, base + side.charge_bonus) + spear


def profiles(side):
    """[(kind, Fighters-like, initiative)] in order: rank and file, mount, others."""
    rank_and_file = SimpleNamespace(attacks=side.attacks, ws=side.ws, weapon=side.weapon, modifier=side.modifier,
                                    reroll=side.reroll, automatic=False)
    out = [("rf", rank_and_file, rank_and_file_initiative(side))]
    if side.mount is not None:
        out.append(("mount", side.mount, min(10, side.mount.initiative + side.charge_bonus)))
    for other in side.others:
        out.append(("other", other, min(10, other.initiative + side.charge_bonus)))
    return out


def us_per(unit):
    per = TROOP[unit.troop][2]
    return unit.wounds if per is None else per


def unit_strength(side, dead):
    alive = side.unit.models - dead
    if alive <= 0:
        return 0
    return alive * us_per(side.unit) + sum(o.unit_strength for o in side.others)


def attacks_of(kind, fighters, side, dead, frenzy_bonus, fighting, supporting):
    k = dead
    fa = max(0, fighting - k)
    sa = max(0, supporting - max(0, k - fighting))
    if kind == "rf":
        return {fa * (side.attacks + frenzy_bonus) + sa: Fraction(1)}
    if kind == "mount":
        per = attack_dice(fighters.attacks)
        return _times(per, fa)
    return _shift(attack_dice(fighters.attacks), frenzy_bonus)


def _times(per, n):
    out = {0: Fraction(1)}
    for _ in range(n):
        nxt = {}
        for a, p in out.items():
            for b, q in per.items():
                add(nxt, a + b, p * q)
        out = nxt
    return out


def _shift(d, b):
    return {k + b: p for k, p in d.items()}


def in_ranks(side):
    """The others that stand in the ranks: a champion and characters, never a character's mount (Unit
    Strength 0: RULES §7 "a mount's 0"; settled 6: "N counts a character, never its mount")."""
    return sum(1 for o in side.others if o.unit_strength > 0)


def rank_bonus(side, dead, enemy, enemy_us_start):
    alive = side.unit.models - dead
    n = alive + in_ranks(side)
    w = side.rank_width
    m, top, _ = TROOP[side.unit.troop]
    if m is None or side.formation == "skirmish" or ceil(n / w) > w or disrupted(side, enemy, enemy_us_start):
        return 0
    ranks = [min(w, n - i * w) for i in range(ceil(n / w))]
    counted = sum(1 for r in ranks if r >= m)
    # Horde raises the most to B + 1 (the worked example "Who fights" fixes this reading: 19 State Troops
    # five wide, three full ranks, claim +2 with Horde, 20 claim +3)
    return min(max(0, counted - 1), top + (1 if side.horde else 0))


def disrupted(side, enemy, enemy_us_start):
    if side.disrupted:
        return True
    need = 10 if side.unit.troop == "heavy_infantry" else 5
    return enemy.position != "front" and enemy.formation != "skirmish" and enemy_us_start >= need


def bonuses(side, dead, enemy, enemy_dead, enemy_us_start):
    """Everything but Wounds, for a side not wiped out."""
    total = rank_bonus(side, dead, enemy, enemy_us_start)
    us = unit_strength(side, dead)
    n = side.unit.models - dead + in_ranks(side)
    if side.formation == "close_order" and ceil(n / side.rank_width) <= side.rank_width and us >= 10:
        total += 1
    if side.unit.troop in MASSED and us > unit_strength(enemy, enemy_dead):
        total += 1
    total += side.standard + side.battle_standard + side.high_ground + side.bonus
    total += {"front": 0, "flank": 1, "rear": 2}[side.position]
    return total


def break_outcomes(leadership, diff, outnumbered, unbreakable, stubborn, hold_your_ground=False):
    """{"break"|"fall_back"|"give_ground": p}."""
    if unbreakable:
        return {"give_ground": Fraction(1)}
    if stubborn:
        return {"fall_back": Fraction(1)}

    def one(a, b):
        nat = a + b
        if nat > leadership and not (a == 1 and b == 1):
            return "break"
        if nat + diff > leadership and not (a == 1 and b == 1):
            return "break" if outnumbered else "fall_back"
        return "give_ground"
    out = {}
    for (a, b), p in two_d6().items():
        r = one(a, b)
        if r == "break" and hold_your_ground:
            for (c, d), q in two_d6().items():
                add(out, one(c, d), p * q)
        else:
            add(out, r, p)
    return out


def fear_test_applies(tester, enemy, tester_us, enemy_us):
    if not (enemy.causes_fear or enemy.causes_terror):
        return False
    if tester.causes_terror or tester.immune_to_psychology or tester.frenzy:
        return False
    if tester.causes_fear and not enemy.causes_terror:  # "Fear-causers are immune, except to Terror-causers"
        return False
    return enemy_us > tester_us


def _strikes(side, enemy, state_self, state_enemy, steps_of, ini, mod, fights):
    """The volleys `side` makes at Initiative `ini` into `enemy`."""
    out = []
    for kind, f, i in steps_of:
        if i != ini:
            continue
        fighting, supporting, frenzy, dead0 = fights  # models slain count from the round's start
        n = attacks_of(kind, f, side, state_self[0] - dead0, frenzy if kind != "mount" else 0, fighting, supporting)
        kb, o = attack_outcome(f, enemy.unit, enemy.ws, mod, enemy.reroll_sixes)
        out.append((f.weapon, count_dist(n, kb, o)))
    return out


def _auto(fighters, enemy):
    kb, o = attack_outcome(fighters, enemy.unit, enemy.ws, 0, False)
    return fighters.weapon, count_dist(attack_dice(fighters.attacks), kb, o)


def round_states(charger, charged, start_a=(0, 0, 0), start_b_score=0, fear_mod=(0, 0), fights=None):
    """The end states of one round: {(A state, B state, same_step_wipe): p}. A state is the charger's
    (dead, damage, Wounds counted for the charged), B the charged's. start_a: the charger's losses before
    the round (dead, damage, Wounds counted). fights: ((F, S, frenzy bonus, models dead at the start) charger,
    (...) charged)."""
    if fights is None:
        fights = ((charger.fighting, charger.supporting, 1 if charger.frenzy else 0, start_a[0]),
                  (charged.fighting, charged.supporting, 0, 0))
    a_models, b_models = charger.unit.models, charged.unit.models
    dist = {(start_a, (0, 0, start_b_score), False): Fraction(1)}

    def step(dist, volleys_of):
        nxt = {}
        for (sa, sb, same), p in dist.items():
            a_out = sa[0] >= a_models
            b_out = sb[0] >= b_models
            va, vb = volleys_of(sa, sb, a_out, b_out)
            da = land(sb, charged.unit, va) if va else {sb: Fraction(1)}
            db = land(sa, charger.unit, vb) if vb else {sa: Fraction(1)}
            for nb, q in da.items():
                for na, r in db.items():
                    both = (not a_out and not b_out and na[0] >= a_models and nb[0] >= b_models)
                    add(nxt, (na, nb, same or both), p * q * r)
        return nxt

    if charger.impact is not None:
        dist = step(dist, lambda sa, sb, ao, bo: ([] if ao or bo else [_auto(charger.impact, charged)], []))
    pa, pb = profiles(charger), profiles(charged)
    for ini in sorted({i for _, _, i in pa + pb}, reverse=True):
        def vol(sa, sb, ao, bo, ini=ini):
            if ao or bo:
                return [], []
            return (_strikes(charger, charged, sa, sb, pa, ini, fear_mod[0], fights[0]),
                    _strikes(charged, charger, sb, sa, pb, ini, fear_mod[1], fights[1]))
        dist = step(dist, vol)

    def stomps(sa, sb, ao, bo):
        if ao or bo:
            return [], []
        return ([_auto(charger.stomp, charged)] if charger.stomp else [],
                [_auto(charged.stomp, charger)] if charged.stomp else [])
    if charger.stomp is not None or charged.stomp is not None:
        dist = step(dist, stomps)
    return dist


def round_end(charger, charged, a, b, same, us_start):
    """Who won, the difference, outnumbered, wiped flags, for one end state."""
    a_out = a[0] >= charger.unit.models
    b_out = b[0] >= charged.unit.models
    score_a = b[2]  # Wounds the charged lost
    score_b = a[2]
    if not a_out:
        score_a += bonuses(charger, a[0], charged, b[0], us_start[1])
    if not b_out:
        score_b += bonuses(charged, b[0], charger, a[0], us_start[0])
    if a_out and b_out:
        winner = None
    elif a_out:
        winner = "charged"
    elif b_out or score_a > score_b:
        winner = "charger"
    elif score_b > score_a:
        winner = "charged"
    else:
        winner = None
    return winner, score_a - score_b, a_out, b_out


def combat(charger, charged, start_a=(0, 0, 0), start_b_score=0, charger_fear=False, hyg=(False, False)):
    """One round: {(winner, diff, a_out, b_out, loser's test or None): p} plus the models lost.
    charger_fear: the charger takes a Fear test as the round begins (§8, settled 3)."""
    us_a = unit_strength(charger, start_a[0])
    us_b = unit_strength(charged, 0)
    p_b = leadership_pass(charged.leadership) if fear_test_applies(charged, charger, us_b, us_a) else Fraction(1)
    p_a = leadership_pass(charger.leadership) if charger_fear and fear_test_applies(charger, charged, us_a, us_b) \
        else Fraction(1)
    ends = defaultdict(Fraction)
    lost_a, lost_b = defaultdict(Fraction), defaultdict(Fraction)
    fa, sa = _after_shooting(charger, start_a[0])
    fights = ((fa, sa, 1 if charger.frenzy else 0, start_a[0]), (charged.fighting, charged.supporting, 0, 0))
    for (ma, qa), (mb, qb) in product(((0, p_a), (-1, 1 - p_a)), ((0, p_b), (-1, 1 - p_b))):
        w = qa * qb
        if not w:
            continue
        for (a, b, same), p in round_states(charger, charged, start_a, start_b_score, (ma, mb), fights).items():
            pp = w * p
            lost_a[a[0]] += pp
            lost_b[b[0]] += pp
            winner, diff, a_out, b_out = round_end(charger, charged, a, b, same, (us_a, us_b))
            if winner is None or (winner == "charger" and b_out) or (winner == "charged" and a_out):
                ends[(winner, diff, a_out, b_out, "wiped_out" if winner else None)] += pp
                continue
            loser, lw, ld = (charged, charger, b[0]) if winner == "charger" else (charger, charged, a[0])
            wd = a[0] if winner == "charger" else b[0]
            ld_ = loser.leadership
            if lw.causes_terror and not (loser.causes_fear or loser.causes_terror):
                ld_ -= 1
            out2 = unit_strength(lw, wd) > 2 * unit_strength(loser, ld)
            stubborn = loser.stubborn and not loser.stubborn_tests
            hy = hyg[1] if winner == "charger" else hyg[0]
            for test, q in break_outcomes(ld_, abs(diff), out2, loser.unbreakable, stubborn, hy).items():
                ends[(winner, diff, a_out, b_out, test)] += pp * q
    return dict(ends), dict(lost_a), dict(lost_b)


def _after_shooting(side, dead):
    """F and S of a charger that lost `dead` models from the back before the round."""
    left = side.unit.models - dead
    f = min(side.fighting, left)
    return f, min(side.supporting, left - f)


def round_summary(charger, charged, **kw):
    """win, draw, lose, each side's {test: p} (as losing), the models lost."""
    ends, lost_a, lost_b = combat(charger, charged, **kw)
    win = sum(p for k, p in ends.items() if k[0] == "charger")
    lose = sum(p for k, p in ends.items() if k[0] == "charged")
    draw = sum(p for k, p in ends.items() if k[0] is None)
    tests = {"charger": defaultdict(Fraction), "charged": defaultdict(Fraction)}
    for (winner, _, _a_out, _b_out, test), p in ends.items():
        if winner == "charger":
            tests["charged"][test] += p
        elif winner == "charged":
            tests["charger"][test] += p
    difference = defaultdict(Fraction)
    for key, p in ends.items():
        difference[key[1]] += p
    return {"win": win, "draw": draw, "lose": lose, "difference": dict(difference),
            "charger_test": dict(tests["charger"]),
            "charged_test": dict(tests["charged"]), "charger_lost": lost_a, "charged_lost": lost_b}


# --- §7: who fights, weapons, armour --------------------------------------------------------------

def my_who_fights(models, w, troop, supports, charged, fought_in="front", others=0, formation="close_order"):
    """(F, S) of RULES §7 "Who fights"; N = models counts the others, who stand in the front rank and fight
    as themselves: fought elsewhere, a rank or file that holds them has that many fewer rank and file."""
    n = models
    rf = n - others
    r = min(w, n) if fought_in in ("front", "rear") else ceil(n / w)
    f = r - others if fought_in == "front" else min(r, rf)
    depth = ceil(n / w)
    press = troop in MASSED and not charged and formation != "skirmish" and depth <= w
    pr = min(r, n - r) if press else 0
    sup = min(w, n - r - pr) if supports and fought_in == "front" else 0
    s = min(pr + sup, rf - f)
    return f, s


# name: (S bonus, AP, bane, two_handed, strike_first, strike_last, extra, fight in extra rank)
WEAPONS = {
    "hand weapon": (0, 0, 0, False, False, False, 0, False),
    "additional hand weapon": (0, 0, 0, True, False, False, 1, False),
    "great weapon": (2, -2, 1, True, False, True, 0, False),
    "halberd": (1, -1, 1, True, False, False, 0, False),
    "flail": (2, -2, 1, True, False, False, 0, False),
    "morning star": (1, -1, 1, False, False, False, 0, False),
    "whip": (0, 0, 0, False, True, False, 0, True),
    "lance": (2, -2, 1, False, False, False, 0, False),
    "cavalry spear": (1, -1, 0, False, False, False, 0, True),
    "thrusting spear": (0, 0, 0, False, False, False, 0, True),
    "throwing spear": (0, 0, 0, False, False, False, 0, True),
    "long spear": (0, 0, 0, False, True, False, 0, True),
    "polearm": (0, 0, 0, False, False, False, 0, True),
    "polearm (two-handed)": (1, -1, 0, True, False, False, 0, False),
}


def my_combat_weapon(name, s, charged, charger_in_front=False):
    """(strength, ap, bane, two_handed, strike_first, strike_last, extra, supports, initiative)."""
    if charged:
        charger_in_front = False
    if name in ("lance", "throwing spear") and not charged:
        name = "hand weapon"
    sb, ap, bane, two, sf, sl, extra, extra_rank = WEAPONS[name]
    if name == "halberd" and charged:
        ap = -2
    if name in ("flail", "morning star") and not charged:
        sb, bane = 0, 0  # "S+2, Armour Bane only if charged": the AP stays
    if name == "cavalry spear" and not charged:
        sb, ap = 0, 0
    supports = extra_rank
    if name in ("cavalry spear", "thrusting spear", "long spear", "polearm") and charged:
        supports = False
    if name == "long spear":
        sf = charger_in_front
    ini = 1 if name == "thrusting spear" and charger_in_front else 0
    return (min(10, s + sb), ap, bane, two, sf, sl, extra, supports, ini)


ARMOUR_BASE = {"none": 7, "light": 6, "heavy": 5, "full plate": 4}
BEST_3 = {"light_chariots", "heavy_chariots", "monster", "war_machine"}


def my_armour_value(armour, shield=False, barding=False, hide=0, troop="regular_infantry", two_handed=False,
                    in_combat=True, weapon="hand weapon"):
    v = ARMOUR_BASE[armour]
    two = two_handed or WEAPONS[weapon][3]
    use_shield = shield and not (in_combat and two)
    v -= use_shield + barding + hide
    best = 3 if troop in BEST_3 else 2
    v = max(best, v)
    if in_combat and troop in MASSED and shield and weapon == "hand weapon" and not two_handed and v > 3:
        v -= 1  # Parry, to at best 3+
    return None if v >= 7 else v


# --- §8: the charge ---------------------------------------------------------------------------------

def _keep(d1, d2, low):
    return min(d1, d2) if low else max(d1, d2)


def _die_fw(fw):
    """One D6 of a 2D6 roll, natural 1s rolled again once with Finest Warhorses."""
    if not fw:
        return {f: SIXTH for f in D6}
    out = {1: SIXTH * SIXTH}
    for f in range(2, 7):
        out[f] = SIXTH + SIXTH * SIXTH
    return out


def _conv(a, b):
    out = {}
    for x, p in a.items():
        for y, q in b.items():
            add(out, x + y, p * q)
    return out


def charge_range(mover, terrain=False):
    die = _die_fw(mover.finest_warhorses)
    m = max(1, mover.movement - 1) if terrain else mover.movement
    out = {}
    for (a, pa), (b, pb) in product(die.items(), die.items()):
        add(out, m + _keep(a, b, terrain), pa * pb)
    if mover.swiftstride:
        out = _conv(out, {f: SIXTH for f in D6})
    return out


def _war(mover, side):
    return mover.war_machine or side.unit.troop == "war_machine"


def flee(mover, side, good_order=False):
    die = _die_fw(mover.finest_warhorses)
    out = {}
    for (a, pa), (b, pb) in product(die.items(), die.items()):
        add(out, max(a, b) if good_order else a + b, pa * pb)
    if mover.swiftstride:
        out = _conv(out, {f: SIXTH for f in D6})
    minus = 1 if (mover.resolute or _war(mover, side)) else 0
    return _clip(out, minus)


def _clip(d, minus):
    out = {}
    for v, p in d.items():
        add(out, max(1, v - minus), p)
    return out


def pursue(mover):
    die = _die_fw(mover.finest_warhorses)
    out = {}
    for (a, pa), (b, pb) in product(die.items(), die.items()):
        add(out, a + b, pa * pb)
    if mover.swiftstride:
        out = _conv(out, {f: SIXTH for f in D6})
    return _clip(out, 1 if mover.resolute else 0)


def caught(pd, fd, gap):
    return sum(p * q for x, p in pd.items() for y, q in fd.items() if x >= y + gap)


def _pursues(mover, side):
    # a war machine never pursues, Frenzy or not (it cannot); Frenzy only takes away the choice not to
    return not _war(mover, side) and (side.frenzy or mover.pursues)


def _follows(mover, side):
    return side.frenzy or mover.pursues


OUTCOMES = ("failed", "escaped", "run_down", "charger_destroyed", "charged_destroyed", "both_destroyed",
            "charger_fled", "charged_fled", "charger_fell_back", "charged_fell_back", "fight_goes_on")


def charge(charger, charged, distance, am, bm, reaction="hold", terrain=False, gap=0, shooting=None):
    """The eleven outcomes. shooting: {(Wounds lost, Wounds recovered): p} of Stand & Shoot (or None)."""
    from dataclasses import replace
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    cr = charge_range(am, terrain)
    reach = sum(p for v, p in cr.items() if v >= distance)
    us_a0 = unit_strength(charger, 0)
    us_b0 = unit_strength(charged, 0)
    fear_before = fear_test_applies(charger, charged, us_a0, us_b0)
    p_go = leadership_pass(charger.leadership) if fear_before else Fraction(1)
    out["failed"] += 1 - p_go
    n = charger.unit.models + in_ranks(charger)
    column = ceil(n / charger.rank_width) > charger.rank_width
    can_flee = not (charged.frenzy or charged.immune_to_psychology)
    terror = charger.causes_terror and can_flee and not charged.causes_terror
    p_hold = leadership_pass(charged.leadership) if terror else Fraction(1)
    for react, pr in ((reaction, p_hold), ("flee", 1 - p_hold)):
        w = p_go * pr
        if not w:
            continue
        if react == "flee":
            if column:
                out["escaped"] += w
                continue
            fd = flee(bm, charged)
            rd = sum(p * q for c, p in cr.items() for f, q in fd.items() if c >= distance + f + gap)
            out["run_down"] += w * rd
            out["escaped"] += w * (1 - rd)
            continue
        shots = shooting if react == "stand_and_shoot" and shooting else {(0, 0): Fraction(1)}
        bonus = min(4 if charger.position != "front" else 3, distance)
        a = replace(charger, charge_bonus=bonus, impact=charger.impact if distance >= 3 else None)
        for (lost, rec), ps in shots.items():
            ww = w * ps
            dead, dmg = divmod(lost, charger.unit.wounds)
            if dead >= charger.unit.models:
                out["charger_destroyed"] += ww
                continue
            if column:
                out["failed"] += ww
                continue
            out["failed"] += ww * (1 - reach)
            if not reach:
                continue
            # a charger that needed no test before declaring tests as the round begins if now outnumbered
            us_a = unit_strength(charger, dead)
            fear_now = (not fear_before) and fear_test_applies(charger, charged, us_a, us_b0)
            ends, _, _ = combat(a, charged, start_a=(dead, dmg, lost + rec), start_b_score=0,
                                charger_fear=fear_now, hyg=(am.hold_your_ground, bm.hold_your_ground))
            for key, p in ends.items():
                _after(out, key, ww * reach * p, charger, charged, am, bm, gap)
    return out


def _after(out, key, p, charger, charged, am, bm, gap):
    winner, _diff, a_out, b_out, test = key
    if a_out and b_out:
        out["both_destroyed"] += p
        return
    if winner is None:
        out["fight_goes_on"] += p
        return
    if winner == "charger":
        lname, lside, lmov, wside, wmov = "charged", charged, bm, charger, am
    else:
        lname, lside, lmov, wside, wmov = "charger", charger, am, charged, bm
    if test == "wiped_out":
        out[f"{lname}_destroyed"] += p
        return
    if test == "break":
        if _war(lmov, lside):
            out[f"{lname}_destroyed"] += p
            return
        c = caught(pursue(wmov), flee(lmov, lside), gap) if _pursues(wmov, wside) else Fraction(0)
        out[f"{lname}_destroyed"] += p * c
        out[f"{lname}_fled"] += p * (1 - c)
        return
    if test == "fall_back":
        c = caught(pursue(wmov), flee(lmov, lside, True), gap) if _pursues(wmov, wside) else Fraction(0)
        out["fight_goes_on"] += p * c
        out[f"{lname}_fell_back"] += p * (1 - c)
        return
    if _follows(wmov, wside):
        out["fight_goes_on"] += p
    else:
        out[f"{lname}_fell_back"] += p


# --- Stand & Shoot (§8, with §1's hit roll and §4's wound and saves), one group ------------------------

def shooting_hit(bs, modifier=-1):
    """§1: the chance one shot hits (score 7 - BS - modifier; the 7+ chart)."""
    score = 7 - bs - modifier
    if score <= 2:
        return Fraction(5, 6)
    if score <= 6:
        return Fraction(7 - score, 6)
    return {7: Fraction(1, 12), 8: Fraction(1, 18), 9: Fraction(1, 36)}.get(score, Fraction(0))


def stand_and_shoot(bs, shots, weapon, unit, armour):
    """{(Wounds the charger lost, Wounds its Regeneration recovered): p} from `shots` shots at BS `bs` with
    `weapon` (no Poisoned Attacks) into `unit` at save `armour` against shooting."""
    hit = shooting_hit(bs)
    base = wound_need(weapon.strength, unit.toughness)
    unsaved = Fraction(0)
    if base is not None:
        for wf in D6:
            if wf == 1 or wf < base:
                continue
            ap = weapon.ap - (weapon.armour_bane if wf == 6 else 0)
            fail = 1 - save_pass(None if armour is None else armour - ap)
            unsaved += hit * SIXTH * fail * (1 - save_pass(unit.ward))
    n_unsaved = count_dist({shots: Fraction(1)}, Fraction(0), unsaved)
    mw = mw_dist(weapon)
    out = {}
    for (_, k), p in n_unsaved.items():
        cur = {(0, 0, 0, 0): p}  # dead, damage, lost, recovered
        for _ in range(k):
            nxt = {}
            for (dead, dmg, lost, rec), q in cur.items():
                for m, pm in mw.items():
                    for st, r in _points_tracked((dead, dmg, lost, rec), unit, m).items():
                        add(nxt, st, q * pm * r)
            cur = nxt
        for (dead, dmg, _lost, rec), q in cur.items():
            add(out, (dead * unit.wounds + dmg, rec), q)
    return out


def _points_tracked(state, unit, m):
    cur = {(state, False): Fraction(1)}
    fail = Fraction(1) if unit.regeneration is None else 1 - save_pass(unit.regeneration)
    for _ in range(m):
        nxt = {}
        for ((dead, dmg, lost, rec), done), p in cur.items():
            if done or dead >= unit.models:
                add(nxt, ((dead, dmg, lost, rec), True), p)
                continue
            if dmg + 1 < unit.wounds:
                add(nxt, ((dead, dmg + 1, lost + 1, rec), False), p * fail)
            else:
                add(nxt, ((dead + 1, 0, lost + 1, rec), True), p * fail)
            add(nxt, ((dead, dmg, lost, rec + 1), False), p * (1 - fail))
        cur = nxt
    out = {}
    for (s, _), p in cur.items():
        add(out, s, p)
    return out
