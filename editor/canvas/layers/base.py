"""What every layer shares: the layer list, cosmetic pens, cached symbol images, fonts and
the :class:`Layer` base class."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene


#: user layers, bottom to top: key -> title
LAYERS = {
    "background": "Background image",
    "zones": "Zones",
    "terrain": "Terrain areas",
    "borders": "Borders",
    "rivers": "Rivers",
    "rail": "Rail lines",
    "convoy": "Convoy lines",
    "crossings": "Narrow crossings",
    "hexsides": "Hexside features",
    "roundels": "Roundel points",
    "labels": "Labels",
    "hexes": "Hex ids",
    "cities": "City flags",
    "facilities": "Facilities",
    "units": "Units",
    "links": "Links",
    "issues": "Issues",
}

Hit = tuple[str, int]
SELECT = "#ffb400"


def _cosmetic(colour: str | QColor, width: float, dash: list[float] | None = None) -> QPen:
    pen = QPen(QColor(colour))
    pen.setCosmetic(True)
    pen.setWidthF(width)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if dash:
        pen.setDashPattern(dash)
    return pen


def device_scale(painter: QPainter) -> float:
    t = painter.worldTransform()
    return math.hypot(t.m11(), t.m12()) or 1.0


def _font(px: int, bold: bool = False, italic: bool = False) -> QFont:
    f = QFont()
    f.setPixelSize(px)
    f.setBold(bold)
    f.setItalic(italic)
    return f


class Layer(QGraphicsItem):
    """Base of the layers: ``draw(painter, exposed, scale)`` paints, ``hit(pos, scale)``
    picks a feature (``(kind, id)``) for the select tool."""

    key = "layer"
    #: painted into the cached scene background (True) or as an item on top (False)
    STATIC = True
    #: drawn in the overview (small symbols and text are not)
    IN_OVERVIEW = False

    def __init__(self, scene: MapScene, z: float):
        super().__init__()
        self.map_scene = scene
        self.locked = False
        self.setZValue(z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        if self.STATIC:
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)

    @property
    def title(self) -> str:
        return LAYERS.get(self.key, self.key)

    def boundingRect(self) -> QRectF:
        return self.map_scene.layer_rect

    def shape(self) -> QPainterPath:  # never picked by Qt: the scene picks with hit()
        return QPainterPath()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        if self.map_scene.overview_pass and not self.IN_OVERVIEW:
            return
        exposed = option.exposedRect if option.exposedRect.isValid() else self.boundingRect()
        self.draw(painter, exposed, device_scale(painter))

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        pass

    def hit(self, pos: QPointF, scale: float) -> Hit | None:
        return None

    def refresh(self, rect: QRectF | None = None) -> None:
        """Repaint ``rect`` (scene coordinates; everything when None)."""
        if self.STATIC:
            self.map_scene.invalidate_static(rect)
        elif rect is None:
            self.update()
        else:
            self.update(rect)

    def rebuild(self) -> None:
        """Forget cached drawing data (after the pack or its geometry changed)."""
        self.refresh()
