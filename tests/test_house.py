"""The house's rules (CONTRIBUTING.md § Layout), read from the imports with ast: no import cycle, no
module-level __getattr__, no private name imported from another module, no view importing a
private module; and each layer imports only downwards."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = sorted((ROOT / "hitrules").rglob("*.py"))
#: The app's own files: the views, the pages, webui (the link's state, routing, caches) and the router.
OUTSIDE = [*sorted((ROOT / "views").rglob("*.py")), *sorted((ROOT / "pages").rglob("*.py")),
           *sorted(ROOT.glob("webui*.py")), ROOT / "app.py"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE}


def imports(path: Path) -> list[tuple[str, str | None]]:
    """Every import in the file, anywhere in it (a lazy import inside a function counts): (module, name)."""
    mod, package = module_name(path), path.name == "__init__.py"
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = mod.split(".") if package else mod.split(".")[:-1]
            target = node.module or "" if not node.level else \
                ".".join(base[:len(base) - node.level + 1] + ([node.module] if node.module else []))
            found += [(target, a.name) for a in node.names]
    return found


def edges(path: Path) -> set[str]:
    """The package's modules this one imports (a module imported from its package counts as the module)."""
    out = set()
    for target, name in imports(path):
        full = f"{target}.{name}" if name else target
        out.add(full if full in MODULES else target)
    mod = module_name(path)
    # A package's __init__ re-exporting its own modules is not a loop of meaning.
    return {t for t in out if t in MODULES and t != mod and not t.startswith(mod + ".") and not mod.startswith(t + ".")}


def test_no_import_cycle():
    graph = {m: edges(p) for m, p in MODULES.items()}
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, "import cycle: " + " -> ".join((*path[path.index(m):], m))
        if m in done:
            return
        for t in graph[m]:
            visit(t, (*path, m))
        done.add(m)

    for m in graph:
        visit(m, ())


@pytest.mark.parametrize("path", PACKAGE, ids=lambda p: module_name(p))
def test_no_module_level_getattr(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert not [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "__getattr__"]


@pytest.mark.parametrize("path", PACKAGE + OUTSIDE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_name_crosses_a_module_border(path):
    mod = module_name(path)
    crossing = [f"{target}.{name}" for target, name in imports(path)
                if name and name.startswith("_") and not name.startswith("__") and target.startswith("hitrules")
                and target != mod]
    assert not crossing


@pytest.mark.parametrize("path", OUTSIDE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_view_imports_a_private_module(path):
    private = [f"{target}.{name}" if name else target for target, name in imports(path)
               if target.startswith("hitrules") and any(part.startswith("_") for part in
                                                         [*target.split(".")[1:], *([name] if name else [])])]
    assert not private


#: Each layer and the layers it may import (CONTRIBUTING.md § Layout).
LAYERS = {
    "engine": set(),
    "situations": {"engine"},
    "edge": {"engine", "situations"},
    "presentation": {"engine", "situations"},
}
#: The package's own __init__: a docstring and the version, in no layer.
THIN = {"hitrules"}


def layer(mod: str) -> str:
    parts = mod.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "engine"


@pytest.mark.parametrize("mod", sorted(set(MODULES) - THIN))
def test_each_layer_imports_only_downwards(mod):
    mine = layer(mod)
    upwards = {t for t in edges(MODULES[mod]) if (layer(t) != mine and layer(t) not in LAYERS[mine]) or t in THIN}
    assert not upwards, f"{mod} ({mine}) imports {upwards}"


#: What a view (or webui, a page, the router) may import of the package: the situations, the presentation and
#: the edge whole, and of the engine only its faces (a top-level module or a rule set's package, as
#: ``hitrules.fantasy``), never a rule set's inner module (``hitrules.fantasy.charging``).
VIEW_LAYERS = {"situations", "presentation", "edge"}


def engine_face(mod: str) -> bool:
    return mod in MODULES and layer(mod) == "engine" and mod.count(".") == 1


@pytest.mark.parametrize("path", OUTSIDE, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_view_imports_the_layers_and_only_the_engines_faces(path):
    reached = set()
    for target, name in imports(path):
        if target == "hitrules" or target.startswith("hitrules."):
            full = f"{target}.{name}" if name else target
            reached.add(full if full in MODULES else target)
    assert reached <= set(MODULES), reached - set(MODULES)  # no module at an address that is gone
    wrong = {m for m in reached if m != "hitrules" and layer(m) not in VIEW_LAYERS and not engine_face(m)}
    assert not wrong, f"{path.name} imports the engine's inner modules {wrong}: import them from their faces"


def test_no_name_has_a_second_address():
    """The thin modules that re-exported names at old addresses are gone (issue 41): no module of the package
    is only star imports, and none of the old addresses is back."""
    old = {"_steps", "charge", "combat", "combat_situations", "compare", "figures", "presets", "profiles", "quiz",
           "rosters", "urlstate"}
    assert not {m for m in MODULES if m.count(".") == 1 and m.split(".")[1] in old}
    for mod, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        code = [n for n in tree.body if not isinstance(n, (ast.Import, ast.ImportFrom, ast.Expr, ast.Assign))]
        stars = [n for n in tree.body if isinstance(n, ast.ImportFrom) and n.names[0].name == "*"]
        assert code or not stars or path.name == "__init__.py", f"{mod} only re-exports: import from its homes"


def test_the_engine_uses_only_the_standard_library():
    import sys

    for mod, path in MODULES.items():
        if layer(mod) in ("engine", "situations") and mod not in THIN:
            outside = {t.split(".")[0] for t, _ in imports(path)} - {"hitrules", "__future__"}
            assert outside <= set(sys.stdlib_module_names), (mod, outside)


def test_the_rule_modules_import_only_the_standard_library():
    code = ("import sys; import hitrules.damage, hitrules.dice, hitrules.fantasy, hitrules.ninth; "
            "import hitrules.situations.presets; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'streamlit', 'plotly', 'pandas', 'numpy'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1])
    assert out.stdout.strip() == "[]"


#: The most cyclomatic complexity (as radon counts it: each branch, loop, boolean operator and comprehension
#: condition) of a function in the engine (issue 27).
MOST_COMPLEX = 15


def _blocks(blocks):
    """Every function radon found, methods and closures included."""
    for block in blocks:
        yield block
        yield from _blocks(getattr(block, "methods", ()))
        yield from _blocks(getattr(block, "closures", ()))
        yield from _blocks(getattr(block, "inner_classes", ()))


def test_no_engine_function_is_more_complex_than_the_house_allows():
    from radon.complexity import cc_visit

    engine = [mod for mod in MODULES if layer(mod) == "engine" and mod not in THIN]
    assert {"hitrules.fantasy.charging", "hitrules.damage", "hitrules.ninth.hit"} <= set(engine)
    complex_ = [(mod, block.name, block.complexity) for mod in engine
                for block in _blocks(cc_visit(MODULES[mod].read_text(encoding="utf-8")))
                if block.complexity > MOST_COMPLEX]
    assert not complex_
