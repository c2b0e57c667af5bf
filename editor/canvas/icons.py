"""Small symbols painted in screen pixels: facility icons, unit stack chips."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from gamecore.chips import UNIT_ABBREV, unit_abbrev

__all__ = ["UNIT_ABBREV", "draw_facility", "icon_family", "stack_text", "unit_abbrev"]

_INK = QColor("#1b1b1b")
_PAPER = QColor("#fbfaf5")


#: facility type ids of other rulesets (Global War's minor/major types) -> icon drawn
ICON_ALIASES = {
    "major_factory": "major_ic",
    "medium_factory": "factory",
    "minor_factory": "minor_ic",
    "seaplane_base": "air_base",
    "airfield": "air_base",
    "coastal_artillery": "coastal_guns",
}


def icon_family(ftype: str) -> str:
    """The icon a facility type is drawn with: its own, an alias, or by its last word
    ("minor_port" -> "port", "major_shipyard" -> "shipyard")."""
    if ftype in ICON_ALIASES:
        return ICON_ALIASES[ftype]
    for family in ("port", "shipyard", "dockyard"):
        if ftype.endswith("_" + family):
            return family
    return ftype


def draw_facility(painter: QPainter, centre: QPointF, ftype: str, size: float = 14.0) -> QRectF:
    """Draw the icon of a facility type centred at ``centre`` (device pixels); returns
    its rectangle."""
    ftype = icon_family(ftype)
    s = size
    r = QRectF(centre.x() - s / 2, centre.y() - s / 2, s, s)
    painter.setPen(QPen(_INK, 1.0))
    painter.setBrush(QBrush(_PAPER))
    painter.drawRoundedRect(r, 2.5, 2.5)
    painter.setBrush(QBrush(_INK))
    painter.setPen(Qt.PenStyle.NoPen)
    x, y = r.left(), r.top()
    if ftype == "major_ic":  # an industrial complex: the factory, inverted
        painter.setBrush(QBrush(_INK))
        painter.setPen(QPen(_INK, 1.0))
        painter.drawRoundedRect(r, 2.5, 2.5)
        painter.setBrush(QBrush(_PAPER))
        painter.setPen(Qt.PenStyle.NoPen)
    if ftype in ("factory", "minor_ic", "major_ic", "industrial_complex"):
        p = QPainterPath()
        p.moveTo(x + 2, y + s - 2)
        p.lineTo(x + 2, y + s * 0.45)
        p.lineTo(x + s * 0.4, y + s * 0.65)
        p.lineTo(x + s * 0.4, y + s * 0.45)
        p.lineTo(x + s * 0.7, y + s * 0.65)
        p.lineTo(x + s * 0.7, y + 2)
        p.lineTo(x + s - 2, y + 2)
        p.lineTo(x + s - 2, y + s - 2)
        p.closeSubpath()
        painter.drawPath(p)
    elif ftype in ("port", "naval_base", "dockyard", "shipyard", "submarine_base"):
        pen = QPen(_INK, 1.4)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        cx = centre.x()
        painter.drawLine(QPointF(cx, y + 3.5), QPointF(cx, y + s - 2.5))
        painter.drawLine(QPointF(cx - 3, y + 5), QPointF(cx + 3, y + 5))
        painter.drawArc(QRectF(cx - 4.5, y + s - 9, 9, 6.5), 180 * 16, 180 * 16)
        painter.drawEllipse(QPointF(cx, y + 2.6), 1.2, 1.2)
        if ftype == "naval_base":
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor("#b22222")))
            painter.drawEllipse(QPointF(x + s - 3, y + 3), 2, 2)
    elif ftype == "air_base":
        poly = QPolygonF(
            [
                QPointF(centre.x(), y + 2),
                QPointF(x + s - 2, y + s * 0.62),
                QPointF(centre.x(), y + s * 0.5),
                QPointF(x + 2, y + s * 0.62),
            ]
        )
        painter.drawPolygon(poly)
        painter.drawRect(QRectF(centre.x() - 1, y + s * 0.45, 2, s * 0.45))
    elif ftype in ("fortification", "coastal_guns"):
        for i in range(3):
            painter.drawRect(QRectF(x + 2 + i * (s - 4) / 2.5, y + 3, (s - 4) / 5, 3))
        painter.drawRect(QRectF(x + 2, y + 6, s - 4, s - 8))
    else:
        font = QFont()
        font.setPixelSize(int(s * 0.7))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QPen(_INK))
        painter.drawText(r, Qt.AlignmentFlag.AlignCenter, (ftype[:1] or "?").upper())
    return r


def chip_rect(centre: QPointF, text_width: float) -> QRectF:
    w = max(22.0, text_width + 8.0)
    return QRectF(centre.x() - w / 2, centre.y() - 7.5, w, 15.0)


def stack_text(stack) -> str:
    """A unit stack's chip text: count and type ("3 inf"); a damaged stack (a game in
    play mode) is marked "3 bb*"."""
    text = f"{stack.count} {unit_abbrev(stack.unit_type)}"
    return text + "*" if stack.props.get("damage") else text
