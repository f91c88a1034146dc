"""The whole charge: RULES.md §8's worked examples, an independent enumeration of every die of small
whole charges, the outcomes adding up to 1 over random charges, icepool for the distances, and every
refusal."""

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import icepool
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hitrules import dice, fantasy
from hitrules.fantasy import (
    Fighters,
    Group,
    Mover,
    Shot,
    Side,
    Target,
    Weapon,
    charge,
    charge_range,
    flee_distance,
    pursuit_distance,
)
from hitrules.fantasy import charging as charge_module
from hitrules.fantasy.charging import GAP_RANGE, OUTCOMES, REACTIONS, ChargeResult, max_charge_range
from hitrules.steps import anchor
from hitrules.words import chance_text

D6 = range(1, 7)


def side(models=2, ws=3, t=3, s=3, i=3, ld=7, fighting=2, supporting=0, attacks=1, troop="regular_infantry",
         width=None, **more) -> Side:
    """A small side of 1-Wound models with no saves, in one rank unless ``width`` is given (so never a Marching
    Column: deeper than wide)."""
    return Side(Target(t, models=models, troop=troop), ws=ws, initiative=i, leadership=ld,
                rank_width=width or models, fighting=fighting, supporting=supporting, attacks=attacks,
                weapon=Weapon(s), **more)


TWO = side()  # RULES.md §7's whole round: 2 models a side, Ld 7, WS 3, S3, T3, no saves


def caught(pursuer: Mover, fleer: Mover, good_order: bool = False, gap: int = 0) -> Fraction:
    pursuit, flight = pursuit_distance(pursuer), flee_distance(fleer, good_order)
    return sum((p * pursuit.at_least(f + gap) for f, p in flight.items()), Fraction(0))


# RULES.md §8's worked examples ------------------------------------------------------------------


def test_the_charge_roll_keeps_the_higher_die():
    kept = charge_range(Mover(1))
    assert [kept[1 + k] for k in D6] == [Fraction(2 * k - 1, 36) for k in D6]


def test_m4_from_9_inches():
    assert charge_range(Mover(4)).at_least(9) == Fraction(5, 9)
    assert charge_range(Mover(4)).at_least(10) == Fraction(11, 36)  # the "more than" reading §8 did not take


def test_m4_from_9_inches_with_swiftstride():
    assert charge_range(Mover(4, swiftstride=True)).at_least(9) == Fraction(101, 108)


def test_m4_from_9_inches_through_difficult_terrain():
    assert charge_range(Mover(4), terrain=True).at_least(9) == Fraction(1, 36)


@pytest.mark.parametrize(("charger", "expected"), [
    (Mover(8), Fraction(217, 432)),
    (Mover(8, swiftstride=True), Fraction(3305, 3888)),
    (Mover(4), Fraction(25, 324)),
])
def test_running_down_a_target_6_inches_away_that_flees_2d6(charger, expected):
    r = charge(TWO, TWO, 6, charger, Mover(4), reaction="flee")
    assert r.outcomes["run_down"] == expected
    assert r.outcomes["escaped"] == 1 - expected
    assert r.outcomes["failed"] == 0


def test_pursuit_against_flight():
    assert caught(Mover(4), Mover(4)) == Fraction(721, 1296)
    assert sum(p * w for f, p in flee_distance(Mover(4)).items()
               for q, w in pursuit_distance(Mover(4)).items() if q > f) == Fraction(575, 1296)  # not our reading
    assert caught(Mover(4, swiftstride=True), Mover(4)) == Fraction(1099, 1296)
    assert caught(Mover(4), Mover(4), good_order=True) == Fraction(553, 648)


def test_hold_your_ground_re_rolls_a_break_only():
    charger = side(models=1, fighting=0, bonus=4)  # the charged claims Massed Infantry and Close Order: it loses by 2
    charged = side(models=10, t=10, fighting=0, ld=7)
    # The charger never pursues, so each way the test ends is one outcome.
    r = charge(charger, charged, 1, Mover(10, pursues=False), Mover(1, hold_your_ground=True))
    assert r.outcomes["charged_fled"] == Fraction(25, 144)
    assert r.outcomes["charged_fell_back"] == Fraction(187, 432) + Fraction(85, 216)
    without = charge(charger, charged, 1, Mover(10, pursues=False), Mover(1))
    assert without.outcomes["charged_fled"] == Fraction(15, 36)
    assert without.outcomes["charged_fell_back"] == Fraction(21, 36)
    # Pursued: a Give Ground is followed up, so Gives Ground is the fight going on less the caught Fall Backs.
    pursued = charge(charger, charged, 1, Mover(10), Mover(1, hold_your_ground=True))
    fall_back = Fraction(187, 432)
    assert pursued.outcomes["charged_fell_back"] == fall_back * (1 - caught(Mover(10), Mover(1), True))
    assert pursued.outcomes["fight_goes_on"] == Fraction(85, 216) + fall_back * caught(Mover(10), Mover(1), True)
    assert any("Breaks 25/144" in s.text and "Falls Back in Good Order 187/432" in s.text and
               "Gives Ground 85/216" in s.text for s in r.steps)


def test_the_whole_charge_of_rules_8():
    r = charge(TWO, TWO, 6, Mover(4), Mover(4))
    assert r.reached == Fraction(35, 36)
    expected = Fraction(35, 36) * (Fraction(1, 16) + Fraction(18, 64) * Fraction(15, 36) * Fraction(721, 1296))
    assert expected == Fraction(247135, 1990656)
    assert r.outcomes["charged_destroyed"] == expected
    assert r.outcomes["failed"] == Fraction(1, 36)
    assert tuple(r.outcomes) == OUTCOMES and sum(r.outcomes.values()) == 1
    # The round is §7's whole round: the Initiative 3 + 3 the engine adds from 6".
    assert (r.round.win, r.round.draw, r.round.lose) == (Fraction(11, 32), Fraction(105, 256), Fraction(63, 256))


def test_the_sides_are_entered_without_the_bonus():
    with_bonus = fantasy.combat_round(side(i=6), TWO)
    assert charge(TWO, TWO, 6, Mover(4), Mover(4)).round.win == with_bonus.win
    assert charge(TWO, TWO, 2, Mover(4), Mover(4)).round.win == fantasy.combat_round(side(i=5), TWO).win
    flank, quick = dict(position="flank"), side(i=7)  # at the same time as the charger into a flank only
    assert (charge(side(**flank), quick, 9, Mover(4), Mover(4)).round.win
            == fantasy.combat_round(side(i=7, **flank), quick).win
            != fantasy.combat_round(side(i=6, **flank), quick).win)


def test_the_bonus_goes_to_each_other_and_is_held_to_10():
    champion = Fighters(1, 3, Weapon(3), 8, name="champion")
    r = charge(side(i=9, others=(champion,)), TWO, 6, Mover(4), Mover(4))
    assert r.round.win == fantasy.combat_round(side(i=10, others=(Fighters(1, 3, Weapon(3), 10, name="champion"),)),
                                              TWO).win


def test_impact_hits_only_from_3_inches():
    impact = Fighters(2, 3, Weapon(5), 3, automatic=True)
    with_impact = side(impact=impact)
    assert (charge(with_impact, TWO, 2, Mover(4), Mover(4)).round.win
            == fantasy.combat_round(side(i=5), TWO).win)
    assert (charge(with_impact, TWO, 3, Mover(4), Mover(4)).round.win
            == fantasy.combat_round(side(i=6, impact=impact), TWO).win)
    assert any("no Impact Hits" in s.text for s in charge(with_impact, TWO, 2, Mover(4), Mover(4)).steps)


