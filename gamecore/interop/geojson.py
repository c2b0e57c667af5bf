"""GeoJSON import: countries/regions → land zones, the ocean → numbered sea zones.

``import_geojson(path, ImportOptions(...))`` reads a GeoJSON file (WGS84 lon/lat, RFC
7946), projects it (:mod:`gamecore.interop.projection`), turns polygons into land zones
(one per feature, or merged by an attribute, or one per polygon part), cleans them into a
gap-free coverage with the geometry engine, splits the water left in the map frame into
lakes (water enclosed by land) and the ocean, and partitions the ocean into numbered sea
zones with the engine's sea-zone generator. The pack stores the CRS and the affine
transform (``Map.crs``, ``Map.transform``) so :func:`import_points` (cities → labels or
facilities) and :func:`import_lines` (rivers) can later add data that aligns.

Bad input (not JSON, not GeoJSON, no polygons, an unknown projection) raises
:class:`gamecore.errors.ImportFormatError` with a one-line message naming the file.
"""

from __future__ import annotations

import math
import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from gamecore import limits, safejson, safepath
from gamecore.errors import GeometryError, ImportFormatError, UnsafePathError
from gamecore.interop.projection import BBox, MapProjection, fit_projection, parse_bbox
from gamecore.model import Map, Pack, Zone

__all__ = [
    "GeoFeature",
    "ImportOptions",
    "ImportReport",
    "LandPiece",
    "build_map",
    "crop_point",
    "default_sea_zones",
    "import_geojson",
    "import_lines",
    "import_points",
    "land_pieces",
    "parse_geojson",
    "read_geojson",
    "slug",
]

#: GeoJSON files larger than this are refused (docs/architecture.md, Invariant 5)
MAX_BYTES = 512 * 1024 * 1024
#: attributes tried, in order, for zone names and codes
NAME_ATTRS = ("name", "NAME", "name_en", "NAME_EN", "admin", "ADMIN", "name_long", "title")
CODE_ATTRS = ("iso_a3", "ISO_A3", "adm0_a3", "ADM0_A3", "code", "id", "iso_a2", "ISO_A2")

Progress = Callable[[str, float], None]  # (stage, fraction 0..1)


# ---------------------------------------------------------------------------------------
# reading


@dataclass
class GeoFeature:
    """One GeoJSON feature: its index in the file, properties, lon/lat geometry."""

    index: int
    props: dict[str, Any]
    geometry: BaseGeometry

    def attr(self, names: Sequence[str] | str | None) -> Any:
        if names is None:
            return None
        if isinstance(names, str):
            names = (names,)
        for n in names:
            v = self.props.get(n)
            if v not in (None, "", "-99", -99):
                return v
        return None


def read_geojson(path: str | os.PathLike) -> list[GeoFeature]:
    """The features of a GeoJSON file (ImportFormatError naming the file when it cannot
    be read or is not GeoJSON)."""
    try:
        p = safepath.input_file(path, "GeoJSON file")
    except UnsafePathError as err:
        raise ImportFormatError(err.message, err.path) from None
    try:
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise ImportFormatError(f"file is too large ({size} bytes)", p)
        raw = p.read_bytes()
    except ImportFormatError:
        raise
    except OSError as err:
        raise ImportFormatError(f"cannot read: {err.strerror or err}", p) from None
    return parse_geojson(raw, p)


