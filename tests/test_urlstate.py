"""Links: every page's parameters read and written, bad values named, defaults kept."""

import pytest

from hitrules import ninth
from hitrules.edge import urlstate
from hitrules.edge.urlstate import encode, parse_query
from hitrules.situations import compare

ALL = {"fantasy": urlstate.FANTASY, "ninth": urlstate.NINTH, "explore": urlstate.EXPLORE, "learn": urlstate.LEARN,
       "combat": urlstate.COMBAT}


@pytest.mark.parametrize("page", ALL)
def test_defaults_encode_to_nothing_and_round_trip(page):
    params = ALL[page]
    values = urlstate.defaults(params)
    assert encode(params, values) == {}
    assert parse_query(params, {}).values == values


@pytest.mark.parametrize("page", ALL)
def test_a_link_reads_every_whole_number_its_widget_takes(page):
    """The widget's limits are the link's: a seed of 123456 typed into Learn opens from its link."""
    for p in ALL[page]:
        if p.bounds:
            low, high = p.bounds
            assert parse_query(ALL[page], {p.name: str(low)}).values[p.name] == low, p.name
            assert parse_query(ALL[page], {p.name: str(high)}).values[p.name] == high, p.name
            assert parse_query(ALL[page], {p.name: str(high + 1)}).warnings, p.name


@pytest.mark.parametrize(("page", "changed", "kept"), [
    ("learn", {"s": 5, "invuln": 4}, {"chain": "0", "extra": "0"}),  # s: the target part on; invuln: its rarer rules
    ("ninth", {"wounds": 3}, {"wounds_left": str(urlstate.defaults(urlstate.NINTH)["wounds_left"])}),  # once a preset's
    ("fantasy", {"s": 5, "chain": True}, {}),
])
def test_a_default_is_written_where_an_older_form_would_change_it(page, changed, kept):
    """A page may keep settings of a part that is off; its link must not reopen that part."""
    values = urlstate.defaults(ALL[page]) | changed
    link = encode(ALL[page], values)
    assert link == {name: urlstate.encode(ALL[page], changed, defaults_too=True)[name] for name in changed} | kept
    assert parse_query(ALL[page], link).values == values


def test_round_trip_of_a_full_fantasy_link():
    query = {"bs": "4", "conditions": "moved,split", "cover": "unit", "rules": "sniper,volley_fire",
             "shots": "2D6", "shots2": "D3", "los_target2": "3"}
    parsed = parse_query(urlstate.FANTASY, query)
    assert parsed.warnings == ()
    assert encode(urlstate.FANTASY, parsed.values) == query


@pytest.mark.parametrize("params", [urlstate.NINTH, urlstate.FANTASY])
def test_the_pages_own_weapon_name_round_trips_in_one_line_and_at_most_an_added_weapons_length(params):
    query = {"chain": "1", "name": "Boltgun (Space Marine Sergeant)"}
    parsed = parse_query(params, query)
    assert parsed.warnings == () and parsed.values["name"] == "Boltgun (Space Marine Sergeant)"
    assert encode(params, parsed.values) == query
    messy = parse_query(params, {"name": "  Las;can:non \n\t of   the forge world Ryza, pattern Mk IV  "})
    assert messy.values["name"] == "Las;can:non of the forge world Ryza, pat"  # 40: an added weapon's most
    assert parse_query(params, {}).values["name"] == "" and "name" not in encode(params, urlstate.defaults(params))


def test_shots_are_written_in_their_tidy_form():
    parsed = parse_query(urlstate.FANTASY, {"shots": " 2d6 + 1 "})
    assert parsed.values["shots"] == "2D6+1"


def test_rules_keep_one_order_without_repeats():
    assert parse_query(urlstate.FANTASY, {"rules": "volley_fire,sniper,sniper"}).values["rules"] == (
        "sniper", "volley_fire")


@pytest.mark.parametrize(("name", "raw"), [("bs", "banana"), ("bs", "11"), ("bs", "3.5"), ("moved", "true"),
                                           ("cover", "lava"), ("shots", "D0"), ("rules", "x"),
                                           ("los_blocker", "-1"), ("us", "999999999")])
def test_each_bad_fantasy_value_is_named(name, raw):
    parsed = parse_query(urlstate.FANTASY, {name: raw, "close": "1"})
    assert len(parsed.warnings) == 1 and parsed.warnings[0].startswith(f"{name}:")
    if name in urlstate.defaults(urlstate.FANTASY):
        assert parsed.values[name] == urlstate.defaults(urlstate.FANTASY)[name]
    assert parsed.values["conditions"] == ("close",)


def test_warnings_do_not_echo_long_values():
    parsed = parse_query(urlstate.FANTASY, {"cover": "z" * 500})
    assert len(parsed.warnings[0]) < 120