def test_through_terrain_the_maximum_charge_range_uses_m_minus_1():
    # RULES.md §8: M 4 through difficult terrain: 9" is its maximum possible charge range, reached with 1/36.
    assert max_charge_range(Mover(4), terrain=True) == 9 and max_charge_range(Mover(1), terrain=True) == 7
    assert max_charge_range(Mover(4, swiftstride=True), terrain=True) == 12
    assert charge(TWO, TWO, 9, Mover(4), Mover(4), terrain=True).reached == Fraction(1, 36)
    with pytest.raises(ValueError, match=r"charge range is 9\" \(through terrain max\(1, M 4 - 1\) \+ 6\)"):
        charge(TWO, TWO, 10, Mover(4), Mover(4), terrain=True)
    assert charge(TWO, TWO, 10, Mover(4), Mover(4)).reached == Fraction(11, 36)


def test_flee_needs_no_round():
    r = charge(TWO, TWO, 6, Mover(4), Mover(4), reaction="flee")
    assert r.round is None and r.outcomes["failed"] == 0 and r.reached == Fraction(35, 36)


# RULES.md §8's corrections (issue 42) -------------------------------------------------------------

FINEST = Mover(4, finest_warhorses=True)


def test_finest_warhorses_re_roll_1s_on_flee_and_pursuit_rolls():
    flight = flee_distance(FINEST)
    assert flight.mean == Fraction(47, 6) and flight.at_least(7) == Fraction(35, 48)
    assert flee_distance(Mover(4)).at_least(7) == Fraction(7, 12)
    assert caught(Mover(4), FINEST) == Fraction(21421, 46656)
    assert caught(FINEST, Mover(4)) == Fraction(30661, 46656)
    assert charge(TWO, TWO, 6, Mover(8), FINEST, reaction="flee").outcomes["run_down"] == Fraction(5857, 15552)
    assert fantasy.pursuit(FINEST, Mover(4)).caught == Fraction(30661, 46656)
    # A Fall Back's 2D6 too, each 1 rolled again before the lower die is discarded.
    fall_back = Counter()
    for (a, p), (b, q) in product(one_die(True).items(), repeat=2):
        fall_back[max(a, b)] += p * q
    assert all(flee_distance(FINEST, good_order=True)[k] == fall_back[k] for k in D6)


def test_finest_warhorses_never_re_roll_the_swiftstride_d6():
    knights = Mover(8, finest_warhorses=True)
    assert charge_range(knights).at_least(13) == Fraction(203, 324)
    assert charge_range(Mover(8)).at_least(13) == Fraction(5, 9)
    swift = Mover(8, finest_warhorses=True, swiftstride=True)
    assert charge_range(swift).at_least(14) == Fraction(389, 432)
    assert charge_range(Mover(8, swiftstride=True)).at_least(14) == Fraction(31, 36)
    # The flight's D6 is not rolled again either: 2D6 (1s again) + D6.
    expected = Counter()
    for ((a, b), p), c in product(two_d6(True).items(), D6):
        expected[a + b + c] += p / 6
    assert all(flee_distance(Mover(4, finest_warhorses=True, swiftstride=True))[k] == expected[k] for k in range(19))
    assert any("Finest Warhorses" in s.text for s in fantasy.pursuit(FINEST, FINEST).steps)


def test_hold_your_ground_re_rolls_a_two_to_one_break_too():
    """Lost by 2 at Leadership 7, outnumbered more than two to one: without Hold Your Ground it Breaks 26/36; with
    it, 169/324, and Gives Ground 155/324 (the old reading, a two-to-one Break kept, gave 131/216)."""
    charger = side(models=3, fighting=0, bonus=2, troop="heavy_cavalry")  # Unit Strength 6 against 2
    charged = side(models=2, fighting=0, ld=7)
    r = charge(charger, charged, 1, Mover(10, pursues=False), Mover(1, hold_your_ground=True))
    assert r.outcomes["charged_fled"] == Fraction(169, 324)
    assert r.outcomes["charged_fell_back"] == Fraction(155, 324)
    without = charge(charger, charged, 1, Mover(10, pursues=False), Mover(1))
    assert without.outcomes["charged_fled"] == Fraction(26, 36)
    assert brute_test(charged, 2, True, True) == Counter({"break": Fraction(169, 324), "give": Fraction(155, 324)})


def test_a_stubborn_unit_that_chooses_to_test_may_hold_its_ground():
    charger = side(models=1, fighting=0, bonus=4)  # the charged claims Massed Infantry and Close Order: it loses by 2
    stubborn = side(models=10, t=10, fighting=0, ld=7, stubborn=True)
    falls_back = charge(charger, stubborn, 1, Mover(10, pursues=False), Mover(1, hold_your_ground=True))
    assert falls_back.outcomes["charged_fell_back"] == 1
    tests = side(models=10, t=10, fighting=0, ld=7, stubborn=True, stubborn_tests=True)
    r = charge(charger, tests, 1, Mover(10, pursues=False), Mover(1, hold_your_ground=True))
    assert r.outcomes["charged_fled"] == Fraction(25, 144)


def leadership_fails(leadership: int) -> Fraction:
    return Fraction(sum(1 for a, b in product(D6, D6) if a + b == 12 or (a + b != 2 and a + b > leadership)), 36)


def test_fear_and_terror_tests_fail_at_leadership_7_and_8():
    assert (leadership_fails(7), leadership_fails(8)) == (Fraction(5, 12), Fraction(5, 18))
    assert leadership_fails(2) == Fraction(35, 36) and leadership_fails(10) == Fraction(1, 12)


@pytest.mark.parametrize("ld", [7, 8, 2, 10])
def test_a_charger_that_fails_its_fear_test_does_not_move(ld):
    """The charged unit causes Fear with the higher Unit Strength (3 against 2): the charger tests before
    declaring; failed, the charge fails and the target makes no reaction."""
    charger, plain = side(ld=ld), side(models=3, fighting=3)
    fearsome = side(models=3, fighting=3, causes_fear=True)
    fails = leadership_fails(ld)
    for reaction in ("hold", "flee"):
        r, base = (charge(charger, target, 6, Mover(4), Mover(4), reaction) for target in (fearsome, plain))
        assert r.outcomes == {k: (1 - fails) * v + (fails if k == "failed" else 0) for k, v in base.outcomes.items()}
        assert r.reached == base.reached
        assert any("Fear" in s.text and chance_text(fails) in s.text for s in r.topic("charge"))


@pytest.mark.parametrize("charger, charged", [
    (side(causes_fear=True), side(models=3, fighting=3, causes_fear=True)),  # a Fear-causer takes no Fear test
    (side(causes_terror=True), side(models=3, fighting=3, causes_terror=True)),
    (side(immune_to_psychology=True), side(models=3, fighting=3, causes_fear=True)),
    (side(models=3, fighting=3), side(models=3, fighting=3, causes_fear=True)),  # not the higher Unit Strength
    (side(), side(models=3, fighting=3)),
])
def test_no_fear_test_before_declaring(charger, charged):
    r = charge(charger, charged, 6, Mover(4), Mover(4))
    assert r.outcomes["failed"] == Fraction(1, 36)
    assert not any("Fear:" in s.text for s in r.steps)


