"""Zone geometry prepared for drawing and picking: painter paths, bounds, a spatial index,
shared-border runs, anchor points, and a coarser level of detail computed on demand."""

from __future__ import annotations

import numpy as np
import shapely
from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainterPath
from shapely.geometry import Point, box

from editor.canvas.geom import (
    BorderRuns,
    border_runs,
    fill_paths,
    simplify_coverage,
    update_border_runs,
)
from gamecore.model import Map


class MapGeometry:
    """Everything the canvas needs from ``Map.zones`` geometry, rebuilt after geometry
    edits. ``lod_tolerance`` is the simplification tolerance (map units) of the coarse
    level used when a map unit is much smaller than a pixel."""

    def __init__(self, m: Map):
        self.frame = QRectF(0.0, 0.0, m.width, m.height)
        self.lod_tolerance = max(m.width, m.height) / 3000.0
        self.version = 0
        self.rebuild(m)

    def rebuild(self, m: Map) -> None:
        self.frame = QRectF(0.0, 0.0, m.width, m.height)
        self.ids: list[int] = list(m.zones)
        self.index = {zid: i for i, zid in enumerate(self.ids)}
        geoms = [z.geometry for z in m.zones.values()]
        self.geoms = np.asarray(
            [g if g is not None else shapely.Polygon() for g in geoms], dtype=object
        )
        self.paths: dict[int, QPainterPath] = dict(zip(self.ids, fill_paths(geoms), strict=True))
        self.bounds = (
            shapely.bounds(self.geoms) if len(self.ids) else np.empty((0, 4))
        )  # x0 y0 x1 y1
        self.empty = np.isnan(self.bounds[:, 0]) if len(self.ids) else np.empty(0, bool)
        self.bounds = np.nan_to_num(self.bounds, nan=0.0)
        self.tree = shapely.STRtree(self.geoms)
        anchors = shapely.get_coordinates(
            shapely.point_on_surface(np.where(self.empty, shapely.Point(0, 0), self.geoms))
        )
        self.anchor: dict[int, tuple[float, float]] = {}
        for i, zid in enumerate(self.ids):
            z = m.zones[zid]
            self.anchor[zid] = z.label if z.label is not None else tuple(anchors[i])
        self.borders: BorderRuns = border_runs(self.ids, geoms, self.frame)
        self._border_coords = len(self.borders.coords)  # after the last full computation
        self._lod: tuple[dict[int, QPainterPath], BorderRuns] | None = None
        self.version += 1

    def update(self, m: Map, zone_ids) -> QRectF:
        """Bring the geometry of ``zone_ids`` (modified, created or deleted) up to date,
        reusing the painter paths of every other zone. Returns the map area that changed
        (where old and new shapes differ for a reshaped zone; old and new bounds of a
        created or deleted one): moving one vertex of a large zone repaints the strip
        around that vertex, not the zone."""
        zone_ids = set(zone_ids)
        before = {
            zid: self.geoms[self.index[zid]]
            for zid in zone_ids
            if zid in self.index and not self.empty[self.index[zid]]
        }
        reshaped = {zid for zid in before if zid in m.zones and m.zones[zid].geometry is not None}
        dirty = self.union_rect(zone_ids - reshaped)
        old_paths = self.paths
        old_index, old_geoms, old_bounds, old_empty = (
            self.index,
            self.geoms,
            self.bounds,
            self.empty,
        )
        self.frame = QRectF(0.0, 0.0, m.width, m.height)
        self.ids = list(m.zones)
        self.index = {zid: i for i, zid in enumerate(self.ids)}
        n = len(self.ids)
        geoms = np.empty(n, dtype=object)
        bounds = np.zeros((n, 4))
        empty = np.zeros(n, dtype=bool)
        # the rows of the zones kept come from the old arrays at once
        old_row = np.fromiter(
            (-1 if zid in zone_ids else old_index.get(zid, -1) for zid in self.ids),
            dtype=np.int64,
            count=n,
        )
        kept = old_row >= 0
        geoms[kept] = old_geoms[old_row[kept]]
        bounds[kept] = old_bounds[old_row[kept]]
        empty[kept] = old_empty[old_row[kept]]
        redo: list[int] = np.flatnonzero(~kept).tolist()
        if redo:
            new = [m.zones[self.ids[i]].geometry for i in redo]
            new = [g if g is not None else shapely.Polygon() for g in new]
            for i, g in zip(redo, new, strict=True):
                geoms[i] = g
            b = shapely.bounds(np.asarray(new, dtype=object))
            empty[redo] = np.isnan(b[:, 0])
            bounds[redo] = np.nan_to_num(b, nan=0.0)
            fresh = fill_paths(new)
        else:
            fresh = []
        paths = {zid: old_paths[zid] for zid in self.ids if zid in old_paths}
        for i, path in zip(redo, fresh, strict=True):
            paths[self.ids[i]] = path
        self.paths = {zid: paths[zid] for zid in self.ids}
        self.geoms, self.bounds, self.empty = geoms, bounds, empty
        self.tree = shapely.STRtree(self.geoms)
        for zid in list(self.anchor):
            if zid not in self.index:
                del self.anchor[zid]
        for i in redo:
            zid = self.ids[i]
            z = m.zones[zid]
            if z.label is not None:
                self.anchor[zid] = z.label
            elif not empty[i]:
                self.anchor[zid] = tuple(shapely.get_coordinates(geoms[i].point_on_surface())[0])
            else:
                self.anchor[zid] = (0.0, 0.0)
        self.refresh_anchors(m, zone_ids)
        # the runs of the zones an edit touched are found again among their neighbours;
        # a big edit (or coordinates piling up from many small ones) computes them all
        small = len(zone_ids) <= max(8, n // 20)
        if small and len(self.borders.coords) < 2 * max(self._border_coords, 1000):
            self.borders = update_border_runs(
                self.borders, self.ids, self.geoms, zone_ids, self.tree, self.frame
            )
        else:
            self.borders = border_runs(self.ids, list(self.geoms), self.frame)
            self._border_coords = len(self.borders.coords)
        self._lod = None
        self.version += 1
        now = self.union_rect(zone_ids - reshaped)
        out = now if dirty.isNull() else (dirty if now.isNull() else dirty.united(now))
        for zid in reshaped:
            old, new = before[zid], m.zones[zid].geometry
            if old is new:
                continue
            diff = shapely.symmetric_difference(old, new)
            # the strip between old and new outlines (its edges are the moved borders)
            x0, y0, x1, y1 = (
                shapely.bounds(diff)
                if not diff.is_empty
                else (
                    shapely.bounds(shapely.union(old.boundary, new.boundary))
                    if not old.equals_exact(new, 0.0)
                    else (np.nan,) * 4
                )
            )
            if np.isnan(x0):
                continue
            r = QRectF(x0, y0, max(x1 - x0, 1e-9), max(y1 - y0, 1e-9))
            out = r if out.isNull() else out.united(r)
        return out

    def refresh_anchors(self, m: Map, zone_ids) -> None:
        for zid in zone_ids:
            z = m.zones.get(zid)
            if z is not None and z.label is not None:
                self.anchor[zid] = z.label

    # -- level of detail ---------------------------------------------------------------
    def has_lod(self) -> bool:
        return self._lod is not None

    def lod(self) -> tuple[dict[int, QPainterPath], BorderRuns]:
        """The coarse level: (fill paths, border runs) of the coverage simplified with
        ``lod_tolerance`` (shared edges stay identical, so no gaps appear)."""
        if self._lod is None:
            simple = simplify_coverage(list(self.geoms), self.lod_tolerance)
            paths = dict(zip(self.ids, fill_paths(simple), strict=True))
            self._lod = (paths, border_runs(self.ids, simple, self.frame))
        return self._lod

    # -- picking ---------------------------------------------------------------------------
    def zone_at(self, x: float, y: float) -> int | None:
        hits = self.tree.query(Point(x, y), predicate="intersects")
        if len(hits) == 0:
            return None
        if len(hits) > 1:  # overlapping zones (a broken coverage): the smallest wins
            hits = hits[np.argsort(shapely.area(self.geoms[hits]))]
        return self.ids[int(hits[0])]

    def zones_in_rect(self, rect: QRectF) -> list[int]:
        r = box(rect.left(), rect.top(), rect.right(), rect.bottom())
        hits = np.sort(self.tree.query(r, predicate="intersects"))
        return [self.ids[int(i)] for i in hits]

    def visible(self, rect: QRectF) -> np.ndarray:
        """Indices of zones whose bounds meet ``rect``."""
        b = self.bounds
        if len(b) == 0:
            return np.empty(0, int)
        hit = (
            (b[:, 2] >= rect.left())
            & (b[:, 0] <= rect.right())
            & (b[:, 3] >= rect.top())
            & (b[:, 1] <= rect.bottom())
            & ~self.empty
        )
        return np.flatnonzero(hit)

    def rect(self, zid: int) -> QRectF:
        i = self.index.get(zid)
        if i is None or self.empty[i]:
            return QRectF()
        x0, y0, x1, y1 = self.bounds[i]
        return QRectF(x0, y0, x1 - x0, y1 - y0)

    def union_rect(self, zone_ids) -> QRectF:
        out = QRectF()
        for zid in zone_ids:
            r = self.rect(zid)
            if not r.isNull():
                out = r if out.isNull() else out.united(r)
        return out

    def width(self, zid: int) -> float:
        i = self.index.get(zid)
        if i is None:
            return 0.0
        x0, y0, x1, y1 = self.bounds[i]
        return float(min(x1 - x0, (y1 - y0) * 2.0))
