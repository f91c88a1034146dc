"""A calculator's rows (hitrules.situations.profiles, issue 26): each added weapon uses exactly what
its row shows, through the functions the page calls; older links keep their numbers; a row goes
through the link and back whole."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from hitrules import fantasy, ninth
from hitrules.edge import urlstate
from hitrules.situations import profiles


def page_answer(ruleset: str, own, text: str, target, old: bool = False):
    """What the page works out: its own Groups and the rows of a link (``old``: an older ``weapons=``
    link, completed as the page completes it), through the functions the page calls."""
    rows, problems = profiles.read_rows(ruleset, text, old)
    assert not problems
    rows, _ = profiles.complete_rows(ruleset, rows, profiles.group_row(ruleset, own[0]))
    page_unit, problems = profiles.page_unit(ruleset, own, rows, (), target)
    assert not problems
    return profiles.unit_answer(page_unit)


#: The page's own weapon: S4 with +1 to wound and re-roll failed wounds, into T4: 3+, then 8/9.
BUFFED = ninth.Group(ninth.Attack(3), 10, ninth.Weapon(4, wound_modifiers=(1,), wound_reroll="failed"), "weapon 1")
T4 = ninth.Target(4, wounds=1, models=10)


def test_a_ninth_row_that_shows_the_pages_wound_modifier_and_re_roll_wounds_as_the_page_does():
    result = page_answer("ninth", (BUFFED,), "bolter:2:3:4:0:1:::ranged:+1:failed", T4)
    assert [g.wound_chance for g in result.groups] == [F(8, 9), F(8, 9)]
    assert [g.wound_chance for g in page_answer("ninth", (BUFFED,), "bolter:2:3:4", T4).groups] == [F(8, 9), F(1, 2)]
    # The row's own wound rules only: -1 to wound is 5+ (1/3), re-rolling 1s gives 1/3 + 1/6 × 1/3.
    mine = page_answer("ninth", (BUFFED,), "bolter:2:3:4:0:1:::ranged:-1:ones", T4).groups[1]
    assert mine.wound_chance == F(1, 3) + F(1, 6) * F(1, 3)


def test_an_older_ninth_link_keeps_its_numbers_its_rows_had_no_wound_rules():
    old = page_answer("ninth", (BUFFED,), "bolter:2:3:4", T4, old=True)
    assert old.groups[1].wound_chance == F(1, 2)


#: The page's own weapon: BS 3, moved, with Multiple Shots: 7 - 3 + 1 + 1 = 6+.
VOLLEY = fantasy.Group(fantasy.Shot(3, moved=True, special_rules=("multiple_shots",)), 10, fantasy.Weapon(3),
                       "weapon 1")
FANTASY_T3 = fantasy.Target(3, wounds=1, models=10)


def test_a_fantasy_row_has_its_own_weapon_rules_and_the_pages_situation():
    """A BS 4 pistol beside a Multiple Shots weapon, the unit having moved: 4+ (1/2), not 5+ (1/3)."""
    result = page_answer("fantasy", (VOLLEY,), "pistol:1:4:4", FANTASY_T3)
    assert [g.hit_chance for g in result.groups] == [F(1, 6), F(1, 2)]
    sniper = page_answer("fantasy", (VOLLEY,), "pistol:1:4:4::::::sniper,quick_to_fire", FANTASY_T3).groups[1]
    assert sniper.hit_chance == F(1, 6)  # moved, Sniper and Quick to Fire: 6+
    # Its own LoS: a LoS 1 obstacle covers a LoS 2 target from LoS 1 shooters (-1: 5+), not from LoS 3 ones.
    assert page_answer("fantasy", (VOLLEY,), "a:1:4:4:0:1:soft::::1:1:2", FANTASY_T3).groups[1].hit_chance == F(1, 3)
    assert page_answer("fantasy", (VOLLEY,), "a:1:4:4:0:1:soft::::3:1:2", FANTASY_T3).groups[1].hit_chance == F(1, 2)


def test_an_older_fantasy_link_shoots_with_the_pages_rules_and_los_as_it_did():
    own = fantasy.Group(fantasy.Shot(3, moved=True, cover="soft", shooter_los=3, target_los=2,
                                     special_rules=("multiple_shots",)), 10, fantasy.Weapon(3), "weapon 1")
    rows, _ = profiles.read_rows("fantasy", "pistol:1:4:4;bows:5:3:3:0:1:soft", old=True)
    assert [row[9:] for row in rows] == [(None,) * 4] * 2
    completed, changed = profiles.complete_rows("fantasy", rows, profiles.group_row("fantasy", own))
    assert changed and [row[9:] for row in completed] == [(("multiple_shots",), 3, 1, 2)] * 2
    result = page_answer("fantasy", (own,), "pistol:1:4:4;bows:5:3:3:0:1:soft", FANTASY_T3, old=True)
    # The pistol: moved and Multiple Shots, 5+; the bows in soft cover the LoS 3 shooters see over: 6+.
    assert [g.hit_chance for g in result.groups[1:]] == [F(1, 3), F(1, 6)]
    assert profiles.complete_rows("fantasy", completed, profiles.group_row("fantasy", own)) == (completed, False)


@pytest.mark.parametrize(("ruleset", "row"), [
    ("ninth", ("melta gun", "D3", 4, 8, -4, "D6", "+1,-1", "failed", "melee", "+1", "ones")),
    ("ninth", ("", "2D6", 2, 20, -6, "D3+3", "-1", "ones", "auto", "-1,-1", "failed")),
    ("fantasy", ("champion", "D6+1", 10, 10, -6, "D3+1", "hard", 6, True,
                 ("multiple_shots", "quick_to_fire", "sniper", "volley_fire"), 10, 5, 7)),
    ("fantasy", ("", "3", 1, 1, -1, "2", "unit", 1, False, ("volley_fire",), 2, 1, 3)),
])
def test_a_row_with_every_column_goes_through_the_link_and_back_whole(ruleset, row):
    params = urlstate.NINTH if ruleset == "ninth" else urlstate.FANTASY
    link = urlstate.encode(params, {**urlstate.defaults(params), "rows": (row, row)})
    read = urlstate.parse_query(params, link)
    assert not read.warnings and read.values["rows"] == (row, row)
    assert len(link["rows"].split(";")[0].split(":")) == len(profiles.COLUMNS[ruleset])
    # The same profile as a Group and back: the page's own row is written as an added one would be.
    own = (ninth.Group(ninth.Attack(3), 1, ninth.Weapon(4)) if ruleset == "ninth"
           else fantasy.Group(fantasy.Shot(3), 1, fantasy.Weapon(3)))
    unit_, _ = profiles.page_unit(ruleset, (own,), (row,), (), ninth.Target(4) if ruleset == "ninth"
                                  else fantasy.Target(3))
    assert profiles.group_row(ruleset, unit_.groups[1])[1:] == row[1:]


def test_in_overwatch_each_ranged_row_fires_overwatch_and_a_melee_row_cannot():
    own = ninth.Group(ninth.Attack(3, overwatch=True), 5, ninth.Weapon(4), "weapon 1")
    rows, problems = profiles.read_rows("ninth",
                                        "bolter:2:2:4:0:1:+1:failed;auto:1:3:4:0:1:::auto;axe:2:3:5:0:1:::melee")
    assert not problems
    page_unit, problems = profiles.page_unit("ninth", (own,), rows, (), T4)
    assert problems == ("added weapon 3 (axe): a melee weapon does not fire Overwatch.",)
    # Only an unmodified 6 hits, the re-roll of failed hits still rolls again; the automatic hits still hit.
    assert [g.hit_chance for g in profiles.unit_answer(page_unit).groups] == [F(1, 6), F(1, 6) + F(5, 6) * F(1, 6), 1]


@pytest.mark.parametrize(("ruleset", "text"), [("ninth", "lascannon:1:4:9:-3:D6:-1;bolter:2D6:3:4:0:D3+1:::ranged:+1"),
                                               ("fantasy", "champion:D3:4:4:-1:D3;bows:10:3:3:0:2:soft")])
def test_an_added_row_is_parsed_once_for_every_rerun(monkeypatch, ruleset, text):
    """Issue 27: an added weapon's attacks, damage and modifiers are parsed when its row first makes a Group,
    then not again: a rerun with the same rows and the same shooter parses nothing, and gets the same unit.
    A shooter changed (9th: Overwatch on) makes the rows' Groups again, with the shooter's part."""
    from hitrules import damage

    rows, problems = profiles.read_rows(ruleset, text)
    assert not problems
    own = ((ninth.Group(ninth.Attack(3), 2, ninth.Weapon(4)), ninth.Target(4)) if ruleset == "ninth"
           else (fantasy.Group(fantasy.Shot(3), 2, fantasy.Weapon(3)), fantasy.Target(3)))
    first, _ = profiles.page_unit(ruleset, own[:1], rows, (), own[1])
    parsed = []
    for module, name in ((damage, "parse_attacks"), (ninth, "parse_modifiers")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda value, real=real: parsed.append(value) or real(value))
    again, _ = profiles.page_unit(ruleset, own[:1], rows, (), own[1])
    assert again == first and parsed == []
    if ruleset == "ninth":
        watching = ninth.Group(ninth.Attack(3, overwatch=True), 2, ninth.Weapon(4))
        changed, _ = profiles.page_unit(ruleset, (watching,), rows, (), own[1])
        assert all(g.attack.overwatch for g in changed.groups) and parsed  # parsed again, for the new shooter