def test_a_target_that_fails_its_terror_test_flees_whatever_reaction():
    """The charger causes Terror (Unit Strength 2 against 3: no Fear in the round). The target tests at Ld 7: it
    Holds with 7/12 (weighed as one that cannot Flee, so takes no test) and Flees with 5/12."""
    terror = side(causes_terror=True)
    target, steady = side(models=3, fighting=3, ld=7), side(models=3, fighting=3, ld=7, immune_to_psychology=True)
    for reaction, kwargs in (("hold", {}), ("stand_and_shoot", dict(stand_and_shoot=stand_and_shoot(2)))):
        r = charge(terror, target, 6, Mover(4), Mover(4), reaction, **kwargs)
        chosen = charge(terror, steady, 6, Mover(4), Mover(4), reaction, **kwargs)
        fled = charge(terror, target, 6, Mover(4), Mover(4), "flee")
        assert r.outcomes == {k: Fraction(7, 12) * chosen.outcomes[k] + Fraction(5, 12) * fled.outcomes[k]
                              for k in OUTCOMES}
        assert sum(r.outcomes.values()) == 1 and r.round.win == chosen.round.win
    # No test: it Flees by choice, causes Terror itself, or cannot Flee.
    fled = charge(terror, target, 6, Mover(4), Mover(4), "flee")
    assert fled.outcomes["escaped"] + fled.outcomes["run_down"] == 1
    for no_test in (side(models=3, fighting=3, causes_terror=True), side(models=3, fighting=3, frenzy=True)):
        assert charge(terror, no_test, 6, Mover(4), Mover(4)).outcomes["escaped"] == 0


def test_terror_takes_1_from_the_losers_leadership():
    """A Terror-causing winner: the loser tests at Ld 7 - 1 (lost by 2, Breaks 21/36 rather than 15/36), unless it
    causes Fear or Terror itself; at Ld 2 - 1 only a natural double 1 holds."""
    charger = side(models=1, fighting=0, bonus=4, causes_terror=True)  # against Massed Infantry and Close Order

    def fled(**target) -> Fraction:
        charged = side(models=10, t=10, fighting=0, immune_to_psychology=True, **target)
        return charge(charger, charged, 1, Mover(10, pursues=False), Mover(1)).outcomes["charged_fled"]

    assert fled(ld=7) == Fraction(21, 36)
    assert fled(ld=7, causes_fear=True) == fled(ld=7, causes_terror=True) == Fraction(15, 36)
    assert fled(ld=2) == Fraction(35, 36)
    assert brute_test(side(ld=6), 2, False, False)["break"] == Fraction(21, 36)


def test_frenzied_or_immune_units_cannot_flee():
    for rule in ("frenzy", "immune_to_psychology"):
        with pytest.raises(ValueError, match="cannot Flee as its charge reaction"):
            charge(TWO, side(**{rule: True}), 6, Mover(4), Mover(4), "flee")


def test_a_frenzied_winner_always_pursues():
    charger = side(models=1, fighting=0, bonus=4, frenzy=True)
    charged = side(models=10, t=10, fighting=0, ld=7)
    r = charge(charger, charged, 1, Mover(10, pursues=False), Mover(1))
    assert r.outcomes["charged_destroyed"] == Fraction(15, 36) * caught(Mover(10), Mover(1))
    assert r.outcomes["fight_goes_on"] == Fraction(10, 36) + Fraction(11, 36) * caught(Mover(10), Mover(1), True)


def test_a_war_machine_cannot_charge():
    for charger, moves in ((TWO, Mover(4, war_machine=True)), (side(troop="war_machine"), Mover(4))):
        with pytest.raises(ValueError, match="A war machine cannot declare a charge"):
            charge(charger, TWO, 6, moves, Mover(4))


def test_a_war_machine_never_pursues_may_follow_up_and_is_destroyed_when_it_breaks():
    machine = side(models=1, fighting=0, ld=7, troop="war_machine")
    beaten = charge(side(models=1, fighting=0, bonus=2), machine, 1, Mover(10), Mover(1))
    assert beaten.outcomes["charged_destroyed"] == Fraction(15, 36)  # Breaks: destroyed, whatever the pursuit
    assert beaten.outcomes["charged_fled"] == 0
    # As the winner (the charged unit a war machine by its Mover): it never pursues, but follows up a Give Ground.
    winner = side(models=1, fighting=0, bonus=4)  # against Massed Infantry and Close Order
    r = charge(side(models=10, t=10, fighting=0, ld=7), winner, 1, Mover(10), Mover(1, war_machine=True))
    assert r.outcomes["charger_fled"] == Fraction(15, 36) and r.outcomes["charger_destroyed"] == 0
    assert r.outcomes["charger_fell_back"] == Fraction(11, 36) and r.outcomes["fight_goes_on"] == Fraction(10, 36)
    assert any("a war machine never pursues" in s.text for s in r.steps)


def test_hold_your_ground_never_reaches_undisciplined_units():
    for troop in ("swarm", "war_beasts"):
        with pytest.raises(ValueError, match="Hold Your Ground never reaches an Undisciplined unit"):
            charge(TWO, side(troop=troop), 6, Mover(4), Mover(4, hold_your_ground=True))
        with pytest.raises(ValueError, match="Hold Your Ground never reaches"):
            charge(side(troop=troop), TWO, 6, Mover(4, hold_your_ground=True), Mover(4))


def test_a_marching_column_makes_no_charge_move():
    column = side(models=4, fighting=1, width=1)  # four deep, one wide
    assert charge(column, TWO, 6, Mover(4), Mover(4)).outcomes["failed"] == 1
    assert charge(column, TWO, 6, Mover(4), Mover(4)).round is None
    fled = charge(column, TWO, 6, Mover(4), Mover(4), "flee")
    assert fled.outcomes["escaped"] == 1 and fled.reached == Fraction(35, 36)  # the roll alone, whatever follows
    # Stand & Shoot may still wipe it out (settled 8): four automatic S10 hits, each wounding T3 on 2+.
    shot = stand_and_shoot(4, weapon=Weapon(10), automatic=True)
    shot_column = charge(column, TWO, 6, Mover(4), Mover(4), "stand_and_shoot", stand_and_shoot=shot)
    assert shot_column.outcomes["charger_destroyed"] == Fraction(5, 6) ** 4
    assert shot_column.outcomes["failed"] == 1 - Fraction(5, 6) ** 4
    assert any("Marching Column" in s.text for s in shot_column.steps)
    assert charge(side(models=4, fighting=2, width=2), TWO, 6, Mover(4), Mover(4)).outcomes["failed"] == Fraction(1, 36)


def test_stand_and_shoot_meets_the_chargers_armour_against_shooting():
    """A charger saving 4+ in combat (Parry) meets the shooting with its 5+: one automatic S3 hit kills on 4+ to
    wound, then 5+ saves: 1/2 * 2/3."""
    charger = Side(Target(3, armour=4, models=1), ws=3, initiative=3, leadership=7, rank_width=1, fighting=1,
                   supporting=0, attacks=1, weapon=Weapon(3), unbreakable=True)  # never destroyed after the round
    shot, harmless = stand_and_shoot(1, automatic=True), side(fighting=0)

    def wiped(**kwargs) -> Fraction:
        r = charge(charger, harmless, 6, Mover(4), Mover(4), "stand_and_shoot", stand_and_shoot=shot, **kwargs)
        return r.outcomes["charger_destroyed"]

    assert wiped(shooting_armour=5) == Fraction(1, 2) * Fraction(2, 3)
    assert wiped() == wiped(shooting_armour=None) == wiped(shooting_armour=4) == Fraction(1, 2) * Fraction(1, 2)
    assert wiped(shooting_armour=7) == Fraction(1, 2)
    for bad in (1, 8, "5+", 5.0, True):
        with pytest.raises(ValueError, match="armour against shooting"):
            charge(charger, TWO, 6, Mover(4), Mover(4), shooting_armour=bad)


# Stand & Shoot --------------------------------------------------------------------------------

S3 = Weapon(3)


