"""Queries on zones: label points, unit-stack slots, border segments, coastal /
island / land-locked."""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError

__all__ = [
    "zones_along",
    "border_segments",
    "coast_classes",
    "is_coastal",
    "is_island",
    "is_landlocked",
    "label_point",
    "stack_slots",
]

XY = tuple[float, float]
WATER = ("sea", "lake")


def _largest_part(geom: BaseGeometry) -> BaseGeometry:
    if geom.geom_type == "Polygon":
        return geom
    parts = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"]
    if not parts:
        raise GeometryError(f"{geom.geom_type} has no polygon to place a point in")
    return max(parts, key=lambda p: p.area)


def label_point(geom: BaseGeometry, tolerance: float | None = None) -> XY:
    """A good label point: the pole of inaccessibility (centre of the maximum inscribed
    circle) of the largest part of the zone."""
    if geom is None or geom.is_empty:
        raise GeometryError("cannot place a label in an empty geometry")
    part = _largest_part(geom)
    if tolerance is None:
        x0, y0, x1, y1 = part.bounds
        tolerance = max(x1 - x0, y1 - y0) / 200.0 or 1e-9
    circle = shapely.maximum_inscribed_circle(part, tolerance)
    x, y = circle.coords[0]
    return (float(x), float(y))


def border_segments(
    geoms: Mapping[int, BaseGeometry], a: int, b: int
) -> LineString | MultiLineString:
    """The border between zones ``a`` and ``b`` (for drawing rivers, mountain borders),
    merged into as few lines as possible; empty when they share none."""
    from gamecore.geometry.adjacency import shared_border

    try:
        return shared_border(geoms[a], geoms[b])
    except KeyError as exc:
        raise GeometryError(f"there is no zone {exc.args[0]}") from None


def _fit_slots(geom: BaseGeometry, n: int, r: float) -> list[XY] | None:
    inner = geom.buffer(-r)
    if inner.is_empty:
        return None
    x0, y0, x1, y1 = inner.bounds
    step = max(r / 2.0, math.sqrt(max((x1 - x0) * (y1 - y0), 1e-18) / 4000.0))
    xs = np.arange(x0, x1 + step, step)
    ys = np.arange(y0, y1 + step, step)
    gx, gy = np.meshgrid(xs, ys)
    gx, gy = gx.ravel(), gy.ravel()
    ok = shapely.contains_xy(inner, gx, gy)
    cand = np.column_stack([gx[ok], gy[ok]])
    first = label_point(inner)
    if shapely.contains_xy(inner, *first):
        cand = np.vstack([[first], cand])
    if len(cand) == 0:
        return None
    chosen = [cand[0]]
    dmin = np.hypot(cand[:, 0] - cand[0, 0], cand[:, 1] - cand[0, 1])
    while len(chosen) < n:
        i = int(np.argmax(dmin))
        if dmin[i] < 2 * r:
            return None
        chosen.append(cand[i])
        dmin = np.minimum(dmin, np.hypot(cand[:, 0] - cand[i, 0], cand[:, 1] - cand[i, 1]))
    return [(float(x), float(y)) for x, y in chosen]


def stack_slots(geom: BaseGeometry, n: int, radius: float | None = None) -> list[XY]:
    """``n`` points inside the zone for unit stacks, whose circles of ``radius`` lie in
    the zone and do not overlap. Without ``radius``, the largest radius (within 20%)
    that fits is used."""
    if n <= 0:
        return []
    if geom is None or geom.is_empty:
        raise GeometryError("cannot place stack slots in an empty geometry")
    if radius is not None:
        slots = _fit_slots(geom, n, radius)
        if slots is None:
            raise GeometryError(f"{n} stack slots of radius {radius:g} do not fit in the zone")
        return slots
    part = _largest_part(geom)
    x0, y0, x1, y1 = part.bounds
    r = shapely.maximum_inscribed_circle(part, max(x1 - x0, y1 - y0) / 200.0).length
    for _ in range(40):
        slots = _fit_slots(geom, n, r)
        if slots is not None:
            return slots
        r *= 0.8
    raise GeometryError(f"{n} stack slots do not fit in the zone")


def _geo_adjacency(m) -> dict[int, set[int]]:
    from gamecore.geometry.adjacency import compute_adjacency

    geoms = {z.id: z.geometry for z in m.zones.values() if z.geometry is not None}
    adj: dict[int, set[int]] = {z: set() for z in m.zones}
    for a, b in compute_adjacency(geoms):
        adj[a].add(b)
        adj[b].add(a)
    return adj


def coast_classes(
    m, adjacency: Mapping[int, set[int]] | None = None, water: tuple[str, ...] = ("sea",)
) -> dict[int, str]:
    """For every land zone of map ``m``: "island" (borders only water, or flagged
    island), "coastal" (borders water and land) or "landlocked" (borders no water).
    Uses geometric adjacency (shared borders), not links; pass ``adjacency`` to reuse
    one already computed."""
    adj = adjacency if adjacency is not None else _geo_adjacency(m)
    out = {}
    for zid, zone in m.zones.items():
        if zone.kind != "land":
            continue
        nb = [m.zones[n] for n in adj.get(zid, ()) if n in m.zones]
        wet = any(z.kind in water for z in nb)
        dry = any(z.kind not in WATER for z in nb)
        if zone.has_flag("island") or (wet and not dry):
            out[zid] = "island"
        elif wet:
            out[zid] = "coastal"
        else:
            out[zid] = "landlocked"
    return out


def is_coastal(m, zid: int, adjacency=None, water: tuple[str, ...] = ("sea",)) -> bool:
    """A land zone bordering water (an island is coastal too)."""
    return coast_classes(m, adjacency, water).get(zid) in ("coastal", "island")


def is_island(m, zid: int, adjacency=None, water: tuple[str, ...] = ("sea",)) -> bool:
    return coast_classes(m, adjacency, water).get(zid) == "island"


def is_landlocked(m, zid: int, adjacency=None, water: tuple[str, ...] = ("sea",)) -> bool:
    return coast_classes(m, adjacency, water).get(zid) == "landlocked"


def zones_along(m, points, kinds: tuple[str, ...] = ("sea",)) -> list[int]:
    """The zones of ``kinds`` a polyline passes through, in order along it (consecutive
    repeats dropped); a stretch running exactly along a border is in neither zone. Used
    for convoy routes (sea) and rail and river lines (land)."""
    if len(points) < 2:
        return []
    line = LineString(points)
    hits: list[tuple[float, int]] = []
    for zid, z in m.zones.items():
        g = z.geometry
        if z.kind not in kinds or g is None or not g.intersects(line):
            continue
        for piece in shapely.get_parts(line.intersection(g)):
            if piece.length <= 0:
                continue
            mid = piece.interpolate(0.5, normalized=True)
            if g.contains(mid):
                hits.append((line.project(mid), zid))
    hits.sort()
    out: list[int] = []
    for _, zid in hits:
        if not out or out[-1] != zid:
            out.append(zid)
    return out
