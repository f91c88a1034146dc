"""The package's lines (issue 27): physical lines and SLOC of hitrules/ before and now, and "like for like".

SLOC are the lines that are not blank, not a comment alone and not part of a docstring (a string standing
as a statement). "Like for like" is now less the code of the two features added after the layering's base
(623a695): the whole charge and the army rosters. That code is, exactly:

- the files that hold nothing else (FEATURE_FILES);
- the named definitions elsewhere that exist only for them (FEATURE_NAMES: a def, a class, an assignment or
  a dataclass field, with the decorators and the comment lines right above it), measured by its AST node;
- every import of a feature file's module, and each line of an import list or of ``__all__`` that names
  only feature names.

It also prints like for like by kind of line (code, imports, ``__all__``, docstrings, comments, blank), which
shows where the lines the layers added went.

Lines for the features inside shared functions (a branch for the charge, a parameter in a shared tuple)
are not counted: like for like is an upper bound. Also printed: the longest functions, the most complex
(radon), and the import cycles (the graph of tests/test_house.py).

    python bench/lines.py [BEFORE [NOW]]   # BEFORE: a revision (623a695); NOW: a revision, or the work tree
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = "623a695"

FEATURE_FILES = ("hitrules/fantasy/charging.py", "hitrules/edge/rosters.py", "hitrules/charge.py",
                 "hitrules/rosters.py")
FEATURE_MODULES = tuple(p.removesuffix(".py").replace("/", ".") for p in FEATURE_FILES)
FEATURE_NAMES = {
    "hitrules/dice.py": ("Distribution.from_ways",),
    "hitrules/fantasy/__init__.py": ("_CHARGE_NAMES",),
    "hitrules/fantasy/result.py": ("RoundResult.end_ways", "RoundResult.end_den", "RoundResult.ends"),
    "hitrules/situations/combat.py": ("CHARGE_NAMES", "ChargeSituation", "_mover", "_shooting", "charge_situation",
                                      "charge_answer", "charge_reactions", "charge_bonus", "round_in_contact",
                                      "shown_round"),
    "hitrules/situations/quiz.py": ("REACH_CHOICES", "CAUGHT_CHOICES", "_charge_question"),
    "hitrules/edge/urlstate.py": ("CHARGE_DISTANCE_MOST", "COMBAT_CHARGE_CHARTS", "MOVER_RULES",
                                  "CHARGE_DISTANCE_RANGE", "_shots", "CHARGE", "FROM_MOST", "_from_text", "FROM"),
    "hitrules/presentation/figures.py": ("CHARGE_MOVEMENTS", "charge_reach_rows", "_charge_title",
                                         "charge_reach_figure", "charge_reach_table", "CHARGE_OUTCOME_NAMES",
                                         "CHARGE_OUTCOME_COLOURS", "_HATCHED", "REACTION_NAMES", "CHARGE_HEIGHT",
                                         "charge_reactions_figure", "charge_reactions_table"),
}


def sources(rev: str | None) -> dict[str, str]:
    """hitrules/'s Python files at ``rev`` (None: the work tree), by path."""
    if rev is None:
        return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("hitrules/**/*.py"))}
    git = ["git", "-C", str(ROOT)]
    paths = subprocess.run([*git, "ls-tree", "-r", "--name-only", rev, "hitrules"], capture_output=True, text=True,
                           check=True).stdout.split()
    return {p: subprocess.run([*git, "show", f"{rev}:{p}"], capture_output=True, text=True, check=True).stdout
            for p in paths if p.endswith(".py")}


#: The kinds of line :func:`kinds` tells apart, in the order the table prints them; the first three are SLOC.
KINDS = ("code", "import", "__all__", "docstring", "comment", "blank")


