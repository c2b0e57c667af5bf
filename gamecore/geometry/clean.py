"""Cleaning foreign polygons (imports) into a valid coverage, reporting every change.

The linework of all zones (and the frame) is noded once and polygonized into faces, so
every output border is made of identical vertices on both sides. Each face is then
given to one zone:

- a face inside exactly one zone stays with it;
- a face inside several zones (an overlap) goes, when land and water zones overlap, to
  the land (islands are cut out of the sea zone drawn under them); otherwise a thin
  overlap (no wider than ``gap_width``) goes to the zone it shares the longest border
  with, a wide one to the smallest zone (the one drawn on top);
- a face inside no zone (a gap) goes, when no wider than ``gap_width``, to the zone it
  shares the longest border with; wider gaps stay unassigned and are reported;
- finally, detached bits of a zone smaller than ``sliver_area`` join the neighbour
  they share the longest border with.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from gamecore.errors import GeometryError
from gamecore.geometry.adjacency import array_segments, segment_lengths
from gamecore.geometry.changeset import ChangeSet
from gamecore.geometry.coverage import _union

__all__ = ["CleanChange", "CleanReport", "clean_polygons"]

XY = tuple[float, float]
WATER = ("sea", "lake")


@dataclass
class CleanChange:
    """One change made by :func:`clean_polygons`.

    ``kind``: "repaired" (invalid polygon fixed), "empty" (zone with no area left,
    removed), "outside_frame" (area outside the frame dropped), "island_cut" (land
    overlapping water kept by the land), "overlap" (overlap given to one zone),
    "gap_filled", "gap_left" (a gap wider than the tolerance, left unassigned),
    "sliver" (a small detached bit moved to a neighbour)."""

    kind: str
    zones: tuple[int, ...]
    area: float
    where: XY | None
    message: str


@dataclass
class CleanReport:
    geoms: dict[int, BaseGeometry]
    changes: list[CleanChange] = field(default_factory=list)
    changeset: ChangeSet = field(default_factory=ChangeSet)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for c in self.changes:
            out[c.kind] = out.get(c.kind, 0) + 1
        return out


def _polygonal(g: BaseGeometry) -> BaseGeometry | None:
    parts = [p for p in shapely.get_parts(g) if p.geom_type in ("Polygon", "MultiPolygon")]
    polys = [q for p in parts for q in shapely.get_parts(p) if not q.is_empty]
    if not polys:
        return None
    return polys[0] if len(polys) == 1 else MultiPolygon(polys)


def _where(g: BaseGeometry) -> XY:
    p = g.representative_point()
    return (round(p.x, 6), round(p.y, 6))


def _normalized_equal(a: BaseGeometry, b: BaseGeometry) -> bool:
    return a is b or bool(shapely.equals_exact(shapely.normalize(a), shapely.normalize(b), 0))


@dataclass
class _Comps:
    """Connected groups of faces: ``index`` (group per face, -1 = none), ``members``."""

    index: np.ndarray
    members: list[list[int]]


@dataclass
class _Faces:
    faces: np.ndarray
    areas: np.ndarray
    length: np.ndarray
    xy: np.ndarray
    pa: np.ndarray
    pb: np.ndarray
    plen: np.ndarray
    gap_width: float

    def components(self, mask: np.ndarray, key: np.ndarray | None) -> _Comps:
        """Groups of ``mask`` faces connected through shared borders (and with equal
        ``key``), by label propagation."""
        nf = len(mask)
        pa, pb = self.pa, self.pb
        use = mask[pa] & mask[pb]
        if key is not None:
            use &= key[pa] == key[pb]
        a, b = pa[use], pb[use]
        label = np.arange(nf)
        while len(a):
            la, lb = label[a], label[b]
            if (la == lb).all():
                break
            m = np.minimum(la, lb)
            np.minimum.at(label, a, m)
            np.minimum.at(label, b, m)
            label = label[label]
        faces_in = np.flatnonzero(mask)
        if len(faces_in) == 0:
            return _Comps(np.full(nf, -1, dtype=np.int64), [])
        roots, inv = np.unique(label[faces_in], return_inverse=True)
        index = np.full(nf, -1, dtype=np.int64)
        index[faces_in] = inv.ravel()
        order = np.argsort(index[faces_in], kind="stable")
        sorted_faces = faces_in[order].tolist()
        cuts = (np.flatnonzero(np.diff(index[faces_in[order]])) + 1).tolist()
        bounds = zip([0, *cuts], [*cuts, len(sorted_faces)], strict=True)
        return _Comps(index, [sorted_faces[i:j] for i, j in bounds])

    def measure(self, comps: _Comps) -> tuple[list[float], np.ndarray, list[XY]]:
        """Width, area and a point inside each group. The width estimate
        2*area/perimeter lies between D/2 and D (D: diameter of the largest inscribed
        circle); the circle itself is computed only when that does not decide."""
        n = len(comps.members)
        if n == 0:
            return [], np.zeros(0), []
        idx = comps.index
        f = np.flatnonzero(idx >= 0)
        area = np.bincount(idx[f], weights=self.areas[f], minlength=n)
        perim = np.bincount(idx[f], weights=self.length[f], minlength=n)
        internal = (idx[self.pa] >= 0) & (idx[self.pa] == idx[self.pb])
        perim -= 2 * np.bincount(idx[self.pa[internal]], weights=self.plen[internal], minlength=n)
        o = np.lexsort((-self.areas[f], idx[f]))
        fo = f[o]
        firsts = np.r_[0, np.flatnonzero(np.diff(idx[fo])) + 1]
        big = fo[firsts]
        where = [(x, y) for x, y in self.xy[big].tolist()]
        with np.errstate(divide="ignore", invalid="ignore"):
            est = np.where(perim > 0, 2 * area / perim, 0.0)
        widths = est.tolist()
        g = self.gap_width
        if g > 0:
            for c in np.flatnonzero((est <= g) & (g < 2 * est)).tolist():
                geom = _union(list(self.faces[comps.members[c]]))
                r = shapely.maximum_inscribed_circle(geom, max(g / 20, 1e-9)).length
                widths[c] = 2 * r
        return widths, area, where

    def borders(self, comps: _Comps, owner: np.ndarray) -> dict[int, dict[int, float]]:
        """{group: {zone: length of border with faces that zone owns}}."""
        idx = comps.index
        a = np.r_[self.pa, self.pb]
        b = np.r_[self.pb, self.pa]
        length = np.r_[self.plen, self.plen]
        m = (idx[a] >= 0) & (idx[b] != idx[a]) & (owner[b] >= 0)
        c, z, length = idx[a[m]], owner[b[m]], length[m]
        out: dict[int, dict[int, float]] = {}
        if len(c) == 0:
            return out
        base = int(z.max()) + 1
        codes, inv = np.unique(c * base + z, return_inverse=True)
        sums = np.bincount(inv.ravel(), weights=length, minlength=len(codes))
        for code, total in zip(codes.tolist(), sums.tolist(), strict=True):
            out.setdefault(code // base, {})[code % base] = total
        return out


def clean_polygons(
    geoms: Mapping[int, BaseGeometry],
    *,
    gap_width: float = 0.0,
    sliver_area: float | None = None,
    kinds: Mapping[int, str] | None = None,
    frame: tuple[float, float, float, float] | None = None,
    check: bool = False,
) -> CleanReport:
    """Turn imported polygons into a valid coverage (see the module doc). ``kinds``
    maps zone id -> zone kind ("land", "sea", ...); ``frame`` clips to the map frame and
    makes gaps along it fillable. ``sliver_area`` defaults to ``gap_width ** 2``.
    The result is a valid coverage by construction; ``check`` verifies it anyway."""
    kinds = dict(kinds or {})
    if sliver_area is None:
        sliver_area = gap_width**2
    changes: list[CleanChange] = []
    src: dict[int, BaseGeometry] = {}
    for zid, g in geoms.items():
        if g is None or g.is_empty:
            changes.append(CleanChange("empty", (zid,), 0.0, None, f"zone {zid} has no area"))
            continue
        if g.geom_type not in ("Polygon", "MultiPolygon"):
            raise GeometryError(f"zone {zid}: a zone must be a polygon, not a {g.geom_type}")
        if not g.is_valid:
            reason = shapely.is_valid_reason(g)
            fixed = _polygonal(shapely.make_valid(g))
            changes.append(CleanChange("repaired", (zid,), 0.0, _where(g), f"zone {zid}: {reason}"))
            if fixed is None:
                changes.append(CleanChange("empty", (zid,), 0.0, None, f"zone {zid} has no area"))
                continue
            g = fixed
        src[zid] = g
    ids = sorted(src)
    if not ids:
        return CleanReport(
            {}, changes, ChangeSet(deleted={z: g for z, g in geoms.items() if g is not None})
        )
    arr = np.array([src[z] for z in ids], dtype=object)
    # 1. faces of the noded linework
    lines = list(shapely.get_parts(shapely.boundary(arr)))
    if frame is not None:
        lines.append(shapely.LineString(shapely.box(*frame).exterior.coords))
    linework = shapely.node(shapely.multilinestrings(lines))
    faces = np.array(
        shapely.get_parts(shapely.polygonize(shapely.get_parts(linework))), dtype=object
    )
    nf = len(faces)
    pts = shapely.point_on_surface(faces)
    areas = shapely.area(faces)
    tree = shapely.STRtree(arr)
    fi, zi = tree.query(pts, predicate="within")
    ids_arr = np.asarray(ids, dtype=np.int64)
    order = np.lexsort((zi, fi))
    fi_s, zi_s = fi[order], zi[order]
    nzones = np.bincount(fi, minlength=nf)
    start = np.searchsorted(fi_s, np.arange(nf))

    def zones_of(f: int) -> list[int]:
        return ids_arr[zi_s[start[f] : start[f] + nzones[f]]].tolist()

    inside_frame = np.ones(nf, dtype=bool)
    if frame is not None:
        xy = shapely.get_coordinates(pts)
        inside_frame = (
            (xy[:, 0] > frame[0])
            & (xy[:, 0] < frame[2])
            & (xy[:, 1] > frame[1])
            & (xy[:, 1] < frame[3])
        )
        out_area: dict[int, float] = {}
        for f in np.flatnonzero(~inside_frame).tolist():
            for z in zones_of(f):
                out_area[z] = out_area.get(z, 0.0) + float(areas[f])
        for z, a in sorted(out_area.items()):
            changes.append(
                CleanChange(
                    "outside_frame",
                    (z,),
                    a,
                    None,
                    f"zone {z}: {a:.6g} outside the map frame dropped",
                )
            )
    # 2. face adjacency (faces share identical segments)
    seg, owner_face = array_segments(faces, np.arange(nf, dtype=np.int64))
    lengths, _single = segment_lengths(seg, owner_face)
    if lengths:
        pair_arr = np.array(list(lengths.keys()), dtype=np.int64)
        pa, pb = pair_arr[:, 0], pair_arr[:, 1]
        plen = np.fromiter(lengths.values(), dtype=float, count=len(lengths))
    else:
        pa = pb = np.empty(0, dtype=np.int64)
        plen = np.empty(0)
    owner = np.full(nf, -1, dtype=np.int64)
    single = inside_frame & (nzones == 1)
    owner[single] = ids_arr[zi_s[start[single]]]
    zone_area = {z: src[z].area for z in ids}
    face_len = shapely.length(faces)
    face_xy = shapely.get_coordinates(pts)
    ctx = _Faces(faces, areas, face_len, face_xy, pa, pb, plen, gap_width)

    # 3. overlaps
    over = inside_frame & (nzones >= 2)
    # one key per set of zones: a pair code for two zones, a fresh number for more
    nz = len(ids)
    zkey = np.full(nf, -1, dtype=np.int64)
    two = np.flatnonzero(nzones == 2)
    zkey[two] = zi_s[start[two]] * nz + zi_s[start[two] + 1]
    set_ids: dict[tuple[int, ...], int] = {}
    for f in np.flatnonzero(nzones >= 3).tolist():
        key = tuple(zones_of(f))
        zkey[f] = nz * nz + set_ids.setdefault(key, len(set_ids))
    comps = ctx.components(over, zkey)
    widths, carea, where = ctx.measure(comps)
    borders = ctx.borders(comps, owner)
    for c, members in enumerate(comps.members):
        zs = zones_of(members[0])
        w, area = widths[c], float(carea[c])
        cands = zs
        kind = "overlap"
        if kinds and w > gap_width:
            land = [z for z in zs if kinds.get(z, "land") not in WATER]
            if land and len(land) < len(zs):
                cands, kind = land, "island_cut"
        if len(cands) == 1:
            win = cands[0]
        elif w <= gap_width:
            bw = borders.get(c, {})
            if len(cands) == 2:
                a, b = cands
                la, lb = bw.get(a, 0.0), bw.get(b, 0.0)
                if la != lb:
                    win = a if la > lb else b
                else:
                    win = a if (zone_area[a], a) <= (zone_area[b], b) else b
            else:
                win = max(cands, key=lambda z: (bw.get(z, 0.0), -zone_area[z], -z))
        else:
            win = min(cands, key=lambda z: (zone_area[z], z))
        owner[members] = win
        losers = [z for z in zs if z != win]
        verb = "cut out of" if kind == "island_cut" else "removed from"
        changes.append(
            CleanChange(
                kind,
                (win, *losers),
                area,
                where[c],
                f"overlap of {area:.6g} kept by zone {win}, {verb} zone(s) "
                + ", ".join(map(str, losers)),
            )
        )
    # 4. gaps
    gaps = inside_frame & (nzones == 0)
    comps = ctx.components(gaps, None)
    widths, carea, where = ctx.measure(comps)
    borders = ctx.borders(comps, owner)
    for c, members in enumerate(comps.members):
        w, area = widths[c], float(carea[c])
        bw = borders.get(c, {})
        if gap_width > 0 and w <= gap_width and bw:
            if len(bw) == 1:
                (win,) = bw
            else:
                win = max(bw, key=lambda z: (bw[z], -z))
            owner[members] = win
            changes.append(
                CleanChange(
                    "gap_filled",
                    (win, *sorted(set(bw) - {win})),
                    area,
                    where[c],
                    f"gap of {area:.6g} (width {w:.3g}) given to zone {win}",
                )
            )
        else:
            changes.append(
                CleanChange(
                    "gap_left",
                    tuple(sorted(bw)),
                    area,
                    where[c],
                    f"unassigned area of {area:.6g} (width {w:.3g}) left as it is",
                )
            )
    # 5. slivers: small detached bits of a zone join a neighbour
    if sliver_area > 0:
        comps = ctx.components(owner >= 0, owner)
        carea = np.bincount(
            comps.index[comps.index >= 0],
            weights=areas[comps.index >= 0],
            minlength=len(comps.members),
        )
        by_zone: dict[int, list[int]] = {}
        for c, members in enumerate(comps.members):
            by_zone.setdefault(int(owner[members[0]]), []).append(c)
        small = [
            c
            for zcs in by_zone.values()
            if len(zcs) > 1
            for c in sorted(zcs, key=lambda c: -carea[c])[1:]
            if carea[c] < sliver_area
        ]
        if small:
            sub = np.full(nf, -1, dtype=np.int64)
            members_of = {}
            for k, c in enumerate(small):
                sub[comps.members[c]] = k
                members_of[k] = comps.members[c]
            borders = ctx.borders(_Comps(sub, [members_of[k] for k in range(len(small))]), owner)
            for k, c in enumerate(small):
                z = int(owner[members_of[k][0]])
                bw = {o: v for o, v in borders.get(k, {}).items() if o != z}
                if not bw:
                    continue
                win = max(bw, key=lambda o: (bw[o], -o))
                owner[members_of[k]] = win
                big = max(members_of[k], key=lambda f: areas[f])
                changes.append(
                    CleanChange(
                        "sliver",
                        (z, win),
                        float(carea[c]),
                        (float(face_xy[big, 0]), float(face_xy[big, 1])),
                        f"sliver of zone {z} ({carea[c]:.6g}) given to zone {win}",
                    )
                )
    # 6. assemble
    faces_of: dict[int, list[Polygon]] = {}
    for f in np.flatnonzero(owner >= 0).tolist():
        faces_of.setdefault(int(owner[f]), []).append(faces[f])
    out: dict[int, BaseGeometry] = {}
    cs = ChangeSet(label="clean")
    for z in ids:
        fs = faces_of.get(z)
        if not fs:
            changes.append(
                CleanChange("empty", (z,), 0.0, None, f"zone {z} lost all its area and was removed")
            )
            cs.deleted[z] = geoms[z]
            continue
        new = _union(fs)
        if _normalized_equal(new, geoms[z]):
            new = geoms[z]
        else:
            cs.modified[z] = (geoms[z], new)
        out[z] = new
    for z, g in geoms.items():
        if z not in src and g is not None:
            cs.deleted[z] = g
    result = np.array(list(out.values()), dtype=object)
    if not shapely.is_valid(result).all() or (
        check and len(result) and not shapely.coverage_is_valid(result)
    ):
        raise GeometryError("cleaning did not produce a valid coverage (input too degenerate)")
    cs.info["changes"] = len(changes)
    return CleanReport(out, changes, cs)
