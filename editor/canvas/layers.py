"""The layers of the map.

Static layers (background image, zones, borders, rivers, rail, convoy lines, labels,
facilities, units) are painted by :meth:`MapScene.drawBackground`, which the view caches
(``QGraphicsView.CacheBackground``): an unchanged frame is one blit, a pan draws only the
strip it uncovers, and an edit redraws only the rectangle it touched
(``MapScene.invalidate_static``). Dynamic layers (links, selection/hover highlight,
issue markers) are ordinary items on top. Every layer is one object that paints all its
features in one call and culls against the exposed rectangle, so QGraphicsView's per-item
cost stays out of the frame time.

Symbols (names, roundels, icons, unit chips, arrow heads) keep a constant size in screen
pixels, are drawn from small cached images, and thin out when zoomed out (level of
detail): a name shows only when it fits its zone and does not overlap a bigger zone's.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem
from shapely.geometry import LineString, Point
from shapely.ops import nearest_points

from editor.canvas import style, symbols
from editor.canvas.geom import path_bounds, polyline_path
from editor.canvas.icons import draw_facility, stack_text
from editor.canvas.images import Images as _Images
from editor.canvas.images import draw_centred as _draw_centred
from gamecore import chips
from gamecore.geometry.hexgrid import read_hex_meta

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


# -- symbols in screen pixels: labels, facilities, units --------------------------------------
class _ScreenLayer(Layer):
    """A layer whose symbols have a constant size in pixels, drawn with the painter's
    transform reset (positions mapped to device coordinates); where they go is decided
    by the scene's :class:`editor.canvas.symbols.Placer`."""

    def __init__(self, scene: MapScene, z: float):
        super().__init__(scene, z)
        self.images = _Images()

    def rebuild(self) -> None:
        self.images.clear()
        self.refresh()

    def _begin(self, painter: QPainter) -> QTransform:
        self.images.prepare(painter)
        t = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        return t

    @staticmethod
    def _area(exposed: QRectF, scale: float, px: float = 80.0) -> QRectF:
        m = px / scale
        return exposed.adjusted(-m, -m, m, m)


class LabelsLayer(_ScreenLayer):
    """Zone names and value roundels (in the owner's colour in every map mode)."""

    key = "labels"

    def forget(self, zone_ids, fields=()) -> None:
        """Names of these zones changed: drop their pictures (a roundel's picture is
        keyed by its colour and value, a name's by its text: the others stay right)."""
        zone_ids = set(zone_ids)
        cache = self.images._cache
        for key in [k for k in cache if k[0] == "name" and k[1] in zone_ids]:
            del cache[key]

    def _name_image(self, zid: int) -> QImage:
        z = self.map_scene.pack.map.zones[zid]
        text, f = symbols.name_style(z)
        w, h = self.map_scene.symbols.name_size(zid)
        ink = QColor("#0d2b4f") if z.is_water else QColor("#161616")

        def paint(p: QPainter) -> None:
            p.setFont(f)
            base = QFontMetricsF(f).ascent() + 2
            p.setPen(QColor(255, 255, 255, 215))  # halo: the text around, 1 px away
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
                p.drawText(QPointF(3 + dx, base + dy), text)
            p.setPen(ink)
            p.drawText(QPointF(3, base), text)

        return self.images.get(("name", zid, text, z.is_water), w, h, paint)

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        zones = sc.pack.map.zones
        placed = sc.symbols.get(scale)
        # on a hex map the hex layer shows each hex's id and production points: the
        # default names ("Hex 1142") and the value roundels of hexes are left to it
        hexes = sc.layers["hexes"]
        on_hex = hexes.hex_ids() if hexes.isVisible() else frozenset()
        t = self._begin(painter)
        area = self._area(exposed, scale, 120)
        for zid, x, y in placed.names:
            if area.contains(x, y):
                if zid in on_hex and zones[zid].name in (zones[zid].code, f"Hex {zones[zid].code}"):
                    continue
                _draw_centred(painter, self._name_image(zid), t.map(QPointF(x, y)))
        for zid, x, y in placed.roundels:
            if not area.contains(x, y) or zid in on_hex:
                continue
            z = zones[zid]
            owner = sc.scenario.owner_of(zid) if sc.scenario else None
            colour = sc.nation_colour(owner) if owner else QColor("#ece6d2")
            img = self.images.get(
                ("roundel", colour.name(), z.value),
                symbols.ROUNDEL,
                symbols.ROUNDEL,
                lambda p, c=colour, v=z.value: _paint_roundel(p, QPointF(9, 9), c, str(v), 8.0),
            )
            _draw_centred(painter, img, t.map(QPointF(x, y)))
        painter.restore()


