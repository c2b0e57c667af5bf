"""The workspace that never jumps (#37, "What to build" 5): the Tool Options bar is
always there, combos give the keys back to the map, docks yield to the canvas and every
dock can be reopened from View. Real key presses and clicks (pytest-qt)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox


def _canvas_place(w):
    vp = w.view.viewport()
    return vp.mapTo(w, QPoint(0, 0)), vp.size(), w.view.mapToScene(vp.rect().center())


def test_the_canvas_does_not_move_when_switching_select_draw_split(qtbot, window):
    """S (no options) → D (a "New zones" combo) → K (no options): the map stays where it
    is on screen, to the pixel, and so does the point under the view's centre."""
    w = window
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_S)
    qtbot.wait(30)
    assert w.tool.name == "select"
    before = _canvas_place(w)
    bar = w.tool_control.services.options_bar()
    assert bar.isVisible()
    for key, name in (
        (Qt.Key.Key_D, "draw_zone"),
        (Qt.Key.Key_K, "split"),
        (Qt.Key.Key_S, "select"),
    ):
        qtbot.keyClick(w.view, key)
        qtbot.wait(30)
        assert w.tool.name == name
        assert bar.isVisible()
        assert _canvas_place(w) == before, name
    # D did show its options in that bar, and K took them away again
    qtbot.keyClick(w.view, Qt.Key.Key_D)
    qtbot.wait(30)
    assert bar.findChild(QComboBox, "drawKind") is not None
    assert bar.findChild(QComboBox, "drawKind").isVisible()
    qtbot.keyClick(w.view, Qt.Key.Key_K)
    qtbot.wait(30)
    shown = [c for c in bar.findChildren(QComboBox) if c.isVisible()]
    assert shown == []
    assert "Split" in bar.findChild(type(w.coords_label), "toolOptionsTitle").text()


def _land_zone(w):
    zones = w.document.pack.map.zones.values()
    return next(z for z in zones if z.kind == "land" and z.geometry is not None)


def test_a_single_key_shortcut_works_after_choosing_a_terrain(qtbot, window, pack_path):
    """#37: after choosing from the Inspector's Terrain combo, the next tool letter typed
    into the combo ("mountainf"). Now the choice gives the keys back to the map: K picks
    the Split tool and the terrain stays what was chosen."""
    from PySide6.QtWidgets import QApplication

    w = window
    assert w.open_path(pack_path)
    zone = _land_zone(w)
    w.fit_map()
    qtbot.wait(30)
    x, y = w.scene.geom.anchor[zone.id]
    at = w.view.mapFromScene(x, y)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert w.selection.zones() == [zone.id]
    w.inspector_dock.show()
    w.inspector_dock.raise_()
    qtbot.wait(30)
    shown = [c for c in w.inspector.findChildren(QComboBox, "field_terrain") if c.isVisible()]
    assert len(shown) == 1
    combo = shown[0]
    assert combo.count() > 1
    arrow = QPoint(combo.width() - 8, combo.height() // 2)
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton, pos=arrow)  # the popup opens
    qtbot.wait(30)
    popup = combo.view()
    assert popup.isVisible()
    start = combo.currentIndex()
    qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)  # the choice
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.view, timeout=2000)
    chosen = w.document.pack.map.zones[zone.id].terrain
    assert combo.currentIndex() != start and chosen == combo.currentText().strip()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_K)
    qtbot.wait(30)
    assert w.tool.name == "split"
    assert w.document.pack.map.zones[zone.id].terrain == chosen


def test_choosing_in_a_tool_options_combo_gives_the_keys_back(qtbot, window, pack_path):
    from PySide6.QtWidgets import QApplication

    w = window
    assert w.open_path(pack_path)
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_D)
    box = w.tool_control.services.options_bar().findChild(QComboBox, "drawKind")
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Down)  # a choice by keys: "Sea zone"
    assert w.tools["draw_zone"].kind == "sea"
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.view, timeout=2000)
    qtbot.keyClick(w.view, Qt.Key.Key_S)
    assert w.tool.name == "select"