def parse_geojson(
    data: str | bytes | dict, path: str | os.PathLike = "<geojson>"
) -> list[GeoFeature]:
    """Features of GeoJSON text or an already parsed object."""
    if isinstance(data, bytes | str):
        try:
            obj = safejson.loads(data, max_chars=MAX_BYTES)
        except safejson.JsonLimitError as err:
            raise ImportFormatError(f"not JSON: {err}", path) from None
    else:
        obj = data
    if not isinstance(obj, dict) or "type" not in obj:
        raise ImportFormatError('not GeoJSON: expected an object with a "type"', path)
    kind = obj["type"]
    if kind == "FeatureCollection":
        feats = obj.get("features")
        if not isinstance(feats, list):
            raise ImportFormatError('FeatureCollection has no "features" list', path)
    elif kind == "Feature":
        feats = [obj]
    elif kind in _GEOMETRY_TYPES:
        feats = [{"type": "Feature", "properties": {}, "geometry": obj}]
    else:
        raise ImportFormatError(f"not GeoJSON: unknown type {kind!r}", path)
    out = []
    total = 0
    for i, f in enumerate(feats):
        if not isinstance(f, dict) or f.get("type") != "Feature":
            raise ImportFormatError(f"feature {i} is not a Feature object", path)
        props = f.get("properties") or {}
        if not isinstance(props, dict):
            raise ImportFormatError(f'feature {i}: "properties" is not an object', path)
        g = f.get("geometry")
        if g is None:
            continue  # a feature without geometry is allowed and carries nothing to draw
        try:
            geom = _geometry(g)
        except _BadGeometry as err:
            raise ImportFormatError(f"feature {i}: {err}", path) from None
        n = int(shapely.get_num_coordinates(geom))
        total += n
        if n > limits.MAX_GEOMETRY_VERTICES or total > limits.MAX_TOTAL_VERTICES:
            raise ImportFormatError(
                f"feature {i}: too many vertices ({n:,}; at most "
                f"{limits.MAX_GEOMETRY_VERTICES:,} a feature and {limits.MAX_TOTAL_VERTICES:,} "
                "in all): simplify the data first",
                path,
            )
        out.append(GeoFeature(i, props, geom))
    return out


_GEOMETRY_TYPES = (
    "Point",
    "MultiPoint",
    "LineString",
    "MultiLineString",
    "Polygon",
    "MultiPolygon",
    "GeometryCollection",
)


class _BadGeometry(Exception):
    pass


def _positions(coords: Any, depth: int) -> Any:
    """Checked nested coordinate arrays → numpy arrays at depth 1 (list of positions)."""
    if not isinstance(coords, list):
        raise _BadGeometry("coordinates are not an array")
    if depth == 1:
        try:
            arr = np.array([c[:2] for c in coords], dtype=float)
        except (TypeError, ValueError, IndexError):
            raise _BadGeometry("coordinates are not [lon, lat] number pairs") from None
        if arr.size and (arr.ndim != 2 or arr.shape[1] != 2):
            raise _BadGeometry("coordinates are not [lon, lat] number pairs")
        if arr.size == 0:
            return np.empty((0, 2))
        if not np.isfinite(arr).all():
            raise _BadGeometry("coordinates are not finite numbers")
        if (np.abs(arr[:, 1]) > 90.0 + 1e-9).any() or (np.abs(arr[:, 0]) > 540.0).any():
            raise _BadGeometry("coordinates are not WGS84 longitude/latitude degrees")
        return arr
    return [_positions(c, depth - 1) for c in coords]


def _polygon(rings: list[np.ndarray]) -> shapely.Polygon | None:
    rings = [r for r in rings if len(r) >= 3]
    if not rings:
        return None
    try:
        return shapely.Polygon(rings[0], rings[1:])
    except (ValueError, shapely.errors.GEOSException) as err:
        raise _BadGeometry(f"bad polygon ring: {err}") from None


def _geometry(g: Any, depth: int = 0) -> BaseGeometry:
    if not isinstance(g, dict):
        raise _BadGeometry("geometry is not an object")
    kind = g.get("type")
    if kind == "GeometryCollection":
        if depth > 8:
            raise _BadGeometry("geometry collections nested too deeply")
        parts = g.get("geometries")
        if not isinstance(parts, list):
            raise _BadGeometry('GeometryCollection has no "geometries" list')
        return shapely.GeometryCollection([_geometry(p, depth + 1) for p in parts])
    if kind not in _GEOMETRY_TYPES:
        raise _BadGeometry(f"unknown geometry type {kind!r}")
    c = g.get("coordinates")
    if kind == "Point":
        if not isinstance(c, list) or len(c) < 2:
            raise _BadGeometry("Point coordinates are not [lon, lat]")
        arr = _positions([c], 1)
        return shapely.Point(arr[0])
    if kind == "MultiPoint":
        arr = _positions(c, 1)
        return shapely.MultiPoint(arr) if len(arr) else shapely.MultiPoint()
    if kind == "LineString":
        arr = _positions(c, 1)
        return shapely.LineString(arr) if len(arr) >= 2 else shapely.LineString()
    if kind == "MultiLineString":
        lines = [a for a in _positions(c, 2) if len(a) >= 2]
        return shapely.MultiLineString(lines) if lines else shapely.MultiLineString()
    if kind == "Polygon":
        poly = _polygon(_positions(c, 2))
        return poly if poly is not None else shapely.Polygon()
    polys = [p for p in (_polygon(r) for r in _positions(c, 3)) if p is not None]
    return shapely.MultiPolygon(polys) if polys else shapely.MultiPolygon()


