"""The workspace that never jumps (#37, "What to build" 5): the Tool Options bar is
always there, combos give the keys back to the map, docks yield to the canvas and every
dock can be reopened from View. Real key presses and clicks (pytest-qt)."""

from __future__ import annotations

import pytest
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
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.view, timeout=60_000)
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
    qtbot.waitUntil(lambda: QApplication.focusWidget() is w.view, timeout=60_000)
    qtbot.keyClick(w.view, Qt.Key.Key_S)
    assert w.tool.name == "select"


# -- docks ---------------------------------------------------------------------------------------
def _view_menu(w):
    return next(a.menu() for a in w.menuBar().actions() if a.text().replace("&", "") == "View")


def _share(w) -> float:
    return w.view.width() / w.width()


def test_docks_yield_so_the_map_keeps_60_percent_at_1366x768(qtbot, make_window, pack_path):
    """#37: after the Playtest dock widened its column the canvas was 410 px of 1366.
    The map keeps at least 60% of the window's width at 1366 x 768, with the Playtest
    and Battle docks open (from the View menu) and after a narrower window."""
    w = make_window(show=False)
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    assert w.open_path(pack_path)
    qtbot.waitUntil(lambda: _share(w) >= 0.6, timeout=60_000)
    menu = _view_menu(w)
    for action in (w.act_playtest, w.act_battle):
        menu.popup(w.mapToGlobal(QPoint(40, 20)))
        qtbot.waitUntil(menu.isVisible)
        assert action in menu.actions()
        menu.setActiveAction(action)
        qtbot.keyClick(menu, Qt.Key.Key_Return)
        qtbot.wait(50)
    assert w.playtest_dock.isVisible() and w.battle_dock.isVisible()
    qtbot.waitUntil(lambda: _share(w) >= 0.6, timeout=60_000)
    assert w.view.width() >= 0.6 * 1366 - 1
    # every shown dock keeps a usable width (none squeezed to nothing)
    for docks in w.dock_control.columns():
        assert max(d.width() for d in docks) >= 150
    # a smaller screen (the canvas was 70 px of 1024 x 700): the columns go down to
    # their floor and the map keeps more than half
    w.resize(1024, 700)
    qtbot.waitUntil(lambda: _share(w) >= 0.55, timeout=60_000)


def test_every_dock_is_listed_in_view_and_a_closed_one_reopens(qtbot, window):
    """A closed Issues (or Play, Playtest, Legend) dock is reopened from View."""
    from PySide6.QtWidgets import QAbstractButton, QDockWidget

    w = window
    w.show_playtest_dock()
    menu = _view_menu(w)
    menu.popup(w.mapToGlobal(QPoint(40, 20)))
    qtbot.waitUntil(menu.isVisible)
    titles = {a.text() for a in menu.actions()}
    docks = [d for d in w.findChildren(QDockWidget) if d.parent() is w]
    assert {"Issues", "Playtest", "Legend", "Layers", "Inspector"} <= {
        d.windowTitle() for d in docks
    }
    assert {d.windowTitle() for d in docks} <= titles
    menu.hide()
    issues = w.issues_dock
    close = issues.findChild(QAbstractButton, "qt_dockwidget_closebutton")
    assert close is not None
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not issues.isVisible())
    menu.popup(w.mapToGlobal(QPoint(40, 20)))
    qtbot.waitUntil(menu.isVisible)
    action = next(a for a in menu.actions() if a.text() == "Issues")
    assert not action.isChecked()
    menu.setActiveAction(action)
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    qtbot.waitUntil(issues.isVisible)


# -- help ------------------------------------------------------------------------------------------
def test_help_keyboard_shortcuts_lists_the_menus_and_the_tools(qtbot, window):
    from PySide6.QtWidgets import QApplication

    w = window
    w.activateWindow()
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Slash, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: getattr(w, "shortcuts_dialog", None) is not None)
    dlg = w.shortcuts_dialog
    rows = {(keys, what) for _where, keys, what in dlg.rows}
    assert ("D", "Draw Zone") in rows and ("K", "Split Zone") in rows
    assert any(what == "Fit Map" for _k, what in rows)
    assert any(what == "Keyboard Shortcuts" for _k, what in rows)
    qtbot.keyClicks(dlg.filter, "zoom")
    shown = [r for r in range(dlg.table.rowCount()) if not dlg.table.isRowHidden(r)]
    assert shown and all("zoom" in " ".join(dlg.rows[r]).casefold() for r in shown)
    dlg.close()
    QApplication.processEvents()


def test_help_designers_guide_opens_the_guide_with_its_pictures(qtbot, window):
    from pathlib import Path

    from editor.help import GUIDE

    w = window
    w.act_guide.trigger()
    dlg = w.guide_dialog
    text = dlg.browser.toPlainText()
    assert "New Map" in text and "Reading the report" in text
    # every picture the guide shows exists (tools/guide_shots.py makes them)
    import re

    pics = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", GUIDE.read_text(encoding="utf-8"))
    assert len(pics) >= 9
    for pic in pics:
        assert (GUIDE.parent / pic).is_file(), pic
    missing = Path(GUIDE.parent / "nothing.md")
    from editor.help import show_guide

    assert show_guide(w, missing) is None
    assert "not installed" in w.statusBar().currentMessage()
    dlg.close()


