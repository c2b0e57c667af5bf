"""Small geometry helpers of the coverage (parts, segments, faces) and :class:`Snap`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.adjacency import (
    polygon_rings,
)

XY = tuple[float, float]
_POLYGONAL = ("Polygon", "MultiPolygon")


# -- small helpers -------------------------------------------------------------------


def _xy(p) -> XY:
    if isinstance(p, Point):
        return (float(p.x), float(p.y))
    x, y = p
    return (float(x), float(y))


def _fmt(p: XY) -> str:
    return f"({p[0]:.6g}, {p[1]:.6g})"


def _parts(geom: BaseGeometry) -> list[list[np.ndarray]]:
    """[[shell, hole, ...], ...]: closed coordinate arrays (copies) of each polygon."""
    if geom.geom_type == "Polygon":
        polys = [geom]
    elif geom.geom_type == "MultiPolygon":
        polys = list(geom.geoms)
    else:
        raise GeometryError(f"a zone must be a polygon, not a {geom.geom_type}")
    return [
        [shapely.get_coordinates(p.exterior)] + [shapely.get_coordinates(r) for r in p.interiors]
        for p in polys
    ]


def _build(parts: list[list[np.ndarray]]) -> BaseGeometry:
    try:
        polys = [Polygon(rings[0], rings[1:]) for rings in parts]
    except (ValueError, shapely.errors.GEOSException) as exc:
        raise GeometryError(f"the edit would leave a ring with too few vertices ({exc})") from None
    return polys[0] if len(polys) == 1 else MultiPolygon(polys)


def _segments_of(parts: list[list[np.ndarray]]) -> np.ndarray:
    """(n, 4) segments of every ring."""
    segs = [np.hstack([r[:-1], r[1:]]) for rings in parts for r in rings if len(r) > 1]
    return np.concatenate(segs) if segs else np.empty((0, 4))


def _canonical(seg: np.ndarray) -> np.ndarray:
    seg = seg + 0.0
    swap = (seg[:, 0] > seg[:, 2]) | ((seg[:, 0] == seg[:, 2]) & (seg[:, 1] > seg[:, 3]))
    out = seg.copy()
    out[swap] = seg[swap][:, [2, 3, 0, 1]]
    keep = (out[:, 0] != out[:, 2]) | (out[:, 1] != out[:, 3])
    return out[keep]


def _unique_segments(segs: Sequence[np.ndarray]) -> np.ndarray:
    allseg = np.concatenate([s for s in segs if len(s)]) if segs else np.empty((0, 4))
    if len(allseg) == 0:
        return allseg
    return np.unique(_canonical(allseg), axis=0)


def _seg_keys(seg: np.ndarray) -> set[tuple[float, ...]]:
    return set(map(tuple, _canonical(seg).tolist()))


def _has_vertex(parts: list[list[np.ndarray]], p: XY) -> bool:
    return any(
        bool(((r[:, 0] == p[0]) & (r[:, 1] == p[1])).any()) for rings in parts for r in rings
    )


def _faces(segs: Sequence[np.ndarray]) -> list[Polygon]:
    """The faces of exactly noded linework (no new coordinates are computed)."""
    seg = _unique_segments(segs)
    if len(seg) == 0:
        return []
    lines = shapely.linestrings(seg.reshape(-1, 2, 2))
    return list(shapely.get_parts(shapely.polygonize(lines)))


def _inside(geom: BaseGeometry, faces: Sequence[Polygon]) -> np.ndarray:
    if not faces:
        return np.zeros(0, dtype=bool)
    pts = shapely.get_coordinates(shapely.point_on_surface(np.array(faces, dtype=object)))
    return shapely.contains_xy(geom, pts[:, 0], pts[:, 1])


def _union(faces: Sequence[BaseGeometry]) -> BaseGeometry:
    if len(faces) == 1:
        return faces[0]
    out = shapely.coverage_union_all(np.array(faces, dtype=object))
    if out.geom_type == "GeometryCollection":
        polys = [g for g in shapely.get_parts(out) if g.geom_type == "Polygon"]
        out = polys[0] if len(polys) == 1 else MultiPolygon(polys)
    return out


def _line_coords(line, closed: bool = False) -> np.ndarray:
    if isinstance(line, BaseGeometry):
        if line.geom_type not in ("LineString", "LinearRing"):
            raise GeometryError(f"expected a line, got a {line.geom_type}")
        coords = shapely.get_coordinates(line)
    else:
        coords = np.asarray(line, dtype=float).reshape(-1, 2)
    if not np.isfinite(coords).all():
        raise GeometryError("the line has non-finite coordinates")
    if len(coords) > 1:
        keep = np.r_[True, (np.diff(coords, axis=0) != 0).any(axis=1)]
        coords = coords[keep]
    if closed and len(coords) > 1 and (coords[0] == coords[-1]).all():
        coords = coords[:-1]
    if len(coords) < 2:
        raise GeometryError("the line needs at least two distinct points")
    return coords


def vertex_count(geoms: Iterable[BaseGeometry]) -> int:
    """Ring vertices of the geometries (each ring's closing point not counted)."""
    arr = np.array([g for g in geoms if g is not None], dtype=object)
    if len(arr) == 0:
        return 0
    rings = polygon_rings(arr)[0]
    return int(shapely.get_num_coordinates(rings).sum() - len(rings))


@dataclass(frozen=True)
class Snap:
    """Where a point snaps: an existing ``vertex`` or a point on a border ``segment``."""

    kind: str  # "vertex" | "segment"
    point: XY
    zones: frozenset[int]
    distance: float
    segment: tuple[XY, XY] | None = None
