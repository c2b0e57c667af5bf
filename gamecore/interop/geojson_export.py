"""GeoJSON export of a pack's map, and its exact way back (issue #35).

``export_geojson(pack, "zones.geojson", scenario=S)`` writes two files:

- ``zones.geojson``: a FeatureCollection with one feature per zone. Properties: ``id``,
  ``code``, ``name``, ``kind``, ``terrain``, ``value``, ``region``, ``flags``, ``owner`` and
  ``units`` (the owner and the units at the start of scenario S; null without one) and the
  zone's ``label``, ``roundel``, ``slots`` (map coordinates) and ``props``.
- ``zones.links.geojson`` (the *links layer*, named by :func:`links_path`): links (a line
  between the two zones' labels), drawn lines (rivers, rail, convoy routes), facilities
  (a point at their zone's label) and terrain areas, each feature with a ``layer``
  property (``link``, ``line``, ``facility``, ``terrain_area``).

Coordinates are in the pack's projected CRS when it has one (``Map.crs``, map coordinates
taken back through ``Map.transform``), recorded as a GeoJSON 2008 named ``crs`` member that
GDAL reads; a map drawn by hand is written in its own units, y up, with an engineering CRS.
A ``warroom`` member on the zone file keeps what a GIS has no place for (the map's name,
frame, CRS text, transform, props; borders; background images; the nations that lines,
facilities and flags name; the pack's meta) so that
:func:`read_warroom_geojson` gives back the same map: a pack stores its coordinates on
the 10⁻⁶ grid (:mod:`gamecore.geometry.grid`), and map → projected → map lands back on it.
Scenarios (beyond the owners and units of the one named), rulesets and playtests are not
written: a zone file edited in a GIS (a zone deleted) still loads back.

The way back builds the text form of :mod:`gamecore.store.jsonform` and loads it, so a
crafted file meets the same strict checks as ``warroom load`` (one line naming the file).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import mapping, shape
from shapely.geometry.base import BaseGeometry

from gamecore import limits, safejson, safepath
from gamecore.errors import ImportFormatError, PackError, UnsafePathError, WarroomError
from gamecore.interop.projection import MapProjection
from gamecore.model import Pack
from gamecore.store.jsonform import (
    FORMAT,
    FORMAT_VERSION,
    geometry_to_geojson,
    load_json,
    pack_to_data,
)

__all__ = ["EXPORT_FORMAT", "export_geojson", "links_path", "read_warroom_geojson"]

#: the ``warroom.format`` of an exported zone file
EXPORT_FORMAT = "warroom-geojson"
EXPORT_VERSION = 1
#: a map drawn by hand: map units, y up (x, -y)
_HAND_TRANSFORM = (1.0, 0.0, 0.0, 0.0, -1.0, 0.0)
_ENGINEERING_CRS = (
    'ENGCRS["Warroom map units",EDATUM["Warroom map frame"],CS[Cartesian,2],'
    'AXIS["x",east,ORDER[1],LENGTHUNIT["map unit",1]],'
    'AXIS["y",north,ORDER[2],LENGTHUNIT["map unit",1]]]'
)
#: zone fields of the text form carried as feature properties
_ZONE_KEYS = (
    "id",
    "code",
    "name",
    "kind",
    "terrain",
    "value",
    "region",
    "flags",
    "label",
    "roundel",
    "slots",
    "props",
)
#: the links layer: text-form table per ``layer`` and the keys its rows have
_LAYERS = {
    "link": ("links", ("id", "kind", "a", "b", "name", "via", "controllers", "rule", "props")),
    "line": (
        "lines",
        ("id", "kind", "name", "path", "start", "end", "values", "gauge", "props"),
    ),
    "facility": (
        "facilities",
        ("id", "zone", "type", "level", "damage", "serves", "owner", "props"),
    ),
    "terrain_area": ("terrain_areas", ("id", "zone", "terrain", "props")),
}
#: how many bytes of a file are searched for the ``warroom`` member (written first)
_PEEK_BYTES = 4096
MAX_BYTES = 512 * 1024 * 1024


def links_path(zones_path: str | os.PathLike) -> Path:
    """The links layer written beside a zone file: ``zones.geojson`` →
    ``zones.links.geojson``."""
    p = Path(zones_path)
    stem = p.name[: -len(".geojson")] if p.name.lower().endswith(".geojson") else p.name
    return p.with_name(f"{stem}.links.geojson")


# ---------------------------------------------------------------------------------------
# export


def _projection(pack: Pack) -> MapProjection:
    m = pack.map
    if m.crs and m.transform and len(m.transform) == 6:
        return MapProjection(m.crs, tuple(float(v) for v in m.transform))
    return MapProjection("", _HAND_TRANSFORM)


def _crs_name(pack: Pack) -> str:
    crs = (pack.map.crs or "").strip()
    if not crs:
        return _ENGINEERING_CRS
    if crs.upper().startswith("EPSG:") and crs[5:].isdigit():
        return f"urn:ogc:def:crs:EPSG::{crs[5:]}"
    return crs


def _to_world(proj: MapProjection, g: BaseGeometry | None) -> dict | None:
    """A map-coordinate geometry as a GeoJSON geometry in the projected CRS (full
    precision: the way back rounds onto the grid)."""
    if g is None or g.is_empty:
        return None

    def fn(c: np.ndarray) -> np.ndarray:
        x, y = proj.from_map_xy(c[:, 0], c[:, 1])
        return np.column_stack([x, y])

    return _plain(mapping(shapely.transform(g, fn)))


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    return float(v) if isinstance(v, np.floating) else v


def _start(pack: Pack, scenario: str | None) -> tuple[dict, dict]:
    """(zone → owner, zone → {nation: {unit type: count}}) at the start of ``scenario``."""
    if scenario is None:
        return {}, {}
    s = pack.scenarios[scenario]
    owners = {zid: o.owner for zid, o in s.ownership.items()}
    counts: dict[int, Counter] = {}
    for u in s.units:
        counts.setdefault(u.zone, Counter())[(u.nation, u.unit_type)] += u.count
    units: dict[int, dict] = {}
    for zid, c in counts.items():
        per: dict[str, dict[str, int]] = {}
        for (nation, utype), n in sorted(c.items()):
            per.setdefault(nation, {})[utype] = n
        units[zid] = per
    return owners, units


def _anchor(pack: Pack, zid: int | None):
    z = pack.map.zones.get(zid) if zid is not None else None
    if z is None:
        return None
    if z.label is not None:
        return tuple(z.label)
    if z.geometry is not None and not z.geometry.is_empty:
        p = z.geometry.representative_point()
        return (p.x, p.y)
    return None


def _line_of(points) -> BaseGeometry | None:
    pts = [p for p in points if p is not None]
    if len(pts) >= 2:
        return shapely.LineString(pts)
    if len(pts) == 1:
        return shapely.Point(pts[0])
    return None


def export_geojson(
    pack: Pack,
    output: str | os.PathLike,
    *,
    scenario: str | None = None,
    force: bool = False,
    source: str = "pack",
) -> dict[str, Any]:
    """Write the zone file ``output`` and its links layer (:func:`links_path`). Returns
    what was written: ``{"zones": path, "links": path, "features": n, "links_features": n,
    "crs": text}``. A scenario the pack does not have, or an output that cannot be
    written, is a one-line :class:`WarroomError`."""
    if scenario is not None and scenario not in pack.scenarios:
        known = ", ".join(sorted(pack.scenarios)) or "none"
        raise WarroomError(f"the pack has no scenario '{scenario}' (scenarios: {known})", source)
    out = safepath.output_file(output, force, "GeoJSON file")
    side = safepath.output_file(links_path(out), force, "GeoJSON file")
    proj = _projection(pack)
    full = pack_to_data(pack)
    data = full["map"]
    owners, units = _start(pack, scenario)
    crs = {"type": "name", "properties": {"name": _crs_name(pack)}}
    m = pack.map
    zone_feats = []
    for row in data["zones"]:
        zid = row["id"]
        props = {k: row[k] for k in _ZONE_KEYS}
        props["owner"] = owners.get(zid)
        props["units"] = units.get(zid, {}) if scenario is not None else None
        zone_feats.append(
            {
                "type": "Feature",
                "id": zid,
                "properties": props,
                "geometry": _to_world(proj, m.zones[zid].geometry),
            }
        )
    warroom = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "map": {k: data[k] for k in ("name", "width", "height", "crs", "transform", "wrap_x")}
        | {"props": data["props"]},
        "borders": data["borders"],
        "meta": pack.meta,
        "scenario": scenario,
        "links_file": links_path(out).name,
        # lines, facilities and flags name nations and images: kept so the map loads back
        "nations": full["nations"],
        "images": data["images"],
    }
    zones_doc = {
        "type": "FeatureCollection",
        "warroom": warroom,
        "name": m.name,
        "crs": crs,
        "features": zone_feats,
    }
    link_feats = []
    for layer, (table, keys) in _LAYERS.items():
        for row in data[table]:
            props = {"layer": layer} | {k: row[k] for k in keys}
            if layer == "link":
                geom = _line_of([_anchor(pack, row["a"]), _anchor(pack, row["b"])])
            elif layer == "line":
                ln = m.lines[row["id"]]
                geom = _line_of(ln.points)
                if not ln.points:  # a route by zones only: drawn through their labels
                    props["geometry_from"] = "path"
                    geom = _line_of([_anchor(pack, z) for z in ln.path])
            elif layer == "facility":
                geom = _line_of([_anchor(pack, row["zone"])])
            else:
                geom = m.terrain_areas[row["id"]].geometry
            link_feats.append(
                {"type": "Feature", "properties": props, "geometry": _to_world(proj, geom)}
            )
    links_doc = {
        "type": "FeatureCollection",
        "name": f"{m.name} links",
        "crs": crs,
        "features": link_feats,
    }
    for path, doc in ((out, zones_doc), (side, links_doc)):
        try:
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(doc, fh, ensure_ascii=False, allow_nan=False)
                fh.write("\n")
        except OSError as err:
            raise WarroomError(f"cannot write: {err.strerror or err}", path) from None
        except ValueError as err:  # NaN or infinity in props
            raise WarroomError(f"cannot write: {err}", path) from None
    return {
        "zones": str(out),
        "links": str(side),
        "features": len(zone_feats),
        "links_features": len(link_feats),
        "crs": _crs_name(pack),
        "scenario": scenario,
    }


# ---------------------------------------------------------------------------------------
# the way back


def _read(path: Path, what: str) -> Any:
    try:
        p = safepath.input_file(path, what)
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise ImportFormatError(f"file is too large ({size} bytes)", p)
        raw = p.read_bytes()
    except UnsafePathError as err:
        raise ImportFormatError(err.message, err.path) from None
    except OSError as err:
        raise ImportFormatError(f"cannot read: {err.strerror or err}", path) from None
    try:
        return safejson.loads(raw, max_chars=MAX_BYTES)
    except safejson.JsonLimitError as err:
        raise ImportFormatError(f"not JSON: {err}", path) from None


def is_warroom_geojson(path: str | os.PathLike) -> bool:
    """Whether ``path`` starts like a zone file of :func:`export_geojson` (its
    ``warroom`` member is written before the features)."""
    try:
        with open(safepath.input_file(path, "GeoJSON file"), "rb") as fh:
            head = fh.read(_PEEK_BYTES)
    except (OSError, WarroomError):
        return False
    return b'"warroom"' in head and EXPORT_FORMAT.encode() in head


def _features(doc: Any, path: Path) -> list[dict]:
    if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection":
        raise ImportFormatError("not a GeoJSON FeatureCollection", path)
    feats = doc.get("features")
    if not isinstance(feats, list) or not all(isinstance(f, dict) for f in feats):
        raise ImportFormatError('the FeatureCollection has no "features" list', path)
    for i, f in enumerate(feats):
        if not isinstance(f.get("properties"), dict):
            raise ImportFormatError(f'feature {i}: "properties" is not an object', path)
    return feats


def _transform(mdata: dict, path: Path) -> MapProjection:
    t = mdata.get("transform")
    if t is None:
        return MapProjection("", _HAND_TRANSFORM)
    ok = (
        isinstance(t, list)
        and len(t) == 6
        and all(type(v) in (int, float) and np.isfinite(v) for v in t)
    )
    if not ok or t[0] * t[4] - t[1] * t[3] == 0:
        raise ImportFormatError("warroom.map.transform is not an invertible affine transform", path)
    return MapProjection("", tuple(float(v) for v in t))


def _to_map(proj: MapProjection, g: Any, where: str, path: Path, budget: list[int]):
    """A GeoJSON geometry in the projected CRS → a text-form geometry in map coordinates
    (on the grid)."""
    if g is None:
        return None
    try:
        geom = shape(g)
    except Exception as err:  # noqa: BLE001 - shapely raises many kinds for bad input
        raise ImportFormatError(f"{where}: not a GeoJSON geometry ({err})", path) from None
    coords = shapely.get_coordinates(geom)
    budget[0] += len(coords)
    if len(coords) > limits.MAX_GEOMETRY_VERTICES or budget[0] > limits.MAX_TOTAL_VERTICES:
        raise ImportFormatError(f"{where}: too many vertices", path)
    if len(coords) and not np.isfinite(coords).all():
        raise ImportFormatError(f"{where}: coordinates are not finite numbers", path)

    def fn(c: np.ndarray) -> np.ndarray:
        x, y = proj.to_map_xy(c[:, 0], c[:, 1])
        return np.column_stack([x, y])

    return geometry_to_geojson(shapely.transform(geom, fn))


def _points(gj: dict | None) -> list:
    if gj is None:
        return []
    c = gj["coordinates"]
    return [c] if gj["type"] == "Point" else c


def read_warroom_geojson(path: str | os.PathLike) -> Pack:
    """The pack (map only) of a zone file written by :func:`export_geojson`, its links
    layer read from beside it. Bad input is a one-line :class:`ImportFormatError`."""
    path = Path(path)
    doc = _read(path, "GeoJSON file")
    feats = _features(doc, path)
    w = doc.get("warroom")
    if not isinstance(w, dict) or w.get("format") != EXPORT_FORMAT:
        raise ImportFormatError("not a zone file written by warroom export geojson", path)
    if w.get("version") != EXPORT_VERSION:
        raise ImportFormatError(f"unknown warroom export version {w.get('version')!r}", path)
    mdata = w.get("map")
    if not isinstance(mdata, dict):
        raise ImportFormatError('"warroom.map" is not an object', path)
    proj = _transform(mdata, path)
    budget = [0]
    zones = []
    for i, f in enumerate(feats):
        props = f["properties"]
        row = {k: props[k] for k in _ZONE_KEYS if k in props}
        row["geometry"] = _to_map(proj, f.get("geometry"), f"feature {i}", path, budget)
        zones.append(row)
    tables: dict[str, list] = {t: [] for t, _ in _LAYERS.values()}
    name = w.get("links_file")
    if name is not None:
        if not isinstance(name, str):
            raise ImportFormatError('"warroom.links_file" is not a file name', path)
        try:
            side = safepath.join_inside(path.parent, name, "links layer")
        except UnsafePathError as err:
            raise ImportFormatError(err.message, path) from None
        if len(safepath.relative_parts(name)) != 1:
            raise ImportFormatError("links layer: not a file beside the zone file", path)
        for i, f in enumerate(_features(_read(side, "GeoJSON file"), side)):
            props = f["properties"]
            layer = props.get("layer")
            if layer not in _LAYERS:
                raise ImportFormatError(f"feature {i}: unknown layer {layer!r}", side)
            table, keys = _LAYERS[layer]
            row = {k: props[k] for k in keys if k in props}
            if layer in ("line", "terrain_area"):
                g = _to_map(proj, f.get("geometry"), f"feature {i}", side, budget)
                if layer == "terrain_area":
                    row["geometry"] = g
                else:
                    row["points"] = [] if props.get("geometry_from") == "path" else _points(g)
            tables[table].append(row)
    data = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "meta": w.get("meta") or {},
        "map": {
            k: mdata[k] for k in ("name", "width", "height", "crs", "wrap_x", "props") if k in mdata
        }
        | {"transform": mdata.get("transform"), "zones": zones}
        | {"borders": w.get("borders") or [], "images": w.get("images") or []}
        | tables,
        "nations": w.get("nations") or [],
    }
    try:
        text = json.dumps(data, allow_nan=False)
    except ValueError as err:
        raise ImportFormatError(f"not valid: {err}", path) from None
    try:
        return load_json(text, source=str(path))
    except PackError as err:
        raise ImportFormatError(err.message, path) from None
