"""The shape of an explanation (one step of working out a roll), where a reading of the rules is
written down, and the checks every value passes where it enters the engine.

Part of the engine's ground floor: standard library only.

>>> check_int("BS", 3, 1, 10), anchor("8th-edition variant")
(3, '8th-edition-variant')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Step", "anchor", "check_choice", "check_int", "reading", "whole_number"]

@dataclass(frozen=True)
class Step:
    """One line of the explanation, in the order a player would work it out.

    ``kind`` is ``"base"``, ``"modifier"`` (applied), ``"skipped"`` (considered, did not
    apply), ``"cap"``, ``"roll"``, ``"reroll"``, ``"chance"`` or ``"note"``. ``delta`` is
    what the step adds to the modifier, and ``hitting_faces`` the natural D6 results that
    would hit if the roll were made right after this step: ``()`` when no face hits, ``None``
    when the step has no roll to speak of (a note about a unit preset, say).
    ``topic`` names the condition a step is about (``"cover"``), so a page can show it beside
    the input it concerns. ``anchor`` is the section of docs/rules.md (its heading's
    :func:`anchor`) where the step's reading of the rules is written down, ``""`` for none; the
    text names that section in words (:func:`reading`), and a page may link it.
    """

    kind: str
    text: str
    delta: int = 0
    hitting_faces: tuple[int, ...] | None = None
    topic: str = ""
    anchor: str = ""

    def __str__(self) -> str:
        return self.text


def anchor(heading: str) -> str:
    """The link anchor of a heading: ``"8th-edition variant"`` → ``"8th-edition-variant"``."""
    return "-".join("".join(c if c.isalnum() else " " for c in heading.lower()).split())


def reading(section: str) -> str:
    """Where our own reading of a rule is written down, in words: a section of docs/rules.md. The
    step that says it carries the section's :func:`anchor`, for a page to make the link.

    >>> reading("Fantasy: after the hit")
    'docs/rules.md § Fantasy: after the hit'
    """
    return f"docs/rules.md § {section}"


def whole_number(text: str) -> int | None:
    """The whole number ``text`` spells in ASCII digits (leading zeros are fine), or None. Never
    ``int()`` on anything else: ``str.isdigit`` accepts '²', which ``int()`` refuses in Python's
    own words. At most nine digits after the zeros (the seed has six), so never a huge int().

    >>> whole_number("007"), whole_number("-2"), whole_number("--0"), whole_number("²")
    (7, -2, None, None)
    """
    match = re.fullmatch(r"([+-]?)0*([0-9]{1,9})", text.strip())
    return int(match[1] + match[2]) if match else None


def check_int(name: str, value: object, low: int, high: int) -> int:
    """``value`` as an int in low..high, or a ValueError that names the input."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number from {low} to {high} (got {value!r}).")
    if not low <= value <= high:
        raise ValueError(f"{name} must be between {low} and {high} (got {value}).")
    return value


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> str:
    """``value`` if it is one of ``choices``, else a ValueError that lists them."""
    if value not in choices:
        shown = value if not isinstance(value, str) or len(value) <= 30 else value[:30] + "…"
        raise ValueError(f"Unknown {name} {shown!r}: choose one of {', '.join(choices)}.")
    return value  # type: ignore[return-value]


