"""Adjacency: zones sharing a border of positive length (docs/architecture.md, Invariant 2).

Two zones are adjacent when the common part of their boundaries is longer than ``eps``;
touching at a point is not adjacent. In a valid coverage shared borders consist of
identical segments, so adjacency is found by hashing segments (exact, O(vertices)).
Segments that no other zone has identically (the outer boundary, or imported polygons
whose vertices do not match) are also compared geometrically for collinear overlap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString
from shapely.geometry.base import BaseGeometry

from gamecore.model.map import Map

__all__ = [
    "compute_adjacency",
    "border_lengths",
    "segment_lengths",
    "map_adjacency",
    "shared_border",
    "wrap_pairs",
    "zone_segments",
]


def polygon_rings(arr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every ring of an array of (multi)polygons, and the index of its geometry
    (``shapely.get_rings`` alone skips multipolygons)."""
    parts, part_owner = shapely.get_parts(arr, return_index=True)
    rings, ring_part = shapely.get_rings(parts, return_index=True)
    return rings, part_owner[ring_part]


def zone_segments(geoms: Mapping[int, BaseGeometry]) -> tuple[np.ndarray, np.ndarray]:
    """All boundary segments: ``(seg, zone)`` where seg is an (n, 4) array x1, y1, x2, y2
    and zone the (n,) zone ids. Zero-length segments are dropped."""
    ids = [zid for zid, g in geoms.items() if g is not None and not g.is_empty]
    if not ids:
        return np.empty((0, 4)), np.empty(0, dtype=np.int64)
    arr = np.array([geoms[i] for i in ids], dtype=object)
    return array_segments(arr, np.asarray(ids, dtype=np.int64))


