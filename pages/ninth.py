"""9th (and 8th) edition hit roll: modifiers, re-rolls, Overwatch, presets.

The page is drawn by views/ninth.py (see views/__init__.py for why)."""

from views.ninth import render

render()
