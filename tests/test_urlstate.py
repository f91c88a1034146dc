"""Links: every page's parameters read and written, bad values named, defaults kept."""

import pytest

from hitrules import urlstate
from hitrules.urlstate import encode, parse_query

ALL = {"fantasy": urlstate.FANTASY, "ninth": urlstate.NINTH, "explore": urlstate.EXPLORE, "learn": urlstate.LEARN}


@pytest.mark.parametrize("page", ALL)
def test_defaults_encode_to_nothing_and_round_trip(page):
    params = ALL[page]
    values = urlstate.defaults(params)
    assert encode(params, values) == {}
    assert parse_query(params, {}).values == values


def test_round_trip_of_a_full_fantasy_link():
    query = {"bs": "4", "shots": "2D6", "moved": "1", "cover": "unit", "rules": "sniper,volley_fire",
             "split": "1", "shots2": "D3", "los_target2": "3"}
    parsed = parse_query(urlstate.FANTASY, query)
    assert parsed.warnings == ()
    assert encode(urlstate.FANTASY, parsed.values) == query


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
    assert parsed.values[name] == urlstate.defaults(urlstate.FANTASY)[name]
    assert parsed.values["close"] is True


def test_warnings_do_not_echo_long_values():
    parsed = parse_query(urlstate.FANTASY, {"cover": "z" * 500})
    assert len(parsed.warnings[0]) < 120


def test_too_long_query_is_refused_whole():
    parsed = parse_query(urlstate.FANTASY, {"close": "1", "x": "y" * urlstate.MAX_QUERY_LENGTH})
    assert parsed.values == urlstate.defaults(urlstate.FANTASY)
    assert "too long" in parsed.warnings[0]


def test_mods_and_stacks():
    assert urlstate.parse_mods("-1, -1, +1") == (-1, -1, 1)
    assert encode(urlstate.NINTH, {"mods": (-1, 1)}) == {"mods": "-1,+1"}
    with pytest.raises(ValueError):
        urlstate.parse_mods("-1,x")
    assert urlstate.parse_stacks("moved+soft;;hard") == (("moved", "soft"), ("hard",))
    with pytest.raises(ValueError):
        urlstate.parse_stacks("moved+lava")
    with pytest.raises(ValueError):
        urlstate.parse_stacks(";".join(["moved"] * 7))


def test_repeated_parameter_uses_the_last():
    assert parse_query(urlstate.FANTASY, {"bs": ["2", "5"]}).values["bs"] == 5