def kinds(text: str) -> dict[int, str]:
    """Each line's kind: a docstring's (a string standing as a statement), blank, a comment alone, an
    import's, ``__all__``'s (what a split into more modules adds however small its code), or code."""
    marked: dict[int, str] = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            kind = "docstring"
        elif isinstance(node, ast.Import | ast.ImportFrom):
            kind = "import"
        elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
            kind = "__all__"
        else:
            continue
        marked.update(dict.fromkeys(range(node.lineno, node.end_lineno + 1), kind))

    def kind_of(i: int, line: str) -> str:
        if marked.get(i) == "docstring":
            return "docstring"
        if not line.strip():
            return "blank"
        return "comment" if line.strip().startswith("#") else marked.get(i, "code")

    return {i: kind_of(i, line) for i, line in enumerate(text.splitlines(), 1)}


def code_lines(text: str) -> set[int]:
    """The SLOC's line numbers: not blank, not a comment alone, not in a docstring."""
    return {i for i, kind in kinds(text).items() if kind in KINDS[:3]}


def module_of(path: str) -> str:
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _span(node: ast.AST, lines: list[str]) -> set[int]:
    """A definition's lines, with its decorators and the comment lines right above it."""
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
    while first > 1 and lines[first - 2].strip().startswith("#"):
        first -= 1
    return set(range(first, node.end_lineno + 1))


def _defined(body: list[ast.stmt], prefix: str = ""):
    """(dotted name, node) of each def, class, assignment and annotated field in ``body``, classes' too."""
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            yield prefix + node.name, node
            if isinstance(node, ast.ClassDef):
                yield from _defined(node.body, f"{prefix}{node.name}.")
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name):
                    yield prefix + target.id, node


def feature_lines(path: str, text: str) -> set[int]:
    """The line numbers of ``path`` that are the charge's or the rosters' code (see the module's docstring)."""
    lines = text.splitlines()
    if path in FEATURE_FILES:
        return set(range(1, len(lines) + 1))
    tree = ast.parse(text)
    wanted = FEATURE_NAMES.get(path, ())
    names = {name for name, _ in _defined(tree.body) if name in wanted}
    found = set().union(*(_span(node, lines) for name, node in _defined(tree.body) if name in wanted))
    entries: dict[int, list[bool]] = {}  # line -> for each name on it, whether it is a feature name
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            whole = node.module in FEATURE_MODULES or any(f"{node.module}.{a.name}" in FEATURE_MODULES
                                                          for a in node.names)
            if whole:
                found |= set(range(node.lineno, node.end_lineno + 1))
                names |= {a.asname or a.name for a in node.names}
                continue
            home = next((p for p in FEATURE_NAMES if module_of(p) == node.module), None)
            for a in node.names:
                feature = a.name in FEATURE_NAMES.get(home, ())
                names |= {a.asname or a.name} if feature else set()
                if node.lineno != a.lineno:  # one name a line, in a list
                    entries.setdefault(a.lineno, []).append(feature)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
            for element in getattr(node.value, "elts", ()):
                name = getattr(element.value if isinstance(element, ast.Starred) else element, "id",
                               getattr(element, "value", None))
                entries.setdefault(element.lineno, []).append(name in names)
    return found | {line for line, features in entries.items() if all(features)}


def by_kind(files: dict[str, str], like: bool) -> tuple[dict[str, int], dict[str, int]]:
    """Lines of each kind (:data:`KINDS`), less the feature code when ``like``: in the modules that hold code,
    and (when ``like``) in those with no code of their own, every line of code an import or ``__all__``: the
    thin modules that keep the old addresses, and the folders' ``__init__`` that re-export or only say what
    lives there."""
    held, reexport = dict.fromkeys(KINDS, 0), dict.fromkeys(KINDS, 0)
    for path, text in files.items():
        feature = feature_lines(path, text) if like else set()
        lines = {i: k for i, k in kinds(text).items() if i not in feature}
        into = reexport if like and not any(k == "code" for k in lines.values()) else held
        for kind in lines.values():
            into[kind] += 1
    return held, reexport


