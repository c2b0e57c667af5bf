"""The Playtest dock inside the editor (issue #11): a finished run paints the heatmap
map mode on the canvas."""

from __future__ import annotations

from editor.controllers.docks import panel_of
from gamecore.sim.playtest.samples import symmetric_pack
from gamecore.store import write_pack


def test_playtest_run_paints_the_heatmap(make_window, qtbot, tmp_path):
    path = tmp_path / "sym.warroom"
    write_pack(symmetric_pack(rounds=2), path)
    window = make_window()
    assert window.open_path(str(path), interactive=False)
    window.show_playtest_dock()
    panel = panel_of(window.playtest_dock)  # maybe inside a scroll area
    panel.games.setValue(2)
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000) as sig:
        assert panel.start()
    summary = sig.args[0]
    assert summary["completed"] == 2
    assert window.scene.heatmap  # the bots fight from round 1 on this map
    assert window.scene.mode == "heatmap"
    hot = max(window.scene.heatmap, key=window.scene.heatmap.get)
    cold = next(z for z in window.document.pack.map.zones if z not in window.scene.heatmap)
    assert window.scene.colour_names[hot] != window.scene.colour_names[cold]
    window.show_playtest_heatmap({"zones": {}})
    assert window.scene.heatmap == {}


def test_the_playtest_report_can_be_opened_and_saved(make_window, qtbot, tmp_path, monkeypatch):
    """#37: the dock wrote its HTML report into a temporary folder with no Open or Save.
    After a run, Open Report hands the page to the browser and Save Report copies the
    page and its charts to the folder chosen (a second save does not overwrite)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QDesktopServices
    from PySide6.QtWidgets import QFileDialog

    path = tmp_path / "sym.warroom"
    write_pack(symmetric_pack(rounds=2), path)
    window = make_window()
    assert window.open_path(str(path), interactive=False)
    window.show_playtest_dock()
    panel = panel_of(window.playtest_dock)
    assert not panel.open_report_button.isEnabled()  # nothing run yet
    panel.games.setValue(2)
    panel.jobs.setValue(1)
    with qtbot.waitSignal(panel.finished, timeout=120_000):
        assert panel.start()
    assert panel.open_report_button.isEnabled() and panel.save_report_button.isEnabled()
    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    qtbot.mouseClick(panel.open_report_button, Qt.MouseButton.LeftButton)
    assert opened and opened[0].toLocalFile().endswith("index.html")
    out = tmp_path / "kept"
    out.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(out))
    qtbot.mouseClick(panel.save_report_button, Qt.MouseButton.LeftButton)
    first = out / "playtest-report" / "index.html"
    assert first.is_file()
    assert sorted(p.name for p in first.parent.iterdir()) == sorted(
        p.name for p in panel.report_page().parent.iterdir()
    )
    assert panel.save_report(out) == out / "playtest-report-2" / "index.html"
    assert panel.save_report(tmp_path / "missing") is None
    assert "not a folder" in panel.status.text()