def stand_and_shoot(shots: int, bs: int = 3, weapon: Weapon = S3, automatic: bool = False) -> tuple[Group, ...]:
    return (Group(Shot(bs, stand_and_shoot=True, automatic=automatic), shots, weapon),)


def test_models_stand_and_shoot_removes_come_from_the_back_and_each_wound_scores_for_the_charged():
    """One shot into a charger of 2 models, 1 fighting with 2 Attacks and 1 supporting: when it slays one,
    the model left is the fighting one, with both its Attacks (from the front, 1 supporting attack would be
    left), and the charged side scores 1 more. So the round is a mixture of two rounds §7 works out."""
    charger = side(fighting=1, supporting=1, attacks=2, s=4)
    charged = side(ld=8)
    shot = stand_and_shoot(1, weapon=Weapon(4))
    lost = fantasy.shoot_unit(shot, charger.unit).wounds_lost
    assert (lost[0], lost[1]) == (Fraction(7, 9), Fraction(2, 9))  # 5+ to hit (BS 3, -1), 3+ to wound (S4, T3)
    r = charge(charger, charged, 6, Mover(4), Mover(4), "stand_and_shoot", stand_and_shoot=shot)
    whole = fantasy.combat_round(side(fighting=1, supporting=1, attacks=2, s=4, i=6), charged)
    from_back = fantasy.combat_round(side(models=1, fighting=1, attacks=2, s=4, i=6), side(ld=8, bonus=1))
    from_front = fantasy.combat_round(side(models=1, fighting=0, supporting=1, attacks=2, s=4, i=6),
                                     side(ld=8, bonus=1))
    for name in ("win", "draw", "lose"):
        assert getattr(r.round, name) == lost[0] * getattr(whole, name) + lost[1] * getattr(from_back, name)
    assert r.round.win != lost[0] * whole.win + lost[1] * from_front.win
    assert r.outcomes["failed"] == Fraction(1, 36)


def test_a_charger_wiped_out_by_stand_and_shoot_is_destroyed_whatever_its_roll():
    shot = stand_and_shoot(1, weapon=Weapon(10), automatic=True)  # hits, and wounds T3 on 2+
    r = charge(side(models=1, fighting=1), TWO, 9, Mover(4), Mover(4), "stand_and_shoot", stand_and_shoot=shot)
    assert r.outcomes["charger_destroyed"] >= Fraction(5, 6)
    assert r.outcomes["failed"] == Fraction(1, 6) * (1 - Fraction(5, 9))
    assert r.reached == Fraction(5, 9)  # the Charge roll alone, whatever the reaction


def test_groups_are_left_out_of_other_reactions():
    shot = stand_and_shoot(5)
    assert charge(TWO, TWO, 6, Mover(4), Mover(4), stand_and_shoot=shot) == charge(TWO, TWO, 6, Mover(4), Mover(4))


def test_wounds_regeneration_recovers_from_stand_and_shoot_count_for_the_charged_side():
    """Two automatic S3 hits into 2 charging T3 models with Regeneration 4+: each shot does nothing (1/2), is
    recovered (1/4: it still counts +1 for the charged side) or slays a model (1/4). The charged unit does not
    strike back; each charger model left strikes once and slays with 1/4. Every die enumerated."""
    regenerating = Side(Target(3, regeneration=4, models=2), ws=3, initiative=3, leadership=7, rank_width=2,
                        fighting=2, supporting=0, attacks=1, weapon=Weapon(3), unbreakable=True)
    charged = side(fighting=0)
    shot = stand_and_shoot(2, automatic=True)
    r = charge(regenerating, charged, 6, Mover(4), Mover(4), "stand_and_shoot", stand_and_shoot=shot)
    ends: Counter = Counter()
    wiped = Fraction(0)
    for a, b in product(("miss", "recovered", "slain"), repeat=2):
        p = Fraction(1, 16) * (2 if a == "miss" else 1) * (2 if b == "miss" else 1)
        lost, recovered = (a, b).count("slain"), (a, b).count("recovered")
        if lost == 2:
            wiped += p
            continue
        for kills in product((True, False), repeat=2 - lost):
            q = p * Fraction(1, 4) ** sum(kills) * Fraction(3, 4) ** (len(kills) - sum(kills))
            slain = sum(kills)
            scores = [slain, lost + recovered]
            strength = (2 - lost, 2 - slain)  # Massed Infantry: the troop type's (RULES.md §7)
            scores = [scores[s] + (strength[s] > strength[1 - s] and slain < 2) for s in (0, 1)]
            ends["win" if slain == 2 or scores[0] > scores[1] else "draw" if scores[0] == scores[1] else "lose"] += q
    assert r.outcomes["charger_destroyed"] == wiped == Fraction(1, 16)
    assert (r.round.win, r.round.draw, r.round.lose) == tuple(ends[k] / (1 - wiped) for k in ("win", "draw", "lose"))
    # Without the recovered Wounds counting, the round would differ.
    plain = charge(replace(regenerating, unit=Target(3, models=2)), charged, 6, Mover(4), Mover(4),
                   "stand_and_shoot", stand_and_shoot=shot)
    assert plain.round.lose != r.round.lose
    assert any("Regeneration recovers 0.50 Wounds" in step.text for step in r.topic("reaction"))


def test_regeneration_against_multiple_wounds_from_stand_and_shoot_point_by_point():
    """2 charging models of 2 Wounds, T3, Regeneration 5+, neither side striking in the round: one automatic S3 hit
    (wounds on 4+), then one automatic S4 hit of Multiple Wounds D3 (3+), resolved first as the rules order them.
    Each point is rolled in turn (recovered 1/3: it still counts) until the model has lost its last Wound; the
    rest of that damage counts nothing. The charged side's score is every Wound lost and recovered."""
    charger = Side(Target(3, regeneration=5, wounds=2, models=2), ws=3, initiative=3, leadership=7, rank_width=2,
                   fighting=0, supporting=0, attacks=1, weapon=Weapon(3), unbreakable=True)
    groups = (*stand_and_shoot(1, automatic=True), *stand_and_shoot(1, weapon=Weapon(4, multiple_wounds="D3"),
                                                                    automatic=True))
    r = charge(charger, side(fighting=0), 6, Mover(4), Mover(4), "stand_and_shoot", stand_and_shoot=groups)

    def points(state: Counter, count: int) -> Counter:
        """``count`` points into the current model, each rolled in turn until it has lost its last Wound."""
        out: Counter = Counter()
        for (lost, recovered), p in state.items():
            run = Counter({(lost, recovered, 2 - lost % 2): p})  # the current model's Wounds left
            for _ in range(count):
                nxt: Counter = Counter()
                for (l2, r2, left), q in run.items():
                    if left == 0:
                        nxt[l2, r2, 0] += q
                        continue
                    nxt[l2, r2 + 1, left] += q / 3
                    nxt[l2 + 1, r2, left - 1] += q * 2 / 3
                run = nxt
            for (l2, r2, _), q in run.items():
                out[l2, r2] += q
        return out

    state = Counter({(0, 0): Fraction(1)})
    new: Counter = Counter({key: p / 3 for key, p in state.items()})  # the D3 hit: misses to wound with 1/3
    for d3 in (1, 2, 3):
        for key, p in points(state, d3).items():
            new[key] += p * Fraction(2, 3) / 3
    state = Counter({key: p / 2 for key, p in new.items()}) + points(Counter({k: p / 2 for k, p in new.items()}), 1)
    expected: Counter = Counter()
    for (lost, recovered), p in state.items():
        massed = lost >= 2  # the charged side's Unit Strength then the higher
        expected[-(lost + recovered) - massed] += p
    assert r.outcomes["charger_destroyed"] == 0
    assert {k: v for k, v in r.round.difference.items() if v} == {k: v for k, v in expected.items() if v}


