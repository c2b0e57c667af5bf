"""File › Export › Board (issue #35): the menu opens the dialog, the dialog previews the
sheets and writes the PDF the ``warroom render`` command writes; the Legend dock."""

from __future__ import annotations

import subprocess

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMenu

from editor.canvas.scene import MapScene
from editor.demo import demo_pack
from gamecore.model import Link


def _click_menu_path(qtbot, window, *titles):
    """Open the menu bar's ``titles[0]`` and walk its sub-menus with the mouse."""
    bar = window.menuBar()
    act = next(a for a in bar.actions() if a.text().replace("&", "") == titles[0])
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(act).center())
    menu: QMenu = act.menu()
    qtbot.waitUntil(menu.isVisible)
    for title in titles[1:]:
        item = next(a for a in menu.actions() if a.text().replace("&", "") == title)
        qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(item).center())
        if item.menu() is None:
            return item
        menu = item.menu()
        qtbot.waitUntil(menu.isVisible)
    return None


def _pdf_pages(path) -> int:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("Pages:"))
    return int(line.split()[1])


def test_file_export_board_writes_the_pdf(window, pack_path, qtbot, tmp_path):
    assert window.open_path(str(pack_path))
    _click_menu_path(qtbot, window, "File", "Export", "Board (PDF/SVG/PNG)…")
    qtbot.waitUntil(lambda: getattr(window, "board_dialog", None) is not None)
    dlg = window.board_dialog
    qtbot.waitUntil(dlg.isVisible)
    assert "PDF" in dlg.fmt.currentText()
    # 2 x 1 sheets: the preview shows two sheets, the summary says 3 pages
    dlg.rows.setFocus()
    dlg.rows.selectAll()
    qtbot.keyClicks(dlg.rows, "1")
    assert dlg.rows.value() == 1 and dlg.cols.value() == 3
    dlg.cols.selectAll()
    qtbot.keyClicks(dlg.cols, "2")
    assert "2 x 1 sheets" in dlg.summary.text()
    assert len(dlg.preview.layout_.sheets()) == 2
    out = tmp_path / "board.pdf"
    dlg.out.selectAll()
    qtbot.keyClicks(dlg.out, str(out))
    export = dlg.buttons.button(QDialogButtonBox.StandardButton.Save)
    qtbot.mouseClick(export, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dlg.isVisible(), timeout=60_000)
    assert out.exists() and dlg.last["pages"] == 3
    assert _pdf_pages(out) == 3  # read back by poppler


def test_export_dialog_refuses_an_unwritable_folder(window, pack_path, qtbot, tmp_path):
    assert window.open_path(str(pack_path))
    window.act_export_board.trigger()
    dlg = window.board_dialog
    qtbot.waitUntil(dlg.isVisible)
    dlg.out.selectAll()
    qtbot.keyClicks(dlg.out, str(tmp_path / "no" / "such" / "board.pdf"))
    dlg.refresh()
    export = dlg.buttons.button(QDialogButtonBox.StandardButton.Save)
    assert not export.isEnabled()
    assert "no folder" in dlg.summary.text()
    dlg.reject()


def test_legend_dock_follows_the_map_mode(window, pack_path, qtbot):
    assert window.open_path(str(pack_path))
    _click_menu_path(qtbot, window, "View", "Legend")
    qtbot.waitUntil(window.legend_dock.isVisible)
    panel = window.legend_panel
    political = panel.titles()
    nations = [n.name for n in window.document.pack.nations.values()]
    assert any(name in political for name in nations)
    window.set_map_mode("terrain")
    terrain = panel.titles()
    assert terrain != political
    assert "Sea" in terrain
    grab = panel.grab().toImage()
    assert grab.width() > 100 and grab.height() > 100


@pytest.fixture
def scene_with_override(qapp):
    pack = demo_pack()
    zones = list(pack.map.zones)
    pack.map.links[1] = Link(id=1, kind="not_adjacent", a=zones[0], b=zones[1])
    scene = MapScene()
    scene.set_pack(pack)
    return scene


def test_legend_names_overrides_and_issue_markers(scene_with_override):
    from editor.canvas.legend import sections

    scene = scene_with_override
    zid = next(iter(scene.pack.map.zones))
    scene.set_issues({zid: "error"})
    labels = [label for s in sections(scene) for _p, label in s.rows]
    assert "Not adjacent (override)" in labels
    assert "Error marker" in labels
    scene.set_mode("issues")
    labels = [label for s in sections(scene) for _p, label in s.rows]
    assert "Error in the zone" in labels
    # the hidden links layer leaves its key out
    scene.set_layer_visible("links", False)
    labels = [label for s in sections(scene) for _p, label in s.rows]
    assert "Not adjacent (override)" not in labels


def test_fixed_scale_starts_from_the_fit(window, pack_path, qtbot):
    assert window.open_path(str(pack_path))
    window.act_export_board.trigger()
    dlg = window.board_dialog
    qtbot.waitUntil(dlg.isVisible)
    fit = dlg.preview.layout_.scale
    qtbot.mouseClick(dlg.by_scale, Qt.MouseButton.LeftButton)
    assert dlg.by_scale.isChecked()
    assert dlg.scale.value() == pytest.approx(fit, rel=1e-3)
    assert len(dlg.preview.layout_.sheets()) <= 6
    # twice the scale: more sheets
    dlg.scale.setValue(fit * 2)
    assert len(dlg.preview.layout_.sheets()) > 6
    dlg.reject()


@pytest.mark.parametrize("mode", ["political", "terrain", "value", "region", "issues", "heatmap"])
def test_every_map_mode_has_a_legend(scene_with_override, mode):
    from editor.canvas import style
    from editor.canvas.legend import sections

    scene = scene_with_override
    scene.set_mode(mode)
    first = sections(scene)[0]
    assert first.title == style.MODE_TITLES[mode]
    assert first.rows  # something to say in every mode
    if mode == "terrain":
        shown = {label.lower() for _p, label in first.rows}
        terrains = {z.terrain for z in scene.pack.map.zones.values() if z.kind == "land"}
        assert {t.replace("_", " ") for t in terrains if t} <= shown
