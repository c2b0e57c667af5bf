"""Layers for the map data Global War adds (issue #14): terrain areas (§1.7), narrow
crossings (§1.20), roundel points (§1.3, §1.7) and city flags (§1.16).

Like the other static layers they paint into the view's cached background, cull against
the exposed rectangle and keep what they build (paths, symbol images) until an edit that
touches them (``MapScene.apply_change``) calls :meth:`rebuild`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from shapely.geometry import LineString, Point

from editor.canvas import style
from editor.canvas.clearance import label_boxes
from editor.canvas.geom import fill_paths, path_bounds
from editor.canvas.layers import Hit, Layer, _cosmetic, _draw_centred, _font, _ScreenLayer

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene

#: hatch of each terrain (patterns are cosmetic: the same density at every zoom)
HATCH = {
    "mountain": Qt.BrushStyle.BDiagPattern,
    "mountains": Qt.BrushStyle.BDiagPattern,
    "hills": Qt.BrushStyle.BDiagPattern,
    "desert": Qt.BrushStyle.Dense6Pattern,
    "jungle": Qt.BrushStyle.DiagCrossPattern,
    "forest": Qt.BrushStyle.DiagCrossPattern,
    "marsh": Qt.BrushStyle.HorPattern,
    "swamp": Qt.BrushStyle.HorPattern,
    "tundra": Qt.BrushStyle.CrossPattern,
    "arctic": Qt.BrushStyle.CrossPattern,
    "impassable": Qt.BrushStyle.FDiagPattern,
    "antarctica": Qt.BrushStyle.FDiagPattern,
}


def terrain_colour(terrain: str) -> QColor:
    t = terrain.lower()
    if t == "impassable":
        return QColor(style.IMPASSABLE)
    return QColor(style.TERRAIN.get(t) or style.hashed_colour(t, 0.35, 0.62))


class TerrainAreasLayer(Layer):
    """Terrain areas inside zones: tinted with the terrain's colour and hatched with its
    pattern, outlined with a dashed line."""

    key = "terrain"

    def __init__(self, scene: MapScene, z: float):
        super().__init__(scene, z)
        self._data: list[tuple[int, QPainterPath, QRectF, QBrush, QBrush, QPen]] | None = None
        self._key: tuple = ()
        self._by_area: dict = {}

    def rebuild(self) -> None:
        self._data = None
        self.refresh()

    def data(self):
        areas_now = self.map_scene.pack.map.terrain_areas
        # edits replace geometries, never mutate them: same ids, shapes and terrains,
        # same drawing (a zone reshaped around an area leaves it as it is); an edit that
        # replaces a few areas (a merge moves the merged zone's areas) rebuilds those only
        key = tuple((a.id, id(a.geometry), a.terrain) for a in areas_now.values())
        if self._data is not None and key == self._key:
            return self._data
        self._key = key
        old = self._by_area  # kept across rebuild(): an area's drawing is its own
        areas = [
            a
            for a in sorted(areas_now.values(), key=lambda a: a.id)
            if a.geometry is not None and not a.geometry.is_empty
        ]
        fresh = [a for a in areas if old.get(a.id, (None,))[0] != (id(a.geometry), a.terrain)]
        paths = fill_paths([a.geometry for a in fresh])
        for a, path in zip(fresh, paths, strict=True):
            base = terrain_colour(a.terrain)
            tint = QColor(base)
            tint.setAlpha(120)
            ink = base.darker(190)
            ink.setAlpha(200)
            hatch = QBrush(ink, HATCH.get(a.terrain.lower(), Qt.BrushStyle.Dense7Pattern))
            pen = _cosmetic(base.darker(230), 1.2, [4, 2])
            # the geometry is kept with its id: the id of a live object is never reused
            old[a.id] = (
                (id(a.geometry), a.terrain),
                (a.id, path, path_bounds(path), QBrush(tint), hatch, pen),
                a.geometry,
            )
        self._by_area = {a.id: old[a.id] for a in areas}
        self._data = [self._by_area[a.id][1] for a in areas]
        return self._data

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        data = self.data()
        if not data:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for _aid, path, rect, tint, hatch, pen in data:
            if not rect.intersects(exposed):
                continue
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(tint)
            painter.drawPath(path)
            painter.setBrush(hatch)
            painter.drawPath(path)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(pen)
            painter.drawPath(path)

    def hit(self, pos: QPointF, scale: float) -> Hit | None:
        """An area is picked near its outline (clicking inside still picks the zone)."""
        p = Point(pos.x(), pos.y())
        best: tuple[float, int] | None = None
        for a in self.map_scene.pack.map.terrain_areas.values():
            g = a.geometry
            if g is None or g.is_empty:
                continue
            d = g.boundary.distance(p)
            if d * scale <= 5 and (best is None or d < best[0]):
                best = (d, a.id)
        return ("terrain_area", best[1]) if best else None

    def area_at(self, pos: QPointF) -> int | None:
        """The terrain area under ``pos`` (for tooltips)."""
        p = Point(pos.x(), pos.y())
        for a in sorted(self.map_scene.pack.map.terrain_areas.values(), key=lambda a: -a.id):
            if a.geometry is not None and a.geometry.covers(p):
                return a.id
        return None


def _crossing_ends(scene: MapScene, a: int, b: int) -> tuple[QPointF, QPointF] | None:
    anchor = scene.geom.anchor
    zones = scene.pack.map.zones
    if a not in anchor or b not in anchor:
        return None

    def at(z: int) -> QPointF:
        r = zones[z].roundel
        return QPointF(*r) if r is not None else QPointF(*anchor[z])

    return at(a), at(b)


class CrossingsLayer(_ScreenLayer):
    """Narrow crossings (§1.20): a dotted line between the two land zones with the number
    of units that may cross in a small box at its middle."""

    key = "crossings"

    def crossings(self):
        return [b for b in self.map_scene.pack.map.borders.values() if b.crossing_limit is not None]

    def _box(self, text: str):
        w = 8.0 + 7.0 * len(text)

        def paint(p: QPainter) -> None:
            p.setPen(QPen(QColor("#5b1a1a"), 1.2))
            p.setBrush(QBrush(QColor("#fff8e6")))
            p.drawRoundedRect(QRectF(0.6, 0.6, w - 1.2, 14.8), 3, 3)
            p.setFont(_font(10, bold=True))
            p.setPen(QColor("#5b1a1a"))
            p.drawText(QRectF(0, 0, w, 16), Qt.AlignmentFlag.AlignCenter, text)

        return self.images.get(("crossing", text), w, 16, paint)

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        items = self.crossings()
        if not items:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        area = self._area(exposed, scale)
        ends = []
        for b in items:
            e = _crossing_ends(self.map_scene, b.a, b.b)
            if e is not None and QRectF(*e).normalized().adjusted(-1, -1, 1, 1).intersects(area):
                ends.append((b, e))
        for _b, (p, q) in ends:
            painter.setPen(_cosmetic("#fff8e6", 4.0, [0.6, 1.4]))
            painter.drawLine(p, q)
            painter.setPen(_cosmetic("#5b1a1a", 2.2, [1, 2]))
            painter.drawLine(p, q)
        t = self._begin(painter)
        for b, (p, q) in ends:
            _draw_centred(painter, self._box(str(b.crossing_limit)), t.map((p + q) / 2))
        painter.restore()

    def hit(self, pos: QPointF, scale: float) -> Hit | None:
        return None  # borders are edited from the zones they join

    def crossing_at(self, pos: QPointF, scale: float):
        p = Point(pos.x(), pos.y())
        for b in self.crossings():
            e = _crossing_ends(self.map_scene, b.a, b.b)
            if e is None:
                continue
            seg = LineString([(e[0].x(), e[0].y()), (e[1].x(), e[1].y())])
            if seg.distance(p) * scale <= 6:
                return b
        return None


class RoundelPointsLayer(_ScreenLayer):
    """The roundel point of each land zone (§1.7: where it lies decides the terrain): a
    small target in the original owner's colour. The value roundel covers it where the
    zone has a value and room for it."""

    key = "roundels"
    MIN_PX = 14.0

    def _target(self, colour: QColor):
        def paint(p: QPainter) -> None:
            p.setPen(QPen(QColor("#1b1b1b"), 1.4))
            p.setBrush(QBrush(colour))
            p.drawEllipse(QPointF(6, 6), 4.6, 4.6)
            p.setBrush(QBrush(QColor("#1b1b1b")))
            p.drawEllipse(QPointF(6, 6), 1.3, 1.3)

        return self.images.get(("target", colour.name()), 12, 12, paint)

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        zones = sc.pack.map.zones
        area = self._area(exposed, scale, 10)
        todo = []
        for zid, z in zones.items():
            if z.roundel is None or z.kind != "land" or zid not in sc.geom.anchor:
                continue
            if sc.geom.width(zid) * scale < self.MIN_PX or not area.contains(*z.roundel):
                continue
            todo.append((zid, z.roundel))
        if not todo:
            return
        t = self._begin(painter)
        for zid, (x, y) in todo:
            o = sc.scenario.ownership.get(zid) if sc.scenario else None
            colour = sc.nation_colour(o.original or o.owner) if o else QColor("#ece6d2")
            _draw_centred(painter, self._target(colour), t.map(QPointF(x, y)))
        painter.restore()


class CitiesLayer(_ScreenLayer):
    """City zones (§1.16) get a pennant left of their roundel, in the owner's colour;
    victory cities a gold rim, capitals a star."""

    key = "cities"
    MIN_PX = 22.0

    def _flag(self, colour: QColor, victory: bool, capital: bool):
        def paint(p: QPainter) -> None:
            p.setPen(QPen(QColor("#1b1b1b"), 1.4))
            p.drawLine(QPointF(2, 1), QPointF(2, 17))
            flag = QPolygonF([QPointF(2.5, 1.5), QPointF(14, 5.5), QPointF(2.5, 9.5)])
            p.setPen(QPen(QColor(255, 255, 255, 220), 3.4))  # halo: readable on any fill
            p.drawPolygon(flag)
            p.setPen(QPen(QColor("#d4a017") if victory else QColor("#1b1b1b"), 1.6))
            p.setBrush(QBrush(colour))
            p.drawPolygon(flag)
            if capital:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QBrush(QColor("#d4a017")))
                p.drawEllipse(QPointF(6.5, 5.5), 1.8, 1.8)

        return self.images.get(("city", colour.name(), victory, capital), 16, 18, paint)

    #: where a pennant goes (px from its roundel point, the picture's centre): left of
    #: the roundel, else the nearest free spot on rings around the roundel point
    SPOTS = ((-16.0, -10.0),) + tuple(
        (round(r * math.cos(a * math.pi / 4), 1), round(r * math.sin(a * math.pi / 4), 1))
        for r in (18.0, 30.0, 42.0)
        for a in (4, 3, 5, 6, 2, 7, 1, 0)  # left first, right last (the icons are there)
    )
    W, H = 16.0, 18.0

    def pennants(self, scale: float) -> list[tuple[object, float, float, float, float]]:
        """Per city zone shown at ``scale``: (zone, x, y, dx, dy), the roundel point and
        the pennant's offset in px, the first spot of SPOTS clear of every name and hex
        id (#37: pennants covered names); the first spot when none is."""
        sc = self.map_scene
        geom = sc.geom
        todo = []
        for zid, z in sc.pack.map.zones.items():
            if "city" not in z.flags or zid not in geom.anchor:
                continue
            if geom.width(zid) * scale < self.MIN_PX:
                continue
            x, y = z.roundel if z.roundel is not None else geom.anchor[zid]
            todo.append((z, x, y))
        if not todo:
            return []
        boxes = label_boxes(sc, scale)
        out = []
        for z, x, y in todo:
            dx, dy = self.SPOTS[0]
            for sx, sy in self.SPOTS:
                cx, cy = x + sx / scale, y + sy / scale
                hw, hh = self.W / 2 / scale, self.H / 2 / scale
                if not len(boxes) or not np.any(
                    (boxes[:, 0] < cx + hw)
                    & (boxes[:, 2] > cx - hw)
                    & (boxes[:, 1] < cy + hh)
                    & (boxes[:, 3] > cy - hh)
                ):
                    dx, dy = sx, sy
                    break
            out.append((z, x, y, dx, dy))
        return out

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        area = self._area(exposed, scale, 40)
        todo = [p for p in self.pennants(scale) if area.contains(p[1], p[2])]
        if not todo:
            return
        t = self._begin(painter)
        for z, x, y, dx, dy in todo:
            owner = sc.scenario.owner_of(z.id) if sc.scenario else None
            img = self._flag(
                sc.nation_colour(owner) if owner else QColor("#ece6d2"),
                "victory_city" in z.flags,
                "capital" in z.flags,
            )
            _draw_centred(painter, img, t.map(QPointF(x, y)) + QPointF(dx, dy))
        painter.restore()


__all__ = [
    "CitiesLayer",
    "CrossingsLayer",
    "RoundelPointsLayer",
    "TerrainAreasLayer",
    "terrain_colour",
]
