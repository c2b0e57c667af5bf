"""The bundled pack "Hitler's Global War: Barbarossa", built reproducibly.

``python -m tools.hgw_board OUT.warroom`` (``make sample``) lays the hex grid of Hitler's
Global War (seeds/001; rules-notes/001 §1.2: pointy-top hexes in rows, odd rows shifted right,
ids "RRCC") over the bundled Natural Earth geography, Europe to the Urals with the
Mediterranean, North Africa's coast and the Near East to Suez, and puts the Barbarossa
scenario on it (ruleset ``hgw``).

The rulebook describes the map but does not contain it. What it fixes is honoured exactly:
the hex ids it names (Moscow 1144, Leningrad 0942, Stalingrad 1446, Berlin 1237, the army
hexes, the boxes ...), the off-map boxes, the set-up, the start production 34/16. The rest
is read off the geography or AUTHORED, and every authored item says so
(``Zone.props["authored"]`` lists the fields, ``Map.props["authored"]`` and
``Scenario.props["authored"]`` the choices):

1. Georeference (:func:`fit_grid`): a cylindrical projection (data ``PROJECTION``) and an
   affine map from it to the hex lattice, fitted by weighted least squares to the places the
   rulebook puts in a hex (``CITIES``), then polished so as few places as possible lie
   outside their hex. The misses are listed in ``Map.props["hgw_fit"]``.
2. Each hex: land (land covers a fair share of it), sea, or coastal land (water in it);
   its country is the (1941) country covering most of its land; Switzerland is impassable.
   Hexes the rulebook makes land where the 1:110m coastline is all water (Malta, Gibraltar)
   are forced. Land-land hexsides whose shared edge crosses only water are all-sea
   (``Border.props["all_sea"]``); crossing arrows where a named strait needs one.
3. Terrain, production, roads: AUTHORED from the data tables (each says why).
4. Boxes: the five Barbarossa boxes as insets linked by sea arrows, Siberia east of the
   Urals sharing the eastern land hexes' edges (an oversized hex).

All the knowledge is data in ``data/tables.json``; running the tool twice gives
byte-identical ``dump_json`` output. This is a build tool: ``gamecore`` never imports it.
"""

from __future__ import annotations

import heapq
import math
import os
import sys
from pathlib import Path

import numpy as np
import pyproj
import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from gamecore.engine import new_game
from gamecore.geometry.hexgrid import HexLayout
from gamecore.geometry.queries import label_point
from gamecore.hgw.audit import home_income
from gamecore.interop.geojson import read_geojson
from gamecore.model import (
    Border,
    Link,
    Map,
    Nation,
    Ownership,
    Pack,
    Scenario,
    UnitStack,
    Zone,
    border_key,
)
from tools.hgw_board.fall_of_germany import box_production, fall_of_germany
from tools.sample_world.build import _load_tables, geodata_dir, run_build, summary_line

__all__ = [
    "SCENARIO_ID",
    "build_board",
    "fit_grid",
    "hex_centre",
    "main",
    "side_production",
    "start_income",
]

DATA = Path(__file__).resolve().with_name("data")
_T = _load_tables(DATA / "tables.json")
PROJECTION = _T["PROJECTION"]
HEX_SIZE = float(_T["HEX_SIZE"])
ROWS = _T["ROWS"]
COLS = _T["COLS"]
CITIES = _T["CITIES"]
COUNTRIES = _T["COUNTRIES"]
CARVES = _T["CARVES"]
FORCED_LAND = _T["FORCED_LAND"]
REGION_OVERRIDES = _T["REGION_OVERRIDES"]
MOUNTAINS = _T["MOUNTAINS"]
SWAMPS = _T["SWAMPS"]
DESERTS = _T["DESERTS"]
CLEAR = _T["CLEAR"]
PRODUCTION = _T["PRODUCTION"]
FRENCH_DEVASTATED = _T["FRENCH_DEVASTATED"]
CAPITALS = _T["CAPITALS"]
SEA_AREAS = _T["SEA_AREAS"]
STRAITS = _T["STRAITS"]
SEA_LINKS = _T["SEA_LINKS"]
ROADS = _T["ROADS"]
AXIS_FRIENDLY = _T["AXIS_FRIENDLY"]
SOVIET_FRIENDLY = _T["SOVIET_FRIENDLY"]
HOME = _T["HOME"]
WESTERN_LIBYA_LAST_COL = int(_T["WESTERN_LIBYA_LAST_COL"])
NATIONS = _T["NATIONS"]
ARMIES = _T["ARMIES"]
BOXES = _T["BOXES"]

