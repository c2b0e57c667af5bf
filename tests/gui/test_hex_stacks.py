"""Hex stacks on the Barbarossa board (#37, "What to build" 4): chips sit inside their
hex, a click on a chip selects that hex's stack (in the editor and in play mode), at fit
zoom each hex with units shows one stack marker, and issue markers keep off the hex ids.
Real mouse events on the map view."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import shapely
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QLabel, QMessageBox

PACK = Path(__file__).resolve().parents[2] / "resources" / "samples" / "hgw-barbarossa.warroom"


@pytest.fixture
def barbarossa(make_window, monkeypatch, tmp_path):
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    w = make_window(show=False)
    w.resize(1366, 768)
    w.show()
    copy = tmp_path / PACK.name
    shutil.copyfile(PACK, copy)
    assert w.open_path(copy)
    w.fit_map()
    return w


def _stacks(w):
    """(zone, rectangle in map units) of each chip and marker at the view's zoom (as
    drawn: the click margin of 1 px around them taken off)."""
    d = 1 / w.view.scale_factor()
    rects = w.scene.layers["units"].chip_rects(w.view.scale_factor())
    return [(zid, r.adjusted(d, d, -d, -d)) for zid, r in rects]


def _inside(w, zid, rect) -> bool:
    g = w.document.pack.map.zones[zid].geometry
    box = shapely.box(rect.left(), rect.top(), rect.right(), rect.bottom())
    return g.buffer(g.length * 1e-3).contains(box)


def _zoom(w, qtbot, factor):
    w.view.zoom_by(factor)
    qtbot.wait(30)


def test_at_fit_zoom_every_hex_with_units_shows_one_marker_inside_it(barbarossa, qtbot):
    w = barbarossa
    scn = w.scene.scenario
    hexes = w.scene.layers["hexes"].hex_ids()
    with_units = {u.zone for u in scn.units if u.zone in hexes}
    assert with_units
    syms = w.scene.symbols.get(w.view.scale_factor())
    assert {m[0] for m in syms.markers} | {u[0] for u in syms.units} >= with_units
    for zid, rect in _stacks(w):
        if zid in hexes:
            assert _inside(w, zid, rect), w.document.pack.map.zones[zid].code
    # the marker tells the strength: the units of the hex
    for zid, _x, _y, _side, strength, nation in syms.markers:
        here = [u for u in scn.units if u.zone == zid]
        assert strength == sum(u.count for u in here)
        assert nation in {u.nation for u in here}


@pytest.mark.parametrize("factor", [2.0, 4.0, 8.0])
def test_chips_and_markers_sit_inside_their_hex_when_zoomed_in(barbarossa, qtbot, factor):
    """#37: Warsaw 1339's chip sat on the 1439/1539 edge, a hex away."""
    w = barbarossa
    _zoom(w, qtbot, factor)
    hexes = w.scene.layers["hexes"].hex_ids()
    shown = [(zid, r) for zid, r in _stacks(w) if zid in hexes]
    assert shown
    for zid, rect in shown:
        assert _inside(w, zid, rect), w.document.pack.map.zones[zid].code
    if factor >= 8.0:  # room for the chips themselves
        assert w.scene.symbols.get(w.view.scale_factor()).units


def _edge_point(w, zid, rect) -> QPoint:
    """A pixel of the chip near its corner furthest from the hex's centre."""
    c = w.document.pack.map.zones[zid].geometry.centroid
    corners = [rect.topLeft(), rect.topRight(), rect.bottomLeft(), rect.bottomRight()]
    far = max(corners, key=lambda p: (p.x() - c.x) ** 2 + (p.y() - c.y) ** 2)
    inset = rect.center() + (far - rect.center()) * 0.8
    return w.view.mapFromScene(inset)


def test_a_click_on_a_hex_chip_selects_that_hex(barbarossa, qtbot):
    w = barbarossa
    warsaw = w.document.pack.map.zone_by_name("Warsaw")
    w.selection.set([("zone", warsaw.id)])
    w.zoom_to_selection()
    qtbot.wait(30)
    w.selection.set([])
    mine = [(zid, r) for zid, r in _stacks(w) if zid == warsaw.id]
    assert mine
    zid, rect = mine[0]
    at = _edge_point(w, zid, rect)
    assert w.view.viewport().rect().contains(at)
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert w.selection.zones() == [warsaw.id]


def test_in_play_mode_a_click_on_a_chip_picks_that_hexs_stack(barbarossa, qtbot):
    """The play tool asks the scene for the zone at the click: a chip there counts as its
    hex ("No army" was shown for the hex under the pointer)."""
    from editor.play import new_game
    from editor.play.newgame import NewGameDialog

    w = barbarossa
    dlg = NewGameDialog(w.document.pack, "barbarossa", w)
    dlg.seed.setValue(2)
    for n in ("AXIS", "SOV"):
        combo = dlg.seat_combo(n)
        combo.setCurrentIndex(combo.findData("human"))
    assert new_game(w, dlg)
    assert w.play.wait_until_started()
    qtbot.waitUntil(lambda: w.play.session.human_to_move, timeout=20_000)
    # the Tool Options bar names the play mode's tool
    bar = w.tool_control.services.options_bar()
    assert bar.findChild(QLabel, "toolOptionsTitle").text().strip() == "Play:"
    w.fit_map()
    _zoom(w, qtbot, 4.0)
    st = w.play.session.state
    axis = {u.zone for u in w.scene.scenario.units if u.nation == st.current_nation}
    hexes = w.scene.layers["hexes"].hex_ids()
    vp = w.view.viewport().rect()
    for zid, rect in _stacks(w):
        at = _edge_point(w, zid, rect)
        if zid in axis and zid in hexes and vp.contains(at):
            break
    else:
        w.play.centre_on(next(iter(axis & hexes)))
        qtbot.wait(30)
        zid, rect = next((z, r) for z, r in _stacks(w) if z in axis & hexes)
        at = _edge_point(w, zid, rect)
    assert w.scene.zone_at(QPointF(w.view.mapToScene(at))) == zid
    qtbot.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.waitUntil(lambda: w.play.source == zid, timeout=60_000)


def test_issue_markers_keep_off_the_hex_ids(barbarossa, qtbot):
    """#37: 60 info markers covered hex ids ("07ⓘ5"): on a hex they go to its lower
    right, under the id's row."""
    w = barbarossa
    _zoom(w, qtbot, 4.0)
    scale = w.view.scale_factor()
    geom = w.scene.geom
    hexes = w.scene.layers["hexes"].hex_ids()
    for zid in list(hexes)[:200]:
        x, y, dx, dy = w.scene.symbols.issue_marker(zid, scale)
        x0, y0, x1, y1 = geom.bounds[geom.index[zid]].tolist()
        h = (y1 - y0) * scale
        top = (y * scale + dy) - 8  # the marker's top edge (px)
        id_bottom = (y0 + y1) / 2 * scale - 0.26 * h + 9
        assert top > id_bottom
        assert _inside(w, zid, _rect(x + dx / scale, y + dy / scale, 16 / scale))


def _rect(x, y, d):
    from PySide6.QtCore import QRectF

    return QRectF(x - d / 2, y - d / 2, d, d)
