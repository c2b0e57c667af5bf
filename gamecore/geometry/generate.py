"""Generators: sea zones partitioning a water area, and maps of hex grids."""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.coverage import Coverage
from gamecore.geometry.hexgrid import HexLayout
from gamecore.model.map import Border, Link, Map, Zone

__all__ = ["hex_map", "hex_layout_map", "hgw_hex_map", "sea_zones"]

#: share of a hex that must be land for the hex to be a land hex
LAND_MIN = 0.5
#: share of a land hex that must be water for the hex to be coastal
COAST_MIN = 0.02


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
    *,
    id_format: str = "ccrr",
    first_col: int | None = None,
    wrap_cols: int | None = None,
    land: BaseGeometry | None = None,
) -> Map:
    """A map of ``rows`` x ``cols`` hexes numbered from ``first`` (columns from
    ``first_col`` when given), its frame the grid's bounding box; odd rows (pointy) or
    odd columns (flat) are shifted. Ids "CCRR" by default, as the New Map wizard always
    made; ``id_format="rrcc"`` with a pointy orientation is the Hitler's Global War layout
    (:func:`hgw_hex_map`). ``wrap_cols`` and ``land`` as :func:`hex_layout_map`."""
    if orientation not in ("flat", "pointy"):
        raise GeometryError(f"hex orientation must be 'flat' or 'pointy', not {orientation!r}")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (rows, cols, first)):
        raise GeometryError("hex map rows, columns and first number must be integers")
    if rows < 1 or cols < 1:
        raise GeometryError("a hex grid needs at least one row and one column")
    c0 = first if first_col is None else first_col
    layout = HexLayout(
        rows=(first, first + rows - 1),
        cols=(c0, c0 + cols - 1),
        size=size,
        layout="odd-r" if orientation == "pointy" else "odd-q",
        id_format=id_format,
        wrap_cols=wrap_cols,
    )
    return hex_layout_map(layout, land=land, name=name)


def hgw_hex_map(
    rows: tuple[int, int],
    cols: tuple[int, int],
    size: float,
    *,
    origin: tuple[float, float] = (0.0, 0.0),
    wrap_cols: int | None = None,
    land: BaseGeometry | None = None,
    name: str = "Hex map",
) -> Map:
    """A hex map in the Hitler's Global War layout (pointy-top, "odd-r", ids "RRCC") over
    rows ``rows[0]..rows[1]`` and columns ``cols[0]..cols[1]``; see
    :func:`hex_layout_map`."""
    layout = HexLayout(
        rows, cols, size, origin, layout="odd-r", id_format="rrcc", wrap_cols=wrap_cols
    )
    return hex_layout_map(layout, land=land, name=name)


def _land_geometry(land: BaseGeometry | None) -> BaseGeometry | None:
    if land is None:
        return None
    if not isinstance(land, BaseGeometry):
        raise GeometryError(f"the land must be a geometry, not {type(land).__name__}")
    if land.is_empty:
        return None
    parts = [p for p in shapely.get_parts(land) if p.geom_type in ("Polygon", "MultiPolygon")]
    if not parts:
        raise GeometryError("the land geometry has no polygons")
    if not np.all(np.isfinite(shapely.get_coordinates(land))):
        raise GeometryError("the land geometry has coordinates that are not finite numbers")
    merged = shapely.union_all(shapely.make_valid(np.array(parts, dtype=object)))
    polys = [p for p in shapely.get_parts(merged) if p.geom_type == "Polygon" and p.area > 0]
    return shapely.union_all(polys) if polys else None


