"""The fixed precision grid of stored coordinates (issue #18, item 7).

A pack stores every map coordinate on a grid of ``10 ** -COORD_DECIMALS`` map units, so
that its text form (``warroom dump``, six decimals) is exact and ``dump`` → ``load`` gives
back the identical pack. Snapping happens on every write of a pack.

Snapping is *coverage-aware*: it rounds each coordinate on its own (pointwise), so two
zones that share a vertex still share it after snapping and no gap or overlap opens; then
it removes what rounding can make degenerate in the same way on both sides of a border —
repeated vertices and zero-width spikes (``A, B, A``, a sliver narrower than the grid).
A geometry still invalid after that (a vertex rounded across a nearby edge of a sliver
narrower than the grid) loses that vertex, in every zone that has it, and only what that
cannot fix is repaired on its own (``shapely.set_precision`` keeping a valid output).
"""

from __future__ import annotations

import re

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from gamecore.limits import COORD_DECIMALS

GRID = 10.0**-COORD_DECIMALS


def snap(x: float) -> float:
    """``x`` on the grid (the nearest double to the 6-decimal number; -0.0 becomes 0.0)."""
    return round(float(x), COORD_DECIMALS) + 0.0


def snap_xy(p):
    return None if p is None else (snap(p[0]), snap(p[1]))


def _round(c: np.ndarray) -> np.ndarray:
    return np.round(c, COORD_DECIMALS) + 0.0  # as the text form rounds (jsonform)


def on_grid(g: BaseGeometry) -> bool:
    c = shapely.get_coordinates(g)
    return bool(np.array_equal(np.round(c, COORD_DECIMALS), c))


def _clean_ring(coords: np.ndarray) -> np.ndarray:
    """A closed ring without repeated vertices and zero-width spikes (``A, B, A``), the
    ring taken as a cycle (its start is not special)."""
    pts = [tuple(p) for p in coords[:-1]]
    changed = True
    while changed and len(pts) >= 3:
        changed = False
        n = len(pts)
        for i in range(n):
            a, b, c = pts[i - 1], pts[i], pts[(i + 1) % n]
            if a == b:
                del pts[i]
                changed = True
                break
            if a == c:  # a spike: a -> b -> a
                for k in sorted((i, (i + 1) % n), reverse=True):
                    del pts[k]
                changed = True
                break
    if len(pts) < 3:
        return np.empty((0, 2))
    return np.array([*pts, pts[0]], dtype=float)


def _clean_polygon(poly: shapely.Polygon) -> shapely.Polygon | None:
    shell = _clean_ring(np.asarray(poly.exterior.coords)[:, :2])
    if len(shell) < 4:
        return None
    holes = [_clean_ring(np.asarray(r.coords)[:, :2]) for r in poly.interiors]
    return shapely.Polygon(shell, [h for h in holes if len(h) >= 4])


def _clean(g: BaseGeometry) -> BaseGeometry:
    if g.geom_type == "Polygon":
        p = _clean_polygon(g)
        return p if p is not None else shapely.Polygon()
    if g.geom_type == "MultiPolygon":
        parts = [p for p in (_clean_polygon(q) for q in g.geoms) if p is not None]
        if not parts:
            return shapely.MultiPolygon()
        return shapely.MultiPolygon(parts) if len(parts) > 1 else parts[0]
    return g


def _has_degenerate(coords: np.ndarray) -> bool:
    if len(coords) < 3:
        return False
    same_next = np.all(coords[1:] == coords[:-1], axis=1)
    same_skip = np.all(coords[2:] == coords[:-2], axis=1)
    return bool(same_next.any() or same_skip.any())


