"""The dynamic layers, ordinary items on top of the cached map: links, the selection and
hover highlight, issue markers."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QImage,
    QPainter,
    QPen,
    QPolygonF,
)
from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from editor.canvas import style
from editor.canvas.clearance import clear_segment, label_boxes
from editor.canvas.images import draw_centred as _draw_centred
from editor.canvas.layers.base import SELECT, Hit, Layer, _cosmetic, _font
from editor.canvas.layers.screen import FacilitiesLayer, _ScreenLayer
from editor.canvas.layers.static import LinesLayer
from gamecore.geometry.hexgrid import read_hex_meta


# -- dynamic layers (items on top of the cached map) ----------------------------------------
def _arrow_head(tip: QPointF, tail: QPointF, length: float, width: float) -> QPolygonF:
    dx, dy = tip.x() - tail.x(), tip.y() - tail.y()
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    bx, by = tip.x() - ux * length, tip.y() - uy * length
    return QPolygonF(
        [
            tip,
            QPointF(bx - uy * width, by + ux * width),
            QPointF(bx + uy * width, by - ux * width),
        ]
    )


#: half the width of a link arrow with its white edge and heads (px), kept off labels
ARROW_HALF = 6.0

LINK_STYLE = {  # kind -> colour, width, dash, arrows at both ends
    "strait": ("#0b3d91", 2.4, None, True),
    "canal": ("#007a6e", 2.6, None, True),
    "offmap": ("#5a5a5a", 2.0, [5, 3], False),
    "connection": ("#444444", 1.6, [2, 2], True),
    "not_adjacent": ("#c0392b", 2.0, [4, 3], False),
}


class LinksLayer(Layer):
    """Links as arrows between the zones' anchors: straits and canals double-headed,
    off-map routes dashed, "not adjacent" overrides red with a cross."""

    key = "links"
    STATIC = False

    def _ends(self, link) -> tuple[QPointF, QPointF] | None:
        anchor = self.map_scene.geom.anchor
        if link.a not in anchor or link.b not in anchor:
            return None
        if link.kind == "canal" and link.controllers:
            ends = self._canal_ends(link)
            if ends is not None:
                return ends
        return QPointF(*anchor[link.a]), QPointF(*anchor[link.b])

    def _canal_ends(self, link) -> tuple[QPointF, QPointF] | None:
        """A canal or strait between two sea zones is drawn where it is: from the point of
        each sea zone nearest its controlling land zone(s) (the Danish Straits across
        Denmark, not from the middle of the North Sea to the middle of the Baltic)."""
        sc = self.map_scene
        key = (link.id, link.a, link.b, tuple(link.controllers), sc.geom.version, id(sc.pack))
        cache = self.__dict__.setdefault("_canals", {})
        if key in cache:
            return cache[key]
        zones, anchor = sc.pack.map.zones, sc.geom.anchor
        ctrl = [anchor[c] for c in link.controllers if c in anchor]
        ga, gb = zones[link.a].geometry, zones[link.b].geometry
        out = None
        if ctrl and ga is not None and gb is not None and not ga.is_empty and not gb.is_empty:
            c = Point(sum(x for x, _ in ctrl) / len(ctrl), sum(y for _, y in ctrl) / len(ctrl))
            pa, pb = nearest_points(ga, c)[0], nearest_points(gb, c)[0]
            if pa.distance(pb) > 1e-6 * max(sc.geom.frame.width(), 1.0):
                out = (QPointF(pa.x, pa.y), QPointF(pb.x, pb.y))
        if len(cache) > 256:
            cache.clear()
        cache[key] = out
        return out

    def _arrow(self, link, scale: float) -> tuple[QPointF, QPointF] | None:
        """The ends of the arrow drawn for ``link`` at zoom ``scale``."""
        ends = self._ends(link)
        if ends is None:
            return None
        if link.kind == "canal" and link.controllers and self._canal_ends(link) is not None:
            a, b = ends  # across the controlling land: at least 36 px long
            d = math.hypot(b.x() - a.x(), b.y() - a.y())
            grow = (36.0 / scale - d) / 2
            if d > 0 and grow > 0:
                u = QPointF((b.x() - a.x()) / d, (b.y() - a.y()) / d)
                a, b = a - u * grow, b + u * grow
            return a, b
        return self._inset(*ends, scale)

    @staticmethod
    def _inset(a: QPointF, b: QPointF, scale: float) -> tuple[QPointF, QPointF]:
        """The arrow stops 14 px short of the zones' names."""
        d = math.hypot(b.x() - a.x(), b.y() - a.y())
        if d <= 0:
            return a, b
        inset = min(14.0 / scale, d * 0.3)
        u = QPointF((b.x() - a.x()) / d, (b.y() - a.y()) / d)
        return a + u * inset, b - u * inset

    def _seam_period(self) -> float | None:
        """How far east the map repeats when its hex grid wraps (``wrap_cols`` hexes),
        or None: a wrap-seam link is drawn as two stubs leaving the map's edges."""
        sc = self.map_scene
        key = (id(sc.pack), repr(sc.pack.map.props.get("hex")))
        cached = self.__dict__.get("_period")
        if cached is not None and cached[0] == key:
            return cached[1]
        layout, _ = read_hex_meta(sc.pack.map.props.get("hex"))
        period = None
        if layout is not None and layout.wrap_cols and layout.orientation == "pointy":
            r, c = layout.rows[0], layout.cols[0]
            period = (layout.centre(r, c + 1)[0] - layout.centre(r, c)[0]) * layout.wrap_cols
        self.__dict__["_period"] = (key, period)
        return period

    def seam_stubs(self, link) -> list[tuple[QPointF, QPointF]] | None:
        """A link of a wrapped hex map whose short way runs across the wrap seam (the
        generator's seam links, or a crossing arrow between the two edges) as two stubs
        outside the map, each from the middle of its hex's side on the map's edge
        towards where the other hex lies beyond it (the hex itself stays clear for its
        id and a road across that side); None for any other link."""
        period = self._seam_period()
        ends = self._ends(link) if period else None
        if ends is None:
            return None
        a, b = ends
        k = round((a.x() - b.x()) / period)
        if k == 0:
            return None  # nearer on the map than across the seam
        out = []
        for tail, other, shift in ((a, b, k * period), (b, a, -k * period)):
            step = other + QPointF(shift, 0) - tail
            out.append((tail + step * 0.5, tail + step * 0.85))
        return out

    def pieces(self, link, scale: float) -> list[tuple[QPointF, QPointF, bool]]:
        """The arrows drawn for ``link``: ``(tail, head, head at the tail too)``; a link
        across the wrap seam is two stubs (:meth:`seam_stubs`), not a line across the
        whole map."""
        ends = self._ends(link)
        if ends is None:
            return []
        stubs = self.seam_stubs(link)
        if stubs is not None:
            return [(a, b, False) for a, b in stubs]
        both = LINK_STYLE.get(link.kind, LINK_STYLE["connection"])[3]
        a2, b2 = self._arrow(link, scale) or ends
        # the arrow keeps off the names and hex ids (#37): shortened or moved aside
        a2, b2 = clear_segment(a2, b2, self.label_boxes(scale), scale, ARROW_HALF)
        return [(a2, b2, both)]

    def label_boxes(self, scale: float):
        """The names and hex ids at ``scale`` (clearance.label_boxes), kept while the
        placement and the geometry stay the same."""
        sc = self.map_scene
        key = (
            round(scale, 9),
            id(sc.symbols.get(scale)),
            sc.geom.version,
            id(sc.pack),
            sc.layers["labels"].isVisible(),
            sc.layers["hexes"].isVisible(),
        )
        cached = self.__dict__.get("_label_boxes")
        if cached is None or cached[0] != key:
            cached = self.__dict__["_label_boxes"] = (key, label_boxes(sc, scale))
        return cached[1]

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for link in sc.pack.map.links.values():
            colour, width, dash, _ = LINK_STYLE.get(link.kind, LINK_STYLE["connection"])
            for a2, b2, both in self.pieces(link, scale):
                box = QRectF(a2, b2).normalized().adjusted(-20, -20, 20, 20)
                if not box.intersects(exposed):
                    continue
                self._draw_arrow(painter, link, a2, b2, both, scale, colour, width, dash)

    def _draw_arrow(self, painter, link, a2, b2, both, scale, colour, width, dash) -> None:
        sc = self.map_scene
        if ("link", link.id) in sc.selection:
            painter.setPen(_cosmetic(SELECT, width + 5))
            painter.drawLine(a2, b2)
        painter.setPen(_cosmetic("#ffffff", width + 2))
        painter.drawLine(a2, b2)
        painter.setPen(_cosmetic(colour, width, dash))
        painter.drawLine(a2, b2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(colour)))
        head, half = 11.0 / scale, 5.0 / scale
        painter.drawPolygon(_arrow_head(b2, a2, head, half))
        if both:
            painter.drawPolygon(_arrow_head(a2, b2, head, half))
        if link.kind == "not_adjacent":
            m = (a2 + b2) / 2
            s = 5.0 / scale
            painter.setPen(_cosmetic(colour, 2.4))
            painter.drawLine(m + QPointF(-s, -s), m + QPointF(s, s))
            painter.drawLine(m + QPointF(-s, s), m + QPointF(s, -s))
        if link.via is not None and link.via in sc.geom.anchor and scale > 0.15:
            v = QPointF(*sc.geom.anchor[link.via])
            painter.setPen(_cosmetic(colour, 1.0, [1, 3]))
            painter.drawLine((a2 + b2) / 2, v)

    def hit(self, pos: QPointF, scale: float) -> Hit | None:
        best: tuple[float, int] | None = None
        p = Point(pos.x(), pos.y())
        for link in self.map_scene.pack.map.links.values():
            for a, b, _ in self.pieces(link, scale):
                d = LineString([(a.x(), a.y()), (b.x(), b.y())]).distance(p)
                if d * scale <= 6 and (best is None or d < best[0]):
                    best = (d, link.id)
        return ("link", best[1]) if best else None


