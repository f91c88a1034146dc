"""No dead public names: every name in a hitrules module's ``__all__`` is used outside the tests
(by another module of the repository), or is documented as API in the README's "Python API"."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import hitrules

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted(m.name for m in pkgutil.iter_modules(hitrules.__path__))


def _code_outside_tests() -> dict[Path, str]:
    skip = {"tests", ".venv", ".git"}
    return {p: p.read_text(encoding="utf-8") for p in ROOT.rglob("*.py") if not skip & set(p.relative_to(ROOT).parts)}


CODE = _code_outside_tests()


def documented_api() -> dict[str, set[str]]:
    """The names the README's "Python API" section lists, by module: each bullet is one module's."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Python API\n", 1)[1].split("\n## ", 1)[0]
    names: dict[str, set[str]] = {}
    for bullet in re.split(r"\n- ", section)[1:]:
        module = re.match(r"`hitrules\.(\w+)`", bullet)
        if module:
            names[module[1]] = {m.split(".")[-1] for m in re.findall(r"`([\w.]+)", bullet)}
    return names


API = documented_api()


def test_the_readme_lists_the_entry_points():
    assert {"hits", "Distribution", "d6_faces"} <= API["dice"]
    assert {"resolve", "shoot", "shoot_split"} <= API["fantasy"]
    assert {"resolve", "attack_outcome"} <= API["ninth"]


@pytest.mark.parametrize("module", MODULES)
def test_every_public_name_is_used_or_documented(module):
    mod = importlib.import_module(f"hitrules.{module}")
    own = Path(mod.__file__).resolve()
    unused = []
    for name in getattr(mod, "__all__", ()):
        word = re.compile(rf"\b{re.escape(name)}\b")
        used = any(word.search(text) for path, text in CODE.items() if path.resolve() != own)
        if not used and name not in API.get(module, set()):
            unused.append(name)
    assert not unused, f"hitrules.{module}: {unused} are used only by tests; delete them, or list them in the README"


@pytest.mark.parametrize("module", MODULES)
def test_every_public_name_exists(module):
    mod = importlib.import_module(f"hitrules.{module}")
    assert all(hasattr(mod, name) for name in getattr(mod, "__all__", ()))


def test_the_dead_names_of_issue_18_are_gone():
    from hitrules import damage, dice, fantasy, presets

    assert not hasattr(fantasy, "cover_counts") and not hasattr(damage, "casualties")
    assert not hasattr(dice.Distribution, "variance") and not hasattr(dice.Distribution, "from_chances")
    assert not hasattr(presets.Preset, "target") and not hasattr(damage, "_mean")
