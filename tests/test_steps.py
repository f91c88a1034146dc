"""The steps of the Why (hitrules.steps): each stage explained with its faces, the one D6 rule,
the rules' anchors as data, and the rule modules citing docs/rules.md."""

from __future__ import annotations

import re
from fractions import Fraction as F
from pathlib import Path

from after_hit_brute import D6

from hitrules import damage, dice, fantasy, ninth, steps

# Each stage, its faces ----------------------------------------------------------------------------

def test_steps_explain_each_stage_with_the_faces():
    r = ninth.attack_outcome(ninth.Attack(3), 5, ninth.Weapon(4, -1, "D3", (-1, -1)),
                             ninth.Target(4, save=3, invulnerable=5, feel_no_pain=6, wounds=2, models=3))
    assert {s.topic for s in r.steps} == {"wound", "save", "damage"}
    assert next(s for s in r.topic("wound") if s.kind == "cap").hitting_faces == (5, 6)
    assert next(s for s in r.topic("wound") if s.kind == "roll").hitting_faces == (5, 6)
    assert next(s for s in r.topic("save") if s.kind == "roll").hitting_faces == (4, 5, 6)
    assert any("Feel No Pain 6+" in s.text for s in r.topic("damage"))
    f = fantasy.shoot(fantasy.Shot(3), 5, fantasy.Weapon(4, -1, "D3"), fantasy.Target(3, armour=4, ward=6,
                                                                                      regeneration=5))
    assert next(s for s in f.topic("wound") if s.kind == "roll").hitting_faces == (3, 4, 5, 6)
    assert next(s for s in f.topic("save") if s.kind == "roll").hitting_faces == (5, 6)
    assert any("Reading" in s.text for s in f.topic("damage"))



def test_overwatch_modifiers_change_nothing_and_their_step_says_so():
    r = ninth.resolve(ninth.Attack(3, (-1, -1), overwatch=True))
    step = next(s for s in r.steps if "Hit modifiers" in s.text)
    assert step.hitting_faces == (6,) and step.kind == "skipped" and "capped" not in step.text
    assert not any(s.kind == "cap" for s in r.steps) and r.probability == F(1, 6)




# Issue 18: one D6 rule, the rules cited as docs/rules.md sections, the anchor as data -------------

def test_every_stage_rolls_by_the_one_d6_rule():
    for need in range(-8, 12):
        brute = tuple(face for face in D6 if face != 1 and face >= need)
        assert dice.d6_faces(need) == brute
        assert fantasy.armour_faces(need, 0) == brute and fantasy.wound_faces(min(max(need, 2), 6), 0) == dice.d6_faces(
            min(max(need, 2), 6))
        assert ninth.hitting_faces(need, 0, edition=8) == brute
        assert ninth.hitting_faces(need, 0, edition=9) == (brute or (6,))
    for score in range(2, 7):
        assert damage.roll_chance(score) == F(len(dice.d6_faces(score)), 6)
        assert ninth.save_faces(score)[0] == dice.d6_faces(score)



def test_no_rule_module_writes_the_d6_rule_again():
    """The X+ rule ("a natural 1 fails") lives in dice.d6_faces; the stages call it."""
    home = Path(dice.__file__).parent
    modules = [home / "damage.py", *(home / "fantasy").glob("*.py"), *(home / "ninth").glob("*.py")]
    assert len(modules) > 10
    for path in modules:
        source = path.read_text(encoding="utf-8")
        assert "range(2, 7)" not in source and not re.search(r"range\(max\([^)]*, 2\)", source), path.name
        assert "7 - max(" not in source, path.name



def all_kinds_of_steps():
    yield from fantasy.resolve(fantasy.Shot(6, within_4_inches=True)).steps  # needs 0: our reading
    yield from fantasy.shoot(fantasy.Shot(3), 1, fantasy.Weapon(4), fantasy.Target(4)).steps
    for edition in ninth.EDITIONS:
        yield from ninth.resolve(ninth.Attack(3, (-1, -1), edition=edition)).steps
        yield from ninth.attack_outcome(ninth.Attack(3, edition=edition), 1, ninth.Weapon(4, wound_modifiers=(-2,)),
                                        ninth.Target(4, 3, cover=True)).steps



def rules_headings() -> list[str]:
    docs = Path(dice.__file__).parents[1] / "docs" / "rules.md"
    return [line[3:] for line in docs.read_text(encoding="utf-8").splitlines() if line.startswith("## ")]



def test_steps_carry_the_rules_anchor_as_data_and_no_route():
    headings = {steps.anchor(h): h for h in rules_headings()}
    anchored = [s for s in all_kinds_of_steps() if s.anchor]
    assert {s.anchor for s in anchored} == {"fantasy-roll-to-hit", "fantasy-after-the-hit",
                                            "8th-edition-variant-and-the-leman-russ",
                                            "9th-and-8th-edition-after-the-hit"}
    for step in all_kinds_of_steps():
        assert "](" not in step.text and "rules#" not in step.text and "RULES.md" not in step.text
        if step.anchor:
            assert steps.reading(headings[step.anchor]) in step.text  # the section, named in words



def test_the_rule_modules_cite_docs_rules_md_not_rules_md():
    home = Path(dice.__file__).parent
    rule_sets = (*(home / "fantasy").glob("*.py"), *(home / "ninth").glob("*.py"))
    for path in (home / "damage.py", home / "dice.py", *rule_sets):
        assert "RULES.md" not in path.read_text(encoding="utf-8"), path.name
