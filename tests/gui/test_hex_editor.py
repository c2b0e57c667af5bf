"""The editor on hex maps (issue #28): hex ids on the map with level of detail, the Hex
Paint tool (one undo step per stroke, undo restores the exact pack), the Hexside tool
(roads, all-sea, rivers, crossing arrows) and the HGW layout of the New Map wizard.
Real mouse and key events on the view (pytest-qt)."""

from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt, QTimer

from editor.document import Document
from editor.wizards import NewMapDialog, hex_map_pack
from gamecore.errors import WarroomError
from gamecore.geometry import Coverage, HexLayout
from gamecore.geometry.adjacency import map_adjacency
from gamecore.hgw.newmap import hgw_hex_map_pack
from gamecore.ops.hexsides import SetZoneProp
from gamecore.validate import validate

L = Qt.MouseButton.LeftButton
NO = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def vp(window, x, y):
    return window.view.mapFromScene(QPointF(x, y))


def centre(pack, code):
    z = pack.map.zone_by_code(code)
    assert z is not None, code
    c = z.geometry.centroid
    return c.x, c.y


def zone(pack, code):
    return pack.map.zone_by_code(code)


def click(qtbot, window, x, y, mod=NO):
    qtbot.mouseClick(window.view.viewport(), L, mod, vp(window, x, y))


def stroke(qtbot, window, points):
    v = window.view.viewport()
    qtbot.mousePress(v, L, NO, vp(window, *points[0]))
    for p in points[1:]:
        qtbot.mouseMove(v, vp(window, *p))
    qtbot.mouseRelease(v, L, NO, vp(window, *points[-1]))


@pytest.fixture
def hexwin(window):
    pack = hgw_hex_map_pack(6, 10, 20.0, first_row=11, first_col=38)
    pack.map.zone_by_code("1644").kind = "sea"
    window._set_document(Document(pack, title="hex"))
    window.view.fit_map()
    return window


def test_hgw_layout_ids_and_adjacency_follow_the_rulebook():
    pack = hgw_hex_map_pack(11, 12, 10.0, first_row=9, first_col=33)
    m = pack.map
    assert Coverage.from_map(m).is_valid()
    assert m.props["hex"]["layout"] == "odd-r" and m.props["hex"]["rows"] == [9, 19]
    adj = map_adjacency(m)
    ids = {z.code: z.id for z in m.zones.values()}
    # seeds/001 examples of adjacent hexes (HGW-CONTRACT)
    for a, b in (("1141", "1241"), ("1838", "1937"), ("1337", "1238"), ("1240", "1339")):
        assert ids[b] in adj[ids[a]], (a, b)
    assert ids["1240"] not in adj[ids["1141"]]
    z = m.zones[ids["1144"]]
    assert z.props["hex"] == [11, 44] and z.kind == "land" and z.terrain == "clear"
    # a 3-digit column: "RRCCC"
    wide = hgw_hex_map_pack(1, 3, 10.0, first_row=15, first_col=106)
    assert [z.code for z in wide.map.zones.values()] == ["15106", "15107", "15108"]


def test_hgw_layout_wraps_east_west_with_seam_links():
    """The wizard's wrap is the generator's (issue #28): whole hexes, and the hexes that
    neighbour across the seam are joined by connection links, not cut seam hexes on a
    wrap_x map."""
    pack = hgw_hex_map_pack(4, 6, 10.0, first_row=1, first_col=1, wrap=True)
    m = pack.map
    assert not m.wrap_x and m.props["hex"]["wrap_cols"] == 6
    assert all(z.geometry.geom_type == "Polygon" for z in m.zones.values())
    layout = HexLayout.from_props(m.props["hex"])
    for z in m.zones.values():
        assert z.geometry.equals(layout.polygon(*z.props["hex"])), z.code
    assert Coverage.from_map(m).is_valid()
    ids = {z.code: z.id for z in m.zones.values()}
    seams = {frozenset((ln.a, ln.b)) for ln in m.links.values()}
    assert all(ln.kind == "connection" and ln.props == {"wrap": True} for ln in m.links.values())
    assert seams == {
        frozenset((ids[layout.code(*a)], ids[layout.code(*b)])) for a, b in layout.seam_pairs()
    }
    adj = map_adjacency(m)
    # row 1 is odd (shifted right): 0106's east neighbours are column 1 again
    assert {ids["0101"], ids["0201"]} <= adj[ids["0106"]]
    # row 2 is even: 0201's west neighbours are column 6
    assert {ids["0206"], ids["0106"], ids["0306"]} <= adj[ids["0201"]]
    # and nothing else joins the two edges
    assert ids["0203"] not in adj[ids["0106"]]


