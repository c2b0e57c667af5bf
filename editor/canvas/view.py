"""The map view: wheel zoom at the cursor, pan (middle-drag, space+drag), fit, zoom to a
rectangle; mouse and key events go to the active tool."""

from __future__ import annotations

import math
from typing import Protocol

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QCursor, QKeyEvent, QMouseEvent, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QToolTip

from editor.canvas.scene import MapScene


class Tool(Protocol):
    """What the view asks of the active tool (editor.tools.Tool, which imports this
    package: named here by its shape so the two do not import each other)."""

    name: str
    cursor: Qt.CursorShape | QCursor

    def mouse_press(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool: ...

    def mouse_move(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool: ...

    def mouse_release(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool: ...

    def mouse_double_click(self, view: MapView, event: QMouseEvent, pos: QPointF) -> bool: ...

    def key_press(self, view: MapView, event: QKeyEvent) -> bool: ...

    def key_release(self, view: MapView, event: QKeyEvent) -> bool: ...

    def paint_overlay(self, view: MapView, painter: QPainter, rect: QRectF) -> None: ...


class MapView(QGraphicsView):
    #: cursor moved over the map: scene position
    cursorMoved = Signal(QPointF)
    #: pixels per map unit changed
    zoomChanged = Signal(float)
    #: the visible part of the map changed (pan or zoom)
    viewportChanged = Signal()
    #: Del pressed on the map and no tool used it (delete the selection)
    deleteRequested = Signal()
    #: right click with the select or pan tool: a context menu at (view pos, scene pos)
    contextMenuRequested = Signal(QPoint, QPointF)

    MIN_PX_PER_UNIT = 1e-3
    MAX_PX_PER_UNIT = 64.0

    def __init__(self, scene: MapScene, parent=None):
        super().__init__(scene, parent)
        self.map_scene = scene
        self.tool: Tool | None = None
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        # the static layers are drawn in the scene background, which the view caches:
        # an unchanged frame is a blit, a pan draws only the uncovered strip
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing, True)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        # panning is by dragging (middle button, space, the hand tool) and the overview
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self._pan_from: QPoint | None = None
        self._space = False
        #: the map was fitted and the user has not zoomed or panned since: a resize (the
        #: window laid out on screen, maximised, docks moved) fits it again
        self._fitted = False
        #: a message written over the top of the map (an empty heat map says why)
        self.banner = ""
        self.horizontalScrollBar().valueChanged.connect(self.viewportChanged)
        self.verticalScrollBar().valueChanged.connect(self.viewportChanged)

    # -- zoom ------------------------------------------------------------------------------
    def scale_factor(self) -> float:
        """View pixels per map unit."""
        t = self.transform()
        return math.hypot(t.m11(), t.m12())

    def visible_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def zoom_by(self, factor: float, anchor: QPoint | None = None) -> None:
        self._fitted = False
        cur = self.scale_factor()
        target = min(max(cur * factor, self.MIN_PX_PER_UNIT), self.MAX_PX_PER_UNIT)
        factor = target / cur if cur else 1.0
        if abs(factor - 1.0) < 1e-9:
            return
        if anchor is not None:
            before = self.mapToScene(anchor)
            old = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            self.scale(factor, factor)
            after = self.mapToScene(anchor)
            delta = after - before
            self.translate(delta.x(), delta.y())
            self.setTransformationAnchor(old)
        else:
            old = self.transformationAnchor()
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            self.scale(factor, factor)
            self.setTransformationAnchor(old)
        self.zoomChanged.emit(self.scale_factor())
        self.viewportChanged.emit()

    def zoom_to(self, rect: QRectF, margin: float = 0.08) -> None:
        self._fitted = False
        if rect.isNull() or not rect.isValid():
            return
        w, h = rect.width(), rect.height()
        pad = max(w, h) * margin
        r = rect.adjusted(-pad, -pad, pad, pad)
        if r.width() < 1e-6 or r.height() < 1e-6:
            return
        self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
        s = self.scale_factor()
        if s > self.MAX_PX_PER_UNIT:
            self.zoom_by(self.MAX_PX_PER_UNIT / s)
        self.centerOn(rect.center())
        self.zoomChanged.emit(self.scale_factor())
        self.viewportChanged.emit()

    def fit_map(self) -> None:
        self.zoom_to(self.map_scene.geom.frame, margin=0.01)
        self._fitted = True

    def center_on(self, pos: QPointF) -> None:
        self._fitted = False
        self.centerOn(pos)
        self.viewportChanged.emit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps == 0:
            steps = event.pixelDelta().y() / 60.0
        if steps:
            self.zoom_by(1.25**steps, event.position().toPoint())
        event.accept()

    # -- pan -----------------------------------------------------------------------------------
    def pan_by(self, dx: int, dy: int) -> None:
        self._fitted = False
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + dx)
        v.setValue(v.value() + dy)

    def _start_pan(self, pos: QPoint) -> None:
        self._pan_from = pos
        self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)

    def _end_pan(self) -> None:
        self._pan_from = None
        if self._space:
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
        else:
            self._restore_cursor()

    def _restore_cursor(self) -> None:
        if self.tool is not None:
            self.viewport().setCursor(self.tool.cursor)
        else:
            self.viewport().unsetCursor()

    # -- events ---------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        btn = event.button()
        if btn == Qt.MouseButton.MiddleButton or (btn == Qt.MouseButton.LeftButton and self._space):
            self._start_pan(event.position().toPoint())
            event.accept()
            return
        if self.tool is not None and self.tool.mouse_press(self, event, self._scene_pos(event)):
            event.accept()
            return
        super().mousePressEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:  # what lies under the cursor
            pos = self.mapToScene(event.pos())
            text = self.map_scene.tooltip_at(pos, self.scale_factor())
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = self._scene_pos(event)
        self._cursor_vp = event.position().toPoint()
        if self._pan_from is not None:
            p = event.position().toPoint()
            d = p - self._pan_from
            self._pan_from = p
            self.pan_by(-d.x(), -d.y())
            event.accept()
            return
        self.cursorMoved.emit(pos)
        if self.tool is not None and self.tool.mouse_move(self, event, pos):
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None and event.button() in (
            Qt.MouseButton.MiddleButton,
            Qt.MouseButton.LeftButton,
        ):
            self._end_pan()
            event.accept()
            return
        if self.tool is not None and self.tool.mouse_release(self, event, self._scene_pos(event)):
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.tool is not None and self.tool.mouse_double_click(
            self, event, self._scene_pos(event)
        ):
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            if self._pan_from is None:
                self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        if self.tool is not None and self.tool.key_press(self, event):
            event.accept()
            return
        if event.key() == Qt.Key.Key_Delete and event.modifiers() in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.KeypadModifier,
        ):
            self.deleteRequested.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event) -> None:
        if self.tool is not None and self.tool.name not in ("select", "pan"):
            event.ignore()  # the drawing tools use the right button themselves
            return
        self.contextMenuRequested.emit(event.pos(), self.mapToScene(event.pos()))
        event.accept()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            if self._pan_from is None:
                self._restore_cursor()
            event.accept()
            return
        if self.tool is not None and self.tool.key_release(self, event):
            event.accept()
            return
        super().keyReleaseEvent(event)

    def leaveEvent(self, event) -> None:
        self.map_scene.set_hover(None)
        # a popup over the map (the Find box's completer) "leaves" a cursor that stays put
        if not self.viewport().rect().contains(self.viewport().mapFromGlobal(QCursor.pos())):
            self._cursor_vp = None
        super().leaveEvent(event)

    def focusOutEvent(self, event) -> None:
        self._space = False
        super().focusOutEvent(event)

    def set_banner(self, text: str) -> None:
        """Write ``text`` over the top of the map ("" takes it away)."""
        if text != self.banner:
            self.banner = text
            self.viewport().update()

    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        if self.tool is not None:
            self.tool.paint_overlay(self, painter, rect)
        if self.banner:
            self._paint_banner(painter)

    def _paint_banner(self, painter: QPainter) -> None:
        painter.save()
        painter.resetTransform()
        f = painter.font()
        f.setPixelSize(14)
        f.setBold(True)
        painter.setFont(f)
        vp = self.viewport().rect()
        box = painter.boundingRect(
            QRectF(vp).adjusted(20, 12, -20, 0),
            Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap,
            self.banner,
        ).adjusted(-12, -6, 12, 6)
        painter.setPen(QPen(QColor("#1b1b1b"), 1))
        painter.setBrush(QColor(255, 250, 225, 240))
        painter.drawRoundedRect(box, 6, 6)
        painter.setPen(QColor("#1b1b1b"))
        painter.drawText(
            box.adjusted(12, 6, -12, -6),
            Qt.AlignmentFlag.AlignHCenter | Qt.TextFlag.TextWordWrap,
            self.banner,
        )
        painter.restore()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        self.viewportChanged.emit()

    def resizeEvent(self, event) -> None:
        old = event.oldSize()
        keep = None
        if not self._fitted and old.width() > 0 and old.height() > 0:
            # the map point at the middle of the view stays there (Qt re-centred the
            # scene: the Tool Options bar appearing moved a zoomed-in map by a whole
            # screen)
            keep = self.mapToScene(QPoint(old.width() // 2, old.height() // 2))
        super().resizeEvent(event)
        if self._fitted:
            self.fit_map()
        elif keep is not None:
            self.centerOn(keep)
        self.viewportChanged.emit()

    def resting_cursor(self) -> QPointF | None:
        """Where on the map the cursor rests now, after a zoom or pan that moved the map
        under it (None when the cursor is not over the map)."""
        at = getattr(self, "_cursor_vp", None)
        return None if at is None else self.mapToScene(at)

    def _scene_pos(self, event: QMouseEvent) -> QPointF:
        return self.mapToScene(event.position().toPoint())
