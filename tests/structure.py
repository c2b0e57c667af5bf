"""The import graph of the source tree, read from the files (nothing is imported).

Every ``import`` statement counts, function-local ones included (a local import only
hides a cycle), except those under ``if TYPE_CHECKING:``, which never run. Used by
``tests/test_structure.py``; ``python -m tests.structure`` prints the cycles it finds.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Graph:
    """``edges[module]`` = the modules of the tree it imports; ``strings[module]`` = the
    string arguments of ``importlib.import_module``/``__import__`` calls in it."""

    modules: dict[str, Path] = field(default_factory=dict)
    edges: dict[str, set[str]] = field(default_factory=dict)
    strings: dict[str, set[str]] = field(default_factory=dict)
    external: dict[str, set[str]] = field(default_factory=dict)


def _module_name(path: Path, root: Path) -> str:
    rel = path.relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(
    tree: ast.AST, type_only: bool = False
) -> Iterable[ast.Import | ast.ImportFrom | ast.Call]:
    stack = [tree]
    while stack:
        node = stack.pop()
        if not type_only and isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom | ast.Call):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def build(
    packages: Iterable[str] = ("gamecore", "editor"), root: Path = ROOT, type_only: bool = False
) -> Graph:
    """The import graph of ``packages``; ``type_only`` counts the imports under ``if
    TYPE_CHECKING:`` too (a package that names another's types depends on it)."""
    g = Graph()
    for pkg in packages:
        for path in sorted((root / pkg).rglob("*.py")):
            g.modules[_module_name(path, root)] = path
    for mod, path in g.modules.items():
        is_pkg = path.name == "__init__.py"
        here = mod if is_pkg else mod.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        out = g.edges.setdefault(mod, set())
        ext = g.external.setdefault(mod, set())
        for node in _imports(tree, type_only):
            targets: list[str] = []
            if isinstance(node, ast.Call):
                fn = node.func
                name = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                if name in ("import_module", "__import__") and node.args:
                    arg = node.args[0]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        g.strings.setdefault(mod, set()).add(arg.value)
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    base = here.split(".")
                    base = base[: len(base) - node.level + 1]
                    prefix = ".".join(base + ([node.module] if node.module else []))
                else:
                    prefix = node.module or ""
                # ``from pkg import submodule`` names the submodule; any other name is
                # read from ``pkg`` itself (its ``__init__`` when it is a package)
                targets = [
                    f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in g.modules else prefix
                    for a in node.names
                ]
            for t in targets:
                resolved = _resolve(t, g.modules)
                if resolved is None:
                    ext.add(t.split(".")[0])
                elif resolved != mod:
                    out.add(resolved)
    return g


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The module of the tree that ``name`` names (a module, or a name inside one)."""
    parts = name.split(".")
    while parts:
        cand = ".".join(parts)
        if cand in modules:
            return cand
        parts.pop()
    return None


def _sccs(nodes: Iterable[str], edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (iterative Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    comps: list[list[str]] = []
    counter = 0
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(sorted(comp))
    return comps


def package_of(mod: str, depth: int) -> str:
    return ".".join(mod.split(".")[:depth])


def package_cycles(g: Graph, top: str) -> list[list[str]]:
    """Cycles between the packages directly under ``top`` (``gamecore.rules`` ↔
    ``gamecore.sim``); a module directly in ``top`` counts as its own package."""
    edges: dict[str, set[str]] = {}
    for mod, outs in g.edges.items():
        if not mod.startswith(top + "."):
            continue
        a = package_of(mod, 2)
        for t in outs:
            if t.startswith(top + ".") and package_of(t, 2) != a:
                edges.setdefault(a, set()).add(package_of(t, 2))
    return _sccs(edges, edges)


def module_cycles(g: Graph, top: str) -> list[list[str]]:
    """Cycles between modules of one package (``rules.combat`` ↔ ``rules.wargame``), for
    every package under ``top``. An edge to a package's ``__init__`` counts as an edge
    to that package module."""
    cycles = []
    by_pkg: dict[str, set[str]] = {}
    for mod, path in g.modules.items():
        if not mod.startswith(top):
            continue
        parent = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        by_pkg.setdefault(parent, set()).add(mod)
    for members in by_pkg.values():
        sub = {m: {t for t in g.edges.get(m, ()) if t in members} for m in members}
        cycles += _sccs(members, sub)
    return cycles


def main() -> int:
    g = build()
    bad = 0
    for top in ("gamecore", "editor"):
        for c in package_cycles(g, top):
            print("package cycle: " + " <-> ".join(c))
            bad += 1
        for c in module_cycles(g, top):
            print("module cycle: " + " <-> ".join(c))
            bad += 1
    print(f"{len(g.modules)} modules, {bad} cycles")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
