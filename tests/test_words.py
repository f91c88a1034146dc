"""Numbers a person reads: every sentence, help text and headline of every page, at its defaults,
with every part shown and with each preset, writes a chance as its percentage, with the exact
fraction beside it only when it is short (hitrules.words.SHORT_FRACTION_CHARS); the long fraction
lives in the tables, the hover and the CSV. And "exactly" is never followed by "≈"."""

from __future__ import annotations

import re

import pytest
from apptest_util import open_page
from test_app_pages import EVERY_PART

from hitrules.edge import urlstate
from hitrules.situations import combat as combat_situations
from hitrules.words import SHORT_FRACTION_CHARS

#: Elements whose text is a sentence or a headline a person reads (tables and charts are not).
PROSE = ("markdown", "caption", "info", "warning", "error", "success", "text", "title", "header", "subheader")
WIDGETS = ("number_input", "text_input", "selectbox", "radio", "checkbox", "toggle", "slider", "button_group",
           "multiselect", "pills", "segmented_control", "button", "text_area")
FRACTION = re.compile(r"\d+/\d+")

#: The issue's own findings, opened again: they wrote long fractions and "exactly ≈" in sentences.
FOUND = [("combat", {}), ("combat", {"d_ld": "5", "a_attacks": "4"}),
         ("explore", {"view": "weapons", "ruleset": "ninth", "attacks_a": "20", "attacks_b": "3D6", "models": "10"}),
         ("explore", {"view": "kill", "kills": "3"}),
         ("explore", {"view": "weapons", "ruleset": "fantasy", "attacks_a": "30", "wounds": "3", "models": "10"}),
         ("learn", {"section": "roll", "seed": "7", "rolls": "30"}),
         ("learn", {"section": "combat"}), ("learn", {"section": "unit"})]
SHOWN = [("home", {}), ("rules", {}), ("fantasy", {}), ("ninth", {}), *EVERY_PART, *FOUND,
         *(("combat", dict(preset.query)) for preset in combat_situations.COMBAT_PRESETS.values()),
         *(("ninth", {"rules": rules, "chain": "1"}) for rules in urlstate.NINTH_RULES)]


def words(at) -> list[str]:
    """Every sentence, headline and help text the page shows a person."""
    said = [el.value for kind in PROSE for el in at.get(kind) if isinstance(el.value, str)]
    for el in at.get("metric"):
        said += [el.label, el.value, el.proto.help]
    for el in at.get("expander"):
        said.append(el.label)
    said += [el.proto.help for kind in WIDGETS for el in at.get(kind) if getattr(el.proto, "help", "")]
    return said


@pytest.mark.parametrize(("page", "query"), SHOWN)
def test_no_sentence_holds_a_long_fraction_or_exactly_approximately(page, query):
    at = open_page(page, **query)
    said = words(at)
    assert said
    too_long = [(m, text) for text in said for m in FRACTION.findall(text) if len(m) > SHORT_FRACTION_CHARS]
    assert not too_long
    assert not [text for text in said if re.search(r"exactly\s*\**≈", text, re.IGNORECASE)]
