"""No dead public names: every name in a hitrules module's ``__all__`` is used outside the tests
(by another module of the repository), or is documented as API in docs/api.md. And no lost ones: every
name in any module's ``__all__`` exists, and every name docs/api.md lists imports from the module its bullet
names, that name's one address (issue 41: no thin module re-exports at an old one)."""

from __future__ import annotations

import ast
import builtins
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import hitrules

ROOT = Path(__file__).resolve().parents[1]
#: Every module of the package, the subpackages' modules included, by its name under ``hitrules.``.
MODULES = sorted(m.name.removeprefix("hitrules.") for m in pkgutil.walk_packages(hitrules.__path__, "hitrules."))


def _code_outside_tests() -> dict[Path, str]:
    skip = {"tests", ".venv", ".git"}
    return {p: p.read_text(encoding="utf-8") for p in ROOT.rglob("*.py") if not skip & set(p.relative_to(ROOT).parts)}


CODE = _code_outside_tests()


def documented_api() -> dict[str, set[str]]:
    """The names docs/api.md lists, by module: each bullet is one module's (a module may have two)."""
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    names: dict[str, set[str]] = {}
    for bullet in re.split(r"\n- ", text)[1:]:
        module = re.match(r"`hitrules\.([\w.]+)`", bullet)
        if module:
            names.setdefault(module[1], set()).update(m.split(".")[-1] for m in re.findall(r"`([\w.]+)", bullet))
    return names


API = documented_api()


#: Every module of the package, the package itself and the subpackages' modules included.
ALL_MODULES = ["hitrules", *sorted(m.name for m in pkgutil.walk_packages(hitrules.__path__, "hitrules."))]


def _star_homes(module: str) -> list[str]:
    """The modules ``module`` re-exports with a star import."""
    tree = ast.parse(Path(importlib.import_module(module).__file__).read_text(encoding="utf-8"))
    return [n.module for n in tree.body if isinstance(n, ast.ImportFrom) and n.names[0].name == "*"]


def documented(module: str) -> set[str]:
    """The names docs/api.md lists for ``module``, or for a package that re-exports it with a star (the
    bullet of ``hitrules.fantasy`` names close combat's, from hitrules.fantasy.melee, round...)."""
    names = set(API.get(module, ()))
    for other, listed in API.items():
        if f"hitrules.{module}" in _star_homes(f"hitrules.{other}"):
            names |= listed
    return names


def test_the_api_page_lists_the_entry_points():
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
        if not used and name not in documented(module):
            unused.append(name)
    assert not unused, f"hitrules.{module}: {unused} are used only by tests; delete them, or list them in docs/api.md"


def test_the_dead_names_of_issue_18_are_gone():
    from hitrules import damage, dice, fantasy
    from hitrules.situations import presets

    assert not hasattr(fantasy, "cover_counts") and not hasattr(damage, "casualties")
    assert not hasattr(dice.Distribution, "variance") and not hasattr(dice.Distribution, "from_chances")
    assert not hasattr(presets.Preset, "target") and not hasattr(damage, "_mean")


@pytest.mark.parametrize("module", ALL_MODULES)
def test_every_name_of_all_exists(module):
    mod = importlib.import_module(module)
    assert not [name for name in getattr(mod, "__all__", ()) if not hasattr(mod, name)]


#: Words of docs/api.md's bullets that are not names of that bullet's module: another module's
#: types, a function's parameters, a module's own name.
NOT_THE_MODULES = {"fantasy.charging": {"Distribution", "RoundResult", "Side"}, "fantasy": {"charger_lost"},
                   "situations.combat": {"ChargeResult", "Mover", "Side"}, "situations.compare": {"ChainResult"},
                   "presentation.figures": {"xaxis_title"}, "situations.profiles": {"old", "weapons"},
                   "edge.rosters": {"Side", "urlstate"}, "words": {"python"}}


@pytest.mark.parametrize("module", sorted(API))
def test_every_name_the_readme_lists_imports_from_its_module(module):
    """Each name of the module's bullet imports from it: a name of the module, or an attribute of one of its
    names (``RoundResult.ends``, ``OverwatchVerdict.checks``)."""
    mod = importlib.import_module(f"hitrules.{module}")
    values = [getattr(mod, n) for n in dir(mod) if not n.startswith("_")]

    def found(name: str) -> bool:
        return hasattr(mod, name) or any(isinstance(v, type) and (hasattr(v, name) or name in getattr(
            v, "__dataclass_fields__", {})) for v in values)

    words = {n for n in API[module] if n.isidentifier() and len(n) > 1 and not hasattr(builtins, n)}
    words -= {m.rsplit(".", 1)[-1] for m in MODULES} | NOT_THE_MODULES.get(module, set())
    assert not sorted(n for n in words if not found(n))
