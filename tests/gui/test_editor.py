"""The editor shell end to end (pytest-qt, offscreen): open, select, inspect, edit, undo,
redo, save, reopen; map modes; crash recovery; bad files; docks; find; layers."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMessageBox

from editor.cli import main
from editor.controllers.docks import panel_of
from gamecore.store import open_pack, read_pack, working_copy_path


def zone(window, code):
    return window.document.pack.map.zone_by_code(code)


def zone_point(window, code) -> QPoint:
    return window.view.mapFromScene(QPointF(*zone(window, code).label))


def click(qtbot, window, point: QPoint, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, modifier, point)


def answer(monkeypatch, button, calls=None):
    """Make QMessageBox.question answer ``button`` (recording the titles asked)."""

    def question(parent, title, text, *args, **kwargs):
        if calls is not None:
            calls.append(title)
        return button

    monkeypatch.setattr(QMessageBox, "question", question)


def test_click_select_edit_undo_redo_save_and_reopen(window, pack_path, qtbot, make_window):
    assert window.open_path(pack_path)
    bav = zone(window, "BAV")
    assert bav.value == 4
    click(qtbot, window, zone_point(window, "BAV"))
    # the selection, the inspector and the zones table follow the click
    assert window.document.selection.items == [("zone", bav.id)]
    inspector = window.inspector
    assert inspector.kind == "zone"
    assert "Bavaria" in inspector.zone_form.header.text()
    rows = window.zones_panel.table.selectionModel().selectedRows()
    assert [r.data() for r in rows] == ["BAV"]
    spin = inspector.zone_form.widgets["value"]
    assert spin.value() == 4
    # edit the value in the inspector: two steps merge into one undo step
    spin.setValue(7)
    spin.setValue(9)
    assert bav.value == 9
    assert window.document.undo_stack.count() == 1
    assert window.isWindowModified()
    assert window.windowTitle().startswith("channel.warroom")
    window.undo()
    assert bav.value == 4 and spin.value() == 4
    assert not window.isWindowModified()
    window.redo()
    assert bav.value == 9 and spin.value() == 9
    # save and reopen
    assert window.save()
    assert not window.isWindowModified()
    assert read_pack(pack_path).map.zone_by_code("BAV").value == 9
    assert window.open_path(pack_path)  # already open here: nothing to do
    window.discard_and_close()
    other = make_window(show=False)
    assert other.open_path(pack_path)
    assert zone(other, "BAV").value == 9
    assert other.recent_files()[0] == str(pack_path.resolve())


def _pixel(window, code) -> QColor:
    image = window.view.viewport().grab().toImage()
    p = zone_point(window, code)
    return QColor(image.pixel(p.x(), p.y()))


def test_map_mode_switch_changes_the_rendered_colours(window, pack_path, qtbot):
    window.open_path(pack_path)
    for key in ("labels", "units", "facilities", "links", "convoy", "rail", "rivers", "issues"):
        window.scene.set_layer_visible(key, False)
    window.fit_map()
    qtbot.wait(10)
    political = _pixel(window, "BAV")
    assert political == QColor("#6e6e6e")  # Germany owns Bavaria
    assert _pixel(window, "WES") == QColor("#c49a52")  # the UK owns Wessex
    window.set_map_mode("terrain")
    assert window.mode_combo.currentData() == "terrain"
    terrain = _pixel(window, "BAV")
    assert terrain == QColor("#a68f72")  # mountain
    window.mode_combo.setCurrentIndex(window.mode_combo.findData("value"))
    assert window.scene.mode == "value"
    value = _pixel(window, "BAV")
    assert len({political.rgb(), terrain.rgb(), value.rgb()}) == 3
    assert _pixel(window, "PAR") != value  # a richer zone is redder
    # an edit redraws the zone in the current mode
    window.set_map_mode("political")
    from gamecore.ops import SetOwnership

    window.push(SetOwnership("1939", [zone(window, "BAV").id], "owner", "FRA"))
    qtbot.wait(10)
    assert _pixel(window, "BAV") == QColor("#4f78b8")
    window.undo()
    qtbot.wait(10)
    assert _pixel(window, "BAV") == QColor("#6e6e6e")


def test_autosave_then_crash_offers_and_performs_recovery(
    window, pack_path, qtbot, monkeypatch, make_window
):
    window.open_path(pack_path)
    click(qtbot, window, zone_point(window, "PIE"))
    window.inspector.zone_form.widgets["value"].setValue(12)
    assert window.autosave()  # the minute timer's work
    assert working_copy_path(pack_path).exists()
    assert not window.autosave()  # nothing new since
    # a crash: the process dies with the working copy newer than the file
    window.document.packfile._lock.release()
    window.document.packfile = None
    window.document.set_dirty(False)
    window.document.undo_stack.setClean()
    asked = []
    answer(monkeypatch, QMessageBox.StandardButton.Yes, asked)
    reopened = make_window(show=False)
    assert reopened.open_path(pack_path)
    assert asked == ["Recover unsaved changes?"]
    assert zone(reopened, "PIE").value == 12
    assert reopened.isWindowModified()  # recovered, not yet saved
    assert reopened.save()
    assert read_pack(pack_path).map.zone_by_code("PIE").value == 12
    assert (
        not working_copy_path(pack_path).exists()
        or not open_pack(pack_path, readonly=True).has_recovery
    )


def test_recovery_declined_discards_the_working_copy(window, pack_path, qtbot, monkeypatch):
    pf = open_pack(pack_path)
    pf.pack.map.zone_by_code("PIE").value = 33
    pf.autosave()
    pf.close()  # closed without saving: the working copy stays, like after a crash
    asked = []
    answer(monkeypatch, QMessageBox.StandardButton.No, asked)
    assert window.open_path(pack_path)
    assert asked == ["Recover unsaved changes?"]
    assert zone(window, "PIE").value == 4
    assert not window.isWindowModified()
    assert not working_copy_path(pack_path).exists()


def test_a_bad_file_shows_one_dialog_and_leaves_the_document(window, tmp_path, monkeypatch):
    window.open_demo()
    doc = window.document
    before = doc.pack.map.zone_by_code("BAV").value
    title = window.windowTitle()
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda parent, t, text, *a: shown.append(text))
    answer(monkeypatch, QMessageBox.StandardButton.Save)  # must not be asked at all
    bad = tmp_path / "broken.warroom"
    bad.write_bytes(b"this is not a map pack\n" * 50)
    assert window.open_path(bad) is False
    missing = tmp_path / "missing.warroom"
    assert window.open_path(missing) is False
    assert len(shown) == 2
    assert "broken.warroom" in shown[0] and "\n" not in shown[0]
    assert "missing.warroom" in shown[1]
    assert window.document is doc
    assert doc.pack.map.zone_by_code("BAV").value == before
    assert window.windowTitle() == title


def test_screenshot_of_a_bad_file_prints_one_line_and_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.warroom"
    bad.write_text("nope")
    assert main(["edit", str(bad), "--screenshot", str(tmp_path / "s.png")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bad.warroom" in err[0]
    assert main(["edit", "--screenshot", str(tmp_path / "s.png"), "--mode", "nope"]) == 2
    assert not (tmp_path / "s.png").exists()


def test_screenshot_in_a_map_mode(tmp_path, pack_path, capsys):
    out = tmp_path / "terrain.png"
    assert main(["edit", str(pack_path), "--screenshot", str(out), "--size", "900x600"]) == 0
    assert out.exists()


def test_multi_zone_inspector_edits_and_ctrl_click(window, pack_path, qtbot):
    window.open_path(pack_path)
    click(qtbot, window, zone_point(window, "BAV"))
    click(qtbot, window, zone_point(window, "PRU"), Qt.KeyboardModifier.ControlModifier)
    bav, sax = zone(window, "BAV"), zone(window, "PRU")
    assert window.document.selection.zones() == [bav.id, sax.id]
    form = window.inspector.zone_form
    assert form.header.text() == "2 zones"
    assert form.widgets["value"].value() == form.widgets["value"].minimum()  # (mixed)
    assert not form.widgets["name"].isEnabled()  # one zone at a time
    capital = form.widgets["flag:island"]
    capital.click()
    assert bav.has_flag("island") and sax.has_flag("island")
    owner = form.widgets["owner"]
    owner.setCurrentIndex(owner.findData("ITA"))
    sc = window.document.pack.scenarios["1939"]
    assert sc.owner_of(bav.id) == sc.owner_of(sax.id) == "ITA"
    assert (
        window.zones_panel.model.data(
            window.zones_panel.model.index(window.zones_panel.model.row_of[bav.id], 3)
        )
        == "ITA"
    )
    window.undo()
    window.undo()
    assert sc.owner_of(bav.id) == "GER" and not sax.has_flag("island")
    # ctrl-click again removes one zone from the selection
    click(qtbot, window, zone_point(window, "PRU"), Qt.KeyboardModifier.ControlModifier)
    assert window.document.selection.zones() == [bav.id]
    # a bad value is refused with a message and nothing changes
    form.widgets["code"].setText("SAX")
    form.widgets["code"].editingFinished.emit()
    assert bav.code == "BAV"
    assert "already used" in window.statusBar().currentMessage()


def test_zones_table_filter_and_selection_sync(window, pack_path):
    window.open_path(pack_path)
    panel = window.zones_panel
    panel.filter.setText("kind:sea")
    assert panel.proxy.rowCount() == 7
    panel.filter.setText("ger")  # owner column, case-insensitive
    assert panel.proxy.rowCount() == 4
    panel.filter.setText("")
    panel.table.selectRow(0)
    first = panel.proxy.data(panel.proxy.index(0, 0))
    assert window.document.selection.zones() == [zone(window, first).id]
    panel.table.sortByColumn(4, Qt.SortOrder.DescendingOrder)  # value, numerically
    assert panel.proxy.data(panel.proxy.index(0, 4)) == 8


def test_find_zone_and_zoom(window, pack_path):
    window.open_path(pack_path)
    before = window.view.scale_factor()
    assert window.find_zone("piedmont") == zone(window, "PIE").id
    assert window.document.selection.zones() == [zone(window, "PIE").id]
    assert window.view.scale_factor() > before
    assert window.find_zone("3 — The Sleeve") == zone(window, "3").id
    assert window.find_zone("Atlantis") is None
    window.act_find.trigger()
    assert window.find_edit.hasFocus() or window.find_edit.isVisible()


def test_locked_layer_is_not_selectable_and_rubber_band_selects(window, pack_path, qtbot):
    window.open_path(pack_path)
    window.layers_panel.set_state("zones", True, True)
    click(qtbot, window, zone_point(window, "BAV"))
    assert window.document.selection.items == []
    window.layers_panel.set_state("zones", True, False)
    a, b = zone_point(window, "PAR"), zone_point(window, "BAV")
    vp = window.view.viewport()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(vp, a + QPoint(10, 10))
    qtbot.mouseMove(vp, b)
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=b)
    picked = set(window.document.selection.zones())
    assert {zone(window, "PAR").id, zone(window, "BAV").id} <= picked
    # features: a click on a facility icon selects it and the inspector edits it
    window.document.selection.set([("facility", 1)])
    assert window.inspector.kind == "facility"
    window.inspector.forms["facility"].widgets["level"].setValue(5)
    assert window.document.pack.map.facilities[1].level == 5


def test_close_with_changes_asks_save_discard_cancel(window, pack_path, qtbot, monkeypatch):
    window.open_path(pack_path)
    from gamecore.ops import SetZoneAttrs

    window.push(SetZoneAttrs([zone(window, "BAV").id], "value", 1))
    asked = []
    answer(monkeypatch, QMessageBox.StandardButton.Cancel, asked)
    assert not window.close()
    assert window.isVisible() and asked == ["Unsaved changes"]
    answer(monkeypatch, QMessageBox.StandardButton.Discard, asked)
    assert window.close()
    assert read_pack(pack_path).map.zone_by_code("BAV").value == 4


def test_new_save_as_and_revert(window, tmp_path, qtbot, monkeypatch):
    window.open_demo()  # in memory: no file yet
    assert window.document.packfile is None
    target = tmp_path / "mine.warroom"
    assert window.save_as(str(target))
    assert window.windowTitle().startswith("mine.warroom")
    from gamecore.ops import SetZoneAttrs

    window.push(SetZoneAttrs([zone(window, "BAV").id], "name", "Bayern"))
    answer(monkeypatch, QMessageBox.StandardButton.Discard)
    window.revert()
    assert zone(window, "BAV").name == "Bavaria"
    assert not window.isWindowModified()
    assert window.document.undo_stack.count() == 0
    window.new_document()
    assert len(window.document.pack.map.zones) == 1
    assert window.windowTitle().startswith("Untitled")


def test_settings_keep_mode_layers_and_recent_files(window, pack_path, make_window):
    window.open_path(pack_path)
    window.set_map_mode("terrain")
    window.layers_panel.set_state("units", False, False)
    window.discard_and_close()
    again = make_window(show=False)
    assert again.scene.mode == "terrain"
    assert not again.scene.layers["units"].isVisible()
    assert again.recent_files() == [str(pack_path.resolve())]


def test_default_document_is_a_copy_of_the_sample_never_the_file(window, pack_path, monkeypatch):
    import gamecore.paths

    monkeypatch.setattr(gamecore.paths, "sample_pack", lambda: pack_path)
    stamp = pack_path.stat().st_mtime_ns
    window.open_default()
    assert window.document.packfile is None  # a copy in memory
    assert zone(window, "BAV") is not None
    from gamecore.ops import SetZoneAttrs

    window.push(SetZoneAttrs([zone(window, "BAV").id], "value", 2))
    window.autosave()
    assert pack_path.stat().st_mtime_ns == stamp
    assert not working_copy_path(pack_path).exists()
    monkeypatch.setattr(gamecore.paths, "sample_pack", lambda: pack_path.with_name("none"))
    window.open_default()  # no sample bundled: the built-in demo map
    assert window.document.title == "Channel Front (demo)"


def test_background_image_is_tiled_and_drawn_under_translucent_zones(window, tmp_path):
    from PySide6.QtCore import QBuffer, QIODevice
    from PySide6.QtGui import QImage

    from editor.demo import demo_pack
    from gamecore.model import BackgroundImage
    from gamecore.store import write_pack

    img = QImage(2300, 1500, QImage.Format.Format_RGB32)
    img.fill(QColor("#ff00ff"))
    buf = QBuffer()
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    img.save(buf, "PNG")
    pack = demo_pack()
    pack.map.images[1] = BackgroundImage(
        1, "scan", "png", bytes(buf.data()), 0, 0, pack.map.width, pack.map.height, 0.8
    )
    path = tmp_path / "bg.warroom"
    write_pack(pack, path)
    window.open_path(path)
    layer = window.scene.layers["background"]
    assert len(layer.tiles) == 6  # 3 x 2 tiles of 1024 px
    for key in ("labels", "units", "facilities", "links", "convoy", "rail", "rivers"):
        window.scene.set_layer_visible(key, False)
    with_image = _pixel(window, "BAV")
    assert with_image.red() > QColor("#6e6e6e").red() + 20  # magenta shows through
    window.layers_panel.set_state("background", False, False)
    assert _pixel(window, "BAV") == QColor("#6e6e6e")


def test_issues_mode_colours_zones_with_validation_problems(window, pack_path, qtbot, monkeypatch):
    window.open_path(pack_path)
    bav = zone(window, "BAV")
    for key in ("labels", "units", "facilities", "links", "convoy", "rail", "rivers", "issues"):
        window.scene.set_layer_visible(key, False)
    window.set_map_mode("issues")
    bav.value = -1  # an error (ATT003), found by the validator on a worker thread
    window.refresh_issues()
    qtbot.waitUntil(lambda: window.scene.issues.get(bav.id) == "error", timeout=20_000)
    assert _pixel(window, "BAV") == QColor("#d7301f")
    assert _pixel(window, "PAR") == QColor("#bfc8b8")

    from gamecore.validate import Validator

    def broken(self):
        raise RuntimeError("validator bug")

    monkeypatch.setattr(Validator, "run", broken)
    window.refresh_issues()  # a failing validator is reported, never a crash
    qtbot.waitUntil(lambda: "validation failed" in window.statusBar().currentMessage())


def test_the_real_validator_runs_in_issues_mode(window, pack_path, qtbot):
    window.open_path(pack_path)
    bav = zone(window, "BAV")
    bav.slots = [(0.0, 0.0)]  # outside the zone: the validator warns (ATT005)
    window.refresh_issues()  # the model was changed behind the editor's back: validate now
    window.set_map_mode("issues")
    assert window.scene.mode == "issues"
    qtbot.waitUntil(lambda: bav.id in window.scene.issues, timeout=20_000)
    assert window.scene.issues[bav.id] == "warning"


def test_click_on_a_link_hover_status_and_keys(window, pack_path, qtbot):
    window.open_path(pack_path)
    m = window.document.pack.map
    link = m.links[1]  # the strait Wessex - Normandy
    a, b = (QPointF(*m.zones[z].label) for z in (link.a, link.b))
    middle = window.view.mapFromScene((a + b) / 2)
    click(qtbot, window, middle)
    assert window.document.selection.items == [("link", 1)]
    assert window.inspector.kind == "link"
    # hover: the status bar names the zone under the cursor
    qtbot.mouseMove(window.view.viewport(), zone_point(window, "BAV"))
    assert window.zone_label.text().startswith("BAV — Bavaria")
    assert window.coords_label.text().startswith("x ")
    assert window.scene.hover == zone(window, "BAV").id
    # Esc clears the selection
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Escape)
    assert window.document.selection.items == []


def test_wheel_zoom_keeps_the_point_under_the_cursor_and_pans(window, pack_path, qtbot):
    from PySide6.QtCore import QPointF as P
    from PySide6.QtGui import QWheelEvent

    window.open_path(pack_path)
    view = window.view
    pos = zone_point(window, "PAR")
    before = view.mapToScene(pos)
    scale = view.scale_factor()
    event = QWheelEvent(
        P(pos),
        P(view.viewport().mapToGlobal(pos)),
        QPoint(0, 0),
        QPoint(0, 240),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    view.wheelEvent(event)
    assert view.scale_factor() > scale * 1.5
    after = view.mapToScene(pos)
    assert abs(after.x() - before.x()) < 1 and abs(after.y() - before.y()) < 1
    assert window.zoom_label.text().startswith("zoom ")
    # middle-drag pans
    vp = view.viewport()
    centre = view.mapToScene(vp.rect().center())
    qtbot.mousePress(vp, Qt.MouseButton.MiddleButton, pos=pos)
    qtbot.mouseMove(vp, pos + QPoint(60, 0))
    qtbot.mouseRelease(vp, Qt.MouseButton.MiddleButton, pos=pos + QPoint(60, 0))
    assert view.mapToScene(vp.rect().center()).x() < centre.x()
    # space + left drag pans too (and does not select)
    centre = view.mapToScene(vp.rect().center())
    view.setFocus()
    qtbot.keyPress(view, Qt.Key.Key_Space)
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseMove(vp, pos + QPoint(0, 50))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=pos + QPoint(0, 50))
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    assert view.mapToScene(vp.rect().center()).y() < centre.y()
    assert window.document.selection.items == []
    # the hand tool
    window.tool_actions["pan"].trigger()
    centre = view.mapToScene(vp.rect().center())
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseMove(vp, pos + QPoint(-40, 0))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=pos + QPoint(-40, 0))
    assert view.mapToScene(vp.rect().center()).x() > centre.x()
    window.set_tool("select")
    window.zoom_to_selection()  # nothing selected: nothing happens
    window.fit_map()


def test_battle_calculator_dock_is_installed_on_first_use(window, pack_path, qtbot):
    window.open_path(pack_path)
    assert window.battle_dock is None
    window.act_battle.trigger()
    assert window.battle_dock is not None and window.battle_dock.isVisible()
    dock = window.battle_dock
    window.act_battle.trigger()
    assert window.battle_dock is dock
    qtbot.waitUntil(lambda: not panel_of(dock).is_busy(), timeout=10_000)
