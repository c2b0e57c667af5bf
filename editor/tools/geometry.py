"""Geometry tools: draw zone, edit vertices, split, merge, reshape. Each completed
action is one undo step (a ``gamecore.ops.authoring.geometry_edit``)."""

from __future__ import annotations

import math

import numpy as np
import shapely
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QLabel, QPushButton, QWidget

from editor.removal import ask_removed_zones
from editor.tools.common import (
    PREVIEW,
    SNAP_PX,
    AuthoringTool,
    OptionsTool,
    PolylineTool,
)
from gamecore.errors import GeometryError, WarroomError
from gamecore.ops.authoring import draw_zone, geometry_edit, zone_factory

XY = tuple[float, float]


class DrawZoneTool(PolylineTool):
    """Click the outline; the new zone takes unassigned area and water, and is clipped
    to the other zones. Shift+click a vertex: trace along borders from the last point."""

    name = "draw_zone"
    text = "Draw Zone"
    shortcut = "D"
    hint = (
        "Click: add point (snaps)  ·  Shift+click vertex: trace border  ·  Backspace: undo"
        " point  ·  Enter/double-click: close  ·  E: land/sea  ·  Ctrl+click empty area:"
        " fill hole  ·  Esc: cancel"
    )
    closed = True
    min_points = 3

    def __init__(self, services):
        super().__init__(services)
        self.kind = "land"
        self.kind_box: QComboBox | None = None

    def activate(self, view) -> None:
        super().activate(view)
        # a lasting indicator (and switch) of what the next zone will be: land or sea
        box = QComboBox()
        box.setObjectName("drawKind")
        box.addItem("Land zone", "land")
        box.addItem("Sea zone", "sea")
        box.setCurrentIndex(box.findData(self.kind))
        box.setToolTip("What the zones you draw become (E switches)")
        box.currentIndexChanged.connect(lambda i: self.set_kind(box.itemData(i)))
        self.services.add_options([QLabel("New zones: "), box])
        self.kind_box = box

    def deactivate(self) -> None:
        self.services.clear_options()
        self.kind_box = None
        super().deactivate()

    def set_kind(self, kind: str) -> None:
        self.kind = kind
        if self.kind_box is not None and self.kind_box.currentData() != kind:
            self.kind_box.setCurrentIndex(self.kind_box.findData(kind))
        self.services.show_hint(f"Draw Zone: new zones are {kind} zones")

    def add_point(self, view, p: XY, event: QMouseEvent) -> None:
        mods = event.modifiers()
        if mods & Qt.KeyboardModifier.ControlModifier and not self.points:
            self.fill_hole(p)
            return
        if (
            mods & Qt.KeyboardModifier.ShiftModifier
            and self.points
            and self.snapped is not None
            and self.snapped.kind == "vertex"
        ):
            cov = self.coverage()
            last = self.points[-1]
            if cov.zones_at(last):
                try:
                    path = cov.trace_path(last, p)
                except GeometryError as err:
                    self.fail(err)
                    return
                self.points.extend(path[1:])
                return
        super().add_point(view, p, event)

    def fill_hole(self, p: XY) -> None:
        try:
            cs = self.coverage().fill_hole(p, dry_run=True)
        except WarroomError as err:
            self.fail(err)
            return
        if self.commit(geometry_edit(cs, zone_factory(self.kind), "Fill hole")):
            self.services.selection.set([("zone", z) for z in cs.created])

    def key_press(self, view, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_E:
            self.set_kind("sea" if self.kind == "land" else "land")
            return True
        return super().key_press(view, event)

    def finish(self, points: list[XY]) -> None:
        m = self.pack.map
        kinds = {z.id: z.kind for z in m.zones.values()}
        cs = draw_zone(self.coverage(), points, kinds)
        if self.commit(geometry_edit(cs, zone_factory(self.kind), "Draw zone")):
            self.services.selection.set([("zone", z) for z in cs.created])


class SplitTool(PolylineTool):
    """Draw a line across a zone (from outside its border to outside); Enter splits."""

    name = "split"
    text = "Split Zone"
    shortcut = "K"
    hint = "Click a line across one zone, border to border  ·  Enter: split  ·  Esc: cancel"

    def finish(self, points: list[XY]) -> None:
        line = shapely.LineString(points)
        m = self.pack.map
        sel = self.services.selection.zones()
        cands = [
            z.id
            for z in m.zones.values()
            if z.geometry is not None and z.geometry.intersection(line).length > 0
        ]
        if len(sel) == 1 and sel[0] in cands:
            zid = sel[0]
        else:
            mid = line.interpolate(0.5, normalized=True)
            inside = [z for z in cands if shapely.intersects_xy(m.zones[z].geometry, mid.x, mid.y)]
            if not inside:
                raise GeometryError("the line does not cross a zone")
            zid = inside[0]
        cs = self.coverage().split_zone(zid, points, dry_run=True)
        if self.commit(geometry_edit(cs, None, "Split zone")):
            self.services.selection.set([("zone", zid)] + [("zone", z) for z in cs.created])


class ReshapeTool(PolylineTool):
    """Draw a new course for the border of two zones: start and end on that border."""

    name = "reshape"
    text = "Reshape Border"
    shortcut = "R"
    hint = "Click a new border from a point on a border to another on it  ·  Enter: reshape"

    def finish(self, points: list[XY]) -> None:
        cov = self.coverage()
        tol = self.tolerance(self.view) if self.view is not None else 1.0
        a = cov.snap(points[0], tol)
        b = cov.snap(points[-1], tol)
        if a is None or b is None:
            raise GeometryError("the new border must start and end on a border")
        pair = sorted(a.zones & b.zones)
        if len(pair) != 2:
            raise GeometryError("start and end must lie on the border of the same two zones")
        cs = cov.reshape_border(pair[0], pair[1], points, tol, dry_run=True)
        self.commit(geometry_edit(cs, None, "Reshape border"))


class MergeTool(AuthoringTool):
    """Click zones to merge (the first keeps its attributes; Shift+click picks the one
    whose attributes survive); Enter merges them (or the selected zones)."""

    name = "merge"
    text = "Merge Zones"
    shortcut = "M"
    hint = (
        "Click: add/remove zone  ·  Shift+click: its attributes survive  ·  Enter: merge"
        "  ·  Esc: cancel"
    )
    snap_vertices = snap_segments = False

    def __init__(self, services):
        super().__init__(services)
        self.zones: list[int] = []
        self.keep: int | None = None

    def cancel(self) -> None:
        self.zones, self.keep = [], None
        self.repaint()

    def mouse_press(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        z = self.zone_at(pos)
        if z is None:
            return True
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            if z not in self.zones:
                self.zones.append(z)
            self.keep = z
        elif z in self.zones:
            self.zones.remove(z)
            if self.keep == z:
                self.keep = self.zones[0] if self.zones else None
        else:
            self.zones.append(z)
            self.keep = self.keep if self.keep is not None else z
        m = self.pack.map
        if self.keep is not None:
            k = m.zones[self.keep]
            self.services.show_hint(f"Merge {len(self.zones)} zones into {k.code} — {k.name}")
        self.repaint()
        return True

    def mouse_release(self, view, event, pos) -> bool:
        return event.button() == Qt.MouseButton.LeftButton

    def key_press(self, view, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return True
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.merge()
            return True
        return False

    def merge(self) -> None:
        if len(self.zones) < 2:  # nothing clicked: the selected zones
            self.zones = list(self.services.selection.zones())
            self.keep = self.zones[0] if self.zones else None
        if len(self.zones) < 2:
            self.services.show_hint("Merge: click at least two zones")
            return
        try:
            cs = self.coverage().merge_zones(self.zones, keep=self.keep, dry_run=True)
        except WarroomError as err:
            self.fail(err)
            return
        keep = self.keep
        # what happens to the units, ownership and capital of the zones merged away
        removed = [z for z in self.zones if z != keep]
        policy = ask_removed_zones(self.services.host, self.pack, removed, keep, "Merge")
        if policy is None:
            self.services.show_hint("Merge cancelled")
            return
        if self.commit(geometry_edit(cs, None, "Merge zones", policy)):
            self.cancel()
            self.services.selection.set([("zone", keep)])

    def paint_overlay(self, view, painter: QPainter, rect: QRectF) -> None:
        self.paint_zones(view, painter, [z for z in self.zones if z != self.keep], PREVIEW)
        if self.keep is not None:
            self.paint_zones(view, painter, [self.keep], QColor("#d50000"))


def _ring_neighbours(cov, p: XY) -> list[XY]:
    """The vertices next to ``p`` on every ring that has it."""
    out: list[XY] = []
    for z in cov.zones_at(p):
        g = cov[z]
        for ring in shapely.get_rings(shapely.get_parts(g)):
            c = shapely.get_coordinates(ring)[:-1]
            n = len(c)
            for i in np.flatnonzero((c[:, 0] == p[0]) & (c[:, 1] == p[1])).tolist():
                out.append(tuple(c[(i - 1) % n].tolist()))
                out.append(tuple(c[(i + 1) % n].tolist()))
    return out


class VertexTool(OptionsTool):
    """Drag a shared vertex (every zone that has it follows); double-click a border to
    insert a vertex; click or rubber-band to select vertices, Del deletes them, dragging
    one of several selected moves them all. The Tool Options bar shows the exact
    coordinates of the selected vertex and moves it to typed ones."""

    name = "vertices"
    text = "Edit Vertices"
    shortcut = "V"
    hint = (
        "Drag vertex: move (all zones follow)  ·  double-click border: insert  ·  click/drag"
        " box: select  ·  Del: delete  ·  Alt: no snapping  ·  Esc: clear"
    )
    cursor = Qt.CursorShape.CrossCursor

    def __init__(self, services):
        super().__init__(services)
        self.selected: list[XY] = []
        self._drag_from: XY | None = None
        self._drag_to: XY | None = None
        self._moving: list[XY] = []
        self._neigh: dict[XY, list[XY]] = {}
        self._band: QRectF | None = None
        self._press = None

    def cancel(self) -> None:
        self._drag_from = self._drag_to = None
        self._band = self._press = None
        self._moving = []
        self.repaint()

    def repaint(self) -> None:
        super().repaint()
        self._show_coordinates()

    def reset(self) -> None:
        self.selected = []  # vertices of the old document
        super().reset()

    def make_options(self) -> list[QWidget]:
        self.x_box, self.y_box = QDoubleSpinBox(), QDoubleSpinBox()
        for box, name in ((self.x_box, "vertexX"), (self.y_box, "vertexY")):
            box.setObjectName(name)
            box.setDecimals(3)
            box.setRange(-1e9, 1e9)
        self.set_button = QPushButton("Move to")
        self.set_button.setObjectName("vertexMoveTo")
        self.set_button.clicked.connect(
            lambda: self.move_selected_to(self.x_box.value(), self.y_box.value())
        )
        self.coord_label = QLabel("Vertex:")
        self._show_coordinates()
        return [self.coord_label, self.x_box, self.y_box, self.set_button]

    def _show_coordinates(self) -> None:
        if not hasattr(self, "x_box"):
            return
        one = len(self.selected) == 1
        for w in (self.x_box, self.y_box, self.set_button):
            try:
                w.setEnabled(one)
            except RuntimeError:  # the toolbar was cleared
                return
        if one:
            self.x_box.setValue(self.selected[0][0])
            self.y_box.setValue(self.selected[0][1])
        self.coord_label.setText("Vertex:" if one else f"{len(self.selected)} vertices")

    def move_selected_to(self, x: float, y: float) -> bool:
        """Move the one selected vertex to exact coordinates (all zones follow)."""
        if len(self.selected) != 1:
            self.fail("select one vertex to type its coordinates")
            return False
        p = self.selected[0]
        return self.move([p], x - p[0], y - p[1])

    def key_press(self, view, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            if self._drag_from is None and self._band is None:
                self.selected = []
            self.cancel()
            return True
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.delete_selected()
            return True
        return False

    def mouse_press(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        cov = self.coverage()
        snap = cov.snap((pos.x(), pos.y()), self.tolerance(view), segments=False)
        if snap is not None and snap.kind == "vertex":
            v = snap.point
            if v not in self.selected:
                self.selected = [v]
            self._drag_from = v
            self._drag_to = v
            self._moving = list(self.selected)
            self._neigh = {p: _ring_neighbours(cov, p) for p in self._moving}
        else:
            self._press = event.position()
            self._band = None
        self.repaint()
        return True

    def mouse_move(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        self.cursor_pos = pos
        if self._drag_from is not None:
            self._drag_to = (pos.x(), pos.y())
            self.snapped = None  # the dragged vertex is drawn where it goes
            self.repaint()
            return True
        if self._press is not None:
            self._band = QRectF(self._press, event.position()).normalized()
            self.repaint()
            return True
        self.snap(view, pos)
        self.repaint()
        return False

    def mouse_release(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if self._drag_from is not None:
            src, dst = self._drag_from, (pos.x(), pos.y())
            moving = self._moving
            self.cancel()
            dx, dy = dst[0] - src[0], dst[1] - src[1]
            if math.hypot(dx, dy) * view.scale_factor() >= 1.0:
                self.move(moving, dx, dy)
            return True
        if self._press is not None:
            if self._band is not None and self._band.width() + self._band.height() > 4:
                r = view.mapToScene(self._band.toAlignedRect()).boundingRect()
                self.selected = self.vertices_in(r)
                self.services.show_hint(f"{len(self.selected)} vertices selected")
            else:
                self.selected = []
            self.cancel()
            return True
        return False

    def vertices_in(self, r: QRectF) -> list[XY]:
        cov = self.coverage()
        ids = cov.query_bbox(r.left(), r.top(), r.right(), r.bottom())
        out: set[XY] = set()
        for z in ids:
            c = shapely.get_coordinates(cov[z])
            hit = (
                (c[:, 0] >= r.left())
                & (c[:, 0] <= r.right())
                & (c[:, 1] >= r.top())
                & (c[:, 1] <= r.bottom())
            )
            out |= {tuple(p) for p in c[hit].tolist()}
        return sorted(out)

    def move(self, vertices: list[XY], dx: float, dy: float) -> bool:
        cov = self.coverage()
        moves = {p: (p[0] + dx, p[1] + dy) for p in vertices}
        try:
            cs = cov.move_vertices(moves, dry_run=True, label="move vertex")
        except WarroomError as err:
            self.fail(err)
            return False
        if cs.is_empty():
            return False
        if self.commit(geometry_edit(cs, None, "Move vertex")):
            self.selected = [cov._constrain(p, q) for p, q in moves.items()]
            # the X/Y fields and the snap marker follow the vertex to its new place (#37:
            # both stayed at the old spot after a drag)
            self.snapped = None
            if self.cursor_pos is not None and self.view is not None:
                self.snap(self.view, self.cursor_pos)
            self.repaint()
            return True
        return False

    def mouse_double_click(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.cancel()
        try:
            cs = self.coverage().insert_vertex(
                (pos.x(), pos.y()), self.tolerance(view), dry_run=True
            )
        except WarroomError as err:
            self.fail(err)
            return True
        if self.commit(geometry_edit(cs, None, "Insert vertex")):
            self.selected = [cs.info["point"]]
        return True

    def delete_selected(self) -> None:
        if not self.selected:
            return
        work = self.coverage().copy()
        cs = None
        try:
            for p in self.selected:
                step = work.delete_vertex(p)
                cs = step if cs is None else cs.then(step)
        except WarroomError as err:
            self.fail(err)
            return
        if cs is not None and self.commit(geometry_edit(cs, None, "Delete vertices")):
            self.selected = []

    def paint_overlay(self, view, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor("#d50000"), 1))
        painter.setBrush(QBrush(QColor("#d50000")))
        for p in self.selected:
            painter.drawRect(
                QRectF(self.to_view(view, p) - QPointF(3, 3), QRectF(0, 0, 6, 6).size())
            )
        if self._drag_from is not None and self._drag_to is not None:
            dx = self._drag_to[0] - self._drag_from[0]
            dy = self._drag_to[1] - self._drag_from[1]
            painter.setPen(QPen(PREVIEW, 2, Qt.PenStyle.DashLine))
            moving = set(self._moving)
            for p in self._moving:
                q = self.to_view(view, (p[0] + dx, p[1] + dy))
                for n in self._neigh.get(p, []):
                    n2 = (n[0] + dx, n[1] + dy) if n in moving else n
                    painter.drawLine(q, self.to_view(view, n2))
        if self._band is not None:
            painter.setPen(QPen(QColor("#ffb400"), 1, Qt.PenStyle.DashLine))
            painter.setBrush(QBrush(QColor(255, 180, 0, 40)))
            painter.drawRect(self._band)
        self.paint_snap(view, painter)
        painter.restore()


__all__ = ["SNAP_PX", "DrawZoneTool", "MergeTool", "ReshapeTool", "SplitTool", "VertexTool"]
