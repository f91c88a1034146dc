"""No developer words on the pages (issue 41): what a player reads, in every text, label, help text and link
of every page, never names a module, an outcome's key or a section sign; links into the rules say what they
are about ("our reading: the charge")."""

from __future__ import annotations

import re

import pytest
from apptest_util import open_page
from test_app_pages import EVERY_PART

from hitrules.fantasy import OUTCOMES

#: The fields of an element a player reads (the chart's own spec is checked by the figures' tests).
READ = {"body", "label", "help", "placeholder", "caption", "options", "value", "text", "default_label"}
#: Words a player never needs: a module or file, our own rules file and its sections by sign, an outcome's key.
DEVELOPER = re.compile("|".join([r"RULES\.md", r"docs/rules\.md", r"README", "§", r"\bhitrules\.", r"\w\.py\b",
                                 *(rf"\b{key}\b" for key in OUTCOMES if "_" in key)]))
#: Each page, every part shown, and /combat's charge part with it; the home, army and rules pages.
PAGES = [*EVERY_PART, ("combat", {"more": "1", "charge": "1", "distance": "7", "chart": "tables"}),
         ("combat", {"charge": "1", "distance": "7", "reaction": "flee", "charge_chart": "tables"}),
         ("home", {}), ("army", {}), ("rules", {}), ("learn", {"section": "charge", "seed": "3"})]


def _strings(message, out: list[str]) -> None:
    for field, value in message.ListFields():
        items = (value,) if isinstance(value, str) or hasattr(value, "ListFields") else value
        if field.type == field.TYPE_MESSAGE:
            for item in items:
                _strings(item, out)
        elif field.type == field.TYPE_STRING and field.name in READ:
            out.extend(items)


def page_words(at) -> list[str]:
    """Every string a player reads on the page, the sidebar's links included."""
    out: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None and node.type != "plotly_chart":
            _strings(proto, out)
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return out


@pytest.mark.parametrize(("page", "query"), PAGES, ids=lambda x: x if isinstance(x, str) else "&".join(
    f"{k}={v}" for k, v in x.items()))
def test_no_page_says_a_developers_word(page, query):
    at = open_page(page, **query)
    words = page_words(at)
    assert len(words) > 5  # the walk reads the page
    assert not [w for w in words if DEVELOPER.search(w)]
