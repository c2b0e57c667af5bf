"""The working copy of an operation (:class:`_Work`); the zones of a coverage and their
indexes (vertices, segments, bounding boxes), adjacency, read access and applying change
sets: the base of :class:`Coverage`."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Self

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.adjacency import (
    border_lengths,
    canonical_segments,
    hashed_lengths,
    wrap_pairs,
    zone_segments,
)
from gamecore.geometry.changeset import ChangeSet, _same
from gamecore.geometry.coverage.parts import (
    _POLYGONAL,
    XY,
    _build,
    _fmt,
    _has_vertex,
    _parts,
    _xy,
    vertex_count,
)

# -- the working copy of an operation -------------------------------------------------


class _Work:
    """Ring arrays of the zones an operation touches, edited in place, then diffed."""

    def __init__(self, cov: _CoverageStore):
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


class _CoverageStore:
    """The zones of a :class:`Coverage`, their vertex, segment and bounding-box indexes,
    adjacency, read access, and applying (and checking) change sets."""

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
    def from_map(cls, m, **kwargs) -> Self:
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

    def copy(self) -> Self:
        new = type(self).__new__(type(self))
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
