"""Fantasy close combat: one round between a charging unit and the charged, to the Break test.

The page is drawn by views/combat.py (see views/__init__.py for why)."""

from views.combat import render

render()