# An independent enumeration of every die ---------------------------------------------------------
#
# Written from RULES.md §7 and §8 alone, for sides of 1-Wound models with no saves and at most 4 of them
# (no Rank Bonus for any troop type here): the Charge roll's dice (Finest Warhorses' re-rolls, Swiftstride,
# terrain), Stand & Shoot's dice, every attack's hit and wound dice step by step, the Break test's dice
# (Hold Your Ground's second roll), and the flight's and the pursuit's dice.

TO_WOUND = {2: 2, 1: 3, 0: 4, -1: 5, -2: 6}  # Strength minus Toughness -> the score needed
UNIT_STRENGTH = {"regular_infantry": 1, "heavy_cavalry": 2, "monstrous_infantry": 3, "war_machine": 1}


def melee_needed(attacker: int, target: int) -> int:
    """RULES.md §7's table, row by row."""
    if attacker > 2 * target:
        return 2
    if target < attacker <= 2 * target:
        return 3
    if attacker <= target <= 2 * attacker:
        return 4
    return 5


def one_die(finest: bool) -> dict:
    if not finest:
        return {f: Fraction(1, 6) for f in D6}
    out: Counter = Counter()
    for first in D6:
        if first == 1:
            for again in D6:
                out[again] += Fraction(1, 36)
        else:
            out[first] += Fraction(1, 6)
    return out


def brute_charge_range(mover: Mover, terrain: bool) -> Counter:
    out: Counter = Counter()
    die = one_die(mover.finest_warhorses)
    movement = max(1, mover.movement - 1) if terrain else mover.movement
    for (a, p), (b, q) in product(die.items(), repeat=2):
        kept = min(a, b) if terrain else max(a, b)
        for extra in (D6 if mover.swiftstride else (0,)):
            out[movement + kept + extra] += p * q / (6 if mover.swiftstride else 1)
    return out


def two_d6(finest: bool) -> Counter:
    """Each pair of the 2D6 of a Flee, Fall Back or Pursuit roll: with Finest Warhorses each 1 is rolled again."""
    out: Counter = Counter()
    for (a, p), (b, q) in product(one_die(finest).items(), repeat=2):
        out[a, b] += p * q
    return out


def brute_flight(mover: Mover, good_order: bool) -> Counter:
    out: Counter = Counter()
    for ((a, b), p), extra in product(two_d6(mover.finest_warhorses).items(), D6 if mover.swiftstride else (0,)):
        two = max(a, b) if good_order else a + b
        out[max(1, two + extra - (mover.resolute or mover.war_machine))] += p / (6 if mover.swiftstride else 1)
    return out


def brute_pursuit(mover: Mover) -> Counter:
    out: Counter = Counter()
    for ((a, b), p), extra in product(two_d6(mover.finest_warhorses).items(), D6 if mover.swiftstride else (0,)):
        out[max(1, a + b + extra - mover.resolute)] += p / (6 if mover.swiftstride else 1)
    return out


@cache
def brute_caught(pursuer: Mover, fleer: Mover, good_order: bool, gap: int) -> Fraction:
    return sum((p * q for (f, p), (c, q) in product(brute_flight(fleer, good_order).items(),
                                                  brute_pursuit(pursuer).items()) if c >= f + gap), Fraction(0))


def slain(attacks: list[tuple[int, int, int, bool]], target_ws: int, toughness: int, alive: int) -> Counter:
    """Models slain by these attacks (each: count, WS, Strength, automatic), every hit and wound die rolled."""
    out: Counter = Counter({0: Fraction(1)})
    for count, ws, strength, automatic in attacks:
        for _ in range(count):
            new: Counter = Counter()
            for (k, p), hit, wound in product(out.items(), D6, D6):
                hits = automatic or (hit != 1 and (hit == 6 or hit >= melee_needed(ws, target_ws)))
                wounds = wound != 1 and wound >= TO_WOUND[strength - toughness]
                new[min(alive, k + (hits and wounds))] += p / 36
            out = new
    return out


def brute_shooting(groups: tuple[Group, ...], toughness: int, models: int) -> Counter:
    out: Counter = Counter({0: Fraction(1)})
    for group in groups:
        need = 7 - group.shot.ballistic_skill + 1  # Stand & Shoot: -1 to hit
        for _ in range(group.shots.bonus):
            new: Counter = Counter()
            for (k, p), hit, wound in product(out.items(), D6, D6):
                hits = group.shot.automatic or (hit != 1 and hit >= need)
                wounds = wound != 1 and wound >= TO_WOUND[group.weapon.strength - toughness]
                new[min(models, k + (hits and wounds))] += p / 36
            out = new
    return out


def brute_round(charger: Side, charged: Side, distance: int, removed: int) -> Counter:
    """(the charger's models slain in the round, the charged's) at the end of round 1."""
    bonus = min(3 if charger.position == "front" else 4, distance)
    sides = (charger, charged)
    alive0 = (charger.unit.models - removed, charged.unit.models)

    def rank_and_file(s: int, dead: int) -> int:
        left = alive0[s]
        fighting = min(sides[s].fighting, left)
        supporting = min(sides[s].supporting, left - fighting)
        return sides[s].attacks * max(0, fighting - dead) + max(0, supporting - max(0, dead - fighting))

    def initiative(s: int, value: int) -> int:
        return min(10, value + bonus) if s == 0 else value

    state: Counter = Counter({(0, 0): Fraction(1)})
    for step in ("impact", *range(10, 0, -1)):
        new: Counter = Counter()
        for (dead0, dead1), p in state.items():
            dead, alive = (dead0, dead1), (alive0[0] - dead0, alive0[1] - dead1)
            kills = []
            for s in (0, 1):
                mine, enemy = sides[s], sides[1 - s]
                attacks = []
                if alive[s] and alive[1 - s]:
                    if step == "impact":
                        if s == 0 and mine.impact is not None and distance >= 3:
                            attacks.append((mine.impact.attacks.bonus, 0, mine.impact.weapon.strength, True))
                    else:
                        if initiative(s, mine.initiative) == step:
                            attacks.append((rank_and_file(s, dead[s]), mine.ws, mine.weapon.strength, False))
                        attacks += [(o.attacks.bonus, o.ws, o.weapon.strength, False) for o in mine.others
                                    if initiative(s, o.initiative) == step]
                kills.append(slain(attacks, enemy.ws, enemy.unit.toughness, alive[1 - s]))
            for (k0, p0), (k1, p1) in product(kills[0].items(), kills[1].items()):
                new[dead0 + k1, dead1 + k0] += p * p0 * p1
        state = new
    return state


def brute_test(loser: Side, difference: int, outnumbered: bool, hold: bool, terror: bool = False) -> Counter:
    if loser.unbreakable:
        return Counter({"give": Fraction(1)})
    if loser.stubborn and not loser.stubborn_tests:
        return Counter({"fall": Fraction(1)})
    leadership = loser.leadership - terror

    def judge(natural: int) -> str:
        if natural == 2 or natural + difference <= leadership:
            return "give"
        if natural > leadership or outnumbered:
            return "break"
        return "fall"

    out: Counter = Counter()
    for a, b in product(D6, D6):
        if hold and judge(a + b) == "break":
            for c, d in product(D6, D6):
                out[judge(c + d)] += Fraction(1, 36 * 36)
        else:
            out[judge(a + b)] += Fraction(1, 36)
    return out


def brute_unit_strength(side: Side) -> int:
    return side.unit.models * UNIT_STRENGTH[side.unit.troop] + sum(o.unit_strength for o in side.others)


