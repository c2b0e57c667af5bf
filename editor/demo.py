"""A small built-in demo pack ("Channel Front"), used when no sample pack is bundled.

A real little map a designer can click: 16 land zones on an island and a mainland,
7 sea zones and a lake, made as a valid coverage (Voronoi cells of jittered points,
grouped by growing regions from named seeds, then unioned with
``shapely.coverage_union``), with nations, a scenario, links, facilities and lines.
Pure Python (no Qt); deterministic.
"""

from __future__ import annotations

import heapq

import numpy as np
import shapely
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.ops import polylabel

from gamecore.geometry.queries import stack_slots
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
    UnitStack,
    Zone,
)

W, H = 1200.0, 750.0

# (code, name, seed, owner, value, terrain, flags)
LAND = [
    ("CAL", "Caledonia", (250, 90), "UK", 2, "hills", []),
    ("MID", "Midlands", (300, 240), "UK", 6, "clear", ["city"]),
    ("WES", "Wessex", (210, 390), "UK", 8, "clear", ["capital", "city", "victory_city"]),
    ("LOW", "Lowlands", (740, 70), "NED", 3, "clear", ["city"]),
    ("NOR", "Normandy", (650, 240), "FRA", 3, "forest", []),
    ("PAR", "Paris Basin", (790, 330), "FRA", 8, "urban", ["capital", "victory_city"]),
    ("BRI", "Armorica", (590, 430), "FRA", 2, "hills", []),
    ("AQU", "Aquitaine", (500, 650), "FRA", 3, "clear", []),
    ("PRO", "Provence", (700, 560), "FRA", 2, "mountain", []),
    ("RHI", "Rhineland", (900, 180), "GER", 6, "forest", ["city"]),
    ("PRU", "Prussia", (1110, 90), "GER", 5, "clear", ["capital", "victory_city"]),
    ("SAX", "Saxony", (1130, 290), "GER", 4, "hills", []),
    ("BAV", "Bavaria", (920, 430), "GER", 4, "mountain", []),
    ("PIE", "Piedmont", (1080, 520), "ITA", 4, "mountain", ["city"]),
    ("APU", "Apulia", (920, 690), "ITA", 3, "hills", ["capital"]),
    ("COR", "Corsa", (665, 688), "FRA", 1, "hills", ["island"]),
]
# (code, name, seed, ocean)
SEA = [
    ("1", "Northern Ocean", (90, 110), "Atlantic"),
    ("2", "Grey Sea", (470, 70), "North Sea"),
    ("3", "The Sleeve", (470, 320), "Channel"),
    ("4", "Western Approaches", (80, 560), "Atlantic"),
    ("5", "Bay of Storms", (330, 620), "Atlantic"),
    ("6", "Corsan Sea", (770, 700), "Middle Sea"),
    ("7", "Ionic Sea", (1070, 700), "Middle Sea"),
]
LAKE = ("L1", "Lake Bodan", (1010, 300))

NATIONS = [
    ("UK", "United Kingdom", "#c49a52", "major"),
    ("FRA", "France", "#4f78b8", "major"),
    ("GER", "Germany", "#6e6e6e", "major"),
    ("ITA", "Italy", "#5c8a3c", "major"),
    ("NED", "Netherlands", "#d9822b", "minor"),
]


def _land_shape() -> shapely.Geometry:
    albion = shapely.affinity.rotate(
        shapely.affinity.scale(Point(255, 255).buffer(1.0, 64), 140, 215), -12
    )
    mainland = Polygon(
        [
            (600, 0), (W, 0), (W, 610), (1010, 640), (975, 680), (960, 712), (890, 712),
            (860, 640), (800, 610), (720, 625), (600, 600), (585, H), (410, H), (420, 560),
            (560, 520), (545, 390), (575, 280), (560, 170), (620, 110),
        ]
    )  # fmt: skip
    corsa = Point(665, 688).buffer(34, 32)
    return shapely.union_all([albion, mainland, corsa])


def _cells(seed: int = 7, n: int = 1600) -> np.ndarray:
    rng = np.random.default_rng(seed)
    side = int(np.sqrt(n * W / H))
    xs, ys = np.meshgrid(np.linspace(0, W, side), np.linspace(0, H, int(n / side)))
    pts = np.column_stack([xs.ravel(), ys.ravel()])
    pts += rng.normal(0, 0.28 * W / side, pts.shape)
    frame = box(0, 0, W, H)
    cells = shapely.get_parts(shapely.voronoi_polygons(MultiPoint(pts), extend_to=frame))
    cells = shapely.intersection(cells, frame)
    return cells[~shapely.is_empty(cells) & (shapely.area(cells) > 1e-6)]