def count(files: dict[str, str]) -> tuple[int, int, int, int, int, int]:
    """Physical lines, SLOC and SLOC less imports and ``__all__``; then the same of the feature code."""
    physical = sloc = rest = feature_physical = feature_sloc = feature_rest = 0
    for path, text in files.items():
        kind, feature = kinds(text), feature_lines(path, text)
        code = {i for i, k in kind.items() if k in KINDS[:3]}
        logic = {i for i, k in kind.items() if k == "code"}
        physical += len(text.splitlines())
        sloc += len(code)
        rest += len(logic)
        feature_physical += len(feature)
        feature_sloc += len(feature & code)
        feature_rest += len(feature & logic)
    return physical, sloc, rest, feature_physical, feature_sloc, feature_rest


def longest(files: dict[str, str], most: int = 8) -> list[tuple[int, str]]:
    spans = [(node.end_lineno - node.lineno + 1, f"{path}:{node.lineno} {node.name}")
             for path, text in files.items() for node in ast.walk(ast.parse(text))
             if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)]
    return sorted(spans, reverse=True)[:most]


def most_complex(files: dict[str, str], most: int = 8) -> list[tuple[int, str]]:
    from radon.complexity import cc_visit

    sys.path.insert(0, str(ROOT / "tests"))
    from test_house import _blocks

    found = [(b.complexity, f"{path}:{b.lineno} {b.name}") for path, text in files.items()
             for b in _blocks(cc_visit(text))]
    return sorted(found, reverse=True)[:most]


def import_cycles() -> list[set[str]]:
    """The work tree's import cycles (each strongly connected set of modules), by tests/test_house.py's graph."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_house import MODULES, edges

    graph = {m: edges(p) for m, p in MODULES.items()}

    def reach(m: str) -> set[str]:
        seen, todo = set(), [m]
        while todo:
            for t in graph[todo.pop()] - seen:
                seen.add(t)
                todo.append(t)
        return seen

    reached = {m: reach(m) for m in graph}
    cycles = {frozenset({m} | {n for n in reached[m] if m in reached[n]}) for m in graph if m in reached[m]}
    return [set(c) for c in cycles]


def main(argv: list[str]) -> None:
    before_rev = argv[0] if argv else BASE
    now_rev = argv[1] if len(argv) > 1 else None
    before_files, now_files = sources(before_rev), sources(now_rev)
    before, now = count(before_files), count(now_files)
    print(f"hitrules/: {before_rev} (before) against {now_rev or 'the work tree'} (now)")
    print(f"{'':34}{'physical':>10}{'SLOC':>8}{'SLOC less imports and __all__':>31}")
    like = tuple(n - f for n, f in zip(now[:3], now[3:], strict=True))
    for label, numbers in (("before", before[:3]), ("now", now[:3]), ("feature code (charge, rosters)", now[3:]),
                           ("like for like (now - feature)", like),
                           ("like for like - before", tuple(n - b for n, b in zip(like, before, strict=False)))):
        print(f"{label:34}{numbers[0]:>10,}{numbers[1]:>8,}{numbers[2]:>31,}")
    if before[3]:
        print(f"(before has {before[3]} physical lines the feature definition matches)")
    print("\nlike for like, by kind of line (no code of their own: the old addresses' thin modules and the folders'"
          " __init__)")
    (was, _), (held, reexport) = by_kind(before_files, False), by_kind(now_files, True)
    print(f"  {'':10}{'before':>8}{'now':>8}{'of which no code of their own':>31}{'now - before':>14}")
    for kind in KINDS:
        total = held[kind] + reexport[kind]
        print(f"  {kind:10}{was[kind]:>8,}{total:>8,}{reexport[kind]:>31,}{total - was[kind]:>+14,}")
    print("\nlongest functions (lines):")
    for n, where in longest(now_files):
        print(f"  {n:4}  {where}")
    print("most complex functions (radon):")
    for n, where in most_complex(now_files):
        print(f"  {n:4}  {where}")
    if now_rev is None:
        cycles = import_cycles()
        print(f"import cycles: {len(cycles)}", *(" -> ".join(sorted(c)) for c in cycles), sep="\n  " if cycles else "")


if __name__ == "__main__":
    main(sys.argv[1:])
