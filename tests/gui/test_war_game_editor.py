"""The editor authors The War Game's map features (issue #27, rules-notes/002 §1.1, §2.3):
hostile-terrain borders with the Border tool, island groups with the Inspector, the
sharing matrix in the Scenario dock; each edit one undo step, each validated live."""

from __future__ import annotations

import copy
import shutil

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from editor.demo import blank_pack
from editor.document import Document
from gamecore.model.sharing import shares
from gamecore.paths import resource

L = Qt.MouseButton.LeftButton
NO = Qt.KeyboardModifier.NoModifier
PACK = resource("samples", "war-game-1942.warroom")


def issues_of(window, code):
    return [i for i in window.issues_panel.model.issues if i.code == code]


def wait_for(qtbot, window, predicate, timeout=30_000):
    qtbot.waitUntil(lambda: window.validation.report is not None and predicate(), timeout=timeout)


def click_cell(qtbot, table, i, j):
    """A real click on the check box of cell (i, j) (at the left of the cell)."""
    table.scrollToItem(table.item(i, j))
    rect = table.visualItemRect(table.item(i, j))
    qtbot.mouseClick(table.viewport(), L, NO, rect.topLeft() + QPoint(10, rect.height() // 2))


@pytest.fixture
def board(window, qtbot, tmp_path):
    path = tmp_path / "war-game-1942.warroom"
    shutil.copyfile(PACK, path)  # the bundled pack itself opens read-only
    assert window.open_path(path)
    assert not window.document.readonly
    window.document.set_scenario("1942")
    return window


def test_sharing_matrix_cell_click_is_one_undo_step(board, qtbot):
    """seeds/002 'Sharing Territories': Germany and Italy share land; Japan with no one."""
    w = board
    doc = w.document
    sc = doc.pack.scenarios["1942"]
    page = w.scenario_panel.sharing
    w.scenario_dock.raise_()
    w.scenario_panel.tabs.setCurrentIndex(w.scenario_panel.pages.index(page))
    page.kind.setCurrentIndex(page.kind.findData("land"))
    ns = page.nations()
    i, j = ns.index("GER"), ns.index("JPN")
    assert not shares(sc, "land", "GER", "JPN")
    before = copy.deepcopy(doc.pack)
    n = doc.undo_stack.count()
    click_cell(qtbot, page.table, i, j)
    assert doc.undo_stack.count() == n + 1
    assert shares(sc, "land", "GER", "JPN") and shares(sc, "land", "JPN", "GER")
    # the mirror cell shows it too, and the live validator flags nothing (one alliance)
    assert page.table.item(j, i).checkState() == Qt.CheckState.Checked
    doc.undo_stack.undo()
    assert doc.pack == before
    assert page.table.item(i, j).checkState() == Qt.CheckState.Unchecked


def test_sharing_across_teams_is_flagged_live(board, qtbot):
    w = board
    page = w.scenario_panel.sharing
    w.scenario_dock.raise_()
    w.scenario_panel.tabs.setCurrentIndex(w.scenario_panel.pages.index(page))
    page.kind.setCurrentIndex(page.kind.findData("sea"))
    wait_for(qtbot, w, lambda: not issues_of(w, "WGM003"))
    ns = page.nations()
    click_cell(qtbot, page.table, ns.index("GER"), ns.index("UK"))
    assert shares(w.document.pack.scenarios["1942"], "sea", "GER", "UK")
    wait_for(qtbot, w, lambda: bool(issues_of(w, "WGM003")))
    w.document.undo_stack.undo()
    wait_for(qtbot, w, lambda: not issues_of(w, "WGM003"))


def test_island_group_flag_in_the_inspector_is_validated_live(board, qtbot):
    w = board
    doc = w.document
    gbr = doc.pack.map.zone_by_code("GBR")
    doc.selection.set([("zone", gbr.id)])
    w.inspector_dock.raise_()
    box = w.inspector.zone_form.widgets["flag:island_group"]
    assert not box.isChecked()
    n = doc.undo_stack.count()
    qtbot.mouseClick(box, L, NO, QPoint(8, box.height() // 2))  # on the indicator
    assert "island_group" in gbr.flags and doc.undo_stack.count() == n + 1
    # Great Britain is one island (at this scale): not an island group
    wait_for(qtbot, w, lambda: bool(issues_of(w, "WGM002")))
    doc.undo_stack.undo()
    assert "island_group" not in gbr.flags
    wait_for(qtbot, w, lambda: not issues_of(w, "WGM002"))


@pytest.fixture
def blank(window):
    window._set_document(Document(blank_pack(800, 400), title="blank"))
    window.view.resetTransform()
    window.view.centerOn(400, 200)
    return window


def test_border_tool_marks_a_hostile_terrain_line(blank, qtbot):
    """seeds/002 'Hostile Terrain': click a land border to put a line on it, again to
    clear it; each click one undo step."""
    w = blank
    pack = w.document.pack

    def vp(x, y):
        return w.view.mapFromScene(QPointF(x, y))

    def click(x, y):
        qtbot.mouseClick(w.view.viewport(), L, NO, vp(x, y))

    w.set_tool("draw_zone")
    for ring in (
        [(100, 100), (300, 100), (300, 300), (100, 300)],
        [(300, 100), (500, 100), (500, 300), (300, 300)],
    ):
        for x, y in ring:
            qtbot.mouseMove(w.view.viewport(), vp(x, y))
            click(x, y)
        qtbot.keyClick(w.view, Qt.Key.Key_Return)
    a, b = pack.map.zone_by_code("L2").id, pack.map.zone_by_code("L3").id
    w.set_tool("border")
    attr = w.findChild(type(w.tool.make_options()[1]), "borderAttr")
    attr.setCurrentText("hostile_terrain")
    value = w.findChild(type(attr), "borderValue")
    value.setCurrentText("siberia")
    n = w.document.undo_stack.count()
    click(300, 200)
    assert pack.map.border(a, b).props == {"hostile_terrain": "siberia"}
    assert w.document.undo_stack.count() == n + 1
    w.document.undo_stack.undo()
    assert (min(a, b), max(a, b)) not in pack.map.borders
    w.document.undo_stack.redo()
    assert pack.map.border(a, b).props == {"hostile_terrain": "siberia"}
    click(300, 200)
    assert (min(a, b), max(a, b)) not in pack.map.borders
