"""TripleA polygons ↔ a Warroom coverage, in image pixels.

Reading (:func:`polygons_to_coverage`) has two modes:

- **traced** (a TripleA map as its tools make it): every territory is the outline of its
  interior pixels, so neighbours are separated by the black border line (gaps of 1-3 px
  that form one connected network) and sea zones are drawn under their islands. Rings are
  simplified (~1 px), grown by half the gap so that neighbours overlap instead of leaving
  a gap, islands cut out of their sea zones, what is still uncovered (wide stretches of
  border line, lakes drawn on the base image, a strip along the image edge) split among
  the zones around it, each point to the nearest zone, and cleaned into a coverage by the
  geometry engine (thin overlaps given to a neighbour, slivers merged, the map frame
  clipped);
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
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.clean import clean_polygons

__all__ = [
    "CoverageResult",
    "coverage_to_rings",
    "polygons_to_coverage",
    "rings_to_geometry",
    "snap_to_pixels",
    "territory_geometries",
]

WATER = ("sea", "lake")


@dataclass
class CoverageResult:
    geoms: dict[int, BaseGeometry]
    mode: str
    counts: dict[str, int] = field(default_factory=dict)
    messages: list[str] = field(default_factory=list)
    snapped: bool = True
    #: per zone, the area (px²) the cleaned shape gained (+) or lost (-) against the
    #: traced one: border lines and lakes taken in, overlaps given away
    changed: dict[int, float] = field(default_factory=dict)


def _polygonal(g: BaseGeometry) -> BaseGeometry | None:
    polys = [p for p in shapely.get_parts(g) if p.geom_type == "Polygon" and not p.is_empty]
    multi = [q for p in shapely.get_parts(g) if p.geom_type == "MultiPolygon" for q in p.geoms]
    polys += multi
    if not polys:
        return None
    return polys[0] if len(polys) == 1 else MultiPolygon(polys)


def rings_to_geometry(rings: list[np.ndarray], method: str = "structure") -> BaseGeometry | None:
    """One territory's rings as a (multi)polygon: every ring is a part, rings of the
    same territory that overlap are merged (TripleA: a point in any ring is inside).
    Invalid rings (self-touching outlines, keyholes) are repaired with ``make_valid``."""
    parts = [np.asarray(r, dtype=float) for r in rings if len(r) >= 3]
    if not parts:
        return None
    idx = np.repeat(np.arange(len(parts)), [len(r) for r in parts])
    polys = shapely.polygons(shapely.linearrings(np.concatenate(parts), indices=idx))
    bad = ~shapely.is_valid(polys)
    if bad.any():
        kw = {"keep_collapsed": False} if method == "structure" else {}
        polys[bad] = shapely.make_valid(polys[bad], method=method, **kw)
    good = [g for g in (_polygonal(p) for p in polys) if g is not None and g.area > 0]
    if not good:
        return None
    if len(good) == 1:
        return good[0]
    return _polygonal(shapely.union_all(np.array(good, dtype=object)))


def territory_geometries(rings_of: Mapping[int, list[np.ndarray]]) -> dict[int, BaseGeometry]:
    """:func:`rings_to_geometry` for many territories at once (one vectorised pass)."""
    keys, parts = [], []
    for zid, rings in rings_of.items():
        for r in rings:
            if len(r) >= 3:
                keys.append(zid)
                parts.append(np.asarray(r, dtype=float))
    if not parts:
        return {}
    idx = np.repeat(np.arange(len(parts)), [len(r) for r in parts])
    polys = shapely.polygons(shapely.linearrings(np.concatenate(parts), indices=idx))
    bad = ~shapely.is_valid(polys)
    if bad.any():
        polys[bad] = shapely.make_valid(polys[bad], method="structure", keep_collapsed=False)
    grouped: dict[int, list[BaseGeometry]] = {}
    for zid, g in zip(keys, polys, strict=True):
        g = _polygonal(g) if bad.any() else g
        if g is not None and not g.is_empty and g.area > 0:
            grouped.setdefault(zid, []).append(g)
    out: dict[int, BaseGeometry] = {}
    for zid, gs in grouped.items():
        if len(gs) == 1:
            out[zid] = gs[0]
        else:
            merged = _polygonal(shapely.union_all(np.array(gs, dtype=object)))
            if merged is not None:
                out[zid] = merged
    return out


def _count(counts: dict[str, int], kind: str, n: int = 1) -> None:
    if n:
        counts[kind] = counts.get(kind, 0) + n


def _cut_islands(
    arr: np.ndarray, ids: list[int], kinds: Mapping[int, str], messages: list[str]
) -> int:
    """Cut land territories that lie (mostly) inside a sea polygon out of it: TripleA
    draws the sea zone under its islands. Done before cleaning so that small islands are
    kept however thin they are. Returns the number of cuts."""
    land = [i for i, z in enumerate(ids) if kinds.get(z, "land") not in WATER]
    water = [i for i, z in enumerate(ids) if kinds.get(z, "land") in WATER]
    if not land or not water:
        return 0
    tree = shapely.STRtree(arr[water])
    inner = shapely.point_on_surface(arr[land])
    li, wi = tree.query(inner, predicate="within")
    cuts = 0
    for a, b in zip(li.tolist(), wi.tolist(), strict=True):
        i, j = land[a], water[b]
        inter = shapely.intersection(arr[i], arr[j], grid_size=1.0)
        if shapely.area(inter) <= 0.5 * shapely.area(arr[i]):
            continue
        cut = _polygonal(shapely.difference(arr[j], arr[i], grid_size=1.0))
        if cut is None:
            continue
        arr[j] = cut
        cuts += 1
        messages.append(f"island_cut: zone {ids[i]} cut out of sea zone {ids[j]}")
    return cuts


def _fill_gaps(
    geoms: Mapping[int, BaseGeometry],
    kinds: Mapping[int, str],
    frame: tuple[float, float, float, float],
    messages: list[str],
    step: float = 3.0,
) -> tuple[int, dict[int, BaseGeometry]]:
    """Give every area of the frame that the cleaned coverage leaves uncovered (the
    wide parts of border lines, lakes drawn on the base image, a strip along the image
    edge) to the zones around it: each point of such a gap goes to the nearest zone, so a
    line between two neighbours is split down its middle and a lake between three shores
    in three. The split is a Voronoi diagram of points along the gap's outline, each
    labelled with the zone it lies on; the zones that grew are noded again with their
    neighbours so that they still share their vertices. Returns the number of gaps
    filled and the geometries."""
    ids = sorted(z for z, g in geoms.items() if g is not None and not g.is_empty)
    if not ids:
        return 0, dict(geoms)
    arr = np.array([geoms[z] for z in ids], dtype=object)
    covered = shapely.coverage_union_all(arr)
    gaps = shapely.difference(shapely.box(*frame), covered)
    parts = [g for g in shapely.get_parts(gaps) if g.area > 1e-9]
    if not parts:
        return 0, dict(geoms)
    tree = shapely.STRtree(arr)
    pieces: dict[int, list[BaseGeometry]] = {}
    for gap in parts:
        outline = shapely.segmentize(gap.boundary, step)
        xy = np.unique(shapely.get_coordinates(outline), axis=0)
        _src, near = tree.query_nearest(shapely.points(xy), all_matches=False)
        owners = np.asarray(ids)[near]
        zones = np.unique(owners)
        if len(zones) == 1:
            pieces.setdefault(int(zones[0]), []).append(gap)
        else:
            cells = shapely.voronoi_polygons(shapely.multipoints(xy), extend_to=gap, ordered=True)
            cells = np.asarray(shapely.get_parts(cells), dtype=object)
            for z in zones.tolist():
                part = _polygonal(shapely.intersection(gap, shapely.union_all(cells[owners == z])))
                if part is not None and part.area > 0:
                    pieces.setdefault(int(z), []).append(part)
        c = gap.representative_point()
        names = ", ".join(str(z) for z in zones.tolist()[:6])
        messages.append(
            f"gap_split: gap of {gap.area:.6g} px² at ({c.x:.0f}, {c.y:.0f}) given to zone(s) "
            f"{names}"
        )
    out = dict(geoms)
    grown = {}
    for z, extra in pieces.items():
        merged = _polygonal(shapely.union_all(np.array([out[z], *extra], dtype=object)))
        if merged is not None:
            grown[z] = merged
    # node the grown zones with their neighbours again (the pieces end on their edges)
    local = set(grown)
    for z in grown:
        local.update(np.asarray(ids)[tree.query(geoms[z], predicate="intersects")].tolist())
    sub = {z: grown.get(z, out[z]) for z in sorted(local)}
    rep = clean_polygons(sub, gap_width=0.0, sliver_area=0.0, kinds=dict(kinds))
    for z in sub:
        if z in rep.geoms:
            out[z] = rep.geoms[z]
    return len(parts), out


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
            # grow by half the gap: neighbours now overlap a little instead of leaving the
            # border line between them, so no gap forms a network through the whole map
            arr = shapely.buffer(arr, gap / 2.0, quad_segs=1, join_style="mitre", mitre_limit=2.0)
        arr = shapely.set_precision(arr, 1.0)  # whole pixels, each polygon valid
        _count(counts, "island_cut", _cut_islands(arr, ids, kinds, messages))
        # thin overlaps are about gap wide: measured against twice the gap they are
        # clearly thin; slivers are only what rounding leaves
        gap_width, sliver = 2.0 * gap, max(gap, 1.0) * 16.0
    else:
        gap_width, sliver = 0.0, 0.0
    if progress:
        progress("cleaning polygons", 0.4)
    geoms = {i: g for i, g in zip(ids, arr, strict=True) if g is not None and not g.is_empty}
    rep = clean_polygons(
        geoms, gap_width=gap_width, sliver_area=sliver, kinds=dict(kinds), frame=frame
    )
    cleaned = rep.geoms
    for c in rep.changes:
        if c.kind == "gap_left" and mode == "traced":
            continue  # filled just below
        _count(counts, c.kind)
        messages.append(f"{c.kind}: {c.message}")
    if mode == "traced":
        n, cleaned = _fill_gaps(cleaned, kinds, frame, messages)
        _count(counts, "gap_split", n)
    if progress:
        progress("snapping to pixels", 0.6)
    out, snapped, extra = snap_to_pixels(cleaned, kinds)
    for _again in range(2 if mode == "traced" else 0):
        # rounding to whole pixels can open a pixel-sized gap: fill it the same way
        n, refilled = _fill_gaps(out, kinds, frame, messages)
        if not n:
            break
        _count(counts, "gap_split", n)
        out, snapped, more = snap_to_pixels(refilled, kinds)
        extra = extra + more
    for c in extra:
        _count(counts, "snap_" + c)
    if not snapped:
        messages.append("some vertices could not be snapped to whole pixels (kept fractional)")
    keys = sorted(out)
    norm = shapely.normalize(np.array([out[i] for i in keys], dtype=object))
    # (net area: what the zone took in from border lines and lakes minus the overlaps
    # it gave away; a symmetric difference of every zone would double the import time)
    before = np.array([raw[i] for i in keys], dtype=object)
    moved = shapely.area(norm) - shapely.area(before)
    changed = {z: float(a) for z, a in zip(keys, moved.tolist(), strict=True)}
    return CoverageResult(
        dict(zip(keys, norm, strict=True)), mode, counts, messages, snapped, changed
    )


def _round(arr: np.ndarray) -> np.ndarray:
    """Vertices rounded to whole pixels; a vertex repeated by the rounding is kept once."""
    rounded = shapely.transform(arr, lambda c: np.round(c) + 0.0)
    try:
        return shapely.remove_repeated_points(rounded)
    except shapely.errors.GEOSException:  # some ring collapsed: go one by one
        return np.array([_dedupe(g) for g in rounded], dtype=object)


def _dedupe(g: BaseGeometry) -> BaseGeometry:
    """``g`` without repeated vertices; rings that collapse below 3 points are dropped
    (a collapsed outer ring drops its whole part)."""
    try:
        return shapely.remove_repeated_points(g)
    except shapely.errors.GEOSException:
        pass

    def ring(coords) -> list | None:
        xy = [tuple(p) for p in np.asarray(coords)[:-1].tolist()]
        out = [p for i, p in enumerate(xy) if i == 0 or p != xy[i - 1]]
        while len(out) > 1 and out[0] == out[-1]:
            out.pop()
        return out if len(set(out)) >= 3 else None

    parts = []
    for part in shapely.get_parts(g):
        shell = ring(part.exterior.coords)
        if shell is None:
            continue
        holes = [h for h in (ring(i.coords) for i in part.interiors) if h is not None]
        parts.append(Polygon(shell, holes))
    if not parts:
        return Polygon()
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def snap_to_pixels(
    geoms: Mapping[int, BaseGeometry], kinds: Mapping[int, str], max_rounds: int = 6
) -> tuple[dict[int, BaseGeometry], bool, list[str]]:
    """Round every vertex to a whole pixel. Shared vertices round alike, so the coverage
    stays a coverage except where rounding makes an edge cross another; those spots are
    cleaned again among the zones involved (a few rounds at most). Returns the geometries,
    whether all of them are on whole pixels, and the kinds of repair made."""
    cur = dict(geoms)
    made: list[str] = []
    check = set(cur)  # zones whose vertices may not be whole pixels yet
    for round_no in range(max_rounds):
        if not cur:
            return cur, True, made
        before = {z: cur[z] for z in check}
        todo = sorted(check)
        for z, g in zip(todo, _round(np.array([cur[z] for z in todo], dtype=object)), strict=True):
            cur[z] = g
        ids = np.array(sorted(cur), dtype=np.int64)
        arr = np.array([cur[z] for z in ids.tolist()], dtype=object)
        tree = shapely.STRtree(arr)
        if round_no == 0:
            scope = np.arange(len(ids))
        else:  # the zones changed and their neighbours: nothing else can have broken
            pos = {z: i for i, z in enumerate(ids.tolist())}
            near = set(pos[z] for z in check)
            for z in check:
                near.update(tree.query(cur[z], predicate="intersects").tolist())
            scope = np.array(sorted(near), dtype=np.int64)
        sub_arr = arr[scope]
        bad = ~shapely.is_valid(sub_arr) | shapely.is_empty(sub_arr)
        good = np.flatnonzero(~bad)
        edges = np.empty(0, dtype=object)
        if len(good):
            inv = shapely.coverage_invalid_edges(sub_arr[good])
            broken = ~shapely.is_empty(inv)
            bad[good[broken]] = True
            edges = inv[broken]
        if not bad.any():
            return cur, True, made
        # repair among the bad zones and the zones along their broken parts
        bad_ids = ids[scope[bad]]
        involved = set(bad_ids.tolist())
        probes = [g for g in sub_arr[bad] if not g.is_valid] + list(edges)
        for probe in probes:
            if probe is not None and not probe.is_empty:
                involved.update(ids[tree.query(probe, predicate="intersects")].tolist())
        sub = {}
        for zid in involved:
            g = cur[zid]
            fixed = g if g.is_valid and not g.is_empty else _polygonal(shapely.make_valid(g))
            if fixed is None or fixed.is_empty:
                fixed = before.get(zid, g)  # collapsed when rounded: clean the original
            sub[zid] = fixed
        try:
            rep = clean_polygons(sub, gap_width=1.0, sliver_area=4.0, kinds=dict(kinds))
        except GeometryError:
            break
        # (a subset's 'gaps' are the zones around it: not a change)
        made.extend(c.kind for c in rep.changes if c.kind != "gap_left")
        for zid in involved:
            if zid in rep.geoms:
                cur[zid] = rep.geoms[zid]
            else:
                cur.pop(zid, None)
        check = {z for z in involved if z in cur}
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
    for d, hi, oi in cand[:200]:
        p, q = tuple(outer[oi].tolist()), tuple(hole[hi].tolist())
        if d == 0:  # the hole touches the outer ring at a vertex: loop through it there
            merged = np.concatenate(
                [outer[: oi + 1], hole[hi + 1 :], hole[: hi + 1], outer[oi + 1 :]]
            )
            return merged, LineString()
        seg = LineString([p, q])
        inter = seg.intersection(obstacles)
        if inter.equals(MultiPoint([p, q])):
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
                    if not cut.is_empty:
                        obstacles = shapely.union(obstacles, cut)
            rings.append(outer)
        out[zid] = rings
    return out, notes


#: the widest export (pixels): TripleA reads polygons.txt and centers.txt as Java ints,
#: and GEOS loses precision long before 2**31 (tiles have their own, smaller limit)
MAX_EXPORT_PIXELS = 1_000_000_000


def pixel_extent_problem(width: float, height: float, geoms: list, scale: float) -> str | None:
    """Why a map of ``width`` x ``height`` units whose zones are ``geoms`` cannot be drawn
    at ``scale`` pixels per unit (None: it can): a map 1e-300 wide gets an automatic
    scale of 2e303, and its zones' pixel coordinates overflow."""
    ext = max(abs(width), abs(height))
    live = [g for g in geoms if g is not None]
    if live:
        ext = max(ext, float(np.nanmax(np.abs(shapely.total_bounds(live)))))
    px = ext * scale
    if not np.isfinite(px) or px > MAX_EXPORT_PIXELS:
        return (
            f"map_info width {width:.3g}, height {height:.3g} (zones reach {ext:.3g}) at "
            f"{scale:.3g} px per map unit would be {px:.3g} px across, more than "
            f"{MAX_EXPORT_PIXELS:,} (fix the map's size or give --scale)"
        )
    return None
