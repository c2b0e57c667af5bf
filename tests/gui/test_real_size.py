"""Issue #20, the editor at real size, driven by real mouse and key events: what you draw
is what you see (every border of newly drawn zones is painted), structural edits keep
the scenario consistent, focus and shortcuts behave."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor

from editor.demo import blank_pack
from editor.document import Document
from gamecore.geometry import Coverage

L = Qt.MouseButton.LeftButton
NO = Qt.KeyboardModifier.NoModifier


def vp(window, x, y):
    return window.view.mapFromScene(QPointF(x, y))


def click(qtbot, window, x, y, mod=NO):
    qtbot.mouseMove(window.view.viewport(), vp(window, x, y))
    qtbot.mouseClick(window.view.viewport(), L, mod, vp(window, x, y))


def key(qtbot, window, k, mod=NO):
    qtbot.keyClick(window.view, k, mod)


def outline(qtbot, window, pts):
    for x, y in pts:
        click(qtbot, window, x, y)
    key(qtbot, window, Qt.Key.Key_Return)


@pytest.fixture
def blank(window):
    window._set_document(Document(blank_pack(), title="t"))
    window.view.fit_map()
    return window


def _draw_two_seas_two_lands(qtbot, w):
    w.set_tool("draw_zone")
    key(qtbot, w, Qt.Key.Key_E)  # sea zones
    outline(qtbot, w, [(100, 100), (300, 100), (300, 300), (100, 300)])
    outline(qtbot, w, [(300, 100), (500, 100), (500, 300), (300, 300)])
    key(qtbot, w, Qt.Key.Key_E)  # land zones
    outline(qtbot, w, [(100, 350), (300, 350), (300, 500), (100, 500)])
    outline(qtbot, w, [(300, 350), (500, 350), (500, 500), (300, 500)])
    w.set_tool("select")
    w.selection.set([])


def _border_painted(image, window, line) -> bool:
    """Some pixel on ``line`` differs from the pixels a few px away on both sides (a
    dashed border shows in its dashes)."""
    a, b = np.asarray(line.coords[0]), np.asarray(line.coords[-1])
    pa, pb = vp(window, *a), vp(window, *b)
    d = np.array([pb.x() - pa.x(), pb.y() - pa.y()], dtype=float)
    n = np.array([-d[1], d[0]]) / max(np.hypot(*d), 1e-9)
    for t in np.linspace(0.1, 0.9, 60):
        x, y = pa.x() + t * d[0], pa.y() + t * d[1]
        on = QColor(image.pixel(round(x), round(y)))
        sides = [QColor(image.pixel(round(x + s * 5 * n[0]), round(y + s * 5 * n[1]))) for s in (-1, 1)]
        if all(
            max(abs(on.red() - c.red()), abs(on.green() - c.green()), abs(on.blue() - c.blue()))
            > 25
            for c in sides
        ):
            return True
    return False


def test_every_border_of_drawn_zones_is_painted(qtbot, blank):
    """Two sea zones and two land zones drawn on a new map: every shared edge, sea–sea
    too, is painted (straight horizontal or vertical borders were culled away)."""
    w = blank
    _draw_two_seas_two_lands(qtbot, w)
    m = w.document.pack.map
    assert len(m.zones) == 5
    cov = Coverage.from_map(m)
    pairs = {(a, b) for a, ns in cov.adjacency().items() for b in ns if a < b}
    kinds = {tuple(sorted((m.zones[a].kind, m.zones[b].kind))) for a, b in pairs}
    assert ("sea", "sea") in kinds and ("land", "land") in kinds
    w.view.viewport().repaint()
    image = w.view.viewport().grab().toImage()
    missing = []
    for a, b in sorted(pairs):
        shared = shapely.line_merge(
            shapely.intersection(m.zones[a].geometry.boundary, m.zones[b].geometry.boundary)
        )
        for part in shapely.get_parts(shared):
            if part.length > 20 and not _border_painted(image, w, part):
                missing.append((m.zones[a].name, m.zones[b].name, part.wkt))
    assert not missing


def _polylines(data) -> list:
    out = []
    for style_name, entries in data.items():
        for path, _rect, _tile in entries:
            for poly in path.toSubpathPolygons():
                out.append((style_name, tuple((round(p.x(), 6), round(p.y(), 6)) for p in poly)))
    return sorted(out)


def test_vertex_drags_rebuild_only_touched_border_tiles_and_match_a_full_build(qtbot, blank):
    w = blank
    _draw_two_seas_two_lands(qtbot, w)
    w.view.viewport().repaint()
    borders = w.scene.layers["borders"]
    partial = []
    build = borders._build

    def spy(runs, dirty=None, old=None):
        partial.append(dirty is not None and old is not None)
        return build(runs, dirty, old)

    borders._build = spy
    w.set_tool("vertices")
    v = w.view.viewport()
    for (x, y), (dx, dy) in (((300, 300), (12, 9)), ((300, 500), (-7, -11)), ((100, 100), (5, 5))):
        cov = Coverage.from_map(w.document.pack.map)
        p = cov.snap((x, y), 4).point
        a, b = vp(w, *p), vp(w, p[0] + dx, p[1] + dy)
        before = w.document.undo_stack.count()
        qtbot.mousePress(v, L, NO, a)
        qtbot.mouseMove(v, b)
        qtbot.mouseRelease(v, L, NO, b)
        assert w.document.undo_stack.count() == before + 1
        w.view.viewport().repaint()
        assert borders._dirty is None  # drawn with the tiles it touched rebuilt
        assert partial and partial[-1]  # only the tiles the drag touched were built again
        assert _polylines(borders._data) == _polylines(build(w.scene.geom.borders))
