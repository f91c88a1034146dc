"""Your army: upload army files and open any calculator with one of their units.

The page is drawn by views/army.py (see views/__init__.py for why)."""

from views.army import render

render()
