"""Fantasy Roll to Hit: BS, shooting modifiers, cover, LoS, split fire.

The page is drawn by views/fantasy.py (see views/__init__.py for why)."""

from views.fantasy import render

render()