class HighlightLayer(Layer):
    """Selected and hovered zones, selected lines and facilities (not a user layer)."""

    key = "highlight"
    STATIC = False
    IN_OVERVIEW = True

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        geom = sc.geom
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        sel = [zid for kind, zid in sc.selection if kind == "zone"]
        if sel and sc.layers["zones"].isVisible():
            painter.setBrush(QBrush(QColor(255, 255, 255, 70)))
            painter.setPen(_cosmetic(SELECT, 2.6))
            for zid in sel:
                path = geom.paths.get(zid)
                if path is not None and geom.rect(zid).intersects(exposed):
                    painter.drawPath(path)
        if sc.play_targets or sc.play_source is not None:  # play mode: where a stack may go
            painter.setBrush(QBrush(QColor(60, 220, 90, 60)))
            painter.setPen(_cosmetic(QColor(30, 160, 60), 2.2))
            for zid in sc.play_targets:
                path = geom.paths.get(zid)
                if path is not None and geom.rect(zid).intersects(exposed):
                    painter.drawPath(path)
            src = geom.paths.get(sc.play_source) if sc.play_source is not None else None
            if src is not None:
                painter.setBrush(QBrush(QColor(255, 255, 255, 60)))
                painter.setPen(_cosmetic(SELECT, 3.0))
                painter.drawPath(src)
        hz = sc.hover
        if hz is not None and hz in geom.paths and ("zone", hz) not in sc.selection:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(_cosmetic(QColor(255, 255, 255, 200), 1.6))
            painter.drawPath(geom.paths[hz])
        if sc.overview_pass:
            return
        lines = {i for kind, i in sc.selection if kind == "line"}
        if lines:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(_cosmetic(QColor(255, 180, 0, 170), 9))
            for key in ("convoy", "rail", "rivers"):
                layer = sc.layers[key]
                if not layer.isVisible():
                    continue
                assert isinstance(layer, LinesLayer)
                for lid, (path, _rect) in layer.paths().items():
                    if lid in lines:
                        painter.drawPath(path)
        areas = [i for kind, i in sc.selection if kind == "terrain_area"]
        layer_t = sc.layers.get("terrain")
        if areas and layer_t is not None and layer_t.isVisible():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(_cosmetic(SELECT, 3.0))
            for aid, path, _rect, *_ in layer_t.data():
                if aid in areas:
                    painter.drawPath(path)
        facs = [i for kind, i in sc.selection if kind == "facility"]
        layer = sc.layers["facilities"]
        if facs and layer.isVisible():
            assert isinstance(layer, FacilitiesLayer)
            t = painter.worldTransform()
            rects = layer.icon_rects(t, scale, facs)
            painter.save()
            painter.resetTransform()
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(SELECT), 2.5))
            for r in rects:
                painter.drawRoundedRect(r.adjusted(-2, -2, 2, 2), 3, 3)
            painter.restore()


