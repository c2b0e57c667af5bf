"""TripleA polygons ↔ a Warroom coverage, in image pixels.

Reading (:func:`polygons_to_coverage`) has two modes:

- **traced** (a TripleA map as its tools make it): every territory is the outline of its
  interior pixels, so neighbours are separated by the black border line (gaps of 1-3 px
  that form one connected network) and sea zones are drawn under their islands. Rings are
  simplified (~1 px), grown by half the gap so that neighbours overlap instead of leaving
  a gap, and cleaned into a coverage by the geometry engine (islands cut out of the sea,
  thin overlaps and gaps given to a neighbour, slivers merged, the map frame clipped);
- **exact** (polygons Warroom wrote): the rings already share their vertices; only keyhole
  rings (holes written as a zero-width cut) are repaired and islands cut out of the sea.

Both end with :func:`snap_to_pixels`: vertices are rounded to whole pixels (what
polygons.txt can hold) and any overlap the rounding creates is cleaned locally, so an
exported map reads back to the same geometry. Geometry is normalized.

Writing (:func:`coverage_to_rings`) gives integer rings per zone: holes filled by land
zones are left out (TripleA draws land over sea), other holes are joined to the outer
ring by a zero-width bridge (a keyhole), which TripleA's even-odd fill draws as a hole.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.clean import clean_polygons

__all__ = ["CoverageResult", "coverage_to_rings", "polygons_to_coverage", "snap_to_pixels"]

WATER = ("sea", "lake")


@dataclass
class CoverageResult:
    geoms: dict[int, BaseGeometry]
    mode: str
    counts: dict[str, int] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    snapped: bool = True


def _polygonal(g: BaseGeometry) -> BaseGeometry | None:
    polys = [p for p in shapely.get_parts(g) if p.geom_type == "Polygon" and not p.is_empty]
    multi = [q for p in shapely.get_parts(g) if p.geom_type == "MultiPolygon" for q in p.geoms]
    polys += multi
    if not polys:
        return None
    return polys[0] if len(polys) == 1 else MultiPolygon(polys)


def rings_to_geometry(rings: list[np.ndarray], method: str = "linework") -> BaseGeometry | None:
    """One territory's rings as a (multi)polygon: every ring is a part, rings of the
    same territory that overlap are merged (TripleA: a point in any ring is inside)."""
    parts: list[BaseGeometry] = []
    for ring in rings:
        pts = np.asarray(ring, dtype=float)
        if len(pts) < 3:
            continue
        poly = Polygon(pts)
        if not poly.is_valid:
            fixed = _polygonal(shapely.make_valid(poly, method=method, keep_collapsed=False))
            if fixed is None:
                continue
            poly = fixed
        if not poly.is_empty and poly.area > 0:
            parts.append(poly)
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    merged = shapely.union_all(np.array(parts, dtype=object))
    return _polygonal(merged)


def polygons_to_coverage(
    raw: Mapping[int, BaseGeometry],
    kinds: Mapping[int, str],
    frame: tuple[float, float, float, float],
    mode: str = "traced",
    gap: float = 4.0,
    simplify: float = 1.0,
    progress: Callable[[str, float], None] | None = None,
) -> CoverageResult:
    """A valid coverage, in whole pixels, from the territories' raw polygons."""
    ids = sorted(raw)
    if not ids:
        return CoverageResult({}, mode)
    arr = np.array([raw[i] for i in ids], dtype=object)
    counts: dict[str, int] = {}
    messages: list[str] = []
    if mode == "traced":
        if simplify > 0:
            arr = shapely.simplify(arr, simplify, preserve_topology=True)
        if gap > 0:
            arr = shapely.buffer(arr, gap / 2.0, quad_segs=1, join_style="mitre", mitre_limit=2.0)
        gap_width, sliver = gap, gap * gap
    else:
        gap_width, sliver = 0.0, 0.0
    if progress:
        progress("cleaning polygons", 0.4)
    geoms = {i: g for i, g in zip(ids, arr, strict=True) if g is not None and not g.is_empty}
    rep = clean_polygons(
        geoms, gap_width=gap_width, sliver_area=sliver, kinds=dict(kinds), frame=frame
    )
    for c in rep.changes:
        counts[c.kind] = counts.get(c.kind, 0) + 1
        messages.append(f"{c.kind}: {c.message}")
    if progress:
        progress("snapping to pixels", 0.6)
    out, snapped, extra = snap_to_pixels(rep.geoms, kinds)
    for c in extra:
        counts[c] = counts.get(c, 0) + 1
    if not snapped:
        messages.append("some vertices could not be snapped to whole pixels (kept fractional)")
    norm = shapely.normalize(np.array([out[i] for i in sorted(out)], dtype=object))
    return CoverageResult(
        dict(zip(sorted(out), norm, strict=True)), mode, counts, messages, snapped
    )


def _round(arr: np.ndarray) -> np.ndarray:
    return shapely.transform(arr, lambda c: np.round(c) + 0.0)


