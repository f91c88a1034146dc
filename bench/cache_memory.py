"""The shared caches at their worst: every kept answer a 1,000-shot distribution, every kept chart its chart.

Prints how much the process grows (resident memory) when situations.ANSWERS_KEPT such answers
and webui_cache.FIGURES_KEPT such charts are held, against the process before. Run: make bench (or
python bench/cache_memory.py). Linux only (/proc/self/status).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hitrules import situations
from hitrules.edge import urlstate
from hitrules.presentation import figures

FIGURES_KEPT = 128  # webui_cache.FIGURES_KEPT; webui_cache itself imports streamlit, which would blur the numbers
CONDITIONS = ["", "moved", "close", "stand", "lone", "moved,stand", "moved,close", "moved,lone", "close,stand",
              "close,lone", "stand,lone", "moved,stand,lone", "close,stand,lone", "moved,close,stand"]


def resident_mb() -> float:
    status = Path("/proc/self/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) / 1024


def main() -> int:
    kept = max(situations.ANSWERS_KEPT, FIGURES_KEPT)
    sits = [situations.fantasy_situation(urlstate.parse_query(
        urlstate.FANTASY, {"bs": str(bs), "shots": "1000", "conditions": c}).values)
        for bs in range(1, 11) for c in CONDITIONS][:kept]
    figures.distribution_figure(situations.answer(sits[0]).distribution).to_dict()  # plotly's own first load
    situations.answer.cache_clear()
    base = resident_mb()
    for sit in sits[: situations.ANSWERS_KEPT]:
        situations.answer(sit)
    answers = resident_mb()
    charts = [figures.distribution_figure(situations.answer(s).distribution).to_dict() for s in sits[:FIGURES_KEPT]]
    both = resident_mb()
    print(f"worst case of the shared caches (1,000-shot situations; the process held {base:.0f} MB before):")
    print(f"  {situations.ANSWERS_KEPT} answers: +{answers - base:.0f} MB")
    print(f"  {len(charts)} charts: +{both - answers:.0f} MB")
    print(f"  together: +{both - base:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
