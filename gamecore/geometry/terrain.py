"""Terrain by the roundel (Global War 1936-1945, seeds/000 §1.7).

"If the zone's roundel lies in a terrain area, the whole zone has that terrain" (zone
terrain, every combat round); "if an attacker has to cross terrain to get from the border
it enters by to the roundel, the border terrain rules apply" in round 1 only.

The crossing is the straight segment from the midpoint of the shared border (its longest
part when the border is in pieces) to the roundel: the terrain areas of the zone it meets,
other than the one holding the roundel, are the border terrain of that entry; a river line
it meets (a river inside the zone, or on the border itself) adds ``"river"`` (§1.12). The
midpoint is a choice: it stands for "the border it enters by" without favouring either
side (rules-notes/000 §1.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from shapely.geometry import LineString, Point
from shapely.geometry.base import BaseGeometry
from shapely.prepared import prep

from gamecore.model import Map


def roundel_terrain(m: Map) -> dict[int, str]:
    """Zone id -> the terrain of the terrain area holding its roundel, for the zones whose
    roundel lies in one (§1.7 zone terrain). Zones without a roundel or whose roundel is in
    no area are left out (their own ``terrain`` stands)."""
    out: dict[int, str] = {}
    by_zone = _areas_by_zone(m)
    for zid, areas in by_zone.items():
        z = m.zones.get(zid)
        if z is None or z.roundel is None:
            continue
        p = Point(z.roundel)
        for _, terrain, geom in areas:
            if geom.covers(p):
                out[zid] = terrain
                break
    return out


def _areas_by_zone(m: Map) -> dict[int, list[tuple[int, str, BaseGeometry]]]:
    out: dict[int, list[tuple[int, str, BaseGeometry]]] = {}
    for aid in sorted(m.terrain_areas):
        a = m.terrain_areas[aid]
        if a.geometry is None or a.geometry.is_empty:
            continue
        out.setdefault(a.zone, []).append((aid, a.terrain, a.geometry))
    return out


def _entry_point(line: BaseGeometry) -> Point | None:
    if line.is_empty:
        return None
    parts = list(getattr(line, "geoms", [line]))
    best = max(parts, key=lambda g: g.length)
    if best.length <= 0:
        return None
    return best.interpolate(0.5, normalized=True)


def crossing_terrain(
    m: Map,
    adjacency: Mapping[int, Iterable[int]],
    zones: Iterable[int] | None = None,
) -> dict[tuple[int, int], frozenset[str]]:
    """``(zone, entered from) -> terrain types crossed`` between the shared border and the
    zone's roundel (§1.7 border terrain). Only pairs that cross something are listed;
    zones without a roundel, and entries with no shared border of positive length (links),
    cross nothing."""
    from gamecore.geometry.adjacency import shared_border

    by_zone = _areas_by_zone(m)
    rivers = [
        LineString(ln.points)
        for ln in m.lines.values()
        if ln.kind == "river" and len(ln.points) >= 2
    ]
    river_index = [prep(r) for r in rivers]
    want = set(zones) if zones is not None else set(m.zones)
    out: dict[tuple[int, int], frozenset[str]] = {}
    for zid in sorted(want):
        z = m.zones.get(zid)
        if z is None or z.roundel is None or z.geometry is None or z.is_water:
            continue
        areas = by_zone.get(zid, [])
        if not areas and not rivers:
            continue
        r = Point(z.roundel)
        own = [a for a in areas if a[2].covers(r)]
        others = [(t, prep(g)) for aid, t, g in areas if not g.covers(r)]
        own_types = {a[1] for a in own}
        candidates = [i for i, rv in enumerate(rivers) if rv.intersects(z.geometry)]
        if not others and not candidates:
            continue
        for nid in sorted(adjacency.get(zid, ())):
            n = m.zones.get(nid)
            if n is None or n.geometry is None:
                continue
            p = _entry_point(shared_border(z.geometry, n.geometry))
            if p is None:
                continue
            seg = LineString([p, r])
            found = {t for t, g in others if g.intersects(seg) and t not in own_types}
            if any(river_index[i].intersects(seg) for i in candidates):
                found.add("river")
            if found:
                out[(zid, nid)] = frozenset(found)
    return out
