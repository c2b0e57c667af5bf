"""Small symbol pictures (names, roundels, chips, icons) that the screen layers draw.

On screen and into a PNG a symbol is painted once into a cached image per key and
device pixel ratio. Into a vector device (PDF, SVG, a QPicture) the same painting runs
on the device itself each time it is drawn, so text stays text and lines stay lines.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPaintEngine, QPainter

_VECTOR_ENGINES = {
    QPaintEngine.Type.Pdf,
    QPaintEngine.Type.SVG,
    QPaintEngine.Type.Picture,
}


def is_vector(painter: QPainter) -> bool:
    """Whether ``painter`` paints onto a vector device (PDF, SVG, QPicture)."""
    engine = painter.paintEngine()
    return engine is not None and engine.type() in _VECTOR_ENGINES


class Direct:
    """A symbol painted straight onto the device (vector output): it answers the size
    questions a cached image answers."""

    __slots__ = ("_h", "_w", "paint")

    def __init__(self, paint, w: float, h: float) -> None:
        self.paint = paint
        self._w, self._h = w, h

    def width(self) -> float:
        return self._w

    def height(self) -> float:
        return self._h

    def devicePixelRatio(self) -> float:  # noqa: N802 - the QImage name
        return 1.0


class Images:
    """Small symbol images, drawn once per key and device pixel ratio."""

    def __init__(self) -> None:
        self._cache: dict[tuple, QImage | Direct] = {}
        self.dpr = 1.0
        self.vector = False

    def set_dpr(self, dpr: float) -> None:
        if dpr != self.dpr:
            self.dpr = dpr
            self._cache.clear()

    def prepare(self, painter: QPainter) -> None:
        """Follow ``painter``'s device: its pixel ratio, raster or vector."""
        vector = is_vector(painter)
        if vector != self.vector:
            self.vector = vector
            self._cache.clear()
        device = painter.device()
        self.set_dpr(1.0 if vector or device is None else device.devicePixelRatioF())

    def clear(self) -> None:
        self._cache.clear()

    def get(self, key: tuple, w: float, h: float, paint) -> QImage | Direct:
        img = self._cache.get(key)
        if img is None:
            if self.vector:
                img = Direct(paint, w, h)
            else:
                d = self.dpr
                img = QImage(
                    max(1, math.ceil(w * d)),
                    max(1, math.ceil(h * d)),
                    QImage.Format.Format_ARGB32_Premultiplied,
                )
                img.setDevicePixelRatio(d)
                img.fill(Qt.GlobalColor.transparent)
                p = QPainter(img)
                p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
                p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
                paint(p)
                p.end()
            self._cache[key] = img
        return img


def draw_centred(painter: QPainter, img: QImage | Direct, centre: QPointF) -> QRectF:
    w = img.width() / img.devicePixelRatio()
    h = img.height() / img.devicePixelRatio()
    r = QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h)
    if isinstance(img, Direct):
        painter.save()
        painter.translate(r.topLeft())
        painter.setPen(Qt.GlobalColor.black)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        img.paint(painter)
        painter.restore()
    else:
        painter.drawImage(r.topLeft(), img)
    return r
