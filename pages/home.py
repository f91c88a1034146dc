"""The landing page: what hitrules answers, and where to go.

The page is drawn by views/home.py (see views/__init__.py for why)."""

from views.home import render

render()