def brute_charge(charger, charged, distance, charger_moves, charged_moves, reaction="hold", terrain=False,
                 stand_and_shoot=(), gap=0) -> tuple[Fraction, dict]:
    """The whole charge: the charger's Fear test before declaring, the target's Terror test (failed: it flees
    whatever the reaction), then the reaction's charge."""
    causes = (charged.causes_fear or charged.causes_terror) and brute_unit_strength(charged) > brute_unit_strength(
        charger)
    fearless = charger.causes_fear or charger.causes_terror or charger.frenzy or charger.immune_to_psychology
    fear = leadership_fails(charger.leadership) if causes and not fearless else 0
    cannot_flee = charged.causes_terror or charged.frenzy or charged.immune_to_psychology
    terror = leadership_fails(charged.leadership) if charger.causes_terror and not cannot_flee else 0
    args = (charger, charged, distance, charger_moves, charged_moves)
    reached, out = brute_reaction(*args, reaction, terrain, stand_and_shoot, gap)
    if terror and reaction != "flee":
        _, fled = brute_reaction(*args, "flee", terrain, stand_and_shoot, gap)
        out = Counter({k: (1 - terror) * out[k] + terror * fled[k] for k in OUTCOMES})
    if fear:
        out = Counter({k: (1 - fear) * out[k] + (fear if k == "failed" else 0) for k in OUTCOMES})
    return reached, out


def brute_reaction(charger, charged, distance, charger_moves, charged_moves, reaction, terrain, stand_and_shoot,
                   gap) -> tuple[Fraction, dict]:
    out: Counter = Counter()
    ranges = brute_charge_range(charger_moves, terrain)
    reached = sum(p for r, p in ranges.items() if r >= distance)
    if reaction == "flee":
        for (r, p), (f, q) in product(ranges.items(), brute_flight(charged_moves, False).items()):
            out["run_down" if r >= distance + f + gap else "escaped"] += p * q
        return reached, out
    movers, sides, names = (charger_moves, charged_moves), (charger, charged), ("charger", "charged")
    shot = (brute_shooting(stand_and_shoot, charger.unit.toughness, charger.unit.models)
            if reaction == "stand_and_shoot" else {0: Fraction(1)})
    for removed, q in shot.items():
        if removed == charger.unit.models:
            out["charger_destroyed"] += q
            continue
        out["failed"] += q * (1 - reached)
        for (dead0, dead1), p in brute_round(charger, charged, distance, removed).items():
            p *= q * reached
            left = (charger.unit.models - removed - dead0, charged.unit.models - dead1)
            if not left[0] or not left[1]:
                out["both_destroyed" if left == (0, 0) else f"{names[0 if not left[0] else 1]}_destroyed"] += p
                continue
            scores = [dead1 + charger.standard + charger.bonus + {"front": 0, "flank": 1, "rear": 2}[charger.position],
                      removed + dead0 + charged.standard + charged.bonus]
            strength = [left[s] * UNIT_STRENGTH[sides[s].unit.troop] for s in (0, 1)]
            for s in (0, 1):  # Massed Infantry: the troop type's (RULES.md §7)
                if sides[s].unit.troop in ("regular_infantry", "heavy_infantry") and strength[s] > strength[1 - s]:
                    scores[s] += 1
            if scores[0] == scores[1]:
                out["fight_goes_on"] += p
                continue
            loser = 0 if scores[0] < scores[1] else 1
            winner_moves = movers[1 - loser]
            follows_up = winner_moves.pursues or sides[1 - loser].frenzy
            pursues = follows_up and not winner_moves.war_machine
            terror = sides[1 - loser].causes_terror and not (sides[loser].causes_fear or sides[loser].causes_terror)
            test = brute_test(sides[loser], abs(scores[0] - scores[1]), strength[1 - loser] > 2 * strength[loser],
                              movers[loser].hold_your_ground, terror)
            name = names[loser]
            for result, t in test.items():
                if result == "give":
                    out["fight_goes_on" if follows_up else f"{name}_fell_back"] += p * t
                    continue
                good_order = result == "fall"
                c = brute_caught(winner_moves, movers[loser], good_order, gap) if pursues else 0
                if result == "break" and (movers[loser].war_machine or sides[loser].unit.troop == "war_machine"):
                    c = 1  # a war machine that Breaks is destroyed
                out[("fight_goes_on" if good_order else f"{name}_destroyed")] += p * t * c
                out[f"{name}_fell_back" if good_order else f"{name}_fled"] += p * t * (1 - c)
    return reached, out


def same_as_brute_force(*args, **kwargs) -> ChargeResult:
    r = charge(*args, **kwargs)
    reached, expected = brute_charge(*args, **kwargs)
    assert r.reached == reached
    assert {k: v for k, v in r.outcomes.items() if v} == {k: v for k, v in expected.items() if v}
    assert sum(r.outcomes.values()) == 1
    return r


CHAMPION = Fighters(1, 4, Weapon(4), 4, name="champion")
IMPACT = Fighters(1, 3, Weapon(4), 3, automatic=True)
CAVALRY = dict(troop="heavy_cavalry")


@pytest.mark.parametrize(("args", "kwargs"), [
    ((TWO, TWO, 6, Mover(4), Mover(4)), {}),
    ((side(impact=IMPACT), side(ld=6), 2, Mover(5), Mover(4, hold_your_ground=True)), dict(gap=1)),
    ((side(impact=IMPACT, others=(CHAMPION,), position="flank"), side(i=7), 5, Mover(4), Mover(3)), dict(gap=2)),
    ((side(fighting=1, supporting=1, attacks=2, s=4), side(ld=8), 6, Mover(4), Mover(4, pursues=False)),
     dict(reaction="stand_and_shoot", stand_and_shoot=stand_and_shoot(2, weapon=Weapon(4)))),
    ((side(models=1, fighting=1, t=3), side(models=1, fighting=1, s=4), 7, Mover(5, resolute=True),
      Mover(4, swiftstride=True)),
     dict(reaction="stand_and_shoot",
          stand_and_shoot=(*stand_and_shoot(1, bs=4), *stand_and_shoot(1, weapon=Weapon(4))))),
    ((TWO, TWO, 8, Mover(8, swiftstride=True), Mover(4, resolute=True, swiftstride=True)),
     dict(reaction="flee", gap=3)),
    ((TWO, TWO, 4, Mover(3, finest_warhorses=True), Mover(4, war_machine=True)), dict(reaction="flee", terrain=True)),
    ((side(ws=4, t=4, i=3, **CAVALRY), side(models=1, fighting=1, ld=8), 7,
      Mover(7, finest_warhorses=True, resolute=True), Mover(4, hold_your_ground=True)), dict(terrain=True)),
    ((side(models=1, fighting=1, s=4, ws=4), side(stubborn=True), 5, Mover(6, pursues=False),
      Mover(4, swiftstride=True)), {}),
    ((side(models=3, fighting=3, s=4), side(models=1, fighting=1, troop="war_machine", ld=7), 5, Mover(6),
      Mover(1, war_machine=True, hold_your_ground=True)), {}),
    ((side(models=2, fighting=2, s=4), side(models=1, fighting=1, ld=6, frenzy=True), 6,
      Mover(6, finest_warhorses=True), Mover(4, pursues=False, finest_warhorses=True)), dict(gap=1)),
    ((side(unbreakable=True, s=2, t=4), side(s=4, i=5, standard=True, models=3, fighting=3, troop="monstrous_infantry"),
      3, Mover(4, hold_your_ground=True), Mover(5, swiftstride=True, hold_your_ground=True)), dict(gap=1)),
    ((side(models=3, fighting=2, supporting=1, attacks=2, standard=True), side(models=2, ld=9, bonus=1), 9,
      Mover(4, swiftstride=True, hold_your_ground=True), Mover(4, resolute=True)),
     dict(reaction="stand_and_shoot", stand_and_shoot=stand_and_shoot(2, bs=4))),
])
def test_small_whole_charges_against_every_die(args, kwargs):
    same_as_brute_force(*args, **kwargs)


