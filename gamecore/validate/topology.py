"""The vertex/segment index of a map's coverage zones (docs/architecture.md, Invariant 1),
shared by the validation context (the adjacency it derives) and the MAP checks."""

from __future__ import annotations

import functools

import numpy as np
import shapely

from gamecore.geometry.hexgrid import read_hex_meta

#: the zone kinds that form the gap-free coverage
COVERAGE_KINDS = ("land", "sea", "lake", "impassable")


def _geoms(ctx, kinds=COVERAGE_KINDS):
    return {
        zid: z.geometry
        for zid, z in ctx.map.zones.items()
        if z.kind in kinds and z.geometry is not None and not z.geometry.is_empty
    }


def _tol(ctx) -> float:
    return 1e-9 * max(ctx.map.width, ctx.map.height, 1.0)


def hex_frame(ctx):
    """The outline of a hex map's grid (``Map.props["hex"]``, gamecore.geometry.hexgrid):
    the frame its zones cover instead of the rectangle (0, 0)-(width, height). None for
    other maps, and for grid metadata that does not describe a grid (HEX001 says why)."""
    if "hex_frame" not in ctx.shared:
        layout = hex_layout_of(ctx.map)
        ctx.shared["hex_frame"] = _outline(layout) if layout is not None else None
    return ctx.shared["hex_frame"]


def hex_layout_of(m):
    """The :class:`HexLayout` of a map with hex-grid metadata that describes a grid,
    else None."""
    meta = m.props.get("hex") if isinstance(m.props, dict) else None
    return read_hex_meta(meta)[0]


@functools.lru_cache(maxsize=8)
def _outline(layout):
    outline = layout.outline()
    shapely.prepare(outline.boundary)
    return outline


def _frame_area(ctx) -> float:
    frame = hex_frame(ctx)
    return frame.area if frame is not None else ctx.map.width * ctx.map.height