SCENARIO_ID = "barbarossa"
RULESET = "hgw"
SIBERIA = "SIB"
#: start production of seeds/001 BARBAROSSA SCENARIO SET-UP (the income before the Axis's
#: -17: undevastated points traced to a home-country point; Siberia's arrive later)
START_PRODUCTION = {"AXIS": 34, "SOV": 16}
#: a hex is land when land covers at least this share of it (or it is FORCED_LAND)
LAND_SHARE = 0.2
#: ... and coastal when water covers at least this share of it
WATER_SHARE = 0.03
#: the fit's polish counts a place as inside its hex only this far from the hex's edge
#: (hex circumradius 1)
FIT_MARGIN = 0.08
#: room left of the grid for the western inset boxes, in hex sizes
LEFT_MARGIN = 7.0
SQRT3 = math.sqrt(3.0)


# -- the hex lattice ----------------------------------------------------------------------


def _fail(message: str) -> None:
    """A table contradicts the geography or the rulebook: the build stops (with
    ``HGW_BOARD_LENIENT=1`` in the environment it only reports, to look at a draft)."""
    if os.environ.get("HGW_BOARD_LENIENT"):
        print(f"hgw_board: {message}", file=sys.stderr)
        return
    raise ValueError(message)


def hex_code(row: int, col: int) -> str:
    return f"{row:02d}{col:02d}"


def parse_code(code: str) -> tuple[int, int]:
    return int(code[:2]), int(code[2:])


def hex_centre(row: int, col: int) -> tuple[float, float]:
    """The centre of hex (row, col) in lattice units (circumradius 1, y down): pointy-top,
    odd rows shifted right by half a hex, as :func:`gamecore.geometry.hexgrid.hex_grid`
    lays them out with ``first=1``."""
    return ((col + 0.5 * (row % 2)) * SQRT3, 1.5 * row)


def lattice_hex(x: float, y: float) -> tuple[int, int]:
    """The (row, col) of the hex holding lattice point (x, y)."""
    best: tuple[float, int, int] | None = None
    r0 = int(round(y / 1.5))
    for r in range(r0 - 1, r0 + 2):
        c0 = int(round(x / SQRT3 - 0.5 * (r % 2)))
        for c in range(c0 - 1, c0 + 2):
            cx, cy = hex_centre(r, c)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, r, c)
    assert best is not None
    return best[1], best[2]