# -- stale state ---------------------------------------------------------------------------------
def test_scenario_tabs_never_show_the_previous_documents_values(qtbot, window):
    """#37: before a scenario exists, the Scenario tabs showed the last document's."""
    from PySide6.QtWidgets import QAbstractSpinBox, QLineEdit

    from editor.demo import blank_pack, demo_pack
    from editor.document import Document

    w = window
    w._set_document(Document(demo_pack(), title="demo"))
    w.scenario_dock.show()
    w.scenario_dock.raise_()
    panel = w.scenario_panel
    bar = panel.tabs.tabBar()

    def texts():
        out = {}
        for i in range(panel.tabs.count()):
            qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(i).center())
            qtbot.wait(10)
            page = panel.tabs.widget(i)
            out[panel.tabs.tabText(i)] = [
                e.text()
                for e in page.findChildren(QLineEdit)
                if e.isVisibleTo(page)
                and e.text()
                and not isinstance(e.parent(), QAbstractSpinBox)  # its "empty" words
            ]
        return out

    before = texts()
    assert "Autumn 1939" in before["General"]
    assert any("United Kingdom" in t for t in before["Nations"])
    w._set_document(Document(blank_pack(), title="blank"))
    after = texts()
    old = {t for values in before.values() for t in values if not t.isdigit()}
    stale = {tab: [t for t in values if t in old] for tab, values in after.items()}
    assert not any(stale.values()), stale


def test_vertex_fields_and_snap_marker_follow_a_vertex_drag(qtbot, window):
    """#37: after a vertex drag the X/Y fields and the snap marker stayed at the old spot."""
    from PySide6.QtCore import QPointF

    from editor.demo import demo_pack
    from editor.document import Document

    w = window
    w._set_document(Document(demo_pack(), title="demo"))
    w.fit_map()
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_V)
    tool = w.tool
    assert tool.name == "vertices"
    zone = next(z for z in w.document.pack.map.zones.values() if z.kind == "land")
    # a vertex in the middle of the map (shared by several zones, not on the frame)
    frame = w.scene.geom.frame
    pts = [tuple(p) for p in zone.geometry.exterior.coords]
    src = next(
        p
        for p in pts
        if frame.left() + 5 < p[0] < frame.right() - 5
        and frame.top() + 5 < p[1] < frame.bottom() - 5
    )
    a = w.view.mapFromScene(QPointF(*src))
    b = a + QPoint(6, 4)
    vp = w.view.viewport()
    qtbot.mouseMove(vp, a)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=a)
    (pressed,) = tool.selected  # the vertex under the press
    assert (tool.x_box.value(), tool.y_box.value()) == pytest.approx(pressed, abs=1e-3)
    for k in range(1, 5):
        qtbot.mouseMove(vp, a + QPoint(6 * k // 4, 4 * k // 4))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=b)
    qtbot.wait(20)
    assert len(tool.selected) == 1
    moved = tool.selected[0]
    assert moved != pressed
    now = tool.coverage()
    coords = {tuple(p) for z in now.ids() for p in now[z].exterior.coords}
    assert moved in coords and pressed not in coords
    assert (tool.x_box.value(), tool.y_box.value()) == pytest.approx(moved, abs=1e-3)
    assert tool.snapped is None or tool.snapped.point == pytest.approx(moved, abs=1e-6)


def test_a_background_larger_than_the_map_stops_at_its_frame(window):
    """#37: a black band below an imported TripleA map's frame (its base tiles are whole
    256 px squares, black past the map). The background is drawn inside the frame only."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF
    from PySide6.QtGui import QColor, QImage
    from PySide6.QtWidgets import QApplication

    from editor.demo import blank_pack
    from editor.document import Document
    from gamecore.model import BackgroundImage

    pack = blank_pack()
    m = pack.map
    black = QImage(int(m.width), int(m.height * 1.5), QImage.Format.Format_RGB32)
    black.fill(QColor("#000000"))
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    black.save(buf, "PNG")
    m.images[1] = BackgroundImage(
        1, "tiles", "png", bytes(data), width=m.width, height=m.height * 1.5
    )
    w = window
    w._set_document(Document(pack, title="tiles"))
    w.fit_map()
    w.view.zoom_by(0.5)  # room around the map
    w.view.center_on(QPointF(m.width / 2, m.height / 2))
    QApplication.processEvents()
    shot = w.view.viewport().grab().toImage()
    at = w.view.mapFromScene(QPointF(m.width / 2, m.height * 1.25))  # the image's, not the map's
    assert w.view.viewport().rect().contains(at)
    below = QColor(shot.pixel(at))
    inside = QColor(shot.pixel(w.view.mapFromScene(QPointF(m.width / 2, m.height / 2))))
    assert inside.name() != "#000000"
    assert below.name() != "#000000"
