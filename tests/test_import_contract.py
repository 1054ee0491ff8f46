"""The import contract of DESIGN §1: layers point down, and nothing imports itself round a circle.

The layers and the package-level rules are import-linter contracts in pyproject.toml
([tool.importlinter]: board < scenario < io < rules < ai < session < editor < motu, the
engine never imports Qt, no package circle), run here by `lint-imports`. Below it, a finer
check of modules: no module imports itself round a circle. Every import statement counts, at
module level or inside a function, since both run; only imports under `if TYPE_CHECKING:`
do not (they never run). `from package import name` is an import of the module
`package.name` when there is one, else of the package.
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("motu",)

# Circles that exist today in packages whose owners are taking them apart. This list only
# shrinks: a circle is allowed while it lies within one of these groups; remove a group once
# its package is free of circles, and never add one.
ALLOWED_CIRCLES: tuple[frozenset[str], ...] = ()


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the packages: name -> (file, is a package)."""
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            is_pkg = parts[-1] == "__init__"
            out[".".join(parts[:-1] if is_pkg else parts)] = (path, is_pkg)
    return out


def _type_checking_only(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Import statements of a module, anywhere in it, but not those under `if TYPE_CHECKING:`."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        children = list(ast.iter_child_nodes(node))
        if _type_checking_only(node):
            children = list(node.orelse)
        stack.extend(children)


@lru_cache(maxsize=1)
def import_graph() -> nx.DiGraph:
    """Modules as nodes, an edge for each module one imports (the same graph for every test here)."""
    mods = modules()
    graph = nx.DiGraph()
    graph.add_nodes_from(mods)

    def known(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    for name, (path, is_pkg) in mods.items():
        here = name.split(".") if is_pkg else name.split(".")[:-1]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = ".".join(here[:len(here) - node.level + 1] + [node.module or ""]).strip(".") \
                    if node.level else node.module
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in mods]
                targets = subs + ([base] if len(subs) < len(node.names) else [])
            for t in targets:
                found = known(t)
                if found is not None and found != name:
                    graph.add_edge(name, found, line=node.lineno)
    return graph


def test_the_import_linter_contracts_hold():
    """pyproject.toml's [tool.importlinter] contracts: the layers of DESIGN §1, no Qt in the
    engine, and no package importing itself round a circle (import-linter checks packages as
    well as modules, which the module graph below does not)."""
    linter = Path(sys.executable).with_name("lint-imports")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([str(linter), "--no-cache", "--config", str(ROOT / "pyproject.toml")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_no_import_circles_in_engine_or_motu():
    graph = import_graph()
    circles = [c for c in nx.strongly_connected_components(graph) if len(c) > 1]
    new = [sorted(c) for c in circles if not any(c <= allowed for allowed in ALLOWED_CIRCLES)]
    assert new == [], "modules importing one another in a circle: move what they share into a module below them"


def test_the_checker_sees_circles_through_imports_inside_functions():
    # motu.engine.rules.ruleset loads a scenario template with motu.engine.io.native inside a method;
    # that import is an edge like any other.
    graph = import_graph()
    assert graph.has_edge("motu.engine.rules.ruleset", "motu.engine.io.native")
    assert graph.has_edge("motu.engine.rules.fern.movement", "motu.engine.rules.fern.reaction")  # from . import reaction
    assert not graph.has_edge("motu.engine.io.native", "motu.engine.rules.registry")
