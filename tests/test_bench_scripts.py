"""The benchmarks still import: `make bench` is run by hand, not by `make test`, so a name a benchmark
reads from the package (bench/browser.py read the removed ``hitrules._steps.headline_text``) would break it
unseen until the next person timed something. Each module is imported, its ``main`` not run."""

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p.stem for p in (ROOT / "bench").glob("*.py") if p.stem != "trivial_app")


@pytest.mark.parametrize("name", SCRIPTS)
def test_each_benchmark_imports(name):
    code = f"import sys; sys.path[:0] = ['bench', '.']; import {name}; assert callable({name}.main)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def _bench(name: str):
    """A module of bench/, imported as the benchmarks import each other (bench/ first on the path)."""
    sys.path[:0] = [str(ROOT / "bench")]
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "bench"))


def test_the_browser_bench_expects_what_the_engine_says():
    """Its expected metric texts come from the engine: Hold's "Charged unit destroyed" differs between the
    charged unit's WS 4 and 3, or the bench would time a change that shows nothing new."""
    browser = _bench("browser")
    for name in ("combat", "combat-charge"):
        first, second = browser.CASES[name][-1]
        assert first != second, name
        assert all(text.rstrip(")").endswith("%") for text in (first, second)), (name, first, second)
    first, second = browser.CASES["explore"][-1]  # models removed: a change of the target's Toughness shows
    assert first != second and all(float(text) > 0 for text in (first, second)), (first, second)


def test_the_line_count_tells_each_kind_of_line_apart():
    """bench/lines.py's table by kind (issue 27's before/after): every line of a small module, by hand."""
    lines = _bench("lines")
    text = '"""A module."""\n\nfrom a import (\n    b,\n)\n\n__all__ = [\n    "f",\n]\n# why\n\n\ndef f():\n' \
           '    """Doc\n    string."""\n    return b  # a comment after code is code\n'
    assert list(lines.kinds(text).values()) == [
        "docstring", "blank", "import", "import", "import", "blank", "__all__", "__all__", "__all__", "comment",
        "blank", "blank", "code", "docstring", "docstring", "code"]
    assert lines.code_lines(text) == {3, 4, 5, 7, 8, 9, 13, 16}
