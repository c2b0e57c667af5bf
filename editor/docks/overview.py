"""Overview dock: the whole map small, with the main view's rectangle; click or drag to
move the main view there. The picture is re-rendered (throttled) when the map changes."""

from __future__ import annotations

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

    def invalidate(self) -> None:
        """The map changed: re-render soon (several changes, one render)."""
        if self.isVisible():
            self._timer.start()
        else:
            self._image = None

    def _render(self) -> None:
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

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._render()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._image is None:
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
