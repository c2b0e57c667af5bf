"""The adjacency overlay map mode: the adjacency graph drawn over the map. Zones that
share a border are joined by thin grey lines; hand-made links are drawn thicker and in
colour (strait blue, canal green, off-map orange, connection purple); a "not adjacent"
override is a red dashed line."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from gamecore.geometry import Coverage

LINK_COLOURS = {
    "strait": "#1565c0",
    "canal": "#2e7d32",
    "offmap": "#ef6c00",
    "connection": "#6a1b9a",
    "not_adjacent": "#d50000",
}


class AdjacencyOverlay(QGraphicsItem):
    """Drawn above the map layers; recomputed lazily when geometry or links change."""

    def __init__(self, scene):
        super().__init__()
        self.map_scene = scene
        self.setZValue(1500.0)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._key = None
        self._lines: list[tuple[QLineF, str]] = []

    def boundingRect(self) -> QRectF:
        return self.map_scene.layer_rect

    def invalidate(self) -> None:
        self._key = None
        self.update()

    def edges(self) -> list[tuple[QLineF, str]]:
        """(line, kind) pairs: kind "border" or a link kind."""
        sc = self.map_scene
        m = sc.pack.map
        key = (id(m), sc.geom.version, tuple((k.id, k.kind, k.a, k.b) for k in m.links.values()))
        if key != self._key:
            anchor = sc.geom.anchor
            out: list[tuple[QLineF, str]] = []

            def line(a, b):
                pa, pb = anchor.get(a), anchor.get(b)
                return QLineF(QPointF(*pa), QPointF(*pb)) if pa and pb else None

            for a, b in sorted(Coverage.from_map(m).pairs()):
                ln = line(a, b)
                if ln is not None:
                    out.append((ln, "border"))
            links_layer = sc.layers.get("links")
            for link in m.links.values():
                stubs = links_layer.seam_stubs(link) if links_layer is not None else None
                if stubs is not None:  # across the wrap seam: a stub off each edge
                    out.extend((QLineF(a, b), link.kind) for a, b in stubs)
                    continue
                ln = line(link.a, link.b)
                if ln is not None:
                    out.append((ln, link.kind))
            self._lines, self._key = out, key
        return self._lines

    def paint(self, painter: QPainter, option, widget=None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for ln, kind in self.edges():
            if kind == "border":
                pen = QPen(QColor(40, 40, 40, 170), 1.5)
            else:
                pen = QPen(QColor(LINK_COLOURS.get(kind, "#6a1b9a")), 3.0)
                if kind == "not_adjacent":
                    pen.setStyle(Qt.PenStyle.DashLine)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLine(ln)
        painter.setPen(QPen(QColor(20, 20, 20), 1))
        painter.setBrush(QColor("white"))
        scale = painter.worldTransform().m11() or 1.0
        r = 3.0 / scale
        for p in self.map_scene.geom.anchor.values():
            painter.drawEllipse(QPointF(*p), r, r)


def toggle_adjacency_overlay(window, on: bool) -> AdjacencyOverlay:
    """Show or hide the overlay on ``window``'s scene (made on first use)."""
    overlay = getattr(window, "adjacency_overlay", None)
    if overlay is None:
        overlay = AdjacencyOverlay(window.scene)
        window.scene.addItem(overlay)
        window.adjacency_overlay = overlay
    doc = window.document
    if getattr(overlay, "_doc", None) is not doc:  # repaint after every edit
        doc.changed.connect(lambda _c: overlay.invalidate())
        overlay._doc = doc
    overlay.invalidate()
    overlay.setVisible(on)
    window.scene.layersChanged.emit()  # the legend lists the overlay's lines
    return overlay
