"""Our reading of the rules: docs/rules.md, served in the app so its explanations can link to it.

The page is drawn by views/rules.py (see views/__init__.py for why)."""

from views.rules import render

render()
