"""Layers of hex maps (issue #28): each hex's id, terrain symbol, production points and
markers (coastal, garrison override), and the hexside features (roads across a hexside,
all-sea hexsides).

A hex map is one whose ``Map.props["hex"]`` is set, or whose zones carry
``Zone.props["hex"]`` (HGW-CONTRACT). Like the other static layers these paint into the
view's cached background and cull against the exposed rectangle: a 48 x 112 map draws
only the hexes on screen, and nothing at all when a hex is too small on screen for its
id to be read (level of detail).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QImage, QPainter, QPainterPath, QPen

from editor.canvas.layers import Layer, _cosmetic, _draw_centred, _font, _ScreenLayer
from gamecore.geometry.hexgrid import HexLayout, read_hex_meta

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene
    from gamecore.model import Map

#: HGW terrains (HGW-CONTRACT); "clear" has no symbol
HEX_TERRAINS = ("clear", "mountain", "swamp", "desert", "jungle", "island")
#: terrains without an inherent garrison (rules-notes/001 §1.5)
NO_GARRISON_TERRAIN = ("desert", "jungle", "island")
#: below this width on screen (px) a hex shows nothing; ids need a little more room
MIN_HEX_PX = 26.0
SYMBOL_PX = 40.0


def is_hex_map(m: Map) -> bool:
    if "hex" in m.props:
        return True
    return any("hex" in z.props for z in m.zones.values())


def hex_zone(m: Map, zid: int) -> bool:
    z = m.zones.get(zid)
    if z is None or z.geometry is None:
        return False
    return "hex" in z.props or ("hex" in m.props and z.kind != "offmap")


def inherent_garrison(zone) -> int:
    """The garrison strength of a land hex (rules-notes/001 §1.5): the override in
    ``props["garrison"]``, else 1 except on desert, jungle and island terrain."""
    if zone.kind != "land":
        return 0
    g = zone.props.get("garrison")
    if g in (0, 1):
        return int(g)
    return 0 if zone.terrain in NO_GARRISON_TERRAIN else 1


# -- terrain symbols (drawn once per terrain into a small image) ---------------------------
def _paint_terrain(p: QPainter, terrain: str, w: float, h: float) -> None:
    cx, cy = w / 2, h / 2
    if terrain == "mountain":
        p.setPen(QPen(QColor("#5b4226"), 1.2))
        p.setBrush(QBrush(QColor("#a68f72")))
        for dx, s in ((-4.5, 5.0), (3.5, 6.5)):
            path = QPainterPath(QPointF(cx + dx - s, cy + 4))
            path.lineTo(cx + dx, cy + 4 - 1.6 * s)
            path.lineTo(cx + dx + s, cy + 4)
            path.closeSubpath()
            p.drawPath(path)
    elif terrain == "swamp":
        p.setPen(QPen(QColor("#2f5d46"), 1.3))
        for row, y in enumerate((cy - 3, cy + 1, cy + 5)):
            x0 = cx - 8 + 2 * (row % 2)
            p.drawLine(QPointF(x0, y), QPointF(x0 + 13, y))
            for tx in (x0 + 3, x0 + 8):
                p.drawLine(QPointF(tx, y), QPointF(tx - 1, y - 3))
                p.drawLine(QPointF(tx, y), QPointF(tx + 1, y - 3))
    elif terrain == "desert":
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(QColor("#b5862a")))
        for i, (dx, dy) in enumerate(
            (
                (-7, -3),
                (-2, -4),
                (3, -3),
                (8, -2),
                (-5, 1),
                (0, 0),
                (5, 2),
                (-8, 4),
                (-2, 4),
                (4, 5),
            )
        ):
            r = 1.3 if i % 3 else 1.7
            p.drawEllipse(QPointF(cx + dx, cy + dy), r, r)
    elif terrain == "jungle":
        p.setPen(QPen(QColor("#1d4d2b"), 1.0))
        p.setBrush(QBrush(QColor("#3f8050")))
        for dx, dy in ((-6, 1), (0, -3), (6, 1), (-3, 5), (3, 5)):
            p.drawEllipse(QPointF(cx + dx, cy + dy), 3.2, 3.2)
    elif terrain == "island":
        p.setPen(QPen(QColor("#2c4a66"), 1.4))
        p.setBrush(QBrush(QColor("#d5e3a6")))
        p.drawEllipse(QPointF(cx, cy), 6.0, 6.0)
    elif terrain not in ("", "clear"):  # a terrain HGW does not know: its initial
        p.setPen(QColor("#333333"))
        p.setFont(_font(10, bold=True))
        p.drawText(QRectF(0, 0, w, h), Qt.AlignmentFlag.AlignCenter, terrain[:2].title())


def _paint_coastal(p: QPainter, w: float, h: float) -> None:
    pen = QPen(QColor("#1f5f9e"), 1.3)
    p.setPen(pen)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for y in (h / 2 - 2, h / 2 + 2):
        path = QPainterPath(QPointF(1, y))
        path.cubicTo(QPointF(3, y - 2.5), QPointF(5, y + 2.5), QPointF(7, y))
        path.cubicTo(QPointF(9, y - 2.5), QPointF(11, y + 2.5), QPointF(13, y))
        p.drawPath(path)


def _paint_text(p: QPainter, text: str, px: int, ink: str, bold: bool, w: float, h: float):
    f = _font(px, bold=bold)
    p.setFont(f)
    rect = QRectF(0, 0, w, h)
    p.setPen(QColor(255, 255, 255, 200))
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        p.drawText(rect.translated(dx, dy), Qt.AlignmentFlag.AlignCenter, text)
    p.setPen(QColor(ink))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


def _on_device(painter: QPainter, exposed: QRectF) -> QRectF:
    """``exposed`` cut to what the painter's device shows: a repaint of the whole cached
    map is asked for the whole scene, but only the view's part of it is drawn."""
    dev = painter.device()
    if dev is None:
        return exposed
    inv, ok = painter.worldTransform().inverted()
    if not ok:
        return exposed
    return exposed.intersected(inv.mapRect(QRectF(0, 0, dev.width(), dev.height())))


