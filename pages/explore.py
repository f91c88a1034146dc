"""Explore: every skill and modifier at once, rule sets side by side.

The page is drawn by views/explore.py (see views/__init__.py for why)."""

from views.explore import render

render()
