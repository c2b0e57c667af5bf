"""Zone names follow split and merge (issue #37, item 8 "stale state"): after a split or
a merge made with real mouse clicks and keys, and after its undo and redo, each name is
drawn where the placement of the map as it now is puts it, at the zones' new label
points."""

from __future__ import annotations

import math

from PySide6.QtCore import Qt

from editor.canvas.symbols import Placer
from editor.demo import demo_pack
from editor.document import Document
from tests.gui.test_tools import click, key, polyline


def _drawn(w) -> dict[int, tuple[float, float]]:
    """Where the labels layer draws each zone name at the view's zoom."""
    t = w.view.transform()
    placed = w.view.scene().symbols.get(math.hypot(t.m11(), t.m12()))
    return {zid: (round(x, 3), round(y, 3)) for zid, x, y in placed.names}


def _fresh(w) -> dict[int, tuple[float, float]]:
    """The names placed from scratch for the pack as it is now."""
    t = w.view.transform()
    placed = Placer(w.view.scene())._compute(math.hypot(t.m11(), t.m12()))
    return {zid: (round(x, 3), round(y, 3)) for zid, x, y in placed.names}


def _same_as_fresh(w, drawn, zones) -> None:
    """The names of ``zones`` are where a placement from scratch puts them (to a
    fraction of a pixel: the placer's partial update may round differently)."""
    fresh = _fresh(w)
    for zid in zones:
        assert (zid in drawn) == (zid in fresh), zid
        if zid in drawn:
            assert math.dist(drawn[zid], fresh[zid]) < 0.5, zid


def test_names_move_with_a_split_and_a_merge_and_back_on_undo(qtbot, window):
    w = window
    w._set_document(Document(demo_pack(), title="t"))
    qtbot.wait(50)  # the docks settle; then fit (names are placed per zoom level)
    w.view.fit_map()
    m = w.document.pack.map
    par = m.zone_by_code("PAR").id
    before = _drawn(w)
    old_label = m.zones[par].label
    assert before[par][0] == round(old_label[0], 3)  # centred over its label point
    # cut Paris a little east of its name, top to bottom: the name's old point stays in
    # the piece the zone keeps, right beside the cut
    x0, y0, x1, y1 = m.zones[par].geometry.bounds
    cut = old_label[0] + 0.08 * (x1 - x0)
    w.set_tool("split")
    polyline(qtbot, w, [(cut, y0 - 5), (cut, y1 + 5)])
    new = max(m.zones)
    assert m.zones[new].code.startswith("PAR-"), w.statusBar().currentMessage()
    split = _drawn(w)
    assert m.zones[par].label != old_label
    assert split[par][0] == round(m.zones[par].label[0], 3) != round(old_label[0], 3)
    assert abs(split[par][0] - cut) > abs(old_label[0] - cut)  # away from the cut
    _same_as_fresh(w, split, {par, new})
    # undo: the old places come back; redo: the new ones
    stack = w.document.undo_stack
    stack.undo()
    assert _drawn(w) == before
    stack.redo()
    assert _drawn(w) == split
    # merge the two pieces again (clicks, Enter): one name, in the middle of the whole
    w.set_tool("merge")
    lx, ly = m.zones[par].label
    nx, ny = m.zones[new].label
    click(qtbot, w, lx, ly)
    click(qtbot, w, nx, ny)
    key(qtbot, w, Qt.Key.Key_Return)
    assert new not in m.zones, w.statusBar().currentMessage()
    merged = _drawn(w)
    assert new not in merged and merged[par][0] == round(m.zones[par].label[0], 3)
    _same_as_fresh(w, merged, {par})
    stack.undo()
    assert _drawn(w) == split