WIZARD_MAPS = {
    "flat CCRR": lambda: hex_map_pack(7, 9, 20.0, "flat"),
    "pointy CCRR": lambda: hex_map_pack(7, 9, 20.0, "pointy"),
    "HGW RRCC": lambda: hgw_hex_map_pack(7, 9, 20.0, first_row=9, first_col=36),
    "HGW RRCC wrapped": lambda: hgw_hex_map_pack(7, 9, 20.0, first_row=9, first_col=36, wrap=True),
    "HGW one wrapped row": lambda: hgw_hex_map_pack(1, 3, 20.0, wrap=True),
    "HGW 3-digit columns wrapped": lambda: hgw_hex_map_pack(
        4, 12, 20.0, first_row=15, first_col=100, wrap=True
    ),
}


@pytest.mark.parametrize("name", list(WIZARD_MAPS))
def test_a_fresh_wizard_hex_map_validates_clean(name):
    pack = WIZARD_MAPS[name]()
    report = validate(pack)
    assert report.counts["error"] == 0 and report.counts["warning"] == 0, [
        (i.code, i.message) for i in report.issues[:5]
    ]


def test_wizard_refuses_a_wrap_narrower_than_three_columns_in_one_line():
    with pytest.raises(WarroomError, match="new hex map: wrap_cols 2"):
        hgw_hex_map_pack(3, 2, 20.0, wrap=True)
    with pytest.raises(WarroomError, match="new hex map: hex grid rows"):
        hgw_hex_map_pack(10, 4, 20.0, first_row=95)


def test_new_map_dialog_makes_a_wrapped_hgw_map_that_validates_clean(qtbot, window, monkeypatch):
    """File > New Map… through the dialog with real clicks: the HGW layout, wrapped."""
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from editor import wizards

    monkeypatch.setattr(window, "maybe_save", lambda: True)
    seen = []

    def fill():
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, NewMapDialog)
        dialog.kind.setCurrentIndex(1)
        hgw = next(t for t, v in dialog.layouts.items() if getattr(v, "key", v) == "hgw")
        dialog.orientation.setCurrentText(hgw)
        for box, value in (
            (dialog.rows, 6),
            (dialog.cols, 8),
            (dialog.fields["first_row"], 11),
            (dialog.fields["first_col"], 38),
        ):
            box.lineEdit().selectAll()
            qtbot.keyClicks(box.lineEdit(), str(value))
            box.interpretText()
        qtbot.mouseClick(
            dialog.fields["wrap"], L, pos=QPoint(6, dialog.fields["wrap"].height() // 2)
        )
        seen.append(dialog.fields["wrap"].isChecked())
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, L)

    QTimer.singleShot(50, fill)
    assert wizards.new_map(window)
    assert seen == [True]
    m = window.document.pack.map
    assert m.props["hex"]["wrap_cols"] == 8 and m.props["hex"]["rows"] == [11, 16]
    assert m.zone_by_code("1138") is not None and m.zone_by_code("1645") is not None
    assert any(ln.props.get("wrap") for ln in m.links.values())
    report = validate(window.document.pack)
    assert report.counts["error"] == 0 and report.counts["warning"] == 0
    # the ids are drawn and Hex Paint paints the hexes at both ends of the seam
    window.view.fit_map()
    assert window.scene.layers["hexes"].hex_ids() == frozenset(m.zones)
    window.set_tool("hex_paint")
    window.tool.brush_combo.setCurrentText("terrain")
    window.tool.value_combo.setCurrentText("swamp")
    click(qtbot, window, *centre(window.document.pack, "1245"))
    click(qtbot, window, *centre(window.document.pack, "1238"))
    assert {z.code for z in m.zones.values() if z.terrain == "swamp"} == {"1245", "1238"}