def test_too_long_query_is_refused_whole():
    parsed = parse_query(urlstate.FANTASY, {"close": "1", "x": "y" * urlstate.MAX_QUERY_LENGTH})
    assert parsed.values == urlstate.defaults(urlstate.FANTASY)
    assert "too long" in parsed.warnings[0]


def test_mods_and_stacks():
    assert ninth.parse_modifiers("-1, -1, +1") == (-1, -1, 1)
    assert encode(urlstate.NINTH, {"mods": (-1, 1)}) == {"mods": "-1,+1"}
    with pytest.raises(ValueError):
        ninth.parse_modifiers("-1,x")
    assert compare.parse_stacks("moved+soft;;hard") == (("moved", "soft"), ("hard",))
    with pytest.raises(ValueError):
        compare.parse_stacks("moved+lava")
    with pytest.raises(ValueError):
        compare.parse_stacks(";".join(["moved"] * 7))


def test_repeated_parameter_uses_the_last():
    assert parse_query(urlstate.FANTASY, {"bs": ["2", "5"]}).values["bs"] == 5


@pytest.mark.parametrize(("old", "new"), [
    ({"moved": "1", "stand": "1", "split": "1"}, {"conditions": "moved,stand,split"}),
    ({"conditions": "moved", "close": "1"}, {"conditions": "moved"}),  # the current form decides
    ({"moved": "1", "close": "1", "moved_": "0"}, {"conditions": "moved,close"}),
    ({"edition": "8"}, {"rules": "8"}),
    ({"edition": "8", "preset": "leman_russ"}, {"rules": "leman_russ"}),
    ({"preset": "none", "edition": "8"}, {"rules": "8"}),
    ({"trigger": "charge", "overwatch": "1", "eir": "1"}, {"attack": "overwatch_fire", "ow": "overwatch,eir"}),
    ({"trigger": "advance", "melee": "1"}, {"attack": "melee,overwatch_fire", "trigger": "advance"}),
    ({"trigger": "none", "auto": "1"}, {"attack": "auto"}),
])
def test_older_link_forms_are_read_into_the_current_ones(old, new):
    page = urlstate.FANTASY if "conditions" in new else urlstate.NINTH
    parsed = parse_query(page, old)
    assert parsed.warnings == ()
    assert encode(page, parsed.values) == new


def test_a_trigger_with_the_attack_pills_is_the_current_form():
    """``trigger`` beside ``attack`` is today's form: it does not turn Overwatch fire on by itself."""
    parsed = parse_query(urlstate.NINTH, {"attack": "melee", "trigger": "advance"})
    assert parsed.values["attack"] == ("melee",) and parsed.values["trigger"] == "advance"


@pytest.mark.parametrize(("params", "name"), [(urlstate.EXPLORE, "save"), (urlstate.COMBAT, "a_armour"),
                                              (urlstate.COMBAT, "d_armour")])
def test_none_is_read_for_a_save_whose_default_is_a_score(params, name):
    """``save=none`` once read back as the default 3+: a value of None was taken for an unreadable one."""
    parsed = parse_query(params, {name: "none"})
    assert parsed.values[name] is None and not parsed.warnings
    assert encode(params, parsed.values) == {name: "none"}


#: Words of Python's own exceptions, which a player must never read in a warning.
PYTHON_WORDS = ("invalid literal", "with base", "could not convert", "int()", "float()", "object has no attribute",
                "not supported between", "unhashable", "NoneType", "positional argument", "codec")


@pytest.mark.parametrize(("page", "query", "value"), [
    ("fantasy", {"shots": "0000001"}, ("shots", "1")), ("fantasy", {"bs": "007"}, ("bs", 7)),
    ("ninth", {"attacks": "02D6+03"}, ("attacks", "2D6+3")), ("ninth", {"sv": "03+"}, ("sv", 3)),
    ("ninth", {"trigger": "Charge", "overwatch": "1"}, ("attack", ("overwatch_fire",))),
    ("ninth", {"trigger": "ADVANCE"}, ("trigger", "advance")),
    ("ninth", {"preset": "Leman_Russ"}, ("rules", "leman_russ")),
    ("learn", {"edition": " 8 "}, ("edition", 8)), ("explore", {"view": "Wound"}, ("view", "wound")),
])
def test_leading_zeros_spaces_and_case_do_not_matter(page, query, value):
    parsed = parse_query(ALL[page], query)
    assert parsed.warnings == () and parsed.values[value[0]] == value[1]


def test_the_older_overwatch_link_keeps_overwatch_fire_in_any_case():
    read = [parse_query(urlstate.NINTH, {"reroll": "ones", "trigger": t, "overwatch": "1"}).values
            for t in ("charge", "Charge", "CHARGE")]
    assert read[0] == read[1] == read[2] and read[0]["attack"] == ("overwatch_fire",)