class IssuesLayer(_ScreenLayer):
    """Markers of validation issues at the zones they concern."""

    key = "issues"
    STATIC = False

    def _marker(self, severity: str) -> QImage:
        colour = QColor(style.SEVERITY.get(severity, style.SEVERITY["warning"]))

        def paint(p: QPainter) -> None:
            p.setPen(QPen(QColor("#1b1b1b"), 1.0))
            p.setBrush(QBrush(colour))
            if severity == "info":  # a small blue "i", not a warning's triangle
                p.drawEllipse(QRectF(3, 2, 12, 12))
                p.setPen(QPen(QColor("white"), 1.0))
                p.setFont(_font(9, bold=True))
                p.drawText(QRectF(3, 2, 12, 12), Qt.AlignmentFlag.AlignCenter, "i")
                return
            tri = QPolygonF([QPointF(9, 1), QPointF(17, 15), QPointF(1, 15)])
            p.drawPolygon(tri)
            p.setFont(_font(10, bold=True))
            p.drawText(QRectF(5, 4, 8, 11), Qt.AlignmentFlag.AlignCenter, "!")

        return self.images.get(("issue", severity), 18, 16, paint)

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        if not sc.issues:
            return
        t = self._begin(painter)
        area = self._area(exposed, scale, 40)  # a marker is 18 px, 18 px above the anchor
        for zid, severity in sc.issues.items():
            spot = sc.symbols.issue_marker(zid, scale)
            if spot is not None and area.contains(spot[0], spot[1]):
                c = t.map(QPointF(spot[0], spot[1])) + QPointF(spot[2], spot[3])
                _draw_centred(painter, self._marker(severity), c)
        painter.restore()
