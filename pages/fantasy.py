"""Fantasy shooting: the hit roll (BS, shooting modifiers, cover, LoS, split fire) and the attack after it.

The page is drawn by views/fantasy.py (see views/__init__.py for why)."""

from views.fantasy import render

render()