@pytest.mark.parametrize("junk", ["²", "³", "¹3", "٣", "１", "4²", "½"])
@pytest.mark.parametrize("name", ["sv", "invuln", "fnp", "skill", "attacks", "wounds"])
def test_a_digit_python_reads_but_the_page_does_not_is_refused_in_the_pages_words(name, junk):
    """``str.isdigit`` accepts '²', and ``int('²')`` then refuses it in Python's words. (A digit of
    another script may be read as the number it is, as the dice parser reads '٣'.)"""
    warnings = parse_query(urlstate.NINTH, {name: junk}).warnings
    assert warnings or junk in ("٣", "１")
    for warning in warnings:
        assert warning.startswith(f"{name}: ") and not any(word in warning for word in PYTHON_WORDS), warning


#: Parameters whose rows start with a weapon's name (a free text); ``more_a`` and ``more_b`` keep
#: their text as written and are read as such rows by the view.
NAMED_ROWS = {"rows", "weapons"}
NAMED_TEXT = {"more_a", "more_b", "from", "name"}  # from, name: the unit's and its weapon's names, as written


@pytest.mark.parametrize("page", ALL)
def test_every_reader_folds_case(page):
    """Every parameter, and every older form of one, reads a value in capitals as in lower case."""
    from test_fuzz import CANDIDATES

    params = ALL[page]
    names = [n for p in params for n in (p.name, *(old[0] for old in p.old))]
    for name in names:
        for value in CANDIDATES:
            lower = parse_query(params, {name: value})
            if not lower.warnings:
                upper = parse_query(params, {name: value.upper()})
                if name in NAMED_ROWS:  # a weapon's name is the player's own words, kept as written
                    upper, lower = (tuple((row[0].lower(), *row[1:]) for row in read.values["rows"])
                                    for read in (upper, lower))
                if name in NAMED_TEXT:
                    upper, lower = upper.values[name].lower(), lower.values[name].lower()
                assert upper == lower, (name, value)


def test_round_trip_of_a_combat_link_with_weapons_armour_rules_and_a_mount():
    """Issue 42: each side's weapon of war, armour worn, shield, barding, formation, special rules and mount,
    and the charger's charge bonus, read and written back as they were."""
    query = {"a_weapon": "great_weapon", "a_body": "full_plate", "a_shield": "1", "a_charge_bonus": "3",
             "a_formation": "open_order", "a_special": "horde,strike_first,frenzy", "d_weapon": "polearm_two_handed",
             "d_body": "none", "d_barding": "1", "d_troop": "heavy_cavalry", "d_mount_a": "2", "d_mount_ws": "4",
             "d_mount_s": "5", "d_mount_i": "2", "d_mount_ap": "-1", "d_armour": "4", "d_special": "hatred"}
    parsed = urlstate.parse_query(urlstate.COMBAT, query)
    assert not parsed.warnings
    assert parsed.values["a_special"] == ("horde", "strike_first", "frenzy")  # the choices' order
    assert urlstate.encode(urlstate.COMBAT, parsed.values) == query
    assert parsed.values["a_armour"] == "auto" and parsed.values["d_armour"] == 4
    assert urlstate.parse_query(urlstate.COMBAT, {"a_armour": "auto"}).values["a_armour"] == "auto"


@pytest.mark.parametrize(("name", "raw"), [("a_weapon", "spear"), ("d_body", "mithril"), ("a_special", "flying"),
                                           ("a_charge_bonus", "5"), ("d_formation", "square"),
                                           ("a_unit", "state troops")])
def test_each_bad_combat_side_value_is_named(name, raw):
    parsed = urlstate.parse_query(urlstate.COMBAT, {name: raw})
    assert len(parsed.warnings) == 1 and parsed.warnings[0].startswith(f"{name}: ")
    assert parsed.values[name] == urlstate.defaults(urlstate.COMBAT)[name]


def test_a_picked_unit_stands_in_for_its_sides_defaults_and_the_link_writes_only_what_differs():
    """Issue 43: ``a_unit`` gives the side the unit's values; a value the player changed is written even where it
    is the page's own default (10 models), and the pick's own values are left out."""
    values = urlstate.parse_query(urlstate.COMBAT, {"a_unit": "empire-of-man/state-troops"}).values
    assert (values["a_ws"], values["a_models"], values["a_body"], values["a_special"]) == (3, 20, "light", ("horde",))
    assert urlstate.encode(urlstate.COMBAT, values) == {"a_unit": "empire-of-man/state-troops"}
    changed = values | {"a_models": 10, "a_ws": 4}
    link = urlstate.encode(urlstate.COMBAT, changed)
    assert link == {"a_models": "10", "a_ws": "4", "a_unit": "empire-of-man/state-troops"}
    assert urlstate.parse_query(urlstate.COMBAT, link).values == changed
