"""Structure guards that run in every clone (docs/architecture.md, "Guards").

The import graph is read from the source files by :mod:`tests.structure`: every import
counts, function-local ones included (a local import only hides a cycle), except those
under ``if TYPE_CHECKING:`` inside a package. Between packages those count too: a
package that names another's types depends on it (the editor's commands/document,
canvas/tools and play/mainwindow circles were made of them).
"""

from __future__ import annotations

import gamecore
from tests.structure import build, module_cycles, package_cycles

GRAPH = build()
TYPED = build(type_only=True)

#: what the engine (the kernel) may import: itself and the layers below it
ENGINE_MAY_IMPORT = (
    "gamecore.engine",
    "gamecore.errors",
    "gamecore.limits",
    "gamecore.model",
    "gamecore.geometry",
    "gamecore.paths",
    "gamecore.safejson",
    "gamecore.safetoml",
)
#: rule systems and everything above the engine
SYSTEM_AND_ABOVE = (
    "gamecore.rules",
    "gamecore.hgw",
    "gamecore.conditions",
    "gamecore.sim",
    "gamecore.validate",
    "gamecore.interop",
    "gamecore.commands",
    "gamecore.cli",
    "gamecore.ops",
    "gamecore.store",
)


def test_the_graph_sees_the_tree():
    assert len(GRAPH.modules) > 150
    assert "gamecore.engine.systems" in GRAPH.edges["gamecore.engine.game"]


def test_no_import_cycle_between_packages():
    for top in ("gamecore", "editor"):
        assert package_cycles(TYPED, top) == [], top


def test_no_import_cycle_inside_a_package():
    for top in ("gamecore", "editor"):
        assert module_cycles(GRAPH, top) == [], top


def test_the_engine_imports_no_system_and_nothing_above_it():
    for mod, outs in GRAPH.edges.items():
        if not mod.startswith("gamecore.engine"):
            continue
        bad = {t for t in outs if t.startswith("gamecore.") and not t.startswith(ENGINE_MAY_IMPORT)}
        assert not bad, (mod, sorted(bad))
        assert not {t for t in outs if t.startswith(SYSTEM_AND_ABOVE)}


def test_gamecore_imports_neither_qt_nor_the_editor_not_even_by_name():
    for mod, ext in GRAPH.external.items():
        if mod.startswith("gamecore"):
            assert not ext & {"PySide6", "PyQt5", "PyQt6", "shiboken6"}, mod
        for t in GRAPH.edges[mod]:
            if mod.startswith("gamecore"):
                assert not t.startswith("editor"), (mod, t)
    for mod, names in GRAPH.strings.items():
        if mod.startswith("gamecore"):
            assert all(n.startswith("gamecore") for n in names), (mod, names)
    # the packages the kernel imports by name, from the application's configuration
    assert all(p.startswith("gamecore.") for p in gamecore.RULE_SYSTEM_PACKAGES)


def test_the_guards_would_see_a_cycle(tmp_path):
    """The scanner itself: a function-local import closing a circle is a cycle."""
    pkg = tmp_path / "gamecore"
    (pkg / "a").mkdir(parents=True)
    (pkg / "b").mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a" / "__init__.py").write_text("")
    (pkg / "b" / "__init__.py").write_text("")
    (pkg / "a" / "x.py").write_text("from gamecore.b import y\n")
    (pkg / "a" / "z.py").write_text("def f():\n    from gamecore.a import x\n")
    (pkg / "b" / "y.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from gamecore.a import x\n"
        "def g():\n    import gamecore.a.z\n"
    )
    g = build(("gamecore",), root=tmp_path)
    assert package_cycles(g, "gamecore") == [["gamecore.a", "gamecore.b"]]
    (pkg / "a" / "x.py").write_text("from gamecore.a import z\n")
    g = build(("gamecore",), root=tmp_path)
    assert module_cycles(g, "gamecore") == [["gamecore.a.x", "gamecore.a.z"]]
