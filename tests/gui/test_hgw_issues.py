"""The editor's live validation on the bundled Barbarossa pack (issue #28): the HGW
scenario checks' issues appear in the Issues dock after the editor's own scenario edits,
a double click on one selects its hex, and undoing the edits clears them."""

from __future__ import annotations

import shutil

from PySide6.QtCore import Qt

from tests.gamecore.validate import hgw_broken


def hgw_codes(window):
    return {i.code for i in window.issues_panel.model.issues if i.code.startswith("HGW")}


def test_hgw_issues_show_live_in_the_issues_dock(window, qtbot, tmp_path):
    path = tmp_path / "barbarossa.warroom"
    shutil.copy(hgw_broken.pack_path(), path)
    window.open_path(path)
    qtbot.waitUntil(lambda: window.validation.report is not None, timeout=60_000)
    baseline = hgw_codes(window)
    assert not set(hgw_broken.EXPECTED) & baseline
    pack = window.document.pack
    edits = hgw_broken.edits(pack)
    for edit in edits:
        assert window.push(edit)
    qtbot.waitUntil(lambda: set(hgw_broken.EXPECTED) <= hgw_codes(window), timeout=60_000)
    by_code = {i.code: i for i in window.issues_panel.model.issues}
    for code, words in hgw_broken.EXPECTED.items():
        assert words in by_code[code].message
    panel = window.issues_panel
    panel.filter.clear()
    qtbot.keyClicks(panel.filter, "HGW003")
    assert panel.proxy.rowCount() == 1
    swiss = pack.map.zone_by_code("1535")
    rect = panel.table.visualRect(panel.proxy.index(0, 2))
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(panel.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.document.selection.zones() == [swiss.id]
    assert window.scene.issues[swiss.id] == "error"
    window.grab().save(str(tmp_path / "hgw_issues.png"))
    for _ in edits:
        window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: hgw_codes(window) == baseline, timeout=60_000)
