"""The 9th-edition hit roll, the 8th-edition variant and Overwatch: RULES.md §2-§3."""

from fractions import Fraction
from itertools import product

import pytest

from hitrules import ninth
from hitrules.ninth import Attack, hit_chance, overwatch_allowed, resolve


def brute_force(skill, modifier, reroll, overwatch, edition) -> Fraction:
    """Roll every first die and every re-roll die, straight from the rules text."""
    net = max(-1, min(1, modifier)) if edition == 9 else modifier

    def hits(face):
        if overwatch:
            return face == 6
        if face == 1:
            return False
        if face == 6 and edition == 9:
            return True
        return face + net >= skill

    count = 0
    for first, second in product(range(1, 7), repeat=2):
        if hits(first):
            count += 1
        elif reroll == "failed" or (reroll == "ones" and first == 1):
            count += hits(second)
    return Fraction(count, 36)


@pytest.mark.parametrize("edition", ninth.EDITIONS)
@pytest.mark.parametrize("overwatch", [False, True])
@pytest.mark.parametrize("reroll", ninth.REROLLS)
@pytest.mark.parametrize("skill", range(2, 7))
def test_matches_brute_force(skill, reroll, overwatch, edition):
    for modifier in range(-6, 7):
        expected = brute_force(skill, modifier, reroll, overwatch, edition)
        assert hit_chance(skill, modifier, reroll, overwatch, edition=edition) == expected
        attack = Attack(skill, (modifier,), reroll=reroll, overwatch=overwatch, edition=edition)
        assert resolve(attack).probability == expected


# RULES.md §2 worked examples.
def test_example_bs4_two_minus_ones_capped():
    r = resolve(Attack(4, (-1, -1)))
    assert (r.modifier, r.net_modifier, r.roll, r.probability) == (-2, -1, "5+", Fraction(1, 3))
    assert any(s.kind == "cap" and "-2 becomes -1" in s.text for s in r.steps)


def test_example_bs6_minus_one_only_unmodified_six():
    r = resolve(Attack(6, (-1,)))
    assert r.probability == Fraction(1, 6) and r.faces == (6,)
    assert "only the unmodified 6 hits" in " ".join(map(str, r.steps))


def test_example_bs3_reroll_failed():
    assert hit_chance(3, 0, reroll="failed") == Fraction(8, 9)


@pytest.mark.parametrize("skill", range(2, 7))
def test_example_overwatch_reroll_ones_any_bs(skill):
    assert hit_chance(skill, 0, reroll="ones", overwatch=True) == Fraction(7, 36)
    assert hit_chance(skill, +1, overwatch=True) == Fraction(1, 6)


@pytest.mark.parametrize(("raw", "net"), [(-5, -1), (-2, -1), (-1, -1), (0, 0), (1, 1), (2, 1), (4, 1)])
def test_cap_9th(raw, net):
    assert ninth.net_modifier(raw) == net
    assert ninth.net_modifier(raw, edition=8) == raw


def test_unmodified_one_always_fails_even_with_plus_one():
    assert hit_chance(2, +1) == Fraction(5, 6)
    assert hit_chance(2, +3, edition=8) == Fraction(5, 6)


def test_8th_has_no_automatic_six():
    assert hit_chance(6, -1, edition=8) == 0
    assert resolve(Attack(6, (-1,), edition=8)).roll == "impossible"
    assert hit_chance(5, -2, edition=8) == 0
    assert hit_chance(4, -2, edition=8) == Fraction(1, 6)
    assert hit_chance(4, -2, edition=9) == Fraction(1, 3)


def test_8th_overwatch_still_needs_a_six():
    assert hit_chance(2, 0, overwatch=True, edition=8) == Fraction(1, 6)


def test_automatic_hits_even_in_overwatch():
    assert hit_chance(6, -1, overwatch=True, auto_hit=True) == 1
    r = resolve(Attack(6, overwatch=True, auto_hit=True))
    assert r.roll == "automatic" and "in Overwatch too" in r.steps[0].text


def test_melee_uses_weapon_skill():
    assert "Weapon Skill (WS)" in resolve(Attack(3, melee=True)).steps[0].text
    assert "Ballistic Skill (BS)" in resolve(Attack(3)).steps[0].text


def test_reroll_steps_show_the_arithmetic():
    r = resolve(Attack(3, reroll="failed"))
    assert "2/3 + 1/3 × 2/3 = 8/9" in " ".join(map(str, r.steps))
    assert r.roll == "3+, re-roll failed hits"


OK = dict(overwatch_set=True, trigger="normal_move", enemy_in_engagement_range=False,
          target_ended_charge_in_engagement_range=False, blast=False)


@pytest.mark.parametrize("trigger", ninth.TRIGGERS)
def test_every_trigger_allows_overwatch(trigger):
    v = overwatch_allowed(**{**OK, "trigger": trigger})
    assert v.allowed and "unmodified 6" in v.reason


def test_overwatch_needs_set_overwatch():
    v = overwatch_allowed(**{**OK, "overwatch_set": False})
    assert not v.allowed and "Set Overwatch" in v.reason and "Move Units step" in v.reason


def test_blast_cannot_fire_overwatch():
    v = overwatch_allowed(**{**OK, "blast": True})
    assert not v.allowed and "Blast" in v.reason


def test_engagement_range_forbids_overwatch():
    v = overwatch_allowed(**{**OK, "enemy_in_engagement_range": True})
    assert not v.allowed and "Engagement Range" in v.reason


def test_engagement_range_exception_for_a_charge():
    v = overwatch_allowed(**{**OK, "trigger": "charge", "enemy_in_engagement_range": True,
                             "target_ended_charge_in_engagement_range": True})
    assert v.allowed and "exception" in v.reason


def test_engagement_range_exception_needs_a_charge_trigger():
    v = overwatch_allowed(**{**OK, "trigger": "advance", "enemy_in_engagement_range": True,
                             "target_ended_charge_in_engagement_range": True})
    assert not v.allowed


def test_unknown_trigger_is_a_value_error():
    with pytest.raises(ValueError, match="Unknown Overwatch trigger 'shooting'"):
        overwatch_allowed(**{**OK, "trigger": "shooting"})


def test_refused_overwatch_scores_nothing():
    verdict = overwatch_allowed(**{**OK, "blast": True})
    r = resolve(Attack(4, overwatch=True), verdict)
    assert r.probability == 0 and not r.may_fire and r.steps[0].text == verdict.reason


@pytest.mark.parametrize(
    ("call", "message"),
    [(lambda: hit_chance(1, 0), "between 2 and 6"),
     (lambda: hit_chance(7, 0), "between 2 and 6"),
     (lambda: hit_chance(4, 0, reroll="all"), "Unknown re-roll 'all'"),
     (lambda: hit_chance(4, 0, edition=10), "Unknown edition 10"),
     (lambda: hit_chance(4, 0.5), "whole number"),
     (lambda: Attack(4, ("x",)), "whole number"),
     (lambda: Attack(4, (-7,)), "between -6 and 6"),
     (lambda: Attack(4, "-1"), "list of whole numbers"),
     (lambda: Attack(4, (0,) * 21), "At most 20 modifiers")],
)
def test_bad_input_is_a_clear_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()