class HexLabelsLayer(_ScreenLayer):
    """Per hex: its id at the top, its terrain symbol in the middle, its production
    points below, a wave at the left on a coastal hex, "G0"/"G1" at the right where the
    inherent garrison is overridden. Constant size in pixels; hidden when too small."""

    key = "hexes"

    def __init__(self, scene: MapScene, z: float):
        super().__init__(scene, z)
        self._arrays: tuple | None = None
        self._ids: frozenset[int] = frozenset()
        self._version = -1
        self._pack_id = 0

    def rebuild(self) -> None:
        self._arrays = None
        super().rebuild()

    def forget_hexes(self) -> None:
        """Zones changed kind or props: find the hexes again on the next paint."""
        self._arrays = None

    def arrays(self):
        """(zone ids, centres x, centres y, half widths, half heights) of the hexes."""
        sc = self.map_scene
        g = sc.geom
        if self._arrays is not None and self._version == g.version and self._pack_id == id(sc.pack):
            return self._arrays
        m = sc.pack.map
        if not is_hex_map(m):
            self._arrays = (np.empty(0, int), *(np.empty(0),) * 4)
        else:
            rows = [i for i, zid in enumerate(g.ids) if not g.empty[i] and hex_zone(m, zid)]
            idx = np.asarray(rows, dtype=int)
            b = g.bounds[idx] if len(idx) else np.empty((0, 4))
            self._arrays = (
                idx,
                (b[:, 0] + b[:, 2]) / 2,
                (b[:, 1] + b[:, 3]) / 2,
                (b[:, 2] - b[:, 0]) / 2,
                (b[:, 3] - b[:, 1]) / 2,
            )
        self._version, self._pack_id = g.version, id(sc.pack)
        self._ids = frozenset(g.ids[i] for i in self._arrays[0])
        return self._arrays

    def hex_ids(self) -> frozenset[int]:
        """The zones this layer draws as hexes."""
        self.arrays()
        return self._ids

    def visible(self, exposed: QRectF, scale: float) -> list[int]:
        """Rows (indices into :meth:`arrays`) of the hexes drawn in ``exposed`` at
        ``scale``; none when a hex is narrower than MIN_HEX_PX on screen."""
        idx, cx, cy, hw, hh = self.arrays()
        if not len(idx):
            return []
        big = 2 * hw * scale >= MIN_HEX_PX
        inside = (
            (cx + hw >= exposed.left())
            & (cx - hw <= exposed.right())
            & (cy + hh >= exposed.top())
            & (cy - hh <= exposed.bottom())
        )
        return np.flatnonzero(big & inside).tolist()

    def _text(self, text: str, px: int, ink: str, bold: bool = False) -> QImage:
        key = ("t", text, px, ink, bold)
        img = self.images._cache.get(key)
        if img is not None:
            return img
        fm = QFontMetricsF(_font(px, bold=bold))
        w, h = fm.horizontalAdvance(text) + 4, fm.height() + 2
        return self.images.get(key, w, h, lambda p: _paint_text(p, text, px, ink, bold, w, h))

    @staticmethod
    def _id_px(px_w: float) -> int:
        """The font size (px) of the id of a hex ``px_w`` pixels wide."""
        return int(max(8, min(13, round(px_w * 0.2))))

    def id_boxes(self, scale: float) -> list[tuple[float, float, float, float]]:
        """Where the hex ids are written at ``scale``: map rectangles (x0, y0, x1, y1)
        of their text, for what must keep off them (arrows, pennants)."""
        idx, cx, cy, hw, hh = self.arrays()
        if not len(idx):
            return []
        sc = self.map_scene
        zones, ids = sc.pack.map.zones, sc.geom.ids
        out = []
        metrics: dict[int, QFontMetricsF] = {}
        for r in np.flatnonzero(2 * hw * scale >= MIN_HEX_PX).tolist():
            z = zones.get(ids[idx[r]])
            if z is None or not z.code:
                continue
            px = self._id_px(2 * float(hw[r]) * scale)
            fm = metrics.get(px) or metrics.setdefault(px, QFontMetricsF(_font(px)))
            w, h = (fm.horizontalAdvance(z.code) + 4) / scale, (fm.height() + 2) / scale
            x, y = float(cx[r]), float(cy[r]) - float(hh[r]) * 0.52
            out.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        return out

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        rows = self.visible(_on_device(painter, exposed), scale)
        if not rows:
            return
        sc = self.map_scene
        zones = sc.pack.map.zones
        ids = sc.geom.ids
        idx, cx, cy, hw, hh = self.arrays()
        t = self._begin(painter)
        for r in rows:
            zid = ids[idx[r]]
            z = zones.get(zid)
            if z is None:
                continue
            x, y, w, h = float(cx[r]), float(cy[r]), float(hw[r]), float(hh[r])
            px_w = 2 * w * scale
            size = self._id_px(px_w)
            water = z.kind in ("sea", "lake")
            ink = "#1c3d5e" if water else "#2a2a2a"
            if z.code:
                top = t.map(QPointF(x, y - h * 0.52))
                _draw_centred(painter, self._text(z.code, size, ink), top)
            if px_w < SYMBOL_PX or z.kind != "land":
                continue
            centre = t.map(QPointF(x, y + h * 0.02))
            if z.terrain not in ("", "clear"):
                img = self.images.get(
                    ("terrain", z.terrain),
                    22,
                    16,
                    lambda p, tr=z.terrain: _paint_terrain(p, tr, 22, 16),
                )
                _draw_centred(painter, img, centre)
            if z.value:
                low = t.map(QPointF(x, y + h * 0.5))
                _draw_centred(painter, self._text(str(z.value), size + 1, "#7a0f0f", True), low)
            side = w * scale * 0.62
            if "coastal" in z.flags:
                img = self.images.get(("coastal",), 14, 10, lambda p: _paint_coastal(p, 14, 10))
                _draw_centred(painter, img, centre - QPointF(side, 0))
            g = z.props.get("garrison")
            if g in (0, 1):
                _draw_centred(
                    painter,
                    self._text(f"G{g}", size - 1, "#4a2d7a", True),
                    centre + QPointF(side, 0),
                )
        painter.restore()