@st.composite
def small_charges(draw):
    """A small whole charge that brute force can roll die by die."""
    def a_side(charger: bool) -> Side:
        models = draw(st.integers(1, 3))
        fighting = draw(st.integers(0, models))
        supporting = draw(st.integers(0, models - fighting)) if charger else 0
        others = draw(st.sampled_from([(), (CHAMPION,)]))
        impact = draw(st.sampled_from([None, IMPACT])) if charger else None
        return side(models=models, fighting=fighting, supporting=supporting, attacks=draw(st.integers(1, 2)),
                    ws=draw(st.integers(3, 4)), s=draw(st.integers(3, 4)), t=draw(st.integers(3, 4)),
                    i=draw(st.integers(1, 5 if charger else 9)), ld=draw(st.integers(5, 10)), others=others,
                    impact=impact,
                    troop=draw(st.sampled_from(("regular_infantry", "heavy_cavalry", "monstrous_infantry"))),
                    standard=draw(st.booleans()),
                    unbreakable=draw(st.booleans()) and draw(st.booleans()),
                    stubborn=draw(st.booleans()) and draw(st.booleans()),
                    # A charger in the flank keeps its supporting attacks (RULES.md §7, corrected); the side
                    # it fights there makes none, and here the charged side has none.
                    position=draw(st.sampled_from(("front", "flank", "rear"))) if charger else "front")

    def a_mover(charger: bool) -> Mover:
        # A war machine cannot declare a charge: only the charged may be one.
        return Mover(draw(st.integers(1, 10)), **{name: draw(st.booleans()) for name in
                                                   ("swiftstride", "resolute", "finest_warhorses", "war_machine",
                                                    "pursues", "hold_your_ground") if name != "war_machine" or
                                                   not charger})

    charger, charged, charger_moves, charged_moves = a_side(True), a_side(False), a_mover(True), a_mover(False)
    terrain = draw(st.booleans())
    distance = draw(st.integers(1, max_charge_range(charger_moves, terrain)))
    reactions = [r for r in REACTIONS if r != "stand_and_shoot" or distance >= charger_moves.movement]
    reaction = draw(st.sampled_from(reactions))
    charger, charged = psychology(draw, charger, charged, reaction)
    groups = tuple(Group(Shot(draw(st.integers(3, 4)), stand_and_shoot=True), draw(st.integers(1, 2)),
                         Weapon(draw(st.integers(3, 4)))) for _ in range(draw(st.integers(1, 2))))
    return ((charger, charged, distance, charger_moves, charged_moves),
            dict(reaction=reaction, terrain=terrain, stand_and_shoot=groups,
                 gap=draw(st.integers(*GAP_RANGE))))


def psychology(draw, charger: Side, charged: Side, reaction: str) -> tuple[Side, Side]:
    """Fear, Terror, Frenzy, Immune to Psychology and a Stubborn unit that tests, drawn where they change the charge
    but not the round itself (the round's own Fear test and Frenzy's Attacks are §7's, tested with the round): the
    charger causes Fear or Terror only without the higher Unit Strength; the charged unit causes them only when
    no Stand & Shoot may change the charger's Unit Strength; Frenzy and Immunity only on a unit that does not Flee,
    never on the charger (Frenzy's +1 Attack)."""
    flags = st.booleans()
    if brute_unit_strength(charger) <= brute_unit_strength(charged):
        charger = replace(charger, causes_fear=draw(flags), causes_terror=draw(flags) and draw(flags))
    if reaction != "stand_and_shoot":
        charged = replace(charged, causes_fear=draw(flags), causes_terror=draw(flags) and draw(flags))
    if reaction != "flee":
        charged = replace(charged, frenzy=draw(flags) and draw(flags), immune_to_psychology=draw(flags) and draw(flags))
    return (replace(charger, immune_to_psychology=draw(flags) and draw(flags), stubborn_tests=draw(flags)),
            replace(charged, stubborn_tests=draw(flags)))


SMALL = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SMALL
@given(small_charges())
def test_random_small_charges_against_every_die(charge_args):
    args, kwargs = charge_args
    same_as_brute_force(*args, **kwargs)


@SMALL
@given(small_charges())
def test_the_outcomes_add_up_to_1(charge_args):
    args, kwargs = charge_args
    r = charge(*args, **kwargs)
    assert tuple(r.outcomes) == OUTCOMES
    assert all(v >= 0 for v in r.outcomes.values()) and sum(r.outcomes.values()) == 1
    assert r.reached == charge_range(args[3], kwargs["terrain"]).at_least(args[2])
    feared = any(s.text.startswith("Fear:") for s in r.steps)  # a failed Fear test: failed, and no reaction
    if kwargs["reaction"] == "flee":
        assert r.outcomes["escaped"] + r.outcomes["run_down"] + r.outcomes["failed"] == 1
        assert r.outcomes["failed"] == 0 or feared
    elif not any(s.text.startswith("Terror:") for s in r.steps):  # fled only when a Terror test failed
        assert r.outcomes["escaped"] == r.outcomes["run_down"] == 0


# The distances against icepool ------------------------------------------------------------------


def same_as(dist: dice.Distribution, die: icepool.Die) -> bool:
    return all(dist[k] == Fraction(die.quantity(k), die.denominator()) for k in range(0, 40))


def at_least_1(die: icepool.Die, minus: int) -> icepool.Die:
    return die.map(lambda x: max(1, x - minus))


@pytest.mark.parametrize("movement", range(1, 11))
@pytest.mark.parametrize(("swiftstride", "finest", "terrain"), list(product((False, True), repeat=3)))
def test_the_charge_range_against_icepool(movement, swiftstride, finest, terrain):
    die = icepool.d6.reroll([1], depth=1) if finest else icepool.d6
    kept = icepool.lowest(die, die) if terrain else icepool.highest(die, die)
    roll = kept + (icepool.d6 if swiftstride else 0) + (max(1, movement - 1) if terrain else movement)
    assert same_as(charge_range(Mover(movement, swiftstride, finest_warhorses=finest), terrain), roll)


@pytest.mark.parametrize(("swiftstride", "resolute", "war_machine", "good_order"),
                         list(product((False, True), repeat=4)))
def test_flight_and_pursuit_against_icepool(swiftstride, resolute, war_machine, good_order):
    mover = Mover(4, swiftstride=swiftstride, resolute=resolute, war_machine=war_machine)
    two = icepool.highest(icepool.d6, icepool.d6) if good_order else 2 @ icepool.d6
    swift = icepool.d6 if swiftstride else 0
    assert same_as(flee_distance(mover, good_order), at_least_1(two + swift, int(resolute or war_machine)))
    assert same_as(pursuit_distance(mover), at_least_1(2 @ icepool.d6 + swift, int(resolute)))


def test_max_charge_range():
    assert max_charge_range(Mover(4)) == 10 and max_charge_range(Mover(4, swiftstride=True)) == 13
    assert charge_range(Mover(4, swiftstride=True)).max_hits == 16  # the roll itself may go past it


# The Why -----------------------------------------------------------------------------------------


