"""Geometry checks (MAP…): the zones must form a valid coverage (docs/architecture.md, Invariant 1)."""

from __future__ import annotations

import math

import numpy as np
import shapely

from gamecore.validate.registry import COVERAGE_KINDS, Fix, check
from gamecore.validate.topology import (
    Topology,
    _frame_area,
    _geoms,
    _local_topology,
    _tol,
    hex_frame,
    topology,
)


@check("MAP001", "error", "geometry", "zone polygon is invalid", per_zone=True)
def invalid_polygon(ctx, zones):
    for zid in sorted(zones):
        g = ctx.map.zones[zid].geometry
        if g is None or g.is_empty or g.is_valid:
            continue
        reason = shapely.is_valid_reason(g)
        yield ctx.issue(
            "MAP001",
            f"{ctx.zone_desc(zid)} has an invalid polygon: {reason}",
            zones=[zid],
            point=_reason_point(reason) or ctx.zone_point(zid),
            fix=Fix("Repair the polygon", lambda pack, zid=zid: _repair_edit(pack, zid)),
        )


def _reason_point(reason: str):
    if "[" in reason and "]" in reason:
        try:
            x, y = reason[reason.index("[") + 1 : reason.index("]")].split()[:2]
            return (float(x), float(y))
        except ValueError:
            return None
    return None


def _repair_edit(pack, zid):
    from gamecore.ops import SetZoneGeometry

    g = pack.map.zones[zid].geometry
    fixed = shapely.make_valid(g, method="structure", keep_collapsed=False)
    polys = [p for p in shapely.get_parts(fixed) if p.geom_type in ("Polygon", "MultiPolygon")]
    parts = []
    for p in polys:
        parts.extend(shapely.get_parts(p))
    fixed = parts[0] if len(parts) == 1 else shapely.multipolygons(parts)
    return SetZoneGeometry({zid: fixed}, label="Repair polygon")


@check("MAP008", "error", "geometry", "zone has no geometry", per_zone=True)
def missing_geometry(ctx, zones):
    for zid in sorted(zones):
        z = ctx.map.zones[zid]
        if z.kind in COVERAGE_KINDS and (z.geometry is None or z.geometry.is_empty):
            yield ctx.issue(
                "MAP008", f"{ctx.zone_desc(zid)} has no shape on the map", zones=[zid], point=None
            )
        elif z.geometry is not None and z.geometry.geom_type not in ("Polygon", "MultiPolygon"):
            yield ctx.issue(
                "MAP008",
                f"{ctx.zone_desc(zid)} is a {z.geometry.geom_type}, not a polygon",
                zones=[zid],
            )


@check("MAP002", "error", "geometry", "zones overlap")
def overlaps(ctx):
    yield from _coverage_problems(ctx)["overlap"]


@check("MAP010", "error", "geometry", "shared border does not match")
def unmatched_edges(ctx):
    yield from _coverage_problems(ctx)["unmatched"]


@check("MAP003", "error", "geometry", "gap between zones")
def gaps(ctx):
    yield from _coverage_problems(ctx)["gap"]


def _near(topo: Topology, segments: np.ndarray, zones) -> np.ndarray:
    """The segments (indices) that belong to ``zones`` or lie along their boundaries."""
    if not len(segments):
        return segments
    near = np.isin(topo.seg_zone[segments], sorted(zones))
    lines = shapely.linestrings(topo.seg_xy[segments].reshape(-1, 2, 2))
    tree = shapely.STRtree(lines)
    index = {int(z): i for i, z in enumerate(topo.ids)}
    for z in zones:
        if z not in index:
            continue
        edge = topo.geoms[index[z]].boundary
        hit = tree.query(edge, predicate="intersects")
        along = shapely.length(shapely.intersection(lines[hit], edge)) > 0
        near[hit[along]] = True
    return segments[near]