class FacilitiesLayer(_ScreenLayer):
    key = "facilities"

    def _icon(self, ftype: str, damaged: bool, badge: str = "") -> QImage:
        """The icon; ``badge`` (level and damage, e.g. "2/5") is written under it."""
        s = symbols.ICON + 2
        bw = max(s, 7.0 * len(badge) + 4) if badge else s
        h = s + (11 if badge else 0)

        def paint(p: QPainter) -> None:
            r = draw_facility(p, QPointF(bw / 2, s / 2), ftype, symbols.ICON)
            if damaged:
                p.setPen(QPen(QColor("#c0392b"), 2))
                p.drawLine(r.topLeft(), r.bottomRight())
            if badge:
                box = QRectF(0.5, s, bw - 1, 10.5)
                p.setPen(QPen(QColor("#1b1b1b"), 0.8))
                p.setBrush(QBrush(QColor("#c0392b") if damaged else QColor("#fbfaf5")))
                p.drawRoundedRect(box, 2, 2)
                p.setFont(_font(9, bold=True))
                p.setPen(QColor("#ffffff") if damaged else QColor("#1b1b1b"))
                p.drawText(box, Qt.AlignmentFlag.AlignCenter, badge)

        return self.images.get(("facility", ftype, damaged, badge), bw, h, paint)

    def badge(self, f) -> str:
        """Level (when above 1) and damage out of the type's maximum: "L2", "2/5"."""
        parts = []
        if f.level > 1:
            parts.append(f"L{f.level}")
        if f.damage:
            ft = self.map_scene.facility_type(f.type)
            top = getattr(ft, "max_damage", 0) if ft is not None else 0
            parts.append(f"{f.damage}/{top}" if top else f"-{f.damage}")
        return " ".join(parts)

    def icon_rects(self, transform: QTransform, scale: float, ids) -> list[QRectF]:
        """Device rectangles of the shown icons of facilities ``ids`` (highlighting)."""
        want = set(ids)
        half = symbols.ICON / 2
        out = []
        for fid, x, y in self.map_scene.symbols.get(scale).facilities:
            if fid in want:
                c = transform.map(QPointF(x, y))
                out.append(QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half))
        return out

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        facilities = self.map_scene.pack.map.facilities
        placed = self.map_scene.symbols.get(scale).facilities
        if not placed:
            return
        t = self._begin(painter)
        area = self._area(exposed, scale)
        for fid, x, y in placed:
            f = facilities.get(fid)
            if f is not None and area.contains(x, y):
                img = self._icon(f.type, bool(f.damage), self.badge(f))
                c = t.map(QPointF(x, y))
                h = img.height() / img.devicePixelRatio()
                # the icon stays centred on its place; a badge hangs below it
                _draw_centred(painter, img, c + QPointF(0, (h - symbols.ICON - 2) / 2))
        painter.restore()

    def hit(self, pos: QPointF, scale: float) -> Hit | None:
        half = symbols.ICON / 2 + 1
        for fid, x, y in self.map_scene.symbols.get(scale).facilities:
            if abs(pos.x() - x) * scale <= half and abs(pos.y() - y) * scale <= half:
                return ("facility", fid)
        return None


CHIP_HALO = 2.0  # px of light halo around a unit chip


class UnitsLayer(_ScreenLayer):
    """The unit stacks of the current scenario, at the zones' slots (or in rows under
    the roundel when a zone has fewer slots than stacks)."""

    key = "units"

    def _chip(self, text: str, colour: QColor) -> QImage:
        w = self.map_scene.symbols.chip_width(text)
        f = symbols.font(symbols.CHIP_PX, bold=True)

        halo = CHIP_HALO

        def paint(p: QPainter) -> None:
            # a light halo and a dark rim: the chip stands out on any fill, its own
            # nation's colour included (a blue stack on a blue zone)
            outer = QRectF(0.5, 0.5, w + 2 * halo, symbols.CHIP_H - 1 + 2 * halo)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(QColor(255, 255, 255, 235)))
            p.drawRoundedRect(outer, 4 + halo, 4 + halo)
            r = outer.adjusted(halo, halo, -halo, -halo)
            p.setPen(QPen(QColor(chips.CHIP_RIM), 1.2))
            p.setBrush(QBrush(colour))
            p.drawRoundedRect(r, chips.CHIP_RADIUS, chips.CHIP_RADIUS)
            p.setFont(f)
            p.setPen(QPen(QColor(style.text_colour_on(colour.name()))))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)

        return self.images.get(
            ("chip", text, colour.name()),
            w + 1 + 2 * halo,
            symbols.CHIP_H + 2 * halo,
            paint,
        )

    def draw(self, painter: QPainter, exposed: QRectF, scale: float) -> None:
        sc = self.map_scene
        scenario = sc.scenario
        placed = sc.symbols.get(scale).units
        if scenario is None or not placed:
            return
        t = self._begin(painter)
        area = self._area(exposed, scale)
        for _zid, i, x, y in placed:
            if i >= len(scenario.units) or not area.contains(x, y):
                continue
            u = scenario.units[i]
            text = stack_text(u)
            _draw_centred(
                painter, self._chip(text, sc.nation_colour(u.nation)), t.map(QPointF(x, y))
            )
        painter.restore()


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
        return [(a2, b2, both)]

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
        anchor = sc.geom.anchor
        for zid, severity in sc.issues.items():
            at = anchor.get(zid)
            if at is not None and area.contains(*at):
                c = t.map(QPointF(*at)) + QPointF(0, -18)
                _draw_centred(painter, self._marker(severity), c)
        painter.restore()


__all__ = [
    "LAYERS",
    "BackgroundLayer",
    "BordersLayer",
    "FacilitiesLayer",
    "HighlightLayer",
    "IssuesLayer",
    "LabelsLayer",
    "Layer",
    "LinesLayer",
    "LinksLayer",
    "UnitsLayer",
    "ZonesLayer",
    "device_scale",
]