def test_new_map_dialog_offers_the_hgw_layout(qtbot):
    dialog = NewMapDialog()
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentIndex(1)
    assert not dialog.fields["first_row"].isEnabled()
    hgw = next(t for t, v in dialog.layouts.items() if getattr(v, "key", v) == "hgw")
    dialog.orientation.setCurrentText(hgw)
    assert dialog.fields["first_row"].isEnabled() and dialog.fields["wrap"].isEnabled()
    dialog.rows.setValue(3)
    dialog.cols.setValue(4)
    dialog.fields["first_row"].setValue(11)
    dialog.fields["first_col"].setValue(40)
    pack = dialog.pack()
    assert [z.code for z in pack.map.zones.values()][:5] == ["1140", "1141", "1142", "1143", "1240"]
    flat = next(t for t, v in dialog.layouts.items() if v == "flat")
    dialog.orientation.setCurrentText(flat)
    assert next(iter(dialog.pack().map.zones.values())).code == "0101"  # CCRR stays


def test_paint_stroke_is_one_undo_step_and_undo_restores_the_pack(qtbot, hexwin):
    w = hexwin
    pack = w.document.pack
    before = copy.deepcopy(pack.map)
    steps = w.document.undo_stack.count()
    w.set_tool("hex_paint")
    assert w.tool_actions["hex_paint"].shortcut().toString() == "X"
    w.tool.brush_combo.setCurrentText("terrain")
    w.tool.value_combo.setCurrentText("mountain")
    # a drag along row 13 with only two moves: every hex under the path is painted
    stroke(qtbot, w, [centre(pack, "1339"), centre(pack, "1342"), centre(pack, "1346")])
    painted = {z.code for z in pack.map.zones.values() if z.terrain == "mountain"}
    assert painted == {f"13{c}" for c in range(39, 47)}
    assert w.document.undo_stack.count() == steps + 1
    assert "Paint terrain mountain (8 hexes)" in w.statusBar().currentMessage()
    # a second stroke over the same hexes is a step of its own (never merged)
    w.tool.value_combo.setCurrentText("swamp")
    stroke(qtbot, w, [centre(pack, "1339"), centre(pack, "1346")])
    assert w.document.undo_stack.count() == steps + 2
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert zone(pack, "1340").terrain == "mountain"
    qtbot.keyClick(w.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert pack.map == before


def test_brushes_paint_country_production_garrison_coastal(qtbot, hexwin):
    w = hexwin
    pack = w.document.pack
    before = copy.deepcopy(pack.map)
    w.set_tool("hex_paint")
    tool = w.tool
    tool.brush_combo.setCurrentText("production")
    tool.value_combo.setCurrentText("3")
    stroke(qtbot, w, [centre(pack, "1240"), centre(pack, "1241")])
    assert zone(pack, "1240").value == zone(pack, "1241").value == 3
    tool.brush_combo.setCurrentText("country")
    tool.value_combo.setCurrentText("USSR")
    click(qtbot, w, *centre(pack, "1144"))
    assert zone(pack, "1144").region == "USSR"
    tool.brush_combo.setCurrentText("garrison")
    tool.value_combo.setCurrentText("off")
    click(qtbot, w, *centre(pack, "1144"))
    assert zone(pack, "1144").props == {"hex": [11, 44], "garrison": 0}
    tool.brush_combo.setCurrentText("coastal")
    tool.value_combo.setCurrentText("on")
    click(qtbot, w, *centre(pack, "1543"))
    assert "coastal" in zone(pack, "1543").flags
    assert w.document.undo_stack.undoText() == "Paint coastal on (1 hex)"
    # land brushes leave a sea hex alone
    tool.brush_combo.setCurrentText("terrain")
    tool.value_combo.setCurrentText("desert")
    steps = w.document.undo_stack.count()
    click(qtbot, w, *centre(pack, "1644"))
    assert zone(pack, "1644").terrain == "clear" and w.document.undo_stack.count() == steps
    while w.document.undo_stack.canUndo():
        w.document.undo_stack.undo()
    assert pack.map == before


def _edge_point(pack, a, b, t=0.85):
    """A point inside hex ``a``, ``t`` of the way from its centre to ``b``'s."""
    (ax, ay), (bx, by) = centre(pack, a), centre(pack, b)
    return ax + (bx - ax) * t / 2, ay + (by - ay) * t / 2


def test_hexside_tool_toggles_road_all_sea_river_and_crossing_arrow(qtbot, hexwin):
    w = hexwin
    pack = w.document.pack
    before = copy.deepcopy(pack.map)
    a, b = zone(pack, "1241").id, zone(pack, "1242").id
    key = (min(a, b), max(a, b))
    w.set_tool("hexside")
    assert w.tool_actions["hexside"].shortcut().toString() == "G"
    qtbot.mouseMove(w.view.viewport(), vp(w, *_edge_point(pack, "1241", "1242")))
    assert w.tool.hovered == key
    click(qtbot, w, *_edge_point(pack, "1241", "1242"))
    assert pack.map.borders[key].props == {"road": True}
    click(qtbot, w, *_edge_point(pack, "1242", "1241"))  # from the other side: off again
    assert key not in pack.map.borders
    w.tool.feature_combo.setCurrentText("all_sea")
    click(qtbot, w, *_edge_point(pack, "1241", "1242"))
    assert pack.map.borders[key].props == {"all_sea": True}
    w.tool.feature_combo.setCurrentText("river")
    click(qtbot, w, *_edge_point(pack, "1241", "1242"))
    assert pack.map.borders[key].river
    # Shift+click: a crossing arrow between the two land hexes
    click(qtbot, w, *_edge_point(pack, "1241", "1242"), SHIFT)
    arrows = [ln for ln in pack.map.links.values() if ln.props.get("crossing_arrow")]
    assert len(arrows) == 1 and {arrows[0].a, arrows[0].b} == {a, b}
    assert arrows[0].kind == "strait"
    assert w.document.undo_stack.undoText() == "Add crossing arrow 1241–1242"
    click(qtbot, w, *_edge_point(pack, "1242", "1241"), SHIFT)  # again: removed
    assert not any(ln.props.get("crossing_arrow") for ln in pack.map.links.values())
    w.document.undo_stack.undo()
    assert len(pack.map.links) == 1
    # a click in the middle of a hex is no hexside: nothing changes
    steps = w.document.undo_stack.count()
    click(qtbot, w, *centre(pack, "1241"))
    assert w.document.undo_stack.count() == steps
    while w.document.undo_stack.canUndo():
        w.document.undo_stack.undo()
    assert pack.map == before


def _grab(window, code):
    window.scene.flush_repaints()
    window.view.viewport().repaint()
    img = window.view.viewport().grab().toImage()
    x, y = centre(window.document.pack, code)
    p = vp(window, x, y)
    return img.copy(QRect(p.x() - 30, p.y() - 40, 60, 30))  # the top of the hex


def test_hex_ids_are_drawn_and_toggled_from_the_view_menu(qtbot, hexwin):
    w = hexwin
    layer = w.scene.layers["hexes"]
    x, y = centre(w.document.pack, "1342")
    w.view.zoom_to(w.scene.geom.rect(zone(w.document.pack, "1342").id).adjusted(-60, -60, 60, 60))
    qtbot.wait(20)
    shown = w.view.mapToScene(w.view.viewport().rect()).boundingRect()
    assert len(layer.visible(shown, w.view.scale_factor())) > 0
    with_ids = _grab(w, "1342")
    w.act_hex_ids.trigger()  # View > Hex Ids (Ctrl+Shift+I)
    assert not layer.isVisible()
    assert w.layers_panel.items["hexes"].checkState(1) == Qt.CheckState.Unchecked
    without = _grab(w, "1342")
    assert with_ids != without
    # the Layers dock shows it again, and the View menu follows
    w.layers_panel.items["hexes"].setCheckState(1, Qt.CheckState.Checked)
    assert layer.isVisible() and w.act_hex_ids.isChecked()
    assert _grab(w, "1342") == with_ids


def test_hex_ids_level_of_detail(qtbot, window):
    pack = hgw_hex_map_pack(48, 112, 10.0)
    window._set_document(Document(pack, title="big"))
    window.view.fit_map()
    layer = window.scene.layers["hexes"]
    scale = window.view.scale_factor()
    everything = window.scene.geom.frame
    # the whole map on screen: hexes a few pixels wide, no id is drawn
    assert 20 * scale < 26 and layer.visible(everything, scale) == []
    # zoomed in: only the hexes in the rectangle shown
    shown = QPointF(200, 200)
    from PySide6.QtCore import QRectF

    rect = QRectF(shown, shown + QPointF(100, 80))
    rows = layer.visible(rect, 4.0)
    assert 0 < len(rows) < 200


def test_hex_tools_leave_a_zone_map_alone(qtbot, window):
    from editor.demo import blank_pack

    window._set_document(Document(blank_pack(), title="zones"))
    window.view.fit_map()
    pack = window.document.pack
    before = copy.deepcopy(pack.map)
    window.set_tool("hex_paint")
    z = next(iter(pack.map.zones.values()))
    c = z.geometry.representative_point()
    click(qtbot, window, c.x, c.y)
    assert pack.map == before and not window.document.undo_stack.canUndo()
    assert "hex map" in window.statusBar().currentMessage()
    assert window.scene.layers["hexes"].hex_ids() == frozenset()


def test_inspector_shows_and_edits_coastal_and_the_garrison_override(qtbot, hexwin):
    """Issue #28: "coastal" is a zone flag the Inspector knows, and on a hex map the
    Inspector shows the garrison override and edits it through SetZoneProp."""
    w = hexwin
    pack = w.document.pack
    before = copy.deepcopy(pack.map)
    w.set_tool("select")
    click(qtbot, w, *centre(pack, "1342"))
    form = w.inspector.zone_form
    assert w.inspector.kind == "zone" and "1342" in form.header.text()
    coastal = form.widgets["flag:coastal"]
    garrison = form.widgets["prop:garrison"]
    assert form.form.isRowVisible(garrison) and form.form.isRowVisible(coastal)
    assert garrison.currentText() == "default (by terrain)"
    qtbot.mouseClick(coastal, L, pos=QPoint(6, coastal.height() // 2))
    assert zone(pack, "1342").flags == ["coastal"]
    # the garrison combo with the keyboard: default -> 1 -> 0
    garrison.setFocus()
    qtbot.keyClick(garrison, Qt.Key.Key_Down)
    assert zone(pack, "1342").props == {"hex": [13, 42], "garrison": 1}
    qtbot.keyClick(garrison, Qt.Key.Key_Down)
    assert zone(pack, "1342").props == {"hex": [13, 42], "garrison": 0}
    assert w.document.undo_stack.undoText().startswith("Set garrison of")
    # an edit made elsewhere (the Hex Paint garrison brush makes this one) shows too
    zone_id = zone(pack, "1342").id
    w.document.push(SetZoneProp([zone_id], "prop:garrison", None))
    assert garrison.currentText() == "default (by terrain)"
    while w.document.undo_stack.canUndo():
        w.document.undo_stack.undo()
    assert pack.map == before


def test_inspector_hides_the_garrison_override_on_a_zone_map(qtbot, window):
    from editor.demo import blank_pack

    window._set_document(Document(blank_pack(), title="zones"))
    window.view.fit_map()
    z = next(iter(window.document.pack.map.zones.values()))
    window.document.selection.set([("zone", z.id)])
    form = window.inspector.zone_form
    assert window.inspector.kind == "zone"
    assert not form.form.isRowVisible(form.widgets["prop:garrison"])
    assert form.form.isRowVisible(form.widgets["flag:coastal"])


def test_wrap_seam_links_are_drawn_as_stubs_off_the_edges_not_across_the_map(qtbot, window):
    """A wrapped hex map's seam links (issue #28) are two short arrows leaving the map's
    west and east edges: a line from one edge to the other would cross every hex."""
    pack = hgw_hex_map_pack(4, 8, 20.0, first_row=11, first_col=38, wrap=True)
    window._set_document(Document(pack, title="wrapped"))
    window.view.fit_map()
    layer = window.scene.layers["links"]
    m = pack.map
    bounds = HexLayout.from_props(m.props["hex"]).polygon(11, 38).bounds
    hex_w = bounds[2] - bounds[0]
    link = next(
        ln
        for ln in m.links.values()
        if {m.zones[ln.a].code, m.zones[ln.b].code} == {"1138", "1145"}
    )
    pieces = layer.pieces(link, window.view.scale_factor())
    assert len(pieces) == 2
    for (tail, head, _), code, outward in zip(pieces, ("1138", "1145"), (-1, 1), strict=True):
        cx, cy = centre(pack, code)
        assert abs(tail.x() - cx) < hex_w and abs(head.x() - cx) < hex_w
        assert (head.x() - tail.x()) * outward > 0  # towards the edge it lies on
    # a click on the stub picks the link; the middle of the map picks none
    tail, head, _ = pieces[0]
    mid = (tail + head) / 2
    assert layer.hit(mid, window.view.scale_factor()) == ("link", link.id)
    assert layer.hit(QPointF(*centre(pack, "1242")), window.view.scale_factor()) is None
    # the adjacency overlay draws the same stubs
    from editor.canvas.adjacency import toggle_adjacency_overlay

    overlay = toggle_adjacency_overlay(window, True)
    longest = max(ln.length() for ln, kind in overlay.edges() if kind == "connection")
    assert longest < hex_w


def test_hexside_tool_and_layer_work_across_the_wrap_seam(qtbot, window):
    """On a wrapped hex map the hexside at the west edge of 0201 is the one it shares
    with 0206 across the seam (issue #28): the Hexside tool toggles a road there, the
    layer draws it at both edges of the map, and the map validates clean."""
    pack = hgw_hex_map_pack(4, 6, 20.0, wrap=True)
    window._set_document(Document(pack, title="wrapped"))
    window.view.fit_map()
    m = pack.map
    a, b = zone(pack, "0201").id, zone(pack, "0206").id
    key = (min(a, b), max(a, b))
    layer = window.scene.layers["hexsides"]
    segs = layer.segments(a, b)
    assert len(segs) == 2  # the hexside at the west edge and its twin at the east edge
    west_x = zone(pack, "0201").geometry.bounds[0]
    east_x = zone(pack, "0206").geometry.bounds[2]
    assert sorted({round(p.x(), 6) for p, _, _, _ in segs}) == [
        pytest.approx(west_x),
        pytest.approx(east_x),
    ]
    assert all(p.x() == pytest.approx(q.x()) for p, q, _, _ in segs)  # vertical sides
    assert layer.segments(a, zone(pack, "0203").id) == []  # not neighbours at all
    window.set_tool("hexside")
    cx, cy = centre(pack, "0201")
    hex_w = 20.0 * 3**0.5
    west = (cx - 0.42 * hex_w, cy)
    qtbot.mouseMove(window.view.viewport(), vp(window, *west))
    assert window.tool.hovered == key
    click(qtbot, window, *west)
    assert m.borders[key].props == {"road": True}
    assert window.document.undo_stack.undoText() == "Add road on 1 hexside"
    report = validate(pack)
    assert report.counts["error"] == 0 and report.counts["warning"] == 0
    # the road shows at the east edge too (beside 0206)
    ex, ey = centre(pack, "0206")
    before = _grab_at(window, ex + 0.45 * hex_w, ey)
    window.document.undo_stack.undo()
    assert key not in m.borders
    assert _grab_at(window, ex + 0.45 * hex_w, ey) != before
    # a click by the seam from the east side toggles the same hexside
    click(qtbot, window, ex + 0.42 * hex_w, ey)
    assert m.borders[key].props == {"road": True}
    # Shift+click there: a crossing arrow across the seam, drawn as two stubs off the
    # edges like the seam links (not a line over the whole map)
    click(qtbot, window, ex + 0.42 * hex_w, ey, SHIFT)
    arrow = next(ln for ln in m.links.values() if ln.props.get("crossing_arrow"))
    assert {arrow.a, arrow.b} == {a, b}
    stubs = window.scene.layers["links"].pieces(arrow, window.view.scale_factor())
    assert len(stubs) == 2 and all(abs(t.x() - h.x()) < hex_w for t, h, _ in stubs)


def _grab_at(window, x, y):
    window.scene.flush_repaints()
    window.view.viewport().repaint()
    img = window.view.viewport().grab().toImage()
    p = vp(window, x, y)
    return img.copy(QRect(p.x() - 6, p.y() - 6, 12, 12))