# -- hexside features ------------------------------------------------------------------------
ROAD = "#b0301e"
ALL_SEA = "#0d4f8c"


class HexsidesLayer(Layer):
    """Roads as a short line across their hexside (from near one hex's centre to near
    the other's), all-sea hexsides as a heavy blue dashed edge."""

    key = "hexsides"

    def __init__(self, scene: MapScene, z: float):
        super().__init__(scene, z)
        self._cache: dict[tuple[int, int], tuple] = {}

    def rebuild(self) -> None:
        self._cache = {}
        self.refresh()

    def segment(self, a: int, b: int):
        """(edge end 1, edge end 2, centre of a, centre of b) of the hexside of zones
        ``a`` and ``b``, or None when they share no edge (the first of
        :meth:`segments`)."""
        segs = self.segments(a, b)
        return segs[0] if segs else None

    def segments(self, a: int, b: int) -> list[tuple]:
        """The hexside of zones ``a`` and ``b`` as drawn: one ``(edge end 1, edge end 2,
        centre of a, centre of b)``, or two for hexes that neighbour across the wrap
        seam of the grid (the hexside at each edge of the map; its second centre is the
        middle of that side, so a road is drawn inside the map, up to the edge); [] when
        they share no edge."""
        m = self.map_scene.pack.map
        za, zb = m.zones.get(a), m.zones.get(b)
        if za is None or zb is None or za.geometry is None or zb.geometry is None:
            return []
        cached = self._cache.get((a, b))
        if cached is not None and cached[0] is za.geometry and cached[1] is zb.geometry:
            return cached[2]  # edits replace geometries, never mutate them
        shared = za.geometry.boundary.intersection(zb.geometry.boundary)
        out: list[tuple] = []
        if not shared.is_empty and shared.length > 0:
            ends = np.asarray(
                [c for g in getattr(shared, "geoms", [shared]) for c in g.coords], dtype=float
            )
            # the two points of the shared edge furthest apart
            if len(ends) >= 2:
                d = np.linalg.norm(ends[:, None, :] - ends[None, :, :], axis=2)
                i, j = np.unravel_index(int(np.argmax(d)), d.shape)
                p, q = ends[i], ends[j]
                ca, cb = za.geometry.centroid, zb.geometry.centroid
                out.append(
                    (
                        QPointF(p[0], p[1]),
                        QPointF(q[0], q[1]),
                        QPointF(ca.x, ca.y),
                        QPointF(cb.x, cb.y),
                    )
                )
        else:
            out = self._seam_segments(m, za, zb)
        if len(self._cache) > 20000:
            self._cache.clear()
        self._cache[(a, b)] = (za.geometry, zb.geometry, out)
        return out

    def _seam_segments(self, m: Map, za, zb) -> list[tuple]:
        layout = wrap_layout(m)
        ca, cb = _cell(za), _cell(zb)
        if layout is None or ca is None or cb is None:
            return []
        out = []
        for here, there in ((ca, cb), (cb, ca)):
            raw = _raw_across_seam(layout, here, there)
            edge = layout.shared_edge(here, raw) if raw is not None else None
            if edge is None:
                continue
            (px, py), (qx, qy) = edge.coords
            hx, hy = layout.centre(*here)
            mid = QPointF((px + qx) / 2, (py + qy) / 2)
            out.append((QPointF(px, py), QPointF(qx, qy), QPointF(hx, hy), mid))
        return out

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        m = self.map_scene.pack.map
        features = [b for b in m.borders.values() if b.props.get("road") or b.props.get("all_sea")]
        if not features:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        casing = _cosmetic("#ffffff", 5.5)
        road = _cosmetic(ROAD, 3.2)
        sea = _cosmetic(ALL_SEA, 4.5, [2.0, 1.2])
        sea.setCapStyle(Qt.PenCapStyle.FlatCap)
        exposed = _on_device(painter, exposed)
        for b in features:
            for p, q, ca, cb in self.segments(b.a, b.b):
                box = QRectF(ca, cb).normalized().united(QRectF(p, q).normalized())
                if not box.intersects(exposed):
                    continue
                if b.props.get("all_sea"):
                    painter.setPen(sea)
                    painter.drawLine(p, q)
                if b.props.get("road"):
                    mid = (p + q) / 2
                    a2 = mid + (ca - mid) * 0.42
                    b2 = mid + (cb - mid) * 0.42
                    painter.setPen(casing)
                    painter.drawLine(a2, b2)
                    painter.setPen(road)
                    painter.drawLine(a2, b2)


