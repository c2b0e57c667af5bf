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
from gamecore.geometry.adjacency import segment_lengths, zone_segments
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


class _DSU:
    def __init__(self, n: int):
        self.p = list(range(n))

    def find(self, i: int) -> int:
        p = self.p
        while p[i] != i:
            p[i] = p[p[i]]
            i = p[i]
        return i

    def union(self, a: int, b: int) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.p[max(ra, rb)] = min(ra, rb)


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


def clean_polygons(
    geoms: Mapping[int, BaseGeometry],
    *,
    gap_width: float = 0.0,
    sliver_area: float | None = None,
    kinds: Mapping[int, str] | None = None,
    frame: tuple[float, float, float, float] | None = None,
) -> CleanReport:
    """Turn imported polygons into a valid coverage (see the module doc). ``kinds``
    maps zone id -> zone kind ("land", "sea", ...); ``frame`` clips to the map frame and
    makes gaps along it fillable. ``sliver_area`` defaults to ``gap_width ** 2``."""
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
    face_zones: list[list[int]] = [[] for _ in range(nf)]
    for f, z in zip(fi.tolist(), zi.tolist(), strict=True):
        face_zones[f].append(ids[z])
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
            for z in face_zones[f]:
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
    seg, owner_face = zone_segments({i: f for i, f in enumerate(faces)})
    lengths, _single = segment_lengths(seg, owner_face)
    nbrs: list[dict[int, float]] = [{} for _ in range(nf)]
    for (a, b), length in lengths.items():
        nbrs[a][b] = length
        nbrs[b][a] = length
    owner = np.full(nf, -1, dtype=np.int64)
    for f in range(nf):
        if inside_frame[f] and len(face_zones[f]) == 1:
            owner[f] = face_zones[f][0]
    zone_area = {z: src[z].area for z in ids}

    def components(mask_faces: list[int], same) -> list[list[int]]:
        dsu = _DSU(nf)
        members = set(mask_faces)
        for f in mask_faces:
            for g in nbrs[f]:
                if g in members and same(f, g):
                    dsu.union(f, g)
        groups: dict[int, list[int]] = {}
        for f in mask_faces:
            groups.setdefault(dsu.find(f), []).append(f)
        return list(groups.values())

    def border_with(comp: list[int], cands=None) -> dict[int, float]:
        members = set(comp)
        out: dict[int, float] = {}
        for f in comp:
            for g, length in nbrs[f].items():
                if g in members or owner[g] < 0:
                    continue
                z = int(owner[g])
                if cands is None or z in cands:
                    out[z] = out.get(z, 0.0) + length
        return out

    face_len = shapely.length(faces)
    face_xy = shapely.get_coordinates(pts)

    def measure(comp: list[int]) -> tuple[float, float, XY]:
        """(width, area, a point inside) of a group of faces. The width estimate
        2*area/perimeter lies between D/2 and D (D: diameter of the largest inscribed
        circle); the circle itself is computed only when that does not decide."""
        if len(comp) == 1:
            big = comp[0]
            area, perim = float(areas[big]), float(face_len[big])
        else:
            members = set(comp)
            area = float(sum(areas[f] for f in comp))
            perim = float(sum(face_len[f] for f in comp))
            perim -= sum(length for f in comp for g, length in nbrs[f].items() if g in members)
            big = max(comp, key=lambda f: areas[f])
        where = (round(float(face_xy[big, 0]), 6), round(float(face_xy[big, 1]), 6))
        est = 2 * area / perim if perim > 0 else 0.0
        if gap_width > 0 and est <= gap_width < 2 * est:
            geom = _union([faces[f] for f in comp])
            r = shapely.maximum_inscribed_circle(geom, max(gap_width / 20, 1e-9)).length
            return 2 * r, area, where
        return est, area, where

    # 3. overlaps
    over = [f for f in range(nf) if inside_frame[f] and len(face_zones[f]) >= 2]
    comps = components(over, lambda a, b: face_zones[a] == face_zones[b])
    comps.sort(key=lambda c: min(c))
    for comp in comps:
        zs = sorted(face_zones[comp[0]])
        w, area, where = measure(comp)
        cands = zs
        kind = "overlap"
        if kinds and w > gap_width:
            land = [z for z in zs if kinds.get(z, "land") not in WATER]
            if land and len(land) < len(zs):
                cands, kind = land, "island_cut"
        if len(cands) == 1:
            win = cands[0]
        elif w <= gap_width:
            bw = border_with(comp, set(cands))
            win = max(cands, key=lambda z: (bw.get(z, 0.0), -zone_area[z], -z))
        else:
            win = min(cands, key=lambda z: (zone_area[z], z))
        for f in comp:
            owner[f] = win
        losers = [z for z in zs if z != win]
        verb = "cut out of" if kind == "island_cut" else "removed from"
        changes.append(
            CleanChange(
                kind,
                (win, *losers),
                area,
                where,
                f"overlap of {area:.6g} kept by zone {win}, {verb} zone(s) "
                + ", ".join(map(str, losers)),
            )
        )
    # 4. gaps
    gaps = [f for f in range(nf) if inside_frame[f] and not face_zones[f]]
    comps = components(gaps, lambda a, b: True)
    comps.sort(key=lambda c: min(c))
    for comp in comps:
        w, area, where = measure(comp)
        bw = border_with(comp)
        if gap_width > 0 and w <= gap_width and bw:
            win = max(bw, key=lambda z: (bw[z], -z))
            for f in comp:
                owner[f] = win
            changes.append(
                CleanChange(
                    "gap_filled",
                    (win, *sorted(set(bw) - {win})),
                    area,
                    where,
                    f"gap of {area:.6g} (width {w:.3g}) given to zone {win}",
                )
            )
        else:
            changes.append(
                CleanChange(
                    "gap_left",
                    tuple(sorted(bw)),
                    area,
                    where,
                    f"unassigned area of {area:.6g} (width {w:.3g}) left as it is",
                )
            )
    # 5. slivers: small detached bits of a zone join a neighbour
    if sliver_area > 0:
        owned = [f for f in range(nf) if owner[f] >= 0]
        comps = components(owned, lambda a, b: owner[a] == owner[b])
        by_zone: dict[int, list[list[int]]] = {}
        for comp in comps:
            by_zone.setdefault(int(owner[comp[0]]), []).append(comp)
        for z, zcomps in sorted(by_zone.items()):
            if len(zcomps) < 2:
                continue
            zcomps.sort(key=lambda c: -sum(float(areas[f]) for f in c))
            for comp in zcomps[1:]:
                a = sum(float(areas[f]) for f in comp)
                if a >= sliver_area:
                    continue
                bw = {k: v for k, v in border_with(comp).items() if k != z}
                if not bw:
                    continue
                win = max(bw, key=lambda k: (bw[k], -k))
                for f in comp:
                    owner[f] = win
                _w, _a, where = measure(comp)
                changes.append(
                    CleanChange(
                        "sliver",
                        (z, win),
                        a,
                        where,
                        f"sliver of zone {z} ({a:.6g}) given to zone {win}",
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
    if len(result) and not (shapely.is_valid(result).all() and shapely.coverage_is_valid(result)):
        raise GeometryError("cleaning did not produce a valid coverage (input too degenerate)")
    cs.info["changes"] = len(changes)
    return CleanReport(out, changes, cs)
