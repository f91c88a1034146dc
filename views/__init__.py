"""The pages' drawing code: one module a page, each with ``render()``, which ``pages/<name>.py`` calls (a long
page's parts, split by job, beside it: ``combat_side``, ``explore_weapons``, ``learn_charge``…).

A page's file is run again on every rerun. Keeping the code here, in modules imported once per
process, means a rerun only draws: the page file Streamlit runs is two lines. Under AppTest
this matters: it compiles the page file from source on every run, twice in the legacy
``pages/`` mode (0.55 to 1.3 ms each for pages of 90 to 140 lines, so 1.1 to 2.6 ms a run).
The server caches the compiled file, so there it changes nothing. No rules live here either: a view
collects inputs, calls hitrules, and draws.
"""