def demo_map() -> Map:
    """The demo map: a valid coverage of land, sea and lake zones."""
    cells = _cells()
    centres = shapely.get_coordinates(shapely.point_on_surface(cells))
    land_shape = _land_shape()
    lake_shape = shapely.affinity.scale(Point(*LAKE[2]).buffer(1.0, 32), 55, 32)
    is_land = shapely.contains_xy(land_shape, centres[:, 0], centres[:, 1])
    is_lake = shapely.contains_xy(lake_shape, centres[:, 0], centres[:, 1])
    kind = np.where(is_lake, 2, np.where(is_land, 0, 1))  # 0 land, 1 sea, 2 lake

    specs = [(c, 0) for c in LAND] + [(c, 1) for c in SEA] + [(LAKE, 2)]
    seeds: list[tuple[int, tuple[float, float]]] = [(k, spec[2]) for spec, k in specs]
    # neighbours of each cell (sharing an edge or a corner is fine for growing)
    tree = shapely.STRtree(cells)
    pairs = tree.query(cells, predicate="intersects")
    nbrs: list[list[int]] = [[] for _ in range(len(cells))]
    for a, b in pairs.T:
        if a != b:
            nbrs[a].append(b)
    owner = np.full(len(cells), -1)
    heap: list[tuple[float, int, int]] = []
    for zi, (k, (sx, sy)) in enumerate(seeds):
        cand = np.flatnonzero(kind == k)
        d = np.hypot(centres[cand, 0] - sx, centres[cand, 1] - sy)
        start = int(cand[np.argmin(d)])
        heapq.heappush(heap, (0.0, start, zi))
    while heap:
        _, c, zi = heapq.heappop(heap)
        if owner[c] >= 0:
            continue
        owner[c] = zi
        k, (sx, sy) = seeds[zi]
        for n in nbrs[c]:
            if owner[n] < 0 and kind[n] == k:
                d = float(np.hypot(centres[n, 0] - sx, centres[n, 1] - sy))
                heapq.heappush(heap, (d, n, zi))
    # cells no seed reached (tiny islets, puddles) join the sea zone nearest to them
    for c in np.flatnonzero(owner < 0):
        near = [owner[n] for n in nbrs[c] if owner[n] >= 0]
        owner[c] = near[0] if near else len(LAND)

    m = Map(name="Channel Front (demo)", width=W, height=H)
    for zi, (spec, k) in enumerate(specs):
        geom = shapely.coverage_union_all(cells[owner == zi])
        label = _label_point(geom)
        zid = zi + 1
        if k == 0:
            code, name, _, _, value, terrain, flags = spec
            zone = Zone(zid, code, name, "land", geom, value, terrain, "Europe", sorted(flags))
        elif k == 1:
            code, name, _, ocean = spec
            zone = Zone(zid, code, name, "sea", geom, 0, "sea", ocean)
        else:
            code, name, _ = spec
            zone = Zone(zid, code, name, "lake", geom, 0, "lake", "Inland")
        zone.label = label
        zone.roundel = (label[0], label[1] + 16.0)
        # two stack slots away from the name (the best spot is the name's)
        slots = sorted(
            stack_slots(geom, 3), key=lambda p: -((p[0] - label[0]) ** 2 + (p[1] - label[1]) ** 2)
        )
        zone.slots = [(round(x, 1), round(y, 1)) for x, y in slots[:2]]
        m.zones[zid] = zone
    _features(m)
    return m


def _label_point(geom) -> tuple[float, float]:
    parts = shapely.get_parts(geom)
    biggest = parts[int(np.argmax(shapely.area(parts)))]
    p = polylabel(biggest, tolerance=1.0)
    return (round(p.x, 1), round(p.y, 1))