def _coverage_problems(ctx) -> dict[str, list]:
    """Overlaps, borders whose vertices do not match, and gaps.

    After an edit of a map whose coverage was valid (``ctx.shared["edit"]`` holds the
    zones around the edit), only the two rings of zones around it are indexed; when nothing
    there is broken, the map is still valid and the whole-map analysis is skipped."""
    edit = ctx.shared.get("edit")
    if edit is not None and ctx.shared.get("coverage_was_valid"):
        key = ("coverage", "edit")
        if key not in ctx.shared:
            local = _local_topology(ctx, edit)
            broken = local is not None and len(_near(local, local.bad_segments(), edit))
            ctx.shared[key] = (
                _whole_map_problems(ctx) if broken else {"overlap": [], "unmatched": [], "gap": []}
            )
        return ctx.shared[key]
    return _whole_map_problems(ctx)


def _whole_map_problems(ctx) -> dict[str, list]:
    key = ("coverage", None)
    if key in ctx.shared:
        return ctx.shared[key]
    out: dict[str, list] = {"overlap": [], "unmatched": [], "gap": []}
    ctx.shared[key] = out
    topo = topology(ctx)
    if topo is None:
        return out
    bad = topo.bad_segments()
    tree = shapely.STRtree(topo.geoms)
    tol_area = _tol(ctx) * max(ctx.map.width, ctx.map.height)
    index = {int(z): i for i, z in enumerate(topo.ids)}
    # overlaps: a zone can only overlap another if some of its segments are broken, or
    # (duplicates, nesting) when the areas add up to more than the frame
    suspects = set(topo.seg_zone[bad].tolist())
    total = float(np.sum(shapely.area(topo.geoms)))
    if total > _frame_area(ctx) + tol_area:
        suspects = set(topo.ids.tolist())
    reported = set()
    overlapping: set[int] = set()
    for zid in sorted(suspects):
        i = index[zid]
        # intersections only where the interiors really meet
        near_i = tree.query(topo.geoms[i])
        inside = shapely.relate_pattern(topo.geoms[i], topo.geoms[near_i], "T********")
        for j in sorted(near_i[inside].tolist()):
            pair = (min(i, j), max(i, j))
            if j == i or pair in reported:
                continue
            reported.add(pair)
            inter = shapely.intersection(topo.geoms[i], topo.geoms[j])
            area = shapely.area(inter)
            if area <= tol_area:
                continue
            a, b = sorted((int(topo.ids[i]), int(topo.ids[j])))
            overlapping.update((a, b))
            p = inter.representative_point()
            out["overlap"].append(
                ctx.issue(
                    "MAP002",
                    f"{ctx.zone_desc(a)} and {ctx.zone_desc(b)} overlap ({area:.4g} map units²)",
                    zones=[a, b],
                    point=(round(p.x, 3), round(p.y, 3)),
                )
            )
    if not len(bad):
        return out
    # broken segments: a gap when they enclose an area in no zone, else mismatched vertices
    lines = shapely.linestrings(topo.seg_xy[bad].reshape(-1, 2, 2))
    in_gap = np.zeros(len(bad), dtype=bool)
    noded = shapely.unary_union(lines)  # mismatched borders overlap partly: node them
    for hole in shapely.get_parts(shapely.polygonize(shapely.get_parts(noded))):
        if hole.area <= tol_area:
            continue
        p = hole.representative_point()
        if len(tree.query(p, predicate="intersects")):
            continue  # inside a zone: an overlap or a mismatch, not a gap
        in_gap |= shapely.covered_by(lines, hole.buffer(_tol(ctx) * 10))
        touching = sorted(int(topo.ids[j]) for j in tree.query(hole, predicate="touches"))
        out["gap"].append(
            ctx.issue(
                "MAP003",
                f"gap of {hole.area:.4g} map units² between "
                + (", ".join(ctx.name_of(z) for z in touching[:4]) or "zones"),
                zones=touching,
                point=(round(p.x, 3), round(p.y, 3)),
            )
        )
    # the rest: borders whose vertices do not match; one issue per cluster of segments
    rest = bad[~in_gap]
    rest = rest[~np.isin(topo.seg_zone[rest], sorted(overlapping))]
    if not len(rest):
        return out
    rest_lines = shapely.linestrings(topo.seg_xy[rest].reshape(-1, 2, 2))
    left, right = shapely.STRtree(rest_lines).query(rest_lines, predicate="intersects")
    # segments of one broken border overlap along a length; merely meeting at a vertex
    # (e.g. the outline of the zones looked at) does not join two clusters
    collinear = shapely.length(shapely.intersection(rest_lines[left], rest_lines[right])) > 0
    left, right = left[collinear], right[collinear]
    parent = list(range(len(rest)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        parent[find(i)] = find(j)
    clusters: dict[int, list[int]] = {}
    for i in range(len(rest)):
        clusters.setdefault(find(i), []).append(i)
    by_zones: dict[tuple[int, ...], tuple[float, float]] = {}
    for members in clusters.values():
        zids = tuple(sorted({int(topo.seg_zone[rest[i]]) for i in members}))
        x, y = topo.seg_xy[rest[members[0]]][:2]
        point = (float(x), float(y))
        by_zones[zids] = min(by_zones.get(zids, point), point)  # one issue per zone set
    for zids, point in sorted(by_zones.items()):
        names = " and ".join(ctx.zone_desc(z) for z in zids)
        out["unmatched"].append(
            ctx.issue(
                "MAP010",
                f"the border of {names} has vertices the other side lacks "
                "(run Clean, or snap the vertices)",
                zones=list(zids),
                point=point,
            )
        )
    return out


@check("MAP011", "error", "geometry", "zones do not cover the map frame")
def frame_uncovered(ctx):
    geoms = _geoms(ctx)
    if not geoms:
        return
    w, h = ctx.map.width, ctx.map.height
    covered = float(np.sum(shapely.area(np.array(list(geoms.values()), dtype=object))))
    area = _frame_area(ctx)
    missing = area - covered
    if missing > max(area * 1e-9, _tol(ctx)):
        where = (
            "the hex grid's outline; add the missing hexes"
            if hex_frame(ctx) is not None
            else f"frame (0, 0)–({w:g}, {h:g}); resize the frame or fill the gaps"
        )
        yield ctx.issue(
            "MAP011",
            f"the zones leave {missing:.4g} of the frame's {area:.6g} map units² uncovered "
            f"({where})",
            point=(w / 2, h / 2),
        )


@check("MAP004", "warning", "geometry", "sliver zone", per_zone=True)
def slivers(ctx, zones):
    frame_area = max(ctx.map.width * ctx.map.height, 1e-12)
    for zid in sorted(zones):
        z = ctx.map.zones[zid]
        g = z.geometry
        if g is None or g.is_empty or z.kind not in COVERAGE_KINDS:
            continue
        area, perimeter = g.area, g.length
        compact = 4 * math.pi * area / (perimeter * perimeter) if perimeter else 1.0
        if area < frame_area * 1e-6 or compact < 0.02:
            yield ctx.issue(
                "MAP004",
                f"{ctx.zone_desc(zid)} is a sliver (area {area:.4g}, compactness {compact:.3f}); "
                "merge it into a neighbour or reshape it",
                zones=[zid],
            )


@check("MAP005", "warning", "geometry", "repeated vertices", per_zone=True)
def repeated_vertices(ctx, zones):
    for zid in sorted(zones):
        g = ctx.map.zones[zid].geometry
        if g is None or g.is_empty:
            continue
        rings = shapely.get_rings(shapely.get_parts(g))
        for ring in rings:
            c = shapely.get_coordinates(ring)
            rep = np.flatnonzero(np.all(c[1:] == c[:-1], axis=1))
            if len(rep):
                x, y = c[rep[0]]
                yield ctx.issue(
                    "MAP005",
                    f"{ctx.zone_desc(zid)} repeats a vertex {len(rep)} time(s)",
                    zones=[zid],
                    point=(float(x), float(y)),
                    fix=Fix(
                        "Remove repeated vertices", lambda pack, zid=zid: _dedupe_edit(pack, zid)
                    ),
                )
                break


def _dedupe_edit(pack, zid):
    from gamecore.ops import SetZoneGeometry

    geom = shapely.remove_repeated_points(pack.map.zones[zid].geometry, 0.0)
    return SetZoneGeometry({zid: geom}, label="Remove repeated vertices")


@check("MAP006", "info", "geometry", "zones touch only at a point", per_zone=True)
def point_contacts(ctx, zones):
    if not set(zones) >= set(ctx.map.zones):
        yield from _point_contacts_of(ctx, zones)
        return
    topo = topology(ctx)
    if topo is None:
        return
    # distinct (vertex, zone) pairs; vertices with 2+ zones are contacts
    n_z = np.int64(max(int(topo.ids.max()), 0) + 1)
    pairs = np.unique(topo.vid.astype(np.int64) * n_z + topo.vertex_zone)
    vid, zone = pairs // n_z, pairs % n_z
    starts = np.flatnonzero(np.r_[True, vid[1:] != vid[:-1]])
    counts = np.diff(np.r_[starts, len(vid)])
    candidates: dict[tuple[int, int], int] = {}
    two = starts[counts == 2]
    for a, b, v in zip(zone[two].tolist(), zone[two + 1].tolist(), vid[two].tolist(), strict=True):
        candidates.setdefault((a, b), v)
    for s_, c in zip(starts[counts > 2].tolist(), counts[counts > 2].tolist(), strict=True):
        members = zone[s_ : s_ + c].tolist()
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                candidates.setdefault((a, b), int(vid[s_]))
    geometric = ctx.geometric_pairs
    first_xy = {}
    for (a, b), v in sorted(candidates.items()):
        if (a, b) in geometric:
            continue
        if v not in first_xy:
            k = int(np.flatnonzero(topo.vid == v)[0])
            first_xy[v] = (float(topo.coords[k, 0]), float(topo.coords[k, 1]))
        yield ctx.issue(
            "MAP006",
            f"{ctx.zone_desc(a)} and {ctx.zone_desc(b)} touch only at a point: they "
            "are not adjacent (add a link if they should be)",
            zones=[a, b],
            point=first_xy[v],
        )


def _point_contacts_of(ctx, zones):
    """Point contacts of a few zones (incremental runs): the same rule as the full run
    (a shared vertex but no shared border), looked up among the zones they intersect."""
    geoms = _geoms(ctx)
    ids = list(geoms)
    tree = shapely.STRtree([geoms[z] for z in ids])
    pairs = ctx.geometric_pairs
    seen = set()

    def vertices(z):
        return set(map(tuple, (shapely.get_coordinates(geoms[z]) + 0.0).tolist()))

    for a in sorted(z for z in zones if z in geoms):
        mine = vertices(a)
        for j in tree.query(geoms[a], predicate="intersects").tolist():
            b = ids[j]
            key = (min(a, b), max(a, b))
            if b == a or key in pairs or key in seen:
                continue
            shared = mine & vertices(b)
            if not shared:
                continue
            seen.add(key)
            yield ctx.issue(
                "MAP006",
                f"{ctx.zone_desc(key[0])} and {ctx.zone_desc(key[1])} touch only at a point: they "
                "are not adjacent (add a link if they should be)",
                zones=list(key),
                point=min(shared),
            )


@check("MAP007", "warning", "geometry", "zone in several parts", per_zone=True)
def multipart(ctx, zones):
    for zid in sorted(zones):
        z = ctx.map.zones[zid]
        g = z.geometry
        if g is None or g.geom_type != "MultiPolygon" or z.kind == "sea":
            continue
        if z.has_flag("island") or z.props.get("multipart"):
            continue
        yield ctx.issue(
            "MAP007",
            f"{ctx.zone_desc(zid)} has {len(g.geoms)} separate parts; flag it as an island "
            "group if that is meant, or split it",
            zones=[zid],
        )


@check("MAP009", "warning", "geometry", "zone outside the map frame", per_zone=True)
def outside_frame(ctx, zones):
    tol = _tol(ctx) * 1e3
    w, h = ctx.map.width, ctx.map.height
    for zid in sorted(zones):
        g = ctx.map.zones[zid].geometry
        if g is None or g.is_empty or ctx.map.zones[zid].kind == "offmap":
            continue
        x0, y0, x1, y1 = g.bounds
        if x0 < -tol or y0 < -tol or x1 > w + tol or y1 > h + tol:
            yield ctx.issue(
                "MAP009",
                f"{ctx.zone_desc(zid)} reaches outside the map frame (0, 0)–({w:g}, {h:g})",
                zones=[zid],
            )
