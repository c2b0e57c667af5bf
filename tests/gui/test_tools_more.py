"""The authoring tools the walkthrough does not reach (issue #6): reshape a border,
rail (with gauge) and river lines, placement drags and auto-place, the new-map wizards."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from shapely.geometry import Point

from editor.demo import blank_pack
from editor.document import Document
from editor.wizards import blank_map_pack, hex_map_pack, image_map_pack
from gamecore.errors import WarroomError
from gamecore.geometry import Coverage

from .test_tools import by_code, check, click, drag, key, polyline


@pytest.fixture
def two_zones(window, qtbot):
    window._set_document(Document(blank_pack(), title="t"))
    window.view.fit_map()
    window.set_tool("draw_zone")
    polyline(qtbot, window, [(100, 100), (300, 100), (300, 300), (100, 300)])
    polyline(qtbot, window, [(300, 100), (500, 100), (500, 300), (300, 300)])
    return window


def test_reshape_moves_area_from_one_zone_to_the_other(qtbot, two_zones):
    w = two_zones
    m = w.document.pack.map
    a, b = by_code(m, "L2"), by_code(m, "L3")
    before = m.zones[a].geometry.area  # about 200 x 200 (clicks land on whole pixels)
    total = before + m.zones[b].geometry.area
    w.set_tool("reshape")
    polyline(qtbot, w, [(300, 150), (350, 200), (300, 250)])
    cov = check(m)
    assert b in cov.neighbours(a), w.statusBar().currentMessage()
    assert m.zones[a].geometry.area == pytest.approx(before + 50 * 100 / 2, rel=0.01)
    assert m.zones[a].geometry.area + m.zones[b].geometry.area == pytest.approx(total)
    w.document.undo_stack.undo()
    assert m.zones[a].geometry.area == before


def test_reshape_refuses_a_line_off_the_border(qtbot, two_zones):
    w = two_zones
    m = w.document.pack.map
    before = {z: v.geometry for z, v in m.zones.items()}
    steps = w.document.undo_stack.count()
    w.set_tool("reshape")
    polyline(qtbot, w, [(200, 200), (250, 250)])
    assert {z: v.geometry for z, v in m.zones.items()} == before
    assert w.document.undo_stack.count() == steps
    assert "border" in w.statusBar().currentMessage()


def test_rail_and_river_lines_are_one_undo_step_each(qtbot, two_zones):
    w = two_zones
    m = w.document.pack.map
    w.set_tool("rail")
    polyline(qtbot, w, [(150, 200), (450, 200)])
    (rail,) = [ln for ln in m.lines.values() if ln.kind == "rail"]
    assert rail.gauge == "standard" and len(rail.points) == 2
    w.set_tool("river")
    polyline(qtbot, w, [(300, 120), (300, 280)])
    (river,) = [ln for ln in m.lines.values() if ln.kind == "river"]
    assert len(river.points) >= 2
    w.document.undo_stack.undo()
    assert [ln.kind for ln in m.lines.values()] == ["rail"]
    key(qtbot, w, Qt.Key.Key_Escape)


def test_placement_drag_and_auto_place(qtbot, two_zones):
    w = two_zones
    m = w.document.pack.map
    a = by_code(m, "L2")
    z = m.zones[a]
    w.document.selection.set([("zone", a)])  # placement handles the selected zones' points
    w.set_tool("placement")
    label = z.label
    assert label is not None
    drag(qtbot, w, label, (150, 150))
    assert z.label == pytest.approx((150, 150), abs=2)
    drag(qtbot, w, z.label, (700, 150))  # outside the zone: refused
    assert z.label == pytest.approx((150, 150), abs=2)
    w.document.selection.set([("zone", a)])
    w.tool.auto_place()
    assert z.slots and all(z.geometry.covers(Point(p)) for p in z.slots)
    assert z.geometry.covers(Point(z.label))


def test_new_map_wizards(tmp_path):
    blank = blank_map_pack(800, 500)
    assert [z.kind for z in blank.map.zones.values()] == ["sea"]
    assert Coverage.from_map(blank.map).is_valid()
    hexes = hex_map_pack(3, 4, 20.0, "pointy")
    land = [z for z in hexes.map.zones.values() if z.kind == "land"]
    assert len(land) == 12 and Coverage.from_map(hexes.map).is_valid()
    with pytest.raises(WarroomError):
        blank_map_pack(0, 10)
    with pytest.raises(WarroomError):
        hex_map_pack(0, 4, 20.0)
    from PIL import Image

    img = tmp_path / "bg.png"
    Image.new("RGB", (300, 200), "white").save(img)
    pack = image_map_pack(img)
    assert (pack.map.width, pack.map.height) == (300, 200) and len(pack.map.images) == 1
    bad = tmp_path / "bad.png"
    bad.write_text("not an image")
    with pytest.raises(WarroomError, match="bad.png"):
        image_map_pack(bad)


def test_tool_shortcuts_switch_tools(qtbot, two_zones):
    w = two_zones
    for name, shortcut in (("reshape", "R"), ("rail", "T"), ("river", "I"), ("placement", "Q")):
        w.tool_actions[name].trigger()
        assert w.tool.name == name
        assert w.tool_actions[name].shortcut().toString() == shortcut
    click(qtbot, w, 10, 10)  # harmless


def test_vertex_coordinates_typed_exactly(qtbot, two_zones):
    w = two_zones
    m = w.document.pack.map
    a, b = by_code(m, "L2"), by_code(m, "L3")
    w.set_tool("vertices")
    cov = Coverage.from_map(m)
    corner = cov.snap((300, 100), 3).point  # shared by the sea, a and b
    click(qtbot, w, *corner)
    assert w.tool.selected == [corner]
    assert w.tool.x_box.isEnabled() and w.tool.x_box.value() == pytest.approx(corner[0], abs=1e-3)
    w.tool.x_box.setValue(320.5)
    w.tool.y_box.setValue(90.25)
    w.tool.set_button.click()
    cov = check(m)
    assert (320.5, 90.25) in cov._vindex and len(cov.zones_at((320.5, 90.25))) == 3
    assert b in cov.neighbours(a)
    w.document.undo_stack.undo()
    assert corner in Coverage.from_map(m)._vindex
