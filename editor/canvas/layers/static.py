"""The static map layers painted in map units: zones, borders, the background image and
the lines (convoy routes, rail, rivers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
)
from shapely.geometry import LineString, Point

from editor.canvas import style
from editor.canvas.geom import path_bounds, polyline_path
from editor.canvas.images import Images as _Images
from editor.canvas.images import draw_centred as _draw_centred
from editor.canvas.layers.base import Hit, Layer, _cosmetic, _font

if TYPE_CHECKING:
    from editor.canvas.scene import MapScene


# -- zones ------------------------------------------------------------------------------
class ZonesLayer(Layer):
    key = "zones"
    IN_OVERVIEW = True

    def __init__(self, scene: MapScene, z: float):
        super().__init__(scene, z)
        self._groups: list[tuple[QBrush, QPainterPath]] | None = None
        self._groups_lod: list[tuple[QBrush, QPainterPath]] | None = None

    def rebuild(self) -> None:
        self._groups = self._groups_lod = None
        self.refresh()

    def colours_changed(self, zone_ids) -> None:
        self._groups = self._groups_lod = None
        r = self.map_scene.geom.union_rect(zone_ids)
        if not r.isNull():
            self.refresh(r.adjusted(-1, -1, 1, 1))

    def _build_groups(self, paths) -> list[tuple[QBrush, QPainterPath]]:
        by_colour: dict[str, QPainterPath] = {}
        for zid, path in paths.items():
            col = self.map_scene.colour_names.get(zid, style.NEUTRAL_LAND)
            group = by_colour.get(col)
            if group is None:
                group = by_colour[col] = QPainterPath()
                group.setFillRule(Qt.FillRule.OddEvenFill)
            group.addPath(path)
        return [(QBrush(QColor(c)), p) for c, p in by_colour.items()]

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        geom = sc.geom
        coarse = scale * geom.lod_tolerance < 1.0 and geom.has_lod()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setPen(Qt.PenStyle.NoPen)
        if sc.background_shown():
            painter.setOpacity(0.55)  # let the background image show through
        idx = geom.visible(exposed)
        if len(idx) > 0.6 * len(geom.ids):
            if coarse:
                if self._groups_lod is None:
                    self._groups_lod = self._build_groups(geom.lod()[0])
                groups = self._groups_lod
            else:
                if self._groups is None:
                    self._groups = self._build_groups(geom.paths)
                groups = self._groups
            for brush, path in groups:
                painter.setBrush(brush)
                painter.drawPath(path)
        else:
            paths = geom.lod()[0] if coarse else geom.paths
            brushes = sc.brushes
            for i in idx:
                zid = geom.ids[i]
                painter.setBrush(brushes.get(zid) or QBrush(QColor(style.NEUTRAL_LAND)))
                painter.drawPath(paths[zid])
        painter.setOpacity(1.0)

    def hit(self, pos: QPointF, scale: float) -> Hit | None:
        zid = self.map_scene.geom.zone_at(pos.x(), pos.y())
        return ("zone", zid) if zid is not None else None


# -- borders ------------------------------------------------------------------------------
class BordersLayer(Layer):
    """Borders styled by kind: sea, land, coast, river, mountain, fortified, impassable
    (and, in magenta, edges without a neighbour: a broken coverage). Thin styles are one
    path each; wide ones one path per run, so the stroker only fills small areas."""

    key = "borders"
    IN_OVERVIEW = True
    WIDE = 1.05
    TILES = 8

    def __init__(self, scene: MapScene, z: float):
        super().__init__(scene, z)
        self._data: dict | None = None
        self._data_lod: dict | None = None
        self._dirty: QRectF | None = None  # reshaped since the paths were built
        self._dirty_zones: set[int] | None = set()  # their zones (None: not known)
        self._pens = {k: _cosmetic(c, w, d) for k, (c, w, d) in style.BORDER_STYLES.items()}
        #: the style of each pair of zones (style.border_style), kept between builds
        self._style_of: dict[tuple[int, int], str] = {}

    def rebuild(self) -> None:
        self._data = self._data_lod = None
        self._dirty = None
        self._dirty_zones = set()
        self._style_of = {}
        self.refresh()

    def geometry_changed(self, dirty: QRectF, zones=(), pairs=()) -> None:
        """Zones were reshaped inside ``dirty`` (map coordinates): the paths of the tiles
        it touches are built again when next drawn, the others are kept. The styles of
        borders of ``zones`` (created, deleted, reshaped or edited) and of the border
        ``pairs`` whose attributes changed are looked up again."""
        zones = set(zones)
        cache = self._style_of
        for k in [k for k in cache if k[0] in zones or k[1] in zones]:
            del cache[k]
        for a, b in pairs:
            cache.pop((a, b), None)
            cache.pop((b, a), None)
        self._data_lod = None
        if self._data is None or dirty.isNull():
            self._data, self._dirty, self._dirty_zones = None, None, set()
            return
        self._dirty = dirty if self._dirty is None else self._dirty.united(dirty)
        if self._dirty_zones is not None:
            self._dirty_zones = (self._dirty_zones | zones) if zones else None

    def _styles(self, runs) -> np.ndarray:
        pack = self.map_scene.pack
        cache = self._style_of
        keys = list(zip(runs.a.tolist(), runs.b.tolist(), strict=True))
        for key in set(keys) - cache.keys():
            cache[key] = style.border_style(pack, *key)
        return np.array([cache[k] for k in keys], dtype=object)

    def _build(
        self, runs, dirty: QRectF | None = None, old: dict | None = None, zones=None
    ) -> dict[str, list[tuple[QPainterPath, QRectF, int]]]:
        """Paths per style (path, bounds, tile). With ``dirty`` and the ``old`` paths,
        only the tiles where a run (old or new) meets ``dirty`` are built again; with
        ``zones`` (the zones reshaped), the new runs to look at are theirs (the runs of
        two other zones are what they were)."""
        styles = self._styles(runs)
        # thin styles: one path per cell of a TILES x TILES grid, so that a pan (which
        # redraws a strip) strokes only the cells it crosses
        frame = self.map_scene.geom.frame
        first = runs.coords[runs.c0] if len(runs.c0) else np.empty((0, 2))
        gx = np.clip(
            ((first[:, 0] - frame.left()) / max(frame.width(), 1e-9) * self.TILES),
            0,
            self.TILES - 1,
        )
        gy = np.clip(
            ((first[:, 1] - frame.top()) / max(frame.height(), 1e-9) * self.TILES),
            0,
            self.TILES - 1,
        )
        tiles = gy.astype(int) * self.TILES + gx.astype(int)
        partial = dirty is not None and old is not None
        if partial and zones:
            ids = np.fromiter(zones, dtype=runs.a.dtype, count=len(zones))
            hit = np.isin(runs.a, ids) | np.isin(runs.b, ids)
            stale = set(np.unique(tiles[hit]).tolist())
            for entries in old.values():
                stale |= {t for _p, r, t in entries if r.intersects(dirty)}
        elif partial:
            b = runs.bounds()
            hit = (
                (b[:, 2] >= dirty.left())
                & (b[:, 0] <= dirty.right())
                & (b[:, 3] >= dirty.top())
                & (b[:, 1] <= dirty.bottom())
            )
            stale = set(np.unique(tiles[hit]).tolist())
            for entries in old.values():
                stale |= {t for _p, r, t in entries if r.intersects(dirty)}
        out: dict[str, list[tuple[QPainterPath, QRectF, int]]] = {}
        for s in style.BORDER_ORDER:
            mask = styles == s
            kept = [e for e in old.get(s, []) if e[2] not in stale] if partial else []
            out[s] = kept
            if not np.any(mask):
                continue
            if style.BORDER_STYLES[s][1] <= self.WIDE:
                for tile in np.unique(tiles[mask]).tolist():
                    if partial and tile not in stale:
                        continue
                    path = runs.path(mask & (tiles == tile))
                    out[s].append((path, path_bounds(path), tile))
            else:
                for r in np.flatnonzero(mask):
                    if partial and tiles[r] not in stale:
                        continue
                    one = np.zeros(len(mask), dtype=bool)
                    one[r] = True
                    path = runs.path(one)
                    out[s].append((path, path_bounds(path), int(tiles[r])))
        return out

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        geom = self.map_scene.geom
        if scale * geom.lod_tolerance < 1.0 and geom.has_lod():
            if self._data_lod is None:
                self._data_lod = self._build(geom.lod()[1])
            data = self._data_lod
        else:
            if self._data is None:
                self._data = self._build(geom.borders)
            elif self._dirty is not None:
                pad = 1e-6 * max(geom.frame.width(), geom.frame.height(), 1.0)
                dirty = self._dirty.adjusted(-pad, -pad, pad, pad)
                self._data = self._build(geom.borders, dirty, self._data, self._dirty_zones)
            self._dirty, self._dirty_zones = None, set()
            data = self._data
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        pad = 4.0 / scale
        area = exposed.adjusted(-pad, -pad, pad, pad)
        for s in style.BORDER_ORDER:
            paths = data.get(s)
            if not paths or (s == "sea" and scale < 0.12):
                continue  # sea-zone borders vanish when far out
            painter.setPen(self._pens[s])
            for path, rect, _tile in paths:
                if rect.intersects(area):
                    painter.drawPath(path)


# -- background image ----------------------------------------------------------------------
class BackgroundLayer(Layer):
    """Background images cut into tiles (an 11,000 x 5,000 px image stays smooth: only
    the tiles in view are drawn)."""

    key = "background"
    IN_OVERVIEW = True
    TILE = 1024

    def __init__(self, scene: MapScene, z: float):
        super().__init__(scene, z)
        self.tiles: list[tuple[QRectF, QPixmap, float]] = []

    def rebuild(self) -> None:
        self.tiles = []
        pack = self.map_scene.pack
        flags = {n.flag_image for n in pack.nations.values() if n.flag_image is not None}
        for img in pack.map.images.values():
            if not img.visible or not img.data or img.width <= 0 or img.height <= 0:
                continue
            if img.id in flags:  # nation flags are images too, not backgrounds
                continue
            image = QImage.fromData(img.data)
            if image.isNull():
                continue
            sx, sy = img.width / image.width(), img.height / image.height()
            for ty in range(0, image.height(), self.TILE):
                for tx in range(0, image.width(), self.TILE):
                    part = image.copy(tx, ty, self.TILE, self.TILE)
                    target = QRectF(
                        img.x + tx * sx, img.y + ty * sy, part.width() * sx, part.height() * sy
                    )
                    self.tiles.append((target, QPixmap.fromImage(part), img.opacity))
        self.refresh()

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        if not self.tiles:
            return
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, scale < 2.0)
        # the map ends at its frame: the rest of a tile grid (TripleA's base tiles are
        # whole 256 px squares, black past the map) is not drawn (#37: a black band)
        frame = self.map_scene.geom.frame
        if frame.width() > 0 and frame.height() > 0:
            painter.setClipRect(frame, Qt.ClipOperation.IntersectClip)
        for target, pix, opacity in self.tiles:
            if target.intersects(exposed):
                painter.setOpacity(opacity)
                painter.drawPixmap(target, pix, QRectF(pix.rect()))
        painter.setOpacity(1.0)


# -- lines (convoy, rail, rivers) -----------------------------------------------------------
#: rail gauge -> (colour, (tie width px, tie dash pattern)); §1.14: broad gauge is drawn
#: wider with its segments closer together
RAIL_GAUGES = {
    None: ("#1a1a1a", (7.0, [0.35, 1.9])),
    "standard": ("#1a1a1a", (7.0, [0.35, 1.9])),
    "broad": ("#7a1f1f", (9.0, [0.3, 1.0])),
    "russian": ("#7a1f1f", (9.0, [0.3, 1.0])),
    "wide": ("#7a1f1f", (9.0, [0.3, 1.0])),
    "narrow": ("#1f4e7a", (6.0, [0.4, 2.4])),
}


def rail_style(gauge: str | None) -> tuple[str, tuple[float, list[float]]]:
    """Colour and ties of a rail line of ``gauge`` (unknown gauges get a stable colour)."""
    key = gauge.lower() if gauge else None
    if key in RAIL_GAUGES:
        return RAIL_GAUGES[key]
    return style.hashed_colour(key or "", 0.55, 0.35), (7.0, [0.35, 1.9])


class LinesLayer(Layer):
    """Convoy lines (dotted, with value roundels), rail lines or rivers."""

    IN_OVERVIEW = False

    def __init__(self, scene: MapScene, z: float, key: str, kind: str):
        super().__init__(scene, z)
        self.key = key
        self.kind = kind
        self._paths: dict[int, tuple[QPainterPath, QRectF]] | None = None
        self._spots: dict[float, dict[int, float]] = {}  # zoom -> line -> label spot
        self._border_rails: list[tuple[QPainterPath, QRectF, str | None]] | None = None
        self.images = _Images()

    def rebuild(self) -> None:
        self._paths = None
        self._spots = {}
        self.refresh()

    #: where along a convoy line its name and value roundels may sit (fraction of its
    #: length), tried in turn until they do not cover another line's
    SPOTS = (0.5, 0.35, 0.65, 0.2, 0.8)

    def label_spots(self, scale: float) -> dict[int, float]:
        """Convoy line -> where along it its name and roundels go at zoom ``scale``: the
        middle, unless an earlier line's label is there (lines sharing sea zones, such as
        the 1936 Japanese oil and Indies lines). The same for every tile of the map."""
        cache = self._spots
        key = round(scale, 9)
        if key in cache:
            return cache[key]
        lines = {ln.id: ln for ln in self.lines()}
        f = QFontMetricsF(_font(10, italic=True))
        placed: list[QRectF] = []
        out: dict[int, float] = {}
        for lid, (path, _rect) in sorted(self.paths().items()):
            ln = lines.get(lid)
            if ln is None:
                continue
            w = max(f.horizontalAdvance(ln.name or "") + 6, 19.0 * len(ln.values))
            top, h = (-25.0, 36.0) if ln.values else (-8.0, 16.0)
            for t in self.SPOTS:
                p = path.pointAtPercent(t)
                r = QRectF(p.x() * scale - w / 2, p.y() * scale + top, w, h)
                if not any(r.intersects(o) for o in placed):
                    break
            else:
                t = 0.5
                p = path.pointAtPercent(t)
                r = QRectF(p.x() * scale - w / 2, p.y() * scale + top, w, h)
            placed.append(r)
            out[lid] = t
        if len(cache) > 8:
            cache.clear()
        cache[key] = out
        return out

    def lines(self):
        sc = self.map_scene
        return [
            ln for ln in sc.pack.map.lines.values() if ln.kind == self.kind and sc.shows(ln.props)
        ]

    def border_rails(self) -> list[tuple[QPainterPath, QRectF, str | None]]:
        """Rail crossings stored on borders (``Border.rail_gauge``, Global War §12.10: a
        railroad crosses a border), drawn from one zone's roundel to the other's (so
        they follow the zones' label points: ``zones_moved`` drops them)."""
        if self._border_rails is None:
            self._border_rails = []
            if self.kind == "rail":
                sc = self.map_scene
                zones, anchor = sc.pack.map.zones, sc.geom.anchor
                for b in sc.pack.map.borders.values():
                    if not b.rail_gauge or b.a not in anchor or b.b not in anchor:
                        continue
                    ends = [zones[z].roundel or anchor[z] for z in (b.a, b.b)]
                    path = polyline_path(ends)
                    self._border_rails.append((path, path_bounds(path), b.rail_gauge))
        return self._border_rails

    def zones_moved(self) -> None:
        """Zones were reshaped, created or deleted: the border rails run between their
        points again; the lines' own drawings (their points) stay."""
        self._border_rails = None

    def paths(self) -> dict[int, tuple[QPainterPath, QRectF]]:
        if self._paths is None:
            self._border_rails = None
            self._paths = {}
            for ln in self.lines():
                if len(ln.points) >= 2:
                    path = polyline_path(ln.points)
                    self._paths[ln.id] = (path, path_bounds(path))
        return self._paths

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        margin = 30.0 / scale
        area = exposed.adjusted(-margin, -margin, margin, margin)
        lines = {ln.id: ln for ln in self.lines()}
        for lid, (path, rect) in self.paths().items():
            ln = lines.get(lid)
            if ln is None or not rect.intersects(area):
                continue
            if self.kind == "convoy":
                painter.setPen(_cosmetic("#ffffff", 4.2, [0.1, 1.6]))
                painter.drawPath(path)
                painter.setPen(_cosmetic("#102a54", 3.0, [0.1, 2.2]))
                painter.drawPath(path)
                if scale > 0.08:
                    self._roundels(painter, ln, path, self.label_spots(scale).get(lid, 0.5))
            elif self.kind == "rail":
                self._rail(painter, path, ln.gauge)
            else:
                painter.setPen(_cosmetic("#2f7fd1", 2.6))
                painter.drawPath(path)

        if self.kind == "rail":
            for path, rect, gauge in self.border_rails():
                if rect.intersects(area):
                    self._rail(painter, path, gauge)

    @staticmethod
    def _rail(painter: QPainter, path: QPainterPath, gauge: str | None) -> None:
        colour, ties = rail_style(gauge)
        # ties: a wide pen with short flat dashes draws bars across the track
        tie = _cosmetic(colour, ties[0], ties[1])
        tie.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(tie)
        painter.drawPath(path)
        painter.setPen(_cosmetic("#f6f3ea", 3.4))
        painter.drawPath(path)
        painter.setPen(_cosmetic(colour, 1.8))
        painter.drawPath(path)

    def _roundels(self, painter: QPainter, ln, path: QPainterPath, at: float = 0.5) -> None:
        self.images.prepare(painter)
        dev = painter.worldTransform().map(path.pointAtPercent(at))
        painter.save()
        painter.resetTransform()
        if ln.name:  # the line's name above its value roundels
            text = ln.name
            f = _font(10, italic=True)
            w = QFontMetricsF(f).horizontalAdvance(text) + 6

            def paint(p: QPainter, text=text, f=f) -> None:
                p.setFont(f)
                p.setPen(QColor(255, 255, 255, 220))
                for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    p.drawText(QPointF(3 + dx, 11 + dy), text)
                p.setPen(QColor("#102a54"))
                p.drawText(QPointF(3, 11), text)

            img = self.images.get(("convoy-name", text), w, 15, paint)
            _draw_centred(painter, img, QPointF(dev.x(), dev.y() - (17 if ln.values else 0)))
        if not ln.values:
            painter.restore()
            return
        sc = self.map_scene.scenario
        if sc is not None:
            from gamecore.validate.checks_gw import closed_ends

            if closed_ends(self.map_scene.pack.map, sc, ln):  # §1.10: cannot be raided
                img = self.images.get(("convoy-closed",), 46, 14, _paint_closed)
                _draw_centred(painter, img, QPointF(dev.x(), dev.y() + 17))
        n = len(ln.values)
        for i, (nation, value) in enumerate(sorted(ln.values.items())):
            colour = self.map_scene.nation_colour(nation)
            img = self.images.get(
                ("convoy", colour.name(), value),
                19,
                19,
                lambda p, c=colour, v=value: _paint_roundel(
                    p, QPointF(9.5, 9.5), c, str(v), 8.5, "#102a54"
                ),
            )
            _draw_centred(painter, img, QPointF(dev.x() + (i - (n - 1) / 2) * 19, dev.y()))
        painter.restore()

    def hit(self, pos: QPointF, scale: float) -> Hit | None:
        p = Point(pos.x(), pos.y())
        best: tuple[float, int] | None = None
        for ln in self.lines():
            if len(ln.points) < 2:
                continue
            d = LineString(ln.points).distance(p)
            if d * scale <= 6 and (best is None or d < best[0]):
                best = (d, ln.id)
        return ("line", best[1]) if best else None


def _paint_closed(p: QPainter) -> None:
    """The "closed" marker of a convoy line (§1.10)."""
    r = QRectF(0.5, 0.5, 45, 13)
    p.setPen(QPen(QColor("#1b1b1b"), 1.0))
    p.setBrush(QBrush(QColor("#c0392b")))
    p.drawRoundedRect(r, 3, 3)
    p.setFont(_font(9, bold=True))
    p.setPen(QColor("#ffffff"))
    p.drawText(r, Qt.AlignmentFlag.AlignCenter, "CLOSED")


def _paint_roundel(
    p: QPainter, c: QPointF, colour: QColor, text: str, radius: float, rim: str = "#202020"
) -> None:
    p.setPen(QPen(QColor(rim), 1.2))
    p.setBrush(QBrush(colour))
    p.drawEllipse(c, radius, radius)
    p.setFont(_font(10, bold=True))
    p.setPen(QPen(QColor(style.text_colour_on(colour.name()))))
    p.drawText(
        QRectF(c.x() - radius, c.y() - radius, 2 * radius, 2 * radius),
        Qt.AlignmentFlag.AlignCenter,
        text,
    )
