"""Overview dock: the whole map small, with the main view's rectangle; click or drag to
move the main view there. The picture is re-rendered (throttled) when the map changes:
only the part of it that an edit changed, when that is known."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from editor.canvas import style
from editor.canvas.view import MapView


class Overview(QWidget):
    def __init__(self, view: MapView, parent=None):
        super().__init__(parent)
        self.view = view
        self.scene = view.map_scene
        self._image: QImage | None = None
        self._target = QRectF()
        self._dirty: QRectF | None = None  # map area to render again (None: all)
        self.setMinimumSize(120, 80)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(400)
        self._timer.timeout.connect(self._render)
        view.viewportChanged.connect(self.update)

    def sizeHint(self) -> QSize:
        return QSize(260, 150)

    def invalidate(self, area: QRectF | None = None) -> None:
        """The map changed (in ``area``, map coordinates; None: anywhere, a null
        rectangle: nowhere): re-render soon (several changes, one render)."""
        if area is not None and area.isNull():
            return
        if self._image is not None and area is not None:
            self._dirty = area if self._dirty is None else self._dirty.united(area)
        else:
            self._image = None  # all of it
        if self.isVisible():
            self._timer.start()

    def _render(self) -> None:
        if self._image is not None and self._dirty is not None and self._render_part():
            return
        self._dirty = None
        frame = self.scene.geom.frame
        if frame.isEmpty() or self.width() < 2 or self.height() < 2:
            self._image = None
            return
        dpr = self.devicePixelRatioF()
        img = QImage(
            int(self.width() * dpr),
            int(self.height() * dpr),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        img.setDevicePixelRatio(dpr)
        img.fill(QColor(style.MAP_BACKGROUND))
        s = min(self.width() / frame.width(), self.height() / frame.height())
        w, h = frame.width() * s, frame.height() * s
        self._target = QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        self.scene.overview_pass = True
        try:
            self.scene.render(p, self._target, frame, Qt.AspectRatioMode.KeepAspectRatio)
        finally:
            self.scene.overview_pass = False
            p.end()
        self._image = img
        self.update()

    def _render_part(self) -> bool:
        """Render the changed area again into the picture (False: it must be whole)."""
        frame, area = self.scene.geom.frame, self._dirty
        img = self._image
        assert img is not None and area is not None
        dpr = self.devicePixelRatioF()
        if (
            frame.isEmpty()
            or img.width() != int(self.width() * dpr)
            or img.height() != int(self.height() * dpr)
        ):
            return False
        self._dirty = None
        s = self._target.width() / frame.width()
        # whole pixels around the area, so the edges match the rest of the picture
        x0 = math.floor(self._target.left() + (area.left() - frame.left()) * s) - 1
        y0 = math.floor(self._target.top() + (area.top() - frame.top()) * s) - 1
        x1 = math.ceil(self._target.left() + (area.right() - frame.left()) * s) + 1
        y1 = math.ceil(self._target.top() + (area.bottom() - frame.top()) * s) + 1
        target = QRectF(x0, y0, x1 - x0, y1 - y0).intersected(self._target)
        if target.isEmpty():
            return True
        source = QRectF(
            frame.left() + (target.left() - self._target.left()) / s,
            frame.top() + (target.top() - self._target.top()) / s,
            target.width() / s,
            target.height() / s,
        )
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setClipRect(target)
        p.fillRect(target, QColor(style.MAP_BACKGROUND))
        self.scene.overview_pass = True
        try:
            self.scene.render(p, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)
        finally:
            self.scene.overview_pass = False
            p.end()
        self.update()
        return True

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._render()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._image is None or self._dirty is not None:
            self._render()

    def paintEvent(self, event) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(style.MAP_BACKGROUND))
        if self._image is not None:
            p.drawImage(QPointF(0, 0), self._image)
        frame = self.scene.geom.frame
        if not self._target.isEmpty() and not frame.isEmpty():
            vis = self.view.visible_rect().intersected(self.scene.layer_rect)
            s = self._target.width() / frame.width()
            r = QRectF(
                self._target.left() + (vis.left() - frame.left()) * s,
                self._target.top() + (vis.top() - frame.top()) * s,
                vis.width() * s,
                vis.height() * s,
            )
            p.setPen(QPen(QColor("#ffb400"), 1.5))
            p.setBrush(QColor(255, 180, 0, 35))
            p.drawRect(r.intersected(QRectF(self.rect()).adjusted(1, 1, -1, -1)))
        p.end()

    def _to_map(self, pos: QPointF) -> QPointF | None:
        frame = self.scene.geom.frame
        if self._target.isEmpty() or frame.isEmpty():
            return None
        s = frame.width() / self._target.width()
        return QPointF(
            frame.left() + (pos.x() - self._target.left()) * s,
            frame.top() + (pos.y() - self._target.top()) * s,
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        p = self._to_map(event.position())
        if p is not None:
            self.view.center_on(p)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton:
            self.mousePressEvent(event)