def snap_geometries(geoms: list) -> list:
    """``geoms`` (shapely geometries or None) on the grid, coverage-aware (module doc).
    Geometries already on the grid are returned as they are (the same objects)."""
    out = list(geoms)
    todo = [i for i, g in enumerate(geoms) if g is not None and not g.is_empty]
    if not todo:
        return out
    arr = np.empty(len(todo), dtype=object)
    arr[:] = [geoms[i] for i in todo]
    snapped = shapely.transform(arr, _round, include_z=True)  # pointwise, Z kept
    same = shapely.equals_exact(arr, snapped, tolerance=0.0)
    broken = []
    for k, i in enumerate(todo):
        if same[k]:
            continue
        g = snapped[k]
        if g.geom_type in ("Polygon", "MultiPolygon"):
            rings = shapely.get_rings(shapely.get_parts(g))  # (Polygons only: parts first)
            if any(_has_degenerate(shapely.get_coordinates(r)) for r in rings):
                g = _clean(g)
            if not g.is_valid and geoms[i].is_valid:
                broken.append(i)
        out[i] = g
    if broken:
        _repair(out, geoms, broken)
    return out


_POINT = re.compile(r"\[(-?[0-9.e+-]+) (-?[0-9.e+-]+)")


def _repair(out: list, originals: list, broken: list[int]) -> None:
    """Make the geometries ``broken`` (valid before rounding, not after) valid again, in
    step with their neighbours: a vertex that rounding moved across a nearby edge (in a
    sliver narrower than the grid) is dropped from every geometry that has it, when at
    most two do (so the border they share stays matched). What that cannot fix is
    repaired alone (``shapely.set_precision``)."""
    owners: dict[tuple, set[int]] = {}
    for j, g in enumerate(out):
        if g is None or g.is_empty:
            continue
        for xy in map(tuple, shapely.get_coordinates(g)):
            owners.setdefault(xy, set()).add(j)
    for i in broken:
        for _ in range(50):
            g = out[i]
            if g.is_valid:
                break
            m = _POINT.search(shapely.is_valid_reason(g))
            if not m:
                break
            where = np.array([float(m.group(1)), float(m.group(2))])
            c = shapely.get_coordinates(g)
            v = tuple(c[int(np.argmin(np.hypot(*(c - where).T)))])
            holders = owners.get(v, set())
            if len(holders) > 2:
                break
            for j in holders:
                out[j] = _drop_vertex(out[j], v)
            owners.pop(v, None)
        if not out[i].is_valid:
            out[i] = shapely.set_precision(originals[i], GRID)  # last resort, alone


def _drop_vertex(g: BaseGeometry, v: tuple) -> BaseGeometry:
    def ring(coords: np.ndarray) -> np.ndarray:
        pts = [tuple(p) for p in coords[:-1] if tuple(p) != v]
        return np.array([*pts, pts[0]]) if len(pts) >= 3 else np.empty((0, 2))

    def poly(p: shapely.Polygon) -> shapely.Polygon | None:
        shell = ring(shapely.get_coordinates(p.exterior))
        if len(shell) < 4:
            return None
        holes = [ring(shapely.get_coordinates(r)) for r in p.interiors]
        return shapely.Polygon(shell, [h for h in holes if len(h) >= 4])

    if g.geom_type == "Polygon":
        return poly(g) or shapely.Polygon()
    if g.geom_type == "MultiPolygon":
        parts = [q for q in (poly(p) for p in g.geoms) if q is not None]
        return shapely.MultiPolygon(parts) if parts else shapely.MultiPolygon()
    return g


def snap_map(m) -> None:
    """Put every coordinate of map ``m`` (a :class:`~gamecore.model.Map`) on the grid in
    place, exactly as saving a pack stores it."""
    zones = list(m.zones.values())
    for z, g in zip(zones, snap_geometries([z.geometry for z in zones]), strict=True):
        z.geometry = g
        z.label, z.roundel = snap_xy(z.label), snap_xy(z.roundel)
        z.slots = [snap_xy(p) for p in z.slots]
    areas = list(m.terrain_areas.values())
    for t, g in zip(areas, snap_geometries([t.geometry for t in areas]), strict=True):
        t.geometry = g
    for ln in m.lines.values():
        ln.points = [snap_xy(p) for p in ln.points]
