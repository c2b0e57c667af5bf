"""Queries on zones: label points, stack slots, coastal / island / land-locked."""

from __future__ import annotations

import shapely
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError

__all__ = ["label_point"]

XY = tuple[float, float]


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