def _polygonal(g: BaseGeometry) -> BaseGeometry | None:
    """The polygonal part of a geometry, made valid; None when it has none."""
    if g.is_empty:
        return None
    if g.geom_type == "GeometryCollection":
        parts = [_polygonal(p) for p in shapely.get_parts(g)]
        parts = [p for p in parts if p is not None]
        return shapely.union_all(parts) if parts else None
    if not g.geom_type.endswith("Polygon"):
        return None
    if not g.is_valid:
        g = shapely.make_valid(g)
        if g.geom_type == "GeometryCollection":
            polys = [p for p in shapely.get_parts(g) if p.geom_type.endswith("Polygon")]
            g = shapely.union_all(polys) if polys else shapely.Polygon()
    return None if g.is_empty or g.area <= 0 else g


def slug(text: str, upper: bool = False) -> str:
    """A zone/nation code from a name: ASCII letters, digits and ``-``."""
    t = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    t = re.sub(r"[^A-Za-z0-9]+", "-", t).strip("-") or "zone"
    return t.upper() if upper else t.lower()


# ---------------------------------------------------------------------------------------
# features → land pieces (map coordinates)


@dataclass
class ImportOptions:
    """What ``warroom import geojson`` asks for."""

    projection: str = "robinson"
    width: float = 4000.0
    bbox: BBox | str | None = None
    merge_by: str | None = None  # one zone per distinct value of this attribute
    split_parts: bool = False  # one zone per polygon of a multi-polygon feature
    name_attr: str | None = None  # default: the first of NAME_ATTRS present
    code_attr: str | None = None  # default: the first of CODE_ATTRS present, else the name
    sea_zones: int | None = None  # default: by ocean area (see default_sea_zones)
    min_area: float = 4.0  # land zones smaller than this (map units²) are dropped
    #: smaller enclosed water becomes land of its neighbour (default: scaled to the map)
    min_lake_area: float | None = None
    map_name: str | None = None
    seed: int = 0


@dataclass
class LandPiece:
    """A land zone to be: code, name, map-coordinate geometry, imported attributes."""

    code: str
    name: str
    geometry: BaseGeometry
    props: dict[str, Any] = field(default_factory=dict)
    region: str = ""


@dataclass
class ImportReport:
    features: int = 0
    land_zones: int = 0
    sea_zones: int = 0
    lakes: int = 0
    dropped: list[str] = field(default_factory=list)  # codes of pieces too small to keep
    cleaning: dict[str, int] = field(default_factory=dict)  # what cleaning changed, by kind
    seconds: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "features": self.features,
            "land_zones": self.land_zones,
            "sea_zones": self.sea_zones,
            "lakes": self.lakes,
            "dropped": list(self.dropped),
            "cleaning": dict(sorted(self.cleaning.items())),
            "seconds": {k: round(v, 3) for k, v in self.seconds.items()},
        }


def _jsonable(v: Any) -> Any:
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    return v