class Topology:
    """Vertex and segment index of the coverage zones, built once per run with numpy.

    Polygons are oriented (exterior counter-clockwise), vertices numbered by exact
    coordinates, segments keyed as directed vertex pairs. In a valid coverage every segment
    not on the frame is matched by exactly one reversed segment of a neighbour; together
    with "the areas add up to the frame" that proves there is no gap and no overlap.
    """

    def __init__(self, ctx, geoms):
        self.ids = np.asarray(list(geoms), dtype=np.int64)
        arr = shapely.orient_polygons(np.array(list(geoms.values()), dtype=object))
        self.geoms = arr
        # (get_rings reads Polygons only: split MultiPolygons into their parts first)
        parts, part_owner = shapely.get_parts(arr, return_index=True)
        rings, ring_part = shapely.get_rings(parts, return_index=True)
        ring_owner = part_owner[ring_part]
        coords, cidx = shapely.get_coordinates(rings, return_index=True)
        coords = coords + 0.0  # -0.0 and 0.0 are one vertex
        self.coords = coords
        uniq, vid = np.unique(coords[:, 0] + 1j * coords[:, 1], return_inverse=True)
        self.n_vertices = len(uniq)
        self.vertex_zone = self.ids[ring_owner[cidx]]
        self.vid = vid
        same = cidx[1:] == cidx[:-1]
        a, b = vid[:-1][same], vid[1:][same]
        keep = a != b
        self.seg_a, self.seg_b = a[keep], b[keep]
        self.seg_zone = self.vertex_zone[:-1][same][keep]
        self.seg_xy = np.hstack([coords[:-1][same][keep], coords[1:][same][keep]])
        n = np.int64(self.n_vertices)
        fwd = self.seg_a.astype(np.int64) * n + self.seg_b
        rev = self.seg_b.astype(np.int64) * n + self.seg_a
        order = np.argsort(fwd, kind="stable")
        sorted_fwd = fwd[order]
        self.duplicate = np.zeros(len(fwd), dtype=bool)
        dup = np.flatnonzero(sorted_fwd[1:] == sorted_fwd[:-1])
        self.duplicate[order[dup]] = True
        self.duplicate[order[dup + 1]] = True
        pos = np.searchsorted(sorted_fwd, rev)
        pos[pos >= len(sorted_fwd)] = 0
        self.matched = sorted_fwd[pos] == rev if len(sorted_fwd) else np.zeros(0, dtype=bool)
        self._partner = order[pos]  # index of the reversed segment, where matched
        tol = _tol(ctx)
        w, h = ctx.map.width, ctx.map.height
        xy = self.seg_xy
        self.on_frame = (
            ((np.abs(xy[:, 0]) <= tol) & (np.abs(xy[:, 2]) <= tol))
            | ((np.abs(xy[:, 0] - w) <= tol) & (np.abs(xy[:, 2] - w) <= tol))
            | ((np.abs(xy[:, 1]) <= tol) & (np.abs(xy[:, 3]) <= tol))
            | ((np.abs(xy[:, 1] - h) <= tol) & (np.abs(xy[:, 3] - h) <= tol))
        )
        frame = hex_frame(ctx)
        if frame is not None:
            # a hex map's frame is its grid's outline: a segment lies on it when its
            # ends and its middle do (an outline has no straight chord across a notch)
            self.on_frame[:] = False
            cand = np.flatnonzero(~self.matched)
            if len(cand):
                edge = frame.boundary
                ends = [xy[cand, 0:2], xy[cand, 2:4], (xy[cand, 0:2] + xy[cand, 2:4]) / 2]
                near = np.ones(len(cand), dtype=bool)
                for pts in ends:
                    near &= shapely.distance(shapely.points(pts), edge) <= tol
                self.on_frame[cand] = near

    def neighbour_pairs(self) -> set[tuple[int, int]]:
        """Zone pairs (a < b) that share a segment."""
        a = self.seg_zone[self.matched]
        b = self.seg_zone[self._partner[self.matched]]
        lo, hi = np.minimum(a, b), np.maximum(a, b)
        keys = np.unique(lo[lo != hi] * (np.int64(hi.max(initial=0)) + 1) + hi[lo != hi])
        n = np.int64(hi.max(initial=0)) + 1
        return {(int(k // n), int(k % n)) for k in keys}

    def bad_segments(self, zones: set[int] | None = None) -> np.ndarray:
        """Indices of segments that break the coverage (unmatched off the frame, or used
        twice in one direction), optionally only those of ``zones``."""
        bad = (~self.matched & ~self.on_frame) | self.duplicate
        if zones is not None:
            bad &= np.isin(self.seg_zone, np.fromiter(zones, dtype=np.int64, count=len(zones)))
        return np.flatnonzero(bad)


def topology(ctx) -> Topology | None:
    """The vertex/segment index of all coverage zones (built once per run)."""
    if "topology" not in ctx.shared:
        valid = ctx.shared.setdefault("validity", {})
        geoms = {}
        for zid, g in _geoms(ctx).items():
            cached = valid.get(zid)
            if cached is None or cached[0] is not g:
                cached = valid[zid] = (g, bool(g.is_valid))
            if cached[1]:
                geoms[zid] = g
        ctx.shared["topology"] = Topology(ctx, geoms) if geoms else None
    return ctx.shared["topology"]


def _local_topology(ctx, zones) -> Topology | None:
    all_geoms = _geoms(ctx)
    ids = list(all_geoms)
    tree = shapely.STRtree([all_geoms[z] for z in ids])
    keep = {z for z in zones if z in all_geoms}
    for _ring in range(2):
        for z in list(keep):
            keep.update(ids[i] for i in tree.query(all_geoms[z], predicate="intersects"))
    valid = ctx.shared.setdefault("validity", {})
    geoms = {}
    for z in sorted(keep):
        g = all_geoms[z]
        cached = valid.get(z)
        if cached is None or cached[0] is not g:
            cached = valid[z] = (g, bool(g.is_valid))
        if cached[1]:
            geoms[z] = g
    return Topology(ctx, geoms) if geoms else None
