"""The pictures of the two rules words explain worst: Line of Sight cover and the Overwatch checks.

The views call one function where a picture belongs; the figures are built in hitrules.presentation.figures
from the engine's own answer (a CoverCheck, an OverwatchVerdict), once per situation.
"""

import streamlit as st

import webui_cache
from hitrules.presentation import figures

#: Whether the pictures are drawn. Only bench/apptest.py changes it, to time a page without them.
SHOW = True
CONFIG = {"displayModeBar": False}


def cover(key: str, result) -> None:
    """The side view of the cover test behind a fantasy result; nothing when it considered no cover."""
    check = getattr(result, "cover_check", None)
    if SHOW and check is not None:
        _draw(key, check, figures.cover_figure, figures.cover_words)


def cover_at_step(key: str, result, step) -> None:
    """The cover picture, when ``step`` (one of ``result.steps``) is the step that decided cover."""
    if step.topic == "cover":
        cover(key, result)


def overwatch(key: str, verdict) -> None:
    """The Overwatch checks in order, the path of this situation lit; nothing when not Overwatch fire."""
    if SHOW and verdict is not None:
        _draw(key, verdict, figures.overwatch_figure, figures.overwatch_words)


def _draw(key: str, answer, figure, words) -> None:
    """A picture of an engine answer (frozen, so its repr names it) and the same in words for
    screen readers, built once per answer."""
    fig, alt = webui_cache.shared(_picture, figure, words, answer)
    st.plotly_chart(fig, key=key, config=CONFIG, alt=alt)


def _picture(figure, words, answer):
    return figure(answer), words(answer)
