"""Zones as a gap-free coverage with topology-preserving edits (DESIGN.md, Geometry).

A :class:`Coverage` holds ``{zone id: Polygon | MultiPolygon}`` in map coordinates. Shared
borders are exact vertex matches, so "every zone that has this vertex" is a dictionary
lookup (the vertex index). Every operation builds the new geometry of the zones it
touches, checks it (valid polygons, no overlap or unmatched border with the zones
around, inside the frame) and returns a :class:`~gamecore.geometry.changeset.ChangeSet`;
``coverage.apply(cs.inverse())`` undoes it exactly. Adjacency is kept up to date
incrementally from the zones a change set touches.

New vertices that an operation creates on an existing border (where a cut line crosses
it) are inserted into every zone that has that border segment, so neighbours keep
identical vertices. Faces are built with ``shapely.polygonize`` from exactly noded
linework, which never computes new coordinates.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.adjacency import (
    border_lengths,
    canonical_segments,
    hashed_lengths,
    polygon_rings,
    wrap_pairs,
    zone_segments,
)
from gamecore.geometry.changeset import ChangeSet, _same

__all__ = ["Coverage", "Snap", "vertex_count"]

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


# -- the working copy of an operation -------------------------------------------------


class _Work:
    """Ring arrays of the zones an operation touches, edited in place, then diffed."""

    def __init__(self, cov: Coverage):
        self.cov = cov
        self.parts: dict[int, list[list[np.ndarray]]] = {}

    def get(self, zid: int) -> list[list[np.ndarray]]:
        if zid not in self.parts:
            self.parts[zid] = _parts(self.cov._geoms[zid])
        return self.parts[zid]

    def geom(self, zid: int) -> BaseGeometry:
        return _build(self.parts[zid]) if zid in self.parts else self.cov._geoms[zid]

    def zones_with(self, p: XY) -> set[int]:
        out = set(self.cov._vindex.get(p, ()))
        out |= {z for z, parts in self.parts.items() if z not in out and _has_vertex(parts, p)}
        return {z for z in out if z not in self.parts or _has_vertex(self.parts[z], p)}

    def insert_on_segment(self, a: XY, b: XY, pts: Sequence[XY]) -> set[int]:
        """Insert ``pts`` (ordered from a to b) into every ring having segment a-b."""
        if not pts:
            return set()
        arr = np.asarray(pts, dtype=float).reshape(-1, 2)
        touched = set()
        for z in self.zones_with(a) & self.zones_with(b):
            for rings in self.get(z):
                for k, ring in enumerate(rings):
                    s0, s1 = ring[:-1], ring[1:]
                    at_a0 = (s0[:, 0] == a[0]) & (s0[:, 1] == a[1])
                    at_b0 = (s0[:, 0] == b[0]) & (s0[:, 1] == b[1])
                    at_a1 = (s1[:, 0] == a[0]) & (s1[:, 1] == a[1])
                    at_b1 = (s1[:, 0] == b[0]) & (s1[:, 1] == b[1])
                    fwd = set(np.flatnonzero(at_a0 & at_b1).tolist())
                    bwd = set(np.flatnonzero(at_b0 & at_a1).tolist())
                    if not fwd and not bwd:
                        continue
                    pieces, last = [], 0
                    for i in sorted(fwd | bwd):
                        pieces.append(ring[last : i + 1])
                        pieces.append(arr if i in fwd else arr[::-1])
                        last = i + 1
                    pieces.append(ring[last:])
                    rings[k] = np.concatenate(pieces)
                    touched.add(z)
        return touched

    def replace_vertices(self, moves: Mapping[XY, XY]) -> list[XY]:
        """Move every occurrence of each key to its value (simultaneously). Returns the
        ring neighbours of the moved vertices."""
        zs: set[int] = set()
        for p in moves:
            zs |= self.zones_with(p)
        near: list[XY] = []
        for z in zs:
            for rings in self.get(z):
                for k, ring in enumerate(rings):
                    new = ring
                    n = len(ring) - 1
                    for p, q in moves.items():
                        hit = np.flatnonzero((ring[:, 0] == p[0]) & (ring[:, 1] == p[1]))
                        if len(hit) == 0:
                            continue
                        if new is ring:
                            new = ring.copy()
                        new[hit] = q
                        for i in hit.tolist():
                            near.append(tuple(ring[(i - 1) % n]))
                            near.append(tuple(ring[(i + 1) % n]))
                    rings[k] = new
        return near

    def changeset(self) -> ChangeSet:
        cs = ChangeSet()
        for z, parts in self.parts.items():
            old = self.cov._geoms[z]
            new = _build(parts)
            if not _same(old, new):
                cs.modified[z] = (old, new)
        return cs


# -- the coverage ---------------------------------------------------------------------


class Coverage:
    """Zones as a polygonal coverage with exact shared vertices.

    ``frame``: (xmin, ymin, xmax, ymax) of the map; vertices on it only slide along it
    and no zone may leave it. ``wrap_x``: zones on the west and east edges of the frame
    are adjacent across the seam. ``eps``: minimum border length for adjacency.
    ``tol``: noding tolerance (defaults to 1e-9 of the extent), not the editor's snap
    distance (that one is given to :meth:`snap`)."""

    def __init__(
        self,
        geoms: Mapping[int, BaseGeometry] | None = None,
        *,
        frame: tuple[float, float, float, float] | None = None,
        wrap_x: bool = False,
        eps: float = 1e-6,
        tol: float | None = None,
    ):
        self._geoms: dict[int, BaseGeometry] = {}
        self.frame = tuple(float(v) for v in frame) if frame is not None else None
        self.wrap_x = bool(wrap_x and frame is not None)
        self.eps = eps
        self._vindex: dict[XY, set[int]] = {}
        self._row: dict[int, int] = {}
        self._bb = np.empty((0, 4))
        self._bb_ids = np.empty(0, dtype=np.int64)
        self._adj: dict[int, set[int]] = {}
        for zid, g in (geoms or {}).items():
            if g is None or g.is_empty:
                continue
            if g.geom_type not in _POLYGONAL:
                raise GeometryError(f"zone {zid}: a zone must be a polygon, not a {g.geom_type}")
            self._geoms[int(zid)] = g
        if tol is None:
            if self.frame is not None:
                ext = max(self.frame[2] - self.frame[0], self.frame[3] - self.frame[1])
            elif self._geoms:
                b = shapely.total_bounds(np.array(list(self._geoms.values()), dtype=object))
                ext = max(b[2] - b[0], b[3] - b[1])
            else:
                ext = 1.0
            tol = max(ext, 1e-3) * 1e-9
        self.tol = tol
        for zid, g in self._geoms.items():
            self._index_add(zid, g)
        self._seg: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._cache_segments(self._geoms)
        self._rebuild_bboxes()
        self._adj = {z: set() for z in self._geoms}
        for a, b in self._pairs(self._geoms, None):
            self._adj[a].add(b)
            self._adj[b].add(a)

    @classmethod
    def from_map(cls, m, **kwargs) -> Coverage:
        """The coverage of a :class:`gamecore.model.Map`'s zone geometries."""
        geoms = {z.id: z.geometry for z in m.zones.values() if z.geometry is not None}
        return cls(geoms, frame=(0.0, 0.0, m.width, m.height), wrap_x=m.wrap_x, **kwargs)

    # -- read access ------------------------------------------------------------------
    @property
    def geoms(self) -> Mapping[int, BaseGeometry]:
        """Read-only view of {zone id: geometry}."""
        return MappingProxyType(self._geoms)

    def __len__(self) -> int:
        return len(self._geoms)

    def __contains__(self, zid: object) -> bool:
        return zid in self._geoms

    def __getitem__(self, zid: int) -> BaseGeometry:
        return self._geoms[zid]

    def ids(self) -> list[int]:
        return sorted(self._geoms)

    def next_id(self) -> int:
        return max(self._geoms, default=0) + 1

    def neighbours(self, zid: int) -> frozenset[int]:
        return frozenset(self._adj.get(zid, ()))

    def adjacency(self) -> dict[int, set[int]]:
        """{zone: adjacent zones} (a copy), kept up to date after every change."""
        return {z: set(n) for z, n in self._adj.items()}

    def pairs(self) -> set[tuple[int, int]]:
        return {(a, b) for a, ns in self._adj.items() for b in ns if a < b}

    def zones_at(self, p) -> set[int]:
        """Zones that have the exact vertex ``p``."""
        return set(self._vindex.get(_xy(p), ()))

    def vertex_positions(self, p) -> list[tuple[int, int, int, int]]:
        """(zone, part, ring, index) of every occurrence of vertex ``p``."""
        p = _xy(p)
        out = []
        for z in sorted(self.zones_at(p)):
            for pi, rings in enumerate(_parts(self._geoms[z])):
                for ri, ring in enumerate(rings):
                    hit = np.flatnonzero((ring[:-1, 0] == p[0]) & (ring[:-1, 1] == p[1]))
                    out.extend((z, pi, ri, int(i)) for i in hit)
        return out

    def vertex_count(self) -> int:
        return vertex_count(self._geoms.values())

    def copy(self) -> Coverage:
        new = Coverage.__new__(Coverage)
        new.__dict__.update(self.__dict__)
        new._geoms = dict(self._geoms)
        new._vindex = {k: set(v) for k, v in self._vindex.items()}
        new._row = dict(self._row)
        new._bb = self._bb.copy()
        new._bb_ids = self._bb_ids.copy()
        new._adj = {k: set(v) for k, v in self._adj.items()}
        new._seg = dict(self._seg)
        return new

    def is_valid(self) -> bool:
        arr = np.array(list(self._geoms.values()), dtype=object)
        return bool(shapely.is_valid(arr).all() and shapely.coverage_is_valid(arr))

    def recompute_adjacency(self) -> dict[int, set[int]]:
        """Adjacency computed from scratch (for checks; normally use :meth:`adjacency`)."""
        adj: dict[int, set[int]] = {z: set() for z in self._geoms}
        for a, b in self._pairs(self._geoms, None):
            adj[a].add(b)
            adj[b].add(a)
        return adj

    # -- indexes ----------------------------------------------------------------------
    def _cache_segments(self, geoms: Mapping[int, BaseGeometry]) -> None:
        """Canonical boundary segments and their hashes, per zone (for adjacency)."""
        seg, zone = zone_segments(geoms)
        can, h = canonical_segments(seg)
        if len(zone) == 0:
            for z in geoms:
                self._seg[z] = (np.empty((0, 4)), np.empty(0, dtype=np.uint64))
            return
        cuts = np.flatnonzero(np.diff(zone)) + 1
        starts = np.r_[0, cuts]
        ends = np.r_[cuts, len(zone)]
        seen = set()
        for a, b in zip(starts.tolist(), ends.tolist(), strict=True):
            z = int(zone[a])
            seen.add(z)
            self._seg[z] = (can[a:b], h[a:b])
        for z in geoms:
            if z not in seen:
                self._seg[z] = (np.empty((0, 4)), np.empty(0, dtype=np.uint64))

    def _index_add(self, zid: int, geom: BaseGeometry) -> None:
        vi = self._vindex
        for xy in map(tuple, shapely.get_coordinates(geom).tolist()):
            s = vi.get(xy)
            if s is None:
                vi[xy] = {zid}
            else:
                s.add(zid)

    def _index_remove(self, zid: int, geom: BaseGeometry) -> None:
        vi = self._vindex
        for xy in map(tuple, shapely.get_coordinates(geom).tolist()):
            s = vi.get(xy)
            if s is not None:
                s.discard(zid)
                if not s:
                    del vi[xy]

    def _index_replace(self, zid: int, old: BaseGeometry, new: BaseGeometry) -> set[XY]:
        """Update the vertex index for a zone's new geometry; returns the coordinates
        the zone did not have before."""
        vi = self._vindex
        oc, nc = shapely.get_coordinates(old), shapely.get_coordinates(new)
        if oc.shape == nc.shape:  # vertices moved: only the rows that differ
            rows = (oc != nc).any(axis=1)
            before = set(map(tuple, oc[rows].tolist()))
            after = set(map(tuple, nc[rows].tolist()))
            gone = {xy for xy in before - after if not (nc == xy).all(axis=1).any()}
            added = {xy for xy in after - before if not (oc == xy).all(axis=1).any()}
        else:
            b_set = set(map(tuple, oc.tolist()))
            a_set = set(map(tuple, nc.tolist()))
            gone, added = b_set - a_set, a_set - b_set
        for xy in gone:
            s = vi.get(xy)
            if s is not None:
                s.discard(zid)
                if not s:
                    del vi[xy]
        for xy in added:
            s = vi.get(xy)
            if s is None:
                vi[xy] = {zid}
            else:
                s.add(zid)
        return added

    def _rebuild_bboxes(self) -> None:
        ids = list(self._geoms)
        self._bb_ids = np.array(ids, dtype=np.int64)
        self._row = {z: i for i, z in enumerate(ids)}
        if ids:
            self._bb = shapely.bounds(np.array([self._geoms[z] for z in ids], dtype=object))
        else:
            self._bb = np.empty((0, 4))

    def _set_bbox(self, zid: int, geom: BaseGeometry | None) -> None:
        if geom is None:
            row = self._row.pop(zid)
            last = len(self._bb_ids) - 1
            if row != last:
                moved = int(self._bb_ids[last])
                self._bb[row] = self._bb[last]
                self._bb_ids[row] = moved
                self._row[moved] = row
            self._bb = self._bb[:last]
            self._bb_ids = self._bb_ids[:last]
        elif zid in self._row:
            self._bb[self._row[zid]] = geom.bounds
        else:
            self._row[zid] = len(self._bb_ids)
            self._bb = np.vstack([self._bb, np.asarray(geom.bounds)[None, :]])
            self._bb_ids = np.append(self._bb_ids, zid)

    def query_bbox(self, x0: float, y0: float, x1: float, y1: float) -> list[int]:
        """Zones whose bounding box meets the box (x0, y0, x1, y1)."""
        bb = self._bb
        hit = (bb[:, 0] <= x1) & (bb[:, 2] >= x0) & (bb[:, 1] <= y1) & (bb[:, 3] >= y0)
        return self._bb_ids[hit].tolist()

    def _pairs(self, geoms: Mapping[int, BaseGeometry], only) -> set[tuple[int, int]]:
        lengths = border_lengths(geoms, only=only)
        return {k for k, v in lengths.items() if v > self.eps} | self._wrap(geoms, only)

    def _wrap(self, geoms: Mapping[int, BaseGeometry], only) -> set[tuple[int, int]]:
        if not (self.wrap_x and self.frame is not None):
            return set()
        x0, _, x1, _ = self.frame
        seam = {
            z: g
            for z, g in geoms.items()
            if g.bounds[0] <= x0 + self.tol or g.bounds[2] >= x1 - self.tol
        }
        pairs = wrap_pairs(seam, x0, x1, self.eps, self.tol * 10)
        if only is not None:
            pairs = {p for p in pairs if p[0] in only or p[1] in only}
        return pairs

    def _local_pairs(self, alive: set[int], hint: set[int] | None = None) -> set[tuple[int, int]]:
        """Adjacent pairs involving ``alive`` zones. Zones sharing a border share its
        vertices, so the candidates are the zones sharing a vertex with them (or, from
        :meth:`apply`, the old neighbours plus the zones at new vertices: in a valid
        coverage a new neighbour took a segment from an old neighbour). Unmatched
        segments of the alive zones off the frame (imported, not exactly matching
        borders) widen the search to every zone near them."""
        vi = self._vindex
        local = set(alive)
        if hint is not None:
            local |= {z for z in hint if z in self._geoms}
        else:
            for z in alive:
                for xy in set(map(tuple, shapely.get_coordinates(self._geoms[z]).tolist())):
                    local.update(vi.get(xy, ()))
        order = sorted(local)
        parts = [self._seg[z] for z in order]
        seg = np.concatenate([p[0] for p in parts])
        zone = np.repeat(np.asarray(order, dtype=np.int64), [len(p[1]) for p in parts])
        lengths, single = hashed_lengths(seg, np.concatenate([p[1] for p in parts]), zone, alive)
        mask = single & np.isin(zone, np.fromiter(alive, dtype=np.int64, count=len(alive)))
        if mask.any() and self.frame is not None:
            fx0, fy0, fx1, fy1 = self.frame
            s = seg[mask]
            on_frame = ((s[:, 0] == s[:, 2]) & ((s[:, 0] == fx0) | (s[:, 0] == fx1))) | (
                (s[:, 1] == s[:, 3]) & ((s[:, 1] == fy0) | (s[:, 1] == fy1))
            )
            mask[mask] = ~on_frame
        if mask.any():
            s = seg[mask]
            box = (s[:, [0, 2]].min(), s[:, [1, 3]].min(), s[:, [0, 2]].max(), s[:, [1, 3]].max())
            t = self.tol * 10
            extra = set(self.query_bbox(box[0] - t, box[1] - t, box[2] + t, box[3] + t)) - local
            if extra:
                local |= extra
                lengths = border_lengths({z: self._geoms[z] for z in local}, only=alive)
        out = {k for k, v in lengths.items() if v > self.eps}
        if self.wrap_x and self.frame is not None:
            x0, _, x1, _ = self.frame
            if any(
                self._geoms[z].bounds[0] <= x0 + self.tol
                or self._geoms[z].bounds[2] >= x1 - self.tol
                for z in alive
            ):
                near = set(self.query_bbox(x0 - 1, -math.inf, x0 + self.tol, math.inf))
                near |= set(self.query_bbox(x1 - self.tol, -math.inf, x1 + 1, math.inf))
                out |= self._wrap({z: self._geoms[z] for z in near | alive}, alive)
        return out

    def _update_adjacency(self, touched: set[int], new_xy: set[XY] | None = None) -> None:
        """Recompute the adjacency of ``touched`` zones. ``new_xy``: the coordinates the
        change added (then candidates come from old neighbours and those vertices)."""
        old_nb: set[int] = set()
        for z in touched:
            for n in self._adj.pop(z, set()):
                old_nb.add(n)
                if n in self._adj:
                    self._adj[n].discard(z)
        alive = {z for z in touched if z in self._geoms}
        if not alive:
            return
        for z in alive:
            self._adj[z] = set()
        hint = None
        if new_xy is not None:
            hint = set(old_nb)
            vi = self._vindex
            for xy in new_xy:
                hint.update(vi.get(xy, ()))
        for a, b in self._local_pairs(alive, hint):
            self._adj[a].add(b)
            self._adj[b].add(a)

    # -- applying change sets ---------------------------------------------------------
    def apply(self, cs: ChangeSet, check: bool = True) -> None:
        """Apply a change set (e.g. ``cs.inverse()`` to undo). With ``check``, the
        current geometry must be the change set's "old" geometry."""
        for zid, (old, _new) in cs.modified.items():
            if zid not in self._geoms:
                raise GeometryError(f"change set does not apply: zone {zid} does not exist")
            if check and not _same(self._geoms[zid], old):
                raise GeometryError(f"change set does not apply: zone {zid} has changed")
        for zid, old in cs.deleted.items():
            if zid not in self._geoms:
                raise GeometryError(f"change set does not apply: zone {zid} does not exist")
            if check and not _same(self._geoms[zid], old):
                raise GeometryError(f"change set does not apply: zone {zid} has changed")
        for zid in cs.created:
            if zid in self._geoms:
                raise GeometryError(f"change set does not apply: zone {zid} already exists")
        new_xy: set[XY] = set()
        for zid in cs.deleted:
            self._index_remove(zid, self._geoms.pop(zid))
            self._seg.pop(zid, None)
            self._set_bbox(zid, None)
        for zid, (_old, new) in cs.modified.items():
            new_xy |= self._index_replace(zid, self._geoms[zid], new)
            self._geoms[zid] = new
            self._set_bbox(zid, new)
        for zid, new in cs.created.items():
            self._geoms[zid] = new
            self._index_add(zid, new)
            new_xy.update(map(tuple, shapely.get_coordinates(new).tolist()))
            self._set_bbox(zid, new)
        self._cache_segments(cs.after())
        self._update_adjacency(cs.touched(), new_xy)

    def _finish(self, cs: ChangeSet, window, dry_run: bool, label: str) -> ChangeSet:
        cs.label = cs.label or label
        self._validate(cs, window)
        if not dry_run:
            self.apply(cs, check=False)
        return cs

    def _validate(self, cs: ChangeSet, window) -> None:
        news = cs.after()
        for z, g in news.items():
            if g is None or g.is_empty or g.geom_type not in _POLYGONAL:
                raise GeometryError(f"zone {z} would be empty or not a polygon")
            if not g.is_valid:
                reason = shapely.is_valid_reason(g)
                raise GeometryError(f"zone {z} would be invalid: {reason}")
            if self.frame is not None:
                x0, y0, x1, y1 = g.bounds
                fx0, fy0, fx1, fy1 = self.frame
                t = self.tol
                if x0 < fx0 - t or y0 < fy0 - t or x1 > fx1 + t or y1 > fy1 + t:
                    raise GeometryError(f"zone {z} would reach outside the map frame")
        if window is None:
            boxes = np.array([g.bounds for g in news.values()] or [[0, 0, 0, 0]])
            window = (boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max())
        x0, y0, x1, y1 = window
        t = self.tol * 10
        others = [
            z
            for z in self.query_bbox(x0 - t, y0 - t, x1 + t, y1 + t)
            if z not in news and z not in cs.deleted
        ]
        arr = np.array(list(news.values()) + [self._geoms[z] for z in others], dtype=object)
        if len(arr) > 1 and not shapely.coverage_is_valid(arr):
            bad = shapely.coverage_invalid_edges(arr)
            where = next((g for g in bad if g is not None and not g.is_empty), None)
            at = f" near {_fmt(_xy(where.representative_point()))}" if where is not None else ""
            raise GeometryError(f"the edit would make zones overlap or break a shared border{at}")

    def _zone(self, zid: int) -> BaseGeometry:
        try:
            return self._geoms[zid]
        except KeyError:
            raise GeometryError(f"there is no zone {zid}") from None

    def _vertex(self, p) -> XY:
        p = _xy(p)
        if p not in self._vindex:
            raise GeometryError(f"there is no vertex at {_fmt(p)}")
        return p

    # -- frame ------------------------------------------------------------------------
    def _frame_sides(self, p: XY) -> list[tuple[int, float]]:
        """The frame lines p lies on, as (axis, value)."""
        if self.frame is None:
            return []
        fx0, fy0, fx1, fy1 = self.frame
        t = self.tol
        out = []
        for axis, val in ((0, fx0), (0, fx1), (1, fy0), (1, fy1)):
            if abs(p[axis] - val) <= t:
                out.append((axis, val))
        return out

    def _constrain(self, p: XY, q: XY) -> XY:
        sides = self._frame_sides(p)
        if len(sides) >= 2 and q != p:
            raise GeometryError(f"the frame corner {_fmt(p)} cannot move")
        q = list(q)
        for axis, val in sides:
            q[axis] = val
        q = (float(q[0]), float(q[1]))
        if self.frame is not None:
            fx0, fy0, fx1, fy1 = self.frame
            if not (fx0 <= q[0] <= fx1 and fy0 <= q[1] <= fy1):
                raise GeometryError(f"{_fmt(q)} is outside the map frame")
        return q

    # -- vertex operations ------------------------------------------------------------
    def move_vertex(self, p, q, *, dry_run: bool = False) -> ChangeSet:
        """Move the vertex ``p`` to ``q`` in every zone that has it."""
        return self.move_vertices({_xy(p): _xy(q)}, dry_run=dry_run, label="move vertex")

    def move_vertices(
        self, moves: Mapping, *, dry_run: bool = False, label: str = "move vertices"
    ) -> ChangeSet:
        """Move several vertices at once ({old point: new point}), in every zone."""
        resolved: dict[XY, XY] = {}
        for p, q in moves.items():
            p = self._vertex(p)
            q = self._constrain(p, _xy(q))
            if q != p:
                resolved[p] = q
        if not resolved:
            return ChangeSet(label=label)
        targets = list(resolved.values())
        if len(set(targets)) != len(targets):
            raise GeometryError("two vertices would move to the same point")
        for q in targets:
            if q in self._vindex and q not in resolved:
                raise GeometryError(f"there is already a vertex at {_fmt(q)}")
        work = _Work(self)
        near = work.replace_vertices(resolved)
        pts = np.array(list(resolved) + targets + near)
        window = (*pts.min(axis=0), *pts.max(axis=0))
        return self._finish(work.changeset(), window, dry_run, label)

    def move_run(self, points: Sequence, dx: float, dy: float, *, dry_run: bool = False):
        """Move a run of vertices (e.g. from :meth:`trace_path`) by (dx, dy)."""
        moves = {_xy(p): (_xy(p)[0] + dx, _xy(p)[1] + dy) for p in points}
        return self.move_vertices(moves, dry_run=dry_run, label="move vertices")

    def insert_vertex(self, p, tol: float | None = None, *, dry_run: bool = False) -> ChangeSet:
        """Insert a vertex on the border segment nearest ``p`` (within ``tol``) in every
        zone that has that segment."""
        p = _xy(p)
        tol = self.tol * 1000 if tol is None else tol
        snap = self.snap(p, tol)
        if snap is None:
            raise GeometryError(f"no border within {tol:g} of {_fmt(p)}")
        if snap.kind == "vertex":
            raise GeometryError(f"there is already a vertex at {_fmt(snap.point)}")
        a, b = snap.segment
        work = _Work(self)
        work.insert_on_segment(a, b, [snap.point])
        pts = np.array([a, b, snap.point])
        cs = work.changeset()
        cs.info["point"] = snap.point
        return self._finish(cs, (*pts.min(axis=0), *pts.max(axis=0)), dry_run, "insert vertex")

    def delete_vertex(self, p, *, dry_run: bool = False) -> ChangeSet:
        """Delete vertex ``p`` from every zone that has it. Only a vertex inside a border
        (exactly two border segments meet there) can be deleted."""
        p = self._vertex(p)
        work = _Work(self)
        ends: set[tuple[XY, XY]] = set()
        for z in sorted(work.zones_with(p)):
            for rings in work.get(z):
                for k, ring in enumerate(rings):
                    hit = np.flatnonzero((ring[:-1, 0] == p[0]) & (ring[:-1, 1] == p[1]))
                    if len(hit) == 0:
                        continue
                    n = len(ring) - 1
                    for i in hit.tolist():
                        u, v = tuple(ring[(i - 1) % n]), tuple(ring[(i + 1) % n])
                        ends.add((min(u, v), max(u, v)))
                    if n - len(hit) < 3:
                        raise GeometryError(
                            f"deleting {_fmt(p)} would leave zone {z} a ring of fewer than"
                            " 3 vertices"
                        )
                    keep = np.ones(n, dtype=bool)
                    keep[hit] = False
                    core = ring[:-1][keep]
                    rings[k] = np.vstack([core, core[:1]])
        if len(ends) != 1:
            raise GeometryError(
                f"the vertex {_fmt(p)} is where {len(ends) + 1} or more borders meet;"
                " it cannot be deleted"
            )
        ((u, v),) = ends
        sides = self._frame_sides(p)
        if sides and not all(
            s in self._frame_sides(u) and s in self._frame_sides(v) for s in sides
        ):
            raise GeometryError(f"deleting {_fmt(p)} would leave a gap at the map frame")
        pts = np.array([p, u, v])
        return self._finish(
            work.changeset(), (*pts.min(axis=0), *pts.max(axis=0)), dry_run, "delete vertex"
        )

    # -- snapping and tracing ---------------------------------------------------------
    def snap(
        self,
        p,
        tol: float,
        *,
        vertices: bool = True,
        segments: bool = True,
        zones: Iterable[int] | None = None,
    ) -> Snap | None:
        """The nearest vertex within ``tol`` of ``p``, else the nearest point on a border
        segment within ``tol``, else None. ``tol`` is in map units."""
        p = _xy(p)
        cands = self.query_bbox(p[0] - tol, p[1] - tol, p[0] + tol, p[1] + tol)
        if zones is not None:
            allowed = set(zones)
            cands = [z for z in cands if z in allowed]
        if not cands:
            return None
        segs = _unique_segments([_segments_of(_parts(self._geoms[z])) for z in cands])
        if len(segs) == 0:
            return None
        px, py = p
        if vertices:
            verts = np.unique(segs.reshape(-1, 2), axis=0)
            d = np.hypot(verts[:, 0] - px, verts[:, 1] - py)
            i = int(np.argmin(d))
            if d[i] <= tol:
                v = (float(verts[i, 0]), float(verts[i, 1]))
                return Snap("vertex", v, frozenset(self.zones_at(v)), float(d[i]))
        if segments:
            a, b = segs[:, :2], segs[:, 2:]
            ab = b - a
            l2 = (ab * ab).sum(axis=1)
            t = np.clip(((px - a[:, 0]) * ab[:, 0] + (py - a[:, 1]) * ab[:, 1]) / l2, 0, 1)
            proj = a + t[:, None] * ab
            d = np.hypot(proj[:, 0] - px, proj[:, 1] - py)
            i = int(np.argmin(d))
            if d[i] <= tol:
                sa, sb = tuple(a[i].tolist()), tuple(b[i].tolist())
                q = (float(proj[i, 0]), float(proj[i, 1]))
                if ab[i, 0] == 0:
                    q = (sa[0], q[1])
                if ab[i, 1] == 0:
                    q = (q[0], sa[1])
                if q in (sa, sb):
                    return Snap("vertex", q, frozenset(self.zones_at(q)), float(d[i]))
                key = sa + sb
                zs = {
                    z
                    for z in self.zones_at(sa) & self.zones_at(sb)
                    if key in _seg_keys(_segments_of(_parts(self._geoms[z])))
                }
                return Snap("segment", q, frozenset(zs), float(d[i]), (sa, sb))
        return None

    def trace_path(self, start, end, zone: int | None = None) -> list[XY]:
        """The shortest path along borders from vertex ``start`` to vertex ``end``
        (optionally along the rings of one ``zone``), as a list of vertices."""
        s, e = self._vertex(start), self._vertex(end)
        if s == e:
            return [s]
        span = math.dist(s, e)
        tries: list[list[int]]
        if zone is not None:
            self._zone(zone)
            tries = [[zone]]
        else:
            x0, x1 = min(s[0], e[0]) - span, max(s[0], e[0]) + span
            y0, y1 = min(s[1], e[1]) - span, max(s[1], e[1]) + span
            tries = [self.query_bbox(x0, y0, x1, y1), list(self._geoms)]
        for zs in tries:
            segs = _unique_segments([_segments_of(_parts(self._geoms[z])) for z in zs])
            graph: dict[XY, list[tuple[float, XY]]] = {}
            for x1_, y1_, x2_, y2_ in segs.tolist():
                a, b = (x1_, y1_), (x2_, y2_)
                w = math.dist(a, b)
                graph.setdefault(a, []).append((w, b))
                graph.setdefault(b, []).append((w, a))
            if s not in graph or e not in graph:
                continue
            dist = {s: 0.0}
            prev: dict[XY, XY] = {}
            heap = [(0.0, s)]
            while heap:
                d, u = heapq.heappop(heap)
                if u == e:
                    path = [e]
                    while path[-1] != s:
                        path.append(prev[path[-1]])
                    return path[::-1]
                if d > dist.get(u, math.inf):
                    continue
                for w, v in graph[u]:
                    nd = d + w
                    if nd < dist.get(v, math.inf):
                        dist[v] = nd
                        prev[v] = u
                        heapq.heappush(heap, (nd, v))
        raise GeometryError(f"no path along borders from {_fmt(s)} to {_fmt(e)}")

    # -- noding -----------------------------------------------------------------------
    def _axis_snap(self, x: np.ndarray, c: np.ndarray, d: np.ndarray) -> np.ndarray:
        """Points on axis-parallel segments get that axis exactly (frames stay straight)."""
        x = x.copy()
        vert = c[:, 0] == d[:, 0]
        horiz = c[:, 1] == d[:, 1]
        x[vert, 0] = c[vert, 0]
        x[horiz, 1] = c[horiz, 1]
        return x

    def _node_lines(
        self, work: _Work, lines: Sequence[np.ndarray], zone_ids: Iterable[int]
    ) -> tuple[list[np.ndarray], set[XY]]:
        """Node ``lines`` (coordinate arrays, mutually noded already) against the borders
        of ``zone_ids``: crossing points are inserted into the lines and into every zone
        having the crossed segment (via ``work``). Returns the noded lines and the set of
        line points lying on those borders."""
        tol = self.tol
        zone_ids = list(zone_ids)
        bseg = _unique_segments([_segments_of(work.get(z)) for z in zone_ids])
        if len(bseg) == 0:
            return [np.asarray(c, dtype=float) for c in lines], set()
        bverts = np.unique(bseg.reshape(-1, 2), axis=0)
        bvert_set = set(map(tuple, bverts.tolist()))
        seg_tree = shapely.STRtree(shapely.linestrings(bseg.reshape(-1, 2, 2)))
        vert_tree = shapely.STRtree(shapely.points(bverts))
        bnd_ins: dict[int, list[tuple[float, XY]]] = {}
        hits: set[XY] = set()
        out_lines = []
        for coords in lines:
            coords = np.array(coords, dtype=float)
            # 1. line vertices: snap to border vertices, or onto border segments
            pts = shapely.points(coords)
            vi, bi = vert_tree.query_nearest(pts, max_distance=tol, all_matches=False)
            coords[vi] = bverts[bi]
            for i in vi.tolist():
                hits.add(tuple(coords[i].tolist()))
            rest = np.setdiff1d(np.arange(len(coords)), vi)
            if len(rest):
                li, sj = seg_tree.query(
                    shapely.points(coords[rest]), predicate="dwithin", distance=tol
                )
                done: set[int] = set()
                for i, j in zip(rest[li].tolist(), sj.tolist(), strict=True):
                    c, d = bseg[j, :2], bseg[j, 2:]
                    cd = d - c
                    u = float(((coords[i] - c) @ cd) / (cd @ cd))
                    if not (0.0 < u < 1.0):
                        continue
                    x = self._axis_snap(coords[i][None, :], c[None, :], d[None, :])[0]
                    if i not in done:
                        coords[i] = x
                        done.add(i)
                    pt = tuple(coords[i].tolist())
                    bnd_ins.setdefault(j, []).append((u, pt))
                    hits.add(pt)
            # 2. line segments: border vertices on them, and proper crossings
            lseg = np.hstack([coords[:-1], coords[1:]])
            ins: dict[int, list[tuple[float, XY]]] = {}
            li, sj = seg_tree.query(
                shapely.linestrings(lseg.reshape(-1, 2, 2)), predicate="dwithin", distance=tol
            )
            if len(li):
                a, b = lseg[li, :2], lseg[li, 2:]
                c, d = bseg[sj, :2], bseg[sj, 2:]
                r, s = b - a, d - c
                rl2 = (r * r).sum(axis=1)
                rlen = np.sqrt(rl2)
                for p in (c, d):  # border vertex on the line segment's interior
                    t = ((p - a) * r).sum(axis=1) / rl2
                    dist = np.hypot(*(a + t[:, None] * r - p).T)
                    m = (dist <= tol) & (t * rlen > tol) & ((1 - t) * rlen > tol)
                    for k in np.flatnonzero(m).tolist():
                        pt = (float(p[k, 0]), float(p[k, 1]))
                        ins.setdefault(int(li[k]), []).append((float(t[k]), pt))
                        hits.add(pt)
                den = r[:, 0] * s[:, 1] - r[:, 1] * s[:, 0]
                qp = c - a
                with np.errstate(divide="ignore", invalid="ignore"):
                    t = (qp[:, 0] * s[:, 1] - qp[:, 1] * s[:, 0]) / den
                    u = (qp[:, 0] * r[:, 1] - qp[:, 1] * r[:, 0]) / den
                x = a + t[:, None] * r
                x = self._axis_snap(x, c, d)
                near_end = np.zeros(len(li), dtype=bool)
                for p in (a, b, c, d):
                    near_end |= np.hypot(*(x - p).T) <= tol
                m = (den != 0) & (t > 0) & (t < 1) & (u > 0) & (u < 1) & ~near_end
                for k in np.flatnonzero(m).tolist():
                    pt = (float(x[k, 0]), float(x[k, 1]))
                    ins.setdefault(int(li[k]), []).append((float(t[k]), pt))
                    bnd_ins.setdefault(int(sj[k]), []).append((float(u[k]), pt))
                    hits.add(pt)
            noded = [coords[:1]]
            for i in range(len(lseg)):
                extra = sorted(set(ins.get(i, [])))
                seen: set[XY] = {tuple(coords[i].tolist()), tuple(coords[i + 1].tolist())}
                pts_i = []
                for _t, pt in extra:
                    if pt not in seen:
                        seen.add(pt)
                        pts_i.append(pt)
                if pts_i:
                    noded.append(np.asarray(pts_i))
                noded.append(coords[i + 1 : i + 2])
            out_lines.append(np.concatenate(noded))
            for pt in map(tuple, coords.tolist()):
                if pt in bvert_set:
                    hits.add(pt)
        for j, events in bnd_ins.items():
            c, d = tuple(bseg[j, :2].tolist()), tuple(bseg[j, 2:].tolist())
            pts_j: list[XY] = []
            for _u, pt in sorted(set(events)):
                if pt not in pts_j and pt != c and pt != d:
                    pts_j.append(pt)
            work.insert_on_segment(c, d, pts_j)
        return out_lines, hits

    @staticmethod
    def _pieces(coords: np.ndarray, hits: set[XY]) -> list[np.ndarray]:
        """Split a noded line at the points in ``hits``."""
        out, start = [], 0
        pts = list(map(tuple, coords.tolist()))
        for i in range(1, len(pts)):
            if pts[i] in hits or i == len(pts) - 1:
                if i > start:
                    out.append(coords[start : i + 1])
                start = i
        return out

    def _cut_faces(
        self, work: _Work, zid: int, lines: Sequence[np.ndarray]
    ) -> tuple[list[Polygon], BaseGeometry, np.ndarray]:
        """Faces of zone ``zid`` cut by ``lines`` (crossings inserted into neighbours)."""
        noded, hits = self._node_lines(work, lines, [zid])
        zone_now = _build(work.get(zid))
        pieces = [p for c in noded for p in self._pieces(c, hits)]
        if pieces:
            mids = np.array([(p[0] + p[1]) / 2 for p in pieces])
            inside = shapely.contains_xy(zone_now, mids[:, 0], mids[:, 1])
            pieces = [p for p, ok in zip(pieces, inside, strict=True) if ok]
        if not pieces:
            raise GeometryError(f"the line does not cross zone {zid}")
        segs = [_segments_of(work.get(zid))] + [np.hstack([p[:-1], p[1:]]) for p in pieces]
        faces = _faces(segs)
        faces = [f for f, ok in zip(faces, _inside(zone_now, faces), strict=True) if ok]
        allpts = np.concatenate(pieces)
        window = np.array([*allpts.min(axis=0), *allpts.max(axis=0)])
        return faces, zone_now, window

    # -- zone operations --------------------------------------------------------------
    def split_zone(
        self,
        zid: int,
        line,
        *,
        new_ids: Sequence[int] | None = None,
        dry_run: bool = False,
    ) -> ChangeSet:
        """Split zone ``zid`` along a polyline that crosses it from border to border.
        The zone keeps the largest piece of each part it had; the other pieces become
        new zones (ids from ``new_ids``, else the next free ids)."""
        old = self._zone(zid)
        coords = _line_coords(line)
        if not LineString(coords).is_simple:
            raise GeometryError("the cut line crosses itself")
        work = _Work(self)
        faces, zone_now, window = self._cut_faces(work, zid, [coords])
        if len(faces) < 2:
            raise GeometryError(
                f"the line does not cut zone {zid} in two: it must cross the zone from"
                " border to border"
            )
        total = sum(f.area for f in faces)
        if abs(total - old.area) > 1e-9 * max(old.area, 1.0):
            raise GeometryError(f"splitting zone {zid} would not conserve its area")
        # group faces by the part of the zone they lie in; each part keeps its largest
        part_polys = [Polygon(rings[0], rings[1:]) for rings in work.get(zid)]
        keep, new = [], []
        by_part: dict[int, list[Polygon]] = {}
        pts = shapely.get_coordinates(shapely.point_on_surface(np.array(faces, dtype=object)))
        for f, (x, y) in zip(faces, pts.tolist(), strict=True):
            part = next((i for i, pp in enumerate(part_polys) if shapely.contains_xy(pp, x, y)), 0)
            by_part.setdefault(part, []).append(f)
        for _part, fs in sorted(by_part.items()):
            fs.sort(key=lambda f: -f.area)
            keep.append(fs[0])
            new.extend(fs[1:])
        ids = list(new_ids or [])
        nxt = self.next_id()
        while len(ids) < len(new):
            while nxt in self._geoms or nxt in ids:
                nxt += 1
            ids.append(nxt)
        for i in ids[: len(new)]:
            if i in self._geoms:
                raise GeometryError(f"zone {i} already exists")
        cs = work.changeset()
        cs.modified[zid] = (old, _union(keep))
        for i, f in zip(ids, new, strict=False):
            cs.created[i] = f
            cs.sources[i] = zid
        return self._finish(cs, tuple(window), dry_run, "split zone")

    def merge_zones(
        self, ids: Iterable[int], keep: int | None = None, *, dry_run: bool = False
    ) -> ChangeSet:
        """Merge zones into one (``keep``, default the smallest id); the others are
        deleted. Zones that share no border give a multi-part zone."""
        ids = sorted(set(ids))
        if len(ids) < 2:
            raise GeometryError("merging needs at least two zones")
        geoms = [self._zone(i) for i in ids]
        keep = ids[0] if keep is None else keep
        if keep not in ids:
            raise GeometryError(f"zone {keep} is not one of the zones merged")
        merged = _union(geoms)
        cs = ChangeSet(modified={keep: (self._geoms[keep], merged)})
        for i, g in zip(ids, geoms, strict=True):
            if i != keep:
                cs.deleted[i] = g
                cs.absorbed[i] = keep
        cs.info["connected"] = merged.geom_type == "Polygon" or (
            len(shapely.get_parts(merged)) < sum(len(shapely.get_parts(g)) for g in geoms)
        )
        return self._finish(cs, None, dry_run, "merge zones")

    def _shared_segments(self, work: _Work, a: int, b: int) -> set[tuple[float, ...]]:
        return _seg_keys(_segments_of(work.get(a))) & _seg_keys(_segments_of(work.get(b)))

    def _snap_to_border(self, work: _Work, a: int, b: int, p: XY, tol: float) -> XY:
        shared = self._shared_segments(work, a, b)
        if not shared:
            raise GeometryError(f"zones {a} and {b} share no border")
        seg = np.array(sorted(shared))
        c, d = seg[:, :2], seg[:, 2:]
        cd = d - c
        t = np.clip(
            ((p[0] - c[:, 0]) * cd[:, 0] + (p[1] - c[:, 1]) * cd[:, 1]) / (cd * cd).sum(axis=1),
            0,
            1,
        )
        proj = c + t[:, None] * cd
        dist = np.hypot(proj[:, 0] - p[0], proj[:, 1] - p[1])
        i = int(np.argmin(dist))
        if dist[i] > tol:
            raise GeometryError(
                f"{_fmt(p)} is not on the border of zones {a} and {b} (within {tol:g})"
            )
        sc, sd = tuple(c[i].tolist()), tuple(d[i].tolist())
        for v in (sc, sd):
            if math.dist(v, proj[i]) <= max(tol, self.tol) and math.dist(v, p) <= tol:
                return v
        q = self._axis_snap(proj[i][None, :], c[i][None, :], d[i][None, :])[0]
        q = (float(q[0]), float(q[1]))
        if q in (sc, sd):
            return q
        work.insert_on_segment(sc, sd, [q])
        return q

    def reshape_border(
        self, a: int, b: int, line, tol: float | None = None, *, dry_run: bool = False
    ) -> ChangeSet:
        """Replace the part of the border of zones ``a`` and ``b`` between the line's
        first and last points (snapped onto that border within ``tol``) by the line;
        the area between the old and the new border changes hands."""
        ga, gb = self._zone(a), self._zone(b)
        if a == b:
            raise GeometryError("reshaping needs two different zones")
        tol = self.tol * 1000 if tol is None else tol
        coords = _line_coords(line)
        work = _Work(self)
        p = self._snap_to_border(work, a, b, _xy(coords[0]), tol)
        q = self._snap_to_border(work, a, b, _xy(coords[-1]), tol)
        if p == q:
            raise GeometryError("the new border must start and end at different points")
        coords = np.vstack([[p], coords[1:-1], [q]])
        coords = _line_coords(coords)
        new_line = LineString(coords)
        if not new_line.is_simple:
            raise GeometryError("the new border crosses itself")
        pa, pb = work.get(a), work.get(b)
        ua = _build(pa)
        ub = _build(pb)
        both = _union([ua, ub])
        # the line's interior inside the two zones, its ends anywhere but outside
        if not shapely.relate_pattern(new_line, both, "1FF**F***"):
            raise GeometryError(f"the new border must stay inside zones {a} and {b}")
        # the run of the a-b border from p to q, walking a's rings
        shared = self._shared_segments(work, a, b)
        section = self._border_section(pa, shared, p, q)
        remaining = shared - section
        if remaining:
            rem = shapely.multilinestrings(
                shapely.linestrings(np.array(sorted(remaining)).reshape(-1, 2, 2))
            )
            if not shapely.relate_pattern(new_line, rem, "FF*******"):
                raise GeometryError("the new border crosses the rest of the old border")
        seg_a = _canonical(_segments_of(pa))
        seg_b = _canonical(_segments_of(pb))
        keys_a = set(map(tuple, seg_a.tolist())) - shared
        keys_b = set(map(tuple, seg_b.tolist())) - shared
        line_seg = np.hstack([coords[:-1], coords[1:]])
        lw = [np.array(sorted(keys_a | keys_b | remaining)).reshape(-1, 4), line_seg]
        faces = _faces(lw)
        faces = [f for f, ok in zip(faces, _inside(both, faces), strict=True) if ok]
        face_a, face_b = [], []
        for f in faces:
            fk = _seg_keys(_segments_of(_parts(f)))
            in_a, in_b = bool(fk & keys_a), bool(fk & keys_b)
            if in_a == in_b:
                raise GeometryError("the new border must divide the two zones into one side each")
            (face_a if in_a else face_b).append(f)
        if not face_a or not face_b:
            raise GeometryError(f"the new border would remove zone {a if not face_a else b}")
        na, nb = _union(face_a), _union(face_b)
        for zid, old, new in ((a, ga, na), (b, gb, nb)):
            if len(shapely.get_parts(new)) > len(shapely.get_parts(old)):
                raise GeometryError(f"the new border would cut zone {zid} in pieces")
        if abs(na.area + nb.area - ga.area - gb.area) > 1e-9 * max(ga.area + gb.area, 1.0):
            raise GeometryError("the new border would not conserve the zones' area")
        cs = work.changeset()
        cs.modified[a] = (ga, na)
        cs.modified[b] = (gb, nb)
        pts = np.vstack([coords, np.array(sorted(section)).reshape(-1, 2)])
        window = (*pts.min(axis=0), *pts.max(axis=0))
        return self._finish(cs, window, dry_run, "reshape border")

    @staticmethod
    def _border_section(parts, shared, p: XY, q: XY) -> set[tuple[float, ...]]:
        """Canonical segments of the shared border between vertices p and q, found on a
        ring of one zone (the shorter way when the border is a closed ring)."""
        best: set[tuple[float, ...]] | None = None
        best_len = math.inf
        for rings in parts:
            for ring in rings:
                n = len(ring) - 1
                pts = list(map(tuple, ring[:-1].tolist()))
                seg = [
                    (pts[i] + pts[(i + 1) % n])
                    if pts[i] <= pts[(i + 1) % n]
                    else (pts[(i + 1) % n] + pts[i])
                    for i in range(n)
                ]
                on = [s in shared for s in seg]
                if p not in pts or q not in pts:
                    continue
                for ip in [i for i, v in enumerate(pts) if v == p]:
                    for step in (1, -1):
                        chosen: set[tuple[float, ...]] = set()
                        length = 0.0
                        i = ip
                        for _ in range(n):
                            si = i if step == 1 else (i - 1) % n
                            if not on[si]:
                                break
                            chosen.add(seg[si])
                            length += math.dist(seg[si][:2], seg[si][2:])
                            i = (i + step) % n
                            if pts[i] == q:
                                if length < best_len:
                                    best, best_len = set(chosen), length
                                break
        if best is None:
            raise GeometryError(
                f"{_fmt(p)} and {_fmt(q)} are not on one continuous stretch of the border"
            )
        return best

    def add_zone(
        self, ring, zone_id: int | None = None, *, repair: bool = False, dry_run: bool = False
    ) -> ChangeSet:
        """Add a zone drawn as a ring (or polygon), clipped to the frame and to the
        existing zones (it only takes unassigned area). A self-intersecting ring is
        rejected with the reason, or repaired with ``repair=True``."""
        if isinstance(ring, BaseGeometry) and ring.geom_type in _POLYGONAL:
            poly = ring
        else:
            try:
                coords = _line_coords(ring, closed=True)
            except GeometryError as exc:
                raise GeometryError(f"the drawn outline is unusable: {exc}") from None
            if len(coords) < 3:
                raise GeometryError("a zone needs at least three points")
            poly = Polygon(coords)
        info = {}
        if not poly.is_valid:
            reason = shapely.is_valid_reason(poly)
            if not repair:
                raise GeometryError(f"the drawn outline is invalid: {reason}")
            fixed = shapely.make_valid(poly)
            polys = [g for g in shapely.get_parts(fixed) if g.geom_type in _POLYGONAL]
            polys = [p for g in polys for p in shapely.get_parts(g)]
            if not polys:
                raise GeometryError(f"the drawn outline cannot be repaired: {reason}")
            poly = _union(polys) if len(polys) > 1 else polys[0]
            if not poly.is_valid:
                poly = shapely.make_valid(poly)
            info["repaired"] = reason
        if self.frame is not None:
            poly = shapely.intersection(poly, shapely.box(*self.frame))
            polys = [p for p in shapely.get_parts(poly) if p.geom_type == "Polygon"]
            if not polys:
                raise GeometryError("the new zone lies outside the map frame")
            poly = polys[0] if len(polys) == 1 else MultiPolygon(polys)
        zone_id = self.next_id() if zone_id is None else int(zone_id)
        if zone_id in self._geoms:
            raise GeometryError(f"zone {zone_id} already exists")
        x0, y0, x1, y1 = poly.bounds
        t = self.tol * 10
        cands = self.query_bbox(x0 - t, y0 - t, x1 + t, y1 + t)
        cands = [z for z in cands if shapely.dwithin(self._geoms[z], poly, t)]
        work = _Work(self)
        rings = [shapely.get_coordinates(r) for r in polygon_rings(np.array([poly]))[0]]
        if cands:
            noded, _hits = self._node_lines(work, rings, cands)
        else:
            noded = rings
        segs = [np.hstack([r[:-1], r[1:]]) for r in noded]
        segs += [_segments_of(work.get(z)) for z in cands]
        faces = _faces(segs)
        ok = _inside(poly, faces)
        if cands and faces:
            pts = shapely.get_coordinates(shapely.point_on_surface(np.array(faces, dtype=object)))
            for z in cands:
                ok &= ~shapely.contains_xy(work.geom(z), pts[:, 0], pts[:, 1])
        faces = [f for f, keep in zip(faces, ok, strict=True) if keep]
        if not faces:
            raise GeometryError("the new zone would be empty: it lies inside existing zones")
        cs = work.changeset()
        cs.created[zone_id] = _union(faces)
        cs.info.update(info)
        return self._finish(cs, (x0, y0, x1, y1), dry_run, "add zone")

    def delete_zone(self, zid: int, *, dry_run: bool = False) -> ChangeSet:
        """Remove a zone, leaving its area unassigned (a hole :meth:`fill_hole` fills)."""
        cs = ChangeSet(deleted={zid: self._zone(zid)}, label="delete zone")
        if not dry_run:
            self.apply(cs, check=False)
        return cs

    def fill_hole(self, p, zone_id: int | None = None, *, dry_run: bool = False) -> ChangeSet:
        """Add a zone filling the unassigned area (a hole between zones, or between
        zones and the frame) that contains point ``p``."""
        p = _xy(p)
        for z in self.query_bbox(p[0], p[1], p[0], p[1]):
            if shapely.contains_xy(self._geoms[z], *p) or shapely.intersects_xy(
                self._geoms[z].boundary, *p
            ):
                raise GeometryError(f"{_fmt(p)} is not in an unassigned area (zone {z})")
        seg = np.concatenate(
            [_segments_of(_parts(g)) for g in self._geoms.values()] or [np.empty((0, 4))]
        )
        can = _canonical(seg)
        uniq, counts = np.unique(can, axis=0, return_counts=True)
        free = [uniq[counts == 1]]
        if self.frame is not None:
            fx0, fy0, fx1, fy1 = self.frame
            verts = np.unique(free[0].reshape(-1, 2), axis=0) if len(free[0]) else np.empty((0, 2))
            corners = [(fx0, fy0), (fx1, fy0), (fx1, fy1), (fx0, fy1)]
            for k in range(4):
                c, d = np.array(corners[k]), np.array(corners[(k + 1) % 4])
                axis = 1 if c[1] == d[1] else 0
                lo, hi = sorted((c[1 - axis], d[1 - axis]))
                on = verts[
                    (verts[:, axis] == c[axis])
                    & (verts[:, 1 - axis] > lo)
                    & (verts[:, 1 - axis] < hi)
                ]
                line = np.vstack([c, on, d]) if len(on) else np.vstack([c, d])
                order = np.argsort(line[:, 1 - axis], kind="stable")
                line = line[order]
                free.append(np.hstack([line[:-1], line[1:]]))
        faces = _faces(free)
        hit = [f for f in faces if shapely.contains_xy(f, *p)]
        if not hit:
            raise GeometryError(f"{_fmt(p)} is not inside a closed unassigned area")
        face = min(hit, key=lambda f: f.area)
        zone_id = self.next_id() if zone_id is None else int(zone_id)
        if zone_id in self._geoms:
            raise GeometryError(f"zone {zone_id} already exists")
        cs = ChangeSet(created={zone_id: face})
        return self._finish(cs, None, dry_run, "fill hole")

    def simplify(
        self,
        tolerance: float,
        ids: Iterable[int] | None = None,
        *,
        simplify_boundary: bool = False,
        dry_run: bool = False,
    ) -> ChangeSet:
        """Simplify borders (``shapely.coverage_simplify``) keeping shared borders
        shared. With ``ids`` only those zones change; their borders with other zones and
        (unless ``simplify_boundary``) the outer boundary stay as they are.
        ``cs.info`` has ``vertices_before`` and ``vertices_after``."""
        ids = sorted(self._geoms if ids is None else set(ids))
        for i in ids:
            self._zone(i)
        arr = np.array([self._geoms[i] for i in ids], dtype=object)
        before = vertex_count(arr)
        out = shapely.coverage_simplify(arr, tolerance, simplify_boundary=simplify_boundary)
        cs = ChangeSet()
        for i, old, new in zip(ids, arr, out, strict=True):
            if not _same(old, new):
                cs.modified[i] = (old, new)
        after = (
            before
            - vertex_count(m[0] for m in cs.modified.values())
            + vertex_count(m[1] for m in cs.modified.values())
        )
        cs.info.update(vertices_before=before, vertices_after=after)
        if cs.modified and not shapely.coverage_is_valid(out):
            raise GeometryError("simplifying would break the coverage; use a smaller tolerance")
        return self._finish(cs, None, dry_run, "simplify")

    def partition_zone(
        self,
        zid: int,
        n: int,
        *,
        seed: int = 0,
        new_ids: Sequence[int] | None = None,
        samples: int = 2000,
        dry_run: bool = False,
    ) -> ChangeSet:
        """Partition zone ``zid`` into ``n`` zones around k-means seeds (Voronoi cells
        clipped to the zone): the sea-zone generator. The zone keeps the first piece in
        reading order (top to bottom, left to right); ``cs.info["order"]`` lists all
        ids in that order."""
        geom = self._zone(zid)
        if n < 1:
            raise GeometryError("the number of zones must be at least 1")
        if n == 1:
            return ChangeSet(label="partition zone", info={"order": [zid]})
        seeds = kmeans_seeds(geom, n, seed=seed, samples=samples)
        x0, y0, x1, y1 = geom.bounds
        pad = max(x1 - x0, y1 - y0)
        frame = shapely.box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        edges = shapely.voronoi_polygons(
            shapely.multipoints(seeds), extend_to=frame, only_edges=True
        )
        lines = [shapely.get_coordinates(e) for e in shapely.get_parts(edges)]
        work = _Work(self)
        faces, _zone_now, _w = self._cut_faces(work, zid, lines)
        pts = shapely.get_coordinates(shapely.point_on_surface(np.array(faces, dtype=object)))
        owner = np.argmin(((pts[:, None, :] - seeds[None, :, :]) ** 2).sum(axis=2), axis=1)
        groups = _regroup_detached(faces, owner, seeds)
        pieces = [_union(fs) for fs in groups if fs]
        band = (y1 - y0) / max(1, round(math.sqrt(len(pieces))))
        labels = [shapely.get_coordinates(shapely.point_on_surface(p))[0] for p in pieces]
        order = sorted(
            range(len(pieces)), key=lambda i: (int((labels[i][1] - y0) // band), labels[i][0])
        )
        ids = [zid] + list(new_ids or [])
        nxt = self.next_id()
        while len(ids) < len(pieces):
            while nxt in self._geoms or nxt in ids:
                nxt += 1
            ids.append(nxt)
        cs = work.changeset()
        for k, i in enumerate(order):
            if k == 0:
                cs.modified[zid] = (geom, pieces[i])
            else:
                if ids[k] in self._geoms:
                    raise GeometryError(f"zone {ids[k]} already exists")
                cs.created[ids[k]] = pieces[i]
                cs.sources[ids[k]] = zid
        cs.info["order"] = ids[: len(pieces)]
        return self._finish(cs, geom.bounds, dry_run, "partition zone")


def kmeans_seeds(
    geom: BaseGeometry, n: int, *, seed: int = 0, samples: int = 2000, iterations: int = 25
) -> np.ndarray:
    """``n`` well-spread points inside ``geom``: k-means of uniform random samples."""
    rng = np.random.default_rng(seed)
    x0, y0, x1, y1 = geom.bounds
    pts = np.empty((0, 2))
    samples = max(samples, 20 * n)
    for _ in range(50):
        cand = rng.uniform((x0, y0), (x1, y1), size=(samples, 2))
        pts = np.vstack([pts, cand[shapely.contains_xy(geom, cand[:, 0], cand[:, 1])]])
        if len(pts) >= samples:
            break
    if len(pts) < n:
        raise GeometryError(f"the zone is too small to hold {n} zones")
    pts = pts[:samples]
    centres = pts[rng.choice(len(pts), size=n, replace=False)]
    for _ in range(iterations):
        lab = np.argmin(((pts[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2), axis=1)
        new = np.array(
            [pts[lab == k].mean(axis=0) if (lab == k).any() else centres[k] for k in range(n)]
        )
        if np.allclose(new, centres):
            break
        centres = new
    # a centre must lie inside (a concave zone can pull the mean outside)
    inside = shapely.contains_xy(geom, centres[:, 0], centres[:, 1])
    for k in np.flatnonzero(~inside):
        d = ((pts - centres[k]) ** 2).sum(axis=1)
        centres[k] = pts[int(np.argmin(d))]
    if len(np.unique(centres, axis=0)) < n:
        raise GeometryError(f"could not place {n} distinct seeds in the zone")
    return centres


def _regroup_detached(faces, owner: np.ndarray, seeds: np.ndarray) -> list[list[Polygon]]:
    """Faces grouped by seed; a detached bit of a group that does not hold its seed
    joins the neighbouring group it shares the longest border with."""
    groups: list[list[int]] = [[] for _ in range(len(seeds))]
    for i, k in enumerate(owner.tolist()):
        groups[k].append(i)
    keys = [_seg_keys(_segments_of(_parts(f))) for f in faces]
    owner = owner.copy()
    for k in range(len(seeds)):
        if len(groups[k]) < 2:
            continue
        union = _union([faces[i] for i in groups[k]])
        if union.geom_type != "MultiPolygon":
            continue
        sx, sy = seeds[k]
        for part in shapely.get_parts(union):
            if shapely.contains_xy(part, sx, sy) or shapely.intersects_xy(part, sx, sy):
                continue
            members = [i for i in groups[k] if part.covers(faces[i].point_on_surface())]
            mk = set().union(*(keys[i] for i in members))
            best, best_len = None, 0.0
            for j in range(len(faces)):
                if owner[j] == k:
                    continue
                common = mk & keys[j]
                length = sum(math.dist(s[:2], s[2:]) for s in common)
                if length > best_len:
                    best, best_len = int(owner[j]), length
            if best is not None:
                for i in members:
                    owner[i] = best
    out: list[list[Polygon]] = [[] for _ in range(len(seeds))]
    for i, k in enumerate(owner.tolist()):
        out[k].append(faces[i])
    return out
