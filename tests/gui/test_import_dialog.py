"""File → Import (issues #12 and #13, editor): the import runs off the GUI thread with
progress, shows a preview, and opens as a new unsaved document; bad input is one line."""

from __future__ import annotations

import json
from pathlib import Path

from editor.import_dialog import ImportDialog
from gamecore.paths import resource

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "triplea"


def _run(qtbot, dlg):
    dlg.start()
    qtbot.waitUntil(lambda: dlg.job is None, timeout=120_000)


def test_geojson_preview_then_open(window, qtbot, tmp_path):
    features = {
        "type": "FeatureCollection",
        "features": [
            {
                "type": "Feature",
                "properties": {"name": "Westland"},
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [[[0, 40], [10, 40], [10, 50], [0, 50], [0, 40]]],
                },
            },
            {
                "type": "Feature",
                "properties": {"name": "Eastland"},
                "geometry": {
                    "type": "Polygon",
                    "coordinates": [[[10, 40], [20, 40], [20, 50], [10, 50], [10, 40]]],
                },
            },
        ],
    }
    src = tmp_path / "two.geojson"
    src.write_text(json.dumps(features))
    dlg = ImportDialog("geojson", window)
    qtbot.addWidget(dlg)
    dlg.source.setText(str(src))
    dlg.projection.setCurrentText("mercator")
    dlg.width_box.setValue(800)
    dlg.bbox.setText("-5,35,25,55")
    _run(qtbot, dlg)
    assert dlg.pack is not None, dlg.stage.text()
    assert "2 land" in dlg.stage.text() and not dlg.preview.pixmap().isNull()
    dlg.exec = lambda: ImportDialog.DialogCode.Accepted  # the user presses Open
    assert window.import_dialog("geojson", dialog=dlg)
    names = sorted(z.name for z in window.document.pack.map.zones.values() if z.kind == "land")
    assert names == ["Eastland", "Westland"]
    assert window.document.modified


def test_bad_geojson_is_one_line_and_keeps_the_document(window, qtbot, tmp_path):
    before = window.document
    bad = tmp_path / "bad.geojson"
    bad.write_text("{not json")
    dlg = ImportDialog("geojson", window)
    qtbot.addWidget(dlg)
    dlg.source.setText(str(bad))
    _run(qtbot, dlg)
    assert dlg.pack is None
    assert "bad.geojson" in dlg.stage.text() and "\n" not in dlg.stage.text()
    dlg.exec = lambda: ImportDialog.DialogCode.Rejected
    assert not window.import_dialog("geojson", dialog=dlg)
    assert window.document is before


def test_cancel_stops_a_running_import(window, qtbot):
    dlg = ImportDialog("geojson", window)
    qtbot.addWidget(dlg)
    dlg.source.setText(str(resource("geodata", "ne_110m_countries.geojson")))
    dlg.start()
    dlg.cancel_or_close()
    assert dlg.job is None and dlg.pack is None


def test_triplea_map_imports(window, qtbot):
    folder = next(p for p in sorted(FIXTURES.iterdir()) if p.is_dir())
    dlg = ImportDialog("triplea", window)
    qtbot.addWidget(dlg)
    dlg.source.setText(str(folder))
    _run(qtbot, dlg)
    assert dlg.pack is not None, dlg.stage.text()
    assert len(dlg.pack.map.zones) >= 4