def test_the_why_runs_in_order_and_cites_the_rules():
    r = charge(side(others=(CHAMPION,)), TWO, 6, Mover(4), Mover(4, hold_your_ground=True))
    topics = [s.topic for s in r.steps]
    order = ["charge", "reaction", "round", "initiative", "result", "break", "pursuit", "outcome"]
    firsts = [topics.index(t) for t in order]
    assert firsts == sorted(firsts)
    assert r.steps[-1].topic == "outcome" and "charged destroyed" in r.steps[-1].text
    headings = {anchor(h.split("\n")[0]): h.split("\n")[0]
                for h in Path("docs/rules.md").read_text(encoding="utf-8").split("\n## ")}
    cited = {s.anchor for s in r.steps if s.anchor}
    assert {"fantasy-the-charge", "fantasy-charge-the-reactions", "fantasy-charge-after-the-break-test"} <= cited
    for step in r.steps:
        assert not step.anchor or f"docs/rules.md § {headings[step.anchor]}" in step.text
    assert r.topic("charge")[-1].text.startswith("The charge reaches with chance 35/36")


def test_the_charge_roll_step_names_the_faces_that_reach():
    r = charge(TWO, TWO, 9, Mover(4), Mover(4))
    faces = [s.hitting_faces for s in r.topic("charge") if s.kind == "roll"]
    assert faces == [(5, 6)]


# Refusals -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("make", "words"), [
    (lambda: Mover(0), "Movement must be between 1 and 10 (got 0)"),
    (lambda: Mover(11), "Movement must be between 1 and 10 (got 11)"),
    (lambda: Mover("4"), "Movement must be a whole number from 1 to 10"),
    (lambda: Mover(4, swiftstride=1), "swiftstride must be True or False"),
    (lambda: Mover(4, hold_your_ground=None), "hold_your_ground must be True or False"),
    (lambda: charge_range(4), "The mover must be a Mover"),
    (lambda: charge_range(Mover(4), terrain="yes"), "terrain must be True or False"),
    (lambda: flee_distance(Mover(4), good_order=1), "good_order must be True or False"),
    (lambda: charge(TWO, "x", 6, Mover(4), Mover(4)), "charge() takes two Sides"),
    (lambda: charge(TWO, TWO, 6, 4, Mover(4)), "The charger's movement profile must be a Mover"),
    (lambda: charge(TWO, TWO, 6, Mover(4), None), "The charged unit's movement profile must be a Mover"),
    (lambda: charge(TWO, TWO, 0, Mover(4), Mover(4)), "The distance must be at least 1 inch (got 0)"),
    (lambda: charge(TWO, TWO, 6.0, Mover(4), Mover(4)), "The distance must be a whole number of inches from 1 to 10"),
    (lambda: charge(TWO, TWO, 11, Mover(4), Mover(4)),
     "The charge cannot be declared from 11\": the charger's maximum possible charge range is 10\" (M 4 + 6)"),
    (lambda: charge(TWO, TWO, 14, Mover(4, swiftstride=True), Mover(4)),
     "is 13\" (M 4 + 6 + 3 with Swiftstride)"),
    (lambda: charge(TWO, TWO, 6, Mover(4), Mover(4), reaction="charge"), "Unknown reaction 'charge'"),
    (lambda: charge(TWO, TWO, 6, Mover(4), Mover(4), terrain=1), "terrain must be True or False"),
    (lambda: charge(TWO, TWO, 6, Mover(4), Mover(4), gap=-1), "The pivot's extra distance must be between 0 and 12"),
    (lambda: charge(TWO, TWO, 6, Mover(4), Mover(4), gap=13), "The pivot's extra distance must be between 0 and 12"),
    (lambda: charge(TWO, TWO, 3, Mover(4), Mover(4), "stand_and_shoot", stand_and_shoot=stand_and_shoot(1)),
     "Stand & Shoot is allowed only when the charger starts at least its Movement away: 3\" is less than its M 4"),
    (lambda: charge(TWO, TWO, 6, Mover(4), Mover(4), "stand_and_shoot"),
     "Stand & Shoot needs the charged unit's shooting"),
    (lambda: charge(TWO, TWO, 6, Mover(4), Mover(4), "stand_and_shoot", stand_and_shoot=(Group(Shot(3), 1, S3),)),
     "Stand & Shoot group 1's Shot needs stand_and_shoot=True"),
    (lambda: charge(TWO, TWO, 6, Mover(4), Mover(4), stand_and_shoot="bows"), "A unit's attack is a list of 1 to 6"),
    (lambda: charge(TWO, TWO, 6, Mover(4), Mover(4), stand_and_shoot=(TWO,)), "Profile 1 is a fantasy.Side"),
    (lambda: charge(TWO, side(impact=IMPACT), 6, Mover(4), Mover(4)), "only the charger has them"),
    (lambda: charge(side(models=4, position="flank"), side(models=4, supporting=2), 6, Mover(4), Mover(4), "flee"),
     "Supporting attacks cannot be made to a unit's flank or rear: the charged is fought in its flank"),
    (lambda: fantasy.combat_round(TWO, TWO, charger_lost={0: 1}), "must be a Distribution, or None"),
    (lambda: fantasy.combat_round(TWO, TWO, charger_shot={(0, 0): Fraction(1, 2)}), "adding up to 1"),
    (lambda: fantasy.combat_round(TWO, TWO, charger_shot={(2, 0): Fraction(1)}), "at most 2 Wounds, and loses fewer"),
    (lambda: fantasy.combat_round(TWO, TWO, charger_lost=dice.Distribution.from_ways({2: 1})), "at most 2 Wounds"),
    (lambda: dice.Distribution.from_ways({}), "needs the ways of at least one value"),
    (lambda: dice.Distribution.from_ways({-1: 1}), "whole numbers, 0 or more"),
    (lambda: dice.Distribution.from_ways({1: 0}), "at least one way"),
])
def test_every_refusal_says_what_to_change(make, words):
    with pytest.raises(ValueError) as refused:
        make()
    assert words in str(refused.value)


def test_a_charge_too_big_to_work_out_is_refused_as_the_round_is():
    weapon = Weapon(4, killing_blow=True, multiple_wounds="D3")
    big = Side(Target(3, wounds=3, models=40, regeneration=4), ws=3, initiative=3, leadership=7, rank_width=10,
               fighting=10, supporting=10, attacks=3, weapon=weapon)
    with pytest.raises(ValueError, match="too big to work out exactly"):
        fantasy.combat_round(big, big)
    with pytest.raises(ValueError, match="too big to work out exactly"):
        charge(big, big, 6, Mover(4), Mover(4))
    # Fleeing needs no round: it is still answered.
    fled = charge(big, big, 6, Mover(4), Mover(4), reaction="flee")
    assert fled.outcomes["run_down"] == charge(TWO, TWO, 6, Mover(4), Mover(4), reaction="flee").outcomes["run_down"]


def test_the_names_are_reexported_from_fantasy():
    for name in ("Mover", "ChargeResult", "charge", "charge_range", "flee_distance", "pursuit_distance"):
        assert getattr(fantasy, name) is getattr(charge_module, name)


def test_destroyed_sums_the_outcomes_a_side_is_destroyed_in():
    """RULES §8's whole charge: the charged unit held, so it is destroyed only in the round or caught."""
    result = charge(TWO, TWO, 6, Mover(4), Mover(4))
    assert result.destroyed("charged") == result.outcomes["charged_destroyed"] + result.outcomes["both_destroyed"]
    assert result.outcomes["charged_destroyed"] == Fraction(247135, 1990656)
    fled = charge(TWO, TWO, 6, Mover(8), Mover(4), reaction="flee")
    assert fled.destroyed("charged") == fled.outcomes["run_down"] == Fraction(217, 432)
    with pytest.raises(ValueError, match="side"):
        result.destroyed("both")