def land_pieces(
    features: Iterable[GeoFeature],
    proj: MapProjection,
    options: ImportOptions | None = None,
    path: str | os.PathLike = "<geojson>",
) -> list[LandPiece]:
    """Project the polygons of ``features`` and group them into land pieces (one per
    feature, per ``merge_by`` value or per polygon part). Raises ImportFormatError when
    there is no polygon, or none inside the crop box."""
    opt = options or ImportOptions()
    feats = [f for f in features if _polygonal(f.geometry) is not None]
    if not feats:
        raise ImportFormatError("no Polygon or MultiPolygon features to make land zones of", path)
    if opt.merge_by and not any(opt.merge_by in f.props for f in feats):
        raise ImportFormatError(f"no feature has the attribute {opt.merge_by!r}", path)
    lonlat = [_polygonal(f.geometry) for f in feats]
    projected = proj.project(lonlat)
    projected = shapely.make_valid(projected)
    name_attrs = (opt.name_attr,) if opt.name_attr else NAME_ATTRS
    code_attrs = (opt.code_attr,) if opt.code_attr else CODE_ATTRS
    groups: dict[str, list[int]] = {}
    order: list[str] = []
    for i, f in enumerate(feats):
        if opt.merge_by:
            v = f.props.get(opt.merge_by)
            key = str(v) if v not in (None, "") else "(none)"
        else:
            key = f"#{i}"
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(i)
    pieces: list[LandPiece] = []
    for key in order:
        idx = groups[key]
        geom = _polygonal(shapely.union_all([projected[i] for i in idx]))
        if geom is None:
            continue
        first = feats[idx[0]]
        if opt.merge_by:
            name = key
            code = slug(key, upper=True)
            props = {opt.merge_by: first.props.get(opt.merge_by), "features": len(idx)}
        else:
            name = str(first.attr(name_attrs) or f"Zone {first.index + 1}")
            code = str(first.attr(code_attrs) or slug(name, upper=True))
            props = _jsonable(dict(first.props))
        if opt.split_parts and geom.geom_type == "MultiPolygon":
            parts = sorted(shapely.get_parts(geom), key=lambda p: -p.area)
            for k, part in enumerate(parts):
                pname = name if k == 0 else f"{name} {k + 1}"
                pcode = code if k == 0 else f"{code}-{k + 1}"
                pieces.append(LandPiece(pcode, pname, part, dict(props)))
        else:
            pieces.append(LandPiece(code, name, geom, props))
    if not pieces:
        raise ImportFormatError("no polygon lies inside the crop box", path)
    _unique_codes(pieces)
    return pieces


def _unique_codes(pieces: list[LandPiece]) -> None:
    seen: dict[str, int] = {}
    for p in pieces:
        code = re.sub(r"\s+", "-", p.code.strip()) or "zone"
        if code.isdigit():  # plain numbers are sea-zone codes
            code = f"L{code}"
        base, n = code, seen.get(code.casefold(), 0)
        while code.casefold() in seen:
            n += 1
            code = f"{base}-{n}"
        seen[code.casefold()] = 0
        seen[base.casefold()] = n
        p.code = code


# ---------------------------------------------------------------------------------------
# land pieces → map


def default_sea_zones(ocean_fraction: float) -> int:
    """How many sea zones an import makes by default: about 60 for a world map."""
    return max(1, min(100, round(85 * ocean_fraction)))


def _notify(progress: Progress | None, stage: str, frac: float) -> None:
    if progress is not None:
        progress(stage, frac)


def _split_counts(areas: list[float], total: int, fixed: dict[int, int]) -> list[int]:
    """``total`` zones over basins: ``fixed`` counts where given, the rest by area
    (largest remainder), at least one each."""
    n = len(areas)
    counts = [0] * n
    free = [i for i in range(n) if i not in fixed]
    for i, c in fixed.items():
        counts[i] = max(1, int(c))
    left = max(len(free), total - sum(counts))
    if free:
        free_area = sum(areas[i] for i in free) or 1.0
        quotas = {i: left * areas[i] / free_area for i in free}
        for i in free:
            counts[i] = max(1, int(quotas[i]))
        rest = left - sum(counts[i] for i in free)
        for i in sorted(free, key=lambda i: (-(quotas[i] - int(quotas[i])), i))[: max(0, rest)]:
            counts[i] += 1
    return counts


