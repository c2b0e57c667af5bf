"""The bundled sample pack "World 1939", built reproducibly from Natural Earth data.

``python -m tools.sample_world OUT.warroom`` (``make sample``, from the root of a source
tree) reads ``resources/geodata/`` (Natural Earth 1:110m countries and populated places, public
domain), groups today's countries into the zones of September 1939 (merging countries,
carving pieces out of them by lon/lat boxes and splitting large ones into Voronoi cells
around period cities), adds the small Pacific and Mediterranean islands the data lacks,
and builds the map with :func:`gamecore.interop.geojson.build_map` (Miller projection,
east-west wrap, the ocean split at Gibraltar, the Bosporus, Bab-el-Mandeb, Hormuz and the
Skagerrak into basins and then into numbered sea zones). On top it puts terrain, cities,
facilities, straits and canals, convoy lines and the scenario ``1939`` on the ``g40``
ruleset, plus ``global-war-1936`` on the ``global_war`` ruleset (Global War 1936-1945,
seeds/000). Running it twice gives byte-identical ``dump_json`` output.

All the period knowledge is data beside this file: ``data/tables.json`` (each table with
its ``doc``, its ``type`` and its ``value``) and the two objective texts in the condition
language (``data/objectives_*.txt``); the code only interprets them. This is a build tool,
not part of the game core: ``gamecore`` never imports it (the pack it writes is data).
It reads the resources of its own source tree and refuses to run with the ``gamecore``
of another tree, so a build in one checkout cannot pick up another checkout's files.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Point, box
from shapely.geometry.base import BaseGeometry

import gamecore
from gamecore.errors import GeometryError
from gamecore.geometry.queries import zones_along
from gamecore.interop.geojson import (
    GeoFeature,
    ImportOptions,
    LandPiece,
    build_map,
    read_geojson,
)
from gamecore.interop.projection import MapProjection, fit_projection
from gamecore.model import (
    Alliance,
    Border,
    Facility,
    Line,
    Link,
    Map,
    Nation,
    Ownership,
    Pack,
    Scenario,
    TerrainArea,
    UnitStack,
    border_key,
)

__all__ = ["base_map", "build_sample", "main"]

#: the root of the source tree this tool belongs to (tools/sample_world/build.py)
ROOT = Path(__file__).resolve().parents[2]
#: the resources of that tree (geodata, the condition texts)
RESOURCES = ROOT / "resources"
DATA = Path(__file__).resolve().with_name("data")


def tree_mismatch(root: Path = ROOT) -> str | None:
    """Why this tool must not run here, or None: the gamecore it imports must be the one
    of its own tree (not another checkout's editable install), else the pack would mix
    two trees' code and resources."""
    mine = (root / "gamecore").resolve()
    used = Path(gamecore.__file__).resolve().parent
    if used != mine:
        return (
            f"tools.sample_world: gamecore is imported from {used}, not from {mine}; "
            "run it with this tree's own virtual environment"
        )
    return None


def _frozen(value):
    """JSON arrays inside a table are the tuples of its rows."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


def _load_tables(path: Path) -> dict:
    """``data/tables.json``: name -> {"doc", "type", "value"}; ``type`` is the container
    of the table itself (list, tuple, set, dict or scalar), its rows are tuples."""
    out = {}
    for name, entry in json.loads(path.read_text(encoding="utf-8")).items():
        kind, value = entry["type"], entry["value"]
        if kind == "list":
            out[name] = [_frozen(v) for v in value]
        elif kind == "set":
            out[name] = {_frozen(v) for v in value}
        elif kind in ("tuple", "dict", "scalar"):
            out[name] = _frozen(value)
        else:
            raise ValueError(f"{path}: table {name} has unknown type {kind!r}")
    return out


_T = _load_tables(DATA / "tables.json")
PROJECTION = _T["PROJECTION"]
BBOX = _T["BBOX"]
WIDTH = _T["WIDTH"]
SEA_ZONES = _T["SEA_ZONES"]
LAND = _T["LAND"]
GROUPS = _T["GROUPS"]
DROPPED = _T["DROPPED"]
ISLAND_RADIUS = _T["ISLAND_RADIUS"]
SLOT_RADIUS = _T["SLOT_RADIUS"]
CITIES = _T["CITIES"]
CUTS = _T["CUTS"]
BASINS = _T["BASINS"]
NAMED_SEAS = _T["NAMED_SEAS"]
CANALS = _T["CANALS"]
STRAITS = _T["STRAITS"]
CONVOYS = _T["CONVOYS"]
ROUNDELS = _T["ROUNDELS"]
TERRAIN_AREAS = _T["TERRAIN_AREAS"]
MIN_TERRAIN_AREA = _T["MIN_TERRAIN_AREA"]
RAILWAYS = _T["RAILWAYS"]
RIVERS = _T["RIVERS"]
RIVER_REACH = _T["RIVER_REACH"]
RIVER_SHARE = _T["RIVER_SHARE"]
RIVER_MIN_LENGTH = _T["RIVER_MIN_LENGTH"]
RIVER_NOT = _T["RIVER_NOT"]
NARROW_CROSSINGS = _T["NARROW_CROSSINGS"]
GW_CONVOYS = _T["GW_CONVOYS"]
GW_FACILITIES = _T["GW_FACILITIES"]
GW_SERVES_SEA = _T["GW_SERVES_SEA"]
GW_NATIONS = _T["GW_NATIONS"]
GW1936_OWNERS = _T["GW1936_OWNERS"]
GW_OBJECTIVE_CITIES = _T["GW_OBJECTIVE_CITIES"]
NATIONS = _T["NATIONS"]
CAPITALS = _T["CAPITALS"]
ALLIANCES = _T["ALLIANCES"]
RELATIONS = _T["RELATIONS"]
TURN_ORDER = _T["TURN_ORDER"]
SETUP = _T["SETUP"]
GW1936_ID = _T["GW1936_ID"]
GW1936_HOUSE_ID = _T["GW1936_HOUSE_ID"]
GW1936_ALLIANCES = _T["GW1936_ALLIANCES"]
GW1936_TURN_ORDER = _T["GW1936_TURN_ORDER"]
GW1936_RELATIONS = _T["GW1936_RELATIONS"]
GW1936_BANKS = _T["GW1936_BANKS"]
GW1936_PEACETIME_INCOME = _T["GW1936_PEACETIME_INCOME"]
GW1936_SETUP = _T["GW1936_SETUP"]
GW1936_OBJECTIVE_WORDS = _T["GW1936_OBJECTIVE_WORDS"]
FACILITY_OF = _T["FACILITY_OF"]
PORT_REACH = _T["PORT_REACH"]
#: national objectives and victory conditions (the condition language, docs/conditions.md)
OBJECTIVES = (DATA / "objectives_1939.txt").read_text(encoding="utf-8")
#: the Global War 1936 objectives; the words of GW1936_OBJECTIVE_WORDS are spelled out
GW1936_OBJECTIVES = (DATA / "objectives_gw1936.txt").read_text(encoding="utf-8")


def _objective_text() -> str:
    """GW1936_OBJECTIVES with the words of GW1936_OBJECTIVE_WORDS spelled out."""
    text = GW1936_OBJECTIVES
    for word, spelled in GW1936_OBJECTIVE_WORDS.items():
        text = re.sub(rf"\b{word}\b", spelled, text)
    return text


def gw1936_events_text() -> str:
    """The 1936 scenario's events (gates for declarations of war, historical events,
    pacts): ``resources/conditions/gw1936_events.txt``."""
    return (RESOURCES / "conditions" / "gw1936_events.txt").read_text(encoding="utf-8")


def _alliances_relations_owners(sc, m, rows, alliances, relations, owners) -> None:
    """A scenario's alliances, its relations (every playable pair at peace, then the
    listed ones) and the owner of each land zone (``owners`` overrides the map's table)."""
    for aid, name, colour, members in alliances:
        sc.alliances[aid] = Alliance(aid, name, list(members), colour)
    playable = [n[0] for n in NATIONS if n[4]]
    for i, a in enumerate(playable):
        for b in playable[i + 1 :]:
            sc.set_relation(a, b, "peace")
    for a, b, status, by in relations:
        sc.set_relation(a, b, status, by)
    for z in m.zones.values():
        if z.kind != "land":
            continue
        owner = owners.get(z.code, rows[z.code].owner)
        sc.ownership[z.id] = Ownership(owner, owner)


def _scenario_1936(
    pack: Pack,
    rows,
    by_code,
    seas,
    sid: str = GW1936_ID,
    name: str = "Global War: July 1936",
    ruleset: str = "global_war",
) -> Scenario:
    """The ``global-war-1936`` scenario on the same map: July 1936 to July 1945, 18 turns
    of six months (§2.1, §6.1), every Major at peace (§2.1: the Majors start on peacetime
    income), the three Alliances of T 4-1, the turn order of T 6-1. The same set-up under
    another id and ruleset gives its variants (the house rules)."""
    m = pack.map
    sc = Scenario(sid, name, ruleset=ruleset)
    sc.start = "1936-07"  # §6.1 "July 1936 is the first turn of the Global War scenario"
    sc.calendar = "6-months"
    sc.rounds = 18  # §2.1 "The game ends in July 1945 (18 turns)"
    sc.turn_order = [list(slot) for slot in GW1936_TURN_ORDER]
    # the Chinese Civil War (§13.3): the KMT and the CCP are at war from the start
    _alliances_relations_owners(sc, m, rows, GW1936_ALLIANCES, GW1936_RELATIONS, GW1936_OWNERS)
    for nation, entries in GW1936_SETUP.items():
        for where, units in entries:
            if where.startswith("sea "):
                _, lon, lat = where.split()
                zid = seas.at(float(lon), float(lat))
            else:
                zid = by_code[where].id
            for unit, count in _units(units):
                sc.units.append(UnitStack(zid, nation, unit, count))
    sc.banks = dict(GW1936_BANKS)
    from gamecore.conditions import rules_to_objectives

    for obj in rules_to_objectives(_objective_text() + _objective_city_rules(pack, sc)):
        sc.objectives[obj.id] = obj
    # §4-§5, §13-§14: the declarations-of-war gates, historical events and pacts, written
    # in the condition language (resources/conditions/gw1936_events.txt)
    for obj in rules_to_objectives(gw1936_events_text()):
        sc.objectives[obj.id] = obj
    sc.props["sources"] = (
        "seeds/000 §2.1, §2.4, §3.2, §4-§5, §13-§14, T 4-1, T 6-1; rules-notes/000 §2"
    )
    # §3.2 the ten Objective Cities; §2.4 peacetime income (what each nation collects
    # until it is at war with a Major) and the wartime income it rises to (the value of
    # its starting zones), for the rules that raise it
    sc.props["objective_cities"] = [by_code[c].id for c in GW_OBJECTIVE_CITIES]
    wartime: dict[str, int] = {}
    for zid, o in sorted(sc.ownership.items()):
        if o.owner:
            wartime[o.owner] = wartime.get(o.owner, 0) + m.zones[zid].value
    sc.props["peacetime_income"] = dict(GW1936_PEACETIME_INCOME)
    sc.props["wartime_income"] = {n: wartime.get(n, 0) for n in sorted(GW1936_PEACETIME_INCOME)}
    return sc


def _objective_city_rules(pack: Pack, sc: Scenario) -> str:
    """§3.2: +1 VP to an Alliance for each Objective City it holds at the end that an
    opposing player held at the start (conditions in the condition language)."""
    m = pack.map
    out = []
    for aid in sorted(sc.alliances):
        names = [
            m.zone_by_code(c).name
            for c in GW_OBJECTIVE_CITIES
            if sc.alliance_of(sc.owner_of(m.zone_by_code(c).id) or "") not in (None, aid)
        ]
        targets = ", ".join(f'"{n}"' for n in names)
        out.append(
            f'victory GW_{aid.upper()}_objective_cities "Objective Cities ({aid})" {{\n'
            f"  side: {aid}  check: game_end\n"
            f"  vp: count(t in {{{targets}}}: controls({aid}, t)) }}\n"
        )
    return "\n" + "".join(out)


# ---------------------------------------------------------------------------------------
# building


def geodata_dir() -> Path:
    return RESOURCES / "geodata"


def _key(f: GeoFeature) -> str:
    iso = f.props.get("iso_a3")
    return str(iso) if iso and iso != "-99" else str(f.props.get("name"))


@dataclass
class _Row:
    code: str
    name: str
    owner: str
    value: int
    region: str
    kind: str  # "countries", "seed", "carve", "island"
    countries: tuple[str, ...] = ()
    group: str = ""
    point: tuple[float, float] = (0.0, 0.0)
    points: tuple[tuple[float, float], ...] = ()  # an island group's islands
    boxes: tuple[tuple[tuple[str, ...], tuple[float, float, float, float]], ...] = ()


def _rows(land: dict | None = None) -> list[_Row]:
    """The land zones of table ``land`` (default: ``LAND``, the 1939 zones)."""
    rows = []
    for region, entries in (LAND if land is None else land).items():
        for code, name, owner, value, src in entries:
            row = _Row(code, name, owner, value, region, "countries")
            if src.startswith("@"):
                group, lon, lat = src[1:].split()
                row.kind, row.group, row.point = "seed", group, (float(lon), float(lat))
            elif src.startswith("island"):
                # "island LON LAT [LON LAT ...]": one island, or an island group of several
                nums = [float(v) for v in src.split()[1:]]
                pts = tuple(zip(nums[0::2], nums[1::2], strict=True))
                row.kind, row.point, row.points = "island", pts[0], pts
            elif src.startswith("carve"):
                boxes, extra = [], []
                for part in src.split(";"):
                    words = part.split()
                    if words[0] == "carve":
                        isos = tuple(words[1].split(","))
                        boxes.append((isos, tuple(float(v) for v in words[2:6])))
                    else:
                        extra.extend(words)
                row.kind, row.boxes, row.countries = "carve", tuple(boxes), tuple(extra)
            else:
                row.countries = tuple(src.split())
            rows.append(row)
    return rows


def _shift_x(geom: BaseGeometry, dx: float) -> BaseGeometry:
    return shapely.transform(geom, lambda c: c + np.array([dx, 0.0]))


def _split_by_seeds(
    geom: BaseGeometry, seeds: list[tuple[float, float]], width: float
) -> list[BaseGeometry]:
    """Voronoi cells of ``seeds`` (map coordinates) cut from ``geom``. Parts of ``geom``
    beyond the antimeridian seam (at the far west edge while the seeds lie east) are
    moved one map width east for the split and back afterwards."""
    parts = list(shapely.get_parts(geom))
    xs = [s[0] for s in seeds]
    east = min(xs) > width / 2
    if east:
        parts = [_shift_x(p, width) if p.bounds[2] < width * 0.1 else p for p in parts]
    whole = shapely.union_all(parts)
    if len(seeds) == 1:
        cells = [whole]
    else:
        x0, y0, x1, y1 = whole.bounds
        pad = max(x1 - x0, y1 - y0, 1.0)
        env = box(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        vor = shapely.voronoi_polygons(shapely.multipoints(seeds), extend_to=env, ordered=True)
        cells = [shapely.intersection(whole, c) for c in shapely.get_parts(vor)]
    out = []
    for c in cells:
        if east and c.bounds[2] > width:
            inside = shapely.clip_by_rect(c, -width, -1e9, width, 1e9)
            beyond = shapely.clip_by_rect(c, width, -1e9, 3 * width, 1e9)
            c = shapely.union_all([inside, _shift_x(beyond, -width)])
        out.append(c)
    return out


def _land(
    proj: MapProjection, countries: dict[str, BaseGeometry], land: dict | None = None
) -> list[LandPiece]:
    rows = _rows(land)
    used: set[str] = set()
    geo = dict(countries)
    # carvings first: they take their boxes out of the countries
    carved: dict[str, BaseGeometry] = {}
    for row in rows:
        if row.kind != "carve":
            continue
        bits = []
        for isos, bbox in row.boxes:
            b = box(*bbox)
            for iso in isos:
                bits.append(shapely.intersection(geo[iso], b))
                geo[iso] = shapely.difference(geo[iso], b)
                used.add(iso)
        for iso in row.countries:
            bits.append(geo[iso])
            used.add(iso)
        carved[row.code] = shapely.union_all(bits)
    groups: dict[str, list[_Row]] = {}
    for row in rows:
        if row.kind == "seed":
            groups.setdefault(row.group, []).append(row)
    lonlat: dict[str, BaseGeometry] = dict(carved)
    for row in rows:
        if row.kind == "countries":
            lonlat[row.code] = shapely.union_all([geo[i] for i in row.countries])
            used.update(row.countries)
    codes = [r.code for r in rows if r.code in lonlat]
    projected = dict(zip(codes, proj.project([lonlat[c] for c in codes]), strict=True))
    for gname, members in groups.items():
        isos = GROUPS[gname].split()
        used.update(isos)
        whole = proj.project(shapely.union_all([geo[i] for i in isos]))
        seeds = [proj.point(*r.point) for r in members]
        for r, cell in zip(members, _split_by_seeds(whole, seeds, proj.width), strict=True):
            projected[r.code] = cell
    for row in rows:
        if row.kind == "island":
            discs = []
            for lon, lat in row.points or (row.point,):
                x, y = proj.point(lon, lat)
                discs.append(Point(x, y).buffer(ISLAND_RADIUS, quad_segs=4))
            projected[row.code] = discs[0] if len(discs) == 1 else shapely.union_all(discs)
    missing = sorted(set(countries) - used - set(DROPPED))
    if missing:
        raise ValueError(f"countries not used by any zone: {missing}")
    pieces = []
    for row in rows:
        g = shapely.make_valid(projected[row.code])
        polys = [p for p in shapely.get_parts(g) if p.geom_type in ("Polygon", "MultiPolygon")]
        g = shapely.union_all(polys) if polys else shapely.Polygon()
        pieces.append(LandPiece(row.code, row.name, g, region=row.region))
    return pieces


class _Seas:
    """Sea-zone lookups by lon/lat on the built map."""

    def __init__(self, m: Map, proj: MapProjection):
        self.m = m
        self.proj = proj
        self.ids = sorted(z.id for z in m.zones.values() if z.kind == "sea")
        self.geoms = np.array([m.zones[i].geometry for i in self.ids], dtype=object)
        self.tree = shapely.STRtree(self.geoms)

    def at_xy(self, x: float, y: float) -> int:
        p = Point(x, y)
        hit = self.tree.query(p, predicate="intersects")
        if len(hit):
            return self.ids[int(min(hit))]
        return self.ids[int(self.tree.query_nearest(p, all_matches=False)[0])]

    def at(self, lon: float, lat: float) -> int:
        return self.at_xy(*self.proj.point(lon, lat))


def _ocean_of(lon: float, lat: float) -> str:
    """A rough ocean tag for a sea zone's label point."""
    if lat >= 66.0:
        return "arctic"
    if (20.0 <= lon <= 100.0 and lat < 30.0) or (100.0 < lon <= 125.0 and lat < -9.0):
        return "indian"
    pacific_edge = -105.0 if lat > 15 else -85.0 if lat > 8 else -78.0 if lat > -20 else -72.0
    if pacific_edge < lon < 25.0:
        return "atlantic"
    return "pacific"


def _units(text: str) -> list[tuple[str, int]]:
    out = []
    for part in text.split(","):
        count, unit = part.split()
        out.append((unit, int(count)))
    return out


def base_map(
    geo_dir: str | Path | None = None,
    progress=None,
    land: dict | None = None,
    name: str = "World 1939",
    named_seas=None,
    sea_zones: int | None = None,
    cuts=None,
    basins=None,
):
    """The map of the land table ``land`` (default ``LAND``) on the bundled geography:
    zones with their table values, island flags, named seas, ocean tags and stack slots.
    Returns ``(map, projection, rows by code, zones by code, adjacency, sea lookup)``; the
    World 1939 sample and other bundled boards (tools/war_game_board) build on it."""
    from gamecore.geometry.adjacency import map_adjacency
    from gamecore.geometry.queries import stack_slots

    src = Path(geo_dir) if geo_dir is not None else geodata_dir()
    feats = read_geojson(src / "ne_110m_countries.geojson")
    countries = {}
    for f in feats:
        countries[_key(f)] = shapely.make_valid(f.geometry)
    proj = fit_projection(PROJECTION, WIDTH, BBOX)
    pieces = _land(proj, countries, land)
    # enclosed water under 400 map units² (e.g. a sliver of Arctic sea cut off by the
    # crop at 80°N beside Svalbard) joins the land; the Caspian stays a lake
    opts = ImportOptions(projection=PROJECTION, width=WIDTH, bbox=BBOX, min_lake_area=400.0)
    m = build_map(
        pieces,
        proj,
        sea_zones=SEA_ZONES if sea_zones is None else sea_zones,
        cuts=[line for _, line in (CUTS if cuts is None else cuts)],
        basins=[(lon, lat, n, tag) for tag, lon, lat, n in (BASINS if basins is None else basins)],
        min_area=opts.min_area,
        min_lake_area=opts.min_lake_area,
        wrap_x=True,
        name=name,
        seed=1939,
        progress=progress,
    )
    rows = {r.code: r for r in _rows(land)}
    by_code = {z.code: z for z in m.zones.values()}
    adj = map_adjacency(m)
    seas = _Seas(m, proj)

    # land zones: value, flags (terrain: _global_war_map, from the roundels)
    for z in m.zones.values():
        if z.kind != "land":
            continue
        z.value = rows[z.code].value
        if not any(m.zones[n].kind == "land" for n in adj[z.id]):
            z.set_flag("island")
    # sea zones: names and ocean tags
    taken: set[int] = set()
    for sea_name, lon, lat in NAMED_SEAS if named_seas is None else named_seas:
        x, y = proj.point(lon, lat)
        for z in m.zones.values():
            if z.is_water and z.id not in taken and shapely.contains_xy(z.geometry, x, y):
                z.name = sea_name
                taken.add(z.id)
                break
    for z in m.zones.values():
        if z.kind == "sea" and not z.region:  # basins keep their own tag
            lon, lat = proj.inverse([z.label[0]], [z.label[1]])
            z.region = _ocean_of(float(lon[0]), float(lat[0]))

    # unit-stack slots: up to four on land and three at sea, SLOT_RADIUS apart
    m.props["slot_radius"] = SLOT_RADIUS
    for z in m.zones.values():
        z.slots = [z.label] if z.label else []
        for n in range(4 if z.kind == "land" else 3, 0, -1):
            try:
                z.slots = stack_slots(z.geometry, n, radius=SLOT_RADIUS / 2.0)
                break
            except GeometryError:
                continue
    return m, proj, rows, by_code, adj, seas


def build_sample(geo_dir: str | Path | None = None, progress=None) -> Pack:
    """The "World 1939" pack, built from the Natural Earth files in ``geo_dir``."""
    from gamecore.conditions import rules_to_objectives

    m, proj, rows, by_code, adj, seas = base_map(geo_dir, progress)

    # cities, capitals, victory cities, facilities
    capitals: dict[str, int] = {}
    for name, lon, lat, code, tags in CITIES:
        z = by_code[code]
        x, y = proj.point(lon, lat)
        z.set_flag("city")
        z.props.setdefault("cities", []).append({"name": name, "at": [x, y]})
        for tag in tags.split():
            if tag == "C":
                z.set_flag("capital")
                capitals[rows[code].owner] = z.id
            elif tag == "V":
                z.set_flag("victory_city")
            else:
                if any(
                    g.zone == z.id and g.type == FACILITY_OF[tag] for g in m.facilities.values()
                ):
                    continue  # one facility of a type per zone (rules-notes/004 §5.15)
                fid = m.next_id("facilities")
                f = Facility(
                    fid, z.id, FACILITY_OF[tag], props={"city": name, "scenarios": ["1939"]}
                )
                if f.type == "naval_base":
                    near = [n for n in adj[z.id] if m.zones[n].kind == "sea"]
                    dist = {n: m.zones[n].geometry.distance(Point(x, y)) for n in near}
                    ranked = sorted(near, key=lambda n: (dist[n], n))
                    f.serves = sorted(
                        n for i, n in enumerate(ranked) if i == 0 or dist[n] <= PORT_REACH
                    )[:2]
                m.facilities[fid] = f

    # canals and straits
    for name, pa, pb, controllers in CANALS:
        a, b = seas.at(*pa), seas.at(*pb)
        if a == b:
            raise ValueError(f"{name}: both ends lie in sea zone {m.zones[a].code}")
        lid = m.next_id("links")
        ctrl = [by_code[c].id for c in controllers]
        m.links[lid] = Link(lid, "canal", min(a, b), max(a, b), name, controllers=ctrl)
    for name, ca, cb, via in STRAITS:
        a, b = by_code[ca].id, by_code[cb].id
        lid = m.next_id("links")
        m.links[lid] = Link(lid, "strait", min(a, b), max(a, b), name, via=seas.at(*via))

    # convoy lines: the chain of sea zones the route crosses
    for name, nation, ipc, start, end, route in CONVOYS:
        _convoy_line(m, proj, adj, by_code, name, {nation: ipc}, start, end, route, "1939")

    _global_war_map(m, proj, by_code, adj, seas)

    pack = Pack(map=m)
    pack.meta = {
        "title": "World 1939",
        "description": (
            "The world of September 1939 on Natural Earth 1:110m geography: "
            f"{sum(1 for z in m.zones.values() if z.kind == 'land')} land zones, "
            f"{sum(1 for z in m.zones.values() if z.kind == 'sea')} sea zones, "
            "the g40 ruleset (1939) and the global_war ruleset (1936)."
        ),
        "source": "Natural Earth (public domain), see resources/geodata/README.md",
        "built_by": "python -m tools.sample_world",
    }
    home: dict[str, list[int]] = {}
    for z in m.zones.values():
        if z.kind == "land":
            home.setdefault(rows[z.code].owner, []).append(z.id)
    for nid, name, colour, kind, playable, alignment in NATIONS:
        props = {"alignment": alignment} if alignment else {}
        pack.nations[nid] = Nation(
            nid,
            name,
            colour,
            kind,
            playable,
            capitals.get(nid),
            sorted(home.get(nid, [])),
            props=props,
        )
    for nid, name, colour, kind, capital, alignment in GW_NATIONS:
        props = {"alignment": alignment} if alignment else {}
        props["scenarios"] = [GW1936_ID]
        zones = sorted(by_code[c].id for c, o in GW1936_OWNERS.items() if o == nid)
        pack.nations[nid] = Nation(
            nid, name, colour, kind, False, by_code[capital].id, zones, props=props
        )
    sc = Scenario("1939", "World War II: September 1939", ruleset="g40")
    sc.start = "1939-09"
    sc.calendar = "6-months"
    sc.turn_order = [[n] for n in TURN_ORDER]
    _alliances_relations_owners(sc, m, rows, ALLIANCES, RELATIONS, {})
    for z in m.zones.values():
        if z.kind != "land":
            continue
        owner = rows[z.code].owner
        gw_owner = GW1936_OWNERS.get(z.code, owner)
        if pack.nations[owner].kind == "neutral" or pack.nations[gw_owner].kind == "neutral":
            # only a neutral owner's zone calls its standing army up: zones neutral in
            # 1936 alone carry one too, unused in 1939
            z.props["standing_army"] = max(1, 2 * z.value)
    for nation, entries in SETUP.items():
        for where, units in entries:
            if where.startswith("sea "):
                _, lon, lat = where.split()
                zid = seas.at(float(lon), float(lat))
            else:
                zid = by_code[where].id
            for unit, count in _units(units):
                sc.units.append(UnitStack(zid, nation, unit, count))
    for nid in (n[0] for n in NATIONS if n[4]):
        sc.banks[nid] = sum(m.zones[z].value for z in home.get(nid, []))
    for obj in rules_to_objectives(OBJECTIVES):
        sc.objectives[obj.id] = obj
    pack.scenarios[sc.id] = sc
    gw = _scenario_1936(pack, rows, by_code, seas)
    pack.scenarios[gw.id] = gw
    # the 1936 set-up with the house rules of seeds/003 (resources/rulesets/
    # global_war_house.toml, docs/house_rules.md): every map item scoped to the 1936
    # scenario belongs to it too; the other scenarios' data do not change
    house = _scenario_1936(
        pack,
        rows,
        by_code,
        seas,
        GW1936_HOUSE_ID,
        "Global War: July 1936 (house rules)",
        "global_war_house",
    )
    house.props["sources"] += "; seeds/003 (house rules)"
    pack.scenarios[house.id] = house
    _share_scenario(pack, GW1936_ID, GW1936_HOUSE_ID)
    gw39 = _scenario_1939(pack, rows, by_code, seas)
    pack.scenarios[gw39.id] = gw39
    _share_scenario(pack, GW1936_ID, GW1939_ID)
    # §13.2 "Abyssinia (France) 1936 only" (T 4-1): no Abyssinia in 1939
    aby = pack.nations["ABY"].props
    aby["scenarios"] = [s for s in aby["scenarios"] if s != GW1939_ID]
    return pack


#: the Global War 1939 scenario (seeds/000 §2.1)
GW1939_ID = "global-war-1939"
#: zones whose 1936 owner (GW1936_OWNERS) the events of 1936-39 changed: Anschluss,
#: Munich, Slovakia (German by 1939 on this map), Albania and Abyssinia Italian (§13.2),
#: Nanking (Kiangsu) Japanese since 1937: they take the map's 1939 owner
GW1939_FROM_1936 = ("AUT", "BOH", "SVK", "ALB", "ETH", "KIA")
#: §2.1 "Germany already at war with Britain, France and with Japan at war with CCP and
#: KMT"; Poland at war with Germany is authored (the war of 1939 began over it: the
#: guarantee of gw1936_events.txt would bring it anyway)
GW1939_RELATIONS = [
    ["GER", "UK", "war", "GER"],
    ["GER", "FRA", "war", "GER"],
    ["GER", "POL", "war", "GER"],
    ["JPN", "CHN", "war", "JPN"],
    ["JPN", "CCP", "war", "JPN"],
]
#: NRS-type data (§2.4, §5): the rulebook prints the USA's 1939 starting IPP and income
#: (16, NRS example §5) and Germany's and Italy's 1939 starting incomes (24, 10: T 3-1
#: "Contain Fascism"); Britain and France start at war, on their whole income (§5.3
#: example). The other values are authored: the 1936 values (the NRS are not in the text).
GW1939_PEACETIME_INCOME_TEXT = {"USA": 16, "GER": 24, "ITA": 10}


def _scenario_1939(pack: Pack, rows, by_code, seas) -> Scenario:
    """The ``global-war-1939`` scenario: July 1939 to July 1945, 12 turns (§2.1), Table
    6-1's order without Abyssinia, the 1936 set-up on the 1939 borders (authored: the
    Scenario Set-Up Chart is not in the rulebook), the wars of §2.1, the KMT-CCP truce
    (§13.3), the 1936 events file (events whose time has passed no longer hold)."""
    m = pack.map
    sc = _scenario_1936(pack, rows, by_code, seas, GW1939_ID, "Global War: July 1939")
    sc.start = "1939-07"  # §2.1 "This scenario begins in July 1939"
    sc.rounds = 12  # §2.1 "ends in July 1945 (12 turns)"
    for code in GW1939_FROM_1936:
        z = by_code[code]
        owner = rows[z.code].owner
        sc.ownership[z.id] = Ownership(owner, owner)
    sc.turn_order = [[n for n in slot if n != "ABY"] for slot in sc.turn_order]
    # authored: Poland, at war from the start, plays its turn before Britain's in the
    # Commonwealth's slot (it Aligns with Britain at the start of Britain's turn, T 4-4)
    sc.turn_order = [["POL", "UK"] if slot == ["UK", "POL"] else slot for slot in sc.turn_order]
    sc.alliances["allies"].members = [n for n in sc.alliances["allies"].members if n != "ABY"]
    sc.relations = {k: v for k, v in sc.relations.items() if "ABY" not in k}
    sc.set_relation("CHN", "CCP", "peace")  # §13.3: the KMT-CCP truce of 1937
    from gamecore.conditions import rules_to_objectives

    # §3.2 the Objective Cities held by an opponent at the 1939 start (Nanking Japanese)
    for obj in rules_to_objectives(_objective_city_rules(pack, sc)):
        sc.objectives[obj.id] = obj
    for a, b, status, by in GW1939_RELATIONS:
        sc.set_relation(a, b, status, by)
    sc.units = [st for st in sc.units if st.nation != "ABY"]
    # authored: at war with Britain and France, the German North Sea squadron starts in
    # the Baltic (the 1936 set-up shares the North Sea with the British Home Fleet)
    north, baltic = seas.at(6.0, 55.0), seas.at(15.0, 55.0)
    sc.units = [
        dataclasses.replace(st, zone=baltic) if st.zone == north and st.nation == "GER" else st
        for st in sc.units
    ]
    eth = by_code["ETH"].id
    sc.units = [st for st in sc.units if not (st.zone == eth and st.nation != "ITA")]
    peace = {n: v for n, v in sc.props["peacetime_income"].items() if n != "ABY"}
    peace.update(GW1939_PEACETIME_INCOME_TEXT)
    wartime: dict[str, int] = {}
    for zid, o in sorted(sc.ownership.items()):
        if o.owner:
            wartime[o.owner] = wartime.get(o.owner, 0) + m.zones[zid].value
    sc.props["peacetime_income"] = peace
    sc.props["wartime_income"] = {n: wartime.get(n, 0) for n in sorted(peace)}
    banks = dict(peace)
    for n in ("UK", "FRA"):  # §5.3: at war from the start, on all of their income
        banks[n] = wartime.get(n, 0)
    sc.banks = banks
    sc.props["sources"] = (
        "seeds/000 §2.1 (dates, wars), §5 NRS example (USA 16), T 3-1 (GER 24, ITA 10), "
        "§13.3 (truce), T 4-1, T 6-1; authored: set-up (the 1936 one on 1939 borders), "
        "the other incomes and banks (1936 values), Poland at war"
    )
    sc.props["authored"] = [
        "units: the 1936 set-up (the Scenario Set-Up Chart is not in the rulebook)",
        "peacetime income and banks other than USA, GER, ITA, UK, FRA: the 1936 values",
        "Poland at war with Germany from the start, its turn before Britain's",
        "the German North Sea squadron of the 1936 set-up in the Baltic",
    ]
    return sc


def _share_scenario(pack: Pack, sid: str, also: str) -> None:
    """Every map item and nation scoped to scenario ``sid`` (``props["scenarios"]``) is in
    scenario ``also`` too."""
    m = pack.map
    items = [*m.facilities.values(), *m.lines.values(), *m.links.values(), *pack.nations.values()]
    for item in items:
        only = item.props.get("scenarios")
        if only and sid in only and also not in only:
            item.props["scenarios"] = [*only, also]


# ---------------------------------------------------------------------------------------
# the Global War map layer


def _land_path(m: Map, points: list[tuple[float, float]]) -> list[int]:
    """The land zones a polyline crosses, in order (consecutive duplicates removed)."""
    line = shapely.LineString(points)
    hits = []
    for zid, z in sorted(m.zones.items()):
        if z.kind != "land" or not z.geometry.intersects(line):
            continue
        for piece in shapely.get_parts(line.intersection(z.geometry)):
            if piece.length <= 0:
                continue
            mid = piece.interpolate(0.5, normalized=True)
            if z.geometry.contains(mid):
                hits.append((line.project(mid), zid))
    hits.sort()
    out: list[int] = []
    for _, zid in hits:
        if not out or out[-1] != zid:
            out.append(zid)
    return out


def _border(m: Map, a: int, b: int) -> Border:
    key = border_key(a, b)
    if key not in m.borders:
        m.borders[key] = Border(*key)
    return m.borders[key]


def _convoy_line(m, proj, adj, by_code, name, values, start, end, route, scenario) -> None:
    """A convoy line along the lon/lat ``route`` (the chain of sea zones it crosses), with
    per-nation ``values``, in one scenario only."""
    xy = np.column_stack(proj.forward(*np.asarray(route, dtype=float).T))
    points = [(float(a), float(b)) for a, b in xy]
    path = zones_along(m, points, ("sea",))
    for a, b in zip(path, path[1:], strict=False):
        if b not in adj[a]:
            raise ValueError(
                f"{name}: the route jumps from sea zone {m.zones[a].code} to "
                f"{m.zones[b].code}; move its waypoints off the land"
            )
    lid = m.next_id("lines")
    m.lines[lid] = Line(
        lid,
        "convoy",
        name,
        points,
        path,
        by_code[start].id,
        by_code[end].id,
        values,
        props={"scenarios": [scenario]},
    )


def _global_war_map(m: Map, proj: MapProjection, by_code, adj, seas: _Seas) -> None:
    """Roundels, terrain areas, rail lines, rivers, narrow crossings, convoy lines and
    facilities of the Global War ruleset (seeds/000 §1)."""
    from gamecore.geometry.adjacency import shared_border

    land = {zid: z for zid, z in sorted(m.zones.items()) if z.kind == "land"}

    # the Objective Cities (§3.2) are known by their city's name too
    for c, city in GW_OBJECTIVE_CITIES.items():
        z = by_code[c]
        if city != z.name:
            z.props["aliases"] = sorted({*z.props.get("aliases", ()), city})

    # roundels (§1.7)
    first: dict[str, tuple[int, float, float]] = {}
    for i, (_name, lon, lat, code, tags) in enumerate(CITIES):
        rank = 0 if "C" in tags.split() else 1 if "V" in tags.split() else 2
        if code not in first or (rank, i) < first[code][0]:
            first[code] = ((rank, i), lon, lat)
    for z in land.values():
        pt = None
        if z.code in ROUNDELS:
            pt = proj.point(*ROUNDELS[z.code])
            if not shapely.contains_xy(z.geometry, *pt):
                raise ValueError(f"roundel of {z.code} at {ROUNDELS[z.code]} is outside the zone")
        elif z.code in first:
            pt = proj.point(first[z.code][1], first[z.code][2])
            if not shapely.contains_xy(z.geometry, *pt):
                pt = None  # a city on a coast the 1:110m outline misses
        z.roundel = (float(pt[0]), float(pt[1])) if pt is not None else z.label

    # terrain areas, clipped to the zones; zone terrain = the area holding the roundel
    polys = proj.project([shapely.Polygon(pts) for _, _, pts in TERRAIN_AREAS])
    taken: dict[int, BaseGeometry] = {}
    for (name, terrain, _), g in zip(TERRAIN_AREAS, polys, strict=True):
        for zid, z in land.items():
            if not z.geometry.intersects(g):
                continue
            part = shapely.intersection(z.geometry, g)
            if zid in taken:
                part = shapely.difference(part, taken[zid])
            bits = [p for p in shapely.get_parts(shapely.make_valid(part)) if p.area > 0]
            bits = [p for p in bits if p.geom_type in ("Polygon", "MultiPolygon")]
            if not bits:
                continue
            part = shapely.union_all(bits)
            if part.area < MIN_TERRAIN_AREA:
                continue
            tid = m.next_id("terrain_areas")
            m.terrain_areas[tid] = TerrainArea(tid, zid, terrain, part, props={"name": name})
            taken[zid] = part if zid not in taken else shapely.union(taken[zid], part)
    for z in land.values():
        z.terrain = "clear"
        for t in m.terrain_areas.values():
            if t.zone == z.id and z.roundel and shapely.contains_xy(t.geometry, *z.roundel):
                z.terrain = t.terrain
                break

    # rail lines (§1.14): each crossed border carries the line's gauge
    water = [z.geometry for z in m.zones.values() if z.is_water]
    for name, gauge, stations in RAILWAYS:
        xy = np.column_stack(proj.forward(*np.asarray(stations, dtype=float).T))
        points = [(float(a), float(b)) for a, b in xy]
        track = shapely.LineString(points)
        wet = sum(track.intersection(w).length for w in water if w.intersects(track))
        if wet > 1e-9 * m.width:
            raise ValueError(f"rail line {name} runs {wet:.3g} map units over water")
        path = _land_path(m, points)
        for a, b in zip(path, path[1:], strict=False):
            if b not in adj[a]:
                raise ValueError(
                    f"rail line {name} jumps from {m.zones[a].code} to {m.zones[b].code}"
                )
            border = _border(m, a, b)
            border.rail_gauge = border.rail_gauge or gauge
        lid = m.next_id("lines")
        m.lines[lid] = Line(lid, "rail", name, points, path, path[0], path[-1], gauge=gauge)

    # rivers (§1.12): a border runs along a river where most of it lies near the course
    for name, course in RIVERS:
        xy = np.column_stack(proj.forward(*np.asarray(course, dtype=float).T))
        points = [(float(a), float(b)) for a, b in xy]
        river = shapely.LineString(points)
        path = _land_path(m, points)
        lid = m.next_id("lines")
        m.lines[lid] = Line(lid, "river", name, points, path, path[0], path[-1])
        reach = river.buffer(RIVER_REACH)
        near = [zid for zid in land if land[zid].geometry.intersects(reach)]
        for i, a in enumerate(near):
            for b in near[i + 1 :]:
                if b not in adj[a] or (land[a].code, land[b].code) in RIVER_NOT:
                    continue
                common = shared_border(land[a].geometry, land[b].geometry)
                if common.is_empty or common.length <= 0:
                    continue
                beside = common.intersection(reach).length
                if beside >= RIVER_SHARE * common.length and beside >= RIVER_MIN_LENGTH:
                    border = _border(m, a, b)
                    border.river = True
                    border.props.setdefault("rivers", []).append(name)

    # narrow crossings (§1.20)
    for name, ca, cb, limit, via in NARROW_CROSSINGS:
        a, b = by_code[ca].id, by_code[cb].id
        vias = sorted({seas.at(*p) for p in via})
        for s in vias:
            if s not in adj[a] or s not in adj[b]:
                raise ValueError(f"{name}: sea zone {m.zones[s].code} does not touch both ends")
        border = _border(m, a, b)
        border.crossing_limit = limit
        border.props.update({"name": name, "via": vias})

    # convoy lines with per-nation values (§1.6), only in the 1936 scenario
    for name, values, start, end, route in GW_CONVOYS:
        _convoy_line(m, proj, adj, by_code, name, dict(values), start, end, route, GW1936_ID)

    # facilities of 1936 in global_war types (§12.3-§12.10)
    for code, types in GW_FACILITIES.items():
        z = by_code[code]
        for ftype in types.split():
            same = [g for g in m.facilities.values() if g.zone == z.id and g.type == ftype]
            if same:  # a 1939 facility of a type both rulesets know: shared
                same[0].props["scenarios"] = sorted([*same[0].props["scenarios"], GW1936_ID])
                continue
            fid = m.next_id("facilities")
            f = Facility(fid, z.id, ftype, props={"scenarios": [GW1936_ID]})
            if any(k in ftype for k in GW_SERVES_SEA):
                near = [n for n in adj[z.id] if m.zones[n].kind == "sea"]
                if not near:
                    raise ValueError(f"{ftype} in land-locked {code}")
                at = Point(z.roundel)
                dist = {n: m.zones[n].geometry.distance(at) for n in near}
                ranked = sorted(near, key=lambda n: (dist[n], n))
                f.serves = sorted(
                    n for i, n in enumerate(ranked) if i == 0 or dist[n] <= PORT_REACH
                )[:2]
            m.facilities[fid] = f


def run_build(
    argv: list[str] | None,
    prog: str,
    description: str,
    build: Callable[[str | None], Pack],
    summary: Callable[[Pack], str],
) -> int:
    """The command line of a pack build tool: ``prog OUT.warroom [--geodata DIR]``; refuses
    another tree's gamecore, builds with ``build(geodata)``, writes the pack over ``OUT``
    and prints ``OUT: summary(pack) in N s``."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("out", help="the .warroom file to write")
    parser.add_argument("--geodata", help="folder with the Natural Earth GeoJSON files")
    args = parser.parse_args(argv)
    problem = tree_mismatch(ROOT)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    from gamecore.store import write_pack

    start = time.perf_counter()
    pack = build(args.geodata)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if out.exists():
        out.unlink()
    write_pack(pack, out)
    print(f"{out}: {summary(pack)} in {time.perf_counter() - start:.1f} s")
    return 0


def summary_line(pack: Pack, zones: dict[str, str], counts: dict[str, int]) -> str:
    """The builders' one-line summary: "N <words>" for each zone kind in ``zones`` (kind ->
    words), then "N <words>" for each of ``counts`` (words -> number)."""
    kinds = [sum(1 for z in pack.map.zones.values() if z.kind == k) for k in zones]
    parts = [f"{n} {words}" for n, words in zip(kinds, zones.values(), strict=True)]
    return ", ".join(parts + [f"{n} {words}" for words, n in counts.items()])


def _summary(pack: Pack) -> str:
    m = pack.map
    return summary_line(
        pack,
        {"land": "land zones", "sea": "sea zones", "lake": "lakes"},
        {"facilities": len(m.facilities), "links": len(m.links), "lines": len(m.lines)},
    )


def main(argv: list[str] | None = None) -> int:
    return run_build(
        argv,
        "python -m tools.sample_world",
        'Build the bundled sample pack "World 1939".',
        build_sample,
        _summary,
    )