def nearest_hexside(
    m: Map, zid: int, x: float, y: float, locate: Callable[[float, float], int | None]
) -> tuple[int, float] | None:
    """The zone across the edge of hex ``zid`` nearest to (x, y) and the distance to
    that edge (map units); None when that edge borders no zone (the map's rim).
    ``locate(x, y)`` finds the zone at a point (the scene's spatial index)."""
    z = m.zones.get(zid)
    if z is None or z.geometry is None or z.geometry.geom_type != "Polygon":
        return None
    pts = list(z.geometry.exterior.coords)
    c = z.geometry.centroid
    best: tuple[float, tuple[float, float]] | None = None
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        dx, dy = x1 - x0, y1 - y0
        L2 = dx * dx + dy * dy
        if L2 <= 0:
            continue
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / L2))
        d = math.hypot(x - (x0 + t * dx), y - (y0 + t * dy))
        if best is None or d < best[0]:
            best = (d, ((x0 + x1) / 2, (y0 + y1) / 2))
    if best is None:
        return None
    d, (mx, my) = best
    # a point just across the edge's middle lies in the neighbour
    other = locate(mx + (mx - c.x) * 0.2, my + (my - c.y) * 0.2)
    if other is None or other == zid:
        other = _across_seam(m, z, mx, my)  # the map's east or west edge of a wrapped grid
    if other is None or other == zid:
        return None
    return other, d