def hex_steps(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hex distance of two (row, col) cells in the odd-r layout."""

    def cube(r: int, c: int) -> tuple[int, int]:
        return c - (r - (r & 1)) // 2, r

    (qa, ra), (qb, rb) = cube(*a), cube(*b)
    dq, dr = qa - qb, ra - rb
    return max(abs(dq), abs(dr), abs(dq + dr))


# -- georeference -------------------------------------------------------------------------


def fit_grid() -> dict:
    """Fit the lattice to the geography: projected CITIES (in 100 km) -> lattice, an affine
    ``[[a, b], [d, e], [c, f]]`` by weighted least squares, then a coordinate-descent polish
    that moves it to put the places inside their hexes (minimising the weighted distance
    outside, with a small pull to the centres). Deterministic. Returns
    ``{"affine": 3x2 list, "misses": [...], "places": [...]}``."""
    fwd = pyproj.Transformer.from_crs("EPSG:4326", PROJECTION, always_xy=True)
    names = [c[0] for c in CITIES]
    pts = np.array([fwd.transform(c[1], c[2]) for c in CITIES]) / 1e5
    want = [parse_code(c[3]) for c in CITIES]
    target = np.array([hex_centre(r, c) for r, c in want])
    w = np.array([float(c[4]) for c in CITIES])
    a = np.column_stack([pts, np.ones(len(pts))])
    sol = np.linalg.lstsq(a * w[:, None], target * w[:, None], rcond=None)[0]

    apothem = SQRT3 / 2.0 - FIT_MARGIN

    def cost(s: np.ndarray) -> float:
        # the weighted distance by which each place lies outside its hex shrunk by
        # FIT_MARGIN (the largest overshoot over the hex's three pairs of edges), plus a
        # small pull to the centres
        f = a @ s
        d = np.abs(f - target)
        out = np.maximum.reduce(
            [np.zeros(len(d)), d[:, 0] - apothem, d[:, 0] * 0.5 + d[:, 1] * SQRT3 / 2.0 - apothem]
        )
        return float((w * (10.0 * out + 0.01 * (d**2).sum(axis=1))).sum())

    best, step = cost(sol), 0.05
    while step > 1e-7:
        improved = False
        for i in range(3):
            for j in range(2):
                for sign in (1.0, -1.0):
                    trial = sol.copy()
                    scale = 0.2 * abs(sol[i, j]) if i < 2 else 1.0
                    trial[i, j] += sign * step * scale
                    c = cost(trial)
                    if c < best - 1e-12:
                        best, sol, improved = c, trial, True
        if not improved:
            step /= 2.0
    sol = np.round(sol, 9)
    f = a @ sol
    places, misses = [], []
    for i, name in enumerate(names):
        got = lattice_hex(f[i, 0], f[i, 1])
        code = hex_code(*want[i])
        entry = {"place": name, "hex": code, "falls_in": hex_code(*got)}
        entry["off_by"] = hex_steps(got, want[i])
        places.append(entry)
        if got != want[i]:
            misses.append(entry)
    return {"affine": sol.tolist(), "misses": misses, "places": places}


class _Geo:
    """lon/lat <-> map coordinates through the fitted projection."""

    def __init__(self, affine: list[list[float]], origin: tuple[float, float]):
        self.fwd = pyproj.Transformer.from_crs("EPSG:4326", PROJECTION, always_xy=True)
        self.inv = pyproj.Transformer.from_crs(PROJECTION, "EPSG:4326", always_xy=True)
        (a, d), (b, e), (c, f) = affine
        s, (ox, oy) = HEX_SIZE, origin
        # map = s * (lattice) + origin, lattice = affine(projected / 1e5)
        self.t = (s * a / 1e5, s * b / 1e5, s * c + ox, s * d / 1e5, s * e / 1e5, s * f + oy)

    def xy(self, lon: float, lat: float) -> tuple[float, float]:
        px, py = self.fwd.transform(lon, lat)
        a, b, c, d, e, f = self.t
        return a * px + b * py + c, d * px + e * py + f

    def lonlat(self, x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = self.t
        det = a * e - b * d
        xs, ys = x - c, y - f
        px, py = (e * xs - b * ys) / det, (-d * xs + a * ys) / det
        lon, lat = self.inv.transform(px, py)
        return float(lon), float(lat)

    def geom(self, g: BaseGeometry) -> BaseGeometry:
        g = shapely.segmentize(g, 0.5)
        a, b, c, d, e, f = self.t

        def tr(coords: np.ndarray) -> np.ndarray:
            px, py = self.fwd.transform(coords[:, 0], coords[:, 1])
            px, py = np.asarray(px), np.asarray(py)
            return np.column_stack([a * px + b * py + c, d * px + e * py + f])

        out = shapely.transform(g, tr)
        return out if out.is_valid else shapely.make_valid(out)


def _ring(points) -> Polygon:
    return Polygon([(float(x), float(y)) for x, y in points])


# -- the board ----------------------------------------------------------------------------


def _countries(geo_dir: Path, frame_ll: Polygon) -> dict[str, BaseGeometry]:
    """The 1941 countries (rulebook names) as lon/lat geometry, cut to the map's reach."""
    parts: dict[str, list[BaseGeometry]] = {}
    for f in read_geojson(geo_dir / "ne_110m_countries.geojson"):
        name = str(f.props.get("name"))
        g = f.geometry
        if g is None or not g.intersects(frame_ll):
            continue
        country = COUNTRIES.get(name, name)
        g = g.intersection(frame_ll)
        for target, lon0, lat0, lon1, lat1 in CARVES:
            cut = box(lon0, lat0, lon1, lat1)
            if country != target and g.intersects(cut):
                parts.setdefault(target, []).append(g.intersection(cut))
                g = g.difference(cut)
        parts.setdefault(country, []).append(g)
    return {k: shapely.union_all(v) for k, v in sorted(parts.items())}


def _in_rings(table, lon: float, lat: float) -> str | None:
    p = Point(lon, lat)
    for name, ring in table:
        if _ring(ring).contains(p):
            return name
    return None


def _authored(z: Zone, field_name: str) -> None:
    fields = set(z.props.get("authored", []))
    fields.add(field_name)
    z.props["authored"] = sorted(fields)


def _border(m: Map, a: int, b: int) -> Border:
    key = border_key(a, b)
    if key not in m.borders:
        m.borders[key] = Border(*key)
    return m.borders[key]


def build_board(
    geo_dir: str | Path | None = None, progress=None, last_col: int | None = None
) -> Pack:
    """The Barbarossa pack, built from the Natural Earth files in ``geo_dir``.
    ``last_col``: another last hex column (the campaign pack's xx57: tools/hgw_board/
    campaign.py); the fit, and so every hex id, is the same."""
    geo_dir = Path(geo_dir) if geo_dir else geodata_dir()
    fit = fit_grid()
    (r0, r1), (c0, c1) = ROWS, COLS
    c1 = last_col or c1
    margin = HEX_SIZE
    ox, oy = _origin()
    geo = _Geo(fit["affine"], (ox, oy))

    # the grid (gamecore's HexLayout: the polygons the hex checks expect, corners snapped)
    layout = HexLayout((r0, r1), (c0, c1), HEX_SIZE, _layout_origin(), layout="odd-r")
    m = Map(name="Hitler's Global War: Europe to the Urals")
    cells: dict[str, tuple[int, int]] = {}
    for zid, (row, col) in enumerate(layout.cells(), start=1):
        code = layout.code(row, col)
        assert code == hex_code(row, col)
        geom = layout.polygon(row, col)
        cx, cy = hex_centre(row, col)
        centre = (HEX_SIZE * cx + ox, HEX_SIZE * cy + oy)
        assert Point(layout.centre(row, col)).distance(Point(centre)) < 1e-6, code
        z = Zone(zid, code, code, kind="sea", geometry=geom, label=layout.centre(row, col))
        z.props["hex"] = [row, col]
        m.zones[zid] = z
        cells[code] = (row, col)
    by_code = {z.code: z for z in m.zones.values()}
    hex_union = shapely.union_all([z.geometry for z in m.zones.values()])

    # land, coast and country from the geography
    minx, miny, maxx, maxy = hex_union.bounds
    corners = [geo.lonlat(x, y) for x in (minx, maxx) for y in (miny, maxy)]
    lons = [c[0] for c in corners]
    lats = [c[1] for c in corners]
    frame_ll = box(min(lons) - 5, max(min(lats) - 5, -80), max(lons) + 5, min(max(lats) + 5, 84))
    countries = {k: geo.geom(v) for k, v in _countries(geo_dir, frame_ll).items()}
    land = shapely.union_all(list(countries.values()))
    area = next(iter(m.zones.values())).geometry.area
    forced: dict[str, tuple[str, str]] = {}
    for code, name, lon, lat, country in FORCED_LAND:
        forced[code or _hex_at(geo, lon, lat)] = (name, country)
    for z in m.zones.values():
        share = z.geometry.intersection(land).area / area
        z.props["land_share"] = round(share, 3)
        if share >= LAND_SHARE or z.code in forced:
            z.kind = "land"
            if share < 1.0 - WATER_SHARE:
                z.set_flag("coastal")
            if z.code in forced:
                name, z.region = forced[z.code]
                if z.name == z.code:
                    z.name = name
                _authored(z, "region")
                if share < LAND_SHARE:
                    _authored(z, "kind")
                continue
            z.region = _largest_country(z, countries)
    for code, country, why in REGION_OVERRIDES:
        z = by_code[code]
        if z.kind != "land":
            _fail(f"region override {code}: not a land hex")
        z.region = country
        z.props["authored_why"] = why
        _authored(z, "region")
    for z in m.zones.values():
        if z.region == "Switzerland":
            z.kind = "impassable"
            z.flags = [f for f in z.flags if f != "coastal"]

    # names of the places the rulebook puts in a hex
    for name, _lon, _lat, code, _w, _src in CITIES:
        z = by_code.get(code)
        if z is None:
            _fail(f"the rulebook's {name} hex {code} is outside the map")
        if z.kind != "land":
            # the rulebook puts a place there: a coastal land hex of the nearest country
            z.kind = "land"
            z.set_flag("coastal")
            _authored(z, "kind")
            z.region = _nearest_country(z, countries)
        z.name = name

    # coastal (HGW-CONTRACT; HEX008): a land hex with water in it beside a sea hex or the
    # map edge (water inside the land, e.g. a lake at this scale, does not make a coast)
    adj = _grid_adjacency(cells, by_code)
    around: dict[int, set[int]] = {}
    for a, b in adj:
        around.setdefault(a, set()).add(b)
        around.setdefault(b, set()).add(a)
    for z in m.zones.values():
        if z.has_flag("coastal"):
            row, col = z.props["hex"]
            edge = row in (r0, r1) or col in (c0, c1)
            if not edge and not any(m.zones[n].kind == "sea" for n in around.get(z.id, ())):
                z.set_flag("coastal", False)

    # sea areas: of sea hexes (Zone.region) and of the water in coastal hexes
    for z in m.zones.values():
        if z.kind == "sea" or z.has_flag("coastal"):
            lon, lat = geo.lonlat(*z.label)
            sea_area = _in_rings(SEA_AREAS, lon, lat) or "Atlantic Ocean"
            if z.kind == "sea":
                z.region = sea_area
            else:
                z.props["sea_area"] = sea_area

    # terrain (AUTHORED)
    for z in m.zones.values():
        if z.kind != "land":
            continue
        lon, lat = geo.lonlat(*z.label)
        terrain = "clear"
        if _in_rings(MOUNTAINS, lon, lat):
            terrain = "mountain"
        elif _in_rings(SWAMPS, lon, lat):
            terrain = "swamp"
        elif _in_rings(DESERTS, lon, lat) and not _in_rings(CLEAR, lon, lat):
            terrain = "desert"
        if terrain != "clear":
            z.terrain = terrain
            _authored(z, "terrain")

    # production (AUTHORED), capitals
    points_at: dict[str, int] = {}
    row_hex: dict[str, str] = {}
    for name, lon, lat, code, points, _why in PRODUCTION:
        if code is None:
            code = _hex_at(geo, lon, lat)
        z = by_code.get(code)
        if z is None or z.kind != "land":
            _fail(f"production {name}: hex {code} is not a land hex of the map")
            continue
        points_at[code] = points_at.get(code, 0) + int(points)
        row_hex[name] = code
    for code, pts in sorted(points_at.items()):
        if pts > 4:
            _fail(f"hex {code} would print {pts} production points (at most 4)")
        by_code[code].value = pts
        _authored(by_code[code], "value")
    for name, country in CAPITALS:
        code = _named_hex(name, row_hex)
        z = by_code[code]
        if z.region != country:
            _fail(f"capital {name} ({code}) lies in {z.region}, not {country}")
        z.set_flag("capital")
        z.props["capital_of"] = country
    for name, _lon, _lat, _code, _pts, _why in PRODUCTION:
        if name in row_hex and by_code[row_hex[name]].name == row_hex[name]:
            by_code[row_hex[name]].name = name

    # hexsides: all-sea borders between land hexes, roads
    for a, b in sorted(adj):
        za, zb = m.zones[a], m.zones[b]
        if za.kind != "land" or zb.kind != "land":
            continue
        edge = za.geometry.intersection(zb.geometry)
        if edge.length > 0 and not edge.intersects(land):
            _border(m, a, b).props["all_sea"] = True
    land_nbrs: dict[int, list[int]] = {}
    for a, b in sorted(adj):
        if m.zones[a].kind == m.zones[b].kind == "land":
            if not m.border(a, b).props.get("all_sea"):
                land_nbrs.setdefault(a, []).append(b)
                land_nbrs.setdefault(b, []).append(a)
    for name, points in ROADS:
        stops = [by_code[_hex_at(geo, lon, lat)] for lon, lat in points]
        for stop in stops:
            if stop.kind != "land":
                _fail(f"road {name}: waypoint hex {stop.code} is not a land hex")
        for za, zb in zip(stops, stops[1:], strict=False):
            route = _land_route(m, land_nbrs, za.id, zb.id)
            if route is None:
                _fail(f"road {name}: no land route from {za.code} to {zb.code}")
                continue
            for ha, hb in zip(route, route[1:], strict=False):
                bd = _border(m, ha, hb)
                bd.props["road"] = True
                bd.props["authored"] = True

    # crossing arrows
    straits_log = []
    for name, lon_a, lat_a, lon_b, lat_b, why in STRAITS:
        ca, cb = _hex_at(geo, lon_a, lat_a), _hex_at(geo, lon_b, lat_b)
        za, zb = by_code.get(ca), by_code.get(cb)
        entry = {"name": name, "hexes": [ca, cb], "why": why}
        if za is None or zb is None or za.kind != "land" or zb.kind != "land":
            entry["arrow"] = "no: a shore is not a land hex of the map"
        elif ca == cb:
            entry["arrow"] = "no: one hex holds both shores"
        elif border_key(za.id, zb.id) in adj and not m.border(za.id, zb.id).props.get("all_sea"):
            entry["arrow"] = "no: the shores share a land hexside"
        else:
            lid = m.next_id("links")
            a, b = sorted((za.id, zb.id))
            m.links[lid] = Link(
                lid, "strait", a, b, name, props={"crossing_arrow": True, "authored": True}
            )
            entry["arrow"] = "yes"
        straits_log.append(entry)

    # the sea geography the grid is too coarse for: seas apart, joined, passages
    _sea_links(m, by_code)

    # off-map boxes
    _boxes(m, by_code, cells, hex_union, c1)

    m.width = round(max(z.geometry.bounds[2] for z in m.zones.values()) + margin, 3)
    m.height = round(max(z.geometry.bounds[3] for z in m.zones.values()) + margin, 3)
    a, b, c, d, e, f = geo.t
    m.crs = PROJECTION
    m.transform = [round(v, 9) for v in (a, b, c, d, e, f)]
    m.props["geo"] = {"bbox": [round(v, 3) for v in frame_ll.bounds]}
    m.props["hex"] = layout.to_props()
    m.props["hgw_fit"] = {
        "projection": PROJECTION,
        "misses": fit["misses"],
        "places": len(fit["places"]),
    }
    m.props["hgw_straits"] = straits_log
    m.props["authored"] = (
        "The rulebook's map is lost (rules-notes/001 §0.3): the hexes it names are at their "
        "ids; land, coast and countries come from Natural Earth 1:110m; terrain, production "
        "points, roads, crossing arrows and the boxes' insets are authored "
        "(tools/hgw_board/data/tables.json; docs/hgw_board.md)."
    )

    pack = Pack(map=m)
    pack.meta = {
        "title": "Hitler's Global War: Barbarossa",
        "description": (
            "Hitler's Global War v1.4b, the Barbarossa scenario, on a hex grid fitted to "
            "Natural Earth 1:110m geography: Europe to the Urals, the Mediterranean and the "
            f"Near East, {sum(1 for z in m.zones.values() if z.kind == 'land')} land hexes, "
            "5 off-map boxes and Siberia. Authored where the rulebook's lost map is silent. "
            "Also the Fall of Germany scenario (three sides; and its two-player variant)."
        ),
        "source": "Natural Earth (public domain), see resources/geodata/README.md",
        "built_by": "python -m tools.hgw_board",
    }
    try:
        _scenario(pack, by_code, row_hex)
        box_production(m)
        fall_of_germany(pack)
        fall_of_germany(pack, two_player=True)
    except (KeyError, ValueError) as err:
        _fail(f"scenario: {err!r}")
    return pack


def _sea_links(m: Map, by_code: dict[str, Zone]) -> None:
    """SEA_LINKS (rules-notes/001 §1.3): 'apart' pairs become not_adjacent links, 'join'
    pairs sea links, 'passage' pairs sea links that ``gamecore.hgw.geo`` opens to a sea
    route only while ``props["sea_control"]`` (a hex id) is friendly."""
    for kind, ca, cb, ctl, name, why in SEA_LINKS:
        za, zb = by_code.get(ca), by_code.get(cb)
        if za is None or zb is None or za.kind != "sea" or zb.kind != "sea":
            _fail(f"sea link {name}: {ca} and {cb} must both be sea hexes of the map")
            continue
        props: dict = {"authored": True, "why": why}
        if kind == "apart":
            link_kind = "not_adjacent"
        elif kind in ("join", "passage"):
            link_kind = "connection"  # a sea-sea link ("strait" is a land-land crossing)
            if kind == "passage":
                c = by_code.get(ctl or "")
                if c is None or c.kind != "land":
                    _fail(f"sea link {name}: controlling hex {ctl} is not a land hex")
                    continue
                props["sea_control"] = ctl
        else:
            _fail(f"sea link {name}: unknown kind {kind!r}")
            continue
        lid = m.next_id("links")
        a, b = sorted((za.id, zb.id))
        m.links[lid] = Link(lid, link_kind, a, b, name, props=props)


def _largest_country(z: Zone, countries: dict[str, BaseGeometry]) -> str:
    """The country covering most of the hex (the first in name order on a tie)."""
    best, best_area = "", 0.0
    for country, g in countries.items():
        a = z.geometry.intersection(g).area
        if a > best_area + 1e-9:
            best, best_area = country, a
    return best


def _nearest_country(z: Zone, countries: dict[str, BaseGeometry]) -> str:
    best, best_d = "", math.inf
    for country, g in countries.items():
        d = z.geometry.distance(g)
        if d < best_d - 1e-9:
            best, best_d = country, d
    return best


def _named_hex(name: str, row_hex: dict[str, str]) -> str:
    for cname, _lon, _lat, code, _w, _src in CITIES:
        if cname == name:
            return code
    if name in row_hex:
        return row_hex[name]
    _fail(f"no city or production row named {name!r}")


def _layout_origin() -> tuple[float, float]:
    """The HexLayout origin (top-left corner of the grid's box) matching :func:`_origin`."""
    return (LEFT_MARGIN * HEX_SIZE, HEX_SIZE)


def _origin() -> tuple[float, float]:
    """Map position of lattice point (0, 0): the kept grid's left edge (even rows) lies
    LEFT_MARGIN from x = 0 (room for the western inset boxes), its top one hex size down."""
    (r0, _r1), (c0, _c1) = ROWS, COLS
    ox = LEFT_MARGIN * HEX_SIZE - HEX_SIZE * (c0 - 0.5) * SQRT3
    oy = HEX_SIZE - HEX_SIZE * (1.5 * r0 - 1.0)
    return ox, oy


def _hex_at(geo: _Geo, lon: float, lat: float) -> str:
    return hex_code(*_map_hex(*geo.xy(lon, lat)))


def _map_hex(x: float, y: float) -> tuple[int, int]:
    """(row, col) of the hex holding map point (x, y)."""
    ox, oy = _origin()
    return lattice_hex((x - ox) / HEX_SIZE, (y - oy) / HEX_SIZE)


def _grid_adjacency(cells: dict[str, tuple[int, int]], by_code: dict[str, Zone]) -> set:
    """Zone-id pairs of neighbouring hexes (odd-r: HGW-CONTRACT.md)."""
    out = set()
    for code, (r, c) in cells.items():
        if r % 2:
            around = [
                (r, c - 1),
                (r, c + 1),
                (r - 1, c),
                (r - 1, c + 1),
                (r + 1, c),
                (r + 1, c + 1),
            ]
        else:
            around = [
                (r, c - 1),
                (r, c + 1),
                (r - 1, c - 1),
                (r - 1, c),
                (r + 1, c - 1),
                (r + 1, c),
            ]
        for rr, cc in around:
            other = by_code.get(hex_code(rr, cc))
            if other is not None:
                out.add(border_key(by_code[code].id, other.id))
    return out


def _land_route(m: Map, land_nbrs: dict[int, list[int]], a: int, b: int) -> list[int] | None:
    """The hexes of a road from hex a to hex b over land hexsides: the fewest hexsides,
    among those the one keeping closest to the straight line (deterministic)."""
    if a == b:
        return [a]
    line = LineString([m.zones[a].label, m.zones[b].label])
    done: set[int] = set()
    frontier: list[tuple[int, float, int, tuple[int, ...]]] = [(0, 0.0, a, (a,))]
    while frontier:
        steps, off, here, path = heapq.heappop(frontier)
        if here in done:
            continue
        done.add(here)
        if here == b:
            return list(path)
        for n in land_nbrs.get(here, ()):
            if n not in done:
                cost = off + line.distance(Point(m.zones[n].label))
                heapq.heappush(frontier, (steps + 1, cost, n, (*path, n)))
    return None


def _boxes(
    m: Map, by_code: dict[str, Zone], cells, hex_union: BaseGeometry, last_col: int = COLS[1]
) -> None:
    """The Barbarossa boxes: insets beside the map (sea arrows to sea hexes), Siberia east
    of the Urals sharing the eastern land hexes' edges."""
    minx, miny, maxx, maxy = hex_union.bounds
    s = HEX_SIZE
    w, h = 5.0 * s, 2.4 * s
    # each inset faces the sea hex its arrow reaches (the west ones at its row, the south
    # ones below its column), pushed apart where two would overlap
    last_end = {"west": -math.inf, "south": -math.inf}
    for code, name, country, points, retreat, side, seas in BOXES:
        zid = m.next_id("zones")
        if code == SIBERIA:
            east = [
                z
                for z in m.zones.values()
                if z.props.get("hex", [0, 0])[1] == last_col and z.region == country
            ]
            top = min(z.geometry.bounds[1] for z in east)
            bottom = max(z.geometry.bounds[3] for z in east)
            geom = box(maxx + 1.5 * s, top, maxx + 1.5 * s + w, bottom)
        elif side == "west":
            y = max(by_code[seas[0]].label[1] - h / 2.0, last_end["west"] + s)
            geom = box(minx - w - 1.5 * s, y, minx - 1.5 * s, y + h)
            last_end["west"] = y + h
        else:
            x = max(by_code[seas[0]].label[0] - w / 2.0, last_end["south"] + s, minx)
            geom = box(x, maxy + 1.5 * s, x + w, maxy + 1.5 * s + h)
            last_end["south"] = x + w
        z = Zone(
            zid,
            code,
            name,
            kind="offmap",
            geometry=geom,
            value=int(points),
            region=country,
            label=label_point(geom),
        )
        z.props["box"] = {"stacking": None, "retreat": bool(retreat)}
        z.props["garrison"] = 0 if code != SIBERIA else 1
        z.props["authored"] = ["geometry"]
        m.zones[zid] = z
        by_code[code] = z
        if code == SIBERIA:
            # drawn apart, joined by a border row with each eastern land hex of the USSR
            # (HGW-CONTRACT: it acts as one oversized hex beside them)
            for hz in sorted(east, key=lambda z: z.id):
                if hz.kind == "land":
                    _border(m, hz.id, zid).props["offmap_side"] = True
        for sea in seas:
            target = by_code.get(sea)
            if target is None or not (target.kind == "sea" or target.has_flag("coastal")):
                _fail(f"box {name}: sea arrow target {sea} is neither sea nor coast")
            lid = m.next_id("links")
            m.links[lid] = Link(
                lid,
                "offmap",
                zid,
                target.id,
                f"{name} sea arrow",
                props={"sea_arrow": True, "authored": True},
            )
    if min(z.geometry.bounds[0] for z in m.zones.values()) < 0:
        _fail("inset boxes stick out of the map frame: grow LEFT_MARGIN")


def side_production(pack: Pack, scenario: Scenario) -> dict[str, int]:
    """Undevastated production points each side controls at the start, boxes apart,
    whether or not they trace supply (Finland's count here but are no income: see
    :func:`start_income`)."""
    dev = scenario.props.get("hgw_devastated", {})
    out: dict[str, int] = {}
    for zid, o in scenario.ownership.items():
        z = pack.map.zones[zid]
        if o.owner is None or z.kind != "land":
            continue
        points = z.value - int(dev.get(z.code, {}).get("points", 0))
        out[o.owner] = out.get(o.owner, 0) + points
    return out


def start_income(pack: Pack, scenario_id: str = SCENARIO_ID) -> dict[str, int]:
    """Each side's production at the start as the hgw rule system computes it: the
    undevastated points it holds in full supply (traced to a home-country point), before
    the scenario's income modifier (the Axis's -17): what seeds/001's 34 and 16 are
    (PRODUCTION 1; gamecore.hgw.audit.home_income). A point cut off from home, like
    Finland's, is not counted."""
    s = new_game(pack, scenario_id, log="none")
    return {side: home_income(s, side) for side in START_PRODUCTION}


def _scenario(pack: Pack, by_code: dict[str, Zone], row_hex: dict[str, str]) -> None:
    m = pack.map
    home: dict[str, list[int]] = {}
    owner_of: dict[int, str | None] = {}
    for z in m.zones.values():
        if z.kind not in ("land", "offmap"):
            continue
        owner = None
        if z.region in AXIS_FRIENDLY:
            owner = "AXIS"
            if z.region == "Libya" and z.props["hex"][1] > WESTERN_LIBYA_LAST_COL:
                owner = None
        elif z.region in SOVIET_FRIENDLY:
            owner = "SOV"
        owner_of[z.id] = owner
        for side, countries in HOME.items():
            if z.region in countries and z.kind == "land":
                home.setdefault(side, []).append(z.id)
    capitals = {"AXIS": by_code["1237"].id, "SOV": by_code["1144"].id}
    for nid, name, colour, playable in NATIONS:
        pack.nations[nid] = Nation(
            nid, name, colour, "major", bool(playable), capitals.get(nid), sorted(home.get(nid, []))
        )
    sc = Scenario(SCENARIO_ID, "Barbarossa (Summer 1941 - Winter 1943)", ruleset=RULESET)
    sc.start = "1941-05"  # Summer 1941: the "3-seasons" calendar's May-August
    sc.calendar = "3-seasons"
    sc.rounds = 8  # Summer 1941 .. Winter 1943
    sc.turn_order = [["AXIS"], ["SOV"]]
    sc.set_relation("AXIS", "SOV", "war")
    sc.set_relation("ALL", "AXIS", "war")
    sc.set_relation("ALL", "SOV", "neutral")
    for zid, owner in sorted(owner_of.items()):
        sc.ownership[zid] = Ownership(owner, owner)
    armies = []
    for side, army, code, inf, mech in ARMIES:
        z = by_code[code]
        if owner_of.get(z.id) != side:
            _fail(f"{army} at {code} stands in a hex its side does not hold")
        if inf:
            sc.units.append(UnitStack(z.id, side, "inf", int(inf)))
        if mech:
            sc.units.append(UnitStack(z.id, side, "mech", int(mech)))
        entry = {"name": army, "nation": side, "zone_code": code}
        if army == "Army Group Center":
            entry["authored"] = True
        armies.append(entry)
    sc.props["hgw_armies"] = armies
    devastated: dict[str, dict] = {}
    for name in FRENCH_DEVASTATED:
        code = row_hex[name]
        if by_code[code].region != "France":
            _fail(f"French devastation {name} ({code}) is not in France")
        d = devastated.setdefault(code, {"points": 0, "permanent": True})
        d["points"] += _points_of(name)
    for z in sorted(m.zones.values(), key=lambda z: z.code):
        if z.region in ("Yugoslavia", "Greece", "Crete") and z.value:
            devastated[z.code] = {"points": z.value, "permanent": False}
    sc.props["hgw_devastated"] = dict(sorted(devastated.items()))
    sc.props["hgw_start_production"] = dict(START_PRODUCTION)
    sc.props["hgw_siberia"] = {
        "box": SIBERIA,
        "no_move_before_round": 2,
        "production": [
            {"from_round": 2, "points": 8},
            {"from_round": 6, "points": 12, "if_soviet": True},
        ],
    }
    sc.props["hgw_boxes"] = [b[0] for b in BOXES]
    sc.props["hgw_neutral_unattackable"] = True
    sc.props["hgw_axis_production_cut"] = 17
    sc.props["hgw_victory"] = {
        "AXIS": {"hold_all": ["0942", "1144", "1446"]},
        "SOV": {"take_any": ["1237"], "or_at_end": True},
    }
    centre = next(a[2] for a in ARMIES if a[1] == "Army Group Center")
    sc.props["authored"] = (
        f"Army Group Center at {centre} (its hex is missing from seeds/001); France, Denmark and "
        "Norway Axis-friendly (the printed list is garbled); the 3 permanently devastated "
        "French points are Vichy, Lyon and Marseille (the unoccupied zone); the production "
        "points of every hex (summing to the printed 34 and 16)"
    )
    sc.props["sources"] = (
        "seeds/001 BARBAROSSA SCENARIO SET-UP AND SPECIAL RULES; rules-notes/001 §2.2, §2.8"
    )
    pack.scenarios[sc.id] = sc
    got = start_income(pack, sc.id)
    for side, want in START_PRODUCTION.items():
        if got.get(side, 0) != want:
            _fail(f"{side} start production {got.get(side, 0)}, the rulebook says {want}")


def _points_of(name: str) -> int:
    for row in PRODUCTION:
        if row[0] == name:
            return int(row[4])
    _fail(f"no production row {name!r}")


def _summary(pack: Pack) -> str:
    m = pack.map
    return summary_line(
        pack,
        {"land": "land hexes", "sea": "sea hexes", "offmap": "boxes"},
        {"links": len(m.links), "marked hexsides": len(m.borders)},
    )


def main(argv: list[str] | None = None) -> int:
    return run_build(
        argv,
        "python -m tools.hgw_board",
        'Build the bundled pack "Hitler\'s Global War: Barbarossa".',
        build_board,
        _summary,
    )
