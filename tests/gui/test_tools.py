"""Authoring tools driven by simulated mouse and keys (issue #6): draw a zone across two
others, split, merge, drag a shared vertex; after each the coverage is valid and the
adjacency right; undoing everything gives the original pack byte for byte."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from editor.demo import blank_pack
from editor.document import Document
from gamecore.geometry import Coverage
from gamecore.store.jsonform import dump_json

L = Qt.MouseButton.LeftButton
NO = Qt.KeyboardModifier.NoModifier


def vp(window, x, y):
    return window.view.mapFromScene(QPointF(x, y))


def click(qtbot, window, x, y, mod=NO):
    qtbot.mouseClick(window.view.viewport(), L, mod, vp(window, x, y))


def key(qtbot, window, k, mod=NO):
    qtbot.keyClick(window.view, k, mod)


def polyline(qtbot, window, pts, close=Qt.Key.Key_Return):
    for x, y in pts:
        qtbot.mouseMove(window.view.viewport(), vp(window, x, y))
        click(qtbot, window, x, y)
    key(qtbot, window, close)


def drag(qtbot, window, a, b):
    v = window.view.viewport()
    qtbot.mousePress(v, L, NO, vp(window, *a))
    qtbot.mouseMove(v, vp(window, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    qtbot.mouseMove(v, vp(window, *b))
    qtbot.mouseRelease(v, L, NO, vp(window, *b))


def check(m):
    """The coverage is valid and the incremental adjacency equals one from scratch."""
    cov = Coverage.from_map(m)
    assert cov.is_valid()
    assert cov.adjacency() == cov.recompute_adjacency()
    return cov


def by_code(m, code):
    z = m.zone_by_code(code)
    assert z is not None, code
    return z.id


@pytest.fixture
def blank(window):
    window._set_document(Document(blank_pack(), title="t"))
    window.view.fit_map()
    return window


def test_draw_split_merge_drag_undo(qtbot, blank):
    w = blank
    m = lambda: w.document.pack.map  # noqa: E731
    original = dump_json(w.document.pack)
    w.set_tool("draw_zone")
    polyline(qtbot, w, [(100, 100), (300, 100), (300, 300), (100, 300)])
    polyline(qtbot, w, [(300, 100), (500, 100), (500, 300), (300, 300)])  # snaps to 1st
    cov = check(m())
    a, b = by_code(m(), "L2"), by_code(m(), "L3")
    assert b in cov.neighbours(a) and m().zones[a].kind == "land"
    # a zone drawn across both: it is clipped by them and takes the sea
    polyline(qtbot, w, [(200, 250), (400, 250), (400, 450), (200, 450)])
    cov = check(m())
    c = max(m().zones)
    assert m().zones[c].kind == "land"
    assert cov.neighbours(c) == {1, a, b}
    assert m().zones[c].geometry.area == pytest.approx(200 * 200 - 2 * 100 * 50, rel=0.02)
    # split zone a with a line from the sea above it to the sea below it
    w.set_tool("split")
    polyline(qtbot, w, [(150, 60), (150, 340)])
    cov = check(m())
    new = max(m().zones)
    assert new != c and new in cov.neighbours(a)
    assert m().zones[new].kind == "land"
    # merge them back, the split-off piece keeps its attributes (shift+click)
    w.set_tool("merge")
    click(qtbot, w, 250, 150)
    click(qtbot, w, 120, 200, Qt.KeyboardModifier.ShiftModifier)
    assert w.tool.keep == new
    key(qtbot, w, Qt.Key.Key_Return)
    cov = check(m())
    assert a not in m().zones, w.statusBar().currentMessage()
    assert a not in m().zones and new in m().zones
    assert {b, c, 1} <= cov.neighbours(new)
    # drag the vertex shared by the merged zone, b and the sea: all of them follow
    w.set_tool("vertices")
    shared = cov.snap((300, 100), 3).point
    assert len(cov.zones_at(shared)) == 3
    drag(qtbot, w, shared, (310, 80))
    cov = check(m())
    moved = [p for p in cov._vindex if abs(p[0] - 310) < 2 and abs(p[1] - 80) < 2]
    assert len(moved) == 1 and len(cov.zones_at(moved[0])) == 3
    assert shared not in cov._vindex
    # one undo step per action; undoing them all restores the pack exactly
    stack = w.document.undo_stack
    assert stack.count() == 6
    while stack.canUndo():
        stack.undo()
    assert dump_json(w.document.pack) == original
    while stack.canRedo():
        stack.redo()
    check(m())


def test_draw_backspace_escape_and_trace(qtbot, blank):
    w = blank
    m = w.document.pack.map
    w.set_tool("draw_zone")
    for x, y in [(100, 100), (300, 100), (600, 500)]:
        click(qtbot, w, x, y)
    key(qtbot, w, Qt.Key.Key_Backspace)
    assert len(w.tool.points) == 2
    key(qtbot, w, Qt.Key.Key_Escape)
    assert w.tool.points == [] and len(m.zones) == 1
    polyline(qtbot, w, [(100, 100), (300, 100), (300, 300), (100, 300)])
    # trace: click a corner, shift+click the opposite corner: the border is followed
    for x, y in [(50, 50), (100, 100)]:
        click(qtbot, w, x, y)
    click(qtbot, w, 300, 300, Qt.KeyboardModifier.ShiftModifier)
    cov = Coverage.from_map(m)
    corners = [cov.snap(p, 3).point for p in [(100, 100), (300, 100), (100, 300), (300, 300)]]
    pts = w.tool.points
    assert len(pts) == 4 and pts[1] == corners[0] and pts[3] == corners[3]
    assert pts[2] in corners[1:3]
    key(qtbot, w, Qt.Key.Key_Escape)


def test_vertex_insert_and_delete(qtbot, blank):
    w = blank
    m = w.document.pack.map
    w.set_tool("draw_zone")
    polyline(qtbot, w, [(100, 100), (300, 100), (300, 300), (100, 300)])
    w.set_tool("vertices")
    before = Coverage.from_map(m).vertex_count()
    qtbot.mouseDClick(w.view.viewport(), L, NO, vp(w, 200, 100))
    cov = check(w.document.pack.map)
    assert cov.vertex_count() == before + 2  # both sides of the border
    assert len(w.tool.selected) == 1
    key(qtbot, w, Qt.Key.Key_Delete)
    cov = check(w.document.pack.map)
    assert cov.vertex_count() == before


def test_convoy_line_records_its_path_and_follows_edits(qtbot, blank):
    w = blank
    m = w.document.pack.map
    w.set_tool("split")
    polyline(qtbot, w, [(300, -15), (300, 615)])
    polyline(qtbot, w, [(600, -15), (600, 615)])
    seas = [w.scene.zone_at(QPointF(x, 300)) for x in (150, 450, 800)]
    assert len(set(seas)) == 3
    w.set_tool("convoy")
    polyline(qtbot, w, [(100, 300), (500, 320), (900, 300)])
    (line,) = m.lines.values()
    assert line.path == seas and (line.start, line.end) == (seas[0], seas[2])
    # the middle sea zone is split across the line: the path follows
    w.set_tool("split")
    polyline(qtbot, w, [(450, -15), (450, 615)])
    new = max(m.zones)
    assert line.path == [seas[0], seas[1], new, seas[2]] or line.path == [
        seas[0],
        new,
        seas[1],
        seas[2],
    ]
    w.document.undo_stack.undo()
    assert m.lines[line.id].path == seas


def test_paint_and_border(qtbot, blank):
    w = blank
    pack = w.document.pack
    w.set_tool("draw_zone")
    polyline(qtbot, w, [(100, 100), (300, 100), (300, 300), (100, 300)])
    polyline(qtbot, w, [(300, 100), (500, 100), (500, 300), (300, 300)])
    a, b = by_code(pack.map, "L2"), by_code(pack.map, "L3")
    # terrain by a drag over both zones: one undo step
    w.set_tool("paint")
    w.tool.field_combo.setCurrentText("terrain")
    w.tool.value_combo.setCurrentText("mountain")
    drag(qtbot, w, (200, 200), (400, 200))
    assert pack.map.zones[a].terrain == pack.map.zones[b].terrain == "mountain"
    assert pack.map.zones[1].terrain == "sea"
    assert w.document.undo_stack.count() == 3
    # border: click the shared border to mark it a river, again to clear it
    w.set_tool("border")
    click(qtbot, w, 300, 200)
    assert pack.map.border(a, b).river
    click(qtbot, w, 300, 200)
    assert not pack.map.border(a, b).river


def test_wizards_and_adjacency_overlay(qtbot, window, tmp_path):
    from PIL import Image

    from editor.wizards import blank_map_pack, hex_map_pack, image_map_pack
    from gamecore.errors import WarroomError

    pack = blank_map_pack(800, 400)
    assert [z.kind for z in pack.map.zones.values()] == ["sea"]
    assert Coverage.from_map(pack.map).is_valid()
    hexes = hex_map_pack(3, 4, 20.0)
    assert len(hexes.map.zones) == 12 and Coverage.from_map(hexes.map).is_valid()
    img = tmp_path / "bg.png"
    Image.new("RGB", (320, 200), "white").save(img)
    pack = image_map_pack(img)
    assert (pack.map.width, pack.map.height) == (320, 200) and len(pack.map.images) == 1
    (tmp_path / "bad.png").write_bytes(b"not an image")
    with pytest.raises(WarroomError, match="bad.png"):
        image_map_pack(tmp_path / "bad.png")
    # the overlay: one edge per adjacent pair plus one per link
    window._set_document(Document(blank_map_pack(), title="t"))
    window.view.fit_map()
    window.set_tool("draw_zone")
    polyline(qtbot, window, [(100, 100), (300, 100), (300, 300), (100, 300)])
    polyline(qtbot, window, [(500, 100), (700, 100), (700, 300), (500, 300)])
    window.set_tool("link")
    drag(qtbot, window, (200, 200), (600, 200))
    window.act_adjacency.trigger()
    overlay = window.adjacency_overlay
    assert overlay.isVisible()
    kinds = sorted(k for _, k in overlay.edges())
    assert kinds == ["border", "border", "strait"]
    window.act_adjacency.trigger()
    assert not overlay.isVisible()
