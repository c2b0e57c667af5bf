"""File › Export › TripleA… and › GeoJSON… (issue #35, item 4), driven with real clicks
and keys: the export runs off the GUI thread and its report (for TripleA, what it could
not express) is shown in the dialog; a bad output is one line in the dialog."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMenu

from editor.export.common import ExportDialog
from editor.export.geojson_dialog import GeoJSONExportDialog
from editor.export.triplea_dialog import TripleAExportDialog

L = Qt.MouseButton.LeftButton


def _menu_click(qtbot, menu, text: str):
    """Click the entry of ``menu`` whose text (without '&') is ``text``; returns its
    action."""
    action = next(a for a in menu.actions() if a.text().replace("&", "") == text)
    qtbot.mouseClick(menu, L, pos=menu.actionGeometry(action).center())
    return action


def open_export(qtbot, window, which: str) -> None:
    """File › Export › ``which`` with mouse clicks on the menu bar and the menus."""
    mb = window.menuBar()
    file_action = next(a for a in mb.actions() if a.text().replace("&", "") == "File")
    qtbot.mouseClick(mb, L, pos=mb.actionGeometry(file_action).center())
    file_menu = file_action.menu()
    qtbot.waitUntil(file_menu.isVisible)
    export = _menu_click(qtbot, file_menu, "Export")
    sub = export.menu()
    qtbot.waitUntil(sub.isVisible)
    _menu_click(qtbot, sub, which)  # the dialog runs modal inside this click


def drive(qtbot, kind, steps) -> list:
    """When a dialog of ``kind`` is up, run ``steps(dialog)`` and then press Close;
    returns what the steps gave."""
    seen: list = []

    def answer() -> None:
        dlg = QApplication.activeModalWidget()
        if not isinstance(dlg, kind):
            QTimer.singleShot(20, answer)
            return
        seen.append(steps(dlg))
        close = dlg.buttons.button(QDialogButtonBox.StandardButton.Close)
        qtbot.mouseClick(close, L)

    QTimer.singleShot(0, answer)
    return seen


def run_export(qtbot, dlg: ExportDialog, output: str) -> None:
    dlg.output.clear()
    qtbot.keyClicks(dlg.output, output)
    qtbot.mouseClick(dlg.run_button, L)
    qtbot.waitUntil(lambda: dlg.job is None, timeout=180_000)


@pytest.fixture
def window(make_window, pack_path):
    """A main window on the demo pack (its scenario 1939)."""
    w = make_window()
    assert w.open_path(pack_path)
    return w


def test_file_export_triplea_shows_the_loss_report(qtbot, window, tmp_path):
    out = tmp_path / "channel-triplea"

    def steps(dlg: TripleAExportDialog):
        assert isinstance(dlg.parent(), type(window))
        qtbot.mouseClick(dlg.tiles, L, pos=QPoint(6, dlg.tiles.height() // 2))
        run_export(qtbot, dlg, str(out))
        return (
            dlg.tiles.isChecked(),
            dlg.error,
            dlg.report,
            dlg.stage.text(),
            dlg.text.toPlainText(),
        )

    seen = drive(qtbot, TripleAExportDialog, steps)
    open_export(qtbot, window, "TripleA…")
    assert seen, "the dialog did not open"
    tiles, error, report, stage, text = seen[0]
    assert not tiles and not error
    assert report is not None and (out / "map.yml").is_file()
    assert not (out / "map" / "baseTiles").exists()  # the box was unticked
    assert text.splitlines() == report.lines()
    assert "exported scenario '1939'" in text
    if report.losses:
        assert stage.startswith("Exported with losses") and "lost: " in text
    else:
        assert stage.startswith("Exported: TripleA can express everything")
    # unit art for every player and unit type of the export
    assert list((out / "map" / "units").glob("*/*.png"))


def test_file_export_triplea_into_a_full_folder_is_one_line(qtbot, window, tmp_path):
    out = tmp_path / "full"
    out.mkdir()
    (out / "keep.txt").write_text("mine")

    def steps(dlg):
        run_export(qtbot, dlg, str(out))
        return dlg.report, dlg.stage.text()

    seen = drive(qtbot, TripleAExportDialog, steps)
    open_export(qtbot, window, "TripleA…")
    report, stage = seen[0]
    assert report is None
    assert "not empty" in stage and "\n" not in stage
    assert sorted(p.name for p in out.iterdir()) == ["keep.txt"]


def test_file_export_geojson_writes_zones_and_links(qtbot, window, tmp_path):
    out = tmp_path / "channel.geojson"

    def steps(dlg: GeoJSONExportDialog):
        # the scenario: the first entry is "(none)", the next the pack's scenario
        dlg.scenario.setFocus()
        qtbot.keyClick(dlg.scenario, Qt.Key.Key_Down)
        run_export(qtbot, dlg, str(out))
        return dlg.error, dlg.report, dlg.text.toPlainText()

    seen = drive(qtbot, GeoJSONExportDialog, steps)
    open_export(qtbot, window, "GeoJSON…")
    error, report, text = seen[0]
    assert not error and report is not None
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert len(doc["features"]) == len(window.document.pack.map.zones)
    assert report["scenario"] == "1939" and "1939" in text
    assert any(f["properties"]["units"] for f in doc["features"])
    assert (tmp_path / "channel.links.geojson").is_file()


def test_export_menu_is_shared_by_name(qtbot, window):
    from editor.export import export_menu

    mb = window.menuBar()
    file_menu = next(a for a in mb.actions() if a.text().replace("&", "") == "File").menu()
    again = export_menu(file_menu)
    assert isinstance(again, QMenu)
    names = [a.text().replace("&", "") for a in again.actions()]
    assert names == ["TripleA…", "GeoJSON…", "Board (PDF/SVG/PNG)…"]
    exports = [a for a in file_menu.actions() if a.text().replace("&", "") == "Export"]
    assert len(exports) == 1
