"""A small Global War pack for GUI tests and screenshots: the demo map with terrain areas,
rail lines (two gauges), a river, convoy values, damaged facilities, narrow crossings and
a global_war scenario (issue #14). Pure Python (no Qt)."""

from __future__ import annotations

from shapely.geometry import Point

from editor.demo import demo_pack
from gamecore.model import Border, Facility, Line, Pack, TerrainArea


def gw_pack() -> Pack:
    pack = demo_pack()
    m = pack.map
    z = {zone.code: zone.id for zone in m.zones.values()}
    for sc in pack.scenarios.values():
        sc.ruleset = "global_war"

    def area(code: str, terrain: str, x: float, y: float, r: float) -> TerrainArea:
        g = m.zones[z[code]].geometry.intersection(Point(x, y).buffer(r, 24))
        a = TerrainArea(m.next_id("terrain_areas"), z[code], terrain, g)
        m.terrain_areas[a.id] = a
        return a

    def roundel(code: str) -> tuple[float, float]:
        return m.zones[z[code]].roundel

    # §1.7: Provence's roundel lies in its mountains; Aquitaine has desert away from it
    rx, ry = roundel("PRO")
    area("PRO", "mountain", rx, ry, 60)
    m.zones[z["PRO"]].terrain = "mountain"
    area("BAV", "mountain", *roundel("BAV"), 45)
    ax, ay = roundel("AQU")
    area("AQU", "desert", ax + 40, ay + 40, 45)
    lx, ly = roundel("LOW")
    area("LOW", "marsh", lx - 30, ly + 10, 40)
    cx, cy = roundel("CAL")
    area("CAL", "jungle", cx, cy - 30, 35)

    # rail: standard gauge Paris -> Rhineland -> Prussia, broad gauge Prussia -> Saxony
    m.lines[10] = Line(
        10,
        "rail",
        "Ostbahn",
        points=[roundel("PAR"), roundel("RHI"), roundel("PRU")],
        path=[z["PAR"], z["RHI"], z["PRU"]],
        gauge="standard",
    )
    m.lines[11] = Line(
        11, "rail", "Broad line", points=[roundel("PRU"), roundel("SAX")], gauge="broad"
    )
    nx, ny = roundel("NOR")
    px, py = roundel("PAR")
    m.lines[12] = Line(12, "river", "Sequana", points=[(nx, ny + 25), (px - 20, py + 30)])
    # convoy values per nation (§1.10)
    convoy = m.lines[1]
    convoy.values = {"UK": 4, "FRA": 2}

    # facilities with Global War types, levels and damage
    m.facilities.clear()
    for f in (
        Facility(1, z["WES"], "major_port", damage=2, serves=[z["3"]]),
        Facility(2, z["WES"], "major_factory"),
        Facility(3, z["PIE"], "minor_factory", damage=3),
        Facility(4, z["MID"], "air_base", level=2),
        Facility(5, z["NOR"], "minor_port", serves=[z["3"]]),
    ):
        m.facilities[f.id] = f

    # a rail crossing stored on a border (§12.10), broad gauge
    key = tuple(sorted((z["NOR"], z["BRI"])))
    m.borders[key] = Border(*key, rail_gauge="broad")
    # narrow crossings (§1.20)
    for a, b, limit in (("WES", "NOR", 2), ("CAL", "LOW", 1)):
        key = tuple(sorted((z[a], z[b])))
        m.borders[key] = Border(*key, crossing_limit=limit)
    return pack