def _features(m: Map) -> None:
    z = {zone.code: zone.id for zone in m.zones.values()}
    m.borders[tuple(sorted((z["BAV"], z["PIE"])))] = Border(
        *sorted((z["BAV"], z["PIE"])), mountain=True
    )
    m.borders[tuple(sorted((z["PAR"], z["RHI"])))] = Border(
        *sorted((z["PAR"], z["RHI"])), river=True
    )
    m.borders[tuple(sorted((z["RHI"], z["PRU"])))] = Border(
        *sorted((z["RHI"], z["PRU"])), fortified=True
    )
    m.links[1] = Link(1, "strait", z["WES"], z["NOR"], "Sleeve Crossing", via=z["3"])
    m.links[2] = Link(2, "canal", z["5"], z["6"], "Midi Canal", controllers=[z["AQU"]], rule="all")
    m.facilities[1] = Facility(1, z["WES"], "factory", level=3)
    m.facilities[2] = Facility(2, z["WES"], "port", serves=[z["3"]])
    m.facilities[3] = Facility(3, z["PAR"], "factory", level=2)
    m.facilities[4] = Facility(4, z["RHI"], "factory", level=3)
    m.facilities[5] = Facility(5, z["MID"], "air_base")
    m.facilities[6] = Facility(6, z["NOR"], "naval_base", serves=[z["3"]])
    m.facilities[7] = Facility(7, z["PIE"], "factory", level=1)
    # lines run beside the names, not through them
    lab = {code: (m.zones[zid].label[0], m.zones[zid].label[1] - 24.0) for code, zid in z.items()}
    m.lines[1] = Line(
        1,
        "convoy",
        "Atlantic Convoy",
        points=[(20.0, 400.0), lab["4"], (330.0, 520.0), lab["WES"]],
        path=[z["4"], z["5"]],
        start=z["4"],
        end=z["WES"],
        values={"UK": 4},
    )
    m.lines[2] = Line(
        2,
        "convoy",
        "Channel Convoy",
        points=[lab["2"], (520.0, 200.0), lab["3"], lab["NOR"]],
        path=[z["2"], z["3"]],
        start=z["2"],
        end=z["NOR"],
        values={"FRA": 2, "UK": 2},
    )
    m.lines[3] = Line(
        3, "rail", "Nord Express", points=[lab["NOR"], lab["PAR"], lab["RHI"], lab["PRU"]],
        gauge="standard",
    )  # fmt: skip
    m.lines[4] = Line(
        4, "river", "Rhenus", points=[(1000.0, 300.0), (930.0, 300.0), (860.0, 260.0),
                                     (800.0, 160.0), (760.0, 110.0)],
    )  # fmt: skip


def demo_pack() -> Pack:
    """The demo pack: map, five nations, one scenario "1939" with ownership and units."""
    m = demo_map()
    pack = Pack(map=m, meta={"title": "Channel Front (demo)", "author": "Warroom"})
    for code, name, colour, kind in NATIONS:
        pack.nations[code] = Nation(code, name, colour, kind, playable=kind == "major")
    z = {zone.code: zone.id for zone in m.zones.values()}
    for code, _, _, owner, _, _, flags in LAND:
        if "capital" in flags and pack.nations[owner].capital is None:
            pack.nations[owner].capital = z[code]
        pack.nations[owner].home_zones.append(z[code])
    sc = Scenario("1939", "Autumn 1939", ruleset="g40", start="1939-09", calendar="6-months")
    sc.turn_order = [["GER"], ["UK"], ["FRA"], ["ITA"]]
    sc.alliances = {
        "axis": Alliance("axis", "Axis", ["GER", "ITA"], "#555555"),
        "allies": Alliance("allies", "Allies", ["UK", "FRA"], "#4f78b8"),
    }
    for a in ("UK", "FRA"):
        sc.set_relation("GER", a, "war", initiated_by="GER")
    sc.set_relation("ITA", "UK", "peace")
    sc.set_relation("ITA", "FRA", "peace")
    for code, _, _, owner, _, _, _ in LAND:
        sc.ownership[z[code]] = Ownership(owner, owner)
    units = [
        ("RHI", "GER", "infantry", 4), ("RHI", "GER", "tank", 2), ("PRU", "GER", "infantry", 3),
        ("BAV", "GER", "artillery", 1), ("PAR", "FRA", "infantry", 5), ("NOR", "FRA", "infantry", 2),
        ("WES", "UK", "infantry", 2), ("WES", "UK", "fighter", 2), ("3", "UK", "battleship", 1),
        ("3", "UK", "destroyer", 2), ("2", "GER", "submarine", 2), ("PIE", "ITA", "infantry", 3),
        ("7", "ITA", "cruiser", 1),
    ]  # fmt: skip
    for code, nation, unit, count in units:
        sc.units.append(UnitStack(z[code], nation, unit, count))
    sc.banks = {"GER": 30, "UK": 28, "FRA": 19, "ITA": 10}
    pack.scenarios[sc.id] = sc
    return pack


def blank_pack(width: float = 1000.0, height: float = 600.0) -> Pack:
    """A new, empty map: one sea zone covering the frame (File > New)."""
    m = Map(name="Untitled map", width=width, height=height)
    sea = Zone(1, "1", "Open Sea", "sea", box(0, 0, width, height), terrain="sea")
    sea.label = (width / 2, height / 2)
    m.zones[1] = sea
    return Pack(map=m, meta={"title": "Untitled"})
