""":class:`Coverage`: noding and the zone operations (split, merge, reshape, add, delete,
fill a hole, simplify, partition), and the k-means seeds of a partition."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.adjacency import (
    polygon_rings,
)
from gamecore.geometry.changeset import ChangeSet, _same
from gamecore.geometry.coverage.parts import (
    _POLYGONAL,
    XY,
    _build,
    _canonical,
    _faces,
    _fmt,
    _inside,
    _line_coords,
    _parts,
    _seg_keys,
    _segments_of,
    _union,
    _unique_segments,
    _xy,
    vertex_count,
)
from gamecore.geometry.coverage.store import _Work
from gamecore.geometry.coverage.vertices import _CoverageVertices


class Coverage(_CoverageVertices):
    """Zones as a polygonal coverage with exact shared vertices.

    ``frame``: (xmin, ymin, xmax, ymax) of the map; vertices on it only slide along it
    and no zone may leave it. ``wrap_x``: zones on the west and east edges of the frame
    are adjacent across the seam. ``eps``: minimum border length for adjacency.
    ``tol``: noding tolerance (defaults to 1e-9 of the extent), not the editor's snap
    distance (that one is given to :meth:`snap`)."""

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
        cs.info["relabel"] = [zid]  # its label point moves to the piece it keeps
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
        cs.info["relabel"] = [keep]  # its label point moves to the middle of the whole
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