def _clean(raw, kinds, frame, gap_width: float, min_area: float):
    """The engine's cleaning; when GEOS cannot node nearly coincident borders (e.g. a
    border running along the crop box), the input is snapped to a grid and cleaned
    again."""
    from gamecore.geometry.clean import clean_polygons

    grid = 0.0
    while True:
        geoms = raw
        if grid:
            ids = list(raw)
            snapped = shapely.set_precision(np.array([raw[i] for i in ids], dtype=object), grid)
            geoms = {i: g for i, g in zip(ids, snapped, strict=True) if not g.is_empty}
        try:
            return clean_polygons(
                geoms, gap_width=gap_width, sliver_area=min_area, kinds=kinds, frame=frame
            )
        except shapely.errors.GEOSException as err:
            grid = 1e-3 if not grid else grid * 10
            if grid > 0.2:
                raise ImportFormatError(f"the polygons cannot be cleaned: {err}") from None


def build_map(
    pieces: Sequence[LandPiece],
    proj: MapProjection,
    *,
    sea_zones: int | None = None,
    cuts: Sequence[Sequence[tuple[float, float]]] = (),
    basins: Sequence[tuple] = (),
    min_area: float = 4.0,
    min_lake_area: float | None = None,
    gap_width: float = 1.5,
    wrap_x: bool = False,
    name: str = "Imported map",
    seed: int = 0,
    progress: Progress | None = None,
    report: ImportReport | None = None,
) -> Map:
    """Land pieces (map coordinates) → a :class:`Map` whose zones cover the frame.

    ``cuts``: lon/lat polylines across straits that split the ocean into basins before
    it is partitioned; ``basins``: ``(lon, lat, n[, region])`` fixes the number of sea
    zones of the basin holding that point (the other basins share the rest by area) and
    tags them with ``region``. Lakes are water enclosed by land of at least
    ``min_lake_area`` (default: 2e-5 of the frame, at least 4 ``min_area``); smaller
    enclosed water joins the land around it. Land pieces smaller than ``min_area`` are
    left to the sea. Outside the projection's outline (e.g. the corners of a Robinson
    map) lies one impassable zone."""
    from gamecore.geometry.adjacency import border_lengths
    from gamecore.geometry.coverage import Coverage
    from gamecore.geometry.queries import label_point

    rep = report if report is not None else ImportReport()
    frame = (0.0, 0.0, float(proj.width), float(proj.height))
    frame_poly = shapely.box(*frame)
    if min_lake_area is None:
        min_lake_area = max(4.0 * min_area, 2e-5 * frame_poly.area)
    _notify(progress, "water", 0.0)
    # land smaller than min_area is left to the sea
    raw: dict[int, BaseGeometry] = {
        i + 1: p.geometry
        for i, p in enumerate(pieces)
        if p.geometry is not None and p.geometry.area >= min_area
    }
    kinds: dict[int, str] = {zid: "land" for zid in raw}
    nxt = len(pieces) + 1
    # outside the projection's outline (e.g. the corners of a Robinson map): impassable
    outline = proj.outline
    outside = shapely.difference(frame_poly, outline)
    edge_zone = None
    if outside.area > 1e-6 * frame_poly.area:
        edge_zone = nxt
        raw[nxt], kinds[nxt] = outside, "impassable"
        nxt += 1
    world_edge = shapely.boundary(outline) if edge_zone is not None else frame_poly.boundary
    covered = shapely.union_all(np.array(list(raw.values()), dtype=object))
    water = shapely.difference(frame_poly, covered)
    parts = [p for p in shapely.get_parts(water) if p.geom_type == "Polygon"]
    parts.sort(key=lambda p: (-round(p.area, 3), p.bounds))
    gaps: list[int] = []
    for part in parts:
        if part.area < min_area:
            continue  # a sliver along a border or the edge: cleaning gives it to a neighbour
        raw[nxt] = part
        if part.area < min_lake_area:
            kinds[nxt] = "land"  # small enclosed water: joins the land around it
            gaps.append(nxt)
        else:
            kinds[nxt] = "sea" if shapely.intersects(part, world_edge) else "lake"
        nxt += 1

    _notify(progress, "cleaning", 0.2)
    cleaned = _clean(raw, kinds, frame, gap_width, min_area)
    geoms = dict(cleaned.geoms)
    rep.cleaning = cleaned.counts()
    for i, p in enumerate(pieces):
        if (i + 1) not in geoms:
            rep.dropped.append(p.code)
    gaps = [g for g in gaps if g in geoms]
    if edge_zone is not None and edge_zone not in geoms:
        edge_zone = None
    cov = Coverage(geoms, frame=frame, wrap_x=wrap_x)
    # gaps cleaning left (wider than gap_width): filled, then given to the land around
    for change in cleaned.changes:
        if change.kind == "gap_left" and change.where is not None:
            try:
                cs = cov.fill_hole(change.where)
            except GeometryError:
                continue
            gap = next(iter(cs.created))
            kinds[gap] = "land"
            gaps.append(gap)
    for gap in gaps:
        if gap not in cov:
            continue
        near = {z for z in cov.neighbours(gap) if kinds.get(z) == "land" and z not in gaps}
        if near:
            lengths = border_lengths({z: cov[z] for z in (gap, *near)}, only=[gap])
            best = max(near, key=lambda z: (lengths.get((min(z, gap), max(z, gap)), 0.0), -z))
            cov.merge_zones([gap, best], keep=best)
        else:
            kinds[gap] = "lake"
    geoms = dict(cov.geoms)
    ocean = [z for z in sorted(geoms) if kinds[z] == "sea"]
    lakes = [z for z in sorted(geoms) if kinds[z] == "lake"]
    land = {z for z in geoms if kinds[z] == "land"}
    if not land:
        raise ImportFormatError("no land zone is left after cleaning (polygons too small?)")

    _notify(progress, "straits", 0.5)
    for line in cuts:
        xy = np.column_stack(proj.forward(*np.asarray(line, dtype=float).T))
        cut = shapely.LineString(xy)
        for zid in list(ocean):
            if shapely.intersects(cov[zid], cut):
                cs = cov.split_zone(zid, xy)
                ocean.extend(sorted(cs.created))
                for z in cs.created:
                    kinds[z] = "sea"
    _notify(progress, "sea zones", 0.6)
    areas = [cov[z].area for z in ocean]
    fixed: dict[int, int] = {}
    tags: dict[int, str] = {}
    for spec in basins:
        lon, lat, n = spec[:3]
        x, y = proj.point(lon, lat)
        for k, z in enumerate(ocean):
            if shapely.contains_xy(cov[z], x, y):
                fixed[k] = n
                if len(spec) > 3:
                    tags[k] = str(spec[3])
    if sea_zones is None:
        total_water = sum(areas) / max(1e-9, outline.area)
        sea_zones = default_sea_zones(total_water)
    counts = _split_counts(areas, max(int(sea_zones), len(ocean)), fixed)
    sea_ids: list[int] = []
    sea_region: dict[int, str] = {}
    for k, (zid, n) in enumerate(zip(list(ocean), counts, strict=True)):
        n = max(1, min(n, int(cov[zid].area // max(min_area, 1.0)) or 1))
        while True:
            try:
                cs = cov.partition_zone(zid, n, seed=seed)
                break
            except GeometryError:
                if n == 1:
                    raise
                n = max(1, n // 2)  # a thin basin: fewer seeds fit
        ids = cs.info.get("order", [zid])
        for z in ids:
            kinds[z] = "sea"
            sea_region[z] = tags.get(k, "")
        sea_ids.extend(ids)

    _notify(progress, "zones", 0.8)
    m = Map(name=name)
    proj.apply_to_map(m)
    m.wrap_x = wrap_x
    geoms = dict(cov.geoms)
    labels = {zid: label_point(g) for zid, g in geoms.items()}
    # sea zones numbered in reading order (rows of the map, then west to east)
    band = proj.height / max(1, round(math.sqrt(max(1, len(sea_ids)) * proj.height / proj.width)))
    sea_order = sorted(sea_ids, key=lambda z: (int(labels[z][1] // band), labels[z][0], z))
    new_id: dict[int, int] = {}
    nxt = 1
    for i in range(len(pieces)):
        if (i + 1) in geoms:
            new_id[i + 1] = nxt
            nxt += 1
    for z in sea_order:
        new_id[z] = nxt
        nxt += 1
    for z in sorted(lakes):
        new_id[z] = nxt
        nxt += 1
    if edge_zone is not None:
        new_id[edge_zone] = nxt
    for i, p in enumerate(pieces):
        old = i + 1
        if old not in geoms:
            continue
        zid = new_id[old]
        props = dict(p.props)
        if geoms[old].geom_type == "MultiPolygon":
            props["multipart"] = True  # several parts by design (islands of one feature)
        m.zones[zid] = Zone(
            zid,
            p.code,
            p.name,
            "land",
            geoms[old],
            region=p.region,
            props=props,
            label=labels[old],
        )
    for n, z in enumerate(sea_order, start=1):
        zid = new_id[z]
        m.zones[zid] = Zone(
            zid, str(n), f"Sea Zone {n}", "sea", geoms[z], region=sea_region[z], label=labels[z]
        )
    for n, z in enumerate(sorted(lakes), start=1):
        zid = new_id[z]
        m.zones[zid] = Zone(zid, f"LAKE-{n}", f"Lake {n}", "lake", geoms[z], label=labels[z])
    if edge_zone is not None:
        zid = new_id[edge_zone]
        m.zones[zid] = Zone(
            zid,
            "EDGE",
            "Beyond the map edge",
            "impassable",
            geoms[edge_zone],
            label=labels[edge_zone],
            props={"multipart": True} if geoms[edge_zone].geom_type == "MultiPolygon" else {},
        )
    rep.land_zones = sum(1 for z in m.zones.values() if z.kind == "land")
    rep.sea_zones = len(sea_order)
    rep.lakes = len(lakes)
    _notify(progress, "done", 1.0)
    return m


# ---------------------------------------------------------------------------------------
# the whole import, and later imports into a pack


def import_geojson(
    source: str | os.PathLike | Sequence[GeoFeature],
    options: ImportOptions | None = None,
    progress: Progress | None = None,
) -> tuple[Pack, ImportReport]:
    """A new pack from a GeoJSON file (or parsed features): land zones, lakes and
    numbered sea zones in the chosen projection. Returns the pack and what was done."""
    import time

    opt = options or ImportOptions()
    rep = ImportReport()
    t0 = time.perf_counter()
    if isinstance(source, str | os.PathLike):
        path = str(source)
        features = read_geojson(source)
        title = Path(source).stem
    else:
        path, features, title = "<geojson>", list(source), "Imported map"
    rep.features = len(features)
    bbox = parse_bbox(opt.bbox) if isinstance(opt.bbox, str) else opt.bbox
    if bbox is not None and not isinstance(opt.bbox, str):
        bbox = parse_bbox(bbox)
    proj = fit_projection(opt.projection, opt.width, bbox)
    t1 = time.perf_counter()
    rep.seconds["read"] = t1 - t0
    pieces = land_pieces(features, proj, opt, path)
    t2 = time.perf_counter()
    rep.seconds["project"] = t2 - t1
    m = build_map(
        pieces,
        proj,
        sea_zones=opt.sea_zones,
        min_area=opt.min_area,
        min_lake_area=opt.min_lake_area,
        name=opt.map_name or title,
        seed=opt.seed,
        progress=progress,
        report=rep,
    )
    rep.seconds["build"] = time.perf_counter() - t2
    pack = Pack(map=m)
    pack.meta = {
        "title": m.name,
        "source": Path(path).name,
        "import": {
            "format": "geojson",
            "projection": opt.projection,
            "width": float(opt.width),
            "bbox": [float(v) for v in proj.bbox],
            "merge_by": opt.merge_by,
            "split_parts": bool(opt.split_parts),
        },
    }
    rep.seconds["total"] = time.perf_counter() - t0
    return pack, rep


def _features_of(source, kinds: tuple[str, ...]) -> list[GeoFeature]:
    feats = read_geojson(source) if isinstance(source, str | os.PathLike) else list(source)
    return [f for f in feats if any(f.geometry.geom_type.endswith(k) for k in kinds)]


def import_points(
    pack: Pack,
    source: str | os.PathLike | Sequence[GeoFeature],
    *,
    mode: str = "labels",
    facility_type: str = "air_base",
    name_attr: str | None = None,
) -> dict[str, int]:
    """Points (cities) into an existing pack from real geography, placed with the
    pack's stored projection. ``mode`` "labels": each point becomes a named city of the
    land zone it lies in (``zone.props["cities"]`` and the ``city`` flag); "facilities":
    a facility of ``facility_type`` there (ports and naval bases serve the nearest sea
    zone next to it). Points in water or outside the crop box are skipped."""
    if mode not in ("labels", "facilities"):
        raise ImportFormatError(f"unknown point mode {mode!r} (labels or facilities)")
    where = str(source) if isinstance(source, str | os.PathLike) else "<geojson>"
    m = pack.map
    proj = MapProjection.from_map(m)
    feats = _features_of(source, ("Point",))
    if not feats:
        raise ImportFormatError("no Point features", where)
    land = [z for z in m.zones.values() if z.kind == "land" and z.geometry is not None]
    tree = shapely.STRtree([z.geometry for z in land])
    names = (name_attr,) if name_attr else NAME_ATTRS
    added = skipped = 0
    adj = None
    for f in feats:
        for pt in shapely.get_parts(f.geometry):
            lon, lat = pt.x, pt.y
            inside = crop_point(lon, lat, proj.bbox)
            if inside is None:
                skipped += 1
                continue
            x, y = proj.point(*inside)
            hit = tree.query(shapely.Point(x, y), predicate="intersects")
            if not len(hit):
                skipped += 1
                continue
            z = land[int(min(hit))]
            name = str(f.attr(names) or f"Point {f.index + 1}")
            if mode == "labels":
                z.set_flag("city")
                z.props.setdefault("cities", []).append({"name": name, "at": [x, y]})
            else:
                from gamecore.model import FACILITY_SERVES_SEA, Facility

                fid = m.next_id("facilities")
                fac = Facility(fid, z.id, facility_type, props={"city": name})
                if facility_type in FACILITY_SERVES_SEA:
                    if adj is None:
                        from gamecore.geometry.adjacency import map_adjacency

                        adj = map_adjacency(m)
                    seas = [n for n in adj.get(z.id, ()) if m.zones[n].kind == "sea"]
                    if seas:
                        p = shapely.Point(x, y)
                        fac.serves = [min(seas, key=lambda n: (m.zones[n].geometry.distance(p), n))]
                m.facilities[fid] = fac
            added += 1
    return {"added": added, "skipped": skipped}


def import_lines(
    pack: Pack,
    source: str | os.PathLike | Sequence[GeoFeature],
    *,
    kind: str = "river",
    name_attr: str | None = None,
) -> dict[str, int]:
    """Lines (rivers, rail lines) into an existing pack, projected with the pack's
    stored projection and cut to its crop box; one :class:`Line` per line part."""
    from gamecore.model import LINE_KINDS, Line

    if kind not in LINE_KINDS or kind == "convoy":
        raise ImportFormatError(f"lines can be imported as river or rail, not {kind!r}")
    where = str(source) if isinstance(source, str | os.PathLike) else "<geojson>"
    m = pack.map
    proj = MapProjection.from_map(m)
    feats = _features_of(source, ("LineString",))
    if not feats:
        raise ImportFormatError("no LineString features", where)
    names = (name_attr,) if name_attr else NAME_ATTRS
    added = 0
    projected = proj.project([f.geometry for f in feats])
    for f, g in zip(feats, projected, strict=True):
        for part in shapely.get_parts(g):
            if part.geom_type != "LineString" or part.length <= 0:
                continue
            lid = m.next_id("lines")
            pts = [(float(x), float(y)) for x, y in shapely.get_coordinates(part)]
            name = str(f.attr(names) or "")
            m.lines[lid] = Line(lid, kind, name, pts, gauge="standard" if kind == "rail" else None)
            added += 1
    return {"added": added}


def crop_point(lon: float, lat: float, bbox: BBox) -> tuple[float, float] | None:
    """A lon/lat point moved by whole turns into the crop box, or None if outside."""
    lon0, lat0, lon1, lat1 = bbox
    if not (lat0 <= lat <= lat1):
        return None
    for turn in (0.0, 360.0, -360.0):
        if lon0 <= lon + turn <= lon1:
            return (lon + turn, lat)
    return None
