"""The wound roll and the saves (RULES.md §4 and §5), both rule sets: the worked examples, the
modifiers and re-rolls, cover, Poisoned Attacks and Armour Bane, properties, and the words of each
step against the engine's number."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from after_hit_brute import score
from hypothesis import given, settings
from hypothesis import strategies as st

from hitrules import fantasy, ninth
from hitrules.words import chance_text

# The worked examples of RULES.md §4 ---------------------------------------------------------------

@pytest.mark.parametrize(("s", "t", "score", "chance"), [(3, 3, 4, F(1, 2)), (3, 5, 6, F(1, 6)), (3, 9, None, 0)])
def test_fantasy_wound_examples(s, t, score, chance):
    assert fantasy.wound_score(s, t) == score
    assert fantasy.wound_chance(s, t) == chance



def test_fantasy_armour_5_with_ap_1_saves_on_a_6():
    assert fantasy.save_chance(5, -1) == F(1, 6)



def test_fantasy_armour_4_with_ap_3_has_no_save():
    assert fantasy.save_chance(4, -3) == 0



def test_fantasy_armour_then_ward_lets_4_9_through():
    assert 1 - fantasy.save_chance(5, 0, ward=5) == F(4, 9)



@pytest.mark.parametrize(("s", "t", "score", "chance"), [(4, 4, 4, F(1, 2)), (8, 4, 2, F(5, 6)), (3, 7, 6, F(1, 6))])
def test_ninth_wound_examples(s, t, score, chance):
    assert ninth.wound_score(s, t) == score
    assert ninth.wound_chance(s, t) == chance



def test_ninth_two_wound_modifiers_of_minus_1_are_capped():
    assert ninth.wound_chance(4, 4, modifier=-2) == F(1, 3)



def test_ninth_save_3_with_ap_2_and_light_cover():
    assert ninth.save_chance(3, -2) == F(1, 3)
    assert ninth.save_chance(3, -2, cover=True) == F(1, 2)



def test_ninth_invulnerable_save_is_better_against_ap_4():
    assert ninth.save_chance(3, -4, invulnerable=5) == F(1, 3)



def test_8th_edition_has_no_clamp_and_no_automatic_6_to_wound():
    assert ninth.wound_chance(3, 7, modifier=-1) == F(1, 6)  # 9th: the unmodified 6 still wounds
    assert ninth.wound_chance(3, 7, modifier=-1, edition=8) == 0
    assert ninth.wound_chance(4, 4, modifier=-3, edition=8) == 0
    assert ninth.wound_chance(8, 4, modifier=+3, edition=8) == F(5, 6)  # a natural 1 still fails



def test_fantasy_has_no_automatic_6_to_wound():
    assert fantasy.wound_chance(3, 5, modifier=-1) == 0
    assert fantasy.wound_chance(3, 9, modifier=6) == 0  # too tough stays too tough



def test_light_cover_counts_only_against_ranged_attacks():
    weapon, target = ninth.Weapon(4), ninth.Target(4, save=4, cover=True)
    ranged = ninth.attack_outcome(ninth.Attack(3), 1, weapon, target)
    melee = ninth.attack_outcome(ninth.Attack(3, melee=True), 1, weapon, target)
    assert ranged.unsaved_chance == F(1, 3) and melee.unsaved_chance == F(1, 2)
    assert any(s.kind == "skipped" and "melee" in s.text for s in melee.topic("save"))
    overwatch = ninth.attack_outcome(ninth.Attack(3, melee=True, overwatch=True), 1, weapon, target)
    assert overwatch.unsaved_chance == F(1, 3)  # Overwatch is shooting



def test_poisoned_natural_6_gets_plus_2_to_wound_but_not_on_the_7_plus_chart():
    weapon, target = fantasy.Weapon(3, poisoned=True), fantasy.Target(5)
    plain = fantasy.shoot(fantasy.Shot(3), 1, fantasy.Weapon(3), target)
    poisoned = fantasy.shoot(fantasy.Shot(3), 1, weapon, target)
    # BS 3 hits on 4+: a natural 6 (1/6) wounds on 4+ (+2 on 6+), the 4s and 5s on 6+.
    assert plain.wounds[1] == F(1, 2) * F(1, 6)
    assert poisoned.wounds[1] == F(1, 6) * F(1, 2) + F(2, 6) * F(1, 6)
    chart = fantasy.Shot(1, moved=True)  # needs 7: a 6, then 4+
    assert fantasy.shoot(chart, 1, weapon, target).wounds[1] == F(1, 12) * F(1, 6)
    assert any(s.kind == "skipped" for s in fantasy.shoot(chart, 1, weapon, target).topic("wound"))



def test_armour_bane_improves_ap_on_a_natural_6_to_wound():
    target = fantasy.Target(4, armour=4)
    bane = fantasy.shoot(fantasy.Shot(3, automatic=True), 1, fantasy.Weapon(4, armour_bane=2), target)
    # 4+ to wound: the 4s and 5s face a 4+ save, the 6 a 6+ save.
    assert bane.unsaved[1] == F(2, 6) * F(1, 2) + F(1, 6) * F(5, 6)




# Properties ---------------------------------------------------------------------------------------

@settings(max_examples=100, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.integers(-3, 3), st.sampled_from(ninth.REROLLS),
       st.sampled_from((9, 8)))
def test_ninth_wound_chance_is_a_chance_and_grows_with_strength(s, t, m, r, ed):
    p = ninth.wound_chance(s, t, m, r, ed)
    assert 0 <= p <= 1
    if s < 20:
        assert ninth.wound_chance(s + 1, t, m, r, ed) >= p



@settings(max_examples=100, deadline=None)
@given(score, st.integers(-6, 0), score, st.booleans())
def test_saves_are_chances_and_ap_never_helps_the_target(armour, ap, other, cover):
    assert 0 <= fantasy.save_chance(armour, ap, other) <= 1
    assert 0 <= ninth.save_chance(armour, ap, other, cover) <= 1
    if ap > -6:
        assert fantasy.save_chance(armour, ap - 1, other) <= fantasy.save_chance(armour, ap, other)
        assert ninth.save_chance(armour, ap - 1, other, cover) <= ninth.save_chance(armour, ap, other, cover)




# Issue 18: the words of a step match its number ---------------------------------------------------

def test_armour_bane_states_the_engines_unsaved_chance():
    r = fantasy.shoot(fantasy.Shot(3), 10, fantasy.Weapon(4, armour_bane=3), fantasy.Target(4, armour=4))
    assert r.unsaved_chance == F(2, 3)
    text = r.topic("save")[-1].text
    assert text.startswith("Chance a wound goes unsaved: 2/3 (66.7%).") and "less" not in text
    assert "1/2 (50.0%)" in text and "more likely" in text



@settings(max_examples=150, deadline=None)
@given(st.integers(1, 10), st.integers(1, 10), st.integers(-6, 0), st.sampled_from([None, 2, 4, 6]),
       st.sampled_from([None, 4, 6]), st.booleans(), st.integers(0, 6), st.integers(1, 6))
def test_every_fantasy_chance_step_states_the_engines_number(s, t, ap, armour, ward, poisoned, bane, bs):
    r = fantasy.shoot(fantasy.Shot(bs), 5, fantasy.Weapon(s, ap, poisoned=poisoned, armour_bane=bane),
                      fantasy.Target(t, armour, ward))
    assert r.topic("wound")[-1].text.startswith(f"Chance to wound per hit: {chance_text(r.wound_chance)}.")
    assert r.topic("save")[-1].text.startswith(f"Chance a wound goes unsaved: {chance_text(r.unsaved_chance)}.")



@settings(max_examples=150, deadline=None)
@given(st.integers(1, 20), st.integers(1, 20), st.lists(st.integers(-3, 3), max_size=3),
       st.sampled_from(ninth.EDITIONS), st.sampled_from(ninth.REROLLS), st.sampled_from([None, 2, 4, 6]),
       st.sampled_from([None, 4]), st.booleans(), st.integers(-6, 0))
def test_every_ninth_step_states_the_engines_number_and_faces(s, t, mods, edition, reroll, save, inv, cover, ap):
    r = ninth.attack_outcome(ninth.Attack(3, edition=edition), 5,
                             ninth.Weapon(s, ap, wound_modifiers=tuple(mods), wound_reroll=reroll),
                             ninth.Target(t, save, inv, cover))
    assert r.topic("wound")[-1].text == f"Chance to wound per hit: {chance_text(r.wound_chance)}."
    assert r.topic("save")[-1].text == f"Chance an attack that wounds is not saved: {chance_text(r.unsaved_chance)}."
    score = ninth.wound_score(s, t)
    for step in r.topic("wound"):
        if step.kind == "modifier":  # the faces of the raw sum, in this edition (9th: a 6 always wounds)
            assert step.hitting_faces == ninth.hitting_faces(score, sum(mods), edition=edition)
        if step.kind == "roll":
            assert F(len(step.hitting_faces), 6) == ninth.wound_chance(s, t, sum(mods), edition=edition)



def test_9th_edition_s3_against_t7_at_minus_1_shows_the_unmodified_6_at_the_modifier_step():
    r = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(3, wound_modifiers=(-1,)), ninth.Target(7))
    faces = [s.hitting_faces for s in r.topic("wound") if s.kind in ("modifier", "roll")]
    assert faces == [(6,), (6,)]
    eighth = ninth.attack_outcome(ninth.Attack(3, edition=8), 1, ninth.Weapon(3, wound_modifiers=(-1,)),
                                  ninth.Target(7))
    assert [s.hitting_faces for s in eighth.topic("wound") if s.kind in ("modifier", "roll")] == [(), ()]



def test_light_cover_on_a_model_with_no_save_says_it_changes_nothing():
    r = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(4), ninth.Target(4, cover=True))
    assert r.unsaved_chance == 1
    assert any(s.kind == "skipped" and "changes nothing" in s.text for s in r.topic("save"))
    saved = ninth.attack_outcome(ninth.Attack(3), 1, ninth.Weapon(4), ninth.Target(4, save=4, cover=True))
    assert not any("changes nothing" in s.text for s in saved.topic("save"))
