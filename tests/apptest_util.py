"""Helpers for AppTest: open a page of the real app (through app.py's router) with a link."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]


def open_page(page: str, timeout: float = 30, **query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
    for name, value in query.items():
        at.query_params[name] = value
    at.switch_page(f"pages/{page}.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def hit_chance(at: AppTest) -> str:
    return metric(at, "Hit chance")


def warnings(at: AppTest) -> str:
    return "\n".join(w.value for w in at.warning)


def text(at: AppTest) -> str:
    """Everything the page wrote in markdown, captions and alerts, as one string."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [a.value for a in (*at.error, *at.success, *at.warning, *at.info)]
    return "\n".join(parts)
