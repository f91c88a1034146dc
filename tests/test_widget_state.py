"""webui.OneKey: the input widgets' one question of the session state ("does it hold None for my key?"),
answered for that key alone, gives exactly what Streamlit's whole ``filtered_state`` gives: asked on every
widget drawn on every page (during the runs, as the widgets ask it), on states built by hand with the cases
the walk has to get right, and only on the Streamlit release it was read against."""

from __future__ import annotations

import inspect

import pytest
import streamlit as st
from apptest_util import open_page
from streamlit.runtime.state.safe_session_state import SafeSessionState
from streamlit.runtime.state.session_state import STREAMLIT_INTERNAL_KEY_PREFIX, SessionState, Value

import webui

ASK = "session_state = get_session_state().filtered_state"
CHECK = "if key is not None and key in session_state and session_state[key] is None:"


def test_it_is_read_for_this_streamlit_and_given_to_each_widget():
    assert st.__version__ == webui.WIDGET_STATE_FOR, (
        "Streamlit changed: read its widgets' use of filtered_state again (tests/test_widget_state.py), "
        "then set webui.WIDGET_STATE_FOR")
    assert all(getattr(m.get_session_state, "one_key", False) for m in webui._ONE_KEY_WIDGETS)


@pytest.mark.parametrize("module", webui._ONE_KEY_WIDGETS, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_each_widget_asks_only_whether_its_key_holds_none(module):
    """Every use of filtered_state in the widgets given OneKey is that one question: ``in``, then ``[]``."""
    lines = [line.strip() for line in inspect.getsource(module).splitlines()]
    uses = [i for i, line in enumerate(lines) if "filtered_state" in line]
    assert uses
    for i in uses:
        assert lines[i] == ASK and lines[i + 1] == CHECK, lines[i:i + 2]
        assert "session_state" not in "".join(lines[i + 2:i + 12]), "the dict is used again below the check"


@pytest.fixture
def checked(monkeypatch):
    """Every OneKey answer given while the fixture is on, with the whole dict's, for the test to compare."""
    answers = []
    one = webui._filtered_item

    def both(state, key):
        mine = one(state, key)
        answers.append((key, mine, webui._asked_whole(state, key)))
        return mine

    monkeypatch.setattr(webui, "_filtered_item", both)
    return answers


def _differences(answers) -> list:
    return [(key, mine, whole) for key, mine, whole in answers if mine != whole]


def test_every_widget_of_every_page_gets_the_whole_dicts_answer(checked):
    """Drawn on each page, changed, hidden and drawn again, and with None in number inputs."""
    for page in ("fantasy", "ninth", "explore", "learn", "army"):
        open_page(page)
    at = open_page("fantasy", chain="1")
    at.number_input(key="fantasy_bs").set_value(4).run()
    at = open_page("combat")
    at.toggle(key="combat_more").set_value(True).run()
    at.number_input(key="combat_a_fighting").set_value(3).run()
    at.number_input(key="combat_a_fighting").set_value(None).run()
    at.number_input(key="combat_a_models").set_value(2).run()  # the fighting rank no longer fits: refitted
    at.radio(key="combat_a_others").set_value(2).run()
    at.text_input(key="combat_a_char_attacks").input("D3").run()
    at.toggle(key="combat_more").set_value(False).run()  # hidden: their values wait in the page's store
    at.toggle(key="combat_more").set_value(True).run()  # drawn again, with the values they had
    assert at.number_input(key="combat_a_fighting").value is None
    at.pills(key="combat_preset").set_value("lance_halberdiers").run()
    at.toggle(key="combat_charge").set_value(True).run()
    at.selectbox(key="combat_a_troop").set_value("monstrous_infantry").run()
    assert len(checked) > 200 and any(whole[0] for _, _, whole in checked)  # held keys were asked too
    assert any(whole == (True, None) for _, _, whole in checked)  # and keys that hold None
    assert not _differences(checked)


def _state(old=None, new=None, widgets=None, ids=None, stale=None) -> SafeSessionState:
    """A session state with ``old`` and ``new`` session-state values, ``widgets`` (widget id: value) drawn this
    run, ``ids`` (user key: widget id) and ``stale`` (widget id: user key) mappings."""
    state = SessionState()
    state._old_state.update(old or {})
    state._new_session_state.update(new or {})
    for wid, value in (widgets or {}).items():
        state._new_widget_state.states[wid] = Value(value)  # a value already deserialized
    for key, wid in (ids or {}).items():
        state._key_id_mapper[key] = wid
    state._key_id_mapper._id_key_mapping.update(stale or {})
    return SafeSessionState(state, lambda: None)


W = "$$ID-0123456789abcdef0123456789abcdef-"
CASES = {
    "plain keys, old and new": _state(old={"a": 1, "b": None}, new={"c": None}),
    "a widget drawn this run": _state(widgets={W + "w": None}, ids={"w": W + "w"}),
    "a widget from the last run, its key set since": _state(old={W + "w": 3}, new={"w": None}, ids={"w": W + "w"}),
    "a keyless widget and an internal key": _state(old={W + "None": 1, STREAMLIT_INTERNAL_KEY_PREFIX + "_x": None}),
    "an old widget id still mapped to its key": _state(old={W + "w": 1}, widgets={W[:-2] + "ff-w": None},
                                                       ids={"w": W[:-2] + "ff-w"}, stale={W + "w": "w"}),
    "the same, the other way round": _state(old={W + "w": None}, widgets={W[:-2] + "ff-w": 1},
                                            ids={"w": W[:-2] + "ff-w"}, stale={W + "w": "w"}),
    "a mapping with no value": _state(ids={"w": W + "w"}),
    "a key that looks like a widget id": _state(old={W + "v": 2}),
}


@pytest.mark.parametrize("name", CASES)
def test_hand_built_states_get_the_whole_dicts_answer(name):
    safe = CASES[name]
    state = safe._state
    asked = {"a", "b", "c", "w", "v", "missing", W + "w", W + "v", W + "None", STREAMLIT_INTERNAL_KEY_PREFIX + "_x",
             *state._key_id_mapper._id_key_mapping, *state._key_id_mapper._key_id_mapping}
    whole = safe.filtered_state
    for key in sorted(asked):
        one = webui.OneKey(safe)
        assert (key in one) == (key in whole), key
        if key in whole:
            assert one[key] == whole[key], key
        else:
            with pytest.raises(KeyError):
                one[key]
