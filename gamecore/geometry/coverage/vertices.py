"""The frame, vertex operations (move, insert, delete), snapping and tracing along borders:
the middle class of :class:`Coverage`."""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from gamecore.errors import GeometryError
from gamecore.geometry.changeset import ChangeSet
from gamecore.geometry.coverage.parts import (
    XY,
    Snap,
    _fmt,
    _parts,
    _seg_keys,
    _segments_of,
    _unique_segments,
    _xy,
)
from gamecore.geometry.coverage.store import _CoverageStore, _Work


class _CoverageVertices(_CoverageStore):
    """The frame, vertex operations, snapping and tracing of a :class:`Coverage`."""

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
