"""The shared shape of an explanation: one step of working out a hit roll."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["Step", "check_choice", "check_int", "percent"]


@dataclass(frozen=True)
class Step:
    """One line of the explanation, in the order a player would work it out.

    ``kind`` is ``"base"``, ``"modifier"`` (applied), ``"skipped"`` (considered, did not
    apply), ``"cap"``, ``"roll"``, ``"reroll"``, ``"chance"`` or ``"note"``. ``delta`` is
    what the step adds to the modifier, and ``hitting_faces`` the natural D6 results that
    would hit if the roll were made right after this step (empty where that means nothing).
    ``topic`` names the condition a step is about (``"cover"``), so a page can show it beside
    the input it concerns.
    """

    kind: str
    text: str
    delta: int = 0
    hitting_faces: tuple[int, ...] = ()
    topic: str = ""

    def __str__(self) -> str:
        return self.text


def percent(p: Fraction) -> str:
    """A chance as a percentage with one decimal, for the explanation text."""
    return f"{float(p) * 100:.1f}%"


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
