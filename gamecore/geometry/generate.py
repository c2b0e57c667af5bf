"""Generators: sea zones partitioning a water area, and maps of hex grids."""

from __future__ import annotations

from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.coverage import Coverage
from gamecore.geometry.hexgrid import hex_grid
from gamecore.geometry.queries import label_point
from gamecore.model.map import Map, Zone

__all__ = ["hex_map", "sea_zones"]


def sea_zones(
    water: BaseGeometry, n: int, seed: int = 0, samples: int = 2000
) -> dict[int, BaseGeometry]:
    """Partition a water area into ``n`` sea zones around k-means seeds (Voronoi cells
    clipped to the coast), numbered 1..n in reading order (top to bottom, left to
    right). The pieces keep every coast vertex; where a cell border meets the coast a
    vertex is added, so a coverage holding the water's neighbours should use
    :meth:`Coverage.partition_zone` instead (it adds that vertex to them too)."""
    if water is None or water.is_empty or water.geom_type not in ("Polygon", "MultiPolygon"):
        raise GeometryError("the water area must be a non-empty polygon")
    if not water.is_valid:
        raise GeometryError("the water area is not a valid polygon")
    cov = Coverage({1: water})
    cs = cov.partition_zone(1, n, seed=seed, samples=samples)
    order = cs.info.get("order", [1])
    return {k + 1: cov[z] for k, z in enumerate(order)}


def hex_map(
    rows: int,
    cols: int,
    size: float,
    orientation: str = "flat",
    name: str = "Hex map",
    first: int = 1,
) -> Map:
    """A map of land hexes (codes "CCRR"), its frame the grid's bounding box."""
    grid = hex_grid(rows, cols, size, orientation, first=first)
    x0, y0, x1, y1 = grid.bounds()
    m = Map(name=name, width=x1, height=y1)
    for zid, geom in grid.geoms.items():
        code = grid.codes[zid]
        m.zones[zid] = Zone(zid, code, f"Hex {code}", geometry=geom, label=label_point(geom))
    m.props["hex"] = {"orientation": orientation, "rows": rows, "cols": cols, "size": size}
    return m
