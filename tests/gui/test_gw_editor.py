"""The editor shows and edits what Global War adds to a map (issue #14): terrain areas,
rail and rivers, convoy values, facility level and damage, narrow crossings, roundel
points, city flags; edits go through gamecore ops and undo exactly; the Issues dock shows
the GW checks live."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from editor.app import apply_view_arguments
from editor.canvas import describe
from editor.canvas.layers import LAYERS
from gamecore.errors import WarroomError
from gamecore.store import write_pack

from .gw_pack import gw_pack


@pytest.fixture
def gw_path(tmp_path):
    path = tmp_path / "gw.warroom"
    write_pack(gw_pack(), path)
    return path


def _zone(window, code):
    return window.document.pack.map.zone_by_code(code)


def _render(scene, rect: QRectF, size: int = 240) -> QImage:
    img = QImage(size, size, QImage.Format.Format_ARGB32)
    img.fill(QColor("#000000"))
    p = QPainter(img)
    scene.render(p, QRectF(0, 0, size, size), rect)
    p.end()
    return img


def _differs(scene, key: str, rect: QRectF) -> bool:
    """Rendering ``rect`` with layer ``key`` shown differs from it hidden."""
    on = _render(scene, rect)
    scene.set_layer_visible(key, False)
    off = _render(scene, rect)
    scene.set_layer_visible(key, True)
    return on != off


def test_layers_for_global_war_data_are_drawn_and_toggled(window, gw_path):
    assert window.open_path(gw_path)
    scene = window.scene
    m = window.document.pack.map
    for key in ("terrain", "crossings", "roundels", "cities", "rail", "rivers", "convoy"):
        assert key in LAYERS and key in window.layers_panel.items
    # terrain areas (seeds/000 §1.7) tint and hatch the area
    area = next(a for a in m.terrain_areas.values() if a.terrain == "mountain")
    x0, y0, x1, y1 = area.geometry.bounds
    assert _differs(scene, "terrain", QRectF(x0, y0, x1 - x0, y1 - y0))
    # narrow crossings (§1.20): dotted line with its number
    wes, nor = _zone(window, "WES"), _zone(window, "NOR")
    mid = QPointF((wes.roundel[0] + nor.roundel[0]) / 2, (wes.roundel[1] + nor.roundel[1]) / 2)
    assert _differs(scene, "crossings", QRectF(mid.x() - 20, mid.y() - 20, 40, 40))
    # rail with ties (§1.14)
    rail = m.lines[10]
    (ax, ay), (bx, by) = rail.points[:2]
    rect = QRectF(min(ax, bx), min(ay, by), abs(bx - ax) + 1, abs(by - ay) + 1)
    assert _differs(scene, "rail", rect.adjusted(-5, -5, 5, 5))
    # a rail crossing stored on a border, between the zones' roundels
    nor, bri = _zone(window, "NOR"), _zone(window, "BRI")
    assert len(scene.layers["rail"].border_rails()) == 1
    (ax, ay), (bx, by) = nor.roundel, bri.roundel
    mid = QRectF((ax + bx) / 2 - 6, (ay + by) / 2 - 6, 12, 12)
    assert _differs(scene, "rail", mid)
    # the layers dock hides a layer
    item = window.layers_panel.items["terrain"]
    item.setCheckState(1, Qt.CheckState.Unchecked)
    assert not scene.layers["terrain"].isVisible()


def test_facility_badges_and_tooltips_name_level_and_damage(window, gw_path):
    """rules-notes/000 §1.11: a Major Port takes up to 5 damage."""
    assert window.open_path(gw_path)
    scene = window.scene
    m = window.document.pack.map
    port, base = m.facilities[1], m.facilities[4]
    layer = scene.layers["facilities"]
    assert layer.badge(port) == "2/5"
    assert layer.badge(base) == "L2"
    text = describe.facility_text(window.document.pack, port, scene.ruleset())
    assert text.startswith("Major port 2/5 dmg") and "serves 3" in text
    window.document.selection.set([("facility", port.id)])
    assert "Major port 2/5 dmg" in window.inspector.forms["facility"].header.text()
    assert (
        "maximum for this type: 5" in window.inspector.forms["facility"].widgets["damage"].toolTip()
    )
    # tooltips: terrain area, zone, crossing
    area = next(a for a in m.terrain_areas.values() if a.terrain == "mountain")
    p = area.geometry.representative_point()
    tip = scene.tooltip_at(QPointF(p.x, p.y), 1.0)
    assert "Mountain area in" in tip and "(land" in tip
    wes, nor = _zone(window, "WES"), _zone(window, "NOR")
    mid = QPointF((wes.roundel[0] + nor.roundel[0]) / 2, (wes.roundel[1] + nor.roundel[1]) / 2)
    assert "Narrow crossing Wessex – Normandy: 2" in scene.tooltip_at(mid, 1.0)
    assert describe.line_text(window.document.pack, m.lines[1]).endswith("FRA 2, UK 4")
    # §1.10: a convoy line whose land end an enemy holds is closed (marker and tooltip)
    from gamecore.ops import SetOwnership

    convoy = m.lines[1]
    path = scene.layers["convoy"].paths()[convoy.id][0]
    c = path.pointAtPercent(0.5)
    rect = QRectF(c.x() - 30, c.y() - 15, 60, 30)
    open_img = _render(scene, rect)
    window.push(SetOwnership("1939", [convoy.end], "owner", "GER"))  # GER at war with UK
    assert "closed (GER holds an end)" in describe.line_text(
        window.document.pack, convoy, scene.scenario
    )
    assert _render(scene, rect) != open_img
    window.undo()
    assert "broad gauge" in describe.line_text(window.document.pack, m.lines[11])


def test_inspector_edits_global_war_data_and_undo_restores_exactly(window, gw_path, qtbot):
    assert window.open_path(gw_path)
    doc = window.document
    before = copy.deepcopy(doc.pack)
    m = doc.pack.map
    # terrain area terrain
    aid = next(a.id for a in m.terrain_areas.values() if a.terrain == "desert")
    doc.selection.set([("terrain_area", aid)])
    assert window.inspector.kind == "terrain_area"
    form = window.inspector.forms["terrain_area"]
    assert "Desert area in Aquitaine" in form.header.text()
    form._commit(form.fields[0], "jungle")
    assert m.terrain_areas[aid].terrain == "jungle"
    # facility damage
    doc.selection.set([("facility", 3)])
    window.inspector.forms["facility"].widgets["damage"].setValue(4)
    assert m.facilities[3].damage == 4
    # convoy values per nation
    doc.selection.set([("line", 1)])
    line_form = window.inspector.forms["line"]
    line_form._text_commit(next(f for f in line_form.fields if f.name == "values"), "UK=5, FRA=1")
    assert m.lines[1].values == {"UK": 5, "FRA": 1}
    # zone roundel
    pro = _zone(window, "PRO")
    doc.selection.set([("zone", pro.id)])
    zf = window.inspector.zone_form
    zf._text_commit(next(f for f in zf.fields if f.name == "roundel"), "700, 560")
    assert pro.roundel == (700.0, 560.0)
    assert doc.undo_stack.count() == 4
    for _ in range(4):
        window.undo()
    assert doc.pack == before
    for _ in range(4):
        window.redo()
    assert m.terrain_areas[aid].terrain == "jungle" and pro.roundel == (700.0, 560.0)


def test_issues_dock_shows_global_war_checks_live_and_fixes_them(window, gw_path, qtbot):
    """seeds/000 §1.7: the zone takes the terrain of the area under its roundel."""
    assert window.open_path(gw_path)
    window.validation.wait(30_000)
    qtbot.wait(50)

    def gw_codes():
        return {(i.code, tuple(i.zones)) for i in window.issues_panel.model.issues}

    aqu = _zone(window, "AQU")
    assert ("GW002", (aqu.id,)) not in gw_codes()
    # move Aquitaine's roundel into its desert: the zone's terrain is now wrong
    area = next(a for a in window.document.pack.map.terrain_areas.values() if a.zone == aqu.id)
    p = area.geometry.representative_point()
    from gamecore.ops import SetZoneAttrs

    window.push(SetZoneAttrs([aqu.id], "roundel", (p.x, p.y)))
    qtbot.waitUntil(lambda: ("GW002", (aqu.id,)) in gw_codes(), timeout=30_000)
    issue = next(
        i for i in window.issues_panel.model.issues if i.code == "GW002" and i.zones == [aqu.id]
    )
    window.fix_issue(issue)
    assert aqu.terrain == "desert"
    qtbot.waitUntil(lambda: ("GW002", (aqu.id,)) not in gw_codes(), timeout=30_000)


def test_view_arguments_scenario_layers_and_zoom(window, gw_path):
    assert window.open_path(gw_path)
    window.fit_map()
    before = window.view.scale_factor()

    class Args:
        scenario = "1939"
        hide_layers = "units,roundels"
        zoom_to = "WES"

    apply_view_arguments(window, Args)
    assert not window.scene.layers["roundels"].isVisible()
    assert window.view.scale_factor() > before
    Args.hide_layers, Args.zoom_to = "nope", None
    with pytest.raises(WarroomError, match="unknown layer 'nope'"):
        apply_view_arguments(window, Args)
    Args.hide_layers, Args.scenario = None, "x"
    with pytest.raises(WarroomError, match="no such scenario"):
        apply_view_arguments(window, Args)