def snap_to_pixels(
    geoms: Mapping[int, BaseGeometry], kinds: Mapping[int, str], max_rounds: int = 5
) -> tuple[dict[int, BaseGeometry], bool, list[str]]:
    """Round every vertex to a whole pixel. Shared vertices round alike, so the coverage
    stays a coverage except where rounding makes an edge cross another; those spots are
    cleaned again among the zones involved (a few rounds at most). Returns the geometries,
    whether all of them are on whole pixels, and the kinds of repair made."""
    cur = dict(geoms)
    made: list[str] = []
    for _ in range(max_rounds):
        ids = np.array(sorted(cur), dtype=np.int64)
        if not len(ids):
            return cur, True, made
        arr = np.array([cur[i] for i in ids.tolist()], dtype=object)
        rounded = _round(arr)
        bad = ~shapely.is_valid(rounded) | shapely.is_empty(rounded)
        good = ~bad
        if good.any():
            edges = shapely.coverage_invalid_edges(rounded[good])
            bad_idx = np.flatnonzero(good)[~shapely.is_empty(edges)]
            bad[bad_idx] = True
        if not bad.any():
            return dict(zip(ids.tolist(), rounded, strict=True)), True, made
        # repair around the bad zones: those and every zone that touches them
        tree = shapely.STRtree(rounded)
        involved = set(ids[bad].tolist())
        for i in np.flatnonzero(bad).tolist():
            involved.update(ids[tree.query(rounded[i], predicate="intersects")].tolist())
        sub = {}
        for zid, g in zip(ids.tolist(), rounded, strict=True):
            if zid in involved:
                fixed = g if g.is_valid else _polygonal(shapely.make_valid(g))
                if fixed is not None:
                    sub[zid] = fixed
        try:
            rep = clean_polygons(sub, gap_width=1.0, sliver_area=1.0, kinds=dict(kinds))
        except GeometryError:
            break
        made.extend(c.kind for c in rep.changes)
        nxt = dict(zip(ids.tolist(), rounded, strict=True))
        for zid in involved:
            if zid in rep.geoms:
                nxt[zid] = rep.geoms[zid]
            else:
                nxt.pop(zid, None)
        cur = nxt
    return dict(geoms), False, made


# ---------------------------------------------------------------------------- writing
def _ring_xy(ring) -> np.ndarray:
    xy = np.round(np.asarray(ring.coords)[:-1]).astype(np.int64)
    if len(xy) > 1:  # rounding (of a map not in whole pixels) can repeat a vertex
        keep = np.r_[True, (xy[1:] != xy[:-1]).any(axis=1)]
        xy = xy[keep]
        if len(xy) > 1 and (xy[0] == xy[-1]).all():
            xy = xy[:-1]
    return xy


def _bridge(
    outer: np.ndarray, hole: np.ndarray, obstacles: BaseGeometry
) -> tuple[np.ndarray, LineString] | None:
    """``outer`` with ``hole`` joined by a zero-width cut between two vertices whose
    segment touches ``obstacles`` (all ring edges and earlier cuts) only at its ends."""
    tree = shapely.STRtree(shapely.points(outer.astype(float)))
    hole_pts = shapely.points(hole.astype(float))
    near_idx, dist = tree.query_nearest(hole_pts, return_distance=True, all_matches=False)
    cand = sorted(zip(dist.tolist(), near_idx[0].tolist(), near_idx[1].tolist(), strict=True))
    for _d, hi, oi in cand[:200]:
        p, q = tuple(outer[oi].tolist()), tuple(hole[hi].tolist())
        seg = LineString([p, q])
        inter = seg.intersection(obstacles)
        if inter.equals(MultiPoint([p, q])) or (p == q and inter.equals(Point(p))):
            merged = np.concatenate([outer[: oi + 1], hole[hi:], hole[: hi + 1], outer[oi:]])
            return merged, seg
    return None


def coverage_to_rings(
    geoms: Mapping[int, BaseGeometry], kinds: Mapping[int, str]
) -> tuple[dict[int, list[np.ndarray]], list[str]]:
    """Integer pixel rings per zone for polygons.txt (no closing point), and notes."""
    notes: list[str] = []
    land_ids = [z for z in geoms if kinds.get(z, "land") not in WATER and geoms[z] is not None]
    land_tree = shapely.STRtree([geoms[z] for z in land_ids]) if land_ids else None
    out: dict[int, list[np.ndarray]] = {}
    for zid, g in geoms.items():
        if g is None or g.is_empty:
            continue
        rings: list[np.ndarray] = []
        water = kinds.get(zid, "land") in WATER
        for part in shapely.get_parts(g):
            if part.geom_type != "Polygon":
                continue
            outer = _ring_xy(part.exterior)
            keyholes = []
            for hole in part.interiors:
                hp = Polygon(hole)
                if water and land_tree is not None:
                    idx = land_tree.query(hp, predicate="intersects")
                    if len(idx):
                        land = shapely.union_all([geoms[land_ids[i]] for i in idx])
                        if hp.difference(land).area <= 1e-9 * max(hp.area, 1.0):
                            continue  # an island: TripleA draws the land over the sea
                keyholes.append(_ring_xy(hole))
            if keyholes:
                obstacles = part.boundary
                for h in keyholes:
                    found = _bridge(outer, h, obstacles)
                    if found is None:
                        notes.append(f"zone {zid}: a hole could not be bridged and was dropped")
                        continue
                    outer, cut = found
                    obstacles = shapely.union(obstacles, cut)
            rings.append(outer)
        out[zid] = rings
    return out, notes
