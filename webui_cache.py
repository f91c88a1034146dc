"""What a server process shares between its players: the figures and tables built once, the process's first
run (every page loaded, the heap frozen), and the pause that sends an answer before the rest of its page."""

from __future__ import annotations

import gc
import importlib
import time
from functools import lru_cache
from pathlib import Path

import pyarrow
from streamlit import config  # AppTest answers global.appTest through this module only (st.get_option says False)

from hitrules.presentation import figures
from hitrules.situations import profiles

#: Figures and tables kept for every user (least recently used out first); at most about 25 MB,
#: a 1,000-shot chart being about 0.2 MB (bench/cache_memory.py).
FIGURES_KEPT = 128
#: How long :func:`send_now` pauses, in seconds.
SEND_PAUSE = 0.001


def send_now() -> None:
    """Let the server send what the page has drawn so far (its answer) before the rest is built.

    The script thread holds the interpreter while it builds the page, and the thread that sends to
    the browser gets it back only now and then (Python's switch interval is 5 ms), so the answer at
    the top of /combat waited for most of the page below it. A pause of a millisecond hands the
    interpreter over and the answer leaves at once: in Chromium it showed 9 ms sooner (86.6 -> 77.2 ms
    against the trivial page's 60, measured twice; docs/capacity.md), and the rest of the page a
    millisecond later. AppTest sends nothing, so there it does not pause."""
    if not config.get_option("global.appTest"):
        time.sleep(SEND_PAUSE)




@lru_cache(maxsize=FIGURES_KEPT)
def shared(build, *args):
    """``build(*args)``, once for every user: figures and tables, never changed once built. The
    arguments are small frozen values (a situation, a skill), never a user's random dice."""
    return build(*args)




@lru_cache(maxsize=1)
def settle() -> None:
    """Once per server process, at its first run: load every page's modules, and move all that is
    loaded so far (Streamlit, Plotly, pandas, the app) out of the collector's sight (``gc.freeze``).

    The server runs with no collection after each run (``runner.postScriptGC``), so Python's own
    collector does the work, and one full collection of the whole heap took 70-80 ms, in whatever
    view it fell: on a fresh server, always the third view after one of each page (docs/capacity.md).
    Frozen, that heap is never walked again: a full collection takes about 2.5 ms. What the
    modules allocate from then on is collected as before. The pages' modules other than the
    visitor's own cost that first view about 20 ms. AppTest runs in the test's own process, whose
    heap is not a server's: there nothing is frozen."""
    for view in sorted(Path(__file__).with_name("views").glob("*.py")):
        importlib.import_module(f"views.{view.stem}")
    _warm_up()
    if not config.get_option("global.appTest"):
        gc.freeze()




def _warm_up() -> None:
    """Load and build, once, what a page would otherwise load or build in some player's first view
    of it: Plotly's classes for every kind of trace, and the first pandas table of text columns and
    its conversion for the browser (pandas' and pyarrow's string code). On a fresh server the first
    view of the 9th page's whole attack took 20-40 ms longer than the next for these alone, none of
    which the pages' plain views had used (docs/capacity.md)."""
    figures.figure([figures.trace(kind) for kind in figures.TRACE_KINDS]).to_dict()
    for ruleset in profiles.DEFAULTS:
        pyarrow.Table.from_pandas(figures.weapons_frame(ruleset, (profiles.DEFAULTS[ruleset],)))