def array_segments(arr: np.ndarray, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`zone_segments` of an array of non-empty (multi)polygons with ids."""
    rings, ring_owner = polygon_rings(arr)
    coords, cidx = shapely.get_coordinates(rings, return_index=True)
    # consecutive coordinates of the same ring form a segment
    same = cidx[1:] == cidx[:-1]
    seg = np.hstack([coords[:-1][same], coords[1:][same]])
    zone = ids[ring_owner[cidx[:-1][same]]]
    keep = (seg[:, 0] != seg[:, 2]) | (seg[:, 1] != seg[:, 3])
    return seg[keep], zone[keep]


def _canonical(seg: np.ndarray) -> np.ndarray:
    """Segments with the lexicographically smaller endpoint first, -0.0 as 0.0."""
    seg = seg + 0.0
    swap = (seg[:, 0] > seg[:, 2]) | ((seg[:, 0] == seg[:, 2]) & (seg[:, 1] > seg[:, 3]))
    out = seg.copy()
    out[swap] = seg[swap][:, [2, 3, 0, 1]]
    return out


_MIX = np.array(
    [0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93],
    dtype=np.uint64,
)


def row_hashes(rows: np.ndarray) -> np.ndarray:
    """A 64-bit hash of the bits of each row of a float array."""
    bits = np.ascontiguousarray(rows).view(np.uint64)
    with np.errstate(over="ignore"):
        h = (bits * _MIX[: bits.shape[1]]).sum(axis=1, dtype=np.uint64)
        h ^= h >> np.uint64(29)
    return h


def _group_equal_rows(
    rows: np.ndarray, h: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Group identical rows of a float array: (order, group starts in order, counts).
    Rows are sorted by a 64-bit hash of their bits, then split wherever a row differs
    from the previous one (a hash collision can only split a group, never join two)."""
    if h is None:
        h = row_hashes(rows)
    order = np.argsort(h, kind="stable")
    srt = rows[order]
    new = np.r_[True, (srt[1:] != srt[:-1]).any(axis=1)] if len(srt) else np.zeros(0, bool)
    starts = np.flatnonzero(new)
    counts = np.diff(np.r_[starts, len(srt)])
    return order, starts, counts


def border_lengths(
    geoms: Mapping[int, BaseGeometry], only: Iterable[int] | None = None
) -> dict[tuple[int, int], float]:
    """Length of the common boundary of every pair of zones (a < b) that has one.

    ``only``: restrict to pairs with at least one zone in this set (both zones of a pair
    must still be in ``geoms``)."""
    seg, zone = zone_segments(geoms)
    return segment_lengths(seg, zone, only)[0]


def canonical_segments(seg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Segments with the smaller endpoint first, and their hashes."""
    can = np.ascontiguousarray(_canonical(seg))
    return can, row_hashes(can)


def segment_lengths(
    seg: np.ndarray, zone: np.ndarray, only: Iterable[int] | None = None
) -> tuple[dict[tuple[int, int], float], np.ndarray]:
    """:func:`border_lengths` from :func:`zone_segments` output; also returns the mask of
    segments no other zone has identically."""
    can, h = canonical_segments(seg)
    return hashed_lengths(can, h, zone, only)


def hashed_lengths(
    can: np.ndarray, h: np.ndarray, zone: np.ndarray, only: Iterable[int] | None = None
) -> tuple[dict[tuple[int, int], float], np.ndarray]:
    """:func:`segment_lengths` from :func:`canonical_segments` output."""
    out: dict[tuple[int, int], float] = {}
    if len(can) == 0:
        return out, np.zeros(0, dtype=bool)
    only_set = set(only) if only is not None else None
    order, starts, counts = _group_equal_rows(can, h)
    lengths = np.hypot(can[:, 2] - can[:, 0], can[:, 3] - can[:, 1])
    single = np.zeros(len(can), dtype=bool)
    # groups of 2 copies (the common case): vectorised sum per zone pair
    two = counts == 2
    za = zone[order[starts[two]]]
    zb = zone[order[starts[two] + 1]]
    ln = lengths[order[starts[two]]]
    diff = za != zb
    same_zone = starts[two][~diff]
    for st in same_zone.tolist():
        single[order[st : st + 2]] = True
    za, zb, ln = za[diff], zb[diff], ln[diff]
    if len(za):
        lo, hi = np.minimum(za, zb), np.maximum(za, zb)
        base = int(hi.max()) + 1
        codes, inv = np.unique(lo * base + hi, return_inverse=True)
        sums = np.bincount(inv.ravel(), weights=ln, minlength=len(codes))
        for code, length in zip(codes.tolist(), sums.tolist(), strict=True):
            key = (code // base, code % base)
            out[key] = out.get(key, 0.0) + length
    # groups of 3+ copies (only in overlapping input): every pair of distinct zones
    many = counts >= 3
    for st, c in zip(starts[many].tolist(), counts[many].tolist(), strict=True):
        members = sorted(set(zone[order[st : st + c]].tolist()))
        length = float(lengths[order[st]])
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                out[(a, b)] = out.get((a, b), 0.0) + length
        if len(members) == 1:
            single[order[st : st + c]] = True
    single[order[starts[counts == 1]]] = True
    # unmatched segments: collinear partial overlaps between different zones
    idx = np.flatnonzero(single)
    if only_set is not None and len(idx):
        # only segments near the unmatched segments of the zones asked about matter
        mine = np.isin(zone[idx], np.fromiter(only_set, dtype=np.int64, count=len(only_set)))
        if not mine.any():
            idx = idx[:0]
        else:
            sub = can[idx[mine]]
            x0, x1 = sub[:, [0, 2]].min(), sub[:, [0, 2]].max()
            y0, y1 = sub[:, [1, 3]].min(), sub[:, [1, 3]].max()
            c = can[idx]
            near = (
                (np.minimum(c[:, 0], c[:, 2]) <= x1)
                & (np.maximum(c[:, 0], c[:, 2]) >= x0)
                & (np.minimum(c[:, 1], c[:, 3]) <= y1)
                & (np.maximum(c[:, 1], c[:, 3]) >= y0)
            )
            idx = idx[near]
    if len(idx) > 1:
        lines = shapely.linestrings(can[idx].reshape(-1, 2, 2))
        tree = shapely.STRtree(lines)
        left, right = tree.query(lines, predicate="intersects")
        sel = (left < right) & (zone[idx[left]] != zone[idx[right]])
        left, right = left[sel], right[sel]
        if len(left):
            inter = shapely.intersection(lines[left], lines[right])
            ln = shapely.length(inter)
            pos = ln > 0
            for i, j, length in zip(left[pos], right[pos], ln[pos].tolist(), strict=True):
                a, b = int(zone[idx[i]]), int(zone[idx[j]])
                key = (a, b) if a < b else (b, a)
                out[key] = out.get(key, 0.0) + length
    if only_set is not None:
        out = {k: v for k, v in out.items() if k[0] in only_set or k[1] in only_set}
    return out, single


def compute_adjacency(geoms: Mapping[int, BaseGeometry], eps: float = 1e-6) -> set[tuple[int, int]]:
    """Pairs (a, b), a < b, of zones whose common border is longer than ``eps``."""
    return {k for k, length in border_lengths(geoms).items() if length > eps}


def _seam_intervals(geoms: Mapping[int, BaseGeometry], x: float, tol: float):
    seg, zone = zone_segments(geoms)
    on = (np.abs(seg[:, 0] - x) <= tol) & (np.abs(seg[:, 2] - x) <= tol)
    lo = np.minimum(seg[on, 1], seg[on, 3])
    hi = np.maximum(seg[on, 1], seg[on, 3])
    return list(zip(lo.tolist(), hi.tolist(), zone[on].tolist(), strict=True))


def wrap_pairs(
    geoms: Mapping[int, BaseGeometry],
    x_min: float,
    x_max: float,
    eps: float = 1e-6,
    tol: float = 1e-9,
) -> set[tuple[int, int]]:
    """Pairs of zones adjacent across an east-west seam: one touches x = x_min and the
    other x = x_max along a common y-interval longer than ``eps``."""
    west = _seam_intervals(geoms, x_min, tol)
    east = _seam_intervals(geoms, x_max, tol)
    overlap: dict[tuple[int, int], float] = {}
    east.sort()
    for lo, hi, a in west:
        for elo, ehi, b in east:
            if elo >= hi:
                break
            common = min(hi, ehi) - max(lo, elo)
            if common > 0 and a != b:
                key = (a, b) if a < b else (b, a)
                overlap[key] = overlap.get(key, 0.0) + common
    return {k for k, v in overlap.items() if v > eps}


def map_adjacency(
    m: Map, eps: float = 1e-6, pairs: set[tuple[int, int]] | None = None
) -> dict[int, set[int]]:
    """Adjacency of a map: shared borders + links (strait, canal, offmap, connection)
    + east-west wrap when ``m.wrap_x`` - "not_adjacent" links. Every zone id is a key.
    ``pairs``: the geometric adjacency when the caller already has it."""
    geoms = {zid: z.geometry for zid, z in m.zones.items() if z.geometry is not None}
    pairs = set(compute_adjacency(geoms, eps) if pairs is None else pairs)
    if m.wrap_x:
        pairs |= wrap_pairs(geoms, 0.0, m.width, eps, tol=1e-9 * max(m.width, m.height, 1.0))
    removed = set()
    for link in m.links.values():
        if link.a == link.b or link.a not in m.zones or link.b not in m.zones:
            continue
        key = (link.a, link.b) if link.a < link.b else (link.b, link.a)
        if link.kind == "not_adjacent":
            removed.add(key)
        else:
            pairs.add(key)
    adj: dict[int, set[int]] = {zid: set() for zid in m.zones}
    for a, b in pairs - removed:
        adj[a].add(b)
        adj[b].add(a)
    return adj


def shared_border(geom_a: BaseGeometry, geom_b: BaseGeometry) -> LineString | MultiLineString:
    """The common boundary of two zones, merged into as few lines as possible (an empty
    LineString when they share no border of positive length)."""
    seg, zone = zone_segments({0: geom_a, 1: geom_b})
    can = _canonical(seg)
    a_set = {tuple(s) for s in can[zone == 0].tolist()}
    common = [s for s in can[zone == 1].tolist() if tuple(s) in a_set]
    if common:
        lines = shapely.linestrings(np.asarray(common).reshape(-1, 2, 2))
        merged = shapely.line_merge(shapely.multilinestrings(lines))
    else:  # vertices do not match: fall back to overlay
        merged = shapely.line_merge(shapely.intersection(geom_a.boundary, geom_b.boundary))
        parts = [p for p in shapely.get_parts(merged) if p.geom_type == "LineString"]
        merged = shapely.line_merge(shapely.multilinestrings(parts)) if parts else LineString()
    if merged.geom_type == "GeometryCollection" and merged.is_empty:
        return LineString()
    return merged
