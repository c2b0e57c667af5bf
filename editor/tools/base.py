"""Tools: what the mouse and keys do on the map. One tool is active at a time.

A tool is a class with ``activate``/``deactivate`` and mouse/key hooks that return True
when they handled the event; ``paint_overlay`` draws its feedback (rubber band, snap
indicator) in view coordinates over the map. The map authoring tools of the editor
(draw, split, merge, vertices, borders, links, lines, facilities, placement) subclass
:class:`Tool` and change the pack through ``services.push(edit)``: a tool is given a
:class:`~editor.tools.services.ToolServices`, what it may use of the editor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QKeyEvent, QMouseEvent, QPainter, QPen

from editor.tools.services import ToolServices

if TYPE_CHECKING:
    from editor.canvas.view import MapView


class Tool:
    """Base class: override what the tool needs."""

    name = "tool"
    text = "Tool"
    shortcut = ""
    hint = ""
    icon = ""  # a themed icon name, optional
    cursor = Qt.CursorShape.ArrowCursor

    def __init__(self, services: ToolServices):
        if not isinstance(services, ToolServices):  # given the main window (play mode's tool)
            services = services.tool_control.services
        self.services = services
        #: the main window widget (play mode's tool reads its scene, view and status bar)
        self.window = services.host
        self.view: MapView | None = None

    def activate(self, view: MapView) -> None:
        self.view = view
        view.viewport().setCursor(self.cursor)
        self.services.show_hint(self.hint)

    def deactivate(self) -> None:
        self.cancel()
        self.view = None

    def cancel(self) -> None:
        """Esc: abandon what is in progress."""

    def reset(self) -> None:
        """Another document was opened: forget everything about the old one (points,
        snap markers, selected vertices)."""
        self.cancel()

    # hooks: return True when handled
    def mouse_press(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def mouse_move(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def mouse_release(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def mouse_double_click(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        return False

    def key_press(self, view: MapView, event: QKeyEvent) -> bool:
        return False

    def key_release(self, view: MapView, event: QKeyEvent) -> bool:
        return False

    def paint_overlay(self, view: MapView, painter: QPainter, rect: QRectF) -> None:
        pass


class SelectTool(Tool):
    """Click selects the zone or feature under the cursor; Ctrl-click adds or removes;
    dragging draws a rubber band that selects the zones it touches (Ctrl: adds)."""

    name = "select"
    text = "Select"
    shortcut = "S"
    hint = "Click: select  ·  Ctrl+click: add/remove  ·  drag: rubber band  ·  Esc: clear"
    DRAG_PX = 4

    def __init__(self, services: ToolServices):
        super().__init__(services)
        self._press: QPoint | None = None
        self._band: QRectF | None = None  # view coordinates
        self._add = False

    def cancel(self) -> None:
        self._press = None
        if self._band is not None and self.view is not None:
            self._band = None
            self.view.viewport().update()
        self._band = None

    def mouse_press(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self._press = event.position().toPoint()
        self._add = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        return True

    def mouse_move(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        scene = view.map_scene
        if self._press is None:
            layer = scene.layers["zones"]
            scene.set_hover(scene.zone_at(pos) if layer.isVisible() else None)
            return False
        p = event.position().toPoint()
        if self._band is None and (p - self._press).manhattanLength() < self.DRAG_PX:
            return True
        old = self._band
        self._band = QRectF(QPointF(self._press), QPointF(p)).normalized()
        dirty = self._band if old is None else self._band.united(old)
        view.viewport().update(dirty.toAlignedRect().adjusted(-3, -3, 3, 3))
        return True

    def mouse_release(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return False
        selection = self.services.selection
        if self._band is not None:
            rect = view.mapToScene(self._band.toAlignedRect()).boundingRect()
            zones = [("zone", z) for z in view.map_scene.zones_in_rect(rect)]
            if self._add:
                selection.add(zones)
            else:
                selection.set(zones)
            band = self._band
            self._band = None
            view.viewport().update(band.toAlignedRect().adjusted(-3, -3, 3, 3))
        else:
            hit = view.map_scene.feature_at(pos, view.scale_factor())
            if self._add:
                if hit is not None:
                    selection.toggle(hit)
            else:
                selection.set([hit] if hit is not None else [])
        self._press = None
        return True

    def mouse_double_click(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() == Qt.MouseButton.LeftButton and self.services.selection.items:
            self.services.zoom_to_selection()
            return True
        return False

    def key_press(self, view: MapView, event: QKeyEvent) -> bool:
        if event.key() == Qt.Key.Key_Escape:
            if self._press is not None or self._band is not None:
                self.cancel()
            else:
                self.services.selection.set([])
            return True
        return False

    def paint_overlay(self, view: MapView, painter: QPainter, rect: QRectF) -> None:
        if self._band is None:
            return
        painter.save()
        painter.resetTransform()
        painter.setPen(QPen(QColor("#ffb400"), 1.0, Qt.PenStyle.DashLine))
        painter.setBrush(QBrush(QColor(255, 180, 0, 40)))
        painter.drawRect(self._band)
        painter.restore()


class PanTool(Tool):
    """Drag to move the map (the hand)."""

    name = "pan"
    text = "Pan"
    shortcut = "H"
    hint = "Drag: move the map  ·  wheel: zoom at the cursor"
    cursor = Qt.CursorShape.OpenHandCursor

    def __init__(self, services: ToolServices):
        super().__init__(services)
        self._last: QPoint | None = None

    def mouse_press(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self._last = event.position().toPoint()
        view.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
        return True

    def mouse_move(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        if self._last is None:
            return False
        p = event.position().toPoint()
        d = p - self._last
        self._last = p
        view.pan_by(-d.x(), -d.y())
        return True

    def mouse_release(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool:
        if self._last is None:
            return False
        self._last = None
        view.viewport().setCursor(self.cursor)
        return True
