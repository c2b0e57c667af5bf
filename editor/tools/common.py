"""Shared machinery of the authoring tools: the cached coverage, snapping with a visible
indicator (tolerance in screen pixels), pushing edits, and the polyline-drawing base
(click points, Backspace, Enter or double-click finishes, Esc cancels)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QComboBox, QWidget

from editor.tools.base import Tool
from gamecore.errors import WarroomError
from gamecore.geometry import Coverage, Snap
from gamecore.ops import Edit

if TYPE_CHECKING:
    from editor.canvas.view import MapView

XY = tuple[float, float]
#: snapping distance in screen pixels
SNAP_PX = 10.0
PREVIEW = QColor("#ff6a00")
SNAP_VERTEX = QColor("#00c853")
SNAP_SEGMENT = QColor("#2979ff")


class AuthoringTool(Tool):
    """Base of the map authoring tools."""

    snap_vertices = True
    snap_segments = True

    def __init__(self, services):
        super().__init__(services)
        self.snapped: Snap | None = None
        self.cursor_pos: QPointF | None = None

    # -- helpers ---------------------------------------------------------------------
    @property
    def pack(self):
        return self.services.document.pack

    def coverage(self) -> Coverage:
        return self.services.coverage()

    def tolerance(self, view: MapView) -> float:
        return SNAP_PX / max(view.scale_factor(), 1e-9)

    def snap(self, view: MapView, pos: QPointF) -> XY:
        """``pos`` snapped to a vertex or border within SNAP_PX pixels (Alt: no snap);
        remembers the snap for the indicator."""
        p = (pos.x(), pos.y())
        self.snapped = None
        if self.snap_vertices or self.snap_segments:
            from PySide6.QtWidgets import QApplication

            if not QApplication.keyboardModifiers() & Qt.KeyboardModifier.AltModifier:
                self.snapped = self.coverage().snap(
                    p,
                    self.tolerance(view),
                    vertices=self.snap_vertices,
                    segments=self.snap_segments,
                )
        return self.snapped.point if self.snapped is not None else p

    def reset(self) -> None:
        super().reset()
        self.snapped = None
        self.cursor_pos = None

    def commit(self, edit: Edit) -> bool:
        """Push ``edit`` as one undo step; a refused edit shows its message."""
        return self.services.push(edit)

    def fail(self, err: WarroomError | str) -> None:
        self.services.show_hint(f"Cannot do that: {err}")

    def zone_at(self, pos: QPointF) -> int | None:
        return self.view.map_scene.zone_at(pos) if self.view is not None else None

    def repaint(self) -> None:
        if self.view is not None:
            self.view.viewport().update()

    # -- overlay helpers -------------------------------------------------------------
    @staticmethod
    def to_view(view: MapView, p) -> QPointF:
        return QPointF(view.mapFromScene(QPointF(p[0], p[1])))

    def paint_snap(self, view: MapView, painter: QPainter) -> None:
        if self.snapped is None:
            return
        c = self.to_view(view, self.snapped.point)
        if self.snapped.kind == "vertex":
            painter.setPen(QPen(SNAP_VERTEX, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(c.x() - 5, c.y() - 5, 10, 10))
        else:
            painter.setPen(QPen(SNAP_SEGMENT, 2))
            painter.drawLine(QPointF(c.x() - 5, c.y() - 5), QPointF(c.x() + 5, c.y() + 5))
            painter.drawLine(QPointF(c.x() - 5, c.y() + 5), QPointF(c.x() + 5, c.y() - 5))

    def paint_zones(self, view: MapView, painter: QPainter, zones, colour: QColor) -> None:
        """Outline ``zones`` (ids) in ``colour``."""
        paths = view.map_scene.geom.paths
        painter.save()
        painter.setTransform(view.viewportTransform())
        pen = QPen(colour, 3)
        pen.setCosmetic(True)
        painter.setPen(pen)
        fill = QColor(colour)
        fill.setAlpha(50)
        painter.setBrush(QBrush(fill))
        for z in zones:
            if z in paths:
                painter.drawPath(paths[z])
        painter.restore()


class PolylineTool(AuthoringTool):
    """Click points (snapped), Backspace removes the last, Enter or double-click
    finishes (:meth:`finish`), Esc cancels. ``closed``: draws a ring preview."""

    closed = False
    min_points = 2
    cursor = Qt.CursorShape.CrossCursor  # a precise point, not the arrow's tip

    def __init__(self, services):
        super().__init__(services)
        self.points: list[XY] = []
        #: where a refused outline crosses itself (marked until the points change)
        self.crossing: XY | None = None

    def cancel(self) -> None:
        self.points = []
        self.crossing = None
        self.snapped = None
        self.repaint()

    def add_point(self, view: MapView, p: XY, event: QMouseEvent) -> None:
        self.crossing = None
        if not self.points or self.points[-1] != p:
            self.points.append(p)

    def mouse_press(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.add_point(view, self.snap(view, pos), event)
        self.repaint()
        return True

    def mouse_move(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        self.cursor_pos = pos
        self.snap(view, pos)
        self.repaint()
        return False

    def mouse_release(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        return event.button() == Qt.MouseButton.LeftButton

    def mouse_double_click(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self._finish()
        return True

    def key_press(self, view: MapView, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key.Key_Escape:
            self.cancel()
            return True
        if key == Qt.Key.Key_Backspace:
            if self.points:
                self.points.pop()
                self.crossing = None
                self.repaint()
            return True
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._finish()
            return True
        return False

    def _finish(self) -> None:
        pts = self.points
        self.points = []
        self.repaint()
        if len(pts) < self.min_points:
            self.services.show_hint(f"{self.text}: needs at least {self.min_points} points")
            return
        try:
            self.finish(pts)
        except WarroomError as err:
            # the points stay, so the designer can correct the outline; a crossing is
            # marked on the map
            self.points = pts
            self.crossing = getattr(err, "point", None)
            self.fail(err)
            self.repaint()

    def finish(self, points: list[XY]) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def paint_overlay(self, view: MapView, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        pts = [self.to_view(view, p) for p in self.points]
        if pts:
            painter.setPen(QPen(PREVIEW, 2))
            for a, b in zip(pts, pts[1:], strict=False):
                painter.drawLine(a, b)
            if self.cursor_pos is not None:
                cur = self.to_view(
                    view,
                    self.snapped.point
                    if self.snapped
                    else (self.cursor_pos.x(), self.cursor_pos.y()),
                )
                painter.setPen(QPen(PREVIEW, 1, Qt.PenStyle.DashLine))
                painter.drawLine(pts[-1], cur)
                if self.closed and len(pts) > 1:
                    painter.drawLine(cur, pts[0])
            painter.setPen(QPen(PREVIEW, 1))
            painter.setBrush(QBrush(QColor("white")))
            for p in pts:
                painter.drawEllipse(p, 3, 3)
        if self.crossing is not None:  # a red ring with a cross where the outline crosses
            c = self.to_view(view, self.crossing)
            painter.setPen(QPen(QColor("#d50000"), 2.5))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(c, 9, 9)
            painter.drawLine(c + QPointF(-6, -6), c + QPointF(6, 6))
            painter.drawLine(c + QPointF(-6, 6), c + QPointF(6, -6))
        self.paint_snap(view, painter)
        painter.restore()


class OptionsTool(AuthoringTool):
    """A tool with widgets in the Tool Options toolbar."""

    def __init__(self, services):
        super().__init__(services)
        self._widgets: list[QWidget] = []
        self._actions = []

    def make_options(self) -> list[QWidget]:
        return []

    def activate(self, view) -> None:
        super().activate(view)
        self._widgets = self.make_options()
        self._actions = self.services.add_options(self._widgets)

    def deactivate(self) -> None:
        self.services.clear_options()
        self._widgets = []
        super().deactivate()


def options_combo(name: str, items: list[str], editable: bool = False) -> QComboBox:
    """A combo box of the Tool Options toolbar, named ``name`` (tests find it by name)."""
    c = QComboBox()
    c.setObjectName(name)
    c.setEditable(editable)
    c.addItems(items)
    return c


class StrokeTool(OptionsTool):
    """Click or drag across zones to collect a stroke (the zones :meth:`_add` accepts,
    each once, previewed); on release :meth:`paint` makes it one undo step; Esc cancels
    the stroke. The Paint and Hex Paint tools are strokes."""

    def __init__(self, services):
        super().__init__(services)
        self.stroke: list[int] = []
        self.painting = False

    def cancel(self) -> None:
        self.stroke, self.painting = [], False
        self.repaint()

    def _start(self) -> None:
        """A new stroke begins (before its first point)."""
        self.stroke = []

    def _add(self, pos: QPointF) -> None:  # pragma: no cover - per tool
        raise NotImplementedError

    def _finish(self, pos: QPointF) -> None:
        """The button is released at ``pos`` (the stroke is still open)."""

    def paint(self, zones: list[int]) -> bool:  # pragma: no cover - per tool
        raise NotImplementedError

    def painted_nothing(self) -> None:
        """A stroke ended without a zone to paint."""

    def mouse_press(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self.painting = True
        self._start()
        self._add(pos)
        return True

    def mouse_move(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if self.painting:
            self._add(pos)
            return True
        return False

    def mouse_release(self, view, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton or not self.painting:
            return False
        self._finish(pos)
        zones = self.stroke
        self.cancel()
        if zones:
            self.paint(zones)
        else:
            self.painted_nothing()
        return True

    def key_press(self, view, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return True
        return False

    def paint_overlay(self, view, painter: QPainter, rect: QRectF) -> None:
        self.paint_zones(view, painter, self.stroke, PREVIEW)
