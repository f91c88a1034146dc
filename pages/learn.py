"""Learn: walk through a roll, roll seeded dice, take a quiz.

The page is drawn by views/learn.py (see views/__init__.py for why)."""

from views.learn import render

render()
