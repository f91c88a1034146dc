"""9th (and 8th) edition attack: the hit roll (modifiers, re-rolls, Overwatch, presets) and the attack after it.

The page is drawn by views/ninth.py (see views/__init__.py for why)."""

from views.ninth import render

render()
