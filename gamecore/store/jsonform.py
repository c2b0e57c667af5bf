"""The canonical JSON text form of a pack (``warroom dump`` / ``warroom load``).

Layout (format ``warroom-pack``, ``format_version`` 1)::

    {"format": "warroom-pack", "format_version": 1, "meta": {...},
     "map": {"name", "width", "height", "crs", "transform", "wrap_x", "props",
             "zones": [...], "borders": [...], "links": [...], "terrain_areas": [...],
             "facilities": [...], "lines": [...], "images": [...]},
     "nations": [...], "scenarios": [...], "rulesets": [...], "playtests": [...],
     "ignored_issues": [...]}

Zones are objects with ``id, code, name, kind, value, terrain, region, flags, label, roundel,
slots, props`` and ``geometry``, a GeoJSON geometry object in map coordinates (y down).
A scenario holds ``alliances, relations, ownership, units, banks, income_overrides,
objectives``. Image data is base64.

Canonical means:

- object keys are sorted; two-space indentation; an object is spread over lines, a list is
  written on one line unless it holds objects; GeoJSON geometry objects are one line;
- rows of the map tables are sorted by id (borders by zone pair), ownership by zone,
  relations by nation pair; nations, scenarios, alliances, objectives, units, rulesets and
  playtests keep the pack's order (it is the designer's order);
- every coordinate in map units (geometry, label, roundel, slots, line points) is rounded
  to :data:`COORD_DECIMALS` (6) decimal places; other numbers are written exactly (shortest
  round-trip form). NaN and infinities are refused.

So ``dump_json(load_json(dump_json(p))) == dump_json(p)`` byte for byte. A saved pack
holds its coordinates on the same grid (:mod:`gamecore.geometry.grid`, snapped on every
write), so its dump is exact and loads back into an identical pack.

:func:`load_json` is strict: unknown keys, wrong types, unknown kinds, duplicate ids and
references to missing zones, nations or images are errors naming the JSON path
(``scenarios[0].units[12].zone: unknown zone 999``). Fields with a default may be left out.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable
from typing import Any

import numpy as np
from shapely.geometry import (
    GeometryCollection,
    LineString,
    MultiLineString,
    MultiPoint,
    MultiPolygon,
    Point,
    Polygon,
)
from shapely.geometry.base import BaseGeometry

from gamecore import limits, safejson
from gamecore.errors import PackError
from gamecore.limits import MAX_COORD
from gamecore.model import (
    LINE_KINDS,
    LINK_KINDS,
    RELATIONS,
    ZONE_KINDS,
    Alliance,
    BackgroundImage,
    Border,
    Facility,
    Line,
    Link,
    Map,
    Nation,
    Objective,
    Ownership,
    Pack,
    PlaytestResult,
    Relation,
    RulesetDoc,
    Scenario,
    TerrainArea,
    UnitStack,
    Zone,
    border_key,
)
from gamecore.model.scenario import NATION_KINDS

FORMAT = "warroom-pack"
FORMAT_VERSION = 1
COORD_DECIMALS = 6
OBJECTIVE_KINDS = ("objective", "victory", "event")


# == dump =====================================================================================


def _c(x: float) -> float:
    return round(float(x), COORD_DECIMALS) + 0.0  # + 0.0 turns -0.0 into 0.0


def _xy(p) -> list[float] | None:
    return None if p is None else [_c(v) for v in p]


def _coords(seq) -> list:
    arr = np.asarray(seq.coords if hasattr(seq, "coords") else seq, dtype=float)
    if arr.size == 0:
        return []
    return (np.round(arr, COORD_DECIMALS) + 0.0).tolist()


def geometry_to_geojson(g: BaseGeometry | None) -> dict | None:
    """A GeoJSON geometry object with coordinates rounded to :data:`COORD_DECIMALS`."""
    if g is None:
        return None
    t = g.geom_type
    if t == "GeometryCollection":
        return {"type": t, "geometries": [geometry_to_geojson(p) for p in g.geoms]}
    if g.is_empty:
        return {"type": t if t != "LinearRing" else "LineString", "coordinates": []}
    if t == "Point":
        coords: Any = _coords(g)[0]
    elif t in ("LineString", "LinearRing"):
        t = "LineString"
        coords = _coords(g)
    elif t == "Polygon":
        coords = [_coords(g.exterior)] + [_coords(r) for r in g.interiors]
    elif t == "MultiPoint":
        coords = [_coords(p)[0] for p in g.geoms]
    elif t == "MultiLineString":
        coords = [_coords(p) for p in g.geoms]
    elif t == "MultiPolygon":
        coords = [[_coords(p.exterior)] + [_coords(r) for r in p.interiors] for p in g.geoms]
    else:  # pragma: no cover - shapely has no other types
        raise PackError(f"cannot write a {t} geometry")
    return {"type": t, "coordinates": coords}


def pack_to_data(pack: Pack) -> dict:
    """The JSON data of the text form (before formatting)."""
    m = pack.map
    zones = [
        {
            "id": z.id,
            "code": z.code,
            "name": z.name,
            "kind": z.kind,
            "value": z.value,
            "terrain": z.terrain,
            "region": z.region,
            "flags": list(z.flags),
            "label": _xy(z.label),
            "roundel": _xy(z.roundel),
            "slots": [_xy(s) for s in z.slots],
            "props": z.props,
            "geometry": geometry_to_geojson(z.geometry),
        }
        for _, z in sorted(m.zones.items())
    ]
    borders = [
        {
            "a": b.a,
            "b": b.b,
            "river": b.river,
            "mountain": b.mountain,
            "fortified": b.fortified,
            "impassable": b.impassable,
            "rail_gauge": b.rail_gauge,
            "crossing_limit": b.crossing_limit,
            "props": b.props,
        }
        for _, b in sorted(m.borders.items())
    ]
    links = [
        {
            "id": lk.id,
            "kind": lk.kind,
            "a": lk.a,
            "b": lk.b,
            "name": lk.name,
            "via": lk.via,
            "controllers": list(lk.controllers),
            "rule": lk.rule,
            "props": lk.props,
        }
        for _, lk in sorted(m.links.items())
    ]
    terrain = [
        {
            "id": t.id,
            "zone": t.zone,
            "terrain": t.terrain,
            "geometry": geometry_to_geojson(t.geometry),
            "props": t.props,
        }
        for _, t in sorted(m.terrain_areas.items())
    ]
    facilities = [
        {
            "id": f.id,
            "zone": f.zone,
            "type": f.type,
            "level": f.level,
            "damage": f.damage,
            "serves": list(f.serves),
            "owner": f.owner,
            "props": f.props,
        }
        for _, f in sorted(m.facilities.items())
    ]
    lines = [
        {
            "id": ln.id,
            "kind": ln.kind,
            "name": ln.name,
            "points": [_xy(p) for p in ln.points],
            "path": list(ln.path),
            "start": ln.start,
            "end": ln.end,
            "values": ln.values,
            "gauge": ln.gauge,
            "props": ln.props,
        }
        for _, ln in sorted(m.lines.items())
    ]
    images = [
        {
            "id": im.id,
            "name": im.name,
            "format": im.format,
            "data": base64.b64encode(bytes(im.data)).decode("ascii"),
            "x": _c(im.x),
            "y": _c(im.y),
            "width": _c(im.width),
            "height": _c(im.height),
            "opacity": im.opacity,
            "visible": im.visible,
        }
        for _, im in sorted(m.images.items())
    ]
    nations = [
        {
            "id": n.id,
            "name": n.name,
            "colour": n.colour,
            "kind": n.kind,
            "playable": n.playable,
            "capital": n.capital,
            "home_zones": list(n.home_zones),
            "flag_image": n.flag_image,
            "props": n.props,
        }
        for n in pack.nations.values()
    ]
    scenarios = [_scenario_data(s) for s in pack.scenarios.values()]
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "meta": pack.meta,
        "map": {
            "name": m.name,
            "width": m.width,
            "height": m.height,
            "crs": m.crs,
            "transform": None if m.transform is None else list(m.transform),
            "wrap_x": m.wrap_x,
            "props": m.props,
            "zones": zones,
            "borders": borders,
            "links": links,
            "terrain_areas": terrain,
            "facilities": facilities,
            "lines": lines,
            "images": images,
        },
        "nations": nations,
        "scenarios": scenarios,
        "rulesets": [{"id": r.id, "text": r.text} for r in pack.rulesets.values()],
        "playtests": [
            {
                "id": p.id,
                "scenario": p.scenario,
                "created": p.created,
                "params": p.params,
                "scenario_hash": p.scenario_hash,
                "results": p.results,
            }
            for p in pack.playtests.values()
        ],
        "ignored_issues": list(pack.ignored_issues),
    }


def _scenario_data(s: Scenario) -> dict:
    return {
        "id": s.id,
        "name": s.name,
        "ruleset": s.ruleset,
        "options": s.options,
        "start": s.start,
        "calendar": s.calendar,
        "rounds": s.rounds,
        "turn_order": [list(slot) for slot in s.turn_order],
        "alliances": [
            {"id": a.id, "name": a.name, "members": list(a.members), "colour": a.colour}
            for a in s.alliances.values()
        ],
        "relations": [
            {"a": r.a, "b": r.b, "status": r.status, "initiated_by": r.initiated_by}
            for _, r in sorted(s.relations.items())
        ],
        "ownership": [
            {"zone": zone, "owner": o.owner, "original": o.original}
            for zone, o in sorted(s.ownership.items())
        ],
        "units": [
            {
                "zone": u.zone,
                "nation": u.nation,
                "unit_type": u.unit_type,
                "count": u.count,
                "props": u.props,
            }
            for u in s.units
        ],
        "banks": s.banks,
        "income_overrides": s.income_overrides,
        "objectives": [
            {
                "id": o.id,
                "name": o.name,
                "kind": o.kind,
                "owner": o.owner,
                "condition": o.condition,
                "effect": o.effect,
                "once": o.once,
                "props": o.props,
            }
            for o in s.objectives.values()
        ],
        "props": s.props,
    }


def _scalar(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, allow_nan=False)


def _is_geojson(v: dict) -> bool:
    return "type" in v and ("coordinates" in v or "geometries" in v)


def _emit(v: Any, indent: str, out: list[str]) -> None:
    if isinstance(v, dict):
        if not v:
            out.append("{}")
        elif _is_geojson(v):
            out.append(
                json.dumps(
                    v, ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":")
                )
            )
        else:
            inner = indent + "  "
            out.append("{\n")
            keys = sorted(v, key=str)
            for i, k in enumerate(keys):
                out.append(f"{inner}{_scalar(str(k))}: ")
                _emit(v[k], inner, out)
                out.append(",\n" if i < len(keys) - 1 else "\n")
            out.append(indent + "}")
    elif isinstance(v, list | tuple):
        if not any(isinstance(x, dict) for x in v):
            out.append(json.dumps(v, ensure_ascii=False, allow_nan=False, sort_keys=True))
        else:
            inner = indent + "  "
            out.append("[\n")
            for i, x in enumerate(v):
                out.append(inner)
                _emit(x, inner, out)
                out.append(",\n" if i < len(v) - 1 else "\n")
            out.append(indent + "]")
    else:
        out.append(_scalar(v))


def format_data(data: Any) -> str:
    """Canonical text of JSON data (see the module docstring)."""
    out: list[str] = []
    try:
        _emit(data, "", out)
    except (TypeError, ValueError) as err:
        raise PackError(f"cannot write the pack as JSON ({err})") from None
    out.append("\n")
    return "".join(out)


def dump_json(pack: Pack) -> str:
    """The canonical JSON text of ``pack``."""
    return format_data(pack_to_data(pack))


# == load =====================================================================================

_REQUIRED = object()


class _Loader:
    def __init__(self, source: str):
        self.source = source
        self.vertices = 0

    def fail(self, path: str, message: str):
        raise PackError(f"{path}: {message}" if path else message, self.source)

    # -- value validators: (value, path) -> value ------------------------------------------
    @staticmethod
    def _desc(v: Any) -> str:
        if v is None:
            return "null"
        if isinstance(v, bool):
            return "a boolean"
        if isinstance(v, int | float):
            return f"the number {v!r}"
        if isinstance(v, str):
            return f"the string {v!r}" if len(v) < 40 else "a string"
        if isinstance(v, list):
            return "a list"
        return "an object"

    def int_(self, v, p):
        if type(v) is not int:
            self.fail(p, f"expected an integer, got {self._desc(v)}")
        return v

    def num(self, v, p):
        if type(v) not in (int, float):
            self.fail(p, f"expected a number, got {self._desc(v)}")
        return float(v)

    def str_(self, v, p):
        if not isinstance(v, str):
            self.fail(p, f"expected a string, got {self._desc(v)}")
        return v

    def bool_(self, v, p):
        if not isinstance(v, bool):
            self.fail(p, f"expected true or false, got {self._desc(v)}")
        return v

    def obj(self, v, p):
        if not isinstance(v, dict):
            self.fail(p, f"expected an object, got {self._desc(v)}")
        return v

    def list_(self, v, p):
        if not isinstance(v, list):
            self.fail(p, f"expected a list, got {self._desc(v)}")
        return v

    def ranged(self, f, lo, hi):
        def check(v, p):
            x = f(v, p)
            if not lo <= x <= hi:
                self.fail(p, f"{x:g} is outside {lo:g}..{hi:g}")
            return x

        return check

    def opt(self, f):
        return lambda v, p: None if v is None else f(v, p)

    def list_of(self, f):
        return lambda v, p: [f(x, f"{p}[{i}]") for i, x in enumerate(self.list_(v, p))]

    def dict_of(self, f):
        return lambda v, p: {k: f(x, f"{p}.{k}") for k, x in self.obj(v, p).items()}

    def enum(self, choices):
        def check(v, p):
            self.str_(v, p)
            if v not in choices:
                self.fail(p, f"unknown value {v!r} (expected one of {', '.join(choices)})")
            return v

        return check

    def xy(self, v, p):
        self.list_(v, p)
        if len(v) != 2:
            self.fail(p, f"expected a point [x, y], got a list of {len(v)}")
        return (self.coord(v[0], f"{p}[0]"), self.coord(v[1], f"{p}[1]"))

    def coord(self, v, p):
        x = self.num(v, p)
        if not -MAX_COORD <= x <= MAX_COORD:
            self.fail(p, f"coordinate {x:g} is beyond ±{MAX_COORD:g}")
        return x

    def b64(self, v, p):
        self.str_(v, p)
        try:
            return base64.b64decode(v, validate=True)
        except (binascii.Error, ValueError):
            self.fail(p, "not valid base64 data")

    def geometry(self, polygonal: bool) -> Callable:
        def check(v, p):
            if v is None:
                return None
            g = self._geom(v, p)
            if polygonal and g.geom_type not in ("Polygon", "MultiPolygon"):
                self.fail(p, f"expected a Polygon or MultiPolygon, got a {g.geom_type}")
            return g

        return check

    def _pos(self, v, p) -> tuple:
        self.list_(v, p)
        if len(v) not in (2, 3):
            self.fail(p, f"expected a position [x, y], got a list of {len(v)}")
        return tuple(self.coord(x, f"{p}[{i}]") for i, x in enumerate(v))

    def _positions(self, v, p, minimum: int = 0, closed: bool = False) -> Any:
        self.list_(v, p)
        pts: Any = None
        if v:  # fast path: a well-formed list of numeric positions
            try:
                arr = np.array(v)
            except (ValueError, TypeError):
                arr = None
            if arr is not None and arr.ndim == 2 and arr.shape[1] in (2, 3):
                if arr.dtype.kind in "fi" and np.all(np.abs(arr) <= MAX_COORD):
                    pts = arr.astype(float)
        if pts is None:  # slow path, names the bad position
            pts = [self._pos(x, f"{p}[{i}]") for i, x in enumerate(v)]
        self.vertices += len(pts)
        if len(pts) > limits.MAX_GEOMETRY_VERTICES or self.vertices > limits.MAX_TOTAL_VERTICES:
            self.fail(p, f"too many vertices (at most {limits.MAX_GEOMETRY_VERTICES:,} a geometry)")
        if len(pts) < minimum:
            self.fail(p, f"needs at least {minimum} positions, has {len(pts)}")
        if closed and tuple(pts[0]) != tuple(pts[-1]):
            self.fail(p, "a polygon ring must end where it starts")
        return pts

    def _polygon(self, v, p) -> Polygon:
        rings = [
            self._positions(r, f"{p}[{i}]", 4, closed=True) for i, r in enumerate(self.list_(v, p))
        ]
        if not rings:
            return Polygon()
        return Polygon(rings[0], rings[1:])

    def _geom(self, v, p) -> BaseGeometry:
        self.obj(v, p)
        t = v.get("type")
        if t == "GeometryCollection":
            extra = set(v) - {"type", "geometries"}
            if extra:
                self.fail(f"{p}.{sorted(extra)[0]}", "unknown key")
            parts = self.list_(v.get("geometries"), f"{p}.geometries")
            return GeometryCollection(
                [self._geom(g, f"{p}.geometries[{i}]") for i, g in enumerate(parts)]
            )
        if "coordinates" not in v:
            self.fail(p, "a GeoJSON geometry needs 'type' and 'coordinates'")
        extra = set(v) - {"type", "coordinates", "bbox"}
        if extra:
            self.fail(f"{p}.{sorted(extra)[0]}", "unknown key")
        c, cp = v["coordinates"], f"{p}.coordinates"
        try:
            if t == "Point":
                return Point() if c == [] else Point(self._pos(c, cp))
            if t == "LineString":
                pts = self._positions(c, cp)
                return LineString(pts) if pts else LineString()
            if t == "Polygon":
                return self._polygon(c, cp)
            if t == "MultiPoint":
                return MultiPoint(self._positions(c, cp))
            if t == "MultiLineString":
                return MultiLineString(
                    [self._positions(x, f"{cp}[{i}]", 2) for i, x in enumerate(self.list_(c, cp))]
                )
            if t == "MultiPolygon":
                polys = [self._polygon(x, f"{cp}[{i}]") for i, x in enumerate(self.list_(c, cp))]
                return MultiPolygon(polys)
        except (ValueError, TypeError) as err:
            self.fail(p, f"not a valid {t} ({err})")
        self.fail(f"{p}.type", f"unknown GeoJSON geometry type {t!r}")
        raise AssertionError  # unreachable

    # -- records -------------------------------------------------------------------------
    def fields(self, v: Any, path: str, spec: dict[str, tuple]) -> dict[str, Any]:
        self.obj(v, path)
        for key in v:
            if key not in spec:
                self.fail(f"{path}.{key}", f"unknown key (expected {', '.join(spec)})")
        out = {}
        for key, (check, default) in spec.items():
            if key in v:
                out[key] = check(v[key], f"{path}.{key}")
            elif default is _REQUIRED:
                self.fail(path, f"missing key {key!r}")
            else:
                out[key] = default() if callable(default) else default
        return out

    def rows(self, v: Any, path: str, spec: dict, make: Callable, key: Callable, noun: str):
        out: dict = {}
        for i, row in enumerate(self.list_(v, path)):
            p = f"{path}[{i}]"
            obj = make(**self.fields(row, p, spec))
            k = key(obj)
            if k in out:
                self.fail(p, f"duplicate {noun} {k!r}")
            out[k] = obj
        return out


def load_json(text: str | bytes, source: str = "<json>") -> Pack:
    """Build a :class:`Pack` from the JSON text form (strict: see the module docstring).
    Errors are :class:`PackError` naming ``source`` and the JSON path of the problem.
    A UTF-8 byte-order mark is allowed; depth, size and numbers are limited
    (:mod:`gamecore.safejson`, :mod:`gamecore.limits`)."""
    L = _Loader(source)
    try:
        data = safejson.loads(text, max_chars=limits.MAX_JSON_DOCUMENT_BYTES)
    except safejson.JsonLimitError as err:
        L.fail("", f"not valid JSON: {err}")
    return _build(L, data)


def load_data(data: Any, source: str = "<json>") -> Pack:
    """Build a :class:`Pack` from already parsed JSON ``data`` (as strict as
    :func:`load_json`; a variant's applied tree comes this way)."""
    return _build(_Loader(source), data)


def _build(L: _Loader, data: Any) -> Pack:
    INT, F, S, B = L.int_, L.num, L.str_, L.bool_
    AMOUNT = L.ranged(INT, -limits.MAX_AMOUNT, limits.MAX_AMOUNT)
    SMALL = L.ranged(INT, 0, limits.MAX_SMALL)
    COORD = L.ranged(F, -MAX_COORD, MAX_COORD)
    OINT, oS, OBJ = L.opt(L.int_), L.opt(L.str_), L.obj
    LINT, lS = L.list_of(L.int_), L.list_of(L.str_)
    lXY, oXY = L.list_of(L.xy), L.opt(L.xy)
    R = _REQUIRED
    if not isinstance(data, dict):
        L.fail("", "expected a JSON object at the top level")
    top = L.fields(
        data,
        "",
        {
            "format": (S, R),
            "format_version": (INT, R),
            "meta": (OBJ, dict),
            "map": (OBJ, dict),
            "nations": (L.list_, list),
            "scenarios": (L.list_, list),
            "rulesets": (L.list_, list),
            "playtests": (L.list_, list),
            "ignored_issues": (lS, list),
        },
    )
    if top["format"] != FORMAT:
        L.fail("format", f"expected {FORMAT!r}, got {top['format']!r}")
    if top["format_version"] > FORMAT_VERSION:
        L.fail(
            "format_version",
            f"written by a newer Warroom (format version {top['format_version']}); "
            f"this Warroom reads format versions up to {FORMAT_VERSION}",
        )
    mp = top["map"]
    m = Map(
        **L.fields(
            {k: v for k, v in mp.items() if k not in _MAP_TABLES},
            "map",
            {
                "name": (S, "Untitled map"),
                "width": (L.ranged(F, 0, MAX_COORD), 1000.0),
                "height": (L.ranged(F, 0, MAX_COORD), 600.0),
                "crs": (oS, None),
                "transform": (L.opt(L.list_of(F)), None),
                "wrap_x": (B, False),
                "props": (OBJ, dict),
            },
        )
    )
    m.zones = L.rows(
        mp.get("zones", []),
        "map.zones",
        {
            "id": (INT, R),
            "code": (S, R),
            "name": (S, R),
            "kind": (L.enum(ZONE_KINDS), "land"),
            "value": (AMOUNT, 0),
            "terrain": (S, "clear"),
            "region": (S, ""),
            "flags": (lS, list),
            "label": (oXY, None),
            "roundel": (oXY, None),
            "slots": (lXY, list),
            "props": (OBJ, dict),
            "geometry": (L.geometry(True), None),
        },
        Zone,
        lambda z: z.id,
        "zone id",
    )
    m.borders = L.rows(
        mp.get("borders", []),
        "map.borders",
        {
            "a": (INT, R),
            "b": (INT, R),
            "river": (B, False),
            "mountain": (B, False),
            "fortified": (B, False),
            "impassable": (B, False),
            "rail_gauge": (oS, None),
            "crossing_limit": (L.opt(SMALL), None),
            "props": (OBJ, dict),
        },
        _border,
        lambda b: (b.a, b.b),
        "border",
    )
    m.links = L.rows(
        mp.get("links", []),
        "map.links",
        {
            "id": (INT, R),
            "kind": (L.enum(LINK_KINDS), R),
            "a": (INT, R),
            "b": (INT, R),
            "name": (S, ""),
            "via": (OINT, None),
            "controllers": (LINT, list),
            "rule": (L.enum(("all", "any")), "all"),
            "props": (OBJ, dict),
        },
        Link,
        lambda x: x.id,
        "link id",
    )
    m.terrain_areas = L.rows(
        mp.get("terrain_areas", []),
        "map.terrain_areas",
        {
            "id": (INT, R),
            "zone": (INT, R),
            "terrain": (S, R),
            "geometry": (L.geometry(True), None),
            "props": (OBJ, dict),
        },
        TerrainArea,
        lambda x: x.id,
        "terrain area id",
    )
    m.facilities = L.rows(
        mp.get("facilities", []),
        "map.facilities",
        {
            "id": (INT, R),
            "zone": (INT, R),
            "type": (S, R),
            "level": (SMALL, 1),
            "damage": (SMALL, 0),
            "serves": (LINT, list),
            "owner": (oS, None),
            "props": (OBJ, dict),
        },
        Facility,
        lambda x: x.id,
        "facility id",
    )
    m.lines = L.rows(
        mp.get("lines", []),
        "map.lines",
        {
            "id": (INT, R),
            "kind": (L.enum(LINE_KINDS), R),
            "name": (S, ""),
            "points": (lXY, list),
            "path": (LINT, list),
            "start": (OINT, None),
            "end": (OINT, None),
            "values": (L.dict_of(AMOUNT), dict),
            "gauge": (oS, None),
            "props": (OBJ, dict),
        },
        Line,
        lambda x: x.id,
        "line id",
    )
    m.images = L.rows(
        mp.get("images", []),
        "map.images",
        {
            "id": (INT, R),
            "name": (S, R),
            "format": (S, R),
            "data": (L.b64, bytes),
            "x": (COORD, 0.0),
            "y": (COORD, 0.0),
            "width": (L.ranged(F, 0, MAX_COORD), 0.0),
            "height": (L.ranged(F, 0, MAX_COORD), 0.0),
            "opacity": (L.ranged(F, 0.0, 1.0), 1.0),
            "visible": (B, True),
        },
        BackgroundImage,
        lambda x: x.id,
        "image id",
    )
    pack = Pack(map=m, meta=top["meta"], ignored_issues=top["ignored_issues"])
    pack.nations = L.rows(
        top["nations"],
        "nations",
        {
            "id": (S, R),
            "name": (S, R),
            "colour": (S, "#888888"),
            "kind": (L.enum(NATION_KINDS), "major"),
            "playable": (B, True),
            "capital": (OINT, None),
            "home_zones": (LINT, list),
            "flag_image": (OINT, None),
            "props": (OBJ, dict),
        },
        Nation,
        lambda x: x.id,
        "nation id",
    )
    for i, raw in enumerate(top["scenarios"]):
        s = _scenario(L, raw, f"scenarios[{i}]")
        if s.id in pack.scenarios:
            L.fail(f"scenarios[{i}]", f"duplicate scenario id {s.id!r}")
        pack.scenarios[s.id] = s
    pack.rulesets = L.rows(
        top["rulesets"], "rulesets", {"id": (S, R), "text": (S, R)}, RulesetDoc, _id, "ruleset id"
    )
    pack.playtests = L.rows(
        top["playtests"],
        "playtests",
        {
            "id": (INT, R),
            "scenario": (S, R),
            "created": (S, R),
            "params": (OBJ, dict),
            "scenario_hash": (S, ""),
            "results": (OBJ, dict),
        },
        PlaytestResult,
        _id,
        "playtest id",
    )
    _check_references(L, pack)
    return pack


_MAP_TABLES = ("zones", "borders", "links", "terrain_areas", "facilities", "lines", "images")


def _id(x):
    return x.id


def _border(**kw) -> Border:
    a, b = border_key(kw.pop("a"), kw.pop("b"))
    return Border(a, b, **kw)


def _relation(**kw) -> Relation:
    a, b = sorted((kw.pop("a"), kw.pop("b")))
    return Relation(a, b, **kw)


def _scenario(L: _Loader, raw: Any, path: str) -> Scenario:
    INT, S, B, OBJ = L.int_, L.str_, L.bool_, L.obj
    AMOUNT = L.ranged(INT, -limits.MAX_AMOUNT, limits.MAX_AMOUNT)
    oS, R = L.opt(L.str_), _REQUIRED
    f = L.fields(
        raw,
        path,
        {
            "id": (S, R),
            "name": (S, R),
            "ruleset": (S, "g40"),
            "options": (OBJ, dict),
            "start": (S, ""),
            "calendar": (S, "year"),
            "rounds": (L.opt(L.ranged(INT, 0, limits.MAX_SMALL)), None),
            "turn_order": (L.list_of(L.list_of(S)), list),
            "alliances": (L.list_, list),
            "relations": (L.list_, list),
            "ownership": (L.list_, list),
            "units": (L.list_, list),
            "banks": (L.dict_of(AMOUNT), dict),
            "income_overrides": (L.dict_of(AMOUNT), dict),
            "objectives": (L.list_, list),
            "props": (OBJ, dict),
        },
    )
    s = Scenario(
        id=f["id"],
        name=f["name"],
        ruleset=f["ruleset"],
        options=f["options"],
        start=f["start"],
        calendar=f["calendar"],
        rounds=f["rounds"],
        turn_order=f["turn_order"],
        banks=f["banks"],
        income_overrides=f["income_overrides"],
        props=f["props"],
    )
    s.alliances = L.rows(
        f["alliances"],
        f"{path}.alliances",
        {"id": (S, R), "name": (S, R), "members": (L.list_of(S), list), "colour": (S, "#888888")},
        Alliance,
        _id,
        "alliance id",
    )
    s.relations = L.rows(
        f["relations"],
        f"{path}.relations",
        {
            "a": (S, R),
            "b": (S, R),
            "status": (L.enum(RELATIONS), "peace"),
            "initiated_by": (oS, None),
        },
        _relation,
        lambda r: (r.a, r.b),
        "relation",
    )
    for i, row in enumerate(f["ownership"]):
        p = f"{path}.ownership[{i}]"
        o = L.fields(row, p, {"zone": (INT, R), "owner": (oS, None), "original": (oS, None)})
        if o["zone"] in s.ownership:
            L.fail(p, f"duplicate ownership of zone {o['zone']}")
        s.ownership[o["zone"]] = Ownership(o["owner"], o["original"])
    s.units = [
        UnitStack(
            **L.fields(
                row,
                f"{path}.units[{i}]",
                {
                    "zone": (INT, R),
                    "nation": (S, R),
                    "unit_type": (S, R),
                    "count": (L.ranged(INT, 0, limits.MAX_STACK_COUNT), 1),
                    "props": (OBJ, dict),
                },
            )
        )
        for i, row in enumerate(f["units"])
    ]
    s.objectives = L.rows(
        f["objectives"],
        f"{path}.objectives",
        {
            "id": (S, R),
            "name": (S, R),
            "kind": (L.enum(OBJECTIVE_KINDS), "objective"),
            "owner": (oS, None),
            "condition": (S, "true"),
            "effect": (S, ""),
            "once": (B, False),
            "props": (OBJ, dict),
        },
        Objective,
        _id,
        "objective id",
    )
    return s


def _check_references(L: _Loader, pack: Pack) -> None:
    m = pack.map
    zones, nations, images = m.zones, pack.nations, m.images

    def zone(z, p):
        if z is not None and z not in zones:
            L.fail(p, f"unknown zone {z}")

    def nation(n, p):
        if n is not None and n not in nations:
            L.fail(p, f"unknown nation {n!r}")

    for i, b in enumerate(m.borders.values()):
        zone(b.a, f"map.borders[{i}].a")
        zone(b.b, f"map.borders[{i}].b")
    for i, lk in enumerate(m.links.values()):
        p = f"map.links[{i}]"
        zone(lk.a, f"{p}.a")
        zone(lk.b, f"{p}.b")
        zone(lk.via, f"{p}.via")
        for j, z in enumerate(lk.controllers):
            zone(z, f"{p}.controllers[{j}]")
    for i, t in enumerate(m.terrain_areas.values()):
        zone(t.zone, f"map.terrain_areas[{i}].zone")
    for i, f in enumerate(m.facilities.values()):
        p = f"map.facilities[{i}]"
        zone(f.zone, f"{p}.zone")
        for j, z in enumerate(f.serves):
            zone(z, f"{p}.serves[{j}]")
        nation(f.owner, f"{p}.owner")
    for i, ln in enumerate(m.lines.values()):
        p = f"map.lines[{i}]"
        for j, z in enumerate(ln.path):
            zone(z, f"{p}.path[{j}]")
        zone(ln.start, f"{p}.start")
        zone(ln.end, f"{p}.end")
        for n in ln.values:
            nation(n, f"{p}.values.{n}")
    for i, n in enumerate(nations.values()):
        p = f"nations[{i}]"
        zone(n.capital, f"{p}.capital")
        for j, z in enumerate(n.home_zones):
            zone(z, f"{p}.home_zones[{j}]")
        if n.flag_image is not None and n.flag_image not in images:
            L.fail(f"{p}.flag_image", f"unknown image {n.flag_image}")
    for i, s in enumerate(pack.scenarios.values()):
        p = f"scenarios[{i}]"
        for j, slot in enumerate(s.turn_order):
            for k, n in enumerate(slot):
                nation(n, f"{p}.turn_order[{j}][{k}]")
        for j, al in enumerate(s.alliances.values()):
            for k, n in enumerate(al.members):
                nation(n, f"{p}.alliances[{j}].members[{k}]")
        for j, r in enumerate(s.relations.values()):
            nation(r.a, f"{p}.relations[{j}].a")
            nation(r.b, f"{p}.relations[{j}].b")
            nation(r.initiated_by, f"{p}.relations[{j}].initiated_by")
        for j, (z, o) in enumerate(s.ownership.items()):
            zone(z, f"{p}.ownership[{j}].zone")
            nation(o.owner, f"{p}.ownership[{j}].owner")
            nation(o.original, f"{p}.ownership[{j}].original")
        for j, u in enumerate(s.units):
            zone(u.zone, f"{p}.units[{j}].zone")
            nation(u.nation, f"{p}.units[{j}].nation")
        for key in ("banks", "income_overrides"):
            for n in getattr(s, key):
                nation(n, f"{p}.{key}.{n}")
        for j, o in enumerate(s.objectives.values()):
            if o.owner is not None and o.owner not in nations and o.owner not in s.alliances:
                L.fail(f"{p}.objectives[{j}].owner", f"unknown nation or alliance {o.owner!r}")