def wrap_layout(m: Map) -> HexLayout | None:
    """The grid of a hex map whose columns wrap east-west, else None."""
    layout, _ = read_hex_meta(m.props.get("hex"))
    return layout if layout is not None and layout.wrap_cols else None


def _cell(zone) -> tuple[int, int] | None:
    cell = zone.props.get("hex")
    if isinstance(cell, list | tuple) and len(cell) == 2 and all(type(v) is int for v in cell):
        return (cell[0], cell[1])
    return None


def _raw_across_seam(layout: HexLayout, here, there) -> tuple[int, int] | None:
    """The cell beside ``here`` (off the grid's columns) that is ``there`` across the
    wrap seam, or None."""
    for raw in layout.neighbour_cells(*here, wrap=False):
        if not layout.contains(*raw) and layout.normal(*raw) == there:
            return raw
    return None


def _across_seam(m: Map, zone, mx: float, my: float) -> int | None:
    """The zone across the wrap seam from the edge of ``zone`` whose middle is (mx, my)."""
    layout = wrap_layout(m)
    here = _cell(zone) if layout is not None else None
    if layout is None or here is None:
        return None
    tol = layout.size * 1e-3
    for raw in layout.neighbour_cells(*here, wrap=False):
        there = layout.normal(*raw)
        if layout.contains(*raw) or not layout.contains(*there) or there == here:
            continue
        edge = layout.shared_edge(here, raw)
        if edge is None:
            continue
        e = edge.centroid
        if abs(e.x - mx) <= tol and abs(e.y - my) <= tol:
            other = m.zone_by_code(layout.code(*there))
            return other.id if other is not None else None
    return None