def hex_layout_map(
    layout: HexLayout,
    land: BaseGeometry | None = None,
    name: str = "Hex map",
    land_min: float = LAND_MIN,
    coast_min: float = COAST_MIN,
) -> Map:
    """A map of every hex of ``layout``: zone ids 1.. row by row, ``Zone.code`` the hex id,
    ``Zone.props["hex"] = [row, col]``, ``Map.props["hex"]`` the grid's metadata.

    Without ``land`` every hex is a land hex. With ``land`` (polygons in map coordinates)
    a hex at least ``land_min`` land is a land hex, else a sea hex (a lake when land
    hexes surround it, so that no sea zone is cut off from the others); a land hex at least
    ``coast_min`` water that touches a sea hex or the map edge is coastal (flag
    "coastal"); the hexside of two land hexes that does not touch the land gets
    ``Border.props["all_sea"]``. Hexes joined only across the wrap seam are joined by a
    ``Link(kind="connection")`` (their polygons lie at the two ends of the map)."""
    x0, y0, x1, y1 = layout.bounds()
    if x0 < 0 or y0 < 0:
        raise GeometryError("the hex grid must lie in the map frame (origin >= 0)")
    land = _land_geometry(land)
    if land is not None:
        land = shapely.clip_by_rect(land, x0, y0, x1, y1)  # only what the grid covers
        land = None if land.is_empty else land
    m = Map(name=name, width=x1, height=y1)
    ids: dict[tuple[int, int], int] = {}
    cells = list(layout.cells())
    polys = [layout.polygon(*rc) for rc in cells]
    for zid, (rc, poly) in enumerate(zip(cells, polys, strict=True), start=1):
        code = layout.code(*rc)
        z = Zone(zid, code, f"Hex {code}", geometry=poly, label=layout.centre(*rc))
        z.props["hex"] = [rc[0], rc[1]]
        m.zones[zid] = z
        ids[rc] = zid
    m.props["hex"] = layout.to_props()
    if land is not None:
        _classify(m, layout, ids, cells, polys, land, land_min, coast_min)
    for link_id, (a, b) in enumerate(sorted(layout.seam_pairs()), start=1):
        m.links[link_id] = Link(
            link_id,
            "connection",
            ids[a],
            ids[b],
            name=f"wrap {layout.code(*a)}-{layout.code(*b)}",
            props={"wrap": True},
        )
    return m


def _seam_edge(layout: HexLayout, a: tuple[int, int], b: tuple[int, int]):
    """The hexside of ``a`` that faces its neighbour ``b`` (across the seam or not)."""
    for raw in layout.neighbour_cells(*a, wrap=False):
        if layout.normal(*raw) == b:
            edge = layout.shared_edge(a, raw)
            if edge is not None:
                return edge
    return None


def _classify(m, layout, ids, cells, polys, land, land_min, coast_min) -> None:
    arr = np.array(polys, dtype=object)
    cell_area = float(shapely.area(arr[0]))
    shapely.prepare(land)
    frac = np.zeros(len(cells))
    touched = shapely.intersects(land, arr)
    inside = np.zeros(len(cells), dtype=bool)
    inside[touched] = shapely.contains_properly(land, arr[touched])
    frac[inside] = 1.0
    partial = touched & ~inside
    if partial.any():
        frac[partial] = shapely.area(shapely.intersection(arr[partial], land)) / cell_area
    is_land = {rc: bool(f >= land_min) for rc, f in zip(cells, frac, strict=True)}
    for rc in cells:
        z = m.zones[ids[rc]]
        if not is_land[rc]:
            # water all around by land is a lake: no ship could reach a sea hex there
            lone = all(is_land[n] for n in layout.neighbours(*rc) if n != rc)
            z.kind, z.terrain = ("lake", "lake") if lone else ("sea", "sea")
    for rc, f in zip(cells, frac, strict=True):
        if is_land[rc] and 1.0 - f >= coast_min:
            beside = (m.zones[ids[n]].kind for n in layout.neighbours(*rc))
            if layout.on_edge(*rc) or "sea" in beside:
                m.zones[ids[rc]].set_flag("coastal")
    pairs = [(a, b) for a, b in sorted(layout.neighbour_pairs()) if is_land[a] and is_land[b]]
    edges = [_seam_edge(layout, a, b) for a, b in pairs]
    known = [i for i, e in enumerate(edges) if e is not None]
    if not known:
        return
    hits = shapely.intersects(land, np.array([edges[i] for i in known], dtype=object))
    for i, hit in zip(known, hits, strict=True):
        if not hit:
            a, b = ids[pairs[i][0]], ids[pairs[i][1]]
            key = (a, b) if a < b else (b, a)
            m.borders[key] = Border(*key, props={"all_sea": True})
